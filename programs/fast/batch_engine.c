/* The batch loops of the fast warp path (see fast_warps.c for the layout):
 * one batch of warps of one element type. Compiled three times on x86-64:
 * on its own for the baseline ISA (SSE2), through batch_avx2.c with AVX2
 * (8 floats a vector) and through batch_avx512.c with AVX-512 (16). The
 * same C gives the same bits every way: the wider units round and
 * propagate NaNs as SSE does, and nothing is contracted
 * (-ffp-contract=off); test_fast_isa.c checks it. fast_warps.c picks the
 * widest the CPU has at run time. */
#include <stdint.h>
#include <string.h>

#include "warpsim/fpops.h"

#include "batch_engine.h"
#include "transpose.h"

#ifndef FAST_BATCH_ENTRY
#define FAST_BATCH_ENTRY fast_batch_base
#endif


/* ---- Element operations, as the model does them (lane_ops.c, fpops.h) -- */

static inline uint32_t add_int32(uint32_t a, uint32_t b) { return a + b; } /* wraps, as the GPU's */
static inline uint64_t add_int64(uint64_t a, uint64_t b) { return a + b; }
static inline bool lt_u32(uint32_t a, uint32_t b) { return a < b; }
static inline bool lt_i32(uint32_t a, uint32_t b) { return (int32_t)a < (int32_t)b; }
static inline bool lt_u64(uint64_t a, uint64_t b) { return a < b; }
static inline bool lt_i64(uint64_t a, uint64_t b) { return (int64_t)a < (int64_t)b; }
/* min/max as the model's WS_MIN/WS_MAX: integers by their order (equal
 * values have equal bits), floats by fminf/fmaxf's rules (fpops.h). */
#define INT_MINMAX(name, T, lt)                                                  \
    static inline T min_##name(T a, T b) { return lt(b, a) ? b : a; }           \
    static inline T max_##name(T a, T b) { return lt(a, b) ? b : a; }
INT_MINMAX(i32, uint32_t, lt_i32)
INT_MINMAX(u32, uint32_t, lt_u32)
INT_MINMAX(i64, uint64_t, lt_i64)
INT_MINMAX(u64, uint64_t, lt_u64)

/* ---- One batch, per element type (warp_batch.h) ----------------------- */

#define FAST_T uint32_t
#define FAST_TRANSPOSE transpose_u32
#define FAST_ADD add_int32
#define FAST_LT lt_i32
#define FAST_MIN min_i32
#define FAST_MAX max_i32
#define FAST_NAME(x) x##_i32
#include "warp_batch.h"
#define FAST_T uint32_t
#define FAST_TRANSPOSE transpose_u32
#define FAST_ADD add_int32
#define FAST_LT lt_u32
#define FAST_MIN min_u32
#define FAST_MAX max_u32
#define FAST_NAME(x) x##_u32
#include "warp_batch.h"
#define FAST_T uint32_t
#define FAST_TRANSPOSE transpose_u32
#define FAST_ADD ws_inl_f32_add
#define FAST_LT ws_inl_f32_lt
#define FAST_MIN ws_inl_f32_min
#define FAST_MAX ws_inl_f32_max
#define FAST_NAME(x) x##_f32
#include "warp_batch.h"
#define FAST_T uint64_t
#define FAST_TRANSPOSE transpose_u64
#define FAST_ADD add_int64
#define FAST_LT lt_i64
#define FAST_MIN min_i64
#define FAST_MAX max_i64
#define FAST_NAME(x) x##_i64
#include "warp_batch.h"
#define FAST_T uint64_t
#define FAST_TRANSPOSE transpose_u64
#define FAST_ADD add_int64
#define FAST_LT lt_u64
#define FAST_MIN min_u64
#define FAST_MAX max_u64
#define FAST_NAME(x) x##_u64
#include "warp_batch.h"
#define FAST_T uint64_t
#define FAST_TRANSPOSE transpose_u64
#define FAST_ADD ws_inl_f64_add
#define FAST_LT ws_inl_f64_lt
#define FAST_MIN ws_inl_f64_min
#define FAST_MAX ws_inl_f64_max
#define FAST_NAME(x) x##_f64
#include "warp_batch.h"

#if defined(__AVX512F__)
#include "warp_zmm.h"
#endif

void FAST_BATCH_ENTRY(const fast_plan *pl, const void *in, void *const outs[WK_FAST_MAX_OUTPUTS], size_t first,
                      size_t count, void *scratch)
{
#if defined(__AVX512F__)
    if (zmm_batch(pl, in, outs, first, count))
        return;
#endif
    switch (pl->type) {
    case WK_I32: batch_i32(pl, in, outs, first, count, scratch); break;
    case WK_U32: batch_u32(pl, in, outs, first, count, scratch); break;
    case WK_F32: batch_f32(pl, in, outs, first, count, scratch); break;
    case WK_I64: batch_i64(pl, in, outs, first, count, scratch); break;
    case WK_U64: batch_u64(pl, in, outs, first, count, scratch); break;
    case WK_F64: batch_f64(pl, in, outs, first, count, scratch); break;
    default: break; /* fast_plan_make refused it */
    }
}

