/* lg2.approx.ftz.f32 (MUFU.LG2), the special-function unit's log2, as
 * reconstructed from the GPU's results (issue 23): every float of [1, 2)
 * measured on an H100 (sm_90, the H200's SM) by docs/probes/mufu_probe.cu
 * (docs/probes/mufu.h100/lg2.tab.xz), ten further binades by
 * docs/probes/mufu_dump_probe.cu (lg2e.bin.xz), and the GPU's count of
 * inputs that break "e + lg2(1.m), rounded once" over all positive normal
 * inputs (1,064,174,777), which the model reproduces exactly; the whole
 * instruction is checked against the GPU on every input by
 * scripts/gpumath-check.sh.
 *
 * The datapath, for x = 1.m 2^e:
 * - The top 6 bits of m pick one of 64 segments, the low 17 bits are X.
 * - log2(1.m) in fixed point, units of 2^-38:
 *   C0 2^12 + 837 + C1 X - 2 C2 sq(X), with C0 26 bits (units 2^-26), C1
 *   16 bits, C2 10 bits, sq the truncated squarer MUFU.EX2 has too; then
 *   cut to units of 2^-36.
 * - The exponent is added in fixed point: w = e 2^36 + t. A negative w's
 *   magnitude is its ones' complement (-w - 1), not its negation.
 * - The magnitude is truncated to a float (toward zero), the sign applied.
 * - log2(1) is +0 (the datapath alone would give 7377 2^-36); zeros and
 *   denormals give -inf, +inf gives +inf, a negative or NaN input 0x7FFFFFFF.
 * The coefficients were fitted to the measurements (least squares, then
 * the integers that reproduce every result). */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

/* C0, C1, C2 of each of the 64 segments. */
static const uint32_t lg2_c0[64] = {
    7, 1501082, 2979248, 4435178, 5869541, 7282962, 8676044, 10049363,
    11403483, 12738917, 14056184, 15355769, 16638140, 17903743, 19153023, 20386388,
    21604233, 22806955, 23994917, 25168476, 26327983, 27473763, 28606145, 29725438,
    30831938, 31925933, 33007706, 34077525, 35135650, 36182341, 37217834, 38242366,
    39256173, 40259472, 41252485, 42235415, 43208464, 44171830, 45125709, 46070275,
    47005716, 47932209, 48849920, 49759008, 50659645, 51551985, 52436169, 53312352,
    54180676, 55041283, 55894308, 56739878, 57578134, 58409191, 59233179, 60050209,
    60860399, 61663869, 62460730, 63251080, 64035037, 64812691, 65584149, 66349508};
static const uint32_t lg2_c1[64] = {
    47272, 46545, 45840, 45156, 44492, 43847, 43221, 42612,
    42020, 41444, 40884, 40339, 39809, 39292, 38788, 38297,
    37818, 37351, 36896, 36451, 36018, 35594, 35180, 34776,
    34380, 33994, 33616, 33247, 32886, 32532, 32186, 31847,
    31516, 31191, 30872, 30561, 30255, 29955, 29662, 29374,
    29091, 28814, 28542, 28276, 28014, 27757, 27505, 27257,
    27013, 26774, 26540, 26309, 26082, 25859, 25640, 25424,
    25213, 25004, 24799, 24598, 24399, 24204, 24012, 23823};
static const uint32_t lg2_c2[64] = {
    727, 705, 685, 665, 646, 627, 610, 592, 576, 559, 544, 530, 518, 504, 491, 479,
    466, 455, 445, 433, 425, 414, 404, 396, 385, 377, 368, 361, 354, 346, 339, 331,
    326, 319, 311, 307, 300, 293, 289, 283, 276, 271, 266, 262, 257, 253, 249, 244,
    238, 234, 232, 227, 223, 219, 216, 211, 209, 204, 201, 199, 195, 192, 189, 186};

/* log2(1.m) in units of 2^-36, 0 <= t < 2^36. */
static int64_t lg2_fraction(uint32_t m)
{
    uint32_t i = m >> 17, X = m & 0x1FFFFu;
    int64_t s = ((int64_t)lg2_c0[i] << 12) + 837 + (int64_t)lg2_c1[i] * X - 2 * (int64_t)lg2_c2[i] * mufu_squarer(X);
    return s >> 2;
}

float ws_gpu_lg2_approx_ftz(float x)
{
    uint32_t b = ws_inl_f32_bits(x), e = b >> 23 & 0xFF, m = b & 0x7FFFFFu;
    if (b == 0x7F800000u)
        return x; /* +inf */
    if (e == 0)
        return ws_inl_f32(0xFF800000u); /* +-0 and flushed denormals: -inf */
    if (e == 0xFF || b >> 31)
        return ws_inl_f32(WS_F32_CANONICAL_NAN); /* NaN, negative, -inf */
    if (b == 0x3F800000u)
        return 0.0f;
    int64_t w = (int64_t)((int)e - 127) * ((int64_t)1 << 36) + lg2_fraction(m);
    uint32_t sign = w < 0 ? 0x80000000u : 0;
    uint64_t magnitude = w < 0 ? (uint64_t)~w : (uint64_t)w;
    if (magnitude == 0)
        return ws_inl_f32(sign);
    int top = 63 - __builtin_clzll(magnitude); /* truncated to 24 significant bits */
    uint64_t significand = top > 23 ? magnitude >> (top - 23) : magnitude << (23 - top);
    return ws_inl_f32(sign | (uint32_t)(top - 36 + 127) << 23 | ((uint32_t)significand & 0x7FFFFFu));
}

/* lg2.approx.f32: ptxas scales a denormal argument by 2^24 and subtracts
 * 24 from the result (docs/probes/mufu_sass.h100.txt). */
float ws_gpu_lg2_approx(float x)
{
    if (!(fabsf(x) < 0x1p-126f))
        return ws_gpu_lg2_approx_ftz(x);
    return gpu_f32(ws_gpu_lg2_approx_ftz(x * 0x1p24f) + -24.0f);
}
