/* Conversions of a float or double to an integer type that cannot hold the
 * value (NaN, an infinity, beyond the type's range): undefined in C++,
 * where the GPU saturates and the CPU gives its "integer indefinite" or the
 * low bits of a wider conversion (floatcast.c). */
#ifndef WARPSIM_CUDA_FLOATCAST_H
#define WARPSIM_CUDA_FLOATCAST_H
#include <stdbool.h>
#include <stdint.h>

/* The GPU's result (docs/probes/float_cast_probe.cu) of converting v, a
 * float's value or a double, to the integer type of `bits` (8, 16, 32 or
 * 64) bits, signed or not, as that type's bit pattern (zero-extended):
 * saturated to the type's range (narrower than 32 bits: to 32 bits of the
 * same signedness, then the low bits); NaN gives the sign bit alone, but 0
 * from a float to 32 bits. */
uint64_t wc_gpu_float_to_int(double v, bool from_double, int bits, bool is_signed);

/* SIGFPE from the conversion instruction a cast site armed: gives its
 * destination register the GPU's value, steps over it, masks the invalid
 * exception again (any other instruction runs again, masked). False
 * (nothing changed) when no conversion was armed on this thread and, in a
 * kernel (in_kernel), the exception was not left unmasked. Safe in a
 * signal handler. */
bool wc_floatcast_fixup(void *ucontext, int si_code, bool in_kernel);

/* What the check's handler does with a cast of data's site (a UBSan data
 * pointer) of the value in `from`, with no UBSan runtime to pass host code's
 * casts to; abort: the compiler's call does not return (no recovery). */
void wc_floatcast_check(void *data, uintptr_t from, bool abort);

/* Whether this OS thread armed a conversion that has not run yet: the
 * watchdog leaves the thread alone until it has (preempt.c). */
bool wc_floatcast_armed(void);

struct wc_block;
/* The cast sites the block's threads met, as diagnostics (at its end). */
void wc_floatcast_report(struct wc_block *b);
#endif
