/* Internal structures of a warp. Only src/ includes this. */
#ifndef WARPSIM_WARP_INTERNAL_H
#define WARPSIM_WARP_INTERNAL_H

#include <stdarg.h>

#include "warpsim/warpsim.h"

#define WS_MAX_LANES 64

/* ---- profile.c: the rules that differ between vendors, as a table ---- */
struct ws_arrival;

typedef struct ws_profile {
    ws_profile_id id;
    const char *name;
    int lanes;
    bool rendezvous;          /* _sync collectives wait for the named lanes (Volta+) */
    bool has_ptx;             /* raw shfl.sync with c and a predicate */
    bool hi_word_first;       /* 64-bit shuffles move the high word first (CUDA) */
    bool mask_is_exec_check;  /* HIP: the mask is only checked against EXEC */
    bool match_by_value;      /* HIP: match compares with == on the type */
    bool all_needs_whole_mask;/* HIP: __all_sync is (ballot & m) == m */
    bool has_uni;             /* __uni_sync exists */
    bool wide_redux;          /* __reduce_*_sync on 64-bit integers */
    bool set_by_mask_value;   /* vote/match/redux combine the lanes that executed with the same
                                 mask value (sm90, measured) rather than mask bits & active (HIP) */
    uint32_t inactive_read;   /* the word a read of a non-participating lane yields */
    /* For each lane of `group`, the lane it reads and the predicate, from
     * the operands of its arrival (shfl_formula.c). one_call: the group is
     * one call with its operands in the descriptor, and only the arrival of
     * the group's lowest lane need be recorded. */
    void (*shfl_sources)(const struct ws_profile *p, const struct ws_arrival *arrivals, ws_mask group,
                         bool one_call, int source[WS_MAX_LANES], uint32_t pred[WS_MAX_LANES]);
} ws_profile;

struct ws_arrival;
void ws_nvidia_shfl_sources(const ws_profile *p, const struct ws_arrival *arrivals, ws_mask group, bool one_call,
                            int source[WS_MAX_LANES], uint32_t pred[WS_MAX_LANES]);
void ws_hip_shfl_sources(const ws_profile *p, const struct ws_arrival *arrivals, ws_mask group, bool one_call,
                         int source[WS_MAX_LANES], uint32_t pred[WS_MAX_LANES]);

const ws_profile *ws_profile_get(ws_profile_id id);

/* ---- An arrival at a collective: the operands one lane brought ---- */
typedef struct ws_arrival { /* ordered to fill one 64-byte line: copied per lane per call */
    ws_mask mask;
    uint64_t value;
    uint64_t first_word;  /* the first word moved, already in place */
    uint64_t call;        /* which ws_collective call it arrived through */
    ws_coll_kind kind;
    ws_type type;      /* the src register's type */
    uint32_t b;
    int32_t width;
    uint32_t c;
    ws_reg dst, pred_dst;
    bool wide;         /* type is 64-bit (kept here: tested per lane on every shuffle) */
    bool ptx;
    /* A 64-bit shuffle is two 32-bit shfl.sync in a row (semantics.md 1.4), each a
     * rendezvous of its own: after the first word it waits again. */
    bool second_word;
} ws_arrival;

typedef enum { WS_FRAME_IF, WS_FRAME_LOOP } ws_frame_kind;

typedef struct ws_frame {
    ws_frame_kind kind;
    ws_mask entry;      /* lanes active when the if/loop was entered */
    ws_mask else_lanes; /* if: lanes that did not take the branch */
    bool in_else;
} ws_frame;

struct ws_warp {
    const ws_profile *profile;
    int lanes;
    ws_mask all;      /* the low `lanes` bits */
    ws_mask present;  /* not absent */
    ws_mask exited;
    ws_mask active;   /* never includes exited or absent lanes */
    ws_mask waiting;  /* lanes with a pending arrival */
    bool deadlocked;
    ws_frame stack[WS_MAX_NESTING];
    int depth;

    int reg_count, reg_capacity;
    uint64_t *cells;  /* cells[(reg - 1) * WS_MAX_LANES + lane] */
    char **reg_names;
    ws_type *reg_types;

    ws_arrival arrivals[WS_MAX_LANES];
    uint64_t calls;   /* ws_collective calls so far: numbers the arrivals */
    bool last_call_from_desc; /* the latest call's operands all came from its descriptor */

    /* The latest shuffle, for ws_last_shuffle_reads (which classifies the
     * reads only when asked: most shuffles are never looked at). */
    ws_mask last_group, last_bad;
    /* Two sets: a whole call (ws_shfl_whole_call) computes its sources in
     * the other set and takes it only when it executes, which spares it a
     * copy and leaves the reads as they were when it declines. */
    int last_set;
    int last_source[2][WS_MAX_LANES];
    uint32_t last_pred[2][WS_MAX_LANES];
    uint64_t shuffles_executed;

    ws_diag_policy policy;
    ws_diag *diags;
    size_t diag_count, diag_capacity, diag_dropped;

    char error[600];
};

/* What a register of type t stores for a value: 32-bit types keep the low word. */
static inline uint64_t ws_narrow(ws_type t, uint64_t v) { return ws_type_is_64bit(t) ? v : (uint32_t)v; }
static inline uint64_t *ws_cell(ws_warp *w, ws_reg reg, int lane)
{
    return &w->cells[(size_t)(reg.id - 1) * WS_MAX_LANES + (size_t)lane];
}
/* A lane's value as its register's type sees it: 32-bit types use only
 * the low word, whatever a raw ws_set_bits put in the high word. */
static inline uint64_t ws_typed_value(ws_warp *w, ws_reg reg, int lane)
{
    return ws_narrow(w->reg_types[reg.id - 1], *ws_cell(w, reg, lane));
}
static inline bool ws_lane_in(ws_mask m, int lane) { return (m >> lane) & 1u; }
static inline ws_mask ws_bit(int lane) { return (ws_mask)1 << lane; }
/* The lowest lane of a non-empty mask. */
static inline int ws_lowest_lane(ws_mask m) { return __builtin_ctzll(m); }
static inline ws_mask ws_live(const ws_warp *w) { return w->present & ~w->exited; }
/* Lanes that execute the next statement. */
static inline ws_mask ws_executing(const ws_warp *w) { return w->active & ~w->waiting; }

/* ---- warp.c helpers ---- */
/* Records the message for ws_warp_error and returns status. */
ws_status ws_fail(ws_warp *w, ws_status status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Inline: every collective checks several registers. */
static inline bool ws_reg_valid(const ws_warp *w, ws_reg reg) { return w && reg.id >= 1 && reg.id <= w->reg_count; }

/* Every statement starts here. A deadlocked warp runs nothing. A statement
 * that executes in lanes (anything but else / end if / end loop) cannot
 * run while active lanes still wait in a collective: the warp-level API
 * runs one statement for all lanes, and a waiting lane cannot take part. */
typedef enum { WS_STMT_EXECUTES, WS_STMT_STRUCTURAL } ws_stmt_kind;
ws_status ws_begin_statement(ws_warp *w, const char *func, ws_stmt_kind kind);
/* Validates a register argument; on failure records "<what>: ..." and returns false. */
bool ws_reg_missing(ws_warp *w, ws_reg reg, const char *func, const char *what);
static inline bool ws_check_reg(ws_warp *w, ws_reg reg, const char *func, const char *what)
{
    return ws_reg_valid(w, reg) || ws_reg_missing(w, reg, func, what);
}
/* The type of a register known to exist. */
static inline ws_type ws_valid_reg_type(const ws_warp *w, ws_reg reg) { return w->reg_types[reg.id - 1]; }
/* A condition register must exist and hold an integer type (a float's
 * bits are not its truth: -0.0 and NaN would count as true). */
bool ws_check_cond(ws_warp *w, ws_reg reg, const char *func);
static inline bool ws_type_is_float(ws_type t) { return t == WS_F32 || t == WS_F64; }

/* ---- diag.c: diagnostics raised during one operation, committed at its end ---- */
#define WS_DIAG_BATCH_MAX 16
typedef struct ws_diag_batch {
    ws_diag items[WS_DIAG_BATCH_MAX];
    int count;
} ws_diag_batch;

void ws_diag_raise(ws_diag_batch *batch, ws_diag_code code, const char *op, ws_mask lanes,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Stores the batch in the warp (unless ignored). Returns true when the
 * policy is WS_DIAG_POLICY_ERROR and the batch is not empty: the operation
 * must then fail with WS_ERR_UNDEFINED and write nothing. */
bool ws_diag_commit(ws_warp *w, const ws_diag_batch *batch);
/* Stores one diagnostic whatever the policy (a deadlock is always reported). */
void ws_diag_record(ws_warp *w, const ws_diag *diag);

/* ---- crossbar.c: the only code that moves data between lanes ---- */
#define WS_NO_SOURCE (-1)
/* For every destination lane d in `readers`: out[d] = in[source[d]] when
 * source[d] is in `participants`, else the profile's inactive-read word;
 * out[d] is left as it is when source[d] is WS_NO_SOURCE.
 * All reads happen before any write (in and out never alias). Returns the
 * readers whose source did not take part. */
/* out[d] = in[source[d]] & keep for every d in `readers`, whose sources
 * all take part (the caller has checked). in and out do not alias. */
void ws_crossbar_gather64(ws_mask readers, const int source[WS_MAX_LANES], const uint64_t *in, uint64_t keep,
                          uint64_t *out);
ws_mask ws_crossbar_move32(const ws_profile *p, ws_mask readers, ws_mask participants,
                           const int source[WS_MAX_LANES], const uint32_t in[WS_MAX_LANES],
                           uint32_t out[WS_MAX_LANES]);

/* ---- The execution of a completed collective, one function per family ---- */
typedef struct ws_exec {
    ws_warp *w;
    ws_mask group;                 /* lanes that arrived and execute together */
    const ws_arrival *arrivals;    /* indexed by lane */
    uint64_t result[WS_MAX_LANES]; /* written to each lane's dst */
    uint32_t pred[WS_MAX_LANES];   /* written to each lane's pred_dst */
    ws_mask again;                 /* lanes that stay waiting for a second word */
    bool one_call;                 /* the group is one call whose operands all came from its
                                      descriptor: every arrival alike but for the value */
    ws_diag_batch diags;
} ws_exec;

ws_status ws_exec_shfl(ws_exec *x);   /* shfl.c */
/* shfl.c: the usual shuffle, a whole call that the rendezvous would
 * complete at once with nothing undefined in it (collectives.c decides),
 * executed without per-lane arrivals: in[] (the source register's cells,
 * or a front end's values) to out[] (may be in). Returns false, having
 * written nothing, when some lane would read a lane outside `callers`:
 * the general path then runs it and reports the read. */
bool ws_shfl_whole_call(ws_warp *w, const ws_arrival *call, ws_mask callers, const uint64_t *in, uint64_t *out);
ws_status ws_exec_vote(ws_exec *x);   /* vote.c */
ws_status ws_exec_match(ws_exec *x);  /* match.c */
ws_status ws_exec_redux(ws_exec *x);  /* redux.c */

/* The lanes whose values a vote, match or reduce combines for `lane`. */
ws_mask ws_exec_set(const ws_exec *x, int lane);

/* Classifies lanes that did not take part, for messages: "absent", "exited", "inactive". */
void ws_raise_bad_reads(ws_exec *x, const char *op, ws_mask readers_bad,
                        const int source[WS_MAX_LANES]);

/* rendezvous.c: the warp can never go on (a deadlock, or a HIP loop that
 * never ends): records the diagnostic whatever the policy, stops the warp,
 * and returns WS_ERR_DEADLOCK. */
ws_status ws_warp_hangs(ws_warp *w, const ws_diag *diag);
/* rendezvous.c: executes every waiting group that is complete, then
 * checks for a deadlock. Returns WS_PENDING if some of `callers` still
 * wait. Called after each arrival and after an exit. */
ws_status ws_rendezvous_settle(ws_warp *w, ws_mask callers);
/* The lanes `callers` (their arrivals recorded) arrive at a collective. */
ws_status ws_rendezvous_arrive(ws_warp *w, ws_mask callers);
/* Executes `group` (lanes of one kind whose arrivals are recorded) at once:
 * the wave profiles, which have no rendezvous. */
ws_status ws_rendezvous_execute_now(ws_warp *w, ws_mask group);

#endif
