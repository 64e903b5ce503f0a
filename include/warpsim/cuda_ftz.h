/* warpsim/cuda_ftz.h: nvcc -ftz=true in the CUDA front end. warpsim cc
 * -ftz=true (and -use_fast_math) builds with WARPSIM_CUDA_FTZ=1: kernels
 * run with float operations flushing subnormals (the launch's ftz: the
 * host's flush-to-zero mode), device code's math calls take the library's
 * -ftz=true forms (ws_gpu_ftz_NAME, gpumath.h), float intrinsics flush
 * their arguments and results, and double intrinsics and functions run with
 * the host's mode off (-ftz=true is single precision's). */
#ifndef WARPSIM_CUDA_FTZ_H
#define WARPSIM_CUDA_FTZ_H

#include "fpops.h"
#include "gpumath.h"

#ifndef WS_CUDA_ON_GPU_
#define WS_CUDA_ON_GPU_ (ws_cuda_ctx_ != NULL) /* inside a kernel: the running CUDA thread's context is set (cuda.h) */
#endif

/* WS_CUDA_DEV_(n) is the function device code runs for math function n;
 * WS_CUDA_BOTH_(n) the one for a name that runs CUDA's algorithm on both
 * sides (the host's side is not flushed: nvcc's -ftz=true is the device's).
 * WS_CUDA_F32_FTZ_(x): a float intrinsic's argument or result. */
#if defined(WARPSIM_CUDA_FTZ) && WARPSIM_CUDA_FTZ
#define WS_CUDA_FTZ_ 1
#define WS_CUDA_DEV_(n) ws_gpu_ftz_##n
#define WS_CUDA_BOTH_(n) (WS_CUDA_ON_GPU_ ? ws_gpu_ftz_##n : ws_gpu_##n)
#else
#define WS_CUDA_FTZ_ 0
#define WS_CUDA_DEV_(n) ws_gpu_##n
#define WS_CUDA_BOTH_(n) ws_gpu_##n
#endif
/* a function, not a macro of (x): `a = WS_CUDA_F32_FTZ_(a)` is no self-assignment to warn of */
static inline float ws_cuda_f32_ftz_(float x) { return WS_CUDA_FTZ_ ? ws_f32_flushed(x) : x; }
#define WS_CUDA_F32_FTZ_(x) ws_cuda_f32_ftz_(x)
#if defined(WARPSIM_CUDA_FAST_MATH) && WARPSIM_CUDA_FAST_MATH && !WS_CUDA_FTZ_
#error "WARPSIM_CUDA_FAST_MATH needs WARPSIM_CUDA_FTZ (warpsim cc -use_fast_math defines both)"
#endif

/* An IEEE computation between these: the host's flush-to-zero mode off
 * while it runs, in a -ftz=true build's kernel (double intrinsics and
 * atomics, and a float fma's or directed rounding's, whose result is then
 * flushed on its bits). */
static inline unsigned ws_cuda_ieee_begin_(void) { return WS_CUDA_FTZ_ ? ws_fp_mode_set_ftz(0) : 0u; }
static inline void ws_cuda_ieee_end_(unsigned mode)
{
    if (WS_CUDA_FTZ_)
        ws_fp_mode_restore(mode);
}

#endif
