/* Casts of a float or double to an integer type that cannot hold the value.
 *
 * C++ leaves them undefined; the H200 saturates (docs/probes/float_cast_probe.cu
 * and its .h100.txt): x86-64 gives 0x80000000... ("integer indefinite") or,
 * for unsigned types, the low bits of a 64-bit conversion. warpsim cc
 * compiles .cu files with -fsanitize=float-cast-overflow, whose check calls
 * __ubsan_handle_float_cast_overflow before such a conversion; the link
 * renames those calls (-Wl,--wrap) to the function below, so a UBSan
 * runtime linked in as well keeps its own. In device code it notes the site
 * for a diagnostic, and where the conversion that follows is a single
 * CVTTSS2SI or CVTTSD2SI that will fail (a signed target: the GPU converts
 * to 32 or 64 bits signed, then keeps the low bits, as the CPU does), it
 * unmasks the invalid-operation exception: the instruction then raises
 * SIGFPE, and wc_floatcast_fixup writes the GPU's value into its
 * destination and steps over it. Unsigned targets keep the CPU's value
 * (the compilers' sequences there do not fail where the GPU saturates),
 * and the diagnostic says so. */
#define _GNU_SOURCE
#include "floatcast.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_internal.h"
#include "x86_modrm.h"

/* ---- the GPU's rule ---- */

uint64_t wc_gpu_float_to_int(double v, bool from_double, int bits, bool is_signed)
{
    if (bits < 32) /* through 32 bits of the same signedness, then the low bits */
        return wc_gpu_float_to_int(v, from_double, 32, is_signed) & ((UINT64_C(1) << bits) - 1);
    if (isnan(v)) /* the sign bit alone, but a float's NaN to 32 bits is 0 */
        return bits == 32 ? (from_double ? UINT32_C(0x80000000) : 0) : UINT64_C(1) << 63;
    double t = trunc(v);
    if (bits == 32 && is_signed)
        return (uint32_t)(t >= 0x1p31 ? INT32_MAX : t < -0x1p31 ? INT32_MIN : (int32_t)t);
    if (bits == 32)
        return t >= 0x1p32 ? UINT32_MAX : t < 0 ? 0 : (uint32_t)t;
    if (is_signed)
        return t >= 0x1p63 ? (uint64_t)INT64_MAX : t < -0x1p63 ? (uint64_t)INT64_MIN : (uint64_t)(int64_t)t;
    return t >= 0x1p64 ? UINT64_MAX : t < 0 ? 0 : (uint64_t)t;
}

/* ---- what the compilers' check passes (LLVM's and GCC's UBSan ABI) ---- */

typedef struct {
    uint16_t kind; /* 0 an integer, 1 a float */
    uint16_t info; /* an integer's log2(bits) << 1 | signed; a float's bits */
    char name[];
} ubsan_type;

typedef struct {
    struct {
        const char *file;
        uint32_t line, column;
    } loc;
    const ubsan_type *from, *to;
} ubsan_float_cast;

/* GCC passes the types alone (no location) where it has none. As compiler-rt
 * tells them apart: a type's first two bytes are its kind (0, 1 or 0xFFFF),
 * a file name's are two printable characters. */
typedef struct {
    const char *file; /* NULL: unknown */
    unsigned line;
    const ubsan_type *from, *to;
} cast_site_info;

static cast_site_info site_info(const void *data)
{
    const unsigned char *first;
    memcpy(&first, data, sizeof first);
    if (first[0] + first[1] < 2 || first[0] == 0xFF || first[1] == 0xFF) {
        const ubsan_type *const *types = data;
        return (cast_site_info){NULL, 0, types[0], types[1]};
    }
    const ubsan_float_cast *d = data;
    return (cast_site_info){d->loc.file, d->loc.line, d->from, d->to};
}

/* The value, where it is a float (its bits in the handle), a double (the
 * same) or an x87 long double (by pointer); false for other widths. */
static bool value_of(const ubsan_type *from, uintptr_t handle, double *v)
{
    if (from->info == 32) {
        float f;
        uint32_t b = (uint32_t)handle;
        memcpy(&f, &b, sizeof f);
        *v = f;
    } else if (from->info == 64) {
        uint64_t b = (uint64_t)handle;
        memcpy(v, &b, sizeof *v);
    } else if (from->info == 80 && sizeof(long double) >= 10) {
        *v = (double)*(const long double *)handle;
    } else {
        return false;
    }
    return true;
}

/* ---- the armed conversion (one per OS thread: the CVTT follows at once) ---- */

#if defined(__x86_64__)
enum { MXCSR_IE = 0x1, MXCSR_IM = 0x80 }; /* the invalid-operation flag and mask */

static __thread struct {
    bool on, used;
    bool is_double;     /* the value converted: a double, else a float */
    uint64_t bits;      /* its bits */
    uint64_t value;     /* the GPU's result for the site's type, sign-extended to 64 bits */
    wc_cast_site *site; /* counts the conversions given the GPU's value */
} armed __attribute__((tls_model("initial-exec"))); /* read in the SIGFPE handler */

static void arm(bool is_double, uint64_t bits, uint64_t value, wc_cast_site *site)
{
    armed.is_double = is_double;
    armed.bits = bits;
    armed.value = value;
    armed.site = site;
    armed.on = armed.used = true;
    __builtin_ia32_ldmxcsr(__builtin_ia32_stmxcsr() & ~(unsigned)(MXCSR_IM | MXCSR_IE));
}

bool wc_floatcast_armed(void) { return armed.on; }

static void disarm(void)
{
    if (armed.used)
        __builtin_ia32_ldmxcsr(__builtin_ia32_stmxcsr() | MXCSR_IM);
    armed.on = armed.used = false;
}

/* CVTTSS2SI or CVTTSD2SI at p, legacy or VEX encoded: whether it converts
 * a double, its operands, whether its destination is 64 bits wide. */
static bool decode_cvtt(const unsigned char *p, const greg_t *g, bool *is_double, wc_x86_operand *o, bool *wide)
{
    int rex = 0, pp;
    if (p[0] == 0xC5) { /* two-byte VEX: R inverted, pp 2 = F3, 3 = F2, map 0F */
        pp = p[1] & 3;
        if (pp < 2 || p[2] != 0x2C)
            return false;
        rex = (p[1] & 0x80) ? 0 : 4;
        p += 3;
    } else if (p[0] == 0xC4) { /* three-byte VEX: R, X, B inverted; W; map 1 = 0F */
        pp = p[2] & 3;
        if ((p[1] & 0x1F) != 1 || pp < 2 || p[3] != 0x2C)
            return false;
        rex = ((p[1] & 0x80) ? 0 : 4) | ((p[1] & 0x40) ? 0 : 2) | ((p[1] & 0x20) ? 0 : 1) | ((p[2] & 0x80) ? 8 : 0);
        p += 4;
    } else {
        if (p[0] != 0xF3 && p[0] != 0xF2)
            return false;
        pp = p[0] == 0xF3 ? 2 : 3;
        p++;
        if ((*p & 0xF0) == 0x40)
            rex = *p++;
        if (p[0] != 0x0F || p[1] != 0x2C)
            return false;
        p += 2;
    }
    *is_double = pp == 3;
    *o = wc_x86_decode_operand(p, rex, g);
    *wide = rex & 8;
    return true;
}

/* The bits an instruction's source operand holds: memory, or an XMM register's low lane. */
static uint64_t source_bits(const ucontext_t *uc, const wc_x86_operand *o, bool is_double)
{
    uint64_t b = 0;
    if (o->memory) {
        memcpy(&b, (const void *)o->ea, is_double ? 8 : 4);
    } else {
        const uint32_t *lanes = uc->uc_mcontext.fpregs->_xmm[o->rm].element;
        b = lanes[0] | (is_double ? (uint64_t)lanes[1] << 32 : 0);
    }
    return b;
}

bool wc_floatcast_fixup(void *ucontext, int si_code, bool in_kernel)
{
    ucontext_t *uc = ucontext;
    /* Unmasked and not armed: a mode saved while armed and restored after
     * (an FTZ math function's): in a kernel it is ours to mask again. */
    bool leaked = (in_kernel || armed.used) && si_code == FPE_FLTINV && !(uc->uc_mcontext.fpregs->mxcsr & MXCSR_IM);
    if (!armed.on && !leaked)
        return false;
    /* Masked again when the handler returns, whatever failed. */
    uc->uc_mcontext.fpregs->mxcsr = (uc->uc_mcontext.fpregs->mxcsr | MXCSR_IM) & ~(unsigned)MXCSR_IE;
    if (!armed.on)
        return true; /* the instruction runs again, masked */
    armed.on = false;
    greg_t *g = uc->uc_mcontext.gregs;
    bool is_double, wide;
    wc_x86_operand o;
    /* The armed conversion only: the same value, as float or double. Any other
     * failing instruction runs again, masked, with the CPU's result. */
    if (si_code != FPE_FLTINV || !decode_cvtt((const unsigned char *)(uintptr_t)g[REG_RIP], g, &is_double, &o, &wide) ||
        is_double != armed.is_double || source_bits(uc, &o, is_double) != armed.bits)
        return true;
    /* The GPU's value for the site's type: a signed type of 32 bits or fewer
     * keeps the low bits of a saturated 32-bit conversion, as the CPU keeps
     * those of its own. */
    *wc_x86_greg(g, o.reg) = (greg_t)(wide ? armed.value : (uint32_t)armed.value); /* 32 bits clear the upper half */
    g[REG_RIP] = (greg_t)(uintptr_t)o.end;
    armed.site->exact++;
    return true;
}
#else
static void disarm(void) {}
bool wc_floatcast_armed(void) { return false; }
bool wc_floatcast_fixup(void *ucontext, int si_code, bool in_kernel)
{
    (void)ucontext;
    (void)si_code;
    (void)in_kernel;
    return false;
}
#endif

/* ---- the handler the instrumented casts call ---- */

/* One entry per site, the first warp's lanes (as the integer divisions). */
static wc_cast_site *note(wc_block *b, wc_lane *l, const void *site)
{
    for (int i = 0; i < b->casts.count; i++)
        if (b->casts.at[i].site == site) {
            if (b->casts.at[i].warp == l->warp)
                b->casts.at[i].lanes |= l->bit;
            b->casts.at[i].met++;
            return &b->casts.at[i];
        }
    if (b->casts.count == WC_CAST_SITES)
        return NULL;
    wc_cast_site *s = &b->casts.at[b->casts.count++];
    *s = (wc_cast_site){.site = site, .warp = l->warp, .lanes = l->bit, .met = 1};
    return s;
}

/* The calls the check makes, renamed by the link (see the top). The
 * originals, where a UBSan runtime is linked too, take host code's (never
 * floatcast_unwrapped.c's: a weak reference pulls no archive member). */
void __real___ubsan_handle_float_cast_overflow(void *data, uintptr_t from) __attribute__((weak));
void __real___ubsan_handle_float_cast_overflow_abort(void *data, uintptr_t from) __attribute__((weak));
void __wrap___ubsan_handle_float_cast_overflow(void *data, uintptr_t from);
void __wrap___ubsan_handle_float_cast_overflow_abort(void *data, uintptr_t from);

/* A cast in device code: the site noted, and armed where the CPU's
 * conversion will fail and can be given the GPU's value. False: not one
 * of a kernel's (the host's own, or a type this does not model). */
static bool device_cast(void *data, uintptr_t from)
{
    cast_site_info d = site_info(data);
    wc_lane *l = wc_current_lane();
    double v;
    if (!l || l->in_runtime || d.from->kind != 1 || d.to->kind != 0 || !value_of(d.from, from, &v))
        return false;
    l->in_runtime = 1; /* not paused by the watchdog in here (preempt.c) */
    int bits = 1 << (d.to->info >> 1);
    bool is_signed = d.to->info & 1, ieee = d.from->info != 80; /* not long double's x87 conversion */
    wc_cast_site *s = note(l->block, l, data);
#if defined(__x86_64__)
    /* The CPU's CVTT fails (and can be given the GPU's value) where the value
     * is NaN or outside its 32 or 64 signed bits. */
    bool fails = isnan(v) || (bits <= 32 ? !(v > -0x1p31 - 1 && v < 0x1p31) : !(v >= -0x1p63 && v < 0x1p63));
    if (s && is_signed && bits <= 64 && ieee) {
        if (!fails) { /* (short)40000.0f: both keep the low bits of the same 32-bit value */
            s->exact++;
        } else {
            uint64_t r = wc_gpu_float_to_int(v, d.from->info == 64, bits <= 32 ? 32 : 64, true);
            arm(d.from->info == 64, d.from->info == 64 ? (uint64_t)from : (uint32_t)from,
                bits <= 32 ? (uint64_t)(int64_t)(int32_t)(uint32_t)r : r, s);
        }
    }
#else
    (void)v;
    (void)bits;
    (void)is_signed;
    (void)ieee;
    (void)s;
#endif
    l->in_runtime = 0;
    return true;
}

/* After the check's call where recovery is off (the compiler takes it not
 * to return): a kernel's thread traps there (TRAP, the launch fails), the
 * host aborts as UBSan would. */
static _Noreturn void stop_after(bool device)
{
    disarm();
    if (device)
        __builtin_trap();
    abort();
}

void wc_floatcast_check(void *data, uintptr_t from, bool abort_after)
{
    bool device = device_cast(data, from);
    if (abort_after)
        stop_after(device);
}

void __wrap___ubsan_handle_float_cast_overflow(void *data, uintptr_t from)
{
    if (!device_cast(data, from) && __real___ubsan_handle_float_cast_overflow)
        __real___ubsan_handle_float_cast_overflow(data, from);
}

void __wrap___ubsan_handle_float_cast_overflow_abort(void *data, uintptr_t from)
{
    bool device = device_cast(data, from);
    if (!device && __real___ubsan_handle_float_cast_overflow_abort)
        __real___ubsan_handle_float_cast_overflow_abort(data, from);
    stop_after(device);
}

/* ---- the diagnostics, at the block's end ---- */

/* How the GPU converts to a type of this width and signedness, in words. */
static const char *gpu_rule(int bits, bool is_signed)
{
    if (bits < 32)
        return is_signed ? "converts to int, saturating (NaN: 0), and keeps the low bits"
                         : "converts to unsigned int, saturating (NaN: 0), and keeps the low bits";
    if (bits == 32)
        return "saturates to the type's range (NaN: 0 from a float, the sign bit from a double)";
    return "saturates to the type's range (NaN: the sign bit)";
}

/* A type's name as clang spells it (GCC writes "long long int", "short
 * unsigned int"; clang names a typedef's type after "aka"), without the
 * quotes both put around it. */
static void type_name(const char *quoted, char *out, size_t size)
{
    static const char *const gcc_to_clang[][2] = {
        {"short int", "short"},           {"short unsigned int", "unsigned short"},
        {"long int", "long"},             {"long unsigned int", "unsigned long"},
        {"long long int", "long long"},   {"long long unsigned int", "unsigned long long"},
        {"__int128", "__int128"},         {"__int128 unsigned", "unsigned __int128"},
    };
    const char *aka = strstr(quoted, "(aka '"); /* clang: "'int64_t' (aka 'long')" */
    if (aka)
        quoted = aka + 5;
    size_t n = strcspn(quoted + 1, "'") + 1;
    if (quoted[0] == '\'' && quoted[n] == '\'')
        snprintf(out, size, "%.*s", (int)(n - 1), quoted + 1);
    else
        snprintf(out, size, "%s", quoted);
    for (size_t i = 0; i < sizeof gcc_to_clang / sizeof gcc_to_clang[0]; i++)
        if (strcmp(out, gcc_to_clang[i][0]) == 0) {
            snprintf(out, size, "%s", gcc_to_clang[i][1]);
            return;
        }
}

void wc_floatcast_report(wc_block *b)
{
    disarm();
    for (int i = 0; i < b->casts.count; i++) {
        const wc_cast_site *s = &b->casts.at[i];
        cast_site_info d = site_info(s->site);
        int bits = 1 << (d.to->info >> 1);
        bool is_signed = d.to->info & 1;
        char where[300], value[200];
        if (d.file)
            snprintf(where, sizeof where, "%s:%u", d.file, d.line);
        else
            snprintf(where, sizeof where, "an unknown line");
        const char *done = s->exact == s->met ? "computed so here" : "this run has the CPU's value";
        if (bits > 64)
            snprintf(value, sizeof value, "not measured on the GPU for %d-bit integers; this run has the CPU's value",
                     bits);
        else
            snprintf(value, sizeof value, "the GPU %s; %s", gpu_rule(bits, is_signed), done);
        /* No value in the line, so that the same site's lines of other blocks merge into one. */
        char to[64], from[64];
        type_name(d.to->name, to, sizeof to);
        type_name(d.from->name, from, sizeof from);
        wc_diag_add(b, WS_DIAG_FLOAT_CAST, s->warp, s->lanes, where,
                    "(%s) of a %s it cannot hold (NaN, infinite or out of range): %s", to, from, value);
        if (b->launch->desc.diag_policy == WS_DIAG_POLICY_ERROR && b->status == WS_OK) {
            b->status = WS_ERR_UNDEFINED;
            snprintf(b->error, sizeof b->error, "block (%u,%u,%u): a cast of a %s to %s it cannot hold at %.200s",
                     b->idx.x, b->idx.y, b->idx.z, from, to, where);
        }
    }
    b->casts.count = 0;
}
