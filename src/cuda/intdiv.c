/* The GPU's integer division where x86-64 raises #DE: SIGFPE's handler
 * (trap.c) decodes the trapping DIV or IDIV, writes the quotient and
 * remainder the H200 computes into RAX and RDX, and steps over it, so the
 * kernel goes on with the GPU's values (a diagnostic names the line).
 * Elsewhere (aarch64 does not trap on division) nothing is changed. */
#define _GNU_SOURCE
#include "intdiv.h"
#include "x86_modrm.h"

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
bool wc_intdiv_fixup(void *ucontext)
{
    ucontext_t *uc = ucontext;
    greg_t *g = uc->uc_mcontext.gregs;
    const unsigned char *p = (const unsigned char *)(uintptr_t)g[REG_RIP];
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
    wc_x86_operand o = wc_x86_decode_operand(p, rex, g);
    int op = o.reg & 7; /* the opcode extension: /6 div, /7 idiv */
    if (op != 6 && op != 7)
        return false;
    bool wide = rex & 8, is_signed = op == 7;
    int bits = wide ? 64 : 32;
    uint64_t divisor = 0;
    if (o.memory)
        memcpy(&divisor, (const void *)o.ea, wide ? 8 : 4);
    else
        divisor = (uint64_t)*wc_x86_greg(g, o.rm);
    uint64_t ones = wide ? ~(uint64_t)0 : 0xffffffffu;
    uint64_t a = (uint64_t)g[REG_RAX] & ones, b = divisor & ones;
    bool minus_one = is_signed && b == ones && a == (wide ? (uint64_t)1 << 63 : 0x80000000u);
    if (b != 0 && !minus_one)
        return false; /* a quotient too wide for RAX from a dividend in RDX: not C's division */
    uint64_t q, r;
    wc_gpu_divide(bits, is_signed, a, b, &q, &r);
    g[REG_RAX] = (greg_t)q; /* a 32-bit result clears the upper half, as the instruction would */
    g[REG_RDX] = (greg_t)r;
    g[REG_RIP] = (greg_t)(uintptr_t)o.end;
    return true;
}
#else
bool wc_intdiv_fixup(void *ucontext)
{
    (void)ucontext;
    return false;
}
#endif
