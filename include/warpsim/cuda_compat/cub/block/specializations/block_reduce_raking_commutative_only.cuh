/* cub/block/specializations/block_reduce_raking_commutative_only.cuh for `warpsim cc`: CUB's
 * (CCCL 3.0) BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY. For a full tile of a block that is a multiple
 * of 32 threads and more than 32: the threads past the first warp place their values in a raking
 * grid of BLOCK_THREADS - 32 cells, __syncthreads, then each thread t of the first warp reduces
 * its own value followed by its segment of (BLOCK_THREADS - 32) / 32 cells (cub::ThreadReduce
 * with the value as prefix: a binary tree for CUB's own operators on 32-bit values), and the
 * first warp reduces with WarpReduce<T, 32> (Sum or Reduce). Otherwise (a partial tile, or
 * another block size) BLOCK_REDUCE_RAKING. */
#ifndef WARPSIM_CUB_BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY_CUH
#define WARPSIM_CUB_BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY_CUH

#include "../../thread/thread_reduce.cuh"
#include "block_reduce_raking.cuh"

namespace cub {
namespace detail {

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z> struct BlockReduceRakingCommutativeOnly {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    using FallBack = BlockReduceRaking<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
    static constexpr bool USE_FALLBACK = BLOCK_THREADS % warp_threads != 0 || BLOCK_THREADS <= warp_threads;
    static constexpr int RAKING_THREADS = warp_threads;
    static constexpr int SHARING_THREADS = BLOCK_THREADS - RAKING_THREADS > 1 ? BLOCK_THREADS - RAKING_THREADS : 1;
    static constexpr int SEGMENT_LENGTH = SHARING_THREADS / warp_threads;
    using WarpReduceT = WarpReduce<T, RAKING_THREADS>;
    using Layout = BlockRakingLayout<T, SHARING_THREADS>;

    union _TempStorage {
        struct DefaultStorage {
            typename WarpReduceT::TempStorage warp_storage;
            typename Layout::TempStorage raking_grid;
        } default_storage;
        typename FallBack::TempStorage fallback_storage;
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    unsigned linear_tid;
    call_site at;

    BlockReduceRakingCommutativeOnly(TempStorage &storage, call_site site)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)),
          at(site)
    {
    }

    template <bool FULL_TILE, typename Op> T Reduce(T partial, int num_valid, Op op)
    {
        if (USE_FALLBACK || !FULL_TILE)
            return FallBack(temp_storage.fallback_storage, at).template Reduce<FULL_TILE>(partial, num_valid, op);
        if (linear_tid >= (unsigned)RAKING_THREADS)
            *Layout::PlacementPtr(temp_storage.default_storage.raking_grid, linear_tid - RAKING_THREADS) = partial;
        syncthreads(at);
        if (linear_tid < (unsigned)RAKING_THREADS) {
            T *segment = Layout::RakingPtr(temp_storage.default_storage.raking_grid, linear_tid);
            partial = internal::ThreadReduce<SEGMENT_LENGTH>(segment, op, partial);
            WarpReduceT warp(temp_storage.default_storage.warp_storage);
            if constexpr (std::is_same<Op, ::cuda::std::plus<>>::value)
                partial = warp.Sum(partial, at.file, at.line);
            else
                partial = warp.Reduce(partial, op, at.file, at.line);
        }
        return partial;
    }
    template <bool FULL_TILE> T Sum(T partial, int num_valid)
    {
        return Reduce<FULL_TILE>(partial, num_valid, ::cuda::std::plus<>{});
    }
};

} // namespace detail
} // namespace cub

#endif
