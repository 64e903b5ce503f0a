// printf_order.cu: two printf calls in a row in one converged warp, with no
// __syncwarp() between them. A GPU runs each call for the warp's lanes
// together, so it is expected to print every lane's first line, then every
// lane's second line. The CUDA front end runs a lane until its next sync
// point (a collective, a barrier, the end), and printf is not one: it prints
// lane 0's two lines, then lane 1's... A known difference, kept here so the
// same-source check on a GPU records what the GPU does (scripts/samesource-check.sh
// marks it as known). printf_lanes.cu separates its phases with __syncwarp().
// Build: nvcc -arch=sm_90 -fmad=false printf_order.cu  |  warpsim cc printf_order.cu
#include <cstdio>
#include <cuda_runtime.h>

__global__ void two_lines()
{
    int lane = threadIdx.x;
    printf("first line: lane %2d\n", lane);
    printf("second line: lane %2d\n", lane);
}

int main()
{
    two_lines<<<1, 8>>>();
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorName(e));
    return e == cudaSuccess ? 0 : 1;
}
