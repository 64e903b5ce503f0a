/* warpsim: per-lane arithmetic on registers.
 *
 * Each function runs in the executing lanes (active, not exited, not
 * waiting) and leaves the other lanes' cells alone. Float arithmetic goes
 * through the exact scalar operations of fpops.h, so NaN bits are the
 * H200's (on every profile) rather than the host's.
 *
 * The `type` argument must be the operand registers' type (WS_ERR_ARG
 * otherwise); to reinterpret bits, ws_mov into a register of another type.
 * A result written to a 32-bit register always has its high word clear.
 * Immediates are raw bits: build them with ws_imm_f32(1.0f), ws_imm_i32(-1). */
#ifndef WARPSIM_LANE_OPS_H
#define WARPSIM_LANE_OPS_H

#include <string.h>

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ws_warp ws_warp;

typedef enum ws_binop {
    WS_ADD = 0, /* integers wrap */
    WS_SUB,
    WS_MUL,
    WS_MIN,     /* floats: fminf/fmin rules (NaN is missing, -0 < +0) */
    WS_MAX,     /* floats: fmaxf/fmax rules */
    WS_AND,     /* integers only */
    WS_OR,
    WS_XOR,
    WS_SHL,     /* integers only; the shift count is taken modulo the width */
    WS_SHR,     /* logical for unsigned, arithmetic for signed */
    WS_BINOP_COUNT
} ws_binop;

typedef enum ws_cmpop {
    WS_LT = 0, WS_LE, WS_GT, WS_GE, WS_EQ, WS_NE, /* ordered: false if either is NaN, except NE */
    WS_CMPOP_COUNT
} ws_cmpop;

/* Raw bits of an immediate of each type. */
static inline uint64_t ws_imm_u32(uint32_t v) { return v; }
static inline uint64_t ws_imm_i32(int32_t v) { return (uint32_t)v; }
static inline uint64_t ws_imm_f32(float v)
{
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}
static inline uint64_t ws_imm_u64(uint64_t v) { return v; }
static inline uint64_t ws_imm_i64(int64_t v) { return (uint64_t)v; }
static inline uint64_t ws_imm_f64(double v)
{
    uint64_t u;
    memcpy(&u, &v, sizeof u);
    return u;
}

/* dst = lane index. dst is written as the register's own type. */
WS_API ws_status ws_lane_id(ws_warp *warp, ws_reg dst);
/* dst = the same raw bits in every executing lane. */
WS_API ws_status ws_mov_imm(ws_warp *warp, ws_reg dst, uint64_t bits);
/* dst = src (bits copied). */
WS_API ws_status ws_mov(ws_warp *warp, ws_reg dst, ws_reg src);
/* dst = a OP b, all three viewed as `type`. */
WS_API ws_status ws_binop_apply(ws_warp *warp, ws_binop op, ws_type type, ws_reg dst, ws_reg a, ws_reg b);
/* dst = a OP imm (imm holds raw bits of `type`). */
WS_API ws_status ws_binop_imm(ws_warp *warp, ws_binop op, ws_type type, ws_reg dst, ws_reg a, uint64_t imm);
/* dst = fma(a, b, c), one rounding; f32 or f64 only. */
WS_API ws_status ws_fma_apply(ws_warp *warp, ws_type type, ws_reg dst, ws_reg a, ws_reg b, ws_reg c);
/* dst = (a OP b) ? 1 : 0 (a and b viewed as `type`; dst any integer register). */
WS_API ws_status ws_cmp_apply(ws_warp *warp, ws_cmpop op, ws_type type, ws_reg dst, ws_reg a, ws_reg b);
/* dst = (a OP imm) ? 1 : 0, e.g. `lane < 10`: ws_cmp_imm(w, WS_LT, WS_I32, c, lane, ws_imm_i32(10)). */
WS_API ws_status ws_cmp_imm(ws_warp *warp, ws_cmpop op, ws_type type, ws_reg dst, ws_reg a, uint64_t imm);
/* dst = cond ? a : b (bits copied, as PTX selp). */
WS_API ws_status ws_select(ws_warp *warp, ws_reg dst, ws_reg cond, ws_reg a, ws_reg b);

#ifdef __cplusplus
}
#endif
#endif
