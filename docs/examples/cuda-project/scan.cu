// scan.cu: an inclusive prefix sum of 1024 ints. Each block of 256 threads
// scans its values (a Hillis-Steele scan per warp with __shfl_up_sync, the
// warps' totals scanned through __shared__ by warp 0, then added back); the
// host adds each block's offset. Checked against a plain loop.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

const int N = 1024, BLOCK = 256;

__device__ int warp_inclusive_scan(int v)
{
    int lane = threadIdx.x % 32;
    for (int d = 1; d < 32; d *= 2) {
        int t = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d)
            v += t;
    }
    return v;
}

__global__ void block_scan(const int *in, int *out)
{
    __shared__ int warp_totals[BLOCK / 32];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    int v = warp_inclusive_scan(in[i]);
    if (lane == 31)
        warp_totals[warp] = v;
    __syncthreads();
    if (warp == 0) {
        int t = lane < BLOCK / 32 ? warp_totals[lane] : 0;
        t = warp_inclusive_scan(t);
        if (lane < BLOCK / 32)
            warp_totals[lane] = t;
    }
    __syncthreads();
    if (warp > 0)
        v += warp_totals[warp - 1];
    out[i] = v;
}

int main()
{
    int in[N], out[N];
    for (int i = 0; i < N; i++)
        in[i] = (i * 37) % 11 - 5;
    int *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, sizeof in));
    CHECK(cudaMalloc(&d_out, sizeof out));
    CHECK(cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice));
    block_scan<<<N / BLOCK, BLOCK>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    for (int b = 1; b < N / BLOCK; b++) // each block's offset: the previous block's last value
        for (int i = 0; i < BLOCK; i++)
            out[b * BLOCK + i] += out[b * BLOCK - 1];
    int sum = 0, bad = 0;
    for (int i = 0; i < N; i++) {
        sum += in[i];
        bad += out[i] != sum;
    }
    for (int i = 0; i < N; i += 16) {
        printf("%4d:", i);
        for (int k = i; k < i + 16; k++)
            printf(" %d", out[k]);
        printf("\n");
    }
    printf("%d of %d prefix sums differ from a plain loop\n", bad, N);
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return bad == 0 ? 0 : 1;
}
