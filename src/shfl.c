/* Executing a shuffle: each lane's source from the profile's formula
 * (shfl_formula.c), the data through the crossbar (crossbar.c). */
#include <string.h>

#include "warp_internal.h"

void ws_raise_bad_reads(ws_exec *x, const char *op, ws_mask bad, const int source[WS_MAX_LANES])
{
    const ws_warp *w = x->w;
    /* Three classes, one diagnostic each: readers and the lanes they read. */
    ws_mask readers[3] = {0}, sources[3] = {0};
    for (int lane = 0; lane < w->lanes; lane++) {
        if (!ws_lane_in(bad, lane))
            continue;
        int s = source[lane];
        int cls = !ws_lane_in(w->present, s) ? 0 : ws_lane_in(w->exited, s) ? 1 : 2;
        readers[cls] |= ws_bit(lane);
        sources[cls] |= ws_bit(s);
    }
    static const ws_diag_code codes[3] = {WS_DIAG_ABSENT_SOURCE, WS_DIAG_EXITED_SOURCE,
                                          WS_DIAG_INACTIVE_SOURCE};
    static const char *const what[3] = {"absent", "exited", "inactive"};
    for (int cls = 0; cls < 3; cls++) {
        if (!readers[cls])
            continue;
        char r[100], s[100];
        bool one_reader = __builtin_popcountll(readers[cls]) == 1, one_source = __builtin_popcountll(sources[cls]) == 1;
        ws_diag_raise(&x->diags, codes[cls], op, readers[cls],
                      "%s: %s %s %s %s %s %s, which %s not take part; the %s rule gives %s 0x%x", op,
                      one_reader ? "lane" : "lanes", ws_format_lanes(readers[cls], r, sizeof r),
                      one_reader ? "reads" : "read", what[cls], one_source ? "lane" : "lanes",
                      ws_format_lanes(sources[cls], s, sizeof s), one_source ? "does" : "do", w->profile->name,
                      one_reader ? "it" : "them", w->profile->inactive_read);
    }
}

/* Keeps what each lane read, for ws_last_shuffle_reads (traces). */
static void record_reads(ws_warp *w, ws_mask group, const int source[WS_MAX_LANES],
                         const uint32_t pred[WS_MAX_LANES], ws_mask bad)
{
    w->last_group = group;
    w->last_bad = bad;
    if (source != w->last_source[w->last_set]) { /* not already there (ws_shfl_whole_call) */
        memcpy(w->last_source[w->last_set], source, sizeof w->last_source[0]);
        memcpy(w->last_pred[w->last_set], pred, sizeof w->last_pred[0]);
    }
    w->shuffles_executed++;
}

uint64_t ws_last_shuffle_reads(const ws_warp *warp, ws_lane_read reads[64])
{
    if (!reads)
        return 0;
    for (int lane = 0; lane < WS_MAX_LANES; lane++) {
        ws_lane_read *r = &reads[lane];
        if (!warp || !ws_lane_in(warp->last_group, lane)) {
            *r = (ws_lane_read){WS_READ_NONE, -1};
            continue;
        }
        r->source = warp->last_source[warp->last_set][lane];
        r->kind = ws_lane_in(warp->last_bad, lane)                  ? WS_READ_INACTIVE
                  : !warp->last_pred[warp->last_set][lane] && r->source == lane ? WS_READ_OWN
                                                                : WS_READ_LANE;
    }
    return warp ? warp->shuffles_executed : 0;
}

ws_status ws_exec_shfl(ws_exec *x)
{
    ws_warp *w = x->w;
    const ws_profile *p = w->profile;
    const ws_arrival *first = &x->arrivals[ws_lowest_lane(x->group)];
    const char *op = ws_coll_kind_name(first->kind);
    int source[WS_MAX_LANES];
    ws_mask not_in_mask = 0;

    /* Only the group's lanes are read below: the arrays are not cleared. */
    ws_mask wide = 0, second = 0;
    p->shfl_sources(p, x->arrivals, x->group, x->one_call, source, x->pred);
    for (ws_mask todo = x->group; todo; todo &= todo - 1) {
        int lane = ws_lowest_lane(todo);
        const ws_arrival *a = &x->arrivals[lane];
        int s = source[lane];
        if (s != lane && ws_lane_in(x->group, s) && !ws_lane_in(a->mask, s))
            not_in_mask |= ws_bit(lane);
        if (a->wide)
            wide |= ws_bit(lane);
        if (a->second_word)
            second |= ws_bit(lane);
    }

    /* 64-bit values move as two 32-bit words through the same source lane
     * (CUDA: high word first; HIP: low word first). When every lane moves
     * a 64-bit value, both words go now, as two back-to-back shuffles of the
     * same lanes do. Otherwise (a 32-bit shuffle paired with 64-bit ones
     * from another branch) each lane moves its current word, and 64-bit
     * lanes at their first word wait again for the second. */
    bool both_words_now = wide == x->group && second == 0;
    int passes = both_words_now ? 2 : 1;
    int first_shift = p->hi_word_first ? 32 : 0;
    ws_mask bad = 0;
    for (int pass = 0; pass < passes; pass++) {
        int shift[WS_MAX_LANES];
        uint32_t in[WS_MAX_LANES], out[WS_MAX_LANES];
        for (ws_mask todo = x->group; todo; todo &= todo - 1) {
            int lane = ws_lowest_lane(todo);
            bool at_second = pass == 1 || ws_lane_in(second, lane);
            shift[lane] = !ws_lane_in(wide, lane) ? 0 : at_second ? 32 - first_shift : first_shift;
            in[lane] = (uint32_t)(x->arrivals[lane].value >> shift[lane]);
        }
        bad |= ws_crossbar_move32(p, x->group, x->group, source, in, out);
        for (ws_mask todo = x->group; todo; todo &= todo - 1) {
            int lane = ws_lowest_lane(todo);
            x->result[lane] |= (uint64_t)out[lane] << shift[lane];
        }
    }
    if (!both_words_now) {
        x->again = wide & ~second;
        for (ws_mask todo = second; todo; todo &= todo - 1)
            x->result[ws_lowest_lane(todo)] |= x->arrivals[ws_lowest_lane(todo)].first_word;
    }

    record_reads(x->w, x->group, source, x->pred, bad);
    if (bad)
        ws_raise_bad_reads(x, op, bad, source);
    if (not_in_mask) {
        char r[100];
        ws_diag_raise(&x->diags, WS_DIAG_SOURCE_NOT_IN_MASK, op, not_in_mask,
                      "%s: lanes %s read lanes that take part but are not in their mask (undefined; the "
                      "value moved as on converged hardware)", op, ws_format_lanes(not_in_mask, r, sizeof r));
    }
    return WS_OK;
}

bool ws_shfl_whole_call(ws_warp *w, const ws_arrival *call, ws_mask callers, const uint64_t *in, uint64_t *out)
{
    const ws_profile *p = w->profile;
    int next = !w->last_set; /* the sources go straight to the reads kept for ws_last_shuffle_reads */
    int *source = w->last_source[next];
    uint32_t *pred = w->last_pred[next];
    w->arrivals[ws_lowest_lane(callers)] = *call; /* the formula reads a one_call's operands there */
    p->shfl_sources(p, w->arrivals, callers, true, source, pred);
    ws_mask outside = 0;
    if (callers == UINT32_MAX && w->lanes == 32) { /* a whole 32-lane warp: one source is out of range when
                                                     * the OR of all (as unsigned) is, a loop that vectorises */
        unsigned any = 0;
        for (int lane = 0; lane < 32; lane++)
            any |= (unsigned)source[lane];
        outside = any >= 32u;
    } else if (callers == w->all) { /* every lane calls: any lane in range takes part */
        for (int lane = 0; lane < w->lanes; lane++)
            outside |= (unsigned)source[lane] >= (unsigned)w->lanes;
    } else {
        for (ws_mask todo = callers; todo; todo &= todo - 1) {
            int s = source[ws_lowest_lane(todo)];
            outside |= (unsigned)s >= (unsigned)w->lanes || !ws_lane_in(callers, s);
        }
    }
    if (outside)
        return false;
    /* Both words of a 64-bit value come from the one source lane, so the
     * two 32-bit moves of the general path are one 64-bit move here. */
    uint64_t keep = call->wide ? ~UINT64_C(0) : UINT32_MAX;
    if (in != out) {
        ws_crossbar_gather64(callers, source, in, keep, out);
    } else {
        uint64_t moved[WS_MAX_LANES];
        ws_crossbar_gather64(callers, source, in, keep, moved);
        for (ws_mask todo = callers; todo; todo &= todo - 1)
            out[ws_lowest_lane(todo)] = moved[ws_lowest_lane(todo)];
    }
    w->last_set = next;
    record_reads(w, callers, source, pred, 0);
    return true;
}
