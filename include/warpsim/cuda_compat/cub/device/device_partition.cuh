/* cub/device/device_partition.cuh for `warpsim cc`: cub::DevicePartition of CUB 3.0 (CCCL 3.0,
 * CUDA 13.0):
 *   If(temp, bytes, d_in, d_out, d_num_selected_out, num_items, select_op) and
 *   Flagged(temp, bytes, d_in, d_flags, d_out, d_num_selected_out, num_items): the selected items
 *     in input order at the front of d_out, the rejected ones from the back in reverse input order
 *     (the last output is the first rejected item), the selected count in *d_num_selected_out;
 *   If(temp, bytes, d_in, d_first_part_out, d_second_part_out, d_unselected_out,
 *     d_num_selected_out, num_items, select_first_part_op, select_second_part_op): items that pass
 *     the first operator, those that pass only the second, the rest, each in input order; the two
 *     counts in d_num_selected_out[0] and [1].
 * Host functions (warpsim's device memory is host memory); results follow from the definitions.
 * temp_storage_bytes as CUB's DispatchSelectIf / DispatchThreeWayPartitionIf size it on sm_90: the
 * look-back tile states of ceil(n / tile) tiles ((tiles + 32) x 8 bytes; x 16 for the three-way
 * form's pair of counters) aliased twice; tiles (sm90_tuning, 32-bit offsets) If 384 x 20, 320 x
 * 14, 256 x 14, 128 x 12 for 1-, 2-, 4-, 8-byte items, Flagged 256 x 20, 512 x 20, 256 x 20,
 * 224 x 6, three-way 256 x 12, 256 x 12, 320 x 12, 384 x 7 (other item types: 128 x 10, an
 * estimate; it matters only beyond 32 tiles). */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_PARTITION_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_PARTITION_CUH

#include <cstdint>

#include "dispatch/device_model.cuh"

namespace cub {

struct DevicePartition {
  private:
    enum kind { if_op = 0, flagged = 1, three_way = 2 };
    template <typename T> static size_t temp_bytes(int64_t n, kind k)
    {
        static constexpr int T4[3][4] = {{384, 320, 256, 128}, {256, 512, 256, 224}, {256, 256, 320, 384}};
        static constexpr int I4[3][4] = {{20, 14, 14, 12}, {20, 20, 20, 6}, {12, 12, 12, 7}};
        constexpr int c = detail::dm::size_class(sizeof(T));
        constexpr bool tuned = detail::dm::is_primitive_v<T> && c >= 0;
        int64_t tile = tuned ? int64_t(T4[k][c < 0 ? 0 : c]) * I4[k][c < 0 ? 0 : c] : 128 * 10;
        size_t tiles = n > 0 ? size_t((n + tile - 1) / tile) : 0;
        size_t state[3] = {(32 + tiles) * (k == three_way ? 16 : 8), 0, 0};
        if (k == three_way) {
            size_t outer[2] = {detail::dm::alias_bytes(state), 0};
            return detail::dm::alias_bytes(outer);
        }
        size_t outer[3] = {detail::dm::alias_bytes(state), 0, 0};
        return detail::dm::alias_bytes(outer);
    }
    template <typename T, typename InIt, typename OutIt, typename NumIt, typename Keep>
    static cudaError_t two_way(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
                               NumIt d_num_selected_out, int64_t num_items, kind k, Keep keep)
    {
        cudaError_t error;
        if (detail::dm::size_only(d_temp_storage, temp_storage_bytes, temp_bytes<T>(num_items, k), error))
            return error;
        size_t n = size_t(std::max<int64_t>(num_items, 0));
        std::vector<T> in(n);
        std::vector<char> kept(n);
        for (size_t i = 0; i < n; i++) {
            in[i] = d_in[i];
            kept[i] = keep(i);
        }
        int64_t selected = 0, rejected = 0;
        for (size_t i = 0; i < n; i++) {
            if (kept[i])
                d_out[selected++] = in[i];
            else
                d_out[int64_t(n) - 1 - rejected++] = in[i];
        }
        *d_num_selected_out = selected;
        return cudaSuccess;
    }

  public:
    template <typename InputIteratorT, typename FlagIterator, typename OutputIteratorT, typename NumSelectedIteratorT,
              typename NumItemsT>
    static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                               FlagIterator d_flags, OutputIteratorT d_out, NumSelectedIteratorT d_num_selected_out,
                               NumItemsT num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using T = detail::dm::it_value_t<InputIteratorT>;
        return two_way<T>(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, int64_t(num_items),
                          flagged, [&](size_t i) { return bool(d_flags[i]); });
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename NumSelectedIteratorT, typename SelectOp,
              typename NumItemsT>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in, OutputIteratorT d_out,
                          NumSelectedIteratorT d_num_selected_out, NumItemsT num_items, SelectOp select_op,
                          cudaStream_t stream = 0)
    {
        (void)stream;
        using T = detail::dm::it_value_t<InputIteratorT>;
        return two_way<T>(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num_selected_out, int64_t(num_items),
                          if_op, [&](size_t i) { return bool(select_op(d_in[i])); });
    }
    template <typename InputIteratorT, typename FirstOutputIteratorT, typename SecondOutputIteratorT,
              typename UnselectedOutputIteratorT, typename NumSelectedIteratorT, typename SelectFirstPartOp,
              typename SelectSecondPartOp, typename NumItemsT>
    static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                          FirstOutputIteratorT d_first_part_out, SecondOutputIteratorT d_second_part_out,
                          UnselectedOutputIteratorT d_unselected_out, NumSelectedIteratorT d_num_selected_out,
                          NumItemsT num_items, SelectFirstPartOp select_first_part_op,
                          SelectSecondPartOp select_second_part_op, cudaStream_t stream = 0)
    {
        (void)stream;
        using T = detail::dm::it_value_t<InputIteratorT>;
        cudaError_t error;
        if (detail::dm::size_only(d_temp_storage, temp_storage_bytes, temp_bytes<T>(int64_t(num_items), three_way),
                                  error))
            return error;
        size_t n = size_t(std::max<int64_t>(int64_t(num_items), 0));
        std::vector<T> in(n);
        std::vector<char> part(n);
        for (size_t i = 0; i < n; i++) {
            in[i] = d_in[i];
            part[i] = select_first_part_op(in[i]) ? 0 : select_second_part_op(in[i]) ? 1 : 2;
        }
        int64_t counts[3] = {0, 0, 0};
        for (size_t i = 0; i < n; i++) {
            if (part[i] == 0)
                d_first_part_out[counts[0]++] = in[i];
            else if (part[i] == 1)
                d_second_part_out[counts[1]++] = in[i];
            else
                d_unselected_out[counts[2]++] = in[i];
        }
        d_num_selected_out[0] = counts[0];
        d_num_selected_out[1] = counts[1];
        return cudaSuccess;
    }
};

} // namespace cub

#endif
