/* cub/block/radix_rank_sort_operations.cuh for `warpsim cc`: the key bits of CUB's (CCCL 3.0,
 * CUDA 13.0) radix sorts. A key is sorted by its "bit-ordered" form, an unsigned word of its size
 * whose unsigned order is the key order (CUB's Traits<T>::TwiddleIn / TwiddleOut):
 *   - unsigned integers (and bool): the bits as they are;
 *   - signed integers: the sign bit flipped;
 *   - float, double: a negative value (sign bit set) has every bit flipped, any other the sign bit.
 *     So -NaN < -inf < ... < -0.0 < +0.0 < ... < +inf < +NaN, NaNs ordered by payload.
 * A digit is bits [bit_start, bit_start + num_bits) of that word, taken with the twiddled -0.0
 * replaced by the twiddled +0.0 (CUB's ProcessFloatMinusZero): the sort sees -0.0 and +0.0 as
 * equal keys and keeps their order (the sort is stable); the key itself is not changed.
 * Declares cub::BaseDigitExtractor, cub::BFEDigitExtractor, cub::ShiftDigitExtractor, and the
 * traits the block sorts use (cub::detail::radix::traits_t). Custom decomposers (keys that are
 * structs) are not modelled. */
#ifndef WARPSIM_CUB_BLOCK_RADIX_RANK_SORT_OPERATIONS_CUH
#define WARPSIM_CUB_BLOCK_RADIX_RANK_SORT_OPERATIONS_CUH

#include "../util_type.cuh"

#include <stdint.h>

namespace cub {
namespace detail {
namespace radix {

/* Which keys CUB's NumericTraits knows, and the unsigned word each sorts by. */
enum key_category { not_a_key, unsigned_key, signed_key, float_key };
template <typename T> struct key_kind {
    static constexpr key_category category = std::is_same<T, bool>::value ? unsigned_key
                                             : std::is_floating_point<T>::value
                                                 ? (sizeof(T) == 4 || sizeof(T) == 8 ? float_key : not_a_key)
                                             : std::is_integral<T>::value
                                                 ? (std::is_signed<T>::value ? signed_key : unsigned_key)
                                                 : not_a_key;
};
template <typename T, std::size_t = sizeof(T)> struct unsigned_bits_of;
template <typename T> struct unsigned_bits_of<T, 1> { using type = unsigned char; };
template <typename T> struct unsigned_bits_of<T, 2> { using type = unsigned short; };
template <typename T> struct unsigned_bits_of<T, 4> { using type = unsigned int; };
template <typename T> struct unsigned_bits_of<T, 8> { using type = unsigned long long; };

/* CUB's Traits<T> for the radix sorts: TwiddleIn / TwiddleOut between the key and its bits. */
template <typename T> struct key_traits {
    using key_type = std::remove_cv_t<T>;
    static constexpr key_category category = key_kind<key_type>::category;
    static_assert(category != not_a_key,
                  "warpsim cc: cub radix sort: the key must be an integer, bool, float or double (custom "
                  "decomposers, __half, __nv_bfloat16 and __int128 keys are not modelled)");
    using UnsignedBits = typename unsigned_bits_of<key_type>::type;
    static constexpr UnsignedBits HIGH_BIT = (UnsignedBits)((UnsignedBits)1 << (sizeof(UnsignedBits) * 8 - 1));
    static constexpr bool is_float = category == float_key;

    static UnsignedBits TwiddleIn(UnsignedBits key)
    {
        if (category == signed_key)
            return (UnsignedBits)(key ^ HIGH_BIT);
        if (category == float_key)
            return (UnsignedBits)(key ^ ((key & HIGH_BIT) ? (UnsignedBits)~(UnsignedBits)0 : HIGH_BIT));
        return key;
    }
    static UnsignedBits TwiddleOut(UnsignedBits key)
    {
        if (category == signed_key)
            return (UnsignedBits)(key ^ HIGH_BIT);
        if (category == float_key)
            return (UnsignedBits)(key ^ ((key & HIGH_BIT) ? HIGH_BIT : (UnsignedBits)~(UnsignedBits)0));
        return key;
    }
};

struct identity_decomposer_t {
};

template <typename T> struct traits_t {
    using bit_ordered_type = typename key_traits<T>::UnsignedBits;
    static bit_ordered_type to_bit_ordered(bit_ordered_type v) { return key_traits<T>::TwiddleIn(v); }
    static bit_ordered_type from_bit_ordered(bit_ordered_type v) { return key_traits<T>::TwiddleOut(v); }
    static int default_end_bit() { return (int)sizeof(T) * 8; }
};

/* PTX's shr on the 32- or 64-bit register the key is widened to: a shift past its width gives 0. */
template <typename U> inline U shr_clamped(U value, uint32_t shift)
{
    using W = std::conditional_t<sizeof(U) <= 4, uint32_t, uint64_t>;
    return shift >= sizeof(W) * 8 ? (U)0 : (U)((W)value >> shift);
}
/* cuda::bitmask(0, width) as sm_90 computes it (bmsk.clamp for 32-bit words). */
template <typename U> inline U low_mask(uint32_t width)
{
    using W = std::conditional_t<sizeof(U) <= 4, uint32_t, uint64_t>;
    W m = width >= sizeof(W) * 8 ? ~(W)0 : (W)(((W)1 << width) - 1);
    return (U)m;
}

} // namespace radix
} // namespace detail

/* For floats: the twiddled -0.0 read as the twiddled +0.0 (so that both are one digit). */
template <typename KeyT, bool IsFP = detail::radix::key_traits<KeyT>::is_float> struct BaseDigitExtractor {
    using TraitsT = detail::radix::key_traits<KeyT>;
    using UnsignedBits = typename TraitsT::UnsignedBits;
    static UnsignedBits ProcessFloatMinusZero(UnsignedBits key) { return key; }
};
template <typename KeyT> struct BaseDigitExtractor<KeyT, true> {
    using TraitsT = detail::radix::key_traits<KeyT>;
    using UnsignedBits = typename TraitsT::UnsignedBits;
    static UnsignedBits ProcessFloatMinusZero(UnsignedBits key)
    {
        UnsignedBits twiddled_minus_zero = TraitsT::TwiddleIn(TraitsT::HIGH_BIT);
        UnsignedBits twiddled_zero = TraitsT::TwiddleIn(0);
        return key == twiddled_minus_zero ? twiddled_zero : key;
    }
};

/* The digit through cuda::bitfield_extract (what BlockRadixSort uses). */
template <typename KeyT> struct BFEDigitExtractor : BaseDigitExtractor<KeyT> {
    using typename BaseDigitExtractor<KeyT>::UnsignedBits;
    uint32_t bit_start, num_bits;
    explicit BFEDigitExtractor(uint32_t bit_start = 0, uint32_t num_bits = 0) : bit_start(bit_start), num_bits(num_bits)
    {
    }
    uint32_t Digit(UnsignedBits key) const
    {
        UnsignedBits k = this->ProcessFloatMinusZero(key);
        return (uint32_t)(detail::radix::shr_clamped(k, bit_start) & detail::radix::low_mask<UnsignedBits>(num_bits));
    }
};

/* The digit by a shift and a mask ((1 << num_bits) - 1, an int). */
template <typename KeyT> struct ShiftDigitExtractor : BaseDigitExtractor<KeyT> {
    using typename BaseDigitExtractor<KeyT>::UnsignedBits;
    uint32_t bit_start, mask;
    explicit ShiftDigitExtractor(uint32_t bit_start = 0, uint32_t num_bits = 0)
        : bit_start(bit_start), mask((uint32_t)((1 << num_bits) - 1))
    {
    }
    uint32_t Digit(UnsignedBits key) const
    {
        return (uint32_t)(this->ProcessFloatMinusZero(key) >> (UnsignedBits)bit_start) & mask;
    }
};

} // namespace cub

#endif
