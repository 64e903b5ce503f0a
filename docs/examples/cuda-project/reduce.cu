// reduce.cu: sum 4096 values with a block reduction (warp shuffles, then the
// warps' partial sums through __shared__), one partial sum per block, the
// blocks' sums added on the host. Ints (exact: checked) and floats (the bits
// depend on the order: printed). An ordinary CUDA program: nvcc builds it for
// the GPU, warpsim cc (or warpsim_add_cuda_executable) for the CPU.
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

const int N = 4096, BLOCK = 256, GRID = N / BLOCK;

template <typename T> __device__ T warp_sum(T v)
{
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

template <typename T> __global__ void block_sum(const T *in, T *block_sums)
{
    __shared__ T partial[BLOCK / 32];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    T v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = warp_sum(lane < BLOCK / 32 ? partial[lane] : T(0));
        if (lane == 0)
            block_sums[blockIdx.x] = v;
    }
}

template <typename T> static int reduce(const T *host_in, T *block_sums)
{
    T *in, *sums;
    CHECK(cudaMalloc(&in, N * sizeof(T)));
    CHECK(cudaMalloc(&sums, GRID * sizeof(T)));
    CHECK(cudaMemcpy(in, host_in, N * sizeof(T), cudaMemcpyHostToDevice));
    block_sum<<<GRID, BLOCK>>>(in, sums);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(block_sums, sums, GRID * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaFree(in));
    CHECK(cudaFree(sums));
    return 0;
}

int main()
{
    static int ints[N];
    static float floats[N];
    long long want = 0;
    for (int i = 0; i < N; i++) {
        ints[i] = (i * 7919) % 1000 - 500;
        floats[i] = (float)ints[i] / 16.0f + 0.001f * (float)(i % 7);
        want += ints[i];
    }
    int isums[GRID];
    float fsums[GRID];
    if (reduce(ints, isums) || reduce(floats, fsums))
        return 1;
    long long total = 0;
    float ftotal = 0.0f;
    for (int b = 0; b < GRID; b++) {
        unsigned bits;
        memcpy(&bits, &fsums[b], sizeof bits);
        printf("block %2d: int %6d  float %.9g (0x%08x)\n", b, isums[b], fsums[b], bits);
        total += isums[b];
        ftotal += fsums[b];
    }
    unsigned bits;
    memcpy(&bits, &ftotal, sizeof bits);
    printf("total: int %lld (expected %lld)  float %.9g (0x%08x)\n", total, want, ftotal, bits);
    return total == want ? 0 : 1;
}
