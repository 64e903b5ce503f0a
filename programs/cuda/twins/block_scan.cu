/* Twin of programs/scans/block_scan.c: an inclusive scan of one block of
 * --block threads (default 128, a multiple of 32 up to 1024), one value
 * each, in three phases separated by __syncthreads(): every warp runs the
 * shfl_up scan (own + lower), its last lane writes the warp total to
 * sums[warp]; warp 0 scans the warp totals the same way; every warp w > 0
 * adds sums[w - 1] (own first). Outputs only (no step records):
 *   v            out[threadIdx.x], block threads;
 *   warp_total   sums[] after phase 1 (each warp's total), one per warp;
 *   warp_prefix  sums[] after phase 2 (totals of warps 0..w), one per warp.
 * The kernel also writes sums[] to global memory beside its shared-memory
 * stores, so both arrays come back. */
#include "twin_host.cuh"

template <typename T> __global__ void block_scan_kernel(const T *in, T *out, T *warp_total, T *warp_prefix)
{
    __shared__ T sums[32];
    int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;
    int nwarps = blockDim.x / warpSize;
    T v = in[threadIdx.x];
    for (int d = 1; d < warpSize; d *= 2) {
        T t = __shfl_up_sync(FULL_MASK, v, d);
        if (lane >= d)
            v += t;
    }
    if (lane == warpSize - 1) {
        sums[warp] = v;
        warp_total[warp] = v;
    }
    __syncthreads();
    if (warp == 0) {
        T s = lane < nwarps ? sums[lane] : T(0);
        for (int d = 1; d < warpSize; d *= 2) {
            T t = __shfl_up_sync(FULL_MASK, s, d);
            if (lane >= d)
                s += t;
        }
        if (lane < nwarps) {
            sums[lane] = s;
            warp_prefix[lane] = s;
        }
    }
    __syncthreads();
    if (warp > 0)
        v += sums[warp - 1];
    out[threadIdx.x] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int block = p->block ? p->block : 128;
    if (block < 32 || block > 1024 || block % 32 != 0 || n != (size_t)block) {
        snprintf(out->error, sizeof out->error,
                 "block-scan: --block %d with %zu inputs (needs a multiple of 32 from 32 to 1024, one input "
                 "per thread)",
                 block, n);
        return false;
    }
    int nwarps = block / 32;
    T *in = nullptr, *v = nullptr, *total = nullptr, *prefix = nullptr;
    twin_frees bufs;
    bufs.add(&in);
    bufs.add(&v);
    bufs.add(&total);
    bufs.add(&prefix);
    if (!twin_upload(out, input, n, &in))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)&v, n * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(v, 0, n * sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)&total, nwarps * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(total, 0, nwarps * sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)&prefix, nwarps * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(prefix, 0, nwarps * sizeof(T)));
    block_scan_kernel<T><<<1, block>>>(in, v, total, prefix);
    TWIN_SYNC(out);
    return twin_download_output(out, "v", v, n) && twin_download_output(out, "warp_total", total, (size_t)nwarps) &&
           twin_download_output(out, "warp_prefix", prefix, (size_t)nwarps);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_block_scan = {"block-scan", run};
