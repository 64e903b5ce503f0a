/* warpsim: a warp, its profile, its per-lane register files and lane state.
 *
 *     ws_warp *w;
 *     if (ws_warp_create(&(ws_warp_desc){ .profile = WS_PROFILE_SM90 }, &w) != WS_OK) ...
 *     ws_reg v = ws_reg_new(w, "v", WS_I32);
 *     ws_lane_id(w, v);                      // v = lane
 *     ...
 *     ws_warp_destroy(w);
 */
#ifndef WARPSIM_WARP_H
#define WARPSIM_WARP_H

#include "diag.h"
#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The rules that differ between vendors. A profile is a table in
 * src/profile.c, never an `if (amd)` in the operations. */
typedef enum ws_profile_id {
    WS_PROFILE_SM90 = 0, /* NVIDIA Hopper, 32 lanes, measured on an H200 (the default) */
    WS_PROFILE_WAVE64,   /* AMD HIP on a gfx9 64-lane wavefront */
    WS_PROFILE_WAVE32,   /* AMD HIP on a 32-lane wavefront */
    WS_PROFILE_COUNT
} ws_profile_id;

/* "sm90", "wave64", "wave32"; NULL for a bad id. */
WS_API const char *ws_profile_name(ws_profile_id id);
/* Looks a profile up by name; returns WS_ERR_ARG for an unknown name. */
WS_API ws_status ws_profile_from_name(const char *name, ws_profile_id *out);
/* 32 or 64; 0 for a bad id. */
WS_API int ws_profile_lanes(ws_profile_id id);
/* The word a read of a lane that does not take part in a shuffle yields
 * (0 on every profile: measured on the H200 for sm90). 0 for a bad id. */
WS_API uint32_t ws_profile_inactive_read(ws_profile_id id);
/* The lane `lane` reads in a shuffle call (kind WS_COLL_SHFL_*, lane
 * argument b, width) on this profile, by the rule the model applies: PTX
 * shfl.sync fed the c the CUDA headers build (sm90), HIP's arithmetic (the
 * wave profiles). *pred (may be NULL): false where the lane keeps its own
 * value because the source is out of range. -1 for a bad profile, kind or lane. */
WS_API int ws_profile_shfl_source(ws_profile_id id, int kind, int lane, uint32_t b, int32_t width, bool *pred);

/* Configuration: zero for every field gives a full 32-lane sm90 warp. */
typedef struct ws_warp_desc {
    ws_profile_id profile;    /* default WS_PROFILE_SM90 */
    int threads;              /* lanes that exist, 1..lanes; 0 = all. A block of 20 threads
                                 has threads = 20: lanes 20..31 are absent. */
    ws_diag_policy diag_policy; /* default WS_DIAG_POLICY_WARN */
} ws_warp_desc;

typedef struct ws_warp ws_warp;

/* Creates a warp with every existing lane active; desc may be NULL for all
 * defaults (a full 32-lane sm90 warp). On failure *out is NULL
 * and the status says why (WS_ERR_ARG for a bad desc, WS_ERR_NOMEM). */
WS_API ws_status ws_warp_create(const ws_warp_desc *desc, ws_warp **out);
WS_API void ws_warp_destroy(ws_warp *warp);

/* Brings a warp back to the state ws_warp_create gives it, now with
 * `threads` lanes present (0: all), keeping its profile, diagnostic policy
 * and registers (their values are left as they are). Cheaper than
 * destroying and creating one: for a runtime that runs many warps in turn.
 * WS_ERR_ARG for a bad thread count. */
WS_API ws_status ws_warp_restart(ws_warp *warp, int threads);

/* The message of the last failed call on this warp ("" if none yet); a
 * later successful call does not clear it. */
WS_API const char *ws_warp_error(const ws_warp *warp);

/* Queries on a NULL warp return WS_PROFILE_COUNT, 0 or an empty mask. */
WS_API ws_profile_id ws_warp_profile(const ws_warp *warp);
WS_API int ws_warp_lanes(const ws_warp *warp);

/* ---- Registers ---------------------------------------------------------
 * Every lane has a 64-bit cell per register. A register has a name (for
 * traces) and a type (how values are printed and how wide a shuffle is). */

/* Allocates a register, zero in every lane. Returns the no-register value
 * (WS_NO_REG: ws_reg_is_set() is false, id 0) on failure (bad type, out of
 * memory, more than WS_MAX_REGS); ws_warp_error says why. The handles of one
 * warp are distinct: ids 1, 2, 3, ... in allocation order. */
#define WS_MAX_REGS 4096
WS_API ws_reg ws_reg_new(ws_warp *warp, const char *name, ws_type type);
WS_API int ws_reg_count(const ws_warp *warp);
WS_API const char *ws_reg_name(const ws_warp *warp, ws_reg reg);   /* NULL if not a register */
WS_API ws_type ws_reg_type(const ws_warp *warp, ws_reg reg);       /* WS_TYPE_COUNT if not a register */

/* Direct access to one lane's cell, whatever the lane's state (this is
 * the host's view, not a lane executing code). Setters of 32-bit views
 * clear the high word; ws_set_bits stores the 64 bits as given, and every
 * operation on a 32-bit register ignores its high word. Getters return 0
 * for a bad register or lane; setters return WS_ERR_ARG. */
WS_API ws_status ws_set_bits(ws_warp *warp, ws_reg reg, int lane, uint64_t bits);
WS_API uint64_t ws_get_bits(const ws_warp *warp, ws_reg reg, int lane);
/* The same for every lane of `lanes` at once: bits[lane] for each lane in
 * the mask (the array is indexed by lane; other entries are not touched).
 * WS_ERR_ARG for a bad register or a lane the warp does not have. */
WS_API ws_status ws_set_bits_lanes(ws_warp *warp, ws_reg reg, ws_mask lanes, const uint64_t *bits);
WS_API ws_status ws_get_bits_lanes(const ws_warp *warp, ws_reg reg, ws_mask lanes, uint64_t *bits);
WS_API ws_status ws_set_u32(ws_warp *warp, ws_reg reg, int lane, uint32_t value);
WS_API ws_status ws_set_i32(ws_warp *warp, ws_reg reg, int lane, int32_t value);
WS_API ws_status ws_set_f32(ws_warp *warp, ws_reg reg, int lane, float value);
WS_API ws_status ws_set_u64(ws_warp *warp, ws_reg reg, int lane, uint64_t value);
WS_API ws_status ws_set_i64(ws_warp *warp, ws_reg reg, int lane, int64_t value);
WS_API ws_status ws_set_f64(ws_warp *warp, ws_reg reg, int lane, double value);
WS_API uint32_t ws_get_u32(const ws_warp *warp, ws_reg reg, int lane);
WS_API int32_t ws_get_i32(const ws_warp *warp, ws_reg reg, int lane);
WS_API float ws_get_f32(const ws_warp *warp, ws_reg reg, int lane);
WS_API uint64_t ws_get_u64(const ws_warp *warp, ws_reg reg, int lane);
WS_API int64_t ws_get_i64(const ws_warp *warp, ws_reg reg, int lane);
WS_API double ws_get_f64(const ws_warp *warp, ws_reg reg, int lane);

/* ---- Lane state ---------------------------------------------------------
 * absent:  the lane does not exist (threads < lanes); never changes.
 * exited:  the lane has returned (ws_exit); never comes back.
 * active:  the current execution mask (top of the divergence stack).
 * waiting: the lane has arrived at a collective that has not completed.
 * A statement executes in the lanes that are active and not waiting. */
WS_API ws_mask ws_lanes_present(const ws_warp *warp);  /* all lanes minus absent */
WS_API ws_mask ws_lanes_exited(const ws_warp *warp);
WS_API ws_mask ws_lanes_active(const ws_warp *warp);
WS_API ws_mask ws_lanes_waiting(const ws_warp *warp);
/* __activemask(): the current mask minus exited lanes. */
WS_API ws_mask ws_activemask_value(const ws_warp *warp);

#ifdef __cplusplus
}
#endif
#endif
