// cub::DeviceFor, cub::DeviceTransform and cub::DeviceAdjacentDifference as CUB's documentation
// uses them (CUDA 13 spelling):
// ForEach squaring in place, ForEachN halving the first 100, ForEachCopyN counting even values with an atomic, Bulk
// writing each index's square, Transform of one input (x * 2.5f + 1) and of two inputs in a
// cuda::std::tuple (a * b - a), in place too, with and without the temporary-storage arguments;
// SubtractLeftCopy of ints, SubtractRight of floats in place with an operator of our own.
// Prints each result array (FNV-1a hash, first and last values) and the temp_storage_bytes.
//   nvcc -arch=sm_90 -fmad=false programs/cuda/samesource/cub_device_for.cu -o cdf && ./cdf
#include <cub/device/device_adjacent_difference.cuh>
#include <cub/device/device_for.cuh>
#include <cub/device/device_transform.cuh>
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
    printf("error %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
