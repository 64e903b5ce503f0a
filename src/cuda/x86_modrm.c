/* x86-64 operand decoding for the SIGFPE fixups (see x86_modrm.h). */
#include "x86_modrm.h"

#if defined(__x86_64__)
#include <string.h>

static const int greg_of[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                                REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

greg_t *wc_x86_greg(greg_t *g, int number) { return &g[greg_of[number & 15]]; }

wc_x86_operand wc_x86_decode_operand(const unsigned char *p, int rex, const greg_t *g)
{
    int modrm = *p++, mod = modrm >> 6, rm = modrm & 7;
    wc_x86_operand o = {.reg = ((modrm >> 3) & 7) | ((rex & 4) << 1), .rm = rm | ((rex & 1) << 3)};
    if (mod == 3) {
        o.end = p;
        return o;
    }
    o.memory = true;
    bool rip_relative = false;
    if (rm == 4) {
        int sib = *p++, scale = sib >> 6, index = ((sib >> 3) & 7) | ((rex & 2) << 2), base = sib & 7;
        if (index != 4)
            o.ea += (uintptr_t)g[greg_of[index]] << scale;
        if (base == 5 && mod == 0) {
            int32_t d;
            memcpy(&d, p, 4);
            p += 4;
            o.ea += (uintptr_t)(intptr_t)d;
        } else {
            o.ea += (uintptr_t)g[greg_of[base | ((rex & 1) << 3)]];
        }
    } else if (rm == 5 && mod == 0) {
        rip_relative = true;
    } else {
        o.ea += (uintptr_t)g[greg_of[o.rm]];
    }
    if (mod == 1) {
        o.ea += (uintptr_t)(intptr_t)(int8_t)*p++;
    } else if (mod == 2 || rip_relative) {
        int32_t d;
        memcpy(&d, p, 4);
        p += 4;
        o.ea += (uintptr_t)(intptr_t)d;
    }
    if (rip_relative)
        o.ea += (uintptr_t)p;
    o.end = p;
    return o;
}
#else
typedef int wc_x86_modrm_unused_; /* ISO C wants something in every file */
#endif
