/* What the libFuzzer harnesses share: a private working directory, standard
 * streams away from the terminal, stderr captured around a call, and a
 * failure that libFuzzer records as a finding. */
#ifndef WARPSIM_FUZZ_UTIL_H
#define WARPSIM_FUZZ_UTIL_H

#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sanitizer/common_interface_defs.h>

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The real standard error, kept before fd 2 is pointed elsewhere. */
static int fuzz_stderr = 2;

/* A broken oracle: says which, then aborts (libFuzzer saves the input). */
__attribute__((format(printf, 1, 2), noreturn)) static void fuzz_fail(const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    dprintf(fuzz_stderr, "\n== warpsim fuzz oracle failed: %s\n", msg);
    abort();
}

#define FUZZ_CHECK(cond, ...)                                                                                      \
    do {                                                                                                           \
        if (!(cond))                                                                                               \
            fuzz_fail(__VA_ARGS__);                                                                                \
    } while (0)

static char fuzz_dir[] = "/tmp/warpsim-fuzz-XXXXXX";

/* At exit: the private directory and what is in it (no subdirectories). */
static void fuzz_cleanup(void)
{
    DIR *d = opendir(fuzz_dir);
    if (!d)
        return;
    struct dirent *e;
    char path[sizeof fuzz_dir + 300];
    while ((e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
            snprintf(path, sizeof path, "%s/%s", fuzz_dir, e->d_name);
            unlink(path);
        }
    closedir(d);
    if (chdir("/") == 0)
        rmdir(fuzz_dir);
}

/* Relative paths among libFuzzer's arguments (inputs, corpus folders,
 * -artifact_prefix=, -dict=, -exact_artifact_path=) made absolute, since the
 * harness changes directory before libFuzzer reads them. */
static void fuzz_absolute_args(int *argc, char ***argv)
{
    static const char *const flags[] = {"-artifact_prefix=", "-dict=", "-exact_artifact_path=", ""};
    char cwd[4096];
    if (!argc || !argv || !getcwd(cwd, sizeof cwd))
        return;
    for (int i = 1; i < *argc; i++) {
        char *a = (*argv)[i];
        for (size_t k = 0; k < sizeof flags / sizeof flags[0]; k++) {
            size_t fl = strlen(flags[k]);
            if (strncmp(a, flags[k], fl) != 0 || (fl == 0 && a[0] == '-'))
                continue;
            if (a[fl] != '/' && a[fl] != '\0') {
                size_t len = strlen(a) + strlen(cwd) + 2;
                char *abs = malloc(len); /* kept for the whole run */
                if (abs) {
                    snprintf(abs, len, "%.*s%s/%s", (int)fl, a, cwd, a + fl);
                    (*argv)[i] = abs;
                }
            }
            break;
        }
    }
}

/* stdin and stdout on /dev/null, sanitizer reports on the real stderr,
 * and a private directory as the working directory (the CLI harness only
 * names files in it). Returns the directory's path. */
static const char *fuzz_setup(int *argc, char ***argv)
{
    fuzz_absolute_args(argc, argv);
    fuzz_stderr = dup(2);
    if (fuzz_stderr < 0)
        fuzz_stderr = 2;
    __sanitizer_set_report_fd((void *)(intptr_t)fuzz_stderr);
    int null = open("/dev/null", O_RDWR);
    if (null >= 0) {
        dup2(null, 0);
        dup2(null, 1);
        close(null);
    }
    if (!mkdtemp(fuzz_dir) || chdir(fuzz_dir) != 0) {
        perror("warpsim fuzz: a private directory");
        exit(1);
    }
    atexit(fuzz_cleanup);
    return fuzz_dir;
}

/* Standard error into a file from fuzz_capture_begin to fuzz_capture_end,
 * which returns what was written (NUL-terminated, valid until the next
 * call). */
static int capture_fd = -1;
static char *capture_text;

__attribute__((unused)) static void fuzz_capture_begin(void)
{
    fflush(stderr);
    if (capture_fd < 0) {
        char name[] = "/tmp/warpsim-fuzz-stderr-XXXXXX";
        capture_fd = mkstemp(name);
        if (capture_fd < 0)
            fuzz_fail("cannot create a file for stderr");
        unlink(name);
    }
    if (ftruncate(capture_fd, 0) != 0 || lseek(capture_fd, 0, SEEK_SET) != 0)
        fuzz_fail("cannot reset the stderr file");
    dup2(capture_fd, 2);
}

__attribute__((unused)) static const char *fuzz_capture_end(size_t *len)
{
    fflush(stderr);
    int null = open("/dev/null", O_WRONLY);
    dup2(null >= 0 ? null : fuzz_stderr, 2);
    if (null >= 0)
        close(null);
    off_t size = lseek(capture_fd, 0, SEEK_END);
    free(capture_text);
    capture_text = malloc((size_t)size + 1);
    if (!capture_text)
        fuzz_fail("out of memory for stderr");
    ssize_t got = pread(capture_fd, capture_text, (size_t)size, 0);
    capture_text[got > 0 ? got : 0] = '\0';
    *len = got > 0 ? (size_t)got : 0;
    return capture_text;
}

/* The messages' promise (docs/cli.md): lines of printable ASCII (values
 * escaped and cut at 40 characters), none very long: FUZZ_MAX_LINE, plus
 * path_room for a file name (escaped, not cut). */
#define FUZZ_MAX_LINE 1024
__attribute__((unused)) static void fuzz_check_messages_room(const char *text, size_t len, const char *what,
                                                             size_t path_room)
{
    size_t line = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (c == '\n') {
            line = 0;
            continue;
        }
        FUZZ_CHECK(c != '\0', "%s: a NUL byte on stderr, at byte %zu", what, i);
        FUZZ_CHECK(c >= 0x20 && c < 0x7f,
                   "%s: byte 0x%02x on stderr at byte %zu (values must be escaped): %.200s", what, c, i, text);
        FUZZ_CHECK(++line <= FUZZ_MAX_LINE + path_room, "%s: a stderr line over %zu characters: %.200s...", what,
                   FUZZ_MAX_LINE + path_room, text + i + 1 - line);
    }
}

#define fuzz_check_messages(text, len, what) fuzz_check_messages_room(text, len, what, 0)

#endif
