/* cooperative_groups.h for `warpsim cc`: NVIDIA's Cooperative Groups (the CUDA 13 API) on
 * warpsim's CUDA front end. docs/cooperative-groups.md is the guide.
 *
 * Every collective of a group is the front end's intrinsic with the group's lane mask and, for
 * a tile, width = the tile's size, as CUDA's own headers call them, so the bits are the
 * model's and undefined behaviour is diagnosed as for the intrinsics. Each member function
 * that reaches the model takes the caller's file and line as default arguments (WS_CUDA_SITE)
 * and passes them on: a diagnostic, and the rule that orders converged lanes, see the user's
 * line, never this header's.
 *
 *   thread_block / this_thread_block()         thread_block_tile<N> / tiled_partition<N>(g)
 *   thread_group / tiled_partition(g, n)       coalesced_group / coalesced_threads()
 *   labeled_partition, binary_partition        grid_group / this_grid()
 *   cg::reduce (cooperative_groups/reduce.h), inclusive_scan, exclusive_scan (.../scan.h)
 */
#ifndef WARPSIM_CG_COOPERATIVE_GROUPS_H
#define WARPSIM_CG_COOPERATIVE_GROUPS_H

#ifndef __cplusplus
#error "warpsim cc: <cooperative_groups.h>: Cooperative Groups are C++"
#endif

#include <warpsim/cuda.h>

#include "cooperative_groups/details/helpers.h"
#include "cooperative_groups/details/tile_ops.h"

/* The grid's barrier and whether the launch is cooperative, from the front end's runtime
 * (src/cuda/device.c; warpsim/cuda.h declares them too). */
extern "C" void ws_cuda_grid_sync_(const char *file, int line);
extern "C" int ws_cuda_grid_is_cooperative_(void);

namespace warpsim_cg {
struct access;
struct tile_key {}; /* the tiles' constructors take one: only this header makes tiles */
} // namespace warpsim_cg

namespace cooperative_groups {

class thread_block;
class coalesced_group;
template <unsigned N, typename Parent = void> class thread_block_tile;

/* ---- thread_group: any group, its kind known at run time ---- */
class thread_group {
  protected:
    unsigned type_;
    unsigned mask_ = 0; /* coalesced kinds: the warp's lanes in the group */
    unsigned meta_rank_ = 0, meta_size_ = 1;
    bool tiled_ = false; /* coalesced kinds: a tile (its lanes consecutive) */

    explicit thread_group(unsigned type, unsigned mask = 0, unsigned meta_rank = 0, unsigned meta_size = 1,
                          bool tiled = false)
        : type_(type), mask_(mask), meta_rank_(meta_rank), meta_size_(meta_size), tiled_(tiled)
    {
    }
    friend struct warpsim_cg::access;

  public:
    unsigned long long size() const;
    unsigned long long num_threads() const { return size(); }
    unsigned long long thread_rank() const;
    void sync(WS_CUDA_SITE) const;
    unsigned get_type() const { return type_; }
};

/* ---- grid_group ---- */
class grid_group : public thread_group {
    friend grid_group this_grid();
    grid_group() : thread_group(warpsim_cg::grid_group_id) {}

  public:
    bool is_valid() const { return ws_cuda_grid_is_cooperative_() != 0; }
    void sync(WS_CUDA_SITE) const { ws_cuda_grid_sync_(ws_file_, ws_line_); }
    /* The split barrier: what a thread wrote before its arrive is seen by every thread after
     * its wait. Arriving does nothing here and the wait is the grid's barrier (a write made
     * between the two is then seen early, as the GPU may show it too); in a launch that is not
     * cooperative the wait fails the launch as grid.sync() does (the GPU stops at the arrive). */
    using arrival_token = unsigned int;
    arrival_token barrier_arrive() const { return 0; }
    void barrier_wait(arrival_token &&, WS_CUDA_SITE) const { ws_cuda_grid_sync_(ws_file_, ws_line_); }
    static unsigned long long num_blocks() { return (unsigned long long)gridDim.x * (gridDim.y * gridDim.z); }
    static unsigned long long block_rank()
    {
        return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
    }
    static unsigned long long num_threads() { return num_blocks() * warpsim_cg::block_threads(); }
    static unsigned long long size() { return num_threads(); }
    static unsigned long long thread_rank()
    {
        return block_rank() * warpsim_cg::block_threads() + warpsim_cg::block_rank();
    }
    static dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    static dim3 group_dim() { return dim_blocks(); }
    static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    static dim3 dim_threads() { return dim3(gridDim.x * blockDim.x, gridDim.y * blockDim.y, gridDim.z * blockDim.z); }
    static dim3 thread_index()
    {
        return dim3(blockIdx.x * blockDim.x + threadIdx.x, blockIdx.y * blockDim.y + threadIdx.y,
                    blockIdx.z * blockDim.z + threadIdx.z);
    }
};
inline grid_group this_grid() { return grid_group(); }

/* ---- thread_block ---- */
/* Scratch for multi-warp tiles before sm_80; on the H200, as here, it holds nothing. */
template <unsigned MaxBlockSize = 1024> struct alignas(8) block_tile_memory {
};

class thread_block : public thread_group {
    friend thread_block this_thread_block();
    template <unsigned M> friend thread_block this_thread_block(block_tile_memory<M> &);
    thread_block() : thread_group(warpsim_cg::thread_block_id) {}

  public:
    static void sync(WS_CUDA_SITE) { __syncthreads(ws_file_, ws_line_); }
    struct arrival_token {};
    arrival_token barrier_arrive() const { return {}; }
    void barrier_wait(arrival_token &&, WS_CUDA_SITE) const { __syncthreads(ws_file_, ws_line_); }
    static unsigned size() { return warpsim_cg::block_threads(); }
    static unsigned num_threads() { return size(); }
    static unsigned thread_rank() { return warpsim_cg::block_rank(); }
    static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    static dim3 group_dim() { return dim_threads(); }
};
inline thread_block this_thread_block() { return thread_block(); }
template <unsigned M> inline thread_block this_thread_block(block_tile_memory<M> &) { return thread_block(); }

/* ---- coalesced_group: the converged lanes of a warp, or a partition of them ---- */
class coalesced_group : public thread_group {
    friend struct warpsim_cg::access;
    explicit coalesced_group(unsigned mask, unsigned meta_rank = 0, unsigned meta_size = 1, bool tiled = false)
        : thread_group(warpsim_cg::coalesced_group_id, mask, meta_rank, meta_size, tiled)
    {
    }
    bool full() const { return mask_ == WS_CUDA_FULL; }

  public:
    unsigned num_threads() const { return (unsigned)__builtin_popcount(mask_); }
    unsigned size() const { return num_threads(); }
    unsigned thread_rank() const { return (unsigned)__builtin_popcount(mask_ & warpsim_cg::lanemask_lt()); }
    unsigned meta_group_rank() const { return meta_rank_; }
    unsigned meta_group_size() const { return meta_size_; }
    void sync(WS_CUDA_SITE) const { __syncwarp(mask_, ws_file_, ws_line_); }

    /* A rank is the lane of the rank-th set bit of the mask; shfl_up and shfl_down of a
     * group that is not the whole warp read the lane delta set bits away, or the lane's own
     * value past the group's end (CUDA's formulas, fns). */
    template <typename T> warpsim_cg::remove_qual<T> shfl(T &&elem, int srcRank, WS_CUDA_SITE) const
    {
        unsigned src = srcRank == 0 ? (unsigned)__builtin_ctz(mask_)
                       : full()     ? (unsigned)srcRank
                                    : warpsim_cg::fns(mask_, 0, srcRank + 1);
        return warpsim_cg::shfl(WS_COLL_SHFL_IDX, mask_, std::forward<T>(elem), src, 32, ws_file_, ws_line_);
    }
    template <typename T> warpsim_cg::remove_qual<T> shfl_down(T &&elem, unsigned delta, WS_CUDA_SITE) const
    {
        if (full())
            return warpsim_cg::shfl(WS_COLL_SHFL_DOWN, WS_CUDA_FULL, std::forward<T>(elem), delta, 32, ws_file_,
                                    ws_line_);
        unsigned src = warpsim_cg::fns(mask_, warpsim_cg::lane(), (int)(delta + 1));
        if (src >= 32)
            src = warpsim_cg::lane();
        return warpsim_cg::shfl(WS_COLL_SHFL_IDX, mask_, std::forward<T>(elem), src, 32, ws_file_, ws_line_);
    }
    template <typename T> warpsim_cg::remove_qual<T> shfl_up(T &&elem, int delta, WS_CUDA_SITE) const
    {
        if (full())
            return warpsim_cg::shfl(WS_COLL_SHFL_UP, WS_CUDA_FULL, std::forward<T>(elem), (unsigned)delta, 32, ws_file_,
                                    ws_line_);
        unsigned src = warpsim_cg::fns(mask_, warpsim_cg::lane(), -(delta + 1));
        if (src >= 32)
            src = warpsim_cg::lane();
        return warpsim_cg::shfl(WS_COLL_SHFL_IDX, mask_, std::forward<T>(elem), src, 32, ws_file_, ws_line_);
    }

    int any(int predicate, WS_CUDA_SITE) const { return __ballot_sync(mask_, predicate, ws_file_, ws_line_) != 0; }
    int all(int predicate, WS_CUDA_SITE) const { return __ballot_sync(mask_, predicate, ws_file_, ws_line_) == mask_; }
    /* ballot and match results are numbered by rank in the group. */
    unsigned ballot(int predicate, WS_CUDA_SITE) const
    {
        if (full())
            return __ballot_sync(WS_CUDA_FULL, predicate, ws_file_, ws_line_);
        return warpsim_cg::pack_lanes(mask_, __ballot_sync(mask_, predicate, ws_file_, ws_line_));
    }
    template <typename T> unsigned match_any(T val, WS_CUDA_SITE) const
    {
        static_assert(std::is_arithmetic<T>::value, "cooperative_groups: match_any takes an integer or a float");
        if (full())
            return __match_any_sync(WS_CUDA_FULL, val, ws_file_, ws_line_);
        return warpsim_cg::pack_lanes(mask_, __match_any_sync(mask_, val, ws_file_, ws_line_));
    }
    template <typename T> unsigned match_all(T val, int &pred, WS_CUDA_SITE) const
    {
        static_assert(std::is_arithmetic<T>::value, "cooperative_groups: match_all takes an integer or a float");
        if (full())
            return __match_all_sync(WS_CUDA_FULL, val, &pred, ws_file_, ws_line_);
        return warpsim_cg::pack_lanes(mask_, __match_all_sync(mask_, val, &pred, ws_file_, ws_line_));
    }
};

} // namespace cooperative_groups

/* ---- tiles (their collectives: details/tile_ops.h) ---- */
namespace warpsim_cg {

/* A tile that keeps its place in its parent (meta_group_rank, meta_group_size):
 * thread_block_tile<N> (void parent). For N <= 32 it is also a thread_group. */
template <unsigned N, bool InWarp = (N <= 32)> class stored_tile;
template <unsigned N> class stored_tile<N, true> : public cooperative_groups::thread_group, public warp_tile<N> {
  protected:
    stored_tile(tile_key, unsigned meta_rank, unsigned meta_size)
        : thread_group(coalesced_group_id, warp_tile<N>::build_mask(), meta_rank, meta_size, true)
    {
    }

  public:
    using warp_tile<N>::sync;
    using warp_tile<N>::size;
    using warp_tile<N>::num_threads;
    using warp_tile<N>::thread_rank;
    unsigned meta_group_rank() const { return meta_rank_; }
    unsigned meta_group_size() const { return meta_size_; }
};
template <unsigned N> class stored_tile<N, false> : public multi_warp_tile<N> {
    unsigned meta_rank_, meta_size_;

  protected:
    /* As CUDA's: a multi-warp tile made from another syncs that one first. */
    template <typename Tile> stored_tile(tile_key, const Tile &g, const char *file, int line)
        : multi_warp_tile<N>(g, file, line), meta_rank_(g.meta_group_rank()), meta_size_(g.meta_group_size())
    {
    }

  public:
    unsigned meta_group_rank() const { return meta_rank_; }
    unsigned meta_group_size() const { return meta_size_; }
};

/* thread_block_tile<N, Parent> for N <= 32 converts to thread_block_tile<N> (and so to
 * thread_group); a multi-warp one converts through thread_block_tile<N>'s constructor, which
 * syncs, at the caller's line. */
template <unsigned N, typename Parent, bool InWarp = (N <= 32)> struct converts {
};
template <unsigned N, typename Parent> struct converts<N, Parent, true> {
    operator cooperative_groups::thread_block_tile<N, void>() const
    {
        return cooperative_groups::thread_block_tile<N, void>(tile_key{}, Parent::thread_rank() / N,
                                                              (Parent::size() + N - 1) / N);
    }
};

template <typename G> struct is_tile : std::false_type {
};
template <unsigned N, typename P> struct is_tile<cooperative_groups::thread_block_tile<N, P>> : std::true_type {
};

/* tiled_partition(group, n) takes n = 1, 2, 4 ... 32; CUDA aborts for another. */
inline void check_tile_size(unsigned n)
{
    if (n == 0 || n > 32 || (n & (n - 1)))
        __trap();
}

/* The groups' internals, for the functions that make groups. */
struct access {
    /* The lane mask of a group of one warp (a tile of at most 32 threads, a coalesced group). */
    static unsigned mask(const cooperative_groups::thread_group &g) { return g.mask_; }
    template <unsigned N, typename P> static unsigned mask(const cooperative_groups::thread_block_tile<N, P> &)
    {
        return warp_tile<N>::build_mask();
    }
    static cooperative_groups::coalesced_group coalesced(unsigned mask, unsigned meta_rank, unsigned meta_size,
                                                         bool tiled = false)
    {
        return cooperative_groups::coalesced_group(mask, meta_rank, meta_size, tiled);
    }
    /* A tile of a block as thread_group (tiled_partition(block, n)). */
    static cooperative_groups::thread_group block_tile(unsigned mask, unsigned meta_rank, unsigned meta_size)
    {
        return cooperative_groups::thread_group(coalesced_group_id, mask, meta_rank, meta_size, true);
    }
    /* The caller's tile of n lanes of a group of one warp: ranks n*k .. n*k+n-1 (fewer in the
     * last tile); a group of at most n lanes is its own tile. */
    static cooperative_groups::coalesced_group tile_of(const cooperative_groups::thread_group &g, unsigned n)
    {
        unsigned size = (unsigned)__builtin_popcount(g.mask_),
                 rank = (unsigned)__builtin_popcount(g.mask_ & lanemask_lt());
        if (size <= n)
            return coalesced(g.mask_, g.meta_rank_, g.meta_size_, g.tiled_);
        if (g.tiled_) { /* consecutive lanes */
            unsigned base = rank & ~(n - 1), len = size - base < n ? size - base : n;
            return coalesced((WS_CUDA_FULL >> (32 - len)) << (lane() & ~(n - 1)), rank / n, size / n, true);
        }
        unsigned first = rank / n * n, mask = 0, r = 0;
        for (unsigned todo = g.mask_; todo; todo &= todo - 1, r++)
            if (r >= first && r < first + n)
                mask |= todo & (0u - todo);
        return coalesced(mask, rank / n, (size + n - 1) / n);
    }
};

} // namespace warpsim_cg

namespace cooperative_groups {

/* The lanes that reach this call together (__activemask at the caller's line). */
inline coalesced_group coalesced_threads(WS_CUDA_SITE)
{
    return warpsim_cg::access::coalesced(__activemask(ws_file_, ws_line_), 0, 1);
}

/* thread_block_tile<N, Parent>: made by tiled_partition<N>(parent); its rank in the parent
 * comes from the parent's type. */
template <unsigned N, typename Parent> class thread_block_tile : public warpsim_cg::tile_ops<N>,
                                                                 public warpsim_cg::converts<N, Parent> {
  public:
    thread_block_tile(warpsim_cg::tile_key, const Parent &parent, const char *file, int line)
        : warpsim_cg::tile_ops<N>(parent, file, line)
    {
    }
    static unsigned meta_group_rank() { return Parent::thread_rank() / N; }
    static unsigned meta_group_size() { return (Parent::size() + N - 1) / N; }
};

template <unsigned N> class thread_block_tile<N, void> : public warpsim_cg::stored_tile<N> {
  public:
    thread_block_tile(warpsim_cg::tile_key k, unsigned meta_rank, unsigned meta_size)
        : warpsim_cg::stored_tile<N>(k, meta_rank, meta_size)
    {
    }
    template <typename Parent, bool Multi = (N > 32), std::enable_if_t<Multi, int> = 0>
    thread_block_tile(const thread_block_tile<N, Parent> &g, WS_CUDA_SITE)
        : warpsim_cg::stored_tile<N>(warpsim_cg::tile_key{}, g, ws_file_, ws_line_)
    {
    }
};

/* tiled_partition<N>(parent): parent is the thread block or a larger tile (N < its size);
 * a tile of more than 32 threads syncs the parent, as CUDA 13's does. */
template <unsigned N, typename Parent>
inline thread_block_tile<N, Parent> tiled_partition(const Parent &parent, WS_CUDA_SITE)
{
    static_assert(std::is_same<Parent, thread_block>::value || warpsim_cg::is_tile<Parent>::value,
                  "cooperative_groups: tiled_partition<N> partitions the thread block or a thread_block_tile");
    if constexpr (warpsim_cg::is_tile<Parent>::value)
        static_assert(N < Parent::size(), "cooperative_groups: the tile is not smaller than its parent");
    return thread_block_tile<N, Parent>(warpsim_cg::tile_key{}, parent, ws_file_, ws_line_);
}

/* The calling thread alone (meta_group_rank 0 of 1). */
inline thread_block_tile<1, void> this_thread() { return thread_block_tile<1, void>(warpsim_cg::tile_key{}, 0, 1); }

/* tiled_partition(parent, n), n = 1, 2, 4 ... 32: tiles of consecutive ranks; the last tile of
 * a group whose size n does not divide has fewer. No collective is called. */
inline thread_group tiled_partition(const thread_block &, unsigned tilesz)
{
    warpsim_cg::check_tile_size(tilesz);
    unsigned rank = thread_block::thread_rank(), base = rank & ~(tilesz - 1), size = thread_block::size();
    unsigned len = size - base < tilesz ? size - base : tilesz;
    return warpsim_cg::access::block_tile((WS_CUDA_FULL >> (32 - len)) << (warpsim_cg::lane() & ~(tilesz - 1)),
                                          rank / tilesz, (size + tilesz - 1) / tilesz);
}
inline coalesced_group tiled_partition(const coalesced_group &parent, unsigned tilesz)
{
    warpsim_cg::check_tile_size(tilesz);
    return warpsim_cg::access::tile_of(parent, tilesz);
}
/* A thread_group of the block (or, as in CUDA, of the grid) is tiled as the block. */
inline thread_group tiled_partition(const thread_group &parent, unsigned tilesz)
{
    if (parent.get_type() != warpsim_cg::coalesced_group_id)
        return tiled_partition(this_thread_block(), tilesz);
    warpsim_cg::check_tile_size(tilesz);
    return warpsim_cg::access::tile_of(parent, tilesz);
}

/* ---- thread_group's dispatch ---- */
inline unsigned long long thread_group::size() const
{
    switch (type_) {
    case warpsim_cg::coalesced_group_id: return (unsigned)__builtin_popcount(mask_);
    case warpsim_cg::thread_block_id: return thread_block::size();
    case warpsim_cg::grid_group_id: return grid_group::size();
    default: return 0;
    }
}
inline unsigned long long thread_group::thread_rank() const
{
    switch (type_) {
    case warpsim_cg::coalesced_group_id: return (unsigned)__builtin_popcount(mask_ & warpsim_cg::lanemask_lt());
    case warpsim_cg::thread_block_id: return thread_block::thread_rank();
    case warpsim_cg::grid_group_id: return grid_group::thread_rank();
    default: return 0;
    }
}
inline void thread_group::sync(const char *ws_file_, int ws_line_, unsigned) const
{
    switch (type_) {
    case warpsim_cg::coalesced_group_id: __syncwarp(mask_, ws_file_, ws_line_); break;
    case warpsim_cg::thread_block_id: __syncthreads(ws_file_, ws_line_); break;
    case warpsim_cg::grid_group_id: ws_cuda_grid_sync_(ws_file_, ws_line_); break;
    default: break;
    }
}

/* ---- the free functions ---- */
template <typename G> inline void sync(const G &g, WS_CUDA_SITE) { g.sync(ws_file_, ws_line_); }
template <typename G> inline auto thread_rank(const G &g) -> decltype(g.thread_rank()) { return g.thread_rank(); }
template <typename G> inline auto group_size(const G &g) -> decltype(g.num_threads()) { return g.num_threads(); }

/* Not in warpsim: thread block clusters. */
template <typename T = void> inline void this_cluster()
{
    static_assert(!std::is_same<T, T>::value,
                  "warpsim cc: cooperative_groups::this_cluster: thread block clusters are not supported");
}

} // namespace cooperative_groups

#include "cooperative_groups/details/partitioning.h"
#include "cooperative_groups/details/invoke.h"

#endif
