/* Users' kernels' traces (WARPSIM_TRACE, include/warpsim/cuda_trace.h) in
 * the writers' formats: the recorded steps become a run (wk_run) of a
 * program named after the kernel, whose listing is the user's source
 * file, so that one set of writers, and one viewer, serves both kinds of
 * trace. Each step's CUDA text is its line of the user's file; its model
 * text names the kernel, launch, file:line, the call and its operands. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "runtime/program.h"
#include "warpsim/cuda_trace.h"
#include "writers/writers.h"

/* A source file's text, split in lines (NULL when it cannot be read). */
typedef struct source {
    const char *path;
    char *text;
    char **line;
    int n;
} source;

static void source_load(source *s, const char *path)
{
    *s = (source){.path = path};
    FILE *f = path ? fopen(path, "rb") : NULL;
    if (!f)
        return;
    size_t cap = 4096, len = 0;
    char *text = malloc(cap);
    for (size_t got; text && (got = fread(text + len, 1, cap - len - 1, f)) > 0;) {
        len += got;
        if (len + 1 == cap) {
            char *grown = len < ((size_t)8 << 20) ? realloc(text, cap *= 2) : NULL; /* a source, not data */
            if (!grown) {
                free(text);
                text = NULL;
            }
            text = grown;
        }
    }
    fclose(f);
    if (!text)
        return;
    text[len] = 0;
    int lines = 1;
    for (size_t i = 0; i < len; i++)
        lines += text[i] == '\n';
    char **line = malloc((size_t)lines * sizeof *line);
    if (!line) {
        free(text);
        return;
    }
    int n = 0;
    for (char *p = text; p;) {
        line[n++] = p;
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    s->text = text;
    s->line = line;
    s->n = n;
}

/* Line `no` (from 1) without its indentation and end, or NULL. */
static char *source_line(const source *s, int no)
{
    if (!s->text || no < 1 || no > s->n)
        return NULL;
    const char *a = s->line[no - 1];
    while (*a == ' ' || *a == '\t')
        a++;
    const char *e = strchr(a, '\n');
    size_t len = e ? (size_t)(e - a) : strlen(a);
    while (len && (a[len - 1] == '\r' || a[len - 1] == ' ' || a[len - 1] == '\t'))
        len--;
    return strndup(a, len);
}

/* The call as its model text: "k, launch 1, x.cu:12: __shfl_down_sync mask 0xffffffff, delta 16, width 32". */
static char *model_text(const ws_cuda_trace_step *s)
{
    static const char *const lane_arg[] = {"srcLane", "delta", "delta", "laneMask"};
    static const char *const barrier[] = {"__syncthreads", "__syncthreads_count", "__syncthreads_and",
                                          "__syncthreads_or"};
    char call[200];
    if (s->op == WS_CUDA_TRACE_ACTIVEMASK)
        snprintf(call, sizeof call, "__activemask");
    else if (s->op == WS_CUDA_TRACE_GRID_SYNC)
        snprintf(call, sizeof call, "grid.sync");
    else if (s->op == WS_CUDA_TRACE_SYNCTHREADS)
        snprintf(call, sizeof call, "%s", barrier[s->b & 3]);
    else if (s->op <= WS_COLL_SHFL_BFLY)
        snprintf(call, sizeof call, "%s mask 0x%08x, %s %d, width %d%s", ws_coll_cuda_name((ws_coll_kind)s->op),
                 s->mask, lane_arg[s->op], s->b, s->width, s->operands_differ ? " (lanes differ)" : "");
    else
        snprintf(call, sizeof call, "%s mask 0x%08x%s", ws_coll_cuda_name((ws_coll_kind)s->op), s->mask,
                 s->operands_differ ? " (lanes differ)" : "");
    char *text = NULL;
    if (asprintf(&text, "%s, launch %u, block %zu (%u,%u,%u) warp %d, %s:%d: %s", s->kernel, s->launch, s->block,
                 s->bx, s->by, s->bz, s->warp, s->file ? s->file : "?", s->line, call) < 0)
        return NULL;
    return text;
}

static const char *op_name(int op)
{
    if (op == WS_CUDA_TRACE_ACTIVEMASK)
        return "activemask";
    if (op == WS_CUDA_TRACE_SYNCTHREADS)
        return "bar.sync";
    if (op == WS_CUDA_TRACE_GRID_SYNC)
        return "grid.sync";
    return ws_coll_kind_name((ws_coll_kind)op);
}

static bool fill_step(wk_step *k, const ws_cuda_trace_step *s, const source *src)
{
    *k = (wk_step){.block = (int)s->block, .warp = s->warp, .lanes = s->lanes};
    bool listed = s->file && src->path && src->text && strcmp(s->file, src->path) == 0;
    k->cuda = listed ? source_line(src, s->line) : NULL;
    if (!k->cuda && asprintf(&k->cuda, "%s:%d", s->file ? s->file : "?", s->line) < 0) /* where it is */
        k->cuda = NULL;
    k->model = model_text(s);
    if (!k->cuda || !k->model)
        return false;
    if (listed)
        k->src_line = s->line;
    k->executed = s->executed;
    k->exited = s->exited;
    k->absent = s->absent;
    k->type = (wk_elem)s->type;
    k->call_results = true;
    if (s->has_values) {
        k->has_values = true;
        snprintf(k->reg, sizeof k->reg, "%s", "result");
        k->has_in = s->op != WS_CUDA_TRACE_ACTIVEMASK;
        for (int lane = 0; lane < s->lanes && lane < 32; lane++) {
            k->bits[lane] = s->out[lane];
            k->in_bits[lane] = s->in[lane];
        }
    }
    if (s->has_reads) {
        k->has_reads = true;
        for (int lane = 0; lane < s->lanes && lane < 32; lane++)
            k->reads[lane] = s->reads[lane];
    }
    return true;
}

/* Each step's diagnostics become the run's, numbered with their step. */
static bool add_diags(wk_run *r, const ws_cuda_trace_step *s, long step)
{
    const char *line = s->diags;
    for (int i = 0; line && i < s->n_diags; i++) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        if (r->n_diags == r->diag_capacity) {
            size_t cap = r->diag_capacity ? 2 * r->diag_capacity : 16;
            ws_diag *d = realloc(r->diags, cap * sizeof *d);
            int *db = d ? realloc(r->diag_block, cap * sizeof *db) : NULL;
            r->diags = d ? d : r->diags;
            r->diag_block = db ? db : r->diag_block;
            int *dw = db ? realloc(r->diag_warp, cap * sizeof *dw) : NULL;
            r->diag_warp = dw ? dw : r->diag_warp;
            long *ds = dw ? realloc(r->diag_step, cap * sizeof *ds) : NULL;
            r->diag_step = ds ? ds : r->diag_step;
            if (!ds)
                return false;
            r->diag_capacity = cap;
        }
        ws_diag *d = &r->diags[r->n_diags];
        *d = (ws_diag){.code = (ws_diag_code)(i < 8 ? s->diag_codes[i] : 0), .op = op_name(s->op),
                       .lanes = i < 8 ? s->diag_lanes[i] : s->executed};
        snprintf(d->message, sizeof d->message, "%.*s", (int)len, line);
        r->diag_block[r->n_diags] = (int)s->block;
        r->diag_warp[r->n_diags] = s->warp;
        r->diag_step[r->n_diags] = step;
        r->n_diags++;
        line = end ? end + 1 : NULL;
    }
    return true;
}

bool ws_cuda_trace_write(const ws_cuda_trace *t, const char *format, FILE *out, char *err, size_t err_size)
{
    const wk_trace_writer *wr = wk_find_trace_writer(format);
    if (!wr || strcmp(format, "svg") == 0) {
        snprintf(err, err_size, "unknown trace format '%s' (text, json, csv or html)", format);
        return false;
    }
    /* The listing: the file of the first step (the kernel's, usually). */
    source src;
    source_load(&src, t->count ? t->steps[0].file : NULL);
    char title[200];
    snprintf(title, sizeof title, "%s", t->count ? t->steps[0].kernel : "no kernel");
    char summary[300];
    snprintf(summary, sizeof summary, "your kernel's traced warps (WARPSIM_TRACE), %s", src.path ? src.path : "");
    wk_program prog = {.name = title, .summary = summary, .cuda = src.text ? src.text : ""};
    wk_run r = {.program = &prog, .lanes = 32};
    r.params.profile = WS_PROFILE_SM90;
    r.params.type = t->count ? (wk_elem)t->steps[0].type : WK_I32;
    r.params.trace = true;
    bool ok = true;
    r.trace.steps = calloc(t->count ? t->count : 1, sizeof *r.trace.steps);
    ok = r.trace.steps != NULL;
    for (size_t i = 0; ok && i < t->count; i++) {
        ok = fill_step(&r.trace.steps[i], &t->steps[i], &src);
        r.trace.count = i + 1;
        ok = ok && add_diags(&r, &t->steps[i], (long)i + 1);
    }
    r.trace.capacity = r.trace.count;
    r.steps = (long)r.trace.count;
    if (!ok)
        snprintf(err, err_size, "out of memory");
    bool no_memory = false;
    if (ok && wr->fits && !wr->fits(&r, &no_memory, err, err_size))
        ok = false;
    if (ok && !wr->write(out, &r)) {
        snprintf(err, err_size, "writing failed");
        ok = false;
    }
    wk_trace_free(&r.trace);
    free(r.diags);
    free(r.diag_block);
    free(r.diag_warp);
    free(r.diag_step);
    free(src.text);
    free(src.line);
    return ok;
}
