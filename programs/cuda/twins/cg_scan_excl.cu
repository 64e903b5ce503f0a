/* Twin of programs/scans/cg_scan_excl.c: the real
 * cooperative_groups::exclusive_scan(tile32, x, cg::plus<T>()) (integral T:
 * inclusive - x; f32/f64: the inclusive value shuffled up one rank, rank 0
 * gets T{}). `threads` lanes exist (the launch's block size); lanes outside
 * `active` return at once, as the simulator's first line does.
 *
 * Output "inclusive" is the inclusive scan the library computes inside
 * exclusive_scan; user code cannot see it, so this twin makes a second call,
 * cg::inclusive_scan(tile, x, cg::plus<T>()), which runs the same
 * inclusive_scan_contiguous loop on the same values (same bits).
 *
 * Records: only the steps user code can see, which are the first two of
 * the simulator's trace: rank (u32) and x. The later steps (v = x, t and v
 * for d = 1..16, then e) run inside the library call and cannot be
 * recorded here, so this twin's records are a prefix of the simulator's
 * steps: compare outputs (and at most that prefix) for this program. */
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

#include "twin_host.cuh"

namespace cg = cooperative_groups;

template <typename T>
__global__ void cg_scan_excl_kernel(const T *in, T *excl, T *incl, unsigned active, twin_rec rec)
{
    if (active && !((active >> threadIdx.x) & 1))
        return;
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    unsigned rank = tile.thread_rank();
    twin_record(rec, rank);
    T x = in[rank];
    twin_record(rec, x);
    T e = cg::exclusive_scan(tile, x, cg::plus<T>());
    T v = cg::inclusive_scan(tile, x, cg::plus<T>());  // for the "inclusive" output only
    excl[rank] = e;
    incl[rank] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    int threads = p->threads ? p->threads : 32;
    if (n < (size_t)threads) {
        snprintf(out->error, sizeof out->error, "cg-scan-excl: %zu inputs for %d threads", n, threads);
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
    cg_scan_excl_kernel<T><<<1, threads>>>(in, e, v, (unsigned)p->active, rec.dev);
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

extern "C" const twin twin_cg_scan_excl = {"cg-scan-excl", run};
