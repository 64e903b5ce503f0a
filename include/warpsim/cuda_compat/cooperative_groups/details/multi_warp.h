/* cooperative_groups/details/multi_warp.h: what tiles of 64 to 1024 threads share between
 * their warps, as CUDA 13 builds them on sm_80 and later: per block, one barrier word per tile
 * size (bit w: warp w of the block has arrived) and one 8-byte slot per warp, in shared memory
 * that the hardware reserves (here the block's own shared memory, ws_cuda_shared_, zero when
 * the block starts; block_tile_memory is not needed and not used, as on the H200).
 *
 * How a warp waits for the other warps of its tile:
 *   - a tile that is the whole block: __syncthreads, at the caller's line (the same barrier
 *     for a program that is correct; for one that is not, the front end's barrier
 *     diagnostics);
 *   - a smaller tile: as CUDA's does, in a loop on the barrier word, lane 0 alone (the warp's
 *     other lanes wait at __syncwarp). Each turn of the loop steps aside (ws_cuda_yield_) so
 *     that the block's other warps run until they can go no further: correct whatever the
 *     order; a warp that never comes fails the launch after WARPSIM_HANG_SECONDS, naming
 *     this file's loop, as any spin does (docs/cuda-frontend.md, "Threads that spin"). */
#ifndef WARPSIM_CG_DETAILS_MULTI_WARP_H
#define WARPSIM_CG_DETAILS_MULTI_WARP_H

#include "helpers.h"

namespace warpsim_cg {

struct block_scratch {
    unsigned barriers[5];         /* tiles of 64, 128, 256, 512, 1024 threads */
    unsigned long long slots[32]; /* one value per warp of the block */
};

inline block_scratch *scratch()
{
    static const ws_cuda_shared_site site = {sizeof(block_scratch), alignof(block_scratch),
                                             "(Cooperative Groups: multi-warp tiles)", "cooperative_groups.h", 0};
    return static_cast<block_scratch *>(ws_cuda_shared_(&site));
}

template <typename T> inline T *slot(unsigned block_warp)
{
    static_assert(
        sizeof(T) <= sizeof(unsigned long long),
        "cooperative_groups: collectives of tiles larger than 32 threads are limited to types of at most 8 bytes");
    return reinterpret_cast<T *>(&scratch()->slots[block_warp]);
}

/* While one lives, a checked build's checker leaves the thread's accesses alone: the
 * exchanges between a tile's warps below are the front end's, not the program's (their
 * order is told by tile_bar's arrivals and releases). */
struct unchecked_scope {
    unchecked_scope() { ws_cuda_check_quiet_(1); }
    ~unchecked_scope() { ws_cuda_check_quiet_(0); }
    unchecked_scope(const unchecked_scope &) = delete;
    unchecked_scope &operator=(const unchecked_scope &) = delete;
};

/* The running warp in the barrier of the tiles of `threads` threads. */
class tile_bar {
    unsigned threads_, *word_, bit_, group_;
    const char *file_;
    int line_;
    bool whole_block_;

    /* Each arrival and release orders what came before (a checked build's racecheck). */
    unsigned arrive() const
    {
        ws_cuda_check_order_();
        return __atomic_fetch_or(word_, bit_, __ATOMIC_ACQ_REL);
    }
    void release() const
    {
        ws_cuda_check_order_();
        __atomic_fetch_and(word_, ~group_, __ATOMIC_RELEASE);
    }
    void wait_released() const
    {
        while (__atomic_load_n(word_, __ATOMIC_ACQUIRE) & bit_)
            ws_cuda_yield_(); /* the other warps of the tile run until they arrive */
    }

  public:
    tile_bar(unsigned threads, const char *file, int line)
        : threads_(threads), file_(file), line_(line), whole_block_(threads == block_threads())
    {
        unsigned warps = threads / 32, warp = block_rank() / 32, size_class = 0;
        for (unsigned n = threads; n > 64; n /= 2)
            size_class++;
        word_ = &scratch()->barriers[size_class];
        bit_ = 1u << warp;
        group_ = warps == 32 ? ~0u : ((1u << warps) - 1u) << (warp / warps * warps);
    }

    /* A new tile: the warp's bit starts cleared (the tile's constructor then syncs the
     * parent, as CUDA's does). */
    void reset() const
    {
        __syncwarp(WS_CUDA_FULL, file_, line_);
        if (lane() == 0)
            __atomic_fetch_and(word_, ~bit_, __ATOMIC_RELEASE);
    }

    /* Every warp of the tile waits until all have arrived. */
    void sync() const
    {
        if (whole_block_) {
            __syncthreads(file_, line_);
            return;
        }
        __syncwarp(WS_CUDA_FULL, file_, line_);
        if (lane() == 0) {
            if (((arrive() | bit_) & group_) == group_)
                release();
            else
                wait_released();
        }
        __syncwarp(WS_CUDA_FULL, file_, line_);
    }

    /* The tile's warps meet; one of them (the last to arrive, as in CUDA, or the tile's last
     * warp when the tile is the block) gets true and does the tile's remaining work before
     * every warp calls finish(); the others may be waiting in arrive_one or in finish. */
    bool arrive_one() const
    {
        if (whole_block_) {
            __syncthreads(file_, line_);
            return block_rank() / 32 == threads_ / 32 - 1;
        }
        __syncwarp(WS_CUDA_FULL, file_, line_);
        unsigned old = 0;
        if (lane() == 0)
            old = arrive();
        old = __shfl_sync(WS_CUDA_FULL, old, 0, 32, file_, line_);
        if (((old | bit_) & group_) == group_)
            return true;
        if (lane() == 0)
            wait_released();
        __syncwarp(WS_CUDA_FULL, file_, line_);
        return false;
    }
    void finish(bool one) const
    {
        if (whole_block_)
            __syncthreads(file_, line_);
        else if (one && lane() == 0)
            release();
    }

    /* The tile's shfl: the value of its thread of rank src (every thread names the same
     * one). That thread's warp puts it in its slot and arrives; the other warps wait for
     * that warp, read, and sync, which releases it. */
    template <typename T> T shfl(T val, unsigned src) const
    {
        unchecked_scope quiet;
        unsigned src_warp = (block_rank() & ~(threads_ - 1)) / 32 + src / 32;
        T *where = slot<T>(src_warp);
        bool source_warp = block_rank() / 32 == src_warp;
        if (whole_block_) {
            if (source_warp && (block_rank() & (threads_ - 1)) == src)
                *where = val;
            __syncthreads(file_, line_);
            T result = *where;
            __syncthreads(file_, line_);
            return result;
        }
        if (source_warp) {
            __syncwarp(WS_CUDA_FULL, file_, line_);
            if ((block_rank() & (threads_ - 1)) == src)
                *where = val;
            __syncwarp(WS_CUDA_FULL, file_, line_);
            if (lane() == 0)
                arrive();
            T result = *where;
            if (lane() == 0)
                wait_released();
            __syncwarp(WS_CUDA_FULL, file_, line_);
            return result;
        }
        if (lane() == 0)
            while (!(__atomic_load_n(word_, __ATOMIC_ACQUIRE) & (1u << src_warp)))
                ws_cuda_yield_();
        __syncwarp(WS_CUDA_FULL, file_, line_);
        T result = *where;
        sync();
        return result;
    }
};

/* The tile's warps in a multi-warp collective (cg::reduce, the scans, any, all): each warp
 * puts its part in its slot (warp_part), one warp combines the slots with its lanes
 * 0 .. warps-1, lane k on warp k's slot (across), and every thread returns its warp's slot. */
template <typename T, typename WarpPart, typename Across>
inline T warps_combine(unsigned threads, const WarpPart &warp_part, const Across &across, const char *file, int line)
{
    unchecked_scope quiet;
    tile_bar bar(threads, file, line);
    unsigned warps = threads / 32, first_warp = (block_rank() & ~(threads - 1)) / 32;
    T *mine = slot<T>(block_rank() / 32);
    warp_part(mine);
    bool one = bar.arrive_one();
    if (one) {
        if (lane() < warps)
            across(slot<T>(first_warp + lane()));
        __syncwarp(WS_CUDA_FULL, file, line);
    }
    bar.finish(one);
    return *mine;
}

} // namespace warpsim_cg

#endif
