/* The GPU's integer division where x86-64 raises #DE: SIGFPE's handler
 * (trap.c) decodes the trapping DIV or IDIV, writes the quotient and
 * remainder the H200 computes into RAX and RDX, and steps over it, so the
 * kernel goes on with the GPU's values (a diagnostic names the line).
 * Elsewhere (aarch64 does not trap on division) nothing is changed. */
#define _GNU_SOURCE
#include "intdiv.h"

#include <signal.h>
#include <string.h>
#include <ucontext.h>

/* Measured on the H200 (docs/probes/trust_probe.h200.txt):
 *   32 bits, signed or not: x / 0 and x % 0 are all ones (7 / 0 = -1, 7u / 0 = 4294967295);
 *   64 bits: where both operands' bit patterns fit in 32 bits, nvcc's division takes its 32-bit
 *   unsigned path, so 7 / 0 and 7 % 0 are 4294967295 (signed or not); otherwise all 64 bits are
 *   ones (-7 / 0 = -1, 2^63 / 0 = 2^64 - 1);
 *   MIN / -1 wraps to MIN and MIN % -1 is 0, in both widths. */
void wc_gpu_divide(int bits, bool is_signed, uint64_t a, uint64_t b, uint64_t *quotient, uint64_t *remainder)
{
    (void)is_signed;
    uint64_t ones = bits == 64 ? ~(uint64_t)0 : 0xffffffffu;
    if ((b & ones) == 0) {
        uint64_t q = bits == 64 && ((a | b) >> 32) == 0 ? 0xffffffffu : ones;
        *quotient = q;
        *remainder = q;
    } else { /* the minimum by -1 */
        *quotient = a & ones;
        *remainder = 0;
    }
}

#if defined(__x86_64__)
static const int greg_of[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                                REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

bool wc_intdiv_fixup(void *ucontext)
{
    ucontext_t *uc = ucontext;
    greg_t *g = uc->uc_mcontext.gregs;
    const unsigned char *ip = (const unsigned char *)(uintptr_t)g[REG_RIP], *p = ip;
    int rex = 0;
    for (;; p++) {
        if (*p == 0xf0 || *p == 0xf2 || *p == 0xf3 || *p == 0x2e || *p == 0x3e || *p == 0x26 || *p == 0x36)
            continue;
        break; /* 0x66 (16-bit), 0x67, fs and gs are not what compilers emit for an int division */
    }
    if ((*p & 0xf0) == 0x40)
        rex = *p++;
    if (*p++ != 0xf7)
        return false;
    int modrm = *p++, mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
    if (reg != 6 && reg != 7)
        return false;
    bool wide = rex & 8, is_signed = reg == 7;
    int bits = wide ? 64 : 32;
    uint64_t divisor;
    if (mod == 3) {
        divisor = (uint64_t)g[greg_of[rm | ((rex & 1) << 3)]];
    } else {
        uintptr_t ea = 0;
        bool rip_relative = false;
        if (rm == 4) {
            int sib = *p++, scale = sib >> 6, index = ((sib >> 3) & 7) | ((rex & 2) << 2), base = sib & 7;
            if (index != 4)
                ea += (uintptr_t)g[greg_of[index]] << scale;
            if (base == 5 && mod == 0) {
                int32_t d;
                memcpy(&d, p, 4);
                p += 4;
                ea += (uintptr_t)(intptr_t)d;
            } else {
                ea += (uintptr_t)g[greg_of[base | ((rex & 1) << 3)]];
            }
        } else if (rm == 5 && mod == 0) {
            rip_relative = true;
        } else {
            ea += (uintptr_t)g[greg_of[rm | ((rex & 1) << 3)]];
        }
        if (mod == 1) {
            ea += (uintptr_t)(intptr_t)(int8_t)*p++;
        } else if (mod == 2 || rip_relative) {
            int32_t d;
            memcpy(&d, p, 4);
            p += 4;
            ea += (uintptr_t)(intptr_t)d;
        }
        if (rip_relative)
            ea += (uintptr_t)p;
        divisor = 0;
        memcpy(&divisor, (const void *)ea, wide ? 8 : 4);
    }
    uint64_t ones = wide ? ~(uint64_t)0 : 0xffffffffu;
    uint64_t a = (uint64_t)g[REG_RAX] & ones, b = divisor & ones;
    bool minus_one = is_signed && b == ones && a == (wide ? (uint64_t)1 << 63 : 0x80000000u);
    if (b != 0 && !minus_one)
        return false; /* a quotient too wide for RAX from a dividend in RDX: not C's division */
    uint64_t q, r;
    wc_gpu_divide(bits, is_signed, a, b, &q, &r);
    g[REG_RAX] = (greg_t)q; /* a 32-bit result clears the upper half, as the instruction would */
    g[REG_RDX] = (greg_t)r;
    g[REG_RIP] = (greg_t)(uintptr_t)p;
    return true;
}
#else
bool wc_intdiv_fixup(void *ucontext)
{
    (void)ucontext;
    return false;
}
#endif
