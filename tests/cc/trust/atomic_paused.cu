// Thread 0 adds 1 to a shared counter until thread 32 adds 1000 and raises a flag. Thread 0
// never reaches a sync point, so warpsim's watchdog pauses it to let thread 32 run: a pause
// between an atomic's read and its write would lose thread 32's 1000. Every block must end
// with the counter at thread 0's count plus 1000, on the H200 and here.
#include <cstdio>
__global__ void count(int *out)
{
    __shared__ int x;
    __shared__ volatile int flag;
    if (threadIdx.x == 0) {
        x = 0;
        flag = 0;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        int n = 0;
        while (!flag) {
            atomicAdd(&x, 1);
            n++;
        }
        out[blockIdx.x] = atomicAdd(&x, 0) - n;
    } else if (threadIdx.x == 32) {
        atomicAdd(&x, 1000);
        __threadfence_block();
        flag = 1;
    }
}
int main()
{
    const int blocks = 32;
    int *d, h[blocks];
    cudaMalloc(&d, sizeof h);
    count<<<blocks, 64>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    int whole = 0;
    for (int b = 0; b < blocks; b++)
        whole += h[b] == 1000;
    printf("%s: %d of %d blocks kept the 1000\n", cudaGetErrorName(e), whole, blocks);
    return 0;
}
