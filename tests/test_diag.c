/* test_diag.c: diagnostics (codes, lanes, ops, messages, policies), lane-set
 * formatting, status names and bad-argument handling.
 *
 * Expected values: the shuffle results are the semantics.md 1.1 formula with c from
 * semantics.md 1.2, worked by hand lane by lane (the width rows are those of semantics.md
 * 1.3: width 48 = width 16, width 24 gives segmask 8, width 0/64 = width 32,
 * width 100 gives segmask (-100) & 31 = 28); semantics.md 7 gives 0 for a read of an
 * inactive / exited / absent lane on sm90 and says converged lanes are not
 * gated by the mask; semantics.md 4.2 gives the wave64 row __shfl(v, 5, 48). The
 * diagnostic codes, names, policies and formats are those documented in
 * include/warpsim/diag.h and types.h. */
#include <stdio.h>
#include <string.h>

#include "test_support.h"

#define SENTINEL(lane) (0xBAD00000u + (uint32_t)(lane))
#define VAL(lane) (100u + (uint32_t)(lane)) /* the shuffled value of a lane */

/* v = VAL(lane), d = SENTINEL(lane) in every lane (host view). */
static void setup_regs(ws_warp *w, ws_reg v, ws_reg d)
{
    for (int l = 0; l < ws_warp_lanes(w); l++) {
        assert_int_equal(ws_set_bits(w, v, l, VAL(l)), WS_OK);
        assert_int_equal(ws_set_bits(w, d, l, SENTINEL(l)), WS_OK);
    }
}

static bool contains_ci(const char *hay, const char *needle)
{
    size_t n = strlen(needle);
    for (const char *p = hay; *p; p++) {
        size_t i = 0;
        while (i < n && p[i] && (p[i] | 0x20) == (needle[i] | 0x20))
            i++;
        if (i == n)
            return true;
    }
    return n == 0;
}

/* The first diagnostic with this code; fails the test if there is none.
 * Every diagnostic must have an op and a non-empty message. */
static const ws_diag *find_diag(const ws_warp *w, ws_diag_code code, const char *name)
{
    const ws_diag *found = NULL;
    for (size_t i = 0; i < ws_diag_count(w); i++) {
        const ws_diag *d = ws_diag_get(w, i);
        assert_non_null(d);
        if (d->op == NULL || d->op[0] == '\0' || d->message[0] == '\0') {
            print_error("case \"%s\": diagnostic %zu has an empty op or message\n", name, i);
            fail();
        }
        if (d->code == code && found == NULL)
            found = d;
    }
    if (found == NULL) {
        print_error("case \"%s\": no %s diagnostic among %zu\n", name,
                    ws_diag_code_name(code) ? ws_diag_code_name(code) : "?", ws_diag_count(w));
        fail();
    }
    return found;
}

static void expect_diag_lanes(const ws_diag *d, const char *name, ws_mask want)
{
    if (d->lanes != want) {
        char got_s[256], want_s[256];
        print_error("case \"%s\": %s lanes %s, want %s (message: %s)\n", name,
                    ws_diag_code_name(d->code), ws_format_lanes(d->lanes, got_s, sizeof got_s),
                    ws_format_lanes(want, want_s, sizeof want_s), d->message);
        fail();
    }
}

static void expect_op_has(const ws_diag *d, const char *name, const char *a, const char *b)
{
    if (!contains_ci(d->op, a) || (b && !contains_ci(d->op, b))) {
        print_error("case \"%s\": op \"%s\" should name %s%s%s\n", name, d->op, a, b ? " and " : "",
                    b ? b : "");
        fail();
    }
}

/* ---- shuffle source diagnostics: a table of minimal scenarios ------------ */

typedef struct src_case {
    const char *name;
    int threads;       /* 0 = 32 */
    ws_mask exited;
    ws_mask active;    /* ws_if_lanes first; 0 = converged */
    ws_mask mask;
    ws_coll_kind kind; /* DOWN or BFLY */
    int b;
    ws_diag_code code;
    ws_mask bad;       /* the reading lanes whose source did not take part: get 0 */
} src_case;

static const src_case src_cases[] = {
    /* lanes 0-15 active; lanes 8-15 read 16-23, alive on the other path */
    {"inactive source, down 8", 0, 0, 0x0000FFFFu, 0x0000FFFFu, WS_COLL_SHFL_DOWN, 8,
     WS_DIAG_INACTIVE_SOURCE, 0x0000FF00u},
    /* even lanes active; each reads its odd neighbour */
    {"inactive source, xor 1", 0, 0, 0x55555555u, 0x55555555u, WS_COLL_SHFL_BFLY, 1,
     WS_DIAG_INACTIVE_SOURCE, 0x55555555u},
    /* lanes 24-31 exited; lanes 16-23 read them */
    {"exited source, down 8", 0, 0xFF000000u, 0, 0x00FFFFFFu, WS_COLL_SHFL_DOWN, 8,
     WS_DIAG_EXITED_SOURCE, 0x00FF0000u},
    /* block of 20 threads; lanes 16-19 read 20-23, which do not exist */
    {"absent source, down 4", 20, 0, 0, 0x000FFFFFu, WS_COLL_SHFL_DOWN, 4, WS_DIAG_ABSENT_SOURCE,
     0x000F0000u},
};

static void test_source_diagnostics(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof src_cases / sizeof src_cases[0]; i++) {
        const src_case *c = &src_cases[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, c->threads);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        setup_regs(w, v, d);
        exit_lanes(w, c->exited);
        if (c->active)
            assert_int_equal(ws_if_lanes(w, c->active), WS_OK);
        ws_mask present = c->threads ? (((ws_mask)1 << c->threads) - 1) : WS_FULL32;
        ws_mask executing = (c->active ? c->active : present) & ~c->exited;
        ws_status st = c->kind == WS_COLL_SHFL_DOWN
                           ? ws_shfl_down(w, c->mask, d, v, (unsigned)c->b, 32)
                           : ws_shfl_xor(w, c->mask, d, v, c->b, 32);
        EXPECT_STATUS("shfl", c->name, st, WS_OK);
        for (int l = 0; l < 32; l++) {
            /* every source is in range here: down reads l + b, xor reads l ^ b */
            int src = c->kind == WS_COLL_SHFL_DOWN ? l + c->b : l ^ c->b;
            uint64_t want = !((executing >> l) & 1u) ? SENTINEL(l)
                            : ((c->bad >> l) & 1u)  ? 0
                                                    : VAL(src);
            EXPECT_U64("shfl", c->name, l, ws_get_bits(w, d, l), want);
        }
        const ws_diag *dg = find_diag(w, c->code, c->name);
        expect_diag_lanes(dg, c->name, c->bad);
        expect_op_has(dg, c->name, "shfl", c->kind == WS_COLL_SHFL_DOWN ? "down" : NULL);
        drop_warp(w);
    }
}

/* Converged lanes calling with a mask that does not name them: reported,
 * and the result is the full-mask result (semantics.md 7, measured). */
static void test_caller_not_in_mask(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    setup_regs(w, v, d);
    assert_int_equal(ws_shfl_down(w, 0x000000FFu, d, v, 4, 32), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("shfl_down(0xff, v, 4)", "caller not in mask", l, ws_get_bits(w, d, l),
                   l + 4 <= 31 ? VAL(l + 4) : VAL(l));
    const ws_diag *dg = find_diag(w, WS_DIAG_CALLER_NOT_IN_MASK, "caller not in mask");
    expect_diag_lanes(dg, "caller not in mask", 0xFFFFFF00u);
    expect_op_has(dg, "caller not in mask", "shfl", "down");
    drop_warp(w);
}

/* A mask naming exited or absent lanes. */
static void test_mask_names_exited(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        int threads;
        ws_mask exited;
        ws_mask live;
        const char *gone_text;
    } cases[] = {
        {"exited lanes 28-31", 0, 0xF0000000u, 0x0FFFFFFFu, "28-31"},
        {"exited lanes 0-3 and 28-31", 0, 0xF000000Fu, 0x0FFFFFF0u, "0-3,28-31"},
    };
    for (size_t i = 0; i < 2; i++) {
        ws_warp *w = test_warp(WS_PROFILE_SM90, cases[i].threads);
        ws_reg p = test_reg(w, "p", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        for (int l = 0; l < 32; l++) {
            ws_set_u32(w, p, l, 1);
            ws_set_bits(w, d, l, SENTINEL(l));
        }
        exit_lanes(w, cases[i].exited);
        EXPECT_STATUS("ballot", cases[i].name, ws_ballot_sync(w, WS_FULL32, d, p), WS_OK);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("ballot", cases[i].name, l, ws_get_bits(w, d, l),
                       ((cases[i].live >> l) & 1u) ? cases[i].live : SENTINEL(l));
        const ws_diag *dg = find_diag(w, WS_DIAG_MASK_NAMES_EXITED, cases[i].name);
        expect_op_has(dg, cases[i].name, "ballot", NULL);
        /* .lanes: the callers (diag.h); the message names the dead lanes */
        expect_diag_lanes(dg, cases[i].name, cases[i].live);
        if (strstr(dg->message, cases[i].gone_text) == NULL) {
            print_error("case \"%s\": message should name lanes %s: %s\n", cases[i].name,
                        cases[i].gone_text, dg->message);
            fail();
        }
        drop_warp(w);
    }
}

/* Absent lanes named by a full mask (a block of 20 threads calling with
 * 0xffffffff) are the usual idiom and defined: no diagnostic at all. */
static void test_mask_names_absent_is_quiet(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 20);
    ws_reg p = test_reg(w, "p", WS_U32), d = test_reg(w, "d", WS_U32);
    for (int l = 0; l < 32; l++)
        ws_set_u32(w, p, l, 1);
    EXPECT_STATUS("ballot", "threads 20", ws_ballot_sync(w, WS_FULL32, d, p), WS_OK);
    for (int l = 0; l < 20; l++)
        EXPECT_U64("ballot", "threads 20", l, ws_get_bits(w, d, l), 0x000FFFFFu);
    EXPECT_NO_DIAG(w, "threads 20, full mask");
    drop_warp(w);
}

/* ---- BAD_WIDTH: reported, and the result still follows the formula ---- */

typedef struct width_case {
    const char *name;
    ws_coll_kind kind; /* IDX, UP or DOWN */
    int b;
    int width;
    bool bad;
    int src[32]; /* the lane each lane reads (its own lane = keeps own value) */
} width_case;

static const width_case width_cases[] = {
    /* semantics.md 1.3: width 24, idx b=0: lanes 0-7 -> 0, 8-15 -> 8, 16-23 -> 0, 24-31 -> 8 */
    {"width 24, idx 0", WS_COLL_SHFL_IDX, 0, 24, true,
     {0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8,
      0, 0, 0, 0, 0, 0, 0, 0, 8, 8, 8, 8, 8, 8, 8, 8}},
    /* semantics.md 1.3: width 24, up 1: lanes 0 and 8 keep their value, lane 16 reads 15 */
    {"width 24, up 1", WS_COLL_SHFL_UP, 1, 24, true,
     {0, 0, 1, 2, 3, 4, 5, 6, 8, 8, 9, 10, 11, 12, 13, 14,
      15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30}},
    /* width 48 = width 16: idx 0 reads the first lane of each half */
    {"width 48, idx 0", WS_COLL_SHFL_IDX, 0, 48, true,
     {0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
      16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16}},
    /* width 48 = width 16: down 1, lanes 15 and 31 keep their value */
    {"width 48, down 1", WS_COLL_SHFL_DOWN, 1, 48, true,
     {1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11, 12, 13, 14, 15, 15,
      17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 31}},
    /* width 0 and 64: segmask 0, same as width 32 */
    {"width 0, idx 0", WS_COLL_SHFL_IDX, 0, 0, true, {0}},
    {"width 64, idx 0", WS_COLL_SHFL_IDX, 0, 64, true, {0}},
    {"width 64, down 16", WS_COLL_SHFL_DOWN, 16, 64, true,
     {16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
      16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}},
    /* width 100: segmask 28 (same as width 4): idx 0 reads lane & 28 */
    {"width 100, idx 0", WS_COLL_SHFL_IDX, 0, 100, true,
     {0,  0,  0,  0,  4,  4,  4,  4,  8,  8,  8,  8,  12, 12, 12, 12,
      16, 16, 16, 16, 20, 20, 20, 20, 24, 24, 24, 24, 28, 28, 28, 28}},
    /* a legal width raises nothing */
    {"width 16, idx 0 (legal)", WS_COLL_SHFL_IDX, 0, 16, false,
     {0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,  0,
      16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16}},
};

static void test_bad_width(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof width_cases / sizeof width_cases[0]; i++) {
        const width_case *c = &width_cases[i];
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        setup_regs(w, v, d);
        ws_status st = c->kind == WS_COLL_SHFL_IDX ? ws_shfl_idx(w, WS_FULL32, d, v, c->b, c->width)
                       : c->kind == WS_COLL_SHFL_UP
                           ? ws_shfl_up(w, WS_FULL32, d, v, (unsigned)c->b, c->width)
                           : ws_shfl_down(w, WS_FULL32, d, v, (unsigned)c->b, c->width);
        EXPECT_STATUS("shfl", c->name, st, WS_OK);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("shfl", c->name, l, ws_get_bits(w, d, l), VAL(c->src[l]));
        if (c->bad) {
            const ws_diag *dg = find_diag(w, WS_DIAG_BAD_WIDTH, c->name);
            expect_diag_lanes(dg, c->name, WS_FULL32);
            expect_op_has(dg, c->name, "shfl", NULL);
        } else {
            assert_false(ws_diag_has(w, WS_DIAG_BAD_WIDTH));
        }
        drop_warp(w);
    }
}

/* wave64: width 48 is not a power of two either; semantics.md 4.2 row
 * __shfl(v, 5, 48): lanes 0-15 and 32-47 read 5, the others read 21. */
static void test_bad_width_wave64(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_WAVE64, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    setup_regs(w, v, d);
    assert_int_equal(ws_shfl_idx(w, WS_FULL64, d, v, 5, 48), WS_OK);
    for (int l = 0; l < 64; l++) {
        bool reads5 = l < 16 || (l >= 32 && l < 48);
        EXPECT_U64("__shfl(v, 5, 48)", "wave64", l, ws_get_bits(w, d, l), VAL(reads5 ? 5 : 21));
    }
    find_diag(w, WS_DIAG_BAD_WIDTH, "wave64 width 48");
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_idx(w, WS_FULL64, d, v, 5, 64), WS_OK);
    assert_false(ws_diag_has(w, WS_DIAG_BAD_WIDTH));
    drop_warp(w);
}

/* ---- DEADLOCK: different kinds in the two branches ----------------------- */

static void test_deadlock(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        ws_mask first; /* these lanes call shfl_xor(full, .., 1) first; the others shfl_down */
        const char *first_lanes, *second_lanes; /* must appear in the message, if non-NULL */
    } cases[] = {
        {"odd xor, even down (semantics.md 7)", 0xAAAAAAAAu, NULL, NULL},
        {"lanes 0-15 xor, 16-31 down", 0x0000FFFFu, "0-15", "16-31"},
    };
    const char *bfly = ws_coll_kind_name(WS_COLL_SHFL_BFLY);
    const char *down = ws_coll_kind_name(WS_COLL_SHFL_DOWN);
    assert_non_null(bfly);
    assert_non_null(down);
    for (size_t i = 0; i < 2; i++) {
        ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
        ws_reg v = test_reg(w, "v", WS_U32);
        ws_reg d = test_reg(w, "d", WS_U32);
        setup_regs(w, v, d);
        assert_int_equal(ws_if_lanes(w, cases[i].first), WS_OK);
        EXPECT_STATUS("shfl_xor", cases[i].name, ws_shfl_xor(w, WS_FULL32, d, v, 1, 32), WS_PENDING);
        assert_int_equal(ws_lanes_waiting(w), cases[i].first);
        assert_int_equal(ws_else(w), WS_OK);
        EXPECT_STATUS("shfl_down", cases[i].name, ws_shfl_down(w, WS_FULL32, d, v, 1, 32),
                      WS_ERR_DEADLOCK);
        assert_true(strlen(ws_warp_error(w)) > 0);
        const ws_diag *dg = find_diag(w, WS_DIAG_DEADLOCK, cases[i].name);
        if (strstr(dg->message, bfly) == NULL || strstr(dg->message, down) == NULL) {
            print_error("case \"%s\": message should name \"%s\" and \"%s\": %s\n", cases[i].name,
                        bfly, down, dg->message);
            fail();
        }
        if (cases[i].first_lanes && (strstr(dg->message, cases[i].first_lanes) == NULL ||
                                     strstr(dg->message, cases[i].second_lanes) == NULL)) {
            print_error("case \"%s\": message should name lanes %s and %s: %s\n", cases[i].name,
                        cases[i].first_lanes, cases[i].second_lanes, dg->message);
            fail();
        }
        expect_diag_lanes(dg, cases[i].name, WS_FULL32); /* every live lane waits */
        /* the collectives never executed: no register changed */
        for (int l = 0; l < 32; l++)
            EXPECT_U64("d untouched", cases[i].name, l, ws_get_bits(w, d, l), SENTINEL(l));
        drop_warp(w);
    }
}

/* ---- MASK_NOT_EXEC (wave64) -------------------------------------------- */

static void test_mask_not_exec(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_WAVE64, 0);
    ws_reg p = test_reg(w, "p", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U64);
    for (int l = 0; l < 64; l++)
        ws_set_u32(w, p, l, 1);
    assert_int_equal(ws_if_lanes(w, UINT64_C(0x00000000FFFFFFFF)), WS_OK);
    /* mask == EXEC: fine */
    assert_int_equal(ws_ballot_sync(w, UINT64_C(0x00000000FFFFFFFF), d, p), WS_OK);
    assert_int_equal(ws_diag_count(w), 0);
    /* full mask while lanes 32-63 are inactive: a debug HIP build traps */
    assert_int_equal(ws_ballot_sync(w, WS_FULL64, d, p), WS_OK);
    const ws_diag *dg = find_diag(w, WS_DIAG_MASK_NOT_EXEC, "wave64 full mask, half active");
    expect_diag_lanes(dg, "wave64 full mask, half active", UINT64_C(0x00000000FFFFFFFF)); /* callers */
    expect_op_has(dg, "wave64 full mask, half active", "ballot", NULL);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("ballot", "wave64", l, ws_get_bits(w, d, l), UINT64_C(0x00000000FFFFFFFF));
    assert_int_equal(ws_end_if(w), WS_OK);
    drop_warp(w);
}

/* ---- policies ----------------------------------------------------------- */

/* The inactive-source scenario: lanes 0-15, shfl_down(0xFFFF, v, 8). */
static ws_status inactive_read(ws_warp *w, ws_reg v, ws_reg d)
{
    setup_regs(w, v, d);
    assert_int_equal(ws_if_lanes(w, 0x0000FFFFu), WS_OK);
    ws_status st = ws_shfl_down(w, 0x0000FFFFu, d, v, 8, 32);
    assert_int_equal(ws_end_if(w), WS_OK);
    return st;
}

static void test_policy_ignore(void **state)
{
    (void)state;
    ws_warp *w = test_warp_with_policy(WS_PROFILE_SM90, 0, WS_DIAG_POLICY_IGNORE);
    assert_int_equal(ws_warp_diag_policy(w), WS_DIAG_POLICY_IGNORE);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    assert_int_equal(inactive_read(w, v, d), WS_OK);
    assert_int_equal(ws_diag_count(w), 0);
    assert_false(ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE));
    for (int l = 0; l < 32; l++)
        EXPECT_U64("shfl", "policy ignore", l, ws_get_bits(w, d, l),
                   l < 8 ? VAL(l + 8) : l < 16 ? 0 : SENTINEL(l));
    /* and a bad width is not collected either */
    assert_int_equal(ws_shfl_idx(w, WS_FULL32, d, v, 0, 24), WS_OK);
    assert_int_equal(ws_diag_count(w), 0);
    drop_warp(w);
}

static void test_policy_error(void **state)
{
    (void)state;
    ws_warp *w = test_warp_with_policy(WS_PROFILE_SM90, 0, WS_DIAG_POLICY_ERROR);
    assert_int_equal(ws_warp_diag_policy(w), WS_DIAG_POLICY_ERROR);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    /* UB: fails, changes no register in any lane, still records */
    assert_int_equal(inactive_read(w, v, d), WS_ERR_UNDEFINED);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("dst unchanged", "policy error, inactive source", l, ws_get_bits(w, d, l),
                   SENTINEL(l));
    find_diag(w, WS_DIAG_INACTIVE_SOURCE, "policy error, inactive source");
    assert_int_equal(ws_lanes_waiting(w), 0);

    /* BAD_WIDTH under ERROR */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_idx(w, WS_FULL32, d, v, 0, 24), WS_ERR_UNDEFINED);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("dst unchanged", "policy error, bad width", l, ws_get_bits(w, d, l), SENTINEL(l));
    find_diag(w, WS_DIAG_BAD_WIDTH, "policy error, bad width");

    /* a well-defined call still works */
    ws_diag_clear(w);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, d, v, 1, 32), WS_OK);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("xor 1", "policy error, defined call", l, ws_get_bits(w, d, l), VAL(l ^ 1));
    assert_int_equal(ws_diag_count(w), 0);
    drop_warp(w);

    /* switching a WARN warp to ERROR: a vote whose mask names exited lanes */
    w = test_warp(WS_PROFILE_SM90, 0);
    ws_warp_set_diag_policy(w, WS_DIAG_POLICY_ERROR);
    assert_int_equal(ws_warp_diag_policy(w), WS_DIAG_POLICY_ERROR);
    ws_reg p = test_reg(w, "p", WS_U32);
    ws_reg b = test_reg(w, "b", WS_U32);
    for (int l = 0; l < 32; l++) {
        ws_set_u32(w, p, l, 1);
        ws_set_bits(w, b, l, SENTINEL(l));
    }
    exit_lanes(w, 0xF0000000u);
    assert_int_equal(ws_ballot_sync(w, WS_FULL32, b, p), WS_ERR_UNDEFINED);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("dst unchanged", "policy error, ballot", l, ws_get_bits(w, b, l), SENTINEL(l));
    find_diag(w, WS_DIAG_MASK_NAMES_EXITED, "policy error, ballot");
    assert_int_equal(ws_lanes_waiting(w), 0);
    drop_warp(w);
}

static void test_diag_clear_and_print(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    assert_int_equal(ws_diag_count(w), 0);
    assert_int_equal(inactive_read(w, v, d), WS_OK);
    assert_true(ws_diag_count(w) >= 1);
    assert_true(ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE));
    assert_false(ws_diag_has(w, WS_DIAG_DEADLOCK));
    assert_int_equal(ws_diag_dropped(w), 0);

    /* ws_diag_print: "warpsim: <CODE>: <message>" */
    FILE *f = tmpfile();
    assert_non_null(f);
    ws_diag_print(w, f);
    rewind(f);
    char line[512] = {0};
    assert_non_null(fgets(line, sizeof line, f));
    fclose(f);
    const ws_diag *first = ws_diag_get(w, 0);
    char head[128];
    snprintf(head, sizeof head, "warpsim: %s: ", ws_diag_code_name(first->code));
    if (strncmp(line, head, strlen(head)) != 0 || strstr(line, first->message) == NULL) {
        print_error("ws_diag_print line \"%s\" should start with \"%s\" and hold \"%s\"\n", line, head,
                    first->message);
        fail();
    }

    ws_diag_clear(w);
    assert_int_equal(ws_diag_count(w), 0);
    assert_false(ws_diag_has(w, WS_DIAG_INACTIVE_SOURCE));
    drop_warp(w);
}

/* ---- F64_NAN_PAIR: two NaN payloads meet in one f64 operation ------------ */

/* Lane 0: two NaNs with different payloads (reported); lane 1: the same NaN
 * twice, once signalling (quieted, the same bits either way: not reported);
 * lane 2: one NaN (not reported); lane 3: numbers. Hand-worked from the
 * model's rule (the first NaN operand, quieted) and docs/conformance.md. */
static void test_f64_nan_pair(void **state)
{
    (void)state;
    const uint64_t qa = UINT64_C(0x7FF8000000000001), qb = UINT64_C(0xFFF8000000000002);
    const uint64_t sa = UINT64_C(0x7FF0000000000001); /* qa, signalling */
    const uint64_t one = UINT64_C(0x3FF0000000000000), two = UINT64_C(0x4000000000000000);
    const uint64_t a_bits[4] = {qa, sa, qa, one}, b_bits[4] = {qb, qa, one, two};
    const uint64_t want_add[4] = {qa, qa, qa, UINT64_C(0x4008000000000000)};
    for (int policy = 0; policy < 2; policy++) {
        ws_warp *w = test_warp_with_policy(WS_PROFILE_SM90, 0, policy ? WS_DIAG_POLICY_ERROR : WS_DIAG_POLICY_WARN);
        ws_reg a = test_reg(w, "a", WS_F64), b = test_reg(w, "b", WS_F64), d = test_reg(w, "d", WS_F64);
        for (int l = 0; l < 32; l++) {
            ws_set_bits(w, a, l, a_bits[l % 4]);
            ws_set_bits(w, b, l, b_bits[l % 4]);
            ws_set_bits(w, d, l, SENTINEL(l));
        }
        ws_status s = ws_binop_apply(w, WS_ADD, WS_F64, d, a, b);
        const ws_diag *dg = find_diag(w, WS_DIAG_F64_NAN_PAIR, "f64 add of two NaNs");
        assert_int_equal(dg->lanes, 0x11111111u);
        assert_string_equal(dg->op, "add.f64");
        assert_non_null(strstr(dg->message, "lanes 0,4,...,28"));
        if (policy) {
            assert_int_equal(s, WS_ERR_UNDEFINED);
            for (int l = 0; l < 32; l++)
                EXPECT_U64("dst unchanged", "policy error, f64 NaN pair", l, ws_get_bits(w, d, l), SENTINEL(l));
        } else {
            assert_int_equal(s, WS_OK);
            assert_int_equal(ws_diag_count(w), 1);
            for (int l = 0; l < 32; l++)
                EXPECT_U64("first NaN kept", "f64 NaN pair", l, ws_get_bits(w, d, l), want_add[l % 4]);
            /* min of the same two NaNs: reported too; f32 never (its NaN is canonical) */
            ws_diag_clear(w);
            assert_int_equal(ws_binop_apply(w, WS_MIN, WS_F64, d, a, b), WS_OK);
            assert_int_equal(find_diag(w, WS_DIAG_F64_NAN_PAIR, "f64 min of two NaNs")->lanes, 0x11111111u);
        }
        drop_warp(w);
    }
}

/* ---- names ------------------------------------------------------------- */

static void test_diag_code_names(void **state)
{
    (void)state;
    static const struct {
        ws_diag_code code;
        const char *name;
    } names[] = {
        {WS_DIAG_CALLER_NOT_IN_MASK, "CALLER_NOT_IN_MASK"},
        {WS_DIAG_INACTIVE_SOURCE, "INACTIVE_SOURCE"},
        {WS_DIAG_EXITED_SOURCE, "EXITED_SOURCE"},
        {WS_DIAG_ABSENT_SOURCE, "ABSENT_SOURCE"},
        {WS_DIAG_SOURCE_NOT_IN_MASK, "SOURCE_NOT_IN_MASK"},
        {WS_DIAG_MASK_NAMES_EXITED, "MASK_NAMES_EXITED"},
        {WS_DIAG_MASK_NOT_EXEC, "MASK_NOT_EXEC"},
        {WS_DIAG_BAD_WIDTH, "BAD_WIDTH"},
        {WS_DIAG_LANE_ARG_RANGE, "LANE_ARG_RANGE"},
        {WS_DIAG_DEADLOCK, "DEADLOCK"},
        {WS_DIAG_F64_NAN_PAIR, "F64_NAN_PAIR"},
        {WS_DIAG_NAN_PAYLOAD, "NAN_PAYLOAD"},
        {WS_DIAG_BARRIER_EXITED, "BARRIER_EXITED"},
        {WS_DIAG_BARRIER_SITES, "BARRIER_SITES"},
        {WS_DIAG_STACK_OVERFLOW, "STACK_OVERFLOW"},
        {WS_DIAG_TRAP, "TRAP"},
        {WS_DIAG_INT_DIVISION, "INT_DIVISION"},
        {WS_DIAG_FLOAT_CAST, "FLOAT_CAST"},
    };
    assert_int_equal(sizeof names / sizeof names[0], WS_DIAG_CODE_COUNT - 1);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *got = ws_diag_code_name(names[i].code);
        if (got == NULL || strcmp(got, names[i].name) != 0) {
            print_error("ws_diag_code_name(%d) = %s, want %s\n", (int)names[i].code,
                        got ? got : "NULL", names[i].name);
            fail();
        }
        for (size_t j = 0; j < i; j++)
            assert_string_not_equal(got, ws_diag_code_name(names[j].code));
    }
    assert_null(ws_diag_code_name((ws_diag_code)0));
    assert_null(ws_diag_code_name(WS_DIAG_CODE_COUNT));
}

static void test_status_names(void **state)
{
    (void)state;
    static const struct {
        ws_status status;
        const char *name;
    } names[] = {
        {WS_OK, "WS_OK"},
        {WS_PENDING, "WS_PENDING"},
        {WS_ERR_ARG, "WS_ERR_ARG"},
        {WS_ERR_NOMEM, "WS_ERR_NOMEM"},
        {WS_ERR_UNDEFINED, "WS_ERR_UNDEFINED"},
        {WS_ERR_DEADLOCK, "WS_ERR_DEADLOCK"},
        {WS_ERR_BLOCKED, "WS_ERR_BLOCKED"},
        {WS_ERR_UNSUPPORTED, "WS_ERR_UNSUPPORTED"},
        {WS_ERR_STATE, "WS_ERR_STATE"},
        {WS_ERR_TRAP, "WS_ERR_TRAP"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        const char *got = ws_status_name(names[i].status);
        if (got == NULL || strcmp(got, names[i].name) != 0) {
            print_error("ws_status_name(%d) = %s, want %s\n", (int)names[i].status,
                        got ? got : "NULL", names[i].name);
            fail();
        }
    }
}

static void test_format_lanes(void **state)
{
    (void)state;
    static const struct {
        ws_mask lanes;
        const char *text;
    } cases[] = {
        {0x800010FFu, "0-7,12,31"},
        {0, "none"},
        {WS_FULL64, "0-63"},
        {WS_FULL32, "0-31"},
        {0x00000020u, "5"},
        {UINT64_C(0x8000000000000001), "0,63"},
        {UINT64_C(0xFFFF00000000FFFF), "0-15,48-63"},
        {0x00000015u, "0,2,4"},
        /* four or more evenly spaced lanes: a stride (hand-worked) */
        {0x55555555u, "0,2,...,30"},
        {0xAAAAAAAAu, "1,3,...,31"},
        {0x11111111u, "0,4,...,28"},
        {0x00000055u, "0,2,...,6"},
        {0x5555000Fu, "0-3,16,18,...,30"},
        {0x00000115u, "0,2,4,8"},
        {0x00000155u | 0x1000u, "0,2,...,8,12"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[256];
        memset(buf, 'x', sizeof buf);
        char *r = ws_format_lanes(cases[i].lanes, buf, sizeof buf);
        assert_ptr_equal(r, buf);
        if (strcmp(buf, cases[i].text) != 0) {
            print_error("ws_format_lanes(0x%llx) = \"%s\", want \"%s\"\n",
                        (unsigned long long)cases[i].lanes, buf, cases[i].text);
            fail();
        }
    }
}

/* A set that does not fit is cut after a whole item, and says so. */
static void test_format_lanes_bounded(void **state)
{
    (void)state;
    char buf[8];
    /* 0,3,5,7,9,... : "0" then "3,5,...,31" (10 chars) does not fit in 8 after "0," */
    ws_format_lanes(UINT64_C(0xAAAAAAA9), buf, sizeof buf);
    assert_string_equal(buf, "0,...");
    unsigned char ids[1024] = {0};
    for (int i = 0; i < 1024; i += 2)
        ids[i] = 1;
    char big[64];
    assert_string_equal(ws_format_ids(ids, 1024, big, sizeof big), "0,2,...,1022");
    ids[7] = 1; /* 6-8 breaks the stride */
    assert_string_equal(ws_format_ids(ids, 1024, big, sizeof big), "0,2,4,6-8,10,12,...,1022");
    char tiny[4];
    assert_string_equal(ws_format_ids(ids, 1024, tiny, sizeof tiny), "...");
}

/* ---- bad arguments: WS_ERR_ARG and a message, never an abort ------------- */

static void test_bad_arguments(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32);
    ws_reg d = test_reg(w, "d", WS_U32);
    setup_regs(w, v, d);
    static const struct {
        const char *name;
        ws_reg dst, src; /* 0 -> use d / v below when flagged */
        bool dst_ok, src_ok;
    } regs[] = {
        {"src register 0", {0}, {0}, true, false},
        {"src register 999", {0}, {999}, true, false},
        {"dst register 0", {0}, {0}, false, true},
        {"dst register 999", {999}, {0}, false, true},
        {"src register -1", {0}, {-1}, true, false},
    };
    for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++) {
        ws_reg dst = regs[i].dst_ok ? d : regs[i].dst;
        ws_reg src = regs[i].src_ok ? v : regs[i].src;
        EXPECT_STATUS("shfl_down", regs[i].name, ws_shfl_down(w, WS_FULL32, dst, src, 1, 32),
                      WS_ERR_ARG);
        if (strlen(ws_warp_error(w)) == 0) {
            print_error("case \"%s\": ws_warp_error is empty\n", regs[i].name);
            fail();
        }
        assert_int_equal(ws_lanes_waiting(w), 0);
        for (int l = 0; l < 32; l++)
            EXPECT_U64("dst unchanged", regs[i].name, l, ws_get_bits(w, d, l), SENTINEL(l));
    }
    /* other entry points */
    EXPECT_STATUS("ballot", "pred 999", ws_ballot_sync(w, WS_FULL32, d, (ws_reg){999}), WS_ERR_ARG);
    assert_true(strlen(ws_warp_error(w)) > 0);
    EXPECT_STATUS("reduce_add", "value 0", ws_reduce_add_sync(w, WS_FULL32, d, WS_NO_REG), WS_ERR_ARG);
    EXPECT_STATUS("set_u32", "lane 32", ws_set_u32(w, v, 32, 1), WS_ERR_ARG);
    EXPECT_STATUS("set_u32", "lane -1", ws_set_u32(w, v, -1, 1), WS_ERR_ARG);
    EXPECT_STATUS("set_u32", "reg 999", ws_set_u32(w, (ws_reg){999}, 0, 1), WS_ERR_ARG);
    assert_int_equal(ws_get_u32(w, (ws_reg){999}, 0), 0);
    assert_int_equal(ws_get_bits(w, v, 32), 0);
    assert_false(ws_reg_is_set(ws_reg_new(w, "bad", WS_TYPE_COUNT)));
    assert_true(strlen(ws_warp_error(w)) > 0);
    EXPECT_STATUS("if", "cond 999", ws_if(w, (ws_reg){999}), WS_ERR_ARG);
    EXPECT_STATUS("binop", "bad op",
                  ws_binop_apply(w, WS_BINOP_COUNT, WS_U32, d, v, v), WS_ERR_ARG);
    EXPECT_STATUS("shfl_ptx", "bad kind",
                  ws_shfl_ptx(w, WS_COLL_VOTE_ALL, WS_FULL32, d, WS_NO_REG, v, 1, 0x1f), WS_ERR_ARG);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("dst unchanged", "other entry points", l, ws_get_bits(w, d, l), SENTINEL(l));
    drop_warp(w);
}

static void test_bad_warp_desc(void **state)
{
    (void)state;
    static const struct {
        const char *name;
        ws_warp_desc desc;
    } bad[] = {
        {"sm90 threads 33", {.profile = WS_PROFILE_SM90, .threads = 33}},
        {"sm90 threads 64", {.profile = WS_PROFILE_SM90, .threads = 64}},
        {"sm90 threads -1", {.profile = WS_PROFILE_SM90, .threads = -1}},
        {"wave64 threads 65", {.profile = WS_PROFILE_WAVE64, .threads = 65}},
        {"profile WS_PROFILE_COUNT", {.profile = WS_PROFILE_COUNT}},
        {"profile 99", {.profile = (ws_profile_id)99}},
        {"policy 7", {.diag_policy = (ws_diag_policy)7}},
    };
    static int dummy;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ws_warp *out = (ws_warp *)(void *)&dummy;
        EXPECT_STATUS("ws_warp_create", bad[i].name, ws_warp_create(&bad[i].desc, &out), WS_ERR_ARG);
        if (out != NULL) {
            print_error("case \"%s\": *out not NULL\n", bad[i].name);
            fail();
        }
    }
    /* the edges that are fine */
    ws_warp *w = NULL;
    assert_int_equal(ws_warp_create(&(ws_warp_desc){.threads = 32}, &w), WS_OK);
    assert_int_equal(ws_lanes_present(w), WS_FULL32);
    drop_warp(w);
    assert_int_equal(ws_warp_create(&(ws_warp_desc){.profile = WS_PROFILE_WAVE64, .threads = 64}, &w),
                     WS_OK);
    assert_int_equal(ws_lanes_present(w), WS_FULL64);
    drop_warp(w);
    assert_int_equal(ws_warp_create(&(ws_warp_desc){.threads = 1}, &w), WS_OK);
    assert_int_equal(ws_lanes_present(w), 1);
    drop_warp(w);
}

/* Arguments the headers forbid: each gets WS_ERR_ARG and a message, and
 * nothing crashes (run under ASan/UBSan). */
static void test_argument_rules(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32), f = test_reg(w, "f", WS_F32);
    /* __syncwarp takes only a mask */
    EXPECT_STATUS("syncwarp", "dst 5000", ws_collective(w, &(ws_coll_desc){.kind = WS_COLL_SYNCWARP, .mask = WS_FULL32, .dst = {5000}}), WS_ERR_ARG);
    EXPECT_STATUS("syncwarp", "src", ws_collective(w, &(ws_coll_desc){.kind = WS_COLL_SYNCWARP, .mask = WS_FULL32, .src = v}), WS_ERR_ARG);
    EXPECT_STATUS("syncwarp", "plain", ws_syncwarp(w, WS_FULL32), WS_OK);
    /* predicates exist only for shuffles and match.all */
    EXPECT_STATUS("ballot", "pred_dst", ws_collective(w, &(ws_coll_desc){.kind = WS_COLL_VOTE_BALLOT, .mask = WS_FULL32, .dst = d, .src = v, .pred_dst = v}), WS_ERR_ARG);
    EXPECT_STATUS("shfl", "pred_dst == dst", ws_shfl_ptx(w, WS_COLL_SHFL_IDX, WS_FULL32, d, d, v, 0, 0x1F), WS_ERR_ARG);
    /* float conditions and predicates: compare first */
    EXPECT_STATUS("if", "float cond", ws_if(w, f), WS_ERR_ARG);
    EXPECT_STATUS("ballot", "float pred", ws_ballot_sync(w, WS_FULL32, d, f), WS_ERR_ARG);
    EXPECT_STATUS("select", "float cond", ws_select(w, d, f, v, v), WS_ERR_ARG);
    assert_true(ws_warp_error(w)[0] != '\0');
    /* the pure formulas take any int without undefined behaviour */
    bool pred = true;
    assert_int_equal(ws_ptx_shfl_source(WS_COLL_SHFL_UP, INT32_MIN, 1, 0, &pred), 0); /* lane 0: own */
    assert_false(pred);
    assert_int_equal(ws_ptx_shfl_source(WS_COLL_SHFL_DOWN, INT32_MAX, 1, 0x1F, NULL), 31);
    assert_int_equal(ws_hip_shfl_source(WS_COLL_SHFL_IDX, 3, 5, 64, 48), -1);
    assert_int_equal(ws_hip_shfl_source(WS_COLL_SHFL_IDX, 3, 5, 64, 0), -1);
    ws_diag_print(w, NULL);
    drop_warp(w);
}

/* A 32-bit register keeps a clear high word whatever writes it: a 64-bit
 * ballot or activemask on wave64 stored into a u32 keeps its low half. */
static void test_results_fit_the_register(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_WAVE64, 0);
    ws_reg p = test_reg(w, "p", WS_U32), b32 = test_reg(w, "b32", WS_U32), b64 = test_reg(w, "b64", WS_U64);
    ws_reg m32 = test_reg(w, "m32", WS_U32);
    for (int l = 0; l < 64; l++)
        ws_set_u32(w, p, l, 1);
    EXPECT_STATUS("ballot", "u32", ws_ballot_sync(w, WS_FULL64, b32, p), WS_OK);
    EXPECT_STATUS("ballot", "u64", ws_ballot_sync(w, WS_FULL64, b64, p), WS_OK);
    EXPECT_STATUS("activemask", "u32", ws_activemask(w, m32), WS_OK);
    for (int l = 0; l < 64; l++) {
        EXPECT_U64("ballot", "u32 keeps the low word", l, ws_get_bits(w, b32, l), 0xFFFFFFFFu);
        EXPECT_U64("ballot", "u64 keeps all", l, ws_get_bits(w, b64, l), WS_FULL64);
        EXPECT_U64("activemask", "u32", l, ws_get_bits(w, m32, l), 0xFFFFFFFFu);
    }
    drop_warp(w);
}

/* Under the error policy a call that runs as sub-groups, and the end of
 * the kernel, still leave no lane waiting. Lanes 0-15 pass 0xFFFF and
 * read lanes 16-31 (not taking part in their sub-group): undefined, so the
 * call fails; lanes 16-31 then run as their own sub-group (reading lanes
 * 0-15, also undefined). Nothing is written, nobody waits. */
static void test_error_policy_leaves_no_lane_waiting(void **state)
{
    (void)state;
    ws_warp *w = test_warp_with_policy(WS_PROFILE_SM90, 0, WS_DIAG_POLICY_ERROR);
    ws_reg v = test_reg(w, "v", WS_U32), d = test_reg(w, "d", WS_U32), m = test_reg(w, "m", WS_U32);
    for (int l = 0; l < 32; l++) {
        ws_set_u32(w, m, l, l < 16 ? 0xFFFFu : 0xFFFFFFFFu);
        ws_set_u32(w, d, l, 7);
    }
    EXPECT_STATUS("xor", "sub-groups under error policy",
                  ws_collective(w, &(ws_coll_desc){.kind = WS_COLL_SHFL_BFLY, .mask_reg = m, .dst = d, .src = v,
                                                   .b = 16, .width = 32}),
                  WS_ERR_UNDEFINED);
    assert_int_equal(ws_lanes_waiting(w), 0);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("d", "unchanged", l, ws_get_u32(w, d, l), 7u);
    assert_int_equal(ws_lane_id(w, v), WS_OK); /* not blocked */
    drop_warp(w);

    /* finish: lanes 0-15 wait in a shuffle that reads exited lanes once
     * 16-31 exit: undefined, reported, and every lane is exited anyway */
    w = test_warp_with_policy(WS_PROFILE_SM90, 0, WS_DIAG_POLICY_ERROR);
    v = test_reg(w, "v", WS_U32);
    d = test_reg(w, "d", WS_U32);
    assert_int_equal(ws_if_lanes(w, 0xFFFFu), WS_OK);
    assert_int_equal(ws_shfl_xor(w, WS_FULL32, d, v, 16, 32), WS_PENDING);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_warp_finish(w), WS_ERR_UNDEFINED);
    assert_int_equal(ws_lanes_waiting(w), 0);
    assert_int_equal(ws_lanes_exited(w), WS_FULL32);
    assert_true(ws_diag_has(w, WS_DIAG_EXITED_SOURCE));
    drop_warp(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_source_diagnostics),
        cmocka_unit_test(test_caller_not_in_mask),
        cmocka_unit_test(test_mask_names_exited),
        cmocka_unit_test(test_mask_names_absent_is_quiet),
        cmocka_unit_test(test_argument_rules),
        cmocka_unit_test(test_results_fit_the_register),
        cmocka_unit_test(test_error_policy_leaves_no_lane_waiting),
        cmocka_unit_test(test_bad_width),
        cmocka_unit_test(test_bad_width_wave64),
        cmocka_unit_test(test_deadlock),
        cmocka_unit_test(test_mask_not_exec),
        cmocka_unit_test(test_policy_ignore),
        cmocka_unit_test(test_policy_error),
        cmocka_unit_test(test_diag_clear_and_print),
        cmocka_unit_test(test_f64_nan_pair),
        cmocka_unit_test(test_diag_code_names),
        cmocka_unit_test(test_status_names),
        cmocka_unit_test(test_format_lanes), cmocka_unit_test(test_format_lanes_bounded),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_bad_warp_desc),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
