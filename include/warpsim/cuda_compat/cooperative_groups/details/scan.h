/* cooperative_groups/details/scan.h: cg::inclusive_scan and cg::exclusive_scan in CUDA 13's
 * order: within a warp as coalesced_scan.h says (an exclusive scan is the inclusive one made
 * exclusive there); in a tile of 64 to 1024 threads, each warp scans as a tile of 32 and its
 * lane 31 puts the warp's total in the warp's slot (an exclusive scan then shifts the warp's
 * results up by one lane); lanes 0 .. N/32-1 of the last warp to arrive replace the totals by
 * their exclusive scan (a tile of N/32 threads); a thread returns op(its warp's result, the
 * warps before) -- the warp's result alone in the tile's first warp, and in an exclusive scan
 * lane 0 of each warp returns the warps before alone. */
#ifndef WARPSIM_CG_DETAILS_SCAN_H
#define WARPSIM_CG_DETAILS_SCAN_H

#include "coalesced_scan.h"

namespace warpsim_cg {

template <bool Exclusive, typename G, typename V, typename Op>
inline V scan_in_warp(const G &g, V val, Op &op, const char *file, int line)
{
    V result = inclusive_in_warp(g, val, op, file, line);
    if (Exclusive)
        result = to_exclusive(g, result, val, op, file, line);
    return result;
}
template <bool Exclusive, unsigned N, typename V, typename Op>
inline V scan_group(const warp_tile<N> &g, V val, Op &op, const char *file, int line)
{
    return scan_in_warp<Exclusive>(g, val, op, file, line);
}
template <bool Exclusive, typename V, typename Op>
inline V scan_group(const cooperative_groups::coalesced_group &g, V val, Op &op, const char *file, int line)
{
    return scan_in_warp<Exclusive>(g, val, op, file, line);
}

template <bool Exclusive, unsigned N, typename V, typename Op>
inline V scan_group(const multi_warp_tile<N> &, V val, Op &op, const char *file, int line)
{
    inner_tile<32> warp;
    V in_warp{};
    V before = warps_combine<V>(
        N,
        [&](V *mine) {
            in_warp = scan_contiguous(warp, val, op, file, line);
            if (warp.thread_rank() == 31)
                *mine = in_warp;
            if (Exclusive)
                in_warp = warp.shfl_up(in_warp, 1, file, line);
        },
        [&](V *across) {
            inner_tile<N / 32> sub;
            V total = *across;
            V inclusive = scan_contiguous(sub, total, op, file, line);
            *across = to_exclusive(sub, inclusive, total, op, file, line);
        },
        file, line);
    if (Exclusive && lane() == 0)
        return before;
    if ((block_rank() & (N - 1)) / 32 == 0)
        return in_warp;
    return op(in_warp, before);
}

template <typename Group, typename T, typename R> constexpr void check_scan()
{
    static_assert(std::is_same<remove_qual<T>, remove_qual<R>>::value, "Operator input and output types differ");
    static_assert(reduces<Group>::value, "This group does not exclusively represent a tile");
}

} // namespace warpsim_cg

namespace cooperative_groups {

template <typename Group, typename T, typename Op>
inline auto inclusive_scan(const Group &group, T &&val, Op &&op, WS_CUDA_SITE) -> decltype(op(val, val))
{
    warpsim_cg::check_scan<Group, T, decltype(op(val, val))>();
    warpsim_cg::remove_qual<T> v = val;
    return warpsim_cg::scan_group<false>(group, v, op, ws_file_, ws_line_);
}
template <typename Group, typename T>
inline warpsim_cg::remove_qual<T> inclusive_scan(const Group &group, T &&val, WS_CUDA_SITE)
{
    return inclusive_scan(group, std::forward<T>(val), plus<warpsim_cg::remove_qual<T>>(), ws_file_, ws_line_);
}

template <typename Group, typename T, typename Op>
inline auto exclusive_scan(const Group &group, T &&val, Op &&op, WS_CUDA_SITE) -> decltype(op(val, val))
{
    warpsim_cg::check_scan<Group, T, decltype(op(val, val))>();
    warpsim_cg::remove_qual<T> v = val;
    return warpsim_cg::scan_group<true>(group, v, op, ws_file_, ws_line_);
}
template <typename Group, typename T>
inline warpsim_cg::remove_qual<T> exclusive_scan(const Group &group, T &&val, WS_CUDA_SITE)
{
    return exclusive_scan(group, std::forward<T>(val), plus<warpsim_cg::remove_qual<T>>(), ws_file_, ws_line_);
}

} // namespace cooperative_groups

#endif
