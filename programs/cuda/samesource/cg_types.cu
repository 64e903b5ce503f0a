// cg_types.cu: Cooperative Groups on other types and less common forms, every lane of a
// 64-thread block. cg::reduce with bit_and, bit_or, bit_xor on int (the hardware reduction as
// int in tiles of 16, shuffles in tiles of 8), less and greater on unsigned, plus on signed char
// and short (the sum wraps), plus on long long (64-bit shuffles), less and greater on double, a
// const cg::plus (CUDA takes the shuffles for it); shfl of a float4, an inclusive scan of int2
// with a lambda; match_any on floats and on long long; labeled_partition by a pointer and by a
// bool; tiles of tiles of thread_block_tile<16>; tiled_partition of a coalesced group of the odd
// lanes into 8s, with a float scan and reduce in those; invoke_one on the block; a reduce over
// this_thread().
// Build: nvcc -arch=sm_90 -fmad=false cg_types.cu  |  warpsim cc cg_types.cu
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

const int T = 64;

struct Out {
    int and16, or16, xor16, and8, or8, xor8, csum;
    unsigned umin, umax;
    int c8, s16;
    long long lsum;
    double dmin, dmax;
    float4 f4;
    int2 scan2;
    unsigned fmatch, lmatch;
    unsigned ptr_part, bool_part;           // size | rank << 8 | meta rank << 16 | meta size << 24
    unsigned sub_rank, sub_meta, sub2_meta; // tiled_partition<4>(tile16), tiled_partition<2> of that
    unsigned odd_part;
    float odd_scan, odd_sum;
    int block_once, self_sum;
};

__device__ unsigned pack(const cg::coalesced_group &g)
{
    return g.size() | g.thread_rank() << 8 | g.meta_group_rank() << 16 | g.meta_group_size() << 24;
}

__global__ void types(const int *in, Out *out, int *once)
{
    __shared__ int labels[4];
    cg::thread_block b = cg::this_thread_block();
    cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(b);
    cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(b);
    cg::thread_block_tile<32> t32 = cg::tiled_partition<32>(b);
    unsigned k = b.thread_rank();
    int v = in[k];
    Out o;
    o.and16 = cg::reduce(t16, v | 0x100, cg::bit_and<int>());
    o.or16 = cg::reduce(t16, v, cg::bit_or<int>());
    o.xor16 = cg::reduce(t16, v * 7919, cg::bit_xor<int>());
    o.and8 = cg::reduce(t8, v | 0x100, cg::bit_and<int>());
    o.or8 = cg::reduce(t8, v, cg::bit_or<int>());
    o.xor8 = cg::reduce(t8, v * 7919, cg::bit_xor<int>());
    const cg::plus<int> cplus;
    o.csum = cg::reduce(t32, v, cplus);
    o.umin = cg::reduce(t32, (unsigned)v * 2654435761u, cg::less<unsigned>());
    o.umax = cg::reduce(t16, (unsigned)v * 2654435761u, cg::greater<unsigned>());
    o.c8 = cg::reduce(t16, (signed char)(v + 60), cg::plus<signed char>());
    o.s16 = cg::reduce(t32, (short)(v * 900), cg::plus<short>());
    o.lsum = cg::reduce(t32, (long long)v * 3000000019LL, cg::plus<long long>());
    double d = (double)v / 7.0;
    o.dmin = cg::reduce(t8, d, cg::less<double>());
    o.dmax = cg::reduce(t32, d, cg::greater<double>());
    float4 f4 = make_float4((float)v, (float)k * 0.25f, -(float)v, 1.0f / (float)(k + 1));
    o.f4 = t16.shfl(f4, (int)(t16.thread_rank() + 5) % 16);
    o.scan2 = cg::inclusive_scan(t8, make_int2(v, (int)k),
                                 [](int2 a, int2 c) { return make_int2(a.x + c.x, a.y * 2 - c.y); });
    o.fmatch = t32.match_any((float)(v % 4) * 0.5f);
    o.lmatch = t32.match_any((long long)(v % 3) << 40);
    if (k < 4)
        labels[k] = (int)k;
    b.sync();
    o.ptr_part = pack(cg::labeled_partition(t32, &labels[(v & 0xff) % 4]));
    o.bool_part = pack(cg::labeled_partition(t32, v > 0));
    auto s4 = cg::tiled_partition<4>(t16);
    auto s2 = cg::tiled_partition<2>(s4);
    o.sub_rank = s4.thread_rank();
    o.sub_meta = s4.meta_group_rank() | s4.meta_group_size() << 8;
    o.sub2_meta = s2.meta_group_rank() | s2.meta_group_size() << 8;
    o.odd_part = 0;
    o.odd_scan = o.odd_sum = 0.0f;
    if (k & 1) {
        cg::coalesced_group odd = cg::coalesced_threads();
        cg::coalesced_group part = cg::tiled_partition(odd, 8);
        o.odd_part = pack(part);
        float f = (float)v * 1024.0f + 1.0f / (float)(k + 3);
        o.odd_scan = cg::inclusive_scan(part, f, cg::plus<float>());
        o.odd_sum = cg::reduce(part, f, cg::plus<float>());
    }
    cg::invoke_one(b, [&] { atomicAdd(once, 1); });
    b.sync();
    o.block_once = *once;
    o.self_sum = cg::reduce(cg::this_thread(), v, cg::plus<int>());
    out[k] = o;
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

int main()
{
    int h_in[T];
    for (int k = 0; k < T; k++)
        h_in[k] = (k * 43 + 5) % 79 - 39;
    int *d_in, *d_once;
    Out *d_out;
    static Out o[T];
    CHECK(cudaMalloc(&d_in, sizeof h_in));
    CHECK(cudaMalloc(&d_out, sizeof o));
    CHECK(cudaMalloc(&d_once, sizeof(int)));
    CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_once, 0, sizeof(int)));
    types<<<1, T>>>(d_in, d_out, d_once);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(o, d_out, sizeof o, cudaMemcpyDeviceToHost));
    printf("thread (v): int and or xor, tile 16 | tile 8 | const plus | unsigned less greater | signed char, short "
           "plus | long long plus | double less greater | float4 shfl | int2 scan | match_any float, long long | "
           "labeled by pointer, bool | tiles of tiles | odd lanes in 8s: part scan reduce | invoke_one count, "
           "this_thread\n");
    for (int k = 0; k < T; k++) {
        const Out &x = o[k];
        printf("%2d (%3d): %08x %08x %08x | %08x %08x %08x | %d | %08x %08x | %d %d | %lld | %016llx %016llx | %08x "
               "%08x %08x %08x | %d,%d | %08x %08x | %08x %08x | %u %04x %04x | %08x %08x %08x | %d %d\n",
               k, h_in[k], x.and16, x.or16, x.xor16, x.and8, x.or8, x.xor8, x.csum, x.umin, x.umax, x.c8, x.s16, x.lsum,
               db(x.dmin), db(x.dmax), fb(x.f4.x), fb(x.f4.y), fb(x.f4.z), fb(x.f4.w), x.scan2.x, x.scan2.y, x.fmatch,
               x.lmatch, x.ptr_part, x.bool_part, x.sub_rank, x.sub_meta, x.sub2_meta, x.odd_part, fb(x.odd_scan),
               fb(x.odd_sum), x.block_once, x.self_sum);
    }
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_once));
    return 0;
}
