// The H200's special-function unit (MUFU) through the PTX instructions CUDA's math library and
// fast intrinsics use (issue 23): rcp.approx.ftz.f32, rsqrt.approx.ftz.f32, ex2.approx.ftz.f32,
// lg2.approx.ftz.f32. Every one of the 2^32 inputs of each runs on the GPU; the host checks rules
// that reduce an op to a table over one interval, without bringing 16 GiB back:
//   rcp:   rcp(1.m * 2^e) is rcp(1.m) * 2^-e                   (table: 1.m, 2^23 entries)
//   rsqrt: rsqrt(1.m * 2^k * 4^j) is rsqrt(1.m * 2^k) * 2^-j    (table: k = 0, 1; 2^24 entries)
//   ex2:   ex2(x) is 2^floor(x) * ex2(x - floor(x)), x - floor(x) on a grid of 2^-F
//          (table: the 2^23 fractions k * 2^-23; F is measured: inputs whose fixed-point
//          value floor(x * 2^F) or round(x * 2^F) is the same must give the same result)
//   lg2:   lg2(1.m * 2^e) is e + lg2(1.m), rounded once to float  (table: 1.m, 2^23 entries)
// Each rule's line gives the inputs checked and the number that break it, with examples. The
// tables are written to OUTDIR/<op>.tab as the first differences of the result bits
// (little-endian int32, the first entry the bits themselves), the specials' results printed.
//   nvcc -arch=sm_90 -O2 -Xcompiler -fopenmp docs/probes/mufu_probe.cu -o mufu -lgomp && ./mufu OUTDIR [ops]
// (ops: a comma-separated list of rcp, rsqrt, ex2, lg2; default all)
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

enum { RCP, RSQ, EX2, LG2, OPS };
static const char *op_names[OPS] = {"rcp.approx.ftz.f32", "rsqrt.approx.ftz.f32", "ex2.approx.ftz.f32",
                                    "lg2.approx.ftz.f32"};
static const char *short_names[OPS] = {"rcp", "rsqrt", "ex2", "lg2"};

__device__ __forceinline__ float mufu(int op, float x)
{
    float r = 0;
    switch (op) {
    case RCP: asm volatile("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); break;
    case RSQ: asm volatile("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); break;
    case EX2: asm volatile("ex2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); break;
    case LG2: asm volatile("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); break;
    }
    return r;
}

__global__ void run(int op, uint32_t start, uint32_t n, uint32_t *out)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = __float_as_uint(mufu(op, __uint_as_float(start + i)));
}

// ex2 on the grid k * 2^-23, k < 2^23.
__global__ void ex2_grid(uint32_t *out)
{
    uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < (1u << 23))
        out[k] = __float_as_uint(mufu(EX2, (float)k * 0x1p-23f));
}

// ex2's fixed point: for x and the next float up, both in (-128, 128), whose values scaled by 2^F
// have the same floor (mode 0) or nearest integer (mode 1), count results that differ.
__global__ void ex2_fixed(uint32_t start, uint32_t n, unsigned long long *breaks)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float x = __uint_as_float(start + i);
    if (!(fabsf(x) < 128.0f))
        return;
    float y = nextafterf(x, INFINITY);
    if (!(y < 128.0f))
        return;
    bool same = mufu(EX2, x) == mufu(EX2, y) || (x == 0.0f && y == 0.0f);
    for (int F = 20; F <= 27; F++) {
        double sx = ldexp((double)x, F), sy = ldexp((double)y, F);
        if (floor(sx) == floor(sy) && !same)
            atomicAdd(&breaks[(F - 20) * 2], 1ull);
        if (rint(sx) == rint(sy) && !same)
            atomicAdd(&breaks[(F - 20) * 2 + 1], 1ull);
    }
}

static float u2f(uint32_t u) { float f; std::memcpy(&f, &u, 4); return f; }
static uint32_t f2u(float f) { uint32_t u; std::memcpy(&u, &f, 4); return u; }

// What the rule says the result of x is (false: the rule does not cover x).
static bool predict(int op, uint32_t x, const std::vector<uint32_t> &tab, uint32_t *pred)
{
    uint32_t e = x >> 23 & 0xFF, m = x & 0x7FFFFFu, s = x & 0x80000000u;
    float r;
    switch (op) {
    case RCP:
        if (e == 0 || e == 0xFF)
            return false;
        r = ldexpf(u2f(tab[m]), 127 - (int)e);
        if (r == 0 || std::isinf(r) || !std::isnormal(r))
            return false;
        *pred = s | f2u(r);
        return true;
    case RSQ: {
        if (s || e == 0 || e == 0xFF)
            return false;
        int E = (int)e - 127, k = E & 1;
        r = ldexpf(u2f(tab[(uint32_t)k << 23 | m]), -(E - k) / 2);
        if (!std::isnormal(r))
            return false;
        *pred = f2u(r);
        return true;
    }
    case EX2: {
        float xf = u2f(x);
        if (!(std::fabs(xf) < 126.0f))
            return false;
        double fl = std::floor((double)xf), fr = (double)xf - fl, k = std::ldexp(fr, 23);
        if (k != std::floor(k)) // finer than the table's grid
            return false;
        r = ldexpf(u2f(tab[(uint32_t)k]), (int)fl);
        if (!std::isnormal(r))
            return false;
        *pred = f2u(r);
        return true;
    }
    case LG2:
        if (s || e == 0 || e == 0xFF)
            return false;
        *pred = f2u((float)((double)((int)e - 127) + (double)u2f(tab[m])));
        return true;
    }
    return false;
}

int main(int argc, char **argv)
{
    std::string dir = argc > 1 ? argv[1] : ".";
    const uint32_t chunk = 1u << 28;
    uint32_t *d, *h = new uint32_t[chunk];
    cudaMalloc(&d, chunk * 4ull);
    static const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00800000u, 0x80800000u,
                                        0x3F800000u, 0xBF800000u, 0x7F7FFFFFu, 0xFF7FFFFFu, 0x7E800000u, 0x7F000000u,
                                        0x7F800000u, 0xFF800000u, 0x7FC00000u, 0xFFC00000u, 0x7F800001u, 0x7FA12345u,
                                        0x42FE0000u, 0x43000000u, 0xC2FC0000u, 0xC2FE0000u, 0xC3000000u, 0xC2FCFFFFu,
                                        0x3F000000u, 0x33800000u, 0xB3800000u, 0x34000000u, 0xB4000000u, 0x3E800000u};
    std::string only = argc > 2 ? std::string(",") + argv[2] + "," : ""; // e.g. "rsqrt,lg2"
    for (int op = 0; op < OPS; op++) {
        if (!only.empty() && only.find(std::string(",") + short_names[op] + ",") == std::string::npos)
            continue;
        uint32_t count = op == RSQ ? 1u << 24 : 1u << 23;
        std::vector<uint32_t> tab(count);
        if (op == EX2) {
            ex2_grid<<<count / 256, 256>>>(d);
        } else {
            run<<<count / 256, 256>>>(op, 0x3F800000u, count, d);
        }
        cudaMemcpy(tab.data(), d, count * 4ull, cudaMemcpyDeviceToHost);
        std::vector<int32_t> diff(count);
        for (uint32_t i = 0; i < count; i++)
            diff[i] = (int32_t)(tab[i] - (i ? tab[i - 1] : 0u));
        FILE *f = std::fopen((dir + "/" + short_names[op] + ".tab").c_str(), "wb");
        std::fwrite(diff.data(), 4, count, f);
        std::fclose(f);
        std::printf("== %s: table of %u entries written\n", op_names[op], count);
        uint64_t checked = 0, differ = 0;
        uint32_t ex[3][3];
        int exs = 0;
        for (uint64_t start = 0; start < (1ull << 32); start += chunk) {
            run<<<chunk / 256, 256>>>(op, (uint32_t)start, chunk, d);
            cudaMemcpy(h, d, chunk * 4ull, cudaMemcpyDeviceToHost);
#pragma omp parallel for reduction(+ : checked, differ)
            for (uint32_t i = 0; i < chunk; i++) {
                uint32_t x = (uint32_t)start + i, p;
                if (!predict(op, x, tab, &p))
                    continue;
                checked++;
                if (p != h[i]) {
                    differ++;
#pragma omp critical
                    if (exs < 3) {
                        ex[exs][0] = x;
                        ex[exs][1] = h[i];
                        ex[exs][2] = p;
                        exs++;
                    }
                }
            }
        }
        std::printf("   rule: %llu inputs checked, %llu differ", (unsigned long long)checked,
                    (unsigned long long)differ);
        for (int k = 0; k < exs; k++)
            std::printf(" [%08x -> %08x, rule %08x]", ex[k][0], ex[k][1], ex[k][2]);
        std::printf("\n");
        if (op == EX2) {
            unsigned long long *breaks, hb[16];
            cudaMalloc(&breaks, sizeof hb);
            cudaMemset(breaks, 0, sizeof hb);
            for (uint64_t start = 0; start < (1ull << 32); start += chunk)
                ex2_fixed<<<chunk / 256, 256>>>((uint32_t)start, chunk, breaks);
            cudaMemcpy(hb, breaks, sizeof hb, cudaMemcpyDeviceToHost);
            std::printf("   fixed point: neighbours with the same floor / nearest of x*2^F but other results:");
            for (int F = 20; F <= 27; F++)
                std::printf(" F=%d:%llu/%llu", F, hb[(F - 20) * 2], hb[(F - 20) * 2 + 1]);
            std::printf("\n");
            cudaFree(breaks);
        }
        std::printf("   specials:");
        for (uint32_t s : specials) {
            run<<<1, 1>>>(op, s, 1, d);
            uint32_t r;
            cudaMemcpy(&r, d, 4, cudaMemcpyDeviceToHost);
            std::printf(" %08x->%08x", s, r);
        }
        std::printf("\n");
        std::fflush(stdout);
    }
    cudaFree(d);
    delete[] h;
    return 0;
}
