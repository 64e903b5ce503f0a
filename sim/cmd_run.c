/* warpsim run PROGRAM: runs one program on the model. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "program.h"
#include "run_fast.h"
#include "writers.h"

enum {
    O_HELP = 1, O_PROFILE, O_LANES, O_TYPE, O_INPUT, O_BITS, O_BINARY, O_GEN, O_N, O_THREADS, O_ACTIVE,
    O_WIDTH, O_SRC, O_OP, O_DESCENDING, O_PAIRS, O_BLOCK, O_GRID, O_TRACE, O_OUTPUT, O_DIAG, O_JSON,
};

static const cli_opt options[] = {
    {"help", false, O_HELP},     {"profile", true, O_PROFILE}, {"lanes", true, O_LANES},
    {"type", true, O_TYPE},      {"input", true, O_INPUT},     {"bits", false, O_BITS},
    {"binary", false, O_BINARY}, {"gen", true, O_GEN},         {"n", true, O_N},
    {"threads", true, O_THREADS}, {"active", true, O_ACTIVE},  {"width", true, O_WIDTH},
    {"src", true, O_SRC},        {"op", true, O_OP},           {"descending", false, O_DESCENDING},
    {"pairs", false, O_PAIRS},   {"block", true, O_BLOCK},     {"grid", true, O_GRID},
    {"trace", true, O_TRACE},    {"output", true, O_OUTPUT},   {"diag", true, O_DIAG},
    {"json", false, O_JSON},     {NULL, false, 0},
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
    "  --trace text|csv|json|svg  record every step and write it\n"
    "  --output FILE          write there instead of standard output\n"
    "  --json                 print the result as JSON (hex bits and decoded values)\n"
    "  --diag ignore|warn|error  what undefined behaviour does (default warn:\n"
    "                         computed as the hardware does, reported on stderr)\n"
    "Exit status: 0 ok, 1 the simulation failed, 2 bad arguments or input,\n"
    "3 a file could not be read or written.\n";

typedef struct run_args {
    const char *program, *input, *gen, *trace, *output;
    bool bits, binary, json, n_given;
    int lanes;           /* --lanes, 0 when not given */
    wk_params params;
    unsigned given;      /* WK_OPT_* of the program options on the command line */
    bool help;
} run_args;

/* The program options, for "takes no --x option" and --help. */
static const struct {
    unsigned opt;
    int id;
    const char *name;
} program_options[] = {
    {WK_OPT_LANES, O_THREADS, "--threads"}, {WK_OPT_LANES, O_ACTIVE, "--active"}, {WK_OPT_WIDTH, O_WIDTH, "--width"},
    {WK_OPT_SRC, O_SRC, "--src"},           {WK_OPT_OP, O_OP, "--op"},            {WK_OPT_ORDER, O_DESCENDING, "--descending"},
    {WK_OPT_PAIRS, O_PAIRS, "--pairs"},     {WK_OPT_BLOCK, O_BLOCK, "--block"},   {WK_OPT_GRID, O_GRID, "--grid"},
    {WK_OPT_N, O_N, "--n"},
};
#define N_PROGRAM_OPTIONS (sizeof program_options / sizeof program_options[0])

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
    for (int e = 0; e < WK_ELEM_COUNT; e++)
        if (p->types & WK_BIT(e))
            printf(" %s", wk_elem_name((wk_elem)e));
    printf("\nProfiles:");
    for (int id = 0; id < WS_PROFILE_COUNT; id++)
        if (p->profiles & WK_PROFILE_BIT(id))
            printf(" %s (%d lanes)", ws_profile_name((ws_profile_id)id), ws_profile_lanes((ws_profile_id)id));
    printf("\nIts options:");
    bool any = false;
    for (size_t i = 0; i < N_PROGRAM_OPTIONS; i++) {
        if (!(p->options & program_options[i].opt))
            continue;
        any = true;
        printf(" %s", program_options[i].name);
        const wk_params *d = &p->defaults;
        int id = program_options[i].id;
        if (id == O_BLOCK && d->block)
            printf(" (default %d)", d->block);
        else if (id == O_GRID && d->grid)
            printf(" (default %d)", d->grid);
        else if (id == O_WIDTH && d->width)
            printf(" (default %d)", d->width);
        else if (id == O_N && d->n)
            printf(" (default %zu)", d->n);
    }
    printf("%s\n", any ? "" : " none besides the common ones");
    wk_params q = {.profile = WS_PROFILE_SM90};
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
        for (size_t i = 0; i < N_PROGRAM_OPTIONS; i++)
            if (program_options[i].id == id)
                a->given |= program_options[i].opt;
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
            if (!cli_long("--threads", v, 1, 64, &num))
                rc = CLI_EXIT_USAGE;
            a->params.threads = (int)num;
            break;
        case O_ACTIVE: active_text = v; break;
        case O_WIDTH:
            if (!cli_long("--width", v, 1, 64, &num))
                rc = CLI_EXIT_USAGE;
            a->params.width = (int)num;
            break;
        case O_SRC:
            if (!cli_long("--src", v, 0, 63, &num))
                rc = CLI_EXIT_USAGE;
            a->params.src_lane = (int)num;
            break;
        case O_OP:
            if (!wk_redop_from_name(v, &a->params.op)) {
                cli_error("--op: unknown operation '%s' (add, min, max, and, or, xor)", v);
                rc = CLI_EXIT_USAGE;
            }
            break;
        case O_DESCENDING: a->params.descending = true; break;
        case O_PAIRS: a->params.pairs = true; break;
        case O_BLOCK:
            if (!cli_long("--block", v, 1, 1024, &num))
                rc = CLI_EXIT_USAGE;
            a->params.block = (int)num;
            break;
        case O_GRID:
            if (!cli_long("--grid", v, 1, 65535, &num))
                rc = CLI_EXIT_USAGE;
            a->params.grid = (int)num;
            break;
        case O_TRACE:
            if (strcmp(v, "text") && strcmp(v, "csv") && strcmp(v, "json") && strcmp(v, "svg")) {
                cli_error("--trace: unknown format '%s' (text, csv, json, svg)", v);
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
        default: break;
        }
    }
    if (rc == CLI_EXIT_OK && !a->help) {
        if (p.n_positional == 0) {
            cli_error("run: which program? (see warpsim list)");
            rc = CLI_EXIT_USAGE;
        } else if (p.n_positional > 1) {
            cli_error("run: one program at a time (got '%s' and '%s')", positional[0], positional[1]);
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
    if (a->params.threads > lanes) {
        cli_error("--threads %d: the %s profile has %d lanes", a->params.threads,
                  ws_profile_name(a->params.profile), lanes);
        return CLI_EXIT_USAGE;
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
    bool trace_to_stdout = a->trace && !a->output;
    if (a->json && a->trace && strcmp(a->trace, "json") != 0 && trace_to_stdout) {
        cli_error("--json with --trace %s: both would go to standard output; give the trace an --output FILE",
                  a->trace);
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

static void report_diagnostics(const wk_run *r)
{
    /* Under error the failure message carries the diagnostic. */
    if (r->params.diag != WS_DIAG_POLICY_WARN)
        return;
    const size_t shown_max = 20;
    for (size_t i = 0; i < r->n_diags && i < shown_max; i++)
        fprintf(stderr, "warpsim: warning: %s (block %d, warp %d): %s\n", ws_diag_code_name(r->diags[i].code),
                r->diag_block[i], r->diag_warp[i], r->diags[i].message);
    if (r->n_diags > shown_max)
        fprintf(stderr, "warpsim: warning: %zu more diagnostics (all of them in --json)\n", r->n_diags - shown_max);
    if (r->diags_dropped)
        fprintf(stderr, "warpsim: warning: %zu diagnostics were not kept\n", r->diags_dropped);
}

/* The trace or result in the format asked for. */
static bool write_main(FILE *f, const run_args *a, const wk_run *r)
{
    if (!a->trace)
        return a->json ? wk_write_run_json(f, r, false) : wk_write_results_text(f, r);
    if (strcmp(a->trace, "json") == 0)
        return wk_write_run_json(f, r, true);
    if (strcmp(a->trace, "csv") == 0)
        return wk_write_trace_csv(f, r);
    if (strcmp(a->trace, "svg") == 0)
        return wk_write_trace_svg(f, r);
    return wk_write_trace_text(f, r) && (fputc('\n', f), wk_write_results_text(f, r));
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
            cli_error("%s%s: writing failed: %s", a->output ? "--output " : "",
                      a->output ? a->output : "standard output", strerror(errno));
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

int cmd_run(int argc, char **argv)
{
    run_args a = {0};
    int rc = parse(argc, argv, &a);
    if (rc != CLI_EXIT_OK)
        return rc;
    const wk_program *prog = a.program ? wk_find_program(a.program) : NULL;
    if (a.program && !prog) {
        cli_error("run: unknown program '%s' (see warpsim list)", a.program);
        return CLI_EXIT_USAGE;
    }
    if (a.help) {
        if (prog)
            print_program_help(prog);
        else
            fputs(usage, stdout);
        return CLI_EXIT_OK;
    }
    for (size_t i = 0; i < N_PROGRAM_OPTIONS; i++)
        if ((a.given & program_options[i].opt) && !(prog->options & program_options[i].opt)) {
            cli_error("%s takes no %s option (see warpsim run %s --help)", prog->name, program_options[i].name,
                      prog->name);
            return CLI_EXIT_USAGE;
        }
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
    if (a.params.n > CLI_MODEL_MAX_N) {
        cli_error("--n %zu: at most 2^27 values with --trace, --type sym or --type f64 --diag error (these take "
                  "the model path, which keeps every value)",
                  a.params.n);
        return CLI_EXIT_USAGE;
    }

    uint64_t *input = NULL;
    size_t n = 0;
    char err[200] = "";
    if (a.input) {
        rc = cli_read_values(a.input, a.params.type, a.bits, a.binary, &input, &n);
        if (rc != CLI_EXIT_OK)
            return rc;
        if (prog->options & WK_OPT_N) {
            if (a.n_given && a.params.n != n) {
                cli_error("--n %zu but --input %s holds %zu values", a.params.n, a.input, n);
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

    return write_results(&a, &run);
}
