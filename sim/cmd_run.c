/* warpsim run PROGRAM: runs one program on the model. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "runtime/program.h"
#include "run_fast.h"
#include "runtime/sym.h"
#include "writers/writers.h"

enum {
    O_HELP = 1, O_PROFILE, O_LANES, O_TYPE, O_INPUT, O_BITS, O_BINARY, O_GEN, O_N, O_THREADS, O_ACTIVE,
    O_WIDTH, O_SRC, O_OP, O_DESCENDING, O_PAIRS, O_BLOCK, O_GRID, O_TRACE, O_OUTPUT, O_DIAG, O_JSON, O_COST,
};

static const cli_opt options[] = {
    {"help", false, O_HELP},     {"profile", true, O_PROFILE}, {"lanes", true, O_LANES},
    {"type", true, O_TYPE},      {"input", true, O_INPUT},     {"bits", false, O_BITS},
    {"binary", false, O_BINARY}, {"gen", true, O_GEN},         {"n", true, O_N},
    {"threads", true, O_THREADS}, {"active", true, O_ACTIVE},  {"width", true, O_WIDTH},
    {"src", true, O_SRC},        {"op", true, O_OP},           {"descending", false, O_DESCENDING},
    {"pairs", false, O_PAIRS},   {"block", true, O_BLOCK},     {"grid", true, O_GRID},
    {"trace", true, O_TRACE},    {"output", true, O_OUTPUT},   {"diag", true, O_DIAG},
    {"json", false, O_JSON},     {"cost", false, O_COST},      {NULL, false, 0},
};

static const char usage[] =
    "usage: warpsim run PROGRAM [options]\n"
    "\n"
    "Runs PROGRAM (see warpsim list) on the warp model and prints every lane's\n"
    "final value. Options:\n"
    "  --profile sm90|wave64|wave32  the hardware rules (default sm90: 32 lanes)\n"
    "  --lanes 32|64          shorthand: 32 is sm90, 64 is wave64\n"
    "  --type T               i32 (default), u32, f32, f64, i64, u64, or sym\n"
    "                         (symbolic sums: which inputs each lane adds up)\n"
    "  --input FILE           the input values (- for standard input): numbers\n"
    "                         separated by blanks, commas or newlines, # comments;\n"
    "                         decimal, 0x hex, float literals, inf, nan, nan(0x...)\n"
    "  --bits                 read each value as a raw bit pattern\n"
    "  --binary               read raw little-endian values (4 or 8 bytes each)\n"
    "  --gen seq|rand:SEED|bits:SEED  generate the input (default: the program's)\n"
    "  --n N                  how many values to generate (programs that take any number;\n"
    "                         device-reduce streams up to 2^40 untraced, else 2^27)\n"
    "  --threads N            lanes that exist (a block of N threads); the rest are absent\n"
    "  --active MASK          lanes that run; the others return at the start\n"
    "  --width W              segmented-reduce: the segment, a power of two 2..lanes/2\n"
    "  --src LANE             broadcast: the lane every lane reads\n"
    "  --op add|min|max|and|or|xor  reduce-redux: the __reduce_*_sync operation\n"
    "  --descending, --pairs  sorts: order, and (key, index) pairs\n"
    "  --block N, --grid N    block and device programs: threads per block, blocks\n"
    ; /* then the --trace line, from the writers' table (print_usage) */
static const char usage_after_trace[] =
    "                         step viewer, one self-contained page; docs/viewer.md)\n"
    "  --output FILE          write there instead of standard output\n"
    "  --json                 print the result as JSON (hex bits and decoded values)\n"
    "  --cost                 sm90: each step's latency and the warp's critical path in\n"
    "                         cycles, from latencies measured on an H200: an estimate along\n"
    "                         the dependency chain, not a timing simulator (with --trace\n"
    "                         text, json or html, or alone)\n"
    "  --diag ignore|warn|error  what undefined behaviour does (default warn:\n"
    "                         computed as the hardware does, reported on stderr)\n"
    "Exit status: 0 ok, 1 the simulation failed, 2 bad arguments or input,\n"
    "3 a file could not be read or written.\n";

static void print_usage(void)
{
    char formats[128];
    wk_trace_writer_list(formats, sizeof formats, "|");
    fputs(usage, stdout);
    printf("  --trace %s  record every step and write it (html: the\n", formats);
    fputs(usage_after_trace, stdout);
}

typedef struct run_args {
    const char *program, *input, *gen, *trace, *output;
    bool bits, binary, json, n_given;
    int lanes;           /* --lanes, 0 when not given */
    long threads, width, src; /* as given; checked once the profile is known */
    const char *threads_text, *width_text, *src_text; /* the same, as typed, for messages */
    bool threads_given;
    wk_params params;
    unsigned given;      /* bit i: wk_run_options()[i] is on the command line */
    bool help;
} run_args;

/* The run option (the one table in programs/runtime/params.c) that a
 * command-line option id stands for, or -1 for the common options. */
static int run_option_of(int id)
{
    const char *name = NULL;
    for (size_t i = 0; options[i].name; i++)
        if (options[i].id == id)
            name = options[i].name;
    size_t count;
    const wk_run_option *ro = wk_run_options(&count);
    for (size_t i = 0; name && i < count && i < 32; i++) /* 32: the bits of run_args.given */
        if (strncmp(ro[i].flag, "--", 2) == 0 && strcmp(ro[i].flag + 2, name) == 0)
            return (int)i;
    return -1;
}

/* A program's default for a run option, for --help (0: none to show). */
static size_t option_default(const wk_run_option *o, const wk_params *d)
{
    switch (o->program_option) {
    case WK_OPT_BLOCK: return (size_t)d->block;
    case WK_OPT_GRID: return (size_t)d->grid;
    case WK_OPT_WIDTH: return (size_t)d->width;
    case WK_OPT_N: return d->n;
    default: return 0;
    }
}

static void print_program_help(const wk_program *p)
{
    printf("%s: %s\n\nThe CUDA it mirrors:\n", p->name, p->summary);
    for (const char *line = p->cuda; line && *line;) {
        const char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        printf("    %.*s\n", (int)len, line);
        line = nl ? nl + 1 : line + len;
    }
    printf("\nTypes:");
    for (int ti = 0; ti < WK_ELEM_COUNT; ti++)
        if (p->types & WK_BIT(wk_elem_order[ti]))
            printf(" %s", wk_elem_name(wk_elem_order[ti]));
    printf("\nProfiles:");
    for (int id = 0; id < WS_PROFILE_COUNT; id++)
        if (p->profiles & WK_PROFILE_BIT(id))
            printf(" %s (%d lanes)", ws_profile_name((ws_profile_id)id), ws_profile_lanes((ws_profile_id)id));
    printf("\nIts options:");
    bool any = false;
    size_t n_options;
    const wk_run_option *ro = wk_run_options(&n_options);
    for (size_t i = 0; i < n_options; i++) {
        if (!(p->options & ro[i].program_option))
            continue;
        any = true;
        printf(" %s", ro[i].flag);
        if (option_default(&ro[i], &p->defaults))
            printf(" (default %zu)", option_default(&ro[i], &p->defaults));
    }
    printf("%s\n", any ? "" : " none besides the common ones");
    wk_params q = {.profile = WS_PROFILE_SM90, .type = WK_I32};
    wk_apply_defaults(p, &q);
    char err[200];
    size_t count = wk_input_count(p, &q, err, sizeof err);
    if (count)
        printf("Input: %zu values on sm90 with the defaults%s\n", count,
               p->options & WK_OPT_N ? " (any number with --input or --n)" : "");
    printf("Default input: --gen %s\n\nThe common options: warpsim run --help\n", p->default_gen);
}

static int parse(int argc, char **argv, run_args *a)
{
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    if (!positional)
        return CLI_EXIT_IO;
    cli_parser p;
    cli_parser_init(&p, "run", argc, argv, positional);
    int id, rc = CLI_EXIT_OK;
    const char *v;
    long num;
    bool profile_given = false;
    /* Lane masks are checked against the profile once it is known. */
    const char *active_text = NULL;
    while (rc == CLI_EXIT_OK && (id = cli_next(&p, options, &v)) != 0) {
        int option = run_option_of(id);
        if (option >= 0)
            a->given |= 1u << option;
        switch (id) {
        case -1: rc = CLI_EXIT_USAGE; break;
        case O_HELP: a->help = true; break;
        case O_PROFILE:
            profile_given = true;
            if (!cli_profile(v, &a->params.profile))
                rc = CLI_EXIT_USAGE;
            break;
        case O_LANES:
            if (!cli_lanes(v, &a->lanes))
                rc = CLI_EXIT_USAGE;
            break;
        case O_TYPE:
            if (!cli_type(v, &a->params.type))
                rc = CLI_EXIT_USAGE;
            break;
        case O_INPUT: a->input = v; break;
        case O_BITS: a->bits = true; break;
        case O_BINARY: a->binary = true; break;
        case O_GEN: a->gen = v; break;
        case O_N:
            if (!cli_size("--n", v, 1, CLI_FAST_MAX_N, &a->params.n))
                rc = CLI_EXIT_USAGE;
            a->n_given = true;
            break;
        case O_THREADS:
            a->threads_given = true;
            a->threads_text = v;
            if (!cli_long("--threads", v, LONG_MIN, LONG_MAX, &a->threads))
                rc = CLI_EXIT_USAGE;
            break;
        case O_ACTIVE: active_text = v; break;
        case O_WIDTH:
            a->width_text = v;
            if (!cli_long("--width", v, LONG_MIN, LONG_MAX, &a->width))
                rc = CLI_EXIT_USAGE;
            break;
        case O_SRC:
            a->src_text = v;
            if (!cli_long("--src", v, LONG_MIN, LONG_MAX, &a->src))
                rc = CLI_EXIT_USAGE;
            break;
        case O_OP:
            if (!wk_redop_from_name(v, &a->params.op)) {
                char buf[CLI_SHOWN_SIZE];
                cli_error("--op: unknown operation '%s' (add, min, max, and, or, xor)", cli_shown(v, buf, NULL));
                rc = CLI_EXIT_USAGE;
            }
            break;
        case O_DESCENDING: a->params.descending = true; break;
        case O_PAIRS: a->params.pairs = true; break;
        case O_BLOCK:
            if (!cli_long("--block", v, 1, WK_MAX_BLOCK, &num))
                rc = CLI_EXIT_USAGE;
            a->params.block = (int)num;
            break;
        case O_GRID:
            if (!cli_long("--grid", v, 1, WK_MAX_GRID, &num))
                rc = CLI_EXIT_USAGE;
            a->params.grid = (int)num;
            break;
        case O_TRACE:
            if (!wk_find_trace_writer(v)) {
                char buf[CLI_SHOWN_SIZE], formats[128];
                wk_trace_writer_list(formats, sizeof formats, ", ");
                cli_error("--trace: unknown format '%s' (%s)", cli_shown(v, buf, NULL), formats);
                rc = CLI_EXIT_USAGE;
            }
            a->trace = v;
            a->params.trace = true;
            break;
        case O_OUTPUT: a->output = v; break;
        case O_DIAG:
            if (!cli_diag_policy(v, &a->params.diag))
                rc = CLI_EXIT_USAGE;
            break;
        case O_JSON: a->json = true; break;
        case O_COST: a->params.cost = true; break;
        default: break;
        }
    }
    if (rc == CLI_EXIT_OK && !a->help) {
        if (p.n_positional == 0) {
            cli_error("run: which program? (see warpsim list)");
            rc = CLI_EXIT_USAGE;
        } else if (p.n_positional > 1) {
            char b0[CLI_SHOWN_SIZE], b1[CLI_SHOWN_SIZE];
            cli_error("run: one program at a time (got '%s' and '%s')", cli_shown(positional[0], b0, NULL),
                      cli_shown(positional[1], b1, NULL));
            rc = CLI_EXIT_USAGE;
        }
    }
    if (p.n_positional > 0)
        a->program = positional[0];
    free(positional);
    if (rc != CLI_EXIT_OK || a->help)
        return rc;

    if (!cli_resolve_profile(profile_given, a->lanes, &a->params.profile))
        return CLI_EXIT_USAGE;
    int lanes = ws_profile_lanes(a->params.profile);
    if (active_text) {
        if (!cli_mask("--active", active_text, lanes, &a->params.active))
            return CLI_EXIT_USAGE;
        if (a->params.active == 0) {
            cli_error("--active 0: no lane would run");
            return CLI_EXIT_USAGE;
        }
    }
    if (a->input && a->gen) {
        cli_error("--input and --gen: give one of them");
        return CLI_EXIT_USAGE;
    }
    if ((a->bits || a->binary) && !a->input) {
        cli_error("%s: only with --input", a->bits ? "--bits" : "--binary");
        return CLI_EXIT_USAGE;
    }
    if (a->gen && a->params.type == WK_SYM) {
        cli_error("--gen: --type sym takes no input values (each input is a symbol)");
        return CLI_EXIT_USAGE;
    }
    if (a->input && a->params.type == WK_SYM) {
        cli_error("--input: --type sym takes no input values (each input is a symbol)");
        return CLI_EXIT_USAGE;
    }
    if (a->params.cost && a->trace && strcmp(a->trace, "text") != 0 && strcmp(a->trace, "json") != 0 &&
        strcmp(a->trace, "html") != 0) {
        cli_error("--cost with --trace %s: the estimate is shown by --trace text, json and html, or without --trace",
                  a->trace);
        return CLI_EXIT_USAGE;
    }
    if (a->params.cost)
        a->params.trace = true; /* the estimate is kept per step: the run is recorded as a trace is */
    bool trace_to_stdout = a->trace && !a->output;
    if (a->json && a->trace && strcmp(a->trace, "json") != 0 && trace_to_stdout) {
        cli_error("--json with --trace %s: both would go to standard output; give the trace an --output FILE",
                  a->trace);
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

/* Diagnostics grouped: the same report (code, warp, message) from several
 * steps or blocks is one line with a count and the steps. */
typedef struct diag_group {
    size_t first, count;
    int block_lo, block_hi;
    bool blocks_contiguous;
    size_t members; /* where its diagnostics start in the sorted order (count of them) */
} diag_group;

static int by_long(const void *x, const void *y)
{
    long a = *(const long *)x, b = *(const long *)y;
    return (a > b) - (a < b);
}

/* ", step 3" or ", steps 3-7" or ", steps 3,9,15-17": the steps (as the
 * trace numbers them) of a group's diagnostics, ranges joined, at most 8
 * ranges then ",..."; nothing when the run does not know them. */
static void format_steps(const wk_run *r, const size_t *members, size_t count, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!r->diag_step)
        return;
    long *steps = malloc(count * sizeof *steps);
    if (!steps)
        return;
    size_t n = 0;
    for (size_t i = 0; i < count; i++)
        if (r->diag_step[members[i]] > 0)
            steps[n++] = r->diag_step[members[i]];
    qsort(steps, n, sizeof *steps, by_long);
    size_t unique = 0;
    for (size_t i = 0; i < n; i++)
        if (!unique || steps[unique - 1] != steps[i])
            steps[unique++] = steps[i];
    if (unique) {
        size_t used = (size_t)snprintf(buf, size, ", step%s ", unique > 1 ? "s" : "");
        int ranges = 0;
        for (size_t i = 0; i < unique && used < size;) {
            size_t j = i;
            while (j + 1 < unique && steps[j + 1] == steps[j] + 1)
                j++;
            if (++ranges > 8) {
                snprintf(buf + used, size - used, ",...");
                break;
            }
            used += (size_t)(j > i ? snprintf(buf + used, size - used, "%s%ld-%ld", i ? "," : "", steps[i], steps[j])
                                   : snprintf(buf + used, size - used, "%s%ld", i ? "," : "", steps[i]));
            i = j + 1;
        }
    }
    free(steps);
}

static const wk_run *sort_run; /* for the comparators (qsort has no context) */

static int by_report(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    const wk_run *r = sort_run;
    if (r->diags[a].code != r->diags[b].code)
        return r->diags[a].code < r->diags[b].code ? -1 : 1;
    if (r->diag_warp[a] != r->diag_warp[b])
        return r->diag_warp[a] < r->diag_warp[b] ? -1 : 1;
    int c = strcmp(r->diags[a].message, r->diags[b].message);
    return c ? c : (a > b) - (a < b);
}

static int by_first(const void *x, const void *y)
{
    const diag_group *a = x, *b = y;
    return (a->first > b->first) - (a->first < b->first);
}

static void report_diagnostics(const wk_run *r)
{
    /* Under error the failure message carries the diagnostic. */
    if (r->params.diag != WS_DIAG_POLICY_WARN || r->n_diags == 0)
        return;
    size_t n = r->n_diags, n_groups = 0;
    size_t *order = malloc(n * sizeof *order);
    diag_group *groups = malloc(n * sizeof *groups);
    if (!order || !groups) { /* out of memory: one line each, as they come */
        free(order);
        free(groups);
        for (size_t i = 0; i < n && i < 20; i++)
            fprintf(stderr, "warpsim: warning: %s (block %d, warp %d): %s\n", ws_diag_code_name(r->diags[i].code),
                    r->diag_block[i], r->diag_warp[i], r->diags[i].message);
        return;
    }
    for (size_t i = 0; i < n; i++)
        order[i] = i;
    sort_run = r;
    qsort(order, n, sizeof *order, by_report);
    for (size_t k = 0; k < n; k++) {
        size_t i = order[k];
        diag_group *g = n_groups ? &groups[n_groups - 1] : NULL;
        if (g) {
            size_t f = g->first;
            if (r->diags[f].code == r->diags[i].code && r->diag_warp[f] == r->diag_warp[i] &&
                strcmp(r->diags[f].message, r->diags[i].message) == 0) {
                int b = r->diag_block[i];
                if (b != g->block_hi && b != g->block_hi + 1)
                    g->blocks_contiguous = false;
                if (b < g->block_lo)
                    g->block_lo = b;
                if (b > g->block_hi)
                    g->block_hi = b;
                g->count++;
                continue;
            }
        }
        groups[n_groups++] = (diag_group){i, 1, r->diag_block[i], r->diag_block[i], true, k};
    }
    qsort(groups, n_groups, sizeof *groups, by_first);
    const size_t shown_max = 20;
    for (size_t k = 0; k < n_groups && k < shown_max; k++) {
        const diag_group *g = &groups[k];
        const ws_diag *d = &r->diags[g->first];
        char where[96];
        if (g->block_lo == g->block_hi)
            snprintf(where, sizeof where, "block %d", g->block_lo);
        else
            snprintf(where, sizeof where, "blocks %d%s%d", g->block_lo, g->blocks_contiguous ? "-" : "..",
                     g->block_hi);
        char times[48] = "", steps[160];
        if (g->count > 1)
            snprintf(times, sizeof times, ", %zu times", g->count);
        format_steps(r, order + g->members, g->count, steps, sizeof steps);
        fprintf(stderr, "warpsim: warning: %s (%s, warp %d%s%s): %s\n", ws_diag_code_name(d->code), where,
                r->diag_warp[g->first], times, steps, d->message);
    }
    if (n_groups > shown_max)
        fprintf(stderr, "warpsim: warning: %zu more kinds of diagnostics (all of them in --json)\n",
                n_groups - shown_max);
    if (r->diags_dropped)
        fprintf(stderr, "warpsim: warning: %zu diagnostics were not kept\n", r->diags_dropped);
    free(order);
    free(groups);
}

/* The trace or result in the format asked for. */
static bool write_main(FILE *f, const run_args *a, const wk_run *r)
{
    if (!a->trace) {
        if (a->json)
            return wk_write_run_json(f, r, false);
        return wk_write_results_text(f, r) && (!r->params.cost || wk_write_cost_text(f, r));
    }
    return wk_find_trace_writer(a->trace)->write(f, r); /* the name was checked */
}

/* Writes the results (and the trace) where asked; frees the run. */
static int write_results(const run_args *a, wk_run *run)
{
    cli_out out;
    bool json_apart = a->json && a->trace && strcmp(a->trace, "json") != 0;
    int rc = cli_out_open(&out, a->output);
    if (rc == CLI_EXIT_OK) {
        bool written = write_main(out.f, a, run);
        rc = cli_out_close(&out, written);
        if (rc == CLI_EXIT_OK && !written) {
            char shown[CLI_SHOWN_PATH_SIZE];
            cli_error("%s%s: writing failed: %s", a->output ? "--output " : "",
                      a->output ? cli_shown_path(a->output, shown, sizeof shown) : "standard output",
                      strerror(errno));
            rc = CLI_EXIT_IO;
        }
    }
    if (rc == CLI_EXIT_OK && json_apart) {
        cli_out js;
        rc = cli_out_open(&js, NULL);
        if (rc == CLI_EXIT_OK)
            rc = cli_out_close(&js, wk_write_run_json(js.f, run, true));
    }
    wk_run_free(run);
    return rc;
}

/* The largest --n whose trace fits WK_TRACE_MAX_STEPS, for a program whose
 * trace grows with n (its descriptor's trace_trips): the steps of a traced
 * run on one value, plus trace_steps_per_trip per extra loop trip. 0 when
 * not even one value fits; SIZE_MAX when the program's trace does not grow
 * with n or it cannot be worked out here (the run itself then says). */
static size_t max_traced_n(const wk_program *prog, const wk_params *params)
{
    if (!prog->trace_trips || prog->trace_steps_per_trip <= 0)
        return SIZE_MAX;
    wk_params one = *params;
    one.n = 1;
    one.diag = WS_DIAG_POLICY_IGNORE;
    const uint64_t zero = 0;
    wk_run r;
    if (!wk_run_init(&r, prog, &one, &zero, 1)) {
        wk_run_free(&r);
        return SIZE_MAX;
    }
    bool ok = wk_run_exec(&r);
    size_t steps = r.trace.count;
    wk_run_free(&r);
    if (!ok)
        return steps >= WK_TRACE_MAX_STEPS ? 0 : SIZE_MAX;
    uint64_t budget = (WK_TRACE_MAX_STEPS - steps) / (uint64_t)prog->trace_steps_per_trip +
                      prog->trace_trips(1, params);
    size_t lo = 1, hi = CLI_MODEL_MAX_N; /* the largest n with trace_trips(n) <= budget */
    if (prog->trace_trips(hi, params) <= budget)
        return hi;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (prog->trace_trips(mid, params) <= budget)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

/* --threads, --width, --src against the profile's lanes; "does not run on"
 * with what the program runs on. */
static bool check_program_params(const wk_program *prog, run_args *a)
{
    int lanes = ws_profile_lanes(a->params.profile);
    const char *profile = ws_profile_name(a->params.profile);
    char list[200], shown[CLI_SHOWN_SIZE];
    if (!(prog->profiles & WK_PROFILE_BIT(a->params.profile))) {
        cli_error("%s does not run on the %s profile (it runs on %s)", prog->name, profile,
                  cli_profiles_text(prog->profiles, list, sizeof list));
        return false;
    }
    if (!(prog->types & WK_BIT(a->params.type))) {
        cli_error("%s does not run on type %s (it runs on %s)", prog->name, wk_elem_name(a->params.type),
                  cli_types_text(prog->types, list, sizeof list));
        return false;
    }
    if (a->threads_given) {
        if (a->threads < 1 || a->threads > lanes) {
            cli_error("--threads %s: must be 1..%d on %s (%d lanes)", cli_shown(a->threads_text, shown, NULL), lanes,
                      profile, lanes);
            return false;
        }
        a->params.threads = (int)a->threads;
    }
    if (a->width_text) { /* --width given */
        if (a->width < 2 || a->width > lanes / 2 || (a->width & (a->width - 1))) {
            cli_error("--width %s: must be a power of two from 2 to %d (half the %d lanes of %s)",
                      cli_shown(a->width_text, shown, NULL), lanes / 2, lanes, profile);
            return false;
        }
        a->params.width = (int)a->width;
    }
    if (a->src_text) { /* --src given */
        if (a->src < 0 || a->src >= lanes) {
            cli_error("--src %s: the source must be a lane of the warp, 0..%d on %s",
                      cli_shown(a->src_text, shown, NULL), lanes - 1, profile);
            return false;
        }
        a->params.src_lane = (int)a->src;
    }
    return true;
}

int cmd_run(int argc, char **argv)
{
    run_args a = {.params.type = WK_I32}; /* --type's default; a zero type is u32 */
    int rc = parse(argc, argv, &a);
    if (rc != CLI_EXIT_OK)
        return rc;
    const wk_program *prog = a.program ? wk_find_program(a.program) : NULL;
    if (a.program && !prog) {
        char buf[CLI_SHOWN_SIZE];
        cli_error("run: unknown program '%s' (see warpsim list)", cli_shown(a.program, buf, NULL));
        return CLI_EXIT_USAGE;
    }
    if (a.help) {
        if (prog)
            print_program_help(prog);
        else
            print_usage();
        return CLI_EXIT_OK;
    }
    size_t n_options;
    const wk_run_option *ro = wk_run_options(&n_options);
    for (size_t i = 0; i < n_options; i++)
        if ((a.given >> i & 1u) && !(prog->options & ro[i].program_option)) {
            cli_error("%s takes no %s option (see warpsim run %s --help)", prog->name, ro[i].flag, prog->name);
            return CLI_EXIT_USAGE;
        }
    if (!check_program_params(prog, &a))
        return CLI_EXIT_USAGE;
    wk_apply_defaults(prog, &a.params);
    char check_err[200];
    if (!wk_check_params(prog, &a.params, check_err, sizeof check_err)) {
        cli_error("%s", check_err);
        return CLI_EXIT_USAGE;
    }

    wk_run run;
    if (cli_fast_device_reduce(prog, &a.params)) {
        cli_fast_input in = {a.input, a.gen, a.bits, a.binary, a.n_given};
        rc = cli_run_device_reduce_fast(prog, &a.params, &in, &run);
        if (rc != CLI_EXIT_OK)
            return rc;
        report_diagnostics(&run);
        return write_results(&a, &run);
    }

    /* The limits of the model path, before any value is made or read. */
    char why[200];
    cli_limit limit = {0, why};
    bool any_n = prog->options & WK_OPT_N;
    if (a.params.type == WK_SYM && a.params.n > WK_SYM_MAX_INPUTS && any_n) {
        cli_error("--n %zu: --type sym takes at most %d inputs", a.params.n, WK_SYM_MAX_INPUTS);
        return CLI_EXIT_USAGE;
    }
    if (any_n) {
        limit.max = a.n_given || !a.input ? a.params.n : CLI_MODEL_MAX_N;
        if (a.n_given || !a.input)
            snprintf(why, sizeof why, "--n %zu", a.params.n);
        else
            snprintf(why, sizeof why, "at most 2^27 values with --trace or --type f64 --diag error (these take the "
                     "model path, which keeps every value)");
    }
    if (any_n && a.params.trace) {
        size_t max_n = max_traced_n(prog, &a.params);
        if (max_n == 0) {
            cli_error("%s: a trace would have more than %d steps with --grid %d --block %d even for one value; "
                      "trace a smaller --grid",
                      prog->name, WK_TRACE_MAX_STEPS, a.params.grid, a.params.block);
            return CLI_EXIT_USAGE;
        }
        if (max_n < limit.max || (a.n_given && a.params.n > max_n)) {
            if (!a.input || a.n_given) {
                cli_error("--n %zu: the trace would have more than %d steps; at most --n %zu can be traced with "
                          "--grid %d --block %d (untraced, %s streams any n)",
                          a.params.n, WK_TRACE_MAX_STEPS, max_n, a.params.grid, a.params.block, prog->name);
                return CLI_EXIT_USAGE;
            }
            limit.max = max_n;
            snprintf(why, sizeof why, "a trace holds at most %d steps: at most %zu values with --grid %d --block %d",
                     WK_TRACE_MAX_STEPS, max_n, a.params.grid, a.params.block);
        }
    }
    /* After the trace's own limit, which is lower and is the one to name with --trace. */
    if (any_n && a.params.n > CLI_MODEL_MAX_N) {
        cli_error("--n %zu: at most 2^27 values with --trace or --type f64 --diag error (these take the model "
                  "path, which keeps every value)",
                  a.params.n);
        return CLI_EXIT_USAGE;
    }

    uint64_t *input = NULL;
    size_t n = 0;
    char err[200] = "";
    if (a.input) {
        if (!any_n) {
            limit.max = wk_input_count(prog, &a.params, err, sizeof err);
            snprintf(why, sizeof why, "%s takes %zu input values with these options", prog->name, limit.max);
        }
        rc = cli_read_values(a.input, a.params.type, a.bits, a.binary, limit, &input, &n);
        if (rc != CLI_EXIT_OK)
            return rc;
        if (prog->options & WK_OPT_N) {
            if (a.n_given && a.params.n != n) {
                char shown[CLI_SHOWN_PATH_SIZE];
                cli_error("--n %zu but --input %s holds %zu values", a.params.n,
                          cli_shown_path(a.input, shown, sizeof shown), n);
                free(input);
                return CLI_EXIT_USAGE;
            }
            a.params.n = n;
        }
    } else {
        size_t want = wk_input_count(prog, &a.params, err, sizeof err);
        if (want == 0) {
            cli_error("%s: %s", prog->name, err);
            return CLI_EXIT_USAGE;
        }
        if (a.params.type == WK_SYM && want > WK_SYM_MAX_INPUTS) {
            cli_error("%s: --type sym takes at most %d inputs (this run has %zu)", prog->name, WK_SYM_MAX_INPUTS,
                      want);
            return CLI_EXIT_USAGE;
        }
        rc = cli_gen_values(a.gen ? a.gen : prog->default_gen, a.params.type, want, &input);
        if (rc != CLI_EXIT_OK)
            return rc;
        n = want;
    }

    if (!wk_run_init(&run, prog, &a.params, input, n)) {
        cli_error("%s%s", a.input && strstr(run.error, "input values") ? "--input: " : "", run.error);
        wk_run_free(&run);
        free(input);
        return CLI_EXIT_USAGE;
    }
    free(input);
    bool ok = wk_run_exec(&run);
    report_diagnostics(&run);
    if (!ok) {
        cli_error("%s failed: %s", prog->name, run.error);
        wk_run_free(&run);
        return CLI_EXIT_SIM;
    }
    /* A format that cannot hold every run (the step viewer's page has a
     * size limit) says so before any output. */
    const wk_trace_writer *writer = a.trace ? wk_find_trace_writer(a.trace) : NULL;
    if (writer && writer->fits) {
        bool no_memory = false;
        char fits_why[200];
        if (!writer->fits(&run, &no_memory, fits_why, sizeof fits_why)) {
            cli_error("--trace %s: %s", writer->name, fits_why);
            wk_run_free(&run);
            return no_memory ? CLI_EXIT_IO : CLI_EXIT_SIM;
        }
    }

    return write_results(&a, &run);
}
