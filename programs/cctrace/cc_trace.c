/* Users' kernels' traces (WARPSIM_TRACE, include/warpsim/cuda_trace.h) in
 * the writers' formats: the recorded steps become a run (wk_run) of a
 * program named after the kernel, whose listing is the user's source
 * file, so that one set of writers, and one viewer, serves both kinds of
 * trace. Each step's CUDA text is its line of the user's file; its model
 * text names the kernel, launch, file:line, the call and its operands. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>

#include "runtime/cost.h"
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
        if (len + 1 < cap)
            continue;
        char *grown = cap < ((size_t)8 << 20) ? realloc(text, cap * 2) : NULL; /* a source, not data */
        if (!grown)
            free(text);
        text = grown;
        cap *= 2;
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

/* What the call gives back: a mask for ballot, match and __activemask, an
 * int for vote and the barriers' count/and/or, else the operand's type. */
static wk_elem result_type(const ws_cuda_trace_step *s)
{
    switch (s->op) {
    case WS_COLL_VOTE_BALLOT: case WS_COLL_MATCH_ANY: case WS_COLL_MATCH_ALL: case WS_CUDA_TRACE_ACTIVEMASK:
        return WK_U32;
    case WS_COLL_VOTE_ALL: case WS_COLL_VOTE_ANY: case WS_COLL_VOTE_UNI: case WS_CUDA_TRACE_SYNCTHREADS:
        return WK_I32;
    default:
        return (wk_elem)s->type;
    }
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
    k->src_file = s->file;
    k->executed = s->executed;
    k->exited = s->exited;
    k->absent = s->absent;
    k->type = result_type(s);
    k->call_results = true;
    if (s->has_values) {
        k->has_values = true;
        snprintf(k->reg, sizeof k->reg, "%s", "result");
        k->has_in = s->op != WS_CUDA_TRACE_ACTIVEMASK;
        if (k->has_in && !(k->in_bits = calloc(32, sizeof *k->in_bits)))
            return false;
        k->in_type = (wk_elem)s->type;
        for (int lane = 0; lane < s->lanes && lane < 32; lane++) {
            /* __match_all_sync's predicate rides in bit 32: the mask says it (0: not all equal) */
            k->bits[lane] = s->op == WS_COLL_MATCH_ALL ? (uint32_t)s->out[lane] : s->out[lane];
            if (k->has_in)
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

/* ---- WARPSIM_TRACE_COST: warpsim run --cost's estimate for the traced calls ---- */

/* A call's cycles (cost.c's table): the collective's own latency. */
static unsigned call_cycles(const ws_cuda_trace_step *s)
{
    switch (s->op) {
    case WS_COLL_SHFL_IDX: case WS_COLL_SHFL_UP: case WS_COLL_SHFL_DOWN: case WS_COLL_SHFL_BFLY:
        return wk_latencies[WK_LAT_SHFL].cycles; /* 64 bits: two independent SHFLs */
    case WS_COLL_VOTE_BALLOT:
    case WS_CUDA_TRACE_ACTIVEMASK: /* VOTE.ANY to a register, as a ballot: assumed, not measured */
        return wk_latencies[WK_LAT_VOTE_BALLOT].cycles;
    case WS_COLL_VOTE_ALL: case WS_COLL_VOTE_ANY: case WS_COLL_VOTE_UNI:
        return wk_latencies[WK_LAT_VOTE_ANY].cycles;
    case WS_COLL_MATCH_ALL:
        return wk_latencies[WK_LAT_MATCH_ALL].cycles;
    case WS_COLL_MATCH_ANY: { /* its time depends on how many values the lanes bring */
        uint64_t seen[32];
        int distinct = 0;
        for (int lane = 0; lane < 32; lane++) {
            if (!(s->executed >> lane & 1))
                continue;
            int k = 0;
            while (k < distinct && seen[k] != s->in[lane])
                k++;
            if (k == distinct)
                seen[distinct++] = s->in[lane];
        }
        return wk_cost_match_any(distinct ? distinct : 1);
    }
    case WS_COLL_SYNCWARP:
        return wk_latencies[WK_LAT_SYNCWARP].cycles;
    default: /* __reduce_*_sync */
        return wk_latencies[WK_LAT_REDUX].cycles;
    }
}

/* The estimate over r's steps (filled from t's): each traced warp's calls
 * as one chain, each using the last one's result (as a reduction or scan
 * does: the arithmetic between them is not seen, so it counts 0), a
 * barrier ending when the block's traced warps have all arrived. */
static bool add_cost(wk_run *r, const ws_cuda_trace *t)
{
    r->params.cost = true;
    r->cost = wk_cost_new(r);
    if (!r->cost)
        return false;
    const ws_reg value = {1}; /* the chain's one register */
    wk_cost_warp *warps[32] = {0};
    for (size_t i = 0; i < t->count; i++) {
        const ws_cuda_trace_step *s = &t->steps[i];
        /* A new block (or launch): its traced warps, all begun at its first step. */
        if (i == 0 || s->block != t->steps[i - 1].block || s->launch != t->steps[i - 1].launch) {
            for (int w = 0; w < 32; w++)
                wk_cost_warp_end(warps[w]);
            memset(warps, 0, sizeof warps);
            wk_cost_new_blocks(r->cost);
            for (size_t j = i; j < t->count && t->steps[j].block == s->block && t->steps[j].launch == s->launch; j++) {
                int w = t->steps[j].warp & 31;
                if (!warps[w] && !(warps[w] = wk_cost_warp_begin(r->cost, (int)s->block, w, 32)))
                    return false;
            }
        }
        wk_cost_warp *w = warps[s->warp & 31];
        wk_cost_step(w, (long)i);
        if (s->op == WS_CUDA_TRACE_SYNCTHREADS || s->op == WS_CUDA_TRACE_GRID_SYNC) {
            wk_cost_barrier(w);
            continue;
        }
        unsigned cycles = call_cycles(s);
        char name[80];
        snprintf(name, sizeof name, "%s", s->op == WS_CUDA_TRACE_ACTIVEMASK ? "activemask" : ws_coll_kind_name((ws_coll_kind)s->op));
        (void)wk_cost_op(w, name, cycles, &value, 1, NULL, 0, &value, 1);
    }
    for (int w = 0; w < 32; w++)
        wk_cost_warp_end(warps[w]);
    return wk_cost_finish(r);
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
    else if (t->cost && !add_cost(&r, t)) {
        snprintf(err, err_size, "the cycle estimate: %s", r.error[0] ? r.error : "out of memory");
        ok = false;
    }
    bool no_memory = false;
    if (ok && wr->fits && !wr->fits(&r, &no_memory, err, err_size))
        ok = false;
    if (ok && !wr->write(out, &r)) {
        snprintf(err, err_size, "writing failed");
        ok = false;
    }
    wk_trace_free(&r.trace);
    wk_cost_free(r.cost);
    free(r.diags);
    free(r.diag_block);
    free(r.diag_warp);
    free(r.diag_step);
    free(src.text);
    free(src.line);
    return ok;
}
