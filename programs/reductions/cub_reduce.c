/* cub-reduce: cub::WarpReduce<T>::Sum on a logical warp of 32 (spec 5.3).
 * For i32/u32 on sm80+ it is one __reduce_add_sync: every lane gets the
 * total. Otherwise it is CUB's inline PTX, a shfl_down sweep at offsets 1,
 * 2, 4, 8, 16 (ascending) with c = last_lane | ((32 - L) << 8) = 0x1f:
 *     shfl.sync.down.b32 r0|p, v, offset, 0x1f, 0xffffffff;
 *     @p add.f32 r0, r0, v;  v = r0;
 * so v = p ? peer + own : own (peer first) for f32, and for sym, whose
 * handles move as one 32-bit word. Raw shfl.sync moves 32 bits, so f64 and
 * 64-bit integers go as two words, lo then hi, each setting the same
 * predicate, as CUB's asm does; f64 adds own + peer (@p add.f64 v, v, r0),
 * the integers peer + own. Lane 0 ends with the sum; lane l keeps the sum
 * of lanes l..31 in the order the recurrence adds them (lane 31 its own
 * value): a bit-exact model must reproduce these too (spec 5.3, 7). */
#include "program.h"

enum { LOGICAL_WARP = 32, LAST_LANE = LOGICAL_WARP - 1 };

/* c = last_lane | ((32 - L) << 8) */
static const uint32_t shfl_c = LAST_LANE | ((32 - LOGICAL_WARP) << 8);

/* One ReduceStep of a 32-bit value: f32 (and sym). */
static void step32(wk_warp *k, ws_reg v, ws_reg r0, ws_reg p, int offset)
{
    wk_stmt(k, "shfl.sync.down.b32 r0|p, v, %d, 0x%x, %s;  // ReduceStep(v, plus, %d, %d)", offset, shfl_c,
            k->full_text, LAST_LANE, offset);
    wk_shfl_ptx(k, WS_COLL_SHFL_DOWN, k->full, r0, p, v, (uint32_t)offset, shfl_c);
    wk_stmt(k, "@p add.%s r0, r0, v;  mov.%s v, r0;", wk_elem_name(k->type), wk_elem_name(k->type));
    wk_if(k, p);
    wk_add(k, r0, r0, v);
    wk_end_if(k);
    wk_mov(k, v, r0);
}

/* The registers of a 64-bit step: the two words and a u64 scratch. */
typedef struct wide_regs {
    ws_reg lo, hi, bits, word;
} wide_regs;

/* One ReduceStep of a 64-bit value (f64, i64, u64): CUB's asm moves the two
 * words through two shfl.sync.down.b32 with the same b, c and mask. */
static void step64(wk_warp *k, ws_reg v, ws_reg r0, ws_reg p, const wide_regs *x, int offset)
{
    wk_stmt(k, "mov.b64 {lo, hi}, v;  // ReduceStep(v, plus, %d, %d)", LAST_LANE, offset);
    wk_mov(k, x->lo, v);
    wk_mov(k, x->bits, v);
    wk_binop_imm(k, WS_SHR, x->bits, x->bits, 32);
    wk_mov(k, x->hi, x->bits);
    wk_show(k, x->lo);
    wk_stmt(k, "shfl.sync.down.b32 lo|p, lo, %d, 0x%x, %s;", offset, shfl_c, k->full_text);
    wk_shfl_ptx(k, WS_COLL_SHFL_DOWN, k->full, x->lo, p, x->lo, (uint32_t)offset, shfl_c);
    wk_stmt(k, "shfl.sync.down.b32 hi|p, hi, %d, 0x%x, %s;", offset, shfl_c, k->full_text);
    wk_shfl_ptx(k, WS_COLL_SHFL_DOWN, k->full, x->hi, p, x->hi, (uint32_t)offset, shfl_c);
    wk_stmt(k, "mov.b64 r0, {lo, hi};");
    wk_mov(k, x->bits, x->hi);
    wk_binop_imm(k, WS_SHL, x->bits, x->bits, 32);
    wk_mov(k, x->word, x->lo);
    wk_binop(k, WS_OR, x->bits, x->bits, x->word);
    wk_mov(k, r0, x->bits);
    if (k->type == WK_F64) {
        wk_stmt(k, "@p add.f64 v, v, r0;  // own + peer");
        wk_if(k, p);
        wk_add(k, v, v, r0);
        wk_end_if(k);
    } else {
        wk_stmt(k, "@p add.%s r0, r0, v;  mov.b64 v, r0;", k->type == WK_I64 ? "s64" : "u64");
        wk_if(k, p);
        wk_add(k, r0, r0, v);
        wk_end_if(k);
        wk_mov(k, v, r0);
    }
    wk_show(k, v);
}

static void run(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, r->params.threads);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v");

    wk_stmt(k, "T v = in[lane];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    if (k->type == WK_I32 || k->type == WK_U32) {
        /* warp_reduce_shfl.cuh: integral, at most 4 bytes, plus, all lanes valid, sm80+ */
        wk_stmt(k, "v = __reduce_add_sync(%s, v);", k->full_text);
        wk_reduce(k, WK_OP_ADD, k->full, v, v);
    } else {
        ws_reg r0 = wk_var(k, "r0"), p = wk_var_of(k, "p", WS_U32);
        wide_regs x = {0};
        if (wk_elem_bits(k->type) == 64)
            x = (wide_regs){wk_var_of(k, "lo", WS_U32), wk_var_of(k, "hi", WS_U32), wk_var_of(k, "bits", WS_U64),
                            wk_var_of(k, "word", WS_U64)};
        for (int offset = 1; offset < LOGICAL_WARP; offset *= 2) {
            if (x.lo)
                step64(k, v, r0, p, &x, offset);
            else
                step32(k, v, r0, p, offset);
        }
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

const wk_program wk_prog_cub_reduce = {
    .name = "cub-reduce",
    .summary = "cub::WarpReduce<T>::Sum: redux for 32-bit ints, else CUB's ascending shfl_down PTX",
    .cuda = "using WarpReduce = cub::WarpReduce<T>;   // logical warp of 32 lanes\n"
            "__shared__ typename WarpReduce::TempStorage temp;\n"
            "T v = in[lane];\n"
            "T sum = WarpReduce(temp).Sum(v);\n"
            "// i32/u32 (sm80+): __reduce_add_sync(0xffffffff, v), every lane holds the sum\n"
            "// otherwise, CUB's inline PTX for offset = 1, 2, 4, 8, 16:\n"
            "//   shfl.sync.down.b32 r0|p, v, offset, 0x1f, 0xffffffff;\n"
            "//   @p add.f32 r0, r0, v;  v = r0;        (peer + own)\n"
            "//   f64: {lo, hi} shuffled as two words, @p add.f64 v, v, r0 (own + peer)\n"
            "//   i64/u64: {lo, hi} shuffled as two words, @p add r0, r0, v\n"
            "// lane 0 holds the sum; the other lanes keep partial sums",
    .types = WK_ALL_ELEMS,
    .profiles = WK_NVIDIA,
    .options = WK_OPT_LANES,
    .default_gen = "seq",
    .sym_term = "lane",
    .run = run,
};
