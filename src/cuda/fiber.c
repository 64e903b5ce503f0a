/* Fibers: stacks with guard pages and the context switch (see fiber.h). */
#define _GNU_SOURCE
#include "fiber.h"

#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define WC_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WC_ASAN 1
#endif
#endif

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

#else /* x86-64: callee-saved registers only (System V ABI). The SSE and x87
 * control words are not switched: all fibers of a block share the OS
 * thread's rounding mode, and CUDA device code has no way to change it. */

void wc_switch_x86_64(void **save_sp, void *new_sp);
void wc_start_x86_64(void);
__asm__(".text\n"
        ".globl wc_switch_x86_64\n"
        ".type wc_switch_x86_64,@function\n"
        "wc_switch_x86_64:\n"
        "  pushq %rbp\n  pushq %rbx\n  pushq %r12\n  pushq %r13\n  pushq %r14\n  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n  popq %r14\n  popq %r13\n  popq %r12\n  popq %rbx\n  popq %rbp\n"
        "  ret\n"
        ".size wc_switch_x86_64, .-wc_switch_x86_64\n"
        ".globl wc_start_x86_64\n"
        ".type wc_start_x86_64,@function\n"
        "wc_start_x86_64:\n"
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size wc_start_x86_64, .-wc_start_x86_64\n");

/* The first code a new fiber runs (through wc_start_x86_64). */
static void x86_entry(wc_fiber *f)
{
#if WC_ASAN
    __sanitizer_finish_switch_fiber(NULL, NULL, NULL);
#endif
    f->entry(f->arg);
}

void wc_fiber_prepare(wc_fiber *f, void (*entry)(void *), void *arg)
{
#if WC_ASAN
    __asan_unpoison_memory_region(stack_bottom(f), f->stack_bytes);
#endif
    f->entry = entry;
    f->arg = arg;
    /* top is 16-aligned; after wc_switch_x86_64 pops 6 registers and
     * returns into wc_start_x86_64, whose call leaves rsp % 16 == 8 at
     * x86_entry's first instruction, as the ABI wants. */
    uintptr_t top = ((uintptr_t)(stack_bottom(f) + f->stack_bytes - f->color)) & ~(uintptr_t)15;
    uint64_t *sp = (uint64_t *)(top - 72);
    sp[0] = 0;                              /* r15 */
    sp[1] = 0;                              /* r14 */
    sp[2] = (uint64_t)(uintptr_t)x86_entry; /* r13 */
    sp[3] = (uint64_t)(uintptr_t)f;         /* r12 */
    sp[4] = 0;                              /* rbx */
    sp[5] = 0;                              /* rbp */
    sp[6] = (uint64_t)(uintptr_t)wc_start_x86_64;
    f->sp = sp;
}

void wc_fiber_switch(wc_fiber *from, wc_fiber *to)
{
#if WC_ASAN
    __sanitizer_start_switch_fiber(&from->asan_fake_stack, to->guard ? stack_bottom(to) : NULL,
                                   to->guard ? to->stack_bytes : 0);
#endif
    wc_switch_x86_64(&from->sp, to->sp);
#if WC_ASAN
    __sanitizer_finish_switch_fiber(from->asan_fake_stack, NULL, NULL);
#endif
}

#endif
