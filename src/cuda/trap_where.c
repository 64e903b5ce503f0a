/* A code address as file:line, through binutils' addr2line on the object
 * that holds it (dladdr), so the runtime needs no DWARF reader of its own. */
#define _GNU_SOURCE
#include "trap_where.h"

#include <dlfcn.h>
#include <elf.h>
#include <spawn.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <ucontext.h>
#include <unistd.h>

extern char **environ;

void *wc_trap_pc(void *ucontext)
{
    const ucontext_t *uc = ucontext;
#if defined(__x86_64__)
    return uc ? (void *)(uintptr_t)uc->uc_mcontext.gregs[REG_RIP] : NULL;
#elif defined(__aarch64__)
    return uc ? (void *)(uintptr_t)uc->uc_mcontext.pc : NULL;
#else
    (void)uc;
    return NULL;
#endif
}

static uint64_t mix(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 0x100000001b3ULL; /* FNV-1a */
    return h;
}

uint64_t wc_trap_state(void *ucontext)
{
    const ucontext_t *uc = ucontext;
    uint64_t h = 0xcbf29ce484222325ULL;
    if (!uc)
        return h;
#if defined(__x86_64__)
    h = mix(h, uc->uc_mcontext.gregs, (REG_EFL + 1) * sizeof uc->uc_mcontext.gregs[0]); /* r8..rip, flags */
    if (uc->uc_mcontext.fpregs)
        h = mix(h, uc->uc_mcontext.fpregs->_xmm, sizeof uc->uc_mcontext.fpregs->_xmm);
#elif defined(__aarch64__)
    h = mix(h, uc->uc_mcontext.regs, sizeof uc->uc_mcontext.regs);
    h = mix(h, &uc->uc_mcontext.sp, sizeof uc->uc_mcontext.sp);
    h = mix(h, &uc->uc_mcontext.pc, sizeof uc->uc_mcontext.pc);
#else
    void *pc = wc_trap_pc(ucontext);
    h = mix(h, &pc, sizeof pc);
#endif
    return h;
}

/* Runs addr2line [option] -e object address and reads what it prints. */
static bool addr2line(const char *option, const char *object, uintptr_t address, char *out, size_t size)
{
    int fd[2];
    if (pipe(fd) != 0)
        return false;
    char addr[32];
    snprintf(addr, sizeof addr, "0x%lx", (unsigned long)address);
    char *argv[] = {"addr2line", option ? (char *)option : "-e", option ? "-e" : (char *)object,
                    option ? (char *)object : addr, option ? addr : NULL, NULL};
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_adddup2(&fa, fd[1], 1);
    posix_spawn_file_actions_addclose(&fa, fd[0]);
    posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", 0, 0);
    pid_t pid;
    int spawned = posix_spawnp(&pid, "addr2line", &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    close(fd[1]);
    size_t n = 0;
    if (spawned == 0) {
        ssize_t got;
        while (n + 1 < size && (got = read(fd[0], out + n, size - 1 - n)) > 0)
            n += (size_t)got;
        char rest[256];
        while (read(fd[0], rest, sizeof rest) > 0) /* what did not fit */
            ;
        waitpid(pid, NULL, 0);
    }
    close(fd[0]);
    out[n] = 0;
    return spawned == 0 && n > 0 && out[0] != '?';
}

/* The object that holds pc and pc's address in its line table. */
static const char *object_of(void *pc, uintptr_t *address)
{
    Dl_info info;
    if (!pc || !dladdr(pc, &info) || !info.dli_fname || !info.dli_fbase)
        return NULL;
    /* A position-independent object's line table holds offsets from its base. */
    const Elf64_Ehdr *eh = info.dli_fbase;
    *address = (uintptr_t)pc;
    if (eh->e_type == ET_DYN)
        *address -= (uintptr_t)info.dli_fbase;
    return info.dli_fname[0] ? info.dli_fname : "/proc/self/exe";
}

/* "file.cu:12" as the other diagnostics show sites: the name as compiled
 * (relative to where the program runs), no discriminator. */
static void tidy_where(const char *line, size_t len, char *buf, size_t size)
{
    const char *disc = strstr(line, " (discriminator");
    if (disc && (size_t)(disc - line) < len)
        len = (size_t)(disc - line);
    const char *name = line;
    char cwd[512];
    size_t cl = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
    if (cl && len > cl && strncmp(line, cwd, cl) == 0 && line[cl] == '/') {
        name += cl + 1;
        len -= cl + 1;
    }
    snprintf(buf, size, "%.*s", (int)len, name);
}

void wc_trap_where(void *pc, char *buf, size_t size)
{
    buf[0] = 0;
    uintptr_t address;
    const char *object = object_of(pc, &address);
    char line[400];
    if (!object || !addr2line(NULL, object, address, line, sizeof line))
        return;
    tidy_where(line, strcspn(line, "\n"), buf, size);
}

/* A demangled signature as CUDA's tools write it: "int const*" becomes
 * "const int *", "int*" "int *". */
static void cuda_signature(const char *in, char *out, size_t size)
{
    size_t k = 0;
    const char *open = strchr(in, '(');
    size_t head = open ? (size_t)(open + 1 - in) : strlen(in);
    for (size_t i = 0; i < head && k + 1 < size; i++)
        out[k++] = in[i];
    for (const char *p = in + head; *p && k + 1 < size;) {
        size_t n = strcspn(p, ",)");
        char param[200];
        snprintf(param, sizeof param, "%.*s", (int)n, p);
        while (param[0] == ' ')
            memmove(param, param + 1, strlen(param));
        char *qual = NULL;
        const char *q = strstr(param, " const*") ? "const" : strstr(param, " volatile*") ? "volatile" : NULL;
        if (q)
            qual = strstr(param, q[0] == 'c' ? " const*" : " volatile*");
        char fixed[260];
        if (qual) /* "T const*..." -> "const T *..." */
            snprintf(fixed, sizeof fixed, "%s %.*s%s", q, (int)(qual - param), param, qual + 1 + strlen(q));
        else
            snprintf(fixed, sizeof fixed, "%s", param);
        if (p != in + head && k + 2 < size) {
            out[k++] = ' ';
        }
        for (size_t i = 0; fixed[i] && k + 2 < size; i++) {
            if ((fixed[i] == '*' || fixed[i] == '&') && i > 0 && fixed[i - 1] != ' ' && fixed[i - 1] != '*' &&
                fixed[i - 1] != '&')
                out[k++] = ' ';
            out[k++] = fixed[i];
        }
        p += n;
        if (*p && k + 1 < size)
            out[k++] = *p++;
    }
    out[k] = 0;
}

void wc_code_site(void *pc, char *function, size_t fsize, char *where, size_t wsize)
{
    function[0] = where[0] = 0;
    uintptr_t address;
    const char *object = object_of(pc, &address);
    char text[4000];
    if (!object || !addr2line("-fCi", object, address, text, sizeof text))
        return;
    /* Pairs of lines, the innermost inlined function first: the first one
     * in the user's code, not in warpsim's headers. */
    const char *best_f = NULL, *best_w = NULL;
    size_t best_fl = 0, best_wl = 0;
    for (const char *p = text; *p;) {
        const char *f = p;
        size_t fl = strcspn(f, "\n");
        if (!f[fl])
            break;
        const char *w = f + fl + 1;
        size_t wl = strcspn(w, "\n");
        p = w + wl + (w[wl] == '\n');
        bool ours = memmem(w, wl, "/warpsim/", 9) != NULL;
        if (!best_f || !ours) {
            best_f = f;
            best_fl = fl;
            best_w = w;
            best_wl = wl;
        }
        if (!ours)
            break;
    }
    if (!best_f)
        return;
    char name[300];
    snprintf(name, sizeof name, "%.*s", (int)best_fl, best_f);
    cuda_signature(name, function, fsize);
    if (best_w[0] != '?')
        tidy_where(best_w, best_wl, where, wsize);
}
