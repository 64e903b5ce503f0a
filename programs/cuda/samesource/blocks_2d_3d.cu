// blocks_2d_3d.cu: 2-D and 3-D blocks and grids. A tiled matrix transpose
// (16x16 blocks, a padded __shared__ tile, __syncthreads) of a 48x32
// matrix on a 2x3 grid; and a 3-D block (8x2x4, two warps) where warps are
// formed from the linear thread index x + y*Dx + z*Dx*Dy, as on the GPU:
// each thread reads its next lane's coordinates with __shfl_down_sync and
// ballots on x == 0.
// Build: nvcc -arch=sm_90 -fmad=false blocks_2d_3d.cu  |  warpsim cc blocks_2d_3d.cu
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

const int TILE = 16, ROWS = 48, COLS = 32;

// in: ROWS x COLS, row-major; out: COLS x ROWS.
__global__ void transpose(const int *in, int *out)
{
    __shared__ int tile[TILE][TILE + 1];
    int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * COLS + x];
    __syncthreads();
    int tx = blockIdx.y * TILE + threadIdx.x, ty = blockIdx.x * TILE + threadIdx.y;
    out[ty * ROWS + tx] = tile[threadIdx.x][threadIdx.y];
}

struct Who {
    int linear, warp, lane, next_xyz;
    unsigned x0_ballot;
};

__global__ void warps_3d(Who *out)
{
    int linear = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
    int xyz = threadIdx.x * 100 + threadIdx.y * 10 + threadIdx.z;
    Who w;
    w.linear = linear;
    w.warp = linear / warpSize;
    w.lane = linear % warpSize;
    w.next_xyz = __shfl_down_sync(0xffffffffu, xyz, 1);
    w.x0_ballot = __ballot_sync(0xffffffffu, threadIdx.x == 0);
    int b = blockIdx.x + blockIdx.y * gridDim.x;
    out[b * 64 + linear] = w;
}

int main()
{
    int h_in[ROWS * COLS], h_out[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; i++)
        h_in[i] = (i / COLS) * 1000 + i % COLS;
    int *d_in, *d_out;
    CHECK(cudaMalloc(&d_in, sizeof h_in));
    CHECK(cudaMalloc(&d_out, sizeof h_out));
    CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    transpose<<<dim3(COLS / TILE, ROWS / TILE), dim3(TILE, TILE)>>>(d_in, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost));
    bool ok = true;
    printf("transpose of the %dx%d matrix r*1000 + c (%d rows of %d):\n", ROWS, COLS, COLS, ROWS);
    for (int r = 0; r < COLS; r++) {
        printf("row %2d:", r);
        for (int c = 0; c < ROWS; c++) {
            printf(" %d", h_out[r * ROWS + c]);
            ok = ok && h_out[r * ROWS + c] == h_in[c * COLS + r];
        }
        printf("\n");
    }

    Who *d_who, who[2 * 2 * 64];
    CHECK(cudaMalloc(&d_who, sizeof who));
    warps_3d<<<dim3(2, 2), dim3(8, 2, 4)>>>(d_who);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(who, d_who, sizeof who, cudaMemcpyDeviceToHost));
    printf("3-D blocks of 8x2x4: linear warp lane | the next lane's (x,y,z) | ballot of x == 0\n");
    for (int b = 0; b < 4; b++)
        for (int t = 0; t < 64; t++) {
            const Who &w = who[b * 64 + t];
            printf("block %d thread %2d: %2d %d %2d | %03d | %08x\n", b, t, w.linear, w.warp, w.lane, w.next_xyz,
                   w.x0_ballot);
            int n = w.lane == 31 ? t : t + 1; // the next lane, or its own value for lane 31
            ok = ok && w.linear == t && w.warp == t / 32 && w.lane == t % 32 &&
                 w.next_xyz == (n % 8) * 100 + (n / 8 % 2) * 10 + n / 16 && w.x0_ballot == 0x01010101u;
        }
    printf("check: %s (the transpose and the warp formation against the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_who));
    return ok ? 0 : 1;
}
