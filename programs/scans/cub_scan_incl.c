/* cub-scan-incl: cub::WarpScan<T>::InclusiveSum on a full warp of 32
 * (specializations/warp_scan_shfl.cuh, InclusiveScanStep; semantics.md 5.4). For
 * plus<> on these types CUB does not call the shuffle intrinsics: each step
 * is hand-written PTX that reads shfl.sync's predicate,
 *     shfl.sync.up.b32 r0|p, v, offset, c, member_mask;
 *     @p add.f32 r0, r0, v;           // peer + own
 * with offsets 1, 2, 4, 8, 16, c = first_lane | SHFL_C = 0 (L = 32, so
 * SHFL_C = (32 - 32) << 8 = 0) and member_mask = 0xffffffff. A lane whose
 * peer is out of range (lane < offset) has p = 0 and keeps r0, which the
 * shuffle set to its own value (semantics.md 1.1). int and unsigned use the same
 * shape (add.s32, add.u32).
 *
 * 64-bit values: raw shfl.sync moves 32 bits, so CUB splits the value,
 *     mov.b64 {lo, hi}, v;  shfl lo|p;  shfl hi|p;  mov.b64 r0, {lo, hi};
 * low word first, both shuffles with the same offset and c, so p is the
 * same (wk_shfl_ptx does exactly this for a 64-bit register). long long
 * and unsigned long long then do @p add.s64/u64 r0, r0, v (peer + own); double does @p add.f64 out, out, r0 with out a copy of v:
 * own + peer, the one order that differs (f64 NaN payloads, semantics.md 7). i64
 * stands for long long; a `long` would take CUB's generic step, which
 * gives the same bits. sym takes the 32-bit integer shape. sm90 only: the
 * raw PTX shuffle and its predicate are NVIDIA's. */
#include "runtime/cub.h"
#include "runtime/program.h"

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v"), r0 = wk_var(k, "r0"), p = wk_var_of(k, "p", WS_U32);

    wk_stmt(k, "T v = in[threadIdx.x];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    cub_inclusive_sum(k, v, r0, p);
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
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
    .fast = WK_FAST_PRED_SCAN,
};
