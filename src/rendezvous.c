/* The rendezvous: lanes arrive at collectives with their operands; a
 * collective executes once every non-exited lane named in its mask has
 * arrived at the same kind with the same mask (semantics.md 2.3 and 7). */
#include <string.h>

#include "warp_internal.h"

static ws_status (*const executors[WS_COLL_KIND_COUNT])(ws_exec *) = {
    [WS_COLL_SHFL_IDX] = ws_exec_shfl,   [WS_COLL_SHFL_UP] = ws_exec_shfl,
    [WS_COLL_SHFL_DOWN] = ws_exec_shfl,  [WS_COLL_SHFL_BFLY] = ws_exec_shfl,
    [WS_COLL_VOTE_ALL] = ws_exec_vote,   [WS_COLL_VOTE_ANY] = ws_exec_vote,
    [WS_COLL_VOTE_UNI] = ws_exec_vote,   [WS_COLL_VOTE_BALLOT] = ws_exec_vote,
    [WS_COLL_MATCH_ANY] = ws_exec_match, [WS_COLL_MATCH_ALL] = ws_exec_match,
    [WS_COLL_REDUX_ADD] = ws_exec_redux, [WS_COLL_REDUX_MIN] = ws_exec_redux,
    [WS_COLL_REDUX_MAX] = ws_exec_redux, [WS_COLL_REDUX_AND] = ws_exec_redux,
    [WS_COLL_REDUX_OR] = ws_exec_redux,  [WS_COLL_REDUX_XOR] = ws_exec_redux,
    [WS_COLL_SYNCWARP] = NULL, /* no data: completing is all it does */
};

/* The results of `lanes`, which share a's dst and pred_dst. */
static void write_back(ws_warp *w, ws_mask lanes, const ws_arrival *a, const uint64_t *result, const uint32_t *pred)
{
    if (a->dst.id) {
        uint64_t *cells = ws_cell(w, a->dst, 0);
        bool wide = ws_type_is_64bit(w->reg_types[a->dst.id - 1]); /* dst was checked */
        for (ws_mask todo = lanes; todo; todo &= todo - 1) {
            int lane = ws_lowest_lane(todo);
            cells[lane] = wide ? result[lane] : (uint32_t)result[lane];
        }
    }
    if (a->pred_dst.id) {
        uint64_t *cells = ws_cell(w, a->pred_dst, 0);
        for (ws_mask todo = lanes; todo; todo &= todo - 1)
            cells[ws_lowest_lane(todo)] = pred[ws_lowest_lane(todo)];
    }
}

/* Executes the lanes of `group` (all of one kind) and releases them. */
static ws_status execute(ws_warp *w, ws_mask group, bool one_call)
{
    /* Not `= {...}`: that would clear the diagnostic batch's 6 KB of
     * message buffers on every collective; they are filled as raised. */
    ws_exec x;
    x.w = w;
    x.group = group;
    x.arrivals = w->arrivals;
    memset(x.result, 0, sizeof x.result);
    memset(x.pred, 0, sizeof x.pred);
    x.again = 0;
    x.one_call = one_call;
    x.diags.count = 0;
    ws_coll_kind kind = w->arrivals[ws_lowest_lane(group)].kind;
    ws_status s = executors[kind] ? executors[kind](&x) : WS_OK;
    w->waiting &= ~(group & ~x.again);
    if (ws_diag_commit(w, &x.diags)) {
        w->waiting &= ~group;
        return WS_ERR_UNDEFINED;
    }
    if (s != WS_OK)
        return s;
    for (ws_mask todo = x.again; todo; todo &= todo - 1) { /* they wait again, for their second word */
        int lane = ws_lowest_lane(todo);
        w->arrivals[lane].second_word = true;
        w->arrivals[lane].first_word = x.result[lane];
    }
    /* The results, a set of lanes with the same dst and pred_dst at a time
     * (one call's lanes all share them; two calls met in one group may not). */
    for (ws_mask todo = group & ~x.again; todo;) {
        const ws_arrival *a = &w->arrivals[ws_lowest_lane(todo)];
        ws_mask same = todo;
        if (!x.one_call)
            for (ws_mask t = todo; t; t &= t - 1) {
                const ws_arrival *b = &w->arrivals[ws_lowest_lane(t)];
                if (b->dst.id != a->dst.id || b->pred_dst.id != a->pred_dst.id)
                    same &= ~(t & -t);
            }
        write_back(w, same, a, x.result, x.pred);
        todo &= ~same;
    }
    return WS_OK;
}

ws_mask ws_exec_set(const ws_exec *x, int lane)
{
    ws_mask mask = x->arrivals[lane].mask;
    if (!x->w->profile->set_by_mask_value)
        return mask & x->group; /* HIP: the mask's bits, over the active lanes */
    /* sm90 (docs/probes/ub_collectives_probe.h200.txt): the lanes that
     * executed with the same mask value, whether or not the mask names
     * them; with a correct mask this is S = the non-exited named lanes. */
    ws_mask set = 0;
    for (int k = 0; k < x->w->lanes; k++)
        if (ws_lane_in(x->group, k) && x->arrivals[k].mask == mask)
            set |= ws_bit(k);
    return set;
}

ws_status ws_rendezvous_execute_now(ws_warp *w, ws_mask group) { return execute(w, group, w->last_call_from_desc); }

/* Measured (docs/probes/branch_rendezvous_probe.h200.txt): kind and mask
 * decide, not the value's width: a 32-bit shuffle in one branch pairs with
 * the first word of a 64-bit shuffle in the other. */
static bool same_rendezvous(const ws_arrival *a, const ws_arrival *b)
{
    if (a->kind != b->kind || a->mask != b->mask)
        return false;
    switch (a->kind) {
    case WS_COLL_MATCH_ANY:
    case WS_COLL_MATCH_ALL: /* match.b32 and match.b64 are different instructions */
        return ws_type_is_64bit(a->type) == ws_type_is_64bit(b->type);
    case WS_COLL_REDUX_ADD:
    case WS_COLL_REDUX_MIN:
    case WS_COLL_REDUX_MAX: /* REDUX.SUM vs REDUX.SUM.S32: an int and an unsigned call hang
                               (measured: docs/probes/redux_sign_probe.h200.txt) */
        return a->type == b->type;
    default: /* shuffles are all b32 (a 64-bit value is two of them) */
        return true;
    }
}

/* Lanes waiting at the same (kind, mask) as `lane`. */
static ws_mask group_of(const ws_warp *w, int lane)
{
    ws_mask group = 0;
    for (int k = 0; k < w->lanes; k++)
        if (ws_lane_in(w->waiting, k) && same_rendezvous(&w->arrivals[k], &w->arrivals[lane]))
            group |= ws_bit(k);
    return group;
}

/* Ready groups of one kind that came from the same call were converged:
 * they execute as one instruction and see each other (two 16-lane tiles
 * with their own masks, ub_collectives_probe). Groups from separate calls
 * (separate branches) that happen to complete at the same moment do not.
 * Returns the ready lanes linked to `lane` through shared calls. */
static bool arrived_through(const ws_warp *w, ws_mask lanes, uint64_t call)
{
    for (ws_mask todo = lanes; todo; todo &= todo - 1)
        if (w->arrivals[ws_lowest_lane(todo)].call == call)
            return true;
    return false;
}

static ws_mask converged_with(const ws_warp *w, ws_mask ready, int lane)
{
    ws_mask together = group_of(w, lane) & ready;
    for (ws_mask before = 0; before != together;) {
        before = together;
        for (ws_mask todo = ready & ~together; todo; todo &= todo - 1) {
            int k = ws_lowest_lane(todo);
            if (arrived_through(w, together, w->arrivals[k].call))
                together |= group_of(w, k) & ready;
        }
    }
    return together;
}

static ws_status report_deadlock(ws_warp *w)
{
    ws_diag d = {.code = WS_DIAG_DEADLOCK, .op = "rendezvous", .lanes = w->waiting};
    size_t size = sizeof d.message;
    size_t used = (size_t)snprintf(d.message, size, "every live lane waits and none can go on:");
    static const char closing[] = ". A collective completes only when every live lane its mask names arrives at "
                                  "the same kind with the same mask (and, for match and reduce, the same operand "
                                  "type).";
    const char *sep = " ";
    for (ws_mask todo = w->waiting; todo;) {
        int lane = ws_lowest_lane(todo);
        ws_mask group = group_of(w, lane);
        const ws_arrival *a = &w->arrivals[lane];
        char lanes[96], entry[240];
        int n = snprintf(entry, sizeof entry, "%slanes %s wait in %s (%s, %s, mask 0x%llx)", sep,
                         ws_format_lanes(group, lanes, sizeof lanes), ws_coll_cuda_name(a->kind),
                         ws_coll_kind_name(a->kind), ws_type_name(a->type), (unsigned long long)a->mask);
        if (n < 0 || used + (size_t)n + 6 >= size) { /* whole groups only: "; ..." for the rest */
            snprintf(d.message + used, size - used, "; ...");
            used += strlen(d.message + used);
            break;
        }
        memcpy(d.message + used, entry, (size_t)n + 1);
        used += (size_t)n;
        sep = "; ";
        todo &= ~group;
    }
    if (used + sizeof closing <= size)
        memcpy(d.message + used, closing, sizeof closing);
    else if (used + 2 <= size)
        memcpy(d.message + used, ".", 2);
    return ws_warp_hangs(w, &d);
}

ws_status ws_warp_hangs(ws_warp *w, const ws_diag *diag)
{
    ws_diag_record(w, diag);
    w->deadlocked = true;
    return ws_fail(w, WS_ERR_DEADLOCK, "deadlock: %s", diag->message);
}

ws_status ws_rendezvous_settle(ws_warp *w, ws_mask callers)
{
    ws_status result = WS_OK;
    /* Executing can leave lanes waiting again (the second word of a 64-bit
     * shuffle), which may complete at once: repeat until nothing is ready. */
    for (bool progress = true; progress;) {
        progress = false;
        ws_mask live = ws_live(w);
        ws_mask ready[WS_COLL_KIND_COUNT] = {0};
        for (ws_mask todo = w->waiting; todo;) {
            int lane = ws_lowest_lane(todo);
            ws_mask group = group_of(w, lane);
            todo &= ~group;
            if ((w->arrivals[lane].mask & live & ~group) == 0) /* every named live lane is here */
                ready[w->arrivals[lane].kind] |= group;
        }
        for (int kind = 0; kind < WS_COLL_KIND_COUNT; kind++) {
            for (ws_mask todo = ready[kind]; todo;) {
                ws_mask together = converged_with(w, todo, ws_lowest_lane(todo));
                todo &= ~together;
                progress = true;
                ws_status s = execute(w, together, false);
                if (s != WS_OK && result == WS_OK)
                    result = s;
            }
        }
        if (w->deadlocked)
            return result;
    }
    if (w->waiting && !(ws_live(w) & ~w->waiting))
        return report_deadlock(w);
    if (result != WS_OK)
        return result;
    return (callers & w->waiting) ? WS_PENDING : WS_OK;
}

/* One converged call whose lanes pass different masks runs as sub-groups
 * one after the other (measured: docs/probes/mask_kind_probe.h200.txt: with
 * lanes 0-15 passing 0xFFFF and lanes 16-31 the full mask, every lane of a
 * __shfl_xor_sync(.., 16) reads 0, and __reduce_add_sync gives each half its
 * own sum). So a group still waiting only for lanes that took part in this
 * same call, and are done with it, executes without them. */
/* The usual case: no lane waits yet and the callers all passed one mask
 * that names no live lane missing from them. Settling would find exactly
 * this group ready and converged, so it executes at once. */
static bool completes_alone(const ws_warp *w, ws_mask callers)
{
    if (w->waiting)
        return false;
    ws_mask mask = w->arrivals[ws_lowest_lane(callers)].mask;
    for (ws_mask todo = w->last_call_from_desc ? 0 : callers; todo; todo &= todo - 1) /* else: one mask */
        if (w->arrivals[ws_lowest_lane(todo)].mask != mask)
            return false;
    return (mask & ws_live(w) & ~callers) == 0;
}

ws_status ws_rendezvous_arrive(ws_warp *w, ws_mask callers)
{
    ws_status first_error = WS_OK;
    ws_status s;
    if (completes_alone(w, callers)) {
        w->waiting = callers;
        s = execute(w, callers, w->last_call_from_desc);
        if (!(callers & w->waiting))
            return s;
        first_error = s < 0 ? s : WS_OK;
        s = ws_rendezvous_settle(w, callers); /* lanes left waiting for a second word */
    } else {
        w->waiting |= callers;
        s = ws_rendezvous_settle(w, callers);
    }
    for (;;) {
        /* Under the error policy a sub-group with undefined behaviour
         * fails (and writes nothing); the others still run. */
        if (s < 0 && first_error == WS_OK)
            first_error = s;
        if (w->deadlocked || !(callers & w->waiting))
            break;
        ws_mask done_in_call = callers & ~w->waiting;
        ws_mask forced = 0;
        for (ws_mask todo = callers & w->waiting; todo && done_in_call && !forced;) {
            int lane = ws_lowest_lane(todo);
            ws_mask group = group_of(w, lane);
            ws_mask missing = w->arrivals[lane].mask & ws_live(w) & ~group;
            todo &= ~group;
            if ((missing & ~done_in_call) == 0)
                forced = group;
        }
        if (!forced)
            break;
        s = execute(w, forced, false);
        if (s < 0 && first_error == WS_OK)
            first_error = s;
        s = ws_rendezvous_settle(w, callers);
    }
    if (first_error != WS_OK)
        return first_error;
    return (callers & w->waiting) ? WS_PENDING : WS_OK;
}
