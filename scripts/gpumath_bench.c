/* The speed of warpsim's CUDA math functions (include/warpsim/gpumath.h)
 * against the host's libm, on the same inputs: 2^24 of ordinary size
 * (|x| in [2^-4, 2^6), both signs; powf's y in [-4, 4]), each function run
 * over all of them three times, the best time kept. Prints one line a
 * function: ns per call for warpsim and for libm, and their ratio.
 *   cc -O2 -ffp-contract=off -Iinclude scripts/gpumath_bench.c build/src/libwarpsim.a -lm -o gpumath_bench
 *   ./gpumath_bench */
#define _GNU_SOURCE /* exp10, sincos */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "warpsim/gpumath.h"

enum { N = 1 << 24 };
static float xf[N], yf[N];
static double xd[N];
static volatile double sink;

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Times `ours` and `theirs` (expressions of x, y) over every input, three
 * passes each, interleaved; T is the results' type, X the inputs'. */
#define BENCH(T, X, name, ours, theirs)                                                                 \
    do {                                                                                                \
        double best[2] = {1e30, 1e30};                                                                  \
        for (int rep = 0; rep < 3; rep++) {                                                             \
            for (int side = 0; side < 2; side++) {                                                      \
                double t0 = now();                                                                      \
                T acc = 0;                                                                              \
                for (int i = 0; i < N; i++) {                                                           \
                    T x = X[i], y = (T)yf[i];                                                           \
                    (void)y;                                                                            \
                    acc += side ? (theirs) : (ours);                                                    \
                }                                                                                       \
                sink = acc;                                                                             \
                double t = now() - t0;                                                                  \
                if (t < best[side])                                                                     \
                    best[side] = t;                                                                     \
            }                                                                                           \
        }                                                                                               \
        printf("%-8s warpsim %6.2f ns  libm %6.2f ns  ratio %.2f\n", name, best[0] * 1e9 / N, best[1] * 1e9 / N, \
               best[0] / best[1]);                                                                     \
    } while (0)
#define BENCH_F32(name, ours, theirs) BENCH(float, xf, name, ours, theirs)
#define BENCH_F64(name, ours, theirs) BENCH(double, xd, name, ours, theirs)

int main(void)
{
    uint64_t s = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < N; i++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        double u = (double)(s >> 11) * 0x1p-53;
        double mag = ldexp(1.0, -4 + (int)(s % 10)) * (1.0 + u);
        xd[i] = (s >> 7 & 1) ? -mag : mag;
        xf[i] = (float)xd[i];
        yf[i] = (float)(8.0 * u - 4.0);
    }
    BENCH_F32("logf", ws_gpu_logf(fabsf(x)), logf(fabsf(x)));
    BENCH_F32("log2f", ws_gpu_log2f(fabsf(x)), log2f(fabsf(x)));
    BENCH_F32("log10f", ws_gpu_log10f(fabsf(x)), log10f(fabsf(x)));
    BENCH_F32("log1pf", ws_gpu_log1pf(fabsf(x)), log1pf(fabsf(x)));
    BENCH_F32("sinf", ws_gpu_sinf(x), sinf(x));
    BENCH_F32("cosf", ws_gpu_cosf(x), cosf(x));
    BENCH_F32("tanf", ws_gpu_tanf(x), tanf(x));
    BENCH_F32("atanf", ws_gpu_atanf(x), atanf(x));
    BENCH_F32("atan2f", ws_gpu_atan2f(y, x), atan2f(y, x));
    BENCH_F32("powf", ws_gpu_powf(fabsf(x), y), powf(fabsf(x), y));
    BENCH_F64("exp", ws_gpu_exp(x), exp(x));
    BENCH_F64("exp2", ws_gpu_exp2(x), exp2(x));
    BENCH_F64("exp10", ws_gpu_exp10(x), exp10(x));
    BENCH_F64("expm1", ws_gpu_expm1(x), expm1(x));
    BENCH_F64("sinh", ws_gpu_sinh(x), sinh(x));
    BENCH_F64("sin", ws_gpu_sin(x), sin(x));
    BENCH_F64("cos", ws_gpu_cos(x), cos(x));
    BENCH_F64("atan2", ws_gpu_atan2(x, 1.5), atan2(x, 1.5));
    return 0;
}
