/* cub/block/block_raking_layout.cuh for `warpsim cc`: CUB's (CCCL 3.0) shared-memory grid for
 * raking: BLOCK_THREADS cells, raked by at most one warp, each raking thread reducing a segment
 * of SEGMENT_LENGTH consecutive cells; an even segment longer than 2 gets one cell of padding
 * after it (against bank conflicts), which moves every cell after it. */
#ifndef WARPSIM_CUB_BLOCK_RAKING_LAYOUT_CUH
#define WARPSIM_CUB_BLOCK_RAKING_LAYOUT_CUH

#include "../util_type.cuh"

namespace cub {

template <typename T, int BLOCK_THREADS> struct BlockRakingLayout {
    enum {
        SHARED_ELEMENTS = BLOCK_THREADS,
        MAX_RAKING_THREADS = BLOCK_THREADS < detail::warp_threads ? BLOCK_THREADS : detail::warp_threads,
        SEGMENT_LENGTH = (SHARED_ELEMENTS + MAX_RAKING_THREADS - 1) / MAX_RAKING_THREADS,
        RAKING_THREADS = (SHARED_ELEMENTS + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH,
        USE_SEGMENT_PADDING = ((SEGMENT_LENGTH & 1) == 0) && (SEGMENT_LENGTH > 2),
        GRID_ELEMENTS = RAKING_THREADS * (SEGMENT_LENGTH + USE_SEGMENT_PADDING),
        UNGUARDED = (SHARED_ELEMENTS % RAKING_THREADS == 0),
    };
    struct alignas(16) _TempStorage {
        T buff[GRID_ELEMENTS];
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };
    /* Where thread linear_tid places its value. */
    static T *PlacementPtr(TempStorage &storage, unsigned linear_tid)
    {
        unsigned offset = linear_tid;
        if (USE_SEGMENT_PADDING > 0)
            offset += offset / SEGMENT_LENGTH;
        return storage.Alias().buff + offset;
    }
    /* The segment that raking thread linear_tid reduces. */
    static T *RakingPtr(TempStorage &storage, unsigned linear_tid)
    {
        return storage.Alias().buff + linear_tid * (SEGMENT_LENGTH + USE_SEGMENT_PADDING);
    }
};

} // namespace cub

#endif
