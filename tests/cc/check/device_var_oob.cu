// memcheck: a kernel reads past a __device__ array of 16 ints.
#include <cstdio>

__device__ int table[16];

__global__ void lookup(int *out)
{
    out[threadIdx.x] = table[threadIdx.x];  // the bug: 32 threads, 16 entries
}

int main()
{
    int h[16], *d;
    for (int i = 0; i < 16; i++)
        h[i] = i * i;
    cudaMemcpyToSymbol(table, h, sizeof h);
    cudaMalloc(&d, 32 * sizeof(int));
    lookup<<<1, 32>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("lookup: %s\n", cudaGetErrorName(e));
    return 0;
}
