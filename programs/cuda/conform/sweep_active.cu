/* programs/cuda/conform/sweep_active.cu: shuffles with partial active sets.
 * Each warp has absent lanes (a block of fewer than 32 threads), exited
 * lanes (return at the start) and a divergent branch whose lanes call the
 * shuffle with a mask naming exactly them (plus, sometimes, gone lanes);
 * the other live lanes take the else and call nothing. Reads of lanes that
 * are not in the branch are reads of inactive lanes: semantics.md 7 says 0, with
 * the predicate still by the formula. The model runs the same control flow.
 * Half the cases use the intrinsics, half raw shfl.sync (for the predicate). */
#include <stdio.h>
#include <string.h>

#include "shfl_common.h"

namespace {

struct gpu_case {
    uint32_t exited, branch, mask;
    int32_t mode, ptx, b, width;
    uint32_t c;
};

struct shfl_case {
    active_set set;
    gpu_case g;
    uint32_t in[32];
};

__global__ void k_shfl_active(const gpu_case *cases, const uint32_t *in, uint32_t *out, uint32_t *pred, uint32_t *ran)
{
    const gpu_case k = cases[blockIdx.x];
    const unsigned lane = threadIdx.x;
    const size_t i = (size_t)blockIdx.x * 32 + lane;
    if ((k.exited >> lane) & 1u)
        return;
    const uint32_t v = in[i];
    if ((k.branch >> lane) & 1u) {
        uint32_t r = 0, p = 2;
        switch (k.mode + 4 * k.ptx) {
        case 0: r = shfl_intrinsic<MODE_IDX, uint32_t>(k.mask, v, k.b, k.width); break;
        case 1: r = shfl_intrinsic<MODE_UP, uint32_t>(k.mask, v, k.b, k.width); break;
        case 2: r = shfl_intrinsic<MODE_DOWN, uint32_t>(k.mask, v, k.b, k.width); break;
        case 3: r = shfl_intrinsic<MODE_BFLY, uint32_t>(k.mask, v, k.b, k.width); break;
        case 4: r = shfl_ptx<MODE_IDX>(k.mask, v, (uint32_t)k.b, k.c, &p); break;
        case 5: r = shfl_ptx<MODE_UP>(k.mask, v, (uint32_t)k.b, k.c, &p); break;
        case 6: r = shfl_ptx<MODE_DOWN>(k.mask, v, (uint32_t)k.b, k.c, &p); break;
        default: r = shfl_ptx<MODE_BFLY>(k.mask, v, (uint32_t)k.b, k.c, &p); break;
        }
        out[i] = r;
        pred[i] = p;
        ran[i] = 2;
    } else {
        ran[i] = 1;
    }
}

shfl_case random_case(conform_rng &rng)
{
    static const std::vector<int32_t> widths = shfl_widths();
    shfl_case k;
    memset(&k, 0, sizeof k);
    k.set = active_random(rng);
    k.g.exited = k.set.exited;
    k.g.branch = k.set.branch;
    k.g.mask = k.set.mask_if;
    k.g.mode = (int32_t)rng.below(MODE_COUNT);
    k.g.ptx = rng.chance(1, 2) ? 1 : 0;
    k.g.b = rng.chance(3, 4) ? (int32_t)rng.below(32) : rng.range(-40, 70);
    k.g.width = rng.chance(2, 3) ? (1 << rng.below(6)) : widths[rng.below((uint32_t)widths.size())];
    k.g.c = rng.chance(2, 3) ? (((uint32_t)(32 - k.g.width) << 8) | (k.g.mode == MODE_UP ? 0u : 0x1Fu)) : rng.u32();
    for (int lane = 0; lane < 32; lane++)
        k.in[lane] = rng.u32();
    return k;
}

const char *lane_state(const active_set &a, int lane)
{
    uint32_t bit = 1u << (lane & 31);
    if (!(active_present(a) & bit))
        return "absent";
    if (a.exited & bit)
        return "exited";
    return (a.branch & bit) ? "in the branch" : "in the else";
}

bool launch(conform_ctx &ctx, const std::vector<shfl_case> &cases, std::vector<uint32_t> &out,
            std::vector<uint32_t> &pred, std::vector<uint32_t> &ran)
{
    std::vector<gpu_case> g;
    std::vector<uint32_t> in;
    for (const shfl_case &k : cases) {
        g.push_back(k.g);
        in.insert(in.end(), k.in, k.in + 32);
    }
    gpu_case *d_cases = nullptr;
    uint32_t *d_in = nullptr, *d_out = nullptr, *d_pred = nullptr, *d_ran = nullptr;
    bool ok = conform_upload(ctx, g, &d_cases) && conform_upload(ctx, in, &d_in) &&
              conform_alloc(ctx, in.size(), 0xCD, &d_out) && conform_alloc(ctx, in.size(), 0xCD, &d_pred) &&
              conform_alloc(ctx, in.size(), 0xCD, &d_ran);
    ok = ok && active_launch_by_threads(cases, [&](size_t first, size_t count, int threads) {
             k_shfl_active<<<(unsigned)count, (unsigned)threads>>>(d_cases + first, d_in + first * 32,
                                                                  d_out + first * 32, d_pred + first * 32,
                                                                  d_ran + first * 32);
             char what[64];
             snprintf(what, sizeof what, "k_shfl_active (blocks of %d threads)", threads);
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

/* The model: same lanes, same exits, same branch, same call. */
ws_status model_case(const shfl_case &k, ws_warp *w, ws_reg v, ws_reg r, ws_reg p)
{
    ws_status s = ws_if_lanes(w, k.set.branch);
    if (s != WS_OK)
        return s;
    if (k.g.ptx)
        s = ws_shfl_ptx(w, mode_kind(k.g.mode), k.g.mask, r, p, v, (uint32_t)k.g.b, k.g.c);
    else
        s = model_shfl_intrinsic(w, k.g.mode, k.g.mask, r, v, k.g.b, k.g.width);
    if (s != WS_OK)
        return s;
    if ((s = ws_else(w)) != WS_OK || (s = ws_end_if(w)) != WS_OK)
        return s;
    return ws_warp_finish(w);
}

} // namespace

bool sweep_shfl_active(conform_ctx &ctx)
{
    conform_rng rng = conform_rng_for(ctx.seed, "shfl-active");
    std::vector<shfl_case> cases(conform_scaled(ctx, 32768));
    for (shfl_case &k : cases)
        k = random_case(rng);
    active_sort_by_threads(cases);
    std::vector<uint32_t> out, pred, ran;
    if (!launch(ctx, cases, out, pred, ran))
        return false;

    /* Rows in a fixed order: intrinsics, then raw PTX. */
    conform_row *rows[8];
    for (int i = 0; i < 8; i++) {
        char name[96];
        snprintf(name, sizeof name, "%s%s, inactive/exited/absent lanes", i < 4 ? mode_intrinsic(i) : mode_ptx(i - 4),
                 i < 4 ? "" : ".b32");
        rows[i] = &conform_row_get(ctx, name);
    }
    for (size_t n = 0; n < cases.size(); n++) {
        const shfl_case &k = cases[n];
        conform_row &row = *rows[k.g.mode + 4 * k.g.ptx];
        const uint32_t *gout = &out[n * 32], *gpred = &pred[n * 32], *gran = &ran[n * 32];
        const uint32_t present = active_present(k.set);
        const uint32_t c = k.g.ptx ? k.g.c : ws_cuda_shfl_c(mode_kind(k.g.mode), k.g.width);
        char call[160];
        if (k.g.ptx)
            snprintf(call, sizeof call, "%s.b32 d|p, v, b=0x%08x, c=0x%08x, mask 0x%08x", mode_ptx(k.g.mode),
                     (uint32_t)k.g.b, k.g.c, k.g.mask);
        else
            snprintf(call, sizeof call, "%s(0x%08x, v, %d, %d) [c=0x%08x]", mode_intrinsic(k.g.mode), k.g.mask,
                     k.g.b, k.g.width, c);
        const std::string where = active_describe(k.set);
        row.cases++;

        std::string err;
        ws_warp *w = active_model_warp(k.set, err);
        ws_status s = WS_ERR_ARG;
        ws_reg v = WS_NO_REG, r = WS_NO_REG, p = WS_NO_REG;
        if (w) {
            v = ws_reg_new(w, "v", WS_U32);
            r = ws_reg_new(w, "r", WS_U32);
            p = ws_reg_new(w, "p", WS_U32);
            for (int lane = 0; lane < k.set.threads; lane++) {
                ws_set_u32(w, v, lane, k.in[lane]);
                ws_set_u32(w, r, lane, 0xDEADBEEFu);
                ws_set_u32(w, p, lane, 2); /* what the GPU kernel leaves for the intrinsics */
            }
            s = model_case(k, w, v, r, p);
            if (s != WS_OK)
                err = std::string(ws_status_name(s)) + ": " + ws_warp_error(w);
        }
        for (int lane = 0; lane < k.set.threads; lane++) {
            uint32_t bit = 1u << lane;
            uint32_t want_ran = (k.set.exited & bit) ? 0xCDCDCDCDu : (k.set.branch & bit) ? 2u : 1u;
            if (gran[lane] != want_ran) {
                row.lanes++;
                conform_mismatch(ctx, row, "case %zu (%s): lane %d: the GPU kernel's control flow differs: it "
                                 "recorded 0x%08x, expected 0x%08x (2 branch, 1 else, 0xCDCDCDCD exited)",
                                 n, where.c_str(), lane, gran[lane], want_ran);
                continue;
            }
            if (!(k.set.branch & bit))
                continue;
            row.lanes++;
            if (s != WS_OK) {
                conform_mismatch(ctx, row, "case %zu (%s): %s: the model failed: %s", n, where.c_str(), call,
                                 err.c_str());
                continue;
            }
            uint32_t want = ws_get_u32(w, r, lane), want_p = ws_get_u32(w, p, lane);
            if (want == gout[lane] && want_p == gpred[lane])
                continue;
            if (!conform_keeps(ctx, row)) {
                row.mismatches++;
                continue;
            }
            int src = shfl_formula_source(k.g.mode, lane, (uint32_t)k.g.b, c) & 31;
            conform_mismatch(ctx, row,
                             "case %zu (%s): %s: lane %d: GPU 0x%08x p=%u, model 0x%08x p=%u (p=2: the intrinsic "
                             "has none); %s, which is %s (v=0x%08x); own v=0x%08x",
                             n, where.c_str(), call, lane, gout[lane], gpred[lane], want, want_p,
                             shfl_formula_note(k.g.mode, lane, (uint32_t)k.g.b, c).c_str(), lane_state(k.set, src),
                             (present >> src) & 1u ? k.in[src] : 0u, k.in[lane]);
        }
        ws_warp_destroy(w);
    }
    return true;
}
