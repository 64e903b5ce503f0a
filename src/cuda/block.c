/* One block on one OS thread: its threads are fibers; a warp's lanes run
 * until each stops at a sync point, then the stopped call sites go to the
 * model one by one, lowest (file, line) first (docs/cuda-frontend.md,
 * "Which lanes are converged"). Collectives are arrivals at the model's
 * rendezvous (ws_collective_lanes); __syncthreads is the block's own. */
#define _GNU_SOURCE /* sigjmp_buf, MAP_ANONYMOUS with -std=c17 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cuda_internal.h"
#include "floatcast.h"

__thread const ws_cuda_thread_ctx *ws_cuda_ctx_ __attribute__((tls_model("initial-exec")));

static wc_lane *lane_of(wc_block *b, int warp, int lane) { return &b->warp[warp].lanes[lane]; }

void wc_lane_exit(wc_lane *l)
{
    l->in_runtime = 1;
    wc_progress(l->block);
    wc_stop(l, WC_DONE);
    wc_fiber_switch(l->fiber, wc_next_fiber(l));
    abort(); /* a finished fiber is never resumed */
}

static void lane_main(void *arg)
{
    wc_lane *l = arg;
    l->in_runtime = 0;
    l->block->launch->kernel(l->block->launch->args);
    wc_lane_exit(wc_current_lane());
}

/* Each lane of the chain `lanes` switches to the next when it stops, the
 * last to the scheduler. A converged warp runs the same chain call after
 * call, so this is rarely done twice in a row. */
static void link_chain(wc_block *b, wc_warp *wp, ws_mask lanes)
{
    wc_lane *prev = &wp->lanes[__builtin_ctzll(lanes)];
    if (!(lanes & (lanes + (lanes & -lanes)))) { /* consecutive lanes, the usual chain */
        for (wc_lane *end = prev + __builtin_popcountll(lanes) - 1; prev < end; prev++) {
            prev->next_ctx = &prev[1].ctx;
            prev->next_fiber = prev[1].fiber;
        }
    } else {
        for (ws_mask todo = lanes & (lanes - 1); todo; todo &= todo - 1) {
            wc_lane *l = &wp->lanes[__builtin_ctzll(todo)];
            prev->next_ctx = &l->ctx;
            prev->next_fiber = l->fiber;
            prev = l;
        }
    }
    prev->next_ctx = NULL;
    prev->next_fiber = &b->host;
    wp->chain = lanes;
}

/* Runs lane l, the lowest runnable lane of its warp, and, chained, the
 * runnable lanes after it; when the chain comes back, all have stopped. */
static void resume(wc_block *b, wc_lane *l)
{
    if (l->wp->chain != l->wp->in[WC_RUNNABLE])
        link_chain(b, l->wp, l->wp->in[WC_RUNNABLE]);
    ws_cuda_ctx_ = &l->ctx;
    wc_fiber_switch(&b->host, l->fiber);
    l->wp->in[WC_RUNNABLE] = 0; /* see wc_stop */
}

void wc_block_fail(wc_block *b, ws_status s, const char *msg)
{
    if (b->status == WS_OK) {
        b->status = s;
        snprintf(b->error, sizeof b->error, "%.*s", (int)sizeof b->error - 1, msg);
    }
}

/* ---- warps on the model ---- */

bool wc_warps_create(wc_warp *warps, int count, int threads, ws_diag_policy policy)
{
    for (int w = 0; w < count; w++) {
        wc_warp *wp = &warps[w];
        int left = threads - w * WC_WARP;
        ws_warp_desc d = {.profile = WS_PROFILE_SM90, .threads = left < WC_WARP ? left : 0, .diag_policy = policy};
        if (ws_warp_create(&d, &wp->model) != WS_OK)
            return false;
        for (int t = 0; t < WS_TYPE_COUNT; t++) {
            wp->src[t] = ws_reg_new(wp->model, "src", (ws_type)t);
            wp->dst[t] = ws_reg_new(wp->model, "dst", (ws_type)t);
        }
        wp->pred = ws_reg_new(wp->model, "pred", WS_U32);
        wp->mask = ws_reg_new(wp->model, "mask", WS_U32);
        wp->b = ws_reg_new(wp->model, "b", WS_U32);
        wp->width = ws_reg_new(wp->model, "width", WS_I32);
        if (!wp->width.id)
            return false;
    }
    return true;
}

void wc_warps_destroy(wc_warp *warps, int count)
{
    for (int w = 0; w < count; w++) {
        ws_warp_destroy(warps[w].model);
        warps[w].model = NULL;
        free(warps[w].check_vc);
        warps[w].check_vc = NULL;
    }
}

/* A warp of the launch's pool starts a new block. */
static void warp_restart(wc_block *b, int w)
{
    wc_warp *wp = &b->warp[w];
    int threads = b->threads - w * WC_WARP;
    ws_warp_restart(wp->model, threads < WC_WARP ? threads : 0);
    wp->present = ws_lanes_present(wp->model);
    wp->exited = 0;
    wp->diags_seen = 0;
    wp->lanes = &b->lanes[w * WC_WARP];
    wp->sites_differ = wp->operands_differ = false;
    wp->odd_nan = 0;
    wp->chain = 0; /* the lanes' links are the last block's */
    memset(wp->in, 0, sizeof wp->in);
    wp->in[WC_RUNNABLE] = wp->present;
    if (wc_check_tools & WC_CHECK_RACECHECK)
        wc_check_warp_restart(wp);
}

/* The model's new diagnostics, with each lane's call site added. */
static void take_model_diags(wc_block *b, int w)
{
    wc_warp *wp = &b->warp[w];
    size_t count = ws_diag_count(wp->model);
    for (; wp->diags_seen < count; wp->diags_seen++) {
        const ws_diag *d = ws_diag_get(wp->model, wp->diags_seen);
        char where[256];
        wc_describe_sites(b, w, d->lanes, where, sizeof where);
        wc_diag_add(b, d->code, w, d->lanes, where, "%s", d->message);
    }
}

/* Lanes whose collective completed take their results and run again.
 * call_lanes: the lanes of the one call just given to the model (0: none);
 * the model's diagnostics from diags_before on were raised by it. */
static void wake_completed(wc_block *b, int w, ws_mask call_lanes, size_t diags_before)
{
    wc_warp *wp = &b->warp[w];
    ws_mask completed = wp->in[WC_IN_MODEL] & ~ws_lanes_waiting(wp->model);
    if (!completed)
        return;
    /* Lanes of two call sites can complete together (the two-branch
     * exchange), with different types: one bulk read per type. Results
     * wait in wp->result for the lanes to pick up. */
    for (ws_mask todo = completed; todo;) {
        const wc_call *c = &lane_of(b, w, __builtin_ctzll(todo))->call;
        int op = wc_call_op(c);
        ws_type type = wc_call_type(c);
        ws_mask same = 0;
        if (todo == call_lanes) /* the usual case: the call just made, alone */
            same = todo;
        else
            for (ws_mask t = todo; t; t &= t - 1) {
                const wc_call *lc = &lane_of(b, w, __builtin_ctzll(t))->call;
                if (wc_call_op(lc) == op && wc_call_type(lc) == type)
                    same |= t & -t;
            }
        todo &= ~same;
        if (op != WS_COLL_SYNCWARP)
            ws_get_bits_lanes(wp->model, wp->dst[type], same, wp->result);
        if (op == WS_COLL_MATCH_ALL) { /* the predicate goes back in bit 32 (ws_cuda_sync_) */
            uint64_t pred[WC_WARP];
            ws_get_bits_lanes(wp->model, wp->pred, same, pred);
            for (ws_mask t = same; t; t &= t - 1) {
                int lane = __builtin_ctzll(t);
                wp->result[lane] = (uint32_t)wp->result[lane] | (uint64_t)(pred[lane] != 0) << 32;
            }
        }
        if (b->trace_warps >> w & 1) { /* WARPSIM_TRACE: a step when a collective completes, with its lanes */
            wc_trace_site(b, w, c, same, diags_before);
            diags_before = ws_diag_count(wp->model);
        }
    }
    if (wp->check_vc) /* a checked program: the lanes that met are ordered */
        wc_check_warp_synced(wp, completed);
    wc_move_lanes(wp, completed, WC_RUNNABLE);
}

static bool after_model(wc_block *b, int w, ws_mask call_lanes, ws_status s)
{
    size_t diags_before = b->warp[w].diags_seen;
    take_model_diags(b, w);
    if (s < 0) {
        char msg[600];
        snprintf(msg, sizeof msg, "block (%u,%u,%u) warp %d: %s", b->idx.x, b->idx.y, b->idx.z, w,
                 ws_warp_error(b->warp[w].model));
        wc_block_fail(b, s, msg);
        return false;
    }
    wake_completed(b, w, call_lanes, diags_before);
    return true;
}

/* ---- sites ---- */

/* By file, then line, op and type: the order of the packed site word. */
static int site_cmp(const wc_call *a, const wc_call *c)
{
    int f = a->file == c->file ? 0 : strcmp(a->file, c->file);
    if (f)
        return f;
    return a->site == c->site ? 0 : (a->site < c->site ? -1 : 1);
}

/* The lanes stopped at the lowest call site of the warp. */
static ws_mask lowest_site(wc_block *b, int w)
{
    if (!b->warp[w].sites_differ)
        return b->warp[w].in[WC_AT_SITE];
    const wc_call *best = NULL;
    ws_mask group = 0;
    for (ws_mask todo = b->warp[w].in[WC_AT_SITE]; todo; todo &= todo - 1) {
        int lane = __builtin_ctzll(todo);
        const wc_call *c = &lane_of(b, w, lane)->call;
        if (best && c->site == best->site && c->file == best->file) {
            group |= (ws_mask)1 << lane; /* the usual case: the same site as the best so far */
            continue;
        }
        int order = best ? site_cmp(c, best) : -1;
        if (order < 0) {
            best = c;
            group = 0;
        }
        if (order <= 0)
            group |= (ws_mask)1 << lane;
    }
    return group;
}

/* The lanes of `group` leave their site; the staged facts go with the last. */
static void leave_sites(wc_warp *wp, ws_mask group, wc_state to)
{
    wp->odd_nan &= ~group;
    wc_move_lanes(wp, group, to);
    if (!wp->in[WC_AT_SITE])
        wp->sites_differ = wp->operands_differ = false;
}

/* Masks, lane arguments and widths that differ between the lanes of a call. */
static void set_lane_operands(wc_block *b, int w, ws_mask group)
{
    wc_warp *wp = &b->warp[w];
    uint64_t mask[WC_WARP], lane_b[WC_WARP], width[WC_WARP];
    for (ws_mask todo = group; todo; todo &= todo - 1) {
        int lane = __builtin_ctzll(todo);
        const wc_call *lc = &lane_of(b, w, lane)->call;
        mask[lane] = lc->mask;
        lane_b[lane] = (uint32_t)wc_call_b(lc);
        width[lane] = (uint32_t)wc_call_width(lc);
    }
    ws_set_bits_lanes(wp->model, wp->mask, group, mask);
    ws_set_bits_lanes(wp->model, wp->b, group, lane_b);
    ws_set_bits_lanes(wp->model, wp->width, group, width);
}

/* The lanes of `group` (one call site) execute their call together. */
static bool run_site(wc_block *b, int w, ws_mask group)
{
    wc_warp *wp = &b->warp[w];
    wc_progress(b);
    const wc_call *c = &lane_of(b, w, __builtin_ctzll(group))->call;
    int op = wc_call_op(c);
    ws_type type = wc_call_type(c);
    if (op == WS_CUDA_OP_PRINTF) { /* one call of the converged lanes: their lines in lane order */
        for (ws_mask todo = group; todo; todo &= todo - 1) {
            int lane = __builtin_ctzll(todo);
            char *text = (char *)(uintptr_t)wp->value[lane];
            bool ok = wc_block_print(b, text);
            free(text);
            wp->value[lane] = 0;
            if (!ok) {
                wc_block_fail(b, WS_ERR_NOMEM, "out of memory for device printf output");
                return false;
            }
        }
        leave_sites(wp, group, WC_RUNNABLE);
        return true;
    }
    bool traced = b->trace_warps >> w & 1;
    if (op == WS_CUDA_OP_ACTIVEMASK) {
        for (ws_mask todo = group; todo; todo &= todo - 1)
            wp->result[__builtin_ctzll(todo)] = (uint32_t)group;
        if (traced)
            wc_trace_site(b, w, c, group, ws_diag_count(wp->model));
        leave_sites(wp, group, WC_RUNNABLE);
        return true;
    }
    /* Operands every lane of the group passes alike go in the descriptor;
     * only values that differ between lanes need per-lane registers. */
    bool same_mask = true, same_b = true, same_width = true;
    if (wp->sites_differ || wp->operands_differ) {
        for (ws_mask todo = group; todo; todo &= todo - 1) {
            const wc_call *lc = &lane_of(b, w, __builtin_ctzll(todo))->call;
            same_mask &= lc->mask == c->mask;
            same_b &= wc_call_b(lc) == wc_call_b(c);
            same_width &= wc_call_width(lc) == wc_call_width(c);
        }
    }
    bool from_desc = same_mask && same_b && same_width;
    /* A shuffle with its operands in the descriptor may go to the model
     * with its values in place (ws_shfl_lanes_values): no registers, and
     * no record of which lane read which, so not in a traced warp. */
    bool values = from_desc && op <= WS_COLL_SHFL_BFLY && !traced;
    ws_mask odd_nan = wp->odd_nan & group;
    if (!values)
        ws_set_bits_lanes(wp->model, wp->src[type], group, wp->value);
    if (!from_desc)
        set_lane_operands(b, w, group);
    leave_sites(wp, group, WC_IN_MODEL);
    if (odd_nan && b->launch->desc.diag_policy != WS_DIAG_POLICY_IGNORE) {
        char where[256];
        wc_describe_sites(b, w, odd_nan, where, sizeof where);
        wc_diag_add(b, WS_DIAG_NAN_PAYLOAD, w, odd_nan, where,
                    "%s: lanes bring f32 NaNs other than 0x7FFFFFFF (e.g. 0x%08X); an H200 gives 0x7FFFFFFF for "
                    "every NaN its arithmetic makes, the CPU keeps or makes other payloads, so a NaN computed "
                    "in the kernel may have other bits than on the GPU",
                    ws_coll_cuda_name((ws_coll_kind)op), (unsigned)wp->value[__builtin_ctzll(odd_nan)]);
        if (b->launch->desc.diag_policy == WS_DIAG_POLICY_ERROR) {
            wc_block_fail(b, WS_ERR_UNDEFINED, "an f32 NaN with a CPU payload entered a collective (--diag error)");
            return false;
        }
    }
    bool sync = op == WS_COLL_SYNCWARP;
    ws_coll_desc d = {.kind = (ws_coll_kind)op,
                      .mask = c->mask,
                      .mask_reg = from_desc ? WS_NO_REG : wp->mask,
                      .pred_dst = op == WS_COLL_MATCH_ALL ? wp->pred : WS_NO_REG,
                      .b = wc_call_b(c),
                      .b_reg = sync || from_desc ? WS_NO_REG : wp->b,
                      .width = wc_call_width(c),
                      .width_reg = from_desc ? WS_NO_REG : wp->width};
    if (values) {
        if (ws_shfl_lanes_values(wp->model, group, &d, type, wp->value, wp->result)) {
            if (wp->check_vc)
                wc_check_warp_synced(wp, group);
            wc_move_lanes(wp, group, WC_RUNNABLE); /* nothing to report, nobody waits */
            return true;
        }
        ws_set_bits_lanes(wp->model, wp->src[type], group, wp->value); /* the general path reports it */
    }
    if (!sync) {
        d.dst = wp->dst[type];
        d.src = wp->src[type];
    }
    return after_model(b, w, group, ws_collective_lanes(wp->model, group, &d));
}

/* Runs the warp until none of its lanes can go on without the others of
 * the block (a barrier) or the model. Returns whether anything happened. */
static bool warp_step(wc_block *b, int w)
{
    wc_warp *wp = &b->warp[w];
    bool moved = false;
    for (;;) {
        if (wp->in[WC_RUNNABLE]) { /* each stopping lane hands over to the next runnable one */
            resume(b, lane_of(b, w, __builtin_ctzll(wp->in[WC_RUNNABLE])));
            moved = true;
            continue;
        }
        if (wp->in[WC_STEPPED]) { /* lockstep: every lane has made its access; the next one */
            wc_move_lanes(wp, wp->in[WC_STEPPED], WC_RUNNABLE);
            continue;
        }
        ws_mask done = wp->in[WC_DONE] & ~wp->exited;
        if (done) {
            wp->exited |= done;
            if (!after_model(b, w, 0, ws_exit_lanes(wp->model, done)))
                return true;
            continue;
        }
        ws_mask group = lowest_site(b, w);
        if (!group)
            return moved;
        if (!run_site(b, w, group))
            return true;
        moved = true;
    }
}

/* ---- __syncthreads ---- */

static void release_barrier(wc_block *b)
{
    wc_progress(b);
    /* One plain __syncthreads() call, the usual case, has no predicates to
     * count and nothing that differs: the warps' masks say it all. */
    const wc_call *first = b->bar_first;
    bool plain = first && !b->bar_mixed && wc_call_b(first) == 0;
    b->bar_first = NULL;
    b->bar_mixed = false;
    int kind = first ? wc_call_b(first) : 0, count = 0, taking = 0;
    bool mixed_kind = false, mixed_site = false;
    for (int w = 0; w < b->warps; w++) {
        wc_warp *wp = &b->warp[w];
        ws_mask at = wp->in[WC_AT_BARRIER];
        taking += __builtin_popcountll(at);
        for (ws_mask todo = plain ? 0 : at; todo; todo &= todo - 1) {
            int lane = __builtin_ctzll(todo);
            const wc_call *c = &wp->lanes[lane].call;
            count += wp->value[lane] != 0;
            if (!first) {
                first = c;
                kind = wc_call_b(c);
            } else if (c->site != first->site || c->file != first->file || wc_call_b(c) != kind) {
                mixed_kind |= wc_call_b(c) != kind;
                mixed_site |= site_cmp(c, first) != 0;
            }
        }
    }
    int exited = b->threads - taking;
    const char *name = kind == WC_BAR_GRID ? "grid.sync()" : "__syncthreads";
    ws_diag_policy policy = b->launch->desc.diag_policy;
    char said[1200] = ""; /* for a traced warp's step */
    if ((exited || mixed_site || mixed_kind) && policy != WS_DIAG_POLICY_IGNORE) {
        char where[256], text[600];
        wc_describe_sites(b, -1, 0, where, sizeof where);
        if (exited) {
            snprintf(text, sizeof text,
                     "%s: %d of the block's %d threads had returned without reaching it; the "
                     "barrier completed with the %d that wait (undefined behaviour in CUDA)",
                     name, exited, b->threads, taking);
            wc_diag_add(b, WS_DIAG_BARRIER_EXITED, -1, 0, where, "%s", text);
            snprintf(said, sizeof said, "%s", text);
        }
        if (mixed_site || mixed_kind) {
            snprintf(text, sizeof text,
                     "%s: the block's threads wait at different barrier calls; they meet as one "
                     "barrier (as bar.sync 0 does), which CUDA leaves undefined", name);
            wc_diag_add(b, WS_DIAG_BARRIER_SITES, -1, 0, where, "%s", text);
            size_t n = strlen(said);
            snprintf(said + n, sizeof said - n, "%s%s", n ? "\n" : "", text);
        }
        if (policy == WS_DIAG_POLICY_ERROR) {
            wc_block_fail(b, WS_ERR_UNDEFINED, "a barrier that part of the block did not reach (--diag error)");
            return;
        }
    }
    for (int w = 0; w < b->warps; w++) {
        wc_warp *wp = &b->warp[w];
        ws_mask at = wp->in[WC_AT_BARRIER];
        for (ws_mask todo = plain ? 0 : at; todo; todo &= todo - 1) { /* __syncthreads() returns nothing */
            int lane = __builtin_ctzll(todo);
            switch (wc_call_b(&wp->lanes[lane].call)) {
            case 1: wp->result[lane] = (uint64_t)count; break;
            case 2: wp->result[lane] = count == taking; break;
            case 3: wp->result[lane] = count > 0; break;
            default: wp->result[lane] = 0; break;
            }
        }
        if (at && b->trace_warps >> w & 1)
            wc_trace_barrier(b, w, at, kind, said[0] ? said : NULL,
                             exited ? WS_DIAG_BARRIER_EXITED : WS_DIAG_BARRIER_SITES);
        wc_move_lanes(wp, at, WC_RUNNABLE);
    }
    if (wc_check_tools)
        wc_check_barrier(b);
}

/* Whether a thread of the block waits at grid.sync() (a cooperative launch:
 * the block is suspended until every block has arrived, coop.c). */
static bool at_grid_barrier(const wc_block *b)
{
    for (int w = 0; w < b->warps; w++)
        for (ws_mask todo = b->warp[w].in[WC_AT_BARRIER]; todo; todo &= todo - 1)
            if (wc_call_b(&b->warp[w].lanes[__builtin_ctzll(todo)].call) == WC_BAR_GRID)
                return true;
    return false;
}

static void report_block_deadlock(wc_block *b)
{
    char where[256];
    wc_describe_sites(b, -1, 0, where, sizeof where);
    wc_diag_add(b, WS_DIAG_DEADLOCK, -1, 0, where,
                "no thread of the block can go on: threads wait at __syncthreads while lanes of their warps "
                "wait in collectives for them (or in collectives that other threads never reach)");
    wc_block_fail(b, WS_ERR_DEADLOCK, "deadlock: the block's threads wait for each other (see the diagnostic)");
}

/* ---- the block ---- */

static void block_setup(wc_block *b, wc_fiber *fibers)
{
    const ws_cuda_launch_desc *d = &b->launch->desc;
    ws_cuda_uint3 tid = {0, 0, 0}; /* thread t's index, counted up (no divisions per thread) */
    for (int t = 0; t < b->threads; t++) {
        wc_lane *l = &b->lanes[t];
        /* Field by field: l->call is written at every sync point before it is read. */
        l->block = b;
        l->wp = &b->warp[t / WC_WARP];
        l->warp = t / WC_WARP;
        l->lane = t % WC_WARP;
        l->bit = (ws_mask)1 << l->lane;
        l->fiber = &fibers[t];
        l->ctx.thread_idx = tid;
        if (++tid.x == d->block.x) {
            tid.x = 0;
            if (++tid.y == d->block.y) {
                tid.y = 0;
                tid.z++;
            }
        }
        l->ctx.block_idx = b->idx;
        l->ctx.block_dim = d->block;
        l->ctx.grid_dim = d->grid;
        l->in_runtime = 1;
        l->check_quiet = 0;
        l->check_clock = 1;
        wc_fiber_prepare(l->fiber, lane_main, l);
    }
    for (int w = 0; w < b->warps; w++)
        warp_restart(b, w);
}

/* A block that ends early (a trap, a deadlock) may leave lanes waiting at
 * a printf with their formatted text. */
static void drop_pending_printf(wc_block *b)
{
    for (int w = 0; w < b->warps; w++) {
        wc_warp *wp = &b->warp[w];
        for (ws_mask todo = wp->in[WC_AT_SITE]; todo; todo &= todo - 1) {
            int lane = __builtin_ctzll(todo);
            if (wc_call_op(&lane_of(b, w, lane)->call) == WS_CUDA_OP_PRINTF) {
                free((char *)(uintptr_t)wp->value[lane]);
                wp->value[lane] = 0;
            }
        }
    }
}

void wc_block_start(wc_block *b, wc_fiber *fibers)
{
    b->status = WS_OK;
    b->asserted = false;
    b->at_grid = false;
    b->bar_first = NULL;
    b->bar_mixed = false;
    b->clock = 0;
    b->trace_warps = wc_trace_warps(b->launch, b->linear, b->warps);
    /* fibers made in the block's float mode (ucontext's keep the mode they were made in) */
    unsigned mode = b->launch->desc.ftz ? ws_fp_mode_set_ftz(1) : 0;
    block_setup(b, fibers);
    if (b->launch->desc.ftz)
        ws_fp_mode_restore(mode);
    wc_shared_block_start(b);
    if (wc_check_tools) {
        b->check.window = wc_shared_window();
        b->check.window_span = WC_SHARED_WINDOW + (size_t)sysconf(_SC_PAGESIZE);
        b->check.cells = wc_shared_cells();
        wc_check_block_start(b);
    }
}

static bool block_continue(wc_block *b)
{
    if (sigsetjmp(b->trap_jump, 1)) { /* trap.c: a thread trapped; the block ends here */
        ws_cuda_ctx_ = NULL;
        ws_cuda_atomic_busy_ = 0; /* a trap in an atomic's read or write */
        wc_trap_report(b);
        wc_trap_report_divisions(b);
        wc_floatcast_report(b);
        drop_pending_printf(b);
        if (wc_check_tools)
            wc_check_block_end(b);
        wc_shared_block_end(b);
        return false;
    }
    if (b->at_grid) { /* every block has reached grid.sync(): it completes */
        b->at_grid = false;
        release_barrier(b);
    }
    for (;;) {
        if (b->status != WS_OK)
            break;
        bool moved = false;
        for (int w = 0; w < b->warps && b->status == WS_OK; w++)
            moved |= warp_step(b, w);
        if (b->status != WS_OK)
            break;
        if (moved)
            continue;
        /* Threads paused while they spun run again once every warp has had its turn. */
        bool paused = false;
        for (int w = 0; w < b->warps; w++)
            if (b->warp[w].in[WC_PAUSED]) {
                wc_move_lanes(&b->warp[w], b->warp[w].in[WC_PAUSED], WC_RUNNABLE);
                paused = true;
            }
        if (paused)
            continue;
        int at_barrier = 0, live = 0;
        for (int w = 0; w < b->warps; w++) {
            live += __builtin_popcountll(b->warp[w].present & ~b->warp[w].in[WC_DONE]);
            at_barrier += __builtin_popcountll(b->warp[w].in[WC_AT_BARRIER]);
        }
        if (!live)
            break;
        if (at_barrier == live) {
            if (b->launch->desc.cooperative && at_grid_barrier(b)) {
                b->at_grid = true;
                return true; /* suspended: the shared window stays as it is for coop.c to save */
            }
            release_barrier(b);
            continue;
        }
        report_block_deadlock(b);
        break;
    }
    if (b->status == WS_OK && b->asserted) { /* assert.c: the threads that failed one have ended */
        b->status = WS_ERR_TRAP;
        b->fault = WS_CUDA_FAULT_ASSERT;
        snprintf(b->error, sizeof b->error, "device-side assert triggered (%s)", b->assert_first);
    }
    if (wc_check_tools) /* memcheck stopped threads: the launch fails, as under compute-sanitizer */
        wc_check_block_end(b);
    wc_trap_report_divisions(b);
    wc_floatcast_report(b);
    drop_pending_printf(b);
    wc_shared_block_end(b);
    return false;
}

/* The block's threads run with the host's flush-to-zero mode on when the
 * kernel was built with -ftz=true (its float operations flush subnormals);
 * the OS thread's mode is back as it was when they stop. */
bool wc_block_continue(wc_block *b)
{
    if (!b->launch->desc.ftz)
        return block_continue(b);
    unsigned mode = ws_fp_mode_set_ftz(1);
    bool waits = block_continue(b);
    ws_fp_mode_restore(mode);
    return waits;
}

void wc_block_run(wc_block *b, wc_fiber *fibers)
{
    wc_block_start(b, fibers);
    (void)wc_block_continue(b);
}
