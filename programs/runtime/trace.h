/* programs/runtime/trace.h: the recorded steps of a run. Recording happens where
 * the operation runs (kernel.c, and cost.c for --cost); the writers
 * (trace_text.c, trace_csv.c, run_json.c, trace_svg.c, trace_html.c) only
 * format what is here. */
#ifndef WARPSIM_PROGRAMS_TRACE_H
#define WARPSIM_PROGRAMS_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "warpsim/warpsim.h"

#include "elem.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One CUDA line as it ran on one warp. */
typedef struct wk_step {
    int block, warp;
    int lanes;
    char *cuda;              /* the CUDA text, e.g. "v += __shfl_down_sync(0xffffffff, v, 16);" */
    char *model;             /* the model operations, "; "-separated */
    ws_mask executed;        /* the lanes that executed the line (active, not exited) */
    ws_mask exited, absent;  /* lane states after the line */
    bool has_values;         /* a register is shown */
    char reg[32];            /* its name */
    wk_elem type;            /* the type its values are written in */
    uint64_t bits[64];       /* every lane's value after the line */
    bool has_reads;          /* the line ran a shuffle */
    ws_lane_read reads[64];  /* what each lane read in it */
    /* Users' kernels (warpsim cc, WARPSIM_TRACE): the value each executed
     * lane passed to the call, in in_type (bits holds what it received, in
     * `type`: a ballot takes an int and gives a mask), lanes entries, owned
     * (NULL unless has_in: a built-in program's steps stay small); and the
     * call's line in the listing (wk_program.cuda, from 1), which the
     * viewer highlights (0: found from the CUDA text, as for the built-in
     * programs). */
    bool has_in;
    wk_elem in_type;
    uint64_t *in_bits;
    int src_line;
    const char *src_file;    /* users' kernels: the call's file as the compiler named it (not owned), or NULL */
    /* The values are a call's results (users' kernels): only the lanes
     * that ran it (executed) have one; a register's are every lane's. */
    bool call_results;
    /* --cost (cost.h): the step's latency in cycles (the longest chain of its
     * operations, its inputs ready at its start), the cycle at which every
     * result of its warp up to this step is ready, whether it is on the
     * critical path, and its operations with their cycles
     * ("shfl.sync.down 26, add.f32 4"; NULL when it has none). */
    bool has_cost, cost_critical;
    uint32_t cost_cycles;
    uint64_t cost_done;
    char *cost_ops;
} wk_step;

/* Whether step s shows a value for lane: a register holds one in every
 * lane; a user's call gives one only to the lanes that ran it. */
static inline bool wk_step_lane_valued(const wk_step *s, int lane)
{
    return s->has_values && (!s->call_results || (s->executed >> lane & 1));
}

/* A longer trace fails the run (each step takes about 1 KiB). */
#define WK_TRACE_MAX_STEPS 200000

typedef struct wk_trace {
    wk_step *steps;
    size_t count, capacity;
} wk_trace;

void wk_trace_free(wk_trace *t);

#ifdef __cplusplus
}
#endif
#endif
