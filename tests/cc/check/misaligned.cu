// memcheck: a 4-byte load from an address 2 bytes into an allocation.
#include <cstdio>

__global__ void peek(const char *p, int *out)
{
    *out = *(const int *)(p + 2);
}

int main()
{
    char *p;
    int *out;
    cudaMalloc(&p, 64);
    cudaMalloc(&out, sizeof(int));
    cudaMemset(p, 0, 64);
    peek<<<1, 1>>>(p, out);
    cudaError_t e = cudaDeviceSynchronize();
    printf("peek: %s\n", cudaGetErrorName(e));
    return 0;
}
