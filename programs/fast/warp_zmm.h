/* programs/fast/warp_zmm.h: the AVX-512 build's loops for the plans with
 * one output of a 32-bit type on 32 lanes, a warp held in two 512-bit
 * registers. A shuffle step is two vpermt2d (every lane's source, from the
 * plan's table: the library's formula) and the element op a few vector
 * ops, with no transpose into the batch layout and back. The steps it
 * takes: adds (the reductions, the inclusive scans, CUB's reduce), moves
 * (broadcast) and compare-exchanges (bitonic); anything else returns false
 * and takes the batch loops. The same bits as warp_batch.h: f32 adds are
 * IEEE adds with every NaN result made 0x7FFFFFFF (ws_inl_f32_add; the
 * operand order does not show in f32 bits), integer adds wrap, compares are
 * setp.lt's. Included by batch_engine.c under __AVX512F__ only. */
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

/* a < b as setp.lt on the type: f32 ordered (false with a NaN), i32 signed, u32 unsigned. */
static inline __mmask16 zmm_lt(wk_elem type, __m512i a, __m512i b)
{
    if (type == WK_F32)
        return _mm512_cmp_ps_mask(_mm512_castsi512_ps(a), _mm512_castsi512_ps(b), _CMP_LT_OQ);
    return type == WK_I32 ? _mm512_cmplt_epi32_mask(a, b) : _mm512_cmplt_epu32_mask(a, b);
}

/* What a step does in each lane: t is the value read from the lane's source. */
typedef enum { ZMM_ADD, ZMM_MOVE, ZMM_SORT } zmm_op;

static bool zmm_batch(const fast_plan *pl, const void *in, void *const outs[WK_FAST_MAX_OUTPUTS], size_t first,
                      size_t count)
{
    if (!fast_plan_in_registers(pl)) /* the one rule of which plans run here (warp_plan.c) */
        return false;
    zmm_op op;
    switch (pl->algo) {
    case WK_FAST_REDUCE_DOWN:
    case WK_FAST_REDUCE_XOR:
    case WK_FAST_SEGMENTED:  /* v = t + v in every lane */
    case WK_FAST_SCAN_INCL:  /* ... in the lanes from b up */
    case WK_FAST_CUB_REDUCE: /* ... in the lanes whose source exists (32-bit: no operand order shows) */
    case WK_FAST_PRED_SCAN: op = ZMM_ADD; break;
    case WK_FAST_BROADCAST: op = ZMM_MOVE; break;
    case WK_FAST_BITONIC: op = ZMM_SORT; break;
    default: return false;
    }
    /* Per step and half: the source lanes (bit 4 picks the register), the
     * lanes that change (act) and, for the sort, the lanes that keep the
     * smaller value. As warp_batch.h decides them lane by lane. */
    __m512i idx[FAST_MAX_STEPS][2];
    __mmask16 act[FAST_MAX_STEPS][2], smaller[FAST_MAX_STEPS][2];
    for (int s = 0; s < pl->n_steps; s++) {
        const fast_step *st = &pl->steps[s];
        for (int h = 0; h < 2; h++) {
            int src[16];
            unsigned a = 0, m = 0;
            for (int k = 0; k < 16; k++) {
                int lane = h * 16 + k;
                src[k] = st->src[lane];
                bool acts = pl->algo == WK_FAST_SCAN_INCL ? lane >= st->b
                            : pl->algo == WK_FAST_CUB_REDUCE || pl->algo == WK_FAST_PRED_SCAN ? st->src[lane] != lane
                                                                                             : true;
                bool lower = (lane & st->b) == 0;
                bool up = pl->descending ? (lane & st->size) != 0 : (lane & st->size) == 0;
                a |= (unsigned)acts << k;
                m |= (unsigned)(lower == up) << k;
            }
            idx[s][h] = _mm512_loadu_si512(src);
            act[s][h] = (__mmask16)a;
            smaller[s][h] = (__mmask16)m;
        }
    }
    const uint32_t *src = (const uint32_t *)in + first * 32;
    uint32_t *dst = (uint32_t *)outs[0] + first * 32;
    /* ZMM_GROUP warps at a time: a warp's steps are one chain of dependent
     * operations (bitonic: 15 steps), so several chains are interleaved to
     * keep the vector units busy. */
    enum { ZMM_GROUP = 4 };
    for (size_t w = 0; w < count; w += ZMM_GROUP) {
        int g = count - w < ZMM_GROUP ? (int)(count - w) : ZMM_GROUP;
        __m512i v[ZMM_GROUP][2];
        for (int k = 0; k < g; k++) {
            v[k][0] = _mm512_loadu_si512(src + (w + (size_t)k) * 32);
            v[k][1] = _mm512_loadu_si512(src + (w + (size_t)k) * 32 + 16);
        }
        for (int s = 0; s < pl->n_steps; s++)
            for (int k = 0; k < g; k++) {
                /* Every lane reads the values from before the step. */
                __m512i t[2] = {_mm512_permutex2var_epi32(v[k][0], idx[s][0], v[k][1]),
                                _mm512_permutex2var_epi32(v[k][0], idx[s][1], v[k][1])};
                for (int h = 0; h < 2; h++) {
                    if (op == ZMM_ADD) {
                        v[k][h] = _mm512_mask_mov_epi32(v[k][h], act[s][h], zmm_add(pl->type, t[h], v[k][h]));
                    } else if (op == ZMM_MOVE) {
                        v[k][h] = t[h];
                    } else { /* keep the smaller: t < v ? t : v; the larger: v < t ? t : v */
                        __mmask16 take = (smaller[s][h] & zmm_lt(pl->type, t[h], v[k][h])) |
                                         (~smaller[s][h] & zmm_lt(pl->type, v[k][h], t[h]));
                        v[k][h] = _mm512_mask_mov_epi32(v[k][h], take, t[h]);
                    }
                }
            }
        for (int k = 0; k < g; k++) {
            _mm512_storeu_si512(dst + (w + (size_t)k) * 32, v[k][0]);
            _mm512_storeu_si512(dst + (w + (size_t)k) * 32 + 16, v[k][1]);
        }
    }
    return true;
}
