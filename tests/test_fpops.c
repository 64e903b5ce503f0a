/* test_fpops.c: the exact scalar float operations of fpops.h and the
 * lane-level arithmetic of lane_ops.h that goes through them.
 *
 * Expected values come from:
 *  - docs/probes/fp_nan_probe.h200.txt: every printed row (a, b, c -> add,
 *    sub, mul, fma, fmin, fmax, f64 and f32) is a result measured on an
 *    H200 and is copied here verbatim as a literal table;
 *  - semantics.md 7 (H200 facts): every f32 NaN result of add/sub/mul/fma is
 *    0x7FFFFFFF; fminf/fmaxf treat NaN (signalling too) as missing, both NaN
 *    give 0x7FFFFFFF, -0 < +0 in either order; f64 keeps the first NaN
 *    operand, quieted; non-NaN results are the IEEE round-to-nearest-even
 *    results;
 *  - hand-worked IEEE arithmetic for the non-NaN values (each explained in
 *    its row), semantics.md 6.1 / PTX 9.3.1.2 for ordered comparisons. */
#include <stdio.h>
#include <string.h>

#include "test_support.h"

/* ---- the H200 probe, verbatim (docs/probes/fp_nan_probe.h200.txt) ------ */

typedef struct probe_row {
    uint64_t a, b, c;
    uint64_t add, sub, mul, fma, fmin, fmax;
} probe_row;

static const probe_row h200_f64[] = {
    {0x7ff0000000000000, 0xfff0000000000000, 0x3ff0000000000000, 0xfff8000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0xfff0000000000000, 0xfff0000000000000, 0x7ff0000000000000},
    {0x7ff0000000000000, 0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000, 0xfff8000000000000, 0x7ff0000000000000, 0x7ff0000000000000, 0x7ff0000000000000, 0x7ff0000000000000},
    {0x0000000000000000, 0x7ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0xfff8000000000000, 0xfff8000000000000, 0x0000000000000000, 0x7ff0000000000000},
    {0x7ff0000000000000, 0x0000000000000000, 0x3ff0000000000000, 0x7ff0000000000000, 0x7ff0000000000000, 0xfff8000000000000, 0xfff8000000000000, 0x0000000000000000, 0x7ff0000000000000},
    {0x3ff0000000000000, 0x3ff0000000000000, 0xfff8000000000003, 0x4000000000000000, 0x0000000000000000, 0x3ff0000000000000, 0xfff8000000000003, 0x3ff0000000000000, 0x3ff0000000000000},
    {0x7ff8000000000001, 0x7ff0000000000002, 0x3ff0000000000000, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001},
    {0x7ff0000000000002, 0x7ff8000000000001, 0x3ff0000000000000, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002},
    {0x3ff0000000000000, 0x7ff8000000000001, 0x7ff0000000000002, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000002, 0x3ff0000000000000, 0x3ff0000000000000},
    {0x3ff0000000000000, 0x3ff0000000000000, 0x7ff0000000000002, 0x4000000000000000, 0x0000000000000000, 0x3ff0000000000000, 0x7ff8000000000002, 0x3ff0000000000000, 0x3ff0000000000000},
    {0x7ff0000000000002, 0x3ff0000000000000, 0x7ff8000000000001, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002, 0x3ff0000000000000, 0x3ff0000000000000},
    {0xfff8000000000003, 0x3ff0000000000000, 0x3ff0000000000000, 0xfff8000000000003, 0xfff8000000000003, 0xfff8000000000003, 0xfff8000000000003, 0x3ff0000000000000, 0x3ff0000000000000},
    {0x3ff0000000000000, 0xfff8000000000003, 0x3ff0000000000000, 0xfff8000000000003, 0xfff8000000000003, 0xfff8000000000003, 0xfff8000000000003, 0x3ff0000000000000, 0x3ff0000000000000},
    {0x0000000000000000, 0x7ff0000000000000, 0x7ff8000000000001, 0x7ff0000000000000, 0xfff0000000000000, 0xfff8000000000000, 0x7ff8000000000001, 0x0000000000000000, 0x7ff0000000000000},
    {0x7ff8000000000001, 0x7ff8000000000001, 0x3ff0000000000000, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001},
    {0x8000000000000000, 0x0000000000000000, 0x3ff0000000000000, 0x0000000000000000, 0x8000000000000000, 0x8000000000000000, 0x3ff0000000000000, 0x8000000000000000, 0x0000000000000000},
    {0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000, 0x0000000000000000, 0x0000000000000000, 0x8000000000000000, 0x3ff0000000000000, 0x8000000000000000, 0x0000000000000000},
    {0x7ff8000000000001, 0xfff8000000000003, 0x3ff0000000000000, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001, 0x7ff8000000000001},
    {0xfff8000000000003, 0x7ff8000000000001, 0x3ff0000000000000, 0xfff8000000000003, 0xfff8000000000003, 0xfff8000000000003, 0xfff8000000000003, 0xfff8000000000003, 0xfff8000000000003},
    {0x7ff0000000000002, 0x7ff0000000000002, 0x3ff0000000000000, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002, 0x7ff8000000000002},
    {0x7ff0000000000000, 0x0000000000000000, 0x7ff0000000000002, 0x7ff0000000000000, 0x7ff0000000000000, 0xfff8000000000000, 0x7ff8000000000002, 0x0000000000000000, 0x7ff0000000000000},
};

static const probe_row h200_f32[] = {
    {0x7f800000, 0xff800000, 0x3f800000, 0x7fffffff, 0x7f800000, 0xff800000, 0xff800000, 0xff800000, 0x7f800000},
    {0x00000000, 0x7f800000, 0x3f800000, 0x7f800000, 0xff800000, 0x7fffffff, 0x7fffffff, 0x00000000, 0x7f800000},
    {0x3f800000, 0x3f800000, 0x7f800002, 0x40000000, 0x00000000, 0x3f800000, 0x7fffffff, 0x3f800000, 0x3f800000},
    {0x3f800000, 0x3f800000, 0xffc00003, 0x40000000, 0x00000000, 0x3f800000, 0x7fffffff, 0x3f800000, 0x3f800000},
    {0x7fc00001, 0x7f800002, 0x3f800000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff},
    {0x7f800002, 0x3f800000, 0x3f800000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x3f800000, 0x3f800000},
    {0x3f800000, 0x7f800002, 0x3f800000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x3f800000, 0x3f800000},
    {0x7f800002, 0x7f800002, 0x3f800000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff},
    {0x80000000, 0x00000000, 0x3f800000, 0x00000000, 0x80000000, 0x80000000, 0x3f800000, 0x80000000, 0x00000000},
    {0x00000000, 0x80000000, 0x3f800000, 0x00000000, 0x00000000, 0x80000000, 0x3f800000, 0x80000000, 0x00000000},
    {0x7f800000, 0x00000000, 0x7fc00001, 0x7f800000, 0x7f800000, 0x7fffffff, 0x7fffffff, 0x00000000, 0x7f800000},
    {0x3f800000, 0xffc00003, 0x3f800000, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x7fffffff, 0x3f800000, 0x3f800000},
};

static void test_h200_probe_f64(void **state)
{
    (void)state;
    char name[96];
    for (size_t i = 0; i < sizeof h200_f64 / sizeof h200_f64[0]; i++) {
        const probe_row *r = &h200_f64[i];
        snprintf(name, sizeof name, "f64 row %zu a=%016llx b=%016llx c=%016llx", i + 1,
                 (unsigned long long)r->a, (unsigned long long)r->b, (unsigned long long)r->c);
        EXPECT_BITS("add", name, ws_f64_add(r->a, r->b), r->add);
        EXPECT_BITS("sub", name, ws_f64_sub(r->a, r->b), r->sub);
        EXPECT_BITS("mul", name, ws_f64_mul(r->a, r->b), r->mul);
        EXPECT_BITS("fma", name, ws_f64_fma(r->a, r->b, r->c), r->fma);
        EXPECT_BITS("fmin", name, ws_f64_min(r->a, r->b), r->fmin);
        EXPECT_BITS("fmax", name, ws_f64_max(r->a, r->b), r->fmax);
    }
}

static void test_h200_probe_f32(void **state)
{
    (void)state;
    char name[64];
    for (size_t i = 0; i < sizeof h200_f32 / sizeof h200_f32[0]; i++) {
        const probe_row *r = &h200_f32[i];
        uint32_t a = (uint32_t)r->a, b = (uint32_t)r->b, c = (uint32_t)r->c;
        snprintf(name, sizeof name, "f32 row %zu a=%08x b=%08x c=%08x", i + 1, (unsigned)a,
                 (unsigned)b, (unsigned)c);
        EXPECT_BITS("add", name, ws_f32_add(a, b), r->add);
        EXPECT_BITS("sub", name, ws_f32_sub(a, b), r->sub);
        EXPECT_BITS("mul", name, ws_f32_mul(a, b), r->mul);
        EXPECT_BITS("fma", name, ws_f32_fma(a, b, c), r->fma);
        EXPECT_BITS("fminf", name, ws_f32_min(a, b), r->fmin);
        EXPECT_BITS("fmaxf", name, ws_f32_max(a, b), r->fmax);
    }
}

/* ---- hand-worked scalar cases ----------------------------------------- */

typedef enum { OP_ADD, OP_SUB, OP_MUL, OP_FMA, OP_MIN, OP_MAX } fp_op;
static const char *const op_names[] = {"add", "sub", "mul", "fma", "min", "max"};

typedef struct fp_case {
    const char *name;
    fp_op op;
    uint64_t a, b, c; /* c only for fma */
    uint64_t expect;
} fp_case;

#define F32_ONE 0x3F800000u
#define F32_NAN 0x7FFFFFFFu
#define F32_INF 0x7F800000u
#define F32_NINF 0xFF800000u
#define F32_MAX 0x7F7FFFFFu

static const fp_case f32_cases[] = {
    /* NaN inputs of several payloads: always 0x7FFFFFFF (semantics.md 7) */
    {"qNaN 0x7FC00000 + 1", OP_ADD, 0x7FC00000u, F32_ONE, 0, F32_NAN},
    {"1 + negative qNaN 0xFFC12345", OP_ADD, F32_ONE, 0xFFC12345u, 0, F32_NAN},
    {"sNaN 0x7F800001 + sNaN 0x7FA00000", OP_ADD, 0x7F800001u, 0x7FA00000u, 0, F32_NAN},
    {"canonical NaN + 1", OP_ADD, F32_NAN, F32_ONE, 0, F32_NAN},
    {"sNaN 0x7F800001 - qNaN 0x7FC00000", OP_SUB, 0x7F800001u, 0x7FC00000u, 0, F32_NAN},
    {"1 - negative sNaN 0xFF800005", OP_SUB, F32_ONE, 0xFF800005u, 0, F32_NAN},
    {"NaN 0xFFFFFFFF * 2", OP_MUL, 0xFFFFFFFFu, 0x40000000u, 0, F32_NAN},
    {"0 * qNaN 0x7FC0BEEF", OP_MUL, 0, 0x7FC0BEEFu, 0, F32_NAN},
    {"fma(1, 1, sNaN 0x7FA00000)", OP_FMA, F32_ONE, F32_ONE, 0x7FA00000u, F32_NAN},
    {"fma(qNaN 0xFFC00001, 1, 1)", OP_FMA, 0xFFC00001u, F32_ONE, F32_ONE, F32_NAN},
    {"fma(1, sNaN 0x7F800010, 1)", OP_FMA, F32_ONE, 0x7F800010u, F32_ONE, F32_NAN},
    /* NaNs made from non-NaN inputs */
    {"inf + -inf", OP_ADD, F32_INF, F32_NINF, 0, F32_NAN},
    {"-inf + inf", OP_ADD, F32_NINF, F32_INF, 0, F32_NAN},
    {"inf - inf", OP_SUB, F32_INF, F32_INF, 0, F32_NAN},
    {"0 * inf", OP_MUL, 0, F32_INF, 0, F32_NAN},
    {"-inf * -0", OP_MUL, F32_NINF, 0x80000000u, 0, F32_NAN},
    {"fma(0, inf, 1)", OP_FMA, 0, F32_INF, F32_ONE, F32_NAN},
    {"fma(inf, 1, -inf)", OP_FMA, F32_INF, F32_ONE, F32_NINF, F32_NAN},
    /* fminf/fmaxf: NaN is missing, signalling too; both NaN -> 0x7FFFFFFF */
    {"fminf(sNaN, 2)", OP_MIN, 0x7F800001u, 0x40000000u, 0, 0x40000000u},
    {"fminf(2, sNaN)", OP_MIN, 0x40000000u, 0x7F800001u, 0, 0x40000000u},
    {"fmaxf(negative sNaN, -3)", OP_MAX, 0xFFA00000u, 0xC0400000u, 0, 0xC0400000u},
    {"fmaxf(-3, qNaN)", OP_MAX, 0xC0400000u, 0x7FC00000u, 0, 0xC0400000u},
    {"fminf(-inf, qNaN)", OP_MIN, F32_NINF, 0x7FC00000u, 0, F32_NINF},
    {"fminf(qNaN, sNaN)", OP_MIN, 0x7FC00000u, 0x7F800001u, 0, F32_NAN},
    {"fmaxf(same negative qNaN twice)", OP_MAX, 0xFFC00001u, 0xFFC00001u, 0, F32_NAN},
    {"fmaxf(sNaN, sNaN other payload)", OP_MAX, 0x7F800001u, 0x7F800002u, 0, F32_NAN},
    /* signed zeros, both orders */
    {"fminf(+0, -0)", OP_MIN, 0, 0x80000000u, 0, 0x80000000u},
    {"fminf(-0, +0)", OP_MIN, 0x80000000u, 0, 0, 0x80000000u},
    {"fmaxf(+0, -0)", OP_MAX, 0, 0x80000000u, 0, 0},
    {"fmaxf(-0, +0)", OP_MAX, 0x80000000u, 0, 0, 0},
    {"fminf(1, 2)", OP_MIN, F32_ONE, 0x40000000u, 0, F32_ONE},
    {"fmaxf(-1, -2)", OP_MAX, 0xBF800000u, 0xC0000000u, 0, 0xBF800000u},
    /* non-NaN results, IEEE round to nearest even */
    {"1 + 2 = 3", OP_ADD, F32_ONE, 0x40000000u, 0, 0x40400000u},
    {"0.1f + 0.2f = 0x3E99999A", OP_ADD, 0x3DCCCCCDu, 0x3E4CCCCDu, 0, 0x3E99999Au},
    {"1.5 * 1.5 = 2.25", OP_MUL, 0x3FC00000u, 0x3FC00000u, 0, 0x40100000u},
    {"1 + 2^-24: tie, rounds to even 1", OP_ADD, F32_ONE, 0x33800000u, 0, F32_ONE},
    {"(1 + 2^-23) + 2^-24: tie, rounds to even 1 + 2^-22", OP_ADD, 0x3F800001u, 0x33800000u, 0,
     0x3F800002u},
    {"min subnormal + min subnormal = 2 * 2^-149", OP_ADD, 0x00000001u, 0x00000001u, 0, 0x00000002u},
    {"2^-127 + 2^-127 = 2^-126 (smallest normal)", OP_ADD, 0x00400000u, 0x00400000u, 0, 0x00800000u},
    {"2^-126 - 2^-149 = largest subnormal", OP_SUB, 0x00800000u, 0x00000001u, 0, 0x007FFFFFu},
    {"2^-126 * 0.5 = subnormal 2^-127 (no flush)", OP_MUL, 0x00800000u, 0x3F000000u, 0, 0x00400000u},
    {"FLT_MAX + FLT_MAX overflows to inf", OP_ADD, F32_MAX, F32_MAX, 0, F32_INF},
    {"FLT_MAX * 2 overflows to inf", OP_MUL, F32_MAX, 0x40000000u, 0, F32_INF},
    {"-FLT_MAX - FLT_MAX overflows to -inf", OP_SUB, 0xFF7FFFFFu, F32_MAX, 0, F32_NINF},
    {"1 - 1 = +0", OP_SUB, F32_ONE, F32_ONE, 0, 0},
    {"-0 - +0 = -0", OP_SUB, 0x80000000u, 0, 0, 0x80000000u},
    {"-0 + -0 = -0", OP_ADD, 0x80000000u, 0x80000000u, 0, 0x80000000u},
    {"-1 * 0 = -0", OP_MUL, 0xBF800000u, 0, 0, 0x80000000u},
    /* fma: one rounding. a = 1 + 2^-12 (0x3F800800). a*a = 1 + 2^-11 + 2^-24
     * exactly; rounded alone that is a tie between 1 + 2^-11 (even) and
     * 1 + 2^-11 + 2^-23, so mul gives 1 + 2^-11 = 0x3F801000, and
     * mul-then-add of -1 gives 2^-11 = 0x3A000000. fma keeps the 2^-24:
     * 2^-11 + 2^-24 = 0x3A000400. (Note: a = 1+2^-12, b = 1-2^-12 does not
     * separate them: a*b = 1 - 2^-24 is exact in f32.) */
    {"mul (1+2^-12)^2 = 1 + 2^-11 (tie to even)", OP_MUL, 0x3F800800u, 0x3F800800u, 0, 0x3F801000u},
    {"add (1+2^-11) + -1 = 2^-11", OP_ADD, 0x3F801000u, 0xBF800000u, 0, 0x3A000000u},
    {"fma(1+2^-12, 1+2^-12, -1) = 2^-11 + 2^-24", OP_FMA, 0x3F800800u, 0x3F800800u, 0xBF800000u,
     0x3A000400u},
    {"fma(1+2^-12, 1+2^-12, -(1+2^-11)) = 2^-24", OP_FMA, 0x3F800800u, 0x3F800800u, 0xBF801000u,
     0x33800000u},
    {"fma(1+2^-12, 1-2^-12, -1) = -2^-24", OP_FMA, 0x3F800800u, 0x3F7FF000u, 0xBF800000u,
     0xB3800000u},
    /* fma: the product FLT_MAX * 2 does not overflow before the add */
    {"fma(FLT_MAX, 2, -FLT_MAX) = FLT_MAX", OP_FMA, F32_MAX, 0x40000000u, 0xFF7FFFFFu, F32_MAX},
    {"fma(2, 3, 1) = 7", OP_FMA, 0x40000000u, 0x40400000u, F32_ONE, 0x40E00000u},
};

#define F64_ONE UINT64_C(0x3FF0000000000000)
#define F64_INF UINT64_C(0x7FF0000000000000)
#define F64_NINF UINT64_C(0xFFF0000000000000)
#define F64_DNAN UINT64_C(0xFFF8000000000000)

static const fp_case f64_cases[] = {
    /* the first NaN operand, quieted (semantics.md 7: 0x7FF4.. becomes 0x7FFC..) */
    {"sNaN 0x7FF4.. + 1 -> 0x7FFC..", OP_ADD, UINT64_C(0x7FF4000000000000), F64_ONE, 0,
     UINT64_C(0x7FFC000000000000)},
    {"1 + sNaN 0x7FF4.. -> 0x7FFC..", OP_ADD, F64_ONE, UINT64_C(0x7FF4000000000000), 0,
     UINT64_C(0x7FFC000000000000)},
    {"1 + sNaN payload 1", OP_ADD, F64_ONE, UINT64_C(0x7FF0000000000001), 0,
     UINT64_C(0x7FF8000000000001)},
    {"negative sNaN - qNaN: first, quieted, sign kept", OP_SUB, UINT64_C(0xFFF0000000000001),
     UINT64_C(0x7FF8000000000002), 0, UINT64_C(0xFFF8000000000001)},
    {"qNaN * negative sNaN: first", OP_MUL, UINT64_C(0x7FF8000000000005),
     UINT64_C(0xFFF0000000000009), 0, UINT64_C(0x7FF8000000000005)},
    {"qNaN 0x7FF8..ABC + 2: unchanged", OP_ADD, UINT64_C(0x7FF8000000000ABC),
     UINT64_C(0x4000000000000000), 0, UINT64_C(0x7FF8000000000ABC)},
    {"sNaN * 0: the NaN wins over the invalid op", OP_MUL, UINT64_C(0x7FF0000000000001), 0, 0,
     UINT64_C(0x7FF8000000000001)},
    /* NaN made from non-NaN inputs: 0xFFF8000000000000 */
    {"inf + -inf", OP_ADD, F64_INF, F64_NINF, 0, F64_DNAN},
    {"inf - inf", OP_SUB, F64_INF, F64_INF, 0, F64_DNAN},
    {"0 * inf", OP_MUL, 0, F64_INF, 0, F64_DNAN},
    {"-inf * 0", OP_MUL, F64_NINF, 0, 0, F64_DNAN},
    /* fmin/fmax */
    {"fmin(qNaN, 2) = 2", OP_MIN, UINT64_C(0x7FF8000000000001), UINT64_C(0x4000000000000000), 0,
     UINT64_C(0x4000000000000000)},
    {"fmax(2, sNaN) = 2", OP_MAX, UINT64_C(0x4000000000000000), UINT64_C(0x7FF0000000000001), 0,
     UINT64_C(0x4000000000000000)},
    {"fmin(sNaN 3, qNaN 4) = first quieted", OP_MIN, UINT64_C(0x7FF0000000000003),
     UINT64_C(0x7FF8000000000004), 0, UINT64_C(0x7FF8000000000003)},
    {"fmin(+0, -0) = -0", OP_MIN, 0, UINT64_C(0x8000000000000000), 0, UINT64_C(0x8000000000000000)},
    {"fmin(-0, +0) = -0", OP_MIN, UINT64_C(0x8000000000000000), 0, 0, UINT64_C(0x8000000000000000)},
    {"fmax(-0, +0) = +0", OP_MAX, UINT64_C(0x8000000000000000), 0, 0, 0},
    {"fmax(+0, -0) = +0", OP_MAX, 0, UINT64_C(0x8000000000000000), 0, 0},
    /* non-NaN */
    {"1 + 2 = 3", OP_ADD, F64_ONE, UINT64_C(0x4000000000000000), 0, UINT64_C(0x4008000000000000)},
    {"0.1 + 0.2 = 0.30000000000000004", OP_ADD, UINT64_C(0x3FB999999999999A),
     UINT64_C(0x3FC999999999999A), 0, UINT64_C(0x3FD3333333333334)},
    {"min subnormal + min subnormal", OP_ADD, 1, 1, 0, 2},
    {"DBL_MAX + DBL_MAX = inf", OP_ADD, UINT64_C(0x7FEFFFFFFFFFFFFF), UINT64_C(0x7FEFFFFFFFFFFFFF), 0,
     F64_INF},
    /* a = 1 + 2^-27: a*a = 1 + 2^-26 + 2^-54, the 2^-54 is below half an
     * ulp (2^-53) so mul gives 1 + 2^-26; fma(a, a, -1) = 2^-26 + 2^-54. */
    {"mul (1+2^-27)^2 = 1 + 2^-26", OP_MUL, UINT64_C(0x3FF0000002000000),
     UINT64_C(0x3FF0000002000000), 0, UINT64_C(0x3FF0000004000000)},
    {"fma(1+2^-27, 1+2^-27, -1) = 2^-26 + 2^-54", OP_FMA, UINT64_C(0x3FF0000002000000),
     UINT64_C(0x3FF0000002000000), UINT64_C(0xBFF0000000000000), UINT64_C(0x3E50000001000000)},
};

static uint64_t apply_f32(fp_op op, uint32_t a, uint32_t b, uint32_t c)
{
    switch (op) {
    case OP_ADD: return ws_f32_add(a, b);
    case OP_SUB: return ws_f32_sub(a, b);
    case OP_MUL: return ws_f32_mul(a, b);
    case OP_FMA: return ws_f32_fma(a, b, c);
    case OP_MIN: return ws_f32_min(a, b);
    case OP_MAX: return ws_f32_max(a, b);
    }
    return 0;
}

static uint64_t apply_f64(fp_op op, uint64_t a, uint64_t b, uint64_t c)
{
    switch (op) {
    case OP_ADD: return ws_f64_add(a, b);
    case OP_SUB: return ws_f64_sub(a, b);
    case OP_MUL: return ws_f64_mul(a, b);
    case OP_FMA: return ws_f64_fma(a, b, c);
    case OP_MIN: return ws_f64_min(a, b);
    case OP_MAX: return ws_f64_max(a, b);
    }
    return 0;
}

static void test_f32_hand_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof f32_cases / sizeof f32_cases[0]; i++) {
        const fp_case *c = &f32_cases[i];
        EXPECT_BITS(op_names[c->op], c->name,
                    apply_f32(c->op, (uint32_t)c->a, (uint32_t)c->b, (uint32_t)c->c), c->expect);
    }
}

static void test_f64_hand_cases(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof f64_cases / sizeof f64_cases[0]; i++) {
        const fp_case *c = &f64_cases[i];
        EXPECT_BITS(op_names[c->op], c->name, apply_f64(c->op, c->a, c->b, c->c), c->expect);
    }
}

/* ---- comparisons (ordered: false with a NaN; +0 == -0) ------------------ */

typedef struct cmp_case {
    const char *name;
    uint64_t a, b;
    bool lt, le, eq;
} cmp_case;

static const cmp_case f32_cmp[] = {
    {"1 ? 2", F32_ONE, 0x40000000u, true, true, false},
    {"2 ? 1", 0x40000000u, F32_ONE, false, false, false},
    {"2 ? 2", 0x40000000u, 0x40000000u, false, true, true},
    {"+0 ? -0", 0, 0x80000000u, false, true, true},
    {"-0 ? +0", 0x80000000u, 0, false, true, true},
    {"qNaN ? 1", 0x7FC00000u, F32_ONE, false, false, false},
    {"1 ? qNaN", F32_ONE, 0x7FC00000u, false, false, false},
    {"same NaN bits", F32_NAN, F32_NAN, false, false, false},
    {"sNaN ? sNaN", 0x7F800001u, 0x7F800001u, false, false, false},
    {"-inf ? inf", F32_NINF, F32_INF, true, true, false},
    {"inf ? inf", F32_INF, F32_INF, false, true, true},
    {"subnormal ? 0 (no flush)", 0x00000001u, 0, false, false, false},
    {"0 ? subnormal (no flush)", 0, 0x00000001u, true, true, false},
    {"-1 ? 1", 0xBF800000u, F32_ONE, true, true, false},
};

static const cmp_case f64_cmp[] = {
    {"1 ? 2", F64_ONE, UINT64_C(0x4000000000000000), true, true, false},
    {"2 ? 1", UINT64_C(0x4000000000000000), F64_ONE, false, false, false},
    {"1 ? 1", F64_ONE, F64_ONE, false, true, true},
    {"+0 ? -0", 0, UINT64_C(0x8000000000000000), false, true, true},
    {"-0 ? +0", UINT64_C(0x8000000000000000), 0, false, true, true},
    {"qNaN ? 1", UINT64_C(0x7FF8000000000000), F64_ONE, false, false, false},
    {"1 ? sNaN", F64_ONE, UINT64_C(0x7FF0000000000001), false, false, false},
    {"same NaN bits", UINT64_C(0xFFF8000000000000), UINT64_C(0xFFF8000000000000), false, false,
     false},
    {"-inf ? inf", F64_NINF, F64_INF, true, true, false},
    {"subnormal ? 0", 1, 0, false, false, false},
};

static void test_comparisons(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof f32_cmp / sizeof f32_cmp[0]; i++) {
        const cmp_case *c = &f32_cmp[i];
        uint32_t a = (uint32_t)c->a, b = (uint32_t)c->b;
        EXPECT_BITS("f32 lt", c->name, ws_f32_lt(a, b), c->lt);
        EXPECT_BITS("f32 le", c->name, ws_f32_le(a, b), c->le);
        EXPECT_BITS("f32 eq", c->name, ws_f32_eq(a, b), c->eq);
    }
    for (size_t i = 0; i < sizeof f64_cmp / sizeof f64_cmp[0]; i++) {
        const cmp_case *c = &f64_cmp[i];
        EXPECT_BITS("f64 lt", c->name, ws_f64_lt(c->a, c->b), c->lt);
        EXPECT_BITS("f64 le", c->name, ws_f64_le(c->a, c->b), c->le);
        EXPECT_BITS("f64 eq", c->name, ws_f64_eq(c->a, c->b), c->eq);
    }
}

static void test_is_nan_and_select(void **state)
{
    (void)state;
    static const struct {
        uint32_t bits;
        bool nan;
    } f32[] = {{F32_INF, false}, {F32_NINF, false}, {0x7F800001u, true}, {0xFFC00000u, true},
               {F32_NAN, true},  {F32_MAX, false},  {0x80000000u, false}};
    for (size_t i = 0; i < sizeof f32 / sizeof f32[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "%08x", (unsigned)f32[i].bits);
        EXPECT_BITS("f32_is_nan", name, ws_f32_is_nan(f32[i].bits), f32[i].nan);
    }
    static const struct {
        uint64_t bits;
        bool nan;
    } f64[] = {{F64_INF, false}, {UINT64_C(0x7FF0000000000001), true}, {F64_DNAN, true},
               {UINT64_C(0x7FEFFFFFFFFFFFFF), false}, {UINT64_C(0x7FF8000000000000), true}};
    for (size_t i = 0; i < sizeof f64 / sizeof f64[0]; i++) {
        char name[32];
        snprintf(name, sizeof name, "%016llx", (unsigned long long)f64[i].bits);
        EXPECT_BITS("f64_is_nan", name, ws_f64_is_nan(f64[i].bits), f64[i].nan);
    }
    /* select copies bits, NaN payloads untouched */
    EXPECT_BITS("select", "true", ws_select_bits(true, UINT64_C(0x7FF4000000000001), 5),
                UINT64_C(0x7FF4000000000001));
    EXPECT_BITS("select", "false", ws_select_bits(false, 5, 0x7F800001u), 0x7F800001u);
}

/* ---- lane-level ops ------------------------------------------------------ */

#define SENTINEL(lane) (0xBAD00000u + (uint32_t)(lane))

static void expect_lanes(ws_warp *w, ws_reg r, const char *what, const uint64_t want[32])
{
    char name[32];
    for (int l = 0; l < 32; l++) {
        snprintf(name, sizeof name, "lane %d", l);
        EXPECT_BITS(what, name, ws_get_bits(w, r, l), want[l]);
    }
}

/* WS_ADD / WS_SUB / WS_MUL on f32 registers: every NaN result is
 * 0x7FFFFFFF in every lane, whatever the payload. */
static void test_lane_f32_nan_canonical(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_F32);
    ws_reg one = test_reg(w, "one", WS_F32);
    ws_reg inf = test_reg(w, "inf", WS_F32);
    ws_reg ninf = test_reg(w, "ninf", WS_F32);
    ws_reg zero = test_reg(w, "zero", WS_F32);
    ws_reg d = test_reg(w, "d", WS_F32);
    uint64_t want[32];
    for (int l = 0; l < 32; l++) {
        /* even lanes: quiet NaN with payload l; odd lanes: negative sNaN */
        uint32_t nan = (l % 2 == 0) ? (0x7FC00000u | (uint32_t)l) : (0xFF800000u | (uint32_t)l);
        ws_set_bits(w, a, l, nan);
        ws_set_bits(w, one, l, F32_ONE);
        ws_set_bits(w, inf, l, F32_INF);
        ws_set_bits(w, ninf, l, F32_NINF);
        ws_set_bits(w, zero, l, 0);
        want[l] = F32_NAN;
    }
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_F32, d, a, one), WS_OK);
    expect_lanes(w, d, "NaN + 1", want);
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_F32, d, one, a), WS_OK);
    expect_lanes(w, d, "1 + NaN", want);
    assert_int_equal(ws_binop_apply(w, WS_SUB, WS_F32, d, a, a), WS_OK);
    expect_lanes(w, d, "NaN - NaN", want);
    assert_int_equal(ws_binop_apply(w, WS_MUL, WS_F32, d, one, a), WS_OK);
    expect_lanes(w, d, "1 * NaN", want);
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_F32, d, inf, ninf), WS_OK);
    expect_lanes(w, d, "inf + -inf", want);
    assert_int_equal(ws_binop_apply(w, WS_MUL, WS_F32, d, zero, inf), WS_OK);
    expect_lanes(w, d, "0 * inf", want);
    assert_int_equal(ws_fma_apply(w, WS_F32, d, one, one, a), WS_OK);
    expect_lanes(w, d, "fma(1, 1, NaN)", want);
    assert_int_equal(ws_binop_imm(w, WS_ADD, WS_F32, d, a, 0x40000000u), WS_OK);
    expect_lanes(w, d, "NaN + imm 2", want);
    /* min: NaN is missing, so the other operand comes back */
    for (int l = 0; l < 32; l++)
        want[l] = F32_ONE;
    assert_int_equal(ws_binop_apply(w, WS_MIN, WS_F32, d, a, one), WS_OK);
    expect_lanes(w, d, "fminf(NaN, 1)", want);
    drop_warp(w);
}

/* Mixed lanes: only NaN lanes canonicalise, the others are exact, and only
 * executing lanes are written. */
static void test_lane_f32_mixed_and_inactive(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_F32);
    ws_reg b = test_reg(w, "b", WS_F32);
    ws_reg d = test_reg(w, "d", WS_F32);
    /* small integers as f32 bits, written out: 1.0, 2.0, 3.0 */
    static const uint32_t f_one = 0x3F800000u, f_two = 0x40000000u, f_three = 0x40400000u;
    uint64_t want[32];
    for (int l = 0; l < 32; l++) {
        bool nan = (l % 4 == 1);
        ws_set_bits(w, a, l, nan ? 0x7FA00000u + (uint32_t)l : f_one);
        ws_set_bits(w, b, l, f_two);
        ws_set_bits(w, d, l, SENTINEL(l));
        if (l >= 16)
            want[l] = SENTINEL(l); /* not executing */
        else
            want[l] = nan ? F32_NAN : f_three;
    }
    assert_int_equal(ws_if_lanes(w, 0x0000FFFFu), WS_OK);
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_F32, d, a, b), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    expect_lanes(w, d, "if lanes 0-15: a + 2", want);
    drop_warp(w);
}

/* fma on lanes: a single rounding (see the scalar case above). */
static void test_lane_fma_single_rounding(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_F32);
    ws_reg c = test_reg(w, "c", WS_F32);
    ws_reg d = test_reg(w, "d", WS_F32);
    ws_reg a64 = test_reg(w, "a64", WS_F64);
    ws_reg c64 = test_reg(w, "c64", WS_F64);
    ws_reg d64 = test_reg(w, "d64", WS_F64);
    uint64_t want[32], want64[32];
    for (int l = 0; l < 32; l++) {
        ws_set_bits(w, a, l, 0x3F800800u);  /* 1 + 2^-12 */
        ws_set_bits(w, c, l, 0xBF800000u);  /* -1 */
        ws_set_bits(w, a64, l, UINT64_C(0x3FF0000002000000)); /* 1 + 2^-27 */
        ws_set_bits(w, c64, l, UINT64_C(0xBFF0000000000000)); /* -1 */
        want[l] = 0x3A000400u;                   /* 2^-11 + 2^-24 */
        want64[l] = UINT64_C(0x3E50000001000000); /* 2^-26 + 2^-54 */
    }
    assert_int_equal(ws_fma_apply(w, WS_F32, d, a, a, c), WS_OK);
    expect_lanes(w, d, "f32 fma", want);
    assert_int_equal(ws_fma_apply(w, WS_F64, d64, a64, a64, c64), WS_OK);
    expect_lanes(w, d64, "f64 fma", want64);
    /* mul then add rounds twice: 2^-11 */
    assert_int_equal(ws_binop_apply(w, WS_MUL, WS_F32, d, a, a), WS_OK);
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_F32, d, d, c), WS_OK);
    for (int l = 0; l < 32; l++)
        want[l] = 0x3A000000u;
    expect_lanes(w, d, "f32 mul then add", want);
    drop_warp(w);
}

/* f64 lanes keep the first NaN's payload, quieted. */
static void test_lane_f64_payload(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_F64);
    ws_reg one = test_reg(w, "one", WS_F64);
    ws_reg d = test_reg(w, "d", WS_F64);
    uint64_t want[32];
    for (int l = 0; l < 32; l++) {
        ws_set_bits(w, a, l, UINT64_C(0x7FF0000000000000) | (uint64_t)(l + 1)); /* sNaN */
        ws_set_bits(w, one, l, F64_ONE);
        want[l] = UINT64_C(0x7FF8000000000000) | (uint64_t)(l + 1);
    }
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_F64, d, one, a), WS_OK);
    expect_lanes(w, d, "f64 1 + sNaN", want);
    drop_warp(w);
}

/* Integer add wraps; 32-bit results keep the high word of the cell 0. */
static void test_lane_integer_add_wraps(void **state)
{
    (void)state;
    ws_warp *w = test_warp(WS_PROFILE_SM90, 0);
    ws_reg a = test_reg(w, "a", WS_I32);
    ws_reg b = test_reg(w, "b", WS_I32);
    ws_reg d = test_reg(w, "d", WS_I32);
    ws_reg ua = test_reg(w, "ua", WS_U32);
    ws_reg ub = test_reg(w, "ub", WS_U32);
    ws_reg ud = test_reg(w, "ud", WS_U32);
    ws_reg qa = test_reg(w, "qa", WS_U64);
    ws_reg qb = test_reg(w, "qb", WS_U64);
    ws_reg qd = test_reg(w, "qd", WS_U64);
    uint64_t want_i[32], want_u[32], want_q[32];
    for (int l = 0; l < 32; l++) {
        ws_set_i32(w, a, l, 0x7FFFFFFF); /* INT_MAX */
        ws_set_i32(w, b, l, l);
        ws_set_u32(w, ua, l, 0xFFFFFFFFu);
        ws_set_u32(w, ub, l, (uint32_t)l);
        ws_set_u64(w, qa, l, UINT64_C(0xFFFFFFFFFFFFFFFF));
        ws_set_u64(w, qb, l, (uint64_t)l);
        /* INT_MAX + l wraps: lane 1 = 0x80000000 (INT_MIN), lane 31 = 0x8000001E */
        want_i[l] = (uint32_t)(0x7FFFFFFFu + (uint32_t)l);
        /* 0xFFFFFFFF + l: lane 0 = 0xFFFFFFFF, lane 1 = 0, lane l = l - 1 */
        want_u[l] = l == 0 ? 0xFFFFFFFFu : (uint64_t)(l - 1);
        want_q[l] = l == 0 ? UINT64_C(0xFFFFFFFFFFFFFFFF) : (uint64_t)(l - 1);
    }
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_I32, d, a, b), WS_OK);
    expect_lanes(w, d, "i32 INT_MAX + lane", want_i);
    assert_int_equal(ws_get_i32(w, d, 1), (int32_t)(-2147483647 - 1));
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_U32, ud, ua, ub), WS_OK);
    expect_lanes(w, ud, "u32 0xFFFFFFFF + lane", want_u);
    assert_int_equal(ws_binop_apply(w, WS_ADD, WS_U64, qd, qa, qb), WS_OK);
    expect_lanes(w, qd, "u64 2^64-1 + lane", want_q);
    drop_warp(w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_h200_probe_f64),
        cmocka_unit_test(test_h200_probe_f32),
        cmocka_unit_test(test_f32_hand_cases),
        cmocka_unit_test(test_f64_hand_cases),
        cmocka_unit_test(test_comparisons),
        cmocka_unit_test(test_is_nan_and_select),
        cmocka_unit_test(test_lane_f32_nan_canonical),
        cmocka_unit_test(test_lane_f32_mixed_and_inactive),
        cmocka_unit_test(test_lane_fma_single_rounding),
        cmocka_unit_test(test_lane_f64_payload),
        cmocka_unit_test(test_lane_integer_add_wraps),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
