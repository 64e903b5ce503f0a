/* programs/cuda/conform/conform.h: the primitive conformance sweep
 * (warpsim-conform). Each sweep builds cases from the seed, runs them on the
 * GPU, builds the same situation in the warpsim model and compares every
 * lane's bits. This header holds what the sweeps share: the random numbers,
 * the result rows, the GPU helpers and the active-set cases. */
#ifndef WARPSIM_CONFORM_H
#define WARPSIM_CONFORM_H

#include <stddef.h>
#include <stdint.h>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "warpsim/warpsim.h"

/* ---- Random numbers (splitmix64: small, and every case is replayable) ---- */
struct conform_rng {
    uint64_t state;
    uint64_t next()
    {
        uint64_t z = (state += UINT64_C(0x9E3779B97F4A7C15));
        z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
        return z ^ (z >> 31);
    }
    uint32_t u32() { return (uint32_t)(next() >> 32); }
    /* 0 .. n-1 (n > 0). */
    uint32_t below(uint32_t n) { return (uint32_t)(((next() >> 32) * (uint64_t)n) >> 32); }
    /* lo .. hi inclusive. */
    int32_t range(int32_t lo, int32_t hi) { return lo + (int32_t)below((uint32_t)(hi - lo + 1)); }
    bool chance(uint32_t num, uint32_t den) { return below(den) < num; }
    /* Each bit of `from` kept with probability num/den. */
    uint32_t subset(uint32_t from, uint32_t num, uint32_t den)
    {
        uint32_t m = 0;
        for (int i = 0; i < 32; i++)
            if (((from >> i) & 1u) && chance(num, den))
                m |= 1u << i;
        return m;
    }
};

/* Each sweep draws from its own stream, so `--only` replays the same cases. */
conform_rng conform_rng_for(uint64_t seed, const char *sweep);

/* ---- Result rows: one per primitive --------------------------------------- */
struct conform_row {
    std::string name;
    uint64_t cases = 0;
    uint64_t lanes = 0;      /* lane results compared (value and predicate count as one) */
    uint64_t mismatches = 0;
    std::vector<std::string> details; /* the first few mismatches, ready to print */
};

struct conform_ctx {
    uint64_t seed = 0;
    double scale = 1.0;       /* multiplies the number of random cases */
    int max_report = 4;       /* mismatch details kept per row */
    double timeout_s = 60.0;  /* a kernel running longer is taken as hung */
    std::deque<conform_row> rows; /* a deque: rows never move, so references stay valid */
    std::string failure;      /* a CUDA error or hang that stopped the sweeps */
};

/* The row called `name`, created (in table order) on first use. */
conform_row &conform_row_get(conform_ctx &ctx, const char *name);
/* Counts a mismatch on the row and keeps its printf-formatted description
 * while fewer than ctx.max_report are kept. */
void conform_mismatch(conform_ctx &ctx, conform_row &row, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* True while the row still keeps mismatch details: build costly
 * descriptions only then (a conform_mismatch call still counts the rest). */
static inline bool conform_keeps(const conform_ctx &ctx, const conform_row &row)
{
    return (int)row.details.size() < ctx.max_report;
}
/* Cases scaled by --scale (at least 1). */
size_t conform_scaled(const conform_ctx &ctx, size_t base);

/* Prints the table (and the mismatch details); returns true if all matched. */
bool conform_print_report(const conform_ctx &ctx, FILE *out);

/* ---- GPU helpers -----------------------------------------------------------
 * Every CUDA call goes through CONFORM_CUDA: on failure it records
 * "<file>:<line>: <call>: <error>" in ctx.failure and returns false from the
 * enclosing sweep function; main stops there and prints what ran. */
bool conform_cuda_failed(conform_ctx &ctx, cudaError_t e, const char *call, const char *file, int line);
#define CONFORM_CUDA(ctx, call)                                                 \
    do {                                                                        \
        cudaError_t conform_e_ = (call);                                        \
        if (conform_e_ != cudaSuccess)                                          \
            return !conform_cuda_failed((ctx), conform_e_, #call, __FILE__, __LINE__); \
    } while (0)

/* Checks the launch just made and waits for it, at most ctx.timeout_s: a
 * kernel still running then is taken as hung (a collective waiting for lanes
 * that never arrive); the report so far is printed and the process ends
 * with exit status 1, since a hung context cannot be recovered. */
bool conform_wait(conform_ctx &ctx, const char *kernel);

/* A device copy of a host vector (freed by the owner with cudaFree). */
template <typename T> static bool conform_upload(conform_ctx &ctx, const std::vector<T> &host, T **dev)
{
    *dev = nullptr;
    size_t bytes = (host.empty() ? 1 : host.size()) * sizeof(T);
    CONFORM_CUDA(ctx, cudaMalloc((void **)dev, bytes));
    if (!host.empty())
        CONFORM_CUDA(ctx, cudaMemcpy(*dev, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
    return true;
}
/* A device buffer of n elements, every byte set to `fill`. */
template <typename T> static bool conform_alloc(conform_ctx &ctx, size_t n, int fill, T **dev)
{
    *dev = nullptr;
    CONFORM_CUDA(ctx, cudaMalloc((void **)dev, (n ? n : 1) * sizeof(T)));
    CONFORM_CUDA(ctx, cudaMemset(*dev, fill, (n ? n : 1) * sizeof(T)));
    return true;
}
template <typename T> static bool conform_download(conform_ctx &ctx, const T *dev, size_t n, std::vector<T> &host)
{
    host.assign(n, T());
    if (n)
        CONFORM_CUDA(ctx, cudaMemcpy(host.data(), dev, n * sizeof(T), cudaMemcpyDeviceToHost));
    return true;
}

/* ---- Active sets: which lanes exist, exited, and took the branch ----------
 * Every GPU case is one warp (one block). On the GPU: lanes >= threads do
 * not exist (the block is smaller), lanes in `exited` return at once, the
 * live lanes in `branch` take an if and call the primitive with `mask_if`,
 * the other live lanes take the else (and, for vote/match/redux, call the
 * same primitive with `mask_else`). The model runs the same control flow
 * (ws_if_lanes / ws_exit / ws_else / ws_end_if) on a warp of `threads`. */
struct active_set {
    int threads;          /* 1..32 */
    uint32_t exited;
    uint32_t branch;      /* live lanes that take the if */
    uint32_t mask_if;     /* membermask of the branch lanes */
    uint32_t mask_else;   /* membermask of the else lanes (if any) */
};

static inline uint32_t active_present(const active_set &a)
{
    return a.threads >= 32 ? 0xFFFFFFFFu : (1u << a.threads) - 1u;
}
static inline uint32_t active_live(const active_set &a) { return active_present(a) & ~a.exited; }
static inline uint32_t active_else(const active_set &a) { return active_live(a) & ~a.branch; }

/* A random active set: mostly full warps, sometimes absent and exited
 * lanes; the branch is all live lanes or a random non-empty part of them.
 * Each mask names its own lanes exactly, plus (sometimes) lanes that are
 * gone (exited or absent), which the hardware does not wait for. Never a
 * live lane of the other path: that would hang. */
active_set active_random(conform_rng &rng);

/* "threads 20, exited 0x..., branch 0x..., mask 0x... (else 0x...)". */
std::string active_describe(const active_set &a);

/* Creates a model warp for this set (threads, IGNORE policy) and makes the
 * exited lanes exit. Returns nullptr and fills `err` on failure. */
ws_warp *active_model_warp(const active_set &a, std::string &err);

/* Cases hold an active_set `set`. Sorting them by thread count (stably, so
 * a seed still names the same cases) lets each launch (one block size)
 * cover a contiguous range: launch(first, count, threads) for each range. */
template <typename Case> static void active_sort_by_threads(std::vector<Case> &cases)
{
    std::stable_sort(cases.begin(), cases.end(),
                     [](const Case &a, const Case &b) { return a.set.threads < b.set.threads; });
}
template <typename Case, typename Launch>
static bool active_launch_by_threads(const std::vector<Case> &cases, Launch launch)
{
    size_t first = 0;
    while (first < cases.size()) {
        size_t end = first;
        while (end < cases.size() && cases[end].set.threads == cases[first].set.threads)
            end++;
        if (!launch(first, end - first, cases[first].set.threads))
            return false;
        first = end;
    }
    return true;
}

/* "0x%08x" of a lane's word, and the per-lane values of a warp in one line. */
std::string conform_lane_values32(const uint32_t *v, uint32_t lanes);
std::string conform_lane_values64(const uint64_t *v, uint32_t lanes);

/* ---- The sweeps (each returns false only when CUDA failed) ---- */
bool sweep_fp(conform_ctx &ctx);
bool sweep_shfl_intrinsics(conform_ctx &ctx);
bool sweep_shfl_intrinsics64(conform_ctx &ctx);
bool sweep_shfl_ptx(conform_ctx &ctx);
bool sweep_shfl_active(conform_ctx &ctx);
bool sweep_vote(conform_ctx &ctx);
bool sweep_match(conform_ctx &ctx);
bool sweep_redux(conform_ctx &ctx);
bool sweep_shfl_mask_ub(conform_ctx &ctx);

#endif
