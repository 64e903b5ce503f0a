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
#include "warpsim/gpumath.h"

/* Any NaN an f32 operation makes on the GPU is 0x7FFFFFFF. Every NaN these
 * functions return comes out of arithmetic (none is an input passed on
 * untouched), so each result goes through here. */
static float gpu_f32(float r)
{
    return isnan(r) ? ws_inl_f32(WS_F32_CANONICAL_NAN) : r;
}

/* ---- argument reduction: x = quadrant * pi/2 + t ------------------------ */
/* the same reduction as gpumath_trigf.c's */

/* PTX cvt.rni.s32.f32: to nearest even, saturating, NaN to 0. */
static uint32_t f2i_rn(float x)
{
    if (isnan(x))
        return 0;
    if (x >= 0x1p31f)
        return 0x7FFFFFFFu;
    if (x <= -0x1p31f)
        return 0x80000000u;
    return (uint32_t)(int32_t)nearbyintf(x);
}

/* From this magnitude on, q * pi/2 in three float pieces no longer
 * subtracts exactly enough, and the slow reduction takes over. */
#define TRIG_FAST_LIMIT 0x1.9c8fp+16f /* 105615 */

/* 2/pi's first 192 fraction bits, least significant word first. */
static const uint32_t two_over_pi_bits[6] = {
    0x3C439041u, 0xDB629599u, 0xF534DDC0u, 0xFC2757D1u, 0x4E441529u, 0xA2F9836Eu,
};

/* Payne-Hanek reduction of a finite x with |x| >= TRIG_FAST_LIMIT: x's 24
 * significant bits (left-aligned in 32) times 2/pi's bits, as an exact
 * 224-bit product; the 64 bits just right of the binary point of x * 2/pi
 * (moved there by x's exponent) give the fraction, the two bits left of it
 * the quadrant. A fraction past 1/2 rounds the quadrant up and is taken as
 * its complement with the sign flipped, so the remainder is in
 * [-pi/4, pi/4]; it is scaled by pi/2 * 2^-64 in double and rounded to
 * float once. */
static float reduce_slow(float x, uint32_t *quadrant)
{
    uint32_t bits = ws_inl_f32_bits(x);
    uint32_t sign = bits & 0x80000000u;
    uint32_t e = ((bits >> 23) & 0xFFu) - 128u;
    uint32_t mant = (bits << 8) | 0x80000000u;

    /* The product, one 32-bit word at a time with the carry (the GPU's
     * mad.lo.cc / madc.hi pair). */
    uint32_t prod[7];
    uint32_t carry = 0;
    for (int i = 0; i < 6; i++) {
        uint64_t p = (uint64_t)two_over_pi_bits[i] * mant + carry;
        prod[i] = (uint32_t)p;
        carry = (uint32_t)(p >> 32);
    }
    prod[6] = carry;

    /* Pick the words that hold the bits around the binary point, then
     * shift the rest of the exponent in. */
    uint32_t word = 4u - (e >> 5);
    uint32_t shift = e & 31u;
    uint32_t hi = prod[word + 2], lo = prod[word + 1];
    if (shift != 0) {
        hi = (hi << shift) + (lo >> (32u - shift));
        lo = (lo << shift) + (prod[word] >> (32u - shift));
    }

    /* The top two bits are the quadrant; the next one, the fraction's
     * first, says whether to round it up. */
    uint32_t q = hi >> 30;
    hi = (hi << 2) + (lo >> 30);
    lo <<= 2;
    uint32_t round_up = hi >> 31;
    q += round_up;
    if (sign != 0)
        q = 0u - q;
    if (round_up != 0) {
        hi = ~hi;
        lo = ~lo;
        sign ^= 0x80000000u;
    }
    *quadrant = q;

    int64_t frac = (int64_t)(((uint64_t)hi << 32) | lo);
    float r = (float)((double)frac * 0x1.921fb54442d19p-64);
    return sign != 0 ? -r : r;
}

/* x = quadrant * pi/2 + t with t in about [-pi/4, pi/4]. Below
 * TRIG_FAST_LIMIT: the quadrant is x * 2/pi rounded to an integer and t is
 * x minus quadrant * pi/2, pi/2 in three float pieces, each subtraction an
 * fma. Above it: the slow reduction, or for infinities t = x * 0 (NaN) and
 * quadrant 0. NaN goes the fast way and stays NaN. */
static float reduce_half_pi(float x, uint32_t *quadrant)
{
    uint32_t q = f2i_rn(x * 0x1.45f306p-1f);
    float qf = (float)(int32_t)q;
    float t = fmaf(qf, -0x1.921fb4p+0f, x);
    t = fmaf(qf, -0x1.4442dp-24f, t);
    t = fmaf(qf, -0x1.84698ap-48f, t);
    if (fabsf(x) >= TRIG_FAST_LIMIT) {
        if (fabsf(x) == INFINITY) {
            q = 0;
            t = x * 0.0f;
        } else {
            t = reduce_slow(x, &q);
        }
    }
    *quadrant = q;
    return t;
}

/* ---- tanf --------------------------------------------------------------- */

/* tan(t) for t in [-pi/4, pi/4], z = t*t:
 *   t + (z*t) * (T1 + z*(T2 + z*(T3 + z*(T4 + z*(T5 + z*T6)))))
 * with t added last inside an fma. At the one magnitude 0x1.016878p-11
 * libdevice returns t itself instead (the polynomial would give the
 * correctly rounded 0x1.01687ap-11 there; libdevice keeps t, and so does
 * this). */
static float tan_poly(float t)
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
float ws_gpu_tanf(float x)
{
    uint32_t q;
    float t = reduce_half_pi(x, &q);
    float r = tan_poly(t);
    if ((q & 1) != 0)
        r = ws_gpu_rcp_approx_ftz(-r);
    return gpu_f32(r);
}

/* ---- atanf -------------------------------------------------------------- */

/* atan(x): for |x| > 1, atan(|x|) = pi/2 - atan(1/|x|), 1/|x| by the
 * approximate reciprocal (flushed to 0 past 2^126 and for infinity, giving
 * pi/2); then on a = |x| or 1/|x| in [0, 1], z = a*a:
 *   a + (P*z) * a,  P = A1 + z*(A2 + ... + z*A8)
 * the last step an fma with a added. pi/2 - p is one fma, pi/2 being the
 * exact product of two floats. The sign comes back by copysign; a NaN
 * skips that and leaves the arithmetic's NaN. */
float ws_gpu_atanf(float x)
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
