/* broadcast, ballot-compact and transpose8 against independent references:
 *   - broadcast: every lane holds in[src], bit for bit, for every src; a
 *     source lane that did not take part gives 0 (semantics.md 7);
 *   - ballot-compact: a plain C compaction (a loop that appends the kept
 *     values), the ballot as a bit per kept lane, the count;
 *   - transpose8: a plain C transpose of each 8x8 tile; with sym, every
 *     output slot counts exactly one input, the transposed one. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "prog_support.h"

static const wk_elem number_types[] = {WK_I32, WK_U32, WK_F32, WK_F64, WK_I64, WK_U64};
#define N_TYPES (sizeof number_types / sizeof number_types[0])

static uint64_t rand_bits(wk_elem t, uint64_t *seed)
{
    uint64_t r = prog_rand(seed);
    return wk_elem_bits(t) == 32 ? (uint32_t)r : r;
}

/* ---- broadcast ------------------------------------------------------------ */

static void test_broadcast_every_src(void **state)
{
    (void)state;
    uint64_t seed = 1;
    static const ws_profile_id profiles[] = {WS_PROFILE_SM90, WS_PROFILE_WAVE64, WS_PROFILE_WAVE32};
    for (size_t p = 0; p < 3; p++)
        for (size_t ti = 0; ti < N_TYPES; ti++) {
            int lanes = ws_profile_lanes(profiles[p]);
            for (int src = 0; src < lanes; src++) {
                wk_elem t = number_types[ti];
                uint64_t in[64], want[64];
                for (int i = 0; i < lanes; i++)
                    in[i] = rand_bits(t, &seed); /* any bits: NaN payloads, -0, INT_MIN */
                for (int i = 0; i < lanes; i++)
                    want[i] = in[src];
                wk_run r;
                prog_run(&r, "broadcast", &(wk_params){.profile = profiles[p], .type = t, .src_lane = src}, in,
                         (size_t)lanes);
                expect_lanes(wk_elem_name(t), prog_output(&r, "v"), want, (size_t)lanes);
                assert_int_equal(r.n_diags, 0);
                wk_run_free(&r);
            }
        }
}

static void test_broadcast_special_bits(void **state)
{
    (void)state;
    static const struct {
        wk_elem type;
        uint64_t bits;
    } cases[] = {
        {WK_F32, 0x7F800001u},                   /* signalling NaN: moved, not quieted */
        {WK_F32, 0xFFC01234u},                   /* negative NaN with a payload */
        {WK_F32, 0x80000000u},                   /* -0 */
        {WK_F64, UINT64_C(0x7FF0000000000ABC)},  /* f64 signalling NaN */
        {WK_I32, 0x80000000u},                   /* INT_MIN */
        {WK_U64, UINT64_C(0xFFFFFFFF00000001)},  /* both halves of a 64-bit value */
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint64_t in[32] = {0}, want[32];
        in[7] = cases[c].bits;
        for (int i = 0; i < 32; i++)
            want[i] = cases[c].bits;
        wk_run r;
        prog_run(&r, "broadcast", &(wk_params){.type = cases[c].type, .src_lane = 7}, in, 32);
        expect_lanes("broadcast special", prog_output(&r, "v"), want, 32);
        wk_run_free(&r);
    }
}

static void test_broadcast_sym(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        ws_profile_id profile = p ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90;
        int lanes = ws_profile_lanes(profile);
        for (int src = 0; src < lanes; src += 5) {
            wk_run r;
            prog_run(&r, "broadcast", &(wk_params){.profile = profile, .type = WK_SYM, .src_lane = src}, NULL, 0);
            const wk_output *v = prog_output(&r, "v");
            for (int lane = 0; lane < lanes; lane++)
                for (int i = 0; i < lanes; i++)
                    assert_int_equal(sym_count(&r, v, (size_t)lane, (size_t)i), i == src);
            wk_run_free(&r);
        }
    }
}

static void test_broadcast_absent_source(void **state)
{
    (void)state;
    uint64_t in[32], want[32];
    for (int i = 0; i < 32; i++)
        in[i] = (uint64_t)(100 + i);
    wk_run r;
    /* a block of 20 threads: lane 25 does not exist, every lane reads 0 */
    prog_run(&r, "broadcast", &(wk_params){.type = WK_I32, .threads = 20, .src_lane = 25}, in, 32);
    const wk_output *v = prog_output(&r, "v");
    for (int i = 0; i < 20; i++)
        assert_int_equal(v->bits[i], 0);
    for (int i = 20; i < 32; i++)
        assert_int_equal(v->lane_state[i], WK_LANE_ABSENT);
    assert_true(r.n_diags > 0); /* reading a lane that did not take part is reported */
    wk_run_free(&r);

    /* lane 5 exists: lanes 0..19 get 105 */
    prog_run(&r, "broadcast", &(wk_params){.type = WK_I32, .threads = 20, .src_lane = 5}, in, 32);
    v = prog_output(&r, "v");
    for (int i = 0; i < 20; i++)
        assert_int_equal(v->bits[i], 105);
    wk_run_free(&r);

    /* --active without the source: it returned, the others read 0 */
    prog_run(&r, "broadcast", &(wk_params){.type = WK_I32, .active = 0xFFFFFFF0u, .src_lane = 2}, in, 32);
    v = prog_output(&r, "v");
    for (int i = 0; i < 32; i++) {
        want[i] = 0; /* lanes 0..3 returned before loading v */
        assert_int_equal(v->lane_state[i], i < 4 ? WK_LANE_EXITED : WK_LANE_RAN);
    }
    expect_lanes("broadcast from an exited lane", v, want, 32);
    assert_true(r.n_diags > 0);
    wk_run_free(&r);
}

static void test_broadcast_bad_params(void **state)
{
    (void)state;
    uint64_t in[64] = {0};
    static const struct {
        ws_profile_id profile;
        int src;
        const char *says;
    } bad[] = {
        {WS_PROFILE_SM90, 32, "--src 32"},
        {WS_PROFILE_WAVE32, 40, "--src 40"},
        {WS_PROFILE_WAVE64, 64, "--src 64"},
        {WS_PROFILE_SM90, -1, "--src -1"},
    };
    wk_run r;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int lanes = ws_profile_lanes(bad[i].profile);
        assert_false(prog_run_status(&r, "broadcast",
                                     &(wk_params){.profile = bad[i].profile, .type = WK_I32, .src_lane = bad[i].src},
                                     in, (size_t)lanes));
        assert_non_null(strstr(r.error, bad[i].says));
        assert_non_null(strstr(r.error, lanes == 64 ? "0..63" : "0..31"));
        wk_run_free(&r);
    }
    assert_false(prog_run_status(&r, "broadcast", &(wk_params){.type = WK_I32, .src_lane = 3}, in, 33));
    assert_non_null(strstr(r.error, "33"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "broadcast", &(wk_params){.type = WK_I32, .descending = true}, in, 32));
    assert_non_null(strstr(r.error, "--descending"));
    wk_run_free(&r);
}

/* ---- ballot-compact ------------------------------------------------------------ */

static bool plain_keep(wk_elem t, uint64_t b)
{
    switch (t) {
    case WK_I32: return (int32_t)(uint32_t)b > 0;
    case WK_U32: return (uint32_t)b != 0;
    case WK_F32: return bits_f32(b) > 0.0f;
    case WK_F64: return bits_f64(b) > 0.0;
    case WK_I64: return (int64_t)b > 0;
    default: return b != 0;
    }
}

static void check_compact(const char *what, ws_profile_id profile, wk_elem t, const uint64_t *in)
{
    int lanes = ws_profile_lanes(profile);
    uint64_t out[64], ballot = 0;
    size_t count = 0;
    for (int i = 0; i < lanes; i++)
        if (plain_keep(t, in[i])) {
            out[count++] = in[i];
            ballot |= UINT64_C(1) << i;
        }
    wk_run r;
    prog_run(&r, "ballot-compact", &(wk_params){.profile = profile, .type = t}, in, (size_t)lanes);
    expect_lanes(what, prog_output(&r, "out"), out, count);
    const wk_output *c = prog_output(&r, "count"), *b = prog_output(&r, "ballot");
    assert_int_equal(c->count, (size_t)lanes);
    assert_int_equal(b->count, (size_t)lanes);
    assert_int_equal(b->type, lanes == 64 ? WK_U64 : WK_U32);
    for (int i = 0; i < lanes; i++) {
        assert_int_equal(c->bits[i], count);
        assert_int_equal(b->bits[i], ballot);
    }
    wk_run_free(&r);
}

static void test_compact_random(void **state)
{
    (void)state;
    uint64_t seed = 2;
    for (int p = 0; p < 2; p++)
        for (size_t ti = 0; ti < N_TYPES; ti++)
            for (int round = 0; round < 40; round++) {
                ws_profile_id profile = p ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90;
                wk_elem t = number_types[ti];
                uint64_t in[64];
                for (int i = 0; i < 64; i++) {
                    /* small values of both signs, so about half are kept, and some 0 */
                    int64_t x = (int64_t)(prog_rand(&seed) % 201) - 100;
                    switch (t) {
                    case WK_F32: in[i] = f32_bits((float)x / 8.0f); break;
                    case WK_F64: in[i] = f64_bits((double)x / 8.0); break;
                    case WK_U32: in[i] = x < 0 ? 0 : (uint32_t)x; break;
                    case WK_U64: in[i] = x < 0 ? 0 : (uint64_t)x << 33; break;
                    case WK_I32: in[i] = (uint32_t)(int32_t)x; break;
                    default: in[i] = (uint64_t)(x * 3000000000LL); break;
                    }
                }
                check_compact(wk_elem_name(t), profile, t, in);
            }
}

static void test_compact_all_and_none(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        ws_profile_id profile = p ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90;
        uint64_t all[64], none[64];
        for (int i = 0; i < 64; i++) {
            all[i] = (uint64_t)(i + 1);
            none[i] = (uint32_t)-(int32_t)i; /* 0, -1, -2, ... */
        }
        check_compact("all kept", profile, WK_I32, all);
        check_compact("none kept", profile, WK_I32, none);

        wk_run r;
        prog_run(&r, "ballot-compact", &(wk_params){.profile = profile, .type = WK_I32}, none,
                 (size_t)ws_profile_lanes(profile));
        assert_int_equal(prog_output(&r, "out")->count, 0);
        assert_int_equal(prog_output(&r, "count")->bits[0], 0);
        assert_int_equal(prog_output(&r, "ballot")->bits[0], 0);
        wk_run_free(&r);
        prog_run(&r, "ballot-compact", &(wk_params){.profile = profile, .type = WK_I32}, all,
                 (size_t)ws_profile_lanes(profile));
        assert_int_equal(prog_output(&r, "ballot")->bits[5], p ? UINT64_MAX : 0xFFFFFFFFu);
        wk_run_free(&r);
    }
}

static void test_compact_special_values(void **state)
{
    (void)state;
    uint64_t f32_in[32], f64_in[32], i32_in[32], u32_in[32];
    static const uint32_t f32_cycle[8] = {0x7FC00000u, 0x80000000u, 0x00000000u, 0x00000001u,
                                          0xFF800000u, 0x7F800000u, 0xFFC00001u, 0x7F800001u};
    static const uint64_t f64_cycle[4] = {UINT64_C(0x7FF8000000000000), UINT64_C(0x8000000000000000), 0,
                                          UINT64_C(0x0000000000000001)};
    static const uint32_t i32_cycle[4] = {0x80000000u, 0x7FFFFFFFu, 0, 0xFFFFFFFFu};
    static const uint32_t u32_cycle[4] = {0x80000000u, 0xFFFFFFFFu, 0, 1};
    for (int i = 0; i < 32; i++) {
        f32_in[i] = f32_cycle[i % 8];
        f64_in[i] = f64_cycle[i % 4];
        i32_in[i] = i32_cycle[i % 4];
        u32_in[i] = u32_cycle[i % 4];
    }
    /* by hand: NaN, -0, +0 not kept; the denormal, +inf kept; u32 0x80000000 kept */
    uint64_t ballot_f32 = 0;
    for (int i = 0; i < 32; i++)
        if (i % 8 == 3 || i % 8 == 5)
            ballot_f32 |= UINT64_C(1) << i;
    wk_run r;
    prog_run(&r, "ballot-compact", &(wk_params){.type = WK_F32}, f32_in, 32);
    assert_int_equal(prog_output(&r, "ballot")->bits[0], ballot_f32);
    assert_int_equal(prog_output(&r, "count")->bits[0], 8);
    assert_int_equal(prog_output(&r, "out")->bits[0], 0x00000001u);
    assert_int_equal(prog_output(&r, "out")->bits[1], 0x7F800000u);
    wk_run_free(&r);
    check_compact("f32 special", WS_PROFILE_SM90, WK_F32, f32_in);
    check_compact("f64 special", WS_PROFILE_SM90, WK_F64, f64_in);
    check_compact("i32 special", WS_PROFILE_SM90, WK_I32, i32_in);
    check_compact("u32 special", WS_PROFILE_SM90, WK_U32, u32_in);

    prog_run(&r, "ballot-compact", &(wk_params){.type = WK_U32}, u32_in, 32);
    assert_int_equal(prog_output(&r, "count")->bits[0], 24); /* only the zeros are dropped */
    wk_run_free(&r);
}

static void test_compact_upper_lanes_wave64(void **state)
{
    (void)state;
    /* only lanes 40 and 63 keep: the ballot needs all 64 bits */
    uint64_t in[64] = {0}, out[2] = {7, 9};
    in[40] = 7;
    in[63] = 9;
    wk_run r;
    prog_run(&r, "ballot-compact", &(wk_params){.profile = WS_PROFILE_WAVE64, .type = WK_I64}, in, 64);
    assert_int_equal(prog_output(&r, "ballot")->bits[0], (UINT64_C(1) << 40) | (UINT64_C(1) << 63));
    assert_int_equal(prog_output(&r, "count")->bits[63], 2);
    expect_lanes("wave64 upper lanes", prog_output(&r, "out"), out, 2);
    wk_run_free(&r);
}

static void test_compact_bad_params(void **state)
{
    (void)state;
    uint64_t in[64] = {0};
    wk_run r;
    assert_false(prog_run_status(&r, "ballot-compact", &(wk_params){.profile = WS_PROFILE_WAVE32, .type = WK_I32},
                                 in, 32));
    assert_non_null(strstr(r.error, "wave32"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "ballot-compact", &(wk_params){.type = WK_SYM}, NULL, 0));
    assert_non_null(strstr(r.error, "sym"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "ballot-compact", &(wk_params){.type = WK_I32}, in, 64));
    assert_non_null(strstr(r.error, "64"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "ballot-compact", &(wk_params){.type = WK_I32, .src_lane = 1}, in, 32));
    assert_non_null(strstr(r.error, "--src"));
    wk_run_free(&r);
}

/* ---- transpose8 ------------------------------------------------------------ */

/* m[l*8 + c] = in[(8t + c)*8 + r] for lane l = 8t + r. */
static void plain_transpose(const uint64_t *in, uint64_t *m, int lanes)
{
    for (int tile = 0; tile < lanes / 8; tile++)
        for (int r = 0; r < 8; r++)
            for (int c = 0; c < 8; c++)
                m[(tile * 8 + r) * 8 + c] = in[(tile * 8 + c) * 8 + r];
}

static void test_transpose_seq(void **state)
{
    (void)state;
    uint64_t in[256], want[256];
    for (int i = 0; i < 256; i++)
        in[i] = (uint64_t)i;
    plain_transpose(in, want, 32);
    /* by hand: lane 1's row of tile 0 is column 1: 1, 9, 17, ... 57 */
    for (int c = 0; c < 8; c++)
        assert_int_equal(want[8 + c], (uint64_t)(1 + 8 * c));
    wk_run r;
    prog_run(&r, "transpose8", &(wk_params){.type = WK_I32}, in, 256);
    expect_lanes("transpose8 seq", prog_output(&r, "m"), want, 256);
    const wk_output *m = prog_output(&r, "m");
    for (int lane = 0; lane < 32; lane++) /* the diagonal never moves */
        assert_int_equal(m->bits[lane * 8 + (lane & 7)], in[lane * 8 + (lane & 7)]);
    wk_run_free(&r);
}

static void test_transpose_random_types(void **state)
{
    (void)state;
    uint64_t seed = 3;
    for (int p = 0; p < 2; p++)
        for (size_t ti = 0; ti < N_TYPES; ti++)
            for (int round = 0; round < 6; round++) {
                ws_profile_id profile = p ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90;
                int lanes = ws_profile_lanes(profile);
                wk_elem t = number_types[ti];
                uint64_t in[512], want[512];
                for (int i = 0; i < 8 * lanes; i++)
                    in[i] = rand_bits(t, &seed); /* NaN payloads and -0 must move bit for bit */
                plain_transpose(in, want, lanes);
                wk_run r;
                prog_run(&r, "transpose8", &(wk_params){.profile = profile, .type = t}, in, (size_t)(8 * lanes));
                expect_lanes(wk_elem_name(t), prog_output(&r, "m"), want, (size_t)(8 * lanes));
                wk_run_free(&r);
            }
}

static void test_transpose_sym(void **state)
{
    (void)state;
    for (int p = 0; p < 2; p++) {
        ws_profile_id profile = p ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90;
        int lanes = ws_profile_lanes(profile);
        size_t n = (size_t)(8 * lanes);
        uint64_t index[512], want[512];
        for (size_t i = 0; i < n; i++)
            index[i] = i;
        plain_transpose(index, want, lanes); /* which input each slot should hold */
        wk_run r;
        prog_run(&r, "transpose8", &(wk_params){.profile = profile, .type = WK_SYM}, NULL, 0);
        const wk_output *m = prog_output(&r, "m");
        assert_int_equal(m->count, n);
        for (size_t slot = 0; slot < n; slot++)
            for (size_t i = 0; i < n; i++)
                if (sym_count(&r, m, slot, i) != (i == want[slot])) {
                    print_error("transpose8 sym: slot %zu counts x%zu %d times\n", slot, i,
                                sym_count(&r, m, slot, i));
                    fail();
                }
        wk_run_free(&r);
    }
}

static void test_transpose_trace(void **state)
{
    (void)state;
    uint64_t in[256];
    for (int i = 0; i < 256; i++)
        in[i] = (uint64_t)i;
    wk_run r;
    prog_run(&r, "transpose8", &(wk_params){.type = WK_U32, .trace = true}, in, 256);
    int shuffles = 0;
    for (size_t s = 0; s < r.trace.count; s++) {
        const wk_step *step = &r.trace.steps[s];
        if (!step->has_reads)
            continue;
        shuffles++; /* step i: lane l reads lane l ^ i, and shows what it got */
        assert_non_null(strstr(step->model, "shfl.sync.idx"));
        for (int lane = 0; lane < 32; lane++) {
            int r_ = lane & 7, c = r_ ^ shuffles, tile = lane / 8;
            assert_int_equal(step->reads[lane].kind, WS_READ_LANE);
            assert_int_equal(step->reads[lane].source, lane ^ shuffles);
            assert_int_equal(step->bits[lane], (uint64_t)((tile * 8 + c) * 8 + r_));
        }
    }
    assert_int_equal(shuffles, 7);
    wk_run_free(&r);
}

static void test_transpose_bad_params(void **state)
{
    (void)state;
    uint64_t in[512] = {0};
    wk_run r;
    assert_false(prog_run_status(&r, "transpose8", &(wk_params){.type = WK_I32}, in, 32));
    assert_non_null(strstr(r.error, "256"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "transpose8", &(wk_params){.profile = WS_PROFILE_WAVE64, .type = WK_I32}, in,
                                 256));
    assert_non_null(strstr(r.error, "512"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "transpose8", &(wk_params){.type = WK_I32, .block = 64}, in, 256));
    assert_non_null(strstr(r.error, "--block"));
    wk_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_broadcast_every_src),
        cmocka_unit_test(test_broadcast_special_bits),
        cmocka_unit_test(test_broadcast_sym),
        cmocka_unit_test(test_broadcast_absent_source),
        cmocka_unit_test(test_broadcast_bad_params),
        cmocka_unit_test(test_compact_random),
        cmocka_unit_test(test_compact_all_and_none),
        cmocka_unit_test(test_compact_special_values),
        cmocka_unit_test(test_compact_upper_lanes_wave64),
        cmocka_unit_test(test_compact_bad_params),
        cmocka_unit_test(test_transpose_seq),
        cmocka_unit_test(test_transpose_random_types),
        cmocka_unit_test(test_transpose_sym),
        cmocka_unit_test(test_transpose_trace),
        cmocka_unit_test(test_transpose_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
