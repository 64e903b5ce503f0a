/* The math functions as nvcc -ftz=true builds them (and -use_fast_math,
 * which implies it). CUDA's float functions have an FTZ path beside the
 * default one: libdevice picks, operation by operation, the .ftz form of
 * each float instruction (__nvvm_reflect("__CUDA_FTZ")), so the FTZ path
 * is the same algorithm with every float operation flushing subnormal
 * inputs and results to zero of the same sign. Here each float function is
 * the default one run with the host's flush-to-zero mode on (x86: MXCSR's
 * FTZ and DAZ; AArch64: FPCR.FZ), its float arguments and results flushed
 * too, for the parts computed in integer arithmetic. The double functions
 * are unchanged by -ftz=true: they run with the host's mode off, so that a
 * kernel running in FTZ mode still gets their bits. Where libdevice's FTZ
 * path is not that (copysignf, nextafterf, fmodf, remainderf, remquof,
 * fmaf, the logarithms of doubles: the shapes F2X, F3X, F2PIX, D1X of
 * gpumath_functions.def), the form is written out below. Measured against
 * the GPU's FTZ builds: docs/conformance.md, "Flush to zero". */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpumath_internal.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

#if defined(__x86_64__) || defined(__i386__)
#include <xmmintrin.h>
enum { FTZ_BITS = 0x8040 }; /* MXCSR.FTZ (bit 15) and MXCSR.DAZ (bit 6) */
WS_API unsigned ws_fp_mode_set_ftz(int on)
{
    unsigned before = _mm_getcsr();
    _mm_setcsr(on ? before | FTZ_BITS : before & ~(unsigned)FTZ_BITS);
    return before;
}
WS_API void ws_fp_mode_restore(unsigned mode) { _mm_setcsr(mode); }
#elif defined(__aarch64__)
enum { FTZ_BITS = 1u << 24 }; /* FPCR.FZ: subnormal inputs and results of single and double */
static uint64_t fpcr_get(void)
{
    uint64_t v;
    __asm__ volatile("mrs %0, fpcr" : "=r"(v));
    return v;
}
static void fpcr_set(uint64_t v) { __asm__ volatile("msr fpcr, %0" : : "r"(v)); }
WS_API unsigned ws_fp_mode_set_ftz(int on)
{
    uint64_t before = fpcr_get();
    fpcr_set(on ? before | FTZ_BITS : before & ~(uint64_t)FTZ_BITS);
    return (unsigned)before;
}
WS_API void ws_fp_mode_restore(unsigned mode) { fpcr_set(mode); }
#else /* no flush-to-zero mode known here: warpsim cc refuses -ftz=true on such a host */
WS_API unsigned ws_fp_mode_set_ftz(int on)
{
    (void)on;
    return 0;
}
WS_API void ws_fp_mode_restore(unsigned mode) { (void)mode; }
#endif

#define flush ws_f32_flushed

#define FTZ_ON unsigned mode_ = ws_fp_mode_set_ftz(1)
#define FTZ_OFF unsigned mode_ = ws_fp_mode_set_ftz(0)
#define RESTORE ws_fp_mode_restore(mode_)

#define F1(n, w)                                      \
    WS_API float ws_gpu_ftz_##w(float x)              \
    {                                                 \
        FTZ_ON;                                       \
        float r = flush(ws_gpu_##w(flush(x)));        \
        RESTORE;                                      \
        return r;                                     \
    }
#define F1A(n, w)
#define F2X(n, w)   /* written out below */
#define F3X(n, w)   /* written out below */
#define D1X(n, w)   /* written out below */
#define F2PIX(n, w) /* written out below */
#define F2(n, w)                                              \
    WS_API float ws_gpu_ftz_##w(float x, float y)             \
    {                                                         \
        FTZ_ON;                                               \
        float r = flush(ws_gpu_##w(flush(x), flush(y)));      \
        RESTORE;                                              \
        return r;                                             \
    }
#define F3(n, w)                                                       \
    WS_API float ws_gpu_ftz_##w(float x, float y, float z)             \
    {                                                                  \
        FTZ_ON;                                                        \
        float r = flush(ws_gpu_##w(flush(x), flush(y), flush(z)));     \
        RESTORE;                                                       \
        return r;                                                      \
    }
#define F4(n, w)                                                                \
    WS_API float ws_gpu_ftz_##w(float x, float y, float z, float u)             \
    {                                                                           \
        FTZ_ON;                                                                 \
        float r = flush(ws_gpu_##w(flush(x), flush(y), flush(z), flush(u)));    \
        RESTORE;                                                                \
        return r;                                                               \
    }
#define F1SC(n, w)                                             \
    WS_API void ws_gpu_ftz_##w(float x, float *s, float *c)    \
    {                                                          \
        FTZ_ON;                                                \
        float rs, rc;                                          \
        ws_gpu_##w(flush(x), &rs, &rc);                        \
        *s = flush(rs);                                        \
        *c = flush(rc);                                        \
        RESTORE;                                               \
    }
#define F1I(n, w, T)                          \
    WS_API T ws_gpu_ftz_##w(float x)          \
    {                                         \
        FTZ_ON;                               \
        T r = ws_gpu_##w(flush(x));           \
        RESTORE;                              \
        return r;                             \
    }
#define F1PI(n, w)                                    \
    WS_API float ws_gpu_ftz_##w(float x, int *e)      \
    {                                                 \
        FTZ_ON;                                       \
        float r = flush(ws_gpu_##w(flush(x), e));     \
        RESTORE;                                      \
        return r;                                     \
    }
#define F2PI(n, w)                                                \
    WS_API float ws_gpu_ftz_##w(float x, float y, int *q)         \
    {                                                             \
        FTZ_ON;                                                   \
        float r = flush(ws_gpu_##w(flush(x), flush(y), q));       \
        RESTORE;                                                  \
        return r;                                                 \
    }
#define F1PF(n, w)                                        \
    WS_API float ws_gpu_ftz_##w(float x, float *i)        \
    {                                                     \
        FTZ_ON;                                           \
        float whole;                                      \
        float r = flush(ws_gpu_##w(flush(x), &whole));    \
        *i = flush(whole);                                \
        RESTORE;                                          \
        return r;                                         \
    }
#define FI(n, w)                                      \
    WS_API float ws_gpu_ftz_##w(float x, int k)       \
    {                                                 \
        FTZ_ON;                                       \
        float r = flush(ws_gpu_##w(flush(x), k));     \
        RESTORE;                                      \
        return r;                                     \
    }
#define IF(n, w)                                      \
    WS_API float ws_gpu_ftz_##w(int k, float x)       \
    {                                                 \
        FTZ_ON;                                       \
        float r = flush(ws_gpu_##w(k, flush(x)));     \
        RESTORE;                                      \
        return r;                                     \
    }
/* normf's elements are flushed as the GPU reads them: a copy of at most
 * the elements it reads (t[0] even when dim < 1). */
#define FV(n, w)                                                     \
    WS_API float ws_gpu_ftz_##w(int dim, const float *t)             \
    {                                                                \
        FTZ_ON;                                                      \
        float r;                                                     \
        int count = dim < 1 ? 1 : dim;                               \
        float small[16];                                             \
        float *copy = count <= 16 ? small : malloc(sizeof(float) * (size_t)count); \
        if (!copy) {                                                 \
            r = ws_gpu_##w(dim, t); /* no memory: unflushed */       \
        } else {                                                     \
            for (int i = 0; i < count; i++)                          \
                copy[i] = flush(t[i]);                               \
            r = flush(ws_gpu_##w(dim, copy));                        \
            if (copy != small)                                       \
                free(copy);                                          \
        }                                                            \
        RESTORE;                                                     \
        return r;                                                    \
    }
#define OFF(R, w, params, args)          \
    WS_API R ws_gpu_ftz_##w params       \
    {                                    \
        FTZ_OFF;                         \
        R r = ws_gpu_##w args;           \
        RESTORE;                         \
        return r;                        \
    }
#define D1(n, w) OFF(double, w, (double x), (x))
#define D2(n, w) OFF(double, w, (double x, double y), (x, y))
#define D3(n, w) OFF(double, w, (double x, double y, double z), (x, y, z))
#define D4(n, w) OFF(double, w, (double x, double y, double z, double u), (x, y, z, u))
#define D1I(n, w, T) OFF(T, w, (double x), (x))
#define D1PI(n, w) OFF(double, w, (double x, int *e), (x, e))
#define D2PI(n, w) OFF(double, w, (double x, double y, int *q), (x, y, q))
#define D1PD(n, w) OFF(double, w, (double x, double *i), (x, i))
#define DI(n, w) OFF(double, w, (double x, int k), (x, k))
#define ID(n, w) OFF(double, w, (int k, double x), (k, x))
#define DV(n, w) OFF(double, w, (int dim, const double *t), (dim, t))
#define D1SC(n, w)                                             \
    WS_API void ws_gpu_ftz_##w(double x, double *s, double *c) \
    {                                                          \
        FTZ_OFF;                                               \
        ws_gpu_##w(x, s, c);                                   \
        RESTORE;                                               \
    }
#include "warpsim/gpumath_functions.def"
#include "warpsim/gpumath_shapes_undef.h"
OFF(double, scalbln, (double x, long k), (x, k))

/* log, log2, log10 and erfcinv, normcdfinv, which run their logarithm:
 * their special case (x <= 0, infinite or NaN) asks whether x, scaled by
 * 2^54, is zero through a float compare of its high word, which -ftz=true
 * makes .ftz: a negative x above -2^-1069 (a high word that reads as a
 * subnormal float) counts as -0. The H100: log(-2^-1074) = -inf,
 * erfcinv(-2^-1074) = +inf (docs/probes/gpumath_ftz.h100.txt). */
#define LOG_FAMILY(w)                                                 \
    WS_API double ws_gpu_ftz_##w(double x)                            \
    {                                                                 \
        FTZ_OFF;                                                      \
        double r = ws_gpu_##w(x < 0.0 && x > -0x1p-1069 ? -0.0 : x);  \
        RESTORE;                                                      \
        return r;                                                     \
    }
LOG_FAMILY(log)
LOG_FAMILY(log2)
LOG_FAMILY(log10)
LOG_FAMILY(erfcinv)
LOG_FAMILY(normcdfinv)
OFF(double, powi, (double x, int k), (x, k))

/* copysignf works on the bits (llvm.copysign, no .ftz form): a subnormal
 * comes back unflushed, with y's sign. */
WS_API float ws_gpu_ftz_copysignf(float x, float y) { return ws_gpu_copysignf(x, y); }

/* nextafterf's own FTZ path (libdevice): both operands flushed on their
 * bits; two zeros give y; from zero the first step is the smallest normal
 * with y's sign (not a subnormal); otherwise the bit pattern steps as in
 * the default path, the comparisons reading subnormals as zero, and a
 * result that compares equal to zero (a subnormal) keeps only its sign. */
WS_API float ws_gpu_ftz_nextafterf(float x, float y)
{
    float fx = flush(x), fy = flush(y);
    if (isnan(x) || isnan(y))
        return ws_gpu_nextafterf(x, y); /* x + y: the canonical NaN */
    uint32_t ix, iy;
    memcpy(&ix, &fx, 4);
    memcpy(&iy, &fy, 4);
    if ((ix | iy) << 1 == 0)
        return fy;
    if (fx == 0.0f)
        return copysignf(0x1p-126f, y);
    if (fx < fy)
        ix += fx < 0.0f ? UINT32_MAX : 1u;
    else if (fx > fy)
        ix += fx < 0.0f ? 1u : UINT32_MAX;
    float r;
    memcpy(&r, &ix, 4);
    return flush(r);
}

/* fmodf, remainderf, remquof: their FTZ paths flush the operands, but the
 * reduction's fused multiply-adds have no .ftz form (libdevice calls the
 * plain fma whatever the mode), so subnormal intermediates survive: the
 * default algorithm on flushed operands with the host's mode off, and the
 * result flushed. */
#define REDUCTION(w, params, args)          \
    WS_API float ws_gpu_ftz_##w params      \
    {                                       \
        FTZ_OFF;                            \
        float r = flush(ws_gpu_##w args);   \
        RESTORE;                            \
        return r;                           \
    }
REDUCTION(fmodf, (float x, float y), (flush(x), flush(y)))
REDUCTION(remainderf, (float x, float y), (flush(x), flush(y)))
REDUCTION(remquof, (float x, float y, int *q), (flush(x), flush(y), q))

/* fma.rn.ftz: the flushed operands' fma, rounded once, then flushed if the
 * rounded result is subnormal (one that rounds up to 2^-126 stays, as x86's
 * own multiply decides tininess after rounding too); computed with the mode
 * off, for the host's fmaf may reach its float result through a double one. */
REDUCTION(fmaf, (float x, float y, float z), (flush(x), flush(y), flush(z)))

WS_API float ws_gpu_ftz_scalblnf(float x, long k)
{
    FTZ_ON;
    float r = flush(ws_gpu_scalblnf(flush(x), k));
    RESTORE;
    return r;
}

WS_API float ws_gpu_ftz_powif(float x, int k)
{
    FTZ_ON;
    float r = flush(ws_gpu_powif(flush(x), k));
    RESTORE;
    return r;
}

/* tanhf in a -use_fast_math build: nvcc makes it tanh.approx.f32 (MUFU.TANH),
 * the special-function unit's approximation, which warpsim does not model
 * yet (measured on every input: it is odd, passes subnormals through
 * unflushed, and differs from the correctly rounded tanh on 128,069,087 of
 * the 2^31 non-negative inputs, by up to 134 units in the last place;
 * docs/probes/sqrt_tanh_approx_probe.h100.txt). CUDA's accurate tanhf stands
 * in, with the flush mode off (a subnormal comes back as itself, as on the
 * GPU), and the program says so on stderr once per call site (unless
 * WARPSIM_DIAG=ignore): the sites said are kept in a small table under a
 * spin lock (calls from many threads, few sites; past its size, a site is
 * said again rather than kept). */
enum { APPROX_SITES = 64 };
static struct {
    const char *file;
    int line;
} approx_sites[APPROX_SITES];
static int approx_count, approx_lock;

static bool approx_site_is_new(const char *file, int line)
{
    while (__atomic_exchange_n(&approx_lock, 1, __ATOMIC_ACQUIRE))
        ;
    bool seen = false;
    for (int i = 0; i < approx_count && !seen; i++)
        seen = approx_sites[i].line == line && (approx_sites[i].file == file ||
                                                 (file && approx_sites[i].file && !strcmp(approx_sites[i].file, file)));
    if (!seen && approx_count < APPROX_SITES) {
        approx_sites[approx_count].file = file;
        approx_sites[approx_count].line = line;
        approx_count++;
    }
    __atomic_store_n(&approx_lock, 0, __ATOMIC_RELEASE);
    return !seen;
}

WS_API float ws_gpu_ftz_tanh_fast_math_at(float x, const char *file, int line)
{
    if (approx_site_is_new(file, line)) {
        const char *policy = getenv("WARPSIM_DIAG");
        if (!policy || strcmp(policy, "ignore") != 0)
            fprintf(stderr, "warpsim: APPROX_BITS: %s:%d: tanhf under -use_fast_math is the GPU's tanh.approx.f32, "
                            "which warpsim does not model: it computes CUDA's tanhf, which differs from it on about "
                            "6%% of inputs, by up to 134 units in the last place (docs/cuda-frontend.md, \"Flush to "
                            "zero\")\n",
                    file ? file : "(a call through tanh or a pointer)", file ? line : 0);
    }
    FTZ_OFF;
    float r = ws_gpu_tanhf(x);
    RESTORE;
    return r;
}

WS_API float ws_gpu_ftz_tanh_fast_math(float x) { return ws_gpu_ftz_tanh_fast_math_at(x, NULL, 0); }
