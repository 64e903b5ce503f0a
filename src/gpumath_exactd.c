/* The f64 math functions of CUDA whose results are exact or nearly so
 * (fmod, remainder, remquo, rounding to integers, scaling by powers of two,
 * taking doubles apart, min/max/fdim, nextafter, fma, powi) with the GPU's
 * bits: CUDA's libdevice algorithms (__nv_fmod, __nv_remquo, __nv_frexp,
 * __nv_ldexp, __nv_nextafter ..., the path nvcc takes for sm_90),
 * re-expressed in C.
 *
 * Most results are the IEEE value the host's libm gives too; what differs
 * from glibc is at the edges, and that is what the code follows step by
 * step: fmod/remainder/remquo run CUDA's bit-by-bit long division (with
 * its own answers for infinities, zero divisors and NaNs), ldexp scales in
 * up to four multiplications, conversions to integers saturate as PTX's
 * cvt does, and ilogb, frexp and logb give CUDA's values at zero,
 * infinity and NaN.
 * NaN results: the GPU's f64 arithmetic passes on its first NaN operand
 * quieted (fma: in the order a, c, b) and makes 0xFFF8000000000000 from
 * non-NaN operands; the host does the same while one NaN is in flight, and
 * where two can meet the code picks the GPU's. Operations that only move
 * bits (copysign, a select) keep a NaN operand's bits; fabs is an add on
 * the GPU and quiets a NaN (keeping its sign).
 * Build with -ffp-contract=off: fma is the only fused operation here. */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/gpumath.h"

#define SIGN_F64 UINT64_C(0x8000000000000000)
#define ABS_MASK_F64 UINT64_C(0x7FFFFFFFFFFFFFFF)
#define INF_BITS_F64 UINT64_C(0x7FF0000000000000)
#define QUIET_BIT_F64 UINT64_C(0x0008000000000000)
#define DEFAULT_NAN_F64 UINT64_C(0xFFF8000000000000) /* the NaN the GPU makes (inf - inf) */
#define FRACTION_F64 UINT64_C(0x000FFFFFFFFFFFFF)
#define HIDDEN_BIT_F64 UINT64_C(0x0010000000000000)

/* CUDA's lrint and lround are its llrint and llround on LP64 hosts. */
_Static_assert(sizeof(long) == sizeof(long long), "lrint/lround assume a 64-bit long (LP64)");

static double from_bits(uint64_t b) { return ws_inl_f64(b); }
static uint64_t bits_of(double x) { return ws_inl_f64_bits(x); }
static uint32_t high_word(double x) { return (uint32_t)(bits_of(x) >> 32); }

/* x + y with the GPU's NaN: the first NaN operand quieted. */
static double add_gpu(double x, double y) { return from_bits(ws_inl_f64_add(bits_of(x), bits_of(y))); }

/* ---- fmod, remainder, remquo ----
 * CUDA divides |x| by |y| one quotient bit at a time on the 53-bit
 * significands (at most 2099 steps), so the remainder is exact. */

/* What the three share for special operands: a NaN operand gives x + y;
 * x infinite (y not NaN) the default NaN; x finite and y infinite x
 * itself; y zero the default NaN. Returns 1 when *r is the result. */
static int rem_special(double x, double y, double *r)
{
    uint64_t ax = bits_of(x) & ABS_MASK_F64, ay = bits_of(y) & ABS_MASK_F64;
    if (ax >= INF_BITS_F64 || ay >= INF_BITS_F64) {
        if (ax > INF_BITS_F64 || ay > INF_BITS_F64)
            *r = add_gpu(x, y);
        else
            *r = ax == INF_BITS_F64 ? from_bits(DEFAULT_NAN_F64) : x;
        return 1;
    }
    if (ay == 0) {
        *r = from_bits(DEFAULT_NAN_F64);
        return 1;
    }
    return 0;
}

/* The biased exponent of a finite nonzero magnitude and its significand
 * with the hidden bit (subnormals scaled by 2^54 to find them). */
static int32_t exponent_and_significand(double a, uint64_t *sig)
{
    int32_t e = (int32_t)(high_word(a) >> 20);
    if (e < 1) {
        a = a * 0x1p54;
        e = e + (int32_t)(high_word(a) >> 20) - 54;
    }
    *sig = (bits_of(a) & FRACTION_F64) | HIDDEN_BIT_F64;
    return e;
}

/* |x| >= |y| > 0, both finite: the remainder of |x| / |y| truncated, as
 * a magnitude. *last_failed is 1 when the last quotient bit is 0 (the
 * last trial subtraction went negative); *quotient gets the low 32 bits
 * of the quotient. */
static double rem_divide(double ax, double ay, int *last_failed, uint32_t *quotient)
{
    uint64_t ma, mb;
    int32_t ea = exponent_and_significand(ax, &ma);
    int32_t eb = exponent_and_significand(ay, &mb);
    uint32_t q = 0;
    int failed = 0;
    /* Long division, one bit a step: subtract the divisor's significand
     * when it fits, shift the partial remainder. */
    for (int32_t k = ea - eb; k >= 0; k--) {
        uint64_t d = ma - mb;
        failed = (int64_t)d < 0;
        uint64_t keep = 0u - (uint64_t)failed; /* a select, not a branch: the bits are random */
        ma = (ma & keep) | (d & ~keep);
        ma += ma;
        q = (q << 1) | (uint32_t)!failed;
    }
    *last_failed = failed;
    *quotient = q;
    uint64_t res = ma >> 1;
    if (res != 0) {
        /* Normalise the remainder back to a double of |y|'s exponent:
         * shift its leading bit to bit 52 (CUDA finds it by scaling the
         * pattern, a subnormal, by 2^54; counting zeros gives the same
         * shift without the host's slow subnormal multiply), then either
         * add the exponent field or shift it down into a subnormal. */
        int32_t shift = __builtin_clzll(res) - 11;
        int32_t e = eb - shift;
        res <<= shift;
        if (e < 1)
            res >>= 1 - e;
        else
            res += (uint64_t)(int64_t)(e - 1) << 52;
    }
    return from_bits(res);
}

double ws_gpu_fmod(double x, double y)
{
    if (f64_two_nans(x, y))
        return f64_quieted(y);
    double r;
    if (rem_special(x, y, &r))
        return r;
    double ax = fabs(x), ay = fabs(y);
    if (!(ax >= ay))
        return x;
    int failed;
    uint32_t q;
    r = rem_divide(ax, ay, &failed, &q);
    return from_bits(bits_of(r) | (bits_of(x) & SIGN_F64)); /* copysign(r, x) */
}

/* The remainder of the truncated division, then one more subtraction of
 * |y| if it is more than |y| / 2, or exactly half and the quotient odd
 * (ties to even); the sign of x is applied last (by flipping the sign bit,
 * so a zero remainder takes x's sign). *quo gets the rounded quotient's
 * low bits. */
static double remainder_core(double x, double y, uint32_t *quo)
{
    double ax = fabs(x), ay = fabs(y), r = ax;
    int failed = 1;
    uint32_t q = 0;
    if (ax >= ay)
        r = rem_divide(ax, ay, &failed, &q);
    double twice = r + r;
    if (twice > ay || (twice == ay && !failed)) {
        q += 1;
        r = r - ay;
    }
    *quo = q;
    return from_bits(bits_of(r) ^ (bits_of(x) & SIGN_F64));
}

double ws_gpu_remainder(double x, double y)
{
    if (f64_two_nans(x, y))
        return f64_quieted(y);
    double r;
    if (rem_special(x, y, &r))
        return r;
    uint32_t q;
    return remainder_core(x, y, &q);
}

/* remquo: as remainder, and the quotient's low three bits with the sign
 * of x / y (taken from the sign bits); 0 where a special case settles
 * the result. */
double ws_gpu_remquo(double x, double y, int *quo)
{
    if (f64_two_nans(x, y)) {
        *quo = 0;
        return f64_quieted(y);
    }
    double r;
    *quo = 0;
    if (rem_special(x, y, &r))
        return r;
    uint32_t q;
    r = remainder_core(x, y, &q);
    uint32_t s = ((bits_of(x) ^ bits_of(y)) & SIGN_F64) ? UINT32_MAX : 0u;
    *quo = (int)(((q & 7u) ^ s) - s);
    return r;
}

/* ---- sign operations ---- */

static double quiet(double x) { return from_bits(bits_of(x) | QUIET_BIT_F64); }

/* PTX abs.f64 runs on the GPU as an add, -0 + |x| (DADD in ptxas's code;
 * measured on an H100): a NaN comes through quieted with its own sign, as
 * an add passes on its NaN operand; otherwise the sign is cleared. */
double ws_gpu_fabs(double x) { return isnan(x) ? quiet(x) : from_bits(bits_of(x) & ABS_MASK_F64); }

/* PTX copysign.f64 is a bit select on the high word (LOP3 in ptxas's
 * code): a NaN keeps its payload. */
double ws_gpu_copysign(double x, double y)
{
    return from_bits((bits_of(x) & ABS_MASK_F64) | (bits_of(y) & SIGN_F64));
}

/* PTX min.f64/max.f64 (the H200's rules, fpops.h): a NaN operand counts as
 * missing, of two NaNs the first comes back quieted, and -0 is below +0. */
double ws_gpu_fmin(double x, double y)
{
    return f64_two_nans(x, y) ? f64_quieted(y) : from_bits(ws_inl_f64_min(bits_of(x), bits_of(y)));
}
double ws_gpu_fmax(double x, double y)
{
    return f64_two_nans(x, y) ? f64_quieted(y) : from_bits(ws_inl_f64_max(bits_of(x), bits_of(y)));
}

/* x - y where x > y, else +0; with a NaN operand the difference (x's NaN
 * first) comes back. */
double ws_gpu_fdim(double x, double y)
{
    if (f64_two_nans(x, y))
        return f64_quieted(y);
    if (x <= y)
        return 0.0;
    if (isnan(x))
        return from_bits(bits_of(x) | QUIET_BIT_F64);
    return x - y; /* y's NaN, quieted, if y is one */
}

/* ---- rounding to integral values (PTX cvt.rmi/rpi/rzi/rni.f64.f64) ----
 * The host's functions give the same integral values, signed zeros, and a
 * NaN quieted with its payload, as the GPU does. */

double ws_gpu_floor(double x) { return isnan(x) ? quiet(x) : floor(x); }
double ws_gpu_ceil(double x) { return isnan(x) ? quiet(x) : ceil(x); }
double ws_gpu_trunc(double x) { return isnan(x) ? quiet(x) : trunc(x); }

/* rint and nearbyint are both cvt.rni: to nearest, ties to even. */
double ws_gpu_rint(double x) { return isnan(x) ? quiet(x) : nearbyint(x); }
double ws_gpu_nearbyint(double x) { return isnan(x) ? quiet(x) : nearbyint(x); }

/* CUDA adds copysign(0.5, x) rounding toward zero, then truncates: the sum
 * never crosses the next integer, so this is rounding half away from zero,
 * C's round (signed zeros too). */
double ws_gpu_round(double x) { return isnan(x) ? quiet(x) : round(x); }

/* cvt.rni.s64.f64: to nearest even, saturating at the limits of long
 * long; a NaN converts to the most negative value. */
long long ws_gpu_llrint(double x)
{
    if (isnan(x))
        return INT64_MIN;
    if (x >= 0x1p63)
        return INT64_MAX;
    if (x <= -0x1p63)
        return INT64_MIN;
    return (long long)nearbyint(x);
}

long ws_gpu_lrint(double x) { return (long)ws_gpu_llrint(x); }

/* round(x) (see ws_gpu_round), then cvt.rzi.s64.f64: saturating, a NaN
 * to the most negative value. */
long long ws_gpu_llround(double x)
{
    if (isnan(x))
        return INT64_MIN;
    if (x >= 0x1p63)
        return INT64_MAX;
    if (x <= -0x1p63)
        return INT64_MIN;
    return (long long)round(x);
}

long ws_gpu_lround(double x) { return (long)ws_gpu_llround(x); }

/* ---- taking a double apart ---- */

/* The integral part truncated (stored), the fraction returned: a whole
 * number (infinities too) has the fraction 0 with its sign; otherwise
 * x - trunc(x), exact (a NaN: x quieted). */
double ws_gpu_modf(double x, double *iptr)
{
    double t = ws_gpu_trunc(x);
    *iptr = t;
    if (x == t)
        return from_bits(bits_of(x) & SIGN_F64);
    return x - t;
}

/* x = m * 2^e with 0.5 <= |m| < 1, read from the exponent field (a
 * subnormal scaled by 2^54 first). Zero, infinity and NaN come back as
 * x + x (a NaN quieted) with e = 0. */
double ws_gpu_frexp(double x, int *nptr)
{
    double v = x;
    int32_t expo = (int32_t)(high_word(x) & UINT32_C(0x7FF00000));
    if (expo < 0x00100000) {
        v = x * 0x1p54;
        expo = (int32_t)(high_word(v) & UINT32_C(0x7FF00000)) - (54 << 20);
    }
    if (v == 0.0 || expo >= 0x7FF00000) {
        *nptr = 0;
        return v + v;
    }
    *nptr = (expo - 0x3FE00000) >> 20; /* arithmetic shift: the exponent may be negative */
    return from_bits((bits_of(v) & UINT64_C(0x800FFFFFFFFFFFFF)) | UINT64_C(0x3FE0000000000000));
}

/* x * 2^n. n is clamped to [-2099, 2099]. For |n| <= 216 one
 * multiplication by 2^n; else n = s1 + 3 * s0 with both powers normal, and
 * x is multiplied by 2^s1 and three times by 2^s0, each product rounded
 * as the GPU rounds it. (x * 1.0 where n is small: exact, a NaN quieted.) */
double ws_gpu_ldexp(double x, int n)
{
    int m = n > 2099 ? 2099 : n < -2099 ? -2099 : n;
    uint32_t t = (uint32_t)(m + 4092);
    uint32_t s0 = t >> 2, s1 = t - 3 * s0;
    if ((m < 0 ? -m : m) <= 216) {
        s0 = 1023;
        s1 = (uint32_t)(m + 1023);
    }
    double p0 = from_bits((uint64_t)s0 << 52), p1 = from_bits((uint64_t)s1 << 52);
    double r = x * p1;
    r = r * p0;
    r = r * p0;
    return r * p0;
}

double ws_gpu_scalbn(double x, int n) { return ws_gpu_ldexp(x, n); }

/* nvcc clamps the long to the int range, then runs scalbn. */
double ws_gpu_scalbln(double x, long n)
{
    int k = n > INT32_MAX ? INT32_MAX : n < INT32_MIN ? INT32_MIN : (int)n;
    return ws_gpu_ldexp(x, k);
}

/* The unbiased exponent: from the field for normal numbers, from the
 * leading zeros for subnormals. ilogb(0) and ilogb(NaN) are INT_MIN,
 * ilogb(+-inf) INT_MAX. */
int ws_gpu_ilogb(double x)
{
    uint64_t a = bits_of(x) & ABS_MASK_F64;
    if (a > INF_BITS_F64 || a == 0)
        return INT32_MIN;
    if (a == INF_BITS_F64)
        return INT32_MAX;
    if (a >= HIDDEN_BIT_F64)
        return (int)(a >> 52) - 1023;
    return -1011 - __builtin_clzll(a);
}

/* The same exponent as a double; logb(0) = -inf, logb(+-inf) = +inf
 * (|x|), a NaN quieted (x + x). */
double ws_gpu_logb(double x)
{
    uint64_t a = bits_of(x) & ABS_MASK_F64;
    if (a > INF_BITS_F64)
        return quiet(x);
    if (a == INF_BITS_F64)
        return from_bits(a);
    if (a == 0)
        return -INFINITY;
    if (a >= HIDDEN_BIT_F64)
        return (double)((int)(a >> 52) - 1023);
    return (double)(-1011 - __builtin_clzll(a));
}

/* The neighbour of x toward y, by stepping the bit pattern. Both zero
 * (or equal) gives y; from zero the first step is the smallest subnormal
 * with y's sign. A NaN operand makes x + y (x's NaN first). */
double ws_gpu_nextafter(double x, double y)
{
    if (f64_two_nans(x, y))
        return f64_quieted(y);
    if (isnan(x) || isnan(y))
        return add_gpu(x, y);
    uint64_t ix = bits_of(x), iy = bits_of(y);
    if (((ix | iy) << 1) == 0) /* both zero */
        return y;
    if ((ix << 1) == 0)
        return from_bits(UINT64_C(1) | (iy & SIGN_F64));
    if (x < y)
        ix += x < 0.0 ? UINT64_MAX : 1u; /* toward +inf: smaller magnitude if negative */
    else if (x > y)
        ix += x < 0.0 ? 1u : UINT64_MAX;
    return from_bits(ix);
}

/* ---- fma and integer powers ---- */

/* fma with the GPU's NaN: the first NaN of a, c, b quieted; a NaN made
 * from numbers (0 * inf) is the default NaN, as the host makes it. */
GPUMATH_CLONES static double gpu_fma(double a, double b, double c)
{
    if (isnan(a) || isnan(b) || isnan(c))
        return quiet(isnan(a) ? a : isnan(c) ? c : b);
    double r = fma(a, b, c);
    return isnan(r) ? from_bits(DEFAULT_NAN_F64) : r;
}
double ws_gpu_fma(double x, double y, double z)
{
    if (isnan(z) && (isnan(x) || isnan(y)))
        return f64_quieted(z);
    if (f64_two_nans(x, y))
        return f64_quieted(y);
    return gpu_fma(x, y, z);
}

/* x^n by binary powering over |n| (as unsigned: |INT_MIN| = 2^31): the
 * result takes x^(2^k) for each set bit k, lowest first, each product
 * rounded; the square after the last bit is not taken. A negative n
 * takes 1 / result at the end (an IEEE division). x^0 = 1, NaN too.
 * The first product is 1.0 * x, which nvcc drops: measured on an H100,
 * powi(x, 1) returns a signalling NaN x unquieted; later products and the
 * division quiet it. */
double ws_gpu_powi(double x, int n)
{
    uint32_t e = n < 0 ? 0u - (uint32_t)n : (uint32_t)n;
    double r = (e & 1u) ? x : 1.0, p = x;
    for (e >>= 1; e != 0; e >>= 1) {
        p = p * p;
        if (e & 1u)
            r = r * p;
    }
    return n < 0 ? 1.0 / r : r;
}
