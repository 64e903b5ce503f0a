/* cub-scan-incl: cub::WarpScan<T>::InclusiveSum on a full warp of 32
 * (specializations/warp_scan_shfl.cuh, InclusiveScanStep; spec 5.4). For
 * plus<> on these types CUB does not call the shuffle intrinsics: each step
 * is hand-written PTX that reads shfl.sync's predicate,
 *     shfl.sync.up.b32 r0|p, v, offset, c, member_mask;
 *     @p add.f32 r0, r0, v;           // peer + own
 * with offsets 1, 2, 4, 8, 16, c = first_lane | SHFL_C = 0 (L = 32, so
 * SHFL_C = (32 - 32) << 8 = 0) and member_mask = 0xffffffff. A lane whose
 * peer is out of range (lane < offset) has p = 0 and keeps r0, which the
 * shuffle set to its own value (spec 1.1). int and unsigned use the same
 * shape (add.s32, add.u32).
 *
 * 64-bit values: raw shfl.sync moves 32 bits (the model refuses a 64-bit
 * register there, as ptxas would), so CUB splits the value,
 *     mov.b64 {lo, hi}, v;  shfl lo|p;  shfl hi|p;  mov.b64 r0, {lo, hi};
 * low word first, both shuffles with the same offset and c, so p is the
 * same. long long and unsigned long long then do @p add.s64/u64 r0, r0, v
 * (peer + own); double does @p add.f64 out, out, r0 with out a copy of v:
 * own + peer, the one order that differs (f64 NaN payloads, spec 7). i64
 * stands for long long; a `long` would take CUB's generic step, which
 * gives the same bits. sym takes the 32-bit integer shape. sm90 only: the
 * raw PTX shuffle and its predicate are NVIDIA's. */
#include "program.h"

/* The PTX type of the add. */
static const char *ptx_type(wk_elem e)
{
    switch (e) {
    case WK_I32: return "s32";
    case WK_U32: return "u32";
    case WK_F32: return "f32";
    case WK_I64: return "s64";
    case WK_U64: return "u64";
    case WK_F64: return "f64";
    default: return wk_elem_name(e);
    }
}

typedef struct words {
    ws_reg bits, tmp, lo, hi; /* bits, tmp: u64; lo, hi: u32 */
} words;

/* mov.b64 {lo, hi}, src */
static void split(wk_warp *k, const words *w, ws_reg src)
{
    wk_mov(k, w->bits, src);
    wk_mov(k, w->lo, w->bits);
    wk_binop_imm(k, WS_SHR, w->tmp, w->bits, 32);
    wk_mov(k, w->hi, w->tmp);
}

/* mov.b64 dst, {lo, hi} */
static void join(wk_warp *k, const words *w, ws_reg dst)
{
    wk_mov(k, w->bits, w->hi);
    wk_binop_imm(k, WS_SHL, w->bits, w->bits, 32);
    wk_mov(k, w->tmp, w->lo);
    wk_binop(k, WS_OR, w->bits, w->bits, w->tmp);
    wk_mov(k, dst, w->bits);
}

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, 0);
    if (!k)
        return;
    const char *pt = ptx_type(k->type);
    const bool wide = wk_elem_bits(k->type) == 64;
    ws_reg v = wk_var(k, "v"), r0 = wk_var(k, "r0"), p = wk_var_of(k, "p", WS_U32);
    words w = {0};
    if (wide)
        w = (words){wk_var_of(k, "bits", WS_U64), wk_var_of(k, "tmp", WS_U64), wk_var_of(k, "lo", WS_U32),
                    wk_var_of(k, "hi", WS_U32)};

    wk_stmt(k, "T v = in[threadIdx.x];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    for (int offset = 1; offset < 32; offset *= 2) {
        if (!wide) {
            wk_stmt(k, "shfl.sync.up.b32 r0|p, v, %d, 0, %s;  // InclusiveScanStep(v, plus, 0, %d)", offset,
                    k->full_text, offset);
            wk_shfl_ptx(k, WS_COLL_SHFL_UP, k->full, r0, p, v, (uint32_t)offset, 0);
            wk_stmt(k, "@p add.%s r0, r0, v;  mov.%s v, r0;", pt, pt);
            wk_if(k, p);
            wk_add(k, r0, r0, v);
            wk_end_if(k);
            wk_mov(k, v, r0);
            continue;
        }
        wk_stmt(k, "mov.b64 {lo, hi}, v;  // InclusiveScanStep(v, plus, 0, %d)", offset);
        split(k, &w, v);
        wk_show(k, w.lo);
        wk_stmt(k, "shfl.sync.up.b32 lo|p, lo, %d, 0, %s;", offset, k->full_text);
        wk_shfl_ptx(k, WS_COLL_SHFL_UP, k->full, w.lo, p, w.lo, (uint32_t)offset, 0);
        wk_stmt(k, "shfl.sync.up.b32 hi|p, hi, %d, 0, %s;", offset, k->full_text);
        wk_shfl_ptx(k, WS_COLL_SHFL_UP, k->full, w.hi, p, w.hi, (uint32_t)offset, 0);
        wk_stmt(k, "mov.b64 r0, {lo, hi};");
        join(k, &w, r0);
        if (k->type == WK_F64) {
            wk_stmt(k, "@p add.f64 v, v, r0;  // own + peer");
            wk_if(k, p);
            wk_add(k, v, v, r0);
            wk_end_if(k);
        } else {
            wk_stmt(k, "@p add.%s r0, r0, v;  mov.%s v, r0;", pt, pt);
            wk_if(k, p);
            wk_add(k, r0, r0, v);
            wk_end_if(k);
            wk_mov(k, v, r0);
        }
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_cub_scan_incl = {
    .name = "cub-scan-incl",
    .summary = "cub::WarpScan<T>::InclusiveSum: shfl.sync.up with its predicate, peer + own (f64: own + peer)",
    .cuda = "using WarpScan = cub::WarpScan<T>;\n"
            "__shared__ typename WarpScan::TempStorage temp;\n"
            "T v;\n"
            "WarpScan(temp).InclusiveSum(in[threadIdx.x], v);\n"
            "// each step (offset 1, 2, 4, 8, 16) is inline PTX:\n"
            "//   shfl.sync.up.b32 r0|p, v, offset, 0, 0xffffffff;\n"
            "//   @p add.f32 r0, r0, v;",
    .types = WK_ALL_ELEMS,
    .profiles = WK_NVIDIA,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
};
