/* Twin of programs/reductions/reduce_xor.c: the xor butterfly, after which
 * every lane holds the sum. `threads` lanes exist (the launch's block size);
 * lanes outside `active` return at once, as the simulator's first line does.
 * Records: v after the load and after each of the five butterfly lines. */
#include "twin_host.cuh"

template <typename T>
__global__ void reduce_xor_kernel(const T *in, T *out, unsigned active, twin_rec rec)
{
    int lane = threadIdx.x;
    if (active && !((active >> lane) & 1))
        return;
    T v = in[lane];
    twin_record(rec, v);
    for (int offset = 16; offset > 0; offset /= 2) {
        v += __shfl_xor_sync(FULL_MASK, v, offset);
        twin_record(rec, v);
    }
    out[lane] = v;
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    return twin_run_warp<T>("reduce-xor", p, input, n, out, reduce_xor_kernel<T>, "v");
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_reduce_xor = {"reduce-xor", run};
