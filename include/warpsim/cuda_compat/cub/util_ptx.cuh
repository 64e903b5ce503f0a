/* cub/util_ptx.cuh for `warpsim cc`: what warpsim's CUB (CCCL 3.0's algorithms) asks of the
 * warp: the lane, CUB's member masks (WarpMask), the row-major thread index, and CUB's shuffles.
 *
 * CUB shuffles with PTX shfl.sync and its own c operand ((32 - logical warp) << 8, and a clamp:
 * the last valid lane for down, the first for up), and some of its steps use the predicate p
 * (the source lane lies within the clamp); where p is false the lane reads its own value. Each
 * 32-bit word goes through the front end's __shfl_*_sync, so the model moves it. Where the caller
 * knows that every lane's c is the one a width gives (warpsim/cuda_ptx.h's rule: a clamp at the
 * logical warp's edge), the intrinsic of that width; otherwise (valid_items, segments: c may
 * differ from lane to lane, and all lanes must meet in one kind of shuffle) __shfl_sync from the
 * lane PTX's formula names (ws_ptx_shfl_source), so no lane past a clamp is read. Every call
 * carries the user's file and line (call_site). */
#ifndef WARPSIM_CUB_UTIL_PTX_CUH
#define WARPSIM_CUB_UTIL_PTX_CUH

#include "util_type.cuh"

#include <string.h>

namespace cub {
namespace detail {

/* The user's line that called into CUB: every collective below reports it. */
struct call_site {
    const char *file;
    int line;
};

inline unsigned lane_id() { return warpsim_ptx::sreg_laneid(); }
inline unsigned lanemask_ge() { return warpsim_ptx::sreg_lanemask_ge(); }
inline unsigned lanemask_gt() { return warpsim_ptx::sreg_lanemask_gt(); }

inline void syncwarp(unsigned mask, call_site at) { __syncwarp(mask, at.file, at.line); }
inline void syncthreads(call_site at) { __syncthreads(at.file, at.line); }

/* shfl.sync.MODE.b32 d|p, word, b, c, mask: the word the lane reads, and p. by_width: c is the
 * width's c in every lane. */
inline unsigned shfl_word(ws_coll_kind kind, unsigned mask, unsigned word, int b, unsigned c, bool by_width, bool *p,
                          call_site at)
{
    bool in_range;
    int src = ws_ptx_shfl_source(kind, (int)lane_id(), (uint32_t)b, c, &in_range);
    if (p)
        *p = in_range;
    int width = by_width ? ws_ptx_shfl_width(kind, c) : 0;
    if (!width)
        return __shfl_sync(mask, word, src, 32, at.file, at.line);
    switch (kind) {
    case WS_COLL_SHFL_UP: return __shfl_up_sync(mask, word, (unsigned)b, width, at.file, at.line);
    case WS_COLL_SHFL_DOWN: return __shfl_down_sync(mask, word, (unsigned)b, width, at.file, at.line);
    case WS_COLL_SHFL_BFLY: return __shfl_xor_sync(mask, word, b, width, at.file, at.line);
    default: return __shfl_sync(mask, word, b, width, at.file, at.line);
    }
}

/* Any trivially copyable value through a 32-bit shuffle, as consecutive words, lowest first:
 * shfl_one(word) gives the word the lane reads (every shuffle of CUB's compat headers). */
template <typename T, typename ShflOne> inline T shfl_words(const T &value, ShflOne shfl_one)
{
    static_assert(std::is_trivially_copyable<T>::value, "cub: a shuffled type must be trivially copyable");
    unsigned words[(sizeof(T) + 3) / 4] = {};
    memcpy(words, &value, sizeof(T));
    for (unsigned &w : words)
        w = shfl_one(w);
    T out;
    memcpy(&out, words, sizeof(T));
    return out;
}
template <typename T>
inline T shfl(ws_coll_kind kind, unsigned mask, const T &value, int b, unsigned c, bool by_width, bool *p,
              call_site at)
{
    return shfl_words(value, [&](unsigned w) { return shfl_word(kind, mask, w, b, c, by_width, p, at); });
}

} // namespace detail

/* The lanes of logical warp warp_id: for a power of two, its own lanes; otherwise always the low
 * LOGICAL_WARP_THREADS lanes of the warp (CUB 3.0 shifts the mask only for powers of two). */
template <int LOGICAL_WARP_THREADS> inline unsigned WarpMask(unsigned warp_id)
{
    unsigned mask = 0xffffffffu >> (32 - LOGICAL_WARP_THREADS);
    if (PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE && LOGICAL_WARP_THREADS != 32)
        mask <<= warp_id * LOGICAL_WARP_THREADS;
    return mask;
}

/* The thread's row-major index in a block of the given (template) dimensions. */
inline int RowMajorTid(int block_dim_x, int block_dim_y, int block_dim_z)
{
    return (block_dim_z == 1 ? 0 : (int)(threadIdx.z * block_dim_x * block_dim_y)) +
           (block_dim_y == 1 ? 0 : (int)(threadIdx.y * block_dim_x)) + (int)threadIdx.x;
}

/* CUB's ShuffleUp/Down (c = the logical warp's segment and first_thread / last_thread: read
 * through __shfl_sync, as first_thread and last_thread may differ between lanes) and
 * ShuffleIndex (__shfl_sync with width = the logical warp), with the caller's site last. */
template <int LOGICAL_WARP_THREADS, typename T>
inline T ShuffleUp(T input, int src_offset, int first_thread, unsigned member_mask,
                   detail::call_site at = detail::call_site{__builtin_FILE(), __builtin_LINE()})
{
    unsigned c = ((32u - LOGICAL_WARP_THREADS) << 8) | (unsigned)first_thread;
    return detail::shfl(WS_COLL_SHFL_UP, member_mask, input, src_offset, c, false, nullptr, at);
}
template <int LOGICAL_WARP_THREADS, typename T>
inline T ShuffleDown(T input, int src_offset, int last_thread, unsigned member_mask,
                   detail::call_site at = detail::call_site{__builtin_FILE(), __builtin_LINE()})
{
    unsigned c = ((32u - LOGICAL_WARP_THREADS) << 8) | (unsigned)last_thread;
    return detail::shfl(WS_COLL_SHFL_DOWN, member_mask, input, src_offset, c, false, nullptr, at);
}
template <int LOGICAL_WARP_THREADS, typename T>
inline T ShuffleIndex(T input, int src_lane, unsigned member_mask,
                   detail::call_site at = detail::call_site{__builtin_FILE(), __builtin_LINE()})
{
    return detail::shfl_words(
        input, [&](unsigned w) { return __shfl_sync(member_mask, w, src_lane, LOGICAL_WARP_THREADS, at.file, at.line); });
}

} // namespace cub

#endif
