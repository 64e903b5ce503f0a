/* bitonic: a bitonic sort of one key per lane across the warp. Stage
 * (k, j) pairs lane with lane ^ j through __shfl_xor_sync; each lane keeps
 * the smaller or the larger of the two keys, by whether it is the lower
 * lane of the pair and whether its k-block sorts up or down. log2(lanes)
 * rounds of k make 1+2+...+5 = 15 stages on 32 lanes (21 on 64): semantics.md
 * 7 measured this 15-stage network bit-exact on an H200, and found
 * that the 5-stage shortcut (seed-xor-sort) does not sort.
 *
 * --pairs carries the input index (the lane) with each key, so "value" is
 * the argsort. NaN keys compare false both ways, so a lane holding or
 * meeting a NaN keeps its own key: the result is still a permutation of
 * the input, but not sorted. One compare-exchange never swaps equal keys
 * (-0 and +0 compare equal), but the network is not stable: equal keys
 * end in an order the stages decide, so -0 and +0 can come out interleaved. */
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, 0);
    if (!k)
        return;
    bool pairs = r->params.pairs, descending = r->params.descending;
    ws_reg lane = wk_var_of(k, "lane", WS_U32), key = wk_var(k, "key"), p = wk_var(k, "p");
    ws_reg value = pairs ? wk_var_of(k, "value", WS_U32) : WS_NO_REG;
    ws_reg pv = pairs ? wk_var_of(k, "pv", WS_U32) : WS_NO_REG;
    ws_reg up = wk_var_of(k, "up", WS_U32), lower = wk_var_of(k, "lower", WS_U32);
    ws_reg lt = wk_var_of(k, "lt", WS_U32), gt = wk_var_of(k, "gt", WS_U32);
    ws_reg other_dir = wk_var_of(k, "other_dir", WS_U32), take = wk_var_of(k, "take", WS_U32);

    wk_stmt(k, "int lane = threadIdx.x %% warpSize;");
    wk_lane_id(k, lane);
    wk_stmt(k, "T key = in[lane];");
    wk_load_lanes(k, key, r->input, r->n_input, 0);
    if (pairs) {
        wk_stmt(k, "unsigned value = lane;");
        wk_mov(k, value, lane);
    }
    for (int size = 2; size <= k->lanes; size *= 2) {
        wk_stmt(k, "bool up = ((lane & %d) %s 0);", size, descending ? "!=" : "==");
        wk_binop_imm(k, WS_AND, up, lane, (uint64_t)size);
        wk_cmp_imm(k, descending ? WS_NE : WS_EQ, up, up, 0);
        for (int j = size / 2; j > 0; j /= 2) {
            wk_stmt(k, "T p = __shfl_xor_sync(%s, key, %d);", k->full_text, j);
            wk_shfl_xor(k, p, key, j, k->lanes);
            if (pairs) {
                wk_stmt(k, "unsigned pv = __shfl_xor_sync(%s, value, %d);", k->full_text, j);
                wk_shfl_xor(k, pv, value, j, k->lanes);
            }
            wk_stmt(k, "bool lower = (lane & %d) == 0;", j);
            wk_binop_imm(k, WS_AND, lower, lane, (uint64_t)j);
            wk_cmp_imm(k, WS_EQ, lower, lower, 0);
            /* lower == up: keep the smaller key; otherwise the larger. */
            wk_stmt(k, "bool take = lower == up ? (p < key) : (p > key);");
            wk_binop(k, WS_XOR, other_dir, lower, up);
            wk_cmp(k, WS_LT, lt, p, key);
            wk_cmp(k, WS_GT, gt, p, key);
            wk_select(k, take, other_dir, gt, lt);
            wk_stmt(k, "key = take ? p : key;");
            wk_select(k, key, take, p, key);
            if (pairs) {
                wk_stmt(k, "value = take ? pv : value;");
                wk_select(k, value, take, pv, value);
            }
        }
    }
    wk_output_lanes(k, "key", key);
    if (pairs)
        wk_output_lanes(k, "value", value);
    wk_warp_end(k);
}

const wk_program wk_prog_bitonic = {
    .name = "bitonic",
    .summary = "bitonic sort of one key per lane: 15 shfl_xor compare-exchange stages on 32 lanes, 21 on 64",
    .cuda = "int lane = threadIdx.x % warpSize;\n"
            "T key = in[lane];\n"
            "unsigned value = lane;                                  // --pairs\n"
            "for (int k = 2; k <= warpSize; k *= 2) {\n"
            "    bool up = ((lane & k) == 0);                        // --descending: != 0\n"
            "    for (int j = k / 2; j > 0; j /= 2) {\n"
            "        T p = __shfl_xor_sync(FULL_MASK, key, j);\n"
            "        unsigned pv = __shfl_xor_sync(FULL_MASK, value, j); // --pairs\n"
            "        bool lower = (lane & j) == 0;\n"
            "        bool take = lower == up ? (p < key) : (p > key);\n"
            "        key = take ? p : key;\n"
            "        value = take ? pv : value;                      // --pairs\n"
            "    }\n"
            "}\n"
            "// NaN keys compare false: they stay put, the result is a permutation, not sorted",
    .types = WK_NUMBERS,
    .profiles = WK_ALL_PROFILES,
    .options = WK_OPT_ORDER | WK_OPT_PAIRS,
    .default_gen = "rand:1",
    .run = run,
    .fast = WK_FAST_BITONIC,
};
