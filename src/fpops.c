/* Exact scalar float operations with the GPU's NaN bits (see fpops.h).
 * Built with -ffp-contract=off: every operation rounds once, as the GPU's
 * .rn instructions do, so only NaN results need fixing. */
#include <math.h>
#include <string.h>

#include "warpsim/fpops.h"

uint32_t ws_f32_bits(float v) { uint32_t b; memcpy(&b, &v, sizeof b); return b; }
float ws_f32_from_bits(uint32_t b) { float v; memcpy(&v, &b, sizeof v); return v; }
uint64_t ws_f64_bits(double v) { uint64_t b; memcpy(&b, &v, sizeof b); return b; }
double ws_f64_from_bits(uint64_t b) { double v; memcpy(&v, &b, sizeof v); return v; }

bool ws_f32_is_nan(uint32_t a) { return ws_inl_f32_is_nan(a); }
bool ws_f64_is_nan(uint64_t a) { return ws_inl_f64_is_nan(a); }

/* ---- f32: every NaN result is the canonical 0x7FFFFFFF ---- */

static uint32_t f32_result(float r)
{
    return isnan(r) ? WS_F32_CANONICAL_NAN : ws_f32_bits(r);
}

/* add and lt live in fpops.h, shared with the fast path. */
uint32_t ws_f32_add(uint32_t a, uint32_t b) { return ws_inl_f32_add(a, b); }
uint32_t ws_f32_sub(uint32_t a, uint32_t b)
{
    return f32_result(ws_f32_from_bits(a) - ws_f32_from_bits(b));
}
uint32_t ws_f32_mul(uint32_t a, uint32_t b)
{
    return f32_result(ws_f32_from_bits(a) * ws_f32_from_bits(b));
}
uint32_t ws_f32_fma(uint32_t a, uint32_t b, uint32_t c)
{
    return f32_result(fmaf(ws_f32_from_bits(a), ws_f32_from_bits(b), ws_f32_from_bits(c)));
}

uint32_t ws_f32_min(uint32_t a, uint32_t b) { return ws_inl_f32_min(a, b); }
uint32_t ws_f32_max(uint32_t a, uint32_t b) { return ws_inl_f32_max(a, b); }

bool ws_f32_lt(uint32_t a, uint32_t b) { return ws_inl_f32_lt(a, b); }
bool ws_f32_le(uint32_t a, uint32_t b) { return ws_f32_from_bits(a) <= ws_f32_from_bits(b); }
bool ws_f32_eq(uint32_t a, uint32_t b) { return ws_f32_from_bits(a) == ws_f32_from_bits(b); }

/* ---- f64: NaN payloads propagate (measured: docs/probes/fp_nan_probe.h200.txt) ---- */

#define F64_QUIET_BIT WS_F64_QUIET_BIT

/* A result computed by the host: a NaN it made from non-NaN inputs gets
 * the GPU's default NaN bits (the same as x86's, but do not rely on it). */
static uint64_t f64_made(double r) { return isnan(r) ? WS_F64_DEFAULT_NAN : ws_f64_bits(r); }

static uint64_t f64_binary(uint64_t a, uint64_t b, double r)
{
    if (ws_f64_is_nan(a))
        return a | F64_QUIET_BIT; /* the first NaN operand, quieted */
    if (ws_f64_is_nan(b))
        return b | F64_QUIET_BIT;
    return f64_made(r);
}

uint64_t ws_f64_add(uint64_t a, uint64_t b) { return ws_inl_f64_add(a, b); }
uint64_t ws_f64_sub(uint64_t a, uint64_t b)
{
    return f64_binary(a, b, ws_f64_from_bits(a) - ws_f64_from_bits(b));
}
uint64_t ws_f64_mul(uint64_t a, uint64_t b)
{
    return f64_binary(a, b, ws_f64_from_bits(a) * ws_f64_from_bits(b));
}

uint64_t ws_f64_fma(uint64_t a, uint64_t b, uint64_t c)
{
    /* Measured on an H200: the first NaN in the order a, c, b, quieted
     * (fma(1, qNaN1, sNaN2) gives sNaN2 quieted; fma(qNaN1, sNaN2, 1)
     * gives qNaN1; signalling or not does not matter). */
    const uint64_t order[3] = {a, c, b};
    for (int i = 0; i < 3; i++)
        if (ws_f64_is_nan(order[i]))
            return order[i] | F64_QUIET_BIT;
    return f64_made(fma(ws_f64_from_bits(a), ws_f64_from_bits(b), ws_f64_from_bits(c)));
}

uint64_t ws_f64_min(uint64_t a, uint64_t b) { return ws_inl_f64_min(a, b); }
uint64_t ws_f64_max(uint64_t a, uint64_t b) { return ws_inl_f64_max(a, b); }

bool ws_f64_lt(uint64_t a, uint64_t b) { return ws_inl_f64_lt(a, b); }
bool ws_f64_le(uint64_t a, uint64_t b) { return ws_f64_from_bits(a) <= ws_f64_from_bits(b); }
bool ws_f64_eq(uint64_t a, uint64_t b) { return ws_f64_from_bits(a) == ws_f64_from_bits(b); }
