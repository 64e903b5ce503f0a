/* erfc, normcdf, erfinv, erfcinv, normcdfinv and erfcx in double precision
 * with the GPU's bits: CUDA's libdevice algorithms (__nv_erfc, __nv_normcdf,
 * __nv_erfinv, __nv_erfcinv, __nv_normcdfinv, __nv_erfcx, the non-FTZ
 * path), re-expressed in C step by step.
 *
 * erfc(x) for x >= 0 is erfcx(x) * e^(-x^2): erfcx(x) from a polynomial in
 * (x - 4) / (x + 4) divided by 1 + 2x, e^(-x^2) from an exp whose argument
 * carries the rounding error of x^2. erfcx reuses the first half (with an
 * asymptotic series for large x, and 2 e^(x^2) - erfcx(-x) for x < 0);
 * normcdf(x) is erfc(-x / sqrt2) / 2 with -x / sqrt2 in two parts.
 * erfinv and erfcinv evaluate polynomials in -log(1 - x^2) (or in
 * 1 / sqrt(-log p) in the tails), with log from an atanh series.
 *
 * Divisions by quantities near 1 run the MUFU's reciprocal estimate
 * (ws_gpu_rcp_approx_ftz_f64) and one fma refinement, as the GPU does; a
 * plain '/' in the code is an IEEE division in the algorithm too.
 * NaN results: the GPU's f64 arithmetic passes on a NaN operand quieted and
 * makes 0xFFF8000000000000 from non-NaN operands, which is also what the
 * host does while at most one NaN is in flight; where that is not so the
 * code returns the NaN directly. Build with -ffp-contract=off. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define MAGIC 0x1.8p+52 /* 1.5 * 2^52: adding it rounds to an integer */
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

/* ---- erfc, normcdf, erfcx ---- */

/* erfcx(x) = e^(x^2) erfc(x) for finite x >= 0 (the part of libdevice's
 * erfc before the exponential): z = (x - 4) / (x + 4), its rounding error
 * folded back in, a degree 22 polynomial in z, and the division by
 * 1 + 2x with one correction step. */
static const double erfcx_coeffs[23] = {
    -0x1.8774ad4e0bfd7p-32, -0x1.4e1c6fd03d328p-27, -0x1.330149f7a56b6p-27, 0x1.bedded8376273p-24,
    0x1.f9254c3abf22bp-25,  -0x1.b9068c2148cfp-21,  0x1.4c6454db34009p-22,  0x1.7f1c378f2311dp-18,
    -0x1.78e051c6d5c58p-17, -0x1.995b4ead14a9p-16,  0x1.3be27cf0a29b2p-13,  -0x1.a1def3e81672ep-13,
    -0x1.8d4abe68c1713p-11, 0x1.49c67210dd6b4p-8,   -0x1.096238568e357p-6,  0x1.3079edf8c2dc9p-5,
    -0x1.0fb06dff601fcp-4,  0x1.7fee004dfbcdcp-4,   -0x1.9ddb23c3db8c6p-4,  0x1.16ecefcfa5fdap-4,
    0x1.f7f5df66fb6d6p-7,   -0x1.1df1ad154a29dp-3,  0x1.3ba5916e9fd7fp+0,
};

GPUMATH_CLONES static double erfcx_positive(double x)
{
    double r = recip(x + 4.0);
    double q = (x - 4.0) * r;
    /* The residual x - 4 - q (x + 4), rounded once, corrects q. */
    double u = fma(-4.0, q + 1.0, x);
    u = fma(-q, x, u);
    double z = fma(r, u, q);
    double p = horner(erfcx_coeffs, 23, z);
    /* p / (1 + 2x): the quotient s, then s + (p - s (1 + 2x)) / (1 + 2x). */
    double d = fma(2.0, x, 1.0);
    double rd = recip(d);
    double s = p * rd;
    double v = fma(x, -2.0 * s, p);
    v = v + -s;
    return fma(v, rd, s);
}

/* e^r for |r| <= ln2 / 2: the polynomial of libdevice's exp. */
static const double exp_coeffs[12] = {
    0x1.ade1569ce2bdfp-26, 0x1.28af3fca213eap-22, 0x1.71dee62401315p-19, 0x1.a01997c89eb71p-16,
    0x1.a01a014761f65p-13, 0x1.6c16c1852b7afp-10, 0x1.1111111122322p-7,  0x1.55555555502a1p-5,
    0x1.5555555555511p-3,  0x1.000000000000bp-1,  0x1p+0,                0x1p+0,
};

/* y = k ln2 + r with k = rint(y / ln2), ln2 in two parts; returns e^r and
 * k. The magic-number sum rounds y / ln2 and leaves k in its low word. */
GPUMATH_CLONES static double exp_reduced(double y, int32_t *k)
{
    double t = fma(y, 0x1.71547652b82fep+0, MAGIC);
    *k = (int32_t)low_word(t);
    double j = t + -MAGIC;
    double r = fma(j, -LN2_HI, y);
    r = fma(j, -LN2_LO, r);
    return horner(exp_coeffs, 12, r);
}

/* p * 2^k by adding k to p's exponent field (right while the result stays
 * normal); the integers wrap, as the GPU's do. */
static double add_to_exponent(double p, int32_t k)
{
    return from_words(low_word(p), high_word(p) + ((uint32_t)k << 20));
}

/* p * 2^k in two steps, 2^(k/2) into the exponent field and one rounded
 * multiply by 2^(k - k/2), for results that may be subnormal or overflow. */
static double split_scale(double p, int32_t k)
{
    int32_t half = k / 2; /* toward zero, as sdiv */
    return add_to_exponent(p, half) * from_words(0, 0x3FF00000u + ((uint32_t)(k - half) << 20));
}

/* erfc(x) for finite x >= 0: erfcx(x) times e^(-x^2) (1 + c), c the
 * rounding error of -x^2, so that e^(-x^2) keeps its accuracy where x^2 is
 * large. Above 27.25 (high word over 0x403B4000) erfc is 0 in double. */
GPUMATH_CLONES static double erfc_positive(double x)
{
    double y = erfcx_positive(x);
    double m = -x * x;
    int32_t k;
    double e = exp_reduced(m, &k);
    e = split_scale(e, k);
    double c = fma(-x, x, -m);
    e = fma(e, c, e);
    double t = y * e;
    return high_word(x) > 0x403B4000u ? 0.0 : t;
}

/* The full erfc: the sign handled by erfc(-x) = 2 - erfc(x); infinities
 * give 0 and 2; a NaN comes back quieted (x + x). */
static double erfc_any(double a)
{
    uint32_t hi = high_word(a), ahi = hi & 0x7FFFFFFFu;
    if (ahi < 0x7FF00000u) {
        double t = erfc_positive(from_words(low_word(a), ahi));
        return (hi >> 31) ? 2.0 - t : t;
    }
    if (ahi == 0x7FF00000u && low_word(a) == 0)
        return (hi >> 31) ? 2.0 : 0.0;
    return quieted(a);
}

double ws_gpu_erfc(double x) { return erfc_any(x); }

GPUMATH_CLONES static double gpu_normcdf(double a)
{
    if (isnan(a))
        return quieted(a); /* every step passes the NaN on */
    /* Beyond 38.5 the result is 0 or 1 already. */
    double x = fabs(a) > 38.5 ? copysign(38.5, a) : a;
    /* y = -x / sqrt2 as y + l: the product with -1/sqrt2's high part, its
     * exact rounding error, and the product with the low part. */
    double h = x * -0x1.6a09e667f3bcdp-1;
    double l = fma(x, -0x1.6a09e667f3bcdp-1, -h);
    l = fma(x, 0x1.bdd3413b26456p-55, l);
    double y = h + l;
    double z = erfc_any(y);
    /* For x < -1 (the high word says so) erfc is steep: correct for the
     * part of h + l that y lost, erfc'(y) = -2/sqrt(pi) e^(-y^2), here
     * taken as -2 y erfc(y) (the asymptotic slope). */
    if (high_word(x) > 0xBFF00000u) {
        double d = (h - y) + l;
        z = fma(-2.0 * y * z, d, z);
    }
    return 0.5 * z;
}
double ws_gpu_normcdf(double x) { return gpu_normcdf(x); }

/* Asymptotic series of erfcx for |x| >= 32 in the variable 1/x^2:
 * erfcx(x) ~ (1 / (x sqrt(pi))) (1 - 1/(2x^2) + 3/(4x^4) - ...). */
static const double erfcx_asymptotic[6] = {-0x1.d88p+4, 0x1.a4p+2, -0x1.ep+0, 0x1.8p-1, -0x1p-1, 0x1p+0};

GPUMATH_CLONES static double gpu_erfcx(double a)
{
    if (isnan(a))
        return quieted(a);
    uint32_t hi = high_word(a), ahi = hi & 0x7FFFFFFFu;
    double t;
    if (ahi < 0x40400000u) { /* |x| < 32 */
        t = erfcx_positive(from_words(low_word(a), ahi));
    } else {
        double r = 1.0 / a;
        double r2 = r * r;
        t = horner(erfcx_asymptotic, 6, r2) * (r * 0x1.20dd750429b6dp-1);
    }
    if (!(hi >> 31))
        return t;
    /* x < 0: erfcx(x) = 2 e^(x^2) - erfcx(-x), e^(x^2) = e^m (1 + c) with
     * m = x^2 rounded and c its rounding error. The exponential is
     * libdevice's exp of m: direct scaling while m < about 708.4, split
     * scaling to about 745.1, infinity beyond. */
    double m = a * a;
    double c = fma(a, a, -m);
    int32_t k;
    double p = exp_reduced(m, &k);
    double z;
    if (high_word(m) < 0x4086232Bu)
        z = add_to_exponent(p, k);
    else if (high_word(m) < 0x40874800u)
        z = split_scale(p, k);
    else
        z = INFINITY;
    double w = z + z;
    if (w == INFINITY)
        return w;
    return fma(w, c, w) - t;
}
double ws_gpu_erfcx(double x) { return gpu_erfcx(x); }

/* ---- erfinv, erfcinv, normcdfinv ---- */

/* 2 atanh(z) = log((1 + z) / (1 - z)) = 2z + 2z^3 P(z^2). */
static const double atanh_coeffs[10] = {
    0x1.5c5c218c775c9p-4, 0x1.55cf59cdc5d89p-5, 0x1.efd18cf6ebb9cp-5, 0x1.10682edcb8d1bp-4, 0x1.3b1dd3ac7fc96p-4,
    0x1.745cb459b54a6p-4, 0x1.c71c741a0669fp-4, 0x1.249249209112ep-3, 0x1.99999999a06c1p-3, 0x1.5555555555535p-2,
};

/* log(w) for a positive normal w: w = m 2^e with m in [1/2, 2) (the
 * exponent's lowest bit stays in m), then log m = 2 atanh((m-1)/(m+1)),
 * the quotient corrected by one residual step. */
GPUMATH_CLONES static double log_reduced(double w)
{
    uint32_t hw = high_word(w);
    int32_t e = (int32_t)((hw >> 20) & 0x7FEu) - 1022;
    double m = from_words(low_word(w), (hw & 0x801FFFFFu) + 0x3FE00000u);
    double f = m - 1.0;
    double r = recip(m + 1.0);
    double q = f * r;
    double t = fma(-2.0, q, f);
    t = fma(-q, f, t);
    double z = fma(t, r, q);
    double z2 = z * z;
    double p = horner(atanh_coeffs, 10, z2) * z2;
    p = fma(p, z, z);
    p = p + p;
    /* libdevice converts e by the 2^52 + 2^31 trick: exact, as is (double)e. */
    return fma((double)e, LN2_HI, p);
}

/* erfinv(x) / x as a polynomial in -log(1 - x^2) - 3.125, for
 * -log(1 - x^2) < 6.25 (erfcinv uses it too). */
static const double erfinv_central[23] = {
    -0x1.135d2e746e627p-68, -0x1.8ddf93324d327p-63, 0x1.7b83eef0b7c9fp-60, 0x1.9ba72cd589b91p-57,
    -0x1.33689090a6b96p-53, 0x1.82e11898132ep-56,   0x1.de4acfd9e26bap-48, -0x1.6d33eed66c487p-45,
    -0x1.6f2167040d8e2p-44, 0x1.72a22c2d77e2p-39,   -0x1.c8859c4e5c0afp-37, -0x1.dc583d118a561p-35,
    0x1.20f47ccf46b3cp-30,  -0x1.1a9e38dc84d6p-28,  -0x1.f36cd6d3d46a9p-26, 0x1.c6b4f5d03b787p-22,
    -0x1.6e8a5434ae8a2p-20, -0x1.d1d1f7b8736f6p-17, 0x1.879c2a212f024p-13, -0x1.845769484fca8p-11,
    -0x1.8b6c33114f909p-8,  0x1.ebd80d9b13e28p-3,   0x1.a755e7c99ae86p+0,
};
/* The same in sqrt(-log(1 - x^2)) - 3.25, for that root below 4 ... */
static const double erfinv_middle[19] = {
    0x1.3040f87dbd932p-29,  0x1.85cbe52878635p-24, -0x1.2777453dd3955p-22, 0x1.395abcd554c6cp-26,
    0x1.936388a3790adp-20,  -0x1.0d5db812b5083p-18, 0x1.8860cd5d652f6p-19, 0x1.a29a0cacdfb23p-17,
    -0x1.8cef1f80281f2p-15, 0x1.1e684d0b9188ap-14,  0x1.932cd54c8a222p-16, -0x1.7448a89ef8aa3p-12,
    0x1.f3cc55ad40c25p-11,  -0x1.ba924132f38b1p-10, 0x1.468eeca533cf8p-9,  -0x1.ebadabb891bbdp-9,
    0x1.5ffcfe5b76afcp-8,   0x1.0158a6d641d39p+0,   0x1.8abcc380d5a48p+1,
};
/* ... and in that root minus 5 above. */
static const double erfinv_tail[17] = {
    -0x1.dcec3a7785389p-36, -0x1.18feec0e38727p-32, 0x1.9e6bf2dda45e3p-30, -0x1.0468fb24e2f5fp-28,
    0x1.05ac6a8fba182p-27,  -0x1.0102e495fb9cp-26,  0x1.f4c20e1334af8p-26, -0x1.22d220fdf9c3ep-24,
    0x1.ebc8bb824cb54p-23,  -0x1.0a8d40ea372ccp-20, 0x1.2fbd29d093d2bp-18, -0x1.4a3497e1e0facp-16,
    0x1.3ebf4eb00938fp-14,  -0x1.c2f36a8fc5d53p-13, -0x1.22ea5df04047cp-13, 0x1.02a30d1fba0dcp+0,
    0x1.3664ddd1ad7fbp+2,
};

GPUMATH_CLONES static double gpu_erfinv(double a)
{
    double r;
    if ((high_word(a) & 0x7FFFFFFFu) < 0x3FF00000u) { /* |x| < 1 */
        double l = log_reduced(fma(a, -a, 1.0)); /* log(1 - x^2) <= 0 */
        if (high_word(l) < 0xC0190000u) {          /* l > -6.25 */
            r = horner(erfinv_central, 23, -l - 3.125);
        } else {
            double s = sqrt(-l);
            if ((int32_t)high_word(s) < 0x40100000) /* s < 4 */
                r = horner(erfinv_middle, 19, s - 3.25);
            else
                r = horner(erfinv_tail, 17, s - 5.0);
        }
    } else if (isnan(a)) {
        r = a;
    } else {
        /* +-1 gives +-infinity; beyond, the GPU's made NaN (times x, which
         * keeps it). */
        r = fabs(a) == 1.0 ? INFINITY : ws_inl_f64(WS_F64_DEFAULT_NAN);
    }
    return r * a;
}
double ws_gpu_erfinv(double x) { return gpu_erfinv(x); }

/* erfcinv(p) for tiny p by t = 1/sqrt(-log p): a ratio of two degree 7
 * polynomials in t (for p >= about 5.7e-101) ... */
static const double tail_num[8] = {
    0x1.be9222591afabp-1, 0x1.0a0e7333839aap+1, 0x1.8768cf7e57d5cp+1, 0x1.b77e7e28da583p+1,
    0x1.34f26a4f99cf9p+0, 0x1.1f674adb019edp-3, 0x1.5ddae9506431dp-8, 0x1.ada49aa32489cp-15,
};
static const double tail_den[7] = {
    0x1.11ea3a7cf382p+2,  0x1.1a0e4a4749594p+2, 0x1.d4e977d38c14dp+1, 0x1.37fd567ec0d5fp+0,
    0x1.1fb9d7f676033p-3, 0x1.5ddcdf98946e4p-8, 0x1.ada42d79d8dbbp-15,
};
/* ... or of degree 4 (below). */
static const double far_num[5] = {
    0x1.8e2101c71b0bfp-1, 0x1.a2013964e259cp+0, 0x1.abfe90921be68p-2, 0x1.7e41314de00d4p-6, 0x1.11bd487102e94p-12,
};
static const double far_den[4] = {
    0x1.ae8e5956a143fp+0, 0x1.acce85ff7383dp-2, 0x1.7e43b6cac34fep-6, 0x1.11bd08289eb12p-12,
};

/* num(t) / (t den(t)), den monic: the first step is an add. */
GPUMATH_CLONES static double tail_ratio(double t, const double *num, int nn, double den0, const double *den, int nd)
{
    double n = horner(num, nn, t);
    double d = t + den0;
    for (int i = 0; i < nd; i++)
        d = fma(d, t, den[i]);
    return n / (d * t);
}

GPUMATH_CLONES static double erfcinv_core(double a)
{
    /* A NaN runs through every step, quieted: the GPU's negations are
     * operand modifiers of the next add or fma, which pass a NaN on with
     * its own sign (measured: erfcinv of a negative is 0xFFF8000000000000). */
    if (isnan(a))
        return quieted(a);
    double p2 = 2.0 + -a;
    /* Central range, a in about [0.00097, 1.99903]: erfcinv(a) =
     * erfinv(1 - a) = (1 - a) P(-log(a (2 - a)) - 3.125). */
    if (a >= 0x1.fa4d2ad8f904dp-11 && a <= 0x1.ffc0b65aa4e0ep+0) {
        double l = log_reduced(p2 * a);
        double r = horner(erfinv_central, 23, -l - 3.125);
        return fma(r, -a, r);
    }
    /* Tails: p the smaller of a and 2 - a, the sign restored at the end. */
    int upper = (int32_t)high_word(a) >= 0x3FF00000;
    double p = upper ? p2 : a;
    int32_t ph = (int32_t)high_word(p);
    double t;
    if (ph >= 0x2B2BFF2F && ph <= 0x7F800000) {
        /* p normal and not tiny (the high word read as an f32 >= 6.1e-13):
         * the ftz MUFU estimate of 1/sqrt(-log p), one refinement step. */
        double y = -log_reduced(p);
        double r = ws_gpu_rsqrt_approx_ftz_f64(y);
        double e = fma(y, -(r * r), 1.0);
        double s = fma(0x1.8p-2, e, 0x1p-1);
        r = fma(s, e * r, r);
        t = tail_ratio(r, tail_num, 8, 0x1.1e90ff51c2197p+1, tail_den, 7);
    } else {
        /* Anything else (tiny or denormal p, zero, NaN, out of range):
         * the full log and rsqrt. log(0) = -inf gives 1/sqrt = 0 and an
         * infinite ratio; a NaN passes through every step. */
        double l = ws_gpu_log(p); /* a NaN for a negative p: not negated below */
        double r = ws_gpu_rsqrt_approx_f64(isnan(l) ? l : -l);
        if (isnan(r))
            return r;
        else
            t = tail_ratio(r, far_num, 5, 0x1.59895c30baa54p+0, far_den, 4);
    }
    return upper ? -t : t;
}

double ws_gpu_erfcinv(double x) { return erfcinv_core(x); }

/* normcdfinv(p) = -sqrt2 erfcinv(2p), sqrt2 in two parts; + 0 turns a -0
 * into +0. */
GPUMATH_CLONES static double gpu_normcdfinv(double a)
{
    double t = erfcinv_core(a + a);
    if (isnan(t)) /* the NaN passes through the fma unchanged */
        return t;
    double r = fma(-0x1.6a09e667f3bccp+0, t, t * -0x1.21165f626cdd5p-53);
    return r + 0.0;
}
double ws_gpu_normcdfinv(double x) { return gpu_normcdfinv(x); }
