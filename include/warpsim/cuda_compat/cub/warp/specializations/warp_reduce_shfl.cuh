/* cub/warp/specializations/warp_reduce_shfl.cuh for `warpsim cc`: CUB's (CCCL 3.0) reduction of
 * a logical warp of a power of two lanes by shuffles.
 *
 * Step k (offset 2^k, k = 0 .. log2(lanes) - 1): each lane reads the lane offset above it
 * (shfl.down, clamped at last_lane: the logical warp's last lane, or valid_items - 1, or the
 * segment's end) and, where that lane is within the clamp, combines: reduction_op(own, other).
 * The PTX steps of cuda::std::plus<> on unsigned, float, long long, unsigned long long and double
 * add other + own (double: own + other), the GPU's float adds; int takes the generic step. With
 * every lane valid, int and unsigned with cuda::std::plus<>, cuda::minimum<>, cuda::maximum<> use
 * the hardware reduction (__reduce_*_sync on sm_80 and later): every lane gets the total. Lane 0
 * gets the result; the others keep their partial values, as printed on the GPU. */
#ifndef WARPSIM_CUB_WARP_REDUCE_SHFL_CUH
#define WARPSIM_CUB_WARP_REDUCE_SHFL_CUH

#include <cuda/functional>

#include "../../util_ptx.cuh"

namespace cub {
namespace detail {

/* The operator's hardware reduction on T, or none (0). */
template <typename T, typename Op> constexpr int redux_kind()
{
    if constexpr (!is_one_of<T, int, unsigned>())
        return 0;
    else if constexpr (std::is_same<Op, ::cuda::std::plus<>>::value)
        return WS_COLL_REDUX_ADD;
    else if constexpr (std::is_same<Op, ::cuda::minimum<>>::value)
        return WS_COLL_REDUX_MIN;
    else if constexpr (std::is_same<Op, ::cuda::maximum<>>::value)
        return WS_COLL_REDUX_MAX;
    else
        return 0;
}

/* a + b as PTX add does it: the GPU's float adds, integers modulo 2^n. */
template <typename T> inline T ptx_add(T a, T b)
{
    if constexpr (std::is_same<T, float>::value)
        return __fadd_rn(a, b);
    else if constexpr (std::is_same<T, double>::value)
        return __dadd_rn(a, b);
    else
        return (T)((std::make_unsigned_t<T>)a + (std::make_unsigned_t<T>)b);
}

template <typename T, int LOGICAL_WARP_THREADS> struct WarpReduceShfl {
    static_assert(PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE, "LOGICAL_WARP_THREADS must be a power of two");
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == warp_threads;
    static constexpr int STEPS = Log2<LOGICAL_WARP_THREADS>::VALUE;
    static constexpr unsigned SHFL_C = (unsigned)(warp_threads - LOGICAL_WARP_THREADS) << 8;
    using TempStorage = NullType;

    int lane_id, warp_id;
    unsigned member_mask;
    call_site at;

    WarpReduceShfl(TempStorage &, call_site site)
        : lane_id((int)detail::lane_id()), warp_id(IS_ARCH_WARP ? 0 : lane_id / LOGICAL_WARP_THREADS),
          member_mask(WarpMask<LOGICAL_WARP_THREADS>(warp_id)), at(site)
    {
        if (!IS_ARCH_WARP)
            lane_id %= LOGICAL_WARP_THREADS;
    }

    /* full: last_lane is the logical warp's last lane in every lane (the width's c). */
    template <typename Op> T ReduceStep(T input, Op op, int last_lane, int offset, bool full)
    {
        unsigned c = (unsigned)last_lane | SHFL_C;
        if constexpr (std::is_same<Op, ::cuda::std::plus<>>::value &&
                      is_one_of<T, unsigned, float, long long, unsigned long long, double>()) {
            bool p;
            T other = shfl(WS_COLL_SHFL_DOWN, member_mask, input, offset, c, full, &p, at);
            if (!p)
                return input;
            return std::is_same<T, double>::value ? ptx_add(input, other) : ptx_add(other, input);
        } else {
            T other = shfl(WS_COLL_SHFL_DOWN, member_mask, input, offset, c, full, nullptr, at);
            return offset + lane_id <= last_lane ? (T)op(input, other) : input;
        }
    }

    template <typename Op> T ReduceSteps(T input, Op op, int last_lane, bool full)
    {
        for (int step = 0; step < STEPS; step++)
            input = ReduceStep(input, op, last_lane, 1 << step, full);
        return input;
    }

    template <bool ALL_LANES_VALID, typename Op> T Reduce(T input, int valid_items, Op op)
    {
        constexpr int redux = redux_kind<T, Op>();
        if constexpr (ALL_LANES_VALID && redux == WS_COLL_REDUX_ADD)
            return __reduce_add_sync(member_mask, input, at.file, at.line);
        else if constexpr (ALL_LANES_VALID && redux == WS_COLL_REDUX_MIN)
            return __reduce_min_sync(member_mask, input, at.file, at.line);
        else if constexpr (ALL_LANES_VALID && redux == WS_COLL_REDUX_MAX)
            return __reduce_max_sync(member_mask, input, at.file, at.line);
        else
            return ReduceSteps(input, op, ALL_LANES_VALID ? LOGICAL_WARP_THREADS - 1 : valid_items - 1,
                               ALL_LANES_VALID);
    }

    /* Each lane reduces up to the lane before the next segment's head (the segment's tail). */
    template <bool HEAD_SEGMENTED, typename FlagT, typename Op> T SegmentedReduce(T input, FlagT flag, Op op)
    {
        int warp_flags = (int)__ballot_sync(member_mask, static_cast<int>(flag), at.file, at.line);
        if (HEAD_SEGMENTED)
            warp_flags >>= 1; /* an int, as CUB's: the sign bit stays */
        warp_flags &= (int)lanemask_ge();
        if (!IS_ARCH_WARP)
            warp_flags = (int)(((unsigned)warp_flags & member_mask) >> (warp_id * LOGICAL_WARP_THREADS));
        warp_flags |= (int)(1u << (LOGICAL_WARP_THREADS - 1));
        int last_lane = __clz((int)__brev((unsigned)warp_flags));
        return ReduceSteps(input, op, last_lane, false);
    }
};

} // namespace detail
} // namespace cub

#endif
