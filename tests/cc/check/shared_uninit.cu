// initcheck: half of a __shared__ tile is written, all of it is read.
#include <cstdio>

__global__ void mirror(int *out)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    if (t < 32)
        s[t] = t;
    __syncthreads();
    out[t] = s[63 - t];  // the bug: threads 0..31 read s[63..32], never written
}

int main()
{
    int *d, h[64];
    cudaMalloc(&d, 64 * sizeof(int));
    mirror<<<1, 64>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("mirror: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
}
