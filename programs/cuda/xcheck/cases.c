/* The cases of the cross-check: a random stream per case, the parameters
 * (every option the program takes), and the input values (special values
 * of each type, random bits, ordinary numbers, small integers). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "xcheck.h"

/* ---- the random stream ---------------------------------------------------- */

static uint64_t splitmix64(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 0x100000001b3u;
    return h;
}

void xc_rng_seed(xc_rng *rng, uint64_t seed, const char *program, wk_elem type, uint64_t case_index)
{
    uint64_t x = seed;
    x = splitmix64(&x) ^ fnv1a(program);
    x = splitmix64(&x) ^ (uint64_t)wk_elem_rank(type); /* not the enum number: old seeds still draw the same cases */
    x = splitmix64(&x) ^ case_index;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t xc_rng_next(xc_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t xc_rng_below(xc_rng *rng, uint64_t bound)
{
    /* Rejection keeps it uniform; bound is small in practice. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t x;
    do
        x = xc_rng_next(rng);
    while (x >= limit);
    return x % bound;
}

static bool chance(xc_rng *rng, unsigned percent) { return xc_rng_below(rng, 100) < percent; }

/* ---- which programs and types ------------------------------------------- */

bool xc_single_warp(const wk_program *p) { return !(p->options & (WK_OPT_BLOCK | WK_OPT_GRID)); }

bool xc_type_checked(const wk_program *p, wk_elem type)
{
    if (type == WK_SYM || !(p->types & WK_BIT(type)) || !(p->profiles & WK_NVIDIA))
        return false;
    wk_params q = {.profile = WS_PROFILE_SM90, .type = type};
    char err[200];
    wk_apply_defaults(p, &q);
    return wk_check_params(p, &q, err, sizeof err) && wk_input_count(p, &q, err, sizeof err) > 0;
}

/* ---- parameters ------------------------------------------------------------ */

/* A lane mask with some structure: random, one lane, a run, all but one. */
static ws_mask draw_mask(xc_rng *rng)
{
    switch (xc_rng_below(rng, 5)) {
    case 0: return (ws_mask)1 << xc_rng_below(rng, 32);
    case 1: {
        unsigned lo = (unsigned)xc_rng_below(rng, 32), len = 1 + (unsigned)xc_rng_below(rng, 32 - lo);
        return (len == 32 ? WS_FULL32 : (((ws_mask)1 << len) - 1)) << lo;
    }
    case 2: return WS_FULL32 & ~((ws_mask)1 << xc_rng_below(rng, 32));
    case 3: return xc_rng_next(rng) & xc_rng_next(rng) & WS_FULL32;   /* sparse */
    default: return xc_rng_next(rng) & WS_FULL32;
    }
}

/* Threads per block: powers of two, whole warps, and anything. */
static int draw_block(xc_rng *rng)
{
    switch (xc_rng_below(rng, 3)) {
    case 0: return 1 << xc_rng_below(rng, 11);                  /* 1..1024 */
    case 1: return 32 * (1 + (int)xc_rng_below(rng, 32));      /* 32..1024 */
    default: return 1 + (int)xc_rng_below(rng, 1024);
    }
}

static int draw_grid(xc_rng *rng)
{
    unsigned r = (unsigned)xc_rng_below(rng, 10);
    if (r < 5)
        return 1 + (int)xc_rng_below(rng, 8);
    if (r < 9)
        return 1 + (int)xc_rng_below(rng, 128);
    return 1 + (int)xc_rng_below(rng, 1024);
}

/* Values for a grid-stride loop: fewer than the threads (some never
 * enter it), around them, or many trips. */
static size_t draw_n(xc_rng *rng, int grid, int block)
{
    size_t threads = (size_t)grid * (size_t)block;
    switch (xc_rng_below(rng, 4)) {
    case 0: return 1 + xc_rng_below(rng, 64);
    case 1: return 1 + xc_rng_below(rng, threads * 2);
    case 2: return 1 + xc_rng_below(rng, threads * 8);
    default: return 1 + xc_rng_below(rng, 1u << 16);
    }
}

/* The simulator's cost grows with the threads; keep a case small. */
enum { MAX_CASE_THREADS = 1 << 17, MAX_CASE_INPUTS = 1 << 20, MAX_DRAWS = 10000 };

static void draw_options(const wk_program *p, xc_rng *rng, wk_params *q)
{
    unsigned o = p->options;
    if (o & WK_OPT_LANES) {
        if (chance(rng, 60))
            q->threads = 1 + (int)xc_rng_below(rng, 32);
        if (chance(rng, 50))
            q->active = draw_mask(rng);
    }
    if (o & WK_OPT_WIDTH)
        q->width = 2 << xc_rng_below(rng, 4);                  /* 2..16 */
    if (o & WK_OPT_SRC)
        q->src_lane = (int)xc_rng_below(rng, 32);
    if (o & WK_OPT_OP)
        q->op = (wk_redop)xc_rng_below(rng, WK_OP_COUNT);
    if (o & WK_OPT_ORDER)
        q->descending = chance(rng, 50);
    if (o & WK_OPT_PAIRS)
        q->pairs = chance(rng, 50);
    if (o & WK_OPT_BLOCK)
        q->block = draw_block(rng);
    if (o & WK_OPT_GRID)
        q->grid = draw_grid(rng);
    if (o & WK_OPT_N) {
        wk_params d = *q;
        wk_apply_defaults(p, &d);
        q->n = draw_n(rng, d.grid ? d.grid : 1, d.block ? d.block : 32);
    }
}

bool xc_draw_params(const wk_program *p, wk_elem type, uint64_t index, xc_rng *rng, wk_params *params,
                    size_t *n, char *err, size_t err_size)
{
    char why[200] = "";
    for (int draw = 0; draw < MAX_DRAWS; draw++) {
        wk_params q = {.profile = WS_PROFILE_SM90, .type = type};
        if (index > 0)
            draw_options(p, rng, &q);
        wk_apply_defaults(p, &q);
        if ((size_t)(q.grid ? q.grid : 1) * (size_t)(q.block ? q.block : 32) > MAX_CASE_THREADS)
            continue;
        size_t count = 0;
        if (wk_check_params(p, &q, why, sizeof why) && (count = wk_input_count(p, &q, why, sizeof why)) > 0 &&
            count <= MAX_CASE_INPUTS) {
            *params = q;
            *n = count;
            return true;
        }
        if (index == 0)
            break;
    }
    snprintf(err, err_size, "no valid parameters drawn for %s %s (last reason: %s)", p->name, wk_elem_name(type),
             why);
    return false;
}

void xc_params_text(const wk_program *p, const wk_params *q, char *buf, size_t size)
{
    /* The options' text comes from the run options' one table; a run of
     * these params would say the same (n: the values generated). */
    wk_run r = {.program = p, .params = *q, .lanes = ws_profile_lanes(q->profile), .n_input = q->n};
    char options[400];
    wk_run_options_text(&r, options, sizeof options);
    snprintf(buf, size, "--type %s%s%s", wk_elem_name(q->type), options[0] ? " " : "", options);
}

/* ---- input values ---------------------------------------------------------- */

static const char *const mode_names[XC_INPUT_MODES] = {"mixed", "ordinary", "small-ints", "specials", "random-bits"};

const char *xc_input_mode_name(xc_input_mode mode)
{
    return (unsigned)mode < XC_INPUT_MODES ? mode_names[mode] : "?";
}

/* A float's fields: sign, biased exponent, mantissa, for f32 or f64. */
typedef struct float_format {
    int mant_bits, exp_bits, bias;
} float_format;

static float_format format_of(wk_elem type)
{
    return type == WK_F32 ? (float_format){23, 8, 127} : (float_format){52, 11, 1023};
}

static uint64_t make_float(float_format f, uint64_t sign, uint64_t biased_exp, uint64_t mant)
{
    uint64_t mant_mask = ((uint64_t)1 << f.mant_bits) - 1;
    return (sign << (f.mant_bits + f.exp_bits)) | (biased_exp << f.mant_bits) | (mant & mant_mask);
}

/* +-0, subnormals, the normal and finite edges, +-inf, quiet and
 * signalling NaNs with random payloads, 1 and -1. */
static uint64_t float_special(float_format f, xc_rng *rng)
{
    uint64_t sign = xc_rng_next(rng) & 1, r = xc_rng_next(rng);
    uint64_t max_exp = ((uint64_t)1 << f.exp_bits) - 1, quiet = (uint64_t)1 << (f.mant_bits - 1);
    uint64_t mant_mask = ((uint64_t)1 << f.mant_bits) - 1;
    switch (xc_rng_below(rng, 14)) {
    case 0: return make_float(f, sign, 0, 0);                                 /* +-0 */
    case 1: return make_float(f, sign, 0, 1);                                 /* the smallest subnormal */
    case 2: return make_float(f, sign, 0, mant_mask);                         /* the largest subnormal */
    case 3: return make_float(f, sign, 0, r | 1);                             /* a subnormal */
    case 4: return make_float(f, sign, 1, 0);                                 /* the smallest normal */
    case 5: return make_float(f, sign, max_exp - 1, mant_mask);               /* the largest finite */
    case 6: return make_float(f, sign, max_exp, 0);                           /* +-inf */
    case 7: return make_float(f, sign, max_exp, quiet);                       /* the canonical quiet NaN */
    case 8: return make_float(f, sign, max_exp, quiet | r);                   /* a quiet NaN, payload */
    case 9: return make_float(f, sign, max_exp, ((r & (quiet - 1)) | 1));     /* a signalling NaN */
    case 10: return make_float(f, sign, max_exp, (r & (quiet - 1)) | ((uint64_t)1 << (r % 8))); /* sNaN */
    case 11: return make_float(f, sign, (uint64_t)f.bias, 0);                 /* +-1 */
    case 12: return make_float(f, sign, (uint64_t)(f.bias + f.mant_bits), 0); /* 2^mant: the exact-int edge */
    default: return make_float(f, sign, max_exp - 1, r);                      /* huge: sums overflow */
    }
}

/* A random finite number of either sign, 2^-spread..2^spread in size. */
static uint64_t float_within(float_format f, xc_rng *rng, int spread)
{
    int e = (int)xc_rng_below(rng, (uint64_t)(2 * spread + 1)) - spread;
    /* Two draws in a fixed order (as arguments their order would be
     * unspecified, and gcc and clang differ). */
    uint64_t mantissa = xc_rng_next(rng);
    uint64_t sign = xc_rng_next(rng) & 1;
    return make_float(f, sign, (uint64_t)(f.bias + e), mantissa);
}

/* Mostly near 1, sometimes far. */
static uint64_t float_ordinary(float_format f, xc_rng *rng) { return float_within(f, rng, chance(rng, 80) ? 8 : 60); }

static uint64_t float_of_int(wk_elem type, int v)
{
    if (type == WK_F32) {
        float x = (float)v;
        uint32_t b;
        memcpy(&b, &x, 4);
        return b;
    }
    double x = (double)v;
    uint64_t b;
    memcpy(&b, &x, 8);
    return b;
}

/* INT_MIN, INT_MAX, -1, 0, 1, the 32-bit edges inside 64-bit values. */
static uint64_t int_special(wk_elem type, xc_rng *rng)
{
    static const uint64_t edges32[] = {0, 1, UINT32_MAX, 0x7fffffffu, 0x80000000u, 0x80000001u, 0x7ffffffeu,
                                       0xfffffffeu, 0x00010000u, 0xffff0000u};
    static const uint64_t edges64[] = {0, 1, UINT64_MAX, 0x7fffffffffffffffu, 0x8000000000000000u,
                                       0x8000000000000001u, 0xffffffffu, 0x100000000u, 0xffffffff00000000u,
                                       0x80000000u, 0xffffffff80000000u, 0x7fffffffu};
    if (wk_elem_bits(type) == 32)
        return edges32[xc_rng_below(rng, sizeof edges32 / sizeof edges32[0])];
    return edges64[xc_rng_below(rng, sizeof edges64 / sizeof edges64[0])];
}

static uint64_t int_ordinary(wk_elem type, xc_rng *rng)
{
    int bits = wk_elem_bits(type) == 32 ? 20 : 40;
    uint64_t mag = xc_rng_below(rng, (uint64_t)1 << bits);
    if (wk_elem_is_signed(type) && (xc_rng_next(rng) & 1))
        mag = (uint64_t)0 - mag;
    return mag;
}

static uint64_t small_int(wk_elem type, xc_rng *rng)
{
    int v = wk_elem_is_signed(type) || wk_elem_is_float(type) ? (int)xc_rng_below(rng, 17) - 8
                                                              : (int)xc_rng_below(rng, 17);
    return wk_elem_is_float(type) ? float_of_int(type, v) : (uint64_t)(int64_t)v;
}

static uint64_t draw_value(wk_elem type, xc_input_mode mode, xc_rng *rng)
{
    bool is_float = wk_elem_is_float(type);
    if (mode == XC_MIXED) {
        unsigned r = (unsigned)xc_rng_below(rng, 100);
        mode = r < 25 ? XC_SPECIALS : r < 45 ? XC_RANDOM_BITS : r < 85 ? XC_ORDINARY : XC_SMALL_INTS;
    } else if (mode == XC_SPECIALS && chance(rng, 30)) {
        mode = XC_ORDINARY;
    }
    switch (mode) {
    case XC_SPECIALS: return is_float ? float_special(format_of(type), rng) : int_special(type, rng);
    case XC_RANDOM_BITS: return xc_rng_next(rng);
    case XC_SMALL_INTS: return small_int(type, rng);
    default: return is_float ? float_ordinary(format_of(type), rng) : int_ordinary(type, rng);
    }
}

void xc_fill_input(wk_elem type, xc_input_mode mode, xc_rng *rng, uint64_t *input, size_t n)
{
    uint64_t keep = wk_elem_bits(type) == 64 ? UINT64_MAX : UINT32_MAX;
    for (size_t i = 0; i < n; i++)
        input[i] = draw_value(type, mode, rng) & keep;
}

void xc_fill_ordinary(wk_elem type, xc_rng *rng, uint64_t *input, size_t n)
{
    uint64_t keep = wk_elem_bits(type) == 64 ? UINT64_MAX : UINT32_MAX;
    for (size_t i = 0; i < n; i++)
        input[i] = (wk_elem_is_float(type) ? float_within(format_of(type), rng, 8) : int_ordinary(type, rng)) & keep;
}
