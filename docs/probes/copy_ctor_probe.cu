// How often a by-value kernel argument's copy constructor runs (issue 20):
// each copy adds 1 to v, so every thread's value counts the copies before it.
#include <cstdio>
struct Counted {
    int v;
    __host__ __device__ Counted(int x) : v(x) {}
    __host__ __device__ Counted(const Counted &o) : v(o.v + 1) {}
};
__global__ void k(Counted c, int *o) { o[threadIdx.x] = c.v; }
int main()
{
    int *o;
    cudaMallocManaged(&o, 4 * sizeof(int));
    Counted c(0);
    k<<<1, 4>>>(c, o);
    cudaDeviceSynchronize();
    printf("copies seen by threads 0..3: %d %d %d %d\n", o[0], o[1], o[2], o[3]);
    return 0;
}
