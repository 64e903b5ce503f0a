/* cub/device/device_adjacent_difference.cuh for `warpsim cc`: cub::DeviceAdjacentDifference of
 * CUB 3.0 (CCCL 3.0, CUDA 13.0): SubtractLeft / SubtractLeftCopy (result i = op(input i, input
 * i - 1), the first item copied as it is) and SubtractRight / SubtractRightCopy (result i =
 * op(input i, input i + 1), the last copied), op cuda::std::minus<> unless given; the in-place
 * forms read the original values. Host functions (warpsim's device memory is host memory), each
 * result computed once from the inputs, as on the GPU. temp_storage_bytes as CUB's dispatch
 * (dispatch/dispatch_adjacent_difference.cuh): the in-place forms keep each tile's left or right
 * neighbour, tiles of 128 threads x 7 items (fewer for items over 8 bytes): round_up(tiles x
 * item size, 256) + 255; the copying forms need none (255: the alignment slack alone). */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_ADJACENT_DIFFERENCE_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_ADJACENT_DIFFERENCE_CUH

#include <algorithm>
#include <cstdint>
#include <vector>

#include <cuda/std/functional>

#include "dispatch/device_model.cuh"

namespace cub {

struct DeviceAdjacentDifference {
  private:
    template <typename In, typename Out, typename Op, typename N>
    static cudaError_t run(void *d_temp_storage, size_t &temp_storage_bytes, In in, Out out, N num_items, Op op,
                           bool in_place, bool left)
    {
        using T = detail::dm::it_value_t<In>;
        constexpr int items = sizeof(T) <= 8 ? 7 : std::min(7, std::max(1, int((56 + sizeof(T) - 1) / sizeof(T))));
        size_t n = size_t(num_items), tiles = (n + 128 * items - 1) / (128 * items);
        size_t sizes[1] = {in_place ? tiles * sizeof(T) : 0};
        cudaError_t error;
        if (detail::dm::size_only(d_temp_storage, temp_storage_bytes, detail::dm::alias_bytes(sizes), error))
            return error;
        if (n == 0)
            return cudaSuccess;
        std::vector<T> v(n);
        for (size_t i = 0; i < n; i++)
            v[i] = in[i];
        for (size_t i = 0; i < n; i++) {
            bool edge = left ? i == 0 : i == n - 1;
            out[i] = edge ? v[i] : op(v[i], v[left ? i - 1 : i + 1]);
        }
        return cudaSuccess;
    }

  public:
    template <typename InputIteratorT, typename OutputIteratorT, typename DifferenceOpT = ::cuda::std::minus<>,
              typename NumItemsT = uint32_t>
    static cudaError_t SubtractLeftCopy(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_input,
                                        OutputIteratorT d_output, NumItemsT num_items, DifferenceOpT difference_op = {},
                                        cudaStream_t stream = 0)
    {
        (void)stream;
        return run(d_temp_storage, temp_storage_bytes, d_input, d_output, num_items, difference_op, false, true);
    }
    template <typename RandomAccessIteratorT, typename DifferenceOpT = ::cuda::std::minus<>, typename NumItemsT = uint32_t>
    static cudaError_t SubtractLeft(void *d_temp_storage, size_t &temp_storage_bytes, RandomAccessIteratorT d_input,
                                    NumItemsT num_items, DifferenceOpT difference_op = {}, cudaStream_t stream = 0)
    {
        (void)stream;
        return run(d_temp_storage, temp_storage_bytes, d_input, d_input, num_items, difference_op, true, true);
    }
    template <typename InputIteratorT, typename OutputIteratorT, typename DifferenceOpT = ::cuda::std::minus<>,
              typename NumItemsT = uint32_t>
    static cudaError_t SubtractRightCopy(void *d_temp_storage, size_t &temp_storage_bytes, InputIteratorT d_input,
                                         OutputIteratorT d_output, NumItemsT num_items, DifferenceOpT difference_op = {},
                                         cudaStream_t stream = 0)
    {
        (void)stream;
        return run(d_temp_storage, temp_storage_bytes, d_input, d_output, num_items, difference_op, false, false);
    }
    template <typename RandomAccessIteratorT, typename DifferenceOpT = ::cuda::std::minus<>, typename NumItemsT = uint32_t>
    static cudaError_t SubtractRight(void *d_temp_storage, size_t &temp_storage_bytes, RandomAccessIteratorT d_input,
                                     NumItemsT num_items, DifferenceOpT difference_op = {}, cudaStream_t stream = 0)
    {
        (void)stream;
        return run(d_temp_storage, temp_storage_bytes, d_input, d_input, num_items, difference_op, true, false);
    }
};

} // namespace cub

#endif
