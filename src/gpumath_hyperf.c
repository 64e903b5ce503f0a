/* f32 hyperbolic functions with the GPU's bits: sinhf, coshf, tanhf. The
 * algorithms are CUDA's libdevice's (__nv_sinhf, __nv_coshf, __nv_tanhf),
 * re-expressed step by step on the non-FTZ path (nvcc's default): the same
 * reductions, coefficients and sequence of correctly rounded fma, mul and
 * add (built with -ffp-contract=off; fmaf is the GPU's fma.rn). Large
 * arguments go through the special-function unit's 2^x (ex2.approx.ftz)
 * and its approximate reciprocal or division, modelled bit for bit in
 * gpumath_ex2.c and gpumath_mufu.c. Every NaN result is the GPU's
 * canonical 0x7FFFFFFF. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define LOG2E_F 0x1.715476p+0f
#define MAGIC_F 0x1.8p+23f /* 1.5 * 2^23: integers in its low bits */

/* e^x / 4 for x >= 0 (libdevice's internal expf kernel with the exponent
 * lowered by 2). x = j ln2 + r with j = trunc(x log2(e)) clamped to
 * [-126, 126] and ln2 in two parts; then 2^(r log2(e)) from the unit times
 * 2^(j - 2), whose exponent field is the low bits of j + 1.5 * 2^23 + 125
 * shifted into place. Dividing by 4 keeps 2^(j - 2) representable for the
 * largest j, and the callers' 2 e + 1/(8 e) undo it. */
GPUMATH_CLONES static float exp_quarter(float x)
{
    float j = truncf(x * LOG2E_F);
    if (fabsf(j) > 126.0f)
        j = copysignf(126.0f, j);
    float r = fmaf(j, -0x1.62e430p-1f, x);
    r = fmaf(j, 0x1.05c610p-29f, r);
    r = r * LOG2E_F;
    uint32_t field = ws_inl_f32_bits(j + (MAGIC_F + 127.0f + -2.0f)) << 23;
    return mufu_ex2_ftz(r) * ws_inl_f32(field);
}

/* sinhf: for |x| >= 1, (e^|x| - e^-|x|) / 2 = 2 q - 1/(8 q) with q = e^|x|/4
 * (the reciprocal by the unit's approximate division), given x's sign.
 * Below 1, the odd polynomial x + x^3 p(x^2). */
GPUMATH_CLONES static float gpu_sinhf(float x)
{
    float ax = fabsf(x);
    if (ax >= 1.0f) {
        float q = exp_quarter(ax);
        return gpu_f32(copysignf(fmaf(2.0f, q, ws_gpu_div_approx_ftz(-0x1p-3f, q)), x));
    }
    float x2 = x * x;
    float p = fmaf(0x1.7a15b4p-19f, x2, 0x1.9ffe92p-13f);
    p = fmaf(p, x2, 0x1.111134p-7f);
    p = fmaf(p, x2, 0x1.555556p-3f);
    return gpu_f32(fmaf(p * x2, x, x));
}
float ws_gpu_sinhf(float x) { return gpu_sinhf(x); }

/* coshf: (e^|x| + e^-|x|) / 2 = 2 q + 1/(8 q), q = e^|x|/4, for every x. */
GPUMATH_CLONES static float gpu_coshf(float x)
{
    float q = exp_quarter(fabsf(x));
    return gpu_f32(fmaf(2.0f, q, ws_gpu_div_approx_ftz(0x1p-3f, q)));
}
float ws_gpu_coshf(float x) { return gpu_coshf(x); }

/* tanhf: for |x| >= 0.6, 1 - 2 / (e^(2|x|) + 1) with the unit's 2^y and
 * approximate reciprocal, exactly 1 from |x| >= 9.01, given x's sign.
 * Below 0.6, the odd polynomial x + x^3 p(x^2) (its last step adds 0, as
 * libdevice does). */
GPUMATH_CLONES static float gpu_tanhf(float x)
{
    float ax = fabsf(x);
    if (ax >= 0x1.333334p-1f) {
        float s = 1.0f;
        if (!(ax >= 0x1.205968p+3f)) {
            float e = mufu_ex2_ftz(ax * 0x1.715476p+1f);
            s = fmaf(ws_gpu_rcp_approx_ftz(1.0f + e), -2.0f, 1.0f);
        }
        return gpu_f32(copysignf(s, x));
    }
    float x2 = x * x;
    float p = fmaf(0x1.01e104p-6f, x2, -0x1.ac795cp-5f);
    p = fmaf(p, x2, 0x1.10b282p-3f);
    p = fmaf(p, x2, -0x1.5553dap-2f);
    p = fmaf(p, x2, 0.0f);
    return gpu_f32(fmaf(p, x, x));
}
float ws_gpu_tanhf(float x) { return gpu_tanhf(x); }
