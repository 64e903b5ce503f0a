// memcheck: 40 threads of the last block (two of its warps) write past a
// 472-int buffer: which threads does the report name?
#include <cstdio>

__global__ void fill(int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    out[i] = 2 * i;  // the bug: no bound (472 ints, 512 threads)
}

int main()
{
    int *d;
    cudaMalloc(&d, 472 * sizeof(int));
    fill<<<4, 128>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("fill: %s\n", cudaGetErrorName(e));
    return 0;
}
