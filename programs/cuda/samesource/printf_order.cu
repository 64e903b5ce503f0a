// printf_order.cu: two printf calls in a row in one converged warp, with no
// __syncwarp() between them, then one in each branch of an if/else; six
// blocks of one warp each. A GPU runs each call for the warp's lanes
// together: every lane's first line, then every lane's second line. The CUDA
// front end makes a printf call a sync point for the same reason, so both
// sides print the same (scripts/samesource-check.sh compares them).
//
// Lines of different blocks come in no promised order on a GPU, so here
// block b prints only once block b - 1 has printed (a flag in global memory;
// the six blocks are resident at once): the GPU's lines are then in block
// order, which is the order warpsim cc promises whatever the number of
// threads. Block 1 returns late (after printing, it waits for block 2's
// lines, then spins on clock64()), so on the CPU, with more than one thread,
// block 2 finishes before block 1 does: a warpsim that wrote a block's lines
// when the block finishes, not in block order, would print other lines with
// 3 OpenMP threads than with 1 (tests/cc/samesource_test.sh).
// Build: nvcc -arch=sm_90 -fmad=false printf_order.cu  |  warpsim cc printf_order.cu
#include <cstdio>
#include <cuda_runtime.h>

const int BLOCKS = 6, THREADS = 8;

__global__ void lines(volatile int *printed, long long linger)
{
    int lane = threadIdx.x, b = blockIdx.x;
    if (lane == 0 && b > 0)
        while (printed[b - 1] == 0)
            ;
    __syncthreads();
    printf("block %d, first line: lane %2d\n", b, lane);
    printf("block %d, second line: lane %2d\n", b, lane);
    // Divergent: which branch prints first is the GPU's choice; the front
    // end runs the call on the lower source line first.
    if (lane % 2)
        printf("block %d, odd branch: lane %2d\n", b, lane);
    else
        printf("block %d, even branch: lane %2d\n", b, lane);
    __syncthreads();
    if (lane == 0) {
        __threadfence();
        printed[b] = 1;
        if (b == 1) { // until block 2 has printed (at most `linger`), then `linger` more
            long long start = clock64();
            while (printed[2] == 0 && clock64() - start < linger)
                ;
            start = clock64();
            while (clock64() - start < linger)
                ;
        }
    }
}

int main()
{
    int *printed = nullptr;
    cudaError_t e = cudaMalloc(&printed, BLOCKS * sizeof(int));
    if (e == cudaSuccess)
        e = cudaMemset(printed, 0, BLOCKS * sizeof(int));
    if (e == cudaSuccess) {
        lines<<<BLOCKS, THREADS>>>(printed, 1ll << 28);
        e = cudaDeviceSynchronize();
    }
    cudaFree(printed);
    printf("%s\n", cudaGetErrorName(e));
    return e == cudaSuccess ? 0 : 1;
}
