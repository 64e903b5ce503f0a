/* warpsim op OP: one collective on given lane values, for quick questions
 * ("what does lane 30 get from __shfl_down_sync(.., 4, 8)?") and scripts. */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "writers/writers.h"

/* The operations, by CLI name. */
static const struct op_info {
    const char *name;
    ws_coll_kind kind;
    const char *cuda; /* the intrinsic, for the header line */
} ops[] = {
    {"shfl-idx", WS_COLL_SHFL_IDX, "__shfl_sync"},       {"shfl-up", WS_COLL_SHFL_UP, "__shfl_up_sync"},
    {"shfl-down", WS_COLL_SHFL_DOWN, "__shfl_down_sync"}, {"shfl-xor", WS_COLL_SHFL_BFLY, "__shfl_xor_sync"},
    {"all", WS_COLL_VOTE_ALL, "__all_sync"},             {"any", WS_COLL_VOTE_ANY, "__any_sync"},
    {"uni", WS_COLL_VOTE_UNI, "__uni_sync"},             {"ballot", WS_COLL_VOTE_BALLOT, "__ballot_sync"},
    {"match-any", WS_COLL_MATCH_ANY, "__match_any_sync"}, {"match-all", WS_COLL_MATCH_ALL, "__match_all_sync"},
    {"reduce-add", WS_COLL_REDUX_ADD, "__reduce_add_sync"}, {"reduce-min", WS_COLL_REDUX_MIN, "__reduce_min_sync"},
    {"reduce-max", WS_COLL_REDUX_MAX, "__reduce_max_sync"}, {"reduce-and", WS_COLL_REDUX_AND, "__reduce_and_sync"},
    {"reduce-or", WS_COLL_REDUX_OR, "__reduce_or_sync"},  {"reduce-xor", WS_COLL_REDUX_XOR, "__reduce_xor_sync"},
};
#define N_OPS (sizeof ops / sizeof ops[0])

enum {
    O_HELP = 1, O_PROFILE, O_LANES, O_TYPE, O_VALUES, O_INPUT, O_BITS, O_GEN, O_B, O_WIDTH, O_C, O_MASK,
    O_ACTIVE, O_EXITED, O_THREADS, O_JSON, O_DIAG, O_OUTPUT,
};

static const cli_opt options[] = {
    {"help", false, O_HELP},   {"profile", true, O_PROFILE}, {"lanes", true, O_LANES},  {"type", true, O_TYPE},
    {"values", true, O_VALUES}, {"input", true, O_INPUT},    {"bits", false, O_BITS},   {"gen", true, O_GEN},
    {"b", true, O_B},          {"width", true, O_WIDTH},     {"c", true, O_C},          {"mask", true, O_MASK},
    {"active", true, O_ACTIVE}, {"exited", true, O_EXITED},  {"threads", true, O_THREADS},
    {"json", false, O_JSON},   {"diag", true, O_DIAG},       {"output", true, O_OUTPUT}, {NULL, false, 0},
};

static const char usage[] =
    "usage: warpsim op OP [options]\n"
    "\n"
    "Runs one warp collective on one value per lane and prints what every lane\n"
    "gets. OP is one of:\n"
    "  shfl-idx shfl-up shfl-down shfl-xor   the four shuffles (--b, --width or --c)\n"
    "  all any uni ballot                    votes (a lane votes true when its value is not 0)\n"
    "  match-any match-all                   match (bitwise on sm90)\n"
    "  reduce-add reduce-min reduce-max reduce-and reduce-or reduce-xor  (integers)\n"
    "Options:\n"
    "  --profile sm90|wave64|wave32, --lanes 32|64   as for run (default sm90)\n"
    "  --type T               i32 (default), u32, f32, f64, i64, u64\n"
    "  --values LIST          the lane values, comma separated (one per lane)\n"
    "  --input FILE, --bits, --gen seq|rand:SEED|bits:SEED   as for run (default seq)\n"
    "  --b N                  srcLane, delta or laneMask of a shuffle (required)\n"
    "  --width W              the shuffle's width, used as given (default: the lane count)\n"
    "  --c C                  sm90: a raw shfl.sync c operand instead of --width; the\n"
    "                         predicate is shown\n"
    "  --mask M               the membermask (default: every lane)\n"
    "  --active M             lanes that execute the call; the others are alive on\n"
    "                         another path (default: all)\n"
    "  --exited M             lanes that returned before the call\n"
    "  --threads N            lanes that exist; the rest are absent\n"
    "  --json                 JSON (schema warpsim-op/1, docs/cli.md) with hex bits\n"
    "  --output FILE          write there instead of standard output\n"
    "  --diag ignore|warn|error  as for run\n"
    "Exit status: 0 ok, 1 the simulation failed (deadlock, undefined behaviour under\n"
    "--diag error), 2 bad arguments or input, 3 a file could not be read or written.\n";

typedef struct op_args {
    const struct op_info *op;
    ws_profile_id profile;
    wk_elem type;
    const char *values, *input, *gen, *output;
    const char *mask_text, *active_text, *exited_text, *threads_text;
    bool bits, json, help, has_b, has_width, has_c, profile_given;
    long b, width, c, threads_arg; /* threads_arg: --threads as given, checked once the lanes are known */
    bool has_threads;
    int threads, lanes;
    ws_mask mask, active, exited;
    ws_diag_policy diag;
} op_args;

static int parse(int argc, char **argv, op_args *a)
{
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    if (!positional)
        return CLI_EXIT_IO;
    cli_parser p;
    cli_parser_init(&p, "op", argc, argv, positional);
    int id, rc = CLI_EXIT_OK;
    const char *v;
    while (rc == CLI_EXIT_OK && (id = cli_next(&p, options, &v)) != 0) {
        switch (id) {
        case -1: rc = CLI_EXIT_USAGE; break;
        case O_HELP: a->help = true; break;
        case O_PROFILE:
            a->profile_given = true;
            if (!cli_profile(v, &a->profile))
                rc = CLI_EXIT_USAGE;
            break;
        case O_LANES:
            if (!cli_lanes(v, &a->lanes))
                rc = CLI_EXIT_USAGE;
            break;
        case O_TYPE:
            if (!cli_type(v, &a->type))
                rc = CLI_EXIT_USAGE;
            else if (a->type == WK_SYM) {
                cli_error("--type sym: op takes numbers (the read column already says which lane each lane read)");
                rc = CLI_EXIT_USAGE;
            }
            break;
        case O_VALUES: a->values = v; break;
        case O_INPUT: a->input = v; break;
        case O_BITS: a->bits = true; break;
        case O_GEN: a->gen = v; break;
        case O_B:
            a->has_b = true;
            if (!cli_long("--b", v, INT32_MIN, UINT32_MAX, &a->b))
                rc = CLI_EXIT_USAGE;
            break;
        case O_WIDTH:
            a->has_width = true;
            if (!cli_long("--width", v, INT32_MIN, INT32_MAX, &a->width))
                rc = CLI_EXIT_USAGE;
            break;
        case O_C:
            a->has_c = true;
            if (!cli_long("--c", v, 0, UINT32_MAX, &a->c))
                rc = CLI_EXIT_USAGE;
            break;
        case O_MASK: a->mask_text = v; break;
        case O_ACTIVE: a->active_text = v; break;
        case O_EXITED: a->exited_text = v; break;
        case O_THREADS:
            a->has_threads = true;
            a->threads_text = v;
            if (!cli_long("--threads", v, LONG_MIN, LONG_MAX, &a->threads_arg))
                rc = CLI_EXIT_USAGE;
            break;
        case O_JSON: a->json = true; break;
        case O_DIAG:
            if (!cli_diag_policy(v, &a->diag))
                rc = CLI_EXIT_USAGE;
            break;
        case O_OUTPUT: a->output = v; break;
        default: break;
        }
    }
    if (rc == CLI_EXIT_OK && !a->help) {
        if (p.n_positional != 1) {
            cli_error(p.n_positional ? "op: one operation at a time" : "op: which operation? (see warpsim op --help)");
            rc = CLI_EXIT_USAGE;
        } else {
            for (size_t i = 0; i < N_OPS; i++)
                if (strcmp(positional[0], ops[i].name) == 0)
                    a->op = &ops[i];
            if (!a->op) {
                char buf[CLI_SHOWN_SIZE];
                cli_error("op: unknown operation '%s' (see warpsim op --help)", cli_shown(positional[0], buf, NULL));
                rc = CLI_EXIT_USAGE;
            }
        }
    }
    free(positional);
    if (rc != CLI_EXIT_OK || a->help)
        return rc;

    if (!cli_resolve_profile(a->profile_given, a->lanes, &a->profile))
        return CLI_EXIT_USAGE;
    a->lanes = ws_profile_lanes(a->profile);
    ws_mask all = a->lanes == 64 ? WS_FULL64 : WS_FULL32;
    a->mask = all;
    if ((a->mask_text && !cli_mask("--mask", a->mask_text, a->lanes, &a->mask)) ||
        (a->active_text && !cli_mask("--active", a->active_text, a->lanes, &a->active)) ||
        (a->exited_text && !cli_mask("--exited", a->exited_text, a->lanes, &a->exited)))
        return CLI_EXIT_USAGE;
    if (a->has_threads && (a->threads_arg < 1 || a->threads_arg > a->lanes)) {
        char shown[CLI_SHOWN_SIZE];
        cli_error("--threads %s: must be 1..%d on %s (%d lanes)", cli_shown(a->threads_text, shown, NULL), a->lanes,
                  ws_profile_name(a->profile), a->lanes);
        return CLI_EXIT_USAGE;
    }
    a->threads = a->has_threads ? (int)a->threads_arg : 0;
    bool is_shfl = a->op->kind <= WS_COLL_SHFL_BFLY;
    if (is_shfl && !a->has_b) {
        cli_error("%s: needs --b (the %s)", a->op->name,
                  a->op->kind == WS_COLL_SHFL_IDX    ? "source lane"
                  : a->op->kind == WS_COLL_SHFL_BFLY ? "lane mask"
                                                     : "delta");
        return CLI_EXIT_USAGE;
    }
    if (!is_shfl && (a->has_b || a->has_width || a->has_c)) {
        cli_error("%s: --b, --width and --c are for shuffles", a->op->name);
        return CLI_EXIT_USAGE;
    }
    if (a->has_c && a->has_width) {
        cli_error("--c and --width: give one (--c is the raw operand the width would make)");
        return CLI_EXIT_USAGE;
    }
    if (a->has_c && a->profile != WS_PROFILE_SM90) {
        cli_error("--c: raw shfl.sync exists only on sm90, not %s", ws_profile_name(a->profile));
        return CLI_EXIT_USAGE;
    }
    if (!a->has_width)
        a->width = a->lanes;
    int sources = (a->values != NULL) + (a->input != NULL) + (a->gen != NULL);
    if (sources > 1) {
        cli_error("--values, --input and --gen: give one of them");
        return CLI_EXIT_USAGE;
    }
    ws_mask present = a->threads ? (a->threads == 64 ? WS_FULL64 : ((ws_mask)1 << a->threads) - 1) : all;
    char shown[CLI_SHOWN_SIZE];
    if (a->active_text && !(a->active & present & ~a->exited)) {
        cli_error("--active %s: no lane would execute the call (lanes that exist: 0-%d%s)",
                  cli_shown(a->active_text, shown, NULL),
                  a->threads ? a->threads - 1 : a->lanes - 1, a->exited ? ", minus --exited" : "");
        return CLI_EXIT_USAGE;
    }
    if (a->active_text && (a->active & ~present)) {
        cli_error("--active %s names lanes that do not exist (--threads %d)", cli_shown(a->active_text, shown, NULL),
                  a->threads);
        return CLI_EXIT_USAGE;
    }
    if (a->active & a->exited) {
        cli_error("--active and --exited name the same lanes (0x%" PRIx64 ")", a->active & a->exited);
        return CLI_EXIT_USAGE;
    }
    if (!(present & ~a->exited)) {
        cli_error("--exited %s: every lane has exited; no lane would execute the call",
                  cli_shown(a->exited_text, shown, NULL));
        return CLI_EXIT_USAGE;
    }
    bool vote = a->op->kind >= WS_COLL_VOTE_ALL && a->op->kind <= WS_COLL_VOTE_BALLOT;
    if (vote && wk_elem_is_float(a->type)) {
        cli_error("%s: a vote takes an integer type (a lane votes true when its value is not 0), not %s",
                  a->op->name, wk_elem_name(a->type));
        return CLI_EXIT_USAGE;
    }
    if (a->bits && !a->values && !a->input) {
        cli_error("--bits: only with --values or --input");
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

/* The type of the result register. */
static ws_type result_type(const op_args *a)
{
    ws_coll_kind k = a->op->kind;
    if (k <= WS_COLL_SHFL_BFLY || k >= WS_COLL_REDUX_ADD)
        return wk_elem_storage(a->type);
    bool mask_result = k == WS_COLL_VOTE_BALLOT || k == WS_COLL_MATCH_ANY || k == WS_COLL_MATCH_ALL;
    return mask_result && a->lanes == 64 ? WS_U64 : WS_U32;
}

typedef struct op_result {
    ws_warp *w;
    ws_reg in, out, pred;
    ws_status status;       /* of the call */
    bool completed_at_end;  /* it completed only when the kernel ended */
    ws_mask ran;            /* lanes that executed the call */
    ws_lane_read reads[64];
    bool has_reads;
} op_result;

static int simulate(const op_args *a, const uint64_t *values, op_result *res)
{
    ws_warp_desc desc = {.profile = a->profile, .threads = a->threads, .diag_policy = a->diag};
    if (ws_warp_create(&desc, &res->w) != WS_OK) {
        cli_error("cannot create the warp");
        return CLI_EXIT_SIM;
    }
    ws_warp *w = res->w;
    res->in = ws_reg_new(w, "v", wk_elem_storage(a->type));
    res->out = ws_reg_new(w, "r", result_type(a));
    res->pred = ws_reg_new(w, "p", WS_U32);
    for (int lane = 0; lane < a->lanes; lane++)
        ws_set_bits(w, res->in, lane, values[lane]);
    if (a->exited) {
        ws_if_lanes(w, a->exited);
        ws_exit(w);
        ws_end_if(w);
    }
    bool diverged = a->active_text != NULL;
    if (diverged)
        ws_if_lanes(w, a->active);
    res->ran = ws_lanes_active(w);
    bool is_shfl = a->op->kind <= WS_COLL_SHFL_BFLY;
    bool with_pred = (is_shfl && a->has_c) || a->op->kind == WS_COLL_MATCH_ALL;
    ws_coll_desc d = {.kind = a->op->kind, .mask = a->mask, .dst = res->out, .src = res->in,
                      .pred_dst = with_pred ? res->pred : WS_NO_REG, .b = (int32_t)(uint32_t)a->b,
                      .width = (int32_t)a->width, .ptx = a->has_c, .c = (uint32_t)a->c};
    uint64_t before = ws_last_shuffle_reads(w, res->reads);
    res->status = ws_collective(w, &d);
    if (res->status < 0) {
        cli_error("%s: %s", a->op->name, ws_warp_error(w));
        return res->status == WS_ERR_ARG || res->status == WS_ERR_UNSUPPORTED ? CLI_EXIT_USAGE : CLI_EXIT_SIM;
    }
    if (diverged)
        ws_end_if(w);
    ws_status end = ws_warp_finish(w);
    res->completed_at_end = res->status == WS_PENDING;
    if (end < 0) {
        ws_diag_print(w, stderr);
        cli_error("%s: %s", a->op->name, ws_warp_error(w));
        return CLI_EXIT_SIM;
    }
    res->has_reads = ws_last_shuffle_reads(w, res->reads) != before;
    return CLI_EXIT_OK;
}

static const char *lane_state(const op_args *a, const op_result *res, int lane)
{
    if (!(ws_lanes_present(res->w) >> lane & 1))
        return "absent";
    if (a->exited >> lane & 1)
        return "exited";
    return (res->ran >> lane & 1) ? "ran" : "inactive";
}

static const char *const read_names[] = {"none", "lane", "own", "inactive"};

static void write_text(FILE *f, const op_args *a, const op_result *res)
{
    char in[128], out[128];
    wk_elem out_elem = result_type(a) == wk_elem_storage(a->type) ? a->type : wk_elem_of_storage(result_type(a));
    bool is_shfl = a->op->kind <= WS_COLL_SHFL_BFLY;
    bool with_pred = (is_shfl && a->has_c) || a->op->kind == WS_COLL_MATCH_ALL;
    fprintf(f, "%s(0x%" PRIx64 ", v", a->op->cuda, a->mask);
    if (is_shfl && a->has_c)
        fprintf(f, ", %ld) as shfl.sync with c = 0x%lx", a->b, (unsigned long)a->c);
    else if (is_shfl)
        fprintf(f, ", %ld, %ld)", a->b, a->width);
    else
        fprintf(f, ")");
    fprintf(f, "  profile %s  type %s\n", ws_profile_name(a->profile), wk_elem_name(a->type));
    if (res->completed_at_end)
        fprintf(f, "(the call completed only when the other lanes exited at the end of the kernel)\n");
    if (is_shfl)
        fprintf(f, " lane  %-14s %-14s %s\n", "v", "result", a->has_c ? "read         pred" : "read");
    else
        fprintf(f, " lane  %-14s %s\n", "v", "result");
    for (int lane = 0; lane < a->lanes; lane++) {
        const char *state = lane_state(a, res, lane);
        wk_format(a->type, ws_get_bits(res->w, res->in, lane), NULL, in, sizeof in);
        fprintf(f, "%5d  %-14s ", lane, in);
        if (strcmp(state, "ran") != 0) {
            fprintf(f, "%-14s %s\n", "-", state);
            continue;
        }
        uint64_t bits = ws_get_bits(res->w, res->out, lane);
        bool mask_result = a->op->kind == WS_COLL_VOTE_BALLOT || a->op->kind == WS_COLL_MATCH_ANY ||
                           a->op->kind == WS_COLL_MATCH_ALL;
        if (mask_result)
            wk_format_hex(out_elem, bits, out, sizeof out);
        else
            wk_format(out_elem, bits, NULL, out, sizeof out);
        fprintf(f, res->has_reads || with_pred ? "%-14s " : "%s", out);
        if (res->has_reads) {
            const ws_lane_read *rd = &res->reads[lane];
            char what[64], inactive_read[WK_INACTIVE_READ_TEXT];
            if (rd->kind == WS_READ_LANE)
                snprintf(what, sizeof what, "lane %d", rd->source);
            else if (rd->kind == WS_READ_OWN)
                snprintf(what, sizeof what, "own (out of range)");
            else
                snprintf(what, sizeof what, "lane %d, not taking part: %s", rd->source,
                         wk_inactive_read_text(a->profile, inactive_read));
            fprintf(f, (is_shfl && a->has_c) ? "%-12s" : "%s", what);
        }
        if (with_pred)
            fprintf(f, " %s%u", a->op->kind == WS_COLL_MATCH_ALL ? "pred " : "",
                    (unsigned)ws_get_bits(res->w, res->pred, lane));
        fprintf(f, "\n");
    }
}

static void json_value(FILE *f, wk_elem e, uint64_t bits)
{
    char text[128], hex[24];
    fprintf(f, "{\"bits\": \"%s\", \"value\": ", wk_format_hex(e, bits, hex, sizeof hex));
    wk_json_string(f, wk_format(e, bits, NULL, text, sizeof text));
    fputc('}', f);
}

static void write_json(FILE *f, const op_args *a, const op_result *res)
{
    wk_elem out_elem = result_type(a) == wk_elem_storage(a->type) ? a->type : wk_elem_of_storage(result_type(a));
    bool is_shfl = a->op->kind <= WS_COLL_SHFL_BFLY;
    int digits = a->lanes == 64 ? 16 : 8;
    fprintf(f, "{\n  \"schema\": \"warpsim-op/1\",\n  \"op\": \"%s\",\n  \"profile\": \"%s\",\n  \"lanes\": %d,\n"
               "  \"type\": \"%s\",\n  \"mask\": \"0x%0*" PRIx64 "\",\n",
            a->op->name, ws_profile_name(a->profile), a->lanes, wk_elem_name(a->type), digits, a->mask);
    if (is_shfl) {
        fprintf(f, "  \"b\": %ld,\n", a->b);
        if (a->has_c)
            fprintf(f, "  \"c\": %ld,\n", a->c);
        else
            fprintf(f, "  \"width\": %ld,\n", a->width);
    }
    fprintf(f, "  \"completed_at_kernel_end\": %s,\n  \"per_lane\": [", res->completed_at_end ? "true" : "false");
    for (int lane = 0; lane < a->lanes; lane++) {
        const char *state = lane_state(a, res, lane);
        fprintf(f, "%s\n    {\"lane\": %d, \"state\": \"%s\", \"in\": ", lane ? "," : "", lane, state);
        json_value(f, a->type, ws_get_bits(res->w, res->in, lane));
        fprintf(f, ", \"result\": ");
        if (strcmp(state, "ran") != 0) {
            fprintf(f, "null}");
            continue;
        }
        json_value(f, out_elem, ws_get_bits(res->w, res->out, lane));
        if (res->has_reads)
            fprintf(f, ", \"read\": \"%s\", \"source\": %d", read_names[res->reads[lane].kind % 4],
                    res->reads[lane].source);
        if ((is_shfl && a->has_c) || a->op->kind == WS_COLL_MATCH_ALL)
            fprintf(f, ", \"pred\": %u", (unsigned)ws_get_bits(res->w, res->pred, lane));
        fprintf(f, "}");
    }
    fprintf(f, "\n  ],\n  \"diagnostics\": [");
    size_t n = ws_diag_count(res->w);
    for (size_t i = 0; i < n; i++) {
        const ws_diag *d = ws_diag_get(res->w, i);
        fprintf(f, "%s\n    {\"code\": \"%s\", \"op\": \"%s\", \"lanes\": \"0x%0*" PRIx64 "\", \"message\": \"", i ? "," : "",
                ws_diag_code_name(d->code), d->op, digits, d->lanes);
        for (const char *c = d->message; *c; c++) {
            if (*c == '"' || *c == '\\')
                fputc('\\', f);
            if ((unsigned char)*c >= 0x20)
                fputc(*c, f);
        }
        fprintf(f, "\"}");
    }
    fprintf(f, "%s]\n}\n", n ? "\n  " : "");
}

int cmd_op(int argc, char **argv)
{
    op_args a = {.type = WK_I32}; /* --type's default; a zero type is u32 */
    int rc = parse(argc, argv, &a);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (a.help) {
        fputs(usage, stdout);
        return CLI_EXIT_OK;
    }
    uint64_t *values = NULL;
    size_t n = (size_t)a.lanes;
    if (a.values)
        rc = cli_list_values("--values", a.values, a.type, a.bits, &values, &n);
    else if (a.input)
    {
        char why[80];
        snprintf(why, sizeof why, "op takes one value per lane, %d on %s", a.lanes, ws_profile_name(a.profile));
        rc = cli_read_values(a.input, a.type, a.bits, false, (cli_limit){(size_t)a.lanes, why}, &values, &n);
    }
    else
        rc = cli_gen_values(a.gen ? a.gen : "seq", a.type, n, &values);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (n != (size_t)a.lanes) {
        cli_error("%s: %zu values for %d lanes (one value per lane)", a.values ? "--values" : "--input", n, a.lanes);
        free(values);
        return CLI_EXIT_USAGE;
    }
    op_result res = {0};
    rc = simulate(&a, values, &res);
    free(values);
    if (rc == CLI_EXIT_OK) {
        if (a.diag != WS_DIAG_POLICY_IGNORE && !a.json)
            for (size_t i = 0; i < ws_diag_count(res.w); i++)
                fprintf(stderr, "warpsim: warning: %s: %s\n", ws_diag_code_name(ws_diag_get(res.w, i)->code),
                        ws_diag_get(res.w, i)->message);
        cli_out out;
        rc = cli_out_open(&out, a.output);
        if (rc == CLI_EXIT_OK) {
            if (a.json)
                write_json(out.f, &a, &res);
            else
                write_text(out.f, &a, &res);
            rc = cli_out_close(&out, !ferror(out.f));
        }
    }
    ws_warp_destroy(res.w);
    return rc;
}
