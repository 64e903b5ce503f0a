/* CUDA's fast f32 intrinsics __logf, __log2f, __log10f and __powf with the
 * GPU's bits. The algorithms are CUDA's libdevice's (__nv_fast_logf ...,
 * the non-FTZ path), re-expressed: each is the special-function unit's
 * base-2 logarithm (MUFU.LG2, modelled in gpumath_lg2.c), at most scaled
 * by one rounded multiply, and for __powf fed to its base-2 exponential
 * (MUFU.EX2, gpumath_ex2.c). Every NaN result is the GPU's 0x7FFFFFFF. */
#include <math.h>
#include <stdint.h>

#include "warpsim/fpops.h"
#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

/* ln(2) and log10(2), rounded to float: the factors that turn a base-2
 * logarithm into a natural or decimal one. */
#define LN2_F 0x1.62e43p-1f
#define LOG10_2_F 0x1.344136p-2f

/* __log2f: the unit's lg2 as it stands. */
float ws_gpu_fast_log2f(float x) { return gpu_f32(ws_gpu_lg2_approx(x)); }

/* __logf: log2(x) * ln(2), one rounding. */
float ws_gpu_fast_logf(float x) { return gpu_f32(LN2_F * ws_gpu_lg2_approx(x)); }

/* __log10f: log2(x) * log10(2), one rounding. */
float ws_gpu_fast_log10f(float x) { return gpu_f32(LOG10_2_F * ws_gpu_lg2_approx(x)); }

/* __powf: 2^(y * log2(x)), with no special-case handling: whatever the
 * unit's lg2 and ex2 make of zeros, negatives and infinities is the
 * result (a negative x gives NaN whatever y is). */
float ws_gpu_fast_powf(float x, float y) { return gpu_f32(ws_gpu_ex2_approx(y * ws_gpu_lg2_approx(x))); }
