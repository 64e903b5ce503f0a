/* warpsim cc: whole .cu programs (host code included) built for the CPU.
 *
 * Each .cu file is preprocessed by $CXX -E (default: the C++ compiler of
 * warpsim's build, else c++) with warpsim/cuda.h and warpsim/cuda_runtime.h
 * included first, that output rewritten (cc_rewrite.c: kernel launches,
 * __shared__) into a temporary C++ file, and that compiled as C++17 with
 * -ffp-contract=off -fopenmp and warpsim/cuda_macros.h included first; .c
 * files are compiled as C17 with $CC, .cpp files as C++17; then everything
 * is linked with libwarpsim_cuda and libwarpsim (static), OpenMP and
 * threads. Headers and libraries are found relative to
 * this executable: the build tree (sim/warpsim next to src/) or the
 * installed layout (bin/warpsim, include/, lib/).
 *
 * --rewrite-only writes the rewritten .cu (the two front-end headers
 * included first) as a C++ file and stops: the CMake package's
 * warpsim_add_cuda_executable compiles it with the project's own C++
 * compiler and flags; -MF writes a make-style dependency file of the user's
 * headers it read, for CMake's DEPFILE. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cc_rewrite.h"
#include "cli.h"

int cmd_cc(int argc, char **argv);

#ifndef WS_CC_CXX
#define WS_CC_CXX "c++"
#endif
#ifndef WS_CC_CC
#define WS_CC_CC "cc"
#endif
#ifndef WS_CC_LINK_FLAGS
#define WS_CC_LINK_FLAGS ""
#endif
#ifndef WS_CC_BUILD_INCLUDE_REL
#define WS_CC_BUILD_INCLUDE_REL "../../include"
#endif
#ifndef WS_CC_BUILD_LIB_REL
#define WS_CC_BUILD_LIB_REL "../src"
#endif
#ifndef WS_CC_INSTALL_INCLUDE_REL
#define WS_CC_INSTALL_INCLUDE_REL "../include"
#endif
#ifndef WS_CC_INSTALL_LIB_REL
#define WS_CC_INSTALL_LIB_REL "../lib"
#endif

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, EXIT_IO = 3 };

static const char help[] =
    "usage: warpsim cc FILE.cu [more .cu/.c/.cpp/.o/.a files] [-o OUT] [-I DIR] [-D NAME[=V]]\n"
    "                  [-O2] [compiler flags] [-c] [--check] [--keep] [-v] [--help]\n"
    "       warpsim cc --rewrite-only FILE.cu -o OUT.cpp [-I DIR] [-MF DEPFILE]\n"
    "\n"
    "Builds a whole CUDA program, host code included, to run on the CPU: each .cu file is\n"
    "preprocessed by $CXX (default: " WS_CC_CXX ") with warpsim/cuda.h and\n"
    "warpsim/cuda_runtime.h included first, every kernel launch\n"
    "name<<<grid, block[, shared[, stream]]>>>(args) and __shared__ declaration in that\n"
    "output is rewritten for warpsim's CUDA front end, the result is compiled as C++17\n"
    "with -ffp-contract=off -fopenmp, and linked statically with libwarpsim_trace,\n"
    "libwarpsim_cuda and libwarpsim. .c files are compiled as C17 with\n"
    "$CC (default: " WS_CC_CC "), .cpp/.cc/.cxx files as C++17; .o, .a and .so files and\n"
    "-l/-L flags go to the link. Every device thread runs on the model: the H200's bits\n"
    "in every lane, undefined behaviour reported with file:line (WARPSIM_DIAG=error\n"
    "makes it fail the launch; =ignore silences it). The program writes the trace of\n"
    "its warps with WARPSIM_TRACE=text|json|csv|html:FILE (WARPSIM_TRACE_WARPS=B.W,...,\n"
    "WARPSIM_TRACE_KERNEL=name, WARPSIM_TRACE_COST=1; docs/cuda-frontend.md).\n"
    "\n"
    "  -o OUT        the program (default a.out; with -c, FILE.o)\n"
    "  -c            compile only, one source file to an object file\n"
    "  -I DIR, -iquote DIR, -isystem DIR, -include F, -D NAME[=V], -U NAME, -M*, -O*, -g*,\n"
    "  -W*, -w, -f*, -m*, -pedantic, -std=*, -l*, -L*: to the compiler; any other option is\n"
    "                refused (status 2), as nvcc refuses it\n"
    "  -Xcompiler A,B, --compiler-options A,B  A and B to the compiler (as nvcc takes them)\n"
    "  -Xlinker A    -Wl,A to the link;  --std=X: -std=X;  -dc: -c;  -x cu: accepted\n"
    "  -arch, -gencode, -code, -Xptxas, -Xnvlink, -maxrregcount, -ccbin, -rdc, -G, -lineinfo,\n"
    "  -res-usage, -fmad=*, --expt-*, --default-stream (and their long forms): nvcc's flags for\n"
    "                the GPU side, accepted and ignored\n"
    "  -ftz=true, -prec-sqrt=false, -use_fast_math (with -prec-div=true): nvcc's float modes\n"
    "                (docs/cuda-frontend.md, \"Flush to zero\"); -prec-div=false is refused\n"
    "  --check       a checked program: run, it reports what compute-sanitizer's memcheck,\n"
    "                racecheck, initcheck and synccheck would (WARPSIM_CHECK=memcheck,... picks\n"
    "                tools; lockstep runs a warp's lanes in step at shared memory), then\n"
    "                ERROR SUMMARY: N errors, and exits 1 when N > 0 (docs/cuda-frontend.md,\n"
    "                \"Checking\")\n"
    "  --keep        keep the preprocessed (.ii) and rewritten (.cpp) sources (their folder\n"
    "                is printed)\n"
    "  --rewrite-only  only rewrite one .cu file into the C++ file OUT (-o, needed), which\n"
    "                includes warpsim/cuda.h and warpsim/cuda_runtime.h first; user headers\n"
    "                that launch kernels are rewritten into the folder OUT.headers/. Compile\n"
    "                OUT as C++17 with -ffp-contract=off, -isystem INCLUDE/warpsim/cuda_compat\n"
    "                and link libwarpsim_cuda (the CMake package does all this)\n"
    "  -MF DEPFILE   with --rewrite-only: write the headers read as a make rule OUT: FILE.cu ...\n"
    "  -v            print the commands as they run\n"
    "  --help        this text\n"
    "\n"
    "Exit status: 0 built, 1 a rewrite, compile or link failed (the compiler's own\n"
    "messages name the .cu file and line), 2 bad arguments, 3 a file could not be read.\n";

/* ---- growing argument vectors ---- */
typedef struct strv {
    char **v;
    size_t n, cap;
} strv;

static bool sv_push(strv *s, const char *a)
{
    if (s->n + 2 > s->cap) {
        size_t cap = s->cap ? 2 * s->cap : 32;
        char **grown = realloc(s->v, cap * sizeof *grown);
        if (!grown)
            return false;
        s->v = grown;
        s->cap = cap;
    }
    char *copy = strdup(a);
    if (!copy)
        return false;
    s->v[s->n++] = copy;
    s->v[s->n] = NULL;
    return true;
}
static bool sv_pushf(strv *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static bool sv_pushf(strv *s, const char *fmt, ...)
{
    char buf[PATH_MAX + 64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    return sv_push(s, buf);
}
static bool sv_append(strv *s, const strv *t)
{
    for (size_t i = 0; i < t->n; i++)
        if (!sv_push(s, t->v[i]))
            return false;
    return true;
}
/* Splits on spaces (the configured flags). */
static bool sv_words(strv *s, const char *text)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    for (char *w = strtok(buf, " "); w; w = strtok(NULL, " "))
        if (!sv_push(s, w))
            return false;
    return true;
}
static void sv_free(strv *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->v[i]);
    free(s->v);
    *s = (strv){0};
}

static void errorf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* One line: the names in it are cut (%.200s), control bytes written as \xNN. */
static void errorf(const char *fmt, ...)
{
    char msg[2048];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    fputs("warpsim cc: ", stderr);
    for (const unsigned char *p = (const unsigned char *)msg; *p; p++)
        if (*p < 0x20 || *p == 0x7f)
            fprintf(stderr, "\\x%02x", *p);
        else
            fputc(*p, stderr);
    fputc('\n', stderr);
}

/* ---- running the compiler ---- */
static void print_command(char *const *argv)
{
    for (size_t i = 0; argv[i]; i++) {
        const char *a = argv[i];
        bool plain = *a != 0;
        for (const char *p = a; *p && plain; p++)
            plain = strchr("\"'\\ $`*?&|;<>(){}[]!#~\t\n", *p) == NULL;
        if (plain) {
            fprintf(stderr, "%s%s", i ? " " : "", a);
        } else {
            fprintf(stderr, "%s'", i ? " " : "");
            for (const char *p = a; *p; p++)
                *p == '\'' ? fputs("'\\''", stderr) : fputc(*p, stderr);
            fputc('\'', stderr);
        }
    }
    fputc('\n', stderr);
}

/* A signal that ends warpsim cc ends its compiler too; the temporary folder
 * is removed and the signal raised again at the end of cmd_cc. */
static volatile sig_atomic_t child_pid, caught_signal;

static void on_signal(int sig)
{
    caught_signal = sig;
    if (child_pid > 0)
        kill((pid_t)child_pid, sig);
}

static bool run(char *const *argv, bool verbose)
{
    if (caught_signal)
        return false;
    if (verbose)
        print_command(argv);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        errorf("cannot start %.200s: %s", argv[0], strerror(errno));
        return false;
    }
    if (pid == 0) {
        execvp(argv[0], argv);
        fprintf(stderr, "warpsim cc: cannot run %s: %s\n", argv[0], strerror(errno));
        _exit(127);
    }
    child_pid = pid;
    if (caught_signal) /* it came before child_pid was set */
        kill(pid, caught_signal);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR) {
            child_pid = 0;
            errorf("waiting for %.200s: %s", argv[0], strerror(errno));
            return false;
        }
    child_pid = 0;
    return !caught_signal && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* ---- where the headers and libraries are ---- */
static bool exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

typedef struct layout {
    char include[PATH_MAX], libdir[PATH_MAX];
} layout;

static bool find_layout(layout *l)
{
    char exe[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return false;
    exe[len] = 0;
    char *slash = strrchr(exe, '/');
    if (!slash)
        return false;
    *slash = 0;
    static const char *const pairs[][2] = {{WS_CC_BUILD_INCLUDE_REL, WS_CC_BUILD_LIB_REL},
                                           {WS_CC_INSTALL_INCLUDE_REL, WS_CC_INSTALL_LIB_REL},
                                           {"../include", "../lib"},
                                           {"../include", "../lib64"}};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        char inc[PATH_MAX * 2], lib[PATH_MAX * 2], probe[PATH_MAX * 3];
        snprintf(inc, sizeof inc, "%s/%s", exe, pairs[i][0]);
        snprintf(lib, sizeof lib, "%s/%s", exe, pairs[i][1]);
        snprintf(probe, sizeof probe, "%s/warpsim/cuda_runtime.h", inc);
        if (!exists(probe))
            continue;
        snprintf(probe, sizeof probe, "%s/libwarpsim_cuda.a", lib);
        if (!exists(probe))
            continue;
        snprintf(probe, sizeof probe, "%s/libwarpsim_trace.a", lib); /* WARPSIM_TRACE's writers, linked too */
        if (!exists(probe))
            continue;
        if (!realpath(inc, l->include) || !realpath(lib, l->libdir))
            continue;
        return true;
    }
    return false;
}

/* -fsanitize=thread's instrumentation as the checker wants it: no calls at
 * function entry and exit, volatile accesses told apart (gcc's --param,
 * clang's -mllvm), every access announced. */
/* The copies and sets the compiler leaves as calls, seen by the checker (check_tsan.c). */
#define WC_CHECK_WRAP "-Wl,--wrap=memcpy,--wrap=memmove,--wrap=memset"
/* The float-cast check's calls, to warpsim's handler (src/cuda/floatcast.c)
 * even where a UBSan runtime that has its own is linked too. */
#define WC_FLOAT_CAST_WRAP \
    "-Wl,--wrap=__ubsan_handle_float_cast_overflow,--wrap=__ubsan_handle_float_cast_overflow_abort"

/* Whether the compiler is clang: by its name, or what --version says (cc, c++, a wrapper). */
static bool is_clang(const char *compiler)
{
    const char *base = strrchr(compiler, '/');
    if (strstr(base ? base + 1 : compiler, "clang"))
        return true;
    if (strchr(compiler, '\''))
        return false;
    char cmd[PATH_MAX + 40], line[256] = "";
    snprintf(cmd, sizeof cmd, "'%s' --version 2>/dev/null", compiler);
    FILE *p = popen(cmd, "r");
    if (!p)
        return false;
    bool clang = fgets(line, sizeof line, p) && strstr(line, "clang");
    while (fgets(line, sizeof line, p)) /* the rest, so that it exits */
        ;
    pclose(p);
    return clang;
}

static bool check_flags(strv *cmd, const char *compiler)
{
    /* No vectorizing: the instrumentation skips vector accesses of odd
     * sizes (clang's 48-byte stores of three doubles), and gcc expands
     * memset and memcpy of known sizes inline, unseen, unless they stay calls. */
    if (is_clang(compiler))
        return sv_push(cmd, "-mllvm") && sv_push(cmd, "-tsan-instrument-func-entry-exit=0") &&
               sv_push(cmd, "-mllvm") && sv_push(cmd, "-tsan-distinguish-volatile=1") &&
               sv_push(cmd, "-mllvm") && sv_push(cmd, "-vectorize-loops=false") && sv_push(cmd, "-mllvm") &&
               sv_push(cmd, "-vectorize-slp=false"); /* (-fno-slp-vectorize leaves clang 14's <6 x double>) */
    return sv_push(cmd, "--param=tsan-instrument-func-entry-exit=0") &&
           sv_push(cmd, "--param=tsan-distinguish-volatile=1") && sv_push(cmd, "-fno-tree-vectorize") &&
           sv_push(cmd, "-fno-builtin-memset") && sv_push(cmd, "-fno-builtin-memcpy") &&
           sv_push(cmd, "-fno-builtin-memmove");
}

/* ---- the command ---- */
typedef enum { SRC_CU, SRC_C, SRC_CXX } src_kind;

typedef struct source {
    const char *path;
    src_kind kind;
} source;

static const char *ext_of(const char *path)
{
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    return dot && (!slash || dot > slash) ? dot : "";
}

static bool read_file(const char *path, char **text, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap) {
            if (ferror(f)) {
                free(buf);
                buf = NULL;
            }
            break;
        }
        char *grown = realloc(buf, cap * 2);
        if (!grown) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = grown;
        cap *= 2;
    }
    fclose(f);
    if (!buf)
        return false;
    *text = buf;
    *len = n;
    return true;
}

static bool write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return false;
    bool ok = fwrite(text, 1, len, f) == len;
    return fclose(f) == 0 && ok;
}

/* nvcc's flags for the GPU side (code generation, ptxas, device debug
 * info, nvlink): accepted and ignored, so an nvcc command line works. */
/* nvcc's way of passing host-compiler flags: -Xcompiler A,B or --compiler-options A,B (or =A,B). */
static bool compiler_options_flag(const char *a)
{
    static const char *const names[] = {"-Xcompiler", "--compiler-options"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        size_t n = strlen(names[k]);
        if (strncmp(a, names[k], n) == 0 && (a[n] == '\0' || a[n] == '='))
            return true;
    }
    return false;
}

static bool nvcc_only_flag(const char *a, bool *takes_value)
{
    static const char *const with_value[] = {"-arch", "-gencode", "--gpu-architecture", "-code", "--gpu-code",
                                             "-Xptxas", "--ptxas-options", "-Xnvlink", "--nvlink-options",
                                             "-maxrregcount", "--maxrregcount", "-ccbin", "--compiler-bindir",
                                             "--default-stream", "-rdc", "--relocatable-device-code", "-t",
                                             "--threads"};
    static const char *const alone[] = {"-lineinfo", "--generate-line-info", "-G", "--device-debug",
                                        "-res-usage", "--resource-usage", "-Wno-deprecated-gpu-targets",
                                        "--extended-lambda", "-extended-lambda", "-allow-unsupported-compiler",
                                        "--allow-unsupported-compiler"};
    *takes_value = false;
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++) {
        size_t n = strlen(with_value[i]);
        if (strcmp(a, with_value[i]) == 0) {
            *takes_value = true;
            return true;
        }
        if (strncmp(a, with_value[i], n) == 0 && a[n] == '=')
            return true;
    }
    for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++)
        if (strcmp(a, alone[i]) == 0)
            return true;
    return strncmp(a, "-fmad=", 6) == 0 || strncmp(a, "--fmad=", 7) == 0 || strncmp(a, "--expt-", 7) == 0;
}

/* Flags for the preprocessor alone: given to the -E step of a .cu file, not
 * to the compile of its rewritten output (which has no #include or macro
 * left, and whose dependencies are not the user's). *takes_value: the next
 * argument is its value. */
static bool preprocessor_only_flag(const char *a, bool *takes_value)
{
    static const char *const with_value[] = {"-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote",
                                             "-idirafter", "-iprefix", "-MF", "-MT", "-MQ"};
    static const char *const joined[] = {"-I", "-D", "-U", "-MF", "-MT", "-MQ", "-isystem", "-iquote",
                                         "-idirafter"};
    static const char *const alone[] = {"-M", "-MM", "-MD", "-MMD", "-MP", "-MG", "-nostdinc", "-nostdinc++",
                                        "-undef"};
    *takes_value = false;
    for (size_t i = 0; i < sizeof with_value / sizeof with_value[0]; i++)
        if (strcmp(a, with_value[i]) == 0)
            return *takes_value = true;
    for (size_t i = 0; i < sizeof alone / sizeof alone[0]; i++)
        if (strcmp(a, alone[i]) == 0)
            return true;
    for (size_t i = 0; i < sizeof joined / sizeof joined[0]; i++)
        if (strncmp(a, joined[i], strlen(joined[i])) == 0 && a[strlen(joined[i])])
            return true;
    return false;
}

/* The compiler's own flags that warpsim cc passes on (as nvcc passes -O, -g,
 * -I, -D and its host compiler's -W/-f/-m spellings through -Xcompiler):
 * optimisation, debug info, warnings, code generation, language, the
 * preprocessor's. Any other single-dash word is refused, as nvcc refuses
 * `-Q`: it would reach g++ or ld with another meaning. */
static bool compiler_flag(const char *a)
{
    static const char *const prefixes[] = {"-O", "-g", "-W", "-f", "-m", "-std=", "-pedantic", "-I", "-D", "-U",
                                           "-isystem", "-iquote", "-idirafter", "-imacros", "-M", "--param",
                                           "--sysroot", "-rdynamic"};
    static const char *const whole[] = {"-w", "-include", "-nostdinc", "-nostdinc++", "-undef", "-pg",
                                        "-p", "-shared", "-no-pie", "-pie"};
    bool takes;
    if (preprocessor_only_flag(a, &takes))
        return true;
    for (size_t i = 0; i < sizeof whole / sizeof whole[0]; i++)
        if (strcmp(a, whole[i]) == 0)
            return true;
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++)
        if (strncmp(a, prefixes[i], strlen(prefixes[i])) == 0)
            return true;
    return false;
}

/* ---- the user's headers (--rewrite-only): rewritten too when they launch kernels ---- */
typedef struct includes {
    const char *tmp_dir;
    const strv *flags;       /* -I DIR / -IDIR among them */
    strv *temps;             /* files to remove */
    strv seen, seen_out;     /* header realpath -> what its #include names ("" = itself) */
    bool keep, verbose;
    bool make_dir;           /* create tmp_dir at the first rewritten header */
    int depth;
    size_t counter;
} includes;

static int rewrite_file(includes *inc, const char *path, const char *dir, char **text, size_t *len, bool *changed,
                        char *err, size_t err_size);

typedef struct include_ctx {
    includes *inc;
    const char *dir;  /* the including file's folder */
    bool changed;     /* a header it includes was rewritten */
} include_ctx;

static int on_include(void *user, const char *name, bool angled, char *out, size_t out_size)
{
    include_ctx *ic = user;
    includes *inc = ic->inc;
    char found[PATH_MAX], probe[PATH_MAX * 2];
    bool ok = false;
    if (name[0] == '/') {
        ok = exists(name) && realpath(name, found);
    } else {
        if (!angled) {
            snprintf(probe, sizeof probe, "%s/%s", ic->dir, name);
            ok = exists(probe) && realpath(probe, found);
        }
        for (size_t i = 0; !ok && i < inc->flags->n; i++) {
            const char *f = inc->flags->v[i], *d = NULL;
            if (strcmp(f, "-I") == 0 && i + 1 < inc->flags->n)
                d = inc->flags->v[++i];
            else if (strncmp(f, "-I", 2) == 0 && f[2])
                d = f + 2;
            else if ((strcmp(f, "-D") == 0 || strcmp(f, "-U") == 0 || strcmp(f, "-include") == 0 ||
                      strcmp(f, "-isystem") == 0) && i + 1 < inc->flags->n)
                i++;
            if (d) {
                snprintf(probe, sizeof probe, "%s/%s", d, name);
                ok = exists(probe) && realpath(probe, found);
            }
        }
    }
    if (!ok)
        return 0; /* a system header, or the compiler finds it by other means */
    for (size_t i = 0; i < inc->seen.n; i++)
        if (strcmp(inc->seen.v[i], found) == 0) {
            const char *to = inc->seen_out.v[i][0] ? inc->seen_out.v[i] : found;
            ic->changed |= inc->seen_out.v[i][0] != 0;
            snprintf(out, out_size, "%s", to);
            return 1;
        }
    if (inc->depth >= 64) {
        snprintf(out, out_size, "#include nested too deeply at %s", name);
        return -1;
    }
    /* Not seen: mark it (a header including itself stops here), rewrite it. */
    if (!sv_push(&inc->seen, found) || !sv_push(&inc->seen_out, "")) {
        snprintf(out, out_size, "out of memory");
        return -1;
    }
    size_t slot = inc->seen.n - 1;
    char *text = NULL, dir[PATH_MAX];
    size_t len = 0;
    bool changed = false;
    snprintf(dir, sizeof dir, "%s", found);
    *strrchr(dir, '/') = 0;
    inc->depth++;
    int got = rewrite_file(inc, found, dir, &text, &len, &changed, out, out_size);
    inc->depth--;
    if (got != 0)
        return -1;
    if (changed) {
        const char *base = strrchr(found, '/') + 1;
        char copy[PATH_MAX + 64];
        if (inc->make_dir && mkdir(inc->tmp_dir, 0777) != 0 && errno != EEXIST) {
            snprintf(out, out_size, "%s: %s", inc->tmp_dir, strerror(errno));
            free(text);
            return -1;
        }
        snprintf(copy, sizeof copy, "%s/h%zu-%s", inc->tmp_dir, inc->counter++, base);
        if (!write_file(copy, text, len)) {
            snprintf(out, out_size, "%s: %s", copy, strerror(errno));
            free(text);
            return -1;
        }
        if (!inc->keep && !sv_push(inc->temps, copy)) {
            snprintf(out, out_size, "out of memory");
            free(text);
            return -1;
        }
        if (inc->verbose)
            fprintf(stderr, "warpsim cc: %s: rewritten -> %s\n", found, copy);
        free(inc->seen_out.v[slot]);
        inc->seen_out.v[slot] = strdup(copy);
        if (!inc->seen_out.v[slot]) {
            snprintf(out, out_size, "out of memory");
            free(text);
            return -1;
        }
        ic->changed = true;
        snprintf(out, out_size, "%s", copy);
    } else {
        snprintf(out, out_size, "%s", found);
    }
    free(text);
    return 1;
}

/* Rewrites a file (a .cu or a header it includes): 0, or 1 with the error
 * in err. *changed: anything in it or in what it includes was rewritten. */
static int rewrite_file(includes *inc, const char *path, const char *dir, char **text, size_t *len, bool *changed,
                        char *err, size_t err_size)
{
    char *src = NULL;
    size_t n = 0;
    if (!read_file(path, &src, &n)) {
        snprintf(err, err_size, "%s: %s", path, strerror(errno));
        return 1;
    }
    include_ctx ic = {.inc = inc, .dir = dir};
    cc_rewrite_result r;
    bool ok = cc_rewrite_includes(src, n, path, on_include, &ic, &r);
    free(src);
    if (!ok) {
        snprintf(err, err_size, "%s", r.error);
        return 1;
    }
    *text = r.text;
    *len = r.len;
    *changed = ic.changed || r.launches || r.shared_decls;
    return 0;
}

/* Removes the temporary folder and what is in it. */
static void remove_dir(const char *dir, const strv *files)
{
    for (size_t i = 0; i < files->n; i++)
        unlink(files->v[i]);
    rmdir(dir);
}

/* A make rule's file name (after a space unless it is the target):
 * spaces, '#' and '$' escaped. */
static void put_dep(FILE *f, const char *path, bool target)
{
    if (!target)
        fputc(' ', f);
    for (const char *p = path; *p; p++) {
        if (*p == ' ' || *p == '#')
            fputc('\\', f);
        else if (*p == '$')
            fputc('$', f);
        fputc(*p, f);
    }
}

/* --rewrite-only: one .cu file to the C++ file `out` (the front end's two
 * headers included first); the user's headers that launch kernels go to
 * OUT.headers/ (named by absolute path in the #include directives), and
 * -MF lists every user header read. */
static int rewrite_only_mode(const source *srcs, size_t n_srcs, bool compile_only, const char *out,
                             const char *depfile, const strv *flags, bool verbose)
{
    if (compile_only) {
        errorf("--rewrite-only and -c do not go together (see --help)");
        return EXIT_USAGE;
    }
    if (n_srcs != 1 || srcs[0].kind != SRC_CU) {
        errorf("--rewrite-only takes one .cu file (see --help)");
        return EXIT_USAGE;
    }
    if (!out) {
        errorf("--rewrite-only needs -o OUT (the C++ file to write)");
        return EXIT_USAGE;
    }
    const char *path = srcs[0].path;
    char out_dir[PATH_MAX], headers[PATH_MAX + 16], src_dir[PATH_MAX];
    const char *out_base = strrchr(out, '/');
    snprintf(out_dir, sizeof out_dir, "%.*s", out_base ? (int)(out_base == out ? 1 : out_base - out) : 1,
             out_base ? out : ".");
    out_base = out_base ? out_base + 1 : out;
    char abs_dir[PATH_MAX];
    if (!realpath(out_dir, abs_dir)) {
        errorf("%.200s: %s", out_dir, strerror(errno));
        return EXIT_IO;
    }
    snprintf(headers, sizeof headers, "%s/%s.headers", strcmp(abs_dir, "/") == 0 ? "" : abs_dir, out_base);
    const char *slash = strrchr(path, '/');
    snprintf(src_dir, sizeof src_dir, "%.*s", slash ? (int)(slash == path ? 1 : slash - path) : 1, slash ? path : ".");

    strv temps = {0};
    includes inc = {.tmp_dir = headers, .flags = flags, .temps = &temps, .keep = true, .verbose = verbose,
                    .make_dir = true};
    char *text = NULL, why[700];
    size_t len = 0;
    bool changed = false;
    int status = EXIT_OK;
    if (rewrite_file(&inc, path, src_dir, &text, &len, &changed, why, sizeof why) != 0) {
        fprintf(stderr, "%s\n", why);
        status = EXIT_FAIL;
        goto done;
    }
    static const char prologue[] = "#include <warpsim/cuda.h>\n#include <warpsim/cuda_runtime.h>\n";
    FILE *f = fopen(out, "wb");
    bool ok = f && fputs(prologue, f) >= 0 && fwrite(text, 1, len, f) == len;
    if (f && fclose(f) != 0)
        ok = false;
    if (!ok) {
        errorf("%.200s: %s", out, strerror(errno));
        status = EXIT_IO;
        goto done;
    }
    if (verbose)
        fprintf(stderr, "warpsim cc: %s: rewritten -> %s\n", path, out);
    if (depfile) {
        FILE *d = fopen(depfile, "w");
        ok = d != NULL;
        if (d) {
            put_dep(d, out, true);
            fputc(':', d);
            put_dep(d, path, false);
            for (size_t i = 0; i < inc.seen.n; i++)
                put_dep(d, inc.seen.v[i], false);
            fputc('\n', d);
            ok = !ferror(d);
            ok = fclose(d) == 0 && ok;
        }
        if (!ok) {
            errorf("%.200s: %s", depfile, strerror(errno));
            status = EXIT_IO;
        }
    }
done:
    free(text);
    sv_free(&inc.seen);
    sv_free(&inc.seen_out);
    sv_free(&temps);
    return status;
}

/* The user's flags less those for the preprocessor alone. */
static bool sv_append_compile_flags(strv *s, const strv *flags)
{
    for (size_t i = 0; i < flags->n; i++) {
        bool takes;
        if (preprocessor_only_flag(flags->v[i], &takes))
            i += takes;
        else if (!sv_push(s, flags->v[i]))
            return false;
    }
    return true;
}

/* A .cu file into the C++ file `rewritten` (in dir): preprocessed by the
 * C++ compiler as the compile would (the front end's headers included
 * first, `__shared__` left a word), then rewritten (cc_rewrite.c), so
 * macros, #if, token pasting, line splices, include order and __FILE__ are
 * what the compiler sees. Returns an exit status. */
static int cu_rewrite(const char *path, size_t index, const char *base, const char *dir, const layout *lay,
                      const char *cxx, const strv *cxxflags, const strv *flags, const char *obj, bool keep,
                      bool verbose, strv *temps, char *rewritten, size_t rewritten_size)
{
    char pre[PATH_MAX + 64];
    snprintf(pre, sizeof pre, "%s/%zu-%s.ii", dir, index, base);
    snprintf(rewritten, rewritten_size, "%s/%zu-%s.cpp", dir, index, base);
    if (!keep && (!sv_push(temps, pre) || !sv_push(temps, rewritten))) {
        errorf("out of memory");
        return EXIT_FAIL;
    }
    bool deps = false, named = false; /* -MD/-MMD: the rule names the object, not the .ii */
    for (size_t i = 0; i < flags->n; i++) {
        deps |= strcmp(flags->v[i], "-MD") == 0 || strcmp(flags->v[i], "-MMD") == 0;
        named |= strncmp(flags->v[i], "-MT", 3) == 0 || strncmp(flags->v[i], "-MQ", 3) == 0;
    }
    strv cmd = {0};
    bool built = sv_push(&cmd, cxx) && sv_push(&cmd, "-E") && sv_push(&cmd, "-x") && sv_push(&cmd, "c++") &&
                 sv_push(&cmd, "-std=c++17") && sv_append(&cmd, cxxflags) && sv_push(&cmd, "-fopenmp") &&
                 sv_push(&cmd, "-DWS_CC_PREPROCESSING_=1") && sv_pushf(&cmd, "-I%s", lay->include) &&
                 sv_push(&cmd, "-isystem") && sv_pushf(&cmd, "%s/warpsim/cuda_compat", lay->include) &&
                 sv_push(&cmd, "-include") && sv_push(&cmd, "warpsim/cuda.h") && sv_push(&cmd, "-include") &&
                 sv_push(&cmd, "warpsim/cuda_runtime.h") && sv_append(&cmd, flags) &&
                 (!deps || named || (sv_push(&cmd, "-MQ") && sv_push(&cmd, obj))) &&
                 (path[0] == '-' ? sv_pushf(&cmd, "./%s", path) : sv_push(&cmd, path)) &&
                 sv_push(&cmd, "-o") && sv_push(&cmd, pre);
    if (!built) {
        sv_free(&cmd);
        errorf("out of memory");
        return EXIT_FAIL;
    }
    bool ok = run(cmd.v, verbose);
    sv_free(&cmd);
    if (!ok) {
        errorf("compiling %.200s failed", path);
        return EXIT_FAIL;
    }
    char *text = NULL;
    size_t len = 0;
    if (!read_file(pre, &text, &len)) {
        errorf("%.200s: %s", pre, strerror(errno));
        return EXIT_IO;
    }
    cc_rewrite_result r;
    ok = cc_rewrite_preprocessed(text, len, path, &r);
    free(text);
    if (!ok) {
        fprintf(stderr, "%s\n", r.error);
        return EXIT_FAIL;
    }
    ok = write_file(rewritten, r.text, r.len);
    free(r.text);
    if (!ok) {
        errorf("%.200s: %s", rewritten, strerror(errno));
        return EXIT_IO;
    }
    if (verbose)
        fprintf(stderr, "warpsim cc: %s: preprocessed and rewritten -> %s\n", path, rewritten);
    return EXIT_OK;
}

/* nvcc's float modes: -ftz, -prec-div, -prec-sqrt (=true or =false, one
 * or two dashes) and -use_fast_math; -1: not given. */
typedef struct math_mode {
    int ftz, prec_div, prec_sqrt;
    bool fast_math, bad;
} math_mode;

static bool math_mode_flag(const char *a, math_mode *m)
{
    if (strcmp(a, "-use_fast_math") == 0 || strcmp(a, "--use_fast_math") == 0) {
        m->fast_math = true;
        return true;
    }
    static const char *const names[] = {"ftz=", "prec-div=", "prec-sqrt="};
    int *fields[] = {&m->ftz, &m->prec_div, &m->prec_sqrt};
    const char *b = a[0] == '-' && a[1] == '-' ? a + 2 : a[0] == '-' ? a + 1 : a;
    for (int i = 0; i < 3; i++) {
        size_t n = strlen(names[i]);
        if (strncmp(b, names[i], n) != 0)
            continue;
        const char *v = b + n;
        m->bad = strcmp(v, "true") != 0 && strcmp(v, "false") != 0;
        *fields[i] = strcmp(v, "true") == 0;
        return true;
    }
    return false;
}

enum { MATH_MODE_OK, MATH_MODE_OOM, MATH_MODE_REFUSED };

/* The modes as the front end's macros (warpsim/cuda_ftz.h, cuda_math.h);
 * -prec-div=false is refused: nvcc's x / y is then div.approx (or
 * div.full), which no header can give a float's / operator. */
static int math_mode_defines(const math_mode *m, strv *flags)
{
    int ftz = m->ftz >= 0 ? m->ftz : m->fast_math, prec_sqrt = m->prec_sqrt >= 0 ? m->prec_sqrt : !m->fast_math;
    int prec_div = m->prec_div >= 0 ? m->prec_div : !m->fast_math;
    if (!prec_div) {
        errorf("%s: not supported: float division x / y would be nvcc's approximate division (div.approx), "
               "which warpsim cannot give the / operator; add -prec-div=true (x / y stays IEEE-rounded, as in "
               "nvcc's build with it), or write __fdividef(x, y) where the approximation is meant",
               m->fast_math && m->prec_div < 0 ? "-use_fast_math" : "-prec-div=false");
        return MATH_MODE_REFUSED;
    }
#if !(defined(__x86_64__) || defined(__i386__) || defined(__aarch64__))
    if (ftz) { /* src/gpumath_ftz.c knows the CPU's flush-to-zero mode of these only */
        errorf("%s: not supported on this CPU: warpsim flushes with x86's or AArch64's flush-to-zero mode",
               m->fast_math ? "-use_fast_math" : "-ftz=true");
        return MATH_MODE_REFUSED;
    }
#endif
    if (m->fast_math && !ftz) {
        errorf("-use_fast_math with -ftz=false: not supported (nvcc's fast functions flush to zero)");
        return MATH_MODE_REFUSED;
    }
    if ((ftz && !sv_push(flags, "-DWARPSIM_CUDA_FTZ=1")) || (!prec_sqrt && !sv_push(flags, "-DWARPSIM_CUDA_PREC_SQRT=0")) ||
        (m->fast_math && !sv_push(flags, "-DWARPSIM_CUDA_FAST_MATH=1")))
        return MATH_MODE_OOM;
    return MATH_MODE_OK;
}

int cmd_cc(int argc, char **argv)
{
    strv flags = {0}, cflags = {0}, cxxflags = {0}, link = {0}, temps = {0};
    source *srcs = calloc((size_t)argc + 1, sizeof *srcs);
    size_t n_srcs = 0;
    const char *out = NULL, *depfile = NULL;
    bool keep = false, verbose = false, compile_only = false, rewrite_only = false, check = false;
    math_mode mode = {.ftz = -1, .prec_div = -1, .prec_sqrt = -1};
    int status = EXIT_USAGE;
    char dir[PATH_MAX];
    bool have_dir = false;
    cli_on_cleanup_signals(on_signal);
    if (!srcs)
        goto oom;
    bool files_only = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes;
        if (files_only) {
            goto a_file;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(help, stdout);
            status = EXIT_OK;
            goto done;
        } else if (strcmp(a, "--keep") == 0) {
            keep = true;
        } else if (strcmp(a, "--check") == 0) {
            check = true;
        } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
            verbose = true;
        } else if (strcmp(a, "-c") == 0) {
            compile_only = true;
        } else if (strcmp(a, "--rewrite-only") == 0) {
            rewrite_only = true;
        } else if (strcmp(a, "-MF") == 0) {
            if (!v) {
                errorf("-MF needs a file name (see --help)");
                goto done;
            }
            depfile = v;
            i++;
        } else if (strcmp(a, "-o") == 0) {
            if (!v) {
                errorf("-o needs a file name (see --help)");
                goto done;
            }
            out = v;
            i++;
        } else if ((strcmp(a, "-I") == 0 || strcmp(a, "-D") == 0 || strcmp(a, "-U") == 0 || strcmp(a, "-L") == 0 ||
                    strcmp(a, "-l") == 0 || strcmp(a, "-include") == 0 || strcmp(a, "-isystem") == 0 ||
                    strcmp(a, "-iquote") == 0)) {
            if (!v) {
                errorf("%.200s needs a value (see --help)", a);
                goto done;
            }
            strv *to = (a[1] == 'L' || a[1] == 'l') ? &link : &flags;
            if (!sv_push(to, a) || !sv_push(to, v))
                goto oom;
            i++;
        } else if (compiler_options_flag(a)) { /* -Xcompiler or --compiler-options, with = or apart */
            const char *eq = strchr(a, '=');
            const char *list = eq ? eq + 1 : v;
            if (!list) {
                errorf("%.*s needs a value (see --help)", (int)(eq ? (size_t)(eq - a) : strlen(a)), a);
                goto done;
            }
            if (!eq)
                i++;
            char buf[1024];
            snprintf(buf, sizeof buf, "%s", list);
            for (char *w = strtok(buf, ","); w; w = strtok(NULL, ","))
                if (!sv_push(&flags, w))
                    goto oom;
        } else if (math_mode_flag(a, &mode)) {
            if (mode.bad) {
                errorf("%.200s: not a value nvcc takes (true or false)", a);
                goto done;
            }
        } else if (strcmp(a, "-dc") == 0 || strcmp(a, "--device-c") == 0) {
            compile_only = true; /* relocatable device code: an object file, as -c */
        } else if (strncmp(a, "--std=", 6) == 0) {
            if (!sv_push(strncmp(a + 6, "c++", 3) == 0 || strncmp(a + 6, "gnu++", 5) == 0 ? &cxxflags : &cflags, a + 1))
                goto oom;
        } else if (strcmp(a, "--") == 0) {
            files_only = true; /* what follows is files, even a name that starts with - */
        } else if (strcmp(a, "-x") == 0 && v && (strcmp(v, "cu") == 0 || strcmp(v, "cuda") == 0)) {
            i++; /* the files are .cu already */
        } else if (strcmp(a, "-Xlinker") == 0 || strcmp(a, "--linker-options") == 0) {
            if (!v) {
                errorf("%.200s needs a value (see --help)", a);
                goto done;
            }
            if (!sv_pushf(&link, "-Wl,%s", v))
                goto oom;
            i++;
        } else if (nvcc_only_flag(a, &takes)) {
            if (verbose)
                errorf("%.200s: an nvcc flag, ignored", a);
            if (takes)
                i++;
        } else if (strncmp(a, "-l", 2) == 0 || strncmp(a, "-L", 2) == 0 || strncmp(a, "-Wl,", 4) == 0 ||
                   strcmp(a, "-static") == 0 || strcmp(a, "-pthread") == 0) {
            if (!sv_push(&link, a))
                goto oom;
        } else if (strncmp(a, "-std=c++", 8) == 0 || strncmp(a, "-std=gnu++", 10) == 0) {
            if (!sv_push(&cxxflags, a))
                goto oom;
        } else if (strncmp(a, "-std=", 5) == 0) {
            if (!sv_push(&cflags, a))
                goto oom;
        } else if (a[0] == '-' && a[1]) {
            if (!compiler_flag(a)) {
                errorf("%.100s: not an option of warpsim cc (see --help)", a);
                goto done;
            }
            if (!sv_push(&flags, a))
                goto oom;
            if (strncmp(a, "-fsanitize", 10) == 0 && !sv_push(&link, a))
                goto oom;
        } else {
        a_file:;
            const char *e = ext_of(a);
            if (strcmp(e, ".cu") == 0) {
                srcs[n_srcs++] = (source){a, SRC_CU};
            } else if (strcmp(e, ".c") == 0) {
                srcs[n_srcs++] = (source){a, SRC_C};
            } else if (strcmp(e, ".cpp") == 0 || strcmp(e, ".cc") == 0 || strcmp(e, ".cxx") == 0 ||
                       strcmp(e, ".C") == 0) {
                srcs[n_srcs++] = (source){a, SRC_CXX};
            } else if (strcmp(e, ".o") == 0 || strcmp(e, ".a") == 0 || strcmp(e, ".so") == 0 ||
                       strstr(a, ".so.")) {
                if (!sv_push(&link, a))
                    goto oom;
            } else {
                errorf("%.200s: not a .cu, .c, .cpp, .o, .a or .so file (see --help)", a);
                goto done;
            }
            if (!exists(a) || access(a, R_OK) != 0) { /* missing or unreadable: exit 3, as documented */
                errorf("%.200s: %s", a, strerror(errno));
                status = EXIT_IO;
                goto done;
            }
        }
    }
    switch (math_mode_defines(&mode, &flags)) {
    case MATH_MODE_OK: break;
    case MATH_MODE_OOM: goto oom;
    case MATH_MODE_REFUSED: goto done;
    }
    bool have_objects = false; /* warpsim cc a.o b.o -o prog links objects that -c made */
    for (size_t i = 0; i < link.n; i++) {
        if (strcmp(link.v[i], "-l") == 0 || strcmp(link.v[i], "-L") == 0)
            i++; /* its value */
        else
            have_objects |= link.v[i][0] != '-';
    }
    if (n_srcs == 0 && (!have_objects || compile_only || rewrite_only)) {
        errorf("no source files (warpsim cc FILE.cu -o OUT; see --help)");
        goto done;
    }
    if (compile_only && n_srcs != 1) {
        errorf("-c compiles one source file (%zu given)", n_srcs);
        goto done;
    }
    for (size_t i = 0; out && i < n_srcs; i++) {
        struct stat so, ss;
        if (strcmp(out, srcs[i].path) == 0 ||
            (stat(out, &so) == 0 && stat(srcs[i].path, &ss) == 0 && so.st_dev == ss.st_dev && so.st_ino == ss.st_ino)) {
            errorf("-o %.200s: that is the source file %.200s: it would be overwritten", out, srcs[i].path);
            goto done;
        }
    }
    if (rewrite_only) {
        status = rewrite_only_mode(srcs, n_srcs, compile_only, out, depfile, &flags, verbose);
        goto done;
    }
    if (depfile && (!sv_push(&flags, "-MF") || !sv_push(&flags, depfile)))
        goto oom; /* the compiler's own -MF (with -MD) */

    layout lay;
    if (!find_layout(&lay)) {
        errorf("cannot find warpsim's headers and libwarpsim_cuda.a next to this executable (the build tree "
               "or an installed prefix: bin/, include/, lib/)");
        status = EXIT_IO;
        goto done;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(dir, sizeof dir, "%s/warpsim-cc-XXXXXX", tmp && *tmp && strlen(tmp) < PATH_MAX - 32 ? tmp : "/tmp");
    if (!mkdtemp(dir)) {
        errorf("cannot create a temporary folder in %.200s: %s", tmp && *tmp ? tmp : "/tmp", strerror(errno));
        status = EXIT_IO;
        goto done;
    }
    have_dir = true;
    const char *cxx = getenv("CXX"), *cc = getenv("CC");
    if (!cxx || !*cxx)
        cxx = WS_CC_CXX;
    if (!cc || !*cc)
        cc = WS_CC_CC;

    /* A checked build: every load and store announced to the checker
     * (libwarpsim_check.a takes the calls). The preprocessing too: the
     * headers leave warpsim's own atomics uninstrumented (__SANITIZE_THREAD__). */
    if (check && !(sv_push(&cxxflags, "-fsanitize=thread") && check_flags(&cxxflags, cxx) &&
                   sv_push(&cflags, "-fsanitize=thread") && check_flags(&cflags, cc)))
        goto oom;
    strv objs = {0};
    status = EXIT_FAIL;
    for (size_t i = 0; i < n_srcs; i++) {
        const source *s = &srcs[i];
        const char *base = strrchr(s->path, '/');
        base = base ? base + 1 : s->path;
        char src_dir[PATH_MAX], obj[PATH_MAX + 64];
        snprintf(src_dir, sizeof src_dir, "%.*s", base == s->path ? 1 : (int)(base - 1 - s->path),
                 base == s->path ? "." : s->path);
        if (compile_only) {
            if (out) {
                snprintf(obj, sizeof obj, "%s", out);
            } else {
                const char *e = ext_of(base);
                snprintf(obj, sizeof obj, "%.*s.o", (int)(e - base), base);
            }
        } else {
            snprintf(obj, sizeof obj, "%s/%zu-%s.o", dir, i, base);
            if (!sv_push(&temps, obj))
                goto oom_objs;
        }
        const char *compile_path = s->path;
        char rewritten[PATH_MAX + 64];
        if (s->kind == SRC_CU) {
            int st = cu_rewrite(s->path, i, base, dir, &lay, cxx, &cxxflags, &flags, obj, keep, verbose, &temps,
                                rewritten, sizeof rewritten);
            if (st != EXIT_OK) {
                status = st;
                goto fail_objs;
            }
            compile_path = rewritten;
        }
        strv cmd = {0};
        bool built = sv_push(&cmd, s->kind == SRC_C ? cc : cxx);
        if (s->kind == SRC_C)
            built = built && sv_push(&cmd, "-x") && sv_push(&cmd, "c") && sv_push(&cmd, "-std=c17") &&
                    sv_append(&cmd, &cflags);
        else
            built = built && sv_push(&cmd, "-x") && sv_push(&cmd, "c++") && sv_push(&cmd, "-std=c++17") &&
                    sv_append(&cmd, &cxxflags);
        /* -g1: the line table, so a trap names its file:line (src/cuda/trap_where.c);
         * DWARF 4, whose file numbers binutils 2.40's addr2line reads right for
         * clang's output too (with clang's DWARF 5 it names the rewritten file).
         * A -g of the user's comes later and wins. */
        /* -O2 by default, as nvcc optimises device code by default (the samples
         * run minutes faster); a -O of the user's comes later and wins. */
        built = built && sv_push(&cmd, "-O2") && sv_push(&cmd, "-ffp-contract=off") && sv_push(&cmd, "-fopenmp") &&
                sv_push(&cmd, "-g1") &&
                sv_push(&cmd, "-gdwarf-4") && sv_pushf(&cmd, "-I%s", lay.include);
        /* Device code's casts of floats the integer type cannot hold: checked, the
         * check's calls going to src/cuda/floatcast.c (WC_FLOAT_CAST_WRAP at the link). */
        if (s->kind == SRC_CU) /* preprocessed already: the rewriter's two macros, the user's compile flags */
            built = built && sv_push(&cmd, "-fsanitize=float-cast-overflow") && sv_push(&cmd, "-include") &&
                    sv_push(&cmd, "warpsim/cuda_macros.h") && sv_append_compile_flags(&cmd, &flags) &&
                    sv_push(&cmd, "-fsanitize-recover=float-cast-overflow"); /* after a user's -fno-sanitize-recover */
        else
            built = built && sv_push(&cmd, "-isystem") && sv_pushf(&cmd, "%s/warpsim/cuda_compat", lay.include) &&
                    (s->kind != SRC_CXX || sv_push(&cmd, "-DWS_CC_HOST_CXX_=1")) && sv_append(&cmd, &flags);
        built = built && sv_push(&cmd, "-c") &&
                (compile_path[0] == '-' ? sv_pushf(&cmd, "./%s", compile_path) : sv_push(&cmd, compile_path)) &&
                sv_push(&cmd, "-o") &&
                sv_push(&cmd, obj);
        if (!built) {
            sv_free(&cmd);
            goto oom_objs;
        }
        bool ok = run(cmd.v, verbose);
        sv_free(&cmd);
        if (!ok) {
            errorf("compiling %.200s failed", s->path);
            goto fail_objs;
        }
        if (!sv_push(&objs, obj))
            goto oom_objs;
    }
    if (!compile_only) {
        strv cmd = {0};
        bool built = sv_push(&cmd, cxx) && sv_append(&cmd, &objs) && sv_append(&cmd, &link) &&
                     /* WARPSIM_TRACE's writers, pulled in by their entry point alone */
                     sv_push(&cmd, "-Wl,-u,ws_cuda_trace_write") && sv_push(&cmd, WC_FLOAT_CAST_WRAP) &&
                     sv_pushf(&cmd, "%s/libwarpsim_trace.a", lay.libdir) &&
                     (!check || (sv_pushf(&cmd, "%s/libwarpsim_check.a", lay.libdir) &&
                                 sv_push(&cmd, WC_CHECK_WRAP))) &&
                     sv_pushf(&cmd, "%s/libwarpsim_cuda.a", lay.libdir) &&
                     sv_pushf(&cmd, "%s/libwarpsim.a", lay.libdir) && sv_push(&cmd, "-fopenmp") &&
                     sv_push(&cmd, "-pthread") && sv_push(&cmd, "-lm") && sv_words(&cmd, WS_CC_LINK_FLAGS) &&
                     sv_append(&cmd, &flags) && sv_push(&cmd, "-o") && sv_push(&cmd, out ? out : "a.out");
        if (!built) {
            sv_free(&cmd);
            goto oom_objs;
        }
        bool ok = run(cmd.v, verbose);
        sv_free(&cmd);
        if (!ok) {
            errorf("linking %.200s failed", out ? out : "a.out");
            goto fail_objs;
        }
    }
    status = EXIT_OK;
    goto fail_objs;
oom_objs:
    errorf("out of memory");
    status = EXIT_FAIL;
fail_objs:
    sv_free(&objs);
    goto done;
oom:
    errorf("out of memory");
    status = EXIT_FAIL;
done:
    if (have_dir) {
        remove_dir(dir, &temps);
        if (keep)
            fprintf(stderr, "warpsim cc: kept the rewritten sources in %s\n", dir);
    }
    sv_free(&flags);
    sv_free(&cflags);
    sv_free(&cxxflags);
    sv_free(&link);
    sv_free(&temps);
    free(srcs);
    if (caught_signal) { /* ended as the signal ends a program, what was ours removed */
        signal(caught_signal, SIG_DFL);
        raise(caught_signal);
    }
    return status;
}
