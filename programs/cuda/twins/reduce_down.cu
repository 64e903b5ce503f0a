/* Twin of programs/reductions/reduce_down.c: the classic shfl_down tree.
 * `threads` lanes exist (the launch's block size); lanes outside `active`
 * return at once, as the simulator's first line does. */
#include "twin_host.cuh"

template <typename T>
__global__ void reduce_down_kernel(const T *in, T *out, unsigned active, twin_rec rec)
{
    int lane = threadIdx.x;
    if (active && !((active >> lane) & 1))
        return;
    T v = in[lane];
    twin_record(rec, v);
    for (int offset = 16; offset > 0; offset /= 2) {
        v += __shfl_down_sync(FULL_MASK, v, offset);
        twin_record(rec, v);
    }
    out[lane] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    return twin_run_warp<T>("reduce-down", p, input, n, out, reduce_down_kernel<T>, "v");
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_reduce_down = {"reduce-down", run};
