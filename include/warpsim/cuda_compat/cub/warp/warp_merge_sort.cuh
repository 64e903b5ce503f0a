/* cub/warp/warp_merge_sort.cuh for `warpsim cc`: cub::WarpMergeSort<KeyT, ITEMS_PER_THREAD,
 * LOGICAL_WARP_THREADS = 32, ValueT = NullType> as in CUB 3.0 (CCCL 3.0, CUDA 13.0): the merge
 * sort of cub::BlockMergeSortStrategy (block/block_merge_sort.cuh: Sort and StableSort of keys or
 * keys and values, with valid_items and oob_default) over the ITEMS_PER_THREAD *
 * LOGICAL_WARP_THREADS items of one logical warp (a power of two of lanes), each logical warp
 * with its own TempStorage, synchronised by __syncwarp(member_mask) instead of __syncthreads.
 * A lane's place is its lane id modulo LOGICAL_WARP_THREADS; get_member_mask() gives the warp's
 * lanes. */
#ifndef WARPSIM_CUB_WARP_WARP_MERGE_SORT_CUH
#define WARPSIM_CUB_WARP_WARP_MERGE_SORT_CUH

#include "../block/block_merge_sort.cuh"

namespace cub {

template <typename KeyT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = detail::warp_threads,
          typename ValueT = NullType>
class WarpMergeSort
    : public BlockMergeSortStrategy<KeyT, ValueT, LOGICAL_WARP_THREADS, ITEMS_PER_THREAD,
                                    WarpMergeSort<KeyT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS, ValueT>> {
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == detail::warp_threads;
    using BlockMergeSortStrategyT =
        BlockMergeSortStrategy<KeyT, ValueT, LOGICAL_WARP_THREADS, ITEMS_PER_THREAD, WarpMergeSort>;
    friend BlockMergeSortStrategyT;

    const unsigned warp_id;
    const unsigned member_mask;
    void SyncImplementation(detail::call_site at) const { detail::syncwarp(member_mask, at); }

  public:
    WarpMergeSort() = delete;
    WarpMergeSort(typename BlockMergeSortStrategyT::TempStorage &temp_storage)
        : BlockMergeSortStrategyT(temp_storage,
                                  IS_ARCH_WARP ? detail::lane_id() : detail::lane_id() % LOGICAL_WARP_THREADS),
          warp_id(IS_ARCH_WARP ? 0 : detail::lane_id() / LOGICAL_WARP_THREADS),
          member_mask(WarpMask<LOGICAL_WARP_THREADS>(warp_id))
    {
    }
    unsigned get_member_mask() const { return member_mask; }
};

} // namespace cub

#endif
