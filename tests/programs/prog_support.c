/* prog_support.c: see prog_support.h. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "fast/fast_warps.h"
#include "prog_support.h"

/* An untraced run may take the fast path (programs/fast): every suite's
 * untraced run is also run on the warp model, and the outputs must be the
 * same bits, so each expectation checks both paths. */
static void same_as_model_path(const wk_run *r, const wk_program *p, const wk_params *params,
                               const uint64_t *input, size_t n)
{
    wk_params q = *params;
    q.model_only = true;
    wk_run m;
    if (!wk_run_init(&m, p, &q, input, n) || !wk_run_exec(&m)) {
        print_error("%s on the model: %s\n", p->name, m.error);
        wk_run_free(&m);
        fail();
    }
    bool same = m.n_outputs == r->n_outputs;
    for (int i = 0; same && i < m.n_outputs; i++) {
        const wk_output *a = &r->outputs[i], *b = &m.outputs[i];
        same = strcmp(a->name, b->name) == 0 && a->count == b->count && a->per_lane == b->per_lane &&
               memcmp(a->bits, b->bits, a->count * sizeof *a->bits) == 0 &&
               (!a->per_lane || memcmp(a->lane_state, b->lane_state, a->count) == 0);
        if (!same)
            print_error("%s: output %s differs between the fast path and the model\n", p->name, a->name);
    }
    wk_run_free(&m);
    if (!same)
        fail();
}

bool prog_run_status(wk_run *r, const char *name, const wk_params *params, const uint64_t *input, size_t n)
{
    const wk_program *p = wk_find_program(name);
    if (!p) {
        memset(r, 0, sizeof *r);
        snprintf(r->error, sizeof r->error, "no program %s", name);
        return false;
    }
    if (!wk_run_init(r, p, params, input, n))
        return false;
    if (!wk_run_exec(r))
        return false;
    if (!params->trace && !params->model_only && params->type != WK_SYM && wk_fast_supports(p, params))
        same_as_model_path(r, p, params, input, n);
    return true;
}

void prog_run(wk_run *r, const char *name, const wk_params *params, const uint64_t *input, size_t n)
{
    if (!prog_run_status(r, name, params, input, n)) {
        print_error("%s: %s\n", name, r->error);
        wk_run_free(r);
        fail();
    }
}

const wk_output *prog_output(const wk_run *r, const char *name)
{
    const wk_output *o = wk_find_output(r, name);
    if (!o) {
        print_error("%s: no output named %s\n", r->program ? r->program->name : "?", name);
        fail();
    }
    return o;
}

uint64_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

uint64_t f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

float bits_f32(uint64_t b)
{
    uint32_t u = (uint32_t)b;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

double bits_f64(uint64_t b)
{
    double d;
    memcpy(&d, &b, sizeof d);
    return d;
}

enum {
    F32_EXP = 0x7F800000u,
    F32_NAN = 0x7FFFFFFFu, /* every f32 NaN result (semantics.md 7) */
};
#define F64_EXP UINT64_C(0x7FF0000000000000)
#define F64_FRAC UINT64_C(0x000FFFFFFFFFFFFF)
#define F64_QUIET UINT64_C(0x0008000000000000)
#define F64_GENERATED_NAN UINT64_C(0xFFF8000000000000)

static bool f64_is_nan(uint64_t b) { return (b & F64_EXP) == F64_EXP && (b & F64_FRAC) != 0; }

static bool f32_is_nan(uint32_t b) { return (b & F32_EXP) == F32_EXP && (b & 0x7FFFFFu) != 0; }

uint64_t gpu_add(wk_elem type, uint64_t a, uint64_t b)
{
    switch (type) {
    case WK_F32: {
        if (f32_is_nan((uint32_t)a) || f32_is_nan((uint32_t)b))
            return F32_NAN;
        uint64_t s = f32_bits(bits_f32(a) + bits_f32(b));
        return f32_is_nan((uint32_t)s) ? F32_NAN : s;
    }
    case WK_F64: {
        if (f64_is_nan(a))
            return a | F64_QUIET;
        if (f64_is_nan(b))
            return b | F64_QUIET;
        uint64_t s = f64_bits(bits_f64(a) + bits_f64(b));
        return f64_is_nan(s) ? F64_GENERATED_NAN : s;
    }
    case WK_I32:
    case WK_U32: return (uint32_t)(a + b);
    default: return a + b;
    }
}

uint64_t prog_rand(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

void expect_lanes(const char *what, const wk_output *o, const uint64_t *want, size_t count)
{
    if (o->count != count) {
        print_error("%s: output %s has %zu values, expected %zu\n", what, o->name, o->count, count);
        fail();
    }
    for (size_t i = 0; i < count; i++)
        if (o->bits[i] != want[i]) {
            print_error("%s: output %s [%zu]: got 0x%016" PRIx64 ", expected 0x%016" PRIx64 "\n", what, o->name, i,
                        o->bits[i], want[i]);
            fail();
        }
}

int32_t sym_count(const wk_run *r, const wk_output *o, size_t index, size_t input)
{
    return wk_sym_count(&r->sym, (uint32_t)o->bits[index], input);
}
