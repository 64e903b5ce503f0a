/* cub/warp/warp_store.cuh for `warpsim cc`: cub::WarpStore<T, ITEMS_PER_THREAD, ALGORITHM =
 * WARP_STORE_DIRECT, LOGICAL_WARP_THREADS = 32> as in CUB 3.0 (CCCL 3.0, CUDA 13.0):
 * Store(it, items[, valid_items]) of a blocked arrangement to a logical warp's tile (a power of
 * two of lanes; lane = the lane's index in its logical warp). DIRECT and VECTORIZE write blocked
 * (VECTORIZE in vectors for a full tile to a pointer: the same bytes), STRIPED writes the items
 * as if striped (lane + i * lanes), TRANSPOSE exchanges them in place (WarpExchange
 * (WARP_EXCHANGE_SMEM)::BlockedToStriped: the caller's items are left striped, as in CUB) and
 * writes striped. The free functions are block/block_store.cuh's. TempStorage is per logical
 * warp; without one, the block's single private copy. Each call takes the caller's file and
 * line as default arguments. */
#ifndef WARPSIM_CUB_WARP_WARP_STORE_CUH
#define WARPSIM_CUB_WARP_WARP_STORE_CUH

#include "../block/block_store.cuh"
#include "warp_exchange.cuh"

namespace cub {

enum WarpStoreAlgorithm {
    WARP_STORE_DIRECT,
    WARP_STORE_STRIPED,
    WARP_STORE_VECTORIZE,
    WARP_STORE_TRANSPOSE,
};

template <typename T, int ITEMS_PER_THREAD, WarpStoreAlgorithm ALGORITHM = WARP_STORE_DIRECT,
          int LOGICAL_WARP_THREADS = detail::warp_threads>
class WarpStore {
    static_assert(PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE, "LOGICAL_WARP_THREADS must be a power of two");
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == detail::warp_threads;
    static constexpr bool STRIPED = ALGORITHM == WARP_STORE_STRIPED || ALGORITHM == WARP_STORE_TRANSPOSE;
    using WarpExchangeT = WarpExchange<T, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS>;
    struct TransposeStorage : WarpExchangeT::TempStorage {
    };
    using _TempStorage =
        std::conditional_t<ALGORITHM == WARP_STORE_TRANSPOSE, Uninitialized<TransposeStorage>, NullType>;

    _TempStorage &temp_storage;
    int linear_tid;

    template <typename It, typename... Guard>
    void store(It it, T (&items)[ITEMS_PER_THREAD], const char *file, int line, Guard... guard)
    {
        if constexpr (ALGORITHM == WARP_STORE_TRANSPOSE)
            WarpExchangeT(temp_storage.Alias()).BlockedToStriped(items, items, file, line);
        if constexpr (STRIPED)
            StoreDirectStriped<LOGICAL_WARP_THREADS>(linear_tid, it, items, guard...);
        else
            StoreDirectBlocked(linear_tid, it, items, guard...);
        (void)file, (void)line;
    }
    static int lane() { return (int)(IS_ARCH_WARP ? detail::lane_id() : detail::lane_id() % LOGICAL_WARP_THREADS); }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    WarpStore() : temp_storage(detail::private_storage<_TempStorage>()), linear_tid(lane()) {}
    WarpStore(TempStorage &storage) : temp_storage(storage.Alias()), linear_tid(lane()) {}

    template <typename OutputIteratorT> void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        store(block_itr, items, ws_file_, ws_line_);
    }
    template <typename OutputIteratorT>
    void Store(OutputIteratorT block_itr, T (&items)[ITEMS_PER_THREAD], int valid_items, WS_CUDA_SITE)
    {
        store(block_itr, items, ws_file_, ws_line_, valid_items);
    }
};

} // namespace cub

#endif
