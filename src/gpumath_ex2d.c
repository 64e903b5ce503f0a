/* tanh and erf in double precision with the GPU's bits: CUDA's libdevice
 * algorithms (__nv_tanh, __nv_erf, the non-FTZ path), re-expressed in C
 * step by step. Both need e^y for a y of moderate size and compute it as
 * libdevice's internal expm1 does: y = k ln2 + r with k from a float
 * multiplication, 2^k from the special-function unit's ex2.approx.ftz.f32
 * (exact for whole k; modelled in gpumath_ex2.c) and e^r - 1 from a
 * double polynomial. tanh also uses the unit's rcp.approx.ftz.f64
 * (gpumath_mufu.c) for its division. Build with -ffp-contract=off: every
 * fma is an fma in the algorithm, every separate multiply and add stays
 * separate. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define SIGN_F64 UINT64_C(0x8000000000000000)

/* 1 - e^(y + tail), tail a small correction to y (0 for tanh).
 * k = rint(float(y) * log2(e)) in float arithmetic, r = y - k ln2 (one
 * fma with ln2 rounded to double), e^r - 1 = r + r^2 p(r) (the tail joins
 * here, where it is within r's rounding), 2^k from the unit. Then
 * 1 - 2^k (1 + (e^r - 1)) as one fma from 1 - 2^k. */
GPUMATH_CLONES static double one_minus_exp(double y, double tail, bool with_tail)
{
    float k = nearbyintf((float)y * 0x1.715476p+0f);
    double r = fma(-(double)k, 0x1.62e42fefa39efp-1, y);
    double p = fma(0x1.ae904a4741b81p-26, r, 0x1.28a27f89b6999p-22);
    p = fma(p, r, 0x1.71de715ff7e07p-19);
    p = fma(p, r, 0x1.a019a6b0ac45ap-16);
    p = fma(p, r, 0x1.a01a017eed94fp-13);
    p = fma(p, r, 0x1.6c16c17f2a71bp-10);
    p = fma(p, r, 0x1.11111111173c4p-7);
    p = fma(p, r, 0x1.555555555211ap-5);
    p = fma(p, r, 0x1.5555555555540p-3);
    p = fma(p, r, 0x1.0000000000005p-1);
    double q = p * r;
    double u = with_tail ? fma(q, r, tail) + r : fma(q, r, r); /* e^r - 1 */
    double e = (double)ws_gpu_ex2_approx_ftz(k);
    return fma(-u, e, 1.0 - e);
}

/* tanh: below |x| = 0.655, the odd polynomial x + x^3 p(x^2) (its last
 * step adds 0, as libdevice does). Above, 1 - 2 / (e^(2|x|) + 1): with
 * v = 1 - e^(2|x|), the divisor is 2 - v, inverted from the unit's
 * reciprocal by one Newton step with a squared correction (g + g^2 on the
 * residual); the result is 1 from |x| >= 19.06 (high word 0x40330FC2),
 * given x's sign. A NaN goes the polynomial way and comes back quieted
 * with its own payload, as the GPU's f64 arithmetic propagates it. */
GPUMATH_CLONES static double gpu_tanh(double x)
{
    uint64_t bits = ws_inl_f64_bits(x);
    if (ws_inl_f64_is_nan(bits))
        return ws_inl_f64(bits | QUIET_BIT_F64);
    uint32_t high = (uint32_t)(bits >> 32) & 0x7FFFFFFFu;
    double ax = ws_inl_f64(bits & ~SIGN_F64);
    if (ax >= 0x1.4f92224dd2f1ap-1) {
        if (high >= 0x40330FC2u)
            return copysign(1.0, x);
        double d = 2.0 - one_minus_exp(2.0 * ax, 0.0, false);
        double rc = ws_gpu_rcp_approx_ftz_f64(d);
        double g = fma(-d, rc, 1.0);
        g = fma(g, g, g);
        g = fma(g, rc, rc); /* 1 / d */
        return copysign(fma(2.0, -g, 1.0), x);
    }
    double x2 = x * x;
    double p = fma(-0x1.0bc46e2f5e964p-16, x2, 0x1.4359f420afc3dp-14);
    p = fma(p, x2, -0x1.df9f0728c5d84p-13);
    p = fma(p, x2, 0x1.337d1cec4f033p-11);
    p = fma(p, x2, -0x1.7d6e9674335b3p-10);
    p = fma(p, x2, 0x1.d6d000d7aad3dp-9);
    p = fma(p, x2, -0x1.226e1f3cf1ef5p-7);
    p = fma(p, x2, 0x1.664f47ec0c8cfp-6);
    p = fma(p, x2, -0x1.ba1ba1b80ab40p-5);
    p = fma(p, x2, 0x1.111111110fa4ap-3);
    p = fma(p, x2, -0x1.5555555555550p-2);
    p = fma(p, x2, 0.0);
    return fma(p, x, x);
}
double ws_gpu_tanh(double x) { return gpu_tanh(x); }

/* Coefficients of erf's polynomial in |x|, highest first. */
static const double erf_coef[24] = {
    -0x1.0679afba6f279p-48, 0x1.7088fdb46fa5fp-43,  -0x1.df9f9b976a9b2p-39, 0x1.7f1f5590cc332p-35,
    -0x1.a28a3cd2d56c4p-32, 0x1.485ee67835925p-29,  -0x1.76db45919f583p-27, 0x1.2d698d98c8d71p-25,
    -0x1.20a2c7155d5c6p-24, -0x1.1d29b37ca1397p-27, 0x1.2ef6cc0f67a49p-21,  -0x1.102b892333b6fp-19,
    0x1.a30375ba9a84ep-19,  0x1.aad18dedea43ep-19,  -0x1.f05355bc5b225p-16, 0x1.0e37a3108bc8bp-14,
    0x1.b292d828e5cb2p-16,  -0x1.356626ebf9bfap-11, 0x1.bca68f73d6afcp-10,  -0x1.b6b69ebbc280bp-13,
    -0x1.396685912a453p-6,  0x1.a4f4e2a1abef8p-4,   0x1.45f306dc9c8bbp-1,   0x1.06eba8214db69p-3,
};

/* erf: one formula on the whole range, 1 - e^(-g(|x|)) with
 * g(a) = a + a p(a) (p the polynomial above, so g ~ -ln(1 - erf(a))).
 * g is kept in two parts, its rounded value and the rounding error
 * (a - g rounded, then the fma adds a p(a) back exactly once), and both
 * go into the exponential. From |x| >= 5.92 the result is 1; the sign is
 * x's. A NaN: the exponential's float steps turn it into the GPU's
 * canonical f32 NaN, widened to 0x7FFFFFFFE0000000, which wins every later
 * operation; copysign then gives it x's sign. */
GPUMATH_CLONES static double gpu_erf(double x)
{
    uint64_t bits = ws_inl_f64_bits(x);
    if (ws_inl_f64_is_nan(bits))
        return ws_inl_f64((bits & SIGN_F64) | UINT64_C(0x7FFFFFFFE0000000));
    double ax = fabs(x);
    if (ax >= 0x1.7afb48dc96626p+2)
        return copysign(1.0, x);
    double p = fma(erf_coef[0], ax, erf_coef[1]);
    for (int i = 2; i < 24; i++)
        p = fma(p, ax, erf_coef[i]);
    double g = fma(p, ax, ax);
    double g_err = fma(p, ax, ax - g); /* (a + a p) - g */
    return copysign(one_minus_exp(-g, -g_err, true), x);
}
double ws_gpu_erf(double x) { return gpu_erf(x); }
