/* cub/warp/warp_exchange.cuh for `warpsim cc`: cub::WarpExchange<InputT, ITEMS_PER_THREAD,
 * LOGICAL_WARP_THREADS = 32, ALGORITHM = WARP_EXCHANGE_SMEM> as in CUB 3.0 (CCCL 3.0, CUDA 13.0):
 * BlockedToStriped, StripedToBlocked and ScatterToStriped (in place or to an output array) among
 * the lanes of a logical warp (a power of two of lanes).
 *
 * WARP_EXCHANGE_SMEM: each logical warp has its own TempStorage (ITEMS_PER_THREAD * lanes + 1
 * items); the lanes write, __syncwarp over the logical warp's lanes, read. Blocked and striped
 * go without padding; ScatterToStriped pads (rank + rank / 32, when ITEMS_PER_THREAD is a power
 * of two above 4) and, as CUB does, writes the padded ranks back into the caller's ranks.
 * WARP_EXCHANGE_SHUFFLE (ITEMS_PER_THREAD == LOGICAL_WARP_THREADS, no storage): a transpose by
 * __shfl_xor_sync, for distances ITEMS_PER_THREAD / 2 down to 1; at distance d a lane whose bit d
 * is set sends item j and receives into it, the others send and receive item j + d, for every j
 * whose bit d is clear. Scatter is not offered (a compile-time error, as in CUB). Each call takes
 * the caller's file and line as default arguments. */
#ifndef WARPSIM_CUB_WARP_WARP_EXCHANGE_CUH
#define WARPSIM_CUB_WARP_WARP_EXCHANGE_CUH

#include "../util_ptx.cuh"

namespace cub {

enum WarpExchangeAlgorithm {
    WARP_EXCHANGE_SMEM,
    WARP_EXCHANGE_SHUFFLE,
};

namespace detail {

template <typename InputT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS> class WarpExchangeSmem {
    static_assert(PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE, "LOGICAL_WARP_THREADS must be a power of two");
    static constexpr int ITEMS_PER_TILE = ITEMS_PER_THREAD * LOGICAL_WARP_THREADS + 1;
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == warp_threads;
    static constexpr int LOG_SMEM_BANKS = 5;
    static constexpr bool INSERT_PADDING = ITEMS_PER_THREAD > 4 && PowerOfTwo<ITEMS_PER_THREAD>::VALUE;
    static constexpr int PADDING_ITEMS = INSERT_PADDING ? (ITEMS_PER_TILE >> LOG_SMEM_BANKS) : 0;

    union _TempStorage {
        InputT items_shared[ITEMS_PER_TILE + PADDING_ITEMS];
    };
    _TempStorage &temp_storage;
    const unsigned lane_id, warp_id, member_mask;

  public:
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    explicit WarpExchangeSmem(TempStorage &storage)
        : temp_storage(storage.Alias()),
          lane_id(IS_ARCH_WARP ? detail::lane_id() : detail::lane_id() % LOGICAL_WARP_THREADS),
          warp_id(IS_ARCH_WARP ? 0 : detail::lane_id() / LOGICAL_WARP_THREADS),
          member_mask(WarpMask<LOGICAL_WARP_THREADS>(warp_id))
    {
    }
    template <typename OutputT>
    void BlockedToStriped(const InputT (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            temp_storage.items_shared[ITEMS_PER_THREAD * (int)lane_id + i] = in[i];
        syncwarp(member_mask, at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = temp_storage.items_shared[LOGICAL_WARP_THREADS * i + (int)lane_id];
    }
    template <typename OutputT>
    void StripedToBlocked(const InputT (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            temp_storage.items_shared[LOGICAL_WARP_THREADS * i + (int)lane_id] = in[i];
        syncwarp(member_mask, at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = temp_storage.items_shared[ITEMS_PER_THREAD * (int)lane_id + i];
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToStriped(const InputT (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD], call_site at)
    {
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            if (INSERT_PADDING)
                ranks[i] = (ranks[i] >> LOG_SMEM_BANKS) + ranks[i];
            temp_storage.items_shared[ranks[i]] = in[i];
        }
        syncwarp(member_mask, at);
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int k = (i * LOGICAL_WARP_THREADS) + (int)lane_id;
            if (INSERT_PADDING)
                k = (k >> LOG_SMEM_BANKS) + k;
            out[i] = temp_storage.items_shared[k];
        }
    }
};

template <typename InputT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS> class WarpExchangeShfl {
    static_assert(PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE, "LOGICAL_WARP_THREADS must be a power of two");
    static_assert(ITEMS_PER_THREAD == LOGICAL_WARP_THREADS,
                  "WARP_EXCHANGE_SHUFFLE currently only works when ITEMS_PER_THREAD == LOGICAL_WARP_THREADS");
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == warp_threads;
    const unsigned lane_id, warp_id, member_mask;

    /* __shfl_xor_sync of any trivially copyable value, 32 bits at a time. */
    InputT shfl_xor(const InputT &value, int lane_mask, call_site at) const
    {
        return detail::shfl_words(value, [&](unsigned w) {
            return __shfl_xor_sync(member_mask, w, lane_mask, LOGICAL_WARP_THREADS, at.file, at.line);
        });
    }

  public:
    using TempStorage = NullType;
    explicit WarpExchangeShfl(TempStorage &)
        : lane_id(IS_ARCH_WARP ? detail::lane_id() : detail::lane_id() % LOGICAL_WARP_THREADS),
          warp_id(IS_ARCH_WARP ? 0 : detail::lane_id() / LOGICAL_WARP_THREADS),
          member_mask(WarpMask<LOGICAL_WARP_THREADS>(warp_id))
    {
    }
    template <typename OutputT>
    void BlockedToStriped(const InputT (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], call_site at)
    {
        InputT val[ITEMS_PER_THREAD];
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            val[i] = in[i];
        for (int d = ITEMS_PER_THREAD / 2; d > 0; d /= 2) {
            const bool xor_bit_set = (lane_id & (unsigned)d) != 0;
            for (int j = 0; j < ITEMS_PER_THREAD; j++) {
                if (j & d)
                    continue;
                InputT &slot = xor_bit_set ? val[j] : val[j + d];
                slot = shfl_xor(slot, d, at);
            }
        }
        for (int i = 0; i < ITEMS_PER_THREAD; i++)
            out[i] = val[i];
    }
    template <typename OutputT>
    void StripedToBlocked(const InputT (&in)[ITEMS_PER_THREAD], OutputT (&out)[ITEMS_PER_THREAD], call_site at)
    {
        BlockedToStriped(in, out, at);
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToStriped(const InputT (&)[ITEMS_PER_THREAD], OutputT (&)[ITEMS_PER_THREAD],
                          OffsetT (&)[ITEMS_PER_THREAD], call_site)
    {
        static_assert(sizeof(OffsetT) == 0, "Shuffle specialization of warp exchange does not support "
                                            "ScatterToStriped");
    }
};

} // namespace detail

template <typename InputT, int ITEMS_PER_THREAD, int LOGICAL_WARP_THREADS = detail::warp_threads,
          WarpExchangeAlgorithm WARP_EXCHANGE_ALGORITHM = WARP_EXCHANGE_SMEM>
class WarpExchange {
    using InternalWarpExchange =
        std::conditional_t<WARP_EXCHANGE_ALGORITHM == WARP_EXCHANGE_SMEM,
                           detail::WarpExchangeSmem<InputT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS>,
                           detail::WarpExchangeShfl<InputT, ITEMS_PER_THREAD, LOGICAL_WARP_THREADS>>;
    InternalWarpExchange internal;

  public:
    using TempStorage = typename InternalWarpExchange::TempStorage;
    WarpExchange() = delete;
    explicit WarpExchange(TempStorage &temp_storage) : internal(temp_storage) {}

    template <typename OutputT>
    void BlockedToStriped(const InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          WS_CUDA_SITE)
    {
        internal.BlockedToStriped(input_items, output_items, {ws_file_, ws_line_});
    }
    template <typename OutputT>
    void StripedToBlocked(const InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          WS_CUDA_SITE)
    {
        internal.StripedToBlocked(input_items, output_items, {ws_file_, ws_line_});
    }
    template <typename OffsetT>
    void ScatterToStriped(InputT (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        internal.ScatterToStriped(items, items, ranks, {ws_file_, ws_line_});
    }
    template <typename OutputT, typename OffsetT>
    void ScatterToStriped(const InputT (&input_items)[ITEMS_PER_THREAD], OutputT (&output_items)[ITEMS_PER_THREAD],
                          OffsetT (&ranks)[ITEMS_PER_THREAD], WS_CUDA_SITE)
    {
        internal.ScatterToStriped(input_items, output_items, ranks, {ws_file_, ws_line_});
    }
};

} // namespace cub

#endif
