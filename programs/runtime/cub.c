/* CUB's warp steps as its hand-written PTX runs them (see cub.h). */
#include <stdio.h>

#include "cub.h"

/* The PTX type of CUB's add: add.s32, add.u32, add.f32, add.s64, ... */
static const char *ptx_type(wk_elem e)
{
    switch (e) {
    case WK_I32: return "s32";
    case WK_I64: return "s64";
    default: return wk_elem_name(e);
    }
}

void cub_shfl_add_step(wk_warp *k, ws_coll_kind mode, ws_reg v, ws_reg r0, ws_reg p, int offset, uint32_t c,
                       const char *caller)
{
    if (!k)
        return;
    const char *words = wk_elem_bits(k->type) == 64 ? "  (two 32-bit words, lo then hi)" : "";
    wk_stmt(k, "shfl.sync.%s.b32 r0|p, v, %d, 0x%x, %s;%s  // %s", mode == WS_COLL_SHFL_UP ? "up" : "down",
            offset, c, k->full_text, words, caller);
    wk_shfl_ptx(k, mode, k->full, r0, p, v, (uint32_t)offset, c);
    if (k->type == WK_F64) {
        /* Which NaN payload survives two NaNs follows the operand order ptxas
         * gives the DADD, measured on the H200: peer first at offset 1, own
         * first after (programs/README.md). */
        bool peer_first = offset == 1;
        wk_stmt(k, "@p add.f64 v, v, r0;  // %s", peer_first ? "SASS: r0 + v" : "SASS: v + r0");
        wk_if(k, p);
        if (peer_first)
            wk_add(k, v, r0, v);
        else
            wk_add(k, v, v, r0);
        wk_end_if(k);
    } else {
        wk_stmt(k, "@p add.%s r0, r0, v;  mov v, r0;  // peer + own", ptx_type(k->type));
        wk_if(k, p);
        wk_add(k, r0, r0, v);
        wk_end_if(k);
        wk_mov(k, v, r0);
    }
    wk_show(k, v);
}

void cub_inclusive_sum(wk_warp *k, ws_reg v, ws_reg r0, ws_reg p)
{
    for (int offset = 1; offset < 32; offset *= 2) {
        char caller[64];
        snprintf(caller, sizeof caller, "InclusiveScanStep(v, plus, 0, %d)", offset);
        cub_shfl_add_step(k, WS_COLL_SHFL_UP, v, r0, p, offset, 0, caller);
    }
}
