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

typedef struct wc_fiber {
#if WC_FIBER_UCONTEXT
    ucontext_t context;
#else
    void *sp;            /* saved stack pointer while switched out */
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

/* Saves the running context in `from` and resumes `to`. */
void wc_fiber_switch(wc_fiber *from, wc_fiber *to);

/* True when addr lies in f's guard page (a stack overflow). */
bool wc_fiber_in_guard(const wc_fiber *f, const void *addr);

#endif
