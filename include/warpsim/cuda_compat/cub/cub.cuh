/* cub/cub.cuh for `warpsim cc`: the part of CUB (CCCL 3.0, CUDA 13.0) that warpsim models, with
 * the bits an H200 gives: warp and block reduce and scan (cub::WarpReduce, cub::WarpScan,
 * cub::BlockReduce, cub::BlockScan) and the thread-level cub::ThreadReduce they use, each call's
 * shuffles and barriers through the front end's intrinsics. The rest of CUB (BlockLoad,
 * BlockStore, BlockRadixSort, BlockExchange, the Device* algorithms ...) is not declared; their
 * own headers fail at the #include, naming what is missing. */
#ifndef WARPSIM_CUB_CUB_CUH
#define WARPSIM_CUB_CUB_CUH

#include "block/block_merge_sort.cuh"
#include "block/block_radix_rank.cuh"
#include "block/block_radix_sort.cuh"
#include "block/block_reduce.cuh"
#include "block/block_scan.cuh"
#include "block/radix_rank_sort_operations.cuh"
#include "device/device_histogram.cuh"
#include "device/device_radix_sort.cuh"
#include "device/device_reduce.cuh"
#include "device/device_scan.cuh"
#include "device/device_segmented_reduce.cuh"
#include "device/device_select.cuh"
#include "iterator/arg_index_input_iterator.cuh"
#include "thread/thread_reduce.cuh"
#include "thread/thread_scan.cuh"
#include "thread/thread_search.cuh"
#include "thread/thread_sort.cuh"
#include "util_device_types.cuh"
#include "warp/warp_merge_sort.cuh"
#include "warp/warp_reduce.cuh"
#include "warp/warp_scan.cuh"

#endif
