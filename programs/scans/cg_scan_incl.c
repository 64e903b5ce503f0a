/* cg-scan-incl: cooperative_groups::inclusive_scan(tile32, v, cg::plus<T>())
 * as the library runs it (details/coalesced_scan.h,
 * inclusive_scan_contiguous; semantics.md 5.2): at step d = 1, 2, ..., 16 every
 * rank takes tile.shfl_up(v, d) (__shfl_up_sync with width 32) and, when
 * d <= rank, v = plus(v, t): own value first, then the lower lane. The
 * compiler turns the `if` into an add in every lane and a selp that keeps
 * v where rank < d (semantics.md 5.2 [PTX]); the model does the same. CG has no
 * integer redux path for scans, so every type takes this loop. sm90 only:
 * cooperative groups and the tile of 32 are CUDA's. */
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v"), t = wk_var(k, "t"), s = wk_var(k, "s");
    ws_reg rank = wk_var_of(k, "rank", WS_U32), p = wk_var_of(k, "p", WS_U32);

    wk_stmt(k, "unsigned rank = tile.thread_rank();");
    wk_lane_id(k, rank);
    wk_stmt(k, "T v = in[rank];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    for (int d = 1; d < 32; d *= 2) {
        wk_stmt(k, "T t = tile.shfl_up(v, %d);  // __shfl_up_sync(%s, v, %d, 32)", d, k->full_text, d);
        wk_shfl_up(k, t, v, d, 32);
        wk_stmt(k, "if (%d <= rank) v = cg::plus<T>()(v, t);  // add, then selp keeps v for rank < %d", d, d);
        if (d == 1) /* t first at d = 1: the f64 NaN order of the compiled code (programs/README.md) */
            wk_add(k, s, t, v);
        else
            wk_add(k, s, v, t);
        wk_cmp_imm(k, WS_GE, p, rank, d);
        wk_select(k, v, p, s, v);
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_cg_scan_incl = {
    .name = "cg-scan-incl",
    .summary = "cg::inclusive_scan on a tile of 32: Hillis-Steele, own + lower at each step",
    .cuda = "auto tile = cg::tiled_partition<32>(cg::this_thread_block());\n"
            "T v = cg::inclusive_scan(tile, in[tile.thread_rank()], cg::plus<T>());\n"
            "// inside (details/coalesced_scan.h):\n"
            "//   for (int d = 1; d < 32; d <<= 1) {\n"
            "//       T t = tile.shfl_up(v, d);\n"
            "//       if (d <= tile.thread_rank()) v = op(v, t);\n"
            "//   }",
    .types = WK_ALL_ELEMS,
    .profiles = WK_NVIDIA,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_PRED_SCAN,
};
