/* reduce-redux: one __reduce_<op>_sync (semantics.md 3.4: redux.sync, sm80+; HIP
 * 4.6 on the wave profiles). Every lane gets the reduction over the lanes
 * that take part: add wraps, min/max are signed for i32/i64 and unsigned for
 * u32/u64, and/or/xor are bitwise. CUDA has it for 32-bit integers only (no
 * floats; sm_100a's redux.f32 min/max is PTX only). HIP also has 64-bit
 * integers (and floats) when built with HIP_ENABLE_EXTRA_WARP_SYNC_TYPES
 * (semantics.md 4.6), so i64/u64 run on the wave profiles; floats are not modelled
 * there. Some ROCm releases compute and/or/xor logically rather than bitwise
 * in their tree path (semantics.md 4.6, 8); the model takes the bitwise
 * reading. */
#include <stdio.h>

#include "runtime/program.h"

static size_t input_count(const wk_params *p, int lanes, char *err, size_t err_size)
{
    if (p->profile == WS_PROFILE_SM90 && wk_elem_bits(p->type) == 64) {
        snprintf(err, err_size, "--type %s: sm90 has no 64-bit __reduce_*_sync (i32 and u32 only; the wave "
                 "profiles also take i64 and u64)", wk_elem_name(p->type));
        return 0;
    }
    if ((unsigned)p->op >= WK_OP_COUNT) {
        snprintf(err, err_size, "--op: not an operation");
        return 0;
    }
    return (size_t)lanes;
}

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v");
    const char *op = wk_redop_name(r->params.op);

    wk_stmt(k, "v = in[lane];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    wk_stmt(k, "v = __reduce_%s_sync(%s, v);", op, k->full_text);
    wk_reduce(k, r->params.op, k->full, v, v);
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_reduce_redux = {
    .name = "reduce-redux",
    .summary = "one __reduce_<op>_sync (--op add|min|max|and|or|xor): every lane gets the result "
               "(64-bit types on wave profiles only)",
    .cuda = "T v = in[lane];\n"
            "v = __reduce_add_sync(FULL_MASK, v);   // or min, max, and, or, xor (--op)\n"
            "// every lane holds the result",
    .types = WK_INTS,
    .profiles = WK_ALL_PROFILES,
    .options = WK_OPT_LANES | WK_OPT_OP,
    .default_gen = "seq",
    .sym_term = "lane",
    .input_count = input_count,
    .run = run,
    .fast = WK_FAST_REDUX,
};
