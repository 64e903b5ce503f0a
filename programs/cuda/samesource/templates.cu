// templates.cu: the C++ side of CUDA. A segmented warp reduction templated
// on the value type, the segment width and the operation (functors), launched
// as reduce_segments<T, W, Op><<<...>>>; a kernel whose template argument is
// deduced from the launch's arguments; a constexpr device function, a
// namespace and a struct argument passed by value.
// Build: nvcc -arch=sm_90 -fmad=false templates.cu  |  warpsim cc templates.cu
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

namespace ops {
struct Sum {
    template <typename T> __host__ __device__ T operator()(T a, T b) const { return a + b; }
    static const char *name() { return "sum"; }
};
struct Max {
    template <typename T> __host__ __device__ T operator()(T a, T b) const { return a > b ? a : b; }
    static const char *name() { return "max"; }
};
struct Xor {
    template <typename T> __host__ __device__ T operator()(T a, T b) const { return a ^ b; }
    static const char *name() { return "xor"; }
};
} // namespace ops

constexpr __host__ __device__ int log2_of(int w) { return w <= 1 ? 0 : 1 + log2_of(w / 2); }

// Every lane ends with its segment's result (a butterfly within W lanes).
template <typename T, int W, typename Op> __global__ void reduce_segments(const T *in, T *out, Op op)
{
    static_assert((W & (W - 1)) == 0 && W <= 32, "W: a power of two up to 32");
    T v = in[threadIdx.x];
#pragma unroll
    for (int s = 0; s < log2_of(W); s++)
        v = op(v, __shfl_xor_sync(0xffffffffu, v, 1 << s, W));
    out[threadIdx.x] = v;
}

struct Affine {
    int scale, shift;
};

template <typename T> __global__ void affine(T *data, Affine a, int n)
{
    int i = threadIdx.x;
    if (i < n)
        data[i] = data[i] * (T)a.scale + (T)a.shift;
}

template <typename T> static void show(const T *v) // 32 values, 8 a line
{
    for (int i = 0; i < 32; i++) {
        printf("%s%lld", i % 8 ? " " : "  ", (long long)v[i]);
        if (i % 8 == 7)
            printf("\n");
    }
}
static void show(const float *v)
{
    for (int i = 0; i < 32; i++) {
        unsigned b;
        memcpy(&b, &v[i], 4);
        printf("%s%.9g (0x%08x)", i % 4 ? " " : "  ", v[i], b);
        if (i % 4 == 3)
            printf("\n");
    }
}

template <typename T, int W, typename Op> static int run(const T *h, const char *type, bool *ok)
{
    T *d_in, *d_out, out[32];
    CHECK(cudaMalloc(&d_in, 32 * sizeof(T)));
    CHECK(cudaMalloc(&d_out, 32 * sizeof(T)));
    CHECK(cudaMemcpy(d_in, h, 32 * sizeof(T), cudaMemcpyHostToDevice));
    reduce_segments<T, W, Op><<<1, 32>>>(d_in, d_out, Op());
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    printf("%s of %s in segments of %d lanes:\n", Op::name(), type, W);
    show(out);
    // The host: the butterfly within each segment, stage by stage.
    T v[32];
    memcpy(v, h, sizeof v);
    for (int s = 0; s < log2_of(W); s++) {
        T t[32];
        for (int l = 0; l < 32; l++)
            t[l] = v[l ^ (1 << s)];
        for (int l = 0; l < 32; l++)
            v[l] = Op()(v[l], t[l]);
    }
    *ok = *ok && memcmp(v, out, sizeof v) == 0;
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return 0;
}

int main()
{
    int hi[32];
    unsigned hu[32];
    long long hl[32];
    float hf[32];
    for (int i = 0; i < 32; i++) {
        hi[i] = (i * 13 + 7) % 31 - 15;
        hu[i] = 0x9E3779B9u * (unsigned)(i + 1);
        hl[i] = (long long)hi[i] * 1000000007LL;
        hf[i] = (float)hi[i] / 3.0f;
    }
    bool ok = true;
    if (run<int, 32, ops::Sum>(hi, "int", &ok) || run<int, 4, ops::Max>(hi, "int", &ok) ||
        run<unsigned, 8, ops::Xor>(hu, "unsigned", &ok) || run<long long, 16, ops::Sum>(hl, "long long", &ok) ||
        run<float, 32, ops::Sum>(hf, "float", &ok) || run<float, 2, ops::Max>(hf, "float", &ok))
        return 1;

    // Template arguments deduced from the launch's arguments.
    float *d_f;
    int *d_i;
    CHECK(cudaMalloc(&d_f, sizeof hf));
    CHECK(cudaMalloc(&d_i, sizeof hi));
    CHECK(cudaMemcpy(d_f, hf, sizeof hf, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_i, hi, sizeof hi, cudaMemcpyHostToDevice));
    affine<<<1, 32>>>(d_f, Affine{3, -2}, 20);
    affine<<<1, 32>>>(d_i, Affine{-5, 1}, 32);
    CHECK(cudaGetLastError());
    float f[32];
    int n[32];
    CHECK(cudaMemcpy(f, d_f, sizeof f, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(n, d_i, sizeof n, cudaMemcpyDeviceToHost));
    printf("affine<float> (3x - 2 on the first 20):\n");
    show(f);
    printf("affine<int> (-5x + 1):\n");
    show(n);
    for (int i = 0; i < 32; i++) {
        float want = i < 20 ? hf[i] * 3.0f + -2.0f : hf[i];
        ok = ok && memcmp(&f[i], &want, 4) == 0 && n[i] == hi[i] * -5 + 1;
    }
    printf("check: %s (every lane against the same steps on the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_i));
    return ok ? 0 : 1;
}
