/* sim/cli.h: what the warpsim subcommands share. */
#ifndef WARPSIM_SIM_CLI_H
#define WARPSIM_SIM_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "kernel.h"

/* Exit codes (docs/cli.md). */
enum {
    CLI_EXIT_OK = 0,
    CLI_EXIT_SIM = 1,   /* the simulation failed: deadlock, undefined behaviour under --diag error */
    CLI_EXIT_USAGE = 2, /* bad command line or bad input values */
    CLI_EXIT_IO = 3,    /* an input could not be read or an output written */
};

int cmd_list(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_op(int argc, char **argv);
int cmd_bench(int argc, char **argv);

/* "warpsim: <message>" on stderr. */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* ---- Options: --name VALUE, --name=VALUE, or --flag ---- */
typedef struct cli_opt {
    const char *name;  /* without the dashes */
    bool takes_value;
    int id;
} cli_opt;

typedef struct cli_parser {
    int argc, index;
    char **argv;
    const char *command;   /* for messages: "run", "op" */
    char **positional;     /* the arguments that are not options, in order */
    int n_positional;
    unsigned long long seen; /* option ids given so far (ids 1..63) */
} cli_parser;

/* Starts after argv[0] (the subcommand). positional must hold argc entries. */
void cli_parser_init(cli_parser *p, const char *command, int argc, char **argv, char **positional);
/* The next option's id and its value (NULL for a flag); 0 when none is
 * left; -1 after printing an error (unknown option, missing value). */
int cli_next(cli_parser *p, const cli_opt *opts, const char **value);

/* Whole-text integers for option values; print "--name: ..." on failure. */
bool cli_long(const char *opt, const char *text, long min, long max, long *out);
bool cli_size(const char *opt, const char *text, size_t min, size_t max, size_t *out);
/* A lane mask (decimal or 0x hex) for `lanes` lanes. */
bool cli_mask(const char *opt, const char *text, int lanes, uint64_t *out);

/* ---- Input values ---- */
/* Reads values of `type` from a file ("-" for stdin): text (numbers
 * separated by blanks, commas or newlines, # comments) or raw little-endian
 * binary (4 or 8 bytes each). On failure prints the reason naming the file
 * and returns CLI_EXIT_USAGE or CLI_EXIT_IO. */
int cli_read_values(const char *path, wk_elem type, bool raw_bits, bool binary, uint64_t **bits, size_t *n);
/* Values from a generator: "seq", "rand:SEED" or "bits:SEED" (docs/cli.md). */
int cli_gen_values(const char *spec, wk_elem type, size_t n, uint64_t **bits);
/* Streaming input: the values arrive in order, in chunks, at their native
 * size (4 or 8 bytes); fn returns false to stop (after printing why). */
typedef bool (*cli_chunk_fn)(void *ctx, const void *values, size_t count);
#define CLI_CHUNK_BYTES ((size_t)32 << 20) /* a binary or generated chunk: 32 MiB */
/* The values of cli_read_values, chunk by chunk; *n counts them. Holds one
 * chunk at a time (text: 1 MiB of values). */
int cli_stream_file(const char *path, wk_elem type, bool raw_bits, bool binary, cli_chunk_fn fn, void *ctx,
                    size_t *n);
/* The values of cli_gen_values, chunk by chunk. */
int cli_stream_gen(const char *spec, wk_elem type, size_t n, cli_chunk_fn fn, void *ctx);
/* Values from a list on the command line: "1,2,3". */
int cli_list_values(const char *opt, const char *list, wk_elem type, bool raw_bits, uint64_t **bits, size_t *n);

/* ---- Output: written to a temporary file renamed at the end, so a failed
 *      run never leaves a partial file under the name asked for ---- */
typedef struct cli_out {
    FILE *f;
    char *path, *tmp;
} cli_out;

int cli_out_open(cli_out *o, const char *path);   /* NULL or "-": stdout */
/* Finishes: keeps the file when ok and every write succeeded, else removes it. */
int cli_out_close(cli_out *o, bool ok);

/* Shared option values */
bool cli_profile(const char *text, ws_profile_id *out);
bool cli_type(const char *text, wk_elem *out);
bool cli_diag_policy(const char *text, ws_diag_policy *out);
/* --lanes: 32 or 64. */
bool cli_lanes(const char *text, int *out);
/* The profile from --profile and --lanes (0 when not given): --lanes alone
 * picks sm90 or wave64; both must agree. */
bool cli_resolve_profile(bool profile_given, int lanes, ws_profile_id *profile);

#endif
