/* The grammar of WARPSIM_TRACE's variables (docs/cuda-frontend.md,
 * "Tracing your kernel"), pure functions that trace.c calls once and the
 * libFuzzer harness tests/fuzz/fuzz_trace.c calls on any bytes:
 *
 *   WARPSIM_TRACE        FORMAT:FILE    FORMAT text, json, csv or html; FILE not empty
 *   WARPSIM_TRACE_WARPS  ENTRY[,ENTRY]  at most WC_TRACE_MAX_PICKS; ENTRY is B, B.W, B.*,
 *                                       *, *.W or *.*; B decimal digits (a block's
 *                                       linear index, below 2^63), W 0 to 31
 *   WARPSIM_TRACE_COST   0 or 1 (empty: 0) */
#define _GNU_SOURCE /* sigjmp_buf in cuda_internal.h with -std=c17 */
#include <string.h>

#include "cuda_internal.h"

static const char *const formats[] = {"text", "json", "csv", "html"};

bool wc_trace_parse_spec(const char *v, char format[8], const char **path, char *why, size_t why_size)
{
    const char *colon = strchr(v, ':');
    size_t n = colon ? (size_t)(colon - v) : 0;
    for (size_t i = 0; colon && i < sizeof formats / sizeof formats[0]; i++)
        if (strlen(formats[i]) == n && strncmp(v, formats[i], n) == 0) {
            if (!colon[1]) {
                snprintf(why, why_size, "no file after the format");
                return false;
            }
            memcpy(format, v, n);
            format[n] = 0;
            *path = colon + 1;
            return true;
        }
    snprintf(why, why_size, "expected FORMAT:FILE with FORMAT text, json, csv or html");
    return false;
}

/* Decimal digits at *p, below `limit`; *p moves past them. */
static bool digits(const char **p, unsigned long long limit, unsigned long long *value)
{
    const char *s = *p;
    unsigned long long v = 0;
    if (*s < '0' || *s > '9')
        return false;
    for (; *s >= '0' && *s <= '9'; s++) {
        unsigned d = (unsigned)(*s - '0');
        if (v > (limit - d) / 10)
            return false;
        v = v * 10 + d;
    }
    *p = s;
    *value = v;
    return true;
}

bool wc_trace_parse_warps(const char *v, wc_trace_pick *picks, int *n, char *why, size_t why_size)
{
    static const char grammar[] = "expected B.W,... (a block's linear index and a warp 0 to 31; * for any)";
    *n = 0;
    for (const char *p = v;;) {
        if (*n == WC_TRACE_MAX_PICKS) {
            snprintf(why, why_size, "at most %d entries", WC_TRACE_MAX_PICKS);
            return false;
        }
        wc_trace_pick k = {-1, -1};
        unsigned long long x;
        if (*p == '*')
            p++;
        else if (digits(&p, (1ull << 63) - 1, &x))
            k.block = (long long)x;
        else {
            snprintf(why, why_size, *p == ',' || !*p ? "an empty entry" : grammar);
            return false;
        }
        if (*p == '.') {
            p++;
            if (*p == '*') {
                p++;
            } else if (digits(&p, 31, &x)) {
                k.warp = (int)x;
            } else {
                snprintf(why, why_size, *p >= '0' && *p <= '9' ? "a warp is 0 to 31 (a block has at most 1024 "
                                                                 "threads), or *" : grammar);
                return false;
            }
        } else if (k.block >= 0) {
            k.warp = 0; /* "3" alone: block 3's warp 0 */
        }
        if (*p && *p != ',') {
            snprintf(why, why_size, "%s", grammar);
            return false;
        }
        picks[(*n)++] = k;
        if (!*p)
            return true;
        p++; /* past the comma: another entry must follow */
    }
}

bool wc_trace_parse_cost(const char *v, bool *cost, char *why, size_t why_size)
{
    if (!*v || strcmp(v, "0") == 0 || strcmp(v, "1") == 0) {
        *cost = strcmp(v, "1") == 0;
        return true;
    }
    snprintf(why, why_size, "expected 1 (the cycle estimate) or 0");
    return false;
}
