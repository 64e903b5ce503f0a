/* The CUDA front end's internals: lanes as fibers, warps on the model, a
 * block's scheduler, the launch. Only src/cuda/ includes this. */
#ifndef WARPSIM_CUDA_INTERNAL_H
#define WARPSIM_CUDA_INTERNAL_H

#define WARPSIM_CUDA_NO_DEVICE_NAMES
#include <pthread.h>
#include <setjmp.h>

#include "check.h"
#include "fiber.h"
#include "warpsim/cuda.h"
#include "warpsim/gpumath.h"
#include "warpsim/cuda_trace.h"
#include "warpsim/warpsim.h"

#define WC_WARP 32
/* The barrier kinds of a lane at WC_AT_BARRIER (its call's b): __syncthreads
 * (0), _count (1), _and (2), _or (3), and Cooperative Groups' grid.sync(). */
#define WC_BAR_GRID 4
#define WC_MAX_THREADS WS_CUDA_MAX_BLOCK_THREADS

typedef enum wc_state {
    WC_RUNNABLE,   /* will run when the scheduler gets to it */
    WC_AT_SITE,    /* stopped at a collective or __activemask, not yet handed to the model */
    WC_IN_MODEL,   /* arrived at a collective the model has not completed */
    WC_AT_BARRIER, /* waits in __syncthreads */
    WC_PAUSED,     /* paused while it spun (preempt.c): runs again after the block's other warps */
    WC_STEPPED,    /* stopped before a shared access in lockstep (check_shared.c): runs again with its warp */
    WC_DONE,       /* returned from the kernel */
    WC_STATE_COUNT
} wc_state;

/* What a lane brought to the sync point where it stopped (its value
 * waits in its warp's value[]). Packed as ws_cuda_sync_ receives it, so
 * that comparing two lanes' calls is four compares. */
typedef struct wc_call {
    uint64_t site;    /* ws_cuda_call_(_at_): the line, the call's order on it, the op (a ws_coll_kind or WS_CUDA_OP_*) and the type */
    const char *file;
    uint64_t args;    /* ws_cuda_args_: the lane argument b and the width */
    uint32_t mask;
} wc_call;

static inline int wc_call_op(const wc_call *c) { return (int)((c->site >> 8) & 0xff); }
static inline ws_type wc_call_type(const wc_call *c) { return (ws_type)(c->site & 0xff); }
static inline int wc_call_line(const wc_call *c) { return (int)(uint32_t)(c->site >> 32); }
static inline int32_t wc_call_b(const wc_call *c) { return (int32_t)(uint32_t)c->args; }
static inline int32_t wc_call_width(const wc_call *c) { return (int32_t)(uint32_t)(c->args >> 32); }
/* The same call with the same operands (the value aside). */
static inline bool wc_same_call(const wc_call *a, const wc_call *c)
{
    return a->site == c->site && a->file == c->file && a->args == c->args && a->mask == c->mask;
}

struct wc_block;

struct wc_warp;

typedef struct wc_lane {
    ws_cuda_thread_ctx ctx; /* first: ws_cuda_ctx_ points here */
    struct wc_block *block;
    struct wc_warp *wp;
    int warp, lane;
    ws_mask bit;            /* 1 << lane */
    wc_call call;
    wc_fiber *fiber;
    /* Where it switches when it stops: the next lane of its warp's chain
     * (wc_next_fiber), or the scheduler (next_ctx NULL). */
    const ws_cuda_thread_ctx *next_ctx;
    wc_fiber *next_fiber;
    volatile int in_runtime; /* in the front end's code, or stopped: not to be paused (preempt.c) */
    int check_quiet;         /* in warpsim's own exchanges: the checker leaves it alone (check.c) */
    uint32_t check_clock;    /* its place in its warp's order (check_shared.c: its vector clock entry) */
} wc_lane;

/* A warp: its lanes' operands travel through these model registers. */
typedef struct wc_warp {
    ws_warp *model;
    ws_mask in[WC_STATE_COUNT]; /* the lanes in each state: the scheduler works on these */
    wc_lane *lanes;             /* its lanes: lanes[0..31] (fewer in a partial warp) */
    ws_mask present;
    ws_mask exited;  /* lanes whose end the model has been told of */
    ws_mask chain;   /* the runnable lanes the lanes' next_* link, in lane order */
    ws_reg src[WS_TYPE_COUNT], dst[WS_TYPE_COUNT], pred, mask, b, width;
    size_t diags_seen;
    /* What the lanes leave here as they stop at a site (ws_cuda_sync_), so
     * that the scheduler visits no lane in the usual case: every lane at
     * one call with the same operands. Cleared when no lane is at a site. */
    const wc_call *site;         /* the call of the first lane that stopped at a site */
    bool sites_differ;           /* some lane stopped at another call */
    bool operands_differ;        /* ... or at the same call with another mask, lane argument or width */
    ws_mask odd_nan;             /* lanes that brought an f32 NaN other than the H200's */
    uint64_t value[WC_WARP];     /* each lane's operand (also a barrier's predicate) */
    /* What each lane gets back when it runs again (__match_all_sync's
     * predicate in bit 32). */
    uint64_t result[WC_WARP];
    uint32_t *check_vc; /* a checked program's order of the lanes (check_shared.c) */
} wc_warp;

typedef struct wc_launch wc_launch;
struct wc_leftover;

/* An f32 NaN whose payload an H200 never makes (it gives 0x7FFFFFFF). */
static inline bool wc_is_odd_f32_nan(ws_type t, uint64_t v)
{
    uint32_t bits = (uint32_t)v;
    return t == WS_F32 && (bits & 0x7fffffffu) > 0x7f800000u && bits != WS_F32_CANONICAL_NAN;
}

/* A lane's state lives in its warp's masks only: the scheduler works on
 * whole warps at once (a collective moves 32 lanes in one step). */
static inline void wc_move_lanes(wc_warp *wp, ws_mask lanes, wc_state to)
{
    for (int s = 0; s < WC_STATE_COUNT; s++)
        wp->in[s] &= ~lanes;
    wp->in[to] |= lanes;
}

static inline void wc_set_state(wc_lane *l, wc_state to) { wc_move_lanes(l->wp, l->bit, to); }

/* The running lane stops. The scheduler runs a warp's runnable lanes as
 * one chain, in lane order, each stopping lane switching to the next
 * (wc_next_fiber), so a lane of the chain stays in in[WC_RUNNABLE] until
 * the chain ends, when the scheduler empties it: every lane has stopped. */
static inline void wc_stop(wc_lane *l, wc_state to) { l->wp->in[to] |= l->bit; }

static inline wc_state wc_lane_state(const wc_lane *l)
{
    for (int s = 0; s < WC_STATE_COUNT; s++)
        if (l->wp->in[s] & l->bit)
            return (wc_state)s;
    return WC_DONE; /* not reached: every present lane is in one state */
}

typedef struct wc_diags {
    ws_cuda_diag *items;
    size_t count, capacity;
} wc_diags;

/* A __shared__ variable's place: `offset` bytes below the top of the
 * block's static variables (shared.c). */
typedef struct wc_shared_item {
    const ws_cuda_shared_site *site;
    size_t offset;
} wc_shared_item;

/* The H200 gives a block at most 48 KiB of static __shared__ variables
 * (ptxas refuses more) and 227 KiB in all: the window has room for both. */
#define WC_SHARED_MAX_STATIC ((size_t)48 * 1024)
#define WC_SHARED_WINDOW WS_CUDA_SHARED_WINDOW
#define WC_SPIN_SAMPLES 16 /* ticks the watchdog samples a quiet block's thread before it decides */

/* What a trap left for the block to report (trap.c). */
typedef struct wc_trap_info {
    int sig, code;
    void *addr, *pc;
    wc_lane *lane;
} wc_trap_info;

/* An integer division the GPU completes and the CPU trapped on (trap.c). */
typedef struct wc_division {
    void *pc;
    int warp;
    ws_mask lanes;
} wc_division;
#define WC_DIVISION_SITES 16

/* A cast of a float to an integer type that cannot hold it (floatcast.c). */
typedef struct wc_cast_site {
    const void *site;   /* the compiler's check data: the line, the types */
    int warp;
    ws_mask lanes;
    unsigned met, exact; /* times met; times this run's value was the GPU's */
} wc_cast_site;
#define WC_CAST_SITES 16

typedef struct wc_block {
    const wc_launch *launch;
    size_t linear;         /* linear block index */
    ws_cuda_uint3 idx;
    int threads, warps;
    wc_lane *lanes;        /* [threads] */
    wc_warp *warp;         /* [warps] */
    wc_fiber host;         /* the scheduler's context on the OS thread */
    void *dynamic_shared;
    struct {
        char *top;               /* the static variables lie below, the dynamic array above */
        char *low;               /* the lowest byte in use */
        wc_shared_item *extra;   /* variables block 0 never reached */
        size_t extra_count, extra_cap;
    } shared;
    bool has_turn;         /* may run atomics (every lower block is done) */
    ws_status status;
    char error[400];
    wc_diags diags;
    char *out;             /* device printf output, at most the launch's printf_bytes */
    size_t out_len, out_cap;
    size_t out_made;       /* bytes the block's printf calls made, kept or not */
    ws_cuda_fault fault;   /* how the launch failed, as the GPU says it */
    bool asserted;         /* a thread failed an assert (assert.c): the block fails when it ends */
    bool at_grid;          /* suspended at grid.sync() until every block is there (coop.c) */
    const wc_call *bar_first; /* the first call that waits at the barrier now (device.c) */
    bool bar_mixed;        /* ... and another thread waits at another call or kind */
    uint64_t clock;        /* clock64(): counts the block's reads, so it is the same for any thread count */
    char assert_first[200]; /* the first: "thread (x,y,z) at file:line" */
    unsigned long progress; /* call sites run, barriers released, threads ended (read by preempt.c) */
    volatile bool hung;    /* no progress for WARPSIM_HANG_SECONDS: the spinning thread is stopped */
    /* The watchdog's look at a quiet block (preempt.c): the states its
     * handler sampled in a round, with the thread each was of. A thread
     * sampled twice or more with every state different computes. */
    struct {
        int round;          /* the round asked for (the watchdog's; 0: none) */
        int round_seen;     /* the round the samples belong to (the handler's) */
        int count;
        uint64_t state[WC_SPIN_SAMPLES];
        const struct wc_lane *lane[WC_SPIN_SAMPLES];
    } spin;
    wc_trap_info trap;
    struct {
        wc_division at[WC_DIVISION_SITES];
        int count;
    } divisions;
    struct {
        wc_cast_site at[WC_CAST_SITES];
        int count;
    } casts;
    uint32_t trace_warps;  /* the warps WARPSIM_TRACE records (trace.c); 0 in the usual case */
    ws_cuda_trace trace;   /* their steps so far */
    wc_check_block check;  /* a checked program's findings and ordering (check.c) */
    sigjmp_buf trap_jump;  /* trap.c jumps back here */
} wc_block;

/* What the watchdog knows of one OS thread of a launch (preempt.c). */
typedef struct wc_slot {
    pthread_mutex_t lock;
    pthread_t thread;
    struct wc_block *block; /* running now, or NULL */
    unsigned long seen;
    double since;       /* its last progress, or the last round that found it computing */
    double quiet_since; /* its last progress */
    int quiet_ticks;
    int sampled_ticks;  /* ticks into a round of sampling (0: none) */
    int rounds;
} wc_slot;

struct wc_launch {
    ws_cuda_launch_desc desc;
    const char *name;
    void (*kernel)(void *);
    void *args;
    size_t blocks, threads;
    /* Atomics run one block at a time, in block order. */
    pthread_mutex_t lock;
    pthread_cond_t moved;
    unsigned char *finished;  /* [blocks] */
    size_t frontier;          /* every block below it has finished */
    size_t first_failed;      /* the lowest block that failed (SIZE_MAX: none): later blocks do not run */
    struct wc_leftover **left; /* what each finished block left for the end of the launch */
    size_t out_kept;          /* printf bytes the finished blocks still hold */
    size_t out_low;           /* blocks below this one hold none (drop_old_output) */
    struct {                  /* the static __shared__ variables, as block 0 placed them */
        wc_shared_item *items;
        size_t count, cap, static_bytes;
        bool learnt;          /* block 0 has finished: the layout is fixed */
    } layout;
    struct {                  /* a cooperative launch's device printf output, phase by phase (coop.c) */
        char *text;
        size_t len, cap;
    } coop_out;
    uintptr_t user_lo, user_hi; /* the user's code: where a spinning thread may be paused */
    wc_slot *slots;
    int slot_count;
    pthread_t watcher;
    bool watcher_running;
    int watch_stop;            /* under watch_lock; watch_wake ends the watchdog's tick early */
    pthread_mutex_t watch_lock;
    pthread_cond_t watch_wake;
    bool trace_on;             /* WARPSIM_TRACE records this launch (trace.c) */
    unsigned trace_launch;     /* the program's launches counted from 1 */
    const char *trace_name;    /* the kernel's name, kept for the trace */
};

/* Block `linear`'s blockIdx (x fastest). */
static inline ws_cuda_uint3 wc_block_index(const ws_cuda_launch_desc *d, size_t linear)
{
    return (ws_cuda_uint3){(unsigned)(linear % d->grid.x), (unsigned)(linear / d->grid.x % d->grid.y),
                           (unsigned)(linear / ((size_t)d->grid.x * d->grid.y))};
}

/* ---- block.c ---- */
/* The model warps of one OS thread for a launch (count warps of a block
 * of `threads`), kept from block to block. */
bool wc_warps_create(wc_warp *warps, int count, int threads, ws_diag_policy policy);
void wc_warps_destroy(wc_warp *warps, int count);
/* Runs one block to its end on the calling OS thread. fibers: threads of them,
 * mapped with the launch's stack size. Sets b->status and b->error. */
void wc_block_run(wc_block *b, wc_fiber *fibers);
/* The two halves of wc_block_run: wc_block_start prepares the block's
 * threads on `fibers`; wc_block_continue runs them, and in a cooperative
 * launch returns true when every live thread waits at grid.sync() (the
 * block is suspended; calling it again, on the same OS thread with the
 * fibers' stacks as they were, completes the barrier and goes on). */
void wc_block_start(wc_block *b, wc_fiber *fibers);
/* The block fails with status s and msg, unless it has failed already. */
void wc_block_fail(wc_block *b, ws_status s, const char *msg);
bool wc_block_continue(wc_block *b);

/* The lane running now on this OS thread (NULL in the scheduler). */
/* The lane's kernel has returned (or the lane ends as if it had): it stops for good. */
_Noreturn void wc_lane_exit(wc_lane *l);

static inline wc_lane *wc_current_lane(void) { return (wc_lane *)(uintptr_t)ws_cuda_ctx_; }

/* Where a stopping lane switches to: the next runnable lane of its warp
 * (one switch per lane, not two), or the scheduler after the last one.
 * The scheduler links the chain when it starts it (block.c, resume). */
static inline wc_fiber *wc_next_fiber(wc_lane *l)
{
    ws_cuda_ctx_ = l->next_ctx;
    return l->next_fiber;
}

/* ---- device.c ---- */
/* Appends a line of device printf output to the block's buffer. */
bool wc_block_print(wc_block *b, const char *text);

/* ---- diags.c ---- */
void wc_diag_add(wc_block *b, ws_diag_code code, int warp, ws_mask lanes, const char *where,
                 const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* "file.cu:12 (lanes 0-15); file.cu:20 (lanes 16-31)" for the lanes of a warp. */
void wc_describe_sites(const wc_block *b, int warp, ws_mask lanes, char *buf, size_t size);
/* Moves a block's diagnostics into the launch's list, merging repeats. */
bool wc_diags_merge(wc_diags *into, wc_diags *from);
void wc_diags_free(wc_diags *d);

/* ---- launch.c ---- */
void wc_atomic_wait_turn(wc_block *b);
/* Block `linear` has finished (in a cooperative launch: this phase). */
void wc_launch_block_done(wc_launch *L, size_t linear);
/* Block `linear` failed: later blocks do not start. */
void wc_launch_note_failed(wc_launch *L, size_t linear);
/* What the ended block b leaves for the end of the launch goes to left[b->linear]. */
void wc_launch_keep(wc_launch *L, wc_block *b, struct wc_leftover **left);
/* Per OS thread: `threads` fibers with the launch's stacks, kept from launch to launch. */
wc_fiber *wc_launch_fibers(int threads, size_t stack_bytes);

/* ---- coop.c ---- */
/* Runs a cooperative launch's blocks, all resident at once (grid.sync()):
 * the launch's phases, from block 0's first. */
void wc_coop_run(wc_launch *L, struct wc_leftover **left);
/* Whether the process has made a cooperative launch (this_grid().is_valid()). */
bool wc_coop_made_one(void);

/* ---- trace_vars.c: the grammar of WARPSIM_TRACE's variables ---- */
#define WC_TRACE_MAX_PICKS 64
typedef struct wc_trace_pick {
    long long block; /* linear block index; -1: any */
    int warp;        /* -1: any */
} wc_trace_pick;
/* Each false with a one-line reason in why. */
bool wc_trace_parse_spec(const char *v, char format[8], const char **path, char *why, size_t why_size);
bool wc_trace_parse_warps(const char *v, wc_trace_pick *picks, int *n, char *why, size_t why_size);
bool wc_trace_parse_cost(const char *v, bool *cost, char *why, size_t why_size);

/* ---- trace.c: WARPSIM_TRACE ---- */
/* Reads the variables at the first launch; whether this launch is traced. */
void wc_trace_launch_begin(wc_launch *L);
/* The warps of block `block` to record (bit w: warp w). */
uint32_t wc_trace_warps(const wc_launch *L, size_t block, int warps);
/* Warp w's lanes `lanes` completed a call (c: the lowest lane's; in the
 * two-branch exchange the others' may be at another line) and hold their
 * results; the model's diagnostics from diags_before on were raised by it. */
void wc_trace_site(wc_block *b, int w, const wc_call *c, ws_mask lanes, size_t diags_before);
/* A barrier released warp w's lanes `at` (kind: its call's b); diags: what
 * it reported, or NULL, the first with diagnostic code `code`. */
void wc_trace_barrier(wc_block *b, int w, ws_mask at, int kind, const char *diags, int code);
/* A block's steps go to the program's trace (in block order), or are freed. */
void wc_trace_append(ws_cuda_trace *from);
void wc_trace_free(ws_cuda_trace *t);

/* ---- alloc.c ---- */
/* "2 bytes into a 64-byte cudaMalloc allocation", or the address. */
void wc_alloc_describe(const void *p, char *buf, size_t size);

/* ---- shared.c ---- */
/* Maps this OS thread's shared-memory window and its guard (once). */
bool wc_shared_prepare_thread(void);
bool wc_shared_in_guard(const void *addr);
/* This OS thread's window, and its checker's cells (NULL in an unchecked program). */
char *wc_shared_window(void);
wc_shared_cell *wc_shared_cells(void);
/* Whether addr lies in this OS thread's window: the running block's own shared memory. */
bool wc_shared_holds(const void *addr);
size_t wc_shared_past_end(const void *addr);
/* Places the window for block b (zero from the last block's end). */
void wc_shared_block_start(wc_block *b);
/* Zeroes what block b used. */
void wc_shared_block_end(wc_block *b);
/* A block suspended at grid.sync(): what it holds of the window, copied
 * out (the window then zero for the next block), and back (the copy freed). */
char *wc_shared_save(wc_block *b);
void wc_shared_restore(wc_block *b, char *saved);

/* ---- preempt.c ---- */
/* The watchdog of a launch with `slots` OS threads, and SIGURG's handler. */
bool wc_preempt_start(wc_launch *L, int slots);
void wc_preempt_stop(wc_launch *L);
/* Where the user's code is: the object that holds `code` (the kernel's entry). */
void wc_preempt_user_code(wc_launch *L, const void *code);
/* OS thread `slot` runs block b now (NULL: none). */
void wc_preempt_enter(wc_launch *L, int slot, struct wc_block *b);
/* device.c: the running lane l pauses; it returns when the scheduler resumes it. */
void wc_lane_pause(wc_lane *l);
/* device.c: the running lane l stops until every runnable lane of its warp has stopped. */
void wc_lane_step(wc_lane *l);
/* One more step of progress for the watchdog. */
static inline void wc_progress(struct wc_block *b);

/* ---- trap.c ---- */
/* Turns b->trap into the block's diagnostic and error. */
void wc_trap_report(wc_block *b);
/* The block's divisions by zero as diagnostics (at its end). */
void wc_trap_report_divisions(wc_block *b);
/* The running lane l fails its launch as the GPU would (fault), at where
 * ("file:line"); the block ends. Does not return. */
_Noreturn void wc_lane_fault(wc_lane *l, ws_cuda_fault fault, const char *where, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The trap handlers are installed for the duration of a launch. */
void wc_trap_install(void);
void wc_trap_uninstall(void);
/* Gives this OS thread a signal stack (once). */
bool wc_trap_prepare_thread(void);

static inline void wc_progress(wc_block *b)
{
    __atomic_store_n(&b->progress, b->progress + 1, __ATOMIC_RELAXED);
}

#endif
