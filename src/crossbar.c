/* The crossbar: the only code that moves data between lanes. */
#include "warp_internal.h"

ws_mask ws_crossbar_move32(const ws_profile *p, ws_mask readers, ws_mask participants,
                           const int source[WS_MAX_LANES], const uint32_t in[WS_MAX_LANES],
                           uint32_t out[WS_MAX_LANES])
{
    /* `in` is a snapshot taken before the operation and `out` a separate
     * buffer, so every source is read before any destination is written. */
    ws_mask bad = 0;
    for (ws_mask todo = readers & ws_low_lanes(p->lanes); todo; todo &= todo - 1) {
        int d = ws_lowest_lane(todo);
        int s = source[d];
        if (s == WS_NO_SOURCE)
            continue; /* nothing moves to this lane */
        if (s >= 0 && s < p->lanes && ws_lane_in(participants, s)) {
            out[d] = in[s];
        } else {
            out[d] = p->inactive_read;
            bad |= ws_bit(d);
        }
    }
    return bad;
}

void ws_crossbar_gather64(ws_mask readers, const int source[WS_MAX_LANES], const uint64_t *in, uint64_t keep,
                          uint64_t *out)
{
    if (readers == UINT32_MAX) { /* a whole 32-lane warp: a fixed loop, four lanes a step */
        for (int d = 0; d < 32; d += 4) {
            out[d] = in[source[d]] & keep;
            out[d + 1] = in[source[d + 1]] & keep;
            out[d + 2] = in[source[d + 2]] & keep;
            out[d + 3] = in[source[d + 3]] & keep;
        }
        return;
    }
    for (ws_mask todo = readers; todo; todo &= todo - 1) {
        int d = ws_lowest_lane(todo);
        out[d] = in[source[d]] & keep;
    }
}
