/* cub/util_device_types.cuh for `warpsim cc`: the small types of CUB 3.0 (CCCL 3.0, CUDA 13.0)
 * that its Device* algorithms take and give: cub::KeyValuePair<Key, Value> (DeviceReduce::ArgMin
 * and ArgMax), cub::ArgMin and cub::ArgMax (their operators: the smaller / larger value, the
 * smaller key on a tie), cub::DoubleBuffer<T> (DeviceRadixSort's ping-pong buffers; `selector`
 * names the current one). CUB declares them in util_type.cuh and thread/thread_operators.cuh;
 * each is guarded so that a header that declares it too can come first. */
#ifndef WARPSIM_CUB_UTIL_DEVICE_TYPES_CUH
#define WARPSIM_CUB_UTIL_DEVICE_TYPES_CUH

#include "util_type.cuh"

namespace cub {

#ifndef WARPSIM_CUB_HAS_KEY_VALUE_PAIR
#define WARPSIM_CUB_HAS_KEY_VALUE_PAIR
template <typename _Key, typename _Value> struct KeyValuePair {
    using Key = _Key;
    using Value = _Value;
    Key key;
    Value value;
    KeyValuePair() {} /* members left uninitialised, as CUB's */
    KeyValuePair(Key const &k, Value const &v) : key(k), value(v) {}
    bool operator!=(const KeyValuePair &b) { return (value != b.value) || (key != b.key); }
};
#endif

#ifndef WARPSIM_CUB_HAS_ARG_OPS
#define WARPSIM_CUB_HAS_ARG_OPS
struct ArgMax {
    template <typename T, typename OffsetT>
    KeyValuePair<OffsetT, T> operator()(const KeyValuePair<OffsetT, T> &a, const KeyValuePair<OffsetT, T> &b) const
    {
        if ((b.value > a.value) || ((a.value == b.value) && (b.key < a.key)))
            return b;
        return a;
    }
};
struct ArgMin {
    template <typename T, typename OffsetT>
    KeyValuePair<OffsetT, T> operator()(const KeyValuePair<OffsetT, T> &a, const KeyValuePair<OffsetT, T> &b) const
    {
        if ((b.value < a.value) || ((a.value == b.value) && (b.key < a.key)))
            return b;
        return a;
    }
};
#endif

#ifndef WARPSIM_CUB_HAS_DOUBLE_BUFFER
#define WARPSIM_CUB_HAS_DOUBLE_BUFFER
template <typename T> struct DoubleBuffer {
    T *d_buffers[2];
    int selector;
    DoubleBuffer() : d_buffers{nullptr, nullptr}, selector(0) {}
    DoubleBuffer(T *d_current, T *d_alternate) : d_buffers{d_current, d_alternate}, selector(0) {}
    T *Current() { return d_buffers[selector]; }
    T *Alternate() { return d_buffers[selector ^ 1]; }
};
#endif

} // namespace cub

#endif
