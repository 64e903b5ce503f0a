/* broadcast: every lane reads lane --src with __shfl_sync (shfl.sync.idx,
 * c = 0x1f: semantics.md 1.1-1.2), so every lane ends with in[src]. The value moves
 * bit for bit (NaN payloads, -0). With --threads or --active leaving the
 * source lane out, every lane reads a lane that did not take part: 0 on
 * sm90 (semantics.md 7) and on the wave profiles (semantics.md 4.1), with a
 * diagnostic. */
#include <stdio.h>

#include "runtime/program.h"

static size_t input_count(const wk_params *p, int lanes, char *err, size_t err_size)
{
    if (p->src_lane < 0 || p->src_lane >= lanes) {
        snprintf(err, err_size, "--src %d: the source must be a lane of the warp, 0..%d", p->src_lane, lanes - 1);
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

    wk_stmt(k, "T v = in[lane];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    wk_stmt(k, "v = __shfl_sync(%s, v, %d);", k->full_text, r->params.src_lane);
    wk_shfl_idx(k, v, v, r->params.src_lane, k->lanes);
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_broadcast = {
    .name = "broadcast",
    .summary = "__shfl_sync(FULL, v, src): every lane gets lane src's value",
    .cuda = "T v = in[lane];\n"
            "v = __shfl_sync(FULL_MASK, v, src);   // --src, default 0",
    .types = WK_ALL_ELEMS,
    .profiles = WK_ALL_PROFILES,
    .options = WK_OPT_SRC | WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .input_count = input_count,
    .run = run,
    .fast = WK_FAST_BROADCAST,
};
