// printf_lanes.cu: device printf, one warp at a time (the GPU orders a
// warp's lines by lane within one printf call; lines of different warps or
// blocks come in no promised order, so each launch here is one warp).
// The phases of the second kernel are separated by __syncwarp(), which
// orders them on the GPU. Many conversions: %d %i %u %x %X %o %lld %llx %c
// %s %f %e %E %g %G with widths, precisions and flags.
// Build: nvcc -arch=sm_90 -fmad=false printf_lanes.cu  |  warpsim cc printf_lanes.cu
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

__global__ void formats(const float *f)
{
    int lane = threadIdx.x;
    int v = lane * 37 - 500;
    long long big = (long long)v * 123456789123LL;
    float x = f[lane];
    double d = (double)x * 1e-5;
    printf("lane %2d: %d %i %5u %x %08X %o | %lld %llx | %c %s | %f %.3e %E %g %10.4G %+.2f %-8.1f|\n", lane, v,
           -v, (unsigned)lane * 1000u, (unsigned)v, (unsigned)v, lane, big, (unsigned long long)big, 'A' + lane % 26,
           lane % 2 ? "odd" : "even", x, x, d, d, x, x, x);
}

__global__ void phases(const int *in)
{
    int lane = threadIdx.x;
    int v = in[lane];
    printf("phase 1: lane %2d has %d\n", lane, v);
    __syncwarp();
    int sum = v;
    for (int o = 16; o > 0; o /= 2)
        sum += __shfl_xor_sync(0xffffffffu, sum, o);
    if (lane % 4 == 0)
        printf("phase 2: lane %2d sees the sum %d\n", lane, sum);
    __syncwarp();
    int right = __shfl_down_sync(0xffffffffu, v, 1);
    printf("phase 3: lane %2d, its right neighbour %d, %s\n", lane, right, v < right ? "rising" : "falling");
}

__global__ void partial_warp()
{
    printf("a warp of %d threads: thread %d of block %d\n", blockDim.x, threadIdx.x, blockIdx.x);
}

int main()
{
    float h_f[32];
    int h_i[32];
    for (int i = 0; i < 32; i++) {
        h_f[i] = (float)(i * 53 % 41 - 20) * 3.14159f / (float)(i + 1);
        h_i[i] = (i * 11 + 5) % 23;
    }
    float *d_f;
    int *d_i;
    CHECK(cudaMalloc(&d_f, sizeof h_f));
    CHECK(cudaMalloc(&d_i, sizeof h_i));
    CHECK(cudaMemcpy(d_f, h_f, sizeof h_f, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_i, h_i, sizeof h_i, cudaMemcpyHostToDevice));
    // Host output and device output interleave only at synchronisations.
    printf("formats:\n");
    fflush(stdout);
    formats<<<1, 32>>>(d_f);
    CHECK(cudaDeviceSynchronize());
    printf("phases:\n");
    fflush(stdout);
    phases<<<1, 32>>>(d_i);
    CHECK(cudaDeviceSynchronize());
    printf("a partial warp:\n");
    fflush(stdout);
    partial_warp<<<1, 7>>>();
    CHECK(cudaDeviceSynchronize());
    printf("done\n");
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_i));
    return 0;
}
