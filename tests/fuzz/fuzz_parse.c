/* libFuzzer harness: the number and line parsers (tests/fuzz/README.md).
 *
 * Input: byte 0 picks the parser, byte 1 the type and flags, the rest is
 * the text (or the bits). What is checked, besides no crash, no sanitizer
 * report and no leak:
 *   - wk_parse (every value the tool reads): a value it accepts prints
 *     (wk_format) to text that reads back to the same bits, and the raw
 *     form (wk_format_hex, --bits) too. On a token as the reader hands it
 *     (no separator, no #) it accepts exactly what the documented grammar
 *     does: integers decimal or 0x hex in the type's range (a leading +
 *     either way), floats C literals rounded once to the type, nan(HEX) in
 *     lower case without a sign for exactly those bits (wk_parse checks
 *     that form itself: no caller repeats it).
 *   - wk_format of any bits, for every type: reads back to the same bits,
 *     holds no separator, and never writes past a short buffer.
 *   - cli_list_values (--values) and the text and binary file readers
 *     (--input, whole and streamed) against a restatement of docs/cli.md's
 *     input format: blanks, commas and newlines separate, # comments, no
 *     NUL byte, nan(HEX) in lower case without a sign for exactly those
 *     bits, little-endian binary in whole values, at least one value.
 *   - cli_long, cli_size, cli_mask (option values) and the --gen seeds:
 *     accepted only in the documented grammar, with the right value
 *     (cli_long over the whole range of long saturates a value beyond it).
 *   - every message they print: printable ASCII lines of bounded length. */
#include "fuzz_util.h"

#include <ctype.h>
#include <limits.h>
#include <math.h>

#include "cli.h"
#include "runtime/elem.h"

static const char *dir;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    dir = fuzz_setup(argc, argv);
    return 0;
}

static const wk_elem numeric[] = {WK_I32, WK_U32, WK_F32, WK_F64, WK_I64, WK_U64};

static uint64_t width_mask(wk_elem e) { return wk_elem_bits(e) == 64 ? UINT64_MAX : UINT32_MAX; }

static bool printable_token(const char *t)
{
    for (; *t; t++)
        if ((unsigned char)*t <= 0x20 || (unsigned char)*t >= 0x7f)
            return false;
    return true;
}

/* The documented integer grammar: whole text, [sign] then 0x hex digits
 * or decimal digits. *ovf when the magnitude passes 64 bits. */
static bool ref_digits(const char *s, uint64_t *mag, bool *ovf)
{
    unsigned base = 10;
    *mag = 0;
    *ovf = false;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    if (!*s)
        return false;
    for (; *s; s++) {
        unsigned d;
        if (*s >= '0' && *s <= '9')
            d = (unsigned)(*s - '0');
        else if (base == 16 && isxdigit((unsigned char)*s))
            d = (unsigned)(tolower((unsigned char)*s) - 'a' + 10);
        else
            return false;
        if (*mag > (UINT64_MAX - d) / base)
            *ovf = true;
        else
            *mag = *mag * base + d;
    }
    return true;
}

typedef enum { REF_REJECT, REF_ACCEPT, REF_EITHER } ref_verdict;

/* What wk_parse must do with an integer (or, raw, a bit pattern) text. */
static ref_verdict ref_int(const char *text, bool is_signed, int bits, uint64_t *value)
{
    const char *s = text;
    bool negative = false, plus = false;
    if (*s == '-' || *s == '+') {
        negative = *s == '-';
        plus = *s == '+';
        s++;
    }
    uint64_t mag;
    bool ovf;
    if (!ref_digits(s, &mag, &ovf) || ovf)
        return REF_REJECT;
    uint64_t umax = bits == 64 ? UINT64_MAX : UINT32_MAX;
    ref_verdict ok = plus ? REF_EITHER : REF_ACCEPT;
    if (!is_signed) {
        if (negative && mag != 0)
            return REF_REJECT;
        if (mag > umax)
            return REF_REJECT;
        *value = mag;
        return negative ? REF_EITHER : ok; /* "-0": not said either way */
    }
    uint64_t limit = (umax >> 1) + (negative ? 1u : 0u);
    if (mag > limit)
        return REF_REJECT;
    uint64_t v = negative ? (uint64_t)0 - mag : mag;
    *value = v & umax;
    return ok;
}

/* Reads the text of a formatted value back and compares. */
static void check_reads_back(wk_elem e, uint64_t bits, const char *what)
{
    char text[128], err[128] = "";
    wk_format(e, bits, NULL, text, sizeof text);
    FUZZ_CHECK(strlen(text) < 100, "%s: %s 0x%llx formats to a long text '%s'", what, wk_elem_name(e),
               (unsigned long long)bits, text);
    FUZZ_CHECK(strpbrk(text, " \t\r\n\v\f,#") == NULL, "%s: %s 0x%llx formats to '%s', which a reader would split",
               what, wk_elem_name(e), (unsigned long long)bits, text);
    uint64_t back = 0;
    bool ok = wk_parse(e, text, false, &back, err, sizeof err);
    FUZZ_CHECK(ok, "%s: %s 0x%llx formats to '%s', which does not read back: %s", what, wk_elem_name(e),
               (unsigned long long)bits, text, err);
    FUZZ_CHECK(back == (bits & width_mask(e)), "%s: %s 0x%llx formats to '%s', which reads back as 0x%llx", what,
               wk_elem_name(e), (unsigned long long)bits, text, (unsigned long long)back);
    wk_format_hex(e, bits, text, sizeof text);
    ok = wk_parse(e, text, true, &back, err, sizeof err);
    FUZZ_CHECK(ok && back == (bits & width_mask(e)), "%s: %s 0x%llx: hex '%s' does not read back with --bits (%s)",
               what, wk_elem_name(e), (unsigned long long)bits, text, err);
}

static bool is_sep(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == ',';
}

static bool nan_bits(int width, uint64_t v)
{
    return width == 32 ? (v >> 32 == 0 && (v & 0x7f800000u) == 0x7f800000u && (v & 0x7fffffu))
                       : ((v & 0x7ff0000000000000u) == 0x7ff0000000000000u && (v & 0xfffffffffffffu));
}

/* The documented verdict on one token of an input (docs/cli.md, "Input
 * values"), and its bits when accepted. Floats: nan(HEX) in lower case
 * with no sign, exactly those bits; inf, -inf, infinity, nan, -nan; other C
 * literals rounded once (strtof/strtod); other words (INF, NaN) either way. */
static ref_verdict ref_token(wk_elem e, bool raw, const char *tok, uint64_t *want)
{
    if (!tok[0] || e == WK_SYM)
        return REF_REJECT;
    if (raw || !wk_elem_is_float(e))
        return ref_int(tok, raw ? false : wk_elem_is_signed(e), wk_elem_bits(e), want);
    int width = wk_elem_bits(e);
    const char *s = tok + (tok[0] == '-' || tok[0] == '+');
    if (strncasecmp(s, "nan(", 4) == 0) {
        size_t len = strlen(tok);
        if (s != tok || strncmp(tok, "nan(", 4) != 0 || tok[len - 1] != ')')
            return REF_REJECT;
        /* the digits between "nan(" (and an optional 0x) and ")", any number of them */
        const char *h = tok + 4;
        if (h[0] == '0' && (h[1] == 'x' || h[1] == 'X'))
            h += 2;
        if (h >= tok + len - 1)
            return REF_REJECT;
        size_t n = (size_t)(tok + len - 1 - h);
        char *hex = malloc(n + 3);
        if (!hex)
            return REF_EITHER;
        snprintf(hex, n + 3, "0x%.*s", (int)n, h);
        bool ovf, digits = ref_digits(hex, want, &ovf);
        free(hex);
        if (!digits || ovf || !nan_bits(width, *want))
            return REF_REJECT;
        return REF_ACCEPT;
    }
    char *end;
    if (width == 32) {
        float f = strtof(tok, &end);
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        *want = u;
    } else {
        double d = strtod(tok, &end);
        memcpy(want, &d, sizeof d);
    }
    if (end == tok || *end)
        return REF_REJECT;
    if (isalpha((unsigned char)*s) && strcmp(s, "inf") && strcmp(s, "infinity") && strcmp(s, "nan"))
        return REF_EITHER;
    if (tok[0] == '+' && isalpha((unsigned char)*s))
        return REF_EITHER;
    return REF_ACCEPT;
}

/* wk_parse on any text. The reader hands it tokens (no separator, no #),
 * so the grammar is checked here on such tokens, nan(...) forms included;
 * the round trip on everything. */
static void check_parse(wk_elem e, bool raw, const char *text)
{
    uint64_t bits = 0xdeadbeefdeadbeefu;
    char err[128];
    memset(err, 'x', sizeof err);
    bool ok = wk_parse(e, text, raw, &bits, err, sizeof err);
    const char *type = wk_elem_name(e) ? wk_elem_name(e) : "?";
    if (!ok) {
        FUZZ_CHECK(memchr(err, '\0', sizeof err) && err[0], "wk_parse(%s, '%.60s'): failed without a reason", type,
                   text);
        fuzz_check_messages(err, strlen(err), "wk_parse's reason");
    }
    if (e == WK_SYM || (unsigned)e >= WK_ELEM_COUNT) {
        FUZZ_CHECK(!ok, "wk_parse(%s, '%.60s') accepted a value", type, text);
        return;
    }
    if (ok) {
        FUZZ_CHECK((bits & ~width_mask(e)) == 0, "wk_parse(%s, '%.60s') set bits past the type: 0x%llx", type, text,
                   (unsigned long long)bits);
        check_reads_back(e, bits, "round trip");
    }
    for (const char *c = text; *c; c++)
        if (is_sep(*c) || *c == '#')
            return;
    if (ok)
        FUZZ_CHECK(printable_token(text), "wk_parse(%s%s) accepted '%.60s', which holds a control byte", type,
                   raw ? ", bits" : "", text);
    uint64_t want = 0;
    ref_verdict v = ref_token(e, raw, text, &want);
    if (v == REF_ACCEPT || (v == REF_EITHER && ok)) {
        bool nan = !raw && wk_elem_is_float(e) && nan_bits(wk_elem_bits(e), want);
        FUZZ_CHECK(ok && (bits == want || (nan && nan_bits(wk_elem_bits(e), bits))),
                   "wk_parse(%s%s, '%.60s'): %s 0x%llx, the grammar says 0x%llx", type, raw ? ", bits" : "", text,
                   ok ? "got" : "refused, not", (unsigned long long)bits, (unsigned long long)want);
    } else if (v == REF_REJECT) {
        FUZZ_CHECK(!ok, "wk_parse(%s%s, '%.60s') accepted 0x%llx; the grammar refuses it", type, raw ? ", bits" : "",
                   text, (unsigned long long)bits);
    }
}

/* Any bits, every type: prints and reads back; a short buffer is respected. */
static void check_format(const uint8_t *p, size_t n)
{
    uint64_t bits = 0;
    for (size_t i = 0; i < 8 && i < n; i++)
        bits |= (uint64_t)p[i] << (8 * i);
    size_t size = n > 8 ? p[8] % 40 : 7;
    for (size_t k = 0; k < sizeof numeric / sizeof numeric[0]; k++) {
        wk_elem e = numeric[k];
        check_reads_back(e, bits, "wk_format");
        char *small = malloc(size ? size : 1);
        if (!small)
            return;
        wk_format(e, bits, NULL, small, size);
        if (size)
            FUZZ_CHECK(memchr(small, '\0', size), "wk_format(%s, size %zu): no NUL within the buffer",
                       wk_elem_name(e), size);
        free(small);
    }
}

/* ---- Lines and files against a restatement of the input format ---- */

typedef struct ref_values {
    uint64_t v[4096];
    size_t n;
    int rc;
} ref_values;

/* One line of text (no '\n' inside unless a --values list): up to a '#',
 * tokens between separators, each one value. */
static void ref_line(const char *line, size_t len, wk_elem e, bool raw, ref_values *r)
{
    const char *hash = memchr(line, '#', len);
    if (hash)
        len = (size_t)(hash - line);
    for (size_t i = 0; i < len && r->rc == 0;) {
        while (i < len && is_sep(line[i]))
            i++;
        size_t start = i;
        while (i < len && !is_sep(line[i]))
            i++;
        if (i == start)
            break;
        char token[4200];
        size_t tl = i - start < sizeof token - 1 ? i - start : sizeof token - 1;
        memcpy(token, line + start, tl);
        token[tl] = '\0';
        uint64_t bits = 0, got;
        ref_verdict v = ref_token(e, raw, token, &bits);
        bool parsed = wk_parse(e, token, raw, &got, NULL, 0);
        if (v == REF_EITHER) /* not said either way: as the parser does */
            v = parsed ? REF_ACCEPT : REF_REJECT, bits = got;
        if (v == REF_REJECT || r->n == sizeof r->v / sizeof r->v[0])
            r->rc = CLI_EXIT_USAGE;
        else
            r->v[r->n++] = bits;
    }
}

static void ref_text(const char *text, size_t len, bool file, wk_elem e, bool raw, ref_values *r)
{
    r->n = 0;
    r->rc = 0;
    if (!file) {
        ref_line(text, len, e, raw, r);
    } else {
        for (size_t i = 0; i < len && r->rc == 0;) {
            const char *nl = memchr(text + i, '\n', len - i);
            size_t end = nl ? (size_t)(nl - text) : len;
            if (memchr(text + i, '\0', end - i))
                r->rc = CLI_EXIT_USAGE;
            else
                ref_line(text + i, end - i, e, raw, r);
            i = end + 1;
        }
    }
    if (r->rc == 0 && r->n == 0)
        r->rc = CLI_EXIT_USAGE;
}

static void compare(const char *what, int rc, const uint64_t *got, size_t n, const ref_values *r)
{
    FUZZ_CHECK(rc == r->rc, "%s: exit %d, the format says %d", what, rc, r->rc);
    if (rc != 0)
        return;
    FUZZ_CHECK(n == r->n, "%s: %zu values, the format says %zu", what, n, r->n);
    for (size_t i = 0; i < n; i++)
        FUZZ_CHECK(got[i] == r->v[i], "%s: value %zu is 0x%llx, the format says 0x%llx", what, i,
                   (unsigned long long)got[i], (unsigned long long)r->v[i]);
}

typedef struct streamed {
    uint64_t v[4096];
    size_t n;
    size_t width;
} streamed;

static bool collect(void *ctx, const void *values, size_t count)
{
    streamed *s = ctx;
    for (size_t i = 0; i < count && s->n < sizeof s->v / sizeof s->v[0]; i++) {
        uint64_t b = 0;
        if (s->width == 4) {
            uint32_t u;
            memcpy(&u, (const unsigned char *)values + 4 * i, 4);
            b = u;
        } else {
            memcpy(&b, (const unsigned char *)values + 8 * i, 8);
        }
        s->v[s->n++] = b;
    }
    return true;
}

#ifdef CLI_MAX_TOKEN /* the readers take a limit (sim/cli.h) */
#define READ_VALUES(path, e, raw, bin, bits, n) cli_read_values(path, e, raw, bin, (cli_limit){0, NULL}, bits, n)
#define STREAM_FILE(path, e, raw, bin, fn, ctx, n) cli_stream_file(path, e, raw, bin, (cli_limit){0, NULL}, fn, ctx, n)
#else
#define READ_VALUES(path, e, raw, bin, bits, n) cli_read_values(path, e, raw, bin, bits, n)
#define STREAM_FILE(path, e, raw, bin, fn, ctx, n) cli_stream_file(path, e, raw, bin, fn, ctx, n)
#endif

static void check_file(const uint8_t *p, size_t n, wk_elem e, bool raw, bool binary)
{
    FILE *f = fopen("in.txt", "wb");
    if (!f)
        fuzz_fail("cannot write in.txt in %s", dir);
    if (n)
        fwrite(p, 1, n, f);
    fclose(f);
    static ref_values r;
    if (binary) {
        size_t width = (size_t)wk_elem_bits(e) / 8;
        r.n = 0;
        r.rc = n % width || n == 0 ? CLI_EXIT_USAGE : 0;
        for (size_t i = 0; r.rc == 0 && i + width <= n; i += width) {
            uint64_t b = 0;
            for (size_t k = 0; k < width; k++)
                b |= (uint64_t)p[i + k] << (8 * k);
            r.v[r.n++] = b;
        }
    } else {
        ref_text((const char *)p, n, true, e, raw, &r);
    }
    uint64_t *bits = NULL;
    size_t count = 0;
    fuzz_capture_begin();
    int rc = READ_VALUES("in.txt", e, raw, binary, &bits, &count);
    size_t len;
    const char *msg = fuzz_capture_end(&len);
    fuzz_check_messages(msg, len, "--input");
    compare(binary ? "--input --binary" : "--input", rc, bits, count, &r);
    free(bits);

    static streamed s;
    s.n = 0;
    s.width = (size_t)wk_elem_bits(e) / 8;
    fuzz_capture_begin();
    rc = STREAM_FILE("in.txt", e, raw, binary, collect, &s, &count);
    msg = fuzz_capture_end(&len);
    fuzz_check_messages(msg, len, "--input, streamed");
    compare(binary ? "--input --binary, streamed" : "--input, streamed", rc, s.v, s.n, &r);
    if (rc == 0)
        FUZZ_CHECK(count == s.n, "streamed --input: counted %zu values, handed on %zu", count, s.n);
}

static void check_list(const char *text, wk_elem e, bool raw)
{
    static ref_values r;
    ref_text(text, strlen(text), false, e, raw, &r);
    uint64_t *bits = NULL;
    size_t n = 0;
    fuzz_capture_begin();
    int rc = cli_list_values("--values", text, e, raw, &bits, &n);
    size_t len;
    const char *msg = fuzz_capture_end(&len);
    fuzz_check_messages(msg, len, "--values");
    compare("--values", rc, bits, n, &r);
    free(bits);
}

/* ---- Option values ---- */

static bool ref_plain(const char *s, uint64_t *v)
{
    bool ovf;
    return s[0] != '\0' && ref_digits(s, v, &ovf) && !ovf;
}

static void check_long(const char *text, unsigned sel)
{
    static const long bounds[][2] = {{1, 64}, {0, 63}, {INT32_MIN, UINT32_MAX}, {LONG_MIN, LONG_MAX}, {1, 1024}};
    const long *b = bounds[sel % (sizeof bounds / sizeof bounds[0])];
    long out = 12345;
    fuzz_capture_begin();
    bool ok = cli_long("--x", text, b[0], b[1], &out);
    size_t len;
    const char *msg = fuzz_capture_end(&len);
    fuzz_check_messages(msg, len, "cli_long");
    FUZZ_CHECK(ok || len > 0, "cli_long('%.60s') failed silently", text);
    uint64_t mag;
    bool neg = text[0] == '-', ovf = false;
    bool digits = text[neg] != '\0' && ref_digits(text + neg, &mag, &ovf);
    bool shape = digits && !ovf && mag <= (uint64_t)LONG_MAX + neg;
    long want = shape ? (neg ? (long)(0 - mag) : (long)mag) : 0;
    bool in = shape && want >= b[0] && want <= b[1];
    /* The whole range of long: any integer, one beyond long saturated (the
     * caller checks the range it knows and says the valid values: cli.h). */
    if (digits && !shape && b[0] == LONG_MIN && b[1] == LONG_MAX) {
        want = neg ? LONG_MIN : LONG_MAX;
        in = true;
    }
    FUZZ_CHECK(ok == in, "cli_long('%.60s', %ld..%ld) %s; decimal or 0x hex says %s", text, b[0], b[1],
               ok ? "accepted" : "refused", in ? "accept" : "refuse");
    if (ok)
        FUZZ_CHECK(out == want, "cli_long('%.60s') = %ld, not %ld", text, out, want);
}

static void check_size(const char *text, unsigned sel)
{
    static const size_t bounds[][2] = {{1, (size_t)1 << 27}, {1, (size_t)1 << 40}, {0, 4096}, {1, SIZE_MAX}};
    const size_t *b = bounds[sel % (sizeof bounds / sizeof bounds[0])];
    size_t out = 12345;
    fuzz_capture_begin();
    bool ok = cli_size("--n", text, b[0], b[1], &out);
    size_t len;
    const char *msg = fuzz_capture_end(&len);
    fuzz_check_messages(msg, len, "cli_size");
    FUZZ_CHECK(ok || len > 0, "cli_size('%.60s') failed silently", text);
    /* N (decimal or 0x hex) or 2^E (E decimal). */
    uint64_t want = 0;
    bool shape;
    const char *caret = strchr(text, '^');
    if (caret) {
        char base[64];
        size_t bl = (size_t)(caret - text);
        uint64_t bv, e;
        shape = bl < sizeof base;
        if (shape) {
            memcpy(base, text, bl);
            base[bl] = '\0';
            shape = ref_plain(base, &bv) && bv == 2 && isdigit((unsigned char)caret[1]) &&
                    strncasecmp(caret + 1, "0x", 2) != 0 && ref_plain(caret + 1, &e);
            if (shape)
                want = e > 63 ? UINT64_MAX : (uint64_t)1 << e;
            if (shape && e > 63)
                shape = false; /* out of range */
        }
    } else {
        shape = ref_plain(text, &want);
    }
    bool in = shape && want >= b[0] && want <= b[1];
    FUZZ_CHECK(ok == in, "cli_size('%.60s', %zu..%zu) %s; N or 2^E says %s", text, b[0], b[1],
               ok ? "accepted" : "refused", in ? "accept" : "refuse");
    if (ok)
        FUZZ_CHECK(out == want, "cli_size('%.60s') = %zu, not %llu", text, out, (unsigned long long)want);
}

static void check_mask(const char *text, unsigned sel)
{
    int lanes = sel & 1 ? 64 : 32;
    uint64_t out = 12345;
    fuzz_capture_begin();
    bool ok = cli_mask("--mask", text, lanes, &out);
    size_t len;
    const char *msg = fuzz_capture_end(&len);
    fuzz_check_messages(msg, len, "cli_mask");
    FUZZ_CHECK(ok || len > 0, "cli_mask('%.60s') failed silently", text);
    uint64_t want;
    bool in = ref_plain(text, &want) && (lanes == 64 || want >> 32 == 0);
    FUZZ_CHECK(ok == in, "cli_mask('%.60s', %d lanes) %s; decimal or 0x hex says %s", text, lanes,
               ok ? "accepted" : "refused", in ? "accept" : "refuse");
    if (ok)
        FUZZ_CHECK(out == want, "cli_mask('%.60s') = 0x%llx, not 0x%llx", text, (unsigned long long)out,
                   (unsigned long long)want);
}

static void check_gen(const char *text, wk_elem e)
{
    if (e == WK_SYM)
        e = WK_I32;
    uint64_t *bits = NULL;
    fuzz_capture_begin();
    int rc = cli_gen_values(text, e, 5, &bits);
    size_t len;
    const char *msg = fuzz_capture_end(&len);
    fuzz_check_messages(msg, len, "--gen");
    FUZZ_CHECK(rc == 0 || rc == CLI_EXIT_USAGE, "--gen '%.60s': exit %d", text, rc);
    if (rc == 0) {
        uint64_t seed;
        bool shape = strcmp(text, "seq") == 0 ||
                     ((strncmp(text, "rand:", 5) == 0 || strncmp(text, "bits:", 5) == 0) && ref_plain(text + 5, &seed));
        FUZZ_CHECK(shape, "--gen '%.60s' accepted (seq, rand:SEED, bits:SEED; SEED decimal or 0x hex)", text);
        for (int i = 0; i < 5; i++)
            FUZZ_CHECK((bits[i] & ~width_mask(e)) == 0, "--gen '%.60s': value %d has bits past %s", text, i,
                       wk_elem_name(e));
    } else {
        FUZZ_CHECK(len > 0, "--gen '%.60s' failed silently", text);
    }
    free(bits);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    unsigned mode = data[0] % 9, sel = data[1];
    wk_elem e = wk_elem_order[sel % WK_ELEM_COUNT]; /* sym included; the order keeps the corpus's meaning */
    bool raw = (sel >> 3) & 1;
    const uint8_t *p = data + 2;
    size_t n = size - 2;
    char *text = malloc(n + 1);
    if (!text)
        return 0;
    memcpy(text, p, n);
    text[n] = '\0';
    switch (mode) {
    case 0: check_parse(e, raw, text); break;
    case 1: check_format(p, n); break;
    case 2: check_list(text, e == WK_SYM ? WK_F32 : e, raw); break;
    case 3: check_file(p, n, e == WK_SYM ? WK_F64 : e, raw, false); break;
    case 4: check_file(p, n, e == WK_SYM ? WK_U32 : e, false, true); break;
    case 5: check_long(text, sel); break;
    case 6: check_size(text, sel); break;
    case 7: check_mask(text, sel); break;
    case 8: check_gen(text, e); break;
    }
    free(text);
    return 0;
}
