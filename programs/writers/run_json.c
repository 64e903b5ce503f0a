/* The JSON writer: a run's parameters, outputs, diagnostics and steps
 * (schema "warpsim-run/1", documented in docs/cli.md). Every value is
 * given as its exact bits in hex and as decoded text; sym values as their
 * formula and their counts. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/cost.h"
#include "runtime/program.h"
#include "writers.h"


const char *wk_json_escape(unsigned char c, bool markup, char buf[8])
{
    switch (c) {
    case '"': return "\\\"";
    case '\\': return "\\\\";
    case '\n': return "\\n";
    case '\t': return "\\t";
    case '\r': return "\\r";
    default:
        if (c >= 0x20 && !(markup && (c == '<' || c == '>' || c == '&')))
            return NULL;
        snprintf(buf, 8, "\\u%04x", c);
        return buf;
    }
}

void wk_json_string(FILE *out, const char *s)
{
    char buf[8];
    fputc('"', out);
    for (const unsigned char *p = (const unsigned char *)(s ? s : ""); *p; p++) {
        const char *esc = wk_json_escape(*p, false, buf);
        if (esc)
            fputs(esc, out);
        else
            fputc(*p, out);
    }
    fputc('"', out);
}

static void json_mask(FILE *out, ws_mask m, int lanes)
{
    if (lanes == 64)
        fprintf(out, "\"0x%016" PRIx64 "\"", m);
    else
        fprintf(out, "\"0x%08" PRIx64 "\"", m & WS_FULL32);
}

/* One value: "bits" and "value", or for sym "value" and "counts". */
static void json_value(FILE *out, const wk_run *r, wk_elem type, uint64_t bits, char *text)
{
    char hex[24];
    wk_format(type, bits, &r->sym, text, WK_VALUE_TEXT);
    if (type != WK_SYM) {
        fprintf(out, "\"bits\": \"%s\", \"value\": ", wk_format_hex(type, bits, hex, sizeof hex));
        wk_json_string(out, text);
        return;
    }
    fprintf(out, "\"value\": ");
    wk_json_string(out, text);
    fprintf(out, ", \"counts\": {");
    bool first = true;
    for (size_t i = 0; i < r->sym.n_inputs; i++) {
        int32_t c = wk_sym_count(&r->sym, (uint32_t)bits, i);
        if (c) {
            fprintf(out, "%s\"%zu\": %" PRId32, first ? "" : ", ", i, c);
            first = false;
        }
    }
    fprintf(out, "}");
}

static const char *const lane_states[] = {"ran", "exited", "absent"};
static const char *const read_kinds[] = {
    [WS_READ_NONE] = "none", [WS_READ_LANE] = "lane", [WS_READ_OWN] = "own", [WS_READ_INACTIVE] = "inactive"};

static void json_option_value(FILE *out, const wk_run_option *o, const wk_run *r)
{
    wk_option_value v = o->value(r);
    switch (o->form) {
    case WK_FORM_NUMBER: fprintf(out, "%" PRId64, v.number); break;
    case WK_FORM_LANES: json_mask(out, v.lanes, r->lanes); break;
    case WK_FORM_NAME: wk_json_string(out, v.name); break;
    case WK_FORM_FLAG: fputs(v.number ? "true" : "false", out); break;
    }
}

/* The options the program takes, from the one table (program.h). */
static void json_params(FILE *out, const wk_run *r)
{
    size_t count;
    const wk_run_option *opts = wk_run_options(&count);
    fprintf(out, "  \"params\": {");
    const char *sep = "";
    for (size_t i = 0; i < count; i++) {
        const wk_run_option *o = &opts[i];
        if (!(r->program->options & o->program_option) && !o->in_every_json)
            continue;
        fprintf(out, "%s\"%s\": ", sep, o->json_key);
        json_option_value(out, o, r);
        sep = ", ";
    }
    fprintf(out, "},\n");
}

static void json_outputs(FILE *out, const wk_run *r, char *text)
{
    fprintf(out, "  \"outputs\": [");
    for (int i = 0; i < r->n_outputs; i++) {
        const wk_output *o = &r->outputs[i];
        fprintf(out, "%s\n    {\"name\": ", i ? "," : "");
        wk_json_string(out, o->name);
        fprintf(out, ", \"type\": \"%s\", ", wk_elem_name(o->type));
        if (o->block >= 0)
            fprintf(out, "\"block\": %d, \"warp\": %d, ", o->block, o->warp);
        fprintf(out, "\"per_lane\": %s, \"values\": [", o->per_lane ? "true" : "false");
        for (size_t j = 0; j < o->count; j++) {
            fprintf(out, "%s\n      {\"%s\": %zu, ", j ? "," : "", o->per_lane ? "lane" : "index", j);
            if (o->per_lane)
                fprintf(out, "\"state\": \"%s\", ", lane_states[o->lane_state[j] % 3]);
            json_value(out, r, o->type, o->bits[j], text);
            fprintf(out, "}");
        }
        fprintf(out, "]}");
    }
    fprintf(out, "\n  ],\n");
}

static void json_diagnostics(FILE *out, const wk_run *r)
{
    fprintf(out, "  \"diagnostics\": [");
    for (size_t i = 0; i < r->n_diags; i++) {
        const ws_diag *d = &r->diags[i];
        fprintf(out, "%s\n    {\"code\": \"%s\", \"op\": ", i ? "," : "", ws_diag_code_name(d->code));
        wk_json_string(out, d->op);
        fprintf(out, ", \"block\": %d, \"warp\": %d, \"lanes\": ", r->diag_block[i], r->diag_warp[i]);
        json_mask(out, d->lanes, r->lanes);
        fprintf(out, ", \"message\": ");
        wk_json_string(out, d->message);
        fprintf(out, "}");
    }
    fprintf(out, "%s]", r->n_diags ? "\n  " : "");
}

static void json_steps(FILE *out, const wk_run *r, char *text)
{
    fprintf(out, ",\n  \"steps\": [");
    for (size_t i = 0; i < r->trace.count; i++) {
        const wk_step *s = &r->trace.steps[i];
        fprintf(out, "%s\n    {\"step\": %zu, \"block\": %d, \"warp\": %d, \"cuda\": ", i ? "," : "", i + 1,
                s->block, s->warp);
        wk_json_string(out, s->cuda);
        if (s->src_file) { /* users' kernels: where the call is */
            fprintf(out, ", \"source_file\": ");
            wk_json_string(out, s->src_file);
        }
        if (s->src_line > 0)
            fprintf(out, ", \"source_line\": %d", s->src_line);
        fprintf(out, ", \"model\": ");
        wk_json_string(out, s->model);
        fprintf(out, ", \"executed\": ");
        json_mask(out, s->executed, s->lanes);
        fprintf(out, ", \"exited\": ");
        json_mask(out, s->exited, s->lanes);
        fprintf(out, ", \"absent\": ");
        json_mask(out, s->absent, s->lanes);
        if (!s->has_values) {
            fprintf(out, ", \"register\": null, \"lanes\": []}");
            continue;
        }
        fprintf(out, ", \"register\": ");
        wk_json_string(out, s->reg);
        fprintf(out, ", \"type\": \"%s\", \"lanes\": [", wk_elem_name(s->type));
        for (int lane = 0; lane < s->lanes; lane++) {
            fprintf(out, "%s\n      {\"lane\": %d", lane ? "," : "", lane);
            if (wk_step_lane_valued(s, lane)) { /* a user's call: the lanes elsewhere received nothing */
                fprintf(out, ", ");
                json_value(out, r, s->type, s->bits[lane], text);
            }
            if (s->has_reads) {
                const ws_lane_read *rd = &s->reads[lane];
                fprintf(out, ", \"read\": \"%s\", \"source\": %d", read_kinds[rd->kind % 4], rd->source);
            }
            fprintf(out, "}");
        }
        fprintf(out, "]");
        /* users' kernels: what each executed lane passed to the call */
        if (s->has_in) {
            fprintf(out, ", \"in_type\": \"%s\", \"in\": [", wk_elem_name(s->in_type));
            const char *sep = "";
            for (int lane = 0; lane < s->lanes; lane++) {
                if (!(s->executed >> lane & 1))
                    continue;
                fprintf(out, "%s\n      {\"lane\": %d, ", sep, lane);
                json_value(out, r, s->in_type, s->in_bits[lane], text);
                fprintf(out, "}");
                sep = ",";
            }
            fprintf(out, "]");
        }
        fprintf(out, "}");
    }
    fprintf(out, "%s]", r->trace.count ? "\n  " : "");
}

/* --cost: the estimate, its caveat, the critical path, every warp's, and
 * every step's cycles (docs/cli.md). */
static void json_cost(FILE *out, const wk_run *r)
{
    int block, warp;
    uint64_t total = wk_cost_total(r, &block, &warp);
    fprintf(out, ",\n  \"cost\": {\"profile\": \"sm90\", \"unit\": \"cycles\", \"estimate\": ");
    wk_json_string(out, wk_cost_caveat);
    fprintf(out, ",\n    \"source\": ");
    wk_json_string(out, wk_cost_source);
    fprintf(out, ", \"critical_path\": %" PRIu64 ", \"block\": %d, \"warp\": %d,\n    \"warps\": [", total, block,
            warp);
    size_t n;
    const wk_cost_warp_total *w = wk_cost_warps(r, &n);
    for (size_t i = 0; i < n; i++)
        fprintf(out, "%s{\"block\": %d, \"warp\": %d, \"critical_path\": %" PRIu64 "}", i ? ", " : "", w[i].block,
                w[i].warp, w[i].cycles);
    fprintf(out, "],\n    \"steps\": [");
    bool first = true;
    for (size_t i = 0; i < r->trace.count; i++) {
        const wk_step *s = &r->trace.steps[i];
        if (!s->has_cost)
            continue;
        fprintf(out, "%s\n      {\"step\": %zu, \"block\": %d, \"warp\": %d, \"cycles\": %" PRIu32
                ", \"done\": %" PRIu64 ", \"critical\": %s, \"ops\": [",
                first ? "" : ",", i + 1, s->block, s->warp, s->cost_cycles, s->cost_done,
                s->cost_critical ? "true" : "false");
        first = false;
        /* "name cycles, name cycles": as objects */
        for (const char *p = s->cost_ops; p && *p;) {
            const char *end = strstr(p, ", ");
            size_t len = end ? (size_t)(end - p) : strlen(p);
            const char *sp = memchr(p, ' ', len);
            size_t name_len = sp ? (size_t)(sp - p) : len;
            fprintf(out, "%s{\"op\": \"%.*s\", \"cycles\": %lu}", p == s->cost_ops ? "" : ", ", (int)name_len, p,
                    sp ? strtoul(sp + 1, NULL, 10) : 0UL);
            p = end ? end + 2 : p + len;
        }
        fprintf(out, "]}");
    }
    fprintf(out, "%s]}", first ? "" : "\n    ");
}

bool wk_write_run_json(FILE *out, const wk_run *r, bool with_steps)
{
    char *text = malloc(WK_VALUE_TEXT);
    if (!text)
        return false;
    fprintf(out, "{\n  \"schema\": \"warpsim-run/1\",\n  \"program\": ");
    wk_json_string(out, r->program->name);
    fprintf(out, ",\n");
    fprintf(out, "  \"profile\": \"%s\",\n  \"lanes\": %d,\n  \"type\": \"%s\",\n",
            ws_profile_name(r->params.profile), r->lanes, wk_elem_name(r->params.type));
    json_params(out, r);
    json_outputs(out, r, text);
    json_diagnostics(out, r);
    if (with_steps)
        json_steps(out, r, text);
    if (r->params.cost && r->cost)
        json_cost(out, r);
    fprintf(out, "\n}\n");
    free(text);
    return fflush(out) == 0 && !ferror(out);
}
