/* warpsim bench: the CUDA front end's reduce-down (warpsim/cuda.h). */
#ifndef WARPSIM_SIM_BENCH_FRONTEND_H
#define WARPSIM_SIM_BENCH_FRONTEND_H

#include <stdbool.h>
#include <stddef.h>

/* Runs the classic shfl_down reduction as a front-end kernel over `warps`
 * warps of in (blocks of 256 threads), writing every lane's value to out,
 * and checks warp 0's lanes against the tree computed in plain C. Returns
 * the seconds taken, or -1 with err set. */
double bench_frontend_reduce(const float *in, float *out, size_t warps, char *err, size_t err_size);

#endif
