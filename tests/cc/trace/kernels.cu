// WARPSIM_TRACE's test program (tests/cc/trace_test.sh): three kernels whose
// every lane's values the test works out by hand. Prints the same with and
// without a trace.
#include <cstdio>

__global__ void butterfly(const int *in, int *out)
{
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int mask = 16; mask > 0; mask >>= 1)
        v += __shfl_xor_sync(0xffffffff, v, mask);
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

__global__ void scan(const int *in, int *out)
{
    int lane = threadIdx.x % 32, v = in[threadIdx.x];
    for (int d = 1; d < 32; d <<= 1) {
        int t = __shfl_up_sync(0xffffffff, v, d);
        if (lane >= d)
            v += t;
    }
    out[threadIdx.x] = v;
}

__global__ void diverge(int *out)
{
    int lane = threadIdx.x, v = lane * 10;
    if (lane >= 24)
        return;
    if (lane < 16)
        v = __shfl_sync(0x0000ffff, v, 3);
    else
        v = __shfl_down_sync(0x00ff0000, v, 1);
    unsigned active = __activemask();
    out[lane] = v + (int)(active >> 31);
}

#ifdef MANY_STEPS
// 32 blocks of 8 warps, 800 shuffles each: 204,800 steps, over a trace's 200,000.
__global__ void many(int *out)
{
    int v = threadIdx.x;
    for (int i = 0; i < 800; i++)
        v += __shfl_xor_sync(0xffffffff, v, 1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
#endif

int main()
{
#ifdef MANY_STEPS
    int *d, first;
    cudaMalloc(&d, 32 * 256 * sizeof(int));
    many<<<32, 256>>>(d);
    cudaMemcpy(&first, d, sizeof first, cudaMemcpyDeviceToHost);
    printf("many: %d\n", first);
    return 0;
#endif
    const int n = 128;
    int h[n], *d_in, *d_out;
    for (int i = 0; i < n; i++)
        h[i] = i;
    cudaMalloc(&d_in, sizeof h);
    cudaMalloc(&d_out, sizeof h);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    butterfly<<<2, 64>>>(d_in, d_out);
    cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
    printf("butterfly: %d %d %d %d\n", h[0], h[32], h[64], h[127]);
    cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice);
    scan<<<1, 32>>>(d_in, d_out);
    cudaMemcpy(h, d_out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("scan: %d %d\n", h[0], h[31]);
    diverge<<<1, 32>>>(d_out);
    cudaMemcpy(h, d_out, 24 * sizeof(int), cudaMemcpyDeviceToHost);
    printf("diverge: %d %d %d\n", h[0], h[16], h[23]);
    return 0;
}
