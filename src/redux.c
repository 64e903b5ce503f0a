/* Reduce: __reduce_{add,min,max,and,or,xor}_sync on integers (semantics.md 3.4).
 * Exact integer operations, so the order does not matter. */
#include "warp_internal.h"

static uint64_t combine(ws_coll_kind kind, ws_type t, uint64_t acc, uint64_t v)
{
    bool wide = ws_type_is_64bit(t);
    bool is_signed = t == WS_I32 || t == WS_I64;
    /* Sign-extend 32-bit signed values so one 64-bit comparison serves. */
    int64_t sa = wide ? (int64_t)acc : (int64_t)(int32_t)(uint32_t)acc;
    int64_t sv = wide ? (int64_t)v : (int64_t)(int32_t)(uint32_t)v;
    switch (kind) {
    case WS_COLL_REDUX_ADD: return acc + v;
    case WS_COLL_REDUX_MIN: return is_signed ? (sv < sa ? v : acc) : (v < acc ? v : acc);
    case WS_COLL_REDUX_MAX: return is_signed ? (sv > sa ? v : acc) : (v > acc ? v : acc);
    case WS_COLL_REDUX_AND: return acc & v;
    case WS_COLL_REDUX_OR: return acc | v;
    case WS_COLL_REDUX_XOR:
    default: return acc ^ v;
    }
}

ws_status ws_exec_redux(ws_exec *x)
{
    const ws_warp *w = x->w;
    for (int lane = 0; lane < w->lanes; lane++) {
        if (!ws_lane_in(x->group, lane))
            continue;
        const ws_arrival *a = &x->arrivals[lane];
        ws_mask s = ws_exec_set(x, lane);
        bool started = false;
        uint64_t acc = 0;
        for (int k = 0; k < w->lanes; k++) {
            if (!ws_lane_in(s, k))
                continue;
            uint64_t v = x->arrivals[k].value;
            acc = started ? combine(a->kind, a->type, acc, v) : v;
            started = true;
        }
        x->result[lane] = ws_type_is_64bit(a->type) ? acc : (uint32_t)acc;
    }
    return WS_OK;
}
