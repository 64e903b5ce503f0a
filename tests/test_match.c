/* test_match.c: __match_any_sync and __match_all_sync on sm90 and wave64.
 *
 * Expected values are hand-worked from semantics.md 3.3 (sm90: bitwise compare,
 * b32 or b64 by the register type, so +0 != -0 and identical NaN bits
 * match; any: d_l = {k in S : v_k == v_l}; all: d = S and p = 1 when every
 * lane of S holds the same value, else d = 0 and p = 0; S = non-exited
 * lanes named in the mask) and semantics.md 4.4 (wave64: C == on the type, so +0
 * matches -0). Each case lists its lane groups with the literal mask every
 * lane of the group must receive. */
#include <stdio.h>
#include <string.h>

#include "test_support.h"

#define SENTINEL(lane) (0xBAD00000u + (uint32_t)(lane))
#define LOW32 UINT64_C(0x00000000FFFFFFFF)
#define HIGH32 UINT64_C(0xFFFFFFFF00000000)

/* ---- the table -------------------------------------------------------- */

typedef struct group {
    ws_mask lanes;     /* lanes holding `bits` */
    uint64_t bits;
    ws_mask any;       /* hand-worked __match_any_sync result of these lanes (if executing) */
} group;

#define MAX_GROUPS 5
typedef struct match_case {
    const char *name;
    ws_profile_id profile;
    ws_type type;
    ws_mask exited;
    ws_mask active; /* ws_if_lanes(active) before the call; 0 = converged */
    ws_mask mask;
    group g[MAX_GROUPS]; /* the groups cover every lane */
    ws_mask all_mask;    /* __match_all_sync result */
    uint32_t all_pred;
} match_case;

static const match_case cases[] = {
    /* ---- sm90, 32-bit ---- */
    {"sm90 u32 value = lane & 3", WS_PROFILE_SM90, WS_U32, 0, 0, WS_FULL32,
     {{0x11111111u, 0, 0x11111111u},
      {0x22222222u, 1, 0x22222222u},
      {0x44444444u, 2, 0x44444444u},
      {0x88888888u, 3, 0x88888888u}},
     0, 0},
    {"sm90 u32 all equal", WS_PROFILE_SM90, WS_U32, 0, 0, WS_FULL32,
     {{0xFFFFFFFFu, 0xDEADBEEFu, 0xFFFFFFFFu}}, 0xFFFFFFFFu, 1},
    {"sm90 u32 two groups, lane 31 joins the low one", WS_PROFILE_SM90, WS_U32, 0, 0, WS_FULL32,
     {{0x8000FFFFu, 5, 0x8000FFFFu}, {0x7FFF0000u, 9, 0x7FFF0000u}}, 0, 0},
    {"sm90 i32 singletons 1 and 2, rest -1", WS_PROFILE_SM90, WS_I32, 0, 0, WS_FULL32,
     {{0x00000001u, 1, 0x00000001u},
      {0x00000002u, 2, 0x00000002u},
      {0xFFFFFFFCu, 0xFFFFFFFFu, 0xFFFFFFFCu}},
     0, 0},
    /* ---- sm90, 64-bit: the high word takes part in the compare ---- */
    {"sm90 u64 same low word, high word differs", WS_PROFILE_SM90, WS_U64, 0, 0, WS_FULL32,
     {{0x55555555u, UINT64_C(0x0000000100000007), 0x55555555u},
      {0xAAAAAAAAu, UINT64_C(0x0000000200000007), 0xAAAAAAAAu}},
     0, 0},
    {"sm90 u64 lane 0 high word 0", WS_PROFILE_SM90, WS_U64, 0, 0, WS_FULL32,
     {{0x00000001u, UINT64_C(0x0000000000000007), 0x00000001u},
      {0x55555554u, UINT64_C(0x0000000100000007), 0x55555554u},
      {0xAAAAAAAAu, UINT64_C(0x0000000200000007), 0xAAAAAAAAu}},
     0, 0},
    {"sm90 i64 all equal, high word only", WS_PROFILE_SM90, WS_I64, 0, 0, WS_FULL32,
     {{0xFFFFFFFFu, UINT64_C(0xFFFFFFFF00000000), 0xFFFFFFFFu}}, 0xFFFFFFFFu, 1},
    /* ---- sm90 floats: bits ---- */
    {"sm90 f32 +0 vs -0 do not match", WS_PROFILE_SM90, WS_F32, 0, 0, WS_FULL32,
     {{0x0000FFFFu, 0x00000000u, 0x0000FFFFu}, {0xFFFF0000u, 0x80000000u, 0xFFFF0000u}}, 0, 0},
    {"sm90 f32 identical NaN bits match", WS_PROFILE_SM90, WS_F32, 0, 0, WS_FULL32,
     {{0xFFFFFFFFu, 0x7FC00001u, 0xFFFFFFFFu}}, 0xFFFFFFFFu, 1},
    {"sm90 f32 NaN payloads differ", WS_PROFILE_SM90, WS_F32, 0, 0, WS_FULL32,
     {{0x55555555u, 0x7FC00001u, 0x55555555u}, {0xAAAAAAAAu, 0x7FC00002u, 0xAAAAAAAAu}}, 0, 0},
    {"sm90 f64 +0 vs -0 do not match", WS_PROFILE_SM90, WS_F64, 0, 0, WS_FULL32,
     {{0x0000FFFFu, 0, 0x0000FFFFu}, {0xFFFF0000u, UINT64_C(0x8000000000000000), 0xFFFF0000u}},
     0, 0},
    {"sm90 f64 identical NaN bits match", WS_PROFILE_SM90, WS_F64, 0, 0, WS_FULL32,
     {{0xFFFFFFFFu, UINT64_C(0x7FF0000000000001), 0xFFFFFFFFu}}, 0xFFFFFFFFu, 1},
    /* ---- sm90, partial masks (only the named lanes are active) ---- */
    {"sm90 if lanes 0-15, mask 0-15, parity groups", WS_PROFILE_SM90, WS_U32, 0, 0x0000FFFFu,
     0x0000FFFFu,
     {{0x00005555u, 1, 0x00005555u},
      {0x0000AAAAu, 2, 0x0000AAAAu},
      {0xFFFF0000u, 1, 0 /* inactive */}},
     0, 0},
    {"sm90 if lanes 16-23 equal, others differ", WS_PROFILE_SM90, WS_U32, 0, 0x00FF0000u,
     0x00FF0000u, {{0x00FF0000u, 42, 0x00FF0000u}, {0xFF00FFFFu, 43, 0 /* inactive */}},
     0x00FF0000u, 1},
    {"sm90 if lanes 0 and 31", WS_PROFILE_SM90, WS_U32, 0, 0x80000001u, 0x80000001u,
     {{0x80000001u, 6, 0x80000001u}, {0x7FFFFFFEu, 6, 0 /* inactive */}}, 0x80000001u, 1},
    /* ---- sm90, exited lanes named in the mask are ignored ---- */
    {"sm90 exited 24-31, live lanes equal", WS_PROFILE_SM90, WS_U32, 0xFF000000u, 0, WS_FULL32,
     {{0x00FFFFFFu, 3, 0x00FFFFFFu}, {0xFF000000u, 3, 0 /* exited */}}, 0x00FFFFFFu, 1},
    {"sm90 exited 24-31 hold a different value", WS_PROFILE_SM90, WS_U32, 0xFF000000u, 0,
     WS_FULL32, {{0x00FFFFFFu, 3, 0x00FFFFFFu}, {0xFF000000u, 4, 0 /* exited */}}, 0x00FFFFFFu,
     1},
    {"sm90 exited 0-3, two live groups", WS_PROFILE_SM90, WS_U32, 0x0000000Fu, 0, WS_FULL32,
     {{0x0000FFF0u, 1, 0x0000FFF0u}, {0xFFFF0000u, 2, 0xFFFF0000u}, {0x0000000Fu, 1, 0}}, 0, 0},
    /* ---- wave64: C == on the type ---- */
    {"wave64 f32 +0 matches -0", WS_PROFILE_WAVE64, WS_F32, 0, 0, WS_FULL64,
     {{LOW32, 0x00000000u, WS_FULL64}, {HIGH32, 0x80000000u, WS_FULL64}}, WS_FULL64, 1},
    {"wave64 f64 +0 matches -0", WS_PROFILE_WAVE64, WS_F64, 0, 0, WS_FULL64,
     {{UINT64_C(0x5555555555555555), 0, WS_FULL64},
      {UINT64_C(0xAAAAAAAAAAAAAAAA), UINT64_C(0x8000000000000000), WS_FULL64}},
     WS_FULL64, 1},
    {"wave64 u64 high word differs", WS_PROFILE_WAVE64, WS_U64, 0, 0, WS_FULL64,
     {{LOW32, UINT64_C(0x0000000100000000), LOW32}, {HIGH32, UINT64_C(0x0000000200000000), HIGH32}},
     0, 0},
    {"wave64 u32 parity groups", WS_PROFILE_WAVE64, WS_U32, 0, 0, WS_FULL64,
     {{UINT64_C(0x5555555555555555), 10, UINT64_C(0x5555555555555555)},
      {UINT64_C(0xAAAAAAAAAAAAAAAA), 11, UINT64_C(0xAAAAAAAAAAAAAAAA)}},
     0, 0},
    {"wave64 u32 all equal", WS_PROFILE_WAVE64, WS_U32, 0, 0, WS_FULL64,
     {{WS_FULL64, 77, WS_FULL64}}, WS_FULL64, 1},
    {"wave64 if lanes 0-31, mask == exec", WS_PROFILE_WAVE64, WS_U32, 0, LOW32, LOW32,
     {{UINT64_C(0x0000000055555555), 1, UINT64_C(0x0000000055555555)},
      {UINT64_C(0x00000000AAAAAAAA), 2, UINT64_C(0x00000000AAAAAAAA)},
      {HIGH32, 1, 0 /* inactive */}},
     0, 0},
};

static uint64_t value_of(const match_case *c, int lane, ws_mask *any)
{
    for (int i = 0; i < MAX_GROUPS; i++) {
        if ((c->g[i].lanes >> lane) & 1u) {
            *any = c->g[i].any;
            return c->g[i].bits;
        }
    }
    print_error("case \"%s\": lane %d is in no group (bad table)\n", c->name, lane);
    fail();
    return 0;
}

static void run_case(const match_case *c)
{
    ws_warp *w = test_warp(c->profile, 0);
    int lanes = ws_warp_lanes(w);
    ws_type mask_type = lanes == 64 ? WS_U64 : WS_U32;
    ws_mask all_lanes = lanes == 64 ? WS_FULL64 : WS_FULL32;
    ws_reg v = test_reg(w, "v", c->type);
    ws_reg dany = test_reg(w, "any", mask_type);
    ws_reg dall = test_reg(w, "all", mask_type);
    ws_reg pall = test_reg(w, "pred", WS_U32);
    ws_mask want_any[64];
    for (int l = 0; l < lanes; l++) {
        assert_int_equal(ws_set_bits(w, v, l, value_of(c, l, &want_any[l])), WS_OK);
        ws_set_bits(w, dany, l, SENTINEL(l));
        ws_set_bits(w, dall, l, SENTINEL(l));
        ws_set_bits(w, pall, l, SENTINEL(l));
    }
    exit_lanes(w, c->exited);
    if (c->active != 0)
        assert_int_equal(ws_if_lanes(w, c->active), WS_OK);
    ws_mask executing = (c->active ? c->active : all_lanes) & ~c->exited;

    EXPECT_STATUS("match_any", c->name, ws_match_any_sync(w, c->mask, dany, v), WS_OK);
    EXPECT_STATUS("match_all", c->name, ws_match_all_sync(w, c->mask, dall, pall, v), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);

    for (int l = 0; l < lanes; l++) {
        bool ex = (executing >> l) & 1u;
        EXPECT_U64("match_any", c->name, l, ws_get_bits(w, dany, l), ex ? want_any[l] : SENTINEL(l));
        EXPECT_U64("match_all mask", c->name, l, ws_get_bits(w, dall, l),
                   ex ? c->all_mask : SENTINEL(l));
        EXPECT_U64("match_all pred", c->name, l, ws_get_bits(w, pall, l),
                   ex ? c->all_pred : SENTINEL(l));
    }
    if (c->profile == WS_PROFILE_SM90) {
        bool want_diag = (c->mask & c->exited) != 0;
        if (ws_diag_has(w, WS_DIAG_MASK_NAMES_EXITED) != want_diag) {
            print_error("case \"%s\": MASK_NAMES_EXITED %s\n", c->name,
                        want_diag ? "missing" : "unexpected");
            fail();
        }
        if (!want_diag)
            EXPECT_NO_DIAG(w, c->name);
    } else if (c->mask == executing) {
        EXPECT_NO_DIAG(w, c->name);
    }
    drop_warp(w);
}

static void test_match_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        run_case(&cases[i]);
}

/* Two branches calling __match_any_sync(full, ...): one rendezvous, each
 * lane compares the value of its own call site (semantics.md 2.3, 7). */
static void test_sm90_match_any_two_branches(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_U32); /* lanes 0-15 */
    ws_reg b = test_reg(w, "b", WS_U32); /* lanes 16-31 */
    ws_reg d = test_reg(w, "d", WS_U32);
    for (int l = 0; l < 32; l++) {
        ws_set_u32(w, a, l, (uint32_t)(l & 1));     /* lanes 0-15: parity */
        ws_set_u32(w, b, l, 1);                     /* lanes 16-31: all 1 */
    }
    assert_int_equal(ws_if_lanes(w, 0x0000FFFFu), WS_OK);
    assert_int_equal(ws_match_any_sync(w, WS_FULL32, d, a), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_match_any_sync(w, WS_FULL32, d, b), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    /* value 0: even lanes 0-14; value 1: odd lanes 1-15 and lanes 16-31 */
    for (int l = 0; l < 32; l++) {
        uint64_t want = (l < 16 && (l & 1) == 0) ? 0x00005555u : 0xFFFFAAAAu;
        EXPECT_U64("match_any", "two branches", l, ws_get_bits(w, d, l), want);
    }
    drop_warp(w);
}

/* Converged warp, tiles of 16 lanes each passing its own tile mask
 * (per-lane mask register): each tile matches separately (semantics.md 3.3). */
static void test_sm90_match_tiles_per_lane_mask(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg m = test_reg(w, "tile_mask", WS_U32);
    ws_reg par = test_reg(w, "parity", WS_U32); /* lane & 1: differs inside a tile */
    ws_reg tid = test_reg(w, "tile", WS_U32);   /* lane / 16: equal inside a tile */
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg pd = test_reg(w, "pd", WS_U32);
    for (int l = 0; l < 32; l++) {
        ws_set_u32(w, m, l, 0xFFFFu << (16 * (l / 16)));
        ws_set_u32(w, par, l, (uint32_t)(l & 1));
        ws_set_u32(w, tid, l, (uint32_t)(l / 16));
    }
    static const uint32_t any_want[2][2] = {{0x00005555u, 0x0000AAAAu}, {0x55550000u, 0xAAAA0000u}};
    ws_coll_desc any = {.kind = WS_COLL_MATCH_ANY, .mask_reg = m, .dst = d, .src = par};
    assert_int_equal(ws_collective(w, &any), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("match_any", "tile16 parity", l, ws_get_bits(w, d, l), any_want[l / 16][l & 1]);

    ws_coll_desc all = {.kind = WS_COLL_MATCH_ALL, .mask_reg = m, .dst = d, .src = tid, .pred_dst = pd};
    assert_int_equal(ws_collective(w, &all), WS_OK);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("match_all", "tile16 uniform", l, ws_get_bits(w, d, l),
                   l < 16 ? 0x0000FFFFu : 0xFFFF0000u);
        EXPECT_U64("match_all pred", "tile16 uniform", l, ws_get_bits(w, pd, l), 1);
    }
    all.src = par;
    assert_int_equal(ws_collective(w, &all), WS_OK);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("match_all", "tile16 parity", l, ws_get_bits(w, d, l), 0);
        EXPECT_U64("match_all pred", "tile16 parity", l, ws_get_bits(w, pd, l), 0);
    }
    assert_int_equal(ws_diag_count(w), 0);
    drop_warp(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_match_table),
        cmocka_unit_test(test_sm90_match_any_two_branches),
        cmocka_unit_test(test_sm90_match_tiles_per_lane_mask),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
