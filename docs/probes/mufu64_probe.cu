// The special-function unit's double-precision starting points and the fast division (issue 23):
//   rcp.approx.ftz.f64 (MUFU.RCP64H), rsqrt.approx.ftz.f64 and rsqrt.approx.f64 (MUFU.RSQ64H),
//   which the f64 log, pow, atan, tan, acos, hypot, rsqrt ... families start from, and
//   div.approx.f32 / div.approx.ftz.f32 (__fdividef).
// Rules checked on the GPU's results (counts of inputs that break them, with examples):
//   rcp64:  the result depends on the input's high word only, its low word is 0, and
//           rcp(1.m * 2^e) is rcp(1.m) * 2^-e                       (table: 2^20 high words)
//   rsq64:  likewise, rsqrt(1.m * 2^k * 4^j) is rsqrt(1.m * 2^k) * 2^-j (table: k = 0, 1)
//   rsq64n: the non-FTZ form; a denormal x gives rsq64(x * 2^108) * 2^54
//   div:    a / b is a * rcp.approx.ftz.f32(b) rounded once (classes of a, b and result tallied)
// It also dumps ex2.approx.ftz.f32 on four sets of inputs for study (ex2.bin: k * 2^-23 and
// -k * 2^-23 for k < 2^23, then every float of [0.5, 1) and of [-1, -0.5)), and lg2 is left
// to mufu_probe.cu. Tables are written as first differences of the result words, little-endian.
//   nvcc -arch=sm_90 -O2 -Xcompiler -fopenmp docs/probes/mufu64_probe.cu -o mufu64 -lgomp && ./mufu64 OUTDIR
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static double u2d(uint64_t u) { double d; std::memcpy(&d, &u, 8); return d; }
static uint64_t d2u(double d) { uint64_t u; std::memcpy(&u, &d, 8); return u; }
static float u2f(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static uint32_t f2u(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }

enum { RCP64, RSQ64, RSQ64N };
static const char *names64[] = {"rcp.approx.ftz.f64", "rsqrt.approx.ftz.f64", "rsqrt.approx.f64"};
static const char *short64[] = {"rcp64", "rsq64", "rsq64n"};

__device__ __forceinline__ double mufu64(int op, double x)
{
    double r = 0;
    switch (op) {
    case RCP64: asm volatile("rcp.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x)); break;
    case RSQ64: asm volatile("rsqrt.approx.ftz.f64 %0, %1;" : "=d"(r) : "d"(x)); break;
    case RSQ64N: asm volatile("rsqrt.approx.f64 %0, %1;" : "=d"(r) : "d"(x)); break;
    }
    return r;
}

__device__ __forceinline__ uint32_t lo_of(uint32_t hi) { return hi * 2654435761u ^ 0x5bd1e995u; }

// For high words start + i: the result with a zero low word, and whether a scrambled low word
// changes it (bit 0 of flags) or the result's low word is not 0 (bit 1).
__global__ void run64(int op, uint32_t start, uint32_t n, uint64_t *out, unsigned char *flags)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    uint32_t hi = start + i;
    uint64_t r0 = __double_as_longlong(mufu64(op, __longlong_as_double((long long)((uint64_t)hi << 32))));
    uint64_t r1 = __double_as_longlong(mufu64(op, __longlong_as_double((long long)((uint64_t)hi << 32 | lo_of(hi)))));
    out[i] = r0;
    flags[i] = (unsigned char)((r0 != r1) | (((uint32_t)r0 != 0) << 1));
}

__global__ void run64_bits(int op, const uint64_t *in, uint64_t *out, uint32_t n)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = __double_as_longlong(mufu64(op, __longlong_as_double((long long)in[i])));
}

__global__ void div_run(const uint32_t *a, const uint32_t *b, uint32_t *out, uint32_t n, int ftz)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float r, x = __uint_as_float(a[i]), y = __uint_as_float(b[i]);
    if (ftz)
        asm volatile("div.approx.ftz.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
    else
        asm volatile("div.approx.f32 %0, %1, %2;" : "=f"(r) : "f"(x), "f"(y));
    out[i] = __float_as_uint(r);
}

__global__ void rcp_tab(uint32_t *out)
{
    uint32_t m = blockIdx.x * blockDim.x + threadIdx.x;
    float r;
    asm volatile("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(__uint_as_float(0x3F800000u | m)));
    out[m] = __float_as_uint(r);
}

// ex2 on input set s: 0: k 2^-23, 1: -k 2^-23, 2: bits 0x3F000000 + k, 3: bits 0xBF000000 + k.
__global__ void ex2_dump(int s, uint32_t *out)
{
    uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    float x = s == 0 ? (float)k * 0x1p-23f : s == 1 ? -(float)k * 0x1p-23f
                                                      : __uint_as_float((s == 2 ? 0x3F000000u : 0xBF000000u) + k);
    float r;
    asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
    out[k] = __float_as_uint(r);
}

static void write_diffs(const std::string &path, const void *data, size_t count, int width)
{
    FILE *f = std::fopen(path.c_str(), "wb");
    if (width == 8) {
        const uint64_t *v = (const uint64_t *)data;
        for (size_t i = 0; i < count; i++) {
            uint64_t d = v[i] - (i ? v[i - 1] : 0);
            std::fwrite(&d, 8, 1, f);
        }
    } else {
        const uint32_t *v = (const uint32_t *)data;
        for (size_t i = 0; i < count; i++) {
            uint32_t d = v[i] - (i ? v[i - 1] : 0);
            std::fwrite(&d, 4, 1, f);
        }
    }
    std::fclose(f);
}

static uint32_t rng = 12345;
static uint32_t next_rand() { rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5; return rng; }

// The rule's prediction for a high word (false: not covered).
static bool predict64(int op, uint32_t hi, const std::vector<uint64_t> &tab, uint64_t *pred)
{
    uint32_t e = hi >> 20 & 0x7FF, m = hi & 0xFFFFF, s = hi >> 31;
    if (e == 0 || e == 0x7FF)
        return false;
    double r;
    if (op == RCP64) {
        r = std::ldexp(u2d(tab[m]), 1023 - (int)e);
        if (s)
            r = -r;
    } else {
        if (s)
            return false;
        int E = (int)e - 1023, k = E & 1;
        r = std::ldexp(u2d(tab[(uint32_t)k << 20 | m]), -(E - k) / 2);
    }
    if (!std::isnormal(r))
        return false;
    *pred = d2u(r);
    return true;
}

static void probe64(int op, const std::string &dir, uint64_t *d_out, unsigned char *d_flags)
{
    const uint32_t chunk = 1u << 26;
    uint32_t count = op == RCP64 ? 1u << 20 : 1u << 21;
    std::vector<uint64_t> tab(count), h(chunk);
    std::vector<unsigned char> fl(chunk);
    run64<<<count / 256, 256>>>(op, 0x3FF00000u, count, d_out, d_flags);
    cudaMemcpy(tab.data(), d_out, count * 8ull, cudaMemcpyDeviceToHost);
    write_diffs(dir + "/" + short64[op] + ".tab", tab.data(), count, 8);
    uint64_t checked = 0, differ = 0, lo_dep = 0, lo_nonzero = 0;
    uint64_t ex[3][3];
    int exs = 0;
    for (uint64_t start = 0; start < (1ull << 32); start += chunk) {
        run64<<<chunk / 256, 256>>>(op, (uint32_t)start, chunk, d_out, d_flags);
        cudaMemcpy(h.data(), d_out, chunk * 8ull, cudaMemcpyDeviceToHost);
        cudaMemcpy(fl.data(), d_flags, chunk, cudaMemcpyDeviceToHost);
#pragma omp parallel for reduction(+ : checked, differ, lo_dep, lo_nonzero)
        for (uint32_t i = 0; i < chunk; i++) {
            uint32_t hi = (uint32_t)start + i;
            lo_dep += fl[i] & 1;
            lo_nonzero += fl[i] >> 1 & 1;
            uint64_t p;
            if (!predict64(op, hi, tab, &p))
                continue;
            checked++;
            if (p != h[i]) {
                differ++;
#pragma omp critical
                if (exs < 3) {
                    ex[exs][0] = hi;
                    ex[exs][1] = h[i];
                    ex[exs][2] = p;
                    exs++;
                }
            }
        }
    }
    std::printf("== %s: table of %u entries\n   rule: %llu high words checked, %llu differ", names64[op], count,
                (unsigned long long)checked, (unsigned long long)differ);
    for (int k = 0; k < exs; k++)
        std::printf(" [%08llx -> %016llx, rule %016llx]", (unsigned long long)ex[k][0], (unsigned long long)ex[k][1],
                    (unsigned long long)ex[k][2]);
    std::printf("\n   low word changes the result: %llu high words; result low word not 0: %llu\n",
                (unsigned long long)lo_dep, (unsigned long long)lo_nonzero);
    static const uint64_t specials[] = {
        0x0000000000000000ull, 0x8000000000000000ull, 0x0000000000000001ull, 0x800FFFFFFFFFFFFFull,
        0x0008000000000000ull, 0x0010000000000000ull, 0x8010000000000000ull, 0x3FF0000000000000ull,
        0xBFF0000000000000ull, 0x7FEFFFFFFFFFFFFFull, 0xFFEFFFFFFFFFFFFFull, 0x7FD0000000000000ull,
        0x7FE0000000000000ull, 0x7FF0000000000000ull, 0xFFF0000000000000ull, 0x7FF8000000000000ull,
        0xFFF8000000000000ull, 0x7FF0000000000001ull, 0x7FF4567812345678ull, 0xFFF8123400000000ull,
        0x3FE0000000000000ull, 0x4000000000000000ull, 0x3FFFFFFFFFFFFFFFull, 0x000FFFFFFFFFFFFFull};
    const int ns = sizeof specials / sizeof specials[0];
    uint64_t *d_in;
    cudaMalloc(&d_in, sizeof specials);
    cudaMemcpy(d_in, specials, sizeof specials, cudaMemcpyHostToDevice);
    run64_bits<<<1, ns>>>(op, d_in, d_out, ns);
    uint64_t res[ns];
    cudaMemcpy(res, d_out, sizeof res, cudaMemcpyDeviceToHost);
    std::printf("   specials:");
    for (int k = 0; k < ns; k++)
        std::printf(" %016llx->%016llx", (unsigned long long)specials[k], (unsigned long long)res[k]);
    std::printf("\n");
    cudaFree(d_in);
    if (op != RSQ64) { // denormal inputs: against the scaled rule (rsq64n) or flushed (rcp64)
        const uint32_t n = 1u << 24;
        std::vector<uint64_t> in(n), out(n);
        for (uint32_t i = 0; i < n; i++)
            in[i] = ((uint64_t)(next_rand() & 0x800FFFFFu) << 32 | next_rand());
        uint64_t *d_den, *d_res;
        cudaMalloc(&d_den, n * 8ull);
        cudaMalloc(&d_res, n * 8ull);
        cudaMemcpy(d_den, in.data(), n * 8ull, cudaMemcpyHostToDevice);
        run64_bits<<<n / 256, 256>>>(op, d_den, d_res, n);
        cudaMemcpy(out.data(), d_res, n * 8ull, cudaMemcpyDeviceToHost);
        uint64_t bad = 0, checked = 0;
        for (uint32_t i = 0; i < n; i++) {
            uint64_t p;
            if (op == RCP64) {
                p = (in[i] & 0x8000000000000000ull) | 0x7FF0000000000000ull;
            } else {
                double x = u2d(in[i]);
                if (!(x > 0)) // negative or zero: not the rule's
                    continue;
                uint32_t scaled_hi = (uint32_t)(d2u(std::ldexp(x, 108)) >> 32);
                if (!predict64(RSQ64, scaled_hi, tab, &p))
                    continue;
                p = d2u(std::ldexp(u2d(p), 54));
            }
            checked++;
            if (p != out[i] && bad++ < 3)
                std::printf("   denormal %016llx -> %016llx, rule %016llx\n", (unsigned long long)in[i],
                            (unsigned long long)out[i], (unsigned long long)p);
        }
        std::printf("   denormals: %llu checked, %llu differ\n", (unsigned long long)checked, (unsigned long long)bad);
        cudaFree(d_den);
        cudaFree(d_res);
    }
    std::fflush(stdout);
}

static int fclass(uint32_t u)
{
    uint32_t e = u >> 23 & 0xFF;
    if (e == 0)
        return u & 0x7FFFFF ? 1 : 0; // zero, denormal
    if (e == 0xFF)
        return u & 0x7FFFFF ? 5 : 4; // inf, NaN
    return e >= 253 ? 3 : 2;         // normal below 2^126, at or above
}

static void probe_div(const std::vector<uint32_t> &rtab)
{
    const uint32_t n = 1u << 26;
    std::vector<uint32_t> a(n), b(n), r(n);
    for (uint32_t i = 0; i < n; i++) {
        uint32_t mode = next_rand() % 8;
        a[i] = next_rand();
        b[i] = next_rand();
        if (mode == 1) // ordinary exponents for both
            a[i] = (a[i] & 0x807FFFFFu) | (110u + next_rand() % 40) << 23, b[i] = (b[i] & 0x807FFFFFu) | (110u + next_rand() % 40) << 23;
        if (mode == 2) // b near the top
            b[i] = (b[i] & 0x807FFFFFu) | (250u + next_rand() % 5) << 23;
        if (mode == 3) // denormal b or a
            (next_rand() & 1 ? b[i] : a[i]) &= 0x807FFFFFu;
        if (mode == 4) // results near the denormal range
            a[i] = (a[i] & 0x807FFFFFu) | (next_rand() % 30) << 23, b[i] = (b[i] & 0x807FFFFFu) | (110u + next_rand() % 40) << 23;
    }
    uint32_t *da, *db, *dr;
    cudaMalloc(&da, n * 4ull);
    cudaMalloc(&db, n * 4ull);
    cudaMalloc(&dr, n * 4ull);
    cudaMemcpy(da, a.data(), n * 4ull, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), n * 4ull, cudaMemcpyHostToDevice);
    for (int ftz = 0; ftz <= 1; ftz++) {
        div_run<<<n / 256, 256>>>(da, db, dr, n, ftz);
        cudaMemcpy(r.data(), dr, n * 4ull, cudaMemcpyDeviceToHost);
        uint64_t cnt[6][6][2] = {};
        uint32_t exa[6][6][3] = {};
        for (uint32_t i = 0; i < n; i++) {
            uint32_t bb = b[i], ab = a[i];
            // the rule: a * rcp(b), rcp from the table, FTZ'd operands for rcp
            uint32_t e = bb >> 23 & 0xFF, m = bb & 0x7FFFFF, s = bb & 0x80000000u;
            float rc;
            if (e == 0)
                rc = u2f(s | 0x7F800000u);
            else if (e == 0xFF)
                rc = m ? u2f(0x7FFFFFFFu) : u2f(s);
            else {
                rc = std::ldexp(u2f(rtab[m]), 127 - (int)e);
                if (!std::isnormal(rc))
                    rc = 0;
                rc = u2f(f2u(rc) | s);
            }
            float x = u2f(ab);
            if (ftz && (ab >> 23 & 0xFF) == 0)
                x = u2f(ab & 0x80000000u);
            float p = x * rc;
            uint32_t pb = std::isnan(p) ? 0x7FFFFFFFu : f2u(p);
            if (ftz && (pb >> 23 & 0xFF) == 0)
                pb &= 0x80000000u;
            int ca = fclass(ab), cb = fclass(bb);
            int bad = pb != r[i];
            cnt[ca][cb][bad]++;
            if (bad && !exa[ca][cb][0])
                exa[ca][cb][0] = ab, exa[ca][cb][1] = bb, exa[ca][cb][2] = r[i];
        }
        std::printf("== div.approx%s.f32 vs a * rcp.approx.ftz(b): classes 0 zero 1 denormal 2 normal<2^126 3 "
                    "normal>=2^126 4 inf 5 NaN\n",
                    ftz ? ".ftz" : "");
        for (int ca = 0; ca < 6; ca++)
            for (int cb = 0; cb < 6; cb++) {
                if (!cnt[ca][cb][0] && !cnt[ca][cb][1])
                    continue;
                std::printf("   a%d b%d: %llu agree %llu differ", ca, cb, (unsigned long long)cnt[ca][cb][0],
                            (unsigned long long)cnt[ca][cb][1]);
                if (cnt[ca][cb][1])
                    std::printf(" e.g. %08x / %08x -> %08x", exa[ca][cb][0], exa[ca][cb][1], exa[ca][cb][2]);
                std::printf("\n");
            }
    }
    // a few exact cases for the record
    static const uint32_t pairs[][2] = {{0x3F800000u, 0x7E800000u}, {0x3F800000u, 0x7F000000u}, {0x7F000000u, 0x7F000000u},
                                        {0x3F800000u, 0x00400000u}, {0x00400000u, 0x3F800000u}, {0x00400000u, 0x3F000000u},
                                        {0x40400000u, 0x40400000u}, {0x00000000u, 0x00000000u}, {0x7F800000u, 0x7F800000u},
                                        {0x3F800000u, 0x80000000u}};
    const int np = sizeof pairs / sizeof pairs[0];
    for (int k = 0; k < np; k++)
        a[k] = pairs[k][0], b[k] = pairs[k][1];
    cudaMemcpy(da, a.data(), np * 4ull, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), np * 4ull, cudaMemcpyHostToDevice);
    for (int ftz = 0; ftz <= 1; ftz++) {
        div_run<<<1, np>>>(da, db, dr, np, ftz);
        cudaMemcpy(r.data(), dr, np * 4ull, cudaMemcpyDeviceToHost);
        std::printf("   div%s specials:", ftz ? ".ftz" : "");
        for (int k = 0; k < np; k++)
            std::printf(" %08x/%08x->%08x", a[k], b[k], r[k]);
        std::printf("\n");
    }
    cudaFree(da);
    cudaFree(db);
    cudaFree(dr);
}

int main(int argc, char **argv)
{
    std::string dir = argc > 1 ? argv[1] : ".";
    uint64_t *d_out;
    unsigned char *d_flags;
    cudaMalloc(&d_out, (1ull << 26) * 8);
    cudaMalloc(&d_flags, 1ull << 26);
    for (int op = RCP64; op <= RSQ64N; op++)
        probe64(op, dir, d_out, d_flags);
    std::vector<uint32_t> rtab(1u << 23);
    rcp_tab<<<(1u << 23) / 256, 256>>>((uint32_t *)d_out);
    cudaMemcpy(rtab.data(), d_out, rtab.size() * 4ull, cudaMemcpyDeviceToHost);
    probe_div(rtab);
    std::vector<uint32_t> ex2(4u << 23);
    for (int s = 0; s < 4; s++) {
        ex2_dump<<<(1u << 23) / 256, 256>>>(s, (uint32_t *)d_out);
        cudaMemcpy(ex2.data() + ((size_t)s << 23), d_out, (1u << 23) * 4ull, cudaMemcpyDeviceToHost);
    }
    write_diffs(dir + "/ex2.bin", ex2.data(), ex2.size(), 4);
    std::printf("== ex2.approx.ftz.f32: 4 sets of 2^23 results written\n");
    cudaFree(d_out);
    cudaFree(d_flags);
    return 0;
}
