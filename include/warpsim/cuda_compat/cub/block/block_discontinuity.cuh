/* cub/block/block_discontinuity.cuh for `warpsim cc`: cub::BlockDiscontinuity<T, BLOCK_DIM_X,
 * BLOCK_DIM_Y, BLOCK_DIM_Z> as in CUB 3.0 (CCCL 3.0, CUDA 13.0), over a blocked arrangement:
 *   FlagHeads(head_flags, input, flag_op[, tile_predecessor_item]) (and the form that also
 *     returns the predecessors, preds): head_flags[i] = flag_op(item before, input[i]);
 *   FlagTails(tail_flags, input, flag_op[, tile_successor_item]): flag_op(input[i], item after);
 *   FlagHeadsAndTails(head_flags, [tile_predecessor_item,] tail_flags, [tile_successor_item,]
 *     input, flag_op).
 * flag_op(a, b) or flag_op(a, b, b_index) (b_index: the rank in the tile of the later item; CUB's
 * BinaryOpHasIdxParam picks the form). Without a tile predecessor the block's first item is
 * flagged 1 as a head, without a successor the last one 1 as a tail. Each thread shares its
 * first and last items through shared memory (first_items, last_items: one __syncthreads).
 * Each call takes the caller's file and line as default arguments. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_DISCONTINUITY_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_DISCONTINUITY_CUH

#include "../util_ptx.cuh"
#include "block_reduce.cuh" /* detail::private_storage */

#include <utility>

namespace cub {

/* Whether op(a, b, int) can be called (CUB's util_type.cuh has it). */
template <typename T, typename BinaryOp, typename = void> struct BinaryOpHasIdxParam : std::false_type {
};
template <typename T, typename BinaryOp>
struct BinaryOpHasIdxParam<T, BinaryOp,
                           std::void_t<decltype(std::declval<BinaryOp>()(std::declval<T>(), std::declval<T>(), int{}))>>
    : std::true_type {
};

template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1> class BlockDiscontinuity {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    struct _TempStorage {
        T first_items[BLOCK_THREADS];
        T last_items[BLOCK_THREADS];
    };
    _TempStorage &temp_storage;
    unsigned linear_tid;

    template <typename FlagOp> static bool apply(FlagOp flag_op, const T &a, const T &b, int idx)
    {
        if constexpr (BinaryOpHasIdxParam<T, FlagOp>::value)
            return flag_op(a, b, idx);
        else
            return flag_op(a, b);
    }
    /* The heads after a thread's first item, the tails before its last. */
    template <int N, typename FlagT, typename FlagOp>
    void heads_inside(FlagT (&flags)[N], T (&input)[N], T (&preds)[N], FlagOp flag_op)
    {
        for (int i = 1; i < N; ++i) {
            preds[i] = input[i - 1];
            flags[i] = apply(flag_op, preds[i], input[i], (int)(linear_tid * N) + i);
        }
    }
    template <int N, typename FlagT, typename FlagOp> void tails_inside(FlagT (&flags)[N], T (&input)[N], FlagOp flag_op)
    {
        for (int i = 0; i < N - 1; ++i)
            flags[i] = apply(flag_op, input[i], input[i + 1], (int)(linear_tid * N) + i + 1);
    }
    /* The first item's head flag: 1 for thread 0 without a predecessor. */
    template <int N, typename FlagT, typename FlagOp>
    void first_head(FlagT (&flags)[N], T (&input)[N], T (&preds)[N], FlagOp flag_op)
    {
        if (linear_tid == 0) {
            flags[0] = 1;
        } else {
            preds[0] = temp_storage.last_items[linear_tid - 1];
            flags[0] = apply(flag_op, preds[0], input[0], (int)(linear_tid * N));
        }
    }
    template <int N, typename FlagT, typename FlagOp>
    void first_head(FlagT (&flags)[N], T (&input)[N], T (&preds)[N], FlagOp flag_op, T tile_predecessor_item)
    {
        preds[0] = linear_tid == 0 ? tile_predecessor_item : temp_storage.last_items[linear_tid - 1];
        flags[0] = apply(flag_op, preds[0], input[0], (int)(linear_tid * N));
    }
    template <int N, typename FlagT, typename FlagOp> void last_tail(FlagT (&flags)[N], T (&input)[N], FlagOp flag_op)
    {
        flags[N - 1] = (linear_tid == BLOCK_THREADS - 1)
                           ? 1
                           : apply(flag_op, input[N - 1], temp_storage.first_items[linear_tid + 1],
                                   (int)(linear_tid * N) + N);
    }
    template <int N, typename FlagT, typename FlagOp>
    void last_tail(FlagT (&flags)[N], T (&input)[N], FlagOp flag_op, T tile_successor_item)
    {
        T successor_item =
            (linear_tid == BLOCK_THREADS - 1) ? tile_successor_item : temp_storage.first_items[linear_tid + 1];
        flags[N - 1] = apply(flag_op, input[N - 1], successor_item, (int)(linear_tid * N) + N);
    }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    BlockDiscontinuity()
        : temp_storage(detail::private_storage<_TempStorage>()),
          linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
    BlockDiscontinuity(TempStorage &storage)
        : temp_storage(storage.Alias()), linear_tid((unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }

    template <int N, typename FlagT, typename FlagOp>
    void FlagHeads(FlagT (&head_flags)[N], T (&input)[N], T (&preds)[N], FlagOp flag_op, WS_CUDA_SITE)
    {
        temp_storage.last_items[linear_tid] = input[N - 1];
        detail::syncthreads({ws_file_, ws_line_});
        first_head(head_flags, input, preds, flag_op);
        heads_inside(head_flags, input, preds, flag_op);
    }
    template <int N, typename FlagT, typename FlagOp>
    void FlagHeads(FlagT (&head_flags)[N], T (&input)[N], T (&preds)[N], FlagOp flag_op, T tile_predecessor_item,
                   WS_CUDA_SITE)
    {
        temp_storage.last_items[linear_tid] = input[N - 1];
        detail::syncthreads({ws_file_, ws_line_});
        first_head(head_flags, input, preds, flag_op, tile_predecessor_item);
        heads_inside(head_flags, input, preds, flag_op);
    }
    template <int N, typename FlagT, typename FlagOp>
    void FlagHeads(FlagT (&head_flags)[N], T (&input)[N], FlagOp flag_op, WS_CUDA_SITE)
    {
        T preds[N];
        FlagHeads(head_flags, input, preds, flag_op, ws_file_, ws_line_);
    }
    template <int N, typename FlagT, typename FlagOp>
    void FlagHeads(FlagT (&head_flags)[N], T (&input)[N], FlagOp flag_op, T tile_predecessor_item, WS_CUDA_SITE)
    {
        T preds[N];
        FlagHeads(head_flags, input, preds, flag_op, tile_predecessor_item, ws_file_, ws_line_);
    }

    template <int N, typename FlagT, typename FlagOp>
    void FlagTails(FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op, WS_CUDA_SITE)
    {
        temp_storage.first_items[linear_tid] = input[0];
        detail::syncthreads({ws_file_, ws_line_});
        last_tail(tail_flags, input, flag_op);
        tails_inside(tail_flags, input, flag_op);
    }
    template <int N, typename FlagT, typename FlagOp>
    void FlagTails(FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op, T tile_successor_item, WS_CUDA_SITE)
    {
        temp_storage.first_items[linear_tid] = input[0];
        detail::syncthreads({ws_file_, ws_line_});
        last_tail(tail_flags, input, flag_op, tile_successor_item);
        tails_inside(tail_flags, input, flag_op);
    }

    template <int N, typename FlagT, typename FlagOp>
    void FlagHeadsAndTails(FlagT (&head_flags)[N], FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op,
                           WS_CUDA_SITE)
    {
        share(input, ws_file_, ws_line_);
        T preds[N];
        first_head(head_flags, input, preds, flag_op);
        last_tail(tail_flags, input, flag_op);
        heads_inside(head_flags, input, preds, flag_op);
        tails_inside(tail_flags, input, flag_op);
    }
    template <int N, typename FlagT, typename FlagOp>
    void FlagHeadsAndTails(FlagT (&head_flags)[N], FlagT (&tail_flags)[N], T tile_successor_item, T (&input)[N],
                           FlagOp flag_op, WS_CUDA_SITE)
    {
        share(input, ws_file_, ws_line_);
        T preds[N];
        first_head(head_flags, input, preds, flag_op);
        last_tail(tail_flags, input, flag_op, tile_successor_item);
        heads_inside(head_flags, input, preds, flag_op);
        tails_inside(tail_flags, input, flag_op);
    }
    template <int N, typename FlagT, typename FlagOp>
    void FlagHeadsAndTails(FlagT (&head_flags)[N], T tile_predecessor_item, FlagT (&tail_flags)[N], T (&input)[N],
                           FlagOp flag_op, WS_CUDA_SITE)
    {
        share(input, ws_file_, ws_line_);
        T preds[N];
        first_head(head_flags, input, preds, flag_op, tile_predecessor_item);
        last_tail(tail_flags, input, flag_op);
        heads_inside(head_flags, input, preds, flag_op);
        tails_inside(tail_flags, input, flag_op);
    }
    template <int N, typename FlagT, typename FlagOp>
    void FlagHeadsAndTails(FlagT (&head_flags)[N], T tile_predecessor_item, FlagT (&tail_flags)[N],
                           T tile_successor_item, T (&input)[N], FlagOp flag_op, WS_CUDA_SITE)
    {
        share(input, ws_file_, ws_line_);
        T preds[N];
        first_head(head_flags, input, preds, flag_op, tile_predecessor_item);
        last_tail(tail_flags, input, flag_op, tile_successor_item);
        heads_inside(head_flags, input, preds, flag_op);
        tails_inside(tail_flags, input, flag_op);
    }

  private:
    template <int N> void share(T (&input)[N], const char *file, int line)
    {
        temp_storage.first_items[linear_tid] = input[0];
        temp_storage.last_items[linear_tid] = input[N - 1];
        detail::syncthreads({file, line});
    }
};

} // namespace cub

#endif
