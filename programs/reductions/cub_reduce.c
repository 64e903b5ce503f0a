/* cub-reduce: cub::WarpReduce<T>::Sum on a logical warp of 32 (semantics.md 5.3).
 * For i32/u32 on sm80+ it is one __reduce_add_sync: every lane gets the
 * total. Otherwise it is CUB's inline PTX, a shfl_down sweep at offsets 1,
 * 2, 4, 8, 16 (ascending) with c = last_lane | ((32 - L) << 8) = 0x1f:
 *     shfl.sync.down.b32 r0|p, v, offset, 0x1f, 0xffffffff;
 *     @p add.f32 r0, r0, v;  v = r0;
 * so v = p ? peer + own : own (peer first) for f32, and for sym, whose
 * handles move as one 32-bit word. Raw shfl.sync moves 32 bits, so f64 and
 * 64-bit integers go as two words, lo then hi, each setting the same
 * predicate, as CUB's asm does; f64 adds own + peer (@p add.f64 v, v, r0),
 * the integers peer + own. Lane 0 ends with the sum; lane l keeps the sum
 * of lanes l..31 in the order the recurrence adds them (lane 31 its own
 * value): a bit-exact model must reproduce these too (semantics.md 5.3, 7). */
#include <stdio.h>

#include "runtime/cub.h"
#include "runtime/program.h"

enum { LOGICAL_WARP = 32, LAST_LANE = LOGICAL_WARP - 1 };

/* c = last_lane | ((32 - L) << 8) */
static const uint32_t shfl_c = LAST_LANE | ((32 - LOGICAL_WARP) << 8);

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v");

    wk_stmt(k, "T v = in[lane];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    if (k->type == WK_I32 || k->type == WK_U32) {
        /* warp_reduce_shfl.cuh: integral, at most 4 bytes, plus, all lanes valid, sm80+ */
        wk_stmt(k, "v = __reduce_add_sync(%s, v);", k->full_text);
        wk_reduce(k, WK_OP_ADD, k->full, v, v);
    } else {
        ws_reg r0 = wk_var(k, "r0"), p = wk_var_of(k, "p", WS_U32);
        for (int offset = 1; offset < LOGICAL_WARP; offset *= 2) {
            char caller[64];
            snprintf(caller, sizeof caller, "ReduceStep(v, plus, %d, %d)", LAST_LANE, offset);
            cub_shfl_add_step(k, WS_COLL_SHFL_DOWN, v, r0, p, offset, shfl_c, caller);
        }
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_cub_reduce = {
    .name = "cub-reduce",
    .summary = "cub::WarpReduce<T>::Sum: redux for 32-bit ints, else CUB's ascending shfl_down PTX",
    .cuda = "using WarpReduce = cub::WarpReduce<T>;   // logical warp of 32 lanes\n"
            "__shared__ typename WarpReduce::TempStorage temp;\n"
            "T v = in[lane];\n"
            "T sum = WarpReduce(temp).Sum(v);\n"
            "// i32/u32 (sm80+): __reduce_add_sync(0xffffffff, v), every lane holds the sum\n"
            "// otherwise, CUB's inline PTX for offset = 1, 2, 4, 8, 16:\n"
            "//   shfl.sync.down.b32 r0|p, v, offset, 0x1f, 0xffffffff;\n"
            "//   @p add.f32 r0, r0, v;  v = r0;        (peer + own)\n"
            "//   f64: {lo, hi} shuffled as two words, @p add.f64 v, v, r0 (own + peer)\n"
            "//   i64/u64: {lo, hi} shuffled as two words, @p add r0, r0, v\n"
            "// lane 0 holds the sum; the other lanes keep partial sums",
    .types = WK_ALL_ELEMS,
    .profiles = WK_NVIDIA,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_CUB_REDUCE,
};
