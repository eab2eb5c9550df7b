/*
 * The lanes layout: up to eight planes of the same shape (eight images of a batch, or eight
 * planes of one tensor) stored pixel by pixel with one plane per vector lane, [rows][cols][8],
 * so that a kernel computes the same pixel of all eight with each vector instruction. These
 * helpers convert NCHW planes into it (with a border) and back, 8x8 transposes at a time.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <string.h>

#define SL_LANES 8

/* Row ih of channel c of lane j, or NULL for an unused lane. */
static inline const float *source_row(const sl_lanes_source *s, int j, int c, int ih) {
    return j < s->lanes ? s->planes + j * s->lane_stride + ((long)c * s->in_h + ih) * s->in_w : NULL;
}

static void interleave_generic(const sl_lanes_source *s, float *dst, float border) {
    for (int c = 0; c < s->channels; c++)
        for (int y = 0; y < s->rows; y++) {
            float *row = dst + ((size_t)c * s->rows + y) * s->cols * SL_LANES;
            const int ih = y - s->pad_top;
            for (int x = 0; x < s->cols; x++) {
                const int iw = x - s->pad_left;
                const int inside = ih >= 0 && ih < s->in_h && iw >= 0 && iw < s->in_w;
                for (int j = 0; j < SL_LANES; j++) {
                    const float *src = inside ? source_row(s, j, c, ih) : NULL;
                    row[x * SL_LANES + j] = src ? src[iw] : (inside ? 0.0f : border);
                }
            }
        }
}

static void deinterleave_generic(const float *src, int rows, int pixels, float *dst, long row_stride,
                                 long lane_stride, int lanes) {
    for (int r = 0; r < rows; r++)
        for (int j = 0; j < lanes; j++) {
            float *out = dst + j * lane_stride + r * row_stride;
            for (int i = 0; i < pixels; i++) out[i] = src[((size_t)r * pixels + i) * SL_LANES + j];
        }
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2,fma")))
static void interleave_avx2(const sl_lanes_source *s, float *dst, float border) {
    const __m256 fill = _mm256_set1_ps(border), zero = _mm256_setzero_ps();
    /* Columns [lo, hi) hold input columns; the rest are border. */
    int lo = s->pad_left < 0 ? 0 : (s->pad_left < s->cols ? s->pad_left : s->cols);
    int hi = s->pad_left + s->in_w < s->cols ? s->pad_left + s->in_w : s->cols;
    if (hi < lo) hi = lo;
    for (int c = 0; c < s->channels; c++) {
        for (int y = 0; y < s->rows; y++) {
            float *row = dst + ((size_t)c * s->rows + y) * s->cols * SL_LANES;
            const int ih = y - s->pad_top;
            if (ih < 0 || ih >= s->in_h) {
                for (int x = 0; x < s->cols; x++) _mm256_storeu_ps(row + x * SL_LANES, fill);
                continue;
            }
            for (int x = 0; x < lo; x++) _mm256_storeu_ps(row + x * SL_LANES, fill);
            for (int x = hi; x < s->cols; x++) _mm256_storeu_ps(row + x * SL_LANES, fill);
            const float *src[SL_LANES];
            for (int j = 0; j < SL_LANES; j++) {
                const float *line = source_row(s, j, c, ih);
                src[j] = line ? line - s->pad_left : NULL;
            }
            int x = lo;
            for (; x + SL_LANES <= hi; x += SL_LANES) {
                __m256 v[SL_LANES];
                for (int j = 0; j < SL_LANES; j++) v[j] = src[j] ? _mm256_loadu_ps(src[j] + x) : zero;
                sl_transpose8(v);
                for (int i = 0; i < SL_LANES; i++) _mm256_storeu_ps(row + (x + i) * SL_LANES, v[i]);
            }
            if (x < hi && hi - lo >= SL_LANES) {
                /* The row's last columns: one more transpose of its last eight, of which those
                 * not yet stored are kept. */
                const int start = hi - SL_LANES;
                __m256 v[SL_LANES];
                for (int j = 0; j < SL_LANES; j++) v[j] = src[j] ? _mm256_loadu_ps(src[j] + start) : zero;
                sl_transpose8(v);
                for (int i = x - start; i < SL_LANES; i++) _mm256_storeu_ps(row + (start + i) * SL_LANES, v[i]);
                x = hi;
            }
            for (; x < hi; x++) {
                float lane[SL_LANES];
                for (int j = 0; j < SL_LANES; j++) lane[j] = src[j] ? src[j][x] : 0.0f;
                memcpy(row + x * SL_LANES, lane, sizeof(lane));
            }
        }
    }
}

__attribute__((target("avx2,fma")))
static void deinterleave_avx2(const float *src, int rows, int pixels, float *dst, long row_stride,
                              long lane_stride, int lanes) {
    for (int r = 0; r < rows; r++) {
        const float *in = src + (size_t)r * pixels * SL_LANES;
        float *out[SL_LANES];
        for (int j = 0; j < lanes; j++) out[j] = dst + j * lane_stride + r * row_stride;
        int i = 0;
        for (; i + SL_LANES <= pixels; i += SL_LANES) {
            __m256 v[SL_LANES];
            for (int x = 0; x < SL_LANES; x++) v[x] = _mm256_loadu_ps(in + (size_t)(i + x) * SL_LANES);
            sl_transpose8(v);
            for (int j = 0; j < lanes; j++) _mm256_storeu_ps(out[j] + i, v[j]);
        }
        if (i < pixels && pixels >= SL_LANES) {
            /* The last pixels: the last eight transposed again (those already stored get the
             * same values). */
            const int start = pixels - SL_LANES;
            __m256 v[SL_LANES];
            for (int x = 0; x < SL_LANES; x++) v[x] = _mm256_loadu_ps(in + (size_t)(start + x) * SL_LANES);
            sl_transpose8(v);
            for (int j = 0; j < lanes; j++) _mm256_storeu_ps(out[j] + start, v[j]);
            i = pixels;
        }
        for (; i < pixels; i++)
            for (int j = 0; j < lanes; j++) out[j][i] = in[(size_t)i * SL_LANES + j];
    }
}
#endif

void sl_lanes_interleave(const sl_lanes_source *source, float *dst, float border) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) {
        interleave_avx2(source, dst, border);
        return;
    }
#endif
    interleave_generic(source, dst, border);
}

void sl_lanes_deinterleave(const float *src, int rows, int pixels, float *dst, long row_stride, long lane_stride,
                           int lanes) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) {
        deinterleave_avx2(src, rows, pixels, dst, row_stride, lane_stride, lanes);
        return;
    }
#endif
    deinterleave_generic(src, rows, pixels, dst, row_stride, lane_stride, lanes);
}
