/* sim/cc_rewrite.c: the source rewriter of `warpsim cc` (cc_rewrite.h).
 *
 * Two passes over the text. The first marks every byte as code, comment or
 * literal (strings, character literals, raw strings), so the second never
 * looks inside them. The second finds `<<<` and `extern __shared__` in code
 * and records small edits (insertions and replacements at fixed offsets):
 * a launch keeps its kernel expression, configuration and arguments in
 * place, byte for byte, so every line keeps its number and nested
 * expressions need no parsing here; the C++ compiler parses them. */
#include "cc_rewrite.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc_ptx.h"

enum { K_CODE = CC_BYTE_CODE, K_COMMENT = CC_BYTE_COMMENT, K_LITERAL = CC_BYTE_LITERAL };

typedef struct edit {
    size_t at, end;  /* replaces [at, end) (an insertion when at == end) */
    char *text;
    size_t order;
} edit;

typedef struct ctx {
    const char *s;
    size_t n;
    const char *path;
    unsigned char *kind;
    edit *edits;
    size_t n_edits, cap_edits;
    cc_rewrite_result *r;
    cc_include_fn include;
    void *user;
    bool preprocessed; /* the compiler's -E output: line markers name files and lines */
    bool failed;
} ctx;

static bool is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}
static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

/* A line marker of preprocessed text: `# N "file" flags` at a line's start. */
static bool line_marker(const char *s, size_t n, size_t at, size_t *line, const char **file, size_t *file_len)
{
    size_t j = at;
    if (j >= n || s[j] != '#')
        return false;
    for (j++; j < n && s[j] == ' '; j++)
        ;
    if (j >= n || s[j] < '0' || s[j] > '9')
        return false;
    size_t v = 0;
    for (; j < n && s[j] >= '0' && s[j] <= '9'; j++)
        v = v * 10 + (size_t)(s[j] - '0');
    for (; j < n && s[j] == ' '; j++)
        ;
    if (j >= n || s[j] != '"')
        return false;
    size_t b = ++j;
    for (; j < n && s[j] != '"' && s[j] != '\n'; j++)
        if (s[j] == '\\')
            j++;
    *line = v;
    *file = s + b;
    *file_len = j - b;
    return true;
}

/* The file and line of `at`: the path and a count of lines, or in
 * preprocessed text what the last line marker before it says. */
static size_t line_of(const ctx *c, size_t at, const char **file, size_t *file_len)
{
    size_t line = 1;
    *file = c->path;
    *file_len = strlen(c->path);
    for (size_t i = 0; i < at && i < c->n; i++) {
        if (c->preprocessed && (i == 0 || c->s[i - 1] == '\n')) {
            size_t l;
            if (line_marker(c->s, c->n, i, &l, file, file_len)) {
                while (i < at && i < c->n && c->s[i] != '\n')
                    i++;
                line = l;
                continue;
            }
        }
        line += c->s[i] == '\n';
    }
    return line;
}

static bool fail(ctx *c, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(ctx *c, size_t at, const char *fmt, ...)
{
    if (c->failed)
        return false;
    c->failed = true;
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const char *file;
    size_t file_len, line = line_of(c, at, &file, &file_len);
    snprintf(c->r->error, sizeof c->r->error, "%.*s:%zu: %s", (int)(file_len > 200 ? 200 : file_len), file, line,
             msg);
    return false;
}

/* ---- pass 1: code, comments, literals ---- */

/* The identifier ending just before `at` (for string prefixes: R, u8R, LR). */
static bool raw_prefix(const ctx *c, size_t at)
{
    size_t b = at;
    while (b > 0 && is_ident(c->s[b - 1]) && c->kind[b - 1] == K_CODE)
        b--;
    size_t len = at - b;
    const char *w = c->s + b;
    return (len == 1 && w[0] == 'R') || (len == 2 && (memcmp(w, "uR", 2) == 0 || memcmp(w, "UR", 2) == 0 ||
                                                      memcmp(w, "LR", 2) == 0)) ||
           (len == 3 && memcmp(w, "u8R", 3) == 0);
}

/* A ' inside a number is a digit separator (1'000'000), not a literal. */
static bool digit_separator(const ctx *c, size_t at)
{
    if (at == 0 || !is_ident(c->s[at - 1]) || at + 1 >= c->n || !is_ident(c->s[at + 1]))
        return false;
    size_t b = at;
    while (b > 0 && (is_ident(c->s[b - 1]) || c->s[b - 1] == '\'' || c->s[b - 1] == '.') && c->kind[b - 1] == K_CODE)
        b--;
    return c->s[b] >= '0' && c->s[b] <= '9';
}

static bool classify(ctx *c)
{
    const char *s = c->s;
    size_t n = c->n, i = 0;
    while (i < n) {
        char ch = s[i];
        size_t marker_line, file_len;
        const char *file;
        if (c->preprocessed && (i == 0 || s[i - 1] == '\n') && line_marker(s, n, i, &marker_line, &file, &file_len)) {
            /* A line marker is blank to the scan: g++ -E puts them around a
             * system header's macro (NULL) in the middle of an expression. */
            size_t b = i;
            while (i < n && s[i] != '\n')
                i++;
            memset(c->kind + b, K_COMMENT, i - b);
        } else if (ch == '/' && i + 1 < n && s[i + 1] == '/') {
            size_t b = i;
            while (i < n && s[i] != '\n') {
                if (s[i] == '\\' && i + 1 < n && s[i + 1] == '\n')
                    i++; /* a continued line comment */
                else if (s[i] == '\\' && i + 2 < n && s[i + 1] == '\r' && s[i + 2] == '\n')
                    i += 2;
                i++;
            }
            memset(c->kind + b, K_COMMENT, i - b);
        } else if (ch == '/' && i + 1 < n && s[i + 1] == '*') {
            size_t b = i;
            i += 2;
            while (i + 1 < n && !(s[i] == '*' && s[i + 1] == '/'))
                i++;
            if (i + 1 >= n)
                return fail(c, b, "a comment opened here is never closed");
            i += 2;
            memset(c->kind + b, K_COMMENT, i - b);
        } else if (ch == '"' && raw_prefix(c, i)) {
            /* R"delim( ... )delim" */
            size_t b = i, d = i + 1;
            while (d < n && s[d] != '(' && d - (i + 1) <= 16 && !is_space(s[d]) && s[d] != '"')
                d++;
            if (d >= n || s[d] != '(')
                return fail(c, b, "a raw string literal with a bad delimiter");
            size_t dlen = d - (i + 1);
            const char *delim = s + i + 1;
            size_t j = d + 1;
            for (;; j++) {
                if (j >= n)
                    return fail(c, b, "a raw string literal opened here is never closed");
                if (s[j] == ')' && j + 1 + dlen < n && memcmp(s + j + 1, delim, dlen) == 0 && s[j + 1 + dlen] == '"')
                    break;
            }
            i = j + dlen + 2;
            memset(c->kind + b, K_LITERAL, i - b);
        } else if (ch == '"' || (ch == '\'' && !digit_separator(c, i))) {
            /* A literal ends at its quote or, unterminated, at the end of the
             * line (the compiler reports it; an apostrophe in #error text). */
            size_t b = i++;
            while (i < n && s[i] != ch && s[i] != '\n') {
                if (s[i] == '\\' && i + 1 < n)
                    i++;
                i++;
            }
            if (i < n && s[i] == ch)
                i++;
            memset(c->kind + b, K_LITERAL, i - b);
        } else {
            c->kind[i++] = K_CODE;
        }
    }
    return true;
}

/* ---- edits ---- */

static bool add_edit(ctx *c, size_t at, size_t end, const char *text)
{
    if (c->n_edits == c->cap_edits) {
        size_t cap = c->cap_edits ? 2 * c->cap_edits : 16;
        edit *grown = realloc(c->edits, cap * sizeof *grown);
        if (!grown)
            return fail(c, at, "out of memory");
        c->edits = grown;
        c->cap_edits = cap;
    }
    size_t tl = strlen(text);
    char *copy = malloc(tl + 1);
    if (copy)
        memcpy(copy, text, tl + 1);
    if (!copy)
        return fail(c, at, "out of memory");
    c->edits[c->n_edits] = (edit){.at = at, .end = end, .text = copy, .order = c->n_edits};
    c->n_edits++;
    return true;
}

static int edit_cmp(const void *a, const void *b)
{
    const edit *x = a, *y = b;
    if (x->at != y->at)
        return x->at < y->at ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

/* ---- scanning helpers (code bytes only; comments read as spaces) ---- */

static bool blank(const ctx *c, size_t i) { return c->kind[i] == K_COMMENT || (c->kind[i] == K_CODE && is_space(c->s[i])); }

/* The last byte before `end` that is not blank, or SIZE_MAX. */
static size_t prev_solid(const ctx *c, size_t end)
{
    while (end > 0 && blank(c, end - 1))
        end--;
    return end ? end - 1 : SIZE_MAX;
}
/* The first byte at or after `at` that is not blank, or n. */
static size_t next_solid(const ctx *c, size_t at)
{
    while (at < c->n && blank(c, at))
        at++;
    return at;
}

static bool is_code(const ctx *c, size_t i, char ch) { return c->kind[i] == K_CODE && c->s[i] == ch; }

/* From the closer at `at` (')', ']', '}' or '>' when angle), back to its
 * opener; SIZE_MAX when there is none before a statement boundary. */
static size_t match_back(const ctx *c, size_t at, bool angle)
{
    int parens = 0, angles = 0; /* angle brackets count only outside parentheses */
    for (size_t j = at + 1; j-- > 0;) {
        if (c->kind[j] != K_CODE)
            continue;
        char ch = c->s[j];
        if (ch == ')' || ch == ']')
            parens++;
        else if (ch == '(' || ch == '[')
            parens--;
        else if (angle && parens == 0 && ch == '>' && !(j > 0 && c->s[j - 1] == '-'))
            angles++;
        else if (angle && parens == 0 && ch == '<')
            angles--;
        else if (ch == ';' || ch == '{' || ch == '}')
            return SIZE_MAX;
        if (parens < 0 || angles < 0)
            return SIZE_MAX;
        if (parens == 0 && angles == 0)
            return j;
    }
    return SIZE_MAX;
}

/* From the opener at `at` ('(' or '['), forward to its closer; n when none
 * (a closer of another kind, or a ';' directly inside the opener). */
static size_t match_forward(const ctx *c, size_t at)
{
    char stack[256];
    size_t depth = 0;
    for (size_t j = at; j < c->n; j++) {
        if (c->kind[j] != K_CODE)
            continue;
        char ch = c->s[j];
        if (ch == '(' || ch == '[' || ch == '{') {
            if (depth == sizeof stack)
                return c->n;
            stack[depth++] = ch == '(' ? ')' : ch == '[' ? ']' : '}';
        } else if (ch == ')' || ch == ']' || ch == '}') {
            if (depth == 0 || stack[depth - 1] != ch)
                return c->n;
            if (--depth == 0)
                return j;
        } else if (ch == ';' && depth == 1 && stack[0] != '}') {
            return c->n;
        }
    }
    return c->n;
}

static size_t ident_start(const ctx *c, size_t last)
{
    size_t b = last;
    while (b > 0 && is_ident(c->s[b - 1]) && c->kind[b - 1] == K_CODE)
        b--;
    return b;
}

static bool word_is(const ctx *c, size_t b, size_t e, const char *w)
{
    return e - b == strlen(w) && memcmp(c->s + b, w, e - b) == 0;
}

static bool keyword(const ctx *c, size_t b, size_t e)
{
    static const char *const words[] = {"return", "else", "do", "case", "goto", "throw", "new", "delete",
                                        "sizeof", "typedef", "co_return", "co_await", "co_yield"};
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (word_is(c, b, e, words[i]))
            return true;
    return false;
}

/* ---- kernel launches ---- */

/* The start of the kernel expression that ends just before `end` (the
 * `<<<`): a postfix expression of identifiers joined by ::, . and ->, with
 * template arguments, calls and subscripts, or a parenthesised one.
 * SIZE_MAX when there is none. */
static size_t kernel_start(const ctx *c, size_t end)
{
    size_t p = end, start = SIZE_MAX;
    bool want_operand = true, need_ident = false;
    for (;;) {
        size_t q = prev_solid(c, p);
        if (q == SIZE_MAX || c->kind[q] != K_CODE)
            break;
        char ch = c->s[q];
        if (want_operand) {
            if (is_ident(ch)) {
                size_t b = ident_start(c, q);
                if ((c->s[b] >= '0' && c->s[b] <= '9') || keyword(c, b, q + 1))
                    break;
                start = p = b;
                want_operand = need_ident = false;
            } else if (need_ident) {
                return SIZE_MAX; /* template arguments with no template name */
            } else if (ch == '>' && !(q > 0 && c->s[q - 1] == '-')) {
                size_t o = match_back(c, q, true);
                if (o == SIZE_MAX)
                    return SIZE_MAX;
                p = o;
                need_ident = true;
            } else if (ch == ')' || ch == ']') {
                size_t o = match_back(c, q, false);
                if (o == SIZE_MAX)
                    return SIZE_MAX;
                start = p = o;
                /* A call or subscript continues the expression; otherwise
                 * this was a parenthesised primary expression. */
                size_t before = prev_solid(c, p);
                if (before == SIZE_MAX || c->kind[before] != K_CODE)
                    break;
                char bc = c->s[before];
                if (!(is_ident(bc) || bc == ')' || bc == ']' || (bc == '>' && !(before > 0 && c->s[before - 1] == '-'))))
                    break;
                if (is_ident(bc)) {
                    size_t b = ident_start(c, before);
                    if (keyword(c, b, before + 1))
                        break;
                }
            } else {
                break;
            }
        } else {
            if (ch == ':' && q > 0 && is_code(c, q - 1, ':')) {
                p = q - 1;
                size_t before = prev_solid(c, p);
                bool operand = before != SIZE_MAX && c->kind[before] == K_CODE &&
                               (is_ident(c->s[before]) || c->s[before] == '>');
                if (!operand) {
                    start = p; /* ::kernel */
                    break;
                }
                want_operand = true;
            } else if (ch == '.' && !(q > 0 && c->s[q - 1] >= '0' && c->s[q - 1] <= '9')) {
                p = q;
                want_operand = true;
            } else if (ch == '>' && q > 0 && is_code(c, q - 1, '-')) {
                p = q - 1;
                want_operand = true;
            } else {
                break;
            }
        }
    }
    if (want_operand && start != SIZE_MAX && p != start)
        return SIZE_MAX; /* `a.` or `a->` with nothing before */
    return need_ident ? SIZE_MAX : start;
}

/* The kernel expression as a C string literal's contents: code bytes, runs
 * of blanks as one space, at most LAUNCH_NAME_MAX bytes (so the output stays
 * linear in the input however long the expressions). */
enum { LAUNCH_NAME_MAX = 160 };
static char *name_text(const ctx *c, size_t b, size_t e)
{
    char *out = malloc(LAUNCH_NAME_MAX + 8);
    if (!out)
        return NULL;
    size_t k = 0;
    bool space = false;
    for (size_t i = b; i < e; i++) {
        if (k + 2 + 3 > LAUNCH_NAME_MAX) { /* bounded: a long kernel expression is named by its start */
            memcpy(out + k, "...", 3);
            k += 3;
            break;
        }
        if (blank(c, i) || c->s[i] == '\\' || c->s[i] == '\n') {
            space = k > 0;
            continue;
        }
        if (space)
            out[k++] = ' ';
        space = false;
        if (c->s[i] == '"')
            out[k++] = '\\';
        out[k++] = c->s[i];
    }
    out[k] = 0;
    return out;
}

/* `<<<` at `at` (code). Records the edits of the launch; returns where the
 * scan goes on (after the `>>>`), or SIZE_MAX after an error. */
static size_t launch(ctx *c, size_t at)
{
    size_t b = kernel_start(c, at);
    if (b == SIZE_MAX)
        return fail(c, at, "kernel launch: no kernel name before '<<<' (write name<<<grid, block>>>(args))"),
               SIZE_MAX;
    /* The configuration: up to `>>>` outside parentheses. */
    size_t cfg = at + 3, close = SIZE_MAX;
    int depth = 0;
    for (size_t j = cfg; j < c->n; j++) {
        if (c->kind[j] != K_CODE)
            continue;
        char ch = c->s[j];
        if (ch == '(' || ch == '[' || ch == '{') {
            depth++;
        } else if (ch == ')' || ch == ']' || ch == '}') {
            if (--depth < 0)
                break;
        } else if (ch == ';' && depth == 0) {
            break;
        } else if (depth == 0 && ch == '>' && j + 2 < c->n && is_code(c, j + 1, '>') && is_code(c, j + 2, '>')) {
            close = j;
            break;
        } else if (depth == 0 && ch == '<' && j + 2 < c->n && is_code(c, j + 1, '<') && is_code(c, j + 2, '<')) {
            break;
        }
    }
    if (close == SIZE_MAX)
        return fail(c, at, "kernel launch: no '>>>' closes the '<<<' of this launch"), SIZE_MAX;
    bool any = false;
    for (size_t j = cfg; j < close && !any; j++)
        any = !blank(c, j);
    if (!any)
        return fail(c, at, "kernel launch: an empty configuration (<<<grid, block>>> needs both)"), SIZE_MAX;
    size_t open = next_solid(c, close + 3);
    if (open >= c->n || !is_code(c, open, '('))
        return fail(c, close, "kernel launch: '(' with the kernel's arguments must follow '>>>' (found %s)",
                    open >= c->n ? "the end of the file" : "something else"),
               SIZE_MAX;
    size_t end = match_forward(c, open);
    if (end >= c->n)
        return fail(c, open, "kernel launch: the argument list opened here is never closed"), SIZE_MAX;
    bool args = false;
    for (size_t j = open + 1; j < end && !args; j++)
        args = !blank(c, j);

    /* An argument in braces ({1, 2}) has no type of its own: such a launch
     * takes the kernel's address and its parameters' types. */
    bool braced = false;
    int adepth = 0;
    for (size_t a = open + 1, j = open + 1; args && j <= end; j++) {
        if (c->kind[j] != K_CODE)
            continue;
        char ch = c->s[j];
        if (j < end && (ch == '(' || ch == '[' || ch == '{')) {
            adepth++;
        } else if (j < end && (ch == ')' || ch == ']' || ch == '}')) {
            adepth--;
        } else if (j == end || (ch == ',' && adepth == 0)) {
            size_t ab = next_solid(c, a);
            braced |= ab < j && is_code(c, ab, '{');
            a = j + 1;
        }
    }
    char *name = name_text(c, b, at);
    if (!name)
        return fail(c, at, "out of memory"), SIZE_MAX;
    char head[LAUNCH_NAME_MAX + 64];
    snprintf(head, sizeof head, braced ? "ws_cudart_launch_typed_(\"%s\", &(" : "ws_cudart_launch_(\"%s\", WS_CUDART_KERNEL_(",
             name);
    free(name);
    bool ok = add_edit(c, b, b, head) && add_edit(c, at, at + 3, "), ws_cudart_cfg_(") &&
              add_edit(c, close, close + 3, ")") && add_edit(c, open, open + 1, args ? ", " : "");
    /* An argument that is just 0 or NULL: a null pointer constant or an
     * integer, whichever the kernel's parameter is (cuda_runtime.h). */
    adepth = 0;
    for (size_t a = open + 1, j = open + 1; ok && args && j <= end; j++) {
        if (c->kind[j] != K_CODE)
            continue;
        char ch = c->s[j];
        if (j < end && (ch == '(' || ch == '[' || ch == '{')) {
            adepth++;
        } else if (j < end && (ch == ')' || ch == ']' || ch == '}')) {
            adepth--;
        } else if (j == end || (ch == ',' && adepth == 0)) {
            size_t ab = next_solid(c, a), ae = prev_solid(c, j);
            if (ab <= ae && ae != SIZE_MAX && word_is(c, ab, ae + 1, "0"))
                ok = add_edit(c, ab, ae + 1, "ws_cudart_zero_");
            else if (ab <= ae && ae != SIZE_MAX && (word_is(c, ab, ae + 1, "NULL") || word_is(c, ab, ae + 1, "__null")))
                ok = add_edit(c, ab, ae + 1, "ws_cudart_null_");
            a = j + 1;
        }
    }
    if (!ok)
        return SIZE_MAX;
    c->r->launches++;
    return close + 3;
}

/* ---- extern __shared__ ---- */

/* Whether the brace at `at` opens a namespace (or extern "C" block). */
static bool namespace_brace(const ctx *c, size_t at)
{
    size_t q = prev_solid(c, at);
    if (q == SIZE_MAX)
        return false;
    if (c->kind[q] == K_LITERAL) { /* extern "C" { */
        while (q > 0 && c->kind[q - 1] == K_LITERAL)
            q--;
        size_t w = prev_solid(c, q);
        return w != SIZE_MAX && is_ident(c->s[w]) && word_is(c, ident_start(c, w), w + 1, "extern");
    }
    for (;;) { /* namespace a::b { , namespace { */
        if (!is_ident(c->s[q]) || c->kind[q] != K_CODE)
            return false;
        size_t b = ident_start(c, q);
        if (word_is(c, b, q + 1, "namespace"))
            return true;
        q = prev_solid(c, b);
        if (q == SIZE_MAX)
            return false;
        if (is_code(c, q, ':') && q > 0 && is_code(c, q - 1, ':')) {
            q = prev_solid(c, q - 1);
            if (q == SIZE_MAX)
                return false;
            continue;
        }
        return is_ident(c->s[q]) && word_is(c, ident_start(c, q), q + 1, "namespace");
    }
}

static void append(char *buf, size_t size, size_t *k, const char *text, size_t len)
{
    if (size == 0 || *k >= size)
        return; /* full: nothing more fits, not even the terminator */
    if (*k + len >= size)
        len = size - 1 - *k;
    memcpy(buf + *k, text, len);
    *k += len;
    buf[*k] = 0;
}

/* Appends to text the line breaks of [at, end], so that a rewritten
 * declaration keeps the lines after it where they were. */
static void keep_lines(const ctx *c, size_t at, size_t end, char *text, size_t size, size_t *tl)
{
    for (size_t j = at; j <= end; j++)
        if (c->s[j] == '\n') {
            bool cont = j > 0 && (c->s[j - 1] == '\\' || (c->s[j - 1] == '\r' && j > 1 && c->s[j - 2] == '\\'));
            append(text, size, tl, cont ? "\\\n" : "\n", cont ? 2 : 1);
        }
}

/* The `;` that ends the declaration going on at `from` (outside brackets),
 * or SIZE_MAX where a brace comes first; one_declarator: also where a
 * literal or a top-level comma does. */
static size_t declaration_end(const ctx *c, size_t from, bool one_declarator)
{
    int depth = 0, angles = 0; /* angles: template arguments (Pair<int, float>), whose commas do not count */
    int braces = 0;            /* the body of a struct or union defined in the declaration */
    for (size_t j = from; j < c->n; j++) {
        if (one_declarator && c->kind[j] == K_LITERAL)
            return SIZE_MAX;
        if (c->kind[j] != K_CODE)
            continue;
        char ch = c->s[j];
        if (ch == '(' || ch == '[')
            depth++;
        else if (ch == ')' || ch == ']')
            depth--;
        else if (ch == '{' && !one_declarator)
            braces++;
        else if (ch == '}' && braces > 0)
            braces--;
        else if (braces > 0)
            continue;
        else if (ch == '<' && depth == 0)
            angles++;
        else if (ch == '>' && depth == 0 && angles > 0)
            angles--;
        else if (ch == ';' && depth == 0)
            return j;
        else if (ch == '{' || ch == '}' || (one_declarator && ch == ',' && depth == 0 && angles == 0))
            return SIZE_MAX;
    }
    return SIZE_MAX;
}

/* `extern` at `at`, followed by __shared__ ending at `sh_end`. in_function:
 * some enclosing brace is not a namespace's. Returns where the scan goes on. */
static size_t extern_shared(ctx *c, size_t at, size_t sh_end, bool in_function)
{
    size_t semi = declaration_end(c, sh_end, true);
    if (semi == SIZE_MAX)
        return fail(c, at, "extern __shared__: only `extern __shared__ T name[];` (one array of unknown size) "
                           "is supported"),
               SIZE_MAX;
    /* The declaration's words, __align__(n) left out. */
    char decl[600];
    size_t k = 0;
    decl[0] = 0;
    bool space = false;
    for (size_t j = sh_end; j < semi; j++) {
        if (blank(c, j) || (c->s[j] == '\\' && j + 1 < c->n && (c->s[j + 1] == '\n' || c->s[j + 1] == '\r'))) {
            space = k > 0;
            continue;
        }
        if (c->kind[j] == K_CODE && is_ident(c->s[j]) && (j == 0 || !is_ident(c->s[j - 1]))) {
            size_t e = j;
            while (e < semi && is_ident(c->s[e]))
                e++;
            if (word_is(c, j, e, "__shared__")) { /* `extern float __shared__ s[]` puts it after the type */
                j = e - 1;
                space = k > 0;
                continue;
            }
            if (word_is(c, j, e, "__align__") || word_is(c, j, e, "alignas")) {
                size_t o = next_solid(c, e);
                if (o >= semi || !is_code(c, o, '('))
                    return fail(c, j, "extern __shared__: %s without (n)", word_is(c, j, e, "alignas") ? "alignas" : "__align__"), SIZE_MAX;
                j = match_forward(c, o);
                space = k > 0;
                continue;
            }
        }
        if (space)
            append(decl, sizeof decl, &k, " ", 1);
        space = false;
        append(decl, sizeof decl, &k, c->s + j, 1);
    }
    /* decl: "TYPE NAME [ ]" */
    size_t e = k;
    while (e > 0 && decl[e - 1] == ' ')
        e--;
    bool brackets = e >= 2 && decl[e - 1] == ']';
    if (brackets) {
        e--;
        while (e > 0 && decl[e - 1] == ' ')
            e--;
        brackets = e > 0 && decl[e - 1] == '[';
        e--;
    }
    if (!brackets)
        return fail(c, at, "extern __shared__: the dynamic shared memory must be declared as an array of unknown "
                           "size, `extern __shared__ T name[];`"),
               SIZE_MAX;
    while (e > 0 && decl[e - 1] == ' ')
        e--;
    size_t nb = e;
    while (nb > 0 && is_ident(decl[nb - 1]))
        nb--;
    size_t tb = 0, te = nb;
    while (te > 0 && decl[te - 1] == ' ')
        te--;
    if (nb == e || te == 0 || (decl[nb] >= '0' && decl[nb] <= '9'))
        return fail(c, at, "extern __shared__: expected `extern __shared__ T name[];`"), SIZE_MAX;
    char type[600], name[200], text[4096];
    snprintf(type, sizeof type, "%.*s", (int)(te - tb), decl + tb);
    snprintf(name, sizeof name, "%.*s", (int)(e - nb), decl + nb);
    /* In a function: a reference to an array of unknown bound, so that the name is still an array
     * lvalue: `reinterpret_cast<TempStorage &>(name)` and `(TempStorage &)name` view the shared
     * memory itself (with a pointer variable they would view the pointer). */
    if (in_function)
        snprintf(text, sizeof text, "%s (&%s)[] = *(%s (*)[])ws_cuda_dynamic_shared_();", type, name, type);
    else
        snprintf(text, sizeof text, "static const ws_cudart_extern_shared_<%s> %s{};", type, name);
    /* Keep the lines: the declaration's line breaks follow the text. */
    size_t tl = strlen(text);
    keep_lines(c, at, semi, text, sizeof text, &tl);
    if (!add_edit(c, at, semi + 1, text))
        return SIZE_MAX;
    c->r->shared_decls++;
    return semi + 1;
}

/* The start of the declaration whose `__shared__` is at `at`: back over the
 * words before it (static, volatile, __device__, __align__(n), a type). */
static size_t declaration_start(const ctx *c, size_t at)
{
    size_t b = at;
    for (;;) {
        size_t q = prev_solid(c, b);
        if (q == SIZE_MAX || c->kind[q] != K_CODE)
            return b;
        char ch = c->s[q];
        if (is_ident(ch)) {
            b = ident_start(c, q);
        } else if (ch == ')') {
            size_t o = match_back(c, q, false);
            size_t w = o == SIZE_MAX ? SIZE_MAX : prev_solid(c, o);
            if (w == SIZE_MAX || !is_ident(c->s[w]))
                return b;
            size_t ws = ident_start(c, w);
            if (!word_is(c, ws, w + 1, "__align__") && !word_is(c, ws, w + 1, "alignas") &&
                !word_is(c, ws, w + 1, "__attribute__"))
                return b;
            b = ws;
        } else {
            return b;
        }
    }
}

/* Whether the declaration starting at `start` starts with the word extern. */
static bool extern_before(const ctx *c, size_t start)
{
    return start + 6 <= c->n && word_is(c, start, start + 6, "extern") && (start + 6 == c->n || !is_ident(c->s[start + 6]));
}

/* A static `__shared__` declaration in a function, `__shared__` at
 * [at, sh_end): one place per block (ws_cuda_shared_), not a thread_local
 * one per OS thread. The declaration goes verbatim into a local struct, so
 * every declarator form works; each name becomes a reference to its member
 * in the running block's copy:
 *   struct ws_shared_N_ { T a[32], b; }; static const ws_cuda_shared_site
 *   ws_shared_site_N_ = {sizeof, alignof, "a, b", __FILE__, __LINE__};
 *   ws_shared_N_ &ws_shared_v_N_ = *(ws_shared_N_ *)ws_cuda_shared_(&...);
 *   auto &a = ws_shared_v_N_.a; auto &b = ws_shared_v_N_.b; */
static size_t static_shared(ctx *c, size_t at, size_t sh_end)
{
    size_t start = declaration_start(c, at), semi = declaration_end(c, sh_end, false);
    if (semi == SIZE_MAX)
        return fail(c, at, "__shared__: expected a declaration ending in `;`"), SIZE_MAX;
    /* The declaration's text without __shared__, static and __device__, and its names. */
    char decl[1200], names[400], name[200];
    size_t k = 0, nk = 0;
    decl[0] = names[0] = name[0] = 0;
    int parens = 0, angles = 0, braces = 0; /* braces: inside a struct or union body the declaration defines */
    bool name_done = false, attribute = false; /* attribute: the last word was __align__ or the like */
    for (size_t j = start; j < semi; j++) {
        if (c->kind[j] == K_CODE && braces > 0 && c->s[j] != '{' && c->s[j] != '}') {
            append(decl, sizeof decl, &k, c->s + j, 1); /* the members: verbatim */
            continue;
        }
        if (c->kind[j] == K_CODE && (c->s[j] == '{' || c->s[j] == '}')) {
            braces += c->s[j] == '{' ? 1 : -1;
            append(decl, sizeof decl, &k, c->s + j, 1);
            continue;
        }
        if (c->kind[j] == K_CODE && is_ident(c->s[j]) && (j == 0 || !is_ident(c->s[j - 1]))) {
            size_t e = j;
            while (e < semi && is_ident(c->s[e]))
                e++;
            if (word_is(c, j, e, "__shared__") || word_is(c, j, e, "static") || word_is(c, j, e, "__device__")) {
                append(decl, sizeof decl, &k, " ", 1);
                j = e - 1;
                continue;
            }
            append(decl, sizeof decl, &k, c->s + j, e - j);
            attribute = word_is(c, j, e, "__align__") || word_is(c, j, e, "alignas") ||
                        word_is(c, j, e, "__attribute__") || word_is(c, j, e, "__declspec");
            if (j >= sh_end && parens == 0 && angles == 0 && !name_done && !attribute &&
                !(c->s[j] >= '0' && c->s[j] <= '9'))
                snprintf(name, sizeof name, "%.*s", (int)(e - j), c->s + j);
            j = e - 1;
            continue;
        }
        char ch = c->s[j];
        if (c->kind[j] == K_COMMENT || ch == '\n' || ch == '\r' || (ch == '\\' && j + 1 < semi && (c->s[j + 1] == '\n' || c->s[j + 1] == '\r'))) {
            append(decl, sizeof decl, &k, " ", 1);
            continue;
        }
        append(decl, sizeof decl, &k, &ch, 1);
        if (c->kind[j] != K_CODE)
            continue;
        if (ch != '(' && parens == 0)
            attribute = false;
        if (ch == '(' || ch == '[') {
            if (parens == 0 && angles == 0 && name[0] && !attribute)
                name_done = true; /* the name comes before its array bounds or an __align__(...) */
            parens++;
        } else if (ch == ')' || ch == ']') {
            parens--;
        } else if (parens == 0 && ch == '<') {
            angles++;
        } else if (parens == 0 && ch == '>' && angles > 0) {
            angles--;
        } else if (parens == 0 && angles == 0 && ch == '=') {
            return fail(c, j, "__shared__: a __shared__ variable cannot have an initializer (nvcc refuses it too)"),
                   SIZE_MAX;
        } else if (parens == 0 && angles == 0 && ch == ',') {
            if (!name[0])
                return fail(c, at, "__shared__: a declarator without a name"), SIZE_MAX;
            append(names, sizeof names, &nk, name, strlen(name));
            append(names, sizeof names, &nk, ",", 1);
            name[0] = 0;
            name_done = false;
        }
    }
    static const char *const types[] = {"int", "char", "float", "double", "unsigned", "signed", "short",
                                        "long", "bool", "void", "auto", "volatile", "const", "struct", "union", "class"};
    for (size_t t = 0; t < sizeof types / sizeof types[0]; t++)
        if (strcmp(name, types[t]) == 0)
            name[0] = 0;
    if (!name[0])
        return fail(c, at, "__shared__: a declarator without a name"), SIZE_MAX;
    append(names, sizeof names, &nk, name, strlen(name));
    /* One space between words, none at the ends. */
    size_t d = 0;
    for (size_t j = 0; j < k; j++)
        if (decl[j] != ' ' || (d > 0 && decl[d - 1] != ' '))
            decl[d++] = decl[j];
    while (d > 0 && decl[d - 1] == ' ')
        d--;
    decl[d] = 0;
    if (k + 1 >= sizeof decl || nk + 1 >= sizeof names)
        return fail(c, at, "__shared__: declaration too long to rewrite (over %zu bytes)", sizeof decl), SIZE_MAX;
    int id = c->r->shared_decls;
    char text[4096];
    int w = snprintf(text, sizeof text,
                     "struct ws_shared_%d_ { %s; }; static const ws_cuda_shared_site ws_shared_site_%d_ = "
                     "{sizeof(ws_shared_%d_), alignof(ws_shared_%d_), \"%s\", __FILE__, __LINE__}; "
                     "ws_shared_%d_ &ws_shared_v_%d_ = *static_cast<ws_shared_%d_ *>(ws_cuda_shared_(&ws_shared_site_%d_));",
                     id, decl, id, id, id, names, id, id, id, id);
    size_t tl = w > 0 ? (size_t)w : 0;
    for (char *n = names; *n;) {
        size_t len = strcspn(n, ",");
        char ref[300];
        int rl = snprintf(ref, sizeof ref, " auto &%.*s = ws_shared_v_%d_.%.*s;", (int)len, n, id, (int)len, n);
        append(text, sizeof text, &tl, ref, rl > 0 ? (size_t)rl : 0);
        n += len + (n[len] == ',');
    }
    if (tl + 1 >= sizeof text)
        return fail(c, at, "__shared__: declaration too long to rewrite"), SIZE_MAX;
    keep_lines(c, start, semi, text, sizeof text, &tl);
    if (!add_edit(c, start, semi + 1, text))
        return SIZE_MAX;
    c->r->shared_decls++;
    return semi + 1;
}

/* ---- #include ---- */

/* `#` at `at` (code). Redirects an #include through c->include. */
static bool directive(ctx *c, size_t at)
{
    for (size_t j = at; j > 0 && c->s[j - 1] != '\n'; j--)
        if (!blank(c, j - 1))
            return true; /* not the first thing on its line */
    size_t w = next_solid(c, at + 1), we = w;
    while (we < c->n && is_ident(c->s[we]) && c->kind[we] == K_CODE)
        we++;
    if (!c->include || !word_is(c, w, we, "include"))
        return true;
    size_t b = next_solid(c, we), e;
    bool angled;
    if (b < c->n && c->kind[b] == K_LITERAL && c->s[b] == '"') {
        angled = false;
        for (e = b + 1; e < c->n && c->s[e] != '"' && c->s[e] != '\n'; e++)
            ;
    } else if (b < c->n && is_code(c, b, '<')) {
        angled = true;
        for (e = b + 1; e < c->n && c->s[e] != '>' && c->s[e] != '\n'; e++)
            ;
    } else {
        return true; /* #include MACRO */
    }
    if (e >= c->n || c->s[e] == '\n' || e - b - 1 >= 1024)
        return true;
    char name[1024], out[1200];
    snprintf(name, sizeof name, "%.*s", (int)(e - b - 1), c->s + b + 1);
    int got = c->include(c->user, name, angled, out, sizeof out);
    if (got < 0)
        return fail(c, at, "%s", out);
    if (got == 0)
        return true;
    char quoted[2500];
    size_t k = 0;
    quoted[k++] = '"';
    for (const char *p = out; *p && k + 3 < sizeof quoted; p++) {
        if (*p == '"' || *p == '\\')
            quoted[k++] = '\\';
        quoted[k++] = *p;
    }
    quoted[k++] = '"';
    quoted[k] = 0;
    return add_edit(c, b, e + 1, quoted);
}

/* Whether `at` is on a preprocessor directive's line (a #define's body). */
static bool in_directive(const ctx *c, size_t at)
{
    size_t j = at;
    for (;;) {
        while (j > 0 && c->s[j - 1] != '\n')
            j--;
        size_t f = j;
        while (f < at && (c->s[f] == ' ' || c->s[f] == '\t'))
            f++;
        if (f < c->n && c->s[f] == '#' && c->kind[f] == K_CODE)
            return true;
        /* a continued line: the directive may start on the line before */
        if (j >= 2 && c->s[j - 2] == '\\')
            j--;
        else if (j >= 3 && c->s[j - 2] == '\r' && c->s[j - 3] == '\\')
            j -= 2;
        else
            return false;
    }
}

/* ---- inline PTX (cc_ptx.c) ---- */

/* Whether `at` is in a system header's text (preprocessed): the last line
 * marker before it has the flag 3. */
static bool system_header(const ctx *c, size_t at)
{
    if (!c->preprocessed)
        return false;
    for (size_t j = at; j-- > 0;) {
        if (j > 0 && c->s[j - 1] != '\n')
            continue;
        size_t line, file_len;
        const char *file;
        if (!line_marker(c->s, c->n, j, &line, &file, &file_len))
            continue;
        for (const char *f = file + file_len + 1; f < c->s + c->n && *f != '\n'; f++)
            if (*f == '3' && f[-1] == ' ' && (f + 1 >= c->s + c->n || f[1] == ' ' || f[1] == '\n'))
                return true;
        return false;
    }
    return false;
}

/* The asm keyword at [at, e) in a function body: a PTX statement is
 * rewritten, other asm left alone. Returns where the scan goes on. */
/* A word of code from `at`: its end (at itself when none). */
static size_t word_end(const ctx *c, size_t at)
{
    while (at < c->n && is_ident(c->s[at]) && c->kind[at] == K_CODE)
        at++;
    return at;
}

/* cudaLaunchKernel((void *)k, ...) and cudaLaunchCooperativeKernel((void *)k, ...),
 * as CUDA programs write them: the cast goes, so that the runtime sees the
 * kernel's type (its parameters). `(const void *)` too. e: the name's end. */
static bool launch_api_cast(ctx *c, size_t e)
{
    size_t open = next_solid(c, e);
    if (open >= c->n || !is_code(c, open, '('))
        return true;
    size_t cast = next_solid(c, open + 1), at = cast;
    if (at >= c->n || !is_code(c, at, '('))
        return true;
    at = next_solid(c, at + 1);
    size_t w = word_end(c, at);
    if (word_is(c, at, w, "const"))
        at = next_solid(c, w), w = word_end(c, at);
    if (!word_is(c, at, w, "void"))
        return true;
    at = next_solid(c, w);
    if (at >= c->n || !is_code(c, at, '*'))
        return true;
    at = next_solid(c, at + 1);
    if (at >= c->n || !is_code(c, at, ')'))
        return true;
    return add_edit(c, cast, at + 1, "");
}

static size_t inline_ptx(ctx *c, size_t at, size_t e)
{
    cc_ptx_result p;
    int got = cc_ptx_statement(c->s, c->n, c->kind, at, &p);
    if (got < 0)
        return fail(c, p.error_at, "%s", p.error), SIZE_MAX;
    bool ok = got == 0 || add_edit(c, at, p.end, p.text);
    free(p.text);
    return !ok ? SIZE_MAX : got ? p.end : e;
}

/* ---- pass 2 ---- */

static bool scan(ctx *c)
{
    /* Per open brace: whether it opens a namespace. */
    size_t depth = 0, cap = 64, fn_depth = 0;
    bool *ns = malloc(cap * sizeof *ns);
    if (!ns)
        return fail(c, 0, "out of memory");
    size_t i = 0;
    while (i < c->n && !c->failed) {
        if (c->kind[i] != K_CODE) {
            i++;
            continue;
        }
        char ch = c->s[i];
        if (ch == '{') {
            if (depth == cap) {
                bool *grown = realloc(ns, 2 * cap * sizeof *ns);
                if (!grown) {
                    fail(c, i, "out of memory");
                    break;
                }
                ns = grown;
                cap *= 2;
            }
            ns[depth] = namespace_brace(c, i);
            fn_depth += !ns[depth];
            depth++;
            i++;
        } else if (ch == '}') {
            if (depth > 0) {
                depth--;
                fn_depth -= !ns[depth];
            }
            i++;
        } else if (ch == '#') {
            if (!directive(c, i))
                break;
            i++;
        } else if (ch == '<' && i + 2 < c->n && is_code(c, i + 1, '<') && is_code(c, i + 2, '<')) {
            /* operator<<<T> is an explicit template argument list, not a launch */
            size_t q = prev_solid(c, i);
            if (q != SIZE_MAX && c->kind[q] == K_CODE && is_ident(c->s[q]) &&
                word_is(c, ident_start(c, q), q + 1, "operator")) {
                i += 3;
                continue;
            }
            size_t next = launch(c, i);
            if (next == SIZE_MAX)
                break;
            i = next;
        } else if (is_ident(ch) && (i == 0 || !is_ident(c->s[i - 1]) || c->kind[i - 1] != K_CODE)) {
            size_t e = i;
            while (e < c->n && is_ident(c->s[e]) && c->kind[e] == K_CODE)
                e++;
            if (word_is(c, i, e, "extern")) {
                size_t w = next_solid(c, e), we = w;
                while (we < c->n && is_ident(c->s[we]) && c->kind[we] == K_CODE)
                    we++;
                if (word_is(c, w, we, "__shared__")) {
                    size_t next = extern_shared(c, i, we, fn_depth > 0);
                    if (next == SIZE_MAX)
                        break;
                    i = next;
                    continue;
                }
            } else if (word_is(c, i, e, "__noinline__") && !in_directive(c, i) && !system_header(c, i)) {
                /* left a word by the preprocessing (warpsim/cuda.h): the user's, not libstdc++'s */
                if (!add_edit(c, i, e, "__attribute__((noinline))"))
                    break;
            } else if ((word_is(c, i, e, "cudaLaunchCooperativeKernel") || word_is(c, i, e, "cudaLaunchKernel")) &&
                       !in_directive(c, i) && !system_header(c, i)) {
                if (!launch_api_cast(c, e))
                    break;
            } else if (fn_depth > 0 && cc_ptx_keyword(c->s, i, e) && !in_directive(c, i) && !system_header(c, i)) {
                size_t next = inline_ptx(c, i, e);
                if (next == SIZE_MAX)
                    break;
                i = next;
                continue;
            } else if (word_is(c, i, e, "__shared__") && !in_directive(c, i) &&
                       extern_before(c, declaration_start(c, i))) {
                /* `extern float __shared__ s[]`: the extern comes first, the type between */
                size_t start = declaration_start(c, i);
                size_t next = extern_shared(c, start, start + 6, fn_depth > 0);
                if (next == SIZE_MAX)
                    break;
                i = next;
                continue;
            } else if (word_is(c, i, e, "__shared__") && fn_depth > 0 && !in_directive(c, i)) {
                size_t next = static_shared(c, i, e);
                if (next == SIZE_MAX)
                    break;
                i = next;
                continue;
            }
            i = e;
        } else {
            i++;
        }
    }
    free(ns);
    return !c->failed;
}

static bool emit(ctx *c)
{
    if (c->n_edits)
        qsort(c->edits, c->n_edits, sizeof *c->edits, edit_cmp);
    size_t extra = 64 + 2 * strlen(c->path);
    for (size_t i = 0; i < c->n_edits; i++) {
        if (i > 0 && c->edits[i].at < c->edits[i - 1].end)
            return fail(c, c->edits[i].at, "internal error: overlapping rewrites (please report this input)");
        extra += strlen(c->edits[i].text);
    }
    char *out = malloc(c->n + extra + 1);
    if (!out)
        return fail(c, 0, "out of memory");
    size_t k = 0;
    if (!c->preprocessed) { /* preprocessed text has its own line markers */
        k += (size_t)sprintf(out, "#line 1 \"");
        for (const char *p = c->path; *p; p++) {
            if (*p == '"' || *p == '\\')
                out[k++] = '\\';
            out[k++] = *p;
        }
        k += (size_t)sprintf(out + k, "\"\n");
    }
    size_t from = 0;
    for (size_t i = 0; i < c->n_edits; i++) {
        const edit *e = &c->edits[i];
        memcpy(out + k, c->s + from, e->at - from);
        k += e->at - from;
        size_t tl = strlen(e->text);
        memcpy(out + k, e->text, tl);
        k += tl;
        from = e->end;
    }
    if (c->n > from)
        memcpy(out + k, c->s + from, c->n - from);
    k += c->n - from;
    out[k] = 0;
    c->r->text = out;
    c->r->len = k;
    return true;
}

static bool rewrite(ctx c, cc_rewrite_result *r)
{
    size_t len = c.n;
    c.kind = calloc(len ? len : 1, 1);
    if (!c.kind) {
        snprintf(r->error, sizeof r->error, "%s: out of memory", c.path);
        return false;
    }
    bool ok = classify(&c) && scan(&c) && emit(&c);
    for (size_t i = 0; i < c.n_edits; i++)
        free(c.edits[i].text);
    free(c.edits);
    free(c.kind);
    if (!ok) {
        free(r->text);
        r->text = NULL;
        r->len = 0;
        r->launches = r->shared_decls = 0;
    }
    return ok;
}

bool cc_rewrite(const char *src, size_t len, const char *path, cc_rewrite_result *r)
{
    return cc_rewrite_includes(src, len, path, NULL, NULL, r);
}

bool cc_rewrite_includes(const char *src, size_t len, const char *path, cc_include_fn include, void *user,
                         cc_rewrite_result *r)
{
    memset(r, 0, sizeof *r);
    return rewrite((ctx){.s = src, .n = len, .path = path ? path : "<input>", .r = r, .include = include, .user = user},
                   r);
}

bool cc_rewrite_preprocessed(const char *src, size_t len, const char *path, cc_rewrite_result *r)
{
    memset(r, 0, sizeof *r);
    return rewrite((ctx){.s = src, .n = len, .path = path ? path : "<input>", .r = r, .preprocessed = true}, r);
}
