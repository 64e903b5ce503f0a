// CUB 3.0 device-wide algorithms, as a user calls them (two-call temporary storage idiom):
// DeviceReduce, DeviceScan, DeviceRadixSort, DeviceSegmentedReduce, DeviceSelect, DeviceHistogram
// on int, float and double inputs of sizes 0 .. 1<<20. Prints every result for small outputs and
// an FNV-1a hash of the bytes plus the first and last values for large ones; temp_storage_bytes
// on lines of their own ("temp ...").
#include <cub/cub.cuh>
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_reduce.cuh>
#include <cub/device/device_select.cuh>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#define CK(x)                                                                                                      \
    do {                                                                                                           \
        cudaError_t e_ = (x);                                                                                      \
        if (e_ != cudaSuccess) {                                                                                   \
            printf("error %d at line %d\n", (int)e_, __LINE__);                                                    \
            return 1;                                                                                              \
        }                                                                                                          \
    } while (0)

static unsigned hash32(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}
static int in_int(int i) { return (int)(hash32((unsigned)i) % 1000u) - 500; }
// Floats of varied magnitude and sign, so that the order of additions shows in the bits.
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
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= 1099511628211ull;
    }
    return h;
}
static unsigned fbits(float f)
{
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}
static unsigned long long dbits(double d)
{
    unsigned long long u;
    memcpy(&u, &d, 8);
    return u;
}
static void pv(int v) { printf(" %d", v); }
static void pv(float v) { printf(" %08x", fbits(v)); }
static void pv(double v) { printf(" %016llx", dbits(v)); }

template <typename T> static void print_array(const char *name, int n, const T *h, int count)
{
    printf("%s n=%d count=%d", name, n, count);
    if (count <= 40) {
        for (int i = 0; i < count; i++)
            pv(h[i]);
    } else {
        printf(" fnv=%016llx first", fnv(h, sizeof(T) * (size_t)count));
        for (int i = 0; i < 3; i++)
            pv(h[i]);
        printf(" last");
        for (int i = count - 3; i < count; i++)
            pv(h[i]);
    }
    printf("\n");
}
template <typename T> static void print_dev(const char *name, int n, const T *d, int count)
{
    std::vector<T> h((size_t)(count > 0 ? count : 1));
    if (count > 0)
        cudaMemcpy(h.data(), d, sizeof(T) * (size_t)count, cudaMemcpyDeviceToHost);
    print_array(name, n, h.data(), count);
}
static void temp(const char *name, int n, size_t bytes) { printf("temp %s n=%d %llu\n", name, n, (unsigned long long)bytes); }

struct AbsMax {
    __host__ __device__ float operator()(float a, float b) const { return fabsf(a) > fabsf(b) ? a : b; }
};
struct Square {
    __host__ __device__ float operator()(float a) const { return a * a; }
};
struct IsPositive {
    __host__ __device__ bool operator()(int a) const { return a > 0; }
};
struct Never {
    __host__ __device__ bool operator()(int) const { return false; }
};
struct Always {
    __host__ __device__ bool operator()(int) const { return true; }
};

template <typename T> static T *to_dev(const std::vector<T> &h)
{
    T *d = nullptr;
    cudaMalloc(&d, sizeof(T) * (h.size() ? h.size() : 1));
    if (h.size())
        cudaMemcpy(d, h.data(), sizeof(T) * h.size(), cudaMemcpyHostToDevice);
    return d;
}

// Runs one CUB call through the two-call idiom; `call(void*, size_t&)`.
template <typename F> static cudaError_t two_call(const char *name, int n, F call)
{
    size_t bytes = 0;
    cudaError_t e = call(nullptr, bytes);
    if (e != cudaSuccess)
        return e;
    temp(name, n, bytes);
    void *d_temp = nullptr;
    cudaMalloc(&d_temp, bytes ? bytes : 1);
    e = call(d_temp, bytes);
    cudaFree(d_temp);
    return e;
}

static int reductions(int n)
{
    std::vector<int> hi(n);
    std::vector<float> hf(n);
    std::vector<double> hd(n);
    for (int i = 0; i < n; i++) {
        hi[i] = in_int(i);
        hf[i] = in_float(i);
        hd[i] = in_double(i);
    }
    int *di = to_dev(hi);
    float *df = to_dev(hf);
    double *dd = to_dev(hd);
    int *oi = nullptr;
    float *of = nullptr;
    double *od = nullptr;
    int *oidx = nullptr;
    cub::KeyValuePair<int, float> *okvf = nullptr;
    cub::KeyValuePair<int, int> *okvi = nullptr;
    cudaMalloc(&oi, sizeof(int));
    cudaMalloc(&of, sizeof(float));
    cudaMalloc(&od, sizeof(double));
    cudaMalloc(&oidx, sizeof(int));
    cudaMalloc(&okvf, sizeof(*okvf));
    cudaMalloc(&okvi, sizeof(*okvi));
    cudaMemset(oi, 0x5a, sizeof(int));
    cudaMemset(of, 0x5a, sizeof(float));
    cudaMemset(oidx, 0x5a, sizeof(int));

    CK(two_call("Reduce::Sum<int>", n, [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, di, oi, n); }));
    print_dev("Reduce::Sum<int>", n, oi, 1);
    CK(two_call("Reduce::Sum<float>", n, [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, df, of, n); }));
    print_dev("Reduce::Sum<float>", n, of, 1);
    CK(two_call("Reduce::Sum<double>", n, [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, dd, od, n); }));
    print_dev("Reduce::Sum<double>", n, od, 1);
    if (n > 1) { // an unaligned start: no vector loads
        CK(two_call("Reduce::Sum<float>+1", n - 1,
                    [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, df + 1, of, n - 1); }));
        print_dev("Reduce::Sum<float>+1", n - 1, of, 1);
    }
    CK(two_call("Reduce::Min<int>", n, [&](void *t, size_t &b) { return cub::DeviceReduce::Min(t, b, di, oi, n); }));
    print_dev("Reduce::Min<int>", n, oi, 1);
    CK(two_call("Reduce::Max<float>", n, [&](void *t, size_t &b) { return cub::DeviceReduce::Max(t, b, df, of, n); }));
    print_dev("Reduce::Max<float>", n, of, 1);
    CK(two_call("Reduce::Min<float>", n, [&](void *t, size_t &b) { return cub::DeviceReduce::Min(t, b, df, of, n); }));
    print_dev("Reduce::Min<float>", n, of, 1);
    CK(two_call("Reduce::ArgMin<float>", n,
                [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMin(t, b, df, of, oidx, n); }));
    print_dev("Reduce::ArgMin<float>.value", n, of, 1);
    print_dev("Reduce::ArgMin<float>.index", n, oidx, 1);
    CK(two_call("Reduce::ArgMax<int>", n,
                [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMax(t, b, di, oi, oidx, n); }));
    print_dev("Reduce::ArgMax<int>.value", n, oi, 1);
    print_dev("Reduce::ArgMax<int>.index", n, oidx, 1);
    CK(two_call("Reduce::ArgMin<float>kvp", n,
                [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMin(t, b, df, okvf, n); }));
    {
        cub::KeyValuePair<int, float> h;
        cudaMemcpy(&h, okvf, sizeof(h), cudaMemcpyDeviceToHost);
        printf("Reduce::ArgMin<float>kvp n=%d %d %08x\n", n, h.key, fbits(h.value));
    }
    CK(two_call("Reduce::ArgMax<int>kvp", n,
                [&](void *t, size_t &b) { return cub::DeviceReduce::ArgMax(t, b, di, okvi, n); }));
    {
        cub::KeyValuePair<int, int> h;
        cudaMemcpy(&h, okvi, sizeof(h), cudaMemcpyDeviceToHost);
        printf("Reduce::ArgMax<int>kvp n=%d %d %d\n", n, h.key, h.value);
    }
    CK(two_call("Reduce::Reduce<float,AbsMax>", n, [&](void *t, size_t &b) {
        return cub::DeviceReduce::Reduce(t, b, df, of, n, AbsMax{}, 0.0f);
    }));
    print_dev("Reduce::Reduce<float,AbsMax>", n, of, 1);
    CK(two_call("Reduce::TransformReduce<float,Square>", n, [&](void *t, size_t &b) {
        return cub::DeviceReduce::TransformReduce(t, b, df, of, n, cuda::std::plus<>{}, Square{}, 1.0f);
    }));
    print_dev("Reduce::TransformReduce<float,Square>", n, of, 1);
    cudaFree(di);
    cudaFree(df);
    cudaFree(dd);
    cudaFree(oi);
    cudaFree(of);
    cudaFree(od);
    cudaFree(oidx);
    cudaFree(okvf);
    cudaFree(okvi);
    return 0;
}

// Float sums only, on inputs of more tiles than the reduce grid's 5280 blocks.
static int big_sum(int n)
{
    std::vector<float> hf(n);
    for (int i = 0; i < n; i++)
        hf[i] = in_float(i);
    float *df = to_dev(hf), *of = nullptr;
    cudaMalloc(&of, sizeof(float));
    CK(two_call("Reduce::Sum<float>big", n, [&](void *t, size_t &b) { return cub::DeviceReduce::Sum(t, b, df, of, n); }));
    print_dev("Reduce::Sum<float>big", n, of, 1);
    cudaFree(df);
    cudaFree(of);
    return 0;
}

static int scans(int n)
{
    // Over many tiles a float sum scan is not repeatable on the GPU: a tile's look-back folds what
    // its predecessors have published by the time it looks (docs/probes/cub_scan_repeat_probe.cu).
    // There the sums scan integer values, exact in any order; the order-sensitive values are
    // summed over one and two tiles (n <= 4097), and max/AbsMax scan them at every size.
    const bool exact = n >= 100000;
    std::vector<int> hi(n);
    std::vector<float> hf(n), hs(n);
    std::vector<double> hd(n);
    for (int i = 0; i < n; i++) {
        hi[i] = in_int(i);
        hf[i] = in_float(i);
        hs[i] = exact ? (float)in_int(i) : hf[i];
        hd[i] = exact ? (double)in_int(i) : in_double(i);
    }
    int *di = to_dev(hi), *oi = to_dev(hi);
    float *df = to_dev(hf), *of = to_dev(hf), *ds = to_dev(hs);
    double *dd = to_dev(hd), *od = to_dev(hd);
    CK(two_call("Scan::ExclusiveSum<int>", n, [&](void *t, size_t &b) { return cub::DeviceScan::ExclusiveSum(t, b, di, oi, n); }));
    print_dev("Scan::ExclusiveSum<int>", n, oi, n);
    CK(two_call("Scan::InclusiveSum<int>", n, [&](void *t, size_t &b) { return cub::DeviceScan::InclusiveSum(t, b, di, oi, n); }));
    print_dev("Scan::InclusiveSum<int>", n, oi, n);
    CK(two_call("Scan::ExclusiveSum<float>", n, [&](void *t, size_t &b) { return cub::DeviceScan::ExclusiveSum(t, b, ds, of, n); }));
    print_dev("Scan::ExclusiveSum<float>", n, of, n);
    CK(two_call("Scan::InclusiveSum<float>", n, [&](void *t, size_t &b) { return cub::DeviceScan::InclusiveSum(t, b, ds, of, n); }));
    print_dev("Scan::InclusiveSum<float>", n, of, n);
    CK(two_call("Scan::InclusiveSum<double>", n, [&](void *t, size_t &b) { return cub::DeviceScan::InclusiveSum(t, b, dd, od, n); }));
    print_dev("Scan::InclusiveSum<double>", n, od, n);
    CK(two_call("Scan::ExclusiveScan<float,max>", n, [&](void *t, size_t &b) {
        return cub::DeviceScan::ExclusiveScan(t, b, df, of, cuda::maximum<>{}, -1.0f, n);
    }));
    print_dev("Scan::ExclusiveScan<float,max>", n, of, n);
    CK(two_call("Scan::InclusiveScan<int,min>", n, [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveScan(t, b, di, oi, cuda::minimum<>{}, n);
    }));
    print_dev("Scan::InclusiveScan<int,min>", n, oi, n);
    CK(two_call("Scan::InclusiveScanInit<float,plus>", n, [&](void *t, size_t &b) {
        return cub::DeviceScan::InclusiveScanInit(t, b, ds, of, cuda::std::plus<>{}, 0.5f, n);
    }));
    print_dev("Scan::InclusiveScanInit<float,plus>", n, of, n);
    CK(two_call("Scan::ExclusiveScan<float,AbsMax>", n, [&](void *t, size_t &b) {
        return cub::DeviceScan::ExclusiveScan(t, b, df, of, AbsMax{}, 0.0f, n);
    }));
    print_dev("Scan::ExclusiveScan<float,AbsMax>", n, of, n);
    // in place
    cudaMemcpy(of, ds, sizeof(float) * (size_t)(n ? n : 0), cudaMemcpyDeviceToDevice);
    CK(two_call("Scan::InclusiveSum<float>inplace", n, [&](void *t, size_t &b) { return cub::DeviceScan::InclusiveSum(t, b, of, n); }));
    print_dev("Scan::InclusiveSum<float>inplace", n, of, n);
    cudaFree(di);
    cudaFree(oi);
    cudaFree(df);
    cudaFree(of);
    cudaFree(ds);
    cudaFree(dd);
    cudaFree(od);
    return 0;
}

static float special_key(int i)
{
    unsigned h = hash32((unsigned)i + 99u);
    switch (h % 11u) {
    case 0: return -0.0f;
    case 1: return 0.0f;
    case 2: { float f; unsigned u = 0x7fc00000u | (h >> 12 & 0xff); memcpy(&f, &u, 4); return f; }
    case 3: { float f; unsigned u = 0xffc00000u | (h >> 12 & 0xff); memcpy(&f, &u, 4); return f; }
    case 4: return (h & 0x1000) ? INFINITY : -INFINITY;
    default: return (float)((int)(h >> 8 & 0xff) - 128) * 0.25f;
    }
}

static int sorts(int n)
{
    std::vector<float> hk(n);
    std::vector<int> hik(n), hv(n);
    for (int i = 0; i < n; i++) {
        hk[i] = special_key(i);
        hik[i] = (int)hash32((unsigned)i + 7u) % 5000;
        hv[i] = i;
    }
    float *dk = to_dev(hk), *ok = to_dev(hk);
    int *dik = to_dev(hik), *oik = to_dev(hik), *dv = to_dev(hv), *ov = to_dev(hv);
    CK(two_call("Sort::SortKeys<float>", n, [&](void *t, size_t &b) { return cub::DeviceRadixSort::SortKeys(t, b, dk, ok, n); }));
    print_dev("Sort::SortKeys<float>", n, ok, n);
    CK(two_call("Sort::SortPairs<float,int>", n, [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairs(t, b, dk, ok, dv, ov, n);
    }));
    print_dev("Sort::SortPairs<float,int>.keys", n, ok, n);
    print_dev("Sort::SortPairs<float,int>.values", n, ov, n);
    CK(two_call("Sort::SortPairsDescending<float,int>", n, [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairsDescending(t, b, dk, ok, dv, ov, n);
    }));
    print_dev("Sort::SortPairsDescending<float,int>.keys", n, ok, n);
    print_dev("Sort::SortPairsDescending<float,int>.values", n, ov, n);
    CK(two_call("Sort::SortKeysDescending<int>", n, [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortKeysDescending(t, b, dik, oik, n);
    }));
    print_dev("Sort::SortKeysDescending<int>", n, oik, n);
    CK(two_call("Sort::SortPairs<int,int>bits4-12", n, [&](void *t, size_t &b) {
        return cub::DeviceRadixSort::SortPairs(t, b, dik, oik, dv, ov, n, 4, 12);
    }));
    print_dev("Sort::SortPairs<int,int>bits4-12.keys", n, oik, n);
    print_dev("Sort::SortPairs<int,int>bits4-12.values", n, ov, n);
    // DoubleBuffer forms: print the selector and both buffers.
    for (int bits = 0; bits < 3; bits++) {
        int begin = 0, end = bits == 0 ? 32 : bits == 1 ? 16 : 24;
        cudaMemcpy(oik, dik, sizeof(int) * (size_t)n, cudaMemcpyDeviceToDevice);
        int *alt_k = nullptr, *alt_v = nullptr, *cur_v = nullptr;
        cudaMalloc(&alt_k, sizeof(int) * (size_t)(n ? n : 1));
        cudaMalloc(&alt_v, sizeof(int) * (size_t)(n ? n : 1));
        cudaMalloc(&cur_v, sizeof(int) * (size_t)(n ? n : 1));
        cudaMemset(alt_k, 0, sizeof(int) * (size_t)(n ? n : 1));
        cudaMemset(alt_v, 0, sizeof(int) * (size_t)(n ? n : 1));
        cudaMemcpy(cur_v, dv, sizeof(int) * (size_t)n, cudaMemcpyDeviceToDevice);
        cub::DoubleBuffer<int> keys(oik, alt_k), vals(cur_v, alt_v);
        char name[64];
        snprintf(name, sizeof name, "Sort::SortPairs<int,int>DB%d-%d", begin, end);
        CK(two_call(name, n, [&](void *t, size_t &b) { return cub::DeviceRadixSort::SortPairs(t, b, keys, vals, n, begin, end); }));
        printf("%s n=%d selector %d %d\n", name, n, keys.selector, vals.selector);
        print_dev("  keys.current", n, keys.Current(), n);
        print_dev("  vals.current", n, vals.Current(), n);
        print_dev("  keys.alternate", n, keys.Alternate(), n);
        print_dev("  vals.alternate", n, vals.Alternate(), n);
        cudaFree(alt_k);
        cudaFree(alt_v);
        cudaFree(cur_v);
    }
    {
        cudaMemcpy(ok, dk, sizeof(float) * (size_t)n, cudaMemcpyDeviceToDevice);
        float *alt = nullptr;
        cudaMalloc(&alt, sizeof(float) * (size_t)(n ? n : 1));
        cudaMemset(alt, 0, sizeof(float) * (size_t)(n ? n : 1));
        cub::DoubleBuffer<float> keys(ok, alt);
        CK(two_call("Sort::SortKeysDescending<float>DB", n,
                    [&](void *t, size_t &b) { return cub::DeviceRadixSort::SortKeysDescending(t, b, keys, n); }));
        printf("Sort::SortKeysDescending<float>DB n=%d selector %d\n", n, keys.selector);
        print_dev("  keys.current", n, keys.Current(), n);
        print_dev("  keys.alternate", n, keys.Alternate(), n);
        cudaFree(alt);
    }
    cudaFree(dk);
    cudaFree(ok);
    cudaFree(dik);
    cudaFree(oik);
    cudaFree(dv);
    cudaFree(ov);
    return 0;
}

static int segmented()
{
    const int n = 20000;
    std::vector<float> hf(n);
    std::vector<int> hi(n);
    for (int i = 0; i < n; i++) {
        hf[i] = in_float(i + 5);
        hi[i] = in_int(i + 5);
    }
    // segments: empty ones, one item, an unaligned start, several tiles
    std::vector<int> hb = {0, 0, 1, 1, 7, 1000, 1003, 5099, 5100, 9197, 19999};
    std::vector<int> he = {0, 1, 1, 7, 1000, 1003, 5099, 5099, 9197, 19999, 20000};
    int ns = (int)hb.size();
    float *df = to_dev(hf), *of = nullptr;
    int *di = to_dev(hi), *oi = nullptr, *db = to_dev(hb), *de = to_dev(he);
    cub::KeyValuePair<int, float> *okv = nullptr;
    cudaMalloc(&of, sizeof(float) * ns);
    cudaMalloc(&oi, sizeof(int) * ns);
    cudaMalloc(&okv, sizeof(*okv) * ns);
    CK(two_call("Seg::Sum<float>", ns, [&](void *t, size_t &b) { return cub::DeviceSegmentedReduce::Sum(t, b, df, of, ns, db, de); }));
    print_dev("Seg::Sum<float>", ns, of, ns);
    CK(two_call("Seg::Sum<int>", ns, [&](void *t, size_t &b) { return cub::DeviceSegmentedReduce::Sum(t, b, di, oi, ns, db, de); }));
    print_dev("Seg::Sum<int>", ns, oi, ns);
    CK(two_call("Seg::Min<float>", ns, [&](void *t, size_t &b) { return cub::DeviceSegmentedReduce::Min(t, b, df, of, ns, db, de); }));
    print_dev("Seg::Min<float>", ns, of, ns);
    CK(two_call("Seg::Max<int>", ns, [&](void *t, size_t &b) { return cub::DeviceSegmentedReduce::Max(t, b, di, oi, ns, db, de); }));
    print_dev("Seg::Max<int>", ns, oi, ns);
    CK(two_call("Seg::Reduce<float,AbsMax>", ns, [&](void *t, size_t &b) {
        return cub::DeviceSegmentedReduce::Reduce(t, b, df, of, ns, db, de, AbsMax{}, 0.0f);
    }));
    print_dev("Seg::Reduce<float,AbsMax>", ns, of, ns);
    CK(two_call("Seg::ArgMin<float>", ns, [&](void *t, size_t &b) { return cub::DeviceSegmentedReduce::ArgMin(t, b, df, okv, ns, db, de); }));
    {
        std::vector<cub::KeyValuePair<int, float>> h(ns);
        cudaMemcpy(h.data(), okv, sizeof(h[0]) * ns, cudaMemcpyDeviceToHost);
        for (int s = 0; s < ns; s++)
            printf("Seg::ArgMin<float> seg %d: %d %08x\n", s, h[s].key, fbits(h[s].value));
    }
    CK(two_call("Seg::ArgMax<float>", ns, [&](void *t, size_t &b) { return cub::DeviceSegmentedReduce::ArgMax(t, b, df, okv, ns, db, de); }));
    {
        std::vector<cub::KeyValuePair<int, float>> h(ns);
        cudaMemcpy(h.data(), okv, sizeof(h[0]) * ns, cudaMemcpyDeviceToHost);
        for (int s = 0; s < ns; s++)
            printf("Seg::ArgMax<float> seg %d: %d %08x\n", s, h[s].key, fbits(h[s].value));
    }
    cudaFree(df);
    cudaFree(of);
    cudaFree(di);
    cudaFree(oi);
    cudaFree(db);
    cudaFree(de);
    cudaFree(okv);
    return 0;
}

static int selects(int n)
{
    std::vector<int> hi(n), hu(n);
    std::vector<char> hflag(n);
    for (int i = 0; i < n; i++) {
        hi[i] = in_int(i);
        hu[i] = (int)(hash32((unsigned)i / 3u) % 4u);
        hflag[i] = (char)(hash32((unsigned)i + 3u) % 3u == 0);
    }
    int *di = to_dev(hi), *du = to_dev(hu), *oi = nullptr, *onum = nullptr;
    char *dflag = to_dev(hflag);
    cudaMalloc(&oi, sizeof(int) * (size_t)(n ? n : 1));
    cudaMalloc(&onum, sizeof(int));
    int num = 0;
    cudaMemset(oi, 0, sizeof(int) * (size_t)(n ? n : 1));
    CK(two_call("Select::If<positive>", n, [&](void *t, size_t &b) { return cub::DeviceSelect::If(t, b, di, oi, onum, n, IsPositive{}); }));
    cudaMemcpy(&num, onum, sizeof(int), cudaMemcpyDeviceToHost);
    print_dev("Select::If<positive>", n, oi, num);
    CK(two_call("Select::If<never>", n, [&](void *t, size_t &b) { return cub::DeviceSelect::If(t, b, di, oi, onum, n, Never{}); }));
    cudaMemcpy(&num, onum, sizeof(int), cudaMemcpyDeviceToHost);
    print_dev("Select::If<never>", n, oi, num);
    CK(two_call("Select::If<always>", n, [&](void *t, size_t &b) { return cub::DeviceSelect::If(t, b, di, oi, onum, n, Always{}); }));
    cudaMemcpy(&num, onum, sizeof(int), cudaMemcpyDeviceToHost);
    print_dev("Select::If<always>", n, oi, num);
    CK(two_call("Select::Flagged", n, [&](void *t, size_t &b) { return cub::DeviceSelect::Flagged(t, b, di, dflag, oi, onum, n); }));
    cudaMemcpy(&num, onum, sizeof(int), cudaMemcpyDeviceToHost);
    print_dev("Select::Flagged", n, oi, num);
    CK(two_call("Select::Unique", n, [&](void *t, size_t &b) { return cub::DeviceSelect::Unique(t, b, du, oi, onum, n); }));
    cudaMemcpy(&num, onum, sizeof(int), cudaMemcpyDeviceToHost);
    print_dev("Select::Unique", n, oi, num);
    cudaFree(di);
    cudaFree(du);
    cudaFree(oi);
    cudaFree(onum);
    cudaFree(dflag);
    return 0;
}

static int histograms()
{
    // samples at bin edges, just below/above them, out of range, NaN
    std::vector<float> hs;
    const float lo = -1.0f, hi = 2.5f;
    const int levels = 8; // 7 bins of width 0.5
    for (int k = 0; k <= levels; k++) {
        float edge = lo + 0.5f * (float)k;
        hs.push_back(edge);
        hs.push_back(nextafterf(edge, -INFINITY));
        hs.push_back(nextafterf(edge, INFINITY));
    }
    hs.push_back(-5.0f);
    hs.push_back(100.0f);
    hs.push_back(NAN);
    for (int i = 0; i < 3000; i++)
        hs.push_back(in_float(i) * 0.5f);
    int n = (int)hs.size();
    float *ds = to_dev(hs);
    int *dh = nullptr;
    cudaMalloc(&dh, sizeof(int) * 64);
    CK(two_call("Histogram::HistogramEven<float>", n, [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, ds, dh, levels, lo, hi, n);
    }));
    print_dev("Histogram::HistogramEven<float>", n, dh, levels - 1);
    // an awkward range where (s - lo) * (bins / range) rounds
    CK(two_call("Histogram::HistogramEven<float>odd", n, [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, ds, dh, 11, -0.7f, 0.3f, n);
    }));
    print_dev("Histogram::HistogramEven<float>odd", n, dh, 10);
    std::vector<float> hl = {-1.0f, -0.3f, 0.0f, 0.1f, 0.5f, 2.0f};
    float *dl = to_dev(hl);
    CK(two_call("Histogram::HistogramRange<float>", n, [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramRange(t, b, ds, dh, (int)hl.size(), dl, n);
    }));
    print_dev("Histogram::HistogramRange<float>", n, dh, (int)hl.size() - 1);
    std::vector<int> his(5000);
    for (int i = 0; i < 5000; i++)
        his[i] = in_int(i);
    int *dis = to_dev(his);
    CK(two_call("Histogram::HistogramEven<int>", 5000, [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramEven(t, b, dis, dh, 13, -400, 401, 5000);
    }));
    print_dev("Histogram::HistogramEven<int>", 5000, dh, 12);
    std::vector<int> hil = {-500, -100, 0, 1, 250, 499};
    int *dil = to_dev(hil);
    CK(two_call("Histogram::HistogramRange<int>", 5000, [&](void *t, size_t &b) {
        return cub::DeviceHistogram::HistogramRange(t, b, dis, dh, (int)hil.size(), dil, 5000);
    }));
    print_dev("Histogram::HistogramRange<int>", 5000, dh, (int)hil.size() - 1);
    cudaFree(ds);
    cudaFree(dh);
    cudaFree(dl);
    cudaFree(dis);
    cudaFree(dil);
    return 0;
}

int main()
{
    // The reduce grid follows the multiprocessor count: 132 on the H200 (and the H100 SXM).
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    printf("multiprocessors %d\n", prop.multiProcessorCount);
    const int sizes[] = {0, 1, 7, 1000, 4096, 4097, 100000, 1 << 20};
    for (int n : sizes)
        if (reductions(n))
            return 1;
    // a float sum on more tiles than the grid has blocks (5280 x 4096 items), and one between
    for (int n : {5280 * 4096 + 4097, 2049 * 4096 + 3})
        if (big_sum(n))
            return 1;
    for (int n : sizes)
        if (scans(n))
            return 1;
    for (int n : {0, 1, 7, 1000, 4864, 4865, 100000})
        if (sorts(n))
            return 1;
    if (segmented())
        return 1;
    for (int n : {0, 1, 7, 1000, 100000})
        if (selects(n))
            return 1;
    if (histograms())
        return 1;
    return 0;
}
