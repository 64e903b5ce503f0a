/* cub/device/device_merge.cuh for `warpsim cc`: cub::DeviceMerge of CUB 3.0 (CCCL 3.0, CUDA
 * 13.0): MergeKeys and MergePairs of two sorted sequences, compare_op cuda::std::less<> unless
 * given. Host functions (warpsim's device memory is host memory): the merge is stable, an item of
 * the first sequence before an equal one of the second (an item of the second goes first only
 * where compare_op(second, first) holds, as CUB's serial merge decides), which is CUB's result for
 * any strict weak order; keys that are not one (NaNs under less) may come out in another order
 * than CUB's merge-path partitions give. temp_storage_bytes as CUB's dispatch
 * (dispatch/dispatch_merge.cuh): (tiles + 1) 8-byte partition offsets rounded to 256, + 255,
 * tiles of 512 threads x min(15, max(1, 60 / (key + value bytes))) items. */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_MERGE_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_MERGE_CUH

#include <algorithm>
#include <cstdint>
#include <vector>

#include <cuda/std/functional>

#include "dispatch/device_model.cuh"

namespace cub {

struct DeviceMerge {
  private:
    /* put(k, from_second, index): output k; second_first(j, i): the second's item j goes before
     * the first's item i. */
    template <int Bytes, typename Put, typename SecondFirst>
    static cudaError_t run(void *d_temp_storage, size_t &temp_storage_bytes, int64_t n1, int64_t n2, Put put,
                           SecondFirst second_first)
    {
        constexpr int items = std::min(15, std::max(1, 60 / Bytes));
        int64_t total = n1 + n2, tiles = (total + 512 * items - 1) / (512 * items);
        size_t sizes[2] = {size_t(tiles + 1) * sizeof(int64_t), 0};
        cudaError_t error;
        if (detail::dm::size_only(d_temp_storage, temp_storage_bytes, detail::dm::alias_bytes(sizes), error))
            return error;
        int64_t i = 0, j = 0;
        for (int64_t k = 0; k < total; k++) {
            bool take_second = j < n2 && (i >= n1 || second_first(j, i));
            put(k, take_second, take_second ? j++ : i++);
        }
        return cudaSuccess;
    }

  public:
    template <typename KeyIteratorIn1, typename KeyIteratorIn2, typename KeyIteratorOut,
              typename CompareOp = ::cuda::std::less<>>
    static cudaError_t MergeKeys(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorIn1 keys_in1,
                                 int64_t num_keys1, KeyIteratorIn2 keys_in2, int64_t num_keys2, KeyIteratorOut keys_out,
                                 CompareOp compare_op = {}, cudaStream_t stream = nullptr)
    {
        (void)stream;
        using K = detail::dm::it_value_t<KeyIteratorIn1>;
        std::vector<K> a, b;
        if (d_temp_storage) {
            a.assign(keys_in1, keys_in1 + num_keys1);
            b.assign(keys_in2, keys_in2 + num_keys2);
        }
        return run<int(sizeof(K))>(
            d_temp_storage, temp_storage_bytes, num_keys1, num_keys2,
            [&](int64_t k, bool second, int64_t at) { keys_out[k] = second ? b[size_t(at)] : a[size_t(at)]; },
            [&](int64_t j, int64_t i) { return bool(compare_op(b[size_t(j)], a[size_t(i)])); });
    }
    template <typename KeyIteratorIn1, typename ValueIteratorIn1, typename KeyIteratorIn2, typename ValueIteratorIn2,
              typename KeyIteratorOut, typename ValueIteratorOut, typename CompareOp = ::cuda::std::less<>>
    static cudaError_t MergePairs(void *d_temp_storage, size_t &temp_storage_bytes, KeyIteratorIn1 keys_in1,
                                  ValueIteratorIn1 values_in1, int64_t num_pairs1, KeyIteratorIn2 keys_in2,
                                  ValueIteratorIn2 values_in2, int64_t num_pairs2, KeyIteratorOut keys_out,
                                  ValueIteratorOut values_out, CompareOp compare_op = {}, cudaStream_t stream = nullptr)
    {
        (void)stream;
        using K = detail::dm::it_value_t<KeyIteratorIn1>;
        using V = detail::dm::it_value_t<ValueIteratorIn1>;
        std::vector<K> a, b;
        std::vector<V> va, vb;
        if (d_temp_storage) {
            a.assign(keys_in1, keys_in1 + num_pairs1);
            b.assign(keys_in2, keys_in2 + num_pairs2);
            va.assign(values_in1, values_in1 + num_pairs1);
            vb.assign(values_in2, values_in2 + num_pairs2);
        }
        return run<int(sizeof(K) + sizeof(V))>(
            d_temp_storage, temp_storage_bytes, num_pairs1, num_pairs2,
            [&](int64_t k, bool second, int64_t at) {
                keys_out[k] = second ? b[size_t(at)] : a[size_t(at)];
                values_out[k] = second ? vb[size_t(at)] : va[size_t(at)];
            },
            [&](int64_t j, int64_t i) { return bool(compare_op(b[size_t(j)], a[size_t(i)])); });
    }
};

} // namespace cub

#endif
