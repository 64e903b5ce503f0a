/* programs/cuda/conform/sweep_shfl.cu: converged shuffles, every lane.
 *  - the four intrinsics over offsets -64..300 and widths 0..33, 48, 64, -1,
 *    on 32-bit and on 64-bit values (random per lane);
 *  - raw shfl.sync, all four modes, with random b and c (the same in every
 *    lane, and different in every lane), value and predicate;
 *  - the "mask does not gate converged lanes" case: all 32 lanes call with
 *    one random mask that may omit callers (undefined behaviour; semantics.md 7 and
 *    docs/model.md say the result is the full-mask one). Run last. */
#include <stdio.h>
#include <string.h>

#include "shfl_common.h"

namespace {

struct intrinsic_case {
    int32_t b;
    int32_t width;
    uint32_t mask;
};

template <int MODE, typename T>
__global__ void k_shfl_intrinsic(const intrinsic_case *cases, const T *in, T *out)
{
    const intrinsic_case k = cases[blockIdx.x];
    size_t i = (size_t)blockIdx.x * 32 + threadIdx.x;
    out[i] = shfl_intrinsic<MODE, T>(k.mask, in[i], k.b, k.width);
}

template <int MODE>
__global__ void k_shfl_ptx(const uint32_t *masks, const uint32_t *in, const uint32_t *b, const uint32_t *c,
                           uint32_t *out, uint32_t *pred)
{
    size_t i = (size_t)blockIdx.x * 32 + threadIdx.x;
    uint32_t p = 2;
    out[i] = shfl_ptx<MODE>(masks[blockIdx.x], in[i], b[i], c[i], &p);
    pred[i] = p;
}

ws_warp *converged_warp(conform_ctx &ctx)
{
    ws_warp_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.diag_policy = WS_DIAG_POLICY_IGNORE;
    ws_warp *w = nullptr;
    ws_status s = ws_warp_create(&desc, &w);
    if (s != WS_OK)
        ctx.failure = std::string("ws_warp_create: ") + ws_status_name(s);
    return s == WS_OK ? w : nullptr;
}

template <typename T> T random_word(conform_rng &rng) { return (T)rng.next(); }

/* ---- The intrinsics -------------------------------------------------------- */

template <typename T>
bool launch_intrinsic(conform_ctx &ctx, int mode, const std::vector<intrinsic_case> &cases, const std::vector<T> &in,
                      std::vector<T> &out)
{
    intrinsic_case *d_cases = nullptr;
    T *d_in = nullptr, *d_out = nullptr;
    bool ok = conform_upload(ctx, cases, &d_cases) && conform_upload(ctx, in, &d_in) &&
              conform_alloc(ctx, in.size(), 0xCD, &d_out);
    if (ok) {
        unsigned blocks = (unsigned)cases.size();
        switch (mode) {
        case MODE_IDX: k_shfl_intrinsic<MODE_IDX, T><<<blocks, 32>>>(d_cases, d_in, d_out); break;
        case MODE_UP: k_shfl_intrinsic<MODE_UP, T><<<blocks, 32>>>(d_cases, d_in, d_out); break;
        case MODE_DOWN: k_shfl_intrinsic<MODE_DOWN, T><<<blocks, 32>>>(d_cases, d_in, d_out); break;
        default: k_shfl_intrinsic<MODE_BFLY, T><<<blocks, 32>>>(d_cases, d_in, d_out); break;
        }
        ok = conform_wait(ctx, mode_intrinsic(mode)) && conform_download(ctx, d_out, in.size(), out);
    }
    cudaFree(d_cases);
    cudaFree(d_in);
    cudaFree(d_out);
    return ok;
}

/* Masks for the undefined "caller not in its own mask" case: every lane
 * passes the same one, so the hardware sees one converged call. */
uint32_t ub_mask(conform_rng &rng)
{
    switch (rng.below(6)) {
    case 0: return 0;
    case 1: return 1u << rng.below(32);
    case 2: return 0xFFu;
    case 3: return 0xFFFFFFFFu & ~(1u << rng.below(32));
    default: return rng.u32();
    }
}

/* One intrinsic sweep over the four modes. ub: random masks that may omit
 * callers instead of the full mask, and random offsets. */
template <typename T> bool intrinsic_sweep(conform_ctx &ctx, const char *stream, bool ub)
{
    conform_rng rng = conform_rng_for(ctx.seed, stream);
    ws_warp *w = converged_warp(ctx);
    if (!w)
        return false;
    const ws_type type = sizeof(T) == 4 ? WS_U32 : WS_U64;
    const int hex = (int)sizeof(T) * 2;
    const uint64_t sentinel = sizeof(T) == 4 ? 0xDEADBEEFu : UINT64_C(0xDEADBEEFDEADBEEF);
    const ws_reg v = ws_reg_new(w, "v", type), r = ws_reg_new(w, "r", type);
    const std::vector<int32_t> widths = shfl_widths();
    bool ok = true;
    for (int mode = 0; mode < MODE_COUNT && ok; mode++) {
        std::vector<intrinsic_case> cases;
        if (!ub) {
            for (int32_t b = -64; b <= 300; b++)
                for (int32_t width : widths)
                    cases.push_back({b, width, 0xFFFFFFFFu});
        } else {
            size_t n = conform_scaled(ctx, 2048);
            for (size_t i = 0; i < n; i++) {
                int32_t b = rng.range(-8, 40), width = widths[rng.below((uint32_t)widths.size())];
                cases.push_back({b, width, ub_mask(rng)});
            }
        }
        std::vector<T> in(cases.size() * 32), out;
        for (T &x : in)
            x = random_word<T>(rng);
        if (!(ok = launch_intrinsic<T>(ctx, mode, cases, in, out)))
            break;

        char name[96];
        snprintf(name, sizeof name, "%s %s%s", mode_intrinsic(mode), sizeof(T) == 4 ? "u32" : "u64",
                 ub ? ", mask omits callers (UB)" : "");
        conform_row &row = conform_row_get(ctx, name);
        for (size_t k = 0; k < cases.size(); k++) {
            const intrinsic_case &c = cases[k];
            const T *vin = &in[k * 32], *vout = &out[k * 32];
            for (int lane = 0; lane < 32; lane++) {
                ws_set_bits(w, v, lane, (uint64_t)vin[lane]);
                ws_set_bits(w, r, lane, sentinel);
            }
            ws_status s = model_shfl_intrinsic(w, mode, c.mask, r, v, c.b, c.width);
            row.cases++;
            row.lanes += 32;
            if (s != WS_OK) {
                row.mismatches += 31;
                conform_mismatch(ctx, row, "case %zu: %s(0x%08x, v, %d, %d): the model returned %s: %s", k,
                                 mode_intrinsic(mode), c.mask, c.b, c.width, ws_status_name(s), ws_warp_error(w));
                continue;
            }
            const uint32_t cval = ws_cuda_shfl_c(mode_kind(mode), c.width);
            for (int lane = 0; lane < 32; lane++) {
                uint64_t want = ws_get_bits(w, r, lane), got = (uint64_t)vout[lane];
                if (want == got)
                    continue;
                if (!conform_keeps(ctx, row)) {
                    row.mismatches++;
                    continue;
                }
                int src = shfl_formula_source(mode, lane, (uint32_t)c.b, cval);
                conform_mismatch(ctx, row,
                                 "case %zu: %s(0x%08x, v, %d, %d) [c=0x%08x]: lane %d: GPU 0x%0*llx, model "
                                 "0x%0*llx; %s; v[%d]=0x%0*llx v[%d]=0x%0*llx",
                                 k, mode_intrinsic(mode), c.mask, c.b, c.width, cval, lane, hex,
                                 (unsigned long long)got, hex, (unsigned long long)want,
                                 shfl_formula_note(mode, lane, (uint32_t)c.b, cval).c_str(), lane, hex,
                                 (unsigned long long)vin[lane], src, hex, (unsigned long long)vin[src & 31]);
            }
        }
    }
    ws_warp_destroy(w);
    return ok;
}

/* ---- Raw shfl.sync ------------------------------------------------------- */

uint32_t random_b(conform_rng &rng)
{
    switch (rng.below(4)) {
    case 0: return rng.u32();
    case 1: return rng.below(32);
    default: return (uint32_t)rng.range(-40, 70);
    }
}

uint32_t random_c(conform_rng &rng, int mode)
{
    switch (rng.below(3)) {
    case 0: return rng.u32();                              /* garbage in the ignored bits too */
    case 1: return (rng.below(32) << 8) | rng.below(32);   /* only the fields that count */
    default: {                                             /* what an intrinsic of some width builds */
        const std::vector<int32_t> widths = shfl_widths();
        int32_t width = widths[rng.below((uint32_t)widths.size())];
        return ((uint32_t)(32 - width) << 8) | (mode == MODE_UP ? 0u : 0x1Fu);
    }
    }
}

bool launch_ptx(conform_ctx &ctx, int mode, const std::vector<uint32_t> &masks, const std::vector<uint32_t> &in,
                const std::vector<uint32_t> &b, const std::vector<uint32_t> &c, std::vector<uint32_t> &out,
                std::vector<uint32_t> &pred)
{
    uint32_t *d_masks = nullptr, *d_in = nullptr, *d_b = nullptr, *d_c = nullptr, *d_out = nullptr,
             *d_pred = nullptr;
    bool ok = conform_upload(ctx, masks, &d_masks) && conform_upload(ctx, in, &d_in) &&
              conform_upload(ctx, b, &d_b) && conform_upload(ctx, c, &d_c) &&
              conform_alloc(ctx, in.size(), 0xCD, &d_out) && conform_alloc(ctx, in.size(), 0xCD, &d_pred);
    if (ok) {
        unsigned blocks = (unsigned)masks.size();
        switch (mode) {
        case MODE_IDX: k_shfl_ptx<MODE_IDX><<<blocks, 32>>>(d_masks, d_in, d_b, d_c, d_out, d_pred); break;
        case MODE_UP: k_shfl_ptx<MODE_UP><<<blocks, 32>>>(d_masks, d_in, d_b, d_c, d_out, d_pred); break;
        case MODE_DOWN: k_shfl_ptx<MODE_DOWN><<<blocks, 32>>>(d_masks, d_in, d_b, d_c, d_out, d_pred); break;
        default: k_shfl_ptx<MODE_BFLY><<<blocks, 32>>>(d_masks, d_in, d_b, d_c, d_out, d_pred); break;
        }
        ok = conform_wait(ctx, mode_ptx(mode)) && conform_download(ctx, d_out, in.size(), out) &&
             conform_download(ctx, d_pred, in.size(), pred);
    }
    cudaFree(d_masks);
    cudaFree(d_in);
    cudaFree(d_b);
    cudaFree(d_c);
    cudaFree(d_out);
    cudaFree(d_pred);
    return ok;
}

} // namespace

bool sweep_shfl_intrinsics(conform_ctx &ctx) { return intrinsic_sweep<uint32_t>(ctx, "shfl-intrinsics", false); }

bool sweep_shfl_intrinsics64(conform_ctx &ctx) { return intrinsic_sweep<uint64_t>(ctx, "shfl-intrinsics64", false); }

bool sweep_shfl_mask_ub(conform_ctx &ctx) { return intrinsic_sweep<uint32_t>(ctx, "shfl-mask-ub", true); }

bool sweep_shfl_ptx(conform_ctx &ctx)
{
    conform_rng rng = conform_rng_for(ctx.seed, "shfl-ptx");
    ws_warp *w = converged_warp(ctx);
    if (!w)
        return false;
    const ws_reg v = ws_reg_new(w, "v", WS_U32), r = ws_reg_new(w, "r", WS_U32), p = ws_reg_new(w, "p", WS_U32),
                 breg = ws_reg_new(w, "b", WS_U32), creg = ws_reg_new(w, "c", WS_U32);
    bool ok = true;
    for (int per_lane = 0; per_lane < 2 && ok; per_lane++) {
        for (int mode = 0; mode < MODE_COUNT && ok; mode++) {
            size_t n = conform_scaled(ctx, per_lane ? 4096 : 8192);
            std::vector<uint32_t> masks(n, 0xFFFFFFFFu), in(n * 32), b(n * 32), c(n * 32), out, pred;
            for (size_t k = 0; k < n; k++) {
                uint32_t bk = random_b(rng), ck = random_c(rng, mode);
                for (int lane = 0; lane < 32; lane++) {
                    in[k * 32 + lane] = rng.u32();
                    b[k * 32 + lane] = per_lane ? random_b(rng) : bk;
                    c[k * 32 + lane] = per_lane ? random_c(rng, mode) : ck;
                }
            }
            if (!(ok = launch_ptx(ctx, mode, masks, in, b, c, out, pred)))
                break;

            char name[96];
            snprintf(name, sizeof name, "%s.b32 %s", mode_ptx(mode),
                     per_lane ? "(b, c differ per lane)" : "(random b, c)");
            conform_row &row = conform_row_get(ctx, name);
            for (size_t k = 0; k < n; k++) {
                const uint32_t *vin = &in[k * 32], *bk = &b[k * 32], *ck = &c[k * 32];
                for (int lane = 0; lane < 32; lane++) {
                    ws_set_u32(w, v, lane, vin[lane]);
                    ws_set_u32(w, breg, lane, bk[lane]);
                    ws_set_u32(w, creg, lane, ck[lane]);
                    ws_set_u32(w, r, lane, 0xDEADBEEFu);
                    ws_set_u32(w, p, lane, 7);
                }
                ws_status s;
                if (!per_lane) {
                    s = ws_shfl_ptx(w, mode_kind(mode), masks[k], r, p, v, bk[0], ck[0]);
                } else {
                    ws_coll_desc d;
                    memset(&d, 0, sizeof d);
                    d.kind = mode_kind(mode);
                    d.mask = masks[k];
                    d.dst = r;
                    d.src = v;
                    d.pred_dst = p;
                    d.b_reg = breg;
                    d.c_reg = creg;
                    d.ptx = true;
                    s = ws_collective(w, &d);
                }
                row.cases++;
                row.lanes += 32;
                if (s != WS_OK) {
                    row.mismatches += 31;
                    conform_mismatch(ctx, row, "case %zu: the model returned %s: %s", k, ws_status_name(s),
                                     ws_warp_error(w));
                    continue;
                }
                for (int lane = 0; lane < 32; lane++) {
                    uint32_t want = ws_get_u32(w, r, lane), want_p = ws_get_u32(w, p, lane);
                    uint32_t got = out[k * 32 + lane], got_p = pred[k * 32 + lane];
                    if (want == got && want_p == got_p)
                        continue;
                    if (!conform_keeps(ctx, row)) {
                        row.mismatches++;
                        continue;
                    }
                    int src = shfl_formula_source(mode, lane, bk[lane], ck[lane]);
                    conform_mismatch(ctx, row,
                                     "case %zu: %s.b32 d|p, v, b=0x%08x, c=0x%08x, mask 0x%08x: lane %d: GPU "
                                     "0x%08x p=%u, model 0x%08x p=%u; %s; v[%d]=0x%08x v[%d]=0x%08x%s",
                                     k, mode_ptx(mode), bk[lane], ck[lane], masks[k], lane, got, got_p, want,
                                     want_p, shfl_formula_note(mode, lane, bk[lane], ck[lane]).c_str(), lane,
                                     vin[lane], src, vin[src & 31],
                                     per_lane ? " (b and c differ per lane: this is lane's own b and c)" : "");
                }
            }
        }
    }
    ws_warp_destroy(w);
    return ok;
}
