/* Float operations in each of the GPU's four rounding modes (PTX's .rn,
 * .rz, .ru, .rd; CUDA's __fadd_rz, __fdiv_ru, __fsqrt_rd, __dmul_rz ...),
 * with the GPU's NaN bits. The GPU's add, sub, mul, fma, div, rcp and sqrt
 * in these modes are IEEE 754's correctly rounded results, so the host's
 * instructions give the same bits under the same rounding mode: the mode
 * is set around one operation, on volatile operands so that the compiler
 * neither folds the operation nor moves it past the mode's change. NaN
 * results follow fpops.c's rules. */
#include <fenv.h>
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

/* The conversions: the host's cvtsi2ss/cvtsi2sd/cvtsd2ss (and the compiler's
 * sequence for unsigned 64-bit values, which halves a value above 2^63 with
 * its last bit kept as a sticky bit, so it rounds right in every mode)
 * under the mode, as for the operations above. */
#define CONVERT_ROUNDED(from_type, to_type, value, r, out)                                                       \
    do {                                                                                                         \
        volatile from_type in_ = (value);                                                                        \
        volatile to_type v_;                                                                                     \
        int saved_ = fegetround();                                                                               \
        fesetround(host_mode(r));                                                                                \
        v_ = (to_type)in_;                                                                                       \
        fesetround(saved_);                                                                                      \
        (out) = v_;                                                                                              \
    } while (0)

uint32_t ws_cvt_i64_f32(int64_t v, ws_rounding r)
{
    float f;
    CONVERT_ROUNDED(int64_t, float, v, r, f);
    return ws_f32_bits(f);
}
uint32_t ws_cvt_u64_f32(uint64_t v, ws_rounding r)
{
    float f;
    CONVERT_ROUNDED(uint64_t, float, v, r, f);
    return ws_f32_bits(f);
}
uint64_t ws_cvt_i64_f64(int64_t v, ws_rounding r)
{
    double d;
    CONVERT_ROUNDED(int64_t, double, v, r, d);
    return ws_f64_bits(d);
}
uint64_t ws_cvt_u64_f64(uint64_t v, ws_rounding r)
{
    double d;
    CONVERT_ROUNDED(uint64_t, double, v, r, d);
    return ws_f64_bits(d);
}
uint32_t ws_cvt_f64_f32(uint64_t v, ws_rounding r)
{
    /* A NaN keeps its sign and the top 22 bits of its payload, made quiet, in every mode (as
       the host's and the GPU's round-to-nearest conversion do): conversions.cu's hashes of
       __double2float_rz/ru/rd equal the H100's only so. */
    if (ws_f64_is_nan(v))
        return (uint32_t)(v >> 63) << 31 | 0x7FC00000u | (uint32_t)(v >> 29 & 0x3FFFFFu);
    float f;
    CONVERT_ROUNDED(double, float, ws_f64_from_bits(v), r, f);
    return ws_f32_bits(f);
}
