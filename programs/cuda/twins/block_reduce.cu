/* Twin of programs/reductions/block_reduce.c: the classic block sum, one
 * block of --block threads (default 128), one input each. Each warp runs the
 * shfl_down tree, lane 0 writes the warp's sum to shared memory, and after
 * __syncthreads warp 0 reduces those sums with the same tree. A partial last
 * warp (block not a multiple of 32) reads 0 from its missing lanes on the
 * H200 (semantics.md 7), as the simulator models it.
 * Outputs, as the simulator's: sum (thread 0's v), partials (the n_warps
 * per-warp sums left in shared memory), v (every lane of warp 0 at the end).
 * No step records (a block program). */
#include "twin_host.cuh"

template <typename T> __global__ void block_reduce_kernel(const T *in, T *sum_out, T *partials_out, T *v_out)
{
    __shared__ T shared[32];   // one value per warp
    int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    T v = in[threadIdx.x];
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(FULL_MASK, v, offset);
    if (lane == 0)
        shared[wid] = v;
    __syncthreads();
    // Output only: the per-warp sums, which nothing below changes.
    if (threadIdx.x < (blockDim.x + warpSize - 1) / warpSize)
        partials_out[threadIdx.x] = shared[threadIdx.x];
    if (wid == 0) {
        v = (threadIdx.x < (blockDim.x + warpSize - 1) / warpSize) ? shared[lane] : 0;
        for (int offset = warpSize / 2; offset > 0; offset /= 2)
            v += __shfl_down_sync(FULL_MASK, v, offset);
        v_out[lane] = v;
        if (threadIdx.x == 0)
            *sum_out = v;
    }
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int block = p->block ? p->block : 128;
    if (block < 1 || block > 1024) {
        snprintf(out->error, sizeof out->error, "block-reduce: block %d is not 1..1024 threads", block);
        return false;
    }
    if (n < (size_t)block) {
        snprintf(out->error, sizeof out->error, "block-reduce: %zu inputs for a block of %d", n, block);
        return false;
    }
    int n_warps = (block + 31) / 32;
    T *in = nullptr, *sum = nullptr, *partials = nullptr, *v = nullptr;
    twin_frees frees;
    frees.add(&in);
    frees.add(&sum);
    frees.add(&partials);
    frees.add(&v);
    if (!twin_upload(out, input, n, &in))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)&sum, sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)&partials, 32 * sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)&v, 32 * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(sum, 0, sizeof(T)));
    TWIN_CUDA(out, cudaMemset(partials, 0, 32 * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(v, 0, 32 * sizeof(T)));
    block_reduce_kernel<T><<<1, block>>>(in, sum, partials, v);
    TWIN_SYNC(out);
    return twin_download_output(out, "sum", sum, 1) && twin_download_output(out, "partials", partials, n_warps) &&
           twin_download_output(out, "v", v, 32);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_block_reduce = {"block-reduce", run};
