/* device-reduce at scale: n values (2^26 by default) summed by the twin on
 * the GPU and by the simulator with the same grid and block; the final
 * bits (and every block's partial sum) must be equal. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "xcheck.h"

static const char *bits_text(wk_elem type, const uint64_t *bits, char *buf, size_t size)
{
    if (!bits)
        return "(none)";
    char hex[24], val[64];
    snprintf(buf, size, "%s (%s)", wk_format_hex(type, *bits, hex, sizeof hex),
             wk_format(type, *bits, NULL, val, sizeof val));
    return buf;
}

static const uint64_t *twin_sum(const twin_result *g)
{
    for (int i = 0; i < g->n_outputs; i++)
        if (strcmp(g->outputs[i].name, "sum") == 0 && g->outputs[i].count == 1)
            return g->outputs[i].bits;
    return NULL;
}

int xc_scale_check(const xc_scale_opts *o)
{
    const wk_program *p = wk_find_program("device-reduce");
    const twin *tw = xc_find_twin("device-reduce");
    if (!p) {
        fprintf(stderr, "warpsim-xcheck: the simulator has no device-reduce program\n");
        return XC_EXIT_USAGE;
    }
    if (!tw && !o->simulator_only) {
        printf("scale: FAILED: no twin of device-reduce (programs/cuda/twins/device_reduce.cu)\n");
        return XC_EXIT_MISMATCH;
    }
    wk_params q = {.profile = WS_PROFILE_SM90, .type = o->type, .block = o->block, .grid = o->grid, .n = o->n};
    wk_apply_defaults(p, &q);
    char err[200] = "";
    size_t n = 0;
    if (!wk_check_params(p, &q, err, sizeof err) || (n = wk_input_count(p, &q, err, sizeof err)) == 0) {
        fprintf(stderr, "warpsim-xcheck: --scale: %s\n", err);
        return XC_EXIT_USAGE;
    }
    char opts[200];
    xc_params_text(p, &q, opts, sizeof opts);
    printf("scale: device-reduce %s (seed %" PRIu64 ", ordinary numbers)\n", opts, o->seed);
    fflush(stdout);

    uint64_t *input = malloc(n * sizeof *input);
    twin_result *g = calloc(1, sizeof *g);
    if (!input || !g) {
        free(input);
        free(g);
        fprintf(stderr, "warpsim-xcheck: out of memory for %zu values\n", n);
        return XC_EXIT_MISMATCH;
    }
    xc_rng rng;
    xc_rng_seed(&rng, o->seed, "scale", o->type, 0);
    xc_fill_ordinary(o->type, &rng, input, n);

    /* The twin first: the simulator's run takes its own copy of the input,
     * which then is the only one held while it runs. */
    double t0 = xc_now();
    bool gpu_ok = o->simulator_only || tw->run(&q, input, n, g);
    double t_gpu = xc_now() - t0;
    wk_run run;
    bool sim_ok = wk_run_init(&run, p, &q, input, n);
    free(input);
    t0 = xc_now();
    sim_ok = sim_ok && wk_run_exec(&run);
    double t_sim = xc_now() - t0;
    if (sim_ok && o->simulator_only)
        gpu_ok = xc_twin_from_sim(&run, g);

    int status = XC_EXIT_OK;
    if (!sim_ok) {
        printf("scale: FAILED: the simulator: %s\n", run.error);
        status = XC_EXIT_MISMATCH;
    }
    if (!gpu_ok) {
        printf("scale: FAILED: the twin: %s\n", g->error);
        status = XC_EXIT_MISMATCH;
    }
    if (status == XC_EXIT_OK) {
        xc_tally t = {.show_limit = 8, .details = stdout};
        const wk_output *sum = wk_find_output(&run, "sum");
        char a[96], b[96];
        printf("scale: gpu sum %s%s\n", bits_text(q.type, twin_sum(g), a, sizeof a),
               o->simulator_only ? " (the simulator standing in)" : "");
        printf("scale: sim sum %s\n", bits_text(q.type, sum ? sum->bits : NULL, b, sizeof b));
        xc_compare(&run, g, &t);
        printf("scale: %zu values compared (the sum and %d partials), %zu differ; gpu %.3f s, simulator %.3f s\n",
               t.lanes, q.grid, t.mismatches, t_gpu, t_sim);
        status = t.mismatches ? XC_EXIT_MISMATCH : XC_EXIT_OK;
        printf("scale: %s\n", status == XC_EXIT_OK ? "EQUAL: the final bits match" : "MISMATCH");
    }
    wk_run_free(&run);
    twin_result_free(g);
    free(g);
    return status;
}
