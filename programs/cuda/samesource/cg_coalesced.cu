// cg_coalesced.cu: coalesced groups of divergent branches, in the shapes an H200 was measured
// in (docs/probes/convergence_probe.md: if, if/else, nested ifs, odd lanes, after an early
// return) and of the whole warp. For each, every lane's size, thread_rank, meta_group_rank
// and size, shfl from ranks 0, size-1 and rank+2 (a rank is the lane of the rank-th set bit),
// shfl_up by 1 and 2 and shfl_down by 1 and 3 (past the group's end a lane keeps its value), a
// float through shfl_down, ballot and match_any (bits numbered by rank), any, all, match_all,
// a tiled_partition of the group into 4s, labeled_partition by value % 3, binary_partition by
// value > 0 (size, rank, meta rank), and invoke_one and invoke_one_broadcast.
// Build: nvcc -arch=sm_90 -fmad=false cg_coalesced.cu  |  warpsim cc cg_coalesced.cu
#include <cooperative_groups.h>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        cudaError_t e_ = (call);                                                                                       \
        if (e_ != cudaSuccess) {                                                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));                     \
            return 1;                                                                                                  \
        }                                                                                                              \
    } while (0)

const int T = 64, SHAPES = 8;

struct Out {
    unsigned size, rank, meta_rank, meta_size;
    int first, last, plus2, up1, up2, down1, down3;
    unsigned fdown1, ballot, match_any, any, all, match_all, match_pred;
    unsigned part4, label3, binary; // size | rank << 8 | meta rank << 16 | meta size << 24
    unsigned invoked, bcast;
};

__device__ unsigned pack(const cg::coalesced_group &g)
{
    return g.size() | g.thread_rank() << 8 | g.meta_group_rank() << 16 | g.meta_group_size() << 24;
}

// Records group g in slot s of the calling thread.
__device__ void record(const cg::coalesced_group &g, const int *in, Out *out, int s)
{
    unsigned k = blockIdx.x * blockDim.x + threadIdx.x;
    int v = in[k];
    Out &o = out[k * SHAPES + s];
    unsigned r = g.thread_rank(), n = g.size();
    o.size = n;
    o.rank = r;
    o.meta_rank = g.meta_group_rank();
    o.meta_size = g.meta_group_size();
    o.first = g.shfl(v, 0);
    o.last = g.shfl(v, (int)n - 1);
    o.plus2 = g.shfl(v, (int)((r + 2) % n));
    o.up1 = g.shfl_up(v, 1);
    o.up2 = g.shfl_up(v, 2);
    o.down1 = g.shfl_down(v, 1);
    o.down3 = g.shfl_down(v, 3);
    float f = g.shfl_down((float)v * 0.625f, 1);
    memcpy(&o.fdown1, &f, 4);
    o.ballot = g.ballot(v & 1);
    o.match_any = g.match_any(v % 3);
    o.any = g.any(v > 30);
    o.all = g.all(v > -45);
    int pred = 0;
    o.match_all = g.match_all(v / 100, pred);
    o.match_pred = pred;
    g.sync();
    o.part4 = pack(cg::tiled_partition(g, 4));
    o.label3 = pack(cg::labeled_partition(g, v % 3));
    o.binary = pack(cg::binary_partition(g, v > 0));
    o.invoked = 0;
    cg::invoke_one(g, [&] { o.invoked = 1; });
    o.bcast = cg::invoke_one_broadcast(g, [&] { return k * 10 + (unsigned)s; });
}

__global__ void shapes(const int *in, Out *out)
{
    unsigned lane = threadIdx.x % 32;
    if (lane % 3 == 0)
        record(cg::coalesced_threads(), in, out, 0);
    if (lane < 10)
        record(cg::coalesced_threads(), in, out, 1);
    else
        record(cg::coalesced_threads(), in, out, 2);
    if (lane < 16) {
        if (lane < 8)
            record(cg::coalesced_threads(), in, out, 3);
        else
            record(cg::coalesced_threads(), in, out, 4);
    }
    if (lane & 1)
        record(cg::coalesced_threads(), in, out, 5);
    record(cg::coalesced_threads(), in, out, 6);
}

__global__ void early_return(const int *in, Out *out)
{
    if (threadIdx.x % 32 >= 20)
        return;
    record(cg::coalesced_threads(), in, out, 7);
}

int main()
{
    int h_in[T];
    for (int k = 0; k < T; k++)
        h_in[k] = (k * 29 + 3) % 89 - 44;
    int *d_in;
    Out *d_out;
    static Out o[T * SHAPES];
    CHECK(cudaMalloc(&d_in, sizeof h_in));
    CHECK(cudaMalloc(&d_out, sizeof o));
    CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_out, 0, sizeof o));
    shapes<<<1, T>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    early_return<<<1, T>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(o, d_out, sizeof o, cudaMemcpyDeviceToHost));
    const char *names[SHAPES] = {"lane % 3 == 0", "lane < 10", "else (lane >= 10)", "lane < 8 (in lane < 16)",
                                 "else (8-15)",   "odd lanes", "the whole warp",    "after lanes >= 20 returned"};
    for (int s = 0; s < SHAPES; s++) {
        printf("coalesced group of %s: size rank meta | shfl(0) shfl(size-1) shfl(rank+2) up1 up2 down1 down3 | float "
               "down1 | ballot match_any any all match_all(pred) | tiled_partition(4) labeled(v%%3) binary(v>0) | "
               "invoke_one broadcast\n",
               names[s]);
        for (int k = 0; k < T; k++) {
            const Out &x = o[k * SHAPES + s];
            if (x.size == 0)
                continue;
            printf("%2d (%3d): %u %u %u/%u | %d %d %d %d %d %d %d | %08x | %08x %08x %u %u %08x(%u) | %08x %08x %08x | "
                   "%u %u\n",
                   k, h_in[k], x.size, x.rank, x.meta_rank, x.meta_size, x.first, x.last, x.plus2, x.up1, x.up2,
                   x.down1, x.down3, x.fdown1, x.ballot, x.match_any, x.any, x.all, x.match_all, x.match_pred, x.part4,
                   x.label3, x.binary, x.invoked, x.bcast);
        }
    }
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return 0;
}
