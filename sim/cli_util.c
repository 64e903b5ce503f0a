/* Shared pieces of the command line: errors, options, numbers, outputs. */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"

void cli_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
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
                cli_error("%s: unknown option '%s' (options start with --; see warpsim %s --help)", p->command, arg,
                          p->command);
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
        cli_error("%s: unknown option '--%.*s' (see warpsim %s --help)", p->command, (int)len, name, p->command);
        return -1;
    }
    return 0;
}

/* At most 40 characters of a bad value, for messages. */
static const char *shown(const char *text, char *buf, size_t size)
{
    snprintf(buf, size, "%.40s%s", text, strlen(text) > 40 ? "..." : "");
    return buf;
}

bool cli_long(const char *opt, const char *text, long min, long max, long *out)
{
    char *end = NULL, buf[48];
    errno = 0;
    long v = strtol(text, &end, 0);
    if (end == text || *end || text[0] == ' ' || text[0] == '\t') {
        cli_error("%s: expected an integer, got '%s'", opt, shown(text, buf, sizeof buf));
        return false;
    }
    if (errno == ERANGE) {
        cli_error("%s: %s is out of range (%ld..%ld)", opt, shown(text, buf, sizeof buf), min, max);
        return false;
    }
    if (v < min || v > max) {
        cli_error("%s: %ld is out of range (%ld..%ld)", opt, v, min, max);
        return false;
    }
    *out = v;
    return true;
}

bool cli_size(const char *opt, const char *text, size_t min, size_t max, size_t *out)
{
    char *end = NULL;
    errno = 0;
    if (text[0] == ' ' || text[0] == '\t' || text[0] == '+') {
        cli_error("%s: expected a count, got '%.40s'", opt, text);
        return false;
    }
    if (text[0] == '-') {
        cli_error("%s: expected a positive count, got '%s'", opt, text);
        return false;
    }
    unsigned long long v = strtoull(text, &end, 0);
    if (end == text || errno == ERANGE) {
        cli_error("%s: expected a count, got '%s'", opt, text);
        return false;
    }
    /* 2^26 may be written 2^26 */
    if (*end == '^' && v == 2) {
        char *end2 = NULL;
        unsigned long e = strtoul(end + 1, &end2, 10);
        if (end2 == end + 1 || *end2) {
            cli_error("%s: expected a count like 4096 or 2^12, got '%s'", opt, text);
            return false;
        }
        v = e > 63 ? ULLONG_MAX : 1ull << e; /* beyond 64 bits: out of range below */
        end = end2;
    }
    if (*end) {
        cli_error("%s: expected a count, got '%s'", opt, text);
        return false;
    }
    if (v < min || v > max) {
        if (max && (max & (max - 1)) == 0 && max > 4096)
            cli_error("%s: %s is out of range (%zu..2^%d)", opt, text, min, __builtin_ctzll(max));
        else
            cli_error("%s: %s is out of range (%zu..%zu)", opt, text, min, max);
        return false;
    }
    *out = (size_t)v;
    return true;
}

bool cli_mask(const char *opt, const char *text, int lanes, uint64_t *out)
{
    char *end = NULL;
    errno = 0;
    if (text[0] == '-') {
        cli_error("%s: expected a lane mask like 0xffff, got '%s'", opt, text);
        return false;
    }
    unsigned long long v = strtoull(text, &end, 0);
    if (end == text || *end || errno == ERANGE || text[0] == ' ' || text[0] == '+') {
        cli_error("%s: expected a lane mask like 0xffff, got '%.40s'", opt, text);
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
    cli_error("--profile: unknown profile '%s' (sm90, wave64, wave32)", text);
    return false;
}

bool cli_type(const char *text, wk_elem *out)
{
    if (wk_elem_from_name(text, out))
        return true;
    cli_error("--type: unknown type '%s' (i32, u32, f32, f64, i64, u64, sym)", text);
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
    cli_error("--diag: unknown policy '%s' (ignore, warn, error)", text);
    return false;
}

bool cli_lanes(const char *text, int *out)
{
    long num;
    if (!cli_long("--lanes", text, 1, 64, &num))
        return false;
    if (num != 32 && num != 64) {
        cli_error("--lanes %ld: a warp has 32 lanes (sm90) or 64 (wave64); for fewer threads use --threads", num);
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

/* ---- Output files ---- */

/* A device, a pipe or another file that is not a regular file: written in
 * place (a temporary file renamed over it would replace it). */
static int open_in_place(cli_out *o, const char *path)
{
    o->f = fopen(path, "w");
    if (!o->f) {
        cli_error("--output %s: cannot write: %s", path, strerror(errno));
        return CLI_EXIT_IO;
    }
    o->path = strdup(path);
    return CLI_EXIT_OK;
}

int cli_out_open(cli_out *o, const char *path)
{
    memset(o, 0, sizeof *o);
    if (!path || strcmp(path, "-") == 0) {
        o->f = stdout;
        return CLI_EXIT_OK;
    }
    /* A link is followed: its target gets the new content. */
    char *real = NULL;
    struct stat st;
    bool exists = lstat(path, &st) == 0;
    if (exists && S_ISLNK(st.st_mode)) {
        real = realpath(path, NULL);
        if (!real || stat(real, &st) != 0) {
            cli_error("--output %s: a link to a file that does not exist", path);
            free(real);
            return CLI_EXIT_IO;
        }
        path = real;
    }
    if (exists && S_ISDIR(st.st_mode)) {
        cli_error("--output %s: is a directory", path);
        free(real);
        return CLI_EXIT_IO;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        int rc = open_in_place(o, path);
        free(real);
        return rc;
    }
    /* A new file gets 0666 minus the umask; a replaced one keeps its mode. */
    mode_t mask = umask(0);
    umask(mask);
    mode_t mode = exists ? (st.st_mode & 07777) : (0666 & ~mask);
    size_t len = strlen(path) + 16;
    o->path = strdup(path);
    o->tmp = malloc(len);
    if (!o->path || !o->tmp) {
        free(o->path);
        free(o->tmp);
        cli_error("out of memory");
        return CLI_EXIT_IO;
    }
    snprintf(o->tmp, len, "%s.tmpXXXXXX", path);
    free(real);
    int fd = mkstemp(o->tmp);
    if (fd >= 0)
        fchmod(fd, mode);
    if (fd < 0 || !(o->f = fdopen(fd, "w"))) {
        cli_error("--output %s: cannot create the file: %s", o->path, strerror(errno));
        if (fd >= 0) {
            close(fd);
            remove(o->tmp);
        }
        free(o->path);
        free(o->tmp);
        o->path = o->tmp = NULL;
        return CLI_EXIT_IO;
    }
    return CLI_EXIT_OK;
}

int cli_out_close(cli_out *o, bool ok)
{
    int rc = CLI_EXIT_OK;
    if (!o->f)
        return rc;
    if (o->f == stdout) {
        if (fflush(stdout) != 0 || ferror(stdout)) {
            cli_error("cannot write to standard output: %s", strerror(errno));
            rc = CLI_EXIT_IO;
        }
        o->f = NULL;
        return rc;
    }
    bool written = !ferror(o->f);
    if (fclose(o->f) != 0)
        written = false;
    o->f = NULL;
    if (!o->tmp) { /* written in place */
        if (ok && !written) {
            cli_error("--output %s: writing failed: %s", o->path, strerror(errno));
            rc = CLI_EXIT_IO;
        }
        free(o->path);
        o->path = NULL;
        return rc;
    }
    if (ok && !written) {
        cli_error("--output %s: writing failed: %s", o->path, strerror(errno));
        rc = CLI_EXIT_IO;
    }
    if (ok && written && rename(o->tmp, o->path) != 0) {
        cli_error("--output %s: cannot create the file: %s", o->path, strerror(errno));
        rc = CLI_EXIT_IO;
        written = false;
    }
    if (!ok || !written)
        remove(o->tmp);
    free(o->path);
    free(o->tmp);
    o->path = o->tmp = NULL;
    return rc;
}
