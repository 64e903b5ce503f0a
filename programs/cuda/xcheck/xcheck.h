/* programs/cuda/xcheck/xcheck.h: the parts of warpsim-xcheck, the GPU
 * cross-check: each CUDA twin (programs/cuda/twins/) runs on the GPU and
 * its simulator program on the model, on the same parameters and input,
 * and every lane of every output (and, for single-warp programs, every
 * lane after every traced step) is compared bit for bit.
 *
 *   cases.c    the random generator, the parameters and inputs of a case
 *   compare.c  comparing a simulator run with a twin's result
 *   twins.c    the table of twins (generated from twins/<name>.cu), and the
 *              simulator standing in for a twin (--simulator-only)
 *   device.c   finding the CUDA device (exit 77 when there is none)
 *   scale.c    device-reduce at 2^26 values on both sides
 *   capture.c  saving the twins' results (--save) and comparing against a
 *              saved capture without a GPU (--load)
 *   main.c     the options, the loop over programs, types and cases, the table */
#ifndef WARPSIM_XCHECK_H
#define WARPSIM_XCHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "run/run.h"
#include "twin.h"

/* Exit statuses. */
enum { XC_EXIT_OK = 0, XC_EXIT_MISMATCH = 1, XC_EXIT_USAGE = 2, XC_EXIT_NO_DEVICE = 77 };

/* ---- capture.c ------------------------------------------------------------ */

bool xc_capture_begin(FILE *f, uint64_t seed, uint64_t cases);
bool xc_capture_write(FILE *f, const char *program, wk_elem type, uint64_t k, const uint64_t *input, size_t n,
                      const twin_result *g);
/* Reads the header: the seed and the cases per program and type it was saved with. */
bool xc_capture_check(FILE *f, uint64_t *seed, uint64_t *cases, char *err, size_t err_size);
/* Fills g (zeroed) with the saved result of (program, type, case k). */
bool xc_capture_find(FILE *f, const char *program, wk_elem type, uint64_t k, const uint64_t *input, size_t n,
                     twin_result *g, char *err, size_t err_size);

/* ---- cases.c ------------------------------------------------------------ */

/* xoshiro256**: one stream per (seed, program, type, case), so a case
 * replays alone with --seed S --program P --type T --case K. */
typedef struct xc_rng {
    uint64_t s[4];
} xc_rng;

void xc_rng_seed(xc_rng *rng, uint64_t seed, const char *program, wk_elem type, uint64_t case_index);
uint64_t xc_rng_next(xc_rng *rng);
uint64_t xc_rng_below(xc_rng *rng, uint64_t bound);  /* 0..bound-1 (bound > 0) */

/* How a case's input values are drawn. */
typedef enum xc_input_mode {
    XC_MIXED = 0,     /* specials, random bits, ordinary numbers and small ints together */
    XC_ORDINARY,      /* ordinary numbers of mixed sign and magnitude (rounding order) */
    XC_SMALL_INTS,    /* -8..8: exact sums, many equal keys */
    XC_SPECIALS,      /* mostly +-0, subnormals, +-inf, NaNs, type edges */
    XC_RANDOM_BITS,   /* any bit pattern */
    XC_INPUT_MODES
} xc_input_mode;

const char *xc_input_mode_name(xc_input_mode mode);

/* The element types of p to check: those it accepts on sm90 with its
 * defaults, sym excluded. */
bool xc_type_checked(const wk_program *p, wk_elem type);
/* A program of one warp (traced: its steps are compared too). */
bool xc_single_warp(const wk_program *p);

/* The parameters of case `index` of (p, type): case 0 is the program's
 * defaults, the others draw every option p takes until wk_check_params and
 * wk_input_count accept them. *n gets the input count. False (with err)
 * when no valid draw was found. params are returned with the defaults
 * applied (wk_apply_defaults), as the twin takes them. */
bool xc_draw_params(const wk_program *p, wk_elem type, uint64_t index, xc_rng *rng, wk_params *params,
                    size_t *n, char *err, size_t err_size);
/* n values of `type` (raw bits) drawn in `mode`. */
void xc_fill_input(wk_elem type, xc_input_mode mode, xc_rng *rng, uint64_t *input, size_t n);
/* Ordinary numbers only (the scale check): floats of either sign from 2^-8
 * to 2^8, integers as in XC_ORDINARY. */
void xc_fill_ordinary(wk_elem type, xc_rng *rng, uint64_t *input, size_t n);
/* The warpsim run options of these params: "--type f32 --threads 7 ...". */
void xc_params_text(const wk_program *p, const wk_params *params, char *buf, size_t size);

/* ---- compare.c ------------------------------------------------------------ */

/* What one (program, type) row has compared so far, and where its
 * mismatch details go (the first `show_limit` differing lanes). */
typedef struct xc_tally {
    size_t lanes;            /* lane results compared (output values and step records) */
    size_t mismatches;       /* of them, those that differ (and structural differences) */
    int shown, show_limit;
    FILE *details;
    const char *case_header; /* printed before the first detail of a case */
    bool header_done;
} xc_tally;

/* Compares the simulator's run (traced for single-warp programs) with the
 * twin's result; adds to t. */
void xc_compare(const wk_run *sim, const twin_result *gpu, xc_tally *t);
/* A detail line about the current case, under its header (counts toward
 * show_limit, not toward the mismatches). */
void xc_detail(xc_tally *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- twins.c ------------------------------------------------------------- */

extern const twin *const xc_twins[];
extern const size_t xc_twin_count;
const twin *xc_find_twin(const char *name);
/* Converts a simulator run into the result a twin would give (outputs and,
 * when traced, records), for --simulator-only. False with out->error. */
bool xc_twin_from_sim(const wk_run *sim, twin_result *out);

/* ---- device.c ------------------------------------------------------------- */

/* Opens CUDA device 0. False with the reason in why (no device, no driver). */
bool xc_device_open(char *desc, size_t desc_size, char *why, size_t why_size);
/* After a failed twin: resets the device so a sticky error (an illegal
 * address) does not fail every later case. Returns the reset's error, or NULL. */
const char *xc_device_recover(void);

/* ---- scale.c --------------------------------------------------------------- */

typedef struct xc_scale_opts {
    size_t n;
    int grid, block;
    wk_elem type;
    uint64_t seed;
    bool simulator_only;
} xc_scale_opts;

/* device-reduce at scale on both sides; prints both sums; the exit status. */
int xc_scale_check(const xc_scale_opts *o);

/* ---- main.c: shared helpers ------------------------------------------------ */

double xc_now(void);  /* seconds, monotonic */

#endif
