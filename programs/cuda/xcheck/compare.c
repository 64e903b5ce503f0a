/* Comparing a simulator run with a twin's result, bit for bit:
 *   - every named output, in the simulator's order (per-lane outputs: the
 *     lanes the simulator marks as having run), masked to the output
 *     type's width;
 *   - for a traced run, each lane's step records against the simulator's
 *     steps of block 0, warp 0 that show values and that the lane
 *     executed, in order, masked to the step type's width.
 * Differences are counted; the first few are written to t->details. */
#include <stdarg.h>
#include <string.h>

#include "xcheck.h"

static uint64_t width_mask(wk_elem type) { return wk_elem_bits(type) == 64 ? UINT64_MAX : UINT32_MAX; }

static void vdetail(xc_tally *t, const char *fmt, va_list ap)
{
    if (!t->details || t->shown >= t->show_limit)
        return;
    if (!t->header_done && t->case_header) {
        fprintf(t->details, "%s\n", t->case_header);
        t->header_done = true;
    }
    fputs("    ", t->details);
    vfprintf(t->details, fmt, ap);
    fputc('\n', t->details);
    t->shown++;
}

void xc_detail(xc_tally *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vdetail(t, fmt, ap);
    va_end(ap);
}

/* One differing lane result (or a structural difference): counted, shown if
 * the row has shown fewer than its limit. */
static void mismatch(xc_tally *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void mismatch(xc_tally *t, const char *fmt, ...)
{
    t->mismatches++;
    va_list ap;
    va_start(ap, fmt);
    vdetail(t, fmt, ap);
    va_end(ap);
}

/* "0x3f800000 (1)" */
static const char *value_text(wk_elem type, uint64_t bits, char *buf, size_t size)
{
    char hex[24], val[64];
    wk_format_hex(type, bits, hex, sizeof hex);
    wk_format(type, bits, NULL, val, sizeof val);
    snprintf(buf, size, "%s (%s)", hex, val);
    return buf;
}

/* The twin's output of that name: the occurrence-th one (outputs of the
 * same name from several warps are matched in order). */
static const twin_output *twin_output_named(const twin_result *g, const char *name, int occurrence)
{
    for (int i = 0; i < g->n_outputs; i++)
        if (strcmp(g->outputs[i].name, name) == 0 && occurrence-- == 0)
            return &g->outputs[i];
    return NULL;
}

static int occurrence_of(const wk_run *sim, int index)
{
    int k = 0;
    for (int i = 0; i < index; i++)
        k += strcmp(sim->outputs[i].name, sim->outputs[index].name) == 0;
    return k;
}

static void compare_output(const wk_output *o, const twin_output *g, xc_tally *t)
{
    if (o->count != g->count) {
        mismatch(t, "output %s: the GPU gave %zu values, the simulator %zu", o->name, g->count, o->count);
        return;
    }
    if (o->count && !g->bits) {
        mismatch(t, "output %s: the twin gave no values", o->name);
        return;
    }
    uint64_t keep = width_mask(o->type);
    for (size_t i = 0; i < o->count; i++) {
        if (o->per_lane && o->lane_state && o->lane_state[i] != WK_LANE_RAN)
            continue;
        t->lanes++;
        uint64_t want = o->bits[i] & keep, got = g->bits[i] & keep;
        if (want != got) {
            char a[96], b[96];
            mismatch(t, "output %s %s %zu: gpu %s  sim %s", o->name, o->per_lane ? "lane" : "index", i,
                     value_text(o->type, got, a, sizeof a), value_text(o->type, want, b, sizeof b));
        }
    }
}

static void compare_outputs(const wk_run *sim, const twin_result *gpu, xc_tally *t)
{
    for (int i = 0; i < sim->n_outputs; i++) {
        const wk_output *o = &sim->outputs[i];
        const twin_output *g = twin_output_named(gpu, o->name, occurrence_of(sim, i));
        if (!g)
            mismatch(t, "output %s: the twin has no such output", o->name);
        else
            compare_output(o, g, t);
    }
    for (int i = 0; i < gpu->n_outputs; i++) {
        bool known = false;
        for (int j = 0; j < sim->n_outputs && !known; j++)
            known = strcmp(sim->outputs[j].name, gpu->outputs[i].name) == 0;
        if (!known)
            mismatch(t, "output %s: only the twin has it", gpu->outputs[i].name);
    }
}

/* A step of block 0, warp 0 that shows values and that `lane` executed. */
static bool step_of_lane(const wk_step *s, int lane)
{
    return s->block == 0 && s->warp == 0 && s->has_values && ((s->executed >> lane) & 1);
}

static void compare_records(const wk_run *sim, const twin_result *gpu, xc_tally *t)
{
    for (int lane = 0; lane < 32; lane++) {
        int n_gpu = gpu->n_records[lane], k = 0;
        if (n_gpu < 0 || n_gpu > TWIN_MAX_RECORDS) {
            mismatch(t, "lane %d: the twin claims %d records (0..%d)", lane, n_gpu, TWIN_MAX_RECORDS);
            continue;
        }
        bool differed = false;
        for (size_t si = 0; si < sim->trace.count; si++) {
            const wk_step *s = &sim->trace.steps[si];
            if (!step_of_lane(s, lane))
                continue;
            if (k >= n_gpu) {
                k++;
                continue;
            }
            uint64_t keep = width_mask(s->type);
            uint64_t want = s->bits[lane] & keep, got = gpu->records[lane][k] & keep;
            t->lanes++;
            if (want != got) {
                char a[96], b[96];
                /* After the first difference a lane's later steps differ too:
                 * count them, show the first. */
                if (differed)
                    t->mismatches++;
                else
                    mismatch(t, "step %zu (record %d) lane %d, %s %s = `%s`: gpu %s  sim %s", si + 1, k, lane,
                             wk_elem_name(s->type), s->reg, s->cuda ? s->cuda : "?",
                             value_text(s->type, got, a, sizeof a), value_text(s->type, want, b, sizeof b));
                differed = true;
            }
            k++;
        }
        /* A library call's inner steps are not visible to the twin: its
         * records then cover only the simulator's first steps. */
        bool short_ok = gpu->records_are_prefix && n_gpu <= k;
        if (k != n_gpu && !short_ok)
            mismatch(t, "lane %d: the GPU recorded %d steps, the simulator shows %d", lane, n_gpu, k);
    }
}

void xc_compare(const wk_run *sim, const twin_result *gpu, xc_tally *t)
{
    compare_outputs(sim, gpu, t);
    bool traced = sim->trace.count > 0;
    if (gpu->has_records && traced)
        compare_records(sim, gpu, t);
    else if (traced)
        mismatch(t, "the twin recorded no steps (a single-warp twin must call twin_record)");
    else if (gpu->has_records)
        mismatch(t, "the twin recorded steps, but the simulator's run is not traced (a block or device program)");
}
