/* pow in double precision with the GPU's bits: CUDA's libdevice algorithm
 * (__nv_pow and its __internal_accurate_pow, the non-FTZ path),
 * re-expressed in C step by step.
 *
 * x^y = e^(y ln|x|), with ln|x| to about 2^-100 relative as a double-double
 * (hi + lo), y times it as another double-double, e^hi from the same
 * reduction and polynomial as exp, and the low part applied at the end as
 * e^hi * (1 + lo). The logarithm is log's (x = 2^e * m, ln m = 2 atanh of
 * (m - 1) / (m + 1)) with the reciprocal of m + 1 started by the GPU's
 * approximate unit (MUFU.RCP64H, ws_gpu_rcp_approx_ftz_f64) and every
 * rounding error carried along.
 *
 * The special cases follow C's pow (Annex F), in the order the IR tests
 * them; NaN results carry the GPU's bits: an operand's NaN quieted (x's
 * first), or 0xFFF8000000000000 for a negative x to a non-integer power.
 * Build with -ffp-contract=off: every fma here is an fma in the algorithm,
 * and every separate multiply and add must stay separate. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define GPU_NEW_NAN UINT64_C(0xFFF8000000000000) /* a NaN made from non-NaN operands */
#define MAGIC 0x1.8p+52 /* 1.5 * 2^52: adding it rounds to an integer */

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static uint32_t low_word(double v) { return (uint32_t)ws_inl_f64_bits(v); }
static double from_words(uint32_t lo, uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32 | lo); }

/* A NaN operand of an f64 operation comes out with the quiet bit set. */
static double quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | QUIET_BIT_F64); }

/* libdevice's cheap range tests read the high word of v as an f32 and
 * compare magnitudes: on non-negative f32 patterns the float order is the
 * integer order, and NaN patterns (above every bound here) compare false. */
static int magnitude_below(double v, uint32_t bound) { return (high_word(v) & 0x7FFFFFFFu) < bound; }

/* Whether y is an odd integer, as libdevice tests it: shift y's bits left
 * by 11 + (unbiased exponent), which leaves the units bit on top, and ask
 * that it be set with nothing below it. The GPU's 64-bit shift takes the
 * count as unsigned and gives 0 for any count of 64 or more, so |y| < 2^-11
 * (a negative count) and |y| >= 2^53 (even) are never odd. One quirk:
 * +-0.5 passes (the shift leaves the exponent's low bits on top); the
 * callers exclude it where it matters. */
static int odd_integer(double y)
{
    int32_t count = (int32_t)(high_word(y) >> 20 & 0x7FFu) - 1023 + 11;
    if (count < 0 || count > 63)
        return 0;
    return ws_inl_f64_bits(y) << count == UINT64_C(0x8000000000000000);
}

/* A double-double hi + lo: the sum that a fast two-sum renormalises. */
typedef struct {
    double hi, lo;
} dd;

/* Renormalise a + b with |a| >= |b| (fast two-sum). */
static dd two_sum_fast(double a, double b)
{
    dd r;
    r.hi = a + b;
    r.lo = (a - r.hi) + b;
    return r;
}

/* ln x for finite x > 0 (a subnormal included) as a double-double. */
GPUMATH_CLONES static dd log_ext(double x)
{
    uint32_t hi = high_word(x), lo = low_word(x);
    int32_t e = (int32_t)(hi >> 20);
    if (e == 0) {
        /* Subnormal: scale by 2^54 into the normal range. */
        double s = x * 0x1p+54;
        hi = high_word(s);
        lo = low_word(s);
        e = (int32_t)(hi >> 20) - 54;
    }
    /* x = 2^e * m, m in [sqrt(2)/2, sqrt(2)) (halved above high word
     * 0x3FF6A09E). */
    e -= 1023;
    hi = (hi & 0x800FFFFFu) | 0x3FF00000u;
    if (hi > 0x3FF6A09Eu) {
        hi -= 0x00100000u;
        e += 1;
    }
    double m = from_words(lo, hi);

    /* r = 1 / (m + 1): approximate reciprocal and a cubic Newton step.
     * d is in [1, 4), so MUFU.RCP64H's result is its significand's with
     * the exponent lowered by d's (ws_gpu_rcp_approx_ftz_f64, inline). */
    double f = m - 0x1p+0;
    double d = m + 0x1p+0;
    uint32_t d_hi = high_word(d);
    double r = from_words(0, mufu_rcp64h_significand(d_hi & 0xFFFFFu) - ((d_hi >> 20) - 1023u) * 0x00100000u);
    double t = fma(-d, r, 0x1p+0);
    t = fma(t, t, t);
    r = fma(t, r, r);

    /* u = 2 (m - 1) / (m + 1) and c, the correction that makes u + c the
     * quotient to about twice double precision (as in log). */
    double u = (f + f) * r;
    double v = u * u;
    double c = 0x1p+1 * (f - u);
    c = fma(-u, f, c);
    c = r * c;

    /* ln m = u + u^3 (1/12 + v P(v)) + ...: P of degree 6 in double, then
     * its constant term 1/12 as a double-double (0x1.5555555555555p-4 and
     * the next bits, -0x1.6a4cb00b9e7b0p-59) so that the u^3 term keeps
     * full precision. The + 0 turns a -0 into +0, as the IR's add does. */
    double p = fma(0x1.0f5ff7d2cafe2p-20, v, 0x1.0f5d241ad3b5ap-18);
    p = fma(p, v, 0x1.3b20a75488a3fp-16);
    p = fma(p, v, 0x1.745cde4faecd5p-14);
    p = fma(p, v, 0x1.c71c7258a578bp-12);
    p = fma(p, v, 0x1.249249242b910p-9);
    p = fma(p, v, 0x1.9999999999dfbp-7);
    p = p * v;
    double k_hi = 0x1.5555555555555p-4 + p;
    double k_lo = (0x1.5555555555555p-4 - k_hi) + p;
    dd k = two_sum_fast(k_hi, k_lo + -0x1.6a4cb00b9e7b0p-59);

    /* (u + c)^2 and (u + c)^3 as hi + lo: fma gives each product's
     * rounding error, and c enters the low parts at first order (2uc and
     * 3u^2 c). 2c is made by adding one to c's exponent field, as the IR
     * does. */
    double u2 = u * u;
    double u2_lo = fma(u, u, -u2);
    double c2 = from_words(low_word(c), high_word(c) + 0x00100000u);
    u2_lo = fma(u, c2, u2_lo);
    double u3 = u2 * u;
    double u3_lo = fma(u2, u, -u3);
    u3_lo = fma(u2, c, u3_lo);
    u3_lo = fma(u2_lo, u, u3_lo);

    /* The odd part: k * u^3 as a double-double. */
    double s = k.hi * u3;
    double s_lo = fma(k.hi, u3, -s);
    s_lo = fma(k.hi, u3_lo, s_lo);
    s_lo = fma(k.lo, u3, s_lo);
    dd odd = two_sum_fast(s, s_lo);

    /* ln m = u + odd + c. */
    dd lm = two_sum_fast(u, odd.hi);
    double tail = ((lm.lo + odd.lo) + c);
    lm = two_sum_fast(lm.hi, tail);

    /* + e * ln2 with ln2 in two parts: e * ln2hi + hi rounded, what that
     * rounding lost recovered exactly, e * ln2lo and the low parts added. */
    double ef = (double)e;
    double sum = fma(ef, 0x1.62e42fefa39efp-1, lm.hi);
    double lost = fma(-ef, 0x1.62e42fefa39efp-1, sum) - lm.hi;
    double low = fma(ef, 0x1.abc9e3b39803fp-56, lm.lo - lost);
    return two_sum_fast(sum, low);
}

/* |x|^y for finite x != 0 and finite y. */
GPUMATH_CLONES static double accurate_pow(double ax, double y)
{
    dd l = log_ext(ax);

    /* For |y| >= 2^1009 (twice the high word at or above 0xFE000000) the
     * exponent loses 240 (its bits 20-23 cleared): the product still
     * overflows or underflows as it must, and no longer to infinity. */
    uint32_t yhi = high_word(y);
    if (yhi + yhi >= 0xFE000000u)
        yhi &= 0xFF0FFFFFu;
    double yy = from_words(low_word(y), yhi);

    /* z = y * ln|x| as a double-double. */
    double z = l.hi * yy;
    double z_lo = fma(l.hi, yy, -z);
    z_lo = fma(l.lo, yy, z_lo);
    dd zz = two_sum_fast(z, z_lo);

    /* e^zz.hi as exp does it: zz.hi = k ln2 + r, e^r by a polynomial,
     * times 2^k in the exponent field. */
    double j = fma(zz.hi, 0x1.71547652b82fep+0, MAGIC);
    int32_t k = (int32_t)low_word(j);
    j = j + -MAGIC;
    double r = fma(j, -0x1.62e42fefa39efp-1, zz.hi);
    r = fma(j, -0x1.abc9e3b39803fp-56, r);
    double p = fma(0x1.ade1569ce2bdfp-26, r, 0x1.28af3fca213eap-22);
    p = fma(p, r, 0x1.71dee62401315p-19);
    p = fma(p, r, 0x1.a01997c89eb71p-16);
    p = fma(p, r, 0x1.a01a014761f65p-13);
    p = fma(p, r, 0x1.6c16c1852b7afp-10);
    p = fma(p, r, 0x1.1111111122322p-7);
    p = fma(p, r, 0x1.55555555502a1p-5);
    p = fma(p, r, 0x1.5555555555511p-3);
    p = fma(p, r, 0x1.000000000000bp-1);
    p = fma(p, r, 0x1p+0);
    p = fma(p, r, 0x1p+0);

    double e;
    if (magnitude_below(zz.hi, 0x4086232Bu)) {
        /* |zz.hi| < about 708.4: 2^k is normal, straight into the exponent. */
        e = from_words(low_word(p), high_word(p) + ((uint32_t)k << 20));
    } else if (magnitude_below(zz.hi, 0x40874800u)) {
        /* Below about 745.1: 2^k in two factors, so that an overflow or a
         * subnormal result rounds once, in the multiply. */
        int32_t half = k / 2; /* rounded toward zero, as sdiv */
        double a = from_words(low_word(p), high_word(p) + ((uint32_t)half << 20));
        e = a * from_words(0, 0x3FF00000u + ((uint32_t)(k - half) << 20));
    } else {
        e = zz.hi < 0.0 ? 0.0 : zz.hi + INFINITY;
    }

    /* e^(hi + lo) = e^hi + e^hi * lo, unless e^hi overflowed. */
    if (fabs(e) == INFINITY)
        return e;
    return fma(e, zz.lo, e);
}

GPUMATH_CLONES static double gpu_pow(double x, double y)
{
    /* The common case first, past the special cases below that it cannot meet: x positive and
     * finite but not 1, y finite and not 0. */
    if (x > 0.0 && x < INFINITY && x != 0x1p+0 && fabs(y) < INFINITY && y != 0.0)
        return accurate_pow(x, y);

    /* x^0 = 1 and 1^y = 1, NaNs included: the IR's last word. */
    if (x == 0x1p+0 || y == 0.0)
        return 0x1p+0;

    uint32_t xhi = high_word(x), yhi = high_word(y);
    int x_negative = (xhi >> 31) != 0;
    int odd = odd_integer(y);

    /* A NaN operand: x + y, x's NaN first. */
    if (isnan(x))
        return quieted(x);
    if (isnan(y))
        return quieted(y);

    /* y = +-inf: 1 for x = -1, else infinity or 0 by whether |x| > 1 and
     * y's sign. */
    if (isinf(y)) {
        if (x == -0x1p+0)
            return 0x1p+0;
        uint32_t h = fabs(x) > 0x1p+0 ? 0x7FF00000u : 0;
        if (yhi >> 31)
            h ^= 0x7FF00000u;
        return from_words(0, h);
    }

    /* x = +-inf: infinity for y > 0, 0 for y < 0, negative for x = -inf
     * and y an odd integer (the test's +-0.5 left out by y's high word). */
    if (isinf(x)) {
        uint32_t h = (yhi >> 31) ? 0 : 0x7FF00000u;
        if (x_negative && odd && (yhi & 0x7FFFFFFFu) != 0x3FE00000u)
            h ^= 0x80000000u;
        return from_words(0, h);
    }

    /* x = +-0: 0 for y > 0, infinity for y < 0, with x's sign for an odd
     * integer y (here +-0.5 left out by the value). */
    if (x == 0.0) {
        int odd0 = fabs(y) == 0x1p-1 ? 0 : odd;
        uint32_t h = odd0 ? xhi : 0;
        if (yhi >> 31)
            h |= 0x7FF00000u;
        return from_words(0, h);
    }

    /* Negative x to a non-integer power: the GPU's new NaN. */
    if (x_negative && y != trunc(y))
        return ws_inl_f64(GPU_NEW_NAN);

    double t = accurate_pow(fabs(x), y);
    return x_negative && odd ? -t : t;
}
double ws_gpu_pow(double x, double y) { return f64_two_nans(x, y) ? f64_quieted(y) : gpu_pow(x, y); }
