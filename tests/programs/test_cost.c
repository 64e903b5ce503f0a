/* The cycle estimate (--cost, programs/runtime/cost.h, issue 14) against critical
 * paths worked out by hand from the H200's measured latencies
 * (docs/probes/latency_probe.h200.txt):
 *
 *   - the table itself against the probe's output file, row by row, and the
 *     derived rows as the differences of measured rows they are said to be;
 *   - reduce-down, reduce-xor on 32 lanes: five times (shfl 26 + add) along
 *     the chain (f32 4, i32 5, f64 8); reduce-redux: one redux, 44;
 *   - a shared-memory tree (a program written here: the classic warp sum
 *     through shared memory, s[lane] += s[lane + o]): a store, then per level
 *     ld.shared 23 + add 4 + st.shared 5;
 *   - __syncthreads() across two warps, and block-reduce: the trees, the
 *     store, the barrier of 4 warps, the load, warp 0's tree;
 *   - which steps are on the critical path; that --cost leaves the trace as
 *     it was; the refusals (wave profiles, sym). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cost.h"
#include "prog_support.h"

/* ---- the table against the probe's output --------------------------------- */

/* The cycles of a row of latency_probe.h200.txt (its name and block size). */
static double probe_row(const char *name, int block)
{
    FILE *f = fopen(WARPSIM_TEST_DATA "/../../docs/probes/latency_probe.h200.txt", "r");
    assert_non_null(f);
    char line[512];
    double found = -1;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#')
            continue;
        /* the name is the first 24 characters (it may hold blanks) */
        char head[25];
        snprintf(head, sizeof head, "%.24s", line);
        for (int i = (int)strlen(head) - 1; i >= 0 && head[i] == ' '; i--)
            head[i] = '\0';
        int b;
        double cycles;
        if (strcmp(head, name) == 0 && sscanf(line + 24, "%d %lf", &b, &cycles) == 2 && b == block) {
            found = cycles;
            break;
        }
    }
    fclose(f);
    if (found < 0)
        fail_msg("latency_probe.h200.txt has no row '%s' at block %d", name, block);
    return found;
}

static unsigned rounded(double x) { return (unsigned)lround(x); }

static void table_matches_the_probe(void **state)
{
    (void)state;
    const char *shfl[] = {"shfl.idx", "shfl.up", "shfl.down", "shfl.bfly"};
    for (int i = 0; i < 4; i++)
        assert_int_equal(rounded(probe_row(shfl[i], 32)), wk_latencies[WK_LAT_SHFL].cycles);
    const char *redux[] = {"redux.add", "redux.min", "redux.max", "redux.and", "redux.or", "redux.xor"};
    for (int i = 0; i < 6; i++)
        assert_int_equal(rounded(probe_row(redux[i], 32)), wk_latencies[WK_LAT_REDUX].cycles);
    assert_int_equal(rounded(probe_row("vote.any", 32)), wk_latencies[WK_LAT_VOTE_ANY].cycles);
    assert_int_equal(rounded(probe_row("match.all", 32)), wk_latencies[WK_LAT_MATCH_ALL].cycles);
    assert_int_equal(rounded(probe_row("ld.shared", 32)), wk_latencies[WK_LAT_LD_SHARED].cycles);
    assert_int_equal(rounded(probe_row("f32 add", 32)), wk_latencies[WK_LAT_F32_ADD].cycles);
    assert_int_equal(rounded(probe_row("f32 fma", 32)), wk_latencies[WK_LAT_F32_ADD].cycles);
    assert_int_equal(rounded(probe_row("f64 add", 32)), wk_latencies[WK_LAT_F64_ADD].cycles);
    assert_int_equal(rounded(probe_row("f64 fma", 32)), wk_latencies[WK_LAT_F64_ADD].cycles);
    assert_int_equal(rounded(probe_row("i32 add", 32)), wk_latencies[WK_LAT_I32_ADD].cycles);
    assert_int_equal(rounded(probe_row("i32 mad", 32)), wk_latencies[WK_LAT_I32_MAD].cycles);
    /* derived rows: differences of measured rows */
    unsigned add = rounded(probe_row("i32 add", 32));
    unsigned lop3 = rounded(probe_row("i32 add+xor (helper)", 32)) - add;
    assert_int_equal(lop3, wk_latencies[WK_LAT_I32_LOGIC].cycles);
    assert_int_equal(rounded(probe_row("vote.ballot", 32)) - lop3, wk_latencies[WK_LAT_VOTE_BALLOT].cycles);
    unsigned st_ld = rounded(probe_row("st+ld.shared", 32));
    assert_int_equal(st_ld - rounded(probe_row("ld.shared", 32)) - add, wk_latencies[WK_LAT_ST_SHARED].cycles);
    assert_int_equal(rounded(probe_row("st+syncwarp+ld.shared", 32)) - st_ld, wk_latencies[WK_LAT_SYNCWARP].cycles);
    /* __syncthreads() at the measured block sizes */
    const int blocks[] = {32, 128, 256, 512, 1024};
    for (int i = 0; i < 5; i++)
        assert_int_equal(rounded(probe_row("syncthreads", blocks[i])), wk_cost_syncthreads(blocks[i]));
    /* match.any at the measured numbers of distinct values */
    assert_int_equal(rounded(probe_row("match.any", 32)), wk_cost_match_any(32));
    const char *values[] = {"match.any (1 value)", "match.any (2 values)", "match.any (4 values)",
                            "match.any (8 values)", "match.any (16 values)"};
    for (int i = 0; i < 5; i++)
        assert_int_equal(rounded(probe_row(values[i], 32)), wk_cost_match_any(1 << i));
    assert_int_equal(rounded(probe_row("match.any (2, halves)", 32)), wk_cost_match_any(2));
    /* every row says what it is */
    for (int i = 0; i < WK_LAT_COUNT; i++) {
        assert_non_null(wk_latencies[i].name);
        assert_true(strcmp(wk_latencies[i].kind, "measured") == 0 || strcmp(wk_latencies[i].kind, "derived") == 0 ||
                    strcmp(wk_latencies[i].kind, "assumed") == 0);
        assert_true(strlen(wk_latencies[i].source) > 10);
    }
}

static void between_the_rows(void **state)
{
    (void)state;
    /* 12 + 2 per warp: a partial warp counts whole */
    assert_int_equal(wk_cost_syncthreads(1), 14);
    assert_int_equal(wk_cost_syncthreads(33), 16);
    assert_int_equal(wk_cost_syncthreads(64), 16);
    assert_int_equal(wk_cost_syncthreads(100), 20);
    assert_int_equal(wk_cost_syncthreads(384), 36);
    assert_int_equal(wk_cost_syncthreads(768), 60);
    /* 17 + 11 per distinct value */
    assert_int_equal(wk_cost_match_any(3), 50);
    assert_int_equal(wk_cost_match_any(24), 281);
    assert_int_equal(wk_cost_match_any(0), 28);
    /* the arithmetic classes */
    assert_int_equal(wk_cost_arith(WK_AR_ADD, WS_F32), 4);
    assert_int_equal(wk_cost_arith(WK_AR_ADD, WS_F64), 8);
    assert_int_equal(wk_cost_arith(WK_AR_ADD, WS_I32), 5);
    assert_int_equal(wk_cost_arith(WK_AR_ADD, WS_U64), 10);
    assert_int_equal(wk_cost_arith(WK_AR_MUL, WS_U32), 4);
    assert_int_equal(wk_cost_arith(WK_AR_LOGIC, WS_U64), 5);
    assert_int_equal(wk_cost_arith(WK_AR_SELECT, WS_I64), 5);
    assert_int_equal(wk_cost_arith(WK_AR_OTHER, WS_I64), 10);
}

/* ---- runs ----------------------------------------------------------------- */

static void cost_run(wk_run *r, const char *name, wk_params p, const uint64_t *in, size_t n)
{
    p.cost = true;
    prog_run(r, name, &p, in, n);
    assert_true(r->params.trace);
}

/* The steps of a run, with their cycles and done, against a table. */
static void expect_steps(const wk_run *r, const unsigned *cycles, const unsigned *done, size_t n)
{
    assert_int_equal(r->trace.count, n);
    for (size_t i = 0; i < n; i++) {
        const wk_step *s = &r->trace.steps[i];
        assert_true(s->has_cost);
        if (s->cost_cycles != cycles[i] || s->cost_done != done[i])
            fail_msg("step %zu (%s): cycles %u done %llu, want %u and %u", i + 1, s->cuda, s->cost_cycles,
                     (unsigned long long)s->cost_done, cycles[i], done[i]);
    }
}

static uint64_t seq[1024];

static void reduce_down_and_xor(void **state)
{
    (void)state;
    static const struct {
        const char *program;
        wk_elem type;
        unsigned add;
        const char *ops;
    } cases[] = {
        {"reduce-down", WK_F32, 4, "shfl.sync.down 26, add.f32 4"},
        {"reduce-down", WK_I32, 5, "shfl.sync.down 26, add.i32 5"},
        {"reduce-down", WK_F64, 8, "shfl.sync.down 26, add.f64 8"},
        {"reduce-xor", WK_F32, 4, "shfl.sync.bfly 26, add.f32 4"},
        {"reduce-xor", WK_U32, 5, "shfl.sync.bfly 26, add.u32 5"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        wk_run r;
        cost_run(&r, cases[c].program, (wk_params){.type = cases[c].type}, seq, 32);
        /* the load of in[lane] (global: 0), then five (shfl 26 + add) along the chain */
        unsigned step = 26 + cases[c].add;
        const unsigned cycles[] = {0, step, step, step, step, step};
        const unsigned done[] = {0, step, 2 * step, 3 * step, 4 * step, 5 * step};
        expect_steps(&r, cycles, done, 6);
        int block = -1, warp = -1;
        assert_int_equal(wk_cost_total(&r, &block, &warp), 5 * step);
        assert_int_equal(block, 0);
        assert_int_equal(warp, 0);
        assert_string_equal(r.trace.steps[0].cost_ops, "ld.global 0");
        for (int i = 1; i < 6; i++) {
            assert_string_equal(r.trace.steps[i].cost_ops, cases[c].ops);
            assert_true(r.trace.steps[i].cost_critical);
        }
        wk_run_free(&r);
    }
}

static void reduce_redux(void **state)
{
    (void)state;
    for (int op = 0; op < WK_OP_COUNT; op++) {
        wk_run r;
        cost_run(&r, "reduce-redux", (wk_params){.type = WK_U32, .op = (wk_redop)op}, seq, 32);
        const unsigned cycles[] = {0, 44}, done[] = {0, 44};
        expect_steps(&r, cycles, done, 2);
        assert_int_equal(wk_cost_total(&r, NULL, NULL), 44);
        wk_run_free(&r);
    }
}

/* The classic warp sum through shared memory, one warp (a program of this
 * test, not of the registry):
 *     __shared__ float s[32];
 *     s[lane] = in[lane];
 *     for (int o = 16; o > 0; o /= 2) { if (lane < o) s[lane] += s[lane + o]; __syncwarp(); }
 * Along the chain: the first store 5, then per level the two loads wait for
 * the stores of the level before: ld.shared 23 + add 4 + st.shared 5 = 32.
 * A level's own cost is 37: its chain starts with the setp of `lane < o`
 * (5), which the loads inside the if wait for. */
static void shared_tree_run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, 0);
    if (!k)
        return;
    uint64_t s[64] = {0};
    wk_shared(r, s, 64);
    ws_reg v = wk_var(k, "v"), a = wk_var(k, "a"), b = wk_var(k, "b");
    ws_reg lane = wk_var_of(k, "lane", WS_U32), idx = wk_var_of(k, "idx", WS_U32), c = wk_var_of(k, "c", WS_U32);
    wk_stmt(k, "s[lane] = in[lane];");
    wk_lane_id(k, lane);
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    wk_store_lanes(k, s, 64, 0, v);
    for (int o = k->lanes / 2; o > 0; o /= 2) {
        wk_stmt(k, "if (lane < %d) s[lane] += s[lane + %d];", o, o);
        wk_binop_imm(k, WS_ADD, idx, lane, (uint64_t)o);
        wk_cmp_imm(k, WS_LT, c, lane, (uint64_t)o);
        wk_if(k, c);
        wk_load_idx(k, a, s, 64, lane);
        wk_load_idx(k, b, s, 64, idx);
        wk_add(k, a, a, b);
        wk_store_idx(k, s, 64, lane, a);
        wk_end_if(k);
        wk_show(k, a);
    }
    wk_output_values(r, "sum", r->params.type, s, 1);
    wk_warp_end(k);
}

static const wk_program shared_tree = {
    .name = "test-shared-tree",
    .summary = "the warp sum through shared memory",
    .cuda = "s[lane] = in[lane];\nfor (...) if (lane < o) s[lane] += s[lane + o];",
    .types = WK_NUMBERS,
    .profiles = WK_NVIDIA,
    .default_gen = "seq",
    .run = shared_tree_run,
};

static void shared_memory_tree(void **state)
{
    (void)state;
    uint64_t in[32];
    for (int i = 0; i < 32; i++)
        in[i] = f32_bits((float)i);
    wk_run r;
    assert_true(wk_run_init(&r, &shared_tree, &(wk_params){.type = WK_F32, .cost = true}, in, 32));
    assert_true(wk_run_exec(&r));
    assert_int_equal(bits_f32(prog_output(&r, "sum")->bits[0]), 496.0f);
    /* the store after the (global, 0-cycle) load: 5; then 32 a level */
    const unsigned cycles[] = {5, 37, 37, 37, 37, 37};
    const unsigned done[] = {5, 37, 69, 101, 133, 165};
    expect_steps(&r, cycles, done, 6);
    assert_int_equal(wk_cost_total(&r, NULL, NULL), 165);
    assert_string_equal(r.trace.steps[0].cost_ops, "mov 0, ld.global 0, st.shared 5");
    assert_string_equal(r.trace.steps[1].cost_ops, "add.u32 5, setp.u32 5, ld.shared 23, ld.shared 23, add.f32 4, "
                                                    "st.shared 5");
    for (int i = 0; i < 6; i++)
        assert_true(r.trace.steps[i].cost_critical);
    wk_run_free(&r);
}

/* Two warps through shared memory and __syncthreads():
 *     s[tid] = in[tid]; __syncthreads(); v = s[tid ^ 32] + s[tid];
 * arrival 5 (the store), the barrier of 64 threads 16, then ld.shared 23 and
 * add 4: 48. (The H200's st+syncthreads+ld row, at 128 threads, is 50
 * cycles with an IADD where this model gives 5 + 20 + 23 + 5 = 53.) */
static void barrier_run(wk_run *r)
{
    wk_warp *k[2] = {wk_warp_begin(r, 0, 0, 0), wk_warp_begin(r, 0, 1, 0)};
    uint64_t s[64] = {0};
    wk_shared(r, s, 64);
    ws_reg v[2], p[2], tid[2];
    for (int w = 0; w < 2; w++) {
        v[w] = wk_var(k[w], "v");
        p[w] = wk_var(k[w], "p");
        tid[w] = wk_var_of(k[w], "tid", WS_U32);
        wk_stmt(k[w], "s[tid] = in[tid];");
        wk_load_lanes(k[w], v[w], r->input, r->n_input, (size_t)w * 32);
        wk_store_lanes(k[w], s, 64, (size_t)w * 32, v[w]);
        wk_lane_id(k[w], tid[w]); /* the index of the other warp's word: (tid ^ 32) */
        wk_binop_imm(k[w], WS_XOR, tid[w], tid[w], (uint64_t)(1 - w) * 32);
        wk_syncthreads(k[w]);
    }
    for (int w = 0; w < 2; w++) {
        wk_stmt(k[w], "v += s[tid ^ 32];");
        wk_load_idx(k[w], p[w], s, 64, tid[w]);
        wk_add(k[w], v[w], v[w], p[w]);
        wk_output_lanes(k[w], "v", v[w]);
    }
    wk_warp_end(k[0]);
    wk_warp_end(k[1]);
}

static const wk_program two_warps = {
    .name = "test-barrier",
    .summary = "two warps through shared memory",
    .cuda = "s[tid] = in[tid];\n__syncthreads();\nv += s[tid ^ 32];",
    .types = WK_NUMBERS,
    .profiles = WK_NVIDIA,
    .default_gen = "seq",
    .input_count = NULL,
    .run = barrier_run,
};

static size_t sixty_four(const wk_params *p, int lanes, char *err, size_t size)
{
    (void)p;
    (void)lanes;
    (void)err;
    (void)size;
    return 64;
}

static void barrier_between_warps(void **state)
{
    (void)state;
    wk_program prog = two_warps;
    prog.input_count = sixty_four;
    uint64_t in[64];
    for (int i = 0; i < 64; i++)
        in[i] = f32_bits((float)i);
    wk_run r;
    assert_true(wk_run_init(&r, &prog, &(wk_params){.type = WK_F32, .cost = true}, in, 64));
    assert_true(wk_run_exec(&r));
    assert_int_equal(bits_f32(prog_output(&r, "v")->bits[0]), 32.0f); /* warp 0 lane 0: 0 + s[32] */
    /* steps: warp 0 store, warp 0 barrier, warp 1 store, warp 1 barrier, warp 0 load, warp 1 load */
    const unsigned cycles[] = {5, 16, 5, 16, 27, 27};
    const unsigned done[] = {5, 21, 5, 21, 48, 48};
    expect_steps(&r, cycles, done, 6);
    assert_int_equal(wk_cost_total(&r, NULL, NULL), 48);
    assert_string_equal(r.trace.steps[1].cost_ops, "bar.sync 16");
    size_t n;
    const wk_cost_warp_total *t = wk_cost_warps(&r, &n);
    assert_int_equal(n, 2);
    assert_int_equal(t[0].cycles, 48);
    assert_int_equal(t[1].cycles, 48);
    wk_run_free(&r);
}

static void block_reduce(void **state)
{
    (void)state;
    /* 4 warps: each tree 5 x 30 (f32), the store 5, the barrier of 128
     * threads 20, warp 0's load 23 and its tree 150: 348. */
    wk_run r;
    cost_run(&r, "block-reduce", (wk_params){.type = WK_F32, .block = 128}, seq, 128);
    int block, warp;
    assert_int_equal(wk_cost_total(&r, &block, &warp), 150 + 5 + 20 + 23 + 150);
    assert_int_equal(warp, 0);
    size_t n;
    const wk_cost_warp_total *t = wk_cost_warps(&r, &n);
    assert_int_equal(n, 4);
    for (int w = 1; w < 4; w++)
        assert_int_equal(t[w].cycles, 150 + 5 + 20); /* the other warps end at the barrier */
    /* the critical path: warp 0's steps (the tie at the barrier goes to the first warp) */
    int barriers = 0;
    for (size_t i = 0; i < r.trace.count; i++) {
        const wk_step *s = &r.trace.steps[i];
        if (strcmp(s->cuda, "__syncthreads();") == 0) {
            barriers++;
            assert_int_equal(s->cost_cycles, 20);
            assert_int_equal(s->cost_done, 175);
        }
        if (s->cost_critical)
            assert_int_equal(s->warp, 0);
    }
    assert_int_equal(barriers, 4);
    assert_true(r.trace.steps[r.trace.count - 1].cost_critical);
    wk_run_free(&r);

    /* i32: the tree's adds are 5: 155 + 5 + 20 + 23 + 155 */
    cost_run(&r, "block-reduce", (wk_params){.type = WK_I32, .block = 128}, seq, 128);
    assert_int_equal(wk_cost_total(&r, NULL, NULL), 358);
    wk_run_free(&r);
    /* 1024 threads: 32 warps, the barrier 76 */
    cost_run(&r, "block-reduce", (wk_params){.type = WK_F32, .block = 1024}, seq, 1024);
    assert_int_equal(wk_cost_total(&r, NULL, NULL), 150 + 5 + 76 + 23 + 150);
    wk_run_free(&r);
}

/* --cost records the estimate and changes nothing else of the trace. */
static void same_trace(void **state)
{
    (void)state;
    const char *programs[] = {"reduce-down", "scan-incl", "bitonic", "block-scan", "block-sort", "transpose8"};
    for (size_t p = 0; p < sizeof programs / sizeof programs[0]; p++) {
        const wk_program *prog = wk_find_program(programs[p]);
        assert_non_null(prog);
        wk_params q = {.type = WK_I32};
        wk_apply_defaults(prog, &q);
        char err[200];
        size_t n = wk_input_count(prog, &q, err, sizeof err);
        uint64_t *in = calloc(n, sizeof *in);
        uint64_t seed = 14;
        for (size_t i = 0; i < n; i++)
            in[i] = (uint32_t)(prog_rand(&seed) % 2001) - 1000u;
        wk_run a, b;
        prog_run(&a, programs[p], &(wk_params){.type = WK_I32, .trace = true}, in, n);
        cost_run(&b, programs[p], (wk_params){.type = WK_I32}, in, n);
        assert_int_equal(a.trace.count, b.trace.count);
        for (size_t i = 0; i < a.trace.count; i++) {
            const wk_step *x = &a.trace.steps[i], *y = &b.trace.steps[i];
            assert_string_equal(x->cuda, y->cuda);
            assert_string_equal(x->model ? x->model : "", y->model ? y->model : "");
            assert_memory_equal(x->bits, y->bits, sizeof x->bits);
            assert_int_equal(x->executed, y->executed);
            assert_false(x->has_cost);
            assert_true(y->has_cost);
        }
        /* every step's done is at most the run's critical path, which some step reaches */
        uint64_t total = wk_cost_total(&b, NULL, NULL), top = 0;
        for (size_t i = 0; i < b.trace.count; i++) {
            assert_true(b.trace.steps[i].cost_done <= total);
            top = b.trace.steps[i].cost_done > top ? b.trace.steps[i].cost_done : top;
        }
        assert_int_equal(top, total);
        wk_run_free(&a);
        wk_run_free(&b);
        free(in);
    }
}

static void refusals(void **state)
{
    (void)state;
    const wk_program *p = wk_find_program("reduce-down");
    char err[200];
    assert_false(wk_check_params(p, &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE64, .cost = true}, err, sizeof err));
    assert_non_null(strstr(err, "--cost"));
    assert_non_null(strstr(err, "sm90"));
    assert_non_null(strstr(err, "wave64"));
    assert_false(wk_check_params(p, &(wk_params){.type = WK_SYM, .cost = true}, err, sizeof err));
    assert_non_null(strstr(err, "sym"));
    assert_true(wk_check_params(p, &(wk_params){.type = WK_U64, .cost = true}, err, sizeof err));
    wk_run r;
    assert_false(prog_run_status(&r, "reduce-down", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE32, .cost = true}, seq, 32));
    assert_non_null(strstr(r.error, "sm90"));
    wk_run_free(&r);
}

int main(void)
{
    for (int i = 0; i < 1024; i++)
        seq[i] = (uint64_t)i;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(table_matches_the_probe), cmocka_unit_test(between_the_rows),
        cmocka_unit_test(reduce_down_and_xor),     cmocka_unit_test(reduce_redux),
        cmocka_unit_test(shared_memory_tree),      cmocka_unit_test(barrier_between_warps),
        cmocka_unit_test(block_reduce),            cmocka_unit_test(same_trace),
        cmocka_unit_test(refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
