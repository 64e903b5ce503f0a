/* The f32 math functions of CUDA whose results are exact or nearly so
 * (rounding to integers, scaling by powers of two, taking floats apart,
 * min/max/fdim, nextafter, fma, powi) with the GPU's bits: CUDA's libdevice
 * algorithms (__nv_floorf, __nv_frexpf, __nv_ldexpf, __nv_nextafterf ...,
 * the non-FTZ path), re-expressed in C.
 *
 * Most results are the IEEE value the host's libm gives too; what differs
 * from glibc is at the edges, and that is what the code follows step by
 * step: any NaN an f32 operation makes on the GPU is 0x7FFFFFFF (also from
 * rounding a NaN to an integer), fminf/fmaxf treat a NaN operand as
 * missing, conversions to integers saturate as PTX's cvt does, ilogbf and
 * frexpf return CUDA's values for zero, infinity and NaN, and ldexpf
 * scales in up to four multiplications, so a result below the normal range
 * is rounded as the GPU rounds it. Operations that only move bits
 * (copysignf, a select) keep a NaN operand's bits; fabsf is an add on the
 * GPU and makes 0x7FFFFFFF of any NaN.
 * Build with -ffp-contract=off: fmaf is the only fused operation here. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define SIGN_F32 UINT32_C(0x80000000)
#define ABS_MASK_F32 UINT32_C(0x7FFFFFFF)
#define INF_BITS_F32 UINT32_C(0x7F800000)

/* CUDA's lrintf and lroundf are its llrintf and llroundf on LP64 hosts
 * (nvcc emits the same cvt.rni.s64.f32 and the same integer code). */
_Static_assert(sizeof(long) == sizeof(long long), "lrintf/lroundf assume a 64-bit long (LP64)");

static float from_bits(uint32_t b) { return ws_inl_f32(b); }
static uint32_t bits_of(float x) { return ws_inl_f32_bits(x); }

/* ---- sign operations ---- */

/* PTX abs.f32 runs on the GPU as an add, -0 + |x| (FADD in ptxas's code;
 * measured on an H100: NaN in, 0x7FFFFFFF out, whatever the payload and
 * sign); else the sign is cleared. */
float ws_gpu_fabsf(float x) { return isnan(x) ? gpu_f32(x) : from_bits(bits_of(x) & ABS_MASK_F32); }

/* PTX copysign.f32 is a bit select (LOP3 in ptxas's code): a NaN keeps its
 * payload. */
float ws_gpu_copysignf(float x, float y)
{
    return from_bits((bits_of(x) & ABS_MASK_F32) | (bits_of(y) & SIGN_F32));
}

/* PTX min.f32/max.f32 (the H200's rules, fpops.h): a NaN operand counts as
 * missing, two NaNs give 0x7FFFFFFF, and -0 is below +0. */
float ws_gpu_fminf(float x, float y) { return from_bits(ws_inl_f32_min(bits_of(x), bits_of(y))); }
float ws_gpu_fmaxf(float x, float y) { return from_bits(ws_inl_f32_max(bits_of(x), bits_of(y))); }

/* x - y where x > y, else +0; with a NaN operand the comparison is false
 * and the difference, a NaN, comes back. */
float ws_gpu_fdimf(float x, float y) { return x <= y ? 0.0f : gpu_f32(x - y); }

/* ---- rounding to integral values (PTX cvt.rmi/rpi/rzi/rni.f32.f32) ----
 * The host's functions give the same integral values and signed zeros; a
 * NaN comes out as the GPU's canonical NaN. */

float ws_gpu_floorf(float x) { return gpu_f32(floorf(x)); }
float ws_gpu_ceilf(float x) { return gpu_f32(ceilf(x)); }
float ws_gpu_truncf(float x) { return gpu_f32(truncf(x)); }

/* rintf and nearbyintf are both cvt.rni: to nearest, ties to even. */
float ws_gpu_rintf(float x) { return gpu_f32(nearbyintf(x)); }
float ws_gpu_nearbyintf(float x) { return gpu_f32(nearbyintf(x)); }

/* CUDA adds copysign(0.5, x) rounding toward zero, then truncates. The sum
 * rounded toward zero never crosses the next integer, so this is rounding
 * half away from zero, which is what C's roundf does (signed zeros too:
 * -0.3 gives -0). */
float ws_gpu_roundf(float x) { return gpu_f32(roundf(x)); }

/* cvt.rni.s64.f32: to nearest even, saturating at the limits of long
 * long; a NaN converts to the most negative value. */
long long ws_gpu_llrintf(float x)
{
    if (isnan(x))
        return INT64_MIN;
    if (x >= 0x1p63f)
        return INT64_MAX;
    if (x <= -0x1p63f)
        return INT64_MIN;
    return (long long)nearbyintf(x);
}

long ws_gpu_lrintf(float x) { return (long)ws_gpu_llrintf(x); }

/* libdevice's integer rounding, half away from zero: NaN and x <= -2^63
 * give the most negative value, x >= 2^63 the most positive. Inside, the
 * integer code computes exactly roundf(x). */
long long ws_gpu_llroundf(float x)
{
    if (isnan(x))
        return INT64_MIN;
    if (x >= 0x1p63f)
        return INT64_MAX;
    if (x <= -0x1p63f)
        return INT64_MIN;
    return (long long)roundf(x);
}

long ws_gpu_lroundf(float x) { return (long)ws_gpu_llroundf(x); }

/* ---- taking a float apart ---- */

/* The integral part truncated (stored), the fraction returned: a whole
 * number (infinities too) has the fraction 0 with its sign; otherwise
 * x - trunc(x), exact (a NaN: the canonical NaN). */
float ws_gpu_modff(float x, float *iptr)
{
    float t = gpu_f32(truncf(x));
    *iptr = t;
    if (x == t)
        return from_bits(bits_of(x) & SIGN_F32);
    return gpu_f32(x - t);
}

/* x = m * 2^e with 0.5 <= |m| < 1. A subnormal x is scaled by 2^24 first
 * so that its exponent field is meaningful. Zero, infinity and NaN come
 * back as x + x (the NaN canonical) with e = 0. */
float ws_gpu_frexpf(float x, int *nptr)
{
    float v = x;
    int denorm = 0;
    if (fabsf(x) < 0x1p-126f) {
        v = x * 0x1p24f;
        denorm = 24;
    }
    uint32_t b = bits_of(v);
    int expo = (int)((b >> 23) & 0xFFu);
    if (fabsf(x) == 0.0f || expo == 0xFF) {
        *nptr = 0;
        return gpu_f32(v + v);
    }
    *nptr = expo - denorm - 126;
    return from_bits((b & UINT32_C(0x807FFFFF)) | UINT32_C(0x3F000000)); /* exponent of 0.5 */
}

/* x * 2^n. n is clamped to [-278, 278] (enough to take any finite nonzero
 * float to zero or infinity). For |n| <= 100 one multiplication by 2^n; else
 * n = s1 + 3 * s0 with both powers normal, and x is multiplied by 2^s1 and
 * three times by 2^s0, each product rounded as the GPU rounds it. */
float ws_gpu_ldexpf(float x, int n)
{
    int m = n > 278 ? 278 : n < -278 ? -278 : n;
    uint32_t t = (uint32_t)(m + 508);
    uint32_t s0 = t >> 2, s1 = t - 3 * s0;
    if ((m < 0 ? -m : m) <= 100) {
        s0 = 127;
        s1 = (uint32_t)(m + 127);
    }
    float p0 = from_bits(s0 << 23), p1 = from_bits(s1 << 23);
    float r = x * p1;
    r = r * p0;
    r = r * p0;
    r = r * p0;
    return gpu_f32(r);
}

float ws_gpu_scalbnf(float x, int n) { return ws_gpu_ldexpf(x, n); }

/* nvcc clamps the long to the int range, then runs scalbnf. */
float ws_gpu_scalblnf(float x, long n)
{
    int k = n > INT32_MAX ? INT32_MAX : n < INT32_MIN ? INT32_MIN : (int)n;
    return ws_gpu_ldexpf(x, k);
}

/* The unbiased exponent: from the field for normal numbers, from the
 * leading zeros for subnormals. ilogbf(0) and ilogbf(NaN) are INT_MIN,
 * ilogbf(+-inf) INT_MAX. */
int ws_gpu_ilogbf(float x)
{
    uint32_t a = bits_of(x) & ABS_MASK_F32;
    if (a < UINT32_C(0x00800000))
        return a == 0 ? INT32_MIN : -118 - __builtin_clz(a);
    if (a == INF_BITS_F32)
        return INT32_MAX;
    if (a > INF_BITS_F32)
        return INT32_MIN;
    return (int)(a >> 23) - 127;
}

/* The same exponent as a float; logbf(0) = -inf, logbf(+-inf) = +inf and a
 * NaN comes back canonical (both as x * x). */
float ws_gpu_logbf(float x)
{
    uint32_t a = bits_of(x) & ABS_MASK_F32;
    if (a < UINT32_C(0x00800000))
        return a == 0 ? -INFINITY : (float)(-118 - __builtin_clz(a));
    if (a >= INF_BITS_F32)
        return gpu_f32(x * x);
    return (float)((int)(a >> 23) - 127);
}

/* The neighbour of x toward y, by stepping the bit pattern (subnormals
 * included: no flush to zero). Equal values (also +-0 against -+0) give y;
 * from zero the first step is the smallest subnormal with y's sign. A NaN
 * operand makes x + y, the canonical NaN. */
float ws_gpu_nextafterf(float x, float y)
{
    if (isnan(x) || isnan(y))
        return gpu_f32(x + y);
    uint32_t ix = bits_of(x), iy = bits_of(y);
    if (from_bits(ix | iy) == 0.0f) /* both zero */
        return y;
    if (x == 0.0f)
        return from_bits(UINT32_C(1) | (iy & SIGN_F32));
    if (x < y)
        ix += x < 0.0f ? UINT32_MAX : 1u; /* toward +inf: smaller magnitude if negative */
    else if (x > y)
        ix += x < 0.0f ? 1u : UINT32_MAX;
    return from_bits(ix);
}

/* ---- fma and integer powers ---- */

GPUMATH_CLONES static float gpu_fmaf(float x, float y, float z) { return gpu_f32(fmaf(x, y, z)); }
float ws_gpu_fmaf(float x, float y, float z) { return gpu_fmaf(x, y, z); }

/* x^n by binary powering over |n| (as unsigned: |INT_MIN| = 2^31): the
 * result takes x^(2^k) for each set bit k, lowest first, each product
 * rounded; the square after the last bit is not taken. A negative n
 * takes 1 / result at the end (an IEEE division). x^0 = 1, NaN too. */
float ws_gpu_powif(float x, int n)
{
    uint32_t e = n < 0 ? 0u - (uint32_t)n : (uint32_t)n;
    float r = 1.0f, p = x;
    for (;;) {
        if (e & 1u)
            r = r * p;
        e >>= 1;
        if (e == 0)
            break;
        p = p * p;
    }
    if (n < 0)
        r = 1.0f / r;
    return gpu_f32(r);
}
