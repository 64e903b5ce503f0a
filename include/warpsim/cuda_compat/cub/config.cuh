/* cub/config.cuh for `warpsim cc`: CUB's configuration header. What CUB 3.0's defines for users (the
 * versions, the cub namespace) comes with warpsim's util_type.cuh. */
#include "util_type.cuh"
