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

#include "batch_engine.h"
#include "fast_warps.h"

/* ---- Which build of the batch loops runs ---------------------------- */

static bool always(void) { return true; }
#if defined(__x86_64__)
static bool cpu_has_avx2(void) { return __builtin_cpu_supports("avx2"); }
static bool cpu_has_avx512(void)
{
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw");
}
#endif

/* The builds, the widest first: the first one the CPU has runs. */
static const struct isa_build {
    const char *name;
    fast_batch_fn *run;
    bool (*cpu_has)(void);
} builds[] = {
#if defined(__x86_64__)
    {"avx512", fast_batch_avx512, cpu_has_avx512},
    {"avx2", fast_batch_avx2, cpu_has_avx2},
#endif
    {"base", fast_batch_base, always},
};

static const struct isa_build *forced; /* wk_fast_set_isa: tests and benchmarks compare the builds */

static const struct isa_build *isa_build(void)
{
    if (forced)
        return forced;
    size_t i = 0;
    while (!builds[i].cpu_has())
        i++; /* "base" always stops it */
    return &builds[i];
}

/* The build for one plan. Programs that mostly move data (broadcast,
 * ballot-compact, transpose8) ran slower through the batch layout with
 * 512-bit vectors than with 256-bit ones on the H200 host's Xeon
 * (docs/performance.md, "AVX2 and AVX-512"); they keep AVX2 unless a build
 * is forced or the AVX-512 build holds their warps in registers. Any build
 * gives the same bits: this is only a matter of speed. */
static fast_batch_fn *isa_batch(const fast_plan *plan)
{
    const struct isa_build *b = isa_build();
    bool moves_data = plan->algo == WK_FAST_BROADCAST || plan->algo == WK_FAST_BALLOT_COMPACT ||
                      plan->algo == WK_FAST_TRANSPOSE8;
#if defined(__x86_64__)
    if (!forced && moves_data && b->run == fast_batch_avx512 && !fast_plan_in_registers(plan))
        return fast_batch_avx2;
#else
    (void)moves_data;
#endif
    return b->run;
}

const char *wk_fast_isa(void) { return isa_build()->name; }

bool wk_fast_set_isa(const char *name)
{
    for (size_t i = 0; i < sizeof builds / sizeof builds[0]; i++)
        if (strcmp(name, builds[i].name) == 0 && builds[i].cpu_has()) {
            forced = &builds[i];
            return true;
        }
    return false;
}

/* The plan, for the entry points that take one input value per lane
 * (wk_fast_supports, wk_fast_run_warps, _all): transpose8's eight go
 * through wk_fast_run_warps_outs, whose callers size buffers by the shape. */
static bool plan_per_lane(fast_plan *plan, const wk_program *p, const wk_params *params, char *err, size_t size)
{
    if (!fast_plan_make(plan, p, params, err, size))
        return false;
    if (plan->in_per_lane == 1)
        return true;
    snprintf(err, size, "fast path: %s takes %d values per lane: wk_fast_run_warps_outs runs it", p->name,
             plan->in_per_lane);
    return false;
}

bool wk_fast_supports(const wk_program *p, const wk_params *params)
{
    fast_plan plan;
    char err[200];
    return plan_per_lane(&plan, p, params, err, sizeof err);
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
    if (!fast_plan_make(&plan, p, params, err, sizeof err) || plan.shaped)
        return 0;
    names[0] = plan.output_names[0];
    names[1] = plan.n_outputs > 1 ? plan.output_names[1] : NULL;
    return plan.n_outputs;
}

static bool run_plan(const fast_plan *plan, const void *in, void *const *outs, int n_outs, size_t n_warps, char *err,
                     size_t err_size)
{
    if (n_warps == 0)
        return true;
    if (!in || !outs || n_outs < 1 || !outs[0]) {
        snprintf(err, err_size, "fast path: no input or output buffer");
        return false;
    }
    fast_batch_fn *run = isa_batch(plan);
    /* The warps-in-registers loops take any number of warps and set up
     * their step tables once per call: they get chunks of ZMM_CHUNK warps
     * instead of batches of BATCH (which the batch loops' scratch is sized for). */
    size_t chunk = BATCH;
#if defined(__x86_64__)
    if (run == fast_batch_avx512 && fast_plan_in_registers(plan))
        chunk = FAST_ZMM_CHUNK;
#endif
    size_t n_batches = (n_warps + chunk - 1) / chunk;
    int threads = omp_get_max_threads();
    if ((size_t)threads > n_batches)
        threads = (int)n_batches;
    if (threads < 1)
        threads = 1;
    /* Two register files per thread, each on its own cache lines. */
    size_t per_thread = 2 * (size_t)plan->lanes * BATCH * (size_t)(wk_elem_bits(plan->type) / 8);
    per_thread = (per_thread + 63) / 64 * 64;
    unsigned char *scratch = aligned_alloc(64, per_thread * (size_t)threads);
    if (!scratch) {
        snprintf(err, err_size, "fast path: out of memory for %d threads' registers", threads);
        return false;
    }
    void *o[WK_FAST_MAX_OUTPUTS] = {NULL};
    for (int i = 0; i < n_outs && i < plan->n_outputs; i++)
        o[i] = outs[i];
    const long long batches = (long long)n_batches;
#pragma omp parallel num_threads(threads) if (threads > 1)
    {
        void *mine = scratch + per_thread * (size_t)omp_get_thread_num();
#pragma omp for schedule(static)
        for (long long b = 0; b < batches; b++) {
            size_t first = (size_t)b * chunk;
            size_t count = n_warps - first < chunk ? n_warps - first : chunk;
            run(plan, in, o, first, count, mine);
        }
    }
    free(scratch);
    return true;
}

bool wk_fast_run_warps_outs(const wk_program *p, const wk_params *params, const void *in, void *const *outs,
                            int n_outs, size_t n_warps, char *err, size_t err_size)
{
    fast_plan plan;
    return fast_plan_make(&plan, p, params, err, err_size) && run_plan(&plan, in, outs, n_outs, n_warps, err, err_size);
}

bool wk_fast_run_warps_all(const wk_program *p, const wk_params *params, const void *in, void *const outs[2],
                           size_t n_warps, char *err, size_t err_size)
{
    fast_plan plan;
    return plan_per_lane(&plan, p, params, err, err_size) && run_plan(&plan, in, outs, 2, n_warps, err, err_size);
}

bool wk_fast_run_warps(const wk_program *p, const wk_params *params, const void *in, void *out, size_t n_warps,
                       char *err, size_t err_size)
{
    fast_plan plan;
    void *const outs[1] = {out};
    return plan_per_lane(&plan, p, params, err, err_size) && run_plan(&plan, in, outs, 1, n_warps, err, err_size);
}
