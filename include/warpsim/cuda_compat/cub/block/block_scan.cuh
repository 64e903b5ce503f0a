/* cub/block/block_scan.cuh for `warpsim cc`: cub::BlockScan<T, BLOCK_DIM_X, ALGORITHM,
 * BLOCK_DIM_Y, BLOCK_DIM_Z> as in CUB 3.0 (CCCL 3.0, CUDA 13.0): InclusiveSum, ExclusiveSum,
 * InclusiveScan, ExclusiveScan of one item or an item array per thread, with an initial value, a
 * block aggregate or a block-prefix callback; BLOCK_SCAN_RAKING (the default),
 * BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS (BLOCK_SCAN_RAKING for a block that is not a
 * whole number of warps), in block/specializations/. An item array is reduced first
 * (cub::ThreadReduce), the per-thread totals scanned exclusively, then each thread scans its items
 * from its prefix (thread/thread_scan.cuh). Each call takes the caller's file and line as default
 * arguments. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_SCAN_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_SCAN_CUH

#include "../thread/thread_reduce.cuh"
#include "../thread/thread_scan.cuh"
#include "block_reduce.cuh" /* detail::private_storage */
#include "specializations/block_scan_raking.cuh"
#include "specializations/block_scan_warp_scans.cuh"

namespace cub {

enum BlockScanAlgorithm {
    BLOCK_SCAN_RAKING,
    BLOCK_SCAN_RAKING_MEMOIZE,
    BLOCK_SCAN_WARP_SCANS,
};

template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockScan {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr BlockScanAlgorithm SAFE_ALGORITHM =
        ALGORITHM == BLOCK_SCAN_WARP_SCANS && BLOCK_THREADS % detail::warp_threads != 0 ? BLOCK_SCAN_RAKING
                                                                                        : ALGORITHM;
    using InternalBlockScan =
        std::conditional_t<SAFE_ALGORITHM == BLOCK_SCAN_WARP_SCANS,
                           detail::BlockScanWarpScans<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>,
                           detail::BlockScanRaking<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z,
                                                   SAFE_ALGORITHM == BLOCK_SCAN_RAKING_MEMOIZE>>;
    using _TempStorage = typename InternalBlockScan::TempStorage;
    _TempStorage &temp_storage;
    unsigned linear_tid;
    InternalBlockScan internal(const char *file, int line) { return InternalBlockScan(temp_storage, {file, line}); }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    BlockScan()
        : temp_storage(detail::private_storage<_TempStorage>()),
          linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
    BlockScan(TempStorage &storage)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }

    /* ---- exclusive sums ---- */
    void ExclusiveSum(T input, T &output, WS_CUDA_SITE)
    {
        T initial_value{};
        ExclusiveScan(input, output, initial_value, ::cuda::std::plus<>{}, ws_file_, ws_line_);
    }
    void ExclusiveSum(T input, T &output, T &block_aggregate, WS_CUDA_SITE)
    {
        T initial_value{};
        ExclusiveScan(input, output, initial_value, ::cuda::std::plus<>{}, block_aggregate, ws_file_, ws_line_);
    }
    template <typename Callback> void ExclusiveSum(T input, T &output, Callback &callback, WS_CUDA_SITE)
    {
        ExclusiveScan(input, output, ::cuda::std::plus<>{}, callback, ws_file_, ws_line_);
    }
    template <int N> void ExclusiveSum(T (&input)[N], T (&output)[N], WS_CUDA_SITE)
    {
        T initial_value{};
        ExclusiveScan(input, output, initial_value, ::cuda::std::plus<>{}, ws_file_, ws_line_);
    }
    template <int N> void ExclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate, WS_CUDA_SITE)
    {
        T initial_value{};
        ExclusiveScan(input, output, initial_value, ::cuda::std::plus<>{}, block_aggregate, ws_file_, ws_line_);
    }
    template <int N, typename Callback>
    void ExclusiveSum(T (&input)[N], T (&output)[N], Callback &callback, WS_CUDA_SITE)
    {
        ExclusiveScan(input, output, ::cuda::std::plus<>{}, callback, ws_file_, ws_line_);
    }

    /* ---- exclusive scans ---- */
    template <typename ScanOp> void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).ExclusiveScan(input, output, initial_value, scan_op);
    }
    template <typename ScanOp>
    void ExclusiveScan(T input, T &output, T initial_value, ScanOp scan_op, T &block_aggregate, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).ExclusiveScan(input, output, initial_value, scan_op, block_aggregate);
    }
    template <typename ScanOp, typename Callback>
    void ExclusiveScan(T input, T &output, ScanOp scan_op, Callback &callback, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).ExclusiveScan(input, output, scan_op, callback);
    }
    template <typename ScanOp> void ExclusiveScan(T input, T &output, ScanOp scan_op, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).ExclusiveScan(input, output, scan_op);
    }
    template <typename ScanOp> void ExclusiveScan(T input, T &output, ScanOp scan_op, T &block_aggregate, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).ExclusiveScan(input, output, scan_op, block_aggregate);
    }
    template <int N, typename ScanOp>
    void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op, WS_CUDA_SITE)
    {
        T prefix = cub::ThreadReduce(input, scan_op);
        ExclusiveScan(prefix, prefix, initial_value, scan_op, ws_file_, ws_line_);
        internal::ThreadScanExclusive(input, output, scan_op, prefix);
    }
    template <int N, typename ScanOp>
    void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op, T &block_aggregate,
                       WS_CUDA_SITE)
    {
        T prefix = cub::ThreadReduce(input, scan_op);
        ExclusiveScan(prefix, prefix, initial_value, scan_op, block_aggregate, ws_file_, ws_line_);
        internal::ThreadScanExclusive(input, output, scan_op, prefix);
    }
    template <int N, typename ScanOp, typename Callback>
    void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op, Callback &callback, WS_CUDA_SITE)
    {
        T prefix = cub::ThreadReduce(input, scan_op);
        ExclusiveScan(prefix, prefix, scan_op, callback, ws_file_, ws_line_);
        internal::ThreadScanExclusive(input, output, scan_op, prefix);
    }
    template <int N, typename ScanOp> void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op, WS_CUDA_SITE)
    {
        T partial = cub::ThreadReduce(input, scan_op);
        ExclusiveScan(partial, partial, scan_op, ws_file_, ws_line_);
        internal::ThreadScanExclusive(input, output, scan_op, partial, linear_tid != 0);
    }
    template <int N, typename ScanOp>
    void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op, T &block_aggregate, WS_CUDA_SITE)
    {
        T partial = cub::ThreadReduce(input, scan_op);
        ExclusiveScan(partial, partial, scan_op, block_aggregate, ws_file_, ws_line_);
        internal::ThreadScanExclusive(input, output, scan_op, partial, linear_tid != 0);
    }

    /* ---- inclusive sums ---- */
    void InclusiveSum(T input, T &output, WS_CUDA_SITE)
    {
        InclusiveScan(input, output, ::cuda::std::plus<>{}, ws_file_, ws_line_);
    }
    void InclusiveSum(T input, T &output, T &block_aggregate, WS_CUDA_SITE)
    {
        InclusiveScan(input, output, ::cuda::std::plus<>{}, block_aggregate, ws_file_, ws_line_);
    }
    template <typename Callback> void InclusiveSum(T input, T &output, Callback &callback, WS_CUDA_SITE)
    {
        InclusiveScan(input, output, ::cuda::std::plus<>{}, callback, ws_file_, ws_line_);
    }
    template <int N> void InclusiveSum(T (&input)[N], T (&output)[N], WS_CUDA_SITE)
    {
        if (N == 1) {
            InclusiveSum(input[0], output[0], ws_file_, ws_line_);
        } else {
            ::cuda::std::plus<> scan_op;
            T prefix = cub::ThreadReduce(input, scan_op);
            ExclusiveSum(prefix, prefix, ws_file_, ws_line_);
            internal::ThreadScanInclusive(input, output, scan_op, prefix, linear_tid != 0);
        }
    }
    template <int N> void InclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate, WS_CUDA_SITE)
    {
        if (N == 1) {
            InclusiveSum(input[0], output[0], block_aggregate, ws_file_, ws_line_);
        } else {
            ::cuda::std::plus<> scan_op;
            T prefix = cub::ThreadReduce(input, scan_op);
            ExclusiveSum(prefix, prefix, block_aggregate, ws_file_, ws_line_);
            internal::ThreadScanInclusive(input, output, scan_op, prefix, linear_tid != 0);
        }
    }
    template <int N, typename Callback>
    void InclusiveSum(T (&input)[N], T (&output)[N], Callback &callback, WS_CUDA_SITE)
    {
        if (N == 1) {
            InclusiveSum(input[0], output[0], callback, ws_file_, ws_line_);
        } else {
            ::cuda::std::plus<> scan_op;
            T prefix = cub::ThreadReduce(input, scan_op);
            ExclusiveSum(prefix, prefix, callback, ws_file_, ws_line_);
            internal::ThreadScanInclusive(input, output, scan_op, prefix);
        }
    }

    /* ---- inclusive scans ---- */
    template <typename ScanOp> void InclusiveScan(T input, T &output, ScanOp scan_op, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).InclusiveScan(input, output, scan_op);
    }
    template <typename ScanOp> void InclusiveScan(T input, T &output, ScanOp scan_op, T &block_aggregate, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).InclusiveScan(input, output, scan_op, block_aggregate);
    }
    template <typename ScanOp, typename Callback>
    void InclusiveScan(T input, T &output, ScanOp scan_op, Callback &callback, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).InclusiveScan(input, output, scan_op, callback);
    }
    template <int N, typename ScanOp> void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op, WS_CUDA_SITE)
    {
        if (N == 1) {
            InclusiveScan(input[0], output[0], scan_op, ws_file_, ws_line_);
        } else {
            T prefix = cub::ThreadReduce(input, scan_op);
            ExclusiveScan(prefix, prefix, scan_op, ws_file_, ws_line_);
            internal::ThreadScanInclusive(input, output, scan_op, prefix, linear_tid != 0);
        }
    }
    template <int N, typename ScanOp>
    void InclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op, WS_CUDA_SITE)
    {
        T prefix = cub::ThreadReduce(input, scan_op);
        ExclusiveScan(prefix, prefix, initial_value, scan_op, ws_file_, ws_line_);
        internal::ThreadScanInclusive(input, output, scan_op, prefix);
    }
    template <int N, typename ScanOp>
    void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op, T &block_aggregate, WS_CUDA_SITE)
    {
        if (N == 1) {
            InclusiveScan(input[0], output[0], scan_op, block_aggregate, ws_file_, ws_line_);
        } else {
            T prefix = cub::ThreadReduce(input, scan_op);
            ExclusiveScan(prefix, prefix, scan_op, block_aggregate, ws_file_, ws_line_);
            internal::ThreadScanInclusive(input, output, scan_op, prefix, linear_tid != 0);
        }
    }
    template <int N, typename ScanOp>
    void InclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp scan_op, T &block_aggregate,
                       WS_CUDA_SITE)
    {
        T prefix = cub::ThreadReduce(input, scan_op);
        ExclusiveScan(prefix, prefix, initial_value, scan_op, block_aggregate, ws_file_, ws_line_);
        internal::ThreadScanInclusive(input, output, scan_op, prefix);
    }
    template <int N, typename ScanOp, typename Callback>
    void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp scan_op, Callback &callback, WS_CUDA_SITE)
    {
        if (N == 1) {
            InclusiveScan(input[0], output[0], scan_op, callback, ws_file_, ws_line_);
        } else {
            T prefix = cub::ThreadReduce(input, scan_op);
            ExclusiveScan(prefix, prefix, scan_op, callback, ws_file_, ws_line_);
            internal::ThreadScanInclusive(input, output, scan_op, prefix);
        }
    }
};

} // namespace cub

#endif
