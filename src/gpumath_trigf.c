/* f32 trigonometry with the GPU's bits: sinf, cosf, sincosf, sinpif,
 * cospif, sincospif. The algorithms are CUDA's libdevice's (__nv_sinf ...),
 * re-expressed step by step: the same argument reductions, the same
 * polynomials with the same coefficients, the same sequence of correctly
 * rounded fma, mul and add, so the host rounds exactly where the GPU rounds
 * (built with -ffp-contract=off; fmaf is the GPU's fma.rn). Only the
 * non-FTZ path is followed (nvcc's default), and for sm_90 where libdevice
 * asks for the architecture. Every NaN result is the GPU's canonical
 * 0x7FFFFFFF. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* ---- sinf, cosf, sincosf ---------------------------------------------- */

/* sin(t) when !cosine, cos(t) when cosine, for t in [-pi/4, pi/4], z = t*t:
 *   sin: t + (z*t) * (S1 + z*(S2 + z*S3))
 *   cos: 1 + (z*1) * (C1 + z*(C2 + z*(C3 + z*C4)))
 * one shape for both: z times the leading term (t or 1) first, as an fma
 * with 0, and that leading term added last, inside the final fma. */
GPUMATH_CLONES static float sincos_poly(float t, bool cosine)
{
    float z = t * t;
    float lead = cosine ? 1.0f : t;
    float u = fmaf(z, lead, 0.0f);
    float p = cosine ? fmaf(0x1.9758p-16f, z, -0x1.6c0fdap-10f) : -0x1.9a82a6p-13f;
    p = fmaf(p, z, cosine ? 0x1.555576p-5f : 0x1.110bc8p-7f);
    p = fmaf(p, z, cosine ? -0x1.fffffep-2f : -0x1.55555p-3f);
    return fmaf(p, u, lead);
}

/* sin(x) for sinf and cos(x) = sin(x + pi/2) for cosf (quadrant one
 * further on): odd quadrants take the cosine polynomial, quadrants 2 and 3
 * negate it, as an fma with -1 and +0 (so +0 stays +0). */
GPUMATH_CLONES static float sin_quadrant(float x, uint32_t shift)
{
    uint32_t q;
    float t = reduce_half_pi(x, &q);
    q += shift;
    float r = sincos_poly(t, (q & 1) != 0);
    if ((q & 2) != 0)
        r = fmaf(r, -1.0f, 0.0f);
    return gpu_f32(r);
}

GPUMATH_CLONES static float gpu_sinf(float x) { return sin_quadrant(x, 0); }
float ws_gpu_sinf(float x) { return gpu_sinf(x); }

GPUMATH_CLONES static float gpu_cosf(float x) { return sin_quadrant(x, 1); }
float ws_gpu_cosf(float x) { return gpu_cosf(x); }

/* sincosf: one reduction, both polynomials, exchanged in odd quadrants.
 * Unlike sinf and cosf, the negation is a plain sign flip (-0 for +0); the
 * results are the same bits, as a zero result never gets negated (only
 * x = +-0 gives one, in quadrant 0) and a NaN only comes in quadrant 0. */
GPUMATH_CLONES static void gpu_sincosf(float x, float *s, float *c)
{
    uint32_t q;
    float t = reduce_half_pi(x, &q);
    float sv = sincos_poly(t, (q & 1) != 0);
    float cv = sincos_poly(t, (q & 1) == 0);
    if ((q & 2) != 0)
        sv = -sv;
    if (((q + 1u) & 2) != 0)
        cv = -cv;
    *s = gpu_f32(sv);
    *c = gpu_f32(cv);
}
void ws_gpu_sincosf(float x, float *s, float *c) { gpu_sincosf(x, s, c); }

/* ---- sinpif, cospif, sincospif ---------------------------------------- */

/* 2x rounded to the nearest integer i (even on ties) splits x = i/2 + t
 * with t in [-1/4, 1/4], exactly: t = x - i*0.5 in one fma. */
GPUMATH_CLONES static float reduce_half(float x, uint32_t *i)
{
    float r = nearbyintf(x + x);
    *i = f2i_rz(r);
    return fmaf(-r, 0.5f, x);
}

/* sin(pi*t) and cos(pi*t) for t in [-1/4, 1/4], z = t*t:
 *   sin: pi*t + t*z * (S1 + z*(S2 + z*S3))
 *   cos: 1 + z * (C1 + z*(C2 + z*(C3 + z*C4)))
 * with pi*t added last inside an fma. Both are computed side by side: this
 * is libdevice's sm_90 path (an older one selects the coefficients by
 * quadrant instead, with other roundings). */
GPUMATH_CLONES static void sincospi_poly(float t, float *s, float *c)
{
    float z = t * t;
    float ps = fmaf(-0x1.2f5992p-1f, z, 0x1.466b2p+1f);
    float pc = fmaf(0x1.d09c24p-3f, z, -0x1.55a5cp+0f);
    ps = fmaf(ps, z, -0x1.4abbecp+2f);
    pc = fmaf(pc, z, 0x1.03c19ep+2f);
    float tz = fmaf(z, t, 0.0f);
    pc = fmaf(pc, z, -0x1.3bd3ccp+2f);
    ps = fmaf(ps, tz, 0.0f);
    *c = fmaf(pc, z, 1.0f);
    *s = fmaf(0x1.921fb6p+1f, t, ps);
}

/* sin(pi*x) (shift 0) or cos(pi*x) = sin(pi*(x + 1/2)) (shift 1): odd
 * half-turns take the cosine, quadrants 2 and 3 negate as 0 - r (so both
 * zeros come out +0). */
static float sinpi_quadrant(float x, uint32_t shift)
{
    uint32_t i;
    float t = reduce_half(x, &i);
    float s, c;
    sincospi_poly(t, &s, &c);
    i += shift;
    float r = (i & 1) != 0 ? c : s;
    if ((i & 2) != 0)
        r = 0.0f - r;
    return r;
}

/* sinpif: integers (all floats from 2^23 on) give a zero with x's sign,
 * x * 0; infinities give NaN that way. */
GPUMATH_CLONES static float gpu_sinpif(float x)
{
    float r = sinpi_quadrant(x, 0);
    if (x == truncf(x))
        r = x * 0.0f;
    return gpu_f32(r);
}
float ws_gpu_sinpif(float x) { return gpu_sinpif(x); }

/* cospif: past 2^24 every float is an even integer and cos(pi*x) = 1; x is
 * replaced by x * 0 there (+-0, or NaN for infinities) before reducing. */
GPUMATH_CLONES static float gpu_cospif(float x)
{
    if (fabsf(x) > 0x1p+24f)
        x = x * 0.0f;
    return gpu_f32(sinpi_quadrant(x, 1));
}
float ws_gpu_cospif(float x) { return gpu_cospif(x); }

/* sincospif: one reduction, exchange in odd half-turns; sine negated by a
 * sign flip, cosine by an fma with -1 and +0. Integers give the sine x * 0;
 * past 2^24 the cosine is that sine + 1 (1, or NaN for infinities). */
GPUMATH_CLONES static void gpu_sincospif(float x, float *s, float *c)
{
    uint32_t i;
    float t = reduce_half(x, &i);
    float ps, pc;
    sincospi_poly(t, &ps, &pc);
    float sv = (i & 1) != 0 ? pc : ps;
    float cv = (i & 1) != 0 ? ps : pc;
    if ((i & 2) != 0)
        sv = -sv;
    if (((i + 1u) & 2) != 0)
        cv = fmaf(cv, -1.0f, 0.0f);
    if (x == truncf(x))
        sv = x * 0.0f;
    if (fabsf(x) > 0x1p+24f)
        cv = sv + 1.0f;
    *s = gpu_f32(sv);
    *c = gpu_f32(cv);
}
void ws_gpu_sincospif(float x, float *s, float *c) { gpu_sincospif(x, s, c); }
