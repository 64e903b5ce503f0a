/* sim/run_fast.h: `warpsim run device-reduce` on the fast streaming path. */
#ifndef WARPSIM_SIM_RUN_FAST_H
#define WARPSIM_SIM_RUN_FAST_H

#include <stdbool.h>

#include "runtime/program.h"

/* Where the values come from: --input (with --bits, --binary) or --gen. */
typedef struct cli_fast_input {
    const char *input, *gen;
    bool bits, binary, n_given;
} cli_fast_input;

/* The largest --n: the model path keeps every value (8 bytes each) and its
 * trace; the fast path streams. */
#define CLI_MODEL_MAX_N ((size_t)1 << 27)
#define CLI_FAST_MAX_N ((size_t)1 << 40)

/* True when the run can take the fast path: device-reduce, no trace, not sym. */
bool cli_fast_device_reduce(const wk_program *p, const wk_params *params);

/* Runs it; on success fills r as wk_run_exec would (params with n, the
 * outputs sum and partials, the diagnostics of the model path) for the
 * writers, and returns CLI_EXIT_OK. Otherwise prints why and returns the
 * exit code; r then needs no freeing. */
int cli_run_device_reduce_fast(const wk_program *p, const wk_params *params, const cli_fast_input *in,
                               wk_run *r);

#endif
