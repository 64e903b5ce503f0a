/* Freeing what a twin handed back (twin.h). */
#include <stdlib.h>
#include <string.h>

#include "twin.h"

void twin_result_free(twin_result *r)
{
    if (!r)
        return;
    for (int i = 0; i < r->n_outputs && i < WK_MAX_OUTPUTS; i++)
        free(r->outputs[i].bits);
    memset(r, 0, sizeof *r);
}
