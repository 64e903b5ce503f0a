/* Checked builds (warpsim cc --check): the compiler calls the checker
 * before every load and store of the user's code (-fsanitize=thread's
 * instrumentation, check_tsan.c takes the calls), and the checker tells
 * memcheck's, racecheck's and initcheck's findings in CUDA's terms. Only
 * src/cuda/ includes this. docs/cuda-frontend.md, "Checking". */
#ifndef WARPSIM_CHECK_H
#define WARPSIM_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct wc_lane;
struct wc_block;
struct wc_warp;
struct wc_launch;
struct wc_diags;

/* The tools WARPSIM_CHECK picks (all by default), and the lockstep mode. */
enum {
    WC_CHECK_MEMCHECK = 1,
    WC_CHECK_RACECHECK = 2,
    WC_CHECK_INITCHECK = 4,
    WC_CHECK_SYNCCHECK = 8, /* the model's own diagnostics, counted in the summary */
    WC_CHECK_LOCKSTEP = 16,
    WC_CHECK_ON = 32        /* the program is checked */
};

/* What kind of access the compiler announced. */
enum {
    WC_ACCESS_WRITE = 1,
    WC_ACCESS_UNALIGNED = 2, /* the compiler knows it may be unaligned (a packed struct): no alignment check */
    WC_ACCESS_RANGE = 4,     /* a block copy (a struct's assignment): no initcheck, padding is not data */
    WC_ACCESS_ATOMIC = 8     /* an atomic function's (device.c): bounds only */
};

/* The alignment an access of `size` bytes needs to be valid: its size, but 8
 * for 16 bytes, as clang's instrumentation announces two 8-aligned doubles
 * copied together as one 16-byte access (a float4 at 8 mod 16 is not found). */
static inline size_t wc_check_alignment(size_t size) { return size > 8 ? 8 : size; }

/* 0 in an unchecked program; the tools otherwise (set before main runs). */
extern unsigned wc_check_tools;

/* check.c: the program is checked (the instrumented code's constructor). */
void wc_check_start(void);
/* A load or store of the running lane l, from the code at pc: wc_check_access (check_access.h). */

/* ---- what the block and the launch keep (check.c) ---- */
typedef struct wc_check_finding wc_check_finding;
typedef struct wc_check_hazard wc_check_hazard;
typedef struct wc_check_log {
    wc_check_finding *items;   /* the first WC_CHECK_KEEP of a block */
    size_t count, cap;
    unsigned long findings;    /* all of them, kept or not */
    wc_check_hazard *hazards;  /* racecheck's, one per pair of accesses */
    size_t hazard_count, hazard_cap;
} wc_check_log;

/* The block's part of the checker's state. */
typedef struct wc_shared_cell wc_shared_cell;
typedef struct wc_check_block {
    wc_shared_cell *cells; /* one per 4-byte word of the block's shared window */
    const char *window;
    size_t window_span;    /* the window and its guard page */
    uint32_t epoch;       /* changes at every barrier: accesses of another epoch are ordered */
    uint32_t generation;  /* the block's run on its OS thread: shared bytes it wrote carry it */
    bool faulted;         /* memcheck stopped a thread: the block fails at its end */
    struct {              /* the first thread it stopped, for the launch's error */
        unsigned thread[3];
        bool shared, write;
        size_t size;
        void *pc;
    } fault;
    wc_check_log log;
} wc_check_block;

/* The cells of an OS thread's shared window of `bytes` (check_shared.c). */
wc_shared_cell *wc_check_cells_map(size_t bytes);
/* A block starts on this OS thread, and its barrier completes. */
void wc_check_block_start(struct wc_block *b);
void wc_check_barrier(struct wc_block *b);
/* At the block's end (its shared window as it left it): a thread memcheck
 * stopped fails it; reads of shared bytes written later are races only. */
void wc_check_block_end(struct wc_block *b);
/* The lanes `lanes` of warp wp completed a collective together: they are ordered. */
void wc_check_warp_synced(struct wc_warp *wp, uint64_t lanes);
/* The warp's ordering starts afresh for a block. */
void wc_check_warp_restart(struct wc_warp *wp);
/* The finished block's log goes to `into` (the launch's leftover). */
void wc_check_log_move(wc_check_log *into, wc_check_log *from);
void wc_check_log_free(wc_check_log *log);
/* At a launch's end, the blocks' logs in block order: printed, counted. */
void wc_check_launch_report(const char *kernel, wc_check_log *log, const struct wc_diags *diags);

/* ---- check_global.c: device allocations in their own arena ---- */
/* 1 TiB of addresses, mapped as allocations need them, with a state per
 * byte: freed ones are never given again, so this is what a checked program
 * can allocate in its life (a freed allocation's pages go back to the system). */
#define WC_CHECK_ARENA_BYTES ((size_t)1 << 40)
enum { WC_STATE_NONE = 0, WC_STATE_UNWRITTEN = 1, WC_STATE_WRITTEN = 2 };
extern char *wc_check_arena;
extern unsigned char *wc_check_states;
extern size_t wc_check_mapped;
void *wc_check_alloc(size_t size, bool initialized);
void wc_check_release(void *p, size_t size);
/* 0 valid and written, 1 valid but never written, -1 outside every live allocation. */
int wc_check_global_state(const void *addr, size_t size, bool *in_arena);
void wc_check_global_written(const void *addr, size_t size);
/* compute-sanitizer's words for addr against the allocation [start, start + size). */
void wc_check_format_nearest(uintptr_t addr, uintptr_t start, size_t size, char *buf, size_t buf_size);
/* "and is 1 bytes after the nearest allocation at 0x... of size 1,024 bytes", or "". */
void wc_check_nearest(const void *addr, size_t size, char *buf, size_t buf_size);

/* ---- check_shared.c: the block's shared window ---- */
/* Checks an access to this OS thread's shared window (or its guard):
 * returns false when it is outside the block's shared memory. */
bool wc_check_shared_access(struct wc_lane *l, const void *addr, size_t size, unsigned kind, void *pc);
/* Whether the block wrote every byte of [addr, addr + size) of its window. */
bool wc_check_shared_written(const struct wc_block *b, const void *addr, size_t size);
/* The shared address the GPU would show for addr (0x400 past the reserved part). */
uintptr_t wc_check_shared_address(const struct wc_block *b, const void *addr);

/* ---- check.c: findings ---- */
typedef enum {
    WC_FIND_OUT_OF_BOUNDS,
    WC_FIND_MISALIGNED,
    WC_FIND_UNINITIALIZED
} wc_find_kind;
void wc_check_note(struct wc_lane *l, wc_find_kind what, bool shared, const void *addr, size_t size,
                   unsigned kind, void *pc);
/* A racecheck hazard between the access now (kind, pc) and an earlier one. */
void wc_check_hazard_note(struct wc_block *b, bool error, bool now_write, void *now_pc, bool then_write,
                          void *then_pc);
/* The running lane stops before an access memcheck refused; does not return. */
_Noreturn void wc_check_stop_lane(struct wc_lane *l);

#endif
