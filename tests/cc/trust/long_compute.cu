// One thread computes for seconds with no sync point (an LCG of 2^31 steps), longer than the
// WARPSIM_HANG_SECONDS of 1 in long_compute.env. The H200 finishes; warpsim's watchdog must see
// that the thread's registers keep changing (it computes, it does not spin) and let it finish.
#include <cstdio>
__global__ void lcg(unsigned a, unsigned c, unsigned long long steps, unsigned *out)
{
    if (threadIdx.x != 0)
        return;
    unsigned x = 1;
    for (unsigned long long i = 0; i < steps; i++)
        x = x * a + c;
    out[0] = x;
}
int main()
{
    unsigned *d, h = 0;
    cudaMalloc(&d, sizeof *d);
    lcg<<<1, 2>>>(1664525u, 1013904223u, 1ull << 31, d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s x = %u\n", cudaGetErrorName(e), h);
    return 0;
}
