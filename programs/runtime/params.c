/* A program's parameters: defaults, the one check of what a run asks for,
 * the input count, the names of the reduction operators, and the one table
 * of the run options (their names, and how a value is read from a run).
 * Everything that validates a run's options lives here (run.c, the fast
 * paths and the cross-check all call it; it calls nothing above the model). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cost.h"
#include "program.h"

static const char *const redop_names[WK_OP_COUNT] = {"add", "min", "max", "and", "or", "xor"};

const char *wk_redop_name(wk_redop op) { return (unsigned)op < WK_OP_COUNT ? redop_names[op] : NULL; }

bool wk_redop_from_name(const char *name, wk_redop *out)
{
    for (int op = 0; op < WK_OP_COUNT; op++)
        if (name && strcmp(name, redop_names[op]) == 0) {
            *out = (wk_redop)op;
            return true;
        }
    return false;
}

size_t wk_input_count(const wk_program *p, const wk_params *params, char *err, size_t size)
{
    int lanes = ws_profile_lanes(params->profile);
    if (lanes == 0) {
        snprintf(err, size, "unknown profile");
        return 0;
    }
    if (!p->input_count)
        return (size_t)lanes;
    return p->input_count(params, lanes, err, size);
}

/* ---- The run options: one row each. The JSON writer, the viewer's command
 * line and the check below iterate this table, so adding an option is a row
 * here (and its field in wk_params). ---- */

static bool threads_asked(const wk_params *p) { return p->threads != 0; }
static wk_option_value threads_value(const wk_run *r)
{
    return (wk_option_value){.number = r->params.threads ? r->params.threads : r->lanes};
}
/* Every lane of the warp is what no --threads means. */
static bool threads_named(const wk_run *r) { return r->params.threads && r->params.threads != r->lanes; }

static bool active_asked(const wk_params *p) { return p->active != 0; }
static wk_option_value active_value(const wk_run *r)
{
    return (wk_option_value){.lanes = r->params.active ? r->params.active : ws_low_lanes(r->lanes)};
}
static bool active_named(const wk_run *r) { return active_asked(&r->params); }

static bool width_asked(const wk_params *p) { return p->width != 0; }
static wk_option_value width_value(const wk_run *r) { return (wk_option_value){.number = r->params.width}; }

static bool src_asked(const wk_params *p) { return p->src_lane != 0; }
static wk_option_value src_value(const wk_run *r) { return (wk_option_value){.number = r->params.src_lane}; }

static bool op_asked(const wk_params *p) { return p->op != WK_OP_ADD; }
static wk_option_value op_value(const wk_run *r) { return (wk_option_value){.name = wk_redop_name(r->params.op)}; }

static bool descending_asked(const wk_params *p) { return p->descending; }
static wk_option_value descending_value(const wk_run *r)
{
    return (wk_option_value){.number = r->params.descending};
}

static bool pairs_asked(const wk_params *p) { return p->pairs; }
static wk_option_value pairs_value(const wk_run *r) { return (wk_option_value){.number = r->params.pairs}; }

static bool block_asked(const wk_params *p) { return p->block != 0; }
static wk_option_value block_value(const wk_run *r) { return (wk_option_value){.number = r->params.block}; }

static bool grid_asked(const wk_params *p) { return p->grid != 0; }
static wk_option_value grid_value(const wk_run *r) { return (wk_option_value){.number = r->params.grid}; }

static bool n_asked(const wk_params *p) { return p->n != 0; }
/* The inputs the run has, however they were given (--n, --input). */
static wk_option_value n_value(const wk_run *r) { return (wk_option_value){.number = (int64_t)r->n_input}; }

/* In the JSON's key order (docs/cli.md). A command line names the launch
 * as CUDA writes it, <<<grid, block>>>: grid before block. */
static const wk_run_option run_options[] = {
    {"--threads", "threads", WK_OPT_LANES, WK_FORM_NUMBER, threads_asked, threads_value, threads_named, false, 0},
    {"--active", "active", WK_OPT_LANES, WK_FORM_LANES, active_asked, active_value, active_named, false, 1},
    {"--width", "width", WK_OPT_WIDTH, WK_FORM_NUMBER, width_asked, width_value, NULL, false, 2},
    {"--src", "src", WK_OPT_SRC, WK_FORM_NUMBER, src_asked, src_value, NULL, false, 3},
    {"--op", "op", WK_OPT_OP, WK_FORM_NAME, op_asked, op_value, NULL, false, 4},
    {"--descending", "descending", WK_OPT_ORDER, WK_FORM_FLAG, descending_asked, descending_value, NULL, false, 5},
    {"--pairs", "pairs", WK_OPT_PAIRS, WK_FORM_FLAG, pairs_asked, pairs_value, NULL, false, 6},
    {"--block", "block", WK_OPT_BLOCK, WK_FORM_NUMBER, block_asked, block_value, NULL, false, 8},
    {"--grid", "grid", WK_OPT_GRID, WK_FORM_NUMBER, grid_asked, grid_value, NULL, false, 7},
    /* every run has an input count, so the JSON always says it */
    {"--n", "inputs", WK_OPT_N, WK_FORM_NUMBER, n_asked, n_value, NULL, true, 9},
};
enum { RUN_OPTION_COUNT = sizeof run_options / sizeof run_options[0] };

const wk_run_option *wk_run_options(size_t *count)
{
    *count = RUN_OPTION_COUNT;
    return run_options;
}

const wk_run_option *wk_run_option_on_command(size_t place)
{
    for (size_t i = 0; i < RUN_OPTION_COUNT; i++)
        if (run_options[i].command_place == place)
            return &run_options[i];
    return NULL;
}

void wk_run_options_text(const wk_run *r, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t place = 0; place < RUN_OPTION_COUNT; place++) {
        const wk_run_option *o = wk_run_option_on_command(place);
        if (!o || !(r->program->options & o->program_option) || (o->named && !o->named(r)))
            continue;
        wk_option_value v = o->value(r);
        if (o->form == WK_FORM_FLAG && !v.number)
            continue; /* a flag says false by being left out */
        int n = 0;
        const char *sep = used ? " " : "";
        switch (o->form) {
        case WK_FORM_NUMBER: n = snprintf(buf + used, size - used, "%s%s %" PRId64, sep, o->flag, v.number); break;
        case WK_FORM_LANES: n = snprintf(buf + used, size - used, "%s%s 0x%" PRIx64, sep, o->flag, v.lanes); break;
        case WK_FORM_NAME: n = snprintf(buf + used, size - used, "%s%s %s", sep, o->flag, v.name); break;
        case WK_FORM_FLAG: n = snprintf(buf + used, size - used, "%s%s", sep, o->flag); break;
        }
        if (n < 0 || (size_t)n >= size - used)
            return; /* truncated: snprintf ended it */
        used += (size_t)n;
    }
}

/* The options set in params that the program does not take. */
static const char *unwanted_option(const wk_program *p, const wk_params *q)
{
    for (size_t i = 0; i < RUN_OPTION_COUNT; i++)
        if (run_options[i].asked(q) && !(p->options & run_options[i].program_option))
            return run_options[i].flag;
    return NULL;
}

void wk_apply_defaults(const wk_program *p, wk_params *q)
{
    if (!q->block)
        q->block = p->defaults.block;
    if (!q->grid)
        q->grid = p->defaults.grid;
    if (!q->width)
        q->width = p->defaults.width;
    if (!q->n)
        q->n = p->defaults.n;
}

bool wk_check_params(const wk_program *p, const wk_params *params, char *err, size_t size)
{
    const char *profile = ws_profile_name(params->profile);
    if (!profile) {
        snprintf(err, size, "unknown profile");
        return false;
    }
    if (!(p->profiles & WK_PROFILE_BIT(params->profile))) {
        snprintf(err, size, "%s does not run on the %s profile", p->name, profile);
        return false;
    }
    if (!wk_elem_name(params->type) || !(p->types & WK_BIT(params->type))) {
        snprintf(err, size, "%s does not run on type %s", p->name,
                 wk_elem_name(params->type) ? wk_elem_name(params->type) : "?");
        return false;
    }
    const char *opt = unwanted_option(p, params);
    if (opt) {
        snprintf(err, size, "%s takes no %s option", p->name, opt);
        return false;
    }
    int lanes = ws_profile_lanes(params->profile);
    ws_mask all = ws_low_lanes(lanes);
    if (params->threads < 0 || params->threads > lanes) {
        snprintf(err, size, "--threads %d: must be 1..%d on %s", params->threads, lanes, profile);
        return false;
    }
    if (params->active & ~all) {
        snprintf(err, size, "--active 0x%" PRIx64 ": names lanes past %d", params->active, lanes - 1);
        return false;
    }
    ws_mask present = params->threads ? ws_low_lanes(params->threads) : all;
    if (params->active && !(params->active & present)) {
        snprintf(err, size, "--active 0x%" PRIx64 ": none of these lanes exists (--threads %d)", params->active,
                 params->threads);
        return false;
    }
    if (params->cost && !wk_cost_check(params, err, size))
        return false;
    return true;
}
