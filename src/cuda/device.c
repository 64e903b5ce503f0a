/* What device code calls: sync points, the atomics' turn, printf and
 * dynamic shared memory. Each works on the running lane's block. */
#define _GNU_SOURCE /* sigjmp_buf, MAP_ANONYMOUS with -std=c17 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <time.h>

#include "check_access.h"
#include "trap_where.h"

static wc_lane *running_lane(const char *what, const char *file, int line)
{
    wc_lane *l = wc_current_lane();
    if (!l) {
        fprintf(stderr, "warpsim: %s:%d: %s called outside a kernel launch (ws_cuda_launch)\n",
                file ? file : "?", line, what);
        abort();
    }
    return l;
}

/* The running lane has stopped: the next runnable lane of its warp runs,
 * or the scheduler. Back here, the lane's call has completed; whoever
 * resumed it made it current, so nothing needs to live across the switch. */
static inline uint64_t wait_for_result(wc_lane *l)
{
    wc_fiber_switch(l->fiber, wc_next_fiber(l));
    l = wc_current_lane();
    l->in_runtime = 0;
    return l->wp->result[l->lane];
}

/* A barrier: the lane waits there until the whole block has arrived. */
static inline uint64_t wait_at_barrier(wc_lane *l, uint64_t value)
{
    wc_block *b = l->block;
    if (!b->bar_first)
        b->bar_first = &l->call;
    else if (!wc_same_call(b->bar_first, &l->call))
        b->bar_mixed = true; /* release_barrier looks at every thread */
    l->wp->value[l->lane] = value;
    wc_stop(l, WC_AT_BARRIER);
    return wait_for_result(l);
}

/* ws_cuda_sync_ reached with a barrier's op (callers of the generic entry). */
static __attribute__((noinline)) uint64_t barrier_from_sync(wc_lane *l, uint64_t value)
{
    return wait_at_barrier(l, value);
}

uint64_t ws_cuda_barrier_(uint64_t call, uint64_t value, uint64_t args, const char *file)
{
    wc_lane *l = running_lane("__syncthreads", file, (int)(call >> 32));
    l->in_runtime = 1;
    l->call = (wc_call){.site = call, .file = file, .args = args, .mask = 0};
    return wait_at_barrier(l, value);
}

/* A call at a site that is not the one the warp's first lane at a site
 * made: the first itself, another call, or other operands. */
static __attribute__((noinline)) void note_other_call(wc_warp *wp, const wc_call *c)
{
    if (!wp->in[WC_AT_SITE])
        wp->site = c;
    else if (wp->site->site != c->site || wp->site->file != c->file)
        wp->sites_differ = true;
    else
        wp->operands_differ = true;
}

/* The usual case, a lane making the call its warp's first lane made, is
 * straight-line code here; the others are out of line, so that it saves
 * no registers beyond what the fiber switch saves. */
void wc_lane_pause(wc_lane *l)
{
    l->in_runtime = 1;
    wc_stop(l, WC_PAUSED);
    wc_fiber_switch(l->fiber, wc_next_fiber(l));
    wc_current_lane()->in_runtime = 0;
}

void wc_lane_step(wc_lane *l)
{
    l->in_runtime = 1;
    wc_stop(l, WC_STEPPED);
    wc_fiber_switch(l->fiber, wc_next_fiber(l));
    wc_current_lane()->in_runtime = 0;
}

/* A thread that waits through memory for other warps of its block
 * (Cooperative Groups' multi-warp tiles) steps aside: it runs again once
 * the block's other warps can go no further, as a paused spinner does,
 * without waiting for the watchdog. A wait that never ends still ends as
 * a spin does: no progress for WARPSIM_HANG_SECONDS. */
void ws_cuda_yield_(void) { wc_lane_pause(running_lane("a wait of Cooperative Groups", NULL, 0)); }

uint64_t ws_cuda_sync_(uint64_t call, uint32_t mask, uint64_t value, uint64_t args, const char *file)
{
    wc_lane *l = running_lane("a CUDA collective", file, (int)(call >> 32));
    l->in_runtime = 1; /* until wait_for_result's lane goes back to the kernel */
    wc_warp *wp = l->wp;
    wc_call *c = &l->call;
    *c = (wc_call){.site = call, .file = file, .args = args, .mask = mask};
    if (!wp->in[WC_AT_SITE] || !wc_same_call(wp->site, c)) {
        if (wc_call_op(c) == WS_CUDA_OP_SYNCTHREADS)
            return barrier_from_sync(l, value);
        note_other_call(wp, c);
    }
    wp->value[l->lane] = value;
    if (wc_is_odd_f32_nan(wc_call_type(c), value))
        wp->odd_nan |= l->bit;
    wc_stop(l, WC_AT_SITE);
    return wait_for_result(l);
}

__thread volatile int ws_cuda_atomic_busy_ __attribute__((tls_model("initial-exec")));

void ws_cuda_atomic_turn_(const void *address, size_t size, const char *file, int line)
{
    wc_lane *l = running_lane("an atomic function", file, line);
    l->in_runtime = 1;
    if (wc_check_tools) /* a checked program: memcheck's bounds (the atomic is a write) */
        wc_check_access(l, address, size, WC_ACCESS_WRITE | WC_ACCESS_ATOMIC, __builtin_return_address(0));
    if ((uintptr_t)address % size != 0) {
        char where[300];
        if (file)
            snprintf(where, sizeof where, "%s:%d", file, line);
        else
            wc_trap_where(__builtin_return_address(0), where, sizeof where);
        char at[120];
        wc_alloc_describe(address, at, sizeof at);
        wc_lane_fault(l, WS_CUDA_FAULT_MISALIGNED, where, "misaligned address: a %zu-byte atomic at %s", size, at);
    }
    /* Block order makes global atomics the same for any thread count; a
     * block's shared memory is its own, so its atomics need no turn. */
    if (!l->block->has_turn && !wc_shared_holds(address))
        wc_atomic_wait_turn(l->block);
    l->in_runtime = 0;
}

void ws_cuda_misaligned_(const void *address, size_t size, const char *what, const char *file, int line)
{
    wc_lane *l = running_lane(what, file, line);
    char where[300], at[120];
    snprintf(where, sizeof where, "%s:%d", file ? file : "?", line);
    wc_alloc_describe(address, at, sizeof at);
    wc_lane_fault(l, WS_CUDA_FAULT_MISALIGNED, where, "misaligned address: %s: %zu bytes at %s", what, size, at);
}

/* clock64() and clock() in a kernel: deterministic and increasing, 16 a
 * read of the block's counter (the same for any thread count); on the host
 * the CPU's monotonic nanoseconds and the C library's clock(). */
long long ws_cuda_clock64_(void)
{
    wc_lane *l = wc_current_lane();
    if (!l) {
        struct timespec t;
        clock_gettime(CLOCK_MONOTONIC, &t);
        return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
    }
    l->block->clock += 16;
    return (long long)l->block->clock;
}
clock_t ws_cuda_clock_(void) { return wc_current_lane() ? (clock_t)ws_cuda_clock64_() : (clock)(); }

/* Cooperative Groups' grid_group::sync() needs every block of the grid
 * resident at once; the front end runs a block to its end before the next,
 * so it cannot wait for later blocks: the thread fails the launch with one
 * line naming its call (docs/cooperative-groups.md), never a hang. */
void ws_cuda_grid_sync_(const char *file, int line)
{
    wc_lane *l = running_lane("grid.sync()", file, line);
    if (l->block->launch->desc.cooperative) { /* a barrier of the block that suspends it (coop.c) */
        (void)ws_cuda_barrier_(ws_cuda_call_(WS_CUDA_OP_SYNCTHREADS, WS_I32, line), 0,
                               ws_cuda_args_(WC_BAR_GRID, 0), file);
        return;
    }
    l->in_runtime = 1;
    char where[300];
    snprintf(where, sizeof where, "%s:%d", file ? file : "?", line);
    wc_lane_fault(l, WS_CUDA_FAULT_LAUNCH, where,
                  "grid.sync() in a launch that is not cooperative: its blocks are not all resident at once "
                  "(launch the kernel with cudaLaunchCooperativeKernel)");
}
/* this_grid().is_valid(): 1 in a cooperative launch; in a <<<>>> launch 0,
 * as the H200 answers, until the process has made a cooperative launch,
 * and then 1 (docs/probes/is_valid_probe.h200.txt, docs/probes/coop_probe.h200.txt). */
int ws_cuda_grid_is_cooperative_(void)
{
    wc_lane *l = wc_current_lane();
    return (l && l->block->launch->desc.cooperative) || wc_coop_made_one();
}

void *ws_cuda_dynamic_shared_(void) { return running_lane("extern __shared__", NULL, 0)->block->dynamic_shared; }

/* A lane formats its line, then waits at the call with the others. */
static int device_printf(const char *file, int line, const char *format, va_list ap)
{
    wc_lane *l = wc_current_lane();
    if (!l) /* host code: an ordinary printf */
        return vprintf(format, ap);
    char *text = NULL;
    l->in_runtime = 1; /* ws_cuda_sync_ gives the lane back to the kernel */
    int n = vasprintf(&text, format, ap);
    if (n < 0) {
        l->in_runtime = 0;
        return -1;
    }
    ws_cuda_sync_(ws_cuda_call_(WS_CUDA_OP_PRINTF, WS_U64, line), 0, (uint64_t)(uintptr_t)text, 0, file);
    return n;
}

int ws_cuda_printf_at_(const char *file, int line, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = device_printf(file, line, format, ap);
    va_end(ap);
    return n;
}

int ws_cuda_printf(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    int n = device_printf("?", 0, format, ap);
    va_end(ap);
    return n;
}

bool wc_block_print(wc_block *b, const char *text)
{
    size_t n = strlen(text), fifo = b->launch->desc.printf_bytes;
    b->out_made += n;
    if (n > fifo)
        return true; /* a line longer than the whole FIFO: nothing of it survives */
    if (b->out_len + n > 2 * fifo) {
        /* The FIFO is circular: the block keeps its last lines, at least the FIFO's size of them. */
        const char *from = b->out + b->out_len - fifo;
        const char *nl = memchr(from, '\n', fifo);
        size_t keep = nl ? (size_t)(b->out + b->out_len - nl - 1) : 0;
        memmove(b->out, b->out + b->out_len - keep, keep);
        b->out_len = keep;
    }
    if (b->out_len + n + 1 > b->out_cap) {
        size_t cap = (b->out_cap ? b->out_cap * 2 : 256) + n;
        char *grown = realloc(b->out, cap);
        if (!grown)
            return false;
        b->out = grown;
        b->out_cap = cap;
    }
    memcpy(b->out + b->out_len, text, n + 1);
    b->out_len += n;
    return true;
}
