/* f32 remainders with the GPU's bits: fmodf, remainderf, remquof. The
 * algorithm is CUDA's libdevice's (__nv_fmodf, __nv_remainderf,
 * __nv_remquof, which share one kernel), re-expressed step by step: the
 * same quotient estimates and corrections, the same sequence of correctly
 * rounded fma, so the host rounds exactly where the GPU rounds (built with
 * -ffp-contract=off; fmaf is the GPU's fma.rn). The quotient estimates come
 * from the special-function unit (div.approx.f32, rcp.approx.ftz.f32),
 * modelled bit for bit by ws_gpu_div_approx and ws_gpu_rcp_approx_ftz. Only
 * the non-FTZ path is followed (nvcc's default). Every NaN result is the
 * GPU's canonical 0x7FFFFFFF. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* fma rounded toward zero (PTX fma.rz.f32). */
static float fma_rz(float a, float b, float c)
{
    return ws_inl_f32(ws_f32_rounded(WS_FP_FMA, WS_ROUND_ZERO, ws_inl_f32_bits(a), ws_inl_f32_bits(b),
                                     ws_inl_f32_bits(c)));
}

/* An integral float converted as PTX's cvt.rzi.u32.f32 does: saturating,
 * NaN and negatives to 0. */
static uint32_t f2u_rz(float q)
{
    if (!(q > 0.0f))
        return 0;
    if (q >= 0x1p32f)
        return 0xFFFFFFFFu;
    return (uint32_t)q;
}

/* fmod(ax, ay) for ax, ay >= 0 (or NaN), with the low bits of the integer
 * quotient in *quot (what remainderf and remquof round with).
 *
 * ax < ay: ax itself, quotient 0.
 * ax <= 2^23 * ay (the quotient fits a float's mantissa): q = trunc(ax/ay)
 *   from the approximate division, checked by r = ax - q*ay (one fma,
 *   exact): r negative means q was one or two too high, r >= ay one to
 *   three too low; then ax - q*ay with the corrected q.
 * Otherwise long division on the mantissas: mx, my in [1, 2) (my is that
 *   of ay * 2^23, whose exponent is the target), the exponent difference
 *   taken off at most 23 bits per step by adding it to mx's exponent field;
 *   each step's quotient digit is the truncated product with 1/my (rcp
 *   approximation refined by two Newton corrections, the last product
 *   rounded toward zero so it never overshoots), and the remainder
 *   mx*2^step - t*my is exact. The result is scaled back by ay * 2^23's
 *   exponent (as a power of two times 2^-23); ay = 0, ax infinite and NaNs
 *   give NaN through that scale. */
GPUMATH_CLONES static float fmod_kernel(float ax, float ay, uint32_t *quot)
{
    if (ax < ay) {
        *quot = 0;
        return ax;
    }
    float ay23 = 0x1p23f * ay;
    if (ax <= ay23) {
        float q = truncf(ws_gpu_div_approx(ax, ay));
        float r = fmaf(-ay, q, ax);
        if (ws_inl_f32_bits(r) >= ws_inl_f32_bits(ay)) {
            if (ws_inl_f32_bits(r) > 0x80000000u) { /* r < 0: q too high */
                float q1 = q - 1.0f;
                if (r < -ay)
                    q1 = q1 - 1.0f;
                q = q1;
            } else { /* r >= ay (or NaN): q too low */
                float q1 = q + 1.0f;
                if (r >= 2.0f * ay) {
                    q1 = q1 + 1.0f;
                    if (fmaf(-3.0f, ay, r) >= 0.0f)
                        q1 = q1 + 1.0f;
                }
                q = q1;
            }
        }
        *quot = f2u_rz(q);
        return fmaf(-ay, q, ax);
    }

    uint32_t ex = ws_inl_f32_bits(ax) >> 23;
    uint32_t ey = ws_inl_f32_bits(ay23) >> 23;
    float mx = ws_inl_f32((ws_inl_f32_bits(ax) & 0x7FFFFFu) | 0x3F800000u);
    float my = ws_inl_f32((ws_inl_f32_bits(ay23) & 0x7FFFFFu) | 0x3F800000u);
    float rc = ws_gpu_rcp_approx_ftz(my);
    uint32_t todo = (ex - (ey - 23u)) << 23; /* exponent difference, in the field */
    uint32_t ux = ws_inl_f32_bits(mx);
    uint32_t q = 0;
    float r = mx;
    while (todo != 0 && ux != 0) {
        uint32_t step = todo <= (23u << 23) ? todo : 23u << 23;
        float v = ws_inl_f32(ux + step); /* remainder * 2^step */
        float a = fmaf(v, rc, -0.0f);
        float b = fmaf(-my, a, v);
        float c = fmaf(b, rc, a);
        float d = fmaf(-my, c, v);
        float t = truncf(fma_rz(d, rc, c));
        r = fmaf(-my, t, v);
        todo -= step;
        ux = ws_inl_f32_bits(r);
        q = (q << (step >> 23)) + f2u_rz(t);
    }
    /* Stopped early on a zero remainder: the quotient's low bits still
     * need the remaining shift (3 bits are all that is used). */
    uint32_t rest = todo >> 23;
    *quot = q << (rest <= 3 ? rest : 3);
    float scale = ws_inl_f32(ey << 23);
    if (!(ay > 0.0f) || ws_inl_f32_bits(ax) >= 0x7F800000u)
        scale = ws_inl_f32(WS_F32_CANONICAL_NAN);
    return scale * (r * 0x1p-23f);
}

/* ---- fmodf -------------------------------------------------------------- */

/* The kernel on |x|, |y|; x's sign goes on unless the result is NaN. */
GPUMATH_CLONES static float gpu_fmodf(float x, float y)
{
    uint32_t quot;
    float r = fmod_kernel(fabsf(x), fabsf(y), &quot);
    if (!isnan(r))
        r = copysignf(r, x);
    return gpu_f32(r);
}
float ws_gpu_fmodf(float x, float y) { return gpu_fmodf(x, y); }

/* ---- remainderf, remquof ------------------------------------------------ */

/* x - n*y with n the quotient rounded to nearest even, from fmod: when
 * 2*fmod exceeds |y|, or equals it with an odd truncated quotient, the
 * quotient goes up by one and |y| is taken off. Then x's sign goes on
 * (negation, skipped for NaN). *quot gets the rounded quotient's low bits. */
GPUMATH_CLONES static float remainder_core(float x, float y, uint32_t *quot)
{
    float ay = fabsf(y);
    uint32_t q;
    float r = fmod_kernel(fabsf(x), ay, &q);
    float twice = 2.0f * r;
    if (twice > ay || (twice == ay && (q & 1u) != 0)) {
        q = q + 1;
        r = r - ay;
    }
    if ((ws_inl_f32_bits(x) & 0x80000000u) != 0 && !isnan(r))
        r = -r;
    *quot = q;
    return r;
}

GPUMATH_CLONES static float gpu_remainderf(float x, float y)
{
    uint32_t q;
    return gpu_f32(remainder_core(x, y, &q));
}
float ws_gpu_remainderf(float x, float y) { return gpu_remainderf(x, y); }

/* remquo: the remainder, and the quotient's low 3 bits with the sign of
 * x/y (0 when the result is NaN). */
GPUMATH_CLONES static float gpu_remquof(float x, float y, int *quo)
{
    uint32_t q;
    float r = remainder_core(x, y, &q);
    uint32_t neg = ((ws_inl_f32_bits(x) ^ ws_inl_f32_bits(y)) & 0x80000000u) ? 0xFFFFFFFFu : 0;
    uint32_t bits = ((q & 7u) ^ neg) - neg;
    *quo = isnan(r) ? 0 : (int)(int32_t)bits;
    return gpu_f32(r);
}
float ws_gpu_remquof(float x, float y, int *quo) { return gpu_remquof(x, y, quo); }
