/* ex2.approx.ftz.f32 (MUFU.EX2), the special-function unit's 2^x, as
 * reconstructed from the GPU's results (issue 23): every float of [0, 1) on
 * the 2^-23 grid, of [-1, 0) on it, and every float of [0.5, 1) and of
 * [-1, -0.5), measured on an H100 (sm_90, the H200's SM) by
 * docs/probes/mufu64_probe.cu (docs/probes/mufu.h100/ex2.bin.xz); the model
 * reproduces all 4 x 2^23 of them, and the whole instruction is checked
 * against the GPU on every input by scripts/gpumath-check.sh.
 *
 * The datapath:
 * - The input becomes sign and magnitude in fixed point: n = trunc(|x|)
 *   and the first 23 fraction bits f; finer bits are dropped, for either
 *   sign. Zeros and denormals are 0 (2^0 = 1); |x| >= 128 saturates.
 * - x >= 0: 2^n * T(f). x < 0: exactly 2^-n when f = 0, else
 *   2^-(n+1) * T(~f), ~f the 23-bit ones' complement of f (1 - f - 2^-23:
 *   the negation never adds its 1, so the result is one table step below
 *   2^floor(x) * 2^frac(x)).
 * - T is a quadratic per segment of [1, 2): the top 6 bits of its index
 *   pick the segment's coefficients, the low 17 bits are X, and the
 *   significand is (C0 2^13 + 6114 + C1 X + C2 sq(X)) >> 15, truncated,
 *   where sq(X) is X^2 from a truncated squarer: the partial products of
 *   weight below 2^19 are dropped, the rest divided by 2^19.
 * - Results below 2^-126 are +0; a NaN gives 0x7FFFFFFF.
 * The coefficients were fitted to the measurements (least squares, then
 * the integers that reproduce every result): 26, 16 and 10 bits wide. */
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

/* {C0, C1, C2} of each of the 64 segments. */
const int32_t mufu_ex2_segments[64][3] = {
    {33554435, 22713, 494},
    {33919818, 22960, 501},
    {34289182, 23210, 506},
    {34662565, 23463, 511},
    {35040018, 23718, 518},
    {35421577, 23977, 521},
    {35807292, 24238, 527},
    {36197209, 24502, 532},
    {36591372, 24768, 541},
    {36989825, 25038, 546},
    {37392616, 25311, 551},
    {37799797, 25586, 559},
    {38211409, 25865, 564},
    {38627504, 26147, 568},
    {39048131, 26431, 577},
    {39473337, 26719, 583},
    {39903173, 27010, 589},
    {40337690, 27304, 596},
    {40776937, 27602, 600},
    {41220970, 27902, 609},
    {41669836, 28206, 615},
    {42123592, 28513, 622},
    {42582286, 28824, 627},
    {43045977, 29138, 633},
    {43514717, 29455, 641},
    {43988561, 29776, 647},
    {44467565, 30100, 655},
    {44951786, 30428, 661},
    {45441278, 30759, 670},
    {45936101, 31094, 677},
    {46436314, 31432, 686},
    {46941971, 31775, 691},
    {47453135, 32121, 699},
    {47969867, 32471, 705},
    {48492225, 32824, 715},
    {49020269, 33182, 721},
    {49554065, 33543, 730},
    {50093674, 33908, 739},
    {50639159, 34277, 748},
    {51190582, 34651, 753},
    {51748011, 35028, 763},
    {52311510, 35409, 773},
    {52881146, 35795, 779},
    {53456983, 36185, 787},
    {54039091, 36579, 796},
    {54627538, 36977, 806},
    {55222393, 37380, 813},
    {55823725, 37787, 822},
    {56431607, 38198, 833},
    {57046106, 38614, 842},
    {57667297, 39035, 849},
    {58295254, 39460, 858},
    {58930048, 39889, 870},
    {59571754, 40324, 877},
    {60220447, 40763, 887},
    {60876205, 41207, 896},
    {61539104, 41655, 909},
    {62209220, 42109, 917},
    {62886634, 42568, 925},
    {63571424, 43031, 938},
    {64263672, 43500, 946},
    {64963458, 43973, 959},
    {65670863, 44452, 969},
    {66385972, 44936, 980},
};

float ws_gpu_ex2_approx_ftz(float x) { return mufu_ex2_ftz(x); }

/* ex2.approx.f32: ptxas halves an argument below -126 and squares the
 * result (docs/probes/mufu_sass.h100.txt), so results down to the
 * denormals survive. */
float ws_gpu_ex2_approx(float x)
{
    if (!(x < -126.0f))
        return ws_gpu_ex2_approx_ftz(x);
    float r = ws_gpu_ex2_approx_ftz(x * 0.5f);
    return r * r;
}
