// cub_warp_reduce.cu: cub::WarpReduce in every lane, for int and float, logical warps of 32
// and 16 lanes (two warps of 64 threads: the shuffle reduction) and of 7 lanes (one logical warp
// of 7 threads: the shared-memory reduction CUB takes for a size that is not a power of two).
// Per lane: Sum (int: the hardware reduction, every lane the total; float: the shuffle tree,
// lane 0 the total, the other lanes their partial sums), Reduce with cuda::maximum<>, with
// cuda::std::plus<T> (CUB's generic step: own + other), with a functor that is not commutative
// (a - b), Sum and Reduce of the first valid_items lanes, Head/TailSegmentedSum and
// HeadSegmentedReduce (a - b). Floats mix 1e8 with small values, so that the order of the
// additions shows; they are printed with %a. A __syncwarp() separates the calls, as CUB asks
// before its storage is used again.
// Build: nvcc -arch=sm_90 -fmad=false cub_warp_reduce.cu  |  warpsim cc cub_warp_reduce.cu
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

const int N = 64; // the most threads a launch here has
const int K = 10; // results per thread
static const char *const names[K] = {"Sum",      "Reduce(max)",      "Reduce(plus<T>)", "Reduce(a-b)",
                                     "Sum(valid)", "Reduce(max,valid)", "HeadSegmentedSum", "TailSegmentedSum",
                                     "HeadSegmentedReduce(a-b)", "TailSegmentedReduce(max)"};

struct Sub {
    template <typename T> __device__ T operator()(const T &a, const T &b) const { return a - b; }
};

template <typename T, int LWT> __global__ void warp_reduce(const T *in, T *out)
{
    using WR = cub::WarpReduce<T, LWT>;
    __shared__ typename WR::TempStorage temp[N / LWT + 1];
    int t = threadIdx.x, w = t / LWT, lane = t % LWT;
    T x = in[t];
    int valid = LWT - 3;
    bool head = lane % 5 == 0 || lane == 3, tail = lane % 6 == 5;
    T *o = out + t * K;
    o[0] = WR(temp[w]).Sum(x);
    __syncwarp(); // CUB: before the storage is used again
    o[1] = WR(temp[w]).Reduce(x, cuda::maximum<>{});
    __syncwarp(); // CUB: before the storage is used again
    o[2] = WR(temp[w]).Reduce(x, cuda::std::plus<T>{});
    __syncwarp(); // CUB: before the storage is used again
    o[3] = WR(temp[w]).Reduce(x, Sub{});
    __syncwarp(); // CUB: before the storage is used again
    o[4] = WR(temp[w]).Sum(x, valid);
    __syncwarp(); // CUB: before the storage is used again
    o[5] = WR(temp[w]).Reduce(x, cuda::maximum<>{}, valid);
    __syncwarp(); // CUB: before the storage is used again
    o[6] = WR(temp[w]).HeadSegmentedSum(x, head);
    __syncwarp(); // CUB: before the storage is used again
    o[7] = WR(temp[w]).TailSegmentedSum(x, tail);
    __syncwarp(); // CUB: before the storage is used again
    o[8] = WR(temp[w]).HeadSegmentedReduce(x, head, Sub{});
    __syncwarp(); // CUB: before the storage is used again
    o[9] = WR(temp[w]).TailSegmentedReduce(x, tail, cuda::maximum<>{});
}

static void show(int v) { printf(" %d", v); }
static void show(float v) { printf(" %a", v); }

template <typename T, int LWT> static int run(const char *type, const T *h_in, int threads)
{
    T *d_in, *d_out, h_out[N * K];
    CHECK(cudaMalloc(&d_in, N * sizeof(T)));
    CHECK(cudaMalloc(&d_out, N * K * sizeof(T)));
    CHECK(cudaMemcpy(d_in, h_in, N * sizeof(T), cudaMemcpyHostToDevice));
    warp_reduce<T, LWT><<<1, threads>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, threads * K * sizeof(T), cudaMemcpyDeviceToHost));
    printf("WarpReduce<%s, %d>, %d threads, valid_items %d\n", type, LWT, threads, LWT - 3);
    for (int k = 0; k < K; k++) {
        printf("%s:\n", names[k]);
        for (int t = 0; t < threads; t++) {
            if (t % 8 == 0)
                printf("  %2d:", t);
            show(h_out[t * K + k]);
            if (t % 8 == 7 || t == threads - 1)
                printf("\n");
        }
    }
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return 0;
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
    if (run<int, 32>("int", hi, 64) || run<int, 16>("int", hi, 64) || run<int, 7>("int", hi, 7) ||
        run<float, 32>("float", hf, 64) || run<float, 16>("float", hf, 64) || run<float, 7>("float", hf, 7))
        return 1;
    return 0;
}
