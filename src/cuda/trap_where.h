/* Where a trap happened: the faulting instruction's file:line. */
#ifndef WARPSIM_TRAP_WHERE_H
#define WARPSIM_TRAP_WHERE_H
#include <stddef.h>
#include <stdint.h>

/* The interrupted instruction of a signal's context (NULL where unknown). */
void *wc_trap_pc(void *ucontext);
/* A hash of the interrupted thread's registers (program counter, stack
 * pointer, general registers and, on x86-64, the vector registers): the
 * same at two samples when it spins, different when it computes. */
uint64_t wc_trap_state(void *ucontext);
/* "file.cu:12" for the code at pc, from the program's line table (it is
 * built with line information: warpsim cc passes -g1); "" where there is
 * none. Not for a signal handler: it runs addr2line. */
void wc_trap_where(void *pc, char *buf, size_t size);
/* The function (as CUDA's tools write it: "fill(int *, int)") and the
 * file:line of the code at pc: the innermost inlined function that is not
 * in warpsim's own headers. Empty where unknown. Runs addr2line. */
void wc_code_site(void *pc, char *function, size_t fsize, char *where, size_t wsize);
#endif
