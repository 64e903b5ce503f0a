/* programs/cuda/conform/shfl_common.h: the four shuffle modes on both sides:
 * the CUDA intrinsics and raw PTX shfl.sync on the GPU, their names, and a
 * converged model warp to run the same calls on. */
#ifndef WARPSIM_CONFORM_SHFL_COMMON_H
#define WARPSIM_CONFORM_SHFL_COMMON_H

#include "conform.h"

/* The modes, numbered as ws_coll_kind's shuffles. */
constexpr int MODE_IDX = WS_COLL_SHFL_IDX, MODE_UP = WS_COLL_SHFL_UP, MODE_DOWN = WS_COLL_SHFL_DOWN,
              MODE_BFLY = WS_COLL_SHFL_BFLY, MODE_COUNT = 4;
static_assert(MODE_IDX == 0 && MODE_UP == 1 && MODE_DOWN == 2 && MODE_BFLY == 3, "shuffle modes are 0..3");

static inline ws_coll_kind mode_kind(int mode) { return (ws_coll_kind)mode; }
static inline const char *mode_intrinsic(int mode) { return ws_coll_cuda_name(mode_kind(mode)); }
static inline const char *mode_ptx(int mode) { return ws_coll_ptx_name(mode_kind(mode)); }

/* The widths every intrinsic sweep tries: 0..33, 48, 64, -1. */
static inline std::vector<int32_t> shfl_widths()
{
    std::vector<int32_t> w;
    for (int32_t i = 0; i <= 33; i++)
        w.push_back(i);
    w.push_back(48);
    w.push_back(64);
    w.push_back(-1);
    return w;
}

/* The intrinsic, with a run-time width (the compiler then builds c in 32-bit
 * wrap-around arithmetic, as ws_cuda_shfl_c does). */
template <int MODE, typename T> __device__ __forceinline__ T shfl_intrinsic(unsigned mask, T v, int32_t b, int32_t width)
{
    if constexpr (MODE == MODE_IDX)
        return __shfl_sync(mask, v, b, width);
    else if constexpr (MODE == MODE_UP)
        return __shfl_up_sync(mask, v, (unsigned)b, width);
    else if constexpr (MODE == MODE_DOWN)
        return __shfl_down_sync(mask, v, (unsigned)b, width);
    else
        return __shfl_xor_sync(mask, v, b, width);
}

/* Raw shfl.sync.<mode>.b32 d|p, v, b, c, mask; *pred = p as 0 or 1. */
template <int MODE>
__device__ __forceinline__ uint32_t shfl_ptx(uint32_t mask, uint32_t v, uint32_t b, uint32_t c, uint32_t *pred)
{
    uint32_t d, p;
    if constexpr (MODE == MODE_IDX)
        asm volatile("{\n\t.reg .pred q;\n\tshfl.sync.idx.b32 %0|q, %2, %3, %4, %5;\n\tselp.u32 %1, 1, 0, q;\n\t}"
                     : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c), "r"(mask));
    else if constexpr (MODE == MODE_UP)
        asm volatile("{\n\t.reg .pred q;\n\tshfl.sync.up.b32 %0|q, %2, %3, %4, %5;\n\tselp.u32 %1, 1, 0, q;\n\t}"
                     : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c), "r"(mask));
    else if constexpr (MODE == MODE_DOWN)
        asm volatile("{\n\t.reg .pred q;\n\tshfl.sync.down.b32 %0|q, %2, %3, %4, %5;\n\tselp.u32 %1, 1, 0, q;\n\t}"
                     : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c), "r"(mask));
    else
        asm volatile("{\n\t.reg .pred q;\n\tshfl.sync.bfly.b32 %0|q, %2, %3, %4, %5;\n\tselp.u32 %1, 1, 0, q;\n\t}"
                     : "=r"(d), "=r"(p) : "r"(v), "r"(b), "r"(c), "r"(mask));
    *pred = p;
    return d;
}

/* The model side of an intrinsic call (ws_shfl_idx/up/down/xor). */
static inline ws_status model_shfl_intrinsic(ws_warp *w, int mode, uint32_t mask, ws_reg dst, ws_reg src, int32_t b,
                                             int32_t width)
{
    switch (mode) {
    case MODE_IDX: return ws_shfl_idx(w, mask, dst, src, b, width);
    case MODE_UP: return ws_shfl_up(w, mask, dst, src, (unsigned)b, width);
    case MODE_DOWN: return ws_shfl_down(w, mask, dst, src, (unsigned)b, width);
    default: return ws_shfl_xor(w, mask, dst, src, b, width);
    }
}

/* "lane 3 reads lane 9 (p=1)" by the PTX formula, for mismatch reports. */
static inline std::string shfl_formula_note(int mode, int lane, uint32_t b, uint32_t c)
{
    bool p = false;
    int src = ws_ptx_shfl_source(mode_kind(mode), lane, b, c, &p);
    char buf[96];
    snprintf(buf, sizeof buf, "formula: lane %d reads lane %d (p=%d)", lane, src, p ? 1 : 0);
    return buf;
}
static inline int shfl_formula_source(int mode, int lane, uint32_t b, uint32_t c)
{
    return ws_ptx_shfl_source(mode_kind(mode), lane, b, c, nullptr);
}

#endif
