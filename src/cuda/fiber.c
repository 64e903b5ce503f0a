/* Fibers: stacks with guard pages and the context switch (see fiber.h). */
#define _GNU_SOURCE
#include "fiber.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if WC_ASAN
/* AddressSanitizer must be told when the stack changes under it. */
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom, size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save, const void **bottom_old, size_t *size_old);
void __asan_unpoison_memory_region(void const volatile *addr, size_t size);
#endif

#define WC_FIBER_MAX_COLOR 4096

static size_t page_size(void)
{
    long p = sysconf(_SC_PAGESIZE);
    return p > 0 ? (size_t)p : 4096;
}

bool wc_fiber_map(wc_fiber *f, size_t stack_bytes)
{
    size_t page = page_size();
    size_t usable = (stack_bytes + WC_FIBER_MAX_COLOR + page - 1) / page * page; /* the colour comes off the top */
    size_t mapped = usable + page;
    void *m = mmap(NULL, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED)
        return false;
    if (mprotect(m, page, PROT_NONE) != 0) {
        munmap(m, mapped);
        return false;
    }
    memset(f, 0, sizeof *f);
    f->guard = m;
    f->mapped = mapped;
    f->stack_bytes = usable;
    /* Every stack would start at the same offset in its page, so the hot
     * top frames of a warp's 32 lanes would all fall in the same few L1
     * cache sets and evict each other on every switch; starting each
     * stack 256 bytes lower than the last (16 colours) spreads them. */
    static _Atomic unsigned next_color;
    f->color = (next_color++ % 16) * (WC_FIBER_MAX_COLOR / 16);
    return true;
}

void wc_fiber_unmap(wc_fiber *f)
{
    if (f->guard)
        munmap(f->guard, f->mapped);
    f->guard = NULL;
}

bool wc_fiber_in_guard(const wc_fiber *f, const void *addr)
{
    const char *a = addr;
    return f->guard && a >= f->guard && a < f->guard + page_size();
}

static char *stack_bottom(const wc_fiber *f) { return f->guard + (f->mapped - f->stack_bytes); }

/* The highest address a fiber's frames use (wc_fiber_prepare's start). */
static char *stack_top(const wc_fiber *f)
{
    return (char *)(((uintptr_t)(stack_bottom(f) + f->stack_bytes - f->color)) & ~(uintptr_t)15);
}

/* Where a switched-out fiber's live stack begins: its saved stack pointer
 * less the 128-byte red zone a leaf may use below it (x86-64's ABI; more
 * than aarch64 needs). ucontext keeps the pointer out of reach: the whole stack. */
static char *live_from(const wc_fiber *f)
{
#if WC_FIBER_UCONTEXT
    return stack_bottom(f);
#else
    char *sp = (char *)f->sp - 128;
    return sp < stack_bottom(f) ? stack_bottom(f) : sp;
#endif
}

bool wc_fiber_save(const wc_fiber *f, wc_fiber_copy *into)
{
    char *from = live_from(f);
    size_t n = (size_t)(stack_top(f) - from);
    into->fiber = *f;
    into->len = n;
    into->bytes = malloc(n ? n : 1);
    if (!into->bytes)
        return false;
#if WC_ASAN
    __asan_unpoison_memory_region(from, n); /* the frames' redzones: the copy reads them */
#endif
    memcpy(into->bytes, from, n);
    return true;
}

void wc_fiber_restore(wc_fiber *f, wc_fiber_copy *from)
{
    *f = from->fiber;
    char *to = stack_top(f) - from->len;
#if WC_ASAN
    __asan_unpoison_memory_region(to, from->len);
#endif
    memcpy(to, from->bytes, from->len);
    free(from->bytes);
    from->bytes = NULL;
}

#if WC_FIBER_UCONTEXT

static void ucontext_entry(unsigned lo, unsigned hi, unsigned alo, unsigned ahi)
{
    void (*entry)(void *) = (void (*)(void *))(((uintptr_t)hi << 31 << 1) | lo);
    void *arg = (void *)(((uintptr_t)ahi << 31 << 1) | alo);
#if WC_ASAN
    __sanitizer_finish_switch_fiber(NULL, NULL, NULL);
#endif
    entry(arg);
}

void wc_fiber_prepare(wc_fiber *f, void (*entry)(void *), void *arg)
{
#if WC_ASAN
    __asan_unpoison_memory_region(stack_bottom(f), f->stack_bytes);
#endif
    getcontext(&f->context);
    f->context.uc_stack.ss_sp = stack_bottom(f);
    f->context.uc_stack.ss_size = f->stack_bytes;
    f->context.uc_link = NULL;
    uintptr_t e = (uintptr_t)entry, a = (uintptr_t)arg;
    makecontext(&f->context, (void (*)(void))ucontext_entry, 4, (unsigned)e, (unsigned)(e >> 31 >> 1),
                (unsigned)a, (unsigned)(a >> 31 >> 1));
}

void wc_fiber_switch(wc_fiber *from, wc_fiber *to)
{
#if WC_ASAN
    __sanitizer_start_switch_fiber(&from->asan_fake_stack, to->guard ? stack_bottom(to) : NULL,
                                   to->guard ? to->stack_bytes : 0);
#endif
    swapcontext(&from->context, &to->context);
#if WC_ASAN
    __sanitizer_finish_switch_fiber(from->asan_fake_stack, NULL, NULL);
#endif
}

#else /* A switch of our own: callee-saved registers only. The floating-point
 * control registers are not switched: all fibers of a block share the OS
 * thread's rounding mode, and CUDA device code has no way to change it. */

/* The first code a new fiber runs (through wc_fiber_start). */
static void first_entry(wc_fiber *f)
{
#if WC_ASAN
    __sanitizer_finish_switch_fiber(NULL, NULL, NULL);
#endif
    f->entry(f->arg);
}

void wc_fiber_start(void);

#if WC_FIBER_X86_INLINE
/* The switch is wc_fiber_jump (fiber.h). A new fiber resumes here, its
 * stack pointer 16-aligned on two words, the fiber and first_entry, which
 * it calls as the ABI wants (rsp % 16 == 8 on entry). */
__asm__(".text\n"
        ".globl wc_fiber_start\n"
        ".hidden wc_fiber_start\n"
        ".type wc_fiber_start,@function\n"
        "wc_fiber_start:\n"
        "  movq (%rsp), %rdi\n"
        "  callq *8(%rsp)\n"
        "  ud2\n"
        ".size wc_fiber_start, .-wc_fiber_start\n");

_Static_assert(offsetof(wc_fiber, sp) == 0 && offsetof(wc_fiber, pc) == 8 && offsetof(wc_fiber, bp) == 16,
               "the offsets wc_fiber_jump uses");

static void prepare_stack(wc_fiber *f, uintptr_t top)
{
    void **sp = (void **)(top - 16);
    sp[0] = f;
    sp[1] = (void *)(uintptr_t)first_entry;
    f->sp = sp;
    f->pc = (void *)(uintptr_t)wc_fiber_start;
    f->bp = NULL;
}

#else
/* aarch64. Saves the callee-saved registers on the running stack, stores
 * its pointer in *save_sp, loads new_sp and restores from there. A new
 * fiber's stack holds a made-up frame (prepare_stack) that "returns" into
 * wc_fiber_start with the fiber in the first saved register.
 * AAPCS64: x19-x28, x29 (frame), x30 (link) and d8-d15; ret goes to x30. */
void wc_fiber_swap(void **save_sp, void *new_sp);
__asm__(".text\n"
        ".globl wc_fiber_swap\n"
        ".hidden wc_fiber_swap\n"
        ".type wc_fiber_swap,%function\n"
        "wc_fiber_swap:\n"
        "  sub sp, sp, #160\n"
        "  stp x19, x20, [sp, #0]\n  stp x21, x22, [sp, #16]\n  stp x23, x24, [sp, #32]\n"
        "  stp x25, x26, [sp, #48]\n  stp x27, x28, [sp, #64]\n  stp x29, x30, [sp, #80]\n"
        "  stp d8, d9, [sp, #96]\n  stp d10, d11, [sp, #112]\n  stp d12, d13, [sp, #128]\n"
        "  stp d14, d15, [sp, #144]\n"
        "  mov x2, sp\n  str x2, [x0]\n  mov sp, x1\n"
        "  ldp x19, x20, [sp, #0]\n  ldp x21, x22, [sp, #16]\n  ldp x23, x24, [sp, #32]\n"
        "  ldp x25, x26, [sp, #48]\n  ldp x27, x28, [sp, #64]\n  ldp x29, x30, [sp, #80]\n"
        "  ldp d8, d9, [sp, #96]\n  ldp d10, d11, [sp, #112]\n  ldp d12, d13, [sp, #128]\n"
        "  ldp d14, d15, [sp, #144]\n"
        "  add sp, sp, #160\n"
        "  ret\n"
        ".size wc_fiber_swap, .-wc_fiber_swap\n"
        ".globl wc_fiber_start\n"
        ".hidden wc_fiber_start\n"
        ".type wc_fiber_start,%function\n"
        "wc_fiber_start:\n"
        "  mov x0, x19\n"
        "  blr x20\n"
        "  brk #0\n"
        ".size wc_fiber_start, .-wc_fiber_start\n");
/* x19 .. x28, x29, x30 (the return address), d8 .. d15: sp stays 16-aligned. */
enum { FRAME_BYTES = 160, FRAME_ARG = 0, FRAME_FUNC = 1, FRAME_RET = 11 };

static void prepare_stack(wc_fiber *f, uintptr_t top)
{
    uint64_t *sp = (uint64_t *)(top - FRAME_BYTES);
    memset(sp, 0, FRAME_BYTES);
    sp[FRAME_ARG] = (uint64_t)(uintptr_t)f;
    sp[FRAME_FUNC] = (uint64_t)(uintptr_t)first_entry;
    sp[FRAME_RET] = (uint64_t)(uintptr_t)wc_fiber_start;
    f->sp = sp;
}
#endif

void wc_fiber_prepare(wc_fiber *f, void (*entry)(void *), void *arg)
{
#if WC_ASAN
    __asan_unpoison_memory_region(stack_bottom(f), f->stack_bytes);
#endif
    f->entry = entry;
    f->arg = arg;
    prepare_stack(f, ((uintptr_t)(stack_bottom(f) + f->stack_bytes - f->color)) & ~(uintptr_t)15);
}

#if !WC_FIBER_X86_INLINE || WC_ASAN /* otherwise wc_fiber_switch is wc_fiber_jump, inline (fiber.h) */
void wc_fiber_switch(wc_fiber *from, wc_fiber *to)
{
#if WC_ASAN
    __sanitizer_start_switch_fiber(&from->asan_fake_stack, to->guard ? stack_bottom(to) : NULL,
                                   to->guard ? to->stack_bytes : 0);
#endif
#if WC_FIBER_X86_INLINE
    wc_fiber_jump(from, to);
#else
    wc_fiber_swap(&from->sp, to->sp);
#endif
#if WC_ASAN
    __sanitizer_finish_switch_fiber(from->asan_fake_stack, NULL, NULL);
#endif
}
#endif

#endif
