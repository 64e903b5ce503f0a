/* A program's parameters: defaults, the one check of what a run asks for,
 * the input count, the names of the reduction operators. Everything that
 * validates a run's options lives here (run.c, the fast paths and the
 * cross-check all call it; it calls nothing above the model). */
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

/* The options set in params that the program does not take. */
static const char *unwanted_option(const wk_program *p, const wk_params *q)
{
    struct {
        unsigned opt;
        bool set;
        const char *name;
    } opts[] = {
        {WK_OPT_LANES, q->threads != 0, "--threads"}, {WK_OPT_LANES, q->active != 0, "--active"},
        {WK_OPT_WIDTH, q->width != 0, "--width"},     {WK_OPT_SRC, q->src_lane != 0, "--src"},
        {WK_OPT_OP, q->op != WK_OP_ADD, "--op"},       {WK_OPT_ORDER, q->descending, "--descending"},
        {WK_OPT_PAIRS, q->pairs, "--pairs"},          {WK_OPT_BLOCK, q->block != 0, "--block"},
        {WK_OPT_GRID, q->grid != 0, "--grid"},         {WK_OPT_N, q->n != 0, "--n"},
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++)
        if (opts[i].set && !(p->options & opts[i].opt))
            return opts[i].name;
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
