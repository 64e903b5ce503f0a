/* cub/warp/warp_scan.cuh for `warpsim cc`: cub::WarpScan<T, LOGICAL_WARP_THREADS> as in CUB 3.0
 * (CCCL 3.0, CUDA 13.0): InclusiveSum, ExclusiveSum, InclusiveScan, ExclusiveScan (with and
 * without an initial value, with and without the warp aggregate), Scan (both results),
 * Broadcast. A power of two of lanes scans by shuffles (specializations/warp_scan_shfl.cuh),
 * another number through shared memory (warp_scan_smem.cuh). Each call takes the caller's file
 * and line as default arguments. */
#ifndef WARPSIM_CUB_WARP_WARP_SCAN_CUH
#define WARPSIM_CUB_WARP_WARP_SCAN_CUH

#include "specializations/warp_scan_shfl.cuh"
#include "specializations/warp_scan_smem.cuh"

namespace cub {

template <typename T, int LOGICAL_WARP_THREADS = detail::warp_threads> class WarpScan {
    using InternalWarpScan =
        std::conditional_t<PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE, detail::WarpScanShfl<T, LOGICAL_WARP_THREADS>,
                           detail::WarpScanSmem<T, LOGICAL_WARP_THREADS>>;
    using _TempStorage = typename InternalWarpScan::TempStorage;
    using is_integer = std::bool_constant<std::is_integral<T>::value>;
    _TempStorage &temp_storage;
    InternalWarpScan internal(const char *file, int line) { return InternalWarpScan(temp_storage, {file, line}); }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    WarpScan(TempStorage &storage) : temp_storage(storage.Alias()) {}

    void InclusiveSum(T input, T &inclusive_output, WS_CUDA_SITE)
    {
        InclusiveScan(input, inclusive_output, ::cuda::std::plus<>{}, ws_file_, ws_line_);
    }
    void InclusiveSum(T input, T &inclusive_output, T &warp_aggregate, WS_CUDA_SITE)
    {
        InclusiveScan(input, inclusive_output, ::cuda::std::plus<>{}, warp_aggregate, ws_file_, ws_line_);
    }
    void ExclusiveSum(T input, T &exclusive_output, WS_CUDA_SITE)
    {
        T initial_value{};
        ExclusiveScan(input, exclusive_output, initial_value, ::cuda::std::plus<>{}, ws_file_, ws_line_);
    }
    void ExclusiveSum(T input, T &exclusive_output, T &warp_aggregate, WS_CUDA_SITE)
    {
        T initial_value{};
        ExclusiveScan(input, exclusive_output, initial_value, ::cuda::std::plus<>{}, warp_aggregate, ws_file_,
                      ws_line_);
    }

    template <typename ScanOp> void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).InclusiveScan(input, inclusive_output, scan_op);
    }
    template <typename ScanOp>
    void InclusiveScan(T input, T &inclusive_output, T initial_value, ScanOp scan_op, WS_CUDA_SITE)
    {
        InternalWarpScan in = internal(ws_file_, ws_line_);
        T exclusive_output;
        in.InclusiveScan(input, inclusive_output, scan_op);
        in.Update(input, inclusive_output, exclusive_output, scan_op, initial_value, is_integer{});
    }
    template <typename ScanOp>
    void InclusiveScan(T input, T &inclusive_output, ScanOp scan_op, T &warp_aggregate, WS_CUDA_SITE)
    {
        internal(ws_file_, ws_line_).InclusiveScan(input, inclusive_output, scan_op, warp_aggregate);
    }
    template <typename ScanOp>
    void InclusiveScan(T input, T &inclusive_output, T initial_value, ScanOp scan_op, T &warp_aggregate,
                       WS_CUDA_SITE)
    {
        InternalWarpScan in = internal(ws_file_, ws_line_);
        in.InclusiveScan(input, inclusive_output, scan_op);
        T exclusive_output;
        in.Update(input, inclusive_output, exclusive_output, warp_aggregate, scan_op, initial_value, is_integer{});
    }

    template <typename ScanOp> void ExclusiveScan(T input, T &exclusive_output, ScanOp scan_op, WS_CUDA_SITE)
    {
        InternalWarpScan in = internal(ws_file_, ws_line_);
        T inclusive_output;
        in.InclusiveScan(input, inclusive_output, scan_op);
        in.Update(input, inclusive_output, exclusive_output, scan_op, is_integer{});
    }
    template <typename ScanOp>
    void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op, WS_CUDA_SITE)
    {
        InternalWarpScan in = internal(ws_file_, ws_line_);
        T inclusive_output;
        in.InclusiveScan(input, inclusive_output, scan_op);
        in.Update(input, inclusive_output, exclusive_output, scan_op, initial_value, is_integer{});
    }
    template <typename ScanOp>
    void ExclusiveScan(T input, T &exclusive_output, ScanOp scan_op, T &warp_aggregate, WS_CUDA_SITE)
    {
        InternalWarpScan in = internal(ws_file_, ws_line_);
        T inclusive_output;
        in.InclusiveScan(input, inclusive_output, scan_op);
        in.Update(input, inclusive_output, exclusive_output, warp_aggregate, scan_op, is_integer{});
    }
    template <typename ScanOp>
    void ExclusiveScan(T input, T &exclusive_output, T initial_value, ScanOp scan_op, T &warp_aggregate,
                       WS_CUDA_SITE)
    {
        InternalWarpScan in = internal(ws_file_, ws_line_);
        T inclusive_output;
        in.InclusiveScan(input, inclusive_output, scan_op);
        in.Update(input, inclusive_output, exclusive_output, warp_aggregate, scan_op, initial_value, is_integer{});
    }

    template <typename ScanOp>
    void Scan(T input, T &inclusive_output, T &exclusive_output, ScanOp scan_op, WS_CUDA_SITE)
    {
        InternalWarpScan in = internal(ws_file_, ws_line_);
        in.InclusiveScan(input, inclusive_output, scan_op);
        in.Update(input, inclusive_output, exclusive_output, scan_op, is_integer{});
    }
    template <typename ScanOp>
    void Scan(T input, T &inclusive_output, T &exclusive_output, T initial_value, ScanOp scan_op, WS_CUDA_SITE)
    {
        InternalWarpScan in = internal(ws_file_, ws_line_);
        in.InclusiveScan(input, inclusive_output, scan_op);
        in.Update(input, inclusive_output, exclusive_output, scan_op, initial_value, is_integer{});
    }

    T Broadcast(T input, unsigned src_lane, WS_CUDA_SITE)
    {
        return internal(ws_file_, ws_line_).Broadcast(input, src_lane);
    }
};

} // namespace cub

#endif
