// cub::DeviceFor, cub::DeviceTransform, cub::DeviceAdjacentDifference and cub::DeviceMerge as
// CUB's documentation uses them (CUDA 13 spelling):
// ForEach squaring in place, ForEachN halving the first 100, ForEachCopyN counting even values with an atomic, Bulk
// writing each index's square, Transform of one input (x * 2.5f + 1) and of two inputs in a
// cuda::std::tuple (a * b - a), in place too, with and without the temporary-storage arguments;
// SubtractLeftCopy of ints, SubtractRight of floats in place with an operator of our own;
// MergeKeys of two sorted int sequences with equal keys across them, MergePairs of floats sorted
// descending (cuda::std::greater<>) whose values show which sequence each equal key came from.
// Prints each result array (FNV-1a hash, first and last values) and the temp_storage_bytes.
//   nvcc -arch=sm_90 -fmad=false programs/cuda/samesource/cub_device_for.cu -o cdf && ./cdf
#include <cub/device/device_adjacent_difference.cuh>
#include <cub/device/device_for.cuh>
#include <cub/device/device_merge.cuh>
#include <cub/device/device_transform.cuh>
#include <cuda/std/functional>
#include <cuda/std/tuple>

#include <cstdio>
#include <cstring>
#include <vector>

struct Square {
    __device__ void operator()(int &x) const { x = x * x; }
};
struct Halve {
    __device__ void operator()(int &x) const { x /= 2; }
};
struct CountEven {
    int *count;
    __device__ void operator()(int x) const
    {
        if (x % 2 == 0)
            atomicAdd(count, 1);
    }
};
struct IndexSquare {
    long long *out;
    __device__ void operator()(int i) const { out[i] = (long long)i * i; }
};
struct Affine {
    __device__ float operator()(float x) const { return x * 2.5f + 1.0f; }
};
struct MulSub {
    __device__ float operator()(float a, float b) const { return a * b - a; }
};
struct HalfDiff {
    __device__ float operator()(float cur, float right) const { return (right - cur) * 0.5f; }
};

static unsigned long long fnv(const void *p, size_t n)
{
    const unsigned char *b = (const unsigned char *)p;
    unsigned long long h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 1099511628211ull;
    return h;
}
template <typename T> static void show(const char *name, const T *d, int n)
{
    std::vector<T> h(n);
    cudaMemcpy(h.data(), d, sizeof(T) * n, cudaMemcpyDeviceToHost);
    unsigned long long first = 0, last = 0;
    memcpy(&first, &h[0], sizeof(T));
    memcpy(&last, &h[n - 1], sizeof(T));
    printf("%s fnv=%016llx first %llx last %llx\n", name, fnv(h.data(), sizeof(T) * n), first, last);
}

int main()
{
    const int n = 10007;
    std::vector<int> hi(n);
    std::vector<float> ha(n), hb(n);
    for (int i = 0; i < n; i++) {
        hi[i] = (i * 7919) % 2001 - 1000;
        ha[i] = (float)((i * 37) % 1000 - 500) / 64.0f + 0.1f;
        hb[i] = (float)((i * 91) % 777) / 128.0f - 1.3f;
    }
    int *di, *count;
    long long *sq;
    float *da, *db, *out;
    cudaMalloc(&di, sizeof(int) * n);
    cudaMalloc(&count, sizeof(int));
    cudaMalloc(&sq, sizeof(long long) * n);
    cudaMalloc(&da, sizeof(float) * n);
    cudaMalloc(&db, sizeof(float) * n);
    cudaMalloc(&out, sizeof(float) * n);
    cudaMemcpy(di, hi.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
    cudaMemcpy(da, ha.data(), sizeof(float) * n, cudaMemcpyHostToDevice);
    cudaMemcpy(db, hb.data(), sizeof(float) * n, cudaMemcpyHostToDevice);
    cudaMemset(count, 0, sizeof(int));

    size_t bytes = 0;
    cub::DeviceFor::ForEachCopyN(nullptr, bytes, di, n, CountEven{count});
    printf("temp ForEachCopyN %zu\n", bytes);
    void *temp;
    cudaMalloc(&temp, bytes);
    cub::DeviceFor::ForEachCopyN(temp, bytes, di, n, CountEven{count});
    cub::DeviceFor::ForEach(di, di + n, Square{});
    cub::DeviceFor::ForEachN(di, 100, Halve{});
    cub::DeviceFor::Bulk(n, IndexSquare{sq});
    cudaDeviceSynchronize();
    int h_count = 0;
    cudaMemcpy(&h_count, count, sizeof(int), cudaMemcpyDeviceToHost);
    printf("ForEachCopyN even count %d\n", h_count);
    show("ForEach squares, ForEachN halves", di, n);
    show("Bulk index squares", sq, n);

    cub::DeviceTransform::Transform(da, out, n, Affine{});
    show("Transform affine", out, n);
    cub::DeviceTransform::Transform(cuda::std::make_tuple(da, db), out, n, MulSub{});
    show("Transform tuple mulsub", out, n);
    bytes = 0;
    cub::DeviceTransform::Transform(nullptr, bytes, da, da, n, Affine{});
    printf("temp Transform %zu\n", bytes);
    cub::DeviceTransform::Transform(temp, bytes, da, da, n, Affine{});
    show("Transform in place", da, n);

    int *diff;
    cudaMalloc(&diff, sizeof(int) * n);
    cudaMemcpy(di, hi.data(), sizeof(int) * n, cudaMemcpyHostToDevice);
    bytes = 0;
    cub::DeviceAdjacentDifference::SubtractLeftCopy(nullptr, bytes, di, diff, n);
    printf("temp SubtractLeftCopy %zu\n", bytes);
    cub::DeviceAdjacentDifference::SubtractLeftCopy(temp, bytes, di, diff, n);
    show("SubtractLeftCopy", diff, n);
    cudaMemcpy(db, hb.data(), sizeof(float) * n, cudaMemcpyHostToDevice);
    bytes = 0;
    cub::DeviceAdjacentDifference::SubtractRight(nullptr, bytes, db, n, HalfDiff{});
    printf("temp SubtractRight %zu\n", bytes);
    void *temp2;
    cudaMalloc(&temp2, bytes);
    cub::DeviceAdjacentDifference::SubtractRight(temp2, bytes, db, n, HalfDiff{});
    show("SubtractRight in place", db, n);

    const int n1 = 5000, n2 = 3001;
    std::vector<int> k1(n1), k2(n2);
    std::vector<float> f1(n1), f2(n2);
    std::vector<int> v1(n1), v2(n2);
    for (int i = 0; i < n1; i++) {
        k1[i] = i / 3 * 2;
        f1[i] = (float)(n1 - i) * 0.25f;
        v1[i] = i;
    }
    for (int i = 0; i < n2; i++) {
        k2[i] = i / 2 * 3;
        f2[i] = (float)(n2 - i) * 0.5f;
        v2[i] = 100000 + i;
    }
    int *dk1 = nullptr, *dk2 = nullptr, *dko = nullptr, *dv1 = nullptr, *dv2 = nullptr, *dvo = nullptr;
    float *df1 = nullptr, *df2 = nullptr, *dfo = nullptr;
    cudaMalloc(&dk1, sizeof(int) * n1);
    cudaMalloc(&dk2, sizeof(int) * n2);
    cudaMalloc(&dko, sizeof(int) * (n1 + n2));
    cudaMalloc(&dv1, sizeof(int) * n1);
    cudaMalloc(&dv2, sizeof(int) * n2);
    cudaMalloc(&dvo, sizeof(int) * (n1 + n2));
    cudaMalloc(&df1, sizeof(float) * n1);
    cudaMalloc(&df2, sizeof(float) * n2);
    cudaMalloc(&dfo, sizeof(float) * (n1 + n2));
    cudaMemcpy(dk1, k1.data(), sizeof(int) * n1, cudaMemcpyHostToDevice);
    cudaMemcpy(dk2, k2.data(), sizeof(int) * n2, cudaMemcpyHostToDevice);
    cudaMemcpy(dv1, v1.data(), sizeof(int) * n1, cudaMemcpyHostToDevice);
    cudaMemcpy(dv2, v2.data(), sizeof(int) * n2, cudaMemcpyHostToDevice);
    cudaMemcpy(df1, f1.data(), sizeof(float) * n1, cudaMemcpyHostToDevice);
    cudaMemcpy(df2, f2.data(), sizeof(float) * n2, cudaMemcpyHostToDevice);
    bytes = 0;
    cub::DeviceMerge::MergeKeys(nullptr, bytes, dk1, n1, dk2, n2, dko);
    printf("temp MergeKeys %zu\n", bytes);
    void *temp3;
    cudaMalloc(&temp3, bytes);
    cub::DeviceMerge::MergeKeys(temp3, bytes, dk1, n1, dk2, n2, dko);
    show("MergeKeys", dko, n1 + n2);
    bytes = 0;
    cub::DeviceMerge::MergePairs(nullptr, bytes, df1, dv1, n1, df2, dv2, n2, dfo, dvo, cuda::std::greater<>{});
    printf("temp MergePairs %zu\n", bytes);
    void *temp4;
    cudaMalloc(&temp4, bytes);
    cub::DeviceMerge::MergePairs(temp4, bytes, df1, dv1, n1, df2, dv2, n2, dfo, dvo, cuda::std::greater<>{});
    show("MergePairs keys", dfo, n1 + n2);
    show("MergePairs values", dvo, n1 + n2);
    printf("error %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
