// The rounded float intrinsics (__fadd_rz ... __fsqrt_rd, __dadd_ru ... __fma_rd, and _rn of
// div, rcp, sqrt) over 2^20 inputs each: a quarter any bit pattern (NaNs, infinities,
// subnormals), a quarter numbers near 1, a quarter specials mixed with random numbers, a
// quarter operands that cancel (b near -a) for add/sub/fma. Prints one FNV-1a hash of the
// result bits per function, and how many results were NaN. Built with nvcc for the H200 and
// with warpsim cc, the same source: the two outputs must be equal.
//   nvcc -arch=sm_90 -fmad=false programs/cuda/samesource/rounded_intrinsics.cu -o ri && ./ri
//   warpsim cc programs/cuda/samesource/rounded_intrinsics.cu -o ri && ./ri
// With a directory argument, the inputs and each function's results are also written there.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>

#define N (1 << 20)
enum { F32_FNS = 19, F64_FNS = 19 };
static const char *f32_names[F32_FNS] = {"__fdiv_rn", "__frcp_rn", "__fsqrt_rn", "__fadd_rz", "__fadd_ru", "__fadd_rd",
    "__fsub_rz", "__fmul_rz", "__fmul_ru", "__fmul_rd", "__fdiv_rz", "__fdiv_ru", "__fdiv_rd", "__frcp_rz",
    "__fsqrt_ru", "__fsqrt_rd", "__fmaf_rz", "__fmaf_ru", "__fmaf_rd"};
static const char *f64_names[F64_FNS] = {"__ddiv_rn", "__drcp_rn", "__dsqrt_rn", "__dadd_rz", "__dadd_ru", "__dadd_rd",
    "__dsub_rz", "__dmul_rz", "__dmul_ru", "__dmul_rd", "__ddiv_rz", "__ddiv_ru", "__ddiv_rd", "__drcp_rz",
    "__dsqrt_ru", "__dsqrt_rd", "__fma_rz", "__fma_ru", "__fma_rd"};

__global__ void f32_kernel(int fn, const float *a, const float *b, const float *c, float *r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i], z = c[i], v;
    switch (fn) {
    case 0: v = __fdiv_rn(x, y); break;
    case 1: v = __frcp_rn(x); break;
    case 2: v = __fsqrt_rn(x); break;
    case 3: v = __fadd_rz(x, y); break;
    case 4: v = __fadd_ru(x, y); break;
    case 5: v = __fadd_rd(x, y); break;
    case 6: v = __fsub_rz(x, y); break;
    case 7: v = __fmul_rz(x, y); break;
    case 8: v = __fmul_ru(x, y); break;
    case 9: v = __fmul_rd(x, y); break;
    case 10: v = __fdiv_rz(x, y); break;
    case 11: v = __fdiv_ru(x, y); break;
    case 12: v = __fdiv_rd(x, y); break;
    case 13: v = __frcp_rz(x); break;
    case 14: v = __fsqrt_ru(x); break;
    case 15: v = __fsqrt_rd(x); break;
    case 16: v = __fmaf_rz(x, y, z); break;
    case 17: v = __fmaf_ru(x, y, z); break;
    default: v = __fmaf_rd(x, y, z); break;
    }
    r[i] = v;
}
__global__ void f64_kernel(int fn, const double *a, const double *b, const double *c, double *r)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    double x = a[i], y = b[i], z = c[i], v;
    switch (fn) {
    case 0: v = __ddiv_rn(x, y); break;
    case 1: v = __drcp_rn(x); break;
    case 2: v = __dsqrt_rn(x); break;
    case 3: v = __dadd_rz(x, y); break;
    case 4: v = __dadd_ru(x, y); break;
    case 5: v = __dadd_rd(x, y); break;
    case 6: v = __dsub_rz(x, y); break;
    case 7: v = __dmul_rz(x, y); break;
    case 8: v = __dmul_ru(x, y); break;
    case 9: v = __dmul_rd(x, y); break;
    case 10: v = __ddiv_rz(x, y); break;
    case 11: v = __ddiv_ru(x, y); break;
    case 12: v = __ddiv_rd(x, y); break;
    case 13: v = __drcp_rz(x); break;
    case 14: v = __dsqrt_ru(x); break;
    case 15: v = __dsqrt_rd(x); break;
    case 16: v = __fma_rz(x, y, z); break;
    case 17: v = __fma_ru(x, y, z); break;
    default: v = __fma_rd(x, y, z); break;
    }
    r[i] = v;
}

static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint64_t next()
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
static const uint32_t f32_special[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00001u,
    0x7f800001u, 0x7fa12345u, 0x00000001u, 0x807fffffu, 0x00800000u, 0x3f800000u, 0xbf800000u, 0x7f7fffffu};
static const uint64_t f64_special[] = {0, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
    0x7ff8000000000000ull, 0xfff8000000000123ull, 0x7ff0000000000001ull, 0x7ff4000000abcdefull, 1ull,
    0x800fffffffffffffull, 0x0010000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x7fefffffffffffffull};

static uint32_t f32_input(int i, int k)
{
    uint64_t r = next();
    switch ((i >> 18) & 3) {
    case 0: return (uint32_t)r;
    case 1: return 0x3f000000u + (uint32_t)(r % 0x01000000u) + (k == 1 && (r >> 40) & 1 ? 0x80000000u : 0);
    case 2: return (r >> 60) < 6 ? f32_special[(r >> 32) % 14] : (uint32_t)r;
    default: return (uint32_t)r & 0x41ffffffu;
    }
}
static uint64_t f64_input(int i, int k)
{
    uint64_t r = next();
    switch ((i >> 18) & 3) {
    case 0: return r;
    case 1: return 0x3fe0000000000000ull + (r % 0x0020000000000000ull) + (k == 1 && (r >> 62) & 1 ? 0x8000000000000000ull : 0);
    case 2: return (next() >> 60) < 6 ? f64_special[r % 14] : r;
    default: return r & 0x403fffffffffffffull;
    }
}
static const char *dump_dir; /* argv[1]: each function's results also go to DIR/NAME.bin */
template <typename T> static void dump(const char *name, const std::vector<T> &r)
{
    if (!dump_dir)
        return;
    char path[512];
    snprintf(path, sizeof path, "%s/%s.bin", dump_dir, name);
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(r.data(), sizeof(T), r.size(), f);
        fclose(f);
    }
}
template <typename T> static void report(const char *name, const std::vector<T> &r)
{
    dump(name, r);
    uint64_t h = 0xcbf29ce484222325ull;
    int nans = 0;
    for (T v : r) {
        unsigned char bytes[sizeof(T)];
        memcpy(bytes, &v, sizeof v);
        for (size_t j = 0; j < sizeof v; j++)
            h = (h ^ bytes[j]) * 0x100000001b3ull;
        nans += v != v;
    }
    printf("%-11s %016llx nan=%d\n", name, (unsigned long long)h, nans);
}
int main(int argc, char **argv)
{
    dump_dir = argc > 1 ? argv[1] : NULL;
    std::vector<float> fa(N), fb(N), fc(N), fr(N);
    std::vector<double> da(N), db(N), dc(N), dr(N);
    for (int i = 0; i < N; i++) {
        uint32_t u[3];
        uint64_t w[3];
        for (int k = 0; k < 3; k++) {
            u[k] = f32_input(i, k);
            w[k] = f64_input(i, k);
        }
        if (((i >> 18) & 3) == 3) { /* b near -a: cancellation */
            u[1] = (u[0] ^ 0x80000000u) + (uint32_t)(next() % 5) - 2;
            w[1] = (w[0] ^ 0x8000000000000000ull) + next() % 5 - 2;
        }
        memcpy(&fa[i], &u[0], 4); memcpy(&fb[i], &u[1], 4); memcpy(&fc[i], &u[2], 4);
        memcpy(&da[i], &w[0], 8); memcpy(&db[i], &w[1], 8); memcpy(&dc[i], &w[2], 8);
    }
    dump("in_f32_a", fa), dump("in_f32_b", fb), dump("in_f32_c", fc);
    dump("in_f64_a", da), dump("in_f64_b", db), dump("in_f64_c", dc);
    float *g[4];
    double *h[4];
    for (int k = 0; k < 4; k++) {
        cudaMalloc(&g[k], N * sizeof(float));
        cudaMalloc(&h[k], N * sizeof(double));
    }
    cudaMemcpy(g[0], fa.data(), N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(g[1], fb.data(), N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(g[2], fc.data(), N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(h[0], da.data(), N * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(h[1], db.data(), N * sizeof(double), cudaMemcpyHostToDevice);
    cudaMemcpy(h[2], dc.data(), N * sizeof(double), cudaMemcpyHostToDevice);
    for (int fn = 0; fn < F32_FNS; fn++) {
        f32_kernel<<<N / 256, 256>>>(fn, g[0], g[1], g[2], g[3]);
        cudaMemcpy(fr.data(), g[3], N * sizeof(float), cudaMemcpyDeviceToHost);
        report(f32_names[fn], fr);
    }
    for (int fn = 0; fn < F64_FNS; fn++) {
        f64_kernel<<<N / 256, 256>>>(fn, h[0], h[1], h[2], h[3]);
        cudaMemcpy(dr.data(), h[3], N * sizeof(double), cudaMemcpyDeviceToHost);
        report(f64_names[fn], dr);
    }
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
