// cub_warp_scan.cu: cub::WarpScan in every lane, for int and float, logical warps of 32 and 16
// lanes (two warps of 64 threads: the shuffle scan) and of 7 lanes (one logical warp of 7
// threads: the shared-memory scan CUB takes for a size that is not a power of two; its storage
// is zeroed first, as the lanes CUB leaves undefined read it). Per lane: InclusiveSum and
// ExclusiveSum (int: exclusive = inclusive - input), with the warp aggregate,
// InclusiveScan/ExclusiveScan with cuda::maximum<> (exclusive without an initial value: lane 0
// undefined, printed too), with an initial value, with an initial value and the aggregate,
// InclusiveScan with cuda::std::plus<T> (CUB's generic step) and with a functor that is not
// commutative (a - b), Scan (both results) and Broadcast from lane 2. Floats mix 1e8 with small
// values, so that the order of the additions shows; they are printed with %a. A __syncwarp()
// separates the calls, as CUB asks before its storage is used again.
// Build: nvcc -arch=sm_90 -fmad=false cub_warp_scan.cu  |  warpsim cc cub_warp_scan.cu
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

const int N = 64; // the most threads a launch here has
const int K = 20; // results per thread
static const char *const names[K] = {
    "InclusiveSum",          "ExclusiveSum",           "InclusiveSum+aggregate", "aggregate",
    "ExclusiveSum+aggregate", "aggregate",             "InclusiveScan(max)",     "ExclusiveScan(max)",
    "ExclusiveScan(max,init)", "InclusiveScan(init,max)", "ExclusiveScan(init,plus<>)+aggregate", "aggregate",
    "InclusiveScan(init,a-b)+aggregate", "aggregate",  "InclusiveScan(plus<T>)", "InclusiveScan(a-b)",
    "ExclusiveScan(a-b)",    "Scan(a-b) inclusive",    "Scan(a-b) exclusive",    "Broadcast(lane 2)"};

struct Sub {
    template <typename T> __device__ T operator()(const T &a, const T &b) const { return a - b; }
};

template <typename T, int LWT> __global__ void warp_scan(const T *in, T *out)
{
    using WS = cub::WarpScan<T, LWT>;
    __shared__ typename WS::TempStorage temp[N / LWT + 1];
    if (threadIdx.x == 0)
        memset(temp, 0, sizeof temp);
    __syncthreads();
    int t = threadIdx.x, w = t / LWT;
    T x = in[t], init = (T)3;
    T *o = out + t * K;
    WS(temp[w]).InclusiveSum(x, o[0]);
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).ExclusiveSum(x, o[1]);
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).InclusiveSum(x, o[2], o[3]);
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).ExclusiveSum(x, o[4], o[5]);
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).InclusiveScan(x, o[6], cuda::maximum<>{});
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).ExclusiveScan(x, o[7], cuda::maximum<>{});
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).ExclusiveScan(x, o[8], init, cuda::maximum<>{});
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).InclusiveScan(x, o[9], init, cuda::maximum<>{});
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).ExclusiveScan(x, o[10], init, cuda::std::plus<>{}, o[11]);
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).InclusiveScan(x, o[12], init, Sub{}, o[13]);
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).InclusiveScan(x, o[14], cuda::std::plus<T>{});
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).InclusiveScan(x, o[15], Sub{});
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).ExclusiveScan(x, o[16], Sub{});
    __syncwarp(); // CUB: before the storage is used again
    WS(temp[w]).Scan(x, o[17], o[18], Sub{});
    __syncwarp(); // CUB: before the storage is used again
    o[19] = WS(temp[w]).Broadcast(x, 2);
}

static void show(int v) { printf(" %d", v); }
static void show(float v) { printf(" %a", v); }

template <typename T, int LWT> static int run(const char *type, const T *h_in, int threads)
{
    T *d_in, *d_out, h_out[N * K];
    CHECK(cudaMalloc(&d_in, N * sizeof(T)));
    CHECK(cudaMalloc(&d_out, N * K * sizeof(T)));
    CHECK(cudaMemcpy(d_in, h_in, N * sizeof(T), cudaMemcpyHostToDevice));
    warp_scan<T, LWT><<<1, threads>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, threads * K * sizeof(T), cudaMemcpyDeviceToHost));
    printf("WarpScan<%s, %d>, %d threads, initial value 3\n", type, LWT, threads);
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
