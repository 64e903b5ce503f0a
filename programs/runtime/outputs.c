/* What a run produced: its first failure, its outputs (recorded by the
 * programs and the fast path) and its trace's storage. Below kernel.c and
 * cost.c, which both report failures here. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel.h"

void wk_fail(wk_run *r, ws_status status, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = true;
    r->status = status;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
}

void wk_trace_free(wk_trace *t)
{
    for (size_t i = 0; i < t->count; i++) {
        free(t->steps[i].cuda);
        free(t->steps[i].model);
        free(t->steps[i].cost_ops);
        free(t->steps[i].in_bits);
    }
    free(t->steps);
    memset(t, 0, sizeof *t);
}

const wk_output *wk_find_output(const wk_run *r, const char *name)
{
    for (int i = 0; i < r->n_outputs; i++)
        if (strcmp(r->outputs[i].name, name) == 0)
            return &r->outputs[i];
    return NULL;
}

wk_output *wk_output_new(wk_run *r, const char *name, wk_elem type, size_t count, bool per_lane)
{
    if (r->n_outputs == WK_MAX_OUTPUTS) {
        wk_fail(r, WS_ERR_ARG, "too many outputs (at most %d)", WK_MAX_OUTPUTS);
        return NULL;
    }
    wk_output *o = &r->outputs[r->n_outputs];
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "%s", name);
    o->type = type;
    o->block = o->warp = -1;
    o->per_lane = per_lane;
    o->count = count;
    o->bits = calloc(count ? count : 1, sizeof *o->bits);
    o->lane_state = per_lane ? calloc(count ? count : 1, 1) : NULL;
    if (!o->bits || (per_lane && !o->lane_state)) {
        free(o->bits);
        free(o->lane_state);
        wk_fail(r, WS_ERR_NOMEM, "out of memory for output %s", name);
        return NULL;
    }
    r->n_outputs++;
    return o;
}

void wk_output_lanes(wk_warp *k, const char *name, ws_reg reg)
{
    if (!k || k->run->failed)
        return;
    ws_type t = ws_reg_type(k->w, reg);
    wk_elem e = t == k->storage ? k->type : wk_elem_of_storage(t);
    wk_output *o = wk_output_new(k->run, name, e, (size_t)k->lanes, true);
    if (!o)
        return;
    o->block = k->block;
    o->warp = k->warp;
    uint64_t keep = wk_elem_bits(e) == 64 ? UINT64_MAX : UINT32_MAX;
    ws_mask present = ws_lanes_present(k->w), exited = ws_lanes_exited(k->w);
    for (int lane = 0; lane < k->lanes; lane++) {
        o->bits[lane] = ws_get_bits(k->w, reg, lane) & keep;
        o->lane_state[lane] = !(present >> lane & 1)  ? WK_LANE_ABSENT
                              : (exited >> lane & 1) ? WK_LANE_EXITED
                                                      : WK_LANE_RAN;
    }
}

void wk_output_values(wk_run *r, const char *name, wk_elem type, const uint64_t *bits, size_t count)
{
    if (r->failed)
        return;
    wk_output *o = wk_output_new(r, name, type, count, false);
    if (o && count)
        memcpy(o->bits, bits, count * sizeof *bits);
}
