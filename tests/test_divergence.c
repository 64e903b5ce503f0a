/* Masks and divergence on sm90: if / else / end_if, nesting, loops with
 * per-lane exit, ws_exit, __activemask, absent lanes, control-flow misuse,
 * exits that complete a waiting collective, and statements blocked by
 * waiting lanes.
 *
 * Where the expected values come from:
 *   - control.h / warp.h contracts (if keeps the lanes whose cond is
 *     non-zero, else switches to the others, end_if restores the lanes of
 *     the if minus exited lanes; loops; lane states), worked by hand into
 *     literal masks;
 *   - semantics.md 3.2 (__activemask = non-exited lanes on this path) and semantics.md 7
 *     (inside `if (lane % 3 == 0)` it is 0x49249249);
 *   - semantics.md 2.1 / CPG 7.1 (absent lanes are never active), semantics.md 1.1 /
 *     3.6 (exited lanes are not waited for) and semantics.md 7 (a read of an
 *     exited lane gives 0 on sm90).
 * No expected value is computed by calling the library. */
#include <string.h>

#include "test_support.h"

#define SENTINEL 0xDEAD0000u

/* ------------------------------------------ scripted if / else / end_if */

typedef enum { OP_IF_LANES, OP_IF_REG, OP_ELSE, OP_END_IF, OP_EXIT, OP_END } op_kind;

typedef struct {
    op_kind op;
    ws_mask arg;       /* OP_IF_LANES: the lane set; OP_IF_REG: lanes whose cond is non-zero */
    ws_mask active;    /* ws_lanes_active after the step */
    ws_mask activemask;/* ws_activemask_value after the step */
} step;

typedef struct {
    const char *name;
    int threads;
    step steps[16];
} script_case;

static const script_case scripts[] = {
    { "if lane < 10 / else / end",
      0,
      { { OP_IF_REG, 0x3FF, 0x3FF, 0x3FF },
        { OP_ELSE, 0, 0xFFFFFC00u, 0xFFFFFC00u },
        { OP_END_IF, 0, 0xFFFFFFFFu, 0xFFFFFFFFu },
        { OP_END, 0, 0, 0 } } },
    { "nested ifs",
      0,
      { { OP_IF_LANES, 0xFFFF, 0xFFFF, 0xFFFF },
        { OP_IF_LANES, 0xFF00FF00u, 0xFF00, 0xFF00 },
        { OP_ELSE, 0, 0x00FF, 0x00FF },
        { OP_END_IF, 0, 0xFFFF, 0xFFFF },
        { OP_ELSE, 0, 0xFFFF0000u, 0xFFFF0000u },
        { OP_IF_LANES, 0xFF00FF00u, 0xFF000000u, 0xFF000000u },
        { OP_ELSE, 0, 0x00FF0000u, 0x00FF0000u },
        { OP_END_IF, 0, 0xFFFF0000u, 0xFFFF0000u },
        { OP_END_IF, 0, 0xFFFFFFFFu, 0xFFFFFFFFu },
        { OP_END, 0, 0, 0 } } },
    { "if with no lane taking it",
      0,
      { { OP_IF_LANES, 0, 0, 0 },
        { OP_ELSE, 0, 0xFFFFFFFFu, 0xFFFFFFFFu },
        { OP_END_IF, 0, 0xFFFFFFFFu, 0xFFFFFFFFu },
        { OP_END, 0, 0, 0 } } },
    { "inner if only sees the outer lanes",
      0,
      { { OP_IF_LANES, 0x0F0F0F0Fu, 0x0F0F0F0Fu, 0x0F0F0F0Fu },
        { OP_IF_REG, 0x000000FFu, 0x0000000Fu, 0x0000000Fu },
        { OP_ELSE, 0, 0x0F0F0F00u, 0x0F0F0F00u },
        { OP_END_IF, 0, 0x0F0F0F0Fu, 0x0F0F0F0Fu },
        { OP_END_IF, 0, 0xFFFFFFFFu, 0xFFFFFFFFu },
        { OP_END, 0, 0, 0 } } },
    { "exit inside a branch",
      0,
      { { OP_IF_LANES, 0xF0, 0xF0, 0xF0 },
        { OP_EXIT, 0, 0, 0 },
        { OP_ELSE, 0, 0xFFFFFF0Fu, 0xFFFFFF0Fu },
        { OP_END_IF, 0, 0xFFFFFF0Fu, 0xFFFFFF0Fu },
        { OP_IF_LANES, 0xFF, 0x0F, 0x0F },
        { OP_ELSE, 0, 0xFFFFFF00u, 0xFFFFFF00u },
        { OP_END_IF, 0, 0xFFFFFF0Fu, 0xFFFFFF0Fu },
        { OP_END, 0, 0, 0 } } },
    { "exit in a nested branch",
      0,
      { { OP_IF_LANES, 0xFFFF, 0xFFFF, 0xFFFF },
        { OP_IF_LANES, 0x3, 0x3, 0x3 },
        { OP_EXIT, 0, 0, 0 },
        { OP_END_IF, 0, 0xFFFC, 0xFFFC },
        { OP_ELSE, 0, 0xFFFF0000u, 0xFFFF0000u },
        { OP_END_IF, 0, 0xFFFFFFFCu, 0xFFFFFFFCu },
        { OP_END, 0, 0, 0 } } },
    { "absent lanes are never active (threads 20)",
      20,
      { { OP_IF_LANES, 0xFFFFFFFFu, 0xFFFFF, 0xFFFFF },
        { OP_ELSE, 0, 0, 0 },
        { OP_END_IF, 0, 0xFFFFF, 0xFFFFF },
        { OP_IF_REG, 0xFFFFFFFFu, 0xFFFFF, 0xFFFFF },
        { OP_ELSE, 0, 0, 0 },
        { OP_END_IF, 0, 0xFFFFF, 0xFFFFF },
        { OP_IF_LANES, 0xFFFF0000u, 0xF0000, 0xF0000 }, /* lanes 16..19 exist */
        { OP_ELSE, 0, 0xFFFF, 0xFFFF },
        { OP_END_IF, 0, 0xFFFFF, 0xFFFFF },
        { OP_IF_LANES, 0xFFF00000u, 0, 0 },             /* lanes 20..31: all absent */
        { OP_ELSE, 0, 0xFFFFF, 0xFFFFF },
        { OP_END_IF, 0, 0xFFFFF, 0xFFFFF },
        { OP_END, 0, 0, 0 } } },
};

static void test_if_else_scripts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof scripts / sizeof scripts[0]; i++) {
        const script_case *k = &scripts[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, k->threads);
        char what[48];
        for (int s = 0; k->steps[s].op != OP_END; s++) {
            const step *st = &k->steps[s];
            ws_status got = WS_OK;
            switch (st->op) {
            case OP_IF_LANES: got = ws_if_lanes(w, st->arg); break;
            case OP_IF_REG: {
                ws_reg c = test_reg(w, "cond", WS_U32);
                for (int l = 0; l < 32; l++)
                    assert_int_equal(ws_set_u32(w, c, l, ((st->arg >> l) & 1u) ? 7u : 0u), WS_OK);
                got = ws_if(w, c);
                break;
            }
            case OP_ELSE: got = ws_else(w); break;
            case OP_END_IF: got = ws_end_if(w); break;
            case OP_EXIT: got = ws_exit(w); break;
            case OP_END: break;
            }
            snprintf(what, sizeof what, "step %d status", s);
            EXPECT_BITS(what, k->name, (uint64_t)(int64_t)got, WS_OK);
            snprintf(what, sizeof what, "step %d active", s);
            EXPECT_BITS(what, k->name, ws_lanes_active(w), st->active);
            snprintf(what, sizeof what, "step %d activemask", s);
            EXPECT_BITS(what, k->name, ws_activemask_value(w), st->activemask);
        }
        drop_warp(w);
    }
}

/* A 64-bit condition: a lane takes the branch when any of its 64 bits is set. */
static void test_if_tests_all_64_bits(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg c = test_reg(w, "c", WS_U64);
    /* lane 0: high word only; lane 1: low word only; lane 2: bit 63; others 0 */
    assert_int_equal(ws_set_u64(w, c, 0, UINT64_C(0x0000000100000000)), WS_OK);
    assert_int_equal(ws_set_u64(w, c, 1, UINT64_C(0x0000000000000001)), WS_OK);
    assert_int_equal(ws_set_u64(w, c, 2, UINT64_C(0x8000000000000000)), WS_OK);
    assert_int_equal(ws_if(w, c), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0x7);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), WS_FULL32);
    drop_warp(w);
}

/* Lane ops run in the active lanes only. */
static void test_statements_run_in_active_lanes_only(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg x = test_reg(w, "x", WS_U32);
    fill_lanes(w, x, 32, SENTINEL);
    assert_int_equal(ws_if_lanes(w, 0x0000FF00u), WS_OK);
    assert_int_equal(ws_lane_id(w, x), WS_OK);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_mov_imm(w, x, 77), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("x", "lane_id then mov", l, ws_get_bits(w, x, l), (l >= 8 && l <= 15) ? (uint64_t)l : 77u);
    drop_warp(w);
}

/* ----------------------------------------- loops with per-lane exit */

static void test_loop_per_lane_trip_count(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg counter = test_reg(w, "counter", WS_I32);
    ws_reg zero = test_reg(w, "zero", WS_I32);
    ws_reg cond = test_reg(w, "cond", WS_U32);
    ws_reg iters = test_reg(w, "iters", WS_I32);
    for (int l = 0; l < 32; l++)
        assert_int_equal(ws_set_i32(w, counter, l, l % 4), WS_OK);

    /* while (counter > 0) { iters += 1; counter -= 1; } */
    assert_int_equal(ws_loop_begin(w), WS_OK);
    /* per trip: the lanes still in the loop (l % 4 >= trip), counted by hand */
    static const struct {
        int remaining;
        ws_mask active;
    } trips[] = {
        { 24, 0xEEEEEEEEu }, /* l % 4 in {1,2,3} */
        { 16, 0xCCCCCCCCu }, /* l % 4 in {2,3} */
        { 8, 0x88888888u },  /* l % 4 == 3 */
        { 0, 0 },
    };
    int trip = 0;
    int n;
    char name[32];
    for (;;) {
        assert_int_equal(ws_cmp_apply(w, WS_GT, WS_I32, cond, counter, zero), WS_OK);
        n = ws_loop_while(w, cond);
        assert_true(trip < 4);
        snprintf(name, sizeof name, "trip %d", trip);
        EXPECT_BITS("ws_loop_while", name, (uint64_t)(int64_t)n, (uint64_t)trips[trip].remaining);
        if (n <= 0)
            break;
        EXPECT_BITS("active in body", name, ws_lanes_active(w), trips[trip].active);
        EXPECT_BITS("activemask in body", name, ws_activemask_value(w), trips[trip].active);
        assert_int_equal(ws_binop_imm(w, WS_ADD, WS_I32, iters, iters, 1), WS_OK);
        assert_int_equal(ws_binop_imm(w, WS_SUB, WS_I32, counter, counter, 1), WS_OK);
        trip++;
    }
    assert_int_equal(trip, 3);
    assert_int_equal(ws_loop_end(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), WS_FULL32);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("iterations", "loop", l, (uint64_t)(int64_t)ws_get_i32(w, iters, l), (uint64_t)(l % 4));
        EXPECT_U64("counter", "loop", l, (uint64_t)(int64_t)ws_get_i32(w, counter, l), 0);
    }
    drop_warp(w);
}

/* A loop inside a branch, with an exit in the body: lanes that exit do not
 * come back at ws_loop_end or ws_end_if. */
static void test_loop_in_branch_with_exit(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg counter = test_reg(w, "counter", WS_I32);
    ws_reg zero = test_reg(w, "zero", WS_I32);
    ws_reg cond = test_reg(w, "cond", WS_U32);
    ws_reg iters = test_reg(w, "iters", WS_I32);
    for (int l = 0; l < 32; l++)
        assert_int_equal(ws_set_i32(w, counter, l, l % 8), WS_OK);

    assert_int_equal(ws_if_lanes(w, 0x0000FFFFu), WS_OK);
    assert_int_equal(ws_loop_begin(w), WS_OK);
    int trips = 0;
    for (;;) {
        assert_int_equal(ws_cmp_apply(w, WS_GT, WS_I32, cond, counter, zero), WS_OK);
        int n = ws_loop_while(w, cond);
        assert_true(n >= 0);
        if (n == 0)
            break;
        assert_true(trips < 8);
        assert_int_equal(ws_binop_imm(w, WS_ADD, WS_I32, iters, iters, 1), WS_OK);
        assert_int_equal(ws_binop_imm(w, WS_SUB, WS_I32, counter, counter, 1), WS_OK);
        if (trips == 4) {
            /* lanes 7 and 15 (counter started at 7) exit in their fifth trip */
            assert_int_equal(ws_if_lanes(w, 0x8080u), WS_OK);
            assert_int_equal(ws_lanes_active(w), 0x8080u);
            assert_int_equal(ws_exit(w), WS_OK);
            assert_int_equal(ws_end_if(w), WS_OK);
        }
        trips++;
    }
    /* lanes 6 and 14 run 6 trips; 7 and 15 exited in trip 5 */
    assert_int_equal(trips, 6);
    assert_int_equal(ws_loop_end(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0x7F7Fu);
    assert_int_equal(ws_lanes_exited(w), 0x8080u);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0xFFFF7F7Fu);
    assert_int_equal(ws_activemask_value(w), 0xFFFF7F7Fu);
    for (int l = 0; l < 32; l++) {
        int want = l >= 16 ? 0 : (l % 8 == 7 ? 5 : l % 8);
        EXPECT_U64("iters", "loop with exit", l, (uint64_t)(int64_t)ws_get_i32(w, iters, l),
                   (uint64_t)(int64_t)want);
    }
    drop_warp(w);
}

/* ---------------------------------- ws_exit and __activemask after it */

static void test_exit_and_activemask(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_U32);
    fill_lanes(w, a, 32, SENTINEL);
    assert_int_equal(ws_if_lanes(w, 0xF0u), WS_OK);
    assert_int_equal(ws_exit(w), WS_OK);
    assert_int_equal(ws_lanes_exited(w), 0xF0u);
    assert_int_equal(ws_activemask_value(w), 0);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0xFFFFFF0Fu);
    assert_int_equal(ws_activemask(w, a), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("a", "activemask after exit", l, ws_get_bits(w, a, l),
                   (l >= 4 && l <= 7) ? SENTINEL + (uint32_t)l : 0xFFFFFF0Fu);
    /* exited lanes stay exited: an if naming them does not bring them back */
    assert_int_equal(ws_if_lanes(w, 0xFFu), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0x0Fu);
    assert_int_equal(ws_end_if(w), WS_OK);
    /* the whole warp exits */
    assert_int_equal(ws_exit(w), WS_OK);
    assert_int_equal(ws_lanes_exited(w), WS_FULL32);
    assert_int_equal(ws_lanes_active(w), 0);
    assert_int_equal(ws_activemask_value(w), 0);
    drop_warp(w);
}

static void test_activemask_every_third_lane(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_U32);
    fill_lanes(w, a, 32, SENTINEL);
    ws_mask third = 0;
    for (int l = 0; l < 32; l += 3)
        third |= (ws_mask)1 << l;
    assert_int_equal(third, 0x49249249u); /* the test's own lane set, by hand */
    assert_int_equal(ws_if_lanes(w, third), WS_OK);
    assert_int_equal(ws_activemask(w, a), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("a", "lane % 3 == 0", l, ws_get_bits(w, a, l),
                   l % 3 == 0 ? 0x49249249u : SENTINEL + (uint32_t)l);
    /* after reconvergence: all lanes */
    assert_int_equal(ws_activemask(w, a), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("a", "after end_if", l, ws_get_bits(w, a, l), 0xFFFFFFFFu);
    drop_warp(w);
}

static void test_absent_lanes_never_written(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 20);
    ws_reg a = test_reg(w, "a", WS_U32);
    ws_reg x = test_reg(w, "x", WS_U32);
    fill_lanes(w, a, 32, SENTINEL);
    fill_lanes(w, x, 32, SENTINEL);
    assert_int_equal(ws_lanes_present(w), 0xFFFFFu);
    assert_int_equal(ws_lanes_exited(w), 0);
    assert_int_equal(ws_activemask(w, a), WS_OK);
    assert_int_equal(ws_lane_id(w, x), WS_OK);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("activemask", "threads 20", l, ws_get_bits(w, a, l),
                   l < 20 ? 0xFFFFFu : SENTINEL + (uint32_t)l);
        EXPECT_U64("lane_id", "threads 20", l, ws_get_bits(w, x, l),
                   l < 20 ? (uint64_t)l : SENTINEL + (uint32_t)l);
    }
    /* a whole-block exit leaves nothing active, absent lanes included */
    assert_int_equal(ws_exit(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0);
    drop_warp(w);
}

/* ----------------------------------------------- control-flow misuse */

typedef enum { M_IF, M_ELSE, M_END_IF, M_LOOP_BEGIN, M_LOOP_END, M_LOOP_WHILE, M_NONE } mop;

typedef struct {
    const char *name;
    mop setup[3];   /* executed first, must succeed */
    mop bad;        /* must fail with WS_ERR_STATE */
} misuse_case;

static const misuse_case misuse_cases[] = {
    { "else without if", { M_NONE }, M_ELSE },
    { "end_if without if", { M_NONE }, M_END_IF },
    { "loop_end without loop", { M_NONE }, M_LOOP_END },
    { "loop_while without loop", { M_NONE }, M_LOOP_WHILE },
    { "else after a closed if", { M_IF, M_END_IF, M_NONE }, M_ELSE },
    { "second else", { M_IF, M_ELSE, M_NONE }, M_ELSE },
    { "else inside a loop", { M_LOOP_BEGIN, M_NONE }, M_ELSE },
    { "end_if closing a loop", { M_LOOP_BEGIN, M_NONE }, M_END_IF },
    { "loop_end closing an if", { M_IF, M_NONE }, M_LOOP_END },
};

static int run_mop(ws_warp *w, mop m, ws_reg cond)
{
    switch (m) {
    case M_IF: return ws_if_lanes(w, 0xFFu);
    case M_ELSE: return ws_else(w);
    case M_END_IF: return ws_end_if(w);
    case M_LOOP_BEGIN: return ws_loop_begin(w);
    case M_LOOP_END: return ws_loop_end(w);
    case M_LOOP_WHILE: return ws_loop_while(w, cond);
    case M_NONE: break;
    }
    return WS_OK;
}

static void test_control_flow_misuse(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof misuse_cases / sizeof misuse_cases[0]; i++) {
        const misuse_case *k = &misuse_cases[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg cond = test_reg(w, "cond", WS_U32);
        for (int s = 0; s < 3 && k->setup[s] != M_NONE; s++)
            EXPECT_U64("setup", k->name, s, (uint64_t)(int64_t)run_mop(w, k->setup[s], cond), WS_OK);
        ws_mask before = ws_lanes_active(w);
        EXPECT_BITS("misuse status", k->name, (uint64_t)(int64_t)run_mop(w, k->bad, cond),
                    (uint64_t)(int64_t)WS_ERR_STATE);
        EXPECT_BITS("error message set", k->name, strlen(ws_warp_error(w)) > 0, 1);
        EXPECT_BITS("active unchanged", k->name, ws_lanes_active(w), before);
        drop_warp(w);
    }
}

/* Nesting deeper than WS_MAX_NESTING fails cleanly. */
static void test_nesting_limit(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    for (int i = 0; i < WS_MAX_NESTING; i++)
        assert_int_equal(ws_if_lanes(w, WS_FULL32), WS_OK);
    ws_status s = ws_if_lanes(w, WS_FULL32);
    assert_true(s < 0);
    assert_true(strlen(ws_warp_error(w)) > 0);
    for (int i = 0; i < WS_MAX_NESTING; i++)
        assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_end_if(w), WS_ERR_STATE);
    drop_warp(w);
}

/* ----------------- exits complete a collective that was waiting on them */

static void test_exit_completes_pending_collective(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 100);
    fill_lanes(w, d, 32, SENTINEL);

    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    assert_int_equal(ws_shfl_down(w, WS_FULL32, d, v, 16, 32), WS_PENDING);
    assert_int_equal(ws_lanes_waiting(w), 0xFFFFu);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0xFFFF0000u);
    assert_int_equal(ws_exit(w), WS_OK);
    /* lanes 16..31 exited: nobody is left to wait for, the shuffle completed */
    assert_int_equal(ws_lanes_waiting(w), 0);
    assert_int_equal(ws_lanes_exited(w), 0xFFFF0000u);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d", "exit completes shfl_down 16", l, ws_get_bits(w, d, l),
                   l < 16 ? 0u : SENTINEL + (uint32_t)l);
    assert_int_equal(diag_lanes(w, WS_DIAG_EXITED_SOURCE), 0xFFFFu);
    assert_false(ws_diag_has(w, WS_DIAG_DEADLOCK));
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0xFFFFu);
    /* the low lanes run again */
    assert_int_equal(ws_mov_imm(w, d, 5), WS_OK);
    for (int l = 0; l < 16; l++)
        EXPECT_U64("d", "after reconvergence", l, ws_get_bits(w, d, l), 5u);
    drop_warp(w);
}

/* Exits of lanes inside the mask that the waiting lanes read within their
 * own half: the result uses only live values. */
static void test_exit_completes_pending_xor_in_half(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 100);
    fill_lanes(w, d, 32, SENTINEL);
    assert_int_equal(ws_if_lanes(w, 0x0000FFFFu), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, d, v, 1, 32), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_exit(w), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    for (int l = 0; l < 16; l++)
        EXPECT_U64("d", "xor 1 completed by exit", l, ws_get_bits(w, d, l), 100u + (uint32_t)(l ^ 1));
    assert_false(ws_diag_has(w, WS_DIAG_EXITED_SOURCE));
    assert_int_equal(ws_end_if(w), WS_OK);
    drop_warp(w);
}

/* --------------------- statements need lanes that are still waiting */

static void test_blocked_by_waiting_lanes(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg x = test_reg(w, "x", WS_U32);
    ws_reg a = test_reg(w, "a", WS_U32);
    fill_lanes(w, v, 32, 100);
    fill_lanes(w, d, 32, SENTINEL);
    fill_lanes(w, x, 32, SENTINEL);
    fill_lanes(w, a, 32, SENTINEL);

    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, d, v, 16, 32), WS_PENDING);
    /* lanes 0..15 wait: a non-collective statement on them is blocked */
    static const char *const names[] = { "ws_mov_imm", "ws_lane_id", "ws_binop_imm", "ws_mov", "ws_activemask" };
    ws_status got[5];
    got[0] = ws_mov_imm(w, x, 9);
    got[1] = ws_lane_id(w, x);
    got[2] = ws_binop_imm(w, WS_ADD, WS_U32, x, v, 1);
    got[3] = ws_mov(w, x, v);
    got[4] = ws_activemask(w, a);
    for (int i = 0; i < 5; i++)
        EXPECT_BITS("status", names[i], (uint64_t)(int64_t)got[i], (uint64_t)(int64_t)WS_ERR_BLOCKED);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("x untouched", "blocked", l, ws_get_bits(w, x, l), SENTINEL + (uint32_t)l);
        EXPECT_U64("a untouched", "blocked", l, ws_get_bits(w, a, l), SENTINEL + (uint32_t)l);
    }
    assert_int_equal(ws_lanes_waiting(w), 0xFFFFu);

    /* the other branch completes the exchange, then everything runs again */
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_mov_imm(w, x, 9), WS_OK); /* lanes 16..31 are not waiting */
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, d, v, 16, 32), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("d", "after exchange", l, ws_get_bits(w, d, l), 100u + (uint32_t)(l ^ 16));
        EXPECT_U64("x", "after exchange", l, ws_get_bits(w, x, l), l < 16 ? SENTINEL + (uint32_t)l : 9u);
    }
    assert_int_equal(ws_mov_imm(w, x, 3), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("x", "after reconvergence", l, ws_get_bits(w, x, l), 3u);
    drop_warp(w);
}

/* ws_warp_finish is the kernel's end. Hand-worked: lanes 0-7 wait in a
 * full-mask xor by 1 from inside an if; at the end the other lanes exit,
 * so the xor completes: even lanes 0..6 read lanes 1..7 (value 101..107),
 * odd lanes read 0..6; lane 7 reads lane 6; nobody reads an exited lane
 * (partners of 0..7 are in 0..7). After finishing, every lane is exited. */
static void test_finish_completes_pending(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), t = test_reg(w, "t", WS_U32);
    fill_lanes(w, v, 32, 100);
    assert_int_equal(ws_if_lanes(w, 0xFFu), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, t, v, 1, 32), WS_PENDING);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0xFFu);
    assert_int_equal(ws_warp_finish(w), WS_OK);
    for (int l = 0; l < 8; l++)
        EXPECT_U64("finish", "xor 1 in lanes 0-7", l, ws_get_u32(w, t, l), 100u + (unsigned)(l ^ 1));
    assert_int_equal(ws_lanes_waiting(w), 0);
    assert_int_equal(ws_lanes_exited(w), WS_FULL32);
    assert_int_equal(ws_activemask_value(w), 0);
    drop_warp(w);
}

/* Two groups waiting for each other at the end: a deadlock, reported. */
static void test_finish_reports_deadlock(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), t = test_reg(w, "t", WS_U32);
    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    /* lanes 0-15 wait for lanes 16-31 (mask names them), which wait in a ballot */
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, t, v, 1, 32), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_ballot_sync(w, 0xFFFF0000u, t, v), WS_OK); /* completes alone */
    assert_int_equal(ws_end_if(w), WS_OK);
    /* lanes 16-31 are free, so finishing exits them and the xor completes */
    assert_int_equal(ws_warp_finish(w), WS_OK);
    assert_true(ws_diag_has(w, WS_DIAG_EXITED_SOURCE) == false); /* xor 1 stays inside 0-15 */
    drop_warp(w);

    w = test_warp(WS_PROFILE_SM90, 0);
    v = test_reg(w, "v", WS_U32);
    t = test_reg(w, "t", WS_U32);
    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, t, v, 1, 32), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_syncwarp(w, WS_FULL32), WS_ERR_DEADLOCK); /* different kind, same mask */
    assert_true(ws_diag_has(w, WS_DIAG_DEADLOCK));
    assert_int_equal(ws_warp_finish(w), WS_ERR_DEADLOCK);
    assert_true(ws_warp_error(w)[0] != '\0');
    drop_warp(w);
}

/* Lane ops keep the register invariants the headers promise. */
static void test_lane_op_types(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg i = test_reg(w, "i", WS_I32), u64 = test_reg(w, "u64", WS_U64), f = test_reg(w, "f", WS_F32);
    ws_reg c = test_reg(w, "c", WS_U32);
    /* a 32-bit destination keeps its high word clear */
    assert_int_equal(ws_mov_imm(w, i, ~UINT64_C(0)), WS_OK);
    EXPECT_U64("mov_imm", "i32 from all ones", 5, ws_get_bits(w, i, 5), 0xFFFFFFFFu);
    assert_int_equal(ws_mov(w, u64, i), WS_OK);
    EXPECT_U64("mov", "u64 from i32 -1", 5, ws_get_u64(w, u64, 5), 0xFFFFFFFFu);
    /* the operation type must be the registers' type */
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_F32, i, i, i), WS_ERR_ARG);
    assert_true(strstr(ws_warp_error(w), "i32") != NULL);
    /* float immediates by value: 1.5f + 1.0f = 2.5f in every lane */
    assert_int_equal(ws_mov_imm(w, f, ws_imm_f32(1.5f)), WS_OK);
    assert_int_equal(ws_binop_imm(w, WS_ADD, WS_F32, f, f, ws_imm_f32(1.0f)), WS_OK);
    EXPECT_U64("binop_imm", "1.5f + 1.0f", 31, ws_get_u32(w, f, 31), 0x40200000u);
    /* compare with an immediate: lane < 10 */
    assert_int_equal(ws_lane_id(w, i), WS_OK);
    assert_int_equal(ws_cmp_imm(w, WS_LT, WS_I32, c, i, ws_imm_i32(10)), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("cmp_imm", "lane < 10", l, ws_get_u32(w, c, l), l < 10 ? 1u : 0u);
    /* signed compare: -1 < 10 */
    assert_int_equal(ws_mov_imm(w, i, ws_imm_i32(-1)), WS_OK);
    assert_int_equal(ws_cmp_imm(w, WS_LT, WS_I32, c, i, ws_imm_i32(10)), WS_OK);
    EXPECT_U64("cmp_imm", "-1 < 10 signed", 0, ws_get_u32(w, c, 0), 1u);
    assert_int_equal(ws_cmp_imm(w, WS_LT, WS_F32, f, f, ws_imm_f32(0.0f)), WS_ERR_ARG); /* float dst */
    drop_warp(w);
}

/* for (i = 0; i < 8; i++) { if (i == lane % 4) break; n++; }  Hand-worked:
 * lane l counts n = l % 4 and leaves from inside the if; lanes 4k+3 run
 * three iterations; after the loop every lane is active again. */
static void test_loop_break(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg n = test_reg(w, "n", WS_U32), lane = test_reg(w, "lane", WS_U32);
    ws_reg stop = test_reg(w, "stop", WS_U32), go = test_reg(w, "go", WS_U32);
    assert_int_equal(ws_lane_id(w, lane), WS_OK);
    assert_int_equal(ws_binop_imm(w, WS_AND, WS_U32, lane, lane, 3), WS_OK);
    assert_int_equal(ws_mov_imm(w, go, 1), WS_OK);
    assert_int_equal(ws_loop_break(w), WS_ERR_STATE); /* not in a loop */
    assert_int_equal(ws_loop_begin(w), WS_OK);
    for (uint32_t i = 0; i < 8 && ws_loop_while(w, go) > 0; i++) {
        ws_reg iv = test_reg(w, "i", WS_U32);
        assert_int_equal(ws_mov_imm(w, iv, i), WS_OK);
        assert_int_equal(ws_cmp_apply(w, WS_EQ, WS_U32, stop, iv, lane), WS_OK);
        assert_int_equal(ws_if(w, stop), WS_OK);
        assert_int_equal(ws_loop_break(w), WS_OK);
        assert_int_equal(ws_end_if(w), WS_OK);
        assert_int_equal(ws_binop_imm(w, WS_ADD, WS_U32, n, n, 1), WS_OK);
    }
    assert_int_equal(ws_loop_end(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), WS_FULL32);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("break", "n = lane % 4", l, ws_get_u32(w, n, l), (uint64_t)(l % 4));
    drop_warp(w);
}

/* While lanes wait in a collective, no statement runs for them: two
 * collectives in a row inside one branch cannot be expressed by the
 * warp-level API, so the second one (and exit, break) fails loudly
 * instead of silently skipping the waiting lanes. */
static void test_blocked_statements(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), a = test_reg(w, "a", WS_U32), b = test_reg(w, "b", WS_U32);
    fill_lanes(w, v, 32, 100);
    assert_int_equal(ws_loop_begin(w), WS_OK);
    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, a, v, 16, 32), WS_PENDING);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, b, a, 16, 32), WS_ERR_BLOCKED);
    assert_true(strstr(ws_warp_error(w), "__shfl_xor_sync") != NULL);
    assert_int_equal(ws_exit(w), WS_ERR_BLOCKED);
    assert_int_equal(ws_loop_break(w), WS_ERR_BLOCKED);
    assert_int_equal(ws_if_lanes(w, 0x1u), WS_ERR_BLOCKED);
    assert_int_equal(ws_lanes_exited(w), 0);
    /* the other branch completes the exchange; then everything runs again */
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, a, v, 16, 32), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, b, a, 16, 32), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("b", "xor 16 twice", l, ws_get_u32(w, b, l), 100u + (uint32_t)l);
    assert_int_equal(ws_loop_end(w), WS_OK);
    assert_int_equal(ws_warp_finish(w), WS_OK);
    drop_warp(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_if_else_scripts),
        cmocka_unit_test(test_if_tests_all_64_bits),
        cmocka_unit_test(test_statements_run_in_active_lanes_only),
        cmocka_unit_test(test_loop_per_lane_trip_count),
        cmocka_unit_test(test_loop_in_branch_with_exit),
        cmocka_unit_test(test_exit_and_activemask),
        cmocka_unit_test(test_activemask_every_third_lane),
        cmocka_unit_test(test_absent_lanes_never_written),
        cmocka_unit_test(test_control_flow_misuse),
        cmocka_unit_test(test_nesting_limit),
        cmocka_unit_test(test_exit_completes_pending_collective),
        cmocka_unit_test(test_exit_completes_pending_xor_in_half),
        cmocka_unit_test(test_blocked_by_waiting_lanes),
        cmocka_unit_test(test_finish_completes_pending),
        cmocka_unit_test(test_finish_reports_deadlock),
        cmocka_unit_test(test_lane_op_types),
        cmocka_unit_test(test_loop_break),
        cmocka_unit_test(test_blocked_statements),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
