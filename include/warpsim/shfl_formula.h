/* warpsim: the shuffle source-lane formulas, as pure functions.
 *
 * These are the only place the formulas live (src/shfl_formula.c); the
 * shuffles of collectives.h use them, and so can a script that only wants
 * to know which lane a call reads. */
#ifndef WARPSIM_SHFL_FORMULA_H
#define WARPSIM_SHFL_FORMULA_H

#include "collectives.h"

#ifdef __cplusplus
extern "C" {
#endif

/* PTX shfl.sync (semantics.md 1.1) for one lane of a 32-lane warp: only b[4:0],
 * c[4:0] and c[12:8] matter (and lane[4:0]). Returns the lane read (the
 * caller's own lane when out of range) and sets *pred (may be NULL) to the
 * predicate. kind: WS_COLL_SHFL_*. */
WS_API int ws_ptx_shfl_source(ws_coll_kind kind, int lane, uint32_t b, uint32_t c, bool *pred);

/* The c operand the CUDA headers build for an intrinsic of this width
 * (semantics.md 1.2): ((32 - width) << 8) | 0x1f, without the | 0x1f for up,
 * in 32-bit wrap-around arithmetic. */
WS_API uint32_t ws_cuda_shfl_c(ws_coll_kind kind, int32_t width);

/* HIP __shfl / __shfl_up / __shfl_down / __shfl_xor (semantics.md 4.2) for one
 * lane of a `lanes`-wide wavefront (32 or 64): int arithmetic, then the
 * ds_bpermute wrap `index & (lanes - 1)`. Returns -1 if lanes is not 32
 * or 64; lane is taken modulo lanes. */
WS_API int ws_hip_shfl_source(ws_coll_kind kind, int lane, uint32_t b, int32_t width, int lanes);

#ifdef __cplusplus
}
#endif
#endif
