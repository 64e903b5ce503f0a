/* cub/thread/thread_search.cuh for `warpsim cc`: CUB 3.0's (CCCL 3.0, CUDA 13.0) sequential
 * searches: MergePathSearch (deprecated in CUB 3.0: where diagonal `diagonal` of the merge of
 * sorted a and b crosses the merge path, by bisection with a[i] <= b[j]: path_coordinate.x in a,
 * .y in b), LowerBound (first element not < val) and UpperBound (first element > val), by
 * halving. (BlockMergeSort's own MergePath, with a comparison functor, is in
 * block/block_merge_sort.cuh.) */
#ifndef WARPSIM_CUB_THREAD_THREAD_SEARCH_CUH
#define WARPSIM_CUB_THREAD_THREAD_SEARCH_CUH

#include "../util_type.cuh"

namespace cub {

template <typename AIteratorT, typename BIteratorT, typename OffsetT, typename CoordinateT>
[[deprecated]] inline void MergePathSearch(OffsetT diagonal, AIteratorT a, BIteratorT b, OffsetT a_len, OffsetT b_len,
                            CoordinateT &path_coordinate)
{
    OffsetT split_min = diagonal - b_len > 0 ? diagonal - b_len : 0;
    OffsetT split_max = diagonal < a_len ? diagonal : a_len;
    while (split_min < split_max) {
        OffsetT split_pivot = (split_min + split_max) >> 1;
        if (a[split_pivot] <= b[diagonal - split_pivot - 1])
            split_min = split_pivot + 1;
        else
            split_max = split_pivot;
    }
    path_coordinate.x = split_min < a_len ? split_min : a_len;
    path_coordinate.y = diagonal - split_min;
}

template <typename InputIteratorT, typename OffsetT, typename T>
inline OffsetT LowerBound(InputIteratorT input, OffsetT num_items, T val)
{
    OffsetT retval = 0;
    while (num_items > 0) {
        OffsetT half = num_items >> 1;
        if (input[retval + half] < val) {
            retval = retval + (half + 1);
            num_items = num_items - (half + 1);
        } else {
            num_items = half;
        }
    }
    return retval;
}

template <typename InputIteratorT, typename OffsetT, typename T>
inline OffsetT UpperBound(InputIteratorT input, OffsetT num_items, T val)
{
    OffsetT retval = 0;
    while (num_items > 0) {
        OffsetT half = num_items >> 1;
        if (val < input[retval + half]) {
            num_items = half;
        } else {
            retval = retval + (half + 1);
            num_items = num_items - (half + 1);
        }
    }
    return retval;
}

} // namespace cub

#endif
