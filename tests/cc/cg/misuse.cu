// misuse.cu: Cooperative Groups used wrongly, one kernel per case (the argument names it). Each
// must be diagnosed at the user's line, never at a line of the header: a line marked
// "expect MODE: CODE" below is where case MODE must report CODE (tests/cc/cg_test.sh).
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cstring>

namespace cg = cooperative_groups;

// A tile's shfl from a rank whose lanes have left (returned): the tile's mask names them.
__global__ void tile_shfl(int *out)
{
    auto t = cg::tiled_partition<16>(cg::this_thread_block());
    int v = (int)t.thread_rank();
    if (t.thread_rank() >= 8)
        return;
    out[threadIdx.x] = t.shfl(v, 12); // expect tile_shfl: EXITED_SOURCE
}

// cg::sync of the block in divergent code: the other threads returned.
__global__ void block_sync(int *out)
{
    cg::thread_block b = cg::this_thread_block();
    if (b.thread_rank() < 16) {
        out[threadIdx.x] = 1;
        cg::sync(b); // expect block_sync: BARRIER_EXITED
    }
}

// cg::sync of a tile whose other half returned.
__global__ void tile_sync(int *out)
{
    cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
    if (t.thread_rank() >= 16)
        return;
    out[threadIdx.x] = 1;
    cg::sync(t); // expect tile_sync: MASK_NAMES_EXITED
}

// cg::reduce of a tile of which some lanes returned (the hardware reduction's mask names them).
__global__ void tile_reduce(int *out)
{
    auto t = cg::tiled_partition<32>(cg::this_thread_block());
    if (t.thread_rank() % 4 == 3)
        return;
    out[threadIdx.x] = cg::reduce(t, (int)t.thread_rank(), cg::plus<int>()); // expect tile_reduce: MASK_NAMES_EXITED
}

// A coalesced group's shfl from a rank past its end: the lane argument is out of range.
__global__ void coalesced_rank(int *out)
{
    if (threadIdx.x % 2 == 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        out[threadIdx.x] = g.shfl((int)threadIdx.x, (int)g.size()); // expect coalesced_rank: LANE_ARG_RANGE
    }
}

// A tile of 64 threads that is the whole block: one warp returned before the tile's sync.
__global__ void multi_sync(int *out)
{
    auto t = cg::tiled_partition<64>(cg::this_thread_block());
    if (t.thread_rank() >= 32)
        return;
    out[threadIdx.x] = 1;
    t.sync(); // expect multi_sync: BARRIER_EXITED
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int *o;
    cudaMalloc(&o, 64 * sizeof(int));
    const char *m = argv[1];
    if (!strcmp(m, "tile_shfl"))
        tile_shfl<<<1, 32>>>(o);
    else if (!strcmp(m, "block_sync"))
        block_sync<<<1, 64>>>(o);
    else if (!strcmp(m, "tile_sync"))
        tile_sync<<<1, 32>>>(o);
    else if (!strcmp(m, "tile_reduce"))
        tile_reduce<<<1, 32>>>(o);
    else if (!strcmp(m, "coalesced_rank"))
        coalesced_rank<<<1, 32>>>(o);
    else if (!strcmp(m, "multi_sync"))
        multi_sync<<<1, 64>>>(o);
    else
        return 2;
    cudaError_t e = cudaDeviceSynchronize();
    printf("%s: %s\n", m, cudaGetErrorString(e));
    cudaFree(o);
    return 0;
}
