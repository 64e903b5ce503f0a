/* cub/device/device_radix_sort.cuh for `warpsim cc`: cub::DeviceRadixSort of CUB 3.0 (CCCL 3.0,
 * CUDA 13.0): SortPairs, SortPairsDescending, SortKeys, SortKeysDescending, each with separate
 * input and output arrays or with cub::DoubleBuffer, over bits [begin_bit, end_bit). Host
 * functions (warpsim's device memory is host memory): the result is CUB's stable LSD radix sort,
 * the keys ordered by their radix bits (unsigned as is, signed with the sign bit flipped,
 * floating point with the sign bit flipped for positives and every bit for negatives, -0.0 taken
 * as +0.0, so the two zeros stay in input order; NaNs by their bits: -NaN first, +NaN last).
 * What CUB's dispatch (device/dispatch/dispatch_radix_sort.cuh, tuning/tuning_radix_sort.cuh,
 * Policy900) decides for sm_90, modelled because users see it:
 *   - no items, or begin_bit == end_bit with a DoubleBuffer: nothing; begin_bit == end_bit
 *     otherwise: a copy to the output;
 *   - up to one single-tile block (256 threads x 19 items for 4-byte keys and values,
 *     RegBoundScaling on the larger of key and value: 4864 items): one pass, the DoubleBuffer's
 *     selector flips and its other buffer keeps the input;
 *   - else onesweep (keys of 4 bytes or more), ceil((end_bit - begin_bit) / 8) passes of 8 bits:
 *     the DoubleBuffer's selector flips once a pass, and its other buffer holds the second-to-last
 *     pass's result (the keys sorted by the lower bits only); a descending onesweep reads both
 *     zeros as -0.0 (radix_key), which shows where the bits sorted stop short of the sign;
 *   - temp_storage_bytes: 1 for the copy and single-tile cases, else CUB's five aliased parts
 *     (bins, look-back, extra key and value buffers without a DoubleBuffer, counters) from the
 *     onesweep tile (384 threads x 20 items for 4-byte keys alone, 19 for float keys, 23 with
 *     values of less than 8 bytes; 8-byte keys 30 / 24, scaled). */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_RADIX_SORT_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_RADIX_SORT_CUH

#include <cstdint>
#include <cstring>

#include "device_reduce.cuh" /* detail::choose_offset_t */
#include "dispatch/device_model.cuh"

namespace cub {
namespace detail {
namespace dm {

template <typename K>
using radix_bits_t = std::conditional_t<
    sizeof(K) == 1, uint8_t, std::conditional_t<sizeof(K) == 2, uint16_t, std::conditional_t<sizeof(K) == 4, uint32_t, uint64_t>>>;

/* The key's radix-ordered bits (ascending). Both zeros take +0.0's bits, or -0.0's where
 * zeros_as_minus: CUB's ProcessFloatMinusZero (block/radix_rank_sort_operations.cuh) maps the one
 * zero to the other's pattern, and in onesweep's descending sort, which complements the twiddled
 * key first, that is -0.0's. It shows only where the digits sorted stop short of the sign bit (the
 * second-to-last pass's buffer, a bit range): the H100's DoubleBuffer alternate of a descending
 * float sort has the zeros first. */
template <typename K> radix_bits_t<K> radix_key(const K &key, bool zeros_as_minus = false)
{
    using U = radix_bits_t<K>;
    U bits;
    std::memcpy(&bits, &key, sizeof(K));
    constexpr U high = U(U(1) << (8 * sizeof(K) - 1));
    if constexpr (std::is_floating_point<K>::value) {
        if (bits == (zeros_as_minus ? U(0) : high))
            bits = zeros_as_minus ? high : U(0);
        return (bits & high) ? U(~bits) : U(bits ^ high);
    } else if constexpr (std::is_signed<K>::value)
        return U(bits ^ high);
    else
        return bits;
}

/* The bits [begin, end) of the key, complemented for a descending sort. */
template <typename K> uint64_t radix_digit(const K &key, int begin, int end, bool descending, bool zeros_as_minus)
{
    uint64_t bits = uint64_t(radix_key(key, zeros_as_minus));
    if (descending)
        bits = ~bits;
    int width = end - begin;
    uint64_t mask = width >= 64 ? ~uint64_t(0) : ((uint64_t(1) << width) - 1);
    return (bits >> begin) & mask;
}

/* Input positions in the order of a stable sort by bits [begin, end). */
template <typename K>
std::vector<size_t> radix_order(const K *keys, size_t n, int begin, int end, bool descending, bool zeros_as_minus = false)
{
    std::vector<uint64_t> d(n);
    std::vector<size_t> idx(n);
    for (size_t i = 0; i < n; i++) {
        d[i] = radix_digit(keys[i], begin, end, descending, zeros_as_minus);
        idx[i] = i;
    }
    std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return d[a] < d[b]; });
    return idx;
}

template <typename K, typename V, typename NumItemsT> struct radix_sorter {
    static constexpr bool keys_only = std::is_same<V, NullType>::value;
    using Off = choose_offset_t<NumItemsT>;
    using Dominant = std::conditional_t<(sizeof(V) > sizeof(K)), V, K>;
    static constexpr int single_tile = reg_bound<256, 19, Dominant>::threads * reg_bound<256, 19, Dominant>::items;
    static constexpr int off64 = sizeof(Off) == 8;
    static constexpr int onesweep_items4 =
        sizeof(K) == 4 ? (keys_only ? 20 - off64 - int(std::is_same<K, float>::value)
                                    : (sizeof(V) < 8 ? (off64 ? 17 : 23) : (off64 ? 29 : 30)))
                       : (sizeof(V) < 8 ? 30 : 24);
    static constexpr int onesweep_tile =
        reg_bound<384, onesweep_items4, Dominant>::threads * reg_bound<384, onesweep_items4, Dominant>::items;

    static size_t onesweep_bytes(size_t n, int passes, bool overwrite)
    {
        const size_t portion = ((size_t(1) << 28) - 1) / onesweep_tile * onesweep_tile;
        size_t portions = (n + portion - 1) / portion;
        size_t blocks = (std::min(n, portion) + onesweep_tile - 1) / onesweep_tile;
        bool extra = !overwrite && passes > 1;
        size_t sizes[5] = {portions * passes * 256 * sizeof(Off), blocks * 256 * sizeof(int),
                           extra ? n * sizeof(K) : 0, extra && !keys_only ? n * sizeof(V) : 0,
                           portions * passes * sizeof(int)};
        return alias_bytes(sizes);
    }

    /* Sorts keys.Current() (and values) as DispatchRadixSort does. overwrite: the DoubleBuffer
     * forms (results where the selectors end up); otherwise keys.Alternate() is the output. */
    static cudaError_t sort(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<K> &keys,
                            DoubleBuffer<V> &values, NumItemsT num_items, int begin_bit, int end_bit, bool descending,
                            bool overwrite)
    {
        size_t n = size_t(Off(num_items));
        cudaError_t error;
        if (n == 0 || (begin_bit == end_bit && overwrite)) {
            if (!d_temp_storage)
                temp_storage_bytes = 1;
            return cudaSuccess;
        }
        int passes = (end_bit - begin_bit + 7) / 8;
        bool one_block = begin_bit == end_bit || n <= size_t(single_tile);
        size_t needed = one_block ? 1 : onesweep_bytes(n, passes, overwrite);
        if (!one_block && size_only(d_temp_storage, temp_storage_bytes, needed, error))
            return error;
        if (one_block && !d_temp_storage) {
            temp_storage_bytes = 1;
            return cudaSuccess;
        }
        std::vector<K> k0(keys.Current(), keys.Current() + n);
        std::vector<V> v0;
        if (!keys_only)
            v0.assign(values.Current(), values.Current() + n);
        auto write = [&](int buffer, const std::vector<size_t> *order) {
            for (size_t i = 0; i < n; i++) {
                size_t from = order ? (*order)[i] : i;
                keys.d_buffers[buffer][i] = k0[from];
                if constexpr (!keys_only)
                    values.d_buffers[buffer][i] = v0[from];
            }
        };
        if (begin_bit == end_bit) { /* a copy */
            write(keys.selector ^ 1, nullptr);
            keys.selector ^= 1;
            values.selector ^= 1;
            return cudaSuccess;
        }
        bool minus = descending && !one_block; /* onesweep's descending zeros */
        std::vector<size_t> order = radix_order(k0.data(), n, begin_bit, end_bit, descending, minus);
        if (one_block || !overwrite) {
            write(keys.selector ^ 1, &order);
            keys.selector ^= 1;
            values.selector ^= 1;
            return cudaSuccess;
        }
        /* Onesweep on a DoubleBuffer: pass p writes buffer selector ^ ((p + 1) & 1). */
        int last = keys.selector ^ (passes & 1);
        if (passes >= 2) {
            int bits = std::min(end_bit, begin_bit + 8 * (passes - 1));
            std::vector<size_t> before_last = radix_order(k0.data(), n, begin_bit, bits, descending, minus);
            write(last ^ 1, &before_last);
        }
        write(last, &order);
        keys.selector = last;
        values.selector = values.selector ^ (passes & 1);
        return cudaSuccess;
    }
};

} // namespace dm
} // namespace detail

struct DeviceRadixSort {
  private:
    template <typename K, typename V, typename N>
    static cudaError_t arrays(void *t, size_t &b, const K *ki, K *ko, const V *vi, V *vo, N n, int bb, int eb, bool desc)
    {
        DoubleBuffer<K> keys(const_cast<K *>(ki), ko);
        DoubleBuffer<V> values(const_cast<V *>(vi), vo);
        return detail::dm::radix_sorter<K, V, N>::sort(t, b, keys, values, n, bb, eb, desc, false);
    }

  public:
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                 KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out, NumItemsT num_items,
                                 int begin_bit = 0, int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        return arrays(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                      num_items, begin_bit, end_bit, false);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                 DoubleBuffer<ValueT> &d_values, NumItemsT num_items, int begin_bit = 0,
                                 int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        return detail::dm::radix_sorter<KeyT, ValueT, NumItemsT>::sort(
            d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit, end_bit, false, true);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                           KeyT *d_keys_out, const ValueT *d_values_in, ValueT *d_values_out,
                                           NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                           cudaStream_t stream = 0)
    {
        (void)stream;
        return arrays(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_values_in, d_values_out,
                      num_items, begin_bit, end_bit, true);
    }
    template <typename KeyT, typename ValueT, typename NumItemsT>
    static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                           DoubleBuffer<KeyT> &d_keys, DoubleBuffer<ValueT> &d_values,
                                           NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                           cudaStream_t stream = 0)
    {
        (void)stream;
        return detail::dm::radix_sorter<KeyT, ValueT, NumItemsT>::sort(
            d_temp_storage, temp_storage_bytes, d_keys, d_values, num_items, begin_bit, end_bit, true, true);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                KeyT *d_keys_out, NumItemsT num_items, int begin_bit = 0,
                                int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        return arrays(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const NullType *)nullptr,
                      (NullType *)nullptr, num_items, begin_bit, end_bit, false);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<KeyT> &d_keys,
                                NumItemsT num_items, int begin_bit = 0, int end_bit = sizeof(KeyT) * 8,
                                cudaStream_t stream = 0)
    {
        (void)stream;
        DoubleBuffer<NullType> values;
        return detail::dm::radix_sorter<KeyT, NullType, NumItemsT>::sort(
            d_temp_storage, temp_storage_bytes, d_keys, values, num_items, begin_bit, end_bit, false, true);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const KeyT *d_keys_in,
                                          KeyT *d_keys_out, NumItemsT num_items, int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        return arrays(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const NullType *)nullptr,
                      (NullType *)nullptr, num_items, begin_bit, end_bit, true);
    }
    template <typename KeyT, typename NumItemsT>
    static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes,
                                          DoubleBuffer<KeyT> &d_keys, NumItemsT num_items, int begin_bit = 0,
                                          int end_bit = sizeof(KeyT) * 8, cudaStream_t stream = 0)
    {
        (void)stream;
        DoubleBuffer<NullType> values;
        return detail::dm::radix_sorter<KeyT, NullType, NumItemsT>::sort(
            d_temp_storage, temp_storage_bytes, d_keys, values, num_items, begin_bit, end_bit, true, true);
    }
};

} // namespace cub

#endif
