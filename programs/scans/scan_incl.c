/* scan-incl: the Hillis-Steele inclusive scan with shfl_up. At step d
 * (1, 2, 4, ..., lanes/2) every lane reads the lane d below it and adds it
 * to its own value (t first: the f64 operand order measured on the H200,
 * programs/README.md); lanes below d read out of range (semantics.md 1.1:
 * they get their own value back) and skip the add. Lane i ends with
 * in[0] + ... + in[i], summed in the tree order of semantics.md 5.5 (the order
 * cg::inclusive_scan and CUB's InclusiveSum also use). A lane only ever
 * reads lanes below it, so with --threads N the present lanes still get
 * their prefix sums. */
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v"), t = wk_var(k, "t");
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
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_scan_incl = {
    .name = "scan-incl",
    .summary = "Hillis-Steele inclusive scan with shfl_up: lane i ends with in[0] + ... + in[i]",
    .cuda = "int lane = threadIdx.x % warpSize;\n"
            "T v = in[lane];\n"
            "for (int d = 1; d < warpSize; d *= 2) {\n"
            "    T t = __shfl_up_sync(FULL_MASK, v, d);\n"
            "    if (lane >= d) v += t;\n"
            "}\n"
            "// lane i holds in[0] + ... + in[i]",
    .types = WK_ALL_ELEMS,
    .profiles = WK_ALL_PROFILES,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_SCAN_INCL,
};
