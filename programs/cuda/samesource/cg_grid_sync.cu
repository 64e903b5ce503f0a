// cg_grid_sync.cu: Cooperative Groups' grid_group in a cooperative launch.
// A cooperative launch of 4 blocks of 96 threads: each thread's grid queries, then a value
// written before grid.sync() and read by another block after it, twice (grid.sync(), and sync
// of the grid as a thread_group); is_valid() in a plain launch after it. The output of an H200
// is tests/cc/samesource/expected/cg_grid_sync.out (2026-12-02).
// Build: nvcc -arch=sm_90 cg_grid_sync.cu  |  warpsim cc cg_grid_sync.cu
#include <cooperative_groups.h>
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

struct Out {
    unsigned long long rank, size, blocks, block_rank;
    unsigned bi[3], db[3], ti[3], dt[3];
    int valid, after1, after2;
};

__global__ void grid_kernel(int *data, Out *out)
{
    cg::grid_group g = cg::this_grid();
    unsigned long long r = g.thread_rank(), n = g.size();
    Out o;
    o.rank = r;
    o.size = n;
    o.blocks = g.num_blocks();
    o.block_rank = g.block_rank();
    dim3 bi = g.block_index(), db = g.dim_blocks(), ti = g.thread_index(), dt = g.dim_threads();
    o.bi[0] = bi.x, o.bi[1] = bi.y, o.bi[2] = bi.z;
    o.db[0] = db.x, o.db[1] = db.y, o.db[2] = db.z;
    o.ti[0] = ti.x, o.ti[1] = ti.y, o.ti[2] = ti.z;
    o.dt[0] = dt.x, o.dt[1] = dt.y, o.dt[2] = dt.z;
    o.valid = g.is_valid();
    data[r] = (int)(r * 3 + 1);
    g.sync();
    o.after1 = data[(r + 97) % n];
    cg::sync(g);
    data[r] = (int)(r * 5 + 2);
    cg::thread_group tg = g;
    tg.sync();
    o.after2 = data[(r + n - 1) % n];
    out[r] = o;
}

__global__ void plain(int *valid) { *valid = cg::this_grid().is_valid(); }

int main()
{
    const int blocks = 4, threads = 96, n = blocks * threads;
    int *d_data, *d_valid;
    Out *d_out;
    static Out o[n];
    CHECK(cudaMalloc(&d_data, n * sizeof(int)));
    CHECK(cudaMalloc(&d_out, sizeof o));
    CHECK(cudaMalloc(&d_valid, sizeof(int)));
    void *args[] = {&d_data, &d_out};
    CHECK(cudaLaunchCooperativeKernel((void *)grid_kernel, dim3(blocks), dim3(threads), args, 0, 0));
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(o, d_out, sizeof o, cudaMemcpyDeviceToHost));
    printf("grid of 4 blocks of 96: rank size blocks block_rank | block_index dim_blocks thread_index dim_threads | "
           "is_valid | after grid.sync() | after thread_group sync\n");
    for (int k = 0; k < n; k++)
        printf("%3d: %llu %llu %llu %llu | %u,%u,%u %u,%u,%u %u,%u,%u %u,%u,%u | %d | %d %d\n", k, o[k].rank, o[k].size,
               o[k].blocks, o[k].block_rank, o[k].bi[0], o[k].bi[1], o[k].bi[2], o[k].db[0], o[k].db[1], o[k].db[2],
               o[k].ti[0], o[k].ti[1], o[k].ti[2], o[k].dt[0], o[k].dt[1], o[k].dt[2], o[k].valid, o[k].after1,
               o[k].after2);
    plain<<<1, 1>>>(d_valid);
    CHECK(cudaGetLastError());
    int valid = -1;
    CHECK(cudaMemcpy(&valid, d_valid, sizeof valid, cudaMemcpyDeviceToHost));
    printf("is_valid in a <<<>>> launch: %d\n", valid);
    CHECK(cudaFree(d_data));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_valid));
    return 0;
}
