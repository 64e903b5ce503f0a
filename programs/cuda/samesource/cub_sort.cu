// cub_sort.cu: CUB's sorting collectives in every thread: cub::BlockRadixSort (u32, i32, float
// and double with -0.0/+0.0, NaNs of both signs, infinities and denormals among the keys, u8,
// u16, u64; keys only and key-value pairs whose values are the original positions, so stability
// shows; Sort, SortDescending, SortBlockedToStriped, SortDescendingBlockedToStriped; bit ranges
// [4, 12) and [3, 17); RADIX_BITS 4, 5 and 8; MEMOIZE_OUTER_SCAN off; the RAKING inner scan; the
// 8-byte counter packing; a 16 x 4 block), cub::BlockMergeSort (int pairs with many equal keys,
// float keys with -0.0/+0.0 and NaNs under a plain less-than, valid_items partial tiles with
// oob_default, including 0 and fewer than one thread's items; Sort and StableSort) and
// cub::WarpMergeSort (logical warps of 32, 16 and 8 lanes, keys and pairs, valid_items).
// Blocks of 128 x 4 items, 64 x 7, 96 (3 warps) x 3, 32 x 8 (exchange padding). One line per
// thread: its items after the sort as key/value, floats as their bits in hex.
// Build: nvcc -arch=sm_90 -fmad=false cub_sort.cu  |  warpsim cc cub_sort.cu
#include <cstdio>
#include <cstring>
#include <cub/block/block_merge_sort.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/warp/warp_merge_sort.cuh>
#include <cuda_runtime.h>
#include <type_traits>

#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        cudaError_t e_ = (call);                                                                                       \
        if (e_ != cudaSuccess) {                                                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));                     \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)

static unsigned hsh(unsigned x)
{
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

enum { SORT, DESC, STRIPED, DESC_STRIPED };

template <typename K, int BX, int IPT, int MODE, bool PAIRS, int RB = 4, bool MEMO = true,
          cub::BlockScanAlgorithm ALG = cub::BLOCK_SCAN_WARP_SCANS,
          cudaSharedMemConfig SMEM = cudaSharedMemBankSizeFourByte, int BY = 1>
__global__ void radix_kernel(const K *in, K *out, int *vout, int begin, int end)
{
    using V = typename std::conditional<PAIRS, int, cub::NullType>::type;
    using S = cub::BlockRadixSort<K, BX, IPT, V, RB, MEMO, ALG, SMEM, BY>;
    __shared__ typename S::TempStorage temp;
    int t = threadIdx.y * BX + threadIdx.x;
    K keys[IPT];
    V vals[IPT];
    for (int i = 0; i < IPT; i++) {
        keys[i] = in[t * IPT + i];
        if constexpr (PAIRS)
            vals[i] = t * IPT + i;
    }
    if constexpr (PAIRS) {
        if (MODE == SORT)
            S(temp).Sort(keys, vals, begin, end);
        else if (MODE == DESC)
            S(temp).SortDescending(keys, vals, begin, end);
        else if (MODE == STRIPED)
            S(temp).SortBlockedToStriped(keys, vals, begin, end);
        else
            S(temp).SortDescendingBlockedToStriped(keys, vals, begin, end);
    } else {
        if (MODE == SORT)
            S(temp).Sort(keys, begin, end);
        else if (MODE == DESC)
            S(temp).SortDescending(keys, begin, end);
        else if (MODE == STRIPED)
            S(temp).SortBlockedToStriped(keys, begin, end);
        else
            S(temp).SortDescendingBlockedToStriped(keys, begin, end);
    }
    for (int i = 0; i < IPT; i++) {
        out[t * IPT + i] = keys[i];
        if constexpr (PAIRS)
            vout[t * IPT + i] = vals[i];
        else
            vout[t * IPT + i] = -1;
    }
}

struct Less {
    template <typename T> __device__ bool operator()(const T &a, const T &b) const { return a < b; }
};

// VALID < 0: the full-tile forms.
template <typename K, int BX, int IPT, bool PAIRS, bool STABLE>
__global__ void merge_kernel(const K *in, K *out, int *vout, int valid, K oob)
{
    using V = typename std::conditional<PAIRS, int, cub::NullType>::type;
    using S = cub::BlockMergeSort<K, BX, IPT, V>;
    __shared__ typename S::TempStorage temp;
    int t = threadIdx.x;
    K keys[IPT];
    V vals[IPT];
    for (int i = 0; i < IPT; i++) {
        keys[i] = in[t * IPT + i];
        if constexpr (PAIRS)
            vals[i] = t * IPT + i;
    }
    if constexpr (PAIRS) {
        if (valid < 0)
            STABLE ? S(temp).StableSort(keys, vals, Less{}) : S(temp).Sort(keys, vals, Less{});
        else
            STABLE ? S(temp).StableSort(keys, vals, Less{}, valid, oob) : S(temp).Sort(keys, vals, Less{}, valid, oob);
    } else {
        if (valid < 0)
            STABLE ? S(temp).StableSort(keys, Less{}) : S(temp).Sort(keys, Less{});
        else
            STABLE ? S(temp).StableSort(keys, Less{}, valid, oob) : S(temp).Sort(keys, Less{}, valid, oob);
    }
    for (int i = 0; i < IPT; i++) {
        out[t * IPT + i] = keys[i];
        if constexpr (PAIRS)
            vout[t * IPT + i] = vals[i];
        else
            vout[t * IPT + i] = -1;
    }
}

// Blocks of 64 threads: 64 / LW logical warps, each sorting its LW * IPT items.
template <typename K, int LW, int IPT, bool PAIRS>
__global__ void warp_merge_kernel(const K *in, K *out, int *vout, int valid, K oob)
{
    using V = typename std::conditional<PAIRS, int, cub::NullType>::type;
    using S = cub::WarpMergeSort<K, IPT, LW, V>;
    __shared__ typename S::TempStorage temp[64 / LW];
    int t = threadIdx.x, w = t / LW;
    K keys[IPT];
    V vals[IPT];
    for (int i = 0; i < IPT; i++) {
        keys[i] = in[t * IPT + i];
        if constexpr (PAIRS)
            vals[i] = t * IPT + i;
    }
    S s(temp[w]);
    if constexpr (PAIRS) {
        if (valid < 0)
            s.Sort(keys, vals, Less{});
        else
            s.StableSort(keys, vals, Less{}, valid, oob);
    } else {
        if (valid < 0)
            s.StableSort(keys, Less{});
        else
            s.Sort(keys, Less{}, valid, oob);
    }
    for (int i = 0; i < IPT; i++) {
        out[t * IPT + i] = keys[i];
        if constexpr (PAIRS)
            vout[t * IPT + i] = vals[i];
        else
            vout[t * IPT + i] = -1;
    }
}

static void put(int v) { printf(" %d", v); }
static void put(unsigned v) { printf(" %u", v); }
static void put(unsigned char v) { printf(" %u", v); }
static void put(unsigned short v) { printf(" %u", v); }
static void put(unsigned long long v) { printf(" %016llx", v); }
static void put(float v)
{
    unsigned b;
    memcpy(&b, &v, 4);
    printf(" %08x", b);
}
static void put(double v)
{
    unsigned long long b;
    memcpy(&b, &v, 8);
    printf(" %016llx", b);
}

// Copies the keys in, runs the kernel on one block of `threads`, prints a line per thread.
template <typename K, typename Launch>
static void run(const char *name, const K *keys, int threads, int ipt, Launch launch)
{
    int n = threads * ipt;
    K *din, *dout;
    int *dv;
    CHECK(cudaMalloc(&din, n * sizeof(K)));
    CHECK(cudaMalloc(&dout, n * sizeof(K)));
    CHECK(cudaMalloc(&dv, n * sizeof(int)));
    CHECK(cudaMemcpy(din, keys, n * sizeof(K), cudaMemcpyHostToDevice));
    launch(din, dout, dv);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    K *hk = new K[n];
    int *hv = new int[n];
    CHECK(cudaMemcpy(hk, dout, n * sizeof(K), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hv, dv, n * sizeof(int), cudaMemcpyDeviceToHost));
    printf("# %s\n", name);
    for (int t = 0; t < threads; t++) {
        printf("%s t%d:", name, t);
        for (int i = 0; i < ipt; i++) {
            put(hk[t * ipt + i]);
            if (hv[t * ipt + i] >= 0)
                printf("/%d", hv[t * ipt + i]);
        }
        printf("\n");
    }
    delete[] hk;
    delete[] hv;
    CHECK(cudaFree(din));
    CHECK(cudaFree(dout));
    CHECK(cudaFree(dv));
}

static const unsigned f32_special[] = {0x00000000u, 0x80000000u, 0x7f800000u, 0xff800000u, 0x7fc00000u, 0xffc00000u,
                                       0x7f800001u, 0xffbfffffu, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu,
                                       0x3f800000u, 0xbf800000u, 0x7f7fffffu, 0xff7fffffu};
static const unsigned long long f64_special[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
    0x7ff8000000000000ull, 0xfff8000000000000ull, 0x7ff0000000000001ull, 0x0000000000000001ull,
    0x8000000000000001ull, 0x3ff0000000000000ull, 0xbff0000000000000ull, 0x000fffffffffffffull};

template <typename K> static K from_bits(unsigned long long b)
{
    K k;
    memcpy(&k, &b, sizeof(K));
    return k;
}

#define LAUNCH(...) [&](auto *din, auto *dout, int *dv) { __VA_ARGS__; }

int main()
{
    static unsigned u32[1024];
    static int i32[1024];
    static float f32[1024], f32m[1024];
    static double f64[1024];
    static unsigned char u8[1024];
    static unsigned short u16[1024];
    static unsigned long long u64[1024];
    static int ieq[1024];
    for (unsigned i = 0; i < 1024; i++) {
        unsigned h = hsh(i + 1), g = hsh(i + 7777);
        u32[i] = (i % 3 == 0) ? (h & 0xf0f) : h; // many keys that differ only outside [4, 12)
        i32[i] = (i % 5 == 0) ? (int)(h % 7) - 3 : (int)h;
        f32[i] = from_bits<float>(h % 4 == 0 ? f32_special[g % 16] : (h % 4 == 1 ? (g & 0x80000000u) : h));
        f64[i] = from_bits<double>(h % 3 == 0 ? f64_special[g % 12]
                                              : ((unsigned long long)h << 32 | g) ^ (h % 3 == 1 ? 0 : 0x7ff0000000000000ull));
        u8[i] = (unsigned char)(h % 23);
        u16[i] = (unsigned short)(h % 5 == 0 ? 0xabcd : h);
        u64[i] = (i % 4 == 0) ? 42ull : ((unsigned long long)g << 32 | h);
        ieq[i] = (int)(h % 9) - 4;
        unsigned m = h % 8; // -0.0, +0.0, NaNs and a few values, for the merge sorts
        f32m[i] = from_bits<float>(m == 0 ? 0x80000000u : m == 1 ? 0u : m == 2 ? 0x7fc00000u : m == 3 ? 0xbf800000u
                                  : m == 4 ? 0x3f800000u : m == 5 ? 0x80000000u : (g % 5) * 0x3e000000u);
    }

    // ---- BlockRadixSort ----
    run("radix u32 128x4 keys", u32, 128, 4,
        LAUNCH((radix_kernel<unsigned, 128, 4, SORT, false><<<1, 128>>>(din, dout, dv, 0, 32))));
    run("radix u32 128x4 pairs [4,12)", u32, 128, 4,
        LAUNCH((radix_kernel<unsigned, 128, 4, SORT, true><<<1, 128>>>(din, dout, dv, 4, 12))));
    run("radix i32 128x4 pairs desc", i32, 128, 4,
        LAUNCH((radix_kernel<int, 128, 4, DESC, true><<<1, 128>>>(din, dout, dv, 0, 32))));
    run("radix f32 64x7 pairs", f32, 64, 7,
        LAUNCH((radix_kernel<float, 64, 7, SORT, true><<<1, 64>>>(din, dout, dv, 0, 32))));
    run("radix f32 64x7 pairs desc", f32, 64, 7,
        LAUNCH((radix_kernel<float, 64, 7, DESC, true><<<1, 64>>>(din, dout, dv, 0, 32))));
    run("radix f32 96x3 keys striped", f32, 96, 3,
        LAUNCH((radix_kernel<float, 96, 3, STRIPED, false><<<1, 96>>>(din, dout, dv, 0, 32))));
    run("radix f64 96x3 pairs striped", f64, 96, 3,
        LAUNCH((radix_kernel<double, 96, 3, STRIPED, true><<<1, 96>>>(din, dout, dv, 0, 64))));
    run("radix f64 64x7 pairs desc-striped", f64, 64, 7,
        LAUNCH((radix_kernel<double, 64, 7, DESC_STRIPED, true><<<1, 64>>>(din, dout, dv, 0, 64))));
    run("radix u8 96x3 pairs", u8, 96, 3,
        LAUNCH((radix_kernel<unsigned char, 96, 3, SORT, true><<<1, 96>>>(din, dout, dv, 0, 8))));
    run("radix u16 128x4 pairs desc [3,16) rb5", u16, 128, 4,
        LAUNCH((radix_kernel<unsigned short, 128, 4, DESC, true, 5><<<1, 128>>>(din, dout, dv, 3, 16))));
    run("radix u64 64x7 pairs desc-striped", u64, 64, 7,
        LAUNCH((radix_kernel<unsigned long long, 64, 7, DESC_STRIPED, true><<<1, 64>>>(din, dout, dv, 0, 64))));
    run("radix u64 32x8 keys [4,12)", u64, 32, 8,
        LAUNCH((radix_kernel<unsigned long long, 32, 8, SORT, false><<<1, 32>>>(din, dout, dv, 4, 12))));
    run("radix u32 32x8 pairs desc rb8 nomemo raking", u32, 32, 8,
        LAUNCH((radix_kernel<unsigned, 32, 8, DESC, true, 8, false, cub::BLOCK_SCAN_RAKING><<<1, 32>>>(din, dout, dv,
                                                                                                          0, 32))));
    run("radix i32 96x3 pairs striped 8-byte counters", i32, 96, 3,
        LAUNCH((radix_kernel<int, 96, 3, STRIPED, true, 4, true, cub::BLOCK_SCAN_WARP_SCANS,
                             cudaSharedMemBankSizeEightByte><<<1, 96>>>(din, dout, dv, 0, 32))));
    run("radix i32 16x4x5 2-D pairs desc", ieq, 64, 5,
        LAUNCH((radix_kernel<int, 16, 5, DESC, true, 4, true, cub::BLOCK_SCAN_WARP_SCANS,
                             cudaSharedMemBankSizeFourByte, 4><<<1, dim3(16, 4)>>>(din, dout, dv, 0, 32))));
    run("radix i32 48x5 pairs (raking fallback)", ieq, 48, 5,
        LAUNCH((radix_kernel<int, 48, 5, SORT, true><<<1, 48>>>(din, dout, dv, 0, 32))));

    // ---- BlockMergeSort ----
    run("merge int 128x4 pairs", ieq, 128, 4,
        LAUNCH((merge_kernel<int, 128, 4, true, false><<<1, 128>>>(din, dout, dv, -1, 0))));
    run("merge int 64x7 pairs valid 300 oob 99", ieq, 64, 7,
        LAUNCH((merge_kernel<int, 64, 7, true, false><<<1, 64>>>(din, dout, dv, 300, 99))));
    run("merge int 64x7 keys valid 3 oob 99", ieq, 64, 7,
        LAUNCH((merge_kernel<int, 64, 7, false, false><<<1, 64>>>(din, dout, dv, 3, 99))));
    run("merge int 32x5 pairs stable valid 0 oob -7", ieq, 32, 5,
        LAUNCH((merge_kernel<int, 32, 5, true, true><<<1, 32>>>(din, dout, dv, 0, -7))));
    run("merge int 32x5 pairs stable valid 101 oob 2", ieq, 32, 5,
        LAUNCH((merge_kernel<int, 32, 5, true, true><<<1, 32>>>(din, dout, dv, 101, 2))));
    run("merge f32 64x7 pairs", f32m, 64, 7,
        LAUNCH((merge_kernel<float, 64, 7, true, false><<<1, 64>>>(din, dout, dv, -1, 0.0f))));
    run("merge f32 128x3 keys stable", f32m, 128, 3,
        LAUNCH((merge_kernel<float, 128, 3, false, true><<<1, 128>>>(din, dout, dv, -1, 0.0f))));
    run("merge f32 128x3 pairs valid 200 oob -0", f32m, 128, 3,
        LAUNCH((merge_kernel<float, 128, 3, true, false><<<1, 128>>>(din, dout, dv, 200, -0.0f))));

    // ---- WarpMergeSort ----
    run("warp32 int 4 pairs", ieq, 64, 4, LAUNCH((warp_merge_kernel<int, 32, 4, true><<<1, 64>>>(din, dout, dv, -1, 0))));
    run("warp32 int 4 pairs valid 77 oob 50", ieq, 64, 4,
        LAUNCH((warp_merge_kernel<int, 32, 4, true><<<1, 64>>>(din, dout, dv, 77, 50))));
    run("warp16 f32 3 pairs", f32m, 64, 3,
        LAUNCH((warp_merge_kernel<float, 16, 3, true><<<1, 64>>>(din, dout, dv, -1, 0.0f))));
    run("warp16 f32 3 pairs valid 20 oob 1", f32m, 64, 3,
        LAUNCH((warp_merge_kernel<float, 16, 3, true><<<1, 64>>>(din, dout, dv, 20, 1.0f))));
    run("warp8 int 5 keys", ieq, 64, 5, LAUNCH((warp_merge_kernel<int, 8, 5, false><<<1, 64>>>(din, dout, dv, -1, 0))));
    run("warp8 int 5 keys valid 13 oob 9", ieq, 64, 5,
        LAUNCH((warp_merge_kernel<int, 8, 5, false><<<1, 64>>>(din, dout, dv, 13, 9))));
    return 0;
}
