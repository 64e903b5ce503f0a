/* rendezvous.c: when a collective completes and which lanes execute it
 * together. Every expected value is worked by hand from the facts in
 * docs/semantics.md: section 2.3 (a collective completes when every
 * non-exited lane its mask names has arrived at a call of the same kind
 * with the same mask, from whatever call site), 2.4 and 7.1 (a read of a
 * lane that does not take part gives 0 on sm90), 7.2 (sub-groups by mask
 * value; kinds that never meet). */
#include <string.h>

#include "test_support.h"

#define FULL WS_FULL32

static ws_reg low_half_cond(ws_warp *w)
{
    ws_reg c = test_reg(w, "lane<16", WS_U32);
    for (int lane = 0; lane < 32; lane++)
        ws_set_u32(w, c, lane, lane < 16);
    return c;
}

/* The two-branch exchange: each half calls __shfl_xor_sync(FULL, x, 16)
 * from its own branch with its own register; they meet as one instruction
 * and each lane reads the value its partner brought from its own call. */
static void test_two_branches_meet(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_U32), b = test_reg(w, "b", WS_U32), d = test_reg(w, "d", WS_U32);
    fill_lanes(w, a, 32, 100); /* a[l] = 100 + l, used by lanes 0-15 */
    fill_lanes(w, b, 32, 200); /* b[l] = 200 + l, used by lanes 16-31 */
    EXPECT_STATUS("if", "sm90", ws_if(w, low_half_cond(w)), WS_OK);
    EXPECT_STATUS("shfl in if", "sm90", ws_shfl_xor(w, FULL, d, a, 16, 32), WS_PENDING);
    EXPECT_BITS("waiting after the first branch", "sm90", ws_lanes_waiting(w), 0xFFFF);
    EXPECT_STATUS("else", "sm90", ws_else(w), WS_OK);
    EXPECT_STATUS("shfl in else", "sm90", ws_shfl_xor(w, FULL, d, b, 16, 32), WS_OK);
    EXPECT_STATUS("end if", "sm90", ws_end_if(w), WS_OK);
    for (int lane = 0; lane < 32; lane++) /* lane l reads lane l ^ 16's own call's value */
        EXPECT_U64("exchange", "sm90", lane, ws_get_u32(w, d, lane), lane < 16 ? 200 + (lane + 16) : 100 + (lane - 16));
    EXPECT_BITS("no lane waits", "sm90", ws_lanes_waiting(w), 0);
    EXPECT_NO_DIAG(w, "two-branch exchange");
    drop_warp(w);
}

/* A converged call completes at once; the same call split over two
 * branches completes when the second half arrives; the bits are the same
 * (shfl_down by 1: lane l reads l + 1, lane 31 keeps its own). */
static void test_converged_and_split_calls_agree(void **state)
{
    (void)state;
    ws_warp *whole = test_warp(WS_PROFILE_SM90, 0), *split = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v1 = test_reg(whole, "v", WS_I32), d1 = test_reg(whole, "d", WS_I32);
    ws_reg v2 = test_reg(split, "v", WS_I32), d2 = test_reg(split, "d", WS_I32);
    for (int lane = 0; lane < 32; lane++) {
        ws_set_i32(whole, v1, lane, lane * lane - 300);
        ws_set_i32(split, v2, lane, lane * lane - 300);
    }
    EXPECT_STATUS("converged", "sm90", ws_shfl_down(whole, FULL, d1, v1, 1, 32), WS_OK);
    EXPECT_STATUS("if", "sm90", ws_if(split, low_half_cond(split)), WS_OK);
    EXPECT_STATUS("low half", "sm90", ws_shfl_down(split, FULL, d2, v2, 1, 32), WS_PENDING);
    EXPECT_STATUS("else", "sm90", ws_else(split), WS_OK);
    EXPECT_STATUS("high half", "sm90", ws_shfl_down(split, FULL, d2, v2, 1, 32), WS_OK);
    EXPECT_STATUS("end if", "sm90", ws_end_if(split), WS_OK);
    for (int lane = 0; lane < 32; lane++) {
        int src = lane < 31 ? lane + 1 : 31;
        EXPECT_U64("converged", "sm90", lane, (uint32_t)ws_get_i32(whole, d1, lane), (uint32_t)(src * src - 300));
        EXPECT_U64("split", "sm90", lane, (uint32_t)ws_get_i32(split, d2, lane), (uint32_t)(src * src - 300));
    }
    drop_warp(whole);
    drop_warp(split);
}

/* Different kinds never meet: lanes in a shuffle and lanes in a ballot wait
 * for each other forever; the model reports the deadlock with both. */
static void test_different_kinds_deadlock(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 0);
    EXPECT_STATUS("if", "sm90", ws_if(w, low_half_cond(w)), WS_OK);
    EXPECT_STATUS("shfl", "sm90", ws_shfl_xor(w, FULL, d, v, 16, 32), WS_PENDING);
    EXPECT_STATUS("else", "sm90", ws_else(w), WS_OK);
    EXPECT_STATUS("ballot", "sm90", ws_ballot_sync(w, FULL, d, v), WS_ERR_DEADLOCK);
    EXPECT_BITS("deadlocked lanes", "sm90", diag_lanes(w, WS_DIAG_DEADLOCK), FULL);
    const char *msg = ws_warp_error(w);
    assert_non_null(strstr(msg, "__shfl_xor_sync"));
    assert_non_null(strstr(msg, "__ballot_sync"));
    drop_warp(w);
}

/* One converged call whose lanes pass different masks runs as sub-groups
 * (semantics 7.2, mask_kind_probe): lanes 0-15 pass 0xFFFF, 16-31 the full
 * mask; in __shfl_xor_sync(.., 16) every lane's partner is in the other
 * sub-group, so every lane reads 0, with a diagnostic. */
static void test_subgroups_by_mask_value(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32), m = test_reg(w, "m", WS_U32);
    fill_lanes(w, v, 32, 1000);
    for (int lane = 0; lane < 32; lane++)
        ws_set_u32(w, m, lane, lane < 16 ? 0xFFFFu : FULL);
    ws_coll_desc desc = {.kind = WS_COLL_SHFL_BFLY, .mask_reg = m, .dst = d, .src = v, .b = 16, .width = 32};
    EXPECT_STATUS("shfl with two masks", "sm90", ws_collective(w, &desc), WS_OK);
    for (int lane = 0; lane < 32; lane++)
        EXPECT_U64("reads the other sub-group", "sm90", lane, ws_get_u32(w, d, lane), 0);
    assert_true(ws_diag_count(w) > 0);
    drop_warp(w);
}

/* Reduce with two tile masks in one call: each tile gets its own sum
 * (ub_collectives_probe: 0+..+15 = 120, 16+..+31 = 376). */
static void test_tile_masks_reduce_separately(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32), m = test_reg(w, "m", WS_U32);
    fill_lanes(w, v, 32, 0);
    for (int lane = 0; lane < 32; lane++)
        ws_set_u32(w, m, lane, lane < 16 ? 0x0000FFFFu : 0xFFFF0000u);
    ws_coll_desc desc = {.kind = WS_COLL_REDUX_ADD, .mask_reg = m, .dst = d, .src = v};
    EXPECT_STATUS("reduce, two tiles", "sm90", ws_collective(w, &desc), WS_OK);
    for (int lane = 0; lane < 32; lane++)
        EXPECT_U64("tile sum", "sm90", lane, ws_get_u32(w, d, lane), lane < 16 ? 120 : 376);
    EXPECT_NO_DIAG(w, "tile masks");
    drop_warp(w);
}

/* Lanes waiting for lanes that then exit are released: exited lanes are not
 * waited for, and reading one gives 0 on sm90 with EXITED_SOURCE. */
static void test_exit_releases_waiters(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 50);
    ws_mov_imm(w, d, 7);
    EXPECT_STATUS("if", "sm90", ws_if(w, low_half_cond(w)), WS_OK);
    EXPECT_STATUS("shfl waits for 16-31", "sm90", ws_shfl_xor(w, FULL, d, v, 16, 32), WS_PENDING);
    EXPECT_STATUS("else", "sm90", ws_else(w), WS_OK);
    EXPECT_STATUS("16-31 return", "sm90", ws_exit(w), WS_OK);
    EXPECT_BITS("no lane waits", "sm90", ws_lanes_waiting(w), 0);
    for (int lane = 0; lane < 16; lane++)
        EXPECT_U64("read of an exited lane", "sm90", lane, ws_get_u32(w, d, lane), 0);
    for (int lane = 16; lane < 32; lane++) /* exited before the call: untouched */
        EXPECT_U64("exited lane keeps d", "sm90", lane, ws_get_u32(w, d, lane), 7);
    EXPECT_BITS("EXITED_SOURCE readers", "sm90", diag_lanes(w, WS_DIAG_EXITED_SOURCE), 0xFFFF);
    drop_warp(w);
}

/* A partial warp: the full mask names absent lanes, which are not waited
 * for; reading one gives 0 (shfl_down by 4 in a 20-lane warp: lanes 16-19
 * read 20-23). */
static void test_absent_lanes_not_waited_for(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 20);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 20, 10);
    EXPECT_STATUS("shfl_down 4", "sm90", ws_shfl_down(w, FULL, d, v, 4, 32), WS_OK);
    for (int lane = 0; lane < 20; lane++)
        EXPECT_U64("down 4", "sm90", lane, ws_get_u32(w, d, lane), lane < 16 ? 10 + lane + 4 : 0);
    EXPECT_BITS("ABSENT_SOURCE readers", "sm90", diag_lanes(w, WS_DIAG_ABSENT_SOURCE), 0xF0000);
    drop_warp(w);
}

/* While lanes wait, a statement that needs them cannot run. */
static void test_waiting_lanes_block_statements(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 0);
    EXPECT_STATUS("if", "sm90", ws_if(w, low_half_cond(w)), WS_OK);
    EXPECT_STATUS("shfl", "sm90", ws_shfl_xor(w, FULL, d, v, 16, 32), WS_PENDING);
    EXPECT_STATUS("mov while waiting", "sm90", ws_mov_imm(w, d, 1), WS_ERR_BLOCKED);
    EXPECT_STATUS("else", "sm90", ws_else(w), WS_OK);
    EXPECT_STATUS("shfl", "sm90", ws_shfl_xor(w, FULL, d, v, 16, 32), WS_OK);
    drop_warp(w);
}

/* Without a rendezvous (HIP wave32), a branch's call executes at once over
 * the active lanes; reads of inactive lanes give 0 (semantics 4.1). */
static void test_hip_executes_at_once(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_WAVE32, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 100);
    EXPECT_STATUS("if", "wave32", ws_if(w, low_half_cond(w)), WS_OK);
    EXPECT_STATUS("xor 16 in the low half", "wave32", ws_shfl_xor(w, 0xFFFF, d, v, 16, 32), WS_OK);
    EXPECT_BITS("nothing waits", "wave32", ws_lanes_waiting(w), 0);
    for (int lane = 0; lane < 16; lane++)
        EXPECT_U64("read of an inactive lane", "wave32", lane, ws_get_u32(w, d, lane), 0);
    drop_warp(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_two_branches_meet),
        cmocka_unit_test(test_converged_and_split_calls_agree),
        cmocka_unit_test(test_different_kinds_deadlock),
        cmocka_unit_test(test_subgroups_by_mask_value),
        cmocka_unit_test(test_tile_masks_reduce_separately),
        cmocka_unit_test(test_exit_releases_waiters),
        cmocka_unit_test(test_absent_lanes_not_waited_for),
        cmocka_unit_test(test_waiting_lanes_block_statements),
        cmocka_unit_test(test_hip_executes_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
