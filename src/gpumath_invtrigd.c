/* atan, asin and acos in double precision with the GPU's bits: CUDA's
 * libdevice algorithms (__nv_atan, __nv_asin, __nv_acos, the non-FTZ
 * path), re-expressed in C step by step.
 *
 * atan evaluates one odd polynomial on [0, 1] and maps |x| > 1 there by
 * atan(x) = pi/2 - atan(1/x), the reciprocal from the GPU's approximate
 * rcp (MUFU.RCP64H) refined by Newton steps in fma. asin and acos share an
 * odd polynomial for |x| below about 0.575; above, both go through
 * asin(x) = pi/2 - 2 asin(sqrt((1 - x) / 2)) and its acos twin, the square
 * root from the GPU's approximate rsqrt (MUFU.RSQ64H) refined in fma.
 *
 * NaN results: a NaN argument comes back quieted with its payload and
 * sign; |x| > 1 in asin and acos gives the default NaN 0xFFF8000000000000,
 * asin with x's sign. On the GPU, fabs and negation are operand modifiers
 * of the next add or fma, and a NaN operand comes out with its own bits,
 * modifiers ignored (measured on an H100, see acos). The special cases are
 * settled by explicit tests rather than by the host's NaN choices.
 * Build with -ffp-contract=off: every fma here is an fma in the algorithm,
 * and every separate multiply and add must stay separate. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"


#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define SIGN_F64 UINT64_C(0x8000000000000000)
#define PI_2_HI 0x1.921fb54442d18p+0 /* pi/2 rounded; the low part follows */
#define PI_2_LO 0x1.1a62633145c07p-54

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static uint32_t low_word(double v) { return (uint32_t)ws_inl_f64_bits(v); }
static double from_words(uint32_t lo, uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32 | lo); }
static int sign_set(double v) { return (high_word(v) >> 31) != 0; }
static double magnitude(double v) { return ws_inl_f64(ws_inl_f64_bits(v) & ~SIGN_F64); }

/* A NaN operand of f64 arithmetic comes out with the quiet bit set. */
static double quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | QUIET_BIT_F64); }

/* v / 2 or v * 2 by moving the high word's exponent field, as the library
 * does (no rounding; only meaningful while the result stays normal). */
static double exponent_minus_one(double v) { return from_words(low_word(v), high_word(v) - 0x00100000u); }
static double exponent_plus_one(double v) { return from_words(low_word(v), high_word(v) + 0x00100000u); }

/* sqrt(v) from y = rsqrt.approx(v): s = v * y, corrected once by the
 * residual v - s^2 times y/2; then y/2 itself is refined (g) and the
 * residual of the new s applied through it. */
GPUMATH_CLONES static double sqrt_from_rsqrt(double v, double y)
{
    double half_y = exponent_minus_one(y);
    double m = v * y;
    double s = fma(fma(m, -m, v), half_y, m);
    double g = fma(fma(y, -s, 0x1p+0), half_y, half_y);
    return fma(fma(s, -s, v), g, s);
}

/* asin(t) = t + t^3 * P(t^2) near zero: P(u) is Horner in fma, and this
 * returns P(u) * u, the caller folding t back in. */
GPUMATH_CLONES static double asin_series(double u)
{
    double p = fma(0x1.0066bdc1895e9p-4, u, -0x1.3823b180754afp-4);
    p = fma(p, u, 0x1.11e52cc2f79aep-4);
    p = fma(p, u, -0x1.24eaf3526861bp-6);
    p = fma(p, u, 0x1.1df02a31e6cb7p-6);
    p = fma(p, u, 0x1.47d18b0eec6ccp-7);
    p = fma(p, u, 0x1.d0af961ba53b0p-7);
    p = fma(p, u, 0x1.1bf7734cf1c48p-6);
    p = fma(p, u, 0x1.6e91483144ef7p-6);
    p = fma(p, u, 0x1.f1c6e0a4f9f81p-6);
    p = fma(p, u, 0x1.6db6dc27fa92bp-5);
    p = fma(p, u, 0x1.333333320f91bp-4);
    p = fma(p, u, 0x1.5555555555f4dp-3);
    return p * u;
}

GPUMATH_CLONES static double gpu_atan(double x)
{
    /* A NaN runs through every step as the only NaN operand: x quieted. */
    if (isnan(x))
        return quieted(x);

    double a = magnitude(x);
    double t = a;
    if (a > 0x1p+0) {
        /* t = 1/a: the rcp estimate r, then e = 1 - a r and
         * r + r (e + e^2), one fma each. 1/inf is taken as 0. */
        double r = ws_gpu_rcp_approx_ftz_f64(a);
        double e = fma(-a, r, 0x1p+0);
        e = fma(e, e, e);
        t = a == INFINITY ? 0.0 : fma(e, r, r);
    }

    double y = atan_unit(t);

    if (a > 0x1p+0)
        y = PI_2_HI - y; /* atan(a) = pi/2 - atan(1/a) */
    return copysign(y, x);
}
double ws_gpu_atan(double x) { return gpu_atan(x); }

GPUMATH_CLONES static double gpu_asin(double x)
{
    /* |x| below about 0.575 (the high word's magnitude read as an f32
     * below 0x3FE26666; no NaN pattern is): the odd series directly.
     * ±0 and denormals come back unchanged. */
    if ((high_word(x) & 0x7FFFFFFFu) < 0x3FE26666u) {
        double p = asin_series(x * x);
        return fma(p, x, x);
    }

    /* A NaN runs through as the only NaN operand: x quieted. (The library
     * puts the NaN z in place of the square root; the sum keeps it.) */
    if (isnan(x))
        return quieted(x);

    /* z = (1 - |x|) / 2 exactly; asin(|x|) = pi/2 - 2 asin(sqrt(z)). */
    double z = fma(-0x1p-1, magnitude(x), 0x1p-1);

    /* |x| > 1 (z < 0, infinities too): the root is the default NaN, which
     * the sum below carries to the end, where it takes x's sign. */
    if (z < 0.0)
        return copysign(ws_inl_f64(WS_F64_DEFAULT_NAN), x);

    /* sqrt(z); z = 0 (|x| = 1) gives 0 itself. */
    double w = z == 0.0 ? z : sqrt_from_rsqrt(z, ws_gpu_rsqrt_approx_ftz_f64(z));

    /* With u = -2 sqrt(z), asin(sqrt(z)) = sqrt(z) + sqrt(z) z P(z):
     * pi/2 - 2 asin(sqrt(z)) = (pi/4 + u) + (u z P(z) + pi/2's low part)
     * + pi/4, summed so that the small terms meet the large ones last. */
    double q = asin_series(z);
    double u = -0x1p+1 * w;
    double lo = fma(u, q, PI_2_LO);
    double y = u + 0x1.921fb54442d18p-1;
    y = y + lo;
    y = y + 0x1.921fb54442d18p-1;
    return copysign(y, x);
}
double ws_gpu_asin(double x) { return gpu_asin(x); }

GPUMATH_CLONES static double gpu_acos(double x)
{
    /* A NaN: 1 - |x| takes x with the fabs as an operand modifier, which
     * leaves the NaN's sign alone, and so does the final negation: x
     * quieted, sign kept. */
    if (isnan(x))
        return quieted(x);

    double a = magnitude(x);

    if (high_word(a) < 0x3FE26666u) {
        /* |x| below about 0.575: acos(x) = pi/2 - asin(x), with asin(|x|)
         * from the series and pi/2 in two parts, the low part added to
         * the series first. */
        double y = fma(asin_series(a * a), a, a);
        if (sign_set(x))
            return PI_2_HI + (y + PI_2_LO);
        return PI_2_HI + -(y + -PI_2_LO);
    }

    /* w = 1 - |x| exactly. |x| > 1 (w < 0, infinities too): the library
     * takes 0 times infinity, the default NaN, and for negative x carries
     * it through pi - t: the negation there is an operand modifier of the
     * GPU's add, and a NaN operand comes out with its own bits, so the NaN
     * is not sign-flipped as host negation would make it. */
    double w = 0x1p+0 - a;
    int32_t w_high = (int32_t)high_word(w);
    if (w_high < 0)
        return ws_inl_f64(WS_F64_DEFAULT_NAN);

    double t = 0.0; /* w = 0 (|x| = 1): acos(1) = 0 */
    if (w_high > 0) {
        /* acos(|x|) = 2 asin(sqrt(w / 2)) = sqrt(2w) (1 + w Q(w)), Q of
         * degree 11; sqrt(w / 2) from rsqrt(w / 2), then doubled. The
         * halvings and doublings move the exponent field. */
        double q = fma(0x1.715b371155f70p-19, w, -0x1.ac2fe66faac4bp-20);
        q = fma(q, w, 0x1.9a9b88efcd9b8p-18);
        q = fma(q, w, 0x1.d0f40a8a0c4c3p-18);
        q = fma(q, w, 0x1.46d4cfa9e0e1fp-16);
        q = fma(q, w, 0x1.79c168d1e2422p-15);
        q = fma(q, w, 0x1.c9a88c3bca540p-14);
        q = fma(q, w, 0x1.1c4e64bd476dfp-12);
        q = fma(q, w, 0x1.6e8ba60009c8fp-11);
        q = fma(q, w, 0x1.f1c71c62b05a2p-10);
        q = fma(q, w, 0x1.6db6db6dc9f2cp-8);
        q = fma(q, w, 0x1.333333333329cp-6);
        q = fma(q, w, 0x1.5555555555555p-4);
        double h = exponent_minus_one(w);
        double r = sqrt_from_rsqrt(h, ws_gpu_rsqrt_approx_ftz_f64(h));
        double s2 = exponent_plus_one(r);
        t = fma(q * w, s2, s2);
    }

    /* Negative x: acos(x) = pi - acos(|x|), pi in two parts. */
    if (sign_set(x))
        return 0x1.921fb54442d18p+1 + -(t + -0x1.1a62633145c07p-53);
    return t;
}
double ws_gpu_acos(double x) { return gpu_acos(x); }
