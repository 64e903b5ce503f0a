/* warpsim-xcheck-replay: the cross-check built without CUDA. It has no
 * twins and no device; it compares the simulator with a GPU capture made by
 * `warpsim-xcheck --save` on a GPU machine (--load), so CI without a GPU
 * still checks the simulator against real H200 results. */
#include <stdio.h>

#include "xcheck.h"

const twin *const xc_twins[] = {NULL};
const size_t xc_twin_count = 0;

const twin *xc_find_twin(const char *name)
{
    (void)name;
    return NULL;
}

bool xc_device_open(char *desc, size_t desc_size, char *why, size_t why_size)
{
    (void)desc, (void)desc_size;
    snprintf(why, why_size, "this build has no CUDA: use --load CAPTURE or --simulator-only");
    return false;
}

const char *xc_device_recover(void) { return NULL; }

int xc_scale_check(const xc_scale_opts *o)
{
    (void)o;
    printf("skipped: no CUDA device (this build has no CUDA: --scale needs warpsim-xcheck)\n");
    return XC_EXIT_NO_DEVICE;
}
