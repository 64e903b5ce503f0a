/* block-scan against independent references:
 *   - integers: the block's prefix sums computed plainly, left to right,
 *     wrapping; the warp totals and their prefix likewise;
 *   - floats: the program's order restated as plain C loops: a
 *     Hillis-Steele scan per warp (own + lower), warp 0 scanning the warp
 *     totals padded with +0.0 the same way, then prefix[w - 1] + v (the
 *     operand orders measured on the H200: docs/conformance.md,
 *     programs/README.md);
 *   - hand-worked: every input -0.0 stays -0.0 (the +0.0 padding never
 *     reaches a lane below the number of warps);
 *   - sym: thread i counts inputs 0..i once each;
 *   - bad block sizes. */
#include <math.h>
#include <string.h>

#include "prog_support.h"

static uint64_t type_mask(wk_elem e) { return e == WK_I64 || e == WK_U64 || e == WK_F64 ? UINT64_MAX : UINT32_MAX; }

/* In place: at step d lane i becomes v[i] + v[i-d] (own first, as measured
 * on the H200). */
static void hillis_steele(wk_elem e, uint64_t *v, int lanes)
{
    for (int d = 1; d < lanes; d *= 2) {
        uint64_t old[64];
        memcpy(old, v, (size_t)lanes * sizeof *v);
        for (int i = d; i < lanes; i++)
            v[i] = gpu_add(e, old[i], old[i - d]);
    }
}

/* The program's float order for a block of n threads. */
static void ref_block_float(wk_elem e, const uint64_t *x, uint64_t *out, uint64_t *prefix, int n, int lanes)
{
    int nwarps = n / lanes;
    uint64_t sums[64] = {0}; /* lanes past the last warp hold +0.0 */
    for (int w = 0; w < nwarps; w++) {
        memcpy(out + w * lanes, x + w * lanes, (size_t)lanes * sizeof *x);
        hillis_steele(e, out + w * lanes, lanes);
        sums[w] = out[w * lanes + lanes - 1];
    }
    hillis_steele(e, sums, lanes);
    for (int w = 1; w < nwarps; w++)
        for (int i = 0; i < lanes; i++)
            out[w * lanes + i] = gpu_add(e, sums[w - 1], out[w * lanes + i]); /* sums[] first */
    memcpy(prefix, sums, (size_t)nwarps * sizeof *sums);
}

static uint64_t rand_float(wk_elem e, uint64_t *seed)
{
    uint64_t r = prog_rand(seed);
    if (r % 16 == 0)
        return e == WK_F32 ? f32_bits(-0.0f) : f64_bits(-0.0);
    double sign = (r >> 62 & 1) ? -1.0 : 1.0;
    double v = sign * ldexp((double)(r >> 20 & 0xFFFFFF) / 16777216.0 + 0.5, (int)(r >> 48 & 31) - 15);
    return e == WK_F32 ? f32_bits((float)v) : f64_bits(v);
}

static int lanes_of(ws_profile_id p) { return p == WS_PROFILE_WAVE64 ? 64 : 32; }

static const struct {
    ws_profile_id profile;
    int lanes;
    int block;
} sizes[] = {
    {WS_PROFILE_SM90, 32, 32},     {WS_PROFILE_SM90, 32, 64},     {WS_PROFILE_SM90, 32, 96},
    {WS_PROFILE_SM90, 32, 1024},   {WS_PROFILE_WAVE64, 64, 64},   {WS_PROFILE_WAVE64, 64, 192},
    {WS_PROFILE_WAVE64, 64, 1024},
};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

static void test_int_prefix_sums(void **state)
{
    (void)state;
    static const wk_elem types[] = {WK_I32, WK_U32, WK_I64, WK_U64};
    static uint64_t x[1024], want[1024];
    uint64_t seed = 21;
    for (size_t s = 0; s < N_SIZES; s++)
        for (size_t t = 0; t < 4; t++)
            for (int round = 0; round < 3; round++) {
                wk_elem e = types[t];
                int n = sizes[s].block, lanes = sizes[s].lanes, nwarps = n / lanes;
                uint64_t totals[32] = {0}, prefix[32], sum = 0;
                for (int i = 0; i < n; i++) {
                    x[i] = prog_rand(&seed) & type_mask(e);
                    sum = (sum + x[i]) & type_mask(e);
                    want[i] = sum;
                    totals[i / lanes] = (totals[i / lanes] + x[i]) & type_mask(e);
                }
                for (int w = 0; w < nwarps; w++)
                    prefix[w] = want[w * lanes + lanes - 1];
                wk_run r;
                prog_run(&r, "block-scan", &(wk_params){.type = e, .profile = sizes[s].profile, .block = n}, x,
                         (size_t)n);
                expect_lanes("block-scan", prog_output(&r, "v"), want, (size_t)n);
                expect_lanes("block-scan", prog_output(&r, "warp_total"), totals, (size_t)nwarps);
                expect_lanes("block-scan", prog_output(&r, "warp_prefix"), prefix, (size_t)nwarps);
                wk_run_free(&r);
            }
}

/* Hand-worked: INT_MAX in thread 31 and 1 in thread 32 (the next warp). */
static void test_int_wrap_across_warps(void **state)
{
    (void)state;
    uint64_t x[64] = {0}, want[64];
    x[31] = 0x7FFFFFFF;
    x[32] = 1;
    for (int i = 0; i < 64; i++)
        want[i] = i < 31 ? 0 : i == 31 ? 0x7FFFFFFFu : 0x80000000u;
    wk_run r;
    prog_run(&r, "block-scan", &(wk_params){.type = WK_I32, .block = 64}, x, 64);
    expect_lanes("block-scan wrap", prog_output(&r, "v"), want, 64);
    wk_run_free(&r);
}

static void test_float_order(void **state)
{
    (void)state;
    static const wk_elem types[] = {WK_F32, WK_F64};
    static uint64_t x[1024], want[1024];
    uint64_t seed = 22;
    for (size_t s = 0; s < N_SIZES; s++)
        for (size_t t = 0; t < 2; t++)
            for (int round = 0; round < 8; round++) {
                wk_elem e = types[t];
                int n = sizes[s].block, lanes = sizes[s].lanes;
                uint64_t prefix[32];
                for (int i = 0; i < n; i++)
                    x[i] = rand_float(e, &seed);
                ref_block_float(e, x, want, prefix, n, lanes);
                wk_run r;
                prog_run(&r, "block-scan", &(wk_params){.type = e, .profile = sizes[s].profile, .block = n}, x,
                         (size_t)n);
                expect_lanes("block-scan float", prog_output(&r, "v"), want, (size_t)n);
                expect_lanes("block-scan float", prog_output(&r, "warp_prefix"), prefix, (size_t)(n / lanes));
                wk_run_free(&r);
            }
}

/* f64 NaN payloads show the operand order of every add (semantics.md 7: an f64 add
 * returns its FIRST NaN operand, quieted; qN below is 0x7FF8..0N). The
 * orders measured on the H200 (ptxas's operand order; docs/conformance.md,
 * programs/README.md): own first in `v += t` of the warp scans (own + lower
 * lane) and in `s += t` of warp 0's scan of the totals, but sums[] first
 * in phase 3's `v += sums[warp - 1]`. Inputs 1.0 but NaN payload N at
 * thread x, written x:N.
 *   - --block 32, 0:1 16:2: through offsets 1..8 lane i covers lanes
 *     i-15..i, so lanes 0..15 carry only NaN(1) and lanes 16..31 only
 *     NaN(2); at offset 16 lane i >= 16 adds own q2 + q1 from lane i-16:
 *     threads 1..15 end q1, 16..31 q2 (t + v would give them q1). Thread 0
 *     never adds (lane 0 is never >= d; warp 0 skips phase 3): it keeps
 *     its input, the signalling 0x7FF0000000000001, in every case.
 *   - --block 64, 0:1 32:3: warp totals q1, q3; warp 0's scan: lane 1 adds
 *     own q3 + q1 at offset 1, so warp_prefix = q1, q3 (t + s: q1, q1);
 *     phase 3: warp 1 adds sums[0] = q1 + own q3: threads 32..63 end q1
 *     (v + sums[0]: q3).
 *   - --block 96, 0:1 64:3: totals q1, 32.0, q3; the scan: lane 1 =
 *     32 + q1 = q1, lane 2 = own q3 + 32 then own q3 + q1: q3, so
 *     warp_prefix = q1, q1, q3; threads 32..63 = q1 + v = q1, threads
 *     64..95 = q1 + own q3 = q1 (v + sums[1]: q3).
 *   - wave64 --block 128, 0:1 32:2 64:3: wave 0 as the first case on 64
 *     lanes (0..31 q1, 32..63 q2, total q2); wave 1 all q3; lane 1 of the
 *     scan adds own q3 + q2: warp_prefix = q2, q3; threads 64..127 =
 *     sums[0] q2 + own q3 = q2 (v + sums[0]: q3). */
static void test_f64_nan_operand_order(void **state)
{
    (void)state;
    static const struct {
        ws_profile_id profile;
        int block;
        int nan_at[3], payload[3];
        /* threads [upto[k-1], upto[k]) end with payload ends[k] */
        int upto[4], ends[4];
        int prefix[3];
    } cases[] = {
        {WS_PROFILE_SM90, 32, {0, 16, -1}, {1, 2, 0}, {16, 32}, {1, 2}, {2}},
        {WS_PROFILE_SM90, 64, {0, 32, -1}, {1, 3, 0}, {32, 64}, {1, 1}, {1, 3}},
        {WS_PROFILE_SM90, 96, {0, 64, -1}, {1, 3, 0}, {64, 96}, {1, 1}, {1, 1, 3}},
        {WS_PROFILE_WAVE64, 128, {0, 32, 64}, {1, 2, 3}, {32, 64, 128}, {1, 2, 2}, {2, 3}},
    };
    const uint64_t nan = UINT64_C(0x7FF0000000000000), quiet = UINT64_C(0x7FF8000000000000);
    uint64_t x[128], want[128], hand[128], prefix[32];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int n = cases[c].block, lanes = lanes_of(cases[c].profile), nwarps = n / lanes;
        for (int i = 0; i < n; i++)
            x[i] = f64_bits(1.0);
        for (int j = 0; j < 3; j++)
            if (cases[c].nan_at[j] >= 0)
                x[cases[c].nan_at[j]] = nan | (uint64_t)cases[c].payload[j];
        for (int k = 0, i = 0; k < 4 && i < n; k++)
            for (; i < cases[c].upto[k]; i++)
                hand[i] = quiet | (uint64_t)cases[c].ends[k];
        hand[0] = x[0]; /* thread 0 never adds: lane 0 < d, warp 0 skips phase 3 */
        ref_block_float(WK_F64, x, want, prefix, n, lanes);
        for (int i = 0; i < n; i++) /* the hand-worked values above and the restatement agree */
            if (want[i] != hand[i])
                fail_msg("case %zu thread %d: restatement 0x%llx, by hand 0x%llx", c, i, (unsigned long long)want[i],
                         (unsigned long long)hand[i]);
        for (int w = 0; w < nwarps; w++)
            assert_true(prefix[w] == (quiet | (uint64_t)cases[c].prefix[w]));
        wk_run r;
        prog_run(&r, "block-scan", &(wk_params){.type = WK_F64, .profile = cases[c].profile, .block = n}, x,
                 (size_t)n);
        expect_lanes("block-scan f64 NaN", prog_output(&r, "v"), want, (size_t)n);
        expect_lanes("block-scan f64 NaN", prog_output(&r, "warp_prefix"), prefix, (size_t)nwarps);
        wk_run_free(&r);
    }
}

static void test_negative_zero(void **state)
{
    (void)state;
    static uint64_t x[1024], want[1024];
    for (int i = 0; i < 1024; i++)
        x[i] = want[i] = f32_bits(-0.0f);
    wk_run r;
    prog_run(&r, "block-scan", &(wk_params){.type = WK_F32, .block = 1024}, x, 1024);
    expect_lanes("block-scan -0", prog_output(&r, "v"), want, 1024);
    wk_run_free(&r);
    prog_run(&r, "block-scan", &(wk_params){.type = WK_F32, .block = 96}, x, 96);
    expect_lanes("block-scan -0", prog_output(&r, "v"), want, 96);
    wk_run_free(&r);
}

static void check_sym(ws_profile_id profile, int block)
{
    wk_run r;
    prog_run(&r, "block-scan", &(wk_params){.type = WK_SYM, .profile = profile, .block = block}, NULL, 0);
    const wk_output *v = prog_output(&r, "v");
    assert_int_equal(v->count, block);
    for (int i = 0; i < block; i++)
        for (int j = 0; j < block; j++)
            if (sym_count(&r, v, (size_t)i, (size_t)j) != (j <= i)) {
                print_error("block-scan sym, block %d: thread %d counts input %d %d times\n", block, i, j,
                            sym_count(&r, v, (size_t)i, (size_t)j));
                fail();
            }
    wk_run_free(&r);
}

static void test_sym_counts(void **state)
{
    (void)state;
    check_sym(WS_PROFILE_SM90, 32);
    check_sym(WS_PROFILE_SM90, 96);
    check_sym(WS_PROFILE_SM90, 1024);
    check_sym(WS_PROFILE_WAVE64, 128);
}

/* params.block 0 is the program's default, 128 threads. */
static void test_default_block(void **state)
{
    (void)state;
    uint64_t x[128], want[128];
    for (int i = 0; i < 128; i++) {
        x[i] = (uint64_t)i;
        want[i] = (uint64_t)(i * (i + 1) / 2);
    }
    wk_run r;
    prog_run(&r, "block-scan", &(wk_params){.type = WK_I32}, x, 128);
    expect_lanes("block-scan default", prog_output(&r, "v"), want, 128);
    wk_run_free(&r);
}

static void test_bad_blocks(void **state)
{
    (void)state;
    static uint64_t x[2048];
    static const struct {
        ws_profile_id profile;
        int block;
        const char *says;
    } bad[] = {
        {WS_PROFILE_SM90, 100, "multiple of 32"},  {WS_PROFILE_SM90, 2048, "to 1024"},
        {WS_PROFILE_SM90, -32, "multiple of 32"},  {WS_PROFILE_SM90, 16, "from 32"},
        {WS_PROFILE_WAVE64, 96, "multiple of 64"}, {WS_PROFILE_WAVE64, 32, "from 64"},
        {WS_PROFILE_WAVE64, 1088, "to 1024"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        wk_run r;
        int n = bad[i].block > 0 ? bad[i].block : 32;
        assert_false(prog_run_status(&r, "block-scan", &(wk_params){.type = WK_I32, .profile = bad[i].profile, .block = bad[i].block},
                                     x, (size_t)n));
        if (!strstr(r.error, bad[i].says) || !strstr(r.error, "last lane")) {
            print_error("block %d: unexpected error '%s'\n", bad[i].block, r.error);
            fail();
        }
        wk_run_free(&r);
    }
    wk_run r;
    assert_false(prog_run_status(&r, "block-scan", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE32}, x, 128));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "block-scan", &(wk_params){.type = WK_I32, .threads = 20}, x, 128));
    assert_non_null(strstr(r.error, "--threads"));
    wk_run_free(&r);
    /* the input must hold one value per thread */
    assert_false(prog_run_status(&r, "block-scan", &(wk_params){.type = WK_I32, .block = 64}, x, 32));
    wk_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_int_prefix_sums),
        cmocka_unit_test(test_int_wrap_across_warps),
        cmocka_unit_test(test_float_order),
        cmocka_unit_test(test_f64_nan_operand_order),
        cmocka_unit_test(test_negative_zero),
        cmocka_unit_test(test_sym_counts),
        cmocka_unit_test(test_default_block),
        cmocka_unit_test(test_bad_blocks),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
