// Probe: do vote, reduce and match called from two divergent branches with
// the same full mask form one rendezvous on sm_90, as shuffles do (semantics.md 7)?
// And what happens when one branch shuffles 32 bits and the other 64 bits?
// Each case runs in its own process (a hang or trap must not poison the rest):
//   for r in 0 1 2 3; do timeout 20 ./br $r; done
// Build: nvcc -arch=sm_90 -fmad=false -o br branch_rendezvous_probe.cu
#include <cstdio>
#include <cstdlib>

__global__ void probe(int row, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    const unsigned full = 0xFFFFFFFFu;
    unsigned v = 0xEEEEEEEEu;
    switch (row) {
    case 0:
        if (lane < 16) v = __ballot_sync(full, lane & 1);
        else v = __ballot_sync(full, lane % 3 == 0);
        break;
    case 1:
        if (lane < 16) v = __reduce_add_sync(full, lane);
        else v = __reduce_add_sync(full, 1000 + lane);
        break;
    case 2:
        if (lane < 16) v = __match_any_sync(full, lane & 3);
        else v = __match_any_sync(full, (lane & 3) + 4 * (lane == 31));
        break;
    case 3:
        if (lane < 16) {
            v = __shfl_xor_sync(full, 100 + lane, 16);
        } else {
            double d = __shfl_xor_sync(full, (double)(200 + lane), 16);
            v = (unsigned)d;
        }
        break;
    }
    out[lane] = v;
}

int main(int argc, char **argv)
{
    const char *names[] = {"ballot two branches", "reduce_add two branches", "match_any two branches",
                           "shfl_xor 32-bit vs 64-bit"};
    int row = argc > 1 ? atoi(argv[1]) : 0;
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
