/* The model against what an H200 printed: the expected values of these
 * tests are read, lane by lane, from the GPU's own output files in
 * docs/probes/ (ub_collectives_probe.h200.txt), which the probe source
 * next to them produced. Each case re-runs the probe's CUDA statement on
 * the model; the file decides whether it is right.
 *
 * ub_collectives_probe: undefined corners: 32 converged lanes calling with
 * a mask that leaves some of them out, two tile masks in one call, mask 0.
 * branch_rendezvous_probe: vote, reduce and match called from two branches
 * with the same full mask form one rendezvous; a 32-bit shuffle in one
 * branch pairs with the first word of a 64-bit shuffle in the other. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#ifndef WARPSIM_PROBE_DIR
#error "WARPSIM_PROBE_DIR must name docs/probes"
#endif

#define LOW 0x0000FFFFu /* lanes 16..31 are not in their own mask */

typedef struct {
    const char *name;                 /* the probe's row label */
    ws_status (*run)(ws_warp *w, ws_reg v, ws_reg dst, ws_reg pred); /* v = lane on entry */
    bool pred_out;                    /* compare the predicate instead of dst */
} probe_case;

/* Per-lane inputs the probe computes from the lane index. */
static ws_reg lane_pred(ws_warp *w, const char *name, bool (*f)(int lane))
{
    ws_reg p = test_reg(w, name, WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, p, l, f(l));
    return p;
}
static bool odd(int l) { return l & 1; }
static bool not20(int l) { return l != 20; }
static bool is20(int l) { return l == 20; }
static bool high(int l) { return l >= 16; }
static bool one(int l) { (void)l; return true; }

static ws_reg tile_masks(ws_warp *w)
{
    ws_reg m = test_reg(w, "tile", WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, m, l, l < 16 ? 0x0000FFFFu : 0xFFFF0000u);
    return m;
}
static ws_reg plus100(ws_warp *w, ws_reg v)
{
    ws_reg x = test_reg(w, "x", WS_U32);
    ws_binop_imm(w, WS_ADD, WS_U32, x, v, 100);
    return x;
}
static ws_status with_tile(ws_warp *w, ws_coll_kind kind, ws_reg dst, ws_reg src, int32_t b)
{
    return ws_collective(w, &(ws_coll_desc){.kind = kind, .mask_reg = tile_masks(w), .dst = dst,
                                            .src = src, .b = b, .width = 32});
}

static ws_status ballot_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return ws_ballot_sync(w, LOW, d, lane_pred(w, "odd", odd)); }
static ws_status all_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return ws_all_sync(w, LOW, d, lane_pred(w, "not20", not20)); }
static ws_status any_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return ws_any_sync(w, LOW, d, lane_pred(w, "is20", is20)); }
static ws_status uni_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return ws_uni_sync(w, LOW, d, lane_pred(w, "high", high)); }
static ws_status match_any_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return ws_match_any_sync(w, LOW, d, lane_pred(w, "odd", odd)); }
static ws_status match_all_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{
    (void)v;
    ws_reg x = test_reg(w, "x", WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, x, l, l < 20 ? 7u : 9u);
    return ws_match_all_sync(w, LOW, d, p, x);
}
static ws_status reduce_add_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return ws_reduce_add_sync(w, LOW, d, v); }
static ws_status reduce_max_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return ws_reduce_max_sync(w, LOW, d, v); }
static ws_status shfl_low(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return ws_shfl_idx(w, LOW, d, plus100(w, v), 20, 32); }
static ws_status shfl_xor_tile(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return with_tile(w, WS_COLL_SHFL_BFLY, d, plus100(w, v), 16); }
static ws_status reduce_add_tile(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return with_tile(w, WS_COLL_REDUX_ADD, d, v, 0); }
static ws_status ballot_tile(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return with_tile(w, WS_COLL_VOTE_BALLOT, d, lane_pred(w, "one", one), 0); }
static ws_status shfl_mask0(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return ws_shfl_idx(w, 0, d, plus100(w, v), 5, 32); }
static ws_status shfl_down_ff(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return ws_shfl_down(w, 0xFFu, d, plus100(w, v), 4, 32); }
static ws_status match_any_tile(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return with_tile(w, WS_COLL_MATCH_ANY, d, lane_pred(w, "odd", odd), 0); }

/* ---- branch_rendezvous_probe: lanes 0-15 in the if, 16-31 in the else ---- */

static bool mod3(int l) { return l % 3 == 0; }

static ws_status two_branches(ws_warp *w, ws_status (*then_part)(ws_warp *, ws_reg), ws_status (*else_part)(ws_warp *, ws_reg),
                              ws_reg d)
{
    ws_status s = ws_if_lanes(w, 0x0000FFFFu);
    if (s == WS_OK && then_part(w, d) != WS_PENDING)
        return WS_ERR_STATE; /* the other half has not arrived yet */
    if (s == WS_OK)
        s = ws_else(w);
    if (s == WS_OK)
        s = else_part(w, d);
    if (s == WS_OK || s == WS_PENDING)
        s = ws_end_if(w);
    return s == WS_OK ? ws_warp_finish(w) : s;
}

static ws_status ballot_then(ws_warp *w, ws_reg d) { return ws_ballot_sync(w, WS_FULL32, d, lane_pred(w, "odd", odd)); }
static ws_status ballot_else(ws_warp *w, ws_reg d) { return ws_ballot_sync(w, WS_FULL32, d, lane_pred(w, "mod3", mod3)); }
static ws_status ballot_branches(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return two_branches(w, ballot_then, ballot_else, d); }

static ws_reg lane_plus(ws_warp *w, uint32_t k)
{
    ws_reg x = test_reg(w, "x", WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, x, l, k + (uint32_t)l);
    return x;
}
static ws_status redux_then(ws_warp *w, ws_reg d) { return ws_reduce_add_sync(w, WS_FULL32, d, lane_plus(w, 0)); }
static ws_status redux_else(ws_warp *w, ws_reg d) { return ws_reduce_add_sync(w, WS_FULL32, d, lane_plus(w, 1000)); }
static ws_status redux_branches(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return two_branches(w, redux_then, redux_else, d); }

static ws_status match_then(ws_warp *w, ws_reg d)
{
    ws_reg x = test_reg(w, "x", WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, x, l, (uint32_t)(l & 3));
    return ws_match_any_sync(w, WS_FULL32, d, x);
}
static ws_status match_else(ws_warp *w, ws_reg d)
{
    ws_reg x = test_reg(w, "y", WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, x, l, (uint32_t)(l & 3) + 4u * (l == 31));
    return ws_match_any_sync(w, WS_FULL32, d, x);
}
static ws_status match_branches(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)v; (void)p; return two_branches(w, match_then, match_else, d); }

/* if (lane < 16) v = __shfl_xor_sync(full, 100 + lane, 16);
 * else v = (unsigned)__shfl_xor_sync(full, (double)(200 + lane), 16); */
static ws_reg wide_result;
static ws_status narrow_then(ws_warp *w, ws_reg d) { return ws_shfl_xor(w, WS_FULL32, d, lane_plus(w, 100), 16, 32); }
static ws_status wide_else(ws_warp *w, ws_reg d)
{
    (void)d;
    ws_reg x = test_reg(w, "xd", WS_F64);
    for (int l = 0; l < 32; l++)
        ws_set_f64(w, x, l, 200.0 + l);
    wide_result = test_reg(w, "dd", WS_F64);
    return ws_shfl_xor(w, WS_FULL32, wide_result, x, 16, 32);
}
static ws_status mixed_width_branches(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{
    (void)v;
    (void)p;
    ws_status s = two_branches(w, narrow_then, wide_else, d);
    for (int l = 16; l < 32; l++) /* the CUDA conversion (unsigned)d, done by the test */
        ws_set_u32(w, d, l, (uint32_t)ws_get_f64(w, wide_result, l));
    return s;
}

static const probe_case branch_cases[] = {
    {"ballot two branches", ballot_branches, false},
    {"reduce_add two branches", redux_branches, false},
    {"match_any two branches", match_branches, false},
    {"shfl_xor 32-bit vs 64-bit", mixed_width_branches, false},
};

/* ---- mask_kind_probe: one converged call, lanes pass different masks ---- */

static ws_status per_lane_masks(ws_warp *w, ws_coll_kind kind, uint32_t low_mask, uint32_t high_mask, ws_reg d,
                                ws_reg src, int32_t b)
{
    ws_reg m = test_reg(w, "m", WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, m, l, l < 16 ? low_mask : high_mask);
    ws_status s = ws_collective(w, &(ws_coll_desc){.kind = kind, .mask_reg = m, .dst = d, .src = src, .b = b,
                                                   .width = 32});
    return s == WS_OK ? ws_warp_finish(w) : s;
}
static ws_status xor_low_full(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return per_lane_masks(w, WS_COLL_SHFL_BFLY, 0x0000FFFFu, 0xFFFFFFFFu, d, plus100(w, v), 16); }
static ws_status xor_full_high(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return per_lane_masks(w, WS_COLL_SHFL_BFLY, 0xFFFFFFFFu, 0xFFFF0000u, d, plus100(w, v), 16); }
static ws_status redux_low_full(ws_warp *w, ws_reg v, ws_reg d, ws_reg p)
{ (void)p; return per_lane_masks(w, WS_COLL_REDUX_ADD, 0x0000FFFFu, 0xFFFFFFFFu, d, v, 0); }

static const probe_case mask_cases[] = {
    {"shfl_xor masks 0xFFFF|full", xor_low_full, false},
    {"shfl_xor masks full|0xFFFF0000", xor_full_high, false},
    {"reduce_add masks 0xFFFF|full", redux_low_full, false},
};

static const probe_case cases[] = {
    {"ballot(low, lane&1)", ballot_low, false},
    {"all(low, lane!=20)", all_low, false},
    {"any(low, lane==20)", any_low, false},
    {"uni(low, lane>=16)", uni_low, false},
    {"match_any(low, lane&1)", match_any_low, false},
    {"match_all(low, lane<20?7:9)", match_all_low, false},
    {"match_all pred", match_all_low, true},
    {"reduce_add(low, lane)", reduce_add_low, false},
    {"reduce_max(low, lane)", reduce_max_low, false},
    {"shfl(low, 100+lane, 20)", shfl_low, false},
    {"shfl_xor(tile, 100+lane, 16)", shfl_xor_tile, false},
    {"reduce_add(tile, lane)", reduce_add_tile, false},
    {"ballot(tile, 1)", ballot_tile, false},
    {"shfl(0, 100+lane, 5)", shfl_mask0, false},
    {"shfl_down(0xff, 100+lane, 4)", shfl_down_ff, false},
    {"match_any(tile, lane&1)", match_any_tile, false},
};

/* Finds the row labelled `name` and reads its 32 hex values. */
static bool read_row(const char *path, const char *name, uint32_t want[32])
{
    FILE *f = fopen(path, "r");
    if (!f) {
        print_error("cannot open %s\n", path);
        return false;
    }
    char line[1024];
    bool found = false;
    size_t n = strlen(name);
    while (!found && fgets(line, sizeof line, f)) {
        if (strncmp(line, name, n) != 0 || line[n] != ' ')
            continue;
        char *p = line + n;
        found = true;
        for (int l = 0; l < 32 && found; l++) {
            char *end;
            want[l] = (uint32_t)strtoul(p, &end, 16);
            found = end != p;
            p = end;
        }
    }
    fclose(f);
    return found;
}

static void run_probe_cases(const char *path, const probe_case *list, size_t count)
{
    for (size_t i = 0; i < count; i++) {
        const probe_case *c = &list[i];
        uint32_t want[32];
        if (!read_row(path, c->name, want)) {
            print_error("row \"%s\" missing or malformed in %s\n", c->name, path);
            fail();
        }
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32), p = test_reg(w, "p", WS_U32);
        ws_lane_id(w, v);
        EXPECT_STATUS("call", c->name, c->run(w, v, d, p), WS_OK);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("H200 probe", c->name, l, ws_get_u32(w, c->pred_out ? p : d, l), want[l]);
        drop_warp(w);
    }
}

static void test_ub_collectives_probe(void **state)
{
    (void)state;
    run_probe_cases(WARPSIM_PROBE_DIR "/ub_collectives_probe.h200.txt", cases, sizeof cases / sizeof cases[0]);
}

static void test_branch_rendezvous_probe(void **state)
{
    (void)state;
    run_probe_cases(WARPSIM_PROBE_DIR "/branch_rendezvous_probe.h200.txt", branch_cases,
                    sizeof branch_cases / sizeof branch_cases[0]);
}

static void test_mask_kind_probe(void **state)
{
    (void)state;
    run_probe_cases(WARPSIM_PROBE_DIR "/mask_kind_probe.h200.txt", mask_cases,
                    sizeof mask_cases / sizeof mask_cases[0]);
}

/* The probe's "case 3/4: exit 124" lines: ballot against any, and all
 * against any, in two branches never finish on the GPU (the timeout killed
 * them), although ballot and any compile to the same VOTE.ANY opcode. The
 * model must report a deadlock for both. */
static void test_vote_kinds_deadlock(void **state)
{
    (void)state;
    FILE *f = fopen(WARPSIM_PROBE_DIR "/mask_kind_probe.h200.txt", "r");
    assert_non_null(f);
    char line[1024];
    int hangs = 0;
    while (fgets(line, sizeof line, f))
        hangs += strncmp(line, "case 3: exit 124", 16) == 0 || strncmp(line, "case 4: exit 124", 16) == 0;
    fclose(f);
    assert_int_equal(hangs, 2);
    for (int pair = 0; pair < 2; pair++) {
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg p = test_reg(w, "p", WS_U32), d = test_reg(w, "d", WS_U32);
        assert_int_equal(ws_if_lanes(w, 0x0000FFFFu), WS_OK);
        ws_status first = pair == 0 ? ws_ballot_sync(w, WS_FULL32, d, p) : ws_all_sync(w, WS_FULL32, d, p);
        assert_int_equal(first, WS_PENDING);
        assert_int_equal(ws_else(w), WS_OK);
        assert_int_equal(ws_any_sync(w, WS_FULL32, d, p), WS_ERR_DEADLOCK);
        drop_warp(w);
    }
}

/* The probe's "fma a=.. b=.. c=.. -> r" lines: f64 fma NaN results. */
static void test_fma_nan_order_probe(void **state)
{
    (void)state;
    FILE *f = fopen(WARPSIM_PROBE_DIR "/mask_kind_probe.h200.txt", "r");
    assert_non_null(f);
    char line[1024];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        unsigned long long a, b, c, r;
        if (sscanf(line, "fma a=%llx b=%llx c=%llx -> %llx", &a, &b, &c, &r) != 4)
            continue;
        rows++;
        EXPECT_U64("H200 fma", line, -1, ws_f64_fma(a, b, c), r);
    }
    fclose(f);
    assert_int_equal(rows, 8);
}

/* Counts lines of a probe output that start with `prefix`. */
static int count_lines(const char *path, const char *prefix)
{
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[1024];
    int n = 0;
    while (fgets(line, sizeof line, f))
        n += strncmp(line, prefix, strlen(prefix)) == 0;
    fclose(f);
    return n;
}

/* redux_sign_probe: __reduce_add/max_sync on int in one branch and on
 * unsigned in the other hang on the GPU (cases 1 and 2 killed by timeout);
 * int in both completes jointly (case 3: -5 in every lane). */
static void test_redux_signedness_probe(void **state)
{
    (void)state;
    const char *path = WARPSIM_PROBE_DIR "/redux_sign_probe.h200.txt";
    assert_int_equal(count_lines(path, "case 1: exit 124"), 1);
    assert_int_equal(count_lines(path, "case 2: exit 124"), 1);
    assert_int_equal(count_lines(path, "case 3: -5 x32"), 1);
    for (int kind = 0; kind < 3; kind++) {
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg si = test_reg(w, "si", WS_I32), ui = test_reg(w, "ui", WS_U32), d = test_reg(w, "d", WS_I32);
        for (int l = 0; l < 32; l++) {
            int32_t x = (l == 3 || l == 19) ? -5 : l;
            ws_set_i32(w, si, l, kind == 2 && l >= 16 ? x + 1 : x);
            ws_set_u32(w, ui, l, (uint32_t)x);
        }
        assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
        ws_status first = kind == 1 ? ws_reduce_max_sync(w, WS_FULL32, d, si) : kind == 0
                              ? ws_reduce_add_sync(w, WS_FULL32, d, si) : ws_reduce_min_sync(w, WS_FULL32, d, si);
        assert_int_equal(first, WS_PENDING);
        assert_int_equal(ws_else(w), WS_OK);
        ws_status second = kind == 1 ? ws_reduce_max_sync(w, WS_FULL32, d, ui) : kind == 0
                               ? ws_reduce_add_sync(w, WS_FULL32, d, ui) : ws_reduce_min_sync(w, WS_FULL32, d, si);
        if (kind < 2) {
            assert_int_equal(second, WS_ERR_DEADLOCK);
            assert_true(ws_diag_has(w, WS_DIAG_DEADLOCK));
        } else {
            assert_int_equal(second, WS_OK);
            for (int l = 0; l < 32; l++)
                EXPECT_U64("redux_sign_probe", "case 3: joint min", l, (uint32_t)ws_get_i32(w, d, l), (uint32_t)-5);
        }
        drop_warp(w);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ub_collectives_probe),
        cmocka_unit_test(test_branch_rendezvous_probe),
        cmocka_unit_test(test_mask_kind_probe),
        cmocka_unit_test(test_vote_kinds_deadlock),
        cmocka_unit_test(test_fma_nan_order_probe),
        cmocka_unit_test(test_redux_signedness_probe),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
