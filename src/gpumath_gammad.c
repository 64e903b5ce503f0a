/* lgamma and tgamma in double precision with the GPU's bits: CUDA's
 * libdevice algorithms (__nv_lgamma, __nv_tgamma, the non-FTZ path, sm_90),
 * re-expressed in C step by step.
 *
 * lgamma(x) for x > 0 is a polynomial around 1 or 2 (or in x near 0,
 * where lgamma = -log(x (1 + x P(x)))), a rational function on [3, 8), and
 * Stirling's series above; negative x go through the reflection formula
 * lgamma(x) = log(pi / |x sinpi(x)|) - lgamma(-x).
 *
 * tgamma(x) below 4 shifts x into [0.5, 1.5) by the recurrence
 * Gamma(x + 1) = x Gamma(x) and evaluates 1/Gamma there by a polynomial;
 * above, Stirling's formula sqrt(2 pi) x^(x - 1/2) e^-x (1 + S(1/x)) with
 * (x - 1/2) log x - x in double-double arithmetic. Negative x below -4 use
 * the reflection Gamma(x) = -pi / (x sinpi(x) Gamma(-x)), with Stirling's
 * formula rearranged so that x^(x - 1/2) is an accurate power; below
 * about -186 the result is a zero with the sign of Gamma.
 *
 * Divisions by quantities near 1 run the MUFU's reciprocal estimate
 * (ws_gpu_rcp_approx_ftz_f64) and one fma refinement, as the GPU does; a
 * plain '/' is an IEEE division in the algorithm too. NaN results: the
 * GPU's f64 arithmetic passes on a NaN operand quieted; the code returns
 * that directly. Build with -ffp-contract=off. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define LN2_HI 0x1.62e42fefa39efp-1
#define LN2_LO 0x1.abc9e3b39803fp-56

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static uint32_t low_word(double v) { return (uint32_t)ws_inl_f64_bits(v); }
static double from_words(uint32_t lo, uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32 | lo); }
static double quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | QUIET_BIT_F64); }

/* c[0] x^(n-1) + ... + c[n-1], Horner in fma. */
GPUMATH_CLONES static double horner(const double *c, int n, double x)
{
    double p = fma(c[0], x, c[1]);
    for (int i = 2; i < n; i++)
        p = fma(p, x, c[i]);
    return p;
}

/* 1/d: the MUFU estimate r, then r + r e + r e^2 with e = 1 - d r. */
GPUMATH_CLONES static double recip(double d)
{
    double r = ws_gpu_rcp_approx_ftz_f64(d);
    double e = fma(-d, r, 1.0);
    e = fma(e, e, e);
    return fma(e, r, r);
}

/* ---- lgamma ---- */

/* Stirling: lgamma(x) = (x - 1/2) log x - x + log(2 pi)/2 + 1/x S(1/x^2). */
static const double stirling_coeffs[6] = {
    -0x1.ac321034783f9p-10, 0x1.b68b992738fbfp-11, -0x1.380d01e4f7b8cp-11,
    0x1.a019fa29f7264p-11,  -0x1.6c16c16b2acecp-9, 0x1.5555555555545p-4,
};
/* [3, 8): lgamma(x) = (x - 3) + N(x - 3) / D(x - 3), D monic. */
static const double mid_num[8] = {
    -0x1.f7040bb18fb05p+11, -0x1.22b7730207ef3p+18, -0x1.85a0db81de7dp+22, -0x1.a992b8ba94677p+25,
    -0x1.ac5cb6957cc2p+27,  -0x1.c0e2b308774bep+28, -0x1.6ba13dcae7f67p+29, -0x1.cf33b9c3d120cp+29,
};
static const double mid_den[6] = {
    -0x1.074face10c93fp+17, -0x1.1b662f8d75791p+22, -0x1.ee64ab4d207f7p+25,
    -0x1.9051687c9951ap+28, -0x1.2b866bf0b853dp+30, -0x1.4e2130e9dc133p+30,
};
/* [1.5, 3): lgamma(x) = (x - 2) P(x - 2). */
static const double near2_coeffs[20] = {
    0x1.52636124338b3p-27,  -0x1.1fa71d78c0ee2p-24, 0x1.d111f31e61306p-23, -0x1.0502bbe1b2706p-21,
    0x1.06850b2970292p-20,  -0x1.108474875033dp-19, 0x1.24accc62909dcp-18, -0x1.3cb25209e63bep-17,
    0x1.581cbbc8cdc7bp-16,  -0x1.78e04b85c7597p-15, 0x1.a12730cf45051p-14, -0x1.d3fd354062012p-13,
    0x1.0b36b0b4de323p-11,  -0x1.38ac5c6d0317ap-10, 0x1.7add6eaab19fcp-9,  -0x1.e404fc20e4d5bp-8,
    0x1.51322ac7da39p-6,    -0x1.13e001a5578a3p-4,  0x1.4a34cc4a60fa3p-2,  0x1.b0ee6072093cfp-2,
};
/* [0.7, 1.5): lgamma(x) = (1 - x) P(1 - x). */
static const double near1_coeffs[22] = {
    0x1.81f6d2a4c431p-7,  0x1.3eb504359eb88p-5, 0x1.e35d8deb06317p-5, 0x1.ed469a8b6eccep-5, 0x1.cc1b1c357befep-5,
    0x1.d7154db67f79fp-5, 0x1.fcc622cf2f7bbp-5, 0x1.11747a4d1cc43p-4, 0x1.24ce16a21b8acp-4, 0x1.3b1c21a7bcbp-4,
    0x1.556723452ed57p-4, 0x1.748c00891544fp-4, 0x1.9a0207808cf4p-4,  0x1.c80673b8ae26bp-4, 0x1.010b364b7e555p-3,
    0x1.2703a1d239658p-3, 0x1.5b40cb1137e6ep-3, 0x1.a8b9c17ac4f03p-3, 0x1.151322ac7cb52p-2, 0x1.9a4d55beab1d4p-2,
    0x1.a51a6625307d6p-1, 0x1.2788cfc6fb619p-1,
};
/* Below 0.7: 1/Gamma(x) = x + x^2 P(x), so lgamma = -log(x + x^2 P(x)). */
static const double near0_coeffs[14] = {
    -0x1.844988bfe659p-24, 0x1.7b77ceb0625e8p-21, -0x1.98c69c8710cc4p-22, -0x1.6527a5a11cf6ep-16,
    0x1.0ec2950b1b5dep-13, -0x1.c4d80c24ba278p-13, -0x1.315b4e8cc0d09p-10, 0x1.d917f15d5002p-8,
    -0x1.3b4abb41cb6fap-7, -0x1.59af1275b712p-5,   0x1.5512321a168ap-3,    -0x1.5815e8fdce74cp-5,
    -0x1.4fcf4026add1ap-1, 0x1.2788cfc6fb5c8p-1,
};

/* lgamma of x >= 0 (infinity included), the ranges chosen by the high word. */
GPUMATH_CLONES static double lgamma_positive(double x)
{
    int32_t hi = (int32_t)high_word(x);
    if (hi >= 0x40200000) { /* x >= 8 */
        double r = recip(x);
        double s = fma(horner(stirling_coeffs, 6, r * r), r, 0x1.d67f1c864beaep-1);
        /* log(x) / 2 by taking one off the exponent field; (x - 1/2) times
         * it twice, once with s added and once with -x, then summed. */
        double l = ws_gpu_log(x);
        double half = from_words(low_word(l), high_word(l) - 0x00100000u);
        double h = x - 0.5;
        double a = fma(half, h, s);
        double b = fma(half, h, -x);
        return x == INFINITY ? x : b + a;
    }
    if (hi >= 0x40080000) { /* [3, 8) */
        double t = x - 3.0;
        double n = horner(mid_num, 8, t);
        double d = t - 0x1.ff62e0be189fep+9;
        for (int i = 0; i < 6; i++)
            d = fma(d, t, mid_den[i]);
        return n / d + t;
    }
    if (hi >= 0x3FF80000) { /* [1.5, 3) */
        double t = x - 2.0;
        return horner(near2_coeffs, 20, t) * t;
    }
    if (hi >= 0x3FE66666) { /* [0.7, 1.5) */
        double t = 1.0 - x;
        return horner(near1_coeffs, 22, t) * t;
    }
    double p = horner(near0_coeffs, 14, x) * x;
    return -ws_gpu_log(fma(p, x, x));
}

GPUMATH_CLONES static double gpu_lgamma(double a)
{
    if (isnan(a))
        return quieted(a);
    double x = fabs(a);
    double t = lgamma_positive(x);
    if (!(high_word(a) >> 31))
        return t;
    /* x < 0 (or -0): a pole at every integer (infinity too). */
    if (trunc(x) == x)
        return INFINITY;
    /* |x| < 2^-63: lgamma(-x) = -log(x) to double precision. */
    if (high_word(x) < 0x3C000000u)
        return -ws_gpu_log(x);
    /* Reflection: lgamma(-x) = log(pi / (|sinpi(x)| x)) - lgamma(x). */
    double u = 0x1.921fb54442d18p+1 / (fabs(ws_gpu_sinpi(x)) * x);
    return ws_gpu_log(u) - t;
}
double ws_gpu_lgamma(double x) { return gpu_lgamma(x); }

/* ---- tgamma ---- */

/* The exponential's polynomial, e^r for |r| <= ln2 / 2 (libdevice's exp). */
static const double exp_coeffs[12] = {
    0x1.ade1569ce2bdfp-26, 0x1.28af3fca213eap-22, 0x1.71dee62401315p-19, 0x1.a01997c89eb71p-16,
    0x1.a01a014761f65p-13, 0x1.6c16c1852b7afp-10, 0x1.1111111122322p-7,  0x1.55555555502a1p-5,
    0x1.5555555555511p-3,  0x1.000000000000bp-1,  0x1p+0,                0x1p+0,
};

/* y = k ln2 + r with k = rint(y / ln2) (the magic-number sum leaves it in
 * the low word), ln2 in two parts; returns e^r and k. */
GPUMATH_CLONES static double exp_reduced(double y, int32_t *k)
{
    double t = fma(y, 0x1.71547652b82fep+0, 0x1.8p+52);
    *k = (int32_t)low_word(t);
    double j = t + -0x1.8p+52;
    double r = fma(j, -LN2_HI, y);
    r = fma(j, -LN2_LO, r);
    return horner(exp_coeffs, 12, r);
}

/* p * 2^k through the exponent field (the integers wrap, as the GPU's). */
static double add_to_exponent(double p, int32_t k)
{
    return from_words(low_word(p), high_word(p) + ((uint32_t)k << 20));
}

/* libdevice's exp: 2^k straight into the exponent field while |y| < about
 * 708.4, in two factors to about 745.1 (subnormal or overflowing results),
 * 0 or infinity beyond. */
static double exp_any(double y)
{
    int32_t k;
    double p = exp_reduced(y, &k);
    uint32_t ahi = high_word(y) & 0x7FFFFFFFu;
    if (ahi < 0x4086232Bu)
        return add_to_exponent(p, k);
    if (ahi < 0x40874800u) {
        int32_t half = k / 2; /* toward zero, as sdiv */
        return add_to_exponent(p, half) * from_words(0, 0x3FF00000u + ((uint32_t)(k - half) << 20));
    }
    return y < 0 ? 0.0 : y + INFINITY;
}

/* log x as a double-double (returned high part, *lo_out low part) for
 * positive finite x (libdevice's extended-precision log): x = m 2^e with
 * m in [sqrt2/2, sqrt2), u = 2(m-1)/(m+1) with its error w, and
 * log m = 2 atanh(u/2) = u + u^3 (1/12 + v P(v)), v = u^2, each sum
 * carrying its rounding error; e ln2 added in two parts. */
static const double log_ext_coeffs[7] = {
    0x1.0f5ff7d2cafe2p-20, 0x1.0f5d241ad3b5ap-18, 0x1.3b20a75488a3fp-16, 0x1.745cde4faecd5p-14,
    0x1.c71c7258a578bp-12, 0x1.249249242b91p-9,   0x1.9999999999dfbp-7,
};

GPUMATH_CLONES static double log_ext(double x, double *lo_out)
{
    uint32_t hi = high_word(x), lo = low_word(x);
    int32_t e = (int32_t)(hi >> 20);
    if (e == 0) { /* denormal: scale into the normal range */
        double y = x * 0x1p54;
        hi = high_word(y);
        lo = low_word(y);
        e = (int32_t)(hi >> 20) - 54;
    }
    e -= 1023;
    uint32_t mhi = (hi & 0x800FFFFFu) | 0x3FF00000u;
    if (mhi > 0x3FF6A09Eu) { /* m > sqrt2: halve it */
        mhi -= 0x00100000u;
        e += 1;
    }
    double m = from_words(lo, mhi);
    double f = m - 1.0;
    double r = recip(m + 1.0);
    double u = f * r;
    u = u + u;
    double v = u * u;
    double p = horner(log_ext_coeffs, 7, v) * v;
    /* w: the error of u, (2(f - u) - u f) / (m + 1). */
    double w = 2.0 * (f - u);
    w = fma(-u, f, w);
    w = r * w;
    /* c = 1/12 + p as a double-double (1/12 carries a low part too). */
    double ch = 0x1.5555555555555p-4 + p;
    double cl = 0x1.5555555555555p-4 - ch;
    cl = cl + p;
    cl = cl + 0.0;
    cl = cl + -0x1.6a4cb00b9e7bp-59;
    double c = ch + cl;
    cl = (ch - c) + cl;
    /* u^3 as a double-double, the error w of u taken in. */
    double u2 = u * u;
    double u2l = fma(u, u, -u2);
    double t = fma(u, from_words(low_word(w), high_word(w) + 0x00100000u), u2l); /* 2w */
    double u3 = u2 * u;
    double u3l = fma(u2, u, -u3);
    u3l = fma(u2, w, u3l);
    u3l = fma(t, u, u3l);
    /* c * u^3 */
    double qh = c * u3;
    double ql = fma(c, u3, -qh);
    ql = fma(c, u3l, ql);
    ql = fma(cl, u3, ql);
    double q = qh + ql;
    ql = (qh - q) + ql;
    /* u + c u^3 + w */
    double s = u + q;
    double sl = (u - s) + q;
    sl = sl + ql;
    sl = sl + w;
    double lh = s + sl;
    double ll = (s - lh) + sl;
    /* + e ln2 */
    double ed = (double)e;
    double h = fma(ed, LN2_HI, lh);
    double d = fma(-ed, LN2_HI, h);
    d = d - lh;
    d = ll - d;
    d = fma(ed, LN2_LO, d);
    double rh = h + d;
    *lo_out = (h - rh) + d;
    return rh;
}

/* x^y for positive finite x (libdevice's accurate pow): log x as a
 * double-double, times y, exponentiated with the low part as a
 * correction. A huge y is scaled down first (its exponent's low bits
 * cleared), which only matters where the result is 0 or infinite anyway. */
GPUMATH_CLONES static double accurate_pow(double x, double y)
{
    double ll;
    double lh = log_ext(x, &ll);
    uint32_t yhi = high_word(y);
    if (yhi + yhi >= 0xFE000000u)
        yhi &= 0xFF0FFFFFu;
    y = from_words(low_word(y), yhi);
    double ph = lh * y;
    double pl = fma(lh, y, -ph);
    pl = fma(ll, y, pl);
    double eh = ph + pl;
    double el = (ph - eh) + pl;
    double z = exp_any(eh);
    if (fabs(z) == INFINITY)
        return z;
    return fma(z, el, z);
}

/* 1/Gamma(1 + t) for t in [-0.5, 0.5]. */
static const double rgamma_coeffs[16] = {
    0x1.81b4960fcf5c9p-28, -0x1.af7049ae8a594p-23, 0x1.301d46d4b22f5p-20, -0x1.50272aeed0fc4p-20,
    -0x1.51ce1a40516f8p-16, 0x1.0c8aa7419084cp-13, -0x1.c3650196bad8ap-13, -0x1.31711365a3e26p-10,
    0x1.d919c52a7df35p-8,  -0x1.3b4af28386f4dp-7,  -0x1.59af103c37b4dp-5,  0x1.5512320b439efp-3,
    -0x1.5815e8fa26f4fp-5, -0x1.4fcf4026afa2bp-1,  0x1.2788cfc6fb619p-1,   0x1p+0,
};
/* Stirling's correction: Gamma = sqrt(2 pi) x^(x-1/2) e^-x (1 + r S(r)), r = 1/x. */
static const double stirling_corr[13] = {
    -0x1.4bee47c38a637p-9, 0x1.3c25da81303d5p-8,  -0x1.b7c37a96cfc72p-9, 0x1.5a85abde1e324p-12,
    0x1.a8b28f07b3f05p-11, -0x1.a15d1d45a282fp-15, -0x1.367d3468cb5bep-11, 0x1.2471b0e9f1005p-14,
    0x1.9b1004744d5c4p-11, -0x1.e13ce69ab4b7fp-13, -0x1.5f7268ecf8a01p-9,  0x1.c71c71c71acep-9,
    0x1.5555555555556p-4,
};

/* The range tests read x's high word as an f32 (non-FTZ compares). */
static float high_f32(double x) { return ws_inl_f32(high_word(x)); }

/* Gamma(x) for 4 <= x (infinity included): e^((x - 1/2) log x - x) in
 * double-double, times sqrt(2 pi) in two parts and the correction. */
GPUMATH_CLONES static double tgamma_stirling(double x)
{
    double ll;
    double lh = log_ext(x, &ll);
    double h = x - 0.5;
    double ph = lh * h;
    double pl = fma(lh, h, -ph);
    pl = fma(ll, h, pl);
    double sh = ph + pl;
    double sl = (ph - sh) + pl;
    /* - x */
    double d = sh - x;
    double e = (sh - d) - x;
    e = e + sl;
    double yh = d + e;
    double yl = (d - yh) + e;
    double z = exp_any(yh);
    z = fma(yl, z, z);
    double m = fma(z, 0x1.40d931ff62706p+1, z * -0x1.a6a0d6f814637p-53);
    double r = recip(x);
    double q = horner(stirling_corr, 13, r) * r;
    double g = fma(q, m, m);
    return x >= 0x1.573fae561f648p+7 ? INFINITY : g; /* above about 171.62 */
}

/* Gamma(x) for x in (0, 4) (and +-0): Gamma(x) = s / (1/Gamma(1 + t)), s
 * the product of the recurrence's factors (each step s = (t - 1) s as one
 * fma), t = x shifted into [-0.5, 0.5); below 0.5 the division is by x
 * too. */
GPUMATH_CLONES static double tgamma_small(double a)
{
    float hf = high_f32(a);
    double s = 1.0, t = a;
    if (hf >= ws_inl_f32(0x400C0000u)) { /* x >= 3 */
        s = fma(a, 1.0, -1.0);
        t = a - 1.0;
    }
    if (hf >= ws_inl_f32(0x40040000u)) { /* x >= 2 */
        s = fma(t, s, -s);
        t = t - 1.0;
    }
    if (hf >= ws_inl_f32(0x3FF80000u)) { /* x >= 1.5 */
        s = fma(t, s, -s);
        t = t - 1.0;
    }
    int upper = hf >= ws_inl_f32(0x3FE00000u); /* x >= 0.5 */
    if (upper)
        t = t - 1.0;
    double p = horner(rgamma_coeffs, 16, t);
    if (!upper)
        p = p * a;
    return s / p;
}

/* Gamma(x) for x in (-4, 0) not an integer: shifted up into [-0.5, 0.5)
 * by the recurrence, the factors multiplied up (s = (t) s + s in fma),
 * then 1 / (s / Gamma). */
GPUMATH_CLONES static double tgamma_small_negative(double a)
{
    float hf = high_f32(a);
    double s = a, t = a;
    if (hf <= ws_inl_f32(0xC00C0000u)) { /* x <= -3.5 */
        s = fma(a, a, a);
        t = a + 1.0;
    }
    if (hf <= ws_inl_f32(0xC0040000u)) { /* x <= -2.5 */
        s = fma(t, s, s);
        t = t + 1.0;
    }
    if (hf <= ws_inl_f32(0xBFF80000u)) { /* x <= -1.5 */
        s = fma(t, s, s);
        t = t + 1.0;
    }
    if (hf <= ws_inl_f32(0xBFE00000u)) { /* x <= -0.5 */
        s = fma(t, s, s);
        t = t + 1.0;
    }
    return 1.0 / (s * horner(rgamma_coeffs, 16, t));
}

/* Gamma(x) for x in about (-186, -4), not an integer: by reflection,
 * Gamma(x) = pi / (sinpi(x) x Gamma(-x)) and Stirling for Gamma(-x):
 * = sqrt(pi/2) e^|x| / (sinpi(x) (1 + S) |x|) * |x|^-(|x| - 1/2), the
 * power taken as one accurate pow (two halves where it would overflow). */
GPUMATH_CLONES static double tgamma_reflected(double a)
{
    float hf = high_f32(a);
    double sp = ws_gpu_sinpi(a);
    double x = fabs(a);
    double r = recip(x);
    double q = horner(stirling_corr, 13, r) * r;
    double den = fma(q, sp, sp) * x;
    /* e^x: x < 187, so 2^k goes into a factor built directly unless k
     * is out of the normal range (kept as libdevice has it). */
    int32_t k;
    double p = exp_reduced(x, &k);
    uint32_t scale;
    if ((k < 0 ? -k : k) < 1023) {
        scale = ((uint32_t)k << 20) + 0x3FF00000u;
    } else {
        uint32_t k2 = (uint32_t)k + 2046u, h = k2 / 2u;
        p = p * from_words(0, h << 20);
        scale = (k2 << 20) - (h << 20);
    }
    double ex = p * from_words(0, scale);
    double num = fma(ex, 0x1.40d931ff62706p+0, -0x1.a6a0d6f814637p-54 * ex);
    double g = num / den;
    double y = x - 0.5;
    int split = hf <= ws_inl_f32(0xC061E400u); /* x <= about -143 */
    if (split)
        y = from_words(low_word(y), high_word(y) - 0x00100000u); /* halved */
    double pw = accurate_pow(x, -y);
    if (split)
        g = g * pw;
    return g * pw;
}

GPUMATH_CLONES static double gpu_tgamma(double a)
{
    if (a >= 0) {
        if (high_f32(a) < ws_inl_f32(0x40100000u)) /* x < 4 */
            return tgamma_small(a);
        return tgamma_stirling(a);
    }
    if (!(a < 0))
        return quieted(a); /* NaN: a + a */
    if (trunc(a) == a) /* negative integers and -inf: the GPU's made NaN */
        return ws_inl_f64(WS_F64_DEFAULT_NAN);
    float hf = high_f32(a);
    if (hf > ws_inl_f32(0xC0100000u)) /* x > -4 */
        return tgamma_small_negative(a);
    if (hf > ws_inl_f32(0xC0672000u)) /* x > about -185 */
        return tgamma_reflected(a);
    /* Gamma underflows: a zero, negative where floor(x) is odd. */
    double f = floor(a);
    double odd = f - 2.0 * floor(0.5 * f);
    return odd == 1.0 ? -0.0 : 0.0;
}
double ws_gpu_tgamma(double x) { return gpu_tgamma(x); }
