/* The SVG writer: a picture of the trace for slides. Lanes are columns,
 * each step is a row (its number and CUDA line at the left), each cell the
 * lane's value after the step, and an arrow runs from the lane a shuffle
 * read, in the previous row of the same warp, to the lane that read it.
 * A run of several warps gets one panel per warp, stacked.
 *
 * The elements carry classes a reader (or a test) can count: every step is
 * a <g class="step">, every cell a <g class="cell"> with the full value in
 * its <title>, and every read a <line> of class "read" (another lane, or
 * its own lane when the formula names it), "own" (out of range: the lane
 * kept its own value) or "inactive" (the source did not take part: the
 * lane read the profile's inactive-read word, wk_inactive_read_text). The
 * output is plain SVG 1.1 with no scripts and no external references, and
 * depends only on the run. */
#include <stdlib.h>
#include <string.h>

#include "runtime/program.h"
#include "writers.h"

#define MONO "DejaVu Sans Mono, Menlo, Consolas, monospace"
#define SANS "DejaVu Sans, Helvetica, Arial, sans-serif"

/* Geometry, in pixels. A monospace character is taken as 0.6 em wide. */
enum {
    MARGIN = 16,
    TITLE_H = 30,
    LEGEND_H = 36,
    HEADING_H = 28,     /* "block B, warp W" above a panel (several warps only) */
    LANE_HEAD_H = 20,   /* the lane numbers */
    PANEL_GAP = 24,
    CELL_H = 30,
    GAP_PLAIN = 8,      /* above a row without reads */
    GAP_READS = 46,     /* above a row with reads: room for the arrows, */
    GAP_READS_MAX = 80, /* more when they run far sideways */
    NUMBER_W = 36,      /* the step number */
    LABEL_FONT = 11,
    MODEL_FONT = 9,
    LABEL_CHARS_MAX = 60,
    LABEL_CHARS_MIN = 24,
    MIN_FONT_TENTHS = 85, /* values that need a smaller font are wrapped instead */
    MAX_LINES = 6,        /* and cut with an ellipsis after that many lines */
    CELL_PAD = 6,
};

/* Cells by the lane's state after the step, and the arrows by read kind. */
#define FILL_RAN "#eaf1fb"
#define STROKE_RAN "#8fa9cf"
#define FILL_IDLE "#dcdcdc"
#define FILL_EXITED "url(#hatch)"
#define FILL_ABSENT "#ffffff"
#define STROKE_IDLE "#b0b0b0"
#define TEXT_IDLE "#8a8a8a"
#define DASH_ABSENT "3,2"
#define COLOUR_READ "#2a62b8"
#define COLOUR_OWN "#d98a00"
#define DASH_OWN "4,3"
#define COLOUR_INACTIVE "#d11f1f"
#define DASH_INACTIVE "2,2"

/* ---- Text ---------------------------------------------------------------- */

/* The length of a valid UTF-8 sequence at s, or 0 (overlong forms,
 * surrogates and code points past U+10FFFF are not valid). */
static int utf8_seq(const unsigned char *s)
{
    if (s[0] < 0x80)
        return 1;
    int n = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : (s[0] & 0xF0) == 0xE0 ? 3 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    for (int i = 1; i < n; i++)
        if ((s[i] & 0xC0) != 0x80)
            return 0;
    if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) || (s[0] == 0xF0 && s[1] < 0x90) ||
        (s[0] == 0xF4 && s[1] >= 0x90))
        return 0;
    return n;
}

/* Characters in s (a byte that is not valid UTF-8 counts as one). */
static size_t text_chars(const char *s)
{
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; n++) {
        int len = utf8_seq(p);
        p += len ? len : 1;
    }
    return n;
}

/* Writes at most max characters of s as XML character data or an
 * attribute value: markup characters escaped, control characters (which
 * XML 1.0 forbids) and invalid UTF-8 as U+FFFD. */
static void xml_text_n(FILE *out, const char *s, size_t max)
{
    const unsigned char *p = (const unsigned char *)(s ? s : "");
    for (size_t n = 0; *p && n < max; n++) {
        int len = utf8_seq(p);
        switch (len ? *p : 0) {
        case '&': fputs("&amp;", out); break;
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '"': fputs("&quot;", out); break;
        case '\'': fputs("&apos;", out); break;
        case 0: fputs("&#xFFFD;", out); break;
        default:
            if (*p < 0x20)
                fputs("&#xFFFD;", out);
            else
                fwrite(p, 1, (size_t)len, out);
        }
        p += len ? len : 1;
    }
}

static void xml_text(FILE *out, const char *s) { xml_text_n(out, s, SIZE_MAX); }

/* s in at most max characters: cut with an ellipsis when longer. */
static void xml_fit(FILE *out, const char *s, size_t max)
{
    if (text_chars(s) <= max) {
        xml_text(out, s);
        return;
    }
    xml_text_n(out, s, max > 1 ? max - 1 : 0);
    fputs("&#x2026;", out);
}

/* Tenths of a pixel written as a number: 105 -> "10.5" (no locale). */
static void tenths(FILE *out, int t)
{
    if (t % 10)
        fprintf(out, "%d.%d", t / 10, t % 10);
    else
        fprintf(out, "%d", t / 10);
}

/* Width in pixels of n monospace characters of a font size in tenths. */
static int mono_width(size_t n, int font_tenths) { return (int)((n * (size_t)font_tenths * 6 + 99) / 100); }

/* ---- Layout ------------------------------------------------------------- */

typedef struct layout {
    int lanes;        /* columns */
    int cell_w;
    int value_font;   /* tenths of a pixel: one-line values */
    int wrap_font;    /* values broken over lines */
    int label_chars;  /* of the CUDA text */
    int grid_x;       /* left edge of lane 0 */
    int width, height;
    bool many_warps;
    bool any_absent;  /* some step has lanes that are not present */
    char inactive_read[WK_INACTIVE_READ_TEXT]; /* what the run's profile reads from a non-participant */
    size_t *order;    /* step indices, panel by panel */
    size_t *panel_start;  /* into order; n_panels + 1 entries */
    size_t n_panels;
    int *row_y, *row_h;   /* by step index: top and height of its row */
    int *panel_y;     /* by panel: top of its heading or lane numbers */
} layout;

static bool same_warp(const wk_step *s, int block, int warp) { return s->block == block && s->warp == warp; }

/* Groups the steps by warp, in the order each warp first appears. */
static void group_panels(const wk_trace *t, layout *L, bool *done)
{
    size_t n = 0;
    for (size_t start = 0; start < t->count; start++) {
        if (done[start])
            continue;
        L->panel_start[L->n_panels++] = n;
        const wk_step *first = &t->steps[start];
        for (size_t i = start; i < t->count; i++)
            if (!done[i] && same_warp(&t->steps[i], first->block, first->warp)) {
                L->order[n++] = i;
                done[i] = true;
            }
    }
    L->panel_start[L->n_panels] = n;
}

static int clamp(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The widest value in characters, over every step that shows one. */
static size_t widest_value(const wk_run *r, char *buf)
{
    size_t widest = 1;
    for (size_t i = 0; i < r->trace.count; i++) {
        const wk_step *s = &r->trace.steps[i];
        if (!s->has_values)
            continue;
        for (int lane = 0; lane < s->lanes; lane++) {
            size_t n = text_chars(wk_format(s->type, s->bits[lane], &r->sym, buf, WK_VALUE_TEXT));
            if (n > widest)
                widest = n;
        }
    }
    return widest;
}

/* A value laid out in its cell: one line at the layout's font, one line a
 * little smaller, or (a sym sum) lines broken after a '+', at most
 * MAX_LINES, the last cut with an ellipsis when the text goes on. */
typedef struct fitted {
    int font;                    /* tenths of a pixel */
    int line_h;                  /* pixels between baselines */
    int lines;
    const char *line[MAX_LINES]; /* into the text */
    size_t chars[MAX_LINES];
    size_t per_line;
    bool cut;
} fitted;

static const char *next_char(const char *p)
{
    int len = utf8_seq((const unsigned char *)p);
    return p + (len ? len : 1);
}

static void fit_value(const layout *L, const char *text, fitted *f)
{
    int room = L->cell_w - 2 - CELL_PAD;
    size_t n = text_chars(text);
    *f = (fitted){.font = L->value_font, .lines = 1, .line = {text}, .chars = {n}, .per_line = n};
    if (n == 0 || mono_width(n, f->font) <= room)
        return;
    int shrunk = room * 100 / (int)(6 * n);
    if (shrunk >= MIN_FONT_TENTHS) {
        f->font = shrunk;
        return;
    }
    f->font = L->wrap_font;
    f->line_h = (f->font * 12 + 99) / 100;
    f->per_line = (size_t)(room * 100 / (6 * f->font));
    if (f->per_line < 2)
        f->per_line = 2;
    const char *p = text;
    f->lines = 0;
    while (*p && f->lines < MAX_LINES) {
        size_t take = text_chars(p), brk = 0;
        if (take > f->per_line) {
            const char *q = p;
            for (size_t k = 0; k < f->per_line; k++, q = next_char(q))
                if (*q == '+')
                    brk = k + 1;
            take = brk ? brk : f->per_line;
        }
        f->line[f->lines] = p;
        f->chars[f->lines++] = take;
        for (size_t k = 0; k < take; k++)
            p = next_char(p);
    }
    f->cut = *p != '\0';
}

/* The height a row needs for its values. */
static int row_height(const wk_run *r, const layout *L, const wk_step *s, char *buf)
{
    int h = CELL_H;
    if (!s->has_values)
        return h;
    for (int lane = 0; lane < s->lanes; lane++) {
        fitted f;
        fit_value(L, wk_format(s->type, s->bits[lane], &r->sym, buf, WK_VALUE_TEXT), &f);
        int need = f.lines * f.line_h + 10;
        if (need > h)
            h = need;
    }
    return h;
}

/* Room above a row for its arrows: more when they run far sideways, so
 * they do not lie flat on each other. */
static int gap_above(const layout *L, const wk_step *s)
{
    if (!s->has_reads)
        return GAP_PLAIN;
    int widest = 0;
    for (int lane = 0; lane < s->lanes; lane++) {
        int d = s->reads[lane].source - lane;
        if (s->reads[lane].kind != WS_READ_OWN && s->reads[lane].kind != WS_READ_NONE && abs(d) > widest)
            widest = abs(d);
    }
    return clamp(widest * L->cell_w / 12, GAP_READS, GAP_READS_MAX);
}

/* The legend: swatches (fill set) and arrows (head set). */
static const struct legend_item {
    const char *text;
    const char *fill, *colour, *dash, *head;
    bool then_inactive_read; /* the text goes on with the profile's word (layout.inactive_read) */
} legend[] = {
    {"executed the line", FILL_RAN, STROKE_RAN, NULL, NULL, false},
    {"did not execute it", FILL_IDLE, STROKE_IDLE, NULL, NULL, false},
    {"exited", FILL_EXITED, STROKE_IDLE, NULL, NULL, false},
    {"read that lane", NULL, COLOUR_READ, NULL, "head-read", false},
    {"out of range: kept its own value", NULL, COLOUR_OWN, DASH_OWN, "head-own", false},
    {"source did not take part: read", NULL, COLOUR_INACTIVE, DASH_INACTIVE, "head-inactive", true},
    {"not present", FILL_ABSENT, STROKE_IDLE, DASH_ABSENT, NULL, false}, /* last: only when a lane is absent */
};
enum { LEGEND_SYMBOL_W = 34, LEGEND_FONT = 11, LEGEND_SPACING = 22, LEGEND_TEXT = 80 };

/* The legend's entries for this run: the absent lanes' only when it has some. */
static size_t legend_count(bool any_absent)
{
    return sizeof legend / sizeof legend[0] - !any_absent;
}

static const char *legend_text(const struct legend_item *it, const layout *L, char buf[LEGEND_TEXT])
{
    if (!it->then_inactive_read)
        return it->text;
    snprintf(buf, LEGEND_TEXT, "%s %s", it->text, L->inactive_read);
    return buf;
}

static int legend_width(const layout *L)
{
    char buf[LEGEND_TEXT];
    int w = 0;
    for (size_t i = 0; i < legend_count(L->any_absent); i++)
        w += LEGEND_SYMBOL_W + mono_width(strlen(legend_text(&legend[i], L, buf)), LEGEND_FONT * 10) +
             LEGEND_SPACING;
    return w;
}

static bool plan(const wk_run *r, layout *L, char *buf)
{
    const wk_trace *t = &r->trace;
    size_t n = t->count ? t->count : 1;
    bool *done = calloc(n, sizeof *done);
    L->order = malloc(n * sizeof *L->order);
    L->panel_start = malloc((n + 1) * sizeof *L->panel_start);
    L->row_y = malloc(n * sizeof *L->row_y);
    L->row_h = malloc(n * sizeof *L->row_h);
    L->panel_y = malloc(n * sizeof *L->panel_y);
    if (!done || !L->order || !L->panel_start || !L->row_y || !L->row_h || !L->panel_y) {
        free(done);
        return false;
    }
    group_panels(t, L, done);
    free(done);

    L->lanes = r->lanes;
    wk_inactive_read_text(r->params.profile, L->inactive_read);
    size_t label = LABEL_CHARS_MIN;
    for (size_t i = 0; i < t->count; i++) {
        const wk_step *s = &t->steps[i];
        if (s->lanes > L->lanes)
            L->lanes = s->lanes;
        if (!same_warp(s, t->steps[0].block, t->steps[0].warp))
            L->many_warps = true;
        if (s->absent)
            L->any_absent = true;
        size_t c = text_chars(s->cuda ? s->cuda : "");
        if (c > label)
            label = c;
    }
    if (L->lanes < 1)
        L->lanes = 32;
    L->label_chars = (int)(label < LABEL_CHARS_MAX ? label : LABEL_CHARS_MAX);

    /* Narrower cells and smaller fonts for 64 lanes; long values shrink
     * a little, then wrap. */
    bool wide = L->lanes > 32;
    L->value_font = wide ? 100 : 110;
    L->wrap_font = wide ? 80 : 90;
    int want = mono_width(widest_value(r, buf), L->value_font) + CELL_PAD + 2;
    L->cell_w = clamp(want, wide ? 22 : 28, wide ? 48 : 84);

    L->grid_x = MARGIN + NUMBER_W + mono_width((size_t)L->label_chars, LABEL_FONT * 10) + 14;
    int grid_w = L->grid_x + L->lanes * L->cell_w + MARGIN;
    int legend_w = MARGIN * 2 + legend_width(L);
    L->width = grid_w > legend_w ? grid_w : legend_w;

    int y = MARGIN + TITLE_H + LEGEND_H;
    for (size_t p = 0; p < L->n_panels; p++) {
        L->panel_y[p] = y;
        if (L->many_warps)
            y += HEADING_H;
        y += LANE_HEAD_H;
        for (size_t j = L->panel_start[p]; j < L->panel_start[p + 1]; j++) {
            size_t i = L->order[j];
            y += gap_above(L, &t->steps[i]);
            L->row_y[i] = y;
            L->row_h[i] = row_height(r, L, &t->steps[i], buf);
            y += L->row_h[i];
        }
        y += PANEL_GAP;
    }
    if (!L->n_panels)
        y += 30; /* the "no steps" line */
    L->height = y + MARGIN;
    return true;
}

static void layout_free(layout *L)
{
    free(L->order);
    free(L->panel_start);
    free(L->row_y);
    free(L->row_h);
    free(L->panel_y);
}

static int cell_x(const layout *L, int lane) { return L->grid_x + lane * L->cell_w; }
static int cell_cx(const layout *L, int lane) { return cell_x(L, lane) + (L->cell_w - 2) / 2; }

/* ---- Drawing ------------------------------------------------------------ */

static void write_defs(FILE *out)
{
    static const struct {
        const char *id, *colour;
    } heads[] = {{"head-read", COLOUR_READ}, {"head-own", COLOUR_OWN}, {"head-inactive", COLOUR_INACTIVE}};
    fprintf(out, "<defs>\n");
    for (size_t i = 0; i < sizeof heads / sizeof heads[0]; i++)
        fprintf(out,
                "<marker id=\"%s\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerUnits=\"userSpaceOnUse\" "
                "markerWidth=\"8\" markerHeight=\"8\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" "
                "fill=\"%s\"/></marker>\n",
                heads[i].id, heads[i].colour);
    fprintf(out, "<pattern id=\"hatch\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" "
                 "patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#f2f2f2\"/>"
                 "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"#b8b8b8\" stroke-width=\"2\"/></pattern>\n");
    fprintf(out, "</defs>\n");
}

static void legend_symbol(FILE *out, const struct legend_item *it, int x, int y)
{
    if (it->fill)
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"24\" height=\"14\" fill=\"%s\" stroke=\"%s\"", x, y - 11,
                it->fill, it->colour);
    else
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.5\" "
                     "marker-end=\"url(#%s)\"",
                x, y - 4, x + 26, y - 4, it->colour, it->head);
    if (it->dash)
        fprintf(out, " stroke-dasharray=\"%s\"", it->dash);
    fprintf(out, "/>\n");
}

static void write_legend(FILE *out, int y, const layout *L)
{
    char buf[LEGEND_TEXT];
    int x = MARGIN;
    fprintf(out, "<g class=\"legend\" font-family=\"%s\" font-size=\"%d\" fill=\"#333333\">\n", MONO, LEGEND_FONT);
    for (size_t i = 0; i < legend_count(L->any_absent); i++) {
        const char *text = legend_text(&legend[i], L, buf);
        legend_symbol(out, &legend[i], x, y);
        fprintf(out, "<text x=\"%d\" y=\"%d\">", x + LEGEND_SYMBOL_W - 4, y);
        xml_text(out, text);
        fprintf(out, "</text>\n");
        x += LEGEND_SYMBOL_W + mono_width(strlen(text), LEGEND_FONT * 10) + LEGEND_SPACING;
    }
    fprintf(out, "</g>\n");
}

static void write_lane_numbers(FILE *out, const layout *L, int y)
{
    int font = L->lanes > 32 ? 9 : 10;
    fprintf(out, "<g class=\"lanes\" font-family=\"%s\" font-size=\"%d\" fill=\"#555555\" text-anchor=\"middle\">\n",
            MONO, font);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">lane</text>\n", L->grid_x - 6, y + LANE_HEAD_H - 6);
    for (int lane = 0; lane < L->lanes; lane++)
        fprintf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n", cell_cx(L, lane), y + LANE_HEAD_H - 6, lane);
    fprintf(out, "</g>\n");
}

/* The step number, its CUDA line and, smaller, its model operations; the
 * full texts in the tooltip. */
static void write_label(FILE *out, const layout *L, const wk_step *s, size_t number, int y)
{
    char lanes[200];
    fprintf(out, "<g class=\"label\"><title>step %zu: ", number);
    xml_text(out, s->cuda);
    if (s->model) {
        fprintf(out, "\nmodel: ");
        xml_text(out, s->model);
    }
    fprintf(out, "\nlanes executing: %s", ws_format_lanes(s->executed, lanes, sizeof lanes));
    if (s->exited)
        fprintf(out, "; exited: %s", ws_format_lanes(s->exited, lanes, sizeof lanes));
    if (s->has_values) {
        fprintf(out, "; shows ");
        xml_text(out, s->reg);
    }
    fprintf(out, "</title>\n");
    int base = y + CELL_H / 2 - 1;
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"12\" font-weight=\"bold\" "
                 "text-anchor=\"end\" fill=\"#222222\">%zu</text>\n",
            MARGIN + NUMBER_W - 8, base, SANS, number);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"%d\" fill=\"#111111\" "
                 "xml:space=\"preserve\">",
            MARGIN + NUMBER_W, base, MONO, LABEL_FONT);
    xml_fit(out, s->cuda, (size_t)L->label_chars);
    fprintf(out, "</text>\n");
    if (s->model) {
        int room = (L->grid_x - 14 - MARGIN - NUMBER_W) * 100 / (MODEL_FONT * 60);
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"%d\" fill=\"#777777\">",
                MARGIN + NUMBER_W, base + 12, MONO, MODEL_FONT);
        xml_fit(out, s->model, (size_t)room);
        fprintf(out, "</text>\n");
    }
    fprintf(out, "</g>\n");
}

/* The lane's state after the step: what its cell looks like. */
static void cell_style(const wk_step *s, int lane, const char **fill, const char **stroke, const char **text,
                       const char **state)
{
    bool exited = s->exited >> lane & 1, absent = s->absent >> lane & 1, ran = s->executed >> lane & 1;
    *stroke = STROKE_IDLE;
    *text = TEXT_IDLE;
    if (absent) {
        *fill = FILL_ABSENT;
        *state = "absent";
    } else if (exited) {
        *fill = FILL_EXITED;
        *state = ran ? "executed, then exited" : "exited";
    } else if (ran) {
        *fill = FILL_RAN;
        *stroke = STROKE_RAN;
        *text = "#111111";
        *state = "executed";
    } else {
        *fill = FILL_IDLE;
        *state = "did not execute";
    }
}

static void write_read_note(FILE *out, const layout *L, const wk_step *s, int lane)
{
    if (!s->has_reads)
        return;
    const ws_lane_read *rd = &s->reads[lane];
    switch (rd->kind) {
    case WS_READ_LANE: fprintf(out, "; read lane %d", rd->source); break;
    case WS_READ_OWN: fprintf(out, "; source out of range: kept its own value"); break;
    case WS_READ_INACTIVE: fprintf(out, "; lane %d did not take part: read %s", rd->source, L->inactive_read); break;
    default: break;
    }
}

/* The value in its cell, on one line or several. */
static void write_value(FILE *out, const layout *L, const char *text, int lane, int y, int h, const char *colour)
{
    fitted f;
    fit_value(L, text, &f);
    int cx = cell_cx(L, lane);
    fprintf(out, "<text font-size=\"");
    tenths(out, f.font);
    fprintf(out, "\" fill=\"%s\"", colour);
    if (f.lines == 1 && !f.cut) {
        fprintf(out, " x=\"%d\" y=\"%d\">", cx, y + h / 2 + f.font * 35 / 1000);
        xml_text(out, text);
        fprintf(out, "</text>");
        return;
    }
    fprintf(out, ">");
    int top = y + (h - f.lines * f.line_h) / 2;
    for (int i = 0; i < f.lines; i++) {
        fprintf(out, "<tspan x=\"%d\" y=\"%d\">", cx, top + i * f.line_h + f.line_h * 78 / 100);
        if (f.cut && i == f.lines - 1) {
            size_t keep = f.chars[i] < f.per_line ? f.chars[i] : f.per_line - 1;
            xml_text_n(out, f.line[i], keep);
            fputs("&#x2026;", out);
        } else {
            xml_text_n(out, f.line[i], f.chars[i]);
        }
        fprintf(out, "</tspan>");
    }
    fprintf(out, "</text>");
}

static void write_cell(FILE *out, const wk_run *r, const layout *L, const wk_step *s, size_t number, int lane,
                       int y, int h, char *buf)
{
    const char *fill, *stroke, *colour, *state;
    cell_style(s, lane, &fill, &stroke, &colour, &state);
    bool absent = s->absent >> lane & 1;
    /* As in the text trace: a lane that has exited or does not exist, and
     * did not execute the step, shows "-" (its registers mean nothing). */
    bool gone = ((s->exited | s->absent) >> lane & 1) && !(s->executed >> lane & 1);
    fprintf(out, "<g class=\"cell\"><title>step %zu, lane %d: ", number, lane);
    if (s->has_values && !gone) {
        wk_format(s->type, s->bits[lane], &r->sym, buf, WK_VALUE_TEXT);
        xml_text(out, s->reg);
        fprintf(out, " = ");
        xml_text(out, buf);
        if (s->has_in && (s->executed >> lane & 1)) { /* users' kernels: what the lane passed */
            fprintf(out, ", passed ");
            xml_text(out, wk_format(s->in_type, s->in_bits[lane], &r->sym, buf, WK_VALUE_TEXT));
        }
        fprintf(out, "; ");
    }
    fprintf(out, "%s", state);
    write_read_note(out, L, s, lane);
    fprintf(out, "</title>");
    int x = cell_x(L, lane);
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"%s\"%s/>", x, y,
            L->cell_w - 2, h, fill, stroke, absent ? " stroke-dasharray=\"" DASH_ABSENT "\"" : "");
    if (s->has_reads && s->reads[lane].kind == WS_READ_INACTIVE)
        fprintf(out, "<rect class=\"inactive-mark\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                     "stroke=\"%s\" stroke-width=\"2\"/>",
                x + 1, y + 1, L->cell_w - 4, h - 2, COLOUR_INACTIVE);
    if (s->has_values && gone)
        write_value(out, L, "-", lane, y, h, colour);
    else if (s->has_values)
        write_value(out, L, buf, lane, y, h, colour);
    fprintf(out, "</g>\n");
}

/* Arrows from the row above (the warp's previous step, or the lane
 * numbers) to the lanes that read in this step. */
static void write_reads(FILE *out, const layout *L, const wk_step *s, int from_y, int to_y)
{
    static const char *const classes[] = {[WS_READ_LANE] = "read", [WS_READ_OWN] = "own",
                                          [WS_READ_INACTIVE] = "inactive"};
    static const char *const heads[] = {[WS_READ_LANE] = "head-read", [WS_READ_OWN] = "head-own",
                                        [WS_READ_INACTIVE] = "head-inactive"};
    static const char *const colours[] = {[WS_READ_LANE] = COLOUR_READ, [WS_READ_OWN] = COLOUR_OWN,
                                          [WS_READ_INACTIVE] = COLOUR_INACTIVE};
    static const char *const dashes[] = {[WS_READ_LANE] = "",
                                         [WS_READ_OWN] = " stroke-dasharray=\"" DASH_OWN "\"",
                                         [WS_READ_INACTIVE] = " stroke-dasharray=\"" DASH_INACTIVE "\""};
    fprintf(out, "<g class=\"reads\" stroke-width=\"1.3\" fill=\"none\">\n");
    /* Plain reads first, so the marked ones are drawn on top. */
    static const ws_read_kind kinds[] = {WS_READ_LANE, WS_READ_OWN, WS_READ_INACTIVE};
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (int lane = 0; lane < s->lanes; lane++) {
            const ws_lane_read *rd = &s->reads[lane];
            if (rd->kind != kinds[k])
                continue;
            int source = rd->kind == WS_READ_OWN ? lane : rd->source;
            if (source < 0 || source >= L->lanes)
                continue; /* no cell to start from: the cell's mark says it */
            int x1 = cell_cx(L, source), x2 = cell_cx(L, lane);
            if (rd->kind == WS_READ_OWN) /* beside the value, so it reads as "kept" */
                x1 = x2 = x2 + (L->cell_w - 2) / 2 - 4;
            fprintf(out,
                    "<line class=\"%s\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\"%s "
                    "marker-end=\"url(#%s)\"/>\n",
                    classes[rd->kind], x1, from_y, x2, to_y, colours[rd->kind], dashes[rd->kind], heads[rd->kind]);
        }
    fprintf(out, "</g>\n");
}

static void write_panel(FILE *out, const wk_run *r, const layout *L, size_t p, char *buf)
{
    const wk_trace *t = &r->trace;
    const wk_step *first = &t->steps[L->order[L->panel_start[p]]];
    int y = L->panel_y[p];
    fprintf(out, "<g class=\"panel\">\n");
    if (L->many_warps) {
        fprintf(out, "<text class=\"heading\" x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"15\" "
                     "font-weight=\"bold\" fill=\"#222222\">block %d, warp %d</text>\n",
                MARGIN, y + HEADING_H - 10, SANS, first->block, first->warp);
        y += HEADING_H;
    }
    write_lane_numbers(out, L, y);
    int above = y + LANE_HEAD_H - 2; /* the bottom of the row above */
    for (size_t j = L->panel_start[p]; j < L->panel_start[p + 1]; j++) {
        size_t i = L->order[j];
        const wk_step *s = &t->steps[i];
        int row = L->row_y[i];
        fprintf(out, "<g class=\"step\" id=\"step-%zu\">\n", i + 1);
        write_label(out, L, s, i + 1, row);
        fprintf(out, "<g font-family=\"%s\" text-anchor=\"middle\">\n", MONO);
        for (int lane = 0; lane < s->lanes; lane++)
            write_cell(out, r, L, s, i + 1, lane, row, L->row_h[i], buf);
        fprintf(out, "</g>\n");
        if (s->has_reads)
            write_reads(out, L, s, above + 1, row - 1);
        fprintf(out, "</g>\n");
        above = row + L->row_h[i];
    }
    fprintf(out, "</g>\n");
}

bool wk_write_trace_svg(FILE *out, const wk_run *r)
{
    char *buf = malloc(WK_VALUE_TEXT);
    layout L = {0};
    if (!buf || !plan(r, &L, buf)) {
        free(buf);
        layout_free(&L);
        return false;
    }
    const char *name = r->program ? r->program->name : "?";
    const char *profile = ws_profile_name(r->params.profile), *type = wk_elem_name(r->params.type);
    fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\">\n",
            L.width, L.height, L.width, L.height);
    fprintf(out, "<title>warpsim trace: ");
    xml_text(out, name);
    fprintf(out, "</title>\n");
    write_defs(out);
    fprintf(out, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n", L.width, L.height);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"17\" font-weight=\"bold\" fill=\"#111111\">",
            MARGIN, MARGIN + 16, SANS);
    xml_text(out, name);
    fprintf(out, "<tspan dx=\"12\" font-weight=\"normal\" fill=\"#555555\">profile %s, type %s, %d lanes</tspan></text>\n",
            profile ? profile : "?", type ? type : "?", L.lanes);
    write_legend(out, MARGIN + TITLE_H + 14, &L);
    for (size_t p = 0; p < L.n_panels; p++)
        write_panel(out, r, &L, p, buf);
    if (!L.n_panels)
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-family=\"%s\" font-size=\"13\" fill=\"#555555\">no steps were "
                     "recorded</text>\n",
                MARGIN, MARGIN + TITLE_H + LEGEND_H + 20, SANS);
    fprintf(out, "</svg>\n");
    free(buf);
    layout_free(&L);
    /* Flushed, so a failure of the last buffered write counts too. */
    return fflush(out) == 0 && !ferror(out);
}
