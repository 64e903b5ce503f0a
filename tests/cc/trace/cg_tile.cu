// WARPSIM_TRACE of Cooperative Groups collectives: each step at the user's line (trace_test.sh).
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__global__ void k(int *out)
{
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    int v = tile.thread_rank();
    v += tile.shfl_down(v, 1);
    int s = cg::reduce(tile, v, cg::plus<int>());
    tile.sync();
    out[threadIdx.x] = s;
}
int main() { int *d, h; cudaMalloc(&d, 128); k<<<1, 32>>>(d); cudaMemcpy(&h, d, 4, cudaMemcpyDeviceToHost); printf("%d\n", h); }
