/* Float operations in each of the GPU's four rounding modes (PTX's .rn,
 * .rz, .ru, .rd; CUDA's __fadd_rz, __fdiv_ru, __fsqrt_rd, __dmul_rz ...),
 * with the GPU's NaN bits. The GPU's add, sub, mul, fma, div, rcp and sqrt
 * in these modes are IEEE 754's correctly rounded results, so the host's
 * instructions give the same bits under the same rounding mode: the mode
 * is set around one operation, on volatile operands so that the compiler
 * neither folds the operation nor moves it past the mode's change. NaN
 * results follow fpops.c's rules. */
#include <fenv.h>
#include <stdbool.h>
#include <math.h>

#include "warpsim/fpops.h"

static int host_mode(ws_rounding r)
{
    return r == WS_ROUND_ZERO ? FE_TOWARDZERO : r == WS_ROUND_UP ? FE_UPWARD : r == WS_ROUND_DOWN ? FE_DOWNWARD
                                                                                             : FE_TONEAREST;
}

uint32_t ws_f32_rounded(ws_fp_op op, ws_rounding r, uint32_t a, uint32_t b, uint32_t c)
{
    volatile float x = ws_f32_from_bits(a), y = ws_f32_from_bits(b), z = ws_f32_from_bits(c);
    volatile float v;
    int saved = fegetround();
    fesetround(host_mode(r));
    switch (op) {
    case WS_FP_ADD: v = x + y; break;
    case WS_FP_SUB: v = x - y; break;
    case WS_FP_MUL: v = x * y; break;
    case WS_FP_DIV: v = x / y; break;
    case WS_FP_RCP: v = 1.0f / x; break;
    case WS_FP_SQRT: v = sqrtf(x); break;
    default: v = fmaf(x, y, z); break;
    }
    fesetround(saved);
    float result = v;
    return isnan(result) ? WS_F32_CANONICAL_NAN : ws_f32_bits(result);
}

uint64_t ws_f64_rounded(ws_fp_op op, ws_rounding r, uint64_t a, uint64_t b, uint64_t c)
{
    /* A NaN operand comes through quieted, the first in the instruction's
     * operand order; a NaN made from numbers is the default NaN. Measured
     * (docs/probes/rounded_intrinsics.h200.txt): ptxas gives the directed add,
     * sub, mul and fma their factors swapped, so b comes first there
     * (fma: b, c, a); div, rcp, sqrt keep a first. */
    bool swapped = r != WS_ROUND_NEAREST && op != WS_FP_DIV && op != WS_FP_RCP && op != WS_FP_SQRT;
    const uint64_t order[3] = {swapped ? b : a, op == WS_FP_FMA ? c : swapped ? a : b, op == WS_FP_FMA ? (swapped ? a : b) : c};
    int operands = op == WS_FP_FMA ? 3 : op == WS_FP_RCP || op == WS_FP_SQRT ? 1 : 2;
    for (int i = 0; i < operands; i++)
        if (ws_f64_is_nan(order[i]))
            return order[i] | WS_F64_QUIET_BIT;
    volatile double x = ws_f64_from_bits(a), y = ws_f64_from_bits(b), z = ws_f64_from_bits(c);
    volatile double v;
    int saved = fegetround();
    fesetround(host_mode(r));
    switch (op) {
    case WS_FP_ADD: v = x + y; break;
    case WS_FP_SUB: v = x - y; break;
    case WS_FP_MUL: v = x * y; break;
    case WS_FP_DIV: v = x / y; break;
    case WS_FP_RCP: v = 1.0 / x; break;
    case WS_FP_SQRT: v = sqrt(x); break;
    default: v = fma(x, y, z); break;
    }
    fesetround(saved);
    double result = v;
    return isnan(result) ? WS_F64_DEFAULT_NAN : ws_f64_bits(result);
}

/* An integer's magnitude rounded to `precision` significant bits in mode r (the sign says
 * which way up and down go), in integer arithmetic: the host's conversion instructions follow
 * the rounding mode, but compilers convert an unsigned 64-bit value with sequences of their own,
 * and clang's (2^52 + low) - 2^52 gives -0.0 for 0 when rounding down. The result, at most
 * 2^precision times a power of two, is exact in the target type. */
static double int_rounded(uint64_t magnitude, bool negative, int precision, ws_rounding r)
{
    if (magnitude == 0)
        return 0.0;
    int bits = 64 - __builtin_clzll(magnitude), shift = bits > precision ? bits - precision : 0;
    uint64_t q = magnitude >> shift, rest = shift ? magnitude & ((UINT64_C(1) << shift) - 1) : 0;
    if (rest) {
        uint64_t half = UINT64_C(1) << (shift - 1);
        bool up = r == WS_ROUND_NEAREST ? rest > half || (rest == half && (q & 1))
                : r == WS_ROUND_UP      ? !negative
                : r == WS_ROUND_DOWN    ? negative
                                        : false;
        q += up;
    }
    double d = ldexp((double)q, shift); /* q < 2^53: exact */
    return negative ? -d : d;
}
static uint64_t magnitude_of(int64_t v) { return v < 0 ? 0 - (uint64_t)v : (uint64_t)v; }

uint32_t ws_cvt_i64_f32(int64_t v, ws_rounding r)
{
    return ws_f32_bits((float)int_rounded(magnitude_of(v), v < 0, 24, r));
}
uint32_t ws_cvt_u64_f32(uint64_t v, ws_rounding r) { return ws_f32_bits((float)int_rounded(v, false, 24, r)); }
uint64_t ws_cvt_i64_f64(int64_t v, ws_rounding r) { return ws_f64_bits(int_rounded(magnitude_of(v), v < 0, 53, r)); }
uint64_t ws_cvt_u64_f64(uint64_t v, ws_rounding r) { return ws_f64_bits(int_rounded(v, false, 53, r)); }

/* f64 to f32: the host's cvtsd2ss under the mode, as for the operations above. */
uint32_t ws_cvt_f64_f32(uint64_t v, ws_rounding r)
{
    /* A NaN keeps its sign and the top 22 bits of its payload, made quiet, in every mode (as
       the host's and the GPU's round-to-nearest conversion do): conversions.cu's hashes of
       __double2float_rz/ru/rd equal the H100's only so. */
    if (ws_f64_is_nan(v))
        return (uint32_t)(v >> 63) << 31 | 0x7FC00000u | (uint32_t)(v >> 29 & 0x3FFFFFu);
    volatile double in = ws_f64_from_bits(v);
    volatile float out;
    int saved = fegetround();
    fesetround(host_mode(r));
    out = (float)in;
    fesetround(saved);
    return ws_f32_bits(out);
}
