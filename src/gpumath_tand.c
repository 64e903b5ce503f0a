/* f64 tangent with the GPU's bits: tan. The algorithm is CUDA's
 * libdevice's (__nv_tan), re-expressed step by step: sin and cos's
 * reduction by pi/2 (reduce_half_pi_f64, gpumath_trig.c), an odd
 * polynomial for tan(t) on [-pi/4, pi/4], and for an odd quadrant
 * -1/tan(t), formed from the special-function unit's approximate
 * reciprocal (rcp.approx.ftz.f64, ws_gpu_rcp_approx_ftz_f64) refined by
 * fma steps that also carry the polynomial's rounding error. Built with
 * -ffp-contract=off: every fma here is an fma of the algorithm. A NaN
 * argument comes back quieted; an infinity gives the default NaN. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

GPUMATH_CLONES static double gpu_tan(double x)
{
    uint32_t q;
    double t = reduce_half_pi_f64(x, &q);

    /* tan(t) = t + t^3 P(t^2), P of degree 13 in Horner form. */
    double s = t * t;
    double p = fma(0x1.48dac2799bcb9p-17, s, -0x1.9757c5b27ebb1p-16);
    p = fma(p, s, 0x1.980e90fd91e04p-15);
    p = fma(p, s, -0x1.ae2b0417d7e1dp-16);
    p = fma(p, s, 0x1.19f5341bfba57p-14);
    p = fma(p, s, 0x1.5e791a00f6919p-14);
    p = fma(p, s, 0x1.ff2e7fadec73ap-13);
    p = fma(p, s, 0x1.34bc1b206da62p-11);
    p = fma(p, s, 0x1.7db18ef2f83f9p-10);
    p = fma(p, s, 0x1.d6d2e7ae49fbcp-9);
    p = fma(p, s, 0x1.226e3a816a776p-7);
    p = fma(p, s, 0x1.664f485d25660p-6);
    p = fma(p, s, 0x1.ba1ba1babf31dp-5);
    p = fma(p, s, 0x1.11111111105d2p-3);
    p = fma(p, s, 0x1.555555555555ep-2);
    p = p * s;
    double r = fma(p, t, t);

    if (q & 1) {
        /* -1/r: e is what r's rounding lost (r = t + p t exactly as
         * r - e), y the reciprocal after a cubic Newton step, then one
         * more step that takes e into account. */
        double e = fma(p, t, -(r - t));
        double y = ws_gpu_rcp_approx_ftz_f64(r);
        double d = fma(-r, y, 1.0);
        d = fma(d, d, d);
        y = fma(d, y, y);
        double ny = -y;
        double h = fma(r, ny, 1.0);
        h = fma(ny, e, h);
        r = fma(h, ny, ny);
    }
    return f64_nan_fix(r, x);
}
double ws_gpu_tan(double x) { return gpu_tan(x); }
