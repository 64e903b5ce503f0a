/* scan-excl: the exclusive scan built from scan-incl. After the
 * Hillis-Steele inclusive scan (lower + own at each step: the f64 operand
 * order measured on the H200, programs/README.md) every
 * lane takes its lower neighbour's inclusive value with one more shfl_up;
 * lane 0, whose shfl_up is out of range (semantics.md 1.1: it gets its own value
 * back), is set to 0 (T{}: 0, +0.0, or the empty sum). Lane i ends with
 * in[0] + ... + in[i-1].
 *
 * Why not `incl - in[lane]`: for integers it gives the same bits (the
 * wrapping sum is exact), but for floats the subtraction rounds again, so
 * (a + b) - b is not always a, and the lane that holds an inf computes
 * inf - inf = NaN instead of the finite sum before it. The shift copies
 * the exact bits lane i-1 computed, for every type; cg::exclusive_scan
 * does the same for floats (semantics.md 5.2). */
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v"), t = wk_var(k, "t"), e = wk_var(k, "e");
    ws_reg lane = wk_var_of(k, "lane", WS_I32), c = wk_var_of(k, "c", WS_U32);

    wk_stmt(k, "int lane = threadIdx.x %% warpSize;");
    wk_lane_id(k, lane);
    wk_stmt(k, "T v = in[lane];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    for (int d = 1; d < k->lanes; d *= 2) {
        wk_stmt(k, "T t = __shfl_up_sync(%s, v, %d);", k->full_text, d);
        wk_shfl_up(k, t, v, d, k->lanes);
        wk_stmt(k, "if (lane >= %d) v += t;", d);
        wk_cmp_imm(k, WS_GE, c, lane, ws_imm_i32(d));
        wk_if(k, c);
        wk_add(k, v, t, v); /* peer first: the f64 NaN order of the compiled code (programs/README.md) */
        wk_end_if(k);
        wk_show(k, v);
    }
    wk_stmt(k, "T e = __shfl_up_sync(%s, v, 1);", k->full_text);
    wk_shfl_up(k, e, v, 1, k->lanes);
    wk_stmt(k, "if (lane == 0) e = 0;");
    wk_cmp_imm(k, WS_EQ, c, lane, ws_imm_i32(0));
    wk_if(k, c);
    wk_zero(k, e);
    wk_end_if(k);
    wk_show(k, e);

    wk_output_lanes(k, "v", e);
    wk_output_lanes(k, "inclusive", v);
    wk_warp_end(k);
}

const wk_program wk_prog_scan_excl = {
    .name = "scan-excl",
    .summary = "exclusive scan: the inclusive shfl_up scan shifted up one lane, lane 0 gets 0",
    .cuda = "int lane = threadIdx.x % warpSize;\n"
            "T v = in[lane];\n"
            "for (int d = 1; d < warpSize; d *= 2) {\n"
            "    T t = __shfl_up_sync(FULL_MASK, v, d);\n"
            "    if (lane >= d) v += t;\n"
            "}\n"
            "T e = __shfl_up_sync(FULL_MASK, v, 1);\n"
            "if (lane == 0) e = 0;\n"
            "// lane i holds in[0] + ... + in[i-1]; lane 0 holds 0",
    .types = WK_ALL_ELEMS,
    .profiles = WK_ALL_PROFILES,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_SCAN_EXCL,
};
