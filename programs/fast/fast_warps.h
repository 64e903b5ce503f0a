/* programs/fast/fast_warps.h: the fast untraced path for single-warp programs.
 *
 * Runs many independent warps of reduce-down, scan-incl, bitonic (and a few
 * more) without the warp model: the register file of a batch of warps is laid
 * out [lane][warp-in-batch], so a shuffle is a row copy per lane (its source
 * lane from the library's shuffle formula, computed once per step) and an
 * element op is a contiguous loop that vectorises. Batches run in parallel
 * with OpenMP; the bits equal the model path's (tests/programs/test_fast.c). */
#ifndef WARPSIM_PROGRAMS_FAST_WARPS_H
#define WARPSIM_PROGRAMS_FAST_WARPS_H

#include <stdbool.h>
#include <stddef.h>

#include "runtime/kernel.h"
#include "runtime/program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which build of the batch loops runs: "avx2" where the CPU has AVX2 (x86-64),
 * else "base". Both give the same bits (tests/programs/test_fast_isa.c). */
const char *wk_fast_isa(void);
/* Forces a build ("base", or "avx2" when the CPU has it) for the whole
 * process, as the tests and `warpsim bench` comparisons do; false otherwise. */
bool wk_fast_set_isa(const char *name);

/* True when wk_fast_run_warps can run this program with these params. */
bool wk_fast_supports(const wk_program *p, const wk_params *params);

/* Runs n_warps independent warps of a single-warp program, untraced, in parallel (OpenMP).
 * in: n_warps * lanes values of params->type, packed at the element's native size (4 or 8 bytes),
 * warp after warp; out: the same layout, every lane's final value of the program's per-lane output
 * ("v" / "key" ...). The results do not depend on the number of OpenMP threads. Returns false with a
 * message in err when unsupported. */
bool wk_fast_run_warps(const wk_program *p, const wk_params *params, const void *in, void *out,
                       size_t n_warps, char *err, size_t err_size);

/* Shuffles one warp of the program makes (what `warpsim bench` counts),
 * from the fast path's plan; 0 when it has none for these params. */
int wk_fast_shuffles_per_warp(const wk_program *p, const wk_params *params);

/* For run.c's untraced hook: the names of the per-lane outputs the program
 * makes, in the model path's order ("v"; scan-excl: "v", "inclusive");
 * returns their count (1 or 2), or 0 when the fast path does not support
 * these params. */
int wk_fast_output_names(const wk_program *p, const wk_params *params, const char *names[2]);

/* wk_fast_run_warps with every per-lane output: outs[i] receives output i
 * of wk_fast_output_names, in the layout of `out` above. */
bool wk_fast_run_warps_all(const wk_program *p, const wk_params *params, const void *in, void *const outs[2],
                           size_t n_warps, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif
#endif
