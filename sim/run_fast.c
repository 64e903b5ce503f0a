/* warpsim run device-reduce, untraced and on numbers: the fast path
 * (programs/fast/device_reduce_fast.h) with the input streamed from the
 * file or the generator, so no array of the whole input exists. The run it
 * fills is what the model path would have left for the writers: the same
 * params, outputs and diagnostics. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "fast/device_reduce_fast.h"
#include "run_fast.h"

/* f64 with --diag error takes the model path: only the model looks for
 * F64_NAN_PAIR (two NaN payloads meeting in an add), which depends on the
 * values, and error must then stop the run as it does elsewhere. */
bool cli_fast_device_reduce(const wk_program *p, const wk_params *params)
{
    return p->fast == WK_FAST_DEVICE_REDUCE && !params->trace && params->type != WK_SYM &&
           !(params->type == WK_F64 && params->diag == WS_DIAG_POLICY_ERROR);
}

typedef struct feed_ctx {
    wk_dr_state *state;
    cli_progress progress;
    double done, total; /* values; total 0 when not known */
} feed_ctx;

static bool feed(void *ctx, const void *values, size_t count)
{
    feed_ctx *c = ctx;
    char err[200];
    if (wk_dr_feed(c->state, values, count, err, sizeof err)) {
        c->done += (double)count;
        cli_progress_show(&c->progress, "device-reduce:", c->done, c->total, "values");
        return true;
    }
    cli_progress_clear(&c->progress);
    cli_error("device-reduce: %s", err);
    return false;
}

/* Block 0's diagnostics again for blocks 1 .. G-1, and kernel 2's (block 1
 * of a one-block run) as block G: the order the model path keeps them in. */
static bool repeat_per_block(wk_run *r, int grid)
{
    size_t per_block = 0;
    while (per_block < r->n_diags && r->diag_block[per_block] == 0)
        per_block++;
    size_t tail = r->n_diags - per_block, total = per_block * (size_t)grid + tail;
    if (grid == 1 || total == 0) {
        for (size_t i = per_block; i < r->n_diags; i++)
            r->diag_block[i] = grid;
        return true;
    }
    ws_diag *d = malloc(total * sizeof *d);
    int *b = malloc(total * sizeof *b), *w = malloc(total * sizeof *w);
    if (!d || !b || !w) {
        free(d), free(b), free(w);
        return false;
    }
    size_t out = 0;
    for (int block = 0; block < grid; block++)
        for (size_t i = 0; i < per_block; i++, out++)
            d[out] = r->diags[i], b[out] = block, w[out] = r->diag_warp[i];
    for (size_t i = per_block; i < r->n_diags; i++, out++)
        d[out] = r->diags[i], b[out] = grid, w[out] = r->diag_warp[i];
    free(r->diags), free(r->diag_block), free(r->diag_warp);
    r->diags = d, r->diag_block = b, r->diag_warp = w;
    r->n_diags = r->diag_capacity = total;
    return true;
}

/* The diagnostics of the model path, but for F64_NAN_PAIR (which this path
 * does not look for: see cli_fast_device_reduce), do not depend on the
 * values: only a partial warp (B not a multiple of the warp size) has any,
 * its shuffles reading absent lanes, the same in every block. The model
 * path run on one value and one block (every thread but thread 0 idle)
 * records them for block 0 and kernel 2, and fails as the model would under
 * --diag error; block 0's are then repeated for every block. */
static int model_for_diagnostics(const wk_program *p, const wk_params *params, wk_run *r)
{
    wk_params one = *params;
    one.n = 1;
    one.grid = 1;
    const uint64_t zero = 0;
    if (!wk_run_init(r, p, &one, &zero, 1)) {
        cli_error("%s", r->error);
        wk_run_free(r);
        return CLI_EXIT_USAGE;
    }
    if (!wk_run_exec(r)) {
        cli_error("%s failed: %s", p->name, r->error);
        wk_run_free(r);
        return CLI_EXIT_SIM;
    }
    for (int i = 0; i < r->n_outputs; i++) { /* the values come from the fast path */
        free(r->outputs[i].bits);
        free(r->outputs[i].lane_state);
    }
    r->n_outputs = 0;
    free(r->input); /* the one stand-in value: no array of the input is kept */
    r->input = NULL;
    free(r->diag_step); /* the stand-in run's steps are not this run's */
    r->diag_step = NULL;
    if (!repeat_per_block(r, params->grid)) {
        cli_error("%s: out of memory for the diagnostics", p->name);
        wk_run_free(r);
        return CLI_EXIT_IO;
    }
    return CLI_EXIT_OK;
}

int cli_run_device_reduce_fast(const wk_program *p, const wk_params *params, const cli_fast_input *in,
                               wk_run *r)
{
    memset(r, 0, sizeof *r);
    wk_dr_shape shape = {.type = params->type, .profile = params->profile, .grid = params->grid,
                         .block = params->block};
    wk_dr_state state;
    char err[200];
    if (!wk_dr_begin(&state, &shape, err, sizeof err)) {
        cli_error("%s: %s", p->name, err);
        return CLI_EXIT_USAGE;
    }
    int rc;
    /* First, so that --diag error fails before any input is read. */
    int lanes = ws_profile_lanes(params->profile);
    if (params->block % lanes != 0) {
        rc = model_for_diagnostics(p, params, r);
        if (rc != CLI_EXIT_OK) {
            wk_dr_abort(&state);
            return rc;
        }
    } else {
        r->program = p;
        r->lanes = lanes;
    }
    feed_ctx ctx = {.state = &state};
    cli_progress_init(&ctx.progress);
    size_t n = params->n;
    char why[120];
    /* The input is read no further than it can be used: --n, or 2^40. */
    cli_limit limit = {in->n_given ? params->n : CLI_FAST_MAX_N, why};
    if (in->n_given)
        snprintf(why, sizeof why, "--n %zu", params->n);
    else
        snprintf(why, sizeof why, "device-reduce takes at most 2^40");
    struct stat st;
    size_t width = (size_t)wk_elem_bits(params->type) / 8;
    if (in->n_given || !in->input)
        ctx.total = (double)params->n;
    else if (in->binary && strcmp(in->input, "-") != 0 && stat(in->input, &st) == 0 && S_ISREG(st.st_mode))
        ctx.total = (double)((size_t)st.st_size / width);
    if (in->input) {
        rc = cli_stream_file(in->input, params->type, in->bits, in->binary, limit, feed, &ctx, &n);
        if (rc == CLI_EXIT_OK && in->n_given && params->n != n) {
            char shown[CLI_SHOWN_PATH_SIZE];
            cli_error("--n %zu but --input %s holds %zu values", params->n,
                      cli_shown_path(in->input, shown, sizeof shown), n);
            rc = CLI_EXIT_USAGE;
        }
    } else {
        rc = cli_stream_gen(in->gen ? in->gen : p->default_gen, params->type, n, feed, &ctx);
    }
    cli_progress_clear(&ctx.progress);
    if (rc != CLI_EXIT_OK) {
        wk_dr_abort(&state);
        wk_run_free(r);
        return rc;
    }
    uint64_t sum = 0, *partials = calloc((size_t)shape.grid, sizeof *partials);
    if (!partials || !wk_dr_finish(&state, &sum, partials, err, sizeof err)) {
        cli_error("%s: %s", p->name, partials ? err : "out of memory");
        free(partials);
        if (!partials)
            wk_dr_abort(&state);
        wk_run_free(r);
        return CLI_EXIT_SIM;
    }
    r->params = *params;
    r->params.n = n;
    r->n_input = n; /* the writers print the count only: r->input is NULL, no array of the input is kept */
    wk_output_values(r, "sum", params->type, &sum, 1);
    wk_output_values(r, "partials", params->type, partials, (size_t)shape.grid);
    free(partials);
    if (r->failed) {
        cli_error("%s failed: %s", p->name, r->error);
        wk_run_free(r);
        return CLI_EXIT_SIM;
    }
    return CLI_EXIT_OK;
}
