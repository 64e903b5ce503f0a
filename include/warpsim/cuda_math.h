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
 * sinf), and std::sin reaches the same functions. The macros take any
 * arguments (...), so that a standard header's own overloads of these
 * names (valarray's, complex's) become overloads of the same functions. */
#ifndef WARPSIM_CUDA_MATH_H
#define WARPSIM_CUDA_MATH_H

#include <math.h>

#include "fpops.h"
#include "gpumath.h"

/* Inside a kernel: the running CUDA thread's context is set (cuda.h). */
#define WS_CUDA_ON_GPU_ (ws_cuda_ctx_ != NULL)

/* sqrtf is IEEE on both sides; only its NaN differs: the GPU's is 0x7FFFFFFF
 * (x86 makes 0xFFC00000 of a negative, which printf shows as -nan). */
static inline float ws_cuda_sqrtf_(float x)
{
    float r = sqrtf(x);
    return isnan(r) && WS_CUDA_ON_GPU_ ? ws_inl_f32(WS_F32_CANONICAL_NAN) : r;
}
static inline float ws_cuda_logf_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_logf(x) : logf(x); }
static inline float ws_cuda_log2f_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_log2f(x) : log2f(x); }
static inline float ws_cuda_log10f_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_log10f(x) : log10f(x); }
static inline float ws_cuda_log1pf_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_log1pf(x) : log1pf(x); }
static inline float ws_cuda_sinf_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_sinf(x) : sinf(x); }
static inline float ws_cuda_cosf_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_cosf(x) : cosf(x); }
static inline void ws_cuda_sincosf_(float x, float *s, float *c)
{
    if (WS_CUDA_ON_GPU_) {
        ws_gpu_sincosf(x, s, c);
    } else {
        *s = sinf(x);
        *c = cosf(x);
    }
}
static inline float ws_cuda_atan2f_(float y, float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_atan2f(y, x) : atan2f(y, x); }
static inline float ws_cuda_tanf_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_tanf(x) : tanf(x); }
static inline float ws_cuda_atanf_(float x) { return WS_CUDA_ON_GPU_ ? ws_gpu_atanf(x) : atanf(x); }
static inline float ws_cuda_powf_(float x, float y) { return WS_CUDA_ON_GPU_ ? ws_gpu_powf(x, y) : powf(x, y); }

static inline double ws_cuda_exp_(double x) { return WS_CUDA_ON_GPU_ ? ws_gpu_exp(x) : exp(x); }
static inline double ws_cuda_exp2_(double x) { return WS_CUDA_ON_GPU_ ? ws_gpu_exp2(x) : exp2(x); }
static inline double ws_cuda_exp10_(double x) { return WS_CUDA_ON_GPU_ ? ws_gpu_exp10(x) : pow(10.0, x); }
static inline double ws_cuda_expm1_(double x) { return WS_CUDA_ON_GPU_ ? ws_gpu_expm1(x) : expm1(x); }
static inline double ws_cuda_sinh_(double x) { return WS_CUDA_ON_GPU_ ? ws_gpu_sinh(x) : sinh(x); }
static inline double ws_cuda_sin_(double x) { return WS_CUDA_ON_GPU_ ? ws_gpu_sin(x) : sin(x); }
static inline double ws_cuda_cos_(double x) { return WS_CUDA_ON_GPU_ ? ws_gpu_cos(x) : cos(x); }
static inline void ws_cuda_sincos_(double x, double *s, double *c)
{
    if (WS_CUDA_ON_GPU_) {
        ws_gpu_sincos(x, s, c);
    } else {
        *s = sin(x);
        *c = cos(x);
    }
}
static inline double ws_cuda_atan2_(double y, double x) { return WS_CUDA_ON_GPU_ ? ws_gpu_atan2(y, x) : atan2(y, x); }

#ifdef __cplusplus
/* CUDA's float overloads of the double names, and integers as doubles. */
static inline float ws_cuda_exp_(float x) { return expf(x); }
static inline float ws_cuda_exp2_(float x) { return exp2f(x); }
static inline float ws_cuda_exp10_(float x) { return powf(10.0f, x); }
static inline float ws_cuda_expm1_(float x) { return expm1f(x); }
static inline float ws_cuda_sinh_(float x) { return sinhf(x); }
static inline float ws_cuda_sin_(float x) { return ws_cuda_sinf_(x); }
static inline float ws_cuda_cos_(float x) { return ws_cuda_cosf_(x); }
static inline void ws_cuda_sincos_(float x, float *s, float *c) { ws_cuda_sincosf_(x, s, c); }
static inline float ws_cuda_atan2_(float y, float x) { return ws_cuda_atan2f_(y, x); }
/* sqrt: f64's NaNs are the same on both sides (a negative's is 0xFFF8...,
 * a NaN comes back quieted), so only float needs the GPU's. */
static inline float ws_cuda_sqrt_(float x) { return ws_cuda_sqrtf_(x); }
static inline double ws_cuda_sqrt_(double x) { return sqrt(x); }
static inline long double ws_cuda_sqrt_(long double x) { return sqrtl(x); }
/* long double is the host's everywhere (CUDA has none on the device). */
static inline long double ws_cuda_exp_(long double x) { return expl(x); }
static inline long double ws_cuda_exp2_(long double x) { return exp2l(x); }
static inline long double ws_cuda_exp10_(long double x) { return powl(10.0L, x); }
static inline long double ws_cuda_expm1_(long double x) { return expm1l(x); }
static inline long double ws_cuda_sinh_(long double x) { return sinhl(x); }
static inline long double ws_cuda_sin_(long double x) { return sinl(x); }
static inline long double ws_cuda_cos_(long double x) { return cosl(x); }
static inline long double ws_cuda_tan_(long double x) { return tanl(x); }
static inline long double ws_cuda_atan_(long double x) { return atanl(x); }
static inline long double ws_cuda_atan2_(long double y, long double x) { return atan2l(y, x); }
/* tan and atan: CUDA's algorithm for float; the double ones are still the host's. */
static inline float ws_cuda_tan_(float x) { return ws_cuda_tanf_(x); }
static inline double ws_cuda_tan_(double x) { return tan(x); }
static inline float ws_cuda_atan_(float x) { return ws_cuda_atanf_(x); }
static inline double ws_cuda_atan_(double x) { return atan(x); }
static inline double ws_cuda_sinpi_(double x) { return ws_gpu_sinpi(x); }
static inline float ws_cuda_sinpi_(float x) { return ws_gpu_sinpif(x); }
static inline double ws_cuda_cospi_(double x) { return ws_gpu_cospi(x); }
static inline float ws_cuda_cospi_(float x) { return ws_gpu_cospif(x); }
#define WS_CUDA_MATH_INTEGER_(name)                                                                \
    template <typename T, typename = typename std::enable_if<std::is_integral<T>::value>::type> \
    static inline double name(T x)                                                                 \
    {                                                                                              \
        return name((double)x);                                                                    \
    }
WS_CUDA_MATH_INTEGER_(ws_cuda_exp_)
WS_CUDA_MATH_INTEGER_(ws_cuda_exp2_)
WS_CUDA_MATH_INTEGER_(ws_cuda_exp10_)
WS_CUDA_MATH_INTEGER_(ws_cuda_expm1_)
WS_CUDA_MATH_INTEGER_(ws_cuda_sinh_)
WS_CUDA_MATH_INTEGER_(ws_cuda_sin_)
WS_CUDA_MATH_INTEGER_(ws_cuda_cos_)
WS_CUDA_MATH_INTEGER_(ws_cuda_sinpi_)
WS_CUDA_MATH_INTEGER_(ws_cuda_cospi_)
WS_CUDA_MATH_INTEGER_(ws_cuda_tan_)
WS_CUDA_MATH_INTEGER_(ws_cuda_atan_)
WS_CUDA_MATH_INTEGER_(ws_cuda_sqrt_)
#undef WS_CUDA_MATH_INTEGER_
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
} // namespace std
#define sinpi(...) ws_cuda_sinpi_(__VA_ARGS__)
#define cospi(...) ws_cuda_cospi_(__VA_ARGS__)
#define tan(...) ws_cuda_tan_(__VA_ARGS__)
#define sqrt(...) ws_cuda_sqrt_(__VA_ARGS__)
#define atan(...) ws_cuda_atan_(__VA_ARGS__)
#else
#define sinpi(...) ws_gpu_sinpi(__VA_ARGS__)
#define cospi(...) ws_gpu_cospi(__VA_ARGS__)
#endif

#define sqrtf(...) ws_cuda_sqrtf_(__VA_ARGS__)
#define logf(...) ws_cuda_logf_(__VA_ARGS__)
#define log2f(...) ws_cuda_log2f_(__VA_ARGS__)
#define log10f(...) ws_cuda_log10f_(__VA_ARGS__)
#define log1pf(...) ws_cuda_log1pf_(__VA_ARGS__)
#define sinf(...) ws_cuda_sinf_(__VA_ARGS__)
#define cosf(...) ws_cuda_cosf_(__VA_ARGS__)
#define sincosf(...) ws_cuda_sincosf_(__VA_ARGS__)
#define sinpif(...) ws_gpu_sinpif(__VA_ARGS__)
#define cospif(...) ws_gpu_cospif(__VA_ARGS__)
#define sincospif(...) ws_gpu_sincospif(__VA_ARGS__)
#define atan2f(...) ws_cuda_atan2f_(__VA_ARGS__)
#define tanf(...) ws_cuda_tanf_(__VA_ARGS__)
#define atanf(...) ws_cuda_atanf_(__VA_ARGS__)
#define powf(...) ws_cuda_powf_(__VA_ARGS__)
#define exp(...) ws_cuda_exp_(__VA_ARGS__)
#define exp2(...) ws_cuda_exp2_(__VA_ARGS__)
#define exp10(...) ws_cuda_exp10_(__VA_ARGS__)
#define expm1(...) ws_cuda_expm1_(__VA_ARGS__)
#define sinh(...) ws_cuda_sinh_(__VA_ARGS__)
#define sin(...) ws_cuda_sin_(__VA_ARGS__)
#define cos(...) ws_cuda_cos_(__VA_ARGS__)
#define sincos(...) ws_cuda_sincos_(__VA_ARGS__)
#define sincospi(...) ws_gpu_sincospi(__VA_ARGS__)
#define atan2(...) ws_cuda_atan2_(__VA_ARGS__)

#endif
