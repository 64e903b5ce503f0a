// shfl64.cu: shuffles of 64-bit values (long long, unsigned long long,
// double; each moves as two 32-bit halves): a broadcast with __shfl_sync, up
// and down by 3 with width 16, xor 5 with width 8, and a double butterfly
// sum. Every lane's bits.
// Build: nvcc -arch=sm_90 -fmad=false shfl64.cu  |  warpsim cc shfl64.cu
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(call)                                                                                 \
    do {                                                                                            \
        cudaError_t e_ = (call);                                                                    \
        if (e_ != cudaSuccess) {                                                                    \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            return 1;                                                                               \
        }                                                                                           \
    } while (0)

const unsigned FULL = 0xffffffffu;

struct Row {
    long long bcast, up3;
    unsigned long long down3, xor5;
    double dsum, dbcast;
};

__global__ void shuffles(const long long *li, const double *di, Row *out)
{
    int lane = threadIdx.x;
    long long l = li[lane];
    unsigned long long u = (unsigned long long)l * 0x9E3779B97F4A7C15ull;
    double d = di[lane];
    Row r;
    r.bcast = __shfl_sync(FULL, l, 5);
    r.up3 = __shfl_up_sync(FULL, l, 3, 16);
    r.down3 = __shfl_down_sync(FULL, u, 3, 16);
    r.xor5 = __shfl_xor_sync(FULL, u, 5, 8);
    double s = d;
    for (int m = 1; m < 32; m <<= 1)
        s += __shfl_xor_sync(FULL, s, m);
    r.dsum = s;
    r.dbcast = __shfl_sync(FULL, d, 31 - lane / 2); // every lane reads a lane of its choice
    out[lane] = r;
}

static unsigned long long bits(double d)
{
    unsigned long long b;
    memcpy(&b, &d, 8);
    return b;
}

int main()
{
    long long h_l[32];
    double h_d[32];
    for (int i = 0; i < 32; i++) {
        h_l[i] = (long long)((0x0123456789ABCDEFull * (unsigned long long)(i + 1)) ^ ((unsigned long long)i << 60));
        h_d[i] = (double)(i * 31 % 17 - 8) * 1e10 + 1.0 / (double)(i + 3);
    }
    long long *d_l;
    double *d_d;
    Row *d_out, r[32];
    CHECK(cudaMalloc(&d_l, sizeof h_l));
    CHECK(cudaMalloc(&d_d, sizeof h_d));
    CHECK(cudaMalloc(&d_out, sizeof r));
    CHECK(cudaMemcpy(d_l, h_l, sizeof h_l, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(d_d, h_d, sizeof h_d, cudaMemcpyHostToDevice));
    shuffles<<<1, 32>>>(d_l, d_d, d_out);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(r, d_out, sizeof r, cudaMemcpyDeviceToHost));

    // The host: the CUDA rules for width (sources outside the lane's group of
    // `width`: its own value) and a butterfly over lanes.
    double s[32];
    for (int l = 0; l < 32; l++)
        s[l] = h_d[l];
    for (int m = 1; m < 32; m <<= 1) {
        double t[32];
        for (int l = 0; l < 32; l++)
            t[l] = s[l ^ m];
        for (int l = 0; l < 32; l++)
            s[l] += t[l];
    }
    bool ok = true;
    printf("lane: bcast(5) up(3, w16) | down(3, w16) xor(5, w8) | double sum | double from lane 31 - lane/2\n");
    for (int l = 0; l < 32; l++) {
        unsigned long long u[32];
        for (int k = 0; k < 32; k++)
            u[k] = (unsigned long long)h_l[k] * 0x9E3779B97F4A7C15ull;
        int up = l % 16 >= 3 ? l - 3 : l, down = l % 16 + 3 < 16 ? l + 3 : l;
        ok = ok && r[l].bcast == h_l[5] && r[l].up3 == h_l[up] && r[l].down3 == u[down] && r[l].xor5 == u[l ^ 5] &&
             bits(r[l].dsum) == bits(s[l]) && bits(r[l].dbcast) == bits(h_d[31 - l / 2]);
        printf("lane %2d: %016llx %016llx | %016llx %016llx | %.17g (0x%016llx) | %.17g (0x%016llx)\n", l,
               (unsigned long long)r[l].bcast, (unsigned long long)r[l].up3, r[l].down3, r[l].xor5, r[l].dsum,
               bits(r[l].dsum), r[l].dbcast, bits(r[l].dbcast));
    }
    printf("check: %s (every lane against CUDA's shuffle rules on the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_l));
    CHECK(cudaFree(d_d));
    CHECK(cudaFree(d_out));
    return ok ? 0 : 1;
}
