/* sin.approx.f32 and cos.approx.f32 (FMUL.RZ by 1/(2 pi), then MUFU.SIN or
 * MUFU.COS), the special-function unit's sine and cosine behind __sinf,
 * __cosf, __sincosf and __tanf, as reconstructed from the GPU's results
 * (issue 23): both at x = k 2^-21 for every k < 2^23 (x in [0, 4)),
 * measured on an H100 (sm_90, the H200's SM) by
 * docs/probes/mufu_dump_probe.cu (docs/probes/mufu.h100/sincos.bin.xz); the
 * model reproduces all 2 x 2^23 of them, and scripts/gpumath-check.sh checks
 * every input against the GPU.
 *
 * The datapath:
 * - r = x * 0x1.45f306p-3 (1/(2 pi) as a float) rounded toward zero: the
 *   argument in revolutions. A zero or denormal r is a zero.
 * - a = the first 25 fraction bits of |r| (truncated; the integer part
 *   dropped). cos adds a quarter revolution: cos(r) is sin(r + 1/4).
 * - The quadrant q is a's top 2 bits, u the other 23; in odd quadrants u is
 *   its ones' complement (2^23 - 1 - u), and quadrants 2 and 3 negate the
 *   result, a zero too (sin of half a revolution is -0).
 * - sin(pi/2 u 2^-23) in fixed point, units of 2^-37: the top 6 bits of u
 *   pick one of 64 segments, X is the low 17, and T = C0 2^12 + C1 X -
 *   C2 sq(X), with C0 25 bits, C1 15, C2 11 and the truncated squarer of
 *   MUFU.EX2 and MUFU.LG2; no bias. T is truncated to a float.
 * - A negative x: sin(-x) = -sin(x), cos(-x) = cos(x) (sign and magnitude,
 *   as MUFU.EX2); infinities and NaNs give 0x7FFFFFFF. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

/* C0, C1, C2 of each of the 64 segments (units: 2^-25, 2^-37 per step of
 * X, 2^-37 per unit of sq(X)). */
static const int32_t sc_c0[64] = {
    0,        823463,   1646436,  2468414,  3288906,  4107418,  4923453,  5736526,
    6546141,  7351816,  8153060,  8949394,  9740335,  10525413, 11304145, 12076070,
    12840725, 13597643, 14346367, 15086452, 15817450, 16538916, 17250422, 17951542,
    18641840, 19320916, 19988350, 20643746, 21286703, 21916841, 22533776, 23137138,
    23726565, 24301698, 24862194, 25407711, 25937924, 26452518, 26951170, 27433593,
    27899488, 28348583, 28780594, 29195273, 29592364, 29971632, 30332846, 30675788,
    31000253, 31306042, 31592974, 31860879, 32109590, 32338961, 32548845, 32739132,
    32909694, 33060432, 33191257, 33302087, 33392857, 33463517, 33514014, 33544326};
static const int32_t sc_c1[64] = {
    25737, 25730, 25706, 25668, 25613, 25544, 25459, 25358, 25243, 25112, 24966, 24805, 24629,
    24438, 24233, 24013, 23778, 23529, 23266, 22989, 22698, 22394, 22076, 21744, 21400, 21042,
    20672, 20290, 19895, 19489, 19070, 18640, 18199, 17747, 17284, 16811, 16328, 15834, 15332,
    14820, 14299, 13769, 13232, 12686, 12133, 11572, 11004, 10430, 9849,  9263,  8671,  8073,
    7471,  6864,  6254,  5639,  5021,  4400,  3776,  3151,  2523,  1893,  1263,  632};
static const int32_t sc_c2[64] = {
    14,  48,  76,  110, 137, 171, 201,  229,  262,  292,  322,  352,  381,  410,  441,  470,
    497, 525, 553, 581, 608, 637, 664,  688,  715,  738,  763,  790,  812,  839,  859,  881,
    904, 926, 946, 967, 988, 1004, 1025, 1043, 1059, 1074, 1093, 1107, 1123, 1136, 1148, 1162,
    1172, 1185, 1196, 1203, 1213, 1220, 1230, 1236, 1242, 1247, 1250, 1258, 1260, 1260, 1263, 1265};

/* x * c rounded toward zero: the product of two floats is exact in double. */
static float mul_rz(float x, float c)
{
    double p = (double)x * (double)c;
    float f = (float)p;
    return fabs((double)f) > fabs(p) ? nextafterf(f, 0.0f) : f;
}

/* MUFU.SIN (quarter 0) or MUFU.COS (quarter 1) of x's revolutions. */
static float sincos_approx(float x, uint32_t quarter)
{
    float rev = mul_rz(x, 0x1.45f306p-3f);
    uint32_t b = ws_inl_f32_bits(rev), negative = b >> 31, e = b >> 23 & 0xFF, m = b & 0x7FFFFFu;
    if (e == 0xFF)
        return ws_inl_f32(WS_F32_CANONICAL_NAN);
    uint32_t a = 0; /* the first 25 fraction bits of |rev| */
    if (e != 0) {
        uint64_t significand = m | 0x800000u;
        int shift = (int)e - 127 + 2; /* |rev| 2^25 = significand 2^shift */
        if (shift >= 0)
            a = shift < 25 ? (uint32_t)(significand << shift) & 0x1FFFFFFu : 0;
        else
            a = -shift < 40 ? (uint32_t)(significand >> -shift) : 0;
    }
    uint32_t sign = quarter ? 0 : negative; /* sine odd, cosine even */
    a = (a + (quarter << 23)) & 0x1FFFFFFu;
    uint32_t q = a >> 23, u = a & 0x7FFFFFu;
    if (q & 1)
        u = 0x7FFFFFu - u;
    sign ^= q >> 1;
    uint32_t segment = u >> 17, X = u & 0x1FFFFu;
    int64_t T = ((int64_t)sc_c0[segment] << 12) + (int64_t)sc_c1[segment] * X - (int64_t)sc_c2[segment] * mufu_squarer(X);
    if (T <= 0)
        return ws_inl_f32(sign << 31);
    int top = 63 - __builtin_clzll((uint64_t)T); /* truncated to 24 significant bits */
    uint64_t s = top > 23 ? (uint64_t)T >> (top - 23) : (uint64_t)T << (23 - top);
    return ws_inl_f32(sign << 31 | (uint32_t)(top - 37 + 127) << 23 | ((uint32_t)s & 0x7FFFFFu));
}

/* The .ftz forms give the same: a denormal x makes a zero or denormal
 * revolution, which the unit reads as zero either way. */
float ws_gpu_sin_approx(float x) { return sincos_approx(x, 0); }
float ws_gpu_cos_approx(float x) { return sincos_approx(x, 1); }

/* __tanf: the two, then div.approx.f32. */
float ws_gpu_fast_tanf(float x) { return ws_gpu_div_approx(sincos_approx(x, 0), sincos_approx(x, 1)); }
void ws_gpu_fast_sincosf(float x, float *s, float *c)
{
    *s = sincos_approx(x, 0);
    *c = sincos_approx(x, 1);
}
