/* test_vote.c: __ballot_sync / __any_sync / __all_sync / __uni_sync and
 * __activemask on the sm90 and wave64 profiles.
 *
 * Expected values are hand-worked from the plain definitions of semantics.md 3.1
 * (S = non-exited lanes named in the mask; all/any/uni are exactly 0 or 1;
 * ballot bit l = l in S and pred_l), semantics.md 4.3/4.4 for HIP
 * (__ballot_sync = ballot(p) & m, __all_sync = (ballot(p) & m) == m, so 0
 * when m names an inactive lane), and semantics.md 7 (H200: __activemask() inside
 * if (lane % 3 == 0) is 0x49249249; converged lanes are not gated by the
 * mask). Every expected mask below is a literal. */
#include <stdio.h>
#include <string.h>

#include "test_support.h"

#define SENTINEL(lane) (0xBAD00000u + (uint32_t)(lane))

/* ---- sm90: table of predicate patterns and masks ---------------------- */

typedef struct vote_case {
    const char *name;
    ws_mask exited;     /* lanes that ws_exit first */
    ws_mask active;     /* ws_if_lanes(active) before the vote; 0 = stay converged */
    ws_mask mask;       /* the membermask passed */
    ws_type pred_type;
    uint64_t true_bits; /* the cell value of a lane voting true */
    ws_mask voters;     /* lanes whose predicate cell holds true_bits (others hold 0) */
    /* expected results, hand-worked */
    uint64_t ballot;
    uint32_t any, all, uni;
} vote_case;

static const vote_case sm90_cases[] = {
    {"full, everyone votes 1", 0, 0, WS_FULL32, WS_U32, 1, 0xFFFFFFFFu, 0xFFFFFFFFu, 1, 1, 1},
    {"full, nobody votes", 0, 0, WS_FULL32, WS_U32, 1, 0, 0, 0, 0, 1},
    {"full, even lanes vote 7", 0, 0, WS_FULL32, WS_U32, 7, 0x55555555u, 0x55555555u, 1, 0, 0},
    {"full, lane 31 votes 0x80000000", 0, 0, WS_FULL32, WS_U32, 0x80000000u, 0x80000000u,
     0x80000000u, 1, 0, 0},
    {"full, all but lane 0 vote 0x80000000", 0, 0, WS_FULL32, WS_U32, 0x80000000u, 0xFFFFFFFEu,
     0xFFFFFFFEu, 1, 0, 0},
    {"full, everyone votes 0x80000000", 0, 0, WS_FULL32, WS_I32, 0x80000000u, 0xFFFFFFFFu,
     0xFFFFFFFFu, 1, 1, 1},
    {"full, u64 cell with only the high word set counts as true", 0, 0, WS_FULL32, WS_U64,
     UINT64_C(0x100000000), 0x0000FFFFu, 0x0000FFFFu, 1, 0, 0},
    /* semantics.md 3.1: the predicate is a 32-bit int (setp.ne.s32); control.h: a
     * 32-bit register is read by its low 32 bits */
    {"full, u32 cell with only high-word bits votes false", 0, 0, WS_FULL32, WS_U32,
     UINT64_C(0x100000000), 0xFFFFFFFFu, 0, 0, 0, 1},
    {"if lanes 0-15, mask 0-15, inactive lanes' true votes ignored", 0, 0x0000FFFFu, 0x0000FFFFu,
     WS_U32, 1, 0xFFFFFFFFu, 0x0000FFFFu, 1, 1, 1},
    {"if 0xFF00FF00, voters 0x0F0F0F0F", 0, 0xFF00FF00u, 0xFF00FF00u, WS_U32, 3, 0x0F0F0F0Fu,
     0x0F000F00u, 1, 0, 0},
    {"if lanes 4-7 all false, inactive lanes true", 0, 0x000000F0u, 0x000000F0u, WS_U32, 1,
     0xFFFFFF0Fu, 0, 0, 0, 1},
    {"if lanes 4-7 all 7", 0, 0x000000F0u, 0x000000F0u, WS_U32, 7, 0x000000F0u, 0x000000F0u, 1, 1, 1},
    {"exited 28-31 named in full mask, all live vote true", 0xF0000000u, 0, WS_FULL32, WS_U32, 1,
     0x0FFFFFFFu, 0x0FFFFFFFu, 1, 1, 1},
    {"exited 28-31 hold true cells, still excluded", 0xF0000000u, 0, WS_FULL32, WS_U32, 1,
     0xFFFFFFFFu, 0x0FFFFFFFu, 1, 1, 1},
    {"exited 28-31, lane 27 votes false", 0xF0000000u, 0, WS_FULL32, WS_U32, 1, 0x07FFFFFFu,
     0x07FFFFFFu, 1, 0, 0},
    {"exited lane 0, if lanes 0-7, mask 0-7", 0x00000001u, 0x000000FFu, 0x000000FFu, WS_U32, 5,
     0x000000FEu, 0x000000FEu, 1, 1, 1},
    {"exited lane 0, if lanes 0-7, only exited lane holds true", 0x00000001u, 0x000000FFu,
     0x000000FFu, WS_U32, 5, 0x00000001u, 0, 0, 0, 1},
};

static void run_sm90_case(const vote_case *c)
{
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg p = test_reg(w, "p", c->pred_type);
    ws_reg rb = test_reg(w, "ballot", WS_U32);
    ws_reg ra = test_reg(w, "any", WS_U32);
    ws_reg rl = test_reg(w, "all", WS_U32);
    ws_reg ru = test_reg(w, "uni", WS_U32);

    for (int l = 0; l < 32; l++)
        assert_int_equal(ws_set_bits(w, p, l, ((c->voters >> l) & 1u) ? c->true_bits : 0), WS_OK);
    fill_lanes(w, rb, 32, SENTINEL(0));
    fill_lanes(w, ra, 32, SENTINEL(0));
    fill_lanes(w, rl, 32, SENTINEL(0));
    fill_lanes(w, ru, 32, SENTINEL(0));

    exit_lanes(w, c->exited);
    if (c->active != 0)
        assert_int_equal(ws_if_lanes(w, c->active), WS_OK);
    ws_mask executing = (c->active ? c->active : WS_FULL32) & ~c->exited;

    EXPECT_STATUS("ballot", c->name, ws_ballot_sync(w, c->mask, rb, p), WS_OK);
    EXPECT_STATUS("any", c->name, ws_any_sync(w, c->mask, ra, p), WS_OK);
    EXPECT_STATUS("all", c->name, ws_all_sync(w, c->mask, rl, p), WS_OK);
    EXPECT_STATUS("uni", c->name, ws_uni_sync(w, c->mask, ru, p), WS_OK);

    for (int l = 0; l < 32; l++) {
        bool ex = (executing >> l) & 1u;
        EXPECT_U64("ballot", c->name, l, ws_get_bits(w, rb, l), ex ? c->ballot : SENTINEL(l));
        EXPECT_U64("any", c->name, l, ws_get_bits(w, ra, l), ex ? c->any : SENTINEL(l));
        EXPECT_U64("all", c->name, l, ws_get_bits(w, rl, l), ex ? c->all : SENTINEL(l));
        EXPECT_U64("uni", c->name, l, ws_get_bits(w, ru, l), ex ? c->uni : SENTINEL(l));
    }

    /* A mask naming exited lanes is reported; otherwise these are all
     * well-defined calls and raise nothing. */
    bool names_exited = (c->mask & c->exited) != 0;
    if (names_exited) {
        if (!ws_diag_has(w, WS_DIAG_MASK_NAMES_EXITED)) {
            print_error("case \"%s\": no MASK_NAMES_EXITED diagnostic\n", c->name);
            fail();
        }
    } else {
        EXPECT_NO_DIAG(w, c->name);
    }
    if (c->active != 0)
        assert_int_equal(ws_end_if(w), WS_OK);
    drop_warp(w);
}

static void test_sm90_vote_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof sm90_cases / sizeof sm90_cases[0]; i++)
        run_sm90_case(&sm90_cases[i]);
}

/* Converged lanes that call with a mask not naming themselves. semantics.md 3.1
 * says "lanes not in mask contribute 0" to the ballot, but an H200 counts
 * every lane that executed the call with that mask value
 * (docs/probes/ub_collectives_probe.h200.txt: ballot(0xFFFF, lane & 1) is
 * 0xAAAAAAAA); hardware wins. The UB is still reported. */
static void test_sm90_ballot_converged_lanes_outside_mask_count(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg p = test_reg(w, "p", WS_U32);
    ws_reg b = test_reg(w, "b", WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, p, l, 1);
    fill_lanes(w, b, 32, SENTINEL(0));

    assert_int_equal(ws_ballot_sync(w, 0x0000FFFFu, b, p), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("ballot", "mask 0x0000FFFF, converged", l, ws_get_bits(w, b, l), 0xFFFFFFFFu);

    bool found = false;
    for (size_t i = 0; i < ws_diag_count(w); i++) {
        const ws_diag *d = ws_diag_get(w, i);
        if (d->code == WS_DIAG_CALLER_NOT_IN_MASK) {
            found = true;
            assert_int_equal(d->lanes, 0xFFFF0000u);
        }
    }
    assert_true(found);
    drop_warp(w);
}

/* Two branches each calling __ballot_sync(full, ...): one rendezvous, each
 * lane contributes its own call site's predicate (semantics.md 2.3, 7). */
static void test_sm90_ballot_two_branch_rendezvous(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg pa = test_reg(w, "pa", WS_U32); /* used by lanes 0-15 */
    ws_reg pb = test_reg(w, "pb", WS_U32); /* used by lanes 16-31 */
    ws_reg d = test_reg(w, "d", WS_U32);
    for (int l = 0; l < 32; l++) {
        ws_set_u32(w, pa, l, (l % 2 == 0) ? 1u : 0u); /* even lanes true */
        ws_set_u32(w, pb, l, (l >= 24) ? 1u : 0u);    /* lanes 24-31 true */
    }
    fill_lanes(w, d, 32, SENTINEL(0));
    assert_int_equal(ws_if_lanes(w, 0x0000FFFFu), WS_OK);
    assert_int_equal(ws_ballot_sync(w, WS_FULL32, d, pa), WS_PENDING);
    assert_int_equal(ws_lanes_waiting(w), 0x0000FFFFu);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_ballot_sync(w, WS_FULL32, d, pb), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    assert_int_equal(ws_end_if(w), WS_OK);
    /* lanes 0-15 vote with pa (even lanes: 0x5555), 16-31 with pb (24-31). */
    for (int l = 0; l < 32; l++)
        EXPECT_U64("ballot", "two branches", l, ws_get_bits(w, d, l), 0xFF005555u);
    assert_int_equal(ws_diag_count(w), 0);
    drop_warp(w);
}

/* Converged warp, tiles of 8 lanes each passing its own tile mask
 * (per-lane mask register): each tile votes separately (semantics.md 3.1).
 * Lanes 0-7 and 16-19 vote true. */
static void test_sm90_vote_tiles_per_lane_mask(void **state)
{
    (void)state;
    static const struct {
        ws_coll_kind kind;
        uint64_t want[4]; /* per tile of 8 */
    } cases[] = {
        {WS_COLL_VOTE_BALLOT, {0x000000FFu, 0, 0x000F0000u, 0}},
        {WS_COLL_VOTE_ANY, {1, 0, 1, 0}},
        {WS_COLL_VOTE_ALL, {1, 0, 0, 0}},
        {WS_COLL_VOTE_UNI, {1, 1, 0, 1}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *name = ws_coll_kind_name(cases[i].kind);
        assert_non_null(name);
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg m = test_reg(w, "tile_mask", WS_U32);
        ws_reg p = test_reg(w, "p", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        for (int l = 0; l < 32; l++) {
            ws_set_u32(w, m, l, 0xFFu << (8 * (l / 8)));
            ws_set_u32(w, p, l, (l < 8 || (l >= 16 && l < 20)) ? 1u : 0u);
        }
        fill_lanes(w, d, 32, SENTINEL(0));
        ws_coll_desc desc = {.kind = cases[i].kind, .mask_reg = m, .dst = d, .src = p};
        EXPECT_STATUS("ws_collective", name, ws_collective(w, &desc), WS_OK);
        assert_int_equal(ws_lanes_waiting(w), 0);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("tile vote", name, l, ws_get_bits(w, d, l), cases[i].want[l / 8]);
        assert_int_equal(ws_diag_count(w), 0);
        drop_warp(w);
    }
}

/* ---- wave64 --------------------------------------------------------------- */

typedef struct wave_case {
    const char *name;
    ws_mask exited;
    ws_mask active; /* 0 = converged */
    ws_mask mask;
    uint64_t true_bits;
    ws_mask voters;
    uint64_t ballot;
    uint32_t any, all;
    bool mask_not_exec; /* WS_DIAG_MASK_NOT_EXEC expected */
} wave_case;

static const wave_case wave64_cases[] = {
    {"full, mixed 64-bit pattern", 0, 0, WS_FULL64, 1, UINT64_C(0xF0F0F0F00000FFFF),
     UINT64_C(0xF0F0F0F00000FFFF), 1, 0, false},
    {"full, everyone votes 0x80000000", 0, 0, WS_FULL64, 0x80000000u, WS_FULL64, WS_FULL64, 1, 1,
     false},
    {"full, only lane 63 votes 7", 0, 0, WS_FULL64, 7, UINT64_C(0x8000000000000000),
     UINT64_C(0x8000000000000000), 1, 0, false},
    {"full, nobody votes", 0, 0, WS_FULL64, 1, 0, 0, 0, 0, false},
    {"if lanes 0-31, mask == exec", 0, UINT64_C(0x00000000FFFFFFFF), UINT64_C(0x00000000FFFFFFFF),
     1, WS_FULL64, UINT64_C(0x00000000FFFFFFFF), 1, 1, false},
    {"if lanes 32-63, mask == exec, odd voters", 0, UINT64_C(0xFFFFFFFF00000000),
     UINT64_C(0xFFFFFFFF00000000), 1, UINT64_C(0xAAAAAAAAAAAAAAAA), UINT64_C(0xAAAAAAAA00000000), 1,
     0, false},
    /* semantics.md 4.4: __all_sync(m,p) = (ballot(p) & m) == m: 0 when m names an inactive lane */
    {"if lanes 0-31, full mask names inactive lanes", 0, UINT64_C(0x00000000FFFFFFFF), WS_FULL64, 1,
     WS_FULL64, UINT64_C(0x00000000FFFFFFFF), 1, 0, true},
    /* semantics.md 4.5: exited lanes in the mask make __all_sync false on HIP */
    {"exited 60-63 named in full mask", UINT64_C(0xF000000000000000), 0, WS_FULL64, 1, WS_FULL64,
     UINT64_C(0x0FFFFFFFFFFFFFFF), 1, 0, true},
    /* mask a strict subset of exec: ballot & m, all over m */
    {"if lanes 0-31, mask lanes 16-31", 0, UINT64_C(0x00000000FFFFFFFF),
     UINT64_C(0x00000000FFFF0000), 1, WS_FULL64, UINT64_C(0x00000000FFFF0000), 1, 1, true},
};

static void run_wave64_case(const wave_case *c)
{
    ws_warp *w = test_warp(WS_PROFILE_WAVE64, 0);
    assert_int_equal(ws_warp_lanes(w), 64);
    ws_reg p = test_reg(w, "p", WS_U32);
    ws_reg rb = test_reg(w, "ballot", WS_U64);
    ws_reg ra = test_reg(w, "any", WS_U32);
    ws_reg rl = test_reg(w, "all", WS_U32);
    for (int l = 0; l < 64; l++)
        assert_int_equal(ws_set_bits(w, p, l, ((c->voters >> l) & 1u) ? c->true_bits : 0), WS_OK);
    fill_lanes(w, rb, 64, SENTINEL(0));
    fill_lanes(w, ra, 64, SENTINEL(0));
    fill_lanes(w, rl, 64, SENTINEL(0));
    exit_lanes(w, c->exited);
    if (c->active != 0)
        assert_int_equal(ws_if_lanes(w, c->active), WS_OK);
    ws_mask executing = (c->active ? c->active : WS_FULL64) & ~c->exited;

    /* wave profiles never wait: every call completes at once */
    EXPECT_STATUS("ballot", c->name, ws_ballot_sync(w, c->mask, rb, p), WS_OK);
    EXPECT_STATUS("any", c->name, ws_any_sync(w, c->mask, ra, p), WS_OK);
    EXPECT_STATUS("all", c->name, ws_all_sync(w, c->mask, rl, p), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);

    for (int l = 0; l < 64; l++) {
        bool ex = (executing >> l) & 1u;
        EXPECT_U64("ballot", c->name, l, ws_get_bits(w, rb, l), ex ? c->ballot : SENTINEL(l));
        EXPECT_U64("any", c->name, l, ws_get_bits(w, ra, l), ex ? c->any : SENTINEL(l));
        EXPECT_U64("all", c->name, l, ws_get_bits(w, rl, l), ex ? c->all : SENTINEL(l));
    }
    if (ws_diag_has(w, WS_DIAG_MASK_NOT_EXEC) != c->mask_not_exec) {
        print_error("case \"%s\": MASK_NOT_EXEC %s, want %s\n", c->name,
                    c->mask_not_exec ? "missing" : "raised", c->mask_not_exec ? "raised" : "none");
        fail();
    }
    drop_warp(w);
}

static void test_wave64_vote_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof wave64_cases / sizeof wave64_cases[0]; i++)
        run_wave64_case(&wave64_cases[i]);
}

/* __uni_sync does not exist on the wave profiles. */
static void test_uni_unsupported_on_wave(void **state)
{
    (void)state;
    static const ws_profile_id profiles[] = {WS_PROFILE_WAVE64, WS_PROFILE_WAVE32};
    static const ws_mask masks[] = {WS_FULL64, WS_FULL32};
    for (int i = 0; i < 2; i++) {
        ws_warp *w = test_warp(profiles[i], 0);
        int lanes = ws_warp_lanes(w);
        ws_reg p = test_reg(w, "p", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        fill_lanes(w, d, lanes, SENTINEL(0));
        EXPECT_STATUS("uni", ws_profile_name(profiles[i]), ws_uni_sync(w, masks[i], d, p),
                      WS_ERR_UNSUPPORTED);
        assert_true(strlen(ws_warp_error(w)) > 0);
        for (int l = 0; l < lanes; l++)
            EXPECT_U64("uni dst unchanged", ws_profile_name(profiles[i]), l, ws_get_bits(w, d, l),
                       SENTINEL(l));
        drop_warp(w);
    }
}

/* ---- __activemask ---------------------------------------------------------- */

typedef struct am_case {
    const char *name;
    ws_profile_id profile;
    int threads;
    ws_mask exited;
    ws_mask cond_lanes;     /* lanes whose condition cell is non-zero; ws_if(cond) */
    ws_mask expect_then;    /* __activemask() in the then-branch */
    ws_mask expect_else;    /* __activemask() in the else-branch */
    ws_mask expect_after;   /* after ws_end_if */
} am_case;

static const am_case am_cases[] = {
    /* semantics.md 7: measured inside if (lane % 3 == 0) */
    {"sm90 lane%3==0", WS_PROFILE_SM90, 0, 0, 0x49249249u, 0x49249249u, 0xB6DB6DB6u, 0xFFFFFFFFu},
    {"sm90 lane%3==0, lane 0 exited", WS_PROFILE_SM90, 0, 0x00000001u, 0x49249249u, 0x49249248u,
     0xB6DB6DB6u, 0xFFFFFFFEu},
    {"sm90 lane<8, lanes 30-31 exited", WS_PROFILE_SM90, 0, 0xC0000000u, 0x000000FFu, 0x000000FFu,
     0x3FFFFF00u, 0x3FFFFFFFu},
    {"sm90 20 threads, lane%3==0", WS_PROFILE_SM90, 20, 0, 0x49249249u, 0x00049249u, 0x000B6DB6u,
     0x000FFFFFu},
    {"wave64 lane%3==0", WS_PROFILE_WAVE64, 0, 0, UINT64_C(0x9249249249249249),
     UINT64_C(0x9249249249249249), UINT64_C(0x6DB6DB6DB6DB6DB6), WS_FULL64},
};

static void check_activemask(ws_warp *w, ws_reg d, const char *name, const char *where,
                             ws_mask executing, ws_mask want)
{
    int lanes = ws_warp_lanes(w);
    if (ws_activemask_value(w) != want) {
        print_error("case \"%s\" %s: ws_activemask_value 0x%llx, want 0x%llx\n", name, where,
                    (unsigned long long)ws_activemask_value(w), (unsigned long long)want);
        fail();
    }
    fill_lanes(w, d, lanes, SENTINEL(0));
    EXPECT_STATUS(where, name, ws_activemask(w, d), WS_OK);
    for (int l = 0; l < lanes; l++)
        EXPECT_U64(where, name, l, ws_get_bits(w, d, l),
                   ((executing >> l) & 1u) ? want : SENTINEL(l));
}

static void test_activemask_in_if(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof am_cases / sizeof am_cases[0]; i++) {
        const am_case *c = &am_cases[i];
        ws_warp *w = test_warp(c->profile, c->threads);
        int lanes = ws_warp_lanes(w);
        ws_reg cond = test_reg(w, "cond", WS_U32);
        ws_reg d = test_reg(w, "am", lanes == 64 ? WS_U64 : WS_U32);
        for (int l = 0; l < lanes; l++)
            ws_set_u32(w, cond, l, ((c->cond_lanes >> l) & 1u) ? 1u : 0u);
        exit_lanes(w, c->exited);
        assert_int_equal(ws_if(w, cond), WS_OK);
        check_activemask(w, d, c->name, "then", c->expect_then, c->expect_then);
        assert_int_equal(ws_else(w), WS_OK);
        check_activemask(w, d, c->name, "else", c->expect_else, c->expect_else);
        assert_int_equal(ws_end_if(w), WS_OK);
        check_activemask(w, d, c->name, "after", c->expect_after, c->expect_after);
        drop_warp(w);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sm90_vote_table),
        cmocka_unit_test(test_sm90_ballot_converged_lanes_outside_mask_count),
        cmocka_unit_test(test_sm90_ballot_two_branch_rendezvous),
        cmocka_unit_test(test_sm90_vote_tiles_per_lane_mask),
        cmocka_unit_test(test_wave64_vote_table),
        cmocka_unit_test(test_uni_unsupported_on_wave),
        cmocka_unit_test(test_activemask_in_if),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
