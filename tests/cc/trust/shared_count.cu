// Every block counts its own threads in its own shared variable (H200: 64 in each of the 8 blocks).
#include <cstdio>
__global__ void k(int *out)
{
    __shared__ int c;
    atomicAdd(&c, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        out[blockIdx.x] = c;
}
int main()
{
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    for (int launch = 0; launch < 2; launch++) { // a second launch finds fresh shared memory too
        k<<<8, 64>>>(d);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        for (int i = 0; i < 8; i++)
            printf("%d ", h[i]);
        printf("%s\n", cudaGetErrorName(cudaGetLastError()));
    }
    return 0;
}
