// More device printf output than the FIFO holds: the GPU's FIFO is circular (the CUDA programming
// guide: older output is overwritten), so the last lines survive. Here a 200-byte FIFO, 64 lines
// of 17 bytes: the last 11 lines (187 bytes, whole lines only), the same for any thread count.
#include <cstdio>
__global__ void k() { printf("block %d thread %d\n", blockIdx.x, threadIdx.x); }
int main()
{
    cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 200);
    k<<<8, 8>>>();
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
