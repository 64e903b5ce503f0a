/* The operand part of an x86-64 instruction (ModRM, SIB, displacement),
 * decoded from a signal's context: what the SIGFPE fixups (intdiv.c,
 * floatcast.c) need to find an instruction's register or memory operand
 * and its end. */
#ifndef WARPSIM_CUDA_X86_MODRM_H
#define WARPSIM_CUDA_X86_MODRM_H
#if defined(__x86_64__)
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdint.h>
#include <ucontext.h>

typedef struct wc_x86_operand {
    int reg;                 /* ModRM's reg field, REX.R applied: a register number 0-15 */
    bool memory;             /* the r/m operand is memory at ea, else the register rm */
    int rm;                  /* REX.B applied */
    uintptr_t ea;
    const unsigned char *end; /* the byte after the operand bytes (no immediate follows in our uses) */
} wc_x86_operand;

/* Decodes the ModRM byte at p and what follows it; rex holds the REX bits
 * (0x40-0x4F, or 0 for none: a VEX prefix's R and B bits are given the same way). */
wc_x86_operand wc_x86_decode_operand(const unsigned char *p, int rex, const greg_t *g);

/* REG_RAX ... REG_R15 of a register number. */
greg_t *wc_x86_greg(greg_t *g, int number);
#endif
#endif
