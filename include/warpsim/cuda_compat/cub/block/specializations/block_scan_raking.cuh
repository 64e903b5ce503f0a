/* cub/block/specializations/block_scan_raking.cuh for `warpsim cc`: CUB's (CCCL 3.0)
 * BLOCK_SCAN_RAKING and BLOCK_SCAN_RAKING_MEMOIZE. A block of at most 32 threads scans as one
 * logical warp (WarpScan<T, BLOCK_THREADS>). A larger one: every thread places its value in the
 * raking grid (block_raking_layout.cuh), __syncthreads; each raking thread copies its segment,
 * reduces it in order ((s0 op s1) op ...; cells past the block skipped), the raking threads scan
 * their partials with WarpScan<T, raking threads> (exclusive), each raking thread scans its
 * segment from its exclusive partial (thread 0 without one, unless an initial value or a prefix
 * is given) and writes it back, __syncthreads, and every thread reads its cell. MEMOIZE keeps
 * the segment from the upsweep instead of reading it again (the same values). The aggregate is
 * the last raking thread's inclusive partial (or WarpScan's), passed through shared memory; a
 * prefix callback is called by every raking thread with the aggregate and lane 0's result is
 * broadcast. */
#ifndef WARPSIM_CUB_BLOCK_SCAN_RAKING_CUH
#define WARPSIM_CUB_BLOCK_SCAN_RAKING_CUH

#include "../../thread/thread_scan.cuh"
#include "../../warp/warp_scan.cuh"
#include "../block_raking_layout.cuh"

namespace cub {
namespace detail {

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y, int BLOCK_DIM_Z, bool MEMOIZE> struct BlockScanRaking {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    using Layout = BlockRakingLayout<T, BLOCK_THREADS>;
    static constexpr int RAKING_THREADS = Layout::RAKING_THREADS;
    static constexpr int SEGMENT_LENGTH = Layout::SEGMENT_LENGTH;
    static constexpr bool WARP_SYNCHRONOUS = BLOCK_THREADS == RAKING_THREADS;
    using WarpScanT = WarpScan<T, RAKING_THREADS>;

    struct _TempStorage {
        typename WarpScanT::TempStorage warp_scan;
        typename Layout::TempStorage raking_grid;
        T block_aggregate;
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    unsigned linear_tid;
    call_site at;
    T cached_segment[SEGMENT_LENGTH];

    BlockScanRaking(TempStorage &storage, call_site site)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)),
          at(site)
    {
    }

    WarpScanT warp() { return WarpScanT(temp_storage.warp_scan); }
    T *placement() { return Layout::PlacementPtr(temp_storage.raking_grid, linear_tid); }
    T *raking() { return Layout::RakingPtr(temp_storage.raking_grid, linear_tid); }
    void copy(T *out, const T *in)
    {
        for (int i = 0; i < SEGMENT_LENGTH; i++)
            out[i] = in[i];
    }

    template <typename Op> T Upsweep(Op op)
    {
        copy(cached_segment, raking());
        T partial = cached_segment[0];
        for (int i = 1; i < SEGMENT_LENGTH; i++)
            if (Layout::UNGUARDED || linear_tid * SEGMENT_LENGTH + i < (unsigned)BLOCK_THREADS)
                partial = op(partial, cached_segment[i]);
        return partial;
    }
    template <typename Op> void ExclusiveDownsweep(Op op, T raking_partial, bool apply_prefix = true)
    {
        if (!MEMOIZE)
            copy(cached_segment, raking());
        internal::ThreadScanExclusive(cached_segment, cached_segment, op, raking_partial, apply_prefix);
        copy(raking(), cached_segment);
    }
    template <typename Op> void InclusiveDownsweep(Op op, T raking_partial, bool apply_prefix = true)
    {
        if (!MEMOIZE)
            copy(cached_segment, raking());
        internal::ThreadScanInclusive(cached_segment, cached_segment, op, raking_partial, apply_prefix);
        copy(raking(), cached_segment);
    }
    bool raking_thread() const { return linear_tid < (unsigned)RAKING_THREADS; }
    void place(T input)
    {
        uninitialized_copy_single(placement(), input);
        syncthreads(at);
    }
    T take()
    {
        syncthreads(at);
        return *placement();
    }

    template <typename Op> void ExclusiveScan(T input, T &output, Op op)
    {
        if (WARP_SYNCHRONOUS)
            return warp().ExclusiveScan(input, output, op, at.file, at.line);
        place(input);
        if (raking_thread()) {
            T upsweep = Upsweep(op), exclusive;
            warp().ExclusiveScan(upsweep, exclusive, op, at.file, at.line);
            ExclusiveDownsweep(op, exclusive, linear_tid != 0);
        }
        output = take();
    }
    template <typename Op> void ExclusiveScan(T input, T &output, const T &initial_value, Op op)
    {
        if (WARP_SYNCHRONOUS)
            return warp().ExclusiveScan(input, output, initial_value, op, at.file, at.line);
        place(input);
        if (raking_thread()) {
            T upsweep = Upsweep(op), exclusive;
            warp().ExclusiveScan(upsweep, exclusive, initial_value, op, at.file, at.line);
            ExclusiveDownsweep(op, exclusive);
        }
        output = take();
    }
    template <typename Op> void ExclusiveScan(T input, T &output, Op op, T &block_aggregate)
    {
        if (WARP_SYNCHRONOUS)
            return warp().ExclusiveScan(input, output, op, block_aggregate, at.file, at.line);
        place(input);
        if (raking_thread()) {
            T upsweep = Upsweep(op), inclusive, exclusive;
            warp().Scan(upsweep, inclusive, exclusive, op, at.file, at.line);
            ExclusiveDownsweep(op, exclusive, linear_tid != 0);
            if (linear_tid == RAKING_THREADS - 1)
                temp_storage.block_aggregate = inclusive;
        }
        output = take();
        block_aggregate = temp_storage.block_aggregate;
    }
    template <typename Op> void ExclusiveScan(T input, T &output, const T &initial_value, Op op, T &block_aggregate)
    {
        if (WARP_SYNCHRONOUS)
            return warp().ExclusiveScan(input, output, initial_value, op, block_aggregate, at.file, at.line);
        place(input);
        if (raking_thread()) {
            T upsweep = Upsweep(op), exclusive;
            warp().ExclusiveScan(upsweep, exclusive, initial_value, op, block_aggregate, at.file, at.line);
            ExclusiveDownsweep(op, exclusive);
            if (linear_tid == 0)
                temp_storage.block_aggregate = block_aggregate;
        }
        output = take();
        block_aggregate = temp_storage.block_aggregate;
    }
    template <typename Op, typename Callback> void ExclusiveScan(T input, T &output, Op op, Callback &callback)
    {
        if (WARP_SYNCHRONOUS) {
            T block_aggregate;
            WarpScanT w = warp();
            w.ExclusiveScan(input, output, op, block_aggregate, at.file, at.line);
            T block_prefix = callback(block_aggregate);
            block_prefix = w.Broadcast(block_prefix, 0, at.file, at.line);
            output = op(block_prefix, output);
            if (linear_tid == 0)
                output = block_prefix;
            return;
        }
        place(input);
        if (raking_thread()) {
            WarpScanT w = warp();
            T upsweep = Upsweep(op), exclusive, block_aggregate;
            w.ExclusiveScan(upsweep, exclusive, op, block_aggregate, at.file, at.line);
            T block_prefix = callback(block_aggregate);
            block_prefix = w.Broadcast(block_prefix, 0, at.file, at.line);
            T downsweep_prefix = op(block_prefix, exclusive);
            if (linear_tid == 0)
                downsweep_prefix = block_prefix;
            ExclusiveDownsweep(op, downsweep_prefix);
        }
        output = take();
    }

    template <typename Op> void InclusiveScan(T input, T &output, Op op)
    {
        if (WARP_SYNCHRONOUS)
            return warp().InclusiveScan(input, output, op, at.file, at.line);
        place(input);
        if (raking_thread()) {
            T upsweep = Upsweep(op), exclusive;
            warp().ExclusiveScan(upsweep, exclusive, op, at.file, at.line);
            InclusiveDownsweep(op, exclusive, linear_tid != 0);
        }
        output = take();
    }
    template <typename Op> void InclusiveScan(T input, T &output, Op op, T &block_aggregate)
    {
        if (WARP_SYNCHRONOUS)
            return warp().InclusiveScan(input, output, op, block_aggregate, at.file, at.line);
        place(input);
        if (raking_thread()) {
            T upsweep = Upsweep(op), inclusive, exclusive;
            warp().Scan(upsweep, inclusive, exclusive, op, at.file, at.line);
            InclusiveDownsweep(op, exclusive, linear_tid != 0);
            if (linear_tid == RAKING_THREADS - 1)
                temp_storage.block_aggregate = inclusive;
        }
        output = take();
        block_aggregate = temp_storage.block_aggregate;
    }
    template <typename Op, typename Callback> void InclusiveScan(T input, T &output, Op op, Callback &callback)
    {
        if (WARP_SYNCHRONOUS) {
            T block_aggregate;
            WarpScanT w = warp();
            w.InclusiveScan(input, output, op, block_aggregate, at.file, at.line);
            T block_prefix = callback(block_aggregate);
            block_prefix = w.Broadcast(block_prefix, 0, at.file, at.line);
            output = op(block_prefix, output);
            return;
        }
        place(input);
        if (raking_thread()) {
            WarpScanT w = warp();
            T upsweep = Upsweep(op), exclusive, block_aggregate;
            w.ExclusiveScan(upsweep, exclusive, op, block_aggregate, at.file, at.line);
            T block_prefix = callback(block_aggregate);
            block_prefix = w.Broadcast(block_prefix, 0, at.file, at.line);
            T downsweep_prefix = op(block_prefix, exclusive);
            if (linear_tid == 0)
                downsweep_prefix = block_prefix;
            InclusiveDownsweep(op, downsweep_prefix);
        }
        output = take();
    }
};

} // namespace detail
} // namespace cub

#endif
