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
    return twin_run_warp<T>("scan-incl", p, input, n, out, scan_incl_kernel<T>, "v");
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_scan_incl = {"scan-incl", run};
