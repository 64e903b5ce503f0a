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
    return twin_run_warp_excl<T>("scan-excl", p, input, n, out, scan_excl_kernel<T>);
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_scan_excl = {"scan-excl", run};
