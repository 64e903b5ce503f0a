/* warpsim: diagnostics for undefined behaviour.
 *
 * Undefined behaviour is always computed the way the profile's hardware does
 * it (for sm90: what an H200 was measured to do) and, unless the policy is
 * WS_DIAG_POLICY_IGNORE, also reported as a ws_diag. */
#ifndef WARPSIM_DIAG_H
#define WARPSIM_DIAG_H

#include <stddef.h>
#include <stdio.h>

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum ws_diag_code {
    WS_DIAG_CALLER_NOT_IN_MASK = 1, /* a lane called a _sync collective with a mask without its own bit */
    WS_DIAG_INACTIVE_SOURCE,        /* a lane read a lane that is alive but not taking part */
    WS_DIAG_EXITED_SOURCE,          /* a lane read a lane that has exited */
    WS_DIAG_ABSENT_SOURCE,          /* a lane read a lane that does not exist (partial block) */
    WS_DIAG_SOURCE_NOT_IN_MASK,     /* a lane read a lane that takes part but is not in the reader's mask */
    WS_DIAG_MASK_NAMES_EXITED,      /* a mask names exited lanes (absent lanes of a partial block are
                                       not reported: a full mask there is the usual idiom) */
    WS_DIAG_MASK_NOT_EXEC,          /* HIP: mask differs from the active lanes (a debug HIP build traps) */
    WS_DIAG_BAD_WIDTH,              /* width not a power of two in [1, lanes] */
    WS_DIAG_LANE_ARG_RANGE,         /* srcLane/delta/laneMask uses bits the hardware ignores */
    WS_DIAG_DEADLOCK,               /* every live lane waits; names which lanes wait where */
    WS_DIAG_F64_NAN_PAIR,           /* an f64 add/sub/mul/min/max met two NaNs with different payloads:
                                       which survives is the operand order the compiler gave the
                                       instruction (docs/conformance.md); the model keeps the first */
    /* Raised by the CUDA front end (include/warpsim/cuda.h), which runs each thread on its own: */
    WS_DIAG_NAN_PAYLOAD,            /* an f32 NaN other than the GPU's 0x7FFFFFFF entered a collective: if
                                       kernel arithmetic made it, the CPU's payload differs from the GPU's */
    WS_DIAG_BARRIER_EXITED,         /* __syncthreads completed while threads of the block had exited
                                       without reaching it */
    WS_DIAG_BARRIER_SITES,          /* threads met at __syncthreads calls at different places */
    WS_DIAG_STACK_OVERFLOW,         /* a thread overflowed its stack (the launch fails) */
    WS_DIAG_TRAP,                   /* a thread trapped: bad memory access, __trap() */
    WS_DIAG_INT_DIVISION,           /* an integer division by zero or of the minimum by -1: the GPU's
                                       quotient and remainder, where the CPU traps */
    WS_DIAG_FLOAT_CAST,             /* a float or double cast to an integer type that cannot hold it
                                       (NaN, infinite, out of range): the GPU saturates */
    WS_DIAG_CODE_COUNT
} ws_diag_code;

typedef enum ws_diag_policy {
    WS_DIAG_POLICY_WARN = 0, /* default: collect diagnostics, the operation completes */
    WS_DIAG_POLICY_IGNORE,   /* collect nothing, the operation completes */
    WS_DIAG_POLICY_ERROR     /* the operation fails with WS_ERR_UNDEFINED and changes no register.
                                For ws_exit and ws_warp_finish the lanes exit anyway; a collective
                                their exit completes writes nothing and they return the error. */
} ws_diag_policy;

typedef struct ws_diag {
    ws_diag_code code;
    const char *op;    /* the operation: ws_coll_kind_name(), e.g. "shfl.down", "vote.ballot";
                          "rendezvous" for a deadlock */
    ws_mask lanes;     /* the lanes involved (the readers, the callers, the waiting lanes) */
    char message[400]; /* one readable sentence, starting with the operation */
} ws_diag;

typedef struct ws_warp ws_warp;

/* Diagnostics collected so far (in the order they were raised). At most
 * WS_DIAG_MAX are kept; ws_diag_dropped() counts the rest. A pointer from
 * ws_diag_get stays valid until the next call on the warp that can raise a
 * diagnostic, or ws_diag_clear. */
#define WS_DIAG_MAX 4096
WS_API size_t ws_diag_count(const ws_warp *warp);
WS_API const ws_diag *ws_diag_get(const ws_warp *warp, size_t index);
WS_API size_t ws_diag_dropped(const ws_warp *warp);
WS_API void ws_diag_clear(ws_warp *warp);

/* True if any collected diagnostic has this code. */
WS_API bool ws_diag_has(const ws_warp *warp, ws_diag_code code);

/* Writes one line per diagnostic: "warpsim: <CODE>: <message>". */
WS_API void ws_diag_print(const ws_warp *warp, FILE *out);

/* "CALLER_NOT_IN_MASK", "INACTIVE_SOURCE", ...; NULL for a bad code. */
WS_API const char *ws_diag_code_name(ws_diag_code code);

WS_API void ws_warp_set_diag_policy(ws_warp *warp, ws_diag_policy policy);
WS_API ws_diag_policy ws_warp_diag_policy(const ws_warp *warp);

/* Writes a lane set as "0-7,12,31" (or "none") into buf; returns buf. Runs
 * are "a-b", four or more evenly spaced lanes "0,2,...,30"; only whole
 * items are written, and "..." ends a set that does not fit. */
WS_API char *ws_format_lanes(ws_mask lanes, char *buf, size_t size);
/* The same for the set indices of ids[0..n) (a block's threads). */
WS_API char *ws_format_ids(const unsigned char *ids, int n, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
