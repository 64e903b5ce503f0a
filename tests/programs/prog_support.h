/* prog_support.h: running programs from the cmocka suites.
 *
 *   wk_run r;
 *   prog_run(&r, "reduce-down", &(wk_params){.type = WK_F32}, input, 32);
 *   const wk_output *v = prog_output(&r, "v");
 *   ... compare v->bits[lane] with an independently computed value ...
 *   wk_run_free(&r);
 *
 * prog_run fails the test when the program is unknown or the run fails;
 * prog_run_status returns whether it ran, for tests of failures. */
#ifndef WARPSIM_PROG_SUPPORT_H
#define WARPSIM_PROG_SUPPORT_H

#include "test_support.h"

#include "runtime/kernel.h"
#include "run/run.h"

/* Runs `name` with these params on n input bits (ignored for sym). */
void prog_run(wk_run *r, const char *name, const wk_params *params, const uint64_t *input, size_t n);
/* The same, returning false (r->error says why) instead of failing. */
bool prog_run_status(wk_run *r, const char *name, const wk_params *params, const uint64_t *input, size_t n);
/* An output by name; fails the test when the run has none. */
const wk_output *prog_output(const wk_run *r, const char *name);

/* Bits of numbers, for expected values written by hand. */
uint64_t f32_bits(float f);
uint64_t f64_bits(double d);
float bits_f32(uint64_t b);
double bits_f64(uint64_t b);

/* a + b on the bits of `type` as the GPU adds them, written from semantics.md
 * 7 and 6.1, not from the model:
 *   - integers wrap to the type's width (32-bit results are zero-extended);
 *   - f32: a NaN result, from a NaN operand (any payload, signalling or
 *     quiet) or generated (inf - inf), is 0x7FFFFFFF;
 *   - f64: the FIRST NaN operand, quieted (payload | 0x0008000000000000),
 *     so a + b and b + a differ when both are NaNs of different payloads;
 *     a NaN generated from non-NaN operands (inf - inf) is
 *     0xFFF8000000000000;
 *   - otherwise the host's IEEE sum (built with -ffp-contract=off).
 * Not for sym. */
uint64_t gpu_add(wk_elem type, uint64_t a, uint64_t b);

/* A deterministic pseudo-random stream (splitmix64) for inputs. */
uint64_t prog_rand(uint64_t *state);

/* Compares an output lane by lane with expected bits; on a mismatch prints
 * the case, the lane and both bit patterns, and fails. */
void expect_lanes(const char *what, const wk_output *o, const uint64_t *want, size_t count);

/* The sym count of input i in output value `index`. */
int32_t sym_count(const wk_run *r, const wk_output *o, size_t index, size_t input);

#endif
