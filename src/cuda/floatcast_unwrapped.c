/* The float-cast check's handlers under their own names, for objects that
 * were linked without warpsim cc's renaming (-Wl,--wrap, floatcast.c): weak,
 * so that a UBSan runtime linked as well keeps its own. In a file of their
 * own, so that a link that renames (and asks for the originals only weakly)
 * never pulls them in. */
#include <stdint.h>

#include "floatcast.h"

void __ubsan_handle_float_cast_overflow(void *data, uintptr_t from) __attribute__((weak));
void __ubsan_handle_float_cast_overflow_abort(void *data, uintptr_t from) __attribute__((weak));

void __ubsan_handle_float_cast_overflow(void *data, uintptr_t from) { wc_floatcast_check(data, from, false); }
void __ubsan_handle_float_cast_overflow_abort(void *data, uintptr_t from) { wc_floatcast_check(data, from, true); }
