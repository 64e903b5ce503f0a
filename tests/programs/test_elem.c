/* test_elem.c: how values are written (wk_format): a hand-worked table, and
 * two properties over random bits, checked with the C library's own
 * strtof/strtod: every written float reads back to the same bits, and one
 * significant digit fewer would not (the shortest such text). */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "runtime/elem.h"

static uint64_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}
static uint64_t f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static void test_format_table(void **state)
{
    (void)state;
    static const struct {
        wk_elem type;
        uint64_t bits;
        const char *text;
    } table[] = {
        {WK_I32, 0xFFFFFFFBu, "-5"},
        {WK_U32, 0xFFFFFFFBu, "4294967291"},
        {WK_I64, UINT64_C(0x8000000000000000), "-9223372036854775808"},
        {WK_F32, 0x3FC00000u, "1.5"},
        {WK_F32, 0x3DCCCCCDu, "0.1"},                 /* 0.1f: 9 digits would be 0.100000001 */
        {WK_F32, 0x4B800000u, "16777216"},            /* 2^24: integers up to 16 digits without exponent */
        {WK_F32, 0x80000000u, "-0"},
        {WK_F32, 0x7FC00001u, "nan(0x7fc00001)"},
        {WK_F32, 0xFF800000u, "-inf"},
        {WK_F64, UINT64_C(0x3FB999999999999A), "0.1"},
        {WK_F64, UINT64_C(0x4340000000000000), "9007199254740992"}, /* 2^53 */
        {WK_F64, UINT64_C(0x4341C37937E08000), "1e+16"},
        {WK_F64, UINT64_C(0x7FF4000000000001), "nan(0x7ff4000000000001)"},
    };
    char buf[128];
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++) {
        wk_format(table[i].type, table[i].bits, NULL, buf, sizeof buf);
        if (strcmp(buf, table[i].text) != 0) {
            print_error("%s 0x%llx: wrote \"%s\", want \"%s\"\n", wk_elem_name(table[i].type),
                        (unsigned long long)table[i].bits, buf, table[i].text);
            fail();
        }
    }
}

/* A double that needs all 17 significant digits: "%.16g" gives
 * 2.120184040081093e-105, which strtod reads as a neighbouring double. An
 * earlier version wrote those 16 digits. */
static void test_f64_needing_17_digits(void **state)
{
    (void)state;
    const double v = 2.1201840400810927e-105;
    char sixteen[64], buf[64];
    snprintf(sixteen, sizeof sixteen, "%.16g", v);
    assert_true(strtod(sixteen, NULL) != v); /* the premise, from the C library */
    wk_format(WK_F64, f64_bits(v), NULL, buf, sizeof buf);
    assert_string_equal(buf, "2.1201840400810927e-105");
}

/* Significant digits of a %g text (no sign, exponent, point or leading zeros). */
static int significant_digits(const char *text)
{
    int n = 0;
    bool started = false;
    for (const char *c = text; *c && *c != 'e'; c++)
        if (*c >= '0' && *c <= '9') {
            if (*c != '0')
                started = true;
            if (started)
                n++;
        }
    return n;
}

static void check_written(wk_elem type, uint64_t bits, double v)
{
    char buf[64], shorter[400];
    wk_format(type, bits, NULL, buf, sizeof buf);
    bool back = type == WK_F32 ? f32_bits(strtof(buf, NULL)) == bits : f64_bits(strtod(buf, NULL)) == bits;
    if (!back) {
        print_error("%s 0x%llx written \"%s\" does not read back\n", wk_elem_name(type), (unsigned long long)bits, buf);
        fail();
    }
    int digits = significant_digits(buf);
    if (digits > 1 && strchr(buf, 'e')) { /* integers written out in full may carry trailing zeros */
        snprintf(shorter, sizeof shorter, "%.*g", digits - 1, v);
        bool shorter_back = type == WK_F32 ? f32_bits(strtof(shorter, NULL)) == bits
                                           : f64_bits(strtod(shorter, NULL)) == bits;
        if (shorter_back) {
            print_error("%s 0x%llx written \"%s\", but \"%s\" reads back too\n", wk_elem_name(type),
                        (unsigned long long)bits, buf, shorter);
            fail();
        }
    }
}

static void test_random_floats_read_back_shortest(void **state)
{
    (void)state;
    uint64_t x = UINT64_C(0x9E3779B97F4A7C15);
    for (int i = 0; i < 100000; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        float f;
        uint32_t u = (uint32_t)x;
        memcpy(&f, &u, sizeof f);
        if (isfinite(f))
            check_written(WK_F32, u, f);
        double d;
        memcpy(&d, &x, sizeof d);
        if (isfinite(d))
            check_written(WK_F64, x, d);
    }
}

/* At a power of two, d + 1 digits can fail to read back where d succeed
 * (2^-645: 15 and 17 do, 16 does not), so the fewest is found by trying
 * every count here: every power of two of both types. */
static void test_powers_of_two_fewest_digits(void **state)
{
    (void)state;
    char buf[64], want[64];
    for (int e = -1074; e <= 1023; e++) {
        double d = ldexp(1.0, e);
        for (int digits = 1; digits <= 17; digits++) {
            snprintf(want, sizeof want, "%.*g", digits, d);
            if (strtod(want, NULL) == d)
                break;
        }
        wk_format(WK_F64, f64_bits(d), NULL, buf, sizeof buf);
        if (strchr(buf, 'e') && strcmp(buf, want) != 0) {
            print_error("2^%d: wrote %s, the fewest digits give %s\n", e, buf, want);
            fail();
        }
    }
    for (int e = -149; e <= 127; e++) {
        float f = ldexpf(1.0f, e);
        for (int digits = 1; digits <= 9; digits++) {
            snprintf(want, sizeof want, "%.*g", digits, (double)f);
            if (strtof(want, NULL) == f)
                break;
        }
        wk_format(WK_F32, f32_bits(f), NULL, buf, sizeof buf);
        if (strchr(buf, 'e') && strcmp(buf, want) != 0) {
            print_error("2^%d (f32): wrote %s, the fewest digits give %s\n", e, buf, want);
            fail();
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_format_table),
        cmocka_unit_test(test_f64_needing_17_digits),
        cmocka_unit_test(test_random_floats_read_back_shortest),
        cmocka_unit_test(test_powers_of_two_fewest_digits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
