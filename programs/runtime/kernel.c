/* The program runtime: warps of a run, steps, and the operations a program
 * calls. Each operation runs the model and, when the run is traced, notes
 * its model text in the open step. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "kernel.h"

/* True when the run can go on; records a model failure otherwise. */
static bool check(wk_warp *k, ws_status st, const char *op)
{
    if (st >= 0)
        return true;
    wk_fail(k->run, st, "%s (block %d, warp %d): %s", op, k->block, k->warp, ws_warp_error(k->w));
    return false;
}

static bool live(const wk_warp *k) { return k && !k->run->failed; }

/* Lanes that execute the next statement. */
static ws_mask executing(const wk_warp *k) { return ws_lanes_active(k->w) & ~ws_lanes_waiting(k->w); }

/* ---- Steps ------------------------------------------------------------ */

static bool tracing(const wk_warp *k) { return k->run->params.trace; }

static wk_step *open_step(wk_warp *k)
{
    return k->step >= 0 ? &k->run->trace.steps[k->step] : NULL;
}

static char *text_append(char *s, const char *sep, const char *add)
{
    size_t old = s ? strlen(s) : 0, extra = (old ? strlen(sep) : 0) + strlen(add);
    char *grown = realloc(s, old + extra + 1);
    if (!grown)
        return s;
    snprintf(grown + old, extra + 1, "%s%s", old ? sep : "", add);
    return grown;
}

/* Notes one model operation in the open step, and which register it wrote. */
static void note(wk_warp *k, ws_reg written, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void note(wk_warp *k, ws_reg written, const char *fmt, ...)
{
    if (written.id)
        k->last_written = written;
    wk_step *s = open_step(k);
    if (!s)
        return;
    if (written.id) {
        int i = 0;
        while (i < k->n_writes && k->writes[i].reg.id != written.id)
            i++;
        if (i < 16) {
            k->writes[i].reg = written;
            k->writes[i].lanes = executing(k);
            if (i == k->n_writes)
                k->n_writes++;
        }
    }
    char text[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    s->model = text_append(s->model, "; ", text);
}

static const char *rn(const wk_warp *k, ws_reg reg)
{
    const char *name = ws_reg_name(k->w, reg);
    return name ? name : "?";
}

static wk_elem reg_elem(const wk_warp *k, ws_reg reg)
{
    ws_type t = ws_reg_type(k->w, reg);
    return t == k->storage ? k->type : wk_elem_of_storage(t);
}

/* ---- The cycle estimate (cost.h): each operation's latency ------------ */

static bool costing(const wk_warp *k) { return k->cost && !k->run->failed; }

/* An operation reading up to three registers and writing dst. */
static void cost3(wk_warp *k, const char *name, unsigned cycles, ws_reg dst, ws_reg a, ws_reg b, ws_reg c)
{
    if (!costing(k))
        return;
    const ws_reg src[3] = {a, b, c};
    wk_cost_op(k->cost, name, cycles, src, 3, NULL, 0, &dst, dst.id ? 1 : 0);
}

/* "add.f32", "setp.u64": an operation's name with its type. */
static const char *typed(char *buf, size_t size, const char *op, const char *type)
{
    snprintf(buf, size, "%s.%s", op, type ? type : "?");
    return buf;
}

static wk_arith arith_of(ws_binop op)
{
    switch (op) {
    case WS_ADD:
    case WS_SUB: return WK_AR_ADD;
    case WS_MUL: return WK_AR_MUL;
    case WS_MIN:
    case WS_MAX: return WK_AR_OTHER;
    default: return WK_AR_LOGIC;
    }
}

/* A load of the executing lanes' words (their addresses in addr[]): it also
 * waits for the stores of those words. */
static void cost_load(wk_warp *k, ws_reg dst, ws_reg idx, const uint64_t *mem, const size_t *index, int n)
{
    if (!costing(k))
        return;
    wk_cost_time words[64];
    for (int i = 0; i < n; i++)
        words[i] = wk_cost_word(k->cost, &mem[index[i]]);
    bool shared = wk_cost_is_shared(k->cost, mem);
    const ws_reg src[1] = {idx};
    wk_cost_op(k->cost, shared ? "ld.shared" : "ld.global",
               wk_latencies[shared ? WK_LAT_LD_SHARED : WK_LAT_GLOBAL].cycles, src, 1, words, n, &dst, 1);
}

/* A store: the words it writes become visible when it is done. */
static void cost_store(wk_warp *k, ws_reg src_reg, ws_reg idx, const uint64_t *mem, const size_t *index, int n)
{
    if (!costing(k))
        return;
    bool shared = wk_cost_is_shared(k->cost, mem);
    const ws_reg src[2] = {src_reg, idx};
    wk_cost_time t = wk_cost_op(k->cost, shared ? "st.shared" : "st.global",
                                wk_latencies[shared ? WK_LAT_ST_SHARED : WK_LAT_GLOBAL].cycles, src, 2, NULL, 0,
                                NULL, 0);
    for (int i = 0; i < n; i++)
        wk_cost_word_set(k->cost, &mem[index[i]], t);
}

static void close_step(wk_warp *k)
{
    wk_step *s = open_step(k);
    k->step = -1;
    if (!s)
        return;
    ws_reg reg = k->shown.id ? k->shown : k->last_written;
    s->exited = ws_lanes_exited(k->w);
    s->absent = ~ws_lanes_present(k->w) & k->full;
    for (int i = 0; i < k->n_writes; i++)
        if (k->writes[i].reg.id == reg.id)
            s->executed = k->writes[i].lanes; /* e.g. `if (lane >= d) v += t;`: the lanes that added */
    if (reg.id) {
        s->has_values = true;
        snprintf(s->reg, sizeof s->reg, "%s", rn(k, reg));
        s->type = reg_elem(k, reg);
        for (int lane = 0; lane < k->lanes; lane++)
            s->bits[lane] = ws_get_bits(k->w, reg, lane) &
                            (wk_elem_bits(s->type) == 64 ? UINT64_MAX : UINT32_MAX);
    }
}

/* The diagnostics the warp raised since the last call belong to the step
 * it is in. */
static void note_diag_steps(wk_warp *k)
{
    size_t n = ws_diag_count(k->w);
    if (n <= k->diags_noted)
        return;
    if (n > k->step_of_cap) {
        size_t cap = k->step_of_cap ? k->step_of_cap : 16;
        while (cap < n)
            cap *= 2;
        long *grown = realloc(k->step_of, cap * sizeof *grown);
        if (!grown)
            return; /* their steps stay unknown (0) */
        k->step_of = grown;
        k->step_of_cap = cap;
    }
    for (size_t i = k->diags_noted; i < n; i++)
        k->step_of[i] = k->cur_step;
    k->diags_noted = n;
}

void wk_stmt(wk_warp *k, const char *fmt, ...)
{
    if (!live(k))
        return;
    /* Steps are counted traced or not, so that diagnostics name the step
     * the trace would show. */
    note_diag_steps(k);
    k->cur_step = ++k->run->steps;
    if (!tracing(k))
        return;
    close_step(k);
    wk_trace *t = &k->run->trace;
    if (t->count == WK_TRACE_MAX_STEPS) {
        wk_fail(k->run, WS_ERR_NOMEM, "the trace would have more than %d steps; trace a smaller input",
                WK_TRACE_MAX_STEPS);
        return;
    }
    if (t->count == t->capacity) {
        size_t cap = t->capacity ? t->capacity * 2 : 64;
        wk_step *grown = realloc(t->steps, cap * sizeof *grown);
        if (!grown) {
            wk_fail(k->run, WS_ERR_NOMEM, "out of memory recording the trace");
            return;
        }
        t->steps = grown;
        t->capacity = cap;
    }
    wk_step *s = &t->steps[t->count];
    memset(s, 0, sizeof *s);
    s->block = k->block;
    s->warp = k->warp;
    s->lanes = k->lanes;
    s->executed = executing(k);
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    s->cuda = text_append(NULL, "", text);
    k->step = (long)t->count++;
    if (k->cost)
        wk_cost_step(k->cost, k->step);
    k->last_written = WS_NO_REG;
    k->shown = WS_NO_REG;
    k->n_writes = 0;
}

void wk_show(wk_warp *k, ws_reg reg)
{
    if (k)
        k->shown = reg;
}

/* ---- Warps ------------------------------------------------------------ */

wk_warp *wk_warp_begin(wk_run *r, int block, int warp, int threads)
{
    if (r->failed)
        return NULL;
    wk_warp *k = calloc(1, sizeof *k);
    if (!k) {
        wk_fail(r, WS_ERR_NOMEM, "out of memory starting a warp");
        return NULL;
    }
    k->run = r;
    k->block = block;
    k->warp = warp;
    k->step = -1;
    k->type = r->params.type;
    k->storage = wk_elem_storage(r->params.type);
    ws_warp_desc desc = {.profile = r->params.profile, .threads = threads, .diag_policy = r->params.diag};
    ws_status st = ws_warp_create(&desc, &k->w);
    if (st != WS_OK) {
        wk_fail(r, st, "cannot start warp %d of block %d: %s", warp, block, ws_status_name(st));
        free(k);
        return NULL;
    }
    k->lanes = ws_warp_lanes(k->w);
    k->full = ws_low_lanes(k->lanes);
    snprintf(k->full_text, sizeof k->full_text, "0x%" PRIx64, k->full);
    if (r->cost) {
        k->cost = wk_cost_warp_begin(r->cost, block, warp, threads ? threads : k->lanes);
        if (!k->cost) {
            wk_fail(r, WS_ERR_NOMEM, "out of memory for the cycle estimate");
            ws_warp_destroy(k->w);
            free(k);
            return NULL;
        }
    }

    ws_mask active = r->params.active;
    if (active && (active & ws_lanes_present(k->w)) != ws_lanes_present(k->w)) {
        wk_stmt(k, "if (!((0x%" PRIx64 " >> lane) & 1)) return;", active);
        wk_if_lanes(k, ws_lanes_present(k->w) & ~active);
        wk_exit(k);
        wk_end_if(k);
    }
    return k;
}

static void keep_diagnostics(wk_warp *k)
{
    wk_run *r = k->run;
    note_diag_steps(k);
    size_t n = ws_diag_count(k->w);
    r->diags_dropped += ws_diag_dropped(k->w);
    for (size_t i = 0; i < n; i++) {
        if (r->n_diags == r->diag_capacity) {
            size_t cap = r->diag_capacity ? r->diag_capacity * 2 : 16;
            ws_diag *d = realloc(r->diags, cap * sizeof *d);
            if (!d) {
                r->diags_dropped += n - i;
                return;
            }
            r->diags = d;
            int *b = realloc(r->diag_block, cap * sizeof *b);
            if (b)
                r->diag_block = b;
            int *w = realloc(r->diag_warp, cap * sizeof *w);
            if (w)
                r->diag_warp = w;
            long *st = realloc(r->diag_step, cap * sizeof *st);
            if (st)
                r->diag_step = st;
            if (!b || !w || !st) {
                r->diags_dropped += n - i;
                return;
            }
            r->diag_capacity = cap;
        }
        r->diags[r->n_diags] = *ws_diag_get(k->w, i);
        r->diag_block[r->n_diags] = k->block;
        r->diag_warp[r->n_diags] = k->warp;
        r->diag_step[r->n_diags] = i < k->diags_noted && k->step_of ? k->step_of[i] : 0;
        r->n_diags++;
    }
}

void wk_warp_end(wk_warp *k)
{
    if (!k)
        return;
    close_step(k);
    if (!k->run->failed)
        check(k, ws_warp_finish(k->w), "end of kernel");
    keep_diagnostics(k);
    ws_warp_destroy(k->w);
    wk_cost_warp_end(k->cost);
    free(k->step_of);
    free(k);
}

void wk_syncthreads(wk_warp *k)
{
    wk_stmt(k, "__syncthreads();");
    if (live(k) && k->cost)
        wk_cost_barrier(k->cost);
}

void wk_shared(wk_run *r, const uint64_t *mem, size_t len)
{
    if (r && r->cost)
        wk_cost_shared(r->cost, mem, len);
}

/* ---- Variables ---------------------------------------------------------- */

ws_reg wk_var_of(wk_warp *k, const char *name, ws_type type)
{
    if (!live(k))
        return WS_NO_REG;
    ws_reg reg = ws_reg_new(k->w, name, type);
    if (!reg.id)
        wk_fail(k->run, WS_ERR_NOMEM, "cannot allocate register %s: %s", name, ws_warp_error(k->w));
    return reg;
}

ws_reg wk_var(wk_warp *k, const char *name) { return k ? wk_var_of(k, name, k->storage) : WS_NO_REG; }

uint64_t wk_get(const wk_warp *k, ws_reg reg, int lane) { return k ? ws_get_bits(k->w, reg, lane) : 0; }

/* ---- Memory ------------------------------------------------------------- */

static bool in_bounds(wk_warp *k, size_t index, size_t len, const char *what, int lane)
{
    if (index < len)
        return true;
    wk_fail(k->run, WS_ERR_ARG, "%s out of bounds in block %d, warp %d, lane %d: index %zu, length %zu",
            what, k->block, k->warp, lane, index, len);
    return false;
}

void wk_load_lanes(wk_warp *k, ws_reg dst, const uint64_t *mem, size_t len, size_t base)
{
    if (!live(k))
        return;
    ws_mask ex = executing(k);
    size_t index[64];
    int n = 0;
    for (int lane = 0; lane < k->lanes; lane++)
        if ((ex >> lane & 1) && in_bounds(k, base + (size_t)lane, len, "load", lane)) {
            ws_set_bits(k->w, dst, lane, mem[base + (size_t)lane]);
            index[n++] = base + (size_t)lane;
        }
    cost_load(k, dst, WS_NO_REG, mem, index, n);
    note(k, dst, "ld %s, [mem + %zu + lane]", rn(k, dst), base);
}

static size_t index_of(const wk_warp *k, ws_reg idx, int lane)
{
    uint64_t bits = ws_get_bits(k->w, idx, lane);
    switch (ws_reg_type(k->w, idx)) {
    case WS_I32: return (size_t)(int64_t)(int32_t)(uint32_t)bits; /* negative: huge, out of bounds */
    case WS_U32: return (uint32_t)bits;
    default: return (size_t)bits;
    }
}

void wk_load_idx(wk_warp *k, ws_reg dst, const uint64_t *mem, size_t len, ws_reg idx)
{
    if (!live(k))
        return;
    ws_mask ex = executing(k);
    size_t index[64];
    int n = 0;
    for (int lane = 0; lane < k->lanes; lane++) {
        if (!(ex >> lane & 1))
            continue;
        size_t i = index_of(k, idx, lane);
        if (!in_bounds(k, i, len, "load", lane))
            return;
        ws_set_bits(k->w, dst, lane, mem[i]);
        index[n++] = i;
    }
    cost_load(k, dst, idx, mem, index, n);
    note(k, dst, "ld %s, [mem + %s]", rn(k, dst), rn(k, idx));
}

void wk_store_idx(wk_warp *k, uint64_t *mem, size_t len, ws_reg idx, ws_reg src)
{
    if (!live(k))
        return;
    ws_mask ex = executing(k);
    size_t index[64];
    int n = 0;
    for (int lane = 0; lane < k->lanes; lane++) {
        if (!(ex >> lane & 1))
            continue;
        size_t i = index_of(k, idx, lane);
        if (!in_bounds(k, i, len, "store", lane))
            return;
        mem[i] = ws_get_bits(k->w, src, lane);
        index[n++] = i;
    }
    cost_store(k, src, idx, mem, index, n);
    note(k, WS_NO_REG, "st [mem + %s], %s", rn(k, idx), rn(k, src));
}

void wk_store_lanes(wk_warp *k, uint64_t *mem, size_t len, size_t base, ws_reg src)
{
    if (!live(k))
        return;
    ws_mask ex = executing(k);
    size_t index[64];
    int n = 0;
    for (int lane = 0; lane < k->lanes; lane++)
        if ((ex >> lane & 1) && in_bounds(k, base + (size_t)lane, len, "store", lane)) {
            mem[base + (size_t)lane] = ws_get_bits(k->w, src, lane);
            index[n++] = base + (size_t)lane;
        }
    cost_store(k, src, WS_NO_REG, mem, index, n);
    note(k, WS_NO_REG, "st [mem + %zu + lane], %s", base, rn(k, src));
}

/* ---- Element arithmetic --------------------------------------------------- */

/* A host loop for sym (and popc): the library has no such lane operation.
 * It keeps the library's rule that nothing runs while active lanes wait. */
static bool lanes_free(wk_warp *k, const char *op)
{
    if (!(ws_lanes_active(k->w) & ws_lanes_waiting(k->w)))
        return true;
    wk_fail(k->run, WS_ERR_BLOCKED, "%s (block %d, warp %d): active lanes still wait in a collective",
            op, k->block, k->warp);
    return false;
}

static void sym_combine(wk_warp *k, ws_reg dst, ws_reg a, ws_reg b, int sign)
{
    if (!lanes_free(k, "sym"))
        return;
    ws_mask ex = executing(k);
    for (int lane = 0; lane < k->lanes; lane++) {
        if (!(ex >> lane & 1))
            continue;
        uint32_t h = wk_sym_combine(&k->run->sym, (uint32_t)ws_get_bits(k->w, a, lane),
                                    (uint32_t)ws_get_bits(k->w, b, lane), sign);
        if (h == WK_SYM_NONE) {
            wk_fail(k->run, WS_ERR_NOMEM, "symbolic sums need more than %zu MiB here; run --type sym on "
                    "fewer inputs", WK_SYM_MAX_BYTES >> 20);
            return;
        }
        ws_set_u32(k->w, dst, lane, h);
    }
}

static void elem_binop(wk_warp *k, ws_binop op, const char *name, ws_reg dst, ws_reg a, ws_reg b)
{
    if (!live(k))
        return;
    if (k->type == WK_SYM)
        sym_combine(k, dst, a, b, op == WS_SUB ? -1 : 1);
    else
        check(k, ws_binop_apply(k->w, op, k->storage, dst, a, b), name);
    char op_name[32];
    cost3(k, typed(op_name, sizeof op_name, name, wk_elem_name(k->type)), wk_cost_arith(arith_of(op), k->storage),
          dst, a, b, WS_NO_REG);
    note(k, dst, "%s.%s %s, %s, %s", name, wk_elem_name(k->type), rn(k, dst), rn(k, a), rn(k, b));
}

void wk_add(wk_warp *k, ws_reg dst, ws_reg a, ws_reg b) { elem_binop(k, WS_ADD, "add", dst, a, b); }

void wk_sub(wk_warp *k, ws_reg dst, ws_reg a, ws_reg b)
{
    if (live(k) && wk_elem_is_float(k->type)) {
        wk_fail(k->run, WS_ERR_ARG, "wk_sub is for integers and sym");
        return;
    }
    elem_binop(k, WS_SUB, "sub", dst, a, b);
}

void wk_zero(wk_warp *k, ws_reg dst)
{
    if (!live(k))
        return;
    check(k, ws_mov_imm(k->w, dst, 0), "mov"); /* 0, +0.0 and the empty sum are all bits 0 */
    cost3(k, "mov", wk_latencies[WK_LAT_MOVE].cycles, dst, WS_NO_REG, WS_NO_REG, WS_NO_REG);
    note(k, dst, "mov.%s %s, 0", wk_elem_name(k->type), rn(k, dst));
}

void wk_mov(wk_warp *k, ws_reg dst, ws_reg src)
{
    if (!live(k))
        return;
    check(k, ws_mov(k->w, dst, src), "mov");
    cost3(k, "mov", wk_latencies[WK_LAT_MOVE].cycles, dst, src, WS_NO_REG, WS_NO_REG);
    note(k, dst, "mov %s, %s", rn(k, dst), rn(k, src));
}

static const char *const cmp_names[WS_CMPOP_COUNT] = {"lt", "le", "gt", "ge", "eq", "ne"};

void wk_cmp(wk_warp *k, ws_cmpop op, ws_reg dst, ws_reg a, ws_reg b)
{
    if (!live(k))
        return;
    if (k->type == WK_SYM) {
        wk_fail(k->run, WS_ERR_UNSUPPORTED, "symbolic values cannot be compared");
        return;
    }
    check(k, ws_cmp_apply(k->w, op, k->storage, dst, a, b), "setp");
    char op_name[32];
    cost3(k, typed(op_name, sizeof op_name, "setp", wk_elem_name(k->type)), wk_cost_arith(WK_AR_OTHER, k->storage),
          dst, a, b, WS_NO_REG);
    note(k, dst, "setp.%s.%s %s, %s, %s", cmp_names[op % WS_CMPOP_COUNT], wk_elem_name(k->type), rn(k, dst),
         rn(k, a), rn(k, b));
}

void wk_select(wk_warp *k, ws_reg dst, ws_reg cond, ws_reg a, ws_reg b)
{
    if (!live(k))
        return;
    check(k, ws_select(k->w, dst, cond, a, b), "selp");
    cost3(k, "selp", wk_cost_arith(WK_AR_SELECT, ws_reg_type(k->w, dst)), dst, cond, a, b);
    note(k, dst, "selp %s, %s, %s, %s", rn(k, dst), rn(k, a), rn(k, b), rn(k, cond));
}

/* ---- Plain-type arithmetic ---------------------------------------------- */

static const char *const binop_names[WS_BINOP_COUNT] = {"add", "sub", "mul", "min", "max",
                                                        "and", "or",  "xor", "shl", "shr"};

void wk_lane_id(wk_warp *k, ws_reg dst)
{
    if (!live(k))
        return;
    check(k, ws_lane_id(k->w, dst), "laneid");
    cost3(k, "mov", wk_latencies[WK_LAT_MOVE].cycles, dst, WS_NO_REG, WS_NO_REG, WS_NO_REG);
    note(k, dst, "mov %s, %%laneid", rn(k, dst));
}

void wk_set_imm(wk_warp *k, ws_reg dst, uint64_t bits)
{
    if (!live(k))
        return;
    check(k, ws_mov_imm(k->w, dst, bits), "mov");
    cost3(k, "mov", wk_latencies[WK_LAT_MOVE].cycles, dst, WS_NO_REG, WS_NO_REG, WS_NO_REG);
    note(k, dst, "mov %s, 0x%" PRIx64, rn(k, dst), bits);
}

void wk_binop(wk_warp *k, ws_binop op, ws_reg dst, ws_reg a, ws_reg b)
{
    if (!live(k))
        return;
    ws_type t = ws_reg_type(k->w, a);
    check(k, ws_binop_apply(k->w, op, t, dst, a, b), binop_names[op % WS_BINOP_COUNT]);
    char op_name[32];
    cost3(k, typed(op_name, sizeof op_name, binop_names[op % WS_BINOP_COUNT], ws_type_name(t)),
          wk_cost_arith(arith_of(op), t), dst, a, b, WS_NO_REG);
    note(k, dst, "%s.%s %s, %s, %s", binop_names[op % WS_BINOP_COUNT], ws_type_name(t), rn(k, dst), rn(k, a),
         rn(k, b));
}

void wk_binop_imm(wk_warp *k, ws_binop op, ws_reg dst, ws_reg a, uint64_t imm)
{
    if (!live(k))
        return;
    ws_type t = ws_reg_type(k->w, a);
    check(k, ws_binop_imm(k->w, op, t, dst, a, imm), binop_names[op % WS_BINOP_COUNT]);
    char op_name[32];
    cost3(k, typed(op_name, sizeof op_name, binop_names[op % WS_BINOP_COUNT], ws_type_name(t)),
          wk_cost_arith(arith_of(op), t), dst, a, WS_NO_REG, WS_NO_REG);
    note(k, dst, "%s.%s %s, %s, 0x%" PRIx64, binop_names[op % WS_BINOP_COUNT], ws_type_name(t), rn(k, dst),
         rn(k, a), imm);
}

void wk_cmp_imm(wk_warp *k, ws_cmpop op, ws_reg dst, ws_reg a, uint64_t imm)
{
    if (!live(k))
        return;
    ws_type t = ws_reg_type(k->w, a);
    check(k, ws_cmp_imm(k->w, op, t, dst, a, imm), "setp");
    char op_name[32];
    cost3(k, typed(op_name, sizeof op_name, "setp", ws_type_name(t)), wk_cost_arith(WK_AR_OTHER, t), dst, a, WS_NO_REG,
          WS_NO_REG);
    note(k, dst, "setp.%s.%s %s, %s, 0x%" PRIx64, cmp_names[op % WS_CMPOP_COUNT], ws_type_name(t), rn(k, dst),
         rn(k, a), imm);
}

void wk_popc(wk_warp *k, ws_reg dst, ws_reg src)
{
    if (!live(k) || !lanes_free(k, "popc"))
        return;
    ws_mask ex = executing(k);
    bool wide = ws_type_is_64bit(ws_reg_type(k->w, src));
    for (int lane = 0; lane < k->lanes; lane++) {
        if (!(ex >> lane & 1))
            continue;
        uint64_t v = ws_get_bits(k->w, src, lane);
        if (!wide)
            v = (uint32_t)v;
        ws_set_bits(k->w, dst, lane, (uint64_t)__builtin_popcountll(v));
    }
    cost3(k, "popc", wk_cost_arith(WK_AR_OTHER, ws_reg_type(k->w, src)), dst, src, WS_NO_REG, WS_NO_REG);
    note(k, dst, "popc %s, %s", rn(k, dst), rn(k, src));
}

/* ---- Control -------------------------------------------------------------- */

/* The statements without operands: one shape. */
static void control(wk_warp *k, ws_status (*statement)(ws_warp *), const char *text)
{
    if (!live(k))
        return;
    check(k, statement(k->w), text);
    note(k, WS_NO_REG, "%s", text);
}

void wk_if(wk_warp *k, ws_reg cond)
{
    if (!live(k))
        return;
    check(k, ws_if(k->w, cond), "if");
    if (costing(k))
        wk_cost_branch(k->cost, cond);
    note(k, WS_NO_REG, "if %s", rn(k, cond));
}

void wk_if_lanes(wk_warp *k, ws_mask lanes)
{
    if (!live(k))
        return;
    check(k, ws_if_lanes(k->w, lanes), "if");
    note(k, WS_NO_REG, "if lanes 0x%" PRIx64, lanes);
}

void wk_else(wk_warp *k) { control(k, ws_else, "else"); }

void wk_end_if(wk_warp *k) { control(k, ws_end_if, "end if"); }

void wk_exit(wk_warp *k) { control(k, ws_exit, "exit"); }

void wk_loop_begin(wk_warp *k) { control(k, ws_loop_begin, "loop"); }

int wk_loop_while(wk_warp *k, ws_reg cond)
{
    if (!live(k))
        return 0;
    int left = ws_loop_while(k->w, cond);
    if (!check(k, left < 0 ? (ws_status)left : WS_OK, "loop test"))
        return 0;
    if (costing(k))
        wk_cost_branch(k->cost, cond);
    note(k, WS_NO_REG, "@!%s leave loop", rn(k, cond));
    return left;
}

void wk_loop_end(wk_warp *k) { control(k, ws_loop_end, "end loop"); }

/* ---- Collectives ---------------------------------------------------------- */

/* "shfl.sync.bfly" for a shuffle kind, "?" for anything else. */
static const char *ptx_shfl(ws_coll_kind kind) { return kind <= WS_COLL_SHFL_BFLY ? ws_coll_ptx_name(kind) : "?"; }

/* The model operation of a shuffle: PTX shfl.sync on NVIDIA, HIP's
 * __shfl_* over ds_bpermute on the wave profiles. */
static const char *shfl_op(const wk_warp *k, ws_coll_kind kind)
{
    static const char *const hip[] = {[WS_COLL_SHFL_IDX] = "ds_bpermute (__shfl)",
                                      [WS_COLL_SHFL_UP] = "ds_bpermute (__shfl_up)",
                                      [WS_COLL_SHFL_DOWN] = "ds_bpermute (__shfl_down)",
                                      [WS_COLL_SHFL_BFLY] = "ds_bpermute (__shfl_xor)"};
    if (kind > WS_COLL_SHFL_BFLY)
        return "?";
    return ws_warp_profile(k->w) == WS_PROFILE_SM90 ? ws_coll_ptx_name(kind) : hip[kind];
}

static void keep_reads(wk_warp *k)
{
    wk_step *s = open_step(k);
    if (!s)
        return;
    s->has_reads = true;
    ws_last_shuffle_reads(k->w, s->reads);
}

void wk_shfl(wk_warp *k, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg src, int32_t b, int width)
{
    if (!live(k))
        return;
    if (kind > WS_COLL_SHFL_BFLY) {
        wk_fail(k->run, WS_ERR_ARG, "wk_shfl: not a shuffle kind");
        return;
    }
    ws_coll_desc d = {.kind = kind, .mask = mask, .dst = dst, .src = src, .b = b, .width = width};
    check(k, ws_collective(k->w, &d), ws_coll_kind_name(kind));
    keep_reads(k);
    cost3(k, shfl_op(k, kind), wk_latencies[WK_LAT_SHFL].cycles, dst, src, WS_NO_REG, WS_NO_REG);
    note(k, dst, "%s %s, %s, %d, width %d, mask 0x%" PRIx64, shfl_op(k, kind), rn(k, dst), rn(k, src), (int)b,
         width, mask);
}

void wk_shfl_var(wk_warp *k, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg src, ws_reg b_reg, int width)
{
    if (!live(k))
        return;
    if (kind > WS_COLL_SHFL_BFLY) {
        wk_fail(k->run, WS_ERR_ARG, "wk_shfl_var: not a shuffle kind");
        return;
    }
    ws_coll_desc d = {.kind = kind, .mask = mask, .dst = dst, .src = src, .b_reg = b_reg, .width = width};
    check(k, ws_collective(k->w, &d), ws_coll_kind_name(kind));
    keep_reads(k);
    cost3(k, shfl_op(k, kind), wk_latencies[WK_LAT_SHFL].cycles, dst, src, b_reg, WS_NO_REG);
    note(k, dst, "%s %s, %s, %s, width %d, mask 0x%" PRIx64, shfl_op(k, kind), rn(k, dst), rn(k, src),
         rn(k, b_reg), width, mask);
}

void wk_shfl_idx(wk_warp *k, ws_reg dst, ws_reg src, int src_lane, int width)
{
    if (k)
        wk_shfl(k, WS_COLL_SHFL_IDX, k->full, dst, src, src_lane, width);
}

void wk_shfl_up(wk_warp *k, ws_reg dst, ws_reg src, int delta, int width)
{
    if (k)
        wk_shfl(k, WS_COLL_SHFL_UP, k->full, dst, src, delta, width);
}

void wk_shfl_down(wk_warp *k, ws_reg dst, ws_reg src, int delta, int width)
{
    if (k)
        wk_shfl(k, WS_COLL_SHFL_DOWN, k->full, dst, src, delta, width);
}

void wk_shfl_xor(wk_warp *k, ws_reg dst, ws_reg src, int lane_mask, int width)
{
    if (k)
        wk_shfl(k, WS_COLL_SHFL_BFLY, k->full, dst, src, lane_mask, width);
}

/* A 64-bit value through raw shfl.sync: two 32-bit words, lo first. */
static void shfl_ptx_wide(wk_warp *k, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg pred, ws_reg src,
                          uint32_t b, uint32_t c)
{
    if (!k->ptx_wide.id) {
        k->ptx_lo = wk_var_of(k, "lo", WS_U32);
        k->ptx_hi = wk_var_of(k, "hi", WS_U32);
        k->ptx_wide = wk_var_of(k, "b64", WS_U64);
        k->ptx_low64 = wk_var_of(k, "lo64", WS_U64);
        if (!live(k))
            return;
    }
    ws_warp *w = k->w;
    const char *op = ws_coll_kind_name(kind);
    /* mov.b64 {lo, hi}, src */
    if (!check(k, ws_mov(w, k->ptx_wide, src), op) || !check(k, ws_mov(w, k->ptx_lo, k->ptx_wide), op) ||
        !check(k, ws_binop_imm(w, WS_SHR, WS_U64, k->ptx_wide, k->ptx_wide, 32), op) ||
        !check(k, ws_mov(w, k->ptx_hi, k->ptx_wide), op))
        return;
    if (!check(k, ws_shfl_ptx(w, kind, mask, k->ptx_lo, pred, k->ptx_lo, b, c), op) ||
        !check(k, ws_shfl_ptx(w, kind, mask, k->ptx_hi, pred, k->ptx_hi, b, c), op))
        return;
    /* mov.b64 dst, {lo, hi} */
    ws_reg wide = k->ptx_wide, low = k->ptx_low64;
    if (check(k, ws_mov(w, wide, k->ptx_hi), op) && check(k, ws_binop_imm(w, WS_SHL, WS_U64, wide, wide, 32), op) &&
        check(k, ws_mov(w, low, k->ptx_lo), op) && check(k, ws_binop_apply(w, WS_OR, WS_U64, wide, wide, low), op))
        check(k, ws_mov(w, dst, wide), op);
}

/* A raw shfl.sync writes the value and the predicate; a 64-bit value is two
 * independent 32-bit shuffles (the movs around them cost nothing). */
static void cost_ptx(wk_warp *k, ws_coll_kind kind, ws_reg dst, ws_reg pred, ws_reg src)
{
    if (!costing(k))
        return;
    const ws_reg out[2] = {dst, pred};
    wk_cost_op(k->cost, ptx_shfl(kind), wk_latencies[WK_LAT_SHFL].cycles, &src, 1, NULL, 0, out, pred.id ? 2 : 1);
}

void wk_shfl_ptx(wk_warp *k, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg pred, ws_reg src, uint32_t b,
                 uint32_t c)
{
    if (!live(k))
        return;
    if (ws_type_is_64bit(ws_reg_type(k->w, src))) {
        shfl_ptx_wide(k, kind, mask, dst, pred, src, b, c);
        keep_reads(k);
        cost_ptx(k, kind, dst, pred, src);
        note(k, dst, "mov.b64 {lo, hi}, %s; %s.b32 lo|%s, lo, %" PRIu32 ", 0x%" PRIx32 ", 0x%" PRIx64
             "; %s.b32 hi|%s, hi, (same); mov.b64 %s, {lo, hi}",
             rn(k, src), ptx_shfl(kind), pred.id ? rn(k, pred) : "_", b, c, mask, ptx_shfl(kind),
             pred.id ? rn(k, pred) : "_", rn(k, dst));
        return;
    }
    check(k, ws_shfl_ptx(k->w, kind, mask, dst, pred, src, b, c), ws_coll_kind_name(kind));
    keep_reads(k);
    cost_ptx(k, kind, dst, pred, src);
    note(k, dst, "%s.b32 %s|%s, %s, %" PRIu32 ", 0x%" PRIx32 ", 0x%" PRIx64, ptx_shfl(kind), rn(k, dst),
         pred.id ? rn(k, pred) : "_", rn(k, src), b, c, mask);
}

void wk_ballot(wk_warp *k, ws_reg dst, ws_reg pred)
{
    if (!live(k))
        return;
    check(k, ws_ballot_sync(k->w, k->full, dst, pred), "vote.ballot");
    cost3(k, ws_coll_ptx_name(WS_COLL_VOTE_BALLOT), wk_latencies[WK_LAT_VOTE_BALLOT].cycles, dst, pred, WS_NO_REG,
          WS_NO_REG);
    note(k, dst, "%s.b32 %s, %s, 0x%" PRIx64, ws_coll_ptx_name(WS_COLL_VOTE_BALLOT), rn(k, dst), rn(k, pred), k->full);
}

void wk_reduce(wk_warp *k, wk_redop op, ws_mask mask, ws_reg dst, ws_reg src)
{
    static const ws_coll_kind kinds[WK_OP_COUNT] = {WS_COLL_REDUX_ADD, WS_COLL_REDUX_MIN, WS_COLL_REDUX_MAX,
                                                    WS_COLL_REDUX_AND, WS_COLL_REDUX_OR,  WS_COLL_REDUX_XOR};
    if (!live(k))
        return;
    if ((unsigned)op >= WK_OP_COUNT) {
        wk_fail(k->run, WS_ERR_ARG, "wk_reduce: bad operation");
        return;
    }
    ws_coll_desc d = {.kind = kinds[op], .mask = mask, .dst = dst, .src = src};
    check(k, ws_collective(k->w, &d), ws_coll_kind_name(kinds[op]));
    cost3(k, ws_coll_ptx_name(kinds[op]), wk_latencies[WK_LAT_REDUX].cycles, dst, src, WS_NO_REG, WS_NO_REG);
    note(k, dst, "%s.%s %s, %s, 0x%" PRIx64, ws_coll_ptx_name(kinds[op]), ws_type_name(ws_reg_type(k->w, src)),
         rn(k, dst), rn(k, src), mask);
}
