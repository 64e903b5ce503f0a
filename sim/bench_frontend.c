/* warpsim bench: the CUDA front end's speed, on a kernel written in the C
 * subset of CUDA (the same source nvcc builds, minus the C++). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime with -std=c17 */
#include <string.h>
#include <time.h>

#include <warpsim/cuda.h>

#include "bench_frontend.h"

typedef struct reduce_args {
    const float *in;
    float *out;
} reduce_args;

static void reduce_down_kernel(void *args)
{
    const reduce_args *a = args;
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = a->in[i];
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    a->out[i] = v;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

double bench_frontend_reduce(const float *in, float *out, size_t warps, char *err, size_t err_size)
{
    /* Blocks of 256 threads, or one smaller block for fewer than 8 warps. */
    size_t threads = warps * 32, block = threads < 256 ? threads : 256;
    if (warps == 0 || threads % block != 0) {
        snprintf(err, err_size, "%zu warps do not fill whole blocks of %zu threads", warps, block);
        return -1;
    }
    ws_cuda_launch_desc d = {.grid = {(unsigned)(threads / block), 1, 1}, .block = {(unsigned)block, 1, 1}};
    reduce_args a = {in, out};
    double t0 = now();
    ws_status s = ws_cuda_launch_c(&d, reduce_down_kernel, &a, NULL);
    double t = now() - t0;
    if (s != WS_OK) {
        snprintf(err, err_size, "%.150s", ws_cuda_report_error(ws_cuda_last_report()));
        return -1;
    }
    float v[32]; /* warp 0 in plain C: lane l adds lane l + offset while it exists, else itself */
    memcpy(v, in, sizeof v);
    for (int offset = 16; offset > 0; offset /= 2) {
        float t2[32];
        for (int l = 0; l < 32; l++)
            t2[l] = v[l] + (l + offset < 32 ? v[l + offset] : v[l]);
        memcpy(v, t2, sizeof v);
    }
    if (memcmp(v, out, sizeof v) != 0) {
        snprintf(err, err_size, "warp 0 differs from the plain C tree");
        return -1;
    }
    return t;
}
