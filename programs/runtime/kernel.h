/* programs/runtime/kernel.h: what a warpsim program is written against.
 *
 * A program drives the warp model one line per CUDA statement. Each line
 * opens a *step* with its CUDA text (wk_stmt); the model operations that
 * follow belong to it, and when traced, the step records them, the active
 * mask, every lane's value of the register it shows, and, for a shuffle,
 * which lane each lane read.
 *
 *   CUDA                                           program
 *     T v = in[lane];                                wk_stmt(k, "v = in[lane];");
 *                                                    wk_load_lanes(k, v, in, 0);
 *     for (int o = 16; o > 0; o /= 2)                for (int o = k->lanes / 2; o > 0; o /= 2) {
 *         v += __shfl_down_sync(FULL, v, o);             wk_stmt(k, "v += __shfl_down_sync(%s, v, %d);", k->full_text, o);
 *                                                        wk_shfl_down(k, t, v, o, k->lanes);
 *                                                        wk_add(k, v, v, t);
 *                                                    }
 *
 * Values have the run's element type (wk_elem): i32, u32, f32, f64, i64,
 * u64, or sym. A sym value is a handle into the run's table of symbolic
 * sums (sym.h); it moves through the crossbar like any 32-bit word, and the
 * element operations (wk_add, wk_sub, wk_zero) combine the sums.
 *
 * Errors stick: the first failure is recorded in the run (wk_failed,
 * wk_error) and every later operation of that run does nothing, so a
 * program reads like straight-line CUDA without a check on every line. */
#ifndef WARPSIM_PROGRAMS_KERNEL_H
#define WARPSIM_PROGRAMS_KERNEL_H

#include <stdarg.h>
#include <stddef.h>

#include "warpsim/warpsim.h"

#include "elem.h"
#include "sym.h"
#include "trace.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The __reduce_*_sync operation of reduce-redux. */
typedef enum wk_redop { WK_OP_ADD = 0, WK_OP_MIN, WK_OP_MAX, WK_OP_AND, WK_OP_OR, WK_OP_XOR, WK_OP_COUNT } wk_redop;
const char *wk_redop_name(wk_redop op);                 /* "add", ... */
bool wk_redop_from_name(const char *name, wk_redop *out);

/* The parameters of one run. Zero for a field means its default. */
typedef struct wk_params {
    ws_profile_id profile;   /* default sm90 */
    wk_elem type;            /* no default: zero is u32, as WS_U32 (the CLI's default is i32) */
    int threads;             /* single-warp programs: lanes that exist, 1..lanes (0 = all) */
    ws_mask active;          /* single-warp programs: lanes that run; the others return
                                at once (0 = all present lanes) */
    int width;               /* segmented-reduce: a power of two from 2 to lanes/2 (0 = 8) */
    int src_lane;            /* broadcast: the lane read */
    wk_redop op;             /* reduce-redux */
    bool descending;         /* sorts */
    bool pairs;              /* sorts: sort (key, value) pairs; the value is the input index */
    int block;               /* block and device programs: threads per block (0 = program default) */
    int grid;                /* device-reduce: blocks (0 = program default) */
    size_t n;                /* programs that take any number of inputs: how many (0 = default) */
    ws_diag_policy diag;     /* for every warp of the run */
    bool trace;              /* record steps */
    bool model_only;         /* run on the warp model even when untraced: no fast path
                                (programs/fast/fast_warps.h; the tests and cross-checks
                                compare the two) */
    bool cost;               /* the cycle estimate (cost.h): sm90, a number type; records
                                the steps as trace does */
} wk_params;

typedef struct wk_program wk_program;

/* One named output: values of the element type (or of `type` when it is
 * set to something else, e.g. a u32 count), in lane or index order. */
typedef struct wk_output {
    char name[32];
    wk_elem type;
    int block, warp;         /* -1 when the output belongs to no single warp */
    bool per_lane;           /* values[i] is lane i's */
    size_t count;
    uint64_t *bits;
    uint8_t *lane_state;     /* per_lane only: WK_LANE_RAN, _EXITED, _ABSENT */
} wk_output;

enum { WK_LANE_RAN = 0, WK_LANE_EXITED, WK_LANE_ABSENT };

#define WK_MAX_OUTPUTS 16

/* One run of a program: its parameters and input, what it produced. */
typedef struct wk_run {
    const wk_program *program;
    wk_params params;
    int lanes;               /* the profile's lanes */
    /* The input as raw bits of the element type (for sym: the handles of
     * x0, x1, ...), n_input values. Owned by the run. */
    uint64_t *input;
    size_t n_input;
    wk_sym_table sym;
    wk_trace trace;
    wk_output outputs[WK_MAX_OUTPUTS];
    int n_outputs;
    ws_diag *diags;          /* every warp's diagnostics, in the order the warps ended */
    int *diag_block, *diag_warp;
    long *diag_step;         /* the step each was raised in, numbered as the trace numbers them
                                (from 1; 0: before the first); NULL when the steps are not known */
    long steps;              /* steps (CUDA lines) started so far, traced or not */
    size_t n_diags, diag_capacity, diags_dropped;
    bool failed;
    ws_status status;
    char error[600];
    char note[300];          /* a line after the text result (wk_program.note), or "" */
    struct wk_cost *cost;    /* params.cost: the estimate's bookkeeping (cost.h) */
} wk_run;

/* A warp of a run, with the text of its full mask for CUDA lines. */
typedef struct wk_warp {
    wk_run *run;
    ws_warp *w;
    int block, warp;         /* ids in the grid, for traces */
    int lanes;               /* 32 or 64 */
    ws_mask full;            /* every lane of the warp: 0xffffffff or all 64 bits */
    char full_text[24];      /* "0xffffffff" or "0xffffffffffffffff" */
    wk_elem type;            /* the run's element type */
    ws_type storage;         /* how it is stored in a register (sym: u32 handles) */
    /* The open step (kernel.c): its index in the trace, or -1; the
     * registers it wrote and the lanes that wrote each last. */
    long step;
    /* The run's number of the step this warp is in (0 before its first),
     * and the step each of its diagnostics so far was raised in. */
    long cur_step;
    long *step_of;
    size_t step_of_cap, diags_noted;
    ws_reg last_written, shown;
    struct { ws_reg reg; ws_mask lanes; } writes[16];
    int n_writes;
    /* Scratch words for 64-bit raw shuffles (made on first use). */
    ws_reg ptx_lo, ptx_hi, ptx_wide, ptx_low64;
    struct wk_cost_warp *cost; /* params.cost: this warp's (cost.h) */
} wk_warp;

/* How many input values the program takes with these params (> 0), or 0
 * with a message in err when the params are invalid. */
size_t wk_input_count(const wk_program *p, const wk_params *params, char *err, size_t err_size);

const wk_output *wk_find_output(const wk_run *r, const char *name);
/* A new output of the run (count values, per lane or not), or NULL with
 * the run failed (too many outputs, out of memory). */
wk_output *wk_output_new(wk_run *r, const char *name, wk_elem type, size_t count, bool per_lane);

/* ---- Inside a program: failures -------------------------------------- */

/* Records the first failure of the run (later ones are ignored). */
void wk_fail(wk_run *r, ws_status status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static inline bool wk_failed(const wk_run *r) { return r->failed; }

/* ---- Warps ------------------------------------------------------------ */

/* Starts a warp with `threads` lanes present (0 = all). For a single-warp
 * program pass threads = r->params.threads; when r->params.active is set
 * (single-warp programs only), the lanes outside it return at once, as
 * `if (!(ACTIVE >> lane & 1)) return;` (a traced step). Returns NULL after
 * a failure. */
wk_warp *wk_warp_begin(wk_run *r, int block, int warp, int threads);
/* The kernel ends for this warp: ws_warp_finish, its diagnostics are kept
 * in the run, the warp is destroyed. Accepts NULL. */
void wk_warp_end(wk_warp *k);

/* ---- Variables -------------------------------------------------------- */

/* A register of the run's element type. */
ws_reg wk_var(wk_warp *k, const char *name);
/* A register of a plain type (indices, predicates, masks). */
ws_reg wk_var_of(wk_warp *k, const char *name, ws_type type);

/* ---- Steps -------------------------------------------------------------- */

/* Starts the step of one CUDA line (closing the previous one). */
void wk_stmt(wk_warp *k, const char *cuda_fmt, ...) __attribute__((format(printf, 2, 3)));
/* The register whose lanes the step shows; by default the last register the
 * step wrote. */
void wk_show(wk_warp *k, ws_reg reg);

/* __syncthreads(): the step of that line in this warp. Every warp of the
 * block opens it (in any order) before any of them runs past it; for --cost
 * it is the block's barrier. */
void wk_syncthreads(wk_warp *k);

/* ---- Memory: plain arrays of element bits (global or shared) --------- */

/* mem[0..len) is a __shared__ array (new, nothing stored in it yet). The
 * model does not tell memories apart; the cycle estimate (--cost) does:
 * loads and stores of shared arrays take the measured shared-memory
 * latencies, every other array is global memory, which it does not time. */
void wk_shared(wk_run *r, const uint64_t *mem, size_t len);

/* dst[lane] = mem[base + lane] in the executing lanes (a coalesced load).
 * A lane whose index is past `len` fails the run (a program bug). */
void wk_load_lanes(wk_warp *k, ws_reg dst, const uint64_t *mem, size_t len, size_t base);
/* dst[lane] = mem[idx[lane]] in the executing lanes (idx: an integer register). */
void wk_load_idx(wk_warp *k, ws_reg dst, const uint64_t *mem, size_t len, ws_reg idx);
/* mem[idx[lane]] = src[lane] in the executing lanes. */
void wk_store_idx(wk_warp *k, uint64_t *mem, size_t len, ws_reg idx, ws_reg src);
/* mem[base + lane] = src[lane] in the executing lanes. */
void wk_store_lanes(wk_warp *k, uint64_t *mem, size_t len, size_t base, ws_reg src);

/* ---- Element arithmetic (sym-aware) ---------------------------------- */

void wk_add(wk_warp *k, ws_reg dst, ws_reg a, ws_reg b);   /* dst = a + b (a is the first operand) */
void wk_sub(wk_warp *k, ws_reg dst, ws_reg a, ws_reg b);   /* dst = a - b (integers and sym) */
void wk_zero(wk_warp *k, ws_reg dst);                      /* dst = T{}: 0, +0.0, or the empty sum */
void wk_mov(wk_warp *k, ws_reg dst, ws_reg src);           /* dst = src */
/* dst = (a OP b) ? 1 : 0 on the element type (not sym); dst a u32 register. */
void wk_cmp(wk_warp *k, ws_cmpop op, ws_reg dst, ws_reg a, ws_reg b);
/* dst = cond ? a : b (bits copied, like PTX selp). */
void wk_select(wk_warp *k, ws_reg dst, ws_reg cond, ws_reg a, ws_reg b);

/* ---- Plain-type arithmetic (indices, predicates) ---------------------- */

void wk_lane_id(wk_warp *k, ws_reg dst);
void wk_set_imm(wk_warp *k, ws_reg dst, uint64_t bits);                  /* dst = immediate bits */
void wk_binop(wk_warp *k, ws_binop op, ws_reg dst, ws_reg a, ws_reg b);  /* on the registers' type */
void wk_binop_imm(wk_warp *k, ws_binop op, ws_reg dst, ws_reg a, uint64_t imm);
void wk_cmp_imm(wk_warp *k, ws_cmpop op, ws_reg dst, ws_reg a, uint64_t imm); /* a's type; dst u32 */
void wk_popc(wk_warp *k, ws_reg dst, ws_reg src);                        /* __popc / __popcll */

/* ---- Control ------------------------------------------------------------ */

void wk_if(wk_warp *k, ws_reg cond);
void wk_if_lanes(wk_warp *k, ws_mask lanes);
void wk_else(wk_warp *k);
void wk_end_if(wk_warp *k);
void wk_exit(wk_warp *k);
/* A loop whose lanes leave it one by one:
 *     wk_loop_begin(k);
 *     while (wk_loop_while(k, cond_computed_just_before) > 0) { ...body...; recompute cond; }
 *     wk_loop_end(k);
 * wk_loop_while returns the lanes still in the loop (0 when none is, or after a failure). */
void wk_loop_begin(wk_warp *k);
int wk_loop_while(wk_warp *k, ws_reg cond);
void wk_loop_end(wk_warp *k);

/* ---- Collectives (mask: the warp's full mask unless given) ------------ */

void wk_shfl(wk_warp *k, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg src, int32_t b, int width);
/* The same with each lane's srcLane/delta/laneMask from a register (e.g. lane ^ i). */
void wk_shfl_var(wk_warp *k, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg src, ws_reg b_reg, int width);
void wk_shfl_idx(wk_warp *k, ws_reg dst, ws_reg src, int src_lane, int width);
void wk_shfl_up(wk_warp *k, ws_reg dst, ws_reg src, int delta, int width);
void wk_shfl_down(wk_warp *k, ws_reg dst, ws_reg src, int delta, int width);
void wk_shfl_xor(wk_warp *k, ws_reg dst, ws_reg src, int lane_mask, int width);
/* Raw shfl.sync with c and the predicate (sm90), as CUB's inline PTX. A
 * 64-bit register moves as CUB's asm moves it: mov.b64 {lo, hi}, then two
 * shfl.sync.b32 with the same b, c and mask (lo first, both writing the
 * predicate), then mov.b64 dst, {lo, hi}. */
void wk_shfl_ptx(wk_warp *k, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg pred, ws_reg src,
                 uint32_t b, uint32_t c);
void wk_ballot(wk_warp *k, ws_reg dst, ws_reg pred);
/* __reduce_<op>_sync(mask, src) on i32/u32 (and 64-bit on wave profiles). */
void wk_reduce(wk_warp *k, wk_redop op, ws_mask mask, ws_reg dst, ws_reg src);

/* ---- Host reads (after a warp ran) ------------------------------------ */

/* A lane's raw bits of a register. */
uint64_t wk_get(const wk_warp *k, ws_reg reg, int lane);

/* ---- Outputs ------------------------------------------------------------ */

/* Every lane's value of `reg` (element type unless the register is of a
 * plain type), named `name`, for this warp. */
void wk_output_lanes(wk_warp *k, const char *name, ws_reg reg);
/* An array of values (element bits, or `type` when not the element type). */
void wk_output_values(wk_run *r, const char *name, wk_elem type, const uint64_t *bits, size_t count);

#ifdef __cplusplus
}
#endif
#endif
