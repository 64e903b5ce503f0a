/* cooperative_groups/details/partitioning.h: labeled_partition and binary_partition of a
 * coalesced group or a tile of at most 32 threads, with CUDA 13's collectives: a label's group
 * is __match_any_sync over the parent's lanes, its meta_group_rank the number of groups whose
 * lowest lane is lower (a __ballot_sync of the leaders); a predicate's is one __ballot_sync
 * (meta_group_rank 1 for the lanes whose predicate holds, 0 and 1 group when all agree). */
#ifndef WARPSIM_CG_DETAILS_PARTITIONING_H
#define WARPSIM_CG_DETAILS_PARTITIONING_H

namespace warpsim_cg {

inline cooperative_groups::coalesced_group binary_partition(unsigned parent, bool pred, const char *file, int line)
{
    unsigned set = __ballot_sync(parent, pred, file, line);
    if (set == parent || set == 0)
        return access::coalesced(parent, 0, 1);
    return access::coalesced(parent & (pred ? set : ~set), pred ? 1u : 0u, 2);
}

template <typename Label>
inline cooperative_groups::coalesced_group labeled_partition(unsigned parent, Label label, const char *file, int line)
{
    unsigned mine = __match_any_sync(parent, label, file, line);
    unsigned leader = (unsigned)__builtin_ctz(mine);
    unsigned leaders = __ballot_sync(parent, leader == lane(), file, line);
    return access::coalesced(mine, (unsigned)__builtin_popcount(leaders & ((1u << leader) - 1u)),
                             (unsigned)__builtin_popcount(leaders));
}

template <typename Label, typename Group>
inline cooperative_groups::coalesced_group labeled_partition_of(const Group &g, Label label, const char *file, int line)
{
    using L = remove_qual<Label>;
    static_assert(std::is_integral<L>::value || std::is_pointer<L>::value,
                  "labeled_partition predicate must be an integral or pointer type");
    if constexpr (std::is_same<L, bool>::value)
        return binary_partition(access::mask(g), label, file, line);
    else if constexpr (std::is_pointer<L>::value)
        return labeled_partition(access::mask(g), reinterpret_cast<unsigned long long>(label), file, line);
    else
        return labeled_partition(access::mask(g), label, file, line);
}

} // namespace warpsim_cg

namespace cooperative_groups {

inline coalesced_group binary_partition(const coalesced_group &g, bool pred, WS_CUDA_SITE)
{
    return warpsim_cg::binary_partition(warpsim_cg::access::mask(g), pred, ws_file_, ws_line_);
}
template <unsigned N, typename P>
inline coalesced_group binary_partition(const thread_block_tile<N, P> &g, bool pred, WS_CUDA_SITE)
{
    static_assert(N <= 32, "Binary partition is available only for tiles of size smaller or equal to 32");
    return warpsim_cg::binary_partition(warpsim_cg::access::mask(g), pred, ws_file_, ws_line_);
}

template <typename Label> inline coalesced_group labeled_partition(const coalesced_group &g, Label label, WS_CUDA_SITE)
{
    return warpsim_cg::labeled_partition_of(g, label, ws_file_, ws_line_);
}
template <typename Label, unsigned N, typename P>
inline coalesced_group labeled_partition(const thread_block_tile<N, P> &g, Label label, WS_CUDA_SITE)
{
    static_assert(N <= 32, "Labeled partition is available only for tiles of size smaller or equal to 32");
    return warpsim_cg::labeled_partition_of(g, label, ws_file_, ws_line_);
}

} // namespace cooperative_groups

#endif
