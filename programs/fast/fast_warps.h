/* programs/fast/fast_warps.h: the fast untraced path for single-warp programs.
 *
 * Runs many independent warps of reduce-down, scan-incl, bitonic (and a few
 * more) without the warp model: the register file of a batch of warps is laid
 * out [lane][warp-in-batch], so a shuffle is a row copy per lane (its source
 * lane from the library's shuffle formula, computed once per step) and an
 * element op is a contiguous loop that vectorises. ballot-compact and
 * transpose8, whose only exchanges stay within a warp's own memory (a ballot;
 * 8x8 tiles), go warp by warp instead. Batches run in parallel with OpenMP;
 * the bits equal the model path's (tests/programs/test_fast.c). */
#ifndef WARPSIM_PROGRAMS_FAST_WARPS_H
#define WARPSIM_PROGRAMS_FAST_WARPS_H

#include <stdbool.h>
#include <stddef.h>

#include "runtime/kernel.h"
#include "runtime/program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Which build of the batch loops runs: the widest the CPU has, "avx512"
 * (F, DQ, VL, BW), "avx2" (x86-64) or "base". All give the same bits
 * (tests/programs/test_fast_isa.c). */
const char *wk_fast_isa(void);
/* Forces a build ("base", or "avx2"/"avx512" when the CPU has it) for the
 * whole process, as the tests do; false otherwise. */
bool wk_fast_set_isa(const char *name);

/* True when wk_fast_run_warps can run this program with these params: it has
 * a fast path and takes one input value per lane (transpose8 takes eight:
 * wk_fast_shape_of and wk_fast_run_warps_outs run it). */
bool wk_fast_supports(const wk_program *p, const wk_params *params);

/* Runs n_warps independent warps of a single-warp program, untraced, in parallel (OpenMP).
 * in: n_warps * lanes values of params->type, packed at the element's native size (4 or 8 bytes),
 * warp after warp; out: the same layout, every lane's final value of the program's first output
 * ("v" / "key" ...; ballot-compact's "out" as wk_fast_shape_of lays it out). The results do not
 * depend on the number of OpenMP threads. Returns false with a message in err when unsupported
 * (wk_fast_supports). */
bool wk_fast_run_warps(const wk_program *p, const wk_params *params, const void *in, void *out,
                       size_t n_warps, char *err, size_t err_size);

/* Shuffles one warp of the program makes (what `warpsim bench` counts),
 * from the fast path's plan; 0 when it has none for these params. */
int wk_fast_shuffles_per_warp(const wk_program *p, const wk_params *params);

/* For run.c's untraced hook: the names of the per-lane outputs the program
 * makes, in the model path's order ("v"; scan-excl: "v", "inclusive");
 * returns their count (1 or 2), or 0 when the fast path does not support
 * these params or its outputs are not one value of the params' type per lane
 * (ballot-compact, transpose8: wk_fast_shape_of), so the hook leaves those
 * to the model path. */
int wk_fast_output_names(const wk_program *p, const wk_params *params, const char *names[2]);

/* wk_fast_run_warps with two outputs: outs[i] (NULL: not wanted) receives
 * output i of wk_fast_shape_of (wk_fast_output_names for the per-lane ones),
 * in the layout of `out` above. */
bool wk_fast_run_warps_all(const wk_program *p, const wk_params *params, const void *in, void *const outs[2],
                           size_t n_warps, char *err, size_t err_size);

/* The most outputs a fast path makes (ballot-compact: out, count, ballot). */
enum { WK_FAST_MAX_OUTPUTS = 3 };

/* One output of the fast path: what the model path records under its name. */
typedef struct wk_fast_output {
    const char *name;  /* the model path's name */
    wk_elem type;      /* the params' type, or ballot-compact's count (u32) and ballot (u32; u64 on 64 lanes) */
    size_t per_warp;   /* values per warp in its buffer, each at the type's native size */
    bool per_lane;     /* one value per lane (the model's per-lane output); else a list (out, m) */
    int length_from;   /* -1: all per_warp values are the output. i >= 0: the first k are, k being
                          output i's lane 0 (ballot-compact's out: count); zeros follow them */
} wk_fast_output;

/* A program's buffers on the fast path, per warp, for these params. */
typedef struct wk_fast_shape {
    size_t in_per_warp; /* input values of params->type: lanes, or 8 per lane (transpose8) */
    int n_outputs;      /* in the model path's order */
    wk_fast_output outputs[WK_FAST_MAX_OUTPUTS];
} wk_fast_shape;

/* Fills shape; false (shape zeroed) when the fast path does not take these params. */
bool wk_fast_shape_of(const wk_program *p, const wk_params *params, wk_fast_shape *shape);

/* wk_fast_run_warps with every output: outs[i] (i < n_outs; NULL: not wanted) receives
 * n_warps * per_warp values of output i of wk_fast_shape_of; outputs from n_outs on are not
 * written. outs[0] is required. */
bool wk_fast_run_warps_outs(const wk_program *p, const wk_params *params, const void *in, void *const *outs,
                            int n_outs, size_t n_warps, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif
#endif
