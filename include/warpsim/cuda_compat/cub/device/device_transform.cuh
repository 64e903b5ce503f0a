/* cub/device/device_transform.cuh for `warpsim cc`: cub::DeviceTransform of CUB 3.0 (CCCL 3.0,
 * CUDA 13.0): Transform and TransformStableArgumentAddresses, of one input sequence or of several
 * in a cuda::std::tuple, with and without the temporary-storage arguments (CUB asks for 1 byte).
 * Host functions (warpsim's device memory is host memory): output[i] = op(input0[i], input1[i],
 * ...) for each i in order, each element computed once from the inputs' elements, as on the GPU
 * (the output may be one of the inputs: in place). */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_TRANSFORM_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_TRANSFORM_CUH

#include <cstddef>
#include <tuple>
#include <utility>

#include <cuda/std/tuple>

#include "dispatch/device_model.cuh"

namespace cub {

struct DeviceTransform {
  private:
    template <class Ins, class Out, class N, class Op, size_t... I>
    static void apply(const Ins &inputs, Out output, N num_items, Op &op, std::index_sequence<I...>)
    {
        for (N i = 0; i < num_items; ++i)
            output[i] = op(std::get<I>(inputs)[i]...);
    }
    static cudaError_t one_byte(size_t &temp_storage_bytes)
    {
        temp_storage_bytes = 1;
        return cudaSuccess;
    }

  public:
    template <class... Ins, class Out, class N, class Op>
    static cudaError_t Transform(std::tuple<Ins...> inputs, Out output, N num_items, Op op, cudaStream_t stream = nullptr)
    {
        (void)stream;
        apply(inputs, output, num_items, op, std::index_sequence_for<Ins...>{});
        return cudaSuccess;
    }
    template <class In, class Out, class N, class Op>
    static cudaError_t Transform(In input, Out output, N num_items, Op op, cudaStream_t stream = nullptr)
    {
        return Transform(std::make_tuple(input), output, num_items, op, stream);
    }
    template <class... Ins, class Out, class N, class Op>
    static cudaError_t TransformStableArgumentAddresses(std::tuple<Ins...> inputs, Out output, N num_items, Op op,
                                                        cudaStream_t stream = nullptr)
    {
        return Transform(inputs, output, num_items, op, stream);
    }
    template <class In, class Out, class N, class Op>
    static cudaError_t TransformStableArgumentAddresses(In input, Out output, N num_items, Op op,
                                                        cudaStream_t stream = nullptr)
    {
        return Transform(std::make_tuple(input), output, num_items, op, stream);
    }

    /* The temporary-storage forms: 1 byte asked for, then the call. */
    template <class... Ins, class Out, class N, class Op>
    static cudaError_t Transform(void *d_temp_storage, size_t &temp_storage_bytes, std::tuple<Ins...> inputs, Out output,
                                 N num_items, Op op, cudaStream_t stream = nullptr)
    {
        return d_temp_storage ? Transform(inputs, output, num_items, op, stream) : one_byte(temp_storage_bytes);
    }
    template <class In, class Out, class N, class Op>
    static cudaError_t Transform(void *d_temp_storage, size_t &temp_storage_bytes, In input, Out output, N num_items,
                                 Op op, cudaStream_t stream = nullptr)
    {
        return d_temp_storage ? Transform(input, output, num_items, op, stream) : one_byte(temp_storage_bytes);
    }
    template <class... Ins, class Out, class N, class Op>
    static cudaError_t TransformStableArgumentAddresses(void *d_temp_storage, size_t &temp_storage_bytes,
                                                        std::tuple<Ins...> inputs, Out output, N num_items, Op op,
                                                        cudaStream_t stream = nullptr)
    {
        return d_temp_storage ? Transform(inputs, output, num_items, op, stream) : one_byte(temp_storage_bytes);
    }
    template <class In, class Out, class N, class Op>
    static cudaError_t TransformStableArgumentAddresses(void *d_temp_storage, size_t &temp_storage_bytes, In input,
                                                        Out output, N num_items, Op op, cudaStream_t stream = nullptr)
    {
        return d_temp_storage ? Transform(input, output, num_items, op, stream) : one_byte(temp_storage_bytes);
    }
};

} // namespace cub

#endif
