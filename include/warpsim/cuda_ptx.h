/* warpsim/cuda_ptx.h: the inline PTX statements that `warpsim cc` translates
 * (sim/cc_ptx.c), each through the model. Included by warpsim/cuda.h
 * (C++ only).
 *
 * The rewriter turns a PTX asm statement into a C++ lambda called in its
 * place: one local per operand and per declared register, one statement per
 * instruction on the instruction's own line, so diagnostics name the user's
 * line. Shuffles and votes call the front end's intrinsics (__shfl_*_sync,
 * __ballot_sync, ...), so their bits and diagnostics are the model's; the
 * bit-field instructions are the PTX ISA's formulas, below in plain C (the
 * rewriter and the unit tests call them too). */
#ifndef WARPSIM_CUDA_PTX_H
#define WARPSIM_CUDA_PTX_H

#include <stdbool.h>
#include <stdint.h>

#include "collectives.h"
#include "shfl_formula.h"

/* ---- PTX arithmetic (C17 and C++17): the ISA's semantics, bit by bit ---- */

/* bfe: d[i] = a[pos + i] for i < len and pos + i <= msb, else the sign bit
 * (0 for .u, a[min(pos + len - 1, msb)] for .s, 0 when len is 0); pos and
 * len are b and c restricted to 0..255. */
static inline uint64_t ws_ptx_bfe_(uint64_t a, uint32_t b, uint32_t c, uint32_t msb, bool is_signed)
{
    uint32_t pos = b & 0xffu, len = c & 0xffu;
    uint64_t sbit = 0;
    if (is_signed && len != 0)
        sbit = (a >> (pos + len - 1 < msb ? pos + len - 1 : msb)) & 1u;
    uint64_t d = 0;
    for (uint32_t i = 0; i <= msb; i++)
        d |= (i < len && pos + i <= msb ? (a >> (pos + i)) & 1u : sbit) << i;
    return d;
}
static inline uint32_t ws_ptx_bfe_u32(uint32_t a, uint32_t b, uint32_t c)
{
    return (uint32_t)ws_ptx_bfe_(a, b, c, 31, false);
}
static inline uint32_t ws_ptx_bfe_s32(uint32_t a, uint32_t b, uint32_t c)
{
    return (uint32_t)ws_ptx_bfe_(a, b, c, 31, true);
}
static inline uint64_t ws_ptx_bfe_u64(uint64_t a, uint32_t b, uint32_t c) { return ws_ptx_bfe_(a, b, c, 63, false); }
static inline uint64_t ws_ptx_bfe_s64(uint64_t a, uint32_t b, uint32_t c) { return ws_ptx_bfe_(a, b, c, 63, true); }

/* bfi f, a, b, c, d: f = b with bits [pos, pos + len) replaced by a's low
 * bits, as far as the msb; pos = c and len = d restricted to 0..255. */
static inline uint64_t ws_ptx_bfi_(uint64_t a, uint64_t b, uint32_t c, uint32_t d, uint32_t msb)
{
    uint32_t pos = c & 0xffu, len = d & 0xffu;
    uint64_t f = b;
    for (uint32_t i = 0; i < len && pos + i <= msb; i++)
        f = (f & ~((uint64_t)1 << (pos + i))) | (((a >> i) & 1u) << (pos + i));
    return f;
}
static inline uint32_t ws_ptx_bfi_b32(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return (uint32_t)ws_ptx_bfi_(a, b, c, d, 31);
}
static inline uint64_t ws_ptx_bfi_b64(uint64_t a, uint64_t b, uint32_t c, uint32_t d)
{
    return ws_ptx_bfi_(a, b, c, d, 63);
}

/* prmt.b32 (the generic form): byte i of d is byte c[4i+2:4i] of {b, a}
 * (a's bytes are 0-3), or, when c[4i+3] is set, that byte's bit 7
 * replicated over all eight bits. Unlike __byte_perm, which reads 3 bits. */
static inline uint32_t ws_ptx_prmt_b32(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t bytes = ((uint64_t)b << 32) | a;
    uint32_t d = 0;
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t ctl = (c >> (4 * i)) & 0xfu, byte = (uint32_t)(bytes >> (8 * (ctl & 7u))) & 0xffu;
        if (ctl & 8u)
            byte = byte & 0x80u ? 0xffu : 0;
        d |= byte << (8 * i);
    }
    return d;
}

static inline uint64_t ws_ptx_brev_b64(uint64_t a)
{
    uint64_t d = 0;
    for (uint32_t i = 0; i < 64; i++)
        d |= ((a >> i) & 1u) << (63 - i);
    return d;
}
static inline uint32_t ws_ptx_brev_b32(uint32_t a) { return (uint32_t)(ws_ptx_brev_b64(a) >> 32); }

/* The width of the __shfl_*_sync call that is exactly shfl.sync with this c
 * operand, or 0 when there is none. shfl.sync reads c[12:8] (the segment
 * mask) and c[4:0] (the clamp), nothing else; the CUDA headers build
 * ((32 - width) << 8) | 0x1f, without the 0x1f for up (semantics.md 1.2).
 * The clamp's bits inside the segment mask never matter, so c is a width's
 * when the mask is 32 - width for a power of two width and the clamp's other
 * bits are all ones (all zeros for up). */
static inline int ws_ptx_shfl_width(ws_coll_kind kind, uint32_t c)
{
    uint32_t segmask = (c >> 8) & 0x1fu, clamp = c & 0x1fu, low = ~segmask & 0x1fu;
    int width = 32 - (int)segmask;
    if (width & (width - 1))
        return 0;
    return (clamp & low) == (kind == WS_COLL_SHFL_UP ? 0 : low) ? width : 0;
}

/* ---- What the translated statements call (C++, with warpsim/cuda.h) ---- */
#if defined(__cplusplus) && defined(WARPSIM_CUDA_H) && !defined(WARPSIM_CUDA_NO_DEVICE_NAMES)
#include <cstdlib>
#include <type_traits>

namespace warpsim_ptx {

/* Operands: an "r" or "l" register takes an integer (or, "l", a pointer),
 * "f" and "d" a float's or double's bits, "n" an integer constant. As nvcc,
 * an output's size must be the register's, an input's at most that. */
template <typename T> inline uint32_t in_r(const T &v)
{
    static_assert((std::is_integral<T>::value || std::is_enum<T>::value) && sizeof(T) <= 4,
                  "inline PTX: an \"r\" operand must be an integer of at most 32 bits");
    return static_cast<uint32_t>(v);
}
template <typename T> inline uint64_t in_l(const T &v)
{
    if constexpr (std::is_pointer<T>::value) {
        return reinterpret_cast<uintptr_t>(v);
    } else {
        static_assert(std::is_integral<T>::value || std::is_enum<T>::value,
                      "inline PTX: an \"l\" operand must be an integer or a pointer");
        return static_cast<uint64_t>(v);
    }
}
inline uint32_t in_f(float v) { return __float_as_uint(v); }
inline uint64_t in_d(double v) { return static_cast<uint64_t>(__double_as_longlong(v)); }

template <typename T> inline void out_r(T &dst, uint32_t v)
{
    static_assert((std::is_integral<T>::value || std::is_enum<T>::value) && sizeof(T) == 4,
                  "inline PTX: an \"=r\" operand must be a 32-bit integer");
    dst = static_cast<typename std::remove_cv<T>::type>(v);
}
template <typename T> inline void out_l(T &dst, uint64_t v)
{
    using U = typename std::remove_cv<T>::type;
    if constexpr (std::is_pointer<U>::value) {
        dst = reinterpret_cast<U>(static_cast<uintptr_t>(v));
    } else {
        static_assert((std::is_integral<U>::value || std::is_enum<U>::value) && sizeof(U) == 8,
                      "inline PTX: an \"=l\" operand must be a 64-bit integer or a pointer");
        dst = static_cast<U>(v);
    }
}
template <typename T> inline void out_f(T &dst, uint32_t v)
{
    static_assert(std::is_same<typename std::remove_cv<T>::type, float>::value,
                  "inline PTX: an \"=f\" operand must be a float");
    dst = __uint_as_float(v);
}
template <typename T> inline void out_d(T &dst, uint64_t v)
{
    static_assert(std::is_same<typename std::remove_cv<T>::type, double>::value,
                  "inline PTX: an \"=d\" operand must be a double");
    dst = __longlong_as_double(static_cast<long long>(v));
}

/* Special registers. The lane is the thread's linear index in its block
 * modulo 32, as the front end forms warps. */
inline uint32_t linear_tid()
{
    const ws_cuda_thread_ctx *t = ws_cuda_ctx_;
    if (!t)
        return 0;
    return (t->thread_idx.z * t->block_dim.y + t->thread_idx.y) * t->block_dim.x + t->thread_idx.x;
}
inline uint32_t sreg_laneid() { return linear_tid() & 31u; }
inline uint32_t sreg_lanemask_eq() { return 1u << sreg_laneid(); }
inline uint32_t sreg_lanemask_lt() { return sreg_lanemask_eq() - 1u; }
inline uint32_t sreg_lanemask_le() { return sreg_lanemask_lt() | sreg_lanemask_eq(); }
inline uint32_t sreg_lanemask_gt() { return ~sreg_lanemask_le(); }
inline uint32_t sreg_lanemask_ge() { return ~sreg_lanemask_lt(); }
/* %warpid: the warp's index in its block (the GPU's is a slot on its SM,
 * which the PTX ISA says may change); %nwarpid: 64 and %nsmid: 132, as the
 * H200 answers; %smid: 0 (blocks run on no particular SM here). */
inline uint32_t sreg_warpid() { return linear_tid() / 32u; }
inline uint32_t sreg_nwarpid() { return 64; }
inline uint32_t sreg_smid() { return 0; }
inline uint32_t sreg_nsmid() { return 132; }
inline uint32_t sreg_tid(int axis)
{
    const ws_cuda_thread_ctx *t = ws_cuda_ctx_;
    return !t ? 0 : axis == 0 ? t->thread_idx.x : axis == 1 ? t->thread_idx.y : t->thread_idx.z;
}
inline uint32_t sreg_ntid(int axis)
{
    const ws_cuda_thread_ctx *t = ws_cuda_ctx_;
    return !t ? 1 : axis == 0 ? t->block_dim.x : axis == 1 ? t->block_dim.y : t->block_dim.z;
}
inline uint32_t sreg_ctaid(int axis)
{
    const ws_cuda_thread_ctx *t = ws_cuda_ctx_;
    return !t ? 0 : axis == 0 ? t->block_idx.x : axis == 1 ? t->block_idx.y : t->block_idx.z;
}
inline uint32_t sreg_nctaid(int axis)
{
    const ws_cuda_thread_ctx *t = ws_cuda_ctx_;
    return !t ? 1 : axis == 0 ? t->grid_dim.x : axis == 1 ? t->grid_dim.y : t->grid_dim.z;
}

/* setp.CMP.TYPE (lo, ls, hi, hs are lt, le, gt, ge on unsigned types): a
 * call, so that a user's `setp.lt.u32 p, x, 0` warns nowhere. */
template <typename T> inline bool setp_eq(T a, T b) { return a == b; }
template <typename T> inline bool setp_ne(T a, T b) { return a != b; }
template <typename T> inline bool setp_lt(T a, T b) { return a < b; }
template <typename T> inline bool setp_le(T a, T b) { return a <= b; }
template <typename T> inline bool setp_gt(T a, T b) { return a > b; }
template <typename T> inline bool setp_ge(T a, T b) { return a >= b; }

/* A c operand known only at run time that no CUDA width gives (the
 * rewriter refuses such a constant): the thread traps, with one line. */
[[noreturn]] inline void bad_shfl_c(ws_coll_kind kind, uint32_t c, const char *file, int line)
{
    fprintf(stderr,
            "%s:%d: inline PTX: %s.b32 with c = 0x%x: no __shfl_*_sync width gives this c (width w gives c = "
            "((32 - w) << 8) | 0x1f, for up (32 - w) << 8), so warpsim cc cannot run it\n",
            file, line, ws_coll_ptx_name(kind), c);
    __builtin_trap();
}

/* shfl.sync.MODE.b32 d[|p], a, b, c, membermask: the intrinsic of c's
 * width, with b[4:0] (shfl.sync reads no other bit of b); p is the PTX
 * formula's in-range predicate. */
inline uint32_t shfl(ws_coll_kind kind, uint32_t membermask, uint32_t a, uint32_t b, uint32_t c, bool *p,
                     WS_CUDA_SITE)
{
    int width = ws_ptx_shfl_width(kind, c);
    if (!width)
        bad_shfl_c(kind, c, ws_file_, ws_line_);
    if (p)
        (void)ws_ptx_shfl_source(kind, (int)sreg_laneid(), b, c, p);
    b &= 31u;
    switch (kind) {
    case WS_COLL_SHFL_UP:
        return __shfl_up_sync(membermask, a, b, width, ws_file_, ws_line_);
    case WS_COLL_SHFL_DOWN:
        return __shfl_down_sync(membermask, a, b, width, ws_file_, ws_line_);
    case WS_COLL_SHFL_BFLY:
        return __shfl_xor_sync(membermask, a, (int)b, width, ws_file_, ws_line_);
    default:
        return __shfl_sync(membermask, a, (int)b, width, ws_file_, ws_line_);
    }
}

} // namespace warpsim_ptx
#endif

#endif
