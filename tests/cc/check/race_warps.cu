// racecheck: each thread writes its slot, then reads another warp's slot
// with no barrier between: a race between warps at two lines.
#include <cstdio>

__global__ void swap_halves(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t * 10;
    // the bug: no __syncthreads() here
    out[t] = s[63 - t];
}

int main()
{
    int *d, h[64];
    cudaMalloc(&d, 64 * sizeof(int));
    swap_halves<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("swap_halves: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
