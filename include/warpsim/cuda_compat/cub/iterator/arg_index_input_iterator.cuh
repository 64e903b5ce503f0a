/* cub/iterator/arg_index_input_iterator.cuh for `warpsim cc`: cub::ArgIndexInputIterator<It,
 * OffsetT = ptrdiff_t, OutputValueT = It's value type> as in CUB 3.0 (CCCL 3.0, CUDA 13.0): a
 * random-access iterator whose item n is KeyValuePair(offset + n, it[n]) (offset: how far it was
 * advanced); normalize() makes the current position offset 0. */
#ifndef WARPSIM_CUB_ITERATOR_ARG_INDEX_INPUT_ITERATOR_CUH
#define WARPSIM_CUB_ITERATOR_ARG_INDEX_INPUT_ITERATOR_CUH

#include <cstddef>
#include <iterator>

#include "../util_device_types.cuh"

namespace cub {

template <typename InputIteratorT, typename OffsetT = std::ptrdiff_t,
          typename OutputValueT = typename std::iterator_traits<InputIteratorT>::value_type>
class ArgIndexInputIterator {
  public:
    using self_type = ArgIndexInputIterator;
    using difference_type = OffsetT;
    using value_type = KeyValuePair<difference_type, OutputValueT>;
    using pointer = value_type *;
    using reference = value_type;
    using iterator_category = std::random_access_iterator_tag;

  private:
    InputIteratorT itr;
    difference_type offset;

  public:
    ArgIndexInputIterator(InputIteratorT itr_, difference_type offset_ = 0) : itr(itr_), offset(offset_) {}
    self_type operator++(int) { self_type r = *this; offset++; return r; }
    self_type &operator++() { offset++; return *this; }
    reference operator*() const { return value_type(offset, OutputValueT(itr[offset])); }
    template <typename Distance> self_type operator+(Distance n) const { return self_type(itr, difference_type(offset + n)); }
    template <typename Distance> self_type &operator+=(Distance n) { offset += difference_type(n); return *this; }
    template <typename Distance> self_type operator-(Distance n) const { return self_type(itr, difference_type(offset - n)); }
    template <typename Distance> self_type &operator-=(Distance n) { offset -= difference_type(n); return *this; }
    difference_type operator-(self_type other) const { return offset - other.offset; }
    template <typename Distance> reference operator[](Distance n) const
    {
        return value_type(difference_type(offset + n), OutputValueT(itr[offset + n]));
    }
    bool operator==(const self_type &rhs) const { return (itr == rhs.itr) && (offset == rhs.offset); }
    bool operator!=(const self_type &rhs) const { return (itr != rhs.itr) || (offset != rhs.offset); }
    void normalize() { itr += offset; offset = 0; }
};

} // namespace cub

#endif
