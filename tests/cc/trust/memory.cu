// Copies and sets past the end of a 64-byte allocation, frees of what is no allocation: the H200
// returns cudaErrorInvalidValue for each and the process goes on.
#include <cstdio>
int main()
{
    char *s, h[256] = {0};
    int host_array[4];
    cudaMalloc(&s, 64);
    printf("memcpy 64 into 64: %s\n", cudaGetErrorName(cudaMemcpy(s, h, 64, cudaMemcpyHostToDevice)));
    printf("memcpy 65 into 64: %s\n", cudaGetErrorName(cudaMemcpy(s, h, 65, cudaMemcpyHostToDevice)));
    printf("memcpy 100 out of 64: %s\n", cudaGetErrorName(cudaMemcpy(h, s, 100, cudaMemcpyDeviceToHost)));
    printf("memset 65 of 64: %s\n", cudaGetErrorName(cudaMemset(s, 0, 65)));
    printf("free d+4: %s\n", cudaGetErrorName(cudaFree(s + 4)));
    printf("free d: %s\n", cudaGetErrorName(cudaFree(s)));
    printf("free d again: %s\n", cudaGetErrorName(cudaFree(s)));
    printf("free host array: %s\n", cudaGetErrorName(cudaFree(host_array)));
    char *kept;
    cudaMalloc(&kept, 100); // never freed, as most CUDA programs: no leak report
    return 0;
}
