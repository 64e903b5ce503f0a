// Static variables and the dynamic array share one window without overlapping; every block starts
// from zeros, whatever an earlier block or launch left; a racy read (no __syncthreads) gives the same
// bits for any number of OS threads.
#include <cstdio>
__global__ void k(int *out)
{
    __shared__ int a;
    __shared__ double b[3];
    extern __shared__ int dyn[];
    __shared__ char c[5];
    int t = threadIdx.x;
    int before = dyn[t] + (t < 3 ? (int)b[t] : 0) + (t < 5 ? c[t] : 0) + a; // all zero
    __syncthreads();
    dyn[t] = t + 1;
    if (t < 3) b[t] = 100.0 + t;
    if (t < 5) c[t] = (char)(10 + t);
    if (t == 0) a = 7;
    int racy = dyn[(t + 33) % 64]; // written by another warp or not yet: no barrier
    __syncthreads();
    int sum = 0;
    for (int i = 0; i < 64; i++)
        sum += dyn[i];
    out[blockIdx.x * 64 + t] = before * 1000000 + sum * 100 + (int)b[2] % 100 + c[4] + a;
    out[256 + blockIdx.x * 64 + t] = racy;
}
int main()
{
    int *d, h[2 * 4 * 64];
    cudaMalloc(&d, sizeof h);
    for (int launch = 0; launch < 2; launch++) {
        k<<<4, 64, 64 * sizeof(int)>>>(d);
        cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
        int same = 1;
        long long racy = 0;
        for (int i = 0; i < 4 * 64; i++) {
            same &= h[i] == h[0];
            racy = racy * 31 + h[256 + i];
        }
        printf("block 0 thread 0: %d, every thread the same: %s, %s\n", h[0], same ? "yes" : "no",
               cudaGetErrorName(cudaGetLastError()));
        printf("racy: %lld\n", racy); // not the GPU's (a race): the same for any number of OS threads

    }
    return 0;
}
