/* cooperative_groups/details/reduce.h: cg::reduce in CUDA 13's order.
 *
 *   - cg::plus, less, greater, bit_and, bit_or, bit_xor on an integer of at most 32 bits, in a
 *     tile of 16 or 32 threads or a coalesced group: the hardware reduction,
 *     __reduce_{add,min,max,and,or,xor}_sync over the group's mask (signed as int);
 *   - otherwise in a tile of N <= 32 threads: a butterfly, for m = N/2, N/4 ... 1,
 *     out = op(out, shfl_xor(out, m)), every lane computing its own result;
 *   - in a coalesced group of the whole warp: the same butterfly with N = 32; of fewer lanes:
 *     the inclusive scan of coalesced_scan.h, then every lane takes the highest lane's result;
 *   - in a tile of 64 to 1024 threads: each warp reduces as a tile of 32 and puts its result in
 *     its slot; lanes 0 .. N/32-1 of the last warp to arrive reduce the slots as a tile of N/32
 *     threads (the first rule again for 512 and 1024) and write them back; every thread returns
 *     its warp's slot. */
#ifndef WARPSIM_CG_DETAILS_REDUCE_H
#define WARPSIM_CG_DETAILS_REDUCE_H

#include "coalesced_scan.h"

namespace warpsim_cg {

template <typename G, typename V, typename Op> inline V butterfly(const G &g, V val, Op &op, const char *file, int line)
{
    V out = val;
    for (unsigned m = g.size() >> 1; m > 0; m >>= 1)
        out = op(out, g.shfl_xor(out, m, file, line));
    return out;
}

template <typename Op, typename V> constexpr bool takes_redux()
{
    return redux_of<std::remove_reference_t<Op>, V>::usable;
}

template <unsigned N, typename V, typename Op>
inline V reduce_in_warp(const warp_tile<N> &g, V val, Op &op, const char *file, int line)
{
    if constexpr (N >= 16 && takes_redux<Op, V>())
        return redux(redux_of<std::remove_reference_t<Op>, V>::kind, g.build_mask(), val, file, line);
    else
        return butterfly(g, val, op, file, line);
}
template <typename V, typename Op>
inline V reduce_in_warp(const cooperative_groups::coalesced_group &g, V val, Op &op, const char *file, int line)
{
    unsigned mask = access::mask(g);
    if constexpr (takes_redux<Op, V>()) {
        return redux(redux_of<std::remove_reference_t<Op>, V>::kind, mask, val, file, line);
    } else {
        if (g.size() == 32)
            return butterfly(inner_tile<32>(), val, op, file, line);
        V last = scan_lanes(mask, val, op, file, line);
        return shfl(WS_COLL_SHFL_IDX, mask, last, 31u - (unsigned)__builtin_clz(mask), 32, file, line);
    }
}
template <unsigned N, typename V, typename Op>
inline V reduce_in_warp(const multi_warp_tile<N> &, V val, Op &op, const char *file, int line)
{
    return warps_combine<V>(
        N, [&](V *mine) { *mine = reduce_in_warp(inner_tile<32>(), val, op, file, line); },
        [&](V *across) { *across = reduce_in_warp(inner_tile<N / 32>(), *across, op, file, line); }, file, line);
}

template <typename Group, typename T, typename R> constexpr void check_reduce()
{
    static_assert(std::is_same<remove_qual<T>, remove_qual<R>>::value, "Operator input and output types differ");
    static_assert(reduces<Group>::value, "This group does not exclusively represent a tile");
}

} // namespace warpsim_cg

namespace cooperative_groups {

template <typename Group, typename T, typename Op>
inline auto reduce(const Group &group, T &&val, Op &&op, WS_CUDA_SITE) -> decltype(op(val, val))
{
    warpsim_cg::check_reduce<Group, T, decltype(op(val, val))>();
    warpsim_cg::remove_qual<T> v = val;
    return warpsim_cg::reduce_in_warp(group, v, op, ws_file_, ws_line_);
}

/* The reduction, stored to *dst by the group's thread of rank 0 (CUDA's asynchronous form
 * with a plain pointer: here the store is done when the call returns). */
template <typename Group, typename D, typename T, typename Op>
inline void reduce_store_async(const Group &group, D *dst, T &&val, Op &&op, WS_CUDA_SITE)
{
    static_assert(std::is_same<warpsim_cg::remove_qual<D>, warpsim_cg::remove_qual<T>>::value,
                  "Destination and input types differ");
    auto result = reduce(group, std::forward<T>(val), std::forward<Op>(op), ws_file_, ws_line_);
    if (group.thread_rank() == 0)
        *dst = result;
}

} // namespace cooperative_groups

#endif
