/* The simulator standing in for a twin (--simulator-only): the driver runs
 * without a GPU, and counts the lane results a GPU run would compare. */
#include <stdlib.h>
#include <string.h>

#include "xcheck.h"

static bool record_steps(const wk_run *sim, twin_result *out)
{
    out->has_records = true;
    for (size_t si = 0; si < sim->trace.count; si++) {
        const wk_step *s = &sim->trace.steps[si];
        if (s->block != 0 || s->warp != 0 || !s->has_values)
            continue;
        for (int lane = 0; lane < 32; lane++) {
            if (!((s->executed >> lane) & 1))
                continue;
            if (out->n_records[lane] >= TWIN_MAX_RECORDS) {
                snprintf(out->error, sizeof out->error, "lane %d has more than %d steps", lane, TWIN_MAX_RECORDS);
                return false;
            }
            out->records[lane][out->n_records[lane]++] = s->bits[lane];
        }
    }
    return true;
}

bool xc_twin_from_sim(const wk_run *sim, twin_result *out)
{
    for (int i = 0; i < sim->n_outputs; i++) {
        const wk_output *o = &sim->outputs[i];
        twin_output *g = &out->outputs[out->n_outputs];
        g->bits = malloc((o->count ? o->count : 1) * sizeof *g->bits);
        if (!g->bits) {
            snprintf(out->error, sizeof out->error, "out of memory for output %s", o->name);
            return false;
        }
        out->n_outputs++;
        snprintf(g->name, sizeof g->name, "%s", o->name);
        g->count = o->count;
        if (o->count)
            memcpy(g->bits, o->bits, o->count * sizeof *g->bits);
    }
    return sim->trace.count == 0 || record_steps(sim, out);
}
