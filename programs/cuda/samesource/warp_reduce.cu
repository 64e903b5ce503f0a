// warp_reduce.cu: the classic warp sum with __shfl_down_sync, for int, float
// and double, two warps. Every lane keeps its partial sum (lane 0 the warp's
// total), so every lane is printed; floats with their bits.
// Build: nvcc -arch=sm_90 -fmad=false warp_reduce.cu  |  warpsim cc warp_reduce.cu
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

const int N = 64;

template <typename T> __global__ void warp_sum(const T *in, T *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    T v = in[i];
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    out[i] = v;
}

// The same tree on the host: a lane whose source lies past lane 31 reads its own value.
template <typename T> static void host_tree(const T *in, T *out)
{
    for (int w = 0; w < N / 32; w++) {
        T v[32], t[32];
        for (int l = 0; l < 32; l++)
            v[l] = in[w * 32 + l];
        for (int offset = 16; offset > 0; offset /= 2) {
            for (int l = 0; l < 32; l++)
                t[l] = l + offset < 32 ? v[l + offset] : v[l];
            for (int l = 0; l < 32; l++)
                v[l] += t[l];
        }
        for (int l = 0; l < 32; l++)
            out[w * 32 + l] = v[l];
    }
}

static void show(int i, int v) { printf("thread %2d: %d\n", i, v); }
static void show(int i, float v)
{
    unsigned b;
    memcpy(&b, &v, 4);
    printf("thread %2d: %.9g (0x%08x)\n", i, v, b);
}
static void show(int i, double v)
{
    unsigned long long b;
    memcpy(&b, &v, 8);
    printf("thread %2d: %.17g (0x%016llx)\n", i, v, b);
}

template <typename T> static int run(const char *name, const T *h_in, bool *ok)
{
    T *d_in, *d_out, h_out[N], want[N];
    CHECK(cudaMalloc(&d_in, N * sizeof(T)));
    CHECK(cudaMalloc(&d_out, N * sizeof(T)));
    CHECK(cudaMemcpy(d_in, h_in, N * sizeof(T), cudaMemcpyHostToDevice));
    warp_sum<T><<<1, N>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, N * sizeof(T), cudaMemcpyDeviceToHost));
    printf("%s: warp sum with __shfl_down_sync, %d lanes\n", name, N);
    for (int i = 0; i < N; i++)
        show(i, h_out[i]);
    host_tree(h_in, want);
    *ok = *ok && memcmp(want, h_out, sizeof want) == 0;
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return 0;
}

int main()
{
    int hi[N];
    float hf[N];
    double hd[N];
    for (int i = 0; i < N; i++) {
        hi[i] = (i * 37 + 11) % 101 - 50;
        hf[i] = (float)((i * 29 + 7) % 61 - 30) * 0.1f;
        hd[i] = (double)((i * 29 + 7) % 61 - 30) * 0.1 + 1e-3 * i;
    }
    bool ok = true;
    if (run("int", hi, &ok) || run("float", hf, &ok) || run("double", hd, &ok))
        return 1;
    printf("check: %s (every lane against the same tree restated on the host)\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
