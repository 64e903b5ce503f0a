/* libFuzzer harness: the grammar of WARPSIM_TRACE's variables
 * (src/cuda/trace_vars.c). Byte 0 picks the variable (WARPSIM_TRACE,
 * WARPSIM_TRACE_WARPS, WARPSIM_TRACE_COST), the rest up to a NUL is its
 * value. Checked, besides no crash, no sanitizer report and no leak: the
 * parser accepts exactly what a restatement here of the documented grammar
 * accepts (docs/cuda-frontend.md, "Tracing your kernel"), with the same
 * values, and every refusal is one printable line. */
#include "fuzz_util.h"

#include "cuda/cuda_internal.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)fuzz_setup(argc, argv);
    return 0;
}

static void check_reason(const char *why)
{
    size_t n = strlen(why);
    FUZZ_CHECK(n > 0 && n < 200, "a refusal of %zu characters", n);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(why[i] >= 0x20 && why[i] < 0x7f, "a refusal with byte 0x%02x", (unsigned char)why[i]);
}

/* Decimal digits [s, e) as a value no greater than max (leading zeros allowed). */
static bool ref_number(const char *s, const char *e, unsigned long long max, unsigned long long *v)
{
    if (s == e)
        return false;
    unsigned long long x = 0;
    for (const char *p = s; p < e; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned d = (unsigned)(*p - '0');
        if (x > (max - d) / 10)
            return false;
        x = x * 10 + d;
    }
    *v = x;
    return true;
}

/* One entry [s, e): B, B.W, B.*, *, *.W or *.*. */
static bool ref_entry(const char *s, const char *e, wc_trace_pick *k)
{
    const char *dot = memchr(s, '.', (size_t)(e - s));
    const char *be = dot ? dot : e;
    unsigned long long v;
    *k = (wc_trace_pick){-1, -1};
    if (be - s == 1 && *s == '*')
        ;
    else if (ref_number(s, be, (1ull << 63) - 1, &v))
        k->block = (long long)v;
    else
        return false;
    if (!dot) {
        if (k->block >= 0)
            k->warp = 0;
        return true;
    }
    if (e - dot == 2 && dot[1] == '*')
        return true;
    if (!ref_number(dot + 1, e, 31, &v))
        return false;
    k->warp = (int)v;
    return true;
}

static void warps(const char *v)
{
    wc_trace_pick got[WC_TRACE_MAX_PICKS], want[WC_TRACE_MAX_PICKS + 1];
    int n = -1, m = 0;
    char why[200] = "";
    bool ok = wc_trace_parse_warps(v, got, &n, why, sizeof why);
    bool ref = true;
    for (const char *s = v;; m++) {
        const char *e = strchr(s, ',');
        if (!e)
            e = s + strlen(s);
        if (m == WC_TRACE_MAX_PICKS || !ref_entry(s, e, &want[m])) {
            ref = false;
            break;
        }
        if (!*e) {
            m++;
            break;
        }
        s = e + 1;
    }
    FUZZ_CHECK(ok == ref, "WARPSIM_TRACE_WARPS=%.100s: the parser %s it, the grammar %s it", v,
               ok ? "accepts" : "refuses", ref ? "accepts" : "refuses");
    if (!ok) {
        check_reason(why);
        return;
    }
    FUZZ_CHECK(n == m, "WARPSIM_TRACE_WARPS=%.100s: %d entries, the grammar %d", v, n, m);
    for (int i = 0; i < n; i++)
        FUZZ_CHECK(got[i].block == want[i].block && got[i].warp == want[i].warp,
                   "WARPSIM_TRACE_WARPS=%.100s: entry %d is %lld.%d, the grammar's %lld.%d", v, i, got[i].block,
                   got[i].warp, want[i].block, want[i].warp);
}

static void spec(const char *v)
{
    char format[8] = "", why[200] = "";
    const char *path = NULL;
    bool ok = wc_trace_parse_spec(v, format, &path, why, sizeof why);
    static const char *const names[] = {"text:", "json:", "csv:", "html:"};
    const char *want = NULL;
    for (size_t i = 0; i < 4; i++)
        if (strncmp(v, names[i], strlen(names[i])) == 0 && v[strlen(names[i])])
            want = v + strlen(names[i]);
    FUZZ_CHECK(ok == (want != NULL), "WARPSIM_TRACE=%.100s: the parser %s it", v, ok ? "accepts" : "refuses");
    if (!ok) {
        check_reason(why);
        return;
    }
    FUZZ_CHECK(path == want && strlen(format) == (size_t)(want - v - 1) && strncmp(format, v, strlen(format)) == 0,
               "WARPSIM_TRACE=%.100s: format '%s', file '%.100s'", v, format, path);
}

static void cost(const char *v)
{
    bool c = false;
    char why[200] = "";
    bool ok = wc_trace_parse_cost(v, &c, why, sizeof why);
    bool ref = !*v || strcmp(v, "0") == 0 || strcmp(v, "1") == 0;
    FUZZ_CHECK(ok == ref, "WARPSIM_TRACE_COST=%.100s: the parser %s it", v, ok ? "accepts" : "refuses");
    if (!ok)
        check_reason(why);
    else
        FUZZ_CHECK(c == (strcmp(v, "1") == 0), "WARPSIM_TRACE_COST=%.100s gives %d", v, c);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    char *v = strndup((const char *)data + 1, size - 1); /* up to a NUL, as an environment holds it */
    if (!v)
        return 0;
    switch (data[0] % 3) {
    case 0: spec(v); break;
    case 1: warps(v); break;
    default: cost(v); break;
    }
    free(v);
    return 0;
}
