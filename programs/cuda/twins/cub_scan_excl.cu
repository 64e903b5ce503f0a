/* Twin of programs/scans/cub_scan_excl.c: the real
 * cub::WarpScan<T>::ExclusiveSum on a warp of 32 (= ExclusiveScan(x, e,
 * T{}, plus<>): the InclusiveSum steps, then inc = T{} + v; integral T:
 * e = inc - x; f32/f64: e = inc shuffled up one lane, lane 0 gets T{}).
 * `threads` lanes exist (the launch's block size); lanes outside `active`
 * return at once, as the simulator's first line does.
 *
 * Output "inclusive" is the simulator's v, the inclusive scan before
 * T{} + v; ExclusiveSum does not hand it out, so this twin makes a second
 * call, InclusiveSum(x, v), which runs the same InclusiveScan steps on the
 * same values (same bits). Each call has its own TempStorage (empty for
 * the shuffle-based WarpScan, so no __syncwarp is needed between them).
 *
 * Records: none. The simulator's first step with values (unsigned lane_id
 * = laneid, from the WarpScan constructor) and every later one (x, v = x,
 * r0 and v for offsets 1..16, inc, e) either run inside the library call
 * or come after a step that does, so the matching prefix user code can
 * record is empty: compare outputs only for this program. */
#include <cub/cub.cuh>

#include "twin_host.cuh"

template <typename T> __global__ void cub_scan_excl_kernel(const T *in, T *excl, T *incl, unsigned active)
{
    if (active && !((active >> threadIdx.x) & 1))
        return;
    using WarpScan = cub::WarpScan<T>;
    __shared__ typename WarpScan::TempStorage temp;
    __shared__ typename WarpScan::TempStorage temp_incl;  // for the "inclusive" output only
    T e;
    WarpScan(temp).ExclusiveSum(in[threadIdx.x], e);
    T v;
    WarpScan(temp_incl).InclusiveSum(in[threadIdx.x], v);
    excl[threadIdx.x] = e;
    incl[threadIdx.x] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int threads = p->threads ? p->threads : 32;
    if (n < (size_t)threads) {
        snprintf(out->error, sizeof out->error, "cub-scan-excl: %zu inputs for %d threads", n, threads);
        return false;
    }
    T *in = nullptr, *e = nullptr, *v = nullptr;
    twin_rec_buffers rec = {};
    twin_frees bufs;
    bufs.add(&in);
    bufs.add(&e);
    bufs.add(&v);
    bufs.add(&rec.dev.bits);
    bufs.add(&rec.dev.count);
    if (!twin_upload(out, input, n, &in) || !twin_rec_alloc(out, &rec))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)&e, 32 * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(e, 0, 32 * sizeof(T)));
    TWIN_CUDA(out, cudaMalloc((void **)&v, 32 * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(v, 0, 32 * sizeof(T)));
    cub_scan_excl_kernel<T><<<1, threads>>>(in, e, v, (unsigned)p->active);
    TWIN_SYNC(out);
    /* Later steps run inside the library call: only this prefix is visible. */
    out->records_are_prefix = true;
    return twin_download_output(out, "v", e, 32) && twin_download_output(out, "inclusive", v, 32) &&
           twin_rec_download(out, &rec);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_cub_scan_excl = {"cub-scan-excl", run};
