/* cub/warp/warp_load.cuh for `warpsim cc`: cub::WarpLoad<InputT, ITEMS_PER_THREAD, ALGORITHM =
 * WARP_LOAD_DIRECT, LOGICAL_WARP_THREADS = 32> as in CUB 3.0 (CCCL 3.0, CUDA 13.0):
 * Load(it, items[, valid_items[, oob_default]]) of a logical warp's tile (a power of two of
 * lanes; lane = the lane's index in its logical warp) into a blocked arrangement. DIRECT and
 * VECTORIZE read blocked (CUB 3.0 never takes its vector path here: the pointer overloads it has
 * cannot be chosen), STRIPED reads striped (lane + i * lanes) and leaves it so, TRANSPOSE reads
 * striped then WarpExchange (WARP_EXCHANGE_SMEM)::StripedToBlocked. The free functions are
 * block/block_load.cuh's. TempStorage is per logical warp; without one, the block's single
 * private copy (shared by all its warps, as in CUB). Each call takes the caller's file and line
 * as default arguments. */
#ifndef WARPSIM_CUB_WARP_WARP_LOAD_CUH
#define WARPSIM_CUB_WARP_WARP_LOAD_CUH

#include "../block/block_load.cuh"
#include "warp_exchange.cuh"

namespace cub {

enum WarpLoadAlgorithm {
    WARP_LOAD_DIRECT,
    WARP_LOAD_STRIPED,
    WARP_LOAD_VECTORIZE,
    WARP_LOAD_TRANSPOSE,
};

template <typename InputT, int ITEMS_PER_THREAD, WarpLoadAlgorithm ALGORITHM = WARP_LOAD_DIRECT,
          int LOGICAL_WARP_THREADS = detail::warp_threads>
class WarpLoad {
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == detail::warp_threads;
    static_assert(PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE, "LOGICAL_WARP_THREADS must be a power of two");
    static constexpr bool STRIPED = ALGORITHM == WARP_LOAD_STRIPED || ALGORITHM == WARP_LOAD_TRANSPOSE;
    using WarpExchangeT = WarpExchange<InputT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS>;
    struct TransposeStorage : WarpExchangeT::TempStorage {
    };
    using _TempStorage =
        std::conditional_t<ALGORITHM == WARP_LOAD_TRANSPOSE, Uninitialized<TransposeStorage>, NullType>;

    _TempStorage &temp_storage;
    int linear_tid;

    template <typename It, typename... Guard>
    void load(It it, InputT (&items)[ITEMS_PER_THREAD], const char *file, int line, Guard... guard)
    {
        if constexpr (STRIPED)
            LoadDirectStriped<LOGICAL_WARP_THREADS>(linear_tid, it, items, guard...);
        else
            LoadDirectBlocked(linear_tid, it, items, guard...);
        if constexpr (ALGORITHM == WARP_LOAD_TRANSPOSE)
            WarpExchangeT(temp_storage.Alias()).StripedToBlocked(items, items, file, line);
        (void)file, (void)line;
    }
    static int lane() { return (int)(IS_ARCH_WARP ? detail::lane_id() : detail::lane_id() % LOGICAL_WARP_THREADS); }

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    WarpLoad() : temp_storage(detail::private_storage<_TempStorage>()), linear_tid(lane()) {}
    WarpLoad(TempStorage &storage) : temp_storage(storage.Alias()), linear_tid(lane()) {}

    template <typename InputIteratorT>
    void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        load(block_itr, items, ws_file_, ws_line_);
    }
    template <typename InputIteratorT>
    void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items, WS_CUDA_SITE)
    {
        load(block_itr, items, ws_file_, ws_line_, valid_items);
    }
    template <typename InputIteratorT, typename DefaultT>
    void Load(InputIteratorT block_itr, InputT (&items)[ITEMS_PER_THREAD], int valid_items, DefaultT oob_default,
              WS_CUDA_SITE)
    {
        load(block_itr, items, ws_file_, ws_line_, valid_items, oob_default);
    }
};

} // namespace cub

#endif
