/* warpsim/cuda.h: CUDA device code on the CPU, every lane on the model.
 *
 * Include it first, then compile the unchanged device code of a .cu file
 * as C++17 (or its C subset as C17) with -ffp-contract=off, and link
 * libwarpsim_cuda. Each CUDA thread runs as a fiber with its own stack; a
 * warp's lanes run until each reaches a collective, __activemask(), a
 * barrier or its end, and the collectives meet at the model's rendezvous
 * (include/warpsim/collectives.h), so masks, divergent branches, reads of
 * inactive, exited or absent lanes and deadlocks behave and are reported
 * as in the ws_ API. docs/cuda-frontend.md is the guide.
 *
 *     __global__ void k(const int *in, int *out) { ... __shfl_down_sync(...) ... }
 *     ws_cuda_launch(k, dim3(4), dim3(128), 0, in, out);      // C++
 *
 * From C, write the kernel as void k(void *args) and call ws_cuda_launch_c.
 * Names that CUDA defines (threadIdx, __shfl_sync, atomicAdd, ...) are
 * provided unless WARPSIM_CUDA_NO_DEVICE_NAMES is defined. */
#ifndef WARPSIM_CUDA_H
#define WARPSIM_CUDA_H

#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "collectives.h"
#include "cuda_intrinsics.h"
#include "vector_types.h"
#include "diag.h"
#include "cuda_ftz.h"
#include "fpops.h"
#include "types.h"

#ifdef __cplusplus
#include <chrono> /* before cuda_math.h's floor() and round() macros, which its templates name */
#include <cmath>
#include <cstdio>
#include <ctime> /* before the clock() macro below: a later <ctime> would #undef it */
#include <tuple>
#include <type_traits>
#include <utility>
extern "C" {
#endif

/* ==== The launch API (C) ================================================ */

/* A grid's or block's dimensions: CUDA's uint3 (vector_types.h; dim3 converts). */
typedef struct uint3 ws_cuda_dim;

typedef struct ws_cuda_launch_desc {
    ws_cuda_dim grid;           /* y and z of 0 mean 1; x must be at least 1 */
    ws_cuda_dim block;          /* as on the GPU: at most 1024 threads, x, y <= 1024, z <= 64 */
    size_t shared_bytes;        /* dynamic shared memory per block, at most 48 KiB */
    size_t stack_bytes;         /* each thread's stack; 0 = WS_CUDA_DEFAULT_STACK */
    ws_diag_policy diag_policy; /* warn (default): report and go on; ignore; error: the launch fails */
    const char *name;           /* the kernel's name in messages (NULL: "kernel") */
    bool quiet;                 /* print nothing; the report still holds every diagnostic */
    size_t printf_bytes;        /* device printf output a launch keeps, as the GPU's FIFO
                                   (cudaLimitPrintfFifoSize); 0 = WS_CUDA_PRINTF_FIFO */
    bool cooperative;           /* every block resident at once, for grid.sync() (cudaLaunchCooperativeKernel);
                                   at most WS_CUDA_SMS * 32 blocks and WS_CUDA_SMS * 2048 threads */
    bool ftz;                   /* float operations flush subnormals, as in a build with nvcc -ftz=true:
                                   the kernel runs with the host's flush-to-zero mode on */
} ws_cuda_launch_desc;

#define WS_CUDA_PRINTF_FIFO ((size_t)1 << 20) /* the GPU's default printf FIFO: 1 MiB */

#define WS_CUDA_DEFAULT_STACK ((size_t)64 * 1024)

/* The launch limits of the simulated device (sm_90, as an H200 reports
 * them): a launch beyond them fails as on the GPU. */
#define WS_CUDA_MAX_BLOCK_THREADS 1024
#define WS_CUDA_MAX_BLOCK_XY 1024
#define WS_CUDA_MAX_BLOCK_Z 64
#define WS_CUDA_MAX_GRID_X 0x7fffffffu
#define WS_CUDA_MAX_GRID_YZ 65535
#define WS_CUDA_MAX_DYNAMIC_SHARED ((size_t)48 * 1024)
#define WS_CUDA_SMS 132u /* multiprocessors: a cooperative launch's blocks must all fit on them */

/* One diagnostic of a launch: where it happened and what. Repeats of the
 * same diagnostic at the same place in other warps or blocks are counted,
 * not kept. */
typedef struct ws_cuda_diag {
    ws_diag_code code;
    ws_cuda_dim block;  /* the first block where it happened */
    int warp;           /* its warp in that block; -1 when it concerns the whole block */
    ws_mask lanes;      /* the lanes of that warp (threads of the block when warp is -1) */
    unsigned long repeats; /* how many more warps or blocks raised the same thing at the same place */
    char where[256];    /* "file.cu:12 (lanes 0-15); file.cu:20 (lanes 16-31)" */
    char message[600];
} ws_cuda_diag;

typedef struct ws_cuda_report ws_cuda_report;

/* How a failed launch failed, in the GPU's terms (the CUDA runtime's
 * error for it: cuda_runtime.h). */
typedef enum ws_cuda_fault {
    WS_CUDA_FAULT_NONE = 0,
    WS_CUDA_FAULT_LAUNCH,            /* a trap, a deadlock, undefined behaviour under the error policy */
    WS_CUDA_FAULT_ILLEGAL_ADDRESS,   /* an access outside the block's shared memory, or a bad address */
    WS_CUDA_FAULT_MISALIGNED,        /* an atomic at an address not a multiple of its size */
    WS_CUDA_FAULT_ASSERT             /* a thread failed a device assert() */
} ws_cuda_fault;

/* Runs kernel(args) in every thread of the grid. Returns WS_OK, WS_ERR_ARG
 * (an invalid configuration: nothing ran), WS_ERR_NOMEM, WS_ERR_DEADLOCK,
 * WS_ERR_UNDEFINED (undefined behaviour under the error policy) or
 * WS_ERR_TRAP (a thread trapped or overflowed its stack). Diagnostics are
 * printed on stderr unless quiet or ignored; with report non-NULL, *report
 * receives them (free it with ws_cuda_report_free). Device printf output
 * is written to stdout at the end, block by block in block order. */
WS_API ws_status ws_cuda_launch_c(const ws_cuda_launch_desc *desc, void (*kernel)(void *args), void *args,
                           ws_cuda_report **report);

WS_API size_t ws_cuda_report_count(const ws_cuda_report *report);
WS_API const ws_cuda_diag *ws_cuda_report_get(const ws_cuda_report *report, size_t index);
WS_API bool ws_cuda_report_has(const ws_cuda_report *report, ws_diag_code code);
/* The launch's status and, on failure, one line saying why. */
WS_API ws_status ws_cuda_report_status(const ws_cuda_report *report);
WS_API const char *ws_cuda_report_error(const ws_cuda_report *report);
WS_API ws_cuda_fault ws_cuda_report_fault(const ws_cuda_report *report);
/* One line per diagnostic: "warpsim: CODE: kernel: block (x,y,z) warp w: message [where]". */
WS_API void ws_cuda_report_print(const ws_cuda_report *report, FILE *out);
WS_API void ws_cuda_report_free(ws_cuda_report *report);
/* The report of the latest launch made by this OS thread (NULL before the
 * first); it stays valid until this thread's next launch. */
WS_API const ws_cuda_report *ws_cuda_last_report(void);

/* ==== What device code calls (through the CUDA names below) ============= */

/* threadIdx and blockIdx are CUDA's uint3 (vector_types.h). */
typedef struct uint3 ws_cuda_uint3;

/* The running thread's coordinates; NULL outside a kernel. */
typedef struct ws_cuda_thread_ctx {
    ws_cuda_uint3 thread_idx, block_idx;
    ws_cuda_dim block_dim, grid_dim;
} ws_cuda_thread_ctx;
/* initial-exec: read on every threadIdx, and switched on every lane
 * change, so no __tls_get_addr call from the shared library either. */
WS_API extern __thread const ws_cuda_thread_ctx *ws_cuda_ctx_ __attribute__((tls_model("initial-exec")));

/* warpsim's own code that a checked build's checker must not see (its
 * atomics: they check their memory when they take their turn). */
#if defined(__SANITIZE_THREAD__)
#define WS_CUDA_UNCHECKED __attribute__((no_sanitize("thread")))
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define WS_CUDA_UNCHECKED __attribute__((no_sanitize("thread")))
#endif
#endif
#ifndef WS_CUDA_UNCHECKED
#define WS_CUDA_UNCHECKED
#endif

/* Sync points beyond the model's collectives (ws_coll_kind). */
enum {
    WS_CUDA_OP_ACTIVEMASK = 64,
    WS_CUDA_OP_SYNCTHREADS = 65, /* b: 0 plain, 1 count, 2 and, 3 or */
    WS_CUDA_OP_PRINTF = 66       /* value: the lane's formatted text */
};

/* The running lane arrives at a sync point and waits for its result.
 * call: the op, the value's type and the line, packed by ws_cuda_call_ so
 * that a lane compares its call with another lane's in one step; args:
 * the lane argument and the width (ws_cuda_args_). Five arguments, all in
 * registers. __match_all_sync's predicate comes back in bit 32. */
WS_API uint64_t ws_cuda_sync_(uint64_t call, uint32_t mask, uint64_t value, uint64_t args, const char *file);
/* __syncthreads and its _count/_and/_or forms (args' b: 0 to 3; value: the
 * predicate): ws_cuda_sync_'s barrier case without its collective checks. */
/* The running thread lets the block's other warps run first (a wait on memory). */
WS_API void ws_cuda_yield_(void);
WS_API uint64_t ws_cuda_barrier_(uint64_t call, uint64_t value, uint64_t args, const char *file);
static inline uint64_t ws_cuda_call_(int op, ws_type type, int line)
{
    return ((uint64_t)(uint32_t)line << 32) | ((uint64_t)(uint32_t)op << 8) | (uint64_t)type;
}
/* The same with `at`, which tells apart calls written on one line (the intrinsics' macros pass
 * __COUNTER__: each call in the text its own, in the text's order), so that
 * `if (c) a = __activemask(); else b = __activemask();` is two call sites as on the GPU, whose
 * calls are two instructions. g++ has no __builtin_COLUMN to do it. */
static inline uint64_t ws_cuda_call_at_(int op, ws_type type, int line, unsigned at)
{
    return ws_cuda_call_(op, type, line) | ((uint64_t)(at & 0xFFFFu) << 16);
}
static inline uint64_t ws_cuda_args_(int32_t b, int32_t width)
{
    return ((uint64_t)(uint32_t)width << 32) | (uint32_t)b;
}
/* Atomics run one block at a time, in block order (see docs/cuda-frontend.md):
 * call before the read-modify-write of `size` bytes at `address`. An
 * address that is not a multiple of size fails the launch, as on the GPU
 * (cudaErrorMisalignedAddress); file and line name the call (NULL, 0: the
 * caller's line is looked up). */
WS_API void ws_cuda_atomic_turn_(const void *address, size_t size, const char *file, int line);
/* A load or store of size bytes at an address that is not a multiple of size, made by code the
 * front end's headers restate (CUDA's own headers' accesses, e.g. cg::memcpy_async's): the
 * running thread faults as on the GPU ("misaligned address"), naming what and the user's line. */
WS_API __attribute__((noreturn)) void ws_cuda_misaligned_(const void *address, size_t size, const char *what, const char *file, int line);
/* A block's shared memory is its own, so its atomics need no turn: the
 * window of this OS thread's blocks (WS_CUDA_SHARED_WINDOW bytes from
 * ws_cuda_shared_window_; 0 in a checked program, whose atomics the
 * checker sees in the turn) takes an aligned atomic inline, with no call. */
#define WS_CUDA_SHARED_WINDOW ((size_t)256 * 1024)
WS_API extern __thread uintptr_t ws_cuda_shared_window_ __attribute__((tls_model("initial-exec")));
WS_CUDA_UNCHECKED static inline void ws_cuda_atomic_turn_if_(const void *address, size_t size, const char *file, int line)
{
    uintptr_t a = (uintptr_t)address, window = ws_cuda_shared_window_;
    if (!window || a - window >= WS_CUDA_SHARED_WINDOW || (a & (size - 1)) != 0)
        ws_cuda_atomic_turn_(address, size, file, line);
}
/* Whether an address is the running block's shared memory (the window, or in a checked
 * program the library's answer). */
WS_API int ws_cuda_in_shared_(const void *address);
static inline int ws_cuda_shared_address_(const void *address)
{
    uintptr_t a = (uintptr_t)address, window = ws_cuda_shared_window_;
    return window ? a - window < WS_CUDA_SHARED_WINDOW : ws_cuda_in_shared_(address);
}
/* An atomic reads the word, computes, then stores if the word still holds
 * what it read (1), or takes what it holds and computes again (0). The
 * watchdog may pause a thread anywhere in its own code, and another
 * thread may change the word meanwhile: the check and the store are one
 * step that no signal splits, and that the compiler moves no other
 * memory access across, as it could not the call it replaces (x86-64: one cmpxchg, without lock, since
 * only this OS thread's threads run atomics on the word now; elsewhere:
 * ws_cuda_atomic_busy_ is 1 and preempt.c does not pause there). */
WS_API extern __thread volatile int ws_cuda_atomic_busy_ __attribute__((tls_model("initial-exec")));
typedef uint32_t __attribute__((may_alias)) ws_cuda_u32_alias_;
typedef uint64_t __attribute__((may_alias)) ws_cuda_u64_alias_;
typedef uint16_t __attribute__((may_alias)) ws_cuda_u16_alias_;
WS_CUDA_UNCHECKED static inline int ws_cuda_atomic_store_if_(void *address, void *expected, const void *desired,
                                                             size_t size)
{
#if defined(__x86_64__)
    unsigned char same;
    if (size == 2) { /* atomicCAS on unsigned short */
        uint16_t e, d;
        memcpy(&e, expected, 2);
        memcpy(&d, desired, 2);
        __asm__ volatile("cmpxchgw %3, %1" : "=@ccz"(same), "+m"(*(ws_cuda_u16_alias_ *)address), "+a"(e) : "r"(d) : "memory");
        memcpy(expected, &e, 2);
    } else if (size == 4) {
        uint32_t e, d;
        memcpy(&e, expected, 4);
        memcpy(&d, desired, 4);
        __asm__ volatile("cmpxchgl %3, %1" : "=@ccz"(same), "+m"(*(ws_cuda_u32_alias_ *)address), "+a"(e) : "r"(d) : "memory");
        memcpy(expected, &e, 4);
    } else {
        uint64_t e, d;
        memcpy(&e, expected, 8);
        memcpy(&d, desired, 8);
        __asm__ volatile("cmpxchgq %3, %1" : "=@ccz"(same), "+m"(*(ws_cuda_u64_alias_ *)address), "+a"(e) : "r"(d) : "memory");
        memcpy(expected, &e, 8);
    }
    return same;
#else
    ws_cuda_atomic_busy_ = 1;
    __atomic_signal_fence(__ATOMIC_SEQ_CST); /* the check stays after the store of busy */
    int same; /* typed accesses, no library call: a checked build's checker would see memcpy's */
    if (size == 2) {
        uint16_t now = *(ws_cuda_u16_alias_ *)address;
        same = now == *(const ws_cuda_u16_alias_ *)expected;
        if (same)
            *(ws_cuda_u16_alias_ *)address = *(const ws_cuda_u16_alias_ *)desired;
        else
            *(ws_cuda_u16_alias_ *)expected = now;
    } else if (size == 4) {
        uint32_t now = *(ws_cuda_u32_alias_ *)address;
        same = now == *(const ws_cuda_u32_alias_ *)expected;
        if (same)
            *(ws_cuda_u32_alias_ *)address = *(const ws_cuda_u32_alias_ *)desired;
        else
            *(ws_cuda_u32_alias_ *)expected = now;
    } else {
        uint64_t now = *(ws_cuda_u64_alias_ *)address;
        same = now == *(const ws_cuda_u64_alias_ *)expected;
        if (same)
            *(ws_cuda_u64_alias_ *)address = *(const ws_cuda_u64_alias_ *)desired;
        else
            *(ws_cuda_u64_alias_ *)expected = now;
    }
    __atomic_signal_fence(__ATOMIC_SEQ_CST); /* the store stays before busy drops */
    ws_cuda_atomic_busy_ = 0;
    return same;
#endif
}
/* Device printf: buffered per block, written at the end of the launch. A
 * call is a sync point, as on the GPU, where a warp's converged lanes run
 * one printf together: their lines come out in lane order, call by call.
 * Outside a kernel it is the ordinary printf. (ws_cuda_printf: the same
 * with no call site; its lines are ordered as one site.) */
WS_API int ws_cuda_printf_at_(const char *file, int line, const char *format, ...) __attribute__((format(printf, 3, 4)));
WS_API int ws_cuda_printf(const char *format, ...) __attribute__((format(printf, 1, 2)));
/* The dynamic shared memory of the running block (extern __shared__). */
WS_API void *ws_cuda_dynamic_shared_(void);
/* Cooperative Groups' grid_group (cooperative_groups.h): sync() fails the
 * launch (not supported: src/cuda/device.c); is_valid() is 0, the H200's
 * answer outside cooperative launches. */
WS_API void ws_cuda_grid_sync_(const char *file, int line);
WS_API int ws_cuda_grid_is_cooperative_(void);
/* clock64() and clock() (a macro) in device code: deterministic, increasing (src/cuda/device.c). */
WS_API long long ws_cuda_clock64_(void);
WS_API clock_t ws_cuda_clock_(void);
/* A static __shared__ declaration (what `warpsim cc` writes for it): its
 * place in the running block's shared memory, zero when the block starts. */
typedef struct ws_cuda_shared_site {
    size_t size, align;
    const char *name, *file;
    int line;
} ws_cuda_shared_site;
WS_API void *ws_cuda_shared_(const ws_cuda_shared_site *site);

/* Device memory for cuda_runtime.h: a 256-byte aligned block whose exact
 * size the runtime keeps (NULL when out of memory); freeing anything but an
 * allocation's start returns -1 and frees nothing; a range that starts in
 * an allocation and runs past its end is -1 (0 for ranges inside one, and
 * for memory that is no allocation: the host's). */
WS_API void *ws_cuda_malloc_(size_t size);
WS_API int ws_cuda_free_(void *ptr);
WS_API int ws_cuda_check_range_(const void *ptr, size_t bytes);
/* Managed and pinned host memory: device memory the host writes directly. */
WS_API void *ws_cuda_malloc_host_(size_t size);
/* An allocation of a kind (cudaMemoryType's numbers), with cudaHostAlloc's
 * flags; the kind of the allocation p points into (0: none), with its
 * start and flags where those are not NULL. */
enum { WS_CUDA_MEM_HOST = 1, WS_CUDA_MEM_DEVICE = 2, WS_CUDA_MEM_MANAGED = 3, WS_CUDA_MEM_REGISTERED = 4 };
WS_API void *ws_cuda_malloc_kind_(size_t size, int kind, unsigned flags);
WS_API int ws_cuda_pointer_kind_(const void *ptr, const void **start, unsigned *flags);
/* cudaHostRegister's range (WS_CUDA_MEM_REGISTERED: never freed by
 * ws_cuda_free_), -1 where it overlaps a known one; and its removal. */
WS_API int ws_cuda_register_(void *ptr, size_t size, unsigned flags);
WS_API int ws_cuda_unregister_(void *ptr);

/* What the runtime tells the checker of a checked build (warpsim cc
 * --check; nothing happens in other programs): bytes a copy (src) or a
 * set (src NULL) wrote, and an API call that failed. */
WS_API void ws_cuda_check_written_(void *dst, const void *src, size_t bytes);
WS_API void ws_cuda_check_api_(const char *api, int error, const char *name, const char *text);
/* warpsim's headers synchronise warps through memory here (multi-warp
 * tiles): racecheck takes what came before as ordered before what follows. */
WS_API void ws_cuda_check_order_(void);
/* ... and between these two calls (nested) the checker leaves the running
 * thread's accesses alone: warpsim's own exchanges through shared memory. */
WS_API void ws_cuda_check_quiet_(int on);

#ifdef __cplusplus
}
#endif

/* ==== CUDA names ======================================================== */
#ifndef WARPSIM_CUDA_NO_DEVICE_NAMES

#define __global__
#define __device__
#define __host__
#define __constant__
#define __managed__
#define __forceinline__ inline __attribute__((always_inline))
/* Not in what warpsim cc compiles: libstdc++ 13 spells GCC's attribute
 * __attribute__((__noinline__)), which the macro would break. In a .cu file
 * the rewriter turns the user's own __noinline__ into the attribute; a .cpp
 * file (WS_CC_HOST_CXX_) is host code, where CUDA does not define it either.
 * A program that includes this header itself has the macro: it must include
 * the C++ library's headers first with g++ 13 or later. */
#if !defined(WS_CC_PREPROCESSING_) && !defined(WS_CC_HOST_CXX_)
#define __noinline__ __attribute__((noinline))
#endif
#define __restrict__ __restrict
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#define __CUDACC_WARPSIM__ 1
/* `#pragma unroll` is accepted silently (gcc does not know it; clang does).
 * g++ 12 ignores this for preprocessor warnings (GCC bug 53431): build C++
 * with -Wno-unknown-pragmas, as warpsim cc and the CMake functions do. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wunknown-pragmas"
#endif
#include "cuda_macros.h" /* __shared__ */
#include "cuda_math.h"   /* logf, sin, exp ... with the GPU's bits in kernels */

#ifdef __cplusplus
constexpr int warpSize = 32; /* a variable, not a macro: cudaDeviceProp has a member of that name */
#else
#define warpSize 32
#endif
/* No parentheses, so that a runtime struct's member of these names works
 * (cudaLaunchConfig_t's config.gridDim is config.ws_cuda_ctx_->grid_dim:
 * cuda_runtime.h's ws_cudart_dims_); -> binds tighter than any operator. */
#define threadIdx ws_cuda_ctx_->thread_idx
#define blockIdx ws_cuda_ctx_->block_idx
#define blockDim ws_cuda_ctx_->block_dim
#define gridDim ws_cuda_ctx_->grid_dim

#ifndef __cplusplus
typedef ws_cuda_dim dim3; /* C++: vector_types.h's struct */
#endif

/* ---- bit casts and integer helpers (plain C, the GPU's results) ---- */
static inline unsigned __float_as_uint(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
static inline int __float_as_int(float f) { int i; memcpy(&i, &f, 4); return i; }
static inline float __uint_as_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
static inline float __int_as_float(int i) { float f; memcpy(&f, &i, 4); return f; }
static inline long long __double_as_longlong(double d) { long long l; memcpy(&l, &d, 8); return l; }
static inline double __longlong_as_double(long long l) { double d; memcpy(&d, &l, 8); return d; }
static inline int __popc(unsigned x) { return __builtin_popcount(x); }
static inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
static inline int __clz(int x) { return x ? __builtin_clz((unsigned)x) : 32; }
static inline int __clzll(long long x) { return x ? __builtin_clzll((unsigned long long)x) : 64; }
static inline int __ffs(int x) { return __builtin_ffs(x); }
static inline int __ffsll(long long x) { return __builtin_ffsll(x); }
static inline unsigned __brev(unsigned x)
{
    unsigned r = 0;
    for (int i = 0; i < 32; i++)
        r |= ((x >> i) & 1u) << (31 - i);
    return r;
}
static inline unsigned long long __brevll(unsigned long long x)
{
    return ((unsigned long long)__brev((unsigned)x) << 32) | __brev((unsigned)(x >> 32));
}
/* PRMT with the default mode: byte i of the result is byte s[i] of {y, x}. */
static inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s)
{
    unsigned long long bytes = ((unsigned long long)y << 32) | x, r = 0;
    for (int i = 0; i < 4; i++)
        r |= ((bytes >> (8 * ((s >> (4 * i)) & 7u))) & 0xffu) << (8 * i);
    return (unsigned)r;
}

/* ---- float operations with the GPU's NaN bits (include/warpsim/fpops.h) ---- */
static inline float __fadd_rn(float a, float b)
{
    return WS_CUDA_F32_FTZ_(__uint_as_float(ws_f32_add(__float_as_uint(WS_CUDA_F32_FTZ_(a)), __float_as_uint(WS_CUDA_F32_FTZ_(b)))));
}
static inline float __fsub_rn(float a, float b)
{
    return WS_CUDA_F32_FTZ_(__uint_as_float(ws_f32_sub(__float_as_uint(WS_CUDA_F32_FTZ_(a)), __float_as_uint(WS_CUDA_F32_FTZ_(b)))));
}
static inline float __fmul_rn(float a, float b)
{
    return WS_CUDA_F32_FTZ_(__uint_as_float(ws_f32_mul(__float_as_uint(WS_CUDA_F32_FTZ_(a)), __float_as_uint(WS_CUDA_F32_FTZ_(b)))));
}
static inline float __fmaf_rn(float a, float b, float c)
{
    a = WS_CUDA_F32_FTZ_(a), b = WS_CUDA_F32_FTZ_(b), c = WS_CUDA_F32_FTZ_(c);
    unsigned mode = ws_cuda_ieee_begin_(); /* the mode off: flushed below on the rounded result's bits */
    float r = __uint_as_float(ws_f32_fma(__float_as_uint(a), __float_as_uint(b), __float_as_uint(c)));
    ws_cuda_ieee_end_(mode);
    return WS_CUDA_F32_FTZ_(r);
}
static inline double __dadd_rn(double a, double b)
{
    unsigned mode = ws_cuda_ieee_begin_();
    double r = __longlong_as_double((long long)ws_f64_add((uint64_t)__double_as_longlong(a), (uint64_t)__double_as_longlong(b)));
    ws_cuda_ieee_end_(mode);
    return r;
}
static inline double __dsub_rn(double a, double b)
{
    unsigned mode = ws_cuda_ieee_begin_();
    double r = __longlong_as_double((long long)ws_f64_sub((uint64_t)__double_as_longlong(a), (uint64_t)__double_as_longlong(b)));
    ws_cuda_ieee_end_(mode);
    return r;
}
static inline double __dmul_rn(double a, double b)
{
    unsigned mode = ws_cuda_ieee_begin_();
    double r = __longlong_as_double((long long)ws_f64_mul((uint64_t)__double_as_longlong(a), (uint64_t)__double_as_longlong(b)));
    ws_cuda_ieee_end_(mode);
    return r;
}
static inline double __fma_rn(double a, double b, double c)
{
    unsigned mode = ws_cuda_ieee_begin_();
    double r = __longlong_as_double((long long)ws_f64_fma((uint64_t)__double_as_longlong(a), (uint64_t)__double_as_longlong(b),
                                                          (uint64_t)__double_as_longlong(c)));
    ws_cuda_ieee_end_(mode);
    return r;
}
/* The _rz/_ru/_rd forms, and _rn of div, rcp, sqrt: IEEE rounding in
 * the suffix's mode, the GPU's NaN bits (src/fprounded.c). */
static inline float ws_cuda_f32_rounded_(ws_fp_op op, ws_rounding r, float a, float b, float c)
{
    a = WS_CUDA_F32_FTZ_(a), b = WS_CUDA_F32_FTZ_(b), c = WS_CUDA_F32_FTZ_(c);
    unsigned mode = ws_cuda_ieee_begin_(); /* the mode off: flushed below on the rounded result's bits */
    float v = __uint_as_float(ws_f32_rounded(op, r, __float_as_uint(a), __float_as_uint(b), __float_as_uint(c)));
    ws_cuda_ieee_end_(mode);
    return WS_CUDA_F32_FTZ_(v);
}
static inline double ws_cuda_f64_rounded_(ws_fp_op op, ws_rounding r, double a, double b, double c)
{
    unsigned mode = ws_cuda_ieee_begin_();
    double v = __longlong_as_double((long long)ws_f64_rounded(op, r, (uint64_t)__double_as_longlong(a),
                                                              (uint64_t)__double_as_longlong(b),
                                                              (uint64_t)__double_as_longlong(c)));
    ws_cuda_ieee_end_(mode);
    return v;
}
#define WS_CUDA_ROUNDED_(sfx, r)                                                                                  \
    static inline float __fdiv_##sfx(float a, float b) { return ws_cuda_f32_rounded_(WS_FP_DIV, r, a, b, 0); }    \
    static inline float __frcp_##sfx(float a) { return ws_cuda_f32_rounded_(WS_FP_RCP, r, a, 0, 0); }             \
    static inline float __fsqrt_##sfx(float a) { return ws_cuda_f32_rounded_(WS_FP_SQRT, r, a, 0, 0); }           \
    static inline double __ddiv_##sfx(double a, double b) { return ws_cuda_f64_rounded_(WS_FP_DIV, r, a, b, 0); } \
    static inline double __drcp_##sfx(double a) { return ws_cuda_f64_rounded_(WS_FP_RCP, r, a, 0, 0); }           \
    static inline double __dsqrt_##sfx(double a) { return ws_cuda_f64_rounded_(WS_FP_SQRT, r, a, 0, 0); }
#define WS_CUDA_DIRECTED_(sfx, r)                                                                                  \
    WS_CUDA_ROUNDED_(sfx, r)                                                                                       \
    static inline float __fadd_##sfx(float a, float b) { return ws_cuda_f32_rounded_(WS_FP_ADD, r, a, b, 0); }     \
    static inline float __fsub_##sfx(float a, float b) { return ws_cuda_f32_rounded_(WS_FP_SUB, r, a, b, 0); }     \
    static inline float __fmul_##sfx(float a, float b) { return ws_cuda_f32_rounded_(WS_FP_MUL, r, a, b, 0); }     \
    static inline float __fmaf_##sfx(float a, float b, float c) { return ws_cuda_f32_rounded_(WS_FP_FMA, r, a, b, c); } \
    static inline double __dadd_##sfx(double a, double b) { return ws_cuda_f64_rounded_(WS_FP_ADD, r, a, b, 0); }  \
    static inline double __dsub_##sfx(double a, double b) { return ws_cuda_f64_rounded_(WS_FP_SUB, r, a, b, 0); }  \
    static inline double __dmul_##sfx(double a, double b) { return ws_cuda_f64_rounded_(WS_FP_MUL, r, a, b, 0); }  \
    static inline double __fma_##sfx(double a, double b, double c) { return ws_cuda_f64_rounded_(WS_FP_FMA, r, a, b, c); }
WS_CUDA_ROUNDED_(rn, WS_ROUND_NEAREST)
WS_CUDA_DIRECTED_(rz, WS_ROUND_ZERO)
WS_CUDA_DIRECTED_(ru, WS_ROUND_UP)
WS_CUDA_DIRECTED_(rd, WS_ROUND_DOWN)
#undef WS_CUDA_DIRECTED_
#undef WS_CUDA_ROUNDED_
static inline float __fmaf_ieee_rn(float a, float b, float c) { return __fmaf_rn(a, b, c); } /* no FTZ anyway */
static inline float __fmaf_ieee_rz(float a, float b, float c) { return __fmaf_rz(a, b, c); }
static inline float __fmaf_ieee_ru(float a, float b, float c) { return __fmaf_ru(a, b, c); }
static inline float __fmaf_ieee_rd(float a, float b, float c) { return __fmaf_rd(a, b, c); }

/* The conversions to floating point in each mode (src/fprounded.c: the
 * host's conversion under the mode; an f64 NaN keeps its sign and payload's top bits);
 * the float-to-integer ones are in cuda_intrinsics.h. */
#define WS_CUDA_TO_FLOAT_(sfx, r)                                                                                  \
    static inline float __int2float_##sfx(int x) { return __uint_as_float(ws_cvt_i64_f32(x, r)); }                \
    static inline float __uint2float_##sfx(unsigned x) { return __uint_as_float(ws_cvt_i64_f32(x, r)); }          \
    static inline float __ll2float_##sfx(long long x) { return __uint_as_float(ws_cvt_i64_f32(x, r)); }           \
    static inline float __ull2float_##sfx(unsigned long long x) { return __uint_as_float(ws_cvt_u64_f32(x, r)); } \
    static inline double __ll2double_##sfx(long long x) { return __longlong_as_double((long long)ws_cvt_i64_f64(x, r)); } \
    static inline double __ull2double_##sfx(unsigned long long x)                                                 \
    {                                                                                                              \
        return __longlong_as_double((long long)ws_cvt_u64_f64(x, r));                                             \
    }                                                                                                              \
    static inline float __double2float_##sfx(double x)                                                            \
    {                                                                                                              \
        return __uint_as_float(ws_cvt_f64_f32((uint64_t)__double_as_longlong(x), r));                             \
    }
WS_CUDA_TO_FLOAT_(rz, WS_ROUND_ZERO)
WS_CUDA_TO_FLOAT_(ru, WS_ROUND_UP)
WS_CUDA_TO_FLOAT_(rd, WS_ROUND_DOWN)
#undef WS_CUDA_TO_FLOAT_
static inline float __ull2float_rn(unsigned long long x) { return __uint_as_float(ws_cvt_u64_f32(x, WS_ROUND_NEAREST)); }
static inline double __ll2double_rn(long long x) { return (double)x; }
static inline double __ull2double_rn(unsigned long long x) { return (double)x; }
static inline double __uint2double_rn(unsigned x) { return (double)x; } /* exact */

/* __frsqrt_rn: 1/sqrt(x) correctly rounded (IEEE's rsqrt, not the unit's
 * approximation). The double quotient is within far less than an ulp of
 * float, so it is right unless 1/sqrt(x) lies beyond the midpoint to a
 * neighbour; whether it does is decided exactly: the midpoint m = M 2^e
 * (M an odd integer of 25 or 26 bits) against 1/sqrt(x), x = X 2^f, is
 * M^2 X against 2^-(2e + f) in 128-bit integers. */
static inline int ws_cuda_midpoint_above_(uint64_t M, int e, uint32_t X, int f) /* m^2 x > 1 */
{
    ws_cuda_u128_ p = (ws_cuda_u128_)(M * M) * X;
    int k = -(2 * e + f);
    return k < 0 || (k < 127 && p > ((ws_cuda_u128_)1 << k));
}
static inline float __frsqrt_rn(float x)
{
    uint32_t b = __float_as_uint(x);
    if (x != x || (b >> 31 && x != 0.0f))
        return __uint_as_float(0x7FFFFFFFu); /* NaN, or below zero */
    if (x == 0.0f)
        return __uint_as_float((b & 0x80000000u) | 0x7F800000u);
    if (b == 0x7F800000u)
        return 0.0f;
    float y = (float)(1.0 / sqrt((double)x));
    uint32_t e8 = b >> 23, X = b & 0x7FFFFFu;
    int f = e8 ? (int)e8 - 150 : -149;
    X |= e8 ? 0x800000u : 0;
    uint32_t yb = __float_as_uint(y);
    uint64_t Y = (yb & 0x7FFFFFu) | 0x800000u; /* y is normal for every finite x > 0 */
    int ey = (int)(yb >> 23) - 150;
    if (!ws_cuda_midpoint_above_(2 * Y + 1, ey - 1, X, f)) /* 1/sqrt(x) at or past the upper midpoint */
        return __uint_as_float(yb + 1);
    int pow2 = Y == 0x800000u; /* below a power of two the spacing halves */
    if (ws_cuda_midpoint_above_(pow2 ? 4 * Y - 1 : 2 * Y - 1, pow2 ? ey - 2 : ey - 1, X, f))
        return __uint_as_float(yb - 1);
    return y;
}

/* The high and low 32 bits of a double, and a double from them. */
static inline int __double2hiint(double x) { return (int)(uint32_t)((uint64_t)__double_as_longlong(x) >> 32); }
static inline int __double2loint(double x) { return (int)(uint32_t)(uint64_t)__double_as_longlong(x); }
static inline double __hiloint2double(int hi, int lo)
{
    return __longlong_as_double((long long)((uint64_t)(uint32_t)hi << 32 | (uint32_t)lo));
}
/* fminf/fmaxf/fmin/fmax as the GPU: a NaN operand counts as missing
 * (signalling NaNs too), -0 < +0 in either order. */
static inline float ws_cuda_fminf(float a, float b)
{
    return WS_CUDA_F32_FTZ_(__uint_as_float(ws_f32_min(__float_as_uint(WS_CUDA_F32_FTZ_(a)), __float_as_uint(WS_CUDA_F32_FTZ_(b)))));
}
static inline float ws_cuda_fmaxf(float a, float b)
{
    return WS_CUDA_F32_FTZ_(__uint_as_float(ws_f32_max(__float_as_uint(WS_CUDA_F32_FTZ_(a)), __float_as_uint(WS_CUDA_F32_FTZ_(b)))));
}
static inline double ws_cuda_fmin(double a, double b)
{
    return __longlong_as_double((long long)ws_f64_min((uint64_t)__double_as_longlong(a), (uint64_t)__double_as_longlong(b)));
}
static inline double ws_cuda_fmax(double a, double b)
{
    return __longlong_as_double((long long)ws_f64_max((uint64_t)__double_as_longlong(a), (uint64_t)__double_as_longlong(b)));
}
#ifdef __cplusplus
inline float ws_cuda_fmin(float a, float b) { return ws_cuda_fminf(a, b); }
inline float ws_cuda_fmax(float a, float b) { return ws_cuda_fmaxf(a, b); }
namespace std {
using ::ws_cuda_fmax;
using ::ws_cuda_fmaxf;
using ::ws_cuda_fmin;
using ::ws_cuda_fminf;
} // namespace std
#endif
#define fminf ws_cuda_fminf
#define fmaxf ws_cuda_fmaxf
#define fmin(a, b) ws_cuda_fmin(a, b)
#define fmax(a, b) ws_cuda_fmax(a, b)

/* Function-like, so `format(printf, 1, 2)` attributes in later headers keep their meaning. */
#define printf(...) ws_cuda_printf_at_(__FILE__, __LINE__, __VA_ARGS__)
#ifdef __cplusplus
namespace std {
using ::ws_cuda_clock_; /* std::clock() */
using ::ws_cuda_printf;
using ::ws_cuda_printf_at_;
} // namespace std
#endif
#define __ldg(p) (*(p))
#define __threadfence() ((void)0)
#define __threadfence_block() ((void)0)
#define __threadfence_system() ((void)0)
static inline long long clock64(void) { return ws_cuda_clock64_(); }
/* Function-like, so the C library's clock (and std::clock, below) stay declared as they are. */
#define clock() ws_cuda_clock_()
#define __grid_constant__ /* a kernel parameter the kernel does not write: it is one already */
/* A sleep hint to the scheduler: the lane goes on (a spinning lane is paused anyway: preempt.c). */
#define __nanosleep(ns) ((void)(ns))
#define __trap() __builtin_trap()

/* atomicAdd on floats and doubles. On global memory atom.add.f32 flushes subnormal operands and
 * results to zero of their sign, whatever -ftz says; on shared memory it does not, even with
 * -ftz=true; atom.add.f64 never does (the H100: docs/probes/sqrt_tanh_approx_probe.h100.txt,
 * docs/probes/ftz_edges_probe.h100.txt). The unflushed sums run with the CPU's flush mode off. */
static inline float ws_cuda_atomic_add_f32_(float old, float val, int shared)
{
    if (!shared)
        return ws_f32_flushed(ws_f32_flushed(old) + ws_f32_flushed(val));
    unsigned mode = ws_cuda_ieee_begin_();
    float r = old + val;
    ws_cuda_ieee_end_(mode);
    return r;
}
static inline double ws_cuda_atomic_add_f64_(double old, double val)
{
    unsigned mode = ws_cuda_ieee_begin_();
    double r = old + val;
    ws_cuda_ieee_end_(mode);
    return r;
}

/* ---- the collectives ---- */
#define WS_CUDA_FULL 0xffffffffu

#ifdef __cplusplus
/* The call site travels as default arguments, so a diagnostic names it; its column tells apart
 * two calls on one line (`if (c) a = __activemask(); else b = __activemask();`), which on the
 * GPU are two instructions: clang's __builtin_COLUMN, g++'s (11 and later) through
 * __builtin_source_location, which needs std::source_location's layout (C++20's header, or the
 * same declared here for C++17, where <source_location> declares nothing); 0 elsewhere. */
#if defined(__clang__)
#define WS_CUDA_COLUMN_ __builtin_COLUMN()
#elif defined(__GNUC__) && __GNUC__ >= 11
#if __cplusplus > 201703L && __has_include(<source_location>)
#include <source_location>
#define WS_CUDA_COLUMN_ std::source_location::current().column()
#else
namespace std {
struct source_location {
    struct __impl {
        const char *_M_file_name;
        const char *_M_function_name;
        unsigned _M_line;
        unsigned _M_column;
    };
};
} // namespace std
inline unsigned ws_cuda_column_(const void *where)
{
    return static_cast<const std::source_location::__impl *>(where)->_M_column;
}
#define WS_CUDA_COLUMN_ ws_cuda_column_(__builtin_source_location())
#endif
#else
#define WS_CUDA_COLUMN_ 0u
#endif
#define WS_CUDA_SITE                                                                                       \
    const char *ws_file_ = __builtin_FILE(), int ws_line_ = __builtin_LINE(),                             \
    [[maybe_unused]] unsigned ws_col_ = WS_CUDA_COLUMN_

namespace warpsim_cuda {
template <typename T> struct type_of;
template <> struct type_of<int> { static constexpr ws_type value = WS_I32; };
template <> struct type_of<unsigned> { static constexpr ws_type value = WS_U32; };
template <> struct type_of<float> { static constexpr ws_type value = WS_F32; };
template <> struct type_of<long> { static constexpr ws_type value = sizeof(long) == 8 ? WS_I64 : WS_I32; };
template <> struct type_of<unsigned long> { static constexpr ws_type value = sizeof(long) == 8 ? WS_U64 : WS_U32; };
template <> struct type_of<long long> { static constexpr ws_type value = WS_I64; };
template <> struct type_of<unsigned long long> { static constexpr ws_type value = WS_U64; };
template <> struct type_of<double> { static constexpr ws_type value = WS_F64; };

template <typename T> inline uint64_t bits_of(T v)
{
    uint64_t b = 0;
    memcpy(&b, &v, sizeof(T));
    return b;
}
template <typename T> inline T from_bits(uint64_t b)
{
    T v;
    memcpy(&v, &b, sizeof(T));
    return v;
}
inline uint64_t arrive(int op, ws_type type, unsigned mask, uint64_t value, int b, int width, const char *file,
                       int line, unsigned column = 0)
{
    return ws_cuda_sync_(ws_cuda_call_at_(op, type, line, column), mask, value, ws_cuda_args_(b, width), file);
}
template <typename T>
inline T collective(ws_coll_kind kind, unsigned mask, T value, int b, int width, const char *file, int line,
                    unsigned column = 0)
{
    return from_bits<T>(arrive(kind, type_of<T>::value, mask, bits_of(value), b, width, file, line, column));
}
} // namespace warpsim_cuda

#define WS_CUDA_SHFL_OVERLOADS(T)                                                                              \
    inline T __shfl_sync(unsigned mask, T var, int srcLane, int width = warpSize, WS_CUDA_SITE)               \
    {                                                                                                         \
        return warpsim_cuda::collective(WS_COLL_SHFL_IDX, mask, var, srcLane, width, ws_file_, ws_line_, ws_col_);     \
    }                                                                                                         \
    inline T __shfl_up_sync(unsigned mask, T var, unsigned delta, int width = warpSize, WS_CUDA_SITE)         \
    {                                                                                                         \
        return warpsim_cuda::collective(WS_COLL_SHFL_UP, mask, var, (int)delta, width, ws_file_, ws_line_, ws_col_);   \
    }                                                                                                         \
    inline T __shfl_down_sync(unsigned mask, T var, unsigned delta, int width = warpSize, WS_CUDA_SITE)       \
    {                                                                                                         \
        return warpsim_cuda::collective(WS_COLL_SHFL_DOWN, mask, var, (int)delta, width, ws_file_, ws_line_, ws_col_); \
    }                                                                                                         \
    inline T __shfl_xor_sync(unsigned mask, T var, int laneMask, int width = warpSize, WS_CUDA_SITE)          \
    {                                                                                                         \
        return warpsim_cuda::collective(WS_COLL_SHFL_BFLY, mask, var, laneMask, width, ws_file_, ws_line_, ws_col_);   \
    }
WS_CUDA_SHFL_OVERLOADS(int)
WS_CUDA_SHFL_OVERLOADS(unsigned)
WS_CUDA_SHFL_OVERLOADS(long)
WS_CUDA_SHFL_OVERLOADS(unsigned long)
WS_CUDA_SHFL_OVERLOADS(long long)
WS_CUDA_SHFL_OVERLOADS(unsigned long long)
WS_CUDA_SHFL_OVERLOADS(float)
WS_CUDA_SHFL_OVERLOADS(double)
#undef WS_CUDA_SHFL_OVERLOADS

inline unsigned __ballot_sync(unsigned mask, int pred, WS_CUDA_SITE)
{
    return warpsim_cuda::collective<int>(WS_COLL_VOTE_BALLOT, mask, pred != 0, 0, 0, ws_file_, ws_line_, ws_col_);
}
inline int __all_sync(unsigned mask, int pred, WS_CUDA_SITE)
{
    return warpsim_cuda::collective<int>(WS_COLL_VOTE_ALL, mask, pred != 0, 0, 0, ws_file_, ws_line_, ws_col_);
}
inline int __any_sync(unsigned mask, int pred, WS_CUDA_SITE)
{
    return warpsim_cuda::collective<int>(WS_COLL_VOTE_ANY, mask, pred != 0, 0, 0, ws_file_, ws_line_, ws_col_);
}
inline int __uni_sync(unsigned mask, int pred, WS_CUDA_SITE)
{
    return warpsim_cuda::collective<int>(WS_COLL_VOTE_UNI, mask, pred != 0, 0, 0, ws_file_, ws_line_, ws_col_);
}
inline unsigned __activemask(WS_CUDA_SITE)
{
    return (unsigned)warpsim_cuda::arrive(WS_CUDA_OP_ACTIVEMASK, WS_U32, 0, 0, 0, 0, ws_file_, ws_line_, ws_col_);
}
inline void __syncwarp(unsigned mask = WS_CUDA_FULL, WS_CUDA_SITE)
{
    warpsim_cuda::arrive(WS_COLL_SYNCWARP, WS_U32, mask, 0, 0, 0, ws_file_, ws_line_, ws_col_);
}
#define WS_CUDA_MATCH_OVERLOADS(T)                                                                              \
    inline unsigned __match_any_sync(unsigned mask, T value, WS_CUDA_SITE)                                     \
    {                                                                                                          \
        return (unsigned)warpsim_cuda::bits_of(                                                                \
            warpsim_cuda::collective(WS_COLL_MATCH_ANY, mask, value, 0, 0, ws_file_, ws_line_, ws_col_));               \
    }                                                                                                          \
    inline unsigned __match_all_sync(unsigned mask, T value, int *pred, WS_CUDA_SITE)                          \
    {                                                                                                          \
        uint64_t r = warpsim_cuda::arrive(WS_COLL_MATCH_ALL, warpsim_cuda::type_of<T>::value, mask,              \
                                        warpsim_cuda::bits_of(value), 0, 0, ws_file_, ws_line_);              \
        *pred = (int)(r >> 32);                                                                                \
        return (unsigned)r;                                                                                    \
    }
WS_CUDA_MATCH_OVERLOADS(int)
WS_CUDA_MATCH_OVERLOADS(unsigned)
WS_CUDA_MATCH_OVERLOADS(long)
WS_CUDA_MATCH_OVERLOADS(unsigned long)
WS_CUDA_MATCH_OVERLOADS(long long)
WS_CUDA_MATCH_OVERLOADS(unsigned long long)
WS_CUDA_MATCH_OVERLOADS(float)
WS_CUDA_MATCH_OVERLOADS(double)
#undef WS_CUDA_MATCH_OVERLOADS

#define WS_CUDA_REDUCE(name, kind, T)                                                    \
    inline T name(unsigned mask, T value, WS_CUDA_SITE)                                  \
    {                                                                                    \
        return warpsim_cuda::collective(kind, mask, value, 0, 0, ws_file_, ws_line_, ws_col_);    \
    }
WS_CUDA_REDUCE(__reduce_add_sync, WS_COLL_REDUX_ADD, int)
WS_CUDA_REDUCE(__reduce_add_sync, WS_COLL_REDUX_ADD, unsigned)
WS_CUDA_REDUCE(__reduce_min_sync, WS_COLL_REDUX_MIN, int)
WS_CUDA_REDUCE(__reduce_min_sync, WS_COLL_REDUX_MIN, unsigned)
WS_CUDA_REDUCE(__reduce_max_sync, WS_COLL_REDUX_MAX, int)
WS_CUDA_REDUCE(__reduce_max_sync, WS_COLL_REDUX_MAX, unsigned)
WS_CUDA_REDUCE(__reduce_and_sync, WS_COLL_REDUX_AND, unsigned)
WS_CUDA_REDUCE(__reduce_or_sync, WS_COLL_REDUX_OR, unsigned)
WS_CUDA_REDUCE(__reduce_xor_sync, WS_COLL_REDUX_XOR, unsigned)
#undef WS_CUDA_REDUCE

inline void __syncthreads(WS_CUDA_SITE)
{
    ws_cuda_barrier_(ws_cuda_call_at_(WS_CUDA_OP_SYNCTHREADS, WS_I32, ws_line_, ws_col_), 0, ws_cuda_args_(0, 0), ws_file_);
}
inline int __syncthreads_count(int pred, WS_CUDA_SITE)
{
    return (int)ws_cuda_barrier_(ws_cuda_call_at_(WS_CUDA_OP_SYNCTHREADS, WS_I32, ws_line_, ws_col_), pred != 0,
                                 ws_cuda_args_(1, 0), ws_file_);
}
inline int __syncthreads_and(int pred, WS_CUDA_SITE)
{
    return (int)ws_cuda_barrier_(ws_cuda_call_at_(WS_CUDA_OP_SYNCTHREADS, WS_I32, ws_line_, ws_col_), pred != 0,
                                 ws_cuda_args_(2, 0), ws_file_);
}
inline int __syncthreads_or(int pred, WS_CUDA_SITE)
{
    return (int)ws_cuda_barrier_(ws_cuda_call_at_(WS_CUDA_OP_SYNCTHREADS, WS_I32, ws_line_, ws_col_), pred != 0,
                                 ws_cuda_args_(3, 0), ws_file_);
}

/* ---- atomics: one block at a time in block order, so plain code suffices ---- */
namespace warpsim_cuda {
template <typename T, typename F> WS_CUDA_UNCHECKED inline T atomic_rmw(T *address, F update, const char *file, int line)
{
    ws_cuda_atomic_turn_if_(address, sizeof(T), file, line);
    T old = *address;
    for (;;) {
        T desired = update(old);
        if (ws_cuda_atomic_store_if_(address, &old, &desired, sizeof(T)))
            return old;
    }
}
} // namespace warpsim_cuda
#define WS_CUDA_ATOMIC(name, T, expr)                                                             \
    inline T name(T *address, T val, WS_CUDA_SITE)                                                \
    {                                                                                             \
        return warpsim_cuda::atomic_rmw(address, [val](T old) -> T { (void)old; return (expr); }, ws_file_, ws_line_); \
    }
WS_CUDA_ATOMIC(atomicAdd, int, (int)((unsigned)old + (unsigned)val))
WS_CUDA_ATOMIC(atomicAdd, unsigned, old + val)
WS_CUDA_ATOMIC(atomicAdd, unsigned long long, old + val)
WS_CUDA_ATOMIC(atomicAdd, double, ws_cuda_atomic_add_f64_(old, val))
inline float atomicAdd(float *address, float val, WS_CUDA_SITE)
{
    int shared = ws_cuda_shared_address_(address);
    return warpsim_cuda::atomic_rmw(address, [val, shared](float old) -> float { return ws_cuda_atomic_add_f32_(old, val, shared); },
                                    ws_file_, ws_line_);
}
/* sm_90's vector forms (global memory): each element is added atomically on its own; the old
 * vector is returned. */
inline float2 atomicAdd(float2 *address, float2 val, WS_CUDA_SITE)
{
    float x = atomicAdd(&address->x, val.x, ws_file_, ws_line_, ws_col_);
    return make_float2(x, atomicAdd(&address->y, val.y, ws_file_, ws_line_, ws_col_));
}
inline float4 atomicAdd(float4 *address, float4 val, WS_CUDA_SITE)
{
    float x = atomicAdd(&address->x, val.x, ws_file_, ws_line_, ws_col_);
    float y = atomicAdd(&address->y, val.y, ws_file_, ws_line_, ws_col_);
    float z = atomicAdd(&address->z, val.z, ws_file_, ws_line_, ws_col_);
    return make_float4(x, y, z, atomicAdd(&address->w, val.w, ws_file_, ws_line_, ws_col_));
}
WS_CUDA_ATOMIC(atomicSub, int, (int)((unsigned)old - (unsigned)val))
WS_CUDA_ATOMIC(atomicSub, unsigned, old - val)
WS_CUDA_ATOMIC(atomicExch, int, val)
WS_CUDA_ATOMIC(atomicExch, unsigned, val)
WS_CUDA_ATOMIC(atomicExch, unsigned long long, val)
WS_CUDA_ATOMIC(atomicExch, float, val)
WS_CUDA_ATOMIC(atomicMin, int, val < old ? val : old)
WS_CUDA_ATOMIC(atomicMin, unsigned, val < old ? val : old)
WS_CUDA_ATOMIC(atomicMin, long long, val < old ? val : old)
WS_CUDA_ATOMIC(atomicMin, unsigned long long, val < old ? val : old)
WS_CUDA_ATOMIC(atomicMax, int, val > old ? val : old)
WS_CUDA_ATOMIC(atomicMax, unsigned, val > old ? val : old)
WS_CUDA_ATOMIC(atomicMax, long long, val > old ? val : old)
WS_CUDA_ATOMIC(atomicMax, unsigned long long, val > old ? val : old)
WS_CUDA_ATOMIC(atomicAnd, int, old & val)
WS_CUDA_ATOMIC(atomicAnd, unsigned, old & val)
WS_CUDA_ATOMIC(atomicAnd, unsigned long long, old & val)
WS_CUDA_ATOMIC(atomicOr, int, old | val)
WS_CUDA_ATOMIC(atomicOr, unsigned, old | val)
WS_CUDA_ATOMIC(atomicOr, unsigned long long, old | val)
WS_CUDA_ATOMIC(atomicXor, int, old ^ val)
WS_CUDA_ATOMIC(atomicXor, unsigned, old ^ val)
WS_CUDA_ATOMIC(atomicXor, unsigned long long, old ^ val)
/* ((old >= val) ? 0 : old + 1) and (((old == 0) || (old > val)) ? val : old - 1), as the guide says */
WS_CUDA_ATOMIC(atomicInc, unsigned, old >= val ? 0u : old + 1u)
WS_CUDA_ATOMIC(atomicDec, unsigned, (old == 0u || old > val) ? val : old - 1u)
#undef WS_CUDA_ATOMIC
#define WS_CUDA_ATOMIC_CAS(T)                                                                  \
    inline T atomicCAS(T *address, T compare, T val, WS_CUDA_SITE)                             \
    {                                                                                          \
        return warpsim_cuda::atomic_rmw(address, [compare, val](T old) -> T { return old == compare ? val : old; }, \
                                        ws_file_, ws_line_);                                   \
    }
WS_CUDA_ATOMIC_CAS(int)
WS_CUDA_ATOMIC_CAS(unsigned)
WS_CUDA_ATOMIC_CAS(unsigned long long)
WS_CUDA_ATOMIC_CAS(unsigned short) /* sm_70 and later */
#undef WS_CUDA_ATOMIC_CAS

/* min and max as the CUDA headers declare them for device code: each
 * integer width with either sign, a mixed pair compared as the unsigned
 * type (as CUDA converts it), and a float with a double as doubles. */
#define WS_CUDA_MINMAX_INT_(S, U)                                                 \
    inline S min(S a, S b) { return a < b ? a : b; }                             \
    inline U min(U a, U b) { return a < b ? a : b; }                             \
    inline U min(S a, U b) { return (U)a < b ? (U)a : b; }                       \
    inline U min(U a, S b) { return a < (U)b ? a : (U)b; }                       \
    inline S max(S a, S b) { return a > b ? a : b; }                             \
    inline U max(U a, U b) { return a > b ? a : b; }                             \
    inline U max(S a, U b) { return (U)a > b ? (U)a : b; }                       \
    inline U max(U a, S b) { return a > (U)b ? a : (U)b; }
WS_CUDA_MINMAX_INT_(int, unsigned)
WS_CUDA_MINMAX_INT_(long, unsigned long)
WS_CUDA_MINMAX_INT_(long long, unsigned long long)
#undef WS_CUDA_MINMAX_INT_
inline float min(float a, float b) { return ws_cuda_fminf(a, b); }
inline double min(double a, double b) { return ws_cuda_fmin(a, b); }
inline double min(float a, double b) { return ws_cuda_fmin((double)a, b); }
inline double min(double a, float b) { return ws_cuda_fmin(a, (double)b); }
inline float max(float a, float b) { return ws_cuda_fmaxf(a, b); }
inline double max(double a, double b) { return ws_cuda_fmax(a, b); }
inline double max(float a, double b) { return ws_cuda_fmax((double)a, b); }
inline double max(double a, float b) { return ws_cuda_fmax(a, (double)b); }

/* ---- launching a __global__ function from C++ ----
 * The arguments are converted to the kernel's parameter types once, as the
 * CUDA runtime copies them, and every thread gets its own copy. */
namespace warpsim_cuda {
template <typename... P> struct launch_args {
    void (*kernel)(P...);
    std::tuple<typename std::decay<P>::type...> values;
    static void run(void *self)
    {
        launch_args *a = static_cast<launch_args *>(self);
        std::apply(a->kernel, a->values);
    }
};
} // namespace warpsim_cuda

template <typename... P, typename... A>
inline ws_status ws_cuda_launch_desc_run(const ws_cuda_launch_desc &desc, void (*kernel)(P...), A &&...args)
{
    static_assert(sizeof...(P) == sizeof...(A), "ws_cuda_launch: wrong number of kernel arguments");
    warpsim_cuda::launch_args<P...> packed{kernel, {std::forward<A>(args)...}};
    return ws_cuda_launch_c(&desc, &warpsim_cuda::launch_args<P...>::run, &packed, nullptr);
}

/* ws_cuda_launch(kernel, grid, block, shared_bytes, args...): kernel<<<grid, block, shared_bytes>>>(args...) */
template <typename... P, typename... A>
inline ws_status ws_cuda_launch(void (*kernel)(P...), dim3 grid, dim3 block, size_t shared_bytes, A &&...args)
{
    ws_cuda_launch_desc desc = {};
    desc.grid = grid;
    desc.block = block;
    desc.shared_bytes = shared_bytes;
    return ws_cuda_launch_desc_run(desc, kernel, std::forward<A>(args)...);
}

#include "cuda_ptx.h" /* inline PTX, as warpsim cc translates it */

#else /* C17: the same names through _Generic */

#define WS_CUDA_TYPE_OF(v)                                                                                        \
    _Generic((v), int: WS_I32, unsigned: WS_U32, long: (sizeof(long) == 8 ? WS_I64 : WS_I32),                    \
             unsigned long: (sizeof(long) == 8 ? WS_U64 : WS_U32), long long: WS_I64, unsigned long long: WS_U64, \
             float: WS_F32, double: WS_F64)
static inline uint64_t ws_cuda_bits_f32_(float v) { return __float_as_uint(v); }
static inline uint64_t ws_cuda_bits_f64_(double v) { return (uint64_t)__double_as_longlong(v); }
static inline uint64_t ws_cuda_bits_int_(long long v) { return (uint64_t)v; }
static inline uint64_t ws_cuda_bits_uint_(unsigned long long v) { return v; }
#define WS_CUDA_BITS(v)                                                                                       \
    _Generic((v), float: ws_cuda_bits_f32_, double: ws_cuda_bits_f64_, int: ws_cuda_bits_uint_,              \
             long: ws_cuda_bits_int_, long long: ws_cuda_bits_int_, default: ws_cuda_bits_uint_)(v)
static inline float ws_cuda_as_f32_(uint64_t b) { return __uint_as_float((unsigned)b); }
static inline double ws_cuda_as_f64_(uint64_t b) { return __longlong_as_double((long long)b); }
static inline int ws_cuda_as_int_(uint64_t b) { return (int)(uint32_t)b; }
static inline unsigned ws_cuda_as_uint_(uint64_t b) { return (unsigned)b; }
static inline long ws_cuda_as_long_(uint64_t b) { return (long)b; }
static inline unsigned long ws_cuda_as_ulong_(uint64_t b) { return (unsigned long)b; }
static inline long long ws_cuda_as_ll_(uint64_t b) { return (long long)b; }
static inline unsigned long long ws_cuda_as_ull_(uint64_t b) { return b; }
#define WS_CUDA_FROM_BITS(v, bits)                                                                         \
    _Generic((v), float: ws_cuda_as_f32_, double: ws_cuda_as_f64_, int: ws_cuda_as_int_,                   \
             unsigned: ws_cuda_as_uint_, long: ws_cuda_as_long_, unsigned long: ws_cuda_as_ulong_,         \
             long long: ws_cuda_as_ll_, unsigned long long: ws_cuda_as_ull_)(bits)
#define WS_CUDA_SYNC_(op, type, mask, bits, b, width)                                                        \
    ws_cuda_sync_(ws_cuda_call_at_((op), (type), __LINE__, __COUNTER__), (mask), (bits),                   \
                  ws_cuda_args_((int32_t)(b), (width)), __FILE__)
#define WS_CUDA_COLL_(kind, mask, v, b, width)                                                               \
    WS_CUDA_FROM_BITS(v, WS_CUDA_SYNC_((kind), WS_CUDA_TYPE_OF(v), (mask), WS_CUDA_BITS(v), (b), (width)))
#define WS_CUDA_PICK4_(a, b, c, d, name, ...) name
#define WS_CUDA_SHFL_(kind, ...) WS_CUDA_PICK4_(__VA_ARGS__, WS_CUDA_SHFL4_, WS_CUDA_SHFL3_, , )(kind, __VA_ARGS__)
#define WS_CUDA_SHFL3_(kind, mask, v, b) WS_CUDA_COLL_(kind, mask, v, b, warpSize)
#define WS_CUDA_SHFL4_(kind, mask, v, b, width) WS_CUDA_COLL_(kind, mask, v, b, width)
#define __shfl_sync(...) WS_CUDA_SHFL_(WS_COLL_SHFL_IDX, __VA_ARGS__)
#define __shfl_up_sync(...) WS_CUDA_SHFL_(WS_COLL_SHFL_UP, __VA_ARGS__)
#define __shfl_down_sync(...) WS_CUDA_SHFL_(WS_COLL_SHFL_DOWN, __VA_ARGS__)
#define __shfl_xor_sync(...) WS_CUDA_SHFL_(WS_COLL_SHFL_BFLY, __VA_ARGS__)
#define WS_CUDA_VOTE_(kind, mask, pred) WS_CUDA_SYNC_((kind), WS_I32, (mask), (pred) != 0, 0, 0)
#define __ballot_sync(mask, pred) ((unsigned)WS_CUDA_VOTE_(WS_COLL_VOTE_BALLOT, mask, pred))
#define __all_sync(mask, pred) ((int)WS_CUDA_VOTE_(WS_COLL_VOTE_ALL, mask, pred))
#define __any_sync(mask, pred) ((int)WS_CUDA_VOTE_(WS_COLL_VOTE_ANY, mask, pred))
#define __uni_sync(mask, pred) ((int)WS_CUDA_VOTE_(WS_COLL_VOTE_UNI, mask, pred))
#define __activemask() ((unsigned)WS_CUDA_SYNC_(WS_CUDA_OP_ACTIVEMASK, WS_U32, 0, 0, 0, 0))
/* __syncwarp() or __syncwarp(mask): an empty argument list means the full mask. */
#define __syncwarp(...)                                                                                    \
    ((void)WS_CUDA_SYNC_(WS_COLL_SYNCWARP, WS_U32, #__VA_ARGS__[0] ? (unsigned)(__VA_ARGS__ + 0) : WS_CUDA_FULL, \
                         0, 0, 0))
#define __match_any_sync(mask, v) ((unsigned)WS_CUDA_SYNC_(WS_COLL_MATCH_ANY, WS_CUDA_TYPE_OF(v), (mask), WS_CUDA_BITS(v), 0, 0))
static inline unsigned ws_cuda_match_all_(uint64_t r, int *pred)
{
    *pred = (int)(r >> 32);
    return (unsigned)r;
}
#define __match_all_sync(mask, v, pred) \
    ws_cuda_match_all_(WS_CUDA_SYNC_(WS_COLL_MATCH_ALL, WS_CUDA_TYPE_OF(v), (mask), WS_CUDA_BITS(v), 0, 0), (pred))
#define WS_CUDA_RED_(kind, mask, v) \
    WS_CUDA_FROM_BITS(v, WS_CUDA_SYNC_((kind), WS_CUDA_TYPE_OF(v), (mask), WS_CUDA_BITS(v), 0, 0))
#define __reduce_add_sync(mask, v) WS_CUDA_RED_(WS_COLL_REDUX_ADD, mask, v)
#define __reduce_min_sync(mask, v) WS_CUDA_RED_(WS_COLL_REDUX_MIN, mask, v)
#define __reduce_max_sync(mask, v) WS_CUDA_RED_(WS_COLL_REDUX_MAX, mask, v)
#define __reduce_and_sync(mask, v) WS_CUDA_RED_(WS_COLL_REDUX_AND, mask, v)
#define __reduce_or_sync(mask, v) WS_CUDA_RED_(WS_COLL_REDUX_OR, mask, v)
#define __reduce_xor_sync(mask, v) WS_CUDA_RED_(WS_COLL_REDUX_XOR, mask, v)
#define WS_CUDA_BAR_(b, pred)                                                                                \
    ((int)ws_cuda_barrier_(ws_cuda_call_at_(WS_CUDA_OP_SYNCTHREADS, WS_I32, __LINE__, __COUNTER__),         \
                           (pred) != 0,                                                                   \
                           ws_cuda_args_((b), 0), __FILE__))
#define __syncthreads() ((void)WS_CUDA_BAR_(0, 0))
#define __syncthreads_count(pred) WS_CUDA_BAR_(1, pred)
#define __syncthreads_and(pred) WS_CUDA_BAR_(2, pred)
#define __syncthreads_or(pred) WS_CUDA_BAR_(3, pred)

/* Atomics on int, unsigned, unsigned long long, float (add, exch) and double (add). */
#define WS_CUDA_ATOMIC_C_(name, T, expr)                                 \
    WS_CUDA_UNCHECKED static inline T ws_cuda_##name(T *address, T val)  \
    {                                                                    \
        ws_cuda_atomic_turn_if_(address, sizeof(T), NULL, 0);            \
        T old = *address;                                                \
        for (;;) {                                                       \
            T desired = (expr);                                          \
            if (ws_cuda_atomic_store_if_(address, &old, &desired, sizeof(T))) \
                return old;                                              \
        }                                                                \
    }
WS_CUDA_ATOMIC_C_(add_i, int, (int)((unsigned)old + (unsigned)val))
WS_CUDA_ATOMIC_C_(add_u, unsigned, old + val)
WS_CUDA_ATOMIC_C_(add_ull, unsigned long long, old + val)
WS_CUDA_ATOMIC_C_(add_f, float, ws_cuda_atomic_add_f32_(old, val, ws_cuda_shared_address_(address)))
WS_CUDA_ATOMIC_C_(add_d, double, ws_cuda_atomic_add_f64_(old, val))
WS_CUDA_ATOMIC_C_(sub_i, int, (int)((unsigned)old - (unsigned)val))
WS_CUDA_ATOMIC_C_(sub_u, unsigned, old - val)
WS_CUDA_ATOMIC_C_(exch_i, int, val)
WS_CUDA_ATOMIC_C_(exch_u, unsigned, val)
WS_CUDA_ATOMIC_C_(exch_ull, unsigned long long, val)
WS_CUDA_ATOMIC_C_(exch_f, float, val)
WS_CUDA_ATOMIC_C_(min_i, int, val < old ? val : old)
WS_CUDA_ATOMIC_C_(min_u, unsigned, val < old ? val : old)
WS_CUDA_ATOMIC_C_(max_i, int, val > old ? val : old)
WS_CUDA_ATOMIC_C_(max_u, unsigned, val > old ? val : old)
WS_CUDA_ATOMIC_C_(and_i, int, old & val)
WS_CUDA_ATOMIC_C_(and_u, unsigned, old & val)
WS_CUDA_ATOMIC_C_(or_i, int, old | val)
WS_CUDA_ATOMIC_C_(or_u, unsigned, old | val)
WS_CUDA_ATOMIC_C_(xor_i, int, old ^ val)
WS_CUDA_ATOMIC_C_(xor_u, unsigned, old ^ val)
WS_CUDA_ATOMIC_C_(inc_u, unsigned, old >= val ? 0u : old + 1u)
WS_CUDA_ATOMIC_C_(dec_u, unsigned, (old == 0u || old > val) ? val : old - 1u)
#undef WS_CUDA_ATOMIC_C_
#define atomicAdd(p, v) \
    _Generic((p), int *: ws_cuda_add_i, unsigned *: ws_cuda_add_u, unsigned long long *: ws_cuda_add_ull, \
             float *: ws_cuda_add_f, double *: ws_cuda_add_d)(p, v)
#define atomicSub(p, v) _Generic((p), int *: ws_cuda_sub_i, unsigned *: ws_cuda_sub_u)(p, v)
#define atomicExch(p, v) \
    _Generic((p), int *: ws_cuda_exch_i, unsigned *: ws_cuda_exch_u, unsigned long long *: ws_cuda_exch_ull, \
             float *: ws_cuda_exch_f)(p, v)
#define atomicMin(p, v) _Generic((p), int *: ws_cuda_min_i, unsigned *: ws_cuda_min_u)(p, v)
#define atomicMax(p, v) _Generic((p), int *: ws_cuda_max_i, unsigned *: ws_cuda_max_u)(p, v)
#define atomicAnd(p, v) _Generic((p), int *: ws_cuda_and_i, unsigned *: ws_cuda_and_u)(p, v)
#define atomicOr(p, v) _Generic((p), int *: ws_cuda_or_i, unsigned *: ws_cuda_or_u)(p, v)
#define atomicXor(p, v) _Generic((p), int *: ws_cuda_xor_i, unsigned *: ws_cuda_xor_u)(p, v)
#define atomicInc(p, v) ws_cuda_inc_u(p, v)
#define atomicDec(p, v) ws_cuda_dec_u(p, v)
WS_CUDA_UNCHECKED static inline unsigned ws_cuda_cas_u(unsigned *address, unsigned compare, unsigned val)
{
    ws_cuda_atomic_turn_if_(address, sizeof(unsigned), NULL, 0);
    unsigned old = *address;
    for (;;) {
        unsigned desired = old == compare ? val : old;
        if (ws_cuda_atomic_store_if_(address, &old, &desired, sizeof(unsigned)))
            return old;
    }
}
#define atomicCAS(p, c, v) ws_cuda_cas_u((unsigned *)(p), (unsigned)(c), (unsigned)(v))
#endif /* C */

/* The _block and _system scopes: atomics here run one at a time in block
 * order whatever their scope, so each is the plain one. */
#define atomicAdd_block atomicAdd
#define atomicAdd_system atomicAdd
#define atomicSub_block atomicSub
#define atomicSub_system atomicSub
#define atomicExch_block atomicExch
#define atomicExch_system atomicExch
#define atomicMin_block atomicMin
#define atomicMin_system atomicMin
#define atomicMax_block atomicMax
#define atomicMax_system atomicMax
#define atomicInc_block atomicInc
#define atomicInc_system atomicInc
#define atomicDec_block atomicDec
#define atomicDec_system atomicDec
#define atomicCAS_block atomicCAS
#define atomicCAS_system atomicCAS
#define atomicAnd_block atomicAnd
#define atomicAnd_system atomicAnd
#define atomicOr_block atomicOr
#define atomicOr_system atomicOr
#define atomicXor_block atomicXor
#define atomicXor_system atomicXor

#endif /* WARPSIM_CUDA_NO_DEVICE_NAMES */
#endif
