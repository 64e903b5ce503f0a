/* block-reduce: the classic block reduction (--block N threads, default
 * 128, one input each). Each warp sums its values with the shfl_down tree
 * (reduce-down), lane 0 writes the warp's sum to shared memory, and after
 * __syncthreads warp 0 reduces those sums with the same tree: thread 0
 * ends with the block's sum.
 *
 * When N is not a multiple of the warp size, the last warp is partial: its
 * lanes past N do not exist, and a shuffle that reads one gets 0 (semantics.md 7,
 * measured on an H200; on wave64 ds_bpermute also gives 0), harmless in a
 * sum. The model reports each such read as an absent-source diagnostic
 * (ABSENT_SOURCE): the CUDA guide calls it undefined, which is why careful
 * code pads the block with zeros instead. On wave64 the full mask of a
 * partial wave also differs from EXEC (MASK_NOT_EXEC: a debug HIP build
 * traps). With --diag error the run fails at the first such read. The same
 * holds for warp 0 when N is smaller than one warp. */
#include <stdio.h>

#include "block_reduce.h"
#include "runtime/program.h"

/* v += __shfl_down_sync(FULL, v, offset) for offset = warpSize/2 .. 1 */
static void warp_tree(wk_warp *k, ws_reg v, ws_reg t)
{
    const char *name = ws_reg_name(k->w, v);
    for (int offset = k->lanes / 2; offset > 0; offset /= 2) {
        wk_stmt(k, "%s += __shfl_down_sync(%s, %s, %d);", name, k->full_text, name, offset);
        wk_shfl_down(k, t, v, offset, k->lanes);
        wk_add(k, v, v, t);
        wk_show(k, v);
    }
}

void block_reduce(wk_warp *const *warps, const ws_reg *v, int n_warps, uint64_t shared[64])
{
    ws_reg t0 = {0};
    if (n_warps > 0 && warps[0])
        wk_shared(warps[0]->run, shared, 64); /* __shared__ T shared[32]; (64 on wave64) */
    for (int w = 0; w < n_warps; w++) {
        wk_warp *k = warps[w];
        if (!k)
            return;
        const char *name = ws_reg_name(k->w, v[w]);
        ws_reg t = wk_var(k, "t");
        t0 = w == 0 ? t : t0;
        warp_tree(k, v[w], t);
        wk_stmt(k, "if (lane == 0) shared[wid] = %s;", name);
        wk_if_lanes(k, 1);
        wk_store_lanes(k, shared, 64, (size_t)w, v[w]);
        wk_end_if(k);
        wk_syncthreads(k);
    }

    wk_warp *k = warps[0];
    if (!k)
        return;
    const char *name = ws_reg_name(k->w, v[0]);
    wk_stmt(k, "if (wid == 0) {");
    wk_stmt(k, "%s = (threadIdx.x < %d) ? shared[lane] : 0;", name, n_warps);
    wk_if_lanes(k, n_warps >= 64 ? WS_FULL64 : (((ws_mask)1 << n_warps) - 1));
    wk_load_lanes(k, v[0], shared, (size_t)n_warps, 0);
    wk_else(k);
    wk_zero(k, v[0]);
    wk_end_if(k);
    wk_show(k, v[0]);
    warp_tree(k, v[0], t0);
}

static int block_of(const wk_params *p) { return p->block ? p->block : 128; }

static size_t input_count(const wk_params *p, int lanes, char *err, size_t err_size)
{
    (void)lanes;
    int block = block_of(p);
    if (block < 1 || block > WK_MAX_BLOCK) {
        snprintf(err, err_size, "--block %d: must be 1..%d threads", block, WK_MAX_BLOCK);
        return 0;
    }
    return (size_t)block;
}

static void run(wk_run *r)
{
    int block = block_of(&r->params), lanes = r->lanes;
    int n_warps = (block + lanes - 1) / lanes;
    wk_warp *warps[32] = {0};
    ws_reg v[32] = {0};
    uint64_t shared[64] = {0};

    for (int w = 0; w < n_warps; w++) {
        int threads = block - w * lanes < lanes ? block - w * lanes : 0;
        wk_warp *k = warps[w] = wk_warp_begin(r, 0, w, threads);
        if (!k)
            break;
        v[w] = wk_var(k, "v");
        wk_stmt(k, "T v = in[threadIdx.x];");
        wk_load_lanes(k, v[w], r->input, r->n_input, (size_t)w * (size_t)lanes);
    }
    if (!wk_failed(r)) {
        block_reduce(warps, v, n_warps, shared);
        uint64_t sum = wk_get(warps[0], v[0], 0);
        wk_output_values(r, "sum", r->params.type, &sum, 1);
        wk_output_values(r, "partials", r->params.type, shared, (size_t)n_warps);
        wk_output_lanes(warps[0], "v", v[0]);
    }
    for (int w = 0; w < n_warps; w++)
        wk_warp_end(warps[w]);
}

const wk_program wk_prog_block_reduce = {
    .name = "block-reduce",
    .summary = "the classic block sum: shfl_down per warp, warp sums through shared memory, warp 0 again",
    .cuda = "__shared__ T shared[32];                  // one value per warp\n"
            "int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;\n"
            "T v = in[threadIdx.x];\n"
            "for (int offset = warpSize / 2; offset > 0; offset /= 2)\n"
            "    v += __shfl_down_sync(FULL_MASK, v, offset);\n"
            "if (lane == 0) shared[wid] = v;\n"
            "__syncthreads();\n"
            "if (wid == 0) {\n"
            "    v = (threadIdx.x < (blockDim.x + warpSize - 1) / warpSize) ? shared[lane] : 0;\n"
            "    for (int offset = warpSize / 2; offset > 0; offset /= 2)\n"
            "        v += __shfl_down_sync(FULL_MASK, v, offset);\n"
            "}\n"
            "// thread 0 holds the block's sum",
    .types = WK_ALL_ELEMS,
    .profiles = WK_PROFILE_BIT(WS_PROFILE_SM90) | WK_PROFILE_BIT(WS_PROFILE_WAVE64),
    .options = WK_OPT_BLOCK,
    .default_gen = "seq",
    .sym_term = "x",
    .input_count = input_count,
    .run = run,
    .defaults = {.block = 128},
};
