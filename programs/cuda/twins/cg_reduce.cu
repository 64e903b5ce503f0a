/* Twin of programs/reductions/cg_reduce.c: the real
 * cooperative_groups::reduce(tile32, v, cg::plus<T>()). The library picks
 * its own path (one __reduce_add_sync for i32/u32 on sm80+, else the xor
 * butterfly v = v + shfl_xor(v, m) for m = 16..1); the output v is what
 * cg::reduce returns in every lane.
 * `threads` lanes exist (the launch's block size); lanes outside `active`
 * return at once, as the simulator's first line does.
 *
 * Records. The simulator's steps after the load are the library's internal
 * lines, which a caller of cg::reduce cannot see. For i32/u32 that is one
 * line, the __reduce_add_sync whose result cg::reduce returns: recorded from
 * cg::reduce. For the other types the twin replays the butterfly beside the
 * call (v = v + __shfl_xor_sync(0xffffffff, v, m, 32), m = 16..1) to record
 * v after each line. The replay touches nothing the call uses; the output
 * is the library's alone, so a library that differed from its restatement
 * shows up in the output, not hidden by the records. */
#include <type_traits>

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include "twin_host.cuh"

namespace cg = cooperative_groups;

template <typename T> __global__ void cg_reduce_kernel(const T *in, T *out, unsigned active, twin_rec rec)
{
    if (active && !((active >> threadIdx.x) & 1))
        return;
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    T v = in[tile.thread_rank()];
    twin_record(rec, v);
    T sum = cg::reduce(tile, v, cg::plus<T>());
    out[tile.thread_rank()] = sum;

    // Records only (see the top): the library's steps, replayed.
    if constexpr (std::is_same<T, int>::value || std::is_same<T, unsigned>::value) {
        twin_record(rec, sum);   // v = __reduce_add_sync(0xffffffff, v), inside cg::reduce
    } else {
        T w = v;
        for (int m = 16; m > 0; m /= 2) {
            w = w + __shfl_xor_sync(FULL_MASK, w, m, 32);
            twin_record(rec, w);
        }
    }
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    return twin_run_warp<T>("cg-reduce", p, input, n, out, cg_reduce_kernel<T>, "v");
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_cg_reduce = {"cg-reduce", run};
