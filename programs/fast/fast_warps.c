/* The fast untraced path: many warps of a single-warp program at once.
 *
 * Warps run in batches of BATCH. A batch's register file is laid out
 * [lane][warp-in-batch], so the lanes of one warp are BATCH elements apart
 * and one lane of all the batch's warps is a contiguous row. A shuffle step
 * then is, for each lane, a row read from its source lane's row (the source
 * table comes from the library's formula, warp_plan.c), and the element op
 * is a loop over the row with a compile-time trip count, which vectorises.
 * Two register files (cur, next) alternate, as every lane reads the values
 * from before the step.
 *
 * Batches run in parallel (OpenMP, schedule(static)); each writes only its
 * own warps' output, so the bits do not depend on the number of threads. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpsim/fpops.h"

#include "fast_warps.h"
#include "transpose.h"
#include "warp_plan.h"

enum { BATCH = 64 };

/* ---- Element operations, as the model does them (lane_ops.c, fpops.h) -- */

static inline uint32_t add_int32(uint32_t a, uint32_t b) { return a + b; } /* wraps, as the GPU's */
static inline uint64_t add_int64(uint64_t a, uint64_t b) { return a + b; }
static inline bool lt_u32(uint32_t a, uint32_t b) { return a < b; }
static inline bool lt_i32(uint32_t a, uint32_t b) { return (int32_t)a < (int32_t)b; }
static inline bool lt_u64(uint64_t a, uint64_t b) { return a < b; }
static inline bool lt_i64(uint64_t a, uint64_t b) { return (int64_t)a < (int64_t)b; }
/* min/max as the model's WS_MIN/WS_MAX: integers by their order (equal
 * values have equal bits), floats by fminf/fmaxf's rules (fpops.h). */
#define INT_MINMAX(name, T, lt)                                                  \
    static inline T min_##name(T a, T b) { return lt(b, a) ? b : a; }           \
    static inline T max_##name(T a, T b) { return lt(a, b) ? b : a; }
INT_MINMAX(i32, uint32_t, lt_i32)
INT_MINMAX(u32, uint32_t, lt_u32)
INT_MINMAX(i64, uint64_t, lt_i64)
INT_MINMAX(u64, uint64_t, lt_u64)

/* ---- One batch, per element type (warp_batch.h) ----------------------- */

#define FAST_T uint32_t
#define FAST_TRANSPOSE transpose_u32
#define FAST_ADD add_int32
#define FAST_LT lt_i32
#define FAST_MIN min_i32
#define FAST_MAX max_i32
#define FAST_NAME(x) x##_i32
#include "warp_batch.h"
#define FAST_T uint32_t
#define FAST_TRANSPOSE transpose_u32
#define FAST_ADD add_int32
#define FAST_LT lt_u32
#define FAST_MIN min_u32
#define FAST_MAX max_u32
#define FAST_NAME(x) x##_u32
#include "warp_batch.h"
#define FAST_T uint32_t
#define FAST_TRANSPOSE transpose_u32
#define FAST_ADD ws_inl_f32_add
#define FAST_LT ws_inl_f32_lt
#define FAST_MIN ws_f32_min
#define FAST_MAX ws_f32_max
#define FAST_NAME(x) x##_f32
#include "warp_batch.h"
#define FAST_T uint64_t
#define FAST_TRANSPOSE transpose_u64
#define FAST_ADD add_int64
#define FAST_LT lt_i64
#define FAST_MIN min_i64
#define FAST_MAX max_i64
#define FAST_NAME(x) x##_i64
#include "warp_batch.h"
#define FAST_T uint64_t
#define FAST_TRANSPOSE transpose_u64
#define FAST_ADD add_int64
#define FAST_LT lt_u64
#define FAST_MIN min_u64
#define FAST_MAX max_u64
#define FAST_NAME(x) x##_u64
#include "warp_batch.h"
#define FAST_T uint64_t
#define FAST_TRANSPOSE transpose_u64
#define FAST_ADD ws_inl_f64_add
#define FAST_LT ws_inl_f64_lt
#define FAST_MIN ws_f64_min
#define FAST_MAX ws_f64_max
#define FAST_NAME(x) x##_f64
#include "warp_batch.h"

static void run_batch(const fast_plan *pl, const void *in, void *const outs[2], size_t first, size_t count,
                      void *scratch)
{
    uint32_t *const o32[2] = {outs[0], outs[1]};
    uint64_t *const o64[2] = {outs[0], outs[1]};
    switch (pl->type) {
    case WK_I32: batch_i32(pl, in, o32, first, count, scratch); break;
    case WK_U32: batch_u32(pl, in, o32, first, count, scratch); break;
    case WK_F32: batch_f32(pl, in, o32, first, count, scratch); break;
    case WK_I64: batch_i64(pl, in, o64, first, count, scratch); break;
    case WK_U64: batch_u64(pl, in, o64, first, count, scratch); break;
    case WK_F64: batch_f64(pl, in, o64, first, count, scratch); break;
    default: break; /* fast_plan_make refused it */
    }
}

bool wk_fast_supports(const wk_program *p, const wk_params *params)
{
    fast_plan plan;
    char err[200];
    return fast_plan_make(&plan, p, params, err, sizeof err);
}

int wk_fast_shuffles_per_warp(const wk_program *p, const wk_params *params)
{
    fast_plan plan;
    char err[200];
    if (!fast_plan_make(&plan, p, params, err, sizeof err))
        return 0;
    return plan.n_steps + (plan.algo == WK_FAST_SCAN_EXCL); /* scan-excl's last shift is kept apart */
}

int wk_fast_output_names(const wk_program *p, const wk_params *params, const char *names[2])
{
    fast_plan plan;
    char err[200];
    if (!fast_plan_make(&plan, p, params, err, sizeof err))
        return 0;
    names[0] = plan.output_names[0];
    names[1] = plan.n_outputs > 1 ? plan.output_names[1] : NULL;
    return plan.n_outputs;
}

bool wk_fast_run_warps_all(const wk_program *p, const wk_params *params, const void *in, void *const outs[2],
                           size_t n_warps, char *err, size_t err_size)
{
    fast_plan plan;
    if (!fast_plan_make(&plan, p, params, err, err_size))
        return false;
    if (n_warps == 0)
        return true;
    if (!in || !outs || !outs[0]) {
        snprintf(err, err_size, "fast path: no input or output buffer");
        return false;
    }
    size_t n_batches = (n_warps + BATCH - 1) / BATCH;
    int threads = omp_get_max_threads();
    if ((size_t)threads > n_batches)
        threads = (int)n_batches;
    if (threads < 1)
        threads = 1;
    /* Two register files per thread, each on its own cache lines. */
    size_t per_thread = 2 * (size_t)plan.lanes * BATCH * (size_t)(wk_elem_bits(plan.type) / 8);
    per_thread = (per_thread + 63) / 64 * 64;
    unsigned char *scratch = aligned_alloc(64, per_thread * (size_t)threads);
    if (!scratch) {
        snprintf(err, err_size, "fast path: out of memory for %d threads' registers", threads);
        return false;
    }
    void *const o[2] = {outs[0], plan.n_outputs > 1 ? outs[1] : NULL};
    const long long batches = (long long)n_batches;
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        void *mine = scratch + per_thread * (size_t)omp_get_thread_num();
#pragma omp for schedule(static)
        for (long long b = 0; b < batches; b++) {
            size_t first = (size_t)b * BATCH;
            size_t count = n_warps - first < BATCH ? n_warps - first : BATCH;
            run_batch(&plan, in, o, first, count, mine);
        }
    }
    free(scratch);
    return true;
}

bool wk_fast_run_warps(const wk_program *p, const wk_params *params, const void *in, void *out, size_t n_warps,
                       char *err, size_t err_size)
{
    void *const outs[2] = {out, NULL};
    return wk_fast_run_warps_all(p, params, in, outs, n_warps, err, err_size);
}
