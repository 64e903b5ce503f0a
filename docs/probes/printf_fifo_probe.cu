// printf_fifo_probe.cu: what the H200 prints when a launch's device printf output exceeds the FIFO
// (cudaLimitPrintfFifoSize): which lines survive, the first ones or the last ones.
// Build: nvcc -arch=sm_90 -o printf_fifo_probe printf_fifo_probe.cu; run: ./printf_fifo_probe | ...
#include <cstdio>
__global__ void k() { printf("line %06d of block %04d\n", blockIdx.x * blockDim.x + threadIdx.x, blockIdx.x); }
int main(int argc, char **argv)
{
    if (argc > 1) {
        size_t bytes = (size_t)atol(argv[1]);
        cudaDeviceSetLimit(cudaLimitPrintfFifoSize, bytes);
    }
    size_t got = 0;
    cudaDeviceGetLimit(&got, cudaLimitPrintfFifoSize);
    fprintf(stderr, "fifo %zu bytes\n", got);
    k<<<256, 256>>>(); // 65536 lines of 27 bytes: 1.7 MB of text
    cudaError_t e = cudaDeviceSynchronize();
    fprintf(stderr, "sync: %s\n", cudaGetErrorName(e));
    return 0;
}
