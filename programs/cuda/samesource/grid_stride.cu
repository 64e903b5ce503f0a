// grid_stride.cu: grid-stride loops. y = a*x + y (saxpy; with -fmad=false on
// the GPU and -ffp-contract=off here, a multiply and an add, each rounded),
// with a and the offset in __constant__ memory set by cudaMemcpyToSymbol;
// then each thread's grid-stride sum of x*y, summed per warp with
// __shfl_down_sync and per block through __shared__: one value per block,
// no atomics. 3 blocks of 96 threads over 2000 values.
// Build: nvcc -arch=sm_90 -fmad=false grid_stride.cu  |  warpsim cc grid_stride.cu
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

const int N = 2000, GRID = 3, BLOCK = 96;
__constant__ float coef[2]; // a, offset

__global__ void saxpy(int n, const float *x, float *y)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = coef[0] * x[i] + (y[i] + coef[1]);
}

__global__ void dot_partials(int n, const float *x, const float *y, float *per_thread, float *per_block)
{
    __shared__ float warp_sums[BLOCK / 32];
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    for (int i = tid; i < n; i += blockDim.x * gridDim.x)
        s += x[i] * y[i];
    per_thread[tid] = s;
    for (int o = 16; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffffu, s, o);
    if (threadIdx.x % 32 == 0)
        warp_sums[threadIdx.x / 32] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float b = 0.0f;
        for (int w = 0; w < BLOCK / 32; w++)
            b += warp_sums[w];
        per_block[blockIdx.x] = b;
    }
}

static unsigned bits(float f)
{
    unsigned b;
    memcpy(&b, &f, 4);
    return b;
}

int main()
{
    static float x[N], y[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i % 97) / 16.0f - 3.0f;
        y[i] = (float)((i * 13) % 101) * 0.01f;
    }
    const float h_coef[2] = {1.5f, -0.25f};
    float *d_x, *d_y, *d_t, *d_b;
    CHECK(cudaMemcpyToSymbol(coef, h_coef, sizeof h_coef));
    CHECK(cudaMalloc(&d_x, sizeof x));
    CHECK(cudaMalloc(&d_y, sizeof y));
    CHECK(cudaMalloc(&d_t, GRID * BLOCK * sizeof(float)));
    CHECK(cudaMalloc(&d_b, GRID * sizeof(float)));
    CHECK(cudaMemcpy(d_x, x, sizeof x, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_y, y, sizeof y, cudaMemcpyHostToDevice));
    saxpy<<<GRID, BLOCK>>>(N, d_x, d_y);
    CHECK(cudaGetLastError());
    dot_partials<<<GRID, BLOCK>>>(N, d_x, d_y, d_t, d_b);
    CHECK(cudaGetLastError());
    static float ny[N];
    float t[GRID * BLOCK], b[GRID];
    CHECK(cudaMemcpy(ny, d_y, sizeof ny, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(t, d_t, sizeof t, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(b, d_b, sizeof b, cudaMemcpyDeviceToHost));

    bool ok = true;
    printf("y = %g * x + (y + %g), %d values, 8 a line (bits)\n", h_coef[0], h_coef[1], N);
    for (int i = 0; i < N; i++) {
        float want = h_coef[0] * x[i] + (y[i] + h_coef[1]);
        ok = ok && bits(ny[i]) == bits(want);
        printf("%s%08x%s", i % 8 ? " " : "  ", bits(ny[i]), i % 8 == 7 || i == N - 1 ? "\n" : "");
    }
    printf("each thread's grid-stride sum of x*y:\n");
    for (int k = 0; k < GRID * BLOCK; k++) {
        float s = 0.0f;
        for (int i = k; i < N; i += GRID * BLOCK)
            s += x[i] * ny[i];
        ok = ok && bits(t[k]) == bits(s);
        printf("thread %3d: %.9g (0x%08x)\n", k, t[k], bits(t[k]));
    }
    for (int blk = 0; blk < GRID; blk++) {
        float w[3];
        for (int wi = 0; wi < 3; wi++) { // the warp tree of shfl_down, restated
            float v[32];
            for (int l = 0; l < 32; l++)
                v[l] = t[blk * BLOCK + wi * 32 + l];
            for (int o = 16; o > 0; o /= 2)
                for (int l = 0; l < 32; l++)
                    v[l] += l + o < 32 ? v[l + o] : v[l];
            w[wi] = v[0];
        }
        float want = 0.0f;
        for (int wi = 0; wi < 3; wi++)
            want += w[wi];
        ok = ok && bits(b[blk]) == bits(want);
        printf("block %d: %.9g (0x%08x)\n", blk, b[blk], bits(b[blk]));
    }
    printf("check: %s (every value against the same operations on the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_x));
    CHECK(cudaFree(d_y));
    CHECK(cudaFree(d_t));
    CHECK(cudaFree(d_b));
    return ok ? 0 : 1;
}
