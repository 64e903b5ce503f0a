/* f64 sine and cosine with the GPU's bits: sin, cos, sincos, and the
 * half-turn forms sinpi, cospi, sincospi. The algorithms are CUDA's
 * libdevice's (__nv_sin, __nv_cos, __nv_sincos, __nv_sinpi, __nv_cospi,
 * __nv_sincospi), re-expressed in C step by step: the same fma, mul and add
 * in the same order, the same integer work, the same tables. Built with
 * -ffp-contract=off, each host operation rounds once as the GPU's .rn
 * instruction does.
 *
 * Outline: reduce the argument to t in about [-pi/4, pi/4] and a quadrant
 * q (the count of quarter turns taken off), evaluate sine's or cosine's
 * polynomial at t, and swap or negate by q. sin/cos reduce by pi/2 in
 * three fma steps (Cody-Waite), or, from 2^31 up, by an exact product with
 * 2/pi's bits (Payne-Hanek). The pi forms reduce exactly by halves and
 * multiply the remainder by pi.
 *
 * NaN results: a NaN argument comes back quieted (every NaN in flight is
 * that one), and a NaN made from an infinity is the default NaN; each
 * function fixes its NaN results to those bits at the end, so that they do
 * not hang on the host's NaN rules. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* ---- bit helpers ---- */

static uint32_t hi_word(double x) { return (uint32_t)(ws_f64_bits(x) >> 32); }

static double from_words(uint32_t lo, uint32_t hi)
{
    return ws_f64_from_bits((uint64_t)hi << 32 | lo);
}

/* Negation by flipping the sign bit (no arithmetic: -0 <-> +0). */
static double flip_sign(double x) { return ws_f64_from_bits(ws_f64_bits(x) ^ UINT64_C(0x8000000000000000)); }

/* cvt.rni.s32.f64: round to nearest even, saturating; NaN gives 0. */
static int32_t d2i_rn(double x)
{
    if (isnan(x))
        return 0;
    if (x >= 0x1.fffffffep+30) /* 2^31 - 1/2 rounds up to 2^31 */
        return INT32_MAX;
    if (x <= -0x1p+31)
        return INT32_MIN;
    return (int32_t)nearbyint(x);
}

/* The low 32 bits of cvt.rzi.s64.f64 (truncate, saturating; NaN gives 0):
 * the quadrant of the pi forms. Only sinpi meets values past 2^63, whose
 * result it then replaces; saturating keeps the host's conversion defined. */
static uint32_t d2ll_rz_low(double x)
{
    if (isnan(x))
        return 0;
    if (x >= 0x1p+63)
        return UINT32_C(0xFFFFFFFF);
    if (x < -0x1p+63)
        return 0;
    return (uint32_t)(uint64_t)(int64_t)x;
}

/* ---- 128-bit integer steps of the large-argument reduction ---- */

/* a * b + c as a 128-bit value (hi, lo); the GPU does it as a chain of
 * 32-bit mad.lo/mad.hi with carries, which is exact, as this is. */
static uint64_t mul_add_128(uint64_t a, uint64_t b, uint64_t c, uint64_t *hi)
{
    uint64_t alo = a & 0xFFFFFFFFu, ahi = a >> 32, blo = b & 0xFFFFFFFFu, bhi = b >> 32;
    uint64_t ll = alo * blo, lh = alo * bhi, hl = ahi * blo, hh = ahi * bhi;
    /* middle column: three 32-bit parts and the carry-in, no overflow */
    uint64_t mid = (ll >> 32) + (lh & 0xFFFFFFFFu) + (hl & 0xFFFFFFFFu);
    uint64_t lo = (mid << 32) | (ll & 0xFFFFFFFFu);
    uint64_t h = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    lo += c;
    h += lo < c;
    *hi = h;
    return lo;
}

/* 2/pi's bits, 64 at a time, least significant word first (word 17 holds
 * 0.A2F9836E... = 2/pi). 18 words cover any double's exponent. */
static const uint64_t two_over_pi_bits[18] = {
    UINT64_C(0x6BFB5FB11F8D5D08), UINT64_C(0x3D0739F78A5292EA), UINT64_C(0x7527BAC7EBE5F17B),
    UINT64_C(0x4F463F669E5FEA2D), UINT64_C(0x6D367ECF27CB09B7), UINT64_C(0xEF2F118B5A0A6D1F),
    UINT64_C(0x1FF897FFDE05980F), UINT64_C(0x9C845F8BBDF9283B), UINT64_C(0x3991D639835339F4),
    UINT64_C(0xE99C7026B45F7E41), UINT64_C(0xE88235F52EBB4484), UINT64_C(0xFE1DEB1CB129A73E),
    UINT64_C(0x06492EEA09D1921C), UINT64_C(0xB7246E3A424DD2E0), UINT64_C(0xFE5163ABDEBBC561),
    UINT64_C(0xDB6295993C439041), UINT64_C(0xFC2757D1F534DDC0), UINT64_C(0xA2F9836E4E441529),
};

/* Payne-Hanek reduction for |a| >= 2^31: a * 2/pi in fixed point, from
 * only the words of 2/pi whose product with a lands near the binary point
 * (the integer part beyond two bits is a multiple of 4 quarter turns; the
 * far fraction is below the result's precision). The two bits above the
 * point give the quadrant; the fraction times pi/2 gives t, rounded by hand
 * into a double. */
static double reduce_quadrant_slow(double a, uint32_t *quadrant)
{
    uint32_t hi32 = hi_word(a), sign = hi32 & 0x80000000u;
    uint32_t biased = (hi32 >> 20) & 0x7FF;
    if (biased == 0x7FF) { /* inf or NaN: unchanged, quadrant 0 */
        *quadrant = 0;
        return a;
    }
    uint32_t e = biased - 1024;
    uint64_t mant = ws_f64_bits(a) << 11 | UINT64_C(0x8000000000000000); /* a = mant * 2^(e-62) */

    /* 64-bit words of the product mant * 2/pi, the lowest one first */
    uint64_t prod[5];
    int first = 16 - (int)(e >> 6);
    int end = first + 3 < 18 ? first + 3 : 18;
    uint64_t carry = 0;
    int k = first - 1;
    for (; k < end; k++)
        prod[k - (first - 1)] = mul_add_128(two_over_pi_bits[k], mant, carry, &carry);
    prod[k - (first - 1)] = carry;

    /* line the binary point up at the top of hi: 2 integer bits, then fraction */
    uint32_t shift = e & 63;
    uint64_t hi = prod[3], lo = prod[2];
    if (shift != 0) {
        hi = hi << shift | lo >> (64 - shift);
        lo = lo << shift | prod[1] >> (64 - shift);
    }
    uint32_t q = (uint32_t)(hi >> 62);
    hi = hi << 2 | lo >> 62;
    lo <<= 2;
    /* a fraction of a half or more rounds the quadrant up and leaves a
     * negative remainder: take the two's complement and flip the sign */
    uint32_t up = (uint32_t)(hi >> 63);
    q += up;
    if (sign != 0)
        q = 0u - q;
    if (up != 0) {
        lo = 0u - lo;
        hi = 0u - hi - (lo != 0);
        sign ^= 0x80000000u;
    }

    /* normalize the fraction (a PTX shift by 64 gives 0, so hi == 0 takes lo) */
    uint32_t lz = hi == 0 ? 64 : (uint32_t)__builtin_clzll(hi);
    if (lz != 0)
        hi = (lz < 64 ? hi << lz : 0) | lo >> (64 - lz);

    /* times pi/2: pi/4 in 0.64 fixed point, with one more bit if the
     * product's top bit is clear */
    uint64_t phi;
    uint64_t plo = mul_add_128(hi, UINT64_C(0xC90FDAA22168C235), 0, &phi);
    if ((int64_t)phi > 0) {
        phi = phi << 1 | plo >> 63;
        lz++;
    }
    /* round the 64-bit significand to 53 bits (to nearest, ties up) and
     * assemble the double; the significand's top bit adds one to the
     * exponent field */
    uint64_t bits = ((uint64_t)sign << 32) | (((uint64_t)(1022 - lz) << 52) + ((((phi + 1) >> 10) + 1) >> 1));
    *quadrant = q;
    return ws_f64_from_bits(bits);
}

/* a = t + q * pi/2. Below 2^31: q = round(a * 2/pi), t by three fma steps
 * with pi/2 split in three parts (q * each part is exact enough). From 2^31
 * up: Payne-Hanek. An infinity becomes the default NaN (a * 0). */
GPUMATH_CLONES static double reduce_quadrant(double a, uint32_t *quadrant)
{
    if (fabs(a) == INFINITY) {
        *quadrant = 0;
        return a * 0.0;
    }
    int32_t j = d2i_rn(a * 0x1.45f306dc9c883p-1);
    double nj = -(double)j;
    double t = fma(nj, 0x1.921fb54442d18p+0, a);
    t = fma(nj, 0x1.1a62633145c00p-54, t);
    t = fma(nj, 0x1.b839a252049c0p-104, t);
    if (fabs(a) >= 0x1p+31)
        return reduce_quadrant_slow(a, quadrant);
    *quadrant = (uint32_t)j;
    return t;
}

/* The same reduction for other files (gpumath_internal.h). */
double reduce_half_pi_f64(double a, uint32_t *quadrant) { return reduce_quadrant(a, quadrant); }

/* Past 2^53 (|x|'s high word above 0x43400000; inf and NaN too) x is an
 * even integer, whose cospi is 1 and sinpi a zero: cospi and sincospi put
 * x * 0 in its place (a zero of its sign; NaN for inf and NaN). */
static double drop_huge(double x)
{
    uint32_t hi = hi_word(x);
    return hi + hi > UINT32_C(0x86800000) ? x * 0.0 : x;
}

/* a = t/pi + q/2, for the pi forms: q = round(2a), exact (2a is made by
 * adding one to the exponent field, round to nearest even), the remainder
 * a - q/2 is exact, then times pi in two parts. */
GPUMATH_CLONES static double reduce_halfturn(double a, uint32_t *quadrant)
{
    uint64_t b = ws_f64_bits(a);
    double twice = from_words((uint32_t)b, (uint32_t)(b >> 32) + (UINT32_C(1) << 20));
    double r = nearbyint(twice);
    *quadrant = d2ll_rz_low(r);
    double f = fma(-r, 0.5, a);
    return fma(f, 0x1.921fb54442d18p+1, f * 0x1.1a62633145c07p-53);
}

/* ---- polynomials on [-pi/4, pi/4], t2 = t * t ---- */

/* sin t = t + t^3 * P(t^2) */
GPUMATH_CLONES static double poly_sin(double t, double t2)
{
    double p = fma(0x1.5db65f9785ebap-33, t2, -0x1.ae5f12cb0d246p-26);
    p = fma(p, t2, 0x1.71de369ace392p-19);
    p = fma(p, t2, -0x1.a01a019db62a1p-13);
    p = fma(p, t2, 0x1.1111111110818p-7);
    p = fma(p, t2, -0x1.5555555555554p-3);
    p = fma(p, t2, 0.0);
    return fma(p, t, t);
}

/* cos t = 1 + t^2 * Q(t^2) */
GPUMATH_CLONES static double poly_cos(double t2)
{
    double p = fma(-0x1.8ff8320fd8164p-37, t2, 0x1.1eea7c1ef8528p-29);
    p = fma(p, t2, -0x1.27e4f8e06e6d9p-22);
    p = fma(p, t2, 0x1.a01a019ddbce9p-16);
    p = fma(p, t2, -0x1.6c16c16c15d47p-10);
    p = fma(p, t2, 0x1.5555555555551p-5);
    p = fma(p, t2, -0.5);
    return fma(p, t2, 1.0);
}

/* One value at quadrant q: odd q takes cosine's polynomial, q & 2 negates
 * (by fma(r, -1, 0), which turns a zero into +0). */
GPUMATH_CLONES static double quadrant_value(double t, uint32_t q)
{
    double t2 = t * t;
    double r = (q & 1) ? poly_cos(t2) : poly_sin(t, t2);
    if (q & 2)
        r = fma(r, -1.0, 0.0);
    return r;
}

/* Both values at quadrant q; swaps and negations flip sign bits. */
static void quadrant_pair(double t, uint32_t q, double *s, double *c)
{
    double t2 = t * t;
    double cv = poly_cos(t2);
    double sv = poly_sin(t, t2);
    if (q & 1) {
        double tmp = sv;
        sv = cv;
        cv = flip_sign(tmp);
    }
    if (q & 2) {
        sv = flip_sign(sv);
        cv = flip_sign(cv);
    }
    *s = sv;
    *c = cv;
}

/* ---- the functions ---- */

GPUMATH_CLONES static double gpu_sin(double x)
{
    uint32_t q;
    double t = reduce_quadrant(x, &q);
    return f64_nan_fix(quadrant_value(t, q), x);
}
double ws_gpu_sin(double x) { return gpu_sin(x); }

GPUMATH_CLONES static double gpu_cos(double x)
{
    uint32_t q;
    double t = reduce_quadrant(x, &q);
    return f64_nan_fix(quadrant_value(t, q + 1), x);
}
double ws_gpu_cos(double x) { return gpu_cos(x); }

GPUMATH_CLONES static void gpu_sincos(double x, double *s, double *c)
{
    uint32_t q;
    double t = reduce_quadrant(x, &q);
    double sv, cv;
    quadrant_pair(t, q, &sv, &cv);
    *s = f64_nan_fix(sv, x);
    *c = f64_nan_fix(cv, x);
}
void ws_gpu_sincos(double x, double *s, double *c) { gpu_sincos(x, s, c); }

/* sinpi reduces x as it comes (no drop_huge): every |x| >= 2^52 is an
 * integer, and sinpi of an integer is a zero of the argument's sign (x * 0),
 * which also makes infinities NaN. */
GPUMATH_CLONES static double gpu_sinpi(double x)
{
    uint32_t q;
    double t = reduce_halfturn(x, &q);
    double r = quadrant_value(t, q);
    if (trunc(x) == x)
        r = x * 0.0;
    return f64_nan_fix(r, x);
}
double ws_gpu_sinpi(double x) { return gpu_sinpi(x); }

GPUMATH_CLONES static double gpu_cospi(double x)
{
    uint32_t q;
    double t = reduce_halfturn(drop_huge(x), &q);
    return f64_nan_fix(quadrant_value(t, q + 1), x);
}
double ws_gpu_cospi(double x) { return gpu_cospi(x); }

/* The cosine gets + 0 (a zero comes out +0); the sine of an integer is a
 * zero of its sign. */
GPUMATH_CLONES static void gpu_sincospi(double x, double *s, double *c)
{
    double a = drop_huge(x);
    uint32_t q;
    double t = reduce_halfturn(a, &q);
    double sv, cv;
    quadrant_pair(t, q, &sv, &cv);
    cv = cv + 0.0;
    if (trunc(a) == a)
        sv = a * 0.0;
    *s = f64_nan_fix(sv, x);
    *c = f64_nan_fix(cv, x);
}
void ws_gpu_sincospi(double x, double *s, double *c) { gpu_sincospi(x, s, c); }
