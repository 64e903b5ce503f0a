/* Fibers: one stack and one saved context per CUDA thread, switched by
 * hand. x86-64 and aarch64 save only the callee-saved registers (a few ns
 * a switch); elsewhere ucontext is the portable fallback (glibc's swapcontext makes a
 * signal-mask system call, about 280 ns). Stacks come from mmap with a
 * PROT_NONE guard page below them, so an overflow faults instead of
 * corrupting memory (trap.c reports it). */
#ifndef WARPSIM_CUDA_FIBER_H
#define WARPSIM_CUDA_FIBER_H

#include <stdbool.h>
#include <stddef.h>

#if !(defined(__x86_64__) || defined(__aarch64__)) || defined(WARPSIM_FIBER_UCONTEXT)
#define WC_FIBER_UCONTEXT 1
#include <ucontext.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define WC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WC_ASAN 1
#endif
#endif

/* x86-64: the switch is inline assembly in the function that switches
 * (wc_fiber_jump), which tells the compiler that every register but the
 * stack and frame pointers is clobbered: the compiler saves the
 * callee-saved registers that function's caller needs once, in its
 * prologue, instead of a separate switch function saving them again. */
#if defined(__x86_64__) && !WC_FIBER_UCONTEXT
#define WC_FIBER_X86_INLINE 1
#endif

typedef struct wc_fiber {
#if WC_FIBER_UCONTEXT
    ucontext_t context;
#else
    void *sp;            /* saved stack pointer while switched out */
#if WC_FIBER_X86_INLINE
    void *pc, *bp;       /* where it resumes, and its frame pointer (offsets 8 and 16: wc_fiber_jump) */
#endif
#endif
    char *guard;         /* the mapping: a guard page, then the stack */
    size_t mapped;       /* bytes mapped, guard included */
    size_t stack_bytes;  /* usable stack */
    size_t color;        /* bytes left unused at the top: see wc_fiber_map */
    void *asan_fake_stack;
    void (*entry)(void *);
    void *arg;
} wc_fiber;

/* Maps a stack of at least stack_bytes (rounded to pages) with a guard page.
 * Returns false when mmap fails. */
bool wc_fiber_map(wc_fiber *f, size_t stack_bytes);
void wc_fiber_unmap(wc_fiber *f);

/* Prepares f to run entry(arg) on its stack the next time it is switched
 * to. entry must never return: it switches away for the last time. */
void wc_fiber_prepare(wc_fiber *f, void (*entry)(void *), void *arg);

#if WC_FIBER_X86_INLINE
/* Saves the running context in `from` and resumes `to`: the stack pointer,
 * the resume address and rbp (which the compiler may not be told is
 * clobbered when it is the frame pointer) go in `from`. */
static inline __attribute__((always_inline)) void wc_fiber_jump(wc_fiber *from, wc_fiber *to)
{
    __asm__ volatile("leaq 1f(%%rip), %%rax\n\t"
                     "movq %%rax, 8(%0)\n\t"
                     "movq %%rsp, (%0)\n\t"
                     "movq %%rbp, 16(%0)\n\t"
                     "movq (%1), %%rsp\n\t"
                     "movq 16(%1), %%rbp\n\t"
                     "jmpq *8(%1)\n"
                     "1:"
                     : "+D"(from), "+S"(to)
                     :
                     : "rax", "rbx", "rcx", "rdx", "r8", "r9", "r10", "r11", "r12", "r13", "r14", "r15", "memory",
                       "cc", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9",
                       "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15"
#if defined(__AVX512F__)
                       , "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24", "xmm25",
                       "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", "k1", "k2", "k3", "k4", "k5", "k6", "k7"
#endif
    );
}
#endif

/* Saves the running context in `from` and resumes `to`. */
#if WC_FIBER_X86_INLINE && !WC_ASAN
static inline __attribute__((always_inline)) void wc_fiber_switch(wc_fiber *from, wc_fiber *to)
{
    wc_fiber_jump(from, to);
}
#else
void wc_fiber_switch(wc_fiber *from, wc_fiber *to);
#endif

/* A switched-out fiber's live stack and saved context, copied aside so
 * that the stack can serve another fiber meanwhile (a cooperative
 * launch's suspended block, coop.c); restored to the same stack, the
 * fiber resumes as if nothing had happened. */
typedef struct wc_fiber_copy {
    wc_fiber fiber;
    char *bytes;
    size_t len;
} wc_fiber_copy;
bool wc_fiber_save(const wc_fiber *f, wc_fiber_copy *into);
void wc_fiber_restore(wc_fiber *f, wc_fiber_copy *from); /* frees the copy */

/* True when addr lies in f's guard page (a stack overflow). */
bool wc_fiber_in_guard(const wc_fiber *f, const void *addr);

#endif
