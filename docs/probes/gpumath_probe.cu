// The math functions of include/warpsim/gpumath.h against the GPU (issue 23), every function that
// include/warpsim/gpumath_functions.def lists. Functions of one float: every one of the 2^32 inputs, in
// chunks, computed by the GPU (nvcc -fmad=false, the default -ftz=false) and by warpsim's C on the
// host's cores (OpenMP), compared bit for bit. The others: 2^24 random bit patterns, 2^24 random
// values of ordinary size and every pair of special values (three- and four-argument functions: the
// pairs with the rest random). Prints one line a function:
//   NAME inputs N differing D [first: inputs -> gpu warpsim]
// and writes REPLAY (argv[1]) with the GPU's results for a fixed set of inputs of each function,
// which tests/gpumath replays on machines without a GPU: "name a [b [c [d]]] = r0 [r1]" in hex.
//
//   gcc -O2 -ffp-contract=off -fopenmp -Iinclude -DWARPSIM_BUILDING -c src/gpumath_*.c src/fpops.c src/fprounded.c
//   nvcc -arch=sm_90 -fmad=false -O2 -Xcompiler -fopenmp -Iinclude docs/probes/gpumath_probe.cu *.o -lgomp
//   ./a.out replay.txt [EXHAUSTIVE [LOG2_RANDOM]]
// EXHAUSTIVE: a comma-separated list of the one-float functions to run on all 2^32 inputs
// ("all": every one; default all); the others run on random and special inputs like the rest.
// LOG2_RANDOM: 2^LOG2_RANDOM random bit patterns and as many ordinary values (default 24).
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <omp.h>

#include "warpsim/gpumath.h"

static uint32_t f2u(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }
static float u2f(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static uint64_t d2u(double f) { uint64_t u; std::memcpy(&u, &f, 8); return u; }
static double u2d(uint64_t u) { double f; std::memcpy(&f, &u, 8); return f; }

// With -DPROBE_PREC_SQRT (built with nvcc -prec-sqrt=false): warpsim's library in that mode too.
// With -DPROBE_FTZ (built with nvcc -ftz=true): warpsim's ws_gpu_ftz_ functions against the GPU's
// -ftz=true build, and the approximations without .ftz take it, as such a build's would.
#ifdef PROBE_FTZ
#define HOST_FN(w) ws_gpu_ftz_##w
#define NONFTZ ".ftz"
#else
#define HOST_FN(w) ws_gpu_##w
#define NONFTZ ""
#endif

// The PTX approximations by the names of warpsim's functions.
__device__ float rcp_approx_ftz(float x) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float rsqrt_approx_ftz(float x) { float r; asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float rsqrt_approx(float x) { float r; asm("rsqrt.approx" NONFTZ ".f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ double rcp_approx_ftz_f64(double x) { double r; asm("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x)); return r; }
__device__ double rsqrt_approx_ftz_f64(double x) { double r; asm("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x)); return r; }
__device__ double rsqrt_approx_f64(double x) { double r; asm("rsqrt.approx.f64 %0, %1;" : "=d"(r) : "d"(x)); return r; }
__device__ float ex2_approx_ftz(float x) { float r; asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float ex2_approx(float x) { float r; asm("ex2.approx" NONFTZ ".f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float lg2_approx_ftz(float x) { float r; asm("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float lg2_approx(float x) { float r; asm("lg2.approx" NONFTZ ".f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float sin_approx(float x) { float r; asm("sin.approx" NONFTZ ".f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float cos_approx(float x) { float r; asm("cos.approx" NONFTZ ".f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float sqrt_approx_ftz(float x) { float r; asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float sqrt_approx(float x) { float r; asm("sqrt.approx" NONFTZ ".f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float div_approx_ftz(float x, float y) { float r; asm("div.approx.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y)); return r; }

// A function's shape: how many arguments, float or double, whether it has a second result,
// whether an argument is an int (ldexp's exponent), whether the first one is (jn's order), and
// whether the function takes an array (normf: the first argument is its length, the other three
// its elements, repeated).
struct shape {
    int args;
    bool f32, two_results, int_arg, int_first, vec;
};

// One evaluation: arguments as bits (floats in the low 32 bits), results as bits.
typedef void (*op_fn)(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t *r0, uint64_t *r1);

#define AF(v) __uint_as_float((uint32_t)(v))
#define AD(v) __longlong_as_double((long long)(v))
#define RF(v) ((uint64_t)__float_as_uint(v))
#define RD(v) ((uint64_t)__double_as_longlong(v))
#define HF(v) u2f((uint32_t)(v))
#define HD(v) u2d(v)
#define HRF(v) ((uint64_t)f2u(v))
#define HRD(v) d2u(v)
#define OPS(name, gpu_body, host_body)                                                                             \
    __device__ void dev_##name(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t *r0, uint64_t *r1)       \
    {                                                                                                          \
        (void)a, (void)b, (void)c, (void)d;                                                                    \
        *r1 = 0;                                                                                               \
        gpu_body;                                                                                              \
    }                                                                                                          \
    static void host_##name(uint64_t a, uint64_t b, uint64_t c, uint64_t d, uint64_t *r0, uint64_t *r1)        \
    {                                                                                                          \
        (void)a, (void)b, (void)c, (void)d;                                                                    \
        *r1 = 0;                                                                                               \
        host_body;                                                                                             \
    }
#define F1(n, w) OPS(n, *r0 = RF(n(AF(a))), *r0 = HRF(HOST_FN(w)(HF(a))))
#define F1A(n, w) F1(n, w)
#define F2X(n, w) F2(n, w)
#define F3X(n, w) F3(n, w)
#define D1X(n, w) D1(n, w)
#define F2PIX(n, w) F2PI(n, w)
#define F2(n, w) OPS(n, *r0 = RF(n(AF(a), AF(b))), *r0 = HRF(HOST_FN(w)(HF(a), HF(b))))
#define F3(n, w) OPS(n, *r0 = RF(n(AF(a), AF(b), AF(c))), *r0 = HRF(HOST_FN(w)(HF(a), HF(b), HF(c))))
#define F4(n, w) OPS(n, *r0 = RF(n(AF(a), AF(b), AF(c), AF(d))), *r0 = HRF(HOST_FN(w)(HF(a), HF(b), HF(c), HF(d))))
#define D1(n, w) OPS(n, *r0 = RD(n(AD(a))), *r0 = HRD(HOST_FN(w)(HD(a))))
#define D2(n, w) OPS(n, *r0 = RD(n(AD(a), AD(b))), *r0 = HRD(HOST_FN(w)(HD(a), HD(b))))
#define D3(n, w) OPS(n, *r0 = RD(n(AD(a), AD(b), AD(c))), *r0 = HRD(HOST_FN(w)(HD(a), HD(b), HD(c))))
#define D4(n, w) OPS(n, *r0 = RD(n(AD(a), AD(b), AD(c), AD(d))), *r0 = HRD(HOST_FN(w)(HD(a), HD(b), HD(c), HD(d))))
#define F1SC(n, w) OPS(n, { float s; float k; n(AF(a), &s, &k); *r0 = RF(s); *r1 = RF(k); }, \
                          { float s; float k; HOST_FN(w)(HF(a), &s, &k); *r0 = HRF(s); *r1 = HRF(k); })
#define D1SC(n, w) OPS(n, { double s; double k; n(AD(a), &s, &k); *r0 = RD(s); *r1 = RD(k); }, \
                          { double s; double k; HOST_FN(w)(HD(a), &s, &k); *r0 = HRD(s); *r1 = HRD(k); })
#define F1I(n, w, T) OPS(n, *r0 = (uint64_t)(long long)n(AF(a)), *r0 = (uint64_t)(long long)HOST_FN(w)(HF(a)))
#define D1I(n, w, T) OPS(n, *r0 = (uint64_t)(long long)n(AD(a)), *r0 = (uint64_t)(long long)HOST_FN(w)(HD(a)))
#define F1PI(n, w) OPS(n, { int q; *r0 = RF(n(AF(a), &q)); *r1 = (uint32_t)q; }, \
                          { int q; *r0 = HRF(HOST_FN(w)(HF(a), &q)); *r1 = (uint32_t)q; })
#define D1PI(n, w) OPS(n, { int q; *r0 = RD(n(AD(a), &q)); *r1 = (uint32_t)q; }, \
                          { int q; *r0 = HRD(HOST_FN(w)(HD(a), &q)); *r1 = (uint32_t)q; })
#define F2PI(n, w) OPS(n, { int q; *r0 = RF(n(AF(a), AF(b), &q)); *r1 = (uint32_t)q; }, \
                          { int q; *r0 = HRF(HOST_FN(w)(HF(a), HF(b), &q)); *r1 = (uint32_t)q; })
#define D2PI(n, w) OPS(n, { int q; *r0 = RD(n(AD(a), AD(b), &q)); *r1 = (uint32_t)q; }, \
                          { int q; *r0 = HRD(HOST_FN(w)(HD(a), HD(b), &q)); *r1 = (uint32_t)q; })
#define F1PF(n, w) OPS(n, { float q; *r0 = RF(n(AF(a), &q)); *r1 = RF(q); }, \
                          { float q; *r0 = HRF(HOST_FN(w)(HF(a), &q)); *r1 = HRF(q); })
#define D1PD(n, w) OPS(n, { double q; *r0 = RD(n(AD(a), &q)); *r1 = RD(q); }, \
                          { double q; *r0 = HRD(HOST_FN(w)(HD(a), &q)); *r1 = HRD(q); })
#define FI(n, w) OPS(n, *r0 = RF(n(AF(a), (int)(uint32_t)b)), *r0 = HRF(HOST_FN(w)(HF(a), (int)(uint32_t)b)))
#define DI(n, w) OPS(n, *r0 = RD(n(AD(a), (int)(uint32_t)b)), *r0 = HRD(HOST_FN(w)(HD(a), (int)(uint32_t)b)))
#define IF(n, w) OPS(n, *r0 = RF(n((int)(uint32_t)a, AF(b))), *r0 = HRF(HOST_FN(w)((int)(uint32_t)a, HF(b))))
#define ID(n, w) OPS(n, *r0 = RD(n((int)(uint32_t)a, AD(b))), *r0 = HRD(HOST_FN(w)((int)(uint32_t)a, HD(b))))
#define FV(n, w) OPS(n, { float t[8]; for (int i = 0; i < 8; i++) t[i] = AF(i % 3 == 0 ? b : i % 3 == 1 ? c : d); \
                          *r0 = RF(n((int)(uint32_t)a, t)); }, \
                        { float t[8]; for (int i = 0; i < 8; i++) t[i] = HF(i % 3 == 0 ? b : i % 3 == 1 ? c : d); \
                          *r0 = HRF(HOST_FN(w)((int)(uint32_t)a, t)); })
#define DV(n, w) OPS(n, { double t[8]; for (int i = 0; i < 8; i++) t[i] = AD(i % 3 == 0 ? b : i % 3 == 1 ? c : d); \
                          *r0 = RD(n((int)(uint32_t)a, t)); }, \
                        { double t[8]; for (int i = 0; i < 8; i++) t[i] = HD(i % 3 == 0 ? b : i % 3 == 1 ? c : d); \
                          *r0 = HRD(HOST_FN(w)((int)(uint32_t)a, t)); })
#include "../../include/warpsim/gpumath_functions.def"
#include "warpsim/gpumath_shapes_undef.h"

template <op_fn OP> __global__ void k_list(const uint64_t *a, const uint64_t *b, const uint64_t *c, const uint64_t *d,
                                           size_t n, uint64_t *r0, uint64_t *r1)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n)
        OP(a[i], b[i], c[i], d[i], &r0[i], &r1[i]);
}

// Every float from start on: the results as 32-bit words (w1: the second result, or the high word
// of an integer result).
template <op_fn OP> __global__ void k_range(uint32_t start, uint32_t n, bool two, uint32_t *w0, uint32_t *w1)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    uint64_t x, y;
    OP(start + i, 0, 0, 0, &x, &y);
    w0[i] = (uint32_t)x;
    w1[i] = (uint32_t)(two ? y : x >> 32);
}

struct function {
    const char *name;
    shape s;
    void (*list)(const uint64_t *, const uint64_t *, const uint64_t *, const uint64_t *, size_t, uint64_t *, uint64_t *);
    void (*range)(uint32_t, uint32_t, bool, uint32_t *, uint32_t *);
    op_fn host;
};
#define ENTRY6(n, args, f32, two, intarg, intfirst, vec) \
    {#n, {args, f32, two, intarg, intfirst, vec}, k_list<dev_##n>, k_range<dev_##n>, host_##n},
#define ENTRY(n, args, f32, two, intarg) ENTRY6(n, args, f32, two, intarg, false, false)
#define F1(n, w) ENTRY(n, 1, true, false, false)
#define F1A(n, w) F1(n, w)
#define F2X(n, w) F2(n, w)
#define F3X(n, w) F3(n, w)
#define D1X(n, w) D1(n, w)
#define F2PIX(n, w) F2PI(n, w)
#define F2(n, w) ENTRY(n, 2, true, false, false)
#define F3(n, w) ENTRY(n, 3, true, false, false)
#define F4(n, w) ENTRY(n, 4, true, false, false)
#define D1(n, w) ENTRY(n, 1, false, false, false)
#define D2(n, w) ENTRY(n, 2, false, false, false)
#define D3(n, w) ENTRY(n, 3, false, false, false)
#define D4(n, w) ENTRY(n, 4, false, false, false)
#define F1SC(n, w) ENTRY(n, 1, true, true, false)
#define D1SC(n, w) ENTRY(n, 1, false, true, false)
#define F1I(n, w, T) ENTRY(n, 1, true, false, false)
#define D1I(n, w, T) ENTRY(n, 1, false, false, false)
#define F1PI(n, w) ENTRY(n, 1, true, true, false)
#define D1PI(n, w) ENTRY(n, 1, false, true, false)
#define F2PI(n, w) ENTRY(n, 2, true, true, false)
#define D2PI(n, w) ENTRY(n, 2, false, true, false)
#define F1PF(n, w) ENTRY(n, 1, true, true, false)
#define D1PD(n, w) ENTRY(n, 1, false, true, false)
#define FI(n, w) ENTRY(n, 2, true, false, true)
#define DI(n, w) ENTRY(n, 2, false, false, true)
#define IF(n, w) ENTRY6(n, 2, true, false, false, true, false)
#define ID(n, w) ENTRY6(n, 2, false, false, false, true, false)
#define FV(n, w) ENTRY6(n, 4, true, false, false, true, true)
#define DV(n, w) ENTRY6(n, 4, false, false, false, true, true)
static const function functions[] = {
#include "../../include/warpsim/gpumath_functions.def"
};

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
static const uint64_t f64_specials[] = {0, 0x8000000000000000ull, 1, 0x8000000000000001ull, 0x000FFFFFFFFFFFFFull,
                                        0x0010000000000000ull, 0x3FF0000000000000ull, 0xBFF0000000000000ull,
                                        0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull, 0x7FF0000000000000ull,
                                        0xFFF0000000000000ull, 0x7FF8000000000000ull, 0xFFF8000000000000ull,
                                        0x7FF0000000000001ull, 0x7FF4000000000123ull, 0xFFFC00000000ABCDull,
                                        0x400921FB54442D18ull, 0x3FF921FB54442D18ull, 0x40862E42FEFA39EFull,
                                        0xC0874910D52D3051ull, 0x4090000000000000ull, 0x3FE0000000000000ull,
                                        0x4330000000000000ull, 0x3CB0000000000000ull, 0x4024000000000000ull};
static const int n_f64_spec = sizeof f64_specials / sizeof f64_specials[0];

// Argument k of input i: random bits, a random value of ordinary size (|x| in [2^-12, 2^12)), or a
// special (pairs of specials in the first two arguments). An int argument is small or random; a
// leading int is an order of jn/yn (-3 to 10, 50, 100, 1000: their loops run that long) or an
// array's length (-1 to 8).
static const int orders[] = {-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 50, 100, 1000};
static uint64_t argument(const shape &s, int k, size_t i, size_t n_rand)
{
    if (s.int_first && k == 0)
        return s.vec ? (uint32_t)(int32_t)((int)(next_random() % 10) - 1)
                     : (uint32_t)(int32_t)orders[next_random() % (sizeof orders / sizeof orders[0])];
    if (s.int_first && !s.vec && k == 1) // the float of f(int, x) takes the place of a first argument
        k = 0;
    if (s.int_arg && k == 1)
        return i % 2 ? (uint32_t)next_random() : (uint32_t)(int32_t)((int)(next_random() % 321) - 160);
    if (i < n_rand)
        return s.f32 ? (uint32_t)next_random() : next_random();
    if (i < 2 * n_rand || k >= 2) {
        uint64_t e = 1011 + next_random() % 24, v = (next_random() & 0x800FFFFFFFFFFFFFull) | (e << 52);
        return s.f32 ? f2u((float)u2d(v)) : v;
    }
    size_t j = i - 2 * n_rand;
    return s.f32 ? f32_specials[(k == 0 ? j : j / 30) % 30] : f64_specials[(k == 0 ? j : j / n_f64_spec) % n_f64_spec];
}

static void print_line(FILE *f, const function &fn, const uint64_t *args, uint64_t r0, uint64_t r1)
{
    std::fprintf(f, "%s", fn.name);
    for (int k = 0; k < fn.s.args; k++)
        std::fprintf(f, " %llx", (unsigned long long)args[k]);
    std::fprintf(f, " = %llx", (unsigned long long)r0);
    if (fn.s.two_results)
        std::fprintf(f, " %llx", (unsigned long long)r1);
    std::fprintf(f, "\n");
}

static void report(const function &fn, size_t n, unsigned long long differ, const std::vector<std::string> &firsts)
{
    std::printf("%s inputs %zu differing %llu", fn.name, n, differ);
    for (const std::string &s : firsts)
        std::printf(" [%s]", s.c_str());
    std::printf("\n");
    std::fflush(stdout);
}

// Every input of a one-float function.
static void exhaustive(const function &fn, FILE *replay, const std::vector<uint32_t> &replay_in)
{
    const uint32_t chunk = 1u << 28;
    static uint32_t *d0, *d1, *h0, *h1;
    if (!d0) {
        cudaMalloc(&d0, chunk * 4ull);
        cudaMalloc(&d1, chunk * 4ull);
        h0 = new uint32_t[chunk];
        h1 = new uint32_t[chunk];
    }
    unsigned long long differ = 0;
    std::vector<std::string> firsts;
    for (uint64_t start = 0; start < (1ull << 32); start += chunk) {
        bool two = fn.s.two_results;
        fn.range<<<chunk / 256, 256>>>((uint32_t)start, chunk, two, d0, d1);
        cudaMemcpy(h0, d0, chunk * 4ull, cudaMemcpyDeviceToHost);
        cudaMemcpy(h1, d1, chunk * 4ull, cudaMemcpyDeviceToHost);
#pragma omp parallel for schedule(static) reduction(+ : differ)
        for (uint32_t i = 0; i < chunk; i++) {
            uint64_t r0, r1;
            fn.host((uint32_t)start + i, 0, 0, 0, &r0, &r1);
            if ((uint32_t)r0 != h0[i] || (uint32_t)(two ? r1 : r0 >> 32) != h1[i]) {
                differ++;
#pragma omp critical
                if (firsts.size() < 3) {
                    char buf[96];
                    std::snprintf(buf, sizeof buf, "%08x -> gpu %08x %08x warpsim %08x %08x", (uint32_t)start + i, h0[i],
                                  h1[i], (uint32_t)r0, (uint32_t)(two ? r1 : r0 >> 32));
                    firsts.push_back(buf);
                }
            }
        }
        for (uint32_t in : replay_in)
            if (in >= start && in - start < chunk) {
                uint64_t arg = in, w0 = h0[in - start], w1 = h1[in - start];
                print_line(replay, fn, &arg, two ? w0 : w0 | w1 << 32, two ? w1 : 0);
            }
    }
    report(fn, 1ull << 32, differ, firsts);
}

// A list of inputs (one per argument).
static void listed(const function &fn, FILE *replay, const std::vector<uint64_t> *args, size_t n, size_t replay_step,
                   size_t replay_from)
{
    uint64_t *d_args[4], *d_r0, *d_r1;
    for (int k = 0; k < 4; k++) {
        cudaMalloc(&d_args[k], n * 8);
        cudaMemcpy(d_args[k], args[k].data(), n * 8, cudaMemcpyHostToDevice);
    }
    cudaMalloc(&d_r0, n * 8);
    cudaMalloc(&d_r1, n * 8);
    fn.list<<<(unsigned)((n + 255) / 256), 256>>>(d_args[0], d_args[1], d_args[2], d_args[3], n, d_r0, d_r1);
    std::vector<uint64_t> g0(n), g1(n);
    cudaMemcpy(g0.data(), d_r0, n * 8, cudaMemcpyDeviceToHost);
    cudaMemcpy(g1.data(), d_r1, n * 8, cudaMemcpyDeviceToHost);
    for (int k = 0; k < 4; k++)
        cudaFree(d_args[k]);
    cudaFree(d_r0);
    cudaFree(d_r1);
    unsigned long long differ = 0;
    std::vector<std::string> firsts;
#pragma omp parallel for schedule(static) reduction(+ : differ)
    for (size_t i = 0; i < n; i++) {
        uint64_t r0, r1;
        fn.host(args[0][i], args[1][i], args[2][i], args[3][i], &r0, &r1);
        if (r0 != g0[i] || (fn.s.two_results && r1 != g1[i])) {
            differ++;
#pragma omp critical
            if (firsts.size() < 3) {
                char buf[200];
                std::snprintf(buf, sizeof buf, "%llx,%llx,%llx,%llx -> gpu %llx %llx warpsim %llx %llx",
                              (unsigned long long)args[0][i], (unsigned long long)args[1][i],
                              (unsigned long long)args[2][i], (unsigned long long)args[3][i], (unsigned long long)g0[i],
                              (unsigned long long)g1[i], (unsigned long long)r0, (unsigned long long)r1);
                firsts.push_back(buf);
            }
        }
    }
    for (size_t i = 0; i < n; i = i < replay_from ? (i + replay_step < replay_from ? i + replay_step : replay_from) : i + 1) {
        uint64_t a[4] = {args[0][i], args[1][i], args[2][i], args[3][i]};
        print_line(replay, fn, a, g0[i], g1[i]);
    }
    report(fn, n, differ, firsts);
}

int main(int argc, char **argv)
{
#ifdef PROBE_PREC_SQRT // built with nvcc -prec-sqrt=false: warpsim's functions as such a build's
    ws_gpu_set_prec_sqrt(0);
#endif
    FILE *replay = std::fopen(argc > 1 ? argv[1] : "gpumath_replay.txt", "w");
    if (!replay)
        return 2;
    std::string exh = argc > 2 ? std::string(",") + argv[2] + "," : ",all,";
    std::vector<uint32_t> replay_in(f32_specials, f32_specials + 30);
    for (int i = 0; i < 512; i++)
        replay_in.push_back((uint32_t)next_random());
    for (int i = 0; i < 512; i++) // ordinary sizes: |x| in [2^-8, 2^24)
        replay_in.push_back((uint32_t)((next_random() & 0x80000000u) | ((119u + next_random() % 32u) << 23) |
                                       (next_random() & 0x7FFFFFu)));
    const size_t n_rand = (size_t)1 << (argc > 3 ? std::atoi(argv[3]) : 24);
    // ONLY (argv[4], optional): run just these functions (a comma list), for a run that adds
    // functions to the replay file.
    std::string only = argc > 4 ? std::string(",") + argv[4] + "," : "";
    for (const function &fn : functions) {
        if (!only.empty() && only.find("," + std::string(fn.name) + ",") == std::string::npos)
            continue;
        bool one_float = fn.s.f32 && fn.s.args == 1;
        if (one_float && (exh == ",all," || exh.find("," + std::string(fn.name) + ",") != std::string::npos)) {
            exhaustive(fn, replay, replay_in);
            continue;
        }
        std::vector<uint64_t> args[4];
        size_t n, step, from;
        size_t n_spec = fn.s.f32 ? 30 : n_f64_spec, pairs = fn.s.args == 1 ? n_spec : n_spec * n_spec;
        n = 2 * n_rand + pairs;
        for (int k = 0; k < 4; k++)
            args[k].assign(n, 0);
        for (size_t i = 0; i < n; i++)
            for (int k = 0; k < fn.s.args; k++)
                args[k][i] = argument(fn.s, k, i, n_rand);
        step = 2 * n_rand / 512 + 1, from = 2 * n_rand; // about 512 of the random ones, then every special
        listed(fn, replay, args, n, step, from);
    }
    std::fclose(replay);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
