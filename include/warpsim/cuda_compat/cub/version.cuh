/* cub/version.cuh for `warpsim cc`: the CUB and CCCL versions whose algorithms and orders warpsim's
 * CUB follows (CCCL 3.0.1, CUDA 13.0's; docs/cuda-frontend.md, "CUB"), so that code gated on them
 * (`#if CUB_VERSION >= 200800`) takes the branch it takes with CUDA 13.0. */
#ifndef WARPSIM_CUB_VERSION_CUH
#define WARPSIM_CUB_VERSION_CUH

#define CUB_VERSION 300001
#define CUB_MAJOR_VERSION (CUB_VERSION / 100000)
#define CUB_MINOR_VERSION (CUB_VERSION / 100 % 1000)
#define CUB_SUBMINOR_VERSION (CUB_VERSION % 100)
#define CUB_PATCH_NUMBER 0

#ifndef CCCL_VERSION
#define CCCL_VERSION 3000001
#define CCCL_MAJOR_VERSION (CCCL_VERSION / 1000000)
#define CCCL_MINOR_VERSION (((CCCL_VERSION / 1000) % 1000))
#define CCCL_PATCH_VERSION (CCCL_VERSION % 1000)
#endif

#endif
