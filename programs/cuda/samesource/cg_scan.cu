// cg_scan.cu: cg::inclusive_scan and cg::exclusive_scan in every lane. For tiles of 1, 2, 4,
// 8, 16 and 32 threads: int with the default operator (the exclusive scan subtracts), int with
// cg::greater, unsigned, float plus, a float lambda that is not commutative (a * 0.5 + b: the
// running value first, the earlier one second), and a struct (a count and a sum) with a user
// functor. Then coalesced groups of divergent branches (lane % 3 != 0, lane < 20) and of the
// whole warp. Values of very different magnitudes, so that the order of the additions shows in
// the bits; floats are printed as their bits.
// Build: nvcc -arch=sm_90 -fmad=false cg_scan.cu  |  warpsim cc cg_scan.cu
#include <cooperative_groups.h>
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

const int T = 64;

struct In {
    int i[T];
    unsigned u[T];
    float f[T];
};

struct Acc {
    int n;
    float s;
};
struct AccAdd {
    __device__ Acc operator()(const Acc &a, const Acc &b) const { return Acc{a.n + b.n, a.s + b.s}; }
};

struct TileOut {
    int iinc, iexc, ginc, gexc;
    unsigned uinc, uexc;
    float finc, fexc, linc, lexc;
    Acc ainc, aexc;
};

template <unsigned N> __global__ void tile_scan(const In *in, TileOut *out)
{
    cg::thread_block b = cg::this_thread_block();
    auto t = cg::tiled_partition<N>(b);
    unsigned k = b.thread_rank();
    int vi = in->i[k];
    float vf = in->f[k];
    auto half_plus = [](float a, float c) { return a * 0.5f + c; };
    TileOut o;
    o.iinc = cg::inclusive_scan(t, vi);
    o.iexc = cg::exclusive_scan(t, vi);
    o.ginc = cg::inclusive_scan(t, vi, cg::greater<int>());
    o.gexc = cg::exclusive_scan(t, vi, cg::greater<int>());
    o.uinc = cg::inclusive_scan(t, in->u[k], cg::plus<unsigned>());
    o.uexc = cg::exclusive_scan(t, in->u[k], cg::plus<unsigned>());
    o.finc = cg::inclusive_scan(t, vf, cg::plus<float>());
    o.fexc = cg::exclusive_scan(t, vf, cg::plus<float>());
    o.linc = cg::inclusive_scan(t, vf, half_plus);
    o.lexc = cg::exclusive_scan(t, vf, half_plus);
    Acc a = {vi & 7, vf};
    o.ainc = cg::inclusive_scan(t, a, AccAdd());
    o.aexc = cg::exclusive_scan(t, a, AccAdd());
    out[k] = o;
}

struct CoalOut {
    unsigned size_rank;
    int iinc, iexc;
    float finc, fexc, linc, lexc;
};

__device__ void coalesced_case(const cg::coalesced_group &g, const In *in, CoalOut *o, int s)
{
    unsigned k = threadIdx.x;
    auto half_plus = [](float a, float c) { return a * 0.5f + c; };
    o[s].size_rank = g.size() | g.thread_rank() << 8;
    o[s].iinc = cg::inclusive_scan(g, in->i[k]);
    o[s].iexc = cg::exclusive_scan(g, in->i[k]);
    o[s].finc = cg::inclusive_scan(g, in->f[k], cg::plus<float>());
    o[s].fexc = cg::exclusive_scan(g, in->f[k], cg::plus<float>());
    o[s].linc = cg::inclusive_scan(g, in->f[k], half_plus);
    o[s].lexc = cg::exclusive_scan(g, in->f[k], half_plus);
}

const int SHAPES = 3;

__global__ void coalesced_scan(const In *in, CoalOut *out)
{
    unsigned k = threadIdx.x, lane = k % 32;
    CoalOut *o = out + k * SHAPES;
    if (lane % 3 != 0)
        coalesced_case(cg::coalesced_threads(), in, o, 0);
    if (lane < 20)
        coalesced_case(cg::coalesced_threads(), in, o, 1);
    coalesced_case(cg::coalesced_threads(), in, o, 2);
}

static unsigned fb(float f)
{
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}

template <unsigned N> int run_tile(const In *d_in, TileOut *d_out)
{
    tile_scan<N><<<1, T>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    TileOut o[T];
    CHECK(cudaMemcpy(o, d_out, sizeof o, cudaMemcpyDeviceToHost));
    printf("tile of %u: int inclusive exclusive | greater inclusive exclusive | unsigned inclusive exclusive | float "
           "plus inclusive exclusive | a*0.5+b inclusive exclusive | struct inclusive exclusive\n",
           N);
    for (int k = 0; k < T; k++) {
        const TileOut &x = o[k];
        printf("%2d: %d %d | %d %d | %08x %08x | %08x %08x | %08x %08x | %d,%08x %d,%08x\n", k, x.iinc, x.iexc, x.ginc,
               x.gexc, x.uinc, x.uexc, fb(x.finc), fb(x.fexc), fb(x.linc), fb(x.lexc), x.ainc.n, fb(x.ainc.s), x.aexc.n,
               fb(x.aexc.s));
    }
    return 0;
}

int main()
{
    static In h;
    const float scale[7] = {1.0f / 4096, 1.0f / 256, 1.0f / 16, 1.0f, 16.0f, 256.0f, 4096.0f};
    for (int k = 0; k < T; k++) {
        h.i[k] = (k * 29 + 7) % 83 - 41;
        h.u[k] = (unsigned)(k + 3) * 2246822519u;
        h.f[k] = (float)((k * 6007) % 1013 - 506) * scale[(k * 3) % 7];
    }
    In *d_in;
    TileOut *d_out;
    CHECK(cudaMalloc(&d_in, sizeof h));
    CHECK(cudaMalloc(&d_out, T * sizeof(TileOut)));
    CHECK(cudaMemcpy(d_in, &h, sizeof h, cudaMemcpyHostToDevice));
    if (run_tile<1>(d_in, d_out) || run_tile<2>(d_in, d_out) || run_tile<4>(d_in, d_out) || run_tile<8>(d_in, d_out) ||
        run_tile<16>(d_in, d_out) || run_tile<32>(d_in, d_out))
        return 1;

    CoalOut *d_c, c[T * SHAPES];
    CHECK(cudaMalloc(&d_c, sizeof c));
    CHECK(cudaMemset(d_c, 0, sizeof c));
    coalesced_scan<<<1, T>>>(d_in, d_c);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(c, d_c, sizeof c, cudaMemcpyDeviceToHost));
    const char *names[SHAPES] = {"lane % 3 != 0", "lane < 20", "the whole warp"};
    for (int s = 0; s < SHAPES; s++) {
        printf("coalesced group of %s: size rank | int inclusive exclusive | float plus inclusive exclusive | "
               "a*0.5+b inclusive exclusive\n",
               names[s]);
        for (int k = 0; k < T; k++) {
            const CoalOut &x = c[k * SHAPES + s];
            if (x.size_rank == 0)
                continue;
            printf("%2d: %u %u | %d %d | %08x %08x | %08x %08x\n", k, x.size_rank & 0xff, x.size_rank >> 8, x.iinc,
                   x.iexc, fb(x.finc), fb(x.fexc), fb(x.linc), fb(x.lexc));
        }
    }
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_c));
    return 0;
}
