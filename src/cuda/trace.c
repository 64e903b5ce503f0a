/* WARPSIM_TRACE: the steps of users' kernels (include/warpsim/cuda_trace.h).
 *
 * Read at the program's first launch: WARPSIM_TRACE=FORMAT:FILE,
 * WARPSIM_TRACE_WARPS=B.W,... (block linear index and warp, `*` for any)
 * and WARPSIM_TRACE_KERNEL=name. A block records the steps of its selected
 * warps as its scheduler runs them (block.c calls in here only for those
 * warps: without the variable nothing is recorded and nothing is slower);
 * WARPSIM_TRACE_COST=1 adds warpsim run --cost's estimate (programs/cctrace);
 * the launch appends each block's steps in block order, so the trace is
 * the same for any OMP_NUM_THREADS. The file is written once, when the
 * program exits, through a temporary file renamed into place: a trace
 * over WS_CUDA_TRACE_MAX_STEPS is refused with one line and nothing is
 * written. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cuda_internal.h"

/* In libwarpsim_trace (the writers), which warpsim cc links; absent, a
 * trace cannot be written and the program says so at its first launch. */
#pragma weak ws_cuda_trace_write

static struct {
    bool read;          /* the variables have been read */
    bool on;
    char format[8];
    char *path;
    char *kernel;       /* WARPSIM_TRACE_KERNEL, or NULL: every kernel */
    wc_trace_pick picks[WC_TRACE_MAX_PICKS];
    int n_picks;
    unsigned launches;  /* launches so far */
    size_t recorded;    /* steps recorded (atomic): the limit's count */
    bool over;          /* more than the limit were made */
    bool no_memory;     /* memory ran out for the steps */
    mode_t file_mode;   /* a new file's mode under the program's umask, read at the start */
    ws_cuda_trace all;  /* the finished launches' steps */
    char **names;       /* the kernels' names, owned */
    size_t n_names;
} T;

static _Noreturn void bad_variable(const char *name, const char *value, const char *what)
{
    fprintf(stderr, "warpsim: %s=%s: %s\n", name, value, what);
    exit(2);
}

static void write_at_exit(void);

static void read_variables(void)
{
    T.read = true;
    const char *v = getenv("WARPSIM_TRACE");
    if (!v || !*v)
        return;
    char why[200];
    const char *path;
    if (!wc_trace_parse_spec(v, T.format, &path, why, sizeof why))
        bad_variable("WARPSIM_TRACE", v, why);
    const char *cost = getenv("WARPSIM_TRACE_COST");
    if (cost && !wc_trace_parse_cost(cost, &T.all.cost, why, sizeof why))
        bad_variable("WARPSIM_TRACE_COST", cost, why);
    const char *w = getenv("WARPSIM_TRACE_WARPS");
    if (w && *w) {
        if (!wc_trace_parse_warps(w, T.picks, &T.n_picks, why, sizeof why))
            bad_variable("WARPSIM_TRACE_WARPS", w, why);
    } else {
        T.picks[T.n_picks++] = (wc_trace_pick){0, 0}; /* warp 0 of block 0 */
    }
    if (!ws_cuda_trace_write) {
        fprintf(stderr, "warpsim: WARPSIM_TRACE: this program was linked without warpsim's trace writers "
                        "(warpsim cc links them; with CMake, link warpsim::trace): no trace\n");
        return;
    }
    T.path = strdup(path);
    const char *k = getenv("WARPSIM_TRACE_KERNEL");
    T.kernel = k && *k ? strdup(k) : NULL;
    if (!T.path || (k && *k && !T.kernel))
        bad_variable("WARPSIM_TRACE", v, "out of memory");
    T.file_mode = umask(0); /* read once, before the program's threads: mkstemp's file is 0600 */
    umask(T.file_mode);
    T.file_mode = 0666 & ~T.file_mode;
    T.on = true;
    atexit(write_at_exit);
}

/* The program's trace, for launches that host threads may make at once
 * (the blocks' own steps need no lock: each block has its own). */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void launch_begin(wc_launch *L);

void wc_trace_launch_begin(wc_launch *L)
{
    pthread_mutex_lock(&lock);
    launch_begin(L);
    pthread_mutex_unlock(&lock);
}

static void launch_begin(wc_launch *L)
{
    if (!T.read)
        read_variables();
    L->trace_on = false;
    if (!T.on)
        return;
    T.launches++;
    L->trace_launch = T.launches;
    if (T.kernel && strcmp(T.kernel, L->name) != 0)
        return;
    char **grown = realloc(T.names, (T.n_names + 1) * sizeof *grown);
    char *name = strdup(L->name);
    if (!grown || !name) {
        free(name);
        if (grown)
            T.names = grown;
        T.no_memory = true; /* no trace, said at exit */
        return;
    }
    T.names = grown;
    T.names[T.n_names++] = name;
    L->trace_name = name;
    L->trace_on = true;
}

uint32_t wc_trace_warps(const wc_launch *L, size_t block, int warps)
{
    if (!L->trace_on)
        return 0;
    uint32_t all = warps >= 32 ? 0xffffffffu : ((uint32_t)1 << warps) - 1, m = 0;
    for (int i = 0; i < T.n_picks; i++)
        if (T.picks[i].block < 0 || (unsigned long long)T.picks[i].block == block)
            m |= T.picks[i].warp < 0 ? all : (uint32_t)1 << T.picks[i].warp;
    return m & all;
}

/* A new step of block b's trace, or NULL when the limit is passed. */
static ws_cuda_trace_step *new_step(wc_block *b, int w, const wc_call *c)
{
    if (__atomic_add_fetch(&T.recorded, 1, __ATOMIC_RELAXED) > WS_CUDA_TRACE_MAX_STEPS) {
        __atomic_store_n(&T.over, true, __ATOMIC_RELAXED);
        return NULL;
    }
    ws_cuda_trace *t = &b->trace;
    if (t->count == t->capacity) {
        size_t cap = t->capacity ? 2 * t->capacity : 64;
        ws_cuda_trace_step *grown = realloc(t->steps, cap * sizeof *grown);
        if (!grown) {
            __atomic_store_n(&T.no_memory, true, __ATOMIC_RELAXED);
            return NULL;
        }
        t->steps = grown;
        t->capacity = cap;
    }
    ws_cuda_trace_step *s = &t->steps[t->count++];
    memset(s, 0, sizeof *s);
    const wc_warp *wp = &b->warp[w];
    s->kernel = b->launch->trace_name;
    s->launch = b->launch->trace_launch;
    s->block = b->linear;
    s->bx = b->idx.x;
    s->by = b->idx.y;
    s->bz = b->idx.z;
    s->warp = w;
    s->lanes = WC_WARP;
    s->file = c->file;
    s->line = wc_call_line(c);
    s->type = wc_call_type(c);
    s->mask = c->mask;
    s->b = wc_call_b(c);
    s->width = wc_call_width(c);
    s->exited = wp->exited;
    s->absent = ~wp->present & (((ws_mask)1 << WC_WARP) - 1);
    return s;
}

static void add_diag(ws_cuda_trace_step *s, int code, ws_mask lanes, const char *message)
{
    size_t old = s->diags ? strlen(s->diags) : 0, add = strlen(message);
    char *grown = realloc(s->diags, old + add + 2);
    if (!grown)
        return;
    if (old)
        grown[old++] = '\n';
    memcpy(grown + old, message, add + 1);
    s->diags = grown;
    if (s->n_diags < 8) {
        s->diag_codes[s->n_diags] = code;
        s->diag_lanes[s->n_diags] = lanes;
    }
    s->n_diags++;
}

void wc_trace_site(wc_block *b, int w, const wc_call *c, ws_mask lanes, size_t diags_before)
{
    ws_cuda_trace_step *s = new_step(b, w, c);
    if (!s)
        return;
    wc_warp *wp = &b->warp[w];
    int op = wc_call_op(c);
    s->op = op == WS_CUDA_OP_ACTIVEMASK ? WS_CUDA_TRACE_ACTIVEMASK : op;
    s->executed = lanes;
    for (ws_mask t = lanes; t; t &= t - 1) { /* another line, mask, lane argument or width */
        const wc_call *lc = &wp->lanes[__builtin_ctzll(t)].call;
        s->operands_differ |= !wc_same_call(lc, c);
    }
    s->has_values = op != WS_COLL_SYNCWARP;
    for (ws_mask t = s->executed; t; t &= t - 1) {
        int lane = __builtin_ctzll(t);
        s->in[lane] = op == WS_CUDA_OP_ACTIVEMASK ? 0 : wp->value[lane];
        s->out[lane] = wp->result[lane];
    }
    if (op <= WS_COLL_SHFL_BFLY) {
        ws_lane_read reads[64];
        (void)ws_last_shuffle_reads(wp->model, reads);
        memcpy(s->reads, reads, sizeof s->reads);
        s->has_reads = true;
    }
    size_t count = ws_diag_count(wp->model);
    for (size_t i = diags_before; i < count; i++) {
        const ws_diag *d = ws_diag_get(wp->model, i);
        add_diag(s, d->code, d->lanes, d->message);
    }
}

void wc_trace_barrier(wc_block *b, int w, ws_mask at, int kind, const char *diags, int code)
{
    const wc_call *c = &b->warp[w].lanes[__builtin_ctzll(at)].call;
    ws_cuda_trace_step *s = new_step(b, w, c);
    if (!s)
        return;
    wc_warp *wp = &b->warp[w];
    s->op = kind == WC_BAR_GRID ? WS_CUDA_TRACE_GRID_SYNC : WS_CUDA_TRACE_SYNCTHREADS;
    s->b = kind == WC_BAR_GRID ? 0 : kind;
    s->mask = 0;
    s->width = 0;
    s->type = WS_I32;
    s->executed = at;
    s->has_values = kind >= 1 && kind <= 3; /* the predicate and what the block's count, and or or gave */
    for (ws_mask t = s->has_values ? at : 0; t; t &= t - 1) {
        int lane = __builtin_ctzll(t);
        s->in[lane] = wp->value[lane] != 0;
        s->out[lane] = wp->result[lane];
    }
    if (diags)
        add_diag(s, code, at, diags);
}

void wc_trace_free(ws_cuda_trace *t)
{
    for (size_t i = 0; i < t->count; i++)
        free(t->steps[i].diags);
    free(t->steps);
    *t = (ws_cuda_trace){0};
}

static void append(ws_cuda_trace *from);

void wc_trace_append(ws_cuda_trace *from)
{
    if (!from->count)
        return;
    pthread_mutex_lock(&lock);
    append(from);
    pthread_mutex_unlock(&lock);
}

static void append(ws_cuda_trace *from)
{
    if (T.over || T.no_memory) {
        wc_trace_free(from);
        return;
    }
    ws_cuda_trace *t = &T.all;
    if (t->count + from->count > t->capacity) {
        size_t cap = t->capacity ? t->capacity : 256;
        while (cap < t->count + from->count)
            cap *= 2;
        ws_cuda_trace_step *grown = realloc(t->steps, cap * sizeof *grown);
        if (!grown) {
            T.no_memory = true;
            wc_trace_free(from);
            return;
        }
        t->steps = grown;
        t->capacity = cap;
    }
    memcpy(&t->steps[t->count], from->steps, from->count * sizeof *from->steps);
    t->count += from->count;
    free(from->steps);
    *from = (ws_cuda_trace){0};
}

static void write_at_exit(void)
{
    char err[300] = "";
    bool ok = false;
    if (T.no_memory) {
        snprintf(err, sizeof err, "out of memory for the trace's steps");
    } else if (T.over) {
        snprintf(err, sizeof err, "more than %d steps (a trace holds at most %d, as warpsim run --trace): "
                 "trace fewer warps (WARPSIM_TRACE_WARPS) or one kernel (WARPSIM_TRACE_KERNEL)",
                 WS_CUDA_TRACE_MAX_STEPS, WS_CUDA_TRACE_MAX_STEPS);
    } else {
        /* Beside the file, then renamed: a failed write leaves what was there. */
        size_t n = strlen(T.path) + 16;
        char *tmp = malloc(n);
        int fd = -1;
        if (tmp) {
            snprintf(tmp, n, "%s.XXXXXX", T.path);
            fd = mkstemp(tmp);
            if (fd >= 0)
                (void)fchmod(fd, T.file_mode);
        }
        FILE *out = fd >= 0 ? fdopen(fd, "w") : NULL;
        if (!out) {
            snprintf(err, sizeof err, "cannot create a file beside %s", T.path);
            if (fd >= 0) {
                close(fd);
                unlink(tmp);
            }
        } else {
            ok = ws_cuda_trace_write(&T.all, T.format, out, err, sizeof err);
            ok &= fclose(out) == 0;
            if (ok && rename(tmp, T.path) != 0) {
                snprintf(err, sizeof err, "cannot write %s", T.path);
                ok = false;
            }
            if (!ok) {
                unlink(tmp);
                if (!err[0])
                    snprintf(err, sizeof err, "cannot write %s", T.path);
            }
        }
        free(tmp);
    }
    if (!ok)
        fprintf(stderr, "warpsim: WARPSIM_TRACE=%s:%s: %s; no trace written\n", T.format, T.path, err);
    wc_trace_free(&T.all);
    for (size_t i = 0; i < T.n_names; i++)
        free(T.names[i]);
    free(T.names);
    free(T.path);
    free(T.kernel);
    if (!ok) { /* as a refused `warpsim run --trace`: exit status 2, the program's output kept */
        fflush(NULL);
        _exit(2);
    }
}
