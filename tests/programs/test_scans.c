/* The warp scans (scan-incl, scan-excl, cg-scan-incl/excl,
 * cub-scan-incl/excl) against independent references:
 *   - integers: prefix sums computed plainly, left to right, wrapping;
 *   - floats: the Hillis-Steele order of each library restated as plain C
 *     loops (semantics.md 5.2, 5.4) with the operand order measured on the H200
 *     (docs/conformance.md, programs/README.md; it shows only in which of
 *     two f64 NaN payloads survives): lower + own at every step for
 *     scan-incl/excl; lower + own at step 1, own + lower after, for CG and
 *     CUB's f64; peer + own for CUB's f32 and integer PTX; exclusive:
 *     scan-excl and CG shift the inclusive value up one lane (lane 0 gets
 *     +0.0), CUB shifts 0.0 + inclusive (a real add: -0.0 becomes +0.0);
 *   - hand-worked tables for -0.0, INT_MAX + 1 and two f64 NaN payloads;
 *   - sym: lane i of an inclusive scan counts inputs 0..i once each, of an
 *     exclusive scan 0..i-1, lane 0 the empty sum;
 *   - semantics.md 7 for lanes that do not run: a shuffle reading them gets 0.
 * Floats: host float ops built with -ffp-contract=off; NaN results follow
 * the GPU rules of semantics.md 7, written out in ref_add. */
#include <limits.h>
#include <math.h>
#include <string.h>

#include "prog_support.h"

typedef enum family { PLAIN, CG, CUB } family;

typedef struct scan_prog {
    const char *name;
    family fam;
    bool exclusive;
    bool any_profile; /* scan-incl/excl also run on wave64 and wave32 */
} scan_prog;

static const scan_prog progs[] = {
    {"scan-incl", PLAIN, false, true},   {"scan-excl", PLAIN, true, true},
    {"cg-scan-incl", CG, false, false},  {"cg-scan-excl", CG, true, false},
    {"cub-scan-incl", CUB, false, false}, {"cub-scan-excl", CUB, true, false},
};
#define N_PROGS (sizeof progs / sizeof progs[0])

static const wk_elem int_types[] = {WK_I32, WK_U32, WK_I64, WK_U64};

static uint64_t type_mask(wk_elem e) { return e == WK_I64 || e == WK_U64 || e == WK_F64 ? UINT64_MAX : UINT32_MAX; }

/* ---- plain references ------------------------------------------------- */

/* Left-to-right wrapping prefix sums. */
static void int_prefix(wk_elem e, const uint64_t *x, uint64_t *incl, uint64_t *excl, int n)
{
    uint64_t s = 0;
    for (int i = 0; i < n; i++) {
        excl[i] = s;
        s = (s + x[i]) & type_mask(e);
        incl[i] = s;
    }
}

/* The inclusive scan in the family's order: at step d lane i adds lane i-d.
 * The lower lane's value (the peer) comes first in scan-incl/excl's `v += t`
 * at every step and in CG's and CUB's f64 add at step 1 only, as measured on
 * the H200 (ptxas's operand order); CUB's f32 and integer PTX is
 * add r0, r0(peer), v at every step. */
static void ref_inclusive(family f, wk_elem e, const uint64_t *x, uint64_t *v, int lanes)
{
    memcpy(v, x, (size_t)lanes * sizeof *v);
    for (int d = 1; d < lanes; d *= 2) {
        bool peer_first = f == PLAIN || d == 1 || (f == CUB && e != WK_F64);
        uint64_t old[64];
        memcpy(old, v, (size_t)lanes * sizeof *v);
        for (int i = d; i < lanes; i++)
            v[i] = peer_first ? gpu_add(e, old[i - d], old[i]) : gpu_add(e, old[i], old[i - d]);
    }
}

/* The exclusive scan from the inclusive one, floats. */
static void ref_exclusive(family f, wk_elem e, const uint64_t *inc, uint64_t *out, int lanes)
{
    out[0] = 0; /* +0.0 */
    for (int i = 1; i < lanes; i++)
        out[i] = f == CUB ? gpu_add(e, 0, inc[i - 1]) : inc[i - 1];
}

/* A float with a spread of magnitudes and signs; zeros of both signs and
 * subnormals now and then. */
static uint64_t rand_float(wk_elem e, uint64_t *seed)
{
    uint64_t r = prog_rand(seed);
    double sign = (r >> 62 & 1) ? -1.0 : 1.0;
    switch (r % 16) {
    case 0: return e == WK_F32 ? f32_bits(-0.0f) : f64_bits(-0.0);
    case 1: return 0;
    case 2: return e == WK_F32 ? f32_bits((float)sign * 1e-40f) : f64_bits(sign * 1e-310);
    default: {
        double m = (double)(r >> 20 & 0xFFFFFF) / 16777216.0 + 0.5;
        double v = sign * ldexp(m, (int)(r >> 48 & 31) - 15);
        return e == WK_F32 ? f32_bits((float)v) : f64_bits(v);
    }
    }
}

/* ---- integers ----------------------------------------------------------- */

static void test_int_prefix_sums(void **state)
{
    (void)state;
    uint64_t seed = 1;
    for (size_t p = 0; p < N_PROGS; p++)
        for (size_t t = 0; t < sizeof int_types / sizeof int_types[0]; t++)
            for (int round = 0; round < 25; round++) {
                wk_elem e = int_types[t];
                uint64_t x[32], incl[32], excl[32];
                for (int i = 0; i < 32; i++) /* full range: sums wrap */
                    x[i] = prog_rand(&seed) & type_mask(e);
                int_prefix(e, x, incl, excl, 32);
                wk_run r;
                prog_run(&r, progs[p].name, &(wk_params){.type = e}, x, 32);
                expect_lanes(progs[p].name, prog_output(&r, "v"), progs[p].exclusive ? excl : incl, 32);
                if (progs[p].exclusive)
                    expect_lanes(progs[p].name, prog_output(&r, "inclusive"), incl, 32);
                wk_run_free(&r);
            }
}

/* Hand-worked: INT_MAX + 1 wraps to INT_MIN, and so on for every type. */
static void test_int_wrap(void **state)
{
    (void)state;
    static const struct {
        wk_elem type;
        uint64_t big; /* the type's maximum */
        uint64_t min; /* big + 1 */
    } cases[] = {
        {WK_I32, (uint32_t)INT_MAX, (uint32_t)INT_MIN},
        {WK_U32, UINT32_MAX, 0},
        {WK_I64, (uint64_t)INT64_MAX, (uint64_t)INT64_MIN},
        {WK_U64, UINT64_MAX, 0},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        /* in = {MAX, 1, 1, 0, 0, ...}: inclusive {MAX, MAX+1, MAX+2, MAX+2, ...}. */
        uint64_t x[32] = {cases[c].big, 1, 1}, incl[32], excl[32];
        incl[0] = cases[c].big;
        excl[0] = 0;
        excl[1] = cases[c].big;
        for (int i = 1; i < 32; i++)
            incl[i] = i == 1 ? cases[c].min : (cases[c].min + 1) & type_mask(cases[c].type);
        for (int i = 2; i < 32; i++)
            excl[i] = incl[i - 1];
        for (size_t p = 0; p < N_PROGS; p++) {
            wk_run r;
            prog_run(&r, progs[p].name, &(wk_params){.type = cases[c].type}, x, 32);
            expect_lanes(progs[p].name, prog_output(&r, "v"), progs[p].exclusive ? excl : incl, 32);
            wk_run_free(&r);
        }
    }
}

/* ---- floats ------------------------------------------------------------- */

static void check_float_orders(wk_elem e, uint64_t seed, int rounds)
{
    for (int round = 0; round < rounds; round++) {
        uint64_t x[32];
        for (int i = 0; i < 32; i++)
            x[i] = rand_float(e, &seed);
        for (size_t p = 0; p < N_PROGS; p++) {
            uint64_t inc[32], exc[32];
            ref_inclusive(progs[p].fam, e, x, inc, 32);
            ref_exclusive(progs[p].fam, e, inc, exc, 32);
            wk_run r;
            prog_run(&r, progs[p].name, &(wk_params){.type = e}, x, 32);
            expect_lanes(progs[p].name, prog_output(&r, "v"), progs[p].exclusive ? exc : inc, 32);
            if (progs[p].exclusive)
                expect_lanes(progs[p].name, prog_output(&r, "inclusive"), inc, 32);
            wk_run_free(&r);
        }
    }
}

static void test_f32_orders(void **state)
{
    (void)state;
    check_float_orders(WK_F32, 2, 200);
}

static void test_f64_orders(void **state)
{
    (void)state;
    check_float_orders(WK_F64, 3, 200);
}

/* f64 NaNs keep the first operand's payload, so they show the operand
 * order: ref_inclusive's, the one measured on the H200. */
static void test_f64_nan_payloads(void **state)
{
    (void)state;
    uint64_t seed = 4;
    for (int round = 0; round < 100; round++) {
        uint64_t x[32];
        for (int i = 0; i < 32; i++) {
            uint64_t r = prog_rand(&seed);
            uint64_t nan = (r & 0x8000000000000000u) | 0x7FF0000000000000u | (r & 0x0008000000000000u) |
                           (r >> 16 & 0xFFFFFFFFu) | 1u; /* either sign, quiet or signalling, a payload */
            x[i] = r % 5 == 0 ? nan : rand_float(WK_F64, &seed);
        }
        for (size_t p = 0; p < N_PROGS; p++) {
            uint64_t inc[32], exc[32];
            ref_inclusive(progs[p].fam, WK_F64, x, inc, 32);
            ref_exclusive(progs[p].fam, WK_F64, inc, exc, 32);
            wk_run r;
            prog_run(&r, progs[p].name, &(wk_params){.type = WK_F64}, x, 32);
            expect_lanes(progs[p].name, prog_output(&r, "v"), progs[p].exclusive ? exc : inc, 32);
            wk_run_free(&r);
        }
    }
}

/* Hand-worked: in = {NaN(1), NaN(2), 1.0, 1.0, ...} (0x7FF0..01, 0x7FF0..02).
 * An f64 add returns its first NaN operand quieted (semantics.md 7), so the payloads
 * show the order measured on the H200. Lane 0 never adds: NaN(1) as it came.
 * Step 1, lower first everywhere: lane 1 = NaN(1) + NaN(2) = q1, lane 2 =
 * NaN(2) + 1 = q2, lanes 3.. = 2.0. Step 2: lane 2 holds q2 and reads lane
 * 0's NaN(1).
 *   - scan-incl/excl (lower first): q1, and so at every later step each lane
 *     that meets two NaNs takes the lower one, which traces back to lane 0's
 *     NaN(1): lanes 1..31 end q1.
 *   - CG and CUB (own first from step 2): lane 2 keeps q2; each later step
 *     adds lanes of the same parity, a NaN meeting a NaN keeps its own, so
 *     odd lanes end q1 and even lanes 2..30 q2.
 * Own first at step 1 would give lane 1 q2; lower first at step 2 would give
 * CG's lane 2 q1. Exclusive: lane 0 = +0.0; scan-excl and CG shift the
 * inclusive up (lane 1 = NaN(1) unquieted), CUB shifts 0.0 + inclusive
 * (lane 1 = q1). */
static void test_f64_nan_order_by_hand(void **state)
{
    (void)state;
    const uint64_t n1 = UINT64_C(0x7FF0000000000001), n2 = UINT64_C(0x7FF0000000000002);
    const uint64_t q1 = UINT64_C(0x7FF8000000000001), q2 = UINT64_C(0x7FF8000000000002);
    uint64_t x[32], plain[32], parity[32];
    for (int i = 0; i < 32; i++) {
        x[i] = i == 0 ? n1 : i == 1 ? n2 : f64_bits(1.0);
        plain[i] = i == 0 ? n1 : q1;
        parity[i] = i == 0 ? n1 : i % 2 ? q1 : q2;
    }
    for (size_t p = 0; p < N_PROGS; p++) {
        const scan_prog *s = &progs[p];
        const uint64_t *inc = s->fam == PLAIN ? plain : parity;
        uint64_t exc[32];
        exc[0] = 0;
        for (int i = 1; i < 32; i++)
            exc[i] = s->fam == CUB && i == 1 ? q1 : inc[i - 1];
        uint64_t ref[32];
        ref_inclusive(s->fam, WK_F64, x, ref, 32); /* the restatement agrees with the table */
        for (int i = 0; i < 32; i++)
            assert_true(ref[i] == inc[i]);
        wk_run r;
        prog_run(&r, s->name, &(wk_params){.type = WK_F64}, x, 32);
        expect_lanes(s->name, prog_output(&r, "v"), s->exclusive ? exc : inc, 32);
        if (s->exclusive)
            expect_lanes(s->name, prog_output(&r, "inclusive"), inc, 32);
        wk_run_free(&r);
    }
}

/* Hand-worked: every input -0.0. The inclusive sums stay -0.0; an
 * exclusive lane 0 is +0.0 (T{}); CUB's exclusive adds 0.0 first, so every
 * lane is +0.0, while scan-excl and CG pass -0.0 on. */
static void test_negative_zero(void **state)
{
    (void)state;
    static const wk_elem types[] = {WK_F32, WK_F64};
    for (size_t t = 0; t < 2; t++) {
        wk_elem e = types[t];
        uint64_t neg = e == WK_F32 ? 0x80000000u : 0x8000000000000000u;
        uint64_t x[32], all_neg[32], all_pos[32] = {0}, shifted[32];
        for (int i = 0; i < 32; i++)
            x[i] = all_neg[i] = shifted[i] = neg;
        shifted[0] = 0;
        for (size_t p = 0; p < N_PROGS; p++) {
            const scan_prog *s = &progs[p];
            const uint64_t *want = !s->exclusive ? all_neg : s->fam == CUB ? all_pos : shifted;
            wk_run r;
            prog_run(&r, s->name, &(wk_params){.type = e}, x, 32);
            expect_lanes(s->name, prog_output(&r, "v"), want, 32);
            if (s->exclusive)
                expect_lanes(s->name, prog_output(&r, "inclusive"), all_neg, 32);
            wk_run_free(&r);
        }
    }
}

/* Hand-worked: in = {-0.0, 1, 2, ...}: lane 1's exclusive value is lane 0's
 * inclusive -0.0, kept by scan-excl and CG, +0.0 after CUB's 0.0 + x. */
static void test_negative_zero_first_lane(void **state)
{
    (void)state;
    uint64_t x[32];
    x[0] = f32_bits(-0.0f);
    for (int i = 1; i < 32; i++)
        x[i] = f32_bits((float)i);
    for (size_t p = 0; p < N_PROGS; p++) {
        if (!progs[p].exclusive)
            continue;
        wk_run r;
        prog_run(&r, progs[p].name, &(wk_params){.type = WK_F32}, x, 32);
        const wk_output *v = prog_output(&r, "v");
        assert_int_equal(v->bits[0], 0);
        assert_int_equal(v->bits[1], progs[p].fam == CUB ? 0 : 0x80000000u);
        assert_int_equal(v->bits[2], f32_bits(1.0f));
        assert_int_equal(v->bits[31], f32_bits(465.0f));
        wk_run_free(&r);
    }
}

/* ---- sym -------------------------------------------------------------------- */

static void check_sym(const scan_prog *s, ws_profile_id profile, int lanes)
{
    wk_run r;
    prog_run(&r, s->name, &(wk_params){.type = WK_SYM, .profile = profile}, NULL, 0);
    const wk_output *v = prog_output(&r, "v");
    assert_int_equal(v->count, lanes);
    for (int i = 0; i < lanes; i++)
        for (int j = 0; j < lanes; j++) {
            int want = s->exclusive ? j < i : j <= i;
            if (sym_count(&r, v, (size_t)i, (size_t)j) != want) {
                print_error("%s: lane %d counts input %d %d times, expected %d\n", s->name, i, j,
                            sym_count(&r, v, (size_t)i, (size_t)j), want);
                fail();
            }
        }
    wk_run_free(&r);
}

static void test_sym_counts(void **state)
{
    (void)state;
    for (size_t p = 0; p < N_PROGS; p++) {
        check_sym(&progs[p], WS_PROFILE_SM90, 32);
        if (progs[p].any_profile) {
            check_sym(&progs[p], WS_PROFILE_WAVE64, 64);
            check_sym(&progs[p], WS_PROFILE_WAVE32, 32);
        }
    }
}

/* ---- other profiles ------------------------------------------------------ */

static void test_wave_profiles(void **state)
{
    (void)state;
    static const struct {
        ws_profile_id profile;
        int lanes;
    } profiles[] = {{WS_PROFILE_WAVE64, 64}, {WS_PROFILE_WAVE32, 32}};
    uint64_t seed = 5;
    for (size_t f = 0; f < 2; f++)
        for (int round = 0; round < 50; round++) {
            int lanes = profiles[f].lanes;
            uint64_t xi[64], xf[64], incl[64], excl[64], finc[64], fexc[64];
            for (int i = 0; i < lanes; i++) {
                xi[i] = prog_rand(&seed) & UINT32_MAX;
                xf[i] = rand_float(WK_F32, &seed);
            }
            int_prefix(WK_I32, xi, incl, excl, lanes);
            ref_inclusive(PLAIN, WK_F32, xf, finc, lanes);
            ref_exclusive(PLAIN, WK_F32, finc, fexc, lanes);
            for (int excl_prog = 0; excl_prog < 2; excl_prog++) {
                const char *name = excl_prog ? "scan-excl" : "scan-incl";
                wk_run r;
                prog_run(&r, name, &(wk_params){.type = WK_I32, .profile = profiles[f].profile}, xi,
                         (size_t)lanes);
                expect_lanes(name, prog_output(&r, "v"), excl_prog ? excl : incl, (size_t)lanes);
                wk_run_free(&r);
                prog_run(&r, name, &(wk_params){.type = WK_F32, .profile = profiles[f].profile}, xf,
                         (size_t)lanes);
                expect_lanes(name, prog_output(&r, "v"), excl_prog ? fexc : finc, (size_t)lanes);
                wk_run_free(&r);
            }
        }
}

/* ---- --threads and --active (scan-incl, scan-excl) ----------------------- */

/* A lane only reads lanes below it, so the lanes of a partial warp still
 * get their prefix sums. */
static void test_threads_option(void **state)
{
    (void)state;
    uint64_t x[32], incl[32], excl[32];
    for (int i = 0; i < 32; i++)
        x[i] = (uint64_t)(i * 7 + 3);
    int_prefix(WK_I32, x, incl, excl, 32);
    for (int p = 0; p < 2; p++) {
        const scan_prog *s = &progs[p];
        for (int threads = 1; threads <= 32; threads += 9) {
            wk_run r;
            prog_run(&r, s->name, &(wk_params){.type = WK_I32, .threads = threads}, x, 32);
            const wk_output *v = prog_output(&r, "v");
            for (int i = 0; i < 32; i++) {
                if (i < threads) {
                    assert_int_equal(v->lane_state[i], WK_LANE_RAN);
                    assert_int_equal(v->bits[i], s->exclusive ? excl[i] : incl[i]);
                } else {
                    assert_int_equal(v->lane_state[i], WK_LANE_ABSENT);
                }
            }
            wk_run_free(&r);
        }
    }
}

/* Only odd lanes run: every read of an even lane gives 0 (semantics.md 7), so the
 * scan is restated with a 0 wherever the source lane did not run. */
static void test_active_option(void **state)
{
    (void)state;
    const ws_mask active = 0xAAAAAAAAu;
    uint64_t x[32], v[32], e[32];
    for (int i = 0; i < 32; i++)
        x[i] = (uint64_t)(i + 1);
    memcpy(v, x, sizeof v);
    for (int d = 1; d < 32; d *= 2) {
        uint64_t old[32];
        memcpy(old, v, sizeof v);
        for (int i = d; i < 32; i++)
            v[i] = (uint32_t)(old[i] + ((active >> (i - d) & 1) ? old[i - d] : 0));
    }
    for (int i = 0; i < 32; i++)
        e[i] = i == 0 ? 0 : (active >> (i - 1) & 1) ? v[i - 1] : 0;
    for (int p = 0; p < 2; p++) {
        const scan_prog *s = &progs[p];
        wk_run r;
        prog_run(&r, s->name, &(wk_params){.type = WK_I32, .active = active}, x, 32);
        const wk_output *o = prog_output(&r, "v");
        for (int i = 0; i < 32; i++) {
            if (!(active >> i & 1)) {
                assert_int_equal(o->lane_state[i], WK_LANE_EXITED);
                continue;
            }
            if (o->bits[i] != (s->exclusive ? e[i] : v[i])) {
                print_error("%s --active: lane %d got %llu, expected %llu\n", s->name, i,
                            (unsigned long long)o->bits[i], (unsigned long long)(s->exclusive ? e[i] : v[i]));
                fail();
            }
        }
        assert_true(r.n_diags > 0); /* the full mask names exited lanes */
        wk_run_free(&r);
    }
}

/* ---- what the programs refuse ---------------------------------------------- */

static void test_rejects(void **state)
{
    (void)state;
    uint64_t x[64] = {0};
    for (size_t p = 0; p < N_PROGS; p++) {
        wk_run r;
        if (!progs[p].any_profile) {
            /* CG and CUB are CUDA: no wave64 or wave32. */
            assert_false(prog_run_status(&r, progs[p].name, &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE64}, x, 64));
            assert_non_null(strstr(r.error, "wave64"));
            wk_run_free(&r);
            assert_false(prog_run_status(&r, progs[p].name, &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE32}, x, 32));
            assert_non_null(strstr(r.error, "wave32"));
            wk_run_free(&r);
        }
        assert_false(prog_run_status(&r, progs[p].name, &(wk_params){.type = WK_I32, .block = 64}, x, 32));
        assert_non_null(strstr(r.error, "--block"));
        wk_run_free(&r);
        assert_false(prog_run_status(&r, progs[p].name, &(wk_params){.type = WK_I32}, x, 31));
        wk_run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_int_prefix_sums),
        cmocka_unit_test(test_int_wrap),
        cmocka_unit_test(test_f32_orders),
        cmocka_unit_test(test_f64_orders),
        cmocka_unit_test(test_f64_nan_payloads),
        cmocka_unit_test(test_f64_nan_order_by_hand),
        cmocka_unit_test(test_negative_zero),
        cmocka_unit_test(test_negative_zero_first_lane),
        cmocka_unit_test(test_sym_counts),
        cmocka_unit_test(test_wave_profiles),
        cmocka_unit_test(test_threads_option),
        cmocka_unit_test(test_active_option),
        cmocka_unit_test(test_rejects),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
