/* The checker's fast path, inlined into each of check_tsan.c's entry
 * points (and device.c's atomics): most accesses are to the stack, to
 * written device memory or to shared memory, and the first two end here. */
#ifndef WARPSIM_CHECK_ACCESS_H
#define WARPSIM_CHECK_ACCESS_H

#include <string.h>

#include "check_cells.h"

/* check.c: device memory's other cases. */
void wc_check_access_slow(wc_lane *l, const void *addr, size_t size, unsigned kind, void *pc);

static inline __attribute__((always_inline)) void wc_check_access(wc_lane *l, const void *addr, size_t size,
                                                                  unsigned kind, void *pc)
{
    if (l->check_quiet)
        return;
    uintptr_t a = (uintptr_t)addr, off = a - (uintptr_t)wc_check_arena;
    if (!size)
        return;
    size_t mapped = __atomic_load_n(&wc_check_mapped, __ATOMIC_RELAXED);
    if (off < WC_CHECK_ARENA_BYTES) {
        /* Device memory: a plain aligned access to bytes written before is the usual case. */
        static const unsigned char written[16] = {2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
        if (size <= 16 && !(kind & WC_ACCESS_ATOMIC) && off + size <= mapped &&
            ((kind & (WC_ACCESS_UNALIGNED | WC_ACCESS_RANGE)) || (a & (wc_check_alignment(size) - 1)) == 0) &&
            memcmp(wc_check_states + off, written, size) == 0)
            return;
    } else if (a - (uintptr_t)l->block->check.window < l->block->check.window_span) {
        if (!wc_check_shared_word(l, addr, size, kind, pc) && !wc_check_shared_access(l, addr, size, kind, pc))
            wc_check_stop_lane(l); /* the block's shared memory: outside its variables */
        return;
    } else {
        return; /* neither device nor shared memory: the thread's stack, a __device__ variable */
    }
    wc_check_access_slow(l, addr, size, kind, pc);
}

#endif
