// memcheck: a __shared__ tile of 64 ints indexed one past its end.
#include <cstdio>

__global__ void tile(int *out)
{
    __shared__ int t[64];
    t[threadIdx.x + 1] = threadIdx.x;  // the bug: thread 63 writes t[64]
    __syncthreads();
    out[threadIdx.x] = t[threadIdx.x];
}

int main()
{
    int *d;
    cudaMalloc(&d, 64 * sizeof(int));
    tile<<<1, 64>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("tile: %s\n", cudaGetErrorName(e));
    return 0;
}
