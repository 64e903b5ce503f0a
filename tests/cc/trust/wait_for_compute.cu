// Two ways a block waits while another thread computes for seconds with no sync point, under
// WARPSIM_HANG_SECONDS=0.5 (wait_for_compute.env); the H200 finishes both. In beside(), thread 32
// spins on a flag that thread 0 sets after its computation: the watchdog, pausing the two in
// turn, must see that one of them computes. In after_turn(), block 2's global atomic waits for
// its turn (block order) while block 1 computes on another OS thread: a block waiting in the
// runtime is not a spinner either.
#include <cstdio>
__device__ unsigned lcg(unsigned long long steps)
{
    unsigned x = 1;
    for (unsigned long long i = 0; i < steps; i++)
        x = x * 1664525u + 1013904223u;
    return x;
}
__global__ void beside(unsigned long long steps, unsigned *out)
{
    __shared__ volatile int flag;
    __shared__ unsigned result;
    if (threadIdx.x == 0)
        flag = 0;
    __syncthreads();
    if (threadIdx.x == 0) {
        result = lcg(steps);
        __threadfence_block();
        flag = 1;
    } else if (threadIdx.x == 32) {
        while (!flag)
            ;
        out[0] = result;
    }
}
__global__ void after_turn(unsigned long long steps, unsigned *out, unsigned *count)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 2)
        atomicAdd(count, 1u);
    out[blockIdx.x] = lcg(blockIdx.x == 1 ? steps : steps / 4);
    if (blockIdx.x == 1)
        atomicAdd(count, 1u);
}
int main()
{
    unsigned *d, *count, h[4] = {0, 0, 0, 0};
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&count, sizeof *count);
    cudaMemset(count, 0, sizeof *count);
    beside<<<1, 64>>>(1ull << 30, d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h[0], cudaMemcpyDeviceToHost);
    printf("beside: %s %u\n", cudaGetErrorName(e), h[0]);
    after_turn<<<3, 2>>>(1ull << 30, d, count);
    e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, 3 * sizeof h[0], cudaMemcpyDeviceToHost);
    cudaMemcpy(&h[3], count, sizeof h[3], cudaMemcpyDeviceToHost);
    printf("after_turn: %s %u %u %u count %u\n", cudaGetErrorName(e), h[0], h[1], h[2], h[3]);
    return 0;
}
