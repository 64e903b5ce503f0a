/* Traps in kernels: a stack overflow (the fiber's guard page), a bad
 * access, an integer division by zero or __trap() is reported with the
 * block and thread, and the block ends there; the launch fails with
 * WS_ERR_TRAP. Faults outside a kernel go to the handler that was there
 * before (the default one, or a sanitizer's). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "cuda_internal.h"
#include "floatcast.h"
#include "intdiv.h"
#include "trap_where.h"

static const int trapped[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL};
#define N_TRAPPED (sizeof trapped / sizeof trapped[0])
static struct sigaction previous[N_TRAPPED];
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static int launches_running;
static __thread bool has_alt_stack;

/* A division the GPU completes: noted once per instruction and block (no
 * allocation here: the block reports them when it ends). */
static void note_division(wc_block *b, wc_lane *l, void *pc)
{
    for (int i = 0; i < b->divisions.count; i++)
        if (b->divisions.at[i].pc == pc) {
            if (b->divisions.at[i].warp == l->warp)
                b->divisions.at[i].lanes |= l->bit;
            return;
        }
    if (b->divisions.count < WC_DIVISION_SITES)
        b->divisions.at[b->divisions.count++] = (wc_division){.pc = pc, .warp = l->warp, .lanes = l->bit};
}

void wc_trap_report_divisions(wc_block *b)
{
    for (int i = 0; i < b->divisions.count; i++) {
        const wc_division *d = &b->divisions.at[i];
        char where[300];
        wc_trap_where(d->pc, where, sizeof where);
        wc_diag_add(b, WS_DIAG_INT_DIVISION, d->warp, d->lanes, where,
                    "an integer division by zero or of the minimum by -1: computed as the H200 does (x / 0 "
                    "and x %% 0 all ones, 4294967295 for small 64-bit operands; MIN / -1 is MIN, MIN %% -1 is "
                    "0), where the CPU traps");
        if (b->launch->desc.diag_policy == WS_DIAG_POLICY_ERROR && b->status == WS_OK) {
            b->status = WS_ERR_UNDEFINED;
            snprintf(b->error, sizeof b->error, "block (%u,%u,%u): an integer division by zero at %.200s", b->idx.x,
                     b->idx.y, b->idx.z, where);
        }
    }
    b->divisions.count = 0;
}

/* The handler only notes what happened and jumps back to the block, which
 * reports it (wc_trap_report) outside the signal's context. */
static void on_trap(int sig, siginfo_t *si, void *context)
{
    wc_lane *l = wc_current_lane();
    if (sig == SIGFPE && wc_floatcast_fixup(context, si->si_code, l != NULL))
        return; /* a cast armed it (in a kernel or in the scheduler after it): floatcast.c */
    size_t i = 0;
    while (i < N_TRAPPED && trapped[i] != sig)
        i++;
    if (!l || i == N_TRAPPED) { /* not in a kernel: the fault repeats under the previous handler */
        sigaction(sig, &previous[i < N_TRAPPED ? i : 0], NULL);
        return;
    }
    wc_block *b = l->block;
    if (sig == SIGFPE && wc_intdiv_fixup(context)) {
        /* The GPU's quotient: the thread goes on; the block reports the line at its end. */
        note_division(b, l, wc_trap_pc(context));
        return;
    }
    b->trap = (wc_trap_info){.sig = sig, .code = si->si_code, .addr = si->si_addr, .pc = wc_trap_pc(context),
                             .lane = l};
    siglongjmp(b->trap_jump, 1);
}

/* Ours only while kernels run: the handlers that were there before
 * (the program's, a test framework's, a sanitizer's) come back after. */
void wc_trap_install(void)
{
    pthread_mutex_lock(&install_lock);
    if (launches_running++ == 0) {
        struct sigaction sa;
    memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_trap;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
        sigemptyset(&sa.sa_mask);
        sigaddset(&sa.sa_mask, SIGURG); /* the watchdog's pause waits until the handler is done (preempt.c) */
        for (size_t i = 0; i < N_TRAPPED; i++)
            sigaction(trapped[i], &sa, &previous[i]);
    }
    pthread_mutex_unlock(&install_lock);
}

void wc_trap_uninstall(void)
{
    pthread_mutex_lock(&install_lock);
    if (--launches_running == 0)
        for (size_t i = 0; i < N_TRAPPED; i++)
            sigaction(trapped[i], &previous[i], NULL);
    pthread_mutex_unlock(&install_lock);
}

bool wc_trap_prepare_thread(void)
{
    if (has_alt_stack)
        return true;
    /* The handler cannot run on a fiber's overflowed stack. mmap, not
     * malloc: the stack lives as long as the thread. */
    size_t size = 64 * 1024;
    void *mem = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mem == MAP_FAILED)
        return false;
    stack_t ss = {.ss_sp = mem, .ss_size = size, .ss_flags = 0};
    if (sigaltstack(&ss, NULL) != 0) {
        munmap(mem, size);
        return false;
    }
    has_alt_stack = true;
    return true;
}

void wc_trap_report(wc_block *b)
{
    const wc_trap_info *t = &b->trap;
    wc_lane *l = t->lane;
    if (!l)
        return; /* the block failed on its own (shared.c), not through a signal */
    char what[200], where[300];
    bool overflow = t->sig == SIGSEGV && wc_fiber_in_guard(l->fiber, t->addr);
    ws_cuda_fault fault = WS_CUDA_FAULT_LAUNCH;
    if (overflow) {
        snprintf(what, sizeof what, "the thread overflowed its stack of %zu bytes (deep recursion or large "
                 "local arrays; the C API's launch takes a larger stack_bytes, cudaLimitStackSize does not "
                 "change it)", l->fiber->stack_bytes);
    } else if (t->sig == SIGSEGV && wc_shared_in_guard(t->addr)) {
        snprintf(what, sizeof what, "illegal address: the block's shared memory ends %zu bytes before this "
                 "access", wc_shared_past_end(t->addr));
        fault = WS_CUDA_FAULT_ILLEGAL_ADDRESS;
    } else if (t->sig == SIGURG) {
        const char *limit = getenv("WARPSIM_HANG_SECONDS");
        snprintf(what, sizeof what, "spins: the block made no progress for %.20s s (a wait for a later block?)",
                 limit && *limit ? limit : "10");
    } else if (t->sig == SIGFPE) {
        snprintf(what, sizeof what, "%s", t->code == FPE_INTDIV ? "integer division by zero" : "arithmetic trap");
    } else if (t->sig == SIGILL) {
        snprintf(what, sizeof what, "__trap() or an illegal instruction");
    } else {
        char at[120];
        wc_alloc_describe(t->addr, at, sizeof at);
        snprintf(what, sizeof what, "illegal address: a bad memory access at %s", at);
        fault = WS_CUDA_FAULT_ILLEGAL_ADDRESS;
    }
    wc_trap_where(t->pc, where, sizeof where);
    wc_diag_add(b, overflow ? WS_DIAG_STACK_OVERFLOW : t->sig == SIGURG ? WS_DIAG_DEADLOCK : WS_DIAG_TRAP, l->warp, (ws_mask)1 << l->lane, where,
                "thread (%u,%u,%u) of block (%u,%u,%u): %s", l->ctx.thread_idx.x, l->ctx.thread_idx.y,
                l->ctx.thread_idx.z, b->idx.x, b->idx.y, b->idx.z, what);
    if (b->status == WS_OK) {
        b->status = t->sig == SIGURG ? WS_ERR_DEADLOCK : WS_ERR_TRAP;
        b->fault = fault;
        snprintf(b->error, sizeof b->error, "thread (%u,%u,%u) of block (%u,%u,%u) %s%s%.100s: %.150s",
                 l->ctx.thread_idx.x, l->ctx.thread_idx.y, l->ctx.thread_idx.z, b->idx.x, b->idx.y, b->idx.z,
                 t->sig == SIGURG ? "spun" : "trapped", where[0] ? " at " : "", where, what);
    }
}

void wc_lane_fault(wc_lane *l, ws_cuda_fault fault, const char *where, const char *fmt, ...)
{
    wc_block *b = l->block;
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    wc_diag_add(b, WS_DIAG_TRAP, l->warp, (ws_mask)1 << l->lane, where, "thread (%u,%u,%u) of block (%u,%u,%u): %s",
                l->ctx.thread_idx.x, l->ctx.thread_idx.y, l->ctx.thread_idx.z, b->idx.x, b->idx.y, b->idx.z, what);
    if (b->status == WS_OK) {
        b->status = WS_ERR_TRAP;
        b->fault = fault;
        snprintf(b->error, sizeof b->error, "thread (%u,%u,%u) of block (%u,%u,%u) failed%s%.100s: %.150s",
                 l->ctx.thread_idx.x, l->ctx.thread_idx.y, l->ctx.thread_idx.z, b->idx.x, b->idx.y, b->idx.z,
                 where[0] ? " at " : "", where, what);
    }
    b->trap = (wc_trap_info){0};
    siglongjmp(b->trap_jump, 1);
}
