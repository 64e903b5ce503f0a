// bitonic.cu: a bitonic sort of 32 keys in one warp with __shfl_xor_sync,
// two warps: int keys with their original positions as values (key-value
// pairs), ascending; and float keys (negative, -0.0 and 0.0, infinities,
// subnormals) descending. Equal keys never swap, so the result is defined.
// Build: nvcc -arch=sm_90 -fmad=false bitonic.cu  |  warpsim cc bitonic.cu
#include <algorithm>
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

const unsigned FULL = 0xffffffffu;
const int N = 64;

// One compare-exchange network over the warp; `descending` flips the order.
template <typename K> __device__ void bitonic_warp(K &key, int &val, bool descending)
{
    int lane = threadIdx.x % warpSize;
    for (int k = 2; k <= 32; k <<= 1) {
        for (int j = k >> 1; j > 0; j >>= 1) {
            K other = __shfl_xor_sync(FULL, key, j);
            int other_val = __shfl_xor_sync(FULL, val, j);
            bool up = ((lane & k) == 0) != descending; // this block of k lanes sorts ascending
            bool lower = (lane & j) == 0;              // the lower lane of the pair keeps the smaller key
            bool take = lower == up ? other < key : other > key;
            if (take) {
                key = other;
                val = other_val;
            }
        }
    }
}

__global__ void sort_pairs(int *keys, int *vals)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int key = keys[i], val = i;
    bitonic_warp(key, val, false);
    keys[i] = key;
    vals[i] = val;
}

__global__ void sort_floats(float *keys, int *vals)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float key = keys[i];
    int val = i;
    bitonic_warp(key, val, true);
    keys[i] = key;
    vals[i] = val;
}

static unsigned bits(float f)
{
    unsigned b;
    memcpy(&b, &f, 4);
    return b;
}

int main()
{
    int h_keys[N];
    float h_f[N];
    for (int i = 0; i < N; i++)
        h_keys[i] = (i * 37 + 13) % 29 - 10; // duplicates on purpose
    const float specials[] = {0.0f, -0.0f, 1.0f / 0.0f, -1.0f / 0.0f, 1e-40f, -1e-40f, 3.5f, -3.5f};
    for (int i = 0; i < N; i++)
        h_f[i] = i % 5 == 0 ? specials[(i / 5) % 8] : (float)((i * 31 + 7) % 53 - 26) * 0.25f;
    int *d_keys, *d_vals;
    float *d_f;
    CHECK(cudaMalloc(&d_keys, sizeof h_keys));
    CHECK(cudaMalloc(&d_vals, sizeof h_keys));
    CHECK(cudaMalloc(&d_f, sizeof h_f));
    CHECK(cudaMemcpy(d_keys, h_keys, sizeof h_keys, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_f, h_f, sizeof h_f, cudaMemcpyHostToDevice));
    sort_pairs<<<2, 32>>>(d_keys, d_vals);
    CHECK(cudaGetLastError());
    int keys[N], vals[N];
    CHECK(cudaMemcpy(keys, d_keys, sizeof keys, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(vals, d_vals, sizeof vals, cudaMemcpyDeviceToHost));
    sort_floats<<<2, 32>>>(d_f, d_vals);
    CHECK(cudaGetLastError());
    float fkeys[N];
    int fvals[N];
    CHECK(cudaMemcpy(fkeys, d_f, sizeof fkeys, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(fvals, d_vals, sizeof fvals, cudaMemcpyDeviceToHost));

    bool ok = true;
    printf("int keys ascending, with where each came from\n");
    for (int w = 0; w < N / 32; w++) {
        int want[32];
        std::copy(h_keys + w * 32, h_keys + w * 32 + 32, want);
        std::sort(want, want + 32);
        for (int l = 0; l < 32; l++) {
            int i = w * 32 + l;
            printf("thread %2d: key %3d from %2d\n", i, keys[i], vals[i]);
            ok = ok && keys[i] == want[l] && vals[i] / 32 == w && h_keys[vals[i]] == keys[i];
        }
    }
    printf("float keys descending, with where each came from\n");
    for (int w = 0; w < N / 32; w++) {
        for (int l = 0; l < 32; l++) {
            int i = w * 32 + l;
            printf("thread %2d: %.9g (0x%08x) from %2d\n", i, fkeys[i], bits(fkeys[i]), fvals[i]);
            ok = ok && (l == 0 || !(fkeys[i] > fkeys[i - 1])) && bits(h_f[fvals[i]]) == bits(fkeys[i]);
        }
    }
    printf("check: %s (sorted as std::sort sorts; each key is the input's at its position)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_keys));
    CHECK(cudaFree(d_vals));
    CHECK(cudaFree(d_f));
    return ok ? 0 : 1;
}
