// The pre-Volta warp-synchronous reduction: volatile shared memory, no
// __syncwarp. Its bits on the H200 (each lane's s[] after the last step)
// and what racecheck says of it.
#include <cstdio>

__device__ void warp_reduce(volatile int *s, int t)
{
    s[t] += s[t + 32];
    s[t] += s[t + 16];
    s[t] += s[t + 8];
    s[t] += s[t + 4];
    s[t] += s[t + 2];
    s[t] += s[t + 1];
}

__global__ void reduce(const int *in, int *out)
{
    __shared__ int s[128];
    int t = threadIdx.x;
    s[t] = in[t];
    s[t + 64] = in[t + 64];
    __syncthreads();
    if (t < 32)
        warp_reduce(s, t);
    __syncthreads();
    if (t < 64)
        out[t] = s[t];
}

int main()
{
    int h[128], *in, *out;
    for (int i = 0; i < 128; i++)
        h[i] = i * 3 + 1;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, 64 * sizeof(int));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    reduce<<<1, 64>>>(in, out);
    cudaMemcpy(h, out, 64 * sizeof(int), cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; i++)
        printf("%d%c", h[i], i % 8 == 7 ? '\n' : ' ');
    return 0;
}
