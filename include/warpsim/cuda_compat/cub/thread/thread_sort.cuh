/* cub/thread/thread_sort.cuh for `warpsim cc`: cub::StableOddEvenSort(keys, items, compare_op) as
 * in CUB 3.0 (CCCL 3.0, CUDA 13.0): a thread sorts its ITEMS_PER_THREAD keys (and the items with
 * them; cub::NullType items: keys only) by ITEMS_PER_THREAD odd-even transposition rounds, round i
 * comparing the pairs (j, j + 1) for j = i & 1, i & 1 + 2, ... and swapping when
 * compare_op(keys[j + 1], keys[j]); equal keys never swap, so the sort is stable. */
#ifndef WARPSIM_CUB_THREAD_THREAD_SORT_CUH
#define WARPSIM_CUB_THREAD_THREAD_SORT_CUH

#include "../util_type.cuh"

#include <utility>

namespace cub {

template <typename KeyT, typename ValueT, typename CompareOp, int ITEMS_PER_THREAD>
inline void StableOddEvenSort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&items)[ITEMS_PER_THREAD], CompareOp compare_op)
{
    constexpr bool KEYS_ONLY = std::is_same<ValueT, NullType>::value;
    for (int i = 0; i < ITEMS_PER_THREAD; ++i)
        for (int j = 1 & i; j < ITEMS_PER_THREAD - 1; j += 2)
            if (compare_op(keys[j + 1], keys[j])) {
                using std::swap;
                swap(keys[j], keys[j + 1]);
                if (!KEYS_ONLY)
                    swap(items[j], items[j + 1]);
            }
}

} // namespace cub

#endif
