/* block_reduce.h: the block reduction of block-reduce, which device-reduce
 * runs at the end of both of its kernels. Internal to programs/reductions. */
#ifndef WARPSIM_PROGRAMS_BLOCK_REDUCE_H
#define WARPSIM_PROGRAMS_BLOCK_REDUCE_H

#include "runtime/kernel.h"

/* Reduces the register v (element type) over the n_warps warps of one block,
 * warps[w] being warp w, each after the statements that computed its v:
 * every warp runs the shfl_down tree and its lane 0 writes shared[wid];
 * __syncthreads(); warp 0 reads shared[lane] in lanes below n_warps (0 in
 * the others) and runs the tree again, so thread 0 ends with the block's
 * sum in v. shared (64 values) is the block's __shared__ array: it ends
 * with the per-warp sums. */
void block_reduce(wk_warp *const *warps, const ws_reg *v, int n_warps, uint64_t shared[64]);

#endif
