// Integer division by zero and INT_MIN / -1: the H200 computes a value and does not fault.
#include <climits>
#include <cstdio>
__global__ void k(const int *v, int *o)
{
    o[0] = v[0] / v[1];
    o[1] = v[0] % v[1];
    o[2] = v[2] / v[3];
    o[3] = v[2] % v[3];
}
int main()
{
    int h[4] = {INT_MIN, -1, 7, 0}, *v, *o, r[4];
    cudaMalloc(&v, sizeof h);
    cudaMalloc(&o, sizeof r);
    cudaMemcpy(v, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 32>>>(v, o);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
    printf("INT_MIN / -1 = %d, INT_MIN %% -1 = %d, 7 / 0 = %d, 7 %% 0 = %d, %s\n", r[0], r[1], r[2], r[3],
           cudaGetErrorName(e));
    return 0;
}
