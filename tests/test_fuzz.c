/* Random programs against the rendezvous engine.
 *
 * What it checks. Each seed generates one structured program (nested
 * if/else, two-branch exchanges, loops with ws_loop_break, exits, lane
 * operations, and all 17 collective kinds with a fixed mask, the active
 * lanes as mask, or per-lane masks through a register; 32- and 64-bit
 * values) for a random profile (sm90, wave64, wave32), thread count and
 * diagnostic policy, runs it statement by statement, ends it with
 * ws_warp_finish, and checks after every call:
 *   - the status is one its contract documents for that call (see
 *     allowed_statuses);
 *   - a collective returns WS_OK only when none of its callers still waits,
 *     WS_PENDING only when one does, and WS_ERR_BLOCKED only when waiting
 *     lanes were active;
 *   - lane states stay consistent: waiting lanes are live, no active lane
 *     has exited, nothing waits on the wave profiles, and whenever every
 *     live lane waits the call said WS_ERR_DEADLOCK (no silent deadlock);
 *   - a converged call (no lane waiting) where every lane passes the same
 *     mask never deadlocks (docs/model.md: it completes at once or waits
 *     for lanes that are still free to come);
 *   - a deadlock always leaves a WS_DIAG_DEADLOCK diagnostic, whatever the
 *     policy, and ws_diag_count never exceeds WS_DIAG_MAX;
 *   - after ws_warp_finish either WS_OK (or WS_ERR_UNDEFINED under the
 *     ERROR policy) with no lane waiting and every lane exited, or
 *     WS_ERR_DEADLOCK with its diagnostic.
 * Where the expected result is easy to state independently (a converged
 * call whose mask is exactly the lanes executing it, none waiting), every
 * caller's result is also compared with a plain restatement of the
 * definitions (expected_result): shuffles, the four votes, the six
 * reductions and both matches.
 *
 * Why. The other suites pin down the cases someone thought of. The
 * engine's state (groups waiting by kind and mask, sub-groups of one call,
 * the second word of a 64-bit shuffle, exits and the end of the kernel
 * completing collectives, the error policy) has far more combinations
 * than can be written by hand; these invariants must hold in all of them.
 *
 * Determinism and replay. Program k is generated from seed k alone with
 * xorshift64 (Marsaglia's 13/7/17 shifts), so the run is the same on every
 * machine. The default run is seeds 1..4000. In the environment:
 *   WARPSIM_FUZZ_PROGRAMS=N   runs seeds 1..N instead;
 *   WARPSIM_FUZZ_SEED=S       runs seed S alone and prints every statement
 *                             with its status (the program's trace).
 * Every failure names its seed: "seed 1234 (replay: WARPSIM_FUZZ_SEED=1234)".
 * A hang is caught by the ctest TIMEOUT set in tests/CMakeLists.txt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "test_support.h"

#define DEFAULT_PROGRAMS 4000
#define MAX_NODES 4096     /* nodes of one program; a block that does not fit is cut short */
#define MAX_DEPTH 4        /* deeper than this, every statement is a collective */
#define MAX_LOOP_TRIPS 3
#define MAX_LANES 64

/* ---- xorshift64 ------------------------------------------------------------ */

typedef struct {
    uint64_t state; /* never 0: xorshift64 would stay at 0 */
} rng;

static uint64_t rng_next(rng *r)
{
    r->state ^= r->state << 13;
    r->state ^= r->state >> 7;
    r->state ^= r->state << 17;
    return r->state;
}

/* Neighbouring seeds are spread over the state (golden-ratio multiplier),
 * and the first output is dropped so that small seeds do not start with
 * small numbers. */
static rng rng_from_seed(uint64_t seed)
{
    rng r = {seed * UINT64_C(0x9E3779B97F4A7C15) + 1};
    if (r.state == 0)
        r.state = 1;
    rng_next(&r);
    return r;
}

/* 0 .. n-1 (the modulo bias is irrelevant here). */
static int rand_below(rng *r, int n) { return (int)(rng_next(r) % (uint64_t)n); }

static ws_mask all_lanes(int lanes) { return lanes == 64 ? WS_FULL64 : WS_FULL32; }

/* The mask shapes programs use: the full mask, the two 16-lane tiles of
 * the probes, random bits, a range, one lane, all lanes but one, and a
 * sparse set. */
static ws_mask random_mask(rng *r, int lanes)
{
    ws_mask all = all_lanes(lanes);
    switch (rand_below(r, 8)) {
    case 0: return all;
    case 1: return 0xFFFFu;
    case 2: return 0xFFFF0000u & all;
    case 3: return rng_next(r) & all;
    case 4: {
        int a = rand_below(r, lanes), b = rand_below(r, lanes);
        int low = a < b ? a : b, bits = (a < b ? b - a : a - b) + 1;
        return (bits == 64 ? WS_FULL64 : (((ws_mask)1 << bits) - 1)) << low;
    }
    case 5: return (ws_mask)1 << rand_below(r, lanes);
    case 6: return all & ~((ws_mask)1 << rand_below(r, lanes));
    default: return rng_next(r) & rng_next(r) & all;
    }
}

/* ---- the program ------------------------------------------------------------ */

typedef enum {
    NODE_COLLECTIVE,
    NODE_IF,        /* if, if/else, or a two-branch exchange (one collective per branch) */
    NODE_LOOP,
    NODE_BREAK,     /* only generated inside a loop */
    NODE_EXIT,
    NODE_LANE_OP,   /* value32 += 1: later collectives see changed values */
    NODE_SET_MASKS  /* the host rewrites the per-lane mask register (not a statement) */
} node_type;

typedef enum { VALUE_U32, VALUE_U64, VALUE_F64 } value_type;

typedef enum {
    MASK_FIXED,    /* node.mask in every lane */
    MASK_ACTIVE,   /* the lanes executing the call (__activemask() in a converged program) */
    MASK_PER_LANE, /* each lane's own mask, from the mask register */
    MASK_FULL      /* every lane of the profile */
} mask_source;

typedef enum {
    MASKS_SAME,     /* node.mask in every lane */
    MASKS_RANDOM,   /* an independent random mask per lane */
    MASKS_HALVES,   /* low half: the low half's mask; high half: the full mask (the probes' conflict) */
    MASKS_WITH_OWN  /* node.mask plus the lane's own bit */
} mask_fill;

/* One generated statement. A block is an array of nodes (first, count). */
typedef struct node {
    node_type type;
    /* NODE_COLLECTIVE */
    ws_coll_kind kind;
    value_type value;
    mask_source mask_source;
    ws_mask mask;         /* MASK_FIXED; the base mask of NODE_SET_MASKS */
    int32_t lane_arg;     /* shuffles: srcLane, delta or laneMask ... */
    bool lane_arg_in_reg; /* ... or each lane's own, from the lane_args register */
    int32_t width;
    /* NODE_IF */
    ws_mask if_lanes;
    struct node *then_block, *else_block;
    int then_count, else_count;
    bool has_else;
    /* NODE_LOOP: which lanes stay in the loop at each trip's test */
    int trips;
    ws_mask stay[MAX_LOOP_TRIPS];
    struct node *body;
    int body_count;
    /* NODE_SET_MASKS */
    mask_fill fill;
    uint64_t lane_seed;   /* MASKS_RANDOM: the per-lane masks' own stream */
} node;

/* ---- generation ------------------------------------------------------------ */

typedef struct {
    rng rng;
    ws_profile_id profile;
    int lanes;
    node pool[MAX_NODES];
    int used;
} generator;

/* `count` contiguous nodes, zeroed, or NULL when the pool is full. */
static node *take_nodes(generator *g, int count)
{
    if (count > MAX_NODES - g->used)
        return NULL;
    node *first = &g->pool[g->used];
    memset(first, 0, (size_t)count * sizeof *first);
    g->used += count;
    return first;
}

static bool is_shuffle(ws_coll_kind kind) { return kind <= WS_COLL_SHFL_BFLY; }
static bool is_reduce(ws_coll_kind kind) { return kind >= WS_COLL_REDUX_ADD && kind <= WS_COLL_REDUX_XOR; }

static value_type random_value_type(generator *g, ws_coll_kind kind)
{
    /* sm90 has no 64-bit reduce: it would only ever say WS_ERR_UNSUPPORTED. */
    if (rand_below(&g->rng, 2) == 0 || (is_reduce(kind) && g->profile == WS_PROFILE_SM90))
        return VALUE_U32;
    /* Some 64-bit idx shuffles move doubles: a float register takes the same path. */
    if (kind == WS_COLL_SHFL_IDX && rand_below(&g->rng, 3) == 0)
        return VALUE_F64;
    return VALUE_U64;
}

static mask_source random_mask_source(generator *g)
{
    static const mask_source sources[6] = {MASK_FIXED, MASK_FIXED, MASK_ACTIVE,
                                           MASK_PER_LANE, MASK_PER_LANE, MASK_FULL};
    return sources[rand_below(&g->rng, 6)];
}

static void generate_collective(generator *g, node *n)
{
    n->type = NODE_COLLECTIVE;
    n->kind = (ws_coll_kind)rand_below(&g->rng, WS_COLL_KIND_COUNT);
    /* Shuffles get extra weight: they have the most operands to combine. */
    if (rand_below(&g->rng, 3) == 0)
        n->kind = (ws_coll_kind)rand_below(&g->rng, WS_COLL_SHFL_BFLY + 1);
    n->value = random_value_type(g, n->kind);
    n->mask_source = random_mask_source(g);
    n->mask = random_mask(&g->rng, g->lanes);
    /* Mostly valid lane arguments and widths; sometimes bits the hardware
     * ignores (LANE_ARG_RANGE) or a width that is not a power of two. */
    n->lane_arg = rand_below(&g->rng, 5) == 0 ? rand_below(&g->rng, 70) : rand_below(&g->rng, g->lanes);
    n->width = rand_below(&g->rng, 6) == 0 ? rand_below(&g->rng, 70)
                                            : 1 << rand_below(&g->rng, g->lanes == 64 ? 7 : 6);
    n->lane_arg_in_reg = rand_below(&g->rng, 6) == 0;
}

static node *generate_block(generator *g, int depth, bool in_loop, int *count);

/* The two branches of an exchange call the same collective (the case
 * docs/model.md measured), with the value's width drawn again and
 * sometimes another mask source or kind: mismatches are where groups wait
 * for each other, pair 32-bit values with 64-bit words, or deadlock. */
static void generate_exchange(generator *g, node *n)
{
    node *pair = take_nodes(g, 2);
    if (pair == NULL)
        return;
    generate_collective(g, &pair[0]);
    pair[1] = pair[0];
    if (rand_below(&g->rng, 3) == 0)
        pair[1].mask_source = random_mask_source(g);
    if (rand_below(&g->rng, 4) == 0)
        pair[1].kind = (ws_coll_kind)rand_below(&g->rng, WS_COLL_KIND_COUNT);
    pair[1].value = random_value_type(g, pair[1].kind);
    n->then_block = &pair[0];
    n->then_count = 1;
    n->else_block = &pair[1];
    n->else_count = 1;
    n->has_else = true;
}

static void generate_if(generator *g, node *n, int depth, bool in_loop)
{
    n->type = NODE_IF;
    n->if_lanes = random_mask(&g->rng, g->lanes);
    switch (rand_below(&g->rng, 3)) {
    case 0: /* if without else */
        n->then_block = generate_block(g, depth + 1, in_loop, &n->then_count);
        break;
    case 1:
        n->then_block = generate_block(g, depth + 1, in_loop, &n->then_count);
        n->else_block = generate_block(g, depth + 1, in_loop, &n->else_count);
        n->has_else = true;
        break;
    default:
        generate_exchange(g, n);
        break;
    }
}

static void generate_loop(generator *g, node *n, int depth)
{
    n->type = NODE_LOOP;
    n->trips = 1 + rand_below(&g->rng, MAX_LOOP_TRIPS);
    for (int t = 0; t < n->trips; t++)
        n->stay[t] = random_mask(&g->rng, g->lanes);
    n->body = generate_block(g, depth + 1, true, &n->body_count);
}

static void generate_node(generator *g, node *n, int depth, bool in_loop)
{
    int roll = rand_below(&g->rng, 100);
    if (roll < 45 || depth > MAX_DEPTH) {
        generate_collective(g, n);
    } else if (roll < 65) {
        generate_if(g, n, depth, in_loop);
    } else if (roll < 72) {
        generate_loop(g, n, depth);
    } else if (roll < 78 && in_loop) {
        n->type = NODE_BREAK;
    } else if (roll < 84) {
        /* Exits only half of the time here: an exit is final, and programs
         * whose lanes all leave early test little. */
        n->type = rand_below(&g->rng, 2) ? NODE_EXIT : NODE_LANE_OP;
    } else if (roll < 92) {
        n->type = NODE_LANE_OP;
    } else {
        n->type = NODE_SET_MASKS;
        n->fill = (mask_fill)rand_below(&g->rng, 4);
        n->mask = random_mask(&g->rng, g->lanes);
        n->lane_seed = rng_next(&g->rng);
    }
}

/* A block: 1..12 statements at the top, 0..4 nested. */
static node *generate_block(generator *g, int depth, bool in_loop, int *count)
{
    int k = depth == 0 ? 1 + rand_below(&g->rng, 12) : rand_below(&g->rng, 5);
    if (k > MAX_NODES - g->used)
        k = MAX_NODES - g->used;
    node *first = take_nodes(g, k);
    for (int i = 0; i < k; i++)
        generate_node(g, &first[i], depth, in_loop);
    *count = k;
    return first;
}

/* ---- running a program ----------------------------------------------------- */

typedef struct {
    long programs, finished_ok, finished_deadlock, finished_undefined;
    long pending;
    long completed[WS_COLL_KIND_COUNT]; /* collectives that returned WS_OK, by kind */
    long oracle_checks[WS_COLL_KIND_COUNT]; /* of those, compared with the oracle */
    long by_profile[WS_PROFILE_COUNT], by_policy[3];
} fuzz_totals;

typedef struct {
    char name[80]; /* "seed S (replay: WARPSIM_FUZZ_SEED=S)": every failure message starts with it */
    bool verbose;
    ws_profile_id profile;
    ws_diag_policy policy;
    int threads; /* 0 = all lanes present */
    int lanes;
    ws_warp *w;
    ws_reg value32, value64, fvalue, dst32, dst64, fdst, masks, lane_args, stay;
    bool deadlocked; /* the warp refuses further work: the rest of the program is skipped */
    fuzz_totals *totals;
} fuzz_run;

static const char *policy_name(ws_diag_policy p)
{
    return p == WS_DIAG_POLICY_WARN ? "WARN" : p == WS_DIAG_POLICY_IGNORE ? "IGNORE" : "ERROR";
}

static void fuzz_fail(const fuzz_run *r, const char *format, ...)
{
    char what[512];
    va_list args;
    va_start(args, format);
    vsnprintf(what, sizeof what, format, args);
    va_end(args);
    const char *last_error = ws_warp_error(r->w);
    print_error("%s, %s, threads %d, %s policy: %s\n  last warp error: %s\n", r->name,
                ws_profile_name(r->profile), r->threads, policy_name(r->policy), what,
                *last_error ? last_error : "(none)");
    fail();
}

static void trace(const fuzz_run *r, const char *format, ...)
{
    if (!r->verbose)
        return;
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
}

static ws_mask live_lanes(const fuzz_run *r) { return ws_lanes_present(r->w) & ~ws_lanes_exited(r->w); }

static ws_mask executing_lanes(const fuzz_run *r) { return ws_lanes_active(r->w) & ~ws_lanes_waiting(r->w); }

typedef enum {
    STMT_COLLECTIVE, STMT_IF, STMT_ELSE, STMT_END_IF, STMT_LOOP_BEGIN, STMT_LOOP_WHILE,
    STMT_LOOP_END, STMT_BREAK, STMT_EXIT, STMT_LANE_OP, STMT_FINISH
} statement;

static const char *const statement_names[] = {
    "collective", "ws_if_lanes", "ws_else", "ws_end_if", "ws_loop_begin", "ws_loop_while",
    "ws_loop_end", "ws_loop_break", "ws_exit", "ws_binop_imm", "ws_warp_finish"};

/* A set of statuses, one bit each; 0 for a value that is no ws_status. */
static unsigned status_bit(ws_status s)
{
    return s >= WS_ERR_STATE && s <= WS_PENDING ? 1u << (s - WS_ERR_STATE) : 0u;
}

/* What each call may return in these programs (they never pass a bad
 * argument or misuse else/end, so WS_ERR_ARG, WS_ERR_STATE and
 * WS_ERR_NOMEM are always failures). */
static unsigned allowed_statuses(const fuzz_run *r, statement st)
{
    unsigned ok = status_bit(WS_OK), blocked = status_bit(WS_ERR_BLOCKED);
    unsigned deadlock = status_bit(WS_ERR_DEADLOCK);
    /* diag.h: only the ERROR policy turns undefined behaviour into an error. */
    unsigned undefined = r->policy == WS_DIAG_POLICY_ERROR ? status_bit(WS_ERR_UNDEFINED) : 0u;
    switch (st) {
    case STMT_COLLECTIVE:
        /* collectives.h: it completes, waits (sm90 only: the wave profiles
         * execute at once), is blocked by waiting lanes, deadlocks, does not
         * exist on the profile (HIP has no __uni_sync), or is undefined. */
        return ok | blocked | deadlock | status_bit(WS_ERR_UNSUPPORTED) | undefined |
               (r->profile == WS_PROFILE_SM90 ? status_bit(WS_PENDING) : 0u);
    case STMT_ELSE:
    case STMT_END_IF:
    case STMT_LOOP_END:
        /* docs/model.md: the structural statements may pass waiting lanes. */
        return ok;
    case STMT_EXIT:
        /* control.h: an exit can complete a collective (undefined behaviour
         * in it is an error under ERROR) or reveal a deadlock. */
        return ok | blocked | deadlock | undefined;
    case STMT_FINISH:
        return ok | deadlock | undefined;
    default:
        /* Every other statement fails only when waiting lanes are active. */
        return ok | blocked;
    }
}

/* The checks that follow every call. */
static void check_statement(fuzz_run *r, statement st, ws_status s)
{
    if (!(status_bit(s) & allowed_statuses(r, st)))
        fuzz_fail(r, "%s returned %s (%d), which it may not return here", statement_names[st],
                  ws_status_name(s) ? ws_status_name(s) : "no status", (int)s);
    if (ws_diag_count(r->w) > WS_DIAG_MAX)
        fuzz_fail(r, "%s: %zu diagnostics kept, more than WS_DIAG_MAX", statement_names[st],
                  ws_diag_count(r->w));
    if (s == WS_ERR_DEADLOCK) {
        /* docs/model.md: a deadlock is always recorded, whatever the policy. */
        if (!ws_diag_has(r->w, WS_DIAG_DEADLOCK))
            fuzz_fail(r, "%s returned WS_ERR_DEADLOCK without a DEADLOCK diagnostic", statement_names[st]);
        r->deadlocked = true;
        return;
    }
    ws_mask waiting = ws_lanes_waiting(r->w), live = live_lanes(r);
    if (waiting & ~live)
        fuzz_fail(r, "after %s: lanes 0x%llx wait but are not live", statement_names[st],
                  (unsigned long long)(waiting & ~live));
    if (ws_lanes_active(r->w) & ws_lanes_exited(r->w))
        fuzz_fail(r, "after %s: exited lanes 0x%llx are active", statement_names[st],
                  (unsigned long long)(ws_lanes_active(r->w) & ws_lanes_exited(r->w)));
    if (waiting && !(live & ~waiting))
        fuzz_fail(r, "after %s (%s): every live lane waits, but no deadlock was reported", statement_names[st],
                  ws_status_name(s));
    if (r->profile != WS_PROFILE_SM90 && waiting)
        fuzz_fail(r, "after %s: lanes 0x%llx wait on a wave profile", statement_names[st],
                  (unsigned long long)waiting);
}

/* ---- the oracle ---------------------------------------------------------------
 * For a converged call in which exactly `callers` take part, each passing
 * `callers` as its mask, the definitions are simple (semantics.md 1, 3; docs/model.md):
 * a shuffle reads its source lane's value, or 0 when that lane is not a
 * caller (sm90 and the wave profiles alike); a vote, reduce or match
 * combines the callers' values. The source lane of a shuffle comes from
 * the formulas of semantics.md as restated in test_support.c (spec_ptx_source,
 * spec_cuda_c, spec_hip_source), never from the library's shfl_formula.c. */

static ws_mask ballot_of(ws_mask callers, const uint64_t *value, int lanes)
{
    ws_mask ballot = 0;
    for (int l = 0; l < lanes; l++)
        if (((callers >> l) & 1) && value[l] != 0)
            ballot |= (ws_mask)1 << l;
    return ballot;
}

static uint64_t reduce_of(ws_coll_kind kind, ws_mask callers, const uint64_t *value, int lanes, bool wide)
{
    bool started = false;
    uint64_t acc = 0;
    for (int l = 0; l < lanes; l++) {
        if (!((callers >> l) & 1))
            continue;
        uint64_t v = value[l];
        if (!started)
            acc = v;
        else if (kind == WS_COLL_REDUX_ADD)
            acc += v;
        else if (kind == WS_COLL_REDUX_MIN) /* the registers are unsigned: unsigned min and max */
            acc = v < acc ? v : acc;
        else if (kind == WS_COLL_REDUX_MAX)
            acc = v > acc ? v : acc;
        else if (kind == WS_COLL_REDUX_AND)
            acc &= v;
        else if (kind == WS_COLL_REDUX_OR)
            acc |= v;
        else
            acc ^= v;
        started = true;
    }
    return wide ? acc : (uint32_t)acc; /* add wraps at the value's width */
}

static ws_mask lanes_equal_to(uint64_t v, ws_mask callers, const uint64_t *value, int lanes)
{
    ws_mask same = 0;
    for (int l = 0; l < lanes; l++)
        if (((callers >> l) & 1) && value[l] == v)
            same |= (ws_mask)1 << l;
    return same;
}

/* Lane `lane`'s expected result, before narrowing to the destination;
 * false for syncwarp, which has none. value[] holds the callers' source
 * values (32-bit ones in the low word), lane_arg[] their lane arguments. */
static bool expected_result(const fuzz_run *r, const ws_coll_desc *d, ws_mask callers, const uint64_t *value,
                            const uint32_t *lane_arg, bool wide, int lane, uint64_t *want)
{
    int lanes = r->lanes;
    ws_mask ballot = ballot_of(callers, value, lanes);
    if (is_shuffle(d->kind)) {
        int unused_pred;
        int source = r->profile == WS_PROFILE_SM90
                         ? spec_ptx_source(d->kind, lane, lane_arg[lane], spec_cuda_c(d->kind, d->width), &unused_pred)
                         : spec_hip_source(d->kind, lane, (int32_t)lane_arg[lane], d->width, lanes);
        *want = source >= 0 && source < lanes && ((callers >> source) & 1) ? value[source] : 0;
        return true;
    }
    switch (d->kind) {
    case WS_COLL_VOTE_BALLOT: *want = ballot; return true;
    case WS_COLL_VOTE_ANY: *want = ballot != 0; return true;
    case WS_COLL_VOTE_ALL: *want = ballot == callers; return true;
    case WS_COLL_VOTE_UNI: *want = ballot == 0 || ballot == callers; return true;
    /* Match: the values are integers, so comparing bits (sm90) and
     * comparing with == (HIP) agree. */
    case WS_COLL_MATCH_ANY: *want = lanes_equal_to(value[lane], callers, value, lanes); return true;
    case WS_COLL_MATCH_ALL:
        *want = lanes_equal_to(value[lane], callers, value, lanes) == callers ? callers : 0;
        return true;
    case WS_COLL_SYNCWARP: return false;
    default: *want = reduce_of(d->kind, callers, value, lanes, wide); return true;
    }
}

static bool is_64bit_reg(const fuzz_run *r, ws_reg reg) { return ws_type_is_64bit(ws_reg_type(r->w, reg)); }

static void check_oracle(fuzz_run *r, const ws_coll_desc *d, ws_mask callers, const uint64_t *value,
                         const uint32_t *lane_arg)
{
    bool wide = is_64bit_reg(r, d->src);
    for (int lane = 0; lane < r->lanes; lane++) {
        uint64_t want;
        if (!((callers >> lane) & 1) || !expected_result(r, d, callers, value, lane_arg, wide, lane, &want))
            continue;
        if (!is_64bit_reg(r, d->dst))
            want = (uint32_t)want;
        uint64_t got = ws_get_bits(r->w, d->dst, lane);
        if (got != want)
            fuzz_fail(r, "%s over lanes 0x%llx: lane %d got 0x%llx, the definition gives 0x%llx",
                      ws_coll_kind_name(d->kind), (unsigned long long)callers, lane, (unsigned long long)got,
                      (unsigned long long)want);
    }
    r->totals->oracle_checks[d->kind]++;
}

/* ---- statements ---------------------------------------------------------------- */

static void run_block(fuzz_run *r, const node *first, int count);

static ws_coll_desc collective_desc(const fuzz_run *r, const node *n, ws_mask callers)
{
    ws_coll_desc d = {.kind = n->kind};
    if (n->kind != WS_COLL_SYNCWARP) {
        d.src = n->value == VALUE_F64 ? r->fvalue : n->value == VALUE_U64 ? r->value64 : r->value32;
        d.dst = n->value == VALUE_F64 ? r->fdst : n->value == VALUE_U64 ? r->dst64 : r->dst32;
    }
    if (is_shuffle(n->kind)) {
        d.b = n->lane_arg;
        d.b_reg = n->lane_arg_in_reg ? r->lane_args : WS_NO_REG;
        d.width = n->width;
    }
    switch (n->mask_source) {
    case MASK_FIXED: d.mask = n->mask; break;
    case MASK_ACTIVE: d.mask = callers; break;
    case MASK_PER_LANE: d.mask_reg = r->masks; break;
    case MASK_FULL: d.mask = all_lanes(r->lanes); break;
    }
    return d;
}

static void trace_collective(const fuzz_run *r, const ws_coll_desc *d, ws_mask callers, ws_status s)
{
    if (!r->verbose)
        return;
    trace(r, "%s", ws_coll_kind_name(d->kind));
    if (d->src.id)
        trace(r, " %s", ws_type_name(ws_reg_type(r->w, d->src)));
    if (d->mask_reg.id)
        trace(r, " mask per lane");
    else
        trace(r, " mask 0x%llx", (unsigned long long)d->mask);
    if (is_shuffle(d->kind))
        trace(r, " b %s%d width %d", d->b_reg.id ? "per lane " : "", (int)d->b, (int)d->width);
    trace(r, ": callers 0x%llx -> %s, waiting 0x%llx\n", (unsigned long long)callers, ws_status_name(s),
          (unsigned long long)ws_lanes_waiting(r->w));
    for (int l = 0; l < r->lanes; l++) {
        if (!((callers >> l) & 1) || !(d->mask_reg.id || d->b_reg.id))
            continue;
        trace(r, "    lane %d:", l);
        if (d->mask_reg.id)
            trace(r, " mask 0x%llx", (unsigned long long)ws_get_u64(r->w, r->masks, l));
        if (d->b_reg.id)
            trace(r, " b %u", (unsigned)ws_get_u32(r->w, r->lane_args, l));
        trace(r, "\n");
    }
}

static void run_collective(fuzz_run *r, const node *n)
{
    ws_mask waiting_before = ws_lanes_waiting(r->w);
    ws_mask callers = executing_lanes(r);
    ws_coll_desc d = collective_desc(r, n, callers);

    /* The oracle's case: converged, one mask, naming exactly the callers
     * (every MASK_ACTIVE call without waiting lanes, and fixed masks that
     * happen to match). Its operands are read before the call. */
    bool oracle = waiting_before == 0 && d.mask_reg.id == 0 && d.mask == callers && callers != 0 && d.src.id != 0;
    uint64_t value[MAX_LANES] = {0};
    uint32_t lane_arg[MAX_LANES] = {0};
    if (oracle)
        for (int l = 0; l < r->lanes; l++) {
            value[l] = ws_get_bits(r->w, d.src, l);
            if (!is_64bit_reg(r, d.src))
                value[l] = (uint32_t)value[l];
            lane_arg[l] = d.b_reg.id ? ws_get_u32(r->w, d.b_reg, l) : (uint32_t)d.b;
        }

    ws_status s = ws_collective(r->w, &d);
    trace_collective(r, &d, callers, s);
    check_statement(r, STMT_COLLECTIVE, s);

    ws_mask callers_waiting = ws_lanes_waiting(r->w) & callers;
    if (s == WS_OK && callers_waiting)
        fuzz_fail(r, "%s returned WS_OK while its callers 0x%llx still wait", ws_coll_kind_name(n->kind),
                  (unsigned long long)callers_waiting);
    if (s == WS_PENDING && !callers_waiting)
        fuzz_fail(r, "%s returned WS_PENDING but none of its callers waits", ws_coll_kind_name(n->kind));
    if (s == WS_ERR_BLOCKED && !(ws_lanes_active(r->w) & waiting_before))
        fuzz_fail(r, "%s returned WS_ERR_BLOCKED with no waiting lane active", ws_coll_kind_name(n->kind));
    if (s == WS_ERR_DEADLOCK && waiting_before == 0 && d.mask_reg.id == 0)
        fuzz_fail(r, "%s deadlocked in a converged call where every lane passed mask 0x%llx",
                  ws_coll_kind_name(n->kind), (unsigned long long)d.mask);
    if (oracle && s == WS_OK)
        check_oracle(r, &d, callers, value, lane_arg);

    r->totals->pending += s == WS_PENDING;
    if (s == WS_OK)
        r->totals->completed[n->kind]++;
}

static void run_if(fuzz_run *r, const node *n)
{
    ws_status s = ws_if_lanes(r->w, n->if_lanes);
    trace(r, "if 0x%llx -> %s\n", (unsigned long long)n->if_lanes, ws_status_name(s));
    check_statement(r, STMT_IF, s);
    if (s != WS_OK)
        return;
    run_block(r, n->then_block, n->then_count);
    if (r->deadlocked)
        return;
    if (n->has_else) {
        s = ws_else(r->w);
        trace(r, "else -> %s\n", ws_status_name(s));
        check_statement(r, STMT_ELSE, s);
        run_block(r, n->else_block, n->else_count);
        if (r->deadlocked)
            return;
    }
    s = ws_end_if(r->w);
    trace(r, "end_if -> %s\n", ws_status_name(s));
    check_statement(r, STMT_END_IF, s);
}

static void run_loop(fuzz_run *r, const node *n)
{
    ws_status s = ws_loop_begin(r->w);
    trace(r, "loop_begin -> %s\n", ws_status_name(s));
    check_statement(r, STMT_LOOP_BEGIN, s);
    if (s != WS_OK)
        return;
    for (int t = 0; t < n->trips && !r->deadlocked; t++) {
        /* The loop test: the host sets each lane's condition, as a lane op would. */
        for (int l = 0; l < r->lanes; l++)
            ws_set_u32(r->w, r->stay, l, (uint32_t)((n->stay[t] >> l) & 1));
        int left = ws_loop_while(r->w, r->stay);
        trace(r, "loop_while 0x%llx -> %d\n", (unsigned long long)n->stay[t], left);
        check_statement(r, STMT_LOOP_WHILE, left < 0 ? (ws_status)left : WS_OK);
        if (left <= 0)
            break;
        run_block(r, n->body, n->body_count);
    }
    if (r->deadlocked)
        return;
    s = ws_loop_end(r->w);
    trace(r, "loop_end -> %s\n", ws_status_name(s));
    check_statement(r, STMT_LOOP_END, s);
}

/* The host rewrites every lane's mask (as a register write would). */
static void set_lane_masks(fuzz_run *r, const node *n)
{
    rng lane_rng = rng_from_seed(n->lane_seed);
    ws_mask all = all_lanes(r->lanes);
    ws_mask low_half = all >> (r->lanes / 2);
    for (int l = 0; l < r->lanes; l++) {
        ws_mask m = n->mask;
        if (n->fill == MASKS_RANDOM)
            m = random_mask(&lane_rng, r->lanes);
        else if (n->fill == MASKS_HALVES)
            m = l < r->lanes / 2 ? low_half : all;
        else if (n->fill == MASKS_WITH_OWN)
            m |= (ws_mask)1 << l;
        ws_set_u64(r->w, r->masks, l, m);
    }
    trace(r, "set per-lane masks (fill %d)\n", (int)n->fill);
}

static void run_node(fuzz_run *r, const node *n)
{
    ws_status s;
    switch (n->type) {
    case NODE_COLLECTIVE: run_collective(r, n); break;
    case NODE_IF: run_if(r, n); break;
    case NODE_LOOP: run_loop(r, n); break;
    case NODE_BREAK:
        s = ws_loop_break(r->w);
        trace(r, "break -> %s\n", ws_status_name(s));
        check_statement(r, STMT_BREAK, s);
        break;
    case NODE_EXIT:
        s = ws_exit(r->w);
        trace(r, "exit -> %s, exited 0x%llx\n", ws_status_name(s), (unsigned long long)ws_lanes_exited(r->w));
        check_statement(r, STMT_EXIT, s);
        break;
    case NODE_LANE_OP:
        s = ws_binop_imm(r->w, WS_ADD, WS_U32, r->value32, r->value32, 1);
        trace(r, "value32 += 1 -> %s\n", ws_status_name(s));
        check_statement(r, STMT_LANE_OP, s);
        break;
    case NODE_SET_MASKS: set_lane_masks(r, n); break;
    }
}

static void run_block(fuzz_run *r, const node *first, int count)
{
    for (int i = 0; i < count && !r->deadlocked; i++)
        run_node(r, &first[i]);
}

/* ---- one program ------------------------------------------------------------------ */

/* Registers and their first values. A third of the values are 0, 1 or 2,
 * so that votes, match and uni see equal values and zeros, not only
 * distinct random words. */
static void set_up_registers(fuzz_run *r, rng *g)
{
    r->value32 = test_reg(r->w, "value32", WS_U32);
    r->value64 = test_reg(r->w, "value64", WS_U64);
    r->fvalue = test_reg(r->w, "fvalue", WS_F64);
    r->dst32 = test_reg(r->w, "dst32", WS_U32);
    r->dst64 = test_reg(r->w, "dst64", WS_U64);
    r->fdst = test_reg(r->w, "fdst", WS_F64);
    r->masks = test_reg(r->w, "masks", WS_U64);
    r->lane_args = test_reg(r->w, "lane_args", WS_U32);
    r->stay = test_reg(r->w, "stay", WS_U32);
    for (int l = 0; l < r->lanes; l++) {
        ws_set_u32(r->w, r->value32, l,
                   rand_below(g, 3) == 0 ? (uint32_t)rand_below(g, 3) : (uint32_t)rng_next(g));
        ws_set_u64(r->w, r->value64, l, rand_below(g, 3) == 0 ? (uint64_t)rand_below(g, 3) : rng_next(g));
        ws_set_u64(r->w, r->masks, l, random_mask(g, r->lanes));
        ws_set_u32(r->w, r->lane_args, l, (uint32_t)rand_below(g, 40));
        ws_set_f64(r->w, r->fvalue, l, (double)rand_below(g, 5));
    }
}

/* The checks of the kernel's end (control.h: ws_warp_finish). */
static void check_finish(fuzz_run *r, ws_status s)
{
    check_statement(r, STMT_FINISH, s);
    if (s == WS_ERR_DEADLOCK) {
        r->totals->finished_deadlock++;
        return;
    }
    /* WS_OK, or WS_ERR_UNDEFINED under ERROR: the lanes exit anyway. */
    if (ws_lanes_waiting(r->w) != 0 || live_lanes(r) != 0)
        fuzz_fail(r, "ws_warp_finish returned %s with lanes 0x%llx waiting and 0x%llx not exited",
                  ws_status_name(s), (unsigned long long)ws_lanes_waiting(r->w), (unsigned long long)live_lanes(r));
    if (s == WS_OK)
        r->totals->finished_ok++;
    else
        r->totals->finished_undefined++;
}

static generator gen; /* static: the node pool is large */

static void run_program(uint64_t seed, bool verbose, fuzz_totals *totals)
{
    fuzz_run r = {.verbose = verbose, .totals = totals};
    snprintf(r.name, sizeof r.name, "seed %llu (replay: WARPSIM_FUZZ_SEED=%llu)", (unsigned long long)seed,
             (unsigned long long)seed);
    rng g = rng_from_seed(seed);

    /* sm90 most of the time: only it has rendezvous, waiting and deadlocks. */
    int roll = rand_below(&g, 10);
    r.profile = roll < 7 ? WS_PROFILE_SM90 : roll < 9 ? WS_PROFILE_WAVE64 : WS_PROFILE_WAVE32;
    r.lanes = ws_profile_lanes(r.profile);
    r.threads = rand_below(&g, 4) == 0 ? 1 + rand_below(&g, r.lanes) : 0;
    r.policy = rand_below(&g, 5) == 0   ? WS_DIAG_POLICY_ERROR
               : rand_below(&g, 4) == 0 ? WS_DIAG_POLICY_IGNORE
                                        : WS_DIAG_POLICY_WARN;
    r.w = test_warp_with_policy(r.profile, r.threads, r.policy);
    set_up_registers(&r, &g);

    gen.rng = g;
    gen.profile = r.profile;
    gen.lanes = r.lanes;
    gen.used = 0;
    int count;
    const node *program = generate_block(&gen, 0, false, &count);

    trace(&r, "%s: %s, threads %d, %s policy, %d statements at the top\n", r.name, ws_profile_name(r.profile),
          r.threads, policy_name(r.policy), count);
    run_block(&r, program, count);
    ws_status s = ws_warp_finish(r.w);
    trace(&r, "finish -> %s, waiting 0x%llx, live 0x%llx\n", ws_status_name(s),
          (unsigned long long)ws_lanes_waiting(r.w), (unsigned long long)live_lanes(&r));
    check_finish(&r, s);

    totals->programs++;
    totals->by_profile[r.profile]++;
    totals->by_policy[r.policy]++;
    drop_warp(r.w);
}

/* ---- the test ---------------------------------------------------------------------- */

/* A positive integer from the environment, `fallback` when unset. */
static uint64_t env_positive(const char *variable, uint64_t fallback)
{
    const char *text = getenv(variable);
    if (text == NULL || *text == '\0')
        return fallback;
    char *end;
    unsigned long long v = strtoull(text, &end, 10);
    if (*end != '\0' || v == 0) {
        print_error("%s=\"%s\": want a positive integer\n", variable, text);
        fail();
    }
    return v;
}

/* Fails unless `count` > 0: "no <what> <name>". */
static void expect_reached(long count, const char *what, const char *name)
{
    if (count == 0) {
        print_error("fuzz coverage: no %s %s in the whole run\n", what, name);
        fail();
    }
}

/* A full run must still produce every shape: a generator change that
 * stopped reaching some kind, profile, policy or outcome would otherwise
 * pass silently. Only checked for runs long enough to reach them all. */
static void check_coverage(const fuzz_totals *t)
{
    for (int k = 0; k < WS_COLL_KIND_COUNT; k++) {
        const char *kind = ws_coll_kind_name((ws_coll_kind)k);
        expect_reached(t->completed[k], "completed", kind);
        if (k != WS_COLL_SYNCWARP) /* it has no result to compare */
            expect_reached(t->oracle_checks[k], "oracle check of", kind);
    }
    for (int p = 0; p < WS_PROFILE_COUNT; p++)
        expect_reached(t->by_profile[p], "program on", ws_profile_name((ws_profile_id)p));
    for (int p = 0; p < 3; p++)
        expect_reached(t->by_policy[p], "program under the policy", policy_name((ws_diag_policy)p));
    expect_reached(t->pending, "collective returning", "WS_PENDING");
    expect_reached(t->finished_deadlock, "program ending in", "WS_ERR_DEADLOCK");
    expect_reached(t->finished_undefined, "program ending in", "WS_ERR_UNDEFINED");
}

static void test_random_programs(void **state)
{
    (void)state;
    fuzz_totals totals = {0};
    uint64_t replay = env_positive("WARPSIM_FUZZ_SEED", 0);
    if (replay != 0) {
        run_program(replay, true, &totals);
        return;
    }
    uint64_t programs = env_positive("WARPSIM_FUZZ_PROGRAMS", DEFAULT_PROGRAMS);
    for (uint64_t seed = 1; seed <= programs; seed++)
        run_program(seed, false, &totals);
    long oracle_checks = 0;
    for (int k = 0; k < WS_COLL_KIND_COUNT; k++)
        oracle_checks += totals.oracle_checks[k];
    print_message("fuzz: %ld programs (seeds 1..%llu): %ld finished, %ld deadlocked, %ld undefined at the end; "
                  "%ld calls checked against the oracle\n",
                  totals.programs, (unsigned long long)programs, totals.finished_ok, totals.finished_deadlock,
                  totals.finished_undefined, oracle_checks);
    if (programs >= 1000)
        check_coverage(&totals);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_programs),
    };
    return cmocka_run_group_tests(tests, NULL, destroy_live_warps);
}
