/* cub-scan-excl: cub::WarpScan<T>::ExclusiveSum on a full warp of 32
 * (warp_scan.cuh: ExclusiveSum calls ExclusiveScan(x, e, T{}, plus<>);
 * specializations/warp_scan_shfl.cuh: InclusiveScan, then Update; semantics.md
 * 5.4). The inclusive core is cub-scan-incl's hand-written PTX: per offset
 * 1, 2, 4, 8, 16, `shfl.sync.up.b32 r0|p, v, offset, 0, 0xffffffff` and
 * `@p add r0, r0, v` (peer + own; f64: own + peer; 64-bit values as two
 * 32-bit shuffles, low word first, as CUB's PTX does, because a raw
 * shfl.sync moves 32 bits). Then Update with initial_value = T{}:
 *   - integral T: inc = 0 + v; e = inc - x (wrapping, exact);
 *   - f32, f64: inc = 0.0 + v, a real add that turns -0.0 into +0.0;
 *     e = ShuffleUp<32>(inc, 1, 0, member_mask) (one raw shfl.sync.up per
 *     32-bit word, c = 0); lane 0 gets initial_value = +0.0 (a selp).
 * So unlike cg::exclusive_scan, a lane after a -0.0 inclusive value gets
 * +0.0. sym takes the float path (counts are the same either way). sm90
 * only. */
#include "runtime/cub.h"
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg x = wk_var(k, "x"), v = wk_var(k, "v"), r0 = wk_var(k, "r0"), inc = wk_var(k, "inc");
    ws_reg e = wk_var(k, "e"), zero = wk_var(k, "zero");
    ws_reg lane_id = wk_var_of(k, "lane_id", WS_U32), p = wk_var_of(k, "p", WS_U32);

    wk_stmt(k, "unsigned lane_id = laneid;  // WarpScanShfl(temp)");
    wk_lane_id(k, lane_id);
    wk_stmt(k, "T x = in[threadIdx.x];");
    wk_load_lanes(k, x, r->input, r->n_input, 0);
    wk_stmt(k, "T v = x;  // InclusiveScan(x, v, plus<>)");
    wk_mov(k, v, x);
    cub_inclusive_sum(k, v, r0, p);

    wk_stmt(k, "T inc = T{} + v;  // Update(): inclusive = scan_op(initial_value, inclusive)");
    wk_zero(k, zero);
    wk_add(k, inc, zero, v);
    if (!wk_elem_is_float(k->type) && k->type != WK_SYM) {
        wk_stmt(k, "T e = inc - x;  // integral T: exclusive = inclusive - input");
        wk_sub(k, e, inc, x);
    } else {
        wk_stmt(k, "T e = ShuffleUp<32>(inc, 1, 0, %s);  // shfl.sync.up.b32, c = 0, per 32-bit word",
                k->full_text);
        wk_shfl_ptx(k, WS_COLL_SHFL_UP, k->full, e, WS_NO_REG, inc, 1, 0);
        wk_stmt(k, "if (lane_id == 0) e = initial_value;  // selp e, 0, e, p");
        wk_cmp_imm(k, WS_EQ, p, lane_id, 0);
        wk_select(k, e, p, zero, e);
    }
    wk_output_lanes(k, "v", e);
    wk_output_lanes(k, "inclusive", v);
    wk_warp_end(k);
}

const wk_program wk_prog_cub_scan_excl = {
    .name = "cub-scan-excl",
    .summary = "cub::WarpScan<T>::ExclusiveSum: the InclusiveSum steps, then 0 + inclusive, shifted up one lane",
    .cuda = "using WarpScan = cub::WarpScan<T>;\n"
            "__shared__ typename WarpScan::TempStorage temp;\n"
            "T e;\n"
            "WarpScan(temp).ExclusiveSum(in[threadIdx.x], e);\n"
            "// = ExclusiveScan(x, e, T{}, plus<>): v = the InclusiveSum steps, inc = T{} + v, then\n"
            "//   integral T: e = inc - x;\n"
            "//   otherwise:  e = ShuffleUp(inc, 1); if (lane_id == 0) e = T{};",
    .types = WK_ALL_ELEMS,
    .profiles = WK_NVIDIA,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_CUB_SCAN_EXCL,
};
