/* Vote: all, any, uni, ballot (spec 3.1; HIP forms spec 4.4). */
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
        /* CUDA: S = the non-exited lanes named in the mask, all of which
         * have arrived. HIP: (ballot & m) == m, so a named lane that is not
         * active makes __all_sync false. */
        ws_mask s = w->profile->all_needs_whole_mask ? a->mask : (a->mask & x->group);
        ws_mask yes = ballot & a->mask;
        uint64_t r = 0;
        switch (a->kind) {
        case WS_COLL_VOTE_ALL: r = (yes & s) == s; break;
        case WS_COLL_VOTE_ANY: r = yes != 0; break;
        case WS_COLL_VOTE_UNI: r = yes == 0 || (yes & s) == s; break;
        case WS_COLL_VOTE_BALLOT:
        default: r = yes; break;
        }
        x->result[lane] = r;
    }
    return WS_OK;
}
