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
 * log1p is the library's (ws_gpu_log1p, src/gpumath_logd.c).
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

/* 1/v from r = rcp.approx(v): with e = 1 - v r, r + r (e + e^2). */
GPUMATH_CLONES static double refine_rcp(double v, double r)
{
    double e = fma(-v, r, 0x1p+0);
    e = fma(e, e, e);
    return fma(e, r, r);
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
    return copysign(0x1p-1 * ws_gpu_log1p(q), x);
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
    double r = ws_gpu_log1p(t);
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
    double r = ws_gpu_log1p(w + root);
    if (huge)
        r = r + LN2_HI;
    return r;
}
double ws_gpu_acosh(double x) { return gpu_acosh(x); }
