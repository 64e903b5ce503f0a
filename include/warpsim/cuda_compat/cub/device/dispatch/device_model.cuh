/* cub/device/dispatch/device_model.cuh for `warpsim cc`: what warpsim's Device* algorithms
 * share. In warpsim, device memory is host memory and every call runs in order at the call, so
 * each Device* algorithm is a host function that computes its result directly, combining values in
 * exactly the order the kernels of CUB 3.0 (CCCL 3.0, CUDA 13.0) combine them on an H200 (sm_90):
 *   - temporary storage as CUB's AliasTemporaries sizes it (each part rounded up to 256 bytes,
 *     plus 255 for aligning the base);
 *   - AgentReduce's order (reduce_agent): a tile is BLOCK_THREADS x ITEMS_PER_THREAD items; a
 *     full tile is loaded striped (item i of thread t at t + i * BLOCK_THREADS) or, for a pointer
 *     to a primitive type aligned to the vector size, as vectors of VEC items (item i * VEC + j of
 *     thread t at (t + i * BLOCK_THREADS) * VEC + j), and each thread folds it with
 *     cub::ThreadReduce (its running value as prefix after the first tile); a partial tile is
 *     folded item by item, thread t taking t, t + BLOCK_THREADS, ...; then
 *     BLOCK_REDUCE_WARP_REDUCTIONS: each warp's shuffle-down tree (offsets 1, 2, 4, 8, 16; a lane
 *     combines op(own, lane + offset) while that lane is valid) and thread 0 folding the warps'
 *     results in warp order;
 *   - BLOCK_SCAN_WARP_SCANS over thread totals for the scans (scan_tile).
 * The per-thread fold is cub::ThreadReduce of thread/thread_reduce.cuh itself (CUB's choice of
 * sequential or tree order). */
#ifndef WARPSIM_CUB_DEVICE_DISPATCH_DEVICE_MODEL_CUH
#define WARPSIM_CUB_DEVICE_DISPATCH_DEVICE_MODEL_CUH

#include <warpsim/cuda_runtime.h>

#include <cuda/functional>
#include <cuda/std/functional>

#include <stdint.h>
#include <algorithm>
#include <iterator>
#include <type_traits>
#include <vector>

#include "../../iterator/arg_index_input_iterator.cuh"
#include "../../thread/thread_reduce.cuh"

namespace cub {
namespace detail {
namespace dm {

/* The modelled device: an H200 (sm_90) has 132 multiprocessors; CUB oversubscribes the reduce
 * grid 5 times (CUB_SUBSCRIPTION_FACTOR). */
constexpr int sm_count = 132;
constexpr int subscription_factor = 5;
constexpr int max_smem_per_block = 48 * 1024;

template <typename It> using it_value_t = typename std::iterator_traits<It>::value_type;

/* The value type an output iterator takes: its value_type, or `Fallback` where that is void. */
template <typename It, typename Fallback>
using out_value_t = std::conditional_t<std::is_void<it_value_t<It>>::value, Fallback, it_value_t<It>>;

/* CUB's AliasTemporaries: bytes needed for parts of these sizes. */
template <size_t N> inline size_t alias_bytes(const size_t (&sizes)[N])
{
    size_t total = 0;
    for (size_t i = 0; i < N; i++)
        total += (sizes[i] + 255) & ~size_t(255);
    return total + 255;
}
/* The first step of every CUB dispatch: size only, or check the size given. */
inline bool size_only(void *d_temp_storage, size_t &temp_storage_bytes, size_t needed, cudaError_t &error)
{
    error = cudaSuccess;
    if (!d_temp_storage) {
        temp_storage_bytes = needed;
        return true;
    }
    if (temp_storage_bytes < needed) {
        error = cudaErrorInvalidValue;
        return true;
    }
    return false;
}

/* MemBoundScaling: a policy's items and threads given for 4-byte items, scaled to T. */
template <int THREADS_4B, int ITEMS_4B, typename T> struct mem_bound {
    static constexpr int items = std::max(1, std::min(ITEMS_4B * 4 / int(sizeof(T)), ITEMS_4B * 2));
    static constexpr int threads =
        std::min(THREADS_4B, (max_smem_per_block / (int(sizeof(T)) * items) + 31) / 32 * 32);
};
/* RegBoundScaling (the radix sort policies). */
template <int THREADS_4B, int ITEMS_4B, typename T> struct reg_bound {
    static constexpr int items = std::max(1, ITEMS_4B * 4 / std::max(4, int(sizeof(T))));
    static constexpr int threads =
        std::min(THREADS_4B, (max_smem_per_block / (int(sizeof(T)) * items) + 31) / 32 * 32);
};

template <typename T> constexpr bool is_primitive_v = std::is_arithmetic<T>::value;

/* ---- BLOCK_REDUCE_WARP_REDUCTIONS ---- */

/* Lane `lo`'s value (lanes numbered from the warp's first, v) after the shuffle-down steps below
 * `size`: the lane's own value combined with
 * the subtree starting `size / 2` lanes up, where that lane is not past last_lane. */
template <typename A, typename Op> A warp_tree(const A *v, int lo, int size, int last_lane, Op &op)
{
    if (size == 1)
        return v[lo];
    A left = warp_tree(v, lo, size / 2, last_lane, op);
    if (lo + size / 2 > last_lane)
        return left;
    return op(left, warp_tree(v, lo + size / 2, size / 2, last_lane, op));
}
/* Thread 0's result of BlockReduce<A, threads, WARP_REDUCTIONS>::Reduce(v[t], op, num_valid)
 * (num_valid >= threads: the full-tile Reduce(v[t], op)). */
template <typename A, typename Op> A block_reduce(const A *v, int threads, int num_valid, Op &op)
{
    int warps = (threads + 31) / 32;
    int lanes = threads < 32 ? threads : 32;
    bool full = num_valid >= threads;
    A result = warp_tree(v, 0, lanes, full ? lanes - 1 : std::min(num_valid, lanes) - 1, op);
    for (int w = 1; w < warps; w++)
        if (full || w * lanes < num_valid)
            result = op(result, warp_tree(v + w * lanes, 0, lanes,
                                          full ? lanes - 1 : std::min(num_valid - w * lanes, lanes) - 1, op));
    return result;
}

/* ---- AgentReduce ---- */

/* The reduce policy of sm_90 for accumulator A (tuning_reduce.cuh: Policy600 as Policy1000 has no
 * sm_90 tuning): 256 threads and 16 items per thread for 4-byte items (MemBoundScaling), vector
 * loads of 4, BLOCK_REDUCE_WARP_REDUCTIONS. */
template <typename A> struct reduce_policy {
    static constexpr int threads = mem_bound<256, 16, A>::threads;
    static constexpr int items = mem_bound<256, 16, A>::items;
    static constexpr int vec = std::min(items, 4);
    static constexpr int tile = threads * items;
};

/* One block of DeviceReduceKernel / DeviceReduceSingleTileKernel / DeviceSegmentedReduceKernel:
 * items `in[i]` (through `tr`) accumulated as A. */
template <typename A, typename It, typename Op, typename Tr> struct reduce_agent {
    using P = reduce_policy<A>;
    static constexpr int T = P::threads, N = P::items, V = P::vec;
    using In = it_value_t<It>;
    /* CUB vectorizes loads from a pointer to a primitive type when the items per thread are a
     * multiple of the vector size and the tile's base is aligned to the vector. */
    static constexpr bool attempt_vec = V > 1 && N % V == 0 && std::is_pointer<It>::value && is_primitive_v<In>;

    It in;
    Op &op;
    Tr &tr;
    A agg[T];

    reduce_agent(It in_, Op &op_, Tr &tr_) : in(in_), op(op_), tr(tr_) {}

    static bool aligned(It at)
    {
        if constexpr (attempt_vec)
            return (reinterpret_cast<uintptr_t>(at) & (sizeof(In) * V - 1)) == 0;
        else
            return (void)at, false;
    }
    template <typename Off> void full_tile(Off offset, bool first, bool vec)
    {
        for (int t = 0; t < T; t++) {
            A items[N];
            for (int i = 0; i < N; i++) {
                Off at = vec ? Off((t + (i / V) * T) * V + i % V) : Off(t + i * T);
                items[i] = tr(in[offset + at]);
            }
            agg[t] = first ? cub::ThreadReduce(items, op) : cub::ThreadReduce(items, op, agg[t]);
        }
    }
    template <typename Off> void partial_tile(Off offset, int valid, bool first)
    {
        for (int t = 0; t < T; t++) {
            int i = t;
            if (first && i < valid) {
                agg[t] = tr(in[offset + i]);
                i += T;
            }
            for (; i < valid; i += T)
                agg[t] = op(agg[t], tr(in[offset + i]));
        }
    }
    /* ConsumeRange over [offset, end) in steps of `stride` (a tile for one block per range, the
     * grid's tiles for the strip-mined two-pass kernel). */
    template <typename Off> A consume(Off offset, Off end, Off stride, bool vec)
    {
        for (int t = 0; t < T; t++)
            agg[t] = A{};
        if (end - offset < Off(P::tile)) {
            int valid = int(end - offset);
            partial_tile(offset, valid, true);
            return block_reduce(agg, T, valid, op);
        }
        full_tile(offset, true, vec);
        if (end - offset >= stride) {
            offset += stride;
            bool more = true;
            while (more && offset <= end - Off(P::tile)) {
                full_tile(offset, false, vec);
                if (end - offset < stride)
                    more = false;
                else
                    offset += stride;
            }
            if (more && offset < end)
                partial_tile(offset, int(end - offset), false);
        }
        return block_reduce(agg, T, T, op);
    }
    /* DeviceReduceSingleTileKernel / DeviceSegmentedReduceKernel: one block over [begin, end). */
    template <typename Off> A range(Off begin, Off end) { return consume(begin, end, Off(P::tile), aligned(in + begin)); }
    /* DeviceReduceKernel's block b of `grid` (GRID_MAPPING_STRIP_MINE). */
    template <typename Off> A strip_mined(Off n, int b, int grid)
    {
        return consume(Off(b) * Off(P::tile), n, Off(grid) * Off(P::tile), aligned(in));
    }
};

struct identity_tr {
    template <typename X> X operator()(const X &x) const { return x; }
};

/* Blocks of the reduce kernel per multiprocessor for an accumulator and operator: the kernel's
 * registers (ptxas -v, nvcc 13.0, -arch=sm_90) with 256 threads per block: DeviceReduceKernel of
 * cuda::std::plus<> on int, float and double, cuda::minimum / maximum on float, cub::ArgMin /
 * ArgMax on KeyValuePair<int, int or float>: 31 or 32 registers -> 8 blocks (2048 threads);
 * cuda::minimum / maximum on int: 40 registers -> 6 blocks (65,536 / (40 x 256)). Others are
 * taken as 8. */
template <typename A, typename Op> constexpr int reduce_occupancy()
{
    constexpr bool minmax = is_one_of<Op, ::cuda::minimum<>, ::cuda::maximum<>, ::cuda::minimum<A>, ::cuda::maximum<A>>();
    return minmax && is_one_of<A, int, unsigned>() ? 6 : 8;
}

/* DispatchReduce: the single-tile kernel for n <= one tile, else the two-pass reduction over a grid
 * of min(tiles, occupancy x 132 x 5) blocks and a single-tile pass over their partials. `init`
 * combines first: out = op(init, aggregate), or with `empty_init` the aggregate alone (CUB's
 * empty_problem_init_t, the arg-extremum forms); n == 0 writes init. Returns the result through
 * `store`. */
template <typename A, typename It, typename Off, typename Op, typename Init, typename Tr, typename Store>
cudaError_t reduce(void *d_temp_storage, size_t &temp_storage_bytes, It in, Off n, Op op, Init init, bool empty_init,
                   Tr tr, Store store)
{
    using P = reduce_policy<A>;
    cudaError_t error;
    if (n <= Off(P::tile)) {
        if (!d_temp_storage) {
            temp_storage_bytes = 1;
            return cudaSuccess;
        }
        if (n == 0) {
            store(A(init));
            return cudaSuccess;
        }
        A agg = reduce_agent<A, It, Op, Tr>(in, op, tr).range(Off(0), n);
        store(empty_init ? agg : A(op(A(init), agg)));
        return cudaSuccess;
    }
    int max_blocks = reduce_occupancy<A, Op>() * sm_count * subscription_factor;
    size_t sizes[1] = {size_t(max_blocks) * sizeof(A)};
    if (size_only(d_temp_storage, temp_storage_bytes, alias_bytes(sizes), error))
        return error;
    Off tiles = (n + Off(P::tile) - 1) / Off(P::tile);
    int grid = int(std::min<Off>(tiles, Off(max_blocks)));
    std::vector<A> partials(grid);
    {
        reduce_agent<A, It, Op, Tr> agent(in, op, tr);
        for (int b = 0; b < grid; b++)
            partials[b] = agent.strip_mined(n, b, grid);
    }
    /* The second pass reads the partials from the 256-byte aligned temporary storage. */
    identity_tr id;
    reduce_agent<A, const A *, Op, identity_tr> second(partials.data(), op, id);
    A agg = second.consume(0, grid, P::tile, reduce_agent<A, const A *, Op, identity_tr>::attempt_vec);
    store(empty_init ? agg : A(op(A(init), agg)));
    return cudaSuccess;
}

/* ---- BLOCK_SCAN_WARP_SCANS over a tile of ITEMS per thread ---- */

enum class scan_kind {
    exclusive_init,  /* tile 0 of an exclusive scan: ExclusiveScan(items, init, op, aggregate) */
    inclusive,       /* tile 0 of an inclusive scan: InclusiveScan(items, op, aggregate) */
    inclusive_init,  /* tile 0 of InclusiveScanInit: InclusiveScan(items, init, op, aggregate) */
    exclusive_prefix, /* later tiles: ExclusiveScan(items, op, prefix callback) */
    inclusive_prefix, /* later tiles: InclusiveScan(items, op, prefix callback) */
    exclusive,       /* tile 0 of the by-key scans: ExclusiveScan(items, op, aggregate), no initial
                        value: thread 0 keeps its own partial as its (undefined) prefix */
};

/* Scans one tile in place (items blocked: thread t holds v[t * N .. t * N + N)) and returns what
 * the tile publishes as its inclusive prefix. `pre` is the initial value (the *_init kinds) or the
 * tile's exclusive prefix from the look-back (the *_prefix kinds). */
template <typename A, int THREADS, int N, typename Op> A scan_tile(A *v, scan_kind kind, const A &pre, Op &op)
{
    constexpr int W = THREADS / 32;
    static_assert(THREADS % 32 == 0, "BLOCK_SCAN_WARP_SCANS needs whole warps");
    std::vector<A> part(THREADS), inc(THREADS), exc(THREADS), prefix(THREADS);
    for (int t = 0; t < THREADS; t++)
        part[t] = cub::ThreadReduce(*reinterpret_cast<A(*)[N]>(v + t * N), op);
    /* WarpScanShfl: Kogge-Stone steps, a lane taking op(lane - offset, own) from offset on; the
     * exclusive value is the inclusive one of the lane below (lane 0: its own). */
    for (int w = 0; w < W; w++) {
        A *x = &inc[w * 32];
        for (int l = 0; l < 32; l++)
            x[l] = part[w * 32 + l];
        for (int off = 1; off < 32; off *= 2)
            for (int l = 31; l >= off; l--)
                x[l] = op(x[l - off], x[l]);
        for (int l = 0; l < 32; l++)
            exc[w * 32 + l] = x[l == 0 ? 0 : l - 1];
    }
    /* Warp prefixes: the fold of the warp totals before each warp. */
    A warp_prefix[W];
    A block_agg = inc[31];
    for (int w = 1; w < W; w++) {
        warp_prefix[w] = block_agg;
        block_agg = op(block_agg, inc[w * 32 + 31]);
    }
    bool with_init = kind == scan_kind::exclusive_init || kind == scan_kind::inclusive_init;
    for (int t = 0; t < THREADS; t++) {
        int w = t / 32, l = t % 32;
        if (with_init) {
            A wp = w == 0 ? pre : A(op(pre, warp_prefix[w]));
            prefix[t] = l == 0 ? wp : A(op(wp, exc[t]));
        } else {
            prefix[t] = exc[t];
            if (w != 0)
                prefix[t] = l == 0 ? warp_prefix[w] : A(op(warp_prefix[w], exc[t]));
        }
    }
    if (kind == scan_kind::exclusive_prefix || kind == scan_kind::inclusive_prefix)
        for (int t = 0; t < THREADS; t++)
            prefix[t] = t == 0 ? pre : A(op(pre, prefix[t]));
    /* ThreadScanExclusive / ThreadScanInclusive from each thread's prefix. */
    for (int t = 0; t < THREADS; t++) {
        A *x = v + t * N;
        bool apply = !((kind == scan_kind::inclusive || kind == scan_kind::exclusive) && t == 0);
        A running = x[0];
        if (apply)
            running = op(prefix[t], running);
        if (kind == scan_kind::exclusive_init || kind == scan_kind::exclusive_prefix || kind == scan_kind::exclusive) {
            x[0] = prefix[t];
            for (int i = 1; i < N; i++) {
                A next = op(running, x[i]);
                x[i] = running;
                running = next;
            }
        } else {
            x[0] = running;
            for (int i = 1; i < N; i++)
                x[i] = running = op(running, x[i]);
        }
    }
    switch (kind) {
    case scan_kind::inclusive:
    case scan_kind::exclusive:
        return block_agg;
    case scan_kind::exclusive_init:
    case scan_kind::inclusive_init:
    case scan_kind::exclusive_prefix:
    case scan_kind::inclusive_prefix:
        return op(pre, block_agg);
    }
    return block_agg;
}


/* ---- The by-key scans: DispatchReduceByKey (ReduceByKey, RunLengthEncode::Encode) and
 * DispatchScanByKey ---- */

/* A (flag or count, value) pair as the by-key agents scan it (CUB's KeyValuePair<OffsetT or int,
 * AccumT>), value-initialisable. */
template <typename F, typename A> struct flag_value {
    F key;
    A value;
};
/* ReduceBySegmentOp (counts heads: keys add) and ScanBySegmentOp (keys or): a pair with a head
 * flag restarts the value, otherwise op(first, second) on the values. */
template <typename F, typename A, typename Op, bool OR> struct segment_op {
    Op &op;
    flag_value<F, A> operator()(const flag_value<F, A> &a, const flag_value<F, A> &b) const
    {
        flag_value<F, A> r;
        r.key = OR ? F(a.key | b.key) : F(a.key + b.key);
        r.value = b.key ? b.value : A(op(a.value, b.value));
        return r;
    }
};

/* cub::Log2 (rounded up). */
constexpr int log2_up(int n) { return n <= 1 ? 0 : 1 + log2_up((n + 1) / 2); }

/* ReduceByKeyScanTileState<A, F>::AllocationSize: one transaction word per tile (padded by 32)
 * where A is primitive and the pair is under 16 bytes, else ScanTileState<KeyValuePair>'s
 * status, partial and inclusive arrays aliased. */
template <typename A, typename F> size_t by_key_tile_state_bytes(size_t tiles)
{
    size_t states = tiles + 32;
    constexpr int pair = int(sizeof(A) + sizeof(F));
    if (is_primitive_v<A> && pair < 16)
        return states * size_t(1 << log2_up(pair + 1));
    size_t kv = sizeof(flag_value<F, A>);
    size_t parts[3] = {states * 4, states * kv, states * kv};
    return alias_bytes(parts);
}

/* CUB's basic_binary_op_t: plus, minimum, maximum (of void or of the type). */
template <typename Op, typename A> constexpr bool basic_op_for_v()
{
    return is_one_of<Op, ::cuda::std::plus<>, ::cuda::minimum<>, ::cuda::maximum<>, ::cuda::std::plus<A>,
                     ::cuda::minimum<A>, ::cuda::maximum<A>>();
}
constexpr int size_class(size_t s) { return s == 1 ? 0 : s == 2 ? 1 : s == 4 ? 2 : s == 8 ? 3 : -1; }

/* The sm_90 ReduceByKey tuning (tuning_reduce_by_key.cuh sm90_tuning): threads and items by key and
 * accumulator size for plus / minimum / maximum on primitive keys and accumulators; else the
 * default 128 threads x 6 items (pairs of up to 8-byte members). */
template <typename K, typename A, typename Op> struct rbk_policy {
    static constexpr int kc = size_class(sizeof(K)), ac = size_class(sizeof(A));
    static constexpr bool tuned = basic_op_for_v<Op, A>() && is_primitive_v<K> && is_primitive_v<A> && kc >= 0 && ac >= 0;
    static constexpr int T[4][4] = {{256, 320, 192, 128}, {128, 256, 256, 128}, {256, 256, 256, 128}, {256, 256, 128, 128}};
    static constexpr int I[4][4] = {{13, 23, 14, 13}, {23, 11, 14, 19}, {13, 18, 18, 13}, {10, 9, 13, 23}};
    /* The 16-byte rows (a 16-byte type is never primitive to CUB, __int128 included): a 16-byte key
     * with a primitive 1..8-byte accumulator, or a 16-byte accumulator with a primitive 1..8-byte
     * key or a 16-byte key: 128 threads x 11 items. */
    static constexpr bool tuned16 =
        basic_op_for_v<Op, A>() && ((sizeof(K) == 16 && is_primitive_v<A> && ac >= 0) ||
                                    (sizeof(A) == 16 && ((is_primitive_v<K> && kc >= 0) || sizeof(K) == 16)));
    static constexpr int combined = int(sizeof(K) + sizeof(A));
    static constexpr int threads = tuned ? T[kc][ac] : 128;
    static constexpr int items = tuned     ? I[kc][ac]
                                 : tuned16 ? 11
                                 : std::max(sizeof(K), sizeof(A)) <= 8
                                     ? 6
                                     : std::max(1, std::min(6, (48 + combined - 1) / combined));
};
/* The sm_90 ScanByKey tuning (tuning_scan_by_key.cuh sm90_tuning): by key and input value size for
 * plus / minimum / maximum on a primitive value; else the default 256 threads x 9 items. */
template <typename K, typename V, typename A, typename Op> struct sbk_policy {
    /* Key size classes 1, 2, 4, 8 and 16 bytes (any 16-byte key: CUB's key_size::_16 rows). */
    static constexpr int kc = sizeof(K) == 16 ? 4 : size_class(sizeof(K)), vc = size_class(sizeof(V));
    static constexpr bool tuned = basic_op_for_v<Op, A>() && is_primitive_v<V> && kc >= 0 && vc >= 0;
    static constexpr int T[5][4] = {
        {128, 256, 128, 224}, {128, 128, 128, 224}, {128, 256, 288, 224}, {128, 224, 192, 224}, {192, 224, 256, 192}};
    static constexpr int I[5][4] = {{12, 16, 15, 10}, {12, 20, 22, 10}, {12, 14, 14, 14}, {12, 10, 10, 11}, {7, 10, 9, 9}};
    static constexpr int combined = int(sizeof(K) + sizeof(A));
    static constexpr int threads = tuned ? T[kc][vc] : 256;
    static constexpr int items = tuned ? I[kc][vc]
                                 : std::max(sizeof(K), sizeof(A)) <= 8 ? 9 : std::min(9, std::max(1, 72 / combined));
};

/* DispatchReduceByKey with AgentReduceByKey, restated. Each tile (THREADS x ITEMS, blocked) flags
 * the heads of its runs (BlockDiscontinuity against the key before the tile; tile 0's first item
 * is no head; in the last, partial tile the item just past the end is one, marking the end of the
 * last run), exclusive-scans the (head flag, value) pairs with ReduceBySegmentOp as
 * BLOCK_SCAN_WARP_SCANS (scan_tile: each thread's items folded in order, warp Kogge-Stone scans,
 * the warp totals in order), and each head writes the run before it: the key before the head (so
 * a run's key is its LAST key, which matters for -0.0 / +0.0 under ==) and the exclusive value.
 * A full last tile writes its last run from the running total. The tile prefix is modelled as the
 * predecessor tile's inclusive pair (on the GPU a tile that finds its predecessor with only its
 * aggregate published folds further back, which may round floats otherwise). */
template <typename P, typename K, typename A, typename KeysIt, typename UniqueIt, typename ValuesIt, typename AggIt,
          typename NumRunsIt, typename Eq, typename Op, typename Off>
cudaError_t reduce_by_key(void *d_temp_storage, size_t &temp_storage_bytes, KeysIt keys_in, UniqueIt unique_out,
                          ValuesIt values_in, AggIt aggregates_out, NumRunsIt num_runs_out, Eq eq, Op op, Off n)
{
    constexpr int TILE = P::threads * P::items;
    using FV = flag_value<Off, A>;
    size_t tiles = (size_t(n) + TILE - 1) / TILE;
    size_t sizes[1] = {by_key_tile_state_bytes<A, Off>(tiles)};
    cudaError_t error;
    if (size_only(d_temp_storage, temp_storage_bytes, alias_bytes(sizes), error))
        return error;
    *num_runs_out = 0;
    if (n == 0)
        return cudaSuccess;
    segment_op<Off, A, Op, false> sop{op};
    std::vector<K> keys(TILE), prev(TILE);
    std::vector<FV> v(TILE);
    std::vector<char> head(TILE);
    FV carried{};
    for (size_t k = 0; k < tiles; k++) {
        size_t base = k * TILE;
        int valid = int(std::min<size_t>(TILE, size_t(n) - base));
        for (int i = 0; i < valid; i++)
            keys[i] = K(keys_in[base + i]);
        K pred = k == 0 ? keys[0] : K(keys_in[base - 1]);
        for (int i = 0; i < TILE; i++) {
            prev[i] = i == 0 ? pred : keys[i - 1];
            head[i] = i < valid ? !eq(prev[i], keys[i]) : i == valid;
            v[i].key = Off(head[i]);
            v[i].value = i < valid ? A(values_in[base + i]) : A{};
        }
        if (k == 0)
            head[0] = 0, v[0].key = 0;
        FV pre = carried;
        FV total = scan_tile<FV, P::threads, P::items>(v.data(), k == 0 ? scan_kind::exclusive : scan_kind::exclusive_prefix,
                                                       pre, sop);
        for (int i = 0; i < TILE; i++)
            if (head[i]) {
                unique_out[v[i].key] = prev[i];
                aggregates_out[v[i].key] = v[i].value;
            }
        carried = total;
        if (k + 1 == tiles) {
            Off runs = total.key;
            if (valid == TILE) {
                unique_out[runs] = keys[TILE - 1];
                aggregates_out[runs] = total.value;
                runs++;
            }
            *num_runs_out = runs;
        }
    }
    return cudaSuccess;
}

/* DispatchScanByKey with AgentScanByKey, restated: per tile (blocked) the heads flagged against
 * the key before the tile (tile 0's first item is a head; in the last, partial tile the item just
 * past the end is flagged too, and items past the end are the tile's first key and value), the
 * (flag, value) pairs scanned with ScanBySegmentOp (scan_tile as above; inclusive or exclusive),
 * then for the exclusive forms each value becomes init at a head and op(init, value) elsewhere
 * (the initial value joins last). The tile prefix is modelled as the predecessor's inclusive pair,
 * as for ReduceByKey. Temporary storage: the tile states and one key per tile plus one. */
template <typename P, typename K, typename A, typename KeysIt, typename ValuesIt, typename OutIt, typename Eq,
          typename Op, typename Off>
cudaError_t scan_by_key(void *d_temp_storage, size_t &temp_storage_bytes, KeysIt keys_in, ValuesIt values_in,
                        OutIt values_out, Eq eq, Op op, const A *init, Off n)
{
    constexpr int TILE = P::threads * P::items;
    using FV = flag_value<int, A>;
    size_t tiles = (size_t(n) + TILE - 1) / TILE;
    size_t sizes[2] = {by_key_tile_state_bytes<A, int>(tiles), sizeof(K) * (tiles + 1)};
    cudaError_t error;
    if (size_only(d_temp_storage, temp_storage_bytes, alias_bytes(sizes), error))
        return error;
    if (n == 0)
        return cudaSuccess;
    segment_op<int, A, Op, true> sop{op};
    std::vector<K> keys(TILE);
    std::vector<FV> v(TILE);
    std::vector<char> head(TILE);
    std::vector<A> results(static_cast<size_t>(n));
    FV carried{};
    for (size_t k = 0; k < tiles; k++) {
        size_t base = k * TILE;
        int valid = int(std::min<size_t>(TILE, size_t(n) - base));
        for (int i = 0; i < TILE; i++) {
            keys[i] = K(keys_in[base + (i < valid ? i : 0)]);
            v[i].value = A(values_in[base + (i < valid ? i : 0)]);
        }
        for (int i = 0; i < TILE; i++) {
            if (i == 0)
                head[i] = k == 0 ? 1 : !eq(K(keys_in[base - 1]), keys[0]);
            else
                head[i] = !eq(keys[i - 1], keys[i]);
            if (valid < TILE && i == valid)
                head[i] = 1;
            v[i].key = head[i];
        }
        scan_kind kind = init ? (k == 0 ? scan_kind::exclusive : scan_kind::exclusive_prefix)
                              : (k == 0 ? scan_kind::inclusive : scan_kind::inclusive_prefix);
        carried = scan_tile<FV, P::threads, P::items>(v.data(), kind, carried, sop);
        for (int i = 0; i < valid; i++)
            results[base + i] = init ? (head[i] ? *init : A(op(*init, v[i].value))) : v[i].value;
    }
    for (size_t i = 0; i < size_t(n); i++)
        values_out[i] = results[i];
    return cudaSuccess;
}

} // namespace dm
} // namespace detail
} // namespace cub

#endif
