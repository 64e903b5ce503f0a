// cg_multiwarp.cu: CUDA 13's multi-warp tiles, made from a thread_block given
// block_tile_memory. Tiles of 64 threads in a block of 128 and of 128 in a block of 256 (the
// tile is not the whole block: warpsim's warps wait for each other in a loop, each wait a
// watchdog pause), of 256 in two blocks of 256, of 512 and 1024 in blocks of their size (the
// whole block). Every thread's thread_rank, meta_group_rank and size (as tiled_partition<N>
// returns it and as thread_block_tile<N>), shfl of an int and a float from one rank, any, all,
// sync, cg::reduce (int plus: the hardware reduction in each warp, and across the warps for 512
// and 1024; float plus), inclusive and exclusive scans (float plus, int plus, a float lambda
// that is not commutative), invoke_one_broadcast, and tiles of 32 and 64 threads cut from the
// tile; for blocks of 512 and 1024, lanes 0, 1, 2 and 31 of each warp. Floats are printed as
// their bits, on values of very different magnitudes.
// Build: nvcc -arch=sm_90 -fmad=false cg_multiwarp.cu  |  warpsim cc cg_multiwarp.cu
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
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

const int MAXT = 1024; // the most threads of a launch

struct Out {
    unsigned rank, size, meta_rank, meta_size, void_meta_rank, void_meta_size;
    int shfl_i, any, all, isum, iinc, iexc, bcast;
    float shfl_f, fsum, finc, fexc, linc;
    unsigned w_rank, w_meta_rank, w_meta_size, h_meta_rank, h_meta_size;
};

template <unsigned N, unsigned BT> __global__ void multi(const int *in_i, const float *in_f, Out *out)
{
    __shared__ cg::block_tile_memory<BT> scratch;
    cg::thread_block b = cg::this_thread_block(scratch);
    auto t = cg::tiled_partition<N>(b);
    unsigned k = blockIdx.x * BT + b.thread_rank();
    int vi = in_i[k];
    float vf = in_f[k];
    Out o;
    o.rank = t.thread_rank();
    o.size = t.size();
    o.meta_rank = t.meta_group_rank();
    o.meta_size = t.meta_group_size();
    o.shfl_i = t.shfl(vi, N / 2 + 5);
    o.shfl_f = t.shfl(vf, N - 3);
    o.any = t.any(vi == 17);
    o.all = t.all(vi > -60);
    t.sync();
    o.isum = cg::reduce(t, vi, cg::plus<int>());
    o.fsum = cg::reduce(t, vf, cg::plus<float>());
    o.iinc = cg::inclusive_scan(t, vi);
    o.iexc = cg::exclusive_scan(t, vi);
    o.finc = cg::inclusive_scan(t, vf, cg::plus<float>());
    o.fexc = cg::exclusive_scan(t, vf, cg::plus<float>());
    o.linc = cg::inclusive_scan(t, vf, [](float a, float c) { return a * 0.5f + c; });
    o.bcast = cg::invoke_one_broadcast(t, [&] { return (int)(blockIdx.x * 1000) + vi; });
    auto w = cg::tiled_partition<32>(t);
    o.w_rank = w.thread_rank();
    o.w_meta_rank = w.meta_group_rank();
    o.w_meta_size = w.meta_group_size();
    if constexpr (N > 64) {
        auto h = cg::tiled_partition<64>(t);
        o.h_meta_rank = h.meta_group_rank();
        o.h_meta_size = h.meta_group_size();
    } else {
        o.h_meta_rank = o.h_meta_size = 99;
    }
    cg::thread_block_tile<N> tv = t;
    o.void_meta_rank = tv.meta_group_rank();
    o.void_meta_size = tv.meta_group_size();
    out[k] = o;
}

static unsigned fb(float f)
{
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}

template <unsigned N, unsigned BT, unsigned NB> int run(const int *d_i, const float *d_f, Out *d_out)
{
    multi<N, BT><<<NB, BT>>>(d_i, d_f, d_out);
    CHECK(cudaGetLastError());
    static Out o[MAXT];
    CHECK(cudaMemcpy(o, d_out, NB * BT * sizeof(Out), cudaMemcpyDeviceToHost));
    printf("tile of %u in %u blocks of %u: rank size meta void-meta | shfl(N/2+5) shfl(N-3) any all | int reduce "
           "inclusive exclusive | float reduce inclusive exclusive a*0.5+b | broadcast | tile of 32: rank meta | tile "
           "of 64: meta\n",
           N, NB, BT);
    for (int k = 0; k < (int)(NB * BT); k++) {
        if (BT > 256 && k % 32 > 2 && k % 32 != 31)
            continue;
        const Out &x = o[k];
        printf("%3d: %u %u %u/%u %u/%u | %d %08x %d %d | %d %d %d | %08x %08x %08x %08x | %d | %u %u/%u | %u/%u\n", k,
               x.rank, x.size, x.meta_rank, x.meta_size, x.void_meta_rank, x.void_meta_size, x.shfl_i, fb(x.shfl_f),
               x.any, x.all, x.isum, x.iinc, x.iexc, fb(x.fsum), fb(x.finc), fb(x.fexc), fb(x.linc), x.bcast, x.w_rank,
               x.w_meta_rank, x.w_meta_size, x.h_meta_rank, x.h_meta_size);
    }
    return 0;
}

int main()
{
    static int h_i[MAXT];
    static float h_f[MAXT];
    const float scale[5] = {1.0f / 1024, 1.0f / 32, 1.0f, 32.0f, 1024.0f};
    for (int k = 0; k < MAXT; k++) {
        h_i[k] = (k * 71 + 13) % 113 - 56;
        h_f[k] = (float)((k * 4099) % 997 - 498) * scale[(k * 7) % 5];
    }
    h_i[300] = 17; // any() true in one tile of block 1 only
    int *d_i;
    float *d_f;
    Out *d_out;
    CHECK(cudaMalloc(&d_i, sizeof h_i));
    CHECK(cudaMalloc(&d_f, sizeof h_f));
    CHECK(cudaMalloc(&d_out, MAXT * sizeof(Out)));
    CHECK(cudaMemcpy(d_i, h_i, sizeof h_i, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_f, h_f, sizeof h_f, cudaMemcpyHostToDevice));
    if (run<64, 128, 1>(d_i, d_f, d_out) || run<128, 256, 1>(d_i, d_f, d_out) || run<256, 256, 2>(d_i, d_f, d_out) ||
        run<512, 512, 1>(d_i, d_f, d_out) || run<1024, 1024, 1>(d_i, d_f, d_out))
        return 1;
    CHECK(cudaFree(d_i));
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_out));
    return 0;
}
