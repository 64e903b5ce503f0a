// initcheck: a kernel reads device memory that nothing wrote.
#include <cstdio>

__global__ void copy(const int *in, int *out)
{
    out[threadIdx.x] = in[threadIdx.x] + 1;
}

int main()
{
    int *in, *out, h[32];
    cudaMalloc(&in, 32 * sizeof(int));   // never written
    cudaMalloc(&out, 32 * sizeof(int));
    copy<<<1, 32>>>(in, out);
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("copied: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
