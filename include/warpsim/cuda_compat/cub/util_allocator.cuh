/* cub/util_allocator.cuh for `warpsim cc`: cub::CachingDeviceAllocator, which CUB's examples
 * allocate their buffers with. Device memory here is host memory and nothing is gained by
 * caching it, so DeviceAllocate is cudaMalloc and DeviceFree cudaFree (on the GPU the allocator
 * keeps freed blocks in size bins for reuse: the addresses differ, the contents a program may
 * read do not, since CUB never clears a block). The bin settings are accepted and kept; debug
 * logging is not printed. */
#ifndef WARPSIM_CUB_UTIL_ALLOCATOR_CUH
#define WARPSIM_CUB_UTIL_ALLOCATOR_CUH

#include <stddef.h>

#include <warpsim/cuda_runtime.h>

namespace cub {

struct CachingDeviceAllocator {
    static constexpr unsigned int INVALID_BIN = (unsigned int)-1;
    static constexpr size_t INVALID_SIZE = (size_t)-1;
    static constexpr int INVALID_DEVICE_ORDINAL = -1;

    unsigned int bin_growth, min_bin, max_bin;
    size_t max_cached_bytes;
    bool skip_cleanup, debug;

    CachingDeviceAllocator(unsigned int bin_growth_, unsigned int min_bin_ = 1, unsigned int max_bin_ = INVALID_BIN,
                           size_t max_cached_bytes_ = INVALID_SIZE, bool skip_cleanup_ = false)
        : bin_growth(bin_growth_), min_bin(min_bin_), max_bin(max_bin_), max_cached_bytes(max_cached_bytes_),
          skip_cleanup(skip_cleanup_), debug(false)
    {
    }
    CachingDeviceAllocator(bool skip_cleanup_ = false, bool debug_ = false)
        : bin_growth(8), min_bin(3), max_bin(7), max_cached_bytes(3 * ((size_t)1 << 21) - 1),
          skip_cleanup(skip_cleanup_), debug(debug_)
    {
    }
    virtual ~CachingDeviceAllocator() {}

    cudaError_t SetMaxCachedBytes(size_t bytes)
    {
        max_cached_bytes = bytes;
        return cudaSuccess;
    }
    cudaError_t DeviceAllocate(int device, void **d_ptr, size_t bytes, cudaStream_t active_stream = 0)
    {
        (void)active_stream;
        if (device != INVALID_DEVICE_ORDINAL && device != 0)
            return cudaErrorInvalidDevice;
        return cudaMalloc(d_ptr, bytes);
    }
    cudaError_t DeviceAllocate(void **d_ptr, size_t bytes, cudaStream_t active_stream = 0)
    {
        return DeviceAllocate(INVALID_DEVICE_ORDINAL, d_ptr, bytes, active_stream);
    }
    cudaError_t DeviceFree(int device, void *d_ptr)
    {
        if (device != INVALID_DEVICE_ORDINAL && device != 0)
            return cudaErrorInvalidDevice;
        return cudaFree(d_ptr);
    }
    cudaError_t DeviceFree(void *d_ptr) { return DeviceFree(INVALID_DEVICE_ORDINAL, d_ptr); }
    cudaError_t FreeAllCached() { return cudaSuccess; }
};

} // namespace cub

#endif
