/* programs/fast/device_reduce_fast.h: device-reduce without the warp model.
 *
 * The same bits as programs/reductions/device_reduce.c, untraced, with the
 * input fed in chunks (a file or a generator can stream through it) or
 * given in memory. Kernel 1's grid-stride loop is the costly part: global
 * thread g = b*B + t sums in[g], in[g + S], in[g + 2S], ... (S = G*B), from
 * +0 and with its running sum as the first operand, as the model does. The
 * state keeps one accumulator per thread (min(n, S) of them are in use; the
 * array grows by doubling, up to S, and unused ones stay +0) and
 * adds whole rows of S inputs to them with a loop that vectorises; OpenMP
 * threads split the accumulators (columns), never the rows, so every
 * accumulator sees its inputs in order and the bits do not depend on the
 * thread count. The block reductions (the shfl_down trees of block-reduce,
 * absent lanes of a partial warp reading 0) and kernel 2 over the G
 * partials run on the same element operations in plain C.
 *
 * Values are raw bits at the element's native size: 4 bytes for i32, u32
 * and f32, 8 for f64, i64 and u64 (not sym). Element operations give the
 * model's bits (src/fpops.c): f32 NaN results 0x7FFFFFFF, f64 the first NaN
 * operand quieted, integers wrap. */
#ifndef WARPSIM_PROGRAMS_DEVICE_REDUCE_FAST_H
#define WARPSIM_PROGRAMS_DEVICE_REDUCE_FAST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "warpsim/warpsim.h"

#include "runtime/elem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One launch: element type (not sym), the profile (its lanes per warp and
 * what a read of an absent lane gives; 0 is sm90), G and B. */
typedef struct wk_dr_shape {
    wk_elem type;
    ws_profile_id profile;
    int grid, block;
} wk_dr_shape;

/* A reduction in progress: feed it the inputs in order, then finish. */
typedef struct wk_dr_state {
    wk_dr_shape shape;
    size_t stride;       /* S = G * B */
    size_t width;        /* bytes per value: 4 or 8 */
    size_t fed;          /* values fed so far */
    void *acc;           /* the accumulators of threads 0 .. min(fed, S) - 1 */
    size_t acc_len;      /* how many of them exist (the rest are still +0) */
} wk_dr_state;

/* False with a reason in err when the shape is invalid (type sym, an
 * unknown profile, grid 1..WK_MAX_GRID, block 1..WK_MAX_BLOCK). */
bool wk_dr_begin(wk_dr_state *s, const wk_dr_shape *shape, char *err, size_t err_size);
/* The next `count` input values (native size). False when out of memory. */
bool wk_dr_feed(wk_dr_state *s, const void *values, size_t count, char *err, size_t err_size);
/* Runs the block reductions and kernel 2: *sum gets the result and
 * partials[0 .. G-1] the block sums (raw bits, zero-extended). Frees the
 * state. False when no value was fed (the program needs n >= 1). */
bool wk_dr_finish(wk_dr_state *s, uint64_t *sum, uint64_t *partials, char *err, size_t err_size);
/* Frees a state that will not be finished. */
void wk_dr_abort(wk_dr_state *s);

/* The whole reduction of n values in memory (native size). */
bool wk_device_reduce_fast(const wk_dr_shape *shape, const void *in, size_t n, uint64_t *sum,
                           uint64_t *partials, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif
#endif
