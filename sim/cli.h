/* sim/cli.h: what the warpsim subcommands share. */
#ifndef WARPSIM_SIM_CLI_H
#define WARPSIM_SIM_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "run/run.h"
#include "runtime/kernel.h"

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

/* A value from the command line or a file, for a message: at most 40
 * characters, then "..."; bytes outside printable ASCII as \xNN (so a
 * message stays one line and sends no terminal escapes). *binary, when not
 * NULL, is set when there were such bytes. buf: CLI_SHOWN_SIZE bytes. */
#define CLI_SHOWN_SIZE 200
const char *cli_shown(const char *text, char *buf, bool *binary);
/* The same for a file name: escaped, and cut ("...") only where it would not
 * fit in size bytes; a buffer of CLI_SHOWN_PATH_SIZE shows 1024 characters. */
#define CLI_SHOWN_PATH_SIZE 1028
const char *cli_shown_path(const char *path, char *buf, size_t size);

/* A progress line on standard error, drawn only when it is a terminal and
 * the work has taken more than a second: "warpsim: WHAT 42% (1.2 of 2.9 GB),
 * about 12 s left". done and total in the caller's units (total 0: unknown,
 * no percentage nor estimate). */
typedef struct cli_progress {
    double start, last;
    bool terminal, shown;
} cli_progress;
double cli_now(void);
void cli_progress_init(cli_progress *pg);
void cli_progress_show(cli_progress *pg, const char *what, double done, double total, const char *unit);
void cli_progress_clear(cli_progress *pg);

/* Around a command (main): an exit() in between comes from a runtime library
 * (libgomp when it cannot create a thread) and becomes exit 3 with a
 * message, removing any temporary output file. */
void cli_command_begin(void);
void cli_command_end(void);

/* Standard output at the end of a command: flushed and checked, so that
 * output lost (a full disk, a closed pipe) is exit 3, never success. */
int cli_finish_stdout(int rc);

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

/* Whole-text integers for option values, decimal or 0x hex, nothing before
 * the sign or the digits (no blank, no +); print "--name: ..." on failure.
 * cli_long with min LONG_MIN and max LONG_MAX takes any integer, one beyond
 * long saturated: for a caller that checks the range once it is known (the
 * profile's lanes) and names the valid values itself. */
bool cli_long(const char *opt, const char *text, long min, long max, long *out);
bool cli_size(const char *opt, const char *text, size_t min, size_t max, size_t *out);
/* A lane mask (decimal or 0x hex) for `lanes` lanes. */
bool cli_mask(const char *opt, const char *text, int lanes, uint64_t *out);

/* Digits of a count or a mask: decimal, or hex after 0x; the first
 * character must be a digit. Returns false when there are none or they
 * overflow 64 bits (*overflow set); *end is past the last digit. */
bool cli_scan_u64(const char *text, unsigned long long *v, const char **end, bool *overflow);

/* ---- Input values ---- */
/* How many values an input may hold: reading stops with an error (exit 2)
 * as soon as there are more, so no input is read further than it could be
 * used. why says where the limit comes from, for the message. */
typedef struct cli_limit {
    size_t max;      /* 0: no limit */
    const char *why; /* "reduce-down takes 32 input values with these options" */
} cli_limit;
/* Reads values of `type` from a file ("-" for stdin): text (numbers
 * separated by blanks, commas or newlines, # comments) or raw little-endian
 * binary (4 or 8 bytes each). On failure prints the reason naming the file
 * and returns CLI_EXIT_USAGE or CLI_EXIT_IO (a read error or memory running
 * out is always a failure, never a shorter input). */
int cli_read_values(const char *path, wk_elem type, bool raw_bits, bool binary, cli_limit limit, uint64_t **bits,
                    size_t *n);
/* The longest value in a text input, in characters. */
#define CLI_MAX_TOKEN 4096
/* Values from a generator: "seq", "rand:SEED" or "bits:SEED" (docs/cli.md). */
int cli_gen_values(const char *spec, wk_elem type, size_t n, uint64_t **bits);
/* Streaming input: the values arrive in order, in chunks, at their native
 * size (4 or 8 bytes); fn returns false to stop (after printing why). */
typedef bool (*cli_chunk_fn)(void *ctx, const void *values, size_t count);
#define CLI_CHUNK_BYTES ((size_t)32 << 20) /* a binary or generated chunk: 32 MiB */
/* The values of cli_read_values, chunk by chunk; *n counts them. Holds one
 * chunk at a time (text: 1 MiB of values). */
int cli_stream_file(const char *path, wk_elem type, bool raw_bits, bool binary, cli_limit limit, cli_chunk_fn fn,
                    void *ctx, size_t *n);
/* The values of cli_gen_values, chunk by chunk. */
int cli_stream_gen(const char *spec, wk_elem type, size_t n, cli_chunk_fn fn, void *ctx);
/* Values from a list on the command line: "1,2,3". */
int cli_list_values(const char *opt, const char *list, wk_elem type, bool raw_bits, uint64_t **bits, size_t *n);

/* ---- Output files (docs/cli.md, "Exit status"): a regular file is written
 *      to a temporary file and put in place at the end, so a failed run never
 *      leaves a partial file under the name asked for; the replaced file keeps
 *      its owner, mode and hard links (renamed over it when that keeps them,
 *      else copied into it). A read-only file is refused, as a shell redirect
 *      would. /dev/stdout, /dev/fd/N and /proc/self/fd/N write to that
 *      descriptor, at its position; a device or pipe is written in place.
 *      SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT remove the temporary file. ---- */
typedef struct cli_out {
    FILE *f;
    char *path;   /* as given, for messages */
    char *target; /* the regular file replaced or created */
    char *tmp;    /* the temporary file; NULL when written in place */
    int target_fd; /* copy-back: the target, open for writing; else -1 */
} cli_out;

int cli_out_open(cli_out *o, const char *path);   /* NULL or "-": stdout */
/* Finishes: keeps the file when ok and every write succeeded, else removes it. */
int cli_out_close(cli_out *o, bool ok);

/* Shared option values */
bool cli_profile(const char *text, ws_profile_id *out);
bool cli_type(const char *text, wk_elem *out);
bool cli_diag_policy(const char *text, ws_diag_policy *out);
/* The programs' types and profiles, for messages: "i32, u32, f32" and
 * "sm90 (32 lanes), wave64 (64 lanes)". */
const char *cli_types_text(unsigned types, char *buf, size_t size);
const char *cli_profiles_text(unsigned profiles, char *buf, size_t size);
/* --lanes: 32 or 64. */
bool cli_lanes(const char *text, int *out);
/* The profile from --profile and --lanes (0 when not given): --lanes alone
 * picks sm90 or wave64; both must agree. */
bool cli_resolve_profile(bool profile_given, int lanes, ws_profile_id *profile);

/* Installs handler for the signals that end a command with files of its own
 * to remove (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGPIPE, SIGXFSZ,
 * SIGUSR1, SIGUSR2, SIGALRM), except those already ignored (nohup). */
void cli_on_cleanup_signals(void (*handler)(int));

#endif
