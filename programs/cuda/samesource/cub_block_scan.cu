// cub_block_scan.cu: cub::BlockScan in every thread, for int and float and the three algorithms
// (RAKING, RAKING_MEMOIZE, WARP_SCANS), on blocks of 128 threads (raking segments of 4 with
// padding), 48 (raking by 24 threads, whose warp scan goes through shared memory; WARP_SCANS
// falls back to RAKING), 20 (one logical warp of 20 lanes) and 16 x 4 (2-D). Per thread:
// InclusiveSum and ExclusiveSum, each with the block aggregate too, InclusiveScan and
// ExclusiveScan with cuda::maximum<> (exclusive without an initial value: thread 0 undefined,
// printed too), ExclusiveScan with an initial value (3) and a functor that is not commutative
// (a - b) and the aggregate, InclusiveScan(a - b) with and without the aggregate, ExclusiveSum
// and InclusiveScan(max) with a block-prefix callback (a running total that starts at 5), and
// item arrays: InclusiveSum of 4 items, ExclusiveSum of 3 items with the aggregate,
// InclusiveScan(a - b) of 4 items. The storage is zeroed first (the undefined results read it)
// and a __syncthreads() separates the calls, as CUB asks before its storage is used again.
// Floats mix 1e8 with small values, so that the order of the additions shows; printed with %a.
// Build: nvcc -arch=sm_90 -fmad=false cub_block_scan.cu  |  warpsim cc cub_block_scan.cu
#include <cstdio>
#include <cstring>
#include <cub/cub.cuh>
#include <cuda/functional>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        cudaError_t e_ = (call);                                                                                       \
        if (e_ != cudaSuccess) {                                                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));                     \
            return 1;                                                                                                  \
        }                                                                                                              \
    } while (0)

const int N = 128; // the most threads a launch here has
const int K = 28;  // results per thread
static const char *const names[K] = {
    "InclusiveSum", "ExclusiveSum", "InclusiveSum+aggregate", "aggregate", "ExclusiveSum+aggregate", "aggregate",
    "InclusiveScan(max)", "ExclusiveScan(max)", "ExclusiveScan(init,max)", "ExclusiveScan(init,a-b)+aggregate",
    "aggregate", "InclusiveScan(a-b)", "InclusiveScan(a-b)+aggregate", "aggregate", "ExclusiveSum(callback)",
    "InclusiveScan(max,callback)", "InclusiveSum(4 items)[0]", "[1]", "[2]", "[3]",
    "ExclusiveSum(3 items)+aggregate[0]", "[1]", "[2]", "aggregate", "InclusiveScan(4 items,a-b)[0]", "[1]", "[2]",
    "[3]"};

struct Sub {
    template <typename T> __device__ T operator()(const T &a, const T &b) const { return a - b; }
};
template <typename T> struct RunningPrefix {
    T total;
    __device__ T operator()(T block_aggregate)
    {
        T old = total;
        total = total + block_aggregate;
        return old;
    }
};

template <typename T, int BX, int BY, cub::BlockScanAlgorithm ALG> __global__ void block_scan(const T *in, T *out)
{
    using BS = cub::BlockScan<T, BX, ALG, BY>;
    __shared__ typename BS::TempStorage temp;
    int t = threadIdx.y * BX + threadIdx.x;
    if (t == 0)
        memset(&temp, 0, sizeof temp);
    __syncthreads();
    T x = in[t], init = (T)3, items[4], three[3];
    for (int i = 0; i < 4; i++)
        items[i] = in[(t * 4 + i) % N];
    for (int i = 0; i < 3; i++)
        three[i] = in[(t * 3 + i + 7) % N];
    RunningPrefix<T> p1{(T)5}, p2{(T)5};
    T *o = out + t * K;
    BS(temp).InclusiveSum(x, o[0]);
    __syncthreads();
    BS(temp).ExclusiveSum(x, o[1]);
    __syncthreads();
    BS(temp).InclusiveSum(x, o[2], o[3]);
    __syncthreads();
    BS(temp).ExclusiveSum(x, o[4], o[5]);
    __syncthreads();
    BS(temp).InclusiveScan(x, o[6], cuda::maximum<>{});
    __syncthreads();
    BS(temp).ExclusiveScan(x, o[7], cuda::maximum<>{});
    __syncthreads();
    BS(temp).ExclusiveScan(x, o[8], init, cuda::maximum<>{});
    __syncthreads();
    BS(temp).ExclusiveScan(x, o[9], init, Sub{}, o[10]);
    __syncthreads();
    BS(temp).InclusiveScan(x, o[11], Sub{});
    __syncthreads();
    BS(temp).InclusiveScan(x, o[12], Sub{}, o[13]);
    __syncthreads();
    BS(temp).ExclusiveSum(x, o[14], p1);
    __syncthreads();
    BS(temp).InclusiveScan(x, o[15], cuda::maximum<>{}, p2);
    __syncthreads();
    T r4[4], r3[3];
    BS(temp).InclusiveSum(items, r4);
    for (int i = 0; i < 4; i++)
        o[16 + i] = r4[i];
    __syncthreads();
    BS(temp).ExclusiveSum(three, r3, o[23]);
    for (int i = 0; i < 3; i++)
        o[20 + i] = r3[i];
    __syncthreads();
    BS(temp).InclusiveScan(items, r4, Sub{});
    for (int i = 0; i < 4; i++)
        o[24 + i] = r4[i];
}

static void show(int v) { printf(" %d", v); }
static void show(float v) { printf(" %a", v); }

template <typename T, int BX, int BY, cub::BlockScanAlgorithm ALG>
static int run(const char *type, const char *alg, const T *h_in)
{
    const int threads = BX * BY;
    T *d_in, *d_out, h_out[N * K];
    CHECK(cudaMalloc(&d_in, N * sizeof(T)));
    CHECK(cudaMalloc(&d_out, N * K * sizeof(T)));
    CHECK(cudaMemcpy(d_in, h_in, N * sizeof(T), cudaMemcpyHostToDevice));
    block_scan<T, BX, BY, ALG><<<1, dim3(BX, BY)>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, threads * K * sizeof(T), cudaMemcpyDeviceToHost));
    printf("BlockScan<%s, %d, %s, %d>\n", type, BX, alg, BY);
    for (int k = 0; k < K; k++) {
        printf("%s:\n", names[k]);
        for (int t = 0; t < threads; t++) {
            if (t % 8 == 0)
                printf("  %3d:", t);
            show(h_out[t * K + k]);
            if (t % 8 == 7 || t == threads - 1)
                printf("\n");
        }
    }
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return 0;
}

template <typename T> static int run_all(const char *type, const T *h_in)
{
    using namespace cub;
    return run<T, 128, 1, BLOCK_SCAN_RAKING>(type, "RAKING", h_in) ||
           run<T, 128, 1, BLOCK_SCAN_RAKING_MEMOIZE>(type, "RAKING_MEMOIZE", h_in) ||
           run<T, 128, 1, BLOCK_SCAN_WARP_SCANS>(type, "WARP_SCANS", h_in) ||
           run<T, 48, 1, BLOCK_SCAN_RAKING>(type, "RAKING", h_in) ||
           run<T, 48, 1, BLOCK_SCAN_WARP_SCANS>(type, "WARP_SCANS", h_in) ||
           run<T, 20, 1, BLOCK_SCAN_RAKING>(type, "RAKING", h_in) ||
           run<T, 16, 4, BLOCK_SCAN_WARP_SCANS>(type, "WARP_SCANS", h_in) ||
           run<T, 16, 4, BLOCK_SCAN_RAKING_MEMOIZE>(type, "RAKING_MEMOIZE", h_in);
}

int main()
{
    int hi[N];
    float hf[N];
    for (int i = 0; i < N; i++) {
        hi[i] = (i * 37 + 11) % 101 - 50;
        // 1e8 and -1e8 among small values: a sum's bits depend on its order
        hf[i] = i % 5 == 0 ? 1.0e8f : i % 7 == 3 ? -1.0e8f : (float)((i * 29 + 7) % 61 - 30) * 0.37f + 0.01f * i;
    }
    return run_all("int", hi) || run_all("float", hf);
}
