/* cooperative_groups/details/coalesced_scan.h: the inclusive scan within one warp, in CUDA
 * 13's order, which cg::reduce on a coalesced group and the scans share.
 *
 * A tile, or a coalesced group of the whole warp: Hillis-Steele over the group's shfl_up, for
 * d = 1, 2, 4 ... < size, out = op(out, the value d ranks below) where that rank exists (so op
 * gets the running value first, the earlier one second). A coalesced group of fewer lanes: the
 * same steps, each a __shfl_sync over the group's mask from the lane of rank (rank - d); a lane
 * with no such rank reads the lane it read in its previous step (its own at first) and keeps
 * its value. */
#ifndef WARPSIM_CG_DETAILS_COALESCED_SCAN_H
#define WARPSIM_CG_DETAILS_COALESCED_SCAN_H

#include "functional.h"

namespace warpsim_cg {

/* The tiles that the algorithms use inside a group: a warp of a multi-warp tile, the lanes
 * that combine its warps' values, the whole warp of a coalesced group. */
template <unsigned N> struct inner_tile : warp_tile<N> {
    inner_tile() = default;
};

/* The groups that cg::reduce and the scans take: tiles and coalesced groups. */
template <typename Group> struct reduces : std::integral_constant<bool, is_tile<Group>::value> {
};
template <> struct reduces<cooperative_groups::coalesced_group> : std::true_type {
};

template <typename G, typename V, typename Op>
inline V scan_contiguous(const G &g, V val, Op &op, const char *file, int line)
{
    V out = val;
    for (unsigned d = 1; d < g.size(); d <<= 1) {
        V tmp = g.shfl_up(out, d, file, line);
        if (d <= g.thread_rank())
            out = op(out, tmp);
    }
    return out;
}

template <typename V, typename Op> inline V scan_lanes(unsigned mask, V val, Op &op, const char *file, int line)
{
    unsigned n = (unsigned)__builtin_popcount(mask), rank = (unsigned)__builtin_popcount(mask & lanemask_lt());
    unsigned src = lane();
    V out = val;
    for (unsigned d = 1; d < n; d <<= 1) {
        if (d <= rank)
            src = fns(mask, 0, (int)(rank - d + 1));
        V tmp = shfl(WS_COLL_SHFL_IDX, mask, out, src, 32, file, line);
        if (d <= rank)
            out = op(out, tmp);
    }
    return out;
}

template <unsigned N, typename V, typename Op>
inline V inclusive_in_warp(const warp_tile<N> &g, V val, Op &op, const char *file, int line)
{
    return scan_contiguous(g, val, op, file, line);
}
template <typename V, typename Op>
inline V inclusive_in_warp(const cooperative_groups::coalesced_group &g, V val, Op &op, const char *file, int line)
{
    if (g.size() == 32)
        return scan_contiguous(g, val, op, file, line);
    return scan_lanes(access::mask(g), val, op, file, line);
}

/* An inclusive result made exclusive: with cg::plus on an integer, result - value (the GPU's
 * wrap-around); otherwise the value of the rank below (group.shfl_up by 1), and for rank 0 a
 * value-initialised V. */
template <typename G, typename V, typename Op>
inline V to_exclusive(const G &g, V inclusive, V val, Op &, const char *file, int line)
{
    if constexpr (std::is_same<remove_qual<Op>, cooperative_groups::plus<V>>::value && std::is_integral<V>::value) {
        (void)g;
        (void)file;
        (void)line;
        return wrap_sub(inclusive, val);
    } else {
        V below = g.shfl_up(inclusive, 1, file, line);
        if (g.thread_rank() == 0)
            return V{};
        return below;
    }
}

} // namespace warpsim_cg

#endif
