/* reduce-down against independent references:
 *   - integers: semantics.md 7, lane i ends with 496 + 16*i for v = lane;
 *     in general the recurrence written out plainly below (own value when
 *     lane + offset leaves the warp, semantics.md 1.1 and, for HIP's __shfl_down on
 *     wave64/wave32, semantics.md 4.2; a source lane that is absent (--threads) or
 *     has exited (--active) gives 0, semantics.md 7 on sm90 and ds_bpermute's
 *     EXEC rule on AMD, semantics.md 4.2), lane 0's total checked against a plain
 *     wrapping sum;
 *   - floats: the same tree in plain C, adding with gpu_add (the GPU's NaN
 *     rules, semantics.md 7), the peer's value first: ptxas emits `v += t` as
 *     t + v, the order measured on the H200 (docs/conformance.md,
 *     programs/README.md);
 *   - f64 NaN payloads: two NaNs meet in lane 0 and the peer's one wins,
 *     worked by hand;
 *   - sym: lane 0 counts every input once; lane 1 counts lane 16 twice. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prog_support.h"

#define MAXL 64

static const wk_elem number_types[] = {WK_I32, WK_U32, WK_F32, WK_F64, WK_I64, WK_U64};
#define N_NUMBER_TYPES (sizeof number_types / sizeof number_types[0])
static const ws_profile_id all_profiles[] = {WS_PROFILE_SM90, WS_PROFILE_WAVE64, WS_PROFILE_WAVE32};
#define N_PROFILES (sizeof all_profiles / sizeof all_profiles[0])

static int lanes_of(ws_profile_id p) { return p == WS_PROFILE_WAVE64 ? 64 : 32; }

static ws_mask all_lanes(int lanes) { return lanes == 64 ? ~(ws_mask)0 : ((ws_mask)1 << lanes) - 1; }

/* Random bits of type e: floats with exponents over about 2^-20..2^20 (so
 * sums round and the order shows), integers now and then a boundary value
 * (so sums wrap). */
static uint64_t rand_elem(wk_elem e, uint64_t *s)
{
    static const uint64_t edges32[] = {0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0, 1};
    static const uint64_t edges64[] = {UINT64_C(1) << 63, INT64_MAX, UINT64_MAX, 0, 1};
    uint64_t r = prog_rand(s);
    switch (e) {
    case WK_F32:
        return (uint32_t)(r >> 63) << 31 | (uint32_t)(127 - 20 + (r >> 32) % 41) << 23 | (uint32_t)(r & 0x7FFFFF);
    case WK_F64:
        return (r >> 63) << 63 | (uint64_t)(1023 - 20 + (r >> 52) % 41) << 52 |
               (prog_rand(s) & ((UINT64_C(1) << 52) - 1));
    case WK_I32:
    case WK_U32: return r % 7 == 0 ? edges32[(r >> 8) % 5] : (uint32_t)(r >> 16);
    default: return r % 7 == 0 ? edges64[(r >> 8) % 5] : prog_rand(s);
    }
}

/* The CUDA restated: for (o = lanes/2; o > 0; o /= 2) v += shfl_down(v, o).
 * Only the lanes in `runs` execute; a lane whose source lane + o is past
 * the warp reads its own value, one whose source does not run (absent or
 * exited) reads 0. The peer's value first, v = t + v: with two f64 NaNs
 * the peer's payload survives, as measured on the H200. */
static void ref_down(wk_elem e, const uint64_t *in, uint64_t *v, int lanes, ws_mask runs)
{
    uint64_t t[MAXL];
    memcpy(v, in, (size_t)lanes * sizeof *v);
    for (int o = lanes / 2; o > 0; o /= 2) {
        for (int l = 0; l < lanes; l++)
            t[l] = l + o >= lanes ? v[l] : (runs >> (l + o) & 1) ? v[l + o] : 0;
        for (int l = 0; l < lanes; l++)
            if (runs >> l & 1)
                v[l] = gpu_add(e, t[l], v[l]);
    }
}

static uint64_t plain_sum(wk_elem e, const uint64_t *in, int lanes, ws_mask runs)
{
    uint64_t s = 0;
    for (int l = 0; l < lanes; l++)
        if (runs >> l & 1)
            s += in[l];
    return wk_elem_bits(e) == 32 ? (uint32_t)s : s;
}

/* Runs reduce-down and compares the lanes that ran with want; checks every
 * lane's state: ran, exited (outside params->active) or absent (at or past
 * params->threads). */
static void check_run(const wk_params *params, const uint64_t *in, const uint64_t *want)
{
    int lanes = lanes_of(params->profile), threads = params->threads ? params->threads : lanes;
    ws_mask present = all_lanes(threads), active = params->active ? params->active : present;
    char what[128];
    snprintf(what, sizeof what, "reduce-down %s %s --threads %d --active 0x%llx", wk_elem_name(params->type),
             ws_profile_name(params->profile), params->threads, (unsigned long long)params->active);
    wk_run r;
    prog_run(&r, "reduce-down", params, in, (size_t)lanes);
    const wk_output *v = prog_output(&r, "v");
    assert_int_equal(v->count, (size_t)lanes);
    for (int l = 0; l < lanes; l++) {
        int state = !(present >> l & 1) ? WK_LANE_ABSENT : !(active >> l & 1) ? WK_LANE_EXITED : WK_LANE_RAN;
        if (v->lane_state[l] != state)
            fail_msg("%s: lane %d state %d, expected %d", what, l, v->lane_state[l], state);
        if (state == WK_LANE_RAN && v->bits[l] != want[l])
            fail_msg("%s: lane %d = 0x%016llx, expected 0x%016llx", what, l, (unsigned long long)v->bits[l],
                     (unsigned long long)want[l]);
    }
    wk_run_free(&r);
}

static void test_walkthrough_values(void **state)
{
    (void)state;
    uint64_t in[32], want[32];
    for (int i = 0; i < 32; i++) {
        in[i] = (uint64_t)i;
        want[i] = (uint64_t)(496 + 16 * i); /* semantics.md 7 */
    }
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_I32}, in, 32);
    expect_lanes("reduce-down i32", prog_output(&r, "v"), want, 32);
    wk_run_free(&r);
}

static void test_walkthrough_wave64(void **state)
{
    (void)state;
    /* v = lane on 64 lanes: the pattern of semantics.md 7's 32-lane table (lane i =
     * 496 + 16*i, the sum plus 16*i) with 64 lanes: lane i = 2016 + 32*i,
     * 2016 being 0 + ... + 63. The restatement must agree with it. */
    uint64_t in[64], want[64];
    for (int i = 0; i < 64; i++) {
        in[i] = (uint64_t)i;
        want[i] = (uint64_t)(2016 + 32 * i);
    }
    uint64_t ref[64];
    ref_down(WK_I32, in, ref, 64, all_lanes(64));
    for (int i = 0; i < 64; i++)
        assert_int_equal(ref[i], want[i]); /* the hand formula and the restatement agree */
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE64}, in, 64);
    expect_lanes("reduce-down i32 wave64", prog_output(&r, "v"), want, 64);
    wk_run_free(&r);
}

static void test_f32_tree_order(void **state)
{
    (void)state;
    uint64_t seed = 11, in[32], want[32];
    for (int round = 0; round < 200; round++) {
        float v[32], t[32];
        for (int i = 0; i < 32; i++) {
            v[i] = (float)((int64_t)(prog_rand(&seed) % 2000001) - 1000000) / 997.0f;
            in[i] = f32_bits(v[i]);
        }
        for (int o = 16; o > 0; o /= 2) {
            for (int i = 0; i < 32; i++)
                t[i] = i + o < 32 ? v[i + o] : v[i];
            for (int i = 0; i < 32; i++)
                v[i] = v[i] + t[i];
        }
        for (int i = 0; i < 32; i++)
            want[i] = f32_bits(v[i]);
        wk_run r;
        prog_run(&r, "reduce-down", &(wk_params){.type = WK_F32}, in, 32);
        expect_lanes("reduce-down f32", prog_output(&r, "v"), want, 32);
        wk_run_free(&r);
    }
}

/* Every number type on every profile, full warps, random inputs. */
static void test_every_type_and_profile(void **state)
{
    (void)state;
    uint64_t seed = 12, in[MAXL], want[MAXL];
    for (size_t p = 0; p < N_PROFILES; p++)
        for (size_t t = 0; t < N_NUMBER_TYPES; t++)
            for (int round = 0; round < 30; round++) {
                wk_elem e = number_types[t];
                int lanes = lanes_of(all_profiles[p]);
                for (int l = 0; l < lanes; l++)
                    in[l] = rand_elem(e, &seed);
                ref_down(e, in, want, lanes, all_lanes(lanes));
                if (!wk_elem_is_float(e))
                    assert_true(want[0] == plain_sum(e, in, lanes, all_lanes(lanes)));
                check_run(&(wk_params){.type = e, .profile = all_profiles[p]}, in, want);
            }
}

/* Hand-worked 64-bit integer wraps: INT64_MAX + 1 in lanes 0 and 16 (sm90). */
static void test_int64_wrap(void **state)
{
    (void)state;
    uint64_t in[32] = {0}, want[32];
    in[0] = INT64_MAX;
    in[16] = 1;
    ref_down(WK_I64, in, want, 32, all_lanes(32));
    assert_true(want[0] == UINT64_C(0x8000000000000000)); /* INT64_MIN */
    check_run(&(wk_params){.type = WK_I64}, in, want);
    /* u64: every lane UINT64_MAX; lane 0 holds 32 * (2^64 - 1) = -32 */
    for (int l = 0; l < 32; l++)
        in[l] = UINT64_MAX;
    ref_down(WK_U64, in, want, 32, all_lanes(32));
    assert_true(want[0] == (uint64_t)-32);
    check_run(&(wk_params){.type = WK_U64}, in, want);
}

/* --threads N: lanes N.. do not exist and a shuffle reading one gets 0. */
static void test_absent_lanes(void **state)
{
    (void)state;
    static const struct {
        ws_profile_id profile;
        int threads;
    } cases[] = {
        {WS_PROFILE_SM90, 20},   {WS_PROFILE_SM90, 1},    {WS_PROFILE_SM90, 31},  {WS_PROFILE_SM90, 17},
        {WS_PROFILE_WAVE64, 40}, {WS_PROFILE_WAVE64, 33}, {WS_PROFILE_WAVE64, 1}, {WS_PROFILE_WAVE32, 20},
        {WS_PROFILE_WAVE32, 9},
    };
    uint64_t seed = 13, in[MAXL], want[MAXL];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (size_t t = 0; t < N_NUMBER_TYPES; t++)
            for (int round = 0; round < 4; round++) {
                wk_elem e = number_types[t];
                int lanes = lanes_of(cases[c].profile);
                ws_mask runs = all_lanes(cases[c].threads);
                for (int l = 0; l < lanes; l++)
                    in[l] = rand_elem(e, &seed);
                ref_down(e, in, want, lanes, runs);
                if (!wk_elem_is_float(e)) /* the zeros read from absent lanes leave lane 0 the sum */
                    assert_true(want[0] == plain_sum(e, in, lanes, runs));
                check_run(&(wk_params){.type = e, .profile = cases[c].profile, .threads = cases[c].threads}, in,
                          want);
            }
}

/* Hand-worked --threads 20 on sm90 with v = lane. Lane 0 = 0 + ... + 19 =
 * 190 (the zeros from absent lanes add nothing). Lane 19: at offset 16 its
 * source 35 is past the warp, so it adds its own value (38); at offsets 8,
 * 4, 2, 1 its sources 27, 23, 21, 20 are absent and give 0: it ends with
 * 38. (If absent lanes gave the reader's own value it would be 19 * 32.) */
static void test_absent_by_hand(void **state)
{
    (void)state;
    uint64_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = (uint64_t)l;
    ref_down(WK_I32, in, want, 32, all_lanes(20));
    assert_int_equal(want[0], 190);
    assert_int_equal(want[19], 38);
    check_run(&(wk_params){.type = WK_I32, .threads = 20}, in, want);
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_I32, .threads = 20}, in, 32);
    assert_true(r.n_diags > 0 && r.diags[0].code == WS_DIAG_ABSENT_SOURCE);
    wk_run_free(&r);
}

/* --active MASK: the lanes outside it return at once; a shuffle reading an
 * exited lane gets 0. */
static void test_exited_lanes(void **state)
{
    (void)state;
    static const struct {
        ws_profile_id profile;
        int threads;
        ws_mask active;
    } cases[] = {
        {WS_PROFILE_SM90, 0, 0xFFFF},
        {WS_PROFILE_SM90, 0, 0x55555555},
        {WS_PROFILE_SM90, 0, 0xFFFF0000},
        {WS_PROFILE_SM90, 0, 0x80000001},
        {WS_PROFILE_SM90, 24, 0x00F0FFF0},
        {WS_PROFILE_WAVE64, 0, UINT64_C(0x00000000FFFFFFFF)},
        {WS_PROFILE_WAVE64, 0, UINT64_C(0xF0F0F0F00F0F0F0F)},
        {WS_PROFILE_WAVE64, 48, UINT64_C(0x0000AAAA5555FFFF)},
        {WS_PROFILE_WAVE32, 0, 0x0F0F0F0F},
        {WS_PROFILE_WAVE32, 0, 0xFFFFFFFE},
    };
    uint64_t seed = 14, in[MAXL], want[MAXL];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (size_t t = 0; t < N_NUMBER_TYPES; t++)
            for (int round = 0; round < 4; round++) {
                wk_elem e = number_types[t];
                int lanes = lanes_of(cases[c].profile);
                ws_mask runs = all_lanes(cases[c].threads ? cases[c].threads : lanes) & cases[c].active;
                for (int l = 0; l < lanes; l++)
                    in[l] = rand_elem(e, &seed);
                ref_down(e, in, want, lanes, runs);
                check_run(&(wk_params){.type = e,
                                       .profile = cases[c].profile,
                                       .threads = cases[c].threads,
                                       .active = cases[c].active},
                          in, want);
            }
}

/* Hand-worked --active 0xFFFF (lanes 16..31 exit) with v = lane on sm90:
 * the first step reads exited lanes 16..31 and adds 0; from then on it is
 * the 16-lane tree on lanes 0..15 whose lanes reading 16.. get 0 instead of
 * their own value: lane 0 = 0 + ... + 15 = 120, lane 15 reads exited lanes
 * at every step and keeps 15. */
static void test_exited_by_hand(void **state)
{
    (void)state;
    uint64_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = (uint64_t)l;
    ref_down(WK_U32, in, want, 32, 0xFFFF);
    assert_int_equal(want[0], 120);
    assert_int_equal(want[15], 15);
    check_run(&(wk_params){.type = WK_U32, .active = 0xFFFF}, in, want);
}

/* f64 NaN payloads show the operand order of v += t (semantics.md 7: an f64 add
 * returns its FIRST NaN operand, quieted; 0x7FF0..01 becomes 0x7FF8..01).
 * On the H200 the compiled add is t + v, the peer first (docs/conformance.md,
 * programs/README.md). Lane 0 = NaN payload 1, lane lanes/2 = NaN payload 2,
 * others 1.0. At the first step (offset lanes/2) lane 0 adds NaN(2) read
 * from lane lanes/2 + its own NaN(1): peer first, lane 0 holds
 * 0x7FF8000000000002 and keeps it (at the later steps lane 0 reads lanes
 * o = lanes/4, ..., 1, never NaN then: the NaNs sit at multiples of 2o).
 * v + t would have left it payload 1. Lane lanes/2 reads past the warp and
 * adds its own NaN(2) twice: payload 2, which then reaches lanes
 * lanes/2 - o at the later steps. */
static void test_f64_nan_operand_order(void **state)
{
    (void)state;
    const uint64_t nan1 = UINT64_C(0x7FF0000000000001), nan2 = UINT64_C(0x7FF0000000000002);
    const uint64_t q1 = UINT64_C(0x7FF8000000000001), q2 = UINT64_C(0x7FF8000000000002);
    uint64_t in[MAXL], want[MAXL];
    for (size_t p = 0; p < N_PROFILES; p++) {
        int lanes = lanes_of(all_profiles[p]);
        for (int l = 0; l < lanes; l++)
            in[l] = l == 0 ? nan1 : l == lanes / 2 ? nan2 : f64_bits(1.0);
        ref_down(WK_F64, in, want, lanes, all_lanes(lanes));
        assert_true(want[0] == q2); /* the peer's payload */
        for (int l = 0; l < lanes; l++)
            assert_true(want[l] != q1); /* payload 1 is lost at lane 0's first add */
        assert_true(want[lanes / 2] == q2);
        assert_true(want[lanes / 2 - 1] == q2); /* the last step: lane lanes/2 - 1 reads lane lanes/2 */
        /* the last lane reads past the warp at every step: 1.0 doubled log2(lanes) times */
        assert_true(want[lanes - 1] == f64_bits((double)lanes));
        check_run(&(wk_params){.type = WK_F64, .profile = all_profiles[p]}, in, want);
    }
}

/* The reference's NaN rules by hand (semantics.md 7), then in the program: f32
 * any NaN becomes 0x7FFFFFFF, inf + -inf too; f64 keeps the first NaN
 * operand quieted, and inf + -inf gives 0xFFF8000000000000. */
static void test_float_specials(void **state)
{
    (void)state;
    assert_int_equal(gpu_add(WK_F32, 0x7F800001u, 0xFFC00123u), 0x7FFFFFFFu);
    assert_int_equal(gpu_add(WK_F32, f32_bits(1.0f), 0xFF800001u), 0x7FFFFFFFu);
    assert_int_equal(gpu_add(WK_F32, 0x7F800000u, 0xFF800000u), 0x7FFFFFFFu);
    assert_true(gpu_add(WK_F64, UINT64_C(0xFFF0000000000005), UINT64_C(0x7FF8000000000006)) ==
                UINT64_C(0xFFF8000000000005));
    assert_true(gpu_add(WK_F64, f64_bits(2.0), UINT64_C(0x7FF4000000000000)) == UINT64_C(0x7FFC000000000000));
    assert_true(gpu_add(WK_F64, UINT64_C(0x7FF0000000000000), UINT64_C(0xFFF0000000000000)) ==
                UINT64_C(0xFFF8000000000000));

    uint64_t in[32], want[32];
    for (int l = 0; l < 32; l++)
        in[l] = l == 0 ? 0x7F800001u : l == 16 ? 0xFFC00123u : f32_bits(1.0f);
    ref_down(WK_F32, in, want, 32, all_lanes(32));
    assert_int_equal(want[0], 0x7FFFFFFFu);
    check_run(&(wk_params){.type = WK_F32}, in, want);
    for (int l = 0; l < 32; l++)
        in[l] = l == 0 ? 0x7F800000u : l == 16 ? 0xFF800000u : f32_bits(-0.0f); /* +inf, -inf */
    ref_down(WK_F32, in, want, 32, all_lanes(32));
    assert_int_equal(want[0], 0x7FFFFFFFu);
    assert_int_equal(want[31], 0x80000000u); /* -0 + -0 stays -0 */
    check_run(&(wk_params){.type = WK_F32}, in, want);
    for (int l = 0; l < 32; l++)
        in[l] = l == 0 ? UINT64_C(0x7FF0000000000000) : l == 16 ? UINT64_C(0xFFF0000000000000) : f64_bits(1.0);
    ref_down(WK_F64, in, want, 32, all_lanes(32));
    assert_true(want[0] == UINT64_C(0xFFF8000000000000)); /* lane 0: +inf + -inf at offset 16 */
    check_run(&(wk_params){.type = WK_F64}, in, want);
}

static void test_sym_counts(void **state)
{
    (void)state;
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_SYM}, NULL, 0);
    const wk_output *v = prog_output(&r, "v");
    for (size_t i = 0; i < 32; i++)
        assert_int_equal(sym_count(&r, v, 0, i), 1);
    /* lane 1: 1+16 (step 16), +9+25 (8), +5,13,21,29 (4)... lane 16 is counted twice */
    assert_int_equal(sym_count(&r, v, 1, 0), 0);
    assert_int_equal(sym_count(&r, v, 1, 16), 2);
    assert_int_equal(sym_count(&r, v, 1, 31), 1);
    /* lane 31 reads out of range at every step: 32 times its own input */
    assert_int_equal(sym_count(&r, v, 31, 31), 32);
    wk_run_free(&r);
    /* wave64: lane 0 counts all 64 inputs once; lane 63 its own 64 times */
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_SYM, .profile = WS_PROFILE_WAVE64}, NULL, 0);
    v = prog_output(&r, "v");
    for (size_t i = 0; i < 64; i++)
        assert_int_equal(sym_count(&r, v, 0, i), 1);
    assert_int_equal(sym_count(&r, v, 63, 63), 64);
    wk_run_free(&r);
}

static void test_bad_params(void **state)
{
    (void)state;
    uint64_t in[MAXL] = {0};
    wk_run r;
    assert_false(prog_run_status(&r, "reduce-down", &(wk_params){.type = WK_I32, .threads = 33}, in, 32));
    assert_non_null(strstr(r.error, "--threads 33: must be 1..32"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-down", &(wk_params){.type = WK_I32, .threads = -1}, in, 32));
    assert_non_null(strstr(r.error, "--threads -1"));
    wk_run_free(&r);
    assert_false(
        prog_run_status(&r, "reduce-down", &(wk_params){.type = WK_I32, .threads = 65, .profile = WS_PROFILE_WAVE64}, in, 64));
    assert_non_null(strstr(r.error, "must be 1..64"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-down", &(wk_params){.type = WK_I32, .active = UINT64_C(1) << 32}, in, 32));
    assert_non_null(strstr(r.error, "names lanes past 31"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-down", &(wk_params){.type = WK_I32, .width = 8}, in, 32));
    assert_non_null(strstr(r.error, "takes no --width"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-down", &(wk_params){.type = WK_I32}, in, 31));
    assert_non_null(strstr(r.error, "takes 32 input values"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "reduce-down", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE64}, in, 32));
    assert_non_null(strstr(r.error, "takes 64 input values"));
    wk_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walkthrough_values),
        cmocka_unit_test(test_walkthrough_wave64),
        cmocka_unit_test(test_f32_tree_order),
        cmocka_unit_test(test_every_type_and_profile),
        cmocka_unit_test(test_int64_wrap),
        cmocka_unit_test(test_absent_lanes),
        cmocka_unit_test(test_absent_by_hand),
        cmocka_unit_test(test_exited_lanes),
        cmocka_unit_test(test_exited_by_hand),
        cmocka_unit_test(test_f64_nan_operand_order),
        cmocka_unit_test(test_float_specials),
        cmocka_unit_test(test_sym_counts),
        cmocka_unit_test(test_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
