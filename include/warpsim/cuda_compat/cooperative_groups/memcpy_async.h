/* cooperative_groups/memcpy_async.h for `warpsim cc`: cg::memcpy_async, cg::wait and
 * cg::wait_prior (CUDA 13's details/async.h).
 *
 * On the GPU each thread of the group issues the copies of its share, interleaved (a thread
 * copies units rank, rank + size, ...), which complete at some time before that thread's
 * wait; wait then syncs the group. Here each thread copies its share at once, when it calls
 * memcpy_async: a copy that completes early is one the GPU may make too, so a program that
 * waits before reading sees what it sees on the GPU, and one that reads too early is racing
 * there and here (`warpsim cc --check` reports the race: the thread that copied a unit is its
 * writer). The unit is the largest of 16, 8, 4, 2, 1 bytes that both addresses and the length
 * are multiples of. wait and wait_prior<N> sync the group (no copy is left to wait for).
 * The groups are CUDA's: a thread block, a tile, a coalesced group. The deprecated pipeline
 * forms are not here. */
#ifndef WARPSIM_CG_MEMCPY_ASYNC_H
#define WARPSIM_CG_MEMCPY_ASYNC_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "../cooperative_groups.h"

namespace warpsim_cg {
template <typename G> struct async_copy_group : std::false_type {};
template <> struct async_copy_group<cooperative_groups::thread_block> : std::true_type {};
template <> struct async_copy_group<cooperative_groups::coalesced_group> : std::true_type {};
template <unsigned N, typename P>
struct async_copy_group<cooperative_groups::thread_block_tile<N, P>> : std::true_type {};

template <typename G> inline void copy_share(const G &g, void *dst, const void *src, size_t bytes)
{
    static_assert(async_copy_group<std::remove_cv_t<std::remove_reference_t<G>>>::value,
                  "warpsim cc: cg::memcpy_async takes a thread block, a tile or a coalesced group");
    uintptr_t all = (uintptr_t)dst | (uintptr_t)src | (uintptr_t)bytes;
    size_t unit = all % 16 == 0 ? 16 : all % 8 == 0 ? 8 : all % 4 == 0 ? 4 : all % 2 == 0 ? 2 : 1;
    size_t rank = (size_t)g.thread_rank(), stride = (size_t)g.num_threads() * unit;
    for (size_t at = rank * unit; at < bytes; at += stride)
        std::memcpy(static_cast<char *>(dst) + at, static_cast<const char *>(src) + at, unit);
}
/* A count: a number, or cuda::aligned_size_t<N> (anything that converts to size_t). */
template <typename S> inline size_t count_of(const S &n) { return static_cast<size_t>(n); }
} // namespace warpsim_cg

namespace cooperative_groups {
/* count bytes from src to dst. */
template <typename G, typename T, typename S>
inline void memcpy_async(const G &group, T *__restrict__ dst, const T *__restrict__ src, const S &count)
{
    warpsim_cg::copy_share(group, dst, src, warpsim_cg::count_of(count));
}
/* min(dst_count, src_count) elements of T. */
template <typename G, typename T, typename DstCount, typename SrcCount>
inline void memcpy_async(const G &group, T *__restrict__ dst, const DstCount &dst_count, const T *__restrict__ src,
                         const SrcCount &src_count)
{
    size_t n = warpsim_cg::count_of(dst_count), m = warpsim_cg::count_of(src_count);
    warpsim_cg::copy_share(group, dst, src, (n < m ? n : m) * sizeof(T));
}
template <typename G> inline void wait(const G &group, WS_CUDA_SITE) { group.sync(ws_file_, ws_line_); }
template <unsigned Stage, typename G> inline void wait_prior(const G &group, WS_CUDA_SITE)
{
    group.sync(ws_file_, ws_line_);
}
} // namespace cooperative_groups

#endif
