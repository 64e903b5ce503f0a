/* cooperative_groups/scan.h for `warpsim cc`: cg::inclusive_scan and cg::exclusive_scan
 * (details/scan.h says in which order they combine, as CUDA 13's do) and the operators. */
#ifndef WARPSIM_CG_SCAN_H
#define WARPSIM_CG_SCAN_H

#include "../cooperative_groups.h"
#include "details/scan.h"

#endif
