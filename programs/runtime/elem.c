/* Element types: names, storage, text in and out. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elem.h"
#include "sym.h"

const wk_elem wk_elem_order[WK_ELEM_COUNT] = {WK_I32, WK_U32, WK_F32, WK_F64, WK_I64, WK_U64, WK_SYM};

int wk_elem_rank(wk_elem e)
{
    for (int i = 0; i < WK_ELEM_COUNT; i++)
        if (wk_elem_order[i] == e)
            return i;
    return -1;
}

/* The plain types' names are the model's (ws_type_name, NULL past them). */
const char *wk_elem_name(wk_elem e) { return e == WK_SYM ? "sym" : ws_type_name((ws_type)e); }

bool wk_elem_from_name(const char *name, wk_elem *out)
{
    for (int e = 0; e < WK_ELEM_COUNT; e++)
        if (name && strcmp(name, wk_elem_name((wk_elem)e)) == 0) {
            *out = (wk_elem)e;
            return true;
        }
    return false;
}

bool wk_elem_is_float(wk_elem e) { return e == WK_F32 || e == WK_F64; }
/* Floats have a sign bit, so they count as signed. */
bool wk_elem_is_signed(wk_elem e) { return e == WK_I32 || e == WK_I64 || wk_elem_is_float(e); }
/* sym's handles are 32-bit; ws_type_is_64bit is false for it and for bad values. */
int wk_elem_bits(wk_elem e) { return ws_type_is_64bit((ws_type)e) ? 64 : 32; }

/* The shortest %.*g that reads back to the same float or double, written
 * without an exponent when the integer part has at most 16 digits (so 10
 * is "10", not "1e+01"). */
static bool reads_back(char *buf, size_t size, int digits, double v, bool single)
{
    snprintf(buf, size, "%.*g", digits, v);
    return single ? strtof(buf, NULL) == (float)v : strtod(buf, NULL) == v;
}

static void shortest_float(char *buf, size_t size, double v, bool single)
{
    /* The fewest significant digits that read back (9 always do for a
     * float, 17 for a double). Where the values that read back lie evenly
     * around v, if d digits read back so do d + 1 (the d-digit decimal is
     * also a (d+1)-digit one, and the nearest (d+1)-digit decimal is at
     * least as close), so a binary search finds the fewest. At a power of
     * two the neighbour below is twice as close as the one above, and d + 1
     * digits can fail where d succeed (2^-645: 15 and 17 digits read back,
     * 16 do not): there the digits are tried one by one. */
    int lo = 1, hi = single ? 9 : 17;
    int exponent;
    double mantissa = frexp(v, &exponent);
    if (mantissa == 0.5 || mantissa == -0.5) {
        while (lo < hi && !reads_back(buf, size, lo, v, single))
            lo++;
        hi = lo;
    }
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (reads_back(buf, size, mid, v, single))
            hi = mid;
        else
            lo = mid + 1;
    }
    int digits = lo;
    snprintf(buf, size, "%.*g", digits, v);
    double mag = fabs(v);
    if (mag >= 1.0 && mag < 1e16) {
        int int_digits = 1;
        for (double p = 10.0; p <= mag; p *= 10.0)
            int_digits++;
        snprintf(buf, size, "%.*g", digits > int_digits ? digits : int_digits, v);
    }
}

char *wk_format(wk_elem e, uint64_t bits, const wk_sym_table *sym, char *buf, size_t size)
{
    if (!buf || size == 0)
        return buf;
    switch (e) {
    case WK_I32: snprintf(buf, size, "%" PRId32, (int32_t)(uint32_t)bits); break;
    case WK_U32: snprintf(buf, size, "%" PRIu32, (uint32_t)bits); break;
    case WK_I64: snprintf(buf, size, "%" PRId64, (int64_t)bits); break;
    case WK_U64: snprintf(buf, size, "%" PRIu64, bits); break;
    case WK_F32: {
        uint32_t u = (uint32_t)bits;
        float f;
        memcpy(&f, &u, sizeof f);
        if (isnan(f))
            snprintf(buf, size, "nan(0x%08" PRIx32 ")", u);
        else if (isinf(f))
            snprintf(buf, size, "%sinf", f < 0 ? "-" : "");
        else
            shortest_float(buf, size, f, true);
        break;
    }
    case WK_F64: {
        double d;
        memcpy(&d, &bits, sizeof d);
        if (isnan(d))
            snprintf(buf, size, "nan(0x%016" PRIx64 ")", bits);
        else if (isinf(d))
            snprintf(buf, size, "%sinf", d < 0 ? "-" : "");
        else
            shortest_float(buf, size, d, false);
        break;
    }
    case WK_SYM:
        if (sym)
            wk_sym_format(sym, (uint32_t)bits, buf, size);
        else
            snprintf(buf, size, "sym#%" PRIu32, (uint32_t)bits);
        break;
    default: snprintf(buf, size, "?"); break;
    }
    return buf;
}

char *wk_format_hex(wk_elem e, uint64_t bits, char *buf, size_t size)
{
    if (wk_elem_bits(e) == 64)
        snprintf(buf, size, "0x%016" PRIx64, bits);
    else
        snprintf(buf, size, "0x%08" PRIx32, (uint32_t)bits);
    return buf;
}

static bool fail(char *err, size_t size, const char *what)
{
    if (err && size)
        snprintf(err, size, "%s", what);
    return false;
}

/* Whole-text unsigned or signed integer, decimal or 0x hex. */
static bool parse_int(const char *text, bool is_signed, int bits, uint64_t *out, char *err, size_t size)
{
    const char *s = text;
    bool negative = false;
    if (*s == '-' || *s == '+') {
        negative = *s == '-';
        s++;
    }
    if (!*s || *s == '-' || *s == '+' || isspace((unsigned char)*s))
        return fail(err, size, "not a number");
    errno = 0;
    char *end = NULL;
    unsigned long long mag = strtoull(s, &end, (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) ? 16 : 10);
    if (end == s || *end)
        return fail(err, size, "not an integer");
    if (errno == ERANGE)
        return fail(err, size, bits == 64 ? "out of range for a 64-bit integer" : "out of range");
    uint64_t umax = bits == 64 ? UINT64_MAX : UINT32_MAX;
    if (!is_signed) {
        if (negative && mag != 0)
            return fail(err, size, bits == 64 ? "negative, out of range for u64" : "negative, out of range for u32");
        if (mag > umax)
            return fail(err, size, "out of range for u32");
        *out = mag;
        return true;
    }
    uint64_t limit = (umax >> 1) + (negative ? 1u : 0u); /* INT_MAX, or -INT_MIN */
    if (mag > limit)
        return fail(err, size, bits == 64 ? "out of range for i64" : "out of range for i32");
    uint64_t v = negative ? (uint64_t)0 - mag : mag;
    *out = bits == 64 ? v : (uint32_t)v;
    return true;
}

/* "nan(0x7fc00001)": a NaN with exactly these bits. Every text that starts
 * nan( in any case, with or without a sign, is this form (false with a
 * reason in err when it is not written as docs/cli.md says: lower case, hex
 * digits with an optional 0x, no sign); false with err empty when the text
 * is not of this form. strtod is never left to read it: it takes NAN(...)
 * and -nan(...) and makes them a quiet NaN of its own bits. */
static bool parse_nan_bits(const char *text, int bits, uint64_t *out, char *err, size_t size)
{
    const char *s = text + (text[0] == '-' || text[0] == '+');
    if (tolower((unsigned char)s[0]) != 'n' || tolower((unsigned char)s[1]) != 'a' ||
        tolower((unsigned char)s[2]) != 'n' || s[3] != '(')
        return false;
    if (s != text)
        return fail(err, size, "no sign before nan(...): the sign is a bit of the pattern in the parentheses");
    if (strncmp(s, "nan(", 4) != 0)
        return fail(err, size, "write nan(...) in lower case, the bits in hex: nan(0x7fc00001)");
    const char *h = s + 4;
    if (h[0] == '0' && (h[1] == 'x' || h[1] == 'X'))
        h += 2;
    const char *digits = h;
    unsigned long long v = 0;
    bool overflow = false;
    for (; isxdigit((unsigned char)*h); h++) {
        unsigned d = isdigit((unsigned char)*h) ? (unsigned)(*h - '0')
                                                : (unsigned)(tolower((unsigned char)*h) - 'a' + 10);
        if (v > (ULLONG_MAX >> 4))
            overflow = true;
        v = v << 4 | d;
    }
    if (h == digits || strcmp(h, ")") != 0 || overflow || (bits == 32 && v > UINT32_MAX))
        return fail(err, size, "bad NaN: write nan(0x7fc00001), the bits in hex");
    bool is_nan = bits == 32 ? ((v & 0x7F800000u) == 0x7F800000u && (v & 0x007FFFFFu))
                             : ((v & 0x7FF0000000000000u) == 0x7FF0000000000000u && (v & 0x000FFFFFFFFFFFFFu));
    if (!is_nan)
        return fail(err, size, "the bits in nan(...) are not a NaN");
    *out = v;
    return true;
}

bool wk_parse(wk_elem e, const char *text, bool raw_bits, uint64_t *bits, char *err, size_t size)
{
    if (!text || !*text)
        return fail(err, size, "empty value");
    if (e == WK_SYM)
        return fail(err, size, "sym takes no input values");
    if (raw_bits)
        return parse_int(text, false, wk_elem_bits(e), bits, err, size) ||
               fail(err, size, wk_elem_bits(e) == 64 ? "not a 64-bit pattern (decimal or 0x hex)"
                                                     : "not a 32-bit pattern (decimal or 0x hex)");
    if (!wk_elem_is_float(e))
        return parse_int(text, wk_elem_is_signed(e), wk_elem_bits(e), bits, err, size);
    /* strtof and strtod skip leading blanks: a value has none, before or after its sign */
    if (isspace((unsigned char)text[text[0] == '-' || text[0] == '+']))
        return fail(err, size, "not a number");

    int width = wk_elem_bits(e);
    uint64_t nan_bits;
    char nan_err[120] = "";
    if (parse_nan_bits(text, width, &nan_bits, nan_err, sizeof nan_err)) {
        *bits = nan_bits;
        return true;
    }
    if (nan_err[0])
        return fail(err, size, nan_err);
    char *end = NULL;
    errno = 0;
    if (width == 32) {
        float f = strtof(text, &end);
        if (end == text || *end)
            return fail(err, size, "not a number");
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        *bits = u;
    } else {
        double d = strtod(text, &end);
        if (end == text || *end)
            return fail(err, size, "not a number");
        memcpy(bits, &d, sizeof d);
    }
    return true; /* overflow gives inf and underflow a subnormal or 0, as a C literal does */
}
