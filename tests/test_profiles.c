/* Profiles: names and lanes, warp creation per profile, the HIP shuffle
 * formulas on wave64 / wave32 (semantics.md 4.2), where HIP and CUDA differ (semantics.md
 * 1.3 vs 4.2), inactive sources on wave64, no rendezvous on the wave
 * profiles, and what does not exist there (raw PTX, __uni_sync).
 *
 * Where the expected values come from:
 *   - semantics.md 4.2's out-of-range table (one case per row, the lane read by
 *     every lane written as a tiny function restating the row), plus
 *     hand-worked applications of the 4.2 formulas for ws_hip_shfl_source;
 *   - semantics.md 1.3 (sm90: delta 33 = delta 1, laneMask 32 = own value);
 *   - semantics.md 4.1 (ds_bpermute: an inactive source reads 0), 4.4 (wave32 masks
 *     have their upper 32 bits cleared), 4.3 (activemask = EXEC);
 *   - semantics.md 7 (__activemask inside lane % 3 == 0 is 0x49249249) and, for
 *     64 lanes, the same pattern written out: 0x9249249249249249.
 * No expected value is computed by calling the library. */
#include <string.h>

#include "test_support.h"

#define SENTINEL 0xDEAD0000u
#define ODD64 UINT64_C(0xAAAAAAAAAAAAAAAA)

/* ------------------------------------------ names, lanes, warp creation */

static void test_profile_names_and_lanes(void **state)
{
    (void)state;
    static const struct {
        ws_profile_id id;
        const char *name;
        int lanes;
        ws_mask present;
    } cases[] = {
        { WS_PROFILE_SM90, "sm90", 32, 0xFFFFFFFFu },
        { WS_PROFILE_WAVE64, "wave64", 64, ~(ws_mask)0 },
        { WS_PROFILE_WAVE32, "wave32", 32, 0xFFFFFFFFu },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        print_message("profile %s\n", cases[i].name);
        assert_non_null(ws_profile_name(cases[i].id));
        assert_string_equal(ws_profile_name(cases[i].id), cases[i].name);
        ws_profile_id id = WS_PROFILE_COUNT;
        assert_int_equal(ws_profile_from_name(cases[i].name, &id), WS_OK);
        assert_int_equal(id, cases[i].id);
        assert_int_equal(ws_profile_lanes(cases[i].id), cases[i].lanes);

        ws_warp *w = test_warp(cases[i].id, 0);
        assert_int_equal(ws_warp_profile(w), cases[i].id);
        assert_int_equal(ws_warp_lanes(w), cases[i].lanes);
        assert_int_equal(ws_lanes_present(w), cases[i].present);
        assert_int_equal(ws_lanes_active(w), cases[i].present);
        assert_int_equal(ws_activemask_value(w), cases[i].present);
        assert_int_equal(ws_lanes_exited(w), 0);
        drop_warp(w);
    }
    assert_null(ws_profile_name(WS_PROFILE_COUNT));
    assert_int_equal(ws_profile_lanes(WS_PROFILE_COUNT), 0);

    static const char *const unknown[] = { "sm80", "", "wave", "wave64 ", "sm90x" };
    for (size_t i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
        ws_profile_id id = WS_PROFILE_WAVE32;
        print_message("unknown name \"%s\"\n", unknown[i]);
        assert_int_equal(ws_profile_from_name(unknown[i], &id), WS_ERR_ARG);
    }
    ws_profile_id id2 = WS_PROFILE_WAVE32;
    assert_int_equal(ws_profile_from_name(NULL, &id2), WS_ERR_ARG);
}

static void test_warp_create_per_profile(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        ws_profile_id profile;
        int threads;
        ws_status status;
        ws_mask present;
    } cases[] = {
        { "wave64 threads 40", WS_PROFILE_WAVE64, 40, WS_OK, (((ws_mask)1 << 40) - 1) },
        { "wave64 threads 64", WS_PROFILE_WAVE64, 64, WS_OK, ~(ws_mask)0 },
        { "wave64 threads 1", WS_PROFILE_WAVE64, 1, WS_OK, 1 },
        { "wave32 threads 20", WS_PROFILE_WAVE32, 20, WS_OK, 0xFFFFFu },
        { "sm90 threads 32", WS_PROFILE_SM90, 32, WS_OK, 0xFFFFFFFFu },
        { "wave64 threads 65", WS_PROFILE_WAVE64, 65, WS_ERR_ARG, 0 },
        { "sm90 threads 33", WS_PROFILE_SM90, 33, WS_ERR_ARG, 0 },
        { "wave32 threads 33", WS_PROFILE_WAVE32, 33, WS_ERR_ARG, 0 },
        { "sm90 threads -1", WS_PROFILE_SM90, -1, WS_ERR_ARG, 0 },
        { "bad profile", WS_PROFILE_COUNT, 0, WS_ERR_ARG, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ws_warp_desc d;
        memset(&d, 0, sizeof d);
        d.profile = cases[i].profile;
        d.threads = cases[i].threads;
        ws_warp *w = (ws_warp *)&d; /* must be overwritten */
        ws_status s = ws_warp_create(&d, &w);
        EXPECT_BITS("status", cases[i].name, (uint64_t)(int64_t)s, (uint64_t)(int64_t)cases[i].status);
        if (cases[i].status == WS_OK) {
            assert_non_null(w);
            EXPECT_BITS("present", cases[i].name, ws_lanes_present(w), cases[i].present);
            EXPECT_BITS("active", cases[i].name, ws_lanes_active(w), cases[i].present);
            drop_warp(w);
        } else {
            assert_null(w);
        }
    }
}

/* ------------------------------------ semantics.md 4.2 out-of-range rows, wave64 */

typedef int (*lane_fn)(int lane);

static int s_all6(int l) { (void)l; return 6; }
static int s_last_of_32(int l) { return l < 32 ? 31 : 63; }
static int s_all5(int l) { (void)l; return 5; }
static int s_5_or_21(int l) { return ((l >= 16 && l <= 31) || l >= 48) ? 21 : 5; }
static int s_own(int l) { return l; }
static int s_next_wrap64(int l) { return l == 63 ? 0 : l + 1; }
static int s_prev_keep0(int l) { return l >= 1 ? l - 1 : l; }
static int s_prev_wrap64(int l) { return l == 0 ? 63 : l - 1; }
static int s_rev64(int l) { return 63 - l; }
static int s_xor1_w1(int l) { return (l & 1) ? l - 1 : l; }
static int s_down33_w64(int l) { return l + 33 <= 63 ? l + 33 : l; }
static int s_xor32(int l) { return l ^ 32; }
static int s_up33_w64(int l) { return l >= 33 ? l - 33 : l; }
static int s_down1_w64(int l) { return l < 63 ? l + 1 : l; }
static int s_all40(int l) { (void)l; return 40; }
static int s_xor16(int l) { return l ^ 16; }
static int s_down4_w16(int l) { return (l & 15) + 4 <= 15 ? l + 4 : l; }

typedef struct {
    const char *name;
    ws_coll_kind kind;
    int32_t b, width;
    lane_fn src;
    int bad_width; /* WS_DIAG_BAD_WIDTH expected (1) or not (0) */
} hip_row;

static const hip_row wave64_rows[] = {
    /* the semantics.md 4.2 table */
    { "__shfl(v, 70, 64)", WS_COLL_SHFL_IDX, 70, 64, s_all6, 0 },
    { "__shfl(v, -1, 32)", WS_COLL_SHFL_IDX, -1, 32, s_last_of_32, 0 },
    { "__shfl(v, 5, 0)", WS_COLL_SHFL_IDX, 5, 0, s_all5, 1 },
    { "__shfl(v, 5, 48)", WS_COLL_SHFL_IDX, 5, 48, s_5_or_21, 1 },
    { "__shfl_up(v, 64, 64)", WS_COLL_SHFL_UP, 64, 64, s_own, 0 },
    { "__shfl_up(v, 0xFFFFFFFF, 64)", WS_COLL_SHFL_UP, -1, 64, s_next_wrap64, 0 },
    { "__shfl_up(v, 1, 0)", WS_COLL_SHFL_UP, 1, 0, s_prev_keep0, 1 },
    { "__shfl_down(v, 0xFFFFFFFF, 64)", WS_COLL_SHFL_DOWN, -1, 64, s_prev_wrap64, 0 },
    { "__shfl_down(v, 1, 128)", WS_COLL_SHFL_DOWN, 1, 128, s_next_wrap64, 1 },
    { "__shfl_down(v, 3, 0)", WS_COLL_SHFL_DOWN, 3, 0, s_own, 1 },
    { "__shfl_xor(v, 64, 64)", WS_COLL_SHFL_BFLY, 64, 64, s_own, 0 },
    { "__shfl_xor(v, -1, 64)", WS_COLL_SHFL_BFLY, -1, 64, s_rev64, 0 },
    { "__shfl_xor(v, 1, 1)", WS_COLL_SHFL_BFLY, 1, 1, s_xor1_w1, 0 },
    /* offsets >= 32, where HIP (full int arithmetic) and CUDA (5-bit fields) differ */
    { "__shfl_down(v, 33, 64)", WS_COLL_SHFL_DOWN, 33, 64, s_down33_w64, 0 },
    { "__shfl_up(v, 33, 64)", WS_COLL_SHFL_UP, 33, 64, s_up33_w64, 0 },
    { "__shfl_xor(v, 32, 64)", WS_COLL_SHFL_BFLY, 32, 64, s_xor32, 0 },
    { "__shfl(v, 40, 64)", WS_COLL_SHFL_IDX, 40, 64, s_all40, 0 },
    /* documented range */
    { "__shfl_down(v, 1, 64)", WS_COLL_SHFL_DOWN, 1, 64, s_down1_w64, 0 },
    { "__shfl_xor(v, 16, 32)", WS_COLL_SHFL_BFLY, 16, 32, s_xor16, 0 },
    { "__shfl_down(v, 4, 16)", WS_COLL_SHFL_DOWN, 4, 16, s_down4_w16, 0 },
};

static void test_wave64_spec_4_2_rows(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof wave64_rows / sizeof wave64_rows[0]; i++) {
        const hip_row *k = &wave64_rows[i];
        ws_warp *w = test_warp(WS_PROFILE_WAVE64, 0);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        fill_lanes(w, v, 64, 1000);
        fill_lanes(w, d, 64, SENTINEL);
        EXPECT_BITS("status", k->name,
                    (uint64_t)call_shfl_wrapper(w, k->kind, WS_FULL64, d, v, k->b, k->width), WS_OK);
        for (int l = 0; l < 64; l++)
            EXPECT_U64("value", k->name, l, ws_get_bits(w, d, l), 1000u + (uint32_t)k->src(l));
        EXPECT_BITS("BAD_WIDTH raised", k->name, ws_diag_has(w, WS_DIAG_BAD_WIDTH), (uint64_t)k->bad_width);
        EXPECT_BITS("INACTIVE_SOURCE raised", k->name, ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE), 0);
        EXPECT_BITS("MASK_NOT_EXEC raised", k->name, ws_diag_has(w, WS_DIAG_MASK_NOT_EXEC), 0);
        drop_warp(w);
    }
}

/* The same calls on sm90 follow the 5-bit PTX fields (semantics.md 1.3). */
static int s_down1_w32(int l) { return l < 31 ? l + 1 : l; }
static int s_up1_w32(int l) { return l >= 1 ? l - 1 : l; }

static const hip_row sm90_rows[] = {
    /* width 64 = width 32 on sm90, delta 33 = delta 1 */
    { "sm90 __shfl_down_sync(v, 33, 64)", WS_COLL_SHFL_DOWN, 33, 64, s_down1_w32, 1 },
    { "sm90 __shfl_down_sync(v, 33, 32)", WS_COLL_SHFL_DOWN, 33, 32, s_down1_w32, 0 },
    { "sm90 __shfl_up_sync(v, 33, 32)", WS_COLL_SHFL_UP, 33, 32, s_up1_w32, 0 },
    /* laneMask 32: bval 0, own value */
    { "sm90 __shfl_xor_sync(v, 32, 32)", WS_COLL_SHFL_BFLY, 32, 32, s_own, 0 },
    /* srcLane 40: bval 8 */
    { "sm90 __shfl_sync(v, 70, 32)", WS_COLL_SHFL_IDX, 70, 32, s_all6, 0 },
};

static int s_all8(int l) { (void)l; return 8; }

static void test_sm90_differs_from_hip(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof sm90_rows / sizeof sm90_rows[0]; i++) {
        const hip_row *k = &sm90_rows[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        fill_lanes(w, v, 32, 1000);
        EXPECT_BITS("status", k->name,
                    (uint64_t)call_shfl_wrapper(w, k->kind, WS_FULL32, d, v, k->b, k->width), WS_OK);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("value", k->name, l, ws_get_bits(w, d, l), 1000u + (uint32_t)k->src(l));
        drop_warp(w);
    }
    /* sm90 srcLane 40 reads lane 8 (bits 4:0), wave64 reads lane 40 (row above) */
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 1000);
    assert_int_equal(ws_shfl_idx(w, WS_FULL32, d, v, 40, 32), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("value", "sm90 __shfl_sync(v, 40)", l, ws_get_bits(w, d, l), 1000u + (uint32_t)s_all8(l));
    drop_warp(w);
}

/* ------------------------------ ws_hip_shfl_source, worked by hand (4.2) */

typedef struct {
    const char *name;
    ws_coll_kind kind;
    int lane;
    uint32_t b;
    int32_t width;
    int lanes;
    int read;
} hip_src_case;

static const hip_src_case hip_src_cases[] = {
    { "idx 70 w64 lane 3", WS_COLL_SHFL_IDX, 3, 70, 64, 64, 6 },
    { "idx -1 w32 lane 40", WS_COLL_SHFL_IDX, 40, 0xFFFFFFFFu, 32, 64, 63 },
    { "idx -1 w32 lane 10", WS_COLL_SHFL_IDX, 10, 0xFFFFFFFFu, 32, 64, 31 },
    { "idx 5 w48 lane 17", WS_COLL_SHFL_IDX, 17, 5, 48, 64, 21 },
    { "idx 5 w48 lane 50", WS_COLL_SHFL_IDX, 50, 5, 48, 64, 21 },
    { "idx 5 w48 lane 40", WS_COLL_SHFL_IDX, 40, 5, 48, 64, 5 },
    { "idx 5 w0 lane 33", WS_COLL_SHFL_IDX, 33, 5, 0, 64, 5 },
    { "up 0xFFFFFFFF w64 lane 63", WS_COLL_SHFL_UP, 63, 0xFFFFFFFFu, 64, 64, 0 },
    { "up 0xFFFFFFFF w64 lane 10", WS_COLL_SHFL_UP, 10, 0xFFFFFFFFu, 64, 64, 11 },
    { "up 64 w64 lane 5", WS_COLL_SHFL_UP, 5, 64, 64, 64, 5 },
    { "up 1 w0 lane 0", WS_COLL_SHFL_UP, 0, 1, 0, 64, 0 },
    { "up 1 w0 lane 32", WS_COLL_SHFL_UP, 32, 1, 0, 64, 31 },
    { "up 33 w64 lane 40", WS_COLL_SHFL_UP, 40, 33, 64, 64, 7 },
    { "down 0xFFFFFFFF w64 lane 0", WS_COLL_SHFL_DOWN, 0, 0xFFFFFFFFu, 64, 64, 63 },
    { "down 0xFFFFFFFF w64 lane 20", WS_COLL_SHFL_DOWN, 20, 0xFFFFFFFFu, 64, 64, 19 },
    { "down 1 w128 lane 63", WS_COLL_SHFL_DOWN, 63, 1, 128, 64, 0 },
    { "down 3 w0 lane 7", WS_COLL_SHFL_DOWN, 7, 3, 0, 64, 7 },
    { "down 33 w64 lane 30", WS_COLL_SHFL_DOWN, 30, 33, 64, 64, 63 },
    { "down 33 w64 lane 31", WS_COLL_SHFL_DOWN, 31, 33, 64, 64, 31 },
    { "down 2 w16 lane 13", WS_COLL_SHFL_DOWN, 13, 2, 16, 64, 15 },
    { "down 2 w16 lane 14", WS_COLL_SHFL_DOWN, 14, 2, 16, 64, 14 },
    { "xor 64 w64 lane 5", WS_COLL_SHFL_BFLY, 5, 64, 64, 64, 5 },
    { "xor -1 w64 lane 5", WS_COLL_SHFL_BFLY, 5, 0xFFFFFFFFu, 64, 64, 58 },
    { "xor 1 w1 lane 6", WS_COLL_SHFL_BFLY, 6, 1, 1, 64, 6 },
    { "xor 1 w1 lane 7", WS_COLL_SHFL_BFLY, 7, 1, 1, 64, 6 },
    { "xor 32 w64 lane 9", WS_COLL_SHFL_BFLY, 9, 32, 64, 64, 41 },
    { "xor 32 w32 lane 9", WS_COLL_SHFL_BFLY, 9, 32, 32, 64, 9 },
    { "xor 16 w16 lane 20 (earlier group)", WS_COLL_SHFL_BFLY, 20, 16, 16, 64, 4 },
    { "xor 16 w16 lane 4 (later group)", WS_COLL_SHFL_BFLY, 4, 16, 16, 64, 4 },
    /* 32-lane wavefronts wrap with & 31 */
    { "wave32 up 0xFFFFFFFF w32 lane 31", WS_COLL_SHFL_UP, 31, 0xFFFFFFFFu, 32, 32, 0 },
    { "wave32 down 0xFFFFFFFF w32 lane 0", WS_COLL_SHFL_DOWN, 0, 0xFFFFFFFFu, 32, 32, 31 },
    { "wave32 xor -1 w32 lane 3", WS_COLL_SHFL_BFLY, 3, 0xFFFFFFFFu, 32, 32, 28 },
    { "wave32 idx 70 w32 lane 3", WS_COLL_SHFL_IDX, 3, 70, 32, 32, 6 },
    { "wave32 down 1 w64 lane 31", WS_COLL_SHFL_DOWN, 31, 1, 64, 32, 0 },
};

static void test_hip_shfl_source_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof hip_src_cases / sizeof hip_src_cases[0]; i++) {
        const hip_src_case *k = &hip_src_cases[i];
        int got = ws_hip_shfl_source(k->kind, k->lane, k->b, k->width, k->lanes);
        EXPECT_U64("lane read", k->name, k->lane, (uint64_t)(int64_t)got, (uint64_t)(int64_t)k->read);
    }
}

/* ---------------------------------------- 64-bit shuffles on wave64 */

static int s_xor33(int l) { return l ^ 33; }

static const struct {
    const char *name;
    ws_type type;
    ws_coll_kind kind;
    int32_t b, width;
    lane_fn src;
} wide_rows[] = {
    { "u64 xor 33", WS_U64, WS_COLL_SHFL_BFLY, 33, 64, s_xor33 },
    { "u64 down 33", WS_U64, WS_COLL_SHFL_DOWN, 33, 64, s_down33_w64 },
    { "f64 idx 70", WS_F64, WS_COLL_SHFL_IDX, 70, 64, s_all6 },
    { "i64 down 0xFFFFFFFF", WS_I64, WS_COLL_SHFL_DOWN, -1, 64, s_prev_wrap64 },
    { "f64 xor -1", WS_F64, WS_COLL_SHFL_BFLY, -1, 64, s_rev64 },
};

static void test_wave64_64bit_shuffles(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof wide_rows / sizeof wide_rows[0]; i++) {
        ws_warp *w = test_warp(WS_PROFILE_WAVE64, 0);
        ws_reg x = test_reg(w, "x", wide_rows[i].type);
        ws_reg d = test_reg(w, "d", wide_rows[i].type);
        for (int l = 0; l < 64; l++)
            assert_int_equal(ws_set_bits(w, x, l, wide_value(l)), WS_OK);
        /* a signalling NaN payload moves intact too */
        assert_int_equal(ws_set_bits(w, x, 6, UINT64_C(0x7FF4000000000001)), WS_OK);
        EXPECT_BITS("status", wide_rows[i].name,
                    (uint64_t)call_shfl_wrapper(w, wide_rows[i].kind, WS_FULL64, d, x, wide_rows[i].b,
                                                wide_rows[i].width),
                    WS_OK);
        for (int l = 0; l < 64; l++) {
            int s = wide_rows[i].src(l);
            EXPECT_U64("value", wide_rows[i].name, l, ws_get_bits(w, d, l),
                       s == 6 ? UINT64_C(0x7FF4000000000001) : wide_value(s));
        }
        drop_warp(w);
    }
}

/* ------------------ wave64: inactive / absent sources read 0, no rendezvous */

static void test_wave64_inactive_source_and_no_rendezvous(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_WAVE64, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg x = test_reg(w, "x", WS_U64);
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg d64 = test_reg(w, "d64", WS_U64);
    fill_lanes(w, v, 64, 1000);
    fill_lanes(w, d, 64, SENTINEL);
    for (int l = 0; l < 64; l++) {
        assert_int_equal(ws_set_bits(w, x, l, wide_value(l)), WS_OK);
        assert_int_equal(ws_set_bits(w, d64, l, UINT64_C(0xDEADBEEFDEADBEEF)), WS_OK);
    }

    assert_int_equal(ws_if_lanes(w, ODD64), WS_OK);
    assert_int_equal(ws_lanes_active(w), ODD64);

    /* odd lanes read even (inactive) lanes: 0 (semantics.md 4.1) */
    assert_int_equal(ws_shfl_xor(w, ODD64, d, v, 1, 64), WS_OK);
    for (int l = 0; l < 64; l++)
        EXPECT_U64("d", "xor 1, odd lanes active", l, ws_get_bits(w, d, l),
                   (l & 1) ? 0u : SENTINEL + (uint32_t)l);
    assert_int_equal(diag_lanes(w, WS_DIAG_INACTIVE_SOURCE), ODD64);
    assert_false(ws_diag_has(w, WS_DIAG_MASK_NOT_EXEC));

    /* 64-bit: both words 0 */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_xor(w, ODD64, d64, x, 1, 64), WS_OK);
    for (int l = 0; l < 64; l++)
        EXPECT_U64("d64", "u64 xor 1, odd active", l, ws_get_bits(w, d64, l),
                   (l & 1) ? 0u : UINT64_C(0xDEADBEEFDEADBEEF));

    /* full mask while only odd lanes run: executes at once over the active lanes,
     * no waiting, MASK_NOT_EXEC reported; lane 3 is active, so every odd lane reads it */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_idx(w, WS_FULL64, d, v, 3, 64), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    for (int l = 1; l < 64; l += 2)
        EXPECT_U64("d", "idx 3, full mask, odd lanes active", l, ws_get_bits(w, d, l), 1003u);
    assert_true(ws_diag_has(w, WS_DIAG_MASK_NOT_EXEC));
    assert_false(ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE));

    /* idx 2: lane 2 is inactive: 0 */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_idx(w, ODD64, d, v, 2, 64), WS_OK);
    for (int l = 1; l < 64; l += 2)
        EXPECT_U64("d", "idx 2, odd lanes active", l, ws_get_bits(w, d, l), 0u);
    assert_int_equal(diag_lanes(w, WS_DIAG_INACTIVE_SOURCE), ODD64);

    /* the else branch: its own call also completes at once */
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), ~ODD64);
    assert_int_equal(ws_shfl_xor(w, ~ODD64, d, v, 2, 64), WS_OK);
    for (int l = 0; l < 64; l += 2)
        EXPECT_U64("d", "else: xor 2 among even lanes", l, ws_get_bits(w, d, l), 1000u + (uint32_t)(l ^ 2));
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), WS_FULL64);
    drop_warp(w);
}

static void test_wave64_absent_source(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_WAVE64, 40);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 64, 1000);
    fill_lanes(w, d, 64, SENTINEL);
    const ws_mask present = ((ws_mask)1 << 40) - 1;
    assert_int_equal(ws_shfl_down(w, present, d, v, 8, 64), WS_OK);
    for (int l = 0; l < 64; l++) {
        uint64_t want = l < 32 ? 1000u + (uint32_t)(l + 8) : l < 40 ? 0u : SENTINEL + (uint32_t)l;
        EXPECT_U64("d", "down 8, threads 40", l, ws_get_bits(w, d, l), want);
    }
    assert_int_equal(diag_lanes(w, WS_DIAG_ABSENT_SOURCE), UINT64_C(0xFF00000000));
    drop_warp(w);
}

/* ------------------------------------------------ activemask per profile */

static void test_activemask_every_third_lane(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        ws_profile_id profile;
        int lanes;
        ws_mask expected;
    } cases[] = {
        { "sm90", WS_PROFILE_SM90, 32, 0x49249249u },
        { "wave32", WS_PROFILE_WAVE32, 32, 0x49249249u },
        { "wave64", WS_PROFILE_WAVE64, 64, UINT64_C(0x9249249249249249) },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ws_warp *w = test_warp(cases[i].profile, 0);
        ws_reg a = test_reg(w, "a", cases[i].lanes == 64 ? WS_U64 : WS_U32);
        ws_mask third = 0;
        for (int l = 0; l < cases[i].lanes; l += 3)
            third |= (ws_mask)1 << l;
        fill_lanes(w, a, cases[i].lanes, SENTINEL);
        assert_int_equal(ws_if_lanes(w, third), WS_OK);
        EXPECT_BITS("activemask value", cases[i].name, ws_activemask_value(w), cases[i].expected);
        assert_int_equal(ws_activemask(w, a), WS_OK);
        assert_int_equal(ws_end_if(w), WS_OK);
        for (int l = 0; l < cases[i].lanes; l++)
            EXPECT_U64("activemask register", cases[i].name, l, ws_get_bits(w, a, l),
                       l % 3 == 0 ? cases[i].expected : SENTINEL + (uint32_t)l);
        drop_warp(w);
    }
}

/* ------------------------------------------------------- wave32 basics */

static int s_xor1(int l) { return l ^ 1; }
static int s_next_wrap32(int l) { return l == 31 ? 0 : l + 1; }
static int s_rev32(int l) { return 31 - l; }

static const hip_row wave32_rows[] = {
    { "wave32 __shfl_xor(v, 1, 32)", WS_COLL_SHFL_BFLY, 1, 32, s_xor1, 0 },
    { "wave32 __shfl_up(v, 0xFFFFFFFF, 32)", WS_COLL_SHFL_UP, -1, 32, s_next_wrap32, 0 },
    { "wave32 __shfl_xor(v, -1, 32)", WS_COLL_SHFL_BFLY, -1, 32, s_rev32, 0 },
    { "wave32 __shfl(v, 70, 32)", WS_COLL_SHFL_IDX, 70, 32, s_all6, 0 },
    { "wave32 __shfl_down(v, 1, 64)", WS_COLL_SHFL_DOWN, 1, 64, s_next_wrap32, 1 },
};

static void test_wave32_basics(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof wave32_rows / sizeof wave32_rows[0]; i++) {
        const hip_row *k = &wave32_rows[i];
        ws_warp *w = test_warp(WS_PROFILE_WAVE32, 0);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        fill_lanes(w, v, 32, 1000);
        /* a 64-bit full mask: the upper 32 bits are cleared (semantics.md 4.4), so it equals EXEC */
        EXPECT_BITS("status", k->name,
                    (uint64_t)call_shfl_wrapper(w, k->kind, WS_FULL64, d, v, k->b, k->width), WS_OK);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("value", k->name, l, ws_get_bits(w, d, l), 1000u + (uint32_t)k->src(l));
        EXPECT_BITS("MASK_NOT_EXEC raised", k->name, ws_diag_has(w, WS_DIAG_MASK_NOT_EXEC), 0);
        EXPECT_BITS("BAD_WIDTH raised", k->name, ws_diag_has(w, WS_DIAG_BAD_WIDTH), (uint64_t)k->bad_width);
        drop_warp(w);
    }
    ws_warp *w = test_warp(WS_PROFILE_WAVE32, 0);
    assert_int_equal(ws_warp_lanes(w), 32);
    assert_int_equal(ws_if_lanes(w, WS_FULL64), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0xFFFFFFFFu);
    assert_int_equal(ws_activemask_value(w), 0xFFFFFFFFu);
    assert_int_equal(ws_end_if(w), WS_OK);
    drop_warp(w);
}

/* ---------------------------- what does not exist on the wave profiles */

static void test_unsupported_on_wave_profiles(void **state)
{
    (void)state;
    static const ws_profile_id profiles[] = { WS_PROFILE_WAVE64, WS_PROFILE_WAVE32 };
    for (size_t i = 0; i < sizeof profiles / sizeof profiles[0]; i++) {
        const char *pname = ws_profile_name(profiles[i]);
        ws_warp *w = test_warp(profiles[i], 0);
        int lanes = ws_warp_lanes(w);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        ws_reg p = test_reg(w, "p", WS_U32);
        fill_lanes(w, v, lanes, 1000);
        fill_lanes(w, d, lanes, SENTINEL);
        fill_lanes(w, p, lanes, SENTINEL);
        ws_mask full = lanes == 64 ? WS_FULL64 : WS_FULL32;

        EXPECT_BITS("ws_shfl_ptx", pname,
                    (uint64_t)(int64_t)ws_shfl_ptx(w, WS_COLL_SHFL_IDX, full, d, p, v, 1, 0x1F),
                    (uint64_t)(int64_t)WS_ERR_UNSUPPORTED);
        assert_true(strlen(ws_warp_error(w)) > 0);
        EXPECT_BITS("ws_shfl_ptx without pred", pname,
                    (uint64_t)(int64_t)ws_shfl_ptx(w, WS_COLL_SHFL_DOWN, full, d, WS_NO_REG, v, 1, 0x1F),
                    (uint64_t)(int64_t)WS_ERR_UNSUPPORTED);

        ws_coll_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.kind = WS_COLL_SHFL_DOWN;
        desc.mask = full;
        desc.dst = d;
        desc.src = v;
        desc.b = 1;
        desc.width = lanes;
        desc.pred_dst = p;
        EXPECT_BITS("shuffle with pred_dst", pname, (uint64_t)(int64_t)ws_collective(w, &desc),
                    (uint64_t)(int64_t)WS_ERR_UNSUPPORTED);
        desc.pred_dst = WS_NO_REG;
        desc.ptx = true;
        desc.c = 0x1F;
        EXPECT_BITS("shuffle with ptx", pname, (uint64_t)(int64_t)ws_collective(w, &desc),
                    (uint64_t)(int64_t)WS_ERR_UNSUPPORTED);
        EXPECT_BITS("__uni_sync", pname, (uint64_t)(int64_t)ws_uni_sync(w, full, d, v),
                    (uint64_t)(int64_t)WS_ERR_UNSUPPORTED);
        for (int l = 0; l < lanes; l++) {
            EXPECT_U64("d untouched", pname, l, ws_get_bits(w, d, l), SENTINEL + (uint32_t)l);
            EXPECT_U64("p untouched", pname, l, ws_get_bits(w, p, l), SENTINEL + (uint32_t)l);
        }
        drop_warp(w);
    }
    /* and it exists on sm90 */
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg p = test_reg(w, "p", WS_U32);
    fill_lanes(w, v, 32, 1000);
    assert_int_equal(ws_shfl_ptx(w, WS_COLL_SHFL_DOWN, WS_FULL32, d, p, v, 1, 0x1F), WS_OK);
    assert_int_equal(ws_get_bits(w, d, 0), 1001);
    assert_int_equal(ws_get_bits(w, p, 31), 0);
    assert_int_equal(ws_uni_sync(w, WS_FULL32, d, v), WS_OK);
    drop_warp(w);
}

/* A sweep on wave64: the four HIP shuffles over offsets -70..300 and
 * widths -1..130, every lane, against semantics.md 4.2's header arithmetic written
 * out again here: 64-bit integers, then the 32-bit wrap of C int, then the
 * ds_bpermute wrap to 64 lanes. */
static void test_wave64_sweep_against_spec(void **state)
{
    (void)state;
    ws_warp *w = test_warp_with_policy(WS_PROFILE_WAVE64, 0, WS_DIAG_POLICY_IGNORE);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 64, 1000);
    long checked = 0;
    for (int k = WS_COLL_SHFL_IDX; k <= WS_COLL_SHFL_BFLY; k++) {
        for (int width = -1; width <= 130; width += (width < 70 ? 1 : 29)) {
            for (int off = -70; off <= 300; off += 3) {
                EXPECT_STATUS("sweep", "call", call_shfl_wrapper(w, (ws_coll_kind)k, WS_FULL64, d, v, off, width), WS_OK);
                for (int l = 0; l < 64; l++) {
                    int j = spec_hip_source((ws_coll_kind)k, l, off, width, 64);
                    if (ws_get_u32(w, d, l) != 1000u + (uint32_t)j) {
                        print_error("%s width %d arg %d lane %d: got %u, want lane %d\n",
                                    ws_coll_kind_name((ws_coll_kind)k), width, off, l, ws_get_u32(w, d, l), j);
                        fail();
                    }
                    checked++;
                }
            }
        }
    }
    print_message("wave64 sweep: %ld lane results checked\n", checked);
    drop_warp(w);
}

/* The public per-profile queries give the spec's formulas (restated in
 * test_support.c, not the library's) and the measured inactive read. */
static void test_profile_queries_match_spec(void **state)
{
    (void)state;
    static const int widths[] = {1, 2, 4, 8, 16, 32, 64, 3, 0, -8};
    for (int kind = WS_COLL_SHFL_IDX; kind <= WS_COLL_SHFL_BFLY; kind++)
        for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++)
            for (uint32_t b = 0; b < 70; b += 3)
                for (int lane = 0; lane < 64; lane++) {
                    int32_t width = widths[wi];
                    if (lane < 32) {
                        int want_pred = 0;
                        int want = spec_ptx_source((ws_coll_kind)kind, lane, b, spec_cuda_c((ws_coll_kind)kind, width),
                                                   &want_pred);
                        bool pred = false;
                        int got = ws_profile_shfl_source(WS_PROFILE_SM90, kind, lane, b, width, &pred);
                        EXPECT_U64("sm90 source", "query", lane, (uint64_t)got, (uint64_t)want);
                        EXPECT_U64("sm90 pred", "query", lane, pred, want_pred != 0);
                        if (width > 0 && width <= 32) {
                            int hip = spec_hip_source((ws_coll_kind)kind, lane, (int32_t)b, width, 32);
                            EXPECT_U64("wave32 source", "query", lane,
                                       (uint64_t)ws_profile_shfl_source(WS_PROFILE_WAVE32, kind, lane, b, width, NULL),
                                       (uint64_t)hip);
                        }
                    }
                    if (width > 0) {
                        int hip = spec_hip_source((ws_coll_kind)kind, lane, (int32_t)b, width, 64);
                        EXPECT_U64("wave64 source", "query", lane,
                                   (uint64_t)ws_profile_shfl_source(WS_PROFILE_WAVE64, kind, lane, b, width, NULL),
                                   (uint64_t)hip);
                    }
                }
    for (int p = 0; p < WS_PROFILE_COUNT; p++)
        assert_int_equal(ws_profile_inactive_read((ws_profile_id)p), 0); /* measured for sm90: semantics.md 7.1 */
    assert_int_equal(ws_profile_shfl_source(WS_PROFILE_COUNT, WS_COLL_SHFL_IDX, 0, 0, 32, NULL), -1);
    assert_int_equal(ws_profile_shfl_source(WS_PROFILE_SM90, WS_COLL_VOTE_ANY, 0, 0, 32, NULL), -1);
    assert_int_equal(ws_profile_shfl_source(WS_PROFILE_SM90, WS_COLL_SHFL_IDX, 32, 0, 32, NULL), -1);
    assert_int_equal(ws_profile_shfl_source(WS_PROFILE_WAVE64, WS_COLL_SHFL_IDX, -1, 0, 32, NULL), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_profile_names_and_lanes),
        cmocka_unit_test(test_warp_create_per_profile),
        cmocka_unit_test(test_wave64_spec_4_2_rows),
        cmocka_unit_test(test_sm90_differs_from_hip),
        cmocka_unit_test(test_hip_shfl_source_table),
        cmocka_unit_test(test_wave64_64bit_shuffles),
        cmocka_unit_test(test_wave64_inactive_source_and_no_rendezvous),
        cmocka_unit_test(test_wave64_absent_source),
        cmocka_unit_test(test_activemask_every_third_lane),
        cmocka_unit_test(test_wave32_basics),
        cmocka_unit_test(test_unsupported_on_wave_profiles),
        cmocka_unit_test(test_wave64_sweep_against_spec),
        cmocka_unit_test(test_profile_queries_match_spec),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
