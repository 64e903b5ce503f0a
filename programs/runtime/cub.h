/* programs/runtime/cub.h: CUB's warp steps as its hand-written PTX runs them
 * (semantics.md 5.3, 5.4), shared by cub-reduce, cub-scan-incl and cub-scan-excl. */
#ifndef WARPSIM_PROGRAMS_CUB_H
#define WARPSIM_PROGRAMS_CUB_H

#include "kernel.h"

/* One step of CUB's plus<> shuffle (WarpReduceShfl::ReduceStep, mode
 * down; WarpScanShfl::InclusiveScanStep, mode up):
 *     shfl.sync.<mode>.b32 r0|p, v, offset, c, 0xffffffff;
 *     @p add r0, r0, v;  v = r0;        peer + own
 * except double, whose asm adds own + peer (@p add.f64 v, v, r0). A 64-bit
 * value moves as two 32-bit words, lo then hi, with the same predicate.
 * r0 (element type) and p (u32) are scratch; `caller` names the CUB step
 * in the trace. */
void cub_shfl_add_step(wk_warp *k, ws_coll_kind mode, ws_reg v, ws_reg r0, ws_reg p, int offset, uint32_t c,
                       const char *caller);

/* WarpScan<T>::InclusiveSum on a full warp of 32: steps at offsets 1, 2, 4,
 * 8, 16 in up mode with c = 0. */
void cub_inclusive_sum(wk_warp *k, ws_reg v, ws_reg r0, ws_reg p);

#endif
