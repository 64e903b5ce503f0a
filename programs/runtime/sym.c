/* Symbolic sums: a table of multiplicity vectors, one per handle. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym.h"

bool wk_sym_init(wk_sym_table *t, size_t n_inputs, const char *term)
{
    memset(t, 0, sizeof *t);
    if (n_inputs == 0 || n_inputs > WK_SYM_MAX_INPUTS)
        return false;
    t->n_inputs = n_inputs;
    t->term = term ? term : "lane";
    t->capacity = 2 * (n_inputs + 1) + 64;
    t->counts = calloc(t->capacity * n_inputs, sizeof *t->counts);
    if (!t->counts)
        return false;
    t->count = n_inputs + 1; /* handle 0: the empty sum; 1..n: the inputs */
    for (size_t i = 0; i < n_inputs; i++)
        t->counts[(i + 1) * n_inputs + i] = 1;
    return true;
}

void wk_sym_free(wk_sym_table *t)
{
    free(t->counts);
    memset(t, 0, sizeof *t);
}

bool wk_sym_valid(const wk_sym_table *t, uint32_t h) { return t->counts && h < t->count; }

int32_t wk_sym_count(const wk_sym_table *t, uint32_t h, size_t i)
{
    return wk_sym_valid(t, h) && i < t->n_inputs ? t->counts[(size_t)h * t->n_inputs + i] : 0;
}

uint32_t wk_sym_combine(wk_sym_table *t, uint32_t a, uint32_t b, int sign)
{
    if (!wk_sym_valid(t, a) || !wk_sym_valid(t, b) || t->count >= WK_SYM_NONE)
        return WK_SYM_NONE;
    /* Sums are never changed once made, so adding the empty sum can reuse a handle. */
    if (b == 0)
        return a;
    if (a == 0 && sign > 0)
        return b;
    if (t->count == t->capacity) {
        size_t cap = t->capacity * 2;
        if (cap * t->n_inputs * sizeof *t->counts > WK_SYM_MAX_BYTES)
            return WK_SYM_NONE;
        int32_t *grown = realloc(t->counts, cap * t->n_inputs * sizeof *grown);
        if (!grown)
            return WK_SYM_NONE;
        t->counts = grown;
        t->capacity = cap;
    }
    size_t n = t->n_inputs;
    int32_t *dst = &t->counts[t->count * n];
    const int32_t *x = &t->counts[(size_t)a * n], *y = &t->counts[(size_t)b * n];
    for (size_t i = 0; i < n; i++)
        dst[i] = x[i] + (sign < 0 ? -y[i] : y[i]);
    return (uint32_t)t->count++;
}

/* Appends text; on overflow marks the end with "..." and returns false. */
static bool append(char *buf, size_t size, size_t *len, const char *text)
{
    size_t add = strlen(text);
    if (*len + add + 1 > size) {
        if (size >= 4)
            strcpy(buf + size - 4, "...");
        return false;
    }
    memcpy(buf + *len, text, add + 1);
    *len += add;
    return true;
}

static void term_text(const wk_sym_table *t, int32_t count, size_t i, bool first, char *out, size_t size)
{
    const char *sign = count < 0 ? "-" : first ? "" : "+";
    int32_t mag = count < 0 ? -count : count;
    if (mag == 1)
        snprintf(out, size, "%s%s(%zu)", sign, t->term, i);
    else
        snprintf(out, size, "%s%d*%s(%zu)", sign, mag, t->term, i);
}

char *wk_sym_format(const wk_sym_table *t, uint32_t h, char *buf, size_t size)
{
    if (!buf || size == 0)
        return buf;
    buf[0] = '\0';
    if (!wk_sym_valid(t, h)) {
        snprintf(buf, size, "?");
        return buf;
    }
    const int32_t *c = &t->counts[(size_t)h * t->n_inputs];
    size_t len = 0;
    bool first = true;
    char piece[64];
    for (size_t i = 0; i < t->n_inputs;) {
        if (c[i] == 0) {
            i++;
            continue;
        }
        size_t run = 1; /* consecutive inputs with the same count */
        while (i + run < t->n_inputs && c[i + run] == c[i])
            run++;
        if (run >= 4) {
            term_text(t, c[i], i, first, piece, sizeof piece);
            if (!append(buf, size, &len, piece) || !append(buf, size, &len, c[i] < 0 ? "-...": "+..."))
                return buf;
            term_text(t, c[i], i + run - 1, false, piece, sizeof piece);
            if (!append(buf, size, &len, piece))
                return buf;
            i += run;
        } else {
            term_text(t, c[i], i, first, piece, sizeof piece);
            if (!append(buf, size, &len, piece))
                return buf;
            i++;
        }
        first = false;
    }
    if (first)
        append(buf, size, &len, "0");
    return buf;
}
