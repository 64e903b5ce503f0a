/* programs/fast/warp_zmm.h: the AVX-512 build's loops for the plans with
 * one output of a 32-bit type (and ballot-compact's three), a warp held in
 * two 512-bit registers (32 lanes) or four (64), no transpose into the
 * batch layout and back. A step reads every lane's source from the plan's
 * table (the library's formula): another register whole, one vpermt2d of
 * a neighbouring pair, or a gather over the warp (zmm_group). When every
 * step exchanges with lane ^ b, as bitonic's, seed-xor-sort's and the xor
 * reduction's do, the partner comes from an in-register shuffle by an
 * immediate or is another register, and the bitonic network's order runs
 * unrolled with each b a constant (zmm_group_xor). The element op: adds
 * (the reductions, the inclusive scans, CUB's reduce), moves (broadcast),
 * compare-exchanges (bitonic) and fminf/fmaxf (seed-xor-sort); anything
 * else returns false and takes the batch loops. The same bits as
 * warp_batch.h: f32 adds are IEEE adds with every NaN result made
 * 0x7FFFFFFF (ws_inl_f32_add; here once, after the last step: zmm_add_in
 * says why that is the same; the operand order does not show in f32 bits),
 * integer adds wrap, compares are setp.lt's. Included by batch_engine.c
 * under __AVX512F__ only. */
#include <immintrin.h>

/* a + b as the model adds 32-bit values. */
static inline __m512i zmm_add(wk_elem type, __m512i a, __m512i b)
{
    if (type != WK_F32)
        return _mm512_add_epi32(a, b);
    __m512 r = _mm512_add_ps(_mm512_castsi512_ps(a), _mm512_castsi512_ps(b));
    __mmask16 nan = _mm512_cmp_ps_mask(r, r, _CMP_UNORD_Q);
    return _mm512_mask_mov_epi32(_mm512_castps_si512(r), nan, _mm512_set1_epi32((int)WS_F32_CANONICAL_NAN));
}

/* v + t in the lanes of act, the others as they are: one masked add. An
 * f32 NaN keeps its payload here; zmm_canonical_nans makes the NaNs
 * canonical once, after the last step. That gives the model's bits because
 * whether an add gives a NaN does not depend on its operands' payloads,
 * and a NaN stays a NaN through every later add. */
static inline __m512i zmm_add_in(wk_elem type, __m512i v, __mmask16 act, __m512i t)
{
    if (type != WK_F32)
        return _mm512_mask_add_epi32(v, act, t, v);
    __m512 x = _mm512_castsi512_ps(v);
    return _mm512_castps_si512(_mm512_mask_add_ps(x, act, _mm512_castsi512_ps(t), x));
}

/* Every NaN in `lanes` as 0x7FFFFFFF, the GPU's f32 add result. */
static inline __m512i zmm_canonical_nans(wk_elem type, __m512i v, __mmask16 lanes)
{
    if (type != WK_F32)
        return v;
    __mmask16 nan = _mm512_mask_cmp_ps_mask(lanes, _mm512_castsi512_ps(v), _mm512_castsi512_ps(v), _CMP_UNORD_Q);
    return _mm512_mask_mov_epi32(v, nan, _mm512_set1_epi32((int)WS_F32_CANONICAL_NAN));
}

/* The compare-exchange: in the lanes of `smaller`, t < v ? t : v with
 * setp.lt's compare (f32 ordered: vminps gives its second operand unless
 * the first is less, so a NaN or an equal zero keeps v; i32 signed; u32
 * unsigned: equal values have equal bits); in the others v < t ? t : v
 * (vmaxps t, v: t only where t > v). One max, then a min masked to the
 * smaller lanes. */
static inline __m512i zmm_exchange(wk_elem type, __m512i t, __m512i v, __mmask16 smaller)
{
    if (type == WK_F32) {
        __m512 x = _mm512_castsi512_ps(t), y = _mm512_castsi512_ps(v);
        return _mm512_castps_si512(_mm512_mask_min_ps(_mm512_max_ps(x, y), smaller, x, y));
    }
    if (type == WK_I32)
        return _mm512_mask_min_epi32(_mm512_max_epi32(t, v), smaller, t, v);
    return _mm512_mask_min_epu32(_mm512_max_epu32(t, v), smaller, t, v);
}

/* fminf/fmaxf (want_max lanes: max) as ws_inl_f32_minmax gives them:
 * vrangeps selects the smaller or larger operand with -0 below +0, which
 * is the rule wherever neither is a NaN; then a NaN operand is the
 * missing one (the other is the result), and two NaNs give the canonical
 * NaN. */
static inline __m512i zmm_f32_minmax(__m512i a, __m512i b, __mmask16 want_max)
{
    __m512 x = _mm512_castsi512_ps(a), y = _mm512_castsi512_ps(b);
    enum { RANGE_MIN = 0x4, RANGE_MAX = 0x5 }; /* imm8[3:2] = 01: the sign from the comparison */
    __m512i r = _mm512_castps_si512(
        _mm512_mask_range_ps(_mm512_range_ps(x, y, RANGE_MIN), want_max, x, y, RANGE_MAX));
    __mmask16 an = _mm512_cmp_ps_mask(x, x, _CMP_UNORD_Q), bn = _mm512_cmp_ps_mask(y, y, _CMP_UNORD_Q);
    r = _mm512_mask_mov_epi32(r, bn, a);
    r = _mm512_mask_mov_epi32(r, an, b);
    return _mm512_mask_mov_epi32(r, an & bn, _mm512_set1_epi32((int)WS_F32_CANONICAL_NAN));
}

/* min in the lanes not in want_max, max in those, as the model's WS_MIN/WS_MAX. */
static inline __m512i zmm_minmax(wk_elem type, __m512i a, __m512i b, __mmask16 want_max)
{
    if (type == WK_F32)
        return zmm_f32_minmax(a, b, want_max);
    __m512i lo = type == WK_I32 ? _mm512_min_epi32(a, b) : _mm512_min_epu32(a, b);
    __m512i hi = type == WK_I32 ? _mm512_max_epi32(a, b) : _mm512_max_epu32(a, b);
    return _mm512_mask_blend_epi32(want_max, lo, hi);
}

/* What a step does in each lane: t is the value read from the lane's source. */
typedef enum { ZMM_ADD, ZMM_MOVE, ZMM_SORT, ZMM_SEED } zmm_op;

/* A group holds ZMM_GROUP_REGS registers of warps (4 warps of 32 lanes, 2
 * of 64): with the values they read, half the 32 registers. */
enum { ZMM_MAX_REGS = 4, ZMM_GROUP_REGS = 8, ZMM_GROUP = ZMM_GROUP_REGS / 2 };

/* The plan's steps as vectors, per step and register of 16 lanes: the
 * source lanes, the lanes whose source is in the upper 32 (a 64-lane warp
 * reads from two register pairs), the lanes that change (act) and, for the
 * sort, the lanes that keep the smaller value: as warp_batch.h decides them
 * lane by lane. */
enum { ZMM_FROM_REG = 0, ZMM_FROM_PAIR = 4, ZMM_FROM_ANY = 7 }; /* + the register q, + the pair's first p */

typedef struct zmm_steps {
    __m512i idx[FAST_MAX_STEPS][ZMM_MAX_REGS];
    __mmask16 upper[FAST_MAX_STEPS][ZMM_MAX_REGS], act[FAST_MAX_STEPS][ZMM_MAX_REGS],
        smaller[FAST_MAX_STEPS][ZMM_MAX_REGS];
    /* Where a register's 16 sources are (ZMM_FROM_*): another register's
     * lanes in order (bitonic's and the xor reductions' exchanges by 16 or
     * 32: that register, no permute); on 64 lanes two neighbouring
     * registers p, p + 1, as a shuffle by a power of two's are (one
     * vpermt2d of those, pair_idx); else anywhere in the warp (idx, upper). */
    __m512i pair_idx[FAST_MAX_STEPS][ZMM_MAX_REGS];
    unsigned char from[FAST_MAX_STEPS][ZMM_MAX_REGS];
    /* Each step's b where every lane reads lane ^ b (b a power of two),
     * else 0; all_xor: every step is such an exchange (zmm_group_xor). */
    unsigned char xor_b[FAST_MAX_STEPS];
    bool all_xor;
    /* The lanes that add in at least one step: only their NaNs are made
     * canonical (zmm_canonical_nans); a lane that never adds keeps its
     * input's bits. */
    __mmask16 added[ZMM_MAX_REGS];
    /* The exclusive scans' last move: lane l reads lane l - 1 (scan-excl:
     * the formula's shfl_up by 1), lane 0 gets zero. */
    __m512i tail_idx[ZMM_MAX_REGS];
    __mmask16 tail_upper[ZMM_MAX_REGS];
} zmm_steps;

/* What the exclusive scans do after their inclusive steps (warp_batch.h's
 * scan-excl branch and scan_excl_tail). */
typedef enum {
    ZMM_TAIL_NONE,
    ZMM_TAIL_SHIFT,     /* e = the inclusive value of lane l - 1, lane 0: 0 */
    ZMM_TAIL_SUB,       /* integers of CG and CUB: e = inc - x, x the lane's input */
    ZMM_TAIL_ZERO_SHIFT /* CUB's floats: inc = 0 + v (CUB's Update), then the shift */
} zmm_tail;

static zmm_tail zmm_tail_of(const fast_plan *pl)
{
    bool is_float = pl->type == WK_F32;
    switch (pl->algo) {
    case WK_FAST_SCAN_EXCL: return ZMM_TAIL_SHIFT;
    case WK_FAST_CG_SCAN_EXCL: return is_float ? ZMM_TAIL_SHIFT : ZMM_TAIL_SUB;
    case WK_FAST_CUB_SCAN_EXCL: return is_float ? ZMM_TAIL_ZERO_SHIFT : ZMM_TAIL_SUB; /* ints: 0 + v = v */
    default: return ZMM_TAIL_NONE;
    }
}

/* One gather within a warp: lane l of the result is v's lane at idx. */
static inline __attribute__((always_inline)) __m512i zmm_gather(const __m512i *v, int regs, __m512i idx,
                                                                __mmask16 upper)
{
    __m512i t = _mm512_permutex2var_epi32(v[0], idx, v[1]);
    if (regs == 4)
        t = _mm512_mask_blend_epi32(upper, t, _mm512_permutex2var_epi32(v[2], idx, v[3]));
    return t;
}

static void zmm_prepare(const fast_plan *pl, zmm_steps *z)
{
    memset(z->added, 0, sizeof z->added);
    z->all_xor = pl->n_steps > 0;
    for (int s = 0; s < pl->n_steps; s++) {
        int b = pl->steps[s].src[0]; /* lane 0 reads lane b */
        bool is_xor = b > 0 && b < pl->lanes && (b & (b - 1)) == 0;
        for (int lane = 0; lane < pl->lanes; lane++)
            is_xor = is_xor && pl->steps[s].src[lane] == (lane ^ b);
        z->xor_b[s] = (unsigned char)(is_xor ? b : 0);
        z->all_xor = z->all_xor && is_xor;
    }
    for (int s = 0; s < pl->n_steps; s++) {
        const fast_step *st = &pl->steps[s];
        for (int r = 0; r < pl->lanes / 16; r++) {
            int src[16];
            unsigned up_bits = 0, a = 0, m = 0;
            for (int k = 0; k < 16; k++) {
                int lane = r * 16 + k;
                src[k] = st->src[lane];
                bool acts = pl->algo == WK_FAST_SCAN_INCL || pl->algo == WK_FAST_SCAN_EXCL ? lane >= st->b
                            : pl->algo == WK_FAST_CUB_REDUCE || pl->algo == WK_FAST_PRED_SCAN ||
                                    pl->algo == WK_FAST_CG_SCAN_EXCL || pl->algo == WK_FAST_CUB_SCAN_EXCL
                                ? st->src[lane] != lane
                            : pl->algo == WK_FAST_SEED_SORT ? (lane & st->b) == 0 /* act: the lower lanes */
                                                            : true;
                bool lower = (lane & st->b) == 0;
                bool up = pl->descending ? (lane & st->size) != 0 : (lane & st->size) == 0;
                up_bits |= (unsigned)(st->src[lane] >= 32) << k;
                a |= (unsigned)acts << k;
                m |= (unsigned)(lower == up) << k;
            }
            z->idx[s][r] = _mm512_loadu_si512(src); /* vpermt2d uses bits 4:0 */
            z->upper[s][r] = (__mmask16)up_bits;
            int lo_reg = 3, hi_reg = 0;
            for (int k = 0; k < 16; k++) {
                lo_reg = src[k] / 16 < lo_reg ? src[k] / 16 : lo_reg;
                hi_reg = src[k] / 16 > hi_reg ? src[k] / 16 : hi_reg;
            }
            int pair = pl->lanes < 64 || hi_reg - lo_reg > 1 ? -1 : lo_reg < 3 ? lo_reg : 2;
            int rel[16];
            for (int k = 0; k < 16; k++)
                rel[k] = pair < 0 ? 0 : src[k] - 16 * pair;
            z->pair_idx[s][r] = _mm512_loadu_si512(rel);
            bool in_order = src[0] % 16 == 0;
            for (int k = 1; k < 16; k++)
                in_order = in_order && src[k] == src[0] + k;
            z->from[s][r] = (unsigned char)(in_order ? ZMM_FROM_REG + src[0] / 16
                                            : pair >= 0 ? ZMM_FROM_PAIR + pair
                                                        : ZMM_FROM_ANY);
            z->act[s][r] = (__mmask16)a;
            z->added[r] |= (__mmask16)a;
            z->smaller[s][r] = (__mmask16)m;
        }
    }
    for (int r = 0; r < pl->lanes / 16; r++) {
        int src[16];
        unsigned up_bits = 0;
        for (int k = 0; k < 16; k++) {
            int lane = r * 16 + k, from = pl->algo == WK_FAST_SCAN_EXCL ? pl->shift.src[lane] : lane - 1;
            src[k] = lane == 0 ? 0 : from; /* lane 0 is zeroed after the gather */
            up_bits |= (unsigned)(src[k] >= 32) << k;
        }
        z->tail_idx[r] = _mm512_loadu_si512(src);
        z->tail_upper[r] = (__mmask16)up_bits;
    }
}

/* A warp's register to memory. Streaming stores (nt) where the output is
 * aligned to 64 bytes: the lines are written whole, so the CPU need not
 * read them first; a run of many warps then moves about a third fewer
 * bytes through memory. */
static inline void zmm_store(uint32_t *at, __m512i v, bool nt)
{
    if (nt)
        _mm512_stream_si512((void *)at, v);
    else
        _mm512_storeu_si512(at, v);
}

/* G warps of `regs` registers each from `in`, and back to `out`. */
static inline __attribute__((always_inline)) void zmm_load_group(const uint32_t *in, int regs, int G,
                                                                 __m512i v[][ZMM_MAX_REGS])
{
#pragma GCC unroll 8
    for (int k = 0; k < G; k++)
#pragma GCC unroll 4
        for (int r = 0; r < regs; r++)
            v[k][r] = _mm512_loadu_si512(in + (size_t)(k * regs + r) * 16);
}

static inline __attribute__((always_inline)) void zmm_store_group(uint32_t *out, int regs, int G,
                                                                  __m512i v[][ZMM_MAX_REGS], bool nt)
{
#pragma GCC unroll 8
    for (int k = 0; k < G; k++)
#pragma GCC unroll 4
        for (int r = 0; r < regs; r++)
            zmm_store(out + (size_t)(k * regs + r) * 16, v[k][r], nt);
}

/* A step's op in register r of a warp: v the register's values, t what
 * its lanes read. */
static inline __attribute__((always_inline)) __m512i zmm_apply(const zmm_steps *z, zmm_op op, wk_elem type,
                                                               int s, int r, __m512i v, __m512i t)
{
    switch (op) {
    case ZMM_ADD: return zmm_add_in(type, v, z->act[s][r], t);
    case ZMM_MOVE: return t;
    case ZMM_SEED: { /* the lower lane the min, the upper the max; p first in stage 0 */
        __mmask16 upper_lanes = (__mmask16)~z->act[s][r];
        return s == 0 ? zmm_minmax(type, t, v, upper_lanes) : zmm_minmax(type, v, t, upper_lanes);
    }
    default: /* ZMM_SORT: the lanes of `smaller` keep the smaller, the others the larger */
        return zmm_exchange(type, t, v, z->smaller[s][r]);
    }
}

/* After the last step of adds: the f32 NaNs of the lanes that added made
 * canonical (zmm_add_in says why once is enough). */
static inline __attribute__((always_inline)) void zmm_canonical_after_adds(const zmm_steps *z, zmm_op op,
                                                                           wk_elem type, int G, int regs,
                                                                           __m512i v[][ZMM_MAX_REGS])
{
    if (op != ZMM_ADD)
        return;
#pragma GCC unroll 8
    for (int k = 0; k < G; k++)
#pragma GCC unroll 4
        for (int r = 0; r < regs; r++)
            v[k][r] = zmm_canonical_nans(type, v[k][r], z->added[r]);
}

/* Lane l's partner lane l ^ b within its register (b < 16): a shuffle by
 * an immediate, no index table. */
static inline __attribute__((always_inline)) __m512i zmm_xor_lanes(__m512i x, int b)
{
    switch (b) {
    case 1: return _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0xB1); /* lanes 1 0 3 2 of each 4 */
    case 2: return _mm512_shuffle_epi32(x, (_MM_PERM_ENUM)0x4E); /* lanes 2 3 0 1 of each 4 */
    case 4: return _mm512_shuffle_i32x4(x, x, 0xB1);             /* blocks of 4 lanes: 1 0 3 2 */
    default: return _mm512_shuffle_i32x4(x, x, 0x4E);            /* 8: blocks 2 3 0 1 */
    }
}

/* Step s exchanging with lane ^ b, b < 16 (a constant where inlined): each register in place. */
static inline __attribute__((always_inline)) void zmm_xor_within(const zmm_steps *z, zmm_op op, wk_elem type, int regs,
                                                                 int G, __m512i v[][ZMM_MAX_REGS], int s, int b)
{
#pragma GCC unroll 8
    for (int k = 0; k < G; k++)
#pragma GCC unroll 4
        for (int r = 0; r < regs; r++)
            v[k][r] = zmm_apply(z, op, type, s, r, v[k][r], zmm_xor_lanes(v[k][r], b));
}

/* Step s exchanging with lane ^ 16q: registers r and r | q trade values (q a constant where inlined). */
static inline __attribute__((always_inline)) void zmm_xor_across(const zmm_steps *z, zmm_op op, wk_elem type, int regs,
                                                                 int G, __m512i v[][ZMM_MAX_REGS], int s, int q)
{
#pragma GCC unroll 8
    for (int k = 0; k < G; k++)
#pragma GCC unroll 4
        for (int r = 0; r < regs; r++)
            if ((r & q) == 0 && (r | q) < regs) {
                __m512i lo = v[k][r], hi = v[k][r | q];
                v[k][r] = zmm_apply(z, op, type, s, r, lo, hi);
                v[k][r | q] = zmm_apply(z, op, type, s, r | q, hi, lo);
            }
}

/* One step of lane ^ b, b a power of two below the lanes: each case with
 * its b a constant, so that the registers' indices are constants. */
static inline __attribute__((always_inline)) void zmm_xor_step(const zmm_steps *z, zmm_op op, wk_elem type, int regs,
                                                               int G, __m512i v[][ZMM_MAX_REGS], int s, int b)
{
    switch (b) {
    case 1: zmm_xor_within(z, op, type, regs, G, v, s, 1); break;
    case 2: zmm_xor_within(z, op, type, regs, G, v, s, 2); break;
    case 4: zmm_xor_within(z, op, type, regs, G, v, s, 4); break;
    case 8: zmm_xor_within(z, op, type, regs, G, v, s, 8); break;
    case 16: zmm_xor_across(z, op, type, regs, G, v, s, 1); break;
    default: zmm_xor_across(z, op, type, regs, G, v, s, 2); break; /* 32 */
    }
}

/* The bitonic network's exchanges in order, lane ^ b: for size = 2, 4, ..
 * 64, b = size/2 down to 1; 32 lanes take the first 15, 64 all 21. */
static const unsigned char zmm_bitonic_b[21] = {1, 2, 1, 4, 2, 1, 8, 4, 2, 1, 16, 8, 4, 2, 1, 32, 16, 8, 4, 2, 1};

static bool zmm_bitonic_order(const fast_plan *pl, const zmm_steps *z)
{
    if (pl->n_steps != (pl->lanes == 64 ? 21 : 15))
        return false;
    for (int s = 0; s < pl->n_steps; s++)
        if (z->xor_b[s] != zmm_bitonic_b[s])
            return false;
    return true;
}

/* 16 registers of warps a group: on the H200 host's Xeon 8 and 12 were slower
 * (docs/performance.md, "2026-12-01, night"). */
enum { ZMM_XOR_GROUP_REGS = 16, ZMM_XOR_GROUP = ZMM_XOR_GROUP_REGS / 2 };

/* zmm_group for the plans whose every step exchanges with lane ^ b
 * (bitonic, seed-xor-sort, reduce-xor) and that have no tail: below 16
 * the partner is in the lane's own register, from 16 up it is register
 * r ^ b/16 itself. A register is updated in place (only a cross-register
 * pair needs both old values). In the bitonic order (a constant where
 * inlined) every step's b is a constant of the unrolled loops. */
static inline __attribute__((always_inline)) void zmm_group_xor(const fast_plan *pl, const zmm_steps *z, zmm_op op,
                                                                wk_elem type,
                                                                int regs, int G, bool bitonic_order,
                                                                const uint32_t *in, uint32_t *out, bool nt)
{
    __m512i v[ZMM_XOR_GROUP][ZMM_MAX_REGS];
    zmm_load_group(in, regs, G, v);
    if (bitonic_order) { /* written out, each b a constant: compilers did not unroll a loop over the table */
#define ZMM_STEP(s) zmm_xor_step(z, op, type, regs, G, v, s, zmm_bitonic_b[s])
        ZMM_STEP(0);
        ZMM_STEP(1); ZMM_STEP(2); ZMM_STEP(3); ZMM_STEP(4); ZMM_STEP(5); ZMM_STEP(6); ZMM_STEP(7);
        ZMM_STEP(8); ZMM_STEP(9); ZMM_STEP(10); ZMM_STEP(11); ZMM_STEP(12); ZMM_STEP(13); ZMM_STEP(14);
        if (regs == 4) {
            ZMM_STEP(15); ZMM_STEP(16); ZMM_STEP(17); ZMM_STEP(18); ZMM_STEP(19); ZMM_STEP(20);
        }
#undef ZMM_STEP
    } else {
        for (int s = 0; s < pl->n_steps; s++)
            zmm_xor_step(z, op, type, regs, G, v, s, z->xor_b[s]);
    }
    zmm_canonical_after_adds(z, op, type, G, regs, v);
    zmm_store_group(out, regs, G, v, nt);
}

/* The G warps at `in` into `out` (and `inclusive`), `regs` registers of 16
 * lanes a warp. G, regs and op are constants where this is inlined, and
 * every loop over them is unrolled, so that each warp stays in registers
 * (an index the compiler cannot resolve would keep it in memory). */
static inline __attribute__((always_inline)) void zmm_group(const fast_plan *pl, const zmm_steps *z, zmm_op op,
                                                            wk_elem type,
                                                            int regs, int G, const uint32_t *in, uint32_t *out,
                                                            uint32_t *inclusive, bool nt)
{
    const zmm_tail tail = zmm_tail_of(pl);
    const size_t lanes = (size_t)regs * 16;
    __m512i v[ZMM_GROUP][ZMM_MAX_REGS];
    zmm_load_group(in, regs, G, v);
    for (int s = 0; s < pl->n_steps; s++) {
        /* Every lane reads the values from before the step. */
        __m512i t[ZMM_GROUP][ZMM_MAX_REGS];
#pragma GCC unroll 4
        for (int r = 0; r < regs; r++) {
            __m512i pidx = z->pair_idx[s][r];
            /* Constant register indices in every case (q < regs, the table
             * says): a variable one would keep the warps in memory. */
            switch (z->from[s][r]) {
#define ZMM_REG(q)                                                                                                    \
    case ZMM_FROM_REG + (q):                                                                                          \
        _Pragma("GCC unroll 4") for (int k = 0; k < G; k++) t[k][r] = v[k][(q) < regs ? (q) : 0];                     \
        break
#define ZMM_PAIR(p)                                                                                                   \
    case ZMM_FROM_PAIR + (p):                                                                                         \
        _Pragma("GCC unroll 4") for (int k = 0; k < G; k++) t[k][r] =                                                \
            _mm512_permutex2var_epi32(v[k][(p) < regs ? (p) : 0], pidx, v[k][(p) + 1 < regs ? (p) + 1 : 0]);          \
        break
                ZMM_REG(0);
                ZMM_REG(1);
                ZMM_REG(2);
                ZMM_REG(3);
                ZMM_PAIR(0);
                ZMM_PAIR(1);
                ZMM_PAIR(2);
#undef ZMM_REG
#undef ZMM_PAIR
            default: /* ZMM_FROM_ANY */
#pragma GCC unroll 4
                for (int k = 0; k < G; k++)
                    t[k][r] = zmm_gather(v[k], regs, z->idx[s][r], z->upper[s][r]);
                break;
            }
        }
#pragma GCC unroll 4
        for (int k = 0; k < G; k++)
#pragma GCC unroll 4
            for (int r = 0; r < regs; r++)
                v[k][r] = zmm_apply(z, op, type, s, r, v[k][r], t[k][r]);
    }
    zmm_canonical_after_adds(z, op, type, G, regs, v);
    if (tail != ZMM_TAIL_NONE)
#pragma GCC unroll 4
        for (int k = 0; k < G; k++) {
            const size_t at = (size_t)k * lanes;
            for (int r = 0; r < regs && inclusive; r++) /* "inclusive": v before the tail */
                zmm_store(inclusive + at + (size_t)r * 16, v[k][r], nt);
            __m512i inc[ZMM_MAX_REGS];
            for (int r = 0; r < regs; r++)
                inc[r] = tail == ZMM_TAIL_ZERO_SHIFT ? zmm_add(type, _mm512_setzero_si512(), v[k][r]) : v[k][r];
            for (int r = 0; r < regs; r++) {
                if (tail == ZMM_TAIL_SUB) { /* wrapping, as the GPU's */
                    v[k][r] = _mm512_sub_epi32(inc[r], _mm512_loadu_si512(in + at + (size_t)r * 16));
                } else {
                    v[k][r] = zmm_gather(inc, regs, z->tail_idx[r], z->tail_upper[r]);
                    if (r == 0)
                        v[k][0] = _mm512_mask_mov_epi32(v[k][0], 1, _mm512_setzero_si512()); /* lane 0: +0 */
                }
            }
        }
    zmm_store_group(out, regs, G, v, nt);
}

/* Warps 0 .. count-1 of `in` into `out`: a group at a time (a warp's
 * steps are one chain of dependent operations, bitonic's 15 long, so
 * several chains interleaved keep the vector units busy), the rest one by
 * one. */
static inline __attribute__((always_inline)) void zmm_run(const fast_plan *pl, const zmm_steps *z, zmm_op op,
                                                          wk_elem type,
                                                          int regs, const uint32_t *in, uint32_t *out,
                                                          uint32_t *inclusive, size_t count)
{
    const bool nt = ((uintptr_t)out | (uintptr_t)inclusive) % 64 == 0; /* every warp's row is 128 or 256 bytes */
    const size_t lanes = (size_t)regs * 16;
    size_t w = 0;
    if (z->all_xor && zmm_tail_of(pl) == ZMM_TAIL_NONE) {
        const int group = ZMM_XOR_GROUP_REGS / regs;
        if (zmm_bitonic_order(pl, z)) {
            for (; w + (size_t)group <= count; w += (size_t)group)
                zmm_group_xor(pl, z, op, type, regs, group, true, in + w * lanes, out + w * lanes, nt);
        } else {
            for (; w + (size_t)group <= count; w += (size_t)group)
                zmm_group_xor(pl, z, op, type, regs, group, false, in + w * lanes, out + w * lanes, nt);
        }
        for (; w < count; w++)
            zmm_group_xor(pl, z, op, type, regs, 1, false, in + w * lanes, out + w * lanes, nt);
        if (nt)
            _mm_sfence();
        return;
    }
    const int group = ZMM_GROUP_REGS / regs;
    for (; w + (size_t)group <= count; w += (size_t)group)
        zmm_group(pl, z, op, type, regs, group,
                  in + w * lanes, out + w * lanes, inclusive ? inclusive + w * lanes : NULL,
                  nt);
    for (; w < count; w++)
        zmm_group(pl, z, op, type, regs, 1,
                  in + w * lanes, out + w * lanes, inclusive ? inclusive + w * lanes : NULL, nt);
    if (nt)
        _mm_sfence(); /* the streamed lines are visible before the caller reads them */
}

/* zmm_run with op, type and regs as constants, each in a function of its
 * own: then no step tests the type (gcc 13 tested it step by step, moving
 * the warps between copies of the loop through memory: half the speed),
 * and no function is so large that its registers are allocated badly. */
#define ZMM_RUN_FN(o, t, regs)                                                                                        \
    static __attribute__((noinline)) void zmm_run_##o##_##t##_##regs(const fast_plan *pl, const zmm_steps *z,         \
                                                                     const uint32_t *in, uint32_t *out,               \
                                                                     uint32_t *inclusive, size_t count)               \
    {                                                                                                                 \
        zmm_run(pl, z, o, t, regs, in, out, inclusive, count);                                                        \
    }
#define ZMM_RUN_FNS(o, t) ZMM_RUN_FN(o, t, 2) ZMM_RUN_FN(o, t, 4)
ZMM_RUN_FNS(ZMM_ADD, WK_F32)
ZMM_RUN_FNS(ZMM_ADD, WK_I32)
ZMM_RUN_FNS(ZMM_ADD, WK_U32)
ZMM_RUN_FNS(ZMM_SORT, WK_F32)
ZMM_RUN_FNS(ZMM_SORT, WK_I32)
ZMM_RUN_FNS(ZMM_SORT, WK_U32)
ZMM_RUN_FNS(ZMM_SEED, WK_F32)
ZMM_RUN_FNS(ZMM_SEED, WK_I32)
ZMM_RUN_FNS(ZMM_SEED, WK_U32)
ZMM_RUN_FNS(ZMM_MOVE, WK_U32) /* bits only: the type does not matter */
#undef ZMM_RUN_FNS
#undef ZMM_RUN_FN

typedef void zmm_run_fn(const fast_plan *, const zmm_steps *, const uint32_t *, uint32_t *, uint32_t *, size_t);

static void zmm_run_op(const fast_plan *pl, const zmm_steps *z, zmm_op op, const uint32_t *in, uint32_t *out,
                       uint32_t *inclusive, size_t count)
{
#define ZMM_PICK(o, t) (pl->lanes == 64 ? zmm_run_##o##_##t##_4 : zmm_run_##o##_##t##_2)
#define ZMM_PICK_TYPED(o)                                                                                             \
    (pl->type == WK_F32 ? ZMM_PICK(o, WK_F32) : pl->type == WK_I32 ? ZMM_PICK(o, WK_I32) : ZMM_PICK(o, WK_U32))
    zmm_run_fn *run = op == ZMM_ADD    ? ZMM_PICK_TYPED(ZMM_ADD)
                      : op == ZMM_SORT ? ZMM_PICK_TYPED(ZMM_SORT)
                      : op == ZMM_SEED ? ZMM_PICK_TYPED(ZMM_SEED)
                                       : ZMM_PICK(ZMM_MOVE, WK_U32);
#undef ZMM_PICK_TYPED
#undef ZMM_PICK
    run(pl, z, in, out, inclusive, count);
}

/* Lane l holds l. */
static inline __m512i zmm_iota(void)
{
    return _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
}

/* __reduce_<op>_sync: every lane gets the whole warp's combination (any
 * order gives the same bits: add wraps, min/max by the type's order,
 * and/or/xor bitwise). */
static inline __m512i zmm_combine(wk_redop op, bool is_signed, __m512i a, __m512i b)
{
    switch (op) {
    case WK_OP_ADD: return _mm512_add_epi32(a, b);
    case WK_OP_MIN: return is_signed ? _mm512_min_epi32(a, b) : _mm512_min_epu32(a, b);
    case WK_OP_MAX: return is_signed ? _mm512_max_epi32(a, b) : _mm512_max_epu32(a, b);
    case WK_OP_AND: return _mm512_and_si512(a, b);
    case WK_OP_OR: return _mm512_or_si512(a, b);
    default: return _mm512_xor_si512(a, b);
    }
}

static void zmm_redux(const fast_plan *pl, const uint32_t *in, uint32_t *out, size_t count)
{
    const int regs = pl->lanes / 16;
    const bool is_signed = pl->type == WK_I32, nt = (uintptr_t)out % 64 == 0;
    for (size_t w = 0; w < count; w++) {
        const uint32_t *v = in + w * (size_t)pl->lanes;
        __m512i x = _mm512_loadu_si512(v);
        for (int r = 1; r < regs; r++)
            x = zmm_combine(pl->op, is_signed, x, _mm512_loadu_si512(v + r * 16));
        for (int shift = 8; shift > 0; shift /= 2) /* across the 16 lanes: each step halves them */
            x = zmm_combine(pl->op, is_signed, x,
                            _mm512_permutexvar_epi32(_mm512_add_epi32(zmm_iota(), _mm512_set1_epi32(shift)), x));
        __m512i all = _mm512_permutexvar_epi32(_mm512_setzero_si512(), x); /* lane 0's: the whole warp's */
        for (int r = 0; r < regs; r++)
            zmm_store(out + w * (size_t)pl->lanes + r * 16, all, nt);
    }
    if (nt)
        _mm_sfence();
}

/* ballot-compact's keep = x > 0, setp.gt x, 0 on the type: f32 ordered
 * (NaN, -0 and +0 are not kept), i32 signed, u32 unsigned. */
static inline __mmask16 zmm_keep(wk_elem type, __m512i x)
{
    __m512i zero = _mm512_setzero_si512();
    if (type == WK_F32)
        return _mm512_cmp_ps_mask(_mm512_castsi512_ps(zero), _mm512_castsi512_ps(x), _CMP_LT_OQ);
    return type == WK_I32 ? _mm512_cmplt_epi32_mask(zero, x) : _mm512_cmplt_epu32_mask(zero, x);
}

/* 32 lanes' kept values in lane order, then zeros (as two registers):
 * each register's kept values packed by vpcompressd (c0: n0 of them), then
 * c1's placed after c0's. */
static inline void zmm_compact32(__m512i x0, __m512i x1, __mmask16 k0, __mmask16 k1, __m512i out[2])
{
    const __m512i iota = zmm_iota();
    __m512i c0 = _mm512_maskz_compress_epi32(k0, x0), c1 = _mm512_maskz_compress_epi32(k1, x1);
    __m512i n0 = _mm512_set1_epi32(__builtin_popcount(k0));
    /* lane i < n0: c0[i]; else c1[i - n0] (index 16 + i - n0 in the pair c0, c1) */
    __mmask16 from_c1 = _mm512_cmpge_epi32_mask(iota, n0);
    __m512i idx = _mm512_mask_add_epi32(iota, from_c1, iota, _mm512_sub_epi32(_mm512_set1_epi32(16), n0));
    out[0] = _mm512_permutex2var_epi32(c0, idx, c1);
    /* lane 16 + i: c1[16 + i - n0] where that is below 16, else zero (the pair c1, 0) */
    out[1] = _mm512_permutex2var_epi32(c1, _mm512_add_epi32(iota, _mm512_sub_epi32(_mm512_set1_epi32(16), n0)),
                                       _mm512_setzero_si512());
}

/* ballot-compact (warp_batch.h's compact_warps, the same outputs): the
 * kept values in lane order then zeros; count and ballot, the same in
 * every lane (NULL: not wanted). 64 lanes: two 32-lane halves compacted,
 * then the upper half's values placed after the lower half's nA. */
static void zmm_compact(const fast_plan *pl, const uint32_t *in, void *const outs[WK_FAST_MAX_OUTPUTS], size_t first,
                        size_t count)
{
    const size_t lanes = (size_t)pl->lanes;
    uint32_t *out = (uint32_t *)outs[0] + first * lanes;
    uint32_t *count_out = outs[1] ? (uint32_t *)outs[1] + first * lanes : NULL;
    void *ballot_out = outs[2] ? (char *)outs[2] + first * lanes * (lanes / 8) : NULL;
    const bool nt = ((uintptr_t)out | (uintptr_t)count_out | (uintptr_t)ballot_out) % 64 == 0;
    const __m512i iota = zmm_iota();
    in += first * lanes;
    for (size_t w = 0; w < count; w++, in += lanes, out += lanes) {
        __m512i x[4], o[4];
        __mmask16 k[4];
        for (size_t r = 0; r < lanes / 16; r++) {
            x[r] = _mm512_loadu_si512(in + r * 16);
            k[r] = zmm_keep(pl->type, x[r]);
        }
        uint64_t ballot = (uint64_t)k[0] | (uint64_t)k[1] << 16;
        zmm_compact32(x[0], x[1], k[0], k[1], o);
        if (lanes == 64) {
            ballot |= (uint64_t)k[2] << 32 | (uint64_t)k[3] << 48;
            __m512i b[2];
            zmm_compact32(x[2], x[3], k[2], k[3], b);
            __m512i n_a = _mm512_set1_epi32(__builtin_popcount((uint32_t)ballot));
            for (int q = 0; q < 4; q++) { /* lane g: A[g] below nA, else B[g - nA] (zero from 32 on) */
                __m512i g = _mm512_add_epi32(iota, _mm512_set1_epi32(16 * q)), gb = _mm512_sub_epi32(g, n_a);
                __mmask16 from_b = _mm512_cmpge_epi32_mask(g, n_a);
                __mmask16 in_b = from_b & _mm512_cmplt_epi32_mask(gb, _mm512_set1_epi32(32));
                __m512i tb = _mm512_maskz_permutex2var_epi32(in_b, b[0], gb, b[1]);
                o[q] = q < 2 ? _mm512_mask_blend_epi32(from_b, o[q], tb) : tb;
            }
        }
        for (size_t r = 0; r < lanes / 16; r++)
            zmm_store(out + r * 16, o[r], nt);
        int n = __builtin_popcountll(ballot);
        for (size_t r = 0; count_out && r < lanes / 16; r++)
            zmm_store(count_out + w * lanes + r * 16, _mm512_set1_epi32(n), nt);
        if (ballot_out && lanes == 64)
            for (size_t r = 0; r < 8; r++)
                zmm_store((uint32_t *)ballot_out + w * 128 + r * 16, _mm512_set1_epi64((long long)ballot), nt);
        else if (ballot_out)
            for (size_t r = 0; r < 2; r++)
                zmm_store((uint32_t *)ballot_out + w * 32 + r * 16, _mm512_set1_epi32((int)ballot), nt);
    }
    if (nt)
        _mm_sfence();
}

/* transpose8 (warp_batch.h's tile_transposes, the same bytes): each tile
 * of 8 x 8 values, four registers of two rows, transposed by vpermt2d.
 * Output register j holds columns 2j and 2j + 1: lane i is row i % 8 of
 * column 2j + i / 8, found in register (i % 8) / 2 at lane ((i % 8) % 2) * 8
 * + column; rows 0-3 lie in registers 0 and 1, rows 4-7 the same way in 2
 * and 3, so one index serves both pairs and a blend picks rows 4-7. */
static void zmm_transpose8(const fast_plan *pl, const uint32_t *in, uint32_t *out, size_t first, size_t count)
{
    const size_t n = 8 * (size_t)pl->lanes; /* values a warp */
    in += first * n;
    out += first * n;
    const bool nt = (uintptr_t)out % 64 == 0;
    __m512i idx[4];
    for (int j = 0; j < 4; j++) {
        int lane_idx[16];
        for (int i = 0; i < 16; i++) {
            int row = i % 8, column = 2 * j + i / 8;
            lane_idx[i] = ((row / 2) % 2) * 16 + (row % 2) * 8 + column;
        }
        idx[j] = _mm512_loadu_si512(lane_idx);
    }
    const __mmask16 rows_4_to_7 = 0xF0F0;
    for (size_t tile = 0; tile < count * n; tile += 64) {
        __m512i x[4];
        for (int r = 0; r < 4; r++)
            x[r] = _mm512_loadu_si512(in + tile + (size_t)r * 16);
        for (int j = 0; j < 4; j++)
            zmm_store(out + tile + (size_t)j * 16,
                      _mm512_mask_blend_epi32(rows_4_to_7, _mm512_permutex2var_epi32(x[0], idx[j], x[1]),
                                              _mm512_permutex2var_epi32(x[2], idx[j], x[3])),
                      nt);
    }
    if (nt)
        _mm_sfence();
}

static bool zmm_batch(const fast_plan *pl, const void *in, void *const outs[WK_FAST_MAX_OUTPUTS], size_t first,
                      size_t count)
{
    if (!fast_plan_in_registers(pl)) /* the one rule of which plans run here (warp_plan.c) */
        return false;
    if (pl->algo == WK_FAST_BALLOT_COMPACT) {
        zmm_compact(pl, in, outs, first, count);
        return true;
    }
    if (pl->algo == WK_FAST_TRANSPOSE8) {
        zmm_transpose8(pl, in, outs[0], first, count);
        return true;
    }
    if (pl->algo == WK_FAST_REDUX) {
        zmm_redux(pl, (const uint32_t *)in + first * (size_t)pl->lanes,
                  (uint32_t *)outs[0] + first * (size_t)pl->lanes, count);
        return true;
    }
    zmm_op op;
    switch (pl->algo) {
    case WK_FAST_REDUCE_DOWN:
    case WK_FAST_REDUCE_XOR:
    case WK_FAST_SEGMENTED:  /* v = t + v in every lane */
    case WK_FAST_SCAN_INCL:  /* ... in the lanes from b up */
    case WK_FAST_CUB_REDUCE: /* ... in the lanes whose source exists (32-bit: no operand order shows) */
    case WK_FAST_PRED_SCAN:
    case WK_FAST_SCAN_EXCL: /* the inclusive steps, then the tail (zmm_tail) */
    case WK_FAST_CG_SCAN_EXCL:
    case WK_FAST_CUB_SCAN_EXCL: op = ZMM_ADD; break;
    case WK_FAST_BROADCAST: op = ZMM_MOVE; break;
    case WK_FAST_BITONIC: op = ZMM_SORT; break;
    case WK_FAST_SEED_SORT: op = ZMM_SEED; break;
    default: return false;
    }
    zmm_steps z;
    zmm_prepare(pl, &z);
    const uint32_t *src = (const uint32_t *)in + first * (size_t)pl->lanes;
    uint32_t *dst = (uint32_t *)outs[0] + first * (size_t)pl->lanes;
    uint32_t *inclusive = pl->n_outputs > 1 && outs[1] ? (uint32_t *)outs[1] + first * (size_t)pl->lanes : NULL;
    zmm_run_op(pl, &z, op, src, dst, inclusive, count);
    return true;
}
