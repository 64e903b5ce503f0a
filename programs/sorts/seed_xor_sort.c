/* seed-xor-sort: a counterexample, kept for teaching. It does NOT sort.
 *
 * A popular article "sorts" a warp with one compare-exchange per xor
 * stride: for j = 16, 8, 4, 2, 1 the lower lane of each pair (lane, lane ^ j)
 * keeps min(key, p), the upper keeps max. semantics.md 7: on an H200 this
 * left 4,096 of 4,096 random warps unsorted. A bitonic network on 32 lanes
 * needs 5*6/2 = 15 stages (see `bitonic`); these 5 are only its last round,
 * the merge, which sorts a *bitonic* input (e.g. keys that fall then rise)
 * and nothing else.
 *
 * The trace shows why, lane by lane. After stage j = 16, lane i holds
 * min(x_i, x_i+16) and lane i+16 the max: the two halves are only pairwise
 * ordered, and no later stage crosses between them (j = 8..1 pair lanes
 * inside a half). So a large key that lands in the lower half stays there:
 * with x_0 = 90, x_16 = 95 and x_1 = 1, x_17 = 2, lane 0 keeps 90 while 2
 * sits in the upper half. The same happens again inside each half at j = 8,
 * and so on down.
 *
 * min/max on floats are CUDA's fminf/fmaxf (semantics.md 7): a NaN key counts as
 * missing, so the pair's other key is kept in both lanes and the NaN is
 * lost; -0 counts as smaller than +0. */
#include <math.h>
#include <string.h>

#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, 0);
    if (!k)
        return;
    ws_reg lane = wk_var_of(k, "lane", WS_U32), key = wk_var(k, "key"), p = wk_var(k, "p");
    ws_reg lower = wk_var_of(k, "lower", WS_U32), lo = wk_var(k, "lo"), hi = wk_var(k, "hi");

    wk_stmt(k, "int lane = threadIdx.x %% warpSize;");
    wk_lane_id(k, lane);
    wk_stmt(k, "T key = in[lane];");
    wk_load_lanes(k, key, r->input, r->n_input, 0);
    for (int j = k->lanes / 2; j > 0; j /= 2) {
        wk_stmt(k, "T p = __shfl_xor_sync(%s, key, %d);", k->full_text, j);
        wk_shfl_xor(k, p, key, j, k->lanes);
        wk_stmt(k, "key = (lane & %d) == 0 ? min(key, p) : max(key, p);", j);
        wk_binop_imm(k, WS_AND, lower, lane, (uint64_t)j);
        wk_cmp_imm(k, WS_EQ, lower, lower, 0);
        /* Two NaNs: the first stage's min/max return p's payload on the
         * H200 (the operand order ptxas chose; programs/README.md). */
        bool p_first = j == k->lanes / 2;
        wk_binop(k, WS_MIN, lo, p_first ? p : key, p_first ? key : p);
        wk_binop(k, WS_MAX, hi, p_first ? p : key, p_first ? key : p);
        wk_select(k, key, lower, lo, hi);
        wk_show(k, key);
    }
    wk_output_lanes(k, "key", key);
    wk_warp_end(k);
}

/* a < b as the program's min/max order them (-0 below +0); *unordered when
 * either is a NaN. */
static bool key_less(wk_elem t, uint64_t a, uint64_t b, bool *unordered)
{
    *unordered = false;
    switch (t) {
    case WK_I32: return (int32_t)a < (int32_t)b;
    case WK_U32: return (uint32_t)a < (uint32_t)b;
    case WK_I64: return (int64_t)a < (int64_t)b;
    case WK_U64: return a < b;
    case WK_F32:
    case WK_F64: {
        double x, y;
        if (t == WK_F32) {
            float fx, fy;
            uint32_t ua = (uint32_t)a, ub = (uint32_t)b;
            memcpy(&fx, &ua, 4);
            memcpy(&fy, &ub, 4);
            x = fx, y = fy;
        } else {
            memcpy(&x, &a, 8);
            memcpy(&y, &b, 8);
        }
        if (isnan(x) || isnan(y)) {
            *unordered = true;
            return false;
        }
        if (x == 0 && y == 0)
            return signbit(x) && !signbit(y);
        return x < y;
    }
    default: return false;
    }
}

/* The first lane out of order, for the text result. */
static void note(wk_run *r)
{
    const wk_output *o = wk_find_output(r, "key");
    if (!o || o->count < 2)
        return;
    for (size_t i = 1; i < o->count; i++) {
        bool unordered;
        if (!key_less(o->type, o->bits[i], o->bits[i - 1], &unordered) && !unordered)
            continue;
        char now[64], before[64];
        wk_format(o->type, o->bits[i], NULL, now, sizeof now);
        wk_format(o->type, o->bits[i - 1], NULL, before, sizeof before);
        snprintf(r->note, sizeof r->note,
                 "NOT SORTED: lane %zu is the first lane out of order: it holds %s, %s lane %zu's %s", i, now,
                 unordered ? "which is not ordered after" : "less than", i - 1, before);
        return;
    }
    snprintf(r->note, sizeof r->note,
             "sorted: this input is one the 5 stages happen to sort (a bitonic one is; most are not)");
}

const wk_program wk_prog_seed_xor_sort = {
    .name = "seed-xor-sort",
    .summary = "COUNTEREXAMPLE: 5 xor compare-exchange stages do NOT sort a warp (H200: 4,096 of 4,096 random "
               "warps unsorted; a bitonic sort needs 15 stages)",
    .cuda = "// From a popular article. It does NOT sort: it is only the last\n"
            "// (merge) round of a bitonic sort, which needs 15 stages on 32 lanes.\n"
            "int lane = threadIdx.x % warpSize;\n"
            "T key = in[lane];\n"
            "for (int j = 16; j > 0; j /= 2) {\n"
            "    T p = __shfl_xor_sync(FULL_MASK, key, j);\n"
            "    key = (lane & j) == 0 ? min(key, p) : max(key, p);\n"
            "}",
    .types = WK_NUMBERS,
    .profiles = WK_NVIDIA,
    .options = 0,
    .default_gen = "rand:1",
    .run = run,
    .note = note,
    .fast = WK_FAST_SEED_SORT,
};
