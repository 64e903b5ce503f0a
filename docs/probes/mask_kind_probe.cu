// Probe: (a) one converged call whose lanes pass different, overlapping
// masks; (b) two branches calling vote kinds that compile to the same SASS
// opcode (__ballot_sync and __any_sync are both VOTE.ANY); (c) the f64 fma
// NaN operand order. Each case in its own process, a hang ends in timeout:
//   for r in 0 1 2 3 4 5 6; do timeout 10 ./mk $r || echo "case $r: exit $?"; done
// Build: nvcc -arch=sm_90 -fmad=false -o mk mask_kind_probe.cu
#include <cstdio>
#include <cstdlib>

__global__ void probe(int row, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned v = 0xEEEEEEEEu;
    switch (row) {
    case 0: v = __shfl_xor_sync(lane < 16 ? 0x0000FFFFu : 0xFFFFFFFFu, 100 + lane, 16); break;
    case 1: v = __shfl_xor_sync(lane < 16 ? 0xFFFFFFFFu : 0xFFFF0000u, 100 + lane, 16); break;
    case 2: v = __reduce_add_sync(lane < 16 ? 0x0000FFFFu : 0xFFFFFFFFu, lane); break;
    case 3:
        if (lane < 16) v = __ballot_sync(0xFFFFFFFFu, lane & 1);
        else v = __any_sync(0xFFFFFFFFu, lane == 31);
        break;
    case 4:
        if (lane < 16) v = __all_sync(0xFFFFFFFFu, 1);
        else v = __any_sync(0xFFFFFFFFu, lane == 31);
        break;
    }
    out[lane] = v;
}

__global__ void fma_rows(const unsigned long long *in, int n, unsigned long long *out)
{
    int i = threadIdx.x;
    if (i < n)
        out[i] = __double_as_longlong(__fma_rn(__longlong_as_double(in[3 * i]), __longlong_as_double(in[3 * i + 1]),
                                               __longlong_as_double(in[3 * i + 2])));
}

int main(int argc, char **argv)
{
    const char *names[] = {"shfl_xor masks 0xFFFF|full", "shfl_xor masks full|0xFFFF0000",
                           "reduce_add masks 0xFFFF|full", "ballot vs any branches", "all vs any branches"};
    int row = argc > 1 ? atoi(argv[1]) : 0;
    if (row == 5) { // f64 fma NaN order
        const unsigned long long ONE = 0x3FF0000000000000ull, QA = 0x7FF8000000000001ull,
                                 SB = 0x7FF0000000000002ull, QC = 0x7FF8000000000003ull,
                                 SD = 0x7FF0000000000004ull;
        unsigned long long h[][3] = {{ONE, SB, QA}, {ONE, QA, QC}, {ONE, QC, QA}, {QA, ONE, SB},
                                     {SB, QA, ONE}, {ONE, SB, SD}, {QA, QC, SB}, {SB, SD, QA}};
        int n = sizeof h / sizeof h[0];
        unsigned long long *din, *dout, r[16];
        cudaMalloc(&din, sizeof h);
        cudaMalloc(&dout, n * 8);
        cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
        fma_rows<<<1, 32>>>(din, n, dout);
        cudaMemcpy(r, dout, n * 8, cudaMemcpyDeviceToHost);
        for (int i = 0; i < n; i++)
            printf("fma a=%016llx b=%016llx c=%016llx -> %016llx\n", h[i][0], h[i][1], h[i][2], r[i]);
        return 0;
    }
    unsigned *d, h[32];
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0xCD, sizeof h);
    probe<<<1, 32>>>(row, d);
    cudaError_t e = cudaDeviceSynchronize();
    printf("%-30s", names[row]);
    if (e != cudaSuccess) {
        printf(" ERROR: %s\n", cudaGetErrorString(e));
        return 1;
    }
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int l = 0; l < 32; l++)
        printf(" %x", h[l]);
    printf("\n");
    return 0;
}
