/* The steps of users' kernels, as WARPSIM_TRACE records them (warpsim cc
 * programs; docs/cuda-frontend.md, "Tracing your kernel"): one step per
 * sync point of a traced warp, in the order the model ran them, blocks in
 * block order and launches in program order, so the same for any
 * OMP_NUM_THREADS. The front end (libwarpsim_cuda) records them; the trace
 * writers (libwarpsim_trace, which warpsim cc links) write them in the
 * formats of `warpsim run --trace`. C and C++. */
#ifndef WARPSIM_CUDA_TRACE_H
#define WARPSIM_CUDA_TRACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "warpsim/types.h"
#include "warpsim/collectives.h"

#ifdef __cplusplus
extern "C" {
#endif

/* As `warpsim run --trace`: a longer trace is refused (nothing written). */
#define WS_CUDA_TRACE_MAX_STEPS 200000

/* The op of a step that is not a collective (ws_coll_kind below 64). */
#define WS_CUDA_TRACE_ACTIVEMASK 64   /* __activemask() */
#define WS_CUDA_TRACE_SYNCTHREADS 65  /* __syncthreads() and its _count/_and/_or forms (b: 0 to 3) */
#define WS_CUDA_TRACE_GRID_SYNC 67    /* Cooperative Groups' grid.sync() */

typedef struct ws_cuda_trace_step {
    const char *kernel;       /* the launch's kernel name */
    unsigned launch;          /* the program's launches counted from 1 */
    size_t block;             /* linear block index (x fastest) */
    unsigned bx, by, bz;      /* blockIdx */
    int warp;                 /* warp of the block */
    int lanes;                /* the warp's lanes (32) */
    const char *file;         /* the call's file and line, as the compiler named them */
    int line;
    int op;                   /* a ws_coll_kind, or WS_CUDA_TRACE_* */
    ws_type type;             /* the call's operand type */
    uint32_t mask;            /* the member mask the executing lanes passed */
    int32_t b, width;         /* the lane argument (srcLane, delta, laneMask; a barrier's kind) and width */
    bool operands_differ;     /* the executing lanes passed other masks, lane arguments or widths */
    ws_mask executed;         /* the lanes that ran the call in this step */
    ws_mask exited, absent;   /* lanes that had returned; lanes the block does not have */
    bool has_values;
    uint64_t in[32], out[32]; /* each executed lane's value passed and value received (bits of type) */
    bool has_reads;           /* a shuffle: the lane each executed lane read */
    ws_lane_read reads[32];
    char *diags;              /* the diagnostics raised in this step, one per line, or NULL */
    int diag_codes[8];        /* their codes (the first eight) */
    ws_mask diag_lanes[8];
    int n_diags;
} ws_cuda_trace_step;

typedef struct ws_cuda_trace {
    ws_cuda_trace_step *steps;
    size_t count, capacity;
    bool cost;  /* WARPSIM_TRACE_COST=1: the cycle estimate of warpsim run --cost, for the calls traced */
} ws_cuda_trace;

/* Writes t in `format` (text, json, csv or html: the writers of `warpsim
 * run --trace`) to out. False with a one-line reason in err when the
 * format is unknown, the trace does not fit it (html's size limit) or
 * writing failed. In the static libwarpsim_trace only (not WS_API: the
 * shared libraries do not have it). */
extern bool ws_cuda_trace_write(const ws_cuda_trace *t, const char *format, FILE *out, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif
#endif
