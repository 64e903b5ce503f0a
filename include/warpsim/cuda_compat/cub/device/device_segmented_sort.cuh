/* cub/device/device_segmented_sort.cuh for `warpsim cc`: cub::DeviceSegmentedSort of CUB 3.0 (CCCL
 * 3.0, CUDA 13.0) is NOT modelled yet: every function (SortKeys, SortPairs, their Descending and
 * Stable forms, with arrays or DoubleBuffer) fails at compile time naming itself. Why: CUB's
 * DispatchSegmentedSort sorts small and medium segments with (sub-)warp merge sorts under
 * operator< / operator> and large ones with a radix sort, so float keys with NaNs come out in an
 * order only that exact machinery gives; its temp_storage_bytes (segment partitioning buffers) and
 * where a DoubleBuffer's result and second buffer end up also follow that dispatch. (CUB's Stable
 * forms call the same code as the others.) DeviceSegmentedRadixSort is modelled. */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_SEGMENTED_SORT_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_SEGMENTED_SORT_CUH

#include <warpsim/cuda_runtime.h>

namespace cub {

#define WARPSIM_CUB_SEGMENTED_SORT_STUB(name)                                                                         \
    template <typename... Args> static cudaError_t name(Args...)                                                     \
    {                                                                                                                \
        static_assert(sizeof...(Args) == 0,                                                                          \
                      "warpsim cc: cub::DeviceSegmentedSort::" #name " is not modelled (CUB's warp merge sorts, "    \
                      "segment partitioning and DoubleBuffer routing); use cub::DeviceSegmentedRadixSort");          \
        return cudaErrorNotSupported;                                                                                \
    }

struct DeviceSegmentedSort {
    WARPSIM_CUB_SEGMENTED_SORT_STUB(SortKeys)
    WARPSIM_CUB_SEGMENTED_SORT_STUB(SortKeysDescending)
    WARPSIM_CUB_SEGMENTED_SORT_STUB(StableSortKeys)
    WARPSIM_CUB_SEGMENTED_SORT_STUB(StableSortKeysDescending)
    WARPSIM_CUB_SEGMENTED_SORT_STUB(SortPairs)
    WARPSIM_CUB_SEGMENTED_SORT_STUB(SortPairsDescending)
    WARPSIM_CUB_SEGMENTED_SORT_STUB(StableSortPairs)
    WARPSIM_CUB_SEGMENTED_SORT_STUB(StableSortPairsDescending)
};

#undef WARPSIM_CUB_SEGMENTED_SORT_STUB

} // namespace cub

#endif
