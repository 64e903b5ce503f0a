/* Shuffles on the sm90 profile: the CUDA intrinsic wrappers, raw PTX
 * shfl.sync with its predicate, the pure formula helpers, 64-bit and NaN
 * moves, reads of inactive / exited / absent lanes, the rendezvous of two
 * divergent branches, the different-kind deadlock and per-lane masks.
 *
 * Where the expected values come from:
 *   - semantics.md 1.1 (PTX pseudo-code), worked by hand into literal tables;
 *   - semantics.md 1.2 (the c operand table), copied as literals;
 *   - semantics.md 1.3 (illegal widths / oversized offsets): one case per row, the
 *     expected source lane of every lane written as a tiny function that
 *     restates the row's own words;
 *   - semantics.md 7 (H200 measurements): the 496 + 16*i walk-through, inactive
 *     sources give 0 with the predicate by formula, rendezvous by
 *     (kind, mask), different kinds deadlock, the mask does not gate
 *     converged lanes.
 * No expected value is computed by calling the library. */
#include <string.h>

#include "test_support.h"

#define SENTINEL 0xDEAD0000u

/* ---------------------------------------------------------------- helpers */

static const ws_diag *find_diag(const ws_warp *w, ws_diag_code code)
{
    for (size_t i = 0; i < ws_diag_count(w); i++) {
        const ws_diag *d = ws_diag_get(w, i);
        if (d != NULL && d->code == code)
            return d;
    }
    return NULL;
}

static void check_diag(const ws_warp *w, ws_diag_code code, int want, const char *case_name)
{
    bool has = ws_diag_has(w, code);
    if (want >= 0 && has != (want != 0)) {
        print_message("case \"%s\": diagnostic %s %s, expected %s\n", case_name,
                      ws_diag_code_name(code) ? ws_diag_code_name(code) : "?",
                      has ? "raised" : "not raised", want ? "raised" : "not raised");
        fail();
    }
}

/* ------------------------------------------------- semantics.md 1.2: c per width */

typedef struct {
    int32_t width;
    uint32_t c_idx_down_bfly; /* ((32 - w) << 8) | 0x1f, 32-bit wrap */
    uint32_t c_up;            /* (32 - w) << 8 */
} c_case;

static const c_case c_cases[] = {
    /* the semantics.md 1.2 table */
    { 32, 0x001F, 0x0000 },
    { 16, 0x101F, 0x1000 },
    { 8, 0x181F, 0x1800 },
    { 4, 0x1C1F, 0x1C00 },
    { 2, 0x1E1F, 0x1E00 },
    { 1, 0x1F1F, 0x1F00 },
    /* wrap-around arithmetic for illegal widths, worked by hand */
    { 0, 0x201F, 0x2000 },          /* 32 << 8 */
    { 24, 0x081F, 0x0800 },         /* 8 << 8 */
    { 33, 0xFFFFFF1F, 0xFFFFFF00 }, /* -1 << 8 */
    { 48, 0xFFFFF01F, 0xFFFFF000 }, /* -16 << 8 */
    { 64, 0xFFFFE01F, 0xFFFFE000 }, /* -32 << 8 */
    { 96, 0xFFFFC01F, 0xFFFFC000 }, /* -64 << 8 */
    { -32, 0x401F, 0x4000 },        /* 64 << 8 */
    { -1, 0x211F, 0x2100 },         /* 33 << 8 */
    { 100, 0xFFFFBC1F, 0xFFFFBC00 },/* -68 << 8 = -0x4400 */
};

static void test_cuda_shfl_c_table(void **state)
{
    (void)state;
    char name[48];
    for (size_t i = 0; i < sizeof c_cases / sizeof c_cases[0]; i++) {
        const c_case *k = &c_cases[i];
        snprintf(name, sizeof name, "width %d", (int)k->width);
        EXPECT_BITS("c idx", name, ws_cuda_shfl_c(WS_COLL_SHFL_IDX, k->width), k->c_idx_down_bfly);
        EXPECT_BITS("c down", name, ws_cuda_shfl_c(WS_COLL_SHFL_DOWN, k->width), k->c_idx_down_bfly);
        EXPECT_BITS("c bfly", name, ws_cuda_shfl_c(WS_COLL_SHFL_BFLY, k->width), k->c_idx_down_bfly);
        EXPECT_BITS("c up", name, ws_cuda_shfl_c(WS_COLL_SHFL_UP, k->width), k->c_up);
    }
}

/* ------------------------------- semantics.md 1.1: ws_ptx_shfl_source, by hand */

typedef struct {
    const char *name;
    ws_coll_kind kind;
    int lane;
    uint32_t b, c;
    int j;     /* lane read (own lane when out of range) */
    bool p;
} ptx_case;

static const ptx_case ptx_cases[] = {
    /* down: j = lane + bval, p = j <= maxLane; j is not wrapped mod 32 */
    { "down lane 31 delta 31 (j=62)", WS_COLL_SHFL_DOWN, 31, 31, 0x1F, 31, false },
    { "down lane 0 delta 31", WS_COLL_SHFL_DOWN, 0, 31, 0x1F, 31, true },
    { "down lane 10 delta 5 c width 64 garbage", WS_COLL_SHFL_DOWN, 10, 5, 0xFFFFE01F, 15, true },
    { "down lane 4 b bits 5..31 ignored", WS_COLL_SHFL_DOWN, 4, 0xFFFFFFE3u, 0x1F, 7, true },
    { "down lane 0 delta 1 cval 0 (c=0xE0)", WS_COLL_SHFL_DOWN, 0, 1, 0xE0, 0, false },
    { "down lane 31 delta 0 c=0xFF", WS_COLL_SHFL_DOWN, 31, 0, 0xFF, 31, true },
    { "down width 24 lane 5 delta 4", WS_COLL_SHFL_DOWN, 5, 4, 0x81F, 9, true },
    { "down width 24 lane 22 delta 4", WS_COLL_SHFL_DOWN, 22, 4, 0x81F, 22, false },
    { "down width 24 lane 13 delta 12", WS_COLL_SHFL_DOWN, 13, 12, 0x81F, 25, true },
    { "down width 8 lane 13 delta 2", WS_COLL_SHFL_DOWN, 13, 2, 0x181F, 15, true },
    { "down width 8 lane 14 delta 2", WS_COLL_SHFL_DOWN, 14, 2, 0x181F, 14, false },
    /* up: j = lane - bval (may be negative), p = j >= maxLane */
    { "up lane 3 delta 5 (delta > lane)", WS_COLL_SHFL_UP, 3, 5, 0x0, 3, false },
    { "up lane 5 delta 5", WS_COLL_SHFL_UP, 5, 5, 0x0, 0, true },
    { "up lane 0 delta 31", WS_COLL_SHFL_UP, 0, 31, 0x0, 0, false },
    { "up lane 31 delta 31", WS_COLL_SHFL_UP, 31, 31, 0x0, 0, true },
    { "up lane 0 delta 0", WS_COLL_SHFL_UP, 0, 0, 0x0, 0, true },
    { "up width 24 lane 16 delta 1", WS_COLL_SHFL_UP, 16, 1, 0x800, 15, true },
    { "up width 24 lane 8 delta 1", WS_COLL_SHFL_UP, 8, 1, 0x800, 8, false },
    { "up width 24 lane 9 delta 2", WS_COLL_SHFL_UP, 9, 2, 0x800, 9, false },
    { "up width 16 lane 17 delta 1", WS_COLL_SHFL_UP, 17, 1, 0x1000, 16, true },
    { "up width 16 lane 16 delta 1", WS_COLL_SHFL_UP, 16, 1, 0x1000, 16, false },
    /* idx: j = minLane | (bval & ~segmask) */
    { "idx cval 31 lane 7 src 12", WS_COLL_SHFL_IDX, 7, 12, 0x1F, 12, true },
    { "idx cval 31 lane 7 src 63 (bval 31)", WS_COLL_SHFL_IDX, 7, 63, 0x1F, 31, true },
    { "idx cval 31 lane 0 src -1", WS_COLL_SHFL_IDX, 0, 0xFFFFFFFFu, 0x1F, 31, true },
    { "idx width 8 lane 9 src 3", WS_COLL_SHFL_IDX, 9, 3, 0x181F, 11, true },
    { "idx width 8 lane 30 src 13", WS_COLL_SHFL_IDX, 30, 13, 0x181F, 29, true },
    { "idx cval 15 lane 2 src 20", WS_COLL_SHFL_IDX, 2, 20, 0x0F, 2, false },
    { "idx cval 15 lane 2 src 10", WS_COLL_SHFL_IDX, 2, 10, 0x0F, 10, true },
    { "idx width 24 lane 20 src 3", WS_COLL_SHFL_IDX, 20, 3, 0x81F, 3, true },
    { "idx width 24 lane 29 src 3", WS_COLL_SHFL_IDX, 29, 3, 0x81F, 11, true },
    { "idx width 24 lane 29 src 0", WS_COLL_SHFL_IDX, 29, 0, 0x81F, 8, true },
    /* bfly: j = lane ^ bval, only the upper bound is tested */
    { "bfly width 16 lane 20 mask 16 (earlier group)", WS_COLL_SHFL_BFLY, 20, 16, 0x101F, 4, true },
    { "bfly width 16 lane 4 mask 16 (later group)", WS_COLL_SHFL_BFLY, 4, 16, 0x101F, 4, false },
    { "bfly width 32 lane 6 mask 31", WS_COLL_SHFL_BFLY, 6, 31, 0x1F, 25, true },
    { "bfly width 1 lane 7 mask 1", WS_COLL_SHFL_BFLY, 7, 1, 0x1F1F, 6, true },
    { "bfly width 1 lane 6 mask 1", WS_COLL_SHFL_BFLY, 6, 1, 0x1F1F, 6, false },
    { "bfly width 32 lane 9 mask 32 (bval 0)", WS_COLL_SHFL_BFLY, 9, 32, 0x1F, 9, true },
};

static void test_ptx_shfl_source_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof ptx_cases / sizeof ptx_cases[0]; i++) {
        const ptx_case *k = &ptx_cases[i];
        bool p = !k->p;
        int j = ws_ptx_shfl_source(k->kind, k->lane, k->b, k->c, &p);
        EXPECT_U64("source lane j", k->name, k->lane, (uint64_t)(int64_t)j, (uint64_t)(int64_t)k->j);
        EXPECT_U64("predicate", k->name, k->lane, p, k->p);
    }
}

/* ------------------- semantics.md 1.3: every row, through the wrappers and PTX */

/* Expected source lane and predicate per lane, one pair per table row. */
typedef int (*lane_fn)(int lane);

/* width 32 (and 0, 64, -32, 96): down 3 */
static int s_down3_w32(int l) { return l + 3 <= 31 ? l + 3 : l; }
static int p_down3_w32(int l) { return l + 3 <= 31; }
static int s_all5(int l) { (void)l; return 5; }
static int s_all31(int l) { (void)l; return 31; }
static int p_one(int l) { (void)l; return 1; }
static int p_zero(int l) { (void)l; return 0; }
static int s_own(int l) { return l; }
static int s_up2_w32(int l) { return l >= 2 ? l - 2 : l; }
static int p_up2_w32(int l) { return l >= 2; }
static int s_xor16(int l) { return l ^ 16; }
/* width 48 behaves as width 16 */
static int s_down3_w16(int l) { return (l & 15) + 3 <= 15 ? l + 3 : l; }
static int p_down3_w16(int l) { return (l & 15) + 3 <= 15; }
static int s_up1_w16(int l) { return (l & 15) >= 1 ? l - 1 : l; }
static int p_up1_w16(int l) { return (l & 15) >= 1; }
static int s_xor16_w16(int l) { return l >= 16 ? l - 16 : l; } /* upper half reads the earlier group */
static int p_xor16_w16(int l) { return l >= 16; }
/* width 33 behaves as width 1; also width 1 bfly 1 */
static int s_xor1_w1(int l) { return (l & 1) ? l - 1 : l; }
static int p_xor1_w1(int l) { return l & 1; }
/* width 24: idx 0 -> lanes 0-7: 0, 8-15: 8, 16-23: 0, 24-31: 8 */
static int s_idx0_w24(int l) { return (l >= 8 && l <= 15) || l >= 24 ? 8 : 0; }
/* width 24: up 1 -> lanes 0 and 8 keep their own value, others read l - 1 */
static int s_up1_w24(int l) { return (l == 0 || l == 8) ? l : l - 1; }
static int p_up1_w24(int l) { return !(l == 0 || l == 8); }
/* srcLane -1: the last lane of the segment */
static int s_last_of_8(int l) { return l | 7; }
static int s_last_of_16(int l) { return l | 15; }
static int s_idx37_w8(int l) { return (l & ~7) | 5; }
/* delta 33 = delta 1 */
static int s_down1(int l) { return l < 31 ? l + 1 : l; }
static int p_down1(int l) { return l < 31; }
static int s_up1(int l) { return l >= 1 ? l - 1 : l; }
static int p_up1(int l) { return l >= 1; }
/* laneMask -1: 31 - l */
static int s_rev(int l) { return 31 - l; }

typedef struct {
    const char *name;
    ws_coll_kind kind;
    int32_t b;      /* srcLane / delta / laneMask as passed to the intrinsic */
    int32_t width;
    uint32_t c;     /* the header's c for this width (semantics.md 1.2 / c_cases) */
    lane_fn src, pred;
    int bad_width;  /* WS_DIAG_BAD_WIDTH: 1 raised, 0 not raised */
} row_case;

static const row_case rows[] = {
    /* width 0, 64, -32, 96 (multiple of 32): identical to width 32 */
    { "down 3 width 32 (reference)", WS_COLL_SHFL_DOWN, 3, 32, 0x1F, s_down3_w32, p_down3_w32, 0 },
    { "down 3 width 0", WS_COLL_SHFL_DOWN, 3, 0, 0x201F, s_down3_w32, p_down3_w32, 1 },
    { "down 3 width 64", WS_COLL_SHFL_DOWN, 3, 64, 0xFFFFE01F, s_down3_w32, p_down3_w32, 1 },
    { "down 3 width -32", WS_COLL_SHFL_DOWN, 3, -32, 0x401F, s_down3_w32, p_down3_w32, 1 },
    { "down 3 width 96", WS_COLL_SHFL_DOWN, 3, 96, 0xFFFFC01F, s_down3_w32, p_down3_w32, 1 },
    { "idx 5 width 0", WS_COLL_SHFL_IDX, 5, 0, 0x201F, s_all5, p_one, 1 },
    { "idx 5 width 64", WS_COLL_SHFL_IDX, 5, 64, 0xFFFFE01F, s_all5, p_one, 1 },
    { "idx 5 width -32", WS_COLL_SHFL_IDX, 5, -32, 0x401F, s_all5, p_one, 1 },
    { "up 2 width 64", WS_COLL_SHFL_UP, 2, 64, 0xFFFFE000, s_up2_w32, p_up2_w32, 1 },
    { "up 2 width 0", WS_COLL_SHFL_UP, 2, 0, 0x2000, s_up2_w32, p_up2_w32, 1 },
    { "xor 16 width 96", WS_COLL_SHFL_BFLY, 16, 96, 0xFFFFC01F, s_xor16, p_one, 1 },
    /* width 48: identical to width 16 */
    { "down 3 width 48", WS_COLL_SHFL_DOWN, 3, 48, 0xFFFFF01F, s_down3_w16, p_down3_w16, 1 },
    { "down 3 width 16 (reference)", WS_COLL_SHFL_DOWN, 3, 16, 0x101F, s_down3_w16, p_down3_w16, 0 },
    { "up 1 width 48", WS_COLL_SHFL_UP, 1, 48, 0xFFFFF000, s_up1_w16, p_up1_w16, 1 },
    { "xor 16 width 48", WS_COLL_SHFL_BFLY, 16, 48, 0xFFFFF01F, s_xor16_w16, p_xor16_w16, 1 },
    { "xor 16 width 16", WS_COLL_SHFL_BFLY, 16, 16, 0x101F, s_xor16_w16, p_xor16_w16, 0 },
    /* width 33: identical to width 1 */
    { "down 1 width 33", WS_COLL_SHFL_DOWN, 1, 33, 0xFFFFFF1F, s_own, p_zero, 1 },
    { "xor 1 width 33", WS_COLL_SHFL_BFLY, 1, 33, 0xFFFFFF1F, s_xor1_w1, p_xor1_w1, 1 },
    /* width 24: segmask 8 */
    { "idx 0 width 24", WS_COLL_SHFL_IDX, 0, 24, 0x81F, s_idx0_w24, p_one, 1 },
    { "up 1 width 24", WS_COLL_SHFL_UP, 1, 24, 0x800, s_up1_w24, p_up1_w24, 1 },
    /* width 1, bfly laneMask 1: even own (p=0), odd read lane-1 (p=1) */
    { "xor 1 width 1", WS_COLL_SHFL_BFLY, 1, 1, 0x1F1F, s_xor1_w1, p_xor1_w1, 0 },
    /* width 1, up/down/idx: own value; p=0 for up/down, p=1 for idx */
    { "up 1 width 1", WS_COLL_SHFL_UP, 1, 1, 0x1F00, s_own, p_zero, 0 },
    { "down 1 width 1", WS_COLL_SHFL_DOWN, 1, 1, 0x1F1F, s_own, p_zero, 0 },
    { "down 7 width 1", WS_COLL_SHFL_DOWN, 7, 1, 0x1F1F, s_own, p_zero, 0 },
    { "idx 5 width 1", WS_COLL_SHFL_IDX, 5, 1, 0x1F1F, s_own, p_one, 0 },
    /* srcLane < 0 or >= 32: bits 4:0 only */
    { "idx -1 width 32", WS_COLL_SHFL_IDX, -1, 32, 0x1F, s_all31, p_one, 0 },
    { "idx -1 width 8", WS_COLL_SHFL_IDX, -1, 8, 0x181F, s_last_of_8, p_one, 0 },
    { "idx -1 width 16", WS_COLL_SHFL_IDX, -1, 16, 0x101F, s_last_of_16, p_one, 0 },
    { "idx 37 width 32", WS_COLL_SHFL_IDX, 37, 32, 0x1F, s_all5, p_one, 0 },
    { "idx 37 width 8", WS_COLL_SHFL_IDX, 37, 8, 0x181F, s_idx37_w8, p_one, 0 },
    /* delta 32 in up/down, laneMask 32: bval 0, own value with p = 1 */
    { "up 32 width 32", WS_COLL_SHFL_UP, 32, 32, 0x0, s_own, p_one, 0 },
    { "down 32 width 32", WS_COLL_SHFL_DOWN, 32, 32, 0x1F, s_own, p_one, 0 },
    { "xor 32 width 32", WS_COLL_SHFL_BFLY, 32, 32, 0x1F, s_own, p_one, 0 },
    /* delta 33: same as delta 1 */
    { "down 33 width 32", WS_COLL_SHFL_DOWN, 33, 32, 0x1F, s_down1, p_down1, 0 },
    { "up 33 width 32", WS_COLL_SHFL_UP, 33, 32, 0x0, s_up1, p_up1, 0 },
    /* laneMask -1 (width 32): lane l reads 31 - l */
    { "xor -1 width 32", WS_COLL_SHFL_BFLY, -1, 32, 0x1F, s_rev, p_one, 0 },
};

static void test_spec_1_3_rows(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        const row_case *k = &rows[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        ws_reg d2 = test_reg(w, "d2", WS_U32);
        ws_reg p = test_reg(w, "p", WS_U32);
        fill_lanes(w, v, 32, 100);
        fill_lanes(w, d, 32, SENTINEL);
        fill_lanes(w, d2, 32, SENTINEL);
        fill_lanes(w, p, 32, SENTINEL);

        EXPECT_BITS("wrapper status", k->name,
                    (uint64_t)call_shfl_wrapper(w, k->kind, WS_FULL32, d, v, k->b, k->width), WS_OK);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("wrapper value", k->name, l, ws_get_bits(w, d, l), 100u + (uint32_t)k->src(l));
        check_diag(w, WS_DIAG_BAD_WIDTH, k->bad_width, k->name);
        /* b outside bits 4:0: reported; an ordinary in-range call at width 32: not reported */
        if (k->b < 0 || k->b >= 32)
            check_diag(w, WS_DIAG_LANE_ARG_RANGE, 1, k->name);
        else if (k->width == 32)
            check_diag(w, WS_DIAG_LANE_ARG_RANGE, 0, k->name);
        check_diag(w, WS_DIAG_INACTIVE_SOURCE, 0, k->name);
        check_diag(w, WS_DIAG_CALLER_NOT_IN_MASK, 0, k->name);

        EXPECT_BITS("ptx status", k->name,
                    (uint64_t)ws_shfl_ptx(w, k->kind, WS_FULL32, d2, p, v, (uint32_t)k->b, k->c), WS_OK);
        for (int l = 0; l < 32; l++) {
            EXPECT_U64("ptx value", k->name, l, ws_get_bits(w, d2, l), 100u + (uint32_t)k->src(l));
            EXPECT_U64("ptx predicate", k->name, l, ws_get_bits(w, p, l), (uint64_t)k->pred(l));
        }
        drop_warp(w);
    }
}

/* ----------------------- semantics.md 7: the shfl_down tree walk-through, 496+16i */

static void test_walkthrough_496(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_I32);
    ws_reg t = test_reg(w, "t", WS_I32);
    assert_int_equal(ws_lane_id(w, v), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("v", "lane id", l, (uint64_t)ws_get_i32(w, v, l), (uint64_t)l);

    /* a plain model of "v += (lane+o <= 31 ? v[lane+o] : v[lane])" to check every step */
    int32_t model[32];
    for (int l = 0; l < 32; l++)
        model[l] = l;
    char name[32];
    for (int o = 16; o >= 1; o >>= 1) {
        snprintf(name, sizeof name, "step o=%d", o);
        EXPECT_BITS("status", name, (uint64_t)ws_shfl_down(w, WS_FULL32, t, v, (unsigned)o, 32), WS_OK);
        EXPECT_BITS("add status", name, (uint64_t)ws_binop_apply(w, WS_ADD, WS_I32, v, v, t), WS_OK);
        int32_t next[32];
        for (int l = 0; l < 32; l++)
            next[l] = model[l] + (l + o <= 31 ? model[l + o] : model[l]);
        memcpy(model, next, sizeof model);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("v", name, l, (uint64_t)(int64_t)ws_get_i32(w, v, l), (uint64_t)(int64_t)model[l]);
        if (o == 16) {
            /* by hand: lane i: i + (i+16 if i+16 <= 31 else i) */
            for (int l = 0; l < 32; l++)
                EXPECT_U64("v", "first step", l, (uint64_t)ws_get_i32(w, v, l),
                           (uint64_t)(l < 16 ? 2 * l + 16 : 2 * l));
        }
    }
    for (int l = 0; l < 32; l++)
        EXPECT_U64("v", "final 496+16i", l, (uint64_t)ws_get_i32(w, v, l), (uint64_t)(496 + 16 * l));
    assert_int_equal(ws_get_i32(w, v, 0), 496);
    assert_int_equal(ws_get_i32(w, v, 31), 992);
    assert_int_equal(ws_diag_count(w), 0);
    drop_warp(w);
}

/* --------------------------------------- semantics.md 1.4: 64-bit shuffles, NaNs */

static int s_xor5(int l) { return l ^ 5; }
static int s_down16(int l) { return l + 16 <= 31 ? l + 16 : l; }
static int s_up1_w8(int l) { return (l & 7) >= 1 ? l - 1 : l; }

typedef struct {
    const char *name;
    ws_type type;
    ws_coll_kind kind;
    int32_t b, width;
    lane_fn src;
} wide_case;

static const wide_case wide_cases[] = {
    { "u64 xor 5", WS_U64, WS_COLL_SHFL_BFLY, 5, 32, s_xor5 },
    { "u64 down 16", WS_U64, WS_COLL_SHFL_DOWN, 16, 32, s_down16 },
    { "u64 idx 37", WS_U64, WS_COLL_SHFL_IDX, 37, 32, s_all5 },
    { "u64 up 1 width 8", WS_U64, WS_COLL_SHFL_UP, 1, 8, s_up1_w8 },
    { "f64 xor 5", WS_F64, WS_COLL_SHFL_BFLY, 5, 32, s_xor5 },
    { "f64 down 16", WS_F64, WS_COLL_SHFL_DOWN, 16, 32, s_down16 },
    { "i64 xor -1", WS_I64, WS_COLL_SHFL_BFLY, -1, 32, s_rev },
    { "f64 up 1 width 8", WS_F64, WS_COLL_SHFL_UP, 1, 8, s_up1_w8 },
};

static void test_64bit_shuffles(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof wide_cases / sizeof wide_cases[0]; i++) {
        const wide_case *k = &wide_cases[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg x = test_reg(w, "x", k->type);
        ws_reg d = test_reg(w, "d", k->type);
        for (int l = 0; l < 32; l++)
            assert_int_equal(ws_set_bits(w, x, l, wide_value(l)), WS_OK);
        EXPECT_BITS("status", k->name,
                    (uint64_t)call_shfl_wrapper(w, k->kind, WS_FULL32, d, x, k->b, k->width), WS_OK);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("64-bit value", k->name, l, ws_get_bits(w, d, l), wide_value(k->src(l)));
        drop_warp(w);
    }
}

typedef struct {
    const char *name;
    ws_type type;
    uint64_t bits;  /* placed in lane 9, everyone reads lane 9 */
} nan_case;

static const nan_case nan_cases[] = {
    { "f64 signalling NaN 0x7FF4000000000001", WS_F64, UINT64_C(0x7FF4000000000001) },
    { "f64 quiet NaN with payload, negative", WS_F64, UINT64_C(0xFFF8000000000ABC) },
    { "f64 -0", WS_F64, UINT64_C(0x8000000000000000) },
    { "f64 smallest subnormal", WS_F64, UINT64_C(0x0000000000000001) },
    { "f32 signalling NaN 0x7FA00001", WS_F32, 0x7FA00001u },
    { "f32 quiet NaN 0xFFC12345", WS_F32, 0xFFC12345u },
    { "f32 -0", WS_F32, 0x80000000u },
    { "f32 subnormal", WS_F32, 0x00000001u },
};

static void test_nan_payloads_move_intact(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof nan_cases / sizeof nan_cases[0]; i++) {
        const nan_case *k = &nan_cases[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg x = test_reg(w, "x", k->type);
        ws_reg d = test_reg(w, "d", k->type);
        ws_reg e = test_reg(w, "e", k->type);
        for (int l = 0; l < 32; l++)
            assert_int_equal(ws_set_bits(w, x, l, l == 9 ? k->bits : (uint64_t)l), WS_OK);
        EXPECT_BITS("idx status", k->name, (uint64_t)ws_shfl_idx(w, WS_FULL32, d, x, 9, 32), WS_OK);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("idx from lane 9", k->name, l, ws_get_bits(w, d, l), k->bits);
        /* xor 1: lane 8 reads lane 9 */
        EXPECT_BITS("xor status", k->name, (uint64_t)ws_shfl_xor(w, WS_FULL32, e, x, 1, 32), WS_OK);
        EXPECT_U64("xor 1 lane 8", k->name, 8, ws_get_bits(w, e, 8), k->bits);
        EXPECT_U64("xor 1 lane 9", k->name, 9, ws_get_bits(w, e, 9), 8);
        drop_warp(w);
    }
}

/* -------------------- semantics.md 7: inactive, exited, absent sources give 0 */

static void test_inactive_source(void **state)
{
    (void)state;
    const ws_mask even = 0x55555555u;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg x = test_reg(w, "x", WS_U64);
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg d64 = test_reg(w, "d64", WS_U64);
    ws_reg d2 = test_reg(w, "d2", WS_U32);
    ws_reg p = test_reg(w, "p", WS_U32);
    fill_lanes(w, v, 32, 100);
    fill_lanes(w, d, 32, SENTINEL);
    fill_lanes(w, d2, 32, SENTINEL);
    fill_lanes(w, p, 32, SENTINEL);
    for (int l = 0; l < 32; l++) {
        assert_int_equal(ws_set_bits(w, x, l, wide_value(l)), WS_OK);
        assert_int_equal(ws_set_bits(w, d64, l, UINT64_C(0xDEADBEEFDEADBEEF)), WS_OK);
    }

    assert_int_equal(ws_if_lanes(w, even), WS_OK);
    assert_int_equal(ws_lanes_active(w), even);

    /* xor 1: every even lane reads an odd (inactive) lane */
    assert_int_equal(ws_shfl_xor(w, even, d, v, 1, 32), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d", "xor 1 from odd lanes", l, ws_get_bits(w, d, l),
                   (l & 1) ? SENTINEL + (uint32_t)l : 0u);
    const ws_diag *dg = find_diag(w, WS_DIAG_INACTIVE_SOURCE);
    assert_non_null(dg);
    assert_int_equal(diag_lanes(w, WS_DIAG_INACTIVE_SOURCE), even);
    assert_false(ws_diag_has(w, WS_DIAG_CALLER_NOT_IN_MASK));
    assert_false(ws_diag_has(w, WS_DIAG_EXITED_SOURCE));
    assert_false(ws_diag_has(w, WS_DIAG_ABSENT_SOURCE));

    /* 64-bit: both words are 0 */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_xor(w, even, d64, x, 1, 32), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d64", "u64 xor 1 from odd lanes", l, ws_get_bits(w, d64, l),
                   (l & 1) ? UINT64_C(0xDEADBEEFDEADBEEF) : 0u);
    assert_int_equal(diag_lanes(w, WS_DIAG_INACTIVE_SOURCE), even);

    /* the predicate still follows the formula: bfly 1, c = 0x1F: p = 1 */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_ptx(w, WS_COLL_SHFL_BFLY, even, d2, p, v, 1, 0x1F), WS_OK);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("d2", "ptx bfly 1", l, ws_get_bits(w, d2, l), (l & 1) ? SENTINEL + (uint32_t)l : 0u);
        EXPECT_U64("p", "ptx bfly 1", l, ws_get_bits(w, p, l), (l & 1) ? SENTINEL + (uint32_t)l : 1u);
    }
    assert_int_equal(diag_lanes(w, WS_DIAG_INACTIVE_SOURCE), even);

    /* control: xor 2 reads even lanes only, which are active: values, no diagnostic */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_xor(w, even, d, v, 2, 32), WS_OK);
    for (int l = 0; l < 32; l += 2)
        EXPECT_U64("d", "xor 2 among even lanes", l, ws_get_bits(w, d, l), 100u + (uint32_t)(l ^ 2));
    assert_false(ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE));

    /* down 1 with p: lane 30 reads 31 (inactive, 0, p=1) */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_ptx(w, WS_COLL_SHFL_DOWN, even, d2, p, v, 1, 0x1F), WS_OK);
    for (int l = 0; l < 32; l += 2) {
        EXPECT_U64("d2", "ptx down 1", l, ws_get_bits(w, d2, l), 0u);
        EXPECT_U64("p", "ptx down 1", l, ws_get_bits(w, p, l), 1u);
    }

    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), WS_FULL32);
    drop_warp(w);
}

static void test_exited_source(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg d2 = test_reg(w, "d2", WS_U32);
    ws_reg p = test_reg(w, "p", WS_U32);
    fill_lanes(w, v, 32, 100);
    fill_lanes(w, d, 32, SENTINEL);
    fill_lanes(w, d2, 32, SENTINEL);

    assert_int_equal(ws_if_lanes(w, 0xFFFF0000u), WS_OK);
    assert_int_equal(ws_exit(w), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_exited(w), 0xFFFF0000u);
    assert_int_equal(ws_lanes_active(w), 0xFFFFu);

    /* full mask: exited lanes are not waited for, so this completes at once */
    assert_int_equal(ws_shfl_down(w, WS_FULL32, d, v, 16, 32), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d", "down 16 from exited", l, ws_get_bits(w, d, l), l < 16 ? 0u : SENTINEL + (uint32_t)l);
    assert_non_null(find_diag(w, WS_DIAG_EXITED_SOURCE));
    assert_int_equal(diag_lanes(w, WS_DIAG_EXITED_SOURCE), 0xFFFFu);
    assert_false(ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE));
    /* the full mask names exited lanes */
    assert_true(ws_diag_has(w, WS_DIAG_MASK_NAMES_EXITED));

    /* mask naming only the live lanes; predicate by formula (down 16: j = l+16 <= 31) */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_ptx(w, WS_COLL_SHFL_DOWN, 0xFFFFu, d2, p, v, 16, 0x1F), WS_OK);
    for (int l = 0; l < 16; l++) {
        EXPECT_U64("d2", "ptx down 16 from exited", l, ws_get_bits(w, d2, l), 0u);
        EXPECT_U64("p", "ptx down 16 from exited", l, ws_get_bits(w, p, l), 1u);
    }
    assert_int_equal(diag_lanes(w, WS_DIAG_EXITED_SOURCE), 0xFFFFu);
    assert_false(ws_diag_has(w, WS_DIAG_MASK_NAMES_EXITED));

    /* xor 1 stays among live lanes: no source diagnostic */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_xor(w, 0xFFFFu, d, v, 1, 32), WS_OK);
    for (int l = 0; l < 16; l++)
        EXPECT_U64("d", "xor 1 among live lanes", l, ws_get_bits(w, d, l), 100u + (uint32_t)(l ^ 1));
    assert_false(ws_diag_has(w, WS_DIAG_EXITED_SOURCE));
    drop_warp(w);
}

static void test_absent_source(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 20);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg d2 = test_reg(w, "d2", WS_U32);
    ws_reg p = test_reg(w, "p", WS_U32);
    fill_lanes(w, v, 32, 100); /* absent lanes get values too (host view): they must not be read */
    fill_lanes(w, d, 32, SENTINEL);
    fill_lanes(w, d2, 32, SENTINEL);
    fill_lanes(w, p, 32, SENTINEL);
    assert_int_equal(ws_lanes_present(w), 0xFFFFFu);
    assert_int_equal(ws_lanes_active(w), 0xFFFFFu);

    assert_int_equal(ws_shfl_down(w, 0xFFFFFu, d, v, 4, 32), WS_OK);
    for (int l = 0; l < 32; l++) {
        uint64_t want = l < 16 ? 100u + (uint32_t)(l + 4) : l < 20 ? 0u : SENTINEL + (uint32_t)l;
        EXPECT_U64("d", "down 4, threads 20", l, ws_get_bits(w, d, l), want);
    }
    assert_non_null(find_diag(w, WS_DIAG_ABSENT_SOURCE));
    assert_int_equal(diag_lanes(w, WS_DIAG_ABSENT_SOURCE), 0xF0000u);
    assert_false(ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE));
    assert_false(ws_diag_has(w, WS_DIAG_EXITED_SOURCE));
    assert_false(ws_diag_has(w, WS_DIAG_MASK_NAMES_EXITED));

    /* predicate by formula: down 4, width 32: p = (l + 4 <= 31) = 1 for lanes 0..19 */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_ptx(w, WS_COLL_SHFL_DOWN, 0xFFFFFu, d2, p, v, 4, 0x1F), WS_OK);
    for (int l = 0; l < 32; l++) {
        uint64_t want = l < 16 ? 100u + (uint32_t)(l + 4) : l < 20 ? 0u : SENTINEL + (uint32_t)l;
        EXPECT_U64("d2", "ptx down 4, threads 20", l, ws_get_bits(w, d2, l), want);
        EXPECT_U64("p", "ptx down 4, threads 20", l, ws_get_bits(w, p, l),
                   l < 20 ? 1u : SENTINEL + (uint32_t)l);
    }
    assert_int_equal(diag_lanes(w, WS_DIAG_ABSENT_SOURCE), 0xF0000u);

    /* full mask names absent lanes: completes at once; the usual idiom of a
     * partial block, so no MASK_NAMES_EXITED (docs/model.md) */
    ws_diag_clear(w);
    fill_lanes(w, d, 32, SENTINEL);
    assert_int_equal(ws_shfl_down(w, WS_FULL32, d, v, 4, 32), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    for (int l = 16; l < 20; l++)
        EXPECT_U64("d", "down 4 full mask, threads 20", l, ws_get_bits(w, d, l), 0u);
    assert_false(ws_diag_has(w, WS_DIAG_MASK_NAMES_EXITED));
    assert_int_equal(diag_lanes(w, WS_DIAG_ABSENT_SOURCE), 0xF0000u);
    drop_warp(w);
}

/* -------------------------- semantics.md 2.3 / 7: the two-branch xor rendezvous */

static void test_two_branch_xor_rendezvous(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_I32);
    ws_reg a = test_reg(w, "a", WS_I32);
    ws_reg b = test_reg(w, "b", WS_I32);
    ws_reg da = test_reg(w, "da", WS_I32);
    ws_reg db = test_reg(w, "db", WS_I32);
    fill_lanes(w, v, 32, 1000);
    fill_lanes(w, da, 32, SENTINEL);
    fill_lanes(w, db, 32, SENTINEL);

    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    assert_int_equal(ws_binop_imm(w, WS_ADD, WS_I32, a, v, 1), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, da, a, 16, 32), WS_PENDING);
    assert_int_equal(ws_lanes_waiting(w), 0xFFFFu);
    /* nothing written yet */
    for (int l = 0; l < 32; l++)
        EXPECT_U64("da", "pending: da untouched", l, ws_get_bits(w, da, l), SENTINEL + (uint32_t)l);

    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), 0xFFFF0000u);
    assert_int_equal(ws_binop_imm(w, WS_ADD, WS_I32, b, v, 2), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, db, b, 16, 32), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_active(w), WS_FULL32);

    for (int l = 0; l < 32; l++) {
        if (l < 16) {
            /* lane l reads lane l+16's b = (1000 + l + 16) + 2, into its own dst da */
            EXPECT_U64("da", "rendezvous low lanes", l, ws_get_bits(w, da, l),
                       1000u + (uint32_t)(l + 16) + 2u);
            EXPECT_U64("db untouched", "rendezvous low lanes", l, ws_get_bits(w, db, l),
                       SENTINEL + (uint32_t)l);
        } else {
            /* lane l reads lane l-16's a = (1000 + l - 16) + 1, into its own dst db */
            EXPECT_U64("db", "rendezvous high lanes", l, ws_get_bits(w, db, l),
                       1000u + (uint32_t)(l - 16) + 1u);
            EXPECT_U64("da untouched", "rendezvous high lanes", l, ws_get_bits(w, da, l),
                       SENTINEL + (uint32_t)l);
        }
    }
    assert_false(ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE));
    assert_false(ws_diag_has(w, WS_DIAG_DEADLOCK));
    drop_warp(w);
}

/* ------------------------------- semantics.md 7: different kinds deadlock, reported */

static void test_different_kind_deadlock(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 100);
    fill_lanes(w, d, 32, SENTINEL);

    assert_string_equal(ws_coll_kind_name(WS_COLL_SHFL_BFLY), "shfl.bfly");
    assert_string_equal(ws_coll_kind_name(WS_COLL_SHFL_DOWN), "shfl.down");

    assert_int_equal(ws_if_lanes(w, 0xAAAAAAAAu), WS_OK);           /* odd lanes */
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, d, v, 1, 32), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);                            /* even lanes */
    assert_int_equal(ws_shfl_down(w, WS_FULL32, d, v, 1, 32), WS_ERR_DEADLOCK);

    assert_true(ws_diag_has(w, WS_DIAG_DEADLOCK));
    bool bfly = false, down = false;
    for (size_t i = 0; i < ws_diag_count(w); i++) {
        const ws_diag *dg = ws_diag_get(w, i);
        if (dg->code != WS_DIAG_DEADLOCK)
            continue;
        print_message("deadlock diagnostic: %s\n", dg->message);
        if (strstr(dg->message, "shfl.bfly") != NULL)
            bfly = true;
        if (strstr(dg->message, "shfl.down") != NULL)
            down = true;
    }
    assert_true(bfly);
    assert_true(down);
    /* the odd lanes wait in shfl.bfly: they are named */
    assert_int_equal(diag_lanes(w, WS_DIAG_DEADLOCK) & 0xAAAAAAAAu, 0xAAAAAAAAu);
    /* nothing was exchanged */
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d", "deadlock writes nothing", l, ws_get_bits(w, d, l), SENTINEL + (uint32_t)l);
    drop_warp(w);
}

/* ------------------- semantics.md 7: the mask does not gate converged lanes */

static void test_mask_does_not_gate_converged_lanes(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 100);
    fill_lanes(w, d, 32, SENTINEL);

    assert_int_equal(ws_shfl_down(w, 0xFFu, d, v, 4, 32), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    /* the full-mask result: lane l reads l+4 when l+4 <= 31, else its own value */
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d", "down 4 mask 0xff", l, ws_get_bits(w, d, l),
                   100u + (uint32_t)(l + 4 <= 31 ? l + 4 : l));
    assert_non_null(find_diag(w, WS_DIAG_CALLER_NOT_IN_MASK));
    assert_int_equal(diag_lanes(w, WS_DIAG_CALLER_NOT_IN_MASK), 0xFFFFFF00u);
    drop_warp(w);
}

/* ---------------- per-lane masks through ws_collective (tiles of 16) */

static int s_xor8(int l) { return l ^ 8; }
static int s_idx3_w16(int l) { return (l & 16) | 3; }
static int s_down4_w16(int l) { return (l & 15) + 4 <= 15 ? l + 4 : l; }

typedef struct {
    const char *name;
    ws_coll_kind kind;
    int32_t b;
    lane_fn src;
} tile_case;

static const tile_case tile_cases[] = {
    { "tile16 xor 8", WS_COLL_SHFL_BFLY, 8, s_xor8 },
    { "tile16 idx 3", WS_COLL_SHFL_IDX, 3, s_idx3_w16 },
    { "tile16 down 4", WS_COLL_SHFL_DOWN, 4, s_down4_w16 },
};

static void test_per_lane_masks_tiles_of_16(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof tile_cases / sizeof tile_cases[0]; i++) {
        const tile_case *k = &tile_cases[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg m = test_reg(w, "m", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        fill_lanes(w, v, 32, 100);
        fill_lanes(w, d, 32, SENTINEL);
        for (int l = 0; l < 32; l++)
            assert_int_equal(ws_set_u32(w, m, l, l < 16 ? 0x0000FFFFu : 0xFFFF0000u), WS_OK);

        ws_coll_desc desc;
        memset(&desc, 0, sizeof desc);
        desc.kind = k->kind;
        desc.mask_reg = m;
        desc.dst = d;
        desc.src = v;
        desc.b = k->b;
        desc.width = 16;
        EXPECT_BITS("status", k->name, (uint64_t)ws_collective(w, &desc), WS_OK);
        EXPECT_BITS("waiting", k->name, ws_lanes_waiting(w), 0);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("d", k->name, l, ws_get_bits(w, d, l), 100u + (uint32_t)k->src(l));
        EXPECT_BITS("diagnostics", k->name, ws_diag_count(w), 0);
        drop_warp(w);
    }
}

/* Each lane of a joint exchange brings its own b (PTX computes j per lane):
 * lanes 0..15 call idx 20, lanes 16..31 call idx 3. */
static void test_rendezvous_each_lane_its_own_operands(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg a = test_reg(w, "a", WS_U32);
    ws_reg b = test_reg(w, "b", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 1000);
    fill_lanes(w, d, 32, SENTINEL);
    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    assert_int_equal(ws_binop_imm(w, WS_ADD, WS_U32, a, v, 0x100), WS_OK);
    assert_int_equal(ws_shfl_idx(w, WS_FULL32, d, a, 20, 32), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_binop_imm(w, WS_ADD, WS_U32, b, v, 0x200), WS_OK);
    assert_int_equal(ws_shfl_idx(w, WS_FULL32, d, b, 3, 32), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    for (int l = 0; l < 32; l++) {
        /* low lanes read lane 20's b; high lanes read lane 3's a */
        uint64_t want = l < 16 ? 1000u + 20u + 0x200u : 1000u + 3u + 0x100u;
        EXPECT_U64("d", "idx 20 / idx 3 exchange", l, ws_get_bits(w, d, l), want);
    }
    assert_int_equal(ws_diag_count(w), 0);
    drop_warp(w);
}

/* The rendezvous key includes the mask (semantics.md 1.1 "same membermask", 2.3):
 * lanes 0..15 wait in xor 16 with the full mask; lanes 16..31 calling xor 16
 * with mask 0xFFFF0000 form their own, complete group (every lane it names
 * has arrived) and read lanes 0..15, which take no part in it: 0. A second
 * call with the full mask then completes the waiting lanes' exchange. */
static void test_rendezvous_keyed_by_mask(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg a = test_reg(w, "a", WS_U32);
    ws_reg b = test_reg(w, "b", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg e = test_reg(w, "e", WS_U32);
    fill_lanes(w, v, 32, 1000);
    fill_lanes(w, d, 32, SENTINEL);
    fill_lanes(w, e, 32, SENTINEL);
    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    assert_int_equal(ws_binop_imm(w, WS_ADD, WS_U32, a, v, 0x100), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, d, a, 16, 32), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_binop_imm(w, WS_ADD, WS_U32, b, v, 0x200), WS_OK);
    /* other mask: a separate rendezvous, complete at once */
    assert_int_equal(ws_shfl_xor(w, 0xFFFF0000u, e, b, 16, 32), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0xFFFFu);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("e", "xor 16 mask 0xFFFF0000", l, ws_get_bits(w, e, l),
                   l < 16 ? SENTINEL + (uint32_t)l : 0u);
        EXPECT_U64("d still pending", "xor 16 mask 0xFFFF0000", l, ws_get_bits(w, d, l),
                   SENTINEL + (uint32_t)l);
    }
    assert_int_equal(diag_lanes(w, WS_DIAG_INACTIVE_SOURCE), 0xFFFF0000u);
    /* same kind, same mask: completes the waiting lanes */
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, d, b, 16, 32), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    assert_int_equal(ws_end_if(w), WS_OK);
    for (int l = 0; l < 32; l++) {
        uint64_t want = l < 16 ? 1000u + (uint32_t)(l + 16) + 0x200u : 1000u + (uint32_t)(l - 16) + 0x100u;
        EXPECT_U64("d", "xor 16 full mask after", l, ws_get_bits(w, d, l), want);
    }
    drop_warp(w);
}

/* Per-lane b and c through ws_collective (b_reg, c_reg, raw PTX with a predicate). */
static void test_per_lane_b_and_c_registers(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg breg = test_reg(w, "b", WS_U32);
    ws_reg creg = test_reg(w, "c", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    ws_reg p = test_reg(w, "p", WS_U32);
    fill_lanes(w, v, 32, 100);
    for (int l = 0; l < 32; l++) {
        assert_int_equal(ws_set_u32(w, breg, l, (uint32_t)(31 - l)), WS_OK);
        assert_int_equal(ws_set_u32(w, creg, l, l < 16 ? 0x0u : 0x1000u), WS_OK);
    }
    /* idx with srcLane 31 - l per lane: a reversal */
    ws_coll_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.kind = WS_COLL_SHFL_IDX;
    desc.mask = WS_FULL32;
    desc.dst = d;
    desc.src = v;
    desc.b_reg = breg;
    desc.width = 32;
    assert_int_equal(ws_collective(w, &desc), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d", "idx b_reg = 31 - l", l, ws_get_bits(w, d, l), 100u + (uint32_t)(31 - l));

    /* raw up 3 with c per lane: lanes 0..15 c = 0 (width 32), lanes 16..31 c = 0x1000 (width 16):
     * low lanes read l-3 when l >= 3; high lanes read l-3 when l-3 >= 16 (maxLane = 16) */
    memset(&desc, 0, sizeof desc);
    desc.kind = WS_COLL_SHFL_UP;
    desc.mask = WS_FULL32;
    desc.dst = d;
    desc.src = v;
    desc.pred_dst = p;
    desc.b = 3;
    desc.ptx = true;
    desc.c_reg = creg;
    assert_int_equal(ws_collective(w, &desc), WS_OK);
    for (int l = 0; l < 32; l++) {
        bool in_range = l < 16 ? l >= 3 : l - 3 >= 16;
        EXPECT_U64("d", "ptx up 3 c_reg", l, ws_get_bits(w, d, l), 100u + (uint32_t)(in_range ? l - 3 : l));
        EXPECT_U64("p", "ptx up 3 c_reg", l, ws_get_bits(w, p, l), in_range ? 1u : 0u);
    }
    drop_warp(w);
}

/* Diagnostic policies on a read of an inactive lane. */
static void test_policies_on_inactive_read(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        ws_diag_policy policy;
        ws_status status;
        bool written;
        bool recorded;
    } cases[] = {
        { "warn", WS_DIAG_POLICY_WARN, WS_OK, true, true },
        { "ignore", WS_DIAG_POLICY_IGNORE, WS_OK, true, false },
        { "error", WS_DIAG_POLICY_ERROR, WS_ERR_UNDEFINED, false, true },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_warp_set_diag_policy(w, cases[i].policy);
        assert_int_equal(ws_warp_diag_policy(w), cases[i].policy);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        fill_lanes(w, v, 32, 100);
        fill_lanes(w, d, 32, SENTINEL);
        assert_int_equal(ws_if_lanes(w, 0x0000FFFFu), WS_OK);
        /* lanes 0..15, mask 0xFFFF: xor 1 stays inside (fine), then down 8: lanes 8..15 read 16..23 (inactive) */
        EXPECT_BITS("status", cases[i].name, (uint64_t)(int64_t)ws_shfl_down(w, 0xFFFFu, d, v, 8, 32),
                    (uint64_t)(int64_t)cases[i].status);
        for (int l = 0; l < 32; l++) {
            uint64_t want = SENTINEL + (uint32_t)l;
            if (cases[i].written && l < 16)
                want = l < 8 ? 100u + (uint32_t)(l + 8) : 0u;
            EXPECT_U64("d", cases[i].name, l, ws_get_bits(w, d, l), want);
        }
        EXPECT_BITS("recorded", cases[i].name, ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE), cases[i].recorded);
        if (cases[i].recorded)
            EXPECT_BITS("reader lanes", cases[i].name, diag_lanes(w, WS_DIAG_INACTIVE_SOURCE), 0xFF00u);
        assert_int_equal(ws_end_if(w), WS_OK);
        drop_warp(w);
    }
}

/* ---------------------------------------------- bad arguments: WS_ERR_ARG */

/* ---- the whole-call path (shfl.c ws_shfl_whole_call) ----
 * A converged call with its operands in the descriptor takes a shorter
 * path than one with per-lane registers. Both must give the bits of the
 * formulas restated in test_support.c, and the same reads, diagnostics
 * and registers as each other wherever the shorter path declines (lanes
 * reading lanes that do not take part). */

typedef struct whole_case {
    ws_profile_id profile;
    int threads;       /* 0: a whole warp */
    ws_mask exited;    /* lanes that have returned before the call */
    ws_mask active;    /* lanes that call (0: every live lane) and the mask they pass */
} whole_case;

static ws_status run_one(ws_warp *w, const whole_case *c, ws_coll_kind kind, int32_t b, int32_t width,
                         ws_reg dst, ws_reg src, ws_reg b_reg)
{
    ws_mask live = ws_lanes_present(w) & ~c->exited;
    ws_mask callers = c->active ? c->active : live;
    ws_coll_desc d = {.kind = kind, .mask = callers, .dst = dst, .src = src, .b = b, .width = width,
                      .b_reg = b_reg};
    return ws_collective_lanes(w, callers, &d);
}

static ws_warp *whole_warp(const whole_case *c, ws_type type, ws_reg *src, ws_reg *dst, ws_reg *b_reg,
                           int32_t b, bool alias)
{
    ws_warp *w = test_warp(c->profile, c->threads);
    int lanes = ws_profile_lanes(c->profile);
    *src = test_reg(w, "src", type);
    *dst = alias ? *src : test_reg(w, "dst", type);
    *b_reg = test_reg(w, "b", WS_U32);
    for (int lane = 0; lane < lanes; lane++) {
        ws_set_bits(w, *src, lane, ws_type_is_64bit(type) ? wide_value(lane) : (uint32_t)wide_value(lane));
        ws_set_u32(w, *b_reg, lane, (uint32_t)b);
    }
    if (c->exited)
        ws_exit_lanes(w, c->exited);
    return w;
}

/* ws_shfl_lanes_values (the CUDA front end's entry): where it takes the
 * call, the values, reads and (no) diagnostics of the general path, with
 * only 32 bits kept of a 32-bit type's words; where it declines, nothing
 * written, and the call through ws_collective_lanes then as the general
 * path. Returns whether it took the call. */
static bool check_values_entry(const whole_case *c, ws_type type, ws_coll_kind kind, int32_t b, int32_t width,
                               bool alias, ws_warp *general, ws_reg d2, ws_status st2, const char *name)
{
    ws_reg s3, d3, b3;
    ws_warp *w = whole_warp(c, type, &s3, &d3, &b3, b, alias);
    int lanes = ws_profile_lanes(c->profile);
    ws_mask callers = c->active ? c->active : ws_lanes_present(w) & ~c->exited;
    uint64_t in[64], buf[64], *out = alias ? in : buf;
    for (int lane = 0; lane < 64; lane++) {
        in[lane] = wide_value(lane); /* a 32-bit type's words with high bits, as a sign-extended int has */
        if (!ws_type_is_64bit(type) && !(lane & 1))
            in[lane] ^= UINT64_C(0xA5A5A5A5) << 32;
        buf[lane] = UINT64_C(0x5EED5EED5EED5EED);
    }
    uint64_t before[64];
    memcpy(before, out, sizeof before);
    /* A shuffle before, whose reads a declined call must leave as they were. */
    ws_reg pre = test_reg(w, "pre", type);
    ws_coll_desc xor0 = {.kind = WS_COLL_SHFL_BFLY, .mask = callers, .dst = pre, .src = s3, .width = lanes};
    EXPECT_STATUS("the shuffle before", name, ws_collective_lanes(w, callers, &xor0), WS_OK);
    ws_lane_read r0[64], r1[64];
    ws_last_shuffle_reads(w, r0);
    ws_coll_desc d = {.kind = kind, .mask = callers, .b = b, .width = width};
    bool took = ws_shfl_lanes_values(w, callers, &d, type, in, out);
    ws_lane_read r2[64], r3[64];
    if (took) {
        ws_last_shuffle_reads(general, r2);
        ws_last_shuffle_reads(w, r3);
        EXPECT_STATUS("values entry vs general path", name, WS_OK, st2);
        for (int lane = 0; lane < lanes; lane++) {
            EXPECT_U64("values entry out", name, lane, out[lane],
                       (callers >> lane & 1) ? ws_get_bits(general, d2, lane) : before[lane]);
            EXPECT_U64("values entry read kind", name, lane, r3[lane].kind, r2[lane].kind);
            EXPECT_U64("values entry read source", name, lane, (uint64_t)r3[lane].source, (uint64_t)r2[lane].source);
        }
        EXPECT_U64("values entry diagnostics", name, -1, ws_diag_count(w), ws_diag_count(general));
    } else {
        ws_last_shuffle_reads(w, r1);
        for (int lane = 0; lane < 64; lane++) {
            EXPECT_U64("declined: nothing written", name, lane, out[lane], before[lane]);
            EXPECT_U64("declined: the reads before", name, lane, (uint64_t)r1[lane].source, (uint64_t)r0[lane].source);
            EXPECT_U64("declined: the read kinds before", name, lane, r1[lane].kind, r0[lane].kind);
        }
        ws_status st3 = run_one(w, c, kind, b, width, d3, s3, WS_NO_REG);
        EXPECT_STATUS("declined, then ws_collective_lanes", name, st3, st2);
        ws_last_shuffle_reads(general, r2);
        ws_last_shuffle_reads(w, r3);
        for (int lane = 0; lane < lanes; lane++) {
            EXPECT_U64("declined dst", name, lane, ws_get_bits(w, d3, lane), ws_get_bits(general, d2, lane));
            EXPECT_U64("declined read kind", name, lane, r3[lane].kind, r2[lane].kind);
        }
        EXPECT_U64("declined diagnostics", name, -1, ws_diag_count(w), ws_diag_count(general));
    }
    drop_warp(w);
    return took;
}

static void test_whole_call_path(void **state)
{
    (void)state;
    static const whole_case cases[] = {
        {WS_PROFILE_SM90, 0, 0, 0},
        {WS_PROFILE_SM90, 20, 0, 0},                /* absent lanes 20-31 */
        {WS_PROFILE_SM90, 0, 0xFF000000u, 0},       /* exited lanes 24-31 */
        {WS_PROFILE_SM90, 0, 0, 0x0000FFFFu},       /* half the warp calls with its own mask */
        {WS_PROFILE_WAVE64, 0, 0, 0},
        {WS_PROFILE_WAVE32, 0, 0, 0},
        {WS_PROFILE_WAVE64, 0, 0, 0xFFFFFFFFu},     /* the low half of a wavefront */
    };
    static const ws_coll_kind kinds[] = {WS_COLL_SHFL_IDX, WS_COLL_SHFL_UP, WS_COLL_SHFL_DOWN, WS_COLL_SHFL_BFLY};
    static const int32_t bs[] = {0, 1, 3, 8, 16, 31, 40};
    static const int32_t widths[] = {1, 2, 4, 8, 16, 32, 64};
    static const ws_type types[] = {WS_U32, WS_F32, WS_U64, WS_F64};
    int checked = 0, values_taken = 0;
    for (size_t ci = 0; ci < sizeof cases / sizeof cases[0]; ci++) {
        const whole_case *c = &cases[ci];
        int lanes = ws_profile_lanes(c->profile);
        for (size_t ki = 0; ki < 4; ki++)
            for (size_t bi = 0; bi < sizeof bs / sizeof bs[0]; bi++)
                for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++)
                    for (size_t ti = 0; ti < 4; ti++)
                        for (int alias = 0; alias < 2; alias++) {
                            int32_t b = bs[bi], width = widths[wi];
                            if (width > lanes)
                                continue;
                            char name[120];
                            snprintf(name, sizeof name, "case %zu %s b=%d width=%d %s%s", ci,
                                     ws_coll_kind_name(kinds[ki]), b, width, ws_type_name(types[ti]),
                                     alias ? " dst=src" : "");
                            ws_reg s1, d1, b1, s2, d2, b2;
                            ws_warp *whole = whole_warp(c, types[ti], &s1, &d1, &b1, b, alias);
                            ws_warp *general = whole_warp(c, types[ti], &s2, &d2, &b2, b, alias);
                            ws_status st1 = run_one(whole, c, kinds[ki], b, width, d1, s1, WS_NO_REG);
                            ws_status st2 = run_one(general, c, kinds[ki], b, width, d2, s2, b2);
                            EXPECT_STATUS("whole call vs per-lane b", name, st1, st2);
                            ws_lane_read r1[64], r2[64];
                            ws_last_shuffle_reads(whole, r1);
                            ws_last_shuffle_reads(general, r2);
                            for (int lane = 0; lane < lanes; lane++) {
                                EXPECT_U64("dst", name, lane, ws_get_bits(whole, d1, lane), ws_get_bits(general, d2, lane));
                                EXPECT_U64("read kind", name, lane, r1[lane].kind, r2[lane].kind);
                                EXPECT_U64("read source", name, lane, (uint64_t)r1[lane].source, (uint64_t)r2[lane].source);
                            }
                            EXPECT_U64("diagnostics", name, -1, ws_diag_count(whole), ws_diag_count(general));
                            for (size_t k = 0; k < ws_diag_count(whole) && k < ws_diag_count(general); k++)
                                EXPECT_U64("diagnostic code", name, (int)k, ws_diag_get(whole, k)->code,
                                           ws_diag_get(general, k)->code);
                            /* The same call with its values outside the model. */
                            bool took = check_values_entry(c, types[ti], kinds[ki], b, width, alias, general,
                                                           d2, st2, name);
                            values_taken += took;
                            /* A whole warp with a valid width: every value from the restated formula. */
                            bool valid_width = width >= 1 && !(width & (width - 1));
                            if (c->threads == 0 && !c->exited && !c->active && valid_width) {
                                for (int lane = 0; lane < lanes; lane++) {
                                    int pred = 0;
                                    int from = c->profile == WS_PROFILE_SM90
                                                   ? spec_ptx_source(kinds[ki], lane, (uint32_t)b,
                                                                     spec_cuda_c(kinds[ki], width), &pred)
                                                   : spec_hip_source(kinds[ki], lane, b, width, lanes);
                                    uint64_t v = wide_value(from);
                                    EXPECT_U64("formula", name, lane, ws_get_bits(whole, d1, lane),
                                               ws_type_is_64bit(types[ti]) ? v : (uint32_t)v);
                                }
                                if (!(c->profile == WS_PROFILE_SM90 && (b & ~31)))
                                    EXPECT_NO_DIAG(whole, name);
                                EXPECT_BITS("values entry taken", name, took,
                                            !(c->profile == WS_PROFILE_SM90 && (b & ~31)));
                            }
                            drop_warp(whole);
                            drop_warp(general);
                            checked++;
                        }
    }
    assert_true(checked > 1000);
    assert_true(values_taken > 500);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    struct {
        const char *name;
        ws_status got;
    } cases[6];
    cases[0].name = "dst 0";
    cases[0].got = ws_shfl_down(w, WS_FULL32, WS_NO_REG, v, 1, 32);
    cases[1].name = "src unknown";
    cases[1].got = ws_shfl_xor(w, WS_FULL32, d, (ws_reg){999}, 1, 32);
    cases[2].name = "ptx with a vote kind";
    cases[2].got = ws_shfl_ptx(w, WS_COLL_VOTE_ALL, WS_FULL32, d, WS_NO_REG, v, 1, 0x1F);
    cases[3].name = "ptx with a bad kind";
    cases[3].got = ws_shfl_ptx(w, (ws_coll_kind)77, WS_FULL32, d, WS_NO_REG, v, 1, 0x1F);
    cases[4].name = "ptx with an unknown pred register";
    cases[4].got = ws_shfl_ptx(w, WS_COLL_SHFL_IDX, WS_FULL32, d, (ws_reg){555}, v, 1, 0x1F);
    cases[5].name = "idx with dst -3";
    cases[5].got = ws_shfl_idx(w, WS_FULL32, (ws_reg){-3}, v, 1, 32);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        EXPECT_BITS("status", cases[i].name, (uint64_t)(int64_t)cases[i].got, (uint64_t)(int64_t)WS_ERR_ARG);
    }
    assert_non_null(ws_warp_error(w));
    assert_true(strlen(ws_warp_error(w)) > 0);
    /* nothing was written */
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d", "bad arguments", l, ws_get_bits(w, d, l), 0);
    drop_warp(w);
}

/* Two branches whose shuffles both complete when the same lanes exit are
 * still two instructions: they do not see each other. Hand-worked: lanes
 * 0-3 call __shfl_sync(0x10F, v, 4) and lanes 4-7 call
 * __shfl_sync(0x1F0, v, 0); both wait for lane 8, which exits with lanes
 * 8-31. Each branch reads a lane of the other branch: inactive, so 0. */
static void test_separate_branches_stay_separate(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32);
    fill_lanes(w, v, 32, 100);
    fill_lanes(w, d, 32, SENTINEL);
    assert_int_equal(ws_if_lanes(w, 0x0Fu), WS_OK);
    assert_int_equal(ws_shfl_idx(w, 0x10Fu, d, v, 4, 32), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_if_lanes(w, 0xF0u), WS_OK);
    assert_int_equal(ws_shfl_idx(w, 0x1F0u, d, v, 0, 32), WS_PENDING);
    assert_int_equal(ws_else(w), WS_OK);
    assert_int_equal(ws_exit(w), WS_OK); /* lanes 8-31 */
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_waiting(w), 0);
    for (int l = 0; l < 8; l++)
        EXPECT_U64("d", "other branch is inactive", l, ws_get_u32(w, d, l), 0u);
    assert_int_equal(diag_lanes(w, WS_DIAG_INACTIVE_SOURCE), 0xFFu);
    drop_warp(w);
}

/* A sweep: the four intrinsics over offsets -70..300 and the widths of
 * semantics.md 7's hardware run, every lane, against semantics.md 1.1/1.2 written
 * out again here (with 64-bit arithmetic and divisions instead of masks),
 * plus raw shfl.sync with pseudo-random b and c, value and predicate. */
/* ws_last_shuffle_reads, by hand: a 20-thread block (lanes 20..31 absent)
 * with lanes 4..7 exited; shfl_down by 2 at width 8 (semantics.md 1.1: j = lane + 2
 * unless that leaves the lane's 8-lane segment, then the own value). Lane 2
 * reads exited lane 4; lane 14 falls off its segment 8..15; lane 18 reads
 * absent lane 20 (its segment 16..23 ends at 23). */
static void test_last_shuffle_reads(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 20);
    ws_reg v = test_reg(w, "v", WS_U32), t = test_reg(w, "t", WS_U32);
    ws_lane_read reads[64];
    assert_int_equal(ws_last_shuffle_reads(w, reads), 0);
    assert_int_equal(reads[0].kind, WS_READ_NONE);
    assert_int_equal(reads[0].source, -1);
    exit_lanes(w, 0xF0);
    EXPECT_STATUS("shfl_down", "reads", ws_shfl_down(w, WS_FULL32, t, v, 2, 8), WS_OK);
    assert_int_equal(ws_last_shuffle_reads(w, reads), 1);
    struct { int lane; ws_read_kind kind; int source; } cases[] = {
        {0, WS_READ_LANE, 2},     {1, WS_READ_LANE, 3},   {2, WS_READ_INACTIVE, 4},
        {3, WS_READ_INACTIVE, 5}, {4, WS_READ_NONE, -1},  {7, WS_READ_NONE, -1},
        {8, WS_READ_LANE, 10},    {13, WS_READ_LANE, 15}, {14, WS_READ_OWN, 14},
        {15, WS_READ_OWN, 15},    {17, WS_READ_LANE, 19}, {18, WS_READ_INACTIVE, 20},
        {19, WS_READ_INACTIVE, 21}, {20, WS_READ_NONE, -1}, {31, WS_READ_NONE, -1},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        EXPECT_U64("kind", "reads", cases[i].lane, reads[cases[i].lane].kind, cases[i].kind);
        EXPECT_U64("source", "reads", cases[i].lane, (uint64_t)(int64_t)reads[cases[i].lane].source,
                   (uint64_t)(int64_t)cases[i].source);
    }
    /* A vote is not a shuffle: the record stays. */
    EXPECT_STATUS("ballot", "reads", ws_ballot_sync(w, 0xFFFFF, t, v), WS_OK);
    assert_int_equal(ws_last_shuffle_reads(w, reads), 1);
    drop_warp(w);

    /* wave64: HIP __shfl_up falls back to the own value below the segment. */
    w = test_warp(WS_PROFILE_WAVE64, 0);
    v = test_reg(w, "v", WS_U32);
    t = test_reg(w, "t", WS_U32);
    EXPECT_STATUS("shfl_up", "wave64", ws_shfl_up(w, WS_FULL64, t, v, 3, 64), WS_OK);
    ws_last_shuffle_reads(w, reads);
    for (int lane = 0; lane < 64; lane++) {
        EXPECT_U64("kind", "wave64", lane, reads[lane].kind, lane < 3 ? WS_READ_OWN : WS_READ_LANE);
        EXPECT_U64("source", "wave64", lane, (uint64_t)reads[lane].source, (uint64_t)(lane < 3 ? lane : lane - 3));
    }
    drop_warp(w);
}

static void test_sweep_against_spec(void **state)
{
    (void)state;
    static const int widths[] = {-64, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 17,
                                 20, 24, 31, 32, 33, 40, 48, 64, 65, 100};
    ws_warp *w = test_warp_with_policy(WS_PROFILE_SM90, 0, WS_DIAG_POLICY_IGNORE);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32), p = test_reg(w, "p", WS_U32);
    fill_lanes(w, v, 32, 1000);
    long lanes_checked = 0;
    for (int k = WS_COLL_SHFL_IDX; k <= WS_COLL_SHFL_BFLY; k++) {
        for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++) {
            int width = widths[wi];
            uint32_t c = spec_cuda_c((ws_coll_kind)k, width);
            for (int off = -70; off <= 300; off++) {
                EXPECT_STATUS("sweep", "call", call_shfl_wrapper(w, (ws_coll_kind)k, WS_FULL32, d, v, off, width), WS_OK);
                for (int l = 0; l < 32; l++) {
                    int pred;
                    int j = spec_ptx_source((ws_coll_kind)k, l, (uint32_t)off, c, &pred);
                    if (ws_get_u32(w, d, l) != 1000u + (uint32_t)j) {
                        print_error("%s width %d offset %d lane %d: got %u, want lane %d\n",
                                    ws_coll_kind_name((ws_coll_kind)k), width, off, l, ws_get_u32(w, d, l), j);
                        fail();
                    }
                    lanes_checked++;
                }
            }
        }
    }
    /* raw shfl.sync: b and c from a fixed LCG (any bits) */
    uint32_t x = 12345u;
    for (int n = 0; n < 3000; n++) {
        x = x * 1664525u + 1013904223u;
        uint32_t b = x;
        x = x * 1664525u + 1013904223u;
        uint32_t c = x;
        ws_coll_kind k = (ws_coll_kind)(n % 4);
        EXPECT_STATUS("sweep", "ptx", ws_shfl_ptx(w, k, WS_FULL32, d, p, v, b, c), WS_OK);
        for (int l = 0; l < 32; l++) {
            int pred;
            int j = spec_ptx_source(k, l, b, c, &pred);
            if (ws_get_u32(w, d, l) != 1000u + (uint32_t)j || ws_get_u32(w, p, l) != (uint32_t)pred) {
                print_error("ptx %s b=0x%x c=0x%x lane %d: got %u/%u, want lane %d/%d\n", ws_coll_kind_name(k), b, c,
                            l, ws_get_u32(w, d, l), ws_get_u32(w, p, l), j, pred);
                fail();
            }
            lanes_checked++;
        }
    }
    print_message("sweep: %ld lane results checked\n", lanes_checked);
    drop_warp(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_separate_branches_stay_separate),
        cmocka_unit_test(test_sweep_against_spec),
        cmocka_unit_test(test_last_shuffle_reads),
        cmocka_unit_test(test_cuda_shfl_c_table),
        cmocka_unit_test(test_ptx_shfl_source_table),
        cmocka_unit_test(test_spec_1_3_rows),
        cmocka_unit_test(test_walkthrough_496),
        cmocka_unit_test(test_64bit_shuffles),
        cmocka_unit_test(test_nan_payloads_move_intact),
        cmocka_unit_test(test_inactive_source),
        cmocka_unit_test(test_exited_source),
        cmocka_unit_test(test_absent_source),
        cmocka_unit_test(test_two_branch_xor_rendezvous),
        cmocka_unit_test(test_different_kind_deadlock),
        cmocka_unit_test(test_mask_does_not_gate_converged_lanes),
        cmocka_unit_test(test_per_lane_masks_tiles_of_16),
        cmocka_unit_test(test_rendezvous_each_lane_its_own_operands),
        cmocka_unit_test(test_rendezvous_keyed_by_mask),
        cmocka_unit_test(test_per_lane_b_and_c_registers),
        cmocka_unit_test(test_policies_on_inactive_read),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_whole_call_path),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
