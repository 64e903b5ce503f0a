// Block 0 waits for a flag that block 1 sets. The H200 runs both blocks at once and finishes; here
// blocks do not all run at once, so the wait cannot end: after WARPSIM_HANG_SECONDS without progress
// the launch fails with the spinning thread's line (never a silent hang).
#include <cstdio>
__global__ void k(volatile int *flag)
{
    if (blockIdx.x == 0) {
        while (!flag[0])
            ;
    } else {
        flag[0] = 1;
    }
}
int main()
{
    int *d;
    cudaMalloc(&d, sizeof(int));
    cudaMemset(d, 0, sizeof(int));
    k<<<2, 1>>>((volatile int *)d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
