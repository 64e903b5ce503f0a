/* cub/warp/warp_reduce.cuh for `warpsim cc`: cub::WarpReduce<T, LOGICAL_WARP_THREADS> as in CUB
 * 3.0 (CCCL 3.0, CUDA 13.0): Sum, Reduce (all lanes, or valid_items), HeadSegmentedSum/Reduce,
 * TailSegmentedSum/Reduce. A power of two of lanes reduces by shuffles
 * (specializations/warp_reduce_shfl.cuh), another number through shared memory
 * (warp_reduce_smem.cuh); one lane returns its input. Each call takes the caller's file and
 * line as default arguments: a diagnostic names the user's line. */
#ifndef WARPSIM_CUB_WARP_WARP_REDUCE_CUH
#define WARPSIM_CUB_WARP_WARP_REDUCE_CUH

#include "specializations/warp_reduce_shfl.cuh"
#include "specializations/warp_reduce_smem.cuh"

namespace cub {
namespace detail {
/* A logical warp of one lane: its input, no collective. */
template <typename T> struct WarpReduceSingle {
    using TempStorage = NullType;
    WarpReduceSingle(TempStorage &, call_site) {}
    template <bool ALL_LANES_VALID, typename Op> T Reduce(T input, int, Op) { return input; }
    template <bool HEAD_SEGMENTED, typename FlagT, typename Op> T SegmentedReduce(T input, FlagT, Op) { return input; }
};
} // namespace detail

template <typename T, int LOGICAL_WARP_THREADS = detail::warp_threads> class WarpReduce {
  public:
    using InternalWarpReduce = std::conditional_t<
        LOGICAL_WARP_THREADS == 1, detail::WarpReduceSingle<T>,
        std::conditional_t<PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE, detail::WarpReduceShfl<T, LOGICAL_WARP_THREADS>,
                           detail::WarpReduceSmem<T, LOGICAL_WARP_THREADS>>>;

  private:
    using _TempStorage = typename InternalWarpReduce::TempStorage;
    _TempStorage &temp_storage;
    InternalWarpReduce internal(const char *file, int line) { return InternalWarpReduce(temp_storage, {file, line}); }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    WarpReduce(TempStorage &storage) : temp_storage(storage.Alias()) {}

    T Sum(T input, WS_CUDA_SITE)
    {
        return internal(ws_file_, ws_line_).template Reduce<true>(input, LOGICAL_WARP_THREADS, ::cuda::std::plus<>{});
    }
    T Sum(T input, int valid_items, WS_CUDA_SITE)
    {
        return internal(ws_file_, ws_line_).template Reduce<false>(input, valid_items, ::cuda::std::plus<>{});
    }
    template <typename FlagT> T HeadSegmentedSum(T input, FlagT head_flag, WS_CUDA_SITE)
    {
        return HeadSegmentedReduce(input, head_flag, ::cuda::std::plus<>{}, ws_file_, ws_line_);
    }
    template <typename FlagT> T TailSegmentedSum(T input, FlagT tail_flag, WS_CUDA_SITE)
    {
        return TailSegmentedReduce(input, tail_flag, ::cuda::std::plus<>{}, ws_file_, ws_line_);
    }
    template <typename ReductionOp> T Reduce(T input, ReductionOp reduction_op, WS_CUDA_SITE)
    {
        return internal(ws_file_, ws_line_).template Reduce<true>(input, LOGICAL_WARP_THREADS, reduction_op);
    }
    template <typename ReductionOp> T Reduce(T input, ReductionOp reduction_op, int valid_items, WS_CUDA_SITE)
    {
        return internal(ws_file_, ws_line_).template Reduce<false>(input, valid_items, reduction_op);
    }
    template <typename ReductionOp, typename FlagT>
    T HeadSegmentedReduce(T input, FlagT head_flag, ReductionOp reduction_op, WS_CUDA_SITE)
    {
        return internal(ws_file_, ws_line_).template SegmentedReduce<true>(input, head_flag, reduction_op);
    }
    template <typename ReductionOp, typename FlagT>
    T TailSegmentedReduce(T input, FlagT tail_flag, ReductionOp reduction_op, WS_CUDA_SITE)
    {
        return internal(ws_file_, ws_line_).template SegmentedReduce<false>(input, tail_flag, reduction_op);
    }
};

} // namespace cub

#endif
