/* cub/device/device_run_length_encode.cuh for `warpsim cc`: cub::DeviceRunLengthEncode of CUB 3.0
 * (CCCL 3.0, CUDA 13.0):
 *   Encode(temp, bytes, d_in, d_unique_out, d_counts_out, d_num_runs_out, num_items): each run of
 *     equal (==) items: a key and its length. CUB runs it as DeviceReduce::ReduceByKey over
 *     constant lengths of 1 (int offsets), so a run's key is its LAST item (-0.0 and +0.0 make
 *     one run); NaNs, never equal, are runs of one;
 *   NonTrivialRuns(temp, bytes, d_in, d_offsets_out, d_lengths_out, d_num_runs_out, num_items):
 *     the offset and length of each run of more than one item, in input order.
 * Host functions (warpsim's device memory is host memory); every result is an integer, so they
 * follow from the definitions. temp_storage_bytes as CUB's dispatch sizes it on sm_90: the
 * look-back tile states ((tiles + 32) x 16 bytes for int lengths), rounded to 256, + 255; the tile
 * (tuning/tuning_run_length_encode.cuh sm90_tuning, int lengths): Encode 256 x 13 (1-byte keys),
 * 128 x 22 (2), 192 x 14 (4), 128 x 19 (8); NonTrivialRuns 256 x 18, 224 x 20, 256 x 18, 224 x 14;
 * other keys 128 x 6 (CUB's default policy). No items: *d_num_runs_out = 0. */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_RUN_LENGTH_ENCODE_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_RUN_LENGTH_ENCODE_CUH

#include "dispatch/device_model.cuh"

namespace cub {
namespace detail {
namespace dm {
template <typename K, bool NON_TRIVIAL> struct rle_policy {
    static constexpr int kc = size_class(sizeof(K));
    static constexpr bool tuned = is_primitive_v<K> && kc >= 0;
    static constexpr int T[2][4] = {{256, 128, 192, 128}, {256, 224, 256, 224}};
    static constexpr int I[2][4] = {{13, 22, 14, 19}, {18, 20, 18, 14}};
    static constexpr int threads = tuned ? T[NON_TRIVIAL][kc] : 128;
    static constexpr int items = tuned ? I[NON_TRIVIAL][kc] : 6;
};
/* Lengths of 1, as thrust::constant_iterator gives them. */
template <typename L> struct ones_it {
    L operator[](size_t) const { return L(1); }
};
} // namespace dm
} // namespace detail

struct DeviceRunLengthEncode {
    template <typename InputIteratorT, typename UniqueOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t Encode(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                              UniqueOutputIteratorT d_unique_out, LengthsOutputIteratorT d_counts_out,
                              NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using L = detail::dm::out_value_t<LengthsOutputIteratorT, int>;
        using A = std::decay_t<std::invoke_result_t<::cuda::std::plus<>, L, L>>;
        using K = detail::dm::out_value_t<UniqueOutputIteratorT, detail::dm::it_value_t<InputIteratorT>>;
        return detail::dm::reduce_by_key<detail::dm::rle_policy<K, false>, K, A>(
            d_temp_storage, temp_storage_bytes, d_in, d_unique_out, detail::dm::ones_it<L>{}, d_counts_out,
            d_num_runs_out, ::cuda::std::equal_to<>{}, ::cuda::std::plus<>{}, int(num_items));
    }

    template <typename InputIteratorT, typename OffsetsOutputIteratorT, typename LengthsOutputIteratorT,
              typename NumRunsOutputIteratorT>
    static cudaError_t NonTrivialRuns(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_in,
                                      OffsetsOutputIteratorT d_offsets_out, LengthsOutputIteratorT d_lengths_out,
                                      NumRunsOutputIteratorT d_num_runs_out, int num_items, cudaStream_t stream = 0)
    {
        (void)stream;
        using L = detail::dm::out_value_t<LengthsOutputIteratorT, int>;
        using T = detail::dm::it_value_t<InputIteratorT>;
        using P = detail::dm::rle_policy<T, true>;
        size_t tiles = num_items > 0 ? (size_t(num_items) + P::threads * P::items - 1) / (P::threads * P::items) : 0;
        size_t sizes[1] = {detail::dm::by_key_tile_state_bytes<L, int>(tiles)};
        cudaError_t error;
        if (detail::dm::size_only(d_temp_storage, temp_storage_bytes, detail::dm::alias_bytes(sizes), error))
            return error;
        int runs = 0;
        ::cuda::std::equal_to<> eq;
        for (int i = 0; i < num_items;) {
            T first = d_in[i];
            int j = i + 1;
            for (T last = first; j < num_items; j++) {
                T next = d_in[j];
                if (!eq(last, next))
                    break;
                last = next;
            }
            if (j - i > 1) {
                d_offsets_out[runs] = i;
                d_lengths_out[runs] = L(j - i);
                runs++;
            }
            i = j;
        }
        *d_num_runs_out = runs;
        return cudaSuccess;
    }
};

} // namespace cub

#endif
