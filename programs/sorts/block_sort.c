/* block-sort: the bitonic network of `bitonic` over a whole block of up to
 * 1024 threads, one key per thread, indexed by tid instead of lane. A
 * stage whose partner tid ^ j lies in another warp (j >= warpSize) goes
 * through shared memory: every thread stores its key, __syncthreads(),
 * loads its partner's, compare-exchange, __syncthreads() (the second
 * barrier keeps a fast warp from overwriting keys a slow one still reads).
 * Stages with j < warpSize stay in the warp and use __shfl_xor_sync. For
 * N = 128 on 32 lanes that is 7*8/2 = 28 stages, 3 of them (j = 32; 64, 32)
 * through shared memory; for N = 1024, 55 stages, 15 through shared memory.
 *
 * The warps of the block run one after another for each phase between
 * barriers; they are all alive for the whole kernel because each thread
 * keeps its key in a register across the barriers. NaN keys stay put, as
 * in `bitonic`. */
#include <stdio.h>

#include "runtime/program.h"

#define MAX_BLOCK 1024
#define DEFAULT_BLOCK 128

static int block_size(const wk_params *p) { return p->block ? p->block : DEFAULT_BLOCK; }

static size_t input_count(const wk_params *p, int lanes, char *err, size_t err_size)
{
    int n = block_size(p);
    if (n < lanes || n > MAX_BLOCK || (n & (n - 1))) {
        snprintf(err, err_size, "--block %d: must be a power of two from %d (the warp) to %d", n, lanes,
                 MAX_BLOCK);
        return 0;
    }
    return (size_t)n;
}

/* One thread's registers. */
typedef struct thread_regs {
    ws_reg tid, key, value, p, pv, partner, up, lower, lt, gt, other_dir, take;
} thread_regs;

/* bool lower = (tid & j) == 0; bool take = ...; key = take ? p : key; ... */
static void compare_exchange(wk_warp *k, const thread_regs *t, int j, bool pairs)
{
    wk_stmt(k, "bool lower = (tid & %d) == 0;", j);
    wk_binop_imm(k, WS_AND, t->lower, t->tid, (uint64_t)j);
    wk_cmp_imm(k, WS_EQ, t->lower, t->lower, 0);
    wk_stmt(k, "bool take = lower == up ? (p < key) : (p > key);");
    wk_binop(k, WS_XOR, t->other_dir, t->lower, t->up);
    wk_cmp(k, WS_LT, t->lt, t->p, t->key);
    wk_cmp(k, WS_GT, t->gt, t->p, t->key);
    wk_select(k, t->take, t->other_dir, t->gt, t->lt);
    wk_stmt(k, "key = take ? p : key;");
    wk_select(k, t->key, t->take, t->p, t->key);
    if (pairs) {
        wk_stmt(k, "value = take ? pv : value;");
        wk_select(k, t->value, t->take, t->pv, t->value);
    }
}

static void run(wk_run *r)
{
    int n = block_size(&r->params), lanes = r->lanes, n_warps = n / lanes;
    bool pairs = r->params.pairs, descending = r->params.descending;
    wk_warp *warps[MAX_BLOCK / 32] = {0};
    thread_regs regs[MAX_BLOCK / 32] = {0};
    /* __shared__ T skey[N]; __shared__ unsigned sval[N]; and the outputs */
    size_t len = (size_t)n;
    uint64_t skey[MAX_BLOCK] = {0}, sval[MAX_BLOCK] = {0}, out_key[MAX_BLOCK] = {0}, out_value[MAX_BLOCK] = {0};
    wk_shared(r, skey, len);
    wk_shared(r, sval, len);

    for (int w = 0; w < n_warps; w++) {
        wk_warp *k = warps[w] = wk_warp_begin(r, 0, w, 0);
        if (!k)
            break;
        thread_regs *t = &regs[w];
        t->tid = wk_var_of(k, "tid", WS_U32);
        t->key = wk_var(k, "key");
        t->p = wk_var(k, "p");
        t->value = pairs ? wk_var_of(k, "value", WS_U32) : WS_NO_REG;
        t->pv = pairs ? wk_var_of(k, "pv", WS_U32) : WS_NO_REG;
        t->partner = wk_var_of(k, "partner", WS_U32);
        t->up = wk_var_of(k, "up", WS_U32);
        t->lower = wk_var_of(k, "lower", WS_U32);
        t->lt = wk_var_of(k, "lt", WS_U32);
        t->gt = wk_var_of(k, "gt", WS_U32);
        t->other_dir = wk_var_of(k, "other_dir", WS_U32);
        t->take = wk_var_of(k, "take", WS_U32);

        wk_stmt(k, "unsigned tid = threadIdx.x;");
        wk_lane_id(k, t->tid);
        wk_binop_imm(k, WS_ADD, t->tid, t->tid, (uint64_t)(w * lanes));
        wk_stmt(k, "T key = in[tid];");
        wk_load_lanes(k, t->key, r->input, r->n_input, (size_t)(w * lanes));
        if (pairs) {
            wk_stmt(k, "unsigned value = tid;");
            wk_mov(k, t->value, t->tid);
        }
    }

    for (int size = 2; size <= n && !wk_failed(r); size *= 2) {
        for (int w = 0; w < n_warps; w++) {
            wk_warp *k = warps[w];
            wk_stmt(k, "bool up = ((tid & %d) %s 0);", size, descending ? "!=" : "==");
            wk_binop_imm(k, WS_AND, regs[w].up, regs[w].tid, (uint64_t)size);
            wk_cmp_imm(k, descending ? WS_NE : WS_EQ, regs[w].up, regs[w].up, 0);
        }
        for (int j = size / 2; j > 0; j /= 2) {
            if (j >= lanes) {
                /* The partner is in another warp: through shared memory. */
                for (int w = 0; w < n_warps; w++) {
                    wk_warp *k = warps[w];
                    wk_stmt(k, "skey[tid] = key;");
                    wk_store_idx(k, skey, len, regs[w].tid, regs[w].key);
                    if (pairs) {
                        wk_stmt(k, "sval[tid] = value;");
                        wk_store_idx(k, sval, len, regs[w].tid, regs[w].value);
                    }
                    wk_syncthreads(k);
                }
                for (int w = 0; w < n_warps; w++) {
                    wk_warp *k = warps[w];
                    const thread_regs *t = &regs[w];
                    wk_stmt(k, "T p = skey[tid ^ %d];", j);
                    wk_binop_imm(k, WS_XOR, t->partner, t->tid, (uint64_t)j);
                    wk_load_idx(k, t->p, skey, len, t->partner);
                    if (pairs) {
                        wk_stmt(k, "unsigned pv = sval[tid ^ %d];", j);
                        wk_load_idx(k, t->pv, sval, len, t->partner);
                    }
                    compare_exchange(k, t, j, pairs);
                    wk_syncthreads(k);
                }
            } else {
                for (int w = 0; w < n_warps; w++) {
                    wk_warp *k = warps[w];
                    const thread_regs *t = &regs[w];
                    wk_stmt(k, "T p = __shfl_xor_sync(%s, key, %d);", k->full_text, j);
                    wk_shfl_xor(k, t->p, t->key, j, lanes);
                    if (pairs) {
                        wk_stmt(k, "unsigned pv = __shfl_xor_sync(%s, value, %d);", k->full_text, j);
                        wk_shfl_xor(k, t->pv, t->value, j, lanes);
                    }
                    compare_exchange(k, t, j, pairs);
                }
            }
        }
    }

    for (int w = 0; w < n_warps; w++) {
        wk_warp *k = warps[w];
        wk_stmt(k, "out_key[tid] = key;");
        wk_store_idx(k, out_key, len, regs[w].tid, regs[w].key);
        if (pairs) {
            wk_stmt(k, "out_value[tid] = value;");
            wk_store_idx(k, out_value, len, regs[w].tid, regs[w].value);
        }
        wk_warp_end(k);
    }
    wk_output_values(r, "key", r->params.type, out_key, (size_t)n);
    if (pairs)
        wk_output_values(r, "value", WK_U32, out_value, (size_t)n);
}

const wk_program wk_prog_block_sort = {
    .name = "block-sort",
    .summary = "bitonic sort of a block (--block N up to 1024 keys): shared memory across warps, shfl_xor inside",
    .cuda = "__shared__ T skey[N]; __shared__ unsigned sval[N];\n"
            "unsigned tid = threadIdx.x;\n"
            "T key = in[tid];\n"
            "unsigned value = tid;                                   // --pairs\n"
            "for (int k = 2; k <= N; k *= 2) {\n"
            "    bool up = ((tid & k) == 0);                         // --descending: != 0\n"
            "    for (int j = k / 2; j > 0; j /= 2) {\n"
            "        T p; unsigned pv;\n"
            "        if (j >= warpSize) {          // the partner is in another warp\n"
            "            skey[tid] = key; sval[tid] = value;\n"
            "            __syncthreads();\n"
            "            p = skey[tid ^ j]; pv = sval[tid ^ j];\n"
            "        } else {\n"
            "            p = __shfl_xor_sync(FULL_MASK, key, j);\n"
            "            pv = __shfl_xor_sync(FULL_MASK, value, j);\n"
            "        }\n"
            "        bool lower = (tid & j) == 0;\n"
            "        bool take = lower == up ? (p < key) : (p > key);\n"
            "        key = take ? p : key;\n"
            "        value = take ? pv : value;\n"
            "        if (j >= warpSize) __syncthreads();\n"
            "    }\n"
            "}\n"
            "out_key[tid] = key; out_value[tid] = value;",
    .types = WK_NUMBERS,
    .profiles = WK_PROFILE_BIT(WS_PROFILE_SM90) | WK_PROFILE_BIT(WS_PROFILE_WAVE64),
    .options = WK_OPT_ORDER | WK_OPT_PAIRS | WK_OPT_BLOCK,
    .default_gen = "rand:1",
    .input_count = input_count,
    .run = run,
    .defaults = {.block = DEFAULT_BLOCK},
};
