/* The CUDA front end (include/warpsim/cuda.h): user-style kernels against
 * independently computed expectations, the H200's __activemask answers,
 * undefined behaviour with file:line, thread-count independence, and the
 * same algorithm through the ws_ API and through the front end. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

extern "C" {
#include <cmocka.h> /* Debian's cmocka 1.1 header has no extern "C" of its own */
}
#include <omp.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "frontend_kernels.h"
#include <warpsim/warpsim.h>

/* clang's libomp keeps a few thread descriptors until exit, which
 * LeakSanitizer reports after omp_set_num_threads changed the team size;
 * they are the runtime's, not ours (as in prog_device_reduce_fast). */
extern "C" const char *__lsan_default_suppressions(void);
extern "C" const char *__lsan_default_suppressions(void) { return "leak:libomp.so"; }

static ws_cuda_launch_desc desc_of(unsigned grid, unsigned block)
{
    ws_cuda_launch_desc d = {};
    d.grid = {grid, 1, 1};
    d.block = {block, 1, 1};
    d.quiet = true;
    return d;
}

static uint32_t lcg(uint32_t *s) { return *s = *s * 1664525u + 1013904223u; }

/* Lane i of the classic tree over v = lane holds 496 + 16*i (the H200 run, docs/semantics.md). */
static void test_reduce_down_lane_values(void **state)
{
    (void)state;
    std::vector<int> in(128), out(128);
    for (int i = 0; i < 128; i++)
        in[i] = i % 32;
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(2, 64), warp_reduce_down<int>, in.data(), out.data()), WS_OK);
    for (int i = 0; i < 128; i++)
        assert_int_equal(out[i], 496 + 16 * (i % 32));
}

static void test_allreduce_and_scan(void **state)
{
    (void)state;
    int in[64], all[64], scan[64];
    uint32_t seed = 7;
    for (int i = 0; i < 64; i++)
        in[i] = (int)(lcg(&seed) % 2001) - 1000;
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 64), warp_allreduce_xor, in, all), WS_OK);
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 64), warp_scan, in, scan), WS_OK);
    for (int w = 0; w < 2; w++) {
        int sum = 0;
        for (int l = 0; l < 32; l++) {
            sum += in[w * 32 + l];
            assert_int_equal(scan[w * 32 + l], sum);
        }
        for (int l = 0; l < 32; l++)
            assert_int_equal(all[w * 32 + l], sum);
    }
}

static void test_block_reduce_and_grid_stride(void **state)
{
    (void)state;
    const int blocks = 6, threads = 256;
    std::vector<int> in(blocks * threads), out(blocks);
    uint32_t seed = 11;
    for (int &x : in)
        x = (int)(lcg(&seed) % 1000);
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(blocks, threads), block_reduce, in.data(), out.data()), WS_OK);
    for (int b = 0; b < blocks; b++) {
        int sum = 0;
        for (int t = 0; t < threads; t++)
            sum += in[b * threads + t];
        assert_int_equal(out[b], sum);
    }
    std::vector<unsigned> u(10007);
    unsigned long long want = 0, total = 0;
    for (unsigned &x : u)
        want += x = lcg(&seed);
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(3, 96), grid_stride_sum, u.data(), (int)u.size(), &total), WS_OK);
    assert_true(total == want);
}

static void test_bitonic_pairs(void **state)
{
    (void)state;
    int keys[32], vals[32], ok[32], ov[32];
    uint32_t seed = 3;
    for (int i = 0; i < 32; i++) {
        keys[i] = (int)(lcg(&seed) % 50);
        vals[i] = i;
    }
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), warp_bitonic, keys, vals, ok, ov), WS_OK);
    int sorted[32];
    memcpy(sorted, keys, sizeof sorted);
    std::sort(sorted, sorted + 32);
    bool seen[32] = {false};
    for (int i = 0; i < 32; i++) {
        assert_int_equal(ok[i], sorted[i]);
        assert_true(ov[i] >= 0 && ov[i] < 32 && !seen[ov[i]]);
        seen[ov[i]] = true;
        assert_int_equal(keys[ov[i]], ok[i]); /* the pair stayed together */
    }
}

static void test_aggregated_atomics(void **state)
{
    (void)state;
    const int n = 4 * 64;
    int keys[n], bins[8] = {0}, leaders = 0, want[8] = {0}, want_leaders = 0;
    uint32_t seed = 5;
    for (int i = 0; i < n; i++)
        want[keys[i] = (int)(lcg(&seed) % 8)]++;
    for (int w = 0; w < n / 32; w++) { /* distinct keys per warp */
        bool any[8] = {false};
        for (int l = 0; l < 32; l++)
            any[keys[w * 32 + l]] = true;
        for (bool a : any)
            want_leaders += a;
    }
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(4, 64), aggregated_histogram, keys, bins, &leaders), WS_OK);
    for (int k = 0; k < 8; k++)
        assert_int_equal(bins[k], want[k]);
    assert_int_equal(leaders, want_leaders);
}

static void test_syncwarp_and_3d_blocks(void **state)
{
    (void)state;
    int in[32], out[32];
    for (int i = 0; i < 32; i++)
        in[i] = i * 3;
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), syncwarp_reverse, in, out), WS_OK);
    for (int i = 0; i < 32; i++)
        assert_int_equal(out[i], 2 * in[31 - i]);
    /* block (8, 4, 2): warp w holds linear threads 32w..32w+31, i.e. y = 4w%4.. */
    ws_cuda_launch_desc d = desc_of(1, 8);
    d.block = {8, 4, 2};
    int ids[64];
    assert_int_equal(ws_cuda_launch_desc_run(d, lane_ids_3d, ids), WS_OK);
    for (int t = 0; t < 64; t++) /* each warp: y = 0..3 once for each of 8 x values, z fixed; y == 1 in 8 lanes */
        assert_int_equal(ids[t], (t / 32) * 32 * 1000 + 8);
}

static void test_shuffle_64bit(void **state)
{
    (void)state;
    double d[32], od[32];
    long long l[32], ol[32];
    for (int i = 0; i < 32; i++) {
        d[i] = 1.0 / (i + 1);
        l[i] = (long long)0x123456789ull * (i + 1) - (1ll << 40);
    }
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), shuffle_64, d, l, od, ol), WS_OK);
    for (int i = 0; i < 32; i++) {
        assert_memory_equal(&od[i], &d[i ^ 1], 8);
        assert_true(ol[i] == l[31 - i]);
    }
}

/* The H200's answers: docs/probes/convergence_probe.h200.txt, cases c01 c02 c03 c06 c09 c04u c08. */
static void test_activemask_shapes_match_h200(void **state)
{
    (void)state;
    unsigned out[320] = {0};
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), am_shapes, out), WS_OK);
    for (int l = 0; l < 32; l++) {
        if (l % 3 == 0)
            assert_int_equal(out[l], 0x49249249u);
        assert_int_equal(l < 10 ? out[32 + l] : out[64 + l], l < 10 ? 0x000003ffu : 0xfffffc00u);
        if (l < 20)
            assert_int_equal(out[96 + l], 0x000fffffu);
        if (l < 16)
            assert_int_equal(out[128 + l], 0x0000ffffu);
        assert_int_equal(out[160 + l], 0xffffffffu);
        if (l < 8)
            assert_int_equal(out[192 + l], 0x000000ffu);
        else if (l < 16)
            assert_int_equal(out[224 + l], 0x0000ff00u);
        if (l < 16)
            assert_int_equal(out[256 + l], 0x0000ffffu);
        assert_int_equal(out[288 + l], 0xffffffffu);
    }
    unsigned rec[320] = {0}, after[64] = {0};
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), am_loops, rec, after), WS_OK);
    const unsigned c04u[4] = {0xbdef7bdeu, 0x39ce739cu, 0x318c6318u, 0x21084210u};
    const unsigned c08[4] = {0xffffffffu, 0xeeeeeeeeu, 0xccccccccu, 0x88888888u};
    for (int l = 0; l < 32; l++) {
        for (int i = 0; i < l % 5; i++)
            assert_int_equal(rec[i * 32 + l], c04u[i]);
        for (int i = 0; i <= l % 4; i++)
            assert_int_equal(rec[160 + i * 32 + l], c08[i]);
        assert_int_equal(after[l], 0xffffffffu);
        assert_int_equal(after[32 + l], 0xffffffffu);
    }
}

/* ---- undefined behaviour: the GPU's values, and a diagnostic with file:line ---- */

static const ws_cuda_diag *find_diag(const ws_cuda_report *r, ws_diag_code code)
{
    for (size_t i = 0; i < ws_cuda_report_count(r); i++)
        if (ws_cuda_report_get(r, i)->code == code)
            return ws_cuda_report_get(r, i);
    return nullptr;
}

static void test_per_half_masks(void **state)
{
    (void)state;
    int in[64], out[64];
    for (int i = 0; i < 64; i++)
        in[i] = 1000 + i;
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 64), per_half_masks, in, out), WS_OK);
    for (int i = 0; i < 64; i++)
        assert_int_equal(out[i], in[i ^ 1]);
    assert_int_equal(ws_cuda_report_count(ws_cuda_last_report()), 0); /* each half's mask names its callers */
}

static void test_ub_mask_omits_caller(void **state)
{
    (void)state;
    int out[32];
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), mask_omits_caller, out), WS_OK);
    for (int l = 0; l < 32; l++) /* converged lanes take part whatever the mask (H200) */
        assert_int_equal(out[l], l < 31 ? l + 1 : 31);
    const ws_cuda_diag *d = find_diag(ws_cuda_last_report(), WS_DIAG_CALLER_NOT_IN_MASK);
    assert_non_null(d);
    assert_true(d->lanes == 0xffff0000u);
    assert_non_null(strstr(d->where, "frontend_kernels.h:"));
}

static void test_ub_read_exited_lane(void **state)
{
    (void)state;
    int out[32] = {0};
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), read_exited, out), WS_OK);
    for (int l = 0; l < 28; l++) /* lanes 24-27 read exited lanes 28-31: 0 on sm90 */
        assert_int_equal(out[l], l < 24 ? l + 4 + 100 : 0);
    const ws_cuda_diag *d = find_diag(ws_cuda_last_report(), WS_DIAG_EXITED_SOURCE);
    assert_non_null(d);
    assert_true(d->lanes == 0x0f000000u);
}

static void test_ub_deadlock_names_both_sites(void **state)
{
    (void)state;
    int out[32];
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), two_kinds, out), WS_ERR_DEADLOCK);
    const ws_cuda_diag *d = find_diag(ws_cuda_last_report(), WS_DIAG_DEADLOCK);
    assert_non_null(d);
    /* two different lines of frontend_kernels.h, odd and even lanes */
    const char *first = strstr(d->where, "frontend_kernels.h:");
    assert_non_null(first);
    const char *second = strstr(first + 1, "frontend_kernels.h:");
    assert_non_null(second);
    assert_true(atoi(first + strlen("frontend_kernels.h:")) != atoi(second + strlen("frontend_kernels.h:")));
    assert_non_null(strstr(d->where, "lanes 0,2,...,30)"));
    assert_non_null(strstr(d->where, "lanes 1,3,...,31)"));
}

static void test_ub_divergent_barrier(void **state)
{
    (void)state;
    int out[64] = {0};
    /* H200 (c11a): the threads that returned drop out; the barrier completes */
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 64), divergent_barrier, out), WS_OK);
    for (int t = 0; t < 64; t++)
        assert_int_equal(out[t], t < 16);
    assert_non_null(find_diag(ws_cuda_last_report(), WS_DIAG_BARRIER_EXITED));
    /* a barrier while the rest of the warp waits in a shuffle for it: a deadlock, never a hang */
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), barrier_vs_shuffle, out), WS_ERR_DEADLOCK);
    const ws_cuda_diag *d = find_diag(ws_cuda_last_report(), WS_DIAG_DEADLOCK);
    assert_non_null(d);
    assert_non_null(strstr(d->where, "__syncthreads"));
    assert_non_null(strstr(d->where, "__shfl_xor_sync"));
}

static void test_ub_error_policy_fails_launch(void **state)
{
    (void)state;
    int out[32] = {0};
    ws_cuda_launch_desc d = desc_of(1, 32);
    d.diag_policy = WS_DIAG_POLICY_ERROR;
    assert_int_equal(ws_cuda_launch_desc_run(d, read_exited, out), WS_ERR_UNDEFINED);
}

static void test_stack_overflow_is_reported(void **state)
{
    (void)state;
    int out[32];
    ws_cuda_launch_desc d = desc_of(1, 32);
    d.stack_bytes = 32 * 1024;
    assert_int_equal(ws_cuda_launch_desc_run(d, overflow, out), WS_ERR_TRAP);
    const ws_cuda_diag *diag = find_diag(ws_cuda_last_report(), WS_DIAG_STACK_OVERFLOW);
    assert_non_null(diag);
    assert_non_null(strstr(diag->message, "overflowed its stack"));
    /* the runtime is still usable */
    int in[32], sums[32];
    for (int i = 0; i < 32; i++)
        in[i] = i;
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), warp_reduce_down<int>, in, sums), WS_OK);
    assert_int_equal(sums[0], 496);
}

static void test_invalid_configuration(void **state)
{
    (void)state;
    int out[1];
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 1025), divergent_barrier, out), WS_ERR_ARG);
    assert_non_null(strstr(ws_cuda_report_error(ws_cuda_last_report()), "invalid configuration"));
    ws_cuda_launch_desc d = desc_of(1, 32);
    d.shared_bytes = 48 * 1024 + 1;
    assert_int_equal(ws_cuda_launch_desc_run(d, divergent_barrier, out), WS_ERR_ARG);
}

/* Blocks whose every dimension is allowed but whose threads are more than
 * 1024 are refused (the H200's maxThreadsPerBlock); 1024 in three
 * dimensions run. Through the C++ launch and the C API alike. */
static void test_block_of_more_than_1024_threads(void **state)
{
    (void)state;
    const ws_cuda_uint3 refused[] = {{1024, 2, 1}, {32, 32, 2}, {16, 2, 64}, {1, 1024, 2}};
    for (const ws_cuda_uint3 &b : refused) {
        unsigned n = 0;
        ws_cuda_launch_desc d = desc_of(1, 1);
        d.block = b;
        assert_int_equal(ws_cuda_launch_desc_run(d, count_threads, &n), WS_ERR_ARG);
        assert_non_null(strstr(ws_cuda_report_error(ws_cuda_last_report()), "invalid configuration"));
        assert_int_equal(n, 0);
        assert_int_equal(ws_cuda_launch_c(&d, [](void *) {}, nullptr, nullptr), WS_ERR_ARG);
    }
    unsigned n = 0;
    ws_cuda_launch_desc d = desc_of(2, 1);
    d.block = {16, 16, 4};
    assert_int_equal(ws_cuda_launch_desc_run(d, count_threads, &n), WS_OK);
    assert_int_equal(n, 2 * 1024);
}

/* __syncthreads_and/_or/_count over three warps, predicates mixed or alike. */
static void test_barrier_predicates(void **state)
{
    (void)state;
    const int n = 96;
    int out[5 * n];
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, n), barrier_predicates, out), WS_OK);
    for (int t = 0; t < n; t++) {
        assert_int_equal(out[t], 0);          /* and, thread 70's predicate false */
        assert_int_equal(out[n + t], 1);      /* and, every predicate true */
        assert_int_equal(out[2 * n + t], 1);  /* or, thread 70's predicate true */
        assert_int_equal(out[3 * n + t], 0);  /* or, every predicate false */
        assert_int_equal(out[4 * n + t], 32); /* count: t = 0, 3, ..., 93 */
    }
    assert_int_equal(ws_cuda_report_count(ws_cuda_last_report()), 0);
}

/* A divergent shuffle whose mask names only its callers (lanes 0-15) reads
 * lanes 16-19, which wait at another call: 0 on sm90 (the H200's value for
 * an inactive source, docs/semantics.md section 2.4 and the spec's section
 * 7), and INACTIVE_SOURCE for the readers 12-15. Lanes 16-31's own call
 * reads inside it; lanes 28-31's sources are past the warp: their own value. */
static void test_shuffle_reads_outside_its_callers(void **state)
{
    (void)state;
    int out[32];
    assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), read_outside_callers, out), WS_OK);
    for (int l = 0; l < 32; l++) {
        int want = l < 12 ? l + 4 + 100 : l < 16 ? 0 : l < 28 ? l + 4 + 100 : l + 100;
        assert_int_equal(out[l], want);
    }
    const ws_cuda_diag *d = find_diag(ws_cuda_last_report(), WS_DIAG_INACTIVE_SOURCE);
    assert_non_null(d);
    assert_true(d->lanes == 0x0000f000u);
    assert_non_null(strstr(d->where, "frontend_kernels.h:"));
    assert_int_equal(ws_cuda_report_count(ws_cuda_last_report()), 1);
}

/* ---- determinism and agreement with the ws_ API ---- */

static void test_same_bits_for_any_thread_count(void **state)
{
    (void)state;
    const int blocks = 24, threads = 64;
    std::vector<float> in(blocks * threads);
    uint32_t seed = 99;
    for (float &x : in)
        x = (float)((int)(lcg(&seed) % 20001) - 10000) / 7.0f;
    uint32_t first = 0;
    for (int t : {1, 2, 3, 8}) {
        omp_set_num_threads(t);
        float total = 0;
        assert_int_equal(ws_cuda_launch_desc_run(desc_of(blocks, threads), float_atomics, in.data(), &total), WS_OK);
        uint32_t bits;
        memcpy(&bits, &total, 4);
        if (t == 1) {
            float want = 0; /* the documented order: blocks in order, a block's threads in order */
            for (float x : in)
                want += x;
            uint32_t wb;
            memcpy(&wb, &want, 4);
            assert_int_equal(bits, wb);
            first = bits;
        }
        assert_int_equal(bits, first);
    }
}

/* The shfl_down tree of float sums, through the front end and through the
 * ws_ API, against bits worked out by hand. Lane 0 holds 2^24 or 2^25, every
 * other lane 1.0f; a lane whose source is past the warp adds its own value.
 * 2^24: step 16 gives lane 0 2^24 + 1, a tie, rounded to even: 2^24; lanes
 * 1-31 2. Then 2^24 + 2, + 4, + 8, + 16 are exact: 2^24 + 30 = 16777246
 * (0x4b80000f); lanes 1-31 double each step to 32 (0x42000000).
 * 2^25 (a step of 4): + 1 rounds down, + 2 is a tie, to even: still 2^25;
 * then + 4, + 8, + 16: 2^25 + 28 = 33554460 (0x4c000007). A plain left to
 * right sum would give 2^24 or 2^25, the exact sum 2^24 + 31 or 2^25 + 31.
 * Then random values against the tree restated plainly (lane l adds lane
 * l + o's value, or its own past lane 31), one f32 add at a time. */
static void test_same_bits_as_ws_api(void **state)
{
    (void)state;
    struct {
        float in[32];
        uint32_t want[32];
    } cases[3];
    for (int k = 0; k < 2; k++)
        for (int l = 0; l < 32; l++) {
            cases[k].in[l] = l ? 1.0f : k == 0 ? 16777216.0f : 33554432.0f;
            cases[k].want[l] = l ? 0x42000000u : k == 0 ? 0x4b80000fu : 0x4c000007u;
        }
    uint32_t seed = 1234;
    float tree[32];
    for (int l = 0; l < 32; l++)
        tree[l] = cases[2].in[l] = (float)(int32_t)lcg(&seed) / 65536.0f;
    for (int o = 16; o > 0; o /= 2) {
        float next[32];
        for (int l = 0; l < 32; l++)
            next[l] = tree[l] + (l + o < 32 ? tree[l + o] : tree[l]);
        memcpy(tree, next, sizeof tree);
    }
    for (int l = 0; l < 32; l++)
        memcpy(&cases[2].want[l], &tree[l], 4);
    for (auto &c : cases) {
        float *in = c.in, out[32];
        assert_int_equal(ws_cuda_launch_desc_run(desc_of(1, 32), warp_reduce_down<float>, in, out), WS_OK);
        ws_warp *w;
        assert_int_equal(ws_warp_create(nullptr, &w), WS_OK);
        ws_reg v = ws_reg_new(w, "v", WS_F32), t = ws_reg_new(w, "t", WS_F32);
        for (int l = 0; l < 32; l++)
            ws_set_f32(w, v, l, in[l]);
        for (unsigned o = 16; o > 0; o >>= 1) {
            assert_int_equal(ws_shfl_down(w, WS_FULL32, t, v, o, 32), WS_OK);
            assert_int_equal(ws_binop_apply(w, WS_ADD, WS_F32, v, v, t), WS_OK);
        }
        for (int l = 0; l < 32; l++) {
            assert_int_equal(__float_as_uint(out[l]), c.want[l]);
            assert_int_equal(ws_get_u32(w, v, l), c.want[l]);
        }
        ws_warp_destroy(w);
    }
}

/* Device printf: a call is a sync point, so a warp's lanes print call by
 * call in lane order, as the GPU's warp does; blocks in block order. The
 * branch on the lower line runs first (the scheduler's rule). Expected text
 * written out by hand. */
static void test_printf_order(void **state)
{
    (void)state;
    fflush(stdout);
    FILE *capture = tmpfile();
    assert_non_null(capture);
    int saved = dup(1);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(capture), 1) >= 0);
    ws_status s = ws_cuda_launch_desc_run(desc_of(2, 4), printf_order);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    assert_int_equal(s, WS_OK);
    rewind(capture);
    char got[1024] = {0};
    size_t n = fread(got, 1, sizeof got - 1, capture);
    fclose(capture);
    got[n] = '\0';
    const char *want = "A b0 t0\nA b0 t1\nA b0 t2\nA b0 t3\n"
                       "B b0 t0\nB b0 t1\nB b0 t2\nB b0 t3\n"
                       "odd t1\nodd t3\neven t0\neven t2\n"
                       "A b1 t0\nA b1 t1\nA b1 t2\nA b1 t3\n"
                       "B b1 t0\nB b1 t1\nB b1 t2\nB b1 t3\n"
                       "odd t1\nodd t3\neven t0\neven t2\n";
    assert_string_equal(got, want);
}

/* Runs the launch with standard output captured; the text it printed. */
template <typename... A> static std::string printed_by(ws_cuda_launch_desc d, void (*kernel)(A...), A... args)
{
    fflush(stdout);
    FILE *capture = tmpfile();
    assert_non_null(capture);
    int saved = dup(1);
    assert_true(saved >= 0);
    assert_true(dup2(fileno(capture), 1) >= 0);
    ws_status s = ws_cuda_launch_desc_run(d, kernel, args...);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    assert_int_equal(s, WS_OK);
    std::string text;
    rewind(capture);
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, capture)) > 0;)
        text.append(buf, n);
    fclose(capture);
    return text;
}

/* Many blocks print; block 1 waits until, for any number of OS threads, a
 * later block has finished (printf_slow_block). The text is in block order
 * all the same, with 1 and 8 threads (and 2, 3). */
static void test_printf_block_order_with_a_slow_block(void **state)
{
    (void)state;
    const unsigned blocks = 24, threads = 8;
    std::string want;
    char line[64];
    for (unsigned b = 0; b < blocks; b++)
        for (unsigned t = 0; t < threads; t++) {
            snprintf(line, sizeof line, "block %u thread %u\n", b, t);
            want += line;
        }
    for (int n : {1, 8, 2, 3}) {
        omp_set_num_threads(n);
        int started[blocks] = {0};
        std::string got = printed_by(desc_of(blocks, threads), printf_slow_block, (volatile int *)started,
                                     n > 1 ? n : 0, 100000000l);
        assert_string_equal(got.c_str(), want.c_str());
    }
}

/* Blocks append their index through atomicAdd's slots, block 1 the slowest
 * (append_slow_block): the list is in block order for 1, 2 and 8 threads. */
static void test_atomics_block_order_with_a_slow_block(void **state)
{
    (void)state;
    const unsigned blocks = 24;
    for (int n : {1, 2, 8}) {
        omp_set_num_threads(n);
        int reached[blocks] = {0};
        unsigned count = 0, list[blocks];
        memset(list, 0xff, sizeof list);
        assert_int_equal(ws_cuda_launch_desc_run(desc_of(blocks, 1), append_slow_block, (volatile int *)reached, n,
                                                 n > 1 ? 10000000l : 0l, &count, list),
                         WS_OK);
        assert_int_equal(count, blocks);
        for (unsigned b = 0; b < blocks; b++)
            assert_int_equal(list[b], b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reduce_down_lane_values),
        cmocka_unit_test(test_allreduce_and_scan),
        cmocka_unit_test(test_block_reduce_and_grid_stride),
        cmocka_unit_test(test_bitonic_pairs),
        cmocka_unit_test(test_aggregated_atomics),
        cmocka_unit_test(test_syncwarp_and_3d_blocks),
        cmocka_unit_test(test_shuffle_64bit),
        cmocka_unit_test(test_activemask_shapes_match_h200),
        cmocka_unit_test(test_per_half_masks),
        cmocka_unit_test(test_ub_mask_omits_caller),
        cmocka_unit_test(test_ub_read_exited_lane),
        cmocka_unit_test(test_ub_deadlock_names_both_sites),
        cmocka_unit_test(test_ub_divergent_barrier),
        cmocka_unit_test(test_ub_error_policy_fails_launch),
        cmocka_unit_test(test_stack_overflow_is_reported),
        cmocka_unit_test(test_invalid_configuration),
        cmocka_unit_test(test_same_bits_for_any_thread_count),
        cmocka_unit_test(test_same_bits_as_ws_api),
        cmocka_unit_test(test_printf_order),
        cmocka_unit_test(test_block_of_more_than_1024_threads),
        cmocka_unit_test(test_barrier_predicates),
        cmocka_unit_test(test_shuffle_reads_outside_its_callers),
        cmocka_unit_test(test_printf_block_order_with_a_slow_block),
        cmocka_unit_test(test_atomics_block_order_with_a_slow_block),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
