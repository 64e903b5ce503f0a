/* The collective calls: argument checks, per-lane arrivals, and the thin
 * CUDA-named wrappers. What each collective computes lives in shfl.c,
 * vote.c, match.c and redux.c; when it runs lives in rendezvous.c. */
#include "warp_internal.h"

static const char *const kind_names[WS_COLL_KIND_COUNT] = {
    [WS_COLL_SHFL_IDX] = "shfl.idx",       [WS_COLL_SHFL_UP] = "shfl.up",
    [WS_COLL_SHFL_DOWN] = "shfl.down",     [WS_COLL_SHFL_BFLY] = "shfl.bfly",
    [WS_COLL_VOTE_ALL] = "vote.all",       [WS_COLL_VOTE_ANY] = "vote.any",
    [WS_COLL_VOTE_UNI] = "vote.uni",       [WS_COLL_VOTE_BALLOT] = "vote.ballot",
    [WS_COLL_MATCH_ANY] = "match.any",     [WS_COLL_MATCH_ALL] = "match.all",
    [WS_COLL_REDUX_ADD] = "redux.add",     [WS_COLL_REDUX_MIN] = "redux.min",
    [WS_COLL_REDUX_MAX] = "redux.max",     [WS_COLL_REDUX_AND] = "redux.and",
    [WS_COLL_REDUX_OR] = "redux.or",       [WS_COLL_REDUX_XOR] = "redux.xor",
    [WS_COLL_SYNCWARP] = "syncwarp",
};

static const char *const cuda_names[WS_COLL_KIND_COUNT] = {
    [WS_COLL_SHFL_IDX] = "__shfl_sync",          [WS_COLL_SHFL_UP] = "__shfl_up_sync",
    [WS_COLL_SHFL_DOWN] = "__shfl_down_sync",    [WS_COLL_SHFL_BFLY] = "__shfl_xor_sync",
    [WS_COLL_VOTE_ALL] = "__all_sync",           [WS_COLL_VOTE_ANY] = "__any_sync",
    [WS_COLL_VOTE_UNI] = "__uni_sync",           [WS_COLL_VOTE_BALLOT] = "__ballot_sync",
    [WS_COLL_MATCH_ANY] = "__match_any_sync",    [WS_COLL_MATCH_ALL] = "__match_all_sync",
    [WS_COLL_REDUX_ADD] = "__reduce_add_sync",   [WS_COLL_REDUX_MIN] = "__reduce_min_sync",
    [WS_COLL_REDUX_MAX] = "__reduce_max_sync",   [WS_COLL_REDUX_AND] = "__reduce_and_sync",
    [WS_COLL_REDUX_OR] = "__reduce_or_sync",     [WS_COLL_REDUX_XOR] = "__reduce_xor_sync",
    [WS_COLL_SYNCWARP] = "__syncwarp",
};

static const char *const ptx_names[WS_COLL_KIND_COUNT] = {
    [WS_COLL_SHFL_IDX] = "shfl.sync.idx",        [WS_COLL_SHFL_UP] = "shfl.sync.up",
    [WS_COLL_SHFL_DOWN] = "shfl.sync.down",      [WS_COLL_SHFL_BFLY] = "shfl.sync.bfly",
    [WS_COLL_VOTE_ALL] = "vote.sync.all",        [WS_COLL_VOTE_ANY] = "vote.sync.any",
    [WS_COLL_VOTE_UNI] = "vote.sync.uni",        [WS_COLL_VOTE_BALLOT] = "vote.sync.ballot",
    [WS_COLL_MATCH_ANY] = "match.any.sync",      [WS_COLL_MATCH_ALL] = "match.all.sync",
    [WS_COLL_REDUX_ADD] = "redux.sync.add",      [WS_COLL_REDUX_MIN] = "redux.sync.min",
    [WS_COLL_REDUX_MAX] = "redux.sync.max",      [WS_COLL_REDUX_AND] = "redux.sync.and",
    [WS_COLL_REDUX_OR] = "redux.sync.or",        [WS_COLL_REDUX_XOR] = "redux.sync.xor",
    [WS_COLL_SYNCWARP] = "bar.warp.sync",
};

const char *ws_coll_ptx_name(ws_coll_kind kind)
{
    return (unsigned)kind < WS_COLL_KIND_COUNT ? ptx_names[kind] : NULL;
}

const char *ws_coll_kind_name(ws_coll_kind kind)
{
    return (unsigned)kind < WS_COLL_KIND_COUNT ? kind_names[kind] : NULL;
}

const char *ws_coll_cuda_name(ws_coll_kind kind)
{
    return (unsigned)kind < WS_COLL_KIND_COUNT ? cuda_names[kind] : NULL;
}

static bool is_shfl(ws_coll_kind k) { return k <= WS_COLL_SHFL_BFLY; }
static bool is_redux(ws_coll_kind k) { return k >= WS_COLL_REDUX_ADD && k <= WS_COLL_REDUX_XOR; }
static bool is_pow2_width(int32_t width, int lanes) { return width >= 1 && width <= lanes && !(width & (width - 1)); }

static bool optional_reg(ws_warp *w, ws_reg reg, const char *op, const char *what)
{
    return !reg.id || ws_check_reg(w, reg, op, what);
}

/* Everything a caller can get wrong, before any lane arrives. */
static ws_status check_desc(ws_warp *w, const ws_coll_desc *d, const char *op)
{
    const ws_profile *p = w->profile;
    if (d->kind == WS_COLL_SYNCWARP) {
        if (d->dst.id || d->src.id || d->pred_dst.id || d->b_reg.id || d->c_reg.id)
            return ws_fail(w, WS_ERR_ARG, "%s: __syncwarp takes only a mask (dst, src, pred_dst, b_reg and "
                           "c_reg must be 0)", op);
        return optional_reg(w, d->mask_reg, op, "mask") ? WS_OK : WS_ERR_ARG;
    }
    if (!ws_check_reg(w, d->dst, op, "destination") || !ws_check_reg(w, d->src, op, "source") ||
        !optional_reg(w, d->mask_reg, op, "mask") || !optional_reg(w, d->pred_dst, op, "predicate") ||
        !optional_reg(w, d->b_reg, op, "lane argument") || !optional_reg(w, d->c_reg, op, "c") ||
        !optional_reg(w, d->width_reg, op, "width"))
        return WS_ERR_ARG;
    ws_type src = ws_valid_reg_type(w, d->src), dst = ws_valid_reg_type(w, d->dst); /* both checked above */
    if (d->pred_dst.id && !is_shfl(d->kind) && d->kind != WS_COLL_MATCH_ALL)
        return ws_fail(w, WS_ERR_ARG, "%s: has no predicate output (pred_dst is for shuffles and match.all)", op);
    if (d->pred_dst.id && d->pred_dst.id == d->dst.id)
        return ws_fail(w, WS_ERR_ARG, "%s: pred_dst and dst are the same register", op);
    if ((d->kind <= WS_COLL_VOTE_BALLOT && d->kind >= WS_COLL_VOTE_ALL) && ws_type_is_float(src))
        return ws_fail(w, WS_ERR_ARG, "%s: the predicate is %s; compare first (ws_cmp_imm) to get an integer",
                       op, ws_type_name(src));
    if (is_shfl(d->kind)) {
        if (ws_type_is_64bit(src) != ws_type_is_64bit(dst))
            return ws_fail(w, WS_ERR_ARG, "%s: source is %s but destination is %s (widths differ)", op,
                           ws_type_name(src), ws_type_name(dst));
        if ((d->ptx || d->pred_dst.id) && !p->has_ptx)
            return ws_fail(w, WS_ERR_UNSUPPORTED, "%s: raw shfl.sync and its predicate exist only on sm90, not %s",
                           op, p->name);
        if (d->ptx && ws_type_is_64bit(src))
            return ws_fail(w, WS_ERR_ARG, "%s: raw shfl.sync moves 32 bits; the source is %s", op,
                           ws_type_name(src));
    } else if (d->kind == WS_COLL_VOTE_UNI && !p->has_uni) {
        return ws_fail(w, WS_ERR_UNSUPPORTED, "%s: HIP has no __uni_sync (profile %s)", op, p->name);
    } else if (is_redux(d->kind)) {
        if (ws_type_is_float(src))
            return ws_fail(w, WS_ERR_UNSUPPORTED, "%s: no __reduce_*_sync for %s (CUDA has integer forms only)",
                           op, ws_type_name(src));
        if (ws_type_is_64bit(src) && !p->wide_redux)
            return ws_fail(w, WS_ERR_UNSUPPORTED, "%s: %s has no 64-bit __reduce_*_sync", op, p->name);
    }
    return WS_OK;
}

/* Undefined or surprising calls, reported at arrival. */
static void raise_call_diags(ws_warp *w, const ws_coll_desc *d, ws_mask callers, ws_diag_batch *batch)
{
    const char *op = ws_coll_kind_name(d->kind);
    ws_mask not_self = 0, names_gone = 0, gone = 0, not_exec = 0;
    ws_mask not_self_mask = 0, names_gone_mask = 0, not_exec_mask = 0; /* one example mask each */
    /* Operands from the descriptor are the same in every lane: one lane
     * stands for the others, except for "not in its own mask". */
    ws_mask one_each = d->mask_reg.id ? callers : callers & -callers;
    for (ws_mask todo = one_each; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        ws_mask m = w->arrivals[lane].mask;
        if (!ws_lane_in(m, lane)) {
            not_self_mask = not_self ? not_self_mask : m;
            not_self |= ws_bit(lane);
        }
        if (m & w->exited) { /* absent lanes (a partial block) are not reported: the usual idiom */
            names_gone_mask = names_gone ? names_gone_mask : m;
            names_gone |= ws_bit(lane);
            gone |= m & w->exited;
        }
        if (w->profile->mask_is_exec_check && m != callers) {
            not_exec_mask = not_exec ? not_exec_mask : m;
            not_exec |= ws_bit(lane);
        }
    }
    if (!d->mask_reg.id) { /* what the one lane found holds for every caller */
        ws_mask m = w->arrivals[ws_lowest_lane(callers)].mask;
        not_self = callers & ~m;
        not_self_mask = m;
        names_gone = names_gone ? callers : 0;
        not_exec = not_exec ? callers : 0;
    }
    char a[128], b[128];
    if (not_self)
        ws_diag_raise(batch, WS_DIAG_CALLER_NOT_IN_MASK, op, not_self,
                      "%s: %s %s %s not in the mask %s passed (0x%llx); %s still take%s part, as "
                      "converged lanes do on the GPU", op, __builtin_popcountll(not_self) == 1 ? "lane" : "lanes",
                      ws_format_lanes(not_self, a, sizeof a), __builtin_popcountll(not_self) == 1 ? "is" : "are",
                      __builtin_popcountll(not_self) == 1 ? "it" : "they", (unsigned long long)not_self_mask,
                      __builtin_popcountll(not_self) == 1 ? "it" : "they",
                      __builtin_popcountll(not_self) == 1 ? "s" : "");
    if (names_gone)
        ws_diag_raise(batch, WS_DIAG_MASK_NAMES_EXITED, op, names_gone,
                      "%s: %s %s passed mask 0x%llx, which names exited %s %s; %s not "
                      "waited for", op, __builtin_popcountll(names_gone) == 1 ? "lane" : "lanes",
                      ws_format_lanes(names_gone, a, sizeof a), (unsigned long long)names_gone_mask,
                      __builtin_popcountll(gone) == 1 ? "lane" : "lanes", ws_format_lanes(gone, b, sizeof b),
                      __builtin_popcountll(gone) == 1 ? "it is" : "they are");
    if (not_exec)
        ws_diag_raise(batch, WS_DIAG_MASK_NOT_EXEC, op, not_exec,
                      "%s: %s %s passed mask 0x%llx, but the active %s %s (0x%llx); a debug "
                      "HIP build traps", op, __builtin_popcountll(not_exec) == 1 ? "lane" : "lanes",
                      ws_format_lanes(not_exec, a, sizeof a), (unsigned long long)not_exec_mask,
                      __builtin_popcountll(callers) == 1 ? "lane is" : "lanes are",
                      ws_format_lanes(callers, b, sizeof b), (unsigned long long)callers);
    if (is_shfl(d->kind) && !d->ptx) {
        ws_mask bad_width = 0, bad_b = 0;
        bool per_lane = d->width_reg.id || d->b_reg.id;
        for (ws_mask todo = per_lane ? callers : callers & -callers; todo; todo &= todo - 1) {
            int lane = ws_lowest_lane(todo);
            const ws_arrival *arr = &w->arrivals[lane];
            if (!is_pow2_width(arr->width, w->lanes))
                bad_width |= ws_bit(lane);
            if (w->profile->has_ptx && (arr->b & ~UINT32_C(31)))
                bad_b |= ws_bit(lane);
        }
        if (!per_lane) {
            bad_width = bad_width ? callers : 0;
            bad_b = bad_b ? callers : 0;
        }
        if (bad_width)
            ws_diag_raise(batch, WS_DIAG_BAD_WIDTH, op, bad_width,
                          "%s: width %d is not a valid width (a power of two from 1 to %d, the lane count); "
                          "the hardware formula still decides which lane is read",
                          op, w->arrivals[ws_lowest_lane(bad_width)].width, w->lanes);
        if (bad_b)
            ws_diag_raise(batch, WS_DIAG_LANE_ARG_RANGE, op, bad_b,
                          "%s: lane argument %d (%s %s) is outside 0..31; only its bits 4:0 are used",
                          op, (int32_t)w->arrivals[ws_lowest_lane(bad_b)].b,
                          __builtin_popcountll(bad_b) == 1 ? "lane" : "lanes", ws_format_lanes(bad_b, a, sizeof a));
    }
}

/* A shuffle that raise_call_diags would find nothing in and that the
 * rendezvous would execute at once as one call (completes_alone): no lane
 * waits, one mask from the descriptor names every caller, no exited lane
 * and (with a rendezvous) no live lane that is not calling. */
static bool is_whole_shuffle(const ws_warp *w, const ws_coll_desc *d, ws_mask callers)
{
    const ws_profile *p = w->profile;
    ws_mask m = d->mask & w->all;
    if (!is_shfl(d->kind) || d->ptx || d->pred_dst.id || d->mask_reg.id || d->b_reg.id || d->width_reg.id ||
        d->c_reg.id)
        return false;
    if (w->waiting || (callers & ~m) || (m & w->exited) || (p->mask_is_exec_check && m != callers))
        return false;
    if (p->rendezvous && (m & ws_live(w) & ~callers))
        return false;
    return is_pow2_width(d->width, w->lanes) && !(p->has_ptx && ((uint32_t)d->b & ~UINT32_C(31)));
}

/* Records the arrivals of `callers` (one converged call) and lets them
 * meet the rendezvous. */
static ws_status arrive(ws_warp *w, const ws_coll_desc *d, ws_mask callers)
{
    ws_type type = d->src.id ? ws_valid_reg_type(w, d->src) : WS_U32; /* checked in check_desc */
    /* What every lane of the call brings alike; per-lane registers override it. */
    const ws_arrival common = {
        .kind = d->kind, .type = type, .wide = ws_type_is_64bit(type), .mask = d->mask & w->all,
        .b = (uint32_t)d->b, .width = d->width, .ptx = d->ptx, .c = d->c, .dst = d->dst, .pred_dst = d->pred_dst,
        .call = ++w->calls,
    };
    w->last_call_from_desc = !d->mask_reg.id && !d->b_reg.id && !d->width_reg.id && !d->c_reg.id;
    if (is_whole_shuffle(w, d, callers) &&
        ws_shfl_whole_call(w, &common, callers, ws_cell(w, d->src, 0), ws_cell(w, d->dst, 0)))
        return WS_OK;
    for (ws_mask todo = callers; todo; todo &= todo - 1)
        w->arrivals[ws_lowest_lane(todo)] = common;
    if (d->src.id) {
        const uint64_t *cells = ws_cell(w, d->src, 0);
        for (ws_mask todo = callers; todo; todo &= todo - 1) {
            int lane = ws_lowest_lane(todo);
            w->arrivals[lane].value = common.wide ? cells[lane] : (uint32_t)cells[lane];
        }
    }
    for (ws_mask todo = d->mask_reg.id ? callers : 0; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        w->arrivals[lane].mask = *ws_cell(w, d->mask_reg, lane) & w->all;
    }
    for (ws_mask todo = d->b_reg.id ? callers : 0; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        w->arrivals[lane].b = (uint32_t)*ws_cell(w, d->b_reg, lane);
    }
    for (ws_mask todo = d->width_reg.id ? callers : 0; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        w->arrivals[lane].width = (int32_t)*ws_cell(w, d->width_reg, lane);
    }
    for (ws_mask todo = d->c_reg.id ? callers : 0; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        w->arrivals[lane].c = (uint32_t)*ws_cell(w, d->c_reg, lane);
    }
    ws_diag_batch batch; /* not zero-initialised: 16 messages of 400 bytes, filled as raised */
    batch.count = 0;
    raise_call_diags(w, d, callers, &batch);
    if (ws_diag_commit(w, &batch))
        return WS_ERR_UNDEFINED;

    if (!w->profile->rendezvous)
        return ws_rendezvous_execute_now(w, callers);
    return ws_rendezvous_arrive(w, callers);
}

static ws_status check_call(ws_warp *w, const ws_coll_desc *d, const char *func)
{
    if (!w)
        return WS_ERR_ARG;
    if (!d || (unsigned)d->kind >= WS_COLL_KIND_COUNT)
        return ws_fail(w, WS_ERR_ARG, "%s: %s", func, d ? "unknown collective kind" : "no descriptor");
    return WS_OK;
}

ws_status ws_collective(ws_warp *w, const ws_coll_desc *d)
{
    ws_status s = check_call(w, d, "ws_collective");
    if (s != WS_OK)
        return s;
    const char *op = ws_coll_kind_name(d->kind);
    s = ws_begin_statement(w, op, WS_STMT_EXECUTES);
    if (s == WS_OK)
        s = check_desc(w, d, op);
    if (s != WS_OK)
        return s;
    ws_mask callers = ws_executing(w);
    return callers ? arrive(w, d, callers) : WS_OK;
}

ws_status ws_collective_lanes(ws_warp *w, ws_mask lanes, const ws_coll_desc *d)
{
    ws_status s = check_call(w, d, "ws_collective_lanes");
    if (s != WS_OK)
        return s;
    const char *op = ws_coll_kind_name(d->kind);
    if (w->deadlocked)
        return ws_fail(w, WS_ERR_DEADLOCK, "%s: the warp is deadlocked", op);
    ws_mask bad = lanes & ~(ws_live(w) & ~w->waiting);
    if (bad) {
        char buf[200];
        return ws_fail(w, WS_ERR_ARG, "%s: %s %s cannot arrive (absent, exited or already waiting)", op,
                       __builtin_popcountll(bad) == 1 ? "lane" : "lanes", ws_format_lanes(bad, buf, sizeof buf));
    }
    s = check_desc(w, d, op);
    if (s != WS_OK)
        return s;
    return lanes ? arrive(w, d, lanes) : WS_OK;
}

bool ws_shfl_lanes_values(ws_warp *w, ws_mask lanes, const ws_coll_desc *d, ws_type type, const uint64_t *in,
                          uint64_t *out)
{
    /* What ws_collective_lanes and check_desc would refuse, it declines:
     * the caller's ws_collective_lanes then reports it. */
    if (!w || !d || (unsigned)d->kind >= WS_COLL_KIND_COUNT || !in || !out || !lanes ||
        (unsigned)type >= WS_TYPE_COUNT || w->deadlocked ||
        (lanes & ~(ws_live(w) & ~w->waiting)) || d->dst.id || d->src.id || !is_whole_shuffle(w, d, lanes))
        return false;
    const ws_arrival call = {
        .kind = d->kind, .type = type, .wide = ws_type_is_64bit(type), .mask = d->mask & w->all,
        .b = (uint32_t)d->b, .width = d->width, .call = w->calls + 1,
    };
    if (!ws_shfl_whole_call(w, &call, lanes, in, out))
        return false;
    w->calls++; /* as arrive numbers the call */
    w->last_call_from_desc = true;
    return true;
}

/* ---- CUDA-named wrappers ---- */

static ws_status shfl(ws_warp *w, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg src, uint32_t b, int width)
{
    return ws_collective(w, &(ws_coll_desc){.kind = kind, .mask = mask, .dst = dst, .src = src,
                                            .b = (int32_t)b, .width = width});
}

ws_status ws_shfl_idx(ws_warp *w, ws_mask mask, ws_reg dst, ws_reg src, int src_lane, int width)
{
    return shfl(w, WS_COLL_SHFL_IDX, mask, dst, src, (uint32_t)src_lane, width);
}
ws_status ws_shfl_up(ws_warp *w, ws_mask mask, ws_reg dst, ws_reg src, unsigned delta, int width)
{
    return shfl(w, WS_COLL_SHFL_UP, mask, dst, src, delta, width);
}
ws_status ws_shfl_down(ws_warp *w, ws_mask mask, ws_reg dst, ws_reg src, unsigned delta, int width)
{
    return shfl(w, WS_COLL_SHFL_DOWN, mask, dst, src, delta, width);
}
ws_status ws_shfl_xor(ws_warp *w, ws_mask mask, ws_reg dst, ws_reg src, int lane_mask, int width)
{
    return shfl(w, WS_COLL_SHFL_BFLY, mask, dst, src, (uint32_t)lane_mask, width);
}

ws_status ws_shfl_ptx(ws_warp *w, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg pred_dst, ws_reg src,
                      uint32_t b, uint32_t c)
{
    if (w && !is_shfl(kind))
        return ws_fail(w, WS_ERR_ARG, "ws_shfl_ptx: kind %d is not a shuffle", (int)kind);
    return ws_collective(w, &(ws_coll_desc){.kind = kind, .mask = mask, .dst = dst, .src = src,
                                            .pred_dst = pred_dst, .b = (int32_t)b, .ptx = true, .c = c});
}

static ws_status simple(ws_warp *w, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg src)
{
    return ws_collective(w, &(ws_coll_desc){.kind = kind, .mask = mask, .dst = dst, .src = src});
}

ws_status ws_all_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg p) { return simple(w, WS_COLL_VOTE_ALL, m, d, p); }
ws_status ws_any_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg p) { return simple(w, WS_COLL_VOTE_ANY, m, d, p); }
ws_status ws_uni_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg p) { return simple(w, WS_COLL_VOTE_UNI, m, d, p); }
ws_status ws_ballot_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg p) { return simple(w, WS_COLL_VOTE_BALLOT, m, d, p); }
ws_status ws_match_any_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg v) { return simple(w, WS_COLL_MATCH_ANY, m, d, v); }
ws_status ws_match_all_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg pred, ws_reg v)
{
    return ws_collective(w, &(ws_coll_desc){.kind = WS_COLL_MATCH_ALL, .mask = m, .dst = d, .src = v,
                                            .pred_dst = pred});
}
ws_status ws_reduce_add_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg v) { return simple(w, WS_COLL_REDUX_ADD, m, d, v); }
ws_status ws_reduce_min_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg v) { return simple(w, WS_COLL_REDUX_MIN, m, d, v); }
ws_status ws_reduce_max_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg v) { return simple(w, WS_COLL_REDUX_MAX, m, d, v); }
ws_status ws_reduce_and_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg v) { return simple(w, WS_COLL_REDUX_AND, m, d, v); }
ws_status ws_reduce_or_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg v) { return simple(w, WS_COLL_REDUX_OR, m, d, v); }
ws_status ws_reduce_xor_sync(ws_warp *w, ws_mask m, ws_reg d, ws_reg v) { return simple(w, WS_COLL_REDUX_XOR, m, d, v); }

ws_status ws_syncwarp(ws_warp *w, ws_mask mask)
{
    return ws_collective(w, &(ws_coll_desc){.kind = WS_COLL_SYNCWARP, .mask = mask});
}
