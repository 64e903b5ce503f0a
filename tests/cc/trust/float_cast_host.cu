// A cast of a float that int cannot hold in host code of a .cu file: the
// host's own conversion, as in nvcc's build, not reported as the GPU's, and
// no hang (the check's handler passes it on to a UBSan runtime if one is
// linked, and to nothing else). The kernel's in-range cast is ordinary.
#include <cstdio>
__global__ void k(const float *in, int *o) { o[threadIdx.x] = (int)in[threadIdx.x]; }
int main()
{
    volatile float big = 1e10f;
    int host = (int)big; /* undefined in C++; the value is not printed */
    (void)host;
    printf("host cast done\n");
    float h[2] = {2.5f, -7.75f}, *d;
    int *o, r[2];
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&o, sizeof r);
    cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 2>>>(d, o);
    cudaMemcpy(r, o, sizeof r, cudaMemcpyDeviceToHost);
    printf("%d %d %s\n", r[0], r[1], cudaGetErrorName(cudaGetLastError()));
    return 0;
}
