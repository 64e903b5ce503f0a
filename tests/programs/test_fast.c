/* The fast untraced path (programs/fast/fast_warps.h) against the model:
 *   - every supported program x profile x numeric type: random warps (random
 *     bits, so NaNs with payloads, +-0, +-inf, subnormals, INT_MIN/INT_MAX,
 *     small ints for ties) through wk_fast_run_warps, each warp compared bit
 *     for bit with the warp model (wk_run_exec with model_only);
 *   - the hook in wk_run_exec: an untraced run gives the outputs the model
 *     path gives (names, types, lanes, lane states, no diagnostics);
 *   - independent references: reduce-down and reduce-xor totals and scan-incl
 *     prefixes of integers as plain wrapping C sums, reduce-down lane 0 of
 *     floats as the tree restated in C with gpu_add (semantics.md 7's NaN rules),
 *     bitonic of integers against qsort;
 *   - the same warps (10,000 of reduce-down) with 1, 2, 3 and 8 OpenMP
 *     threads: equal bytes;
 *   - what it refuses: --pairs, --threads, --active, sym, other programs. */
#include <inttypes.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fast/fast_warps.h"
#include "prog_support.h"

/* LeakSanitizer: clang's OpenMP runtime (libomp) keeps its threads' state
 * until the process ends, which LSan reports as a leak. Only read when the
 * test runs under LSan. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libomp.so\n"; }

static const wk_elem number_types[] = {WK_I32, WK_U32, WK_F32, WK_F64, WK_I64, WK_U64};
#define N_TYPES (sizeof number_types / sizeof number_types[0])
static const ws_profile_id profiles[] = {WS_PROFILE_SM90, WS_PROFILE_WAVE64, WS_PROFILE_WAVE32};
#define N_PROFILES (sizeof profiles / sizeof profiles[0])

typedef struct fast_case {
    const char *program;
    bool descending;
    int src_lane; /* broadcast's --src */
    wk_redop op;  /* reduce-redux's --op */
    int width;    /* segmented-reduce's --width (0: the default) */
} fast_case;

static const fast_case cases[] = {
    {"reduce-down", false, 0, WK_OP_ADD, 0}, {"reduce-xor", false, 0, WK_OP_ADD, 0}, {"scan-incl", false, 0, WK_OP_ADD, 0},
    {"scan-excl", false, 0, WK_OP_ADD, 0},   {"bitonic", false, 0, WK_OP_ADD, 0},    {"bitonic", true, 0, WK_OP_ADD, 0},
    {"broadcast", false, 0, WK_OP_ADD, 0},   {"broadcast", false, 29, WK_OP_ADD, 0},
    {"reduce-redux", false, 0, WK_OP_ADD, 0}, {"reduce-redux", false, 0, WK_OP_MIN, 0}, {"reduce-redux", false, 0, WK_OP_MAX, 0},
    {"reduce-redux", false, 0, WK_OP_AND, 0}, {"reduce-redux", false, 0, WK_OP_OR, 0},  {"reduce-redux", false, 0, WK_OP_XOR, 0},
    {"cg-reduce", false, 0, WK_OP_ADD, 0},    {"segmented-reduce", false, 0, WK_OP_ADD, 0},
    {"segmented-reduce", false, 0, WK_OP_ADD, 2}, {"segmented-reduce", false, 0, WK_OP_ADD, 16},
    {"cub-reduce", false, 0, WK_OP_ADD, 0},  {"cub-scan-incl", false, 0, WK_OP_ADD, 0},
    {"cg-scan-incl", false, 0, WK_OP_ADD, 0}, {"cg-scan-excl", false, 0, WK_OP_ADD, 0},
    {"cub-scan-excl", false, 0, WK_OP_ADD, 0}, {"seed-xor-sort", false, 0, WK_OP_ADD, 0},
};
#define N_CASES (sizeof cases / sizeof cases[0])

/* Warps per case: more than one batch of 64, and not a multiple of it. The
 * model runs are the slow part (milliseconds each under ASan), so by default
 * a spread of them is compared, in the full batch and in the short last one;
 * WARPSIM_TEST_ALL_WARPS=1 compares every warp. */
enum { WARPS_PER_CASE = 70 };
static const size_t compared_warps[] = {0, 29, 63, 64, 69};

static bool compare_all_warps(void)
{
    const char *all = getenv("WARPSIM_TEST_ALL_WARPS");
    return all && strcmp(all, "1") == 0;
}

static int lanes_of(ws_profile_id p) { return ws_profile_lanes(p); }
static size_t elem_size(wk_elem e) { return (size_t)wk_elem_bits(e) / 8; }

/* ---- inputs --------------------------------------------------------------- */

/* Random bits of the type: a quarter special values, a quarter any bits
 * (floats: NaNs with payloads now and then), a quarter moderate values (so
 * float sums round), a quarter small integers or their float values (ties). */
static uint64_t rand_value(wk_elem e, uint64_t *s)
{
    static const uint32_t special32f[] = {0x00000000u, 0x80000000u, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                          0xFFC00001u, 0x7F800001u, 0xFFA5A5A5u, 0x00000001u, 0x807FFFFFu,
                                          0x7F7FFFFFu, 0x3F800000u};
    static const uint64_t special64f[] = {0, UINT64_C(1) << 63, UINT64_C(0x7FF0000000000000),
                                          UINT64_C(0xFFF0000000000000), UINT64_C(0x7FF8000000000000),
                                          UINT64_C(0xFFF8000000000123), UINT64_C(0x7FF0000000000001),
                                          UINT64_C(0xFFF4A5A5A5A5A5A5), 1, UINT64_C(0x7FEFFFFFFFFFFFFF),
                                          UINT64_C(0x3FF0000000000000)};
    static const uint64_t special32i[] = {0x80000000u, 0x7FFFFFFFu, 0xFFFFFFFFu, 0, 1, 0x80000001u};
    static const uint64_t special64i[] = {UINT64_C(1) << 63, INT64_MAX, UINT64_MAX, 0, 1, (UINT64_C(1) << 63) + 1};
    uint64_t r = prog_rand(s), pick = r >> 62, k = (r >> 8) % 251;
    bool wide = wk_elem_bits(e) == 64;
    switch (e) {
    case WK_F32:
        if (pick == 0)
            return special32f[k % (sizeof special32f / sizeof special32f[0])];
        if (pick == 1)
            return (uint32_t)prog_rand(s);
        if (pick == 2)
            return (uint32_t)(r >> 61 & 1) << 31 | (uint32_t)(127 - 20 + (r >> 32) % 41) << 23 |
                   (uint32_t)(r & 0x7FFFFF);
        return f32_bits((float)((int)(k % 9) - 4));
    case WK_F64:
        if (pick == 0)
            return special64f[k % (sizeof special64f / sizeof special64f[0])];
        if (pick == 1)
            return prog_rand(s);
        if (pick == 2)
            return (r >> 61 & 1) << 63 | (uint64_t)(1023 - 20 + (r >> 32) % 41) << 52 |
                   (prog_rand(s) & ((UINT64_C(1) << 52) - 1));
        return f64_bits((double)((int)(k % 9) - 4));
    default:
        if (pick == 0)
            return wide ? special64i[k % 6] : special32i[k % 6];
        if (pick == 3) {
            uint64_t small = (uint64_t)((int64_t)(k % 9) - 4);
            return wide ? small : (uint32_t)small;
        }
        return wide ? prog_rand(s) : (uint32_t)prog_rand(s);
    }
}

static void *random_warps(wk_elem e, size_t values, uint64_t seed)
{
    uint64_t s = seed;
    size_t size = elem_size(e);
    unsigned char *buf = malloc(values * size);
    assert_non_null(buf);
    for (size_t i = 0; i < values; i++) {
        uint64_t v = rand_value(e, &s);
        if (size == 4) {
            uint32_t v32 = (uint32_t)v;
            memcpy(buf + i * 4, &v32, 4);
        } else {
            memcpy(buf + i * 8, &v, 8);
        }
    }
    return buf;
}

static uint64_t get_bits(wk_elem e, const void *buf, size_t i)
{
    if (elem_size(e) == 4) {
        uint32_t v;
        memcpy(&v, (const unsigned char *)buf + i * 4, 4);
        return v;
    }
    uint64_t v;
    memcpy(&v, (const unsigned char *)buf + i * 8, 8);
    return v;
}

static wk_params case_params(const fast_case *c, ws_profile_id profile, wk_elem type)
{
    return (wk_params){.profile = profile, .type = type, .descending = c->descending, .src_lane = c->src_lane,
                       .op = c->op, .width = c->width};
}

/* Whether the program takes this type on this profile at all (reduce-redux:
 * integers, and 64-bit ones only off sm90): the program's own checks. */
static bool case_applies(const fast_case *c, ws_profile_id profile, wk_elem type)
{
    const wk_program *p = wk_find_program(c->program);
    wk_params q = case_params(c, profile, type);
    char err[200];
    wk_apply_defaults(p, &q);
    return wk_check_params(p, &q, err, sizeof err) && wk_input_count(p, &q, err, sizeof err) > 0;
}

/* ---- fast path == model path, bit for bit --------------------------------- */

/* A full warp's only diagnostics: two f64 NaNs meeting in an add. */
static void assert_only_nan_pairs(const wk_run *r, wk_elem type)
{
    for (size_t i = 0; i < r->n_diags; i++) {
        assert_int_equal(type, WK_F64);
        assert_int_equal(r->diags[i].code, WS_DIAG_F64_NAN_PAIR);
    }
}

static void compare_with_model(const fast_case *c, ws_profile_id profile, wk_elem type, uint64_t seed)
{
    const wk_program *p = wk_find_program(c->program);
    assert_non_null(p);
    wk_params params = case_params(c, profile, type);
    assert_true(wk_fast_supports(p, &params));
    const char *names[2] = {NULL, NULL};
    int n_outputs = wk_fast_output_names(p, &params, names);
    assert_true(n_outputs >= 1);

    int lanes = lanes_of(profile);
    size_t n = (size_t)WARPS_PER_CASE * (size_t)lanes, size = elem_size(type);
    void *in = random_warps(type, n, seed);
    void *outs[2] = {malloc(n * size), malloc(n * size)};
    void *only_v = malloc(n * size);
    assert_true(outs[0] && outs[1] && only_v);
    char err[200] = "";
    assert_true(wk_fast_run_warps_all(p, &params, in, outs, WARPS_PER_CASE, err, sizeof err));
    assert_true(wk_fast_run_warps(p, &params, in, only_v, WARPS_PER_CASE, err, sizeof err));
    assert_memory_equal(only_v, outs[0], n * size);

    wk_params model = params;
    model.model_only = true;
    bool all = compare_all_warps();
    size_t n_compared = all ? WARPS_PER_CASE : sizeof compared_warps / sizeof compared_warps[0];
    for (size_t i_warp = 0; i_warp < n_compared; i_warp++) {
        size_t w = all ? i_warp : compared_warps[i_warp];
        uint64_t input[64];
        for (int lane = 0; lane < lanes; lane++)
            input[lane] = get_bits(type, in, w * (size_t)lanes + (size_t)lane);
        wk_run r;
        prog_run(&r, c->program, &model, input, (size_t)lanes);
        assert_only_nan_pairs(&r, type);
        for (int i = 0; i < n_outputs; i++) {
            const wk_output *o = prog_output(&r, names[i]);
            for (int lane = 0; lane < lanes; lane++) {
                uint64_t fast = get_bits(type, outs[i], w * (size_t)lanes + (size_t)lane);
                if (o->bits[lane] != fast) {
                    print_error("%s%s %s %s warp %zu output %s lane %d: model 0x%" PRIx64 ", fast 0x%" PRIx64 "\n",
                                c->program, c->descending ? " --descending" : "", ws_profile_name(profile),
                                wk_elem_name(type), w, names[i], lane, o->bits[lane], fast);
                    wk_run_free(&r);
                    fail();
                }
            }
        }
        wk_run_free(&r);
    }
    free(in);
    free(outs[0]);
    free(outs[1]);
    free(only_v);
}

static void test_fast_equals_model(void **state)
{
    (void)state;
    uint64_t seed = 0xFA57;
    for (size_t c = 0; c < N_CASES; c++)
        for (size_t p = 0; p < N_PROFILES; p++)
            for (size_t t = 0; t < N_TYPES; t++)
                if (case_applies(&cases[c], profiles[p], number_types[t]))
                    compare_with_model(&cases[c], profiles[p], number_types[t], seed++);
}

/* ---- the hook: an untraced wk_run_exec goes the fast way, same outputs ---- */

static void test_hook_same_outputs(void **state)
{
    (void)state;
    uint64_t seed = 77;
    for (size_t c = 0; c < N_CASES; c++)
        for (size_t p = 0; p < N_PROFILES; p++)
            for (size_t t = 0; t < N_TYPES; t++) {
                wk_elem type = number_types[t];
                if (!case_applies(&cases[c], profiles[p], type))
                    continue;
                int lanes = lanes_of(profiles[p]);
                uint64_t input[64];
                for (int lane = 0; lane < lanes; lane++)
                    input[lane] = rand_value(type, &seed);
                wk_params fast = case_params(&cases[c], profiles[p], type), model = fast;
                model.model_only = true;
                wk_run a, b;
                prog_run(&a, cases[c].program, &fast, input, (size_t)lanes);
                prog_run(&b, cases[c].program, &model, input, (size_t)lanes);
                assert_int_equal(a.n_outputs, b.n_outputs);
                /* f64 NaN inputs take the model path, to report F64_NAN_PAIR */
                assert_int_equal(a.n_diags, b.n_diags);
                assert_only_nan_pairs(&a, type);
                for (int i = 0; i < a.n_outputs; i++) {
                    const wk_output *x = &a.outputs[i], *y = &b.outputs[i];
                    assert_string_equal(x->name, y->name);
                    assert_int_equal(x->type, y->type);
                    assert_int_equal(x->block, y->block);
                    assert_int_equal(x->warp, y->warp);
                    assert_int_equal(x->per_lane, y->per_lane);
                    assert_int_equal(x->count, y->count);
                    assert_memory_equal(x->bits, y->bits, x->count * sizeof *x->bits);
                    assert_memory_equal(x->lane_state, y->lane_state, x->count);
                }
                wk_run_free(&a);
                wk_run_free(&b);
            }
}

/* A traced run and a run with --threads still take the model path (their
 * trace and lane states exist only there). */
static void test_hook_leaves_traced_and_partial_runs(void **state)
{
    (void)state;
    uint64_t input[32];
    for (int lane = 0; lane < 32; lane++)
        input[lane] = (uint64_t)lane;
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.trace = true}, input, 32);
    assert_true(r.trace.count > 0);
    assert_int_equal(prog_output(&r, "v")->bits[0], 496);
    wk_run_free(&r);
    prog_run(&r, "reduce-down", &(wk_params){.threads = 20}, input, 32);
    assert_int_equal(prog_output(&r, "v")->lane_state[25], WK_LANE_ABSENT);
    wk_run_free(&r);
}

/* ---- independent references ------------------------------------------------ */

static uint64_t wrap(wk_elem e, uint64_t v) { return wk_elem_bits(e) == 64 ? v : (uint32_t)v; }

static void run_fast(const char *name, const wk_params *params, const void *in, void *out, size_t n_warps)
{
    char err[200] = "";
    if (!wk_fast_run_warps(wk_find_program(name), params, in, out, n_warps, err, sizeof err)) {
        print_error("%s\n", err);
        fail();
    }
}

/* Integers: reduce-down lane 0 and every lane of reduce-xor hold the plain
 * wrapping sum; scan-incl lane i holds in[0] + ... + in[i]. */
static void test_int_sums(void **state)
{
    (void)state;
    enum { W = 100 };
    for (size_t p = 0; p < N_PROFILES; p++)
        for (size_t t = 0; t < N_TYPES; t++) {
            wk_elem e = number_types[t];
            if (wk_elem_is_float(e))
                continue;
            int lanes = lanes_of(profiles[p]);
            size_t n = (size_t)W * (size_t)lanes;
            void *in = random_warps(e, n, 1000 + p * 10 + t), *down = malloc(n * 8), *xor = malloc(n * 8),
                 *scan = malloc(n * 8);
            assert_true(down && xor && scan);
            wk_params q = {.profile = profiles[p], .type = e};
            run_fast("reduce-down", &q, in, down, W);
            run_fast("reduce-xor", &q, in, xor, W);
            run_fast("scan-incl", &q, in, scan, W);
            for (size_t w = 0; w < W; w++) {
                uint64_t sum = 0;
                for (int lane = 0; lane < lanes; lane++) {
                    size_t i = w * (size_t)lanes + (size_t)lane;
                    sum = wrap(e, sum + get_bits(e, in, i));
                    assert_int_equal(get_bits(e, scan, i), sum);
                }
                assert_int_equal(get_bits(e, down, w * (size_t)lanes), sum);
                for (int lane = 0; lane < lanes; lane++)
                    assert_int_equal(get_bits(e, xor, w * (size_t)lanes + (size_t)lane), sum);
            }
            free(in);
            free(down);
            free(xor);
            free(scan);
        }
}

/* Floats: reduce-down restated as C over arrays (own value when lane + o
 * leaves the warp, the peer's value first in the add: with two f64 NaNs the
 * peer's payload survives, the order measured on the H200, docs/conformance.md
 * and programs/README.md), gpu_add for the bits. */
static void test_float_tree(void **state)
{
    (void)state;
    enum { W = 100 };
    const wk_elem floats[] = {WK_F32, WK_F64};
    for (size_t p = 0; p < N_PROFILES; p++)
        for (size_t t = 0; t < 2; t++) {
            wk_elem e = floats[t];
            int lanes = lanes_of(profiles[p]);
            size_t n = (size_t)W * (size_t)lanes;
            void *in = random_warps(e, n, 2000 + p * 10 + t), *out = malloc(n * 8);
            assert_non_null(out);
            run_fast("reduce-down", &(wk_params){.profile = profiles[p], .type = e}, in, out, W);
            for (size_t w = 0; w < W; w++) {
                uint64_t v[64], next[64];
                for (int lane = 0; lane < lanes; lane++)
                    v[lane] = get_bits(e, in, w * (size_t)lanes + (size_t)lane);
                for (int o = lanes / 2; o > 0; o /= 2) {
                    for (int lane = 0; lane < lanes; lane++)
                        next[lane] = gpu_add(e, v[lane + o < lanes ? lane + o : lane], v[lane]);
                    memcpy(v, next, sizeof v);
                }
                for (int lane = 0; lane < lanes; lane++)
                    assert_int_equal(get_bits(e, out, w * (size_t)lanes + (size_t)lane), v[lane]);
            }
            free(in);
            free(out);
        }
}

static wk_elem sort_type;
static int cmp_elem(const void *pa, const void *pb)
{
    uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
    bool lt, gt;
    switch (sort_type) {
    case WK_I32: lt = (int32_t)a < (int32_t)b; gt = (int32_t)a > (int32_t)b; break;
    case WK_I64: lt = (int64_t)a < (int64_t)b; gt = (int64_t)a > (int64_t)b; break;
    default: lt = a < b; gt = a > b; break;
    }
    return lt ? -1 : gt ? 1 : 0;
}

/* Integers: bitonic ascending is qsort's order, descending its reverse. */
static void test_bitonic_ints_sorted(void **state)
{
    (void)state;
    enum { W = 100 };
    for (size_t p = 0; p < N_PROFILES; p++)
        for (size_t t = 0; t < N_TYPES; t++)
            for (int desc = 0; desc < 2; desc++) {
                wk_elem e = number_types[t];
                if (wk_elem_is_float(e))
                    continue;
                int lanes = lanes_of(profiles[p]);
                size_t n = (size_t)W * (size_t)lanes;
                void *in = random_warps(e, n, 3000 + p * 10 + t), *out = malloc(n * 8);
                assert_non_null(out);
                run_fast("bitonic", &(wk_params){.profile = profiles[p], .type = e, .descending = desc}, in, out, W);
                sort_type = e;
                for (size_t w = 0; w < W; w++) {
                    uint64_t want[64];
                    for (int lane = 0; lane < lanes; lane++)
                        want[lane] = get_bits(e, in, w * (size_t)lanes + (size_t)lane);
                    qsort(want, (size_t)lanes, sizeof want[0], cmp_elem);
                    for (int lane = 0; lane < lanes; lane++)
                        assert_int_equal(get_bits(e, out, w * (size_t)lanes + (size_t)lane),
                                         want[desc ? lanes - 1 - lane : lane]);
                }
                free(in);
                free(out);
            }
}

/* ---- the same bytes for any number of threads ------------------------------ */

static void test_thread_count_invariance(void **state)
{
    (void)state;
    const struct {
        fast_case c;
        ws_profile_id profile;
        wk_elem type;
        size_t warps;
    } runs[] = {
        {{"reduce-down", false, 0, WK_OP_ADD, 0}, WS_PROFILE_SM90, WK_F32, 10000},
        {{"scan-incl", false, 0, WK_OP_ADD, 0}, WS_PROFILE_WAVE64, WK_F64, 1000},
        {{"bitonic", true, 0, WK_OP_ADD, 0}, WS_PROFILE_SM90, WK_I32, 1000},
    };
    const int thread_counts[] = {1, 2, 3, 8};
    int saved = omp_get_max_threads();
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        int lanes = lanes_of(runs[r].profile);
        size_t W = runs[r].warps, bytes = W * (size_t)lanes * elem_size(runs[r].type);
        void *in = random_warps(runs[r].type, W * (size_t)lanes, 4000 + r);
        void *first = malloc(bytes), *again = malloc(bytes);
        assert_true(first && again);
        wk_params q = case_params(&runs[r].c, runs[r].profile, runs[r].type);
        for (size_t i = 0; i < sizeof thread_counts / sizeof thread_counts[0]; i++) {
            omp_set_num_threads(thread_counts[i]);
            memset(again, 0xA5, bytes);
            run_fast(runs[r].c.program, &q, in, i == 0 ? first : again, W);
            if (i > 0)
                assert_memory_equal(first, again, bytes);
        }
        free(in);
        free(first);
        free(again);
    }
    omp_set_num_threads(saved);
}

/* ---- what the fast path refuses ------------------------------------------- */

/* The exclusive scans' first lanes, worked by hand: lane 0 holds -0.0f,
 * lane 1 +1. CUB's Update makes inc = 0 + v, and 0 + -0 is +0, so lane 1's
 * exclusive value is +0 (0x00000000); CG shifts v itself: -0 (0x80000000).
 * Lane 0 gets +0 in both. With an f32 NaN of payload 0x7FC00123 in lane 0,
 * CUB's 0 + NaN gives the H200's 0x7FFFFFFF, CG passes the payload on. */
static void test_exclusive_scans_first_lanes(void **state)
{
    (void)state;
    static const struct {
        const char *program;
        uint32_t lane0, want_lane1;
    } firsts[] = {
        {"cub-scan-excl", 0x80000000u, 0x00000000u},
        {"cg-scan-excl", 0x80000000u, 0x80000000u},
        {"cub-scan-excl", 0x7FC00123u, 0x7FFFFFFFu},
        {"cg-scan-excl", 0x7FC00123u, 0x7FC00123u},
    };
    for (size_t i = 0; i < sizeof firsts / sizeof firsts[0]; i++) {
        uint32_t in[32] = {0}, out[32];
        in[0] = firsts[i].lane0;
        in[1] = 0x3F800000u; /* 1.0f */
        wk_params q = {.profile = WS_PROFILE_SM90, .type = WK_F32};
        run_fast(firsts[i].program, &q, in, out, 1);
        if (out[0] != 0 || out[1] != firsts[i].want_lane1) {
            print_error("%s, lane 0 = 0x%08x: lanes 0, 1 = 0x%08x 0x%08x, want 0 and 0x%08x\n", firsts[i].program,
                        (unsigned)firsts[i].lane0, (unsigned)out[0], (unsigned)out[1], (unsigned)firsts[i].want_lane1);
            fail();
        }
    }
}

/* seed-xor-sort on f64 with every lane a different signalling NaN: every
 * min/max meets two NaNs and keeps its first operand, quieted. The first
 * stage passes p (lane l ^ 16's key) first, the later ones the lane's own
 * key, so lane l ends with lane (l ^ 16)'s NaN, quieted (worked by hand). */
static void test_seed_sort_nan_order(void **state)
{
    (void)state;
    uint64_t in[32], out[32];
    for (int l = 0; l < 32; l++)
        in[l] = UINT64_C(0x7FF0000000000000) | (uint64_t)(l + 1);
    wk_params q = {.profile = WS_PROFILE_SM90, .type = WK_F64};
    run_fast("seed-xor-sort", &q, in, out, 1);
    for (int l = 0; l < 32; l++)
        if (out[l] != (UINT64_C(0x7FF8000000000000) | (uint64_t)((l ^ 16) + 1))) {
            print_error("seed-xor-sort f64 lane %d: 0x%016" PRIx64 "\n", l, out[l]);
            fail();
        }
}

static void test_unsupported(void **state)
{
    (void)state;
    const wk_program *bitonic = wk_find_program("bitonic"), *down = wk_find_program("reduce-down");
    const wk_program *transpose = wk_find_program("transpose8"); /* no fast path */
    assert_true(bitonic && down && transpose);
    const struct {
        const wk_program *p;
        wk_params q;
    } refused[] = {
        {bitonic, {.pairs = true}},
        {down, {.threads = 20}},
        {down, {.active = 0xFFFF}},
        {down, {.type = WK_SYM}},
        {transpose, {0}},
        {down, {.profile = (ws_profile_id)99}},
    };
    uint32_t in[32] = {0}, out[32];
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        assert_false(wk_fast_supports(refused[i].p, &refused[i].q));
        char err[200] = "";
        assert_false(wk_fast_run_warps(refused[i].p, &refused[i].q, in, out, 1, err, sizeof err));
        assert_true(strlen(err) > 0);
    }
    assert_true(wk_fast_supports(down, &(wk_params){0}));
    char err[200] = "";
    assert_true(wk_fast_run_warps(down, &(wk_params){0}, NULL, NULL, 0, err, sizeof err)); /* no warps */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fast_equals_model),
        cmocka_unit_test(test_hook_same_outputs),
        cmocka_unit_test(test_hook_leaves_traced_and_partial_runs),
        cmocka_unit_test(test_int_sums),
        cmocka_unit_test(test_float_tree),
        cmocka_unit_test(test_bitonic_ints_sorted),
        cmocka_unit_test(test_thread_count_invariance),
        cmocka_unit_test(test_exclusive_scans_first_lanes),
        cmocka_unit_test(test_seed_sort_nan_order),
        cmocka_unit_test(test_unsupported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
