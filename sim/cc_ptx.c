/* sim/cc_ptx.c: inline PTX in `warpsim cc` (cc_ptx.h).
 *
 * Three steps per asm statement. The statement's shape (qualifiers, the
 * template's string literals, the operand lists) is read from the bytes
 * the rewriter classified; the template is decoded, with each byte's
 * source offset kept. If it looks like PTX, its statements are translated
 * one by one, through the table of instructions below, into C++ pieces,
 * each tied to the source offset where the instruction starts. Last, the
 * pieces, the operand expressions (verbatim) and the line breaks between
 * them are laid out in source order, so every line keeps its number. */
#include "cc_ptx.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpsim/cuda_ptx.h"

enum { MAX_OPERANDS = 30, MAX_TEMPLATE = 16384, MAX_REGS = 256, MAX_INSN_OPERANDS = 6, PIECE_MAX = 1024 };

/* ---- the PTX this file knows ---- */

/* PTX ISA opcodes: a dotted mnemonic starting with one makes a template PTX. */
static const char *const ptx_opcodes[] = {
    "abs", "activemask", "add", "addc", "alloca", "and", "applypriority", "atom", "bar", "barrier", "bfe", "bfi",
    "bfind", "bmsk", "bra", "brev", "brkpt", "brx", "call", "clusterlaunchcontrol", "clz", "cnot", "copysign",
    "cos", "cp", "createpolicy", "cvt", "cvta", "discard", "div", "dp2a", "dp4a", "elect", "ex2", "exit", "fence",
    "fma", "fns", "getctarank", "griddepcontrol", "isspacep", "istypep", "ld", "ldmatrix", "ldu", "lg2", "lop3",
    "mad", "mad24", "madc", "mapa", "match", "max", "mbarrier", "membar", "min", "mma", "mov", "movmatrix", "mul",
    "mul24", "multimem", "nanosleep", "neg", "not", "or", "pmevent", "popc", "prefetch", "prefetchu", "prmt",
    "rcp", "red", "redux", "rem", "ret", "rsqrt", "sad", "selp", "set", "setmaxnreg", "setp", "shf", "shfl", "shl",
    "shr", "sin", "slct", "sqrt", "st", "stackrestore", "stacksave", "stmatrix", "sub", "subc", "suld", "suq",
    "sured", "sust", "szext", "tanh", "tcgen05", "tensormap", "testp", "tex", "tld4", "trap", "txq", "vabsdiff",
    "vabsdiff2", "vabsdiff4", "vadd", "vadd2", "vadd4", "vavrg2", "vavrg4", "vmad", "vmax", "vmax2", "vmax4",
    "vmin", "vmin2", "vmin4", "vote", "vset", "vset2", "vset4", "vshl", "vshr", "vsub", "vsub2", "vsub4", "wgmma",
    "wmma", "xor",
};

/* Special registers (all 32-bit), read by mov. */
static const struct {
    const char *name, *cpp;
} sregs[] = {
    {"laneid", "warpsim_ptx::sreg_laneid()"},
    {"lanemask_eq", "warpsim_ptx::sreg_lanemask_eq()"},
    {"lanemask_le", "warpsim_ptx::sreg_lanemask_le()"},
    {"lanemask_lt", "warpsim_ptx::sreg_lanemask_lt()"},
    {"lanemask_ge", "warpsim_ptx::sreg_lanemask_ge()"},
    {"lanemask_gt", "warpsim_ptx::sreg_lanemask_gt()"},
    {"warpid", "warpsim_ptx::sreg_warpid()"},
    {"nwarpid", "warpsim_ptx::sreg_nwarpid()"},
    {"smid", "warpsim_ptx::sreg_smid()"},
    {"nsmid", "warpsim_ptx::sreg_nsmid()"},
    {"tid.x", "warpsim_ptx::sreg_tid(0)"},     {"tid.y", "warpsim_ptx::sreg_tid(1)"},
    {"tid.z", "warpsim_ptx::sreg_tid(2)"},     {"ntid.x", "warpsim_ptx::sreg_ntid(0)"},
    {"ntid.y", "warpsim_ptx::sreg_ntid(1)"},   {"ntid.z", "warpsim_ptx::sreg_ntid(2)"},
    {"ctaid.x", "warpsim_ptx::sreg_ctaid(0)"}, {"ctaid.y", "warpsim_ptx::sreg_ctaid(1)"},
    {"ctaid.z", "warpsim_ptx::sreg_ctaid(2)"}, {"nctaid.x", "warpsim_ptx::sreg_nctaid(0)"},
    {"nctaid.y", "warpsim_ptx::sreg_nctaid(1)"}, {"nctaid.z", "warpsim_ptx::sreg_nctaid(2)"},
};

/* The instructions. pattern: the mnemonic's parts; an upper-case part is a
 * class: X any b/u/s/f 32/64 type, I u/s 32/64, B b32/b64, K b/u/s 32/64,
 * C a comparison. slots, one letter per operand: d a destination of the
 * type's width, D one with an optional |p, s a source of the type's width,
 * u a 32-bit source, m a source or special register, p a predicate
 * destination, q a predicate source ({!}p), z the immediate 0. cpp: $0-$4
 * the operands, $P the |p (&p or nullptr), $T the type's C++ type (signed
 * for .s), $C the comparison. shfl: 1 + the shuffle's kind (its constant
 * c is checked), else 0. */
typedef struct ptx_op {
    const char *pattern, *slots, *cpp;
    int shfl;
} ptx_op;

static const ptx_op ops[] = {
    {"mov.X", "dm", "$0 = $1;", 0},
    {"mov.pred", "pq", "$0 = $1;", 0},
    {"shfl.sync.idx.b32", "Dsuuu", "$0 = warpsim_ptx::shfl(WS_COLL_SHFL_IDX, $4, $1, $2, $3, $P);",
     1 + WS_COLL_SHFL_IDX},
    {"shfl.sync.up.b32", "Dsuuu", "$0 = warpsim_ptx::shfl(WS_COLL_SHFL_UP, $4, $1, $2, $3, $P);", 1 + WS_COLL_SHFL_UP},
    {"shfl.sync.down.b32", "Dsuuu", "$0 = warpsim_ptx::shfl(WS_COLL_SHFL_DOWN, $4, $1, $2, $3, $P);",
     1 + WS_COLL_SHFL_DOWN},
    {"shfl.sync.bfly.b32", "Dsuuu", "$0 = warpsim_ptx::shfl(WS_COLL_SHFL_BFLY, $4, $1, $2, $3, $P);",
     1 + WS_COLL_SHFL_BFLY},
    {"vote.sync.all.pred", "pqu", "$0 = __all_sync($2, $1) != 0;", 0},
    {"vote.sync.any.pred", "pqu", "$0 = __any_sync($2, $1) != 0;", 0},
    {"vote.sync.uni.pred", "pqu", "$0 = __uni_sync($2, $1) != 0;", 0},
    {"vote.sync.ballot.b32", "dqu", "$0 = __ballot_sync($2, $1);", 0},
    {"bfe.u32", "dsuu", "$0 = ws_ptx_bfe_u32($1, $2, $3);", 0},
    {"bfe.s32", "dsuu", "$0 = ws_ptx_bfe_s32($1, $2, $3);", 0},
    {"bfe.u64", "dsuu", "$0 = ws_ptx_bfe_u64($1, $2, $3);", 0},
    {"bfe.s64", "dsuu", "$0 = ws_ptx_bfe_s64($1, $2, $3);", 0},
    {"bfi.b32", "dssuu", "$0 = ws_ptx_bfi_b32($1, $2, $3, $4);", 0},
    {"bfi.b64", "dssuu", "$0 = ws_ptx_bfi_b64($1, $2, $3, $4);", 0},
    {"prmt.b32", "dsss", "$0 = ws_ptx_prmt_b32($1, $2, $3);", 0},
    {"brev.b32", "ds", "$0 = ws_ptx_brev_b32($1);", 0},
    {"brev.b64", "ds", "$0 = ws_ptx_brev_b64($1);", 0},
    {"activemask.b32", "d", "$0 = __activemask();", 0},
    {"bar.warp.sync", "u", "__syncwarp($0);", 0},
    {"bar.sync", "z", "__syncthreads();", 0},
    {"barrier.sync.aligned", "z", "__syncthreads();", 0},
    {"membar.cta", "", "__threadfence_block();", 0},
    {"membar.gl", "", "__threadfence();", 0},
    {"membar.sys", "", "__threadfence_system();", 0},
    {"setp.C.K", "pss", "$0 = warpsim_ptx::setp_$C<$T>($1, $2);", 0},
    {"selp.X", "dssq", "$0 = $3 ? $1 : $2;", 0},
    {"add.I", "dss", "$0 = $1 + $2;", 0},
    {"sub.I", "dss", "$0 = $1 - $2;", 0},
    {"and.B", "dss", "$0 = $1 & $2;", 0},
    {"or.B", "dss", "$0 = $1 | $2;", 0},
    {"xor.B", "dss", "$0 = $1 ^ $2;", 0},
    {"not.B", "ds", "$0 = ~$1;", 0},
    {"and.pred", "pqq", "$0 = $1 && $2;", 0},
    {"or.pred", "pqq", "$0 = $1 || $2;", 0},
    {"xor.pred", "pqq", "$0 = $1 != $2;", 0},
    {"not.pred", "pq", "$0 = !$1;", 0},
};

#define SUPPORTED                                                                                                   \
    "supported: mov, shfl.sync, vote.sync, bfe, bfi, prmt.b32, brev, activemask, bar.sync 0, bar.warp.sync, "      \
    "membar, setp, selp, add, sub, and, or, xor, not"

/* ---- the translation's state ---- */

typedef struct operand {
    char name[32];      /* [name], or "" */
    char cons;          /* 'r', 'l', 'f', 'd' or 'n' */
    bool out, in;       /* written back ('=', '+'); read ('+', none) */
    size_t open, close; /* the expression's parentheses */
    bool used, known;   /* known: a constant expression, of value `value` */
    uint64_t value;
} operand;

typedef struct reg {
    char name[64];
    int width; /* 1 (.pred), 32 or 64 */
    int depth; /* the { } level it was declared at */
} reg;

typedef struct piece {
    size_t at; /* source offset */
    char *text;
} piece;

typedef struct tr {
    const char *s;
    size_t n;
    const unsigned char *kind;
    char t[MAX_TEMPLATE]; /* the decoded template */
    size_t src[MAX_TEMPLATE];
    size_t tn;
    operand op[MAX_OPERANDS];
    int n_ops;
    reg regs[MAX_REGS];
    int n_regs, depth;
    piece *pieces;
    size_t n_pieces, cap_pieces;
    char *out;
    size_t out_len, out_cap, cur; /* cur: the source offset the output has reached */
    bool oom, failed;
    cc_ptx_result *r;
} tr;

static bool fail(tr *x, size_t at, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool fail(tr *x, size_t at, const char *fmt, ...)
{
    if (x->failed)
        return false;
    x->failed = true;
    x->r->error_at = at;
    int k = snprintf(x->r->error, sizeof x->r->error, "inline PTX: ");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->r->error + k, sizeof x->r->error - (size_t)k, fmt, ap);
    va_end(ap);
    return false;
}

static bool is_ident(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$';
}
static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
/* A hexadecimal digit's value, or -1. */
static int digit_value(char h)
{
    return is_digit(h) ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
}

/* ---- the C++ statement: its shape ---- */

static bool blank(const tr *x, size_t i)
{
    return x->kind[i] == CC_BYTE_COMMENT || (x->kind[i] == CC_BYTE_CODE && is_space(x->s[i]));
}
static size_t solid(const tr *x, size_t i)
{
    while (i < x->n && blank(x, i))
        i++;
    return i;
}
static bool code_at(const tr *x, size_t i, char ch) { return i < x->n && x->kind[i] == CC_BYTE_CODE && x->s[i] == ch; }
static size_t word_end(const tr *x, size_t i)
{
    while (i < x->n && x->kind[i] == CC_BYTE_CODE && is_ident(x->s[i]))
        i++;
    return i;
}
static bool word_is(const tr *x, size_t b, size_t e, const char *w)
{
    return e - b == strlen(w) && memcmp(x->s + b, w, e - b) == 0;
}

/* The ')' closing the '(' at `open` (code bytes, nested brackets), or SIZE_MAX. */
static size_t close_of(const tr *x, size_t open)
{
    char stack[64];
    size_t depth = 0;
    for (size_t j = open; j < x->n; j++) {
        if (x->kind[j] != CC_BYTE_CODE)
            continue;
        char ch = x->s[j];
        if (ch == '(' || ch == '[' || ch == '{') {
            if (depth == sizeof stack)
                return SIZE_MAX;
            stack[depth++] = ch == '(' ? ')' : ch == '[' ? ']' : '}';
        } else if (ch == ')' || ch == ']' || ch == '}') {
            if (depth == 0 || stack[depth - 1] != ch)
                return SIZE_MAX;
            if (--depth == 0)
                return j;
        } else if (ch == ';' && depth == 1) {
            return SIZE_MAX;
        }
    }
    return SIZE_MAX;
}

/* The string literal at j (s[j] is its '"'), decoded and appended to
 * buf[*len..cap) (with each byte's source offset in src when not NULL).
 * Returns the offset after it, or SIZE_MAX for an escape this file does not
 * decode (\u...) or a template that is too long. */
static size_t decode_string(const tr *x, size_t j, char *buf, size_t *src, size_t *len, size_t cap)
{
    static const char simple[] = "n\nt\tr\rv\vf\fa\ab\b\\\\''\"\"??";
    for (j++; j < x->n && x->s[j] != '"'; j++) {
        if (*len + 1 >= cap || x->s[j] == '\n')
            return SIZE_MAX;
        size_t at = j;
        char ch = x->s[j];
        if (ch == '\\' && j + 1 < x->n) {
            char e = x->s[++j];
            const char *m = NULL;
            for (size_t k = 0; simple[k]; k += 2)
                if (simple[k] == e)
                    m = simple + k;
            if (m) {
                ch = m[1];
            } else if (e >= '0' && e <= '7') {
                unsigned v = 0;
                for (int d = 0; d < 3 && j < x->n && x->s[j] >= '0' && x->s[j] <= '7'; d++, j++)
                    v = v * 8 + (unsigned)(x->s[j] - '0');
                j--;
                ch = (char)v;
            } else if (e == 'x') {
                unsigned v = 0;
                int d = 0;
                for (j++; j < x->n; j++, d++) {
                    char h = x->s[j];
                    int hv = digit_value(h);
                    if (hv < 0)
                        break;
                    v = v * 16 + (unsigned)hv;
                }
                if (d == 0)
                    return SIZE_MAX;
                j--;
                ch = (char)v;
            } else {
                return SIZE_MAX;
            }
        }
        if (src)
            src[*len] = at;
        buf[(*len)++] = ch;
    }
    if (j >= x->n)
        return SIZE_MAX;
    buf[*len] = 0;
    return j + 1;
}

/* ---- a constant operand expression (integer literals and operators), so
 * that a shuffle's c can be checked before it runs ---- */

typedef struct ev {
    const tr *x;
    size_t p, e;
    bool ok;
} ev;

static size_t ev_solid(ev *v)
{
    while (v->p < v->e && blank(v->x, v->p))
        v->p++;
    return v->p;
}
static bool ev_take(ev *v, const char *op)
{
    size_t p = ev_solid(v), len = strlen(op);
    if (p + len > v->e || memcmp(v->x->s + p, op, len) != 0)
        return false;
    for (size_t i = 0; i < len; i++)
        if (v->x->kind[p + i] != CC_BYTE_CODE)
            return false;
    /* `&` is not `&&`, `<` not `<<`, `|` not `||` */
    char next = p + len < v->e ? v->x->s[p + len] : 0;
    if (len == 1 && (op[0] == '&' || op[0] == '|' || op[0] == '<' || op[0] == '>') && (next == op[0] || next == '='))
        return false;
    v->p = p + len;
    return true;
}
static uint64_t ev_binary(ev *v, int min_prec);
static uint64_t ev_unary(ev *v)
{
    if (ev_take(v, "-"))
        return (uint64_t)0 - ev_unary(v);
    if (ev_take(v, "+"))
        return ev_unary(v);
    if (ev_take(v, "~"))
        return ~ev_unary(v);
    if (ev_take(v, "(")) {
        uint64_t r = ev_binary(v, 1);
        if (!ev_take(v, ")"))
            v->ok = false;
        return r;
    }
    size_t p = ev_solid(v);
    const char *s = v->x->s;
    if (p >= v->e || v->x->kind[p] != CC_BYTE_CODE || !is_digit(s[p])) {
        v->ok = false;
        return 0;
    }
    unsigned base = 10;
    if (s[p] == '0' && p + 1 < v->e && (s[p + 1] == 'x' || s[p + 1] == 'X'))
        base = 16, p += 2;
    else if (s[p] == '0' && p + 1 < v->e && (s[p + 1] == 'b' || s[p + 1] == 'B'))
        base = 2, p += 2;
    else if (s[p] == '0')
        base = 8;
    uint64_t r = 0;
    bool any = base == 8;
    for (; p < v->e; p++) {
        char h = s[p];
        int d = digit_value(h);
        if (d < 0 || (unsigned)d >= base)
            break;
        r = r * base + (unsigned)d;
        any = true;
    }
    while (p < v->e && (s[p] == 'u' || s[p] == 'U' || s[p] == 'l' || s[p] == 'L'))
        p++;
    if (!any || (p < v->e && is_ident(s[p])))
        v->ok = false;
    v->p = p;
    return r;
}
static uint64_t ev_binary(ev *v, int min_prec)
{
    static const struct {
        const char *op;
        int prec;
    } bin[] = {{"|", 1}, {"^", 2}, {"&", 3}, {"<<", 5}, {">>", 5}, {"+", 6}, {"-", 6}, {"*", 7}, {"/", 7}, {"%", 7}};
    uint64_t l = ev_unary(v);
    for (;;) {
        int k = -1;
        for (int i = 0; i < (int)(sizeof bin / sizeof bin[0]) && k < 0; i++)
            if (bin[i].prec >= min_prec && ev_take(v, bin[i].op))
                k = i;
        if (k < 0 || !v->ok)
            return l;
        uint64_t r = ev_binary(v, bin[k].prec + 1);
        switch (bin[k].op[0]) {
        case '|': l |= r; break;
        case '^': l ^= r; break;
        case '&': l &= r; break;
        case '<': l = r < 64 ? l << r : 0; break;
        case '>': l = r < 64 ? l >> r : 0; break;
        case '+': l += r; break;
        case '-': l -= r; break;
        case '*': l *= r; break;
        default:
            if (r == 0)
                v->ok = false;
            else
                l = bin[k].op[0] == '/' ? l / r : l % r;
        }
    }
}

static void evaluate(tr *x, operand *o)
{
    ev v = {.x = x, .p = o->open + 1, .e = o->close, .ok = true};
    uint64_t value = ev_binary(&v, 1);
    o->known = v.ok && ev_solid(&v) == v.e;
    o->value = value;
}

/* ---- the operand lists ---- */

/* One list (outputs or inputs) from i; returns where it ends (at ':' or
 * the statement's ')'), or SIZE_MAX after an error. */
static size_t operand_list(tr *x, size_t i, size_t close, bool outputs)
{
    size_t j = solid(x, i);
    if (j >= close || code_at(x, j, ':'))
        return j;
    for (;;) {
        if (x->n_ops == MAX_OPERANDS)
            return fail(x, j, "more than %d operands", MAX_OPERANDS), SIZE_MAX;
        operand *o = &x->op[x->n_ops];
        memset(o, 0, sizeof *o);
        if (code_at(x, j, '[')) {
            size_t nb = solid(x, j + 1), ne = word_end(x, nb), rb = solid(x, ne);
            if (ne == nb || ne - nb >= sizeof o->name || !code_at(x, rb, ']'))
                return fail(x, j, "a bad operand name"), SIZE_MAX;
            memcpy(o->name, x->s + nb, ne - nb);
            j = solid(x, rb + 1);
        }
        char cons[32];
        size_t clen = 0;
        cons[0] = 0;
        while (j < close && x->kind[j] == CC_BYTE_LITERAL && x->s[j] == '"') {
            size_t lit = j;
            j = decode_string(x, j, cons, NULL, &clen, sizeof cons);
            if (j == SIZE_MAX)
                return fail(x, lit, "a bad constraint string"), SIZE_MAX;
            j = solid(x, j);
        }
        if (clen == 0)
            return fail(x, j, "an operand without a constraint string"), SIZE_MAX;
        for (size_t k = 0; k < clen; k++)
            if (cons[k] <= ' ' || cons[k] >= 127)
                cons[k] = '?'; /* the message stays one line */
        const char *c = cons;
        if (*c == '=' || *c == '+') {
            if (!outputs)
                return fail(x, j, "input constraint \"%s\" starts with '%c'", cons, *c), SIZE_MAX;
            o->out = true;
            o->in = *c == '+';
            c++;
        } else if (outputs) {
            return fail(x, j, "output constraint \"%s\" must start with '=' or '+'", cons), SIZE_MAX;
        } else {
            o->in = true;
        }
        if (*c == '&')
            c++;
        if (!(c[0] == 'r' || c[0] == 'l' || c[0] == 'f' || c[0] == 'd' || (c[0] == 'n' && !outputs)) || c[1])
            return fail(x, j,
                        "constraint \"%s\" is not supported by warpsim cc (supported: \"r\", \"l\", \"f\", \"d\" with "
                        "'=' or '+' for outputs, and \"n\")",
                        cons),
                   SIZE_MAX;
        o->cons = c[0];
        if (!code_at(x, j, '('))
            return fail(x, j, "operand %d: expected '(' and an expression after its constraint", x->n_ops), SIZE_MAX;
        o->open = j;
        o->close = close_of(x, j);
        if (o->close == SIZE_MAX || o->close > close)
            return fail(x, j, "operand %d: its expression is never closed", x->n_ops), SIZE_MAX;
        evaluate(x, o);
        x->n_ops++;
        j = solid(x, o->close + 1);
        if (code_at(x, j, ','))
            j = solid(x, j + 1);
        else
            return j;
    }
}

/* ---- the template: is it PTX? ---- */

static bool ptx_opcode(const char *w, size_t len)
{
    for (size_t i = 0; i < sizeof ptx_opcodes / sizeof ptx_opcodes[0]; i++)
        if (strlen(ptx_opcodes[i]) == len && memcmp(ptx_opcodes[i], w, len) == 0)
            return true;
    return false;
}

/* One of its statements (split at ';', '{', '}' and line breaks) declares a
 * .reg, is guarded by @, or has a mnemonic `opcode.xxx` with a PTX opcode. */
static bool looks_like_ptx(const tr *x)
{
    for (size_t i = 0; i < x->tn;) {
        while (i < x->tn && (is_space(x->t[i]) || x->t[i] == ';' || x->t[i] == '{' || x->t[i] == '}'))
            i++;
        size_t b = i;
        while (i < x->tn && x->t[i] != ';' && x->t[i] != '\n' && x->t[i] != '{' && x->t[i] != '}')
            i++;
        if (b == i)
            continue;
        if (x->t[b] == '@' || (i - b >= 4 && memcmp(x->t + b, ".reg", 4) == 0))
            return true;
        size_t e = b, dot = 0;
        for (size_t l = b; l < i && is_ident(x->t[l]); l++)
            if (x->t[l + 1] == ':') { /* a label */
                for (b = l + 2; b < i && is_space(x->t[b]); b++)
                    ;
                e = b;
                break;
            }
        while (e < i && (is_ident(x->t[e]) || x->t[e] == '.')) {
            if (x->t[e] == '.' && !dot)
                dot = e;
            e++;
        }
        if (dot > b && ptx_opcode(x->t + b, dot - b))
            return true;
    }
    return false;
}

/* ---- the template: tokens ---- */

typedef enum { T_END, T_WORD, T_NUM, T_OPND, T_SREG, T_REG, T_PUNCT } tok_kind;
typedef struct tok {
    tok_kind k;
    size_t b;       /* in the template */
    char text[48];  /* T_WORD, T_REG ("%r1") */
    uint64_t num;   /* T_NUM */
    int index;      /* T_OPND: the operand; T_SREG: sregs[] */
    char punct;
} tok;

static size_t src_of(const tr *x, size_t t) { return x->src[t < x->tn ? t : x->tn - 1]; }

/* The token at *p; false after an error. */
static bool lex(tr *x, size_t *p, tok *k)
{
    const char *t = x->t;
    size_t i = *p, n = x->tn;
    for (;;) {
        while (i < n && is_space(t[i]))
            i++;
        if (i + 1 < n && t[i] == '/' && t[i + 1] == '/') {
            while (i < n && t[i] != '\n')
                i++;
        } else if (i + 1 < n && t[i] == '/' && t[i + 1] == '*') {
            for (i += 2; i + 1 < n && !(t[i] == '*' && t[i + 1] == '/'); i++)
                ;
            i = i + 2 < n ? i + 2 : n;
        } else {
            break;
        }
    }
    memset(k, 0, sizeof *k);
    k->b = i;
    if (i >= n) {
        k->k = T_END;
        *p = i;
        return true;
    }
    char ch = t[i];
    if (ch == '%') {
        if (i + 1 < n && t[i + 1] == '%') {
            size_t b = i + 2, e = b;
            while (e < n && is_ident(t[e]))
                e++;
            if (e == b)
                return fail(x, src_of(x, i), "`%%%%` must be followed by a register name");
            size_t len = e - b;
            if (e + 1 < n && t[e] == '.' && (t[e + 1] == 'x' || t[e + 1] == 'y' || t[e + 1] == 'z') &&
                (e + 2 >= n || !is_ident(t[e + 2])))
                len += 2, e += 2; /* %tid.x */
            for (size_t s = 0; s < sizeof sregs / sizeof sregs[0]; s++)
                if (strlen(sregs[s].name) == len && memcmp(sregs[s].name, t + b, len) == 0) {
                    k->k = T_SREG;
                    k->index = (int)s;
                    *p = e;
                    return true;
                }
            if (memchr(t + b, '.', len) || len + 2 > sizeof k->text)
                return fail(x, src_of(x, i), "`%%%.*s` is not a register warpsim cc knows", (int)len, t + b);
            k->k = T_REG;
            k->text[0] = '%';
            memcpy(k->text + 1, t + b, len);
            *p = e;
            return true;
        }
        if (i + 1 < n && is_digit(t[i + 1])) {
            int v = 0;
            size_t e = i + 1;
            for (; e < n && is_digit(t[e]) && v < 1000; e++)
                v = v * 10 + (t[e] - '0');
            if (v >= x->n_ops)
                return fail(x, src_of(x, i), "%%%d names no operand (the statement has %d)", v, x->n_ops);
            k->k = T_OPND;
            k->index = v;
            *p = e;
            return true;
        }
        if (i + 1 < n && t[i + 1] == '[') {
            size_t b = i + 2, e = b;
            while (e < n && is_ident(t[e]))
                e++;
            if (e >= n || t[e] != ']')
                return fail(x, src_of(x, i), "a bad operand reference `%%[`");
            for (int o = 0; o < x->n_ops; o++)
                if (strlen(x->op[o].name) == e - b && memcmp(x->op[o].name, t + b, e - b) == 0) {
                    k->k = T_OPND;
                    k->index = o;
                    *p = e + 1;
                    return true;
                }
            return fail(x, src_of(x, i), "%%[%.*s] names no operand", (int)(e - b), t + b);
        }
        return fail(x, src_of(x, i),
                    "`%%%c`: in an asm template a register is written %%%%name (%%%%laneid), an operand %%0..%%9",
                    i + 1 < n && t[i + 1] > ' ' && t[i + 1] < 127 ? t[i + 1] : ' ');
    }
    if (is_ident(ch) && !is_digit(ch)) {
        size_t e = i;
        while (e < n && (is_ident(t[e]) || t[e] == '.'))
            e++;
        if (e - i >= sizeof k->text)
            return fail(x, src_of(x, i), "`%.*s...` is too long a name", 20, t + i);
        k->k = T_WORD;
        memcpy(k->text, t + i, e - i);
        *p = e;
        return true;
    }
    if (ch == '.' && i + 1 < n && is_ident(t[i + 1])) { /* .reg, .pred */
        size_t e = i + 1;
        while (e < n && (is_ident(t[e]) || t[e] == '.'))
            e++;
        if (e - i >= sizeof k->text)
            return fail(x, src_of(x, i), "`%.*s...` is too long a name", 20, t + i);
        k->k = T_WORD;
        memcpy(k->text, t + i, e - i);
        *p = e;
        return true;
    }
    if (is_digit(ch)) {
        size_t e = i;
        unsigned base = 10;
        if (ch == '0' && i + 1 < n && (t[i + 1] == 'x' || t[i + 1] == 'X' || t[i + 1] == 'f' || t[i + 1] == 'F' ||
                                       t[i + 1] == 'd' || t[i + 1] == 'D'))
            base = 16, e += 2; /* 0f and 0d: a float's bits, in hex */
        else if (ch == '0' && i + 1 < n && (t[i + 1] == 'b' || t[i + 1] == 'B'))
            base = 2, e += 2;
        else if (ch == '0')
            base = 8;
        uint64_t v = 0;
        size_t digits = 0;
        for (; e < n; e++, digits++) {
            char h = t[e];
            int d = digit_value(h);
            if (d < 0 || (unsigned)d >= base)
                break;
            v = v * base + (unsigned)d;
        }
        if (e < n && t[e] == 'U')
            e++;
        bool trailing = e < n && (is_ident(t[e]) || t[e] == '.');
        if ((base != 8 && digits == 0) || trailing) {
            size_t shown = e - i + trailing;
            return fail(x, src_of(x, i), "a bad number `%.*s`", (int)(shown < 20 ? shown : 20), t + i);
        }
        k->k = T_NUM;
        k->num = v;
        *p = e;
        return true;
    }
    if (strchr(",;{}|!@-<>[]():+", ch)) {
        k->k = T_PUNCT;
        k->punct = ch;
        *p = i + 1;
        return true;
    }
    if (ch > ' ' && ch < 127)
        return fail(x, src_of(x, i), "unexpected `%c`", ch);
    return fail(x, src_of(x, i), "unexpected byte 0x%02x", (unsigned)(unsigned char)ch);
}

static bool peek(tr *x, size_t p, tok *k) { return lex(x, &p, k); }
static bool is_punct(const tok *k, char c) { return k->k == T_PUNCT && k->punct == c; }

/* ---- the template: statements ---- */

static bool add_piece(tr *x, size_t at, const char *text)
{
    if (x->n_pieces == x->cap_pieces) {
        size_t cap = x->cap_pieces ? 2 * x->cap_pieces : 16;
        piece *grown = realloc(x->pieces, cap * sizeof *grown);
        if (!grown)
            return fail(x, at, "out of memory");
        x->pieces = grown;
        x->cap_pieces = cap;
    }
    size_t len = strlen(text);
    char *copy = malloc(len + 1);
    if (!copy)
        return fail(x, at, "out of memory");
    memcpy(copy, text, len + 1);
    x->pieces[x->n_pieces++] = (piece){.at = at, .text = copy};
    return true;
}

static int find_reg(const tr *x, const char *name)
{
    for (int i = x->n_regs; i-- > 0;)
        if (strcmp(x->regs[i].name, name) == 0)
            return i;
    return -1;
}

/* "ws_ptx_v_NAME", a % in the name as P_ */
static void reg_cpp(const reg *r, char *buf, size_t size)
{
    if (r->name[0] == '%')
        snprintf(buf, size, "ws_ptx_vP_%s", r->name + 1);
    else
        snprintf(buf, size, "ws_ptx_v_%s", r->name);
}

static bool register_name(const tok *k)
{
    return k->k == T_REG || (k->k == T_WORD && k->text[0] != '.' && !strchr(k->text, '.'));
}

/* `.reg .TYPE name[<N>], ...;` from the token after .reg. */
static bool declaration(tr *x, size_t *p, size_t at)
{
    tok ty;
    if (!lex(x, p, &ty))
        return false;
    static const struct {
        const char *name;
        int width;
    } types[] = {{".pred", 1}, {".b32", 32}, {".u32", 32}, {".s32", 32}, {".f32", 32},
                 {".b64", 64}, {".u64", 64}, {".s64", 64}, {".f64", 64}};
    int width = 0;
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
        if (ty.k == T_WORD && strcmp(ty.text, types[i].name) == 0)
            width = types[i].width;
    if (!width)
        return fail(x, at, ".reg %s: warpsim cc supports registers of .pred and .b/.u/.s/.f 32 and 64 bits",
                    ty.k == T_WORD ? ty.text : "without a type");
    char text[PIECE_MAX];
    size_t tl = 0;
    text[0] = 0;
    for (;;) {
        tok name;
        if (!lex(x, p, &name))
            return false;
        if (!register_name(&name))
            return fail(x, at, ".reg: expected a register name");
        int count = 0;
        tok lt;
        if (!peek(x, *p, &lt))
            return false;
        if (is_punct(&lt, '<')) {
            tok num, gt;
            if (!lex(x, p, &lt) || !lex(x, p, &num) || !lex(x, p, &gt))
                return false;
            if (num.k != T_NUM || num.num == 0 || num.num > 64 || !is_punct(&gt, '>'))
                return fail(x, at, ".reg %s<N>: N must be from 1 to 64", name.text);
            count = (int)num.num;
        }
        for (int i = 0; i < (count ? count : 1); i++) {
            if (x->n_regs == MAX_REGS)
                return fail(x, at, "more than %d registers", MAX_REGS);
            reg *r = &x->regs[x->n_regs++];
            if (count)
                snprintf(r->name, sizeof r->name, "%.40s%d", name.text, i);
            else
                snprintf(r->name, sizeof r->name, "%s", name.text);
            r->width = width;
            r->depth = x->depth;
            char cpp[112];
            reg_cpp(r, cpp, sizeof cpp);
            int w = snprintf(text + tl, sizeof text - tl, "%s %s = %s; (void)%s; ",
                             width == 1 ? "bool" : width == 32 ? "uint32_t" : "uint64_t", cpp,
                             width == 1 ? "false" : "0", cpp);
            if (w < 0 || (size_t)w >= sizeof text - tl)
                return fail(x, at, ".reg: too many registers in one declaration");
            tl += (size_t)w;
        }
        tok sep;
        if (!lex(x, p, &sep))
            return false;
        if (is_punct(&sep, ';') || sep.k == T_END)
            break;
        if (!is_punct(&sep, ','))
            return fail(x, at, ".reg: expected ',' or ';' after a register name");
    }
    while (tl > 0 && text[tl - 1] == ' ')
        text[--tl] = 0;
    return add_piece(x, at, text);
}

/* An instruction's operand as written. */
typedef struct popnd {
    enum { PO_OPND, PO_REG, PO_SREG, PO_IMM } k;
    bool negated;  /* !p */
    int index;     /* the operand, register or special register */
    uint64_t imm;
    int pred;      /* the |p register, or -1 */
} popnd;

static bool atom(tr *x, size_t *p, size_t at, popnd *o)
{
    tok k;
    if (!lex(x, p, &k))
        return false;
    bool minus = is_punct(&k, '-');
    if (minus && !lex(x, p, &k))
        return false;
    if (k.k == T_NUM) {
        o->k = PO_IMM;
        o->imm = minus ? (uint64_t)0 - k.num : k.num;
        return true;
    }
    if (minus)
        return fail(x, at, "expected a number after '-'");
    if (k.k == T_OPND) {
        o->k = PO_OPND;
        o->index = k.index;
        return true;
    }
    if (k.k == T_SREG) {
        o->k = PO_SREG;
        o->index = k.index;
        return true;
    }
    if (register_name(&k)) {
        o->k = PO_REG;
        o->index = find_reg(x, k.text);
        if (o->index < 0)
            return fail(x, at, "`%s` is not a declared register (.reg)", k.text);
        return true;
    }
    if (k.k == T_PUNCT && (k.punct == '[' || k.punct == '{'))
        return fail(x, at, "%s operands are not supported", k.punct == '[' ? "address ([...])" : "vector ({...})");
    return fail(x, at, "expected an operand");
}

/* Renders operand o in slot `slot` of an instruction whose type is
 * `width` bits wide; pred gets the |p's rendering. */
static bool render(tr *x, size_t at, const char *mnem, int i, const popnd *o, char slot, int width, char *buf,
                   size_t size, char *pred, size_t pred_size)
{
    int w = slot == 'u' ? 32 : width;
    bool dest = slot == 'd' || slot == 'D', predicate = slot == 'p' || slot == 'q';
    if (o->negated && slot != 'q')
        return fail(x, at, "%s: operand %d: `!` is only for a predicate source", mnem, i + 1);
    if (o->pred >= 0 && slot != 'D')
        return fail(x, at, "%s: operand %d: `|p` is only for shfl.sync's destination", mnem, i + 1);
    if (slot == 'D') {
        if (o->pred >= 0 && x->regs[o->pred].width != 1)
            return fail(x, at, "%s: `|%s` must be a .pred register", mnem, x->regs[o->pred].name);
        if (o->pred >= 0) {
            char cpp[112];
            reg_cpp(&x->regs[o->pred], cpp, sizeof cpp);
            snprintf(pred, pred_size, "&%s", cpp);
        } else {
            snprintf(pred, pred_size, "nullptr");
        }
    }
    if (slot == 'z') {
        bool zero = (o->k == PO_IMM && o->imm == 0) ||
                    (o->k == PO_OPND && x->op[o->index].known && x->op[o->index].value == 0);
        if (!zero)
            return fail(x, at, "%s: only barrier 0 with all the block's threads (__syncthreads()) is supported", mnem);
        snprintf(buf, size, "0"); /* known here: its operand needs no local */
        return true;
    }
    switch (o->k) {
    case PO_OPND: {
        operand *op = &x->op[o->index];
        int ow = op->cons == 'r' || op->cons == 'f' ? 32 : op->cons == 'n' ? 0 : 64;
        if (predicate)
            return fail(x, at, "%s: operand %d: %%%d is not a predicate (use a .reg .pred and setp)", mnem, i + 1,
                        o->index);
        if (dest && !op->out)
            return fail(x, at, "%s: %%%d is an input operand; an instruction can write only \"=\" or \"+\" ones", mnem,
                        o->index);
        if (ow && ow != w)
            return fail(x, at, "%s: operand %d: %%%d is %d-bit (\"%c\"), the instruction takes %d bits here", mnem,
                        i + 1, o->index, ow, op->cons, w);
        op->used = true;
        snprintf(buf, size, ow || w == 64 ? "ws_ptx_%d_" : "(uint32_t)ws_ptx_%d_", o->index);
        return true;
    }
    case PO_REG: {
        const reg *r = &x->regs[o->index];
        if (predicate != (r->width == 1) || (!predicate && r->width != w))
            return fail(x, at, "%s: operand %d: `%s` is a %s register, the instruction takes %s here", mnem, i + 1,
                        r->name, r->width == 1 ? ".pred" : r->width == 32 ? "32-bit" : "64-bit",
                        predicate ? "a predicate" : w == 32 ? "32 bits" : "64 bits");
        char cpp[112];
        reg_cpp(r, cpp, sizeof cpp);
        snprintf(buf, size, "%s%s", o->negated ? "!" : "", cpp);
        return true;
    }
    case PO_SREG:
        if (slot != 'm' || w != 32)
            return fail(x, at, "%s: %%%%%s can only be read by mov.u32 (or .b32, .s32)", mnem, sregs[o->index].name);
        snprintf(buf, size, "%s", sregs[o->index].cpp);
        return true;
    case PO_IMM:
    default:
        if (dest || predicate)
            return fail(x, at, "%s: operand %d must be a register, not a number", mnem, i + 1);
        if (w == 32)
            snprintf(buf, size, "0x%xu", (unsigned)(uint32_t)o->imm);
        else
            snprintf(buf, size, "0x%llxull", (unsigned long long)o->imm);
        return true;
    }
}

/* Comparisons: setp's .CMP and the warpsim_ptx::setp_ function for it. */
static const char *const cmps[][2] = {{"eq", "eq"}, {"ne", "ne"}, {"lt", "lt"}, {"le", "le"}, {"gt", "gt"},
                                      {"ge", "ge"}, {"lo", "lt"}, {"ls", "le"}, {"hi", "gt"}, {"hs", "ge"}};

/* Whether mnem matches pattern; its type's width and class ('b', 'u', 's',
 * 'f'; 0 without a type), and its comparison (cmps[], or -1). */
static bool match(const char *pattern, const char *mnem, int *width, char *type_class, int *cmp)
{
    static const char *const types[] = {"b32", "u32", "s32", "f32", "b64", "u64", "s64", "f64"};
    *width = 32;
    *type_class = 0;
    *cmp = -1;
    const char *p = pattern, *m = mnem;
    while (*p && *m) {
        size_t pl = strcspn(p, "."), ml = strcspn(m, ".");
        bool type = false;
        for (size_t i = 0; i < sizeof types / sizeof types[0]; i++)
            if (ml == 3 && memcmp(m, types[i], 3) == 0)
                type = true;
        if (pl == 1 && *p >= 'A' && *p <= 'Z') {
            bool ok = false;
            if (*p == 'C') {
                for (size_t i = 0; i < sizeof cmps / sizeof cmps[0]; i++)
                    if (ml == 2 && memcmp(m, cmps[i][0], 2) == 0)
                        ok = true, *cmp = (int)i;
            } else if (type) {
                char c = m[0];
                ok = *p == 'X' || (*p == 'I' && (c == 'u' || c == 's')) || (*p == 'B' && c == 'b') ||
                     (*p == 'K' && c != 'f');
            }
            if (!ok)
                return false;
        } else if (pl != ml || memcmp(p, m, pl) != 0) {
            return false;
        }
        if (type) {
            *width = m[1] == '6' ? 64 : 32;
            *type_class = m[0];
        }
        p += pl + (p[pl] == '.');
        m += ml + (m[ml] == '.');
    }
    return !*p && !*m;
}

/* The instruction whose mnemonic is k, at template offset b. */
static bool instruction(tr *x, size_t *p, const tok *k, const char *guard)
{
    size_t at = src_of(x, k->b);
    const char *mnem = k->text;
    tok next;
    if (!peek(x, *p, &next))
        return false;
    if (is_punct(&next, ':'))
        return fail(x, at, "labels (`%s:`) are not supported", mnem);
    const ptx_op *op = NULL;
    int width = 32, cmp = -1;
    char type_class = 0;
    for (size_t i = 0; i < sizeof ops / sizeof ops[0] && !op; i++)
        if (match(ops[i].pattern, mnem, &width, &type_class, &cmp))
            op = &ops[i];
    if (!op)
        return fail(x, at, "`%s` is not supported by warpsim cc (" SUPPORTED ")", mnem);
    /* .b types compare only eq and ne; lo, ls, hi and hs are unsigned. */
    if (cmp >= 0 && ((type_class == 'b' && cmp > 1) || (type_class == 's' && cmp > 5)))
        return fail(x, at, "`%s`: no such comparison for this type", mnem);
    /* The operands. */
    popnd o[MAX_INSN_OPERANDS];
    int count = 0;
    if (!(is_punct(&next, ';') || is_punct(&next, '}') || next.k == T_END)) {
        for (;;) {
            if (count == MAX_INSN_OPERANDS)
                return fail(x, at, "%s: too many operands", mnem);
            popnd *po = &o[count++];
            memset(po, 0, sizeof *po);
            po->pred = -1;
            tok bang;
            if (!peek(x, *p, &bang))
                return false;
            if (is_punct(&bang, '!')) {
                po->negated = true;
                lex(x, p, &bang);
            }
            if (!atom(x, p, at, po))
                return false;
            tok sep;
            if (!lex(x, p, &sep))
                return false;
            if (is_punct(&sep, '|')) {
                popnd pr = {.pred = -1};
                if (!atom(x, p, at, &pr))
                    return false;
                if (pr.k != PO_REG)
                    return fail(x, at, "%s: `|` must be followed by a .pred register", mnem);
                po->pred = pr.index;
                if (!lex(x, p, &sep))
                    return false;
            }
            if (is_punct(&sep, ','))
                continue;
            if (is_punct(&sep, ';') || sep.k == T_END)
                break;
            if (is_punct(&sep, '}')) {
                *p = sep.b; /* the block's end, read by the caller */
                break;
            }
            return fail(x, at, "%s: expected ',' or ';' after operand %d", mnem, count);
        }
    } else if (is_punct(&next, ';')) {
        lex(x, p, &next);
    }
    int want = (int)strlen(op->slots);
    if (count != want)
        return fail(x, at, "%s takes %d operand%s, not %d", mnem, want, want == 1 ? "" : "s", count);
    char r[MAX_INSN_OPERANDS][128], pred[128] = "nullptr"; /* room for "!" or "&" and a register */
    for (int i = 0; i < count; i++)
        if (!render(x, at, mnem, i, &o[i], op->slots[i], width, r[i], sizeof r[i], pred, sizeof pred))
            return false;
    if (op->shfl) {
        const popnd *c = &o[3];
        bool known = c->k == PO_IMM || (c->k == PO_OPND && x->op[c->index].known);
        uint32_t cv = (uint32_t)(c->k == PO_IMM ? c->imm : known ? x->op[c->index].value : 0);
        ws_coll_kind kind = (ws_coll_kind)(op->shfl - 1);
        if (known && !ws_ptx_shfl_width(kind, cv))
            return fail(x, at,
                        "%s with c = 0x%x: no __shfl_*_sync width gives this c (width w gives c = ((32 - w) << 8) | "
                        "0x1f, for up (32 - w) << 8), so warpsim cc cannot run it",
                        mnem, cv);
    }
    /* The C++ statement. */
    char text[PIECE_MAX];
    size_t tl = 0;
    text[0] = 0;
    int wr = snprintf(text, sizeof text, "%s%s%s", guard[0] ? "if (" : "", guard, guard[0] ? ") { " : "");
    tl = wr > 0 ? (size_t)wr : 0;
    for (const char *f = op->cpp; *f && tl + 100 < sizeof text; f++) {
        const char *add = NULL;
        char one[2] = {*f, 0};
        if (*f == '$' && f[1] >= '0' && f[1] <= '9')
            add = r[f[1] - '0'];
        else if (*f == '$' && f[1] == 'P')
            add = pred;
        else if (*f == '$' && f[1] == 'T')
            add = type_class == 's' ? width == 64 ? "int64_t" : "int32_t" : width == 64 ? "uint64_t" : "uint32_t";
        else if (*f == '$' && f[1] == 'C')
            add = cmp >= 0 ? cmps[cmp][1] : "";
        if (add)
            f++;
        else
            add = one;
        size_t al = strlen(add);
        if (tl + al + 1 >= sizeof text)
            break;
        memcpy(text + tl, add, al + 1);
        tl += al;
    }
    if (guard[0] && tl + 3 < sizeof text) {
        memcpy(text + tl, " }", 3);
        tl += 2;
    }
    return add_piece(x, at, text);
}

static bool translate_template(tr *x)
{
    size_t p = 0;
    for (;;) {
        tok k;
        if (!lex(x, &p, &k))
            return false;
        size_t at = src_of(x, k.b);
        if (k.k == T_END)
            break;
        if (is_punct(&k, ';'))
            continue;
        if (is_punct(&k, '{')) {
            x->depth++;
            if (!add_piece(x, at, "{"))
                return false;
            continue;
        }
        if (is_punct(&k, '}')) {
            if (x->depth == 0)
                return fail(x, at, "a '}' without its '{'");
            x->depth--;
            while (x->n_regs > 0 && x->regs[x->n_regs - 1].depth > x->depth)
                x->n_regs--;
            if (!add_piece(x, at, "}"))
                return false;
            continue;
        }
        if (k.k == T_WORD && k.text[0] == '.') {
            if (strcmp(k.text, ".reg") != 0)
                return fail(x, at, "the directive `%s` is not supported (only .reg)", k.text);
            if (!declaration(x, &p, at))
                return false;
            continue;
        }
        char guard[128] = "";
        if (is_punct(&k, '@')) {
            tok g;
            bool negated = false;
            if (!lex(x, &p, &g))
                return false;
            if (is_punct(&g, '!')) {
                negated = true;
                if (!lex(x, &p, &g))
                    return false;
            }
            int ri = register_name(&g) ? find_reg(x, g.text) : -1;
            if (ri < 0 || x->regs[ri].width != 1)
                return fail(x, at, "`@` must be followed by a declared .pred register");
            char cpp[112];
            reg_cpp(&x->regs[ri], cpp, sizeof cpp);
            snprintf(guard, sizeof guard, "%s%s", negated ? "!" : "", cpp);
            if (!lex(x, &p, &k))
                return false;
            at = src_of(x, k.b);
        }
        if (k.k != T_WORD || k.text[0] == '.')
            return fail(x, at, "expected an instruction");
        if (!instruction(x, &p, &k, guard))
            return false;
    }
    if (x->depth != 0)
        return fail(x, x->src[x->tn - 1], "a '{' without its '}'");
    return true;
}

/* ---- the output, in source order ---- */

static void put(tr *x, const char *text, size_t len)
{
    if (x->oom)
        return;
    if (x->out_len + len + 1 > x->out_cap) {
        size_t cap = x->out_cap ? x->out_cap : 256;
        while (cap < x->out_len + len + 1)
            cap *= 2;
        char *grown = realloc(x->out, cap);
        if (!grown) {
            x->oom = true;
            return;
        }
        x->out = grown;
        x->out_cap = cap;
    }
    memcpy(x->out + x->out_len, text, len);
    x->out_len += len;
    x->out[x->out_len] = 0;
}
static void puts_(tr *x, const char *text) { put(x, text, strlen(text)); }

/* The line structure of the source up to `to`: its line breaks, and whole
 * lines that start with '#' (line markers), so that line numbers hold. */
static void advance(tr *x, size_t to)
{
    bool broke = false;
    for (size_t j = x->cur; j < to; j++) {
        if (x->s[j] != '\n')
            continue;
        put(x, "\n", 1);
        broke = true;
        if (j + 1 < to && x->s[j + 1] == '#') {
            size_t e = j + 1;
            while (e < to && x->s[e] != '\n')
                e++;
            if (e < to) {
                put(x, x->s + j + 1, e - j - 1);
                j = e - 1;
            }
        }
    }
    char last = x->out_len > 0 ? x->out[x->out_len - 1] : ' ';
    if (!broke && last != ' ' && last != '\n' && last != '(')
        put(x, " ", 1);
    if (to > x->cur)
        x->cur = to;
}

static bool lay_out(tr *x, size_t at, size_t colon, size_t close)
{
    x->cur = at;
    /* The lambda's head: a parameter per operand, a local per used one. */
    puts_(x, "[](");
    char buf[PIECE_MAX];
    for (int i = 0; i < x->n_ops; i++) {
        const operand *o = &x->op[i];
        snprintf(buf, sizeof buf, "%sauto %s", i ? ", " : "", o->out ? "&" : "");
        puts_(x, buf);
        if (o->used) {
            snprintf(buf, sizeof buf, "ws_ptx_a%d_", i);
            puts_(x, buf);
        }
    }
    puts_(x, ") {");
    for (int i = 0; i < x->n_ops; i++) {
        const operand *o = &x->op[i];
        if (!o->used)
            continue;
        const char *type = o->cons == 'r' || o->cons == 'f' ? "uint32_t" : "uint64_t";
        if (o->cons == 'n')
            snprintf(buf, sizeof buf, " uint64_t ws_ptx_%d_ = static_cast<uint64_t>(ws_ptx_a%d_);", i, i);
        else if (o->in)
            snprintf(buf, sizeof buf, " %s ws_ptx_%d_ = warpsim_ptx::in_%c(ws_ptx_a%d_);", type, i, o->cons, i);
        else
            snprintf(buf, sizeof buf, " %s ws_ptx_%d_ = 0;", type, i);
        puts_(x, buf);
    }
    for (size_t i = 0; i < x->n_pieces; i++) {
        advance(x, x->pieces[i].at);
        puts_(x, x->pieces[i].text);
    }
    /* Write the outputs back, then call it with the operands' expressions. */
    advance(x, colon);
    for (int i = 0; i < x->n_ops; i++) {
        const operand *o = &x->op[i];
        if (!o->used || !o->out)
            continue;
        snprintf(buf, sizeof buf, "warpsim_ptx::out_%c(ws_ptx_a%d_, ws_ptx_%d_);", o->cons, i, i);
        advance(x, colon);
        puts_(x, buf);
    }
    advance(x, colon);
    puts_(x, "}(");
    for (int i = 0; i < x->n_ops; i++) {
        const operand *o = &x->op[i];
        if (i)
            puts_(x, ",");
        advance(x, o->open);
        put(x, x->s + o->open, o->close + 1 - o->open);
        x->cur = o->close + 1;
    }
    if (x->cur < close)
        advance(x, close);
    puts_(x, ")");
    return !x->oom || fail(x, at, "out of memory");
}

/* ---- the statement ---- */

int cc_ptx_keyword(const char *s, size_t b, size_t e)
{
    size_t len = e - b;
    return (len == 3 && memcmp(s + b, "asm", 3) == 0) || (len == 5 && memcmp(s + b, "__asm", 5) == 0) ||
           (len == 7 && memcmp(s + b, "__asm__", 7) == 0);
}

static int statement(tr *x, size_t at)
{
    static const char *const qualifiers[] = {"volatile", "__volatile__", "__volatile", "inline", "__inline__",
                                             "__inline", "goto"};
    size_t i = word_end(x, at);
    bool is_goto = false;
    for (;;) {
        size_t j = solid(x, i), e = word_end(x, j);
        bool q = false;
        for (size_t k = 0; k < sizeof qualifiers / sizeof qualifiers[0] && !q; k++)
            q = word_is(x, j, e, qualifiers[k]);
        if (!q)
            break;
        is_goto |= word_is(x, j, e, "goto");
        i = e;
    }
    size_t open = solid(x, i);
    if (!code_at(x, open, '('))
        return 0;
    size_t close = close_of(x, open);
    if (close == SIZE_MAX)
        return 0;
    /* The template: string literals, up to ':' or ')'. */
    size_t j = solid(x, open + 1);
    bool any = false;
    while (j < close && x->kind[j] == CC_BYTE_LITERAL && x->s[j] == '"') {
        j = decode_string(x, j, x->t, x->src, &x->tn, sizeof x->t);
        if (j == SIZE_MAX)
            return 0;
        j = solid(x, j);
        any = true;
    }
    if (!any || !(j == close || code_at(x, j, ':')) || !looks_like_ptx(x))
        return 0;
    if (is_goto)
        return fail(x, at, "asm goto is not supported"), -1;
    /* The operands: outputs, inputs, then clobbers (ignored). */
    size_t colon = j;
    for (int section = 0; j < close; section++) {
        if (section == 3)
            return fail(x, j, "asm goto labels are not supported"), -1;
        j++; /* the ':' */
        if (section < 2) {
            j = operand_list(x, j, close, section == 0);
            if (j == SIZE_MAX)
                return -1;
        } else {
            for (j = solid(x, j); j < close && !code_at(x, j, ':'); j = solid(x, j + 1))
                ;
        }
        if (!(j == close || code_at(x, j, ':')))
            return fail(x, j, "expected ',', ':' or ')' in the operand list"), -1;
    }
    if (!translate_template(x) || !lay_out(x, at, colon, close))
        return -1;
    x->r->end = close + 1;
    x->r->text = x->out;
    x->out = NULL;
    return 1;
}

int cc_ptx_statement(const char *s, size_t n, const unsigned char *kind, size_t at, cc_ptx_result *r)
{
    memset(r, 0, sizeof *r);
    tr *x = calloc(1, sizeof *x);
    if (!x) {
        r->error_at = at;
        snprintf(r->error, sizeof r->error, "inline PTX: out of memory");
        return -1;
    }
    x->s = s;
    x->n = n;
    x->kind = kind;
    x->r = r;
    int got = statement(x, at);
    if (got < 0 || x->failed) {
        got = -1;
        free(r->text);
        r->text = NULL;
    }
    for (size_t i = 0; i < x->n_pieces; i++)
        free(x->pieces[i].text);
    free(x->pieces);
    free(x->out);
    free(x);
    return got;
}
