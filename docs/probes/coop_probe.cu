// Cooperative launches on the GPU (issue 21): the largest grid that
// cudaLaunchCooperativeKernel accepts for several block sizes and shared
// memory sizes, the error beyond it, occupancy's answers, and grid.sync()
// ordering across blocks. docs/probes/coop_probe.h200.txt is the H200's output.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
__global__ void step(int *data, int *out, int use_pad)
{
    cg::grid_group g = cg::this_grid();
    extern __shared__ int pad[];
    if (threadIdx.x == 0 && use_pad)
        pad[0] = 1;
    unsigned r = (unsigned)g.thread_rank();
    data[r] = (int)r;
    g.sync();
    unsigned n = (unsigned)g.size();
    out[r] = data[(r + 1) % n] + (use_pad ? pad[0] - 1 : 0);
}
__global__ void valid(int *o) { o[0] = cg::this_grid().is_valid(); }
int main()
{
    int *data, *out;
    cudaMalloc(&data, 132 * 32 * 1024 * sizeof(int));
    cudaMalloc(&out, 132 * 32 * 1024 * sizeof(int));
    int threads[] = {32, 64, 128, 256, 512, 1024};
    size_t shared[] = {0, 16384, 49152};
    for (int t : threads)
        for (size_t s : shared) {
            int per_sm = -1;
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, step, t, s);
            int best = 0;
            cudaError_t beyond = cudaSuccess;
            for (int blocks = 1; blocks <= 132 * 32 + 1; blocks++) {
                int use_pad = s > 0;
                void *args[] = {&data, &out, &use_pad};
                cudaError_t e = cudaLaunchCooperativeKernel((void *)step, blocks, t, args, s, 0);
                cudaError_t s2 = cudaDeviceSynchronize();
                if (e != cudaSuccess || s2 != cudaSuccess) {
                    beyond = e != cudaSuccess ? e : s2;
                    cudaGetLastError();
                    break;
                }
                best = blocks;
                if (blocks < 132 * per_sm - 2 && per_sm > 0)
                    blocks = 132 * per_sm - 2;
            }
            int h[4] = {0};
            cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
            printf("threads %4d shared %5zu: occupancy %2d blocks/SM, largest cooperative grid %4d, beyond: %d (%s), out %d %d %d %d\n",
                   t, s, per_sm, best, (int)beyond, cudaGetErrorName(beyond), h[0], h[1], h[2], h[3]);
        }
    int *o;
    cudaMallocManaged(&o, sizeof(int));
    valid<<<1, 1>>>(o);
    cudaDeviceSynchronize();
    printf("is_valid in a <<<>>> launch: %d\n", o[0]);
    void *args[] = {&o};
    cudaLaunchCooperativeKernel((void *)valid, 1, 1, args, 0, 0);
    cudaDeviceSynchronize();
    printf("is_valid in a cooperative launch: %d\n", o[0]);
    return 0;
}
