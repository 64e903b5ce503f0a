/* The table behind mufu_squarer (gpumath_internal.h): the special-function
 * unit's truncated square of every 17-bit X, computed once by the bit-exact
 * definition (mufu_squarer_compute), before main where the loader runs
 * constructors, else at the first use; pthread_once makes a fill racing
 * with another thread's first use safe. */
#include <pthread.h>

#include "gpumath_internal.h"

uint16_t mufu_squares[1 << 17];
bool mufu_squares_ready;

static pthread_once_t fill_once = PTHREAD_ONCE_INIT;

static void fill(void)
{
    for (uint32_t X = 0; X < (1u << 17); X++)
        mufu_squares[X] = (uint16_t)mufu_squarer_compute(X);
    __atomic_store_n(&mufu_squares_ready, true, __ATOMIC_RELEASE);
}

void mufu_squares_fill(void) { pthread_once(&fill_once, fill); }

__attribute__((constructor)) static void fill_at_load(void) { mufu_squares_fill(); }
