/* programs/cuda/twin.h: what the CUDA twin of a warpsim program provides.
 *
 * A twin is programs/cuda/twins/<name>.cu: the same algorithm as
 * programs/<group>/<name>.c, written as the CUDA a user would write, built
 * with -fmad=false. Its host function runs it on the GPU for one set of
 * parameters and one input, and hands back what the simulator's program
 * hands back, so the cross-check (xcheck.cu) can compare them bit for bit:
 *   - every named output (same names, same counts, values zero-extended to
 *     64 bits), and
 *   - for single-warp programs, every lane's value of the shown register
 *     after each traced line that lane ran, in order (the simulator's trace
 *     steps with values, restricted to the lanes that executed them).
 * This header is plain C so the C cross-check code can include it. */
#ifndef WARPSIM_TWIN_H
#define WARPSIM_TWIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Records kept per lane (single-warp programs): more fails the twin. */
#define TWIN_MAX_RECORDS 256

typedef struct twin_output {
    char name[32];
    size_t count;
    uint64_t *bits;          /* malloc'd; freed by twin_result_free */
} twin_output;

typedef struct twin_result {
    twin_output outputs[WK_MAX_OUTPUTS];
    int n_outputs;
    bool has_records;        /* a single-warp program recorded its steps */
    /* The steps after the first n_records[lane] run inside a library call
     * (cg::, cub::) that user code cannot see: compare that prefix only. */
    bool records_are_prefix;
    int n_records[32];       /* per lane */
    uint64_t records[32][TWIN_MAX_RECORDS];
    char error[512];         /* why the twin failed (CUDA error, unsupported params) */
} twin_result;

/* Runs the twin on the GPU. input: n values as raw bits of p->type (as the
 * simulator's wk_run takes them). p has the program's defaults applied
 * (wk_apply_defaults) and passed wk_check_params. Returns false with
 * out->error set on failure. `out` must be zeroed by the caller. */
typedef bool (*twin_run_fn)(const wk_params *p, const uint64_t *input, size_t n, twin_result *out);

typedef struct twin {
    const char *name;        /* the simulator program's name, "reduce-down" */
    twin_run_fn run;
} twin;

void twin_result_free(twin_result *r);

#ifdef __cplusplus
}
#endif
#endif
