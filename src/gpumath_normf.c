/* f32 reciprocal norms with the GPU's bits: rhypotf, rnorm3df, rnorm4df.
 * The algorithms are CUDA's libdevice's (__nv_rhypotf, __nv_rnorm3df,
 * __nv_rnorm4df), re-expressed step by step: the same power-of-two scaling,
 * the same sums of squares by correctly rounded fma, and the
 * special-function unit's reciprocal square root (rsqrt.approx.f32),
 * modelled bit for bit by ws_gpu_rsqrt_approx (built with
 * -ffp-contract=off; fmaf is the GPU's fma.rn). Only the non-FTZ path is
 * followed (nvcc's default). Every NaN result is the GPU's canonical
 * 0x7FFFFFFF. The steps shared with hypotf, norm3df and norm4df
 * (gpumath_norms.c) are gpumath_internal.h's. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* ---- rhypotf ------------------------------------------------------------ */

/* 1/sqrt(x^2 + y^2). The same scale 2^-e undoes itself, since
 * 1/sqrt(sum) = 2^-e / sqrt(sum * 2^-2e). An infinite smaller magnitude
 * means both are infinite or one is NaN: the result is 0. */
GPUMATH_CLONES static float gpu_rhypotf(float x, float y)
{
    float lo, hi;
    uint32_t e;
    float q = norm2_squares_f32(x, y, &lo, &hi, &e);
    float r = ws_gpu_rsqrt_approx(q) * norm_down_f32(e);
    if (lo == INFINITY)
        r = 0.0f;
    return gpu_f32(r);
}
float ws_gpu_rhypotf(float x, float y) { return gpu_rhypotf(x, y); }

/* ---- rnorm3df, rnorm4df ------------------------------------------------- */

/* rnorm3df and rnorm4df of the magnitudes m[0..n-1]. A NaN input makes the
 * plain sum of the magnitudes NaN, and the result NaN, unless the largest
 * magnitude is infinite: that gives 0 (even beside a NaN). */
GPUMATH_CLONES static float gpu_rnorm_n(int n, const float *m, float sum)
{
    float hi;
    uint32_t e;
    float q = normn_squares_f32(n, m, &hi, &e);
    float r = ws_gpu_rsqrt_approx(q) * norm_down_f32(e);
    if (isnan(sum))
        r = sum;
    if (hi == INFINITY)
        r = 0.0f;
    return gpu_f32(r);
}
float ws_gpu_rnorm3df(float a, float b, float c)
{
    float m[3] = {fabsf(a), fabsf(b), fabsf(c)};
    return gpu_rnorm_n(3, m, m[0] + m[1] + m[2]);
}
/* (The plain sum that detects NaN adds the four as a + b + d + c.) */
float ws_gpu_rnorm4df(float a, float b, float c, float d)
{
    float m[4] = {fabsf(a), fabsf(b), fabsf(c), fabsf(d)};
    return gpu_rnorm_n(4, m, m[0] + m[1] + m[3] + m[2]);
}
