/* Twin of programs/scans/cg_scan_incl.c: the real
 * cooperative_groups::inclusive_scan(tile32, x, cg::plus<T>()). `threads`
 * lanes exist (the launch's block size); lanes outside `active` return at
 * once, as the simulator's first line does.
 *
 * Records: only the steps user code can see, which are the first two of
 * the simulator's trace: rank (u32) and the loaded value. The shuffles and
 * adds of the simulator's later steps (t and v for d = 1..16) run inside
 * the library call and cannot be recorded here, so this twin's records are
 * a prefix of the simulator's steps: compare outputs (and at most that
 * prefix) for this program. */
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>

#include "twin_host.cuh"

namespace cg = cooperative_groups;

template <typename T>
__global__ void cg_scan_incl_kernel(const T *in, T *out, unsigned active, twin_rec rec)
{
    if (active && !((active >> threadIdx.x) & 1))
        return;
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    unsigned rank = tile.thread_rank();
    twin_record(rec, rank);
    T x = in[rank];
    twin_record(rec, x);
    T v = cg::inclusive_scan(tile, x, cg::plus<T>());
    out[rank] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    /* Later steps run inside the library call: only this prefix is visible. */
    out->records_are_prefix = true;
    return twin_run_warp<T>("cg-scan-incl", p, input, n, out, cg_scan_incl_kernel<T>, "v");
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_cg_scan_incl = {"cg-scan-incl", run};
