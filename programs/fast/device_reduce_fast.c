/* device-reduce without the warp model (see device_reduce_fast.h). */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "device_reduce_fast.h"
#include "runtime/program.h"
#include "warpsim/fpops.h"

enum {
    COLUMN_ALIGN = 16,            /* a thread's columns start on a 64-byte line (f32) */
    PARALLEL_MIN = 1 << 15,       /* values below which a feed runs on one thread */
};

/* ---- The element addition, a + b with a the running sum ---------------- */

static uint64_t add_bits(wk_elem type, uint64_t a, uint64_t b)
{
    switch (type) {
    case WK_F32: return ws_inl_f32_add((uint32_t)a, (uint32_t)b);
    case WK_F64: return ws_inl_f64_add(a, b);
    case WK_I32:
    case WK_U32: return (uint32_t)(a + b); /* wraps, as the GPU's add does */
    default: return a + b;
    }
}

/* acc[j] = acc[j] + x[j] for j < len: one accumulator per column, so the
 * iterations are independent and the loop vectorises (omp simd asks for it
 * at -O2 too; the f64 rule is selects, see fpops.h).
 *
 * f32 adds plainly and leaves NaNs as the host makes them: a NaN stays NaN
 * under every later addition, and every f32 NaN result is 0x7FFFFFFF on
 * the GPU, so an accumulator that is NaN at the end is exactly one whose
 * GPU value is 0x7FFFFFFF (acc_get replaces it); the payload the host
 * carried along never shows. */
static void add_run(wk_elem type, void *acc_v, const void *x_v, size_t len)
{
    switch (type) {
    case WK_F32: {
        float *restrict acc = acc_v;
        const float *restrict x = x_v;
#pragma omp simd
        for (size_t j = 0; j < len; j++)
            acc[j] += x[j];
        break;
    }
    case WK_F64: {
        uint64_t *restrict acc = acc_v;
        const uint64_t *restrict x = x_v;
#pragma omp simd
        for (size_t j = 0; j < len; j++)
            acc[j] = ws_inl_f64_add(acc[j], x[j]);
        break;
    }
    case WK_I32:
    case WK_U32: {
        uint32_t *restrict acc = acc_v;
        const uint32_t *restrict x = x_v;
#pragma omp simd
        for (size_t j = 0; j < len; j++)
            acc[j] += x[j];
        break;
    }
    default: {
        uint64_t *restrict acc = acc_v;
        const uint64_t *restrict x = x_v;
#pragma omp simd
        for (size_t j = 0; j < len; j++)
            acc[j] += x[j];
        break;
    }
    }
}

/* Four whole rows at once: acc[j] = (((acc[j] + x[j]) + x[S + j]) + x[2S
 * + j]) + x[3S + j], the same additions in the same order as four calls of
 * add_run, with a quarter of the accumulator loads and stores. */
static void add_rows4(wk_elem type, void *acc_v, const void *x_v, size_t S, size_t len)
{
    switch (type) {
    case WK_F32: {
        float *restrict acc = acc_v;
        const float *restrict x = x_v;
#pragma omp simd
        for (size_t j = 0; j < len; j++)
            acc[j] = acc[j] + x[j] + x[S + j] + x[2 * S + j] + x[3 * S + j]; /* left to right */
        break;
    }
    case WK_F64: {
        uint64_t *restrict acc = acc_v;
        const uint64_t *restrict x = x_v;
#pragma omp simd
        for (size_t j = 0; j < len; j++)
            acc[j] = ws_inl_f64_add(ws_inl_f64_add(ws_inl_f64_add(ws_inl_f64_add(acc[j], x[j]), x[S + j]),
                                                   x[2 * S + j]),
                                    x[3 * S + j]);
        break;
    }
    case WK_I32:
    case WK_U32: {
        uint32_t *restrict acc = acc_v;
        const uint32_t *restrict x = x_v;
#pragma omp simd
        for (size_t j = 0; j < len; j++)
            acc[j] += x[j] + x[S + j] + x[2 * S + j] + x[3 * S + j]; /* integers: any order */
        break;
    }
    default: {
        uint64_t *restrict acc = acc_v;
        const uint64_t *restrict x = x_v;
#pragma omp simd
        for (size_t j = 0; j < len; j++)
            acc[j] += x[j] + x[S + j] + x[2 * S + j] + x[3 * S + j];
        break;
    }
    }
}

/* ---- The block reduction of block-reduce -------------------------------- */

/* Lane 0's value after v += __shfl_down_sync(FULL, v, o) for o = lanes/2
 * .. 1, lanes >= present being absent (a read of one gives the profile's
 * inactive-read word, in both halves of a 64-bit value). Only lanes
 * below o matter at step o (lane 0 depends on nothing else), and their
 * sources l + o are below 2o <= lanes, never out of range. */
static uint64_t warp_tree(wk_elem type, ws_profile_id profile, uint64_t v[64], int present)
{
    int lanes = ws_profile_lanes(profile);
    uint64_t word = ws_profile_inactive_read(profile);
    uint64_t absent = wk_elem_bits(type) == 64 ? word << 32 | word : word;
    for (int l = present; l < lanes; l++)
        v[l] = absent;
    for (int o = lanes / 2; o > 0; o /= 2)
        for (int l = 0; l < o && l < present; l++)
            v[l] = add_bits(type, v[l], v[l + o]); /* v[l + o] is not written at this step */
    return v[0];
}

/* Thread 0's sum after block_reduce over `threads` threads whose values
 * are value(t): every warp's tree, lane 0 to shared[wid], then warp 0 reads
 * shared[lane] in lanes below n_warps (0 in the others) and runs the tree. */
static uint64_t block_sum(wk_elem type, ws_profile_id profile, int threads, const uint64_t *values)
{
    int lanes = ws_profile_lanes(profile);
    int n_warps = (threads + lanes - 1) / lanes;
    uint64_t shared[64], v[64];
    for (int w = 0; w < n_warps; w++) {
        int present = threads - w * lanes < lanes ? threads - w * lanes : lanes;
        memcpy(v, values + (size_t)w * (size_t)lanes, (size_t)present * sizeof *v);
        shared[w] = warp_tree(type, profile, v, present);
    }
    int present0 = threads < lanes ? threads : lanes;
    for (int l = 0; l < present0; l++)
        v[l] = l < n_warps ? shared[l] : 0;
    return warp_tree(type, profile, v, present0);
}

/* ---- The state ------------------------------------------------------------ */

static uint64_t acc_get(const wk_dr_state *s, size_t g)
{
    if (g >= s->acc_len)
        return 0; /* a thread that read nothing: its sum is still +0 */
    const char *at = (const char *)s->acc + g * s->width;
    if (s->width == 4) {
        uint32_t bits;
        memcpy(&bits, at, sizeof bits); /* f32 accumulators are floats: no aliasing cast */
        return s->shape.type == WK_F32 && ws_inl_f32_is_nan(bits) ? WS_F32_CANONICAL_NAN : bits; /* see add_run */
    }
    uint64_t bits;
    memcpy(&bits, at, sizeof bits);
    return bits;
}

bool wk_dr_begin(wk_dr_state *s, const wk_dr_shape *shape, char *err, size_t err_size)
{
    memset(s, 0, sizeof *s);
    if (shape->type == WK_SYM || !wk_elem_name(shape->type)) {
        snprintf(err, err_size, "the fast device-reduce takes numbers, not %s",
                 wk_elem_name(shape->type) ? wk_elem_name(shape->type) : "?");
        return false;
    }
    if (!ws_profile_name(shape->profile)) {
        snprintf(err, err_size, "profile %d does not exist", (int)shape->profile);
        return false;
    }
    if (shape->block < 1 || shape->block > WK_MAX_BLOCK) {
        snprintf(err, err_size, "--block %d: must be 1..%d threads", shape->block, WK_MAX_BLOCK);
        return false;
    }
    if (shape->grid < 1 || shape->grid > WK_MAX_GRID) {
        snprintf(err, err_size, "--grid %d: must be 1..%d blocks", shape->grid, WK_MAX_GRID);
        return false;
    }
    s->shape = *shape;
    s->stride = (size_t)shape->grid * (size_t)shape->block;
    s->width = (size_t)wk_elem_bits(shape->type) / 8;
    return true;
}

/* Makes accumulators 0 .. len - 1 exist (new ones +0). */
static bool grow(wk_dr_state *s, size_t len, char *err, size_t err_size)
{
    if (len <= s->acc_len)
        return true;
    size_t cap = s->acc_len * 2 > len ? s->acc_len * 2 : len;
    cap = cap < s->stride ? cap : s->stride;
    void *grown = realloc(s->acc, cap * s->width);
    if (!grown) {
        snprintf(err, err_size, "out of memory for %zu thread sums", cap);
        return false;
    }
    memset((char *)grown + s->acc_len * s->width, 0, (cap - s->acc_len) * s->width);
    s->acc = grown;
    s->acc_len = cap;
    return true;
}

bool wk_dr_feed(wk_dr_state *s, const void *values, size_t count, char *err, size_t err_size)
{
    if (count == 0)
        return true;
    size_t end = s->fed + count;
    if (!grow(s, end < s->stride ? end : s->stride, err, err_size))
        return false;
    const size_t S = s->stride, width = s->width, first = s->fed, cols = s->acc_len;
    const wk_elem type = s->shape.type;
    char *acc = s->acc;
    const char *src = values;
    /* Each thread owns columns [lo, hi) and walks the rows of the chunk in
     * order: the same additions in the same order whatever the split. */
#pragma omp parallel if (count >= PARALLEL_MIN)
    {
        size_t threads = (size_t)omp_get_num_threads(), id = (size_t)omp_get_thread_num();
        size_t share = (cols + threads - 1) / threads;
        share = (share + COLUMN_ALIGN - 1) / COLUMN_ALIGN * COLUMN_ALIGN;
        size_t lo = id * share < cols ? id * share : cols, hi = lo + share < cols ? lo + share : cols;
        for (size_t k = 0, pos = first; lo < hi && k < count;) {
            size_t col = pos % S, len = S - col < count - k ? S - col : count - k;
            if (col == 0 && count - k >= 4 * S) {
                add_rows4(type, acc + lo * width, src + (k + lo) * width, S, hi - lo);
                k += 4 * S;
                pos += 4 * S;
                continue;
            }
            size_t a = col > lo ? col : lo, b = col + len < hi ? col + len : hi;
            if (a < b)
                add_run(type, acc + a * width, src + (k + (a - col)) * width, b - a);
            k += len;
            pos += len;
        }
    }
    s->fed = end;
    return true;
}

void wk_dr_abort(wk_dr_state *s)
{
    free(s->acc);
    memset(s, 0, sizeof *s);
}

bool wk_dr_finish(wk_dr_state *s, uint64_t *sum, uint64_t *partials, char *err, size_t err_size)
{
    if (s->fed == 0) {
        snprintf(err, err_size, "device-reduce needs at least one value");
        wk_dr_abort(s);
        return false;
    }
    const wk_elem type = s->shape.type;
    const ws_profile_id profile = s->shape.profile;
    const int grid = s->shape.grid, block = s->shape.block;
    /* Kernel 1's block reductions: independent blocks, any thread order. */
#pragma omp parallel for schedule(static) if (grid >= 64)
    for (int b = 0; b < grid; b++) {
        uint64_t values[1024];
        for (int t = 0; t < block; t++)
            values[t] = acc_get(s, (size_t)b * (size_t)block + (size_t)t);
        partials[b] = block_sum(type, profile, block, values);
    }
    /* Kernel 2: thread t sums partial[t], partial[t + B], ... from +0. */
    uint64_t values[1024];
    for (int t = 0; t < block; t++) {
        uint64_t v = 0;
        for (int i = t; i < grid; i += block)
            v = add_bits(type, v, partials[i]);
        values[t] = v;
    }
    *sum = block_sum(type, profile, block, values);
    wk_dr_abort(s);
    return true;
}

bool wk_device_reduce_fast(const wk_dr_shape *shape, const void *in, size_t n, uint64_t *sum,
                           uint64_t *partials, char *err, size_t err_size)
{
    wk_dr_state s;
    if (!wk_dr_begin(&s, shape, err, err_size))
        return false;
    if (!wk_dr_feed(&s, in, n, err, err_size)) {
        wk_dr_abort(&s);
        return false;
    }
    return wk_dr_finish(&s, sum, partials, err, err_size);
}
