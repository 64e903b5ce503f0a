/* f32 logarithms with the GPU's bits: logf, log2f, log10f, log1pf. The
 * algorithms are CUDA's libdevice's (__nv_logf ...), re-expressed step by
 * step: the same range reduction, the same polynomials with the same
 * coefficients, the same sequence of correctly rounded fma, mul and add, so
 * the host rounds exactly where the GPU rounds (built with
 * -ffp-contract=off: `a * b + c` stays two operations; fmaf is the
 * GPU's fma.rn). Only the non-FTZ path is followed (nvcc's default). Every
 * NaN result is the GPU's canonical 0x7FFFFFFF. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* Horner's scheme on t, highest coefficient first: c[0]*t + c[1], then
 * times t plus c[2] ..., each step one fma. */
GPUMATH_CLONES static float horner(const float *c, int n, float t)
{
    float p = c[0];
    for (int i = 1; i < n; i++)
        p = fmaf(p, t, c[i]);
    return p;
}

/* ln(2), rounded to float: the weight of the exponent in natural logs. */
#define LN2_F 0x1.62e43p-1f

/* ln(1 + t) + e*ln(2), given the polynomial coefficients (whose last is
 * -1/2): p(t) approximates (ln(1 + t) - t) / t^2, so the sum is
 * t + p*t*t, with t added last inside an fma to keep its bits. Shared by
 * logf and log1pf, which differ in their reduction and coefficients. */
GPUMATH_CLONES static float ln_tail(const float *c, int n, float t, float e)
{
    float q = horner(c, n, t) * t;
    float r = fmaf(q, t, t);
    return fmaf(e, LN2_F, r);
}

/* Coefficients of logf's polynomial on t in about [-1/3, 1/3). */
static const float ln_coef[] = {
    -0x1.0aa04ep-3f, 0x1.2073ecp-3f, -0x1.f19b98p-4f, 0x1.1e52aap-3f, -0x1.55b172p-3f,
    0x1.99da16p-3f,  -0x1.fffe44p-3f, 0x1.5554fp-2f,  -0x1.0p-1f,
};

/* Coefficients of log2f's polynomial on t in about [-0.29, 0.41): p(t)
 * approximates (log2(1 + t) - t/ln(2)) / t^2. */
static const float log2_coef[] = {
    0x1.8d64fep-4f,  -0x1.58fe6p-3f, 0x1.5f9e54p-3f,  -0x1.6e9c86p-3f, 0x1.a417e8p-3f,
    -0x1.ec7916p-3f, 0x1.277f32p-2f, -0x1.715492p-2f, 0x1.ec7094p-2f,  -0x1.715476p-1f,
};

/* 1/ln(2), rounded to float: log2's linear term. */
#define INV_LN2_F 0x1.715476p+0f

/* The core of logf and log2f (and so log10f): log(x) in base e, or base 2
 * when base2. x = 2^k * m with m in [pivot, 2*pivot): the pivot is 2/3 for
 * base e (m in [2/3, 4/3)) and sqrt(1/2) for base 2 (m in [0.707, 1.414)),
 * so t = m - 1 is small either way. The split is integer work on the bits:
 * subtracting the pivot's bits and keeping the sign and exponent field
 * gives k in the exponent's place; subtracting that from x's bits gives m.
 * Subnormals are first scaled into the normal range by 2^23 (the exponent
 * starts at -23 to make up for it). */
GPUMATH_CLONES static float log_core(float x, bool base2)
{
    float e0 = 0.0f;
    if (x < 0x1p-126f) { /* subnormal, zero or negative */
        x = x * 0x1p+23f;
        e0 = -23.0f;
    }
    uint32_t bits = ws_inl_f32_bits(x);
    uint32_t pivot = base2 ? 0x3F3504F3u : 0x3F2AAAABu;
    uint32_t kbits = (bits - pivot) & 0xFF800000u;
    float m = ws_inl_f32(bits - kbits);
    /* k * 2^23 converted to float is exact; scaling by 2^-23 gives k. */
    float e = fmaf((float)(int32_t)kbits, 0x1p-23f, e0);
    float t = m - 1.0f;

    float r;
    if (base2) {
        /* log2(1 + t) = t/ln(2) + p*t*t, then plus the exponent. */
        float q = horner(log2_coef, 10, t) * t;
        q = q * t;
        r = fmaf(t, INV_LN2_F, q) + e;
    } else {
        r = ln_tail(ln_coef, 9, t, e);
    }

    /* Special inputs: +inf, NaN and negatives (sign bit set, so unsigned
     * bits >= inf's) go through x*inf + inf: +inf for +inf, NaN otherwise.
     * Zero of either sign gives -inf (-0 first went the NaN way). */
    if (ws_inl_f32_bits(x) >= 0x7F800000u)
        r = fmaf(x, INFINITY, INFINITY);
    if (x == 0.0f)
        r = -INFINITY;
    return gpu_f32(r);
}

GPUMATH_CLONES static float gpu_logf(float x) { return log_core(x, false); }
float ws_gpu_logf(float x) { return gpu_logf(x); }

GPUMATH_CLONES static float gpu_log2f(float x) { return log_core(x, true); }
float ws_gpu_log2f(float x) { return gpu_log2f(x); }

/* log10(x) = log10(e) * ln(x): one multiplication of logf's result. */
GPUMATH_CLONES static float gpu_log10f(float x) { return gpu_f32(0x1.bcb7b2p-2f * log_core(x, false)); }
float ws_gpu_log10f(float x) { return gpu_log10f(x); }

/* Coefficients of log1pf's polynomial on t in about [-1/4, 1/2). */
static const float ln1p_coef[] = {
    -0x1.737efp-5f,  0x1.b00024p-4f, -0x1.0ef1cp-3f, 0x1.28c8eap-3f, -0x1.54d1bap-3f,
    0x1.995f3cp-3f, -0x1.000084p-2f, 0x1.5555ccp-2f, -0x1.0p-1f,
};

/* log1pf: ln(1 + x) without forming 1 + x's rounding error. k comes from
 * 1 + x rounded toward zero, split against the pivot 3/4, so that
 * (1 + x) * 2^-k lies in about [3/4, 3/2). Then t = (1 + x) * 2^-k - 1 is
 * formed as x * 2^-k (integer work on x's exponent) plus (2^-k - 1), the
 * latter as fma(1/4, 4 * 2^-k, -1), so no precision of x is lost. */
GPUMATH_CLONES static float gpu_log1pf(float x)
{
    uint32_t xbits = ws_inl_f32_bits(x);
    uint32_t u = one_plus_rz_bits(x);
    uint32_t kbits = (u - 0x3F400000u) & 0xFF800000u;
    float xs = ws_inl_f32(xbits - kbits);          /* x * 2^-k */
    float four_s = ws_inl_f32(0x40800000u - kbits); /* 4 * 2^-k */
    float t = xs + fmaf(0.25f, four_s, -1.0f);
    float e = (float)(int32_t)kbits * 0x1p-23f;
    float r = ln_tail(ln1p_coef, 9, t, e);

    /* Special inputs, all with bits >= inf's (unsigned): +inf, NaN, and
     * x < -1 (signed bits above -1's) go through x*inf + inf: +inf or NaN.
     * x in [-1, -0] keeps the polynomial's result (-inf at -1), except -0,
     * which returns -0. */
    if (xbits >= 0x7F800000u) {
        if ((int32_t)xbits > (int32_t)0xBF800000u)
            r = fmaf(x, INFINITY, INFINITY);
        if (x == 0.0f)
            r = -0.0f;
    }
    return gpu_f32(r);
}
float ws_gpu_log1pf(float x) { return gpu_log1pf(x); }
