// An int atomic two bytes into an allocation: the H200 fails the launch (cudaErrorMisalignedAddress).
#include <cstdio>
__global__ void k(char *p) { atomicAdd((int *)(p + 2), 1); }
int main()
{
    char *d;
    cudaMalloc(&d, 64);
    k<<<1, 1>>>(d);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
