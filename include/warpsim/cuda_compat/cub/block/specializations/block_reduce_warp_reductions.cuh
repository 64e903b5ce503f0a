/* cub/block/specializations/block_reduce_warp_reductions.cuh for `warpsim cc`: CUB's (CCCL 3.0)
 * BLOCK_REDUCE_WARP_REDUCTIONS. Each warp reduces its values with WarpReduce<T, min(BLOCK_THREADS,
 * 32)>'s internal reduction (all lanes valid only for a full tile of a whole number of warps;
 * else that warp's count of valid items, which may be 0 or less), lane 0 of each warp stores the
 * warp's aggregate, __syncthreads, and thread 0 folds the aggregates of warps 1, 2 ... in order
 * into its own (agg op agg1) op agg2 ..., skipping warps that hold no valid item. Thread 0 gets
 * the result; the other lanes keep their warp's partial values. */
#ifndef WARPSIM_CUB_BLOCK_REDUCE_WARP_REDUCTIONS_CUH
#define WARPSIM_CUB_BLOCK_REDUCE_WARP_REDUCTIONS_CUH

#include "../../warp/warp_reduce.cuh"

namespace cub {
namespace detail {

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z> struct BlockReduceWarpReductions {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int WARPS = (BLOCK_THREADS + warp_threads - 1) / warp_threads;
    static constexpr int LOGICAL_WARP_SIZE = BLOCK_THREADS < warp_threads ? BLOCK_THREADS : warp_threads;
    static constexpr bool EVEN_WARP_MULTIPLE = BLOCK_THREADS % LOGICAL_WARP_SIZE == 0;
    using WarpReduceT = typename WarpReduce<T, LOGICAL_WARP_SIZE>::InternalWarpReduce;

    struct _TempStorage {
        typename WarpReduceT::TempStorage warp_reduce[WARPS];
        T warp_aggregates[WARPS];
        T block_prefix;
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    int linear_tid, warp_id, lane_id;
    call_site at;

    BlockReduceWarpReductions(TempStorage &storage, call_site site)
        : temp_storage(storage.Alias()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)),
          warp_id(WARPS == 1 ? 0 : linear_tid / warp_threads), lane_id((int)detail::lane_id()), at(site)
    {
    }

    template <bool FULL_TILE, typename Op> T ApplyWarpAggregates(Op op, T warp_aggregate, int num_valid)
    {
        if (lane_id == 0)
            uninitialized_copy_single(temp_storage.warp_aggregates + warp_id, warp_aggregate);
        syncthreads(at);
        if (linear_tid == 0)
            for (int successor = 1; successor < WARPS; successor++)
                if (FULL_TILE || successor * LOGICAL_WARP_SIZE < num_valid)
                    warp_aggregate = op(warp_aggregate, temp_storage.warp_aggregates[successor]);
        return warp_aggregate;
    }

    template <bool FULL_TILE, typename Op> T Reduce(T input, int num_valid, Op op)
    {
        int warp_offset = warp_id * LOGICAL_WARP_SIZE;
        int warp_num_valid = ((FULL_TILE && EVEN_WARP_MULTIPLE) || warp_offset + LOGICAL_WARP_SIZE <= num_valid)
                                 ? LOGICAL_WARP_SIZE
                                 : num_valid - warp_offset;
        T warp_aggregate = WarpReduceT(temp_storage.warp_reduce[warp_id], at)
                               .template Reduce<FULL_TILE && EVEN_WARP_MULTIPLE>(input, warp_num_valid, op);
        return ApplyWarpAggregates<FULL_TILE>(op, warp_aggregate, num_valid);
    }
    template <bool FULL_TILE> T Sum(T input, int num_valid)
    {
        return Reduce<FULL_TILE>(input, num_valid, ::cuda::std::plus<>{});
    }
};

} // namespace detail
} // namespace cub

#endif
