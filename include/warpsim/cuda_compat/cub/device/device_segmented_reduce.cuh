/* cub/device/device_segmented_reduce.cuh for `warpsim cc`: cub::DeviceSegmentedReduce of CUB 3.0
 * (CCCL 3.0, CUDA 13.0): Reduce(op, init), Sum, Min, Max, ArgMin, ArgMax over segments
 * [d_begin_offsets[i], d_end_offsets[i]). Host functions in the H200's (sm_90) order
 * (dispatch_reduce.cuh DispatchSegmentedReduce, kernels/segmented_reduce.cuh): one block a
 * segment with the reduce policy (256 threads x 16 items for 4-byte accumulators, vector loads
 * when the segment's first item is aligned to 4 items), AgentReduce's ConsumeRange as
 * DeviceReduce's single-tile pass (dispatch/device_model.cuh), then out[i] = op(init, aggregate);
 * an empty segment (begin == end) gets init. ArgMin / ArgMax give KeyValuePair<int, T> with the
 * index relative to the segment's begin, and {1, max / lowest} for an empty segment.
 * temp_storage_bytes: 1 (CUB's), left unchanged when num_segments <= 0, as CUB returns first. */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_SEGMENTED_REDUCE_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_SEGMENTED_REDUCE_CUH

#include <cstdint>
#include <limits>

#include "dispatch/device_model.cuh"

namespace cub {

struct DeviceSegmentedReduce {
  private:
    template <typename A, bool ARG, typename InIt, typename OutIt, typename BeginIt, typename EndIt, typename Op,
              typename Init>
    static cudaError_t run(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
                           int64_t num_segments, BeginIt d_begin, EndIt d_end, Op op, Init init)
    {
        if (num_segments <= 0)
            return cudaSuccess;
        if (!d_temp_storage) {
            temp_storage_bytes = 1;
            return cudaSuccess;
        }
        using Off = std::common_type_t<detail::dm::it_value_t<BeginIt>, detail::dm::it_value_t<EndIt>>;
        detail::dm::identity_tr id;
        for (int64_t s = 0; s < num_segments; s++) {
            Off begin = d_begin[s], end = d_end[s];
            if (begin == end) {
                d_out[s] = A(init);
                continue;
            }
            detail::dm::reduce_agent<A, InIt, Op, detail::dm::identity_tr> agent(d_in, op, id);
            A agg = agent.range(begin, end);
            if constexpr (ARG) {
                agg.key -= int(begin);
                d_out[s] = agg;
            } else
                d_out[s] = op(A(init), agg);
        }
        return cudaSuccess;
    }
    template <typename Op, typename InIt, typename OutIt, typename BeginIt, typename EndIt, typename V>
    static cudaError_t arg(void *t, size_t &b, InIt d_in, OutIt d_out, int64_t n, BeginIt bi, EndIt ei, V init_value)
    {
        using In = detail::dm::it_value_t<InIt>;
        using A = detail::dm::out_value_t<OutIt, KeyValuePair<int, In>>;
        using ArgIt = ArgIndexInputIterator<InIt, int, typename A::Value>;
        return run<A, true>(t, b, ArgIt(d_in), d_out, n, bi, ei, Op{}, A(1, typename A::Value(init_value)));
    }

  public:
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT, typename ReductionOpT, typename T>
    static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                              EndOffsetIteratorT d_end_offsets, ReductionOpT reduction_op, T initial_value,
                              cudaStream_t stream = 0)
    {
        (void)stream;
        using In = detail::dm::it_value_t<InputIteratorT>;
        using A = std::decay_t<std::invoke_result_t<ReductionOpT, T, In>>;
        return run<A, false>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
                             d_end_offsets, reduction_op, initial_value);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                           EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        using In = detail::dm::it_value_t<InputIteratorT>;
        using OutT = detail::dm::out_value_t<OutputIteratorT, In>;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,
                      ::cuda::std::plus<>{}, OutT(), stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                           EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        using In = detail::dm::it_value_t<InputIteratorT>;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,
                      ::cuda::minimum<>{}, std::numeric_limits<In>::max(), stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                           OutputIteratorT d_out, int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                           EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        using In = detail::dm::it_value_t<InputIteratorT>;
        return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets, d_end_offsets,
                      ::cuda::maximum<>{}, std::numeric_limits<In>::lowest(), stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                              EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        (void)stream;
        using In = detail::dm::it_value_t<InputIteratorT>;
        return arg<cub::ArgMin>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
                                d_end_offsets, std::numeric_limits<In>::max());
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename BeginOffsetIteratorT,
              typename EndOffsetIteratorT>
    static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, int64_t num_segments, BeginOffsetIteratorT d_begin_offsets,
                              EndOffsetIteratorT d_end_offsets, cudaStream_t stream = 0)
    {
        (void)stream;
        using In = detail::dm::it_value_t<InputIteratorT>;
        return arg<cub::ArgMax>(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
                                d_end_offsets, std::numeric_limits<In>::lowest());
    }
};

} // namespace cub

#endif
