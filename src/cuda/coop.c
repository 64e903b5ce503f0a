/* Cooperative launches (cudaLaunchCooperativeKernel): every block of the
 * grid is resident at once, as grid.sync() needs.
 *
 * The launch runs in phases. In each, every block runs until all its live
 * threads wait at grid.sync() or it ends. A waiting block is suspended: its
 * threads' live stacks and its shared memory are copied aside, so that the
 * OS thread's stacks and shared window serve its next block, and put back
 * when the next phase resumes it. Block i belongs to OS thread i mod T for
 * the whole launch: a fiber resumes on the thread whose stacks, window and
 * thread-local state it knew. Within a phase atomics go in block order, as
 * in any launch (launch.c); device printf output is kept phase by phase,
 * each phase's in block order (what a GPU printed before a grid.sync()
 * comes first). So nothing depends on the number of threads. A phase in
 * which some blocks wait at grid.sync() while others returned without
 * reaching it is the GPU's hang: the launch fails with a deadlock. */
#define _GNU_SOURCE /* sigjmp_buf with -std=c17 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_internal.h"

typedef struct coop_block {
    wc_block b;            /* its lanes and warps are its own for the whole launch */
    wc_fiber_copy *stacks; /* [threads], while it is suspended (bytes NULL: that thread has ended) */
    char *shared;          /* its shared memory, while it is suspended */
    bool started, ended, kept;
    bool returned;         /* ended by running to its end (not a failure, not skipped) */
} coop_block;

typedef struct coop {
    wc_launch *L;
    coop_block *blocks;
    struct wc_leftover **left;
    bool go_on; /* another phase: blocks wait at grid.sync() and none failed */
} coop;

/* A later <<<>>> launch's this_grid().is_valid() is 1 on the H200 once the
 * process has made a cooperative launch (docs/probes/coop_probe.h200.txt). */
static _Atomic bool made_one;
bool wc_coop_made_one(void) { return made_one; }

/* Block cb's own lanes and warps, and its first run's setup. */
static bool start(wc_launch *L, coop_block *cb, size_t linear, wc_fiber *fibers)
{
    const ws_cuda_launch_desc *d = &L->desc;
    wc_block *b = &cb->b;
    int threads = (int)(d->block.x * d->block.y * d->block.z), warps = (threads + WC_WARP - 1) / WC_WARP;
    *b = (wc_block){.launch = L, .linear = linear, .threads = threads, .warps = warps,
                    .idx = wc_block_index(d, linear)};
    cb->started = true;
    b->lanes = calloc((size_t)threads, sizeof *b->lanes);
    b->warp = calloc((size_t)warps, sizeof *b->warp);
    cb->stacks = calloc((size_t)threads, sizeof *cb->stacks);
    if (!fibers || !b->lanes || !b->warp || !cb->stacks || !wc_warps_create(b->warp, warps, threads, d->diag_policy))
        return false;
    wc_block_start(b, fibers);
    return true;
}

/* Copies the suspended block's live stacks and shared memory aside. */
static bool suspend(coop_block *cb, wc_fiber *fibers)
{
    wc_block *b = &cb->b;
    for (int t = 0; t < b->threads; t++)
        if (wc_lane_state(&b->lanes[t]) != WC_DONE && !wc_fiber_save(&fibers[t], &cb->stacks[t]))
            return false;
    cb->shared = wc_shared_save(b);
    return cb->shared != NULL;
}

static void resume(coop_block *cb, wc_fiber *fibers)
{
    wc_block *b = &cb->b;
    for (int t = 0; t < b->threads; t++)
        if (cb->stacks[t].bytes)
            wc_fiber_restore(&fibers[t], &cb->stacks[t]);
    wc_shared_restore(b, cb->shared);
    cb->shared = NULL;
}

/* Block i's turn in this phase, on the OS thread that owns it. */
static void step(coop *c, size_t i, wc_fiber *fibers, int slot)
{
    wc_launch *L = c->L;
    coop_block *cb = &c->blocks[i];
    wc_block *b = &cb->b;
    if (cb->ended)
        return;
    if (i > __atomic_load_n(&L->first_failed, __ATOMIC_RELAXED)) { /* a failed launch stops */
        cb->ended = true;
        wc_launch_block_done(L, i);
        return;
    }
    if (!cb->started) {
        if (!start(L, cb, i, fibers)) {
            wc_block_fail(b, WS_ERR_NOMEM, "out of memory for a cooperative block's threads");
            cb->ended = true;
            wc_launch_note_failed(L, i);
            wc_launch_block_done(L, i);
            return;
        }
    } else {
        resume(cb, fibers);
    }
    b->has_turn = false;
    wc_preempt_enter(L, slot, b);
    bool waits = wc_block_continue(b);
    wc_preempt_enter(L, slot, NULL);
    if (waits && !suspend(cb, fibers)) {
        wc_block_fail(b, WS_ERR_NOMEM, "out of memory for a suspended block's stacks (grid.sync())");
        wc_shared_block_end(b);
        waits = false;
    }
    if (!waits) {
        cb->ended = true;
        cb->returned = b->status == WS_OK;
    }
    if (b->status != WS_OK)
        wc_launch_note_failed(L, i);
    wc_launch_block_done(L, i);
}

static void append_output(wc_launch *L, wc_block *b)
{
    if (!b->out_len)
        return;
    size_t need = L->coop_out.len + b->out_len;
    if (need > L->coop_out.cap) {
        size_t cap = need > 2 * L->coop_out.cap ? need : 2 * L->coop_out.cap;
        char *grown = realloc(L->coop_out.text, cap);
        if (!grown) {
            wc_block_fail(b, WS_ERR_NOMEM, "out of memory for device printf output");
            return;
        }
        L->coop_out.text = grown;
        L->coop_out.cap = cap;
    }
    memcpy(L->coop_out.text + L->coop_out.len, b->out, b->out_len);
    L->coop_out.len += b->out_len;
    b->out_len = 0;
}

/* What the block leaves goes to the launch's end; its memory is freed. */
static void finish(coop *c, coop_block *cb)
{
    wc_block *b = &cb->b;
    if (cb->kept)
        return;
    cb->kept = true;
    if (!cb->started)
        return;
    if (cb->stacks)
        for (int t = 0; t < b->threads; t++)
            free(cb->stacks[t].bytes);
    free(cb->stacks);
    free(cb->shared);
    wc_launch_keep(c->L, b, c->left);
    wc_trace_free(&b->trace);
    wc_check_log_free(&b->check.log);
    if (b->warp)
        wc_warps_destroy(b->warp, b->warps);
    free(b->warp);
    free(b->lanes);
    free(b->shared.extra);
    wc_diags_free(&b->diags);
    free(b->out);
}

/* Blocks wait at grid.sync() for blocks that returned without it: the
 * GPU waits forever. The lowest waiting block fails the launch. */
static void report_deadlock(coop *c)
{
    wc_launch *L = c->L;
    unsigned char *waiting = calloc(L->blocks, 1), *gone = calloc(L->blocks, 1);
    coop_block *first = NULL;
    for (size_t i = 0; i < L->blocks; i++) {
        if (!c->blocks[i].ended && !first)
            first = &c->blocks[i];
        if (waiting && gone) {
            waiting[i] = !c->blocks[i].ended;
            gone[i] = c->blocks[i].returned;
        }
    }
    char w[120] = "some", g[120] = "others", where[256];
    int n = L->blocks > 0x7fffffff ? 0x7fffffff : (int)L->blocks;
    if (waiting && gone) {
        ws_format_ids(waiting, n, w, sizeof w);
        ws_format_ids(gone, n, g, sizeof g);
    }
    free(waiting);
    free(gone);
    wc_block *b = &first->b;
    wc_describe_sites(b, -1, 0, where, sizeof where);
    wc_diag_add(b, WS_DIAG_DEADLOCK, -1, 0, where,
                "grid.sync(): blocks %s wait at it, and blocks %s have returned without reaching it; the "
                "GPU waits for them forever (a hang)", w, g);
    wc_block_fail(b, WS_ERR_DEADLOCK, "deadlock: blocks wait at grid.sync() for blocks that have returned");
    wc_launch_note_failed(L, b->linear);
}

/* Between two phases, on one thread: output in block order, ended blocks
 * wound up, whether another phase runs, and atomics' order reset. */
static void end_phase(coop *c)
{
    wc_launch *L = c->L;
    bool waits = false, returned = false;
    for (size_t i = 0; i < L->blocks; i++) {
        coop_block *cb = &c->blocks[i];
        if (cb->started && i <= L->first_failed)
            append_output(L, &cb->b);
        waits |= !cb->ended;
        returned |= cb->returned;
    }
    if (waits && returned && L->first_failed == SIZE_MAX)
        report_deadlock(c);
    c->go_on = waits && L->first_failed == SIZE_MAX;
    for (size_t i = 0; i < L->blocks; i++)
        if (c->blocks[i].ended || !c->go_on)
            finish(c, &c->blocks[i]);
    pthread_mutex_lock(&L->lock);
    L->frontier = 0;
    for (size_t i = 0; i < L->blocks; i++)
        L->finished[i] = c->blocks[i].ended;
    while (L->frontier < L->blocks && L->finished[L->frontier])
        L->frontier++;
    pthread_mutex_unlock(&L->lock);
}

static wc_fiber *thread_fibers(const wc_launch *L)
{
    const ws_cuda_launch_desc *d = &L->desc;
    if (!wc_trap_prepare_thread() || !wc_shared_prepare_thread())
        return NULL;
    return wc_launch_fibers((int)(d->block.x * d->block.y * d->block.z), d->stack_bytes);
}

void wc_coop_run(wc_launch *L, struct wc_leftover **left)
{
    made_one = true;
    coop c = {.L = L, .left = left, .blocks = calloc(L->blocks, sizeof(coop_block))};
    if (!c.blocks) {
        wc_block b = {.launch = L};
        wc_block_fail(&b, WS_ERR_NOMEM, "out of memory for a cooperative launch's blocks");
        wc_launch_keep(L, &b, left);
        wc_launch_note_failed(L, 0);
        return;
    }
    /* Block 0's first phase alone: it places the static __shared__
     * variables for every block (shared.c). */
    step(&c, 0, thread_fibers(L), 0);
    L->layout.learnt = true;
#pragma omp parallel
    {
        int threads = omp_get_num_threads(), me = omp_get_thread_num();
        wc_fiber *fibers = thread_fibers(L);
        for (size_t phase = 0;; phase++) {
            for (size_t i = (size_t)me; i < L->blocks; i += (size_t)threads)
                if (phase > 0 || i > 0)
                    step(&c, i, fibers, me);
#pragma omp barrier
#pragma omp single
            end_phase(&c);
            if (!c.go_on)
                break;
        }
    }
    free(c.blocks);
}
