// racecheck: a block sum in shared memory with one __syncthreads missing.
#include <cstdio>

__global__ void block_sum(const int *in, int *out)
{
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    for (int stride = 128; stride > 0; stride >>= 1) {
        if (t < stride)
            s[t] += s[t + stride];
        // the bug: no __syncthreads() here
    }
    if (t == 0)
        *out = s[0];
}

int main()
{
    int h[256], *in, *out, sum = 0;
    for (int i = 0; i < 256; i++)
        h[i] = 1;
    cudaMalloc(&in, sizeof h);
    cudaMalloc(&out, sizeof(int));
    cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
    block_sum<<<1, 256>>>(in, out);
    cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
    printf("sum: %d\n", sum);
    return 0;
}
