/* cub/thread/thread_reduce.cuh for `warpsim cc`: cub::ThreadReduce over a thread's items (a C
 * array), in CCCL 3.0's order for sm_90: sequential (((a0 op a1) op a2) ...) for an operator
 * other than cuda::std's plus, multiplies, bit_and/or/xor and cuda's maximum/minimum, for items of
 * 8 bytes or more, and for plus on int and unsigned; a ternary tree for those operators on 32-bit
 * integers from 6 items on; otherwise a binary tree (a0 op a1) op (a2 op a3) ..., 16-bit integers
 * promoted to int. (CUB's SIMD forms for 16-bit integers and halves compute the same min and max
 * as the tree, which is what is modelled.) With a prefix, the prefix is item -1. */
#ifndef WARPSIM_CUB_THREAD_THREAD_REDUCE_CUH
#define WARPSIM_CUB_THREAD_THREAD_REDUCE_CUH

#include <cuda/functional>

#include "../util_type.cuh"

namespace cub {
namespace detail {

template <typename Op, typename A, typename B = A>
using accum_t = std::decay_t<std::invoke_result_t<Op, A, B>>;

/* The operators CUB reduces as a tree. */
template <typename Op, typename V> constexpr bool is_tree_op()
{
    namespace s = ::cuda::std;
    return is_one_of<Op, s::plus<>, s::plus<V>, s::multiplies<>, s::multiplies<V>, s::bit_and<>, s::bit_and<V>,
                     s::bit_or<>, s::bit_or<V>, s::bit_xor<>, s::bit_xor<V>, ::cuda::maximum<>, ::cuda::maximum<V>,
                     ::cuda::minimum<>, ::cuda::minimum<V>>();
}

template <typename Acc, typename V, int N, typename Op> inline Acc reduce_sequential(const V (&in)[N], Op op)
{
    Acc r = in[0];
    for (int i = 1; i < N; i++)
        r = op(r, in[i]);
    return r;
}
template <typename Acc, typename V, int N, typename Op> inline Acc reduce_binary_tree(const V (&in)[N], Op op)
{
    Acc a[N];
    for (int i = 0; i < N; i++)
        a[i] = in[i];
    for (int i = 1; i < N; i *= 2)
        for (int j = 0; j + i < N; j += 2 * i)
            a[j] = op(a[j], a[j + i]);
    return a[0];
}
template <typename Acc, typename V, int N, typename Op> inline Acc reduce_ternary_tree(const V (&in)[N], Op op)
{
    Acc a[N];
    for (int i = 0; i < N; i++)
        a[i] = in[i];
    for (int i = 1; i < N; i *= 3)
        for (int j = 0; j + i < N; j += 3 * i) {
            Acc v = op(a[j], a[j + i]);
            a[j] = j + 2 * i < N ? op(v, a[j + 2 * i]) : v;
        }
    return a[0];
}

} // namespace detail

template <typename V, int N, typename Op, typename Acc = detail::accum_t<Op, V>>
inline Acc ThreadReduce(const V (&input)[N], Op op)
{
    constexpr bool tree = detail::is_tree_op<Op, V>() && sizeof(V) < 8;
    constexpr bool plus32 = detail::is_one_of<Op, ::cuda::std::plus<>, ::cuda::std::plus<V>>() &&
                            detail::is_one_of<V, int, unsigned>();
    constexpr bool ternary = N >= 6 && detail::is_one_of<V, int, unsigned>() &&
                             !detail::is_one_of<Op, ::cuda::std::multiplies<>, ::cuda::std::multiplies<V>>();
    using Prom = std::conditional_t<std::is_integral<V>::value && sizeof(V) <= 2 && tree, int, Acc>;
    if constexpr (!tree || plus32)
        return detail::reduce_sequential<Acc>(input, op);
    else if constexpr (ternary)
        return (Acc)detail::reduce_ternary_tree<Prom>(input, op);
    else
        return (Acc)detail::reduce_binary_tree<Prom>(input, op);
}
template <typename V, int N, typename Op, typename P, typename Acc = detail::accum_t<Op, P, V>>
inline Acc ThreadReduce(const V (&input)[N], Op op, P prefix)
{
    Acc items[N + 1];
    items[0] = prefix;
    for (int i = 0; i < N; i++)
        items[i + 1] = input[i];
    return ThreadReduce<Acc, N + 1, Op, Acc>(items, op);
}

namespace internal {
/* Length items at `input` (none: the prefix). */
template <int Length, typename T, typename Op> inline auto ThreadReduce(const T *input, Op op)
{
    return cub::ThreadReduce(*reinterpret_cast<const T(*)[Length]>(input), op);
}
template <int Length, typename T, typename Op, typename P> inline auto ThreadReduce(const T *input, Op op, P prefix)
{
    if constexpr (Length == 0)
        return prefix;
    else
        return cub::ThreadReduce(*reinterpret_cast<const T(*)[Length]>(input), op, prefix);
}
} // namespace internal

} // namespace cub

#endif
