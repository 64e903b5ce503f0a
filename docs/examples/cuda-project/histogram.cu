// histogram.cu: a library, not a program: a histogram whose atomics are
// aggregated per warp with __match_any_sync (one atomicAdd per distinct bin
// in each warp). Integer atomics: the result does not depend on their order.
#include <cuda_runtime.h>

#include "histogram.h"

__global__ void histogram_kernel(const int *values, int n, unsigned *counts, int bins)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int bin = i < n ? values[i] % bins : -1;
    unsigned peers = __match_any_sync(0xffffffffu, bin);
    int leader = __ffs(peers) - 1;
    if (bin >= 0 && (int)(threadIdx.x % 32) == leader)
        atomicAdd(&counts[bin], (unsigned)__popc(peers));
}

int histogram(const int *values, int n, unsigned *counts, int bins)
{
    int *d_values = nullptr;
    unsigned *d_counts = nullptr;
    cudaError_t e = cudaMalloc(&d_values, n * sizeof(int));
    if (e == cudaSuccess)
        e = cudaMalloc(&d_counts, bins * sizeof(unsigned));
    if (e == cudaSuccess)
        e = cudaMemcpy(d_values, values, n * sizeof(int), cudaMemcpyHostToDevice);
    if (e == cudaSuccess)
        e = cudaMemset(d_counts, 0, bins * sizeof(unsigned));
    if (e == cudaSuccess) {
        histogram_kernel<<<(n + 127) / 128, 128>>>(d_values, n, d_counts, bins);
        e = cudaGetLastError();
    }
    if (e == cudaSuccess)
        e = cudaMemcpy(counts, d_counts, bins * sizeof(unsigned), cudaMemcpyDeviceToHost);
    cudaFree(d_values);
    cudaFree(d_counts);
    return (int)e;
}
