// atomicAdd on floats flushes subnormals whatever -ftz says: a build without -ftz=true. Prints
// the memory after 2^-149 + 2^-149, the value returned, the memory after 0x00400000 + 2^-149
// (no result used: red.add on the GPU), the memory after 0x00000003 + 0 and the value returned.
// The H100's line (docs/probes/sqrt_tanh_approx_probe.h100.txt): 00000000 00000001 00000000 00000000 00000003
#include <cstdio>
#include <cstring>

__global__ void k(float *v, float *was)
{
    was[0] = atomicAdd(&v[0], __uint_as_float(1u));
    atomicAdd(&v[1], __uint_as_float(1u));
    was[1] = atomicAdd(&v[2], 0.0f);
}

int main()
{
    float *v, *was;
    cudaMallocManaged(&v, 12);
    cudaMallocManaged(&was, 8);
    unsigned init[3] = {1u, 0x00400000u, 3u};
    memcpy(v, init, 12);
    k<<<1, 1>>>(v, was);
    cudaDeviceSynchronize();
    unsigned vb[3], wb[2];
    memcpy(vb, v, 12);
    memcpy(wb, was, 8);
    printf("%08x %08x %08x %08x %08x\n", vb[0], wb[0], vb[1], vb[2], wb[1]);
    cudaFree(v);
    cudaFree(was);
    return 0;
}
