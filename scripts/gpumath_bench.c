/* The speed of warpsim's CUDA math functions (include/warpsim/gpumath.h)
 * against the host's libm, on the same inputs: 2^22 of ordinary size
 * (|x| in [2^-4, 2^6), both signs; y in [-4, 4]; the inverse sines and
 * tangents take x / 64, acosh 1 + |x|), each function run
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

enum { N = 1 << 22 };
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
    BENCH_F32("expf", ws_gpu_expf(x), expf(x));
    BENCH_F32("exp2f", ws_gpu_exp2f(x), exp2f(x));
    BENCH_F32("exp10f", ws_gpu_exp10f(x), exp10f(x));
    BENCH_F32("expm1f", ws_gpu_expm1f(x), expm1f(x));
    BENCH_F32("sinhf", ws_gpu_sinhf(x), sinhf(x));
    BENCH_F32("coshf", ws_gpu_coshf(x), coshf(x));
    BENCH_F32("tanhf", ws_gpu_tanhf(x), tanhf(x));
    BENCH_F32("erff", ws_gpu_erff(x), erff(x));
    BENCH_F32("erfcf", ws_gpu_erfcf(x), erfcf(x));
    BENCH_F32("asinf", ws_gpu_asinf(x / 64), asinf(x / 64));
    BENCH_F32("acosf", ws_gpu_acosf(x / 64), acosf(x / 64));
    BENCH_F32("atanhf", ws_gpu_atanhf(x / 64), atanhf(x / 64));
    BENCH_F32("asinhf", ws_gpu_asinhf(x), asinhf(x));
    BENCH_F32("acoshf", ws_gpu_acoshf(1 + fabsf(x)), acoshf(1 + fabsf(x)));
    BENCH_F32("lgammaf", ws_gpu_lgammaf(fabsf(x)), lgammaf(fabsf(x)));
    BENCH_F32("tgammaf", ws_gpu_tgammaf(fabsf(x)), tgammaf(fabsf(x)));
    BENCH_F32("fmodf", ws_gpu_fmodf(x, y), fmodf(x, y));
    BENCH_F32("remaindf", ws_gpu_remainderf(x, y), remainderf(x, y));
    BENCH_F32("rsqrtf", ws_gpu_rsqrtf(fabsf(x)), 1.0f / sqrtf(fabsf(x)));
    BENCH_F64("exp", ws_gpu_exp(x), exp(x));
    BENCH_F64("exp2", ws_gpu_exp2(x), exp2(x));
    BENCH_F64("exp10", ws_gpu_exp10(x), exp10(x));
    BENCH_F64("expm1", ws_gpu_expm1(x), expm1(x));
    BENCH_F64("sinh", ws_gpu_sinh(x), sinh(x));
    BENCH_F64("sin", ws_gpu_sin(x), sin(x));
    BENCH_F64("cos", ws_gpu_cos(x), cos(x));
    BENCH_F64("tan", ws_gpu_tan(x), tan(x));
    BENCH_F64("atan2", ws_gpu_atan2(x, 1.5), atan2(x, 1.5));
    BENCH_F64("log", ws_gpu_log(fabs(x)), log(fabs(x)));
    BENCH_F64("log2", ws_gpu_log2(fabs(x)), log2(fabs(x)));
    BENCH_F64("log10", ws_gpu_log10(fabs(x)), log10(fabs(x)));
    BENCH_F64("log1p", ws_gpu_log1p(fabs(x)), log1p(fabs(x)));
    BENCH_F64("pow", ws_gpu_pow(fabs(x), y), pow(fabs(x), y));
    BENCH_F64("atan", ws_gpu_atan(x), atan(x));
    BENCH_F64("asin", ws_gpu_asin(x / 64), asin(x / 64));
    BENCH_F64("acos", ws_gpu_acos(x / 64), acos(x / 64));
    BENCH_F64("cosh", ws_gpu_cosh(x), cosh(x));
    BENCH_F64("tanh", ws_gpu_tanh(x), tanh(x));
    BENCH_F64("atanh", ws_gpu_atanh(x / 64), atanh(x / 64));
    BENCH_F64("asinh", ws_gpu_asinh(x), asinh(x));
    BENCH_F64("acosh", ws_gpu_acosh(1 + fabs(x)), acosh(1 + fabs(x)));
    BENCH_F64("erf", ws_gpu_erf(x), erf(x));
    BENCH_F64("erfc", ws_gpu_erfc(x), erfc(x));
    BENCH_F64("hypot", ws_gpu_hypot(x, y), hypot(x, y));
    BENCH_F64("lgamma", ws_gpu_lgamma(fabs(x)), lgamma(fabs(x)));
    BENCH_F64("tgamma", ws_gpu_tgamma(fabs(x)), tgamma(fabs(x)));
    BENCH_F64("fmod", ws_gpu_fmod(x, y), fmod(x, y));
    BENCH_F64("remaindr", ws_gpu_remainder(x, y), remainder(x, y));
    BENCH_F64("rsqrt", ws_gpu_rsqrt(fabs(x)), 1.0 / sqrt(fabs(x)));
    return 0;
}
