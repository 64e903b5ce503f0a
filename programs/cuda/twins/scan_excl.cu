/* Twin of programs/scans/scan_excl.c: scan-incl's inclusive scan, then
 * every lane takes its lower neighbour's inclusive value with one more
 * shfl_up and lane 0 is set to 0. `threads` lanes exist (the launch's block
 * size); lanes outside `active` return at once, as the simulator's first
 * line does. Records, per lane, the simulator's steps with values: lane
 * (i32), v after the load, per d: t and v in the lanes >= d, then e, and
 * e again in lane 0 (e = 0). Outputs: v (the exclusive e) and inclusive. */
#include "twin_host.cuh"

template <typename T>
__global__ void scan_excl_kernel(const T *in, T *excl, T *incl, unsigned active, twin_rec rec)
{
    if (active && !((active >> threadIdx.x) & 1))
        return;
    int lane = threadIdx.x % warpSize;
    twin_record(rec, lane);
    T v = in[lane];
    twin_record(rec, v);
    for (int d = 1; d < warpSize; d *= 2) {
        T t = __shfl_up_sync(FULL_MASK, v, d);
        twin_record(rec, t);
        if (lane >= d) {
            v += t;
            twin_record(rec, v);
        }
    }
    T e = __shfl_up_sync(FULL_MASK, v, 1);
    twin_record(rec, e);
    if (lane == 0) {
        e = 0;
        twin_record(rec, e);
    }
    excl[lane] = e;
    incl[lane] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int threads = p->threads ? p->threads : 32;
    if (n < (size_t)threads) {
        snprintf(out->error, sizeof out->error, "scan-excl: %zu inputs for %d threads", n, threads);
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
    scan_excl_kernel<T><<<1, threads>>>(in, e, v, (unsigned)p->active, rec.dev);
    TWIN_SYNC(out);
    return twin_download_output(out, "v", e, 32) && twin_download_output(out, "inclusive", v, 32) &&
           twin_rec_download(out, &rec);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_scan_excl = {"scan-excl", run};
