/* The step viewer's page (--trace html) without a browser: it is one
 * self-contained file, whatever the run.
 *
 *   - nothing it could load from outside: no http: or https: anywhere, no
 *     src= attribute, no <link> but the empty data: icon, no url( or @import
 *     in the style, and a Content-Security-Policy that forbids the rest;
 *   - the markers of the template are all replaced, and the data cannot end
 *     its <script> element: no '<' between its start and its end;
 *   - its size: at most WK_HTML_MAX_BYTES (2 MB) for the largest runs that
 *     can be traced (block-sort, block-scan and block-reduce on 1024
 *     threads, 32 and 64 lanes, sym), and a device-reduce too large for the
 *     page is refused by wk_trace_html_fits and by the writer, which then
 *     writes nothing;
 *   - the data holds what the run recorded: the step count and the values
 *     of the last step of reduce-down (lane 0 ends with 496).
 * The browser test (viewer_test.py) checks what the page shows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "prog_support.h"
#include "writers/writers.h"

typedef struct page {
    char *text;
    size_t size;
} page;

/* The page of a traced run, read back whole. */
static page write_page(const wk_run *r)
{
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_true(wk_write_trace_html(f, r));
    page p = {0};
    long size = ftell(f);
    assert_true(size > 0);
    p.size = (size_t)size;
    p.text = malloc(p.size + 1);
    assert_non_null(p.text);
    rewind(f);
    assert_int_equal(fread(p.text, 1, p.size, f), p.size);
    p.text[p.size] = '\0';
    fclose(f);
    return p;
}

static size_t count(const char *s, const char *what)
{
    size_t n = 0;
    for (const char *p = strstr(s, what); p; p = strstr(p + 1, what))
        n++;
    return n;
}

/* Case-insensitive search. */
static bool contains_nocase(const char *s, const char *what)
{
    size_t n = strlen(what);
    for (; *s; s++) {
        size_t i = 0;
        while (i < n && s[i] && (s[i] | 0x20) == (what[i] | 0x20))
            i++;
        if (i == n)
            return true;
    }
    return false;
}

static void expect_self_contained(const page *p, const char *what)
{
    const char *s = p->text;
    if (strlen(s) != p->size)
        fail_msg("%s: the page holds a NUL byte", what);
    if (strncmp(s, "<!DOCTYPE html>", 15) != 0)
        fail_msg("%s: the page does not start with <!DOCTYPE html>", what);
    static const char *const outside[] = {"http:", "https:", "src=", "url(", "@import", "//cdn", "ftp:"};
    for (size_t i = 0; i < sizeof outside / sizeof outside[0]; i++)
        if (contains_nocase(s, outside[i]))
            fail_msg("%s: the page contains '%s'", what, outside[i]);
    if (count(s, "<link") != 1 || !strstr(s, "<link rel=\"icon\" href=\"data:,\">"))
        fail_msg("%s: a <link> other than the empty data: icon", what);
    if (!strstr(s, "Content-Security-Policy\" content=\"default-src 'none';"))
        fail_msg("%s: no Content-Security-Policy forbidding every source", what);
    if (strstr(s, "@@"))
        fail_msg("%s: a template marker was left: %.20s", what, strstr(s, "@@"));
    if (count(s, "<script") != 2 || count(s, "</script>") != 2)
        fail_msg("%s: %zu <script> and %zu </script>", what, count(s, "<script"), count(s, "</script>"));
    const char *data = strstr(s, "<script type=\"application/json\" id=\"warpsim-data\">");
    assert_non_null(data);
    data = strchr(data, '>') + 1;
    const char *end = strstr(data, "</script>");
    assert_non_null(end);
    if (memchr(data, '<', (size_t)(end - data)))
        fail_msg("%s: a '<' inside the data", what);
    if (p->size > WK_HTML_MAX_BYTES)
        fail_msg("%s: %zu bytes, over the limit of %d", what, p->size, WK_HTML_MAX_BYTES);
    if (!strstr(data, "\"schema\": \"warpsim-view/1\""))
        fail_msg("%s: no warpsim-view/1 data", what);
}

static void check_run(const char *name, const wk_params *params, size_t min_steps)
{
    wk_run r;
    wk_params q = *params;
    q.trace = true;
    q.diag = WS_DIAG_POLICY_IGNORE;
    /* Random inputs, as many as the program takes (sym takes none). */
    const wk_program *prog = wk_find_program(name);
    assert_non_null(prog);
    wk_apply_defaults(prog, &q);
    char err[200];
    size_t n = q.type == WK_SYM ? 0 : wk_input_count(prog, &q, err, sizeof err);
    uint64_t *in = n ? calloc(n, sizeof *in) : NULL;
    uint64_t state = 7;
    for (size_t i = 0; i < n; i++)
        in[i] = prog_rand(&state) % 2001; /* distinct-ish keys: the sorts move them */
    prog_run(&r, name, &q, in, n);
    free(in);
    if (r.trace.count < min_steps)
        fail_msg("%s: %zu steps, expected at least %zu", name, r.trace.count, min_steps);
    bool no_memory = true;
    char why[200] = "";
    if (!wk_trace_html_fits(&r, &no_memory, why, sizeof why))
        fail_msg("%s (%zu steps): does not fit: %s", name, r.trace.count, why);
    assert_false(no_memory);
    page p = write_page(&r);
    char what[160];
    snprintf(what, sizeof what, "%s %s %s (%zu steps)", name, ws_profile_name(q.profile), wk_elem_name(q.type),
             r.trace.count);
    expect_self_contained(&p, what);
    printf("    %s: %zu bytes\n", what, p.size);
    free(p.text);
    wk_run_free(&r);
}

static void small_runs(void **state)
{
    (void)state;
    check_run("reduce-down", &(wk_params){.type = WK_I32}, 6);
    check_run("reduce-down", &(wk_params){.type = WK_SYM}, 6);
    check_run("reduce-down", &(wk_params){.profile = WS_PROFILE_WAVE64, .type = WK_F64}, 7);
    check_run("scan-incl", &(wk_params){.type = WK_I32, .active = 0xfff0ffff}, 10);
    check_run("bitonic", &(wk_params){.type = WK_I32, .profile = WS_PROFILE_WAVE64}, 90);
    check_run("block-reduce", &(wk_params){.type = WK_I32, .block = 100}, 30);
    check_run("transpose8", &(wk_params){.type = WK_SYM, .profile = WS_PROFILE_WAVE64}, 10);
}

/* The largest traceable runs of the block programs: under 2 MB. */
static void largest_runs(void **state)
{
    (void)state;
    check_run("block-sort", &(wk_params){.block = 1024, .type = WK_F64}, 8000);
    check_run("block-sort", &(wk_params){.block = 1024, .profile = WS_PROFILE_WAVE64, .pairs = true, .type = WK_U64},
              6000);
    check_run("block-scan", &(wk_params){.block = 1024, .type = WK_SYM}, 500);
    check_run("block-scan", &(wk_params){.block = 1024, .profile = WS_PROFILE_WAVE64, .type = WK_SYM}, 200);
    check_run("block-reduce", &(wk_params){.block = 1024, .type = WK_SYM}, 200);
    check_run("device-reduce", &(wk_params){.type = WK_SYM}, 600);
}

/* A run too large for a page: refused, and the writer writes nothing. */
static void too_large(void **state)
{
    (void)state;
    wk_params q = {.trace = true, .type = WK_F32, .n = 40000};
    size_t n = q.n;
    uint64_t *in = malloc(n * sizeof *in);
    assert_non_null(in);
    uint64_t s = 3;
    for (size_t i = 0; i < n; i++)
        in[i] = prog_rand(&s) & 0x3fffffff; /* every value new: nothing shared */
    wk_run r;
    prog_run(&r, "device-reduce", &q, in, n);
    free(in);
    bool no_memory = true;
    char why[200] = "";
    assert_false(wk_trace_html_fits(&r, &no_memory, why, sizeof why));
    assert_false(no_memory);
    if (!strstr(why, "larger than 2 MB"))
        fail_msg("the reason: %s", why);
    FILE *f = tmpfile();
    assert_non_null(f);
    assert_false(wk_write_trace_html(f, &r));
    assert_int_equal(ftell(f), 0);
    fclose(f);
    wk_run_free(&r);
}

/* The data is the run's: reduce-down on 0..31 ends with lane 0 = 496 =
 * 0x1f0 (semantics.md 7), in the last of its 6 steps. */
static void data_is_the_run(void **state)
{
    (void)state;
    uint64_t in[32];
    for (int i = 0; i < 32; i++)
        in[i] = (uint64_t)i;
    wk_run r;
    prog_run(&r, "reduce-down", &(wk_params){.type = WK_I32, .trace = true}, in, 32);
    page p = write_page(&r);
    assert_non_null(strstr(p.text, "[\"0x000001f0\",\"496\"]"));
    assert_non_null(strstr(p.text, "\"program\": \"reduce-down\""));
    /* Six steps: six lines starting with '[' followed by a block number in
     * the steps array. */
    const char *steps = strstr(p.text, "\"steps\": [");
    assert_non_null(steps);
    const char *end = strstr(steps, "\"diagnostics\"");
    assert_non_null(end);
    size_t n = 0;
    for (const char *q = steps; q < end; q++)
        if (q[0] == '\n' && q[1] == '[' && q[2] >= '0' && q[2] <= '9')
            n++;
    assert_int_equal(n, 6);
    /* The title is the program's. */
    assert_non_null(strstr(p.text, "<title>warpsim: reduce-down</title>"));
    free(p.text);
    wk_run_free(&r);
}

/* Every diagnostic of a traced run has its step: scan-incl with lanes
 * 16-19 returned at once (--active 0xfff0ffff) reads them at the shuffles
 * with d = 1, 2, 4, 8 (EXITED_SOURCE, semantics.md 7); each of the five
 * shuffles also names them in its mask (MASK_NAMES_EXITED). */
static void diagnostics_have_steps(void **state)
{
    (void)state;
    uint64_t in[32] = {0};
    wk_run r;
    prog_run(&r, "scan-incl", &(wk_params){.type = WK_I32, .trace = true, .active = 0xfff0ffff}, in, 32);
    page p = write_page(&r);
    assert_int_equal(count(p.text, "\"code\": \"EXITED_SOURCE\""), 4);
    assert_int_equal(count(p.text, "\"code\": \"MASK_NAMES_EXITED\""), 5);
    assert_int_equal(count(p.text, "\"step\": null"), 0);
    /* The shuffle of d = 1 is step 4 (the return, lane, v, then t). */
    assert_non_null(
        strstr(p.text, "\"lanes\": \"0x00100000\", \"message\": \"shfl.up: lane 20 reads exited lane 19"));
    const char *first = strstr(p.text, "\"code\": \"EXITED_SOURCE\"");
    assert_non_null(first);
    const char *step = strstr(first, "\"step\": ");
    assert_non_null(step);
    assert_int_equal(atoi(step + 8), 4);
    free(p.text);
    wk_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(small_runs),
        cmocka_unit_test(largest_runs),
        cmocka_unit_test(too_large),
        cmocka_unit_test(data_is_the_run),
        cmocka_unit_test(diagnostics_have_steps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
