/* cub/util_type.cuh for `warpsim cc`: the type helpers that warpsim's CUB (CCCL 3.0's
 * algorithms) is built on: NullType, Uninitialized (the storage of a TempStorage), Log2 (rounded
 * up, as CUB's), PowerOfTwo. */
#ifndef WARPSIM_CUB_UTIL_TYPE_CUH
#define WARPSIM_CUB_UTIL_TYPE_CUH

#ifndef __cplusplus
#error "warpsim cc: <cub/...>: CUB is C++"
#endif

#include <warpsim/cuda.h>

#include "version.cuh"

#include <new>
#include <type_traits>

namespace cub {

struct NullType {
};

/* Storage for a T that is never constructed (shared memory): Alias() is the T. As CUB's, it is
 * made of the widest word (16 bytes at most) that both T's size and its alignment are multiples
 * of, so that a TempStorage has CUB's alignment, and a struct that holds one CUB's size. */
namespace detail {
template <typename T> constexpr std::size_t device_word_bytes()
{
    std::size_t w = 16;
    while (w > 1 && (sizeof(T) % w != 0 || alignof(T) % w != 0))
        w /= 2;
    return w;
}
} // namespace detail
template <typename T> struct Uninitialized {
    alignas(detail::device_word_bytes<T>()) unsigned char storage[sizeof(T)];
    T &Alias() { return *reinterpret_cast<T *>(this); }
};

/* ceil(log2(N)); 0 for N = 1. */
template <int N> struct Log2 {
    static constexpr int compute() { int k = 0; while ((1 << k) < N) k++; return k; }
    enum { VALUE = compute() };
};
template <int N> struct PowerOfTwo {
    enum { VALUE = (N & (N - 1)) == 0 };
};

namespace detail {
constexpr int warp_threads = 32;
constexpr int smem_banks = 32;

template <typename T, typename... U> constexpr bool is_one_of() { return (std::is_same<T, U>::value || ...); }
template <typename T> inline void uninitialized_copy_single(T *at, const T &value) { new (at) T(value); }
} // namespace detail

} // namespace cub

#endif

/* KeyValuePair, ArgMin and ArgMax, which CUB declares here: reachable from every CUB header. */
#include "util_device_types.cuh"
