// vote_divergence.cu: divergence and the warp votes. __activemask() in the
// shapes an H200 was measured in (docs/probes/convergence_probe.md: if, if/else,
// after an early return, nested ifs, a loop with per-lane trip counts under
// #pragma unroll 1, a while loop with break); __ballot_sync, __any_sync,
// __all_sync, __match_any_sync, __match_all_sync and __reduce_*_sync with
// __popc, __ffs, __clz and __brev on the results. Every lane's values.
// Build: nvcc -arch=sm_90 -fmad=false vote_divergence.cu  |  warpsim cc vote_divergence.cu
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

const unsigned FULL = 0xffffffffu;
const int SLOTS = 16;

// Shapes of __activemask(); 0 = the lane did not record that slot.
__global__ void shapes(unsigned *out)
{
    unsigned lane = threadIdx.x % 32;
    unsigned *o = out + threadIdx.x * SLOTS;
    if (lane % 3 == 0)
        o[0] = __activemask();
    if (lane < 10)
        o[1] = __activemask();
    else
        o[2] = __activemask();
    if (lane < 16) {
        if (lane < 8)
            o[3] = __activemask();
        else
            o[4] = __activemask();
        o[5] = __activemask();
    }
    o[6] = __activemask();
#pragma unroll 1
    for (int i = 0; i < (int)(lane % 5); i++)
        o[7 + i] = __activemask();
    o[11] = __activemask();
    int i = 0;
    while (true) {
        o[12 + i] = o[12 + i] | __activemask(); // slots 12-15: the iterations
        if (i >= (int)(lane % 4))
            break;
        i++;
    }
}

__global__ void early_return(unsigned *out)
{
    unsigned lane = threadIdx.x % 32;
    if (lane >= 20)
        return;
    out[threadIdx.x] = __activemask();
}

struct Votes {
    unsigned ballot, any, all, match_any, match_all, match_all_pred;
    int popc, ffs, clz;
    unsigned brev;
    int radd, rmin, rmax;
    unsigned rand, ror, rxor;
};

__global__ void votes(const int *in, Votes *out)
{
    int lane = threadIdx.x % 32;
    int v = in[threadIdx.x];
    Votes r;
    r.ballot = __ballot_sync(FULL, v % 3 == 0);
    r.any = __any_sync(FULL, v > 40);
    r.all = __all_sync(FULL, v > -100);
    r.match_any = __match_any_sync(FULL, v % 5);
    int pred = 0;
    r.match_all = __match_all_sync(FULL, 7, &pred); // every lane the same: FULL, pred 1
    r.match_all_pred = (unsigned)pred;
    r.match_all |= __match_all_sync(FULL, v, &pred) & 1; // the values differ: 0, pred 0
    r.match_all_pred |= (unsigned)pred << 1;
    r.popc = __popc(r.ballot);
    r.ffs = __ffs(r.ballot);
    r.clz = __clz(r.match_any);
    r.brev = __brev(r.match_any);
    r.radd = __reduce_add_sync(FULL, v);
    r.rmin = __reduce_min_sync(FULL, v);
    r.rmax = __reduce_max_sync(FULL, v);
    r.rand = __reduce_and_sync(FULL, (unsigned)v);
    r.ror = __reduce_or_sync(FULL, (unsigned)v);
    r.rxor = __reduce_xor_sync(FULL, (unsigned)v * 2654435761u);
    // A vote inside a branch, over the lanes that took it.
    if (lane % 4 != 1) {
        unsigned taken = __activemask();
        r.popc += 100 * __popc(__ballot_sync(taken, v & 1));
    }
    out[threadIdx.x] = r;
}

int main()
{
    const int T = 64;
    unsigned *d_shapes, *d_early;
    CHECK(cudaMalloc(&d_shapes, T * SLOTS * sizeof(unsigned)));
    CHECK(cudaMalloc(&d_early, T * sizeof(unsigned)));
    CHECK(cudaMemset(d_shapes, 0, T * SLOTS * sizeof(unsigned)));
    CHECK(cudaMemset(d_early, 0, T * sizeof(unsigned)));
    shapes<<<1, T>>>(d_shapes);
    CHECK(cudaGetLastError());
    early_return<<<1, T>>>(d_early);
    CHECK(cudaGetLastError());
    unsigned s[T * SLOTS], e[T];
    CHECK(cudaMemcpy(s, d_shapes, sizeof s, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(e, d_early, sizeof e, cudaMemcpyDeviceToHost));
    printf("__activemask() per thread: %%3 | <10 | else | <8 | 8-15 | <16 | all | loop 0-3 | after | while 0-3 "
           "| after an early return\n");
    for (int t = 0; t < T; t++) {
        printf("thread %2d:", t);
        for (int k = 0; k < SLOTS; k++)
            printf(" %08x", s[t * SLOTS + k]);
        printf(" | %08x\n", e[t]);
    }

    int h_in[T];
    for (int i = 0; i < T; i++)
        h_in[i] = (i * 29 + 3) % 89 - 44;
    int *d_in;
    Votes *d_votes, v[T];
    CHECK(cudaMalloc(&d_in, sizeof h_in));
    CHECK(cudaMalloc(&d_votes, sizeof v));
    CHECK(cudaMemcpy(d_in, h_in, sizeof h_in, cudaMemcpyHostToDevice));
    votes<<<1, T>>>(d_in, d_votes);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(v, d_votes, sizeof v, cudaMemcpyDeviceToHost));
    printf("votes: ballot any all match_any match_all(pred) popc ffs clz brev | reduce add min max and or xor\n");
    for (int t = 0; t < T; t++)
        printf("thread %2d (%3d): %08x %u %u %08x %x(%x) %d %d %d %08x | %d %d %d %08x %08x %08x\n", t, h_in[t],
               v[t].ballot, v[t].any, v[t].all, v[t].match_any, v[t].match_all, v[t].match_all_pred, v[t].popc,
               v[t].ffs, v[t].clz, v[t].brev, v[t].radd, v[t].rmin, v[t].rmax, v[t].rand, v[t].ror, v[t].rxor);

    // The values that do not depend on convergence, restated on the host.
    bool ok = true;
    for (int w = 0; w < T / 32; w++) {
        unsigned ballot = 0, and_ = ~0u, or_ = 0, xor_ = 0;
        int any = 0, add = 0, mn = 1 << 30, mx = -(1 << 30);
        for (int l = 0; l < 32; l++) {
            int x = h_in[w * 32 + l];
            ballot |= (unsigned)(x % 3 == 0) << l;
            any |= x > 40;
            add += x;
            mn = x < mn ? x : mn;
            mx = x > mx ? x : mx;
            and_ &= (unsigned)x;
            or_ |= (unsigned)x;
            xor_ ^= (unsigned)x * 2654435761u;
        }
        for (int l = 0; l < 32; l++) {
            const Votes &r = v[w * 32 + l];
            unsigned same = 0;
            for (int m = 0; m < 32; m++)
                same |= (unsigned)(h_in[w * 32 + m] % 5 == h_in[w * 32 + l] % 5) << m;
            ok = ok && r.ballot == ballot && r.any == (unsigned)any && r.all == 1 && r.match_any == same &&
                 r.match_all == FULL && r.match_all_pred == 1 && r.radd == add && r.rmin == mn && r.rmax == mx &&
                 r.rand == and_ && r.ror == or_ && r.rxor == xor_ && r.popc % 100 == __builtin_popcount(ballot);
        }
    }
    printf("check: %s (ballot, any, all, match, reduce against the host)\n", ok ? "PASS" : "FAIL");
    CHECK(cudaFree(d_shapes));
    CHECK(cudaFree(d_early));
    CHECK(cudaFree(d_in));
    CHECK(cudaFree(d_votes));
    return ok ? 0 : 1;
}
