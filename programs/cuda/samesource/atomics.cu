// atomics.cu: atomics whose end result does not depend on the order the GPU
// runs them in. Warp-aggregated stream compaction (one atomicAdd per warp by
// a leader chosen with __ballot_sync and __ffs, the lanes' slots from __popc;
// the compacted array is printed sorted, as its order follows the atomics');
// a histogram aggregated with __match_any_sync; integer atomicAdd, Sub, Min,
// Max, And, Or, Xor, Inc (wrapping), Dec and a CAS loop over 8 blocks.
// Build: nvcc -arch=sm_90 -fmad=false atomics.cu  |  warpsim cc atomics.cu
#include <algorithm>
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

const int N = 8 * 128, BINS = 8;

__device__ unsigned lanemask_lt() { return (1u << (threadIdx.x % 32)) - 1; }

__global__ void compact(const int *in, int *out, int *count, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int v = i < n ? in[i] : 0;
    bool keep = i < n && v % 3 == 0;
    unsigned warp_keep = __ballot_sync(0xffffffffu, keep);
    int leader = __ffs(warp_keep) - 1;
    int base = 0;
    if ((int)(threadIdx.x % 32) == leader)
        base = atomicAdd(count, __popc(warp_keep));
    base = __shfl_sync(0xffffffffu, base, leader < 0 ? 0 : leader);
    if (keep)
        out[base + __popc(warp_keep & lanemask_lt())] = v;
}

__global__ void histogram(const int *in, unsigned *bins, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int bin = i < n ? in[i] % BINS : -1;
    unsigned peers = __match_any_sync(0xffffffffu, bin);
    if (bin >= 0 && (int)(threadIdx.x % 32) == __ffs(peers) - 1)
        atomicAdd(&bins[bin], (unsigned)__popc(peers));
}

struct Totals {
    int add, sub, min, max;
    unsigned and_, or_, xor_, inc, dec;
    unsigned long long add64;
    int cas;
};

__global__ void totals(const int *in, Totals *t, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    atomicAdd(&t->add, v);
    atomicSub(&t->sub, v);
    atomicMin(&t->min, v);
    atomicMax(&t->max, v);
    atomicAnd(&t->and_, ~(1u << (i % 32)) | (unsigned)(i & 0x40000000));
    atomicOr(&t->or_, 1u << (v & 31));
    atomicXor(&t->xor_, (unsigned)v * 2654435761u);
    atomicInc(&t->inc, 99); // counts 0..99, then wraps to 0
    atomicDec(&t->dec, 1000);
    atomicAdd(&t->add64, (unsigned long long)(v + 1000) << 20);
    int old = t->cas, assumed;
    do {
        assumed = old;
        old = atomicCAS(&t->cas, assumed, assumed + (v & 7));
    } while (old != assumed);
}

int main()
{
    int h[N];
    for (int i = 0; i < N; i++)
        h[i] = (i * 7331 + 17) % 2003 - 1001;
    int n = N - 37; // the last block is partly past the end
    int *d_in, *d_out, *d_count;
    unsigned *d_bins;
    Totals *d_t;
    CHECK(cudaMalloc(&d_in, sizeof h));
    CHECK(cudaMalloc(&d_out, sizeof h));
    CHECK(cudaMalloc(&d_count, sizeof(int)));
    CHECK(cudaMalloc(&d_bins, BINS * sizeof(unsigned)));
    CHECK(cudaMalloc(&d_t, sizeof(Totals)));
    CHECK(cudaMemcpy(d_in, h, sizeof h, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(d_count, 0, sizeof(int)));
    CHECK(cudaMemset(d_bins, 0, BINS * sizeof(unsigned)));
    Totals t0 = {0, 0, 1 << 30, -(1 << 30), ~0u, 0, 0, 0, 500, 0, 0};
    CHECK(cudaMemcpy(d_t, &t0, sizeof t0, cudaMemcpyHostToDevice));
    compact<<<8, 128>>>(d_in, d_out, d_count, n);
    histogram<<<8, 128>>>(d_in, d_bins, n);
    totals<<<8, 128>>>(d_in, d_t, n);
    CHECK(cudaGetLastError());
    int count, out[N];
    unsigned bins[BINS];
    Totals t;
    CHECK(cudaMemcpy(&count, d_count, sizeof count, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(bins, d_bins, sizeof bins, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&t, d_t, sizeof t, cudaMemcpyDeviceToHost));

    std::sort(out, out + count);
    printf("compacted: %d values (multiples of 3), sorted:\n", count);
    for (int k = 0; k < count; k++)
        printf("%s%d%s", k % 16 ? " " : "  ", out[k], k % 16 == 15 || k == count - 1 ? "\n" : "");
    printf("histogram of v %% %d (values whose remainder is negative are not counted):", BINS);
    for (int b = 0; b < BINS; b++)
        printf(" %u", bins[b]);
    printf("\n");
    printf("add %d sub %d min %d max %d and %08x or %08x xor %08x inc %u dec %u add64 %llu cas %d\n", t.add, t.sub,
           t.min, t.max, t.and_, t.or_, t.xor_, t.inc, t.dec, t.add64, t.cas);

    // The host: the same results, computed plainly.
    bool ok = true;
    int kept[N], nk = 0, add = 0, mn = 1 << 30, mx = -(1 << 30), cas = 0;
    unsigned hb[BINS] = {0}, and_ = ~0u, or_ = 0, xor_ = 0, inc = 0, dec = 500;
    unsigned long long add64 = 0;
    for (int i = 0; i < n; i++) {
        int v = h[i];
        if (v % 3 == 0)
            kept[nk++] = v;
        if (v % BINS >= 0)
            hb[v % BINS]++;
        add += v;
        mn = std::min(mn, v);
        mx = std::max(mx, v);
        and_ &= ~(1u << (i % 32)) | (unsigned)(i & 0x40000000);
        or_ |= 1u << (v & 31);
        xor_ ^= (unsigned)v * 2654435761u;
        inc = inc >= 99 ? 0 : inc + 1;
        dec = dec == 0 || dec > 1000 ? 1000 : dec - 1;
        add64 += (unsigned long long)(v + 1000) << 20;
        cas += v & 7;
    }
    std::sort(kept, kept + nk);
    ok = count == nk && std::equal(kept, kept + nk, out) && std::equal(hb, hb + BINS, bins) && t.add == add &&
         t.sub == -add && t.min == mn && t.max == mx && t.and_ == and_ && t.or_ == or_ && t.xor_ == xor_ &&
         t.inc == inc && t.dec == dec && t.add64 == add64 && t.cas == cas;
    printf("check: %s (against the same sums computed plainly on the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_out));
    CHECK(cudaFree(d_count));
    CHECK(cudaFree(d_bins));
    CHECK(cudaFree(d_t));
    return ok ? 0 : 1;
}
