// Threads that wait in a loop for another thread of their block, in the same warp and across warps,
// and a spinlock over two blocks: the H200's independent thread scheduling finishes all three.
#include <cstdio>
__global__ void same_warp(volatile int *flag, int *out)
{
    int t = threadIdx.x;
    if (t == 0) {
        while (!flag[0])
            ;
        out[0] = 1;
    } else if (t == 1) {
        flag[0] = 1;
    }
}
__global__ void across_warps(volatile int *flag, int *out)
{
    int t = threadIdx.x;
    if (t == 0) {
        while (!flag[0])
            ;
        out[0] = 2;
    } else if (t == 32) {
        flag[0] = 1;
    }
}
__global__ void spinlock(int *m, int *count)
{
    while (atomicCAS(m, 0, 1) != 0)
        ;
    (*count)++;
    __threadfence();
    atomicExch(m, 0);
}
int main()
{
    int *d, h[32];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    same_warp<<<1, 32>>>((volatile int *)d, d + 1);
    printf("same warp: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    across_warps<<<1, 64>>>((volatile int *)d + 8, d + 9);
    printf("across warps: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    spinlock<<<2, 64>>>(d + 16, d + 17);
    printf("spinlock: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("same warp out %d, across warps out %d, count %d\n", h[1], h[9], h[17]);
    return 0;
}
