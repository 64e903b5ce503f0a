/* programs/fast/transpose.h: the fast path's moves between warp-major
 * memory (a warp's lanes side by side) and its lane-major register files
 * (one lane of every warp of a batch side by side). Blocks of 8 x 8 (32-bit,
 * in the AVX2 build), 4 x 4 (32-bit) or 2 x 2 (64-bit) elements go through
 * vector registers where the compiler has them (SSE2 on every x86-64); the
 * edges, and other machines, move elements one by one. A move of bits only:
 * the same result whichever way. */
#ifndef WARPSIM_PROGRAMS_FAST_TRANSPOSE_H
#define WARPSIM_PROGRAMS_FAST_TRANSPOSE_H

#include <stddef.h>
#include <stdint.h>

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__AVX2__)
/* One 8 x 8 block of 32-bit elements through eight AVX2 registers (the AVX2
 * build of the batch loops, batch_avx2.c): rows interleaved by pairs, by
 * fours, then the 128-bit halves swapped into place. */
static inline void transpose_8x8_u32(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride)
{
    __m256i v[8], t[8];
    for (int k = 0; k < 8; k++)
        v[k] = _mm256_loadu_si256((const __m256i *)(src + (size_t)k * src_stride));
    for (int k = 0; k < 8; k += 2) {
        t[k] = _mm256_unpacklo_epi32(v[k], v[k + 1]);
        t[k + 1] = _mm256_unpackhi_epi32(v[k], v[k + 1]);
    }
    for (int k = 0; k < 8; k += 4) {
        v[k] = _mm256_unpacklo_epi64(t[k], t[k + 2]);
        v[k + 1] = _mm256_unpackhi_epi64(t[k], t[k + 2]);
        v[k + 2] = _mm256_unpacklo_epi64(t[k + 1], t[k + 3]);
        v[k + 3] = _mm256_unpackhi_epi64(t[k + 1], t[k + 3]);
    }
    for (int k = 0; k < 4; k++) {
        _mm256_storeu_si256((__m256i *)(dst + (size_t)k * dst_stride), _mm256_permute2x128_si256(v[k], v[k + 4], 0x20));
        _mm256_storeu_si256((__m256i *)(dst + (size_t)(k + 4) * dst_stride),
                            _mm256_permute2x128_si256(v[k], v[k + 4], 0x31));
    }
}
#endif

/* dst[c * dst_stride + r] = src[r * src_stride + c] for r < rows, c < cols
 * (at most a batch: ints). */
static inline void transpose_u32(uint32_t *dst, size_t dst_stride, const uint32_t *src, size_t src_stride,
                                 int rows, int cols)
{
    int r = 0;
#if defined(__AVX2__)
    for (; r + 8 <= rows; r += 8) {
        int c = 0;
        for (; c + 8 <= cols; c += 8)
            transpose_8x8_u32(dst + (size_t)c * dst_stride + (size_t)r, dst_stride,
                              src + (size_t)r * src_stride + (size_t)c, src_stride);
        for (; c < cols; c++)
            for (int k = r; k < r + 8; k++)
                dst[(size_t)c * dst_stride + (size_t)k] = src[(size_t)k * src_stride + (size_t)c];
    }
#endif
#if defined(__SSE2__)
    for (; r + 4 <= rows; r += 4) {
        int c = 0;
        for (; c + 4 <= cols; c += 4) {
            __m128i a = _mm_loadu_si128((const __m128i *)(src + (size_t)(r + 0) * src_stride + (size_t)c));
            __m128i b = _mm_loadu_si128((const __m128i *)(src + (size_t)(r + 1) * src_stride + (size_t)c));
            __m128i x = _mm_loadu_si128((const __m128i *)(src + (size_t)(r + 2) * src_stride + (size_t)c));
            __m128i y = _mm_loadu_si128((const __m128i *)(src + (size_t)(r + 3) * src_stride + (size_t)c));
            __m128i ab_lo = _mm_unpacklo_epi32(a, b), ab_hi = _mm_unpackhi_epi32(a, b);
            __m128i xy_lo = _mm_unpacklo_epi32(x, y), xy_hi = _mm_unpackhi_epi32(x, y);
            _mm_storeu_si128((__m128i *)(dst + (size_t)(c + 0) * dst_stride + (size_t)r), _mm_unpacklo_epi64(ab_lo, xy_lo));
            _mm_storeu_si128((__m128i *)(dst + (size_t)(c + 1) * dst_stride + (size_t)r), _mm_unpackhi_epi64(ab_lo, xy_lo));
            _mm_storeu_si128((__m128i *)(dst + (size_t)(c + 2) * dst_stride + (size_t)r), _mm_unpacklo_epi64(ab_hi, xy_hi));
            _mm_storeu_si128((__m128i *)(dst + (size_t)(c + 3) * dst_stride + (size_t)r), _mm_unpackhi_epi64(ab_hi, xy_hi));
        }
        for (; c < cols; c++)
            for (int k = r; k < r + 4; k++)
                dst[(size_t)c * dst_stride + (size_t)k] = src[(size_t)k * src_stride + (size_t)c];
    }
#endif
    for (; r < rows; r++)
        for (int c = 0; c < cols; c++)
            dst[(size_t)c * dst_stride + (size_t)r] = src[(size_t)r * src_stride + (size_t)c];
}

static inline void transpose_u64(uint64_t *dst, size_t dst_stride, const uint64_t *src, size_t src_stride,
                                 int rows, int cols)
{
    int r = 0;
#if defined(__SSE2__)
    for (; r + 2 <= rows; r += 2) {
        int c = 0;
        for (; c + 2 <= cols; c += 2) {
            __m128i a = _mm_loadu_si128((const __m128i *)(src + (size_t)(r + 0) * src_stride + (size_t)c));
            __m128i b = _mm_loadu_si128((const __m128i *)(src + (size_t)(r + 1) * src_stride + (size_t)c));
            _mm_storeu_si128((__m128i *)(dst + (size_t)(c + 0) * dst_stride + (size_t)r), _mm_unpacklo_epi64(a, b));
            _mm_storeu_si128((__m128i *)(dst + (size_t)(c + 1) * dst_stride + (size_t)r), _mm_unpackhi_epi64(a, b));
        }
        for (; c < cols; c++)
            for (int k = r; k < r + 2; k++)
                dst[(size_t)c * dst_stride + (size_t)k] = src[(size_t)k * src_stride + (size_t)c];
    }
#endif
    for (; r < rows; r++)
        for (int c = 0; c < cols; c++)
            dst[(size_t)c * dst_stride + (size_t)r] = src[(size_t)r * src_stride + (size_t)c];
}

#endif
