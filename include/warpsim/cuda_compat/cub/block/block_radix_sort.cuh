/* cub/block/block_radix_sort.cuh for `warpsim cc`: cub::BlockRadixSort<KeyT, BLOCK_DIM_X,
 * ITEMS_PER_THREAD, ValueT = NullType, RADIX_BITS = 4, MEMOIZE_OUTER_SCAN = true,
 * INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z> as in CUB 3.0
 * (CCCL 3.0, CUDA 13.0): Sort, SortDescending (blocked in, blocked out), SortBlockedToStriped,
 * SortDescendingBlockedToStriped (blocked in, striped out), each of keys or of keys and values,
 * over bits [begin_bit, end_bit) of the keys (default: all). Keys are integers, bool, float or
 * double, sorted by their bit-ordered form (radix_rank_sort_operations.cuh: -0.0 and +0.0 are
 * one key; NaNs by their bits). Custom decomposers (struct keys) are not modelled: such a call
 * does not compile.
 *
 * CUB's least-significant-digit sort: the keys are twiddled in place, then pass after pass of
 * RADIX_BITS bits (the last pass may be narrower) each key is ranked by its digit
 * (cub::BlockRadixRank, ascending or descending: stable) and keys, then values, are scattered
 * through shared memory to their ranks and read back blocked (the last pass of the *ToStriped
 * forms reads back striped); the keys are untwiddled at the end. The storage is a union of the
 * rankings' and the exchanges', so each reuse is fenced by a __syncthreads as in CUB. The
 * exchange is BlockExchange's ScatterToBlocked / ScatterToStriped (no time slicing: padding of one
 * item per 32 when ITEMS_PER_THREAD is a power of two above 4), modelled here in
 * detail::radix_exchange so that this header stands alone. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_RADIX_SORT_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_RADIX_SORT_CUH

#include "block_radix_rank.cuh"
#include "radix_rank_sort_operations.cuh"

#include <string.h>

namespace cub {
namespace detail {

/* BlockExchange<T, BLOCK_THREADS, ITEMS_PER_THREAD>'s storage and its two scatters. Items are
 * copied in and out as bytes (sizeof(T) each), so that a float key's twiddled bits travel as
 * they are. */
template <typename T, int BLOCK_THREADS, int ITEMS_PER_THREAD> struct radix_exchange {
    static constexpr int TILE_ITEMS = BLOCK_THREADS * ITEMS_PER_THREAD;
    static constexpr bool INSERT_PADDING = ITEMS_PER_THREAD > 4 && PowerOfTwo<ITEMS_PER_THREAD>::VALUE;
    static constexpr int PADDING_ITEMS = INSERT_PADDING ? (TILE_ITEMS >> 5) : 0;
    struct alignas(16) _TempStorage {
        T buff[TILE_ITEMS + PADDING_ITEMS];
    };
    using TempStorage = Uninitialized<_TempStorage>;

    static int padded(int offset) { return INSERT_PADDING ? offset + (offset >> 5) : offset; }

    /* Item i goes to ranks[i]; after a barrier, read back blocked (striped: false). */
    template <typename U>
    static void Scatter(TempStorage &storage, unsigned linear_tid, U (&items)[ITEMS_PER_THREAD],
                        const int (&ranks)[ITEMS_PER_THREAD], bool blocked, call_site at)
    {
        static_assert(sizeof(U) == sizeof(T), "cub radix sort: exchanged item of another size");
        T *buff = storage.Alias().buff;
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            memcpy(static_cast<void *>(buff + padded(ranks[i])), &items[i], sizeof(T));
        syncthreads(at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int offset = blocked ? (int)linear_tid * ITEMS_PER_THREAD + i : i * BLOCK_THREADS + (int)linear_tid;
            memcpy(static_cast<void *>(&items[i]), buff + padded(offset), sizeof(T));
        }
    }
};

} // namespace detail

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4,
          bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM_CONFIG = cudaSharedMemBankSizeFourByte, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockRadixSort {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr bool KEYS_ONLY = std::is_same<ValueT, NullType>::value;
    using traits = detail::radix::traits_t<KeyT>;
    using bit_ordered_type = typename traits::bit_ordered_type;
    using AscendingBlockRadixRank = BlockRadixRank<BLOCK_DIM_X, RADIX_BITS, false, MEMOIZE_OUTER_SCAN,
                                                   INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z>;
    using DescendingBlockRadixRank = BlockRadixRank<BLOCK_DIM_X, RADIX_BITS, true, MEMOIZE_OUTER_SCAN,
                                                    INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z>;
    using ExchangeKeys = detail::radix_exchange<KeyT, BLOCK_THREADS, ITEMS_PER_THREAD>;
    using ExchangeValues = detail::radix_exchange<ValueT, BLOCK_THREADS, ITEMS_PER_THREAD>;

    union _TempStorage {
        typename AscendingBlockRadixRank::TempStorage asending_ranking_storage;
        typename DescendingBlockRadixRank::TempStorage descending_ranking_storage;
        typename ExchangeKeys::TempStorage exchange_keys;
        typename ExchangeValues::TempStorage exchange_values;
    };

    _TempStorage &temp_storage;
    unsigned linear_tid;

    template <bool DESCENDING>
    void SortImpl(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit, int end_bit,
                  bool to_striped, detail::call_site at)
    {
        bit_ordered_type bits[ITEMS_PER_THREAD];
        memcpy(bits, keys, sizeof bits);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            bits[i] = traits::to_bit_ordered(bits[i]);
        while (true) {
            int pass_bits = RADIX_BITS < end_bit - begin_bit ? RADIX_BITS : end_bit - begin_bit;
            BFEDigitExtractor<KeyT> digit_extractor((uint32_t)begin_bit, (uint32_t)pass_bits);
            int ranks[ITEMS_PER_THREAD];
            if (DESCENDING)
                DescendingBlockRadixRank(temp_storage.descending_ranking_storage)
                    .RankKeys(bits, ranks, digit_extractor, at.file, at.line);
            else
                AscendingBlockRadixRank(temp_storage.asending_ranking_storage)
                    .RankKeys(bits, ranks, digit_extractor, at.file, at.line);
            begin_bit += RADIX_BITS;
            detail::syncthreads(at);
            bool last = begin_bit >= end_bit;
            bool blocked = !(to_striped && last);
            ExchangeKeys::Scatter(temp_storage.exchange_keys, linear_tid, bits, ranks, blocked, at);
            if (!KEYS_ONLY) {
                detail::syncthreads(at);
                ExchangeValues::Scatter(temp_storage.exchange_values, linear_tid, values, ranks, blocked, at);
            }
            if (last)
                break;
            detail::syncthreads(at);
        }
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            bits[i] = traits::from_bit_ordered(bits[i]);
        memcpy(static_cast<void *>(keys), bits, sizeof bits);
    }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    BlockRadixSort()
        : temp_storage(detail::private_storage<_TempStorage>()),
          linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
    BlockRadixSort(TempStorage &storage)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }

    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, WS_CUDA_SITE)
    {
        static_assert(KEYS_ONLY, "cub::BlockRadixSort: a keys-only sort of a sorter with ValueT (CUB 3.0 does not "
                                 "compile it either)");
        ValueT values[ITEMS_PER_THREAD];
        SortImpl<false>(keys, values, begin_bit, end_bit, false, {ws_file_, ws_line_});
    }
    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
              int end_bit = sizeof(KeyT) * 8, WS_CUDA_SITE)
    {
        SortImpl<false>(keys, values, begin_bit, end_bit, false, {ws_file_, ws_line_});
    }
    void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                        WS_CUDA_SITE)
    {
        static_assert(KEYS_ONLY, "cub::BlockRadixSort: a keys-only sort of a sorter with ValueT (CUB 3.0 does not "
                                 "compile it either)");
        ValueT values[ITEMS_PER_THREAD];
        SortImpl<true>(keys, values, begin_bit, end_bit, false, {ws_file_, ws_line_});
    }
    void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                        int end_bit = sizeof(KeyT) * 8, WS_CUDA_SITE)
    {
        SortImpl<true>(keys, values, begin_bit, end_bit, false, {ws_file_, ws_line_});
    }
    void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                              WS_CUDA_SITE)
    {
        static_assert(KEYS_ONLY, "cub::BlockRadixSort: a keys-only sort of a sorter with ValueT (CUB 3.0 does not "
                                 "compile it either)");
        ValueT values[ITEMS_PER_THREAD];
        SortImpl<false>(keys, values, begin_bit, end_bit, true, {ws_file_, ws_line_});
    }
    void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0,
                              int end_bit = sizeof(KeyT) * 8, WS_CUDA_SITE)
    {
        SortImpl<false>(keys, values, begin_bit, end_bit, true, {ws_file_, ws_line_});
    }
    void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0,
                                        int end_bit = sizeof(KeyT) * 8, WS_CUDA_SITE)
    {
        static_assert(KEYS_ONLY, "cub::BlockRadixSort: a keys-only sort of a sorter with ValueT (CUB 3.0 does not "
                                 "compile it either)");
        ValueT values[ITEMS_PER_THREAD];
        SortImpl<true>(keys, values, begin_bit, end_bit, true, {ws_file_, ws_line_});
    }
    void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD],
                                        int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, WS_CUDA_SITE)
    {
        SortImpl<true>(keys, values, begin_bit, end_bit, true, {ws_file_, ws_line_});
    }
};

} // namespace cub

#endif
