/* cub/block/block_merge_sort.cuh for `warpsim cc`: cub::BlockMergeSort<KeyT, BLOCK_DIM_X,
 * ITEMS_PER_THREAD, ValueT = NullType, BLOCK_DIM_Y, BLOCK_DIM_Z> as in CUB 3.0 (CCCL 3.0,
 * CUDA 13.0), and what it shares with cub::WarpMergeSort: cub::MergePath, cub::SerialMerge and
 * cub::BlockMergeSortStrategy<KeyT, ValueT, NUM_THREADS, ITEMS_PER_THREAD, SynchronizationPolicy>
 * (NUM_THREADS a power of two). API: Sort(keys, compare_op), Sort(keys, items, compare_op), both
 * with valid_items and oob_default, and the StableSort forms (the same algorithm).
 *
 * CUB's algorithm, whose order for keys that compare equal is its own (Sort is not promised to
 * be stable, and is not: merge path ties go to the first run but the thread-level padding below
 * is not): with valid_items, each thread replaces its items 1.. that lie at or past valid_items by
 * the running max (by compare_op) of oob_default and its valid items 1.. before them (item 0 is
 * left alone); a thread whose first item is valid sorts its items (StableOddEvenSort). Then for
 * runs of 2, 4, ..., NUM_THREADS threads: barrier, every thread stores its keys (blocked) to
 * shared memory, barrier; each thread finds, by a binary search on its diagonal (MergePath), where
 * its ITEMS_PER_THREAD outputs start in the two sorted halves of its run (clipped to
 * valid_items), and merges ITEMS_PER_THREAD keys from there (SerialMerge: the second half's key
 * is taken only when compare_op(second, first)), remembering where each came from; with values,
 * barrier, values stored blocked (over the keys: one union), barrier, each thread gathers its
 * values by those indices. The storage holds ITEMS_PER_THREAD * NUM_THREADS + 1 items (CUB's merge
 * reads one past its last key; see SerialMerge). */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_MERGE_SORT_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_MERGE_SORT_CUH

#include "../thread/thread_sort.cuh"
#include "../util_ptx.cuh"
#include "block_reduce.cuh" /* detail::private_storage */

namespace cub {

/* How many keys of keys1 come before diagonal diag of the merge (ties: keys1 first). */
template <typename KeyIt1, typename KeyIt2, typename OffsetT, typename BinaryPred>
inline OffsetT MergePath(KeyIt1 keys1, KeyIt2 keys2, OffsetT keys1_count, OffsetT keys2_count, OffsetT diag,
                         BinaryPred binary_pred)
{
    OffsetT keys1_begin = diag < keys2_count ? 0 : diag - keys2_count;
    OffsetT keys1_end = diag < keys1_count ? diag : keys1_count;
    while (keys1_begin < keys1_end) {
        const OffsetT mid = keys1_begin + (keys1_end - keys1_begin) / 2;
        const auto key1 = keys1[mid];
        const auto key2 = keys2[diag - 1 - mid];
        if (binary_pred(key2, key1))
            keys1_end = mid;
        else
            keys1_begin = mid + 1;
    }
    return keys1_begin;
}

/* ITEMS_PER_THREAD keys merged from [keys1_beg, +keys1_count) and [keys2_beg, +keys2_count) of
 * keys_shared, with the index each came from. The next key of each run is held ahead; a run that
 * ends hands over to the other, or, both ended (valid_items), the first goes on past its end. */
template <typename KeyIt, typename KeyT, typename CompareOp, int ITEMS_PER_THREAD>
inline void SerialMerge(KeyIt keys_shared, int keys1_beg, int keys2_beg, int keys1_count, int keys2_count,
                        KeyT (&output)[ITEMS_PER_THREAD], int (&indices)[ITEMS_PER_THREAD], CompareOp compare_op)
{
    const int keys1_end = keys1_beg + keys1_count;
    const int keys2_end = keys2_beg + keys2_count;
    KeyT key1 = keys_shared[keys1_beg];
    KeyT key2 = keys2_beg < keys2_end ? keys_shared[keys2_beg] : key1;
    for (int item = 0; item < ITEMS_PER_THREAD; ++item) {
        const bool p = (keys2_beg < keys2_end) && ((keys1_beg >= keys1_end) || compare_op(key2, key1));
        output[item] = p ? key2 : key1;
        indices[item] = p ? keys2_beg++ : keys1_beg++;
        /* CUB also reads ahead after the last item, and past the end of the second run; values
         * never used (p is false once the second run is done), which for the last thread may be
         * the storage's extra slot that nothing writes: left out here, so that the checker does
         * not report an uninitialized read that the GPU's (shared memory unchecked) does not. */
        if (item + 1 == ITEMS_PER_THREAD)
            break;
        if (p) {
            if (keys2_beg < keys2_end)
                key2 = keys_shared[keys2_beg];
        } else {
            key1 = keys_shared[keys1_beg];
        }
    }
}

template <typename KeyT, typename ValueT, int NUM_THREADS, int ITEMS_PER_THREAD, typename SynchronizationPolicy>
class BlockMergeSortStrategy {
    static_assert(PowerOfTwo<NUM_THREADS>::VALUE, "NUM_THREADS must be a power of two");
    static constexpr int ITEMS_PER_TILE = ITEMS_PER_THREAD * NUM_THREADS;
    static constexpr bool KEYS_ONLY = std::is_same<ValueT, NullType>::value;

    union _TempStorage {
        KeyT keys_shared[ITEMS_PER_TILE + 1];
        ValueT items_shared[ITEMS_PER_TILE + 1];
    };
    _TempStorage &temp_storage;
    const unsigned linear_tid;

    /* The policy's barrier: warpsim's own policies take the call site; a user's policy class (CUB's
     * docs derive one, with a public SyncImplementation()) takes none. */
    template <typename P>
    static auto SyncWith(const P *policy, detail::call_site at, int) -> decltype(policy->SyncImplementation(at), void())
    {
        policy->SyncImplementation(at);
    }
    template <typename P> static void SyncWith(const P *policy, detail::call_site, long) { policy->SyncImplementation(); }
    void Sync(detail::call_site at) const { SyncWith(static_cast<const SynchronizationPolicy *>(this), at, 0); }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    BlockMergeSortStrategy() = delete;
    explicit BlockMergeSortStrategy(unsigned linear_tid)
        : temp_storage(detail::private_storage<_TempStorage>()), linear_tid(linear_tid)
    {
    }
    BlockMergeSortStrategy(TempStorage &storage, unsigned linear_tid)
        : temp_storage(storage.Alias()), linear_tid(linear_tid)
    {
    }
    unsigned get_linear_tid() const { return linear_tid; }

    template <typename CompareOp> void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, WS_CUDA_SITE)
    {
        ValueT items[ITEMS_PER_THREAD];
        Sort<CompareOp, false>(keys, items, compare_op, ITEMS_PER_TILE, keys[0], ws_file_, ws_line_);
    }
    template <typename CompareOp>
    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items, KeyT oob_default, WS_CUDA_SITE)
    {
        ValueT items[ITEMS_PER_THREAD];
        Sort<CompareOp, true>(keys, items, compare_op, valid_items, oob_default, ws_file_, ws_line_);
    }
    template <typename CompareOp>
    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op, WS_CUDA_SITE)
    {
        Sort<CompareOp, false>(keys, items, compare_op, ITEMS_PER_TILE, keys[0], ws_file_, ws_line_);
    }
    template <typename CompareOp, bool IS_LAST_TILE = true>
    void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op,
              int valid_items, KeyT oob_default, WS_CUDA_SITE)
    {
        detail::call_site at{ws_file_, ws_line_};
        if (IS_LAST_TILE) {
            KeyT max_key = oob_default;
            for (int item = 1; item < ITEMS_PER_THREAD; ++item) {
                if (ITEMS_PER_THREAD * (int)linear_tid + item < valid_items)
                    max_key = compare_op(max_key, keys[item]) ? keys[item] : max_key;
                else
                    keys[item] = max_key;
            }
        }
        if (!IS_LAST_TILE || ITEMS_PER_THREAD * (int)linear_tid < valid_items)
            StableOddEvenSort(keys, items, compare_op);

        for (int target_merged_threads_number = 2; target_merged_threads_number <= NUM_THREADS;
             target_merged_threads_number *= 2) {
            int merged_threads_number = target_merged_threads_number / 2;
            int mask = target_merged_threads_number - 1;
            Sync(at);
            for (int item = 0; item < ITEMS_PER_THREAD; ++item)
                temp_storage.keys_shared[ITEMS_PER_THREAD * linear_tid + item] = keys[item];
            Sync(at);

            int indices[ITEMS_PER_THREAD];
            int first_thread_in_run = ~mask & (int)linear_tid;
            int start = ITEMS_PER_THREAD * first_thread_in_run;
            int size = ITEMS_PER_THREAD * merged_threads_number;
            int thread_in_run = mask & (int)linear_tid;
            int diag = valid_items < ITEMS_PER_THREAD * thread_in_run ? valid_items : ITEMS_PER_THREAD * thread_in_run;
            int keys1_beg = valid_items < start ? valid_items : start;
            int keys1_end = valid_items < keys1_beg + size ? valid_items : keys1_beg + size;
            int keys2_beg = keys1_end;
            int keys2_end = valid_items < keys2_beg + size ? valid_items : keys2_beg + size;
            int keys1_count = keys1_end - keys1_beg;
            int keys2_count = keys2_end - keys2_beg;
            int partition_diag = MergePath(&temp_storage.keys_shared[keys1_beg], &temp_storage.keys_shared[keys2_beg],
                                           keys1_count, keys2_count, diag, compare_op);
            int keys1_beg_loc = keys1_beg + partition_diag;
            int keys2_beg_loc = keys2_beg + diag - partition_diag;
            SerialMerge(&temp_storage.keys_shared[0], keys1_beg_loc, keys2_beg_loc, keys1_end - keys1_beg_loc,
                        keys2_end - keys2_beg_loc, keys, indices, compare_op);

            if (!KEYS_ONLY) {
                Sync(at);
                for (int item = 0; item < ITEMS_PER_THREAD; ++item)
                    temp_storage.items_shared[ITEMS_PER_THREAD * linear_tid + item] = items[item];
                Sync(at);
                for (int item = 0; item < ITEMS_PER_THREAD; ++item)
                    items[item] = temp_storage.items_shared[indices[item]];
            }
        }
    }

    template <typename CompareOp> void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, WS_CUDA_SITE)
    {
        Sort(keys, compare_op, ws_file_, ws_line_);
    }
    template <typename CompareOp>
    void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op,
                    WS_CUDA_SITE)
    {
        Sort(keys, items, compare_op, ws_file_, ws_line_);
    }
    template <typename CompareOp>
    void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], CompareOp compare_op, int valid_items, KeyT oob_default,
                    WS_CUDA_SITE)
    {
        Sort(keys, compare_op, valid_items, oob_default, ws_file_, ws_line_);
    }
    template <typename CompareOp, bool IS_LAST_TILE = true>
    void StableSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op,
                    int valid_items, KeyT oob_default, WS_CUDA_SITE)
    {
        Sort<CompareOp, IS_LAST_TILE>(keys, items, compare_op, valid_items, oob_default, ws_file_, ws_line_);
    }
};

template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockMergeSort
    : public BlockMergeSortStrategy<KeyT, ValueT, BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z, ITEMS_PER_THREAD,
                                    BlockMergeSort<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, ValueT, BLOCK_DIM_Y, BLOCK_DIM_Z>> {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    using BlockMergeSortStrategyT = BlockMergeSortStrategy<KeyT, ValueT, BLOCK_THREADS, ITEMS_PER_THREAD, BlockMergeSort>;
    friend BlockMergeSortStrategyT;
    void SyncImplementation(detail::call_site at) const { detail::syncthreads(at); }

  public:
    BlockMergeSort() : BlockMergeSortStrategyT((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    explicit BlockMergeSort(typename BlockMergeSortStrategyT::TempStorage &temp_storage)
        : BlockMergeSortStrategyT(temp_storage, (unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
};

} // namespace cub

#endif
