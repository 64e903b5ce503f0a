/* cub/warp/specializations/warp_scan_smem.cuh for `warpsim cc`: CUB's (CCCL 3.0) scan of a
 * logical warp through shared memory, the one CUB takes for a logical warp that is not a power of
 * two. A buffer of lanes + half (half = 2^(ceil(log2(lanes)) - 1)) cells; lane i's cell is
 * half + i. Step k (offset 2^k): store, __syncwarp, lanes at or past the offset (with
 * cuda::std::plus<> on a primitive type: every lane, the first half cells holding a zero
 * written first) become scan_op(cell[half + i - offset], own), __syncwarp. Exclusive results read
 * the cell below (lane 0 reads cell half - 1: the zero, or what the memory held); the scan with
 * an initial value and an aggregate stores the shifted inclusive values one cell down and reads
 * two below, with no __syncwarp in between, as CUB does (lanes run in order here, as the GPU's
 * converged lanes store before they load). The member mask is the warp's low lanes for every
 * logical warp, as in CUB 3.0 (warp_reduce_smem.cuh). A call ends with loads that the next
 * call's stores may overtake: CUB asks for a __syncwarp() before the storage is used again;
 * without one, lanes that run one at a time (as here) read the next call's values, where the
 * H200's converged lanes load first (docs/cuda-frontend.md, legacy warp-synchronous code). */
#ifndef WARPSIM_CUB_WARP_SCAN_SMEM_CUH
#define WARPSIM_CUB_WARP_SCAN_SMEM_CUH

#include "warp_scan_shfl.cuh" /* wrap_sub */

namespace cub {
namespace detail {

/* The types CUB's traits call primitive (the built-in integers but wide characters, float,
 * double, bool). */
template <typename T> constexpr bool is_primitive()
{
    return is_one_of<T, char, signed char, short, int, long, long long, unsigned char, unsigned short, unsigned,
                     unsigned long, unsigned long long, float, double, bool, __int128, unsigned __int128>();
}

template <typename T, int LOGICAL_WARP_THREADS> struct WarpScanSmem {
    static constexpr bool IS_ARCH_WARP = LOGICAL_WARP_THREADS == warp_threads;
    static constexpr int STEPS = Log2<LOGICAL_WARP_THREADS>::VALUE;
    static constexpr int HALF_WARP_THREADS = 1 << (STEPS - 1);
    static constexpr int WARP_SMEM_ELEMENTS = LOGICAL_WARP_THREADS + HALF_WARP_THREADS;
    using _TempStorage = T[WARP_SMEM_ELEMENTS];
    struct TempStorage : Uninitialized<_TempStorage> {
    };

    _TempStorage &cells; /* lanes run one at a time between the __syncwarp calls: plain accesses */
    unsigned lane_id, member_mask;
    call_site at;

    WarpScanSmem(TempStorage &storage, call_site site)
        : cells(storage.Alias()),
          lane_id(IS_ARCH_WARP ? detail::lane_id() : detail::lane_id() % LOGICAL_WARP_THREADS),
          member_mask(WarpMask<LOGICAL_WARP_THREADS>(detail::lane_id() / LOGICAL_WARP_THREADS)), at(site)
    {
    }
    T &own(int below = 0) { return cells[HALF_WARP_THREADS + (int)lane_id - below]; }

    template <bool HAS_IDENTITY, typename Op> void ScanSteps(T &partial, Op op)
    {
        for (int s = 0; s < STEPS; s++) {
            int offset = 1 << s;
            own() = partial;
            syncwarp(member_mask, at);
            if (HAS_IDENTITY || (int)lane_id >= offset)
                partial = op(own(offset), partial);
            syncwarp(member_mask, at);
        }
    }

    template <typename Op> void InclusiveScan(T input, T &output, Op op)
    {
        if constexpr (std::is_same<Op, ::cuda::std::plus<>>::value && is_primitive<T>()) {
            cells[lane_id] = T(0);
            syncwarp(member_mask, at);
            output = input;
            ScanSteps<true>(output, op);
        } else {
            output = input;
            ScanSteps<false>(output, op);
        }
    }
    template <typename Op> void InclusiveScan(T input, T &output, Op op, T &warp_aggregate)
    {
        InclusiveScan(input, output, op);
        own() = output;
        syncwarp(member_mask, at);
        warp_aggregate = cells[WARP_SMEM_ELEMENTS - 1];
        syncwarp(member_mask, at);
    }

    T Broadcast(T input, unsigned src_lane)
    {
        if (lane_id == src_lane)
            cells[0] = input;
        syncwarp(member_mask, at);
        return cells[0];
    }

    template <typename Op> static constexpr bool subtracts(bool is_integer)
    {
        return is_integer && std::is_same<Op, ::cuda::std::plus<>>::value;
    }
    template <typename Op, bool IS_INTEGER>
    void Update(T input, T &inclusive, T &exclusive, Op, std::bool_constant<IS_INTEGER>)
    {
        if constexpr (subtracts<Op>(IS_INTEGER)) {
            exclusive = wrap_sub(inclusive, input);
        } else {
            own() = inclusive;
            syncwarp(member_mask, at);
            exclusive = own(1);
        }
    }
    template <typename Op, bool IS_INTEGER>
    void Update(T input, T &inclusive, T &exclusive, Op op, T initial_value, std::bool_constant<IS_INTEGER>)
    {
        inclusive = op(initial_value, inclusive);
        if constexpr (subtracts<Op>(IS_INTEGER)) {
            exclusive = wrap_sub(inclusive, input);
        } else {
            own() = inclusive;
            syncwarp(member_mask, at);
            exclusive = own(1);
            if (lane_id == 0)
                exclusive = initial_value;
        }
    }
    template <typename Op, bool IS_INTEGER>
    void Update(T input, T &inclusive, T &exclusive, T &warp_aggregate, Op, std::bool_constant<IS_INTEGER>)
    {
        own() = inclusive;
        syncwarp(member_mask, at);
        if constexpr (subtracts<Op>(IS_INTEGER)) {
            warp_aggregate = cells[WARP_SMEM_ELEMENTS - 1];
            exclusive = wrap_sub(inclusive, input);
        } else {
            exclusive = own(1);
            warp_aggregate = cells[WARP_SMEM_ELEMENTS - 1];
        }
    }
    template <typename Op, bool IS_INTEGER>
    void Update(T, T &inclusive, T &exclusive, T &warp_aggregate, Op op, T initial_value,
                std::bool_constant<IS_INTEGER>)
    {
        own() = inclusive;
        syncwarp(member_mask, at);
        warp_aggregate = cells[WARP_SMEM_ELEMENTS - 1];
        syncwarp(member_mask, at);
        inclusive = op(initial_value, inclusive);
        own(1) = inclusive; /* no __syncwarp before the load, as in CUB */
        exclusive = own(2);
        if (lane_id == 0)
            exclusive = initial_value;
    }
};

} // namespace detail
} // namespace cub

#endif
