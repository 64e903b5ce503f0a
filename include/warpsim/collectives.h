/* warpsim: the _sync collectives: shuffles, vote, match, reduce, syncwarp.
 *
 * A collective is a rendezvous (semantics.md 2.3 and 7). Each executing
 * lane *arrives* with its operands (its own mask, value, lane argument and
 * destination register). The collective completes when every non-exited
 * lane named in the mask has arrived at a collective of the same kind with
 * the same mask, possibly from another branch; it then executes once,
 * through the crossbar, for all lanes that arrived. Until then the call
 * returns WS_PENDING and its lanes are *waiting*: they take no part in
 * other statements. If every live lane waits and nothing can complete, the
 * call returns WS_ERR_DEADLOCK and a WS_DIAG_DEADLOCK diagnostic says which
 * lanes wait in which collective. A call where every lane passes the same
 * mask and every live lane it names is active completes at once; a call
 * whose lanes pass different masks runs as sub-groups, one per mask (see
 * docs/model.md).
 *
 * On the wave profiles (AMD lanes do not progress independently) a
 * collective always executes at once over the active lanes; the mask is
 * only checked (a debug HIP build traps when it differs from EXEC).
 *
 * CUDA                                        warpsim
 *   t = __shfl_down_sync(full, v, 16);          ws_shfl_down(w, WS_FULL32, t, v, 16, 32);
 *   b = __ballot_sync(full, p);                 ws_ballot_sync(w, WS_FULL32, b, p);
 *   s = __reduce_add_sync(full, x);             ws_reduce_add_sync(w, WS_FULL32, s, x);
 *
 * The width of a shuffled value is its source register's type: 64-bit
 * types move as two 32-bit words through the same source lane. */
#ifndef WARPSIM_COLLECTIVES_H
#define WARPSIM_COLLECTIVES_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ws_warp ws_warp;

typedef enum ws_coll_kind {
    WS_COLL_SHFL_IDX = 0, /* __shfl_sync        / shfl.sync.idx  */
    WS_COLL_SHFL_UP,      /* __shfl_up_sync     / shfl.sync.up   */
    WS_COLL_SHFL_DOWN,    /* __shfl_down_sync   / shfl.sync.down */
    WS_COLL_SHFL_BFLY,    /* __shfl_xor_sync    / shfl.sync.bfly */
    WS_COLL_VOTE_ALL,     /* __all_sync    -> u32 0 or 1 */
    WS_COLL_VOTE_ANY,     /* __any_sync    -> u32 0 or 1 */
    WS_COLL_VOTE_UNI,     /* __uni_sync    -> u32 0 or 1 */
    WS_COLL_VOTE_BALLOT,  /* __ballot_sync -> lane mask */
    WS_COLL_MATCH_ANY,    /* __match_any_sync -> lane mask */
    WS_COLL_MATCH_ALL,    /* __match_all_sync -> lane mask, predicate */
    WS_COLL_REDUX_ADD,    /* __reduce_add_sync (wrapping) */
    WS_COLL_REDUX_MIN,    /* signed for i32/i64, unsigned for u32/u64 */
    WS_COLL_REDUX_MAX,
    WS_COLL_REDUX_AND,
    WS_COLL_REDUX_OR,
    WS_COLL_REDUX_XOR,
    WS_COLL_SYNCWARP,     /* __syncwarp */
    WS_COLL_KIND_COUNT
} ws_coll_kind;

/* "shfl.idx", "vote.ballot", "redux.add", "syncwarp", ...; NULL if bad. */
WS_API const char *ws_coll_kind_name(ws_coll_kind kind);
/* The CUDA name: "__shfl_sync", "__ballot_sync", ...; NULL if bad. */
WS_API const char *ws_coll_cuda_name(ws_coll_kind kind);
/* The PTX instruction: "shfl.sync.bfly", "vote.sync.ballot", "redux.sync.add",
 * "bar.warp.sync", ...; NULL if bad. */
WS_API const char *ws_coll_ptx_name(ws_coll_kind kind);

/* The general form. Zero-initialise and set what the kind needs: a register
 * field left zero (WS_NO_REG, id 0) means "no register". */
typedef struct ws_coll_desc {
    ws_coll_kind kind;
    ws_mask mask;      /* the membermask of every arriving lane ...          */
    ws_reg mask_reg;   /* ... or, if set, each lane's own mask from this register */
    ws_reg dst;        /* result register (all kinds but syncwarp)           */
    ws_reg src;        /* value / predicate register (all kinds but syncwarp) */
    ws_reg pred_dst;   /* predicate out: shfl (ptx only), match.all; WS_NO_REG = none */
    /* Shuffles. */
    int32_t b;         /* srcLane, delta or laneMask, as bits ...            */
    ws_reg b_reg;      /* ... or, if set, per lane from this register         */
    int32_t width;     /* intrinsic width, used as given (pass 32 for the default) */
    bool ptx;          /* sm90 only: raw shfl.sync, c below instead of width  */
    uint32_t c;        /* raw PTX c operand ...                               */
    ws_reg c_reg;      /* ... or, if set, per lane from this register         */
    ws_reg width_reg;  /* if set, each lane's width from this register (instead of width) */
} ws_coll_desc;

WS_API ws_status ws_collective(ws_warp *warp, const ws_coll_desc *desc);

/* For front ends that run every lane on its own (the CUDA front end,
 * include/warpsim/cuda.h): the lanes `lanes` arrive at a collective as one
 * converged call, whatever the structured-control state (ws_if etc. are
 * not used). They must be live and not waiting already. The rendezvous,
 * diagnostics and deadlock detection are those of ws_collective. */
WS_API ws_status ws_collective_lanes(ws_warp *warp, ws_mask lanes, const ws_coll_desc *desc);
/* The same for a shuffle whose values a front end keeps outside the model:
 * in[lane] (of type `type`) in, out[lane] out; the descriptor names no
 * register (dst, src and every *_reg 0). It is taken only when it is a
 * whole converged call with nothing undefined in it (one mask naming
 * exactly `lanes`, no lane waiting, a valid width, every lane reading a
 * caller): then out[] is written for `lanes`, the warp is left as
 * ws_collective_lanes would leave it (ws_last_shuffle_reads included) and
 * it returns true. Otherwise it changes nothing and returns false, and the
 * caller makes the call through ws_collective_lanes. */
WS_API bool ws_shfl_lanes_values(ws_warp *warp, ws_mask lanes, const ws_coll_desc *desc, ws_type type,
                                 const uint64_t *in, uint64_t *out);

/* ---- Shuffles (CUDA intrinsics; HIP formulas on the wave profiles) ---- */
WS_API ws_status ws_shfl_idx(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg src, int src_lane, int width);
WS_API ws_status ws_shfl_up(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg src, unsigned delta, int width);
WS_API ws_status ws_shfl_down(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg src, unsigned delta, int width);
WS_API ws_status ws_shfl_xor(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg src, int lane_mask, int width);

/* Raw PTX: shfl.sync.<mode>.b32 dst|pred_dst, src, b, c, mask (sm90 only).
 * kind is one of the four WS_COLL_SHFL_*; pred_dst may be WS_NO_REG. */
WS_API ws_status ws_shfl_ptx(ws_warp *warp, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg pred_dst,
                      ws_reg src, uint32_t b, uint32_t c);

/* ---- Vote: pred is a register; a lane votes true when its value is non-zero
 *      (the low 32 bits for a 32-bit register type, all 64 otherwise) ---- */
WS_API ws_status ws_all_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg pred);
WS_API ws_status ws_any_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg pred);
WS_API ws_status ws_uni_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg pred);
WS_API ws_status ws_ballot_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg pred);

/* ---- Match: sm90 compares bits (b32 or b64 by the register's type); the
 *      wave profiles compare with C == on the type (so -0 matches +0). ---- */
WS_API ws_status ws_match_any_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg value);
WS_API ws_status ws_match_all_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg pred_dst, ws_reg value);

/* ---- Reduce: i32/u32 (and i64/u64 on the wave profiles) ---- */
WS_API ws_status ws_reduce_add_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg value);
WS_API ws_status ws_reduce_min_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg value);
WS_API ws_status ws_reduce_max_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg value);
WS_API ws_status ws_reduce_and_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg value);
WS_API ws_status ws_reduce_or_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg value);
WS_API ws_status ws_reduce_xor_sync(ws_warp *warp, ws_mask mask, ws_reg dst, ws_reg value);

/* ---- What the last shuffle read, lane by lane (for traces) ---- */
typedef enum ws_read_kind {
    WS_READ_NONE = 0, /* the lane did not take part in that shuffle */
    WS_READ_LANE,     /* it read lane `source` (its own lane when the formula names it) */
    WS_READ_OWN,      /* out of range: the formula fell back to the lane's own value */
    WS_READ_INACTIVE  /* `source` did not take part (inactive, exited, absent): the
                         lane got the profile's inactive-read word (0 on sm90) */
} ws_read_kind;

typedef struct ws_lane_read {
    ws_read_kind kind;
    int source;        /* the lane the formula named; -1 for WS_READ_NONE */
} ws_lane_read;

/* Copies what each lane read in the most recent shuffle this warp executed
 * into reads[0 .. lanes). Returns how many shuffles the warp has executed
 * so far (0: none yet, and every entry is WS_READ_NONE), so a caller can
 * tell whether a new one ran. A 64-bit shuffle counts once when both words
 * move together. */
WS_API uint64_t ws_last_shuffle_reads(const ws_warp *warp, ws_lane_read reads[64]);

/* ---- __syncwarp(mask) ---- */
WS_API ws_status ws_syncwarp(ws_warp *warp, ws_mask mask);

#ifdef __cplusplus
}
#endif
#endif
