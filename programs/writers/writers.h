/* programs/writers/writers.h: writing a run's results and trace. Each writer only
 * formats what the run recorded. All return false when writing failed. */
#ifndef WARPSIM_PROGRAMS_WRITERS_H
#define WARPSIM_PROGRAMS_WRITERS_H

#include <stdio.h>

#include "runtime/kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for the text of the longest value (a sym sum over 4096 inputs). */
#define WK_VALUE_TEXT 65536

/* The final values of every output, one line per lane or index. */
bool wk_write_results_text(FILE *out, const wk_run *r);
/* The trace as text: a header per step (CUDA line, model operations, active
 * lanes), then a grid with one row per lane and one column per step when
 * the values are short, else one block of lanes per step. Marks: '*' the
 * lane's source was out of range and it kept its own value, '!' the source
 * did not take part and the lane read the profile's inactive-read word. */
bool wk_write_trace_text(FILE *out, const wk_run *r);
/* --cost: the cycle estimate as a table, one row per step (its cycles, when
 * its warp is done so far, the critical path marked, its operations), the
 * critical path, the caveat (cost.h). */
bool wk_write_cost_text(FILE *out, const wk_run *r);
/* One row per lane per step; the columns are documented in docs/cli.md. */
bool wk_write_trace_csv(FILE *out, const wk_run *r);
/* Lanes as columns, one row per step, arrows for shuffle reads. */
bool wk_write_trace_svg(FILE *out, const wk_run *r);
/* The step viewer: one self-contained HTML page (no external resources)
 * with the run's steps as data and a script that shows them one at a time
 * (docs/viewer.md). A page is at most WK_HTML_MAX_BYTES: the writer fails
 * for a run whose page would be larger (wk_trace_html_fits says first). */
#define WK_HTML_MAX_BYTES 2000000
bool wk_write_trace_html(FILE *out, const wk_run *r);
/* Whether the run's page fits WK_HTML_MAX_BYTES; when not, why (too large,
 * or *no_memory when memory ran out). */
bool wk_trace_html_fits(const wk_run *r, bool *no_memory, char *why, size_t why_size);
/* The run as JSON (schema "warpsim-run/1", docs/cli.md): parameters,
 * outputs with every value as hex bits and decoded, diagnostics, and the
 * steps when with_steps. */
bool wk_write_run_json(FILE *out, const wk_run *r, bool with_steps);

/* ---- A read of a lane that does not take part ---- */
/* Room for the word as text ("0xffffffff"). */
#define WK_INACTIVE_READ_TEXT 16
/* What such a read gives on this profile (ws_profile_inactive_read), as the
 * traces' legends and notes and `warpsim op` write it: "0" today. */
const char *wk_inactive_read_text(ws_profile_id profile, char buf[WK_INACTIVE_READ_TEXT]);

/* ---- JSON strings: the one escaping rule for every JSON the house writes ---- */
/* The escape sequence for byte c ("\\\"", "\\n", "\\u001f", ...), written to
 * buf (8 bytes), or NULL when c is written as it is. markup: also escape
 * <, > and & (JSON inside an HTML <script>). */
const char *wk_json_escape(unsigned char c, bool markup, char buf[8]);
/* s (NULL: "") as a JSON string, quotes included. */
void wk_json_string(FILE *out, const char *s);

/* ---- The trace formats, as a table: adding one is a writer file and a row
 * in writers.c. ---- */
typedef struct wk_trace_writer {
    const char *name; /* --trace NAME */
    bool (*write)(FILE *out, const wk_run *r);
    /* Optional: whether this run can be written at all (false with why; set
     * *no_memory when memory ran out), asked before any output. */
    bool (*fits)(const wk_run *r, bool *no_memory, char *why, size_t why_size);
} wk_trace_writer;

extern const wk_trace_writer wk_trace_writers[];
extern const size_t wk_trace_writer_count;
/* NULL for an unknown name. */
const wk_trace_writer *wk_find_trace_writer(const char *name);
/* The names joined by sep ("text|csv|json|svg|html"), for help and error
 * messages; cut to fit size. */
void wk_trace_writer_list(char *buf, size_t size, const char *sep);

#ifdef __cplusplus
}
#endif
#endif
