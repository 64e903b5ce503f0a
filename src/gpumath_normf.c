/* f32 reciprocal norms with the GPU's bits: rhypotf, rnorm3df, rnorm4df.
 * The algorithms are CUDA's libdevice's (__nv_rhypotf, __nv_rnorm3df,
 * __nv_rnorm4df), re-expressed step by step: the same power-of-two scaling,
 * the same sums of squares by correctly rounded fma, and the
 * special-function unit's reciprocal square root (rsqrt.approx.f32),
 * modelled bit for bit by ws_gpu_rsqrt_approx (built with
 * -ffp-contract=off; fmaf is the GPU's fma.rn). Only the non-FTZ path is
 * followed (nvcc's default). Every NaN result is the GPU's canonical
 * 0x7FFFFFFF. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* A power of two s, from the largest magnitude m's exponent field (rounded
 * down to even), with m*s in [1/2, 2): the squares then neither overflow
 * nor underflow, and the same s scales the result back, since
 * 1/sqrt(sum) = s / sqrt(sum * s^2). Integer work, wrapping as on the GPU
 * (also for m = 0, inf or NaN, whose results are decided elsewhere). */
static float norm_scale(float m)
{
    uint32_t e = (ws_inl_f32_bits(m) & 0xFE000000u) - 0x3F800000u + 0x00800000u;
    return ws_inl_f32(0x3F800000u - e);
}

/* PTX min.f32 and max.f32 on magnitudes (never -0): a NaN operand, quiet
 * or signalling, loses to the other (libm's fminf/fmaxf may return NaN for
 * a signalling one); two NaNs give NaN. */
static float ptx_min(float a, float b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    return a < b ? a : b;
}
static float ptx_max(float a, float b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    return a > b ? a : b;
}

/* ---- rhypotf ------------------------------------------------------------ */

/* 1/sqrt(x^2 + y^2). The smaller and larger magnitude are picked by their
 * bits (as signed integers: NaNs order above infinity). An infinite
 * smaller one means both are infinite or one is NaN: the result is 0. */
GPUMATH_CLONES static float gpu_rhypotf(float x, float y)
{
    int32_t ax = (int32_t)ws_inl_f32_bits(fabsf(x));
    int32_t ay = (int32_t)ws_inl_f32_bits(fabsf(y));
    float lo = ws_inl_f32((uint32_t)(ay <= ax ? ay : ax));
    float hi = ws_inl_f32((uint32_t)(ax >= ay ? ax : ay));
    float s = norm_scale(hi);
    float los = lo * s;
    float his = hi * s;
    float sum = fmaf(his, his, los * los);
    float r = ws_gpu_rsqrt_approx(sum) * s;
    if (lo == INFINITY)
        r = 0.0f;
    return gpu_f32(r);
}
float ws_gpu_rhypotf(float x, float y) { return gpu_rhypotf(x, y); }

/* ---- rnorm3df, rnorm4df ------------------------------------------------- */

/* The magnitudes ordered by PTX's min and max (a NaN loses to a number),
 * scaled, squared and summed smallest first. A NaN input makes the plain
 * sum of the magnitudes NaN, and the result NaN, unless the largest
 * magnitude is infinite: that gives 0 (even beside a NaN). */
GPUMATH_CLONES static float gpu_rnorm3df(float a, float b, float c)
{
    float aa = fabsf(a), ab = fabsf(b), ac = fabsf(c);
    float sum = aa + ab + ac;
    float lo = ptx_min(aa, ab);
    float hi1 = ptx_max(aa, ab);
    float mid = ptx_min(hi1, ac);
    float hi = ptx_max(hi1, ac);
    float s = norm_scale(hi);
    float mids = mid * s;
    float los = lo * s;
    float his = hi * s;
    float q = fmaf(los, los, mids * mids);
    q = fmaf(his, his, q);
    float r = ws_gpu_rsqrt_approx(q) * s;
    if (isnan(sum))
        r = sum;
    if (hi == INFINITY)
        r = 0.0f;
    return gpu_f32(r);
}
float ws_gpu_rnorm3df(float a, float b, float c) { return gpu_rnorm3df(a, b, c); }

/* Four magnitudes, ordered by a running min/max: a and b, then c, then d.
 * (The plain sum that detects NaN adds them as a + b + d + c.) */
GPUMATH_CLONES static float gpu_rnorm4df(float a, float b, float c, float d)
{
    float aa = fabsf(a), ab = fabsf(b), ac = fabsf(c), ad = fabsf(d);
    float sum = aa + ab + ad + ac;
    float m1 = ptx_min(aa, ab);
    float h1 = ptx_max(aa, ab);
    float m2 = ptx_min(h1, ac);
    float h2 = ptx_max(h1, ac);
    float m3 = ptx_min(h2, ad);
    float hi = ptx_max(h2, ad);
    float s = norm_scale(hi);
    float s3 = m3 * s;
    float s2 = m2 * s;
    float s1 = m1 * s;
    float sh = hi * s;
    float q = fmaf(s2, s2, s3 * s3);
    q = fmaf(s1, s1, q);
    q = fmaf(sh, sh, q);
    float r = ws_gpu_rsqrt_approx(q) * s;
    if (isnan(sum))
        r = sum;
    if (hi == INFINITY)
        r = 0.0f;
    return gpu_f32(r);
}
float ws_gpu_rnorm4df(float a, float b, float c, float d) { return gpu_rnorm4df(a, b, c, d); }
