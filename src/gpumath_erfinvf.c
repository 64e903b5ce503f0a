/* Inverse error functions in f32 with the GPU's bits: erfinvf, erfcinvf
 * and normcdfinvf. The algorithms are CUDA's libdevice's (__nv_erfinvf,
 * __nv_erfcinvf, __nv_normcdfinvf, the non-FTZ path), re-expressed step
 * by step.
 *
 * All three work on w = -log2(1 - y^2) (y the value whose erf is sought),
 * taken from the special-function unit's lg2 (MUFU.LG2, modelled in
 * gpumath_lg2.c). Near the middle, erfinv(y) = y * p(w) for a polynomial
 * p; in the tails, where w is large, erfinv(y) = w * q(1/sqrt(w)) with the
 * unit's reciprocal square root (gpumath_mufu.c). Every NaN result is the
 * GPU's 0x7FFFFFFF. Build with -ffp-contract=off: each fma is an fma of
 * the algorithm. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* Horner's scheme on t, highest coefficient first, one fma a step. */
GPUMATH_CLONES static float horner(const float *c, int n, float t)
{
    float p = c[0];
    for (int i = 1; i < n; i++)
        p = fmaf(p, t, c[i]);
    return p;
}

/* p(w) with erfinv(y) ~ y * p(w), w = -log2(1 - y^2): the central range. */
static const float central[9] = {
    -0x1.14c6ep-32f, 0x1.43ec8ap-27f,  -0x1.02dfb4p-23f, 0x1.d1f08cp-23f, 0x1.0e8554p-17f,
    -0x1.09b69ap-15f, -0x1.95fd42p-11f, 0x1.6b804ep-8f,  0x1.495c1ep-3f,
};
/* the last step of p: its constant term, about sqrt(pi)/2 */
#define CENTRAL_LAST 0x1.c5bf88p-1f

/* q(s), s = 1/sqrt(w), with erfinv(y) ~ w * s * q(s) in erfinvf's tail. */
static const float tail_erfinv[6] = {
    -0x1.2e0942p-1f, -0x1.53754ap-1f, 0x1.98d5b8p+0f, -0x1.59b5dap-1f, -0x1.860a6ep-4f, 0x1.abb372p-1f,
};

/* q(s) for erfcinvf's tail, same form. */
static const float tail_erfcinv[9] = {
    -0x1.f8e7e2p+5f, 0x1.fdf052p+6f, -0x1.c86c38p+6f, 0x1.e29b36p+5f, -0x1.5ca366p+4f,
    0x1.9dea08p+2f,  -0x1.d53c0ap+0f, -0x1.f0e3e8p-6f, 0x1.aa6eeap-1f,
};

/* p(w) for w = -log2(v) (v = 1 - y^2, from the unit's flush-to-zero lg2). */
GPUMATH_CLONES static float central_poly(float v, float *w_out)
{
    float w = -ws_gpu_lg2_approx_ftz(v);
    *w_out = w;
    return fmaf(horner(central, 9, w), w, CENTRAL_LAST);
}

/* erfinv(y): y * p(w) unless w > 8.2 (|y| above about 0.998), then
 * w * s * q(s) with the sign of y; y = +-1 gives w = inf, whose product
 * with s = 0 would be NaN, so w itself (inf) is taken. |y| > 1 and NaN
 * make w NaN and so the result. */
GPUMATH_CLONES static float gpu_erfinvf(float y)
{
    float w;
    float p = central_poly(fmaf(y, -y, 1.0f), &w);
    if (!(w > 0x1.066666p+3f))
        return gpu_f32(y * p);
    float s = ws_gpu_rsqrt_approx_ftz(w);
    float q = horner(tail_erfinv, 6, s);
    float t = w == INFINITY ? w : q * (w * s);
    return copysignf(t, y);
}

/* erfcinv(x) = erfinv(1 - x). In [0.0034, 1.9966] 1 - y^2 is formed
 * accurately as (2 - x) * x and the result is p - p x = (1 - x) p. Outside
 * (and for NaN), with v the smaller of x and 2 - x, w = -log2(v) (the
 * unit's lg2 without flush this time), s = 1/sqrt(w) and the result is
 * q(s) * w * s, negated above 1 (erfcinv is odd about x = 1); v = 0 gives
 * w = inf, taken as is, so the result is +-inf. */
GPUMATH_CLONES static float gpu_erfcinvf(float x)
{
    float two_minus = 2.0f + -x;
    if (x >= 0x1.bda512p-9f && x <= 0x1.ff212ep+0f) {
        float w;
        float p = central_poly(two_minus * x, &w);
        return gpu_f32(fmaf(p, -x, p));
    }
    float v = x > 1.0f ? two_minus : x;
    float w = -ws_gpu_lg2_approx(v);
    float s = ws_gpu_rsqrt_approx_ftz(w);
    float q = horner(tail_erfcinv, 9, s);
    float t = w == INFINITY ? w : s * w;
    if (x > 1.0f)
        t = -t;
    return gpu_f32(q * t);
}

/* normcdfinv(x) = -sqrt(2) * erfcinv(2x): erfcinvf's steps on x + x, then
 * one fma with a zero addend (which turns a -0 product into +0). */
GPUMATH_CLONES static float gpu_normcdfinvf(float x)
{
    return gpu_f32(fmaf(-0x1.6a09e6p+0f, gpu_erfcinvf(x + x), 0.0f));
}

float ws_gpu_erfinvf(float x) { return gpu_erfinvf(x); }
float ws_gpu_erfcinvf(float x) { return gpu_erfcinvf(x); }
float ws_gpu_normcdfinvf(float x) { return gpu_normcdfinvf(x); }
