/* cub/device/device_histogram.cuh for `warpsim cc`: cub::DeviceHistogram of CUB 3.0 (CCCL 3.0,
 * CUDA 13.0), one channel: HistogramEven and HistogramRange, over num_samples samples or
 * num_rows rows of num_row_samples (row_stride_bytes apart). Host functions (warpsim's device
 * memory is host memory). The output is zeroed, then each sample counted in the bin CUB's
 * transforms give it (device/dispatch/dispatch_histogram.cuh):
 *   - HistogramEven (ScaleTransform), in the common type C of level and sample: a sample s with
 *     lower <= s < upper; floating point: bin = (int)((s - lower) * r), r = (C)(num_levels - 1) /
 *     (C)(upper - lower) computed once (so rounding decides the edges); integers: bin = (s - lower)
 *     * (num_levels - 1) / (upper - lower) in 32-bit unsigned arithmetic where sample and C fit
 *     in 4 bytes together, else 64-bit (cudaErrorInvalidValue where that product may overflow);
 *     a bin that rounds up to num_levels - 1 lands in the privatized histogram's spare slot and
 *     is dropped;
 *   - HistogramRange (SearchTransform): bin = (upper bound of s in the levels) - 1, counted when
 *     0 <= bin < num_levels - 1.
 * MultiHistogramEven / MultiHistogramRange<NUM_CHANNELS, NUM_ACTIVE_CHANNELS> (pointer-array forms;
 * CUB's cuda::std::array forms need libcu++): pixels of NUM_CHANNELS interleaved samples, channel c
 * < NUM_ACTIVE_CHANNELS counted into d_histogram[c] with its own levels, as the one-channel
 * functions do. temp_storage_bytes is CUB's sizing (temp_bytes below). */
#ifndef WARPSIM_CUB_DEVICE_DEVICE_HISTOGRAM_CUH
#define WARPSIM_CUB_DEVICE_DEVICE_HISTOGRAM_CUH

#include <cstdint>
#include <limits>

#include "dispatch/device_model.cuh"

namespace cub {

struct DeviceHistogram {
  private:
    /* Sample i of row r is item i * channels + channel of the row (one channel: channels 1). */
    template <typename SampleIt, typename Counter, typename OffsetT, typename Bin>
    static void count(SampleIt d_samples, Counter *d_hist, int num_bins, OffsetT num_row_samples, OffsetT num_rows,
                      size_t row_stride_bytes, Bin bin_of, int channels = 1, int channel = 0)
    {
        using S = detail::dm::it_value_t<SampleIt>;
        for (int b = 0; b < num_bins; b++)
            d_hist[b] = Counter(0);
        for (OffsetT r = 0; r < num_rows; r++)
            for (OffsetT i = 0; i < num_row_samples; i++) {
                S s;
                if constexpr (std::is_pointer<SampleIt>::value)
                    s = *reinterpret_cast<const S *>(reinterpret_cast<const char *>(d_samples) + size_t(r) * row_stride_bytes +
                                                     (size_t(i) * channels + channel) * sizeof(S));
                else
                    s = d_samples[size_t(r) * (row_stride_bytes / sizeof(S)) + size_t(i) * channels + channel];
                int b = bin_of(s);
                if (b >= 0 && b < num_bins)
                    d_hist[b] = Counter(d_hist[b] + 1);
            }
    }

    /* DispatchHistogram's temporary storage (dispatch/dispatch_histogram.cuh): a privatized
     * histogram per sweep block and active channel (of 256 bins for 1-byte samples, else of the
     * channel's own), then a GridQueue (8 bytes), each rounded up to 256, + 255. The sweep grid has
     * min(tiles per row, occupancy x 132) blocks per row, and as many rows of blocks as that leaves
     * room for; rows stored back to back count as one. The tile is the sm_90 policy's
     * (tuning/tuning_histogram.cuh): one channel of 1-byte samples 768 threads x 12 pixels, of
     * 2-byte samples 960 x 10, otherwise 384 x max(16 / active channels / ceil(sample bytes / 4), 1).
     * The occupancy modelled is the threads' limit, 2048 / threads blocks a multiprocessor: the
     * kernel's registers, which could lower it, are unknown here, so the size is CUB's exactly while
     * the input needs at most that many tiles (about 3.9M 4-byte samples). The H100 gave 767 for
     * 3,030 and 5,000 samples in 10 bins (one block: 256 + 256 + 255). */
    template <typename S, typename Counter, int CHANNELS, int ACTIVE, typename OffsetT>
    static size_t temp_bytes(const int *num_levels, OffsetT num_row_pixels, OffsetT num_rows, size_t row_stride_bytes)
    {
        constexpr bool tuned =
            CHANNELS == 1 && ACTIVE == 1 && sizeof(Counter) == 4 && detail::dm::is_primitive_v<S> && sizeof(S) <= 2;
        constexpr int threads = !tuned ? 384 : sizeof(S) == 1 ? 768 : 960;
        constexpr int pixels = !tuned ? std::max(16 / ACTIVE / int((sizeof(S) + 3) / 4), 1) : sizeof(S) == 1 ? 12 : 10;
        constexpr long long occupancy = (2048 / threads) * detail::dm::sm_count;
        long long row_pixels = (long long)num_row_pixels, rows = (long long)num_rows;
        if (size_t(row_pixels) * CHANNELS == row_stride_bytes / sizeof(S)) {
            row_pixels *= rows;
            rows = 1;
        }
        long long tiles = (row_pixels + threads * pixels - 1) / (threads * pixels);
        long long per_row = std::min(occupancy, tiles);
        long long per_col = per_row > 0 ? std::min(occupancy / per_row, rows) : 0;
        size_t sizes[ACTIVE + 1];
        for (int c = 0; c < ACTIVE; c++)
            sizes[c] = size_t(per_row * per_col) * size_t(sizeof(S) == 1 ? 256 : num_levels[c] - 1) * sizeof(Counter);
        sizes[ACTIVE] = 2 * sizeof(int);
        return detail::dm::alias_bytes(sizes);
    }
    /* Size only, or check the size given (cudaErrorInvalidValue when too small). */
    template <typename S, typename Counter, int CHANNELS, int ACTIVE, typename OffsetT>
    static bool sized(void *d_temp_storage, size_t &temp_storage_bytes, const int *num_levels, OffsetT num_row_pixels,
                      OffsetT num_rows, size_t row_stride_bytes, cudaError_t &error)
    {
        return detail::dm::size_only(
            d_temp_storage, temp_storage_bytes,
            temp_bytes<S, Counter, CHANNELS, ACTIVE>(num_levels, num_row_pixels, num_rows, row_stride_bytes), error);
    }
    /* A level range whose bin arithmetic could overflow: CUB's error, with 1 byte asked for. */
    static cudaError_t bad_levels(void *d_temp_storage, size_t &temp_storage_bytes)
    {
        if (!d_temp_storage)
            temp_storage_bytes = 1;
        return cudaErrorInvalidValue;
    }
    template <typename S, typename LevelT> struct scale {
        using C = std::common_type_t<LevelT, S>;
        using IntT = std::conditional_t<sizeof(S) + sizeof(C) <= 4, uint32_t, uint64_t>;
        C lo, hi, bins, range, recip;
        bool init(int num_levels, LevelT lower, LevelT upper)
        {
            lo = C(lower);
            hi = C(upper);
            if constexpr (std::is_floating_point<C>::value)
                recip = C(C(num_levels - 1) / C(hi - lo));
            else {
                bins = C(num_levels - 1);
                range = C(hi - lo);
                if (IntT(hi - lo) > std::numeric_limits<IntT>::max() / IntT(bins))
                    return false;
            }
            return true;
        }
        int operator()(S sample) const
        {
            C s = C(sample);
            if (!(s >= lo && s < hi))
                return -1;
            if constexpr (std::is_floating_point<C>::value)
                return int((s - lo) * recip);
            else
                return int((IntT(s - lo) * IntT(bins)) / IntT(range));
        }
    };

    template <typename S, typename LevelT> struct search {
        int num_levels;
        std::vector<LevelT> levels;
        search(int num_levels, const LevelT *d_levels)
            : num_levels(num_levels), levels(d_levels, d_levels + std::max(num_levels, 0))
        {
        }
        int operator()(S s) const
        {
            /* UpperBound: the first level greater than the sample, by binary search. */
            LevelT v = LevelT(s);
            int lo = 0, n = num_levels;
            while (n > 0) {
                int half = n >> 1;
                if (v < levels[lo + half]) {
                    n = half;
                } else {
                    lo = lo + half + 1;
                    n = n - half - 1;
                }
            }
            int b = lo - 1;
            return b >= num_levels - 1 ? -1 : b;
        }
    };

  public:
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                     CounterT *d_histogram, int num_levels, LevelT lower_level, LevelT upper_level,
                                     OffsetT num_row_samples, OffsetT num_rows, size_t row_stride_bytes,
                                     cudaStream_t stream = 0)
    {
        (void)stream;
        using S = detail::dm::it_value_t<SampleIteratorT>;
        scale<S, LevelT> sc;
        if (!sc.init(num_levels, lower_level, upper_level))
            return bad_levels(d_temp_storage, temp_storage_bytes);
        cudaError_t error;
        if (sized<S, CounterT, 1, 1>(d_temp_storage, temp_storage_bytes, &num_levels, num_row_samples, num_rows,
                                     row_stride_bytes, error))
            return error;
        count(d_samples, d_histogram, num_levels - 1, num_row_samples, num_rows, row_stride_bytes, sc);
        return cudaSuccess;
    }
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                     CounterT *d_histogram, int num_levels, LevelT lower_level, LevelT upper_level,
                                     OffsetT num_samples, cudaStream_t stream = 0)
    {
        using S = detail::dm::it_value_t<SampleIteratorT>;
        return HistogramEven(d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, lower_level,
                             upper_level, num_samples, OffsetT(1), size_t(sizeof(S)) * size_t(num_samples), stream);
    }
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                      CounterT *d_histogram, int num_levels, const LevelT *d_levels,
                                      OffsetT num_row_samples, OffsetT num_rows, size_t row_stride_bytes,
                                      cudaStream_t stream = 0)
    {
        (void)stream;
        using S = detail::dm::it_value_t<SampleIteratorT>;
        cudaError_t error;
        if (sized<S, CounterT, 1, 1>(d_temp_storage, temp_storage_bytes, &num_levels, num_row_samples, num_rows,
                                     row_stride_bytes, error))
            return error;
        count(d_samples, d_histogram, num_levels - 1, num_row_samples, num_rows, row_stride_bytes,
              search<S, LevelT>(num_levels, d_levels));
        return cudaSuccess;
    }
    template <typename SampleIteratorT, typename CounterT, typename LevelT, typename OffsetT>
    static cudaError_t HistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                      CounterT *d_histogram, int num_levels, const LevelT *d_levels,
                                      OffsetT num_samples, cudaStream_t stream = 0)
    {
        using S = detail::dm::it_value_t<SampleIteratorT>;
        return HistogramRange(d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, d_levels,
                              num_samples, OffsetT(1), size_t(sizeof(S)) * size_t(num_samples), stream);
    }

    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT, typename LevelT,
              typename OffsetT>
    static cudaError_t MultiHistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                          CounterT *d_histogram[NUM_ACTIVE_CHANNELS],
                                          const int num_levels[NUM_ACTIVE_CHANNELS],
                                          const LevelT lower_level[NUM_ACTIVE_CHANNELS],
                                          const LevelT upper_level[NUM_ACTIVE_CHANNELS], OffsetT num_row_pixels,
                                          OffsetT num_rows, size_t row_stride_bytes, cudaStream_t stream = 0)
    {
        (void)stream;
        using S = detail::dm::it_value_t<SampleIteratorT>;
        scale<S, LevelT> sc[NUM_ACTIVE_CHANNELS];
        for (int c = 0; c < NUM_ACTIVE_CHANNELS; c++)
            if (!sc[c].init(num_levels[c], lower_level[c], upper_level[c]))
                return bad_levels(d_temp_storage, temp_storage_bytes);
        cudaError_t error;
        if (sized<S, CounterT, NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(d_temp_storage, temp_storage_bytes, num_levels,
                                                                  num_row_pixels, num_rows, row_stride_bytes, error))
            return error;
        for (int c = 0; c < NUM_ACTIVE_CHANNELS; c++)
            count(d_samples, d_histogram[c], num_levels[c] - 1, num_row_pixels, num_rows, row_stride_bytes, sc[c],
                  NUM_CHANNELS, c);
        return cudaSuccess;
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT, typename LevelT,
              typename OffsetT>
    static cudaError_t MultiHistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                          CounterT *d_histogram[NUM_ACTIVE_CHANNELS],
                                          const int num_levels[NUM_ACTIVE_CHANNELS],
                                          const LevelT lower_level[NUM_ACTIVE_CHANNELS],
                                          const LevelT upper_level[NUM_ACTIVE_CHANNELS], OffsetT num_pixels,
                                          cudaStream_t stream = 0)
    {
        using S = detail::dm::it_value_t<SampleIteratorT>;
        return MultiHistogramEven<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, lower_level, upper_level, num_pixels,
            OffsetT(1), size_t(sizeof(S)) * NUM_CHANNELS * size_t(num_pixels), stream);
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT, typename LevelT,
              typename OffsetT>
    static cudaError_t MultiHistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                           CounterT *d_histogram[NUM_ACTIVE_CHANNELS],
                                           const int num_levels[NUM_ACTIVE_CHANNELS],
                                           const LevelT *const d_levels[NUM_ACTIVE_CHANNELS], OffsetT num_row_pixels,
                                           OffsetT num_rows, size_t row_stride_bytes, cudaStream_t stream = 0)
    {
        (void)stream;
        using S = detail::dm::it_value_t<SampleIteratorT>;
        cudaError_t error;
        if (sized<S, CounterT, NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(d_temp_storage, temp_storage_bytes, num_levels,
                                                                  num_row_pixels, num_rows, row_stride_bytes, error))
            return error;
        for (int c = 0; c < NUM_ACTIVE_CHANNELS; c++)
            count(d_samples, d_histogram[c], num_levels[c] - 1, num_row_pixels, num_rows, row_stride_bytes,
                  search<S, LevelT>(num_levels[c], d_levels[c]), NUM_CHANNELS, c);
        return cudaSuccess;
    }
    template <int NUM_CHANNELS, int NUM_ACTIVE_CHANNELS, typename SampleIteratorT, typename CounterT, typename LevelT,
              typename OffsetT>
    static cudaError_t MultiHistogramRange(void *d_temp_storage, size_t &temp_storage_bytes, SampleIteratorT d_samples,
                                           CounterT *d_histogram[NUM_ACTIVE_CHANNELS],
                                           const int num_levels[NUM_ACTIVE_CHANNELS],
                                           const LevelT *const d_levels[NUM_ACTIVE_CHANNELS], OffsetT num_pixels,
                                           cudaStream_t stream = 0)
    {
        using S = detail::dm::it_value_t<SampleIteratorT>;
        return MultiHistogramRange<NUM_CHANNELS, NUM_ACTIVE_CHANNELS>(
            d_temp_storage, temp_storage_bytes, d_samples, d_histogram, num_levels, d_levels, num_pixels, OffsetT(1),
            size_t(sizeof(S)) * NUM_CHANNELS * size_t(num_pixels), stream);
    }
};

} // namespace cub

#endif
