// cg::memcpy_async and cg::wait / cg::wait_prior as CUDA's documentation uses them: a block stages
// its slice of global memory into shared memory (bytes of ints: a length that is not a multiple
// of 4 copies whole ints only, so the last one stays as it was), each warp's tile stages a
// 33-element window (elements, the smaller of the two counts), and a coalesced group of the odd
// lanes copies 37 bytes between addresses that are both 1 past a multiple of 16 (single bytes,
// then a 16-byte unit, then bytes). After the wait every thread reads what other threads copied.
// Prints per block the sums of what each stage saw.
//   nvcc -arch=sm_90 -fmad=false programs/cuda/samesource/cg_memcpy_async.cu -o cma && ./cma
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdio>
namespace cg = cooperative_groups;

#define BLOCK 128
#define BLOCKS 3

__global__ void stage(const int *in, const unsigned char *bytes, long long *out)
{
    __shared__ int slice[BLOCK * 2];
    __shared__ int window[BLOCK / 32][40];
    __shared__ alignas(16) unsigned char odd[BLOCK / 32][48];
    cg::thread_block block = cg::this_thread_block();
    slice[threadIdx.x] = slice[threadIdx.x + BLOCK] = -1;
    block.sync();
    cg::memcpy_async(block, slice, in + blockIdx.x * BLOCK * 2, sizeof(int) * BLOCK * 2 - 2);
    cg::wait(block);
    long long a = (long long)slice[(threadIdx.x * 7) % (BLOCK * 2)] * (threadIdx.x + 1);

    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int w = threadIdx.x / 32;
    cg::memcpy_async(warp, window[w], (size_t)40, in + blockIdx.x * 100 + w * 9, (size_t)33);
    cg::wait_prior<0>(warp);
    long long b = (long long)window[w][(warp.thread_rank() * 5) % 33] * (warp.thread_rank() + 3);

    long long c = 0;
    if (threadIdx.x % 2) {
        cg::coalesced_group odds = cg::coalesced_threads();
        cg::memcpy_async(odds, &odd[w][1], bytes + blockIdx.x * 64 + w * 16 + 1, (size_t)37);
        cg::wait(odds);
        c = (long long)odd[w][1 + (odds.thread_rank() * 3) % 37] * (odds.thread_rank() + 1);
    }
    atomicAdd((unsigned long long *)&out[blockIdx.x * 3 + 0], (unsigned long long)a);
    atomicAdd((unsigned long long *)&out[blockIdx.x * 3 + 1], (unsigned long long)b);
    atomicAdd((unsigned long long *)&out[blockIdx.x * 3 + 2], (unsigned long long)c);
}

int main()
{
    const int n = BLOCKS * BLOCK * 2, nb = BLOCKS * 64 + 64;
    int h[BLOCKS * BLOCK * 2];
    unsigned char hb[BLOCKS * 64 + 64];
    for (int i = 0; i < n; i++)
        h[i] = (i * 37 + 11) % 1001 - 500;
    for (int i = 0; i < nb; i++)
        hb[i] = (unsigned char)(i * 29 + 5);
    int *in;
    unsigned char *bytes;
    long long *out, r[BLOCKS * 3];
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&bytes, sizeof hb);
    cudaMalloc(&out, sizeof r);
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    cudaMemcpy(bytes, hb, sizeof hb, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof r);
    stage<<<BLOCKS, BLOCK>>>(in, bytes, out);
    cudaError_t e = cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    printf("launch %s\n", cudaGetErrorString(e));
    for (int b = 0; b < BLOCKS; b++)
        printf("block %d slice %lld window %lld odd %lld\n", b, r[b * 3], r[b * 3 + 1], r[b * 3 + 2]);
    return 0;
}
