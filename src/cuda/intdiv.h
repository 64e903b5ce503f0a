/* Integer division where the CPU traps and the GPU does not: by zero, and
 * the minimum by -1 (intdiv.c). */
#ifndef WARPSIM_INTDIV_H
#define WARPSIM_INTDIV_H
#include <stdbool.h>
#include <stdint.h>

/* The H200's quotient and remainder of a / b for `bits` (32 or 64) wide
 * operands, signed or not, where b is 0 or (signed) a is the minimum and
 * b is -1. The values are bit patterns of that width. */
void wc_gpu_divide(int bits, bool is_signed, uint64_t a, uint64_t b, uint64_t *quotient, uint64_t *remainder);

/* The instruction at the signal context's pc is a div or idiv that
 * trapped: gives its registers the GPU's results and moves past it.
 * False (nothing changed) when it is not one this decodes. */
bool wc_intdiv_fixup(void *ucontext);
#endif
