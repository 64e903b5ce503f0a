// CUDA math functions called by their usual names in a kernel (logf, sinf, sin, exp, atan2f,
// sincospi, tanf, powf ...; C++'s float overloads sin(float) and std::cos too), over 2^16 inputs each: a
// quarter any bit pattern (NaNs, infinities, subnormals), a quarter near 1, a quarter of
// ordinary size, a quarter specials mixed with large arguments. Prints one FNV-1a hash of the
// result bits per function and how many results were NaN. Built with nvcc for the H200 and with
// warpsim cc, the same source: the two outputs must be equal.
//   nvcc -arch=sm_90 -fmad=false programs/cuda/samesource/math_functions.cu -o mf && ./mf
//   warpsim cc programs/cuda/samesource/math_functions.cu -o mf && ./mf
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define N (1 << 16)
enum { F32_FNS = 18, F64_FNS = 15 };
static const char *f32_names[F32_FNS] = {"logf", "log2f", "log10f", "log1pf", "sinf", "cosf", "sincosf", "sinpif",
                                         "cospif", "sincospif", "atan2f", "sin(float)", "std::cos(float)",
                                         "atan2(float,float)", "tanf", "atanf", "powf", "tan(float)"};
static const char *f64_names[F64_FNS] = {"exp", "exp2", "exp10", "expm1", "sinh", "sin", "cos", "sincos",
                                         "sinpi", "cospi", "sincospi", "atan2", "std::sin", "std::exp", "std::expm1"};

__global__ void f32_kernel(int fn, const float *a, const float *b, float *r, float *r2)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        float x = a[i], y = b[i], v = 0, w = 0;
        switch (fn) {
        case 0: v = logf(x); break;
        case 1: v = log2f(x); break;
        case 2: v = log10f(x); break;
        case 3: v = log1pf(x); break;
        case 4: v = sinf(x); break;
        case 5: v = cosf(x); break;
        case 6: sincosf(x, &v, &w); break;
        case 7: v = sinpif(x); break;
        case 8: v = cospif(x); break;
        case 9: sincospif(x, &v, &w); break;
        case 10: v = atan2f(y, x); break;
        case 11: v = sin(x); break;
        case 12: v = std::cos(x); break;
        case 13: v = atan2(y, x); break;
        case 14: v = tanf(x); break;
        case 15: v = atanf(x); break;
        case 16: v = powf(x, y); break;
        case 17: v = tan(x); break;
        }
        r[i] = v;
        r2[i] = w;
    }
}

__global__ void f64_kernel(int fn, const double *a, const double *b, double *r, double *r2)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += gridDim.x * blockDim.x) {
        double x = a[i], y = b[i], v = 0, w = 0;
        switch (fn) {
        case 0: v = exp(x); break;
        case 1: v = exp2(x); break;
        case 2: v = exp10(x); break;
        case 3: v = expm1(x); break;
        case 4: v = sinh(x); break;
        case 5: v = sin(x); break;
        case 6: v = cos(x); break;
        case 7: sincos(x, &v, &w); break;
        case 8: v = sinpi(x); break;
        case 9: v = cospi(x); break;
        case 10: sincospi(x, &v, &w); break;
        case 11: v = atan2(y, x); break;
        case 12: v = std::sin(x); break;
        case 13: v = std::exp(x); break;
        case 14: v = std::expm1(x); break;
        }
        r[i] = v;
        r2[i] = w;
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
        std::printf("%-20s %016llx nan %d\n", f32_names[fn], (unsigned long long)h, nans);
    }
    for (int fn = 0; fn < F64_FNS; fn++) {
        f64_kernel<<<32, 256>>>(fn, c, d, s, s2);
        cudaMemcpy(dr.data(), s, N * sizeof(double), cudaMemcpyDeviceToHost);
        cudaMemcpy(dr2.data(), s2, N * sizeof(double), cudaMemcpyDeviceToHost);
        uint64_t h = fnv(fnv(1469598103934665603ull, dr.data(), N * sizeof(double)), dr2.data(), N * sizeof(double));
        int nans = 0;
        for (int i = 0; i < N; i++)
            nans += dr[i] != dr[i];
        std::printf("%-20s %016llx nan %d\n", f64_names[fn], (unsigned long long)h, nans);
    }
    return 0;
}
