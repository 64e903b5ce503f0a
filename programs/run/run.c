/* Runs: setting one up (params.c checks it), running it on the model or
 * a fast path, and freeing it. What a run produced is recorded by
 * runtime/outputs.c, which the programs call. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fast/fast_warps.h"
#include "run.h"
#include "runtime/cost.h"

static bool init_fail(wk_run *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool init_fail(wk_run *r, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->error, sizeof r->error, fmt, ap);
    va_end(ap);
    r->failed = true;
    r->status = WS_ERR_ARG;
    return false;
}

bool wk_run_init(wk_run *r, const wk_program *p, const wk_params *params, const uint64_t *input, size_t n)
{
    memset(r, 0, sizeof *r);
    r->program = p;
    r->params = *params;
    wk_apply_defaults(p, &r->params);
    char err[200] = "";
    if (!wk_check_params(p, &r->params, err, sizeof err))
        return init_fail(r, "%s", err);
    params = &r->params;
    r->lanes = ws_profile_lanes(params->profile);
    if (params->cost) { /* the estimate is kept per step: the run is traced */
        r->params.trace = true;
        if (!(r->cost = wk_cost_new(r)))
            return init_fail(r, "out of memory for the cycle estimate");
    }

    size_t want = wk_input_count(p, params, err, sizeof err);
    if (want == 0)
        return init_fail(r, "%s: %s", p->name, err);
    if (params->type == WK_SYM) {
        if (want > WK_SYM_MAX_INPUTS)
            return init_fail(r, "%s: --type sym takes at most %d inputs (this run has %zu)", p->name,
                             WK_SYM_MAX_INPUTS, want);
        if (!wk_sym_init(&r->sym, want, p->sym_term ? p->sym_term : "lane"))
            return init_fail(r, "out of memory for symbolic values");
    } else if (n != want) {
        return init_fail(r, "%s takes %zu input values with these options, got %zu", p->name, want, n);
    }
    r->input = malloc(want * sizeof *r->input);
    if (!r->input)
        return init_fail(r, "out of memory for %zu input values", want);
    r->n_input = want;
    uint64_t keep = wk_elem_bits(params->type) == 64 ? UINT64_MAX : UINT32_MAX;
    for (size_t i = 0; i < want; i++)
        r->input[i] = params->type == WK_SYM ? wk_sym_input(i) : input[i] & keep;
    return true;
}

/* An untraced run of a full warp through the fast path (fast_warps.h): the
 * same outputs as the model path makes (name, type, every lane RAN, block 0
 * warp 0; a full warp without f64 NaNs raises no diagnostics). False when the fast path does
 * not take it (the model path runs instead). */
static bool run_fast(wk_run *r)
{
    const wk_params *q = &r->params;
    const char *names[2] = {NULL, NULL};
    if (q->trace || q->model_only || q->type == WK_SYM)
        return false;
    /* Two f64 NaNs may meet: the model reports F64_NAN_PAIR, the fast path
     * reports nothing, so such an input takes the model path. */
    if (q->type == WK_F64)
        for (size_t i = 0; i < r->n_input; i++)
            if (ws_f64_is_nan(r->input[i]))
                return false;
    int n_outputs = wk_fast_output_names(r->program, q, names);
    if (n_outputs == 0 || r->n_input != (size_t)r->lanes)
        return false;
    bool wide = wk_elem_bits(q->type) == 64;
    uint64_t in64[64], out64[2][64];
    uint32_t in32[64], out32[2][64];
    for (int lane = 0; lane < r->lanes; lane++) {
        in64[lane] = r->input[lane];
        in32[lane] = (uint32_t)r->input[lane];
    }
    void *const outs[2] = {wide ? (void *)out64[0] : (void *)out32[0], wide ? (void *)out64[1] : (void *)out32[1]};
    char err[200] = "";
    if (!wk_fast_run_warps_all(r->program, q, wide ? (const void *)in64 : (const void *)in32, outs, 1, err,
                               sizeof err)) {
        wk_fail(r, WS_ERR_ARG, "%s", err);
        return true;
    }
    for (int i = 0; i < n_outputs; i++) {
        wk_output *o = wk_output_new(r, names[i], q->type, (size_t)r->lanes, true);
        if (!o)
            return true;
        o->block = o->warp = 0;
        for (int lane = 0; lane < r->lanes; lane++) {
            o->bits[lane] = wide ? out64[i][lane] : out32[i][lane];
            o->lane_state[lane] = WK_LANE_RAN;
        }
    }
    return true;
}

bool wk_run_exec(wk_run *r)
{
    if (r->failed)
        return false;
    if (!run_fast(r))
        r->program->run(r);
    if (!r->failed && r->cost)
        wk_cost_finish(r);
    if (!r->failed && r->program->note)
        r->program->note(r);
    return !r->failed;
}

void wk_run_free(wk_run *r)
{
    free(r->input);
    wk_sym_free(&r->sym);
    wk_trace_free(&r->trace);
    wk_cost_free(r->cost);
    for (int i = 0; i < r->n_outputs; i++) {
        free(r->outputs[i].bits);
        free(r->outputs[i].lane_state);
    }
    free(r->diags);
    free(r->diag_block);
    free(r->diag_warp);
    free(r->diag_step);
    memset(r, 0, sizeof *r);
}

