/* The inclusive core of cub::WarpScan<T>::InclusiveSum (cub_scan_incl.c),
 * shared with cub-scan-excl, whose ExclusiveSum starts with it. */
#ifndef WARPSIM_PROGRAMS_CUB_SCAN_H
#define WARPSIM_PROGRAMS_CUB_SCAN_H

#include "kernel.h"

/* v = the inclusive sum, by CUB's hand-written PTX steps (offsets 1..16);
 * r0 (element type) and p (u32) are scratch. */
void cub_inclusive_sum(wk_warp *k, ws_reg v, ws_reg r0, ws_reg p);

#endif
