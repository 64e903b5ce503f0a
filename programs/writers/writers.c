/* The table of trace formats (writers.h): the command line finds a
 * --trace format here and nowhere else. */
#include <stdio.h>
#include <string.h>

#include "writers.h"

/* text: the trace, then the results, as one report. */
static bool text_trace(FILE *out, const wk_run *r)
{
    return wk_write_trace_text(out, r) && fputc('\n', out) != EOF && wk_write_results_text(out, r);
}

static bool json_trace(FILE *out, const wk_run *r) { return wk_write_run_json(out, r, true); }

const wk_trace_writer wk_trace_writers[] = {
    {"text", text_trace, NULL},
    {"csv", wk_write_trace_csv, NULL},
    {"json", json_trace, NULL},
    {"svg", wk_write_trace_svg, NULL},
    {"html", wk_write_trace_html, wk_trace_html_fits},
};
const size_t wk_trace_writer_count = sizeof wk_trace_writers / sizeof wk_trace_writers[0];

const wk_trace_writer *wk_find_trace_writer(const char *name)
{
    for (size_t i = 0; name && i < wk_trace_writer_count; i++)
        if (strcmp(name, wk_trace_writers[i].name) == 0)
            return &wk_trace_writers[i];
    return NULL;
}

void wk_trace_writer_list(char *buf, size_t size, const char *sep)
{
    size_t used = 0;
    if (size)
        buf[0] = '\0';
    for (size_t i = 0; i < wk_trace_writer_count && used < size; i++) {
        int n = snprintf(buf + used, size - used, "%s%s", i ? sep : "", wk_trace_writers[i].name);
        used += n > 0 ? (size_t)n : 0;
    }
}
