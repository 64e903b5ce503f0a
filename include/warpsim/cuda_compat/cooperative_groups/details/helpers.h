/* cooperative_groups/details/helpers.h: what every group of warpsim's Cooperative Groups is built
 * on. The running thread's place in its block and warp (the front end's own definition of the
 * lane: warpsim/cuda_ptx.h), PTX's fns, and a shuffle of any value through the front end's
 * __shfl_*_sync, so a group's collectives reach the model as the intrinsics do, with the
 * caller's file and line. */
#ifndef WARPSIM_CG_DETAILS_HELPERS_H
#define WARPSIM_CG_DETAILS_HELPERS_H

#include <string.h>

#include <type_traits>

namespace warpsim_cg {

template <typename T> using remove_qual = std::remove_cv_t<std::remove_reference_t<T>>;

/* The group ids that thread_group::get_type() returns, CUDA's numbers. */
enum group_id : unsigned { coalesced_group_id = 1, grid_group_id = 3, thread_block_id = 4 };

inline unsigned lane() { return warpsim_ptx::sreg_laneid(); }
inline unsigned lanemask_lt() { return warpsim_ptx::sreg_lanemask_lt(); }
inline unsigned block_rank() { return warpsim_ptx::linear_tid(); }
inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }

/* PTX fns.b32: the position of the |offset|-th set bit of mask counted from base (base
 * included) upwards for offset > 0, downwards for offset < 0; for 0, base if it is set;
 * 0xffffffff when there is none. CUDA's __fns. */
inline unsigned fns(unsigned mask, unsigned base, int offset)
{
    if (offset == 0)
        return (mask >> (base & 31u)) & 1u ? base : 0xffffffffu;
    int step = offset > 0 ? 1 : -1;
    unsigned count = offset > 0 ? (unsigned)offset : 0u - (unsigned)offset;
    for (int pos = (int)base; pos >= 0 && pos < 32; pos += step)
        if ((mask >> pos) & 1u && --count == 0)
            return (unsigned)pos;
    return 0xffffffffu;
}

/* The lanes of `lanes` that are in `mask`, as bits numbered by rank in mask (a coalesced
 * group's ballot and match results). */
inline unsigned pack_lanes(unsigned mask, unsigned lanes)
{
    unsigned packed = 0, rank = 0;
    for (unsigned todo = mask; todo; todo &= todo - 1, rank++)
        if (lanes & todo & (0u - todo))
            packed |= 1u << rank;
    return packed;
}

/* ---- shuffles of any value ----
 * Integers and floating-point values go through the intrinsic of their type (narrow integers
 * promote to int, as in a call to __shfl_sync); anything else trivially copyable, up to 32
 * bytes, moves as consecutive 32-bit words, lowest first, each its own shuffle (as CUDA's
 * headers do). */
template <typename T>
inline T shfl_word(ws_coll_kind kind, unsigned mask, T v, unsigned b, unsigned width, const char *file, int line)
{
    switch (kind) {
    case WS_COLL_SHFL_UP: return static_cast<T>(__shfl_up_sync(mask, v, b, (int)width, file, line));
    case WS_COLL_SHFL_DOWN: return static_cast<T>(__shfl_down_sync(mask, v, b, (int)width, file, line));
    case WS_COLL_SHFL_BFLY: return static_cast<T>(__shfl_xor_sync(mask, v, (int)b, (int)width, file, line));
    default: return static_cast<T>(__shfl_sync(mask, v, (int)b, (int)width, file, line));
    }
}

template <typename T> inline remove_qual<T> shfl(ws_coll_kind kind, unsigned mask, T &&value, unsigned b,
                                                 unsigned width, const char *file, int line)
{
    using V = remove_qual<T>;
    if constexpr (std::is_integral<V>::value || std::is_floating_point<V>::value) {
        return shfl_word<V>(kind, mask, value, b, width, file, line);
    } else {
        static_assert(std::is_trivially_copyable<V>::value,
                      "cooperative_groups: the type is not compatible with a shuffle");
        static_assert(sizeof(V) <= 32, "cooperative_groups: collectives are limited to types of at most 32 bytes");
        int words[(sizeof(V) + 3) / 4] = {};
        V v = value;
        memcpy(words, &v, sizeof v);
        for (int &w : words)
            w = shfl_word<int>(kind, mask, w, b, width, file, line);
        memcpy(&v, words, sizeof v);
        return v;
    }
}

/* a + b and a - b with the GPU's wrap-around for signed integers too. */
template <typename T> inline T wrap_add(T a, T b)
{
    if constexpr (std::is_integral<T>::value && std::is_signed<T>::value && sizeof(T) >= sizeof(int)) {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<U>(static_cast<U>(a) + static_cast<U>(b)));
    } else {
        return static_cast<T>(a + b);
    }
}
template <typename T> inline T wrap_sub(T a, T b)
{
    if constexpr (std::is_integral<T>::value && std::is_signed<T>::value && sizeof(T) >= sizeof(int)) {
        using U = std::make_unsigned_t<T>;
        return static_cast<T>(static_cast<U>(static_cast<U>(a) - static_cast<U>(b)));
    } else {
        return static_cast<T>(a - b);
    }
}

} // namespace warpsim_cg

#endif
