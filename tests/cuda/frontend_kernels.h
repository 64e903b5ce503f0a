/* Kernels written the way users write them, compiled by the front end
 * (warpsim/cuda.h) in test_frontend.cpp. Each test computes what it
 * expects independently: plain C loops, hand formulas, or the H200's own
 * output (docs/probes/convergence_probe.h200.txt). */
#pragma once
#include <warpsim/cuda.h>

#define FULL 0xffffffffu

/* The classic shfl_down tree; every lane keeps its partial sum. */
template <typename T> __global__ void warp_reduce_down(const T *in, T *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    T v = in[i];
    for (int offset = warpSize / 2; offset > 0; offset /= 2)
        v += __shfl_down_sync(FULL, v, offset);
    out[i] = v;
}

/* Butterfly all-reduce: every lane ends with the warp's sum. */
__global__ void warp_allreduce_xor(const int *in, int *out)
{
    int v = in[threadIdx.x];
    for (int mask = 16; mask > 0; mask >>= 1)
        v += __shfl_xor_sync(FULL, v, mask);
    out[threadIdx.x] = v;
}

/* Hillis-Steele inclusive scan with shfl_up. */
__global__ void warp_scan(const int *in, int *out)
{
    int lane = threadIdx.x % 32;
    int v = in[threadIdx.x];
    for (int d = 1; d < 32; d *= 2) {
        int t = __shfl_up_sync(FULL, v, d);
        if (lane >= d)
            v += t;
    }
    out[threadIdx.x] = v;
}

/* Block reduce: warp sums through __shared__ and __syncthreads, one result per block. */
__global__ void block_reduce(const int *in, int *out)
{
    __shared__ int sums[32];
    int lane = threadIdx.x % warpSize, wid = threadIdx.x / warpSize;
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(FULL, v, o);
    if (lane == 0)
        sums[wid] = v;
    __syncthreads();
    if (wid == 0) {
        v = lane < (int)((blockDim.x + 31) / 32) ? sums[lane] : 0;
        for (int o = 16; o > 0; o /= 2)
            v += __shfl_down_sync(FULL, v, o);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}

/* Grid-stride loop, warp reduce, one atomicAdd per warp. */
__global__ void grid_stride_sum(const unsigned *in, int n, unsigned long long *total)
{
    unsigned long long v = 0;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        v += in[i];
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(FULL, v, o);
    if (threadIdx.x % 32 == 0)
        atomicAdd(total, v);
}

/* Float atomics from every block: the bits depend on the order (block order here). */
__global__ void float_atomics(const float *in, float *total)
{
    atomicAdd(total, in[blockIdx.x * blockDim.x + threadIdx.x]);
}

/* Bitonic sort of 32 key-value pairs in a warp. */
__global__ void warp_bitonic(const int *keys, const int *vals, int *out_keys, int *out_vals)
{
    int lane = threadIdx.x;
    int k = keys[lane], v = vals[lane];
    for (int size = 2; size <= 32; size *= 2) {
        for (int stride = size / 2; stride > 0; stride /= 2) {
            int ok = __shfl_xor_sync(FULL, k, stride);
            int ov = __shfl_xor_sync(FULL, v, stride);
            bool ascending = (lane & size) == 0;
            bool lower = (lane & stride) == 0;
            bool take_other = lower == ascending ? ok < k : ok > k;
            if (take_other) {
                k = ok;
                v = ov;
            }
        }
    }
    out_keys[lane] = k;
    out_vals[lane] = v;
}

/* Warp-aggregated atomics: one atomicAdd per distinct key in the warp. */
__global__ void aggregated_histogram(const int *keys, int *bins, int *leaders)
{
    int key = keys[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned peers = __match_any_sync(__activemask(), key);
    int leader = __ffs(peers) - 1;
    if ((int)(threadIdx.x % 32) == leader) {
        atomicAdd(&bins[key], __popc(peers));
        atomicAdd(leaders, 1);
    }
}

/* __syncwarp between shared-memory steps: reverse a warp's values. */
__global__ void syncwarp_reverse(const int *in, int *out)
{
    __shared__ int buf[32];
    int lane = threadIdx.x;
    buf[lane] = in[lane];
    __syncwarp();
    int r = buf[31 - lane];
    __syncwarp();
    buf[lane] = r * 2;
    __syncwarp();
    out[lane] = buf[lane];
}

/* Warps are formed from the linear thread index x + y*Dx + z*Dx*Dy. */
__global__ void lane_ids_3d(int *out)
{
    int linear = threadIdx.x + threadIdx.y * blockDim.x + threadIdx.z * blockDim.x * blockDim.y;
    int first = __shfl_sync(FULL, linear, 0);
    out[linear] = first * 1000 + (int)__popc(__ballot_sync(FULL, threadIdx.y == 1));
}

/* 64-bit values move as two words: lane i reads lane i ^ 1. */
__global__ void shuffle_64(const double *d, const long long *l, double *od, long long *ol)
{
    int lane = threadIdx.x;
    od[lane] = __shfl_xor_sync(FULL, d[lane], 1);
    ol[lane] = __shfl_sync(FULL, l[lane], 31 - lane);
}

/* The convergence probe's shapes (docs/probes/convergence_probe.cu). */
__global__ void am_shapes(unsigned *out)
{
    int lane = threadIdx.x;
    unsigned *c01 = out, *c02a = out + 32, *c02b = out + 64, *c03 = out + 96, *c06a = out + 128,
             *c06b = out + 160, *c09a = out + 192, *c09b = out + 224, *c09c = out + 256, *c09d = out + 288;
    if (lane % 3 == 0)
        c01[lane] = __activemask();
    if (lane < 10)
        c02a[lane] = __activemask();
    else
        c02b[lane] = __activemask();
    if (lane < 16)
        c06a[lane] = __activemask();
    c06b[lane] = __activemask();
    if (lane < 16) {
        if (lane < 8)
            c09a[lane] = __activemask();
        else
            c09b[lane] = __activemask();
        c09c[lane] = __activemask();
    }
    c09d[lane] = __activemask();
    if (lane >= 20)
        return;
    c03[lane] = __activemask();
}

__global__ void am_loops(unsigned *rec, unsigned *after)
{
    int lane = threadIdx.x;
#pragma unroll 1
    for (int i = 0; i < lane % 5; i++)
        rec[i * 32 + lane] = __activemask();
    after[lane] = __activemask();
    int i = 0;
    while (true) {
        rec[160 + i * 32 + lane] = __activemask();
        if (i >= lane % 4)
            break;
        i++;
    }
    after[32 + lane] = __activemask();
}

/* One call site, a mask per half of the warp: two calls that each name
 * exactly their callers, nothing undefined (the sync point must see that
 * the lanes' masks differ although their call sites are the same). */
__global__ void per_half_masks(const int *in, int *out)
{
    int lane = threadIdx.x % 32;
    unsigned mask = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    out[threadIdx.x] = __shfl_xor_sync(mask, in[threadIdx.x], 1);
}

/* ---- undefined behaviour ---- */

__global__ void mask_omits_caller(int *out)
{
    int lane = threadIdx.x;
    out[lane] = __shfl_down_sync(0x0000ffffu, lane, 1); /* lanes 16-31 call with a mask without them */
}

__global__ void read_exited(int *out)
{
    int lane = threadIdx.x;
    if (lane >= 28)
        return;
    out[lane] = __shfl_down_sync(FULL, lane + 100, 4);
}

__global__ void two_kinds(int *out)
{
    int lane = threadIdx.x;
    if (lane & 1)
        out[lane] = __shfl_xor_sync(FULL, lane, 1);
    else
        out[lane] = __shfl_down_sync(FULL, lane, 1);
}

__global__ void divergent_barrier(int *out)
{
    if (threadIdx.x >= 16)
        return;
    __syncthreads();
    out[threadIdx.x] = 1;
}

__global__ void barrier_vs_shuffle(int *out)
{
    int lane = threadIdx.x;
    if (lane < 16)
        out[lane] = __shfl_xor_sync(FULL, lane, 16);
    else
        __syncthreads();
}

__noinline__ __device__ int deep(int n)
{
    volatile char pad[512];
    pad[0] = (char)n;
    return n == 0 ? pad[0] : deep(n - 1) + pad[0];
}
__global__ void overflow(int *out) { out[threadIdx.x] = deep(1 << 20); }

/* Two printf calls in a row, then one in each branch of an if/else, in two
 * warps of 4 threads each of a 2-block launch. */
__global__ void printf_order()
{
    int t = threadIdx.x;
    printf("A b%u t%d\n", blockIdx.x, t);
    printf("B b%u t%d\n", blockIdx.x, t);
    if (t % 2)
        printf("odd t%d\n", t);
    else
        printf("even t%d\n", t);
}

/* ---- issue 26: what only a test with mixed inputs or a slow block sees ---- */

/* __syncthreads_and/_or with predicates that differ across the block's
 * warps (one thread of the third warp differs), and with one value for all. */
__global__ void barrier_predicates(int *out)
{
    int t = threadIdx.x, n = blockDim.x;
    out[t] = __syncthreads_and(t != 70);
    out[n + t] = __syncthreads_and(t < n);
    out[2 * n + t] = __syncthreads_or(t == 70);
    out[3 * n + t] = __syncthreads_or(t >= n);
    out[4 * n + t] = __syncthreads_count(t % 3 == 0);
}

/* Every thread of the block counts itself. */
__global__ void count_threads(unsigned *n) { atomicAdd(n, 1u); }

/* Thread 0 of block 1 waits (at most `bound` turns) until `want` of blocks
 * 2, 3, ... have set their flag: plain memory, no atomics, which would
 * wait for block 1's turn. */
__device__ void wait_for_flags(volatile int *flag, int want, long bound)
{
    int blocks = (int)gridDim.x;
    for (long i = 0; i < bound; i++) {
        int n = 0;
        for (int k = 2; k < blocks; k++)
            n += flag[k];
        if (n >= want)
            return;
    }
}

/* Device printf from many blocks, block 1 the slowest: it prints once
 * `others` later blocks have started (or after `bound` turns: fewer OS
 * threads than asked for). Block 0 runs first, alone; the other OS threads
 * run blocks 2, 3, ... meanwhile, and with `others` = the number of OS
 * threads, one of them has started a second block (pigeonhole), so at least
 * one block after block 1 has finished before block 1 prints. */
__global__ void printf_slow_block(volatile int *started, int others, long bound)
{
    if (threadIdx.x == 0) {
        started[blockIdx.x] = 1;
        if (blockIdx.x == 1)
            wait_for_flags(started, others, bound);
    }
    __syncthreads();
    printf("block %u thread %u\n", blockIdx.x, threadIdx.x);
}

/* Each block appends its index through the slot atomicAdd returns, block 1
 * the slowest: it waits until `others` later blocks have reached their
 * atomicAdd (at most `bound` turns). In block order the blocks after it wait
 * at their atomicAdd, one an OS thread, so fewer than `others` (the number
 * of OS threads) get there and block 1 waits out the bound; atomics that
 * did not wait for their turn would let those blocks append and end, and
 * the next block of their OS thread arrive. */
__global__ void append_slow_block(volatile int *reached, int others, long bound, unsigned *count, unsigned *list)
{
    if (threadIdx.x == 0) {
        if (blockIdx.x == 1)
            wait_for_flags(reached, others, bound);
        reached[blockIdx.x] = 1;
        list[atomicAdd(count, 1u)] = blockIdx.x;
    }
}

/* A divergent shuffle whose mask names exactly its callers: lanes 0-15
 * (the lower line, run first) while lanes 16-31 wait at another call.
 * Lanes 12-15 read lanes 16-19, alive but not taking part. */
__global__ void read_outside_callers(int *out)
{
    int lane = threadIdx.x;
    int v = lane + 100;
    if (lane < 16)
        out[lane] = __shfl_down_sync(0x0000ffffu, v, 4);
    else
        out[lane] = __shfl_down_sync(0xffff0000u, v, 4);
}
