/* cub/block/block_reduce.cuh for `warpsim cc`: cub::BlockReduce<T, BLOCK_DIM_X, ALGORITHM,
 * BLOCK_DIM_Y, BLOCK_DIM_Z> as in CUB 3.0 (CCCL 3.0, CUDA 13.0): Sum and Reduce of one item per
 * thread, of an item array (cub::ThreadReduce first: thread/thread_reduce.cuh), and of the first
 * num_valid threads; BLOCK_REDUCE_WARP_REDUCTIONS (the default), BLOCK_REDUCE_RAKING,
 * BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY (block/specializations/). TempStorage is what the user
 * declares __shared__; without one, the block's own private copy (per block, as a function's
 * __shared__ variable). Each call takes the caller's file and line as default arguments. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_REDUCE_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_REDUCE_CUH

#include "../thread/thread_reduce.cuh"
#include "specializations/block_reduce_raking.cuh"
#include "specializations/block_reduce_raking_commutative_only.cuh"
#include "specializations/block_reduce_warp_reductions.cuh"

namespace cub {

enum BlockReduceAlgorithm {
    BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
    BLOCK_REDUCE_RAKING,
    BLOCK_REDUCE_WARP_REDUCTIONS,
};

namespace detail {
/* A TempStorage of the running block that no user declared (CUB's PrivateStorage): one per
 * storage type and block, placed as the rewriter places a function's __shared__ variable. */
template <typename S> inline S &private_storage()
{
    static const ws_cuda_shared_site site = {sizeof(S), alignof(S), "cub private_storage", __FILE__, __LINE__};
    return *static_cast<S *>(ws_cuda_shared_(&site));
}
} // namespace detail

template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockReduce {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    using InternalBlockReduce = std::conditional_t<
        ALGORITHM == BLOCK_REDUCE_WARP_REDUCTIONS,
        detail::BlockReduceWarpReductions<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>,
        std::conditional_t<ALGORITHM == BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY,
                           detail::BlockReduceRakingCommutativeOnly<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>,
                           detail::BlockReduceRaking<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>>>;
    using _TempStorage = typename InternalBlockReduce::TempStorage;
    _TempStorage &temp_storage;
    InternalBlockReduce internal(const char *file, int line) { return InternalBlockReduce(temp_storage, {file, line}); }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    BlockReduce() : temp_storage(detail::private_storage<_TempStorage>()) {}
    BlockReduce(TempStorage &storage) : temp_storage(storage.Alias()) {}

    template <typename ReductionOp> T Reduce(T input, ReductionOp reduction_op, WS_CUDA_SITE)
    {
        return internal(ws_file_, ws_line_).template Reduce<true>(input, BLOCK_THREADS, reduction_op);
    }
    template <int ITEMS_PER_THREAD, typename ReductionOp>
    T Reduce(T (&inputs)[ITEMS_PER_THREAD], ReductionOp reduction_op, WS_CUDA_SITE)
    {
        T partial = cub::ThreadReduce(inputs, reduction_op);
        return Reduce(partial, reduction_op, ws_file_, ws_line_);
    }
    template <typename ReductionOp> T Reduce(T input, ReductionOp reduction_op, int num_valid, WS_CUDA_SITE)
    {
        if (num_valid >= BLOCK_THREADS)
            return internal(ws_file_, ws_line_).template Reduce<true>(input, num_valid, reduction_op);
        return internal(ws_file_, ws_line_).template Reduce<false>(input, num_valid, reduction_op);
    }
    T Sum(T input, WS_CUDA_SITE) { return internal(ws_file_, ws_line_).template Sum<true>(input, BLOCK_THREADS); }
    template <int ITEMS_PER_THREAD> T Sum(T (&inputs)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        T partial = cub::ThreadReduce(inputs, ::cuda::std::plus<>{});
        return Sum(partial, ws_file_, ws_line_);
    }
    T Sum(T input, int num_valid, WS_CUDA_SITE)
    {
        if (num_valid >= BLOCK_THREADS)
            return internal(ws_file_, ws_line_).template Sum<true>(input, num_valid);
        return internal(ws_file_, ws_line_).template Sum<false>(input, num_valid);
    }
};

} // namespace cub

#endif
