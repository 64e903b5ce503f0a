/* programs/fast/warp_plan.h: what the fast path runs for one program, worked
 * out once per call: the steps of the program and, for each step, the lane
 * every lane reads (from the library's shuffle formula for the profile). */
#ifndef WARPSIM_PROGRAMS_FAST_WARP_PLAN_H
#define WARPSIM_PROGRAMS_FAST_WARP_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "fast_warps.h"
#include "runtime/kernel.h"
#include "runtime/program.h"

enum { FAST_MAX_STEPS = 32 };

/* One shuffle step: the shuffle's b (offset, delta or lane mask), for
 * bitonic its block size, and the lane each lane reads. */
typedef struct fast_step {
    int b;
    int size;
    unsigned char src[64];
} fast_step;

typedef struct fast_plan {
    wk_fast_kind algo;   /* one of the per-warp kinds (not NONE or DEVICE_REDUCE) */
    wk_elem type;
    int lanes;
    bool descending;
    int n_steps;         /* the scan steps or the network's stages (scan-excl: not its last shift) */
    fast_step steps[FAST_MAX_STEPS];
    fast_step shift;     /* scan-excl: e = shfl_up(v, 1) */
    int n_outputs;       /* outputs: 1; 2 for the exclusive scans; 3 for ballot-compact */
    wk_redop op;         /* WK_FAST_REDUX: the operation (integers only) */
    const char *output_names[WK_FAST_MAX_OUTPUTS];
    /* Outputs other than one value of the type per lane (ballot-compact, transpose8):
     * wk_fast_shape_of describes them; wk_fast_output_names, which run.c's hook reads
     * as per-lane values of the type, leaves them out. */
    bool shaped;
    int in_per_lane;     /* input values per lane: 1; transpose8 8 */
} fast_plan;

/* Fills the plan; false with a reason in err when the fast path does not
 * take this program with these params. */
bool fast_plan_make(fast_plan *plan, const wk_program *p, const wk_params *params, char *err, size_t err_size);

/* Whether the AVX-512 build runs this plan with each warp in registers
 * (warp_zmm.h) rather than through the batch layout: one output of a
 * 32-bit type on 32 or 64 lanes, with steps that add (the reductions, the
 * inclusive scans, CUB's reduce), move (broadcast) or compare-exchange
 * (bitonic), or a single __reduce_*_sync (reduce-redux); and ballot-compact
 * (its three outputs) and transpose8 on 32-bit types. */
bool fast_plan_in_registers(const fast_plan *pl);

#endif
