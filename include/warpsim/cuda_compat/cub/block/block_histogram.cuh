/* cub/block/block_histogram.cuh for `warpsim cc`: cub::BlockHistogram<T, BLOCK_DIM_X,
 * ITEMS_PER_THREAD, BINS, ALGORITHM = BLOCK_HISTO_SORT, BLOCK_DIM_Y, BLOCK_DIM_Z> as in CUB 3.0
 * (CCCL 3.0, CUDA 13.0): InitHistogram(histogram) (the block zeroes BINS counters, thread t the
 * counters t, t + BLOCK_THREADS, ...), Composite(items, histogram) (adds the tile's counts),
 * Histogram(items, histogram) (InitHistogram, __syncthreads, Composite).
 *
 * BLOCK_HISTO_ATOMIC: each thread atomicAdd(histogram + item, 1) for its items, in order.
 * BLOCK_HISTO_SORT: the block sorts the items (BlockRadixSort<T, ..., NullType, 4, true,
 * BLOCK_SCAN_WARP_SCANS>::Sort: the caller's items come back sorted, blocked), then every bin's
 * run_begin and run_end start at the tile size, BlockDiscontinuity::FlagHeads marks each run's
 * first rank (its op records run_begin of the new bin and run_end of the old one), thread 0
 * sets run_begin of the first item's bin to 0, and thread t adds run_end - run_begin to the bins
 * t, t + BLOCK_THREADS, ... (one thread per bin: plain additions). Barriers between the phases
 * as in CUB; the sort's storage and the runs share one union. Each call takes the caller's file
 * and line as default arguments. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_HISTOGRAM_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_HISTOGRAM_CUH

#include "block_discontinuity.cuh"
#include "block_radix_sort.cuh"

namespace cub {

enum BlockHistogramAlgorithm {
    BLOCK_HISTO_SORT,
    BLOCK_HISTO_ATOMIC,
};

namespace detail {

/* Thread linear_tid's bins: linear_tid, + BLOCK_THREADS, ... below BINS (CUB's two loops). */
template <int BLOCK_THREADS, int BINS, typename F> inline void for_thread_bins(unsigned linear_tid, F f)
{
    int histo_offset = 0;
    for (; histo_offset + BLOCK_THREADS <= BINS; histo_offset += BLOCK_THREADS)
        f(histo_offset + (int)linear_tid);
    if ((BINS % BLOCK_THREADS != 0) && (histo_offset + (int)linear_tid < BINS))
        f(histo_offset + (int)linear_tid);
}

template <int BINS> struct BlockHistogramAtomic {
    struct TempStorage {
    };
    call_site at;
    BlockHistogramAtomic(TempStorage &, unsigned, call_site site) : at(site) {}
    template <typename T, typename CounterT, int ITEMS_PER_THREAD>
    void Composite(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS])
    {
        for (int i = 0; i < ITEMS_PER_THREAD; ++i)
            atomicAdd(histogram + items[i], 1, at.file, at.line);
    }
};

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS, int BLOCK_DIM_Y, int BLOCK_DIM_Z>
struct BlockHistogramSort {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int TILE_SIZE = BLOCK_THREADS * ITEMS_PER_THREAD;
    using BlockRadixSortT = BlockRadixSort<T, BLOCK_DIM_X, ITEMS_PER_THREAD, NullType, 4, true, BLOCK_SCAN_WARP_SCANS,
                                           cudaSharedMemBankSizeFourByte, BLOCK_DIM_Y, BLOCK_DIM_Z>;
    using BlockDiscontinuityT = BlockDiscontinuity<T, BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z>;
    union _TempStorage {
        typename BlockRadixSortT::TempStorage sort;
        struct Discontinuities {
            typename BlockDiscontinuityT::TempStorage flag;
            unsigned int run_begin[BINS];
            unsigned int run_end[BINS];
        } discontinuities;
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    unsigned linear_tid;
    call_site at;
    BlockHistogramSort(TempStorage &storage, unsigned tid, call_site site)
        : temp_storage(storage.Alias()), linear_tid(tid), at(site)
    {
    }

    /* A head between a and b (b at rank b_index) ends a's run and begins b's. */
    struct DiscontinuityOp {
        _TempStorage &temp_storage;
        bool operator()(const T &a, const T &b, int b_index)
        {
            if (a != b) {
                temp_storage.discontinuities.run_begin[b] = b_index;
                temp_storage.discontinuities.run_end[a] = b_index;
                return true;
            }
            return false;
        }
    };

    template <typename CounterT> void Composite(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS])
    {
        BlockRadixSortT(temp_storage.sort).Sort(items, 0, (int)sizeof(T) * 8, at.file, at.line);
        syncthreads(at);
        auto &runs = temp_storage.discontinuities;
        for_thread_bins<BLOCK_THREADS, BINS>(linear_tid, [&](int bin) {
            runs.run_begin[bin] = TILE_SIZE;
            runs.run_end[bin] = TILE_SIZE;
        });
        syncthreads(at);
        int flags[ITEMS_PER_THREAD]; /* not used */
        BlockDiscontinuityT(runs.flag).FlagHeads(flags, items, DiscontinuityOp{temp_storage}, at.file, at.line);
        if (linear_tid == 0)
            runs.run_begin[items[0]] = 0;
        syncthreads(at);
        for_thread_bins<BLOCK_THREADS, BINS>(linear_tid, [&](int bin) {
            CounterT count = runs.run_end[bin] - runs.run_begin[bin];
            histogram[bin] += count;
        });
    }
};

} // namespace detail

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, int BINS,
          BlockHistogramAlgorithm ALGORITHM = BLOCK_HISTO_SORT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockHistogram {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    using InternalBlockHistogram =
        std::conditional_t<ALGORITHM == BLOCK_HISTO_SORT,
                           detail::BlockHistogramSort<T, BLOCK_DIM_X, ITEMS_PER_THREAD, BINS, BLOCK_DIM_Y, BLOCK_DIM_Z>,
                           detail::BlockHistogramAtomic<BINS>>;
    using _TempStorage = typename InternalBlockHistogram::TempStorage;
    _TempStorage &temp_storage;
    unsigned linear_tid;

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    BlockHistogram()
        : temp_storage(detail::private_storage<_TempStorage>()),
          linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
    BlockHistogram(TempStorage &storage)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }

    template <typename CounterT> void InitHistogram(CounterT histogram[BINS])
    {
        detail::for_thread_bins<BLOCK_THREADS, BINS>(linear_tid, [&](int bin) { histogram[bin] = 0; });
    }
    template <typename CounterT> void Histogram(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS], WS_CUDA_SITE)
    {
        InitHistogram(histogram);
        detail::syncthreads({ws_file_, ws_line_});
        InternalBlockHistogram(temp_storage, linear_tid, {ws_file_, ws_line_}).Composite(items, histogram);
    }
    template <typename CounterT> void Composite(T (&items)[ITEMS_PER_THREAD], CounterT histogram[BINS], WS_CUDA_SITE)
    {
        InternalBlockHistogram(temp_storage, linear_tid, {ws_file_, ws_line_}).Composite(items, histogram);
    }
};

} // namespace cub

#endif
