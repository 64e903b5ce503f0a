// cg_tiles.cu: Cooperative Groups' thread block and tiles. The block's and the grid's
// queries in 2-D blocks of 48 threads (a partial warp, partial dynamic tiles) of a 3-D grid;
// then, for tiles of 1, 2, 4, 8, 16 and 32 threads of a 64-thread block, every lane's
// thread_rank, meta_group_rank and size, shfl (per-lane source ranks, a rank past the tile),
// shfl_up and shfl_down by 1 and 3 (the edge lanes keep their own value), shfl_xor, ballot,
// any, all, match_any, match_all, a float, a 64-bit integer and a 10-byte struct through
// shuffles, a tile of the tile, the tile as thread_block_tile<N> and as thread_group, and a
// dynamic partition of that.
// Build: nvcc -arch=sm_90 -fmad=false cg_tiles.cu  |  warpsim cc cg_tiles.cu
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

struct BlockOut {
    unsigned rank, size, num, gi[3], ti[3], dt[3], gd[3];
    unsigned dyn_rank[6], dyn_size[6];                         // tiled_partition(block, 1 << k)
    unsigned st_rank[6], st_meta_rank[6], st_meta_size[6];     // tiled_partition<1 << k>(block)
    unsigned me_rank, me_size, me_meta_rank, me_meta_size;     // this_thread()
    unsigned long long grp_size, grp_rank;                     // the block as thread_group
    unsigned long long g_rank, g_size, g_blocks, g_block_rank; // this_grid()
    unsigned g_bi[3], g_db[3], g_ti[3], g_dt[3];
};

template <unsigned N> __device__ void static_tile(const cg::thread_block &b, BlockOut &o, int k)
{
    cg::thread_block_tile<N, cg::thread_block> t = cg::tiled_partition<N>(b);
    o.st_rank[k] = t.thread_rank();
    o.st_meta_rank[k] = t.meta_group_rank();
    o.st_meta_size[k] = t.meta_group_size();
}

__global__ void block_info(BlockOut *out)
{
    cg::thread_block b = cg::this_thread_block();
    unsigned blk = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
    BlockOut o;
    o.rank = b.thread_rank();
    o.size = b.size();
    o.num = b.num_threads();
    dim3 gi = b.group_index(), ti = b.thread_index(), dt = b.dim_threads(), gd = b.group_dim();
    o.gi[0] = gi.x, o.gi[1] = gi.y, o.gi[2] = gi.z;
    o.ti[0] = ti.x, o.ti[1] = ti.y, o.ti[2] = ti.z;
    o.dt[0] = dt.x, o.dt[1] = dt.y, o.dt[2] = dt.z;
    o.gd[0] = gd.x, o.gd[1] = gd.y, o.gd[2] = gd.z;
    for (int k = 0; k < 6; k++) {
        cg::thread_group d = cg::tiled_partition(b, 1u << k);
        o.dyn_rank[k] = (unsigned)d.thread_rank();
        o.dyn_size[k] = (unsigned)d.size();
    }
    static_tile<1>(b, o, 0);
    static_tile<2>(b, o, 1);
    static_tile<4>(b, o, 2);
    static_tile<8>(b, o, 3);
    static_tile<16>(b, o, 4);
    static_tile<32>(b, o, 5);
    cg::thread_block_tile<1> me = cg::this_thread();
    o.me_rank = me.thread_rank();
    o.me_size = me.size();
    o.me_meta_rank = me.meta_group_rank();
    o.me_meta_size = me.meta_group_size();
    const cg::thread_group &g = b;
    o.grp_size = g.size();
    o.grp_rank = g.thread_rank();
    cg::grid_group grid = cg::this_grid();
    o.g_rank = grid.thread_rank();
    o.g_size = grid.size();
    o.g_blocks = grid.num_blocks();
    o.g_block_rank = grid.block_rank();
    dim3 bi = grid.block_index(), db = grid.dim_blocks(), gt = grid.thread_index(), gdt = grid.dim_threads();
    o.g_bi[0] = bi.x, o.g_bi[1] = bi.y, o.g_bi[2] = bi.z;
    o.g_db[0] = db.x, o.g_db[1] = db.y, o.g_db[2] = db.z;
    o.g_ti[0] = gt.x, o.g_ti[1] = gt.y, o.g_ti[2] = gt.z;
    o.g_dt[0] = gdt.x, o.g_dt[1] = gdt.y, o.g_dt[2] = gdt.z;
    out[blk * b.size() + b.thread_rank()] = o;
}

struct S {
    float x;
    int y;
    short z;
};

struct TileOut {
    unsigned rank, size, meta_rank, meta_size;
    int idx, wrap, up1, up3, down1, down3, xor_a, xor_b;
    unsigned ballot, any, all, match_any, match_all, match_pred, match_all2, match_pred2;
    unsigned fdown2;
    long long ldown1;
    S s;
    unsigned sub_rank, sub_meta_rank, sub_meta_size; // tiled_partition<N / 2>(tile)
    unsigned void_meta_rank, void_meta_size;         // as thread_block_tile<N>
    unsigned grp_rank, grp_size, grp_type;           // as thread_group
    unsigned dyn_rank, dyn_size;                     // tiled_partition(group, N / 2)
};

template <unsigned N> __global__ void tile_ops(const int *in, TileOut *out)
{
    cg::thread_block b = cg::this_thread_block();
    auto t = cg::tiled_partition<N>(b);
    unsigned i = b.thread_rank(), r = t.thread_rank();
    int v = in[i];
    TileOut o;
    o.rank = r;
    o.size = t.size();
    o.meta_rank = t.meta_group_rank();
    o.meta_size = t.meta_group_size();
    o.idx = t.shfl(v, (int)((r * 3 + 1) % N));
    o.wrap = t.shfl(v, (int)(N + 1) & 31); // past the tile's end: the rank modulo N
    o.up1 = t.shfl_up(v, 1);
    o.up3 = t.shfl_up(v, 3);
    o.down1 = t.shfl_down(v, 1);
    o.down3 = t.shfl_down(v, 3);
    o.xor_a = t.shfl_xor(v, N / 2);
    o.xor_b = t.shfl_xor(v, N / 4);
    o.ballot = t.ballot(v & 1);
    o.any = t.any(v > 40);
    o.all = t.all(v > -45);
    o.match_any = t.match_any(v % 3);
    int pred = 0;
    o.match_all = t.match_all(v / 100, pred);
    o.match_pred = pred;
    o.match_all2 = t.match_all(v, pred);
    o.match_pred2 = pred;
    float f = (float)v * 0.375f + 0.1f;
    float fd = t.shfl_down(f, 2);
    memcpy(&o.fdown2, &fd, 4);
    long long l = (long long)v * 1000000007LL * (long long)(i + 1);
    o.ldown1 = t.shfl_down(l, 1);
    S s = {(float)i * 0.5f, v, (short)(v * 7)};
    o.s = t.shfl(s, (int)((r + 1) % N));
    if constexpr (N >= 2) {
        auto sub = cg::tiled_partition<N / 2>(t);
        o.sub_rank = sub.thread_rank();
        o.sub_meta_rank = sub.meta_group_rank();
        o.sub_meta_size = sub.meta_group_size();
    } else {
        o.sub_rank = o.sub_meta_rank = o.sub_meta_size = 99;
    }
    cg::thread_block_tile<N> tv = t;
    o.void_meta_rank = tv.meta_group_rank();
    o.void_meta_size = tv.meta_group_size();
    cg::thread_group g = tv;
    g.sync();
    cg::sync(t);
    o.grp_rank = (unsigned)g.thread_rank();
    o.grp_size = (unsigned)g.size();
    o.grp_type = g.get_type();
    cg::thread_group d = cg::tiled_partition(g, N >= 2 ? N / 2 : 1);
    o.dyn_rank = (unsigned)d.thread_rank();
    o.dyn_size = (unsigned)d.size();
    out[i] = o;
}

const int T = 64;

template <unsigned N> int run_tile(const int *d_in, TileOut *d_out, const int *h_in)
{
    tile_ops<N><<<1, T>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    TileOut o[T];
    CHECK(cudaMemcpy(o, d_out, sizeof o, cudaMemcpyDeviceToHost));
    printf("tile of %u: rank size meta | shfl((3r+1)%%N) shfl((N+1)%%32) up1 up3 down1 down3 xor(N/2) xor(N/4) | "
           "ballot any "
           "all match_any match_all(pred) | float down2 | i64 down1 | struct | sub-tile rank meta | void meta | "
           "thread_group rank size type | dynamic rank size\n",
           N);
    for (int i = 0; i < T; i++) {
        const TileOut &x = o[i];
        unsigned sx;
        memcpy(&sx, &x.s.x, 4);
        printf("%2d (%3d): %u %u %u/%u | %d %d %d %d %d %d %d %d | %08x %u %u %08x %08x(%u) %08x(%u) | %08x | %lld | "
               "%08x %d %d | %u %u/%u | %u/%u | %u %u %u | %u %u\n",
               i, h_in[i], x.rank, x.size, x.meta_rank, x.meta_size, x.idx, x.wrap, x.up1, x.up3, x.down1, x.down3,
               x.xor_a, x.xor_b, x.ballot, x.any, x.all, x.match_any, x.match_all, x.match_pred, x.match_all2,
               x.match_pred2, x.fdown2, x.ldown1, sx, x.s.y, x.s.z, x.sub_rank, x.sub_meta_rank, x.sub_meta_size,
               x.void_meta_rank, x.void_meta_size, x.grp_rank, x.grp_size, x.grp_type, x.dyn_rank, x.dyn_size);
    }
    return 0;
}

int main()
{
    const int blocks = 4, threads = 48;
    BlockOut *d_b, h_b[blocks * threads];
    CHECK(cudaMalloc(&d_b, sizeof h_b));
    block_info<<<dim3(2, 1, 2), dim3(8, 6)>>>(d_b);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_b, d_b, sizeof h_b, cudaMemcpyDeviceToHost));
    printf("thread_block of (8,6) in a grid of (2,1,2): rank size num | group_index thread_index dim_threads "
           "group_dim | tiled_partition(b, 1..32) rank/size | tiled_partition<1..32>(b) rank meta | this_thread | "
           "as thread_group | this_grid(): rank size num_blocks block_rank block_index dim_blocks thread_index "
           "dim_threads\n");
    for (int k = 0; k < blocks * threads; k++) {
        const BlockOut &o = h_b[k];
        printf("%3d: %2u %u %u | %u,%u,%u %u,%u,%u %u,%u,%u %u,%u,%u |", k, o.rank, o.size, o.num, o.gi[0], o.gi[1],
               o.gi[2], o.ti[0], o.ti[1], o.ti[2], o.dt[0], o.dt[1], o.dt[2], o.gd[0], o.gd[1], o.gd[2]);
        for (int j = 0; j < 6; j++)
            printf(" %u/%u", o.dyn_rank[j], o.dyn_size[j]);
        printf(" |");
        for (int j = 0; j < 6; j++)
            printf(" %u:%u/%u", o.st_rank[j], o.st_meta_rank[j], o.st_meta_size[j]);
        printf(" | %u %u %u/%u | %llu %llu | %llu %llu %llu %llu %u,%u,%u %u,%u,%u %u,%u,%u %u,%u,%u\n", o.me_rank,
               o.me_size, o.me_meta_rank, o.me_meta_size, o.grp_rank, o.grp_size, o.g_rank, o.g_size, o.g_blocks,
               o.g_block_rank, o.g_bi[0], o.g_bi[1], o.g_bi[2], o.g_db[0], o.g_db[1], o.g_db[2], o.g_ti[0], o.g_ti[1],
               o.g_ti[2], o.g_dt[0], o.g_dt[1], o.g_dt[2]);
    }

    int h_in[T];
    for (int i = 0; i < T; i++)
        h_in[i] = (i * 37 + 11) % 101 - 50;
    int *d_in;
    TileOut *d_out;
    CHECK(cudaMalloc(&d_in, sizeof h_in));
    CHECK(cudaMalloc(&d_out, T * sizeof(TileOut)));
    CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    if (run_tile<1>(d_in, d_out, h_in) || run_tile<2>(d_in, d_out, h_in) || run_tile<4>(d_in, d_out, h_in) ||
        run_tile<8>(d_in, d_out, h_in) || run_tile<16>(d_in, d_out, h_in) || run_tile<32>(d_in, d_out, h_in))
        return 1;
    CHECK(cudaFree(d_b));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    return 0;
}
