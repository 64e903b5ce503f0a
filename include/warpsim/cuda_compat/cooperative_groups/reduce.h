/* cooperative_groups/reduce.h for `warpsim cc`: cg::reduce (details/reduce.h says in which
 * order it combines, as CUDA 13's does) and cg::plus, less, greater, bit_and, bit_or, bit_xor. */
#ifndef WARPSIM_CG_REDUCE_H
#define WARPSIM_CG_REDUCE_H

#include "../cooperative_groups.h"
#include "details/reduce.h"

#endif
