/* The fast device-reduce (programs/fast/device_reduce_fast.c) against the
 * model path of programs/reductions/device_reduce.c: the same sum and
 * partials, bit for bit, over random launches (partial warps, n not a
 * multiple of G*B, n < G*B, one thread, wave64), every numeric type, and
 * special values (NaNs with payloads, -0, infinities, INT_MIN); the same
 * bits for 1, 2, 3 and 8 OpenMP threads; and chunked feeding (as from a
 * file) equal to one in-memory call. The model path is tested against plain
 * C restatements in test_block_reduce.c. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fast/device_reduce_fast.h"
#include "prog_support.h"

/* clang's libomp keeps a few thread descriptors until exit, which
 * LeakSanitizer reports after omp_set_num_threads changed the team size;
 * they are the runtime's, not ours. (Read by LSan when it is linked in.) */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libomp.so"; }

static const wk_elem numeric_types[] = {WK_I32, WK_U32, WK_F32, WK_F64, WK_I64, WK_U64};

/* Random bits with special values mixed in: for floats NaNs of several
 * payloads (quiet and signalling), +-0, +-inf, and wide exponents, so a
 * change of operand order shows in the bits. */
static uint64_t special_or_random(wk_elem e, uint64_t *state, int special_per_64)
{
    uint64_t r = prog_rand(state);
    bool special = (int)(r % 64) < special_per_64;
    uint64_t pick = (r >> 8) % 8;
    switch (e) {
    case WK_F32: {
        static const uint32_t sp[8] = {0x7FC00001u, 0xFF800123u, 0x80000000u, 0x00000000u,
                                       0x7F800000u, 0xFF800000u, 0x7FA00000u, 0x00000001u};
        if (special)
            return sp[pick];
        return (uint32_t)(r >> 63) << 31 | (uint32_t)(127 - 20 + (r >> 32) % 41) << 23 | (uint32_t)(r & 0x7FFFFF);
    }
    case WK_F64: {
        static const uint64_t sp[8] = {UINT64_C(0x7FF8000000000123), UINT64_C(0xFFF0000000000456),
                                       UINT64_C(0x8000000000000000), 0,
                                       UINT64_C(0x7FF0000000000000), UINT64_C(0xFFF0000000000000),
                                       UINT64_C(0x7FF4000000000789), 1};
        if (special)
            return sp[pick];
        return (r >> 63) << 63 | (uint64_t)(1023 - 30 + (r >> 52) % 61) << 52 |
               (prog_rand(state) & ((UINT64_C(1) << 52) - 1));
    }
    case WK_I32:
    case WK_U32: return special ? 0x80000000u : (uint32_t)(r >> 16);
    default: return special ? UINT64_C(0x8000000000000000) : r;
    }
}

/* The values at their native size, as the fast path takes them. */
static void *native_of(wk_elem e, const uint64_t *bits, size_t n)
{
    size_t width = (size_t)wk_elem_bits(e) / 8;
    unsigned char *out = malloc(n * width);
    assert_non_null(out);
    for (size_t i = 0; i < n; i++) {
        if (width == 4) {
            uint32_t v = (uint32_t)bits[i];
            memcpy(out + i * 4, &v, 4);
        } else {
            memcpy(out + i * 8, &bits[i], 8);
        }
    }
    return out;
}

typedef struct launch {
    wk_elem type;
    ws_profile_id profile;
    int grid, block;
    size_t n;
} launch;

static void describe(const launch *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s %s grid %d block %d n %zu", wk_elem_name(l->type), ws_profile_name(l->profile),
             l->grid, l->block, l->n);
}

/* Runs both paths on the same values and compares sum and partials. */
static void check_launch(const launch *l, const uint64_t *bits)
{
    char what[120];
    describe(l, what, sizeof what);
    wk_params params = {.profile = l->profile, .type = l->type, .grid = l->grid, .block = l->block, .n = l->n,
                        .diag = WS_DIAG_POLICY_IGNORE};
    wk_run r;
    prog_run(&r, "device-reduce", &params, bits, l->n);
    const wk_output *sum = prog_output(&r, "sum"), *partials = prog_output(&r, "partials");

    wk_dr_shape shape = {.type = l->type, .profile = l->profile, .grid = l->grid, .block = l->block};
    void *in = native_of(l->type, bits, l->n);
    uint64_t fast_sum = 0, *fast_partials = calloc((size_t)l->grid, sizeof *fast_partials);
    assert_non_null(fast_partials);
    char err[200] = "";
    if (!wk_device_reduce_fast(&shape, in, l->n, &fast_sum, fast_partials, err, sizeof err)) {
        print_error("%s: %s\n", what, err);
        fail();
    }
    expect_lanes(what, partials, fast_partials, (size_t)l->grid);
    expect_lanes(what, sum, &fast_sum, 1);
    free(fast_partials);
    free(in);
    wk_run_free(&r);
}

static void fast_equals_model_random(void **state)
{
    (void)state;
    uint64_t seed = 0xD3A1;
    for (int c = 0; c < 40; c++) {
        launch l = {.type = numeric_types[c % 6], .profile = c % 5 == 4 ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90};
        uint64_t r = prog_rand(&seed);
        l.grid = 1 + (int)(r % 9);
        l.block = (int)(1 + (r >> 8) % 200);     /* mostly partial warps */
        if (c % 3 == 0)
            l.block = 32 * (int)(1 + (r >> 16) % 8); /* whole warps */
        size_t S = (size_t)l.grid * (size_t)l.block;
        switch (c % 4) {
        case 0: l.n = 1 + (r >> 24) % S; break;          /* n < G*B: idle threads */
        case 1: l.n = S * (1 + (r >> 24) % 4); break;     /* whole rows */
        default: l.n = 1 + (r >> 24) % (4 * S + 7); break; /* a partial last row */
        }
        uint64_t *bits = malloc(l.n * sizeof *bits);
        assert_non_null(bits);
        for (size_t i = 0; i < l.n; i++)
            bits[i] = special_or_random(l.type, &seed, c % 2 ? 2 : 0);
        check_launch(&l, bits);
        free(bits);
    }
}

/* Launch shapes at the edges: one thread, one value, a block of 1024, a
 * grid larger than the block (kernel 2 loops), 1025 values on 1024 threads. */
static void fast_equals_model_edges(void **state)
{
    (void)state;
    static const struct { int grid, block; size_t n; } shapes[] = {
        {1, 1, 1}, {1, 1, 37}, {1, 32, 1}, {3, 1, 10}, {1, 1024, 1025}, {40, 7, 333}, {70, 33, 2500},
        {2, 64, 128}, {5, 96, 4096}, {4, 128, 4096},
    };
    uint64_t seed = 77;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (size_t t = 0; t < 6; t++)
            for (int prof = 0; prof < 2; prof++) {
                launch l = {.type = numeric_types[t], .profile = prof ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90,
                            .grid = shapes[s].grid, .block = shapes[s].block, .n = shapes[s].n};
                uint64_t *bits = malloc(l.n * sizeof *bits);
                assert_non_null(bits);
                for (size_t i = 0; i < l.n; i++)
                    bits[i] = special_or_random(l.type, &seed, 3);
                check_launch(&l, bits);
                free(bits);
            }
}

/* -0 only: every sum starts at +0 and +0 + -0 is +0, in both paths. And a
 * single NaN with a payload: f32 gives 0x7FFFFFFF, f64 the payload quieted. */
static void fast_special_sums(void **state)
{
    (void)state;
    uint64_t neg0[100], nan1[100];
    for (int i = 0; i < 100; i++) {
        neg0[i] = 0x80000000u;
        nan1[i] = i == 57 ? 0x7FF4000000000abcu : 0x3FF0000000000000u; /* one sNaN among 1.0s */
    }
    wk_dr_shape f32 = {.type = WK_F32, .profile = WS_PROFILE_SM90, .grid = 3, .block = 40};
    wk_dr_shape f64 = {.type = WK_F64, .profile = WS_PROFILE_SM90, .grid = 3, .block = 40};
    void *in32 = native_of(WK_F32, neg0, 100), *in64 = native_of(WK_F64, nan1, 100);
    uint64_t sum, partials[3];
    char err[200];
    assert_true(wk_device_reduce_fast(&f32, in32, 100, &sum, partials, err, sizeof err));
    assert_int_equal(sum, 0); /* +0, not -0 */
    assert_true(wk_device_reduce_fast(&f64, in64, 100, &sum, partials, err, sizeof err));
    assert_int_equal(sum, 0x7FFC000000000abcu); /* the signalling NaN, quieted */
    free(in32);
    free(in64);
}

/* The same bits with 1, 2, 3 and 8 OpenMP threads, on a feed big enough to
 * run in parallel (and columns that do not split evenly). */
static void fast_thread_invariance(void **state)
{
    (void)state;
    const size_t n = 100003;
    static const struct { wk_elem type; int grid, block; } shapes[] = {
        {WK_F32, 4, 128}, {WK_F32, 7, 100}, {WK_F64, 13, 33}, {WK_F32, 1, 1}, {WK_I32, 5, 64}, {WK_U64, 3, 250},
    };
    uint64_t seed = 4242;
    uint64_t *bits = malloc(n * sizeof *bits);
    assert_non_null(bits);
    int saved = omp_get_max_threads();
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        wk_dr_shape shape = {.type = shapes[s].type, .profile = WS_PROFILE_SM90, .grid = shapes[s].grid, .block = shapes[s].block};
        for (size_t i = 0; i < n; i++)
            bits[i] = special_or_random(shape.type, &seed, 1);
        void *in = native_of(shape.type, bits, n);
        uint64_t want_sum = 0, want_partials[13], got_sum, got_partials[13];
        static const int threads[] = {1, 2, 3, 8};
        for (int t = 0; t < 4; t++) {
            omp_set_num_threads(threads[t]);
            char err[200];
            uint64_t *dst_partials = t ? got_partials : want_partials, *dst_sum = t ? &got_sum : &want_sum;
            assert_true(wk_device_reduce_fast(&shape, in, n, dst_sum, dst_partials, err, sizeof err));
            if (t) {
                assert_int_equal(got_sum, want_sum);
                assert_memory_equal(got_partials, want_partials, (size_t)shape.grid * sizeof *got_partials);
            }
        }
        free(in);
    }
    omp_set_num_threads(saved);
    free(bits);
}

/* Values written to a temporary file and fed back in chunks of odd sizes
 * (not whole rows) give the bits of one in-memory call. */
static void fast_streaming_equals_memory(void **state)
{
    (void)state;
    const size_t n = 100003;
    wk_dr_shape shape = {.type = WK_F32, .profile = WS_PROFILE_SM90, .grid = 6, .block = 96};
    uint64_t seed = 99, *bits = malloc(n * sizeof *bits);
    assert_non_null(bits);
    for (size_t i = 0; i < n; i++)
        bits[i] = special_or_random(WK_F32, &seed, 1);
    float *in = native_of(WK_F32, bits, n);
    uint64_t want_sum, want_partials[6], got_sum, got_partials[6];
    char err[200];
    assert_true(wk_device_reduce_fast(&shape, in, n, &want_sum, want_partials, err, sizeof err));

    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(fwrite(in, 4, n, f), n);
    rewind(f);
    wk_dr_state s;
    assert_true(wk_dr_begin(&s, &shape, err, sizeof err));
    static const size_t chunk_sizes[] = {1, 575, 577, 40000, 12345};
    uint32_t buf[40000];
    size_t got, c = 0;
    while ((got = fread(buf, 4, chunk_sizes[c++ % 5], f)) > 0)
        assert_true(wk_dr_feed(&s, buf, got, err, sizeof err));
    fclose(f);
    assert_true(wk_dr_finish(&s, &got_sum, got_partials, err, sizeof err));
    assert_int_equal(got_sum, want_sum);
    assert_memory_equal(got_partials, want_partials, sizeof got_partials);
    free(in);
    free(bits);
}

static void fast_rejects_bad_shapes(void **state)
{
    (void)state;
    wk_dr_state s;
    char err[200];
    assert_false(wk_dr_begin(&s, &(wk_dr_shape){.type = WK_SYM, .profile = WS_PROFILE_SM90, .grid = 1, .block = 1}, err, sizeof err));
    assert_false(wk_dr_begin(&s, &(wk_dr_shape){.type = WK_F32, .profile = WS_PROFILE_COUNT, .grid = 1, .block = 1}, err, sizeof err));
    assert_false(wk_dr_begin(&s, &(wk_dr_shape){.type = WK_F32, .profile = WS_PROFILE_SM90, .grid = 0, .block = 1}, err, sizeof err));
    assert_false(wk_dr_begin(&s, &(wk_dr_shape){.type = WK_F32, .profile = WS_PROFILE_SM90, .grid = 1, .block = 1025}, err, sizeof err));
    assert_true(wk_dr_begin(&s, &(wk_dr_shape){.type = WK_F32, .profile = WS_PROFILE_SM90, .grid = 1, .block = 1}, err, sizeof err));
    uint64_t sum, partial;
    assert_false(wk_dr_finish(&s, &sum, &partial, err, sizeof err)); /* no values */
    assert_non_null(strstr(err, "at least one value"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fast_equals_model_random),
        cmocka_unit_test(fast_equals_model_edges),
        cmocka_unit_test(fast_special_sums),
        cmocka_unit_test(fast_thread_invariance),
        cmocka_unit_test(fast_streaming_equals_memory),
        cmocka_unit_test(fast_rejects_bad_shapes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
