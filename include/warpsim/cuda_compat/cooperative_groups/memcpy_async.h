/* cooperative_groups/memcpy_async.h for `warpsim cc`: cg::memcpy_async, cg::wait and
 * cg::wait_prior (CUDA 13's details/async.h, restated).
 *
 * On the GPU each thread of the group issues the copies of its share, which complete at some
 * time before that thread's wait; wait then syncs the group. Here each thread copies its share
 * at once, when it calls memcpy_async: a copy that completes early is one the GPU may make too,
 * so a program that waits before reading sees what it sees on the GPU, and one that reads too
 * early races there and here (`warpsim cc --check` reports it: the thread that copied a unit is
 * its writer). wait and wait_prior<N> sync the group.
 *
 * Which bytes, in which units, by which thread, is CUDA's, because it shows:
 *   - the alignment hint is the element type's (a void pointer's is 1); a count of the form
 *     A<N> (cuda::aligned_size_t, which warpsim does not ship) gives N: up to 16 in the bytes
 *     form, and in the elements form when both counts have that type;
 *   - a hint of 4, 8 or 16: count / hint units of hint bytes, the rest not copied;
 *   - any other hint (1, 2, over 16): the lowest bit of (src ^ dst) & 15 at or above the hint
 *     picks the unit (16 if none; the hint when count is smaller): 1 or over 16, bytes; 2,
 *     count / 2 two-byte units; 4, 8 or 16, single bytes until src is aligned, units, then the
 *     last bytes;
 *   - units go to the threads by rank, interleaved (a tile of more than one thread: the whole
 *     rounds first, then the remainder). CUDA's tile path (global to shared memory) has the
 *     ranks past the remainder copy its last unit again, the same bytes: here one thread copies
 *     each unit, so that --check sees one writer (a misaligned last unit faults one thread, not
 *     each of those ranks);
 *   - a unit whose source or destination is not a multiple of its size faults the thread:
 *     "misaligned address", as the GPU's copy does (CUDA's two-byte path does not align an odd
 *     address first). */
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
template <typename G> struct rounds_first : std::false_type {}; /* CUDA's tile optimization */
template <unsigned N, typename P> struct rounds_first<cooperative_groups::thread_block_tile<N, P>>
    : std::integral_constant<bool, (N > 1)> {};

/* This thread's units of `unit` bytes among `units`, copied. */
template <typename G>
inline void copy_units(const G &g, char *dst, const char *src, size_t units, size_t unit, const char *file, int line)
{
    size_t rank = (size_t)g.thread_rank(), stride = (size_t)g.num_threads();
    auto one = [&](size_t i) {
        if (unit > 1 && ((uintptr_t)(dst + i * unit) % unit || (uintptr_t)(src + i * unit) % unit))
            ws_cuda_misaligned_((uintptr_t)(dst + i * unit) % unit ? (const void *)(dst + i * unit)
                                                                   : (const void *)(src + i * unit),
                                unit, "cg::memcpy_async", file, line);
        std::memcpy(dst + i * unit, src + i * unit, unit);
    };
    if (rounds_first<G>::value) {
        size_t whole = units & ~(stride - 1);
        for (size_t i = rank; i < whole; i += stride)
            one(i);
        if (whole + rank < units)
            one(whole + rank);
    } else {
        for (size_t i = rank; i < units; i += stride)
            one(i);
    }
}

template <size_t Hint, typename G>
inline void copy_async(const G &g, void *dst_, const void *src_, size_t count, const char *file, int line)
{
    static_assert(async_copy_group<std::remove_cv_t<std::remove_reference_t<G>>>::value,
                  "warpsim cc: cg::memcpy_async takes a thread block, a tile or a coalesced group");
    char *dst = static_cast<char *>(dst_);
    const char *src = static_cast<const char *>(src_);
    if (Hint == 4 || Hint == 8 || Hint == 16) { /* CUDA's specializations: whole units, no check */
        copy_units(g, dst, src, count / Hint, Hint, file, line);
        return;
    }
    uint32_t diff = ((uint32_t)(uintptr_t)src ^ (uint32_t)(uintptr_t)dst) & 15u, unit = 16;
    for (uint32_t a = 8; a >= Hint; a >>= 1)
        if (a & diff)
            unit = a;
    if (count < unit)
        unit = (uint32_t)Hint;
    if (unit != 2 && unit != 4 && unit != 8 && unit != 16) /* 1, or a hint over 16: bytes */
        unit = 1;
    if (unit <= 2) {
        copy_units(g, dst, src, count / unit, unit, file, line);
        return;
    }
    size_t head = (size_t)((0u - (uint32_t)(uintptr_t)src) & (unit - 1));
    copy_units(g, dst, src, head, 1, file, line); /* CUDA copies the head as is: count is not checked */
    count -= head;
    dst += head;
    src += head;
    size_t body = count / unit * unit;
    copy_units(g, dst, src, count / unit, unit, file, line);
    copy_units(g, dst + body, src + body, count - body, 1, file, line);
}

template <typename T> struct align_hint { static constexpr size_t value = alignof(T); };
template <> struct align_hint<void> { static constexpr size_t value = 1; };
template <> struct align_hint<const void> { static constexpr size_t value = 1; };
template <size_t H> struct clamped { static constexpr size_t value = H > 16 ? 16 : H; };

/* A count: a number, or cuda::aligned_size_t<N> (anything of the form A<N> that converts to
 * size_t), whose N is the hint. */
template <typename S> struct count_hint { static constexpr size_t value = 0; };
template <template <size_t> class A, size_t N> struct count_hint<A<N>> { static constexpr size_t value = N; };
template <typename S> inline size_t count_of(const S &n) { return static_cast<size_t>(n); }
/* The datum form's hint: N when both counts are the same A<N> (CUDA's overload for them, not
 * clamped), else the element's alignment (its size_t overload). */
template <typename T, typename D, typename S> struct datum_hint {
    static constexpr size_t value = align_hint<T>::value;
};
template <typename T, template <size_t> class A, size_t N> struct datum_hint<T, A<N>, A<N>> {
    static constexpr size_t value = N;
};
} // namespace warpsim_cg

namespace cooperative_groups {
/* count bytes from src to dst. */
template <typename G, typename T, typename S>
inline void memcpy_async(const G &group, T *__restrict__ dst, const T *__restrict__ src, const S &count, WS_CUDA_SITE)
{
    constexpr size_t hint = warpsim_cg::clamped<warpsim_cg::count_hint<S>::value ? warpsim_cg::count_hint<S>::value
                                                                                 : warpsim_cg::align_hint<T>::value>::value;
    warpsim_cg::copy_async<hint>(group, dst, src, warpsim_cg::count_of(count), ws_file_, ws_line_);
}
/* min(dst_count, src_count) elements of T. */
template <typename G, typename T, typename DstCount, typename SrcCount>
inline void memcpy_async(const G &group, T *__restrict__ dst, const DstCount &dst_count, const T *__restrict__ src,
                         const SrcCount &src_count, WS_CUDA_SITE)
{
    constexpr size_t hint = warpsim_cg::datum_hint<T, DstCount, SrcCount>::value;
    size_t n = warpsim_cg::count_of(dst_count), m = warpsim_cg::count_of(src_count);
    warpsim_cg::copy_async<hint>(group, dst, src, (n < m ? n : m) * sizeof(T), ws_file_, ws_line_);
}
template <typename G> inline void wait(const G &group, WS_CUDA_SITE) { group.sync(ws_file_, ws_line_); }
template <unsigned Stage, typename G> inline void wait_prior(const G &group, WS_CUDA_SITE)
{
    group.sync(ws_file_, ws_line_);
}
} // namespace cooperative_groups

#endif
