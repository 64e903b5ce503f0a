/* warpsim-xcheck: every CUDA twin on the GPU against its simulator program,
 * bit for bit, over fresh random parameters and inputs each run. The seed is
 * printed first; --seed S replays a run, --seed S --program P --type T
 * --case K one case. See xcheck.h for the parts, --help for the options. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "xcheck.h"

enum { DEFAULT_CASES = 100, DEFAULT_SHOW = 8, MAX_FAILURES_PER_ROW = 3, MAX_SELECTED = 64 };
#define DEFAULT_SCALE_N ((size_t)1 << 26)
#define DEFAULT_SCALE_GRID 1024
#define DEFAULT_SCALE_BLOCK 256

typedef struct options {
    const char *programs[MAX_SELECTED];
    int n_programs;
    unsigned types;          /* WK_BIT mask; 0: every type each program takes */
    uint64_t cases;
    bool cases_given;
    bool case_given;
    uint64_t case_index;     /* --case: only this one */
    uint64_t seed;
    bool seed_given;
    int show;
    bool simulator_only, list, scale;
    const char *save_path, *load_path;   /* --save / --load */
    FILE *save, *load;
    size_t scale_n;
    int scale_grid, scale_block;
    bool scale_opts_given;
} options;

/* What a row (one program, one type) found. */
typedef struct row {
    uint64_t cases;
    size_t lanes, mismatches, failed;
    double t_gpu, t_sim;
} row;

double xc_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* "warpsim-xcheck", or "warpsim-xcheck-replay" (the build without CUDA). */
static const char *prog_name = "warpsim-xcheck";

/* Set when a --load capture cannot serve a case: the run stops there. */
static char capture_failure[400];

static void usage(FILE *out)
{
    fprintf(out, "usage: %s [options]\n\n", prog_name);
    if (xc_twin_count == 0)
        fprintf(out, "This build has no CUDA and no twins: it compares the simulator with the GPU results\n"
                     "saved in a capture by `warpsim-xcheck --save` on a GPU machine (--load FILE; the\n"
                     "seed and case count come from the capture), or runs --simulator-only.\n\n");
    fprintf(out,
            "Runs every CUDA twin (programs/cuda/twins/) on the GPU and its warpsim program\n"
            "on the simulator, on the same random parameters and inputs, and compares every\n"
            "lane of every output and, for single-warp programs, every lane after every\n"
            "traced step, bit for bit. Prints the seed first, a row per program and type\n"
            "(cases, lane results compared, mismatches), and the first differing lanes of a\n"
            "mismatch with both bit patterns.\n"
            "\n"
            "  --program NAME   only this program (repeatable; default: all of them)\n"
            "  --type T         only this element type (repeatable: i32 u32 f32 f64 i64 u64;\n"
            "                   default: every type the program takes on sm90, sym excepted)\n"
            "  --cases N        cases per program and type (default %d; case 0 is the defaults)\n"
            "  --case K         only case K (replays it with the same --seed)\n"
            "  --seed S         the seed (default: from the clock)\n"
            "  --show N         differing lanes shown per program and type (default %d)\n"
            "  --scale          instead: device-reduce at scale, the GPU's final bits against\n"
            "                   the simulator's with the same grid and block (default f32)\n"
            "  --n N            --scale: values (default 2^26 = %zu)\n"
            "  --grid G         --scale: blocks (default %d)\n"
            "  --block B        --scale: threads per block (default %d)\n"
            "  --simulator-only no GPU: the simulator's results stand in for the twins' (checks\n"
            "                   the driver, counts the lane results a run would compare)\n"
            "  --save FILE      also write the twins' results to FILE (a GPU capture)\n"
            "  --load FILE      no GPU: compare against the twins' results saved in FILE by\n"
            "                   --save (its --seed and --cases are the default; --program,\n"
            "                   --type and --case pick a part of it)\n"
            "  --list           the programs, their twins and the types checked\n"
            "  --help           this text\n"
            "\n"
            "Exit status: 0 every compared lane equal, 1 a mismatch or a failed run, 2 bad\n"
            "arguments, 77 no CUDA device (\"skipped: no CUDA device (reason)\").\n",
            DEFAULT_CASES, DEFAULT_SHOW, DEFAULT_SCALE_N, DEFAULT_SCALE_GRID, DEFAULT_SCALE_BLOCK);
}

static bool parse_u64(const char *text, uint64_t max, uint64_t *out)
{
    if (!text || !*text || *text == '-')
        return false;
    char *end;
    if (strncmp(text, "2^", 2) == 0 && text[2] >= '0' && text[2] <= '9') { /* 2^26, as the help writes it */
        unsigned long k = strtoul(text + 2, &end, 10);
        if (*end || k > 63 || ((uint64_t)1 << k) > max)
            return false;
        *out = (uint64_t)1 << k;
        return true;
    }
    errno = 0;
    unsigned long long v = strtoull(text, &end, 0);
    if (errno || *end || v > max)
        return false;
    *out = v;
    return true;
}

static int bad_argument(const char *fmt, const char *what)
{
    fprintf(stderr, "%s: ", prog_name);
    fprintf(stderr, fmt, what);
    fprintf(stderr, " (see --help)\n");
    return XC_EXIT_USAGE;
}

static bool is_value_option(const char *a)
{
    static const char *const names[] = {"--program", "--type", "--cases", "--case", "--seed",
                                        "--show",    "--n",    "--grid",  "--block", "--save", "--load"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(a, names[i]) == 0)
            return true;
    return false;
}

/* Returns -1 when the options are good, or the exit status. */
static int parse_options(int argc, char **argv, options *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        uint64_t x = 0;
        bool takes_value = true;
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return XC_EXIT_OK;
        } else if (strcmp(a, "--simulator-only") == 0) {
            o->simulator_only = true, takes_value = false;
        } else if (strcmp(a, "--list") == 0) {
            o->list = true, takes_value = false;
        } else if (strcmp(a, "--scale") == 0) {
            o->scale = true, takes_value = false;
        } else if (!is_value_option(a)) {
            return bad_argument("%s: not an option", a);
        } else if (!v) {
            return bad_argument("%s: needs a value", a);
        } else if (strcmp(a, "--program") == 0) {
            if (!wk_find_program(v))
                return bad_argument("--program %s: no such program (warpsim list names them)", v);
            if (o->n_programs == MAX_SELECTED)
                return bad_argument("%s: too many", a);
            o->programs[o->n_programs++] = v;
        } else if (strcmp(a, "--type") == 0) {
            wk_elem e;
            if (!wk_elem_from_name(v, &e) || e == WK_SYM)
                return bad_argument("--type %s: not one of i32 u32 f32 f64 i64 u64", v);
            o->types |= WK_BIT(e);
        } else if (strcmp(a, "--cases") == 0) {
            if (!parse_u64(v, 100000000, &x) || x == 0)
                return bad_argument("--cases %s: a count from 1", v);
            o->cases = x, o->cases_given = true;
        } else if (strcmp(a, "--case") == 0) {
            if (!parse_u64(v, UINT32_MAX, &x))
                return bad_argument("--case %s: a case number from 0", v);
            o->case_given = true, o->case_index = x;
        } else if (strcmp(a, "--seed") == 0) {
            if (!parse_u64(v, UINT64_MAX, &x))
                return bad_argument("--seed %s: a number (decimal or 0x hex)", v);
            o->seed_given = true, o->seed = x;
        } else if (strcmp(a, "--show") == 0) {
            if (!parse_u64(v, 1000000, &x))
                return bad_argument("--show %s: a count", v);
            o->show = (int)x;
        } else if (strcmp(a, "--n") == 0) {
            if (!parse_u64(v, (uint64_t)1 << 32, &x) || x == 0)
                return bad_argument("--n %s: a count from 1 to 2^32", v);
            o->scale_n = (size_t)x, o->scale_opts_given = true;
        } else if (strcmp(a, "--grid") == 0) {
            if (!parse_u64(v, 65535, &x) || x == 0)
                return bad_argument("--grid %s: 1..65535 blocks", v);
            o->scale_grid = (int)x, o->scale_opts_given = true;
        } else if (strcmp(a, "--save") == 0) {
            o->save_path = v;
        } else if (strcmp(a, "--load") == 0) {
            o->load_path = v;
        } else if (strcmp(a, "--block") == 0) {
            if (!parse_u64(v, 1024, &x) || x == 0)
                return bad_argument("--block %s: 1..1024 threads", v);
            o->scale_block = (int)x, o->scale_opts_given = true;
        }
        if (takes_value)
            i++;
    }
    if ((o->save_path || o->load_path) && (o->scale || o->simulator_only))
        return bad_argument("%s", "--save and --load go with the cross-check (not --scale or --simulator-only)");
    if (o->save_path && o->load_path)
        return bad_argument("%s", "--save and --load: one or the other");
    if (o->scale_opts_given && !o->scale)
        return bad_argument("%s", "--n, --grid and --block go with --scale");
    if (o->scale && (o->n_programs || o->case_given))
        return bad_argument("%s", "--scale runs device-reduce only: no --program or --case");
    return -1;
}

static uint64_t seed_from_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t x = (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
    /* Keep it short enough to type back. */
    return (x ^ (x >> 29)) % 1000000000000u;
}

/* ---- one case, one row ----------------------------------------------------- */

static void print_input(FILE *out, wk_elem type, const uint64_t *input, size_t n)
{
    char hex[24];
    fprintf(out, "    input (raw bits, for warpsim run --bits --input FILE):");
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s%s", i % 8 ? " " : "\n      ", wk_format_hex(type, input[i], hex, sizeof hex));
    fputc('\n', out);
}

static void run_case(const wk_program *p, const twin *tw, wk_elem type, uint64_t k, const options *o, xc_tally *t,
                     row *r)
{
    xc_rng rng;
    xc_rng_seed(&rng, o->seed, p->name, type, k);
    wk_params q;
    size_t n = 0;
    char err[300], opts[200], header[800];
    if (!xc_draw_params(p, type, k, &rng, &q, &n, err, sizeof err)) {
        r->failed++;
        t->case_header = NULL;
        xc_detail(t, "case %" PRIu64 ": %s", k, err);
        return;
    }
    xc_input_mode mode = (xc_input_mode)(k % XC_INPUT_MODES);
    uint64_t *input = malloc(n * sizeof *input);
    twin_result *g = calloc(1, sizeof *g);
    if (!input || !g) {
        free(input);
        free(g);
        r->failed++;
        xc_detail(t, "case %" PRIu64 ": out of memory", k);
        return;
    }
    xc_fill_input(type, mode, &rng, input, n);
    xc_params_text(p, &q, opts, sizeof opts);
    snprintf(header, sizeof header,
             "  %s %s case %" PRIu64 ": %s, input %s\n"
             "    replay: warpsim-xcheck --seed %" PRIu64 " --program %s --type %s --case %" PRIu64,
             p->name, wk_elem_name(type), k, opts, xc_input_mode_name(mode), o->seed, p->name, wk_elem_name(type), k);
    t->case_header = header;
    t->header_done = false;

    wk_params sim_params = q;
    sim_params.trace = xc_single_warp(p);
    wk_run run;
    double t0 = xc_now();
    bool sim_ok = wk_run_init(&run, p, &sim_params, input, n) && wk_run_exec(&run);
    double t1 = xc_now();
    char capture_err[300] = "";
    bool gpu_ok = o->simulator_only ? sim_ok && xc_twin_from_sim(&run, g)
                  : o->load ? xc_capture_find(o->load, p->name, type, k, input, n, g, capture_err, sizeof capture_err)
                            : tw->run(&q, input, n, g);
    if (!gpu_ok && capture_err[0]) {
        snprintf(capture_failure, sizeof capture_failure, "%s", capture_err);
        wk_run_free(&run);
        twin_result_free(g);
        free(g);
        free(input);
        return;
    }
    if (gpu_ok && o->save && !xc_capture_write(o->save, p->name, type, k, input, n, g))
        xc_detail(t, "writing %s failed", o->save_path);
    r->t_sim += t1 - t0;
    r->t_gpu += xc_now() - t1;

    int shown_before = t->shown;
    if (!sim_ok) {
        r->failed++;
        xc_detail(t, "the simulator failed: %s", run.error);
    } else if (!gpu_ok) {
        r->failed++;
        xc_detail(t, "the twin failed: %s", g->error[0] ? g->error : "(no message)");
        if (!o->simulator_only && !o->load) {
            const char *e = xc_device_recover();
            if (e)
                xc_detail(t, "resetting the device after it failed too: %s", e);
        }
    } else {
        xc_compare(&run, g, t);
    }
    if (t->shown > shown_before && n <= 64 && t->details)
        print_input(t->details, type, input, n);
    r->cases++;
    wk_run_free(&run);
    twin_result_free(g);
    free(g);
    free(input);
}

static void print_row_start(const wk_program *p, wk_elem type)
{
    printf("%-17s %-4s", p->name, wk_elem_name(type));
    fflush(stdout);
}

static void print_row_end(const row *r)
{
    printf(" %7" PRIu64 " %15zu %11zu %7zu %9.2f\n", r->cases, r->lanes, r->mismatches, r->failed, r->t_gpu + r->t_sim);
    fflush(stdout);
}

static row run_row(const wk_program *p, const twin *tw, wk_elem type, const options *o)
{
    row r = {0};
    char *details = NULL;
    size_t details_len = 0;
    xc_tally t = {.show_limit = o->show, .details = open_memstream(&details, &details_len)};
    print_row_start(p, type);
    uint64_t first = o->case_given ? o->case_index : 0, last = o->case_given ? o->case_index + 1 : o->cases;
    for (uint64_t k = first; k < last && !capture_failure[0]; k++) {
        run_case(p, tw, type, k, o, &t, &r);
        if (r.failed >= MAX_FAILURES_PER_ROW && k + 1 < last) {
            t.case_header = NULL;
            xc_detail(&t, "(the other cases of %s %s are not run after %d failures)", p->name, wk_elem_name(type),
                      MAX_FAILURES_PER_ROW);
            break;
        }
    }
    r.lanes = t.lanes;
    r.mismatches = t.mismatches;
    print_row_end(&r);
    if (t.details) {
        fclose(t.details);
        if (details_len)
            fputs(details, stdout);
        if (r.mismatches > (size_t)t.shown && t.shown >= t.show_limit)
            printf("    ... %zu differing lane results in all (--show N shows more)\n", r.mismatches);
        free(details);
    }
    return r;
}

/* ---- the whole run ---------------------------------------------------------- */

static bool selected(const options *o, const wk_program *p)
{
    if (o->n_programs == 0)
        return true;
    for (int i = 0; i < o->n_programs; i++)
        if (strcmp(o->programs[i], p->name) == 0)
            return true;
    return false;
}

static void list_programs(void)
{
    printf("%-17s %-5s %-12s %s\n", "program", "twin", "kind", "types checked");
    for (size_t i = 0; i < wk_program_count; i++) {
        const wk_program *p = wk_programs[i];
        printf("%-17s %-5s %-12s", p->name, xc_find_twin(p->name) ? "yes" : "NO",
               xc_single_warp(p) ? "warp, traced" : "block/grid");
        for (int ti = 0; ti < WK_ELEM_COUNT; ti++)
            if (xc_type_checked(p, wk_elem_order[ti]))
                printf(" %s", wk_elem_name(wk_elem_order[ti]));
        printf("\n");
    }
    for (size_t i = 0; i < xc_twin_count; i++)
        if (!wk_find_program(xc_twins[i]->name))
            printf("%-17s (a twin with no simulator program)\n", xc_twins[i]->name);
}

static int cross_check(const options *o)
{
    printf("%-17s %-4s %7s %15s %11s %7s %9s\n", "program", "type", "cases", "lanes compared", "mismatches",
           "failed", "seconds");
    row total = {0};
    int rows = 0;
    char missing[1024] = "";
    double t0 = xc_now();
    for (size_t i = 0; i < wk_program_count; i++) {
        const wk_program *p = wk_programs[i];
        if (!selected(o, p))
            continue;
        const twin *tw = xc_find_twin(p->name);
        if (!tw && !o->simulator_only && !o->load) {
            size_t used = strlen(missing);
            snprintf(missing + used, sizeof missing - used, " %s", p->name);
            continue;
        }
        bool any = false;
        for (int ti = 0; ti < WK_ELEM_COUNT; ti++) {
            wk_elem e = wk_elem_order[ti];
            if (!xc_type_checked(p, e) || (o->types && !(o->types & WK_BIT(e))))
                continue;
            any = true;
            row r = run_row(p, tw, e, o);
            if (capture_failure[0]) {
                fprintf(stderr, "%s: --load %s: %s\n", prog_name, o->load_path, capture_failure);
                return XC_EXIT_USAGE;
            }
            rows++;
            total.cases += r.cases;
            total.lanes += r.lanes;
            total.mismatches += r.mismatches;
            total.failed += r.failed;
            total.t_gpu += r.t_gpu;
            total.t_sim += r.t_sim;
        }
        if (!any && o->n_programs)
            printf("%-17s (none of the --type types: it takes other types on sm90)\n", p->name);
    }
    for (size_t i = 0; i < xc_twin_count; i++)
        if (!wk_find_program(xc_twins[i]->name)) {
            size_t used = strlen(missing);
            snprintf(missing + used, sizeof missing - used, " (twin %s: no such program)", xc_twins[i]->name);
        }
    printf("%-17s %-4s %7" PRIu64 " %15zu %11zu %7zu %9.2f\n", "total", "", total.cases, total.lanes,
           total.mismatches, total.failed, xc_now() - t0);
    printf("time: %s %.2f s, simulator %.2f s\n",
           o->simulator_only ? "stand-in twins" : o->load ? "loading the capture" : "GPU twins", total.t_gpu,
           total.t_sim);
    if (missing[0])
        printf("missing twins:%s\n", missing);
    bool pass = !missing[0] && rows > 0 && total.mismatches == 0 && total.failed == 0;
    printf("RESULT: %s: %d rows, %" PRIu64 " cases, %zu lane results compared, %zu mismatches, %zu failed runs%s "
           "(seed %" PRIu64 ")\n",
           pass ? "PASS" : "FAIL", rows, total.cases, total.lanes, total.mismatches, total.failed,
           missing[0] ? ", twins missing" : "", o->seed);
    return pass ? XC_EXIT_OK : XC_EXIT_MISMATCH;
}

int main(int argc, char **argv)
{
    if (argc > 0 && argv[0]) {
        const char *slash = strrchr(argv[0], '/');
        prog_name = slash ? slash + 1 : argv[0];
    }
    options o = {.cases = DEFAULT_CASES, .show = DEFAULT_SHOW, .scale_n = DEFAULT_SCALE_N,
                 .scale_grid = DEFAULT_SCALE_GRID, .scale_block = DEFAULT_SCALE_BLOCK};
    int status = parse_options(argc, argv, &o);
    if (status >= 0)
        return status;
    if (o.list) {
        list_programs();
        return XC_EXIT_OK;
    }
    if (o.load_path) {
        char why[300];
        uint64_t seed, cases;
        o.load = fopen(o.load_path, "rb");
        if (!o.load) {
            fprintf(stderr, "%s: --load %s: %s\n", prog_name, o.load_path, strerror(errno));
            return XC_EXIT_USAGE;
        }
        if (!xc_capture_check(o.load, &seed, &cases, why, sizeof why)) {
            fprintf(stderr, "%s: --load %s: %s\n", prog_name, o.load_path, why);
            fclose(o.load);
            return XC_EXIT_USAGE;
        }
        if ((o.seed_given && o.seed != seed) || (o.cases_given && o.cases != cases) ||
            (o.case_given && o.case_index >= cases)) {
            fprintf(stderr, "%s: --load %s was saved with --seed %" PRIu64 " --cases %" PRIu64
                            ": leave --seed and --cases out, or give those\n",
                    prog_name, o.load_path, seed, cases);
            fclose(o.load);
            return XC_EXIT_USAGE;
        }
        o.seed = seed, o.seed_given = true, o.cases = cases;
    }
    if (!o.seed_given)
        o.seed = seed_from_clock();
    printf("seed: %" PRIu64 "  (replay: --seed %" PRIu64 ")\n", o.seed, o.seed);
    if (o.load_path) {
        printf("device: none used (--load %s: the GPU results saved there)\n", o.load_path);
    } else if (o.simulator_only) {
        printf("device: none used (--simulator-only: the simulator stands in for the twins)\n");
    } else {
        char desc[400], why[300];
        if (!xc_device_open(desc, sizeof desc, why, sizeof why)) {
            printf("skipped: no CUDA device (%s)\n", why);
            return XC_EXIT_NO_DEVICE;
        }
        printf("device: %s\n", desc);
    }
    fflush(stdout);
    if (o.scale) {
        wk_elem type = WK_F32;
        for (int ti = 0; ti < WK_ELEM_COUNT; ti++)
            if (o.types & WK_BIT(wk_elem_order[ti])) {
                type = wk_elem_order[ti];
                break;
            }
        xc_scale_opts s = {.n = o.scale_n, .grid = o.scale_grid, .block = o.scale_block, .type = type,
                           .seed = o.seed, .simulator_only = o.simulator_only};
        return xc_scale_check(&s);
    }
    if (o.save_path) {
        o.save = fopen(o.save_path, "wb");
        if (!o.save || !xc_capture_begin(o.save, o.seed, o.cases)) {
            fprintf(stderr, "%s: --save %s: %s\n", prog_name, o.save_path, strerror(errno));
            if (o.save)
                fclose(o.save);
            return XC_EXIT_USAGE;
        }
    }
    int result = cross_check(&o);
    if (o.load)
        fclose(o.load);
    if (o.save && fclose(o.save) != 0) {
        fprintf(stderr, "%s: --save %s: %s\n", prog_name, o.save_path, strerror(errno));
        return XC_EXIT_MISMATCH;
    }
    return result;
}
