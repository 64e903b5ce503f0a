/* Per-lane arithmetic on registers, in the executing lanes only. */
#include "warp_internal.h"
#include "warpsim/fpops.h"

static bool check_type(ws_warp *w, ws_type t, const char *func)
{
    if ((unsigned)t < WS_TYPE_COUNT)
        return true;
    ws_fail(w, WS_ERR_ARG, "%s: type %d is not a ws_type", func, (int)t);
    return false;
}

/* Every operand register must have the operation's type. */
static bool check_operand_types(ws_warp *w, ws_type t, const char *func, const ws_reg *regs, int n)
{
    for (int i = 0; i < n; i++) {
        ws_type rt = ws_reg_type(w, regs[i]);
        if (rt != t) {
            ws_fail(w, WS_ERR_ARG, "%s: register %s is %s but the operation is on %s (ws_mov to "
                    "reinterpret bits)", func, ws_reg_name(w, regs[i]), ws_type_name(rt), ws_type_name(t));
            return false;
        }
    }
    return true;
}

static bool is_signed(ws_type t) { return t == WS_I32 || t == WS_I64; }

static int64_t as_signed(ws_type t, uint64_t v)
{
    return ws_type_is_64bit(t) ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v;
}

static uint64_t float_binop(ws_binop op, ws_type t, uint64_t a, uint64_t b)
{
    if (t == WS_F32) {
        uint32_t x = (uint32_t)a, y = (uint32_t)b;
        switch (op) {
        case WS_ADD: return ws_f32_add(x, y);
        case WS_SUB: return ws_f32_sub(x, y);
        case WS_MUL: return ws_f32_mul(x, y);
        case WS_MIN: return ws_f32_min(x, y);
        default: return ws_f32_max(x, y);
        }
    }
    switch (op) {
    case WS_ADD: return ws_f64_add(a, b);
    case WS_SUB: return ws_f64_sub(a, b);
    case WS_MUL: return ws_f64_mul(a, b);
    case WS_MIN: return ws_f64_min(a, b);
    default: return ws_f64_max(a, b);
    }
}

static uint64_t int_binop(ws_binop op, ws_type t, uint64_t a, uint64_t b)
{
    unsigned bits = ws_type_is_64bit(t) ? 64 : 32;
    unsigned shift = (unsigned)(b % bits);
    bool sgn = is_signed(t);
    switch (op) {
    case WS_ADD: return a + b; /* unsigned arithmetic wraps, as the GPU's does */
    case WS_SUB: return a - b;
    case WS_MUL: return a * b;
    case WS_MIN: return sgn ? (as_signed(t, b) < as_signed(t, a) ? b : a) : (ws_narrow(t, b) < ws_narrow(t, a) ? b : a);
    case WS_MAX: return sgn ? (as_signed(t, b) > as_signed(t, a) ? b : a) : (ws_narrow(t, b) > ws_narrow(t, a) ? b : a);
    case WS_AND: return a & b;
    case WS_OR: return a | b;
    case WS_XOR: return a ^ b;
    case WS_SHL: return a << shift;
    case WS_SHR:
    default:
        if (!sgn)
            return ws_narrow(t, a) >> shift;
        /* Arithmetic shift written without relying on signed >>. */
        int64_t s = as_signed(t, a);
        uint64_t u = (uint64_t)s >> shift;
        if (s < 0 && shift)
            u |= ~(~UINT64_C(0) >> shift);
        return u;
    }
}

static const char *const f64_op_names[] = {
    [WS_ADD] = "add.f64", [WS_SUB] = "sub.f64", [WS_MUL] = "mul.f64", [WS_MIN] = "min.f64", [WS_MAX] = "max.f64"};

/* Two NaNs with different payloads (after quieting) in one f64 operation:
 * the GPU keeps one by its place in the machine instruction, which ptxas
 * chooses (docs/conformance.md), so the source does not decide the bits.
 * The model keeps the first operand's; this reports it. True when the
 * policy is error (the operation must then fail). */
static bool f64_nan_pairs(ws_warp *w, ws_binop op, ws_mask run, ws_reg a, ws_reg b, bool b_is_imm,
                          uint64_t imm)
{
    ws_mask pairs = 0;
    for (int lane = 0; lane < w->lanes; lane++) {
        if (!ws_lane_in(run, lane))
            continue;
        uint64_t x = *ws_cell(w, a, lane), y = b_is_imm ? imm : *ws_cell(w, b, lane);
        if (ws_f64_is_nan(x) && ws_f64_is_nan(y) && (x | WS_F64_QUIET_BIT) != (y | WS_F64_QUIET_BIT))
            pairs |= (ws_mask)1 << lane;
    }
    if (!pairs)
        return false;
    char lanes[200];
    ws_diag_batch batch; /* not zero-initialised: 16 messages of 400 bytes, filled as raised */
    batch.count = 0;
    bool one = __builtin_popcountll(pairs) == 1;
    ws_diag_raise(&batch, WS_DIAG_F64_NAN_PAIR, f64_op_names[op], pairs,
                  "%s: %s %s %s two NaN operands with different payloads; the first operand's is kept, and "
                  "which operand comes first on a GPU is the compiler's choice (docs/conformance.md)",
                  f64_op_names[op], one ? "lane" : "lanes", ws_format_lanes(pairs, lanes, sizeof lanes),
                  one ? "has" : "have");
    return ws_diag_commit(w, &batch);
}

static ws_status binop_lanes(ws_warp *w, ws_binop op, ws_type t, ws_reg dst, ws_reg a, ws_reg b,
                             bool b_is_imm, uint64_t imm, const char *func)
{
    ws_status s = ws_begin_statement(w, func, WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if ((unsigned)op >= WS_BINOP_COUNT)
        return ws_fail(w, WS_ERR_ARG, "%s: op %d is not a ws_binop", func, (int)op);
    if (!check_type(w, t, func) || !ws_check_reg(w, dst, func, "destination") ||
        !ws_check_reg(w, a, func, "first operand") || (!b_is_imm && !ws_check_reg(w, b, func, "second operand")))
        return WS_ERR_ARG;
    if (ws_type_is_float(t) && op >= WS_AND)
        return ws_fail(w, WS_ERR_ARG, "%s: bitwise and shift operations need an integer type, not %s", func,
                       ws_type_name(t));
    const ws_reg regs[3] = {dst, a, b};
    if (!check_operand_types(w, t, func, regs, b_is_imm ? 2 : 3))
        return WS_ERR_ARG;
    ws_mask run = ws_executing(w);
    if (t == WS_F64 && f64_nan_pairs(w, op, run, a, b, b_is_imm, imm))
        return WS_ERR_UNDEFINED;
    for (int lane = 0; lane < w->lanes; lane++) {
        if (!ws_lane_in(run, lane))
            continue;
        uint64_t x = *ws_cell(w, a, lane);
        uint64_t y = b_is_imm ? imm : *ws_cell(w, b, lane);
        uint64_t r = ws_type_is_float(t) ? float_binop(op, t, x, y) : int_binop(op, t, x, y);
        *ws_cell(w, dst, lane) = ws_narrow(t, r);
    }
    return WS_OK;
}

ws_status ws_binop_apply(ws_warp *w, ws_binop op, ws_type t, ws_reg dst, ws_reg a, ws_reg b)
{
    return binop_lanes(w, op, t, dst, a, b, false, 0, "ws_binop_apply");
}

ws_status ws_binop_imm(ws_warp *w, ws_binop op, ws_type t, ws_reg dst, ws_reg a, uint64_t imm)
{
    return binop_lanes(w, op, t, dst, a, WS_NO_REG, true, imm, "ws_binop_imm");
}

ws_status ws_fma_apply(ws_warp *w, ws_type t, ws_reg dst, ws_reg a, ws_reg b, ws_reg c)
{
    ws_status s = ws_begin_statement(w, "ws_fma_apply", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if (!ws_type_is_float(t))
        return ws_fail(w, WS_ERR_ARG, "ws_fma_apply: type must be f32 or f64");
    if (!ws_check_reg(w, dst, "ws_fma_apply", "destination") || !ws_check_reg(w, a, "ws_fma_apply", "a") ||
        !ws_check_reg(w, b, "ws_fma_apply", "b") || !ws_check_reg(w, c, "ws_fma_apply", "c"))
        return WS_ERR_ARG;
    const ws_reg regs[4] = {dst, a, b, c};
    if (!check_operand_types(w, t, "ws_fma_apply", regs, 4))
        return WS_ERR_ARG;
    ws_mask run = ws_executing(w);
    for (int lane = 0; lane < w->lanes; lane++) {
        if (!ws_lane_in(run, lane))
            continue;
        uint64_t x = *ws_cell(w, a, lane), y = *ws_cell(w, b, lane), z = *ws_cell(w, c, lane);
        *ws_cell(w, dst, lane) = t == WS_F32 ? ws_f32_fma((uint32_t)x, (uint32_t)y, (uint32_t)z)
                                             : ws_f64_fma(x, y, z);
    }
    return WS_OK;
}

static bool compare(ws_cmpop op, ws_type t, uint64_t a, uint64_t b)
{
    if (t == WS_F32 || t == WS_F64) {
        bool f32 = t == WS_F32;
        uint32_t x = (uint32_t)a, y = (uint32_t)b;
        switch (op) {
        case WS_LT: return f32 ? ws_f32_lt(x, y) : ws_f64_lt(a, b);
        case WS_LE: return f32 ? ws_f32_le(x, y) : ws_f64_le(a, b);
        case WS_GT: return f32 ? ws_f32_lt(y, x) : ws_f64_lt(b, a);
        case WS_GE: return f32 ? ws_f32_le(y, x) : ws_f64_le(b, a);
        case WS_EQ: return f32 ? ws_f32_eq(x, y) : ws_f64_eq(a, b);
        default: return !(f32 ? ws_f32_eq(x, y) : ws_f64_eq(a, b));
        }
    }
    bool lt = is_signed(t) ? as_signed(t, a) < as_signed(t, b) : ws_narrow(t, a) < ws_narrow(t, b);
    bool eq = ws_narrow(t, a) == ws_narrow(t, b);
    switch (op) {
    case WS_LT: return lt;
    case WS_LE: return lt || eq;
    case WS_GT: return !lt && !eq;
    case WS_GE: return !lt;
    case WS_EQ: return eq;
    default: return !eq;
    }
}

static ws_status cmp_lanes(ws_warp *w, ws_cmpop op, ws_type t, ws_reg dst, ws_reg a, ws_reg b,
                           bool b_is_imm, uint64_t imm, const char *func)
{
    ws_status s = ws_begin_statement(w, func, WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if ((unsigned)op >= WS_CMPOP_COUNT)
        return ws_fail(w, WS_ERR_ARG, "%s: op %d is not a ws_cmpop", func, (int)op);
    if (!check_type(w, t, func) || !ws_check_reg(w, dst, func, "destination") ||
        !ws_check_reg(w, a, func, "a") || (!b_is_imm && !ws_check_reg(w, b, func, "b")))
        return WS_ERR_ARG;
    const ws_reg regs[2] = {a, b};
    if (!check_operand_types(w, t, func, regs, b_is_imm ? 1 : 2))
        return WS_ERR_ARG;
    if (ws_type_is_float(ws_reg_type(w, dst)))
        return ws_fail(w, WS_ERR_ARG, "%s: the destination of a comparison must be an integer register", func);
    ws_mask run = ws_executing(w);
    for (int lane = 0; lane < w->lanes; lane++)
        if (ws_lane_in(run, lane))
            *ws_cell(w, dst, lane) = compare(op, t, *ws_cell(w, a, lane), b_is_imm ? imm : *ws_cell(w, b, lane));
    return WS_OK;
}

ws_status ws_cmp_apply(ws_warp *w, ws_cmpop op, ws_type t, ws_reg dst, ws_reg a, ws_reg b)
{
    return cmp_lanes(w, op, t, dst, a, b, false, 0, "ws_cmp_apply");
}

ws_status ws_cmp_imm(ws_warp *w, ws_cmpop op, ws_type t, ws_reg dst, ws_reg a, uint64_t imm)
{
    return cmp_lanes(w, op, t, dst, a, WS_NO_REG, true, imm, "ws_cmp_imm");
}

ws_status ws_select(ws_warp *w, ws_reg dst, ws_reg cond, ws_reg a, ws_reg b)
{
    ws_status s = ws_begin_statement(w, "ws_select", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if (!ws_check_reg(w, dst, "ws_select", "destination") || !ws_check_cond(w, cond, "ws_select") ||
        !ws_check_reg(w, a, "ws_select", "a") || !ws_check_reg(w, b, "ws_select", "b"))
        return WS_ERR_ARG;
    ws_type dt = ws_reg_type(w, dst);
    ws_mask run = ws_executing(w);
    for (int lane = 0; lane < w->lanes; lane++)
        if (ws_lane_in(run, lane))
            *ws_cell(w, dst, lane) = ws_narrow(dt, ws_select_bits(ws_typed_value(w, cond, lane) != 0,
                                                                  ws_typed_value(w, a, lane),
                                                                  ws_typed_value(w, b, lane)));
    return WS_OK;
}

ws_status ws_lane_id(ws_warp *w, ws_reg dst)
{
    ws_status s = ws_begin_statement(w, "ws_lane_id", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if (!ws_check_reg(w, dst, "ws_lane_id", "destination"))
        return WS_ERR_ARG;
    ws_type t = ws_reg_type(w, dst);
    ws_mask run = ws_executing(w);
    for (int lane = 0; lane < w->lanes; lane++) {
        if (!ws_lane_in(run, lane))
            continue;
        uint64_t v = (uint64_t)lane;
        if (t == WS_F32)
            v = ws_f32_bits((float)lane);
        else if (t == WS_F64)
            v = ws_f64_bits((double)lane);
        *ws_cell(w, dst, lane) = v;
    }
    return WS_OK;
}

ws_status ws_mov_imm(ws_warp *w, ws_reg dst, uint64_t bits)
{
    ws_status s = ws_begin_statement(w, "ws_mov_imm", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if (!ws_check_reg(w, dst, "ws_mov_imm", "destination"))
        return WS_ERR_ARG;
    bits = ws_narrow(ws_reg_type(w, dst), bits);
    ws_mask run = ws_executing(w);
    for (int lane = 0; lane < w->lanes; lane++)
        if (ws_lane_in(run, lane))
            *ws_cell(w, dst, lane) = bits;
    return WS_OK;
}

ws_status ws_mov(ws_warp *w, ws_reg dst, ws_reg src)
{
    ws_status s = ws_begin_statement(w, "ws_mov", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if (!ws_check_reg(w, dst, "ws_mov", "destination") || !ws_check_reg(w, src, "ws_mov", "source"))
        return WS_ERR_ARG;
    ws_type dt = ws_reg_type(w, dst);
    ws_mask run = ws_executing(w);
    for (int lane = 0; lane < w->lanes; lane++)
        if (ws_lane_in(run, lane))
            *ws_cell(w, dst, lane) = ws_narrow(dt, ws_typed_value(w, src, lane));
    return WS_OK;
}
