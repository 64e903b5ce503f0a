/* Text writers: the final values, and the trace as a lane-by-step grid. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cost.h"
#include "runtime/program.h"
#include "writers.h"

#define CELL_MAX 24      /* wider values (sym sums) are written one block per step */
#define LINE_WIDTH 100   /* the grid is cut into column chunks of about this width */

static const char *const state_names[] = {"", "  (exited)", "  (absent)"};

bool wk_write_results_text(FILE *out, const wk_run *r)
{
    char *text = malloc(WK_VALUE_TEXT);
    if (!text)
        return false;
    char hex[24];
    fprintf(out, "%s  profile %s  type %s\n", r->program->name, ws_profile_name(r->params.profile),
            wk_elem_name(r->params.type));
    for (int i = 0; i < r->n_outputs; i++) {
        const wk_output *o = &r->outputs[i];
        fprintf(out, "%s", o->name);
        if (o->block >= 0)
            fprintf(out, " (block %d, warp %d)", o->block, o->warp);
        fprintf(out, ":\n");
        for (size_t j = 0; j < o->count; j++) {
            wk_format(o->type, o->bits[j], &r->sym, text, WK_VALUE_TEXT);
            if (o->type == WK_SYM)
                fprintf(out, "  %s %2zu  %s", o->per_lane ? "lane" : "   ", j, text);
            else
                fprintf(out, "  %s %2zu%s  %-14s %s", o->per_lane ? "lane" : "   ", j, o->per_lane ? "" : " ",
                        text, wk_format_hex(o->type, o->bits[j], hex, sizeof hex));
            fprintf(out, "%s\n", o->per_lane ? state_names[o->lane_state[j] % 3] : "");
        }
    }
    if (r->note[0])
        fprintf(out, "%s\n", r->note);
    free(text);
    return fflush(out) == 0 && !ferror(out);
}

/* What a lane read in a step, as a short suffix: "<16", "*" (own value,
 * out of range), "!20" (lane 20 did not take part: it read the profile's
 * inactive-read word, as the legend says). */
static void read_mark(const wk_step *s, int lane, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!s->has_reads)
        return;
    const ws_lane_read *rd = &s->reads[lane];
    switch (rd->kind) {
    case WS_READ_LANE: snprintf(buf, size, " <%d", rd->source); break;
    case WS_READ_OWN: snprintf(buf, size, " *"); break;
    case WS_READ_INACTIVE: snprintf(buf, size, " !%d", rd->source); break;
    default: break;
    }
}

static void cell_text(const wk_run *r, const wk_step *s, int lane, char *buf, size_t size)
{
    if (((s->exited | s->absent) >> lane & 1) && !(s->executed >> lane & 1)) {
        snprintf(buf, size, "-"); /* exited or absent: its registers mean nothing */
        return;
    }
    if (!wk_step_lane_valued(s, lane)) { /* no register, or a lane elsewhere while others called */
        snprintf(buf, size, ".");
        return;
    }
    char mark[16];
    size_t len = 0;
    if (s->has_in && (s->executed >> lane & 1)) { /* users' kernels: "passed -> received" */
        wk_format(s->in_type, s->in_bits[lane], &r->sym, buf, size);
        len = strlen(buf);
        len += (size_t)snprintf(buf + len, size - len, " -> ");
        if (len >= size)
            return;
    }
    wk_format(s->type, s->bits[lane], &r->sym, buf + len, size - len);
    read_mark(s, lane, mark, sizeof mark);
    len = strlen(buf);
    snprintf(buf + len, size - len, "%s", mark);
}

static bool same_warp(const wk_step *a, int block, int warp) { return a->block == block && a->warp == warp; }

static void step_header(FILE *out, const wk_step *s, size_t number)
{
    char lanes[200];
    fprintf(out, "step %zu: %s\n", number, s->cuda ? s->cuda : "");
    if (s->model) /* long lowerings (transpose8) are cut; CSV and JSON keep them whole */
        fprintf(out, "    model: %.200s%s\n", s->model, strlen(s->model) > 200 ? "..." : "");
    fprintf(out, "    lanes executing: %s", ws_format_lanes(s->executed, lanes, sizeof lanes));
    if (s->exited)
        fprintf(out, "; exited: %s", ws_format_lanes(s->exited, lanes, sizeof lanes));
    if (s->has_values)
        fprintf(out, "; shows %s%s", s->reg, s->has_in ? " (passed -> received)" : "");
    fprintf(out, "\n");
    if (s->src_line > 0)
        fprintf(out, "    listing line: %d\n", s->src_line);
    if (s->has_cost) {
        fprintf(out, "    cost: %" PRIu32 " cycles", s->cost_cycles);
        if (s->cost_ops)
            fprintf(out, " (%.200s%s)", s->cost_ops, strlen(s->cost_ops) > 200 ? "..." : "");
        fprintf(out, "; done at %" PRIu64 "%s\n", s->cost_done, s->cost_critical ? "; on the critical path" : "");
    }
}

/* Text wrapped at LINE_WIDTH, later lines indented by `indent`. */
static void wrapped(FILE *out, const char *text, int indent)
{
    int col = 0;
    bool start = true;
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        if (!*p)
            break;
        int len = (int)strcspn(p, " ");
        if (!start && col + 1 + len > LINE_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
            start = true;
        }
        if (!start) {
            fputc(' ', out);
            col++;
        }
        fprintf(out, "%.*s", len, p);
        col += len;
        start = false;
        p += len;
    }
    fputc('\n', out);
}

/* The estimate's caveat, then the critical path (and each warp's). */
static void cost_summary(FILE *out, const wk_run *r)
{
    int block, warp;
    uint64_t total = wk_cost_total(r, &block, &warp);
    size_t n;
    const wk_cost_warp_total *w = wk_cost_warps(r, &n);
    if (n > 1)
        fprintf(out, "critical path: %" PRIu64 " cycles, ending in block %d, warp %d (steps marked *)\n", total, block,
                warp);
    else
        fprintf(out, "critical path: %" PRIu64 " cycles (steps marked *)\n", total);
    for (size_t i = 0; n > 1 && i < n; i++)
        fprintf(out, "  block %d, warp %d: %" PRIu64 " cycles\n", w[i].block, w[i].warp, w[i].cycles);
    char caveat[600];
    snprintf(caveat, sizeof caveat, "cycles (sm90): %s.", wk_cost_caveat);
    wrapped(out, caveat, 2);
}

bool wk_write_cost_text(FILE *out, const wk_run *r)
{
    const wk_trace *t = &r->trace;
    size_t n_warps;
    wk_cost_warps(r, &n_warps);
    bool many = n_warps > 1;
    fprintf(out, "\ncycle estimate, sm90 (--cost): cost = the step's cycles (its operations' chain); done = the "
                 "cycle\nat which every result of its warp so far is ready; * = on the critical path\n");
    fprintf(out, " step%s    cost      done   CUDA line, then its operations and their cycles\n",
            many ? "  block  warp" : "");
    for (size_t i = 0; i < t->count; i++) {
        const wk_step *s = &t->steps[i];
        if (!s->has_cost)
            continue;
        fprintf(out, "%5zu", i + 1);
        if (many)
            fprintf(out, "  %5d  %4d", s->block, s->warp);
        fprintf(out, "  %6" PRIu32 "  %8" PRIu64 " %c %s\n", s->cost_cycles, s->cost_done,
                s->cost_critical ? '*' : ' ', s->cuda ? s->cuda : "");
        if (s->cost_ops)
            fprintf(out, "%*s%s\n", many ? 39 : 26, "", s->cost_ops);
    }
    cost_summary(out, r);
    return fflush(out) == 0 && !ferror(out);
}

/* Cells formatted once for the grid (float formatting is the writer's
 * main cost): cell (i, lane) at text[(i * lanes + lane) * (CELL_MAX + 1)].
 * NULL when there are too many cells to keep; they are formatted again then. */
#define CACHED_CELLS_MAX 1000000

static char *cache_cells(const wk_run *r, const size_t *idx, size_t n, int lanes, char *buf)
{
    if (n * (size_t)lanes > CACHED_CELLS_MAX)
        return NULL;
    size_t cells = n * (size_t)lanes;
    char *text = malloc((cells ? cells : 1) * (CELL_MAX + 1));
    if (!text)
        return NULL;
    for (size_t i = 0; i < n; i++)
        for (int lane = 0; lane < lanes; lane++) {
            cell_text(r, &r->trace.steps[idx[i]], lane, buf, WK_VALUE_TEXT);
            if (strlen(buf) > CELL_MAX) { /* a wide cell: the steps are written as blocks */
                free(text);
                return NULL;
            }
            memcpy(text + (i * (size_t)lanes + (size_t)lane) * (CELL_MAX + 1), buf, strlen(buf) + 1);
        }
    return text;
}

/* Cell (i, lane): from the cache, or formatted into buf. */
static const char *cell_at(const wk_run *r, const char *cache, const size_t *idx, size_t i, int lanes, int lane,
                           char *buf)
{
    if (cache)
        return cache + (i * (size_t)lanes + (size_t)lane) * (CELL_MAX + 1);
    cell_text(r, &r->trace.steps[idx[i]], lane, buf, WK_VALUE_TEXT);
    return buf;
}

/* The widest cell of the steps of one warp. */
static size_t widest_cell(const wk_run *r, const char *cache, const size_t *idx, size_t n, int lanes, char *buf)
{
    size_t widest = 1;
    for (size_t i = 0; i < n; i++) {
        const wk_step *s = &r->trace.steps[idx[i]];
        int head = snprintf(buf, WK_VALUE_TEXT, "%zu:%.20s", idx[i] + 1, s->has_values ? s->reg : "");
        if (head > 0 && (size_t)head > widest)
            widest = (size_t)head;
    }
    for (size_t i = 0; i < n; i++)
        for (int lane = 0; lane < lanes; lane++) {
            size_t len = strlen(cell_at(r, cache, idx, i, lanes, lane, buf));
            if (len > widest)
                widest = len;
        }
    return widest;
}

static void write_grid(FILE *out, const wk_run *r, const char *cache, const size_t *idx, size_t n, int lanes,
                       size_t width, char *buf)
{
    size_t per_chunk = (LINE_WIDTH - 6) / (width + 2);
    if (per_chunk == 0)
        per_chunk = 1;
    for (size_t first = 0; first < n; first += per_chunk) {
        size_t last = first + per_chunk < n ? first + per_chunk : n;
        fprintf(out, "\n lane");
        for (size_t i = first; i < last; i++) {
            const wk_step *s = &r->trace.steps[idx[i]];
            char head[48];
            snprintf(head, sizeof head, "%zu:%.20s", idx[i] + 1, s->has_values ? s->reg : "");
            fprintf(out, "  %*s", (int)width, head);
        }
        fprintf(out, "\n");
        for (int lane = 0; lane < lanes; lane++) {
            fprintf(out, "%5d", lane);
            for (size_t i = first; i < last; i++)
                fprintf(out, "  %*s", (int)width, cell_at(r, cache, idx, i, lanes, lane, buf));
            fprintf(out, "\n");
        }
        if (!r->params.cost)
            continue;
        /* --cost: the step's cycles, and when its warp is done so far (* on the critical path) */
        for (int row = 0; row < 2; row++) {
            fprintf(out, "%5s", row ? "done" : "cost");
            for (size_t i = first; i < last; i++) {
                const wk_step *s = &r->trace.steps[idx[i]];
                char cell[32];
                if (row)
                    snprintf(cell, sizeof cell, "%" PRIu64 "%s", s->cost_done, s->cost_critical ? "*" : "");
                else
                    snprintf(cell, sizeof cell, "%" PRIu32, s->cost_cycles);
                fprintf(out, "  %*s", (int)width, cell);
            }
            fprintf(out, "\n");
        }
    }
}

static void write_blocks(FILE *out, const wk_run *r, const size_t *idx, size_t n, int lanes, char *buf)
{
    for (size_t i = 0; i < n; i++) {
        const wk_step *s = &r->trace.steps[idx[i]];
        if (!s->has_values)
            continue;
        fprintf(out, "\n step %zu, %s:\n", idx[i] + 1, s->reg);
        for (int lane = 0; lane < lanes; lane++) {
            cell_text(r, s, lane, buf, WK_VALUE_TEXT);
            fprintf(out, "%5d  %s\n", lane, buf);
        }
    }
}

bool wk_write_trace_text(FILE *out, const wk_run *r)
{
    const wk_trace *t = &r->trace;
    size_t *idx = malloc((t->count ? t->count : 1) * sizeof *idx);
    bool *done = calloc(t->count ? t->count : 1, sizeof *done);
    char *buf = malloc(WK_VALUE_TEXT);
    if (!idx || !done || !buf) {
        free(idx);
        free(done);
        free(buf);
        return false;
    }
    fprintf(out, "%s  profile %s  type %s\n", r->program->name, ws_profile_name(r->params.profile),
            wk_elem_name(r->params.type));
    char inactive_read[WK_INACTIVE_READ_TEXT];
    fprintf(out, "cells: the value after step N of the variable in the column head (N:v);\n"
                 "  <N read lane N; * out of range, kept its own value; !N lane N did not take part, read %s;\n"
                 "  . the step wrote no variable; - the lane has exited or does not exist\n",
            wk_inactive_read_text(r->params.profile, inactive_read));
    for (size_t i = 0; i < t->count; i++)
        if (t->steps[i].has_in && t->steps[i].has_values) { /* only then: the built-in programs' legend stays */
            fprintf(out, "  a -> b: the lane passed a to the call and received b\n");
            break;
        }
    if (r->params.cost)
        fprintf(out, "cost: the step's cycles (its operations' chain); done: the cycle at which every result of\n"
                     "  its warp so far is ready, * on the critical path (--cost, sm90: an estimate, see the end)\n");
    bool many_warps = false;
    for (size_t i = 0; i < t->count; i++)
        if (!same_warp(&t->steps[i], t->steps[0].block, t->steps[0].warp))
            many_warps = true;
    /* One section per warp, its steps in the order they ran. */
    for (size_t start = 0; start < t->count; start++) {
        if (done[start])
            continue;
        const wk_step *first = &t->steps[start];
        size_t n = 0;
        for (size_t i = start; i < t->count; i++)
            if (!done[i] && same_warp(&t->steps[i], first->block, first->warp)) {
                idx[n++] = i;
                done[i] = true;
            }
        if (many_warps)
            fprintf(out, "\n=== block %d, warp %d ===\n", first->block, first->warp);
        fprintf(out, "\n");
        for (size_t i = 0; i < n; i++)
            step_header(out, &t->steps[idx[i]], idx[i] + 1);
        char *cache = cache_cells(r, idx, n, first->lanes, buf);
        size_t width = widest_cell(r, cache, idx, n, first->lanes, buf);
        if (width <= CELL_MAX)
            write_grid(out, r, cache, idx, n, first->lanes, width, buf);
        else
            write_blocks(out, r, idx, n, first->lanes, buf);
        free(cache);
    }
    if (r->params.cost) {
        fprintf(out, "\n");
        cost_summary(out, r);
    }
    free(idx);
    free(done);
    free(buf);
    return fflush(out) == 0 && !ferror(out);
}
