/* Twin of programs/reductions/cub_reduce.c: the real
 * cub::WarpReduce<T>::Sum on a logical warp of 32. The library picks its
 * own path (one __reduce_add_sync for int/unsigned on sm80+, else its inline
 * PTX shfl_down sweep at offsets 1..16, 64-bit values as two 32-bit words);
 * the output v is what Sum returns in every lane: the sum in lane 0 (every
 * lane for i32/u32), CUB's partial sums in the others.
 * `threads` lanes exist (the launch's block size); lanes outside `active`
 * return at once, as the simulator's first line does.
 *
 * Records. The simulator's steps after the load are CUB's internal PTX
 * lines, which a caller of Sum cannot see. For i32/u32 that is one line, the
 * __reduce_add_sync whose result Sum returns: recorded from Sum. For the
 * other types the twin replays CUB's ReduceStep asm beside the call (same
 * shfl.sync.down.b32 with c = 0x1f and mask 0xffffffff, lo word then hi,
 * same adds) split at the two lines the simulator traces, to record r0 after
 * the shuffle and v after the add (for f64 only in the lanes whose p is set:
 * the simulator's add step is only the predicated add). The replay touches
 * nothing Sum uses; the output is Sum's alone, so a library that differed
 * from its restatement shows up in the output, not hidden by the records. */
#include <type_traits>

#include <cub/cub.cuh>

#include "twin_host.cuh"

/* c = last_lane | ((32 - logical warp) << 8) for a logical warp of 32 */
#define CUB_SHFL_C 0x1fu

/* CUB's shfl.sync.down.b32 r0|p, v, offset, c, mask; a 64-bit value as two
 * words, lo then hi, both setting p (as CUB's asm). Returns p as 0/1. */
template <typename T> __device__ inline unsigned cub_step_shfl(T v, int offset, T *r0)
{
    unsigned p;
    if constexpr (sizeof(T) == 4) {
        unsigned in = (unsigned)twin_bits(v), got;
        asm volatile("{ .reg .pred p; shfl.sync.down.b32 %0|p, %2, %3, %4, %5; selp.u32 %1, 1, 0, p; }"
                     : "=r"(got), "=r"(p)
                     : "r"(in), "r"(offset), "r"(CUB_SHFL_C), "r"(FULL_MASK));
        *r0 = twin_from_bits<T>(got);
    } else {
        unsigned long long in = twin_bits(v), got;
        asm volatile("{ .reg .u32 lo; .reg .u32 hi; .reg .pred p; mov.b64 {lo, hi}, %2;"
                     " shfl.sync.down.b32 lo|p, lo, %3, %4, %5; shfl.sync.down.b32 hi|p, hi, %3, %4, %5;"
                     " mov.b64 %0, {lo, hi}; selp.u32 %1, 1, 0, p; }"
                     : "=l"(got), "=r"(p)
                     : "l"(in), "r"(offset), "r"(CUB_SHFL_C), "r"(FULL_MASK));
        *r0 = twin_from_bits<T>(got);
    }
    return p;
}

/* CUB's add after the shuffle: f64 "@p add.f64 v, v, r0" (own + peer);
 * the others "@p add r0, r0, v; mov v, r0" (peer + own). */
__device__ inline void cub_step_add(double &v, double r0, unsigned p)
{
    asm volatile("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q add.f64 %0, %0, %1; }" : "+d"(v) : "d"(r0), "r"(p));
}
__device__ inline void cub_step_add(float &v, float r0, unsigned p)
{
    asm volatile("{ .reg .pred q; setp.ne.u32 q, %2, 0; @q add.f32 %1, %1, %0; mov.f32 %0, %1; }"
                 : "+f"(v), "+f"(r0)
                 : "r"(p));
}
template <typename T> __device__ inline void cub_step_add(T &v, T r0, unsigned p)
{
    if (p)
        r0 = r0 + v;
    v = r0;
}

template <typename T> __global__ void cub_reduce_kernel(const T *in, T *out, unsigned active, twin_rec rec)
{
    using WarpReduce = cub::WarpReduce<T>;
    __shared__ typename WarpReduce::TempStorage temp;
    int lane = threadIdx.x;
    if (active && !((active >> lane) & 1))
        return;
    T v = in[lane];
    twin_record(rec, v);
    T sum = WarpReduce(temp).Sum(v);
    out[lane] = sum;

    // Records only (see the top): CUB's steps, replayed.
    if constexpr (std::is_same<T, int>::value || std::is_same<T, unsigned>::value) {
        twin_record(rec, sum);   // v = __reduce_add_sync(0xffffffff, v), inside Sum
    } else {
        T w = v;
        for (int offset = 1; offset < 32; offset *= 2) {
            T r0;
            unsigned p = cub_step_shfl(w, offset, &r0);
            twin_record(rec, r0);
            cub_step_add(w, r0, p);
            if (!std::is_same<T, double>::value || p)
                twin_record(rec, w);
        }
    }
}

template <typename T> static bool run_typed(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    return twin_run_warp<T>("cub-reduce", p, input, n, out, cub_reduce_kernel<T>, "v");
}

static bool run(const wk_params *p, const uint64_t *input, size_t n, twin_result *out)
{
    TWIN_DISPATCH(p->type, out, run_typed, p, input, n, out);
}

extern "C" const twin twin_cub_reduce = {"cub-reduce", run};
