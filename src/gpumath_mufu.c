/* The GPU's special-function unit (MUFU), as measured: its approximations
 * are not a formula anyone publishes, so warpsim keeps what the hardware
 * gives over one binade and scales it as the hardware does.
 *
 * rcp.approx.ftz.f32 (MUFU.RCP): measured on every f32 input of an sm_90 GPU
 * (docs/probes/mufu_probe.cu, docs/probes/mufu_probe.h100.txt). The result of
 * 1.m * 2^e is the result of 1.m with 127 - e added to its exponent, for every
 * normal input whose result is normal (0 of 4,227,858,434 break the rule);
 * denormal inputs are zeros (ftz), a result below 2^-126 is a zero of the
 * input's sign, 1/±0 is ±inf, 1/±inf is ±0 and a NaN gives 0x7FFFFFFF. Over
 * [1, 2) the result is never more than one unit in the last place from
 * 1.0f / 1.m (IEEE division, which every host computes alike): 87% equal,
 * 9% one above, 4% one below. mufu/rcp_approx_ftz.bin keeps that difference
 * for each of the 2^23 significands, 2 bits each (0: one below, 1: equal,
 * 2: one above; four to a byte, the lowest bits first), written from the
 * GPU's results by the probe's table (scripts/mufu_table.c, from
 * docs/probes/mufu.h100/rcp.tab.xz). */
#include <stdint.h>

#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

#ifndef WARPSIM_MUFU_DIR
#error "WARPSIM_MUFU_DIR must name src/mufu (src/CMakeLists.txt)"
#endif

/* The table, in the library's read-only data, as the file's bytes. */
__asm__(".section .rodata\n"
        ".balign 64\n"
        ".hidden ws_mufu_rcp_delta_\n"
        ".globl ws_mufu_rcp_delta_\n"
        "ws_mufu_rcp_delta_:\n"
        ".incbin \"" WARPSIM_MUFU_DIR "/rcp_approx_ftz.bin\"\n"
        ".previous\n");
extern const unsigned char ws_mufu_rcp_delta_[];

/* The table's difference for significand m: -1, 0 or +1. */
static int rcp_delta(uint32_t m) { return (int)(ws_mufu_rcp_delta_[m >> 2] >> (2 * (m & 3)) & 3) - 1; }

float ws_gpu_rcp_approx_ftz(float x)
{
    uint32_t b = ws_inl_f32_bits(x), sign = b & 0x80000000u, e = b >> 23 & 0xFF, m = b & 0x7FFFFFu;
    if (e == 0xFF)
        return ws_inl_f32(m ? 0x7FFFFFFFu : sign); /* NaN; 1/inf = 0 */
    if (e == 0)
        return ws_inl_f32(sign | 0x7F800000u); /* zero or flushed denormal: inf */
    volatile float one = 1.0f; /* the division happens here, at run time, in IEEE single */
    uint32_t r = ws_inl_f32_bits(one / ws_inl_f32(0x3F800000u | m)) + (uint32_t)rcp_delta(m);
    int re = (int)(r >> 23 & 0xFF) - ((int)e - 127);
    if (re <= 0)
        return ws_inl_f32(sign); /* below the normal range: flushed */
    return ws_inl_f32(sign | (uint32_t)re << 23 | (r & 0x7FFFFFu));
}
