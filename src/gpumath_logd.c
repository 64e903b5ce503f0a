/* log, log2, log10 and log1p in double precision with the GPU's bits:
 * CUDA's libdevice algorithms (__nv_log, __nv_log2, __nv_log10,
 * __nv_log1p, the non-FTZ path), re-expressed in C step by step.
 *
 * All four rest on one natural logarithm: x = 2^e * m with m in
 * [sqrt(2)/2, sqrt(2)), then ln m = 2 atanh(u / 2) with u = 2 (m - 1) /
 * (m + 1), an odd series in u, and e * ln2 added in two parts so that the
 * sum keeps nearly twice double precision before the last rounding. The
 * quotient 1 / (m + 1) starts from the GPU's approximate reciprocal
 * (MUFU.RCP64H, ws_gpu_rcp_approx_ftz_f64) refined by Newton steps, so it
 * must be that unit's exact bits. log2 and log10 scale the result by a
 * constant in two parts; log1p runs its own series near zero.
 *
 * NaN inputs come back quieted with their own payload and sign, as the
 * GPU's f64 arithmetic propagates an operand's NaN; the log of a negative
 * number is the NaN the GPU makes, 0xFFF8000000000000.
 * Build with -ffp-contract=off: every fma here is an fma in the algorithm,
 * and every separate multiply and add must stay separate. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define GPU_NEW_NAN UINT64_C(0xFFF8000000000000) /* a NaN made from non-NaN operands */

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static uint32_t low_word(double v) { return (uint32_t)ws_inl_f64_bits(v); }
static double from_words(uint32_t lo, uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32 | lo); }

/* A NaN operand of an f64 operation comes out with the quiet bit set. */
static double quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | QUIET_BIT_F64); }

/* ln x outside (0, inf): the IR computes fma(x, inf, inf), which is x's NaN
 * quieted, inf for inf, and a new NaN for negative x (-inf + inf); for
 * +-0 (whose high word reads as an f32 zero) it returns -inf instead. */
static double log_special(double x)
{
    if (isnan(x))
        return quieted(x);
    if (x == 0.0)
        return -INFINITY;
    if (x == INFINITY)
        return INFINITY;
    return ws_inl_f64(GPU_NEW_NAN);
}

/* ln x. */
GPUMATH_CLONES static double log_core(double x)
{
    uint32_t hi = high_word(x), lo = low_word(x);
    int32_t e = -1023;
    /* Subnormals (and everything negative, which the next test sends to
     * the special cases) are first scaled by 2^54 into the normal range. */
    if ((int32_t)hi < 0x00100000) {
        double s = x * 0x1p+54;
        hi = high_word(s);
        lo = low_word(s);
        e -= 54;
    }
    if ((int32_t)hi <= 0 || hi >= 0x7FF00000u)
        return log_special(x);

    /* x = 2^e * m with m in [1, 2), then halved above sqrt(2) (high word
     * 0x3FF6A09E) so that m lies in [sqrt(2)/2, sqrt(2)) and |ln m| is
     * at most ln2 / 2. */
    e += (int32_t)(hi >> 20);
    hi = (hi & 0x800FFFFFu) | 0x3FF00000u;
    if (hi > 0x3FF6A09Eu) {
        hi -= 0x00100000u;
        e += 1;
    }
    double m = from_words(lo, hi);

    /* r = 1 / (m + 1): the approximate reciprocal, then one Newton step
     * whose error term is squared in (t + t^2), i.e. cubic convergence. */
    double f = m - 0x1p+0;
    double d = m + 0x1p+0;
    double r = ws_gpu_rcp_approx_ftz_f64(d);
    double t = fma(-d, r, 0x1p+0);
    t = fma(t, t, t);
    r = fma(t, r, r);

    /* u = 2 (m - 1) / (m + 1), ln m = u + u^3/12 + u^5/80 + ...: the odd
     * part as u * v * P(v) with v = u^2, P a degree 7 polynomial. */
    double u = f * r;
    u = u + u;
    double v = u * u;
    double p = fma(0x1.1380b3ae80f1ep-20, v, 0x1.0ee258b7a8b04p-18);
    p = fma(p, v, 0x1.3b2669f02676fp-16);
    p = fma(p, v, 0x1.745cba9ab0956p-14);
    p = fma(p, v, 0x1.c71c72d1b5154p-12);
    p = fma(p, v, 0x1.24924923be72dp-9);
    p = fma(p, v, 0x1.999999999a3c4p-7);
    p = fma(p, v, 0x1.5555555555554p-4);

    /* The rounding error of u: 2 (f - u) - u f is (m + 1)(exact u - u),
     * and times r it is the correction to u. */
    double c = (f - u) * 0x1p+1;
    c = fma(-u, f, c);
    c = r * c;
    double tail = fma(p * v, u, c); /* everything after the leading u */

    /* e * ln2 + u + tail: e * ln2hi + u rounded (hi), what that rounding
     * lost recovered exactly, then e * ln2lo and the tail added to it.
     * e converts to double exactly. */
    double ef = (double)e;
    double sum = fma(ef, 0x1.62e42fefa39efp-1, u);
    double lost = fma(-ef, 0x1.62e42fefa39efp-1, sum) - u;
    double low = fma(ef, 0x1.abc9e3b39803fp-56, tail - lost);
    return sum + low;
}

/* q * C with C in two parts, C = hi + lo: q * hi + (q * lo), one rounding.
 * A NaN q passes through both operations unchanged (already quiet). */
GPUMATH_CLONES static double scale_two_part(double q, double hi, double lo)
{
    if (isnan(q))
        return q;
    return fma(q, hi, q * lo);
}

GPUMATH_CLONES static double gpu_log(double x) { return log_core(x); }
double ws_gpu_log(double x) { return gpu_log(x); }

GPUMATH_CLONES static double gpu_log2(double x)
{
    /* log2(e) = 0x1.71547652b82fep+0 + 0x1.777d0ffda0d24p-56. */
    return scale_two_part(log_core(x), 0x1.71547652b82fep+0, 0x1.777d0ffda0d24p-56);
}
double ws_gpu_log2(double x) { return gpu_log2(x); }

GPUMATH_CLONES static double gpu_log10(double x)
{
    /* log10(e) = 0x1.bcb7b1526e50ep-2 + 0x1.95355baaafad3p-57. */
    return scale_two_part(log_core(x), 0x1.bcb7b1526e50ep-2, 0x1.95355baaafad3p-57);
}
double ws_gpu_log10(double x) { return gpu_log10(x); }

GPUMATH_CLONES static double gpu_log1p(double x)
{
    /* The range test reads the high word of x as an f32: x in about
     * (-0.4, 0.667) (high words 0xBFD99999 and 0x3FE55555). On the
     * non-negative side the f32 order is the integer order; negative
     * patterns compare by magnitude; NaN patterns compare false. */
    uint32_t hi = high_word(x);
    int near_zero = (hi >> 31) ? (hi & 0x7FFFFFFFu) < 0x3FD99999u : hi < 0x3FE55555u;
    if (!near_zero) {
        /* ln(1 + x) directly: 1 + x rounds, but away from zero that costs
         * little. A NaN comes through the add quieted. */
        if (isnan(x))
            return quieted(x);
        return log_core(x + 0x1p+0);
    }

    /* ln(1 + x) = 2 atanh(w / 2) with w = 2x / (x + 2) = x - x^2 / (x + 2),
     * written as x + h, h = -x * (x / (x + 2)), so that the small part h
     * is what rounds; then the odd series in w as in log_core, with its
     * own coefficients. */
    double q = x / (x + 0x1p+1);
    double h = -x * q;
    double w = x + h;
    double v = w * w;
    double p = fma(0x1.372fb2fbe14b5p-20, v, 0x1.087ffceb2dc44p-18);
    p = fma(p, v, 0x1.3b9ff890f468cp-16);
    p = fma(p, v, 0x1.7457efd51baf8p-14);
    p = fma(p, v, 0x1.c71c8de3ce825p-12);
    p = fma(p, v, 0x1.249248fa4661fp-9);
    p = fma(p, v, 0x1.99999999d70c4p-7);
    p = fma(p, v, 0x1.5555555555462p-4);
    p = p * v;
    return fma(p, w, h) + x;
}
double ws_gpu_log1p(double x) { return gpu_log1p(x); }
