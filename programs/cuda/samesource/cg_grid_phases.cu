// cg_grid_phases.cu: a cooperative launch whose blocks meet at grid.sync() eight times.
// 5 blocks of 80 threads (the third warp of each block half full). Across every grid.sync()
// each thread keeps its locals (a small array on its stack), each block keeps its static and
// dynamic shared memory, and each warp's tile collectives go on; between two grid.sync() calls
// every block reads what the others wrote before the last one, and an atomic counter is read
// after the barrier that follows its increments. Grid rank 0 prints at every step (one thread,
// so the order is the GPU's too); the host prints every thread's result.
// Build: nvcc -arch=sm_90 -fmad=false cg_grid_phases.cu  |  warpsim cc cg_grid_phases.cu
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>

namespace cg = cooperative_groups;

#define CHECK(call)                                                                                                    \
    do {                                                                                                               \
        cudaError_t e_ = (call);                                                                                       \
        if (e_ != cudaSuccess) {                                                                                       \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_));                     \
            return 1;                                                                                                  \
        }                                                                                                              \
    } while (0)

__global__ void phases(int *data, int *counter, float *out, int steps)
{
    cg::grid_group g = cg::this_grid();
    cg::thread_block b = cg::this_thread_block();
    auto tile = cg::tiled_partition<16>(b);
    __shared__ int ring[80];
    extern __shared__ float scale[];
    unsigned r = (unsigned)g.thread_rank(), n = (unsigned)g.size(), t = threadIdx.x;
    int kept[4] = {(int)r, 0, 0, 0};
    scale[t] = 1.0f + (float)(blockIdx.x * 80 + t) / 128.0f;
    data[r] = (int)(r * 7 % 23);
    g.sync();
    for (int s = 0; s < steps; s++) {
        ring[t] = data[(r + 13 * (unsigned)s + 1) % n];
        b.sync();
        int mine = ring[(t + 1) % blockDim.x] + kept[s % 4];
        int tile_sum = cg::reduce(tile, mine, cg::plus<int>());
        if (t == 0)
            atomicAdd(counter, s + 1);
        g.sync();
        int count = *counter; /* every block's increment of this step, none of the next's */
        data[r] = (mine * 3 + tile_sum) % 1000;
        kept[(s + 1) % 4] += mine % 17;
        scale[t] = scale[t] * 0.75f + (float)(mine % 9) / 8.0f;
        g.sync();
        if (r == 0)
            printf("step %d: counter %d, data %d %d %d, scale %a\n", s, count, data[0], data[n / 2], data[n - 1],
                   scale[t]);
    }
    out[r] = scale[t] + (float)(kept[0] + kept[1] + kept[2] + kept[3]);
}

int main()
{
    const int blocks = 5, threads = 80, n = blocks * threads, steps = 4;
    int *d_data, *d_counter;
    float *d_out;
    CHECK(cudaMalloc(&d_data, n * sizeof(int)));
    CHECK(cudaMalloc(&d_counter, sizeof(int)));
    CHECK(cudaMalloc(&d_out, n * sizeof(float)));
    CHECK(cudaMemset(d_counter, 0, sizeof(int)));
    int s = steps;
    void *args[] = {&d_data, &d_counter, &d_out, &s};
    CHECK(cudaLaunchCooperativeKernel((void *)phases, dim3(blocks), dim3(threads), args, threads * sizeof(float), 0));
    CHECK(cudaDeviceSynchronize());
    static float out[n];
    static int data[n];
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(data, d_data, sizeof data, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i += 8)
        printf("%3d: %a %a %a %a %a %a %a %a | %d\n", i, out[i], out[i + 1], out[i + 2], out[i + 3], out[i + 4],
               out[i + 5], out[i + 6], out[i + 7], data[i]);
    return 0;
}
