/* cub/device/device_select.cuh for `warpsim cc`: cub::DeviceSelect of CUB 3.0 (CCCL 3.0, CUDA
 * 13.0): If, Flagged, FlaggedIf, Unique (each with d_num_selected_out; If, Flagged, FlaggedIf
 * also in place on d_data), UniqueByKey (with or without equality_op). Host functions (warpsim's device memory is host memory):
 * the selected items in input order at the front of the output, their count in
 * *d_num_selected_out, the rest of the output untouched. Unique keeps an item unless it equals
 * (==) the item before it. temp_storage_bytes as CUB's DispatchSelectIf sizes it on sm_90
 * (tuning/tuning_select_if.cuh sm90_tuning): the tile states of ceil(n / tile) tiles, tile =
 * 384 x 17 items (If, Unique; 4-byte items), 384 x 15 (Flagged, FlaggedIf; 4-byte items),
 * 384 x 11 (If, Unique; 8-byte items), aliased twice; other types take 384 x 15 as an estimate. */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_SELECT_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_SELECT_CUH

#include <cstdint>

#include "dispatch/device_model.cuh"

namespace cub {

struct DeviceSelect {
  private:
    template <typename T> static size_t temp_bytes(int64_t n, bool flagged)
    {
        int tile = 384 * (flagged ? 15 : sizeof(T) == 8 ? 11 : sizeof(T) == 4 ? 17 : 15);
        size_t tiles = n > 0 ? size_t((n + tile - 1) / tile) : 0;
        size_t state[3] = {(32 + tiles) * 8, 0, 0};
        size_t outer[3] = {detail::dm::alias_bytes(state), 0, 0};
        return detail::dm::alias_bytes(outer);
    }
    /* keep(i): whether item i is selected. */
    template <typename T, typename InIt, typename OutIt, typename NumIt, typename Keep>
    static cudaError_t select(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
                              NumIt d_num_selected_out, int64_t num_items, bool flagged, Keep keep)
    {
        cudaError_t error;
        if (detail::dm::size_only(d_temp_storage, temp_storage_bytes, temp_bytes<T>(num_items, flagged), error))
            return error;
        std::vector<T> in(size_t(std::max<int64_t>(num_items, 0)));
        std::vector<char> kept(in.size());
        for (size_t i = 0; i < in.size(); i++) {
            in[i] = d_in[i];
            kept[i] = keep(i);
        }
        int64_t count = 0;
        for (size_t i = 0; i < in.size(); i++)
            if (kept[i])
                d_out[count++] = in[i];
        *d_num_selected_out = count;
        return cudaSuccess;
    }

  public:
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT, typename SelectOp>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                          NumSelectedIteratorT d_num_selected_out, int64_t num_items, SelectOp select_op,
                          cudaStream_t stream = 0)
    {
        (void)stream;
        using T = detail::dm::it_value_t<InputIteratorT>;
        return select<T>(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, num_items, false,
                         [&](size_t i) { return bool(select_op(d_in[i])); });
    }
    template <typename IteratorT, typename NumSelectedIteratorT, typename SelectOp>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                          NumSelectedIteratorT d_num_selected_out, int64_t num_items, SelectOp select_op,
                          cudaStream_t stream = 0)
    {
        return If(d_temp_storage, temp_storage_bytes, d_data, d_data, d_num_selected_out, num_items, select_op, stream);
    }
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT, typename NumSelectedIteratorT>
    static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                               FlagIterator d_flags, OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                               int64_t num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using T = detail::dm::it_value_t<InputIteratorT>;
        return select<T>(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, num_items, true,
                         [&](size_t i) { return bool(d_flags[i]); });
    }
    template <typename IteratorT, typename FlagIterator, typename NumSelectedIteratorT>
    static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                               FlagIterator d_flags, NumSelectedIteratorT d_num_selected_out, int64_t num_items,
                               cudaStream_t stream = 0)
    {
        return Flagged(d_temp_storage, temp_storage_bytes, d_data, d_flags, d_data, d_num_selected_out, num_items,
                       stream);
    }
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT, typename NumSelectedIteratorT,
              typename SelectOp>
    static cudaError_t FlaggedIf(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                 FlagIterator d_flags, OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                                 int64_t num_items, SelectOp select_op, cudaStream_t stream = 0)
    {
        (void)stream;
        using T = detail::dm::it_value_t<InputIteratorT>;
        return select<T>(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, num_items, true,
                         [&](size_t i) { return bool(select_op(d_flags[i])); });
    }
    template <typename IteratorT, typename FlagIterator, typename NumSelectedIteratorT, typename SelectOp>
    static cudaError_t FlaggedIf(void *d_temp_storage, size_t &temp_storage_bytes, IteratorT d_data,
                                 FlagIterator d_flags, NumSelectedIteratorT d_num_selected_out, int64_t num_items,
                                 SelectOp select_op, cudaStream_t stream = 0)
    {
        return FlaggedIf(d_temp_storage, temp_storage_bytes, d_data, d_flags, d_data, d_num_selected_out, num_items,
                         select_op, stream);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT>
    static cudaError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out, int64_t num_items,
                              cudaStream_t stream = 0)
    {
        (void)stream;
        using T = detail::dm::it_value_t<InputIteratorT>;
        return select<T>(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, num_items, false,
                         [&](size_t i) { return i == 0 || !(T(d_in[i]) == T(d_in[i - 1])); });
    }
    /* A key is kept unless equality_op(key before it, key) holds (CUB's head flags through its
     * InequalityWrapper); without equality_op, cuda::std::equal_to<>, as CUB's overload passes. */
    template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyOutputIteratorT,
              typename ValueOutputIteratorT, typename NumSelectedIteratorT, typename NumItemsT, typename EqualityOpT>
    static cudaError_t UniqueByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_keys_in,
                                   ValueInputIteratorT d_values_in, KeyOutputIteratorT d_keys_out,
                                   ValueOutputIteratorT d_values_out, NumSelectedIteratorT d_num_selected_out,
                                   NumItemsT num_items, EqualityOpT equality_op, cudaStream_t stream = 0)
    {
        (void)stream;
        using K = detail::dm::it_value_t<KeyInputIteratorT>;
        auto head = [&](int64_t i) { return i == 0 || !equality_op(K(d_keys_in[i - 1]), K(d_keys_in[i])); };
        cudaError_t error = select<K>(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, d_num_selected_out,
                                      int64_t(num_items), false, [&](size_t i) { return head(int64_t(i)); });
        if (error != cudaSuccess || !d_temp_storage)
            return error;
        int64_t count = 0;
        for (int64_t i = 0; i < int64_t(num_items); i++)
            if (head(i))
                d_values_out[count++] = d_values_in[i];
        return cudaSuccess;
    }
    template <typename KeyInputIteratorT, typename ValueInputIteratorT, typename KeyOutputIteratorT,
              typename ValueOutputIteratorT, typename NumSelectedIteratorT, typename NumItemsT>
    static cudaError_t UniqueByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeyInputIteratorT d_keys_in,
                                   ValueInputIteratorT d_values_in, KeyOutputIteratorT d_keys_out,
                                   ValueOutputIteratorT d_values_out, NumSelectedIteratorT d_num_selected_out,
                                   NumItemsT num_items, cudaStream_t stream = 0)
    {
        return UniqueByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_keys_out, d_values_out,
                           d_num_selected_out, num_items, ::cuda::std::equal_to<>{}, stream);
    }
};

} // namespace cub

#endif
