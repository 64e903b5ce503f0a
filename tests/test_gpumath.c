/* CUDA's math functions (include/warpsim/gpumath.h) against the GPU (sm_90).
 *
 * The expected results are the GPU's own: tests/data/gpu/gpumath_h100.txt
 * holds, for each function, the result bits an H100 gave (sm_90: the H200's
 * SM; the H200 was not lent that day) for specials, random bit patterns and
 * values of ordinary size, written by
 * docs/probes/gpumath_probe.cu (scripts/gpumath-check.sh, which also
 * compares every f32 input on the device). A few results that IEEE 754
 * and CUDA's documentation fix (log of 1, of 0, of a negative; sin of a
 * signed zero; exp of the infinities; atan2 of the axes) are written out
 * by hand as well, so that a replay file that lost its lines still fails. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

#ifndef WARPSIM_GPUMATH_REPLAY
#error "WARPSIM_GPUMATH_REPLAY must name tests/data/gpu/gpumath_h100.txt"
#endif

typedef float (*f32_fn)(float);
typedef double (*f64_fn)(double);

static float sincosf_sin(float x) { float s, c; ws_gpu_sincosf(x, &s, &c); return s; }
static float sincosf_cos(float x) { float s, c; ws_gpu_sincosf(x, &s, &c); return c; }
static float sincospif_sin(float x) { float s, c; ws_gpu_sincospif(x, &s, &c); return s; }
static float sincospif_cos(float x) { float s, c; ws_gpu_sincospif(x, &s, &c); return c; }
static double sincos_sin(double x) { double s, c; ws_gpu_sincos(x, &s, &c); return s; }
static double sincos_cos(double x) { double s, c; ws_gpu_sincos(x, &s, &c); return c; }
static double sincospi_sin(double x) { double s, c; ws_gpu_sincospi(x, &s, &c); return s; }
static double sincospi_cos(double x) { double s, c; ws_gpu_sincospi(x, &s, &c); return c; }

static const struct {
    const char *name;
    f32_fn fn;
} f32_fns[] = {{"logf", ws_gpu_logf},       {"log2f", ws_gpu_log2f},          {"log10f", ws_gpu_log10f},
               {"log1pf", ws_gpu_log1pf},   {"sinf", ws_gpu_sinf},            {"cosf", ws_gpu_cosf},
               {"sincosf.sin", sincosf_sin}, {"sincosf.cos", sincosf_cos},    {"sinpif", ws_gpu_sinpif},
               {"cospif", ws_gpu_cospif},   {"sincospif.sin", sincospif_sin}, {"sincospif.cos", sincospif_cos},
               {"tanf", ws_gpu_tanf},       {"atanf", ws_gpu_atanf},          {"rcp.approx.ftz", ws_gpu_rcp_approx_ftz}};

static const struct {
    const char *name;
    f64_fn fn;
} f64_fns[] = {{"exp", ws_gpu_exp},           {"exp2", ws_gpu_exp2},           {"exp10", ws_gpu_exp10},
               {"expm1", ws_gpu_expm1},       {"sinh", ws_gpu_sinh},           {"sin", ws_gpu_sin},
               {"cos", ws_gpu_cos},           {"sincos.sin", sincos_sin},      {"sincos.cos", sincos_cos},
               {"sinpi", ws_gpu_sinpi},       {"cospi", ws_gpu_cospi},         {"sincospi.sin", sincospi_sin},
               {"sincospi.cos", sincospi_cos}};

static uint64_t result_bits(const char *name, uint64_t x, uint64_t y, bool *known)
{
    *known = true;
    for (size_t i = 0; i < sizeof f32_fns / sizeof f32_fns[0]; i++)
        if (!strcmp(name, f32_fns[i].name))
            return ws_f32_bits(f32_fns[i].fn(ws_f32_from_bits((uint32_t)x)));
    for (size_t i = 0; i < sizeof f64_fns / sizeof f64_fns[0]; i++)
        if (!strcmp(name, f64_fns[i].name))
            return ws_f64_bits(f64_fns[i].fn(ws_f64_from_bits(x)));
    if (!strcmp(name, "atan2"))
        return ws_f64_bits(ws_gpu_atan2(ws_f64_from_bits(y), ws_f64_from_bits(x)));
    if (!strcmp(name, "atan2f"))
        return ws_f32_bits(ws_gpu_atan2f(ws_f32_from_bits((uint32_t)y), ws_f32_from_bits((uint32_t)x)));
    if (!strcmp(name, "powf"))
        return ws_f32_bits(ws_gpu_powf(ws_f32_from_bits((uint32_t)x), ws_f32_from_bits((uint32_t)y)));
    *known = false;
    return 0;
}

/* Every line of the GPU's replay file: "name in out" (f32, one argument) or
 * "name x y out" (f64 and the two-argument functions). */
static void test_gpu_replay(void **state)
{
    (void)state;
    FILE *f = fopen(WARPSIM_GPUMATH_REPLAY, "r");
    assert_non_null(f);
    char line[256], name[64];
    unsigned long lines = 0, wrong = 0, functions = 0;
    char last[64] = "";
    while (fgets(line, sizeof line, f)) {
        unsigned long long a, b, c;
        int n = sscanf(line, "%63s %llx %llx %llx", name, &a, &b, &c);
        assert_true(n == 3 || n == 4);
        uint64_t x = a, y = n == 4 ? b : 0, want = n == 4 ? c : b;
        bool known;
        uint64_t got = result_bits(name, x, y, &known);
        if (!known)
            fail_msg("replay line names an unknown function: %s", line);
        if (got != want && wrong++ < 10)
            print_error("%s(%llx, %llx): H200 %llx, warpsim %llx\n", name, a, n == 4 ? b : 0ull,
                        (unsigned long long)want, (unsigned long long)got);
        if (strcmp(name, last)) {
            functions++;
            snprintf(last, sizeof last, "%s", name);
        }
        lines++;
    }
    fclose(f);
    assert_int_equal(wrong, 0);
    assert_true(lines >= 58000); /* 31 functions, 1,700 lines or more each */
    assert_int_equal(functions, 31);
}

/* Results IEEE 754 (and CUDA's accuracy tables, which list them as exact) fix. */
static void test_exact_by_definition(void **state)
{
    (void)state;
    assert_int_equal(ws_f32_bits(ws_gpu_logf(1.0f)), 0x00000000u);
    assert_int_equal(ws_f32_bits(ws_gpu_logf(0.0f)), 0xFF800000u);
    assert_int_equal(ws_f32_bits(ws_gpu_logf(-0.0f)), 0xFF800000u);
    assert_int_equal(ws_f32_bits(ws_gpu_logf(INFINITY)), 0x7F800000u);
    assert_int_equal(ws_f32_bits(ws_gpu_logf(-1.0f)), WS_F32_CANONICAL_NAN); /* the GPU's only f32 NaN */
    assert_int_equal(ws_f32_bits(ws_gpu_log2f(8.0f)), 0x40400000u);
    assert_int_equal(ws_f32_bits(ws_gpu_log1pf(-1.0f)), 0xFF800000u);
    assert_int_equal(ws_f32_bits(ws_gpu_sinf(-0.0f)), 0x80000000u);
    assert_int_equal(ws_f32_bits(ws_gpu_cosf(0.0f)), 0x3F800000u);
    assert_int_equal(ws_f32_bits(ws_gpu_sinf(INFINITY)), WS_F32_CANONICAL_NAN);
    assert_int_equal(ws_f32_bits(ws_gpu_sinpif(1.0f)), 0x00000000u);
    assert_int_equal(ws_f32_bits(ws_gpu_cospif(0.5f)), 0x00000000u);
    assert_int_equal(ws_f32_bits(ws_gpu_atan2f(0.0f, -1.0f)), 0x40490FDBu); /* pi rounded to float */
    assert_int_equal(ws_f32_bits(ws_gpu_atan2f(-0.0f, 1.0f)), 0x80000000u);
    assert_int_equal(ws_f64_bits(ws_gpu_exp(0.0)), 0x3FF0000000000000ull);
    assert_int_equal(ws_f64_bits(ws_gpu_exp(-INFINITY)), 0);
    assert_int_equal(ws_f64_bits(ws_gpu_exp(INFINITY)), 0x7FF0000000000000ull);
    assert_int_equal(ws_f64_bits(ws_gpu_exp2(10.0)), 0x4090000000000000ull);
    assert_int_equal(ws_f64_bits(ws_gpu_expm1(-0.0)), 0x8000000000000000ull);
    assert_int_equal(ws_f64_bits(ws_gpu_sin(-0.0)), 0x8000000000000000ull);
    assert_int_equal(ws_f64_bits(ws_gpu_cos(0.0)), 0x3FF0000000000000ull);
    assert_int_equal(ws_f64_bits(ws_gpu_sinpi(-2.0)), 0x8000000000000000ull);
    assert_int_equal(ws_f64_bits(ws_gpu_atan2(0.0, -1.0)), 0x400921FB54442D18ull); /* pi rounded */
    assert_int_equal(ws_f32_bits(ws_gpu_powf(NAN, 0.0f)), 0x3F800000u); /* pow(x, 0) is 1, for a NaN x too */
    assert_int_equal(ws_f32_bits(ws_gpu_powf(1.0f, NAN)), 0x3F800000u);  /* pow(1, y) is 1 */
    assert_int_equal(ws_f32_bits(ws_gpu_powf(-1.0f, -INFINITY)), 0x3F800000u);
    assert_int_equal(ws_f32_bits(ws_gpu_powf(-0.0f, -3.0f)), 0xFF800000u); /* -inf: odd negative power */
    assert_int_equal(ws_f32_bits(ws_gpu_powf(-2.0f, 0.5f)), WS_F32_CANONICAL_NAN);
    assert_int_equal(ws_f32_bits(ws_gpu_tanf(-0.0f)), 0x80000000u);
    assert_int_equal(ws_f32_bits(ws_gpu_atanf(INFINITY)), 0x3FC90FDBu); /* pi/2 rounded to float */
    /* The special-function unit's reciprocal at the points its probe printed
     * (docs/probes/mufu_probe.h100.txt): exact powers of two, zeros, flushes. */
    assert_int_equal(ws_f32_bits(ws_gpu_rcp_approx_ftz(0.5f)), 0x40000000u);
    assert_int_equal(ws_f32_bits(ws_gpu_rcp_approx_ftz(-0.0f)), 0xFF800000u);
    assert_int_equal(ws_f32_bits(ws_gpu_rcp_approx_ftz(ws_f32_from_bits(0x00000001u))), 0x7F800000u);
    assert_int_equal(ws_f32_bits(ws_gpu_rcp_approx_ftz(ws_f32_from_bits(0x7F000000u))), 0x00000000u);
    assert_int_equal(ws_f32_bits(ws_gpu_rcp_approx_ftz(ws_f32_from_bits(0x42FE0000u))), 0x3C010204u);
    assert_int_equal(ws_f32_bits(ws_gpu_rcp_approx_ftz(ws_f32_from_bits(0xC2FCFFFFu))), 0xBC01848Eu);
    /* A NaN argument comes back quieted, payload and sign kept (f64's rule). */
    assert_int_equal(ws_f64_bits(ws_gpu_sin(ws_f64_from_bits(0xFFF4000000000123ull))), 0xFFFC000000000123ull);
}

/* atan2 with two NaN operands returns y's NaN, quieted, sign kept: the
 * three examples the GPU gave (docs/probes/gpumath.h100.txt, whose run
 * found warpsim then returning x's). */
static void test_atan2_two_nans(void **state)
{
    (void)state;
    static const uint64_t cases[][3] = {{0x7ff405128be29d4aull, 0xfff114bbcb8e818aull, 0xfff914bbcb8e818aull},
                                        {0xfff1a840b4c271e8ull, 0xfff0f4fc193b9626ull, 0xfff8f4fc193b9626ull},
                                        {0x7ff49b7624cf268full, 0xfff2864569daf9ddull, 0xfffa864569daf9ddull}};
    for (size_t i = 0; i < 3; i++) /* {x, y, atan2(y, x)} */
        assert_int_equal(ws_f64_bits(ws_gpu_atan2(ws_f64_from_bits(cases[i][1]), ws_f64_from_bits(cases[i][0]))),
                         cases[i][2]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_gpu_replay),
        cmocka_unit_test(test_exact_by_definition),
        cmocka_unit_test(test_atan2_two_nans),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
