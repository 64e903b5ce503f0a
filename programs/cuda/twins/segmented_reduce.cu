/* Twin of programs/reductions/segmented_reduce.c: the shfl_down tree inside
 * segments of `width` lanes (--width, default 8), so lane s * width ends
 * with segment s's sum. `threads` lanes exist (the launch's block size);
 * lanes outside `active` return at once, as the simulator's first line does.
 * Records: v after the load and after each tree line (log2(width) of them). */
#include "twin_host.cuh"

template <typename T>
__global__ void segmented_reduce_kernel(const T *in, T *out, int width, unsigned active, twin_rec rec)
{
    int lane = threadIdx.x;
    if (active && !((active >> lane) & 1))
        return;
    T v = in[lane];
    twin_record(rec, v);
    for (int offset = width / 2; offset > 0; offset /= 2) {
        v += __shfl_down_sync(FULL_MASK, v, offset, width);
        twin_record(rec, v);
    }
    out[lane] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int threads = p->threads ? p->threads : 32;
    int width = p->width ? p->width : 8;
    if (width < 2 || width > 16 || (width & (width - 1))) {
        snprintf(out->error, sizeof out->error, "segmented-reduce: width %d is not a power of two from 2 to 16",
                 width);
        return false;
    }
    T *in = nullptr, *v = nullptr;
    twin_rec_buffers rec = {};
    twin_frees frees;
    frees.add(&in);
    frees.add(&v);
    frees.add(&rec.dev.bits);
    frees.add(&rec.dev.count);
    if (!twin_upload(out, input, n, &in) || !twin_rec_alloc(out, &rec))
        return false;
    TWIN_CUDA(out, cudaMalloc((void **)&v, 32 * sizeof(T)));
    TWIN_CUDA(out, cudaMemset(v, 0, 32 * sizeof(T)));
    segmented_reduce_kernel<T><<<1, threads>>>(in, v, width, (unsigned)p->active, rec.dev);
    TWIN_SYNC(out);
    return twin_download_output(out, "v", v, 32) && twin_rec_download(out, &rec);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_segmented_reduce = {"segmented-reduce", run};
