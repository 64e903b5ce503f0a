/* The CSV writer: one row per lane per step (RFC 4180 quoting). Columns:
 * step,block,warp,lane,cuda,model,executed,exited,absent,register,type,bits,value,read,source,value_in
 * (value_in: what the lane passed to the call, for users' kernels; empty
 * otherwise). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "runtime/program.h"
#include "writers.h"


static void csv_field(FILE *out, const char *s)
{
    if (!s)
        s = "";
    if (!strpbrk(s, ",\"\n\r")) {
        fputs(s, out);
        return;
    }
    fputc('"', out);
    for (; *s; s++) {
        if (*s == '"')
            fputc('"', out);
        fputc(*s, out);
    }
    fputc('"', out);
}

static const char *const read_kinds[] = {
    [WS_READ_NONE] = "", [WS_READ_LANE] = "lane", [WS_READ_OWN] = "own", [WS_READ_INACTIVE] = "inactive"};

bool wk_write_trace_csv(FILE *out, const wk_run *r)
{
    char *text = malloc(WK_VALUE_TEXT);
    if (!text)
        return false;
    fprintf(out, "step,block,warp,lane,cuda,model,executed,exited,absent,register,type,bits,value,read,source,"
                 "value_in\n");
    for (size_t i = 0; i < r->trace.count; i++) {
        const wk_step *s = &r->trace.steps[i];
        for (int lane = 0; lane < s->lanes; lane++) {
            fprintf(out, "%zu,%d,%d,%d,", i + 1, s->block, s->warp, lane);
            csv_field(out, s->cuda);
            fputc(',', out);
            csv_field(out, s->model);
            fprintf(out, ",%d,%d,%d,", (int)(s->executed >> lane & 1), (int)(s->exited >> lane & 1),
                    (int)(s->absent >> lane & 1));
            if (s->has_values) {
                char hex[24];
                csv_field(out, s->reg);
                fprintf(out, ",%s,", wk_elem_name(s->type));
                bool valued = wk_step_lane_valued(s, lane);
                if (s->type != WK_SYM && valued)
                    fputs(wk_format_hex(s->type, s->bits[lane], hex, sizeof hex), out);
                fputc(',', out);
                if (valued)
                    csv_field(out, wk_format(s->type, s->bits[lane], &r->sym, text, WK_VALUE_TEXT));
            } else {
                fprintf(out, ",,,");
            }
            if (s->has_reads && s->reads[lane].kind != WS_READ_NONE)
                fprintf(out, ",%s,%d,", read_kinds[s->reads[lane].kind % 4], s->reads[lane].source);
            else
                fprintf(out, ",,,");
            /* in the step's type, as `value`; only lanes that executed passed one */
            if (s->has_in && s->has_values && (s->executed >> lane & 1))
                csv_field(out, wk_format(s->in_type, s->in_bits[lane], &r->sym, text, WK_VALUE_TEXT));
            fputc('\n', out);
        }
    }
    free(text);
    return fflush(out) == 0 && !ferror(out);
}
