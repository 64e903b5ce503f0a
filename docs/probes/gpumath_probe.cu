// The math functions of include/warpsim/gpumath.h against the GPU (issue 23).
// f32 functions of one argument: every one of the 2^32 inputs, in chunks, computed by the GPU
// (nvcc -fmad=false, the default -ftz=false) and by warpsim's C on the host's cores (OpenMP),
// compared bit for bit; the host's libm is counted too, for comparison. f64 functions and
// atan2f/atan2: 2^24 random bit patterns, 2^24 random values of ordinary size and every pair of
// special values. Prints one line a function:
//   NAME inputs N differing D (libm differing L) [first: input -> gpu warpsim]
// and writes REPLAY (argv[1]) with the GPU's results for a fixed set of inputs of each function,
// which tests/gpumath replays on machines without a GPU.
//
//   gcc -O2 -ffp-contract=off -fopenmp -Iinclude -DWARPSIM_BUILDING -c src/gpumath_*.c src/fpops.c src/fprounded.c
//   nvcc -arch=sm_90 -fmad=false -O2 -Xcompiler -fopenmp -Iinclude docs/probes/gpumath_probe.cu *.o -lgomp
//   ./a.out replay.txt [K [nolibm]]   (K: the first K f32 functions on the replayed inputs only;
//   nolibm: the host's libm not counted)
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <omp.h>

#include "warpsim/gpumath.h"

static uint32_t f2u(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static uint64_t d2u(double f) { uint64_t u; std::memcpy(&u, &f, 8); return u; }
static double u2d(uint64_t u) { double f; std::memcpy(&f, &u, 8); return f; }

static bool same_f32(uint32_t a, uint32_t b) { return a == b; }
// libm's NaNs are x86's: counted as different only when not both NaN (the baseline is about values).
static bool same_value_f32(uint32_t a, uint32_t b)
{
    return a == b || (std::isnan(u2f(a)) && std::isnan(u2f(b)));
}

enum { F_LOGF, F_LOG2F, F_LOG10F, F_LOG1PF, F_SINF, F_COSF, F_SINCOSF_S, F_SINCOSF_C, F_SINPIF, F_COSPIF,
       F_SINCOSPIF_S, F_SINCOSPIF_C, F_TANF, F_ATANF, F_RCP_APPROX, F32_COUNT };
static const char *f32_names[F32_COUNT] = {"logf", "log2f", "log10f", "log1pf", "sinf", "cosf", "sincosf.sin",
                                           "sincosf.cos", "sinpif", "cospif", "sincospif.sin", "sincospif.cos",
                                           "tanf", "atanf", "rcp.approx.ftz"};

__device__ void f32_kernel_one(int f, uint32_t in, uint32_t *out)
{
    float x = __uint_as_float(in), r = 0, s, c;
    switch (f) {
    case F_LOGF: r = logf(x); break;
    case F_LOG2F: r = log2f(x); break;
    case F_LOG10F: r = log10f(x); break;
    case F_LOG1PF: r = log1pf(x); break;
    case F_SINF: r = sinf(x); break;
    case F_COSF: r = cosf(x); break;
    case F_SINCOSF_S: sincosf(x, &s, &c); r = s; break;
    case F_SINCOSF_C: sincosf(x, &s, &c); r = c; break;
    case F_SINPIF: r = sinpif(x); break;
    case F_COSPIF: r = cospif(x); break;
    case F_SINCOSPIF_S: sincospif(x, &s, &c); r = s; break;
    case F_SINCOSPIF_C: sincospif(x, &s, &c); r = c; break;
    case F_TANF: r = tanf(x); break;
    case F_ATANF: r = atanf(x); break;
    case F_RCP_APPROX: asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); break;
    }
    *out = __float_as_uint(r);
}

__global__ void f32_kernel(int f, uint32_t start, uint32_t n, uint32_t *out)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        f32_kernel_one(f, start + i, &out[i]);
}

__global__ void f32_list(int f, const uint32_t *in, uint32_t n, uint32_t *out)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        f32_kernel_one(f, in[i], &out[i]);
}

static float host_f32(int f, float x, bool warpsim)
{
    float s, c;
    switch (f) {
    case F_LOGF: return warpsim ? ws_gpu_logf(x) : logf(x);
    case F_LOG2F: return warpsim ? ws_gpu_log2f(x) : log2f(x);
    case F_LOG10F: return warpsim ? ws_gpu_log10f(x) : log10f(x);
    case F_LOG1PF: return warpsim ? ws_gpu_log1pf(x) : log1pf(x);
    case F_SINF: return warpsim ? ws_gpu_sinf(x) : sinf(x);
    case F_COSF: return warpsim ? ws_gpu_cosf(x) : cosf(x);
    case F_SINCOSF_S: if (warpsim) ws_gpu_sincosf(x, &s, &c); else sincosf(x, &s, &c); return s;
    case F_SINCOSF_C: if (warpsim) ws_gpu_sincosf(x, &s, &c); else sincosf(x, &s, &c); return c;
    case F_SINPIF: return warpsim ? ws_gpu_sinpif(x) : sinf((float)M_PI * x);
    case F_COSPIF: return warpsim ? ws_gpu_cospif(x) : cosf((float)M_PI * x);
    case F_SINCOSPIF_S: if (warpsim) { ws_gpu_sincospif(x, &s, &c); return s; } return sinf((float)M_PI * x);
    case F_SINCOSPIF_C: if (warpsim) { ws_gpu_sincospif(x, &s, &c); return c; } return cosf((float)M_PI * x);
    case F_TANF: return warpsim ? ws_gpu_tanf(x) : tanf(x);
    case F_ATANF: return warpsim ? ws_gpu_atanf(x) : atanf(x);
    case F_RCP_APPROX: return warpsim ? ws_gpu_rcp_approx_ftz(x) : 1.0f / x;
    }
    return 0;
}

enum { D_EXP, D_EXP2, D_EXP10, D_EXPM1, D_SINH, D_SIN, D_COS, D_SINCOS_S, D_SINCOS_C, D_SINPI, D_COSPI,
       D_SINCOSPI_S, D_SINCOSPI_C, D_ATAN2, D_ATAN2F, D_POWF, F64_COUNT };
static const char *f64_names[F64_COUNT] = {"exp", "exp2", "exp10", "expm1", "sinh", "sin", "cos", "sincos.sin",
                                           "sincos.cos", "sinpi", "cospi", "sincospi.sin", "sincospi.cos", "atan2",
                                           "atan2f", "powf"};

// x (and y for atan2) as bits; atan2f takes the low 32 bits of each.
__global__ void f64_kernel(int f, const uint64_t *xs, const uint64_t *ys, size_t n, uint64_t *out)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    double x = __longlong_as_double((long long)xs[i]), y = __longlong_as_double((long long)ys[i]), r = 0, s, c;
    switch (f) {
    case D_EXP: r = exp(x); break;
    case D_EXP2: r = exp2(x); break;
    case D_EXP10: r = exp10(x); break;
    case D_EXPM1: r = expm1(x); break;
    case D_SINH: r = sinh(x); break;
    case D_SIN: r = sin(x); break;
    case D_COS: r = cos(x); break;
    case D_SINCOS_S: sincos(x, &s, &c); r = s; break;
    case D_SINCOS_C: sincos(x, &s, &c); r = c; break;
    case D_SINPI: r = sinpi(x); break;
    case D_COSPI: r = cospi(x); break;
    case D_SINCOSPI_S: sincospi(x, &s, &c); r = s; break;
    case D_SINCOSPI_C: sincospi(x, &s, &c); r = c; break;
    case D_ATAN2: r = atan2(y, x); break;
    case D_ATAN2F:
        out[i] = __float_as_uint(atan2f(__uint_as_float((uint32_t)ys[i]), __uint_as_float((uint32_t)xs[i])));
        return;
    case D_POWF: // x to the power y
        out[i] = __float_as_uint(powf(__uint_as_float((uint32_t)xs[i]), __uint_as_float((uint32_t)ys[i])));
        return;
    }
    out[i] = (uint64_t)__double_as_longlong(r);
}

static uint64_t host_f64(int f, uint64_t xb, uint64_t yb)
{
    double x = u2d(xb), y = u2d(yb), s, c;
    switch (f) {
    case D_EXP: return d2u(ws_gpu_exp(x));
    case D_EXP2: return d2u(ws_gpu_exp2(x));
    case D_EXP10: return d2u(ws_gpu_exp10(x));
    case D_EXPM1: return d2u(ws_gpu_expm1(x));
    case D_SINH: return d2u(ws_gpu_sinh(x));
    case D_SIN: return d2u(ws_gpu_sin(x));
    case D_COS: return d2u(ws_gpu_cos(x));
    case D_SINCOS_S: ws_gpu_sincos(x, &s, &c); return d2u(s);
    case D_SINCOS_C: ws_gpu_sincos(x, &s, &c); return d2u(c);
    case D_SINPI: return d2u(ws_gpu_sinpi(x));
    case D_COSPI: return d2u(ws_gpu_cospi(x));
    case D_SINCOSPI_S: ws_gpu_sincospi(x, &s, &c); return d2u(s);
    case D_SINCOSPI_C: ws_gpu_sincospi(x, &s, &c); return d2u(c);
    case D_ATAN2: return d2u(ws_gpu_atan2(y, x));
    case D_ATAN2F: return f2u(ws_gpu_atan2f(u2f((uint32_t)yb), u2f((uint32_t)xb)));
    case D_POWF: return f2u(ws_gpu_powf(u2f((uint32_t)xb), u2f((uint32_t)yb)));
    }
    return 0;
}

// The inputs replayed by the ctest: specials and a fixed pseudo-random set.
static uint64_t lcg_state = 0x9E3779B97F4A7C15ull;
static uint64_t next_random()
{
    lcg_state = lcg_state * 6364136223846793005ull + 1442695040888963407ull;
    uint64_t x = lcg_state;
    x ^= x >> 29;
    x *= 0xBF58476D1CE4E5B9ull;
    return x ^ (x >> 32);
}
static const uint32_t f32_specials[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007FFFFFu, 0x00800000u,
                                        0x3F800000u, 0xBF800000u, 0x3F7FFFFFu, 0x3F800001u, 0x7F7FFFFFu, 0xFF7FFFFFu,
                                        0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7FFFFFFFu,
                                        0x40490FDBu, 0x3FC90FDBu, 0x47CE4780u, 0x47CE4781u, 0x4B800000u, 0x3F000000u,
                                        0xBF000000u, 0x40000000u, 0x41200000u, 0x3DCCCCCDu, 0xBE800000u, 0x5F000000u};

int main(int argc, char **argv)
{
    FILE *replay = std::fopen(argc > 1 ? argv[1] : "gpumath_replay.txt", "w");
    if (!replay)
        return 2;
    const uint32_t chunk = 1u << 28;
    uint32_t *d_out, *h_out = new uint32_t[chunk];
    cudaMalloc(&d_out, chunk * sizeof(uint32_t));
    std::vector<uint32_t> replay_in;
    for (uint32_t s : f32_specials)
        replay_in.push_back(s);
    for (int i = 0; i < 1024; i++)
        replay_in.push_back((uint32_t)next_random());
    for (int i = 0; i < 1024; i++) // ordinary sizes: |x| in [2^-8, 2^24)
        replay_in.push_back((uint32_t)((next_random() & 0x80000000u) | ((119u + next_random() % 32u) << 23) |
                                       (next_random() & 0x7FFFFFu)));
    // argv[2]: how many of the first f32 functions to replay only (checked exhaustively before).
    int replay_only = argc > 2 ? std::atoi(argv[2]) : 0;
    bool count_libm = !(argc > 3 && !std::strcmp(argv[3], "nolibm")); // argv[3] "nolibm": skip libm's count
    for (int f = 0; f < F32_COUNT; f++) {
        if (f < replay_only) {
            uint32_t *d_in;
            size_t n = replay_in.size();
            cudaMalloc(&d_in, n * 4);
            cudaMemcpy(d_in, replay_in.data(), n * 4, cudaMemcpyHostToDevice);
            f32_list<<<(unsigned)(n + 255) / 256, 256>>>(f, d_in, (uint32_t)n, d_out);
            cudaMemcpy(h_out, d_out, n * 4, cudaMemcpyDeviceToHost);
            cudaFree(d_in);
            unsigned long long differ = 0;
            for (size_t i = 0; i < n; i++) {
                std::fprintf(replay, "%s %08x %08x\n", f32_names[f], replay_in[i], h_out[i]);
                differ += f2u(host_f32(f, u2f(replay_in[i]), true)) != h_out[i];
            }
            std::printf("%s inputs %zu differing %llu (replayed inputs only)\n", f32_names[f], n, differ);
            continue;
        }
        unsigned long long differ = 0, libm_differ = 0;
        uint32_t first[3][3];
        int firsts = 0;
        for (uint64_t start = 0; start < (1ull << 32); start += chunk) {
            f32_kernel<<<chunk / 256, 256>>>(f, (uint32_t)start, chunk, d_out);
            cudaMemcpy(h_out, d_out, chunk * sizeof(uint32_t), cudaMemcpyDeviceToHost);
#pragma omp parallel for schedule(static) reduction(+ : differ, libm_differ)
            for (uint32_t i = 0; i < chunk; i++) {
                uint32_t in = (uint32_t)start + i;
                uint32_t ours = f2u(host_f32(f, u2f(in), true));
                if (!same_f32(ours, h_out[i])) {
                    differ++;
#pragma omp critical
                    if (firsts < 3) {
                        first[firsts][0] = in;
                        first[firsts][1] = h_out[i];
                        first[firsts][2] = ours;
                        firsts++;
                    }
                }
                if (count_libm && !same_value_f32(f2u(host_f32(f, u2f(in), false)), h_out[i]))
                    libm_differ++;
            }
            for (uint32_t in : replay_in) // from whichever chunk holds each replayed input
                if (in >= start && in - start < chunk)
                    std::fprintf(replay, "%s %08x %08x\n", f32_names[f], in, h_out[in - start]);
        }
        std::printf("%s inputs 4294967296 differing %llu (libm differing %llu)", f32_names[f], differ, libm_differ);
        for (int k = 0; k < firsts; k++)
            std::printf(" [%08x -> gpu %08x warpsim %08x]", first[k][0], first[k][1], first[k][2]);
        std::printf("\n");
        std::fflush(stdout);
    }
    cudaFree(d_out);
    delete[] h_out;

    // f64 and the two-argument functions: random bit patterns, values of ordinary size, special pairs.
    static const uint64_t f64_specials[] = {0, 0x8000000000000000ull, 1, 0x8000000000000001ull, 0x000FFFFFFFFFFFFFull,
                                            0x0010000000000000ull, 0x3FF0000000000000ull, 0xBFF0000000000000ull,
                                            0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull, 0x7FF0000000000000ull,
                                            0xFFF0000000000000ull, 0x7FF8000000000000ull, 0xFFF8000000000000ull,
                                            0x7FF0000000000001ull, 0x7FF4000000000123ull, 0xFFFC00000000ABCDull,
                                            0x400921FB54442D18ull, 0x3FF921FB54442D18ull, 0x40862E42FEFA39EFull,
                                            0xC0874910D52D3051ull, 0x4090000000000000ull, 0x3FE0000000000000ull,
                                            0x4330000000000000ull, 0x3CB0000000000000ull, 0x4024000000000000ull};
    const size_t n_spec = sizeof f64_specials / sizeof f64_specials[0];
    const size_t n_rand = 1u << 24, n = 2 * n_rand + n_spec * n_spec;
    std::vector<uint64_t> xs(n), ys(n), gpu(n);
    for (int f = 0; f < F64_COUNT; f++) {
        bool f32 = f == D_ATAN2F || f == D_POWF;
        for (size_t i = 0; i < n; i++) {
            uint64_t a, b;
            if (i < n_rand) {
                a = next_random();
                b = next_random();
            } else if (i < 2 * n_rand) { // |x| in [2^-12, 2^12) (f32: [2^-12, 2^12) too)
                uint64_t ea = 1011 + next_random() % 24, eb = 1011 + next_random() % 24;
                a = (next_random() & 0x800FFFFFFFFFFFFFull) | (ea << 52);
                b = (next_random() & 0x800FFFFFFFFFFFFFull) | (eb << 52);
                if (f32) {
                    a = f2u((float)u2d(a));
                    b = f2u((float)u2d(b));
                }
            } else {
                size_t k = i - 2 * n_rand;
                a = f64_specials[k % n_spec];
                b = f64_specials[k / n_spec];
                if (f32) { // the same specials as floats (NaN payloads kept in their top bits)
                    a = (uint32_t)(a >> 32 & 0x80000000u) | (uint32_t)(a >> 29 & 0x7FFFFFFFu);
                    b = (uint32_t)(b >> 32 & 0x80000000u) | (uint32_t)(b >> 29 & 0x7FFFFFFFu);
                }
            }
            xs[i] = f32 ? (uint32_t)a : a;
            ys[i] = f32 ? (uint32_t)b : b;
        }
        uint64_t *d_x, *d_y, *d_r;
        cudaMalloc(&d_x, n * 8);
        cudaMalloc(&d_y, n * 8);
        cudaMalloc(&d_r, n * 8);
        cudaMemcpy(d_x, xs.data(), n * 8, cudaMemcpyHostToDevice);
        cudaMemcpy(d_y, ys.data(), n * 8, cudaMemcpyHostToDevice);
        f64_kernel<<<(unsigned)((n + 255) / 256), 256>>>(f, d_x, d_y, n, d_r);
        cudaMemcpy(gpu.data(), d_r, n * 8, cudaMemcpyDeviceToHost);
        cudaFree(d_x);
        cudaFree(d_y);
        cudaFree(d_r);
        unsigned long long differ = 0;
        size_t first[3];
        int firsts = 0;
#pragma omp parallel for schedule(static) reduction(+ : differ)
        for (size_t i = 0; i < n; i++)
            if (host_f64(f, xs[i], ys[i]) != gpu[i]) {
                differ++;
#pragma omp critical
                if (firsts < 3)
                    first[firsts++] = i;
            }
        std::printf("%s inputs %zu differing %llu", f64_names[f], n, differ);
        for (int k = 0; k < firsts; k++)
            std::printf(" [%016llx,%016llx -> gpu %016llx warpsim %016llx]", (unsigned long long)xs[first[k]],
                        (unsigned long long)ys[first[k]], (unsigned long long)gpu[first[k]],
                        (unsigned long long)host_f64(f, xs[first[k]], ys[first[k]]));
        std::printf("\n");
        std::fflush(stdout);
        for (size_t i = 0; i < n; i = i < 2 * n_rand && i + 32771 >= 2 * n_rand ? 2 * n_rand
                                     : i + (i < 2 * n_rand ? 32771 : 1)) // a sample, then every special pair
            std::fprintf(replay, "%s %016llx %016llx %016llx\n", f64_names[f], (unsigned long long)xs[i],
                         (unsigned long long)ys[i], (unsigned long long)gpu[i]);
    }
    std::fclose(replay);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
