/* cg-scan-excl: cooperative_groups::exclusive_scan(tile32, v, cg::plus<T>())
 * (details/coalesced_scan.h, convert_inclusive_to_exclusive; semantics.md 5.2).
 * The inclusive scan of cg-scan-incl (own + lower at each step), then:
 *   - cg::plus on an integral T: e = inclusive - x (wrapping, exact);
 *   - any other T (f32, f64): e = tile.shfl_up(inclusive, 1), and rank 0
 *     gets T{} = +0.0 (compiled as a selp with 0f00000000). No addition:
 *     a -0.0 inclusive value passes to the next lane as -0.0 (CUB's
 *     ExclusiveSum adds 0.0 first and turns it into +0.0, semantics.md 5.4).
 * sym takes the float path, as CG would for a user type with plus: the
 * counts are the same either way, and the trace shows the shuffle. sm90
 * only. */
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg x = wk_var(k, "x"), v = wk_var(k, "v"), t = wk_var(k, "t"), s = wk_var(k, "s");
    ws_reg e = wk_var(k, "e"), zero = wk_var(k, "zero");
    ws_reg rank = wk_var_of(k, "rank", WS_U32), p = wk_var_of(k, "p", WS_U32);

    wk_stmt(k, "unsigned rank = tile.thread_rank();");
    wk_lane_id(k, rank);
    wk_stmt(k, "T x = in[rank];");
    wk_load_lanes(k, x, r->input, r->n_input, 0);
    wk_stmt(k, "T v = x;  // inclusive_scan_contiguous: out = val");
    wk_mov(k, v, x);
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
    if (!wk_elem_is_float(k->type) && k->type != WK_SYM) {
        wk_stmt(k, "T e = v - x;  // plus on an integral T: inclusive - val");
        wk_sub(k, e, v, x);
    } else {
        wk_stmt(k, "T e = tile.shfl_up(v, 1);  // __shfl_up_sync(%s, v, 1, 32)", k->full_text);
        wk_shfl_up(k, e, v, 1, 32);
        wk_stmt(k, "if (rank == 0) e = T{};  // selp e, 0, e, p");
        wk_zero(k, zero);
        wk_cmp_imm(k, WS_EQ, p, rank, 0);
        wk_select(k, e, p, zero, e);
    }
    wk_output_lanes(k, "v", e);
    wk_output_lanes(k, "inclusive", v);
    wk_warp_end(k);
}

const wk_program wk_prog_cg_scan_excl = {
    .name = "cg-scan-excl",
    .summary = "cg::exclusive_scan on a tile of 32: inclusive - x for integers, shfl_up by one for floats",
    .cuda = "auto tile = cg::tiled_partition<32>(cg::this_thread_block());\n"
            "T e = cg::exclusive_scan(tile, in[tile.thread_rank()], cg::plus<T>());\n"
            "// inside (details/coalesced_scan.h): v = the inclusive scan, then\n"
            "//   integral T: e = v - x;\n"
            "//   otherwise:  e = tile.shfl_up(v, 1); if (tile.thread_rank() == 0) e = T{};",
    .types = WK_ALL_ELEMS,
    .profiles = WK_NVIDIA,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_CG_SCAN_EXCL,
};
