/* segmented-reduce: the shfl_down tree inside segments of `width` lanes
 * (--width, a power of two from 2 to lanes/2; default 8). With width w the
 * shuffle's clamp is the last lane of the caller's segment (CUDA, semantics.md 1.2:
 * c = ((32 - w) << 8) | 0x1f; HIP, semantics.md 4.2: (lane & (w-1)) + delta >= w
 * keeps the own value), so a lane never reads past its segment and the
 * first lane of each segment ends with that segment's sum; the other lanes
 * keep partial sums, with the lanes near the segment's end counted more
 * than once, as in reduce-down. */
#include <stdio.h>

#include "runtime/program.h"

static int width_of(const wk_params *p) { return p->width ? p->width : 8; }

static size_t input_count(const wk_params *p, int lanes, char *err, size_t err_size)
{
    int w = width_of(p);
    if (w < 2 || w > lanes / 2 || (w & (w - 1))) {
        snprintf(err, err_size, "--width %d: must be a power of two from 2 to %d", w, lanes / 2);
        return 0;
    }
    return (size_t)lanes;
}

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    int width = width_of(&r->params);
    ws_reg v = wk_var(k, "v"), t = wk_var(k, "t");

    wk_stmt(k, "v = in[lane];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    for (int offset = width / 2; offset > 0; offset /= 2) {
        wk_stmt(k, "v += __shfl_down_sync(%s, v, %d, %d);", k->full_text, offset, width);
        wk_shfl_down(k, t, v, offset, width);
        wk_add(k, v, v, t);
        wk_show(k, v);
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_segmented_reduce = {
    .name = "segmented-reduce",
    .summary = "the shfl_down tree in segments of --width lanes: each segment's first lane gets its sum",
    .cuda = "T v = in[lane];\n"
            "for (int offset = width / 2; offset > 0; offset /= 2)   // --width, default 8\n"
            "    v += __shfl_down_sync(FULL_MASK, v, offset, width);\n"
            "// lane s * width holds the sum of segment s",
    .types = WK_ALL_ELEMS,
    .profiles = WK_ALL_PROFILES,
    .options = WK_OPT_LANES | WK_OPT_WIDTH,
    .default_gen = "seq",
    .sym_term = "lane",
    .input_count = input_count,
    .run = run,
    .defaults = {.width = 8},
    .fast = WK_FAST_SEGMENTED,
};
