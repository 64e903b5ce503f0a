/* A run of a program, from the command line or a test: set up (the
 * parameters checked once, in params.c), executed on the model or a fast
 * path, freed. The top of the programs' layers (docs/architecture.md). */
#ifndef WARPSIM_RUN_H
#define WARPSIM_RUN_H

#include "runtime/program.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The registry (registry.c): every program, generated from the folders ---- */

extern const wk_program *const wk_programs[];
extern const size_t wk_program_count;
/* NULL if no program has that name. */
const wk_program *wk_find_program(const char *name);
/* The folder of wk_programs[index]: "reductions", "scans", "sorts", "others". */
const char *wk_program_group(size_t index);

/* ---- A run ---- */

/* Prepares a run: validates params against the program (type, profile,
 * the options it takes) and takes a copy of `input` (raw bits, one per
 * value; ignored for sym, whose inputs are x0..x(n-1)). n must equal the
 * program's input count for these params (wk_input_count). On failure
 * returns false with the reason in r->error; wk_run_free is still needed. */
bool wk_run_init(wk_run *r, const wk_program *p, const wk_params *params, const uint64_t *input,
                 size_t n);
/* Runs the program; returns false (reason in r->error) on failure. */
bool wk_run_exec(wk_run *r);
void wk_run_free(wk_run *r);

#ifdef __cplusplus
}
#endif
#endif
