/* cub/thread/thread_scan.cuh for `warpsim cc`: CUB's (CCCL 3.0) sequential scans of a thread's
 * items with a prefix: exclusive (output[0] = prefix; the prefix is combined with item 0 only
 * when apply_prefix) and inclusive. Output may be the input. */
#ifndef WARPSIM_CUB_THREAD_THREAD_SCAN_CUH
#define WARPSIM_CUB_THREAD_THREAD_SCAN_CUH

#include "../util_type.cuh"

namespace cub {
namespace internal {

template <int N, typename T, typename Op>
inline T ThreadScanExclusive(T *input, T *output, Op op, T prefix, bool apply_prefix = true)
{
    T inclusive = input[0];
    if (apply_prefix)
        inclusive = op(prefix, inclusive);
    output[0] = prefix;
    T exclusive = inclusive;
    for (int i = 1; i < N; i++) {
        inclusive = op(exclusive, input[i]);
        output[i] = exclusive;
        exclusive = inclusive;
    }
    return inclusive;
}
template <int N, typename T, typename Op>
inline T ThreadScanExclusive(T (&input)[N], T (&output)[N], Op op, T prefix, bool apply_prefix = true)
{
    return ThreadScanExclusive<N>(&input[0], &output[0], op, prefix, apply_prefix);
}

template <int N, typename T, typename Op>
inline T ThreadScanInclusive(T *input, T *output, Op op, T prefix, bool apply_prefix = true)
{
    T inclusive = input[0];
    if (apply_prefix)
        inclusive = op(prefix, inclusive);
    output[0] = inclusive;
    for (int i = 1; i < N; i++) {
        inclusive = op(inclusive, input[i]);
        output[i] = inclusive;
    }
    return inclusive;
}
template <int N, typename T, typename Op>
inline T ThreadScanInclusive(T (&input)[N], T (&output)[N], Op op, T prefix, bool apply_prefix = true)
{
    return ThreadScanInclusive<N>(&input[0], &output[0], op, prefix, apply_prefix);
}
template <int N, typename T, typename Op> inline T ThreadScanInclusive(T (&input)[N], T (&output)[N], Op op)
{
    T inclusive = input[0];
    output[0] = inclusive;
    for (int i = 1; i < N; i++) {
        inclusive = op(inclusive, input[i]);
        output[i] = inclusive;
    }
    return inclusive;
}

} // namespace internal
} // namespace cub

#endif
