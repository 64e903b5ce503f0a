/* ballot-compact: stream compaction of one warp with a ballot and popc.
 * Every lane votes whether it keeps its value (x > 0: for floats NaN, -0
 * and +0 are not kept; for unsigned types x != 0); lane l's slot is the
 * number of keeping lanes below it, __popc(ballot & lanemask_lt), so the
 * kept values land in out[0 .. count) in lane order with no gaps and no
 * atomics. Vote semantics: semantics.md 3.1 (a lane's bit is its predicate).
 *
 * On the 64-lane wave64 profile __ballot_sync returns 64 bits (semantics.md 4.3,
 * 4.4): the ballot, the lane mask and the popc are 64-bit there. */
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, 0);
    if (!k)
        return;
    bool wide = k->lanes == 64;
    ws_type mask_type = wide ? WS_U64 : WS_U32;
    const char *mask_c = wide ? "unsigned long long" : "unsigned";
    const char *popc = wide ? "__popcll" : "__popc";
    uint64_t out[64] = {0};

    ws_reg lane = wk_var_of(k, "lane", mask_type), x = wk_var(k, "x"), zero = wk_var(k, "zero");
    ws_reg keep = wk_var_of(k, "keep", WS_U32), b = wk_var_of(k, "b", mask_type);
    ws_reg lanemask_lt = wk_var_of(k, "lanemask_lt", mask_type), below = wk_var_of(k, "below", mask_type);
    ws_reg pos = wk_var_of(k, "pos", WS_U32), count = wk_var_of(k, "count", WS_U32);

    wk_stmt(k, "int lane = threadIdx.x %% warpSize;");
    wk_lane_id(k, lane);
    wk_stmt(k, "T x = in[lane];");
    wk_load_lanes(k, x, r->input, r->n_input, 0);
    wk_stmt(k, "bool keep = x > 0;");
    wk_zero(k, zero);
    wk_cmp(k, WS_GT, keep, x, zero);
    wk_stmt(k, "%s b = __ballot_sync(%s, keep);", mask_c, k->full_text);
    wk_ballot(k, b, keep);
    wk_stmt(k, "%s lanemask_lt = (%s << lane) - 1;", mask_c, wide ? "1ull" : "1u");
    wk_set_imm(k, lanemask_lt, 1);
    wk_binop(k, WS_SHL, lanemask_lt, lanemask_lt, lane);
    wk_binop_imm(k, WS_SUB, lanemask_lt, lanemask_lt, 1);
    wk_stmt(k, "int pos = %s(b & lanemask_lt);", popc);
    wk_binop(k, WS_AND, below, b, lanemask_lt);
    wk_popc(k, pos, below);
    wk_stmt(k, "if (keep) out[pos] = x;");
    wk_if(k, keep);
    wk_store_idx(k, out, (size_t)k->lanes, pos, x);
    wk_end_if(k);
    wk_show(k, pos);
    wk_stmt(k, "int count = %s(b);", popc);
    wk_popc(k, count, b);

    uint64_t n = wk_get(k, count, 0);
    wk_output_values(r, "out", r->params.type, out, (size_t)n);
    wk_output_lanes(k, "count", count);
    wk_output_lanes(k, "ballot", b);
    wk_warp_end(k);
}

const wk_program wk_prog_ballot_compact = {
    .name = "ballot-compact",
    .summary = "stream compaction: keep x > 0, slot = __popc(ballot & lanemask_lt), count = __popc(ballot)",
    .cuda = "int lane = threadIdx.x % warpSize;\n"
            "T x = in[lane];\n"
            "bool keep = x > 0;                  // floats: NaN, -0, +0 not kept\n"
            "unsigned b = __ballot_sync(FULL_MASK, keep);   // 64 bits on wave64\n"
            "unsigned lanemask_lt = (1u << lane) - 1;\n"
            "int pos = __popc(b & lanemask_lt);\n"
            "if (keep) out[pos] = x;\n"
            "int count = __popc(b);",
    .types = WK_NUMBERS,
    .profiles = WK_PROFILE_BIT(WS_PROFILE_SM90) | WK_PROFILE_BIT(WS_PROFILE_WAVE64),
    .options = 0,
    .default_gen = "rand:1",
    .run = run,
    .fast = WK_FAST_BALLOT_COMPACT,
};
