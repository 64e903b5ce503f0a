/* The GPU's special-function unit (MUFU), as measured: its approximations
 * are not a formula anyone publishes, so warpsim keeps what the hardware
 * gives over one binade (two for square roots) and scales it as the
 * hardware does. Measured on every input of an sm_90 GPU (an H100; the
 * H200 is the same SM): docs/probes/mufu_probe.cu and mufu64_probe.cu, with
 * their outputs beside them.
 *
 * The rules, each checked on every input whose result is normal:
 * - rcp.approx.ftz.f32 (MUFU.RCP): 1.m * 2^e gives the result of 1.m with
 *   127 - e added to its exponent (0 of 4,227,858,434 break it).
 * - rsqrt.approx.ftz.f32 (MUFU.RSQ): 1.m * 2^k * 4^j (k = 0, 1) gives the
 *   result of 1.m * 2^k times 2^-j (0 of 2,130,706,432).
 * - rcp.approx.ftz.f64 (MUFU.RCP64H) and rsqrt.approx.ftz.f64 (MUFU.RSQ64H)
 *   read the input's high word only (sign, exponent, 20 bits of
 *   significand) and give a result whose low word is 0, scaled the same way
 *   (0 of 4,286,578,690 and of 2,145,386,496 high words).
 * Specials: a zero or denormal input is a zero of its sign (ftz), so rcp and
 * rsqrt give an infinity of that sign; rcp(±inf) is ±0, rsqrt(+inf) +0; a
 * negative rsqrt input and every NaN give the GPU's NaN (f32 0x7FFFFFFF, f64
 * 0x7FFFFFFF00000000); a result below the normal range is a zero of the
 * input's sign.
 *
 * The significands of the f32 forms come from the unit's datapaths as
 * reconstructed in gpumath_rcp.c, which reproduce every measured result.
 * The f64 forms' tables (src/mufu/, embedded by .incbin) keep, for each
 * significand, the result's distance from a reference every host computes
 * alike (IEEE division and square root), 2 bits each: never more than 2
 * units from it. scripts/mufu_table.c writes them from the probes' raw
 * tables (docs/probes/mufu.h100/); src/mufu/rcp_approx_ftz.bin and
 * rsqrt_approx_ftz.bin, the f32 forms' measurements in the same form, are
 * what gpumath_rcp.c was fitted to and are no longer embedded. The non-FTZ
 * forms and div.approx are the short instruction sequences ptxas emits
 * around MUFU (docs/probes/mufu_sass.h100.txt). */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

#ifndef WARPSIM_MUFU_DIR
#error "WARPSIM_MUFU_DIR must name src/mufu (src/CMakeLists.txt)"
#endif

/* Each table, in the library's read-only data, as the file's bytes. */
#define MUFU_TABLE(sym, file)                                                                                    \
    __asm__(".section .rodata\n.balign 64\n.hidden " #sym "\n.globl " #sym "\n" #sym ":\n.incbin \"" WARPSIM_MUFU_DIR \
            "/" file "\"\n.previous\n");                                                                         \
    extern const unsigned char sym[]
MUFU_TABLE(ws_mufu_rcp64_delta_, "rcp_approx_ftz_f64.bin");
MUFU_TABLE(ws_mufu_rsqrt64_delta_, "rsqrt_approx_ftz_f64.bin");


/* The divisions and square roots happen at run time, in IEEE arithmetic. */
static volatile double one_f64 = 1.0;

float ws_gpu_rcp_approx_ftz(float x)
{
    uint32_t b = ws_inl_f32_bits(x), sign = b & 0x80000000u, e = b >> 23 & 0xFF, m = b & 0x7FFFFFu;
    if (e == 0xFF)
        return ws_inl_f32(m ? WS_F32_CANONICAL_NAN : sign); /* NaN; 1/inf = 0 */
    if (e == 0)
        return ws_inl_f32(sign | 0x7F800000u); /* zero or flushed denormal: inf */
    uint32_t r = mufu_rcp_fixed(m) + 0x3E800000u; /* R 2^-24 as a float: 0.5 <= R 2^-24 <= 1 */
    int re = (int)(r >> 23 & 0xFF) - ((int)e - 127);
    if (re <= 0)
        return ws_inl_f32(sign); /* below the normal range: flushed */
    return ws_inl_f32(sign | (uint32_t)re << 23 | (r & 0x7FFFFFu));
}

float ws_gpu_rsqrt_approx_ftz(float x)
{
    uint32_t b = ws_inl_f32_bits(x), sign = b & 0x80000000u, e = b >> 23 & 0xFF, m = b & 0x7FFFFFu;
    if (e == 0)
        return ws_inl_f32(sign | 0x7F800000u); /* ±0 or flushed denormal: ±inf */
    if (sign || (e == 0xFF && m))
        return ws_inl_f32(WS_F32_CANONICAL_NAN); /* negative, NaN */
    if (e == 0xFF)
        return 0.0f;
    int E = (int)e - 127, k = E & 1; /* x = 1.m * 2^k * 4^j */
    uint32_t i = (uint32_t)k << 23 | m;
    uint32_t r = mufu_rsqrt_fixed(i) + 0x3E800000u; /* R 2^-24 as a float */
    return ws_inl_f32(r - (uint32_t)((E - k) / 2 * (1 << 23))); /* times 2^-j: within range for every input */
}

/* sqrt.approx.ftz.f32 (MUFU.SQRT): +-0 (a flushed subnormal too) gives
 * itself, a negative or NaN the canonical NaN, +inf itself; a positive
 * normal 1.m 2^k 4^j gives the datapath's sqrt(1.m 2^k) times 2^j. */
float ws_gpu_sqrt_approx_ftz(float x)
{
    uint32_t b = ws_inl_f32_bits(x), e = b >> 23 & 0xFF, m = b & 0x7FFFFFu;
    if (e == 0)
        return ws_inl_f32(b & 0x80000000u);
    if ((b >> 31) || (e == 0xFF && m))
        return ws_inl_f32(WS_F32_CANONICAL_NAN);
    if (e == 0xFF)
        return x;
    int E = (int)e - 127, k = E & 1, j = (E - k) / 2;
    uint32_t R = mufu_sqrt_fixed((uint32_t)k << 23 | m);
    return ws_inl_f32((uint32_t)(127 + j) << 23 | (R & 0x7FFFFFu));
}

int ws_gpu_prec_sqrt_ = 1;
WS_API void ws_gpu_set_prec_sqrt(int precise) { ws_gpu_prec_sqrt_ = precise != 0; }

/* sqrt.approx.f32, as ptxas wraps MUFU.SQRT (the SASS of
 * docs/probes/sqrt_tanh_approx_probe.h100.txt): an operand below 2^-126 in
 * magnitude (a NaN is not) is scaled by 2^24 first and the result by 2^-12. */
float ws_gpu_sqrt_approx(float x)
{
    uint32_t b = ws_inl_f32_bits(x);
    if ((b & 0x7F800000u) != 0)
        return ws_gpu_sqrt_approx_ftz(x);
    return ws_gpu_sqrt_approx_ftz(x * 0x1p+24f) * 0x1p-12f;
}

double ws_gpu_rcp_approx_ftz_f64(double x)
{
    uint32_t hi = (uint32_t)(ws_inl_f64_bits(x) >> 32), sign = hi & 0x80000000u, e = hi >> 20 & 0x7FF, m = hi & 0xFFFFFu;
    if (e == 0x7FF)
        return ws_inl_f64((uint64_t)(m ? 0x7FFFFFFFu : sign) << 32); /* high word only: 0x7FF00000_00000001 is inf */
    if (e == 0)
        return ws_inl_f64((uint64_t)(sign | 0x7FF00000u) << 32);
    uint32_t r = mufu_rcp64h_significand(m);
    int re = (int)(r >> 20 & 0x7FF) - ((int)e - 1023);
    if (re <= 0)
        return ws_inl_f64((uint64_t)sign << 32);
    return ws_inl_f64((uint64_t)(sign | (uint32_t)re << 20 | (r & 0xFFFFFu)) << 32);
}

double ws_gpu_rsqrt_approx_ftz_f64(double x)
{
    uint32_t hi = (uint32_t)(ws_inl_f64_bits(x) >> 32), sign = hi & 0x80000000u, e = hi >> 20 & 0x7FF, m = hi & 0xFFFFFu;
    if (e == 0)
        return ws_inl_f64((uint64_t)(sign | 0x7FF00000u) << 32);
    if (sign || (e == 0x7FF && m))
        return ws_inl_f64((uint64_t)0x7FFFFFFFu << 32);
    if (e == 0x7FF)
        return 0.0;
    int E = (int)e - 1023, k = E & 1;
    uint32_t i = (uint32_t)k << 20 | m;
    double in = ws_inl_f64((uint64_t)((0x3FFu + (uint32_t)k) << 20 | m) << 32);
    uint32_t r = (uint32_t)(ws_inl_f64_bits(one_f64 / sqrt(in)) >> 32) + (uint32_t)mufu_delta(ws_mufu_rsqrt64_delta_, i, 1);
    return ws_inl_f64((uint64_t)(r - (uint32_t)((E - k) / 2 * (1 << 20))) << 32);
}

/* ---- the non-FTZ forms: ptxas scales a denormal operand into the normal
 * range around the MUFU instruction (docs/probes/mufu_sass.h100.txt) ---- */

float ws_gpu_rsqrt_approx(float x)
{
    if (fabsf(x) >= 0x1p-126f || isnan(x))
        return ws_gpu_rsqrt_approx_ftz(x);
    return gpu_f32(ws_gpu_rsqrt_approx_ftz(x * 0x1p24f) * 0x1p12f);
}

/* rsqrt.approx.f64: the high-word estimate y, then one step of the series
 * 1/sqrt(x) = y (1 + e/2 + 3e^2/8), e = 1 - x y^2, in f64 fma. */
static double rsqrt_refined(double x)
{
    double y = ws_gpu_rsqrt_approx_ftz_f64(x), e = fma(x, -(y * y), 1.0);
    return fma(fma(e, 0.375, 0.5), y * e, y);
}

double ws_gpu_rsqrt_approx_f64(double x)
{
    uint64_t bits = ws_inl_f64_bits(x);
    uint32_t hi = (uint32_t)(bits >> 32);
    if (hi - 0x00100000u < 0x7FE00000u) /* positive and normal */
        return rsqrt_refined(x);
    if (x == 0)
        return ws_inl_f64((uint64_t)((hi & 0x80000000u) | 0x7FF00000u) << 32);
    if (isnan(x))
        return ws_inl_f64(bits | 0x0008000000000000ull); /* the NaN, quieted */
    if (hi >> 31)
        return ws_inl_f64(WS_F64_DEFAULT_NAN);
    if (isinf(x))
        return 0.0;
    return rsqrt_refined(x * 0x1p54) * 0x1p27; /* denormal */
}

float ws_gpu_div_approx_ftz(float a, float b)
{
    uint32_t ab = ws_inl_f32_bits(a);
    if ((ab & 0x7F800000u) == 0)
        a = ws_inl_f32(ab & 0x80000000u);
    float r = gpu_f32(a * ws_gpu_rcp_approx_ftz(b));
    uint32_t rb = ws_inl_f32_bits(r);
    return (rb & 0x7F800000u) == 0 ? ws_inl_f32(rb & 0x80000000u) : r;
}

float ws_gpu_div_approx(float a, float b)
{
    if (fabsf(b) < 0x1p-126f) { /* denormal or zero divisor: both scaled by 2^24 */
        b *= 0x1p24f;
        a *= 0x1p24f;
    }
    return gpu_f32(ws_gpu_rcp_approx_ftz(b) * a);
}

/* fdividef: CUDA's IEEE division (nvcc's default -prec-div=true), with the GPU's NaN. */
float ws_gpu_fdividef(float a, float b) { return gpu_f32(a / b); }
