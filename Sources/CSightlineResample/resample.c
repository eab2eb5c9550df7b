/*
 * The resize passes of sightline_resample.h: AVX2 versions chosen at run time when the CPU has
 * AVX2, and portable C for every other machine. Both compute exactly the same integers.
 */
#include "sightline_resample.h"

#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

enum { PRECISION_BITS = 22 };
#define ROUNDING (1 << (PRECISION_BITS - 1))

/* See sl_resample_force_portable. */
static int force_portable;

int sl_resample_force_portable(int force) {
    const int previous = force_portable;
    force_portable = force != 0;
    return previous;
}

static inline uint8_t clamp_sample(int32_t sum) {
    const int32_t value = sum >> PRECISION_BITS;
    return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
}

static void rows_portable(const uint8_t *source, size_t source_stride, int row_count, const long *first,
                          const long *count, const int32_t *weights, int taps, int column_count, uint8_t *output) {
    for (int y = 0; y < row_count; y++) {
        const uint8_t *row = source + (size_t)y * source_stride;
        for (int j = 0; j < column_count; j++) {
            int32_t red = ROUNDING, green = ROUNDING, blue = ROUNDING;
            const uint8_t *pixel = row + first[j] * 3;
            const int32_t *w = weights + (size_t)j * (size_t)taps;
            for (long t = 0; t < count[j]; t++, pixel += 3) {
                red += pixel[0] * w[t];
                green += pixel[1] * w[t];
                blue += pixel[2] * w[t];
            }
            output[0] = clamp_sample(red);
            output[1] = clamp_sample(green);
            output[2] = clamp_sample(blue);
            output += 3;
        }
    }
}

/* One output sample of the vertical pass: `count` samples `row_length` apart from `sample`. */
static inline uint8_t column_sample(const uint8_t *sample, size_t row_length, const int32_t *w, long count) {
    int32_t sum = ROUNDING;
    for (long t = 0; t < count; t++, sample += row_length) sum += *sample * w[t];
    return clamp_sample(sum);
}

static void columns_portable(const uint8_t *source, size_t row_length, long first_row, int row_count,
                             const long *first, const long *count, const int32_t *weights, int taps,
                             uint8_t *output) {
    for (int i = 0; i < row_count; i++, output += row_length) {
        const int32_t *w = weights + (size_t)i * (size_t)taps;
        const uint8_t *top = source + (size_t)(first[i] - first_row) * row_length;
        for (size_t x = 0; x < row_length; x++) output[x] = column_sample(top + x, row_length, w, count[i]);
    }
}

#if defined(__x86_64__)

/* One pixel's three samples (and a fourth byte that is ignored) as four 32-bit lanes; the
 * pixel that ends the input is read without the byte after it, and a pixel past the end (a
 * zero-weight tap of the image's last column) is not read at all. */
__attribute__((target("avx2"))) static inline __m128i load_pixel(const uint8_t *pixel, const uint8_t *end) {
    int32_t word = 0;
    if (__builtin_expect(end - pixel >= 4, 1)) memcpy(&word, pixel, 4);
    else if (end - pixel == 3) word = pixel[0] | pixel[1] << 8 | pixel[2] << 16;
    return _mm_cvtepu8_epi32(_mm_cvtsi32_si128(word));
}

/* One output pixel's three samples in 32-bit lanes. Every pixel runs over the longest run of
 * the row (shorter runs have zero weights up to `taps`), so the loop's branch is predictable. */
__attribute__((target("avx2"))) static void rows_avx2(const uint8_t *source, const uint8_t *source_end,
                                                      size_t source_stride, int row_count, const long *first,
                                                      const long *count, const int32_t *weights, int taps,
                                                      int column_count, uint8_t *output) {
    long runs = 0;
    for (int j = 0; j < column_count; j++) runs = count[j] > runs ? count[j] : runs;
    const __m128i rounding = _mm_set1_epi32(ROUNDING);
    for (int y = 0; y < row_count; y++) {
        const uint8_t *row = source + (size_t)y * source_stride;
        for (int j = 0; j < column_count; j++, output += 3) {
            __m128i sum = rounding;
            const uint8_t *pixel = row + first[j] * 3;
            const int32_t *w = weights + (size_t)j * (size_t)taps;
            for (long t = 0; t < runs; t++, pixel += 3)
                sum = _mm_add_epi32(sum, _mm_mullo_epi32(load_pixel(pixel, source_end), _mm_set1_epi32(w[t])));
            const __m128i narrow = _mm_srai_epi32(sum, PRECISION_BITS);
            const int32_t bytes = _mm_cvtsi128_si32(_mm_packus_epi16(_mm_packus_epi32(narrow, narrow), narrow));
            /* Four bytes where the next pixel's first one follows, else only the three. */
            if (__builtin_expect(j + 1 < column_count || y + 1 < row_count, 1)) {
                memcpy(output, &bytes, 4);
            } else {
                memcpy(output, &bytes, 3);
            }
        }
    }
}

__attribute__((target("avx2"))) static void columns_avx2(const uint8_t *source, size_t row_length, long first_row,
                                                         int row_count, const long *first, const long *count,
                                                         const int32_t *weights, int taps, uint8_t *output) {
    const __m256i rounding = _mm256_set1_epi32(ROUNDING);
    for (int i = 0; i < row_count; i++, output += row_length) {
        const int32_t *w = weights + (size_t)i * (size_t)taps;
        const uint8_t *top = source + (size_t)(first[i] - first_row) * row_length;
        size_t x = 0;
        for (; x + 16 <= row_length; x += 16) {
            __m256i low = rounding, high = rounding;
            const uint8_t *sample = top + x;
            for (long t = 0; t < count[i]; t++, sample += row_length) {
                const __m128i bytes = _mm_loadu_si128((const __m128i *)sample);
                const __m256i weight = _mm256_set1_epi32(w[t]);
                low = _mm256_add_epi32(low, _mm256_mullo_epi32(_mm256_cvtepu8_epi32(bytes), weight));
                high = _mm256_add_epi32(high, _mm256_mullo_epi32(_mm256_cvtepu8_epi32(_mm_srli_si128(bytes, 8)), weight));
            }
            /* packus works within 128-bit halves: samples 0–3, 8–11 | 4–7, 12–15, put back in order. */
            const __m256i words = _mm256_permute4x64_epi64(
                _mm256_packus_epi32(_mm256_srai_epi32(low, PRECISION_BITS), _mm256_srai_epi32(high, PRECISION_BITS)),
                0xD8);
            _mm_storeu_si128((__m128i *)(output + x),
                             _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1)));
        }
        for (; x < row_length; x++) output[x] = column_sample(top + x, row_length, w, count[i]);
    }
}

static int has_avx2(void) {
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx2");
    }
    return cached && !force_portable;
}

#endif

void sl_resample_rows(const uint8_t *source, const uint8_t *source_end, size_t source_stride, int row_count,
                      const long *first, const long *count, const int32_t *weights, int taps, int column_count,
                      uint8_t *output) {
#if defined(__x86_64__)
    if (has_avx2()) {
        rows_avx2(source, source_end, source_stride, row_count, first, count, weights, taps, column_count, output);
        return;
    }
#endif
    (void)source_end;
    rows_portable(source, source_stride, row_count, first, count, weights, taps, column_count, output);
}

void sl_resample_columns(const uint8_t *source, size_t row_length, long first_row, int row_count,
                         const long *first, const long *count, const int32_t *weights, int taps,
                         uint8_t *output) {
#if defined(__x86_64__)
    if (has_avx2()) {
        columns_avx2(source, row_length, first_row, row_count, first, count, weights, taps, output);
        return;
    }
#endif
    columns_portable(source, row_length, first_row, row_count, first, count, weights, taps, output);
}
