/* What device code calls: sync points, the atomics' turn, printf and
 * dynamic shared memory. Each works on the running lane's block. */
#define _GNU_SOURCE /* sigjmp_buf, MAP_ANONYMOUS with -std=c17 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_internal.h"

static wc_lane *running_lane(const char *what, const char *file, int line)
{
    wc_lane *l = wc_current_lane();
    if (!l) {
        fprintf(stderr, "warpsim: %s:%d: %s called outside a kernel launch (ws_cuda_launch)\n",
                file ? file : "?", line, what);
        abort();
    }
    return l;
}

uint64_t ws_cuda_sync_(int op, ws_type type, uint32_t mask, uint64_t value, int32_t b, int32_t width,
                       uint32_t *pred, const char *file, int line)
{
    wc_lane *l = running_lane("a CUDA collective", file, line);
    wc_warp *wp = l->wp;
    l->call = (wc_call){.op = op, .type = type, .mask = mask, .value = value, .b = b, .width = width,
                        .file = file, .line = line};
    if (op == WS_CUDA_OP_SYNCTHREADS) {
        wc_stop(l, WC_AT_BARRIER);
    } else {
        const wc_call *first = wp->site;
        if (!wp->in[WC_AT_SITE])
            wp->site = &l->call;
        else if (first->line != line || first->file != file || first->op != op || first->type != type)
            wp->sites_differ = true;
        else if (first->mask != mask || first->b != b || first->width != width)
            wp->operands_differ = true;
        wp->value[l->lane] = value;
        if (wc_is_odd_f32_nan(type, value))
            wp->odd_nan |= (ws_mask)1 << l->lane;
        wc_stop(l, WC_AT_SITE);
    }
    wc_fiber_switch(l->fiber, wc_next_fiber(l));
    if (pred)
        *pred = wp->pred_out[l->lane];
    return wp->result[l->lane];
}

void ws_cuda_atomic_turn_(void)
{
    wc_lane *l = running_lane("an atomic function", NULL, 0);
    if (!l->block->has_turn)
        wc_atomic_wait_turn(l->block);
}

void *ws_cuda_dynamic_shared_(void) { return running_lane("extern __shared__", NULL, 0)->block->dynamic_shared; }

int ws_cuda_printf(const char *format, ...)
{
    va_list ap;
    wc_lane *l = wc_current_lane();
    if (!l) { /* host code: an ordinary printf */
        va_start(ap, format);
        int n = vprintf(format, ap);
        va_end(ap);
        return n;
    }
    wc_block *b = l->block;
    va_start(ap, format);
    int n = vsnprintf(NULL, 0, format, ap);
    va_end(ap);
    if (n < 0)
        return n;
    if (b->out_len + (size_t)n + 1 > b->out_cap) {
        size_t cap = (b->out_cap ? b->out_cap * 2 : 256) + (size_t)n;
        char *grown = realloc(b->out, cap);
        if (!grown)
            return -1;
        b->out = grown;
        b->out_cap = cap;
    }
    va_start(ap, format);
    vsnprintf(b->out + b->out_len, (size_t)n + 1, format, ap);
    va_end(ap);
    b->out_len += (size_t)n;
    return n;
}
