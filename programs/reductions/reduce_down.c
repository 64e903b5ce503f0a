/* reduce-down: the classic shfl_down tree (offsets 16, 8, 4, 2, 1 on 32
 * lanes; 32..1 on 64). Lane 0 ends with the sum; a lane whose source is out
 * of range adds its own value, so lane i ends with more than its share
 * (semantics.md 7: with v = lane, lane i holds 496 + 16*i). */
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v"), t = wk_var(k, "t");

    wk_stmt(k, "v = in[lane];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    for (int offset = k->lanes / 2; offset > 0; offset /= 2) {
        wk_stmt(k, "v += __shfl_down_sync(%s, v, %d);", k->full_text, offset);
        wk_shfl_down(k, t, v, offset, k->lanes);
        wk_add(k, v, t, v); /* peer first: the f64 NaN order of the compiled code (programs/README.md) */
        wk_show(k, v);
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_reduce_down = {
    .name = "reduce-down",
    .summary = "the classic shfl_down tree: lane 0 ends with the sum",
    .cuda = "T v = in[lane];\n"
            "for (int offset = warpSize / 2; offset > 0; offset /= 2)\n"
            "    v += __shfl_down_sync(FULL_MASK, v, offset);\n"
            "// lane 0 holds the sum",
    .types = WK_ALL_ELEMS,
    .profiles = WK_ALL_PROFILES,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_REDUCE_DOWN,
};
