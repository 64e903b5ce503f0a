/* Diagnostics: raised into a per-operation batch, committed to the warp. */
#include <stdlib.h>
#include <string.h>

#include "warp_internal.h"

static const char *const code_names[WS_DIAG_CODE_COUNT] = {
    [WS_DIAG_CALLER_NOT_IN_MASK] = "CALLER_NOT_IN_MASK",
    [WS_DIAG_INACTIVE_SOURCE] = "INACTIVE_SOURCE",
    [WS_DIAG_EXITED_SOURCE] = "EXITED_SOURCE",
    [WS_DIAG_ABSENT_SOURCE] = "ABSENT_SOURCE",
    [WS_DIAG_SOURCE_NOT_IN_MASK] = "SOURCE_NOT_IN_MASK",
    [WS_DIAG_MASK_NAMES_EXITED] = "MASK_NAMES_EXITED",
    [WS_DIAG_MASK_NOT_EXEC] = "MASK_NOT_EXEC",
    [WS_DIAG_BAD_WIDTH] = "BAD_WIDTH",
    [WS_DIAG_LANE_ARG_RANGE] = "LANE_ARG_RANGE",
    [WS_DIAG_DEADLOCK] = "DEADLOCK",
    [WS_DIAG_F64_NAN_PAIR] = "F64_NAN_PAIR",
    [WS_DIAG_NAN_PAYLOAD] = "NAN_PAYLOAD",
    [WS_DIAG_BARRIER_EXITED] = "BARRIER_EXITED",
    [WS_DIAG_BARRIER_SITES] = "BARRIER_SITES",
    [WS_DIAG_STACK_OVERFLOW] = "STACK_OVERFLOW",
    [WS_DIAG_TRAP] = "TRAP",
    [WS_DIAG_INT_DIVISION] = "INT_DIVISION",
    [WS_DIAG_FLOAT_CAST] = "FLOAT_CAST",
};

const char *ws_diag_code_name(ws_diag_code code)
{
    return (code > 0 && code < WS_DIAG_CODE_COUNT) ? code_names[code] : NULL;
}

/* One item of a set's text at ids[i]: a run "3-9", a stride of four or
 * more "0,2,...,30", or one index; *next is where the next item starts. */
static int format_item(const unsigned char *ids, int n, int i, char *out, size_t size, int *next)
{
    int last = i;
    while (last + 1 < n && ids[last + 1])
        last++;
    if (last > i) {
        *next = last + 1;
        return snprintf(out, size, "%d-%d", i, last);
    }
    int step = 0, count = 1, end = i;
    for (int j = i + 1; j < n; j++)
        if (ids[j]) {
            step = j - i;
            break;
        }
    /* a stride: each member alone (no run starts at it) and step apart */
    while (step > 1 && end + step < n && ids[end + step] && !(end + step + 1 < n && ids[end + step + 1])) {
        bool gap = true;
        for (int j = end + 1; j < end + step; j++)
            gap &= !ids[j];
        if (!gap)
            break;
        end += step;
        count++;
    }
    if (count >= 4) {
        *next = end + 1;
        return snprintf(out, size, "%d,%d,...,%d", i, i + step, end);
    }
    *next = i + 1;
    return snprintf(out, size, "%d", i);
}

char *ws_format_ids(const unsigned char *ids, int n, char *buf, size_t size)
{
    if (!buf || size == 0)
        return buf;
    buf[0] = '\0';
    size_t used = 0;
    bool any = false;
    for (int i = 0; i < n;) {
        if (!ids[i]) {
            i++;
            continue;
        }
        char item[48];
        int next;
        int k = format_item(ids, n, i, item, sizeof item, &next);
        size_t need = (size_t)(k > 0 ? k : 0) + (any ? 1 : 0);
        /* whole items only: what does not fit is "..." (room for it kept) */
        bool more_after = false;
        for (int j = next; j < n && !more_after; j++)
            more_after = ids[j] != 0;
        if (used + need + (more_after ? 4 : 0) >= size) {
            const char *tail = any ? ",..." : "...";
            size_t tl = strlen(tail);
            if (used + tl < size)
                memcpy(buf + used, tail, tl + 1);
            else if (size >= 4)
                memcpy(buf + size - 4, "...", 4);
            return buf;
        }
        used += (size_t)snprintf(buf + used, size - used, "%s%s", any ? "," : "", item);
        any = true;
        i = next;
    }
    if (!any)
        snprintf(buf, size, "none");
    return buf;
}

char *ws_format_lanes(ws_mask lanes, char *buf, size_t size)
{
    unsigned char ids[64];
    for (int lane = 0; lane < 64; lane++)
        ids[lane] = ws_lane_in(lanes, lane);
    return ws_format_ids(ids, 64, buf, size);
}

void ws_diag_raise(ws_diag_batch *batch, ws_diag_code code, const char *op, ws_mask lanes,
                   const char *fmt, ...)
{
    if (batch->count >= WS_DIAG_BATCH_MAX)
        return;
    ws_diag *d = &batch->items[batch->count++];
    d->code = code;
    d->op = op;
    d->lanes = lanes;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
}

void ws_diag_record(ws_warp *w, const ws_diag *diag)
{
    if (w->diag_count >= WS_DIAG_MAX) {
        w->diag_dropped++;
        return;
    }
    if (w->diag_count == w->diag_capacity) {
        size_t cap = w->diag_capacity ? w->diag_capacity * 2 : 16;
        ws_diag *grown = realloc(w->diags, cap * sizeof *grown);
        if (!grown) {
            w->diag_dropped++;
            return;
        }
        w->diags = grown;
        w->diag_capacity = cap;
    }
    w->diags[w->diag_count++] = *diag;
}

bool ws_diag_commit(ws_warp *w, const ws_diag_batch *batch)
{
    if (batch->count == 0 || w->policy == WS_DIAG_POLICY_IGNORE)
        return false;
    for (int i = 0; i < batch->count; i++)
        ws_diag_record(w, &batch->items[i]);
    if (w->policy == WS_DIAG_POLICY_ERROR) {
        ws_fail(w, WS_ERR_UNDEFINED, "undefined behaviour (policy error): %s",
                batch->items[0].message);
        return true;
    }
    return false;
}

size_t ws_diag_count(const ws_warp *w) { return w ? w->diag_count : 0; }
size_t ws_diag_dropped(const ws_warp *w) { return w ? w->diag_dropped : 0; }

const ws_diag *ws_diag_get(const ws_warp *w, size_t index)
{
    return (w && index < w->diag_count) ? &w->diags[index] : NULL;
}

void ws_diag_clear(ws_warp *w)
{
    if (!w)
        return;
    w->diag_count = 0;
    w->diag_dropped = 0;
}

bool ws_diag_has(const ws_warp *w, ws_diag_code code)
{
    for (size_t i = 0; w && i < w->diag_count; i++)
        if (w->diags[i].code == code)
            return true;
    return false;
}

void ws_diag_print(const ws_warp *w, FILE *out)
{
    if (!out)
        return;
    for (size_t i = 0; w && i < w->diag_count; i++)
        fprintf(out, "warpsim: %s: %s\n", code_names[w->diags[i].code], w->diags[i].message);
    if (w && w->diag_dropped)
        fprintf(out, "warpsim: %zu more diagnostics were dropped (limit %d)\n", w->diag_dropped,
                WS_DIAG_MAX);
}

void ws_warp_set_diag_policy(ws_warp *w, ws_diag_policy policy)
{
    if (w && (unsigned)policy <= WS_DIAG_POLICY_ERROR)
        w->policy = policy;
}

ws_diag_policy ws_warp_diag_policy(const ws_warp *w) { return w ? w->policy : WS_DIAG_POLICY_WARN; }
