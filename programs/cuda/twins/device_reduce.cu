/* Twin of programs/reductions/device_reduce.c: the usual two-kernel sum of n
 * values (--n, default 4096). Kernel 1, <<<G, B>>> (--grid, default 4;
 * --block, default 128): each thread sums in[i] over its grid-stride run
 * (sum = sum + in[i], starting from T{} = 0 / +0.0), the block reduction of
 * block-reduce (programs/reductions/block_reduce.h) leaves the block's sum in
 * thread 0, which writes partial[blockIdx.x]. Kernel 2, <<<1, B>>>: the same
 * over the G partials (stride B); its thread 0 writes the result.
 * The input is uploaded once; n = 2^26 floats (256 MiB) is the scale check.
 * Outputs, as the simulator's: sum (1 value) and partials (G values).
 * No step records (a grid program). */
#include "twin_host.cuh"

/* block-reduce: every warp's shfl_down tree, lane 0 of each writes its sum to
 * shared memory, then warp 0 reduces the per-warp sums with the same tree;
 * thread 0 returns the block's sum (the other threads partial values). */
template <typename T> __device__ T block_reduce(T v)
{
    __shared__ T shared[32];   // one value per warp
    int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(FULL_MASK, v, offset);
    if (lane == 0)
        shared[wid] = v;
    __syncthreads();
    if (wid == 0) {
        v = (threadIdx.x < (blockDim.x + warpSize - 1) / warpSize) ? shared[lane] : 0;
        for (int offset = warpSize / 2; offset > 0; offset /= 2)
            v += __shfl_down_sync(FULL_MASK, v, offset);
    }
    return v;
}

template <typename T> __global__ void reduce_blocks(const T *in, size_t n, T *partial)
{
    T sum = 0;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x)
        sum += in[i];
    sum = block_reduce(sum);
    if (threadIdx.x == 0)
        partial[blockIdx.x] = sum;
}

template <typename T> __global__ void reduce_final(const T *partial, int n_partials, T *out)
{
    T sum = 0;
    for (int i = threadIdx.x; i < n_partials; i += blockDim.x)
        sum += partial[i];
    sum = block_reduce(sum);
    if (threadIdx.x == 0)
        *out = sum;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int grid = p->grid ? p->grid : 4, block = p->block ? p->block : 128;
    size_t n_values = p->n ? p->n : 4096;
    if (block < 1 || block > 1024 || grid < 1 || grid > 65535) {
        snprintf(out->error, sizeof out->error, "device-reduce: grid %d (1..65535), block %d (1..1024)", grid,
                 block);
        return false;
    }
    if (n != n_values) {
        snprintf(out->error, sizeof out->error, "device-reduce: %zu inputs, n is %zu", n, n_values);
        return false;
    }
    T *in = nullptr, *partial = nullptr, *result = nullptr;
    twin_frees frees;
    frees.add(&in);
    frees.add(&partial);
    frees.add(&result);
    if (!twin_upload(out, input, n, &in))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)&partial, (size_t)grid * sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)&result, sizeof(T)));
    TWIN_CUDA(out, cudaMemset(partial, 0, (size_t)grid * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(result, 0, sizeof(T)));
    reduce_blocks<T><<<grid, block>>>(in, n, partial);
    TWIN_SYNC(out);
    reduce_final<T><<<1, block>>>(partial, grid, result);
    TWIN_SYNC(out);
    return twin_download_output(out, "sum", result, 1) && twin_download_output(out, "partials", partial, grid);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_device_reduce = {"device-reduce", run};
