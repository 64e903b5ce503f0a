/* f32 gamma functions with the GPU's bits: lgammaf, tgammaf. The
 * algorithms are CUDA's libdevice's (__nv_lgammaf, __nv_tgammaf),
 * re-expressed step by step: the same interval splits, the same
 * polynomials and rational approximations with the same coefficients, the
 * same sequence of correctly rounded fma, mul and add, so the host rounds
 * exactly where the GPU rounds (built with -ffp-contract=off: `a * b + c`
 * stays two operations; fmaf is the GPU's fma.rn). Divisions go through the
 * special-function unit's approximations (rcp.approx.ftz.f32,
 * div.approx.f32), modelled bit for bit by ws_gpu_rcp_approx_ftz and
 * ws_gpu_div_approx. Only the non-FTZ path is followed (nvcc's default).
 * Every NaN result is the GPU's canonical 0x7FFFFFFF. */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* ln(2) rounded to float. */
#define LN2_F 0x1.62e43p-1f

/* ln(x) as CUDA's logf computes it (gpumath_logf.c has the same core):
 * x = 2^k * m, m in [2/3, 4/3) split off by integer work on the bits
 * (subnormals first scaled by 2^23), ln(m) = t + p(t)*t*t with t = m - 1,
 * plus k*ln(2). +inf, NaN and negatives give x*inf + inf, zero -inf. A NaN
 * result here is not yet canonical. */
GPUMATH_CLONES static float accurate_logf(float x)
{
    float e0 = 0.0f;
    if (x < 0x1p-126f) {
        x = x * 0x1p+23f;
        e0 = -23.0f;
    }
    uint32_t bits = ws_inl_f32_bits(x);
    uint32_t kbits = (bits - 0x3F2AAAABu) & 0xFF800000u;
    float m = ws_inl_f32(bits - kbits);
    float e = fmaf((float)(int32_t)kbits, 0x1p-23f, e0);
    float t = m - 1.0f;
    float p = fmaf(-0x1.0aa04ep-3f, t, 0x1.2073ecp-3f);
    p = fmaf(p, t, -0x1.f19b98p-4f);
    p = fmaf(p, t, 0x1.1e52aap-3f);
    p = fmaf(p, t, -0x1.55b172p-3f);
    p = fmaf(p, t, 0x1.99da16p-3f);
    p = fmaf(p, t, -0x1.fffe44p-3f);
    p = fmaf(p, t, 0x1.5554fp-2f);
    p = fmaf(p, t, -0x1.0p-1f);
    float q = p * t;
    float r = fmaf(e, LN2_F, fmaf(q, t, t));
    if (bits >= 0x7F800000u)
        r = fmaf(x, INFINITY, INFINITY);
    if (x == 0.0f)
        r = -INFINITY;
    return r;
}

/* ---- lgammaf ------------------------------------------------------------ */

/* ln(gamma(x)) for x >= 0 (or NaN), by intervals:
 *   [7.8, inf]: Stirling, (x - 1/2)*ln(x) - x + c(1/x), where
 *               c(r) = C3 + r*(C2 + r^2*(C1 + r^2*C0)) includes ln(2*pi)/2;
 *               the sum is arranged as ((m - x) + (m + c)), m = ln(x)/2 *
 *               (x - 1/2); +inf stays +inf.
 *   [3, 7.8):   y + y*N(y)/D(y), y = x - 3, the quotient through the
 *               approximate reciprocal (N, D of degree 4 and 4).
 *   [1.5, 3):   (x - 2) * P(x - 2)  (lgamma has a zero at 2).
 *   [0.7, 1.5): (1 - x) * P(1 - x)  (and at 1).
 *   [0, 0.7):   -ln(x + x*x*P(x)): 1/gamma(x) = x + x^2*P(x) near 0. */
GPUMATH_CLONES static float lgammaf_pos(float x)
{
    if (x >= 3.0f) {
        if (x >= 0x1.f33334p+2f) {
            float r = ws_gpu_rcp_approx_ftz(x);
            float r2 = r * r;
            float c = fmaf(0x1.97ceaap-11f, r2, -0x1.6c12a6p-9f);
            c = fmaf(c, r2, 0x1.555546p-4f);
            c = fmaf(c, r, 0x1.d67f1cp-1f);
            float m = (0.5f * accurate_logf(x)) * (x - 0.5f);
            float t = (m - x) + (m + c);
            return x == INFINITY ? x : t;
        }
        float y = x - 3.0f;
        float n = fmaf(-0x1.7671f6p+9f, y, -0x1.81edfp+13f);
        n = fmaf(n, y, -0x1.40cacp+15f);
        n = fmaf(n, y, -0x1.796d54p+15f);
        n = fmaf(n, y, -0x1.175cb4p+17f);
        float d = fmaf(y - 0x1.03404p+8f, y, -0x1.50c97p+13f);
        d = fmaf(d, y, -0x1.6a0d0cp+16f);
        d = fmaf(d, y, -0x1.9308cap+17f);
        return fmaf(n, ws_gpu_rcp_approx_ftz(d), y);
    }
    if (x >= 1.5f) {
        float y = x - 2.0f;
        float p = fmaf(0x1.a00ff4p-15f, y, -0x1.cf4004p-13f);
        p = fmaf(p, y, 0x1.1bcdf8p-11f);
        p = fmaf(p, y, -0x1.3bc1c4p-10f);
        p = fmaf(p, y, 0x1.7a0b6ep-9f);
        p = fmaf(p, y, -0x1.e3d62p-8f);
        p = fmaf(p, y, 0x1.51345p-6f);
        p = fmaf(p, y, -0x1.13e034p-4f);
        p = fmaf(p, y, 0x1.4a34ccp-2f);
        p = fmaf(p, y, 0x1.b0ee6p-2f);
        return p * y;
    }
    if (x >= 0x1.666666p-1f) {
        float y = 1.0f - x;
        float p = fmaf(0x1.77deecp-5f, y, 0x1.a8eaeep-4f);
        p = fmaf(p, y, 0x1.f700f2p-4f);
        p = fmaf(p, y, 0x1.052b6ap-3f);
        p = fmaf(p, y, 0x1.254ecap-3f);
        p = fmaf(p, y, 0x1.5ad0cep-3f);
        p = fmaf(p, y, 0x1.a8c57ep-3f);
        p = fmaf(p, y, 0x1.1514e4p-2f);
        p = fmaf(p, y, 0x1.9a4d48p-2f);
        p = fmaf(p, y, 0x1.a51a64p-1f);
        p = fmaf(p, y, 0x1.2788dp-1f);
        return p * y;
    }
    float p = fmaf(0x1.d6390cp-9f, x, -0x1.6690fp-8f);
    p = fmaf(p, x, -0x1.6d95dep-5f);
    p = fmaf(p, x, 0x1.56aaaap-3f);
    p = fmaf(p, x, -0x1.592d8ep-5f);
    p = fmaf(p, x, -0x1.4fcdd6p-1f);
    p = fmaf(p, x, 0x1.2788c6p-1f);
    float q = fmaf(p * x, x, x);
    return -accurate_logf(q);
}

/* sin(pi*x) up to sign, as CUDA's sinpi kernel computes it: n = 2x
 * rounded to nearest even, f = x - n/2 in [-1/4, 1/4]; odd n takes the
 * cosine polynomial of pi*f, even n the sine polynomial; n & 2 flips the
 * sign. */
GPUMATH_CLONES static float sinpi_reduced(float x)
{
    float n = nearbyintf(2.0f * x);
    uint32_t i = f2i_saturate(n);
    float f = fmaf(-n, 0.5f, x);
    float s = f * 0x1.921fb6p+1f; /* pi*f */
    float s2 = s * s;
    bool odd = (i & 1u) != 0;
    float base = odd ? 1.0f : s;
    float sb = fmaf(s2, base, 0.0f);
    float p = odd ? fmaf(0x1.9758p-16f, s2, -0x1.6c0fdap-10f) : -0x1.9a82a6p-13f;
    p = fmaf(p, s2, odd ? 0x1.555576p-5f : 0x1.110bc8p-7f);
    p = fmaf(p, s2, odd ? -0x1.fffffep-2f : -0x1.55555p-3f);
    float z = fmaf(p, sb, base);
    if ((i & 2u) != 0)
        z = fmaf(z, -1.0f, 0.0f);
    return z;
}

/* lgamma(x): lgammaf_pos(|x|) for x >= 0 (and +-0). For x < 0 (or NaN):
 * negative integers and -inf are poles, +inf; tiny |x| (below about
 * 2^-63, where lgamma(x) = -ln|x| to float precision) takes -ln|x|;
 * otherwise the reflection formula
 *   lgamma(x) = ln(pi) - ln|x * sin(pi*x)| - lgamma(|x|). */
GPUMATH_CLONES static float gpu_lgammaf(float x)
{
    float ax = fabsf(x);
    float t = lgammaf_pos(ax);
    if (x >= 0.0f)
        return gpu_f32(t);
    if (ax == floorf(ax))
        return INFINITY;
    if (ax < 0x1.d83c94p-64f)
        return gpu_f32(-accurate_logf(ax));
    float g = fabsf(sinpi_reduced(ax)) * ax;
    float r = fmaf(0x1.250d04p+0f - accurate_logf(g), 1.0f, -t);
    return gpu_f32(r);
}
float ws_gpu_lgammaf(float x) { return gpu_lgammaf(x); }

/* ---- tgammaf ------------------------------------------------------------ */

/* log2(e) = 1/ln(2) rounded to float; the double-float arithmetic below
 * carries its tail separately. */
#define L2E_F 0x1.715476p+0f

/* Sum of two floats as an unevaluated pair hi + lo (two-sum, in the order
 * libdevice's acc2sum writes it): hi = a + b rounded, lo its exact
 * error. */
static void two_sum(float a, float b, float *hi, float *lo)
{
    float s = a + b;
    float aa = s - b;  /* the part of s that came from a */
    float bb = s - aa; /* and from b */
    *hi = s;
    *lo = (a - aa) + (b - bb);
}

/* log2(x) as a double-float hi + lo, for x >= 1.5 (libdevice's log2_ep):
 * x = 2^k * m with m in [sqrt(1/2), sqrt(2)) (integer work on the bits),
 * u = 2(m - 1)/(m + 1) through the approximate reciprocal, with its
 * rounding error ul recovered by fma; log2(m) = (u + ul)*log2(e) + u^3*P(u^2),
 * log2(e) carried as L2E_F plus a tail; k added first, exactly. */
GPUMATH_CLONES static void log2_ep(float x, float *hi, float *lo)
{
    float expo = 0.0f;
    if (x < 0x1p-126f) { /* never for tgammaf's x >= 1.5; kept as written */
        x = x * 0x1p+24f;
        expo = -24.0f;
    }
    uint32_t bits = ws_inl_f32_bits(x);
    uint32_t kbits = (bits - 0x3F3504F3u) & 0xFF800000u;
    float m = ws_inl_f32(bits - kbits);
    float e = fmaf((float)(int32_t)kbits, 0x1p-23f, expo);
    float m1 = m - 1.0f;
    float rc = ws_gpu_rcp_approx_ftz(m + 1.0f);
    float u = (2.0f * m1) * rc;
    float u2 = u * u;
    float ul = rc * fmaf(-u, m1, 2.0f * (m1 - u));
    float p = fmaf(0x1.5865c8p-11f, u2, 0x1.a5cfb6p-9f);
    p = fmaf(p, u2, 0x1.2776e6p-6f);
    p = fmaf(p, u2, 0x1.ec709ep-4f);
    p = p * u2;
    float h = fmaf(u, L2E_F, e);
    float l = fmaf(u, L2E_F, e - h);
    l = fmaf(ul, L2E_F, l);
    l = fmaf(u, 0x1.4abc68p-26f, l);
    l = fmaf(p, u, l);
    /* Renormalize: hi = h + l rounded, lo what it lost. */
    float s = h + l;
    *hi = s;
    *lo = l - (s + -h);
}

/* sin(pi*f) and cos(pi*f) for f in [-1/4, 1/4] (the sm_80+ form of
 * libdevice's tgammaf sinpi kernel), picked by n's parity and negated
 * (as 0 - v) when n & 2, giving sin(pi*(n/2 + f)). */
GPUMATH_CLONES static float sinpi_for_tgamma(float f, uint32_t n)
{
    float f2 = f * f;
    float ps = fmaf(-0x1.2f5992p-1f, f2, 0x1.466b2p+1f);
    float pc = fmaf(0x1.d09c24p-3f, f2, -0x1.55a5cp+0f);
    ps = fmaf(ps, f2, -0x1.4abbecp+2f);
    pc = fmaf(pc, f2, 0x1.03c19ep+2f);
    float f3 = fmaf(f2, f, 0.0f);
    pc = fmaf(pc, f2, -0x1.3bd3ccp+2f);
    ps = fmaf(ps, f3, 0.0f);
    float c = fmaf(pc, f2, 1.0f);
    float s = fmaf(0x1.921fb6p+1f, f, ps);
    float v = (n & 1u) != 0 ? c : s;
    if ((n & 2u) != 0)
        v = 0.0f - v;
    return v;
}

/* gamma(x) for |x| >= 1.5, by Stirling's formula:
 *   gamma(x) = P(x) * (1 + S(1/x)),  P(x) = sqrt(2*pi) * 2^E,
 *   E = (x - 1/2)*log2(x) - x*log2(e),
 * E in double-float arithmetic. Past 41.1 the argument is clamped to +41.1
 * (also for negative x: the caller decides those). For x < 0 the
 * reflection gamma(x) = -pi / (|x| * sin(pi*|x|) * gamma(|x|)) becomes,
 * with P' = sqrt(2*pi) * 2^-E(|x|) (since pi / (sqrt(2*pi))^2 = 1/2),
 *   gamma(x) = P' / (x * (1 + S) * sin(pi*|x|)) / 2,
 * the quotient as the approximate reciprocal of the product, corrected
 * once by the product's rounding error (taken by fma). Beyond |x| = 33,
 * -E is raised by 48 and the result scaled back by 2^-48, to keep P' in
 * range. */
GPUMATH_CLONES static float tgammaf_stirling(float a)
{
    float x = fabsf(a) > 0x1.48ccccp+5f ? 0x1.48ccccp+5f : a;
    float ax = fabsf(x);
    float lh, ll;
    log2_ep(ax, &lh, &ll);
    /* (x - 1/2) * log2(x), double-float. */
    float ph = lh * (ax - 0.5f);
    float pl = fmaf(lh, ax - 0.5f, -ph);
    pl = fmaf(ll, ax - 0.5f, pl);
    /* x * log2(e), double-float (log2(e) with its tail). */
    float qh = L2E_F * ax;
    float ql = fmaf(L2E_F, ax, -qh);
    ql = fmaf(0x1.4ae0cp-26f, ax, ql);
    /* The difference of the two, head and tail. */
    float dh, dl;
    two_sum(ph, -qh, &dh, &dl);
    dl = dl + (pl - ql);
    if (a < 0.0f) {
        dh = -dh;
        dl = -dl;
        if (ax > 33.0f)
            dh = dh + 48.0f;
    }
    /* 2^(dh + dl): n = round(dh), 2^f by polynomial on f = (dh - n) + dl,
     * then 2^n applied in two factors so neither overflows early. */
    float n = nearbyintf(dh);
    float f = (dh - n) + dl;
    float p = fmaf(0x1.3f971cp-13f, f, 0x1.5f0bdap-10f);
    p = fmaf(p, f, 0x1.3b30acp-7f);
    p = fmaf(p, f, 0x1.c6af76p-5f);
    p = fmaf(p, f, 0x1.ebfbd8p-3f);
    p = fmaf(p, f, 0x1.62e43p-1f);
    p = fmaf(p, f, 1.0f);
    uint32_t adj = n > 0.0f ? 0u : 0x83000000u;
    float pw = p * ws_inl_f32(0x7F000000u + adj);
    pw = pw * ws_inl_f32((f2i_saturate(n) << 23) - adj);
    pw = pw * 0x1.40d932p+1f; /* sqrt(2*pi) */
    /* The series S(1/x) = 1/(12x) - ..., as (1/x) * Q(1/x). */
    float r = ws_gpu_rcp_approx_ftz(ax);
    float q = fmaf(0x1.1ef2e2p-14f, r, -0x1.a87dbp-15f);
    q = fmaf(q, r, -0x1.bb4d7cp-12f);
    q = fmaf(q, r, 0x1.04157cp-10f);
    q = fmaf(q, r, -0x1.2415fap-12f);
    q = fmaf(q, r, -0x1.5e9ac8p-9f);
    q = fmaf(q, r, 0x1.c70e64p-9f);
    q = fmaf(q, r, 0x1.555558p-4f);
    if (!(a < 0.0f))
        return fmaf(r * q, pw, pw);

    /* Reflection: x*(1 + S/x) times sin(pi*x) (x = n/2 + f, up to sign),
     * its reciprocal refined once by the product's rounding error. */
    float xs = fmaf(r * q, x, x);
    float n2 = nearbyintf(ax + ax);
    uint32_t ni = f2i_rz(n2);
    float fr = fmaf(n2, -0.5f, ax);
    float sn = sinpi_for_tgamma(fr, ni);
    float prod = xs * sn;
    float prod_lo = fmaf(xs, sn, -prod);
    float inv = ws_gpu_div_approx(1.0f, prod);
    float corr = pw * ((-inv * inv) * prod_lo);
    float res = fmaf(pw, inv, corr) * 0.5f;
    if (ax > 33.0f)
        res = res * 0x1p-48f;
    return res;
}

/* gamma(x) for |x| < 1.5 (and NaN): 1/gamma(x) by a polynomial in
 * t = x - round(x) (t = x at +-0, to keep the sign), with the factor of x
 * (and of the shift down by one for x < -0.5) that makes 1/gamma vanish
 * at the poles: 1/gamma(x) = fy + t*fy*P(t), fy = x*t below 0.5
 * (x < -0.5) or t alone (|x| <= 0.5), 1 above; then the approximate
 * reciprocal. */
GPUMATH_CLONES static float tgammaf_small(float a)
{
    float g = a < -0.5f ? a : 1.0f;
    float t = a == 0.0f ? a : a - nearbyintf(a);
    float fy = a <= 0.5f ? g * t : g;
    float p = fmaf(-0x1.193eccp-10f, t, 0x1.d207aep-8f);
    p = fmaf(p, t, -0x1.3c016p-7f);
    p = fmaf(p, t, -0x1.598a44p-5f);
    p = fmaf(p, t, 0x1.551366p-3f);
    p = fmaf(p, t, -0x1.58180ap-5f);
    p = fmaf(p, t, -0x1.4fcf44p-1f);
    p = fmaf(p, t, 0x1.2788dp-1f);
    float q = fmaf(fmaf(p, fy, 0.0f), t, fy);
    return ws_gpu_div_approx(1.0f, q);
}

/* gamma(x): Stirling for |x| >= 1.5, the polynomial below. Negative
 * integers (and -inf) are NaN; below -41.1, where the true value
 * underflows, odd integer parts give +0 (even ones keep the computed
 * value). */
GPUMATH_CLONES static float gpu_tgammaf(float a)
{
    float s = fabsf(a) >= 1.5f ? tgammaf_stirling(a) : tgammaf_small(a);
    if (a < 0.0f) {
        if (a == truncf(a))
            s = ws_inl_f32(WS_F32_CANONICAL_NAN);
        else if (a < -0x1.48ccccp+5f && (f2i_rz(a) & 1u) != 0)
            s = 0.0f;
    }
    return gpu_f32(s);
}
float ws_gpu_tgammaf(float x) { return gpu_tgammaf(x); }
