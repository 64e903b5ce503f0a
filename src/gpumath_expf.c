/* f32 exponentials with the GPU's bits: expf, exp2f, exp10f, __expf,
 * __exp10f and expm1f. The algorithms are CUDA's libdevice's (__nv_expf,
 * __nv_exp2f, __nv_exp10f, __nv_fast_expf, __nv_fast_exp10f, __nv_expm1f),
 * re-expressed step by step on the non-FTZ path (nvcc's default): the same
 * reductions, coefficients and sequence of correctly rounded fma, mul and
 * add (built with -ffp-contract=off; fmaf is the GPU's fma.rn). All of them
 * end in the special-function unit's 2^x (ex2.approx, modelled bit for bit
 * by mufu_ex2_ftz in gpumath_internal.h and ws_gpu_ex2_approx in gpumath_ex2.c). Every NaN
 * result is the GPU's canonical 0x7FFFFFFF. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* log2(e) rounded to float, and log2(10): the factors that turn e^x and
 * 10^x into 2^y. */
#define LOG2E_F 0x1.715476p+0f
#define LOG2_10_F 0x1.a934f0p+1f

/* b^x for expf and exp10f, given log2(b) in two parts (hi + lo) and
 * hi / 252 rounded to float. The result is 2^(k - 127) * 2^r: the unit's
 * 2^r times a power of two put straight into an exponent field.
 *
 * k comes from s = saturate(x * hi/252 + 1/2), in [0, 1]: libdevice
 * computes fma(s, 252, 1.5 * 2^23 + 1) rounded toward minus infinity, so
 * the float's low bits hold k = floor(252 s) + 1 in 1 ... 253, which keeps
 * 2^(k - 127) normal; saturation (NaN gives 0) clamps it for huge |x|, and
 * ex2's own saturation then gives 0 or infinity. Here 252 s is exact in a
 * double (24 bits times 8), so floor of it is that rounding. r = x log2(b)
 * - (k - 127) is formed in two fmas with hi then lo, so it keeps about 48
 * bits of x log2(b) although k is subtracted first. */
static inline float exp_scaled(float x, float hi, float lo, float hi_div_252)
{
    float t = fmaf(x, hi_div_252, 0.5f);
    /* Without branches where the compiler allows (a NaN fails the first
     * comparison and becomes 0). 252 s >= 0: truncating it is its floor. */
    float s = t > 0.0f ? t : 0.0f;
    s = s < 1.0f ? s : 1.0f;
#if defined(__x86_64__) && defined(__GNUC__)
    __asm__("" : "+x"(s)); /* keeps gcc from splitting the code per saturated case */
#endif
    int32_t k = (int32_t)((double)s * 252.0) + 1;
    float r = fmaf(x, hi, -(float)(k - 127));
    r = fmaf(x, lo, r);
    float scale = ws_inl_f32((uint32_t)k << 23);
    /* k - 127 is about floor(x log2(b)), so r nearly always lies in
     * [0, 1): there the unit's 2^r is its table at r's first 23 fraction
     * bits (r * 2^23 is exact, and the unit truncates), between 1 and 2;
     * the few r that roundings put outside take the whole unit. */
    if (r >= 0.0f && r < 1.0f)
        return ws_inl_f32(0x3F800000u | (mufu_ex2_table((uint32_t)(r * 0x1p23f)) & 0x7FFFFFu)) * scale;
    return mufu_ex2_ftz(r) * scale;
}

GPUMATH_CLONES static float gpu_expf(float x)
{
    /* 0x1.77313ap-8f is log2(e) / 252 rounded; the tail of log2(e) is
     * 0x1.4ae0c0p-26f. */
    return gpu_f32(exp_scaled(x, LOG2E_F, 0x1.4ae0c0p-26f, 0x1.77313ap-8f));
}
float ws_gpu_expf(float x) { return gpu_expf(x); }

GPUMATH_CLONES static float gpu_exp10f(float x)
{
    /* log2(10) / 252 rounded, and the tail of log2(10). */
    return gpu_f32(exp_scaled(x, LOG2_10_F, 0x1.2f346ep-24f, 0x1.aff4c4p-7f));
}
float ws_gpu_exp10f(float x) { return gpu_exp10f(x); }

/* exp2f is the unit's 2^x alone (the IEEE variant, which keeps results
 * down into the subnormals). */
float ws_gpu_exp2f(float x) { return gpu_f32(ws_gpu_ex2_approx(x)); }

/* __expf and __exp10f: one rounded multiplication into 2^y, so the error
 * of y's rounding grows with |x|. */
float ws_gpu_fast_expf(float x) { return gpu_f32(ws_gpu_ex2_approx(x * LOG2E_F)); }
float ws_gpu_fast_exp10f(float x) { return gpu_f32(ws_gpu_ex2_approx(x * LOG2_10_F)); }

/* expm1f: x = t ln2 + u with t = rint(x log2(e)) (0 when |x| < 0.41, where
 * the polynomial alone is accurate), ln2 in two parts. Then
 * e^x - 1 = 2^t (e^u - 1) + (2^t - 1), with e^u - 1 = u + u^2 p(u) and 2^t
 * exact from the unit. t = 128 would overflow 2^t: it uses 2^127 and
 * doubles the sum. Beyond that the result is +inf; below t = -25 it is -1;
 * zeros come back with their sign (x + x). */
GPUMATH_CLONES static float gpu_expm1f(float x)
{
    float t = nearbyintf(x * LOG2E_F);
    if (fabsf(x) < 0x1.a3d70ap-2f)
        t = 0.0f;
    float u = fmaf(-t, 0x1.62e400p-1f, x);
    u = fmaf(-t, 0x1.7f7d1cp-20f, u);
    float j = t == 128.0f ? t - 1.0f : t;

    float p = fmaf(0x1.6bd7ccp-10f, u, 0x1.12acc6p-7f);
    p = fmaf(p, u, 0x1.5557c6p-5f);
    p = fmaf(p, u, 0x1.5553ecp-3f);
    p = fmaf(p, u, 0x1.fffffcp-2f);
    float q = fmaf(p * u, u, u); /* e^u - 1 */
    float e = ws_gpu_ex2_approx(j);
    float r = fmaf(q, e, e - 1.0f);

    if (t == 128.0f)
        r = r + r;
    if (j > 128.0f)
        r = INFINITY;
    if (j < -25.0f)
        r = -1.0f;
    if (x == 0.0f)
        r = x + x;
    return gpu_f32(r);
}
float ws_gpu_expm1f(float x) { return gpu_expm1f(x); }
