/* The reduction by pi/2 of CUDA's f32 trigonometric functions (sinf, cosf,
 * sincosf, tanf: libdevice's __internal_trig_reduction_kernel), re-expressed
 * step by step (see gpumath_trigf.c). */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"

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
float reduce_half_pi(float x, uint32_t *quadrant)
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
