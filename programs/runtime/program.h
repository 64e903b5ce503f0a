/* programs/runtime/program.h: how a program is registered.
 *
 * A program is one file, programs/<group>/<name>.c, defining
 * `const wk_program wk_prog_<name>`; CMake finds the files and generates
 * the list that registry.c reads, so adding a program touches nothing else.
 * Groups: reductions, scans, sorts, others. */
#ifndef WARPSIM_PROGRAMS_PROGRAM_H
#define WARPSIM_PROGRAMS_PROGRAM_H

#include "kernel.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The options a program takes besides type, profile, input and trace. */
enum {
    WK_OPT_LANES = 1u << 0,  /* --threads, --active (single-warp programs) */
    WK_OPT_WIDTH = 1u << 1,  /* --width */
    WK_OPT_SRC = 1u << 2,    /* --src */
    WK_OPT_OP = 1u << 3,     /* --op */
    WK_OPT_ORDER = 1u << 4,  /* --descending */
    WK_OPT_PAIRS = 1u << 5,  /* --pairs */
    WK_OPT_BLOCK = 1u << 6,  /* --block */
    WK_OPT_GRID = 1u << 7,   /* --grid */
    WK_OPT_N = 1u << 8,      /* any number of inputs (--n with --gen) */
};

/* The block and grid sizes the built-in block and device programs take
 * (--block, --grid): a block as large as the GPU allows, a 1-D grid. */
#define WK_MAX_BLOCK 1024
#define WK_MAX_GRID 65535

#define WK_PROFILE_BIT(p) (1u << (p))
#define WK_NVIDIA WK_PROFILE_BIT(WS_PROFILE_SM90)
#define WK_ALL_PROFILES \
    (WK_PROFILE_BIT(WS_PROFILE_SM90) | WK_PROFILE_BIT(WS_PROFILE_WAVE64) | WK_PROFILE_BIT(WS_PROFILE_WAVE32))

/* The untraced fast path that gives a program's bits (programs/fast/). */
typedef enum wk_fast_kind {
    WK_FAST_NONE = 0,     /* every run goes through the model */
    WK_FAST_REDUCE_DOWN,  /* v += shfl_down(v, o), o = lanes/2 .. 1 */
    WK_FAST_REDUCE_XOR,   /* v += shfl_xor(v, o),  o = lanes/2 .. 1 */
    WK_FAST_SCAN_INCL,    /* t = shfl_up(v, d); if (lane >= d) v += t;  d = 1 .. lanes/2 */
    WK_FAST_SCAN_EXCL,    /* the same, then e = shfl_up(v, 1); lane 0: e = 0 */
    WK_FAST_BITONIC,      /* the compare-exchange network of sorts/bitonic.c (keys) */
    WK_FAST_BROADCAST,    /* v = shfl_idx(v, src): every lane gets lane src's value */
    WK_FAST_REDUX,        /* v = __reduce_<op>_sync(FULL, v): every lane gets the whole warp's */
    WK_FAST_SEGMENTED,    /* v = v + shfl_down(v, o, width), o = width/2 .. 1 (own value first) */
    WK_FAST_CUB_REDUCE,   /* cub::WarpReduce Sum: redux for i32/u32, else CUB's predicated shfl_down
                             sweep at offsets 1 .. 16 (reductions/cub_reduce.c) */
    WK_FAST_PRED_SCAN,    /* the inclusive scan of CUB and CG: v += shfl_up(v, d) for d = 1 .. 16 in
                             the lanes whose source exists (the others keep v); f64 adds the peer
                             first at d = 1, its own value first after */
    WK_FAST_CG_SCAN_EXCL, /* that scan, then integers: e = v - x; floats: e = shfl_up(v, 1), lane 0 +0 */
    WK_FAST_CUB_SCAN_EXCL,/* the same after CUB's inc = 0 + v (Update) */
    WK_FAST_SEED_SORT,    /* seed-xor-sort's five xor stages: the lower lane min, the upper max */
    WK_FAST_DEVICE_REDUCE, /* the streaming grid-stride reduction (fast/device_reduce_fast.c) */
    WK_FAST_BALLOT_COMPACT,/* keep = x > 0, one ballot, slots by popc: outputs out, count (u32) and
                              ballot (u32, u64 on 64 lanes), warp by warp (others/ballot_compact.c) */
    WK_FAST_TRANSPOSE8     /* the 8x8 tile transposes of others/transpose8.c: 8 values per lane in
                              and out, tile by tile (warp_plan.c checks the shuffles make them) */
} wk_fast_kind;

struct wk_program {
    const char *name;        /* "reduce-down" */
    const char *summary;     /* one line for `warpsim list` */
    const char *cuda;        /* the CUDA it mirrors, a few lines, for `warpsim run NAME --help` */
    unsigned types;          /* WK_BIT(WK_I32) | ... */
    unsigned profiles;       /* WK_PROFILE_BIT(...) | ... */
    unsigned options;        /* WK_OPT_* */
    const char *default_gen; /* the default input: "seq" or "rand:SEED" */
    const char *sym_term;    /* how sym writes an input: "lane" or "x" */
    /* Input values for these params (> 0); NULL means one per lane. Writes
     * a reason to err and returns 0 when the params are out of range. */
    size_t (*input_count)(const wk_params *p, int lanes, char *err, size_t err_size);
    void (*run)(wk_run *r);
    /* Optional: a line about the outputs for the text result (r->note),
     * made after the run whichever path ran it (seed-xor-sort: the first
     * lane out of order). */
    void (*note)(wk_run *r);
    /* Defaults of the options it takes: block, grid, width, n (0: none). */
    wk_params defaults;
    /* Its fast path, if any: the only place that says which program has one. */
    wk_fast_kind fast;
    /* Optional, for a program whose trace grows with --n (a grid-stride
     * loop): the loop trips of a run of n values, each adding
     * trace_steps_per_trip steps to the trace. The command line works out
     * the largest --n that can be traced from them. */
    uint64_t (*trace_trips)(size_t n, const wk_params *params);
    int trace_steps_per_trip;
};

/* ---- The run options (params.c): one row each, iterated by the JSON writer,
 * the viewer's command line and wk_check_params, so that adding an option is
 * one row. ---- */
typedef enum wk_option_form {
    WK_FORM_NUMBER, /* --width 8               "width": 8 */
    WK_FORM_LANES,  /* --active 0xff           "active": "0x000000ff" (a lane mask) */
    WK_FORM_NAME,   /* --op max                "op": "max" */
    WK_FORM_FLAG,   /* --descending (when set)  "descending": true */
} wk_option_form;

/* The field its form says: number (a flag: 0 or 1), lanes or name. */
typedef struct wk_option_value {
    int64_t number;
    ws_mask lanes;
    const char *name;
} wk_option_value;

typedef struct wk_run_option {
    const char *flag;        /* on the command line: "--width" */
    const char *json_key;    /* in the run JSON's "params" (docs/cli.md): "width" */
    unsigned program_option; /* the WK_OPT_* bit of the programs that take it */
    wk_option_form form;
    /* Whether params ask for it (not left at zero); a program that does not
     * take the option refuses such a run. */
    bool (*asked)(const wk_params *p);
    /* The value the run used, defaults filled in. */
    wk_option_value (*value)(const wk_run *r);
    /* Whether a command line that reproduces the run names it (NULL: always;
     * a flag that is not set is left out in any case). */
    bool (*named)(const wk_run *r);
    bool in_every_json;      /* the JSON has it even where the program does not take it */
    size_t command_place;    /* its place on a command line, from 0 */
} wk_run_option;

/* Every run option, in the JSON's key order; *count of them. */
const wk_run_option *wk_run_options(size_t *count);
/* The option at this place on a command line (0 .. count - 1), else NULL. */
const wk_run_option *wk_run_option_on_command(size_t place);
/* The run's options as a command line that reproduces it gives them
 * ("--width 8 --op max"; defaults filled in, flags left out when unset),
 * into buf (size > 0; cut short if it does not fit). */
void wk_run_options_text(const wk_run *r, char *buf, size_t size);

/* Fills the zero fields of block, grid, width and n with the program's defaults. */
void wk_apply_defaults(const wk_program *p, wk_params *params);
/* Checks params against the program (profile, type, options it takes, lane
 * masks); false with a message in err otherwise. */
bool wk_check_params(const wk_program *p, const wk_params *params, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif
#endif
