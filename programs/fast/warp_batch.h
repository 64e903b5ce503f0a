/* programs/fast/warp_batch.h: one batch of warps for one element type.
 *
 * Included once per type by fast_warps.c, with
 *   FAST_T       the storage (uint32_t or uint64_t),
 *   FAST_ADD     a + b as the model adds (a: the operand whose f64 NaN
 *                payload survives two NaNs),
 *   FAST_LT      a < b as setp.lt on the type,
 *   FAST_NAME(x) the name of x for this type (x_f32, ...),
 *   FAST_TRANSPOSE transpose_u32 or transpose_u64 (transpose.h),
 *   FAST_MIN, FAST_MAX min(a, b) and max(a, b) as the model's WS_MIN/WS_MAX
 *                (a: the operand whose f64 NaN payload survives two NaNs).
 * Kept out of a macro so that compiler reports (-fopt-info-vec) name the
 * loops' own lines. No include guard: meant to be included several times. */

#define T FAST_T
#define ADD FAST_ADD
#define LT FAST_LT

/* v += t with the peer t first: the f64 NaN operand order of the compiled
 * GPU code (programs/README.md), as the model's programs add. */
static inline void FAST_NAME(add_row)(T *restrict d, const T *restrict own, const T *restrict t, int width)
{
    for (int w = 0; w < width; w++)
        d[w] = ADD(t[w], own[w]);
}
/* take = p < key; key = take ? p : key */
static inline void FAST_NAME(keep_smaller_row)(T *restrict d, const T *restrict key, const T *restrict p, int width)
{
    for (int w = 0; w < width; w++)
        d[w] = LT(p[w], key[w]) ? p[w] : key[w];
}
/* take = p > key (setp.gt: key < p); key = take ? p : key */
static inline void FAST_NAME(keep_larger_row)(T *restrict d, const T *restrict key, const T *restrict p, int width)
{
    for (int w = 0; w < width; w++)
        d[w] = LT(key[w], p[w]) ? p[w] : key[w];
}
/* acc = acc OP x, __reduce_*_sync's integer operations (any order gives the
 * same bits: add wraps, min/max by the type's LT, and/or/xor bitwise). */
static inline void FAST_NAME(redux_row)(T *restrict acc, const T *restrict x, int width, wk_redop op)
{
    switch (op) {
    case WK_OP_ADD: for (int w = 0; w < width; w++) acc[w] = (T)(acc[w] + x[w]); break;
    case WK_OP_MIN: for (int w = 0; w < width; w++) acc[w] = LT(x[w], acc[w]) ? x[w] : acc[w]; break;
    case WK_OP_MAX: for (int w = 0; w < width; w++) acc[w] = LT(acc[w], x[w]) ? x[w] : acc[w]; break;
    case WK_OP_AND: for (int w = 0; w < width; w++) acc[w] &= x[w]; break;
    case WK_OP_OR: for (int w = 0; w < width; w++) acc[w] |= x[w]; break;
    case WK_OP_XOR: for (int w = 0; w < width; w++) acc[w] ^= x[w]; break;
    default: break;
    }
}

/* The exclusive scans of CG and CUB after their inclusive scan (cur):
 * "inclusive" is v; CUB first makes inc = 0 + v (its Update); then
 * integers take e = inc - x (x, the input, read again from `in`) and floats
 * e = shfl_up(inc, 1) with +0 in lane 0 (scans/cg_scan_excl.c,
 * scans/cub_scan_excl.c). `next` is free. */
static void FAST_NAME(scan_excl_tail)(const fast_plan *pl, const T *in, T *const outs[2], size_t first, size_t count,
                                      T *cur, T *next, int width)
{
    const int lanes = pl->lanes;
    const size_t row = (size_t)width * sizeof(T);
    T *out0 = outs[0] + first * (size_t)lanes;
    if (outs[1])
        FAST_TRANSPOSE(outs[1] + first * (size_t)lanes, (size_t)lanes, cur, (size_t)width, lanes, (int)count);
    T *inc = cur;
    if (pl->algo == WK_FAST_CUB_SCAN_EXCL) { /* inc = T{} + v: the zero first */
        for (size_t i = 0; i < (size_t)lanes * (size_t)width; i++)
            next[i] = ADD((T)0, cur[i]);
        inc = next;
    }
    if (pl->type != WK_F32 && pl->type != WK_F64) { /* integers: e = inc - x, wrapping */
        FAST_TRANSPOSE(out0, (size_t)lanes, inc, (size_t)width, lanes, (int)count);
        const T *x = in + first * (size_t)lanes;
        for (size_t i = 0; i < count * (size_t)lanes; i++)
            out0[i] = (T)(out0[i] - x[i]);
        return;
    }
    T *e = inc == cur ? next : cur; /* the buffer inc is not in */
    memset(e, 0, row);             /* lane 0: +0 */
    memcpy(e + width, inc, (size_t)(lanes - 1) * row); /* lane l: lane l - 1's inc */
    FAST_TRANSPOSE(out0, (size_t)lanes, e, (size_t)width, lanes, (int)count);
}

/* The batch's `count` warps in a register file `width` warps wide (rows of
 * width elements). Always inlined, so that width is a constant in the full
 * batches' loops. */
static inline __attribute__((always_inline)) void FAST_NAME(batch_body)(const fast_plan *pl, const T *in,
                                                                         T *const outs[2], size_t first,
                                                                         size_t count, T *scratch, int width)
{
    const int lanes = pl->lanes;
    const size_t row = (size_t)width * sizeof(T);
    T *cur = scratch, *next = scratch + (size_t)lanes * (size_t)width;
    /* Into the batch layout; unused columns are zeros. */
    if (count < (size_t)width)
        memset(cur, 0, (size_t)lanes * row);
    FAST_TRANSPOSE(cur, (size_t)width, in + first * (size_t)lanes, (size_t)lanes, (int)count, lanes);
    for (int s = 0; s < pl->n_steps; s++) {
        const fast_step *st = &pl->steps[s];
        for (int lane = 0; lane < lanes; lane++) {
            T *d = next + (size_t)lane * (size_t)width;
            const T *own = cur + (size_t)lane * (size_t)width, *t = cur + (size_t)st->src[lane] * (size_t)width;
            switch (pl->algo) {
            case WK_FAST_REDUCE_DOWN:
            case WK_FAST_REDUCE_XOR:
                FAST_NAME(add_row)(d, own, t, width);
                break;
            case WK_FAST_SEGMENTED: /* v + t: the own value first (programs/README.md) */
                FAST_NAME(add_row)(d, t, own, width);
                break;
            case WK_FAST_CUB_REDUCE: /* @p add: a lane whose source is out of range keeps its value;
                                        f64 adds own + peer after offset 1 (programs/README.md) */
            case WK_FAST_PRED_SCAN:
            case WK_FAST_CG_SCAN_EXCL:
            case WK_FAST_CUB_SCAN_EXCL:
                if (st->src[lane] == lane)
                    memcpy(d, own, row);
                else if (pl->type == WK_F64 && st->b > 1)
                    FAST_NAME(add_row)(d, t, own, width);
                else
                    FAST_NAME(add_row)(d, own, t, width);
                break;
            case WK_FAST_SCAN_INCL:
            case WK_FAST_SCAN_EXCL: /* if (lane >= d) v += t; */
                if (lane >= st->b)
                    FAST_NAME(add_row)(d, own, t, width);
                else
                    memcpy(d, own, row);
                break;
            case WK_FAST_BITONIC: {
                bool lower = (lane & st->b) == 0;
                bool up = pl->descending ? (lane & st->size) != 0 : (lane & st->size) == 0;
                if (lower == up)
                    FAST_NAME(keep_smaller_row)(d, own, t, width);
                else
                    FAST_NAME(keep_larger_row)(d, own, t, width);
                break;
            }
            case WK_FAST_BROADCAST: /* a move: the bits as they are */
                memcpy(d, t, row);
                break;
            case WK_FAST_SEED_SORT: { /* the lower lane keeps the min, the upper the max; the
                                         first stage passes p first (programs/README.md) */
                bool lower = (lane & st->b) == 0, p_first = s == 0;
                const T *a = p_first ? t : own, *b2 = p_first ? own : t;
                for (int w = 0; w < width; w++)
                    d[w] = lower ? FAST_MIN(a[w], b2[w]) : FAST_MAX(a[w], b2[w]);
                break;
            }
            case WK_FAST_REDUX: /* no steps */
            case WK_FAST_BALLOT_COMPACT: /* warp by warp, not in the batch layout (batch below) */
            case WK_FAST_TRANSPOSE8:
            case WK_FAST_NONE:
            case WK_FAST_DEVICE_REDUCE: /* fast_plan_make makes no plan for these */
                break;
            }
        }
        T *swap = cur;
        cur = next;
        next = swap;
    }
    if (pl->algo == WK_FAST_REDUX) { /* every lane gets the combination of all lanes' values */
        memcpy(next, cur, row);
        for (int lane = 1; lane < lanes; lane++)
            FAST_NAME(redux_row)(next, cur + (size_t)lane * (size_t)width, width, pl->op);
        for (int lane = 0; lane < lanes; lane++)
            memcpy(cur + (size_t)lane * (size_t)width, next, row);
    }
    if (pl->algo == WK_FAST_CG_SCAN_EXCL || pl->algo == WK_FAST_CUB_SCAN_EXCL) {
        FAST_NAME(scan_excl_tail)(pl, in, outs, first, count, cur, next, width);
        return;
    }
    if (pl->algo == WK_FAST_SCAN_EXCL) {
        if (outs[1]) /* "inclusive": v before the shift */
            FAST_TRANSPOSE(outs[1] + first * (size_t)lanes, (size_t)lanes, cur, (size_t)width, lanes, (int)count);
        /* e = shfl_up(v, 1); if (lane == 0) e = 0; */
        for (int lane = 0; lane < lanes; lane++) {
            T *d = next + (size_t)lane * (size_t)width;
            if (lane == 0)
                memset(d, 0, row);
            else
                memcpy(d, cur + (size_t)pl->shift.src[lane] * (size_t)width, row);
        }
        cur = next;
    }
    FAST_TRANSPOSE(outs[0] + first * (size_t)lanes, (size_t)lanes, cur, (size_t)width, lanes, (int)count);
}

/* ballot-compact, warp by warp: its one exchange is a ballot (a reduction
 * over the warp's own contiguous lanes) and its compaction a scatter within
 * the warp, so the [lane][warp] layout would only add two transposes.
 * keep = x > 0 is setp.gt x, 0: LT(0, x), so NaN, -0 and +0 are not kept.
 * out gets the kept values in lane order, then zeros (the model's buffer
 * starts zeroed; its output is the first count); count and ballot hold the
 * same value in every lane, as every lane computes them. */
static inline __attribute__((always_inline)) void FAST_NAME(compact_warps)(const T *in, void *const outs[], size_t first,
                                                                          size_t count, int lanes)
{
    T *out = outs[0];
    uint32_t *count_out = outs[1];
    void *ballot_out = outs[2];
    for (size_t w = first; w < first + count; w++) {
        const T *x = in + w * (size_t)lanes;
        uint64_t b = 0;
        for (int lane = 0; lane < lanes; lane++)
            b |= (uint64_t)LT((T)0, x[lane]) << lane;
        T *o = out + w * (size_t)lanes;
        int n = 0;
        for (int lane = 0; lane < lanes; lane++) { /* a lane not kept is written over (or zeroed) */
            o[n] = x[lane];
            n += (int)(b >> lane & 1);
        }
        for (int i = n; i < lanes; i++)
            o[i] = 0;
        if (count_out)
            for (int lane = 0; lane < lanes; lane++)
                count_out[w * (size_t)lanes + (size_t)lane] = (uint32_t)n;
        if (ballot_out && lanes == 64)
            for (int lane = 0; lane < lanes; lane++)
                ((uint64_t *)ballot_out)[w * (size_t)lanes + (size_t)lane] = b;
        else if (ballot_out)
            for (int lane = 0; lane < lanes; lane++)
                ((uint32_t *)ballot_out)[w * (size_t)lanes + (size_t)lane] = (uint32_t)b;
    }
}

/* transpose8, warp by warp: its shuffles and selects only move bits, and
 * the plan checked that they transpose each 8-lane group's 8x8 tile
 * (warp_plan.c), so m is that, tile by tile through vector registers. */
static inline __attribute__((always_inline)) void FAST_NAME(tile_transposes)(const T *in, T *out, size_t first,
                                                                            size_t count, int lanes)
{
    const size_t n = 8 * (size_t)lanes;
    for (size_t w = first; w < first + count; w++)
        for (size_t tile = 0; tile < n; tile += 64)
            FAST_TRANSPOSE(out + w * n + tile, 8, in + w * n + tile, 8, 8, 8);
}

/* Warps first .. first + count - 1 into outs (WK_FAST_MAX_OUTPUTS pointers,
 * NULL for outputs not wanted). A full batch with the compile-time width
 * BATCH (the loops vectorise); a short last batch (or a single warp) in a
 * register file just as wide as it needs, rounded up to 4 warps. The
 * warp-by-warp programs take 32 or 64 lanes as a constant. */
static void FAST_NAME(batch)(const fast_plan *pl, const T *in, void *const outs[WK_FAST_MAX_OUTPUTS], size_t first,
                             size_t count, T *scratch)
{
    if (pl->algo == WK_FAST_BALLOT_COMPACT) {
        if (pl->lanes == 64)
            FAST_NAME(compact_warps)(in, outs, first, count, 64);
        else
            FAST_NAME(compact_warps)(in, outs, first, count, 32);
        return;
    }
    if (pl->algo == WK_FAST_TRANSPOSE8) {
        if (pl->lanes == 64)
            FAST_NAME(tile_transposes)(in, outs[0], first, count, 64);
        else
            FAST_NAME(tile_transposes)(in, outs[0], first, count, 32);
        return;
    }
    T *const o[2] = {outs[0], outs[1]};
    if (count == BATCH)
        FAST_NAME(batch_body)(pl, in, o, first, count, scratch, BATCH);
    else
        FAST_NAME(batch_body)(pl, in, o, first, count, scratch, (int)((count + 3) / 4 * 4));
}

#undef T
#undef ADD
#undef LT
#undef FAST_T
#undef FAST_ADD
#undef FAST_LT
#undef FAST_NAME
#undef FAST_TRANSPOSE
#undef FAST_MIN
#undef FAST_MAX
