/* device-reduce: the usual two-kernel sum of n values (--n, default 4096).
 * Kernel 1 runs --grid G blocks (default 4) of --block B threads (default
 * 128): each thread sums in[i] for i = its global index, then every
 * G * B-th value (a grid-stride loop, so lanes leave it at different trips
 * when n is not a multiple of G * B), the block reduction of block-reduce
 * leaves the block's sum in thread 0, which writes partial[blockIdx.x].
 * Kernel 2, one block of B threads, does the same over the G partials; its
 * thread 0 holds the sum. The order of the float additions is fixed by n, G
 * and B: each thread's strided run first, then the shfl_down trees.
 *
 * Kernel 2's block is traced as block G (the runtime knows one launch):
 * its first line says so. Partial warps (B not a multiple of the warp size)
 * read 0 from their absent lanes, with diagnostics, as in block-reduce. */
#include <stdio.h>
#include <stdlib.h>

#include "block_reduce.h"
#include "runtime/program.h"

typedef struct launch {
    size_t n;
    int grid, block;
} launch;

static launch launch_of(const wk_params *p)
{
    return (launch){p->n ? p->n : 4096, p->grid ? p->grid : 4, p->block ? p->block : 128};
}

static size_t input_count(const wk_params *p, int lanes, char *err, size_t err_size)
{
    (void)lanes;
    launch l = launch_of(p);
    if (l.block < 1 || l.block > WK_MAX_BLOCK) {
        snprintf(err, err_size, "--block %d: must be 1..%d threads", l.block, WK_MAX_BLOCK);
        return 0;
    }
    if (l.grid < 1 || l.grid > WK_MAX_GRID) {
        snprintf(err, err_size, "--grid %d: must be 1..%d blocks", l.grid, WK_MAX_GRID);
        return 0;
    }
    return l.n;
}

/* One of the two kernels: the values its loop reads, its CUDA texts, and
 * where thread 0 writes the block's sum. */
typedef struct kernel {
    const uint64_t *in;
    size_t len;
    uint64_t stride;                          /* the loop's step */
    const char *init, *test, *body, *step;    /* the loop's four parts */
    const char *store;                        /* thread 0's write */
    uint64_t *out;
    size_t out_len;
} kernel;

/* for (i = first + lane; i < len; i += stride) sum += in[i]; in the model's
 * loop, with a per-lane index, so lanes leave it one by one. */
static void strided_sum(wk_warp *k, const kernel *kn, ws_reg sum, uint64_t first)
{
    ws_reg i = wk_var_of(k, "i", WS_U64), more = wk_var_of(k, "more", WS_U32), x = wk_var(k, "x");
    wk_stmt(k, "%s", kn->init);
    wk_lane_id(k, i);
    wk_binop_imm(k, WS_ADD, i, i, first);
    wk_loop_begin(k);
    wk_stmt(k, "%s", kn->test);
    wk_cmp_imm(k, WS_LT, more, i, kn->len);
    while (wk_loop_while(k, more) > 0) {
        wk_stmt(k, "%s", kn->body);
        wk_load_idx(k, x, kn->in, kn->len, i);
        wk_add(k, sum, sum, x);
        wk_stmt(k, "%s", kn->step);
        wk_binop_imm(k, WS_ADD, i, i, kn->stride);
        wk_stmt(k, "%s", kn->test);
        wk_cmp_imm(k, WS_LT, more, i, kn->len);
    }
    wk_loop_end(k);
}

/* Block blockIdx of a kernel, `threads` threads, traced as block trace_id:
 * the strided sums, the block reduction, thread 0's write to out[blockIdx]. */
static void run_block(wk_run *r, const kernel *kn, int block_idx, int threads, int trace_id)
{
    int lanes = r->lanes, n_warps = (threads + lanes - 1) / lanes;
    wk_warp *warps[32] = {0};
    ws_reg sum[32] = {0};
    uint64_t shared[64] = {0};
    for (int w = 0; w < n_warps && !wk_failed(r); w++) {
        int present = threads - w * lanes < lanes ? threads - w * lanes : 0;
        wk_warp *k = warps[w] = wk_warp_begin(r, trace_id, w, present);
        if (!k)
            break;
        sum[w] = wk_var(k, "sum");
        if (trace_id != block_idx)
            wk_stmt(k, "T sum = 0;  // kernel 2, block %d (traced as block %d)", block_idx, trace_id);
        else
            wk_stmt(k, "T sum = 0;");
        wk_zero(k, sum[w]);
        strided_sum(k, kn, sum[w], (uint64_t)block_idx * (uint64_t)threads + (uint64_t)w * (uint64_t)lanes);
    }
    if (!wk_failed(r)) {
        block_reduce(warps, sum, n_warps, shared);
        wk_warp *k = warps[0];
        wk_stmt(k, "%s", kn->store);
        wk_if_lanes(k, 1);
        wk_store_lanes(k, kn->out, kn->out_len, (size_t)block_idx, sum[0]);
        wk_end_if(k);
    }
    for (int w = 0; w < n_warps; w++)
        wk_warp_end(warps[w]);
}

static void run(wk_run *r)
{
    launch l = launch_of(&r->params);
    uint64_t *partial = calloc((size_t)l.grid, sizeof *partial), result = 0;
    if (!partial) {
        wk_fail(r, WS_ERR_NOMEM, "out of memory for %d partial sums", l.grid);
        return;
    }
    const kernel blocks = {
        .in = r->input, .len = r->n_input, .stride = (uint64_t)l.grid * (uint64_t)l.block,
        .init = "for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; ...; ...)",
        .test = "for (...; i < n; ...)",
        .body = "    sum += in[i];",
        .step = "for (...; ...; i += blockDim.x * gridDim.x)",
        .store = "if (threadIdx.x == 0) partial[blockIdx.x] = sum;",
        .out = partial, .out_len = (size_t)l.grid,
    };
    const kernel final = {
        .in = partial, .len = (size_t)l.grid, .stride = (uint64_t)l.block,
        .init = "for (int i = threadIdx.x; ...; ...)",
        .test = "for (...; i < n_partials; ...)",
        .body = "    sum += partial[i];",
        .step = "for (...; ...; i += blockDim.x)",
        .store = "if (threadIdx.x == 0) *out = sum;",
        .out = &result, .out_len = 1,
    };
    for (int b = 0; b < l.grid && !wk_failed(r); b++)
        run_block(r, &blocks, b, l.block, b);
    if (!wk_failed(r))
        run_block(r, &final, 0, l.block, l.grid);
    wk_output_values(r, "sum", r->params.type, &result, 1);
    wk_output_values(r, "partials", r->params.type, partial, (size_t)l.grid);
    free(partial);
}

/* The trace grows with n through kernel 1's grid-stride loops: a warp
 * whose first index f is below n loops ceil((n - f) / (G * B)) times (its
 * lane 0 has the smallest index), three traced lines a trip (body, step,
 * test); everything else in the trace (the loops' first test, the block
 * reductions, kernel 2) does not depend on n. */
static uint64_t trace_trips(size_t n, const wk_params *params)
{
    int lanes = ws_profile_lanes(params->profile);
    uint64_t stride = (uint64_t)params->grid * (uint64_t)params->block, trips = 0;
    for (int b = 0; b < params->grid; b++)
        for (int w = 0; w * lanes < params->block; w++) {
            uint64_t f = (uint64_t)b * (uint64_t)params->block + (uint64_t)w * (uint64_t)lanes;
            if (f >= n)
                return trips; /* the later warps start further still */
            trips += (n - f + stride - 1) / stride;
        }
    return trips;
}

const wk_program wk_prog_device_reduce = {
    .name = "device-reduce",
    .summary = "the two-kernel device sum: grid-stride loops, a block reduction per block, then one block",
    .cuda = "__global__ void reduce_blocks(const T *in, size_t n, T *partial) {   // <<<G, B>>>\n"
            "    T sum = 0;\n"
            "    for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)\n"
            "        sum += in[i];\n"
            "    sum = block_reduce(sum);               // block-reduce: thread 0 holds the block's sum\n"
            "    if (threadIdx.x == 0) partial[blockIdx.x] = sum;\n"
            "}\n"
            "__global__ void reduce_final(const T *partial, int n_partials, T *out) {   // <<<1, B>>>\n"
            "    T sum = 0;\n"
            "    for (int i = threadIdx.x; i < n_partials; i += blockDim.x)\n"
            "        sum += partial[i];\n"
            "    sum = block_reduce(sum);\n"
            "    if (threadIdx.x == 0) *out = sum;\n"
            "}\n"
            "// --grid G (default 4), --block B (default 128), --n N values (default 4096)",
    .types = WK_ALL_ELEMS,
    .profiles = WK_PROFILE_BIT(WS_PROFILE_SM90) | WK_PROFILE_BIT(WS_PROFILE_WAVE64),
    .options = WK_OPT_BLOCK | WK_OPT_GRID | WK_OPT_N,
    .default_gen = "seq",
    .sym_term = "x",
    .input_count = input_count,
    .run = run,
    .defaults = {.block = 128, .grid = 4, .n = 4096},
    .fast = WK_FAST_DEVICE_REDUCE,
    .trace_trips = trace_trips,
    .trace_steps_per_trip = 3,
};
