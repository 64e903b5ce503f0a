/* The writers (CSV, JSON, SVG, text trace) on traced reduce-down runs.
 *
 * Each output is read back with a small parser written here, strict about
 * its format: RFC 4180 CSV, JSON (RFC 8259: no trailing commas, no leading
 * zeros, escapes checked), and well-formed XML (tags balanced, attributes
 * quoted, no raw '&' or '<' in text). The expected contents come from the
 * semantics.md and plain loops, not from the code under test:
 *   - v = lane through the shfl_down tree: the recurrence written out below
 *     (own value when lane + offset leaves the warp, semantics.md 1.1); lane 0 ends
 *     with 496 = 0x1f0 (semantics.md 7);
 *   - which lanes read which: lane + offset inside the warp reads that lane,
 *     outside it keeps its own value; with --active 0xffff a source in
 *     16..31 did not take part (semantics.md 7: it reads 0);
 *   - sym: lane 0 ends with every input once, lane 31 with 32 times its own
 *     (sym.h writes them "lane(0)+...+lane(31)" and "32*lane(31)");
 *   - the run options: each, set, shows in the JSON's "params" and in the
 *     viewer's command line, as written out here (option_cases);
 *   - the legends' inactive read: the profile's word, ws_profile_inactive_read;
 *   - users' kernels (passed_run): what two swaps of neighbours pass and
 *     receive (100 + lane, then 100 + (lane ^ 1)) and their listing lines. */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prog_support.h"
#include "writers/writers.h"

#define CSV_HEADER \
    "step,block,warp,lane,cuda,model,executed,exited,absent,register,type,bits,value,read,source,value_in"
enum { CSV_COLUMNS = 16 };
enum { C_STEP, C_BLOCK, C_WARP, C_LANE, C_CUDA, C_MODEL, C_EXECUTED, C_EXITED, C_ABSENT, C_REGISTER, C_TYPE, C_BITS,
       C_VALUE, C_READ, C_SOURCE, C_VALUE_IN };

/* ---- Runs and their expected reads ------------------------------------- */

/* A traced reduce-down with v = lane (sym: its own inputs). */
static void traced_run(wk_run *r, wk_elem type, ws_profile_id profile, ws_mask active)
{
    uint64_t in[64];
    for (int i = 0; i < 64; i++)
        in[i] = (uint64_t)i;
    int lanes = ws_profile_lanes(profile);
    prog_run(r, "reduce-down", &(wk_params){.type = type, .profile = profile, .active = active, .trace = true},
             type == WK_SYM ? NULL : in, type == WK_SYM ? 0 : (size_t)lanes);
}

/* The reads of the whole tree, counted plainly: lanes below `running` run,
 * the others returned at once. */
typedef struct read_counts {
    size_t lane, own, inactive;
} read_counts;

static read_counts expected_reads(int lanes, int running)
{
    read_counts c = {0};
    for (int offset = lanes / 2; offset > 0; offset /= 2)
        for (int lane = 0; lane < running; lane++) {
            int source = lane + offset;
            if (source >= lanes)
                c.own++;
            else if (source >= running)
                c.inactive++;
            else
                c.lane++;
        }
    return c;
}

/* The values after each step of the tree (v = lane, every lane running):
 * values[0] after the load, values[k] after the k-th shuffle. */
static void expected_tree(int lanes, int64_t values[8][64])
{
    for (int lane = 0; lane < lanes; lane++)
        values[0][lane] = lane;
    int k = 0;
    for (int offset = lanes / 2; offset > 0; offset /= 2, k++)
        for (int lane = 0; lane < lanes; lane++)
            values[k + 1][lane] =
                values[k][lane] + (lane + offset < lanes ? values[k][lane + offset] : values[k][lane]);
}

static read_counts recorded_reads(const wk_run *r)
{
    read_counts c = {0};
    for (size_t i = 0; i < r->trace.count; i++) {
        const wk_step *s = &r->trace.steps[i];
        for (int lane = 0; s->has_reads && lane < s->lanes; lane++) {
            c.lane += s->reads[lane].kind == WS_READ_LANE;
            c.own += s->reads[lane].kind == WS_READ_OWN;
            c.inactive += s->reads[lane].kind == WS_READ_INACTIVE;
        }
    }
    return c;
}

/* Replaces a recorded text (the writers only format what is recorded). */
static void set_text(char **field, const char *text)
{
    free(*field);
    *field = malloc(strlen(text) + 1);
    assert_non_null(*field);
    memcpy(*field, text, strlen(text) + 1);
}

/* ---- Capturing a writer's output ------------------------------------------ */

typedef bool (*writer_fn)(FILE *out, const wk_run *r);

static bool json_with_steps(FILE *out, const wk_run *r) { return wk_write_run_json(out, r, true); }
static bool json_without_steps(FILE *out, const wk_run *r) { return wk_write_run_json(out, r, false); }

/* The writer's whole output as a string (the caller frees it). */
static char *capture(writer_fn write, const wk_run *r)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(write(f, r));
    assert_int_equal(fflush(f), 0);
    long size = ftell(f);
    assert_true(size > 0);
    rewind(f);
    char *text = malloc((size_t)size + 1);
    assert_non_null(text);
    assert_int_equal(fread(text, 1, (size_t)size, f), (size_t)size);
    text[size] = '\0';
    fclose(f);
    assert_int_equal(strlen(text), (size_t)size); /* no NUL bytes */
    return text;
}

static size_t count_of(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        n++;
    return n;
}

/* ---- CSV (RFC 4180) --------------------------------------------------------- */

typedef struct csv {
    char ***rows;     /* rows[i][j]: field j of record i */
    size_t *widths;   /* fields per record */
    bool **quoted;    /* whether field j of record i was quoted */
    size_t n;
} csv;

static void csv_free(csv *c)
{
    for (size_t i = 0; i < c->n; i++) {
        for (size_t j = 0; j < c->widths[i]; j++)
            free(c->rows[i][j]);
        free(c->rows[i]);
        free(c->quoted[i]);
    }
    free(c->rows);
    free(c->widths);
    free(c->quoted);
}

/* Parses records ending in '\n'. Fails the test on a quote inside an
 * unquoted field, text after a closing quote, or an unterminated quote. */
static void csv_parse(const char *text, csv *c)
{
    memset(c, 0, sizeof *c);
    size_t cap = 0;
    const char *p = text;
    while (*p) {
        if (c->n == cap) {
            cap = cap ? cap * 2 : 256;
            c->rows = realloc(c->rows, cap * sizeof *c->rows);
            c->widths = realloc(c->widths, cap * sizeof *c->widths);
            c->quoted = realloc(c->quoted, cap * sizeof *c->quoted);
            assert_true(c->rows && c->widths && c->quoted);
        }
        char **fields = calloc(64, sizeof *fields);
        bool *quoted = calloc(64, sizeof *quoted);
        assert_true(fields && quoted);
        size_t n = 0;
        for (;;) {
            assert_true(n < 64);
            size_t len = 0, room = 64;
            char *f = malloc(room);
            assert_non_null(f);
            quoted[n] = *p == '"';
            if (quoted[n]) {
                for (p++;; p++) {
                    if (*p == '\0') {
                        print_error("csv: unterminated quoted field in record %zu\n", c->n + 1);
                        fail();
                    }
                    if (*p == '"') {
                        if (p[1] != '"')
                            break;
                        p++;
                    }
                    if (len + 2 > room)
                        assert_non_null(f = realloc(f, room *= 2));
                    f[len++] = *p;
                }
                p++;
                if (*p != ',' && *p != '\n') {
                    print_error("csv: '%c' after a closing quote in record %zu\n", *p ? *p : '0', c->n + 1);
                    fail();
                }
            } else {
                for (; *p && *p != ',' && *p != '\n'; p++) {
                    if (*p == '"' || *p == '\r') {
                        print_error("csv: a raw quote or CR in an unquoted field of record %zu\n", c->n + 1);
                        fail();
                    }
                    if (len + 2 > room)
                        assert_non_null(f = realloc(f, room *= 2));
                    f[len++] = *p;
                }
            }
            f[len] = '\0';
            fields[n++] = f;
            if (*p == ',') {
                p++;
                continue;
            }
            if (*p != '\n') {
                print_error("csv: record %zu does not end with a newline\n", c->n + 1);
                fail();
            }
            p++;
            break;
        }
        c->rows[c->n] = fields;
        c->quoted[c->n] = quoted;
        c->widths[c->n++] = n;
    }
}

/* The CSV of a run, parsed, with the header and row count checked. */
static void csv_of(const wk_run *r, csv *c, char **raw)
{
    *raw = capture(wk_write_trace_csv, r);
    assert_true(strncmp(*raw, CSV_HEADER "\n", strlen(CSV_HEADER) + 1) == 0);
    csv_parse(*raw, c);
    size_t rows = 0;
    for (size_t i = 0; i < r->trace.count; i++)
        rows += (size_t)r->trace.steps[i].lanes;
    assert_int_equal(c->n, rows + 1);
    for (size_t i = 0; i < c->n; i++)
        if (c->widths[i] != CSV_COLUMNS) {
            print_error("csv: record %zu has %zu fields, expected %d\n", i + 1, c->widths[i], CSV_COLUMNS);
            fail();
        }
}

/* Checks the columns that follow from the recorded steps: numbering, the
 * texts (round trip through the quoting), the lane masks. */
static void csv_check_steps(const wk_run *r, const csv *c)
{
    size_t row = 1;
    for (size_t i = 0; i < r->trace.count; i++) {
        const wk_step *s = &r->trace.steps[i];
        for (int lane = 0; lane < s->lanes; lane++, row++) {
            char **f = c->rows[row];
            assert_int_equal(strtol(f[C_STEP], NULL, 10), (long)i + 1);
            assert_int_equal(strtol(f[C_BLOCK], NULL, 10), s->block);
            assert_int_equal(strtol(f[C_WARP], NULL, 10), s->warp);
            assert_int_equal(strtol(f[C_LANE], NULL, 10), lane);
            assert_string_equal(f[C_CUDA], s->cuda);
            assert_string_equal(f[C_MODEL], s->model ? s->model : "");
            assert_string_equal(f[C_EXECUTED], (s->executed >> lane & 1) ? "1" : "0");
            assert_string_equal(f[C_EXITED], (s->exited >> lane & 1) ? "1" : "0");
            assert_string_equal(f[C_ABSENT], (s->absent >> lane & 1) ? "1" : "0");
            if (!s->has_in)
                assert_string_equal(f[C_VALUE_IN], "");
            /* a field that needs quotes has them (RFC 4180) */
            for (int j = 0; j < CSV_COLUMNS; j++)
                if (strpbrk(f[j], ",\"\n"))
                    assert_true(c->quoted[row][j]);
        }
    }
}

static void test_csv_i32(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0);
    assert_int_equal(r.trace.count, 6); /* the load and five shuffles */
    csv c;
    char *raw;
    csv_of(&r, &c, &raw);
    csv_check_steps(&r, &c);
    /* the CUDA text of a shuffle step has commas: quoted */
    assert_int_equal(count_of(raw, ",\"v += __shfl_down_sync(0xffffffff, v, 16);\","), 32);
    assert_int_equal(count_of(raw, ",\"v += __shfl_down_sync("), 5 * 32);

    int64_t want[8][64];
    expected_tree(32, want);
    size_t lane_reads = 0, own_reads = 0;
    for (size_t row = 1; row < c.n; row++) {
        char **f = c.rows[row];
        int step = atoi(f[C_STEP]), lane = atoi(f[C_LANE]);
        char bits[16];
        snprintf(bits, sizeof bits, "0x%08x", (unsigned)want[step - 1][lane]);
        assert_string_equal(f[C_REGISTER], "v");
        assert_string_equal(f[C_TYPE], "i32");
        assert_string_equal(f[C_BITS], bits);
        assert_int_equal(strtoll(f[C_VALUE], NULL, 10), want[step - 1][lane]);
        if (step == 1) {
            assert_string_equal(f[C_READ], "");
            assert_string_equal(f[C_SOURCE], "");
            continue;
        }
        int offset = 32 >> (step - 1);
        if (lane + offset < 32) {
            assert_string_equal(f[C_READ], "lane");
            assert_int_equal(atoi(f[C_SOURCE]), lane + offset);
            lane_reads++;
        } else {
            assert_string_equal(f[C_READ], "own");
            own_reads++;
        }
    }
    read_counts e = expected_reads(32, 32);
    assert_int_equal(lane_reads, e.lane);
    assert_int_equal(own_reads, e.own);
    /* semantics.md 7: lane 0 ends with 496 */
    char **last0 = c.rows[c.n - 32];
    assert_string_equal(last0[C_LANE], "0");
    assert_string_equal(last0[C_BITS], "0x000001f0");
    assert_string_equal(last0[C_VALUE], "496");
    free(raw);
    csv_free(&c);
    wk_run_free(&r);
}

static void test_csv_quoting(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0);
    set_text(&r.trace.steps[0].cuda, "say(\"a, b\");\n// \"quoted\", twice");
    set_text(&r.trace.steps[1].model, "x \"y\"");
    csv c;
    char *raw;
    csv_of(&r, &c, &raw);
    csv_check_steps(&r, &c);
    assert_non_null(strstr(raw, ",\"say(\"\"a, b\"\");\n// \"\"quoted\"\", twice\","));
    assert_non_null(strstr(raw, ",\"x \"\"y\"\"\","));
    free(raw);
    csv_free(&c);
    wk_run_free(&r);
}

static void test_csv_sym(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_SYM, WS_PROFILE_SM90, 0);
    csv c;
    char *raw;
    csv_of(&r, &c, &raw);
    csv_check_steps(&r, &c);
    for (size_t row = 1; row < c.n; row++) {
        assert_string_equal(c.rows[row][C_TYPE], "sym");
        assert_string_equal(c.rows[row][C_BITS], ""); /* a handle is not a value */
    }
    assert_string_equal(c.rows[1][C_VALUE], "lane(0)");
    assert_string_equal(c.rows[c.n - 32][C_VALUE], "lane(0)+...+lane(31)");
    assert_string_equal(c.rows[c.n - 1][C_VALUE], "32*lane(31)");
    /* a sum has '+' but no comma, so it needs no quotes; lane 16 is
     * counted twice in lane 1 (the walk-through in docs/tutorial.md) */
    assert_non_null(strstr(c.rows[c.n - 31][C_VALUE], "2*lane(16)"));
    free(raw);
    csv_free(&c);
    wk_run_free(&r);
}

static void test_csv_inactive_reads(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0xffff);
    assert_int_equal(r.trace.count, 7); /* the early return, the load, five shuffles */
    csv c;
    char *raw;
    csv_of(&r, &c, &raw);
    csv_check_steps(&r, &c);
    read_counts got = {0};
    for (size_t row = 1; row < c.n; row++) {
        char **f = c.rows[row];
        int step = atoi(f[C_STEP]), lane = atoi(f[C_LANE]);
        /* lanes 16..31 run the early return and are gone after it */
        assert_string_equal(f[C_EXECUTED], lane < 16 || step == 1 ? "1" : "0");
        assert_string_equal(f[C_EXITED], lane >= 16 ? "1" : "0");
        if (step <= 2 || lane >= 16) {
            assert_string_equal(f[C_READ], "");
            continue;
        }
        int source = lane + (32 >> (step - 2));
        assert_int_equal(atoi(f[C_SOURCE]), source);
        if (source >= 16) {
            assert_string_equal(f[C_READ], "inactive");
            got.inactive++;
        } else {
            assert_string_equal(f[C_READ], "lane");
            got.lane++;
        }
    }
    read_counts e = expected_reads(32, 16);
    assert_int_equal(got.lane, e.lane);
    assert_int_equal(got.inactive, e.inactive);
    assert_int_equal(e.inactive, 31);
    /* lane 15 reads 0 from lane 16 at the last step: 15 + 0 */
    assert_string_equal(c.rows[c.n - 17][C_LANE], "15");
    assert_string_equal(c.rows[c.n - 17][C_VALUE], "15");
    free(raw);
    csv_free(&c);
    wk_run_free(&r);
}

/* ---- JSON (RFC 8259), strictly -------------------------------------------- */

typedef struct jv {
    char kind;         /* 'o' object, 'a' array, 's' string, 'n' number, 't' true, 'f' false, 'z' null */
    char *text;        /* a string, decoded, or a number as written */
    size_t n;          /* members or elements */
    struct jv **items;
    char **keys;       /* objects */
} jv;

typedef struct jparser {
    const char *p;
    char err[120];
} jparser;

static void jv_free(jv *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->n; i++) {
        jv_free(v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->text);
    free(v);
}

static jv *j_fail(jparser *s, jv *v, const char *why)
{
    if (!s->err[0])
        snprintf(s->err, sizeof s->err, "%s at \"%.20s\"", why, s->p);
    jv_free(v);
    return NULL;
}

static void j_ws(jparser *s)
{
    while (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')
        s->p++;
}

static jv *j_new(char kind)
{
    jv *v = calloc(1, sizeof *v);
    assert_non_null(v);
    v->kind = kind;
    return v;
}

static int hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* A string: no raw control characters, only the escapes JSON has. */
static char *j_string(jparser *s)
{
    if (*s->p != '"') {
        j_fail(s, NULL, "expected a string");
        return NULL;
    }
    s->p++;
    size_t len = 0, room = 32;
    char *out = malloc(room);
    assert_non_null(out);
    for (;;) {
        unsigned char c = (unsigned char)*s->p++;
        if (len + 4 > room)
            assert_non_null(out = realloc(out, room *= 2));
        if (c == '"')
            break;
        if (c < 0x20) {
            s->p--;
            free(out);
            j_fail(s, NULL, c ? "raw control character in a string" : "unterminated string");
            return NULL;
        }
        if (c != '\\') {
            out[len++] = (char)c;
            continue;
        }
        char e = *s->p++;
        const char *simple = strchr("\"\\/bfnrt", e);
        if (e && simple) {
            out[len++] = "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"];
            continue;
        }
        if (e != 'u') {
            s->p--;
            free(out);
            j_fail(s, NULL, "bad escape");
            return NULL;
        }
        unsigned code = 0;
        for (int i = 0; i < 4; i++) {
            int d = hex_digit(*s->p);
            if (d < 0) {
                free(out);
                j_fail(s, NULL, "bad \\u escape");
                return NULL;
            }
            code = code * 16 + (unsigned)d;
            s->p++;
        }
        if (code < 0x80) {
            out[len++] = (char)code;
        } else if (code < 0x800) {
            out[len++] = (char)(0xC0 | code >> 6);
            out[len++] = (char)(0x80 | (code & 0x3F));
        } else {
            out[len++] = (char)(0xE0 | code >> 12);
            out[len++] = (char)(0x80 | (code >> 6 & 0x3F));
            out[len++] = (char)(0x80 | (code & 0x3F));
        }
    }
    out[len] = '\0';
    return out;
}

static jv *j_value(jparser *s, int depth);

static void j_push(jv *v, jv *item, char *key)
{
    v->items = realloc(v->items, (v->n + 1) * sizeof *v->items);
    assert_non_null(v->items);
    if (v->kind == 'o') {
        v->keys = realloc(v->keys, (v->n + 1) * sizeof *v->keys);
        assert_non_null(v->keys);
        v->keys[v->n] = key;
    }
    v->items[v->n++] = item;
}

static jv *j_container(jparser *s, int depth, char open)
{
    jv *v = j_new(open == '{' ? 'o' : 'a');
    char close = open == '{' ? '}' : ']';
    s->p++;
    j_ws(s);
    if (*s->p == close) {
        s->p++;
        return v;
    }
    for (;;) {
        j_ws(s);
        char *key = NULL;
        if (open == '{') {
            if (!(key = j_string(s)))
                return j_fail(s, v, "expected a member name");
            for (size_t i = 0; i < v->n; i++)
                if (strcmp(v->keys[i], key) == 0) {
                    free(key);
                    return j_fail(s, v, "duplicate member name");
                }
            j_ws(s);
            if (*s->p != ':') {
                free(key);
                return j_fail(s, v, "expected ':'");
            }
            s->p++;
        }
        jv *item = j_value(s, depth + 1);
        if (!item) {
            free(key);
            return j_fail(s, v, "bad value");
        }
        j_push(v, item, key);
        j_ws(s);
        if (*s->p == ',') {
            s->p++; /* a value must follow: "[1,]" fails in j_value */
            continue;
        }
        if (*s->p != close)
            return j_fail(s, v, open == '{' ? "expected ',' or '}'" : "expected ',' or ']'");
        s->p++;
        return v;
    }
}

static jv *j_number(jparser *s)
{
    const char *start = s->p;
    if (*s->p == '-')
        s->p++;
    if (*s->p == '0')
        s->p++;
    else if (*s->p >= '1' && *s->p <= '9')
        while (isdigit((unsigned char)*s->p))
            s->p++;
    else
        return j_fail(s, NULL, "bad number");
    if (*s->p == '.') {
        s->p++;
        if (!isdigit((unsigned char)*s->p))
            return j_fail(s, NULL, "bad fraction");
        while (isdigit((unsigned char)*s->p))
            s->p++;
    }
    if (*s->p == 'e' || *s->p == 'E') {
        s->p++;
        if (*s->p == '+' || *s->p == '-')
            s->p++;
        if (!isdigit((unsigned char)*s->p))
            return j_fail(s, NULL, "bad exponent");
        while (isdigit((unsigned char)*s->p))
            s->p++;
    }
    jv *v = j_new('n');
    v->text = malloc((size_t)(s->p - start) + 1);
    assert_non_null(v->text);
    memcpy(v->text, start, (size_t)(s->p - start));
    v->text[s->p - start] = '\0';
    return v;
}

static jv *j_value(jparser *s, int depth)
{
    j_ws(s);
    if (depth > 64)
        return j_fail(s, NULL, "nested too deeply");
    static const struct {
        const char *word;
        char kind;
    } words[] = {{"true", 't'}, {"false", 'f'}, {"null", 'z'}};
    switch (*s->p) {
    case '{':
    case '[': return j_container(s, depth, *s->p);
    case '"': {
        char *text = j_string(s);
        if (!text)
            return NULL;
        jv *v = j_new('s');
        v->text = text;
        return v;
    }
    default:
        for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
            if (strncmp(s->p, words[i].word, strlen(words[i].word)) == 0) {
                s->p += strlen(words[i].word);
                return j_new(words[i].kind);
            }
        return j_number(s);
    }
}

/* The document, or NULL with the reason in err. */
static jv *json_parse(const char *text, char *err, size_t size)
{
    jparser s = {.p = text};
    jv *v = j_value(&s, 0);
    if (v) {
        j_ws(&s);
        if (*s.p)
            v = j_fail(&s, v, "text after the value");
    }
    snprintf(err, size, "%s", s.err);
    return v;
}

static jv *json_of(const char *text)
{
    char err[160];
    jv *v = json_parse(text, err, sizeof err);
    if (!v) {
        print_error("invalid JSON: %s\n", err);
        fail();
    }
    return v;
}

/* Member `key` of an object (fails the test when missing). */
static const jv *jget(const jv *o, const char *key)
{
    assert_int_equal(o->kind, 'o');
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0)
            return o->items[i];
    print_error("JSON: no member \"%s\"\n", key);
    fail();
    return NULL;
}

static bool jhas(const jv *o, const char *key)
{
    for (size_t i = 0; o->kind == 'o' && i < o->n; i++)
        if (strcmp(o->keys[i], key) == 0)
            return true;
    return false;
}

static const char *jstr(const jv *o, const char *key)
{
    const jv *v = jget(o, key);
    assert_int_equal(v->kind, 's');
    return v->text;
}

static const jv *jarr(const jv *o, const char *key)
{
    const jv *v = jget(o, key);
    assert_int_equal(v->kind, 'a');
    return v;
}

static void test_json_checker(void **state)
{
    (void)state;
    static const char *const good[] = {
        "{}", "[]", "{\"a\": [1, -0.5, 2e10, 1E-3, true, false, null, \"x\\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9\"]}",
        " [ {\"a\" : {}} ] ", "0", "\"\"",
    };
    static const char *const bad[] = {
        "{\"a\": 1,}", "[1,]", "[1 2]", "{\"a\" 1}", "{a: 1}", "01", "1.", ".5", "-", "+1", "1e", "tru",
        "\"\\q\"", "\"\\u12\"", "\"a\tb\"", "\"open", "[", "{\"a\": 1} x", "{\"a\": 1, \"a\": 2}", "NaN", "[,]",
        "{,}", "",
    };
    char err[160];
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        jv *v = json_parse(good[i], err, sizeof err);
        if (!v) {
            print_error("rejected %s: %s\n", good[i], err);
            fail();
        }
        jv_free(v);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        jv *v = json_parse(bad[i], err, sizeof err);
        if (v) {
            print_error("accepted %s\n", bad[i]);
            jv_free(v);
            fail();
        }
    }
}

/* Checks what every run's JSON has: the schema, the counts. */
static const jv *json_check_run(const wk_run *r, const jv *doc, bool with_steps)
{
    assert_string_equal(jstr(doc, "schema"), "warpsim-run/1");
    assert_string_equal(jstr(doc, "program"), "reduce-down");
    assert_string_equal(jstr(doc, "type"), wk_elem_name(r->params.type));
    assert_string_equal(jget(doc, "lanes")->text, r->lanes == 64 ? "64" : "32");
    const jv *outputs = jarr(doc, "outputs");
    assert_int_equal(outputs->n, (size_t)r->n_outputs);
    assert_string_equal(jstr(outputs->items[0], "name"), "v");
    assert_int_equal(jarr(outputs->items[0], "values")->n, (size_t)r->lanes);
    jarr(doc, "diagnostics");
    if (!with_steps) {
        assert_false(jhas(doc, "steps"));
        return NULL;
    }
    const jv *steps = jarr(doc, "steps");
    assert_int_equal(steps->n, r->trace.count);
    for (size_t i = 0; i < steps->n; i++) {
        char number[24];
        snprintf(number, sizeof number, "%zu", i + 1);
        assert_string_equal(jget(steps->items[i], "step")->text, number);
        assert_string_equal(jstr(steps->items[i], "cuda"), r->trace.steps[i].cuda);
        if (r->trace.steps[i].has_values)
            assert_int_equal(jarr(steps->items[i], "lanes")->n, (size_t)r->lanes);
    }
    return steps;
}

static read_counts json_reads(const jv *steps)
{
    read_counts c = {0};
    for (size_t i = 0; i < steps->n; i++) {
        const jv *lanes = jarr(steps->items[i], "lanes");
        for (size_t j = 0; j < lanes->n; j++) {
            if (!jhas(lanes->items[j], "read"))
                continue;
            const char *kind = jstr(lanes->items[j], "read");
            c.lane += strcmp(kind, "lane") == 0;
            c.own += strcmp(kind, "own") == 0;
            c.inactive += strcmp(kind, "inactive") == 0;
        }
    }
    return c;
}

static void test_json_i32(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0);
    char *text = capture(json_with_steps, &r);
    jv *doc = json_of(text);
    const jv *steps = json_check_run(&r, doc, true);
    const jv *last0 = jarr(steps->items[steps->n - 1], "lanes")->items[0];
    assert_string_equal(jstr(last0, "bits"), "0x000001f0");
    assert_string_equal(jstr(last0, "value"), "496");
    read_counts got = json_reads(steps), e = expected_reads(32, 32);
    assert_int_equal(got.lane, e.lane);
    assert_int_equal(got.own, e.own);
    assert_int_equal(got.inactive, 0);
    const jv *out0 = jarr(jarr(doc, "outputs")->items[0], "values")->items[0];
    assert_string_equal(jstr(out0, "bits"), "0x000001f0");
    jv_free(doc);
    free(text);

    text = capture(json_without_steps, &r);
    doc = json_of(text);
    json_check_run(&r, doc, false);
    jv_free(doc);
    free(text);
    wk_run_free(&r);
}

static void test_json_sym(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_SYM, WS_PROFILE_SM90, 0);
    char *text = capture(json_with_steps, &r);
    jv *doc = json_of(text);
    const jv *steps = json_check_run(&r, doc, true);
    const jv *lanes = jarr(steps->items[steps->n - 1], "lanes");
    assert_string_equal(jstr(lanes->items[0], "value"), "lane(0)+...+lane(31)");
    const jv *counts = jget(lanes->items[0], "counts");
    assert_int_equal(counts->kind, 'o');
    assert_int_equal(counts->n, 32);
    for (size_t i = 0; i < counts->n; i++)
        assert_string_equal(counts->items[i]->text, "1");
    counts = jget(lanes->items[31], "counts");
    assert_int_equal(counts->n, 1);
    assert_string_equal(counts->keys[0], "31");
    assert_string_equal(counts->items[0]->text, "32");
    assert_false(jhas(lanes->items[0], "bits"));
    jv_free(doc);
    free(text);
    wk_run_free(&r);
}

static void test_json_inactive_reads(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0xffff);
    char *text = capture(json_with_steps, &r);
    jv *doc = json_of(text);
    const jv *steps = json_check_run(&r, doc, true);
    assert_string_equal(jstr(jget(doc, "params"), "active"), "0x0000ffff");
    read_counts got = json_reads(steps), e = expected_reads(32, 16);
    assert_int_equal(got.lane, e.lane);
    assert_int_equal(got.inactive, e.inactive);
    assert_int_equal(got.own, 0);
    assert_true(jarr(doc, "diagnostics")->n > 0); /* reads of exited lanes are reported */
    jv_free(doc);
    free(text);
    wk_run_free(&r);
}

static void test_json_escapes(void **state)
{
    (void)state;
    static const char cuda[] = "say(\"a\\b\");\n\t// \x01 \x1f end";
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0);
    set_text(&r.trace.steps[0].cuda, cuda);
    char *text = capture(json_with_steps, &r);
    jv *doc = json_of(text);
    assert_string_equal(jstr(jarr(doc, "steps")->items[0], "cuda"), cuda);
    jv_free(doc);
    free(text);
    wk_run_free(&r);
}

/* ---- XML well-formedness (the SVG) -------------------------------------- */

typedef struct xel {
    char name[24], cls[24];
} xel;

typedef struct xdoc {
    xel *els;
    size_t n, cap;
    char width[16], height[16], view_box[64], xmlns[64];
    char err[160];
} xdoc;

static bool x_fail(xdoc *d, const char *p, const char *why)
{
    snprintf(d->err, sizeof d->err, "%s at \"%.30s\"", why, p);
    return false;
}

static bool x_name_start(char c) { return isalpha((unsigned char)c) || c == '_' || c == ':'; }
static bool x_name_char(char c) { return x_name_start(c) || isdigit((unsigned char)c) || c == '-' || c == '.'; }

/* A name into buf (cut to its size); returns its length, 0 if none. */
static size_t x_name(const char *p, char *buf, size_t size)
{
    if (!x_name_start(*p))
        return 0;
    size_t n = 1;
    while (x_name_char(p[n]))
        n++;
    snprintf(buf, size, "%.*s", (int)n, p);
    return n;
}

/* An entity or character reference at p ('&'): its length, 0 if invalid. */
static size_t x_reference(const char *p)
{
    static const char *const named[] = {"&amp;", "&lt;", "&gt;", "&quot;", "&apos;"};
    for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
        if (strncmp(p, named[i], strlen(named[i])) == 0)
            return strlen(named[i]);
    if (p[1] != '#')
        return 0;
    size_t n = 2;
    bool hex = p[2] == 'x';
    n += hex;
    size_t digits = 0;
    while (hex ? isxdigit((unsigned char)p[n]) : isdigit((unsigned char)p[n]))
        n++, digits++;
    return digits && p[n] == ';' ? n + 1 : 0;
}

/* Character data up to the next '<': every '&' a reference. */
static bool x_text(xdoc *d, const char **pp, bool outside_root)
{
    const char *p = *pp;
    for (; *p && *p != '<'; p++) {
        if (*p == '&') {
            size_t n = x_reference(p);
            if (!n)
                return x_fail(d, p, "raw '&' in text");
            p += n - 1;
        } else if (outside_root && !isspace((unsigned char)*p)) {
            return x_fail(d, p, "text outside the root element");
        } else if (strncmp(p, "]]>", 3) == 0) {
            return x_fail(d, p, "']]>' in text");
        }
    }
    *pp = p;
    return true;
}

/* One start tag at p ('<'): name, attributes quoted and unique, values
 * without '<' and with every '&' a reference. */
static bool x_start_tag(xdoc *d, const char **pp, xel *el, bool *empty, bool root)
{
    const char *p = *pp + 1;
    size_t n = x_name(p, el->name, sizeof el->name);
    if (!n)
        return x_fail(d, p, "bad element name");
    p += n;
    el->cls[0] = '\0';
    char names[48][24];
    size_t n_attrs = 0;
    for (;;) {
        bool space = isspace((unsigned char)*p);
        while (isspace((unsigned char)*p))
            p++;
        if (*p == '>' || (p[0] == '/' && p[1] == '>'))
            break;
        if (!space)
            return x_fail(d, p, "no space before an attribute");
        char attr[24];
        n = x_name(p, attr, sizeof attr);
        if (!n)
            return x_fail(d, p, "bad attribute name");
        p += n;
        for (size_t i = 0; i < n_attrs; i++)
            if (strcmp(names[i], attr) == 0)
                return x_fail(d, p, "duplicate attribute");
        if (n_attrs < 48)
            snprintf(names[n_attrs++], sizeof names[0], "%s", attr);
        while (isspace((unsigned char)*p))
            p++;
        if (*p++ != '=')
            return x_fail(d, p - 1, "attribute without '='");
        while (isspace((unsigned char)*p))
            p++;
        char quote = *p++;
        if (quote != '"' && quote != '\'')
            return x_fail(d, p - 1, "unquoted attribute value");
        const char *value = p;
        for (; *p != quote; p++) {
            if (*p == '\0' || *p == '<')
                return x_fail(d, p, "'<' or the end in an attribute value");
            if (*p == '&') {
                size_t r = x_reference(p);
                if (!r)
                    return x_fail(d, p, "raw '&' in an attribute value");
                p += r - 1;
            }
        }
        int len = (int)(p - value);
        p++;
        if (strcmp(attr, "class") == 0)
            snprintf(el->cls, sizeof el->cls, "%.*s", len, value);
        if (root && strcmp(attr, "width") == 0)
            snprintf(d->width, sizeof d->width, "%.*s", len, value);
        if (root && strcmp(attr, "height") == 0)
            snprintf(d->height, sizeof d->height, "%.*s", len, value);
        if (root && strcmp(attr, "viewBox") == 0)
            snprintf(d->view_box, sizeof d->view_box, "%.*s", len, value);
        if (root && strcmp(attr, "xmlns") == 0)
            snprintf(d->xmlns, sizeof d->xmlns, "%.*s", len, value);
    }
    *empty = *p == '/';
    *pp = p + (*empty ? 2 : 1);
    return true;
}

/* Checks the document; records every element's name and class. */
static bool xml_check(const char *text, xdoc *d)
{
    memset(d, 0, sizeof *d);
    char stack[64][24];
    int depth = 0;
    bool root_done = false;
    const char *p = text;
    if (strncmp(p, "<?xml ", 6) == 0) {
        const char *end = strstr(p, "?>");
        if (!end)
            return x_fail(d, p, "unterminated XML declaration");
        p = end + 2;
    }
    while (*p) {
        if (*p != '<') {
            if (!x_text(d, &p, depth == 0))
                return false;
            continue;
        }
        if (strncmp(p, "<!--", 4) == 0) {
            const char *end = strstr(p + 4, "-->");
            if (!end)
                return x_fail(d, p, "unterminated comment");
            p = end + 3;
            continue;
        }
        if (p[1] == '?' || p[1] == '!')
            return x_fail(d, p, "unexpected declaration");
        if (p[1] == '/') {
            char name[24];
            size_t n = x_name(p + 2, name, sizeof name);
            if (!n || depth == 0 || strcmp(name, stack[depth - 1]) != 0)
                return x_fail(d, p, "end tag does not match");
            p += 2 + n;
            while (isspace((unsigned char)*p))
                p++;
            if (*p++ != '>')
                return x_fail(d, p - 1, "bad end tag");
            if (--depth == 0)
                root_done = true;
            continue;
        }
        if (depth == 0 && root_done)
            return x_fail(d, p, "a second root element");
        if (d->n == d->cap) {
            d->cap = d->cap ? d->cap * 2 : 1024;
            d->els = realloc(d->els, d->cap * sizeof *d->els);
            assert_non_null(d->els);
        }
        xel *el = &d->els[d->n];
        bool empty;
        if (!x_start_tag(d, &p, el, &empty, depth == 0))
            return false;
        d->n++;
        if (empty) {
            if (depth == 0)
                root_done = true;
        } else {
            if (depth == 64)
                return x_fail(d, p, "nested too deeply");
            snprintf(stack[depth++], sizeof stack[0], "%s", el->name);
        }
    }
    if (depth)
        return x_fail(d, p, "unclosed elements at the end");
    if (!root_done)
        return x_fail(d, p, "no root element");
    return true;
}

static size_t x_count(const xdoc *d, const char *name, const char *cls)
{
    size_t n = 0;
    for (size_t i = 0; i < d->n; i++)
        n += strcmp(d->els[i].name, name) == 0 && (!cls || strcmp(d->els[i].cls, cls) == 0);
    return n;
}

static void svg_of(const char *text, xdoc *d)
{
    if (!xml_check(text, d)) {
        print_error("SVG is not well-formed XML: %s\n", d->err);
        free(d->els);
        fail();
    }
    assert_string_equal(d->els[0].name, "svg");
    assert_string_equal(d->xmlns, "http://www.w3.org/2000/svg");
    int w = atoi(d->width), h = atoi(d->height);
    assert_true(w > 0 && h > 0);
    char box[64];
    snprintf(box, sizeof box, "0 0 %d %d", w, h);
    assert_string_equal(d->view_box, box);
}

static void test_xml_checker(void **state)
{
    (void)state;
    static const char *const good[] = {
        "<a/>", "<?xml version=\"1.0\"?>\n<a x='1' y=\"&amp;&#38;&#x26;\"><b>t &lt; u</b><!-- c --></a>\n",
    };
    static const char *const bad[] = {
        "<a>", "<a></b>", "<a><b></a></b>", "<a x=1/>", "<a x=\"1\" x=\"2\"/>", "<a>&</a>", "<a>&foo;</a>",
        "<a x=\"<\"/>", "<a/><b/>", "text<a/>", "<a x=\"1\"y=\"2\"/>", "", "<a>]]></a>", "<a x=\"&\"/>",
    };
    xdoc d;
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        if (!xml_check(good[i], &d)) {
            print_error("rejected %s: %s\n", good[i], d.err);
            fail();
        }
        free(d.els);
    }
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bool ok = xml_check(bad[i], &d);
        free(d.els);
        if (ok) {
            print_error("accepted %s\n", bad[i]);
            fail();
        }
    }
}

/* The SVG of a run: one row per step, one cell per lane and step, one arrow
 * per read of the kind. */
static void svg_check_run(const wk_run *r, read_counts want)
{
    char *text = capture(wk_write_trace_svg, r);
    xdoc d;
    svg_of(text, &d);
    assert_int_equal(x_count(&d, "g", "step"), r->trace.count);
    assert_int_equal(x_count(&d, "g", "cell"), r->trace.count * (size_t)r->lanes);
    assert_int_equal(x_count(&d, "line", "read"), want.lane);
    assert_int_equal(x_count(&d, "line", "own"), want.own);
    assert_int_equal(x_count(&d, "line", "inactive"), want.inactive);
    read_counts rec = recorded_reads(r);
    assert_int_equal(rec.lane, want.lane);
    assert_int_equal(rec.own, want.own);
    assert_int_equal(rec.inactive, want.inactive);
    /* arrowheads are markers, defined once */
    assert_true(x_count(&d, "marker", NULL) >= 1);
    assert_non_null(strstr(text, "marker-end=\"url(#"));
    /* deterministic */
    char *again = capture(wk_write_trace_svg, r);
    assert_string_equal(text, again);
    free(again);
    free(d.els);
    free(text);
}

static void test_svg_i32(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0);
    svg_check_run(&r, expected_reads(32, 32));
    char *text = capture(wk_write_trace_svg, &r);
    assert_non_null(strstr(text, ">v += __shfl_down_sync(0xffffffff, v, 16);<"));
    assert_non_null(strstr(text, ">496<"));
    free(text);
    wk_run_free(&r);
}

static void test_svg_sym(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_SYM, WS_PROFILE_SM90, 0);
    svg_check_run(&r, expected_reads(32, 32));
    /* long sums are cut in the cell; the tooltip has them whole */
    char *text = capture(wk_write_trace_svg, &r);
    assert_non_null(strstr(text, "<title>step 6, lane 0: v = lane(0)+...+lane(31);"));
    assert_non_null(strstr(text, "<title>step 6, lane 31: v = 32*lane(31);"));
    free(text);
    wk_run_free(&r);
}

static void test_svg_inactive_reads(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0xffff);
    svg_check_run(&r, expected_reads(32, 16));
    wk_run_free(&r);
}

static void test_svg_wave64(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_WAVE64, 0);
    assert_int_equal(r.lanes, 64);
    svg_check_run(&r, expected_reads(64, 64));
    char *text = capture(wk_write_trace_svg, &r);
    assert_non_null(strstr(text, ">63</text>")); /* the last lane's header */
    free(text);
    wk_run_free(&r);
}

static void test_svg_escapes(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0);
    set_text(&r.trace.steps[0].cuda, "if (a < b && c > 'd') s = \"<tag>\"; \x01");
    set_text(&r.trace.steps[1].model, "x & y < z");
    char *text = capture(wk_write_trace_svg, &r);
    xdoc d;
    svg_of(text, &d);
    assert_non_null(strstr(text, "if (a &lt; b &amp;&amp; c &gt; &apos;d&apos;) s = &quot;&lt;tag&gt;&quot;;"));
    assert_non_null(strstr(text, "x &amp; y &lt; z"));
    free(d.els);
    free(text);
    wk_run_free(&r);
}

/* An untraced run: a valid picture without steps. */
static void test_svg_no_steps(void **state)
{
    (void)state;
    uint64_t in[32] = {0};
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_I32}, in, 32);
    assert_int_equal(r.trace.count, 0);
    char *text = capture(wk_write_trace_svg, &r);
    xdoc d;
    svg_of(text, &d);
    assert_int_equal(x_count(&d, "g", "step"), 0);
    free(d.els);
    free(text);
    wk_run_free(&r);
}

/* A two-warp program, here only: each warp loads its 32 values and swaps
 * neighbours. The picture has one panel per warp. */
static size_t two_warp_inputs(const wk_params *p, int lanes, char *err, size_t size)
{
    (void)p, (void)err, (void)size;
    return 2 * (size_t)lanes;
}

static void two_warp_run(wk_run *r)
{
    for (int warp = 0; warp < 2; warp++) {
        wk_warp *k = wk_warp_begin(r, 3, warp, 0);
        if (!k)
            return;
        ws_reg v = wk_var(k, "v");
        wk_stmt(k, "v = in[threadIdx.x];");
        wk_load_lanes(k, v, r->input, r->n_input, (size_t)(warp * k->lanes));
        wk_stmt(k, "v = __shfl_xor_sync(%s, v, 1);", k->full_text);
        wk_shfl_xor(k, v, v, 1, k->lanes);
        wk_output_lanes(k, "v", v);
        wk_warp_end(k);
    }
}

static const wk_program two_warps = {
    .name = "two-warps",
    .summary = "two warps, a swap each",
    .cuda = "v = __shfl_xor_sync(FULL_MASK, in[threadIdx.x], 1);",
    .types = WK_BIT(WK_I32),
    .profiles = WK_NVIDIA,
    .default_gen = "seq",
    .sym_term = "x",
    .input_count = two_warp_inputs,
    .run = two_warp_run,
};

static void test_svg_and_text_many_warps(void **state)
{
    (void)state;
    uint64_t in[64];
    for (int i = 0; i < 64; i++)
        in[i] = (uint64_t)(100 + i);
    wk_run r;
    wk_params params = {.type = WK_I32, .trace = true};
    if (!wk_run_init(&r, &two_warps, &params, in, 64) || !wk_run_exec(&r)) {
        print_error("two-warps: %s\n", r.error);
        wk_run_free(&r);
        fail();
    }
    assert_int_equal(r.trace.count, 4);
    char *text = capture(wk_write_trace_svg, &r);
    xdoc d;
    svg_of(text, &d);
    assert_int_equal(x_count(&d, "g", "panel"), 2);
    assert_int_equal(x_count(&d, "g", "step"), 4);
    assert_int_equal(x_count(&d, "line", "read"), 64);
    assert_non_null(strstr(text, ">block 3, warp 0</text>"));
    assert_non_null(strstr(text, ">block 3, warp 1</text>"));
    assert_true(strstr(text, "block 3, warp 0") < strstr(text, "block 3, warp 1"));
    free(d.els);
    free(text);

    text = capture(wk_write_trace_text, &r);
    assert_non_null(strstr(text, "=== block 3, warp 0 ==="));
    assert_non_null(strstr(text, "=== block 3, warp 1 ==="));
    free(text);
    wk_run_free(&r);
}

/* ---- The text trace ------------------------------------------------------- */

/* Marks in the grid (the lines after the two header lines): " *" ending a
 * cell, and " !N". */
static void text_marks(const char *text, size_t *own, size_t *inactive, size_t *lane_reads)
{
    /* the marks of the grid, after the legend (which quotes them once each) */
    const char *p = strstr(text, "\n lane ");
    assert_non_null(p);
    *own = *inactive = *lane_reads = 0;
    for (; *p; p++) {
        if (p[0] == ' ' && p[1] == '*' && (p[2] == ' ' || p[2] == '\n'))
            (*own)++;
        if (p[0] == ' ' && p[1] == '!' && isdigit((unsigned char)p[2]))
            (*inactive)++;
        if (p[0] == ' ' && p[1] == '<' && isdigit((unsigned char)p[2]))
            (*lane_reads)++;
    }
}

static void text_check_headers(const wk_run *r, const char *text)
{
    for (size_t i = 0; i < r->trace.count; i++) {
        char header[600];
        snprintf(header, sizeof header, "\nstep %zu: %s\n", i + 1, r->trace.steps[i].cuda);
        if (!strstr(text, header)) {
            print_error("text trace: no header %s", header + 1);
            fail();
        }
    }
}

static void test_text_marks(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0);
    char *text = capture(wk_write_trace_text, &r);
    text_check_headers(&r, text);
    assert_non_null(strstr(text, "\nstep 2: v += __shfl_down_sync(0xffffffff, v, 16);\n"));
    size_t own, inactive, lane_reads;
    text_marks(text, &own, &inactive, &lane_reads);
    read_counts e = expected_reads(32, 32);
    assert_int_equal(own, e.own);
    assert_int_equal(inactive, 0);
    assert_int_equal(lane_reads, e.lane);
    free(text);
    wk_run_free(&r);

    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0xffff);
    text = capture(wk_write_trace_text, &r);
    text_check_headers(&r, text);
    text_marks(text, &own, &inactive, &lane_reads);
    e = expected_reads(32, 16);
    assert_int_equal(own, 0);
    assert_int_equal(inactive, e.inactive);
    assert_int_equal(lane_reads, e.lane);
    assert_non_null(strstr(text, " 15 !16\n")); /* lane 15's last cell: 15 + 0 from lane 16 */
    free(text);
    wk_run_free(&r);
}

static void test_text_sym(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_SYM, WS_PROFILE_SM90, 0);
    char *text = capture(wk_write_trace_text, &r);
    text_check_headers(&r, text);
    assert_non_null(strstr(text, "lane(0)+...+lane(31) <1\n"));
    assert_non_null(strstr(text, "32*lane(31) *\n"));
    free(text);
    wk_run_free(&r);
}

/* ---- The run options: one table, both writers ---------------------------- */

/* Each option set to a value that is not its default, and how the JSON's
 * "params" and the viewer's command line ("options") must show it. */
static const struct {
    const char *flag;
    wk_params set;
    const char *json, *command;
} option_cases[] = {
    {"--threads", {.threads = 16}, "\"threads\": 16", "--threads 16"},
    {"--active", {.active = 0xff}, "\"active\": \"0x000000ff\"", "--active 0xff"},
    {"--width", {.width = 4}, "\"width\": 4", "--width 4"},
    {"--src", {.src_lane = 5}, "\"src\": 5", "--src 5"},
    {"--op", {.op = WK_OP_MAX}, "\"op\": \"max\"", "--op max"},
    {"--descending", {.descending = true}, "\"descending\": true", "--descending"},
    {"--pairs", {.pairs = true}, "\"pairs\": true", "--pairs"},
    {"--block", {.block = 64}, "\"block\": 64", "--block 64"},
    {"--grid", {.grid = 2}, "\"grid\": 2", "--grid 2"},
    {"--n", {.n = 300}, "\"inputs\": 300", "--n 300"},
};
enum { OPTION_CASES = sizeof option_cases / sizeof option_cases[0] };

/* The text from after `start` up to the next `end` (the caller frees it). */
static char *text_between(const char *text, const char *start, char end)
{
    const char *p = strstr(text, start);
    assert_non_null(p);
    p += strlen(start);
    const char *q = strchr(p, end);
    assert_non_null(q);
    char *out = malloc((size_t)(q - p) + 1);
    assert_non_null(out);
    memcpy(out, p, (size_t)(q - p));
    out[q - p] = '\0';
    return out;
}

/* A traced run of the first program that takes the option, on sequential
 * inputs, with the option set. */
static void run_with_option(wk_run *r, const wk_run_option *o, const wk_params *set)
{
    const wk_program *prog = NULL;
    for (size_t i = 0; i < wk_program_count && !prog; i++)
        if (wk_programs[i]->options & o->program_option)
            prog = wk_programs[i];
    if (!prog) {
        print_error("no program takes %s\n", o->flag);
        fail();
    }
    wk_params params = *set;
    params.type = WK_I32;
    params.trace = true;
    wk_params with_defaults = params;
    wk_apply_defaults(prog, &with_defaults);
    char err[200];
    size_t n = wk_input_count(prog, &with_defaults, err, sizeof err);
    assert_true(n > 0);
    uint64_t *in = malloc(n * sizeof *in);
    assert_non_null(in);
    for (size_t i = 0; i < n; i++)
        in[i] = i;
    prog_run(r, prog->name, &params, in, n);
    free(in);
}

static void test_run_options_in_json_and_command(void **state)
{
    (void)state;
    size_t count;
    const wk_run_option *opts = wk_run_options(&count);
    assert_int_equal(count, OPTION_CASES);
    /* every place on a command line holds exactly one option */
    for (size_t place = 0; place < count; place++) {
        const wk_run_option *o = wk_run_option_on_command(place);
        assert_non_null(o);
        for (size_t other = place + 1; other < count; other++)
            assert_ptr_not_equal(o, wk_run_option_on_command(other));
    }
    assert_null(wk_run_option_on_command(count));
    for (size_t i = 0; i < count; i++) {
        const wk_run_option *o = &opts[i];
        size_t c = 0;
        while (c < OPTION_CASES && strcmp(option_cases[c].flag, o->flag) != 0)
            c++;
        if (c == OPTION_CASES) {
            print_error("%s: no case in option_cases\n", o->flag);
            fail();
        }
        char key[64];
        snprintf(key, sizeof key, "\"%s\": ", o->json_key);
        assert_true(strncmp(option_cases[c].json, key, strlen(key)) == 0);

        wk_run r;
        run_with_option(&r, o, &option_cases[c].set);
        char *json = capture(json_without_steps, &r);
        char *page = capture(wk_write_trace_html, &r);
        char *params = text_between(json, "\"params\": {", '}');
        char *command = text_between(page, "\"options\": \"", '"');
        if (!strstr(params, option_cases[c].json) || !strstr(command, option_cases[c].command)) {
            print_error("%s on %s: JSON params {%s}, command \"%s\"; want %s and %s\n", o->flag, r.program->name,
                        params, command, option_cases[c].json, option_cases[c].command);
            fail();
        }
        free(params);
        free(command);
        free(page);
        free(json);
        wk_run_free(&r);
    }
}

/* ---- The legends' inactive read: asked of the profile ---------------------- */

static void test_inactive_read_legends(void **state)
{
    (void)state;
    for (int id = 0; id < WS_PROFILE_COUNT; id++) {
        ws_profile_id profile = (ws_profile_id)id;
        char word[32], got[WK_INACTIVE_READ_TEXT], want[200];
        snprintf(word, sizeof word, "%#" PRIx32, ws_profile_inactive_read(profile));
        assert_string_equal(wk_inactive_read_text(profile, got), word);

        wk_run r;
        traced_run(&r, WK_I32, profile, 0xffff); /* lanes 16.. do not take part */
        char *text = capture(wk_write_trace_text, &r);
        snprintf(want, sizeof want, "!N lane N did not take part, read %s;\n", word);
        assert_non_null(strstr(text, want));
        free(text);

        text = capture(wk_write_trace_svg, &r);
        snprintf(want, sizeof want, ">source did not take part: read %s</text>", word);
        assert_non_null(strstr(text, want));
        snprintf(want, sizeof want, "did not take part: read %s</title>", word); /* a cell's note */
        assert_non_null(strstr(text, want));
        free(text);
        wk_run_free(&r);
    }
}

/* ---- Users' kernels: passed values and listing lines ------------------------ */

/* A user's kernel as its recorder leaves it: two swaps of neighbours, the
 * listing's lines 2 and 3 the same text (so only src_line tells them apart),
 * each swap with what its lanes passed (has_in); the second executed by
 * lanes 0-15 only, its other lanes' in_bits junk that no writer may show. */
#define JUNK_IN 999

static void passed_run_body(wk_run *r)
{
    wk_warp *k = wk_warp_begin(r, 0, 0, 0);
    if (!k)
        return;
    ws_reg v = wk_var(k, "v");
    wk_stmt(k, "int v = in[threadIdx.x];");
    wk_load_lanes(k, v, r->input, r->n_input, 0);
    for (int i = 0; i < 2; i++) {
        wk_stmt(k, "v = __shfl_xor_sync(%s, v, 1);", k->full_text);
        wk_shfl_xor(k, v, v, 1, k->lanes);
    }
    wk_output_lanes(k, "v", v);
    wk_warp_end(k);
}

static const wk_program passed_program = {
    .name = "passed",
    .summary = "a user's kernel: two swaps",
    .cuda = "int v = in[threadIdx.x];\n"
            "v = __shfl_xor_sync(FULL_MASK, v, 1);\n"
            "v = __shfl_xor_sync(FULL_MASK, v, 1);",
    .types = WK_BIT(WK_I32),
    .profiles = WK_NVIDIA,
    .default_gen = "seq",
    .sym_term = "x",
    .run = passed_run_body,
};

static void passed_run(wk_run *r)
{
    uint64_t in[32];
    for (int i = 0; i < 32; i++)
        in[i] = (uint64_t)(100 + i);
    wk_params params = {.type = WK_I32, .trace = true};
    if (!wk_run_init(r, &passed_program, &params, in, 32) || !wk_run_exec(r)) {
        print_error("passed: %s\n", r->error);
        wk_run_free(r);
        fail();
    }
    assert_int_equal(r->trace.count, 3);
    /* what the recorder would add: lane l had 100 + l, then 100 + (l ^ 1) */
    for (int i = 0; i < 3; i++) {
        r->trace.steps[i].src_line = i + 1;
        r->trace.steps[i].call_results = i > 0; /* step 1 shows a register */
    }
    wk_step *s = &r->trace.steps[1], *t = &r->trace.steps[2];
    s->has_in = t->has_in = true;
    s->in_type = t->in_type = WK_I32;
    s->in_bits = calloc(32, sizeof *s->in_bits);
    t->in_bits = calloc(32, sizeof *t->in_bits);
    assert_non_null(s->in_bits);
    assert_non_null(t->in_bits);
    t->executed = 0x0000ffff;
    for (int lane = 0; lane < 32; lane++) {
        s->in_bits[lane] = (uint64_t)(100 + lane);
        t->in_bits[lane] = lane < 16 ? (uint64_t)(100 + (lane ^ 1)) : JUNK_IN;
    }
}

static void test_passed_json(void **state)
{
    (void)state;
    wk_run r;
    passed_run(&r);
    char *text = capture(json_with_steps, &r);
    assert_null(strstr(text, "999"));
    jv *doc = json_of(text);
    const jv *steps = jarr(doc, "steps");
    assert_int_equal(steps->n, 3);
    assert_string_equal(jget(steps->items[0], "source_line")->text, "1");
    assert_string_equal(jget(steps->items[1], "source_line")->text, "2");
    assert_string_equal(jget(steps->items[2], "source_line")->text, "3");
    assert_false(jhas(steps->items[0], "in"));
    /* step 2: every lane passed its own value and got its neighbour's */
    const jv *in = jarr(steps->items[1], "in");
    assert_int_equal(in->n, 32);
    assert_string_equal(jget(in->items[0], "lane")->text, "0");
    assert_string_equal(jstr(in->items[0], "bits"), "0x00000064");
    assert_string_equal(jstr(in->items[0], "value"), "100");
    assert_string_equal(jstr(jarr(steps->items[1], "lanes")->items[0], "value"), "101");
    assert_string_equal(jget(in->items[31], "lane")->text, "31");
    assert_string_equal(jstr(in->items[31], "bits"), "0x00000083");
    assert_string_equal(jstr(in->items[31], "value"), "131");
    /* step 3: only the lanes that executed it */
    in = jarr(steps->items[2], "in");
    assert_int_equal(in->n, 16);
    assert_string_equal(jget(in->items[15], "lane")->text, "15");
    assert_string_equal(jstr(in->items[15], "bits"), "0x00000072");
    assert_string_equal(jstr(in->items[15], "value"), "114");
    assert_non_null(strstr(text, "\"cuda\": \"v = __shfl_xor_sync(0xffffffff, v, 1);\", \"source_line\": 3, "));
    jv_free(doc);
    free(text);
    wk_run_free(&r);
}

static void test_passed_text(void **state)
{
    (void)state;
    wk_run r;
    passed_run(&r);
    char *text = capture(wk_write_trace_text, &r);
    assert_non_null(strstr(text, "  a -> b: the lane passed a to the call and received b\n"));
    assert_non_null(strstr(text, "step 2: v = __shfl_xor_sync(0xffffffff, v, 1);\n"));
    assert_non_null(strstr(text, "; shows v (passed -> received)\n    listing line: 2\n"));
    assert_non_null(strstr(text, "    listing line: 3\n"));
    assert_non_null(strstr(text, " 100 -> 101 <1")); /* lane 0, step 2 */
    assert_non_null(strstr(text, " 101 -> 100 <0")); /* lane 1, step 3 */
    assert_non_null(strstr(text, " 114 -> 115 <14")); /* lane 15, step 3 */
    assert_non_null(strstr(text, " 116 -> 117 <17")); /* lane 16, step 2 */
    assert_null(strstr(text, "-> 116 <17"));          /* lane 16 did not execute step 3 */
    assert_null(strstr(text, "999"));
    /* one grid, cells 14 wide; step 1 passed nothing (a register: every lane's value), lane 16 ran step 3 not */
    assert_non_null(strstr(text, "\n    0             100   100 -> 101 <1   101 -> 100 <1\n"));
    /* a lane elsewhere receives nothing from the call: '.' */
    assert_non_null(strstr(text, "\n   16             116  116 -> 117 <17               .\n"));
    free(text);
    wk_run_free(&r);
}

static void test_passed_csv(void **state)
{
    (void)state;
    wk_run r;
    passed_run(&r);
    csv c;
    char *raw;
    csv_of(&r, &c, &raw);
    csv_check_steps(&r, &c);
    /* rows: 1 + 32 * (step - 1) + lane */
    assert_string_equal(c.rows[1][C_VALUE_IN], "");           /* step 1 passed nothing */
    assert_string_equal(c.rows[33][C_VALUE], "101");          /* step 2, lane 0 */
    assert_string_equal(c.rows[33][C_VALUE_IN], "100");
    assert_string_equal(c.rows[64][C_VALUE_IN], "131");       /* step 2, lane 31 */
    assert_string_equal(c.rows[65 + 15][C_VALUE_IN], "114");  /* step 3, lane 15 */
    assert_string_equal(c.rows[65 + 16][C_VALUE_IN], "");     /* step 3, lane 16: did not execute it */
    assert_non_null(strstr(raw, "\n2,0,0,0,\"v = __shfl_xor_sync(0xffffffff, v, 1);\","));
    assert_non_null(strstr(raw, ",v,i32,0x00000065,101,lane,1,100\n"));
    assert_null(strstr(raw, "999"));
    free(raw);
    csv_free(&c);
    wk_run_free(&r);
}

static void test_passed_html(void **state)
{
    (void)state;
    wk_run r;
    passed_run(&r);
    char *page = capture(wk_write_trace_html, &r);
    const char *open = "<script type=\"application/json\" id=\"warpsim-data\">\n";
    const char *start = strstr(page, open);
    assert_non_null(start);
    start += strlen(open);
    const char *end = strstr(start, "</script>");
    assert_non_null(end);
    char *data = malloc((size_t)(end - start) + 1);
    assert_non_null(data);
    memcpy(data, start, (size_t)(end - start));
    data[end - start] = '\0';
    jv *doc = json_of(data);
    assert_int_equal(jarr(doc, "cuda")->n, 3);
    const jv *values = jarr(doc, "values");
    int digits = atoi(jget(doc, "digits")->text);
    assert_int_equal(digits, 1); /* 32 distinct values: 100..131 */
    const jv *steps = jarr(doc, "steps");
    assert_int_equal(steps->n, 3);
    /* [block, warp, cuda, model, line, ...]: the recorded lines, from 0;
     * step 3's text matches lines 1 and 2 alike, and is line 2 */
    for (size_t i = 0; i < 3; i++) {
        char want[8];
        snprintf(want, sizeof want, "%zu", i);
        assert_string_equal(steps->items[i]->items[4]->text, want);
    }
    assert_int_equal(steps->items[0]->n, 12); /* passed nothing: as before */
    static const char *const passed_decimal[2][32] = {
        {"100", "101", "102", "103", "104", "105", "106", "107", "108", "109", "110", "111", "112", "113", "114",
         "115", "116", "117", "118", "119", "120", "121", "122", "123", "124", "125", "126", "127", "128", "129",
         "130", "131"},
        {"101", "100", "103", "102", "105", "104", "107", "106", "109", "108", "111", "110", "113", "112", "115",
         "114"},
    };
    for (int i = 0; i < 2; i++) {
        const jv *step = steps->items[i + 1];
        assert_int_equal(step->n, 13);
        const jv *passed = step->items[12];
        assert_int_equal(passed->kind, 's');
        assert_int_equal(strlen(passed->text), 32);
        for (int lane = 0; lane < 32; lane++) {
            char c = passed->text[lane];
            if (!passed_decimal[i][lane]) { /* step 3, lanes 16-31: none */
                assert_int_equal(c, '~');
                continue;
            }
            static const char b64[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
            const char *at = strchr(b64, c);
            assert_non_null(at);
            size_t index = (size_t)(at - b64);
            assert_true(index < values->n);
            assert_string_equal(values->items[index]->items[1]->text, passed_decimal[i][lane]);
        }
    }
    assert_null(strstr(data, "999"));
    jv_free(doc);
    free(data);
    free(page);
    wk_run_free(&r);
}

/* ---- Failed writes ---------------------------------------------------------- */

static bool results_text(FILE *out, const wk_run *r) { return wk_write_results_text(out, r); }

static const struct {
    const char *name;
    writer_fn write;
} writers[] = {
    {"results text", results_text}, {"trace text", wk_write_trace_text}, {"trace csv", wk_write_trace_csv},
    {"trace svg", wk_write_trace_svg}, {"json", json_with_steps},      {"json without steps", json_without_steps},
};

/* /dev/full takes no byte: every write fails (unbuffered, so at once). */
static void test_write_errors_dev_full(void **state)
{
    (void)state;
    FILE *probe = fopen("/dev/full", "w");
    if (!probe) {
        print_message("no /dev/full here: skipped\n");
        skip();
    }
    fclose(probe);
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0xffff);
    size_t i;
    for (i = 0; i < sizeof writers / sizeof writers[0]; i++) {
        FILE *f = fopen("/dev/full", "w");
        assert_non_null(f);
        assert_int_equal(setvbuf(f, NULL, _IONBF, 0), 0);
        bool wrote = writers[i].write(f, &r);
        fclose(f);
        if (wrote) {
            print_error("%s returned true on /dev/full\n", writers[i].name);
            break;
        }
    }
    wk_run_free(&r);
    if (i < sizeof writers / sizeof writers[0])
        fail();
}

/* A stream opened for reading only (this file): every write fails and
 * sets the stream's error indicator. */
static void test_write_errors_read_only(void **state)
{
    (void)state;
    wk_run r;
    traced_run(&r, WK_I32, WS_PROFILE_SM90, 0);
    for (size_t i = 0; i < sizeof writers / sizeof writers[0]; i++) {
        FILE *f = fopen(__FILE__, "r");
        assert_non_null(f);
        bool ok = writers[i].write(f, &r);
        fclose(f);
        if (ok) {
            print_error("%s returned true on a read-only stream\n", writers[i].name);
            wk_run_free(&r);
            fail();
        }
    }
    wk_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_i32),
        cmocka_unit_test(test_csv_quoting),
        cmocka_unit_test(test_csv_sym),
        cmocka_unit_test(test_csv_inactive_reads),
        cmocka_unit_test(test_json_checker),
        cmocka_unit_test(test_json_i32),
        cmocka_unit_test(test_json_sym),
        cmocka_unit_test(test_json_inactive_reads),
        cmocka_unit_test(test_json_escapes),
        cmocka_unit_test(test_xml_checker),
        cmocka_unit_test(test_svg_i32),
        cmocka_unit_test(test_svg_sym),
        cmocka_unit_test(test_svg_inactive_reads),
        cmocka_unit_test(test_svg_wave64),
        cmocka_unit_test(test_svg_escapes),
        cmocka_unit_test(test_svg_no_steps),
        cmocka_unit_test(test_svg_and_text_many_warps),
        cmocka_unit_test(test_text_marks),
        cmocka_unit_test(test_text_sym),
        cmocka_unit_test(test_run_options_in_json_and_command),
        cmocka_unit_test(test_inactive_read_legends),
        cmocka_unit_test(test_passed_json),
        cmocka_unit_test(test_passed_text),
        cmocka_unit_test(test_passed_csv),
        cmocka_unit_test(test_passed_html),
        cmocka_unit_test(test_write_errors_dev_full),
        cmocka_unit_test(test_write_errors_read_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
