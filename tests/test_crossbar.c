/* The crossbar primitive (ws_crossbar_move32, the only code that moves data
 * between lanes) and the profile table (ws_profile_get), both internal.
 *
 * Where the expected values come from:
 *   - the crossbar's contract in src/warp_internal.h: out[d] = in[source[d]]
 *     for readers whose source takes part, else the profile's inactive-read
 *     word; lanes outside the reader set are not written; the returned mask
 *     names the readers whose source did not take part;
 *   - semantics.md 7 (sm90: a read of a non-participating lane gives 0) and semantics.md 4.1
 *     (gfx9 ds_bpermute: an inactive source gives 0);
 *   - the profile flags from semantics.md 1.4 / 4.2 (64-bit order: CUDA hi first,
 *     HIP lo first), 4.5 (the HIP vs CUDA table) and 2.3 (rendezvous on Volta+).
 * Permutations are literal index formulas; expected outputs are in[] read
 * by hand through them, never computed by the library. */
#include <string.h>

#include "test_support.h"
#include "warp_internal.h"

#define UNTOUCHED 0xDEADBEEFu

/* Distinct words whose bytes all differ from lane to lane. */
static uint32_t word_of(int lane) { return 0xA5000000u ^ ((uint32_t)lane * 0x01030507u) ^ (uint32_t)lane << 3; }

/* --------------------------------------------------------- permutations */

typedef int (*perm_fn)(int d, int lanes);

static int p_rotate1(int d, int lanes) { return (d + 1) % lanes; }
static int p_rotate_back(int d, int lanes) { return (d + lanes - 1) % lanes; }
static int p_reverse(int d, int lanes) { return lanes - 1 - d; }
static int p_swap_pairs(int d, int lanes) { (void)lanes; return d ^ 1; }
static int p_identity(int d, int lanes) { (void)lanes; return d; }
static int p_broadcast7(int d, int lanes) { (void)d; (void)lanes; return 7; }
/* bit-reversal of the lane index (5 bits for 32 lanes, 6 for 64) */
static int p_bitrev(int d, int lanes)
{
    int bits = lanes == 64 ? 6 : 5, r = 0;
    for (int i = 0; i < bits; i++)
        if (d & (1 << i))
            r |= 1 << (bits - 1 - i);
    return r;
}

typedef struct {
    const char *name;
    ws_profile_id profile;
    int lanes;
    perm_fn perm;
} perm_case;

static const perm_case perm_cases[] = {
    { "sm90 rotate by 1 (source[d] = (d+1)%32)", WS_PROFILE_SM90, 32, p_rotate1 },
    { "sm90 rotate back", WS_PROFILE_SM90, 32, p_rotate_back },
    { "sm90 reverse", WS_PROFILE_SM90, 32, p_reverse },
    { "sm90 swap pairs", WS_PROFILE_SM90, 32, p_swap_pairs },
    { "sm90 bit reversal", WS_PROFILE_SM90, 32, p_bitrev },
    { "sm90 identity", WS_PROFILE_SM90, 32, p_identity },
    { "sm90 broadcast lane 7", WS_PROFILE_SM90, 32, p_broadcast7 },
    { "wave64 rotate by 1", WS_PROFILE_WAVE64, 64, p_rotate1 },
    { "wave64 reverse", WS_PROFILE_WAVE64, 64, p_reverse },
    { "wave64 bit reversal", WS_PROFILE_WAVE64, 64, p_bitrev },
    { "wave32 rotate back", WS_PROFILE_WAVE32, 32, p_rotate_back },
};

static ws_mask low_lanes(int lanes) { return lanes == 64 ? ~(ws_mask)0 : (((ws_mask)1 << lanes) - 1); }

static void test_permutations_are_exact(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof perm_cases / sizeof perm_cases[0]; i++) {
        const perm_case *k = &perm_cases[i];
        const ws_profile *p = ws_profile_get(k->profile);
        assert_non_null(p);
        int source[WS_MAX_LANES];
        uint32_t in[WS_MAX_LANES], out[WS_MAX_LANES];
        for (int l = 0; l < WS_MAX_LANES; l++) {
            source[l] = l < k->lanes ? k->perm(l, k->lanes) : WS_NO_SOURCE;
            in[l] = word_of(l);
            out[l] = UNTOUCHED;
        }
        ws_mask all = low_lanes(k->lanes);
        ws_mask bad = ws_crossbar_move32(p, all, all, source, in, out);
        EXPECT_BITS("returned mask", k->name, bad, 0);
        for (int d = 0; d < k->lanes; d++)
            EXPECT_U64("out", k->name, d, out[d], word_of(k->perm(d, k->lanes)));
        /* the input is only read */
        for (int l = 0; l < WS_MAX_LANES; l++)
            EXPECT_U64("in unchanged", k->name, l, in[l], word_of(l));
    }
}

/* A rotation computed in two steps through the crossbar must bring every
 * word back: reads of one move all see the old values. */
static void test_rotate_and_back(void **state)
{
    (void)state;
    const ws_profile *p = ws_profile_get(WS_PROFILE_SM90);
    assert_non_null(p);
    int fwd[WS_MAX_LANES], back[WS_MAX_LANES];
    uint32_t a[WS_MAX_LANES], b[WS_MAX_LANES], c[WS_MAX_LANES];
    for (int l = 0; l < WS_MAX_LANES; l++) {
        fwd[l] = l < 32 ? (l + 5) % 32 : WS_NO_SOURCE;
        back[l] = l < 32 ? (l + 27) % 32 : WS_NO_SOURCE;
        a[l] = word_of(l);
        b[l] = c[l] = UNTOUCHED;
    }
    assert_int_equal(ws_crossbar_move32(p, WS_FULL32, WS_FULL32, fwd, a, b), 0);
    assert_int_equal(ws_crossbar_move32(p, WS_FULL32, WS_FULL32, back, b, c), 0);
    for (int l = 0; l < 32; l++) {
        EXPECT_U64("b", "rotate 5", l, b[l], word_of((l + 5) % 32));
        EXPECT_U64("c", "rotate 5 then 27", l, c[l], word_of(l));
    }
}

/* ------------------------------------------- non-participating sources */

typedef struct {
    const char *name;
    ws_profile_id profile;
    int lanes;
    ws_mask readers;
    ws_mask participants;
    perm_fn perm;
} gap_case;

static const gap_case gap_cases[] = {
    { "sm90 rotate, lanes 5 and 9 out", WS_PROFILE_SM90, 32, WS_FULL32, WS_FULL32 & ~((ws_mask)1 << 5 | (ws_mask)1 << 9),
      p_rotate1 },
    { "sm90 swap pairs, odd lanes out, even readers", WS_PROFILE_SM90, 32, 0x55555555u, 0x55555555u, p_swap_pairs },
    { "sm90 reverse, upper half out, all read", WS_PROFILE_SM90, 32, WS_FULL32, 0x0000FFFFu, p_reverse },
    { "sm90 broadcast 7, lane 7 out", WS_PROFILE_SM90, 32, 0xF0F0F0F0u, WS_FULL32 & ~(ws_mask)0x80, p_broadcast7 },
    { "sm90 nobody takes part", WS_PROFILE_SM90, 32, 0x000000FFu, 0, p_identity },
    { "wave64 reverse, lanes 40..63 out", WS_PROFILE_WAVE64, 64, ~(ws_mask)0, ((ws_mask)1 << 40) - 1, p_reverse },
    { "wave64 rotate, odd readers, lane 0 out", WS_PROFILE_WAVE64, 64, UINT64_C(0xAAAAAAAAAAAAAAAA),
      ~(ws_mask)1, p_rotate1 },
    { "wave32 reverse, lane 0 out", WS_PROFILE_WAVE32, 32, WS_FULL32, WS_FULL32 & ~(ws_mask)1, p_reverse },
};

static void test_non_participating_sources(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof gap_cases / sizeof gap_cases[0]; i++) {
        const gap_case *k = &gap_cases[i];
        const ws_profile *p = ws_profile_get(k->profile);
        assert_non_null(p);
        int source[WS_MAX_LANES];
        uint32_t in[WS_MAX_LANES], out[WS_MAX_LANES];
        for (int l = 0; l < WS_MAX_LANES; l++) {
            source[l] = l < k->lanes ? k->perm(l, k->lanes) : WS_NO_SOURCE;
            in[l] = word_of(l);
            out[l] = UNTOUCHED;
        }
        ws_mask bad = ws_crossbar_move32(p, k->readers, k->participants, source, in, out);
        ws_mask want_bad = 0;
        for (int d = 0; d < k->lanes; d++) {
            bool reader = (k->readers >> d) & 1u;
            int s = k->perm(d, k->lanes);
            bool takes_part = (k->participants >> s) & 1u;
            uint32_t want;
            if (!reader)
                want = UNTOUCHED;   /* not in the reader set: not written */
            else if (takes_part)
                want = word_of(s);
            else {
                want = 0;           /* sm90 (semantics.md 7) and gfx9 (semantics.md 4.1): 0 */
                want_bad |= (ws_mask)1 << d;
            }
            EXPECT_U64("out", k->name, d, out[d], want);
        }
        for (int d = k->lanes; d < WS_MAX_LANES; d++)
            EXPECT_U64("lane beyond the warp", k->name, d, out[d], UNTOUCHED);
        EXPECT_BITS("returned mask", k->name, bad, want_bad);
    }
}

/* Readers outside the set keep their words even when in == a copy of out. */
static void test_non_readers_untouched(void **state)
{
    (void)state;
    const ws_profile *p = ws_profile_get(WS_PROFILE_SM90);
    int source[WS_MAX_LANES];
    uint32_t in[WS_MAX_LANES], out[WS_MAX_LANES];
    for (int l = 0; l < WS_MAX_LANES; l++) {
        source[l] = l < 32 ? (l + 16) % 32 : WS_NO_SOURCE;
        in[l] = word_of(l);
        out[l] = 0x11110000u + (uint32_t)l;
    }
    /* lanes 3, 17 and 30 read */
    ws_mask readers = (ws_mask)1 << 3 | (ws_mask)1 << 17 | (ws_mask)1 << 30;
    assert_int_equal(ws_crossbar_move32(p, readers, WS_FULL32, source, in, out), 0);
    for (int l = 0; l < 32; l++) {
        uint32_t want = (l == 3 || l == 17 || l == 30) ? word_of((l + 16) % 32) : 0x11110000u + (uint32_t)l;
        EXPECT_U64("out", "three readers", l, out[l], want);
    }
    /* no readers: nothing written, nothing reported */
    for (int l = 0; l < WS_MAX_LANES; l++)
        out[l] = UNTOUCHED;
    assert_int_equal(ws_crossbar_move32(p, 0, WS_FULL32, source, in, out), 0);
    for (int l = 0; l < WS_MAX_LANES; l++)
        EXPECT_U64("out", "no readers", l, out[l], UNTOUCHED);
    /* readers with no source (WS_NO_SOURCE): nothing moves, nothing reported */
    for (int l = 0; l < 32; l++)
        source[l] = (l % 2) ? WS_NO_SOURCE : l + 1;
    assert_int_equal(ws_crossbar_move32(p, WS_FULL32, WS_FULL32, source, in, out), 0);
    for (int l = 0; l < 32; l++)
        EXPECT_U64("out", "no source", l, out[l], (l % 2) ? UNTOUCHED : word_of(l + 1));
}

/* ------------------------------------------------------- profile table */

typedef struct {
    ws_profile_id id;
    const char *name;
    int lanes;
    bool rendezvous, has_ptx, hi_word_first, mask_is_exec_check, match_by_value, all_needs_whole_mask, has_uni;
    bool wide_redux;
    uint32_t inactive_read;
} profile_case;

static const profile_case profile_cases[] = {
    /* sm90: Volta+ rendezvous (2.3), PTX with predicate (1.1), hi word first (1.4), bitwise match (3.3),
     * exited lanes ignored by all (3.1), __uni_sync exists (3.1), redux on 32-bit only (3.4), inactive 0 (7) */
    { WS_PROFILE_SM90, "sm90", 32, true, true, true, false, false, false, true, false, 0 },
    /* wave64 / wave32: no independent progress (4.3), no predicate (4.2), lo word first (4.2),
     * mask only checked (4.4), match by == (4.4), all = (ballot & m) == m (4.4), 64-bit redux (4.6),
     * inactive 0 (4.1) */
    { WS_PROFILE_WAVE64, "wave64", 64, false, false, false, true, true, true, false, true, 0 },
    { WS_PROFILE_WAVE32, "wave32", 32, false, false, false, true, true, true, false, true, 0 },
};

static void test_profile_table(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof profile_cases / sizeof profile_cases[0]; i++) {
        const profile_case *k = &profile_cases[i];
        const ws_profile *p = ws_profile_get(k->id);
        print_message("profile %s\n", k->name);
        assert_non_null(p);
        assert_int_equal(p->id, k->id);
        assert_string_equal(p->name, k->name);
        assert_int_equal(p->lanes, k->lanes);
        EXPECT_BITS("rendezvous", k->name, p->rendezvous, k->rendezvous);
        EXPECT_BITS("has_ptx", k->name, p->has_ptx, k->has_ptx);
        EXPECT_BITS("hi_word_first", k->name, p->hi_word_first, k->hi_word_first);
        EXPECT_BITS("mask_is_exec_check", k->name, p->mask_is_exec_check, k->mask_is_exec_check);
        EXPECT_BITS("match_by_value", k->name, p->match_by_value, k->match_by_value);
        EXPECT_BITS("all_needs_whole_mask", k->name, p->all_needs_whole_mask, k->all_needs_whole_mask);
        EXPECT_BITS("has_uni", k->name, p->has_uni, k->has_uni);
        EXPECT_BITS("wide_redux", k->name, p->wide_redux, k->wide_redux);
        EXPECT_BITS("inactive_read", k->name, p->inactive_read, k->inactive_read);
        assert_non_null(p->shfl_sources);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_permutations_are_exact),
        cmocka_unit_test(test_rotate_and_back),
        cmocka_unit_test(test_non_participating_sources),
        cmocka_unit_test(test_non_readers_untouched),
        cmocka_unit_test(test_profile_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
