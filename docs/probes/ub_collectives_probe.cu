// Probe: what sm_90 does in undefined corners of vote/match/redux/shfl that
// the documents leave open (semantics.md 2.1, 3.1): all 32 lanes
// converged and active, but some lanes are missing from the mask they pass.
// An illegal instruction poisons the CUDA context, so each case runs in its
// own process: for r in $(seq 0 13); do ./ub $r; done
// Build: nvcc -arch=sm_90 -fmad=false -o ub ub_collectives_probe.cu
#include <cstdio>

__global__ void probe(int row, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    const unsigned low = 0x0000FFFFu;              // lanes 16..31 are not in their own mask
    unsigned tile = lane < 16 ? 0x0000FFFFu : 0xFFFF0000u;
    int pred = 0;
    unsigned v = 0xEEEEEEEEu;
    switch (row) {
    case 0: v = __ballot_sync(low, lane & 1); break;
    case 1: v = __all_sync(low, lane != 20); break;   // does lane 20 (outside) count?
    case 2: v = __any_sync(low, lane == 20); break;
    case 3: v = __uni_sync(low, lane >= 16); break;
    case 4: v = __match_any_sync(low, lane & 1); break;
    case 5: v = __match_all_sync(low, lane < 20 ? 7u : 9u, &pred); break;
    case 6: __match_all_sync(low, lane < 20 ? 7u : 9u, &pred); v = pred; break;
    case 7: v = __reduce_add_sync(low, lane); break;
    case 8: v = __reduce_max_sync(low, lane); break;
    case 9: v = __shfl_sync(low, 100 + lane, 20); break;        // reads lane 20, outside the mask
    case 10: v = __shfl_xor_sync(tile, 100 + lane, 16); break;  // two tile masks, reads across
    case 11: v = __reduce_add_sync(tile, lane); break;
    case 12: v = __ballot_sync(tile, 1); break;
    case 13: v = __shfl_sync(0u, 100 + lane, 5); break;         // mask 0
    case 14: v = __shfl_down_sync(0xffu, 100 + lane, 4); break; // semantics.md 7's case
    case 15: v = __match_any_sync(tile, lane & 1); break;
    }
    out[lane] = v;
}

#include <cstdlib>
int main(int argc, char **argv)
{
    const char *names[] = {"ballot(low, lane&1)", "all(low, lane!=20)", "any(low, lane==20)",
                           "uni(low, lane>=16)", "match_any(low, lane&1)", "match_all(low, lane<20?7:9)",
                           "match_all pred", "reduce_add(low, lane)", "reduce_max(low, lane)",
                           "shfl(low, 100+lane, 20)", "shfl_xor(tile, 100+lane, 16)",
                           "reduce_add(tile, lane)", "ballot(tile, 1)", "shfl(0, 100+lane, 5)",
                           "shfl_down(0xff, 100+lane, 4)", "match_any(tile, lane&1)"};
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
