/* programs/fast/batch_engine.h: one batch of BATCH warps through the fast
 * path's loops (batch_engine.c), in the builds the CPU may run. */
#ifndef WARPSIM_PROGRAMS_FAST_BATCH_ENGINE_H
#define WARPSIM_PROGRAMS_FAST_BATCH_ENGINE_H

#include <stddef.h>

#include "warp_plan.h"

enum { BATCH = 64 };
/* The warps the AVX-512 build's warps-in-registers loops take at once
 * (fast_plan_in_registers plans; any count works, this amortises their set-up). */
enum { FAST_ZMM_CHUNK = 4096 };

/* Runs warps first .. first+count-1 of `in` into outs (NULL: an output not
 * wanted), with scratch for two register files of BATCH warps: count <=
 * BATCH, or <= FAST_ZMM_CHUNK when the AVX-512 build holds the plan's warps
 * in registers (fast_plan_in_registers; it uses no scratch). */
typedef void fast_batch_fn(const fast_plan *pl, const void *in, void *const outs[WK_FAST_MAX_OUTPUTS], size_t first,
                           size_t count, void *scratch);

fast_batch_fn fast_batch_base; /* the baseline ISA of the build */
#if defined(__x86_64__)
fast_batch_fn fast_batch_avx2;   /* batch_avx2.c: the same loops with -mavx2 */
fast_batch_fn fast_batch_avx512; /* batch_avx512.c: with AVX-512 (F, DQ, VL, BW), 512-bit vectors */
#endif

#endif
