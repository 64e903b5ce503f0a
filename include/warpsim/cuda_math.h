/* warpsim/cuda_math.h: device code's math calls with the GPU's bits
 * (warpsim/cuda.h includes it, after <math.h> and <cmath>, whose later
 * inclusions are then no-ops and cannot #undef these names).
 *
 * A call of one of these names runs CUDA's algorithm (warpsim/gpumath.h)
 * when it is made inside a kernel, as it would run on the GPU, and the
 * host's libm otherwise, as host code's call would on a machine with a
 * GPU: a __host__ __device__ function gets each side's bits. The names
 * CUDA alone defines (sinpi, cospi, sincospi and their f forms) run CUDA's
 * algorithm on both sides. Names not listed here still call the host's
 * libm (docs/cuda-frontend.md, "Math functions"). In C++ the double
 * names are overloaded for float as CUDA overloads them (sin(float) is
 * sinf), and std::sin reaches the same functions. The macros of the
 * double names take any arguments (...), so that a standard header's own
 * overloads of these names (valarray's, complex's) become overloads of the
 * same functions, and a variable named log or round keeps its name. The
 * float names (sinf, expf ...) are plain macros: a kernel that passes
 * sinf to a template or stores it in a function pointer gets CUDA's
 * function too, not the host's libm. */
#ifndef WARPSIM_CUDA_MATH_H
#define WARPSIM_CUDA_MATH_H

#include <math.h>

#include "cuda_ftz.h"
#include "fpops.h"
#include "gpumath.h"

/* WS_CUDA_ON_GPU_: inside a kernel (cuda_ftz.h) */


/* How a name is routed, one generator per shape: ROUTE runs CUDA's
 * algorithm in a kernel and `host` (libm's function) elsewhere; GPU runs
 * CUDA's algorithm everywhere (names only CUDA defines); HOST keeps the
 * host's libm on both sides (not modelled yet: docs/cuda-frontend.md). The
 * generators run before any of the names below becomes a macro. */
#define WS_CUDA_ROUTE1_(T, n, host) \
    static inline T ws_cuda_##n##_(T x) { return WS_CUDA_ON_GPU_ ? WS_CUDA_DEV_(n)(x) : host(x); }
#define WS_CUDA_ROUTE2_(T, n, host) \
    static inline T ws_cuda_##n##_(T x, T y) { return WS_CUDA_ON_GPU_ ? WS_CUDA_DEV_(n)(x, y) : host(x, y); }
#define WS_CUDA_GPU1_(T, n, gpu) \
    static inline T ws_cuda_##n##_(T x) { return gpu(x); }
#define WS_CUDA_GPU2_(T, n, gpu) \
    static inline T ws_cuda_##n##_(T x, T y) { return gpu(x, y); }
#define WS_CUDA_GPU3_(T, n, gpu) \
    static inline T ws_cuda_##n##_(T x, T y, T z) { return gpu(x, y, z); }
#define WS_CUDA_GPU4_(T, n, gpu) \
    static inline T ws_cuda_##n##_(T x, T y, T z, T w) { return gpu(x, y, z, w); }
#define WS_CUDA_HOST1_(T, n, host) \
    static inline T ws_cuda_##n##_(T x) { return host(x); }

/* Functions whose results every IEEE implementation shares except for NaN
 * bits (rounding to integers, fabs, fma): the host's function inline, and
 * CUDA's only when the result is a NaN inside a kernel. */
#if WS_CUDA_FTZ_ /* subnormals flush: CUDA's function, whole */
#define WS_CUDA_NANFIX1_(T, n) \
    static inline T ws_cuda_##n##_(T x) { return WS_CUDA_ON_GPU_ ? ws_gpu_ftz_##n(x) : n(x); }
#define WS_CUDA_NANFIX3_(T, n) \
    static inline T ws_cuda_##n##_(T x, T y, T z) { return WS_CUDA_ON_GPU_ ? ws_gpu_ftz_##n(x, y, z) : n(x, y, z); }
#else
#define WS_CUDA_NANFIX1_(T, n) \
    static inline T ws_cuda_##n##_(T x) { T r = n(x); return WS_CUDA_ON_GPU_ && isnan(r) ? ws_gpu_##n(x) : r; }
#define WS_CUDA_NANFIX3_(T, n)                                        \
    static inline T ws_cuda_##n##_(T x, T y, T z)                     \
    {                                                                 \
        T r = n(x, y, z);                                             \
        return WS_CUDA_ON_GPU_ && isnan(r) ? ws_gpu_##n(x, y, z) : r; \
    }
#endif
/* Other shapes, routed whole. */
#define WS_CUDA_ROUTE_I_(T, n, I, host) \
    static inline T ws_cuda_##n##_(T x, I k) { return WS_CUDA_ON_GPU_ ? WS_CUDA_DEV_(n)(x, k) : host(x, k); }
#define WS_CUDA_ROUTE_P_(T, n, P, host) \
    static inline T ws_cuda_##n##_(T x, P *p) { return WS_CUDA_ON_GPU_ ? WS_CUDA_DEV_(n)(x, p) : host(x, p); }
#define WS_CUDA_ROUTE_TO_(R, T, n, host) \
    static inline R ws_cuda_##n##_(T x) { return WS_CUDA_ON_GPU_ ? WS_CUDA_DEV_(n)(x) : host(x); }

/* exp10 and exp10f are GNU extensions of the host's libm: the portable spelling. */
static inline double ws_cuda_host_exp10_(double x) { return pow(10.0, x); }
static inline float ws_cuda_host_exp10f_(float x) { return powf(10.0f, x); }

/* sqrtf is IEEE on both sides; only its NaN differs: the GPU's is 0x7FFFFFFF
 * (x86 makes 0xFFC00000 of a negative, which printf shows as -nan). With
 * -prec-sqrt=false (WARPSIM_CUDA_PREC_SQRT=0; -use_fast_math implies it)
 * device code's is the special-function unit's sqrt.approx. */
#if defined(WARPSIM_CUDA_PREC_SQRT) && !WARPSIM_CUDA_PREC_SQRT
static inline float ws_cuda_sqrtf_(float x) { return WS_CUDA_ON_GPU_ ? WS_CUDA_DEV_(sqrt_approx)(x) : sqrtf(x); }
/* and the square roots inside hypotf, norm3df, norm4df, normf and jnf */
__attribute__((constructor)) static void ws_cuda_prec_sqrt_init_(void) { ws_gpu_set_prec_sqrt(0); }
#else
static inline float ws_cuda_sqrtf_(float x)
{
    float r = sqrtf(WS_CUDA_FTZ_ && WS_CUDA_ON_GPU_ ? ws_f32_flushed(x) : x);
    return isnan(r) && WS_CUDA_ON_GPU_ ? ws_inl_f32(WS_F32_CANONICAL_NAN) : r;
}
#endif

/* -use_fast_math: these names' device functions are the special-function
 * unit's (expf is __expf ...), as nvcc makes them. */
#if defined(WARPSIM_CUDA_FAST_MATH) && WARPSIM_CUDA_FAST_MATH
#define WS_CUDA_FAST1_(n, host, fast) \
    static inline float ws_cuda_##n##_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_ftz_##fast(x) : host(x); }
#define WS_CUDA_FAST2_(n, host, fast) \
    static inline float ws_cuda_##n##_(float x, float y) { return WS_CUDA_ON_GPU_ ? ws_gpu_ftz_##fast(x, y) : host(x, y); }
#else
#define WS_CUDA_FAST1_(n, host, fast) WS_CUDA_ROUTE1_(float, n, host)
#define WS_CUDA_FAST2_(n, host, fast) WS_CUDA_ROUTE2_(float, n, host)
#endif
WS_CUDA_FAST1_(logf, logf, fast_logf)
WS_CUDA_FAST1_(log2f, log2f, fast_log2f)
WS_CUDA_FAST1_(log10f, log10f, fast_log10f)
WS_CUDA_ROUTE1_(float, log1pf, log1pf)
WS_CUDA_FAST1_(sinf, sinf, sin_approx)
WS_CUDA_FAST1_(cosf, cosf, cos_approx)
WS_CUDA_FAST1_(tanf, tanf, fast_tanf)
WS_CUDA_ROUTE1_(float, atanf, atanf)
WS_CUDA_ROUTE2_(float, atan2f, atan2f)
WS_CUDA_FAST2_(powf, powf, fast_powf)
WS_CUDA_GPU1_(float, sinpif, WS_CUDA_BOTH_(sinpif))
WS_CUDA_GPU1_(float, cospif, WS_CUDA_BOTH_(cospif))
WS_CUDA_GPU1_(float, rsqrtf, WS_CUDA_BOTH_(rsqrtf))
WS_CUDA_ROUTE2_(float, fmodf, fmodf)
WS_CUDA_ROUTE2_(float, remainderf, remainderf)
WS_CUDA_GPU2_(float, rhypotf, WS_CUDA_BOTH_(rhypotf))
WS_CUDA_ROUTE2_(float, hypotf, hypotf)
WS_CUDA_GPU3_(float, norm3df, WS_CUDA_BOTH_(norm3df))
WS_CUDA_GPU4_(float, norm4df, WS_CUDA_BOTH_(norm4df))
/* The Bessel functions: j0f ... ynf are X/Open extensions that a strict C
 * build's <math.h> does not declare, so both sides run CUDA's algorithm,
 * as for the names only CUDA defines (cyl_bessel_i0f, cyl_bessel_i1f). */
WS_CUDA_GPU1_(float, j0f, WS_CUDA_BOTH_(j0f))
WS_CUDA_GPU1_(float, j1f, WS_CUDA_BOTH_(j1f))
WS_CUDA_GPU1_(float, y0f, WS_CUDA_BOTH_(y0f))
WS_CUDA_GPU1_(float, y1f, WS_CUDA_BOTH_(y1f))
WS_CUDA_GPU1_(float, cyl_bessel_i0f, WS_CUDA_BOTH_(cyl_bessel_i0f))
WS_CUDA_GPU1_(float, cyl_bessel_i1f, WS_CUDA_BOTH_(cyl_bessel_i1f))
WS_CUDA_GPU3_(float, rnorm3df, WS_CUDA_BOTH_(rnorm3df))
WS_CUDA_GPU4_(float, rnorm4df, WS_CUDA_BOTH_(rnorm4df))
static inline float ws_cuda_remquof_(float x, float y, int *quo)
{
    return WS_CUDA_ON_GPU_ ? WS_CUDA_DEV_(remquof)(x, y, quo) : remquof(x, y, quo);
}
WS_CUDA_FAST1_(expf, expf, fast_expf)
WS_CUDA_ROUTE1_(float, exp2f, exp2f)
WS_CUDA_FAST1_(exp10f, ws_cuda_host_exp10f_, fast_exp10f)
WS_CUDA_ROUTE1_(float, expm1f, expm1f)
WS_CUDA_ROUTE1_(float, sinhf, sinhf)
WS_CUDA_ROUTE1_(float, asinf, asinf)
WS_CUDA_ROUTE1_(float, acosf, acosf)
WS_CUDA_ROUTE1_(float, coshf, coshf)
WS_CUDA_FAST1_(tanhf, tanhf, tanh_fast_math)
WS_CUDA_ROUTE1_(float, erff, erff)
WS_CUDA_GPU1_(float, normcdff, WS_CUDA_BOTH_(normcdff))
WS_CUDA_GPU1_(float, erfcxf, WS_CUDA_BOTH_(erfcxf))
WS_CUDA_ROUTE1_(float, cbrtf, cbrtf)
WS_CUDA_GPU1_(float, rcbrtf, WS_CUDA_BOTH_(rcbrtf))
WS_CUDA_GPU1_(float, erfinvf, WS_CUDA_BOTH_(erfinvf))
WS_CUDA_GPU1_(float, erfcinvf, WS_CUDA_BOTH_(erfcinvf))
WS_CUDA_GPU1_(float, normcdfinvf, WS_CUDA_BOTH_(normcdfinvf))
WS_CUDA_ROUTE1_(float, atanhf, atanhf)
WS_CUDA_ROUTE1_(float, asinhf, asinhf)
WS_CUDA_ROUTE1_(float, acoshf, acoshf)
WS_CUDA_ROUTE1_(float, erfcf, erfcf)
WS_CUDA_ROUTE1_(float, lgammaf, lgammaf)
WS_CUDA_ROUTE1_(float, tgammaf, tgammaf)
WS_CUDA_NANFIX1_(float, fabsf)
WS_CUDA_NANFIX1_(float, floorf)
WS_CUDA_NANFIX1_(float, ceilf)
WS_CUDA_NANFIX1_(float, truncf)
WS_CUDA_NANFIX1_(float, roundf)
WS_CUDA_NANFIX1_(float, rintf)
WS_CUDA_NANFIX1_(float, nearbyintf)
WS_CUDA_NANFIX3_(float, fmaf)
WS_CUDA_ROUTE2_(float, fdimf, fdimf)
WS_CUDA_ROUTE2_(float, copysignf, copysignf)
WS_CUDA_ROUTE2_(float, nextafterf, nextafterf)
WS_CUDA_ROUTE1_(float, logbf, logbf)
WS_CUDA_ROUTE_TO_(int, float, ilogbf, ilogbf)
WS_CUDA_ROUTE_TO_(long, float, lrintf, lrintf)
WS_CUDA_ROUTE_TO_(long long, float, llrintf, llrintf)
WS_CUDA_ROUTE_TO_(long, float, lroundf, lroundf)
WS_CUDA_ROUTE_TO_(long long, float, llroundf, llroundf)
WS_CUDA_ROUTE_I_(float, ldexpf, int, ldexpf)
WS_CUDA_ROUTE_I_(float, scalbnf, int, scalbnf)
WS_CUDA_ROUTE_I_(float, scalblnf, long, scalblnf)
WS_CUDA_ROUTE_P_(float, frexpf, int, frexpf)
WS_CUDA_ROUTE_P_(float, modff, float, modff)
static inline void ws_cuda_sincosf_(float x, float *s, float *c)
{
    if (WS_CUDA_ON_GPU_) {
#if defined(WARPSIM_CUDA_FAST_MATH) && WARPSIM_CUDA_FAST_MATH
        ws_gpu_ftz_fast_sincosf(x, s, c);
#else
        WS_CUDA_DEV_(sincosf)(x, s, c);
#endif
    } else {
        *s = sinf(x);
        *c = cosf(x);
    }
}

WS_CUDA_ROUTE1_(double, log, log)
WS_CUDA_ROUTE1_(double, log2, log2)
WS_CUDA_ROUTE1_(double, log10, log10)
WS_CUDA_ROUTE1_(double, log1p, log1p)
WS_CUDA_ROUTE2_(double, pow, pow)
WS_CUDA_ROUTE1_(double, exp, exp)
WS_CUDA_ROUTE1_(double, exp2, exp2)
WS_CUDA_ROUTE1_(double, exp10, ws_cuda_host_exp10_)
WS_CUDA_ROUTE1_(double, expm1, expm1)
WS_CUDA_ROUTE1_(double, sinh, sinh)
WS_CUDA_ROUTE1_(double, sin, sin)
WS_CUDA_ROUTE1_(double, cos, cos)
WS_CUDA_ROUTE2_(double, atan2, atan2)
WS_CUDA_GPU1_(double, sinpi, WS_CUDA_BOTH_(sinpi))
WS_CUDA_GPU1_(double, cospi, WS_CUDA_BOTH_(cospi))
WS_CUDA_GPU1_(double, rsqrt, WS_CUDA_BOTH_(rsqrt))
WS_CUDA_ROUTE2_(double, hypot, hypot)
WS_CUDA_GPU2_(double, rhypot, WS_CUDA_BOTH_(rhypot))
WS_CUDA_GPU3_(double, norm3d, WS_CUDA_BOTH_(norm3d))
WS_CUDA_GPU3_(double, rnorm3d, WS_CUDA_BOTH_(rnorm3d))
WS_CUDA_GPU4_(double, norm4d, WS_CUDA_BOTH_(norm4d))
WS_CUDA_GPU4_(double, rnorm4d, WS_CUDA_BOTH_(rnorm4d))
WS_CUDA_ROUTE1_(double, erfc, erfc)
WS_CUDA_ROUTE1_(double, erf, erf)
WS_CUDA_ROUTE1_(double, tanh, tanh)
WS_CUDA_ROUTE1_(double, cbrt, cbrt)
WS_CUDA_GPU1_(double, rcbrt, WS_CUDA_BOTH_(rcbrt))
WS_CUDA_GPU1_(double, normcdf, WS_CUDA_BOTH_(normcdf))
WS_CUDA_GPU1_(double, erfinv, WS_CUDA_BOTH_(erfinv))
WS_CUDA_GPU1_(double, erfcinv, WS_CUDA_BOTH_(erfcinv))
WS_CUDA_GPU1_(double, normcdfinv, WS_CUDA_BOTH_(normcdfinv))
WS_CUDA_GPU1_(double, erfcx, WS_CUDA_BOTH_(erfcx))
/* The Bessel functions in double: CUDA's algorithm on both sides, as for
 * their float forms (j0 ... yn are X/Open names that a strict C build does
 * not declare; cyl_bessel_i0 and cyl_bessel_i1 are CUDA's own). */
WS_CUDA_GPU1_(double, j0, WS_CUDA_BOTH_(j0))
WS_CUDA_GPU1_(double, j1, WS_CUDA_BOTH_(j1))
WS_CUDA_GPU1_(double, y0, WS_CUDA_BOTH_(y0))
WS_CUDA_GPU1_(double, y1, WS_CUDA_BOTH_(y1))
WS_CUDA_GPU1_(double, cyl_bessel_i0, WS_CUDA_BOTH_(cyl_bessel_i0))
WS_CUDA_GPU1_(double, cyl_bessel_i1, WS_CUDA_BOTH_(cyl_bessel_i1))
WS_CUDA_ROUTE1_(double, lgamma, lgamma)
WS_CUDA_ROUTE1_(double, tgamma, tgamma)
WS_CUDA_ROUTE1_(double, tan, tan)
WS_CUDA_ROUTE1_(double, atan, atan)
WS_CUDA_ROUTE1_(double, asin, asin)
WS_CUDA_ROUTE1_(double, acos, acos)
WS_CUDA_ROUTE1_(double, cosh, cosh)
WS_CUDA_ROUTE1_(double, atanh, atanh)
WS_CUDA_ROUTE1_(double, asinh, asinh)
WS_CUDA_ROUTE1_(double, acosh, acosh)
/* sqrt: f64's NaNs are the same on both sides (a negative's is 0xFFF8...,
 * a NaN comes back quieted), so only float needs the GPU's. */
#if WS_CUDA_FTZ_ /* in a kernel the host's flush-to-zero mode is on: off for sqrt of a subnormal double */
static inline double ws_cuda_sqrt_(double x)
{
    if (!WS_CUDA_ON_GPU_)
        return sqrt(x);
    unsigned mode = ws_fp_mode_set_ftz(0);
    double r = sqrt(x);
    ws_fp_mode_restore(mode);
    return r;
}
#else
WS_CUDA_HOST1_(double, sqrt, sqrt)
#endif
WS_CUDA_NANFIX1_(double, fabs)
WS_CUDA_NANFIX1_(double, floor)
WS_CUDA_NANFIX1_(double, ceil)
WS_CUDA_NANFIX1_(double, trunc)
WS_CUDA_NANFIX1_(double, round)
WS_CUDA_NANFIX1_(double, rint)
WS_CUDA_NANFIX1_(double, nearbyint)
WS_CUDA_NANFIX3_(double, fma)
WS_CUDA_ROUTE2_(double, fdim, fdim)
WS_CUDA_ROUTE2_(double, copysign, copysign)
WS_CUDA_ROUTE2_(double, nextafter, nextafter)
WS_CUDA_ROUTE1_(double, logb, logb)
WS_CUDA_ROUTE_TO_(int, double, ilogb, ilogb)
WS_CUDA_ROUTE_TO_(long, double, lrint, lrint)
WS_CUDA_ROUTE_TO_(long long, double, llrint, llrint)
WS_CUDA_ROUTE_TO_(long, double, lround, lround)
WS_CUDA_ROUTE_TO_(long long, double, llround, llround)
WS_CUDA_ROUTE_I_(double, ldexp, int, ldexp)
WS_CUDA_ROUTE_I_(double, scalbn, int, scalbn)
WS_CUDA_ROUTE_I_(double, scalbln, long, scalbln)
WS_CUDA_ROUTE_P_(double, frexp, int, frexp)
WS_CUDA_ROUTE_P_(double, modf, double, modf)
WS_CUDA_ROUTE2_(double, fmod, fmod)
WS_CUDA_ROUTE2_(double, remainder, remainder)
static inline double ws_cuda_remquo_(double x, double y, int *quo)
{
    return WS_CUDA_ON_GPU_ ? WS_CUDA_DEV_(remquo)(x, y, quo) : remquo(x, y, quo);
}
static inline void ws_cuda_sincos_(double x, double *s, double *c)
{
    if (WS_CUDA_ON_GPU_) {
        WS_CUDA_DEV_(sincos)(x, s, c);
    } else {
        *s = sin(x);
        *c = cos(x);
    }
}

#ifdef __cplusplus
/* CUDA's float overloads of the double names (sin(float) is sinf), the
 * host's long double ones (CUDA has no long double on the device), and
 * integers as doubles. */
static inline long double ws_cuda_host_exp10l_(long double x) { return powl(10.0L, x); }
/* CUDA-only names with a long double argument: the double function. */
static inline long double ws_cuda_sinpil_(long double x) { return ws_gpu_sinpi((double)x); }
static inline long double ws_cuda_cospil_(long double x) { return ws_gpu_cospi((double)x); }
static inline long double ws_cuda_rsqrtl_(long double x) { return ws_gpu_rsqrt((double)x); }
static inline long double ws_cuda_rcbrtl_(long double x) { return ws_gpu_rcbrt((double)x); }
static inline long double ws_cuda_normcdfl_(long double x) { return ws_gpu_normcdf((double)x); }
static inline long double ws_cuda_erfinvl_(long double x) { return ws_gpu_erfinv((double)x); }
static inline long double ws_cuda_erfcinvl_(long double x) { return ws_gpu_erfcinv((double)x); }
static inline long double ws_cuda_normcdfinvl_(long double x) { return ws_gpu_normcdfinv((double)x); }
static inline long double ws_cuda_erfcxl_(long double x) { return ws_gpu_erfcx((double)x); }
#define WS_CUDA_OVERLOADS1_(n, nf, nl)                                                              \
    static inline float ws_cuda_##n##_(float x) { return ws_cuda_##nf##_(x); }                     \
    static inline long double ws_cuda_##n##_(long double x) { return nl(x); }                      \
    template <typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type> \
    static inline double ws_cuda_##n##_(T x)                                                       \
    {                                                                                              \
        return ws_cuda_##n##_((double)x);                                                          \
    }
WS_CUDA_OVERLOADS1_(log, logf, logl)
WS_CUDA_OVERLOADS1_(log2, log2f, log2l)
WS_CUDA_OVERLOADS1_(log10, log10f, log10l)
WS_CUDA_OVERLOADS1_(log1p, log1pf, log1pl)
WS_CUDA_OVERLOADS1_(exp, expf, expl)
WS_CUDA_OVERLOADS1_(exp2, exp2f, exp2l)
WS_CUDA_OVERLOADS1_(exp10, exp10f, ws_cuda_host_exp10l_)
WS_CUDA_OVERLOADS1_(expm1, expm1f, expm1l)
WS_CUDA_OVERLOADS1_(sinh, sinhf, sinhl)
WS_CUDA_OVERLOADS1_(sin, sinf, sinl)
WS_CUDA_OVERLOADS1_(cos, cosf, cosl)
WS_CUDA_OVERLOADS1_(tan, tanf, tanl)
WS_CUDA_OVERLOADS1_(atan, atanf, atanl)
WS_CUDA_OVERLOADS1_(asin, asinf, asinl)
WS_CUDA_OVERLOADS1_(acos, acosf, acosl)
WS_CUDA_OVERLOADS1_(cosh, coshf, coshl)
WS_CUDA_OVERLOADS1_(atanh, atanhf, atanhl)
WS_CUDA_OVERLOADS1_(asinh, asinhf, asinhl)
WS_CUDA_OVERLOADS1_(acosh, acoshf, acoshl)
WS_CUDA_OVERLOADS1_(erfc, erfcf, erfcl)
WS_CUDA_OVERLOADS1_(erf, erff, erfl)
WS_CUDA_OVERLOADS1_(tanh, tanhf, tanhl)
WS_CUDA_OVERLOADS1_(cbrt, cbrtf, cbrtl)
WS_CUDA_OVERLOADS1_(rcbrt, rcbrtf, ws_cuda_rcbrtl_)
WS_CUDA_OVERLOADS1_(normcdf, normcdff, ws_cuda_normcdfl_)
WS_CUDA_OVERLOADS1_(erfinv, erfinvf, ws_cuda_erfinvl_)
WS_CUDA_OVERLOADS1_(erfcinv, erfcinvf, ws_cuda_erfcinvl_)
WS_CUDA_OVERLOADS1_(normcdfinv, normcdfinvf, ws_cuda_normcdfinvl_)
WS_CUDA_OVERLOADS1_(erfcx, erfcxf, ws_cuda_erfcxl_)
WS_CUDA_OVERLOADS1_(lgamma, lgammaf, lgammal)
WS_CUDA_OVERLOADS1_(tgamma, tgammaf, tgammal)
WS_CUDA_OVERLOADS1_(sqrt, sqrtf, sqrtl)
WS_CUDA_OVERLOADS1_(sinpi, sinpif, ws_cuda_sinpil_)
WS_CUDA_OVERLOADS1_(cospi, cospif, ws_cuda_cospil_)
WS_CUDA_OVERLOADS1_(rsqrt, rsqrtf, ws_cuda_rsqrtl_)
WS_CUDA_OVERLOADS1_(fabs, fabsf, fabsl)
WS_CUDA_OVERLOADS1_(floor, floorf, floorl)
WS_CUDA_OVERLOADS1_(ceil, ceilf, ceill)
WS_CUDA_OVERLOADS1_(trunc, truncf, truncl)
WS_CUDA_OVERLOADS1_(round, roundf, roundl)
WS_CUDA_OVERLOADS1_(rint, rintf, rintl)
WS_CUDA_OVERLOADS1_(nearbyint, nearbyintf, nearbyintl)
WS_CUDA_OVERLOADS1_(logb, logbf, logbl)
#undef WS_CUDA_OVERLOADS1_
/* The Bessel functions, sincospi and scalbln: CUDA overloads them for
 * float too (j0(float) is j0f), and integers go in as doubles. */
#define WS_CUDA_FLOAT_OVERLOAD1_(n, nf)                                                             \
    static inline float ws_cuda_##n##_(float x) { return ws_cuda_##nf##_(x); }                     \
    template <typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type> \
    static inline double ws_cuda_##n##_(T x)                                                       \
    {                                                                                              \
        return ws_cuda_##n##_((double)x);                                                          \
    }
WS_CUDA_FLOAT_OVERLOAD1_(j0, j0f)
WS_CUDA_FLOAT_OVERLOAD1_(j1, j1f)
WS_CUDA_FLOAT_OVERLOAD1_(y0, y0f)
WS_CUDA_FLOAT_OVERLOAD1_(y1, y1f)
WS_CUDA_FLOAT_OVERLOAD1_(cyl_bessel_i0, cyl_bessel_i0f)
WS_CUDA_FLOAT_OVERLOAD1_(cyl_bessel_i1, cyl_bessel_i1f)
#undef WS_CUDA_FLOAT_OVERLOAD1_
static inline double ws_cuda_jn_(int n, double x) { return WS_CUDA_BOTH_(jn)(n, x); }
static inline float ws_cuda_jn_(int n, float x) { return WS_CUDA_BOTH_(jnf)(n, x); }
static inline double ws_cuda_yn_(int n, double x) { return WS_CUDA_BOTH_(yn)(n, x); }
static inline float ws_cuda_yn_(int n, float x) { return WS_CUDA_BOTH_(ynf)(n, x); }
static inline void ws_cuda_sincospi_(double x, double *s, double *c) { WS_CUDA_BOTH_(sincospi)(x, s, c); }
static inline void ws_cuda_sincospi_(float x, float *s, float *c) { WS_CUDA_BOTH_(sincospif)(x, s, c); }
static inline float ws_cuda_scalbln_(float x, long k) { return ws_cuda_scalblnf_(x, k); }
static inline void ws_cuda_sincos_(float x, float *s, float *c) { ws_cuda_sincosf_(x, s, c); }
static inline float ws_cuda_atan2_(float y, float x) { return ws_cuda_atan2f_(y, x); }
static inline float ws_cuda_hypot_(float x, float y) { return ws_cuda_hypotf_(x, y); }
static inline float ws_cuda_pow_(float x, float y) { return ws_cuda_powf_(x, y); }
static inline long double ws_cuda_pow_(long double x, long double y) { return powl(x, y); }
static inline float ws_cuda_fdim_(float x, float y) { return ws_cuda_fdimf_(x, y); }
static inline long double ws_cuda_fdim_(long double x, long double y) { return fdiml(x, y); }
static inline float ws_cuda_copysign_(float x, float y) { return ws_cuda_copysignf_(x, y); }
static inline long double ws_cuda_copysign_(long double x, long double y) { return copysignl(x, y); }
static inline float ws_cuda_nextafter_(float x, float y) { return ws_cuda_nextafterf_(x, y); }
static inline long double ws_cuda_nextafter_(long double x, long double y) { return nextafterl(x, y); }
static inline float ws_cuda_fmod_(float x, float y) { return ws_cuda_fmodf_(x, y); }
static inline long double ws_cuda_fmod_(long double x, long double y) { return fmodl(x, y); }
static inline float ws_cuda_remainder_(float x, float y) { return ws_cuda_remainderf_(x, y); }
static inline long double ws_cuda_remainder_(long double x, long double y) { return remainderl(x, y); }
static inline float ws_cuda_fma_(float x, float y, float z) { return ws_cuda_fmaf_(x, y, z); }
static inline long double ws_cuda_fma_(long double x, long double y, long double z) { return fmal(x, y, z); }
static inline float ws_cuda_ldexp_(float x, int k) { return ws_cuda_ldexpf_(x, k); }
static inline long double ws_cuda_ldexp_(long double x, int k) { return ldexpl(x, k); }
static inline float ws_cuda_scalbn_(float x, int k) { return ws_cuda_scalbnf_(x, k); }
static inline long double ws_cuda_scalbn_(long double x, int k) { return scalbnl(x, k); }
static inline float ws_cuda_frexp_(float x, int *e) { return ws_cuda_frexpf_(x, e); }
static inline long double ws_cuda_frexp_(long double x, int *e) { return frexpl(x, e); }
static inline float ws_cuda_modf_(float x, float *i) { return ws_cuda_modff_(x, i); }
static inline long double ws_cuda_modf_(long double x, long double *i) { return modfl(x, i); }
static inline int ws_cuda_ilogb_(float x) { return ws_cuda_ilogbf_(x); }
static inline int ws_cuda_ilogb_(long double x) { return ilogbl(x); }
static inline long ws_cuda_lrint_(float x) { return ws_cuda_lrintf_(x); }
static inline long ws_cuda_lrint_(long double x) { return lrintl(x); }
static inline long long ws_cuda_llrint_(float x) { return ws_cuda_llrintf_(x); }
static inline long long ws_cuda_llrint_(long double x) { return llrintl(x); }
static inline long ws_cuda_lround_(float x) { return ws_cuda_lroundf_(x); }
static inline long ws_cuda_lround_(long double x) { return lroundl(x); }
static inline long long ws_cuda_llround_(float x) { return ws_cuda_llroundf_(x); }
static inline long long ws_cuda_llround_(long double x) { return llroundl(x); }
static inline float ws_cuda_remquo_(float x, float y, int *q) { return ws_cuda_remquof_(x, y, q); }
static inline long double ws_cuda_remquo_(long double x, long double y, int *q) { return remquol(x, y, q); }
/* fdim, copysign, nextafter, fmod, remainder of two arguments of
 * other types: as <cmath>, in double. */
#define WS_CUDA_MIXED2_(n)                                                                                              \
    template <typename A, typename B,                                                                                   \
              typename = typename std::enable_if<                                                                       \
                  std::is_arithmetic<A>::value && std::is_arithmetic<B>::value &&                                       \
                  !(std::is_same<A, float>::value && std::is_same<B, float>::value) &&                                  \
                  !(std::is_same<A, double>::value && std::is_same<B, double>::value) &&                                \
                  !std::is_same<A, long double>::value && !std::is_same<B, long double>::value>::type>                  \
    static inline double n(A x, B y)                                                                                    \
    {                                                                                                                   \
        return n((double)x, (double)y);                                                                                 \
    }
WS_CUDA_MIXED2_(ws_cuda_fdim_)
WS_CUDA_MIXED2_(ws_cuda_copysign_)
WS_CUDA_MIXED2_(ws_cuda_nextafter_)
WS_CUDA_MIXED2_(ws_cuda_fmod_)
WS_CUDA_MIXED2_(ws_cuda_remainder_)
#undef WS_CUDA_MIXED2_
/* pow of two arguments of other types: as <cmath>, in double. */
template <typename A, typename B,
          typename = typename std::enable_if<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value &&
                                             !(std::is_same<A, float>::value && std::is_same<B, float>::value) &&
                                             !(std::is_same<A, double>::value && std::is_same<B, double>::value) &&
                                             !std::is_same<A, long double>::value && !std::is_same<B, long double>::value>::type>
static inline double ws_cuda_pow_(A x, B y)
{
    return ws_cuda_pow_((double)x, (double)y);
}
static inline long double ws_cuda_hypot_(long double x, long double y) { return hypotl(x, y); }
static inline long double ws_cuda_atan2_(long double y, long double x) { return atan2l(y, x); }
/* atan2 of two arguments of other types: as <cmath>, in double. */
template <typename A, typename B,
          typename = typename std::enable_if<std::is_arithmetic<A>::value && std::is_arithmetic<B>::value &&
                                             !(std::is_same<A, float>::value && std::is_same<B, float>::value) &&
                                             !(std::is_same<A, double>::value && std::is_same<B, double>::value) &&
                                             !std::is_same<A, long double>::value && !std::is_same<B, long double>::value>::type>
static inline double ws_cuda_atan2_(A y, B x)
{
    return ws_cuda_atan2_((double)y, (double)x);
}
/* std::sin(x) names the same function as sin(x) once the macros below apply. */
namespace std {
using ::ws_cuda_atan2_;
using ::ws_cuda_atan2f_;
using ::ws_cuda_atan_;
using ::ws_cuda_atanf_;
using ::ws_cuda_asin_;
using ::ws_cuda_acos_;
using ::ws_cuda_cosh_;
using ::ws_cuda_atanh_;
using ::ws_cuda_asinh_;
using ::ws_cuda_acosh_;
using ::ws_cuda_hypot_;
using ::ws_cuda_hypotf_;
using ::ws_cuda_fabs_;
using ::ws_cuda_floor_;
using ::ws_cuda_ceil_;
using ::ws_cuda_trunc_;
using ::ws_cuda_round_;
using ::ws_cuda_rint_;
using ::ws_cuda_nearbyint_;
using ::ws_cuda_logb_;
using ::ws_cuda_fdim_;
using ::ws_cuda_copysign_;
using ::ws_cuda_nextafter_;
using ::ws_cuda_fmod_;
using ::ws_cuda_remainder_;
using ::ws_cuda_remquo_;
using ::ws_cuda_fma_;
using ::ws_cuda_ldexp_;
using ::ws_cuda_scalbn_;
using ::ws_cuda_frexp_;
using ::ws_cuda_modf_;
using ::ws_cuda_ilogb_;
using ::ws_cuda_lrint_;
using ::ws_cuda_llrint_;
using ::ws_cuda_lround_;
using ::ws_cuda_llround_;
using ::ws_cuda_fabsf_;
using ::ws_cuda_floorf_;
using ::ws_cuda_ceilf_;
using ::ws_cuda_truncf_;
using ::ws_cuda_roundf_;
using ::ws_cuda_rintf_;
using ::ws_cuda_nearbyintf_;
using ::ws_cuda_logbf_;
using ::ws_cuda_fdimf_;
using ::ws_cuda_copysignf_;
using ::ws_cuda_nextafterf_;
using ::ws_cuda_fmaf_;
using ::ws_cuda_ldexpf_;
using ::ws_cuda_scalbnf_;
using ::ws_cuda_frexpf_;
using ::ws_cuda_modff_;
using ::ws_cuda_ilogbf_;
using ::ws_cuda_lrintf_;
using ::ws_cuda_llrintf_;
using ::ws_cuda_lroundf_;
using ::ws_cuda_llroundf_;
using ::ws_cuda_log_;
using ::ws_cuda_log2_;
using ::ws_cuda_log10_;
using ::ws_cuda_log1p_;
using ::ws_cuda_pow_;
using ::ws_cuda_fmodf_;
using ::ws_cuda_remainderf_;
using ::ws_cuda_remquof_;
using ::ws_cuda_asinf_;
using ::ws_cuda_acosf_;
using ::ws_cuda_erfc_;
using ::ws_cuda_erf_;
using ::ws_cuda_tanh_;
using ::ws_cuda_cbrt_;
using ::ws_cuda_cbrtf_;
using ::ws_cuda_expf_;
using ::ws_cuda_exp2f_;
using ::ws_cuda_expm1f_;
using ::ws_cuda_sinhf_;
using ::ws_cuda_coshf_;
using ::ws_cuda_tanhf_;
using ::ws_cuda_erff_;
using ::ws_cuda_erfcf_;
using ::ws_cuda_lgamma_;
using ::ws_cuda_tgamma_;
using ::ws_cuda_cos_;
using ::ws_cuda_cosf_;
using ::ws_cuda_exp10_;
using ::ws_cuda_exp2_;
using ::ws_cuda_exp_;
using ::ws_cuda_expm1_;
using ::ws_cuda_log10f_;
using ::ws_cuda_log1pf_;
using ::ws_cuda_log2f_;
using ::ws_cuda_logf_;
using ::ws_cuda_sin_;
using ::ws_cuda_sincos_;
using ::ws_cuda_sincosf_;
using ::ws_cuda_sinf_;
using ::ws_cuda_sinh_;
using ::ws_cuda_sqrt_;
using ::ws_cuda_sqrtf_;
using ::ws_cuda_tan_;
using ::ws_cuda_tanf_;
using ::ws_cuda_powf_;
using ::ws_cuda_lgammaf_;
using ::ws_cuda_tgammaf_;
using ::ws_cuda_asinhf_;
using ::ws_cuda_acoshf_;
using ::ws_cuda_atanhf_;
using ::ws_cuda_scalbln_;
using ::ws_cuda_scalblnf_;
} // namespace std
#define sinpi(...) ws_cuda_sinpi_(__VA_ARGS__)
#define cospi(...) ws_cuda_cospi_(__VA_ARGS__)
#define tan(...) ws_cuda_tan_(__VA_ARGS__)
#define sqrt(...) ws_cuda_sqrt_(__VA_ARGS__)
#define atan(...) ws_cuda_atan_(__VA_ARGS__)
#define rsqrt(...) ws_cuda_rsqrt_(__VA_ARGS__)
#else
#define sinpi(...) WS_CUDA_BOTH_(sinpi)(__VA_ARGS__)
#define cospi(...) WS_CUDA_BOTH_(cospi)(__VA_ARGS__)
#define rsqrt(...) WS_CUDA_BOTH_(rsqrt)(__VA_ARGS__)
#define atan(...) ws_cuda_atan_(__VA_ARGS__)
#endif
#undef WS_CUDA_ROUTE1_
#undef WS_CUDA_ROUTE2_
#undef WS_CUDA_GPU1_
#undef WS_CUDA_GPU2_
#undef WS_CUDA_GPU3_
#undef WS_CUDA_GPU4_
#undef WS_CUDA_HOST1_
#undef WS_CUDA_NANFIX1_
#undef WS_CUDA_NANFIX3_
#undef WS_CUDA_ROUTE_I_
#undef WS_CUDA_ROUTE_P_
#undef WS_CUDA_ROUTE_TO_

/* __fdividef is div.approx.f32 (the approximate reciprocal, then a multiply);
 * fdividef is IEEE division unless nvcc is told -prec-div=false. */
#define __fdividef(x, y) WS_CUDA_DEV_(div_approx)((float)(x), (float)(y))
#define fdividef(x, y) WS_CUDA_DEV_(fdividef)((float)(x), (float)(y))

#define fabs(...) ws_cuda_fabs_(__VA_ARGS__)
#define floor(...) ws_cuda_floor_(__VA_ARGS__)
#define ceil(...) ws_cuda_ceil_(__VA_ARGS__)
#define trunc(...) ws_cuda_trunc_(__VA_ARGS__)
#define round(...) ws_cuda_round_(__VA_ARGS__)
#define rint(...) ws_cuda_rint_(__VA_ARGS__)
#define nearbyint(...) ws_cuda_nearbyint_(__VA_ARGS__)
#define logb(...) ws_cuda_logb_(__VA_ARGS__)
#define fdim(...) ws_cuda_fdim_(__VA_ARGS__)
#define copysign(...) ws_cuda_copysign_(__VA_ARGS__)
#define nextafter(...) ws_cuda_nextafter_(__VA_ARGS__)
#define fmod(...) ws_cuda_fmod_(__VA_ARGS__)
#define remainder(...) ws_cuda_remainder_(__VA_ARGS__)
#define remquo(...) ws_cuda_remquo_(__VA_ARGS__)
#define fma(...) ws_cuda_fma_(__VA_ARGS__)
#define ldexp(...) ws_cuda_ldexp_(__VA_ARGS__)
#define scalbn(...) ws_cuda_scalbn_(__VA_ARGS__)
#define frexp(...) ws_cuda_frexp_(__VA_ARGS__)
#define modf(...) ws_cuda_modf_(__VA_ARGS__)
#define ilogb(...) ws_cuda_ilogb_(__VA_ARGS__)
#define lrint(...) ws_cuda_lrint_(__VA_ARGS__)
#define llrint(...) ws_cuda_llrint_(__VA_ARGS__)
#define lround(...) ws_cuda_lround_(__VA_ARGS__)
#define llround(...) ws_cuda_llround_(__VA_ARGS__)
#define fabsf ws_cuda_fabsf_
#define floorf ws_cuda_floorf_
#define ceilf ws_cuda_ceilf_
#define truncf ws_cuda_truncf_
#define roundf ws_cuda_roundf_
#define rintf ws_cuda_rintf_
#define nearbyintf ws_cuda_nearbyintf_
#define logbf ws_cuda_logbf_
#define fdimf ws_cuda_fdimf_
#define copysignf ws_cuda_copysignf_
#define nextafterf ws_cuda_nextafterf_
#define fmaf ws_cuda_fmaf_
#define ldexpf ws_cuda_ldexpf_
#define scalbnf ws_cuda_scalbnf_
#define scalblnf ws_cuda_scalblnf_
#define frexpf ws_cuda_frexpf_
#define modff ws_cuda_modff_
#define ilogbf ws_cuda_ilogbf_
#define lrintf ws_cuda_lrintf_
#define llrintf ws_cuda_llrintf_
#define lroundf ws_cuda_lroundf_
#define llroundf ws_cuda_llroundf_
#define scalbln(...) ws_cuda_scalbln_(__VA_ARGS__)
#define sqrtf ws_cuda_sqrtf_
#define rsqrtf ws_cuda_rsqrtf_
#define logf ws_cuda_logf_
#define log2f ws_cuda_log2f_
#define log10f ws_cuda_log10f_
#define log1pf ws_cuda_log1pf_
#define sinf ws_cuda_sinf_
#define cosf ws_cuda_cosf_
#define sincosf ws_cuda_sincosf_
#define sinpif WS_CUDA_BOTH_(sinpif)
#define cospif WS_CUDA_BOTH_(cospif)
#define sincospif WS_CUDA_BOTH_(sincospif)
#define atan2f ws_cuda_atan2f_
#define tanf ws_cuda_tanf_
#define atanf ws_cuda_atanf_
#define powf ws_cuda_powf_
#define exp(...) ws_cuda_exp_(__VA_ARGS__)
#define exp2(...) ws_cuda_exp2_(__VA_ARGS__)
#define exp10(...) ws_cuda_exp10_(__VA_ARGS__)
#define expm1(...) ws_cuda_expm1_(__VA_ARGS__)
#define sinh(...) ws_cuda_sinh_(__VA_ARGS__)
#define sin(...) ws_cuda_sin_(__VA_ARGS__)
#define cos(...) ws_cuda_cos_(__VA_ARGS__)
#define sincos(...) ws_cuda_sincos_(__VA_ARGS__)
#ifdef __cplusplus
#define sincospi(...) ws_cuda_sincospi_(__VA_ARGS__)
#else
#define sincospi(...) WS_CUDA_BOTH_(sincospi)(__VA_ARGS__)
#endif
#define atan2(...) ws_cuda_atan2_(__VA_ARGS__)
#define asin(...) ws_cuda_asin_(__VA_ARGS__)
#define acos(...) ws_cuda_acos_(__VA_ARGS__)
#define cosh(...) ws_cuda_cosh_(__VA_ARGS__)
#define atanh(...) ws_cuda_atanh_(__VA_ARGS__)
#define asinh(...) ws_cuda_asinh_(__VA_ARGS__)
#define acosh(...) ws_cuda_acosh_(__VA_ARGS__)
#define hypot(...) ws_cuda_hypot_(__VA_ARGS__)
#define log(...) ws_cuda_log_(__VA_ARGS__)
#define log2(...) ws_cuda_log2_(__VA_ARGS__)
#define log10(...) ws_cuda_log10_(__VA_ARGS__)
#define log1p(...) ws_cuda_log1p_(__VA_ARGS__)
#define pow(...) ws_cuda_pow_(__VA_ARGS__)
#define asinf ws_cuda_asinf_
#define acosf ws_cuda_acosf_
#define atanhf ws_cuda_atanhf_
#define asinhf ws_cuda_asinhf_
#define acoshf ws_cuda_acoshf_
#define lgammaf ws_cuda_lgammaf_
#define tgammaf ws_cuda_tgammaf_
#define fmodf ws_cuda_fmodf_
#define remainderf ws_cuda_remainderf_
#define remquof ws_cuda_remquof_
#define rhypotf ws_cuda_rhypotf_
#define hypotf ws_cuda_hypotf_
#define norm3df ws_cuda_norm3df_
#define norm4df ws_cuda_norm4df_
/* CUDA-only names of an (int, const T *) or (int, T) shape: CUDA's algorithm
 * on both sides. In C++ the norms are functions, not macros: a macro norm
 * would also take std::norm of <complex>. */
#ifdef __cplusplus
static inline float normf(int dim, const float *t) { return WS_CUDA_BOTH_(normf)(dim, t); }
static inline float rnormf(int dim, const float *t) { return WS_CUDA_BOTH_(rnormf)(dim, t); }
static inline double norm(int dim, const double *t) { return WS_CUDA_BOTH_(norm)(dim, t); }
static inline double rnorm(int dim, const double *t) { return WS_CUDA_BOTH_(rnorm)(dim, t); }
#else
#define normf WS_CUDA_BOTH_(normf)
#define rnormf WS_CUDA_BOTH_(rnormf)
#define norm(...) WS_CUDA_BOTH_(norm)(__VA_ARGS__)
#define rnorm(...) WS_CUDA_BOTH_(rnorm)(__VA_ARGS__)
#endif
#define j0f ws_cuda_j0f_
#define j1f ws_cuda_j1f_
#define y0f ws_cuda_y0f_
#define y1f ws_cuda_y1f_
#define jnf WS_CUDA_BOTH_(jnf)
#define ynf WS_CUDA_BOTH_(ynf)
#define cyl_bessel_i0f ws_cuda_cyl_bessel_i0f_
#define cyl_bessel_i1f ws_cuda_cyl_bessel_i1f_
#define j0(...) ws_cuda_j0_(__VA_ARGS__)
#define j1(...) ws_cuda_j1_(__VA_ARGS__)
#define y0(...) ws_cuda_y0_(__VA_ARGS__)
#define y1(...) ws_cuda_y1_(__VA_ARGS__)
#ifdef __cplusplus
#define jn(...) ws_cuda_jn_(__VA_ARGS__)
#define yn(...) ws_cuda_yn_(__VA_ARGS__)
#else
#define jn(...) WS_CUDA_BOTH_(jn)(__VA_ARGS__)
#define yn(...) WS_CUDA_BOTH_(yn)(__VA_ARGS__)
#endif
#define cyl_bessel_i0(...) ws_cuda_cyl_bessel_i0_(__VA_ARGS__)
#define cyl_bessel_i1(...) ws_cuda_cyl_bessel_i1_(__VA_ARGS__)
#define rnorm3df ws_cuda_rnorm3df_
#define rnorm4df ws_cuda_rnorm4df_
#define rhypot(...) ws_cuda_rhypot_(__VA_ARGS__)
#define norm3d(...) ws_cuda_norm3d_(__VA_ARGS__)
#define rnorm3d(...) ws_cuda_rnorm3d_(__VA_ARGS__)
#define norm4d(...) ws_cuda_norm4d_(__VA_ARGS__)
#define rnorm4d(...) ws_cuda_rnorm4d_(__VA_ARGS__)
#define erfc(...) ws_cuda_erfc_(__VA_ARGS__)
#define erf(...) ws_cuda_erf_(__VA_ARGS__)
#define tanh(...) ws_cuda_tanh_(__VA_ARGS__)
#define expf ws_cuda_expf_
#define exp2f ws_cuda_exp2f_
#define exp10f ws_cuda_exp10f_
#define expm1f ws_cuda_expm1f_
#define sinhf ws_cuda_sinhf_
#define coshf ws_cuda_coshf_
#if defined(WARPSIM_CUDA_FAST_MATH) && WARPSIM_CUDA_FAST_MATH && defined(__cplusplus)
/* tanh.approx on the GPU, not modelled: a call's site goes with it (default arguments, as
 * WS_CUDA_SITE's), for the APPROX_BITS line; tanhf passed as a function is the same function. */
struct ws_cuda_tanhf_fast_ {
    float operator()(float x, const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
    {
        return WS_CUDA_ON_GPU_ ? ws_gpu_ftz_tanh_fast_math_at(x, file, line) : ws_cuda_tanhf_(x);
    }
    typedef float (*function)(float);
    operator function() const { return &ws_cuda_tanhf_; }
};
static constexpr ws_cuda_tanhf_fast_ ws_cuda_tanhf_site_{};
#define tanhf ws_cuda_tanhf_site_
#else
#define tanhf ws_cuda_tanhf_
#endif
#define erff ws_cuda_erff_
#define erfcf ws_cuda_erfcf_
#define normcdff ws_cuda_normcdff_
#define erfcxf ws_cuda_erfcxf_
#define cbrtf ws_cuda_cbrtf_
#define rcbrtf ws_cuda_rcbrtf_
#define erfinvf ws_cuda_erfinvf_
#define erfcinvf ws_cuda_erfcinvf_
#define normcdfinvf ws_cuda_normcdfinvf_
#define cbrt(...) ws_cuda_cbrt_(__VA_ARGS__)
#define rcbrt(...) ws_cuda_rcbrt_(__VA_ARGS__)
#define __logf(x) WS_CUDA_DEV_(fast_logf)((float)(x))
#define __log2f(x) WS_CUDA_DEV_(fast_log2f)((float)(x))
#define __log10f(x) WS_CUDA_DEV_(fast_log10f)((float)(x))
#define __powf(x, y) WS_CUDA_DEV_(fast_powf)((float)(x), (float)(y))
#define __sinf(x) WS_CUDA_DEV_(sin_approx)((float)(x))
#define __cosf(x) WS_CUDA_DEV_(cos_approx)((float)(x))
#define __tanf(x) WS_CUDA_DEV_(fast_tanf)((float)(x))
#define __sincosf(x, s, c) WS_CUDA_DEV_(fast_sincosf)((float)(x), s, c)
#define __expf(x) WS_CUDA_DEV_(fast_expf)((float)(x))
#define __exp10f(x) WS_CUDA_DEV_(fast_exp10f)((float)(x))
#define normcdf(...) ws_cuda_normcdf_(__VA_ARGS__)
#define erfinv(...) ws_cuda_erfinv_(__VA_ARGS__)
#define erfcinv(...) ws_cuda_erfcinv_(__VA_ARGS__)
#define normcdfinv(...) ws_cuda_normcdfinv_(__VA_ARGS__)
#define erfcx(...) ws_cuda_erfcx_(__VA_ARGS__)
#define lgamma(...) ws_cuda_lgamma_(__VA_ARGS__)
#define tgamma(...) ws_cuda_tgamma_(__VA_ARGS__)

#endif
