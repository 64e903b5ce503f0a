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
 *   - ballot-compact and transpose8 (outputs of other shapes: wk_fast_shape_of)
 *     the same way, every output (out's first count values, count, ballot;
 *     m), and against plain C compaction and 8x8 tile transposes; their
 *     base and AVX2 builds agree;
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
    {"ballot-compact", false, 0, WK_OP_ADD, 0}, {"transpose8", false, 0, WK_OP_ADD, 0},
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

/* A buffer of n values of e, every byte 0xA5 (so a value the fast path
 * does not write shows). */
static void *filled(wk_elem e, size_t n)
{
    void *b = malloc(n * elem_size(e));
    assert_non_null(b);
    memset(b, 0xA5, n * elem_size(e));
    return b;
}

static void compare_with_model(const fast_case *c, ws_profile_id profile, wk_elem type, uint64_t seed)
{
    const wk_program *p = wk_find_program(c->program);
    assert_non_null(p);
    wk_params params = case_params(c, profile, type);
    wk_fast_shape shape;
    assert_true(wk_fast_shape_of(p, &params, &shape));
    int n_outputs = shape.n_outputs;
    assert_true(n_outputs >= 1 && n_outputs <= WK_FAST_MAX_OUTPUTS);

    int lanes = lanes_of(profile);
    size_t per_warp = shape.in_per_warp;
    void *in = random_warps(type, WARPS_PER_CASE * per_warp, seed);
    void *outs[WK_FAST_MAX_OUTPUTS] = {NULL};
    for (int i = 0; i < n_outputs; i++)
        outs[i] = filled(shape.outputs[i].type, WARPS_PER_CASE * shape.outputs[i].per_warp);
    char err[200] = "";
    assert_true(wk_fast_run_warps_outs(p, &params, in, outs, n_outputs, WARPS_PER_CASE, err, sizeof err));
    /* The older entry points give the same first outputs, where they take the program (one input per lane). */
    bool per_lane_in = per_warp == (size_t)lanes;
    assert_int_equal(wk_fast_supports(p, &params), per_lane_in);
    if (per_lane_in) {
        void *two[2] = {filled(shape.outputs[0].type, WARPS_PER_CASE * shape.outputs[0].per_warp), NULL};
        if (n_outputs > 1)
            two[1] = filled(shape.outputs[1].type, WARPS_PER_CASE * shape.outputs[1].per_warp);
        void *only_v = filled(shape.outputs[0].type, WARPS_PER_CASE * shape.outputs[0].per_warp);
        assert_true(wk_fast_run_warps_all(p, &params, in, two, WARPS_PER_CASE, err, sizeof err));
        assert_true(wk_fast_run_warps(p, &params, in, only_v, WARPS_PER_CASE, err, sizeof err));
        for (int i = 0; i < n_outputs && i < 2; i++)
            assert_memory_equal(two[i], outs[i], WARPS_PER_CASE * shape.outputs[i].per_warp *
                                                     elem_size(shape.outputs[i].type));
        assert_memory_equal(only_v, outs[0],
                            WARPS_PER_CASE * shape.outputs[0].per_warp * elem_size(shape.outputs[0].type));
        free(two[0]);
        free(two[1]);
        free(only_v);
    } else {
        assert_false(wk_fast_run_warps(p, &params, in, outs[0], WARPS_PER_CASE, err, sizeof err));
        assert_true(strlen(err) > 0);
    }

    wk_params model = params;
    model.model_only = true;
    bool all = compare_all_warps();
    size_t n_compared = all ? WARPS_PER_CASE : sizeof compared_warps / sizeof compared_warps[0];
    for (size_t i_warp = 0; i_warp < n_compared; i_warp++) {
        size_t w = all ? i_warp : compared_warps[i_warp];
        uint64_t input[8 * 64];
        for (size_t k = 0; k < per_warp; k++)
            input[k] = get_bits(type, in, w * per_warp + k);
        wk_run r;
        prog_run(&r, c->program, &model, input, per_warp);
        assert_only_nan_pairs(&r, type);
        assert_int_equal(r.n_outputs, n_outputs);
        for (int i = 0; i < n_outputs; i++) {
            const wk_fast_output *f = &shape.outputs[i];
            const wk_output *o = prog_output(&r, f->name);
            assert_string_equal(r.outputs[i].name, f->name); /* the model's order */
            assert_int_equal(o->type, f->type);
            assert_int_equal(o->per_lane, f->per_lane);
            size_t length = f->per_warp;
            if (f->length_from >= 0)
                length = (size_t)get_bits(shape.outputs[f->length_from].type, outs[f->length_from],
                                          w * shape.outputs[f->length_from].per_warp);
            assert_int_equal(o->count, length);
            for (size_t k = 0; k < f->per_warp; k++) {
                uint64_t fast = get_bits(f->type, outs[i], w * f->per_warp + k);
                uint64_t want = k < length ? o->bits[k] : 0; /* past the length: zeros */
                if (want != fast) {
                    print_error("%s%s %s %s warp %zu output %s [%zu]: model 0x%" PRIx64 ", fast 0x%" PRIx64 "\n",
                                c->program, c->descending ? " --descending" : "", ws_profile_name(profile),
                                wk_elem_name(type), w, f->name, k, want, fast);
                    wk_run_free(&r);
                    fail();
                }
            }
        }
        wk_run_free(&r);
    }
    free(in);
    for (int i = 0; i < n_outputs; i++)
        free(outs[i]);
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
                wk_params fast = case_params(&cases[c], profiles[p], type), model = fast;
                model.model_only = true;
                wk_fast_shape shape;
                assert_true(wk_fast_shape_of(wk_find_program(cases[c].program), &fast, &shape));
                uint64_t input[8 * 64];
                for (size_t k = 0; k < shape.in_per_warp; k++)
                    input[k] = rand_value(type, &seed);
                wk_run a, b;
                prog_run(&a, cases[c].program, &fast, input, shape.in_per_warp);
                prog_run(&b, cases[c].program, &model, input, shape.in_per_warp);
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
                    if (x->per_lane) /* a list of values (out, m) has no lane states */
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
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_I32, .trace = true}, input, 32);
    assert_true(r.trace.count > 0);
    assert_int_equal(prog_output(&r, "v")->bits[0], 496);
    wk_run_free(&r);
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_I32, .threads = 20}, input, 32);
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

/* Every output of a program through wk_fast_run_warps_outs: outs[i] holds
 * output i of wk_fast_shape_of for n_warps warps of `in`. */
typedef struct shaped_run {
    wk_fast_shape shape;
    void *outs[WK_FAST_MAX_OUTPUTS];
    void *blocks[WK_FAST_MAX_OUTPUTS]; /* what was allocated: outs[i] is at it or one element in */
} shaped_run;

/* Outputs start on a 64-byte boundary (the AVX-512 build streams its
 * stores there) or, off_boundary, one element after one (ordinary stores;
 * still aligned for the element's type). */
static void run_shaped_at(shaped_run *s, const char *name, const wk_params *q, const void *in, size_t n_warps,
                          bool off_boundary)
{
    const wk_program *p = wk_find_program(name);
    assert_true(wk_fast_shape_of(p, q, &s->shape));
    for (int i = 0; i < s->shape.n_outputs; i++) {
        size_t size = elem_size(s->shape.outputs[i].type), bytes = n_warps * s->shape.outputs[i].per_warp * size;
        size_t offset = off_boundary ? size : 0;
        s->blocks[i] = aligned_alloc(64, (bytes + offset + 63) / 64 * 64);
        assert_non_null(s->blocks[i]);
        s->outs[i] = (char *)s->blocks[i] + offset;
        memset(s->outs[i], 0xA5, bytes);
    }
    char err[200] = "";
    if (!wk_fast_run_warps_outs(p, q, in, s->outs, s->shape.n_outputs, n_warps, err, sizeof err)) {
        print_error("%s\n", err);
        fail();
    }
}

static void run_shaped(shaped_run *s, const char *name, const wk_params *q, const void *in, size_t n_warps)
{
    run_shaped_at(s, name, q, in, n_warps, true);
}

static void free_shaped(shaped_run *s)
{
    for (int i = 0; i < s->shape.n_outputs; i++)
        free(s->blocks[i]);
}

/* x > 0 as IEEE orders it, from the bits: not NaN, sign clear, not zero
 * (so NaN, -0 and +0 are not kept; denormals and +inf are). */
static bool positive(wk_elem e, uint64_t x)
{
    switch (e) {
    case WK_I32: return (int32_t)(uint32_t)x > 0;
    case WK_I64: return (int64_t)x > 0;
    case WK_F32: return x != 0 && x <= 0x7F800000u;
    case WK_F64: return x != 0 && x <= UINT64_C(0x7FF0000000000000);
    default: return x != 0;
    }
}

/* ballot-compact against plain C: lane l votes positive(x); out holds the
 * kept values in lane order, then zeros; count and ballot are in every lane. */
static void test_ballot_compact_plain(void **state)
{
    (void)state;
    enum { W = 100 };
    const ws_profile_id profs[] = {WS_PROFILE_SM90, WS_PROFILE_WAVE64};
    for (size_t p = 0; p < 2; p++)
        for (size_t t = 0; t < N_TYPES; t++) {
            wk_elem e = number_types[t];
            int lanes = lanes_of(profs[p]);
            void *in = random_warps(e, (size_t)W * (size_t)lanes, 5000 + p * 10 + t);
            shaped_run s = {0};
            run_shaped(&s, "ballot-compact", &(wk_params){.profile = profs[p], .type = e}, in, W);
            wk_elem ballot_type = lanes == 64 ? WK_U64 : WK_U32;
            for (size_t w = 0; w < W; w++) {
                uint64_t ballot = 0, kept[64] = {0};
                uint32_t n = 0;
                for (int lane = 0; lane < lanes; lane++) {
                    uint64_t x = get_bits(e, in, w * (size_t)lanes + (size_t)lane);
                    if (positive(e, x)) {
                        ballot |= UINT64_C(1) << lane;
                        kept[n++] = x;
                    }
                }
                for (int lane = 0; lane < lanes; lane++) {
                    size_t i = w * (size_t)lanes + (size_t)lane;
                    assert_int_equal(get_bits(e, s.outs[0], i), kept[lane]);
                    assert_int_equal(get_bits(WK_U32, s.outs[1], i), n);
                    assert_int_equal(get_bits(ballot_type, s.outs[2], i), ballot);
                }
            }
            free_shaped(&s);
            free(in);
        }
}

/* ballot-compact on f32 edge values, worked by hand: lanes 0..7 hold NaN,
 * -0, +0, the smallest denormal, +inf, -inf, -1 and 1; kept are the
 * denormal (lane 3), +inf (4) and 1 (7); lanes 8..31 hold +0. */
static void test_ballot_compact_edges(void **state)
{
    (void)state;
    uint32_t in[32] = {0x7FC00000u, 0x80000000u, 0x00000000u, 0x00000001u,
                       0x7F800000u, 0xFF800000u, 0xBF800000u, 0x3F800000u};
    uint32_t out[32], count[32], ballot[32];
    void *const outs[3] = {out, count, ballot};
    char err[200] = "";
    assert_true(wk_fast_run_warps_outs(wk_find_program("ballot-compact"),
                                       &(wk_params){.profile = WS_PROFILE_SM90, .type = WK_F32}, in, outs, 3, 1, err,
                                       sizeof err));
    assert_int_equal(out[0], 0x00000001u);
    assert_int_equal(out[1], 0x7F800000u);
    assert_int_equal(out[2], 0x3F800000u);
    for (int lane = 0; lane < 32; lane++) {
        if (lane >= 3)
            assert_int_equal(out[lane], 0);
        assert_int_equal(count[lane], 3);
        assert_int_equal(ballot[lane], 0x98u);
    }
}

/* transpose8 against plain C: each 8-lane group's 64 values are an 8x8
 * tile, row r in lane 8g + r, and m is its transpose. Bits only, so every
 * type. */
static void test_transpose8_tiles(void **state)
{
    (void)state;
    enum { W = 100 };
    const ws_profile_id profs[] = {WS_PROFILE_SM90, WS_PROFILE_WAVE64};
    for (size_t p = 0; p < 2; p++)
        for (size_t t = 0; t < N_TYPES; t++) {
            wk_elem e = number_types[t];
            size_t per_warp = 8 * (size_t)lanes_of(profs[p]);
            void *in = random_warps(e, W * per_warp, 6000 + p * 10 + t);
            shaped_run s = {0};
            run_shaped(&s, "transpose8", &(wk_params){.profile = profs[p], .type = e}, in, W);
            for (size_t w = 0; w < W; w++)
                for (size_t tile = 0; tile < per_warp / 64; tile++)
                    for (size_t r = 0; r < 8; r++)
                        for (size_t c = 0; c < 8; c++) {
                            size_t base = w * per_warp + tile * 64;
                            assert_int_equal(get_bits(e, s.outs[0], base + r * 8 + c),
                                             get_bits(e, in, base + c * 8 + r));
                        }
            free_shaped(&s);
            free(in);
        }
}

/* Every build of the batch loops this CPU runs (AVX2, AVX-512) gives the
 * base build's bytes for the two programs test_fast_isa.c leaves out or
 * runs in part (its buffers hold one value per lane and two outputs):
 * every output, full and partial batches, more warps than one of the
 * registers path's chunks (FAST_ZMM_CHUNK), outputs on a 64-byte boundary
 * (streamed stores) and off it, one thread and three. */
static void test_shaped_builds_agree(void **state)
{
    (void)state;
    const char *was = wk_fast_isa();
    const int was_threads = omp_get_max_threads();
    const char *names[] = {"ballot-compact", "transpose8"}, *others[] = {"avx2", "avx512"};
    const ws_profile_id profs[] = {WS_PROFILE_SM90, WS_PROFILE_WAVE64};
    const size_t counts[] = {64 + 37, 4096 + 37};
    int compared = 0;
    for (size_t n = 0; n < 2; n++)
        for (size_t p = 0; p < 2; p++)
            for (size_t t = 0; t < N_TYPES; t++)
                for (size_t c = 0; c < 2; c++) {
                    size_t W = counts[c];
                    if (c == 1 && number_types[t] != WK_F32 && number_types[t] != WK_I32)
                        continue; /* the long runs on the types the registers path takes */
                    wk_elem e = number_types[t];
                    wk_params q = {.profile = profs[p], .type = e};
                    wk_fast_shape shape;
                    assert_true(wk_fast_shape_of(wk_find_program(names[n]), &q, &shape));
                    void *in = random_warps(e, W * shape.in_per_warp, 7000 + n * 100 + p * 10 + t);
                    shaped_run base = {0};
                    assert_true(wk_fast_set_isa("base"));
                    run_shaped(&base, names[n], &q, in, W);
                    for (size_t b = 0; b < 2; b++)
                        for (int off = 0; off <= 1 && wk_fast_set_isa(others[b]); off++) {
                            omp_set_num_threads(off ? 3 : 1);
                            shaped_run other = {0};
                            run_shaped_at(&other, names[n], &q, in, W, off);
                            for (int i = 0; i < shape.n_outputs; i++)
                                if (memcmp(base.outs[i], other.outs[i],
                                           W * shape.outputs[i].per_warp * elem_size(shape.outputs[i].type)) != 0)
                                    fail_msg("%s %s %d lanes, %zu warps, %s, output %d %s: not base's bytes",
                                             names[n], wk_elem_name(e), lanes_of(profs[p]), W, others[b], i,
                                             off ? "off a 64-byte boundary" : "on one");
                            free_shaped(&other);
                            compared++;
                        }
                    free_shaped(&base);
                    free(in);
                }
    assert_true(wk_fast_set_isa(was));
    omp_set_num_threads(was_threads);
    printf("%d shaped runs compared with the base build\n", compared);
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
        {{"ballot-compact", false, 0, WK_OP_ADD, 0}, WS_PROFILE_WAVE64, WK_F32, 1001},
        {{"ballot-compact", false, 0, WK_OP_ADD, 0}, WS_PROFILE_SM90, WK_I64, 1001},
        {{"transpose8", false, 0, WK_OP_ADD, 0}, WS_PROFILE_WAVE64, WK_U64, 1001},
    };
    const int thread_counts[] = {1, 2, 3, 8};
    int saved = omp_get_max_threads();
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        wk_params q = case_params(&runs[r].c, runs[r].profile, runs[r].type);
        wk_fast_shape shape;
        assert_true(wk_fast_shape_of(wk_find_program(runs[r].c.program), &q, &shape));
        size_t W = runs[r].warps;
        void *in = random_warps(runs[r].type, W * shape.in_per_warp, 4000 + r);
        shaped_run first = {0};
        for (size_t i = 0; i < sizeof thread_counts / sizeof thread_counts[0]; i++) {
            omp_set_num_threads(thread_counts[i]);
            shaped_run again = {0};
            run_shaped(i == 0 ? &first : &again, runs[r].c.program, &q, in, W);
            if (i == 0)
                continue;
            for (int o = 0; o < shape.n_outputs; o++)
                assert_memory_equal(first.outs[o], again.outs[o],
                                    W * shape.outputs[o].per_warp * elem_size(shape.outputs[o].type));
            free_shaped(&again);
        }
        free_shaped(&first);
        free(in);
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
    const wk_program *block = wk_find_program("block-reduce"); /* no per-warp fast path */
    const wk_program *transpose = wk_find_program("transpose8"), *compact = wk_find_program("ballot-compact");
    assert_true(bitonic && down && block && transpose && compact);
    const struct {
        const wk_program *p;
        wk_params q;
    } refused[] = {
        {bitonic, {.type = WK_I32, .pairs = true}},
        {down, {.type = WK_I32, .threads = 20}},
        {down, {.type = WK_I32, .active = 0xFFFF}},
        {down, {.type = WK_SYM}},
        {block, {.type = WK_I32}},
        {transpose, {.type = WK_I32}}, /* 8 values per lane: wk_fast_run_warps_outs, below */
        {compact, {.type = WK_SYM}},
        {compact, {.type = WK_I32, .profile = WS_PROFILE_WAVE32}}, /* not one of the program's profiles */
        {down, {.type = WK_I32, .profile = (ws_profile_id)99}},
    };
    uint32_t in[32] = {0}, out[32];
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        assert_false(wk_fast_supports(refused[i].p, &refused[i].q));
        char err[200] = "";
        assert_false(wk_fast_run_warps(refused[i].p, &refused[i].q, in, out, 1, err, sizeof err));
        assert_true(strlen(err) > 0);
    }
    wk_fast_shape shape;
    assert_true(wk_fast_shape_of(transpose, &(wk_params){.type = WK_I32}, &shape));
    assert_int_equal(shape.in_per_warp, 8 * 32);
    assert_false(wk_fast_shape_of(transpose, &(wk_params){.type = WK_SYM}, &shape));
    assert_int_equal(shape.n_outputs, 0);
    assert_false(wk_fast_shape_of(block, &(wk_params){.type = WK_I32}, &shape));
    assert_true(wk_fast_supports(compact, &(wk_params){.type = WK_I32}));
    const char *names[2];
    assert_int_equal(wk_fast_output_names(compact, &(wk_params){.type = WK_I32}, names), 0); /* run.c's hook leaves it */
    assert_int_equal(wk_fast_output_names(transpose, &(wk_params){.type = WK_I32}, names), 0);
    assert_true(wk_fast_supports(down, &(wk_params){.type = WK_I32}));
    char err[200] = "";
    assert_true(wk_fast_run_warps(down, &(wk_params){.type = WK_I32}, NULL, NULL, 0, err, sizeof err)); /* no warps */
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
        cmocka_unit_test(test_ballot_compact_plain),
        cmocka_unit_test(test_ballot_compact_edges),
        cmocka_unit_test(test_transpose8_tiles),
        cmocka_unit_test(test_shaped_builds_agree),
        cmocka_unit_test(test_thread_count_invariance),
        cmocka_unit_test(test_exclusive_scans_first_lanes),
        cmocka_unit_test(test_seed_sort_nan_order),
        cmocka_unit_test(test_unsupported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
