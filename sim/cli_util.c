/* Shared pieces of the command line: errors, options, numbers, outputs. */
#define _XOPEN_SOURCE 700
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "runtime/program.h"

static bool progress_on_screen; /* a progress line is drawn: an error clears it first */

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (progress_on_screen) {
        fprintf(stderr, "\r%78s\r", "");
        progress_on_screen = false;
    }
    fputs("warpsim: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

void cli_parser_init(cli_parser *p, const char *command, int argc, char **argv, char **positional)
{
    memset(p, 0, sizeof *p);
    p->argc = argc;
    p->argv = argv;
    p->index = 1;
    p->command = command;
    p->positional = positional;
}

int cli_next(cli_parser *p, const cli_opt *opts, const char **value)
{
    *value = NULL;
    while (p->index < p->argc) {
        const char *arg = p->argv[p->index++];
        if (strncmp(arg, "--", 2) != 0 || arg[2] == '\0') {
            if (arg[0] == '-' && arg[1] != '\0' && strcmp(arg, "-h") != 0) {
                char buf[CLI_SHOWN_SIZE];
                cli_error("%s: unknown option '%s' (options start with --; see warpsim %s --help)", p->command,
                          cli_shown(arg, buf, NULL), p->command);
                return -1;
            }
            if (strcmp(arg, "-h") == 0)
                arg = "--help";
            else {
                p->positional[p->n_positional++] = (char *)arg;
                continue;
            }
        }
        const char *name = arg + 2, *eq = strchr(name, '=');
        size_t len = eq ? (size_t)(eq - name) : strlen(name);
        for (const cli_opt *o = opts; o->name; o++) {
            if (strlen(o->name) != len || strncmp(o->name, name, len) != 0)
                continue;
            if (o->id > 0 && o->id < 64) {
                if ((p->seen >> o->id) & 1) {
                    cli_error("%s: --%s given twice", p->command, o->name);
                    return -1;
                }
                p->seen |= 1ull << o->id;
            }
            if (!o->takes_value) {
                if (eq) {
                    cli_error("%s: --%s takes no value", p->command, o->name);
                    return -1;
                }
                return o->id;
            }
            if (eq) {
                *value = eq + 1;
            } else if (p->index < p->argc && strncmp(p->argv[p->index], "--", 2) != 0) {
                /* "--n --json" is a missing value, not a value "--json"; a value
                 * that starts with "--" can still be given as --opt=--value. */
                *value = p->argv[p->index++];
            } else {
                cli_error("%s: --%s needs a value", p->command, o->name);
                return -1;
            }
            return o->id;
        }
        char buf[CLI_SHOWN_SIZE], opt[48];
        snprintf(opt, sizeof opt, "--%.*s", (int)(len < 42 ? len : 42), name); /* cli_shown cuts it at 40 */
        cli_error("%s: unknown option '%s' (see warpsim %s --help)", p->command, cli_shown(opt, buf, NULL),
                  p->command);
        return -1;
    }
    return 0;
}

const char *cli_shown_path(const char *path, char *buf, size_t size)
{
    size_t used = 0;
    const char *c = path;
    for (; *c; c++) {
        unsigned char u = (unsigned char)*c;
        size_t need = u >= 0x20 && u < 0x7f ? 1 : 4;
        if (used + need + 4 > size) /* room for "..." and the NUL */
            break;
        if (need == 1)
            buf[used++] = (char)u;
        else
            used += (size_t)snprintf(buf + used, size - used, "\\x%02x", u);
    }
    snprintf(buf + used, size - used, "%s", *c ? "..." : "");
    return buf;
}

const char *cli_shown(const char *text, char *buf, bool *binary)
{
    size_t used = 0, i = 0;
    bool bin = false;
    for (; text[i] && i < 40; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c >= 0x20 && c < 0x7f) {
            buf[used++] = (char)c;
        } else {
            used += (size_t)snprintf(buf + used, CLI_SHOWN_SIZE - used, "\\x%02x", c);
            bin = true;
        }
    }
    snprintf(buf + used, CLI_SHOWN_SIZE - used, "%s", text[i] ? "..." : "");
    if (binary)
        *binary = bin;
    return buf;
}

bool cli_scan_u64(const char *text, unsigned long long *v, const char **end, bool *overflow)
{
    const char *s = text;
    unsigned base = 10;
    *v = 0;
    *overflow = false;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && isxdigit((unsigned char)s[2])) {
        base = 16;
        s += 2;
    }
    if (!isdigit((unsigned char)s[0]) && !(base == 16 && isxdigit((unsigned char)s[0]))) {
        *end = text;
        return false;
    }
    for (; base == 16 ? isxdigit((unsigned char)*s) : isdigit((unsigned char)*s); s++) {
        unsigned d = isdigit((unsigned char)*s) ? (unsigned)(*s - '0') : (unsigned)(tolower((unsigned char)*s) - 'a' + 10);
        if (*v > (ULLONG_MAX - d) / base)
            *overflow = true;
        else
            *v = *v * base + d;
    }
    *end = s;
    return !*overflow;
}

bool cli_long(const char *opt, const char *text, long min, long max, long *out)
{
    char buf[CLI_SHOWN_SIZE];
    const char *digits = text + (text[0] == '-'), *end;
    unsigned long long mag;
    bool overflow;
    if (!cli_scan_u64(digits, &mag, &end, &overflow) && !overflow) {
        cli_error("%s: expected an integer, got '%s'", opt, cli_shown(text, buf, NULL));
        return false;
    }
    if (*end) {
        cli_error("%s: expected an integer, got '%s'", opt, cli_shown(text, buf, NULL));
        return false;
    }
    bool negative = text[0] == '-';
    if ((overflow || mag > (unsigned long long)LONG_MAX + negative) && min == LONG_MIN && max == LONG_MAX) {
        *out = negative ? LONG_MIN : LONG_MAX; /* the caller checks the range it knows, and says it */
        return true;
    }
    if (overflow || mag > (unsigned long long)LONG_MAX + negative) {
        cli_error("%s: %s is out of range (%ld..%ld)", opt, cli_shown(text, buf, NULL), min, max);
        return false;
    }
    long v = negative ? (long)(0 - mag) : (long)mag;
    if (v < min || v > max) {
        cli_error("%s: %ld is out of range (%ld..%ld)", opt, v, min, max);
        return false;
    }
    *out = v;
    return true;
}

bool cli_size(const char *opt, const char *text, size_t min, size_t max, size_t *out)
{
    char buf[CLI_SHOWN_SIZE];
    const char *end;
    unsigned long long v;
    bool overflow;
    if (text[0] == '-') {
        cli_error("%s: expected a positive count, got '%s'", opt, cli_shown(text, buf, NULL));
        return false;
    }
    if (!cli_scan_u64(text, &v, &end, &overflow) && !overflow) {
        cli_error("%s: expected a count, got '%s'", opt, cli_shown(text, buf, NULL));
        return false;
    }
    /* 2^26 may be written 2^26 */
    if (*end == '^' && v == 2 && !overflow) {
        const char *end2;
        unsigned long long e;
        if (!cli_scan_u64(end + 1, &e, &end2, &overflow) && !overflow) {
            cli_error("%s: expected a count like 4096 or 2^12, got '%s'", opt, cli_shown(text, buf, NULL));
            return false;
        }
        if (end[1] == '0' && (end[2] == 'x' || end[2] == 'X')) {
            cli_error("%s: expected a count like 4096 or 2^12, got '%s'", opt, cli_shown(text, buf, NULL));
            return false;
        }
        bool beyond = e > 63 || overflow; /* beyond 64 bits: out of range below, whatever max is */
        v = beyond ? ULLONG_MAX : 1ull << e;
        overflow = beyond;
        end = end2;
    }
    if (*end) {
        cli_error("%s: expected a count, got '%s'", opt, cli_shown(text, buf, NULL));
        return false;
    }
    if (overflow || v < min || v > max) {
        if (max && (max & (max - 1)) == 0 && max > 4096)
            cli_error("%s: %s is out of range (%zu..2^%d)", opt, cli_shown(text, buf, NULL), min,
                      __builtin_ctzll(max));
        else
            cli_error("%s: %s is out of range (%zu..%zu)", opt, cli_shown(text, buf, NULL), min, max);
        return false;
    }
    *out = (size_t)v;
    return true;
}

bool cli_mask(const char *opt, const char *text, int lanes, uint64_t *out)
{
    char buf[CLI_SHOWN_SIZE];
    const char *end;
    unsigned long long v;
    bool overflow;
    if (!cli_scan_u64(text, &v, &end, &overflow) || *end) {
        cli_error("%s: expected a lane mask like 0xffff, got '%s'", opt, cli_shown(text, buf, NULL));
        return false;
    }
    if (lanes < 64 && (v >> lanes) != 0) {
        cli_error("%s: 0x%llx names lanes past %d (this profile has %d lanes)", opt, v, lanes - 1, lanes);
        return false;
    }
    *out = v;
    return true;
}

bool cli_profile(const char *text, ws_profile_id *out)
{
    if (ws_profile_from_name(text, out) == WS_OK)
        return true;
    char buf[CLI_SHOWN_SIZE];
    cli_error("--profile: unknown profile '%s' (sm90, wave64, wave32)", cli_shown(text, buf, NULL));
    return false;
}

bool cli_type(const char *text, wk_elem *out)
{
    if (wk_elem_from_name(text, out))
        return true;
    char buf[CLI_SHOWN_SIZE];
    cli_error("--type: unknown type '%s' (i32, u32, f32, f64, i64, u64, sym)", cli_shown(text, buf, NULL));
    return false;
}

bool cli_diag_policy(const char *text, ws_diag_policy *out)
{
    static const struct {
        const char *name;
        ws_diag_policy policy;
    } policies[] = {{"warn", WS_DIAG_POLICY_WARN}, {"ignore", WS_DIAG_POLICY_IGNORE}, {"error", WS_DIAG_POLICY_ERROR}};
    for (size_t i = 0; i < sizeof policies / sizeof policies[0]; i++)
        if (strcmp(text, policies[i].name) == 0) {
            *out = policies[i].policy;
            return true;
        }
    char buf[CLI_SHOWN_SIZE];
    cli_error("--diag: unknown policy '%s' (ignore, warn, error)", cli_shown(text, buf, NULL));
    return false;
}

bool cli_lanes(const char *text, int *out)
{
    long num;
    if (!cli_long("--lanes", text, LONG_MIN, LONG_MAX, &num))
        return false;
    if (num != 32 && num != 64) {
        char buf[CLI_SHOWN_SIZE];
        cli_error("--lanes %s: must be 32 (sm90 or wave32) or 64 (wave64); for fewer threads use --threads",
                  cli_shown(text, buf, NULL));
        return false;
    }
    *out = (int)num;
    return true;
}

bool cli_resolve_profile(bool profile_given, int lanes, ws_profile_id *profile)
{
    if (!lanes)
        return true;
    if (profile_given && ws_profile_lanes(*profile) != lanes) {
        cli_error("--lanes %d contradicts --profile %s (%d lanes)", lanes, ws_profile_name(*profile),
                  ws_profile_lanes(*profile));
        return false;
    }
    if (!profile_given)
        *profile = lanes == 64 ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90;
    return true;
}

const char *cli_types_text(unsigned types, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int ti = 0; ti < WK_ELEM_COUNT && used < size; ti++)
        if (types & WK_BIT(wk_elem_order[ti]))
            used += (size_t)snprintf(buf + used, size - used, "%s%s", used ? ", " : "", wk_elem_name(wk_elem_order[ti]));
    return buf;
}

const char *cli_profiles_text(unsigned profiles, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int id = 0; id < WS_PROFILE_COUNT && used < size; id++)
        if (profiles & WK_PROFILE_BIT(id))
            used += (size_t)snprintf(buf + used, size - used, "%s%s (%d lanes)", used ? ", " : "",
                                     ws_profile_name((ws_profile_id)id), ws_profile_lanes((ws_profile_id)id));
    return buf;
}

/* ---- Progress ---- */

double cli_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

void cli_progress_init(cli_progress *pg)
{
    memset(pg, 0, sizeof *pg);
    pg->start = cli_now();
    pg->terminal = isatty(STDERR_FILENO) != 0;
}

static void format_duration(double s, char *buf, size_t size)
{
    if (s < 90)
        snprintf(buf, size, "%.0f s", s);
    else if (s < 5400)
        snprintf(buf, size, "%.0f min", s / 60);
    else
        snprintf(buf, size, "%.1f h", s / 3600);
}

void cli_progress_show(cli_progress *pg, const char *what, double done, double total, const char *unit)
{
    if (!pg->terminal)
        return;
    double t = cli_now();
    if (t - pg->start < 1.0 || t - pg->last < 0.2)
        return;
    pg->last = t;
    char line[160], left[32] = "";
    if (total > 0 && done > 0 && done <= total) {
        format_duration((t - pg->start) * (total - done) / done, left, sizeof left);
        snprintf(line, sizeof line, "warpsim: %s %3.0f%% (%.3g of %.3g %s), about %s left", what,
                 100.0 * done / total, done, total, unit, left);
    } else {
        format_duration(t - pg->start, left, sizeof left);
        snprintf(line, sizeof line, "warpsim: %s %.3g %s in %s", what, done, unit, left);
    }
    fprintf(stderr, "\r%-78.78s", line);
    fflush(stderr);
    pg->shown = progress_on_screen = true;
}

void cli_progress_clear(cli_progress *pg)
{
    if (pg->shown && progress_on_screen) {
        fprintf(stderr, "\r%78s\r", "");
        fflush(stderr);
    }
    pg->shown = progress_on_screen = false;
}

int cli_finish_stdout(int rc)
{
    int err = 0;
    if (fflush(stdout) != 0)
        err = errno;
    if (ferror(stdout) && !err)
        err = EIO;
    if (err && rc == CLI_EXIT_OK) {
        cli_error("cannot write to standard output: %s", strerror(err));
        rc = CLI_EXIT_IO;
    }
    return rc;
}

/* ---- Output files ---- */

/* Temporary files to remove when a signal ends the program. */
#define MAX_PENDING 4
static char *volatile pending[MAX_PENDING];
static volatile sig_atomic_t handlers_installed;
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGABRT, SIGPIPE, SIGXFSZ, SIGUSR1, SIGUSR2, SIGALRM};

static void on_signal(int sig)
{
    for (int i = 0; i < MAX_PENDING; i++) {
        char *tmp = pending[i];
        if (tmp)
            unlink(tmp);
    }
    signal(sig, SIG_DFL);
    raise(sig);
}

/* ---- A runtime that ends the process in the middle of a command ---- */

static volatile sig_atomic_t in_command;

/* exit() while a command runs comes from a library, not from warpsim (whose
 * commands return their status to main): libgomp's gomp_fatal when it
 * cannot create a thread or allocate its memory. That is exit 3, as memory
 * running out is, not the 1 of a failed simulation; no temporary file stays. */
static void on_exit_in_command(void)
{
    if (!in_command)
        return;
    for (int i = 0; i < MAX_PENDING; i++) {
        char *tmp = pending[i];
        if (tmp)
            unlink(tmp);
    }
    static const char msg[] = "warpsim: the OpenMP runtime ended the run (its reason is above); with "
                              "OMP_NUM_THREADS=1 it starts no threads\n";
    ssize_t ignored = write(2, msg, sizeof msg - 1);
    (void)ignored;
    _exit(CLI_EXIT_IO);
}

void cli_command_begin(void)
{
    static bool registered;
    if (!registered)
        registered = atexit(on_exit_in_command) == 0;
    in_command = 1;
}

void cli_command_end(void) { in_command = 0; }

void cli_on_cleanup_signals(void (*handler)(int))
{
    for (size_t i = 0; i < sizeof cleanup_signals / sizeof cleanup_signals[0]; i++) {
        struct sigaction old, sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = handler;
        sigemptyset(&sa.sa_mask);
        /* A signal ignored by whoever started us (nohup) stays ignored. */
        if (sigaction(cleanup_signals[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
            sigaction(cleanup_signals[i], &sa, NULL);
    }
}

static void pending_add(char *tmp)
{
    if (!handlers_installed) {
        handlers_installed = 1;
        cli_on_cleanup_signals(on_signal);
    }
    for (int i = 0; i < MAX_PENDING; i++)
        if (!pending[i]) {
            pending[i] = tmp;
            return;
        }
}

static void pending_remove(const char *tmp)
{
    for (int i = 0; i < MAX_PENDING; i++)
        if (pending[i] == tmp)
            pending[i] = NULL;
}

/* The descriptor a path names when it is one of ours: /dev/stdin, /dev/stdout,
 * /dev/stderr, /dev/fd/N, /proc/self/fd/N, /proc/thread-self/fd/N,
 * /proc/PID/fd/N with our PID. -1 otherwise. */
static int own_descriptor(const char *path)
{
    static const char *const named[] = {"/dev/stdin", "/dev/stdout", "/dev/stderr"};
    for (int i = 0; i < 3; i++)
        if (strcmp(path, named[i]) == 0)
            return i;
    const char *rest = NULL;
    char self[64];
    snprintf(self, sizeof self, "/proc/%ld/fd/", (long)getpid());
    static const char *const dirs[] = {"/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/"};
    for (int i = 0; i < 3 && !rest; i++)
        if (strncmp(path, dirs[i], strlen(dirs[i])) == 0)
            rest = path + strlen(dirs[i]);
    if (!rest && strncmp(path, self, strlen(self)) == 0)
        rest = path + strlen(self);
    if (!rest || !isdigit((unsigned char)rest[0]))
        return -1;
    char *end;
    long fd = strtol(rest, &end, 10);
    return *end || fd > INT_MAX ? -1 : (int)fd;
}

/* Follows the links of path (at most 40), stopping at one that names one of
 * our descriptors: returns that descriptor, or -1. */
static int link_to_descriptor(const char *path)
{
    char cur[PATH_MAX], next[PATH_MAX];
    if (strlen(path) >= sizeof cur)
        return -1;
    strcpy(cur, path);
    for (int hops = 0; hops < 40; hops++) {
        int fd = own_descriptor(cur);
        if (fd >= 0)
            return fd;
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return -1;
        ssize_t len = readlink(cur, next, sizeof next - 1);
        if (len <= 0)
            return -1;
        next[len] = '\0';
        if (next[0] == '/') {
            strcpy(cur, next);
        } else { /* relative to the link's folder */
            char *slash = strrchr(cur, '/');
            size_t dir = slash ? (size_t)(slash - cur) + 1 : 0;
            if (dir + (size_t)len >= sizeof cur)
                return -1;
            memcpy(cur + dir, next, (size_t)len + 1);
        }
    }
    return -1;
}

static int out_fail(cli_out *o, const char *what, int err)
{
    char shown[CLI_SHOWN_PATH_SIZE];
    cli_error("--output %s: %s%s%s", cli_shown_path(o->path ? o->path : "?", shown, sizeof shown), what,
              err ? ": " : "", err ? strerror(err) : "");
    if (o->target_fd >= 0)
        close(o->target_fd);
    if (o->f && o->f != stdout)
        fclose(o->f);
    if (o->tmp) {
        pending_remove(o->tmp);
        unlink(o->tmp);
    }
    free(o->path);
    free(o->target);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    o->target_fd = -1;
    return CLI_EXIT_IO;
}

/* A temporary file in dir (NULL: $TMPDIR or /tmp), with a short name (a
 * long output name must not make it too long). */
static int make_tmp(cli_out *o, const char *dir, mode_t mode)
{
    if (!dir) {
        dir = getenv("TMPDIR");
        if (!dir || !*dir)
            dir = "/tmp";
    }
    size_t len = strlen(dir) + 32;
    o->tmp = malloc(len);
    if (!o->tmp)
        return -1;
    snprintf(o->tmp, len, "%s/.warpsim-XXXXXX", dir);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int err = errno;
        free(o->tmp);
        o->tmp = NULL;
        errno = err;
        return -1;
    }
    pending_add(o->tmp);
    fchmod(fd, mode);
    return fd;
}

int cli_out_open(cli_out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    o->target_fd = -1;
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return CLI_EXIT_OK;
    }
    o->path = strdup(path);
    if (!o->path)
        return out_fail(o, "out of memory", 0);

    /* One of our descriptors (/dev/stdout, /proc/self/fd/3, or a link to
     * one): written there, at its position, as `>&N` would. */
    int own = link_to_descriptor(path);
    if (own >= 0) {
        if (fcntl(own, F_GETFL) < 0)
            return out_fail(o, "no such open file descriptor", errno);
        if (own == STDOUT_FILENO) {
            o->f = stdout;
            return CLI_EXIT_OK;
        }
        int fd = dup(own);
        if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
            int err = errno;
            if (fd >= 0)
                close(fd);
            return out_fail(o, "cannot write", err);
        }
        return CLI_EXIT_OK;
    }

    struct stat st, lst;
    bool is_link = lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode);
    if (stat(path, &st) != 0) {
        if (errno != ENOENT || is_link)
            return out_fail(o, is_link ? "a link to a file that does not exist" : "cannot write",
                            is_link ? 0 : errno);
        /* A new file: 0666 minus the umask, as a shell redirect makes it. */
        o->target = strdup(path);
        if (!o->target)
            return out_fail(o, "out of memory", 0);
        char *dir = strdup(path), *slash = strrchr(dir ? dir : "", '/');
        if (!dir)
            return out_fail(o, "out of memory", 0);
        if (slash)
            slash == dir ? (void)(slash[1] = '\0') : (void)(*slash = '\0');
        mode_t mask = umask(0);
        umask(mask);
        int fd = make_tmp(o, slash ? dir : ".", 0666 & ~mask);
        int err = errno;
        free(dir);
        if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
            if (fd >= 0)
                close(fd);
            return out_fail(o, "cannot create the file", fd < 0 ? err : errno);
        }
        return CLI_EXIT_OK;
    }
    if (S_ISDIR(st.st_mode))
        return out_fail(o, "is a directory", 0);
    if (!S_ISREG(st.st_mode)) { /* a device, a pipe, a socket: in place */
        int fd = open(path, O_WRONLY | O_NOCTTY);
        if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
            int err = errno;
            if (fd >= 0)
                close(fd);
            return out_fail(o, "cannot write", err);
        }
        return CLI_EXIT_OK;
    }

    /* An existing regular file (through its links): refused when a shell
     * redirect could not write it; replaced by renaming a temporary file
     * over it when that keeps its owner, group, mode and links, else the
     * temporary file is copied into it at the end. */
    o->target = realpath(path, NULL);
    if (!o->target)
        return out_fail(o, "cannot write", errno);
    o->target_fd = open(o->target, O_WRONLY | O_NOCTTY);
    if (o->target_fd < 0)
        return out_fail(o, "cannot write", errno);
    char *dir = strdup(o->target);
    if (!dir)
        return out_fail(o, "out of memory", 0);
    char *slash = strrchr(dir, '/');
    slash == dir ? (void)(slash[1] = '\0') : (void)(*slash = '\0');
    int fd = make_tmp(o, dir, st.st_mode & 07777);
    free(dir);
    bool rename_ok = fd >= 0 && st.st_nlink == 1;
    if (rename_ok) {
        struct stat tst;
        if (fstat(fd, &tst) != 0 || tst.st_dev != st.st_dev)
            rename_ok = false;
        else if ((tst.st_uid != st.st_uid || tst.st_gid != st.st_gid) && fchown(fd, st.st_uid, st.st_gid) != 0)
            rename_ok = false;
        else if (fchmod(fd, st.st_mode & 07777) != 0)
            rename_ok = false;
    }
    if (!rename_ok && fd >= 0) { /* the temporary file is only a buffer now: private */
        fchmod(fd, 0600);
    }
    if (fd < 0) /* a folder we cannot write in: the buffer goes elsewhere */
        fd = make_tmp(o, NULL, 0600);
    if (fd < 0 || !(o->f = fdopen(fd, "w+"))) {
        int err = errno;
        if (fd >= 0)
            close(fd);
        return out_fail(o, "cannot create a temporary file", err);
    }
    if (rename_ok) {
        close(o->target_fd);
        o->target_fd = -1;
    }
    return CLI_EXIT_OK;
}

/* Copies the finished temporary file into the target, in place. */
static bool copy_back(cli_out *o, int *err)
{
    FILE *src = o->f;
    if (fseek(src, 0, SEEK_SET) != 0 || ftruncate(o->target_fd, 0) != 0) {
        *err = errno;
        return false;
    }
    char buf[1 << 16];
    size_t got;
    while ((got = fread(buf, 1, sizeof buf, src)) > 0) {
        for (size_t done = 0; done < got;) {
            ssize_t w = write(o->target_fd, buf + done, got - done);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0) {
                *err = w < 0 ? errno : EIO;
                return false;
            }
            done += (size_t)w;
        }
    }
    if (ferror(src)) {
        *err = EIO;
        return false;
    }
    return true;
}

int cli_out_close(cli_out *o, bool ok)
{
    int write_errno = errno; /* a writer that failed left its reason here */
    int rc = CLI_EXIT_OK;
    if (!o->f)
        return rc;
    if (o->f == stdout) {
        int flushed = fflush(stdout);
        int err = flushed != 0 ? errno : !ok && write_errno ? write_errno : EIO;
        if (flushed != 0 || ferror(stdout)) {
            /* Also when the writer saw the failure first (ok false): say why, once. */
            cli_error("cannot write to standard output: %s", strerror(err));
            rc = CLI_EXIT_IO;
        }
        o->f = NULL;
        free(o->path);
        o->path = NULL;
        return rc;
    }
    int err = 0;
    bool written = fflush(o->f) == 0 && !ferror(o->f);
    if (!written)
        err = errno;
    if (ok && written && o->tmp) {
        if (o->target_fd >= 0) {
            written = copy_back(o, &err);
            if (close(o->target_fd) != 0 && written) {
                written = false;
                err = errno;
            }
            o->target_fd = -1;
        } else if (rename(o->tmp, o->target) != 0) {
            written = false;
            err = errno;
        } else {
            pending_remove(o->tmp);
            free(o->tmp);
            o->tmp = NULL; /* now the file itself */
        }
    }
    if (fclose(o->f) != 0 && written && !o->tmp) {
        written = false;
        err = errno;
    }
    o->f = NULL;
    if (ok && !written) {
        out_fail(o, "writing failed", err);
        return CLI_EXIT_IO;
    }
    if (o->target_fd >= 0)
        close(o->target_fd);
    if (o->tmp) {
        unlink(o->tmp);
        pending_remove(o->tmp);
    }
    free(o->path);
    free(o->target);
    free(o->tmp);
    memset(o, 0, sizeof *o);
    o->target_fd = -1;
    return rc;
}
