/* cub/block/specializations/block_reduce_raking.cuh for `warpsim cc`: CUB's (CCCL 3.0)
 * BLOCK_REDUCE_RAKING. A block of at most 32 threads reduces as one logical warp
 * (WarpReduce<T, BLOCK_THREADS>'s internal reduction). A larger one: every thread places its
 * value in the raking grid (block_raking_layout.cuh), __syncthreads, each raking thread t reduces
 * its segment in order from cell 0, ((s0 op s1) op s2) ..., skipping cells at or past num_valid
 * when the tile is partial (cell 0 is always taken), then __syncwarp over the raking lanes and
 * the raking threads' logical warp reduction (valid threads: all, or ceil(num_valid / segment)).
 * Thread 0 gets the result. Non-commutative operators keep their order. */
#ifndef WARPSIM_CUB_BLOCK_REDUCE_RAKING_CUH
#define WARPSIM_CUB_BLOCK_REDUCE_RAKING_CUH

#include "../../warp/warp_reduce.cuh"
#include "../block_raking_layout.cuh"

namespace cub {
namespace detail {

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z> struct BlockReduceRaking {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    using Layout = BlockRakingLayout<T, BLOCK_THREADS>;
    using WarpReduceT = typename WarpReduce<T, Layout::RAKING_THREADS>::InternalWarpReduce;
    static constexpr int RAKING_THREADS = Layout::RAKING_THREADS;
    static constexpr int SEGMENT_LENGTH = Layout::SEGMENT_LENGTH;
    static constexpr bool WARP_SYNCHRONOUS = RAKING_THREADS == BLOCK_THREADS;
    static constexpr bool RAKING_UNGUARDED = Layout::UNGUARDED;

    union _TempStorage {
        typename WarpReduceT::TempStorage warp_storage;
        typename Layout::TempStorage raking_grid;
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    unsigned linear_tid;
    call_site at;

    BlockReduceRaking(TempStorage &storage, call_site site)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)),
          at(site)
    {
    }

    template <bool IS_FULL_TILE, typename Op> T Reduce(T partial, int num_valid, Op op)
    {
        if (WARP_SYNCHRONOUS)
            return WarpReduceT(temp_storage.warp_storage, at).template Reduce<IS_FULL_TILE>(partial, num_valid, op);
        *Layout::PlacementPtr(temp_storage.raking_grid, linear_tid) = partial;
        syncthreads(at);
        if (linear_tid < (unsigned)RAKING_THREADS) {
            T *segment = Layout::RakingPtr(temp_storage.raking_grid, linear_tid);
            partial = segment[0];
            for (int i = 1; i < SEGMENT_LENGTH; i++)
                if ((IS_FULL_TILE && RAKING_UNGUARDED) || linear_tid * SEGMENT_LENGTH + i < (unsigned)num_valid)
                    partial = op(partial, segment[i]);
            int valid_raking_threads =
                IS_FULL_TILE ? RAKING_THREADS : (num_valid + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH;
            syncwarp((unsigned)((1ull << RAKING_THREADS) - 1), at); /* warp_storage aliases the grid */
            partial = WarpReduceT(temp_storage.warp_storage, at)
                          .template Reduce<IS_FULL_TILE && RAKING_UNGUARDED>(partial, valid_raking_threads, op);
        }
        return partial;
    }
    template <bool IS_FULL_TILE> T Sum(T partial, int num_valid)
    {
        return Reduce<IS_FULL_TILE>(partial, num_valid, ::cuda::std::plus<>{});
    }
};

} // namespace detail
} // namespace cub

#endif
