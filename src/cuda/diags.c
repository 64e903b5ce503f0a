/* A launch's diagnostics: each carries where it happened (block, warp,
 * lanes, the call sites of those lanes); repeats are counted, not kept. */
#define _GNU_SOURCE /* sigjmp_buf, MAP_ANONYMOUS with -std=c17 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_internal.h"

static const char *base_name(const char *path)
{
    const char *slash = path ? strrchr(path, '/') : NULL;
    return slash ? slash + 1 : (path ? path : "?");
}

static const char *op_name(const wc_call *c)
{
    int op = wc_call_op(c);
    if (op == WS_CUDA_OP_ACTIVEMASK)
        return "__activemask";
    if (op == WS_CUDA_OP_SYNCTHREADS)
        return wc_call_b(c) == WC_BAR_GRID ? "grid.sync()" : "__syncthreads";
    if (op == WS_CUDA_OP_PRINTF)
        return "printf";
    return ws_coll_cuda_name((ws_coll_kind)op);
}

void wc_describe_sites(const wc_block *b, int warp, ws_mask lanes, char *buf, size_t size)
{
    unsigned char taken[WC_MAX_THREADS] = {0};
    int first = warp >= 0 ? warp * WC_WARP : 0;
    int end = warp >= 0 ? first + WC_WARP : b->threads;
    if (end > b->threads)
        end = b->threads;
    size_t used = 0;
    buf[0] = '\0';
    for (int t = first; t < end && used < size; t++) {
        const wc_lane *l = &b->lanes[t];
        bool wanted = warp >= 0 ? ((lanes >> (t - first)) & 1) : wc_lane_state(l) != WC_DONE;
        if (!wanted || taken[t] || wc_lane_state(l) == WC_DONE || wc_lane_state(l) == WC_RUNNABLE)
            continue;
        unsigned char ids[WC_MAX_THREADS] = {0};
        for (int u = t; u < end; u++) {
            const wc_lane *o = &b->lanes[u];
            bool want_u = warp >= 0 ? ((lanes >> (u - first)) & 1) : wc_lane_state(o) != WC_DONE;
            if (want_u && !taken[u] && wc_lane_state(o) != WC_DONE && wc_lane_state(o) != WC_RUNNABLE &&
                wc_call_line(&o->call) == wc_call_line(&l->call) && wc_call_op(&o->call) == wc_call_op(&l->call) &&
                (o->call.file == l->call.file || strcmp(o->call.file, l->call.file) == 0)) {
                taken[u] = 1;
                ids[u - first] = 1;
            }
        }
        char list[160], entry[400];
        ws_format_ids(ids, end - first, list, sizeof list);
        int k = warp >= 0
                    ? snprintf(entry, sizeof entry, "%s%s:%d (lanes %s)", used ? "; " : "",
                               base_name(l->call.file), wc_call_line(&l->call), list)
                    : snprintf(entry, sizeof entry, "%s%s:%d %s (threads %s)", used ? "; " : "",
                               base_name(l->call.file), wc_call_line(&l->call), op_name(&l->call), list);
        /* Whole entries only; "; ..." says some did not fit (room kept for it). */
        if (k < 0 || used + (size_t)k + 6 >= size) {
            if (used + 6 < size)
                memcpy(buf + used, used ? "; ..." : "...", used ? 6 : 4);
            return;
        }
        memcpy(buf + used, entry, (size_t)k + 1);
        used += (size_t)k;
    }
}

static bool push(wc_diags *d, const ws_cuda_diag *item)
{
    if (d->count == d->capacity) {
        size_t cap = d->capacity ? d->capacity * 2 : 8;
        ws_cuda_diag *grown = realloc(d->items, cap * sizeof *grown);
        if (!grown)
            return false;
        d->items = grown;
        d->capacity = cap;
    }
    d->items[d->count++] = *item;
    return true;
}

static ws_cuda_diag *find_same(wc_diags *d, const ws_cuda_diag *item)
{
    for (size_t i = 0; i < d->count; i++)
        if (d->items[i].code == item->code && strcmp(d->items[i].where, item->where) == 0 &&
            strcmp(d->items[i].message, item->message) == 0)
            return &d->items[i];
    return NULL;
}

void wc_diag_add(wc_block *b, ws_diag_code code, int warp, ws_mask lanes, const char *where, const char *fmt, ...)
{
    if (b->check.faulted)
        return; /* after memcheck stopped a thread, what its block does is not the program's */
    ws_cuda_diag item = {.code = code, .block = {b->idx.x, b->idx.y, b->idx.z}, .warp = warp, .lanes = lanes};
    snprintf(item.where, sizeof item.where, "%s", where);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(item.message, sizeof item.message, fmt, ap);
    va_end(ap);
    ws_cuda_diag *same = find_same(&b->diags, &item);
    if (same)
        same->repeats++;
    else
        push(&b->diags, &item); /* out of memory: the diagnostic is lost, the run goes on */
}

bool wc_diags_merge(wc_diags *into, wc_diags *from)
{
    bool ok = true;
    for (size_t i = 0; i < from->count; i++) {
        ws_cuda_diag *same = find_same(into, &from->items[i]);
        if (same)
            same->repeats += 1 + from->items[i].repeats;
        else
            ok &= push(into, &from->items[i]);
    }
    wc_diags_free(from);
    return ok;
}

void wc_diags_free(wc_diags *d)
{
    free(d->items);
    *d = (wc_diags){0};
}
