/* The checker of checked builds (warpsim cc --check): which tools run
 * (WARPSIM_CHECK), each access the instrumented code announces sent to
 * global or shared memory's rules, findings kept per block and printed at
 * the launch's end in block order (so they are the same for any number of
 * threads), in compute-sanitizer's words, and the summary at exit. */
#define _GNU_SOURCE /* sigjmp_buf in cuda_internal.h with -std=c17 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "check_access.h"
#include "trap_where.h"

unsigned wc_check_tools;

/* A block keeps its first findings; the rest are counted. A launch prints
 * its first WC_CHECK_PRINT. */
#define WC_CHECK_KEEP 100
#define WC_CHECK_PRINT 100

struct wc_check_finding {
    wc_find_kind what;
    bool shared, write;
    size_t size;
    uintptr_t addr;  /* as the report shows it: a shared window offset for shared memory */
    const void *real; /* the address itself, for the nearest allocation */
    void *pc;
    ws_cuda_uint3 thread, block;
};

struct wc_check_hazard {
    bool error, now_write, then_write;
    void *now_pc, *then_pc;
    unsigned long count;
};

/* What the program has found so far (under `lock`: launches end one at a
 * time, host threads call the API). */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned long errors, hazards_shown, hazard_errors, hazard_warnings;

#define PREFIX "========= "

/* ---- the program's start and end ---- */

static void summary(void)
{
    fflush(stdout);
    pthread_mutex_lock(&lock);
    if (wc_check_tools & WC_CHECK_RACECHECK)
        fprintf(stderr, PREFIX "RACECHECK SUMMARY: %lu hazard%s displayed (%lu error%s, %lu warning%s)\n",
                hazards_shown, hazards_shown == 1 ? "" : "s", hazard_errors, hazard_errors == 1 ? "" : "s",
                hazard_warnings, hazard_warnings == 1 ? "" : "s");
    unsigned long n = errors + hazards_shown;
    fprintf(stderr, PREFIX "ERROR SUMMARY: %lu error%s\n", n, n == 1 ? "" : "s");
    pthread_mutex_unlock(&lock);
    fflush(stderr);
    /* Found something: the status says so. The process ends here, as _exit
     * would (ours is the last exit handler: the checker registered it
     * first); the system call, because AddressSanitizer (in warpsim's own
     * sanitized builds) warns of a no-return call after the fibers ran. */
    if (n) {
        fflush(NULL); /* every stream the program left open, as exit would */
        syscall(SYS_exit_group, 1);
    }
}

static const struct {
    const char *name;
    unsigned bit;
} tool_names[] = {{"memcheck", WC_CHECK_MEMCHECK},   {"racecheck", WC_CHECK_RACECHECK},
                  {"initcheck", WC_CHECK_INITCHECK}, {"synccheck", WC_CHECK_SYNCCHECK},
                  {"lockstep", WC_CHECK_LOCKSTEP}};

static unsigned parse_tools(const char *v)
{
    if (!v || !*v)
        return WC_CHECK_MEMCHECK | WC_CHECK_RACECHECK | WC_CHECK_INITCHECK | WC_CHECK_SYNCCHECK;
    unsigned tools = 0;
    for (const char *p = v; *p;) {
        size_t n = strcspn(p, ",");
        size_t i = 0;
        while (i < sizeof tool_names / sizeof tool_names[0] &&
               !(strlen(tool_names[i].name) == n && strncmp(tool_names[i].name, p, n) == 0))
            i++;
        if (i == sizeof tool_names / sizeof tool_names[0]) {
            fprintf(stderr, "warpsim: WARPSIM_CHECK=%s: '%.*s' is not a tool (memcheck, racecheck, initcheck, "
                    "synccheck, lockstep, comma-separated)\n", v, (int)n, p);
            _exit(2);
        }
        tools |= tool_names[i].bit;
        p += n;
        p += *p == ',';
    }
    /* lockstep alone: the default tools, in step */
    if (tools == WC_CHECK_LOCKSTEP)
        tools |= parse_tools(NULL);
    return tools;
}

static void start_once(void)
{
    wc_check_tools = parse_tools(getenv("WARPSIM_CHECK")) | WC_CHECK_ON;
    char names[80] = "";
    for (size_t i = 0; i < sizeof tool_names / sizeof tool_names[0]; i++)
        if ((wc_check_tools & tool_names[i].bit) && tool_names[i].bit != WC_CHECK_LOCKSTEP)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", names[0] ? " " : "",
                     tool_names[i].name);
    fprintf(stderr, PREFIX "WARPSIM CHECK (%s%s)\n", names,
            wc_check_tools & WC_CHECK_LOCKSTEP ? "; lanes in lockstep at shared memory" : "");
    atexit(summary);
}

void wc_check_start(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, start_once);
}

/* ---- accesses ---- */

/* What the fast path (check_access.h) leaves: a shared access, or a global
 * one that is not a plain access to written bytes. */
void wc_check_access_slow(wc_lane *l, const void *addr, size_t size, unsigned kind, void *pc)
{
    wc_block *b = l->block;
    if ((uintptr_t)addr - (uintptr_t)b->check.window < b->check.window_span) {
        if (!wc_check_shared_access(l, addr, size, kind, pc))
            wc_check_stop_lane(l);
        return;
    }
    bool in_arena;
    int state = wc_check_global_state(addr, size, &in_arena);
    if (!in_arena)
        return; /* the thread's stack, __device__ variables, the host's memory */
    bool misaligned = !(kind & (WC_ACCESS_UNALIGNED | WC_ACCESS_RANGE)) && (size & (size - 1)) == 0 &&
                      ((uintptr_t)addr & (wc_check_alignment(size) - 1)) != 0;
    if ((misaligned || state < 0) && (wc_check_tools & WC_CHECK_MEMCHECK)) {
        wc_check_note(l, misaligned ? WC_FIND_MISALIGNED : WC_FIND_OUT_OF_BOUNDS, false, addr, size, kind, pc);
        wc_check_stop_lane(l);
    }
    if (state < 0)
        return; /* memcheck is off: the access goes where it goes, as unchecked */
    if (kind & WC_ACCESS_WRITE)
        wc_check_global_written(addr, size);
    else if (state == 1 && !(kind & (WC_ACCESS_RANGE | WC_ACCESS_ATOMIC)) && (wc_check_tools & WC_CHECK_INITCHECK))
        wc_check_note(l, WC_FIND_UNINITIALIZED, false, addr, size, kind, pc);
}

/* The thread stops before the access, which is not made. Its block runs
 * on and every thread that makes an invalid access is reported, in every
 * block (as compute-sanitizer reports them on the H200:
 * docs/probes/sanitizer.h200/oob_two_warps, oob_read_2d); the launch fails. */
void wc_check_stop_lane(wc_lane *l)
{
    wc_lane_exit(l);
}

/* A read of shared bytes that another thread of the block wrote later is
 * a race (racecheck says so), not a read of memory nobody wrote: on the
 * GPU it may see the write. The block keeps only reads of bytes it never
 * wrote (compute-sanitizer's initcheck on the H200 reports none in shared
 * memory; docs/probes/sanitizer.h200/shared_uninit). */
static void drop_raced_reads(wc_block *b)
{
    wc_check_log *log = &b->check.log;
    size_t kept = 0;
    for (size_t i = 0; i < log->count; i++) {
        const wc_check_finding *f = &log->items[i];
        if (f->what == WC_FIND_UNINITIALIZED && f->shared && wc_check_shared_written(b, f->real, f->size)) {
            log->findings--;
            continue;
        }
        log->items[kept++] = *f;
    }
    log->count = kept;
}

void wc_check_block_end(wc_block *b)
{
    drop_raced_reads(b);
    if (!b->check.faulted)
        return;
    char where[300];
    wc_trap_where(b->check.fault.pc, where, sizeof where);
    b->status = WS_ERR_TRAP;
    b->fault = WS_CUDA_FAULT_LAUNCH;
    snprintf(b->error, sizeof b->error, "thread (%u,%u,%u) of block (%u,%u,%u) made an invalid %s %s of %zu "
             "bytes%s%.200s (memcheck)", b->check.fault.thread[0], b->check.fault.thread[1],
             b->check.fault.thread[2], b->idx.x, b->idx.y, b->idx.z,
             b->check.fault.shared ? "__shared__" : "__global__", b->check.fault.write ? "write" : "read",
             b->check.fault.size, where[0] ? " at " : "", where);
}

void ws_cuda_check_quiet_(int on)
{
    wc_lane *l = wc_current_lane();
    if (wc_check_tools && l)
        l->check_quiet += on ? 1 : -1;
}

/* ---- findings ---- */

/* f kept in the log (false when there is no memory for it). */
static bool keep_finding(wc_check_log *log, const wc_check_finding *f)
{
    if (log->count == log->cap) {
        size_t n = log->cap ? 2 * log->cap : 8;
        wc_check_finding *grown = realloc(log->items, n * sizeof *grown);
        if (!grown)
            return false;
        log->items = grown;
        log->cap = n;
    }
    log->items[log->count++] = *f;
    return true;
}

void wc_check_note(wc_lane *l, wc_find_kind what, bool shared, const void *addr, size_t size, unsigned kind,
                   void *pc)
{
    wc_block *b = l->block;
    wc_check_log *log = &b->check.log;
    if (what != WC_FIND_UNINITIALIZED && !b->check.faulted) {
        b->check.faulted = true;
        b->check.fault.thread[0] = l->ctx.thread_idx.x;
        b->check.fault.thread[1] = l->ctx.thread_idx.y;
        b->check.fault.thread[2] = l->ctx.thread_idx.z;
        b->check.fault.shared = shared;
        b->check.fault.write = (kind & WC_ACCESS_WRITE) != 0;
        b->check.fault.size = size;
        b->check.fault.pc = pc;
    }
    if (log->count >= WC_CHECK_KEEP) {
        /* Counted, not kept; a shared read not kept cannot be found raced at the block's end, so it is not counted. */
        log->findings += !(what == WC_FIND_UNINITIALIZED && shared);
        return;
    }
    log->findings++;
    keep_finding(log, &(wc_check_finding){
        .what = what, .shared = shared, .write = (kind & WC_ACCESS_WRITE) != 0, .size = size,
        .addr = shared ? wc_check_shared_address(b, addr) : (uintptr_t)addr, .real = addr, .pc = pc,
        .thread = l->ctx.thread_idx, .block = b->idx});
}

static bool same_pair(const wc_check_hazard *a, const wc_check_hazard *h)
{
    return a->now_pc == h->now_pc && a->then_pc == h->then_pc && a->error == h->error &&
           a->now_write == h->now_write && a->then_write == h->then_write;
}

/* h's count added to the log's entry for its pair of accesses, or a new one. */
static void add_hazard(wc_check_log *log, const wc_check_hazard *h)
{
    for (size_t i = log->hazard_count; i-- > 0;)
        if (same_pair(&log->hazards[i], h)) {
            log->hazards[i].count += h->count;
            return;
        }
    if (log->hazard_count == log->hazard_cap) {
        size_t n = log->hazard_cap ? 2 * log->hazard_cap : 8;
        wc_check_hazard *grown = realloc(log->hazards, n * sizeof *grown);
        if (!grown)
            return;
        log->hazards = grown;
        log->hazard_cap = n;
    }
    log->hazards[log->hazard_count++] = *h;
}

void wc_check_hazard_note(wc_block *b, bool error, bool now_write, void *now_pc, bool then_write, void *then_pc)
{
    add_hazard(&b->check.log, &(wc_check_hazard){.error = error, .now_write = now_write, .then_write = then_write,
                                                 .now_pc = now_pc, .then_pc = then_pc, .count = 1});
}

void wc_check_log_move(wc_check_log *into, wc_check_log *from)
{
    into->findings += from->findings;
    for (size_t i = 0; i < from->count && into->count < WC_CHECK_PRINT; i++)
        if (!keep_finding(into, &from->items[i]))
            break;
    for (size_t i = 0; i < from->hazard_count; i++)
        add_hazard(into, &from->hazards[i]);
    wc_check_log_free(from);
}

void wc_check_log_free(wc_check_log *log)
{
    free(log->items);
    free(log->hazards);
    *log = (wc_check_log){0};
}

/* ---- printing ---- */

/* 1234567 as "1,234,567", as compute-sanitizer writes sizes and distances. */
static void grouped(unsigned long long v, char *buf, size_t size)
{
    char digits[32];
    int n = snprintf(digits, sizeof digits, "%llu", v);
    size_t k = 0;
    for (int i = 0; i < n && k + 2 < size; i++) {
        if (i && (n - i) % 3 == 0)
            buf[k++] = ',';
        buf[k++] = digits[i];
    }
    buf[k] = 0;
}

/* Where the code at pc is, cached: every report of a warp names one instruction. */
typedef struct code_site {
    void *pc;
    char function[200], where[300];
} code_site;
static code_site **sites; /* each allocated once: the reports hold them */
static size_t site_count;

static const code_site *site_of(void *pc)
{
    for (size_t i = 0; i < site_count; i++)
        if (sites[i]->pc == pc)
            return sites[i];
    code_site **grown = realloc(sites, (site_count + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    sites = grown;
    code_site *s = malloc(sizeof *s);
    if (!s)
        return NULL;
    sites[site_count++] = s;
    s->pc = pc;
    wc_code_site(pc, s->function, sizeof s->function, s->where, sizeof s->where);
    const char *slash = strrchr(s->where, '/'); /* the file's name, as compute-sanitizer gives it */
    if (slash)
        memmove(s->where, slash + 1, strlen(slash + 1) + 1);
    return s;
}

static void print_at(const char *lead, void *pc)
{
    const code_site *s = site_of(pc);
    if (s && s->function[0])
        fprintf(stderr, "%s%s in %s\n", lead, s->function, s->where[0] ? s->where : "??");
    else
        fprintf(stderr, "%s%p\n", lead, pc);
}

static void print_finding(const wc_check_finding *f)
{
    const char *space = f->shared ? "__shared__" : "__global__";
    if (f->what == WC_FIND_UNINITIALIZED)
        fprintf(stderr, PREFIX "Uninitialized %s memory read of size %zu bytes\n", space, f->size);
    else
        fprintf(stderr, PREFIX "Invalid %s %s of size %zu bytes\n", space, f->write ? "write" : "read", f->size);
    print_at(PREFIX "    at ", (char *)f->pc - 1);
    fprintf(stderr, PREFIX "    by thread (%u,%u,%u) in block (%u,%u,%u)\n", f->thread.x, f->thread.y, f->thread.z,
            f->block.x, f->block.y, f->block.z);
    if (f->what == WC_FIND_UNINITIALIZED) {
        fprintf(stderr, PREFIX "    Address 0x%lx\n", (unsigned long)f->addr);
    } else {
        fprintf(stderr, PREFIX "    Access to 0x%lx is %s\n", (unsigned long)f->addr,
                f->what == WC_FIND_MISALIGNED ? "misaligned" : "out of bounds");
        char nearest[200];
        if (!f->shared) {
            wc_check_nearest(f->real, f->size, nearest, sizeof nearest);
            if (nearest[0])
                fprintf(stderr, PREFIX "    %s\n", nearest);
        }
    }
    fprintf(stderr, PREFIX "\n");
}

void wc_check_format_nearest(uintptr_t addr, uintptr_t start, size_t size, char *buf, size_t buf_size)
{
    char at[40], len[40], dist[40];
    snprintf(at, sizeof at, "0x%lx", (unsigned long)start);
    grouped(size, len, sizeof len);
    if (addr >= start && addr < start + size) {
        snprintf(buf, buf_size, "and is inside the nearest allocation at %s of size %s bytes", at, len);
    } else if (addr < start) {
        grouped(start - addr, dist, sizeof dist);
        snprintf(buf, buf_size, "and is %s bytes before the nearest allocation at %s of size %s bytes", dist, at, len);
    } else {
        grouped(addr - (start + size) + 1, dist, sizeof dist);
        snprintf(buf, buf_size, "and is %s bytes after the nearest allocation at %s of size %s bytes", dist, at, len);
    }
}

/* One racecheck line: the hazards of one access against another, by
 * source line (several instructions of a line are one line here). */
typedef struct hazard_line {
    bool error, now_write, then_write;
    const code_site *now, *then;
    unsigned long count;
} hazard_line;

static bool same_site(const code_site *a, const code_site *b)
{
    return a == b || (a && b && strcmp(a->function, b->function) == 0 && strcmp(a->where, b->where) == 0);
}

static void print_hazards(const wc_check_log *log)
{
    hazard_line *lines = calloc(log->hazard_count ? log->hazard_count : 1, sizeof *lines);
    if (!lines)
        return;
    size_t n = 0;
    for (size_t i = 0; i < log->hazard_count; i++) {
        const wc_check_hazard *h = &log->hazards[i];
        const code_site *now = site_of((char *)h->now_pc - 1), *then = site_of((char *)h->then_pc - 1);
        /* The read of the two leads its line, with the writes it met, as
         * racecheck groups them (docs/probes/sanitizer.h200/warp_sync_legacy). */
        bool now_write = h->now_write, then_write = h->then_write;
        if (now_write && !then_write) {
            const code_site *t = now;
            now = then;
            then = t;
            now_write = false;
            then_write = true;
        }
        size_t j = 0;
        while (j < n && !(lines[j].error == h->error && lines[j].now_write == now_write &&
                          lines[j].then_write == then_write && same_site(lines[j].now, now) &&
                          same_site(lines[j].then, then)))
            j++;
        if (j == n)
            lines[n++] = (hazard_line){.error = h->error, .now_write = now_write, .then_write = then_write,
                                       .now = now, .then = then};
        lines[j].count += h->count;
    }
    /* Errors (between warps) first, then warnings; each access once with its partners. */
    bool *shown = calloc(n ? n : 1, sizeof *shown);
    for (int pass = 0; pass < 2 && shown; pass++)
        for (size_t i = 0; i < n; i++) {
            if (shown[i] || lines[i].error != (pass == 0))
                continue;
            fprintf(stderr, PREFIX "%s: Race reported between %s access at %s in %s\n",
                    lines[i].error ? "Error" : "Warning", lines[i].now_write ? "Write" : "Read",
                    lines[i].now && lines[i].now->function[0] ? lines[i].now->function : "??",
                    lines[i].now && lines[i].now->where[0] ? lines[i].now->where : "??");
            for (size_t j = i; j < n; j++) {
                if (shown[j] || lines[j].error != lines[i].error || lines[j].now_write != lines[i].now_write ||
                    !same_site(lines[j].now, lines[i].now))
                    continue;
                shown[j] = true;
                char count[40];
                grouped(lines[j].count, count, sizeof count);
                fprintf(stderr, PREFIX "    and %s access at %s in %s [%s hazard%s]\n",
                        lines[j].then_write ? "Write" : "Read",
                        lines[j].then && lines[j].then->function[0] ? lines[j].then->function : "??",
                        lines[j].then && lines[j].then->where[0] ? lines[j].then->where : "??", count,
                        lines[j].count == 1 ? "" : "s");
            }
            fprintf(stderr, PREFIX "\n");
            hazards_shown++;
            if (lines[i].error)
                hazard_errors++;
            else
                hazard_warnings++;
        }
    free(shown);
    free(lines);
}

/* The model's diagnostics that are synccheck's kind of error (a mask
 * without its caller, threads of a block at different barrier calls, a
 * deadlock) or a fault; the others (exited lanes named in a mask or missing
 * at a barrier, which sm_70 and later allow, a lane argument out of range, a
 * read of an exited lane, a NaN's payload) are warpsim's own remarks on what
 * the H200 defines: printed, not counted. */
static bool counted(ws_diag_code code)
{
    switch (code) {
    case WS_DIAG_CALLER_NOT_IN_MASK:
    case WS_DIAG_DEADLOCK:
    case WS_DIAG_BARRIER_SITES:
    case WS_DIAG_STACK_OVERFLOW:
    case WS_DIAG_TRAP:
        return true;
    default:
        return false;
    }
}

void wc_check_launch_report(const char *kernel, wc_check_log *log, const wc_diags *diags)
{
    (void)kernel;
    fflush(stdout);
    pthread_mutex_lock(&lock);
    for (size_t i = 0; i < log->count; i++)
        print_finding(&log->items[i]);
    if (log->findings > log->count)
        fprintf(stderr, PREFIX "(%lu more errors of this launch are counted, not shown)\n",
                log->findings - log->count);
    errors += log->findings;
    for (size_t i = 0; diags && i < diags->count && (wc_check_tools & WC_CHECK_SYNCCHECK); i++)
        errors += counted(diags->items[i].code) ? 1 + diags->items[i].repeats : 0;
    print_hazards(log);
    pthread_mutex_unlock(&lock);
    fflush(stderr);
    wc_check_log_free(log);
}

/* ---- the runtime's API errors ---- */

void ws_cuda_check_api_(const char *api, int error, const char *name, const char *text)
{
    if (!wc_check_tools)
        return;
    fflush(stdout);
    pthread_mutex_lock(&lock);
    fprintf(stderr, PREFIX "Program hit %s (error %d) due to \"%s\" on CUDA API call to %s.\n" PREFIX "\n", name,
            error, text, api);
    errors++;
    pthread_mutex_unlock(&lock);
}
