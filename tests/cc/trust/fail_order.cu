// Blocks 2 and 5 of 8 fail. The launch reports the first failing block in block order and what the
// blocks before it printed, whatever the number of OS threads (block 2's pending printf is dropped
// with it: warpsim's order, not a measurement; the H200 gives cudaErrorIllegalAddress).
#include <cstdio>
__global__ void k(int *out)
{
    if (threadIdx.x == 0)
        printf("block %d\n", blockIdx.x);
    if (blockIdx.x == 2 || blockIdx.x == 5)
        out[1 << 30] = 1; // far outside any allocation
}
int main()
{
    int *d;
    cudaMalloc(&d, sizeof(int));
    k<<<8, 32>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
