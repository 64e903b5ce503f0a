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

template <typename T> __global__ void cub_scan_excl_kernel(const T *in, T *excl, T *incl, unsigned active,
                                                            twin_rec rec)
{
    (void)rec; /* every step runs inside the library calls: nothing for user code to record */
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
    /* Later steps run inside the library call: only this prefix is visible. */
    out->records_are_prefix = true;
    return twin_run_warp_excl<T>("cub-scan-excl", p, input, n, out, cub_scan_excl_kernel<T>);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_cub_scan_excl = {"cub-scan-excl", run};
