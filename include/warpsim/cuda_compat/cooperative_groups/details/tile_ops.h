/* cooperative_groups/details/tile_ops.h: what a thread_block_tile<N> does. A tile of at most 32
 * threads is N consecutive lanes of a warp, and each collective is the intrinsic over those
 * lanes with width N; a tile of 64 to 1024 threads meets in the block's scratch (multi_warp.h).
 * cooperative_groups.h builds thread_block_tile on these. */
#ifndef WARPSIM_CG_DETAILS_TILE_OPS_H
#define WARPSIM_CG_DETAILS_TILE_OPS_H

#include "helpers.h"
#include "multi_warp.h"

namespace warpsim_cg {

/* What a tile of N <= 32 threads does; the tile's lanes are N consecutive lanes of a warp. */
template <unsigned N> class warp_tile {
    static_assert(N == 1 || N == 2 || N == 4 || N == 8 || N == 16 || N == 32,
                  "cooperative_groups: a tile of at most 32 threads has 1, 2, 4, 8, 16 or 32");

  protected:
    warp_tile() = default;
    template <typename Parent> warp_tile(const Parent &, const char *, int) {}

  public:
    static constexpr unsigned num_threads() { return N; }
    static constexpr unsigned size() { return N; }
    static unsigned thread_rank() { return block_rank() & (N - 1); }
    static unsigned build_mask() { return (WS_CUDA_FULL >> (32 - N)) << (lane() & ~(N - 1)); }
    static void sync(WS_CUDA_SITE) { __syncwarp(build_mask(), ws_file_, ws_line_); }

    template <typename T> remove_qual<T> shfl(T &&elem, int srcRank, WS_CUDA_SITE) const
    {
        return warpsim_cg::shfl(WS_COLL_SHFL_IDX, build_mask(), std::forward<T>(elem), (unsigned)srcRank, N, ws_file_,
                                ws_line_);
    }
    template <typename T> remove_qual<T> shfl_down(T &&elem, unsigned delta, WS_CUDA_SITE) const
    {
        return warpsim_cg::shfl(WS_COLL_SHFL_DOWN, build_mask(), std::forward<T>(elem), delta, N, ws_file_, ws_line_);
    }
    template <typename T> remove_qual<T> shfl_up(T &&elem, unsigned delta, WS_CUDA_SITE) const
    {
        return warpsim_cg::shfl(WS_COLL_SHFL_UP, build_mask(), std::forward<T>(elem), delta, N, ws_file_, ws_line_);
    }
    template <typename T> remove_qual<T> shfl_xor(T &&elem, unsigned laneMask, WS_CUDA_SITE) const
    {
        return warpsim_cg::shfl(WS_COLL_SHFL_BFLY, build_mask(), std::forward<T>(elem), laneMask, N, ws_file_,
                                ws_line_);
    }
    int any(int predicate, WS_CUDA_SITE) const
    {
        return __ballot_sync(build_mask(), predicate, ws_file_, ws_line_) != 0;
    }
    int all(int predicate, WS_CUDA_SITE) const
    {
        return __ballot_sync(build_mask(), predicate, ws_file_, ws_line_) == build_mask();
    }
    /* ballot and match results: bit r is the tile's thread of rank r. */
    unsigned ballot(int predicate, WS_CUDA_SITE) const
    {
        return __ballot_sync(build_mask(), predicate, ws_file_, ws_line_) >> (lane() & ~(N - 1));
    }
    template <typename T> unsigned match_any(T val, WS_CUDA_SITE) const
    {
        static_assert(std::is_arithmetic<T>::value, "cooperative_groups: match_any takes an integer or a float");
        return __match_any_sync(build_mask(), val, ws_file_, ws_line_) >> (lane() & ~(N - 1));
    }
    template <typename T> unsigned match_all(T val, int &pred, WS_CUDA_SITE) const
    {
        static_assert(std::is_arithmetic<T>::value, "cooperative_groups: match_all takes an integer or a float");
        return __match_all_sync(build_mask(), val, &pred, ws_file_, ws_line_) >> (lane() & ~(N - 1));
    }
};

/* What a tile of 64 to 1024 threads does: its warps meet in the block's scratch
 * (multi_warp.h). CUDA 13 gives these tiles sync, shfl, any and all, and cg::reduce and the
 * scans; no shfl_up/down/xor, ballot or match. */
template <unsigned N> class multi_warp_tile {
    static_assert(N == 64 || N == 128 || N == 256 || N == 512 || N == 1024,
                  "cooperative_groups: a tile of more than 32 threads has 64, 128, 256, 512 or 1024");

  protected:
    multi_warp_tile() = default;
    /* As CUDA's: the new tile's barrier bit is cleared, then the parent syncs. */
    template <typename Parent> multi_warp_tile(const Parent &parent, const char *file, int line)
    {
        tile_bar(N, file, line).reset();
        parent.sync(file, line);
    }

  public:
    static constexpr unsigned num_threads() { return N; }
    static constexpr unsigned size() { return N; }
    static unsigned thread_rank() { return block_rank() & (N - 1); }
    void sync(WS_CUDA_SITE) const { tile_bar(N, ws_file_, ws_line_).sync(); }

    template <typename T> T shfl(T val, unsigned src, WS_CUDA_SITE) const
    {
        return tile_bar(N, ws_file_, ws_line_).shfl(val, src);
    }
    int any(int predicate, WS_CUDA_SITE) const { return vote(true, predicate, ws_file_, ws_line_); }
    int all(int predicate, WS_CUDA_SITE) const { return vote(false, predicate, ws_file_, ws_line_); }

  private:
    /* Each warp votes, then lanes 0 .. N/32-1 of the last warp vote on the warps' results. */
    static int vote(bool any, int predicate, const char *file, int line)
    {
        auto one = [=](unsigned mask, int p) {
            return any ? __any_sync(mask, p, file, line) : __all_sync(mask, p, file, line);
        };
        return warps_combine<int>(
            N, [&](int *mine) { *mine = one(WS_CUDA_FULL, predicate); },
            [&](int *across) { *across = one(WS_CUDA_FULL >> (32 - N / 32), *across); }, file, line);
    }
};

template <unsigned N> using tile_ops = std::conditional_t<(N <= 32), warp_tile<N>, multi_warp_tile<N>>;

} // namespace warpsim_cg

#endif
