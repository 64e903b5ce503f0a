/* reduce-xor: the butterfly all-reduce. At offset o each lane adds its
 * partner l ^ o (semantics.md 1.1, mode bfly; 16, 8, 4, 2, 1 on 32 lanes, 32..1 on
 * 64), so after log2(lanes) steps every lane holds the total. The partner
 * pair computes a + b and b + a: the same bits for f32 (semantics.md 5.1, 6.1), and
 * for f64 too unless both are NaNs with different payloads. */
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
        wk_stmt(k, "v += __shfl_xor_sync(%s, v, %d);", k->full_text, offset);
        wk_shfl_xor(k, t, v, offset, k->lanes);
        wk_add(k, v, t, v); /* peer first: the f64 NaN order of the compiled code (programs/README.md) */
        wk_show(k, v);
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_reduce_xor = {
    .name = "reduce-xor",
    .summary = "the xor butterfly: every lane ends with the sum",
    .cuda = "T v = in[lane];\n"
            "for (int offset = warpSize / 2; offset > 0; offset /= 2)\n"
            "    v += __shfl_xor_sync(FULL_MASK, v, offset);\n"
            "// every lane holds the sum",
    .types = WK_ALL_ELEMS,
    .profiles = WK_ALL_PROFILES,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_REDUCE_XOR,
};
