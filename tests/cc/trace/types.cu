// WARPSIM_TRACE of float, double and 64-bit shuffles: typed values and bits (trace_test.sh).
#include <cstdio>
__global__ void k(float *out, double *o2)
{
    float f = threadIdx.x * 0.5f;
    f += __shfl_down_sync(0xffffffff, f, 1);
    double d = threadIdx.x * 0.25;
    d += __shfl_xor_sync(0xffffffff, d, 3);
    unsigned long long u = 1ull << 40 | threadIdx.x;
    u = __shfl_sync(0xffffffff, u, 5);
    out[threadIdx.x] = f; o2[threadIdx.x] = d + (double)u;
}
int main() { float *a; double *b; cudaMalloc(&a, 128); cudaMalloc(&b, 256); k<<<1, 32>>>(a, b); float h; cudaMemcpy(&h, a, 4, cudaMemcpyDeviceToHost); printf("%g\n", h); }
