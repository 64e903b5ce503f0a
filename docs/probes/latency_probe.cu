// Probe (issue 14 item 3): the latency on sm_90 of the operations warpsim
// models, each measured as the slope of a long chain of dependent operations
// in one warp (one block on the GPU, nothing else running):
//
//   x = op(x); x = op(x); ... (N times, fully unrolled), timed with clock64()
//
// in lane 0 for N = 256, 768 and 1280. The slope (t(1280) - t(256)) / 1024 is
// the cycles from one operation's input to the next one's: the clock reads,
// the set-up and the tail cancel out, and the chain is straight-line code
// (no loop, so no loop overhead to subtract). The two half slopes
// (256 -> 768 and 768 -> 1280) must agree with it; where they do not, the
// table says so (instruction fetch or another effect that is not latency).
// The "empty" line times the same kernel with no operation (its slope is 0):
// the fixed cost of the two clock reads.
//
// Each row names the SASS of one chain step (latency_probe.sass.txt lists,
// for every chain kernel, the instructions between the two clock reads and
// its first steps, from cuobjdump -sass: every step is there, dependent on
// the one before). A step that needs more than its operation says so in its
// "step" column: the LOP3 that makes ballot's input a predicate, the MOV
// that brings a reduction's result (a uniform register) back to a lane
// register, the IADD that changes a value on its way through shared memory;
// the helper row (i32 add+xor) and the i32 add row let a reader subtract
// them. Every chain runs 7 times; the table shows the fewest cycles (the
// first launch of each kernel also loads its code).
//
//   shfl.idx/up/down/bfly   v = __shfl*_sync(FULL, v, b), b from a kernel argument
//   vote.ballot, vote.any   x = __ballot_sync(FULL, x & (1 << lane)); p = __any_sync(FULL, p)
//   match.any, match.all    x = __match_any_sync(FULL, x); x = __match_all_sync(FULL, x, &p)
//                           (match.all: the first step sees 32 distinct values and returns 0 in
//                           every lane; from the second step on, every lane holds the same value)
//   match.any (K values)    the same chain on values that take K distinct values across the
//                           warp (K = 1, 2, 4, 8, 16; the match.any row is K = 32): match.any's
//                           time depends on the data. The first value is 7 + ((lane >> shift)
//                           & m), m = K - 1, from the kernel's arguments (so the compiler cannot
//                           see that lanes are equal); each step maps a class of equal lanes to
//                           its mask, so every step sees K classes. "2, halves": lanes 0-15 and
//                           16-31 (shift 4) instead of even and odd lanes. One kernel: these
//                           rows differ in their data only.
//   redux.<op>              x = __reduce_<op>_sync(FULL, x) for add, min, max, and, or, xor
//   ld.shared               off = s[off] (pointer chasing; s[off] = off)
//   st+ld.shared            s[off] = x; x = s[off] + 1 (a store, then the load that reads it)
//   st+syncwarp+ld          s[lane] = x; __syncwarp(); x = s[lane ^ 1] + 1 (a shared-memory tree step)
//   syncwarp                __syncwarp() N times (no data; a NOP in converged code on sm_90)
//   syncthreads Bxxx        __syncthreads() N times, at block sizes 32 .. 1024 (no data)
//   st+syncthreads+ld Bxxx  s[t] = x; __syncthreads(); x = s[t ^ 32] + 1, at the same block sizes
//   f32 add/fma, f64 add/fma, i32 mad   x = x + a, fma(x, a, b), x * a + b
//   i32 add                 (x, y) = (y, x + y): adds of one addend would be folded
//
// Build and run (the output is latency_probe.h200.txt):
//   nvcc -arch=sm_90 -fmad=false -O3 -o latency_probe latency_probe.cu && ./latency_probe
// The SASS summary (latency_probe.sass.txt):
//   cuobjdump -sass latency_probe | python3 latency_probe.sass.py "$(nvcc --version | grep release)" > latency_probe.sass.txt
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define FULL 0xffffffffu
#define CHECK(call)                                                                           \
    do {                                                                                      \
        cudaError_t e_ = (call);                                                              \
        if (e_ != cudaSuccess) {                                                              \
            fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorString(e_)); \
            exit(1);                                                                          \
        }                                                                                     \
    } while (0)

enum { N_SHORT = 256, N_MID = 768, N_LONG = 1280, REPEATS = 7, SHARED_WORDS = 2048 };

// An empty asm that reads and writes x: the chain must be complete before
// it and cannot start before it; asm volatile statements keep their order
// with clock64()'s, so the chain stays between the two clock reads.
__device__ __forceinline__ void pin(unsigned &x) { asm volatile("" : "+r"(x)::"memory"); }
__device__ __forceinline__ void pin(float &x) { asm volatile("" : "+f"(x)::"memory"); }
__device__ __forceinline__ void pin(double &x) { asm volatile("" : "+d"(x)::"memory"); }

// The arguments every chain gets from the host, so that nothing is known
// at compile time (a shuffle's lane, an addend).
struct Args {
    unsigned b;      // shuffle: lane (idx: lane + 1 is computed from it), delta, xor mask: 1
    unsigned a32;    // an integer operand
    float f, g;      // float operands
    double d, e;     // double operands
    unsigned m, shift;  // match.any's first value: 7 + ((lane >> shift) & m)
};

// ---- The chain steps ----------------------------------------------------
// Each is a struct with the value type, the first value of lane `lane`
// (different in every lane: a value the same in all lanes lets the compiler
// drop a shuffle of it, and turns votes and reductions of it into uniform
// instructions), and one step.
struct Ctx {
    Args a;
    unsigned lane, tid, idx_src, lanebit;
    volatile unsigned *s;  // shared memory, volatile: every access is made
};

// Two words for chains that need the value before the last (i32 add).
struct U2 {
    unsigned a, b;
};
__device__ __forceinline__ void pin(U2 &x)
{
    asm volatile("" : "+r"(x.a), "+r"(x.b)::"memory");
}

#define STEP(name, T, first_value, body)                                           \
    struct name {                                                                  \
        typedef T type;                                                            \
        static __device__ __forceinline__ T first(unsigned lane, const Args &a) { (void)a; return first_value; } \
        static __device__ __forceinline__ T step(T x, const Ctx &c) { body }       \
    };

STEP(Empty, unsigned, 7u + lane, (void)c; return x;)
STEP(ShflIdx, unsigned, 7u + lane, return __shfl_sync(FULL, x, c.idx_src);)
STEP(ShflUp, unsigned, 7u + lane, return __shfl_up_sync(FULL, x, c.a.b);)
STEP(ShflDown, unsigned, 7u + lane, return __shfl_down_sync(FULL, x, c.a.b);)
STEP(ShflBfly, unsigned, 7u + lane, return __shfl_xor_sync(FULL, x, c.a.b);)
// The predicate is one bit of the last ballot, a different one in each lane
// (so the ballot stays a per-lane instruction): LOP3 to a predicate, VOTE.
STEP(VoteBallot, unsigned, 7u + lane, return __ballot_sync(FULL, x & c.lanebit);)
// __any_sync's result stays a predicate from one step to the next.
STEP(VoteAny, unsigned, lane & 1u, (void)c; return (unsigned)__any_sync(FULL, x);)
// match.any's first value takes m + 1 distinct values (m = 31: every lane its own).
STEP(MatchAny, unsigned, 7u + ((lane >> a.shift) & a.m), (void)c; return __match_any_sync(FULL, x);)
STEP(MatchAll, unsigned, 7u + lane, int p; (void)c; return __match_all_sync(FULL, x, &p);)
// A reduction's result is a uniform register: the next one reads it through
// a MOV to a per-lane register, as any per-lane use of the result does.
STEP(ReduxAdd, unsigned, 7u + lane, (void)c; return __reduce_add_sync(FULL, x);)
STEP(ReduxMin, unsigned, 7u + lane, (void)c; return __reduce_min_sync(FULL, x);)
STEP(ReduxMax, unsigned, 7u + lane, (void)c; return __reduce_max_sync(FULL, x);)
STEP(ReduxAnd, unsigned, 7u + lane, (void)c; return __reduce_and_sync(FULL, x);)
STEP(ReduxOr, unsigned, 7u + lane, (void)c; return __reduce_or_sync(FULL, x);)
STEP(ReduxXor, unsigned, 7u + lane, (void)c; return __reduce_xor_sync(FULL, x);)
// x is a byte offset into s, whose every word holds its own byte offset: the
// load's address is the previous load's result (LDS R, [R+UR]).
STEP(LdShared, unsigned, 4u * lane, return *(volatile unsigned *)((volatile char *)c.s + x);)
// A value through shared memory: a store, then the load of the same word
// (plus one, so that the stored value changes).
STEP(StLdShared, unsigned, 7u + lane, c.s[c.tid] = x; return c.s[c.tid] + 1u;)
// A step of a shared-memory tree in one warp: store, __syncwarp(), load a
// neighbour's word.
STEP(StSyncwarpLd, unsigned, 7u + lane, c.s[c.tid] = x; __syncwarp(); return c.s[c.tid ^ 1u] + 1u;)
// In converged code __syncwarp() is a NOP in the SASS of sm_90 (also with a
// mask that is not known at compile time): this row is the cost of a NOP.
STEP(Syncwarp, unsigned, 7u + lane, (void)c; __syncwarp(); return x;)
STEP(Syncthreads, unsigned, 7u + lane, (void)c; __syncthreads(); return x;)
// The same across warps: store, __syncthreads(), load the other warp's word.
STEP(StSyncthreadsLd, unsigned, 7u + lane, c.s[c.tid] = x; __syncthreads(); return c.s[c.tid ^ 32u] + 1u;)
STEP(F32Add, float, 1.5f + (float)lane, return x + c.a.f;)
STEP(F32Fma, float, 1.5f + (float)lane, return __fmaf_rn(x, c.a.f, c.a.g);)
STEP(F64Add, double, 1.5 + (double)lane, return x + c.a.d;)
STEP(F64Fma, double, 1.5 + (double)lane, return __fma_rn(x, c.a.d, c.a.e);)
// Adds of one addend would be folded into one multiply, so each add adds the
// two values before it (Fibonacci): one IADD3 on the critical path a step.
STEP(I32Add, U2, (U2{7u + lane, 3u}), (void)c; U2 y; y.a = x.b; y.b = x.a + x.b; return y;)
// x * a + b in PTX (mad.lo.u32): one IMAD a step.
STEP(I32Mad, unsigned, 7u + lane,
     unsigned y; asm volatile("mad.lo.u32 %0, %1, %2, %3;" : "=r"(y) : "r"(x), "r"(c.a.a32), "r"(c.a.b)); return y;)
// A helper: an add then an xor (IADD3 + LOP3); less the i32 add row, the
// latency of the LOP3 that turns ballot's input into a predicate.
STEP(AddXor, unsigned, 7u + lane, return (x + c.a.a32) ^ c.a.b;)

template <class Op, int N>
__global__ void chain(Args args, long long *cycles, typename Op::type *sink)
{
    __shared__ unsigned s[SHARED_WORDS];
    typedef typename Op::type T;
    Ctx c;
    c.a = args;
    c.tid = threadIdx.x;
    c.lane = threadIdx.x % 32u;
    c.idx_src = (c.lane + args.b) % 32u;
    c.lanebit = 1u << c.lane;
    c.s = s;
    for (unsigned i = threadIdx.x; i < SHARED_WORDS; i += blockDim.x)
        s[i] = i * 4u;  // ld.shared's chain: each word holds its own byte offset
    __syncthreads();
    T x = Op::first(c.lane, args);
    pin(x);
    long long t0 = clock64();
    pin(x);
#pragma unroll
    for (int i = 0; i < N; i++)
        x = Op::step(x, c);
    pin(x);
    long long t1 = clock64();
    if (threadIdx.x == 0)
        *cycles = t1 - t0;
    sink[threadIdx.x] = x;  // the chain's result is used
}

// Runs the chain of length N at `threads`; the fewest cycles of REPEATS runs.
template <class Op, int N>
static long long run(const Args &args, int threads)
{
    typedef typename Op::type T;
    long long *cycles;
    T *sink;
    CHECK(cudaMalloc(&cycles, sizeof *cycles));
    CHECK(cudaMalloc(&sink, 1024 * sizeof(T)));
    long long best = -1;
    for (int r = 0; r < REPEATS; r++) {
        chain<Op, N><<<1, threads>>>(args, cycles, sink);
        CHECK(cudaGetLastError());
        CHECK(cudaDeviceSynchronize());
        long long t;
        CHECK(cudaMemcpy(&t, cycles, sizeof t, cudaMemcpyDeviceToHost));
        if (best < 0 || t < best)
            best = t;
    }
    CHECK(cudaFree(cycles));
    CHECK(cudaFree(sink));
    return best;
}

template <class Op>
static void row(const char *name, const char *step, const Args &args, int threads = 32)
{
    long long s = run<Op, N_SHORT>(args, threads), m = run<Op, N_MID>(args, threads);
    long long l = run<Op, N_LONG>(args, threads);
    double slope = (double)(l - s) / (N_LONG - N_SHORT);
    double first = (double)(m - s) / (N_MID - N_SHORT), second = (double)(l - m) / (N_LONG - N_MID);
    // The half slopes agree when they are within 0.25 cycles or 3% of the slope.
    double tol = slope * 0.03 > 0.25 ? slope * 0.03 : 0.25;
    bool linear = (first - slope < tol && slope - first < tol) && (second - slope < tol && slope - second < tol);
    printf("%-24s %6d %10.2f %8.2f %8.2f %10lld %10lld %10lld  %-4s %s\n", name, threads, slope, first, second, s, m,
           l, linear ? "ok" : "NOT", step);
}

int main()
{
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    int clock_khz = 0;
    CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
    int driver = 0, runtime = 0;
    CHECK(cudaDriverGetVersion(&driver));
    CHECK(cudaRuntimeGetVersion(&runtime));
    printf("# latency_probe: %s, sm_%d%d, %d SMs, clock %d MHz, driver %d, runtime %d\n", p.name, p.major, p.minor,
           p.multiProcessorCount, clock_khz / 1000, driver, runtime);
    printf("# cycles per dependent step: slope of clock64() over chains of %d, %d and %d steps in one block,\n",
           N_SHORT, N_MID, N_LONG);
    printf("# lane 0's time, fewest of %d runs; slope = (t%d - t%d) / %d; 'ok': both half slopes agree\n",
           REPEATS, N_LONG, N_SHORT, N_LONG - N_SHORT);
    printf("%-24s %6s %10s %8s %8s %10s %10s %10s  %-4s %s\n", "operation", "block", "cycles", "first", "second",
           "t256", "t768", "t1280", "lin", "step (SASS in latency_probe.sass.txt)");

    Args a;
    memset(&a, 0, sizeof a);
    a.b = 1;
    a.a32 = 0x9e3779b9u;
    a.f = 1.0000001f;
    a.g = 0.5f;
    a.d = 1.0000000000000002;
    a.e = 0.5;
    a.m = 31;  // match.any: 32 distinct values unless a row says otherwise
    a.shift = 0;

    row<Empty>("empty", "nothing: the clock reads alone", a);
    row<ShflIdx>("shfl.idx", "SHFL.IDX", a);
    row<ShflUp>("shfl.up", "SHFL.UP", a);
    row<ShflDown>("shfl.down", "SHFL.DOWN", a);
    row<ShflBfly>("shfl.bfly", "SHFL.BFLY", a);
    row<VoteBallot>("vote.ballot", "LOP3 (bit -> predicate) + VOTE.ANY R", a);
    row<VoteAny>("vote.any", "VOTE.ANY P (predicate to predicate)", a);
    row<MatchAny>("match.any", "MATCH.ANY (32 distinct values)", a);
    // match.any on fewer distinct values: the same kernel, other data.
    const unsigned distinct[] = {1, 2, 4, 8, 16};
    for (unsigned k : distinct) {
        Args v = a;
        v.m = k - 1;
        char name[32], step[64];
        snprintf(name, sizeof name, "match.any (%u value%s)", k, k == 1 ? "" : "s");
        snprintf(step, sizeof step, "MATCH.ANY, %u distinct value%s (lane & %u)", k, k == 1 ? "" : "s", k - 1);
        row<MatchAny>(name, step, v);
    }
    {
        Args v = a;
        v.m = 1;
        v.shift = 4;
        row<MatchAny>("match.any (2, halves)", "MATCH.ANY, 2 values: lanes 0-15, 16-31", v);
    }
    row<MatchAll>("match.all", "MATCH.ALL", a);
    row<ReduxAdd>("redux.add", "REDUX.SUM + MOV (uniform -> lane register)", a);
    row<ReduxMin>("redux.min", "REDUX.MIN + MOV", a);
    row<ReduxMax>("redux.max", "REDUX.MAX + MOV", a);
    row<ReduxAnd>("redux.and", "REDUX.AND + MOV", a);
    row<ReduxOr>("redux.or", "REDUX.OR + MOV", a);
    row<ReduxXor>("redux.xor", "REDUX.XOR + MOV", a);
    row<LdShared>("ld.shared", "LDS (address = previous result)", a);
    row<StLdShared>("st+ld.shared", "STS + LDS of that word + IADD", a);
    row<StSyncwarpLd>("st+syncwarp+ld.shared", "STS + __syncwarp() + LDS of lane^1's word + IADD", a);
    row<Syncwarp>("syncwarp", "__syncwarp(): NOP on sm_90 (see the SASS)", a);
    const int blocks[] = {32, 128, 256, 512, 1024};
    for (int b : blocks)
        row<Syncthreads>("syncthreads", "BAR.SYNC", a, b);
    for (int b : blocks)
        if (b >= 64)  // t ^ 32 is another warp's thread
            row<StSyncthreadsLd>("st+syncthreads+ld", "STS + BAR.SYNC + LDS of the other warp's word + IADD", a, b);
    row<F32Add>("f32 add", "FADD", a);
    row<F32Fma>("f32 fma", "FFMA", a);
    row<F64Add>("f64 add", "DADD", a);
    row<F64Fma>("f64 fma", "DFMA", a);
    row<I32Add>("i32 add", "IADD3 or IMAD.IADD (ptxas alternates them)", a);
    row<I32Mad>("i32 mad", "IMAD", a);
    row<AddXor>("i32 add+xor (helper)", "IMAD.IADD + LOP3", a);
    return 0;
}
