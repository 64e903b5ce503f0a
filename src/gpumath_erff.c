/* f32 error functions with the GPU's bits: erff, erfcf, normcdff, erfcxf.
 * The algorithms are CUDA's libdevice's (__nv_erff, __nv_erfcf,
 * __nv_normcdff, __nv_erfcxf), re-expressed step by step on the non-FTZ
 * path (nvcc's default): the same reductions, coefficients and sequence of
 * correctly rounded fma, mul and add (built with -ffp-contract=off; fmaf
 * is the GPU's fma.rn). They use the special-function unit's 2^x
 * (ex2.approx.ftz) and approximate reciprocal and division, modelled bit
 * for bit in gpumath_ex2.c and gpumath_mufu.c, and erfcxf uses expf
 * (gpumath_expf.c). Every NaN result is the GPU's canonical 0x7FFFFFFF. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

WS_API float ws_gpu_expf(float x); /* gpumath_expf.c */

#define LOG2E_F 0x1.715476p+0f
#define MAGIC_F 0x1.8p+23f /* 1.5 * 2^23: integers in its low bits */
/* Beyond this |x|, erfc(x) is below the smallest float: the result is 0. */
#define ERFC_ZERO_F 0x1.41c290p+3f

/* erff: below |x| = 1.003 an odd polynomial x + x p(x^2); above,
 * 1 - 2^(q(|x|)) with q a polynomial that approximates log2(erfc(|x|))
 * (written as fma(p, -|x|, -|x|)), given x's sign. Both share one Horner
 * loop with coefficients picked per range. */
static const float erf_small[7] = {
    0x1.63d2d4p-14f, -0x1.ae9a40p-11f, 0x1.55abd4p-8f, -0x1.b837cep-6f,
    0x1.ce315ep-4f,  -0x1.812758p-2f,  0x1.06eba6p-3f,
};
static const float erf_large[7] = {
    0x1.d69874p-14f, -0x1.5c00b6p-10f, 0x1.13233ep-7f, -0x1.49b334p-5f,
    0x1.46aa32p-3f,  0x1.d369f2p-1f,   0x1.421428p-1f,
};

GPUMATH_CLONES static float gpu_erff(float x)
{
    float ax = fabsf(x);
    bool large = ax >= 0x1.00c1fcp+0f;
    const float *c = large ? erf_large : erf_small;
    float t = large ? ax : x * x;
    float p = fmaf(c[0], t, c[1]);
    for (int i = 2; i < 7; i++)
        p = fmaf(p, t, c[i]);
    float y = large ? -t : x;
    float r = fmaf(p, y, y);
    if (large)
        r = copysignf(1.0f - mufu_ex2_ftz(r), x);
    return gpu_f32(r);
}
float ws_gpu_erff(float x) { return gpu_erff(x); }

/* erfcx(x) = e^(x^2) erfc(x) for x >= 0, libdevice's kernel: with
 * t = (x - 4) / (x + 4) (the quotient from the unit's reciprocal, then
 * corrected by one residual step), a polynomial in t approximates
 * (1 + 2x) erfcx(x); the division by 1 + 2x is again the unit's
 * reciprocal followed by one correction. */
static const float erfcx_coef[11] = {
    0x1.d34122p-11f, 0x1.cdc0b6p-8f,  -0x1.03f696p-6f, 0x1.2a6e76p-5f,
    -0x1.10f8b4p-4f, 0x1.8043aap-4f,  -0x1.9da848p-4f, 0x1.16e9bcp-4f,
    0x1.f7e2e0p-7f,  -0x1.1df1a8p-3f, 0x1.3ba592p+0f,
};

GPUMATH_CLONES static float erfcx_kernel(float x)
{
    float rc = ws_gpu_rcp_approx_ftz(x + 4.0f);
    float q = (x - 4.0f) * rc;
    float e = fmaf(-4.0f, q + 1.0f, x); /* x - 4 - q (x + 4) */
    e = fmaf(-q, x, e);
    float t = fmaf(rc, e, q);
    float p = fmaf(erfcx_coef[0], t, erfcx_coef[1]);
    for (int i = 2; i < 11; i++)
        p = fmaf(p, t, erfcx_coef[i]);
    float rd = ws_gpu_rcp_approx_ftz(fmaf(2.0f, x, 1.0f));
    float y = p * rd;
    float w = fmaf(x, -2.0f * y, p); /* p - (1 + 2x) y */
    w = w - y;
    return fmaf(w, rd, y);
}

/* 2^(x log2(e)) for x <= 0 (libdevice's internal expf kernel): x = j ln2
 * + r, j = trunc(x log2(e)) clamped to [-126, 126], ln2 in two parts;
 * then the unit's 2^(r log2(e)) times 2^j, whose exponent field is the low
 * bits of j + 1.5 * 2^23 + 127 shifted into place. */
GPUMATH_CLONES static float exp_kernel(float x)
{
    float j = truncf(x * LOG2E_F);
    if (fabsf(j) > 126.0f)
        j = copysignf(126.0f, j);
    float r = fmaf(j, -0x1.62e430p-1f, x);
    r = fmaf(j, 0x1.05c610p-29f, r);
    r = r * LOG2E_F;
    uint32_t field = ws_inl_f32_bits(j + (MAGIC_F + 127.0f + 0.0f)) << 23;
    return mufu_ex2_ftz(r) * ws_inl_f32(field);
}

/* erfc(z) = erfcx(|z|) e^(-z^2), and 2 - that for z < 0. e^(-z^2) is
 * e^(-m) with m = z^2 rounded, times 1 + (m - z^2) to restore the square's
 * rounding error (from an fma). 0 beyond |z| = 10.05. */
GPUMATH_CLONES static float erfc_core(float z)
{
    float x = fabsf(z);
    float k = erfcx_kernel(x);
    float m = -x * x;
    float e = exp_kernel(m);
    float c = fmaf(-x, x, -m);
    float r = k * fmaf(e, c, e);
    if (x > ERFC_ZERO_F)
        r = 0.0f;
    if (z < 0.0f)
        r = 2.0f - r;
    return r;
}

GPUMATH_CLONES static float gpu_erfcf(float x) { return gpu_f32(erfc_core(x)); }
float ws_gpu_erfcf(float x) { return gpu_erfcf(x); }

/* normcdff(x) = erfc(-x / sqrt(2)) / 2. x is clamped to +-14.5 (the result
 * is already 0 or 1), then z = -x/sqrt(2) is formed as h + l, h the
 * rounded product and l its error plus the tail of 1/sqrt(2). For
 * x < -1, where erfc(z) is small and steep, erfc(h + l) gets a first-order
 * correction for the part of h + l that z lost in rounding:
 * erfc'(z) = -2z/sqrt(pi) e^(-z^2) ~ -2z erfc(z). */
GPUMATH_CLONES static float gpu_normcdff(float x)
{
    float c = fabsf(x) > 14.5f ? copysignf(14.5f, x) : x;
    float h = c * -0x1.6a09e6p-1f;
    float l = fmaf(c, -0x1.6a09e6p-1f, -h);
    l = fmaf(c, -0x1.9fcef4p-27f, l);
    float z = h + l;
    float r = erfc_core(z);
    if (c < -1.0f) {
        float lost = (h - z) + l;
        r = fmaf(-2.0f * z * r, lost, r);
    }
    return gpu_f32(0.5f * r);
}
float ws_gpu_normcdff(float x) { return gpu_normcdff(x); }

/* x * x rounded toward zero (PTX mul.rz): the exact product is a double;
 * rounded to nearest as a float, then one step toward zero if that went
 * up (this also turns an overflow's infinity into the largest float). */
static float mul_rz_square(float x)
{
    double exact = (double)x * x;
    float r = (float)exact;
    return (double)r > exact ? nextafterf(r, 0.0f) : r;
}

/* erfcxf: for |x| < 10.05 the kernel; above, the asymptotic series
 * erfcx(x) ~ (1/sqrt(pi)) (1/x) (1 - 1/(2x^2) + 3/(4x^4) - ...), with 1/x
 * from the unit's division (0.25 / (0.25 x), so that huge x does not
 * overflow the divisor's scaling). For x < 0, erfcx(x) = 2 e^(x^2) -
 * erfcx(|x|), e^(x^2) from expf of x^2 rounded toward zero, corrected by
 * the square's remainder; an infinite 2 e^(x^2) is the result. */
GPUMATH_CLONES static float gpu_erfcxf(float x)
{
    float ax = fabsf(x);
    float t;
    if (ax < ERFC_ZERO_F) {
        t = erfcx_kernel(ax);
    } else {
        float w = ws_gpu_div_approx(0.25f, 0.25f * ax);
        float w2 = w * w;
        float p = fmaf(6.5625f, w2, -1.875f);
        p = fmaf(p, w2, 0.75f);
        p = fmaf(p, w2, -0.5f);
        p = fmaf(p, w2, 1.0f);
        t = p * (w * 0x1.20dd76p-1f);
    }
    if (x < 0.0f) {
        float hi = mul_rz_square(ax);
        float lo = fmaf(ax, ax, -hi);
        float e2 = ws_gpu_expf(hi);
        e2 = e2 + e2;
        t = e2 == INFINITY ? e2 : fmaf(e2, lo, e2) - t;
    }
    return gpu_f32(t);
}
float ws_gpu_erfcxf(float x) { return gpu_erfcxf(x); }
