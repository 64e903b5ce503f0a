// cub_block_reduce.cu: cub::BlockReduce in every thread (thread 0 holds the result; the others
// print what CUB leaves them), for int and float and the three algorithms (WARP_REDUCTIONS,
// RAKING, RAKING_COMMUTATIVE_ONLY), on blocks of 128 threads (4 warps; raking segments of 4
// with padding), 48 (a partial warp; raking by 24 threads through shared memory), 20 (one
// logical warp of 20 lanes) and 16 x 4 (2-D). Per thread: Sum, Reduce with cuda::maximum<> and
// with a functor that is not commutative (a - b), Sum of 4 items and Reduce(max) of 3 items per
// thread (cub::ThreadReduce first), Sum and Reduce(a - b) of the first num_valid = threads - 5
// threads, and Sum through the block's private storage (no TempStorage). Floats mix 1e8 with
// small values, so that the order of the additions shows; they are printed with %a. A
// __syncthreads() separates the calls, as CUB asks before its storage is used again.
// Build: nvcc -arch=sm_90 -fmad=false cub_block_reduce.cu  |  warpsim cc cub_block_reduce.cu
#include <cstdio>
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
const int ITEMS = 4;
const int K = 8; // results per thread
static const char *const names[K] = {"Sum",          "Reduce(max)",         "Reduce(a-b)",
                                     "Sum(4 items)", "Reduce(3 items, max)", "Sum(num_valid)",
                                     "Reduce(a-b, num_valid)", "Sum (private storage)"};

struct Sub {
    template <typename T> __device__ T operator()(const T &a, const T &b) const { return a - b; }
};

template <typename T, int BX, int BY, cub::BlockReduceAlgorithm ALG> __global__ void block_reduce(const T *in, T *out)
{
    using BR = cub::BlockReduce<T, BX, ALG, BY>;
    __shared__ typename BR::TempStorage temp;
    int t = threadIdx.y * BX + threadIdx.x, threads = BX * BY, valid = threads - 5;
    T x = in[t], items[ITEMS], three[3];
    for (int i = 0; i < ITEMS; i++)
        items[i] = in[(t * ITEMS + i) % N];
    for (int i = 0; i < 3; i++)
        three[i] = in[(t * 3 + i + 7) % N];
    T *o = out + t * K;
    o[0] = BR(temp).Sum(x);
    __syncthreads();
    o[1] = BR(temp).Reduce(x, cuda::maximum<>{});
    __syncthreads();
    o[2] = BR(temp).Reduce(x, Sub{});
    __syncthreads();
    o[3] = BR(temp).Sum(items);
    __syncthreads();
    o[4] = BR(temp).Reduce(three, cuda::maximum<>{});
    __syncthreads();
    o[5] = BR(temp).Sum(x, valid);
    __syncthreads();
    o[6] = BR(temp).Reduce(x, Sub{}, valid);
    __syncthreads();
    o[7] = BR().Sum(x);
}

static void show(int v) { printf(" %d", v); }
static void show(float v) { printf(" %a", v); }

template <typename T, int BX, int BY, cub::BlockReduceAlgorithm ALG>
static int run(const char *type, const char *alg, const T *h_in)
{
    const int threads = BX * BY;
    T *d_in, *d_out, h_out[N * K];
    CHECK(cudaMalloc(&d_in, N * sizeof(T)));
    CHECK(cudaMalloc(&d_out, N * K * sizeof(T)));
    CHECK(cudaMemcpy(d_in, h_in, N * sizeof(T), cudaMemcpyHostToDevice));
    block_reduce<T, BX, BY, ALG><<<1, dim3(BX, BY)>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, threads * K * sizeof(T), cudaMemcpyDeviceToHost));
    printf("BlockReduce<%s, %d, %s, %d>, num_valid %d\n", type, BX, alg, BY, threads - 5);
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
    return run<T, 128, 1, BLOCK_REDUCE_WARP_REDUCTIONS>(type, "WARP_REDUCTIONS", h_in) ||
           run<T, 128, 1, BLOCK_REDUCE_RAKING>(type, "RAKING", h_in) ||
           run<T, 128, 1, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>(type, "RAKING_COMMUTATIVE_ONLY", h_in) ||
           run<T, 48, 1, BLOCK_REDUCE_WARP_REDUCTIONS>(type, "WARP_REDUCTIONS", h_in) ||
           run<T, 48, 1, BLOCK_REDUCE_RAKING>(type, "RAKING", h_in) ||
           run<T, 20, 1, BLOCK_REDUCE_WARP_REDUCTIONS>(type, "WARP_REDUCTIONS", h_in) ||
           run<T, 20, 1, BLOCK_REDUCE_RAKING>(type, "RAKING", h_in) ||
           run<T, 16, 4, BLOCK_REDUCE_WARP_REDUCTIONS>(type, "WARP_REDUCTIONS", h_in) ||
           run<T, 16, 4, BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>(type, "RAKING_COMMUTATIVE_ONLY", h_in);
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
