/* cub/util_arch.cuh for `warpsim cc`: CUB_PTX_ARCH, the architecture the code is compiled for:
 * __CUDA_ARCH__, which warpsim defines as the modelled H200's 900 for the whole program
 * (warpsim/cuda_runtime.h), and the rest of util_type.cuh. */
#ifndef WARPSIM_CUB_UTIL_ARCH_CUH
#define WARPSIM_CUB_UTIL_ARCH_CUH
#include "util_type.cuh"
#ifndef CUB_PTX_ARCH
#ifdef __CUDA_ARCH__
#define CUB_PTX_ARCH __CUDA_ARCH__
#else
#define CUB_PTX_ARCH 0
#endif
#endif
#endif
