// printf_order.cu: two printf calls in a row in one converged warp, with no
// __syncwarp() between them. A GPU runs each call for the warp's lanes
// together: every lane's first line, then every lane's second line. The CUDA
// front end makes a printf call a sync point for the same reason, so both
// sides print the same (scripts/samesource-check.sh compares them).
// Build: nvcc -arch=sm_90 -fmad=false printf_order.cu  |  warpsim cc printf_order.cu
#include <cstdio>
#include <cuda_runtime.h>

__global__ void two_lines()
{
    int lane = threadIdx.x;
    printf("first line: lane %2d\n", lane);
    printf("second line: lane %2d\n", lane);
    // Divergent: which branch prints first is the GPU's choice; the front
    // end runs the call on the lower source line first.
    if (lane % 2)
        printf("odd branch: lane %2d\n", lane);
    else
        printf("even branch: lane %2d\n", lane);
}

int main()
{
    two_lines<<<1, 8>>>();
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s\n", cudaGetErrorName(e));
    return e == cudaSuccess ? 0 : 1;
}
