// Casts of floats and doubles that the integer type cannot hold: the H200
// saturates (NaN: 0 from a float to int, the sign bit alone otherwise).
// warpsim computes the signed ones as the GPU does and reports each site
// (FLOAT_CAST); the unsigned one is reported, not printed (this run keeps the
// CPU's value there).
#include <cstdio>
__global__ void to_int(const float *in, int *o) { o[threadIdx.x] = (int)in[threadIdx.x]; }
__global__ void to_long(const double *in, long long *o) { o[threadIdx.x] = (long long)in[threadIdx.x]; }
__global__ void to_short(const float *in, short *o) { o[threadIdx.x] = (short)in[threadIdx.x]; }
__global__ void to_unsigned(const float *in, unsigned *o) { o[threadIdx.x] = (unsigned)in[threadIdx.x]; }
int main()
{
    const int n = 8;
    float hf[n] = {1e10f, -1e10f, __builtin_nanf(""), __builtin_inff(), -__builtin_inff(), 5.75f, 3e9f, -3e9f};
    double hd[n] = {1e300, -1e300, __builtin_nan(""), 9.3e18, -9.3e18, -7.5, 4e9, 2147483648.0};
    float *df;
    double *dd;
    int *oi, ri[n];
    long long *ol, rl[n];
    short *os, rs[n];
    unsigned *ou;
    cudaMalloc(&df, sizeof hf);
    cudaMalloc(&dd, sizeof hd);
    cudaMalloc(&oi, sizeof ri);
    cudaMalloc(&ol, sizeof rl);
    cudaMalloc(&os, sizeof rs);
    cudaMalloc(&ou, n * sizeof(unsigned));
    cudaMemcpy(df, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(dd, hd, sizeof hd, cudaMemcpyHostToDevice);
    to_int<<<1, n>>>(df, oi);
    to_long<<<1, n>>>(dd, ol);
    to_short<<<1, n>>>(df, os);
    to_unsigned<<<1, n>>>(df, ou);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(ri, oi, sizeof ri, cudaMemcpyDeviceToHost);
    cudaMemcpy(rl, ol, sizeof rl, cudaMemcpyDeviceToHost);
    cudaMemcpy(rs, os, sizeof rs, cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; i++)
        printf("%g: int %d, short %d; %g: long long %lld\n", (double)hf[i], ri[i], rs[i], hd[i], rl[i]);
    printf("%s\n", cudaGetErrorName(e));
    return 0;
}
