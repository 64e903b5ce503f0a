/* Input values: text or binary files, generators, command-line lists. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <omp.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* A growing array of values, or (with a sink) a chunk buffer of native
 * values handed on whenever it fills. */
typedef struct values {
    uint64_t *bits;
    size_t n, cap;
    cli_chunk_fn sink;
    void *ctx;
    size_t width;        /* sink: bytes per native value */
    unsigned char *chunk;
    size_t total;        /* sink: values handed on so far */
    bool sink_failed;
    cli_limit limit;     /* more values than limit.max: an error */
    const char *name;    /* the input, for messages */
} values;

static bool flush(values *v)
{
    if (v->n && !v->sink_failed && !v->sink(v->ctx, v->chunk, v->n))
        v->sink_failed = true;
    v->total += v->n;
    v->n = 0;
    return !v->sink_failed;
}

static void put_native(unsigned char *dst, size_t width, uint64_t bits)
{
    if (width == 4) {
        uint32_t u = (uint32_t)bits;
        memcpy(dst, &u, 4);
    } else {
        memcpy(dst, &bits, 8);
    }
}

/* CLI_EXIT_OK, or the exit code after printing why (a sink prints its own
 * reason). */
static int push(values *v, uint64_t bits)
{
    if (v->limit.max && v->total + v->n >= v->limit.max) {
        cli_error("%s: more than %zu values (%s)", v->name, v->limit.max, v->limit.why);
        return CLI_EXIT_USAGE;
    }
    if (v->sink) {
        put_native(v->chunk + v->n * v->width, v->width, bits);
        return ++v->n < v->cap || flush(v) ? CLI_EXIT_OK : CLI_EXIT_IO;
    }
    if (v->n == v->cap) {
        size_t cap = v->cap ? v->cap * 2 : 256;
        uint64_t *grown = realloc(v->bits, cap * sizeof *grown);
        if (!grown) {
            cli_error("%s: out of memory", v->name);
            return CLI_EXIT_IO;
        }
        v->bits = grown;
        v->cap = cap;
    }
    v->bits[v->n++] = bits;
    return CLI_EXIT_OK;
}

/* Blanks (every C whitespace character), commas and newlines separate values. */
static bool is_separator(int c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' || c == ',';
}

/* Parses one value; `where` (and line_no when not 0) names it in messages. */
static int parse_token(const char *where, size_t line_no, const char *token, wk_elem type, bool raw_bits, values *v)
{
    uint64_t bits;
    char err[160];
    if (!wk_parse(type, token, raw_bits, &bits, err, sizeof err)) { /* nan(...) forms included */
        char shown[CLI_SHOWN_SIZE];
        bool binary;
        cli_shown(token, shown, &binary);
        const char *hint = binary ? " (binary data? use --binary)" : "";
        /* 0xffffffff as an i32: the pattern, not the number */
        if (!binary && !raw_bits && wk_elem_is_signed(type) && !wk_elem_is_float(type) && token[0] == '0' &&
            (token[1] == 'x' || token[1] == 'X') && strstr(err, "out of range"))
            hint = " (a bit pattern? add --bits)";
        if (line_no)
            cli_error("%s:%zu: '%s': %s%s", where, line_no, shown, err, hint);
        else
            cli_error("%s: '%s': %s%s", where, shown, err, hint);
        return CLI_EXIT_USAGE;
    }
    return push(v, bits);
}

/* The values of one line of text (--values). */
static int parse_line(const char *where, char *line, wk_elem type, bool raw_bits, values *v)
{
    char *hash = strchr(line, '#');
    if (hash)
        *hash = '\0';
    int rc = CLI_EXIT_OK;
    for (char *p = line; *p && rc == CLI_EXIT_OK;) {
        while (*p && is_separator((unsigned char)*p))
            p++;
        if (!*p)
            break;
        char *start = p;
        while (*p && !is_separator((unsigned char)*p))
            p++;
        char saved = *p;
        *p = '\0';
        rc = parse_token(where, 0, start, type, raw_bits, v);
        *p = saved;
    }
    return rc;
}

/* Text, value by value: memory is one value (at most CLI_MAX_TOKEN
 * characters) whatever the length of a line, and reading stops at the
 * first error; a read error is an error, never the end of the input. */
static int read_text(FILE *f, const char *name, wk_elem type, bool raw_bits, values *v)
{
    char token[CLI_MAX_TOKEN + 1];
    size_t len = 0, line_no = 1, token_line = 1;
    bool comment = false;
    int rc = CLI_EXIT_OK, c;
    while (rc == CLI_EXIT_OK) {
        c = getc_unlocked(f);
        if (c == EOF || c == '\n' || (!comment && (is_separator(c) || c == '#'))) {
            if (len) {
                token[len] = '\0';
                rc = parse_token(name, token_line, token, type, raw_bits, v);
                len = 0;
            }
            if (c == EOF)
                break;
            if (c == '\n') {
                line_no++;
                comment = false;
            } else if (c == '#') {
                comment = true;
            }
            continue;
        }
        if (c == '\0') {
            cli_error("%s:%zu: a NUL byte in a text file (binary data? use --binary)", name, line_no);
            rc = CLI_EXIT_USAGE;
            break;
        }
        if (comment)
            continue;
        if (len == CLI_MAX_TOKEN) {
            token[len] = '\0';
            char shown[CLI_SHOWN_SIZE];
            bool binary;
            cli_shown(token, shown, &binary);
            cli_error("%s:%zu: '%s': a value longer than %d characters%s", name, line_no, shown, CLI_MAX_TOKEN,
                      binary ? " (binary data? use --binary)" : "");
            rc = CLI_EXIT_USAGE;
            break;
        }
        if (!len)
            token_line = line_no;
        token[len++] = (char)c;
    }
    if (rc == CLI_EXIT_OK && ferror(f)) {
        cli_error("%s: read error: %s", name, strerror(errno));
        rc = CLI_EXIT_IO;
    }
    return rc;
}

static int read_binary(FILE *f, const char *name, wk_elem type, values *v)
{
    size_t width = wk_elem_bits(type) / 8;
    unsigned char buf[8];
    size_t got;
    while ((got = fread(buf, 1, width, f)) == width) {
        uint64_t bits = 0;
        for (size_t i = 0; i < width; i++)
            bits |= (uint64_t)buf[i] << (8 * i); /* little-endian, whatever the host */
        int rc = push(v, bits);
        if (rc != CLI_EXIT_OK)
            return rc;
    }
    if (ferror(f)) {
        cli_error("%s: read error: %s", name, strerror(errno));
        return CLI_EXIT_IO;
    }
    if (got != 0) {
        cli_error("%s: %zu bytes at the end do not make a whole %zu-byte %s value", name, got, width,
                  wk_elem_name(type));
        return CLI_EXIT_USAGE;
    }
    return CLI_EXIT_OK;
}

/* The input's name in messages: "standard input", or the file name escaped
 * (cli_shown_path), never raw bytes. */
static void input_name(const char *path, bool from_stdin, char name[CLI_SHOWN_PATH_SIZE])
{
    if (from_stdin)
        snprintf(name, CLI_SHOWN_PATH_SIZE, "standard input");
    else
        cli_shown_path(path, name, CLI_SHOWN_PATH_SIZE);
}

int cli_read_values(const char *path, wk_elem type, bool raw_bits, bool binary, cli_limit limit, uint64_t **bits,
                    size_t *n)
{
    *bits = NULL;
    *n = 0;
    if (type == WK_SYM) {
        cli_error("--input: --type sym takes no input values (each input is a symbol)");
        return CLI_EXIT_USAGE;
    }
    bool from_stdin = strcmp(path, "-") == 0;
    char name[CLI_SHOWN_PATH_SIZE]; /* the file, escaped, for messages */
    input_name(path, from_stdin, name);
    FILE *f = from_stdin ? stdin : fopen(path, binary ? "rb" : "r");
    if (!f) {
        cli_error("--input %s: cannot open: %s", name, strerror(errno));
        return CLI_EXIT_IO;
    }
    values v = {.limit = limit, .name = name};
    int rc = binary ? read_binary(f, name, type, &v) : read_text(f, name, type, raw_bits, &v);
    if (!from_stdin)
        fclose(f);
    if (rc == CLI_EXIT_OK && v.n == 0) {
        cli_error("%s: no values", name);
        rc = CLI_EXIT_USAGE;
    }
    if (rc != CLI_EXIT_OK) {
        free(v.bits);
        return rc;
    }
    *bits = v.bits;
    *n = v.n;
    return CLI_EXIT_OK;
}

int cli_list_values(const char *opt, const char *list, wk_elem type, bool raw_bits, uint64_t **bits, size_t *n)
{
    *bits = NULL;
    *n = 0;
    char *copy = strdup(list);
    if (!copy) {
        cli_error("out of memory");
        return CLI_EXIT_IO;
    }
    values v = {.name = opt};
    int rc = parse_line(opt, copy, type, raw_bits, &v);
    free(copy);
    if (rc == CLI_EXIT_OK && v.n == 0) {
        cli_error("%s: no values", opt);
        rc = CLI_EXIT_USAGE;
    }
    if (rc != CLI_EXIT_OK) {
        free(v.bits);
        return rc;
    }
    *bits = v.bits;
    *n = v.n;
    return CLI_EXIT_OK;
}

/* splitmix64: a small, well-known generator; the same seed gives the same
 * values on every machine. */
static inline uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

/* r % m for a small m (below 2^16), in 32-bit pieces: r = hi * 2^32 + lo,
 * so r % m = ((hi % m) * (2^32 % m) + lo % m) % m, every step below 2^32.
 * The same number as r % m; written so because 32-bit remainders by a
 * constant vectorise and 64-bit ones do not. */
static inline uint32_t mod_small(uint64_t r, uint32_t m)
{
    uint32_t hi = (uint32_t)(r >> 32), lo = (uint32_t)r, k = (uint32_t)((UINT64_C(1) << 32) % m);
    return ((hi % m) * k + lo % m) % m;
}

/* One "rand" value: integers in [-1000, 1000] (unsigned [0, 1000]),
 * floats in [-1, 1) on a grid of 2^-23 (f32) or 2^-52 (f64). */
static inline uint64_t rand_value(wk_elem type, uint64_t r)
{
    switch (type) {
    case WK_I32: return (uint32_t)((int32_t)mod_small(r, 2001) - 1000);
    case WK_I64: return (uint64_t)((int64_t)mod_small(r, 2001) - 1000);
    case WK_U32:
    case WK_U64: return mod_small(r, 1001);
    case WK_F32: {
        float f = (float)(int32_t)((r >> 40) & 0xFFFFFF) / 8388608.0f - 1.0f;
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return u;
    }
    case WK_F64: {
        double d = (double)(int64_t)(r >> 11) / 4503599627370496.0 - 1.0;
        uint64_t u;
        memcpy(&u, &d, sizeof u);
        return u;
    }
    default: return 0;
    }
}

static inline uint64_t seq_value(wk_elem type, size_t i)
{
    switch (type) {
    case WK_F32: {
        float f = (float)i;
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return u;
    }
    case WK_F64: {
        double d = (double)i;
        uint64_t u;
        memcpy(&u, &d, sizeof u);
        return u;
    }
    case WK_I32:
    case WK_U32: return (uint32_t)i;
    default: return (uint64_t)i;
    }
}

/* A generator: "seq", "rand:SEED" or "bits:SEED". */
typedef struct generator {
    enum { SEQ, RAND, BITS } kind;
    uint64_t seed;
} generator;

static int parse_generator(const char *spec, generator *g)
{
    g->seed = 0;
    if (strcmp(spec, "seq") == 0) {
        g->kind = SEQ;
        return CLI_EXIT_OK;
    }
    if (strncmp(spec, "rand:", 5) == 0 || strncmp(spec, "bits:", 5) == 0) {
        g->kind = spec[0] == 'r' ? RAND : BITS;
        const char *end;
        unsigned long long seed;
        bool overflow;
        if (!cli_scan_u64(spec + 5, &seed, &end, &overflow) || *end) {
            char buf[CLI_SHOWN_SIZE];
            cli_error("--gen %s: the seed must be a non-negative integer below 2^64 (decimal or 0x hex), like %.5s42",
                      cli_shown(spec, buf, NULL), spec);
            return CLI_EXIT_USAGE;
        }
        g->seed = seed;
        return CLI_EXIT_OK;
    }
    char buf[CLI_SHOWN_SIZE];
    if (strcmp(spec, "rand") == 0 || strcmp(spec, "bits") == 0)
        cli_error("--gen %s: needs a seed: %s:SEED, like %s:42", spec, spec, spec);
    else
        cli_error("--gen: unknown generator '%s' (seq, rand:SEED, bits:SEED)", cli_shown(spec, buf, NULL));
    return CLI_EXIT_USAGE;
}

/* Value i of a generator: splitmix64's i-th output is the mix of
 * seed + (i + 1) * gamma, so any value can be made on its own (and chunks
 * in parallel) with the same bits as the sequential stream. */
static inline uint64_t raw_value(const generator *g, wk_elem type, size_t i)
{
    if (type == WK_SYM)
        return 0;
    if (g->kind == SEQ)
        return seq_value(type, i);
    uint64_t state = g->seed + (uint64_t)i * UINT64_C(0x9E3779B97F4A7C15);
    uint64_t r = splitmix64(&state);
    return g->kind == RAND ? rand_value(type, r) : r;
}

/* A 64-bit element type (inline, unlike wk_elem_bits: the fill loops need
 * it folded to a constant). */
static inline bool wide_type(wk_elem type) { return type == WK_I64 || type == WK_U64 || type == WK_F64; }

static uint64_t generated(const generator *g, wk_elem type, size_t i)
{
    return raw_value(g, type, i) & (wide_type(type) ? UINT64_MAX : UINT32_MAX);
}

/* Values first .. first+count-1 of a generator, stored at the type's
 * native width: one loop per generator and type (the switch outside it),
 * which the compiler vectorises, the 64-bit multiplies of splitmix64
 * included where the CPU has AVX-512 (a clone per ISA, picked at load time:
 * the same arithmetic, so the same bits). `generated` stays the
 * definition; tests/cli checks the two agree. */
#if defined(__x86_64__) && defined(__clang__)
#define GEN_CLONES __attribute__((target_clones("avx512dq", "avx2", "default")))
#elif defined(__x86_64__) && defined(__GNUC__)
#define GEN_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define GEN_CLONES
#endif

static inline __attribute__((always_inline)) void fill_loop(const generator *g, wk_elem type, size_t first,
                                                            size_t count, unsigned char *dst)
{
    if (wide_type(type)) {
        uint64_t *d = (uint64_t *)(void *)dst;
        for (size_t k = 0; k < count; k++)
            d[k] = raw_value(g, type, first + k);
    } else { /* a 32-bit type keeps the low word, as generated() does */
        uint32_t *d = (uint32_t *)(void *)dst;
        for (size_t k = 0; k < count; k++)
            d[k] = (uint32_t)raw_value(g, type, first + k);
    }
}

#define FILL_TYPE(g, t, first, count, dst)                                                                  \
    switch (t) {                                                                                            \
    case WK_I32: fill_loop(g, WK_I32, first, count, dst); break;                                            \
    case WK_U32: fill_loop(g, WK_U32, first, count, dst); break;                                            \
    case WK_F32: fill_loop(g, WK_F32, first, count, dst); break;                                            \
    case WK_F64: fill_loop(g, WK_F64, first, count, dst); break;                                            \
    case WK_I64: fill_loop(g, WK_I64, first, count, dst); break;                                            \
    case WK_U64: fill_loop(g, WK_U64, first, count, dst); break;                                            \
    default: fill_loop(g, WK_SYM, first, count, dst); break;                                                \
    }

GEN_CLONES static void fill_values(const generator *g, wk_elem type, size_t first, size_t count, unsigned char *dst)
{
    const generator seq = {.kind = SEQ}, rnd = {.kind = RAND, .seed = g->seed}, bits = {.kind = BITS, .seed = g->seed};
    switch (g->kind) { /* a constant kind in each loop, like the type */
    case SEQ: FILL_TYPE(&seq, type, first, count, dst); break;
    case RAND: FILL_TYPE(&rnd, type, first, count, dst); break;
    default: FILL_TYPE(&bits, type, first, count, dst); break;
    }
}

int cli_gen_values(const char *spec, wk_elem type, size_t n, uint64_t **bits)
{
    *bits = NULL;
    generator g;
    int rc = parse_generator(spec, &g);
    if (rc != CLI_EXIT_OK)
        return rc;
    uint64_t *out = malloc((n ? n : 1) * sizeof *out);
    if (!out) {
        cli_error("--gen: out of memory for %zu values", n);
        return CLI_EXIT_IO;
    }
    for (size_t i = 0; i < n; i++)
        out[i] = generated(&g, type, i);
    *bits = out;
    return CLI_EXIT_OK;
}

/* ---- Streaming: chunks of native values ---------------------------------- */

int cli_stream_gen(const char *spec, wk_elem type, size_t n, cli_chunk_fn fn, void *ctx)
{
    generator g;
    int rc = parse_generator(spec, &g);
    if (rc != CLI_EXIT_OK)
        return rc;
    /* Chunks of 4 MiB, not CLI_CHUNK_BYTES: made values are taken from the
     * cache, and the one buffer's first page faults are a small part of a
     * run (32 MiB of faults halved a 2^24-value run on the H200 host). */
    size_t width = (size_t)wk_elem_bits(type) / 8, per_chunk = ((size_t)4 << 20) / width;
    size_t len = n < per_chunk ? n : per_chunk;
    unsigned char *chunk = malloc((len ? len : 1) * width);
    if (!chunk) {
        cli_error("--gen: out of memory for a chunk of %zu values", len);
        return CLI_EXIT_IO;
    }
    for (size_t first = 0; first < n && rc == CLI_EXIT_OK; first += len) {
        size_t count = n - first < len ? n - first : len;
        /* Each thread fills its own slice: value i depends on i alone. */
#pragma omp parallel if (count >= 65536)
        {
            size_t threads = (size_t)omp_get_num_threads(), id = (size_t)omp_get_thread_num();
            size_t lo = count / threads * id, hi = id + 1 == threads ? count : count / threads * (id + 1);
            fill_values(&g, type, first + lo, hi - lo, chunk + lo * width);
        }
        if (!fn(ctx, chunk, count))
            rc = CLI_EXIT_IO;
    }
    free(chunk);
    return rc;
}

/* Raw little-endian values, read a chunk at a time. */
static int stream_binary(FILE *f, const char *name, wk_elem type, cli_limit limit, cli_chunk_fn fn, void *ctx,
                         size_t *n)
{
    size_t width = (size_t)wk_elem_bits(type) / 8, per_chunk = CLI_CHUNK_BYTES / width;
    unsigned char *chunk = malloc(per_chunk * width);
    if (!chunk) {
        cli_error("%s: out of memory for a chunk of %zu values", name, per_chunk);
        return CLI_EXIT_IO;
    }
    int rc = CLI_EXIT_OK;
    size_t got, carry = 0; /* bytes of an unfinished value at the start of the chunk */
    *n = 0;
    while (rc == CLI_EXIT_OK && (got = fread(chunk + carry, 1, per_chunk * width - carry, f)) > 0) {
        size_t bytes = carry + got, count = bytes / width;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
        for (size_t i = 0; i < count; i++)
            for (size_t a = 0, b = width - 1; a < b; a++, b--) {
                unsigned char t = chunk[i * width + a];
                chunk[i * width + a] = chunk[i * width + b];
                chunk[i * width + b] = t;
            }
#endif
        if (limit.max && count > limit.max - *n) {
            cli_error("%s: more than %zu values (%s)", name, limit.max, limit.why);
            rc = CLI_EXIT_USAGE;
            break;
        }
        if (count && !fn(ctx, chunk, count))
            rc = CLI_EXIT_IO;
        *n += count;
        carry = bytes - count * width;
        memmove(chunk, chunk + count * width, carry);
    }
    if (rc == CLI_EXIT_OK && ferror(f)) {
        cli_error("%s: read error: %s", name, strerror(errno));
        rc = CLI_EXIT_IO;
    }
    if (rc == CLI_EXIT_OK && carry) {
        cli_error("%s: %zu bytes at the end do not make a whole %zu-byte %s value", name, carry, width,
                  wk_elem_name(type));
        rc = CLI_EXIT_USAGE;
    }
    free(chunk);
    return rc;
}

int cli_stream_file(const char *path, wk_elem type, bool raw_bits, bool binary, cli_limit limit, cli_chunk_fn fn,
                    void *ctx, size_t *n)
{
    *n = 0;
    bool from_stdin = strcmp(path, "-") == 0;
    char name[CLI_SHOWN_PATH_SIZE]; /* the file, escaped, for messages */
    input_name(path, from_stdin, name);
    FILE *f = from_stdin ? stdin : fopen(path, binary ? "rb" : "r");
    if (!f) {
        cli_error("--input %s: cannot open: %s", name, strerror(errno));
        return CLI_EXIT_IO;
    }
    int rc;
    if (binary) {
        rc = stream_binary(f, name, type, limit, fn, ctx, n);
    } else {
        values v = {.sink = fn, .ctx = ctx, .width = (size_t)wk_elem_bits(type) / 8, .limit = limit, .name = name};
        v.cap = (1u << 20) / v.width; /* text parses slowly: a smaller chunk is as good */
        v.chunk = malloc(v.cap * v.width);
        if (!v.chunk) {
            cli_error("%s: out of memory", name);
            rc = CLI_EXIT_IO;
        } else {
            rc = read_text(f, name, type, raw_bits, &v);
            if (rc == CLI_EXIT_OK && !flush(&v))
                rc = CLI_EXIT_IO;
            *n = v.total;
        }
        free(v.chunk);
    }
    if (!from_stdin)
        fclose(f);
    if (rc == CLI_EXIT_OK && *n == 0) {
        cli_error("%s: no values", name);
        rc = CLI_EXIT_USAGE;
    }
    return rc;
}
