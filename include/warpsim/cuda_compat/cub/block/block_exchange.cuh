/* cub/block/block_exchange.cuh for `warpsim cc`: cub::BlockExchange<T, BLOCK_DIM_X,
 * ITEMS_PER_THREAD, WARP_TIME_SLICING = false, BLOCK_DIM_Y, BLOCK_DIM_Z> as in CUB 3.0 (CCCL 3.0,
 * CUDA 13.0): StripedToBlocked, BlockedToStriped, WarpStripedToBlocked, BlockedToWarpStriped,
 * ScatterToBlocked, ScatterToStriped, ScatterToStripedGuarded, ScatterToStripedFlagged, each with
 * an output array (of any type the items convert to) and in place.
 *
 * The items go through one shared buffer, CUB's layout: item k (a blocked or striped rank in the
 * tile, or in the warp's slice) sits at buff[k], plus k / 32 cells of padding when
 * ITEMS_PER_THREAD is a power of two above 4 (against bank conflicts). Without time slicing the
 * buffer holds the whole tile and the block meets at one __syncthreads between writing and reading
 * (the warp-striped forms only at a __syncwarp, each warp in its own part); with time slicing it
 * holds one warp's items, and the warps take turns (slice s: a __syncthreads, the writers of
 * that slice, a __syncthreads, the readers). No barrier comes before the writes: a caller that
 * reuses the storage puts a __syncthreads between, as CUB asks. Cells that a Guarded or Flagged
 * scatter leaves unwritten read back whatever the storage held. Each call takes the caller's file
 * and line as default arguments. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_EXCHANGE_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_EXCHANGE_CUH

#include "../util_ptx.cuh"
#include "block_reduce.cuh" /* detail::private_storage */

namespace cub {

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1,
          int BLOCK_DIM_Z = 1>
class BlockExchange {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int WARP_THREADS = detail::warp_threads;
    static constexpr int WARPS = (BLOCK_THREADS + WARP_THREADS - 1) / WARP_THREADS;
    static constexpr int LOG_SMEM_BANKS = 5;
    static constexpr int TIME_SLICES = WARP_TIME_SLICING ? WARPS : 1;
    static constexpr int WARP_TIME_SLICED_THREADS = BLOCK_THREADS < WARP_THREADS ? BLOCK_THREADS : WARP_THREADS;
    static constexpr int TIME_SLICED_THREADS = WARP_TIME_SLICING ? WARP_TIME_SLICED_THREADS : BLOCK_THREADS;
    static constexpr int TIME_SLICED_ITEMS = TIME_SLICED_THREADS * ITEMS_PER_THREAD;
    static constexpr int WARP_TIME_SLICED_ITEMS = WARP_TIME_SLICED_THREADS * ITEMS_PER_THREAD;
    static constexpr bool INSERT_PADDING = ITEMS_PER_THREAD > 4 && PowerOfTwo<ITEMS_PER_THREAD>::VALUE;
    static constexpr int PADDING_ITEMS = INSERT_PADDING ? (TIME_SLICED_ITEMS >> LOG_SMEM_BANKS) : 0;

    struct alignas(16) _TempStorage {
        T buff[TIME_SLICED_ITEMS + PADDING_ITEMS];
    };

  public:
    using TempStorage = Uninitialized<_TempStorage>;

  private:
    using sliced = std::integral_constant<bool, true>;
    using unsliced = std::integral_constant<bool, false>;
    using call_site = detail::call_site;

    _TempStorage &temp_storage;
    unsigned linear_tid = (unsigned)RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z);
    unsigned lane_id = detail::lane_id();
    unsigned warp_id = WARPS == 1 ? 0 : linear_tid / WARP_THREADS;
    unsigned warp_offset = warp_id * WARP_TIME_SLICED_ITEMS;

    /* The cell of item k. */
    static int cell(int k) { return INSERT_PADDING ? k + (k >> LOG_SMEM_BANKS) : k; }
    void put(int k, const T &item) { detail::uninitialized_copy_single(temp_storage.buff + cell(k), item); }
    const T &get(int k) const { return temp_storage.buff[cell(k)]; }

    /* ---- without time slicing: the whole tile at once ---- */
    template <typename OutputT>
    void BlockedToStriped(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], unsliced, call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put((int)linear_tid * ITEMS_PER_THREAD + i, in[i]);
        detail::syncthreads(at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = get(i * BLOCK_THREADS + (int)linear_tid);
    }
    template <typename OutputT>
    void StripedToBlocked(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], unsliced, call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put(i * BLOCK_THREADS + (int)linear_tid, in[i]);
        detail::syncthreads(at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = get((int)linear_tid * ITEMS_PER_THREAD + i);
    }
    /* Each warp in its own part of the tile, met at a __syncwarp of all 32 lanes. */
    template <typename OutputT>
    void BlockedToWarpStriped(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], unsliced,
                              call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put((int)(warp_offset + lane_id * ITEMS_PER_THREAD) + i, in[i]);
        detail::syncwarp(0xffffffffu, at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = get((int)warp_offset + i * WARP_TIME_SLICED_THREADS + (int)lane_id);
    }
    template <typename OutputT>
    void WarpStripedToBlocked(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], unsliced,
                              call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put((int)warp_offset + i * WARP_TIME_SLICED_THREADS + (int)lane_id, in[i]);
        detail::syncwarp(0xffffffffu, at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            new (&out[i]) OutputT(get((int)(warp_offset + lane_id * ITEMS_PER_THREAD) + i));
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToBlocked(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD], unsliced, call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put((int)ranks[i], in[i]);
        detail::syncthreads(at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = get((int)linear_tid * ITEMS_PER_THREAD + i);
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToStriped(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD], unsliced, call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            put((int)ranks[i], in[i]);
        detail::syncthreads(at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = get(i * BLOCK_THREADS + (int)linear_tid);
    }

    /* ---- with time slicing: the buffer holds one warp's items; slice s is warp s's turn ---- */
    /* Striped item i of this thread is tile rank i * BLOCK_THREADS + linear_tid: slice s holds
     * it when it falls in [s * TIME_SLICED_ITEMS, (s + 1) * TIME_SLICED_ITEMS). */
    template <typename F> void for_striped_in_slice(int slice, F f)
    {
        const int slice_offset = slice * TIME_SLICED_ITEMS, slice_oob = slice_offset + TIME_SLICED_ITEMS;
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            const int strip_offset = i * BLOCK_THREADS, strip_oob = strip_offset + BLOCK_THREADS;
            if (slice_offset < strip_oob && slice_oob > strip_offset) {
                int k = strip_offset + (int)linear_tid - slice_offset;
                if (k >= 0 && k < TIME_SLICED_ITEMS)
                    f(i, k);
            }
        }
    }
    template <typename OutputT>
    void BlockedToStriped(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], sliced, call_site at)
    {
        T temp_items[ITEMS_PER_THREAD];
        for (int slice = 0; slice < TIME_SLICES; slice++) {
            detail::syncthreads(at);
            if ((int)warp_id == slice)
                for (int i = 0; i < ITEMS_PER_THREAD; i++)
                    put((int)lane_id * ITEMS_PER_THREAD + i, in[i]);
            detail::syncthreads(at);
            for_striped_in_slice(slice, [&](int i, int k) { temp_items[i] = get(k); });
        }
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = temp_items[i];
    }
    template <typename OutputT>
    void StripedToBlocked(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], sliced, call_site at)
    {
        T temp_items[ITEMS_PER_THREAD];
        for (int slice = 0; slice < TIME_SLICES; slice++) {
            detail::syncthreads(at);
            for_striped_in_slice(slice, [&](int i, int k) { put(k, in[i]); });
            detail::syncthreads(at);
            if ((int)warp_id == slice)
                for (int i = 0; i < ITEMS_PER_THREAD; i++)
                    temp_items[i] = get((int)lane_id * ITEMS_PER_THREAD + i);
        }
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = temp_items[i];
    }
    /* Warp 0 goes first with no barrier before it, then warps 1, 2 ... each after a __syncthreads. */
    template <typename OutputT>
    void BlockedToWarpStriped(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], sliced,
                              call_site at)
    {
        for (int slice = 0; slice < TIME_SLICES; slice++) {
            if (slice > 0)
                detail::syncthreads(at);
            if ((int)warp_id == slice) {
                for (int i = 0; i < ITEMS_PER_THREAD; i++)
                    put(i + (int)lane_id * ITEMS_PER_THREAD, in[i]);
                detail::syncwarp(0xffffffffu, at);
                for (int i = 0; i < ITEMS_PER_THREAD; i++)
                    out[i] = get(i * WARP_TIME_SLICED_THREADS + (int)lane_id);
            }
        }
    }
    template <typename OutputT>
    void WarpStripedToBlocked(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], sliced,
                              call_site at)
    {
        for (int slice = 0; slice < TIME_SLICES; slice++) {
            detail::syncthreads(at);
            if ((int)warp_id == slice) {
                for (int i = 0; i < ITEMS_PER_THREAD; i++)
                    put(i * WARP_TIME_SLICED_THREADS + (int)lane_id, in[i]);
                detail::syncwarp(0xffffffffu, at);
                for (int i = 0; i < ITEMS_PER_THREAD; i++)
                    out[i] = get(i + (int)lane_id * ITEMS_PER_THREAD);
            }
        }
    }
    /* A rank lands in slice s when rank - s * TIME_SLICED_ITEMS is in [0, WARP_TIME_SLICED_ITEMS). */
    template <typename OffsetT> void scatter_slice(const T (&in)[ITEMS_PER_THREAD], OffsetT *ranks, int slice)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int k = (int)ranks[i] - TIME_SLICED_ITEMS * slice;
            if (k >= 0 && k < WARP_TIME_SLICED_ITEMS)
                put(k, in[i]);
        }
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToBlocked(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD], sliced, call_site at)
    {
        T temp_items[ITEMS_PER_THREAD];
        for (int slice = 0; slice < TIME_SLICES; slice++) {
            detail::syncthreads(at);
            scatter_slice(in, ranks, slice);
            detail::syncthreads(at);
            if ((int)warp_id == slice)
                for (int i = 0; i < ITEMS_PER_THREAD; i++)
                    temp_items[i] = get((int)lane_id * ITEMS_PER_THREAD + i);
        }
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = temp_items[i];
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToStriped(const T (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD], sliced, call_site at)
    {
        T temp_items[ITEMS_PER_THREAD];
        for (int slice = 0; slice < TIME_SLICES; slice++) {
            detail::syncthreads(at);
            scatter_slice(in, ranks, slice);
            detail::syncthreads(at);
            for_striped_in_slice(slice, [&](int i, int k) { temp_items[i] = get(k); });
        }
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = temp_items[i];
    }

    template <typename> struct dependent_false : std::false_type {
    };
    static constexpr std::integral_constant<bool, WARP_TIME_SLICING> slicing{};

  public:
    BlockExchange() : temp_storage(detail::private_storage<_TempStorage>()) {}
    BlockExchange(TempStorage &storage) : temp_storage(storage.Alias()) {}

    template <typename OutputT>
    void StripedToBlocked(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          WS_CUDA_SITE)
    {
        StripedToBlocked(input_items, output_items, slicing, {ws_file_, ws_line_});
    }
    template <typename OutputT>
    void BlockedToStriped(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          WS_CUDA_SITE)
    {
        BlockedToStriped(input_items, output_items, slicing, {ws_file_, ws_line_});
    }
    template <typename OutputT>
    void WarpStripedToBlocked(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                              WS_CUDA_SITE)
    {
        WarpStripedToBlocked(input_items, output_items, slicing, {ws_file_, ws_line_});
    }
    template <typename OutputT>
    void BlockedToWarpStriped(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                              WS_CUDA_SITE)
    {
        BlockedToWarpStriped(input_items, output_items, slicing, {ws_file_, ws_line_});
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToBlocked(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        ScatterToBlocked(input_items, output_items, ranks, slicing, {ws_file_, ws_line_});
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToStriped(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        ScatterToStriped(input_items, output_items, ranks, slicing, {ws_file_, ws_line_});
    }
    /* Only the items whose rank is not negative are written (no time slicing, whatever the
     * parameter says, as in CUB). */
    template <typename OutputT, typename OffsetT>
    void ScatterToStripedGuarded(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                                 OffsetT (&ranks)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            if (ranks[i] >= 0)
                temp_storage.buff[cell((int)ranks[i])] = input_items[i];
        detail::syncthreads({ws_file_, ws_line_});
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = get(i * BLOCK_THREADS + (int)linear_tid);
    }
    /* Only the items whose flag is set are written (no time slicing either). */
    template <typename OutputT, typename OffsetT, typename ValidFlag>
    void ScatterToStripedFlagged(const T (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                                 OffsetT (&ranks)[ITEMS_PER_THREAD], ValidFlag (&is_valid)[ITEMS_PER_THREAD],
                                 WS_CUDA_SITE)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            if (is_valid[i])
                temp_storage.buff[cell((int)ranks[i])] = input_items[i];
        detail::syncthreads({ws_file_, ws_line_});
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            output_items[i] = get(i * BLOCK_THREADS + (int)linear_tid);
    }

    /* ---- in place ---- */
    void StripedToBlocked(T (&items)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        StripedToBlocked(items, items, ws_file_, ws_line_);
    }
    void BlockedToStriped(T (&items)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        BlockedToStriped(items, items, ws_file_, ws_line_);
    }
    void WarpStripedToBlocked(T (&items)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        WarpStripedToBlocked(items, items, ws_file_, ws_line_);
    }
    void BlockedToWarpStriped(T (&items)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        BlockedToWarpStriped(items, items, ws_file_, ws_line_);
    }
    template <typename OffsetT>
    void ScatterToBlocked(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        ScatterToBlocked(items, items, ranks, ws_file_, ws_line_);
    }
    template <typename OffsetT>
    void ScatterToStriped(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        ScatterToStriped(items, items, ranks, ws_file_, ws_line_);
    }
    template <typename OffsetT>
    void ScatterToStripedGuarded(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        ScatterToStripedGuarded(items, items, ranks, ws_file_, ws_line_);
    }
    /* CUB 3.0's in-place form passes the flags where its time-slicing tag goes: nvcc rejects
     * every call of it, and so does this. */
    template <typename OffsetT, typename ValidFlag>
    void ScatterToStripedFlagged(T (&)[ITEMS_PER_THREAD], OffsetT (&)[ITEMS_PER_THREAD],
                                 ValidFlag (&)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        static_assert(dependent_false<ValidFlag>::value,
                      "cub::BlockExchange::ScatterToStripedFlagged(items, ranks, is_valid): the in-place form "
                      "does not compile in CUB 3.0 either; pass an output array");
        (void)ws_file_, (void)ws_line_;
    }
};

} // namespace cub

#endif
