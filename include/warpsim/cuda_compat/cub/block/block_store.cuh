/* cub/block/block_store.cuh for `warpsim cc`: CUB 3.0's (CCCL 3.0, CUDA 13.0) block stores.
 *
 * The free functions, to a pointer or any random-access output iterator (thread_itr = block_itr
 * + the thread's first rank, then thread_itr[k], as CUB indexes it):
 *   StoreDirectBlocked(linear_tid, it, items[, valid_items]): item i of thread t to rank
 *     t * ITEMS_PER_THREAD + i;
 *   StoreDirectStriped<BLOCK_THREADS>(...): rank t + i * BLOCK_THREADS;
 *   StoreDirectWarpStriped(...): rank warp * 32 * ITEMS_PER_THREAD + lane + i * 32;
 *   StoreDirectBlockedVectorized(linear_tid, T *ptr, items): blocked (CUB writes vectors of 4, 2
 *     or 1 items; the bytes are the same).
 * With valid_items only ranks below it are written.
 *
 * cub::BlockStore<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM = BLOCK_STORE_DIRECT, BLOCK_DIM_Y,
 * BLOCK_DIM_Z>::Store(it, items[, valid_items]) takes a blocked arrangement: DIRECT and VECTORIZE
 * write it so, STRIPED writes the items as if striped, TRANSPOSE exchanges them in place
 * (BlockedToStriped) and writes striped, WARP_TRANSPOSE(_TIMESLICED) BlockedToWarpStriped and
 * writes warp-striped: the caller's items are left exchanged, as in CUB. A partial transposed
 * store passes valid_items through shared memory (thread 0 writes it, __syncthreads, all read
 * it). Each call takes the caller's file and line as default arguments. */
#ifndef WARPSIM_CUB_BLOCK_BLOCK_STORE_CUH
#define WARPSIM_CUB_BLOCK_BLOCK_STORE_CUH

#include "block_exchange.cuh"

namespace cub {

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
{
    OutputIteratorT thread_itr = block_itr + (linear_tid * ITEMS_PER_THREAD);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        thread_itr[i] = items[i];
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectBlocked(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                               int valid_items)
{
    OutputIteratorT thread_itr = block_itr + (linear_tid * ITEMS_PER_THREAD);
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (i + (linear_tid * ITEMS_PER_THREAD) < valid_items)
            thread_itr[i] = items[i];
}

/* CUB stores vectors (no fallback for a pointer not aligned to one: the GPU faults there). */
template <typename T, int ITEMS_PER_THREAD>
inline void StoreDirectBlockedVectorized(int linear_tid, T *block_ptr, T (&items)[ITEMS_PER_THREAD])
{
    StoreDirectBlocked(linear_tid, block_ptr, items);
}

template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
{
    OutputIteratorT thread_itr = block_itr + linear_tid;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        thread_itr[(i * BLOCK_THREADS)] = items[i];
}
template <int BLOCK_THREADS, typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                               int valid_items)
{
    OutputIteratorT thread_itr = block_itr + linear_tid;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if ((i * BLOCK_THREADS) + linear_tid < valid_items)
            thread_itr[(i * BLOCK_THREADS)] = items[i];
}

template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD])
{
    int tid = linear_tid & (detail::warp_threads - 1);
    int wid = linear_tid >> 5;
    int warp_offset = wid * detail::warp_threads * ITEMS_PER_THREAD;
    OutputIteratorT thread_itr = block_itr + warp_offset + tid;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        thread_itr[(i * detail::warp_threads)] = items[i];
}
template <typename T, int ITEMS_PER_THREAD, typename OutputIteratorT>
inline void StoreDirectWarpStriped(int linear_tid, OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD],
                                   int valid_items)
{
    int tid = linear_tid & (detail::warp_threads - 1);
    int wid = linear_tid >> 5;
    int warp_offset = wid * detail::warp_threads * ITEMS_PER_THREAD;
    OutputIteratorT thread_itr = block_itr + warp_offset + tid;
    for (int i = 0; i < ITEMS_PER_THREAD; i++)
        if (warp_offset + tid + (i * detail::warp_threads) < valid_items)
            thread_itr[(i * detail::warp_threads)] = items[i];
}

enum BlockStoreAlgorithm {
    BLOCK_STORE_DIRECT,
    BLOCK_STORE_STRIPED,
    BLOCK_STORE_VECTORIZE,
    BLOCK_STORE_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE,
    BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED,
};

namespace detail {
/* The write of each algorithm (the exchange before it is BlockStore's). */
template <BlockStoreAlgorithm ALGORITHM, int BLOCK_THREADS> struct block_store_write {
    template <typename It, typename T, int N, typename... Guard>
    static void write(int tid, It it, T (&items)[N], Guard... g)
    {
        StoreDirectBlocked(tid, it, items, g...);
    }
};
template <int BLOCK_THREADS> struct block_store_write<BLOCK_STORE_STRIPED, BLOCK_THREADS> {
    template <typename It, typename T, int N, typename... Guard>
    static void write(int tid, It it, T (&items)[N], Guard... g)
    {
        StoreDirectStriped<BLOCK_THREADS>(tid, it, items, g...);
    }
};
template <int BLOCK_THREADS> struct block_store_write<BLOCK_STORE_TRANSPOSE, BLOCK_THREADS>
    : block_store_write<BLOCK_STORE_STRIPED, BLOCK_THREADS> {
};
template <int BLOCK_THREADS> struct block_store_write<BLOCK_STORE_WARP_TRANSPOSE, BLOCK_THREADS> {
    template <typename It, typename T, int N, typename... Guard>
    static void write(int tid, It it, T (&items)[N], Guard... g)
    {
        StoreDirectWarpStriped(tid, it, items, g...);
    }
};
template <int BLOCK_THREADS> struct block_store_write<BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED, BLOCK_THREADS>
    : block_store_write<BLOCK_STORE_WARP_TRANSPOSE, BLOCK_THREADS> {
};

/* A transposed store's storage: the exchange's, then the valid_items that thread 0 shares. */
template <typename ExchangeStorage> struct block_store_transpose_storage : ExchangeStorage {
    volatile int valid_items;
};
} // namespace detail

template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT,
          int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1>
class BlockStore {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr bool TRANSPOSED = ALGORITHM == BLOCK_STORE_TRANSPOSE || ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE ||
                                       ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED;
    static constexpr bool WARP_TRANSPOSED =
        ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE || ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED;
    static_assert(!WARP_TRANSPOSED || BLOCK_THREADS % detail::warp_threads == 0,
                  "BLOCK_THREADS must be a multiple of WARP_THREADS");
    using Exchange = BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD,
                                   ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED, BLOCK_DIM_Y, BLOCK_DIM_Z>;
    using TransposeStorage = detail::block_store_transpose_storage<typename Exchange::TempStorage>;
    using _TempStorage = std::conditional_t<TRANSPOSED, Uninitialized<TransposeStorage>, NullType>;
    using Write = detail::block_store_write<ALGORITHM, BLOCK_THREADS>;

    _TempStorage &temp_storage;
    int linear_tid;

    void exchange(T (&items)[ITEMS_PER_THREAD], const char *file, int line)
    {
        if constexpr (ALGORITHM == BLOCK_STORE_TRANSPOSE)
            Exchange(temp_storage.Alias()).BlockedToStriped(items, file, line);
        else if constexpr (WARP_TRANSPOSED)
            Exchange(temp_storage.Alias()).BlockedToWarpStriped(items, file, line);
        (void)items, (void)file, (void)line;
    }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    BlockStore()
        : temp_storage(detail::private_storage<_TempStorage>()),
          linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }
    BlockStore(TempStorage &storage)
        : temp_storage(storage.Alias()), linear_tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z))
    {
    }

    template <typename OutputIteratorT>
    void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        exchange(items, ws_file_, ws_line_);
        Write::write(linear_tid, block_itr, items);
    }
    template <typename OutputIteratorT>
    void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items, WS_CUDA_SITE)
    {
        exchange(items, ws_file_, ws_line_);
        if constexpr (TRANSPOSED) {
            TransposeStorage &s = temp_storage.Alias();
            if (linear_tid == 0)
                s.valid_items = valid_items;
            detail::syncthreads({ws_file_, ws_line_});
            valid_items = s.valid_items;
        }
        Write::write(linear_tid, block_itr, items, valid_items);
    }
};

} // namespace cub

#endif
