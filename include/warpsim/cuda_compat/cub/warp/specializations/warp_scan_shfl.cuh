/* cub/warp/specializations/warp_scan_shfl.cuh for `warpsim cc`: CUB's (CCCL 3.0) scan of a
 * logical warp of a power of two lanes by shuffles (Kogge-Stone).
 *
 * Step k (offset 2^k): each lane reads the lane offset below it (shfl.up within the logical warp)
 * and, where there is one, becomes scan_op(other, own). The PTX steps of cuda::std::plus<> on int,
 * unsigned, float, long long, unsigned long long add other + own, on double own + other (the GPU's
 * float adds). Exclusive results: the inclusive one shuffled up a lane (lane 0 reads its own
 * inclusive value), or, for an integer type with cuda::std::plus<>, inclusive - input (lane 0: 0);
 * with an initial value, inclusive = scan_op(initial, inclusive) first and lane 0 gets the initial
 * value. The aggregate and Broadcast are shuffles from one lane (width = the logical warp). */
#ifndef WARPSIM_CUB_WARP_SCAN_SHFL_CUH
#define WARPSIM_CUB_WARP_SCAN_SHFL_CUH

#include "warp_reduce_shfl.cuh" /* ptx_add */

namespace cub {
namespace detail {

/* inclusive - input with the integer's wrap-around. */
template <typename T> inline T wrap_sub(T a, T b)
{
    using U = std::make_unsigned_t<std::conditional_t<std::is_same<T, bool>::value, unsigned char, T>>;
    return (T)(U)((U)a - (U)b);
}

template <typename T, int LOGICAL_WARP_THREADS> struct WarpScanShfl {
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == warp_threads;
    static constexpr int STEPS = Log2<LOGICAL_WARP_THREADS>::VALUE;
    static constexpr unsigned SHFL_C = (unsigned)(warp_threads - LOGICAL_WARP_THREADS) << 8;
    struct TempStorage {
    };

    unsigned lane_id, warp_id, member_mask;
    call_site at;

    WarpScanShfl(TempStorage &, call_site site)
        : lane_id(detail::lane_id()), warp_id(IS_ARCH_WARP ? 0 : lane_id / LOGICAL_WARP_THREADS),
          member_mask(WarpMask<LOGICAL_WARP_THREADS>(warp_id)), at(site)
    {
        if (!IS_ARCH_WARP)
            lane_id %= LOGICAL_WARP_THREADS;
    }

    template <typename Op> T InclusiveScanStep(T input, Op op, int first_lane, int offset)
    {
        if constexpr (std::is_same<Op, ::cuda::std::plus<>>::value &&
                      is_one_of<T, int, unsigned, float, long long, unsigned long long, double>()) {
            bool p;
            T other = shfl(WS_COLL_SHFL_UP, member_mask, input, offset, (unsigned)first_lane | SHFL_C, true, &p, at);
            if (!p)
                return input;
            return std::is_same<T, double>::value ? ptx_add(input, other) : ptx_add(other, input);
        } else {
            unsigned c = (unsigned)first_lane | SHFL_C;
            T other = shfl(WS_COLL_SHFL_UP, member_mask, input, offset, c, true, nullptr, at);
            T output = op(other, input);
            if ((int)lane_id < first_lane + offset)
                output = input;
            return output;
        }
    }

    T Broadcast(T input, int src_lane) { return ShuffleIndex<LOGICAL_WARP_THREADS>(input, src_lane, member_mask, at); }

    template <typename Op> void InclusiveScan(T input, T &inclusive_output, Op op)
    {
        inclusive_output = input;
        for (int step = 0; step < STEPS; step++)
            inclusive_output = InclusiveScanStep(inclusive_output, op, 0, 1 << step);
    }
    template <typename Op> void InclusiveScan(T input, T &inclusive_output, Op op, T &warp_aggregate)
    {
        InclusiveScan(input, inclusive_output, op);
        warp_aggregate = Broadcast(inclusive_output, LOGICAL_WARP_THREADS - 1);
    }

    template <typename Op> static constexpr bool subtracts(bool is_integer)
    {
        return is_integer && std::is_same<Op, ::cuda::std::plus<>>::value;
    }
    template <typename Op, bool IS_INTEGER>
    void Update(T input, T &inclusive, T &exclusive, Op, std::bool_constant<IS_INTEGER>)
    {
        if constexpr (subtracts<Op>(IS_INTEGER))
            exclusive = wrap_sub(inclusive, input);
        else
            exclusive = shfl(WS_COLL_SHFL_UP, member_mask, inclusive, 1, SHFL_C, true, nullptr, at);
    }
    template <typename Op, bool IS_INTEGER>
    void Update(T input, T &inclusive, T &exclusive, Op op, T initial_value, std::bool_constant<IS_INTEGER>)
    {
        inclusive = op(initial_value, inclusive);
        if constexpr (subtracts<Op>(IS_INTEGER)) {
            exclusive = wrap_sub(inclusive, input);
        } else {
            exclusive = shfl(WS_COLL_SHFL_UP, member_mask, inclusive, 1, SHFL_C, true, nullptr, at);
            if (lane_id == 0)
                exclusive = initial_value;
        }
    }
    template <typename Op, bool IS_INTEGER>
    void Update(T input, T &inclusive, T &exclusive, T &warp_aggregate, Op op, std::bool_constant<IS_INTEGER> is_int)
    {
        warp_aggregate = Broadcast(inclusive, LOGICAL_WARP_THREADS - 1);
        Update(input, inclusive, exclusive, op, is_int);
    }
    template <typename Op, bool IS_INTEGER>
    void Update(T input, T &inclusive, T &exclusive, T &warp_aggregate, Op op, T initial_value,
                std::bool_constant<IS_INTEGER> is_int)
    {
        warp_aggregate = Broadcast(inclusive, LOGICAL_WARP_THREADS - 1);
        Update(input, inclusive, exclusive, op, initial_value, is_int);
    }
};

} // namespace detail
} // namespace cub

#endif
