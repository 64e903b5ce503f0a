/* cooperative_groups/details/functional.h: the operators of cg::reduce and the scans, as CUDA
 * 13 defines them: less keeps the first operand unless the second is smaller (so a NaN first
 * operand stays), greater keeps it unless it is smaller than the second. cg::reduce on a tile of
 * 16 or 32 threads or a coalesced group gives these six, on integers of at most 32 bits, to
 * the hardware's reduction (__reduce_*_sync): reduce.h. */
#ifndef WARPSIM_CG_DETAILS_FUNCTIONAL_H
#define WARPSIM_CG_DETAILS_FUNCTIONAL_H

#include "helpers.h"

namespace cooperative_groups {

template <typename T> struct plus {
    T operator()(T a, T b) const { return warpsim_cg::wrap_add(a, b); }
};
template <typename T> struct less {
    T operator()(T a, T b) const { return (b < a) ? b : a; }
};
template <typename T> struct greater {
    T operator()(T a, T b) const { return (a < b) ? b : a; }
};
template <typename T> struct bit_and {
    T operator()(T a, T b) const { return a & b; }
};
template <typename T> struct bit_or {
    T operator()(T a, T b) const { return a | b; }
};
template <typename T> struct bit_xor {
    T operator()(T a, T b) const { return a ^ b; }
};

} // namespace cooperative_groups

namespace warpsim_cg {

/* The hardware reduction an operator maps to, or none. Only the operator objects themselves
 * (not const ones: CUDA's dispatch deduces the operator's template from a non-const
 * reference, so a const operator takes the shuffles), on integers of at most 32 bits. */
template <typename Op, typename T> struct redux_of {
    static constexpr bool usable = false;
};
#define WS_CG_REDUX_OF(op, kind_)                                                                                      \
    template <typename T> struct redux_of<cooperative_groups::op<T>, T> {                                              \
        static constexpr bool usable = std::is_integral<T>::value && sizeof(T) <= 4;                                   \
        static constexpr ws_coll_kind kind = kind_;                                                                    \
    };
WS_CG_REDUX_OF(plus, WS_COLL_REDUX_ADD)
WS_CG_REDUX_OF(less, WS_COLL_REDUX_MIN)
WS_CG_REDUX_OF(greater, WS_COLL_REDUX_MAX)
WS_CG_REDUX_OF(bit_and, WS_COLL_REDUX_AND)
WS_CG_REDUX_OF(bit_or, WS_COLL_REDUX_OR)
WS_CG_REDUX_OF(bit_xor, WS_COLL_REDUX_XOR)
#undef WS_CG_REDUX_OF

/* __reduce_*_sync of an integer of at most 32 bits: signed ones as int, unsigned ones as
 * unsigned (and, or and xor take unsigned, as in CUDA). */
template <typename W> inline W redux_word(ws_coll_kind kind, unsigned mask, W w, const char *file, int line)
{
    switch (kind) {
    case WS_COLL_REDUX_ADD: return __reduce_add_sync(mask, w, file, line);
    case WS_COLL_REDUX_MIN: return __reduce_min_sync(mask, w, file, line);
    case WS_COLL_REDUX_MAX: return __reduce_max_sync(mask, w, file, line);
    case WS_COLL_REDUX_AND: return static_cast<W>(__reduce_and_sync(mask, static_cast<unsigned>(w), file, line));
    case WS_COLL_REDUX_OR: return static_cast<W>(__reduce_or_sync(mask, static_cast<unsigned>(w), file, line));
    default: return static_cast<W>(__reduce_xor_sync(mask, static_cast<unsigned>(w), file, line));
    }
}
template <typename T> inline T redux(ws_coll_kind kind, unsigned mask, T v, const char *file, int line)
{
    using W = std::conditional_t<std::is_unsigned<T>::value, unsigned, int>;
    return static_cast<T>(redux_word<W>(kind, mask, static_cast<W>(v), file, line));
}

} // namespace warpsim_cg

#endif
