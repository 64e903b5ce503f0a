/* The builds of the fast path's batch loops (programs/fast/batch_engine.c:
 * the baseline ISA, and the same C compiled with AVX2 and with AVX-512)
 * give the same bits, output by output, for every program with a fast
 * path, every type and profile it takes, full and partial batches, and
 * inputs with NaNs of several payloads, -0, infinities and denormals.
 * test_fast.c holds the build that runs by default to the model; here
 * every build this CPU can run is held to the baseline's bytes. Exit 77
 * (ctest: skipped) on a CPU with only the baseline, where there is nothing
 * to compare. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fast/fast_warps.h"
#include "prog_support.h"

enum { WARPS = 64 + 37 }; /* one full batch and a partial one */

/* An input value: mostly random bits shaped to the type, with the edge cases mixed in. */
static uint64_t input_value(wk_elem t, uint64_t *rng)
{
    uint64_t r = prog_rand(rng);
    bool wide = wk_elem_bits(t) == 64;
    switch (r % 16) {
    case 0: return wide ? UINT64_C(0x7FF8000000000000) | (r >> 20) : 0x7FC00000u | (uint32_t)(r >> 44); /* NaN */
    case 1: return wide ? UINT64_C(0xFFF0000000000001) + (r >> 40) : 0xFF800001u + (uint32_t)(r >> 50); /* sNaN */
    case 2: return wide ? UINT64_C(0x8000000000000000) : 0x80000000u;                                   /* -0 */
    case 3: return wide ? UINT64_C(0x7FF0000000000000) : 0x7F800000u;                                   /* inf */
    case 4: return wide ? UINT64_C(0xFFF0000000000000) : 0xFF800000u;                                   /* -inf */
    case 5: return wide ? (r >> 13) : (uint32_t)r >> 10;                                                 /* denormal */
    case 6: return 0;                                                                                    /* +0 */
    default: break;
    }
    if (t == WK_F32) /* a modest exponent, so that sums neither all overflow nor all vanish */
        return (uint32_t)((r & 0x807FFFFFu) | (uint32_t)(110 + (r >> 40) % 40) << 23);
    if (t == WK_F64)
        return (r & UINT64_C(0x800FFFFFFFFFFFFF)) | (uint64_t)(1000 + (r >> 50) % 60) << 52;
    return wide ? r : (uint32_t)r;
}

/* The builds this CPU can run, the baseline first. */
static const char *builds[3];
static int n_builds;

static void test_builds_agree(void **state)
{
    (void)state;
    uint64_t rng = 0x5EED15A;
    int compared = 0;
    for (size_t i = 0; i < wk_program_count; i++) {
        const wk_program *p = wk_programs[i];
        for (int t = 0; t < WK_ELEM_COUNT; t++) {
            if (t == WK_SYM || !(p->types & WK_BIT(t)))
                continue;
            for (int prof = 0; prof < WS_PROFILE_COUNT; prof++) {
                if (!(p->profiles & WK_PROFILE_BIT(prof)))
                    continue;
                wk_params q = {.profile = (ws_profile_id)prof, .type = (wk_elem)t};
                wk_apply_defaults(p, &q);
                if (!wk_fast_supports(p, &q))
                    continue;
                size_t size = (size_t)(wk_elem_bits((wk_elem)t) / 8);
                size_t n = (size_t)WARPS * (size_t)ws_profile_lanes(q.profile);
                unsigned char *in = malloc(n * size), *out[3][2];
                assert_non_null(in);
                for (size_t k = 0; k < n; k++) {
                    uint64_t v = input_value((wk_elem)t, &rng);
                    memcpy(in + k * size, &v, size); /* little-endian: the low word for 32-bit types */
                }
                for (int b = 0; b < n_builds; b++) {
                    assert_true(wk_fast_set_isa(builds[b]));
                    for (int o = 0; o < 2; o++) {
                        out[b][o] = calloc(n, size);
                        assert_non_null(out[b][o]);
                    }
                    char err[200];
                    void *const outs[2] = {out[b][0], out[b][1]};
                    if (!wk_fast_run_warps_all(p, &q, in, outs, WARPS, err, sizeof err))
                        fail_msg("%s %s: %s", p->name, wk_elem_name((wk_elem)t), err);
                }
                for (int b = 1; b < n_builds; b++)
                    for (int o = 0; o < 2; o++)
                        if (memcmp(out[0][o], out[b][o], n * size) != 0)
                            for (size_t k = 0; k < n; k++)
                                if (memcmp(out[0][o] + k * size, out[b][o] + k * size, size) != 0)
                                    fail_msg("%s %s profile %d output %d, warp %zu lane %zu: %s differs from base",
                                             p->name, wk_elem_name((wk_elem)t), prof, o,
                                             k / (size_t)ws_profile_lanes(q.profile),
                                             k % (size_t)ws_profile_lanes(q.profile), builds[b]);
                for (int b = 0; b < n_builds; b++)
                    for (int o = 0; o < 2; o++)
                        free(out[b][o]);
                free(in);
                compared++;
            }
        }
    }
    printf("%d program/type/profile runs compared between base and", compared);
    for (int b = 1; b < n_builds; b++)
        printf(" %s", builds[b]);
    printf("\n");
    assert_true(compared >= 40);
}

/* Warp counts over several of the registers path's chunks (FAST_ZMM_CHUNK,
 * 4096) and threads: the same bytes as the baseline's batches of 64. */
static void test_chunks_and_threads(void **state)
{
    (void)state;
    static const char *const programs[] = {"reduce-down", "scan-excl", "bitonic", "reduce-redux"};
    const size_t warps = 2 * 4096 + 37;
    uint64_t rng = 0xC4A11;
    for (size_t i = 0; i < sizeof programs / sizeof programs[0]; i++)
        for (int lanes = 32; lanes <= 64; lanes *= 2) {
            const wk_program *p = wk_find_program(programs[i]);
            assert_non_null(p);
            wk_params q = {.profile = lanes == 64 ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90,
                           .type = (p->types & WK_BIT(WK_F32)) ? WK_F32 : WK_U32};
            wk_apply_defaults(p, &q);
            if (!wk_fast_supports(p, &q))
                continue;
            size_t n = warps * (size_t)lanes;
            /* got 64-byte aligned: the registers path streams its stores there
             * (want, from calloc, takes the ordinary stores in test_builds_agree). */
            uint32_t *in = malloc(n * 4), *want = calloc(n, 4), *got = aligned_alloc(64, (n * 4 + 63) / 64 * 64);
            assert_true(in && want && got);
            for (size_t k = 0; k < n; k++)
                in[k] = (uint32_t)input_value(q.type, &rng);
            char err[200];
            assert_true(wk_fast_set_isa("base"));
            if (!wk_fast_run_warps(p, &q, in, want, warps, err, sizeof err))
                fail_msg("%s: %s", p->name, err);
            for (int b = 1; b < n_builds; b++)
                for (int threads = 1; threads <= 3; threads += 2) {
                    assert_true(wk_fast_set_isa(builds[b]));
                    omp_set_num_threads(threads);
                    memset(got, 0, n * 4);
                    if (!wk_fast_run_warps(p, &q, in, got, warps, err, sizeof err))
                        fail_msg("%s: %s", p->name, err);
                    if (memcmp(want, got, n * 4) != 0)
                        fail_msg("%s, %d lanes, %s, %d threads: differs from base over %zu warps", p->name, lanes,
                                 builds[b], threads, warps);
                }
            free(in);
            free(want);
            free(got);
        }
}

int main(void)
{
    static const char *const all[] = {"base", "avx2", "avx512"};
    for (int b = 0; b < 3; b++)
        if (wk_fast_set_isa(all[b]))
            builds[n_builds++] = all[b];
    if (n_builds < 2) {
        printf("this CPU has no AVX2: only the base build of the fast path exists here (test_fast.c checks it)\n");
        return 77;
    }
    const struct CMUnitTest tests[] = {cmocka_unit_test(test_builds_agree), cmocka_unit_test(test_chunks_and_threads)};
    return cmocka_run_group_tests(tests, NULL, NULL);
}
