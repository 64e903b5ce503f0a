/* cub/device/device_segmented_radix_sort.cuh for `warpsim cc`: cub::DeviceSegmentedRadixSort of
 * CUB 3.0 (CCCL 3.0, CUDA 13.0): SortPairs, SortPairsDescending, SortKeys, SortKeysDescending, each
 * with separate input and output arrays or with cub::DoubleBuffer, over num_segments segments
 * [d_begin_offsets[s], d_end_offsets[s]) and bits [begin_bit, end_bit). Host functions (warpsim's
 * device memory is host memory): each segment is sorted as CUB's stable LSD radix sort does it (the
 * key order of DeviceRadixSort: -0.0 as +0.0, NaNs by their bits); items outside every segment and
 * empty segments are not written. What DispatchSegmentedRadixSort does on sm_90 and users see:
 *   - no items, no segments, or begin_bit == end_bit with a DoubleBuffer: nothing;
 *   - passes of 6 bits (5 for 1-byte keys; SEGMENTED_RADIX_BITS of Policy900), the first
 *     (passes x 6 - bits) passes taking one bit less (AltSegmentedPolicy), at least one pass;
 *   - with a DoubleBuffer each pass flips the selector, and the other buffer ends holding the
 *     second-to-last pass's result (each segment sorted by the lower bits only); with separate
 *     arrays the input is untouched and the output holds the result;
 *   - temp_storage_bytes: 1 for the cases doing nothing, else CUB's aliased extra key and value
 *     buffers (n keys and n values with separate arrays, none with a DoubleBuffer: 255). */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_SEGMENTED_RADIX_SORT_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_SEGMENTED_RADIX_SORT_CUH

#include "device_radix_sort.cuh"

namespace cub {
namespace detail {
namespace dm {

template <typename K, typename V> struct segmented_radix_sorter {
    static constexpr bool keys_only = std::is_same<V, NullType>::value;

    template <typename BeginIt, typename EndIt>
    static cudaError_t sort(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<K> &keys,
                            DoubleBuffer<V> &values, int num_items, int num_segments, BeginIt begins, EndIt ends,
                            int begin_bit, int end_bit, bool descending, bool overwrite)
    {
        if (num_items == 0 || num_segments == 0 || (begin_bit == end_bit && overwrite)) {
            if (!d_temp_storage)
                temp_storage_bytes = 1;
            return cudaSuccess;
        }
        size_t sizes[2] = {overwrite ? 0 : size_t(num_items) * sizeof(K),
                           overwrite || keys_only ? 0 : size_t(num_items) * sizeof(V)};
        cudaError_t error;
        if (size_only(d_temp_storage, temp_storage_bytes, alias_bytes(sizes), error))
            return error;
        /* The bit reached after each pass. */
        const int radix_bits = sizeof(K) > 1 ? 6 : 5, bits = end_bit - begin_bit;
        int passes = std::max((bits + radix_bits - 1) / radix_bits, 1);
        int alt_end = std::min(end_bit, begin_bit + (passes * radix_bits - bits) * (radix_bits - 1));
        std::vector<int> reached;
        for (int at = begin_bit, p = 0; p < passes; p++) {
            at += std::min(at < alt_end ? radix_bits - 1 : radix_bits, end_bit - at);
            reached.push_back(at);
        }
        int out = overwrite ? keys.selector ^ (passes & 1) : keys.selector ^ 1;
        for (int s = 0; s < num_segments; s++) {
            int b = int(begins[s]), e = int(ends[s]);
            if (e <= b)
                continue;
            size_t n = size_t(e - b);
            std::vector<K> k0(keys.Current() + b, keys.Current() + e);
            std::vector<V> v0;
            if constexpr (!keys_only)
                v0.assign(values.Current() + b, values.Current() + e);
            auto write = [&](int buffer, int upto) {
                std::vector<size_t> order = radix_order(k0.data(), n, begin_bit, upto, descending);
                for (size_t i = 0; i < n; i++) {
                    keys.d_buffers[buffer][b + i] = k0[order[i]];
                    if constexpr (!keys_only)
                        values.d_buffers[buffer][b + i] = v0[order[i]];
                }
            };
            if (overwrite && passes >= 2)
                write(out ^ 1, reached[passes - 2]);
            write(out, end_bit);
        }
        keys.selector = out;
        values.selector = values.selector ^ (overwrite ? (passes & 1) : 1);
        return cudaSuccess;
    }
};

} // namespace dm
} // namespace detail

struct DeviceSegmentedRadixSort {
  private:
    template <typename K, typename V, typename B, typename E>
    static cudaError_t arrays(void *t, size_t &bytes, const K *ki, K *ko, const V *vi, V *vo, int n, int segs, B b,
                              E e, int bb, int eb, bool desc)
    {
        DoubleBuffer<K> keys(const_cast<K *>(ki), ko);
        DoubleBuffer<V> values(const_cast<V *>(vi), vo);
        return detail::dm::segmented_radix_sorter<K, V>::sort(t, bytes, keys, values, n, segs, b, e, bb, eb, desc,
                                                              false);
    }

  public:
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, int num_items,
                                 int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                 EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                 cudaStream_t stream = 0)
    {
        (void)stream;
        return arrays(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out, num_items,
                      num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, false);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, int num_items, int num_segments,
                                 BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                 int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        return detail::dm::segmented_radix_sorter<KeyT, ValueT>::sort(d_temp_storage, temp_storage_bytes, d_keys,
                                                                      d_values, num_items, num_segments,
                                                                      d_begin_offsets, d_end_offsets, begin_bit,
                                                                      end_bit, false, true);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                           KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,
                                           int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                           EndOffsetIteratorT d_end_offsets, int begin_bit = 0,
                                           int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        return arrays(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out, num_items,
                      num_segments, d_begin_offsets, d_end_offsets, begin_bit, end_bit, true);
    }
    template <typename KeyT, typename ValueT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values, int num_items,
                                           int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                           EndOffsetIteratorT d_end_offsets, int begin_bit = 0,
                                           int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        return detail::dm::segmented_radix_sorter<KeyT, ValueT>::sort(d_temp_storage, temp_storage_bytes, d_keys,
                                                                      d_values, num_items, num_segments,
                                                                      d_begin_offsets, d_end_offsets, begin_bit,
                                                                      end_bit, true, true);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0)
    {
        (void)stream;
        return arrays(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const NullType *)nullptr,
                      (NullType *)nullptr, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit,
                      end_bit, false);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                int num_items, int num_segments, BeginOffsetIteratorT d_begin_offsets,
                                EndOffsetIteratorT d_end_offsets, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0)
    {
        (void)stream;
        DoubleBuffer<NullType> values;
        return detail::dm::segmented_radix_sorter<KeyT, NullType>::sort(d_temp_storage, temp_storage_bytes, d_keys,
                                                                        values, num_items, num_segments,
                                                                        d_begin_offsets, d_end_offsets, begin_bit,
                                                                        end_bit, false, true);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                          KeyT *d_keys_out, int num_items, int num_segments,
                                          BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                          int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        return arrays(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const NullType *)nullptr,
                      (NullType *)nullptr, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit,
                      end_bit, true);
    }
    template <typename KeyT, typename BeginOffsetIteratorT, typename EndOffsetIteratorT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          DoubleBuffer<KeyT> &d_keys, int num_items, int num_segments,
                                          BeginOffsetIteratorT d_begin_offsets, EndOffsetIteratorT d_end_offsets,
                                          int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        DoubleBuffer<NullType> values;
        return detail::dm::segmented_radix_sorter<KeyT, NullType>::sort(d_temp_storage, temp_storage_bytes, d_keys,
                                                                        values, num_items, num_segments,
                                                                        d_begin_offsets, d_end_offsets, begin_bit,
                                                                        end_bit, true, true);
    }
};

} // namespace cub

#endif
