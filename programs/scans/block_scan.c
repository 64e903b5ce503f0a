/* block-scan: an inclusive scan of a whole block (--block N threads, one
 * value each, default 128), in three phases separated by __syncthreads():
 *   1. every warp runs the scan-incl scan on its lanes (own + lower at each
 *      shfl_up step), and its last lane writes the warp total to
 *      sums[warp];
 *   2. warp 0 loads sums[lane] (0 past the last warp), scans them the same
 *      way, and writes them back: sums[w] = total of warps 0..w;
 *   3. every warp w > 0 adds sums[w - 1] to its values (own first).
 * Thread i ends with in[0] + ... + in[i]. For floats the order is this
 * tree, not left to right: a warp's partial sums, then a prefix of warp
 * totals added last.
 *
 * The block must be a multiple of the warp's lanes because the warp total
 * is what the last lane holds: a partial last warp would have no last lane
 * to write it. From one warp (lanes) to 1024 threads, so the warp totals
 * fit in warp 0's lanes (32 on sm90, 16 on wave64).
 *
 * A barrier is every warp finishing a phase before any warp starts the
 * next; the warps keep their registers across it. */
#include <stdio.h>
#include <stdlib.h>

#include "runtime/program.h"

enum { DEFAULT_BLOCK = 128, MAX_BLOCK = 1024, MAX_WARPS = 1024 / 32 };

static int block_size(const wk_params *p) { return p->block ? p->block : DEFAULT_BLOCK; }

static size_t input_count(const wk_params *p, int lanes, char *err, size_t err_size)
{
    int block = block_size(p);
    if (block < lanes || block > MAX_BLOCK || block % lanes != 0) {
        snprintf(err, err_size,
                 "--block %d: must be a multiple of %d from %d to %d (the last lane of each warp writes the "
                 "warp's total, so every warp must be full)",
                 block, lanes, lanes, MAX_BLOCK);
        return 0;
    }
    return (size_t)block;
}

typedef struct thread_regs {
    ws_reg v, t, s, lane, c, idx;
} thread_regs;

/* for (d = 1; d < warpSize; d *= 2) { t = __shfl_up_sync(FULL, x, d); if (lane >= d) x += t; } */
static void warp_scan(wk_warp *k, const thread_regs *q, ws_reg x, const char *name, const char *indent)
{
    for (int d = 1; d < k->lanes; d *= 2) {
        wk_stmt(k, "%sT t = __shfl_up_sync(%s, %s, %d);", indent, k->full_text, name, d);
        wk_shfl_up(k, q->t, x, d, k->lanes);
        wk_stmt(k, "%sif (lane >= %d) %s += t;", indent, d, name);
        wk_cmp_imm(k, WS_GE, q->c, q->lane, ws_imm_i32(d));
        wk_if(k, q->c);
        wk_add(k, x, x, q->t);
        wk_end_if(k);
        wk_show(k, x);
    }
}

static void run(wk_run *r)
{
    const size_t n = r->n_input;
    const int lanes = r->lanes, nwarps = (int)n / lanes;
    wk_warp *warps[MAX_WARPS] = {0};
    thread_regs regs[MAX_WARPS] = {0};
    uint64_t sums[MAX_WARPS] = {0}, totals[MAX_WARPS] = {0};
    wk_shared(r, sums, MAX_WARPS); /* __shared__ T sums[32]; */
    uint64_t *out = calloc(n, sizeof *out);
    if (!out) {
        wk_fail(r, WS_ERR_NOMEM, "out of memory for %zu output values", n);
        return;
    }

    /* Phase 1: each warp scans its values; the last lane writes the total. */
    for (int w = 0; w < nwarps; w++) {
        wk_warp *k = warps[w] = wk_warp_begin(r, 0, w, 0);
        if (!k)
            break;
        thread_regs *q = &regs[w];
        *q = (thread_regs){wk_var(k, "v"), wk_var(k, "t"), wk_var(k, "s"), wk_var_of(k, "lane", WS_I32),
                           wk_var_of(k, "c", WS_U32), wk_var_of(k, "idx", WS_I32)};
        wk_stmt(k, "int lane = threadIdx.x %% warpSize, warp = threadIdx.x / warpSize;  // warp %d", w);
        wk_lane_id(k, q->lane);
        wk_stmt(k, "T v = in[threadIdx.x];");
        wk_load_lanes(k, q->v, r->input, n, (size_t)w * (size_t)lanes);
        warp_scan(k, q, q->v, "v", "");
        wk_stmt(k, "if (lane == warpSize - 1) sums[warp] = v;");
        wk_cmp_imm(k, WS_EQ, q->c, q->lane, ws_imm_i32(lanes - 1));
        wk_if(k, q->c);
        wk_set_imm(k, q->idx, ws_imm_i32(w));
        wk_store_idx(k, sums, (size_t)nwarps, q->idx, q->v);
        wk_end_if(k);
        wk_show(k, q->v);
    }
    for (int w = 0; w < nwarps; w++) {
        wk_syncthreads(warps[w]);
        wk_show(warps[w], regs[w].v);
    }
    for (int w = 0; w < nwarps; w++)
        totals[w] = sums[w];

    /* Phase 2: warp 0 scans the warp totals (the other warps skip the if). */
    wk_warp *k = warps[0];
    const thread_regs *q = &regs[0];
    wk_stmt(k, "if (warp == 0) {");
    wk_stmt(k, "    T s = lane < blockDim.x / warpSize ? sums[lane] : 0;  // %d warps", nwarps);
    wk_cmp_imm(k, WS_LT, q->c, q->lane, ws_imm_i32(nwarps));
    wk_zero(k, q->s);
    wk_if(k, q->c);
    wk_load_idx(k, q->s, sums, (size_t)nwarps, q->lane);
    wk_end_if(k);
    wk_show(k, q->s);
    warp_scan(k, q, q->s, "s", "    ");
    wk_stmt(k, "    if (lane < blockDim.x / warpSize) sums[lane] = s;");
    wk_cmp_imm(k, WS_LT, q->c, q->lane, ws_imm_i32(nwarps));
    wk_if(k, q->c);
    wk_store_idx(k, sums, (size_t)nwarps, q->lane, q->s);
    wk_end_if(k);
    wk_show(k, q->s);
    for (int w = 0; w < nwarps; w++) {
        wk_syncthreads(warps[w]);
        wk_show(warps[w], regs[w].v);
    }

    /* Phase 3: every warp but the first adds the total of the warps before it. */
    for (int w = 0; w < nwarps; w++) {
        k = warps[w];
        q = &regs[w];
        wk_stmt(k, "if (warp > 0) v += sums[warp - 1];%s", w > 0 ? "" : "  // not taken in warp 0");
        if (w > 0) {
            wk_set_imm(k, q->idx, ws_imm_i32(w - 1));
            wk_load_idx(k, q->t, sums, (size_t)nwarps, q->idx);
            wk_add(k, q->v, q->t, q->v); /* sums[] first: the f64 NaN order of the compiled code */
        }
        wk_show(k, q->v);
        wk_stmt(k, "out[threadIdx.x] = v;");
        wk_store_lanes(k, out, n, (size_t)w * (size_t)lanes, q->v);
        wk_warp_end(k);
        warps[w] = NULL;
    }
    for (int w = 0; w < nwarps; w++)
        wk_warp_end(warps[w]); /* after a failure part-way */

    wk_output_values(r, "v", r->params.type, out, n);
    wk_output_values(r, "warp_total", r->params.type, totals, (size_t)nwarps);
    wk_output_values(r, "warp_prefix", r->params.type, sums, (size_t)nwarps);
    free(out);
}

const wk_program wk_prog_block_scan = {
    .name = "block-scan",
    .summary = "inclusive scan of a block: shfl_up scan per warp, warp 0 scans the warp totals, warps add them",
    .cuda = "__shared__ T sums[32];\n"
            "int lane = threadIdx.x % warpSize, warp = threadIdx.x / warpSize;\n"
            "T v = in[threadIdx.x];\n"
            "for (int d = 1; d < warpSize; d *= 2) {\n"
            "    T t = __shfl_up_sync(FULL_MASK, v, d);\n"
            "    if (lane >= d) v += t;\n"
            "}\n"
            "if (lane == warpSize - 1) sums[warp] = v;\n"
            "__syncthreads();\n"
            "if (warp == 0) {\n"
            "    T s = lane < blockDim.x / warpSize ? sums[lane] : 0;\n"
            "    for (int d = 1; d < warpSize; d *= 2) {\n"
            "        T t = __shfl_up_sync(FULL_MASK, s, d);\n"
            "        if (lane >= d) s += t;\n"
            "    }\n"
            "    if (lane < blockDim.x / warpSize) sums[lane] = s;\n"
            "}\n"
            "__syncthreads();\n"
            "if (warp > 0) v += sums[warp - 1];\n"
            "out[threadIdx.x] = v;",
    .types = WK_ALL_ELEMS,
    .profiles = WK_PROFILE_BIT(WS_PROFILE_SM90) | WK_PROFILE_BIT(WS_PROFILE_WAVE64),
    .options = WK_OPT_BLOCK,
    .default_gen = "seq",
    .sym_term = "x",
    .input_count = input_count,
    .run = run,
    .defaults = {.block = DEFAULT_BLOCK},
};
