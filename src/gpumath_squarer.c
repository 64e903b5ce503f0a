/* The table behind mufu_squarer (gpumath_internal.h): the special-function
 * unit's truncated square of every 17-bit X, computed once by the bit-exact
 * definition (mufu_squarer_compute) before main, where the loader runs
 * constructors, and published with a release store; until then the users
 * compute each square themselves. */
#include "gpumath_internal.h"

uint16_t mufu_squares[1 << 17];
bool mufu_squares_ready;

__attribute__((constructor)) static void fill_at_load(void)
{
    for (uint32_t X = 0; X < (1u << 17); X++)
        mufu_squares[X] = (uint16_t)mufu_squarer_compute(X);
    __atomic_store_n(&mufu_squares_ready, true, __ATOMIC_RELEASE);
}
