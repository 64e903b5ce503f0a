// barrier_mix.cu: barriers at two calls (even threads at one __syncthreads, odd threads at
// another: undefined in CUDA; warpsim reports BARRIER_SITES; no thread reads another's write
// across them, see docs/probes/barrier_divergent_probe.cu for one that does) and
// __syncthreads_count/_and/_or with mixed and uniform predicates, 64 threads.
// barrier_mix.expected is worked out by hand: out[t] = 10 t + t % 2; count 10 (t < 10), and 1
// (every t < 64), and 0 (not every t < 63), or 1 (t == 5), or 0: 101010. The H200 gave the same
// count/and/or word and even lanes (docs/probes/barrier_divergent_probe.h200.txt).
#include <cstdio>
__global__ void k(int *out)
{
    int t = threadIdx.x;
    if (t % 2 == 0) {
        out[t] = 10 * t;
        __syncthreads(); // the even threads' barrier
    } else {
        __syncthreads(); // the odd threads'
        out[t] = 10 * t + 1;
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
