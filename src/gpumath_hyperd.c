/* cosh, atanh, asinh and acosh in double precision with the GPU's bits:
 * CUDA's libdevice algorithms (__nv_cosh, __nv_atanh, __nv_asinh,
 * __nv_acosh, the non-FTZ path), re-expressed in C step by step.
 *
 * cosh runs the library's exp on |x| (k * ln2 + r, a polynomial for e^r,
 * 2^k added to the exponent field) and adds e^-|x| from the GPU's
 * approximate reciprocal (MUFU.RCP64H) refined by Newton steps. The three
 * inverse functions bring their argument to log1p(t): atanh(x) =
 * log1p(2|x| / (1 - |x|)) / 2, asinh(x) = log1p(|x| + x^2 / (1 +
 * sqrt(1 + x^2))), acosh(x) = log1p((x - 1) + sqrt(x^2 - 1)); for huge
 * arguments asinh and acosh take log(2|x|) = log(|x|) + ln2 instead.
 * log1p is the library's: near zero a series in t / (2 + t), elsewhere
 * log(1 + t) with the mantissa brought to [0.70, 1.41] and log(m) from an
 * atanh series in (m - 1) / (m + 1).
 *
 * NaN results: a NaN argument comes back quieted with its payload and
 * sign; arguments outside the domain (|x| > 1 for atanh, x < 1 for acosh)
 * give the default NaN 0xFFF8000000000000, atanh with x's sign. They are
 * settled by explicit tests rather than by the host's NaN choices.
 * Build with -ffp-contract=off: every fma here is an fma in the algorithm,
 * and every separate multiply and add must stay separate. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"


#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define SIGN_F64 UINT64_C(0x8000000000000000)
#define MAGIC 0x1.8p+52 /* 1.5 * 2^52: adding it rounds to an integer */
#define LN2_HI 0x1.62e42fefa39efp-1 /* ln2 rounded; the low part follows */
#define LN2_LO 0x1.abc9e3b39803fp-56

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static uint32_t low_word(double v) { return (uint32_t)ws_inl_f64_bits(v); }
static double from_words(uint32_t lo, uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32 | lo); }
static double magnitude(double v) { return ws_inl_f64(ws_inl_f64_bits(v) & ~SIGN_F64); }

/* A NaN operand of f64 arithmetic comes out with the quiet bit set. */
static double quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | QUIET_BIT_F64); }
static double default_nan(void) { return ws_inl_f64(WS_F64_DEFAULT_NAN); }

/* 1/v from r = rcp.approx(v): with e = 1 - v r, r + r (e + e^2). */
GPUMATH_CLONES static double refine_rcp(double v, double r)
{
    double e = fma(-v, r, 0x1p+0);
    e = fma(e, e, e);
    return fma(e, r, r);
}

/* log(1 + t) as the library's log1p computes it, for every t. */
GPUMATH_CLONES static double log1p_core(double t)
{
    /* t in about (-0.4, 0.67): the high word read as an f32 between
     * -0x1.b33332p+0 (0xBFD99999) and 0x1.caaaaap+0 (0x3FE55555); NaN
     * patterns compare false, so the integer tests on the magnitude agree. */
    uint32_t th = high_word(t);
    int near_zero = (th >> 31) ? (th & 0x7FFFFFFFu) < 0x3FD99999u : th < 0x3FE55555u;
    if (near_zero) {
        /* log(1 + t) = 2 atanh(t / (2 + t)) = t - t v + z Q(z^2) z^2 with
         * v = t / (2 + t) and z = t - t v = 2v (rounded differently): the
         * leading t - t v is kept in two pieces (t, then -t v) until last. */
        double v = t / (t + 0x1p+1);
        double tv = -t * v;
        double z = t + tv;
        double z2 = z * z;
        double p = fma(0x1.372fb2fbe14b5p-20, z2, 0x1.087ffceb2dc44p-18);
        p = fma(p, z2, 0x1.3b9ff890f468cp-16);
        p = fma(p, z2, 0x1.7457efd51baf8p-14);
        p = fma(p, z2, 0x1.c71c8de3ce825p-12);
        p = fma(p, z2, 0x1.249248fa4661fp-9);
        p = fma(p, z2, 0x1.99999999d70c4p-7);
        p = fma(p, z2, 0x1.5555555555462p-4);
        p = p * z2;
        return fma(p, z, tv) + t;
    }

    double y = t + 0x1p+0;
    int32_t e = -1023;
    if ((int32_t)high_word(y) < 0x00100000) {
        /* Zero, subnormal or negative: scale subnormals into the normal
         * range (the others go to the special cases below unchanged). */
        y = y * 0x1p+54;
        e = -1023 - 54;
    }
    uint32_t yh = high_word(y), yl = low_word(y);
    if ((int32_t)yh <= 0 || (int32_t)yh >= 0x7FF00000) {
        /* The library takes fma(y, inf, inf): NaN y quieted, +inf for
         * +inf, the default NaN for negative y; and -inf for ±0. */
        if (isnan(y))
            return quieted(y);
        if ((yh & 0x7FFFFFFFu) == 0)
            return -INFINITY;
        return y > 0.0 ? INFINITY : default_nan();
    }

    /* y = m * 2^e with m in [sqrt(2)/2, sqrt(2)) (the split at high word
     * 0x3FF6A09E); the exponent field of m is 0x3FF or 0x3FE. */
    e += (int32_t)(yh >> 20);
    uint32_t mh = (yh & 0x800FFFFFu) | 0x3FF00000u;
    if ((int32_t)mh > 0x3FF6A09E) {
        mh -= 0x00100000u;
        e += 1;
    }
    double m = from_words(yl, mh);

    /* log(m) = 2 atanh(f / (m + 1)), f = m - 1: u = 2 f / (m + 1) with the
     * reciprocal refined from rcp.approx, then log(m) = u + u^3 P(u^2),
     * the rounding error of u ((2 (f - u) - u f) / (m + 1)) carried along. */
    double f = m - 0x1p+0;
    double g = m + 0x1p+0;
    double rg = refine_rcp(g, ws_gpu_rcp_approx_ftz_f64(g));
    double u = f * rg;
    u = u + u;
    double u2 = u * u;
    double p = fma(0x1.1380b3ae80f1ep-20, u2, 0x1.0ee258b7a8b04p-18);
    p = fma(p, u2, 0x1.3b2669f02676fp-16);
    p = fma(p, u2, 0x1.745cba9ab0956p-14);
    p = fma(p, u2, 0x1.c71c72d1b5154p-12);
    p = fma(p, u2, 0x1.24924923be72dp-9);
    p = fma(p, u2, 0x1.999999999a3c4p-7);
    p = fma(p, u2, 0x1.5555555555554p-4);
    double err = 0x1p+1 * (f - u);
    err = fma(-u, f, err);
    err = rg * err;
    double r = fma(p * u2, u, err);

    /* + e ln2, ln2 in two parts: hi = e ln2_hi + u in one fma, the part of
     * it that rounding lost recovered exactly and added to r. e becomes a
     * double through the 2^52 bias (exact for every int). */
    double ed = from_words((uint32_t)e ^ 0x80000000u, 0x43300000u) - from_words(0x80000000u, 0x43300000u);
    double hi = fma(ed, LN2_HI, u);
    double lost = fma(-ed, LN2_HI, hi) - u;
    r = r - lost;
    r = fma(ed, LN2_LO, r);
    return hi + r;
}

/* sqrt(v) from y = rsqrt.approx(v): s = v * y, corrected once by the
 * residual v - s^2 times y/2 (y/2 by the exponent field); then y/2 itself
 * is refined (g) and the residual of the new s applied through it. */
GPUMATH_CLONES static double sqrt_from_rsqrt(double v, double y)
{
    double half_y = from_words(low_word(y), high_word(y) - 0x00100000u);
    double m = v * y;
    double s = fma(fma(m, -m, v), half_y, m);
    double g = fma(fma(y, -s, 0x1p+0), half_y, half_y);
    return fma(fma(s, -s, v), g, s);
}

GPUMATH_CLONES static double gpu_cosh(double x)
{
    double a = magnitude(x);
    /* |x| below about 710.48 (high word 0x408633CF): cosh is finite or
     * just overflows in the final doubling. */
    if (high_word(a) < 0x408633CFu) {
        /* a = k ln2 + r as the library's exp does: k = rint(a log2(e))
         * by the magic-number sum, r with ln2 in two parts. */
        double kt = fma(a, 0x1.71547652b82fep+0, MAGIC);
        int32_t k = (int32_t)low_word(kt);
        double j = kt + -MAGIC;
        double r = fma(j, -LN2_HI, a);
        r = fma(j, -LN2_LO, r);

        /* e^r, degree 11 in r, Horner in fma. */
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

        /* h = e^a / 4 (k - 2 into the exponent field; unsigned, as the
         * GPU's wrapping add), its reciprocal 4 e^-a, and cosh = 2 (h +
         * (4 e^-a) / 16). */
        double h = from_words(low_word(p), high_word(p) + ((uint32_t)k - 2u) * 0x00100000u);
        double rh = refine_rcp(h, ws_gpu_rcp_approx_ftz_f64(h));
        double c = fma(rh, 0x1p-4, h);
        return c + c;
    }
    /* Beyond: infinity; a NaN passes through the final sum, quieted. */
    if (isnan(x))
        return quieted(x);
    return INFINITY;
}
double ws_gpu_cosh(double x) { return gpu_cosh(x); }

GPUMATH_CLONES static double gpu_atanh(double x)
{
    if (isnan(x))
        return quieted(x); /* the only NaN operand all the way through */

    /* atanh(a) = log1p(2a / (1 - a)) / 2: a = 1 gives +inf; a > 1 a
     * negative quotient below -2 (a = inf: inf / -inf), so the default NaN
     * (which then takes x's sign). */
    double a = magnitude(x);
    double q = (0x1p+1 * a) / (0x1p+0 - a);
    return copysign(0x1p-1 * log1p_core(q), x);
}
double ws_gpu_atanh(double x) { return gpu_atanh(x); }

GPUMATH_CLONES static double gpu_asinh(double x)
{
    if (isnan(x))
        return quieted(x); /* the only NaN operand all the way through */

    double a = magnitude(x);
    uint32_t a_high = high_word(a);
    double t;
    if (a_high >= 0x43E00000u) {
        /* |x| >= 2^63: asinh(x) = log(2|x|) to double precision; the
         * infinity comes through log1p as infinity. */
        t = a;
    } else {
        /* s = 1 + x^2 and y = 1/sqrt(s): the rsqrt estimate, refined with
         * e = 1 - s y^2 as y (1 + e/2 + 3e^2/8). */
        double s = fma(x, x, 0x1p+0);
        double y0 = ws_gpu_rsqrt_approx_ftz_f64(s);
        double e = fma(s, -(y0 * y0), 0x1p+0);
        double y = fma(fma(0x1.8p-2, e, 0x1p-1), e * y0, y0);
        /* d = 1 + sqrt(s) (s y = sqrt(s)); t = a + a^2 / d, whose log1p is
         * asinh(a). */
        double d = fma(s, y, 0x1p+0);
        double rd = refine_rcp(d, ws_gpu_rcp_approx_ftz_f64(d));
        t = fma(a, a * rd, a);
    }
    double r = log1p_core(t);
    if (a_high >= 0x43E00000u)
        r = r + LN2_HI;
    return copysign(r, x);
}
double ws_gpu_asinh(double x) { return gpu_asinh(x); }

GPUMATH_CLONES static double gpu_acosh(double x)
{
    if (isnan(x))
        return quieted(x); /* the only NaN operand all the way through */

    /* w = x - 1. w >= 2^52 (by the unsigned high word, which counts every
     * negative w too, and infinity): acosh(x) = log(2x) = log1p(w - 1) +
     * ln2 to double precision, the - 1 being -(1 + 2^-52). For x < 1 that
     * gives log1p of a number below -1: the default NaN, which the final
     * sum keeps. */
    double w = x + -0x1p+0;
    uint32_t w_high = high_word(w);
    int huge = w_high >= 0x43300000u;

    double root;
    if (huge) {
        root = -0x1.0000000000001p+0;
    } else if (w_high == 0) {
        root = 0.0; /* x = 1: sqrt(0), not the estimate's infinity */
    } else {
        /* sqrt(x^2 - 1), x^2 - 1 rounded once. */
        double s = fma(x, x, -0x1p+0);
        root = sqrt_from_rsqrt(s, ws_gpu_rsqrt_approx_ftz_f64(s));
    }
    double r = log1p_core(w + root);
    if (huge)
        r = r + LN2_HI;
    return r;
}
double ws_gpu_acosh(double x) { return gpu_acosh(x); }
