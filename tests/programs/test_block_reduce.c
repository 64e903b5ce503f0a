/* block-reduce and device-reduce against plain C restatements of their
 * CUDA (the shfl_down tree of semantics.md 1.1 per warp, an absent lane reading 0
 * as measured on the H200, semantics.md 7; the warp sums through shared memory;
 * device-reduce's two kernels with their grid-stride loops), integer sums
 * computed plainly, and sym counts stated by hand. Float adds use gpu_add
 * (prog_support.h: the GPU's NaN rules of semantics.md 7, f64 keeping the first
 * NaN operand, so NaN payloads show the operand order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prog_support.h"

static uint64_t rand_elem(wk_elem e, uint64_t *s)
{
    uint64_t r = prog_rand(s);
    switch (e) {
    case WK_F32: /* exponents 2^-20..2^20: the order shows in the bits */
        return (uint32_t)(r >> 63) << 31 | (uint32_t)(127 - 20 + (r >> 32) % 41) << 23 | (uint32_t)(r & 0x7FFFFF);
    case WK_F64:
        return (r >> 63) << 63 | (uint64_t)(1023 - 30 + (r >> 52) % 61) << 52 |
               (prog_rand(s) & ((UINT64_C(1) << 52) - 1));
    case WK_I32:
    case WK_U32: return r % 9 == 0 ? 0x80000000u : (uint32_t)(r >> 16); /* INT_MIN now and then: wraps */
    default: return r;
    }
}

static uint64_t *rand_values(wk_elem e, uint64_t *seed, size_t n)
{
    uint64_t *v = malloc((n ? n : 1) * sizeof *v);
    assert_non_null(v);
    for (size_t i = 0; i < n; i++)
        v[i] = rand_elem(e, seed);
    return v;
}

static uint64_t plain_sum(wk_elem e, const uint64_t *in, size_t n)
{
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += in[i];
    return wk_elem_bits(e) == 32 ? (uint32_t)s : s;
}

/* ---- the CUDA restated ------------------------------------------------------ */

/* v += __shfl_down_sync(FULL, v, o) for o = lanes/2 .. 1 over the first
 * `present` lanes: a source past the warp gives the lane's own value, a
 * source past `present` (absent) gives 0. */
static void ref_tree(wk_elem e, uint64_t *v, int lanes, int present)
{
    uint64_t t[64];
    for (int o = lanes / 2; o > 0; o /= 2) {
        for (int l = 0; l < present; l++)
            t[l] = l + o >= lanes ? v[l] : l + o < present ? v[l + o] : 0;
        for (int l = 0; l < present; l++)
            v[l] = gpu_add(e, v[l], t[l]);
    }
}

static int min_int(int a, int b) { return a < b ? a : b; }

/* block-reduce over vals[0 .. threads): fills partials (one per warp) and
 * warp 0's final lanes; returns thread 0's value. */
static uint64_t ref_block(wk_elem e, const uint64_t *vals, int threads, int lanes, uint64_t *partials,
                          uint64_t *lanes0)
{
    int n_warps = (threads + lanes - 1) / lanes;
    uint64_t v[64];
    for (int w = 0; w < n_warps; w++) {
        int present = min_int(lanes, threads - w * lanes);
        memcpy(v, vals + w * lanes, (size_t)present * sizeof *v);
        ref_tree(e, v, lanes, present);
        partials[w] = v[0]; /* if (lane == 0) shared[wid] = v; */
    }
    int present = min_int(lanes, threads);
    for (int l = 0; l < present; l++)
        v[l] = l < n_warps ? partials[l] : 0;
    ref_tree(e, v, lanes, present);
    if (lanes0)
        memcpy(lanes0, v, (size_t)present * sizeof *v);
    return v[0];
}

/* device-reduce's two kernels; partials gets the grid's G values. */
static uint64_t ref_device(wk_elem e, const uint64_t *in, size_t n, int grid, int block, int lanes,
                           uint64_t *partials)
{
    uint64_t *acc = malloc((size_t)block * sizeof *acc), shared[64];
    assert_non_null(acc);
    size_t stride = (size_t)grid * (size_t)block;
    for (int b = 0; b < grid; b++) {
        for (int t = 0; t < block; t++) {
            acc[t] = 0;
            for (size_t i = (size_t)b * (size_t)block + (size_t)t; i < n; i += stride)
                acc[t] = gpu_add(e, acc[t], in[i]);
        }
        partials[b] = ref_block(e, acc, block, lanes, shared, NULL);
    }
    for (int t = 0; t < block; t++) {
        acc[t] = 0;
        for (int i = t; i < grid; i += block)
            acc[t] = gpu_add(e, acc[t], partials[i]);
    }
    uint64_t sum = ref_block(e, acc, block, lanes, shared, NULL);
    free(acc);
    return sum;
}

static int lanes_of(ws_profile_id p) { return p == WS_PROFILE_WAVE64 ? 64 : 32; }

static void expect_bits_at(const char *what, const wk_output *o, size_t i, uint64_t want)
{
    if (o->bits[i] != want)
        fail_msg("%s: %s[%zu] = 0x%llx, expected 0x%llx", what, o->name, i, (unsigned long long)o->bits[i],
                 (unsigned long long)want);
}

/* ---- block-reduce ------------------------------------------------------------ */

static const wk_elem types[] = {WK_I32, WK_U32, WK_F32, WK_F64, WK_I64, WK_U64};
#define N_TYPES (sizeof types / sizeof types[0])

static void check_block(ws_profile_id profile, wk_elem e, int block, const uint64_t *in)
{
    int lanes = lanes_of(profile), n_warps = (block + lanes - 1) / lanes;
    uint64_t partials[32], lanes0[64];
    uint64_t sum = ref_block(e, in, block, lanes, partials, lanes0);
    if (!wk_elem_is_float(e))
        assert_true(sum == plain_sum(e, in, (size_t)block));
    wk_run r;
    prog_run(&r, "block-reduce", &(wk_params){.type = e, .profile = profile, .block = block}, in, (size_t)block);
    char what[80];
    snprintf(what, sizeof what, "block-reduce %s %s --block %d", wk_elem_name(e), ws_profile_name(profile), block);
    const wk_output *s = prog_output(&r, "sum"), *p = prog_output(&r, "partials"), *v = prog_output(&r, "v");
    assert_int_equal(s->count, 1);
    expect_bits_at(what, s, 0, sum);
    assert_int_equal(p->count, (size_t)n_warps);
    for (int w = 0; w < n_warps; w++)
        expect_bits_at(what, p, (size_t)w, partials[w]);
    assert_int_equal(v->count, (size_t)lanes);
    for (int l = 0; l < lanes; l++) {
        assert_int_equal(v->lane_state[l], l < block ? WK_LANE_RAN : WK_LANE_ABSENT);
        if (l < block)
            expect_bits_at(what, v, (size_t)l, lanes0[l]);
    }
    wk_run_free(&r);
}

static void test_block_sizes(void **state)
{
    (void)state;
    static const int sizes[] = {1, 31, 32, 33, 100, 128, 1024};
    uint64_t seed = 1;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t t = 0; t < N_TYPES; t++)
            for (int round = 0; round < (types[t] == WK_F32 ? 8 : 2); round++) {
                uint64_t *in = rand_values(types[t], &seed, (size_t)sizes[s]);
                check_block(WS_PROFILE_SM90, types[t], sizes[s], in);
                free(in);
            }
}

static void test_block_wave64(void **state)
{
    (void)state;
    static const int sizes[] = {1, 63, 64, 65, 100, 1024};
    uint64_t seed = 2;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t t = 0; t < N_TYPES; t++) {
            uint64_t *in = rand_values(types[t], &seed, (size_t)sizes[s]);
            check_block(WS_PROFILE_WAVE64, types[t], sizes[s], in);
            free(in);
        }
}

static void test_block_default_and_walkthrough(void **state)
{
    (void)state;
    /* --block 0 is 128 threads; v = threadIdx.x: the sum is 127*128/2, warp
     * w's partial is the sum of 32w .. 32w+31 = 1024w + 496 */
    uint64_t in[128];
    for (int i = 0; i < 128; i++)
        in[i] = (uint64_t)i;
    wk_run r;
    prog_run(&r, "block-reduce", &(wk_params){.type = WK_I32}, in, 128);
    assert_int_equal(prog_output(&r, "sum")->bits[0], 8128);
    for (int w = 0; w < 4; w++)
        assert_int_equal(prog_output(&r, "partials")->bits[w], 1024 * w + 496);
    assert_int_equal(r.n_diags, 0); /* whole warps: nothing undefined */
    wk_run_free(&r);
}

static void test_block_partial_warp_diagnostics(void **state)
{
    (void)state;
    uint64_t in[1024] = {0};
    wk_run r;
    /* 33 threads: warp 1 has one lane; its lane 0 reads absent lanes 16, 8, 4, 2, 1 */
    prog_run(&r, "block-reduce", &(wk_params){.type = WK_I32, .block = 33}, in, 33);
    assert_int_equal(r.n_diags, 5);
    for (size_t i = 0; i < r.n_diags; i++) {
        assert_int_equal(r.diags[i].code, WS_DIAG_ABSENT_SOURCE);
        assert_int_equal(r.diag_warp[i], 1);
        assert_int_equal(r.diags[i].lanes, 1);
    }
    wk_run_free(&r);
    /* 20 threads: warp 0 itself is partial, in both of its trees */
    prog_run(&r, "block-reduce", &(wk_params){.type = WK_I32, .block = 20}, in, 20);
    assert_true(r.n_diags > 0);
    for (size_t i = 0; i < r.n_diags; i++)
        assert_int_equal(r.diags[i].code, WS_DIAG_ABSENT_SOURCE);
    wk_run_free(&r);
    for (int b = 32; b <= 1024; b *= 2) {
        prog_run(&r, "block-reduce", &(wk_params){.type = WK_I32, .block = b}, in, (size_t)b);
        assert_int_equal(r.n_diags, 0);
        wk_run_free(&r);
    }
    /* wave64, 65 threads: wave 1's lane 0 reads absent lanes, and its full
     * mask is not EXEC (a debug HIP build traps) */
    prog_run(&r, "block-reduce", &(wk_params){.type = WK_I32, .block = 65, .profile = WS_PROFILE_WAVE64}, in, 65);
    bool absent = false, not_exec = false;
    for (size_t i = 0; i < r.n_diags; i++) {
        assert_int_equal(r.diag_warp[i], 1);
        absent |= r.diags[i].code == WS_DIAG_ABSENT_SOURCE;
        not_exec |= r.diags[i].code == WS_DIAG_MASK_NOT_EXEC;
    }
    assert_true(absent && not_exec);
    wk_run_free(&r);
    /* --diag error turns the undefined read into a failure */
    assert_false(prog_run_status(&r, "block-reduce", &(wk_params){.type = WK_I32, .block = 33, .diag = WS_DIAG_POLICY_ERROR}, in, 33));
    wk_run_free(&r);
}

/* f64 NaN payloads show the operand order of both trees (v += t: own
 * first, the order measured on the H200, docs/conformance.md). semantics.md 7: an f64 add returns its FIRST NaN operand, quieted
 * (0x7FF0..0N becomes 0x7FF8..0N, written qN below). Inputs are 1.0 but
 * for a few NaNs; payload N at thread x is written x:N.
 *   - --block 32, 0:1 16:2: in warp 0's tree lane 0 adds own NaN(1) + NaN(2)
 *     read from lane 16 at offset 16: partial[0] = sum = q1 (t + v: q2).
 *   - --block 64, 0:1 32:3: each warp has one NaN, so partial[0] = q1 and
 *     partial[1] = q3 in either order; warp 0's second tree has v = [q1,
 *     q3, 0, ...], lane 0 reads zeros at offsets 16..2 and adds own q1 +
 *     q3 at offset 1: sum = q1 (t + v: q3).
 *   - --block 48, 0:1 32:3 40:4: warp 1 is partial (16 lanes); its lane 0
 *     reads absent lane 16 (0) at offset 16, then own NaN(3) + NaN(4) from
 *     lane 8 at offset 8: partial[1] = q3; sum = q1 + q3 = q1.
 *   - wave64 --block 128, 0:1 32:2 64:3: wave 0's lane 0 adds own NaN(1) +
 *     NaN(2) at offset 32: partial[0] = q1; partial[1] = q3; sum = q1. */
static void test_block_f64_nan_operand_order(void **state)
{
    (void)state;
    static const struct {
        ws_profile_id profile;
        int block;
        int nan_at[3], payload[3];
        uint64_t partials[2], sum;
    } cases[] = {
        {WS_PROFILE_SM90, 32, {0, 16, -1}, {1, 2, 0}, {1, 0}, 1},
        {WS_PROFILE_SM90, 64, {0, 32, -1}, {1, 3, 0}, {1, 3}, 1},
        {WS_PROFILE_SM90, 48, {0, 32, 40}, {1, 3, 4}, {1, 3}, 1},
        {WS_PROFILE_WAVE64, 128, {0, 32, 64}, {1, 2, 3}, {1, 3}, 1},
    };
    const uint64_t nan = UINT64_C(0x7FF0000000000000), quiet = UINT64_C(0x7FF8000000000000);
    uint64_t in[128], partials[32], lanes0[64];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        int block = cases[c].block, lanes = lanes_of(cases[c].profile), n_warps = (block + lanes - 1) / lanes;
        for (int i = 0; i < block; i++)
            in[i] = f64_bits(1.0);
        for (int j = 0; j < 3; j++)
            if (cases[c].nan_at[j] >= 0)
                in[cases[c].nan_at[j]] = nan | (uint64_t)cases[c].payload[j];
        /* the hand-worked values above and the restatement agree */
        assert_true(ref_block(WK_F64, in, block, lanes, partials, lanes0) == (quiet | cases[c].sum));
        for (int w = 0; w < n_warps; w++)
            assert_true(partials[w] == (quiet | cases[c].partials[w]));
        check_block(cases[c].profile, WK_F64, block, in);
    }
}

static void test_block_sym(void **state)
{
    (void)state;
    static const int sizes[] = {1, 33, 100, 1024};
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int block = sizes[s];
        wk_run r;
        prog_run(&r, "block-reduce", &(wk_params){.type = WK_SYM, .block = block}, NULL, 0);
        const wk_output *sum = prog_output(&r, "sum"), *p = prog_output(&r, "partials");
        for (int i = 0; i < block; i++) {
            assert_int_equal(sym_count(&r, sum, 0, (size_t)i), 1);
            for (size_t w = 0; w < p->count; w++)
                assert_int_equal(sym_count(&r, p, w, (size_t)i), (size_t)i / 32 == w ? 1 : 0);
        }
        wk_run_free(&r);
    }
}

static void test_block_bad_params(void **state)
{
    (void)state;
    uint64_t in[2000] = {0};
    wk_run r;
    assert_false(prog_run_status(&r, "block-reduce", &(wk_params){.type = WK_I32, .block = 2000}, in, 2000));
    assert_non_null(strstr(r.error, "--block 2000: must be 1..1024"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "block-reduce", &(wk_params){.type = WK_I32, .block = -1}, in, 1));
    assert_non_null(strstr(r.error, "--block -1"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "block-reduce", &(wk_params){.type = WK_I32}, in, 100));
    assert_non_null(strstr(r.error, "takes 128 input values"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "block-reduce", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE32}, in, 128));
    assert_non_null(strstr(r.error, "wave32"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "block-reduce", &(wk_params){.type = WK_I32, .threads = 5}, in, 128));
    assert_non_null(strstr(r.error, "--threads"));
    wk_run_free(&r);
}

/* ---- device-reduce ----------------------------------------------------------- */

/* Runs device-reduce on in[0 .. n) and compares its sum and partials with
 * ref_device; returns the reference sum. */
static uint64_t check_device_on(ws_profile_id profile, wk_elem e, const uint64_t *in, size_t n, int grid, int block)
{
    uint64_t *partials = malloc((size_t)grid * sizeof *partials);
    assert_non_null(partials);
    int lanes = lanes_of(profile);
    uint64_t sum = ref_device(e, in, n, grid, block, lanes, partials);
    if (!wk_elem_is_float(e))
        assert_true(sum == plain_sum(e, in, n));
    wk_run r;
    prog_run(&r, "device-reduce", &(wk_params){.type = e, .profile = profile, .n = n, .grid = grid, .block = block},
             in, n);
    char what[96];
    snprintf(what, sizeof what, "device-reduce %s %s n %zu grid %d block %d", wk_elem_name(e),
             ws_profile_name(profile), n, grid, block);
    const wk_output *s = prog_output(&r, "sum"), *p = prog_output(&r, "partials");
    assert_int_equal(s->count, 1);
    expect_bits_at(what, s, 0, sum);
    assert_int_equal(p->count, (size_t)grid);
    for (int b = 0; b < grid; b++)
        expect_bits_at(what, p, (size_t)b, partials[b]);
    wk_run_free(&r);
    free(partials);
    return sum;
}

static void check_device(ws_profile_id profile, wk_elem e, size_t n, int grid, int block, uint64_t *seed)
{
    uint64_t *in = rand_values(e, seed, n);
    check_device_on(profile, e, in, n, grid, block);
    free(in);
}

static void test_device_shapes(void **state)
{
    (void)state;
    static const struct {
        size_t n;
        int grid, block;
    } cases[] = {
        {4096, 4, 128}, /* the defaults */
        {1000, 3, 100}, /* n not a multiple of grid * block; partial warps */
        {50, 4, 128},   /* n < grid * block: most threads never enter the loop */
        {1, 1, 1},      {5000, 2, 1024}, {3000, 40, 32}, /* kernel 2 loops twice */
        {777, 13, 33},  {20000, 7, 96},
    };
    uint64_t seed = 10;
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
        for (size_t t = 0; t < N_TYPES; t++)
            check_device(WS_PROFILE_SM90, types[t], cases[c].n, cases[c].grid, cases[c].block, &seed);
}

static void test_device_f32_rounds(void **state)
{
    (void)state;
    uint64_t seed = 11;
    for (int round = 0; round < 20; round++) {
        size_t n = 1 + prog_rand(&seed) % 3000;
        int grid = 1 + (int)(prog_rand(&seed) % 9), block = 1 + (int)(prog_rand(&seed) % 300);
        check_device(WS_PROFILE_SM90, WK_F32, n, grid, block, &seed);
    }
}

static void test_device_wave64(void **state)
{
    (void)state;
    uint64_t seed = 12;
    check_device(WS_PROFILE_WAVE64, WK_F32, 4096, 4, 128, &seed);
    check_device(WS_PROFILE_WAVE64, WK_F32, 999, 5, 100, &seed);
    check_device(WS_PROFILE_WAVE64, WK_I32, 30, 2, 64, &seed);
    check_device(WS_PROFILE_WAVE64, WK_F64, 2049, 3, 1024, &seed);
}

static void test_device_large(void **state)
{
    (void)state;
    uint64_t seed = 13;
    check_device(WS_PROFILE_SM90, WK_F32, (size_t)1 << 17, 2, 256, &seed);
}

static void test_device_default_launch(void **state)
{
    (void)state;
    /* all defaults: 4096 values, 4 blocks of 128; in[i] = i */
    uint64_t *in = malloc(4096 * sizeof *in);
    assert_non_null(in);
    for (int i = 0; i < 4096; i++)
        in[i] = (uint64_t)i;
    wk_run r;
    prog_run(&r, "device-reduce", &(wk_params){.type = WK_I32}, in, 4096);
    assert_int_equal(prog_output(&r, "sum")->bits[0], 4095 * 4096 / 2);
    /* block b sums i with (i / 128) % 4 == b: 8 slices of 128 */
    for (int b = 0; b < 4; b++) {
        uint64_t want = 0;
        for (int i = 0; i < 4096; i++)
            if ((i / 128) % 4 == b)
                want += (uint64_t)i;
        assert_int_equal(prog_output(&r, "partials")->bits[b], want);
    }
    assert_int_equal(r.n_diags, 0);
    wk_run_free(&r);
    free(in);
}

/* f64 NaN payloads show the operand order of the grid-stride loop (sum +=
 * in[i]: sum first) and of the block reductions (own first), the orders
 * measured on the H200 (docs/conformance.md). semantics.md 7: the
 * first NaN operand, quieted; qN is 0x7FF8..0N. Inputs 1.0 but for NaNs
 * with payload N at index i, written i:N.
 *   - n 64, grid 1, block 32, 0:1 32:2: thread 0's loop adds 0 + NaN(1) =
 *     q1, then q1 + NaN(2) = q1 (in[i] + sum: q2); the trees carry q1 to
 *     partial[0] and the sum.
 *   - n 2, grid 2, block 1, 0:1 1:2: partial[b] = q(b+1); kernel 2's thread
 *     0 loops over both: (0 + q1) + q2 = q1 (the other order: q2).
 *   - n 32, grid 1, block 32, 0:1 16:2: lane 0's tree adds own q1 + q2 at
 *     offset 16: q1.
 *   - n 1024, grid 32, block 32, 0:1 512:2: partial[0] = q1, partial[16] =
 *     q2; kernel 2's 32 threads read one partial each, and lane 0's tree
 *     adds own q1 + q2 at offset 16: q1.
 *   - n 64, grid 1, block 64, 0:1 32:2: threads 0 and 32 hold q1 and q2,
 *     so the warps' sums are q1 and q2; warp 0's second tree adds own q1 +
 *     q2 at offset 1: q1.
 *   - wave64, n 128, grid 1, block 64, 0:1 64:2: as the first case: q1. */
static void test_device_f64_nan_operand_order(void **state)
{
    (void)state;
    static const struct {
        ws_profile_id profile;
        size_t n;
        int grid, block;
        size_t nan_at[2];
    } cases[] = {
        {WS_PROFILE_SM90, 64, 1, 32, {0, 32}},     {WS_PROFILE_SM90, 2, 2, 1, {0, 1}},
        {WS_PROFILE_SM90, 32, 1, 32, {0, 16}},     {WS_PROFILE_SM90, 1024, 32, 32, {0, 512}},
        {WS_PROFILE_SM90, 64, 1, 64, {0, 32}},     {WS_PROFILE_WAVE64, 128, 1, 64, {0, 64}},
    };
    const uint64_t nan1 = UINT64_C(0x7FF0000000000001), nan2 = UINT64_C(0x7FF0000000000002);
    uint64_t *in = malloc(1024 * sizeof *in);
    assert_non_null(in);
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        for (size_t i = 0; i < cases[c].n; i++)
            in[i] = f64_bits(1.0);
        in[cases[c].nan_at[0]] = nan1;
        in[cases[c].nan_at[1]] = nan2;
        uint64_t sum = check_device_on(cases[c].profile, WK_F64, in, cases[c].n, cases[c].grid, cases[c].block);
        if (sum != UINT64_C(0x7FF8000000000001))
            fail_msg("case %zu: the restatement gives 0x%llx, the hand-worked value is q1", c,
                     (unsigned long long)sum);
    }
    free(in);
}

static void test_device_sym(void **state)
{
    (void)state;
    static const struct {
        size_t n;
        int grid, block;
    } cases[] = {{2048, 0, 0}, {1000, 3, 100}, {50, 4, 128}, {777, 13, 33}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wk_run r;
        prog_run(&r, "device-reduce",
                 &(wk_params){.type = WK_SYM, .n = cases[c].n, .grid = cases[c].grid, .block = cases[c].block}, NULL,
                 0);
        size_t n = cases[c].n ? cases[c].n : 4096;
        size_t grid = cases[c].grid ? (size_t)cases[c].grid : 4, block = cases[c].block ? (size_t)cases[c].block : 128;
        const wk_output *sum = prog_output(&r, "sum"), *p = prog_output(&r, "partials");
        for (size_t i = 0; i < n; i++) {
            assert_int_equal(sym_count(&r, sum, 0, i), 1);
            for (size_t b = 0; b < grid; b++) /* block b owns the slices with (i / B) % G == b */
                assert_int_equal(sym_count(&r, p, b, i), (i / block) % grid == b ? 1 : 0);
        }
        wk_run_free(&r);
    }
}

static void test_device_traces_loop(void **state)
{
    (void)state;
    /* n = 100, 2 blocks of 32: block 0's lanes run 2 trips (i, i + 64), block
     * 1's lanes 0..3 run 2 and the rest 1: the loop body shows it */
    uint64_t in[100] = {0};
    wk_run r;
    prog_run(&r, "device-reduce", &(wk_params){.type = WK_I32, .n = 100, .grid = 2, .block = 32, .trace = true}, in,
             100);
    int bodies[2] = {0, 0};
    ws_mask last[2] = {0, 0};
    for (size_t i = 0; i < r.trace.count; i++) {
        const wk_step *s = &r.trace.steps[i];
        if (s->block < 2 && strstr(s->cuda, "sum += in[i];")) {
            bodies[s->block]++;
            last[s->block] = s->executed;
        }
    }
    assert_int_equal(bodies[0], 2);
    assert_int_equal(bodies[1], 2);
    assert_int_equal(last[0], 0xFFFFFFFFu);
    assert_int_equal(last[1], 0xFu);
    wk_run_free(&r);
}

static void test_device_bad_params(void **state)
{
    (void)state;
    uint64_t *in = calloc(8192, sizeof *in);
    assert_non_null(in);
    wk_run r;
    assert_false(prog_run_status(&r, "device-reduce", &(wk_params){.type = WK_I32, .block = 2000}, in, 4096));
    assert_non_null(strstr(r.error, "--block 2000: must be 1..1024"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "device-reduce", &(wk_params){.type = WK_I32, .grid = -1}, in, 4096));
    assert_non_null(strstr(r.error, "--grid -1"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "device-reduce", &(wk_params){.type = WK_I32, .grid = 70000}, in, 4096));
    assert_non_null(strstr(r.error, "--grid 70000"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "device-reduce", &(wk_params){.type = WK_I32, .n = 100}, in, 99));
    assert_non_null(strstr(r.error, "takes 100 input values"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "device-reduce", &(wk_params){.type = WK_SYM, .n = 5000}, NULL, 0));
    assert_non_null(strstr(r.error, "at most 4096"));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "device-reduce", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE32}, in, 4096));
    wk_run_free(&r);
    assert_false(prog_run_status(&r, "device-reduce", &(wk_params){.type = WK_I32, .width = 4}, in, 4096));
    assert_non_null(strstr(r.error, "takes no --width"));
    wk_run_free(&r);
    free(in);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_block_sizes),
        cmocka_unit_test(test_block_wave64),
        cmocka_unit_test(test_block_default_and_walkthrough),
        cmocka_unit_test(test_block_partial_warp_diagnostics),
        cmocka_unit_test(test_block_f64_nan_operand_order),
        cmocka_unit_test(test_block_sym),
        cmocka_unit_test(test_block_bad_params),
        cmocka_unit_test(test_device_shapes),
        cmocka_unit_test(test_device_f32_rounds),
        cmocka_unit_test(test_device_wave64),
        cmocka_unit_test(test_device_large),
        cmocka_unit_test(test_device_default_launch),
        cmocka_unit_test(test_device_f64_nan_operand_order),
        cmocka_unit_test(test_device_sym),
        cmocka_unit_test(test_device_traces_loop),
        cmocka_unit_test(test_device_bad_params),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
