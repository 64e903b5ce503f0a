/* transpose8: the shfl-based 8x8 transpose. Lane l holds row l & 7 of an
 * 8x8 tile in row[0..7] (input = 8 values per lane, in[l*8 + c]); lanes
 * 8t..8t+7 hold tile t. So on a 32-lane warp this is four independent 8x8
 * transposes (eight on 64 lanes), one per 8-lane group; no value leaves its
 * group.
 *
 * Step i (1..7) swaps, in every pair of rows r and r ^ i, the elements
 * (r, r ^ i) and (r ^ i, r): lane l sends row[(l & 7) ^ i] to lane l ^ i
 * and stores what it receives in the same slot. Element (r, c) moves only
 * at step r ^ c, so 7 shuffles of one element each transpose the tile, and
 * the diagonal (r ^ c = 0) never moves.
 *
 * row[idx] with a per-lane idx is not a register the hardware can name: a
 * compiler either keeps row[] in 8 registers and picks row[idx] with
 * compares and selects, or spills row[] to local memory and indexes it
 * (nvcc often does the latter); the values are the same either way. The
 * program takes the register reading: it selects row[idx], shuffles that
 * one value (shfl.sync.idx with the source lane in a register, semantics.md 1.1),
 * and writes it back into element idx with selects; each shuffle step
 * shows the shuffled value. */
#include <stdio.h>

#include "runtime/program.h"

#define ROW 8

static size_t input_count(const wk_params *p, int lanes, char *err, size_t err_size)
{
    (void)p;
    (void)err;
    (void)err_size;
    return (size_t)(ROW * lanes);
}

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, 0);
    if (!k)
        return;
    uint64_t m[ROW * 64] = {0};
    size_t len = (size_t)(ROW * k->lanes);
    ws_reg row[ROW], is[ROW];
    for (int c = 0; c < ROW; c++) {
        char name[16];
        snprintf(name, sizeof name, "row[%d]", c);
        row[c] = wk_var(k, name);
        snprintf(name, sizeof name, "is%d", c);
        is[c] = wk_var_of(k, name, WS_U32);
    }
    ws_reg lane = wk_var_of(k, "lane", WS_U32), addr = wk_var_of(k, "addr", WS_U32);
    ws_reg idx = wk_var_of(k, "idx", WS_U32), src = wk_var_of(k, "src_lane", WS_U32);
    ws_reg sel = wk_var(k, "sel"), got = wk_var(k, "got");

    wk_stmt(k, "int lane = threadIdx.x %% warpSize;");
    wk_lane_id(k, lane);
    for (int c = 0; c < ROW; c++) {
        wk_stmt(k, "row[%d] = in[lane * 8 + %d];", c, c);
        wk_binop_imm(k, WS_SHL, addr, lane, 3);
        wk_binop_imm(k, WS_ADD, addr, addr, (uint64_t)c);
        wk_load_idx(k, row[c], r->input, r->n_input, addr);
    }
    for (int i = 1; i < ROW; i++) {
        wk_stmt(k, "int idx = (lane & 7) ^ %d;", i);
        wk_binop_imm(k, WS_AND, idx, lane, 7);
        wk_binop_imm(k, WS_XOR, idx, idx, (uint64_t)i);
        wk_stmt(k, "row[idx] = __shfl_sync(%s, row[idx], lane ^ %d);", k->full_text, i);
        wk_binop_imm(k, WS_XOR, src, lane, (uint64_t)i);
        for (int c = 0; c < ROW; c++)
            wk_cmp_imm(k, WS_EQ, is[c], idx, (uint64_t)c);
        /* sel = row[idx]: pick it out of the eight registers */
        wk_mov(k, sel, row[0]);
        for (int c = 1; c < ROW; c++)
            wk_select(k, sel, is[c], row[c], sel);
        wk_shfl_var(k, WS_COLL_SHFL_IDX, k->full, got, sel, src, k->lanes);
        /* row[idx] = got: write it back into element idx only */
        for (int c = 0; c < ROW; c++)
            wk_select(k, row[c], is[c], got, row[c]);
        wk_show(k, got);
    }
    for (int c = 0; c < ROW; c++) {
        wk_stmt(k, "m[lane * 8 + %d] = row[%d];", c, c);
        wk_binop_imm(k, WS_SHL, addr, lane, 3);
        wk_binop_imm(k, WS_ADD, addr, addr, (uint64_t)c);
        wk_store_idx(k, m, len, addr, row[c]);
        wk_show(k, row[c]);
    }
    wk_output_values(r, "m", r->params.type, m, len);
    wk_warp_end(k);
}

const wk_program wk_prog_transpose8 = {
    .name = "transpose8",
    .summary = "shfl-based 8x8 transpose: each 8-lane group transposes its own tile in 7 one-element shuffles",
    .cuda = "int lane = threadIdx.x % warpSize;\n"
            "T row[8];\n"
            "for (int c = 0; c < 8; c++) row[c] = in[lane * 8 + c];\n"
            "for (int i = 1; i < 8; i++) {\n"
            "    int idx = (lane & 7) ^ i;\n"
            "    row[idx] = __shfl_sync(FULL_MASK, row[idx], lane ^ i);\n"
            "}\n"
            "for (int c = 0; c < 8; c++) m[lane * 8 + c] = row[c];\n"
            "// four independent 8x8 transposes on 32 lanes; the diagonal never moves",
    .types = WK_ALL_ELEMS,
    .profiles = WK_PROFILE_BIT(WS_PROFILE_SM90) | WK_PROFILE_BIT(WS_PROFILE_WAVE64),
    .options = 0,
    .default_gen = "seq",
    .sym_term = "x",
    .input_count = input_count,
    .run = run,
    .fast = WK_FAST_TRANSPOSE8,
};
