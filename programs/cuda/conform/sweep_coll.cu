/* programs/cuda/conform/sweep_coll.cu: vote, __activemask, match and redux
 * over random values and active sets. In each warp the lanes of a branch
 * call the primitive with a mask naming them (plus, sometimes, gone lanes)
 * and the other live lanes call the same primitive from the else with
 * their own mask; absent and exited lanes are as in sweep_active.cu. So the
 * cases cover the full mask (a branch of every live lane), partial masks
 * and divergent lanes calling with their own mask. The model runs the same
 * control flow and each lane's result (and match_all's predicate) is
 * compared. */
#include <stdio.h>
#include <string.h>

#include "conform.h"

namespace {

enum coll_op : int32_t {
    OP_ALL, OP_ANY, OP_UNI, OP_BALLOT, OP_ACTIVEMASK,
    OP_MATCH_ANY32, OP_MATCH_ANY64, OP_MATCH_ALL32, OP_MATCH_ALL64,
    OP_ADD_S, OP_ADD_U, OP_MIN_S, OP_MIN_U, OP_MAX_S, OP_MAX_U, OP_AND, OP_OR, OP_XOR,
    OP_COUNT
};

enum op_family { FAMILY_VOTE, FAMILY_MATCH, FAMILY_REDUX };

struct op_info {
    const char *row;      /* the table's name for it */
    op_family family;
    ws_type value;        /* the model's value (or predicate) register type */
    ws_type result;       /* the model's destination type */
};

const op_info ops[OP_COUNT] = {
    {"__all_sync", FAMILY_VOTE, WS_U32, WS_U32},
    {"__any_sync", FAMILY_VOTE, WS_U32, WS_U32},
    {"__uni_sync", FAMILY_VOTE, WS_U32, WS_U32},
    {"__ballot_sync", FAMILY_VOTE, WS_U32, WS_U32},
    {"__activemask", FAMILY_VOTE, WS_U32, WS_U32},
    {"__match_any_sync b32", FAMILY_MATCH, WS_U32, WS_U32},
    {"__match_any_sync b64", FAMILY_MATCH, WS_U64, WS_U32},
    {"__match_all_sync b32 (value, pred)", FAMILY_MATCH, WS_U32, WS_U32},
    {"__match_all_sync b64 (value, pred)", FAMILY_MATCH, WS_U64, WS_U32},
    {"__reduce_add_sync int", FAMILY_REDUX, WS_I32, WS_I32},
    {"__reduce_add_sync unsigned", FAMILY_REDUX, WS_U32, WS_U32},
    {"__reduce_min_sync int", FAMILY_REDUX, WS_I32, WS_I32},
    {"__reduce_min_sync unsigned", FAMILY_REDUX, WS_U32, WS_U32},
    {"__reduce_max_sync int", FAMILY_REDUX, WS_I32, WS_I32},
    {"__reduce_max_sync unsigned", FAMILY_REDUX, WS_U32, WS_U32},
    {"__reduce_and_sync", FAMILY_REDUX, WS_U32, WS_U32},
    {"__reduce_or_sync", FAMILY_REDUX, WS_U32, WS_U32},
    {"__reduce_xor_sync", FAMILY_REDUX, WS_U32, WS_U32},
};

struct gpu_case {
    uint32_t exited, branch, mask_if, mask_else;
    int32_t op;
};

struct coll_case {
    active_set set;
    int32_t op;
    uint64_t in[32];
};

/* One call; *pred is written by match_all only (the kernel starts it at 2). */
__device__ __forceinline__ unsigned long long coll_call(int32_t op, unsigned mask, unsigned long long v, unsigned *pred)
{
    const unsigned u = (unsigned)v;
    const int s = (int)u;
    int p = 0;
    unsigned r = 0;
    switch (op) {
    case OP_ALL: return (unsigned)__all_sync(mask, s);
    case OP_ANY: return (unsigned)__any_sync(mask, s);
    case OP_UNI: return (unsigned)__uni_sync(mask, s);
    case OP_BALLOT: return __ballot_sync(mask, s);
    case OP_ACTIVEMASK: return __activemask();
    case OP_MATCH_ANY32: return __match_any_sync(mask, u);
    case OP_MATCH_ANY64: return __match_any_sync(mask, v);
    case OP_MATCH_ALL32: r = __match_all_sync(mask, u, &p); *pred = (unsigned)p; return r;
    case OP_MATCH_ALL64: r = __match_all_sync(mask, v, &p); *pred = (unsigned)p; return r;
    case OP_ADD_S: return (unsigned)__reduce_add_sync(mask, s);
    case OP_ADD_U: return __reduce_add_sync(mask, u);
    case OP_MIN_S: return (unsigned)__reduce_min_sync(mask, s);
    case OP_MIN_U: return __reduce_min_sync(mask, u);
    case OP_MAX_S: return (unsigned)__reduce_max_sync(mask, s);
    case OP_MAX_U: return __reduce_max_sync(mask, u);
    case OP_AND: return __reduce_and_sync(mask, u);
    case OP_OR: return __reduce_or_sync(mask, u);
    default: return __reduce_xor_sync(mask, u);
    }
}

__global__ void k_coll(const gpu_case *cases, const unsigned long long *in, unsigned long long *out, unsigned *pred,
                       unsigned *ran)
{
    const gpu_case k = cases[blockIdx.x];
    const unsigned lane = threadIdx.x;
    const size_t i = (size_t)blockIdx.x * 32 + lane;
    if ((k.exited >> lane) & 1u)
        return;
    const unsigned long long v = in[i];
    unsigned p = 2;
    unsigned long long r;
    /* The two calls stay in their branches (distinct volatile asm after
     * each keeps the compiler from merging them into one call after the
     * if): __activemask() must see only its own path. */
    if ((k.branch >> lane) & 1u) {
        r = coll_call(k.op, k.mask_if, v, &p);
        asm volatile("// conform: if-branch" ::: "memory");
        ran[i] = 2;
    } else {
        r = coll_call(k.op, k.mask_else, v, &p);
        asm volatile("// conform: else-branch" ::: "memory");
        ran[i] = 1;
    }
    out[i] = r;
    pred[i] = p;
}

/* ---- Inputs ---------------------------------------------------------------- */

void vote_values(conform_rng &rng, uint64_t in[32])
{
    static const uint32_t densities[6][2] = {{0, 1}, {1, 1}, {1, 2}, {1, 32}, {31, 32}, {1, 8}};
    const uint32_t *d = densities[rng.below(6)];
    for (int lane = 0; lane < 32; lane++) {
        uint32_t x = rng.u32();
        in[lane] = rng.chance(d[0], d[1]) ? (x ? x : 0x80000000u) : 0u;
    }
}

void match_values(conform_rng &rng, bool wide, uint64_t in[32])
{
    static const uint32_t special32[] = {0u, 0x80000000u, 0x7FC00000u, 0x7FC00001u, 0xFFFFFFFFu, 0x7F800000u, 1u};
    static const uint32_t pool_sizes[] = {1, 2, 2, 3, 4, 8, 32};
    uint32_t k = pool_sizes[rng.below(7)];
    uint64_t pool[32];
    const uint64_t base = rng.next();
    for (uint32_t j = 0; j < k; j++) {
        if (!wide) {
            pool[j] = rng.chance(1, 2) ? special32[rng.below(7)] : rng.u32();
            continue;
        }
        /* Values that differ in one word only: b64 must compare both. */
        static const uint64_t flips[] = {0, 1, UINT64_C(1) << 32, UINT64_C(1) << 63, UINT64_C(0xFFFFFFFF),
                                         UINT64_C(0xFFFFFFFF00000000)};
        switch (rng.below(4)) {
        case 0: pool[j] = rng.next(); break;
        case 1: pool[j] = rng.chance(1, 2) ? 0 : UINT64_C(0x8000000000000000); break;
        default: pool[j] = base ^ flips[rng.below(6)]; break;
        }
    }
    bool nearly_uniform = k >= 2 && rng.chance(1, 4); /* all alike but one lane */
    int odd = (int)rng.below(32);
    for (int lane = 0; lane < 32; lane++)
        in[lane] = nearly_uniform ? pool[lane == odd ? 1 : 0] : pool[rng.below(k)];
}

void redux_values(conform_rng &rng, uint64_t in[32])
{
    static const uint32_t extremes[] = {0u, 1u, 0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 0x80000001u, 0xFFFFFFFEu};
    bool small = rng.chance(1, 4);
    for (int lane = 0; lane < 32; lane++) {
        if (small)
            in[lane] = (uint32_t)rng.range(-100, 100);
        else
            in[lane] = rng.chance(1, 4) ? extremes[rng.below(7)] : rng.u32();
    }
}

coll_case random_case(conform_rng &rng, int32_t op)
{
    coll_case k;
    memset(&k, 0, sizeof k);
    k.set = active_random(rng);
    k.op = op;
    switch (ops[op].family) {
    case FAMILY_VOTE: vote_values(rng, k.in); break;
    case FAMILY_MATCH: match_values(rng, ops[op].value == WS_U64, k.in); break;
    default: redux_values(rng, k.in); break;
    }
    return k;
}

/* ---- The model ----------------------------------------------------------- */

ws_status model_call(ws_warp *w, int32_t op, uint32_t mask, ws_reg r, ws_reg p, ws_reg v)
{
    switch (op) {
    case OP_ALL: return ws_all_sync(w, mask, r, v);
    case OP_ANY: return ws_any_sync(w, mask, r, v);
    case OP_UNI: return ws_uni_sync(w, mask, r, v);
    case OP_BALLOT: return ws_ballot_sync(w, mask, r, v);
    case OP_ACTIVEMASK: return ws_activemask(w, r);
    case OP_MATCH_ANY32:
    case OP_MATCH_ANY64: return ws_match_any_sync(w, mask, r, v);
    case OP_MATCH_ALL32:
    case OP_MATCH_ALL64: return ws_match_all_sync(w, mask, r, p, v);
    case OP_ADD_S:
    case OP_ADD_U: return ws_reduce_add_sync(w, mask, r, v);
    case OP_MIN_S:
    case OP_MIN_U: return ws_reduce_min_sync(w, mask, r, v);
    case OP_MAX_S:
    case OP_MAX_U: return ws_reduce_max_sync(w, mask, r, v);
    case OP_AND: return ws_reduce_and_sync(w, mask, r, v);
    case OP_OR: return ws_reduce_or_sync(w, mask, r, v);
    default: return ws_reduce_xor_sync(w, mask, r, v);
    }
}

ws_status model_case(const coll_case &k, ws_warp *w, ws_reg r, ws_reg p, ws_reg v)
{
    ws_status s = ws_if_lanes(w, k.set.branch);
    if (s == WS_OK)
        s = model_call(w, k.op, k.set.mask_if, r, p, v);
    if (s == WS_OK)
        s = ws_else(w);
    if (s == WS_OK && active_else(k.set))
        s = model_call(w, k.op, k.set.mask_else, r, p, v);
    if (s == WS_OK)
        s = ws_end_if(w);
    return s == WS_OK ? ws_warp_finish(w) : s;
}

bool launch(conform_ctx &ctx, const std::vector<coll_case> &cases, std::vector<unsigned long long> &out,
            std::vector<unsigned> &pred, std::vector<unsigned> &ran)
{
    std::vector<gpu_case> g;
    std::vector<unsigned long long> in;
    for (const coll_case &k : cases) {
        g.push_back({k.set.exited, k.set.branch, k.set.mask_if, k.set.mask_else, k.op});
        in.insert(in.end(), k.in, k.in + 32);
    }
    gpu_case *d_cases = nullptr;
    unsigned long long *d_in = nullptr, *d_out = nullptr;
    unsigned *d_pred = nullptr, *d_ran = nullptr;
    bool ok = conform_upload(ctx, g, &d_cases) && conform_upload(ctx, in, &d_in) &&
              conform_alloc(ctx, in.size(), 0xCD, &d_out) && conform_alloc(ctx, in.size(), 0xCD, &d_pred) &&
              conform_alloc(ctx, in.size(), 0xCD, &d_ran);
    ok = ok && active_launch_by_threads(cases, [&](size_t first, size_t count, int threads) {
             k_coll<<<(unsigned)count, (unsigned)threads>>>(d_cases + first, d_in + first * 32, d_out + first * 32,
                                                           d_pred + first * 32, d_ran + first * 32);
             char what[64];
             snprintf(what, sizeof what, "k_coll (blocks of %d threads)", threads);
             return conform_wait(ctx, what);
         });
    ok = ok && conform_download(ctx, d_out, in.size(), out) && conform_download(ctx, d_pred, in.size(), pred) &&
         conform_download(ctx, d_ran, in.size(), ran);
    cudaFree(d_cases);
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_pred);
    cudaFree(d_ran);
    return ok;
}

/* Runs every op of one family: cases per op, all in one set of launches. */
bool family_sweep(conform_ctx &ctx, op_family family, const char *stream, size_t base_cases)
{
    conform_rng rng = conform_rng_for(ctx.seed, stream);
    std::vector<coll_case> cases;
    for (int32_t op = 0; op < OP_COUNT; op++) {
        if (ops[op].family != family)
            continue;
        conform_row_get(ctx, ops[op].row); /* table order: op order */
        size_t n = conform_scaled(ctx, base_cases);
        for (size_t i = 0; i < n; i++)
            cases.push_back(random_case(rng, op));
    }
    active_sort_by_threads(cases);
    std::vector<unsigned long long> out;
    std::vector<unsigned> pred, ran;
    if (!launch(ctx, cases, out, pred, ran))
        return false;

    for (size_t n = 0; n < cases.size(); n++) {
        const coll_case &k = cases[n];
        const op_info &info = ops[k.op];
        conform_row &row = conform_row_get(ctx, info.row);
        const unsigned long long *gout = &out[n * 32];
        const unsigned *gpred = &pred[n * 32], *gran = &ran[n * 32];
        const uint32_t live = active_live(k.set);
        row.cases++;

        std::string err;
        ws_warp *w = active_model_warp(k.set, err);
        ws_status s = WS_ERR_ARG;
        ws_reg v = WS_NO_REG, r = WS_NO_REG, p = WS_NO_REG;
        if (w) {
            v = ws_reg_new(w, "v", info.value);
            r = ws_reg_new(w, "r", info.result);
            p = ws_reg_new(w, "p", WS_U32);
            for (int lane = 0; lane < k.set.threads; lane++) {
                ws_set_bits(w, v, lane, info.value == WS_U64 ? k.in[lane] : (uint32_t)k.in[lane]);
                ws_set_bits(w, r, lane, 0xDEADBEEFu);
                ws_set_u32(w, p, lane, 2); /* what the GPU kernel leaves where there is no predicate */
            }
            s = model_case(k, w, r, p, v);
            if (s != WS_OK)
                err = std::string(ws_status_name(s)) + ": " + ws_warp_error(w);
        }
        for (int lane = 0; lane < k.set.threads; lane++) {
            const uint32_t bit = 1u << lane;
            const bool in_branch = (k.set.branch & bit) != 0;
            const uint32_t want_ran = (k.set.exited & bit) ? 0xCDCDCDCDu : in_branch ? 2u : 1u;
            if (gran[lane] != want_ran) {
                row.lanes++;
                conform_mismatch(ctx, row, "case %zu (%s): lane %d: the GPU kernel's control flow differs: it "
                                 "recorded 0x%08x, expected 0x%08x (2 branch, 1 else, 0xCDCDCDCD exited)",
                                 n, active_describe(k.set).c_str(), lane, gran[lane], want_ran);
                continue;
            }
            if (!(live & bit))
                continue;
            row.lanes++;
            if (s != WS_OK) {
                conform_mismatch(ctx, row, "case %zu (%s): the model failed: %s", n, active_describe(k.set).c_str(),
                                 err.c_str());
                continue;
            }
            const uint64_t want = ws_get_bits(w, r, lane);
            const uint32_t want_p = ws_get_u32(w, p, lane);
            if (want == gout[lane] && want_p == gpred[lane])
                continue;
            if (!conform_keeps(ctx, row)) {
                row.mismatches++;
                continue;
            }
            const uint32_t same_path = in_branch ? k.set.branch : active_else(k.set);
            const std::string values = info.value == WS_U64 ? conform_lane_values64(k.in, same_path)
                                                            : [&] {
                                                                  uint32_t v32[32];
                                                                  for (int l = 0; l < 32; l++)
                                                                      v32[l] = (uint32_t)k.in[l];
                                                                  return conform_lane_values32(v32, same_path);
                                                              }();
            conform_mismatch(ctx, row,
                             "case %zu (%s): lane %d (%s, mask 0x%08x): GPU 0x%llx pred %u, model 0x%llx pred %u "
                             "(pred 2: none); values of the lanes on its path: %s",
                             n, active_describe(k.set).c_str(), lane, in_branch ? "branch" : "else",
                             in_branch ? k.set.mask_if : k.set.mask_else, (unsigned long long)gout[lane], gpred[lane],
                             (unsigned long long)want, want_p, values.c_str());
        }
        ws_warp_destroy(w);
    }
    return true;
}

} // namespace

bool sweep_vote(conform_ctx &ctx) { return family_sweep(ctx, FAMILY_VOTE, "vote", 6144); }
bool sweep_match(conform_ctx &ctx) { return family_sweep(ctx, FAMILY_MATCH, "match", 6144); }
bool sweep_redux(conform_ctx &ctx) { return family_sweep(ctx, FAMILY_REDUX, "redux", 6144); }
