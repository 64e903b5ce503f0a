// grid_group's split barrier (barrier_arrive / barrier_wait) in a cooperative launch: each thread
// writes before it arrives and reads another block's value after it waits. By hand, block b sums
// block (b + 1) % 4's values: 64 * ((b + 1) % 4) * 1000 + (0 + 1 + ... + 63) = 64000 * ((b + 1) % 4) + 2016.
// In a <<<>>> launch the wait fails the launch, as grid.sync() does.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void split(int *cells, int *sums)
{
    cg::grid_group grid = cg::this_grid();
    cells[blockIdx.x * 64 + threadIdx.x] = (int)blockIdx.x * 1000 + (int)threadIdx.x;
    auto token = grid.barrier_arrive();
    grid.barrier_wait(std::move(token));
    atomicAdd(&sums[blockIdx.x], cells[((blockIdx.x + 1) % 4) * 64 + threadIdx.x]);
}

int main()
{
    int *cells, *sums, h[4];
    cudaMalloc(&cells, 256 * sizeof(int));
    cudaMalloc(&sums, sizeof h);
    cudaMemset(sums, 0, sizeof h);
    void *args[] = {&cells, &sums};
    cudaError_t e = cudaLaunchCooperativeKernel((void *)split, dim3(4), dim3(64), args, 0, 0);
    cudaMemcpy(h, sums, sizeof h, cudaMemcpyDeviceToHost);
    printf("cooperative %s: %d %d %d %d\n", cudaGetErrorName(e), h[0], h[1], h[2], h[3]);
    split<<<4, 64>>>(cells, sums);
    printf("plain %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
}
