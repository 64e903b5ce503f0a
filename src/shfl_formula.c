/* The shuffle formulas: which lane each lane reads. The only place they live.
 *
 * NVIDIA: PTX shfl.sync, semantics.md 1.1, fed by the c the CUDA headers
 * build (section 1.2). AMD: the HIP header arithmetic, section 4.2. */
#include "warp_internal.h"

/* Inlined into the per-call form below; ws_ptx_shfl_source is its public name. */
static inline int ptx_source(ws_coll_kind kind, int lane, uint32_t b, uint32_t c, bool *pred)
{
    /* Only these bit fields exist in hardware; j stays a plain int (no
     * 5-bit wrap), which is what makes the range test work. */
    lane &= 31; /* a 32-lane warp; keeps the arithmetic in range for any int */
    int bval = (int)(b & 0x1f);
    int cval = (int)(c & 0x1f);
    int segmask = (int)((c >> 8) & 0x1f);
    int max_lane = (lane & segmask) | (cval & ~segmask);
    int min_lane = lane & segmask;
    int j;
    bool pval;

    switch (kind) {
    case WS_COLL_SHFL_UP:
        j = lane - bval;
        pval = j >= max_lane;
        break;
    case WS_COLL_SHFL_DOWN:
        j = lane + bval;
        pval = j <= max_lane;
        break;
    case WS_COLL_SHFL_BFLY:
        j = lane ^ bval;
        pval = j <= max_lane;
        break;
    case WS_COLL_SHFL_IDX:
    default:
        j = min_lane | (bval & ~segmask);
        pval = j <= max_lane;
        break;
    }
    if (!pval)
        j = lane; /* out of range: the lane keeps its own value */
    if (pred)
        *pred = pval;
    return j;
}

int ws_ptx_shfl_source(ws_coll_kind kind, int lane, uint32_t b, uint32_t c, bool *pred)
{
    return ptx_source(kind, lane, b, c, pred);
}

static inline uint32_t cuda_c(ws_coll_kind kind, int32_t width)
{
    /* sm_30_intrinsics.hpp: ((warpSize - width) << 8) | 0x1f, in unsigned
     * 32-bit arithmetic so that any int width wraps as the GPU's does. */
    uint32_t c = (32u - (uint32_t)width) << 8;
    return kind == WS_COLL_SHFL_UP ? c : (c | 0x1fu);
}

uint32_t ws_cuda_shfl_c(ws_coll_kind kind, int32_t width) { return cuda_c(kind, width); }

int ws_hip_shfl_source(ws_coll_kind kind, int lane, uint32_t b, int32_t width, int lanes)
{
    /* amd_warp_functions.h: all arithmetic in 32-bit int (unsigned deltas
     * wrap), then ds_bpermute keeps the low bits of the lane index. Done in
     * uint32_t so that wrap-around is defined in C. */
    if (lanes != 32 && lanes != 64)
        return -1;
    uint32_t self = (uint32_t)lane & (uint32_t)(lanes - 1);
    uint32_t w = (uint32_t)width;
    int32_t index;

    switch (kind) {
    case WS_COLL_SHFL_UP:
        index = (int32_t)(self - b);
        if (index < (int32_t)(self & ~(w - 1u)))
            index = (int32_t)self;
        break;
    case WS_COLL_SHFL_DOWN:
        index = (int32_t)(self + b);
        if ((int32_t)((self & (w - 1u)) + b) >= width)
            index = (int32_t)self;
        break;
    case WS_COLL_SHFL_BFLY:
        index = (int32_t)(self ^ b);
        if (index >= (int32_t)((self + w) & ~(w - 1u)))
            index = (int32_t)self;
        break;
    case WS_COLL_SHFL_IDX:
    default:
        index = (int32_t)((b & (w - 1u)) + (self & ~(w - 1u)));
        break;
    }
    return (int)((uint32_t)index & (uint32_t)(lanes - 1));
}

/* ---- the profiles' per-call form: every lane of a shuffle call ---- */

/* Inlined with a constant kind, so that each loop has no switch in it. */
static inline __attribute__((always_inline)) void call_sources(ws_coll_kind kind, ws_mask group, uint32_t b,
                                                               uint32_t c, int *restrict source,
                                                               uint32_t *restrict pred)
{
    if (group == UINT32_MAX) { /* the usual group, a whole warp: a fixed loop the compiler vectorises */
        for (int lane = 0; lane < 32; lane++) {
            bool pval;
            source[lane] = ptx_source(kind, lane, b, c, &pval);
            pred[lane] = pval;
        }
        return;
    }
    for (ws_mask todo = group; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        bool pval;
        source[lane] = ptx_source(kind, lane, b, c, &pval);
        pred[lane] = pval;
    }
}

void ws_nvidia_shfl_sources(const ws_profile *p, const ws_arrival *arrivals, ws_mask group, bool one_call,
                            int source[WS_MAX_LANES], uint32_t pred[WS_MAX_LANES])
{
    (void)p;
    if (one_call) { /* kind, b and c alike in every lane: one loop per kind, the switch hoisted */
        const ws_arrival *a = &arrivals[ws_lowest_lane(group)];
        uint32_t c = a->ptx ? a->c : cuda_c(a->kind, a->width);
        switch (a->kind) {
        case WS_COLL_SHFL_UP: call_sources(WS_COLL_SHFL_UP, group, a->b, c, source, pred); break;
        case WS_COLL_SHFL_DOWN: call_sources(WS_COLL_SHFL_DOWN, group, a->b, c, source, pred); break;
        case WS_COLL_SHFL_BFLY: call_sources(WS_COLL_SHFL_BFLY, group, a->b, c, source, pred); break;
        default: call_sources(WS_COLL_SHFL_IDX, group, a->b, c, source, pred); break;
        }
        return;
    }
    for (ws_mask todo = group; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        const ws_arrival *a = &arrivals[lane];
        bool pval;
        source[lane] = ptx_source(a->kind, lane, a->b, a->ptx ? a->c : cuda_c(a->kind, a->width), &pval);
        pred[lane] = pval;
    }
}

void ws_hip_shfl_sources(const ws_profile *p, const ws_arrival *arrivals, ws_mask group, bool one_call,
                         int source[WS_MAX_LANES], uint32_t pred[WS_MAX_LANES])
{
    const ws_arrival *call = &arrivals[ws_lowest_lane(group)]; /* one_call: only its first lane's is set */
    for (ws_mask todo = group; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        const ws_arrival *a = one_call ? call : &arrivals[lane];
        ws_coll_kind kind = a->kind;
        uint32_t b = a->b;
        int s = ws_hip_shfl_source(kind, lane, b, a->width, p->lanes);
        /* HIP shuffles return no predicate; internally it says whether the
         * header's range test kept the lane's own value (false) or not. */
        uint32_t self = (uint32_t)lane, asked = kind == WS_COLL_SHFL_UP     ? self - b
                                              : kind == WS_COLL_SHFL_DOWN ? self + b
                                              : kind == WS_COLL_SHFL_BFLY ? self ^ b
                                                                          : (uint32_t)s;
        source[lane] = s;
        pred[lane] = !(s == lane && asked != self);
    }
}
