/* programs/runtime/sym.h: symbolic values. A sym value says how many times each
 * input is counted in a lane's sum, so a student sees that after the
 * shfl_down tree lane 1 holds lane(1)+...+lane(31)+lane(17)... and not the
 * sum of lanes 1..31. A register holds a handle (u32) into the table:
 * handle 0 is the empty sum (what a read of an inactive lane gives, 0),
 * handles 1..n are the inputs x0..x(n-1), later handles are new sums. */
#ifndef WARPSIM_PROGRAMS_SYM_H
#define WARPSIM_PROGRAMS_SYM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define WK_SYM_MAX_INPUTS 4096
#define WK_SYM_NONE UINT32_MAX /* an allocation failed, or the table would pass WK_SYM_MAX_BYTES */
#define WK_SYM_MAX_BYTES ((size_t)1 << 30)

typedef struct wk_sym_table {
    size_t n_inputs;
    size_t count, capacity;  /* handles in use (the zero sum and the inputs included) */
    int32_t *counts;         /* counts[handle * n_inputs + i]: multiplicity of input i */
    const char *term;        /* how an input is written: "lane" gives lane(7) */
} wk_sym_table;

/* A table for n_inputs inputs (1..WK_SYM_MAX_INPUTS). False if out of memory or n is bad. */
bool wk_sym_init(wk_sym_table *t, size_t n_inputs, const char *term);
void wk_sym_free(wk_sym_table *t);

static inline uint32_t wk_sym_input(size_t i) { return (uint32_t)i + 1u; }

/* A new handle for a + sign * b (sign is +1 or -1); WK_SYM_NONE on failure. */
uint32_t wk_sym_combine(wk_sym_table *t, uint32_t a, uint32_t b, int sign);
/* Multiplicity of input i in handle h (0 for a bad handle). */
int32_t wk_sym_count(const wk_sym_table *t, uint32_t h, size_t i);
bool wk_sym_valid(const wk_sym_table *t, uint32_t h);

/* Writes h like the classic walk-through: "lane(0)+lane(8)", "32*lane(31)",
 * runs of four or more consecutive inputs with the same count as
 * "lane(0)+...+lane(15)", the empty sum as "0". Returns buf. */
char *wk_sym_format(const wk_sym_table *t, uint32_t h, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
#endif
