/* cooperative_groups/details/invoke.h: invoke_one and invoke_one_broadcast. On sm_90 CUDA 13
 * elects the caller in a coalesced group or a tile of at most 32 threads with elect.sync
 * over the group's mask; here that is a __ballot_sync over the mask (a sync point with the
 * same rule: every lane of the mask must reach it) whose lowest lane is the one elected.
 * Other groups (multi-warp tiles, the thread block) call fn in their thread of rank 0, as
 * CUDA does. invoke_one_broadcast sends the result from the elected lane with __shfl_sync
 * (from rank 0 with the tile's shfl for a multi-warp tile). */
#ifndef WARPSIM_CG_DETAILS_INVOKE_H
#define WARPSIM_CG_DETAILS_INVOKE_H

namespace warpsim_cg {

template <typename G> struct elects : std::false_type {
};
template <> struct elects<cooperative_groups::coalesced_group> : std::true_type {
};
template <unsigned N, typename P> struct elects<cooperative_groups::thread_block_tile<N, P>>
    : std::integral_constant<bool, (N <= 32)> {
};
template <typename G> struct tile_threads : std::integral_constant<unsigned, 0> {
};
template <unsigned N, typename P> struct tile_threads<cooperative_groups::thread_block_tile<N, P>>
    : std::integral_constant<unsigned, N> {
};

/* The group of an invoke_one call, taken with the caller's file and line: they come with the
 * conversion of the first argument, since the parameter list ends in a pack. */
template <bool Broadcast> struct invoked {
    unsigned mask = 0;    /* a group that elects: its lanes */
    unsigned threads = 0; /* a multi-warp tile: its size */
    bool first = false;   /* a group that does not elect: the caller has rank 0 */
    bool elect;
    const char *file;
    int line;
    template <typename G> invoked(const G &g, const char *f = __builtin_FILE(), int l = __builtin_LINE())
        : elect(elects<G>::value), file(f), line(l)
    {
        static_assert(!Broadcast || elects<G>::value || is_tile<G>::value,
                      "invoke_one_broadcast takes a coalesced group or a thread_block_tile");
        if constexpr (elects<G>::value)
            mask = access::mask(g);
        else
            first = g.thread_rank() == 0;
        threads = elects<G>::value ? 0u : tile_threads<G>::value;
    }
    /* Whether the caller is the one that calls fn; leader: the lane elected. */
    bool chosen(unsigned &leader) const
    {
        if (!elect)
            return first;
        leader = (unsigned)__builtin_ctz(__ballot_sync(mask, 1, file, line));
        return leader == lane();
    }
};

} // namespace warpsim_cg

namespace cooperative_groups {

template <typename Fn, typename... Args> inline void invoke_one(warpsim_cg::invoked<false> g, Fn &&fn, Args &&...args)
{
    unsigned leader = 0;
    if (g.chosen(leader))
        std::forward<Fn>(fn)(std::forward<Args>(args)...);
}

template <typename Fn, typename... Args>
inline auto invoke_one_broadcast(warpsim_cg::invoked<true> g, Fn &&fn, Args &&...args)
    -> std::remove_reference_t<decltype(std::forward<Fn>(fn)(std::forward<Args>(args)...))>
{
    using R = warpsim_cg::remove_qual<decltype(std::forward<Fn>(fn)(std::forward<Args>(args)...))>;
    static_assert(!std::is_void<R>::value, "For invocables returning void invoke_one should be used instead");
    R result{};
    unsigned leader = 0;
    if (g.chosen(leader))
        result = std::forward<Fn>(fn)(std::forward<Args>(args)...);
    if (!g.elect) { /* a multi-warp tile: its shfl carries at most 8 bytes */
        if constexpr (sizeof(R) <= 8)
            return warpsim_cg::tile_bar(g.threads, g.file, g.line).shfl(result, 0);
        __trap();
    }
    return warpsim_cg::shfl(WS_COLL_SHFL_IDX, g.mask, result, leader, 32, g.file, g.line);
}

} // namespace cooperative_groups

#endif
