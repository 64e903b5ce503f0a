/* warpsim: the float rules of fpops.h as static inline functions.
 *
 * The one definition of the GPU's bits for the operations that hot loops
 * need (add, less-than): src/fpops.c wraps these for the model, and the fast
 * path (programs/fast/) inlines them into loops over many warps. They are
 * written without branches (selects) so that a loop over them vectorises;
 * the results are those fpops.h documents:
 *   f32 add: every NaN result is 0x7FFFFFFF;
 *   f64 add: the first NaN operand, quieted; a NaN made from non-NaN
 *       inputs (inf - inf) is 0xFFF8000000000000;
 *   lt: ordered IEEE comparison (false with a NaN; -0 == +0).
 * Build with -ffp-contract=off and without -ffast-math (as the project does). */
#ifndef WARPSIM_FPOPS_INLINE_H
#define WARPSIM_FPOPS_INLINE_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WS_F32_NAN_BITS 0x7FFFFFFFu                  /* = WS_F32_CANONICAL_NAN */
#define WS_F64_MADE_NAN_BITS UINT64_C(0xFFF8000000000000) /* = WS_F64_DEFAULT_NAN */
#define WS_F64_QUIET_BIT UINT64_C(0x0008000000000000)

static inline float ws_inl_f32(uint32_t b) { float v; memcpy(&v, &b, sizeof v); return v; }
static inline uint32_t ws_inl_f32_bits(float v) { uint32_t b; memcpy(&b, &v, sizeof b); return b; }
static inline double ws_inl_f64(uint64_t b) { double v; memcpy(&v, &b, sizeof v); return v; }
static inline uint64_t ws_inl_f64_bits(double v) { uint64_t b; memcpy(&b, &v, sizeof b); return b; }

static inline bool ws_inl_f32_is_nan(uint32_t a) { return (a & 0x7FFFFFFFu) > 0x7F800000u; }
static inline bool ws_inl_f64_is_nan(uint64_t a)
{
    return (a & UINT64_C(0x7FFFFFFFFFFFFFFF)) > UINT64_C(0x7FF0000000000000);
}

/* f32: the host's sum (one rounding), any NaN result replaced by the canonical NaN. */
static inline uint32_t ws_inl_f32_add(uint32_t a, uint32_t b)
{
    float r = ws_inl_f32(a) + ws_inl_f32(b);
    return r != r ? WS_F32_NAN_BITS : ws_inl_f32_bits(r);
}

/* f64: the first NaN operand quieted, else the host's sum with a made NaN
 * given the GPU's bits. Written as selects, last rule first. */
static inline uint64_t ws_inl_f64_add(uint64_t a, uint64_t b)
{
    /* x != x is the NaN test (any payload, signalling too) that SSE2 and
     * AVX have as one compare; the bit test would need 64-bit integer compares. */
    double x = ws_inl_f64(a), y = ws_inl_f64(b), r = x + y;
    uint64_t out = r != r ? WS_F64_MADE_NAN_BITS : ws_inl_f64_bits(r);
    out = y != y ? (b | WS_F64_QUIET_BIT) : out;
    out = x != x ? (a | WS_F64_QUIET_BIT) : out;
    return out;
}

static inline bool ws_inl_f32_lt(uint32_t a, uint32_t b) { return ws_inl_f32(a) < ws_inl_f32(b); }
static inline bool ws_inl_f64_lt(uint64_t a, uint64_t b) { return ws_inl_f64(a) < ws_inl_f64(b); }

#ifdef __cplusplus
}
#endif
#endif
