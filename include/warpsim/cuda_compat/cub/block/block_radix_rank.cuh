/* cub/block/block_radix_rank.cuh for `warpsim cc`: cub::BlockRadixRank<BLOCK_DIM_X, RADIX_BITS,
 * IS_DESCENDING, MEMOIZE_OUTER_SCAN, INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z>
 * as in CUB 3.0 (CCCL 3.0, CUDA 13.0): RankKeys(keys, ranks, digit_extractor) and the form that
 * also gives each of the first RADIX_DIGITS threads its digits' exclusive prefix. The ranking
 * BlockRadixSort does (RADIX_RANK_BASIC / RADIX_RANK_MEMOIZE).
 *
 * Shared memory is one grid of 16-bit digit counters, [lane][thread][sub-counter], the
 * sub-counters of a (lane, thread) packed into one 32-bit word (two per word; four in a 64-bit
 * word with cudaSharedMemBankSizeEightByte). Digit d counts in lane d & (COUNTER_LANES - 1),
 * sub-counter d >> log2(COUNTER_LANES) (both mirrored when descending); one more, padding lane
 * stays 0. Each thread zeroes its column, then, item by item, reads its counter (the item's
 * prefix among the thread's own) and increments it. After a barrier, the grid is read as rows of
 * COUNTER_LANES + 1 packed words per thread (thread t rakes words t*(L+1) ... of the lane-major
 * grid): each thread sums its row (from a register copy when MEMOIZE_OUTER_SCAN), the block
 * exclusive-sums the packed words (cub::BlockScan with INNER_SCAN_ALGORITHM), the prefix callback
 * adding the block total shifted into each higher sub-counter (so sub-counter k starts after all
 * of k - 1), and each thread writes its row back scanned. After a barrier an item's rank is its
 * prefix plus its counter. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_RADIX_RANK_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_RADIX_RANK_CUH

#include "../thread/thread_reduce.cuh"
#include "../thread/thread_scan.cuh"
#include "block_scan.cuh"
#include "radix_rank_sort_operations.cuh"

namespace cub {

enum RadixRankAlgorithm {
    RADIX_RANK_BASIC,
    RADIX_RANK_MEMOIZE,
    RADIX_RANK_MATCH,
    RADIX_RANK_MATCH_EARLY_COUNTS_ANY,
    RADIX_RANK_MATCH_EARLY_COUNTS_ATOMIC_OR
};

template <int BINS_PER_THREAD> struct BlockRadixRankEmptyCallback {
    void operator()(int (&)[BINS_PER_THREAD]) {}
};

template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, bool MEMOIZE_OUTER_SCAN = true,
          BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixRank {
    using DigitCounter = unsigned short;
    using PackedCounter =
        std::conditional_t<SMEM_CONFIG == cudaSharedMemBankSizeEightByte, unsigned long long, unsigned int>;
    /* The grid is read both as 16-bit counters and as packed words (CUB's union). */
    typedef DigitCounter __attribute__((may_alias)) counter_alias;
    typedef PackedCounter __attribute__((may_alias)) packed_alias;

    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
    static constexpr int PACKING_RATIO = (int)(sizeof(PackedCounter) / sizeof(DigitCounter));
    static constexpr int LOG_PACKING_RATIO = Log2<PACKING_RATIO>::VALUE;
    static constexpr int LOG_COUNTER_LANES = RADIX_BITS - LOG_PACKING_RATIO > 0 ? RADIX_BITS - LOG_PACKING_RATIO : 0;
    static constexpr int COUNTER_LANES = 1 << LOG_COUNTER_LANES;
    static constexpr int PADDED_COUNTER_LANES = COUNTER_LANES + 1;
    static constexpr int RAKING_SEGMENT = PADDED_COUNTER_LANES;

  public:
    static constexpr int BINS_TRACKED_PER_THREAD =
        (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS > 1 ? (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS
                                                                : 1;

  private:
    using BlockScanT = BlockScan<PackedCounter, BLOCK_DIM_X, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z>;

    /* CUB's __align__(16): at least 16, more if the scan's storage asks for it. */
    struct __attribute__((aligned(16))) _TempStorage {
        union Aliasable {
            DigitCounter digit_counters[PADDED_COUNTER_LANES][BLOCK_THREADS][PACKING_RATIO];
            PackedCounter raking_grid[BLOCK_THREADS][RAKING_SEGMENT];
        } aliasable;
        typename BlockScanT::TempStorage block_scan;
    };

    _TempStorage &temp_storage;
    unsigned linear_tid;
    PackedCounter cached_segment[RAKING_SEGMENT];

    counter_alias *counter(unsigned lane, unsigned thread, unsigned sub)
    {
        return reinterpret_cast<counter_alias *>(&temp_storage.aliasable) +
               ((size_t)lane * BLOCK_THREADS + thread) * PACKING_RATIO + sub;
    }
    packed_alias *raking_row() { return reinterpret_cast<packed_alias *>(&temp_storage.aliasable) + linear_tid * RAKING_SEGMENT; }

    /* The sum of this thread's row (read into registers when memoizing). */
    PackedCounter Upsweep()
    {
        packed_alias *row = raking_row();
        PackedCounter seg[RAKING_SEGMENT];
        for (int i = 0; i < RAKING_SEGMENT; i++)
            seg[i] = row[i];
        if (MEMOIZE_OUTER_SCAN)
            for (int i = 0; i < RAKING_SEGMENT; i++)
                cached_segment[i] = seg[i];
        return cub::ThreadReduce(seg, ::cuda::std::plus<>{});
    }
    /* The row scanned exclusively from raking_partial, written back. */
    void ExclusiveDownsweep(PackedCounter raking_partial)
    {
        packed_alias *row = raking_row();
        PackedCounter seg[RAKING_SEGMENT];
        for (int i = 0; i < RAKING_SEGMENT; i++)
            seg[i] = MEMOIZE_OUTER_SCAN ? cached_segment[i] : (PackedCounter)row[i];
        if (MEMOIZE_OUTER_SCAN) {
            internal::ThreadScanExclusive(seg, cached_segment, ::cuda::std::plus<>{}, raking_partial);
            for (int i = 0; i < RAKING_SEGMENT; i++)
                row[i] = cached_segment[i];
        } else {
            /* In place in shared memory: each word read, then the previous one written. */
            PackedCounter inclusive = (PackedCounter)(raking_partial + seg[0]);
            row[0] = raking_partial;
            for (int i = 1; i < RAKING_SEGMENT; i++) {
                PackedCounter exclusive = inclusive;
                inclusive = (PackedCounter)(exclusive + (PackedCounter)row[i]);
                row[i] = exclusive;
            }
        }
    }
    void ResetCounters()
    {
        for (int lane = 0; lane < PADDED_COUNTER_LANES; lane++)
            *reinterpret_cast<packed_alias *>(counter((unsigned)lane, linear_tid, 0)) = 0;
    }
    /* Adds the block total into every higher sub-counter: sub-counter k follows all of k - 1. */
    struct PrefixCallBack {
        PackedCounter operator()(PackedCounter block_aggregate)
        {
            PackedCounter block_prefix = 0;
            for (int packed = 1; packed < PACKING_RATIO; packed++)
                block_prefix += (PackedCounter)(block_aggregate << (sizeof(DigitCounter) * 8 * packed));
            return block_prefix;
        }
    };
    void ScanCounters(detail::call_site at)
    {
        PackedCounter raking_partial = Upsweep();
        PackedCounter exclusive_partial;
        PrefixCallBack prefix_call_back;
        BlockScanT(temp_storage.block_scan).ExclusiveSum(raking_partial, exclusive_partial, prefix_call_back, at.file,
                                                         at.line);
        ExclusiveDownsweep(exclusive_partial);
    }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    BlockRadixRank()
        : temp_storage(detail::private_storage<_TempStorage>()),
          linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
    BlockRadixRank(TempStorage &storage)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }

    template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
    void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                  DigitExtractorT digit_extractor, WS_CUDA_SITE)
    {
        static_assert(BLOCK_THREADS * KEYS_PER_THREAD <= 65535,
                      "DigitCounter type is too small to hold this number of keys");
        detail::call_site at{ws_file_, ws_line_};
        DigitCounter thread_prefixes[KEYS_PER_THREAD];
        counter_alias *digit_counters[KEYS_PER_THREAD];
        ResetCounters();
        for (int item = 0; item < KEYS_PER_THREAD; ++item) {
            uint32_t digit = digit_extractor.Digit(keys[item]);
            uint32_t sub_counter = digit >> LOG_COUNTER_LANES;
            uint32_t counter_lane = digit & (COUNTER_LANES - 1);
            if (IS_DESCENDING) {
                sub_counter = PACKING_RATIO - 1 - sub_counter;
                counter_lane = COUNTER_LANES - 1 - counter_lane;
            }
            digit_counters[item] = counter(counter_lane, linear_tid, sub_counter);
            thread_prefixes[item] = *digit_counters[item];
            *digit_counters[item] = (DigitCounter)(thread_prefixes[item] + 1);
        }
        detail::syncthreads(at);
        ScanCounters(at);
        detail::syncthreads(at);
        for (int item = 0; item < KEYS_PER_THREAD; ++item)
            ranks[item] = thread_prefixes[item] + *digit_counters[item];
    }

    template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
    void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD],
                  DigitExtractorT digit_extractor, int (&exclusive_digit_prefix)[BINS_TRACKED_PER_THREAD],
                  WS_CUDA_SITE)
    {
        RankKeys(keys, ranks, digit_extractor, ws_file_, ws_line_);
        for (int track = 0; track < BINS_TRACKED_PER_THREAD; ++track) {
            int bin_idx = (int)(linear_tid * BINS_TRACKED_PER_THREAD) + track;
            if (BLOCK_THREADS == RADIX_DIGITS || bin_idx < RADIX_DIGITS) {
                if (IS_DESCENDING)
                    bin_idx = RADIX_DIGITS - bin_idx - 1;
                unsigned counter_lane = (unsigned)bin_idx & (COUNTER_LANES - 1);
                unsigned sub_counter = (unsigned)bin_idx >> LOG_COUNTER_LANES;
                exclusive_digit_prefix[track] = *counter(counter_lane, 0, sub_counter);
            }
        }
    }
};

} // namespace cub

#endif
