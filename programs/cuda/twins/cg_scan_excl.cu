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
    /* Later steps run inside the library call: only this prefix is visible. */
    out->records_are_prefix = true;
    return twin_run_warp_excl<T>("cg-scan-excl", p, input, n, out, cg_scan_excl_kernel<T>);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_cg_scan_excl = {"cg-scan-excl", run};
