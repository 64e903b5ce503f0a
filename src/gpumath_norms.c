/* Euclidean norms with the GPU's bits: hypotf, norm3df, norm4df, normf and
 * rnormf in single precision, norm and rnorm in double (gpumath_normd.c,
 * beside the other f64 norms). The algorithms are CUDA's libdevice's
 * (__nv_hypotf, __nv_norm3df, ..., __nv_normf, __nv_rnormf; the non-FTZ
 * path, nvcc's default with -prec-sqrt=true), re-expressed step by step;
 * build with -ffp-contract=off (fmaf is the GPU's fma.rn).
 *
 * All of them run one scheme: take the magnitudes, find the largest, scale
 * every one by a power of two chosen from the largest's exponent (so that
 * the squares neither overflow nor underflow), sum the squares with fma,
 * largest last, take the square root (IEEE sqrt.rn) or the reciprocal
 * square root (the MUFU estimate alone, modelled bit for bit in
 * gpumath_mufu.c), and scale back. Zeros, infinities and NaNs are sorted
 * out by selects at the end. The steps hypotf, norm3df and norm4df share
 * with their reciprocals (gpumath_normf.c) are gpumath_internal.h's.
 *
 * NaN results are the GPU's canonical 0x7FFFFFFF (PTX abs.f32 is an add on
 * the GPU, so even a NaN input that comes back through a select has been
 * through arithmetic). */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

/* sqrt(x^2 + y^2). A zero smaller magnitude gives the larger unchanged;
 * an infinite smaller one means both are infinite or one is NaN: the
 * result is infinity. */
GPUMATH_CLONES static float gpu_hypotf(float x, float y)
{
    float lo, hi;
    uint32_t e;
    float q = norm2_squares_f32(x, y, &lo, &hi, &e);
    float r = gpu_sqrtf(q) * norm_up_f32(e);
    if (lo == 0.0f)
        r = hi;
    if (lo == INFINITY)
        r = INFINITY;
    return gpu_f32(r);
}
float ws_gpu_hypotf(float x, float y) { return gpu_hypotf(x, y); }

/* norm3df and norm4df of the magnitudes m[0..n-1]. The plain sum of the
 * magnitudes decides the special cases: all zero (the sum is not above the
 * largest) or a NaN input (the sum is NaN) return the sum, unless the
 * largest is infinite, which gives infinity (even beside a NaN). */
GPUMATH_CLONES static float gpu_norm_n(int n, const float *m, float sum)
{
    float hi;
    uint32_t e;
    float q = normn_squares_f32(n, m, &hi, &e);
    float r = gpu_sqrtf(q) * norm_up_f32(e);
    if (!(sum > hi))
        r = sum;
    if (hi == INFINITY)
        r = INFINITY;
    return gpu_f32(r);
}
float ws_gpu_norm3df(float a, float b, float c)
{
    float m[3] = {fabsf(a), fabsf(b), fabsf(c)};
    return gpu_norm_n(3, m, m[0] + m[1] + m[2]);
}
/* (The plain sum adds the four as a + b + d + c.) */
float ws_gpu_norm4df(float a, float b, float c, float d)
{
    float m[4] = {fabsf(a), fabsf(b), fabsf(c), fabsf(d)};
    return gpu_norm_n(4, m, m[0] + m[1] + m[3] + m[2]);
}

/* normf and rnormf of dim elements: the largest magnitude by a running max
 * (element 0 is read even for dim < 1), then the sum of the scaled squares
 * in element order, except the first element whose scaled magnitude equals
 * the scaled largest: that one is added last. *sum0 is the sum before the
 * largest's square, which the selects use. */
GPUMATH_CLONES static float sum_squares_f32(int dim, const float *t, float *largest, uint32_t *e, float *sum0)
{
    float big = fabsf(t[0]);
    for (int i = 1; i < dim; i++)
        big = ptx_max_f32(fabsf(t[i]), big);
    *largest = big;
    *e = norm_scale_f32(big);
    float s = norm_down_f32(*e);
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
    float r = gpu_sqrtf(q) * norm_up_f32(e);
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
    float r = ws_gpu_rsqrt_approx(q) * norm_down_f32(e);
    if (big == INFINITY)
        r = 0.0f;
    return gpu_f32(r);
}
