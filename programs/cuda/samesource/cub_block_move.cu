// cub_block_move.cu: CUB's data movement and neighbour algorithms, every thread's every result:
// cub::BlockLoad and cub::BlockStore with each of their six algorithms (full tiles, valid_items,
// oob_default, an offset source, the caller's items after a transposing store), the free
// LoadDirect*/StoreDirect* functions (pointers and user iterators), cub::BlockExchange (every
// exchange, with and without warp time slicing, in place and to another type, the guarded and
// flagged scatters reading what the storage held, and the storage itself read back through a
// union, padding cells included), cub::WarpLoad / WarpStore / WarpExchange (logical warps of 32
// and 16, SMEM and SHUFFLE, the ranks a padded scatter hands back), cub::BlockDiscontinuity
// (heads, tails, both, with and without tile neighbours, a flag op that takes the index),
// cub::BlockAdjacentDifference (left and right, partial tiles including valid_items = 0,
// in place) and cub::BlockHistogram (SORT and ATOMIC: Histogram, Composite, InitHistogram, and
// the items SORT leaves sorted). int and float; blocks of 128, 96, 32 x 2 (2-D) and 32 threads;
// 1, 3, 4 and 8 items per thread. Inputs come from an integer hash; floats print as hex bits.
// A __syncthreads() separates the calls that share storage, as CUB asks.
// Build: nvcc -arch=sm_90 -fmad=false cub_block_move.cu  |  warpsim cc cub_block_move.cu
#include <cstdio>
#include <cstring>
#include <cub/block/block_adjacent_difference.cuh>
#include <cub/block/block_discontinuity.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_histogram.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_exchange.cuh>
#include <cub/warp/warp_load.cuh>
#include <cub/warp/warp_store.cuh>
#include <cuda_runtime.h>
#include <type_traits>

#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        cudaError_t e_ = (call);                                                                                       \
        if (e_ != cudaSuccess) {                                                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));                     \
            return 1;                                                                                                  \
        }                                                                                                              \
    } while (0)

const int NIN = 2048;  // input items
const int NBUF = 1024; // a store's buffer

static unsigned hash32(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

static void show(int v) { printf(" %d", v); }
static void show(float v)
{
    unsigned u;
    memcpy(&u, &v, 4);
    printf(" %08x", u);
}

// A marker that a store or load leaves where it writes nothing.
template <typename T> __host__ __device__ T marker(int k) { return (T)(-1000 - k); }

// A read-only iterator: item k is src[(k * 7) % 1024] (CUB indexes it with it[k]).
template <typename T> struct SkipIt {
    const T *src;
    __host__ __device__ T operator[](int k) const { return src[(k * 7) % 1024]; }
};
// An output iterator that writes backwards from the end of a 1024-item buffer.
template <typename T> struct RevIt {
    T *base;
    int pos;
    __host__ __device__ RevIt operator+(int d) const { return RevIt{base, pos + d}; }
    __host__ __device__ T &operator[](int k) const { return base[1023 - (pos + k)]; }
};

// ---------------------------------------------------------------- BlockLoad / BlockStore
// Per thread: Load full, Load(in + 3, valid) over markers, Load(valid, oob -7), the items after
// Store (full), after Store(valid), then the stored buffers' blocked rows (full, partial).
template <typename T, int BX, int BY, int IPT, int A>
__global__ void k_loadstore(const T *in, T *out, T *sfull, T *spart, int valid)
{
    using BL = cub::BlockLoad<T, BX, IPT, (cub::BlockLoadAlgorithm)A, BY>;
    using BS = cub::BlockStore<T, BX, IPT, (cub::BlockStoreAlgorithm)A, BY>;
    __shared__ typename BL::TempStorage lt;
    __shared__ typename BS::TempStorage st;
    const int t = threadIdx.y * BX + threadIdx.x;
    T a[IPT], b[IPT], c[IPT];
    T *o = out + t * 7 * IPT;
    for (int i = 0; i < IPT; i++)
        b[i] = marker<T>(t * IPT + i);
    BL(lt).Load(in, a);
    __syncthreads();
    BL(lt).Load(in + 3, b, valid);
    __syncthreads();
    BL(lt).Load(in, c, valid, -7);
    __syncthreads();
    for (int i = 0; i < IPT; i++) {
        o[i] = a[i];
        o[IPT + i] = b[i];
        o[2 * IPT + i] = c[i];
    }
    BS(st).Store(sfull, a);
    __syncthreads();
    BS(st).Store(spart + 1, c, valid - 2);
    __syncthreads();
    for (int i = 0; i < IPT; i++) {
        o[3 * IPT + i] = a[i];
        o[4 * IPT + i] = c[i];
        o[5 * IPT + i] = sfull[t * IPT + i];
        o[6 * IPT + i] = spart[t * IPT + i];
    }
}

// The free functions and iterators: per thread 14 rows of IPT items.
template <typename T, int BX, int BY, int IPT>
__global__ void k_direct(const T *in, T *out, T *bufs, int valid)
{
    constexpr int NT = BX * BY;
    const int t = threadIdx.y * BX + threadIdx.x;
    T r[IPT];
    T *o = out + t * 14 * IPT;
    auto put = [&](int row) {
        for (int i = 0; i < IPT; i++)
            o[row * IPT + i] = r[i];
    };
    auto fill = [&]() {
        for (int i = 0; i < IPT; i++)
            r[i] = marker<T>(t * IPT + i);
    };
    cub::LoadDirectBlocked(t, in, r), put(0);
    fill(), cub::LoadDirectBlocked(t, in + 1, r, valid), put(1);
    cub::LoadDirectBlocked(t, in + 2, r, valid, 5), put(2);
    cub::LoadDirectStriped<NT>(t, in, r), put(3);
    fill(), cub::LoadDirectStriped<NT>(t, in + 1, r, valid), put(4);
    cub::LoadDirectStriped<NT>(t, in + 2, r, valid, 5), put(5);
    cub::LoadDirectWarpStriped(t, in, r), put(6);
    fill(), cub::LoadDirectWarpStriped(t, in + 1, r, valid), put(7);
    cub::LoadDirectWarpStriped(t, in + 2, r, valid, 5), put(8);
    cub::LoadDirectBlockedVectorized(t, const_cast<T *>(in) + 4, r), put(9);
    cub::LoadDirectBlocked(t, SkipIt<T>{in}, r), put(10);
    cub::LoadDirectStriped<NT>(t, SkipIt<T>{in}, r, valid), put(11);
    // stores: each row of the thread's items to its own buffer
    T x[IPT];
    for (int i = 0; i < IPT; i++)
        x[i] = in[100 + t * IPT + i];
    cub::StoreDirectBlocked(t, bufs + 0 * NBUF, x);
    cub::StoreDirectBlocked(t, bufs + 1 * NBUF, x, valid);
    cub::StoreDirectStriped<NT>(t, bufs + 2 * NBUF, x);
    cub::StoreDirectStriped<NT>(t, bufs + 3 * NBUF, x, valid);
    cub::StoreDirectWarpStriped(t, bufs + 4 * NBUF, x);
    cub::StoreDirectWarpStriped(t, bufs + 5 * NBUF, x, valid);
    cub::StoreDirectBlockedVectorized(t, bufs + 6 * NBUF, x);
    cub::StoreDirectStriped<NT>(t, RevIt<T>{bufs + 7 * NBUF, 0}, x, valid);
    cub::StoreDirectBlocked(t, RevIt<T>{bufs + 8 * NBUF, 3}, x);
    __syncthreads();
    for (int i = 0; i < IPT; i++) {
        o[12 * IPT + i] = bufs[7 * NBUF + 1023 - (t * IPT + i)];
        o[13 * IPT + i] = bufs[8 * NBUF + 1023 - (t * IPT + i + 3)];
    }
}

// ---------------------------------------------------------------- BlockExchange
template <typename S, typename T> union Alias {
    S ex;
    T raw[sizeof(S) / sizeof(T)];
};

__host__ __device__ inline int perm(int k, int tile, int p) { return (k * p + 3) % tile; }

// Per thread 12 rows: BlockedToStriped, StripedToBlocked, BlockedToWarpStriped,
// WarpStripedToBlocked, ScatterToBlocked, ScatterToStriped, in-place StripedToBlocked, in-place
// ScatterToBlocked, BlockedToStriped to double, ScatterToStripedGuarded and ScatterToStripedFlagged
// (no time slicing; unwritten cells hold -(cell + 1) * 3), in-place ScatterToStripedGuarded.
// raw: the time-sliced exchange's storage after a BlockedToStriped, over markers.
template <typename T, int BX, int BY, int IPT, bool TS>
__global__ void k_exchange(const T *in, T *out, T *raw_out, int p)
{
    constexpr int NT = BX * BY, TILE = NT * IPT;
    using BE = cub::BlockExchange<T, BX, IPT, TS, BY>;
    using BG = cub::BlockExchange<T, BX, IPT, false, BY>;
    using AE = Alias<typename BE::TempStorage, T>;
    using AG = Alias<typename BG::TempStorage, T>;
    constexpr int RAW_E = sizeof(AE::raw) / sizeof(T), RAW_G = sizeof(AG::raw) / sizeof(T);
    __shared__ AE se;
    __shared__ AG sg;
    const int t = threadIdx.y * BX + threadIdx.x;
    T x[IPT], y[IPT], z[IPT];
    int ranks[IPT], gr[IPT];
    bool ok[IPT];
    double d[IPT];
    T *o = out + t * 12 * IPT;
    for (int i = 0; i < IPT; i++) {
        int k = t * IPT + i;
        x[i] = in[k];
        ranks[i] = perm(k, TILE, p);
        gr[i] = k % 5 == 2 ? -1 : perm(k, TILE, p);
        ok[i] = k % 3 != 0;
    }
    auto put = [&](int row, const T *v) {
        for (int i = 0; i < IPT; i++)
            o[row * IPT + i] = v[i];
    };
    BE(se.ex).BlockedToStriped(x, y), put(0, y);
    __syncthreads();
    BE(se.ex).StripedToBlocked(x, y), put(1, y);
    __syncthreads();
    BE(se.ex).BlockedToWarpStriped(x, y), put(2, y);
    __syncthreads();
    BE(se.ex).WarpStripedToBlocked(x, y), put(3, y);
    __syncthreads();
    BE(se.ex).ScatterToBlocked(x, y, ranks), put(4, y);
    __syncthreads();
    BE(se.ex).ScatterToStriped(x, y, ranks), put(5, y);
    __syncthreads();
    for (int i = 0; i < IPT; i++)
        z[i] = x[i];
    BE(se.ex).StripedToBlocked(z), put(6, z);
    __syncthreads();
    BE(se.ex).ScatterToBlocked(z, ranks), put(7, z);
    __syncthreads();
    BE(se.ex).BlockedToStriped(x, d);
    for (int i = 0; i < IPT; i++)
        y[i] = (T)d[i];
    put(8, y);
    __syncthreads();
    // what the storage held: -(cell + 1) * 3
    for (int k = t; k < RAW_G; k += NT)
        sg.raw[k] = (T)(-(k + 1) * 3);
    __syncthreads();
    BG(sg.ex).ScatterToStripedGuarded(x, y, gr), put(9, y);
    __syncthreads();
    for (int k = t; k < RAW_G; k += NT)
        sg.raw[k] = (T)(-(k + 1) * 3);
    __syncthreads();
    BG(sg.ex).ScatterToStripedFlagged(x, y, ranks, ok), put(10, y);
    __syncthreads();
    for (int k = t; k < RAW_G; k += NT)
        sg.raw[k] = (T)(-(k + 1) * 3);
    for (int i = 0; i < IPT; i++)
        z[i] = x[i];
    __syncthreads();
    BG(sg.ex).ScatterToStripedGuarded(z, gr), put(11, z);
    __syncthreads();
    // the exchange's own storage, read back
    for (int k = t; k < RAW_E; k += NT)
        se.raw[k] = marker<T>(k);
    __syncthreads();
    BE(se.ex).BlockedToStriped(x, y);
    __syncthreads();
    for (int k = t; k < RAW_E; k += NT)
        raw_out[k] = se.raw[k];
}

// ---------------------------------------------------------------- WarpLoad / WarpStore / WarpExchange
// 64 threads in logical warps of LWT lanes; warp w's tile starts at w * LWT * IPT and its
// valid_items is tile - 3 - 5 * w. Per thread 14 rows.
template <typename T, int IPT, int LWT> __global__ void k_warp(const T *in, T *out, T *bufs, int *rank_out)
{
    constexpr int NW = 64 / LWT, TILE = LWT * IPT;
    using WLD = cub::WarpLoad<T, IPT, cub::WARP_LOAD_DIRECT, LWT>;
    using WLS = cub::WarpLoad<T, IPT, cub::WARP_LOAD_STRIPED, LWT>;
    using WLV = cub::WarpLoad<T, IPT, cub::WARP_LOAD_VECTORIZE, LWT>;
    using WLT = cub::WarpLoad<T, IPT, cub::WARP_LOAD_TRANSPOSE, LWT>;
    using WSD = cub::WarpStore<T, IPT, cub::WARP_STORE_DIRECT, LWT>;
    using WSS = cub::WarpStore<T, IPT, cub::WARP_STORE_STRIPED, LWT>;
    using WSV = cub::WarpStore<T, IPT, cub::WARP_STORE_VECTORIZE, LWT>;
    using WST = cub::WarpStore<T, IPT, cub::WARP_STORE_TRANSPOSE, LWT>;
    using WX = cub::WarpExchange<T, IPT, LWT>;
    __shared__ typename WLT::TempStorage lt[NW];
    __shared__ typename WST::TempStorage st[NW];
    __shared__ typename WX::TempStorage xt[NW];
    const int t = threadIdx.x, w = t / LWT;
    const int base = w * TILE, valid = TILE - 3 - 5 * w;
    T a[IPT], r[IPT], y[IPT];
    int ranks[IPT];
    T *o = out + t * 14 * IPT;
    auto put = [&](int row, const T *v) {
        for (int i = 0; i < IPT; i++)
            o[row * IPT + i] = v[i];
    };
    auto fill = [&]() {
        for (int i = 0; i < IPT; i++)
            r[i] = marker<T>(t * IPT + i);
    };
    typename WLD::TempStorage none_d;
    WLD(none_d).Load(in + base, a), put(0, a);
    fill(), WLD().Load(in + base + 1, r, valid), put(1, r);
    WLS().Load(in + base, r), put(2, r);
    fill(), WLS().Load(in + base + 1, r, valid), put(3, r);
    WLV().Load(in + base, r, valid, 9), put(4, r);
    WLT(lt[w]).Load(in + base, r), put(5, r);
    __syncwarp();
    fill(), WLT(lt[w]).Load(in + base + 1, r, valid), put(6, r);
    __syncwarp();
    WLT(lt[w]).Load(in + base, r, valid, 9), put(7, r);
    // stores (a: blocked)
    WSD().Store(bufs + 0 * NBUF + base, a);
    WSS().Store(bufs + 1 * NBUF + base, a, valid);
    WSV().Store(bufs + 2 * NBUF + base, a);
    for (int i = 0; i < IPT; i++)
        y[i] = a[i];
    WST(st[w]).Store(bufs + 3 * NBUF + base, y, valid), put(8, y);
    // exchanges
    for (int i = 0; i < IPT; i++)
        ranks[i] = perm(i + (t % LWT) * IPT, TILE, 5);
    WX(xt[w]).BlockedToStriped(a, y), put(9, y);
    __syncwarp();
    WX(xt[w]).StripedToBlocked(a, y), put(10, y);
    __syncwarp();
    WX(xt[w]).ScatterToStriped(a, y, ranks), put(11, y);
    __syncwarp();
    for (int i = 0; i < IPT; i++) {
        rank_out[t * IPT + i] = ranks[i];
        y[i] = a[i];
        ranks[i] = perm(i + (t % LWT) * IPT, TILE, 7);
    }
    WX(xt[w]).ScatterToStriped(y, ranks), put(12, y);
    __syncthreads();
    for (int i = 0; i < IPT; i++)
        y[i] = bufs[3 * NBUF + t * IPT + i];
    put(13, y);
}

// WARP_EXCHANGE_SHUFFLE (IPT == LWT): BlockedToStriped, StripedToBlocked, in place.
template <typename T, int LWT> __global__ void k_warp_shfl(const T *in, T *out)
{
    using WX = cub::WarpExchange<T, LWT, LWT, cub::WARP_EXCHANGE_SHUFFLE>;
    typename WX::TempStorage none;
    const int t = threadIdx.x;
    T a[LWT], y[LWT];
    for (int i = 0; i < LWT; i++)
        a[i] = in[t * LWT + i];
    T *o = out + t * 3 * LWT;
    WX(none).BlockedToStriped(a, y);
    for (int i = 0; i < LWT; i++)
        o[i] = y[i];
    WX(none).StripedToBlocked(a, y);
    for (int i = 0; i < LWT; i++)
        o[LWT + i] = y[i];
    WX(none).BlockedToStriped(a, a);
    for (int i = 0; i < LWT; i++)
        o[2 * LWT + i] = a[i];
}

// ---------------------------------------------------------------- BlockDiscontinuity
struct Neq {
    template <typename T> __device__ bool operator()(const T &a, const T &b) const { return a != b; }
};
struct NeqIdx { // a head or tail also every 13th rank
    template <typename T> __device__ bool operator()(const T &a, const T &b, int idx) const
    {
        return a != b || idx % 13 == 0;
    }
};

// Per thread 15 flag rows and one row of predecessors (thread 0's first keeps its marker).
template <typename T, int BX, int BY, int IPT> __global__ void k_disc(const T *in, int *fout, T *pout)
{
    using BD = cub::BlockDiscontinuity<T, BX, BY>;
    __shared__ typename BD::TempStorage ts;
    const int t = threadIdx.y * BX + threadIdx.x;
    T x[IPT], preds[IPT];
    int h[IPT], tl[IPT];
    bool hb[IPT];
    for (int i = 0; i < IPT; i++) {
        x[i] = in[t * IPT + i];
        preds[i] = marker<T>(i);
    }
    const T pred = in[NIN - 1], succ = in[NIN - 2];
    int *o = fout + t * 15 * IPT;
    auto put = [&](int row, const int *v) {
        for (int i = 0; i < IPT; i++)
            o[row * IPT + i] = v[i];
    };
    BD(ts).FlagHeads(h, x, Neq{}), put(0, h);
    __syncthreads();
    BD(ts).FlagHeads(h, x, NeqIdx{}, pred), put(1, h);
    __syncthreads();
    BD(ts).FlagHeads(h, x, preds, Neq{}), put(2, h);
    __syncthreads();
    BD(ts).FlagTails(tl, x, Neq{}), put(3, tl);
    __syncthreads();
    BD(ts).FlagTails(tl, x, NeqIdx{}, succ), put(4, tl);
    __syncthreads();
    BD(ts).FlagHeadsAndTails(h, tl, x, NeqIdx{}), put(5, h), put(6, tl);
    __syncthreads();
    BD(ts).FlagHeadsAndTails(h, tl, succ, x, Neq{}), put(7, h), put(8, tl);
    __syncthreads();
    BD(ts).FlagHeadsAndTails(h, pred, tl, x, Neq{}), put(9, h), put(10, tl);
    __syncthreads();
    BD(ts).FlagHeadsAndTails(h, pred, tl, succ, x, NeqIdx{}), put(11, h), put(12, tl);
    __syncthreads();
    BD().FlagHeads(hb, x, NeqIdx{}, pred);
    for (int i = 0; i < IPT; i++)
        h[i] = hb[i];
    put(13, h);
    __syncthreads();
    BD(ts).FlagTails(hb, x, NeqIdx{});
    for (int i = 0; i < IPT; i++)
        h[i] = hb[i];
    put(14, h);
    for (int i = 0; i < IPT; i++)
        pout[t * IPT + i] = preds[i];
}

// ---------------------------------------------------------------- BlockAdjacentDifference
struct Sub {
    template <typename T> __device__ T operator()(const T &a, const T &b) const { return a - b; }
};

// Per thread 10 rows.
template <typename T, int BX, int BY, int IPT> __global__ void k_adj(const T *in, T *out)
{
    constexpr int NT = BX * BY, TILE = NT * IPT;
    using BA = cub::BlockAdjacentDifference<T, BX, BY>;
    __shared__ typename BA::TempStorage ts;
    const int t = threadIdx.y * BX + threadIdx.x;
    T x[IPT], y[IPT];
    for (int i = 0; i < IPT; i++)
        x[i] = in[t * IPT + i];
    const T pred = in[NIN - 1], succ = in[NIN - 2];
    const int valid1 = TILE - 5, valid2 = IPT * 5 + 1;
    T *o = out + t * 10 * IPT;
    auto put = [&](int row, const T *v) {
        for (int i = 0; i < IPT; i++)
            o[row * IPT + i] = v[i];
    };
    BA(ts).SubtractLeft(x, y, Sub{}), put(0, y);
    __syncthreads();
    BA(ts).SubtractLeft(x, y, Sub{}, pred), put(1, y);
    __syncthreads();
    BA(ts).SubtractLeftPartialTile(x, y, Sub{}, valid1), put(2, y);
    __syncthreads();
    BA(ts).SubtractLeftPartialTile(x, y, Sub{}, valid2, pred), put(3, y);
    __syncthreads();
    BA(ts).SubtractRight(x, y, Sub{}), put(4, y);
    __syncthreads();
    BA(ts).SubtractRight(x, y, Sub{}, succ), put(5, y);
    __syncthreads();
    BA(ts).SubtractRightPartialTile(x, y, Sub{}, valid1), put(6, y);
    __syncthreads();
    BA(ts).SubtractRightPartialTile(x, y, Sub{}, valid2), put(7, y);
    __syncthreads();
    BA().SubtractLeftPartialTile(x, y, Sub{}, 0), put(8, y);
    __syncthreads();
    for (int i = 0; i < IPT; i++)
        y[i] = x[i];
    BA(ts).SubtractRight(y, y, Sub{}), put(9, y);
}

// ---------------------------------------------------------------- BlockHistogram
// hist_out: per bin Histogram(tile 1), + Composite(tile 2), InitHistogram of a global array;
// items_out: per thread the items after Histogram and after Composite (SORT sorts them).
template <int BX, int BY, int IPT, int BINS, cub::BlockHistogramAlgorithm ALG>
__global__ void k_histo(const unsigned char *in, unsigned *hist_out, unsigned *g, int *items_out)
{
    constexpr int NT = BX * BY;
    using BH = cub::BlockHistogram<unsigned char, BX, IPT, BINS, ALG, BY>;
    __shared__ typename BH::TempStorage ts;
    __shared__ unsigned hist[BINS];
    const int t = threadIdx.y * BX + threadIdx.x;
    unsigned char x[IPT];
    for (int i = 0; i < IPT; i++)
        x[i] = in[t * IPT + i] % BINS;
    BH(ts).Histogram(x, hist);
    __syncthreads();
    for (int b = t; b < BINS; b += NT)
        hist_out[b * 3] = hist[b];
    for (int i = 0; i < IPT; i++) {
        items_out[t * 2 * IPT + i] = x[i];
        x[i] = in[NT * IPT + t * IPT + i] % BINS;
    }
    __syncthreads();
    BH(ts).Composite(x, hist);
    __syncthreads();
    for (int b = t; b < BINS; b += NT)
        hist_out[b * 3 + 1] = hist[b];
    for (int i = 0; i < IPT; i++)
        items_out[t * 2 * IPT + IPT + i] = x[i];
    BH().InitHistogram(g);
    __syncthreads();
    for (int b = t; b < BINS; b += NT)
        hist_out[b * 3 + 2] = g[b];
}

// ---------------------------------------------------------------- host
template <typename T> struct Inputs {
    T v[NIN];
};
static Inputs<int> in_int, in_run_int;
static Inputs<float> in_float, in_run_float;
static unsigned char in_bytes[NIN];

template <typename T> static T *dev_copy(const T *h, int n)
{
    T *d = nullptr;
    if (cudaMalloc(&d, n * sizeof(T)) != cudaSuccess)
        return nullptr;
    cudaMemcpy(d, h, n * sizeof(T), cudaMemcpyHostToDevice);
    return d;
}

template <typename T> static void print_rows(const char *head, const T *v, int rows, int width)
{
    for (int r = 0; r < rows; r++) {
        printf("%s %d:", head, r);
        for (int j = 0; j < width; j++)
            show(v[r * width + j]);
        printf("\n");
    }
}

static const char *load_names[] = {"DIRECT", "STRIPED", "VECTORIZE", "TRANSPOSE", "WARP_TRANSPOSE",
                                   "WARP_TRANSPOSE_TIMESLICED"};

template <typename T, int BX, int BY, int IPT, int A> static int run_loadstore(const char *type, const T *d_in)
{
    const int NT = BX * BY, TILE = NT * IPT, valid = TILE - 37;
    static T h_out[7 * 4 * 128], fill[NBUF];
    for (int k = 0; k < NBUF; k++)
        fill[k] = marker<T>(k + 5000);
    T *d_out, *d_full = dev_copy(fill, NBUF), *d_part = dev_copy(fill, NBUF);
    CHECK(cudaMalloc(&d_out, sizeof(h_out)));
    k_loadstore<T, BX, BY, IPT, A><<<1, dim3(BX, BY)>>>(d_in, d_out, d_full, d_part, valid);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, NT * 7 * IPT * sizeof(T), cudaMemcpyDeviceToHost));
    char head[128];
    snprintf(head, sizeof head, "load/store %s %s %dx%d ipt %d valid %d", load_names[A], type, BX, BY, IPT, valid);
    print_rows(head, h_out, NT, 7 * IPT);
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_full));
    CHECK(cudaFree(d_part));
    return 0;
}

template <typename T, int BX, int BY, int IPT> static int run_loadstore_all(const char *type, const T *d_in)
{
    return run_loadstore<T, BX, BY, IPT, 0>(type, d_in) || run_loadstore<T, BX, BY, IPT, 1>(type, d_in) ||
           run_loadstore<T, BX, BY, IPT, 2>(type, d_in) || run_loadstore<T, BX, BY, IPT, 3>(type, d_in) ||
           run_loadstore<T, BX, BY, IPT, 4>(type, d_in) || run_loadstore<T, BX, BY, IPT, 5>(type, d_in);
}

template <typename T, int BX, int BY, int IPT> static int run_direct(const char *type, const T *d_in)
{
    const int NT = BX * BY, valid = NT * IPT - 37;
    static T h_out[14 * 4 * 128], h_bufs[9 * NBUF];
    for (int k = 0; k < 9 * NBUF; k++)
        h_bufs[k] = marker<T>(k % NBUF + 5000);
    T *d_out, *d_bufs = dev_copy(h_bufs, 9 * NBUF);
    CHECK(cudaMalloc(&d_out, sizeof(h_out)));
    k_direct<T, BX, BY, IPT><<<1, dim3(BX, BY)>>>(d_in, d_out, d_bufs, valid);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, NT * 14 * IPT * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_bufs, d_bufs, 9 * NBUF * sizeof(T), cudaMemcpyDeviceToHost));
    char head[128];
    snprintf(head, sizeof head, "direct %s %dx%d ipt %d valid %d", type, BX, BY, IPT, valid);
    print_rows(head, h_out, NT, 14 * IPT);
    snprintf(head, sizeof head, "direct stores %s %dx%d ipt %d", type, BX, BY, IPT);
    // the seven pointer stores, as rows of 8 items of each buffer up to the tile's end + 8 (int)
    for (int b = 0; b < (std::is_same<T, int>::value ? 7 : 0); b++) {
        char h2[160];
        snprintf(h2, sizeof h2, "%s buf %d", head, b);
        print_rows(h2, h_bufs + b * NBUF, (NT * IPT + 8) / 8, 8);
    }
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_bufs));
    return 0;
}

template <typename T, int BX, int BY, int IPT, bool TS> static int run_exchange(const char *type, const T *d_in)
{
    const int NT = BX * BY, TILE = NT * IPT;
    const int p = TILE % 5 ? 5 : TILE % 7 ? 7 : 11;
    using BE = cub::BlockExchange<T, BX, IPT, TS, BY>;
    const int RAW = (int)(sizeof(typename BE::TempStorage) / sizeof(T));
    static T h_out[12 * 8 * 128], h_raw[4096];
    T *d_out, *d_raw;
    CHECK(cudaMalloc(&d_out, sizeof(h_out)));
    CHECK(cudaMalloc(&d_raw, sizeof(h_raw)));
    k_exchange<T, BX, BY, IPT, TS><<<1, dim3(BX, BY)>>>(d_in, d_out, d_raw, p);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, NT * 12 * IPT * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_raw, d_raw, RAW * sizeof(T), cudaMemcpyDeviceToHost));
    char head[128];
    snprintf(head, sizeof head, "exchange %s %dx%d ipt %d timesliced %d p %d", type, BX, BY, IPT, (int)TS, p);
    print_rows(head, h_out, NT, 12 * IPT);
    snprintf(head, sizeof head, "exchange storage %s %dx%d ipt %d timesliced %d (%d items)", type, BX, BY, IPT,
             (int)TS, RAW);
    print_rows(head, h_raw, RAW / 8, 8);
    if (RAW % 8)
        print_rows(head, h_raw + RAW / 8 * 8, 1, RAW % 8);
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_raw));
    return 0;
}

template <typename T, int IPT, int LWT> static int run_warp(const char *type, const T *d_in)
{
    static T h_out[14 * 8 * 64], h_bufs[4 * NBUF];
    static int h_ranks[8 * 64];
    for (int k = 0; k < 4 * NBUF; k++)
        h_bufs[k] = marker<T>(k % NBUF + 5000);
    T *d_out, *d_bufs = dev_copy(h_bufs, 4 * NBUF);
    int *d_ranks;
    CHECK(cudaMalloc(&d_out, sizeof(h_out)));
    CHECK(cudaMalloc(&d_ranks, sizeof(h_ranks)));
    k_warp<T, IPT, LWT><<<1, 64>>>(d_in, d_out, d_bufs, d_ranks);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, 64 * 14 * IPT * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_bufs, d_bufs, 4 * NBUF * sizeof(T), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_ranks, d_ranks, 64 * IPT * sizeof(int), cudaMemcpyDeviceToHost));
    char head[128];
    snprintf(head, sizeof head, "warp %s ipt %d lanes %d", type, IPT, LWT);
    print_rows(head, h_out, 64, 14 * IPT);
    snprintf(head, sizeof head, "warp %s ipt %d lanes %d scatter ranks after", type, IPT, LWT);
    print_rows(head, h_ranks, 64, IPT);
    for (int b = 0; b < 3; b++) {
        snprintf(head, sizeof head, "warp stores %s ipt %d lanes %d buf %d", type, IPT, LWT, b);
        print_rows(head, h_bufs + b * NBUF, 64 * IPT / 8, 8);
    }
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_bufs));
    CHECK(cudaFree(d_ranks));
    return 0;
}

template <typename T, int LWT> static int run_warp_shfl(const char *type, const T *d_in)
{
    static T h_out[3 * 32 * 32];
    T *d_out;
    CHECK(cudaMalloc(&d_out, sizeof(h_out)));
    k_warp_shfl<T, LWT><<<1, 32>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, 32 * 3 * LWT * sizeof(T), cudaMemcpyDeviceToHost));
    char head[128];
    snprintf(head, sizeof head, "warp shuffle %s lanes %d", type, LWT);
    print_rows(head, h_out, 32, 3 * LWT);
    CHECK(cudaFree(d_out));
    return 0;
}

template <typename T, int BX, int BY, int IPT> static int run_disc(const char *type, const T *d_in)
{
    const int NT = BX * BY;
    static int h_f[15 * 4 * 128];
    static T h_p[4 * 128];
    int *d_f;
    T *d_p;
    CHECK(cudaMalloc(&d_f, sizeof(h_f)));
    CHECK(cudaMalloc(&d_p, sizeof(h_p)));
    k_disc<T, BX, BY, IPT><<<1, dim3(BX, BY)>>>(d_in, d_f, d_p);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_f, d_f, NT * 15 * IPT * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_p, d_p, NT * IPT * sizeof(T), cudaMemcpyDeviceToHost));
    char head[128];
    snprintf(head, sizeof head, "discontinuity %s %dx%d ipt %d", type, BX, BY, IPT);
    for (int t = 0; t < NT; t++) {
        printf("%s %d:", head, t);
        for (int j = 0; j < 15 * IPT; j++)
            printf("%s%d", j % IPT ? "" : " ", h_f[t * 15 * IPT + j]);
        printf(" |");
        for (int i = 0; i < IPT; i++)
            show(h_p[t * IPT + i]);
        printf("\n");
    }
    CHECK(cudaFree(d_f));
    CHECK(cudaFree(d_p));
    return 0;
}

template <typename T, int BX, int BY, int IPT> static int run_adj(const char *type, const T *d_in)
{
    const int NT = BX * BY;
    static T h_out[10 * 4 * 128];
    T *d_out;
    CHECK(cudaMalloc(&d_out, sizeof(h_out)));
    k_adj<T, BX, BY, IPT><<<1, dim3(BX, BY)>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, NT * 10 * IPT * sizeof(T), cudaMemcpyDeviceToHost));
    char head[128];
    snprintf(head, sizeof head, "adjacent difference %s %dx%d ipt %d", type, BX, BY, IPT);
    print_rows(head, h_out, NT, 10 * IPT);
    CHECK(cudaFree(d_out));
    return 0;
}

template <int BX, int BY, int IPT, int BINS, cub::BlockHistogramAlgorithm ALG>
static int run_histo(const char *alg, const unsigned char *d_in)
{
    const int NT = BX * BY;
    static unsigned h_hist[3 * 256], h_g[256];
    static int h_items[2 * 4 * 128];
    for (int b = 0; b < 256; b++)
        h_g[b] = 0xaaaa0000u + b;
    unsigned *d_hist, *d_g = dev_copy(h_g, 256);
    int *d_items;
    CHECK(cudaMalloc(&d_hist, sizeof(h_hist)));
    CHECK(cudaMalloc(&d_items, sizeof(h_items)));
    k_histo<BX, BY, IPT, BINS, ALG><<<1, dim3(BX, BY)>>>(d_in, d_hist, d_g, d_items);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_hist, d_hist, 3 * BINS * sizeof(unsigned), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_items, d_items, NT * 2 * IPT * sizeof(int), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(h_g, d_g, 256 * sizeof(unsigned), cudaMemcpyDeviceToHost));
    char head[128];
    snprintf(head, sizeof head, "histogram %s %dx%d ipt %d bins %d", alg, BX, BY, IPT, BINS);
    for (int b = 0; b < BINS; b++)
        printf("%s bin %d: %u %u %u\n", head, b, h_hist[b * 3], h_hist[b * 3 + 1], h_hist[b * 3 + 2]);
    printf("%s untouched: %08x\n", head, h_g[BINS < 256 ? BINS : 255]);
    if (ALG == cub::BLOCK_HISTO_SORT) { // ATOMIC leaves the items alone
        snprintf(head, sizeof head, "histogram %s %dx%d ipt %d bins %d items", alg, BX, BY, IPT, BINS);
        print_rows(head, h_items, NT, 2 * IPT);
    }
    CHECK(cudaFree(d_hist));
    CHECK(cudaFree(d_g));
    CHECK(cudaFree(d_items));
    return 0;
}

int main()
{
    for (int k = 0; k < NIN; k++) {
        unsigned h = hash32((unsigned)k), g = hash32((unsigned)k + 77777u);
        in_int.v[k] = (int)(h % 200001u) - 100000;
        in_float.v[k] = k % 17 == 5 ? -0.0f : (float)((int)(g % 20001u) - 10000) / 64.0f;
        // runs of equal values (for the discontinuities): about every third item changes
        in_run_int.v[k] = (int)(hash32((unsigned)k / 2 + 999u) % 3u) - 1;
        const float fr[4] = {0.0f, -0.0f, 1.5f, -2.25f};
        in_run_float.v[k] = fr[hash32((unsigned)k / 2 + 555u) % 4u];
        in_bytes[k] = (unsigned char)(hash32((unsigned)k + 31337u) % 7u == 0 ? 3 : hash32((unsigned)k) % 251u);
    }
    int *di = dev_copy(in_int.v, NIN), *dri = dev_copy(in_run_int.v, NIN);
    float *df = dev_copy(in_float.v, NIN), *drf = dev_copy(in_run_float.v, NIN);
    unsigned char *db = dev_copy(in_bytes, NIN);
    if (!di || !dri || !df || !drf || !db)
        return 1;
    using namespace cub;
    int rc = run_loadstore_all<int, 128, 1, 4>("int", di) || run_loadstore_all<int, 96, 1, 3>("int", di) ||
             run_loadstore_all<int, 32, 2, 1>("int", di) || run_loadstore_all<float, 32, 2, 3>("float", df) ||
             run_direct<int, 128, 1, 4>("int", di) || run_direct<float, 96, 1, 3>("float", df) ||
             run_exchange<int, 128, 1, 4, false>("int", di) || run_exchange<int, 96, 1, 3, false>("int", di) ||
             run_exchange<int, 96, 1, 3, true>("int", di) || run_exchange<float, 32, 2, 4, true>("float", df) ||
             run_exchange<int, 32, 1, 8, false>("int", di) || run_exchange<float, 64, 1, 8, true>("float", df) ||
             run_warp<int, 4, 32>("int", di) || run_warp<int, 3, 16>("int", di) ||
             run_warp<float, 1, 16>("float", df) || run_warp<int, 8, 16>("int", di) ||
             run_warp_shfl<int, 16>("int", di) || run_warp_shfl<float, 32>("float", df) ||
             run_disc<int, 128, 1, 4>("int", dri) || run_disc<float, 32, 2, 3>("float", drf) ||
             run_disc<int, 96, 1, 1>("int", dri) || run_adj<int, 128, 1, 4>("int", di) ||
             run_adj<float, 32, 2, 3>("float", df) || run_adj<int, 96, 1, 1>("int", di) ||
             run_histo<128, 1, 4, 256, BLOCK_HISTO_SORT>("SORT", db) ||
             run_histo<128, 1, 4, 256, BLOCK_HISTO_ATOMIC>("ATOMIC", db) ||
             run_histo<32, 2, 3, 50, BLOCK_HISTO_ATOMIC>("ATOMIC", db) ||
             run_histo<32, 2, 3, 50, BLOCK_HISTO_SORT>("SORT", db) ||
             run_histo<96, 1, 1, 100, BLOCK_HISTO_SORT>("SORT", db);
    cudaFree(di), cudaFree(dri), cudaFree(df), cudaFree(drf), cudaFree(db);
    return rc;
}
