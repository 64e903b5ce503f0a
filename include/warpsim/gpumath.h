/* warpsim/gpumath.h: CUDA math functions with the bits an NVIDIA H200
 * gives (nvcc 13.0's defaults: no -ftz, no -use_fast_math), in C17 and
 * C++17. Each is the algorithm CUDA's device math library runs, step by
 * step, in exact IEEE operations (fma, add, mul, integer work), so the
 * host computes what the GPU computes; NaN results carry the GPU's bits
 * (f32: 0x7FFFFFFF; f64: the payload rules of fpops.h). Where CUDA's
 * algorithm runs the GPU's approximate special-function unit (MUFU), the
 * unit's result is the measured one (src/gpumath_mufu.c); functions whose
 * algorithm runs the unit's ex2, lg2, sin or cos are not here yet.
 *
 * The CUDA front end (warpsim/cuda.h) sends device code's calls of these
 * names here inside a kernel, and to the host's libm outside one. Measured
 * against the H200: docs/conformance.md, "Math functions". */
#ifndef WARPSIM_GPUMATH_H
#define WARPSIM_GPUMATH_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* logarithms (src/gpumath_logf.c) */
WS_API float ws_gpu_logf(float x);
WS_API float ws_gpu_log2f(float x);
WS_API float ws_gpu_log10f(float x);
WS_API float ws_gpu_log1pf(float x);

/* f32 trigonometry (src/gpumath_trigf.c) */
WS_API float ws_gpu_sinf(float x);
WS_API float ws_gpu_cosf(float x);
WS_API void ws_gpu_sincosf(float x, float *s, float *c);
WS_API float ws_gpu_sinpif(float x);
WS_API float ws_gpu_cospif(float x);
WS_API void ws_gpu_sincospif(float x, float *s, float *c);

/* f64 exponentials (src/gpumath_exp.c) */
WS_API double ws_gpu_exp(double x);
WS_API double ws_gpu_exp2(double x);
WS_API double ws_gpu_exp10(double x);
WS_API double ws_gpu_expm1(double x);
WS_API double ws_gpu_sinh(double x);

/* f64 trigonometry (src/gpumath_trig.c) */
WS_API double ws_gpu_sin(double x);
WS_API double ws_gpu_cos(double x);
WS_API double ws_gpu_tan(double x);
WS_API void ws_gpu_sincos(double x, double *s, double *c);
WS_API double ws_gpu_sinpi(double x);
WS_API double ws_gpu_cospi(double x);
WS_API void ws_gpu_sincospi(double x, double *s, double *c);

/* The special-function unit's approximations, as measured (src/gpumath_mufu.c),
 * named after the PTX instructions CUDA's functions run: rcp.approx.ftz.f32,
 * rsqrt.approx(.ftz).f32, rcp.approx.ftz.f64, rsqrt.approx(.ftz).f64 and
 * div.approx(.ftz).f32 (__fdividef). */
WS_API float ws_gpu_rcp_approx_ftz(float x);
WS_API float ws_gpu_rsqrt_approx_ftz(float x);
WS_API float ws_gpu_rsqrt_approx(float x);
WS_API double ws_gpu_rcp_approx_ftz_f64(double x);
WS_API double ws_gpu_rsqrt_approx_ftz_f64(double x);
WS_API double ws_gpu_rsqrt_approx_f64(double x);
WS_API float ws_gpu_div_approx_ftz(float a, float b);
/* sqrt.approx(.ftz).f32 (MUFU.SQRT; sqrtf with -prec-sqrt=false), reconstructed (src/gpumath_rcp.c) */
WS_API float ws_gpu_sqrt_approx_ftz(float x);
WS_API float ws_gpu_sqrt_approx(float x);
/* nvcc -prec-sqrt=false for the whole program (precise = 0): the square
 * root inside hypotf, norm3df, norm4df, normf and jnf becomes sqrt.approx,
 * as libdevice's -prec-sqrt=false paths take it (sqrtf itself is routed by
 * warpsim/cuda_math.h). The default is 1. */
WS_API void ws_gpu_set_prec_sqrt(int precise);
WS_API float ws_gpu_div_approx(float a, float b);
WS_API float ws_gpu_fdividef(float a, float b);
/* ex2.approx(.ftz).f32 (MUFU.EX2), reconstructed from the GPU's results (src/gpumath_ex2.c) */
WS_API float ws_gpu_ex2_approx_ftz(float x);
WS_API float ws_gpu_ex2_approx(float x);
/* lg2.approx(.ftz).f32 (MUFU.LG2), reconstructed from the GPU's results (src/gpumath_lg2.c) */
WS_API float ws_gpu_lg2_approx_ftz(float x);
WS_API float ws_gpu_lg2_approx(float x);
/* sin.approx.f32, cos.approx.f32 (MUFU.SIN, MUFU.COS), reconstructed from
 * the GPU's results, and the fast intrinsics over them: __sinf, __cosf,
 * __tanf, __sincosf (src/gpumath_sincos.c) */
WS_API float ws_gpu_sin_approx(float x);
WS_API float ws_gpu_cos_approx(float x);
WS_API float ws_gpu_fast_tanf(float x);
WS_API void ws_gpu_fast_sincosf(float x, float *s, float *c); /* IEEE division: fdividef without -prec-div=false */

/* f32 tangent and arc tangent (src/gpumath_tanf.c), power (src/gpumath_powf.c):
 * CUDA's algorithms, which run the approximate reciprocal above */
WS_API float ws_gpu_tanf(float x);
WS_API float ws_gpu_atanf(float x);
WS_API float ws_gpu_powf(float x, float y);

/* f64 inverse trigonometry (src/gpumath_invtrigd.c) and hyperbolic
 * functions (src/gpumath_hyperd.c) */
WS_API double ws_gpu_atan(double x);
WS_API double ws_gpu_asin(double x);
WS_API double ws_gpu_acos(double x);
WS_API double ws_gpu_cosh(double x);
WS_API double ws_gpu_atanh(double x);
WS_API double ws_gpu_asinh(double x);
WS_API double ws_gpu_acosh(double x);

/* arc tangent of two arguments (src/gpumath_atan2.c) */
WS_API float ws_gpu_atan2f(float y, float x);
WS_API double ws_gpu_atan2(double y, double x);

/* f64 norms and reciprocal square root (src/gpumath_normd.c), error functions (src/gpumath_erfd.c), gamma functions (src/gpumath_gammad.c) */
WS_API double ws_gpu_rsqrt(double x);
WS_API double ws_gpu_hypot(double a, double b);
WS_API double ws_gpu_rhypot(double a, double b);
WS_API double ws_gpu_norm3d(double a, double b, double c);
WS_API double ws_gpu_rnorm3d(double a, double b, double c);
WS_API double ws_gpu_norm4d(double a, double b, double c, double d);
WS_API double ws_gpu_rnorm4d(double a, double b, double c, double d);
WS_API double ws_gpu_erfc(double x);
WS_API double ws_gpu_normcdf(double x);
WS_API double ws_gpu_erfinv(double x);
WS_API double ws_gpu_erfcinv(double x);
WS_API double ws_gpu_normcdfinv(double x);
WS_API double ws_gpu_erfcx(double x);
WS_API double ws_gpu_lgamma(double x);
WS_API double ws_gpu_tgamma(double x);

/* f64 logarithms (src/gpumath_logd.c) and power (src/gpumath_pow.c) */
WS_API double ws_gpu_log(double x);
WS_API double ws_gpu_log2(double x);
WS_API double ws_gpu_log10(double x);
WS_API double ws_gpu_log1p(double x);
WS_API double ws_gpu_pow(double x, double y);

/* f32 inverse trigonometric and hyperbolic functions, rsqrtf (src/gpumath_invtrigf.c), remainders (src/gpumath_remf.c), reciprocal norms (src/gpumath_normf.c), gamma functions (src/gpumath_gammaf.c) */
WS_API float ws_gpu_rsqrtf(float x);
WS_API float ws_gpu_asinf(float x);
WS_API float ws_gpu_acosf(float x);
WS_API float ws_gpu_atanhf(float x);
WS_API float ws_gpu_asinhf(float x);
WS_API float ws_gpu_acoshf(float x);
WS_API float ws_gpu_fmodf(float x, float y);
WS_API float ws_gpu_remainderf(float x, float y);
WS_API float ws_gpu_remquof(float x, float y, int *quo);
WS_API float ws_gpu_rhypotf(float x, float y);
WS_API float ws_gpu_rnorm3df(float a, float b, float c);
WS_API float ws_gpu_rnorm4df(float a, float b, float c, float d);
WS_API float ws_gpu_lgammaf(float x);
WS_API float ws_gpu_tgammaf(float x);

/* the exact functions: rounding, min/max, remainders, exponent handling, fma (src/gpumath_exactf.c, src/gpumath_exactd.c) */
WS_API float ws_gpu_fabsf(float x);
WS_API float ws_gpu_copysignf(float x, float y);
WS_API float ws_gpu_fminf(float x, float y);
WS_API float ws_gpu_fmaxf(float x, float y);
WS_API float ws_gpu_fdimf(float x, float y);
WS_API float ws_gpu_floorf(float x);
WS_API float ws_gpu_ceilf(float x);
WS_API float ws_gpu_truncf(float x);
WS_API float ws_gpu_roundf(float x);
WS_API float ws_gpu_rintf(float x);
WS_API float ws_gpu_nearbyintf(float x);
WS_API long ws_gpu_lrintf(float x);
WS_API long long ws_gpu_llrintf(float x);
WS_API long ws_gpu_lroundf(float x);
WS_API long long ws_gpu_llroundf(float x);
WS_API float ws_gpu_modff(float x, float *iptr);
WS_API float ws_gpu_frexpf(float x, int *nptr);
WS_API float ws_gpu_ldexpf(float x, int n);
WS_API float ws_gpu_scalbnf(float x, int n);
WS_API float ws_gpu_scalblnf(float x, long n);
WS_API int ws_gpu_ilogbf(float x);
WS_API float ws_gpu_logbf(float x);
WS_API float ws_gpu_nextafterf(float x, float y);
WS_API float ws_gpu_powif(float x, int n);
WS_API float ws_gpu_fmaf(float x, float y, float z);
WS_API double ws_gpu_fmod(double x, double y);
WS_API double ws_gpu_remainder(double x, double y);
WS_API double ws_gpu_remquo(double x, double y, int *quo);
WS_API double ws_gpu_fabs(double x);
WS_API double ws_gpu_copysign(double x, double y);
WS_API double ws_gpu_fmin(double x, double y);
WS_API double ws_gpu_fmax(double x, double y);
WS_API double ws_gpu_fdim(double x, double y);
WS_API double ws_gpu_floor(double x);
WS_API double ws_gpu_ceil(double x);
WS_API double ws_gpu_trunc(double x);
WS_API double ws_gpu_round(double x);
WS_API double ws_gpu_rint(double x);
WS_API double ws_gpu_nearbyint(double x);
WS_API long ws_gpu_lrint(double x);
WS_API long long ws_gpu_llrint(double x);
WS_API long ws_gpu_lround(double x);
WS_API long long ws_gpu_llround(double x);
WS_API double ws_gpu_modf(double x, double *iptr);
WS_API double ws_gpu_frexp(double x, int *nptr);
WS_API double ws_gpu_ldexp(double x, int n);
WS_API double ws_gpu_scalbn(double x, int n);
WS_API double ws_gpu_scalbln(double x, long n);
WS_API int ws_gpu_ilogb(double x);
WS_API double ws_gpu_logb(double x);
WS_API double ws_gpu_nextafter(double x, double y);
WS_API double ws_gpu_powi(double x, int n);
WS_API double ws_gpu_fma(double x, double y, double z);

/* f32 exponentials (src/gpumath_expf.c: __expf and __exp10f are ws_gpu_fast_expf, ws_gpu_fast_exp10f), hyperbolic functions (src/gpumath_hyperf.c), error functions (src/gpumath_erff.c); f64 tanh and erf, which run the f32 ex2 approximation (src/gpumath_ex2d.c) */
WS_API float ws_gpu_expf(float x);
WS_API float ws_gpu_exp2f(float x);
WS_API float ws_gpu_exp10f(float x);
WS_API float ws_gpu_fast_expf(float x);
WS_API float ws_gpu_fast_exp10f(float x);
WS_API float ws_gpu_expm1f(float x);
WS_API float ws_gpu_sinhf(float x);
WS_API float ws_gpu_coshf(float x);
WS_API float ws_gpu_tanhf(float x);
WS_API float ws_gpu_erff(float x);
WS_API float ws_gpu_erfcf(float x);
WS_API float ws_gpu_normcdff(float x);
WS_API float ws_gpu_erfcxf(float x);
WS_API double ws_gpu_tanh(double x);
WS_API double ws_gpu_erf(double x);

/* fast intrinsics over the unit's log2 (src/gpumath_fastf.c: __logf, __log2f, __log10f, __powf), cube roots (src/gpumath_cbrt.c), f32 inverse error functions (src/gpumath_erfinvf.c) */
WS_API float ws_gpu_fast_logf(float x);
WS_API float ws_gpu_fast_log2f(float x);
WS_API float ws_gpu_fast_log10f(float x);
WS_API float ws_gpu_fast_powf(float x, float y);
WS_API float ws_gpu_cbrtf(float x);
WS_API float ws_gpu_rcbrtf(float x);
WS_API double ws_gpu_cbrt(double x);
WS_API double ws_gpu_rcbrt(double x);
WS_API float ws_gpu_erfinvf(float x);
WS_API float ws_gpu_erfcinvf(float x);
WS_API float ws_gpu_normcdfinvf(float x);

/* Euclidean norms (src/gpumath_norms.c): normf, rnormf, norm and rnorm take
 * dim elements of t (t[0] is read even when dim < 1, as CUDA's do) */
WS_API float ws_gpu_hypotf(float x, float y);
WS_API float ws_gpu_norm3df(float a, float b, float c);
WS_API float ws_gpu_norm4df(float a, float b, float c, float d);
WS_API float ws_gpu_normf(int dim, const float *t);
WS_API float ws_gpu_rnormf(int dim, const float *t);
WS_API double ws_gpu_norm(int dim, const double *t);
WS_API double ws_gpu_rnorm(int dim, const double *t);

/* Bessel functions of the first and second kind and modified Bessel
 * functions of the first kind, single precision (src/gpumath_besself.c) */
WS_API float ws_gpu_j0f(float x);
WS_API float ws_gpu_j1f(float x);
WS_API float ws_gpu_jnf(int n, float x);
WS_API float ws_gpu_y0f(float x);
WS_API float ws_gpu_y1f(float x);
WS_API float ws_gpu_ynf(int n, float x);
WS_API float ws_gpu_cyl_bessel_i0f(float x);
WS_API float ws_gpu_cyl_bessel_i1f(float x);

/* The same in double precision (src/gpumath_besseld.c) */
WS_API double ws_gpu_j0(double x);
WS_API double ws_gpu_j1(double x);
WS_API double ws_gpu_jn(int n, double x);
WS_API double ws_gpu_y0(double x);
WS_API double ws_gpu_y1(double x);
WS_API double ws_gpu_yn(int n, double x);
WS_API double ws_gpu_cyl_bessel_i0(double x);
WS_API double ws_gpu_cyl_bessel_i1(double x);

/* nvcc -ftz=true (implied by -use_fast_math): single-precision operations
 * flush subnormal inputs and results to zero of the same sign, and CUDA's
 * float functions take their FTZ paths, which are their non-FTZ algorithms
 * with every float operation flushing (src/gpumath_ftz.c). ws_gpu_ftz_NAME
 * is ws_gpu_NAME as such a build computes it, for every function of
 * gpumath_functions.def: the float ones flush their float arguments and
 * results and run with the host's flush-to-zero mode on; the double ones
 * (unchanged by -ftz=true) run with it off. */
WS_API unsigned ws_fp_mode_set_ftz(int on); /* the host's float mode: FTZ and DAZ on or off; returns the mode before */
WS_API void ws_fp_mode_restore(unsigned mode);
#define F1(n, w) WS_API float ws_gpu_ftz_##w(float x);
#define F1A(n, w)
#define F2(n, w) WS_API float ws_gpu_ftz_##w(float x, float y);
#define F2X(n, w) F2(n, w)
#define F3X(n, w) F3(n, w)
#define F3(n, w) WS_API float ws_gpu_ftz_##w(float x, float y, float z);
#define F4(n, w) WS_API float ws_gpu_ftz_##w(float x, float y, float z, float u);
#define D1(n, w) WS_API double ws_gpu_ftz_##w(double x);
#define D1X(n, w) D1(n, w)
#define D2(n, w) WS_API double ws_gpu_ftz_##w(double x, double y);
#define D3(n, w) WS_API double ws_gpu_ftz_##w(double x, double y, double z);
#define D4(n, w) WS_API double ws_gpu_ftz_##w(double x, double y, double z, double u);
#define F1SC(n, w) WS_API void ws_gpu_ftz_##w(float x, float *s, float *c);
#define D1SC(n, w) WS_API void ws_gpu_ftz_##w(double x, double *s, double *c);
#define F1I(n, w, T) WS_API T ws_gpu_ftz_##w(float x);
#define D1I(n, w, T) WS_API T ws_gpu_ftz_##w(double x);
#define F1PI(n, w) WS_API float ws_gpu_ftz_##w(float x, int *e);
#define D1PI(n, w) WS_API double ws_gpu_ftz_##w(double x, int *e);
#define F2PI(n, w) WS_API float ws_gpu_ftz_##w(float x, float y, int *q);
#define F2PIX(n, w) F2PI(n, w)
#define D2PI(n, w) WS_API double ws_gpu_ftz_##w(double x, double y, int *q);
#define F1PF(n, w) WS_API float ws_gpu_ftz_##w(float x, float *i);
#define D1PD(n, w) WS_API double ws_gpu_ftz_##w(double x, double *i);
#define FI(n, w) WS_API float ws_gpu_ftz_##w(float x, int k);
#define DI(n, w) WS_API double ws_gpu_ftz_##w(double x, int k);
#define IF(n, w) WS_API float ws_gpu_ftz_##w(int k, float x);
#define ID(n, w) WS_API double ws_gpu_ftz_##w(int k, double x);
#define FV(n, w) WS_API float ws_gpu_ftz_##w(int dim, const float *t);
#define DV(n, w) WS_API double ws_gpu_ftz_##w(int dim, const double *t);
#include "gpumath_functions.def"
#include "gpumath_shapes_undef.h"
WS_API float ws_gpu_ftz_scalblnf(float x, long n);
WS_API double ws_gpu_ftz_scalbln(double x, long n);
WS_API float ws_gpu_ftz_powif(float x, int n);
WS_API double ws_gpu_ftz_powi(double x, int n);
/* tanhf under -use_fast_math (tanh.approx.f32, not modelled): CUDA's tanhf, with an APPROX_BITS
 * line on stderr once per call site (file and line; a call without them: once) */
WS_API float ws_gpu_ftz_tanh_fast_math(float x);
WS_API float ws_gpu_ftz_tanh_fast_math_at(float x, const char *file, int line);

#ifdef __cplusplus
}
#endif

#endif
