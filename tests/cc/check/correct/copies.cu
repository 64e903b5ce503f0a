// A correct program (no report expected): device memory and shared memory
// written through memset, memcpy and struct copies (calls the compiler may
// leave as they are), 16-byte copies of 8-aligned pairs, and compiler atomics.
#include <cstdio>
#include <cstring>

struct Pair {
    double a, b;
};
struct Wide {
    double x, y, z;
};

__global__ void fill(Wide *w, Pair *p, int *flags, int n)
{
    __shared__ Wide tile[64];
    __shared__ int zeros[64];
    int t = threadIdx.x;
    if (t == 0) {
        memset(zeros, 0, sizeof zeros);  // one thread clears, all read after the barrier
        for (int i = 0; i < 64; i++)
            tile[i] = Wide{1.0 * i, 2.0 * i, 3.0 * i};
    }
    __syncthreads();
    Wide mine = tile[t];  // a struct copy out of shared memory
    mine.x += zeros[(t + 1) % 64];
    w[blockIdx.x * 64 + t] = mine;  // a struct copy into device memory
    Pair q;
    memcpy(&q, &mine, sizeof q);
    p[blockIdx.x * 64 + t] = q;
    __atomic_fetch_add(&flags[blockIdx.x], 1, __ATOMIC_RELAXED);
    (void)n;
}

__global__ void sum(const Wide *w, const Pair *p, const int *flags, double *out)
{
    int i = blockIdx.x * 64 + threadIdx.x;
    Wide copy;
    memcpy(&copy, &w[i], sizeof copy);
    out[i] = copy.x + copy.y + copy.z + p[i].a + p[i].b + flags[blockIdx.x];
}

int main()
{
    const int blocks = 4, n = blocks * 64;
    Wide *w;
    Pair *p;
    int *flags;
    double *out, h[n];
    cudaMalloc(&w, n * sizeof(Wide));
    cudaMalloc(&p, n * sizeof(Pair));
    cudaMalloc(&flags, blocks * sizeof(int));
    cudaMalloc(&out, n * sizeof(double));
    cudaMemset(flags, 0, blocks * sizeof(int));
    fill<<<blocks, 64>>>(w, p, flags, n);
    sum<<<blocks, 64>>>(w, p, flags, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    double total = 0;
    for (int i = 0; i < n; i++)
        total += h[i];
    printf("total %.1f\n", total);
    return 0;
}
