// The special-function unit's square root and hyperbolic tangent, which -prec-sqrt=false and
// -use_fast_math bring in: sqrt.approx.ftz.f32, sqrt.approx.f32 (sqrtf) and tanh.approx.f32
// (tanhf under -use_fast_math). Every one of the 2^32 inputs runs on the GPU; each line counts the
// inputs where the instruction's result differs from a candidate computed on the GPU too:
//   sqrt.approx.ftz  vs  x * rsqrt.approx.ftz(x) (mul.rn.ftz), rcp.approx.ftz(rsqrt.approx.ftz(x)),
//                        sqrt.rn.ftz(x), and the rule sqrt(1.m * 2^k * 4^j) = sqrt(1.m * 2^k) * 2^j
//   sqrt.approx      vs  sqrt.approx.ftz (normal inputs), sqrt.approx.ftz(x * 2^24) * 2^-12 (subnormal)
//   tanh.approx      vs  tanh rounded once from double: a histogram of the differences in units
//                        of the last place, and the oddness rule tanh(-x) = -tanh(x)
// with the first inputs that differ. Writes OUTDIR/sqrt.tab: the table of sqrt.approx.ftz over
// [1, 4) (2^24 entries, first differences of the result bits, little-endian int32).
//   nvcc -arch=sm_90 -O2 docs/probes/sqrt_tanh_approx_probe.cu -o p && ./p OUTDIR
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

__device__ float sqrt_approx_ftz(float x) { float r; asm("sqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float sqrt_approx(float x) { float r; asm("sqrt.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float rsqrt_approx_ftz(float x) { float r; asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float rcp_approx_ftz(float x) { float r; asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }
__device__ float tanh_approx(float x) { float r; asm("tanh.approx.f32 %0, %1;" : "=f"(r) : "f"(x)); return r; }

enum { CANDIDATES = 7, HIST = 8 };
static const char *cand_names[CANDIDATES] = {
    "sqrt.approx.ftz vs x * rsqrt.approx.ftz(x)", "sqrt.approx.ftz vs rcp.approx.ftz(rsqrt.approx.ftz(x))",
    "sqrt.approx.ftz vs sqrt.rn.ftz", "sqrt.approx.ftz vs the [1, 4) table scaled by 2^j",
    "sqrt.approx vs sqrt.approx.ftz (normal x)", "sqrt.approx vs sqrt.approx.ftz(x * 2^24) * 2^-12 (subnormal x)",
    "tanh.approx: tanh(-x) vs -tanh(x)"};

struct counts {
    unsigned long long differ[CANDIDATES], checked[CANDIDATES], hist[HIST];
    unsigned int first[CANDIDATES][3][3];
    unsigned int nfirst[CANDIDATES];
    int max_ulp;
    unsigned int max_ulp_x, max_ulp_r;
};

// Counted a warp at a time (ballots), every lane taking part: applies says whether the input
// is one the candidate speaks for.
__device__ void note(counts *c, int k, bool applies, uint32_t x, uint32_t got, uint32_t want)
{
    bool differs = applies && got != want;
    unsigned in = __ballot_sync(0xFFFFFFFFu, applies), out = __ballot_sync(0xFFFFFFFFu, differs);
    if ((threadIdx.x & 31) == 0) {
        if (in)
            atomicAdd(&c->checked[k], (unsigned long long)__popc(in));
        if (out)
            atomicAdd(&c->differ[k], (unsigned long long)__popc(out));
    }
    if (differs && *(volatile unsigned *)&c->nfirst[k] < 3) {
        unsigned slot = atomicAdd(&c->nfirst[k], 1u);
        if (slot < 3) {
            c->first[k][slot][0] = x;
            c->first[k][slot][1] = got;
            c->first[k][slot][2] = want;
        }
    }
}

__global__ void run(uint64_t start, const uint32_t *table, counts *c)
{
    uint32_t u = (uint32_t)(start + blockIdx.x * (uint64_t)blockDim.x + threadIdx.x);
    float x = __uint_as_float(u);
    uint32_t s = __float_as_uint(sqrt_approx_ftz(x));
    note(c, 0, true, u, s, __float_as_uint(__fmul_rn(x, rsqrt_approx_ftz(x))));
    note(c, 1, true, u, s, __float_as_uint(rcp_approx_ftz(rsqrt_approx_ftz(x))));
    float rn;
    asm("sqrt.rn.ftz.f32 %0, %1;" : "=f"(rn) : "f"(x));
    note(c, 2, true, u, s, __float_as_uint(rn));
    uint32_t e = (u >> 23) & 0xFF;
    bool positive_normal = (u >> 31) == 0 && e != 0 && e != 0xFF;
    int k = (int)(e - 127) & 1, j = ((int)e - 127 - k) / 2; // x = 1.m * 2^k * 4^j
    uint32_t idx = ((uint32_t)k << 23 | (u & 0x7FFFFFu)) & 0xFFFFFFu;
    note(c, 3, positive_normal, u, s, __float_as_uint(ldexpf(__uint_as_float(table[idx]), j)));
    note(c, 4, positive_normal, u, __float_as_uint(sqrt_approx(x)), s);
    note(c, 5, (u >> 31) == 0 && e == 0 && u != 0, u, __float_as_uint(sqrt_approx(x)),
         __float_as_uint(sqrt_approx_ftz(x * 0x1p24f) * 0x1p-12f));
    float t = tanh_approx(x);
    bool nonneg = (u >> 31) == 0;
    note(c, 6, nonneg, u, __float_as_uint(tanh_approx(-x)), __float_as_uint(-t));
    int a = 0;
    bool counted = nonneg && !isnan(x);
    if (counted) {
        float ref = (float)tanh((double)x);
        int d = (int)(__float_as_uint(t) - __float_as_uint(ref));
        a = d < 0 ? -d : d;
        if (a > *(volatile int *)&c->max_ulp && a > atomicMax(&c->max_ulp, a)) {
            c->max_ulp_x = u;
            c->max_ulp_r = __float_as_uint(t);
        }
    }
    for (int b = 0; b < HIST; b++) {
        unsigned m = __ballot_sync(0xFFFFFFFFu, counted && (a < HIST - 1 ? a : HIST - 1) == b);
        if ((threadIdx.x & 31) == 0 && m)
            atomicAdd(&c->hist[b], (unsigned long long)__popc(m));
    }
}

__global__ void specials_kernel(const uint32_t *x, uint32_t *r, int n)
{
    int i = threadIdx.x;
    if (i < n) {
        float v = __uint_as_float(x[i]);
        r[3 * i] = __float_as_uint(sqrt_approx_ftz(v));
        r[3 * i + 1] = __float_as_uint(sqrt_approx(v));
        r[3 * i + 2] = __float_as_uint(tanh_approx(v));
    }
}

// atomicAdd on a float of subnormals, built without -ftz=true: atom.add.f32 flushes or not?
__global__ void atomic_kernel(float *v, float *was)
{
    was[0] = atomicAdd(&v[0], __uint_as_float(1u));
    atomicAdd(&v[1], __uint_as_float(1u)); // no result used: red.add
    was[1] = atomicAdd(&v[2], 0.0f);
}

__global__ void table_kernel(uint32_t *table)
{
    uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; // 1.m * 2^k, k = i >> 23
    table[i] = __float_as_uint(sqrt_approx_ftz(__uint_as_float((127u + (i >> 23)) << 23 | (i & 0x7FFFFFu))));
}

int main(int argc, char **argv)
{
    std::string dir = argc > 1 ? argv[1] : ".";
    const uint32_t count = 1u << 24;
    uint32_t *table;
    counts *c;
    cudaMalloc(&table, count * 4ull);
    cudaMallocManaged(&c, sizeof *c);
    memset(c, 0, sizeof *c);
    table_kernel<<<count / 256, 256>>>(table);
    std::vector<uint32_t> h(count);
    cudaMemcpy(h.data(), table, count * 4ull, cudaMemcpyDeviceToHost);
    std::vector<int32_t> diff(count);
    for (uint32_t i = 0; i < count; i++)
        diff[i] = (int32_t)(h[i] - (i ? h[i - 1] : 0u));
    FILE *f = std::fopen((dir + "/sqrt.tab").c_str(), "wb");
    if (f) {
        std::fwrite(diff.data(), 4, count, f);
        std::fclose(f);
    }
    const uint64_t chunk = 1ull << 28;
    for (uint64_t start = 0; start < (1ull << 32); start += chunk)
        run<<<(unsigned)(chunk / 256), 256>>>(start, table, c);
    cudaDeviceSynchronize();
    for (int k = 0; k < CANDIDATES; k++) {
        std::printf("%s: %llu inputs, %llu differ", cand_names[k], c->checked[k], c->differ[k]);
        for (unsigned j = 0; j < c->nfirst[k] && j < 3; j++)
            std::printf(" [%08x -> %08x, candidate %08x]", c->first[k][j][0], c->first[k][j][1], c->first[k][j][2]);
        std::printf("\n");
    }
    std::printf("tanh.approx vs tanh rounded once, |difference| in ulps over non-negative x:");
    for (int k = 0; k < HIST; k++)
        std::printf(" %d%s:%llu", k, k == HIST - 1 ? "+" : "", c->hist[k]);
    std::printf("; largest %d at %08x -> %08x\n", c->max_ulp, c->max_ulp_x, c->max_ulp_r);
    static const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807FFFFFu, 0x00800000u,
                                        0x3F800000u, 0x7F7FFFFFu, 0x7F800000u, 0xFF800000u, 0x7FC00000u,
                                        0xFFC00000u, 0x7F800001u, 0x7FA12345u, 0xBF800000u, 0x40800000u};
    uint32_t *dx, *dr;
    cudaMallocManaged(&dx, sizeof specials);
    cudaMallocManaged(&dr, 3 * sizeof specials);
    memcpy(dx, specials, sizeof specials);
    int n = (int)(sizeof specials / sizeof specials[0]);
    specials_kernel<<<1, 32>>>(dx, dr, n);
    cudaDeviceSynchronize();
    std::printf("specials (x: sqrt.approx.ftz sqrt.approx tanh.approx):");
    for (int i = 0; i < n; i++)
        std::printf(" %08x:%08x,%08x,%08x", specials[i], dr[3 * i], dr[3 * i + 1], dr[3 * i + 2]);
    std::printf("\n");
    float *v, *was;
    cudaMallocManaged(&v, 12);
    cudaMallocManaged(&was, 8);
    uint32_t init[3] = {1u, 0x00400000u, 0x00000003u};
    memcpy(v, init, 12);
    atomic_kernel<<<1, 1>>>(v, was);
    cudaDeviceSynchronize();
    uint32_t vb[3], wb[2];
    memcpy(vb, v, 12);
    memcpy(wb, was, 8);
    std::printf("atomicAdd(0x00000001 + 0x00000001): %08x returned %08x; red.add(0x00400000 + 0x00000001): %08x; "
                "atomicAdd(0x00000003 + 0): %08x returned %08x\n", vb[0], wb[0], vb[1], vb[2], wb[1]);
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
