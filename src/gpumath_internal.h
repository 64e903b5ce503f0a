/* What the f32 math functions (src/gpumath_*.c) share: the GPU's NaN, its
 * float-to-integer conversions, and the reduction by pi/2 that sinf,
 * cosf, sincosf and tanf run (gpumath_reducef.c). Internal: not installed. */
#ifndef WARPSIM_GPUMATH_INTERNAL_H
#define WARPSIM_GPUMATH_INTERNAL_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "warpsim/fpops.h"

/* The functions that run fma are built twice where the compiler can: for
 * processors with FMA (the instruction instead of a call of libm's fmaf,
 * which gives the same correctly rounded result) and without; the loader
 * picks one (GNU ifunc). Only static functions: gcc exports the resolver
 * of a public one, so each ws_gpu_ function calls its static gpu_ twin.
 * gcc only: clang 14 exports the resolvers of static functions too. */
#if defined(__x86_64__) && defined(__ELF__) && defined(__GNUC__) && !defined(__clang__)
#define GPUMATH_CLONES __attribute__((target_clones("fma", "default")))
#else
#define GPUMATH_CLONES
#endif

/* Any NaN an f32 operation makes on the GPU is 0x7FFFFFFF: a result that
 * comes out of arithmetic goes through here. */
static inline float gpu_f32(float r) { return isnan(r) ? ws_inl_f32(WS_F32_CANONICAL_NAN) : r; }

/* An integral float as PTX's cvt to s32 gives it: saturating, NaN to 0.
 * (The limits are integers, so rounding before the check changes nothing.) */
static inline uint32_t f2i_saturate(float r)
{
    if (isnan(r))
        return 0;
    if (r >= 0x1p31f)
        return 0x7FFFFFFFu;
    if (r <= -0x1p31f)
        return 0x80000000u;
    return (uint32_t)(int32_t)r;
}

/* Two or three f64 NaN arguments: the GPU returned the last of them,
 * quieted, in the measured build of docs/probes/gpumath_probe.cu (pow,
 * fmin, fmax, fdim, nextafter, fmod, remainder, remquo, fma; and add, sub,
 * mul in docs/probes/f64_nan_order_probe.cu). Which operand an instruction
 * gets first is ptxas's choice, kernel by kernel (docs/model.md). */
static inline bool f64_two_nans(double a, double b) { return isnan(a) && isnan(b); }
static inline double f64_quieted(double x) { return ws_inl_f64(ws_inl_f64_bits(x) | UINT64_C(0x0008000000000000)); }
/* The GPU's NaN for a one-argument f64 function's result r that came out NaN from argument a:
 * a's NaN quieted, else (a NaN made from an infinity) the default NaN. */
static inline double f64_nan_fix(double r, double a)
{
    if (!isnan(r))
        return r;
    return isnan(a) ? f64_quieted(a) : ws_inl_f64(WS_F64_DEFAULT_NAN);
}

/* MUFU.RCP64H's result for the significand 1.m (m: the high word's 20
 * bits) as the high word of a double in (0.5, 1]: 1 / 1.m in IEEE
 * arithmetic, which every host computes alike, plus the measured 2-bit
 * correction (the table and the rest of the instruction: gpumath_mufu.c).
 * Inline because pow and log have it on their longest chain. */
extern const unsigned char ws_mufu_rcp64_delta_[];
/* Entry i's 2-bit field of such a table, minus the table's bias (scripts/mufu_table.c). */
static inline int mufu_delta(const unsigned char *table, uint32_t i, int bias)
{
    return (int)(table[i >> 2] >> (2 * (i & 3)) & 3) - bias;
}
static inline uint32_t mufu_rcp64h_significand(uint32_t m)
{
    uint32_t ref = (uint32_t)(ws_inl_f64_bits(1.0 / ws_inl_f64((uint64_t)(0x3FF00000u | m) << 32)) >> 32);
    return ref + (uint32_t)mufu_delta(ws_mufu_rcp64_delta_, m, 1);
}

/* PTX cvt.rni.s32.f32 (to nearest even) and cvt.rzi.s32.f32 (toward zero). */
static inline uint32_t f2i_rn(float x) { return f2i_saturate(nearbyintf(x)); }
static inline uint32_t f2i_rz(float x) { return f2i_saturate(truncf(x)); }

/* The bits of 1 + x rounded toward zero (PTX add.rz, in log1pf, atanhf,
 * asinhf and acoshf), without changing the host's rounding mode (two
 * fesetround calls cost more than the rest of those functions): the
 * nearest sum s and its exact error (Knuth's two-sum); where s lies
 * farther from zero than 1 + x, the float below it in magnitude. An
 * overflow to infinity is the largest float; a NaN the GPU's NaN. The same
 * bits as ws_f32_rounded(WS_FP_ADD, WS_ROUND_ZERO, x, 1) for all 2^32 x. */
static inline uint32_t one_plus_rz_bits(float x)
{
    float s = 1.0f + x;
    if (isnan(s))
        return WS_F32_CANONICAL_NAN;
    if (isinf(s))
        return isinf(x) ? ws_inl_f32_bits(s) : (ws_inl_f32_bits(s) & 0x80000000u) | 0x7F7FFFFFu;
    float x_part = s - 1.0f, one_part = s - x_part;
    float err = (1.0f - one_part) + (x - x_part); /* 1 + x - s, exactly */
    uint32_t bits = ws_inl_f32_bits(s);
    bool away = (err < 0.0f && s > 0.0f) || (err > 0.0f && s < 0.0f);
    return away ? bits - 1u : bits; /* s is never 0 when it is away from zero */
}


/* The special-function unit's truncated squarer (MUFU.EX2 and MUFU.LG2,
 * src/gpumath_ex2.c and gpumath_lg2.c): X^2 for a 17-bit X less the
 * partial products x_i x_j 2^(i+j) (ordered pairs) of weight below 2^19,
 * which are those with i + j <= 17 and the diagonal bit x_9 2^18, then
 * divided by 2^19 (the rest is a multiple of it). With X = a + 2^9 b (a 9
 * bits, b 8): every product within a is dropped, and of the products a_i
 * b_j (twice, 2^(i+j+10)) those with i + j <= 8, which is b_j 2^j times a's
 * low 9 - j bits. */
static inline uint32_t mufu_cross_term(uint32_t a, uint32_t b, int j)
{
    return (a & ((1u << (9 - j)) - 1) & (0u - (b >> j & 1))) << j;
}
static inline uint32_t mufu_squarer_compute(uint32_t X)
{
    uint32_t a = X & 0x1FFu, b = X >> 9;
    uint32_t cross = mufu_cross_term(a, b, 0) + mufu_cross_term(a, b, 1) + mufu_cross_term(a, b, 2) +
                     mufu_cross_term(a, b, 3) + mufu_cross_term(a, b, 4) + mufu_cross_term(a, b, 5) +
                     mufu_cross_term(a, b, 6) + mufu_cross_term(a, b, 7);
    uint64_t dropped = (uint64_t)a * a + ((uint64_t)(b & 1) << 18) + ((uint64_t)cross << 10);
    return (uint32_t)(((uint64_t)X * X - dropped) >> 19);
}
/* The same as a table of all 2^17 squares (each below 2^15), filled by a
 * constructor (gpumath_squarer.c): one load from 256 KiB instead of the bit
 * work, which halves the time of ex2, lg2, sin and cos and of everything
 * built on them (docs/performance.md). A call before the table is ready
 * (another library's constructor) computes the square instead: no call and
 * no lock here, so the inlined callers keep their registers. */
extern uint16_t mufu_squares[1 << 17];
extern bool mufu_squares_ready;
static inline uint32_t mufu_squarer(uint32_t X)
{
    X &= 0x1FFFFu;
    if (__builtin_expect(!__atomic_load_n(&mufu_squares_ready, __ATOMIC_ACQUIRE), 0))
        return mufu_squarer_compute(X);
    return mufu_squares[X];
}

/* MUFU.EX2, ex2.approx.ftz.f32 (its datapath is described in gpumath_ex2.c,
 * which holds the segments' coefficients): inline, because expf, exp10f,
 * coshf and their kind spend half their time in it. */
extern const int32_t mufu_ex2_segments[64][3];

/* The 24-bit significand (1.23) of 2^(i 2^-23), i < 2^23. */
static inline uint32_t mufu_ex2_table(uint32_t i)
{
    const int32_t *c = mufu_ex2_segments[i >> 17];
    uint32_t X = i & 0x1FFFFu;
    uint64_t acc = ((uint64_t)c[0] << 13) + 6114u + (uint64_t)c[1] * X + (uint64_t)c[2] * mufu_squarer(X);
    return (uint32_t)(acc >> 15);
}

static inline float mufu_ex2_ftz(float x)
{
    uint32_t b = ws_inl_f32_bits(x), negative = b >> 31, e = b >> 23 & 0xFF, m = b & 0x7FFFFFu;
    if (e == 0xFF)
        return ws_inl_f32(m ? WS_F32_CANONICAL_NAN : negative ? 0u : 0x7F800000u);
    if (e == 0)
        return 1.0f; /* +-0 and flushed denormals */
    if (e >= 127 + 7)
        return ws_inl_f32(negative ? 0u : 0x7F800000u); /* |x| >= 128 */
    /* |x| = (m + 2^23) 2^(e - 150): n.f in fixed point is the significand
     * shifted by e - 127, in [-126, 6]; from 32 bits up as one shift of
     * 32 + 127 - e, at most 63 (which leaves 0), without a branch on the
     * exponent (inputs of mixed sizes would mispredict it). */
    uint64_t significand = (uint64_t)(m | 0x800000u) << 32;
    uint32_t down = 159u - e;
    uint32_t fixed = (uint32_t)(significand >> (down < 63u ? down : 63u));
    uint32_t n = fixed >> 23, f = fixed & 0x7FFFFFu;
    /* Without branches on the sign (expf's arguments take both at random):
     * for a negative x, ~f is f ^ 0x7FFFFF and -n - 1 is ~n; f = 0 then
     * gives exactly 2^-n. */
    uint32_t flip = 0u - negative, exact = negative & (f == 0);
    uint32_t t = mufu_ex2_table(f ^ (flip & 0x7FFFFFu));
    int E = (int)(n ^ flip) + (int)exact;
    t = exact ? 0x800000u : t;
    int biased = E + 127;
    if (biased <= 0)
        return 0.0f; /* below the normal range: flushed */
    if (biased >= 255)
        return ws_inl_f32(0x7F800000u);
    return ws_inl_f32((uint32_t)biased << 23 | (t & 0x7FFFFFu));
}

/* MUFU.RCP and MUFU.RSQ's datapaths (gpumath_rcp.c): 1/1.m for the 23-bit
 * m, and 1/sqrt(1.m 2^k) for i = k 2^23 + m, in units of 2^-24, in
 * (2^23, 2^24]. */
extern const uint32_t mufu_rcp_segments[128][3];
static inline uint32_t mufu_rcp_fixed(uint32_t m)
{
    const uint32_t *c = mufu_rcp_segments[m >> 16 & 127];
    uint32_t X = m & 0xFFFFu;
    uint64_t acc = ((uint64_t)c[0] << 13) + 2023u - (uint64_t)c[1] * X + (uint64_t)c[2] * mufu_squarer(X << 1);
    return (uint32_t)(acc >> 15);
}
uint32_t mufu_rsqrt_fixed(uint32_t i);
uint32_t mufu_sqrt_fixed(uint32_t i); /* gpumath_rcp.c: MUFU.SQRT over [1, 4) */

/* The square root inside hypotf, norm3df, norm4df, normf and jnf: sqrt.rn,
 * or sqrt.approx in a program built with -prec-sqrt=false (libdevice asks
 * __nvvm_reflect("__CUDA_PREC_SQRT")): ws_gpu_set_prec_sqrt (gpumath_mufu.c)
 * sets it for the whole program. */
extern int ws_gpu_prec_sqrt_;
float ws_gpu_sqrt_approx(float x);
static inline float gpu_sqrtf(float x) { return ws_gpu_prec_sqrt_ ? sqrtf(x) : ws_gpu_sqrt_approx(x); }

/* atan(t) for t in [0, 1] as CUDA's f64 atan and atan2 compute it:
 * t + t s P(s), s = t^2, P of degree 18 in Horner form with fma. Inline:
 * it takes its callers' fma clone. */
static inline double atan_unit(double t)
{
    double s = t * t;
    double p = fma(-0x1.53e1d2a25ff7ep-16, s, 0x1.d3b63dbb65b49p-13);
    p = fma(p, s, -0x1.312788dde082ep-10);
    p = fma(p, s, 0x1.f9690c8249315p-9);
    p = fma(p, s, -0x1.2cf5aabc7cf0dp-7);
    p = fma(p, s, 0x1.162b0b2a3bfdep-6);
    p = fma(p, s, -0x1.a7256feb6fc6bp-6);
    p = fma(p, s, 0x1.171560ce4a489p-5);
    p = fma(p, s, -0x1.4f44d841450e4p-5);
    p = fma(p, s, 0x1.7ee3d3f36bb95p-5);
    p = fma(p, s, -0x1.ad32ae04a9fd1p-5);
    p = fma(p, s, 0x1.e17813d66954fp-5);
    p = fma(p, s, -0x1.11089ca9a5bcdp-4);
    p = fma(p, s, 0x1.3b12b2db51738p-4);
    p = fma(p, s, -0x1.745d022f8dc5cp-4);
    p = fma(p, s, 0x1.c71c709dfe927p-4);
    p = fma(p, s, -0x1.2492491fa1744p-3);
    p = fma(p, s, 0x1.99999999840d2p-3);
    p = fma(p, s, -0x1.555555555544cp-2);
    p = p * s;
    return fma(p, t, t);
}

/* The f32 norms' shared steps (hypotf, norm3df, norm4df, normf and rnormf
 * in gpumath_norms.c; their reciprocals in gpumath_normf.c). Inline: they
 * take their callers' fma clone.
 *
 * The scale for a largest magnitude m: its exponent field rounded down to
 * even gives e, with m * 2^-e in [1/2, 2), so that the squares neither
 * overflow nor underflow; returns e's field offset (e << 23), from which
 * both 2^-e (norm_down_f32) and 2^e (norm_up_f32) are rebuilt. Integer
 * work that wraps as on the GPU for m = 0, infinity or NaN (whose results
 * the final selects decide). */
static inline uint32_t norm_scale_f32(float m) { return (ws_inl_f32_bits(m) & 0xFE000000u) - 0x3F800000u + 0x00800000u; }
static inline float norm_down_f32(uint32_t e) { return ws_inl_f32(0x3F800000u - e); }
static inline float norm_up_f32(uint32_t e) { return ws_inl_f32(e + 0x3F800000u); }

/* PTX min.f32 and max.f32 on magnitudes (never -0): a NaN operand, quiet
 * or signalling, loses to the other (libm's fminf/fmaxf may return NaN for
 * a signalling one); two NaNs give NaN. */
static inline float ptx_min_f32(float a, float b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    return a < b ? a : b;
}
static inline float ptx_max_f32(float a, float b)
{
    if (isnan(a))
        return b;
    if (isnan(b))
        return a;
    return a > b ? a : b;
}

/* hypotf's and rhypotf's scaled sum of squares: the smaller (*lo) and
 * larger (*hi) magnitude picked by their bits as signed integers (a NaN
 * orders above infinity), *e the larger's scale. */
static inline float norm2_squares_f32(float x, float y, float *lo, float *hi, uint32_t *e)
{
    int32_t bx = (int32_t)ws_inl_f32_bits(fabsf(x)), by = (int32_t)ws_inl_f32_bits(fabsf(y));
    *lo = ws_inl_f32((uint32_t)(by <= bx ? by : bx));
    *hi = ws_inl_f32((uint32_t)(bx >= by ? bx : by));
    *e = norm_scale_f32(*hi);
    float los = *lo * norm_down_f32(*e), his = *hi * norm_down_f32(*e);
    return fmaf(his, his, los * los);
}

/* The scaled sum of squares of norm3df, norm4df, rnorm3df and rnorm4df,
 * for n = 3 or 4 magnitudes m[]: a running PTX min/max (m[0] and m[1],
 * then m[2], then m[3]) sets the smaller aside at each step and keeps the
 * largest (*hi, whose scale is *e); the squares are summed latest set
 * aside first (a plain product, then fma), the largest last. */
static inline float normn_squares_f32(int n, const float *m, float *hi, uint32_t *e)
{
    float aside[3];
    float big = m[0];
    for (int i = 1; i < n; i++) {
        aside[i - 1] = ptx_min_f32(big, m[i]);
        big = ptx_max_f32(big, m[i]);
    }
    *hi = big;
    *e = norm_scale_f32(big);
    float s = norm_down_f32(*e);
    float t = aside[n - 2] * s;
    float q = t * t;
    for (int i = n - 3; i >= 0; i--) {
        t = aside[i] * s;
        q = fmaf(t, t, q);
    }
    t = big * s;
    return fmaf(t, t, q);
}

/* x = quadrant * pi/2 + t, t in about [-pi/4, pi/4], as CUDA's f32
 * trigonometric functions reduce (gpumath_reducef.c). */
float reduce_half_pi(float x, uint32_t *quadrant);

/* a = t + quadrant * pi/2 as CUDA's f64 sin and cos reduce (Cody-Waite
 * below 2^31, Payne-Hanek above; gpumath_trig.c): the f64 Bessel
 * functions reduce their phases with it (gpumath_besseld.c). */
double reduce_half_pi_f64(double a, uint32_t *quadrant);

#endif
