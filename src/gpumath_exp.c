/* exp, exp2, exp10, expm1 and sinh in double precision with the GPU's
 * bits: CUDA's libdevice algorithms (__nv_exp, __nv_exp2, __nv_exp10,
 * __nv_expm1, __nv_sinh, the non-FTZ path), re-expressed in C step by step.
 *
 * All five write the argument as k * ln2 + r (for exp2 and exp10: k + f,
 * then r = f * ln2 or f * ln10) with k a whole number and |r| <= ln2 / 2,
 * evaluate a polynomial for e^r (or e^r - 1), and multiply by 2^k by adding
 * k to the exponent field. k comes from the "magic number" trick: adding
 * 1.5 * 2^52 rounds to an integer that then sits in the low word. Near
 * overflow and underflow 2^k is split in two factors so that each stays
 * representable; beyond, the result is 0, -1 or infinity.
 *
 * NaN inputs come back quieted with their own payload and sign, as the
 * GPU's f64 arithmetic propagates an operand's NaN; the code returns that
 * directly rather than rely on the host's NaN choice inside fma.
 * Build with -ffp-contract=off: every fma here is an fma in the algorithm,
 * and every separate multiply and add must stay separate. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define SIGN_F64 UINT64_C(0x8000000000000000)
#define MAGIC 0x1.8p+52 /* 1.5 * 2^52: adding it rounds to an integer */

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static uint32_t low_word(double v) { return (uint32_t)ws_inl_f64_bits(v); }
static double from_words(uint32_t lo, uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32 | lo); }

/* The integer the magic-number sum holds in its low word. */
static int32_t magic_integer(double t) { return (int32_t)low_word(t); }

/* A NaN operand of an f64 add or fma comes out with the quiet bit set. */
static double quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | QUIET_BIT_F64); }

/* libdevice's cheap range tests read the high word of x as an f32 and
 * compare magnitudes. On non-negative f32 patterns the float order is the
 * integer order, and the NaN patterns (above 0x7F800000) compare false, as
 * they do here because every bound is lower: so an integer compare. */
static int magnitude_below(double x, uint32_t bound) { return (high_word(x) & 0x7FFFFFFFu) < bound; }

/* 2^n for a normal power, built from its exponent field (unsigned
 * arithmetic: the GPU's wraps, and so does this). */
static double pow2(int32_t n) { return from_words(0, 0x3FF00000u + ((uint32_t)n << 20)); }

/* p * 2^k by adding k to p's exponent field; right while the result stays
 * normal, which the callers' range tests guarantee. */
static double add_to_exponent(double p, int32_t k)
{
    return from_words(low_word(p), high_word(p) + ((uint32_t)k << 20));
}

/* x = k * ln2 + r. k = rint(x * log2(e)); r is x minus k times ln2, ln2
 * taken in two parts (high 53 bits, then the next ones) so that r keeps
 * nearly twice the precision. */
GPUMATH_CLONES static double reduce_ln2(double x, int32_t *k)
{
    double t = fma(x, 0x1.71547652b82fep+0, MAGIC);
    *k = magic_integer(t);
    double j = t + -MAGIC;
    double r = fma(j, -0x1.62e42fefa39efp-1, x);
    return fma(j, -0x1.abc9e3b39803fp-56, r);
}

/* e^r for |r| <= ln2 / 2: a degree 11 polynomial, Horner in fma. */
GPUMATH_CLONES static double exp_poly(double r)
{
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
    return fma(p, r, 0x1p+0);
}

/* The common end of exp, exp2 and exp10: p = e^r, the result p * 2^k.
 * While the high word of |x| is below direct_limit, 2^k is a normal
 * number and goes straight into the exponent field. Below split_limit the
 * result may overflow or be subnormal: p takes 2^(k/2) in its exponent and
 * one rounded multiply by 2^(k - k/2) gives the right rounding. Beyond,
 * the result is 0 for negative x, infinity for positive x, and x's NaN
 * quieted (the IR adds x to infinity or to itself; the NaN operand wins). */
static double exp_scale(double x, double p, int32_t k, uint32_t direct_limit, uint32_t split_limit)
{
    if (magnitude_below(x, direct_limit))
        return add_to_exponent(p, k);
    if (magnitude_below(x, split_limit)) {
        int32_t half = k / 2; /* rounded toward zero, as sdiv */
        return add_to_exponent(p, half) * pow2(k - half);
    }
    if (isnan(x))
        return quieted(x);
    return (high_word(x) >> 31) ? 0.0 : INFINITY;
}

/* (e^x - 1) * 2^scale for scale 0 (expm1) or -1 (sinh): e^r - 1 is
 * evaluated directly, so that small results keep their relative accuracy,
 * and then (e^r - 1) * 2^(k+scale) + (2^(k+scale) - 2^scale). */
GPUMATH_CLONES static double expm1_scaled(double x, int32_t scale)
{
    int32_t k;
    double r = reduce_ln2(x, &k);
    k = (int32_t)((uint32_t)k + (uint32_t)scale); /* wraps as the GPU's add */

    /* |x| below about 0.41 (high word of |x| <= 0x3FD9F323): no reduction,
     * and the scale is dropped too (k = 0). Doubling the high word drops
     * the sign. */
    uint32_t twice_high = high_word(x) + high_word(x);
    if (twice_high < 0x7FB3E647u) {
        r = x;
        k = 0;
    }

    /* e^r - 1 = r + r^2 * q(r), q of degree 10. */
    double q = fma(0x1.1f4076acd15b6p-29, r, 0x1.af86d8ebd13cdp-26);
    q = fma(q, r, 0x1.27e5092ba033dp-22);
    q = fma(q, r, 0x1.71dde6c5f9da1p-19);
    q = fma(q, r, 0x1.a01a018d034e6p-16);
    q = fma(q, r, 0x1.a01a01b3b6940p-13);
    q = fma(q, r, 0x1.6c16c16c1b5ddp-10);
    q = fma(q, r, 0x1.111111110f74dp-7);
    q = fma(q, r, 0x1.555555555554dp-5);
    q = fma(q, r, 0x1.5555555555557p-3);
    q = fma(q, r, 0x1p-1);
    double u = q * r;
    u = fma(u, r, r);

    /* 2^1024 is not a double: use 2^1023 and double the result. */
    double s = pow2(k == 1024 ? k - 1 : k);
    double t = fma(u, s, s - pow2(scale));
    if (k == 1024)
        t = t + t;

    /* x = +-0 (or a subnormal with a zero high word): x itself, sign kept. */
    if (twice_high == 0)
        t = r;
    return t;
}

GPUMATH_CLONES static double gpu_exp(double x)
{
    int32_t k;
    double p = exp_poly(reduce_ln2(x, &k));
    /* Bounds: |x| < about 708.4 and 745.1 (high words 0x4086232B, 0x40874800). */
    return exp_scale(x, p, k, 0x4086232Bu, 0x40874800u);
}
double ws_gpu_exp(double x) { return gpu_exp(x); }

GPUMATH_CLONES static double gpu_exp2(double x)
{
    /* x = k + f with k = rint(x) and |f| <= 1/2 exact; then r = f * ln2
     * with ln2 in two parts: the low part's product plus the high part's
     * in one fma. */
    double t = x + MAGIC;
    double j = t + -MAGIC;
    int32_t k = magic_integer(t);
    double f = x - j;
    double r = fma(f, 0x1.62e42fefa39efp-1, f * 0x1.abc9e3b39803fp-56);
    /* Bounds: |x| < 1023 and 1075 (high words 0x408FF000, 0x4090CC00). */
    return exp_scale(x, exp_poly(r), k, 0x408FF000u, 0x4090CC00u);
}
double ws_gpu_exp2(double x) { return gpu_exp2(x); }

GPUMATH_CLONES static double gpu_exp10(double x)
{
    /* x = k * log10(2) + f with k = rint(x * log2(10)); k * log10(2) is
     * taken off in two fma, its high part and then the correction to it
     * (which has the opposite sign); then r = f * ln10, ln10 in two parts
     * as in exp2. */
    double t = fma(x, 0x1.a934f0979a371p+1, MAGIC);
    int32_t k = magic_integer(t);
    double j = t + -MAGIC;
    double f = fma(j, -0x1.34413509f79ffp-2, x);
    f = fma(j, 0x1.9dc1da994fd21p-59, f);
    double r = fma(f, 0x1.26bb1bbb55516p+1, f * -0x1.f48ad494ea3e9p-53);
    /* Bounds: |x| < about 307.7 and 323.6 (high words 0x40733A71, 0x407439B8). */
    return exp_scale(x, exp_poly(r), k, 0x40733A71u, 0x407439B8u);
}
double ws_gpu_exp10(double x) { return gpu_exp10(x); }

GPUMATH_CLONES static double gpu_expm1(double x)
{
    /* The range test reads the high word as a signed f32: x below about
     * 709.78 (high word 0x40862E43) and above about -53 (magnitude of the
     * high word below 0x404A8000). */
    uint32_t hi = high_word(x);
    if (magnitude_below(x, (hi >> 31) ? 0x404A8000u : 0x40862E43u))
        return expm1_scaled(x, 0);
    /* e^x - 1 is -1 to double precision below -53, infinite above 709.78;
     * a NaN passes through x + x. */
    if (isnan(x))
        return quieted(x);
    return (hi >> 31) ? -1.0 : INFINITY;
}
double ws_gpu_expm1(double x) { return gpu_expm1(x); }

GPUMATH_CLONES static double gpu_sinh(double x)
{
    /* A NaN passes unchanged through every step below but for the quiet
     * bit; |x| loses the sign, which the final copysign gives back. */
    if (isnan(x))
        return quieted(x);

    double ax = ws_inl_f64(ws_inl_f64_bits(x) & ~SIGN_F64);
    double y;
    if (high_word(ax) < 0x3FF00000u) {
        /* |x| < 1: the odd series sinh(a) = a + a * s * P(s), s = a^2. */
        double s = ax * ax;
        double p = fma(0x1.b4c75ab274c53p-41, s, 0x1.611a561d87defp-33);
        p = fma(p, s, 0x1.ae64671b18f5cp-26);
        p = fma(p, s, 0x1.71de3a465b1e4p-19);
        p = fma(p, s, 0x1.a01a01a02899dp-13);
        p = fma(p, s, 0x1.11111111110a6p-7);
        p = fma(p, s, 0x1.5555555555556p-3);
        p = p * s;
        y = fma(p, ax, ax);
    } else {
        /* With t = (e^a - 1) / 2: sinh(a) = (e^a - e^-a) / 2
         * = t + t / (2t + 1), no cancellation for a >= 1. */
        double t = expm1_scaled(ax, -1);
        double d = fma(0x1p+1, t, 0x1p+0);
        y = t + t / d;
        if (ax >= 0x1.633ce8fb9f87ep+9) /* about 710.48: sinh overflows */
            y = INFINITY;
    }
    return copysign(y, x);
}
double ws_gpu_sinh(double x) { return gpu_sinh(x); }
