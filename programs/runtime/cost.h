/* programs/runtime/cost.h: the cycle estimate of `warpsim run --cost` (issue 14).
 *
 * An ESTIMATE OF LATENCY ALONG THE DEPENDENCY CHAIN, for the sm90 profile
 * only, from latencies measured on an NVIDIA H200 with chains of dependent
 * operations (docs/probes/latency_probe.cu, its output
 * docs/probes/latency_probe.h200.txt, the table in
 * docs/probes/latency_probe.md). It is not a timing simulator: no issue
 * slots or dual issue, no contention for units or shared-memory banks, no
 * memory system (caches, global memory: global loads and stores count 0), no
 * other warps competing for the SM. Every latency and every assumption is in
 * the one table of cost.c.
 *
 * What it computes, per warp (one warp instruction reads a register of all
 * its lanes at once, so time is kept per warp register, not per lane):
 *
 *   - an operation starts when every register it reads is ready (for a
 *     shuffle: the source register, i.e. the values of every lane it reads),
 *     and, for a load, when the stores of the words it reads are visible;
 *     nothing starts before the warp's floor: the condition of a branch it
 *     is inside (an if or a loop test), or the end of the last __syncthreads();
 *     its result is ready its latency later. Independent operations overlap
 *     completely (as if any number of them could be issued at once).
 *   - __syncthreads() ends when the last warp of the block has arrived (all of
 *     its results so far ready, its stores visible) plus the barrier's own
 *     latency, measured for the block's size.
 *   - a step (one CUDA line) costs the longest chain of its own operations,
 *     with its inputs ready at its start: `v += __shfl_down_sync(FULL, v, 16)`
 *     on f32 is shfl 26 + add 4 = 30 cycles.
 *   - "done" after a step: the cycle at which every result of the warp's
 *     steps so far is ready, from the kernel's start at cycle 0; the warp's
 *     critical path is its last "done", the run's the largest of its warps'.
 *     The steps on the longest chain are marked as the critical path.
 */
#ifndef WARPSIM_PROGRAMS_COST_H
#define WARPSIM_PROGRAMS_COST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The latencies of the sm90 profile, in cycles. */
typedef enum wk_lat {
    WK_LAT_SHFL = 0,     /* shfl.sync, any mode; a 64-bit value is two independent SHFLs */
    WK_LAT_VOTE_BALLOT,  /* vote.sync.ballot from a predicate */
    WK_LAT_VOTE_ANY,     /* vote.sync.any/all, predicate to predicate */
    WK_LAT_MATCH_ALL,    /* match.all.sync */
    WK_LAT_REDUX,        /* redux.sync, its result moved to a lane register */
    WK_LAT_LD_SHARED,    /* ld.shared */
    WK_LAT_ST_SHARED,    /* st.shared: until a load of the word can read it */
    WK_LAT_SYNCWARP,     /* __syncwarp() in converged code */
    WK_LAT_F32_ADD,      /* add, sub, fma of f32 */
    WK_LAT_F64_ADD,      /* add, sub, fma of f64 */
    WK_LAT_I32_ADD,      /* add, sub of 32-bit integers */
    WK_LAT_I32_MAD,      /* mul, mad of 32-bit integers */
    WK_LAT_I32_LOGIC,    /* and, or, xor, shifts (LOP3, SHF) */
    WK_LAT_I32_OTHER,    /* setp, selp, min, max, popc of 32-bit values */
    WK_LAT_F32_OTHER,    /* setp, min, max of f32 */
    WK_LAT_F64_OTHER,    /* setp, min, max of f64 */
    WK_LAT_MOVE,         /* mov, immediates, %laneid */
    WK_LAT_GLOBAL,       /* ld/st of global memory (the input, the outputs) */
    WK_LAT_BRANCH,       /* if, else, loops, exit */
    WK_LAT_COUNT
} wk_lat;

/* One row of the table. */
typedef struct wk_latency {
    const char *name;   /* "shfl" */
    unsigned cycles;
    const char *kind;   /* "measured", "derived" (from measured rows) or "assumed" (not measured) */
    const char *source; /* the rows of latency_probe.h200.txt it comes from, or the assumption */
} wk_latency;

extern const wk_latency wk_latencies[WK_LAT_COUNT];

/* An arithmetic operation on a register type. */
typedef enum wk_arith {
    WK_AR_ADD = 0, /* add, sub (floats: also mul and fma) */
    WK_AR_MUL,     /* integer mul, mad */
    WK_AR_LOGIC,   /* and, or, xor, shifts */
    WK_AR_OTHER,   /* setp, min, max, popc */
    WK_AR_SELECT,  /* selp */
} wk_arith;
/* Its cycles. A 64-bit integer add, sub, mul, setp, min, max or popc is two
 * dependent 32-bit instructions (twice the 32-bit row: assumed, not
 * measured); and, or, xor, shifts and selp of 64 bits are two independent
 * ones (the 32-bit row). */
unsigned wk_cost_arith(wk_arith op, ws_type type);

/* __syncthreads() in a block of `threads` threads (rounded up to whole
 * warps): the measured 14, 20, 28, 44, 76 cycles at 32, 128, 256, 512, 1024
 * threads, which are 12 + 2 per warp; between them, the line through them. */
unsigned wk_cost_syncthreads(int threads);
/* match.any.sync when the lanes taking part hold `distinct` different
 * values (1..32): its time depends on the data; the measured 28, 39, 61,
 * 105, 193, 369 cycles at 1, 2, 4, 8, 16, 32 values, which are 17 + 11 per
 * value; between them, the line through them. */
unsigned wk_cost_match_any(int distinct);

/* The caveat, one line, for every output that shows the estimate. */
extern const char wk_cost_caveat[];
/* Where the numbers come from (a path in the repository). */
extern const char wk_cost_source[];

/* Whether --cost can estimate this run: sm90, a number type. False with a
 * one-line reason. */
bool wk_cost_check(const wk_params *params, char *err, size_t err_size);

/* ---- Inside the runtime (kernel.c) ---------------------------------------- */

typedef struct wk_cost wk_cost;            /* a run's estimate */
typedef struct wk_cost_warp wk_cost_warp;  /* one warp's */

/* A time: ready at cycle t, written by trace step `step` (-1: none), whose
 * chain came from step `pred` before it; `local` is its time within its own
 * step (for the step's cost). */
typedef struct wk_cost_time {
    uint64_t t;
    long step, pred;
    uint32_t local;
} wk_cost_time;

wk_cost *wk_cost_new(wk_run *r);
void wk_cost_free(wk_cost *c);
/* Warps begun from now on belong to new blocks, whatever their ids (a
 * user's program: the same block ids again in its next launch). */
void wk_cost_new_blocks(wk_cost *c);
/* A warp starts: `threads` lanes present. NULL when out of memory (the run fails). */
wk_cost_warp *wk_cost_warp_begin(wk_cost *c, int block, int warp, int threads);
void wk_cost_warp_end(wk_cost_warp *w);
/* The warp opened trace step `step`. */
void wk_cost_step(wk_cost_warp *w, long step);
/* One operation of the open step: `name` and its cycles, the registers it
 * reads (0 entries are skipped) and `extra` inputs (a load's words, may be
 * NULL), the registers it writes. Returns its result's time. */
wk_cost_time wk_cost_op(wk_cost_warp *w, const char *name, unsigned cycles, const ws_reg *src, int n_src,
                        const wk_cost_time *extra, int n_extra, const ws_reg *dst, int n_dst);
/* A branch on `cond`: nothing after it starts before cond is ready. */
void wk_cost_branch(wk_cost_warp *w, ws_reg cond);
/* Memory: the time a word (its address) was stored; set it. */
wk_cost_time wk_cost_word(wk_cost_warp *w, const void *addr);
void wk_cost_word_set(wk_cost_warp *w, const void *addr, wk_cost_time t);
/* Whether an address is in an array declared __shared__ (wk_shared). */
bool wk_cost_is_shared(const wk_cost_warp *w, const void *addr);
/* mem[0..len) is a new __shared__ array: its words have no stores yet. */
void wk_cost_shared(wk_cost *c, const uint64_t *mem, size_t len);
/* The open step is __syncthreads() of this warp's block. */
void wk_cost_barrier(wk_cost_warp *w);
/* After the run: the barriers' ends, every step's "done", the critical
 * path. False (reason in the run's error) when it cannot be worked out. */
bool wk_cost_finish(wk_run *r);

/* ---- The result, for the writers --------------------------------------- */

typedef struct wk_cost_warp_total {
    int block, warp;
    uint64_t cycles; /* the warp's critical path */
} wk_cost_warp_total;

/* The run's critical path in cycles, and where it ends. */
uint64_t wk_cost_total(const wk_run *r, int *block, int *warp);
/* Every warp's critical path, in the order the warps started. */
const wk_cost_warp_total *wk_cost_warps(const wk_run *r, size_t *count);

#ifdef __cplusplus
}
#endif
#endif
