/* cub/device/device_scan.cuh for `warpsim cc`: cub::DeviceScan of CUB 3.0 (CCCL 3.0, CUDA 13.0):
 * ExclusiveSum, ExclusiveScan (with an initial value, or a cub::FutureValue), InclusiveSum,
 * InclusiveScan, InclusiveScanInit, each also in place (d_data). Host functions (warpsim's device
 * memory is host memory) giving the H200's (sm_90) bits: DispatchScan's single pass with
 * decoupled look-back, restated:
 *   - policy (tuning/tuning_scan.cuh, Policy900): for cuda::std::plus, cuda::minimum,
 *     cuda::maximum on a primitive accumulator the sm_90 tuning by accumulator size, scaled
 *     (MemBoundScaling): 4 bytes (int, float) 128 threads x 24 items, 8 bytes (double) 224 x 12,
 *     2 bytes 512 x 24, 1 byte 192 x 44; any other operator or accumulator the default 128 threads
 *     x 15 items for 4 bytes (scaled); BLOCK_SCAN_WARP_SCANS; the tile loaded blocked (thread t
 *     holds items t x ITEMS ..), a last partial tile padded with its first item;
 *   - in a tile (agent/agent_scan.cuh, block/block_scan.cuh): each thread's items folded by
 *     cub::ThreadReduce, the thread totals scanned by warps (Kogge-Stone shuffles) and the warp
 *     totals folded in order, then each thread scans its items sequentially from its prefix;
 *   - between tiles: the tile's exclusive prefix comes from the look-back. On the GPU a tile that
 *     finds its predecessor with only its aggregate published folds further back, which can round
 *     floats differently from run to run (the H100 gave two results for one float sum of 1<<20
 *     items: docs/conformance.md); warpsim models the case where every predecessor has
 *     published its inclusive prefix, so tile k's prefix is tile k-1's inclusive value, and tile k
 *     publishes op(prefix, tile aggregate);
 *   - temp_storage_bytes as CUB reports it: the tile states ((32 + tiles) x 8 bytes for 4-byte
 *     primitives, x 16 for 8-byte) aliased twice, e.g. float 1<<20: 3327 bytes.
 * The ...ByKey scans follow DispatchScanByKey / AgentScanByKey (sm_90 tuning by key and value size,
 * e.g. 4-byte keys and values 288 threads x 14 items): see scan_by_key in dispatch/device_model.cuh
 * (same modelled look-back). temp_storage_bytes: the tile states ((tiles + 32) x 16 bytes for
 * 4-byte keys and values) and (tiles + 1) keys, each rounded to 256, + 255. */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_SCAN_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_SCAN_CUH

#include <cstdint>

#include "device_reduce.cuh" /* detail::choose_offset_t */
#include "dispatch/device_model.cuh"

namespace cub {

/* An initial value read from device memory when the scan runs. */
template <typename T, typename IterT = T *> class FutureValue {
  public:
    using value_type = T;
    using iterator_type = IterT;
    explicit FutureValue(IterT iter) : m_iter{iter} {}
    operator T() { return *m_iter; }

  private:
    IterT m_iter;
};

namespace detail {
namespace dm {

template <typename A, typename Op, bool tuned = is_primitive_v<A> && sizeof(A) <= 8> struct scan_policy;
template <typename A, typename Op> struct scan_policy<A, Op, true> {
    static constexpr bool prim_op =
        is_one_of<Op, ::cuda::std::plus<>, ::cuda::minimum<>, ::cuda::maximum<>, ::cuda::std::plus<A>,
                  ::cuda::minimum<A>, ::cuda::maximum<A>>();
    static constexpr int t4 = !prim_op ? 128 : sizeof(A) == 1 ? 192 : sizeof(A) == 2 ? 512 : sizeof(A) == 4 ? 128 : 224;
    static constexpr int i4 = !prim_op ? 15 : sizeof(A) == 1 ? 22 : sizeof(A) == 2 ? 12 : 24;
    static constexpr int threads = mem_bound<t4, i4, A>::threads;
    static constexpr int items = mem_bound<t4, i4, A>::items;
};
template <typename A, typename Op> struct scan_policy<A, Op, false> {
    static constexpr int threads = mem_bound<128, 15, A>::threads;
    static constexpr int items = mem_bound<128, 15, A>::items;
};

/* Bytes of ScanTileState<A> for `tiles` tiles, then aliased once more by DispatchScan. */
template <typename A> size_t scan_temp_bytes(size_t tiles)
{
    size_t states = 32 + tiles;
    size_t parts[3] = {0, 0, 0};
    if (is_primitive_v<A> && sizeof(A) <= 8)
        parts[0] = states * (sizeof(A) == 8 ? 16 : sizeof(A) == 4 ? 8 : 4);
    else {
        parts[0] = states * sizeof(unsigned);
        parts[1] = parts[2] = states * sizeof(A);
    }
    size_t outer[1] = {alias_bytes(parts)};
    return alias_bytes(outer);
}

enum class scan_mode { exclusive, inclusive, inclusive_init };

/* DispatchScan: tiles in order, each scanned by scan_tile with its predecessor's inclusive value
 * as prefix. */
template <typename A, typename InIt, typename OutIt, typename Off, typename Op>
cudaError_t scan(void *d_temp_storage, size_t &temp_storage_bytes, InIt in, OutIt out, Off n, Op op, const A *init,
                 scan_mode mode)
{
    using P = scan_policy<A, Op>;
    constexpr int TILE = P::threads * P::items;
    size_t tiles = (size_t(n) + TILE - 1) / TILE;
    cudaError_t error;
    if (size_only(d_temp_storage, temp_storage_bytes, scan_temp_bytes<A>(tiles), error))
        return error;
    if (n == 0)
        return cudaSuccess;
    std::vector<A> v(TILE), results(static_cast<size_t>(n));
    A carried{};
    for (size_t k = 0; k < tiles; k++) {
        size_t base = k * TILE;
        size_t valid = std::min<size_t>(TILE, size_t(n) - base);
        for (size_t i = 0; i < size_t(TILE); i++)
            v[i] = A(in[base + (i < valid ? i : 0)]);
        scan_kind kind = k > 0 ? (mode == scan_mode::exclusive ? scan_kind::exclusive_prefix : scan_kind::inclusive_prefix)
                         : mode == scan_mode::exclusive ? scan_kind::exclusive_init
                         : mode == scan_mode::inclusive ? scan_kind::inclusive
                                                        : scan_kind::inclusive_init;
        A pre = k > 0 ? carried : init ? *init : A{};
        carried = scan_tile<A, P::threads, P::items>(v.data(), kind, pre, op);
        /* Results are stored after every tile's loads (in place works as on the GPU only for
           whole tiles read before written, which holds for one tile per block). */
        for (size_t i = 0; i < valid; i++)
            results[base + i] = v[i];
    }
    for (size_t i = 0; i < size_t(n); i++)
        out[i] = results[i];
    return cudaSuccess;
}

} // namespace dm
} // namespace detail

struct DeviceScan {
  private:
    template <typename InitT> static InitT init_value_of(InitT v) { return v; }
    template <typename T, typename It> static T init_value_of(FutureValue<T, It> v) { return T(v); }
    template <typename InitT> struct init_type { using type = InitT; };
    template <typename T, typename It> struct init_type<FutureValue<T, It>> { using type = T; };

    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
              typename NumItemsT>
    static cudaError_t exclusive(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                 OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value, NumItemsT num_items)
    {
        using Off = detail::choose_offset_t<NumItemsT>;
        using In = detail::dm::it_value_t<InputIteratorT>;
        using InitT = typename init_type<InitValueT>::type;
        using A = std::decay_t<std::invoke_result_t<ScanOpT, InitT, In>>;
        A init = d_temp_storage ? A(init_value_of(init_value)) : A{};
        return detail::dm::scan<A>(d_temp_storage, temp_storage_bytes, d_in, d_out, Off(num_items), scan_op, &init,
                                   detail::dm::scan_mode::exclusive);
    }

  public:
    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                    OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using In = detail::dm::it_value_t<InputIteratorT>;
        return exclusive(d_temp_storage, temp_storage_bytes, d_in, d_out, ::cuda::std::plus<>{}, In{}, num_items);
    }
    template <typename IteratorT, typename NumItemsT>
    static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                    NumItemsT num_items, cudaStream_t stream = 0)
    {
        return ExclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
              typename NumItemsT>
    static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value,
                                     NumItemsT num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        return exclusive(d_temp_storage, temp_storage_bytes, d_in, d_out, scan_op, init_value, num_items);
    }
    template <typename IteratorT, typename ScanOpT, typename InitValueT, typename NumItemsT>
    static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                     ScanOpT scan_op, InitValueT init_value, NumItemsT num_items,
                                     cudaStream_t stream = 0)
    {
        return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, init_value, num_items,
                             stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                    OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, ::cuda::std::plus<>{}, num_items,
                             stream);
    }
    template <typename IteratorT, typename NumItemsT>
    static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                    NumItemsT num_items, cudaStream_t stream = 0)
    {
        return InclusiveSum(d_temp_storage, temp_storage_bytes, d_data, d_data, num_items, stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename NumItemsT>
    static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     OutputIteratorT d_out, ScanOpT scan_op, NumItemsT num_items,
                                     cudaStream_t stream = 0)
    {
        (void)stream;
        using Off = detail::choose_offset_t<NumItemsT>;
        using In = detail::dm::it_value_t<InputIteratorT>;
        using A = std::decay_t<std::invoke_result_t<ScanOpT, In, In>>;
        return detail::dm::scan<A>(d_temp_storage, temp_storage_bytes, d_in, d_out, Off(num_items), scan_op,
                                   (const A *)nullptr, detail::dm::scan_mode::inclusive);
    }
    template <typename IteratorT, typename ScanOpT, typename NumItemsT>
    static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                     ScanOpT scan_op, NumItemsT num_items, cudaStream_t stream = 0)
    {
        return InclusiveScan(d_temp_storage, temp_storage_bytes, d_data, d_data, scan_op, num_items, stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename ScanOpT, typename InitValueT,
              typename NumItemsT>
    static cudaError_t InclusiveScanInit(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                         OutputIteratorT d_out, ScanOpT scan_op, InitValueT init_value,
                                         NumItemsT num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using Off = detail::choose_offset_t<NumItemsT>;
        using In = detail::dm::it_value_t<InputIteratorT>;
        using A = std::decay_t<std::invoke_result_t<ScanOpT, InitValueT, In>>;
        A init = A(init_value);
        return detail::dm::scan<A>(d_temp_storage, temp_storage_bytes, d_in, d_out, Off(num_items), scan_op, &init,
                                   detail::dm::scan_mode::inclusive_init);
    }

    /* The by-key scans: DispatchScanByKey's order (dispatch/device_model.cuh scan_by_key). The
     * exclusive forms combine the initial value last: op(init, scan of the run so far). */
  private:
    template <typename KeysIt, typename ValuesIt, typename OutIt, typename Op, typename A, typename EqualityOpT,
              typename NumItemsT>
    static cudaError_t by_key(void *d_temp_storage, size_t &temp_storage_bytes, KeysIt d_keys_in, ValuesIt d_values_in,
                              OutIt d_values_out, Op op, const A *init, NumItemsT num_items, EqualityOpT eq)
    {
        using Off = detail::choose_offset_t<NumItemsT>;
        using K = detail::dm::it_value_t<KeysIt>;
        using V = detail::dm::it_value_t<ValuesIt>;
        using P = detail::dm::sbk_policy<K, V, A, Op>;
        return detail::dm::scan_by_key<P, K, A>(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in,
                                                d_values_out, eq, op, init, Off(num_items));
    }

  public:
    template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
              typename EqualityOpT = ::cuda::std::equal_to<>, typename NumItemsT = uint32_t>
    static cudaError_t ExclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                         KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                         ValuesOutputIteratorT d_values_out, NumItemsT num_items,
                                         EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
    {
        using V = detail::dm::it_value_t<ValuesInputIteratorT>;
        return ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                  ::cuda::std::plus<>{}, V{}, num_items, equality_op, stream);
    }
    template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
              typename ScanOpT, typename InitValueT, typename EqualityOpT = ::cuda::std::equal_to<>,
              typename NumItemsT = uint32_t>
    static cudaError_t ExclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                          KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                          ValuesOutputIteratorT d_values_out, ScanOpT scan_op, InitValueT init_value,
                                          NumItemsT num_items, EqualityOpT equality_op = EqualityOpT(),
                                          cudaStream_t stream = 0)
    {
        (void)stream;
        using V = detail::dm::it_value_t<ValuesInputIteratorT>;
        using A = std::decay_t<std::invoke_result_t<ScanOpT, InitValueT, V>>;
        A init = A(init_value);
        return by_key(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out, scan_op, &init,
                      num_items, equality_op);
    }
    template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
              typename EqualityOpT = ::cuda::std::equal_to<>, typename NumItemsT = uint32_t>
    static cudaError_t InclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                         KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                         ValuesOutputIteratorT d_values_out, NumItemsT num_items,
                                         EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
    {
        return InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
                                  ::cuda::std::plus<>{}, num_items, equality_op, stream);
    }
    template <typename KeysInputIteratorT, typename ValuesInputIteratorT, typename ValuesOutputIteratorT,
              typename ScanOpT, typename EqualityOpT = ::cuda::std::equal_to<>, typename NumItemsT = uint32_t>
    static cudaError_t InclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes,
                                          KeysInputIteratorT d_keys_in, ValuesInputIteratorT d_values_in,
                                          ValuesOutputIteratorT d_values_out, ScanOpT scan_op, NumItemsT num_items,
                                          EqualityOpT equality_op = EqualityOpT(), cudaStream_t stream = 0)
    {
        (void)stream;
        using V = detail::dm::it_value_t<ValuesInputIteratorT>;
        using A = std::decay_t<std::invoke_result_t<ScanOpT, V, V>>;
        return by_key(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out, scan_op,
                      (const A *)nullptr, num_items, equality_op);
    }
};

} // namespace cub

#endif
