/* cub/warp/specializations/warp_reduce_smem.cuh for `warpsim cc`: CUB's (CCCL 3.0) reduction of
 * a logical warp through shared memory, the one CUB takes for a logical warp that is not a power
 * of two. Step k (offset 2^k, k < ceil(log2(lanes))): every lane stores its value, __syncwarp,
 * then a lane whose peer lane + offset is below valid_items (for a power of two with every lane
 * valid: every lane, reading past the logical warp into the buffer's spare half) combines
 * reduction_op(own, peer), __syncwarp. Segmented: each lane stops before the next flag (a ballot).
 *
 * As in CUB 3.0, the member mask of a logical warp that is not a power of two is the warp's low
 * lanes for every logical warp (WarpMask), so only the first logical warp of each warp has a
 * mask that names its own lanes: the others' __syncwarp and ballot name lanes they are not. */
#ifndef WARPSIM_CUB_WARP_REDUCE_SMEM_CUH
#define WARPSIM_CUB_WARP_REDUCE_SMEM_CUH

#include <algorithm>

#include "../../util_ptx.cuh"

namespace cub {
namespace detail {

template <typename T, int LOGICAL_WARP_THREADS> struct WarpReduceSmem {
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == warp_threads;
    static constexpr bool IS_POW_OF_TWO = PowerOfTwo<LOGICAL_WARP_THREADS>::VALUE;
    static constexpr int STEPS = Log2<LOGICAL_WARP_THREADS>::VALUE;
    static constexpr int HALF_WARP_THREADS = 1 << (STEPS - 1);
    static constexpr int WARP_SMEM_ELEMENTS = LOGICAL_WARP_THREADS + HALF_WARP_THREADS;

    struct _TempStorage {
        T reduce[WARP_SMEM_ELEMENTS];
        unsigned char flags[WARP_SMEM_ELEMENTS];
    };
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &temp_storage;
    unsigned lane_id, member_mask;
    call_site at;

    WarpReduceSmem(TempStorage &storage, call_site site)
        : temp_storage(storage.Alias()),
          lane_id(IS_ARCH_WARP ? detail::lane_id() : detail::lane_id() % LOGICAL_WARP_THREADS),
          member_mask(WarpMask<LOGICAL_WARP_THREADS>(detail::lane_id() / LOGICAL_WARP_THREADS)), at(site)
    {
    }

    /* One step for every lane that `combines` says. Lanes run one at a time between the
     * __syncwarp calls (external calls): plain accesses are CUB's volatile ones. */
    template <typename Op, typename Combines> T step(T input, int offset, Op op, Combines combines)
    {
        temp_storage.reduce[lane_id] = input;
        syncwarp(member_mask, at);
        if (combines(offset))
            input = op(input, temp_storage.reduce[lane_id + offset]);
        syncwarp(member_mask, at);
        return input;
    }

    template <bool ALL_LANES_VALID, typename Op> T Reduce(T input, int valid_items, Op op)
    {
        for (int s = 0; s < STEPS; s++)
            input = step(input, 1 << s, op, [&](int offset) {
                /* unsigned, as CUB's: a negative valid_items lets every lane combine */
                return (ALL_LANES_VALID && IS_POW_OF_TWO) || lane_id + (unsigned)offset < (unsigned)valid_items;
            });
        return input;
    }

    template <bool HEAD_SEGMENTED, typename FlagT, typename Op> T SegmentedReduce(T input, FlagT flag, Op op)
    {
        unsigned ballot = __ballot_sync(member_mask, static_cast<int>(flag), at.file, at.line);
        int warp_flags = (int)(HEAD_SEGMENTED ? ballot : ballot << 1);
        warp_flags &= (int)lanemask_gt();
        if (!IS_ARCH_WARP)
            warp_flags >>= (detail::lane_id() / LOGICAL_WARP_THREADS) * LOGICAL_WARP_THREADS; /* an int's shift */
        int next_flag = __clz((int)__brev((unsigned)warp_flags));
        if (LOGICAL_WARP_THREADS != 32)
            next_flag = std::min(next_flag, LOGICAL_WARP_THREADS);
        for (int s = 0; s < STEPS; s++)
            input = step(input, 1 << s, op, [&](int offset) { return (int)(offset + lane_id) < next_flag; });
        return input;
    }
};

} // namespace detail
} // namespace cub

#endif
