/* lane_ops.c: per-lane arithmetic. Expected bits are worked by hand: C's
 * two's-complement wrap, the shift rule of lane_ops.h (count modulo the
 * width), and the H200's float bits of docs/semantics.md 6.1 and 7 (f32 NaN
 * results are 0x7FFFFFFF, f64 keeps the first NaN operand quieted and makes
 * 0xFFF8000000000000, fmin/fmax treat one NaN as missing, -0 < +0). */
#include "test_support.h"

#define F32_NAN 0x7FFFFFFFu
#define F64_MADE_NAN UINT64_C(0xFFF8000000000000)

/* Lane l of `a` and `b` hold a[l], b[l]; dst = a OP b in every lane. */
static void run_binop(ws_type type, ws_binop op, const uint64_t *a, const uint64_t *b, int n, uint64_t *out)
{
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg ra = test_reg(w, "a", type), rb = test_reg(w, "b", type), rd = test_reg(w, "d", type);
    for (int lane = 0; lane < n; lane++) {
        ws_set_bits(w, ra, lane, a[lane]);
        ws_set_bits(w, rb, lane, b[lane]);
    }
    EXPECT_STATUS("binop", ws_type_name(type), ws_binop_apply(w, op, type, rd, ra, rb), WS_OK);
    for (int lane = 0; lane < n; lane++)
        out[lane] = ws_get_bits(w, rd, lane);
    drop_warp(w);
}

static void test_integers_wrap(void **state)
{
    (void)state;
    uint64_t a[3] = {0x7FFFFFFF, 0xFFFFFFFF, 0x10000}, b[3] = {1, 1, 0x10000}, out[3];
    run_binop(WS_I32, WS_ADD, a, b, 3, out);
    EXPECT_U64("INT_MAX + 1", "i32", 0, out[0], 0x80000000u);
    EXPECT_U64("-1 + 1", "i32", 1, out[1], 0);
    run_binop(WS_U32, WS_MUL, a, b, 3, out);
    EXPECT_U64("2^16 * 2^16", "u32", 2, out[2], 0); /* low 32 bits of 2^32 */
    uint64_t c[1] = {0}, d[1] = {1};
    run_binop(WS_U64, WS_SUB, c, d, 1, out);
    EXPECT_U64("0 - 1", "u64", 0, out[0], UINT64_MAX);
}

static void test_shifts(void **state)
{
    (void)state;
    uint64_t a[4] = {1, 0xFFFFFFF8u /* -8 */, 0x80000000u, 1}, b[4] = {33, 1, 31, 65}, out[4];
    run_binop(WS_U32, WS_SHL, a, b, 1, out);
    EXPECT_U64("1 << 33 (mod 32: << 1)", "u32", 0, out[0], 2);
    run_binop(WS_I32, WS_SHR, a, b, 2, out);
    EXPECT_U64("-8 >> 1, arithmetic", "i32", 1, out[1], 0xFFFFFFFCu); /* -4 */
    run_binop(WS_U32, WS_SHR, a, b, 3, out);
    EXPECT_U64("0x80000000 >> 31, logical", "u32", 2, out[2], 1);
    run_binop(WS_U64, WS_SHL, a, b, 4, out);
    EXPECT_U64("1 << 65 (mod 64: << 1)", "u64", 3, out[3], 2);
}

static void test_float_nan_bits(void **state)
{
    (void)state;
    /* f32: 1 + NaN(0x7FC00001) and inf - inf both give 0x7FFFFFFF. */
    uint64_t a[2] = {0x3F800000, 0x7F800000}, b[2] = {0x7FC00001, 0x7F800000}, out[2];
    run_binop(WS_F32, WS_ADD, a, b, 1, out);
    EXPECT_U64("1 + NaN", "f32", 0, out[0], F32_NAN);
    run_binop(WS_F32, WS_SUB, a, b, 2, out);
    EXPECT_U64("inf - inf", "f32", 1, out[1], F32_NAN);
    /* f64: the first NaN operand, quieted; inf - inf makes 0xFFF8000000000000. */
    uint64_t c[2] = {UINT64_C(0x7FF0000000000001), UINT64_C(0x7FF0000000000000)};
    uint64_t d[2] = {UINT64_C(0x7FF8000000000002), UINT64_C(0x7FF0000000000000)};
    run_binop(WS_F64, WS_ADD, c, d, 1, out);
    EXPECT_U64("sNaN + qNaN", "f64", 0, out[0], UINT64_C(0x7FF8000000000001));
    run_binop(WS_F64, WS_SUB, c, d, 2, out);
    EXPECT_U64("inf - inf", "f64", 1, out[1], F64_MADE_NAN);
}

static void test_float_min_max(void **state)
{
    (void)state;
    /* lane 0: min(NaN, 1) = 1; lane 1: min(-0, +0) = -0; lane 2: min(NaN, NaN) = 0x7FFFFFFF. */
    uint64_t a[3] = {0x7FC00000, 0x80000000, 0x7FC00005}, b[3] = {0x3F800000, 0x00000000, 0x7FC00007}, out[3];
    run_binop(WS_F32, WS_MIN, a, b, 3, out);
    EXPECT_U64("fminf(NaN, 1)", "f32", 0, out[0], 0x3F800000);
    EXPECT_U64("fminf(-0, +0)", "f32", 1, out[1], 0x80000000);
    EXPECT_U64("fminf(NaN, NaN)", "f32", 2, out[2], F32_NAN);
    run_binop(WS_F32, WS_MAX, a, b, 3, out);
    EXPECT_U64("fmaxf(-0, +0)", "f32", 1, out[1], 0x00000000);
    /* f64, both NaN: the first operand, quieted. */
    uint64_t c[1] = {UINT64_C(0x7FF0000000000003)}, d[1] = {UINT64_C(0x7FF8000000000009)};
    run_binop(WS_F64, WS_MAX, c, d, 1, out);
    EXPECT_U64("fmax(sNaN, qNaN)", "f64", 0, out[0], UINT64_C(0x7FF8000000000003));
}

/* fma rounds once: (1 + 2^-12)^2 - 1 = 2^-11 + 2^-24 exactly (0x3A000400);
 * a multiply then an add would round the product to 1 + 2^-11 first (a
 * tie, to even) and give 2^-11 (0x3A000000). */
static void test_fma_rounds_once(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_F32), c = test_reg(w, "c", WS_F32), d = test_reg(w, "d", WS_F32);
    ws_reg p = test_reg(w, "p", WS_F32);
    ws_mov_imm(w, a, 0x3F800800); /* 1 + 2^-12 */
    ws_mov_imm(w, c, 0xBF800000); /* -1 */
    EXPECT_STATUS("fma", "f32", ws_fma_apply(w, WS_F32, d, a, a, c), WS_OK);
    EXPECT_U64("fma", "f32", 5, ws_get_bits(w, d, 5), 0x3A000400);
    EXPECT_STATUS("mul", "f32", ws_binop_apply(w, WS_MUL, WS_F32, p, a, a), WS_OK);
    EXPECT_STATUS("add", "f32", ws_binop_apply(w, WS_ADD, WS_F32, p, p, c), WS_OK);
    EXPECT_U64("mul then add", "f32", 5, ws_get_bits(w, p, 5), 0x3A000000);
    drop_warp(w);
}

static void test_compares_and_select(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_F32), b = test_reg(w, "b", WS_F32), c = test_reg(w, "c", WS_U32);
    ws_reg d = test_reg(w, "d", WS_F32);
    /* lane 0: NaN vs 1; lane 1: -0 vs +0; lane 2: 1 vs 2 */
    ws_set_bits(w, a, 0, 0x7FC00001);
    ws_set_bits(w, b, 0, 0x3F800000);
    ws_set_bits(w, a, 1, 0x80000000);
    ws_set_bits(w, b, 1, 0x00000000);
    ws_set_bits(w, a, 2, 0x3F800000);
    ws_set_bits(w, b, 2, 0x40000000);
    struct {
        ws_cmpop op;
        const char *name;
        uint32_t want[3];
    } cases[] = {
        {WS_LT, "lt", {0, 0, 1}}, {WS_LE, "le", {0, 1, 1}}, {WS_EQ, "eq", {0, 1, 0}},
        {WS_NE, "ne", {1, 0, 1}}, {WS_GT, "gt", {0, 0, 0}}, {WS_GE, "ge", {0, 1, 0}},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        EXPECT_STATUS("cmp", cases[k].name, ws_cmp_apply(w, cases[k].op, WS_F32, c, a, b), WS_OK);
        for (int lane = 0; lane < 3; lane++)
            EXPECT_U64(cases[k].name, "f32", lane, ws_get_u32(w, c, lane), cases[k].want[lane]);
    }
    /* select copies bits: lane 0 (NaN < 1 is false) takes b, NaN payloads pass through. */
    EXPECT_STATUS("lt", "f32", ws_cmp_apply(w, WS_LT, WS_F32, c, a, b), WS_OK);
    EXPECT_STATUS("select", "f32", ws_select(w, d, c, a, b), WS_OK);
    EXPECT_U64("select lane 0", "f32", 0, ws_get_bits(w, d, 0), 0x3F800000);
    EXPECT_U64("select lane 2", "f32", 2, ws_get_bits(w, d, 2), 0x3F800000);
    ws_set_u32(w, c, 3, 1);
    ws_set_bits(w, a, 3, 0x7FC0BEEF);
    EXPECT_STATUS("select", "f32", ws_select(w, d, c, a, b), WS_OK);
    EXPECT_U64("NaN payload copied", "f32", 3, ws_get_bits(w, d, 3), 0x7FC0BEEF);
    drop_warp(w);
}

/* Only executing lanes are written; a 32-bit result clears the high word. */
static void test_only_executing_lanes_written(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32), cond = test_reg(w, "c", WS_U32);
    ws_lane_id(w, v);
    for (int lane = 0; lane < 32; lane++) {
        ws_set_bits(w, d, lane, UINT64_C(0xDEAD00000000) | 7u); /* a high word a 32-bit op must clear */
        ws_set_u32(w, cond, lane, lane % 3 == 0);
    }
    EXPECT_STATUS("if", "sm90", ws_if(w, cond), WS_OK);
    EXPECT_STATUS("add", "sm90", ws_binop_imm(w, WS_ADD, WS_U32, d, v, 100), WS_OK);
    EXPECT_STATUS("end if", "sm90", ws_end_if(w), WS_OK);
    for (int lane = 0; lane < 32; lane++)
        EXPECT_U64("written only where lane % 3 == 0", "sm90", lane, ws_get_bits(w, d, lane),
                   lane % 3 == 0 ? 100u + (unsigned)lane : (UINT64_C(0xDEAD00000000) | 7u));
    drop_warp(w);
}

static void test_type_errors(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg u = test_reg(w, "u", WS_U32), f = test_reg(w, "f", WS_F32);
    EXPECT_STATUS("f32 op on u32 registers", "sm90", ws_binop_apply(w, WS_ADD, WS_F32, u, u, u), WS_ERR_ARG);
    EXPECT_STATUS("and on floats", "sm90", ws_binop_apply(w, WS_AND, WS_F32, f, f, f), WS_ERR_ARG);
    EXPECT_STATUS("fma on integers", "sm90", ws_fma_apply(w, WS_U32, u, u, u, u), WS_ERR_ARG);
    EXPECT_STATUS("no such register", "sm90", ws_mov(w, u, (ws_reg){42}), WS_ERR_ARG);
    drop_warp(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integers_wrap),
        cmocka_unit_test(test_shifts),
        cmocka_unit_test(test_float_nan_bits),
        cmocka_unit_test(test_float_min_max),
        cmocka_unit_test(test_fma_rounds_once),
        cmocka_unit_test(test_compares_and_select),
        cmocka_unit_test(test_only_executing_lanes_written),
        cmocka_unit_test(test_type_errors),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
