/* cub/util_debug.cuh for `warpsim cc`: CUB 3.0's error helpers on the host. cub::Debug returns
 * the error it is given or, when that is cudaSuccess, the runtime's last error (which it takes,
 * as cudaGetLastError does); with CUB_STDERR defined it prints a failure as CUB does:
 * "CUDA error N [file, line]: message". CubDebug(e) and CubDebugExit(e) (exit(1) on an error) are
 * the macros CUB's examples use. */
#ifndef WARPSIM_CUB_UTIL_DEBUG_CUH
#define WARPSIM_CUB_UTIL_DEBUG_CUH

#include <stdio.h>
#include <stdlib.h>

#include <warpsim/cuda_runtime.h>

namespace cub {

inline cudaError_t Debug(cudaError_t error, const char *filename, int line)
{
    cudaError_t last_error = cudaGetLastError();
    if (error == cudaSuccess && last_error != cudaSuccess)
        error = last_error;
#ifdef CUB_STDERR
    if (error) {
        fprintf(stderr, "CUDA error %d [%s, %d]: %s\n", (int)error, filename, line, cudaGetErrorString(error));
        fflush(stderr);
    }
#else
    (void)filename;
    (void)line;
#endif
    return error;
}

} // namespace cub

#ifndef CubDebug
#define CubDebug(e) ::cub::Debug((cudaError_t)(e), __FILE__, __LINE__)
#endif
#ifndef CubDebugExit
#define CubDebugExit(e)                                                                                          \
    if (::cub::Debug((cudaError_t)(e), __FILE__, __LINE__)) {                                                  \
        exit(1);                                                                                               \
    }
#endif

#endif
