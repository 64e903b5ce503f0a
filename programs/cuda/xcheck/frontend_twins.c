/* warpsim-frontend-twins: the CUDA twins themselves (the .cu files of
 * programs/cuda/twins/, unchanged, host code included), built for the CPU by `warpsim cc` (the
 * rewriter, the system C++ compiler and the CUDA front end), against a
 * capture of the same twins run on an H200 (warpsim-xcheck --save).
 *
 * The cases are the capture's: the same seed, parameters and inputs
 * (cases.c); every value of every output and every step record of every
 * lane is compared bit for bit. One difference is allowed and counted on
 * its own: both values are NaNs of a float type and only the payload
 * differs. The front end computes the float arithmetic written in a
 * kernel (v += ...) on the CPU, which keeps an operand's NaN payload where
 * the H200 gives the canonical 0x7fffffff (f32), and an f64 sum of two NaNs
 * may keep the other operand's payload (docs/cuda-frontend.md). The output
 * types come from the simulator's run of the same case, so a u32 output
 * that happens to look like a NaN is never excused.
 *
 *   warpsim-frontend-twins --load CAPTURE [--expect N] [--show N]
 *
 * --expect N: the number of twins built through the front end (the build
 * counts those that use neither CUB nor cooperative groups); fewer fails.
 * Exit 0 when every other lane result is identical, 1 otherwise, 2 usage. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "xcheck.h"

#define WARPSIM_TWIN(name) extern const twin twin_##name;
#include "frontend_twin_list.h"
#undef WARPSIM_TWIN

#define WARPSIM_TWIN(name) &twin_##name,
static const twin *const fe_twins[] = {
#include "frontend_twin_list.h"
    NULL};
#undef WARPSIM_TWIN
static const size_t fe_twin_count = sizeof fe_twins / sizeof fe_twins[0] - 1;

typedef struct tally {
    size_t lanes, mismatches, nan_only, failed;
    int shown, show_limit;
} tally;

static const twin *find_twin(const char *name)
{
    for (size_t i = 0; i < fe_twin_count; i++)
        if (strcmp(fe_twins[i]->name, name) == 0)
            return fe_twins[i];
    return NULL;
}

static bool is_nan(wk_elem type, uint64_t bits)
{
    if (type == WK_F32)
        return (bits & 0x7f800000u) == 0x7f800000u && (bits & 0x007fffffu) != 0;
    if (type == WK_F64)
        return (bits & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (bits & 0x000fffffffffffffull) != 0;
    return false;
}

static uint64_t width_mask(wk_elem type) { return wk_elem_bits(type) == 64 ? UINT64_MAX : UINT32_MAX; }

static void show(tally *t, const char *header, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void show(tally *t, const char *header, const char *fmt, ...)
{
    if (t->shown >= t->show_limit)
        return;
    if (t->shown++ == 0 || header)
        printf("    %s\n", header);
    va_list ap;
    va_start(ap, fmt);
    printf("      ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* One value: equal, a NaN-payload-only difference, or a mismatch. */
static void compare_value(tally *t, const char *header, wk_elem type, uint64_t gpu, uint64_t fe, const char *what,
                          size_t index)
{
    uint64_t keep = width_mask(type);
    gpu &= keep;
    fe &= keep;
    t->lanes++;
    if (gpu == fe)
        return;
    if (is_nan(type, gpu) && is_nan(type, fe)) {
        t->nan_only++;
        return;
    }
    t->mismatches++;
    char a[24], b[24];
    show(t, header, "%s %zu (%s): H200 %s  front end %s", what, index, wk_elem_name(type),
         wk_format_hex(type, gpu, a, sizeof a), wk_format_hex(type, fe, b, sizeof b));
}

static const twin_output *output_named(const twin_result *r, const char *name, int occurrence)
{
    for (int i = 0; i < r->n_outputs; i++)
        if (strcmp(r->outputs[i].name, name) == 0 && occurrence-- == 0)
            return &r->outputs[i];
    return NULL;
}

static wk_elem output_type(const wk_run *sim, const char *name, int occurrence, wk_elem fallback)
{
    for (int i = 0; i < sim->n_outputs; i++)
        if (strcmp(sim->outputs[i].name, name) == 0 && occurrence-- == 0)
            return sim->outputs[i].type;
    return fallback;
}

/* The type of `lane`'s record k: the simulator's k-th step with values that
 * the lane executed. */
static wk_elem record_type(const wk_run *sim, int lane, int k, wk_elem fallback)
{
    for (size_t si = 0; si < sim->trace.count; si++) {
        const wk_step *s = &sim->trace.steps[si];
        if (s->block == 0 && s->warp == 0 && s->has_values && ((s->executed >> lane) & 1) && k-- == 0)
            return s->type;
    }
    return fallback;
}

static void compare(const wk_run *sim, wk_elem type, const twin_result *gpu, const twin_result *fe, tally *t,
                    const char *header)
{
    for (int i = 0; i < gpu->n_outputs; i++) {
        const twin_output *g = &gpu->outputs[i];
        int occ = 0;
        for (int j = 0; j < i; j++)
            occ += strcmp(gpu->outputs[j].name, g->name) == 0;
        const twin_output *f = output_named(fe, g->name, occ);
        if (!f || f->count != g->count) {
            t->mismatches++;
            show(t, header, "output %s: the H200 gave %zu values, the front end %zu", g->name, g->count,
                 f ? f->count : 0);
            continue;
        }
        wk_elem ot = output_type(sim, g->name, occ, type);
        char what[64];
        snprintf(what, sizeof what, "output %s index", g->name);
        for (size_t k = 0; k < g->count; k++)
            compare_value(t, header, ot, g->bits[k], f->bits[k], what, k);
    }
    if (fe->n_outputs != gpu->n_outputs) {
        t->mismatches++;
        show(t, header, "the front end gave %d outputs, the H200 %d", fe->n_outputs, gpu->n_outputs);
    }
    if (gpu->has_records != fe->has_records) {
        t->mismatches++;
        show(t, header, "step records: the H200 %s, the front end %s", gpu->has_records ? "has them" : "none",
             fe->has_records ? "has them" : "none");
        return;
    }
    if (!gpu->has_records)
        return;
    for (int lane = 0; lane < 32; lane++) {
        if (gpu->n_records[lane] != fe->n_records[lane]) {
            t->mismatches++;
            show(t, header, "lane %d: the H200 recorded %d steps, the front end %d", lane, gpu->n_records[lane],
                 fe->n_records[lane]);
            continue;
        }
        char what[64];
        snprintf(what, sizeof what, "lane %d record", lane);
        for (int k = 0; k < gpu->n_records[lane] && k < TWIN_MAX_RECORDS; k++)
            compare_value(t, header, record_type(sim, lane, k, type), gpu->records[lane][k], fe->records[lane][k],
                          what, (size_t)k);
    }
}

static int usage(const char *why)
{
    fprintf(stderr, "warpsim-frontend-twins: %s\nusage: warpsim-frontend-twins --load CAPTURE [--expect N] [--show N]\n",
            why);
    return XC_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    const char *load = NULL;
    long expect = -1, show_limit = 8;
    for (int i = 1; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(argv[i], "--load") == 0 && v)
            load = v, i++;
        else if (strcmp(argv[i], "--expect") == 0 && v)
            expect = strtol(v, NULL, 10), i++;
        else if (strcmp(argv[i], "--show") == 0 && v)
            show_limit = strtol(v, NULL, 10), i++;
        else
            return usage("bad arguments");
    }
    if (!load)
        return usage("--load CAPTURE is needed");
    FILE *f = fopen(load, "rb");
    if (!f) {
        fprintf(stderr, "warpsim-frontend-twins: %s: %s\n", load, strerror(errno));
        return XC_EXIT_USAGE;
    }
    uint64_t seed, cases;
    char err[300];
    if (!xc_capture_check(f, &seed, &cases, err, sizeof err)) {
        fprintf(stderr, "warpsim-frontend-twins: %s: %s\n", load, err);
        fclose(f);
        return XC_EXIT_USAGE;
    }
    printf("capture: %s (seed %" PRIu64 ", %" PRIu64 " cases per program and type)\n", load, seed, cases);
    printf("twins built by warpsim cc (rewriter + C++ compiler + CUDA front end): %zu\n", fe_twin_count);
    printf("%-17s %-4s %7s %15s %11s %9s %7s\n", "program", "type", "cases", "lanes compared", "mismatches",
           "NaN-only", "failed");
    tally total = {0};
    int rows = 0;
    size_t twins_used = 0;
    char skipped[1024] = "";
    for (size_t pi = 0; pi < wk_program_count; pi++) {
        const wk_program *p = wk_programs[pi];
        const twin *tw = find_twin(p->name);
        if (!tw) {
            size_t used = strlen(skipped);
            snprintf(skipped + used, sizeof skipped - used, " %s", p->name);
            continue;
        }
        twins_used++;
        for (int ti = 0; ti < WK_ELEM_COUNT; ti++) {
            wk_elem type = wk_elem_order[ti];
            if (!xc_type_checked(p, type))
                continue;
            tally t = {.show_limit = (int)show_limit};
            uint64_t ran = 0;
            for (uint64_t k = 0; k < cases; k++) {
                xc_rng rng;
                xc_rng_seed(&rng, seed, p->name, type, k);
                wk_params q;
                size_t n = 0;
                char header[300];
                snprintf(header, sizeof header, "%s %s case %" PRIu64 " (replay: warpsim-xcheck --seed %" PRIu64
                         " --program %s --type %s --case %" PRIu64 ")", p->name, wk_elem_name(type), k, seed, p->name,
                         wk_elem_name(type), k);
                if (!xc_draw_params(p, type, k, &rng, &q, &n, err, sizeof err)) {
                    t.failed++;
                    show(&t, header, "drawing the parameters: %s", err);
                    continue;
                }
                uint64_t *input = malloc(n * sizeof *input);
                twin_result *g = calloc(1, sizeof *g), *fe = calloc(1, sizeof *fe);
                wk_run run;
                bool run_ok = false;
                if (!input || !g || !fe) {
                    t.failed++;
                    show(&t, header, "out of memory");
                    goto next;
                }
                xc_fill_input(type, (xc_input_mode)(k % XC_INPUT_MODES), &rng, input, n);
                if (!xc_capture_find(f, p->name, type, k, input, n, g, err, sizeof err)) {
                    fprintf(stderr, "warpsim-frontend-twins: %s: %s\n", load, err);
                    total.failed++;
                    goto next;
                }
                wk_params sp = q;
                sp.trace = xc_single_warp(p);
                run_ok = wk_run_init(&run, p, &sp, input, n) && wk_run_exec(&run);
                if (!run_ok) {
                    t.failed++;
                    show(&t, header, "the simulator (for the output types) failed: %s", run.error);
                } else if (!tw->run(&q, input, n, fe)) {
                    t.failed++;
                    show(&t, header, "the front-end twin failed: %s", fe->error[0] ? fe->error : "(no message)");
                } else {
                    compare(&run, type, g, fe, &t, header);
                    ran++;
                }
                wk_run_free(&run);
            next:
                twin_result_free(g);
                twin_result_free(fe);
                free(g);
                free(fe);
                free(input);
            }
            printf("%-17s %-4s %7" PRIu64 " %15zu %11zu %9zu %7zu\n", p->name, wk_elem_name(type), ran, t.lanes,
                   t.mismatches, t.nan_only, t.failed);
            fflush(stdout);
            rows++;
            total.lanes += t.lanes;
            total.mismatches += t.mismatches;
            total.nan_only += t.nan_only;
            total.failed += t.failed;
        }
    }
    fclose(f);
    printf("%-17s %-4s %7s %15zu %11zu %9zu %7zu\n", "total", "", "", total.lanes, total.mismatches, total.nan_only,
           total.failed);
    if (skipped[0])
        printf("not built through the front end (CUB or cooperative groups):%s\n", skipped);
    bool enough = expect < 0 || (long)twins_used >= expect;
    if (!enough)
        printf("only %zu twins ran (expected %ld)\n", twins_used, expect);
    bool pass = enough && rows > 0 && total.mismatches == 0 && total.failed == 0;
    printf("RESULT: %s: %zu twins, %d rows, %zu lane results compared with the H200, %zu mismatches, %zu failed; "
           "%zu NaN-payload-only differences (both NaN, the payload differs: CPU float arithmetic in the kernel)\n",
           pass ? "PASS" : "FAIL", twins_used, rows, total.lanes, total.mismatches, total.failed, total.nan_only);
    return pass ? XC_EXIT_OK : XC_EXIT_MISMATCH;
}
