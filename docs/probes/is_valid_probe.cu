// is_valid_probe.cu: what this_grid().is_valid() answers on the GPU: in a <<<>>> launch before
// any cooperative launch of the process, in a cooperative launch, and in a <<<>>> launch after
// one. is_valid_probe.h200.txt is the H200's output (CUDA 13.0.88, 2026-12-02): 0, 1, 1 (the
// driver's grid workspace outlives the cooperative launch). warpsim cc cannot build it yet
// (cudaLaunchCooperativeKernel); the front end's ws_cuda_grid_is_cooperative_ answers 1.
// Build: nvcc -arch=sm_90 is_valid_probe.cu
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void plain(int *o) { o[0] = cg::this_grid().is_valid(); }

__global__ void coop(int *o)
{
    cg::grid_group g = cg::this_grid();
    o[1] = g.is_valid();
    g.sync();
}

int main()
{
    int *o;
    cudaMallocManaged(&o, 4 * sizeof(int));
    plain<<<1, 1>>>(o);
    cudaDeviceSynchronize();
    printf("p3 plain before any cooperative launch: %d\n", o[0]);
    void *args[] = {&o};
    cudaLaunchCooperativeKernel((void *)coop, 2, 32, args, 0, 0);
    cudaDeviceSynchronize();
    printf("p3 cooperative: %d\n", o[1]);
    o[0] = -1;
    plain<<<1, 1>>>(o);
    cudaDeviceSynchronize();
    printf("p3 plain after a cooperative launch: %d\n", o[0]);
    return 0;
}
