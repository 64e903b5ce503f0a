/* The profiles: one row of rules per vendor target. */
#include <string.h>

#include "warp_internal.h"

static const ws_profile profiles[WS_PROFILE_COUNT] = {
    [WS_PROFILE_SM90] = {
        .id = WS_PROFILE_SM90, .name = "sm90", .lanes = 32,
        .rendezvous = true, .has_ptx = true, .hi_word_first = true,
        .mask_is_exec_check = false, .match_by_value = false, .all_needs_whole_mask = false,
        .has_uni = true, .wide_redux = false, .set_by_mask_value = true,
        .inactive_read = 0, /* measured on an H200: semantics.md 7 */
        .shfl_sources = ws_nvidia_shfl_sources,
    },
    [WS_PROFILE_WAVE64] = {
        .id = WS_PROFILE_WAVE64, .name = "wave64", .lanes = 64,
        .rendezvous = false, .has_ptx = false, .hi_word_first = false,
        .mask_is_exec_check = true, .match_by_value = true, .all_needs_whole_mask = true,
        .has_uni = false, .wide_redux = true,
        .inactive_read = 0, /* ds_bpermute: EXEC gates the source read (semantics.md 4.1) */
        .shfl_sources = ws_hip_shfl_sources,
    },
    [WS_PROFILE_WAVE32] = {
        .id = WS_PROFILE_WAVE32, .name = "wave32", .lanes = 32,
        .rendezvous = false, .has_ptx = false, .hi_word_first = false,
        .mask_is_exec_check = true, .match_by_value = true, .all_needs_whole_mask = true,
        .has_uni = false, .wide_redux = true,
        .inactive_read = 0,
        .shfl_sources = ws_hip_shfl_sources,
    },
};

const ws_profile *ws_profile_get(ws_profile_id id)
{
    return (unsigned)id < WS_PROFILE_COUNT ? &profiles[id] : NULL;
}

const char *ws_profile_name(ws_profile_id id)
{
    const ws_profile *p = ws_profile_get(id);
    return p ? p->name : NULL;
}

int ws_profile_lanes(ws_profile_id id)
{
    const ws_profile *p = ws_profile_get(id);
    return p ? p->lanes : 0;
}

uint32_t ws_profile_inactive_read(ws_profile_id id)
{
    const ws_profile *p = ws_profile_get(id);
    return p ? p->inactive_read : 0;
}

int ws_profile_shfl_source(ws_profile_id id, int kind, int lane, uint32_t b, int32_t width, bool *pred)
{
    const ws_profile *p = ws_profile_get(id);
    if (!p || kind < WS_COLL_SHFL_IDX || kind > WS_COLL_SHFL_BFLY || lane < 0 || lane >= p->lanes)
        return -1;
    ws_arrival arrivals[WS_MAX_LANES]; /* the profile's rule reads the operands of an arrival */
    arrivals[lane] = (ws_arrival){.kind = (ws_coll_kind)kind, .b = b, .width = width};
    int source[WS_MAX_LANES];
    uint32_t p_out[WS_MAX_LANES];
    p->shfl_sources(p, arrivals, ws_bit(lane), true, source, p_out);
    if (pred)
        *pred = p_out[lane] != 0;
    return source[lane];
}

ws_status ws_profile_from_name(const char *name, ws_profile_id *out)
{
    if (!name || !out)
        return WS_ERR_ARG;
    for (int i = 0; i < WS_PROFILE_COUNT; i++) {
        if (strcmp(profiles[i].name, name) == 0) {
            *out = (ws_profile_id)i;
            return WS_OK;
        }
    }
    return WS_ERR_ARG;
}
