/* twin-dump: the CUDA twins (programs/cuda/twins/*.cu, unchanged) run on
 * the cross-check's cases, every result printed as text, one value a line.
 * scripts/samesource-check.sh builds it twice from the same sources, once
 * with nvcc for the GPU and once with `warpsim cc` for the CPU, and compares
 * the two outputs byte for byte: the same-source check for the twins.
 *
 * The twins it holds are named by twin_dump_list.h (WARPSIM_TWIN(name)
 * lines, written by the script: those that use neither CUB nor cooperative
 * groups). The cases are warpsim-xcheck's (programs/cuda/xcheck/cases.c):
 * the same seed gives the same parameters and inputs. Each line is
 *
 *   PROGRAM TYPE case K output NAME[I] VTYPE 0xBITS
 *   PROGRAM TYPE case K lane L step J VTYPE 0xBITS
 *
 * with VTYPE the value's own type (the simulator's run of the case says it:
 * a ballot in an f32 run is u32), so a comparison can tell NaN-payload-only
 * differences (both NaNs of a float type) from real ones.
 *
 *   twin-dump [--seed S] [--cases K]      (defaults: 2026, 3: the capture's) */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "xcheck.h"

#define WARPSIM_TWIN(name) extern const twin twin_##name;
#include "twin_dump_list.h"
#undef WARPSIM_TWIN

#define WARPSIM_TWIN(name) &twin_##name,
static const twin *const dump_twins[] = {
#include "twin_dump_list.h"
    NULL};
#undef WARPSIM_TWIN

static wk_elem output_type(const wk_run *sim, const char *name, int occurrence, wk_elem fallback)
{
    for (int i = 0; i < sim->n_outputs; i++)
        if (strcmp(sim->outputs[i].name, name) == 0 && occurrence-- == 0)
            return sim->outputs[i].type;
    return fallback;
}

/* The type of `lane`'s step k: the simulator's k-th step with values that the lane executed. */
static wk_elem record_type(const wk_run *sim, int lane, int k, wk_elem fallback)
{
    for (size_t si = 0; si < sim->trace.count; si++) {
        const wk_step *s = &sim->trace.steps[si];
        if (s->block == 0 && s->warp == 0 && s->has_values && ((s->executed >> lane) & 1) && k-- == 0)
            return s->type;
    }
    return fallback;
}

static void value(const char *head, wk_elem t, uint64_t bits)
{
    char hex[40];
    uint64_t keep = wk_elem_bits(t) == 64 ? UINT64_MAX : UINT32_MAX;
    printf("%s %s %s\n", head, wk_elem_name(t), wk_format_hex(t, bits & keep, hex, sizeof hex));
}

int main(int argc, char **argv)
{
    uint64_t seed = 2026, cases = 3;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
            cases = strtoull(argv[++i], NULL, 10);
        else {
            fprintf(stderr, "usage: twin-dump [--seed S] [--cases K]\n");
            return 2;
        }
    }
    int failed = 0;
    for (size_t pi = 0; pi < wk_program_count; pi++) {
        const wk_program *p = wk_programs[pi];
        const twin *tw = NULL;
        for (size_t t = 0; dump_twins[t]; t++)
            if (strcmp(dump_twins[t]->name, p->name) == 0)
                tw = dump_twins[t];
        if (!tw)
            continue;
        for (int ti = 0; ti < WK_ELEM_COUNT; ti++) {
            wk_elem type = wk_elem_order[ti];
            if (!xc_type_checked(p, type))
                continue;
            for (uint64_t k = 0; k < cases; k++) {
                char err[300], head[200];
                xc_rng rng;
                xc_rng_seed(&rng, seed, p->name, type, k);
                wk_params q;
                size_t n = 0;
                if (!xc_draw_params(p, type, k, &rng, &q, &n, err, sizeof err)) {
                    printf("%s %s case %" PRIu64 " FAILED: drawing the parameters: %s\n", p->name,
                           wk_elem_name(type), k, err);
                    failed++;
                    continue;
                }
                uint64_t *input = malloc((n ? n : 1) * sizeof *input);
                twin_result *r = calloc(1, sizeof *r);
                wk_run run;
                if (!input || !r) {
                    fprintf(stderr, "twin-dump: out of memory\n");
                    return 1;
                }
                xc_fill_input(type, (xc_input_mode)(k % XC_INPUT_MODES), &rng, input, n);
                wk_params sp = q;
                sp.trace = xc_single_warp(p);
                bool sim_ok = wk_run_init(&run, p, &sp, input, n) && wk_run_exec(&run);
                if (!sim_ok) {
                    printf("%s %s case %" PRIu64 " FAILED: the simulator (for the value types): %s\n", p->name,
                           wk_elem_name(type), k, run.error);
                    failed++;
                } else if (!tw->run(&q, input, n, r)) {
                    printf("%s %s case %" PRIu64 " FAILED: %s\n", p->name, wk_elem_name(type), k,
                           r->error[0] ? r->error : "(no message)");
                    failed++;
                } else {
                    for (int i = 0; i < r->n_outputs; i++) {
                        const twin_output *o = &r->outputs[i];
                        int occ = 0;
                        for (int j = 0; j < i; j++)
                            occ += strcmp(r->outputs[j].name, o->name) == 0;
                        wk_elem ot = output_type(&run, o->name, occ, type);
                        for (size_t v = 0; v < o->count; v++) {
                            snprintf(head, sizeof head, "%s %s case %" PRIu64 " output %s[%zu]", p->name,
                                     wk_elem_name(type), k, o->name, v);
                            value(head, ot, o->bits[v]);
                        }
                    }
                    if (r->has_records)
                        for (int lane = 0; lane < 32; lane++)
                            for (int j = 0; j < r->n_records[lane] && j < TWIN_MAX_RECORDS; j++) {
                                snprintf(head, sizeof head, "%s %s case %" PRIu64 " lane %d step %d", p->name,
                                         wk_elem_name(type), k, lane, j);
                                value(head, record_type(&run, lane, j, type), r->records[lane][j]);
                            }
                }
                wk_run_free(&run);
                twin_result_free(r);
                free(r);
                free(input);
            }
        }
    }
    fflush(stdout);
    if (failed)
        fprintf(stderr, "twin-dump: %d cases failed\n", failed);
    return failed ? 1 : 0;
}
