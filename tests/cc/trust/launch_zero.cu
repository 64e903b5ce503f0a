// A zero y or z in the grid or the block: the H200 refuses the launch (cudaErrorInvalidValue), nothing runs.
#include <cstdio>
__global__ void k(int *out) { atomicAdd(out, 1); }
int main()
{
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    cudaMemset(d, 0, sizeof(int));
    k<<<dim3(1, 0, 1), 32>>>(d);
    printf("grid (1,0,1): %s\n", cudaGetErrorName(cudaGetLastError()));
    k<<<1, dim3(32, 0, 1)>>>(d);
    printf("block (32,0,1): %s\n", cudaGetErrorName(cudaGetLastError()));
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("threads that ran: %d\n", h);
    return 0;
}
