/* warpsim/cuda_intrinsics.h: CUDA's scalar device intrinsics that are not
 * warp operations (C17 and C++17; warpsim/cuda.h includes it).
 *
 * The integer ones (__mul24, __mulhi, __sad, __hadd, __funnelshift_l, ...)
 * and the conversions (__float2int_rz, ... saturating, a NaN giving the
 * target's lowest bit pattern with only the top bit set, as the GPU's cvt does) compute the GPU's exact results, and __saturatef
 * clamps as the GPU does (the rounded float operations, __fdiv_rn,
 * __fadd_rz ..., are in cuda.h). The fast-math approximations (__fdividef,
 * __expf, __logf, __sinf, __powf, ...), rsqrtf and rsqrt are in
 * cuda_math.h, with the GPU's bits. */
#ifndef WARPSIM_CUDA_INTRINSICS_H
#define WARPSIM_CUDA_INTRINSICS_H

#include <math.h>
#include <stdint.h>

#include "cuda_ftz.h"

__extension__ typedef __int128 ws_cuda_i128_;
__extension__ typedef unsigned __int128 ws_cuda_u128_;

/* ---- integers ---- */
static inline int __mul24(int x, int y)
{
    int64_t a = (int32_t)((uint32_t)x << 8) >> 8, b = (int32_t)((uint32_t)y << 8) >> 8; /* the low 24 bits, signed */
    return (int)(uint32_t)(uint64_t)(a * b);
}
static inline unsigned __umul24(unsigned x, unsigned y) { return (x & 0xffffffu) * (y & 0xffffffu); }
static inline int __mulhi(int x, int y) { return (int)(((int64_t)x * (int64_t)y) >> 32); }
static inline unsigned __umulhi(unsigned x, unsigned y) { return (unsigned)(((uint64_t)x * (uint64_t)y) >> 32); }
static inline long long __mul64hi(long long x, long long y) { return (long long)(((ws_cuda_i128_)x * (ws_cuda_i128_)y) >> 64); }
static inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y)
{
    return (unsigned long long)(((ws_cuda_u128_)x * (ws_cuda_u128_)y) >> 64);
}
static inline unsigned __sad(int x, int y, unsigned z) { return (unsigned)(x > y ? (int64_t)x - y : (int64_t)y - x) + z; }
static inline unsigned __usad(unsigned x, unsigned y, unsigned z) { return (x > y ? x - y : y - x) + z; }
/* Averages without overflow: (x + y) >> 1 and (x + y + 1) >> 1 in 33 bits. */
static inline int __hadd(int x, int y) { return (int)(((int64_t)x + y) >> 1); }
static inline int __rhadd(int x, int y) { return (int)(((int64_t)x + y + 1) >> 1); }
static inline unsigned __uhadd(unsigned x, unsigned y) { return (unsigned)(((uint64_t)x + y) >> 1); }
static inline unsigned __urhadd(unsigned x, unsigned y) { return (unsigned)(((uint64_t)x + y + 1) >> 1); }
/* The 64 bits hi:lo shifted: by shift & 31 (wrap) or min(shift, 32) (clamp). */
static inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift)
{
    return (unsigned)(((((uint64_t)hi << 32) | lo) << (shift & 31)) >> 32);
}
static inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift)
{
    unsigned s = shift < 32 ? shift : 32;
    return (unsigned)(((((uint64_t)hi << 32) | lo) << s) >> 32);
}
static inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift)
{
    return (unsigned)((((uint64_t)hi << 32) | lo) >> (shift & 31));
}
static inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift)
{
    unsigned s = shift < 32 ? shift : 32;
    return (unsigned)((((uint64_t)hi << 32) | lo) >> s);
}

/* CUDA's typed minimum and maximum functions. */
static inline unsigned umin(unsigned x, unsigned y) { return x < y ? x : y; }
static inline unsigned umax(unsigned x, unsigned y) { return x > y ? x : y; }
static inline long long llmin(long long x, long long y) { return x < y ? x : y; }
static inline long long llmax(long long x, long long y) { return x > y ? x : y; }
static inline unsigned long long ullmin(unsigned long long x, unsigned long long y) { return x < y ? x : y; }
static inline unsigned long long ullmax(unsigned long long x, unsigned long long y) { return x > y ? x : y; }

/* ---- conversions: saturating; a NaN gives 0 from a float to a 32-bit
 * integer, and the pattern with only the top bit set otherwise (0x80000000
 * from a double to int or unsigned, 0x8000000000000000 to a 64-bit integer
 * from either), signed or unsigned alike: the H100's cvt
 * (docs/probes/cvt_special_probe.h100.txt, and the hashes of
 * programs/cuda/samesource/conversions.cu). ---- */
static inline double ws_cuda_round_mode_(double v, int mode) /* 0 nearest even, 1 toward zero, 2 up, 3 down */
{
    return mode == 0 ? nearbyint(v) : mode == 1 ? trunc(v) : mode == 2 ? ceil(v) : floor(v);
}
static inline int ws_cuda_to_int_(double v, int mode, int if_nan)
{
    if (v != v)
        return if_nan;
    v = ws_cuda_round_mode_(v, mode);
    return v >= 2147483647.0 ? 2147483647 : v <= -2147483648.0 ? (-2147483647 - 1) : (int)v;
}
static inline unsigned ws_cuda_to_uint_(double v, int mode, unsigned if_nan)
{
    if (v != v)
        return if_nan;
    v = ws_cuda_round_mode_(v, mode);
    return v >= 4294967295.0 ? 4294967295u : v <= 0.0 ? 0u : (unsigned)v;
}
#define WS_CUDA_F32_NAN_I32_ 0                  /* a float NaN to a 32-bit integer */
#define WS_CUDA_F64_NAN_I32_ (-2147483647 - 1) /* a double NaN to one: 0x80000000 */
static inline long long ws_cuda_to_ll_(long double v, int mode)
{
    if (v != v)
        return INT64_MIN;
    v = mode == 0 ? nearbyintl(v) : mode == 1 ? truncl(v) : mode == 2 ? ceill(v) : floorl(v);
    return v >= 9223372036854775807.0L ? INT64_MAX : v <= -9223372036854775808.0L ? INT64_MIN : (long long)v;
}
static inline unsigned long long ws_cuda_to_ull_(long double v, int mode)
{
    if (v != v)
        return 0x8000000000000000ull;
    v = mode == 0 ? nearbyintl(v) : mode == 1 ? truncl(v) : mode == 2 ? ceill(v) : floorl(v);
    return v >= 18446744073709551615.0L ? UINT64_MAX : v <= 0.0L ? 0u : (unsigned long long)v;
}
static inline int __float2int_rn(float x) { return ws_cuda_to_int_(WS_CUDA_F32_FTZ_(x), 0, WS_CUDA_F32_NAN_I32_); }
static inline int __float2int_rz(float x) { return ws_cuda_to_int_(WS_CUDA_F32_FTZ_(x), 1, WS_CUDA_F32_NAN_I32_); }
static inline int __float2int_ru(float x) { return ws_cuda_to_int_(WS_CUDA_F32_FTZ_(x), 2, WS_CUDA_F32_NAN_I32_); }
static inline int __float2int_rd(float x) { return ws_cuda_to_int_(WS_CUDA_F32_FTZ_(x), 3, WS_CUDA_F32_NAN_I32_); }
static inline unsigned __float2uint_rn(float x) { return ws_cuda_to_uint_(WS_CUDA_F32_FTZ_(x), 0, WS_CUDA_F32_NAN_I32_); }
static inline unsigned __float2uint_rz(float x) { return ws_cuda_to_uint_(WS_CUDA_F32_FTZ_(x), 1, WS_CUDA_F32_NAN_I32_); }
static inline unsigned __float2uint_ru(float x) { return ws_cuda_to_uint_(WS_CUDA_F32_FTZ_(x), 2, WS_CUDA_F32_NAN_I32_); }
static inline unsigned __float2uint_rd(float x) { return ws_cuda_to_uint_(WS_CUDA_F32_FTZ_(x), 3, WS_CUDA_F32_NAN_I32_); }
static inline int __double2int_rn(double x) { return ws_cuda_to_int_(x, 0, WS_CUDA_F64_NAN_I32_); }
static inline int __double2int_rz(double x) { return ws_cuda_to_int_(x, 1, WS_CUDA_F64_NAN_I32_); }
static inline long long __float2ll_rn(float x) { return ws_cuda_to_ll_(WS_CUDA_F32_FTZ_(x), 0); }
static inline long long __float2ll_rz(float x) { return ws_cuda_to_ll_(WS_CUDA_F32_FTZ_(x), 1); }
static inline long long __double2ll_rn(double x) { return ws_cuda_to_ll_(x, 0); }
static inline long long __double2ll_rz(double x) { return ws_cuda_to_ll_(x, 1); }
#define WS_CUDA_TO_INT_(sfx, m)                                                                                     \
    static inline long long __float2ll_##sfx(float x) { return ws_cuda_to_ll_(WS_CUDA_F32_FTZ_(x), m); }          \
    static inline unsigned long long __float2ull_##sfx(float x) { return ws_cuda_to_ull_(WS_CUDA_F32_FTZ_(x), m); } \
    static inline unsigned __double2uint_##sfx(double x) { return ws_cuda_to_uint_(x, m, (unsigned)WS_CUDA_F64_NAN_I32_); }                       \
    static inline unsigned long long __double2ull_##sfx(double x) { return ws_cuda_to_ull_(x, m); }
WS_CUDA_TO_INT_(ru, 2)
WS_CUDA_TO_INT_(rd, 3)
#undef WS_CUDA_TO_INT_
static inline unsigned long long __float2ull_rn(float x) { return ws_cuda_to_ull_(WS_CUDA_F32_FTZ_(x), 0); }
static inline unsigned long long __float2ull_rz(float x) { return ws_cuda_to_ull_(WS_CUDA_F32_FTZ_(x), 1); }
static inline unsigned __double2uint_rn(double x) { return ws_cuda_to_uint_(x, 0, (unsigned)WS_CUDA_F64_NAN_I32_); }
static inline unsigned __double2uint_rz(double x) { return ws_cuda_to_uint_(x, 1, (unsigned)WS_CUDA_F64_NAN_I32_); }
static inline unsigned long long __double2ull_rn(double x) { return ws_cuda_to_ull_(x, 0); }
static inline unsigned long long __double2ull_rz(double x) { return ws_cuda_to_ull_(x, 1); }
static inline int __double2int_ru(double x) { return ws_cuda_to_int_(x, 2, WS_CUDA_F64_NAN_I32_); }
static inline int __double2int_rd(double x) { return ws_cuda_to_int_(x, 3, WS_CUDA_F64_NAN_I32_); }
static inline long long __double2ll_ru(double x) { return ws_cuda_to_ll_(x, 2); }
static inline long long __double2ll_rd(double x) { return ws_cuda_to_ll_(x, 3); }
static inline float __int2float_rn(int x) { return (float)x; } /* the default rounding: to nearest */
static inline float __uint2float_rn(unsigned x) { return (float)x; }
static inline float __ll2float_rn(long long x) { return (float)x; }
static inline double __int2double_rn(int x) { return (double)x; }
static inline float __double2float_rn(double x) { return (float)x; }

/* Clamped to [0, 1]; a NaN gives 0. */
static inline float __saturatef(float x) { return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f; }

/* The fast-math approximations (__expf, __logf, __sinf, __fdividef, ...)
 * are in cuda_math.h, with the GPU's bits. */

#endif
