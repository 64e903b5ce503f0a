/* The cycle estimate (cost.h): the one table of latencies, and the
 * dependency-chain bookkeeping the runtime (kernel.c) drives.
 *
 * Every number comes from docs/probes/latency_probe.h200.txt (the probe
 * docs/probes/latency_probe.cu run on an NVIDIA H200, 2026-12-01; the table
 * and its caveats: docs/probes/latency_probe.md). "measured" rows are a
 * probe row as it is; "derived" rows are differences of measured rows;
 * "assumed" rows were not measured and say what they stand on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"

const char wk_cost_source[] = "docs/probes/latency_probe.h200.txt";
const char wk_cost_caveat[] =
    "an estimate of latency along the dependency chain, from latencies measured on an H200 "
    "(docs/probes/latency_probe.md); not a timing simulator: no issue, no contention, no memory system "
    "(global memory counts 0)";

/* clang-format off */
const wk_latency wk_latencies[WK_LAT_COUNT] = {
    [WK_LAT_SHFL]        = {"shfl",        26, "measured", "shfl.idx, shfl.up, shfl.down, shfl.bfly: 26 each (SHFL); "
                                                           "a 64-bit value is two independent SHFLs (assumed: 26)"},
    [WK_LAT_VOTE_BALLOT] = {"vote.ballot", 12, "derived",  "vote.ballot 17 (LOP3 + VOTE) less the LOP3's 5: the "
                                                           "predicate is the program's own setp"},
    [WK_LAT_VOTE_ANY]    = {"vote.any",    13, "measured", "vote.any 13 (VOTE.ANY, predicate to predicate)"},
    [WK_LAT_MATCH_ALL]   = {"match.all",   28, "measured", "match.all 28 (equal values after its first step)"},
    [WK_LAT_REDUX]       = {"redux",       44, "measured", "redux.add/min/max/and/or/xor 44 each (REDUX + the MOV "
                                                           "of its uniform result to a lane register)"},
    [WK_LAT_LD_SHARED]   = {"ld.shared",   23, "measured", "ld.shared 23 (LDS, address = previous result)"},
    [WK_LAT_ST_SHARED]   = {"st.shared",    5, "derived",  "st+ld.shared 33 less ld.shared 23 less i32 add 5: "
                                                           "a store until a load of its word can read it"},
    [WK_LAT_SYNCWARP]    = {"syncwarp",     0, "derived",  "st+syncwarp+ld.shared 33 = st+ld.shared 33: a NOP in "
                                                           "converged code (its row's 1 cycle is the NOP's issue)"},
    [WK_LAT_F32_ADD]     = {"f32 add",      4, "measured", "f32 add 4 (FADD), f32 fma 4 (FFMA); mul assumed the same"},
    [WK_LAT_F64_ADD]     = {"f64 add",      8, "measured", "f64 add 8 (DADD), f64 fma 8 (DFMA); mul assumed the same"},
    [WK_LAT_I32_ADD]     = {"i32 add",      5, "measured", "i32 add 5 (IADD3 / IMAD.IADD)"},
    [WK_LAT_I32_MAD]     = {"i32 mad",      4, "measured", "i32 mad 4 (IMAD)"},
    [WK_LAT_I32_LOGIC]   = {"i32 logic",    5, "derived",  "i32 add+xor 10 less i32 add 5: a LOP3 (and, or, xor; "
                                                           "shifts assumed the same)"},
    [WK_LAT_I32_OTHER]   = {"i32 other",    5, "assumed",  "setp, selp, min, max, popc: not measured; an i32 add's 5"},
    [WK_LAT_F32_OTHER]   = {"f32 other",    4, "assumed",  "f32 setp, min, max: not measured; an f32 add's 4"},
    [WK_LAT_F64_OTHER]   = {"f64 other",    8, "assumed",  "f64 setp, min, max: not measured; an f64 add's 8"},
    [WK_LAT_MOVE]        = {"mov",          0, "assumed",  "register moves, immediates, %laneid: folded or renamed by "
                                                           "the compiler, or read once at the start"},
    [WK_LAT_GLOBAL]      = {"global",       0, "assumed",  "global loads and stores: not modelled (no memory system)"},
    [WK_LAT_BRANCH]      = {"branch",       0, "assumed",  "if, else, loops: issue is not modelled; a branch makes "
                                                           "what follows wait for its condition"},
};
/* clang-format on */

/* __syncthreads() by block size: the syncthreads rows (BAR.SYNC). */
static const struct {
    int threads;
    unsigned cycles;
} barrier_rows[] = {{32, 14}, {128, 20}, {256, 28}, {512, 44}, {1024, 76}};
#define N_BARRIER_ROWS (sizeof barrier_rows / sizeof barrier_rows[0])

/* match.any by the number of distinct values among the lanes: the match.any
 * rows (MATCH.ANY; 1, 2, 4, 8, 16 and 32 values, run of 2026-12-01 15:44 UTC):
 * 17 + 11 cycles per distinct value. Two values are 39 cycles whether they
 * alternate or split the warp in halves. */
static const struct {
    int distinct;
    unsigned cycles;
} match_any_rows[] = {{1, 28}, {2, 39}, {4, 61}, {8, 105}, {16, 193}, {32, 369}};
#define N_MATCH_ANY_ROWS (sizeof match_any_rows / sizeof match_any_rows[0])

unsigned wk_cost_syncthreads(int threads)
{
    int t = threads < 32 ? 32 : (threads + 31) / 32 * 32;
    size_t i = 1;
    while (i + 1 < N_BARRIER_ROWS && t > barrier_rows[i].threads)
        i++;
    /* the line through rows i - 1 and i (past the last row: its extension) */
    long x0 = barrier_rows[i - 1].threads, x1 = barrier_rows[i].threads;
    long y0 = barrier_rows[i - 1].cycles, y1 = barrier_rows[i].cycles;
    if (t <= x0)
        return (unsigned)y0;
    return (unsigned)(y0 + ((y1 - y0) * (t - x0) + (x1 - x0) / 2) / (x1 - x0));
}

unsigned wk_cost_match_any(int distinct)
{
    int k = distinct < 1 ? 1 : distinct > 32 ? 32 : distinct;
    size_t i = 1;
    while (i + 1 < N_MATCH_ANY_ROWS && k > match_any_rows[i].distinct)
        i++;
    long x0 = match_any_rows[i - 1].distinct, x1 = match_any_rows[i].distinct;
    long y0 = match_any_rows[i - 1].cycles, y1 = match_any_rows[i].cycles;
    if (k <= x0)
        return (unsigned)y0;
    return (unsigned)(y0 + ((y1 - y0) * (k - x0) + (x1 - x0) / 2) / (x1 - x0));
}

unsigned wk_cost_arith(wk_arith op, ws_type type)
{
    bool wide = ws_type_is_64bit(type);
    if (type == WS_F32 || type == WS_F64) {
        wk_lat row = op == WK_AR_ADD || op == WK_AR_MUL ? (type == WS_F32 ? WK_LAT_F32_ADD : WK_LAT_F64_ADD)
                     : op == WK_AR_SELECT               ? WK_LAT_I32_OTHER
                                                        : (type == WS_F32 ? WK_LAT_F32_OTHER : WK_LAT_F64_OTHER);
        return wk_latencies[row].cycles;
    }
    switch (op) {
    case WK_AR_ADD: return wk_latencies[WK_LAT_I32_ADD].cycles * (wide ? 2 : 1);
    case WK_AR_MUL: return wk_latencies[WK_LAT_I32_MAD].cycles * (wide ? 2 : 1);
    case WK_AR_LOGIC: return wk_latencies[WK_LAT_I32_LOGIC].cycles;
    case WK_AR_SELECT: return wk_latencies[WK_LAT_I32_OTHER].cycles;
    default: return wk_latencies[WK_LAT_I32_OTHER].cycles * (wide ? 2 : 1);
    }
}

bool wk_cost_check(const wk_params *params, char *err, size_t err_size)
{
    if (params->profile != WS_PROFILE_SM90) {
        snprintf(err, err_size,
                 "--cost: the cycle estimate is for the sm90 profile only (its latencies were measured on an "
                 "H200), not %s",
                 ws_profile_name(params->profile) ? ws_profile_name(params->profile) : "this profile");
        return false;
    }
    if (params->type == WK_SYM) {
        snprintf(err, err_size, "--cost: --type sym has no instructions to time; give a number type (i32, u32, "
                                "f32, f64, i64, u64)");
        return false;
    }
    return true;
}

/* ---- The bookkeeping ------------------------------------------------------ */

static const wk_cost_time never = {0, -1, -1, 0};

typedef struct word {
    const void *addr; /* NULL: an empty slot */
    wk_cost_time t;
} word;

typedef struct gen {   /* one __syncthreads() of a block */
    uint64_t arrival;  /* the last warp's arrival */
    long step;         /* the step whose result made it */
    int arrived;
} gen;

typedef struct block_rec {
    int block, warps;
    gen *gens;
    int n_gens, cap_gens;
} block_rec;

typedef struct barrier_step {
    long step;
    size_t block;
    int gen;
} barrier_step;

struct wk_cost {
    wk_run *run;
    word *words;
    size_t words_cap, words_n;
    struct {
        const uint64_t *mem;
        size_t len;
    } *shared;
    size_t n_shared, cap_shared;
    block_rec *blocks;
    size_t n_blocks, cap_blocks;
    size_t blocks_from;  /* a warp joins a block record from here on (wk_cost_new_blocks) */
    barrier_step *bars;
    size_t n_bars, cap_bars;
    /* per trace step: the latest result of its operations, the step its
     * chain came from, the warp (its serial number) */
    uint64_t *step_ready;
    long *step_pred;
    size_t *step_warp;
    size_t steps_cap;
    wk_cost_warp_total *totals;
    size_t n_warps, cap_warps;
    uint64_t total;
    int total_block, total_warp;
    bool no_memory;
    char error[200];
};

struct wk_cost_warp {
    wk_cost *c;
    size_t serial, block;
    wk_cost_time *regs;
    int n_regs;
    wk_cost_time floor; /* nothing starts before it */
    wk_cost_time done;  /* the latest result so far (t and step) */
    int barriers;
    bool pending;       /* a __syncthreads() not yet resolved */
    int pending_gen;
    long pending_step;
    long step;          /* the open trace step, -1 before the first */
};

static bool grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *q = realloc(*p, n * size);
    if (!q)
        return false;
    *p = q;
    *cap = n;
    return true;
}

wk_cost *wk_cost_new(wk_run *r)
{
    wk_cost *c = calloc(1, sizeof *c);
    if (c)
        c->run = r;
    return c;
}

void wk_cost_free(wk_cost *c)
{
    if (!c)
        return;
    free(c->words);
    free(c->shared);
    for (size_t i = 0; i < c->n_blocks; i++)
        free(c->blocks[i].gens);
    free(c->blocks);
    free(c->bars);
    free(c->step_ready);
    free(c->step_pred);
    free(c->step_warp);
    free(c->totals);
    free(c);
}

void wk_cost_new_blocks(wk_cost *c) { c->blocks_from = c->n_blocks; }

wk_cost_warp *wk_cost_warp_begin(wk_cost *c, int block, int warp, int threads)
{
    (void)threads;
    wk_cost_warp *w = calloc(1, sizeof *w);
    if (!w || !grow((void **)&c->totals, &c->cap_warps, c->n_warps + 1, sizeof *c->totals)) {
        free(w);
        return NULL;
    }
    /* The block: the latest one with that id (blocks run one after another). */
    size_t b = c->n_blocks;
    while (b > c->blocks_from && c->blocks[b - 1].block != block)
        b--;
    if (b == c->blocks_from) {
        if (!grow((void **)&c->blocks, &c->cap_blocks, c->n_blocks + 1, sizeof *c->blocks)) {
            free(w);
            return NULL;
        }
        c->blocks[c->n_blocks] = (block_rec){.block = block};
        b = ++c->n_blocks;
    }
    c->blocks[b - 1].warps++;
    w->c = c;
    w->block = b - 1;
    w->serial = c->n_warps;
    c->totals[c->n_warps++] = (wk_cost_warp_total){block, warp, 0};
    w->floor = w->done = never;
    w->step = -1;
    return w;
}

void wk_cost_warp_end(wk_cost_warp *w)
{
    if (!w)
        return;
    free(w->regs);
    free(w);
}

static void fail(wk_cost *c, const char *why)
{
    if (!c->error[0])
        snprintf(c->error, sizeof c->error, "%s", why);
}

static unsigned barrier_cycles(const block_rec *b) { return wk_cost_syncthreads(b->warps * 32); }

/* A __syncthreads() the warp passed: from now on nothing starts before
 * its end. */
static void resolve(wk_cost_warp *w)
{
    if (!w->pending)
        return;
    w->pending = false;
    block_rec *b = &w->c->blocks[w->block];
    gen *g = &b->gens[w->pending_gen];
    if (g->arrived < b->warps) {
        fail(w->c, "--cost: a warp went past a __syncthreads() before every warp of its block reached it "
                   "(the program runs its warps in another order than the estimate needs)");
        return;
    }
    uint64_t end = g->arrival + barrier_cycles(b);
    if (end > w->floor.t)
        w->floor = (wk_cost_time){end, w->pending_step, g->step, 0};
    if (end >= w->done.t)
        w->done = (wk_cost_time){end, w->pending_step, g->step, 0};
}

static wk_step *open_step(const wk_cost_warp *w)
{
    wk_trace *t = &w->c->run->trace;
    return w->step >= 0 && (size_t)w->step < t->count ? &t->steps[w->step] : NULL;
}

void wk_cost_step(wk_cost_warp *w, long step)
{
    if (!w)
        return;
    wk_cost *c = w->c;
    if (step < 0)
        return;
    size_t need = (size_t)step + 1;
    if (need > c->steps_cap) {
        size_t n = c->steps_cap ? c->steps_cap : 64;
        while (n < need)
            n *= 2;
        uint64_t *ready = realloc(c->step_ready, n * sizeof *ready);
        if (ready)
            c->step_ready = ready;
        long *pred = realloc(c->step_pred, n * sizeof *pred);
        if (pred)
            c->step_pred = pred;
        size_t *warp = realloc(c->step_warp, n * sizeof *warp);
        if (warp)
            c->step_warp = warp;
        if (!ready || !pred || !warp) {
            c->no_memory = true;
            w->step = -1;
            return;
        }
        c->steps_cap = n;
    }
    c->step_ready[step] = 0;
    c->step_pred[step] = -1;
    c->step_warp[step] = w->serial;
    w->step = step;
    wk_step *s = open_step(w);
    if (s)
        s->has_cost = true;
}

static wk_cost_time *reg_time(wk_cost_warp *w, ws_reg r)
{
    if (r.id <= 0)
        return NULL;
    if (r.id >= w->n_regs) {
        int n = w->n_regs ? w->n_regs : 16;
        while (n <= r.id)
            n *= 2;
        wk_cost_time *p = realloc(w->regs, (size_t)n * sizeof *p);
        if (!p) {
            w->c->no_memory = true;
            return NULL;
        }
        for (int i = w->n_regs; i < n; i++)
            p[i] = never;
        w->regs = p;
        w->n_regs = n;
    }
    return &w->regs[r.id];
}

/* Appends "name cycles" to the step's list of operations. */
static void note_op(wk_cost_warp *w, wk_step *s, const char *name, unsigned cycles)
{
    char add[96];
    snprintf(add, sizeof add, "%s%s %u", s->cost_ops ? ", " : "", name, cycles);
    size_t old = s->cost_ops ? strlen(s->cost_ops) : 0, extra = strlen(add);
    char *p = realloc(s->cost_ops, old + extra + 1);
    if (!p) {
        w->c->no_memory = true;
        return;
    }
    memcpy(p + old, add, extra + 1);
    s->cost_ops = p;
}

wk_cost_time wk_cost_op(wk_cost_warp *w, const char *name, unsigned cycles, const ws_reg *src, int n_src,
                        const wk_cost_time *extra, int n_extra, const ws_reg *dst, int n_dst)
{
    if (!w)
        return never;
    resolve(w);
    long cur = w->step;
    /* It starts at the latest of the floor and its inputs. */
    wk_cost_time start = w->floor;
    long chain = start.step == cur ? start.pred : start.step;
    uint32_t local = start.step == cur && cur >= 0 ? start.local : 0;
    for (int i = 0; i < n_src + n_extra; i++) {
        const wk_cost_time *x = i < n_src ? reg_time(w, src[i]) : &extra[i - n_src];
        if (!x)
            continue;
        if (x->t > start.t || (x->t == start.t && x->step >= 0)) { /* ties: the data, not the floor */
            start = *x;
            chain = x->step == cur ? x->pred : x->step;
        }
        if (x->step == cur && cur >= 0 && x->local > local)
            local = x->local;
    }
    wk_cost_time res = {start.t + cycles, cur, chain, local + cycles};
    /* A register is ready when its last pending write is (a write to part
     * of the lanes, `if (lane >= d) v += t;`, leaves the others' values). */
    for (int i = 0; i < n_dst; i++) {
        wk_cost_time *d = reg_time(w, dst[i]);
        if (d && res.t >= d->t)
            *d = res;
    }
    if (res.t >= w->done.t)
        w->done = res;
    wk_step *s = open_step(w);
    if (s && cur >= 0) {
        wk_cost *c = w->c;
        if (res.local > s->cost_cycles)
            s->cost_cycles = res.local;
        if (res.t >= c->step_ready[cur]) {
            c->step_ready[cur] = res.t;
            c->step_pred[cur] = chain;
        }
        note_op(w, s, name, cycles);
    }
    return res;
}

void wk_cost_branch(wk_cost_warp *w, ws_reg cond)
{
    if (!w)
        return;
    resolve(w);
    const wk_cost_time *x = reg_time(w, cond);
    if (x && x->t > w->floor.t)
        w->floor = *x;
}

static size_t word_slot(const wk_cost *c, const void *addr)
{
    uint64_t h = (uint64_t)(uintptr_t)addr >> 3;
    h ^= h >> 29;
    h *= UINT64_C(0xbf58476d1ce4e5b9);
    h ^= h >> 32;
    return (size_t)h & (c->words_cap - 1);
}

wk_cost_time wk_cost_word(wk_cost_warp *w, const void *addr)
{
    wk_cost *c = w ? w->c : NULL;
    if (!c || !c->words_cap)
        return never;
    for (size_t j = word_slot(c, addr);; j = (j + 1) & (c->words_cap - 1)) {
        if (!c->words[j].addr)
            return never;
        if (c->words[j].addr == addr)
            return c->words[j].t;
    }
}

static void word_put(wk_cost *c, const void *addr, wk_cost_time t)
{
    if ((c->words_n + 1) * 2 > c->words_cap) {
        size_t cap = c->words_cap ? c->words_cap * 2 : 256;
        word *p = calloc(cap, sizeof *p);
        if (!p) {
            c->no_memory = true;
            return;
        }
        word *old = c->words;
        size_t old_cap = c->words_cap;
        c->words = p;
        c->words_cap = cap;
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].addr) {
                size_t j = word_slot(c, old[i].addr);
                while (p[j].addr)
                    j = (j + 1) & (cap - 1);
                p[j] = old[i];
            }
        free(old);
    }
    size_t j = word_slot(c, addr);
    while (c->words[j].addr && c->words[j].addr != addr)
        j = (j + 1) & (c->words_cap - 1);
    if (!c->words[j].addr) {
        c->words[j].addr = addr;
        c->words_n++;
    }
    c->words[j].t = t;
}

void wk_cost_word_set(wk_cost_warp *w, const void *addr, wk_cost_time t)
{
    if (w)
        word_put(w->c, addr, t);
}

bool wk_cost_is_shared(const wk_cost_warp *w, const void *addr)
{
    if (!w)
        return false;
    const wk_cost *c = w->c;
    for (size_t i = 0; i < c->n_shared; i++) {
        const uint64_t *m = c->shared[i].mem;
        if ((const uint64_t *)addr >= m && (const uint64_t *)addr < m + c->shared[i].len)
            return true;
    }
    return false;
}

void wk_cost_shared(wk_cost *c, const uint64_t *mem, size_t len)
{
    if (!c)
        return;
    size_t i = 0;
    while (i < c->n_shared && !(c->shared[i].mem == mem && c->shared[i].len == len))
        i++;
    if (i == c->n_shared) {
        if (!grow((void **)&c->shared, &c->cap_shared, c->n_shared + 1, sizeof *c->shared)) {
            c->no_memory = true;
            return;
        }
        c->shared[c->n_shared].mem = mem;
        c->shared[c->n_shared++].len = len;
    }
    /* A new array: what was stored at these addresses before is gone. */
    for (size_t k = 0; k < len && c->words_cap; k++)
        for (size_t j = word_slot(c, &mem[k]); c->words[j].addr; j = (j + 1) & (c->words_cap - 1))
            if (c->words[j].addr == &mem[k]) {
                c->words[j].t = never;
                break;
            }
}

void wk_cost_barrier(wk_cost_warp *w)
{
    if (!w)
        return;
    resolve(w);
    wk_cost *c = w->c;
    block_rec *b = &c->blocks[w->block];
    int g = w->barriers++;
    if (g >= b->n_gens) {
        size_t cap = (size_t)b->cap_gens;
        if (!grow((void **)&b->gens, &cap, (size_t)g + 1, sizeof *b->gens)) {
            c->no_memory = true;
            return;
        }
        b->cap_gens = (int)cap;
        for (int i = b->n_gens; i <= g; i++)
            b->gens[i] = (gen){0, -1, 0};
        b->n_gens = g + 1;
    }
    gen *x = &b->gens[g];
    if (x->arrived == 0 || w->done.t > x->arrival) {
        x->arrival = w->done.t;
        x->step = w->done.step;
    }
    x->arrived++;
    w->pending = true;
    w->pending_gen = g;
    w->pending_step = w->step;
    if (!grow((void **)&c->bars, &c->cap_bars, c->n_bars + 1, sizeof *c->bars)) {
        c->no_memory = true;
        return;
    }
    c->bars[c->n_bars++] = (barrier_step){w->step, w->block, g};
    wk_step *s = open_step(w);
    if (s) {
        unsigned cycles = barrier_cycles(b);
        s->cost_cycles = cycles;
        note_op(w, s, "bar.sync", cycles);
    }
}

bool wk_cost_finish(wk_run *r)
{
    wk_cost *c = r->cost;
    if (!c)
        return true;
    wk_trace *t = &r->trace;
    if (!c->error[0] && c->no_memory)
        fail(c, "out of memory for the cycle estimate");
    for (size_t i = 0; i < c->n_bars && !c->error[0]; i++) {
        const barrier_step *bs = &c->bars[i];
        const block_rec *b = &c->blocks[bs->block];
        const gen *g = &b->gens[bs->gen];
        if (g->arrived < b->warps)
            fail(c, "--cost: a __syncthreads() that not every warp of its block reached");
        if (bs->step >= 0 && (size_t)bs->step < t->count) {
            c->step_ready[bs->step] = g->arrival + barrier_cycles(b);
            c->step_pred[bs->step] = g->step;
        }
    }
    if (c->error[0]) {
        wk_fail(r, WS_ERR_ARG, "%s", c->error);
        return false;
    }
    uint64_t *running = calloc(c->n_warps ? c->n_warps : 1, sizeof *running);
    if (!running) {
        wk_fail(r, WS_ERR_NOMEM, "out of memory for the cycle estimate");
        return false;
    }
    long last = -1;
    uint64_t best = 0;
    for (size_t i = 0; i < t->count; i++) {
        wk_step *s = &t->steps[i];
        if (!s->has_cost || i >= c->steps_cap)
            continue;
        size_t wi = c->step_warp[i];
        if (c->step_ready[i] > running[wi])
            running[wi] = c->step_ready[i];
        s->cost_done = running[wi];
        if (last < 0 || c->step_ready[i] > best) {
            best = c->step_ready[i];
            last = (long)i;
        }
    }
    c->total = 0;
    c->total_block = c->n_warps ? c->totals[0].block : 0;
    c->total_warp = c->n_warps ? c->totals[0].warp : 0;
    for (size_t i = 0; i < c->n_warps; i++) {
        c->totals[i].cycles = running[i];
        if (running[i] > c->total) {
            c->total = running[i];
            c->total_block = c->totals[i].block;
            c->total_warp = c->totals[i].warp;
        }
    }
    free(running);
    /* The critical path: back from the step that ends last. */
    for (size_t n = 0; last >= 0 && (size_t)last < t->count && n <= t->count; n++) {
        t->steps[last].cost_critical = true;
        long pred = c->step_pred[last];
        last = pred;
    }
    return true;
}

uint64_t wk_cost_total(const wk_run *r, int *block, int *warp)
{
    const wk_cost *c = r->cost;
    if (block)
        *block = c ? c->total_block : 0;
    if (warp)
        *warp = c ? c->total_warp : 0;
    return c ? c->total : 0;
}

const wk_cost_warp_total *wk_cost_warps(const wk_run *r, size_t *count)
{
    *count = r->cost ? r->cost->n_warps : 0;
    return r->cost ? r->cost->totals : NULL;
}
