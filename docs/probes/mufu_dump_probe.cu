// Raw results of the special-function unit's interpolated approximations, for study (issue 23):
// lg2.approx.ftz.f32 over ten whole binades, sin.approx.ftz.f32 and cos.approx.ftz.f32 on a grid.
// Each set goes to OUTDIR/<name>.bin as first differences of the 32-bit result words
// (little-endian), 2^23 results a set:
//   lg2e.bin: lg2 of every float with biased exponent 126, 125, 124, 103, 27, 1, 128, 129, 191, 254
//   sincos.bin: sin.approx then cos.approx of k * 2^-21, k < 2^23 (x in [0, 4))
//   nvcc -arch=sm_90 -O2 docs/probes/mufu_dump_probe.cu -o mufu_dump && ./mufu_dump OUTDIR
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

__global__ void lg2_binade(uint32_t e, uint32_t *out)
{
    uint32_t m = blockIdx.x * blockDim.x + threadIdx.x;
    float r;
    asm volatile("lg2.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(__uint_as_float(e << 23 | m)));
    out[m] = __float_as_uint(r);
}

__global__ void sincos_grid(int cosine, uint32_t *out)
{
    uint32_t k = blockIdx.x * blockDim.x + threadIdx.x;
    float r, x = (float)k * 0x1p-21f;
    if (cosine)
        asm volatile("cos.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
    else
        asm volatile("sin.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
    out[k] = __float_as_uint(r);
}

static void write_diffs(const std::string &path, const std::vector<uint32_t> &v)
{
    FILE *f = std::fopen(path.c_str(), "wb");
    for (size_t i = 0; i < v.size(); i++) {
        uint32_t d = v[i] - (i ? v[i - 1] : 0);
        std::fwrite(&d, 4, 1, f);
    }
    std::fclose(f);
}

int main(int argc, char **argv)
{
    std::string dir = argc > 1 ? argv[1] : ".";
    const uint32_t n = 1u << 23;
    uint32_t *d;
    cudaMalloc(&d, n * 4ull);
    static const uint32_t binades[] = {126, 125, 124, 103, 27, 1, 128, 129, 191, 254};
    std::vector<uint32_t> all, part(n);
    for (uint32_t e : binades) {
        lg2_binade<<<n / 256, 256>>>(e, d);
        cudaMemcpy(part.data(), d, n * 4ull, cudaMemcpyDeviceToHost);
        all.insert(all.end(), part.begin(), part.end());
    }
    write_diffs(dir + "/lg2e.bin", all);
    all.clear();
    for (int c = 0; c <= 1; c++) {
        sincos_grid<<<n / 256, 256>>>(c, d);
        cudaMemcpy(part.data(), d, n * 4ull, cudaMemcpyDeviceToHost);
        all.insert(all.end(), part.begin(), part.end());
    }
    write_diffs(dir + "/sincos.bin", all);
    cudaFree(d);
    std::printf("mufu_dump: lg2e.bin (10 binades), sincos.bin (2 sets) written\n");
    return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
