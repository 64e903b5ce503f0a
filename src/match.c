/* Match: match.any and match.all (semantics.md 3.3; HIP forms semantics.md 4.4). */
#include "warp_internal.h"

/* CUDA compares bits (b32 or b64); HIP compares with C == on the type. */
static bool values_equal(const ws_profile *p, ws_type t, uint64_t a, uint64_t b)
{
    if (p->match_by_value && t == WS_F32)
        return ws_f32_eq((uint32_t)a, (uint32_t)b);
    if (p->match_by_value && t == WS_F64)
        return ws_f64_eq(a, b);
    return ws_type_is_64bit(t) ? a == b : (uint32_t)a == (uint32_t)b;
}

static bool is_nan(ws_type t, uint64_t v)
{
    return (t == WS_F32 && ws_f32_is_nan((uint32_t)v)) || (t == WS_F64 && ws_f64_is_nan(v));
}

ws_status ws_exec_match(ws_exec *x)
{
    ws_warp *w = x->w;
    const ws_profile *p = w->profile;
    const ws_arrival *first = &x->arrivals[ws_lowest_lane(x->group)];
    ws_type t = first->type;

    if (p->match_by_value && first->kind == WS_COLL_MATCH_ANY) {
        /* HIP's waterfall loop never ends once a NaN lane leads it. */
        ws_mask nan_lanes = 0;
        for (int lane = 0; lane < w->lanes; lane++)
            if (ws_lane_in(x->group, lane) && is_nan(t, x->arrivals[lane].value))
                nan_lanes |= ws_bit(lane);
        if (nan_lanes) {
            char l[100];
            ws_diag d = {.code = WS_DIAG_DEADLOCK, .op = "match.any", .lanes = nan_lanes};
            snprintf(d.message, sizeof d.message,
                     "match.any: lanes %s hold NaN; HIP compares with == and its loop never ends (hang)",
                     ws_format_lanes(nan_lanes, l, sizeof l));
            return ws_warp_hangs(w, &d);
        }
    }

    for (int lane = 0; lane < w->lanes; lane++) {
        if (!ws_lane_in(x->group, lane))
            continue;
        const ws_arrival *a = &x->arrivals[lane];
        ws_mask s = ws_exec_set(x, lane);
        if (a->kind == WS_COLL_MATCH_ANY) {
            ws_mask same = 0;
            for (int k = 0; k < w->lanes; k++)
                if (ws_lane_in(s, k) && values_equal(p, t, x->arrivals[k].value, a->value))
                    same |= ws_bit(k);
            x->result[lane] = same;
            continue;
        }
        /* match.all. HIP: within the lanes sharing this mask, compare with
         * the first of them. CUDA: all of S equal. */
        ws_mask part = s;
        if (p->match_by_value) {
            part = 0;
            for (int k = 0; k < w->lanes; k++)
                if (ws_lane_in(x->group, k) && x->arrivals[k].mask == a->mask)
                    part |= ws_bit(k);
        }
        uint64_t ref = x->arrivals[ws_lowest_lane(part)].value;
        bool all = true;
        for (int k = 0; k < w->lanes; k++)
            if (ws_lane_in(part, k) && !values_equal(p, t, x->arrivals[k].value, ref))
                all = false;
        x->result[lane] = all ? part : 0;
        x->pred[lane] = all;
    }
    return WS_OK;
}
