/* cg-reduce: cooperative_groups::reduce(tile32, v, cg::plus<T>()) in the
 * order of semantics.md 5.1. For 32-bit integers on sm80+ it is one
 * __reduce_add_sync: every lane gets the total. For everything else (f32,
 * f64, 64-bit integers, sym) it is the butterfly v = op(own, partner) with
 * partners l ^ 16, l ^ 8, ..., l ^ 1: every lane gets the total too, and for
 * f32 the same bits (each pair computes a + b and b + a). The leader's f32
 * sum differs from CUB's (cub-reduce) in most warps (semantics.md 5.5). */
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v");

    wk_stmt(k, "v = in[tile.thread_rank()];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    if (k->type == WK_I32 || k->type == WK_U32) {
        /* reduce.h: integral, sizeof(T) <= 4, cg::plus, a 32-tile, sm80+ */
        wk_stmt(k, "v = __reduce_add_sync(%s, v);", k->full_text);
        wk_reduce(k, WK_OP_ADD, k->full, v, v);
    } else {
        ws_reg t = wk_var(k, "t");
        for (int mask = 16; mask > 0; mask /= 2) {
            wk_stmt(k, "v = v + __shfl_xor_sync(%s, v, %d, 32);", k->full_text, mask);
            wk_shfl_xor(k, t, v, mask, 32);
            wk_add(k, v, t, v); /* peer first: the f64 NaN order of the compiled code (programs/README.md) */
            wk_show(k, v);
        }
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_cg_reduce = {
    .name = "cg-reduce",
    .summary = "cooperative_groups::reduce(tile32, v, plus): redux for 32-bit ints, else the xor butterfly",
    .cuda = "auto tile = cg::tiled_partition<32>(cg::this_thread_block());\n"
            "T v = in[tile.thread_rank()];\n"
            "v = cg::reduce(tile, v, cg::plus<T>());\n"
            "// i32/u32 (sm80+): v = __reduce_add_sync(0xffffffff, v);\n"
            "// otherwise: for (int m = 16; m > 0; m /= 2) v = v + __shfl_xor_sync(0xffffffff, v, m, 32);\n"
            "// every lane holds the sum",
    .types = WK_ALL_ELEMS,
    .profiles = WK_NVIDIA,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    /* The butterfly's bits in every lane for every type: for i32/u32 the
     * redux sum equals the butterfly's (integer adds in any order). */
    .fast = WK_FAST_REDUCE_XOR,
};
