/* warp.c and the trace record of shuffles: restarting a warp, the
 * host's bulk register access, register handles, and what
 * ws_last_shuffle_reads says.
 * Expected values are worked by hand from semantics.md (section 1.1 for
 * the shuffle sources, section 7 for sm90's read of an exited lane). */
#include "test_support.h"

/* A restarted warp is a new warp again: lanes present, none exited or
 * waiting, no diagnostics, no deadlock; its registers keep their values. */
static void test_restart_is_a_new_warp(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 20);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 20, 100);
    exit_lanes(w, 0x3); /* lanes 0 and 1 return */
    /* Lanes 2..19 wait for exited lane 0: a diagnostic (MASK_NAMES_EXITED). */
    EXPECT_STATUS("shfl naming exited lanes", "sm90", ws_shfl_idx(w, 0xFFFFF, d, v, 0, 32), WS_OK);
    assert_true(ws_diag_count(w) > 0);
    assert_int_equal(ws_lanes_exited(w), 0x3);

    EXPECT_STATUS("restart, 32 lanes", "sm90", ws_warp_restart(w, 0), WS_OK);
    EXPECT_BITS("present", "restart", ws_lanes_present(w), 0xFFFFFFFFu);
    EXPECT_BITS("active", "restart", ws_lanes_active(w), 0xFFFFFFFFu);
    EXPECT_BITS("exited", "restart", ws_lanes_exited(w), 0);
    EXPECT_BITS("waiting", "restart", ws_lanes_waiting(w), 0);
    assert_int_equal(ws_diag_count(w), 0);
    assert_string_equal(ws_warp_error(w), "");
    EXPECT_U64("v kept", "sm90", 5, ws_get_bits(w, v, 5), 105);

    EXPECT_STATUS("restart, 7 lanes", "sm90", ws_warp_restart(w, 7), WS_OK);
    EXPECT_BITS("present", "restart 7", ws_lanes_present(w), 0x7F);
    EXPECT_STATUS("restart, 33 lanes", "sm90", ws_warp_restart(w, 33), WS_ERR_ARG);
    EXPECT_STATUS("restart, -1 lanes", "sm90", ws_warp_restart(w, -1), WS_ERR_ARG);
    EXPECT_STATUS("restart, no warp", "sm90", ws_warp_restart(NULL, 0), WS_ERR_ARG);
    drop_warp(w);
}

/* A deadlocked warp runs collectives again after a restart. */
static void test_restart_after_deadlock(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 0);
    /* Lanes 0-15 wait at a shuffle for lanes 16-31, which wait at a vote. */
    ws_reg c = test_reg(w, "c", WS_U32);
    for (int lane = 0; lane < 32; lane++)
        ws_set_u32(w, c, lane, lane < 16);
    EXPECT_STATUS("if", "sm90", ws_if(w, c), WS_OK);
    EXPECT_STATUS("shfl in if", "sm90", ws_shfl_down(w, 0xFFFFFFFFu, d, v, 1, 32), WS_PENDING);
    EXPECT_STATUS("else", "sm90", ws_else(w), WS_OK);
    EXPECT_STATUS("vote in else", "sm90", ws_ballot_sync(w, 0xFFFFFFFFu, d, v), WS_ERR_DEADLOCK);

    EXPECT_STATUS("restart", "sm90", ws_warp_restart(w, 0), WS_OK);
    EXPECT_STATUS("shfl after restart", "sm90", ws_shfl_down(w, 0xFFFFFFFFu, d, v, 1, 32), WS_OK);
    for (int lane = 0; lane < 32; lane++) /* down by 1: lane reads lane + 1; lane 31 keeps its own */
        EXPECT_U64("shfl_down 1", "sm90", lane, ws_get_u32(w, d, lane), lane < 31 ? lane + 1 : 31);
    drop_warp(w);
}

static void test_bulk_register_access(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg r = test_reg(w, "r", WS_U64);
    fill_lanes(w, r, 32, 1000);
    uint64_t in[64], out[64];
    for (int lane = 0; lane < 64; lane++) {
        in[lane] = 0xABCD000000000000ull + (uint64_t)lane;
        out[lane] = 7;
    }
    EXPECT_STATUS("set lanes 0, 2, 31", "sm90", ws_set_bits_lanes(w, r, 0x80000005u, in), WS_OK);
    for (int lane = 0; lane < 32; lane++) {
        bool set = lane == 0 || lane == 2 || lane == 31;
        EXPECT_U64("after bulk set", "sm90", lane, ws_get_bits(w, r, lane), set ? in[lane] : 1000u + (unsigned)lane);
    }
    EXPECT_STATUS("get lanes 1, 2", "sm90", ws_get_bits_lanes(w, r, 0x6, out), WS_OK);
    EXPECT_U64("lane 0 untouched", "sm90", 0, out[0], 7);
    EXPECT_U64("lane 1", "sm90", 1, out[1], 1001);
    EXPECT_U64("lane 2", "sm90", 2, out[2], in[2]);
    EXPECT_U64("lane 3 untouched", "sm90", 3, out[3], 7);

    /* Runs of consecutive lanes are copied whole (ws_set_bits_lanes' memcpy):
     * a run in the middle leaves its neighbours alone, and all 64 lanes of a
     * wave64 warp travel. */
    EXPECT_STATUS("set lanes 4-9", "sm90", ws_set_bits_lanes(w, r, 0x3f0u, in), WS_OK);
    for (int lane = 3; lane <= 10; lane++)
        EXPECT_U64("after a run", "sm90", lane, ws_get_bits(w, r, lane),
                   lane >= 4 && lane <= 9 ? in[lane] : 1000u + (unsigned)lane);
    ws_warp *w64 = test_warp(WS_PROFILE_WAVE64, 0);
    ws_reg r64 = test_reg(w64, "r", WS_U64);
    EXPECT_STATUS("set 64 lanes", "wave64", ws_set_bits_lanes(w64, r64, ~(ws_mask)0, in), WS_OK);
    EXPECT_STATUS("get 64 lanes", "wave64", ws_get_bits_lanes(w64, r64, ~(ws_mask)0, out), WS_OK);
    for (int lane = 0; lane < 64; lane++)
        EXPECT_U64("64 lanes", "wave64", lane, out[lane], in[lane]);
    drop_warp(w64);

    /* A lane a 32-lane warp does not have, a register that does not exist, no array. */
    EXPECT_STATUS("set lane 40", "sm90", ws_set_bits_lanes(w, r, (ws_mask)1 << 40, in), WS_ERR_ARG);
    EXPECT_STATUS("get lane 40", "sm90", ws_get_bits_lanes(w, r, (ws_mask)1 << 40, out), WS_ERR_ARG);
    EXPECT_STATUS("set reg 99", "sm90", ws_set_bits_lanes(w, (ws_reg){99}, 1, in), WS_ERR_ARG);
    EXPECT_STATUS("get reg 0", "sm90", ws_get_bits_lanes(w, WS_NO_REG, 1, out), WS_ERR_ARG);
    EXPECT_STATUS("set, no array", "sm90", ws_set_bits_lanes(w, r, 1, NULL), WS_ERR_ARG);
    EXPECT_STATUS("get, no warp", "sm90", ws_get_bits_lanes(NULL, r, 1, out), WS_ERR_ARG);
    drop_warp(w);
}

/* ws_reg is a one-field struct (types.h), so passing an int, a lane or a
 * count where a register goes does not compile; that part is the
 * compiler's. What runs: the no-register value in its three spellings,
 * ws_reg_is_set, and that ws_reg_new gives distinct, usable handles and the
 * no-register value when it fails. */
static void test_register_handles(void **state)
{
    (void)state;
    const ws_reg none = WS_NO_REG, zeroed = {0};
    assert_false(ws_reg_is_set(none));
    assert_false(ws_reg_is_set(zeroed));
    assert_false(ws_reg_is_set(ws_no_reg()));
    assert_int_equal(none.id, 0);
    assert_true(ws_reg_eq(none, ws_no_reg()));
    ws_coll_desc d = {.kind = WS_COLL_SYNCWARP}; /* a zero-initialised field is no register */
    assert_false(ws_reg_is_set(d.pred_dst));

    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = ws_reg_new(w, "a", WS_U32), b = ws_reg_new(w, "b", WS_U64);
    assert_true(ws_reg_is_set(a));
    assert_true(ws_reg_is_set(b));
    assert_false(ws_reg_eq(a, b));
    assert_true(ws_reg_eq(a, a));
    assert_int_equal(a.id, 1); /* ids count from 1 in allocation order */
    assert_int_equal(b.id, 2);
    assert_string_equal(ws_reg_name(w, a), "a");
    assert_int_equal(ws_reg_type(w, b), WS_U64);
    EXPECT_STATUS("set a", "sm90", ws_set_u32(w, a, 3, 7), WS_OK);
    EXPECT_STATUS("mov b <- a", "sm90", ws_mov(w, b, a), WS_OK);
    EXPECT_U64("b after the move", "sm90", 3, ws_get_u64(w, b, 3), 7);
    EXPECT_U64("a unchanged", "sm90", 3, ws_get_u32(w, a, 3), 7);
    /* A failed allocation gives the no-register value, which no call accepts. */
    ws_reg bad = ws_reg_new(w, "bad", WS_TYPE_COUNT);
    assert_false(ws_reg_is_set(bad));
    assert_int_equal(ws_reg_count(w), 2);
    assert_null(ws_reg_name(w, bad));
    EXPECT_STATUS("mov to no register", "sm90", ws_mov(w, WS_NO_REG, a), WS_ERR_ARG);
    drop_warp(w);
}

/* ws_last_shuffle_reads: which lane each lane read and how (a trace's arrows). */
static void test_last_shuffle_reads(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 0);
    ws_lane_read reads[64];
    assert_int_equal(ws_last_shuffle_reads(w, reads), 0);
    for (int lane = 0; lane < 64; lane++)
        assert_int_equal(reads[lane].kind, WS_READ_NONE);

    /* up by 2 in segments of 8 (semantics.md 1.1 with c = (32-8)<<8): lanes
     * 0,1 of each segment keep their own value, the others read lane - 2. */
    EXPECT_STATUS("shfl_up 2 width 8", "sm90", ws_shfl_up(w, 0xFFFFFFFFu, d, v, 2, 8), WS_OK);
    assert_int_equal(ws_last_shuffle_reads(w, reads), 1);
    for (int lane = 0; lane < 32; lane++) {
        bool own = lane % 8 < 2;
        EXPECT_U64("source", "sm90", lane, (uint64_t)reads[lane].source, (uint64_t)(own ? lane : lane - 2));
        EXPECT_U64("kind", "sm90", lane, reads[lane].kind, own ? WS_READ_OWN : WS_READ_LANE);
    }
    for (int lane = 32; lane < 64; lane++)
        EXPECT_U64("no such lane", "sm90", lane, reads[lane].kind, WS_READ_NONE);

    /* Lane 5 has returned; lanes reading it get 0 on sm90 (semantics.md 7). */
    exit_lanes(w, (ws_mask)1 << 5);
    EXPECT_STATUS("shfl_idx 5", "sm90", ws_shfl_idx(w, 0xFFFFFFDFu, d, v, 5, 32), WS_OK);
    assert_int_equal(ws_last_shuffle_reads(w, reads), 2);
    EXPECT_U64("exited lane itself", "sm90", 5, reads[5].kind, WS_READ_NONE);
    EXPECT_U64("reader of exited lane", "sm90", 0, reads[0].kind, WS_READ_INACTIVE);
    EXPECT_U64("reader's source", "sm90", 0, (uint64_t)reads[0].source, 5);
    EXPECT_U64("value read", "sm90", 0, ws_get_u32(w, d, 0), 0);

    EXPECT_STATUS("restart", "sm90", ws_warp_restart(w, 0), WS_OK);
    assert_int_equal(ws_last_shuffle_reads(w, reads), 0);
    EXPECT_U64("after restart", "sm90", 0, reads[0].kind, WS_READ_NONE);
    drop_warp(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_restart_is_a_new_warp),
        cmocka_unit_test(test_restart_after_deadlock),
        cmocka_unit_test(test_bulk_register_access),
        cmocka_unit_test(test_register_handles),
        cmocka_unit_test(test_last_shuffle_reads),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
