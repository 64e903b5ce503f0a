// barrier_divergent_probe.cu: even threads at one __syncthreads, odd threads at another, the odd
// ones reading what their even neighbour wrote before its barrier (undefined in CUDA). The H200
// (barrier_divergent_probe.h200.txt, 2026-12-02) let the odd lanes through first: they read 0,
// as if a warp's first half to arrive counted for the whole warp. warpsim meets the two calls as
// one barrier (the odd lanes read 10 * (t - 1)) and reports BARRIER_SITES: a known difference
// (docs/cuda-frontend.md, Known limits). tests/cc/trust/barrier_mix.cu is the variant without
// the cross-lane read, on which both agree.
#include <cstdio>
__global__ void k(int *out)
{
    int t = threadIdx.x;
    if (t % 2 == 0) {
        out[t] = 10 * t;
        __syncthreads(); // the even threads' barrier
    } else {
        __syncthreads(); // the odd threads'
        out[t] = out[t - 1] + 1;
    }
    int count = __syncthreads_count(t < 10);
    int all = __syncthreads_and(t < 64), some = __syncthreads_and(t < 63);
    int any = __syncthreads_or(t == 5), none = __syncthreads_or(0);
    out[64 + t] = count * 10000 + all * 1000 + some * 100 + any * 10 + none;
}
int main()
{
    int *d, h[128];
    cudaMalloc(&d, sizeof h);
    k<<<1, 64>>>(d);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s\n", cudaGetErrorName(e));
    for (int t = 0; t < 64; t += 8)
        printf("%d: %d %d %d %d %d %d %d %d | %d %d\n", t, h[t], h[t + 1], h[t + 2], h[t + 3], h[t + 4], h[t + 5],
               h[t + 6], h[t + 7], h[64 + t], h[64 + t + 7]);
    return 0;
}
