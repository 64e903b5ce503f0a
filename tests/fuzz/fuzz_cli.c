/* libFuzzer harness: the command line of `warpsim run` (fuzz_run) and
 * `warpsim op` (fuzz_op), called in process through warpsim_main
 * (cli_main.c); FUZZ_COMMAND says which (tests/fuzz/README.md).
 *
 * Input: the arguments after the command, one per line, then an empty
 * line, then the content of the file in.txt (for --input in.txt):
 *
 *     reduce-down
 *     --type
 *     f32
 *     --input
 *     in.txt
 *
 *     1 2 3 ...
 *
 * The run happens in a private directory holding in.txt and keep.txt;
 * arguments with a '/' are skipped (nothing outside the directory is
 * touched), and so are counts that only make a run slow (--n over 4096,
 * --grid over 16). What is checked, besides no crash, no sanitizer report
 * and no leak:
 *   - the exit status is 0, 1, 2 or 3 (docs/cli.md);
 *   - a failed run (status not 0) leaves no file behind and changes none:
 *     the directory holds in.txt and keep.txt, with their contents;
 *   - a successful run creates no file but one named on its command line
 *     (no temporary file is left), and changes neither file unless named;
 *   - every message is printable ASCII lines of bounded length (values
 *     escaped and cut). */
#include "fuzz_util.h"

#ifndef FUZZ_COMMAND
#define FUZZ_COMMAND "run"
#endif

int warpsim_main(int argc, char **argv);

static const char keep_text[] = "KEEP\n";

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(argc, argv);
    setenv("OMP_NUM_THREADS", "1", 0); /* the machine is shared; results do not depend on it */
    return 0;
}

static void write_file(const char *name, const void *data, size_t n)
{
    FILE *f = fopen(name, "wb");
    if (!f)
        fuzz_fail("cannot write %s", name);
    if (n)
        fwrite(data, 1, n, f);
    fclose(f);
}

/* The file's content equals (data, n). */
static bool same_content(const char *name, const void *data, size_t n)
{
    FILE *f = fopen(name, "rb");
    if (!f)
        return false;
    char *buf = malloc(n + 1);
    size_t got = buf ? fread(buf, 1, n + 1, f) : 0;
    fclose(f);
    bool same = buf && got == n && memcmp(buf, data, n) == 0;
    free(buf);
    return same;
}

/* A count given to --n, --grid or --block, read leniently (decimal, 0x, 2^E);
 * UINT64_MAX when it is not a number (the run then fails quickly anyway). */
static unsigned long long count_value(const char *v)
{
    char *end;
    unsigned long long x = strtoull(v, &end, 0);
    if (*end == '^')
        return strtoull(end + 1, NULL, 10) >= 20 ? ~0ull - 1 : 1ull << strtoull(end + 1, NULL, 10);
    return end == v ? ~0ull : x;
}

/* True when the arguments would only make the run slow (not a finding). */
static bool too_slow(int argc, char **argv)
{
    static const struct {
        const char *name;
        unsigned long long max;
    } caps[] = {{"n", 4096}, {"grid", 16}};
    for (int i = 0; i < argc; i++) {
        for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++) {
            const char *a = argv[i];
            if (strncmp(a, "--", 2) != 0 || strncmp(a + 2, caps[k].name, strlen(caps[k].name)) != 0)
                continue;
            const char *rest = a + 2 + strlen(caps[k].name), *v = NULL;
            if (*rest == '=')
                v = rest + 1;
            else if (*rest == '\0' && i + 1 < argc)
                v = argv[i + 1];
            if (v) {
                unsigned long long x = count_value(v);
                if (x != ~0ull && x > caps[k].max)
                    return true;
            }
        }
    }
    return false;
}

/* A file the run may leave: one named by an argument (or after an '='). */
static bool named(const char *file, int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        const char *eq = strchr(argv[i], '=');
        if (strcmp(argv[i], file) == 0 || (eq && strcmp(eq + 1, file) == 0))
            return true;
    }
    return false;
}

/* Room in a message for the file names given (escaped: 4 characters a byte). */
static size_t path_room(int argc, char **argv)
{
    size_t room = 0;
    for (int i = 2; i < argc; i++) {
        const char *v = NULL;
        if ((strcmp(argv[i], "--input") == 0 || strcmp(argv[i], "--output") == 0) && i + 1 < argc)
            v = argv[i + 1];
        else if (strncmp(argv[i], "--input=", 8) == 0 || strncmp(argv[i], "--output=", 9) == 0)
            v = strchr(argv[i], '=') + 1;
        if (v && 4 * strlen(v) > room)
            room = 4 * strlen(v);
    }
    return room;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    /* Split: argument lines up to an empty line, then in.txt. */
    char *copy = malloc(size + 1);
    if (!copy)
        return 0;
    memcpy(copy, data, size);
    copy[size] = '\0';
    enum { MAX_ARGS = 40 };
    char *argv[MAX_ARGS + 3] = {"warpsim", FUZZ_COMMAND};
    int argc = 2;
    size_t i = 0;
    const char *content = "";
    size_t content_len = 0;
    while (i < size) {
        char *nl = memchr(copy + i, '\n', size - i);
        size_t end = nl ? (size_t)(nl - copy) : size;
        copy[end] = '\0';
        if (end == i) { /* the empty line */
            content = (const char *)data + end + 1;
            content_len = size - end - 1;
            break;
        }
        if (argc < MAX_ARGS + 2)
            argv[argc++] = copy + i;
        i = end + 1;
    }
    argv[argc] = NULL;
    int rc_skip = 0;
    for (int k = 2; k < argc; k++)
        if (strchr(argv[k], '/'))
            rc_skip = -1;
    if (rc_skip || too_slow(argc, argv)) {
        free(copy);
        return -1;
    }

    write_file("in.txt", content, content_len);
    write_file("keep.txt", keep_text, sizeof keep_text - 1);

    /* The arguments as the code sees them may be changed by it: keep ours. */
    char *args[MAX_ARGS + 3];
    memcpy(args, argv, sizeof args);
    fuzz_capture_begin();
    int rc = warpsim_main(argc, args);
    size_t len;
    const char *msg = fuzz_capture_end(&len);

    FUZZ_CHECK(rc >= 0 && rc <= 3, "exit status %d", rc);
    fuzz_check_messages_room(msg, len, "messages", path_room(argc, argv));
    if (rc != 0)
        FUZZ_CHECK(len > 0, "exit %d without a message", rc);

    DIR *d = opendir(".");
    if (!d)
        fuzz_fail("cannot list the directory");
    struct dirent *ent;
    while ((ent = readdir(d)) != NULL) {
        const char *f = ent->d_name;
        if (strcmp(f, ".") == 0 || strcmp(f, "..") == 0)
            continue;
        bool mine = strcmp(f, "in.txt") == 0 || strcmp(f, "keep.txt") == 0;
        if (!mine) {
            FUZZ_CHECK(rc == 0, "exit %d left a file '%s' behind", rc, f);
            FUZZ_CHECK(named(f, argc, argv), "the run left a file '%s' that no argument names (a temporary file?)",
                       f);
        }
        if (strcmp(f, "in.txt") && strcmp(f, "keep.txt") && strcmp(f, ".") && strcmp(f, ".."))
            remove(f);
    }
    closedir(d);
    if (rc != 0 || !named("keep.txt", argc, argv))
        FUZZ_CHECK(same_content("keep.txt", keep_text, sizeof keep_text - 1), "exit %d changed keep.txt", rc);
    if (rc != 0 || !named("in.txt", argc, argv))
        FUZZ_CHECK(same_content("in.txt", content, content_len), "exit %d changed in.txt", rc);
    free(copy);
    return 0;
}
