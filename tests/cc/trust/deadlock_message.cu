// Issue 20: a deadlock's report is whole, its thread lists as ranges and
// strides (0,2,...,254), and names the first block whatever the thread
// count. Even threads wait at __syncthreads for the odd ones, which wait in
// a full-mask shuffle for the even ones: no thread can go on. warpsim's
// answer (the bounded report that replaces a hang), not the H200's.
#include <cstdio>
__global__ void k(int *o)
{
    int t = threadIdx.x;
    if (t % 2 == 0)
        __syncthreads();
    else
        o[t] = __shfl_sync(0xffffffff, t, 0);
}
int main()
{
    int *o;
    cudaMalloc(&o, 256 * sizeof(int));
    k<<<2, 256>>>(o);
    printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
