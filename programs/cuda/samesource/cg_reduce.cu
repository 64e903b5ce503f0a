// cg_reduce.cu: cg::reduce in every lane. For tiles of 1, 2, 4, 8, 16 and 32 threads:
// cg::plus, less, greater on int, bit_and, bit_or, bit_xor, plus on unsigned (the hardware
// reduction from 16 threads up, shuffles below), a lambda that is not commutative (a - b: each
// lane's own order shows), and float plus, less, greater and a lambda, double plus, on values
// of very different magnitudes so that the order of the additions shows in the bits;
// reduce_store_async. Then coalesced groups: of divergent branches (lane % 3 != 0, lane < 20:
// the scan-based order), of the whole warp (the butterfly), and of labeled_partition and
// binary_partition. Floats are printed as their bits.
// Build: nvcc -arch=sm_90 -fmad=false cg_reduce.cu  |  warpsim cc cg_reduce.cu
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
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
    double d[T];
};

struct TileOut {
    int isum, imin, imax, ilam;
    unsigned uand, uor, uxor, usum;
    float fsum, fmin, fmax, flam;
    double dsum;
    int stored; // reduce_store_async's value, at each tile's rank-0 thread
};

template <unsigned N> __global__ void tile_reduce(const In *in, TileOut *out)
{
    cg::thread_block b = cg::this_thread_block();
    cg::thread_block_tile<N> t = cg::tiled_partition<N>(b);
    unsigned k = b.thread_rank();
    int vi = in->i[k];
    unsigned vu = in->u[k];
    float vf = in->f[k];
    TileOut o;
    o.isum = cg::reduce(t, vi, cg::plus<int>());
    o.imin = cg::reduce(t, vi, cg::less<int>());
    o.imax = cg::reduce(t, vi, cg::greater<int>());
    o.ilam = cg::reduce(t, vi, [](int a, int c) { return a - c; });
    o.uand = cg::reduce(t, vu, cg::bit_and<unsigned>());
    o.uor = cg::reduce(t, vu, cg::bit_or<unsigned>());
    o.uxor = cg::reduce(t, vu, cg::bit_xor<unsigned>());
    o.usum = cg::reduce(t, vu, cg::plus<unsigned>());
    o.fsum = cg::reduce(t, vf, cg::plus<float>());
    o.fmin = cg::reduce(t, vf, cg::less<float>());
    o.fmax = cg::reduce(t, vf, cg::greater<float>());
    o.flam = cg::reduce(t, vf, [](float a, float c) { return a * 0.5f + c; });
    o.dsum = cg::reduce(t, in->d[k], cg::plus<double>());
    o.stored = 0;
    out[k] = o;
    b.sync();
    cg::reduce_store_async(t, &out[k - t.thread_rank()].stored, vi * 3, cg::plus<int>());
}

struct CoalOut {
    unsigned mask_size;
    float fsum, flam;
    int isum, ilam;
};

// Records a coalesced group's reductions in slot s.
__device__ void coalesced_case(const cg::coalesced_group &g, const In *in, CoalOut *o, int s)
{
    unsigned k = threadIdx.x;
    o[s].mask_size = g.size() | g.thread_rank() << 8 | g.meta_group_rank() << 16 | g.meta_group_size() << 24;
    o[s].fsum = cg::reduce(g, in->f[k], cg::plus<float>());
    o[s].flam = cg::reduce(g, in->f[k], [](float a, float c) { return a * 0.5f + c; });
    o[s].isum = cg::reduce(g, in->i[k], cg::plus<int>());
    o[s].ilam = cg::reduce(g, in->i[k], [](int a, int c) { return a - c; });
}

const int SHAPES = 5;

__global__ void coalesced_reduce(const In *in, CoalOut *out)
{
    unsigned k = threadIdx.x, lane = k % 32;
    CoalOut *o = out + k * SHAPES;
    if (lane % 3 != 0)
        coalesced_case(cg::coalesced_threads(), in, o, 0);
    if (lane < 20)
        coalesced_case(cg::coalesced_threads(), in, o, 1);
    coalesced_case(cg::coalesced_threads(), in, o, 2);
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    coalesced_case(cg::labeled_partition(w, in->i[k] & 3), in, o, 3);
    coalesced_case(cg::binary_partition(w, in->f[k] > 0.0f), in, o, 4);
}

static unsigned fb(float f)
{
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}
static unsigned long long db(double d)
{
    unsigned long long u;
    memcpy(&u, &d, 8);
    return u;
}

template <unsigned N> int run_tile(const In *d_in, TileOut *d_out)
{
    CHECK(cudaMemset(d_out, 0xff, T * sizeof(TileOut)));
    tile_reduce<N><<<1, T>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    TileOut o[T];
    CHECK(cudaMemcpy(o, d_out, sizeof o, cudaMemcpyDeviceToHost));
    printf("tile of %u: int plus less greater a-b | unsigned and or xor plus | float plus less greater a*0.5+b | "
           "double plus | stored\n",
           N);
    for (int k = 0; k < T; k++)
        printf("%2d: %d %d %d %d | %08x %08x %08x %08x | %08x %08x %08x %08x | %016llx | %d\n", k, o[k].isum, o[k].imin,
               o[k].imax, o[k].ilam, o[k].uand, o[k].uor, o[k].uxor, o[k].usum, fb(o[k].fsum), fb(o[k].fmin),
               fb(o[k].fmax), fb(o[k].flam), db(o[k].dsum), o[k].stored);
    return 0;
}

int main()
{
    static In h;
    const float scale[7] = {1.0f / 4096, 1.0f / 256, 1.0f / 16, 1.0f, 16.0f, 256.0f, 4096.0f};
    for (int k = 0; k < T; k++) {
        h.i[k] = (k * 53 + 17) % 97 - 48;
        h.u[k] = (unsigned)(k + 1) * 2654435761u;
        h.f[k] = (float)((k * 7919) % 1009 - 504) * scale[k % 7];
        h.d[k] = (double)((k * 7919) % 1009 - 504) * 1e-3 + (double)(k % 5) * 1e12;
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
    coalesced_reduce<<<1, T>>>(d_in, d_c);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(c, d_c, sizeof c, cudaMemcpyDeviceToHost));
    const char *names[SHAPES] = {"lane % 3 != 0", "lane < 20", "the whole warp", "labeled_partition(i & 3)",
                                 "binary_partition(f > 0)"};
    for (int s = 0; s < SHAPES; s++) {
        printf("coalesced group of %s: size rank meta-rank meta-size | float plus a*0.5+b | int plus a-b\n", names[s]);
        for (int k = 0; k < T; k++) {
            const CoalOut &x = c[k * SHAPES + s];
            if (x.mask_size == 0)
                continue;
            printf("%2d: %u %u %u %u | %08x %08x | %d %d\n", k, x.mask_size & 0xff, x.mask_size >> 8 & 0xff,
                   x.mask_size >> 16 & 0xff, x.mask_size >> 24, fb(x.fsum), fb(x.flam), x.isum, x.ilam);
        }
    }
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_c));
    return 0;
}
