/* cub/block/block_load.cuh for `warpsim cc`: CUB 3.0's (CCCL 3.0, CUDA 13.0) block loads.
 *
 * The free functions, from a pointer or any random-access iterator (block_src_it[k]):
 *   LoadDirectBlocked(linear_tid, it, items[, block_items_end[, oob_default]]): item i of thread t
 *     is it[t * ITEMS_PER_THREAD + i];
 *   LoadDirectStriped<BLOCK_THREADS>(...): it[t + i * BLOCK_THREADS];
 *   LoadDirectWarpStriped(...): it[warp * 32 * ITEMS_PER_THREAD + lane + i * 32], lane = t % 32;
 *   LoadDirectBlockedVectorized(linear_tid, T *ptr, items): blocked (CUB reads whole vectors
 *     where the pointer is aligned; the values are the same).
 * With block_items_end only ranks below it are read and the other items keep their values; with
 * oob_default too, every item is first set to it.
 *
 * cub::BlockLoad<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM = BLOCK_LOAD_DIRECT, BLOCK_DIM_Y,
 * BLOCK_DIM_Z>::Load(it, items[, valid_items[, oob_default]]) gives each thread a blocked
 * arrangement: DIRECT and VECTORIZE read it so (VECTORIZE: vectors only for a full tile from a
 * pointer), STRIPED leaves it striped, TRANSPOSE reads striped then BlockExchange::StripedToBlocked,
 * WARP_TRANSPOSE(_TIMESLICED) reads warp-striped then WarpStripedToBlocked (the time-sliced
 * exchange; both need whole warps). Items a partial load leaves alone go through the exchange
 * with the rest. Each call takes the caller's file and line as default arguments. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_LOAD_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_LOAD_CUH

#include "block_exchange.cuh"

namespace cub {

template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = block_src_it[linear_tid * ITEMS_PER_THREAD + i];
}
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD],
                              int block_items_end)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
        const int src_pos = linear_tid * ITEMS_PER_THREAD + i;
        if (src_pos < block_items_end)
            dst_items[i] = block_src_it[src_pos];
    }
}
template <typename T, typename DefaultT, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectBlocked(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD],
                              int block_items_end, DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = oob_default;
    LoadDirectBlocked(linear_tid, block_src_it, dst_items, block_items_end);
}

/* CUB loads whole vectors when the pointer is aligned to one and item by item otherwise; each
 * item comes from the same bytes either way. */
template <typename T, int ITEMS_PER_THREAD>
inline void LoadDirectBlockedVectorized(int linear_tid, T *block_src_ptr, T (&dst_items)[ITEMS_PER_THREAD])
{
    LoadDirectBlocked(linear_tid, block_src_ptr, dst_items);
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = block_src_it[linear_tid + i * BLOCK_THREADS];
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD],
                              int block_items_end)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
        const int src_pos = linear_tid + i * BLOCK_THREADS;
        if (src_pos < block_items_end)
            dst_items[i] = block_src_it[src_pos];
    }
}
template <int BLOCK_THREADS, typename T, typename DefaultT, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectStriped(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD],
                              int block_items_end, DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = oob_default;
    LoadDirectStriped<BLOCK_THREADS>(linear_tid, block_src_it, dst_items, block_items_end);
}

/* Warp w's items are the w-th run of 32 * ITEMS_PER_THREAD, striped over its lanes; each item is
 * constructed from the iterator's value (CUB's placement new). */
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD])
{
    const int tid = linear_tid & (detail::warp_threads - 1);
    const int wid = linear_tid >> 5;
    const int warp_offset = wid * detail::warp_threads * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        new (&dst_items[i]) T(block_src_it[warp_offset + tid + (i * detail::warp_threads)]);
}
template <typename T, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD],
                                  int block_items_end)
{
    const int tid = linear_tid & (detail::warp_threads - 1);
    const int wid = linear_tid >> 5;
    const int warp_offset = wid * detail::warp_threads * ITEMS_PER_THREAD;
    for (int i = 0; i < ITEMS_PER_THREAD; i++) {
        const int src_pos = warp_offset + tid + (i * detail::warp_threads);
        if (src_pos < block_items_end)
            new (&dst_items[i]) T(block_src_it[src_pos]);
    }
}
template <typename T, typename DefaultT, int ITEMS_PER_THREAD, typename RandomAccessIterator>
inline void LoadDirectWarpStriped(int linear_tid, RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD],
                                  int block_items_end, DefaultT oob_default)
{
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        dst_items[i] = oob_default;
    LoadDirectWarpStriped(linear_tid, block_src_it, dst_items, block_items_end);
}

enum BlockLoadAlgorithm {
    BLOCK_LOAD_DIRECT,
    BLOCK_LOAD_STRIPED,
    BLOCK_LOAD_VECTORIZE,
    BLOCK_LOAD_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE,
    BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
};

namespace detail {
/* The read of each algorithm (the exchange that follows is BlockLoad's). */
template <BlockLoadAlgorithm ALGORITHM, int BLOCK_THREADS> struct block_load_read {
    template <typename It, typename T, int N, typename... Guard> static void read(int tid, It it, T (&items)[N], Guard... g)
    {
        LoadDirectBlocked(tid, it, items, g...);
    }
};
template <int BLOCK_THREADS> struct block_load_read<BLOCK_LOAD_STRIPED, BLOCK_THREADS> {
    template <typename It, typename T, int N, typename... Guard> static void read(int tid, It it, T (&items)[N], Guard... g)
    {
        LoadDirectStriped<BLOCK_THREADS>(tid, it, items, g...);
    }
};
template <int BLOCK_THREADS> struct block_load_read<BLOCK_LOAD_TRANSPOSE, BLOCK_THREADS>
    : block_load_read<BLOCK_LOAD_STRIPED, BLOCK_THREADS> {
};
template <int BLOCK_THREADS> struct block_load_read<BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_THREADS> {
    template <typename It, typename T, int N, typename... Guard> static void read(int tid, It it, T (&items)[N], Guard... g)
    {
        LoadDirectWarpStriped(tid, it, items, g...);
    }
};
template <int BLOCK_THREADS> struct block_load_read<BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED, BLOCK_THREADS>
    : block_load_read<BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_THREADS> {
};
} // namespace detail

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockLoad {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr bool TRANSPOSED = ALGORITHM == BLOCK_LOAD_TRANSPOSE || ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE ||
                                       ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED;
    static constexpr bool WARP_TRANSPOSED =
        ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE || ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED;
    static_assert(!WARP_TRANSPOSED || BLOCK_THREADS % detail::warp_threads == 0,
                  "BLOCK_THREADS must be a multiple of WARP_THREADS");
    using Exchange = BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED,
                                   BLOCK_DIM_Y, BLOCK_DIM_Z>;
    /* CUB: NullType for the direct loads, the exchange's storage (wrapped once more) otherwise. */
    using _TempStorage = std::conditional_t<TRANSPOSED, Uninitialized<typename Exchange::TempStorage>, NullType>;
    using Read = detail::block_load_read<ALGORITHM, BLOCK_THREADS>;

    _TempStorage &temp_storage;
    int linear_tid;

    template <typename It, typename... Guard>
    void load(It it, T (&items)[ITEMS_PER_THREAD], const char *file, int line, Guard... guard)
    {
        Read::read(linear_tid, it, items, guard...);
        exchange(items, file, line);
    }
    void exchange(T (&items)[ITEMS_PER_THREAD], const char *file, int line)
    {
        if constexpr (ALGORITHM == BLOCK_LOAD_TRANSPOSE)
            Exchange(temp_storage.Alias()).StripedToBlocked(items, items, file, line);
        else if constexpr (WARP_TRANSPOSED)
            Exchange(temp_storage.Alias()).WarpStripedToBlocked(items, items, file, line);
        (void)items, (void)file, (void)line;
    }

  public:
    using TempStorage = Uninitialized<_TempStorage>;

    BlockLoad()
        : temp_storage(detail::private_storage<_TempStorage>()),
          linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
    BlockLoad(TempStorage &storage)
        : temp_storage(storage.Alias()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }

    template <typename RandomAccessIterator>
    void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        load(block_src_it, dst_items, ws_file_, ws_line_);
    }
    template <typename RandomAccessIterator>
    void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int block_items_end, WS_CUDA_SITE)
    {
        load(block_src_it, dst_items, ws_file_, ws_line_, block_items_end);
    }
    template <typename RandomAccessIterator, typename DefaultT>
    void Load(RandomAccessIterator block_src_it, T (&dst_items)[ITEMS_PER_THREAD], int block_items_end,
              DefaultT oob_default, WS_CUDA_SITE)
    {
        load(block_src_it, dst_items, ws_file_, ws_line_, block_items_end, oob_default);
    }
};

} // namespace cub

#endif
