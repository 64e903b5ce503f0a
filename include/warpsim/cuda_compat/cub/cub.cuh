/* cub/cub.cuh for `warpsim cc`: CUB (CCCL 3.0, as CUDA 13.0 ships it) with the bits an H200 gives.
 * - Warp level: WarpReduce, WarpScan, WarpLoad, WarpStore, WarpExchange, WarpMergeSort.
 * - Block level: BlockReduce, BlockScan (every algorithm), BlockLoad, BlockStore, BlockExchange,
 *   BlockRadixSort (and BlockRadixRank), BlockMergeSort, BlockHistogram, BlockDiscontinuity,
 *   BlockAdjacentDifference. Their shuffles and barriers go through the front end's intrinsics,
 *   in CUB's order and with CUB's shared-memory layouts.
 * - Device level: DeviceReduce, DeviceScan, DeviceRadixSort, DeviceSegmentedReduce, DeviceSelect,
 *   DeviceHistogram, DeviceRunLengthEncode, DevicePartition, DeviceSegmentedRadixSort,
 *   DeviceMergeSort, as host functions that combine values in the order CUB's sm_90 kernels do on
 *   the H200's 132 multiprocessors (device/dispatch/device_model.cuh); DeviceFor,
 *   DeviceTransform and DeviceAdjacentDifference, element by element; DeviceMerge.
 * What is not here (iterators beyond ArgIndexInputIterator, DeviceSegmentedSort, decomposer keys
 * ...) fails to compile with a message naming it, or is not declared: docs/cuda-frontend.md lists
 * it. */
#ifndef WARPSIM_CUB_CUB_CUH
#define WARPSIM_CUB_CUB_CUH

#include "block/block_adjacent_difference.cuh"
#include "block/block_discontinuity.cuh"
#include "block/block_exchange.cuh"
#include "block/block_histogram.cuh"
#include "block/block_load.cuh"
#include "block/block_merge_sort.cuh"
#include "block/block_radix_rank.cuh"
#include "block/block_radix_sort.cuh"
#include "block/block_reduce.cuh"
#include "block/block_scan.cuh"
#include "block/block_store.cuh"
#include "block/radix_rank_sort_operations.cuh"
#include "device/device_adjacent_difference.cuh"
#include "device/device_for.cuh"
#include "device/device_histogram.cuh"
#include "device/device_merge.cuh"
#include "device/device_merge_sort.cuh"
#include "device/device_partition.cuh"
#include "device/device_radix_sort.cuh"
#include "device/device_reduce.cuh"
#include "device/device_run_length_encode.cuh"
#include "device/device_scan.cuh"
#include "device/device_segmented_radix_sort.cuh"
#include "device/device_segmented_reduce.cuh"
#include "device/device_segmented_sort.cuh"
#include "device/device_select.cuh"
#include "device/device_transform.cuh"
#include "iterator/arg_index_input_iterator.cuh"
#include "thread/thread_reduce.cuh"
#include "thread/thread_scan.cuh"
#include "thread/thread_search.cuh"
#include "thread/thread_sort.cuh"
#include "util_allocator.cuh"
#include "util_debug.cuh"
#include "util_device_types.cuh"
#include "warp/warp_exchange.cuh"
#include "warp/warp_load.cuh"
#include "warp/warp_merge_sort.cuh"
#include "warp/warp_reduce.cuh"
#include "warp/warp_scan.cuh"
#include "warp/warp_store.cuh"

#endif
