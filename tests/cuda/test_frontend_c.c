/* The C subset of the CUDA front end (warpsim/cuda.h compiled as C17):
 * each sync point's macro against values worked out by hand, so that the
 * packing of a call (ws_cuda_call_, ws_cuda_args_) and the predicate
 * __match_all_sync gets back in bit 32 are checked from C as well as
 * from C++ (test_frontend.cpp). Exit status 1 and a line per mismatch. */
#include <stdio.h>

#include <warpsim/cuda.h>

enum { THREADS = 64 };

typedef struct args {
    unsigned ballot[THREADS], active[THREADS], match_any[THREADS], all_same[THREADS], differ[THREADS];
    int pred_same[THREADS], pred_differ[THREADS], count[THREADS], any_odd[THREADS], all_small[THREADS];
    int and_one_false[THREADS], and_all_true[THREADS], or_one_true[THREADS], or_all_false[THREADS];
    int shfl_idx[THREADS], reduce_add[THREADS];
    double shfl_f64[THREADS];
} args;

static void kernel(void *p)
{
    args *a = p;
    unsigned t = threadIdx.x, lane = t % 32;
    a->ballot[t] = __ballot_sync(0xffffffffu, lane % 3 == 0);
    a->active[t] = lane < 10 ? __activemask() : 0;
    a->match_any[t] = __match_any_sync(0xffffffffu, lane / 8);
    a->all_same[t] = __match_all_sync(0xffffffffu, 7u, &a->pred_same[t]);
    a->differ[t] = __match_all_sync(0xffffffffu, lane, &a->pred_differ[t]);
    a->any_odd[t] = __any_sync(0xffffffffu, lane == 5);
    a->all_small[t] = __all_sync(0xffffffffu, lane < 31);
    a->shfl_idx[t] = __shfl_sync(0xffffffffu, (int)(t * 10), (int)(31 - lane));
    a->shfl_f64[t] = __shfl_down_sync(0xffffffffu, t + 0.5, 2, 8);
    a->reduce_add[t] = __reduce_add_sync(0xffffffffu, (int)lane);
    __syncwarp();
    a->count[t] = __syncthreads_count(t % 4 == 0);
    /* Mixed predicates across the block's two warps: one thread of the
     * second warp differs from the rest. */
    a->and_one_false[t] = __syncthreads_and(t != 45);
    a->and_all_true[t] = __syncthreads_and(t < THREADS);
    a->or_one_true[t] = __syncthreads_or(t == 45);
    a->or_all_false[t] = __syncthreads_or(t >= THREADS);
}

static int failures;

static void expect(const char *what, unsigned t, long long got, long long want)
{
    if (got != want) {
        printf("thread %u: %s is %lld, expected %lld\n", t, what, got, want);
        failures++;
    }
}

int main(void)
{
    static args a;
    ws_cuda_launch_desc d = {.grid = {1, 1, 1}, .block = {THREADS, 1, 1}, .quiet = true};
    ws_status s = ws_cuda_launch_c(&d, kernel, &a, NULL);
    expect("the launch's status", 0, s, WS_OK);
    expect("diagnostics", 0, (long long)ws_cuda_report_count(ws_cuda_last_report()), 0);
    for (unsigned t = 0; t < THREADS; t++) {
        unsigned lane = t % 32, base = t - lane;
        expect("__ballot_sync", t, a.ballot[t], 0x49249249);
        expect("__activemask", t, a.active[t], lane < 10 ? 0x3ff : 0);
        expect("__match_any_sync", t, a.match_any[t], 0xffull << (lane / 8 * 8));
        expect("__match_all_sync, one value", t, a.all_same[t], 0xffffffffu);
        expect("__match_all_sync's predicate, one value", t, a.pred_same[t], 1);
        expect("__match_all_sync, values differ", t, a.differ[t], 0);
        expect("__match_all_sync's predicate, values differ", t, a.pred_differ[t], 0);
        expect("__any_sync", t, a.any_odd[t], 1);
        expect("__all_sync", t, a.all_small[t], 0);
        expect("__shfl_sync", t, a.shfl_idx[t], (long long)(base + 31 - lane) * 10);
        unsigned src = lane % 8 + 2 < 8 ? t + 2 : t; /* width 8: a segment's top lanes keep their value */
        expect("__shfl_down_sync (double, width 8)", t, (long long)(a.shfl_f64[t] * 2), (long long)(src * 2 + 1));
        expect("__reduce_add_sync", t, a.reduce_add[t], 496);
        expect("__syncthreads_count", t, a.count[t], THREADS / 4);
        expect("__syncthreads_and, one predicate false", t, a.and_one_false[t], 0);
        expect("__syncthreads_and, every predicate true", t, a.and_all_true[t], 1);
        expect("__syncthreads_or, one predicate true", t, a.or_one_true[t], 1);
        expect("__syncthreads_or, every predicate false", t, a.or_all_false[t], 0);
    }
    /* The conversions in each rounding mode, and __frsqrt_rn, against bits worked out by hand:
     * 2^24 + 1 lies between the floats 2^24 and 2^24 + 2; 2^64 - 1 between 2^64 - 2^40 (0x5F7FFFFF)
     * and 2^64, and between 2^64 - 2^11 and 2^64 as a double; 0.1 between the floats 0x3DCCCCCC
     * (0.09999999404) and 0x3DCCCCCD (0.10000000149); 1/sqrt(2) = 0.7071067812 is nearer
     * 0x3F3504F3 (0.7071067691) than 0x3F3504F4 (0.7071068287). */
    expect("__ll2float_rz(2^24 + 1)", 0, __float_as_uint(__ll2float_rz(16777217LL)), 0x4B800000);
    expect("__ll2float_ru(2^24 + 1)", 0, __float_as_uint(__ll2float_ru(16777217LL)), 0x4B800001);
    expect("__ll2float_rd(-(2^24 + 1))", 0, __float_as_uint(__ll2float_rd(-16777217LL)), 0xCB800001);
    expect("__int2float_ru(2^24 + 1)", 0, __float_as_uint(__int2float_ru(16777217)), 0x4B800001);
    expect("__ull2float_rd(2^64 - 1)", 0, __float_as_uint(__ull2float_rd(~0ull)), 0x5F7FFFFF);
    expect("__ull2float_ru(2^64 - 1)", 0, __float_as_uint(__ull2float_ru(~0ull)), 0x5F800000);
    expect("__ull2float_rn(2^64 - 1)", 0, __float_as_uint(__ull2float_rn(~0ull)), 0x5F800000);
    expect("__ull2double_rz(2^64 - 1)", 0, __double_as_longlong(__ull2double_rz(~0ull)), 0x43EFFFFFFFFFFFFFll);
    expect("__ull2double_ru(2^64 - 1)", 0, __double_as_longlong(__ull2double_ru(~0ull)), 0x43F0000000000000ll);
    /* 0 is +0 in every mode (clang's own unsigned conversion gave -0 rounding down) */
    expect("__ull2double_rd(0)", 0, __double_as_longlong(__ull2double_rd(0ull)), 0);
    expect("__ll2float_rd(0)", 0, __float_as_uint(__ll2float_rd(0ll)), 0);
    expect("__ll2double_rd(-3)", 0, __double_as_longlong(__ll2double_rd(-3ll)), (long long)0xC008000000000000ull);
    expect("__ull2float_rd(2^63 + 1)", 0, __float_as_uint(__ull2float_rd(0x8000000000000001ull)), 0x5F000000);
    expect("__ull2float_ru(2^63 + 1)", 0, __float_as_uint(__ull2float_ru(0x8000000000000001ull)), 0x5F000001);
    expect("__ll2float_rn(2^24 + 3)", 0, __float_as_uint(__ll2float_rn(16777219ll)), 0x4B800002);
    expect("__double2float_rz(0.1)", 0, __float_as_uint(__double2float_rz(0.1)), 0x3DCCCCCC);
    expect("__double2float_ru(0.1)", 0, __float_as_uint(__double2float_ru(0.1)), 0x3DCCCCCD);
    expect("__double2float_rd(-0.1)", 0, __float_as_uint(__double2float_rd(-0.1)), 0xBDCCCCCD);
    /* NaNs, as the H100's hashes of conversions.cu require: the payload's top bits kept, quieted;
       to an integer, only the top bit set. */
    expect("__double2float_rz(NaN)", 0, __float_as_uint(__double2float_rz(__longlong_as_double(0x7FF4000000000001ll))),
           0x7FE00000);
    expect("__double2float_rd(-NaN)", 0, __float_as_uint(__double2float_rd(__longlong_as_double((long long)0xFFF0000020000000ull))),
           0xFFC00001);
    expect("__double2uint_rn(NaN)", 0, __double2uint_rn(__longlong_as_double(0x7FF8000000000000ll)), 0x80000000ll);
    expect("__double2int_ru(NaN)", 0, (unsigned)__double2int_ru(__longlong_as_double(0x7FF8000000000000ll)), 0x80000000ll);
    expect("__float2ull_rz(NaN)", 0, (long long)__float2ull_rz(__int_as_float(0x7FC00000)), (long long)0x8000000000000000ull);
    expect("__double2ll_rd(NaN)", 0, __double2ll_rd(__longlong_as_double(0x7FF8000000000000ll)), (long long)0x8000000000000000ull);
    expect("__frsqrt_rn(4)", 0, __float_as_uint(__frsqrt_rn(4.0f)), 0x3F000000);
    expect("__frsqrt_rn(2)", 0, __float_as_uint(__frsqrt_rn(2.0f)), 0x3F3504F3);
    expect("__frsqrt_rn(-0)", 0, __float_as_uint(__frsqrt_rn(-0.0f)), 0xFF800000);
    expect("__frsqrt_rn(-1)", 0, __float_as_uint(__frsqrt_rn(-1.0f)), 0x7FFFFFFF);
    expect("__double2hiint(1)", 0, __double2hiint(1.0), 0x3FF00000);
    expect("__double2loint(1)", 0, __double2loint(1.0), 0);
    expect("__hiloint2double(0x40000000, 0)", 0, (long long)__hiloint2double(0x40000000, 0), 2);
    expect("__float2ull_ru(1.5)", 0, (long long)__float2ull_ru(1.5f), 2);
    expect("__float2ull_rd(-1.5): saturated", 0, (long long)__float2ull_rd(-1.5f), 0);
    expect("__double2uint_ru(2^32 - 0.5): saturated", 0, __double2uint_ru(4294967295.5), 4294967295ll);
    expect("__double2ll_rd(-2.5)", 0, __double2ll_rd(-2.5), -3);
    expect("__double2int_ru(2.1)", 0, __double2int_ru(2.1), 3);
    if (failures)
        return 1;
    printf("the C subset: %d threads, every sync point as expected; the conversions too\n", THREADS);
    return 0;
}
