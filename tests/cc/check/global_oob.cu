// memcheck: thread 256 writes one int past a 1024-byte cudaMalloc buffer.
#include <cstdio>

__global__ void fill(int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n)  // the bug: <= instead of <
        out[i] = i;
}

int main()
{
    const int n = 256;
    int *d;
    cudaMalloc(&d, n * sizeof(int));
    fill<<<2, 256>>>(d, n);
    cudaError_t e = cudaDeviceSynchronize();
    printf("fill: %s\n", cudaGetErrorName(e));
    return 0;
}
