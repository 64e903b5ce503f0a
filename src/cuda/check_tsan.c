/* The entry points of -fsanitize=thread's instrumentation, as a checked
 * build's objects call them (warpsim cc --check compiles the user's code
 * with it and links this library instead of ThreadSanitizer's runtime):
 * every load and store of the user's code, announced before it is made,
 * goes to the checker when a CUDA thread makes it; the host's go on at
 * once. Atomics the compiler instruments are made here, as the code asked
 * (warpsim's own CUDA atomics are not instrumented: cuda.h). */
#define _GNU_SOURCE
#include <stdint.h>
#include <string.h>

#include "check_access.h"

/* The compiler's names for these functions are reserved identifiers. */
#pragma GCC diagnostic ignored "-Wmissing-prototypes"

void __tsan_init(void) { wc_check_start(); }

static inline __attribute__((always_inline)) void access(const void *addr, size_t size, unsigned kind, void *pc)
{
    wc_lane *l = wc_current_lane();
    if (l)
        wc_check_access(l, addr, size, kind, pc);
}

#define WC_TSAN_ACCESS(name, size, kind) \
    void name(void *addr) { access(addr, size, kind, __builtin_return_address(0)); }
#define WC_TSAN_SIZES(prefix, kind)                  \
    WC_TSAN_ACCESS(prefix##1, 1, kind)               \
    WC_TSAN_ACCESS(prefix##2, 2, kind)               \
    WC_TSAN_ACCESS(prefix##4, 4, kind)               \
    WC_TSAN_ACCESS(prefix##8, 8, kind)               \
    WC_TSAN_ACCESS(prefix##16, 16, kind)
WC_TSAN_SIZES(__tsan_read, 0)
WC_TSAN_SIZES(__tsan_write, WC_ACCESS_WRITE)
WC_TSAN_SIZES(__tsan_volatile_read, 0)
WC_TSAN_SIZES(__tsan_volatile_write, WC_ACCESS_WRITE)
WC_TSAN_SIZES(__tsan_unaligned_read, WC_ACCESS_UNALIGNED)
WC_TSAN_SIZES(__tsan_unaligned_write, WC_ACCESS_WRITE | WC_ACCESS_UNALIGNED)
WC_TSAN_SIZES(__tsan_unaligned_volatile_read, WC_ACCESS_UNALIGNED)
WC_TSAN_SIZES(__tsan_unaligned_volatile_write, WC_ACCESS_WRITE | WC_ACCESS_UNALIGNED)

void __tsan_read_range(void *addr, unsigned long size)
{
    access(addr, size, WC_ACCESS_RANGE, __builtin_return_address(0));
}
void __tsan_write_range(void *addr, unsigned long size)
{
    access(addr, size, WC_ACCESS_WRITE | WC_ACCESS_RANGE, __builtin_return_address(0));
}

/* Copies and sets: a newer clang's instrumentation calls these; gcc and
 * clang 14 leave calls of memcpy, memmove and memset as they are (a
 * struct's copy, a loop the compiler made a memset), and a checked link
 * wraps those (-Wl,--wrap=memcpy,...: warpsim cc --check, CMake's CHECK).
 * The source is read as a block copy reads it, the destination written. */
static inline __attribute__((always_inline)) void copied(void *dst, const void *src, size_t n, void *pc)
{
    wc_lane *l = wc_current_lane();
    if (!l || l->in_runtime || !n)
        return;
    if (src)
        wc_check_access(l, src, n, WC_ACCESS_RANGE, pc);
    wc_check_access(l, dst, n, WC_ACCESS_WRITE | WC_ACCESS_RANGE, pc);
}

void *__real_memcpy(void *dst, const void *src, size_t n);
void *__real_memmove(void *dst, const void *src, size_t n);
void *__real_memset(void *dst, int c, size_t n);
void *__wrap_memcpy(void *dst, const void *src, size_t n)
{
    copied(dst, src, n, __builtin_return_address(0));
    return __real_memcpy(dst, src, n);
}
void *__wrap_memmove(void *dst, const void *src, size_t n)
{
    copied(dst, src, n, __builtin_return_address(0));
    return __real_memmove(dst, src, n);
}
void *__wrap_memset(void *dst, int c, size_t n)
{
    copied(dst, NULL, n, __builtin_return_address(0));
    return __real_memset(dst, c, n);
}
void *__tsan_memcpy(void *dst, const void *src, size_t n)
{
    copied(dst, src, n, __builtin_return_address(0));
    return memcpy(dst, src, n);
}
void *__tsan_memmove(void *dst, const void *src, size_t n)
{
    copied(dst, src, n, __builtin_return_address(0));
    return memmove(dst, src, n);
}
void *__tsan_memset(void *dst, int c, size_t n)
{
    copied(dst, NULL, n, __builtin_return_address(0));
    return memset(dst, c, n);
}

/* What the checker does not need: function entries (warpsim cc turns them
 * off; a CMake build may not), synchronisation annotations. */
void __tsan_func_entry(void *pc) { (void)pc; }
void __tsan_func_exit(void) {}
/* A C++ object's virtual table pointer: its constructor writes it (an
 * object placed in shared memory is initialised by it), calls read it. */
void __tsan_vptr_read(void **vptr) { access(vptr, sizeof *vptr, 0, __builtin_return_address(0)); }
void __tsan_vptr_update(void **vptr, void *value)
{
    (void)value;
    access(vptr, sizeof *vptr, WC_ACCESS_WRITE, __builtin_return_address(0));
}
void __tsan_acquire(void *addr) { (void)addr; }
void __tsan_release(void *addr) { (void)addr; }
void __tsan_ignore_thread_begin(void) {}
void __tsan_ignore_thread_end(void) {}

/* ---- atomics, made as asked (sequentially consistent: never weaker than asked) ---- */
/* memcheck's bounds; a store or read-modify-write writes the bytes (an atomic
 * is never a race, and its read is no initcheck finding). */
#define WC_TSAN_ATOMIC_ACCESS(a, T, kind) access((const void *)(a), sizeof(T), WC_ACCESS_ATOMIC | (kind), \
                                                 __builtin_return_address(0))
#define WC_TSAN_ATOMIC(bits, T)                                                                             \
    T __tsan_atomic##bits##_load(const volatile T *a, int mo)                                                \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, 0);                                                                     \
        return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                                        \
    }                                                                                                       \
    void __tsan_atomic##bits##_store(volatile T *a, T v, int mo)                                            \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                                           \
    }                                                                                                       \
    T __tsan_atomic##bits##_exchange(volatile T *a, T v, int mo)                                            \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        return __atomic_exchange_n(a, v, __ATOMIC_SEQ_CST);                                                 \
    }                                                                                                       \
    T __tsan_atomic##bits##_fetch_add(volatile T *a, T v, int mo)                                           \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        return __atomic_fetch_add(a, v, __ATOMIC_SEQ_CST);                                                  \
    }                                                                                                       \
    T __tsan_atomic##bits##_fetch_sub(volatile T *a, T v, int mo)                                           \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        return __atomic_fetch_sub(a, v, __ATOMIC_SEQ_CST);                                                  \
    }                                                                                                       \
    T __tsan_atomic##bits##_fetch_and(volatile T *a, T v, int mo)                                           \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        return __atomic_fetch_and(a, v, __ATOMIC_SEQ_CST);                                                  \
    }                                                                                                       \
    T __tsan_atomic##bits##_fetch_or(volatile T *a, T v, int mo)                                            \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        return __atomic_fetch_or(a, v, __ATOMIC_SEQ_CST);                                                   \
    }                                                                                                       \
    T __tsan_atomic##bits##_fetch_xor(volatile T *a, T v, int mo)                                           \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        return __atomic_fetch_xor(a, v, __ATOMIC_SEQ_CST);                                                  \
    }                                                                                                       \
    T __tsan_atomic##bits##_fetch_nand(volatile T *a, T v, int mo)                                          \
    {                                                                                                       \
        (void)mo;                                                                                           \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        return __atomic_fetch_nand(a, v, __ATOMIC_SEQ_CST);                                                 \
    }                                                                                                       \
    int __tsan_atomic##bits##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int fmo)            \
    {                                                                                                       \
        (void)mo, (void)fmo;                                                                                \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        return __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);             \
    }                                                                                                       \
    int __tsan_atomic##bits##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int fmo)              \
    {                                                                                                       \
        return __tsan_atomic##bits##_compare_exchange_strong(a, c, v, mo, fmo);                             \
    }                                                                                                       \
    T __tsan_atomic##bits##_compare_exchange_val(volatile T *a, T c, T v, int mo, int fmo)                  \
    {                                                                                                       \
        (void)mo, (void)fmo;                                                                                \
        WC_TSAN_ATOMIC_ACCESS(a, T, WC_ACCESS_WRITE);                                                       \
        __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);                   \
        return c;                                                                                           \
    }
WC_TSAN_ATOMIC(8, uint8_t)
WC_TSAN_ATOMIC(16, uint16_t)
WC_TSAN_ATOMIC(32, uint32_t)
WC_TSAN_ATOMIC(64, uint64_t)

void __tsan_atomic_thread_fence(int mo)
{
    (void)mo;
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
void __tsan_atomic_signal_fence(int mo)
{
    (void)mo;
    __atomic_signal_fence(__ATOMIC_SEQ_CST);
}
