/* Euclidean norms with the GPU's bits: hypotf, norm3df, norm4df, normf and
 * rnormf in single precision, norm and rnorm in double. The algorithms are
 * CUDA's libdevice's (__nv_hypotf, __nv_norm3df, ..., __nv_rnorm; the
 * non-FTZ path, nvcc's default with -prec-sqrt=true), re-expressed step by
 * step; build with -ffp-contract=off (fmaf and fma are the GPU's fma.rn).
 *
 * All of them run one scheme: take the magnitudes, find the largest, scale
 * every one by a power of two chosen from the largest's exponent (so that
 * the squares neither overflow nor underflow), sum the squares with fma,
 * largest last, take the square root (f32: IEEE sqrt.rn; f64: the MUFU
 * reciprocal square root refined by one series step, as gpumath_normd.c)
 * or the reciprocal square root (the MUFU estimate alone, modelled bit for
 * bit in gpumath_mufu.c), and scale back. Zeros, infinities and NaNs are
 * sorted out by selects at the end.
 *
 * NaN results: f32 NaNs are the GPU's canonical 0x7FFFFFFF (PTX abs.f32 is
 * an add on the GPU, so even a NaN input that comes back through a select
 * has been through arithmetic); f64 NaNs follow fpops.h's payload rules. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

/* ---- single precision --------------------------------------------------- */

/* The scale for a largest magnitude m (f32): its exponent field rounded
 * down to even gives e, with m * 2^-e in [1/2, 2); returns e's field offset
 * (e << 23), from which both 2^-e and 2^e are rebuilt. Integer work that
 * wraps as on the GPU for m = 0, infinity or NaN (whose results the final
 * selects decide). */
static uint32_t scale_f32(float m) { return (ws_inl_f32_bits(m) & 0xFE000000u) - 0x3F800000u + 0x00800000u; }
static float down_f32(uint32_t e) { return ws_inl_f32(0x3F800000u - e); }
static float up_f32(uint32_t e) { return ws_inl_f32(e + 0x3F800000u); }

/* PTX min.f32 and max.f32 on magnitudes: a NaN operand, quiet or
 * signalling, loses to the other; two NaNs give NaN. */
static float ptx_min(float a, float b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    return a < b ? a : b;
}
static float ptx_max(float a, float b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    return a > b ? a : b;
}

/* sqrt(x^2 + y^2). The smaller and larger magnitude are picked by their
 * bits as signed integers (a NaN orders above infinity). A zero smaller
 * one gives the larger unchanged; an infinite smaller one means both are
 * infinite or one is NaN: the result is infinity. */
GPUMATH_CLONES static float gpu_hypotf(float x, float y)
{
    float ax = fabsf(x), ay = fabsf(y);
    int32_t bx = (int32_t)ws_inl_f32_bits(ax), by = (int32_t)ws_inl_f32_bits(ay);
    float lo = ws_inl_f32((uint32_t)(by <= bx ? by : bx));
    float hi = ws_inl_f32((uint32_t)(bx >= by ? bx : by));
    uint32_t e = scale_f32(hi);
    float los = lo * down_f32(e);
    float his = hi * down_f32(e);
    float q = fmaf(his, his, los * los);
    float r = sqrtf(q) * up_f32(e);
    if (lo == 0.0f)
        r = hi;
    if (lo == INFINITY)
        r = INFINITY;
    return gpu_f32(r);
}
float ws_gpu_hypotf(float x, float y) { return gpu_hypotf(x, y); }

/* Three magnitudes ordered by PTX's min and max (a NaN loses to a number),
 * scaled, squared and summed smallest first. The plain sum of the
 * magnitudes decides the special cases: all zero (the sum is not above the
 * largest) or a NaN input (the sum is NaN) return the sum, unless the
 * largest is infinite, which gives infinity (even beside a NaN). */
GPUMATH_CLONES static float gpu_norm3df(float a, float b, float c)
{
    float aa = fabsf(a), ab = fabsf(b), ac = fabsf(c);
    float sum = aa + ab + ac;
    float lo = ptx_min(aa, ab);
    float hi1 = ptx_max(aa, ab);
    float mid = ptx_min(hi1, ac);
    float hi = ptx_max(hi1, ac);
    uint32_t e = scale_f32(hi);
    float s = down_f32(e);
    float mids = mid * s;
    float los = lo * s;
    float his = hi * s;
    float q = fmaf(los, los, mids * mids);
    q = fmaf(his, his, q);
    float r = sqrtf(q) * up_f32(e);
    if (!(sum > hi))
        r = sum;
    if (hi == INFINITY)
        r = INFINITY;
    return gpu_f32(r);
}
float ws_gpu_norm3df(float a, float b, float c) { return gpu_norm3df(a, b, c); }

/* Four magnitudes, ordered by a running min/max: a and b, then c, then d.
 * (The plain sum adds them as a + b + d + c.) */
GPUMATH_CLONES static float gpu_norm4df(float a, float b, float c, float d)
{
    float aa = fabsf(a), ab = fabsf(b), ac = fabsf(c), ad = fabsf(d);
    float sum = aa + ab + ad + ac;
    float m1 = ptx_min(aa, ab);
    float h1 = ptx_max(aa, ab);
    float m2 = ptx_min(h1, ac);
    float h2 = ptx_max(h1, ac);
    float m3 = ptx_min(h2, ad);
    float hi = ptx_max(h2, ad);
    uint32_t e = scale_f32(hi);
    float s = down_f32(e);
    float s3 = m3 * s;
    float s2 = m2 * s;
    float s1 = m1 * s;
    float sh = hi * s;
    float q = fmaf(s2, s2, s3 * s3);
    q = fmaf(s1, s1, q);
    q = fmaf(sh, sh, q);
    float r = sqrtf(q) * up_f32(e);
    if (!(sum > hi))
        r = sum;
    if (hi == INFINITY)
        r = INFINITY;
    return gpu_f32(r);
}
float ws_gpu_norm4df(float a, float b, float c, float d) { return gpu_norm4df(a, b, c, d); }

/* normf and rnormf of dim elements: the largest magnitude by a running max
 * (element 0 is read even for dim < 1), then the sum of the scaled squares
 * in element order, except the first element whose scaled magnitude equals
 * the scaled largest: that one is added last. *sum0 is the sum before the
 * largest's square, which the selects use. */
GPUMATH_CLONES static float sum_squares_f32(int dim, const float *t, float *largest, uint32_t *e, float *sum0)
{
    float big = fabsf(t[0]);
    for (int i = 1; i < dim; i++)
        big = ptx_max(fabsf(t[i]), big);
    *largest = big;
    *e = scale_f32(big);
    float s = down_f32(*e);
    float bigs = big * s;
    float q = 0.0f;
    int added = 0;
    for (int i = 0; i < dim; i++) {
        float v = fabsf(t[i]) * s;
        /* The largest's first appearance is skipped: it is the one element
         * with v == bigs not yet passed over (i == added). */
        if (v != bigs || i != added) {
            q = fmaf(v, v, q);
            added++;
        }
    }
    *sum0 = q;
    return fmaf(bigs, bigs, q);
}

/* The root, scaled back; no other elements than zeros, or an infinite
 * largest, give the largest itself. */
float ws_gpu_normf(int dim, const float *t)
{
    float big, sum0;
    uint32_t e;
    float q = sum_squares_f32(dim, t, &big, &e, &sum0);
    float r = sqrtf(q) * up_f32(e);
    if (sum0 == 0.0f || big == INFINITY)
        r = big;
    return gpu_f32(r);
}

/* The MUFU reciprocal square root, scaled; an infinite largest gives 0. */
float ws_gpu_rnormf(int dim, const float *t)
{
    float big, sum0;
    uint32_t e;
    float q = sum_squares_f32(dim, t, &big, &e, &sum0);
    float r = ws_gpu_rsqrt_approx(q) * down_f32(e);
    if (big == INFINITY)
        r = 0.0f;
    return gpu_f32(r);
}

/* ---- double precision --------------------------------------------------- */

#define INF_HIGH 0x7FF00000u /* high word of +infinity */

static uint32_t high_word(double v) { return (uint32_t)(ws_inl_f64_bits(v) >> 32); }
static double from_high(uint32_t hi) { return ws_inl_f64((uint64_t)hi << 32); }
static double quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | UINT64_C(0x0008000000000000)); }
/* PTX abs.f64 as the GPU runs it (an add): a NaN comes through quieted
 * with its sign (gpumath_exactd.c's fabs). */
static double magnitude(double x)
{
    return isnan(x) ? quieted(x) : ws_inl_f64(ws_inl_f64_bits(x) & UINT64_C(0x7FFFFFFFFFFFFFFF));
}
/* PTX max.f64 with fpops.h's rules: a NaN operand counts as missing, two
 * NaNs give the first, quieted. */
static double gpu_max(double a, double b) { return ws_inl_f64(ws_inl_f64_max(ws_inl_f64_bits(a), ws_inl_f64_bits(b))); }

/* The f64 scale: the largest's exponent in steps of four binades (the high
 * word's top ten bits) gives e, m * 2^-e in [1/2, 8); the return is e's
 * field offset (e << 20). */
static uint32_t scale_f64(double m) { return (high_word(m) & 0xFFC00000u) - 0x3FF00000u + 0x00100000u; }

/* The shared part of norm and rnorm, as sum_squares_f32 above. A NaN
 * scaled element passes on to the sum: the fma returns its first NaN
 * operand (the GPU's order a, c, b), which is the element. */
GPUMATH_CLONES static double sum_squares_f64(int dim, const double *t, double *largest, uint32_t *e, double *sum0)
{
    double big = magnitude(t[0]);
    for (int i = 1; i < dim; i++)
        big = gpu_max(magnitude(t[i]), big);
    *largest = big;
    *e = scale_f64(big);
    double s = from_high(0x3FF00000u - *e);
    double bigs = big * s;
    double q = 0.0;
    int added = 0;
    for (int i = 0; i < dim; i++) {
        double v = magnitude(t[i]) * s;
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

/* sqrt(q) as q * rsqrt(q): the MUFU estimate y of 1/sqrt(q), capped q
 * first (an infinite q still gives a number), refined by one step of the
 * series y (1 + e/2 + 3e^2/8), e = 1 - q y^2. */
GPUMATH_CLONES static double sqrt_by_rsqrt(double q)
{
    double qc = fmin(q, 0x1.fffffffffffffp+1023);
    double y = ws_gpu_rsqrt_approx_ftz_f64(qc);
    double d = fma(qc, -(y * y), 1.0);
    double p = fma(0x1.8p-2, d, 0x1p-1);
    double r = fma(p, d * y, y);
    return q * r;
}

/* The root, scaled back: the largest itself when the other elements are
 * all zero, or when the largest is infinite or NaN (its high word at or
 * above infinity's, as an unsigned number: a negative NaN too). */
double ws_gpu_norm(int dim, const double *t)
{
    double big, sum0;
    uint32_t e;
    double q = sum_squares_f64(dim, t, &big, &e, &sum0);
    double r = sqrt_by_rsqrt(q) * from_high(e + 0x3FF00000u);
    if (sum0 == 0.0 || high_word(big) >= INF_HIGH)
        r = big;
    return r;
}

/* The MUFU reciprocal square root alone (rsqrt.approx.f64), scaled; an
 * infinite largest gives 0. */
double ws_gpu_rnorm(int dim, const double *t)
{
    double big, sum0;
    uint32_t e;
    double q = sum_squares_f64(dim, t, &big, &e, &sum0);
    double r = ws_gpu_rsqrt_approx_f64(q) * from_high(0x3FF00000u - e);
    if (big == INFINITY)
        r = 0.0;
    return r;
}
