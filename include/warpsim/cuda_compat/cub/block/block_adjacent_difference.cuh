/* cub/block/block_adjacent_difference.cuh for `warpsim cc`: cub::BlockAdjacentDifference<T,
 * BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z> as in CUB 3.0 (CCCL 3.0, CUDA 13.0), over a blocked
 * arrangement (output may be the input array):
 *   SubtractLeft(input, output, op[, tile_predecessor_item]): output[i] = op(input[i], item
 *     before); the block's first item is copied (or op(input[0], tile_predecessor_item));
 *   SubtractLeftPartialTile(input, output, op, valid_items[, tile_predecessor_item]): the same
 *     for ranks below valid_items, the other items copied;
 *   SubtractRight(input, output, op[, tile_successor_item]): op(input[i], item after); the
 *     block's last item copied (or op(last, tile_successor_item));
 *   SubtractRightPartialTile(input, output, op, valid_items): op(input[i], item after) for ranks
 *     below valid_items - 1, the others copied.
 * Each thread shares its first or last item through shared memory (one __syncthreads). CUB 3.0
 * no longer declares the old FlagHeads/FlagTails here. Each call takes the caller's file and
 * line as default arguments. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_ADJACENT_DIFFERENCE_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_ADJACENT_DIFFERENCE_CUH

#include "../util_ptx.cuh"
#include "block_reduce.cuh" /* detail::private_storage */

namespace cub {

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1> class BlockAdjacentDifference {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    struct _TempStorage {
        T first_items[BLOCK_THREADS];
        T last_items[BLOCK_THREADS];
    };
    _TempStorage &temp_storage;
    unsigned linear_tid; /* unsigned, as CUB's: its comparisons with valid_items are unsigned */

    template <int N> void share_last(T (&input)[N], const char *file, int line)
    {
        temp_storage.last_items[linear_tid] = input[N - 1];
        detail::syncthreads({file, line});
    }
    template <int N> void share_first(T (&input)[N], const char *file, int line)
    {
        temp_storage.first_items[linear_tid] = input[0];
        detail::syncthreads({file, line});
    }
    /* Items N-1 down to 1 against their left neighbours (downwards, so output may be input);
     * with valid_items, a thread holding the tile's end copies its items from valid_items on. */
    template <int N, typename OutputT, typename Op>
    void left_inside(T (&input)[N], OutputT (&output)[N], Op op, int valid_items, bool partial)
    {
        if (!partial || (linear_tid + 1) * N <= (unsigned)valid_items) {
            for (int item = N - 1; item > 0; item--)
                output[item] = op(input[item], input[item - 1]);
        } else {
            for (int item = N - 1; item > 0; item--) {
                if ((int)(linear_tid * N + item) < valid_items)
                    output[item] = op(input[item], input[item - 1]);
                else
                    output[item] = input[item];
            }
        }
    }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    BlockAdjacentDifference()
        : temp_storage(detail::private_storage<_TempStorage>()),
          linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
    BlockAdjacentDifference(TempStorage &storage)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }

    template <int N, typename OutputType, typename DifferenceOpT>
    void SubtractLeft(T (&input)[N], OutputType (&output)[N], DifferenceOpT difference_op, WS_CUDA_SITE)
    {
        share_last(input, ws_file_, ws_line_);
        left_inside(input, output, difference_op, 0, false);
        if (linear_tid == 0)
            output[0] = input[0];
        else
            output[0] = difference_op(input[0], temp_storage.last_items[linear_tid - 1]);
    }
    template <int N, typename OutputT, typename DifferenceOpT>
    void SubtractLeft(T (&input)[N], OutputT (&output)[N], DifferenceOpT difference_op, T tile_predecessor_item,
                      WS_CUDA_SITE)
    {
        share_last(input, ws_file_, ws_line_);
        left_inside(input, output, difference_op, 0, false);
        if (linear_tid == 0)
            output[0] = difference_op(input[0], tile_predecessor_item);
        else
            output[0] = difference_op(input[0], temp_storage.last_items[linear_tid - 1]);
    }
    template <int N, typename OutputType, typename DifferenceOpT>
    void SubtractLeftPartialTile(T (&input)[N], OutputType (&output)[N], DifferenceOpT difference_op,
                                 int valid_items, WS_CUDA_SITE)
    {
        share_last(input, ws_file_, ws_line_);
        left_inside(input, output, difference_op, valid_items, true);
        if (linear_tid == 0 || (unsigned)valid_items <= linear_tid * N)
            output[0] = input[0];
        else
            output[0] = difference_op(input[0], temp_storage.last_items[linear_tid - 1]);
    }
    template <int N, typename OutputType, typename DifferenceOpT>
    void SubtractLeftPartialTile(T (&input)[N], OutputType (&output)[N], DifferenceOpT difference_op,
                                 int valid_items, T tile_predecessor_item, WS_CUDA_SITE)
    {
        share_last(input, ws_file_, ws_line_);
        left_inside(input, output, difference_op, valid_items, true);
        if ((unsigned)valid_items <= linear_tid * N)
            output[0] = input[0];
        else if (linear_tid == 0)
            output[0] = difference_op(input[0], tile_predecessor_item);
        else
            output[0] = difference_op(input[0], temp_storage.last_items[linear_tid - 1]);
    }

    template <int N, typename OutputT, typename DifferenceOpT>
    void SubtractRight(T (&input)[N], OutputT (&output)[N], DifferenceOpT difference_op, WS_CUDA_SITE)
    {
        share_first(input, ws_file_, ws_line_);
        for (int item = 0; item < N - 1; item++)
            output[item] = difference_op(input[item], input[item + 1]);
        if (linear_tid == BLOCK_THREADS - 1)
            output[N - 1] = input[N - 1];
        else
            output[N - 1] = difference_op(input[N - 1], temp_storage.first_items[linear_tid + 1]);
    }
    template <int N, typename OutputT, typename DifferenceOpT>
    void SubtractRight(T (&input)[N], OutputT (&output)[N], DifferenceOpT difference_op, T tile_successor_item,
                       WS_CUDA_SITE)
    {
        share_first(input, ws_file_, ws_line_);
        T successor_item =
            (linear_tid == BLOCK_THREADS - 1) ? tile_successor_item : temp_storage.first_items[linear_tid + 1];
        for (int item = 0; item < N - 1; item++)
            output[item] = difference_op(input[item], input[item + 1]);
        output[N - 1] = difference_op(input[N - 1], successor_item);
    }
    template <int N, typename OutputT, typename DifferenceOpT>
    void SubtractRightPartialTile(T (&input)[N], OutputT (&output)[N], DifferenceOpT difference_op, int valid_items,
                                  WS_CUDA_SITE)
    {
        share_first(input, ws_file_, ws_line_);
        if ((linear_tid + 1) * N < (unsigned)valid_items) {
            for (int item = 0; item < N - 1; item++)
                output[item] = difference_op(input[item], input[item + 1]);
            output[N - 1] = difference_op(input[N - 1], temp_storage.first_items[linear_tid + 1]);
        } else {
            /* CUB tests every item; its last one here is always a copy (its rank is at least
             * valid_items - 1), which is spelt out so that no index past the array appears */
            for (int item = 0; item < N - 1; item++) {
                if ((int)(linear_tid * N + item) < valid_items - 1)
                    output[item] = difference_op(input[item], input[item + 1]);
                else
                    output[item] = input[item];
            }
            output[N - 1] = input[N - 1];
        }
    }
};

} // namespace cub

#endif
