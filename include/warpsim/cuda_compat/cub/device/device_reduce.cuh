/* cub/device/device_reduce.cuh for `warpsim cc`: cub::DeviceReduce of CUB 3.0 (CCCL 3.0, CUDA
 * 13.0): Reduce(op, init), Sum, Min, Max, ArgMin and ArgMax (the two-output form taking the
 * extremum and its index, and the deprecated form writing a cub::KeyValuePair<int, T>),
 * TransformReduce. Each is a host function (warpsim's device memory is host memory and runs in
 * order) giving the bits of the H200 (sm_90): DispatchReduce's order, restated in
 * dispatch/device_model.cuh. The facts it rests on (cub/device/dispatch/dispatch_reduce.cuh,
 * tuning/tuning_reduce.cuh, agent/agent_reduce.cuh, kernels/reduce.cuh, grid/grid_even_share.cuh):
 *   - sm_90 takes Policy600 (Policy1000's tunings are for sm_100): 256 threads x 16 items for
 *     4-byte accumulators, scaled by size (8-byte: 256 x 8), vector loads of 4 items,
 *     BLOCK_REDUCE_WARP_REDUCTIONS; single-tile and second-pass policies are the same;
 *   - n <= one tile (float/int 4096, double 2048): one block; otherwise DeviceReduceKernel on
 *     min(tiles, occupancy x 132 x 5) blocks, block b taking tiles b, b + grid, ... (strip-mined),
 *     then one block over the grid's partials; out = op(init, aggregate);
 *   - occupancy from the kernel's registers (nvcc 13.0 ptxas -v, sm_90, -fmad=false): plus on
 *     int / float / double 32, min / max on float 32, on int 40, ArgMin / ArgMax 31; 256 threads
 *     a block: 8 blocks per SM (6 for 40 registers); so float sums of more than 4096 items run on
 *     min(ceil(n / 4096), 5280) blocks (1<<20 items: 256 blocks, one tile each);
 *   - temp_storage_bytes as CUB reports it: 1 for the single-tile case, else the 256-rounded
 *     partials (max_blocks x sizeof(accumulator)) + 255 (float sum: 21503; double: 42495).
 * ReduceByKey follows DispatchReduceByKey / AgentReduceByKey (sm_90 tuning by key and accumulator
 * size, e.g. 4-byte keys and values 256 threads x 18 items): see reduce_by_key in
 * dispatch/device_model.cuh; its temp_storage_bytes is the look-back tile states, (tiles + 32) x 16
 * bytes for 4-byte keys and values, rounded to 256, + 255. */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_REDUCE_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_REDUCE_CUH

#include <cstdint>
#include <limits>

#include "dispatch/device_model.cuh"

namespace cub {
namespace detail {
/* Offsets for num_items: 32-bit unsigned up to 4-byte counts, else 64-bit (choose_offset_t). */
template <typename NumItemsT>
using choose_offset_t = std::conditional_t<(sizeof(NumItemsT) <= 4), uint32_t, unsigned long long>;
} // namespace detail

struct DeviceReduce {
  private:
    template <typename Out> struct store_to {
        Out out;
        template <typename A> void operator()(const A &a) const { *out = a; }
    };

  public:
    template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename T, typename NumItemsT>
    static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op, T init,
                              cudaStream_t stream = 0)
    {
        (void)stream;
        using Off = detail::choose_offset_t<NumItemsT>;
        using In = detail::dm::it_value_t<InputIteratorT>;
        using A = std::decay_t<std::invoke_result_t<ReductionOpT, T, In>>;
        return detail::dm::reduce<A>(d_temp_storage, temp_storage_bytes, d_in, Off(num_items), reduction_op, init,
                                     false, detail::dm::identity_tr{}, store_to<OutputIteratorT>{d_out});
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        using In = detail::dm::it_value_t<InputIteratorT>;
        using InitT = detail::dm::out_value_t<OutputIteratorT, In>;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, ::cuda::std::plus<>{}, InitT{},
                      stream);
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        using In = detail::dm::it_value_t<InputIteratorT>;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, ::cuda::minimum<>{},
                      std::numeric_limits<In>::max(), stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename NumItemsT>
    static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, NumItemsT num_items, cudaStream_t stream = 0)
    {
        using In = detail::dm::it_value_t<InputIteratorT>;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, ::cuda::maximum<>{},
                      std::numeric_limits<In>::lowest(), stream);
    }

  private:
    /* The two-output ArgMin / ArgMax: dispatch_streaming_arg_reduce_t, partitions of up to
     * INT_MAX rounded down to 4096 items, each a DispatchReduce over KeyValuePair<int, T> with
     * no initial value; the partition results fold with the operator. Temporary storage: the
     * reduce's own, then two KeyValuePair<int64, T>. No items: nothing is written. */
    template <typename Op, typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t arg_streaming(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                     ExtremumOutIteratorT d_ext_out, IndexOutIteratorT d_index_out, int64_t num_items,
                                     typename std::iterator_traits<InputIteratorT>::value_type init_value)
    {
        using In = detail::dm::it_value_t<InputIteratorT>;
        using V = detail::dm::out_value_t<ExtremumOutIteratorT, In>;
        using A = KeyValuePair<int, V>;
        using G = KeyValuePair<int64_t, V>;
        using ArgIt = ArgIndexInputIterator<InputIteratorT, int, V>;
        constexpr int64_t max_partition = INT32_MAX - INT32_MAX % 4096;
        int64_t largest = num_items <= max_partition ? num_items : max_partition;
        A init(1, V(init_value));
        size_t inner = 0;
        detail::dm::reduce<A>(nullptr, inner, ArgIt(d_in), int(largest), Op{}, init, true, detail::dm::identity_tr{},
                              [](const A &) {});
        size_t sizes[2] = {inner, 2 * sizeof(G)};
        cudaError_t error;
        if (detail::dm::size_only(d_temp_storage, temp_storage_bytes, detail::dm::alias_bytes(sizes), error))
            return error;
        G total(0, V{});
        bool first = true;
        for (int64_t at = 0; at < num_items; at += max_partition) {
            int part = int(std::min<int64_t>(num_items - at, max_partition));
            A agg;
            size_t bytes = inner;
            error = detail::dm::reduce<A>(d_temp_storage, bytes, ArgIt(d_in + at), part, Op{}, init, true,
                                          detail::dm::identity_tr{}, [&](const A &a) { agg = a; });
            if (error != cudaSuccess)
                return error;
            G promoted(at + agg.key, agg.value);
            total = first ? promoted : Op{}(total, promoted);
            first = false;
        }
        if (!first) {
            *d_ext_out = total.value;
            *d_index_out = total.key;
        }
        return cudaSuccess;
    }
    /* The deprecated one-output form: DispatchReduce over ArgIndexInputIterator<It, int>, the
     * result a KeyValuePair; no items give {1, init_value}. */
    template <typename Op, typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t arg_pair(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                OutputIteratorT d_out, int num_items,
                                typename std::iterator_traits<InputIteratorT>::value_type init_value)
    {
        using In = detail::dm::it_value_t<InputIteratorT>;
        using A = detail::dm::out_value_t<OutputIteratorT, KeyValuePair<int, In>>;
        using ArgIt = ArgIndexInputIterator<InputIteratorT, int, typename A::Value>;
        return detail::dm::reduce<A>(d_temp_storage, temp_storage_bytes, ArgIt(d_in), uint32_t(num_items), Op{},
                                     A(1, typename A::Value(init_value)), true, detail::dm::identity_tr{},
                                     store_to<OutputIteratorT>{d_out});
    }

  public:
    template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              ExtremumOutIteratorT d_min_out, IndexOutIteratorT d_index_out, int64_t num_items,
                              cudaStream_t stream = 0)
    {
        (void)stream;
        using In = detail::dm::it_value_t<InputIteratorT>;
        return arg_streaming<cub::ArgMin>(d_temp_storage, temp_storage_bytes, d_in, d_min_out, d_index_out, num_items,
                                          std::numeric_limits<In>::max());
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using In = detail::dm::it_value_t<InputIteratorT>;
        return arg_pair<cub::ArgMin>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items,
                                     std::numeric_limits<In>::max());
    }
    template <typename InputIteratorT, typename ExtremumOutIteratorT, typename IndexOutIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              ExtremumOutIteratorT d_max_out, IndexOutIteratorT d_index_out, int64_t num_items,
                              cudaStream_t stream = 0)
    {
        (void)stream;
        using In = detail::dm::it_value_t<InputIteratorT>;
        return arg_streaming<cub::ArgMax>(d_temp_storage, temp_storage_bytes, d_in, d_max_out, d_index_out, num_items,
                                          std::numeric_limits<In>::lowest());
    }
    template <typename InputIteratorT, typename OutputIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using In = detail::dm::it_value_t<InputIteratorT>;
        return arg_pair<cub::ArgMax>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items,
                                     std::numeric_limits<In>::lowest());
    }

    template <typename InputIteratorT, typename OutputIteratorT, typename ReductionOpT, typename TransformOpT,
              typename T, typename NumItemsT>
    static cudaError_t TransformReduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                       OutputIteratorT d_out, NumItemsT num_items, ReductionOpT reduction_op,
                                       TransformOpT transform_op, T init, cudaStream_t stream = 0)
    {
        (void)stream;
        using Off = detail::choose_offset_t<NumItemsT>;
        using In = detail::dm::it_value_t<InputIteratorT>;
        using X = std::invoke_result_t<TransformOpT, In>;
        using A = std::decay_t<std::invoke_result_t<ReductionOpT, T, X>>;
        return detail::dm::reduce<A>(d_temp_storage, temp_storage_bytes, d_in, Off(num_items), reduction_op, init,
                                     false, transform_op, store_to<OutputIteratorT>{d_out});
    }

    /* ReduceByKey: runs of equal keys (cuda::std::equal_to<>), each run's key (its last key)
     * and its values reduced, in DispatchReduceByKey's order (dispatch/device_model.cuh
     * reduce_by_key); *d_num_runs_out the number of runs. */
    template <typename KeysInputIteratorT, typename UniqueOutputIteratorT, typename ValuesInputIteratorT,
              typename AggregatesOutputIteratorT, typename NumRunsOutputIteratorT, typename ReductionOpT,
              typename NumItemsT>
    static cudaError_t ReduceByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInputIteratorT d_keys_in,
                                   UniqueOutputIteratorT d_unique_out, ValuesInputIteratorT d_values_in,
                                   AggregatesOutputIteratorT d_aggregates_out, NumRunsOutputIteratorT d_num_runs_out,
                                   ReductionOpT reduction_op, NumItemsT num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using Off = detail::choose_offset_t<NumItemsT>;
        using K = detail::dm::out_value_t<UniqueOutputIteratorT, detail::dm::it_value_t<KeysInputIteratorT>>;
        using V = detail::dm::it_value_t<ValuesInputIteratorT>;
        using A = std::decay_t<std::invoke_result_t<ReductionOpT, V, V>>;
        using P = detail::dm::rbk_policy<K, A, ReductionOpT>;
        return detail::dm::reduce_by_key<P, K, A>(d_temp_storage, temp_storage_bytes, d_keys_in, d_unique_out,
                                                  d_values_in, d_aggregates_out, d_num_runs_out,
                                                  ::cuda::std::equal_to<>{}, reduction_op, Off(num_items));
    }
};

} // namespace cub

#endif
