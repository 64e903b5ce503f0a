// grid_misuse.cu: cooperative launches used wrongly, one case per argument (tests/cc/cg_test.sh).
//   returned   block 3 of 4 returns before grid.sync(): the H200 waits forever (a hang; warpsim
//              fails the launch with a DEADLOCK diagnostic at the grid.sync() line)
//   plain      grid.sync() in a <<<>>> launch (not cooperative)
//   too_large  265 blocks of 1024 threads: more than the H200 holds at once (2 per multiprocessor)
//   largest    264 blocks of 1024 threads: the largest such grid, which runs
//   ex         the same through cudaLaunchKernelEx with cudaLaunchAttributeCooperative
//   ex_large   265 blocks that way
//   order      8 blocks, block 0 the slowest: each block prints before and after grid.sync() and
//              takes a slot with atomicAdd after it. On a GPU both orders vary; warpsim's rule
//              (blocks in order within each phase, the phases in order) gives one answer for
//              any number of threads, which the test holds it to
// Each prints "MODE: launch NAME, sync NAME" with the two errors' names, then what the kernel wrote.
// docs/probes/grid_misuse.h200.txt is what the H200 printed.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstring>

namespace cg = cooperative_groups;

__global__ void early_return(int *out)
{
    if (blockIdx.x == 3)
        return;
    out[blockIdx.x] = 1;
    cg::this_grid().sync(); // the line a deadlock names
    out[blockIdx.x] = 2;
}

__global__ void count_blocks(int *out)
{
    cg::grid_group g = cg::this_grid();
    if (threadIdx.x == 0)
        atomicAdd(&out[0], 1);
    g.sync(); // the line the plain launch names
    if (g.thread_rank() == 0)
        out[1] = out[0];
}

__global__ void phase_order(int *out)
{
    cg::grid_group g = cg::this_grid();
    if (threadIdx.x == 0)
        printf("before %u\n", blockIdx.x);
    g.sync();
    volatile int spin = 0;
    if (blockIdx.x == 0) /* the slowest in the phase whose atomics are watched */
        for (int i = 0; i < 2000000; i++)
            spin = spin + 1;
    if (threadIdx.x == 0) {
        out[2 + atomicAdd(&out[0], 1)] = (int)blockIdx.x;
        printf("after %u\n", blockIdx.x);
    }
    g.sync();
    if (g.thread_rank() == 0) {
        printf("slots");
        for (int i = 0; i < 8; i++)
            printf(" %d", out[2 + i]);
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int *o;
    cudaMalloc(&o, 16 * sizeof(int));
    cudaMemset(o, 0, 16 * sizeof(int));
    const char *m = argv[1];
    cudaError_t launch = cudaSuccess;
    void *args[] = {&o};
    if (!strcmp(m, "returned"))
        launch = cudaLaunchCooperativeKernel((void *)early_return, 4, 32, args, 0, 0);
    else if (!strcmp(m, "plain")) {
        count_blocks<<<4, 32>>>(o);
        launch = cudaGetLastError();
    } else if (!strcmp(m, "too_large"))
        launch = cudaLaunchCooperativeKernel((void *)count_blocks, 265, 1024, args, 0, 0);
    else if (!strcmp(m, "largest"))
        launch = cudaLaunchCooperativeKernel((void *)count_blocks, 264, 1024, args, 0, 0);
    else if (!strcmp(m, "order"))
        launch = cudaLaunchCooperativeKernel((void *)phase_order, 8, 32, args, 0, 0);
    else if (!strcmp(m, "ex") || !strcmp(m, "ex_large")) {
        cudaLaunchAttribute attr[1];
        attr[0].id = cudaLaunchAttributeCooperative;
        attr[0].val.cooperative = 1;
        cudaLaunchConfig_t config = {};
        config.gridDim = dim3(!strcmp(m, "ex") ? 264 : 265);
        config.blockDim = dim3(1024);
        config.attrs = attr;
        config.numAttrs = 1;
        launch = cudaLaunchKernelEx(&config, count_blocks, o);
    }
    else
        return 2;
    cudaError_t sync = cudaDeviceSynchronize();
    int h[2] = {-1, -1};
    cudaError_t copy = cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    printf("%s: launch %s, sync %s, copy %s, out %d %d\n", m, cudaGetErrorName(launch), cudaGetErrorName(sync),
           cudaGetErrorName(copy), h[0], h[1]);
    return 0;
}
