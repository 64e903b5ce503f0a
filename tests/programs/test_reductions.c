/* The single-warp reductions against independent references:
 *   - reduce-xor, cg-reduce: the butterfly partner + own restated in plain
 *     C (semantics.md 1.1, 5.1), every lane;
 *   - cub-reduce: semantics.md 5.3's recurrence v = p ? peer + own : own (f64: peer
 *     + own at offset 1, own + peer after), offsets 1..16, every lane,
 *     non-leader partials included;
 *     integers: lane l holds x_l + ... + x_31;
 *   - reduce-redux: each operation over plain C values (semantics.md 3.4);
 *   - segmented-reduce: the shfl_down tree clamped to the segment (semantics.md 1.2);
 *   - sym counts stated by hand; bad parameters.
 * Float references add with gpu_add (prog_support.h), the GPU's NaN rules
 * of semantics.md 7: an f32 add with a NaN result gives 0x7FFFFFFF; an f64 add
 * returns its first NaN operand, quieted, so two NaNs of different payloads
 * show which operand came first. The orders above are the ones measured on
 * the H200 (ptxas's operand order for the compiled adds: docs/conformance.md,
 * programs/README.md). An absent or exited source lane reads 0 (semantics.md 7). */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prog_support.h"

#define MAXL 64

/* ---- inputs --------------------------------------------------------------- */

/* f32 values with exponents over 2^-20..2^20 and random mantissas, so that
 * sums round and the order shows in the bits. */
static uint64_t rand_f32(uint64_t *s)
{
    uint64_t r = prog_rand(s);
    uint32_t sign = (uint32_t)(r >> 63) << 31, exp = (uint32_t)(127 - 20 + (r >> 32) % 41) << 23;
    return sign | exp | (uint32_t)(r & 0x7FFFFF);
}

static uint64_t rand_f64(uint64_t *s)
{
    uint64_t r = prog_rand(s);
    uint64_t sign = (r >> 63) << 63, exp = (uint64_t)(1023 - 30 + (r >> 52) % 61) << 52;
    return sign | exp | (prog_rand(s) & ((UINT64_C(1) << 52) - 1));
}

/* Random bits of type e; integers now and then take a boundary value. */
static uint64_t rand_elem(wk_elem e, uint64_t *s)
{
    static const uint64_t edges32[] = {0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0, 1};
    static const uint64_t edges64[] = {UINT64_C(1) << 63, INT64_MAX, UINT64_MAX, 0, 1};
    uint64_t r = prog_rand(s);
    switch (e) {
    case WK_F32: return rand_f32(s);
    case WK_F64: return rand_f64(s);
    case WK_I32:
    case WK_U32: return r % 7 == 0 ? edges32[(r >> 8) % 5] : (uint32_t)(r >> 16);
    default: return r % 7 == 0 ? edges64[(r >> 8) % 5] : prog_rand(s);
    }
}

static void fill(wk_elem e, uint64_t *s, uint64_t *in, int n)
{
    for (int i = 0; i < n; i++)
        in[i] = rand_elem(e, s);
}

static int lanes_of(ws_profile_id p) { return p == WS_PROFILE_WAVE64 ? 64 : 32; }

/* ---- plain C restatements ------------------------------------------------ */

/* The xor butterfly: v[l] = v[l ^ m] + v[l], m = lanes/2 .. 1 (or from
 * `first`), the partner first as measured on the H200. A lane at or past
 * `present` is absent and reads as 0. */
static void ref_butterfly(wk_elem e, const uint64_t *in, uint64_t *v, int lanes, int first, int present)
{
    uint64_t t[MAXL];
    memcpy(v, in, (size_t)lanes * sizeof *v);
    for (int m = first; m > 0; m /= 2) {
        for (int l = 0; l < lanes; l++)
            t[l] = (l ^ m) < present ? v[l ^ m] : 0;
        for (int l = 0; l < present; l++)
            v[l] = gpu_add(e, t[l], v[l]);
    }
}

/* CUB's sweep (semantics.md 5.3): offsets 1..16, p = lane + offset <= 31; f32 and
 * the integers add peer + own; f64 peer + own at offset 1 and own + peer
 * after (the DADD operand order measured on the H200). An absent source
 * gives 0 with p true (semantics.md 7). */
static void ref_cub(wk_elem e, const uint64_t *in, uint64_t *v, int present)
{
    uint64_t peer[32];
    memcpy(v, in, 32 * sizeof *v);
    for (int off = 1; off < 32; off *= 2) {
        for (int l = 0; l < 32; l++)
            peer[l] = l + off <= 31 ? (l + off < present ? v[l + off] : 0) : v[l];
        for (int l = 0; l < present; l++)
            if (l + off <= 31)
                v[l] = e == WK_F64 && off > 1 ? gpu_add(e, v[l], peer[l]) : gpu_add(e, peer[l], v[l]);
    }
}

/* The shfl_down tree inside segments of w lanes (semantics.md 1.2: the clamp is the
 * segment's last lane, so a lane whose source leaves it reads its own). */
static void ref_segmented(wk_elem e, const uint64_t *in, uint64_t *v, int lanes, int w)
{
    uint64_t t[MAXL];
    memcpy(v, in, (size_t)lanes * sizeof *v);
    for (int o = w / 2; o > 0; o /= 2) {
        for (int l = 0; l < lanes; l++)
            t[l] = (l % w) + o < w ? v[l + o] : v[l];
        for (int l = 0; l < lanes; l++)
            v[l] = gpu_add(e, v[l], t[l]);
    }
}

static uint64_t plain_sum(wk_elem e, const uint64_t *in, int from, int to)
{
    uint64_t s = 0;
    for (int i = from; i < to; i++)
        s += in[i];
    return wk_elem_bits(e) == 32 ? (uint32_t)s : s;
}

static void run_expect(const char *name, const wk_params *params, const uint64_t *in, const uint64_t *want,
                       int lanes)
{
    wk_run r;
    prog_run(&r, name, params, in, (size_t)lanes);
    char what[96];
    snprintf(what, sizeof what, "%s %s %s", name, wk_elem_name(params->type), ws_profile_name(params->profile));
    expect_lanes(what, prog_output(&r, "v"), want, (size_t)lanes);
    wk_run_free(&r);
}

static const wk_elem number_types[] = {WK_I32, WK_U32, WK_F32, WK_F64, WK_I64, WK_U64};
#define N_NUMBER_TYPES (sizeof number_types / sizeof number_types[0])
static const ws_profile_id all_profiles[] = {WS_PROFILE_SM90, WS_PROFILE_WAVE64, WS_PROFILE_WAVE32};

/* ---- reduce-xor ------------------------------------------------------------- */

static void test_xor_every_type_and_profile(void **state)
{
    (void)state;
    uint64_t seed = 101, in[MAXL], want[MAXL];
    for (size_t p = 0; p < 3; p++)
        for (size_t t = 0; t < N_NUMBER_TYPES; t++)
            for (int round = 0; round < 40; round++) {
                wk_elem e = number_types[t];
                int lanes = lanes_of(all_profiles[p]);
                fill(e, &seed, in, lanes);
                ref_butterfly(e, in, want, lanes, lanes / 2, lanes);
                if (!wk_elem_is_float(e))
                    for (int l = 0; l < lanes; l++)
                        assert_true(want[l] == plain_sum(e, in, 0, lanes)); /* the restatement itself */
                run_expect("reduce-xor", &(wk_params){.type = e, .profile = all_profiles[p]}, in, want, lanes);
            }
}

static void test_xor_int_wraps(void **state)
{
    (void)state;
    uint64_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = l % 2 ? 0x7FFFFFFFu : 0x80000000u; /* INT_MAX, INT_MIN: pairs sum to -1 */
    for (int l = 0; l < 32; l++)
        want[l] = 0xFFFFFFF0u; /* 16 * -1 */
    run_expect("reduce-xor", &(wk_params){.type = WK_I32}, in, want, 32);
    for (int l = 0; l < 32; l++)
        in[l] = 0xFFFFFFFFu; /* u32: 32 * (2^32 - 1) wraps to -32 */
    for (int l = 0; l < 32; l++)
        want[l] = (uint32_t)-32;
    run_expect("reduce-xor", &(wk_params){.type = WK_U32}, in, want, 32);
}

static void test_xor_float_specials(void **state)
{
    (void)state;
    uint64_t in[32], want[32];
    /* -0 + -0 stays -0 in every lane */
    for (int l = 0; l < 32; l++)
        in[l] = 0x80000000u;
    for (int l = 0; l < 32; l++)
        want[l] = 0x80000000u;
    run_expect("reduce-xor", &(wk_params){.type = WK_F32}, in, want, 32);
    /* inf and -inf meet: every lane ends with the GPU's NaN */
    for (int l = 0; l < 32; l++)
        in[l] = l == 3 ? f32_bits(INFINITY) : l == 20 ? f32_bits(-INFINITY) : f32_bits((float)l);
    for (int l = 0; l < 32; l++)
        want[l] = 0x7FFFFFFFu;
    run_expect("reduce-xor", &(wk_params){.type = WK_F32}, in, want, 32);
    /* a NaN payload becomes 0x7FFFFFFF */
    for (int l = 0; l < 32; l++)
        in[l] = l == 7 ? 0xFF800123u : f32_bits(1.5f);
    ref_butterfly(WK_F32, in, want, 32, 16, 32);
    assert_int_equal(want[0], 0x7FFFFFFFu);
    run_expect("reduce-xor", &(wk_params){.type = WK_F32}, in, want, 32);
    /* f64: two NaN payloads; each pair computes partner + own (the order
     * measured on the H200), so the NaNs meet at mask 16 and each lane takes
     * the payload of the other side of bit 16 (semantics.md 7: the first NaN,
     * quieted); later steps meet only NaNs of one payload */
    for (int l = 0; l < 32; l++)
        in[l] = l == 0 ? UINT64_C(0x7FF0000000000001) : l == 16 ? UINT64_C(0xFFF0000000000002) : f64_bits(l);
    ref_butterfly(WK_F64, in, want, 32, 16, 32);
    for (int l = 0; l < 32; l++)
        assert_true(want[l] == (l < 16 ? UINT64_C(0xFFF8000000000002) : UINT64_C(0x7FF8000000000001)));
    run_expect("reduce-xor", &(wk_params){.type = WK_F64}, in, want, 32);
}

static void test_xor_absent_lanes(void **state)
{
    (void)state;
    uint64_t seed = 5, in[32], want[32];
    for (int round = 0; round < 20; round++) {
        fill(WK_F32, &seed, in, 32);
        ref_butterfly(WK_F32, in, want, 32, 16, 20);
        wk_run r;
        prog_run(&r, "reduce-xor", &(wk_params){.type = WK_F32, .threads = 20}, in, 32);
        const wk_output *v = prog_output(&r, "v");
        for (int l = 0; l < 32; l++) {
            assert_int_equal(v->lane_state[l], l < 20 ? WK_LANE_RAN : WK_LANE_ABSENT);
            if (l < 20 && v->bits[l] != want[l])
                fail_msg("reduce-xor --threads 20, lane %d: got 0x%llx, expected 0x%llx", l,
                         (unsigned long long)v->bits[l], (unsigned long long)want[l]);
        }
        assert_true(r.n_diags > 0 && r.diags[0].code == WS_DIAG_ABSENT_SOURCE);
        wk_run_free(&r);
    }
}

static void test_xor_sym(void **state)
{
    (void)state;
    for (size_t p = 0; p < 3; p++) {
        wk_run r;
        prog_run(&r, "reduce-xor", &(wk_params){.type = WK_SYM, .profile = all_profiles[p]}, NULL, 0);
        const wk_output *v = prog_output(&r, "v");
        int lanes = lanes_of(all_profiles[p]);
        for (int l = 0; l < lanes; l++)
            for (int i = 0; i < lanes; i++)
                assert_int_equal(sym_count(&r, v, (size_t)l, (size_t)i), 1);
        wk_run_free(&r);
    }
}

/* ---- reduce-redux ---------------------------------------------------------- */

static uint64_t ref_redux(wk_redop op, wk_elem e, const uint64_t *in, int from, int to)
{
    bool wide = wk_elem_bits(e) == 64, is_signed = wk_elem_is_signed(e);
    uint64_t acc = in[from];
    for (int i = from + 1; i < to; i++) {
        uint64_t x = in[i];
        int64_t sa = wide ? (int64_t)acc : (int32_t)(uint32_t)acc, sx = wide ? (int64_t)x : (int32_t)(uint32_t)x;
        bool less = is_signed ? sx < sa : x < acc;
        bool more = is_signed ? sx > sa : x > acc;
        switch (op) {
        case WK_OP_ADD: acc += x; break;
        case WK_OP_MIN: acc = less ? x : acc; break;
        case WK_OP_MAX: acc = more ? x : acc; break;
        case WK_OP_AND: acc &= x; break;
        case WK_OP_OR: acc |= x; break;
        default: acc ^= x; break;
        }
    }
    return wide ? acc : (uint32_t)acc;
}

static void test_redux_ops(void **state)
{
    (void)state;
    static const struct {
        wk_elem type;
        ws_profile_id profile;
    } cases[] = {
        {WK_I32, WS_PROFILE_SM90},    {WK_U32, WS_PROFILE_SM90},    {WK_I32, WS_PROFILE_WAVE64},
        {WK_U32, WS_PROFILE_WAVE32},  {WK_I64, WS_PROFILE_WAVE64},  {WK_U64, WS_PROFILE_WAVE64},
        {WK_I64, WS_PROFILE_WAVE32},  {WK_U64, WS_PROFILE_WAVE32},
    };
    uint64_t seed = 77, in[MAXL], want[MAXL];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (int op = 0; op < WK_OP_COUNT; op++)
            for (int round = 0; round < 25; round++) {
                int lanes = lanes_of(cases[c].profile);
                fill(cases[c].type, &seed, in, lanes);
                uint64_t res = ref_redux((wk_redop)op, cases[c].type, in, 0, lanes);
                for (int l = 0; l < lanes; l++)
                    want[l] = res;
                run_expect("reduce-redux",
                           &(wk_params){.type = cases[c].type, .profile = cases[c].profile, .op = (wk_redop)op}, in,
                           want, lanes);
            }
}

static void test_redux_signed_unsigned(void **state)
{
    (void)state;
    /* INT_MIN, INT_MAX, -1, 0, 5: the same bits order differently as i32 and u32 */
    uint64_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = l == 0 ? 0x80000000u : l == 1 ? 0x7FFFFFFFu : l == 2 ? 0xFFFFFFFFu : l == 3 ? 0 : 5;
    static const struct {
        wk_elem type;
        wk_redop op;
        uint32_t want;
    } cases[] = {
        {WK_I32, WK_OP_MIN, 0x80000000u}, {WK_I32, WK_OP_MAX, 0x7FFFFFFFu}, {WK_U32, WK_OP_MIN, 0},
        {WK_U32, WK_OP_MAX, 0xFFFFFFFFu}, {WK_I32, WK_OP_ADD, (uint32_t)(INT_MIN + INT_MAX - 1 + 28 * 5)},
        {WK_U32, WK_OP_AND, 0},           {WK_U32, WK_OP_OR, 0xFFFFFFFFu},
        {WK_I32, WK_OP_XOR, 0x80000000u ^ 0x7FFFFFFFu ^ 0xFFFFFFFFu}, /* 28 fives cancel */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (int l = 0; l < 32; l++)
            want[l] = cases[c].want;
        run_expect("reduce-redux", &(wk_params){.type = cases[c].type, .op = cases[c].op}, in, want, 32);
    }
}

static void test_redux_partial_warps(void **state)
{
    (void)state;
    uint64_t seed = 9, in[32];
    fill(WK_I32, &seed, in, 32);
    /* 20 threads: lanes 20..31 do not exist */
    wk_run r;
    prog_run(&r, "reduce-redux", &(wk_params){.type = WK_I32, .op = WK_OP_MIN, .threads = 20}, in, 32);
    const wk_output *v = prog_output(&r, "v");
    for (int l = 0; l < 20; l++)
        assert_int_equal(v->bits[l], ref_redux(WK_OP_MIN, WK_I32, in, 0, 20));
    wk_run_free(&r);
    /* lanes 16..31 return first: the reduction is over the non-exited lanes */
    prog_run(&r, "reduce-redux", &(wk_params){.type = WK_U32, .op = WK_OP_ADD, .active = 0xFFFF}, in, 32);
    v = prog_output(&r, "v");
    for (int l = 0; l < 32; l++) {
        assert_int_equal(v->lane_state[l], l < 16 ? WK_LANE_RAN : WK_LANE_EXITED);
        if (l < 16)
            assert_int_equal(v->bits[l], plain_sum(WK_U32, in, 0, 16));
    }
    wk_run_free(&r);
}

static void test_redux_rejects(void **state)
{
    (void)state;
    uint64_t in[64] = {0};
    wk_run r;
    assert_false(prog_run_status(&r, "reduce-redux", &(wk_params){.type = WK_I64}, in, 32));
    assert_non_null(strstr(r.error, "sm90 has no 64-bit"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-redux", &(wk_params){.type = WK_U64}, in, 32));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-redux", &(wk_params){.type = WK_F32}, in, 32));
    assert_non_null(strstr(r.error, "does not run on type f32"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-redux", &(wk_params){.type = WK_SYM}, NULL, 0));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-redux", &(wk_params){.type = WK_I32, .op = (wk_redop)17}, in, 32));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-redux", &(wk_params){.type = WK_I32}, in, 31));
    assert_non_null(strstr(r.error, "takes 32 input values"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-redux", &(wk_params){.type = WK_I32, .width = 8}, in, 32));
    assert_non_null(strstr(r.error, "--width"));
    wk_run_free(&r);
}

/* ---- cg-reduce -------------------------------------------------------------- */

static void test_cg_every_type(void **state)
{
    (void)state;
    uint64_t seed = 202, in[32], want[32];
    for (size_t t = 0; t < N_NUMBER_TYPES; t++)
        for (int round = 0; round < (wk_elem_is_float(number_types[t]) ? 300 : 60); round++) {
            wk_elem e = number_types[t];
            fill(e, &seed, in, 32);
            if (e == WK_I32 || e == WK_U32) /* __reduce_add_sync: the plain sum everywhere */
                for (int l = 0; l < 32; l++)
                    want[l] = plain_sum(e, in, 0, 32);
            else
                ref_butterfly(e, in, want, 32, 16, 32);
            run_expect("cg-reduce", &(wk_params){.type = e}, in, want, 32);
        }
}

static void test_cg_absent_lanes(void **state)
{
    (void)state;
    /* a tile in a block of 20 threads: partners past lane 19 read 0 */
    uint64_t seed = 6, in[32], want[32];
    for (size_t t = 0; t < N_NUMBER_TYPES; t++) {
        wk_elem e = number_types[t];
        fill(e, &seed, in, 32);
        if (e == WK_I32 || e == WK_U32)
            for (int l = 0; l < 20; l++)
                want[l] = plain_sum(e, in, 0, 20);
        else
            ref_butterfly(e, in, want, 32, 16, 20);
        wk_run r;
        prog_run(&r, "cg-reduce", &(wk_params){.type = e, .threads = 20}, in, 32);
        const wk_output *v = prog_output(&r, "v");
        for (int l = 0; l < 20; l++)
            if (v->bits[l] != want[l])
                fail_msg("cg-reduce %s --threads 20, lane %d: got 0x%llx, expected 0x%llx", wk_elem_name(e), l,
                         (unsigned long long)v->bits[l], (unsigned long long)want[l]);
        wk_run_free(&r);
    }
}

static void test_cg_f32_lanes_agree(void **state)
{
    (void)state;
    /* semantics.md 5.1: for f32 every lane of the butterfly holds the same bits */
    uint64_t seed = 3, in[32];
    for (int round = 0; round < 50; round++) {
        fill(WK_F32, &seed, in, 32);
        wk_run r;
        prog_run(&r, "cg-reduce", &(wk_params){.type = WK_F32}, in, 32);
        const wk_output *v = prog_output(&r, "v");
        for (int l = 1; l < 32; l++)
            assert_int_equal(v->bits[l], v->bits[0]);
        wk_run_free(&r);
    }
}

/* f64 NaN payloads show the butterfly's operand order (semantics.md 5.1: v =
 * op(own, partner); semantics.md 7: an f64 add returns its FIRST NaN operand,
 * quieted, 0x7FF0..0N becoming 0x7FF8..0N). Two lanes a and b = a ^ m hold
 * NaN payloads 1 and 2, the others 1.0. Only the step with mask m pairs
 * them; every other step pairs a NaN with a number or with a NaN of the
 * same payload. cg-reduce adds partner + own (the order measured on the
 * H200), so after the butterfly each lane holds the payload of the NaN on
 * the other side of bit m: with (a, b) = (0, 16), lanes 0..15 end
 * 0x7FF8000000000002 and lanes 16..31 0x7FF8000000000001; with (0, 1) the
 * even lanes payload 2 and the odd lanes payload 1. own + partner would
 * give every lane its own side's payload. */
static void test_cg_f64_nan_operand_order(void **state)
{
    (void)state;
    static const int pairs[][2] = {{0, 16}, {0, 1}, {5, 13}, {30, 22}};
    const uint64_t q1 = UINT64_C(0x7FF8000000000001), q2 = UINT64_C(0x7FF8000000000002);
    uint64_t in[32], want[32];
    for (size_t c = 0; c < sizeof pairs / sizeof pairs[0]; c++) {
        int a = pairs[c][0], b = pairs[c][1], m = a ^ b;
        for (int l = 0; l < 32; l++)
            in[l] = l == a ? UINT64_C(0x7FF0000000000001) : l == b ? UINT64_C(0x7FF0000000000002) : f64_bits(1.0);
        ref_butterfly(WK_F64, in, want, 32, 16, 32);
        for (int l = 0; l < 32; l++) /* the hand rule above and the restatement agree */
            assert_true(want[l] == ((l & m) == (a & m) ? q2 : q1));
        run_expect("cg-reduce", &(wk_params){.type = WK_F64}, in, want, 32);
    }
}

static void test_cg_sym_and_profiles(void **state)
{
    (void)state;
    wk_run r;
    prog_run(&r, "cg-reduce", &(wk_params){.type = WK_SYM}, NULL, 0);
    const wk_output *v = prog_output(&r, "v");
    for (int l = 0; l < 32; l++) /* every lane: the same sum, every input once */
        for (int i = 0; i < 32; i++)
            assert_int_equal(sym_count(&r, v, (size_t)l, (size_t)i), 1);
    wk_run_free(&r);
    uint64_t in[64] = {0};
    assert_false(prog_run_status(&r, "cg-reduce", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE64}, in, 64));
    assert_non_null(strstr(r.error, "does not run on the wave64 profile"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "cg-reduce", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE32}, in, 32));
    wk_run_free(&r);
}

/* ---- cub-reduce ------------------------------------------------------------- */

static void test_cub_every_type_every_lane(void **state)
{
    (void)state;
    uint64_t seed = 303, in[32], want[32];
    for (size_t t = 0; t < N_NUMBER_TYPES; t++)
        for (int round = 0; round < (wk_elem_is_float(number_types[t]) ? 300 : 60); round++) {
            wk_elem e = number_types[t];
            fill(e, &seed, in, 32);
            if (e == WK_I32 || e == WK_U32) {
                for (int l = 0; l < 32; l++) /* __reduce_add_sync on sm80+: every lane the total */
                    want[l] = plain_sum(e, in, 0, 32);
            } else {
                ref_cub(e, in, want, 32);
                if (!wk_elem_is_float(e)) /* the partials are the suffix sums x_l + ... + x_31 */
                    for (int l = 0; l < 32; l++)
                        assert_true(want[l] == plain_sum(e, in, l, 32));
            }
            run_expect("cub-reduce", &(wk_params){.type = e}, in, want, 32);
        }
}

static void test_cub_f32_partials_by_hand(void **state)
{
    (void)state;
    /* Small integers make every partial exact: lane l holds l + ... + 31. */
    uint64_t in[32], want[32];
    for (int l = 0; l < 32; l++) {
        in[l] = f32_bits((float)l);
        want[l] = f32_bits((float)(496 - l * (l - 1) / 2));
    }
    run_expect("cub-reduce", &(wk_params){.type = WK_F32}, in, want, 32);
    /* 1e8 and 1s: the order decides. Lane 30 adds x31 = 1 to x30 = 1e8 and
     * gets 1e8 (the 1 is lost); lane 31 has no peer and keeps its 1. */
    for (int l = 0; l < 32; l++)
        in[l] = f32_bits(l % 2 ? 1.0f : 1e8f);
    uint64_t cub[32];
    ref_cub(WK_F32, in, cub, 32);
    assert_int_equal(cub[31], f32_bits(1.0f));
    assert_int_equal(cub[30], f32_bits(1e8f));
    run_expect("cub-reduce", &(wk_params){.type = WK_F32}, in, cub, 32);
}

static void test_cub_f64_operand_order(void **state)
{
    (void)state;
    /* Two NaNs meet (semantics.md 5.3, 7: the first NaN operand, quieted). On the
     * H200 the f64 add is peer + own at offset 1 and own + peer after.
     * Lane 0 NaN(1), lane 1 NaN(2): at offset 1 lane 0 takes the peer's
     * payload 2 (own first would keep 1); lane 1 adds 2.0 to NaN(2). */
    const uint64_t q1 = UINT64_C(0x7FF8000000000001), q2 = UINT64_C(0x7FF8000000000002);
    uint64_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = f64_bits(l);
    in[0] = UINT64_C(0x7FF0000000000001);
    in[1] = UINT64_C(0x7FF0000000000002);
    ref_cub(WK_F64, in, want, 32);
    assert_true(want[0] == q2 && want[1] == q2);
    run_expect("cub-reduce", &(wk_params){.type = WK_F64}, in, want, 32);
    /* Lane 0 NaN(1), lane 2 NaN(2): offset 1 gives lane 0 q1 (peer 1.0),
     * lanes 1 and 2 q2; offset 2 meets lane 0's q1 with lane 2's q2 and own
     * first keeps q1 (peer first would give q2). */
    for (int l = 0; l < 32; l++)
        in[l] = f64_bits(l);
    in[0] = UINT64_C(0x7FF0000000000001);
    in[2] = UINT64_C(0x7FF0000000000002);
    ref_cub(WK_F64, in, want, 32);
    assert_true(want[0] == q1 && want[1] == q2 && want[2] == q2);
    run_expect("cub-reduce", &(wk_params){.type = WK_F64}, in, want, 32);
}

static void test_cub_absent_lanes(void **state)
{
    (void)state;
    /* 20 threads: a source past lane 19 gives 0 with p true (semantics.md 7), so
     * lanes add +0, which turns a -0 into +0. */
    uint64_t seed = 8, in[32], want[32];
    for (int round = 0; round < 20; round++) {
        fill(WK_F32, &seed, in, 32);
        in[19] = 0x80000000u;
        ref_cub(WK_F32, in, want, 20);
        assert_int_equal(want[19], 0); /* -0 + 0 */
        wk_run r;
        prog_run(&r, "cub-reduce", &(wk_params){.type = WK_F32, .threads = 20}, in, 32);
        const wk_output *v = prog_output(&r, "v");
        for (int l = 0; l < 20; l++)
            if (v->bits[l] != want[l])
                fail_msg("cub-reduce --threads 20, lane %d: got 0x%llx, expected 0x%llx", l,
                         (unsigned long long)v->bits[l], (unsigned long long)want[l]);
        wk_run_free(&r);
    }
    /* i32 takes __reduce_add_sync: the present lanes' sum everywhere */
    fill(WK_I32, &seed, in, 32);
    wk_run r;
    prog_run(&r, "cub-reduce", &(wk_params){.type = WK_I32, .threads = 20}, in, 32);
    for (int l = 0; l < 20; l++)
        assert_int_equal(prog_output(&r, "v")->bits[l], plain_sum(WK_I32, in, 0, 20));
    wk_run_free(&r);
}

static void test_cub_sym(void **state)
{
    (void)state;
    wk_run r;
    prog_run(&r, "cub-reduce", &(wk_params){.type = WK_SYM}, NULL, 0);
    const wk_output *v = prog_output(&r, "v");
    for (int l = 0; l < 32; l++) /* lane l: lane(l) + ... + lane(31), each once */
        for (int i = 0; i < 32; i++)
            assert_int_equal(sym_count(&r, v, (size_t)l, (size_t)i), i >= l ? 1 : 0);
    wk_run_free(&r);
    uint64_t in[64] = {0};
    assert_false(prog_run_status(&r, "cub-reduce", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE64}, in, 64));
    wk_run_free(&r);
}

/* ---- segmented-reduce ------------------------------------------------------- */

static void test_segmented_widths(void **state)
{
    (void)state;
    uint64_t seed = 404, in[MAXL], want[MAXL];
    for (size_t p = 0; p < 3; p++) {
        int lanes = lanes_of(all_profiles[p]);
        for (int w = 2; w <= lanes / 2; w *= 2)
            for (size_t t = 0; t < N_NUMBER_TYPES; t++)
                for (int round = 0; round < 12; round++) {
                    wk_elem e = number_types[t];
                    fill(e, &seed, in, lanes);
                    ref_segmented(e, in, want, lanes, w);
                    if (!wk_elem_is_float(e)) /* each segment's first lane: its sum */
                        for (int s = 0; s < lanes; s += w)
                            assert_true(want[s] == plain_sum(e, in, s, s + w));
                    run_expect("segmented-reduce", &(wk_params){.type = e, .profile = all_profiles[p], .width = w},
                               in, want, lanes);
                }
    }
}

static void test_segmented_default_width(void **state)
{
    (void)state;
    /* width 0 means 8: with v = lane, lane 8s holds 8*8s + 28 */
    uint64_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = (uint64_t)l;
    ref_segmented(WK_I32, in, want, 32, 8);
    for (int s = 0; s < 32; s += 8)
        assert_int_equal(want[s], 8 * s + 28);
    run_expect("segmented-reduce", &(wk_params){.type = WK_I32}, in, want, 32);
}

/* f64 NaN payloads show the operand order of v += t: own first here, the
 * order measured on the H200 (docs/conformance.md). In each
 * segment s of width w, lane s*w holds NaN payload 2s+1 and lane s*w + w/2
 * payload 2s+2, the others 1.0. At the first step (offset w/2) the
 * segment's first lane adds own NaN(2s+1) + NaN(2s+2): the first operand,
 * quieted (semantics.md 7), so it ends with 0x7FF8.. | (2s+1) and keeps it (its own
 * operand stays the first NaN). t + v would give it payload 2s+2. Lane
 * s*w + w/2 reads past its segment and doubles its own NaN(2s+2). */
static void test_segmented_f64_nan_operand_order(void **state)
{
    (void)state;
    uint64_t in[MAXL], want[MAXL];
    for (size_t p = 0; p < 3; p++) {
        int lanes = lanes_of(all_profiles[p]);
        for (int w = 2; w <= lanes / 2; w *= 2) {
            for (int l = 0; l < lanes; l++) {
                uint64_t s = (uint64_t)(l / w);
                in[l] = l % w == 0        ? UINT64_C(0x7FF0000000000000) | (2 * s + 1)
                        : l % w == w / 2 ? UINT64_C(0x7FF0000000000000) | (2 * s + 2)
                                          : f64_bits(1.0);
            }
            ref_segmented(WK_F64, in, want, lanes, w);
            for (int l = 0; l < lanes; l += w) {
                uint64_t s = (uint64_t)(l / w);
                assert_true(want[l] == (UINT64_C(0x7FF8000000000000) | (2 * s + 1)));
                assert_true(want[l + w / 2] == (UINT64_C(0x7FF8000000000000) | (2 * s + 2)));
            }
            run_expect("segmented-reduce",
                       &(wk_params){.type = WK_F64, .profile = all_profiles[p], .width = w}, in, want, lanes);
        }
    }
}

static void test_segmented_sym(void **state)
{
    (void)state;
    for (int w = 2; w <= 16; w *= 2) {
        wk_run r;
        prog_run(&r, "segmented-reduce", &(wk_params){.type = WK_SYM, .width = w}, NULL, 0);
        const wk_output *v = prog_output(&r, "v");
        for (int s = 0; s < 32; s += w)
            for (int i = 0; i < 32; i++)
                assert_int_equal(sym_count(&r, v, (size_t)s, (size_t)i), i >= s && i < s + w ? 1 : 0);
        /* a segment's last lane reads out of range at every step: w/2.. gives 2^steps copies */
        int steps = 0;
        for (int o = w / 2; o > 0; o /= 2)
            steps++;
        assert_int_equal(sym_count(&r, v, (size_t)(w - 1), (size_t)(w - 1)), 1 << steps);
        wk_run_free(&r);
    }
}

static void test_segmented_bad_width(void **state)
{
    (void)state;
    static const struct {
        int width;
        ws_profile_id profile;
        const char *msg;
    } cases[] = {
        {3, WS_PROFILE_SM90, "--width 3: must be a power of two from 2 to 16"},
        {12, WS_PROFILE_SM90, "--width 12: must be a power of two from 2 to 16"},
        {1, WS_PROFILE_SM90, "--width 1: must be"},
        {32, WS_PROFILE_SM90, "--width 32: must be a power of two from 2 to 16"},
        {-4, WS_PROFILE_SM90, "--width -4"},
        {64, WS_PROFILE_WAVE64, "--width 64: must be a power of two from 2 to 32"},
        {48, WS_PROFILE_WAVE64, "--width 48"},
    };
    uint64_t in[64] = {0};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wk_run r;
        assert_false(prog_run_status(&r, "segmented-reduce",
                                     &(wk_params){.type = WK_I32, .width = cases[c].width, .profile = cases[c].profile}, in,
                                     (size_t)lanes_of(cases[c].profile)));
        if (!strstr(r.error, cases[c].msg))
            fail_msg("width %d: error '%s' lacks '%s'", cases[c].width, r.error, cases[c].msg);
        wk_run_free(&r);
    }
}

/* ---- traces: one step per CUDA line -------------------------------------- */

static void test_traces(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        wk_elem type;
        size_t steps;
    } cases[] = {
        {"reduce-xor", WK_F32, 6},   {"reduce-redux", WK_I32, 2}, {"cg-reduce", WK_F32, 6},
        {"cg-reduce", WK_I32, 2},    {"cub-reduce", WK_F32, 11},  {"cub-reduce", WK_F64, 11},
        {"cub-reduce", WK_U32, 2},   {"segmented-reduce", WK_F32, 4},
    };
    uint64_t in[32] = {0};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wk_run r;
        prog_run(&r, cases[c].name, &(wk_params){.type = cases[c].type, .trace = true}, in, 32);
        if (r.trace.count != cases[c].steps)
            fail_msg("%s %s: %zu steps, expected %zu", cases[c].name, wk_elem_name(cases[c].type), r.trace.count,
                     cases[c].steps);
        wk_run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_xor_every_type_and_profile),
        cmocka_unit_test(test_xor_int_wraps),
        cmocka_unit_test(test_xor_float_specials),
        cmocka_unit_test(test_xor_absent_lanes),
        cmocka_unit_test(test_xor_sym),
        cmocka_unit_test(test_redux_ops),
        cmocka_unit_test(test_redux_signed_unsigned),
        cmocka_unit_test(test_redux_partial_warps),
        cmocka_unit_test(test_redux_rejects),
        cmocka_unit_test(test_cg_every_type),
        cmocka_unit_test(test_cg_absent_lanes),
        cmocka_unit_test(test_cg_f32_lanes_agree),
        cmocka_unit_test(test_cg_f64_nan_operand_order),
        cmocka_unit_test(test_cg_sym_and_profiles),
        cmocka_unit_test(test_cub_every_type_every_lane),
        cmocka_unit_test(test_cub_f32_partials_by_hand),
        cmocka_unit_test(test_cub_f64_operand_order),
        cmocka_unit_test(test_cub_absent_lanes),
        cmocka_unit_test(test_cub_sym),
        cmocka_unit_test(test_segmented_widths),
        cmocka_unit_test(test_segmented_default_width),
        cmocka_unit_test(test_segmented_f64_nan_operand_order),
        cmocka_unit_test(test_segmented_sym),
        cmocka_unit_test(test_segmented_bad_width),
        cmocka_unit_test(test_traces),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
