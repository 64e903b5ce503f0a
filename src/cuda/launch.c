/* A launch: checks the configuration as the GPU does, runs the blocks in
 * parallel with OpenMP (each block's threads on one OS thread), keeps
 * atomics in block order, and gathers printf output and diagnostics in
 * block order, so the results do not depend on the number of threads. */
#define _GNU_SOURCE /* sigjmp_buf, MAP_ANONYMOUS with -std=c17 */
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_internal.h"

struct ws_cuda_report {
    ws_status status;
    ws_cuda_fault fault;
    char error[400];
    wc_diags diags;
};

/* What a finished block leaves for the end of the launch. */
typedef struct wc_leftover {
    wc_diags diags;
    char *out;
    size_t out_len, out_made;
    ws_status status;
    ws_cuda_fault fault;
    char error[400];
    ws_cuda_trace trace;  /* WARPSIM_TRACE's steps of the block (trace.c) */
    wc_check_log check;   /* a checked program's findings (check.c) */
} wc_leftover;

static __thread ws_cuda_report *last_report;

const ws_cuda_report *ws_cuda_last_report(void) { return last_report; }

/* ---- per OS thread: stacks kept from launch to launch ---- */
static __thread wc_fiber *pool;
static __thread int pool_count;
static __thread size_t pool_stack;

/* An OS thread that OpenMP ends (a later team is smaller) gives its stacks
 * back: the key's destructor runs in that thread, its __thread values alive. */
static pthread_key_t pool_key;
static pthread_once_t pool_key_once = PTHREAD_ONCE_INIT;

static void pool_release(void *unused)
{
    (void)unused;
    for (int i = 0; i < pool_count; i++)
        wc_fiber_unmap(&pool[i]);
    free(pool);
    pool = NULL;
    pool_count = 0;
}

static void pool_key_create(void) { (void)pthread_key_create(&pool_key, pool_release); }

wc_fiber *wc_launch_fibers(int threads, size_t stack_bytes)
{
    if (!pool) { /* this thread's first: its end releases the pool */
        pthread_once(&pool_key_once, pool_key_create);
        (void)pthread_setspecific(pool_key, &pool_key);
    }
    if (pool_stack != stack_bytes) {
        for (int i = 0; i < pool_count; i++)
            wc_fiber_unmap(&pool[i]);
        pool_count = 0;
        pool_stack = stack_bytes;
    }
    if (pool_count >= threads)
        return pool;
    wc_fiber *grown = realloc(pool, (size_t)threads * sizeof *grown);
    if (!grown)
        return NULL;
    pool = grown;
    for (; pool_count < threads; pool_count++)
        if (!wc_fiber_map(&pool[pool_count], stack_bytes))
            return NULL;
    return pool;
}

/* ---- the order of atomics ---- */

void wc_atomic_wait_turn(wc_block *b)
{
    wc_launch *L = (wc_launch *)(uintptr_t)b->launch;
    pthread_mutex_lock(&L->lock);
    while (L->frontier < b->linear)
        pthread_cond_wait(&L->moved, &L->lock);
    pthread_mutex_unlock(&L->lock);
    b->has_turn = true;
}

/* The printf FIFO is circular: the GPU keeps the last printf_bytes of a
 * launch's output (in block order here). A finished block's lines go once
 * the blocks after it already hold that much, so memory stays bounded.
 * Under L->lock. */
static void drop_old_output(wc_launch *L)
{
    while (L->out_low < L->frontier) {
        wc_leftover *lo = L->left[L->out_low];
        size_t n = lo ? lo->out_len : 0;
        if (n && L->out_kept - n < L->desc.printf_bytes)
            return; /* part of the last printf_bytes */
        if (n) {
            free(lo->out);
            lo->out = NULL;
            lo->out_len = 0;
            L->out_kept -= n;
        }
        L->out_low++;
    }
}

void wc_launch_block_done(wc_launch *L, size_t block)
{
    pthread_mutex_lock(&L->lock);
    L->finished[block] = 1;
    const wc_leftover *done = L->left[block];
    L->out_kept += done ? done->out_len : 0;
    while (L->frontier < L->blocks && L->finished[L->frontier])
        L->frontier++;
    drop_old_output(L);
    pthread_cond_broadcast(&L->moved);
    pthread_mutex_unlock(&L->lock);
}

/* ---- configuration ---- */

static ws_status check_config(ws_cuda_launch_desc *d, char *why, size_t size)
{
    if (!d->block.y)
        d->block.y = 1;
    if (!d->block.z)
        d->block.z = 1;
    if (!d->grid.y)
        d->grid.y = 1;
    if (!d->grid.z)
        d->grid.z = 1;
    if (!d->stack_bytes)
        d->stack_bytes = WS_CUDA_DEFAULT_STACK;
    unsigned long long threads = (unsigned long long)d->block.x * d->block.y * d->block.z;
    if (!d->block.x || !d->grid.x)
        snprintf(why, size, "invalid configuration: a %s of x = 0", d->block.x ? "grid" : "block");
    else if (threads > WC_MAX_THREADS || d->block.x > WS_CUDA_MAX_BLOCK_XY || d->block.y > WS_CUDA_MAX_BLOCK_XY ||
             d->block.z > WS_CUDA_MAX_BLOCK_Z)
        snprintf(why, size, "invalid configuration: block (%u,%u,%u) (at most 1024 threads; x, y <= 1024, z <= 64)",
                 d->block.x, d->block.y, d->block.z);
    else if (d->grid.x > WS_CUDA_MAX_GRID_X || d->grid.y > WS_CUDA_MAX_GRID_YZ || d->grid.z > WS_CUDA_MAX_GRID_YZ)
        snprintf(why, size, "invalid configuration: grid (%u,%u,%u) (x < 2^31, y and z <= 65535)", d->grid.x,
                 d->grid.y, d->grid.z);
    else if (d->shared_bytes > WS_CUDA_MAX_DYNAMIC_SHARED)
        snprintf(why, size, "invalid configuration: %zu bytes of dynamic shared memory (at most %zu)",
                 d->shared_bytes, WS_CUDA_MAX_DYNAMIC_SHARED);
    else if (d->cooperative && ((unsigned long long)d->grid.x * d->grid.y * d->grid.z > WS_CUDA_SMS * 32ull ||
                                (unsigned long long)d->grid.x * d->grid.y * d->grid.z * threads >
                                    WS_CUDA_SMS * 2048ull))
        snprintf(why, size, "cooperative launch too large: grid (%u,%u,%u) of %llu-thread blocks (the modelled "
                 "H200 holds at most %u blocks and %u threads at once)", d->grid.x, d->grid.y, d->grid.z, threads,
                 WS_CUDA_SMS * 32u, WS_CUDA_SMS * 2048u);
    else if ((unsigned)d->diag_policy > WS_DIAG_POLICY_ERROR)
        snprintf(why, size, "unknown diag_policy %d", (int)d->diag_policy);
    else
        return WS_OK;
    return WS_ERR_ARG;
}

/* ---- one OS thread's share of the blocks ---- */

/* What an OS thread keeps for the blocks it runs. */
typedef struct wc_runner {
    int threads, warps;
    wc_lane *lanes;
    wc_warp *warp;
    wc_fiber *fibers;
    bool ready;
} wc_runner;

static void runner_start(wc_runner *r, const wc_launch *L)
{
    const ws_cuda_launch_desc *d = &L->desc;
    r->threads = (int)(d->block.x * d->block.y * d->block.z);
    r->warps = (r->threads + WC_WARP - 1) / WC_WARP;
    r->lanes = calloc((size_t)r->threads, sizeof *r->lanes);
    r->warp = calloc((size_t)r->warps, sizeof *r->warp);
    r->fibers = wc_launch_fibers(r->threads, d->stack_bytes);
    r->ready = r->lanes && r->warp && r->fibers && wc_trap_prepare_thread() && wc_shared_prepare_thread() &&
               wc_warps_create(r->warp, r->warps, r->threads, d->diag_policy);
}

static void runner_end(wc_runner *r)
{
    free(r->lanes);
    if (r->warp)
        wc_warps_destroy(r->warp, r->warps);
    free(r->warp);
}

/* Block `linear` failed: blocks after it do not start (those before it all
 * run, so what a launch reports is the same for any number of threads). */
void wc_launch_note_failed(wc_launch *L, size_t linear)
{
    pthread_mutex_lock(&L->lock);
    if (linear < L->first_failed)
        __atomic_store_n(&L->first_failed, linear, __ATOMIC_RELAXED);
    pthread_mutex_unlock(&L->lock);
}

void wc_launch_keep(wc_launch *L, wc_block *b, wc_leftover **left)
{
    if (!b->diags.count && !b->out_made && b->status == WS_OK && !b->trace.count && !b->check.log.findings &&
        !b->check.log.hazard_count)
        return;
    wc_leftover *lo = calloc(1, sizeof *lo);
    if (!lo) {
        wc_launch_note_failed(L, b->linear);
        return;
    }
    *lo = (wc_leftover){.diags = b->diags, .out = b->out, .out_len = b->out_len, .out_made = b->out_made,
                        .status = b->status, .fault = b->fault};
    memcpy(lo->error, b->error, sizeof lo->error);
    lo->trace = b->trace;
    b->trace = (ws_cuda_trace){0};
    lo->check = b->check.log;
    b->check.log = (wc_check_log){0};
    b->diags = (wc_diags){0};
    b->out = NULL;
    b->out_len = b->out_cap = 0;
    left[b->linear] = lo;
}

static void run_block(wc_launch *L, wc_runner *r, size_t linear, wc_leftover **left, ws_cuda_report *rep,
                      int slot)
{
    const ws_cuda_launch_desc *d = &L->desc;
    if (!r->ready || linear > __atomic_load_n(&L->first_failed, __ATOMIC_RELAXED)) {
        if (!r->ready) {
            /* The launch's lock, not an omp critical: OpenMP would add a
             * global lock symbol to the library's exports. */
            pthread_mutex_lock(&L->lock);
            if (rep->status == WS_OK) {
                rep->status = WS_ERR_NOMEM;
                snprintf(rep->error, sizeof rep->error, "out of memory for a block's threads and stacks");
            }
            pthread_mutex_unlock(&L->lock);
            wc_launch_note_failed(L, 0);
        }
        wc_launch_block_done(L, linear);
        return;
    }
    wc_block b = {.launch = L, .linear = linear, .threads = r->threads, .warps = r->warps, .lanes = r->lanes,
                  .warp = r->warp};
    b.idx = wc_block_index(d, linear);
    wc_preempt_enter(L, slot, &b);
    wc_block_run(&b, r->fibers);
    wc_preempt_enter(L, slot, NULL);
    /* Later blocks are skipped, as a failed launch stops; but memcheck's
     * findings are every block's, as compute-sanitizer reports them. */
    if (b.status != WS_OK && !b.check.faulted)
        wc_launch_note_failed(L, linear);
    wc_launch_keep(L, &b, left);
    wc_trace_free(&b.trace);
    wc_check_log_free(&b.check.log);
    free(b.shared.extra);
    wc_diags_free(&b.diags);
    free(b.out);
    wc_launch_block_done(L, linear);
}

/* ---- one OS thread's share of the blocks (block 0 has run) ---- */

static void run_blocks(wc_launch *L, wc_leftover **left, ws_cuda_report *rep)
{
    wc_runner r;
    runner_start(&r, L);
    long long n = (long long)L->blocks;
#pragma omp for schedule(static, 1)
    for (long long i = 1; i < n; i++)
        run_block(L, &r, (size_t)i, left, rep, omp_get_thread_num());
    runner_end(&r);
}

/* Where the printed part of a launch's output begins: `skip` bytes in, at
 * the next line's start. */
typedef struct output_tail {
    size_t skip;
    bool at_line_start;
    char last_skipped;
} output_tail;

/* Writes what of one block's output [text, text + n) is past the skipped
 * part; returns the bytes written. */
static size_t write_output(const char *text, size_t n, output_tail *t)
{
    if (!n)
        return 0;
    size_t cut = t->skip < n ? t->skip : n;
    if (cut)
        t->last_skipped = text[cut - 1];
    t->skip -= cut;
    text += cut;
    n -= cut;
    if (!t->at_line_start && t->skip == 0 && n) { /* resume at the start of a line */
        const char *nl = t->last_skipped == '\n' ? text - 1 : memchr(text, '\n', n);
        size_t past = nl ? (size_t)(nl + 1 - text) : n;
        text += past;
        n -= past;
        t->at_line_start = nl != NULL;
    }
    if (n)
        fwrite(text, 1, n, stdout);
    return n;
}

static ws_cuda_report *report_copy(const ws_cuda_report *rep)
{
    ws_cuda_report *copy = calloc(1, sizeof *copy);
    if (!copy)
        return NULL;
    copy->status = rep->status;
    copy->fault = rep->fault;
    memcpy(copy->error, rep->error, sizeof copy->error);
    size_t n = rep->diags.count;
    copy->diags.items = n ? malloc(n * sizeof *copy->diags.items) : NULL;
    if (n && !copy->diags.items) {
        free(copy);
        return NULL;
    }
    if (n)
        memcpy(copy->diags.items, rep->diags.items, n * sizeof *copy->diags.items);
    copy->diags.count = copy->diags.capacity = n;
    return copy;
}

ws_status ws_cuda_launch_c(const ws_cuda_launch_desc *desc, void (*kernel)(void *args), void *args,
                           ws_cuda_report **report)
{
    if (report)
        *report = NULL;
    ws_cuda_report *rep = calloc(1, sizeof *rep);
    if (!rep)
        return WS_ERR_NOMEM;
    ws_cuda_report_free(last_report);
    last_report = rep;
    wc_launch L = {.kernel = kernel, .args = args, .first_failed = SIZE_MAX};
    L.desc = desc ? *desc : (ws_cuda_launch_desc){0};
    L.name = L.desc.name ? L.desc.name : "kernel";
    if (!kernel) {
        rep->status = WS_ERR_ARG;
        snprintf(rep->error, sizeof rep->error, "%s: no kernel function", L.name);
    } else {
        char why[300];
        rep->status = check_config(&L.desc, why, sizeof why);
        if (rep->status != WS_OK)
            snprintf(rep->error, sizeof rep->error, "%s: %s", L.name, why);
    }
    if (rep->status != WS_OK)
        goto done;

    L.blocks = (size_t)L.desc.grid.x * L.desc.grid.y * L.desc.grid.z;
    wc_trace_launch_begin(&L);
    L.finished = calloc(L.blocks, 1);
    wc_leftover **left = calloc(L.blocks, sizeof *left);
    L.left = left;
    if (!L.desc.printf_bytes)
        L.desc.printf_bytes = WS_CUDA_PRINTF_FIFO;
    if (!L.finished || !left) {
        free(L.finished);
        free(left);
        rep->status = WS_ERR_NOMEM;
        snprintf(rep->error, sizeof rep->error, "%s: out of memory for %zu blocks", L.name, L.blocks);
        goto done;
    }
    pthread_mutex_init(&L.lock, NULL);
    pthread_cond_init(&L.moved, NULL);
    wc_trap_install();
    wc_preempt_user_code(&L, (const void *)(uintptr_t)kernel);
    wc_preempt_start(&L, omp_get_max_threads());
    if (L.desc.cooperative) {
        wc_coop_run(&L, left);
    } else {
        /* Block 0 first, alone: it places the static __shared__ variables for
         * every block (shared.c), whatever the number of threads. */
        wc_runner first;
        runner_start(&first, &L);
        run_block(&L, &first, 0, left, rep, 0);
        runner_end(&first);
        L.layout.learnt = true;
        if (L.blocks > 1) {
#pragma omp parallel
            run_blocks(&L, left, rep);
        }
    }
    wc_preempt_stop(&L);
    wc_trap_uninstall();
    free(L.layout.items);
    pthread_cond_destroy(&L.moved);
    pthread_mutex_destroy(&L.lock);

    /* Output, diagnostics and the first failure in block order. */
    /* The last printf_bytes of the output, from a line's start. */
    size_t out_total = L.coop_out.len, out_made = 0, out_printed = 0;
    for (size_t i = 0; i < L.blocks && i <= L.first_failed; i++)
        if (left[i]) {
            out_total += left[i]->out_len;
            out_made += left[i]->out_made;
        }
    output_tail tail = {.skip = out_total > L.desc.printf_bytes ? out_total - L.desc.printf_bytes : 0};
    tail.at_line_start = tail.skip == 0;
    if (L.coop_out.len) /* a cooperative launch's, phase by phase (the blocks' own are empty) */
        out_printed += write_output(L.coop_out.text, L.coop_out.len, &tail);
    free(L.coop_out.text);
    wc_check_log checked = {0};
    for (size_t i = 0; i < L.blocks; i++) {
        if (!left[i])
            continue;
        wc_check_log_move(&checked, &left[i]->check);
        if (left[i]->status != WS_OK && rep->status == WS_OK) {
            rep->status = left[i]->status;
            rep->fault = left[i]->fault ? left[i]->fault : WS_CUDA_FAULT_LAUNCH;
            snprintf(rep->error, sizeof rep->error, "%s", left[i]->error);
        }
        out_printed += write_output(left[i]->out, left[i]->out_len, &tail);
        wc_diags_merge(&rep->diags, &left[i]->diags);
        wc_trace_append(&left[i]->trace);
        free(left[i]->out);
        free(left[i]);
        left[i] = NULL;
        if (i == L.first_failed)
            break; /* later blocks may have run on other threads: what they left is not reported */
    }
    for (size_t i = 0; i < L.blocks; i++)
        if (left[i]) {
            wc_diags_free(&left[i]->diags);
            wc_trace_free(&left[i]->trace);
            wc_check_log_free(&left[i]->check);
            free(left[i]->out);
            free(left[i]);
        }
    fflush(stdout);
    if (wc_check_tools)
        wc_check_launch_report(L.name, &checked, &rep->diags);
    if (out_made > out_printed && !L.desc.quiet)
        fprintf(stderr, "warpsim: %s: device printf made %zu bytes; the %zu-byte FIFO keeps the last %zu, as the "
                "GPU's circular buffer does (cudaDeviceSetLimit(cudaLimitPrintfFifoSize, bytes) makes it larger)\n",
                L.name, out_made, L.desc.printf_bytes, out_printed);
    free(left);
    free(L.finished);
    if (rep->status != WS_OK) {
        char msg[sizeof rep->error];
        memcpy(msg, rep->error, sizeof msg);
        int k = snprintf(rep->error, sizeof rep->error, "%s: ", L.name);
        if (k > 0 && (size_t)k < sizeof rep->error)
            snprintf(rep->error + k, sizeof rep->error - (size_t)k, "%.*s", (int)(sizeof rep->error - (size_t)k - 1), msg);
    }
done:
    if (!L.desc.quiet && L.desc.diag_policy != WS_DIAG_POLICY_IGNORE) {
        ws_cuda_report_print(rep, stderr);
    }
    if (!L.desc.quiet && rep->status != WS_OK && rep->status != WS_ERR_ARG)
        fprintf(stderr, "warpsim: launch failed: %s\n", rep->error);
    if (report) /* the caller's own copy; last_report stays the runtime's */
        *report = report_copy(rep);
    return rep->status;
}

size_t ws_cuda_report_count(const ws_cuda_report *r) { return r ? r->diags.count : 0; }
const ws_cuda_diag *ws_cuda_report_get(const ws_cuda_report *r, size_t i)
{
    return r && i < r->diags.count ? &r->diags.items[i] : NULL;
}
bool ws_cuda_report_has(const ws_cuda_report *r, ws_diag_code code)
{
    for (size_t i = 0; r && i < r->diags.count; i++)
        if (r->diags.items[i].code == code)
            return true;
    return false;
}
ws_status ws_cuda_report_status(const ws_cuda_report *r) { return r ? r->status : WS_ERR_ARG; }
const char *ws_cuda_report_error(const ws_cuda_report *r) { return r ? r->error : "no report"; }
ws_cuda_fault ws_cuda_report_fault(const ws_cuda_report *r) { return r ? r->fault : WS_CUDA_FAULT_NONE; }

void ws_cuda_report_print(const ws_cuda_report *r, FILE *out)
{
    for (size_t i = 0; r && i < r->diags.count; i++) {
        const ws_cuda_diag *d = &r->diags.items[i];
        fprintf(out, "warpsim: %s: block (%u,%u,%u)", ws_diag_code_name(d->code), d->block.x, d->block.y, d->block.z);
        if (d->warp >= 0)
            fprintf(out, " warp %d", d->warp);
        fprintf(out, ": %s", d->message);
        if (d->where[0])
            fprintf(out, " [at %s]", d->where);
        if (d->repeats)
            fprintf(out, " (and %lu more warps or blocks)", d->repeats);
        fputc('\n', out);
    }
}

void ws_cuda_report_free(ws_cuda_report *r)
{
    if (!r)
        return;
    if (r == last_report)
        last_report = NULL;
    wc_diags_free(&r->diags);
    free(r);
}
