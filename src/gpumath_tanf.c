/* f32 tangent and arc tangent with the GPU's bits: tanf, atanf. The
 * algorithms are CUDA's libdevice's (__nv_tanf, __nv_atanf), re-expressed
 * step by step: the same argument reduction, the same polynomials with the
 * same coefficients, the same sequence of correctly rounded fma and mul, so
 * the host rounds exactly where the GPU rounds (built with
 * -ffp-contract=off; fmaf is the GPU's fma.rn). Both divide through the
 * special-function unit's approximate reciprocal (rcp.approx.ftz.f32),
 * modelled bit for bit by ws_gpu_rcp_approx_ftz. Only the non-FTZ path is
 * followed (nvcc's default). Every NaN result is the GPU's canonical
 * 0x7FFFFFFF. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* ---- tanf --------------------------------------------------------------- */

/* tan(t) for t in [-pi/4, pi/4], z = t*t:
 *   t + (z*t) * (T1 + z*(T2 + z*(T3 + z*(T4 + z*(T5 + z*T6)))))
 * with t added last inside an fma. At the one magnitude 0x1.016878p-11
 * libdevice returns t itself instead (the polynomial would give the
 * correctly rounded 0x1.01687ap-11 there; libdevice keeps t, and so does
 * this). */
GPUMATH_CLONES static float tan_poly(float t)
{
    float z = t * t;
    float p = fmaf(0x1.32p-7f, z, 0x1.acp-9f);
    p = fmaf(p, z, 0x1.8ep-6f);
    p = fmaf(p, z, 0x1.b6p-5f);
    p = fmaf(p, z, 0x1.11287p-3f);
    p = fmaf(p, z, 0x1.55551p-2f);
    float zt = z * t;
    float r = fmaf(p, zt, t);
    if (fabsf(t) == 0x1.016878p-11f)
        r = t;
    return r;
}

/* tan(x): reduce by pi/2; in odd quadrants tan(q*pi/2 + t) = -1/tan(t),
 * taken with the approximate reciprocal of -tan(t). Infinities and NaN
 * reach the polynomial as NaN in quadrant 0. */
GPUMATH_CLONES static float gpu_tanf(float x)
{
    uint32_t q;
    float t = reduce_half_pi(x, &q);
    float r = tan_poly(t);
    if ((q & 1) != 0)
        r = ws_gpu_rcp_approx_ftz(-r);
    return gpu_f32(r);
}
float ws_gpu_tanf(float x) { return gpu_tanf(x); }

/* ---- atanf -------------------------------------------------------------- */

/* atan(x): for |x| > 1, atan(|x|) = pi/2 - atan(1/|x|), 1/|x| by the
 * approximate reciprocal (flushed to 0 past 2^126 and for infinity, giving
 * pi/2); then on a = |x| or 1/|x| in [0, 1], z = a*a:
 *   a + (P*z) * a,  P = A1 + z*(A2 + ... + z*A8)
 * the last step an fma with a added. pi/2 - p is one fma, pi/2 being the
 * exact product of two floats. The sign comes back by copysign; a NaN
 * skips that and leaves the arithmetic's NaN. */
GPUMATH_CLONES static float gpu_atanf(float x)
{
    float ax = fabsf(x);
    float a = ax > 1.0f ? ws_gpu_rcp_approx_ftz(ax) : ax;
    float z = a * a;
    float p = fmaf(0x1.412154p-9f, z, -0x1.d7c29ep-7f);
    p = fmaf(p, z, 0x1.4672fcp-5f);
    p = fmaf(p, z, -0x1.2914f4p-4f);
    p = fmaf(p, z, 0x1.aed642p-4f);
    p = fmaf(p, z, -0x1.223d1p-3f);
    p = fmaf(p, z, 0x1.995ecp-3f);
    p = fmaf(p, z, -0x1.55544ep-2f);
    float pz = p * z;
    float r = fmaf(pz, a, a);
    if (ax > 1.0f)
        r = fmaf(0x1.ddcb02p-1f, 0x1.aee9d6p+0f, -r);
    if (ax <= INFINITY)
        r = copysignf(r, x);
    return gpu_f32(r);
}
float ws_gpu_atanf(float x) { return gpu_atanf(x); }
