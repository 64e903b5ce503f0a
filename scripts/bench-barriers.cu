// The CUDA front end's block barriers (scripts/bench-barriers.sh): the shared-memory scan step of
// NVIDIA's scan sample, 6656 blocks of 256 threads, 16 __syncthreads() a block, 10 launches;
// prints the thread-barriers per second and a checksum (block 0's sums of 1 .. 256).
#include <chrono>
#include <cstdio>
__global__ void scan_steps(unsigned *d)
{
    __shared__ unsigned s[512];
    unsigned pos = threadIdx.x + 256;
    s[threadIdx.x] = 0;
    s[pos] = d[blockIdx.x * 256 + threadIdx.x];
    for (unsigned off = 1; off < 256; off <<= 1) {
        __syncthreads();
        unsigned t = s[pos] + s[pos - off];
        __syncthreads();
        s[pos] = t;
    }
    d[blockIdx.x * 256 + threadIdx.x] = s[pos];
}
int main()
{
    const int blocks = 6656, launches = 10;
    static unsigned h[blocks * 256];
    unsigned *d;
    cudaMalloc(&d, sizeof h);
    double seconds = 0;
    for (int i = 0; i < launches; i++) {
        for (int k = 0; k < blocks * 256; k++)
            h[k] = 1;
        cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
        auto t0 = std::chrono::steady_clock::now();
        scan_steps<<<blocks, 256>>>(d);
        cudaDeviceSynchronize();
        seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    bool ok = true;
    for (int t = 0; t < 256; t++)
        ok &= h[t] == (unsigned)t + 1;
    printf("%.3g thread-barriers/s (%d launches of %d blocks of 256, 16 barriers each, %.2f s)%s\n",
           (double)launches * blocks * 256 * 16 / seconds, launches, blocks, seconds, ok ? "" : " WRONG SUMS");
    return ok ? 0 : 1;
}
