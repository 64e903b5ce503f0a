/* cub/util_type.cuh for `warpsim cc`: the type helpers that warpsim's CUB (CCCL 3.0's
 * algorithms) is built on: NullType, Uninitialized (the storage of a TempStorage), Log2 (rounded
 * up, as CUB's), PowerOfTwo. */
#ifndef WARPSIM_CUB_UTIL_TYPE_CUH
#define WARPSIM_CUB_UTIL_TYPE_CUH

#ifndef __cplusplus
#error "warpsim cc: <cub/...>: CUB is C++"
#endif

#include <warpsim/cuda.h>

#include <new>
#include <type_traits>

namespace cub {

struct NullType {
};

/* Storage for a T that is never constructed (shared memory): Alias() is the T. */
template <typename T> struct Uninitialized {
    alignas(T) unsigned char storage[sizeof(T)];
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
