/* Twin of programs/scans/scan_incl.c: the Hillis-Steele inclusive scan with
 * shfl_up, own + lower at each step. `threads` lanes exist (the launch's
 * block size); lanes outside `active` return at once, as the simulator's
 * first line does. Records, per lane, the simulator's steps with values:
 * lane (i32), v after the load, then per d: t, and v in the lanes >= d. */
#include "twin_host.cuh"

template <typename T>
__global__ void scan_incl_kernel(const T *in, T *out, unsigned active, twin_rec rec)
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
    out[lane] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int threads = p->threads ? p->threads : 32;
    if (n < (size_t)threads) {
        snprintf(out->error, sizeof out->error, "scan-incl: %zu inputs for %d threads", n, threads);
        return false;
    }
    T *in = nullptr, *v = nullptr;
    twin_rec_buffers rec = {};
    twin_frees bufs;
    bufs.add(&in);
    bufs.add(&v);
    bufs.add(&rec.dev.bits);
    bufs.add(&rec.dev.count);
    if (!twin_upload(out, input, n, &in) || !twin_rec_alloc(out, &rec))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)&v, 32 * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(v, 0, 32 * sizeof(T)));
    scan_incl_kernel<T><<<1, threads>>>(in, v, (unsigned)p->active, rec.dev);
    TWIN_SYNC(out);
    return twin_download_output(out, "v", v, 32) && twin_rec_download(out, &rec);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_scan_incl = {"scan-incl", run};
