/* Cube roots with the GPU's bits: cbrtf, rcbrtf (f32), cbrt, rcbrt (f64).
 * The algorithms are CUDA's libdevice's (__nv_cbrtf, __nv_rcbrtf,
 * __nv_cbrt, __nv_rcbrt, the non-FTZ path), re-expressed step by step.
 *
 * All four start from the special-function unit: 2^(-+log2|x| / 3) from
 * its lg2 and ex2 (MUFU.LG2 and MUFU.EX2, modelled in gpumath_lg2.c and
 * gpumath_ex2.c), then refine that guess with Newton-style steps made of
 * correctly rounded fma and multiplies. The f64 versions first scale x
 * into [1/2, 8) by a multiple of 3 in the exponent, so that the f32 guess
 * works on a representable value and the exponent divides exactly.
 * Zeros and infinities come out of a test on x + x == x; NaN results are
 * the GPU's: f32 0x7FFFFFFF, f64 the input quieted.
 * Build with -ffp-contract=off: every fma here is an fma in the algorithm,
 * and every separate multiply and add must stay separate. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* 1/3 rounded to float: the divisor of the base-2 logarithm. */
#define THIRD_F 0x1.555556p-2f

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static uint32_t low_word(double v) { return (uint32_t)ws_inl_f64_bits(v); }
static double from_words(uint32_t lo, uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32 | lo); }

/* ---- f32 ---- */

/* cbrt|x|: guess y = 2^(-2/3 log2|x|) = |x|^(-2/3); then c = |x| y is about
 * |x|^(1/3), and with h = 1 - c^2 y (which is 1 - c^3/|x|, small) one
 * step c + c h / 3 corrects it. The sign of x is put back at the end;
 * zeros and infinities (where x + x == x) return x + x. */
GPUMATH_CLONES static float gpu_cbrtf(float x)
{
    float ax = fabsf(x);
    float y = ws_gpu_ex2_approx_ftz(-0x1.555556p-1f * ws_gpu_lg2_approx(ax));
    float c = ax * y;
    float h = fmaf(c, -c * y, 1.0f);
    float r = fmaf(c, THIRD_F * h, c);
    if (x < 0.0f)
        r = -r;
    float twice = x + x;
    if (twice == x)
        r = twice;
    return gpu_f32(r);
}

/* 1/cbrt|x|: guess y = 2^(-1/3 log2|x|); with h = 1 - y^3 |x| the step
 * y + h y / 3 corrects it. Zeros give infinities and infinities zeros of
 * the same sign, by flipping every exponent bit of x + x. */
GPUMATH_CLONES static float gpu_rcbrtf(float x)
{
    float ax = fabsf(x);
    float y = ws_gpu_ex2_approx_ftz(-THIRD_F * ws_gpu_lg2_approx(ax));
    float h = fmaf(y * y, -ax * y, 1.0f);
    float r = fmaf(h, THIRD_F * y, y);
    if (x < 0.0f)
        r = -r;
    float twice = x + x;
    if (twice == x)
        r = ws_inl_f32(ws_inl_f32_bits(twice) ^ 0x7F800000u);
    return gpu_f32(r);
}

float ws_gpu_cbrtf(float x) { return gpu_cbrtf(x); }
float ws_gpu_rcbrtf(float x) { return gpu_rcbrtf(x); }

/* ---- f64 ---- */

/* |x| = m * 2^(3k) with m in about [1/2, 8), m keeping every bit of x.
 * Subnormals are first scaled up by 2^54 (so their cube root comes out
 * 2^18 too large: *scale_out says so). k = rint((e - 1022) / 3) with the
 * division done as an f32 multiply by 1/3, as the GPU does. */
static double reduce_cube(double x, int32_t *k, int32_t *scale_out)
{
    uint32_t lo = low_word(x);
    uint32_t hi = high_word(x) & 0x7FFFFFFFu;
    uint32_t expo = hi >> 20;
    int32_t scale = 0;
    if (expo == 0) {
        double v = from_words(lo, hi) * 0x1p54;
        lo = low_word(v);
        hi = high_word(v);
        expo = hi >> 20;
        scale = 18;
    }
    *k = (int32_t)f2i_rn(THIRD_F * (float)((int32_t)expo - 1022));
    *scale_out = scale;
    return from_words(lo, hi - ((uint32_t)(3 * *k) << 20));
}

/* v * 2^n for a whole n, by adding n to the exponent field (the GPU's
 * integer add wraps, and so does this unsigned one). */
static double scale_exponent(double v, int32_t n)
{
    return from_words(low_word(v), high_word(v) + ((uint32_t)n << 20));
}

/* cbrt(m) by one Halley step from the f32 guess y = m^(1/3):
 * y + y (m - y^3) / (2 y^3 + m), the division as a reciprocal from the
 * unit refined by one Newton step (e + e^2 sharpens 1 - d r). */
GPUMATH_CLONES static double gpu_cbrt(double x)
{
    int32_t k, scale;
    double m = reduce_cube(x, &k, &scale);
    double y = (double)ws_gpu_ex2_approx_ftz(THIRD_F * ws_gpu_lg2_approx_ftz((float)m));
    double y2 = y * y;
    double d = fma(scale_exponent(y2, 1), y, m); /* 2 y^3 + m */
    double r = ws_gpu_rcp_approx_ftz_f64(d);
    double e = fma(-d, r, 1.0);
    e = fma(e, e, e);
    r = fma(e, r, r);
    double g = fma(y2, -y, m); /* m - y^3 */
    double z = fma(y, r * g, y);
    double res = copysign(scale_exponent(z, k - scale), x);
    /* zeros and infinities (x + x == x) and NaN (unordered) give x + x:
     * for a NaN the input quieted. */
    double twice = x + x;
    return (twice == x || isnan(twice)) ? twice : res;
}

/* m^(-1/3) from the f32 guess y = m^(-1/3): h = 1 - m y^3 is computed
 * with m*y and y*y each split exactly in a high and a low part (fma
 * gives the low one), then y + y h (1/3 + 2/9 h), the second-order
 * correction. */
GPUMATH_CLONES static double gpu_rcbrt(double x)
{
    int32_t k, scale;
    double m = reduce_cube(x, &k, &scale);
    double y = (double)ws_gpu_ex2_approx_ftz(-THIRD_F * ws_gpu_lg2_approx_ftz((float)m));
    double y2 = y * y;
    double p = m * y;
    double h = fma(y2, -p, 1.0);
    double p_lo = fma(m, y, -p);
    h = fma(y2, -p_lo, h);
    double y2_lo = fma(y, y, -y2);
    h = fma(p, -y2_lo, h);
    double c = fma(0x1.c71c71c71c71cp-3, h, 0x1.5555555555555p-2);
    double z = fma(c, h * y, y);
    double res = scale_exponent(z, -(k - scale));
    double twice = x + x;
    double t;
    if (twice == x) /* zeros <-> infinities: flip every exponent bit */
        t = from_words(0, high_word(x) ^ 0x7FF00000u);
    else if (isnan(x))
        t = twice; /* the input quieted */
    else
        t = res;
    return copysign(t, x);
}

double ws_gpu_cbrt(double x) { return gpu_cbrt(x); }
double ws_gpu_rcbrt(double x) { return gpu_rcbrt(x); }
