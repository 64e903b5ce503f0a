/* warpsim bench: hand-written C baselines (bench_plain.c). */
#ifndef WARPSIM_SIM_BENCH_PLAIN_H
#define WARPSIM_SIM_BENCH_PLAIN_H

#include <stddef.h>

/* reduce-down on `warps` warps of 32 f32 lanes, the GPU's order, every
 * lane's final value (in and out: warp after warp). OpenMP over warps. */
void bench_plain_reduce_down(const float *in, float *out, size_t warps);

#endif
