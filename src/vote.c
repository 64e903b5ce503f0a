/* Vote: all, any, uni, ballot (semantics.md 3.1; HIP forms semantics.md 4.4). */
#include "warp_internal.h"

ws_status ws_exec_vote(ws_exec *x)
{
    const ws_warp *w = x->w;
    ws_mask ballot = 0; /* every lane that arrived and votes true */
    for (int lane = 0; lane < w->lanes; lane++)
        if (ws_lane_in(x->group, lane) && x->arrivals[lane].value != 0)
            ballot |= ws_bit(lane);

    for (int lane = 0; lane < w->lanes; lane++) {
        if (!ws_lane_in(x->group, lane))
            continue;
        const ws_arrival *a = &x->arrivals[lane];
        ws_mask s = ws_exec_set(x, lane);
        ws_mask yes = ballot & s;
        uint64_t r = 0;
        switch (a->kind) {
        case WS_COLL_VOTE_ALL:
            /* HIP: (ballot & m) == m, so a named lane that is not active
             * makes __all_sync false. */
            r = w->profile->all_needs_whole_mask ? (ballot & a->mask) == a->mask : yes == s;
            break;
        case WS_COLL_VOTE_ANY: r = yes != 0; break;
        case WS_COLL_VOTE_UNI: r = yes == 0 || yes == s; break;
        case WS_COLL_VOTE_BALLOT:
        default: r = yes; break;
        }
        x->result[lane] = r;
    }
    return WS_OK;
}
