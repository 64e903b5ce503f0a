// Edges of nvcc -ftz=true (built with and without it): results that round up to the smallest normal (kept or flushed?),
// float atomicAdd on shared memory, double atomicAdd and double arithmetic on subnormals.
//   nvcc -arch=sm_90 -fmad=false [-ftz=true] docs/probes/ftz_edges_probe.cu -o e && ./e
#include <cstdio>
#include <cstring>

__global__ void k(const float *f, const double *d, unsigned *o, unsigned long long *od)
{
    __shared__ float s[2];
    float x = f[0], y = f[1], one = f[2], tiny = f[3];
    o[0] = __float_as_uint(x * y);                  // exact 2^-126 (1 - 2^-46): rounds to 2^-126
    o[1] = __float_as_uint(fmaf(x, y, 0.0f));       // the same through fma
    o[2] = __float_as_uint(__fmul_rn(x, y));
    o[3] = __float_as_uint(f[4] * f[5]);            // exact 2^-126 (1 - 2^-24): a tie, rounds to 2^-126
    o[4] = __float_as_uint(-tiny);                  // neg of a subnormal
    o[5] = __float_as_uint(tiny * one);
    if (threadIdx.x == 0) {
        s[0] = tiny;
        s[1] = 0.0f;
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        float was = atomicAdd(&s[0], tiny);          // shared memory: flushed?
        atomicAdd(&s[1], tiny);
        o[6] = __float_as_uint(s[0]);
        o[7] = __float_as_uint(was);
        o[8] = __float_as_uint(s[1]);
    }
    double dt = d[0];                                // 2^-1074
    od[0] = (unsigned long long)__double_as_longlong(dt + dt);   // double arithmetic: kept on the GPU
    double *dp = (double *)(o + 16);
    if (threadIdx.x == 0) {
        dp[0] = dt;
        double w = atomicAdd(&dp[0], dt);
        od[1] = (unsigned long long)__double_as_longlong(dp[0]);
        od[2] = (unsigned long long)__double_as_longlong(w);
    }
}

int main()
{
    unsigned hf[6] = {0x3F7FFFFEu, 0x00800001u, 0x3F800000u, 0x00000005u, 0x3F7FFFFFu, 0x00800000u};
    // x = 1 - 2^-23, y = 2^-126 (1 + 2^-23): x * y = 2^-126 (1 - 2^-46)
    unsigned long long hd[1] = {1ull};
    float *f;
    double *d;
    unsigned *o;
    unsigned long long *od;
    cudaMalloc(&f, sizeof hf);
    cudaMalloc(&d, sizeof hd);
    cudaMalloc(&o, 256);
    cudaMalloc(&od, 64);
    cudaMemcpy(f, hf, sizeof hf, cudaMemcpyHostToDevice);
    cudaMemcpy(d, hd, sizeof hd, cudaMemcpyHostToDevice);
    cudaMemset(o, 0, 256);
    k<<<1, 32>>>(f, d, o, od);
    unsigned ho[9];
    unsigned long long hod[3];
    cudaMemcpy(ho, o, sizeof ho, cudaMemcpyDeviceToHost);
    cudaMemcpy(hod, od, sizeof hod, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 9; i++)
        printf("f%d %08x\n", i, ho[i]);
    for (int i = 0; i < 3; i++)
        printf("d%d %016llx\n", i, hod[i]);
    return 0;
}
