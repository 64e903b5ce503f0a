// memcheck: a kernel writes a buffer the program already freed.
#include <cstdio>

__global__ void store(int *p)
{
    p[threadIdx.x] = 7;
}

int main()
{
    int *p;
    cudaMalloc(&p, 32 * sizeof(int));
    cudaFree(p);
    store<<<1, 32>>>(p);
    cudaError_t e = cudaDeviceSynchronize();
    printf("store: %s\n", cudaGetErrorName(e));
    return 0;
}
