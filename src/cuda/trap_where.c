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

/* Runs addr2line -e object address and reads its first line. */
static bool addr2line(const char *object, uintptr_t address, char *line, size_t size)
{
    int fd[2];
    if (pipe(fd) != 0)
        return false;
    char addr[32];
    snprintf(addr, sizeof addr, "0x%lx", (unsigned long)address);
    char *argv[] = {"addr2line", "-e", (char *)object, addr, NULL};
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
        while (n + 1 < size && (got = read(fd[0], line + n, size - 1 - n)) > 0)
            n += (size_t)got;
        waitpid(pid, NULL, 0);
    }
    close(fd[0]);
    line[n] = 0;
    line[strcspn(line, "\n")] = 0;
    return spawned == 0 && n > 0 && line[0] != '?';
}

void wc_trap_where(void *pc, char *buf, size_t size)
{
    buf[0] = 0;
    Dl_info info;
    if (!pc || !dladdr(pc, &info) || !info.dli_fname || !info.dli_fbase)
        return;
    const char *object = info.dli_fname[0] ? info.dli_fname : "/proc/self/exe";
    /* A position-independent object's line table holds offsets from its base. */
    const Elf64_Ehdr *eh = info.dli_fbase;
    uintptr_t address = (uintptr_t)pc;
    if (eh->e_type == ET_DYN)
        address -= (uintptr_t)info.dli_fbase;
    char line[400];
    if (!addr2line(object, address, line, sizeof line))
        return;
    /* Shown as the other diagnostics' sites: the file's name as compiled, and its line. */
    const char *disc = strstr(line, " (discriminator");
    size_t len = disc ? (size_t)(disc - line) : strlen(line);
    const char *name = line;
    char cwd[512];
    size_t cl = getcwd(cwd, sizeof cwd) ? strlen(cwd) : 0;
    if (cl && strncmp(line, cwd, cl) == 0 && line[cl] == '/') {
        name += cl + 1; /* relative to where the program runs, as the compiler was given it */
        len -= cl + 1;
    }
    snprintf(buf, size, "%.*s", (int)len, name);
}
