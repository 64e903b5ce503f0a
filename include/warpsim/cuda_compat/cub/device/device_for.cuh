/* cub/device/device_for.cuh for `warpsim cc`: cub::DeviceFor of CUB 3.0 (CCCL 3.0, CUDA 13.0):
 * ForEach, ForEachN (the operator gets a reference to each element), ForEachCopy, ForEachCopyN
 * (a copy), Bulk (each index of [0, shape)), with and without the temporary-storage arguments
 * (CUB asks for 1 byte). Each runs a kernel, as CUB's does (so the operator may use atomics and
 * the other device functions, and --check sees its accesses): blocks of 256 threads, each thread
 * taking the items t and t + 256 of its block's tile of 512 (CUB's for_each policy). The GPU runs
 * the blocks in no fixed order, so an operator whose effects depend on the order (a float
 * atomicAdd into one total) gives one of the results the GPU can give, not necessarily the one a
 * given GPU run gives. ForEachInExtents (cuda::std::extents) is not here. */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_FOR_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_FOR_CUH

#include <type_traits>

#include "dispatch/device_model.cuh"

namespace cub {
namespace detail {
namespace dm {

enum class for_each_mode { reference, copy, index };

template <for_each_mode M, class It, class N, class Op> __global__ void for_each_kernel(It first, N n, Op op)
{
    N base = N(blockIdx.x) * 512;
    for (int j = 0; j < 2; j++) {
        N i = base + N(threadIdx.x) + N(j * 256);
        if (!(i < n))
            continue;
        if constexpr (M == for_each_mode::index)
            op(i);
        else if constexpr (M == for_each_mode::copy) {
            auto item = first[i];
            op(item);
        } else
            op(first[i]);
    }
}

template <for_each_mode M, class It, class N, class Op> cudaError_t for_each(It first, N n, Op op, cudaStream_t stream)
{
    if (!(N(0) < n))
        return cudaSuccess;
    unsigned long long blocks = ((unsigned long long)n + 511) / 512;
    void *args[] = {&first, &n, &op};
    return cudaLaunchKernel(for_each_kernel<M, It, N, Op>, dim3((unsigned)blocks), dim3(256), args, 0, stream);
}

} // namespace dm
} // namespace detail

struct DeviceFor {
    template <class ShapeT, class OpT> static cudaError_t Bulk(ShapeT shape, OpT op, cudaStream_t stream = {})
    {
        static_assert(std::is_integral<ShapeT>::value, "ShapeT must be an integral type");
        using namespace detail::dm;
        return for_each<for_each_mode::index>((ShapeT *)nullptr, shape, op, stream);
    }
    template <class It, class NumItemsT, class OpT>
    static cudaError_t ForEachN(It first, NumItemsT num_items, OpT op, cudaStream_t stream = {})
    {
        using namespace detail::dm;
        return for_each<for_each_mode::reference>(first, num_items, op, stream);
    }
    template <class It, class OpT> static cudaError_t ForEach(It first, It last, OpT op, cudaStream_t stream = {})
    {
        return ForEachN(first, last - first, op, stream);
    }
    template <class It, class NumItemsT, class OpT>
    static cudaError_t ForEachCopyN(It first, NumItemsT num_items, OpT op, cudaStream_t stream = {})
    {
        using namespace detail::dm;
        return for_each<for_each_mode::copy>(first, num_items, op, stream);
    }
    template <class It, class OpT> static cudaError_t ForEachCopy(It first, It last, OpT op, cudaStream_t stream = {})
    {
        return ForEachCopyN(first, last - first, op, stream);
    }

    /* The temporary-storage forms: 1 byte asked for, then the call. */
    template <class ShapeT, class OpT>
    static cudaError_t Bulk(void *d_temp_storage, size_t &temp_storage_bytes, ShapeT shape, OpT op, cudaStream_t stream = {})
    {
        return d_temp_storage ? Bulk(shape, op, stream) : one_byte(temp_storage_bytes);
    }
    template <class It, class NumItemsT, class OpT>
    static cudaError_t ForEachN(void *d_temp_storage, size_t &temp_storage_bytes, It first, NumItemsT num_items, OpT op,
                                cudaStream_t stream = {})
    {
        return d_temp_storage ? ForEachN(first, num_items, op, stream) : one_byte(temp_storage_bytes);
    }
    template <class It, class OpT>
    static cudaError_t ForEach(void *d_temp_storage, size_t &temp_storage_bytes, It first, It last, OpT op,
                               cudaStream_t stream = {})
    {
        return d_temp_storage ? ForEach(first, last, op, stream) : one_byte(temp_storage_bytes);
    }
    template <class It, class NumItemsT, class OpT>
    static cudaError_t ForEachCopyN(void *d_temp_storage, size_t &temp_storage_bytes, It first, NumItemsT num_items,
                                    OpT op, cudaStream_t stream = {})
    {
        return d_temp_storage ? ForEachCopyN(first, num_items, op, stream) : one_byte(temp_storage_bytes);
    }
    template <class It, class OpT>
    static cudaError_t ForEachCopy(void *d_temp_storage, size_t &temp_storage_bytes, It first, It last, OpT op,
                                   cudaStream_t stream = {})
    {
        return d_temp_storage ? ForEachCopy(first, last, op, stream) : one_byte(temp_storage_bytes);
    }

  private:
    static cudaError_t one_byte(size_t &temp_storage_bytes)
    {
        temp_storage_bytes = 1;
        return cudaSuccess;
    }
};

} // namespace cub

#endif
