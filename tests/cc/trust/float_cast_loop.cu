// Many casts of floats that int cannot hold, in a loop with no sync point
// (so the watchdog samples and pauses the block's threads meanwhile): each
// cast is computed as the GPU does, whatever the pauses. Every thread sums
// (int)1e10f + (int)-1e10f + (int)NaN = 2147483647 - 2147483648 + 0 = -1,
// 20000 times over: -20000 a thread on the GPU. Each thread runs for tens of
// milliseconds here (two thirds of its casts trap on the CPU), longer than
// the watchdog's two ticks.
#include <cstdio>
__global__ void k(const float *in, long long *out, int n)
{
    long long s = 0;
    for (int i = 0; i < n; i++)
        s += (int)in[(threadIdx.x + i) % 3];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
int main()
{
    const int threads = 2, blocks = 2;
    float h[3] = {1e10f, -1e10f, __builtin_nanf("")}, *d;
    long long *o, r[threads * blocks];
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&o, sizeof r);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<blocks, threads>>>(d, o, 60000);
    cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
    int same = 0;
    for (int i = 0; i < threads * blocks; i++)
        same += r[i] == -20000;
    printf("%d of %d threads summed -20000 (thread 0: %lld) %s\n", same, threads * blocks, r[0],
           cudaGetErrorName(cudaGetLastError()));
    return 0;
}
