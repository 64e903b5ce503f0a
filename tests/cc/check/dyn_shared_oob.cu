// memcheck: a dynamic (extern) __shared__ array of 32 ints written by 33 threads.
#include <cstdio>

__global__ void stage(int *out)
{
    extern __shared__ int buf[];
    buf[threadIdx.x] = threadIdx.x;  // the bug: thread 32 writes buf[32]
    __syncthreads();
    if (threadIdx.x < 32)
        out[threadIdx.x] = buf[31 - threadIdx.x];
}

int main()
{
    int *d;
    cudaMalloc(&d, 32 * sizeof(int));
    stage<<<1, 33, 32 * sizeof(int)>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("stage: %s\n", cudaGetErrorName(e));
    return 0;
}
