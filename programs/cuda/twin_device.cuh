/* programs/cuda/twin_device.cuh: device-side helpers shared by the twins.
 * Kept small on purpose: a twin should read like the CUDA a user writes. */
#ifndef WARPSIM_TWIN_DEVICE_CUH
#define WARPSIM_TWIN_DEVICE_CUH

#include <stdint.h>
#include <string.h>

#include "twin.h"

#define FULL_MASK 0xffffffffu

/* A value's raw bits, zero-extended to 64 bits (what the simulator stores). */
template <typename T> __host__ __device__ inline unsigned long long twin_bits(T v)
{
    if (sizeof(T) == 4) {
        uint32_t b;
        memcpy(&b, &v, 4);
        return b;
    }
    unsigned long long b;
    memcpy(&b, &v, 8);
    return b;
}
template <typename T> __host__ __device__ inline T twin_from_bits(unsigned long long bits)
{
    T v;
    if (sizeof(T) == 4) {
        uint32_t b = (uint32_t)bits;
        memcpy(&v, &b, 4);
    } else {
        memcpy(&v, &bits, 8);
    }
    return v;
}

/* Where a single-warp kernel records each lane's value after a traced line:
 * bits[lane * TWIN_MAX_RECORDS + i] and count[lane]. Pass a zeroed twin_rec
 * (bits == nullptr) to record nothing. */
struct twin_rec {
    unsigned long long *bits;
    int *count;
};

/* Records v as this lane's next step value; call it after each CUDA line
 * whose step the simulator shows (its trace has values for it), in the
 * lanes that ran the line. */
template <typename T> __device__ inline void twin_record(twin_rec r, T v)
{
    if (!r.bits)
        return;
    int lane = threadIdx.x & 31;
    int i = r.count[lane]++;
    if (i < TWIN_MAX_RECORDS)
        r.bits[lane * TWIN_MAX_RECORDS + i] = twin_bits(v);
}

#endif
