/* Twin of programs/scans/cub_scan_incl.c: the real
 * cub::WarpScan<T>::InclusiveSum on a warp of 32 (CUB's inline-PTX
 * InclusiveScanStep for int, unsigned, float, long long, unsigned long long
 * and double). `threads` lanes exist (the launch's block size); lanes
 * outside `active` return at once, as the simulator's first line does.
 *
 * Records: only the step user code can see, the first of the simulator's
 * trace: v = in[threadIdx.x]. The shfl.sync.up / @p add steps (r0 and v
 * for offsets 1..16) run inside the library call and cannot be recorded
 * here, so this twin's records are a prefix of the simulator's steps:
 * compare outputs (and at most that prefix) for this program. */
#include <cub/cub.cuh>

#include "twin_host.cuh"

template <typename T>
__global__ void cub_scan_incl_kernel(const T *in, T *out, unsigned active, twin_rec rec)
{
    if (active && !((active >> threadIdx.x) & 1))
        return;
    using WarpScan = cub::WarpScan<T>;
    __shared__ typename WarpScan::TempStorage temp;
    T x = in[threadIdx.x];
    twin_record(rec, x);
    T v;
    WarpScan(temp).InclusiveSum(x, v);
    out[threadIdx.x] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    /* Later steps run inside the library call: only this prefix is visible. */
    out->records_are_prefix = true;
    return twin_run_warp<T>("cub-scan-incl", p, input, n, out, cub_scan_incl_kernel<T>, "v");
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_cub_scan_incl = {"cub-scan-incl", run};
