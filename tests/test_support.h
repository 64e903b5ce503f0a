/* test_support.h: the helpers every cmocka suite under tests/ shares
 * (definitions in test_support.c, linked as warpsim_test_support).
 *
 *   - warps: test_warp() / test_warp_with_policy() create a warp or fail the
 *     test, and track it; drop_warp() destroys it. Pass destroy_live_warps
 *     as the group teardown: a test that stops at a failed assertion leaves
 *     its warps to it instead of leaking them;
 *   - registers and lanes: test_reg(), fill_lanes(), exit_lanes();
 *   - diagnostics: diag_lanes(), the lanes of every diagnostic of one code;
 *   - shuffles: call_shfl_wrapper() (the intrinsic wrapper of a kind) and
 *     wide_value() (a 64-bit word, both halves distinct per lane);
 *   - assertions that name the case (and lane) when they fail: EXPECT_U64,
 *     EXPECT_BITS (one value, no lane), EXPECT_STATUS and EXPECT_NO_DIAG.
 *
 * It includes <cmocka.h> (with the headers cmocka needs first) and the
 * public warpsim header. */
#ifndef WARPSIM_TEST_SUPPORT_H
#define WARPSIM_TEST_SUPPORT_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "warpsim/warpsim.h"

/* ---- warps -------------------------------------------------------------- */

/* A new warp of this profile with `threads` lanes present (0 = all) under
 * WS_DIAG_POLICY_WARN; fails the test when ws_warp_create does not succeed. */
ws_warp *test_warp(ws_profile_id profile, int threads);
/* The same with another diagnostic policy. */
ws_warp *test_warp_with_policy(ws_profile_id profile, int threads, ws_diag_policy policy);
/* Destroys a warp (tracked or not) and forgets it. */
void drop_warp(ws_warp *w);
/* Group teardown: destroys the warps a failed test left behind. */
int destroy_live_warps(void **state);

/* ---- registers and lanes ------------------------------------------------ */

/* A new register; fails the test when ws_reg_new does not succeed. */
ws_reg test_reg(ws_warp *w, const char *name, ws_type type);
/* reg[lane] = base + lane for lanes 0 .. lanes-1 (host view, any lane state). */
void fill_lanes(ws_warp *w, ws_reg r, int lanes, uint32_t base);
/* The lanes in `lanes` execute `return` (ws_if_lanes, ws_exit, ws_end_if). */
void exit_lanes(ws_warp *w, ws_mask lanes);

/* ---- diagnostics -------------------------------------------------------- */

/* Union of the lanes of every diagnostic with this code. */
ws_mask diag_lanes(const ws_warp *w, ws_diag_code code);

/* ---- shuffles ----------------------------------------------------------- */

/* The intrinsic wrapper of a shuffle kind (ws_shfl_idx / up / down / xor);
 * WS_ERR_ARG for any other kind. */
ws_status call_shfl_wrapper(ws_warp *w, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg src, int32_t b,
                            int32_t width);
/* A 64-bit value whose high and low words both differ from lane to lane. */
uint64_t wide_value(int lane);

/* ---- the shuffle formulas, restated from semantics.md ----------------------- */
/* Expected source lanes come from these, never from the library's own
 * shfl_formula.c: semantics.md 1.1 (PTX, with 64-bit arithmetic and divisions
 * instead of masks), semantics.md 1.2 (the c the CUDA headers build) and semantics.md 4.2
 * (HIP's int arithmetic, then the ds_bpermute wrap to `lanes`). */
int spec_ptx_source(ws_coll_kind kind, int lane, uint32_t b, uint32_t c, int *pred);
uint32_t spec_cuda_c(ws_coll_kind kind, int32_t width);
int spec_hip_source(ws_coll_kind kind, int self, int32_t arg, int32_t width, int lanes);

/* ---- assertions --------------------------------------------------------- */

/* Print "what: case "name", lane L: got 0x.., want 0x.." (no lane part when
 * lane < 0) and return false when got != want. */
bool check_u64(const char *what, const char *name, int lane, uint64_t got, uint64_t want);
/* Print the status names when got != want and return false. */
bool check_status(const char *what, const char *name, ws_status got, ws_status want);
/* Print the first diagnostic's code and return false when the warp holds any. */
bool check_no_diag(const ws_warp *w, const char *name);

/* One lane's value. */
#define EXPECT_U64(what, name, lane, got, want)                                   \
    do {                                                                          \
        if (!check_u64((what), (name), (lane), (uint64_t)(got), (uint64_t)(want))) \
            fail();                                                               \
    } while (0)

/* One value that belongs to no lane, compared as 64 raw bits. */
#define EXPECT_BITS(what, name, got, want) EXPECT_U64((what), (name), -1, (got), (want))

#define EXPECT_STATUS(what, name, got, want)              \
    do {                                                  \
        if (!check_status((what), (name), (got), (want))) \
            fail();                                       \
    } while (0)

/* The warp raised no diagnostic at all. */
#define EXPECT_NO_DIAG(w, name)                \
    do {                                       \
        if (!check_no_diag((w), (name)))       \
            fail();                            \
    } while (0)

#endif
