// At and past the end of a __shared__ int s[32]: the H200 fails the launch (cudaErrorIllegalAddress)
// from s[32] on; s[-1] lands in the 1 KiB below the variables and does not fault.
#include <cstdio>
#include <cstdlib>
__global__ void k(int idx, int *out)
{
    __shared__ int s[32];
    s[threadIdx.x] = (int)threadIdx.x;
    __syncthreads();
    if (threadIdx.x == 0 && blockIdx.x == 1) {
        s[idx] = 77;
        out[0] = s[idx];
    }
}
int main(int argc, char **argv)
{
    int *d;
    cudaMalloc(&d, sizeof(int));
    k<<<4, 32>>>(atoi(argv[1]), d);
    cudaError_t launch = cudaGetLastError(), sync = cudaDeviceSynchronize();
    printf("s[%s]: launch %s, sync %s\n", argv[1], cudaGetErrorName(launch), cudaGetErrorName(sync));
    return 0;
}
