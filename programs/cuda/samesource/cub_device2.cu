// CUB 3.0 device-wide algorithms, part 2, as a user calls them (two-call temporary storage idiom):
// DeviceReduce::ReduceByKey, DeviceScan's ...ByKey scans, DeviceRunLengthEncode, DevicePartition,
// DeviceSegmentedRadixSort and DeviceMergeSort on int and float data: small cases printed value by
// value, 1<<20-item ReduceByKey / ScanByKey runs (random run lengths 1..3000) as an FNV-1a hash of
// the bytes plus first and last values; keys with -0.0 / +0.0 and NaNs; empty inputs and segments;
// temp_storage_bytes on lines of their own ("temp ...").
#include <cub/cub.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_run_length_encode.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_radix_sort.cuh>

#include <cmath>
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
static float in_float(int i)
{
    unsigned h = hash32((unsigned)i * 2654435761u + 17u);
    float m = (float)((int)(h & 0xffffff) - 0x800000) / 8388608.0f;
    int e = (int)((h >> 24) % 24u) - 12;
    return ldexpf(m, e);
}
static float fromBits(unsigned u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static unsigned fbits(float f)
{
    unsigned u;
    memcpy(&u, &f, 4);
    return u;
}
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

// Device buffers, copied in and out.
template <typename T> static T *dev(const std::vector<T> &h)
{
    T *d = nullptr;
    cudaMalloc(&d, sizeof(T) * (h.size() ? h.size() : 1));
    if (h.size())
        cudaMemcpy(d, h.data(), sizeof(T) * h.size(), cudaMemcpyHostToDevice);
    return d;
}
template <typename T> static std::vector<T> host(const T *d, size_t n)
{
    std::vector<T> h(n);
    if (n)
        cudaMemcpy(h.data(), d, sizeof(T) * n, cudaMemcpyDeviceToHost);
    return h;
}
static void val(char *s, int v) { sprintf(s, "%d", v); }
static void val(char *s, float v) { sprintf(s, "%08x", fbits(v)); }
template <typename T> static void print_all(const char *name, const std::vector<T> &h, size_t n)
{
    char s[64];
    for (size_t i = 0; i < n; i++) {
        val(s, h[i]);
        printf("%s %zu %s\n", name, i, s);
    }
}
template <typename T> static void print_hash(const char *name, const std::vector<T> &h, size_t n)
{
    char a[64] = "-", b[64] = "-";
    if (n) {
        val(a, h[0]);
        val(b, h[n - 1]);
    }
    printf("%s n=%zu fnv=%016llx first=%s last=%s\n", name, n, fnv(h.data(), sizeof(T) * n), a, b);
}

// The two-call idiom: sizes, prints the size, allocates, runs.
template <typename F> static cudaError_t two_call(const char *name, F f)
{
    size_t bytes = 0;
    cudaError_t e = f((void *)nullptr, bytes);
    if (e != cudaSuccess)
        return e;
    printf("temp %s %zu\n", name, bytes);
    void *d = nullptr;
    cudaMalloc(&d, bytes ? bytes : 1);
    e = f(d, bytes);
    cudaDeviceSynchronize();
    cudaFree(d);
    return e;
}

struct DivEq { // keys equal when in the same group of 4
    __host__ __device__ bool operator()(int a, int b) const { return a / 4 == b / 4; }
};
struct LessF {
    __host__ __device__ bool operator()(float a, float b) const { return a < b; }
};
struct HighLess { // only the bits above the low 4 count
    __host__ __device__ bool operator()(int a, int b) const { return (a >> 4) < (b >> 4); }
};
struct Mod3 {
    __host__ __device__ bool operator()(int x) const { return x % 3 == 0; }
};
struct Neg {
    __host__ __device__ bool operator()(int x) const { return x < 0; }
};
struct Even {
    __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};
struct PosF {
    __host__ __device__ bool operator()(float x) const { return x > 0.0f; }
};

// Keys with runs of 1 .. max_run equal items (the run number).
static std::vector<int> run_keys(int n, unsigned max_run, unsigned seed)
{
    std::vector<int> k(n);
    int at = 0, run = 0;
    while (at < n) {
        int len = 1 + (int)(hash32((unsigned)run * 31u + seed) % max_run);
        for (int j = 0; j < len && at < n; j++)
            k[at++] = run;
        run++;
    }
    return k;
}
// Small float keys with -0.0 / +0.0 neighbours and NaNs.
static std::vector<float> special_keys(int n)
{
    const unsigned pool[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7fc00000u, 0xffc00000u,
                             0x7f800000u, 0x40000000u, 0x00000001u, 0x7fc00001u};
    std::vector<float> k(n);
    for (int i = 0; i < n; i++) {
        unsigned h = hash32((unsigned)i / 2u + 5u); // runs of about 2
        k[i] = fromBits(pool[h % 10u]);
    }
    return k;
}

static int reduce_by_key()
{
    // Small: int keys, int and float values; float keys with -0.0 / +0.0 / NaN.
    for (int n : {0, 1, 37}) {
        std::vector<int> hk = run_keys(n, 4, 1), hv(n);
        std::vector<float> hf(n);
        for (int i = 0; i < n; i++)
            hv[i] = in_int(i), hf[i] = in_float(i);
        int *k = dev(hk), *v = dev(hv), *uk = dev(std::vector<int>(n + 1, -7)), *ag = dev(std::vector<int>(n + 1, -7));
        int *nr = dev(std::vector<int>(1, -1));
        float *fv = dev(hf), *fag = dev(std::vector<float>(n + 1, -7.0f));
        CK(two_call("rbk_int_sum", [&](void *t, size_t &b) {
            return cub::DeviceReduce::ReduceByKey(t, b, k, uk, v, ag, nr, cuda::std::plus<>{}, n);
        }));
        int runs = host(nr, 1)[0];
        printf("rbk_int_sum n=%d runs=%d\n", n, runs);
        print_all("rbk_int_sum_key", host(uk, n + 1), n + 1);
        print_all("rbk_int_sum_agg", host(ag, n + 1), n + 1);
        CK(two_call("rbk_float_sum", [&](void *t, size_t &b) {
            return cub::DeviceReduce::ReduceByKey(t, b, k, uk, fv, fag, nr, cuda::std::plus<>{}, n);
        }));
        print_all("rbk_float_sum_agg", host(fag, n + 1), host(nr, 1)[0]);
        CK(two_call("rbk_int_max", [&](void *t, size_t &b) {
            return cub::DeviceReduce::ReduceByKey(t, b, k, uk, v, ag, nr, cuda::maximum<>{}, n);
        }));
        print_all("rbk_int_max_agg", host(ag, n + 1), host(nr, 1)[0]);
        std::vector<float> hs = special_keys(n);
        float *sk = dev(hs), *suk = dev(std::vector<float>(n + 1, 9.0f));
        CK(two_call("rbk_fkey", [&](void *t, size_t &b) {
            return cub::DeviceReduce::ReduceByKey(t, b, sk, suk, v, ag, nr, cuda::std::plus<>{}, n);
        }));
        runs = host(nr, 1)[0];
        printf("rbk_fkey n=%d runs=%d\n", n, runs);
        print_all("rbk_fkey_key", host(suk, runs), runs);
        print_all("rbk_fkey_agg", host(ag, runs), runs);
        cudaFree(k), cudaFree(v), cudaFree(uk), cudaFree(ag), cudaFree(nr), cudaFree(fv), cudaFree(fag);
        cudaFree(sk), cudaFree(suk);
    }
    // Large: 1<<20 items, runs of 1..3000, float and int values; a tile-sized case.
    for (int n : {1 << 20, 4608, 4609}) {
        std::vector<int> hk = run_keys(n, n > 5000 ? 3000u : 40u, 2), hv(n);
        std::vector<float> hf(n);
        for (int i = 0; i < n; i++)
            hv[i] = in_int(i), hf[i] = in_float(i);
        int *k = dev(hk), *v = dev(hv), *uk = dev(std::vector<int>(n)), *ag = dev(std::vector<int>(n)),
            *nr = dev(std::vector<int>(1));
        float *fv = dev(hf), *fag = dev(std::vector<float>(n));
        CK(two_call("rbk_big_float", [&](void *t, size_t &b) {
            return cub::DeviceReduce::ReduceByKey(t, b, k, uk, fv, fag, nr, cuda::std::plus<>{}, n);
        }));
        int runs = host(nr, 1)[0];
        printf("rbk_big n=%d runs=%d\n", n, runs);
        print_hash("rbk_big_key", host(uk, runs), runs);
        print_hash("rbk_big_float_agg", host(fag, runs), runs);
        CK(two_call("rbk_big_fmax", [&](void *t, size_t &b) {
            return cub::DeviceReduce::ReduceByKey(t, b, k, uk, fv, fag, nr, cuda::maximum<>{}, n);
        }));
        print_hash("rbk_big_fmax_agg", host(fag, runs), host(nr, 1)[0]);
        CK(two_call("rbk_big_int", [&](void *t, size_t &b) {
            return cub::DeviceReduce::ReduceByKey(t, b, k, uk, v, ag, nr, cuda::std::plus<>{}, n);
        }));
        print_hash("rbk_big_int_agg", host(ag, runs), host(nr, 1)[0]);
        cudaFree(k), cudaFree(v), cudaFree(uk), cudaFree(ag), cudaFree(nr), cudaFree(fv), cudaFree(fag);
    }
    return 0;
}

static int scan_by_key()
{
    for (int n : {0, 1, 45, 1 << 20, 4032, 4033}) {
        bool small = n < 100;
        std::vector<int> hk = run_keys(n, small ? 4u : n > 5000 ? 3000u : 50u, 3), hv(n);
        std::vector<float> hf(n);
        for (int i = 0; i < n; i++)
            hv[i] = in_int(i), hf[i] = in_float(i);
        int *k = dev(hk), *v = dev(hv), *o = dev(std::vector<int>(n, -7));
        float *fv = dev(hf), *fo = dev(std::vector<float>(n, -7.0f));
        char name[64];
        auto show_i = [&](const char *what) {
            snprintf(name, sizeof name, "%s_%d", what, n);
            if (small)
                print_all(name, host(o, n), n);
            else
                print_hash(name, host(o, n), n);
        };
        auto show_f = [&](const char *what) {
            snprintf(name, sizeof name, "%s_%d", what, n);
            if (small)
                print_all(name, host(fo, n), n);
            else
                print_hash(name, host(fo, n), n);
        };
        CK(two_call("excl_sum_by_key_f", [&](void *t, size_t &b) {
            return cub::DeviceScan::ExclusiveSumByKey(t, b, k, fv, fo, n);
        }));
        show_f("excl_sum_by_key_f");
        CK(two_call("incl_sum_by_key_f", [&](void *t, size_t &b) {
            return cub::DeviceScan::InclusiveSumByKey(t, b, k, fv, fo, n);
        }));
        show_f("incl_sum_by_key_f");
        CK(two_call("excl_scan_by_key_f", [&](void *t, size_t &b) {
            return cub::DeviceScan::ExclusiveScanByKey(t, b, k, fv, fo, cuda::std::plus<>{}, 0.375f, n);
        }));
        show_f("excl_scan_by_key_f");
        CK(two_call("incl_scan_by_key_fmin", [&](void *t, size_t &b) {
            return cub::DeviceScan::InclusiveScanByKey(t, b, k, fv, fo, cuda::minimum<>{}, n);
        }));
        show_f("incl_scan_by_key_fmin");
        CK(two_call("excl_sum_by_key_i", [&](void *t, size_t &b) {
            return cub::DeviceScan::ExclusiveSumByKey(t, b, k, v, o, n);
        }));
        show_i("excl_sum_by_key_i");
        CK(two_call("incl_sum_by_key_i", [&](void *t, size_t &b) {
            return cub::DeviceScan::InclusiveSumByKey(t, b, k, v, o, n);
        }));
        show_i("incl_sum_by_key_i");
        CK(two_call("excl_scan_by_key_imax", [&](void *t, size_t &b) {
            return cub::DeviceScan::ExclusiveScanByKey(t, b, k, v, o, cuda::maximum<>{}, -1000, n);
        }));
        show_i("excl_scan_by_key_imax");
        CK(two_call("incl_scan_by_key_i_diveq", [&](void *t, size_t &b) {
            return cub::DeviceScan::InclusiveScanByKey(t, b, k, v, o, cuda::std::plus<>{}, n, DivEq{});
        }));
        show_i("incl_scan_by_key_i_diveq");
        CK(two_call("excl_sum_by_key_i_diveq", [&](void *t, size_t &b) {
            return cub::DeviceScan::ExclusiveSumByKey(t, b, k, v, o, n, DivEq{});
        }));
        show_i("excl_sum_by_key_i_diveq");
        cudaFree(k), cudaFree(v), cudaFree(o), cudaFree(fv), cudaFree(fo);
    }
    return 0;
}

static int run_length()
{
    for (int n : {0, 1, 41, 100000}) {
        bool small = n < 100;
        std::vector<int> hk = run_keys(n, small ? 3u : 9u, 4);
        std::vector<float> hs = special_keys(n);
        int *k = dev(hk), *u = dev(std::vector<int>(n + 1, -7)), *c = dev(std::vector<int>(n + 1, -7)),
            *o = dev(std::vector<int>(n + 1, -7)), *nr = dev(std::vector<int>(1, -1));
        float *sk = dev(hs), *su = dev(std::vector<float>(n + 1, 9.0f));
        CK(two_call("rle_encode_i", [&](void *t, size_t &b) {
            return cub::DeviceRunLengthEncode::Encode(t, b, k, u, c, nr, n);
        }));
        int runs = host(nr, 1)[0];
        printf("rle_encode_i n=%d runs=%d\n", n, runs);
        if (small) {
            print_all("rle_encode_i_key", host(u, runs), runs);
            print_all("rle_encode_i_len", host(c, runs), runs);
        } else {
            print_hash("rle_encode_i_key", host(u, runs), runs);
            print_hash("rle_encode_i_len", host(c, runs), runs);
        }
        CK(two_call("rle_ntr_i", [&](void *t, size_t &b) {
            return cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, k, o, c, nr, n);
        }));
        runs = host(nr, 1)[0];
        printf("rle_ntr_i n=%d runs=%d\n", n, runs);
        if (small) {
            print_all("rle_ntr_i_off", host(o, runs), runs);
            print_all("rle_ntr_i_len", host(c, runs), runs);
        } else {
            print_hash("rle_ntr_i_off", host(o, runs), runs);
            print_hash("rle_ntr_i_len", host(c, runs), runs);
        }
        if (!small)
            continue;
        CK(two_call("rle_encode_f", [&](void *t, size_t &b) {
            return cub::DeviceRunLengthEncode::Encode(t, b, sk, su, c, nr, n);
        }));
        runs = host(nr, 1)[0];
        printf("rle_encode_f n=%d runs=%d\n", n, runs);
        print_all("rle_encode_f_key", host(su, runs), runs);
        print_all("rle_encode_f_len", host(c, runs), runs);
        CK(two_call("rle_ntr_f", [&](void *t, size_t &b) {
            return cub::DeviceRunLengthEncode::NonTrivialRuns(t, b, sk, o, c, nr, n);
        }));
        runs = host(nr, 1)[0];
        printf("rle_ntr_f n=%d runs=%d\n", n, runs);
        print_all("rle_ntr_f_off", host(o, runs), runs);
        print_all("rle_ntr_f_len", host(c, runs), runs);
        cudaFree(k), cudaFree(u), cudaFree(c), cudaFree(o), cudaFree(nr), cudaFree(sk), cudaFree(su);
    }
    return 0;
}

static int partition()
{
    for (int n : {0, 1, 37, 3001}) {
        bool small = n < 100;
        std::vector<int> hv(n), hflag(n);
        std::vector<float> hf(n);
        for (int i = 0; i < n; i++)
            hv[i] = in_int(i), hflag[i] = (int)(hash32((unsigned)i + 11u) % 3u == 0), hf[i] = in_float(i);
        int *v = dev(hv), *fl = dev(hflag), *o = dev(std::vector<int>(n + 1, -7)), *o2 = dev(std::vector<int>(n + 1, -7)),
            *o3 = dev(std::vector<int>(n + 1, -7)), *ns = dev(std::vector<int>(2, -1));
        float *fv = dev(hf), *fo = dev(std::vector<float>(n + 1, -7.0f));
        char name[64];
        auto show = [&](const char *what, const int *d, int count) {
            snprintf(name, sizeof name, "%s_%d", what, n);
            if (small)
                print_all(name, host(d, count), count);
            else
                print_hash(name, host(d, count), count);
        };
        CK(two_call("part_if", [&](void *t, size_t &b) { return cub::DevicePartition::If(t, b, v, o, ns, n, Mod3{}); }));
        printf("part_if n=%d selected=%d\n", n, host(ns, 1)[0]);
        show("part_if", o, n);
        CK(two_call("part_flagged",
                    [&](void *t, size_t &b) { return cub::DevicePartition::Flagged(t, b, v, fl, o, ns, n); }));
        printf("part_flagged n=%d selected=%d\n", n, host(ns, 1)[0]);
        show("part_flagged", o, n);
        CK(two_call("part_3way", [&](void *t, size_t &b) {
            return cub::DevicePartition::If(t, b, v, o, o2, o3, ns, n, Neg{}, Even{});
        }));
        std::vector<int> counts = host(ns, 2);
        printf("part_3way n=%d first=%d second=%d\n", n, counts[0], counts[1]);
        show("part_3way_first", o, counts[0]);
        show("part_3way_second", o2, counts[1]);
        show("part_3way_rest", o3, n - counts[0] - counts[1]);
        CK(two_call("part_if_f",
                    [&](void *t, size_t &b) { return cub::DevicePartition::If(t, b, fv, fo, ns, n, PosF{}); }));
        printf("part_if_f n=%d selected=%d\n", n, host(ns, 1)[0]);
        snprintf(name, sizeof name, "part_if_f_%d", n);
        if (small)
            print_all(name, host(fo, n), n);
        else
            print_hash(name, host(fo, n), n);
        cudaFree(v), cudaFree(fl), cudaFree(o), cudaFree(o2), cudaFree(o3), cudaFree(ns), cudaFree(fv), cudaFree(fo);
    }
    return 0;
}

static int segmented_radix()
{
    const int n = 64;
    std::vector<int> hb = {0, 5, 5, 20, 33, 50, 64}, he = {5, 5, 18, 33, 47, 64, 64};
    const int segs = 7;
    std::vector<float> hk = special_keys(n);
    std::vector<int> hv(n), hi(n);
    for (int i = 0; i < n; i++) {
        hv[i] = i;
        hi[i] = (int)hash32((unsigned)i + 21u) % 100000 - 50000;
        if (i % 7 == 3)
            hk[i] = in_float(i);
    }
    int *b = dev(hb), *e = dev(he), *v = dev(hv), *vo = dev(std::vector<int>(n, -7)), *ik = dev(hi),
        *iko = dev(std::vector<int>(n, -7));
    float *k = dev(hk), *ko = dev(std::vector<float>(n, fromBits(0x7fbad000u)));
    CK(two_call("segrs_pairs", [&](void *t, size_t &s) {
        return cub::DeviceSegmentedRadixSort::SortPairs(t, s, k, ko, v, vo, n, segs, b, e);
    }));
    print_all("segrs_pairs_key", host(ko, n), n);
    print_all("segrs_pairs_val", host(vo, n), n);
    CK(two_call("segrs_pairs_desc", [&](void *t, size_t &s) {
        return cub::DeviceSegmentedRadixSort::SortPairsDescending(t, s, k, ko, v, vo, n, segs, b, e);
    }));
    print_all("segrs_pairs_desc_key", host(ko, n), n);
    print_all("segrs_pairs_desc_val", host(vo, n), n);
    CK(two_call("segrs_keys", [&](void *t, size_t &s) {
        return cub::DeviceSegmentedRadixSort::SortKeys(t, s, ik, iko, n, segs, b, e);
    }));
    print_all("segrs_keys", host(iko, n), n);
    CK(two_call("segrs_keys_bits", [&](void *t, size_t &s) {
        return cub::DeviceSegmentedRadixSort::SortKeysDescending(t, s, ik, iko, n, segs, b, e, 4, 20);
    }));
    print_all("segrs_keys_desc_bits", host(iko, n), n);
    CK(two_call("segrs_keys_nobits", [&](void *t, size_t &s) {
        return cub::DeviceSegmentedRadixSort::SortKeys(t, s, ik, iko, n, segs, b, e, 7, 7);
    }));
    print_all("segrs_keys_nobits", host(iko, n), n);
    // DoubleBuffer forms: the selector and both buffers.
    for (int form = 0; form < 4; form++) {
        float *k2 = dev(hk), *k3 = dev(std::vector<float>(n, fromBits(0x7fbad000u)));
        int *v2 = dev(hv), *v3 = dev(std::vector<int>(n, -7)), *i2 = dev(hi), *i3 = dev(std::vector<int>(n, -7));
        cub::DoubleBuffer<float> dk(k2, k3);
        cub::DoubleBuffer<int> dv(v2, v3), di(i2, i3);
        const char *names[] = {"segrs_db_pairs", "segrs_db_pairs_desc", "segrs_db_keys_bits", "segrs_db_keys_desc"};
        CK(two_call(names[form], [&](void *t, size_t &s) {
            switch (form) {
            case 0:
                return cub::DeviceSegmentedRadixSort::SortPairs(t, s, dk, dv, n, segs, b, e);
            case 1:
                return cub::DeviceSegmentedRadixSort::SortPairsDescending(t, s, dk, dv, n, segs, b, e);
            case 2:
                return cub::DeviceSegmentedRadixSort::SortKeys(t, s, di, n, segs, b, e, 4, 20);
            default:
                return cub::DeviceSegmentedRadixSort::SortKeysDescending(t, s, di, n, segs, b, e);
            }
        }));
        char nm[64];
        if (form < 2) {
            printf("%s selector=%d/%d\n", names[form], dk.selector, dv.selector);
            snprintf(nm, sizeof nm, "%s_keys0", names[form]), print_all(nm, host(k2, n), n);
            snprintf(nm, sizeof nm, "%s_keys1", names[form]), print_all(nm, host(k3, n), n);
            snprintf(nm, sizeof nm, "%s_vals0", names[form]), print_all(nm, host(v2, n), n);
            snprintf(nm, sizeof nm, "%s_vals1", names[form]), print_all(nm, host(v3, n), n);
        } else {
            printf("%s selector=%d\n", names[form], di.selector);
            snprintf(nm, sizeof nm, "%s_keys0", names[form]), print_all(nm, host(i2, n), n);
            snprintf(nm, sizeof nm, "%s_keys1", names[form]), print_all(nm, host(i3, n), n);
        }
        cudaFree(k2), cudaFree(k3), cudaFree(v2), cudaFree(v3), cudaFree(i2), cudaFree(i3);
    }
    // No items, no segments.
    CK(two_call("segrs_empty", [&](void *t, size_t &s) {
        return cub::DeviceSegmentedRadixSort::SortPairs(t, s, k, ko, v, vo, 0, segs, b, e);
    }));
    CK(two_call("segrs_nosegs", [&](void *t, size_t &s) {
        return cub::DeviceSegmentedRadixSort::SortKeys(t, s, k, ko, n, 0, b, e);
    }));
    cudaFree(b), cudaFree(e), cudaFree(v), cudaFree(vo), cudaFree(ik), cudaFree(iko), cudaFree(k), cudaFree(ko);
    return 0;
}

static int merge_sort()
{
    for (int n : {0, 1, 23, 300, 13057}) {
        bool small = n <= 300;
        std::vector<float> hk(n);
        std::vector<int> hi(n), hv(n);
        std::vector<float> pool = special_keys(16);
        for (int i = 0; i < n; i++) {
            unsigned h = hash32((unsigned)i + 1234u);
            hk[i] = h % 5u == 0 ? pool[h % 16u] : (float)((int)(h >> 8) % 64 - 32) * 0.5f;
            hi[i] = (int)(h >> 4) % 400 - 200;
            hv[i] = i;
        }
        float *k = dev(hk), *ko = dev(std::vector<float>(n));
        int *ik = dev(hi), *iko = dev(std::vector<int>(n)), *v = dev(hv), *vo = dev(std::vector<int>(n));
        char name[64];
        auto show_f = [&](const char *what, const float *d) {
            snprintf(name, sizeof name, "%s_%d", what, n);
            if (small)
                print_all(name, host(d, n), n);
            else
                print_hash(name, host(d, n), n);
        };
        auto show_i = [&](const char *what, const int *d) {
            snprintf(name, sizeof name, "%s_%d", what, n);
            if (small)
                print_all(name, host(d, n), n);
            else
                print_hash(name, host(d, n), n);
        };
        CK(two_call("ms_keys_copy_f", [&](void *t, size_t &s) {
            return cub::DeviceMergeSort::SortKeysCopy(t, s, k, ko, n, LessF{});
        }));
        show_f("ms_keys_copy_f", ko);
        show_f("ms_keys_copy_f_in", k);
        CK(two_call("ms_pairs_copy_f", [&](void *t, size_t &s) {
            return cub::DeviceMergeSort::SortPairsCopy(t, s, k, v, ko, vo, n, LessF{});
        }));
        show_f("ms_pairs_copy_f_key", ko);
        show_i("ms_pairs_copy_f_val", vo);
        CK(two_call("ms_stable_keys_copy_f", [&](void *t, size_t &s) {
            return cub::DeviceMergeSort::StableSortKeysCopy(t, s, k, ko, n, LessF{});
        }));
        show_f("ms_stable_keys_copy_f", ko);
        CK(two_call("ms_pairs_i", [&](void *t, size_t &s) {
            return cub::DeviceMergeSort::SortPairs(t, s, ik, v, n, HighLess{});
        }));
        show_i("ms_pairs_i_key", ik);
        show_i("ms_pairs_i_val", v);
        cudaMemcpy(ik, hi.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
        cudaMemcpy(v, hv.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
        CK(two_call("ms_stable_pairs_i", [&](void *t, size_t &s) {
            return cub::DeviceMergeSort::StableSortPairs(t, s, ik, v, n, HighLess{});
        }));
        show_i("ms_stable_pairs_i_key", ik);
        show_i("ms_stable_pairs_i_val", v);
        cudaMemcpy(ik, hi.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
        CK(two_call("ms_keys_i",
                    [&](void *t, size_t &s) { return cub::DeviceMergeSort::SortKeys(t, s, ik, n, HighLess{}); }));
        show_i("ms_keys_i", ik);
        CK(two_call("ms_stable_keys_f",
                    [&](void *t, size_t &s) { return cub::DeviceMergeSort::StableSortKeys(t, s, k, n, LessF{}); }));
        show_f("ms_stable_keys_f", k);
        cudaFree(k), cudaFree(ko), cudaFree(ik), cudaFree(iko), cudaFree(v), cudaFree(vo);
    }
    return 0;
}

int main()
{
    if (reduce_by_key() || scan_by_key() || run_length() || partition() || segmented_radix() || merge_sort())
        return 1;
    printf("done\n");
    return 0;
}
