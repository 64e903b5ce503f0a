// CUDA math functions of the second round (issue 23), called by their usual names in a kernel:
// the families that run the special-function unit's approximations (reciprocal, square root,
// 2^x, log2), remainders, norms, error and gamma functions, the exact functions (rounding,
// min/max, frexp, ldexp ...), the fast intrinsics; C++'s overloads too. Over 2^16 inputs each, as
// math_functions.cu: a quarter any bit pattern, a quarter near 1, a quarter of ordinary size, a
// quarter specials mixed with large arguments. Prints one FNV-1a hash of the result bits per
// function (the second result, where there is one, folded in) and how many results were NaN.
// Built with nvcc for the GPU and with warpsim cc, the same source: the outputs must be equal.
//   nvcc -arch=sm_90 -fmad=false programs/cuda/samesource/math_functions2.cu -o mf2 && ./mf2
//   warpsim cc programs/cuda/samesource/math_functions2.cu -o mf2 && ./mf2
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define N (1 << 16)
enum { F32_FNS = 72, F64_FNS = 57 };
static const char *f32_names[F32_FNS] = {"rsqrtf(x)", "__fdividef(x, y)", "fdividef(x, y)", "asinf(x)", "acosf(x)", "atanhf(x)", "asinhf(x)", "acoshf(x)", "fmodf(x, y)", "remainderf(x, y)", "remquof(x, y, &q)", "rhypotf(x, y)", "rnorm3df(x, y, x * 0.5f)", "rnorm4df(x, y, y, x)", "lgammaf(x)", "tgammaf(x)", "expf(x)", "exp2f(x)", "exp10f(x)", "expm1f(x)", "__expf(x)", "__exp10f(x)", "sinhf(x)", "coshf(x)", "tanhf(x)", "erff(x)", "erfcf(x)", "normcdff(x)", "erfcxf(x)", "fabsf(x)", "floorf(x)", "ceilf(x)", "truncf(x)", "roundf(x)", "rintf(x)", "nearbyintf(x)", "logbf(x)", "(float)ilogbf(x)", "(float)llrintf(x)", "(float)lroundf(x)", "frexpf(x, &q)", "modff(x, &w)", "ldexpf(x, (int)fminf(fmaxf(y, -200.0f), 200.0f))", "scalbnf(x, (int)fminf(fmaxf(y, -200.0f), 200.0f))", "fminf(x, y)", "fmaxf(x, y)", "fdimf(x, y)", "copysignf(x, y)", "nextafterf(x, y)", "fmaf(x, y, x)", "std::asin(x)", "pow(x, y)", "log(x)", "exp(x)", "std::tanh(x)", "std::floor(x)", "std::fma(x, y, y)", "__logf(x)", "__log2f(x)", "__log10f(x)", "__powf(x, y)", "cbrtf(x)", "rcbrtf(x)", "erfinvf(x)", "erfcinvf(x)", "normcdfinvf(x)", "__sinf(x)", "__cosf(x)", "__tanf(x)", "(__sincosf(x, &v, &w), v)", "erfinv(x)", "normcdf(x)"};
static const char *f64_names[F64_FNS] = {"rsqrt(x)", "log(x)", "log2(x)", "log10(x)", "log1p(x)", "pow(x, y)", "atan(x)", "asin(x)", "acos(x)", "cosh(x)", "atanh(x)", "asinh(x)", "acosh(x)", "hypot(x, y)", "rhypot(x, y)", "norm3d(x, y, 0.5 * x)", "rnorm3d(x, y, 0.5 * x)", "norm4d(x, y, y, x)", "rnorm4d(x, y, y, x)", "erfc(x)", "normcdf(x)", "erfinv(x)", "erfcinv(x)", "normcdfinv(x)", "erfcx(x)", "lgamma(x)", "tgamma(x)", "tanh(x)", "erf(x)", "fabs(x)", "floor(x)", "ceil(x)", "trunc(x)", "round(x)", "rint(x)", "nearbyint(x)", "logb(x)", "(double)ilogb(x)", "(double)llrint(x)", "(double)lround(x)", "frexp(x, &q)", "modf(x, &w)", "ldexp(x, (int)fmin(fmax(y, -2000.0), 2000.0))", "scalbn(x, (int)fmin(fmax(y, -2000.0), 2000.0))", "fmin(x, y)", "fmax(x, y)", "fdim(x, y)", "copysign(x, y)", "nextafter(x, y)", "fmod(x, y)", "remainder(x, y)", "remquo(x, y, &q)", "fma(x, y, x)", "std::log(x)", "std::pow(x, 2)", "cbrt(x)", "rcbrt(x)"};

__global__ void f32_kernel(int fn, const float *a, const float *b, float *r, float *r2)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        float x = a[i], y = b[i], v = 0, w = 0;
        int q = 0;
        switch (fn) {
        case 0: v = rsqrtf(x); break;
        case 1: v = __fdividef(x, y); break;
        case 2: v = fdividef(x, y); break;
        case 3: v = asinf(x); break;
        case 4: v = acosf(x); break;
        case 5: v = atanhf(x); break;
        case 6: v = asinhf(x); break;
        case 7: v = acoshf(x); break;
        case 8: v = fmodf(x, y); break;
        case 9: v = remainderf(x, y); break;
        case 10: v = remquof(x, y, &q); break;
        case 11: v = rhypotf(x, y); break;
        case 12: v = rnorm3df(x, y, x * 0.5f); break;
        case 13: v = rnorm4df(x, y, y, x); break;
        case 14: v = lgammaf(x); break;
        case 15: v = tgammaf(x); break;
        case 16: v = expf(x); break;
        case 17: v = exp2f(x); break;
        case 18: v = exp10f(x); break;
        case 19: v = expm1f(x); break;
        case 20: v = __expf(x); break;
        case 21: v = __exp10f(x); break;
        case 22: v = sinhf(x); break;
        case 23: v = coshf(x); break;
        case 24: v = tanhf(x); break;
        case 25: v = erff(x); break;
        case 26: v = erfcf(x); break;
        case 27: v = normcdff(x); break;
        case 28: v = erfcxf(x); break;
        case 29: v = fabsf(x); break;
        case 30: v = floorf(x); break;
        case 31: v = ceilf(x); break;
        case 32: v = truncf(x); break;
        case 33: v = roundf(x); break;
        case 34: v = rintf(x); break;
        case 35: v = nearbyintf(x); break;
        case 36: v = logbf(x); break;
        case 37: v = (float)ilogbf(x); break;
        case 38: v = (float)llrintf(x); break;
        case 39: v = (float)lroundf(x); break;
        case 40: v = frexpf(x, &q); break;
        case 41: v = modff(x, &w); break;
        case 42: v = ldexpf(x, (int)fminf(fmaxf(y, -200.0f), 200.0f)); break;
        case 43: v = scalbnf(x, (int)fminf(fmaxf(y, -200.0f), 200.0f)); break;
        case 44: v = fminf(x, y); break;
        case 45: v = fmaxf(x, y); break;
        case 46: v = fdimf(x, y); break;
        case 47: v = copysignf(x, y); break;
        case 48: v = nextafterf(x, y); break;
        case 49: v = fmaf(x, y, x); break;
        case 50: v = std::asin(x); break;
        case 51: v = pow(x, y); break;
        case 52: v = log(x); break;
        case 53: v = exp(x); break;
        case 54: v = std::tanh(x); break;
        case 55: v = std::floor(x); break;
        case 56: v = std::fma(x, y, y); break;
        case 57: v = __logf(x); break;
        case 58: v = __log2f(x); break;
        case 59: v = __log10f(x); break;
        case 60: v = __powf(x, y); break;
        case 61: v = cbrtf(x); break;
        case 62: v = rcbrtf(x); break;
        case 63: v = erfinvf(x); break;
        case 64: v = erfcinvf(x); break;
        case 65: v = normcdfinvf(x); break;
        case 66: v = __sinf(x); break;
        case 67: v = __cosf(x); break;
        case 68: v = __tanf(x); break;
        case 69: v = (__sincosf(x, &v, &w), v); break;
        case 70: v = erfinv(x); break;
        case 71: v = normcdf(x); break;
        }
        r[i] = v;
        r2[i] = w + (float)q;
    }
}

__global__ void f64_kernel(int fn, const double *a, const double *b, double *r, double *r2)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        double x = a[i], y = b[i], v = 0, w = 0;
        int q = 0;
        switch (fn) {
        case 0: v = rsqrt(x); break;
        case 1: v = log(x); break;
        case 2: v = log2(x); break;
        case 3: v = log10(x); break;
        case 4: v = log1p(x); break;
        case 5: v = pow(x, y); break;
        case 6: v = atan(x); break;
        case 7: v = asin(x); break;
        case 8: v = acos(x); break;
        case 9: v = cosh(x); break;
        case 10: v = atanh(x); break;
        case 11: v = asinh(x); break;
        case 12: v = acosh(x); break;
        case 13: v = hypot(x, y); break;
        case 14: v = rhypot(x, y); break;
        case 15: v = norm3d(x, y, 0.5 * x); break;
        case 16: v = rnorm3d(x, y, 0.5 * x); break;
        case 17: v = norm4d(x, y, y, x); break;
        case 18: v = rnorm4d(x, y, y, x); break;
        case 19: v = erfc(x); break;
        case 20: v = normcdf(x); break;
        case 21: v = erfinv(x); break;
        case 22: v = erfcinv(x); break;
        case 23: v = normcdfinv(x); break;
        case 24: v = erfcx(x); break;
        case 25: v = lgamma(x); break;
        case 26: v = tgamma(x); break;
        case 27: v = tanh(x); break;
        case 28: v = erf(x); break;
        case 29: v = fabs(x); break;
        case 30: v = floor(x); break;
        case 31: v = ceil(x); break;
        case 32: v = trunc(x); break;
        case 33: v = round(x); break;
        case 34: v = rint(x); break;
        case 35: v = nearbyint(x); break;
        case 36: v = logb(x); break;
        case 37: v = (double)ilogb(x); break;
        case 38: v = (double)llrint(x); break;
        case 39: v = (double)lround(x); break;
        case 40: v = frexp(x, &q); break;
        case 41: v = modf(x, &w); break;
        case 42: v = ldexp(x, (int)fmin(fmax(y, -2000.0), 2000.0)); break;
        case 43: v = scalbn(x, (int)fmin(fmax(y, -2000.0), 2000.0)); break;
        case 44: v = fmin(x, y); break;
        case 45: v = fmax(x, y); break;
        case 46: v = fdim(x, y); break;
        case 47: v = copysign(x, y); break;
        case 48: v = nextafter(x, y); break;
        case 49: v = fmod(x, y); break;
        case 50: v = remainder(x, y); break;
        case 51: v = remquo(x, y, &q); break;
        case 52: v = fma(x, y, x); break;
        case 53: v = std::log(x); break;
        case 54: v = std::pow(x, 2); break;
        case 55: v = cbrt(x); break;
        case 56: v = rcbrt(x); break;
        }
        r[i] = v;
        r2[i] = w + (double)q;
    }
}

static uint64_t state = 0x243F6A8885A308D3ull;
static uint64_t next()
{
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state ^ (state >> 31);
}

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
    const unsigned char *c = (const unsigned char *)p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ c[i]) * 1099511628211ull;
    return h;
}

int main()
{
    std::vector<float> fa(N), fb(N), fr(N), fr2(N);
    std::vector<double> da(N), db(N), dr(N), dr2(N);
    static const float f_special[] = {0.0f, -0.0f, 1.0f, -1.0f, INFINITY, -INFINITY, NAN, 1e-45f, 3.4e38f,
                                      3.14159265f, 1.5707964f, 105615.0f, 1e30f, 0.5f, -2.5f, 1e-8f};
    static const double d_special[] = {0.0, -0.0, 1.0, -1.0, INFINITY, -INFINITY, NAN, 5e-324, 1.7e308,
                                       3.141592653589793, 709.78, -745.2, 1e300, 0.5, -2.5, 1e-17};
    for (int i = 0; i < N; i++) {
        uint64_t r = next();
        uint32_t r32 = (uint32_t)r;
        float f;
        double d;
        switch (i % 4) {
        case 0: std::memcpy(&f, &r32, 4); std::memcpy(&d, &r, 8); break;
        case 1: f = 1.0f + (float)(int32_t)r32 * 0x1p-33f; d = 1.0 + (double)(int64_t)r * 0x1p-65; break;
        case 2: f = (float)(int32_t)r32 * 0x1p-24f; d = (double)(int64_t)r * 0x1p-56; break;
        default:
            f = (r & 1) ? f_special[(r >> 8) % 16] : (float)(int32_t)r32 * 0x1p+3f;
            d = (r & 1) ? d_special[(r >> 8) % 16] : (double)(int64_t)r * 0x1p-32;
            break;
        }
        fa[i] = f;
        da[i] = d;
        uint64_t q = next();
        uint32_t q32 = (uint32_t)q;
        float g;
        double e;
        if (i % 3 == 0) {
            std::memcpy(&g, &q32, 4);
            std::memcpy(&e, &q, 8);
        } else {
            g = (float)(int32_t)q32 * 0x1p-28f;
            e = (double)(int64_t)q * 0x1p-60;
        }
        fb[i] = g;
        db[i] = e;
    }
    float *a, *b, *r, *r2;
    double *c, *d, *s, *s2;
    cudaMalloc(&a, N * sizeof(float));
    cudaMalloc(&b, N * sizeof(float));
    cudaMalloc(&r, N * sizeof(float));
    cudaMalloc(&r2, N * sizeof(float));
    cudaMalloc(&c, N * sizeof(double));
    cudaMalloc(&d, N * sizeof(double));
    cudaMalloc(&s, N * sizeof(double));
    cudaMalloc(&s2, N * sizeof(double));
    cudaMemcpy(a, fa.data(), N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(b, fb.data(), N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(c, da.data(), N * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(d, db.data(), N * sizeof(double), cudaMemcpyHostToDevice);
    for (int fn = 0; fn < F32_FNS; fn++) {
        f32_kernel<<<32, 256>>>(fn, a, b, r, r2);
        cudaMemcpy(fr.data(), r, N * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(fr2.data(), r2, N * sizeof(float), cudaMemcpyDeviceToHost);
        uint64_t h = fnv(fnv(1469598103934665603ull, fr.data(), N * sizeof(float)), fr2.data(), N * sizeof(float));
        int nans = 0;
        for (int i = 0; i < N; i++)
            nans += fr[i] != fr[i];
        std::printf("%-28s %016llx nan %d\n", f32_names[fn], (unsigned long long)h, nans);
    }
    for (int fn = 0; fn < F64_FNS; fn++) {
        f64_kernel<<<32, 256>>>(fn, c, d, s, s2);
        cudaMemcpy(dr.data(), s, N * sizeof(double), cudaMemcpyDeviceToHost);
        cudaMemcpy(dr2.data(), s2, N * sizeof(double), cudaMemcpyDeviceToHost);
        uint64_t h = fnv(fnv(1469598103934665603ull, dr.data(), N * sizeof(double)), dr2.data(), N * sizeof(double));
        int nans = 0;
        for (int i = 0; i < N; i++)
            nans += dr[i] != dr[i];
        std::printf("%-28s %016llx nan %d\n", f64_names[fn], (unsigned long long)h, nans);
    }
    return 0;
}
