// cg::memcpy_async between addresses 1 and 3 past a multiple of 16: CUDA's header picks 2-byte
// units (the lowest bit of the addresses' difference) without aligning the odd address first,
// and the copy faults: the launch fails with cudaErrorMisalignedAddress, as on the H100
// (docs/probes/cg_memcpy_async_misaligned.h100.txt), reported at the memcpy_async line.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void copy(const char *src, char *out)
{
    __shared__ alignas(16) char buf[64];
    cg::thread_block block = cg::this_thread_block();
    cg::memcpy_async(block, buf + 1, src + 3, (size_t)20);
    cg::wait(block);
    out[threadIdx.x] = buf[threadIdx.x + 1];
}

int main()
{
    char *src, *out;
    cudaMalloc(&src, 64);
    cudaMalloc(&out, 64);
    cudaMemset(src, 7, 64);
    copy<<<1, 32>>>(src, out);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
