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
    if (failures)
        return 1;
    printf("the C subset: %d threads, every sync point as expected\n", THREADS);
    return 0;
}
