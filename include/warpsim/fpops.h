/* warpsim: exact scalar floating-point operations on bit patterns.
 *
 * Plain C `a + b` on x86 gives the right bits for every non-NaN result
 * (both sides round to nearest-even; built with -ffp-contract=off), but not
 * the GPU's NaN bits. These functions give the bits an H200 gives (semantics.md
 * 7, and docs/probes/fp_nan_probe.h200.txt):
 *   f32 add/sub/mul/fma: every NaN result is 0x7FFFFFFF;
 *   f32 min/max (fminf/fmaxf): a NaN operand counts as missing (signalling
 *       NaNs too), both NaN gives 0x7FFFFFFF, -0 < +0 in either order;
 *   f64 add/sub/mul: the first NaN operand, quieted; a NaN made from
 *       non-NaN inputs (inf - inf, 0 * inf) is 0xFFF8000000000000;
 *   f64 fma(a, b, c): the first NaN in the order a, c, b, quieted; made
 *       NaNs as above;
 *   f64 min/max (fmin/fmax): a NaN operand counts as missing, both NaN
 *       gives the first operand quieted, -0 < +0;
 *   lt/le/eq: ordered IEEE comparisons (false with a NaN; +0 == -0);
 *   select: copies bits, as PTX selp. */
#ifndef WARPSIM_FPOPS_H
#define WARPSIM_FPOPS_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define WS_F32_CANONICAL_NAN 0x7FFFFFFFu
#define WS_F64_DEFAULT_NAN UINT64_C(0xFFF8000000000000) /* inf - inf, 0 * inf */

WS_API uint32_t ws_f32_add(uint32_t a, uint32_t b);
WS_API uint32_t ws_f32_sub(uint32_t a, uint32_t b);
WS_API uint32_t ws_f32_mul(uint32_t a, uint32_t b);
WS_API uint32_t ws_f32_fma(uint32_t a, uint32_t b, uint32_t c);
WS_API uint32_t ws_f32_min(uint32_t a, uint32_t b);
WS_API uint32_t ws_f32_max(uint32_t a, uint32_t b);
WS_API bool ws_f32_lt(uint32_t a, uint32_t b);
WS_API bool ws_f32_le(uint32_t a, uint32_t b);
WS_API bool ws_f32_eq(uint32_t a, uint32_t b);
WS_API bool ws_f32_is_nan(uint32_t a);

WS_API uint64_t ws_f64_add(uint64_t a, uint64_t b);
WS_API uint64_t ws_f64_sub(uint64_t a, uint64_t b);
WS_API uint64_t ws_f64_mul(uint64_t a, uint64_t b);
WS_API uint64_t ws_f64_fma(uint64_t a, uint64_t b, uint64_t c);
WS_API uint64_t ws_f64_min(uint64_t a, uint64_t b);
WS_API uint64_t ws_f64_max(uint64_t a, uint64_t b);
WS_API bool ws_f64_lt(uint64_t a, uint64_t b);
WS_API bool ws_f64_le(uint64_t a, uint64_t b);
WS_API bool ws_f64_eq(uint64_t a, uint64_t b);
WS_API bool ws_f64_is_nan(uint64_t a);

/* The operations that CUDA has in four rounding modes (fprounded.c): the
 * result of op(a, b, c) (rcp and sqrt use a; add ... div a and b; fma all
 * three) rounded as r says, with the NaN bits above. f32 div, rcp and sqrt:
 * every NaN result is 0x7FFFFFFF (all seven operations); f64: a NaN
 * operand quieted, a made NaN 0xFFF8000000000000; of two NaN operands
 * div's a, and the directed add/sub/mul's b (fma: b, then c, then a), as
 * ptxas orders the instruction's operands (programs/cuda/samesource/rounded_intrinsics.cu). */
typedef enum { WS_FP_ADD, WS_FP_SUB, WS_FP_MUL, WS_FP_DIV, WS_FP_RCP, WS_FP_SQRT, WS_FP_FMA } ws_fp_op;
typedef enum { WS_ROUND_NEAREST, WS_ROUND_ZERO, WS_ROUND_UP, WS_ROUND_DOWN } ws_rounding;
WS_API uint32_t ws_f32_rounded(ws_fp_op op, ws_rounding r, uint32_t a, uint32_t b, uint32_t c);
WS_API uint64_t ws_f64_rounded(ws_fp_op op, ws_rounding r, uint64_t a, uint64_t b, uint64_t c);
/* Conversions in the four modes (PTX cvt.rn/rz/ru/rd; CUDA's __int2float_rz,
 * __ull2double_ru, __double2float_rd ...): a signed or unsigned 64-bit
 * integer (the narrower ones widen to it exactly) to f32 or f64, and f64 to
 * f32, rounded as r says; an f64 NaN keeps its sign and its payload's top
 * bits, quieted (the GPU's cvt.rz/ru/rd.f32.f64 as its cvt.rn). */
WS_API uint32_t ws_cvt_i64_f32(int64_t v, ws_rounding r);
WS_API uint32_t ws_cvt_u64_f32(uint64_t v, ws_rounding r);
WS_API uint64_t ws_cvt_i64_f64(int64_t v, ws_rounding r);
WS_API uint64_t ws_cvt_u64_f64(uint64_t v, ws_rounding r);
WS_API uint32_t ws_cvt_f64_f32(uint64_t v, ws_rounding r);

/* cond ? a : b on raw bits (PTX selp): never changes a NaN's payload. */
static inline uint64_t ws_select_bits(bool cond, uint64_t a, uint64_t b) { return cond ? a : b; }

/* Bit casts. */
WS_API uint32_t ws_f32_bits(float value);
WS_API float ws_f32_from_bits(uint32_t bits);
WS_API uint64_t ws_f64_bits(double value);
WS_API double ws_f64_from_bits(uint64_t bits);

/* ---- The same rules for hot loops, as static inline functions ----
 *
 * The one definition of the GPU's bits for the operations that loops over
 * many lanes need (add, less-than): src/fpops.c wraps them for the model,
 * and the fast path (programs/fast/) inlines them into loops over many
 * warps. They are written without branches (selects) so that a loop over
 * them vectorises; the results are those listed at the top of this file.
 * Build with -ffp-contract=off and without -ffast-math. */
#define WS_F64_QUIET_BIT UINT64_C(0x0008000000000000)

static inline float ws_inl_f32(uint32_t b) { float v; memcpy(&v, &b, sizeof v); return v; }
static inline uint32_t ws_inl_f32_bits(float v) { uint32_t b; memcpy(&b, &v, sizeof b); return b; }
static inline double ws_inl_f64(uint64_t b) { double v; memcpy(&v, &b, sizeof v); return v; }
static inline uint64_t ws_inl_f64_bits(double v) { uint64_t b; memcpy(&b, &v, sizeof b); return b; }

/* nvcc -ftz=true's flush: a subnormal float becomes zero of its sign (on
 * the bits, whatever the host's float mode) */
static inline float ws_f32_flushed(float x)
{
    uint32_t b = ws_inl_f32_bits(x);
    return (b & 0x7F800000u) == 0 ? ws_inl_f32(b & 0x80000000u) : x;
}
static inline bool ws_inl_f32_is_nan(uint32_t a) { return (a & 0x7FFFFFFFu) > 0x7F800000u; }
static inline bool ws_inl_f64_is_nan(uint64_t a)
{
    return (a & UINT64_C(0x7FFFFFFFFFFFFFFF)) > UINT64_C(0x7FF0000000000000);
}

/* f32: the host's sum (one rounding), any NaN result replaced by the canonical NaN. */
static inline uint32_t ws_inl_f32_add(uint32_t a, uint32_t b)
{
    float r = ws_inl_f32(a) + ws_inl_f32(b);
    return r != r ? WS_F32_CANONICAL_NAN : ws_inl_f32_bits(r);
}

/* f64: the first NaN operand quieted, else the host's sum with a made NaN
 * given the GPU's bits. Written as selects, last rule first. */
static inline uint64_t ws_inl_f64_add(uint64_t a, uint64_t b)
{
    /* x != x is the NaN test (any payload, signalling too) that SSE2 and
     * AVX have as one compare; the bit test would need 64-bit integer compares. */
    double x = ws_inl_f64(a), y = ws_inl_f64(b), r = x + y;
    uint64_t out = r != r ? WS_F64_DEFAULT_NAN : ws_inl_f64_bits(r);
    out = y != y ? (b | WS_F64_QUIET_BIT) : out;
    out = x != x ? (a | WS_F64_QUIET_BIT) : out;
    return out;
}

static inline bool ws_inl_f32_lt(uint32_t a, uint32_t b) { return ws_inl_f32(a) < ws_inl_f32(b); }
static inline bool ws_inl_f64_lt(uint64_t a, uint64_t b) { return ws_inl_f64(a) < ws_inl_f64(b); }

/* fminf/fmaxf and fmin/fmax as the H200 gives them (the rules at the top),
 * written as selects, last rule first, so that loops of them vectorise. */
static inline uint32_t ws_inl_f32_minmax(uint32_t a, uint32_t b, bool want_max)
{
    float x = ws_inl_f32(a), y = ws_inl_f32(b);
    uint32_t r = ((x < y) != want_max) ? a : b;
    r = x == y ? (((a >> 31) != 0) == want_max ? b : a) : r; /* equal: only zeros differ, -0 < +0 */
    bool an = ws_inl_f32_is_nan(a), bn = ws_inl_f32_is_nan(b);
    r = bn ? a : r; /* a NaN operand counts as missing */
    r = an ? b : r;
    return an && bn ? WS_F32_CANONICAL_NAN : r;
}
static inline uint64_t ws_inl_f64_minmax(uint64_t a, uint64_t b, bool want_max)
{
    double x = ws_inl_f64(a), y = ws_inl_f64(b);
    uint64_t r = ((x < y) != want_max) ? a : b;
    r = x == y ? (((a >> 63) != 0) == want_max ? b : a) : r;
    bool an = x != x, bn = y != y;
    r = bn ? a : r;
    r = an ? b : r;
    return an && bn ? (a | WS_F64_QUIET_BIT) : r; /* both: the first operand, quieted */
}
static inline uint32_t ws_inl_f32_min(uint32_t a, uint32_t b) { return ws_inl_f32_minmax(a, b, false); }
static inline uint32_t ws_inl_f32_max(uint32_t a, uint32_t b) { return ws_inl_f32_minmax(a, b, true); }
static inline uint64_t ws_inl_f64_min(uint64_t a, uint64_t b) { return ws_inl_f64_minmax(a, b, false); }
static inline uint64_t ws_inl_f64_max(uint64_t a, uint64_t b) { return ws_inl_f64_minmax(a, b, true); }

#ifdef __cplusplus
}
#endif
#endif
