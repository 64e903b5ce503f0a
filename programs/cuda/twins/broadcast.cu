/* Twin of programs/others/broadcast.c: every lane reads lane `src` with
 * __shfl_sync (shfl.sync.idx, c = 0x1f). `threads` lanes exist (the
 * launch's block size); lanes outside `active` return at once, as the
 * simulator's first line does. A source lane that is absent or returned
 * reads as 0 on sm90 (semantics.md 7): the twin just does the shuffle. */
#include "twin_host.cuh"

#define LANES 32

template <typename T> __global__ void broadcast_kernel(const T *in, T *out, unsigned active, int src, twin_rec rec)
{
    int lane = threadIdx.x;
    if (active && !((active >> lane) & 1))
        return;
    T v = in[lane];
    twin_record(rec, v);
    v = __shfl_sync(FULL_MASK, v, src);
    twin_record(rec, v);
    out[lane] = v;
}

/* Everything that can fail; run_typed frees the buffers whatever happens. */
template <typename T>
static bool run_on_device(const wk_params *p, const uint64_t *input, size_t n, twin_result *out, T **in, T **v,
                          twin_rec_buffers *rec)
{
    int threads = p->threads ? p->threads : LANES;
    if (!twin_upload(out, input, n, in) || !twin_rec_alloc(out, rec))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)v, LANES * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(*v, 0, LANES * sizeof(T)));
    broadcast_kernel<T><<<1, threads>>>(*in, *v, (unsigned)p->active, p->src_lane, rec->dev);
    TWIN_SYNC(out);
    return twin_download_output(out, "v", *v, LANES) && twin_rec_download(out, rec);
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    T *in = nullptr, *v = nullptr;
    twin_rec_buffers rec = {};
    bool ok = run_on_device(p, input, n, out, &in, &v, &rec);
    cudaFree(in);
    cudaFree(v);
    cudaFree(rec.dev.bits); /* null once twin_rec_download freed them */
    cudaFree(rec.dev.count);
    return ok;
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    if (p->profile != WS_PROFILE_SM90 || n != LANES || p->threads < 0 || p->threads > LANES || p->src_lane < 0 ||
        p->src_lane >= LANES) {
        snprintf(out->error, sizeof out->error,
                 "broadcast twin: runs sm90 with %d inputs, threads 0..%d, src 0..%d (got profile %d, %zu inputs, "
                 "threads %d, src %d)",
                 LANES, LANES, LANES - 1, (int)p->profile, n, p->threads, p->src_lane);
        return false;
    }
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_broadcast = {"broadcast", run};
