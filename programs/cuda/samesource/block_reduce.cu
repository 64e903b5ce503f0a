// block_reduce.cu: sums over a block, two ways: warp sums with
// __shfl_down_sync, then the warps' partial sums through __shared__ and
// __syncthreads; and the shared-memory tree in dynamic shared memory
// (extern __shared__, the launch's third parameter). Five blocks of 256
// threads over 1200 floats (the last block is partly past the end), then a
// second pass over the block sums.
// Build: nvcc -arch=sm_90 -fmad=false block_reduce.cu  |  warpsim cc block_reduce.cu
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

const int N = 1200, BLOCK = 256, GRID = (N + BLOCK - 1) / BLOCK;

__device__ float warp_sum(float v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void block_sum_shfl(const float *in, float *out, int n)
{
    __shared__ float partial[32];
    int tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
    int i = blockIdx.x * blockDim.x + tid;
    float v = i < n ? in[i] : 0.0f;
    v = warp_sum(v);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < (int)blockDim.x / 32 ? partial[lane] : 0.0f;
        v = warp_sum(v);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}

__global__ void block_sum_tree(const float *in, float *out, int n)
{
    extern __shared__ float s[];
    int tid = threadIdx.x;
    int i = blockIdx.x * blockDim.x + tid;
    s[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        out[blockIdx.x] = s[0];
}

// The host's restatements of both orders.
static float host_warp_sum(float *v) // 32 values: lane 0's result
{
    for (int offset = 16; offset > 0; offset /= 2)
        for (int l = 0; l < 32; l++)
            v[l] += l + offset < 32 ? v[l + offset] : v[l];
    return v[0];
}
static float host_shfl(const float *in, int n, int block, int b)
{
    float partial[32] = {0}, v[32];
    for (int w = 0; w < block / 32; w++) {
        for (int l = 0; l < 32; l++) {
            int i = b * block + w * 32 + l;
            v[l] = i < n ? in[i] : 0.0f;
        }
        partial[w] = host_warp_sum(v);
    }
    for (int l = 0; l < 32; l++)
        v[l] = l < block / 32 ? partial[l] : 0.0f;
    return host_warp_sum(v);
}
static float host_tree(const float *in, int n, int block, int b)
{
    float s[1024];
    for (int t = 0; t < block; t++)
        s[t] = b * block + t < n ? in[b * block + t] : 0.0f;
    for (int stride = block / 2; stride > 0; stride /= 2)
        for (int t = 0; t < stride; t++)
            s[t] += s[t + stride];
    return s[0];
}
static unsigned bits(float f)
{
    unsigned b;
    memcpy(&b, &f, 4);
    return b;
}

int main()
{
    static float h_in[N];
    for (int i = 0; i < N; i++)
        h_in[i] = (float)((i * 7919) % 1009 - 504) / 64.0f + (float)(i % 3) * 1e-3f;
    float *d_in, *d_a, *d_b, *d_total;
    CHECK(cudaMalloc(&d_in, sizeof h_in));
    CHECK(cudaMalloc(&d_a, GRID * sizeof(float)));
    CHECK(cudaMalloc(&d_b, GRID * sizeof(float)));
    CHECK(cudaMalloc(&d_total, 2 * sizeof(float)));
    CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    block_sum_shfl<<<GRID, BLOCK>>>(d_in, d_a, N);
    CHECK(cudaGetLastError());
    block_sum_tree<<<GRID, BLOCK, BLOCK * sizeof(float)>>>(d_in, d_b, N);
    CHECK(cudaGetLastError());
    block_sum_shfl<<<1, 32>>>(d_a, d_total, GRID);                         // second pass: one warp
    block_sum_tree<<<1, 8, 8 * sizeof(float)>>>(d_b, d_total + 1, GRID); // second pass: 8 threads
    CHECK(cudaGetLastError());
    float a[GRID], b[GRID], total[2];
    CHECK(cudaMemcpy(a, d_a, sizeof a, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(b, d_b, sizeof b, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(total, d_total, sizeof total, cudaMemcpyDeviceToHost));

    bool ok = true;
    printf("block: shuffles + __shared__ | shared-memory tree\n");
    for (int blk = 0; blk < GRID; blk++) {
        printf("block %d: %.9g (0x%08x) | %.9g (0x%08x)\n", blk, a[blk], bits(a[blk]), b[blk], bits(b[blk]));
        ok = ok && bits(a[blk]) == bits(host_shfl(h_in, N, BLOCK, blk)) &&
             bits(b[blk]) == bits(host_tree(h_in, N, BLOCK, blk));
    }
    printf("total: %.9g (0x%08x) | %.9g (0x%08x)\n", total[0], bits(total[0]), total[1], bits(total[1]));
    ok = ok && bits(total[0]) == bits(host_shfl(a, GRID, 32, 0)) && bits(total[1]) == bits(host_tree(b, GRID, 8, 0));
    printf("check: %s (each sum against its order restated on the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_a));
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_total));
    return ok ? 0 : 1;
}
