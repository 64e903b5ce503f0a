/* cub/block/specializations/block_scan_warp_scans.cuh for `warpsim cc`: CUB's (CCCL 3.0)
 * BLOCK_SCAN_WARP_SCANS (a block of a whole number of warps). Each warp scans with
 * WarpScan<T, 32>; lane 31 of each warp stores the warp's inclusive total, __syncthreads; every
 * thread folds the totals in warp order, agg = total0, then agg = agg op total_w, and takes as its
 * warp's prefix the fold before its own warp. Warps after the first combine
 * scan_op(prefix, own result) (exclusive: lane 0 takes the prefix). With an initial value every
 * warp's prefix becomes scan_op(initial, prefix), warp 0's the initial value. With a callback,
 * warp 0 calls it with the block aggregate, lane 0's result goes through shared memory
 * (__syncthreads) and every thread but thread 0 (inclusive: every thread) combines with it. */
#ifndef WARPSIM_CUB_BLOCK_SCAN_WARP_SCANS_CUH
#define WARPSIM_CUB_BLOCK_SCAN_WARP_SCANS_CUH

#include "../../warp/warp_scan.cuh"

namespace cub {
namespace detail {

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z> struct BlockScanWarpScans {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int WARPS = (BLOCK_THREADS + warp_threads - 1) / warp_threads;
    using WarpScanT = WarpScan<T, warp_threads>;

    struct alignas(32) _TempStorage {
        T warp_aggregates[WARPS];
        typename WarpScanT::TempStorage warp_scan[WARPS];
        T block_prefix;
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    unsigned linear_tid, warp_id, lane_id;
    call_site at;

    BlockScanWarpScans(TempStorage &storage, call_site site)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)),
          warp_id(WARPS == 1 ? 0 : linear_tid / warp_threads), lane_id(detail::lane_id()), at(site)
    {
    }
    WarpScanT warp() { return WarpScanT(temp_storage.warp_scan[warp_id]); }

    template <typename Op> T ComputeWarpPrefix(Op op, T warp_aggregate, T &block_aggregate)
    {
        if (lane_id == warp_threads - 1)
            uninitialized_copy_single(temp_storage.warp_aggregates + warp_id, warp_aggregate);
        syncthreads(at);
        T warp_prefix{}; /* unset for warp 0 in CUB: never used there */
        block_aggregate = temp_storage.warp_aggregates[0];
        for (unsigned w = 1; w < (unsigned)WARPS; w++) {
            if (warp_id == w)
                warp_prefix = block_aggregate;
            block_aggregate = op(block_aggregate, temp_storage.warp_aggregates[w]);
        }
        return warp_prefix;
    }
    template <typename Op> T ComputeWarpPrefix(Op op, T warp_aggregate, T &block_aggregate, const T &initial_value)
    {
        T warp_prefix = ComputeWarpPrefix(op, warp_aggregate, block_aggregate);
        warp_prefix = op(initial_value, warp_prefix);
        if (warp_id == 0)
            warp_prefix = initial_value;
        return warp_prefix;
    }

    template <typename Op> void ExclusiveScan(T input, T &output, Op op)
    {
        T block_aggregate;
        ExclusiveScan(input, output, op, block_aggregate);
    }
    template <typename Op> void ExclusiveScan(T input, T &output, const T &initial_value, Op op)
    {
        T block_aggregate;
        ExclusiveScan(input, output, initial_value, op, block_aggregate);
    }
    template <typename Op> void ExclusiveScan(T input, T &output, Op op, T &block_aggregate)
    {
        T inclusive;
        warp().Scan(input, inclusive, output, op, at.file, at.line);
        T warp_prefix = ComputeWarpPrefix(op, inclusive, block_aggregate);
        if (warp_id != 0) {
            output = op(warp_prefix, output);
            if (lane_id == 0)
                output = warp_prefix;
        }
    }
    template <typename Op> void ExclusiveScan(T input, T &output, const T &initial_value, Op op, T &block_aggregate)
    {
        T inclusive;
        warp().Scan(input, inclusive, output, op, at.file, at.line);
        T warp_prefix = ComputeWarpPrefix(op, inclusive, block_aggregate, initial_value);
        output = op(warp_prefix, output);
        if (lane_id == 0)
            output = warp_prefix;
    }
    template <typename Op, typename Callback> void ExclusiveScan(T input, T &output, Op op, Callback &callback)
    {
        T block_aggregate;
        ExclusiveScan(input, output, op, block_aggregate);
        if (warp_id == 0) {
            T block_prefix = callback(block_aggregate);
            if (lane_id == 0) {
                uninitialized_copy_single(&temp_storage.block_prefix, block_prefix);
                output = block_prefix;
            }
        }
        syncthreads(at);
        T block_prefix = temp_storage.block_prefix;
        if (linear_tid > 0)
            output = op(block_prefix, output);
    }

    template <typename Op> void InclusiveScan(T input, T &output, Op op)
    {
        T block_aggregate;
        InclusiveScan(input, output, op, block_aggregate);
    }
    template <typename Op> void InclusiveScan(T input, T &output, Op op, T &block_aggregate)
    {
        warp().InclusiveScan(input, output, op, at.file, at.line);
        T warp_prefix = ComputeWarpPrefix(op, output, block_aggregate);
        if (warp_id != 0)
            output = op(warp_prefix, output);
    }
    template <typename Op, typename Callback> void InclusiveScan(T input, T &output, Op op, Callback &callback)
    {
        T block_aggregate;
        InclusiveScan(input, output, op, block_aggregate);
        if (warp_id == 0) {
            T block_prefix = callback(block_aggregate);
            if (lane_id == 0)
                uninitialized_copy_single(&temp_storage.block_prefix, block_prefix);
        }
        syncthreads(at);
        output = op(temp_storage.block_prefix, output);
    }
};

} // namespace detail
} // namespace cub

#endif
