/* Structured divergence (if / else / loops), exit and __activemask(). */
#include "warp_internal.h"

static ws_status push(ws_warp *w, ws_frame_kind kind, ws_mask taken, const char *func)
{
    if (w->depth >= WS_MAX_NESTING)
        return ws_fail(w, WS_ERR_STATE, "%s: more than %d nested ifs and loops", func, WS_MAX_NESTING);
    w->stack[w->depth++] = (ws_frame){
        .kind = kind, .entry = w->active, .else_lanes = w->active & ~taken, .in_else = false};
    w->active &= taken;
    return WS_OK;
}

static ws_mask nonzero_lanes(ws_warp *w, ws_reg cond)
{
    ws_mask m = 0;
    for (int lane = 0; lane < w->lanes; lane++)
        if (ws_lane_in(w->active, lane) && ws_typed_value(w, cond, lane) != 0)
            m |= ws_bit(lane);
    return m;
}

ws_status ws_if(ws_warp *w, ws_reg cond)
{
    ws_status s = ws_begin_statement(w, "ws_if", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if (!ws_check_cond(w, cond, "ws_if"))
        return WS_ERR_ARG;
    return push(w, WS_FRAME_IF, nonzero_lanes(w, cond), "ws_if");
}

ws_status ws_if_lanes(ws_warp *w, ws_mask lanes)
{
    ws_status s = ws_begin_statement(w, "ws_if_lanes", WS_STMT_EXECUTES);
    return s != WS_OK ? s : push(w, WS_FRAME_IF, lanes, "ws_if_lanes");
}

static ws_frame *top(ws_warp *w, ws_frame_kind kind)
{
    return (w->depth > 0 && w->stack[w->depth - 1].kind == kind) ? &w->stack[w->depth - 1] : NULL;
}

ws_status ws_else(ws_warp *w)
{
    ws_status s = ws_begin_statement(w, "ws_else", WS_STMT_STRUCTURAL);
    if (s != WS_OK)
        return s;
    ws_frame *f = top(w, WS_FRAME_IF);
    if (!f || f->in_else)
        return ws_fail(w, WS_ERR_STATE, "ws_else: no open ws_if (or a second ws_else)");
    f->in_else = true;
    w->active = f->else_lanes & ~w->exited;
    return WS_OK;
}

ws_status ws_end_if(ws_warp *w)
{
    ws_status s = ws_begin_statement(w, "ws_end_if", WS_STMT_STRUCTURAL);
    if (s != WS_OK)
        return s;
    ws_frame *f = top(w, WS_FRAME_IF);
    if (!f)
        return ws_fail(w, WS_ERR_STATE, "ws_end_if: no open ws_if");
    w->active = f->entry & ~w->exited;
    w->depth--;
    return WS_OK;
}

ws_status ws_loop_begin(ws_warp *w)
{
    ws_status s = ws_begin_statement(w, "ws_loop_begin", WS_STMT_EXECUTES);
    return s != WS_OK ? s : push(w, WS_FRAME_LOOP, w->active, "ws_loop_begin");
}

int ws_loop_while(ws_warp *w, ws_reg cond)
{
    ws_status s = ws_begin_statement(w, "ws_loop_while", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if (!top(w, WS_FRAME_LOOP))
        return ws_fail(w, WS_ERR_STATE, "ws_loop_while: no open ws_loop_begin (close inner ifs first)");
    if (!ws_check_cond(w, cond, "ws_loop_while"))
        return WS_ERR_ARG;
    w->active = nonzero_lanes(w, cond);
    return __builtin_popcountll(w->active);
}

ws_status ws_loop_break(ws_warp *w)
{
    ws_status s = ws_begin_statement(w, "ws_loop_break", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    int loop = w->depth - 1;
    while (loop >= 0 && w->stack[loop].kind != WS_FRAME_LOOP)
        loop--;
    if (loop < 0)
        return ws_fail(w, WS_ERR_STATE, "ws_loop_break: no open ws_loop_begin");
    /* Gone from the loop body and from every if inside it; the loop's own
     * entry mask keeps them for ws_loop_end. */
    ws_mask leaving = ws_executing(w);
    for (int i = loop + 1; i < w->depth; i++) {
        w->stack[i].entry &= ~leaving;
        w->stack[i].else_lanes &= ~leaving;
    }
    w->active &= ~leaving;
    return WS_OK;
}

ws_status ws_loop_end(ws_warp *w)
{
    ws_status s = ws_begin_statement(w, "ws_loop_end", WS_STMT_STRUCTURAL);
    if (s != WS_OK)
        return s;
    ws_frame *f = top(w, WS_FRAME_LOOP);
    if (!f)
        return ws_fail(w, WS_ERR_STATE, "ws_loop_end: no open ws_loop_begin");
    w->active = f->entry & ~w->exited;
    w->depth--;
    return WS_OK;
}

static ws_status exit_lanes(ws_warp *w, ws_mask leaving)
{
    w->exited |= leaving;
    w->active &= ~leaving;
    for (int i = 0; i < w->depth; i++) {
        w->stack[i].entry &= ~leaving;
        w->stack[i].else_lanes &= ~leaving;
    }
    /* A collective waiting for these lanes may now be complete. */
    return ws_rendezvous_settle(w, 0);
}

ws_status ws_exit(ws_warp *w)
{
    ws_status s = ws_begin_statement(w, "ws_exit", WS_STMT_EXECUTES);
    return s != WS_OK ? s : exit_lanes(w, ws_executing(w));
}

ws_status ws_exit_lanes(ws_warp *w, ws_mask lanes)
{
    if (!w)
        return WS_ERR_ARG;
    if (w->deadlocked)
        return ws_fail(w, WS_ERR_DEADLOCK, "ws_exit_lanes: the warp is deadlocked");
    ws_mask bad = lanes & ~(ws_live(w) & ~w->waiting);
    if (bad) {
        char buf[200];
        return ws_fail(w, WS_ERR_ARG, "ws_exit_lanes: lanes %s cannot exit (absent, exited or waiting)",
                       ws_format_lanes(bad, buf, sizeof buf));
    }
    return exit_lanes(w, lanes);
}

ws_status ws_warp_finish(ws_warp *w)
{
    if (!w)
        return WS_ERR_ARG;
    if (w->deadlocked)
        return ws_fail(w, WS_ERR_DEADLOCK, "ws_warp_finish: the warp is deadlocked");
    w->active = 0;
    w->depth = 0;
    /* Lanes released by a completing collective run on to the end and exit
     * too, which may complete more collectives. */
    ws_status first_error = WS_OK;
    while (ws_live(w) && !w->deadlocked) {
        w->exited |= ws_live(w) & ~w->waiting;
        ws_status s = ws_rendezvous_settle(w, 0);
        if (s < 0 && first_error == WS_OK)
            first_error = s; /* e.g. undefined behaviour under the error policy: go on exiting */
    }
    return w->deadlocked ? WS_ERR_DEADLOCK : first_error;
}

ws_status ws_activemask(ws_warp *w, ws_reg dst)
{
    ws_status s = ws_begin_statement(w, "ws_activemask", WS_STMT_EXECUTES);
    if (s != WS_OK)
        return s;
    if (!ws_check_reg(w, dst, "ws_activemask", "destination"))
        return WS_ERR_ARG;
    uint64_t value = ws_narrow(ws_reg_type(w, dst), ws_activemask_value(w));
    for (int lane = 0; lane < w->lanes; lane++)
        if (ws_lane_in(w->active, lane))
            *ws_cell(w, dst, lane) = value;
    return WS_OK;
}
