// scripts/check-bench.sh's heavy case: a shared-memory tree reduction and a
// 1-D stencil over 2^20 elements each, and a 512x512 matrix product in
// 16x16 shared tiles (matrixMul's loop): every load and store a checked one.
#include <cstdio>

__global__ void tree_sum(const float *in, float *out)
{
    __shared__ float s[256];
    unsigned t = threadIdx.x, i = blockIdx.x * 256 + t;
    s[t] = in[i];
    __syncthreads();
    for (unsigned stride = 128; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        __syncthreads();
    }
    if (t == 0)
        out[blockIdx.x] = s[0];
}

__global__ void stencil(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1)
        out[i] = 0.25f * in[i - 1] + 0.5f * in[i] + 0.25f * in[i + 1];
}

__global__ void mat_mul(const float *a, const float *b, float *c, int n)
{
    __shared__ float as[16][16], bs[16][16];
    int tx = threadIdx.x, ty = threadIdx.y, row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx;
    float sum = 0;
    for (int t = 0; t < n; t += 16) {
        as[ty][tx] = a[row * n + t + tx];
        bs[ty][tx] = b[(t + ty) * n + col];
        __syncthreads();
        for (int k = 0; k < 16; k++)
            sum += as[ty][k] * bs[k][tx];
        __syncthreads();
    }
    c[row * n + col] = sum;
}

int main()
{
    const int n = 1 << 20, blocks = n / 256;
    float *h = new float[n], *in, *out, *sums;
    for (int i = 0; i < n; i++)
        h[i] = (float)(i % 17) * 0.5f;
    cudaMalloc(&in, n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    cudaMalloc(&sums, blocks * sizeof(float));
    cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemset(out, 0, n * sizeof(float));
    tree_sum<<<blocks, 256>>>(in, sums);
    stencil<<<blocks, 256>>>(in, out, n);
    mat_mul<<<dim3(32, 32), dim3(16, 16)>>>(in, in + 262144, out, 512);
    cudaMemcpy(h, sums, blocks * sizeof(float), cudaMemcpyDeviceToHost);
    double total = 0;
    for (int b = 0; b < blocks; b++)
        total += h[b];
    printf("sum %.1f\n", total);
    delete[] h;
    return 0;
}
