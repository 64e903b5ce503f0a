// Probe: which lanes does __activemask() report on sm_90 (i.e. which lanes
// the hardware runs converged) in common code shapes, and what does a
// divergent __syncthreads() do? One kernel per case; each lane stores its
// __activemask() values into out[tid * NSLOT + slot]; 0 = "not recorded"
// (a real activemask always has the caller's own bit set, so it is never 0).
//   c01  if (lane % 3 == 0) m = __activemask();            who is in m?
//   c02  if (lane < 10) a = am(); else b = am();            both sides
//   c03  if (lane >= 20) return; m = am();                  after early return
//   c04  for (i < lane % 5) rec[i] = am(); after = am();    per-lane trip counts
//   c05  if (lane & 1) x *= 3; else x += 7; m = am();       reconverged after if/else?
//   c06  if (lane < 16) a = am(); b = am();                 does b see all 32?
//   c07a as c06, b from a __noinline__ helper
//   c07b as c06, a from a __noinline__ helper, b inline
//   c08  while (true) { r[i] = am(); if (i >= lane % 4) break; i++; } after = am();
//   c09  nested ifs: a (lane<8), b (8..15), c (lane<16 after the inner if), d (all)
//   c10  if (lane < 7) x += 1; __syncwarp(); m = am();
//   c11a block 64: threads < 16 call __syncthreads(), the others return.
//        Does it finish; what do threads 0-15 see after the barrier?
//   c11b block 64: if (tid < 40) { s[tid]=A; sync; read s[other side] }
//        else { s[tid]=B; sync; read s[other side] } — one barrier or two?
//        slot 1 = value read from the other side (0xEEEEEEEE = not yet written)
//   c11c block 64: threads < 40 call __syncthreads(); threads >= 40 do a long
//        loop, set done[tid], then end. slot 1 of threads < 40 = how many of
//        the 24 done flags were set when they passed the barrier.
// Second-run variants (real branches; see the note above spin()):
//   c04u  c04 with #pragma unroll 1
//   c06r / c07ar / c10r  c06 / c07a / c10 with a data-dependent loop in the if body
//   c11d  c11b with a loop on both sides
// Each case runs in its own process under timeout (a hang must not poison the rest):
//   for c in c01 c02 c03 c04 c05 c06 c07a c07b c08 c09 c10 c11a c11b c11c \
//            c04u c06r c07ar c10r c11d; do timeout 20 ./cp $c || echo "$c HANG/exit"; done
// Build: nvcc -arch=sm_90 -fmad=false -O3 -o cp convergence_probe.cu
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define NSLOT 8
#define AM() __activemask()

// Helper used by case 7, defined ABOVE the kernels that call it.
__device__ __noinline__ unsigned am_helper(void)
{
    return __activemask();
}

__global__ void c01(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned m = 0;
    if (lane % 3 == 0) m = AM();
    out[threadIdx.x * NSLOT + 0] = m;
}

__global__ void c02(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = 0, b = 0;
    if (lane < 10) a = AM();
    else b = AM();
    out[threadIdx.x * NSLOT + 0] = a;
    out[threadIdx.x * NSLOT + 1] = b;
}

__global__ void c03(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    if (lane >= 20) return;
    unsigned m = AM();
    out[threadIdx.x * NSLOT + 0] = m;
}

__global__ void c04(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned *rec = out + threadIdx.x * NSLOT;
    for (int i = 0; i < (int)(lane % 5); i++) rec[i] = AM();
    unsigned after = AM();
    rec[4] = after;
}

__global__ void c05(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    int x = in[lane];
    if (lane & 1) x = x * 3;
    else x = x + 7;
    unsigned m = AM();
    out[threadIdx.x * NSLOT + 0] = m;
    out[threadIdx.x * NSLOT + 7] = (unsigned)x;
}

__global__ void c06(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = 0, b;
    if (lane < 16) { a = AM(); }
    b = AM();
    out[threadIdx.x * NSLOT + 0] = a;
    out[threadIdx.x * NSLOT + 1] = b;
}

__global__ void c07a(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = 0, b;
    if (lane < 16) { a = AM(); }
    b = am_helper();
    out[threadIdx.x * NSLOT + 0] = a;
    out[threadIdx.x * NSLOT + 1] = b;
}

__global__ void c07b(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = 0, b;
    if (lane < 16) { a = am_helper(); }
    b = AM();
    out[threadIdx.x * NSLOT + 0] = a;
    out[threadIdx.x * NSLOT + 1] = b;
}

__global__ void c08(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned *r = out + threadIdx.x * NSLOT;
    int i = 0;
    while (true) {
        r[i] = AM();
        if (i >= (int)(lane % 4)) break;
        i++;
    }
    unsigned after = AM();
    r[4] = after;
}

__global__ void c09(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = 0, b = 0, c = 0, d;
    if (lane < 16) {
        if (lane < 8) a = AM();
        else b = AM();
        c = AM();
    }
    d = AM();
    unsigned *o = out + threadIdx.x * NSLOT;
    o[0] = a; o[1] = b; o[2] = c; o[3] = d;
}

__global__ void c10(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    int x = in[lane];
    if (lane < 7) x += 1;
    __syncwarp();
    unsigned m = AM();
    out[threadIdx.x * NSLOT + 0] = m;
    out[threadIdx.x * NSLOT + 7] = (unsigned)x;
}

// ---- divergent __syncthreads, block of 64 ----
// slot 0: activemask before the branch; slot 2: activemask after the barrier
// (0 = thread never got past it / took the other path).
__global__ void c11a(const int *in, unsigned *out)
{
    unsigned t = threadIdx.x;
    out[t * NSLOT + 0] = AM();
    if (t < 16) {
        __syncthreads();
        out[t * NSLOT + 2] = AM();
        out[t * NSLOT + 3] = 0x600D;   // passed the barrier
    } else {
        return;
    }
}

__global__ void c11b(const int *in, unsigned *out)
{
    __shared__ unsigned s[64];
    unsigned t = threadIdx.x;
    s[t] = 0xEEEEEEEEu;
    __syncthreads();                         // uniform: initialise
    out[t * NSLOT + 0] = AM();
    unsigned seen;
    if (t < 40) {
        s[t] = 0xA000u + t;
        __syncthreads();
        out[t * NSLOT + 2] = AM();
        seen = s[40 + (t % 24)];              // a value written by the else side
    } else {
        s[t] = (unsigned)in[t] * 5u + 0xB000u;   // different work so the two sites stay apart
        __syncthreads();
        out[t * NSLOT + 3] = AM();
        seen = s[(t - 40) + in[t] * 0];       // a value written by the if side
    }
    out[t * NSLOT + 1] = seen;
}

__global__ void c11c(const int *in, unsigned *out)
{
    unsigned t = threadIdx.x;
    volatile unsigned *done = out + 64 * NSLOT;  // 64 flags after the slots
    out[t * NSLOT + 0] = AM();
    if (t < 40) {
        __syncthreads();
        out[t * NSLOT + 2] = AM();
        unsigned n = 0;
        for (int k = 40; k < 64; k++) n += done[k] != 0;
        out[t * NSLOT + 1] = n;
    } else {
        unsigned x = (unsigned)in[t];
        for (int k = 0; k < 2000000; k++) x = x * 1664525u + 1013904223u;  // ~ms of work
        out[t * NSLOT + 7] = x;
        out[t * NSLOT + 3] = AM();
        __threadfence();
        done[t] = 1;
    }
}

// ---- second-run variants: force real (not if-converted) branches ----
// ptxas if-converts the short bodies of c01/c02/c06/c07a/c10/c11b into
// predicated instructions (see the SASS). A data-dependent loop in the body
// cannot be predicated, so these variants keep a real BSSY/BRA/BSYNC branch.
__device__ __forceinline__ int spin(const int *in, unsigned lane, int x)
{
    for (int k = 0; k < in[lane] % 4 + 1; k++) x = x * 3 + k;   // 1..4 trips per lane
    return x;
}

__global__ void c04u(const int *in, unsigned *out)   // c04 with the loop not unrolled
{
    unsigned lane = threadIdx.x & 31;
    unsigned *rec = out + threadIdx.x * NSLOT;
#pragma unroll 1
    for (int i = 0; i < (int)(lane % 5); i++) rec[i] = AM();
    unsigned after = AM();
    rec[4] = after;
}

__global__ void c06r(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = 0, b;
    int x = 0;
    if (lane < 16) { a = AM(); x = spin(in, lane, x); }
    b = AM();
    out[threadIdx.x * NSLOT + 0] = a;
    out[threadIdx.x * NSLOT + 1] = b;
    out[threadIdx.x * NSLOT + 7] = x;
}

__global__ void c07ar(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    unsigned a = 0, b;
    int x = 0;
    if (lane < 16) { a = AM(); x = spin(in, lane, x); }
    b = am_helper();
    out[threadIdx.x * NSLOT + 0] = a;
    out[threadIdx.x * NSLOT + 1] = b;
    out[threadIdx.x * NSLOT + 7] = x;
}

__global__ void c10r(const int *in, unsigned *out)
{
    unsigned lane = threadIdx.x & 31;
    int x = in[lane];
    if (lane < 7) x = spin(in, lane, x);
    __syncwarp();
    unsigned m = AM();
    out[threadIdx.x * NSLOT + 0] = m;
    out[threadIdx.x * NSLOT + 7] = (unsigned)x;
}

__global__ void c11d(const int *in, unsigned *out)   // c11b with real branches
{
    __shared__ unsigned s[64];
    unsigned t = threadIdx.x;
    s[t] = 0xEEEEEEEEu;
    __syncthreads();
    out[t * NSLOT + 0] = AM();
    unsigned seen;
    if (t < 40) {
        out[t * NSLOT + 7] = spin(in, t, 0);   // a loop: keeps this a real branch
        s[t] = 0xA000u + t;
        __syncthreads();
        out[t * NSLOT + 2] = AM();
        seen = s[40 + (t % 24)];
    } else {
        out[t * NSLOT + 7] = spin(in, t, 1);
        s[t] = (unsigned)in[t] * 5u + 0xB000u;
        __syncthreads();
        out[t * NSLOT + 3] = AM();
        seen = s[t - 40];
    }
    out[t * NSLOT + 1] = seen;
}

struct Case {
    const char *name;
    void (*k)(const int *, unsigned *);
    int threads;
    int nslot;
    const char *slot[NSLOT];
    const char *what;
};

static const Case cases[] = {
    {"c01", c01, 32, 1, {"m"}, "if (lane%3==0) m=am()"},
    {"c02", c02, 32, 2, {"a", "b"}, "if (lane<10) a=am(); else b=am()"},
    {"c03", c03, 32, 1, {"m"}, "if (lane>=20) return; m=am()"},
    {"c04", c04, 32, 5, {"iter 0", "iter 1", "iter 2", "iter 3", "after"}, "for (i<lane%5) rec[i]=am(); after=am()"},
    {"c05", c05, 32, 1, {"m"}, "if (lane&1) x*=3; else x+=7; m=am()"},
    {"c06", c06, 32, 2, {"a", "b"}, "if (lane<16) a=am(); b=am()"},
    {"c07a", c07a, 32, 2, {"a", "b"}, "if (lane<16) a=am(); b=helper()"},
    {"c07b", c07b, 32, 2, {"a", "b"}, "if (lane<16) a=helper(); b=am()"},
    {"c08", c08, 32, 5, {"iter 0", "iter 1", "iter 2", "iter 3", "after"}, "while(1){r[i]=am(); if(i>=lane%4)break; i++;} after=am()"},
    {"c09", c09, 32, 4, {"a", "b", "c", "d"}, "if(l<16){if(l<8)a=am(); else b=am(); c=am();} d=am()"},
    {"c10", c10, 32, 1, {"m"}, "if (lane<7) x+=1; __syncwarp(); m=am()"},
    {"c11a", c11a, 64, 4, {"before", "-", "after_bar", "passed"}, "64 thr: if (t<16) __syncthreads(); else return"},
    {"c11b", c11b, 64, 4, {"before", "seen_other", "after_bar_if", "after_bar_else"}, "64 thr: if (t<40){w;sync;r} else {w;sync;r}"},
    {"c11c", c11c, 64, 4, {"before", "done_count", "after_bar", "else_end"}, "64 thr: if (t<40) sync; else long loop, done[t]=1"},
    {"c04u", c04u, 32, 5, {"iter 0", "iter 1", "iter 2", "iter 3", "after"}, "as c04, #pragma unroll 1"},
    {"c06r", c06r, 32, 2, {"a", "b"}, "if (lane<16) {a=am(); loop} b=am()"},
    {"c07ar", c07ar, 32, 2, {"a", "b"}, "if (lane<16) {a=am(); loop} b=helper()"},
    {"c10r", c10r, 32, 1, {"m"}, "if (lane<7) loop; __syncwarp(); m=am()"},
    {"c11d", c11d, 64, 4, {"before", "seen_other", "after_bar_if", "after_bar_else"}, "as c11b, both sides hold a loop"},
};

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: %s CASE\n", argv[0]);
        return 2;
    }
    const Case *c = 0;
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++)
        if (!strcmp(argv[1], cases[i].name)) c = &cases[i];
    if (!c) {
        fprintf(stderr, "unknown case %s\n", argv[1]);
        return 2;
    }
    int hin[64];
    for (int i = 0; i < 64; i++) hin[i] = 1000 + 17 * i;
    int *din;
    unsigned *dout, hout[64 * NSLOT + 64];
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    cudaMemset(dout, 0, sizeof hout);
    c->k<<<1, c->threads>>>(din, dout);
    cudaError_t e = cudaDeviceSynchronize();
    printf("# %s: %s  (block %d)\n", c->name, c->what, c->threads);
    if (e != cudaSuccess) {
        printf("%s ERROR: %s\n", c->name, cudaGetErrorString(e));
        return 1;
    }
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    // compact table: per slot, the distinct values and the lanes that recorded them
    for (int s = 0; s < c->nslot; s++) {
        if (!strcmp(c->slot[s], "-")) continue;
        bool used[64] = {false};
        for (int t = 0; t < c->threads; t++) {
            if (used[t]) continue;
            unsigned v = hout[t * NSLOT + s];
            printf("%s SUMMARY %-14s 0x%08x threads", c->name, c->slot[s], v);
            for (int u = t; u < c->threads; u++)
                if (!used[u] && hout[u * NSLOT + s] == v) {
                    used[u] = true;
                    printf(" %d", u);
                }
            printf("%s\n", v == 0 ? "   (0 = not recorded)" : "");
        }
    }
    // raw per-lane lines
    for (int t = 0; t < c->threads; t++)
        for (int s = 0; s < c->nslot; s++) {
            if (!strcmp(c->slot[s], "-")) continue;
            unsigned v = hout[t * NSLOT + s];
            if (c->threads == 64)
                printf("%s thread %d warp %d lane %d %s 0x%08x\n", c->name, t, t / 32, t % 32, c->slot[s], v);
            else
                printf("%s lane %d %s activemask 0x%08x\n", c->name, t, c->slot[s], v);
        }
    return 0;
}
