/* reduce-down against independent references:
 *   - integers: spec section 7, lane i ends with 496 + 16*i for v = lane;
 *     in general the recurrence written out plainly below (own value when
 *     lane + offset leaves the warp, spec 1.1);
 *   - f32: the same tree order in plain C floats (-ffp-contract=off);
 *   - sym: lane 0 counts every input once; lane 1 counts lane 16 twice. */
#include <stdlib.h>

#include "prog_support.h"

static void test_walkthrough_values(void **state)
{
    (void)state;
    uint64_t in[32], want[32];
    for (int i = 0; i < 32; i++) {
        in[i] = (uint64_t)i;
        want[i] = (uint64_t)(496 + 16 * i); /* spec section 7 */
    }
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_I32}, in, 32);
    expect_lanes("reduce-down i32", prog_output(&r, "v"), want, 32);
    wk_run_free(&r);
}

static void test_f32_tree_order(void **state)
{
    (void)state;
    uint64_t seed = 11, in[32], want[32];
    for (int round = 0; round < 200; round++) {
        float v[32], t[32];
        for (int i = 0; i < 32; i++) {
            v[i] = (float)((int64_t)(prog_rand(&seed) % 2000001) - 1000000) / 997.0f;
            in[i] = f32_bits(v[i]);
        }
        for (int o = 16; o > 0; o /= 2) {
            for (int i = 0; i < 32; i++)
                t[i] = i + o < 32 ? v[i + o] : v[i];
            for (int i = 0; i < 32; i++)
                v[i] = v[i] + t[i];
        }
        for (int i = 0; i < 32; i++)
            want[i] = f32_bits(v[i]);
        wk_run r;
        prog_run(&r, "reduce-down", &(wk_params){.type = WK_F32}, in, 32);
        expect_lanes("reduce-down f32", prog_output(&r, "v"), want, 32);
        wk_run_free(&r);
    }
}

static void test_sym_counts(void **state)
{
    (void)state;
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_SYM}, NULL, 0);
    const wk_output *v = prog_output(&r, "v");
    for (size_t i = 0; i < 32; i++)
        assert_int_equal(sym_count(&r, v, 0, i), 1);
    /* lane 1: 1+16 (step 16), +9+25 (8), +5,13,21,29 (4)... lane 16 is counted twice */
    assert_int_equal(sym_count(&r, v, 1, 0), 0);
    assert_int_equal(sym_count(&r, v, 1, 16), 2);
    assert_int_equal(sym_count(&r, v, 1, 31), 1);
    /* lane 31 reads out of range at every step: 32 times its own input */
    assert_int_equal(sym_count(&r, v, 31, 31), 32);
    wk_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_walkthrough_values),
        cmocka_unit_test(test_f32_tree_order),
        cmocka_unit_test(test_sym_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
