/* atan2f and atan2 with the GPU's bits: CUDA's libdevice algorithms
 * (__nv_atan2f, __nv_atan2, the non-FTZ path), re-expressed in C step by
 * step. Both divide the smaller magnitude by the larger with an IEEE
 * division (div.rn, the host's `/`), so the quotient lies in [0, 1]; an odd
 * polynomial gives its arc tangent, and the octant is restored from the
 * operands' magnitudes and the sign of x. Zeros, equal magnitudes (which
 * include two infinities) and NaNs are settled last by selects.
 * Build with -ffp-contract=off: every fma here is an fma in the algorithm,
 * and every separate multiply and add must stay separate. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* The GPU's f32 NaN: any NaN an f32 operation makes has these bits. */
#define CANONICAL_NAN_F32 UINT32_C(0x7FFFFFFF)
#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define SIGN_F64 UINT64_C(0x8000000000000000)


/* The sign test the algorithm makes on x: the sign bit itself, so that
 * x = -0 counts as negative (atan2(+0, -0) = pi). */
static int f32_sign_set(float x) { return (ws_inl_f32_bits(x) >> 31) != 0; }
static int f64_sign_set(double x) { return (ws_inl_f64_bits(x) >> 63) != 0; }

GPUMATH_CLONES static float gpu_atan2f(float y, float x)
{
    float ax = fabsf(x), ay = fabsf(y);
    int steep = ay > ax; /* |y| > |x|: the angle is nearer pi/2 than 0 or pi */

    /* Quotient of the smaller magnitude by the larger, in [0, 1]. */
    float big = steep ? ay : ax, small = steep ? ax : ay;
    float q = small / big;

    /* atan(q) = q + q * s * P(s) with s = q^2: Horner in fma, then the last
     * step folds q back in with one more fma. */
    float s = q * q;
    float p = fmaf(0x1.66e216p-9f, s, -0x1.00ee9p-6f);
    p = fmaf(p, s, 0x1.59b564p-5f);
    p = fmaf(p, s, -0x1.325a2p-4f);
    p = fmaf(p, s, 0x1.b3d4d8p-4f);
    p = fmaf(p, s, -0x1.22f962p-3f);
    p = fmaf(p, s, 0x1.9979cp-3f);
    p = fmaf(p, s, -0x1.5554fap-2f);
    p = p * s;
    float t = fmaf(p, q, q);

    /* Back to the octant. pi/2 and pi are each a product of two floats
     * (0x1.ddcb02p-1 * 0x1.aee9d6p+0 and twice that), formed inside the
     * fma so that the sum with +-t is rounded once from a longer pi. */
    if (steep)
        t = f32_sign_set(x) ? fmaf(0x1.ddcb02p-1f, 0x1.aee9d6p+0f, t) /* pi/2 + t */
                            : fmaf(0x1.ddcb02p-1f, 0x1.aee9d6p+0f, -t); /* pi/2 - t */
    else if (f32_sign_set(x))
        t = fmaf(0x1.ddcb02p+0f, 0x1.aee9d6p+0f, -t); /* pi - t */

    /* Cases the quotient gets wrong: both operands zero (0/0), and equal
     * magnitudes, two infinities among them (inf/inf): exact constants. */
    float sum = ax + ay; /* NaN exactly when an operand is NaN */
    if (big == 0.0f)
        t = f32_sign_set(x) ? 0x1.921fb6p+1f : 0.0f; /* pi or 0 */
    else if (ax == ay)
        t = f32_sign_set(x) ? 0x1.2d97c8p+1f : 0x1.921fb6p-1f; /* 3pi/4 or pi/4 */

    /* A NaN operand: the sum's NaN, which the GPU makes canonical. Otherwise
     * the angle takes y's sign. */
    if (isnan(sum))
        return ws_inl_f32(CANONICAL_NAN_F32);
    return copysignf(t, y);
}
float ws_gpu_atan2f(float y, float x) { return gpu_atan2f(y, x); }

GPUMATH_CLONES static double gpu_atan2(double y, double x)
{
    double ax = fabs(x), ay = fabs(y);
    int steep = ay > ax; /* |y| > |x|: the angle is nearer pi/2 than 0 or pi */

    /* Quotient of the smaller magnitude by the larger, in [0, 1]. */
    double big = steep ? ay : ax, small = steep ? ax : ay;
    double q = small / big;

    double t = atan_unit(q);

    /* Back to the octant with plain adds of pi/2 and pi (double constants). */
    if (steep)
        t = f64_sign_set(x) ? 0x1.921fb54442d18p+0 + t : 0x1.921fb54442d18p+0 - t;
    else if (f64_sign_set(x))
        t = 0x1.921fb54442d18p+1 - t;

    /* Both zero (0/0) and equal magnitudes (inf/inf among them): constants. */
    double sum = ax + ay; /* NaN exactly when an operand is NaN */
    if (big == 0.0)
        t = f64_sign_set(x) ? 0x1.921fb54442d18p+1 : 0.0; /* pi or 0 */
    else if (ax == ay)
        t = f64_sign_set(x) ? 0x1.2d97c7f3321d2p+1 : 0x1.921fb54442d18p-1; /* 3pi/4 or pi/4 */

    /* A NaN operand: the result is the sum of the magnitudes, a NaN operand
     * quieted, its sign kept (the add's abs modifier leaves a NaN alone).
     * With two NaNs the add's first operand wins, and ptxas picks that
     * order kernel by kernel: two builds of docs/probes/gpumath_probe.cu
     * gave y's, then x's, for the same pairs. warpsim gives x's, the later
     * build's (docs/conformance.md, "Math functions"). */
    if (isnan(sum)) {
        uint64_t nan = isnan(x) ? ws_inl_f64_bits(x) : ws_inl_f64_bits(y);
        return ws_inl_f64(nan | QUIET_BIT_F64);
    }
    return copysign(t, y);
}
double ws_gpu_atan2(double y, double x) { return gpu_atan2(y, x); }
