/* Progress for threads that spin: a thread that waits in a loop for another
 * thread of its block (`while (!flag);`) reaches no sync point, so the
 * scheduler, which switches threads only there, would never run the thread
 * that sets the flag. The GPU's independent thread scheduling does. Here a
 * watchdog thread looks at every running block each tick; a block that has
 * made no progress (no call site run, no barrier released, no thread ended)
 * for two ticks gets SIGURG on its OS thread, and the handler pauses the
 * running thread where it is, on its own stack, if it runs the user's code
 * (not the runtime, not a library, not inside ws_cuda_atomic_store_if_'s
 * check and store, where it has no one instruction for them): the
 * others run, then it resumes. A block with no progress for
 * WARPSIM_HANG_SECONDS (default 10) is looked at for WC_SPIN_SAMPLES more
 * ticks: each tick the running thread's registers are sampled (and it is
 * paused as before). A thread sampled twice or more whose registers never
 * came back to a state they had computes (a long loop with no sync point),
 * and the block is looked at again after another WARPSIM_HANG_SECONDS, up
 * to WC_COMPUTE_LIMITS of them: a thread that changes its registers as it
 * spins (a counter) still ends. Otherwise the block spins and fails with
 * the spinning thread's line named (block 0 waiting for block 1, which has
 * not started: blocks do not all run at once here). A pause changes which
 * thread runs when, so only a program that needed one may print other bits
 * for another OMP_NUM_THREADS. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>

#include "cuda_internal.h"
#include "floatcast.h"
#include "trap_where.h"

#define TICK_NS 10000000L /* 10 ms */
#define WC_COMPUTE_LIMITS 60 /* hang limits a block may compute without progress */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double hang_seconds(void)
{
    const char *v = getenv("WARPSIM_HANG_SECONDS");
    char *end;
    double s = v && *v ? strtod(v, &end) : 10.0;
    return v && *v && (*end || !(s > 0)) ? 10.0 : s;
}

/* The user's code: the executable segment of the object holding the kernel. */
typedef struct find_text {
    uintptr_t base, pc, lo, hi;
} find_text;

static int text_of(struct dl_phdr_info *info, size_t size, void *data)
{
    (void)size;
    find_text *f = data;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
        if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && f->pc >= lo && f->pc < hi) {
            f->lo = lo;
            f->hi = hi;
            return 1;
        }
    }
    return 0;
}

void wc_preempt_user_code(wc_launch *L, const void *code)
{
    find_text f = {.pc = (uintptr_t)code};
    dl_iterate_phdr(text_of, &f);
    L->user_lo = f.lo;
    L->user_hi = f.hi;
}

/* ---- the signal ---- */

/* Set while this OS thread runs on_urge, so that a second SIGURG (the
 * handler runs with SA_NODEFER) leaves it alone. */
static __thread volatile sig_atomic_t in_handler;

/* One sample of a round: the running thread's state. */
static void sample(wc_block *b, const wc_lane *l, void *context)
{
    int round = __atomic_load_n(&b->spin.round, __ATOMIC_RELAXED);
    if (b->spin.round_seen != round) {
        __atomic_store_n(&b->spin.count, 0, __ATOMIC_RELAXED);
        __atomic_store_n(&b->spin.round_seen, round, __ATOMIC_RELEASE);
    }
    int n = b->spin.count;
    if (n < WC_SPIN_SAMPLES) {
        __atomic_store_n(&b->spin.state[n], wc_trap_state(context), __ATOMIC_RELAXED);
        __atomic_store_n(&b->spin.lane[n], l, __ATOMIC_RELAXED);
        __atomic_store_n(&b->spin.count, n + 1, __ATOMIC_RELEASE);
    }
}

static void on_urge(int sig, siginfo_t *si, void *context)
{
    (void)sig;
    (void)si;
    if (in_handler)
        return;
    in_handler = 1;
    wc_lane *l = wc_current_lane();
    /* Not between a float cast's check and its conversion (floatcast.c):
     * the next tick tries again. (The trap handler blocks SIGURG: trap.c.) */
    if (!l || l->in_runtime || ws_cuda_atomic_busy_ || wc_floatcast_armed()) {
        in_handler = 0;
        return;
    }
    wc_block *b = l->block;
    if (__atomic_load_n(&b->spin.round, __ATOMIC_RELAXED) && !b->hung)
        sample(b, l, context); /* and it is paused as always: every thread of the block is looked at */
    uintptr_t pc = (uintptr_t)wc_trap_pc(context);
    const wc_launch *L = b->launch;
    if (pc < L->user_lo || pc >= L->user_hi) {
        in_handler = 0;
        return; /* in a library (malloc, printf...): the next tick tries again */
    }
    if (b->hung) {
        b->trap = (wc_trap_info){.sig = SIGURG, .pc = (void *)pc, .lane = l};
        in_handler = 0;
        siglongjmp(b->trap_jump, 1);
    }
    l->in_runtime = 1; /* before in_handler drops: a SIGURG from here on finds the lane in the runtime */
    in_handler = 0;
    if (L->desc.ftz) /* the block's other threads run from here, and a handler starts in the default mode */
        ws_fp_mode_set_ftz(1);
    wc_lane_pause(l);
}

/* ---- the watchdog ---- */

/* Whether a thread of the round's samples computes: sampled twice or more, never in the same state. */
static bool one_computes(const wc_block *b, int count)
{
    for (int i = 0; i < count; i++) {
        const wc_lane *l = __atomic_load_n(&b->spin.lane[i], __ATOMIC_RELAXED);
        int seen = 0;
        bool repeats = false;
        for (int j = 0; j < count; j++) {
            if (__atomic_load_n(&b->spin.lane[j], __ATOMIC_RELAXED) != l)
                continue;
            if (j < i)
                break; /* this thread was judged at its first sample */
            seen++;
            for (int k = i; k < j; k++)
                if (__atomic_load_n(&b->spin.lane[k], __ATOMIC_RELAXED) == l &&
                    __atomic_load_n(&b->spin.state[k], __ATOMIC_RELAXED) ==
                        __atomic_load_n(&b->spin.state[j], __ATOMIC_RELAXED))
                    repeats = true;
        }
        if (seen >= 2 && !repeats)
            return true;
    }
    return false;
}

/* A tick of a round of sampling; at its end, whether the block spins:
 * no thread of it computes, and a thread was seen in its own code. */
static void judge(wc_slot *s, wc_block *b, double t, double limit)
{
    if (++s->sampled_ticks <= WC_SPIN_SAMPLES + 1)
        return;
    int round = __atomic_load_n(&b->spin.round, __ATOMIC_RELAXED);
    bool seen = __atomic_load_n(&b->spin.round_seen, __ATOMIC_ACQUIRE) == round;
    int count = seen ? __atomic_load_n(&b->spin.count, __ATOMIC_ACQUIRE) : 0;
    s->sampled_ticks = 0;
    __atomic_store_n(&b->spin.round, 0, __ATOMIC_RELAXED);
    /* Fewer than two samples: its threads stayed in the runtime (a wait
     * for an earlier block's turn, say): another limit, as for a computation. */
    bool spins = count >= 2 && !one_computes(b, count);
    if (spins || t - s->quiet_since >= limit * WC_COMPUTE_LIMITS)
        b->hung = true;
    else
        s->since = t;
}

static void *watch(void *arg)
{
    wc_launch *L = arg;
    double limit = hang_seconds();
    pthread_mutex_lock(&L->watch_lock);
    while (!L->watch_stop) {
        /* A tick, or the end of the launch (which does not wait for the tick). */
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_nsec += TICK_NS;
        if (until.tv_nsec >= 1000000000L) {
            until.tv_sec++;
            until.tv_nsec -= 1000000000L;
        }
        pthread_cond_timedwait(&L->watch_wake, &L->watch_lock, &until);
        if (L->watch_stop)
            break;
        double t = now_s();
        for (int i = 0; i < L->slot_count; i++) {
            wc_slot *s = &L->slots[i];
            pthread_mutex_lock(&s->lock);
            wc_block *b = s->block;
            if (b) {
                unsigned long p = __atomic_load_n(&b->progress, __ATOMIC_RELAXED);
                if (p != s->seen || !s->since) {
                    s->seen = p;
                    s->since = s->quiet_since = t;
                    s->quiet_ticks = 0;
                    s->sampled_ticks = 0;
                    __atomic_store_n(&b->spin.round, 0, __ATOMIC_RELAXED);
                    b->hung = false; /* it moved before the hung thread was stopped */
                } else if (++s->quiet_ticks >= 2) {
                    if (s->sampled_ticks)
                        judge(s, b, t, limit);
                    else if (t - s->since >= limit) {
                        s->sampled_ticks = 1;
                        __atomic_store_n(&b->spin.round, ++s->rounds, __ATOMIC_RELAXED);
                    }
                    pthread_kill(s->thread, SIGURG);
                }
            }
            pthread_mutex_unlock(&s->lock);
        }
    }
    pthread_mutex_unlock(&L->watch_lock);
    return NULL;
}

static struct sigaction previous_urge;
static pthread_mutex_t install_lock = PTHREAD_MUTEX_INITIALIZER;
static int watching;

bool wc_preempt_start(wc_launch *L, int slots)
{
    L->slots = calloc((size_t)slots, sizeof *L->slots);
    if (!L->slots)
        return false;
    L->slot_count = slots;
    for (int i = 0; i < slots; i++)
        pthread_mutex_init(&L->slots[i].lock, NULL);
    pthread_mutex_lock(&install_lock);
    if (watching++ == 0) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = on_urge;
        /* No SA_ONSTACK: the handler runs, and pauses, on the thread's own stack. */
        sa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_RESTART;
        sigemptyset(&sa.sa_mask);
        sigaction(SIGURG, &sa, &previous_urge);
    }
    pthread_mutex_unlock(&install_lock);
    L->watch_stop = 0;
    pthread_mutex_init(&L->watch_lock, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&L->watch_wake, &ca);
    pthread_condattr_destroy(&ca);
    if (pthread_create(&L->watcher, NULL, watch, L) != 0) {
        L->watcher_running = false;
        return true; /* no watchdog: spinning threads hang as before */
    }
    L->watcher_running = true;
    return true;
}

void wc_preempt_stop(wc_launch *L)
{
    if (!L->slots)
        return; /* it never started */
    if (L->watcher_running) {
        pthread_mutex_lock(&L->watch_lock);
        L->watch_stop = 1;
        pthread_cond_signal(&L->watch_wake);
        pthread_mutex_unlock(&L->watch_lock);
        pthread_join(L->watcher, NULL);
    }
    pthread_cond_destroy(&L->watch_wake);
    pthread_mutex_destroy(&L->watch_lock);
    pthread_mutex_lock(&install_lock);
    if (--watching == 0)
        sigaction(SIGURG, &previous_urge, NULL); /* SIGURG's default is to ignore: a late one is harmless */
    pthread_mutex_unlock(&install_lock);
    for (int i = 0; i < L->slot_count; i++)
        pthread_mutex_destroy(&L->slots[i].lock);
    free(L->slots);
    L->slots = NULL;
}

void wc_preempt_enter(wc_launch *L, int slot, wc_block *b)
{
    if (!L->slots || slot < 0 || slot >= L->slot_count)
        return;
    wc_slot *s = &L->slots[slot];
    pthread_mutex_lock(&s->lock);
    s->thread = pthread_self();
    s->block = b;
    s->since = 0;
    pthread_mutex_unlock(&s->lock);
}
