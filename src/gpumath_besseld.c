/* f64 Bessel functions with the GPU's bits: j0, j1, jn, y0, y1, yn,
 * cyl_bessel_i0 and cyl_bessel_i1. The algorithms are CUDA's libdevice's
 * (__nv_j0 ... __nv_cyl_bessel_i1; the non-FTZ path, nvcc's default, and
 * sm_90's branch where the IR asks for the architecture), re-expressed
 * step by step; build with -ffp-contract=off (fma is the GPU's fma.rn,
 * `a * b + c` stays two roundings).
 *
 * J0, J1, Y0 and Y1 are piecewise: near the origin a series (Y adds
 * (2/pi) log(x) J); up to about 10, one polynomial per zero of the
 * function, in the distance to that zero (the zero in two pieces, so
 * x - zero is nearly exact and the root keeps a small relative error);
 * beyond, the asymptotic form sqrt(2/(pi x)) A(1/x^2) cos(x + w P(w^2) -
 * offset), w = 1/x from the special-function unit's reciprocal refined by
 * two fma steps, and 1/sqrt(x) from its reciprocal square root (both
 * modelled bit for bit, gpumath_mufu.c). The phase is reduced by pi/2 as
 * sin and cos reduce (gpumath_trig.c, Payne-Hanek from 2^31), the offset
 * is added to the remainder and that sum goes through cos whole. Jn runs
 * the three-term recurrence upward from J0, J1 where x > n - 1, else
 * Miller's downward recurrence normalised by J0 + 2 (J2 + J4 + ...); Yn
 * runs it upward from Y0, Y1. I0 and I1: a series in x^2 below 11, above
 * it e^x / sqrt(x) times a polynomial in 1/x, e^x as (e^(x/2))^2 so that
 * it overflows only with the result.
 *
 * NaN results: a NaN argument comes back quieted, sign kept (the GPU's
 * f64 fabs and arithmetic pass it on); a NaN made from numbers, or
 * returned for a domain error, is 0xFFF8000000000000; each function fixes
 * its NaN results at the end, so that they do not hang on the host's NaN
 * rules (x86 clears a NaN's sign in fabs and flips it in a negation). */
#include <math.h>
#include <stdint.h>

#include "gpumath_internal.h"
#include "warpsim/fpops.h"
#include "warpsim/gpumath.h"

#define TWO_OVER_PI 0x1.45f306dc9c883p-1        /* 2/pi */
#define SQRT_TWO_OVER_PI 0x1.9884533d43651p-1   /* sqrt(2/pi) */
#define HALF_PI 0x1.921fb54442d18p+0            /* pi/2 */
#define Y_TINY 0x0.730d67819e8d2p-1022          /* 1e-308: Y1 is -2/(pi x) below */

/* Horner's scheme, highest coefficient first, one fma a step. */
GPUMATH_CLONES static double horner(const double *c, int n, double t)
{
    double p = c[0];
    for (int i = 1; i < n; i++)
        p = fma(p, t, c[i]);
    return p;
}

/* ---- the pieces J0, J1, Y0 and Y1 share ---------------------------------- */

/* One interval around a zero of the function: up to `limit`, the value is
 * P(t) * t with t = (x - hi) - lo, the zero being hi + lo. */
struct zero_piece {
    double limit, hi, lo;
    const double *c;
    int n;
};

/* The asymptotic form's coefficients: the amplitude A (in w^2) and the
 * phase correction P (x + w P(w^2)), and the offset the cosine takes. */
struct asymptote {
    const double *amp;
    int n_amp;
    const double *phase;
    int n_phase;
    double offset;
};

/* Tries the intervals in order; returns 1 with *r set if x is in one. */
GPUMATH_CLONES static int near_zero(double x, const struct zero_piece *z, int count, double *r)
{
    for (int i = 0; i < count; i++) {
        if (x <= z[i].limit) {
            double t = (x - z[i].hi) - z[i].lo;
            *r = horner(z[i].c, z[i].n, t) * t;
            return 1;
        }
    }
    return 0;
}

/* 1/x: the unit's estimate and two fma steps (the asymptotic form's w,
 * and I0's and I1's large form). */
GPUMATH_CLONES static double recip(double x)
{
    double w0 = ws_gpu_rcp_approx_ftz_f64(x);
    double e = fma(-x, w0, 1.0);
    e = fma(e, e, e);
    return fma(e, w0, w0);
}

/* The asymptotic form for a finite x beyond the last interval. */
GPUMATH_CLONES static double asymptotic(double x, const struct asymptote *a)
{
    double w = recip(x);
    double w2 = w * w;
    double amp = horner(a->amp, a->n_amp, w2);
    double theta = fma(horner(a->phase, a->n_phase, w2), w, x);
    double scale = ws_gpu_rsqrt_approx_f64(x) * SQRT_TWO_OVER_PI * amp;
    /* cos(theta + offset): the offset joins theta's remainder and the
     * remainder's quadrant (mod 4), then the sum is a cosine's argument */
    uint32_t q;
    double t = reduce_half_pi_f64(theta, &q);
    double v = (t + a->offset) + (double)(q & 3u) * HALF_PI;
    return scale * ws_gpu_cos(v);
}

/* The NaN bits of J0, J1, Y0 and Y1 (and of Jn, Yn for n = 0, 1): a NaN argument gives
 * 0x7FFFFFFF00000000, the NaN of the unit's f64 reciprocal approximations, whatever its sign
 * and payload (the H100, 2026-12-06: each function's 8,200 or so NaN arguments among 2^24
 * random ones, and the special NaNs, quiet and signaling, payload in either word); another NaN
 * result follows f64_nan_fix. Jn and Yn for n >= 2 give the argument's NaN quieted. */
static double j_y_nan_fix(double r, double x)
{
    return isnan(x) ? ws_inl_f64(UINT64_C(0x7FFFFFFF00000000)) : f64_nan_fix(r, x);
}

/* ---- J0 ------------------------------------------------------------------- */

static const double j0_z1[] = {
    -0x1.0d18564c48c61p-51, -0x1.cf8f9a8c294bcp-48, 0x1.fab983cae498bp-44, 0x1.cd7c018579b88p-40,
    -0x1.bdd2342d64fddp-36, -0x1.5c2d9416b1e2bp-32, 0x1.2951d73174dd5p-28, 0x1.7ff99802caeb5p-25,
    -0x1.1cce305c4c9f7p-21, -0x1.232c77e29e1bbp-18, 0x1.6ed3b9f0ef757p-15, 0x1.15382ba096a62p-12,
    -0x1.1f992590d1ae4p-9,  -0x1.1bb1cbe1a465fp-7,  0x1.cfae864368d84p-5,  0x1.ba1deea0294a3p-4,
    -0x1.09cdb36551280p-1,
};
static const double j0_z2[] = {
    0x1.cb0a8f126b343p-52,  0x1.83fd1f333eb61p-48,  -0x1.100e33e3fb413p-43, -0x1.846076d004627p-40,
    0x1.e2f1d4f90720dp-36,  0x1.1d03b1e4a119bp-32,  -0x1.41d72b1b3bce9p-28, -0x1.2da37ce2a9ef8p-25,
    0x1.32e6d9974f763p-21,  0x1.ad77d744a1879p-19,  -0x1.863f481a37337p-15, -0x1.6f641f418f0f4p-13,
    0x1.27e31fe9a969ep-9,   0x1.2f7ffe9025628p-8,   -0x1.b2150cb41e8bfp-5,  -0x1.f8f72e7a848dep-6,
    0x1.5c6e60a097823p-2,
};
static const double j0_z3[] = {
    -0x1.db7ffcf659e24p-52, -0x1.4b3a71aaac629p-48, 0x1.17ec150ecdce7p-43, 0x1.438f5ea1d10b2p-40,
    -0x1.edae7ec2c9e87p-36, -0x1.cadd2c4b91f58p-33, 0x1.4582c8ee12204p-28, 0x1.ceda451dd20f8p-26,
    -0x1.30e8cc3165e2fp-21, -0x1.3324842bb1a2ep-19, 0x1.7800bc54fbddbp-15, 0x1.d79605276949ap-14,
    -0x1.0e0d60385a629p-9,  -0x1.48e63600d82f3p-9,  0x1.68b984ec6493ap-5,  0x1.00f7fcf183e0bp-6,
    -0x1.15f7977a772d4p-2,
};
static const struct zero_piece j0_pieces[] = {
    {0x1.fb319f277bbe5p+1, 0x1.33d152e971b40p+1, -0x1.0f539d7da258ep-53, j0_z1, 17},
    {0x1.c58fd1a62f5ecp+2, 0x1.6148f5b2c2e45p+2, 0x1.75054cd60a517p-54, j0_z2, 17},
    {0x1.471fcb6a7a8c0p+3, 0x1.14eb56cccdecap+3, -0x1.51970714c7c25p-52, j0_z3, 17},
};
static const double j0_amp[] = {
    -0x1.115cb8c11a9dcp+14, 0x1.927467a655012p+10, -0x1.751787e247bd4p+6, 0x1.704c4e5fc36b2p+2,
    -0x1.15b747a2fd531p-1,  0x1.a7feacf6cb79bp-4,  -0x1.fffffeddcf548p-5, 0x1.fffffffffc9e5p-1,
};
static const double j0_phase[] = {
    -0x1.602fe1c34685ep+21, 0x1.ecd4523b12b84p+17, -0x1.7a2fc1972f05ap+13, 0x1.eba131f7e5bebp+8,
    -0x1.73b92e6e7cc7dp+4,  0x1.a31bee63a2f08p+0,  -0x1.ad320104d5d05p-3,  0x1.0aaaa9c76d07ep-4,
    -0x1.ffffffffdacecp-4,
};
static const struct asymptote j0_asym = {j0_amp, 8, j0_phase, 9, -0x1.921fb54442d18p-1};

/* J0(|x|) (J0 is even); the caller fixes NaN bits. */
GPUMATH_CLONES static double j0_raw(double x)
{
    double ax = fabs(x), r;
    if (near_zero(ax, j0_pieces, 3, &r))
        return r;
    if (ax == INFINITY)
        return 0.0;
    return asymptotic(ax, &j0_asym);
}
double ws_gpu_j0(double x) { return j_y_nan_fix(j0_raw(x), x); }

/* ---- J1 ------------------------------------------------------------------- */

/* The first interval is an odd series: J1 = x P(x) (the "zero" at 0). */
static const double j1_z0[] = {
    0x1.20e4adcde2ad3p-47, -0x1.dd167a0dc3f55p-43, 0x1.503f5a491e487p-42,  0x1.1f29940c2403ap-35,
    0x1.4cf9302eacdefp-39, -0x1.84a53dbbca436p-28, 0x1.779bee4f63bccp-38,  0x1.6c160e414f3f0p-21,
    0x1.f3d2f12430699p-39, -0x1.c71c72c0ced04p-15, 0x1.59bca506f1128p-41,  0x1.5555555506982p-9,
    0x1.5ba0b425f1bfbp-46, -0x1.0000000000065p-4,  0x1.729a7253fb679p-55, 0x1p-1,
};
static const double j1_z1[] = {
    -0x1.8d3cdbb60175ep-48, 0x1.1011a1df02dadp-43, 0x1.6013ac1e5e222p-40, -0x1.ec315d96d5f03p-36,
    -0x1.03be1b4b57207p-32, 0x1.45695f8b660f7p-28, 0x1.17069fcfcfff4p-25, -0x1.33825c36745ebp-21,
    -0x1.9799d4f90931bp-19, 0x1.83a06e2f7df13p-15, 0x1.6e4c2d53a7cf6p-13, -0x1.24b3409957b1cp-9,
    -0x1.537544c3325dfp-8,  0x1.b589d1da138e2p-5,  0x1.ae8a39f51ad13p-5,  -0x1.9c6cf582cbf7fp-2,
};
static const double j1_z2[] = {
    0x1.3eb867515fad6p-48,  -0x1.0e8363db649a9p-43, -0x1.3b7dd4a6608fbp-40, 0x1.ec5e01482c750p-36,
    0x1.c62bb9e882103p-33,  -0x1.4462eed732a23p-28, -0x1.d48dcad7dc59bp-26, 0x1.3026df29167e9p-21,
    0x1.4255b0119666cp-19,  -0x1.796a751b32693p-15, -0x1.07358bbdba284p-13, 0x1.13fbc7d6927b1p-9,
    0x1.9a4b292e3dd75p-9,   -0x1.80c83bdeee4fbp-5,  -0x1.5e70dc60362bfp-6,  0x1.33518b3874e8ap-2,
};
static const struct zero_piece j1_pieces[] = {
    {0x1.353aabad7b784p+1, 0.0, 0.0, j1_z0, 16},
    {0x1.5b1d0574614eap+2, 0x1.ea75575af6f09p+1, -0x1.60155a9d1b256p-53, j1_z1, 16},
    {0x1.13065e54c1aa9p+3, 0x1.c0ff5f3b47250p+2, -0x1.b226d9d243827p-54, j1_z2, 16},
};
static const double j1_amp[] = {
    0x1.d02ea3f2f6751p+13, -0x1.9c06322a3f8bep+10, 0x1.b89354da77324p+6, -0x1.e352294653188p+2,
    0x1.9bc7db16bd7a7p-1,  -0x1.8bfe1c3a4f741p-3,  0x1.7fffff0d00be2p-3, 0x1.00000000068ccp+0,
};
static const double j1_phase[] = {
    -0x1.da26b212fdc9ap+25, 0x1.a30ac6857bee0p+22, -0x1.764222ad7c910p+18, 0x1.eb02e0c306857p+13,
    -0x1.351859fa2b23bp+9,  0x1.e65a07af51f42p+4,  -0x1.2f2b817f77a57p+1,  0x1.7bcc34da069fdp-2,
    -0x1.4fffff8a44463p-3,  0x1.7ffffffff5cd7p-2,
};
static const struct asymptote j1_asym = {j1_amp, 8, j1_phase, 10, -0x1.2d97c7f3321d2p+1};

/* J1(x): evaluated at |x|, negated for x < 0 (J1 is odd), and below 1e-30
 * replaced by x / 2, which also keeps the sign of a zero. */
GPUMATH_CLONES static double j1_raw(double x)
{
    double ax = fabs(x), r;
    if (!near_zero(ax, j1_pieces, 3, &r))
        r = ax == INFINITY ? 0.0 : asymptotic(ax, &j1_asym);
    if (x < 0.0)
        r = -r;
    if (ax < 1e-30)
        r = x * 0.5;
    return r;
}
double ws_gpu_j1(double x) { return j_y_nan_fix(j1_raw(x), x); }

/* ---- Y0 ------------------------------------------------------------------- */

/* Near 0: Y0 = P(x^2) (x^2 - z^2) + (2/pi) log(x) J0(x), z the first zero
 * of Y0, z^2 in two float-sized pieces. */
static const double y0_small[] = {
    0x1.efbd0a1b77c65p-55, -0x1.3098c51c18514p-46, 0x1.23102d2f5f2f5p-38,
    -0x1.a5f2dee7d526ep-31, 0x1.bb77e758b38afp-24, -0x1.3d1a206ec4f36p-17,
    0x1.183dcd3ed6294p-11, -0x1.03921cf04f123p-6, 0x1.5db69d7753176p-3,
};
static const double y0_z1[] = {
    -0x1.1630132d75fc3p-15, 0x1.d054b05d3c52dp-12, -0x1.6dac0b314b2e5p-9, 0x1.6a5d1de76263fp-7,
    -0x1.fd16652824592p-6,  0x1.0f69a9cc79fbdp-4,  -0x1.cce40ef15583ep-4, 0x1.446b11780e4fcp-3,
    -0x1.89ae7e19621f7p-3,  0x1.acba1b38ef7b8p-3,  -0x1.b4166a03bbfa5p-3, 0x1.acca4d5d4889ap-3,
    -0x1.a1455932b9392p-3,  0x1.96d8db8d844ecp-3,  -0x1.8f7fb77522edfp-3, 0x1.8c0926abc9ab0p-3,
    -0x1.8d35b8fea468cp-3,  0x1.9424b8a0c8f94p-3,  -0x1.a396a7f3403efp-3, 0x1.c068086c37055p-3,
    -0x1.cf18e6a4c5c4ep-3,  0x1.c3b1338af4239p-3,  -0x1.f7e38a46d70dbp-2, 0x1.c24371844b88ap-1,
};
static const double y0_z2[] = {
    -0x1.aea62ac8bda68p-50, -0x1.2434958151ac7p-50, 0x1.1c24a40d33fe1p-46, 0x1.37cd62fa08ca4p-45,
    -0x1.3902e0298c52ap-43, -0x1.ddaad11cab40fp-46, -0x1.209d9f06d7de4p-42, 0x1.bb9f464468e1ap-39,
    -0x1.8f67b07d1b440p-37, 0x1.7c8d60f9eaecfp-35,  -0x1.9703405b49a8dp-33, 0x1.a6b64e76417e4p-31,
    -0x1.f6b5afb2f1359p-29, 0x1.4526b71c21ec1p-26,  -0x1.776dbcbbc8e1dp-26, -0x1.3b211fc2df90ep-22,
    -0x1.486372e8562dcp-18, 0x1.ab2c1fbc3a254p-15,  0x1.99827653353b8p-13,  -0x1.1e32bc4ed7084p-9,
    -0x1.c116fdc599a09p-8,  0x1.df6d59bf50c77p-5,   0x1.a09c92903680bp-5,   -0x1.9c34256a12a0bp-2,
};
static const double y0_z3[] = {
    0x1.1cb3aba718b8ep-48, -0x1.f443bb4f53d75p-44, -0x1.70f737bd6a786p-40, 0x1.f0e9a20459e14p-36,
    0x1.fa6b137d5e108p-33, -0x1.44296729fb7fap-28, -0x1.0a2813a80dfaap-25, 0x1.34aa737a83eb4p-21,
    0x1.6a9227332d03cp-19, -0x1.8177e4f93c81ep-15, -0x1.26dd71e391775p-13, 0x1.1d35e85fd7b22p-9,
    0x1.b2f14a955285cp-9,  -0x1.8969c64cbf388p-5,  -0x1.5aef611fc4d5ap-6,  0x1.334cca0697a5ap-2,
};
static const struct zero_piece y0_pieces[] = {
    {0x1.0347c4ab37b18p+1, 0x1.c982eb8d417eap-1, 0x1.ea9d270347f83p-56, y0_z1, 24},
    {0x1.61663b5d9a628p+2, 0x1.fa9534d98569cp+1, -0x1.f06ae7804384ep-54, y0_z2, 24},
    {0x1.14ef30c0c06edp+3, 0x1.c581dc4e72103p+2, -0x1.9774a495f56cfp-54, y0_z3, 16},
};
static const double y0_amp[] = {
    -0x1.5e91e6ac3ad03p+13, 0x1.3f56a049cdde7p+10, -0x1.572d39dfb8433p+6, 0x1.6a6041caa59e5p+2,
    -0x1.155e3a0493880p-1,  0x1.a7fb92f417f7fp-4,  -0x1.fffffb12e32f5p-5, 0x1.ffffffffeced5p-1,
};
static const double y0_phase[] = {
    0x1.a86a64be101dcp+25, -0x1.709c79aac5813p+22, 0x1.42a31c980a287p+18, -0x1.9cbe68930485dp+13,
    0x1.f583e14e8a4e8p+8,  -0x1.74a629c650680p+4,  0x1.a32a7af17fae9p+0,  -0x1.ad32497785cd6p-3,
    0x1.0aaaa9fb75f7bp-4,  -0x1.ffffffffe320fp-4,
};
static const struct asymptote y0_asym = {y0_amp, 8, y0_phase, 10, -0x1.2d97c7f3321d2p+1};

/* Y0(x); negative x has no real value: the default NaN (-0 counts as 0). */
GPUMATH_CLONES static double y0_raw(double x)
{
    double ax = fabs(x), r;
    if (ax <= 0x1.97f4a8f9d3f28p-1) {
        double s = ax * ax;
        double p = horner(y0_small, 9, s) * ((s - 0x1.ba9674p-2) - -0x1.5a30c8p-30);
        r = p + TWO_OVER_PI * ws_gpu_log(ax) * j0_raw(ax);
    } else if (!near_zero(ax, y0_pieces, 3, &r)) {
        r = ax == INFINITY ? 0.0 : asymptotic(ax, &y0_asym);
    }
    if (x < 0.0)
        r = ws_inl_f64(WS_F64_DEFAULT_NAN);
    return r;
}
double ws_gpu_y0(double x) { return j_y_nan_fix(y0_raw(x), x); }

/* ---- Y1 ------------------------------------------------------------------- */

/* Near 0: Y1 = x P(x^2) + (2/pi) (J1(x) log(x) - 1/x). */
static const double y1_small[] = {
    0x1.249f90687428cp-42, -0x1.f0b5b1fb7b95ep-35, 0x1.32e589311fa14p-27, -0x1.0a780aa4a92e9p-20,
    0x1.2c7dbffcaec2bp-14, -0x1.835b97894ba4ap-9,  0x1.bd3975c75b4a3p-5,  -0x1.91866143cbc8ap-3,
};
static const double y1_z1[] = {
    -0x1.b87b0be2aa150p-29, 0x1.833aae4d8b975p-27,  -0x1.4e279b423e68fp-27, 0x1.29dc6a747eb4fp-30,
    -0x1.1d15534496cd8p-25, 0x1.eec8d48fece00p-24,  -0x1.d1180af70a134p-23, 0x1.c8386a0ea1388p-22,
    -0x1.01a014e7f3250p-20, 0x1.1fb752010a320p-19,  -0x1.3aa0aff4e332bp-18, 0x1.584a6c77f6700p-17,
    -0x1.794c520fc2ebbp-16, 0x1.9d18d2d35cc71p-15,  -0x1.c3fb7315c4599p-14, 0x1.eea7adecce927p-13,
    -0x1.0b2d85257446fp-11, 0x1.17ab4b1fe5d5bp-10,  -0x1.5429dc6516c0dp-9,  0x1.e671c7d0b090bp-8,
    -0x1.3a6dec36fb27cp-8,  -0x1.0d2af4e931fd1p-5,  -0x1.e56f82217b964p-4,  0x1.0aa48442f014bp-1,
};
static const double y1_z2[] = {
    0x1.a3c76069f1d8cp-52,  0x1.69a30996793e2p-51,  -0x1.dd8432fe756e7p-50, -0x1.43158eee220f7p-46,
    0x1.8d44491230f5ap-45,  -0x1.38842eaf4edbcp-43, 0x1.4958dafbfaf5ap-40,  -0x1.449a60e664848p-38,
    0x1.38bc8cd594a76p-39,  -0x1.a798002141323p-32, 0x1.80b4198956aaap-28,  0x1.b62b5f21bacd4p-26,
    -0x1.255e729fb6aaep-21, -0x1.80618f6bae5aap-19, 0x1.85b940f8e8d36p-15,  0x1.337c7e10e14e8p-13,
    -0x1.1be6db99332cap-9,  -0x1.10a329e2be9b8p-8,  0x1.a15d92dfe3fcfp-5,   0x1.00b9f8571c9bep-5,
    -0x1.5c7c556f0c19ap-2,
};
static const double y1_z3[] = {
    0x1.09ccc22945996p-52, -0x1.3515f67644276p-43, -0x1.2c5b978e9f5c7p-40, 0x1.ec1151613913cp-36,
    0x1.9e38d13c4a824p-33, -0x1.41e75e1088eb5p-28, -0x1.a384ebb13cfe1p-26, 0x1.2becb27f8c8f8p-21,
    0x1.176e72b989fd8p-19, -0x1.6f7bab102f822p-15, -0x1.b50d7e1d278e1p-14, 0x1.07a678d60004fp-9,
    0x1.3ced2a2e69115p-9,  -0x1.6395dfe49fcd4p-5,  -0x1.02b3933cf21b1p-6,  0x1.15f993fceab5cp-2,
};
static const struct zero_piece y1_pieces[] = {
    {0x1.9b510ec2adc83p+1, 0x1.193bed4dff243p+1, -0x1.bd1e50d219bfdp-55, y1_z1, 24},
    {0x1.c0d26d5a541cbp+2, 0x1.5b7fe4e87b02ep+2, 0x1.dfe7bac228e8cp-52, y1_z2, 21},
    {0x1.2585c739acdddp+3, 0x1.13127ae6169b4p+3, 0x1.479cc068d9046p-52, y1_z3, 16},
};
static const double y1_amp[] = {
    0x1.13db326ecebfep+14, -0x1.c26e89385d5b1p+10, 0x1.c6ab923c6f55ep+6, -0x1.e61eaf3bd2fa1p+2,
    0x1.9bf15d9b97dd1p-1,  -0x1.8bfecf93d7d19p-3,  0x1.7fffff756aa6cp-3, 0x1.0000000003646p+0,
};
static const double y1_phase[] = {
    -0x1.43281a050209cp+26, 0x1.024e99ba46e7bp+23, -0x1.a6875d7dfbd65p+18, 0x1.032c041790233p+14,
    -0x1.39f895bc22946p+9,  0x1.e77cc78ecd2d8p+4,  -0x1.2f368d0117be9p+1,  0x1.7bcc786009a25p-2,
    -0x1.4fffffc51bc7ap-3,  0x1.7ffffffffb5eap-2,
};
static const struct asymptote y1_asym = {y1_amp, 8, y1_phase, 10, -0x1.f6a7a2955385ep+1};

/* Y1(x): below 1e-308 only the pole term -2/(pi x) (1/x would overflow);
 * Y1(+-0) is -inf, negative x the default NaN. */
GPUMATH_CLONES static double y1_raw(double x)
{
    double ax = fabs(x), r;
    if (ax < Y_TINY) {
        r = -TWO_OVER_PI / ax;
    } else if (ax <= 0x1.4c6f208132576p+0) {
        double p = horner(y1_small, 8, ax * ax) * ax;
        r = p + TWO_OVER_PI * (j1_raw(ax) * ws_gpu_log(ax) - 1.0 / ax);
    } else if (!near_zero(ax, y1_pieces, 3, &r)) {
        r = ax == INFINITY ? 0.0 : asymptotic(ax, &y1_asym);
    }
    if (x <= 0.0)
        r = x == 0.0 ? -INFINITY : ws_inl_f64(WS_F64_DEFAULT_NAN);
    return r;
}
double ws_gpu_y1(double x) { return j_y_nan_fix(y1_raw(x), x); }

/* ---- Jn and Yn ------------------------------------------------------------ */

/* PTX's cvt.rzi.s32.f64: truncate, saturating; NaN gives 0. */
static int32_t d2i_rz(double x)
{
    if (isnan(x))
        return 0;
    if (x >= 0x1p+31)
        return INT32_MAX;
    if (x <= -0x1p+31)
        return INT32_MIN;
    return (int32_t)x;
}

/* F(n) by the upward recurrence F(i+1) = (2i/x) F(i) - F(i-1) from
 * F(0) = f0 and F(1) = f1 (Jn where it is stable, Yn always). */
GPUMATH_CLONES static double upward(int n, double x, double f0, double f1)
{
    double two_over_x = 2.0 / x;
    double prev = f0, cur = f1;
    for (int i = 1; i < n; i++) {
        double next = fma((double)i * two_over_x, cur, -prev);
        prev = cur;
        cur = next;
    }
    return cur;
}

/* Jn for n >= 2. Where |x| > n - 1 the upward recurrence
 * J(i+1) = (2i/x) J(i) - J(i-1) is stable. Otherwise Miller's: start
 * from J(m+1) = 0, J(m) = 1 at an even m about n + sqrt(60 n) and run
 * downward, keeping J(n) and the sum J(0) + 2 (J(2) + J(4) + ...) = 1 in
 * the true scale; their quotient is J(n). Values past 1e15 (as their float
 * rounding reads) are scaled down by 1e-15 as they go. The integer work
 * wraps as the GPU's 32-bit arithmetic. */
GPUMATH_CLONES static double jn_raw(int n, double x)
{
    if (fabs(x) > (double)n - 1.0)
        return upward(n, x, j0_raw(x), j1_raw(x));
    double two_over_x = 2.0 / x;
    uint32_t root = (uint32_t)d2i_rz(sqrt((double)(int32_t)((uint32_t)n * 60u)));
    int32_t m = (int32_t)(((uint32_t)n + root) & ~1u); /* down to even */
    double above = 0.0, cur = 1.0, jn = 0.0, sum = 0.0;
    for (int32_t i = m; i >= 1; i--) {
        double below = fma((double)i * two_over_x, cur, -above);
        if ((double)fabsf((float)below) > 1e15) {
            below = below * 1e-15;
            cur = cur * 1e-15;
            jn = jn * 1e-15;
            sum = sum * 1e-15;
        }
        above = cur;
        cur = below;
        if (i - 1 == n)
            jn = cur;
        if (i & 1)
            sum = sum + 2.0 * cur;
    }
    return jn / (sum - cur);
}

/* Negative n is not handled: the default NaN, whatever x is. */
GPUMATH_CLONES static double gpu_jn(int n, double x)
{
    if (n == 0)
        return j_y_nan_fix(j0_raw(x), x);
    if (n == 1)
        return j_y_nan_fix(j1_raw(x), x);
    if (n < 0)
        return ws_inl_f64(WS_F64_DEFAULT_NAN);
    return f64_nan_fix(jn_raw(n, x), x);
}
double ws_gpu_jn(int n, double x) { return gpu_jn(n, x); }

/* Yn for n >= 2: below 1e-308 the pole term of Y1 stands for any n; else
 * the upward recurrence from Y0 and Y1, a NaN in it (inf - inf) reading
 * as -inf. Negative n, and for n >= 2 negative x and NaN: the default
 * NaN (a constant, not x's NaN). */
GPUMATH_CLONES static double gpu_yn(int n, double x)
{
    if (n == 0)
        return j_y_nan_fix(y0_raw(x), x);
    if (n == 1)
        return j_y_nan_fix(y1_raw(x), x);
    if (n < 0 || !(x >= 0.0))
        return ws_inl_f64(WS_F64_DEFAULT_NAN);
    if (fabs(x) < Y_TINY)
        return -TWO_OVER_PI / x;
    double r = upward(n, x, y0_raw(x), y1_raw(x));
    return isnan(r) ? -INFINITY : r;
}
double ws_gpu_yn(int n, double x) { return gpu_yn(n, x); }

/* ---- I0 and I1 ------------------------------------------------------------ */

/* Above 11: e^x / sqrt(x) * P(1/x); 1/sqrt(x) from the unit's estimate
 * and one Newton step (y + y e (3/8 e + 1/2), e = 1 - x y^2). Returns
 * P * (1/sqrt(x)) and the e^(x/2) it is to be multiplied by twice. */
GPUMATH_CLONES static double large_i(double ax, const double *c, double *half_exp)
{
    double p = horner(c, 18, recip(ax));
    double y = ws_gpu_rsqrt_approx_ftz_f64(ax);
    double d = fma(ax, -(y * y), 1.0);
    y = fma(fma(0.375, d, 0.5), d * y, y);
    *half_exp = ws_gpu_exp(0.5 * ax);
    return p * y;
}

/* The large form runs for high words of |x| from 11 (I1) or about 11.05
 * (I0) up to 2^125; beyond, the series overflows to inf as the result
 * does, and takes NaN too. */
static int large_i_range(double ax, uint32_t from)
{
    int32_t hi = (int32_t)(ws_inl_f64_bits(ax) >> 32);
    return hi >= (int32_t)from && hi < 0x47C00000;
}

static const double i0_large[] = {
    0x1.2f851fc237b1dp+32,  0x1.fefdd4ff37461p+32,  -0x1.a8a1907f57f70p+32, 0x1.10b6852851c22p+31,
    -0x1.925fc57ccb350p+28, 0x1.85261a7176974p+25,  -0x1.06bfa24be44dbp+22, 0x1.003cc0da58b08p+18,
    -0x1.6e73aa6a2c47ap+13, 0x1.85e17bc10541ap+8,   -0x1.16c6690365068p+3,  0x1.934e08086004cp-2,
    0x1.6aa7c7d428943p-4,   0x1.6eac2735a091ep-5,   0x1.debaa90561e71p-6,   0x1.cb94ddfd23f70p-6,
    0x1.9884533d30179p-5,   0x1.9884533d43657p-2,
};
static const double i0_series[] = {
    0x1.4d7f592957da6p-130, 0x1.8c41d50ab516fp-122, 0x1.95dda3f2c417bp-111, 0x1.367189a01363ep-101,
    0x1.e90745678b866p-92,  0x1.416d14fa3a4bdp-82,  0x1.69d021fde720ep-73,  0x1.5601014e95430p-64,
    0x1.0b313c0325230p-55,  0x1.522a42ffef890p-47,  0x1.522a440809476p-39,  0x1.02e85c07ba843p-31,
    0x1.23456789b9de8p-24,  0x1.c71c71c71b63cp-18,  0x1.c71c71c71c7c2p-12,  0x1.ffffffffffffbp-7,
    0x1p-2,                 0x1p+0,
};

/* I0(|x|): a series in x^2 (I0 is even) or the large form. */
GPUMATH_CLONES static double gpu_cyl_bessel_i0(double x)
{
    double ax = fabs(x);
    if (large_i_range(ax, 0x402619FCu)) {
        double half_exp;
        double r = large_i(ax, i0_large, &half_exp);
        return r * half_exp * half_exp;
    }
    return horner(i0_series, 18, ax * ax);
}
double ws_gpu_cyl_bessel_i0(double x) { return f64_nan_fix(gpu_cyl_bessel_i0(x), x); }

static const double i1_large[] = {
    0x1.8729da7e5a092p+30,  -0x1.a9923a6810426p+33, 0x1.15d3db3c5ffe0p+33,  -0x1.4d2d89a3913c1p+31,
    0x1.dcdff9b080398p+28,  -0x1.c5f2e01fb2ff9p+25, 0x1.2fcfb5fd54150p+22,  -0x1.26d4cd831fc06p+18,
    0x1.a49abc2cad407p+13,  -0x1.bf09a8d0b4bcfp+8,  0x1.3f8f8f6f26890p+3,   -0x1.d6e31961ece73p-2,
    -0x1.bbdc121c5123bp-4,  -0x1.d76aacf55fc53p-5,  -0x1.4f1c4ff86494bp-5,  -0x1.7efc0e3c7167ep-5,
    -0x1.32633e6decf48p-3,  0x1.9884533d43649p-2,
};
static const double i1_series[] = {
    0x1.68d52e367973fp-125, 0x1.76b71c28918b0p-117, 0x1.8082fe6606acbp-106, 0x1.0ec04908e2753p-96,
    0x1.8d983808a730dp-87,  0x1.e21624af0555ap-78,  0x1.f18024073231ep-69,  0x1.ab810d07c53a4p-60,
    0x1.2c97677fab629p-51,  0x1.522a42918d8a1p-43,  0x1.27e4fb8f617fcp-35,  0x1.845c8a0abd799p-28,
    0x1.6c16c16c369a2p-21,  0x1.c71c71c71a4b2p-15,  0x1.5555555555681p-9,   0x1.ffffffffffff1p-5,
};

/* I1(x): the large form at |x| with x's sign copied on (I1 is odd), or
 * x/2 + x * x^2 P(x^2) on x itself. */
GPUMATH_CLONES static double gpu_cyl_bessel_i1(double x)
{
    double ax = fabs(x);
    if (large_i_range(ax, 0x40260000u)) {
        double half_exp;
        double r = large_i(ax, i1_large, &half_exp);
        return copysign(r * half_exp * half_exp, x);
    }
    double s = x * x;
    double p = horner(i1_series, 16, s) * s;
    return fma(x, p, 0.5 * x);
}
double ws_gpu_cyl_bessel_i1(double x) { return f64_nan_fix(gpu_cyl_bessel_i1(x), x); }
