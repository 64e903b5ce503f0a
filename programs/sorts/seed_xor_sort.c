/* seed-xor-sort: a counterexample, kept for teaching. It does NOT sort.
 *
 * A popular article "sorts" a warp with one compare-exchange per xor
 * stride: for j = 16, 8, 4, 2, 1 the lower lane of each pair (lane, lane ^ j)
 * keeps min(key, p), the upper keeps max. semantics.md 7: on an H200 this
 * left 4,096 of 4,096 random warps unsorted. A bitonic network on 32 lanes
 * needs 5*6/2 = 15 stages (see `bitonic`); these 5 are only its last round,
 * the merge, which sorts a *bitonic* input (e.g. keys that fall then rise)
 * and nothing else.
 *
 * The trace shows why, lane by lane. After stage j = 16, lane i holds
 * min(x_i, x_i+16) and lane i+16 the max: the two halves are only pairwise
 * ordered, and no later stage crosses between them (j = 8..1 pair lanes
 * inside a half). So a large key that lands in the lower half stays there:
 * with x_0 = 90, x_16 = 95 and x_1 = 1, x_17 = 2, lane 0 keeps 90 while 2
 * sits in the upper half. The same happens again inside each half at j = 8,
 * and so on down.
 *
 * min/max on floats are CUDA's fminf/fmaxf (semantics.md 7): a NaN key counts as
 * missing, so the pair's other key is kept in both lanes and the NaN is
 * lost; -0 counts as smaller than +0. */
#include "program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, 0);
    if (!k)
        return;
    ws_reg lane = wk_var_of(k, "lane", WS_U32), key = wk_var(k, "key"), p = wk_var(k, "p");
    ws_reg lower = wk_var_of(k, "lower", WS_U32), lo = wk_var(k, "lo"), hi = wk_var(k, "hi");

    wk_stmt(k, "int lane = threadIdx.x %% warpSize;");
    wk_lane_id(k, lane);
    wk_stmt(k, "T key = in[lane];");
    wk_load_lanes(k, key, r->input, r->n_input, 0);
    for (int j = k->lanes / 2; j > 0; j /= 2) {
        wk_stmt(k, "T p = __shfl_xor_sync(%s, key, %d);", k->full_text, j);
        wk_shfl_xor(k, p, key, j, k->lanes);
        wk_stmt(k, "key = (lane & %d) == 0 ? min(key, p) : max(key, p);", j);
        wk_binop_imm(k, WS_AND, lower, lane, (uint64_t)j);
        wk_cmp_imm(k, WS_EQ, lower, lower, 0);
        /* Two NaNs: the first stage's min/max return p's payload on the
         * H200 (the operand order ptxas chose; programs/README.md). */
        bool p_first = j == k->lanes / 2;
        wk_binop(k, WS_MIN, lo, p_first ? p : key, p_first ? key : p);
        wk_binop(k, WS_MAX, hi, p_first ? p : key, p_first ? key : p);
        wk_select(k, key, lower, lo, hi);
        wk_show(k, key);
    }
    wk_output_lanes(k, "key", key);
    wk_warp_end(k);
}

const wk_program wk_prog_seed_xor_sort = {
    .name = "seed-xor-sort",
    .summary = "COUNTEREXAMPLE: 5 xor compare-exchange stages do NOT sort a warp (H200: 4,096 of 4,096 random "
               "warps unsorted; a bitonic sort needs 15 stages)",
    .cuda = "// From a popular article. It does NOT sort: it is only the last\n"
            "// (merge) round of a bitonic sort, which needs 15 stages on 32 lanes.\n"
            "int lane = threadIdx.x % warpSize;\n"
            "T key = in[lane];\n"
            "for (int j = 16; j > 0; j /= 2) {\n"
            "    T p = __shfl_xor_sync(FULL_MASK, key, j);\n"
            "    key = (lane & j) == 0 ? min(key, p) : max(key, p);\n"
            "}",
    .types = WK_NUMBERS,
    .profiles = WK_NVIDIA,
    .options = 0,
    .default_gen = "rand:1",
    .run = run,
};
