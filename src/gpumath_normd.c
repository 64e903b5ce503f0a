/* rsqrt, hypot, rhypot, norm3d, rnorm3d, norm4d, rnorm4d, norm and rnorm
 * in double precision with the GPU's bits: CUDA's libdevice algorithms
 * (__nv_rsqrt, __nv_hypot, ..., the non-FTZ path), re-expressed in C step
 * by step.
 *
 * The norms all run the same scheme: take the magnitudes, order them
 * (largest last), scale every one by a power of two chosen from the
 * largest's exponent so that the sum of squares stays near 1 (no overflow,
 * no underflow), sum the squares in fma, and take the square root as
 * q * rsqrt(q): the MUFU estimate of 1/sqrt(q) refined by one step of the
 * series y (1 + e/2 + 3e^2/8), e = 1 - q y^2. The scale is undone at the
 * end. Zeros, infinities and NaNs are sorted out by selects afterwards.
 *
 * NaN results: the GPU's f64 arithmetic passes on a NaN operand quieted, and
 * its min/max treat a NaN as missing; the code returns those NaNs directly
 * (ws_inl_f64_add and _min/_max on the bits) rather than rely on the host's
 * choice of NaN operand. Build with -ffp-contract=off. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define SIGN_F64 UINT64_C(0x8000000000000000)
#define INF_HIGH 0x7FF00000u /* high word of +infinity */

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static double from_high(uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32); }
static double quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | QUIET_BIT_F64); }
/* |x| as the GPU's abs modifier gives it: a NaN passes through with its
 * sign, quieted (measured: hypot(1, -NaN) is -NaN). */
static double magnitude(double x) { return isnan(x) ? quieted(x) : ws_inl_f64(ws_inl_f64_bits(x) & ~SIGN_F64); }

/* The GPU's add, min and max, NaN rules included. */
static double gpu_add(double a, double b) { return ws_inl_f64(ws_inl_f64_add(ws_inl_f64_bits(a), ws_inl_f64_bits(b))); }
static double gpu_min(double a, double b) { return ws_inl_f64(ws_inl_f64_min(ws_inl_f64_bits(a), ws_inl_f64_bits(b))); }
static double gpu_max(double a, double b) { return ws_inl_f64(ws_inl_f64_max(ws_inl_f64_bits(a), ws_inl_f64_bits(b))); }

/* The power-of-two scale for a largest magnitude m: its exponent, taken in
 * steps of four binades (the high word's top ten bits), gives e with
 * m * 2^-e in [1/2, 8); *down is 2^-e, and the return is e's field offset
 * (e << 20), which later rebuilds 2^e. Unsigned: the GPU's integers wrap. */
static uint32_t norm_scale(double m, double *down)
{
    uint32_t e = (high_word(m) & 0xFFC00000u) - 0x3FF00000u + 0x00100000u;
    *down = from_high(0x3FF00000u - e);
    return e;
}

/* 1/sqrt(q) for a sum of squares q: the MUFU estimate y, then one step of
 * y (1 + e/2 + 3e^2/8), e = 1 - q y^2. */
GPUMATH_CLONES static double rsqrt_step(double q)
{
    double y = ws_gpu_rsqrt_approx_ftz_f64(q);
    double e = fma(q, -(y * y), 1.0);
    double p = fma(0x1.8p-2, e, 0x1p-1);
    return fma(p, e * y, y);
}

/* sqrt(q) * 2^e: q is capped at the largest double first, so that an
 * infinite q still gives a number (the callers' selects replace it). */
static double scaled_sqrt(double q, uint32_t e)
{
    double r = rsqrt_step(fmin(q, 0x1.fffffffffffffp+1023));
    return q * r * from_high(e + 0x3FF00000u);
}

double ws_gpu_rsqrt(double x) { return ws_gpu_rsqrt_approx_f64(x); }

/* hypot's and rhypot's ordering: the magnitudes compared as bit patterns,
 * so a NaN counts as the larger. */
static void order2(double a, double b, double *lo, double *hi)
{
    double x = magnitude(a), y = magnitude(b);
    uint64_t xb = ws_inl_f64_bits(x), yb = ws_inl_f64_bits(y);
    *lo = yb <= xb ? y : x;
    *hi = xb >= yb ? x : y;
}

GPUMATH_CLONES static double gpu_hypot(double a, double b)
{
    double lo, hi, down;
    order2(a, b, &lo, &hi);
    /* An infinite or NaN smaller operand means both are: the smaller one
     * comes back (infinity, or the NaN). */
    if (high_word(lo) >= INF_HIGH)
        return lo;
    /* A zero smaller operand: the larger, unchanged (NaN bits too). */
    if (lo == 0)
        return hi;
    /* A NaN larger operand runs through the arithmetic, quieted. */
    if (isnan(hi))
        return quieted(hi);
    uint32_t e = norm_scale(hi, &down);
    double s = lo * down, t = hi * down;
    return scaled_sqrt(fma(t, t, s * s), e);
}
double ws_gpu_hypot(double a, double b) { return gpu_hypot(a, b); }

GPUMATH_CLONES static double gpu_rhypot(double a, double b)
{
    double lo, hi, down;
    order2(a, b, &lo, &hi);
    norm_scale(hi, &down);
    double s = lo * down, t = hi * down;
    double r = rsqrt_step(fma(t, t, s * s)) * down;
    /* A result that is not a positive finite number: both inputs zero
     * (rsqrt of 0 gives a NaN in the step), an infinite or a NaN input, or
     * tiny inputs whose reciprocal overflows. */
    if (high_word(r) >= INF_HIGH) {
        if (isnan(hi))
            r = quieted(hi); /* hi + lo: the NaN operand passes on */
        else
            r = hi != INFINITY ? INFINITY : 0.0;
        if (lo == INFINITY)
            r = 0.0;
    }
    return r;
}
double ws_gpu_rhypot(double a, double b) { return gpu_rhypot(a, b); }

/* The magnitudes of n inputs ordered as libdevice orders them with min and
 * max (a NaN counts as missing): v[n-1] the largest, v[0..n-2] in the
 * order their squares are summed. *sum is the plain sum of the magnitudes,
 * in input order, which the selects use. */
static double order_n(const double *in, int n, double *v, double *sum)
{
    double m[4];
    for (int i = 0; i < n; i++)
        m[i] = magnitude(in[i]);
    /* ptxas put the second magnitude first in the add (the measured build:
     * with two NaNs, norm3d(NaN1, NaN2, z) is NaN2). */
    double s = gpu_add(m[1], m[0]);
    for (int i = 2; i < n; i++)
        s = gpu_add(s, m[i]);
    *sum = s;
    /* Each step keeps the larger and sets the smaller aside; the ones set
     * aside are summed latest first. */
    double big = m[0];
    for (int i = 1; i < n; i++) {
        v[n - 1 - i] = gpu_min(big, m[i]);
        big = gpu_max(big, m[i]);
    }
    v[n - 1] = big;
    return big;
}

/* The sum of squares of the scaled v[0..n-1]: the first term a plain
 * product, then one fma per term. */
GPUMATH_CLONES static double sum_squares(const double *v, int n, double down)
{
    double t = v[0] * down;
    double q = t * t;
    for (int i = 1; i < n; i++) {
        t = v[i] * down;
        q = fma(t, t, q);
    }
    return q;
}

static double norm_n(const double *in, int n)
{
    double v[4], sum, down;
    double big = order_n(in, n, v, &sum);
    uint32_t e = norm_scale(big, &down);
    double r = scaled_sqrt(sum_squares(v, n, down), e);
    /* All zeros, or a NaN input: the sum itself (0, or the first NaN). */
    if (!(sum > big))
        r = sum;
    /* An infinite largest input gives infinity even beside a NaN; all
     * NaN gives the first NaN, quieted. */
    if (high_word(big) >= INF_HIGH)
        r = big;
    return r;
}

static double rnorm_n(const double *in, int n)
{
    double v[4], sum, down;
    double big = order_n(in, n, v, &sum);
    norm_scale(big, &down);
    double r = rsqrt_step(sum_squares(v, n, down)) * down;
    /* All zeros: sum + inf is infinity; a NaN input: the sum's NaN. */
    if (!(sum > 0))
        r = isnan(sum) ? sum : INFINITY;
    if (big == INFINITY)
        r = 0.0;
    return r;
}

double ws_gpu_norm3d(double a, double b, double c)
{
    double in[3] = {a, b, c};
    return norm_n(in, 3);
}
double ws_gpu_rnorm3d(double a, double b, double c)
{
    double in[3] = {a, b, c};
    return rnorm_n(in, 3);
}
double ws_gpu_norm4d(double a, double b, double c, double d)
{
    double in[4] = {a, b, c, d};
    return norm_n(in, 4);
}
double ws_gpu_rnorm4d(double a, double b, double c, double d)
{
    double in[4] = {a, b, c, d};
    return rnorm_n(in, 4);
}

/* norm and rnorm of dim elements (libdevice's __nv_norm, __nv_rnorm): the
 * largest magnitude by a running max (element 0 is read even for dim < 1),
 * then the sum of the scaled squares in element order, except the first
 * element whose scaled magnitude equals the scaled largest: that one is
 * added last (as gpumath_norms.c's normf). *sum0 is the sum before the
 * largest's square, which the selects use. A NaN scaled element passes on
 * to the sum: the fma returns its first NaN operand (the GPU's order a, c,
 * b), which is the element. */
GPUMATH_CLONES static double sum_squares_dim(int dim, const double *t, double *largest, double *down, uint32_t *e,
                                             double *sum0)
{
    double big = magnitude(t[0]);
    for (int i = 1; i < dim; i++)
        big = gpu_max(magnitude(t[i]), big);
    *largest = big;
    *e = norm_scale(big, down);
    double bigs = big * *down;
    double q = 0.0;
    int added = 0;
    for (int i = 0; i < dim; i++) {
        double v = magnitude(t[i]) * *down;
        /* The largest's first appearance is skipped: it is the one element
         * with v == bigs not yet passed over (i == added). */
        if (v != bigs || i != added) {
            q = isnan(v) ? v : fma(v, v, q);
            added++;
        }
    }
    *sum0 = q;
    /* bigs is a NaN only when every element is, and then the result is
     * the largest (the select below); q's NaN passes on otherwise. */
    return isnan(q) ? q : fma(bigs, bigs, q);
}

/* The root, scaled back: the largest itself when the other elements are
 * all zero, or when the largest is infinite or NaN (its high word at or
 * above infinity's, as an unsigned number: a negative NaN too). */
double ws_gpu_norm(int dim, const double *t)
{
    double big, down, sum0;
    uint32_t e;
    double q = sum_squares_dim(dim, t, &big, &down, &e, &sum0);
    double r = scaled_sqrt(q, e);
    if (sum0 == 0.0 || high_word(big) >= INF_HIGH)
        r = big;
    return r;
}

/* The MUFU reciprocal square root alone (rsqrt.approx.f64), scaled; an
 * infinite largest gives 0. */
double ws_gpu_rnorm(int dim, const double *t)
{
    double big, down, sum0;
    uint32_t e;
    double q = sum_squares_dim(dim, t, &big, &down, &e, &sum0);
    double r = ws_gpu_rsqrt_approx_f64(q) * down;
    if (big == INFINITY)
        r = 0.0;
    return r;
}
