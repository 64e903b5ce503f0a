/* f32 inverse square root, inverse sine and cosine, and the inverse
 * hyperbolic functions with the GPU's bits: rsqrtf, asinf, acosf, atanhf,
 * asinhf, acoshf. The algorithms are CUDA's libdevice's (__nv_rsqrtf ...),
 * re-expressed step by step: the same reductions, the same polynomials with
 * the same coefficients, the same sequence of correctly rounded fma, mul and
 * add, so the host rounds exactly where the GPU rounds (built with
 * -ffp-contract=off: `a * b + c` stays two operations; fmaf is the GPU's
 * fma.rn). Square roots and reciprocals start from the special-function
 * unit's approximations (rsqrt.approx, rcp.approx.ftz), modelled bit for bit
 * by ws_gpu_rsqrt_approx(_ftz) and ws_gpu_rcp_approx_ftz. Only the non-FTZ
 * path is followed (nvcc's default). Every NaN result is the GPU's canonical
 * 0x7FFFFFFF. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* ln(2) rounded to float. */
#define LN2_F 0x1.62e43p-1f

/* 1 + x rounded toward zero (PTX add.rz.f32). */
static float add_rz_one(float x) { return ws_inl_f32(one_plus_rz_bits(x)); }

/* ln(1 + x), as CUDA's log1pf, inlined by atanhf, asinhf and acoshf. k comes
 * from 1 + x rounded toward zero, split against the pivot 3/4, so that
 * (1 + x) * 2^-k lies in about [3/4, 3/2); t = (1 + x) * 2^-k - 1 is formed
 * as x * 2^-k (integer work on x's exponent) plus (2^-k - 1), exactly, then
 * ln(1 + t) = t + p(t)*t*t and k*ln(2) is added. Special inputs (unsigned
 * bits at or above inf's): +inf, NaN and x < -1 go through x*inf + inf
 * (+inf or NaN); x in [-1, -0] keeps the polynomial's value, except -0,
 * which gives -0. A NaN result here is not yet canonical. */
GPUMATH_CLONES static float log1p_core(float x)
{
    uint32_t xbits = ws_inl_f32_bits(x);
    uint32_t kbits = (ws_inl_f32_bits(add_rz_one(x)) - 0x3F400000u) & 0xFF800000u;
    float xs = ws_inl_f32(xbits - kbits);          /* x * 2^-k */
    float four_s = ws_inl_f32(0x40800000u - kbits); /* 4 * 2^-k */
    float t = xs + fmaf(0.25f, four_s, -1.0f);
    float e = (float)(int32_t)kbits * 0x1p-23f;
    float p = fmaf(-0x1.737efp-5f, t, 0x1.b00024p-4f);
    p = fmaf(p, t, -0x1.0ef1cp-3f);
    p = fmaf(p, t, 0x1.28c8eap-3f);
    p = fmaf(p, t, -0x1.54d1bap-3f);
    p = fmaf(p, t, 0x1.995f3cp-3f);
    p = fmaf(p, t, -0x1.000084p-2f);
    p = fmaf(p, t, 0x1.5555ccp-2f);
    p = fmaf(p, t, -0x1.0p-1f);
    float q = p * t;
    float r = fmaf(e, LN2_F, fmaf(q, t, t));
    if (xbits >= 0x7F800000u) {
        if ((int32_t)xbits > (int32_t)0xBF800000u)
            r = fmaf(x, INFINITY, INFINITY);
        if (x == 0.0f)
            r = -0.0f;
    }
    return r;
}

/* ---- rsqrtf ------------------------------------------------------------- */

/* 1/sqrt(x) is the special-function unit's approximation itself. */
float ws_gpu_rsqrtf(float x) { return ws_gpu_rsqrt_approx(x); }

/* ---- asinf, acosf ------------------------------------------------------- */

/* Past this magnitude (0.56) both work on s = sqrt((1 - |x|)/2), through
 * asin(|x|) = pi/2 - 2*asin(s). */
#define ASIN_SPLIT 0x1.1eb852p-1f

/* sqrt((1 - ax)/2) from the approximate rsqrt r of h = (1 - ax)/2:
 * s = h*r, refined once by s + s*(1/2 - s*(r/2)). At ax = 1 the
 * approximation of 1/sqrt(0) is inf and the refinement NaN, so 0 is used. */
GPUMATH_CLONES static float half_complement_sqrt(float ax)
{
    float h = fmaf(0.5f, -ax, 0.5f);
    float r = ws_gpu_rsqrt_approx_ftz(h);
    float s = r * h;
    float hr = 0.5f * r;
    float e = fmaf(-s, hr, 0.5f);
    s = fmaf(s, e, s);
    return ax == 1.0f ? 0.0f : s;
}

/* pi/2 as the unevaluated product of two floats: fma(PIO2_A, PIO2_B, v)
 * adds pi/2 to v with one rounding. */
#define PIO2_A 0x1.ddcb02p-1f
#define PIO2_B 0x1.aee9d6p+0f

/* asin(|x|) = x + x*z*P(z), z = x*x, on [0, 0.56]. */
GPUMATH_CLONES static float asinf_kernel(float x)
{
    float z = x * x;
    float p = fmaf(0x1.9ba5eep-5f, z, 0x1.33952ep-6f);
    p = fmaf(p, z, 0x1.7f21dp-5f);
    p = fmaf(p, z, 0x1.32799ep-4f);
    p = fmaf(p, z, 0x1.555808p-3f);
    float q = p * z;
    return fmaf(q, x, x);
}

/* asin(x): on |x| <= 0.56 the polynomial directly; above, pi/2 - 2*asin(s)
 * with s = sqrt((1 - |x|)/2). The sign of x goes back on at the end unless
 * the result is NaN (|x| > 1 or NaN). */
GPUMATH_CLONES static float gpu_asinf(float x)
{
    float ax = fabsf(x);
    float s = half_complement_sqrt(ax);
    bool big = ax > ASIN_SPLIT;
    float k = asinf_kernel(big ? s : ax);
    float z = big ? fmaf(PIO2_A, PIO2_B, -2.0f * k) : k;
    if (z <= INFINITY)
        z = copysignf(z, x);
    return gpu_f32(z);
}
float ws_gpu_asinf(float x) { return gpu_asinf(x); }

/* acos(x) runs its own polynomial P on v = s (|x| > 0.56) or v = x:
 * k = v + v*z*P(z) approximates asin(v). Then
 *   x > 0.56:    2*asin(s)
 *   x < -0.56:   2*(pi/2 - asin(s))   (s keeps x's sign, so k does too)
 *   |x| <= 0.56: pi/2 - asin(x). */
GPUMATH_CLONES static float gpu_acosf(float x)
{
    float ax = fabsf(x);
    float s = half_complement_sqrt(ax);
    bool big = ax > ASIN_SPLIT;
    float v = copysignf(big ? s : ax, x);
    float z = v * v;
    float p = fmaf(0x1.21d9dep-5f, z, 0x1.163576p-6f);
    p = fmaf(p, z, 0x1.f80518p-6f);
    p = fmaf(p, z, 0x1.6e4272p-5f);
    p = fmaf(p, z, 0x1.3327b6p-4f);
    p = fmaf(p, z, 0x1.55558cp-3f);
    float q = p * z;
    float k = fmaf(q, v, v);
    float c = fmaf(PIO2_A, PIO2_B, big ? k : -k);
    float r = x > ASIN_SPLIT ? k : c;
    if (big)
        r = 2.0f * r;
    return gpu_f32(r);
}
float ws_gpu_acosf(float x) { return gpu_acosf(x); }

/* ---- atanhf, asinhf, acoshf --------------------------------------------- */

/* atanh(x) = sign(x)/2 * log1p(2|x| / (1 - |x|)), the quotient through the
 * approximate reciprocal. Past 2^126 that reciprocal would flush to 0, so
 * the argument is set to -2 (log1p gives NaN). */
GPUMATH_CLONES static float gpu_atanhf(float x)
{
    float ax = fabsf(x);
    float t = ws_gpu_rcp_approx_ftz(1.0f - ax) * 2.0f * ax;
    if (ax > 0x1p126f)
        t = -2.0f;
    float half = copysignf(0.5f, x);
    return gpu_f32(half * log1p_core(t));
}
float ws_gpu_atanhf(float x) { return gpu_atanhf(x); }

/* asinh(|x|) = log1p(|x| + x^2 / (1 + sqrt(1 + x^2))), the fraction written
 * as |x| * (|x| / (1 + sqrt(1 + x^2))) and added inside an fma; sqrt via
 * h * rsqrt(h), the division via the approximate reciprocal. Past 2^23,
 * asinh(|x|) = ln(|x|) + ln(2) is taken as log1p(|x|) + ln(2). The sign of x
 * goes back on unless the result is NaN. */
GPUMATH_CLONES static float gpu_asinhf(float x)
{
    float ax = fabsf(x);
    float h = fmaf(x, x, 1.0f);
    float d = fmaf(h, ws_gpu_rsqrt_approx_ftz(h), 1.0f);
    float q = ax * ws_gpu_rcp_approx_ftz(d);
    float t = fmaf(ax, q, ax);
    bool huge = ax > 0x1p23f;
    if (huge)
        t = ax;
    float r = log1p_core(t);
    if (huge)
        r = r + LN2_F;
    if (ax <= INFINITY)
        r = copysignf(r, x);
    return gpu_f32(r);
}
float ws_gpu_asinhf(float x) { return gpu_asinhf(x); }

/* acosh(x) = log1p((x - 1) + sqrt(x^2 - 1)), x^2 - 1 by one fma and its
 * square root as s = h*r refined by s + (h - s*s)*(r/2), r = rsqrt(h)
 * (0 where h is 0). When x - 1 exceeds 2^23 (or is negative: the test is
 * on its unsigned bits) the square root is replaced by -(1 + 2^-23), so
 * log1p sees about x - 2 (or, for x < 1, a value below -1: NaN), and
 * ln(2) is added: acosh(x) = ln(x) + ln(2) there. */
GPUMATH_CLONES static float gpu_acoshf(float x)
{
    float d = x - 1.0f;
    bool huge = ws_inl_f32_bits(d) > 0x4B000000u;
    float h = fmaf(x, x, -1.0f);
    float r = ws_gpu_rsqrt_approx_ftz(h);
    float s = h * r;
    float hr = 0.5f * r;
    float e = fmaf(-s, s, h);
    s = fmaf(e, hr, s);
    if (h == 0.0f)
        s = 0.0f;
    if (huge)
        s = -0x1.000002p+0f;
    float res = log1p_core(s + d);
    if (huge)
        res = res + LN2_F;
    return gpu_f32(res);
}
float ws_gpu_acoshf(float x) { return gpu_acoshf(x); }
