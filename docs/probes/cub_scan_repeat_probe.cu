// Is a float/double cub::DeviceScan over many tiles the same from run to run on the GPU? Scans
// the inputs of programs/cuda/samesource/cub_device.cu (n = 100000 and 1<<20) 20 times each and
// prints, per case, how many distinct results (FNV-1a of the output bytes) the 20 runs gave and
// the hashes. Distinct results mean that the decoupled look-back's order (a tile folding its
// predecessors' aggregates or taking a published inclusive prefix) depends on timing.
//   nvcc -arch=sm_90 -fmad=false docs/probes/cub_scan_repeat_probe.cu -o scanrep && ./scanrep
#include <cub/cub.cuh>
#include <cstdio>
#include <cstring>
#include <set>
#include <vector>

static unsigned hash32(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}
static float in_float(int i)
{
    unsigned h = hash32((unsigned)i * 2654435761u + 17u);
    float m = (float)((int)(h & 0xffffff) - 0x800000) / 8388608.0f;
    int e = (int)((h >> 24) % 24u) - 12;
    return ldexpf(m, e);
}
static double in_double(int i) { return (double)in_float(i) * (1.0 + 1e-9 * (double)(i % 1000)); }
static unsigned long long fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    unsigned long long h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}

template <typename T> static void run(const char *name, int n, bool inclusive, T (*gen)(int))
{
    std::vector<T> h(n);
    for (int i = 0; i < n; i++)
        h[i] = gen(i);
    T *in, *out;
    cudaMalloc(&in, n * sizeof(T));
    cudaMalloc(&out, n * sizeof(T));
    cudaMemcpy(in, h.data(), n * sizeof(T), cudaMemcpyHostToDevice);
    size_t bytes = 0;
    void *tmp = nullptr;
    if (inclusive)
        cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n);
    else
        cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, n);
    cudaMalloc(&tmp, bytes);
    std::set<unsigned long long> distinct;
    printf("%s n=%d:", name, n);
    for (int r = 0; r < 20; r++) {
        if (inclusive)
            cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, n);
        else
            cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, n);
        cudaMemcpy(h.data(), out, n * sizeof(T), cudaMemcpyDeviceToHost);
        unsigned long long f = fnv(h.data(), n * sizeof(T));
        distinct.insert(f);
        printf(" %016llx", f);
    }
    printf("\n%s n=%d: %zu distinct results in 20 runs\n", name, n, distinct.size());
    cudaFree(in);
    cudaFree(out);
    cudaFree(tmp);
}

int main()
{
    for (int n : {100000, 1 << 20}) {
        run<float>("ExclusiveSum<float>", n, false, in_float);
        run<float>("InclusiveSum<float>", n, true, in_float);
        run<double>("InclusiveSum<double>", n, true, in_double);
    }
    return 0;
}
