/* powf with the GPU's bits. The algorithm is CUDA's libdevice's
 * (__nv_powf, the non-FTZ path), re-expressed step by step: log2(|x|) in
 * extended precision (a head and a tail float, built around the GPU's
 * approximate reciprocal), times y as an exact double-float product, then
 * 2^(that) from a polynomial and an exponent split into two scalings.
 * Special inputs (x = 1, y = 0, NaNs, zeros, infinities, x = -1 with
 * y = +-inf, negative x) are settled last, as the library settles them.
 * Build with -ffp-contract=off: every fmaf here is an fma in the
 * algorithm, and every separate multiply and add must stay separate. Every
 * NaN result is the GPU's canonical 0x7FFFFFFF. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* 1/ln(2) as a float, and the next bits of it (1/ln(2) - that, about
 * 1.93e-8): together they carry log2(e) to about 48 bits. */
#define LOG2E_HI 0x1.715476p+0f
#define LOG2E_LO 0x1.4abc68p-26f

/* rcp.approx.ftz.f32 (MUFU.RCP, gpumath_mufu.c) of a v in [1, 4): its
 * datapath's 1/1.m scaled by v's power of two, always normal. Inline, as
 * the unit's table lookups are on powf's longest chain. */
static inline float rcp_1_to_4(float v)
{
    uint32_t b = ws_inl_f32_bits(v);
    return ws_inl_f32(mufu_rcp_fixed(b & 0x7FFFFFu) + 0x3E800000u - (b & 0x7F800000u) + 0x3F800000u);
}

/* log2(|x|) as a head and a tail, hi + lo, to well beyond float precision.
 * |x| = 2^k * m with m in [sqrt(1/2), sqrt(2)) (the split is integer work
 * on the bits, against the bits of sqrt(1/2); subnormals are first scaled
 * by 2^24). Then log2(m) = 2 atanh(u/2)/ln(2) with u = 2(m - 1)/(m + 1):
 * u is formed with the approximate reciprocal of m + 1, and its error is
 * recovered as a correction term ((2(m - 1) - u(m + 1)) times the
 * reciprocal), so the series u*log2(e) + u^3*P(u^2) gets an accurate
 * linear part. */
GPUMATH_CLONES static void log2_ext(float ax, float *hi_out, float *lo_out)
{
    float e0 = 0.0f;
    if (ax < 0x1p-126f) { /* subnormal or zero: scale into the normal range */
        ax = ax * 0x1p+24f;
        e0 = -24.0f;
    }
    uint32_t bits = ws_inl_f32_bits(ax);
    uint32_t kbits = (bits - 0x3F3504F3u) & 0xFF800000u;
    float m = ws_inl_f32(bits - kbits);
    /* k * 2^23 converted to float is exact; scaling by 2^-23 gives k. */
    float k = fmaf((float)(int32_t)kbits, 0x1p-23f, e0);

    /* u = 2(m - 1)/(m + 1) through the approximate reciprocal. */
    float mm1 = m - 1.0f;
    float rcp = rcp_1_to_4(m + 1.0f);
    float u = (2.0f * mm1) * rcp;
    float u2 = u * u;
    /* The error of u: (2(m - 1) - u(m + 1)) / (m + 1), written as
     * 2(m - 1 - u) - u(m - 1) to keep it exact, times the reciprocal. */
    float du = 2.0f * (mm1 - u);
    du = fmaf(-u, mm1, du);
    du = rcp * du;

    /* Odd terms beyond the linear one: u^2 * P(u^2), later times u. */
    float p = fmaf(0x1.5865c8p-11f, u2, 0x1.a5cfb6p-9f);
    p = fmaf(p, u2, 0x1.2776e6p-6f);
    p = fmaf(p, u2, 0x1.ec709ep-4f);
    p = p * u2;

    /* k + u*log2(e) as an exact head and its rounding error. */
    float hi = fmaf(u, LOG2E_HI, k);
    float lo = k - hi;
    lo = fmaf(u, LOG2E_HI, lo);
    /* Add the correction of u and the low bits of log2(e) to the tail;
     * the 3*p*du term is the correction's effect on the cubic and higher
     * terms (d(u^3 P)/du ~ 3 u^2 P). */
    lo = fmaf(du, LOG2E_HI, lo);
    lo = fmaf(u, LOG2E_LO, lo);
    float r = fmaf(3.0f * p, du, lo);
    r = fmaf(p, u, r);

    /* Renormalise: the head is hi + r rounded, the tail what it lost. */
    float s = hi + r;
    float t = s + (-hi);
    *hi_out = s;
    *lo_out = r + (-t);
}

/* 2^(hi + lo) for the product y*log2|x| given as hi + lo: the nearest
 * integer n of hi is split off (ties to even), the fraction f in about
 * [-1/2, 1/2] goes through a polynomial for 2^f, and 2^n is applied as
 * two power-of-two multiplications so that results near the overflow and
 * underflow thresholds (including subnormals) round only once. Beyond
 * |hi| > 152 the result is 0 or +inf outright. */
GPUMATH_CLONES static float exp2_ext(float hi, float lo)
{
    float n = nearbyintf(hi);
    float f = (hi - n) + lo;

    float q = fmaf(0x1.3f971cp-13f, f, 0x1.5f0bdap-10f);
    q = fmaf(q, f, 0x1.3b30acp-7f);
    q = fmaf(q, f, 0x1.c6af76p-5f);
    q = fmaf(q, f, 0x1.ebfbd8p-3f);
    q = fmaf(q, f, 0x1.62e43p-1f);
    q = fmaf(q, f, 1.0f);

    /* 2^n = 2^127 * 2^(n - 127) for n > 0, else 2^-123 * 2^(n + 123):
     * both factors are normal floats for every |n| <= 152. The second's
     * bits are n << 23 less the first's offset from 2^0's (wrapping). */
    if (fabsf(n) <= 100.0f) /* 2^n and q 2^n both normal: one exact scaling gives the same bits */
        return q * ws_inl_f32((uint32_t)((int32_t)n + 127) << 23);
    uint32_t off = 0x83000000u & (0u - (uint32_t)!(n > 0.0f)); /* no branch: n's sign is random */
    float scale1 = ws_inl_f32(0x7F000000u + off);
    /* n clamped first (a NaN to the low end) so that the conversion needs
     * no checks: |n| > 152 is replaced below. */
    float nc = n > -160.0f ? n : -160.0f;
    nc = nc < 160.0f ? nc : 160.0f;
    float scale2 = ws_inl_f32(((uint32_t)(int32_t)nc << 23) - off);
    float r = (q * scale1) * scale2;

    if (fabsf(hi) > 152.0f)
        r = hi < 0.0f ? 0.0f : INFINITY;
    return r;
}

GPUMATH_CLONES static float gpu_powf(float x, float y)
{
    /* Whether y is an odd integer: y - 2*trunc(y/2) is +-1 exactly then. */
    float yh = truncf(0.5f * y);
    bool y_odd = fabsf(y - 2.0f * yh) == 1.0f;

    /* The general result, |x|^y: exp2(y * log2|x|), with the product
     * formed exactly as a head (ph) plus an error term, to which y times
     * log2's tail is added. */
    float lh, ll;
    log2_ext(fabsf(x), &lh, &ll);
    float ph = lh * y;
    float pl = fmaf(lh, y, -ph);
    pl = fmaf(ll, y, pl);
    float t = exp2_ext(ph, pl);

    /* Special cases, in the library's order. */
    if (x == 1.0f || y == 0.0f)
        return 1.0f;
    if (isnan(x) || isnan(y))
        return gpu_f32(x + y);
    if (x == 0.0f || isinf(x)) {
        /* +-0 or +-inf: x + x keeps x (and its sign); a negative y swaps
         * zero and infinity by flipping every exponent bit; the sign
         * survives only for odd integer y. */
        uint32_t b = ws_inl_f32_bits(x + x);
        if (y < 0.0f)
            b ^= 0x7F800000u;
        if (!y_odd)
            b &= 0x7FFFFFFFu;
        return ws_inl_f32(b);
    }
    if (x == -1.0f && isinf(y))
        return 1.0f;
    if (x < 0.0f) {
        /* Negative x: the sign of |x|^y for odd integer y, NaN for a
         * non-integer y (an infinite y counts as an even integer). */
        if (y != floorf(y))
            return ws_inl_f32(WS_F32_CANONICAL_NAN);
        return gpu_f32(y_odd ? -t : t);
    }
    return gpu_f32(t);
}
float ws_gpu_powf(float x, float y) { return gpu_powf(x, y); }
