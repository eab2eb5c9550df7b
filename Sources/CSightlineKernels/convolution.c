/*
 * Convolution helpers for NCHW images: unfolding (im2col) for convolutions computed as a
 * GEMM, and a direct depthwise convolution that accumulates whole vectors of outputs in
 * registers over a zero-padded, column-phase-split copy of each channel.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

/* Output columns [lo, hi) for which input column ow * stride + offset is inside [0, width). */
static inline void valid_columns(int offset, int stride, int width, int out_w, int *lo, int *hi) {
    int first = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
    int last = (width - 1 - offset) >= 0 ? (width - 1 - offset) / stride + 1 : 0;
    *lo = first < out_w ? first : out_w;
    *hi = last < out_w ? last : out_w;
    if (*hi < *lo) *hi = *lo;
}

void sl_im2col(const float *input, const sl_conv_geometry *g, float *columns) {
    const int out_size = g->out_h * g->out_w;
    for (int c = 0; c < g->channels; c++) {
        const float *plane = input + (size_t)c * g->in_h * g->in_w;
        for (int kh = 0; kh < g->kernel_h; kh++) {
            for (int kw = 0; kw < g->kernel_w; kw++) {
                float *row = columns + ((size_t)(c * g->kernel_h + kh) * g->kernel_w + kw) * out_size;
                int offset = kw * g->dilation_w - g->pad_left;
                int lo, hi;
                valid_columns(offset, g->stride_w, g->in_w, g->out_w, &lo, &hi);
                for (int oh = 0; oh < g->out_h; oh++) {
                    float *dst = row + (size_t)oh * g->out_w;
                    int ih = oh * g->stride_h - g->pad_top + kh * g->dilation_h;
                    if (ih < 0 || ih >= g->in_h) {
                        memset(dst, 0, sizeof(float) * (size_t)g->out_w);
                        continue;
                    }
                    const float *src = plane + (size_t)ih * g->in_w + offset;
                    for (int ow = 0; ow < lo; ow++) dst[ow] = 0.0f;
                    if (g->stride_w == 1) {
                        memcpy(dst + lo, src + lo, sizeof(float) * (size_t)(hi - lo));
                    } else {
                        for (int ow = lo; ow < hi; ow++) dst[ow] = src[ow * g->stride_w];
                    }
                    for (int ow = hi; ow < g->out_w; ow++) dst[ow] = 0.0f;
                }
            }
        }
    }
}

typedef struct {
    const float *input, *weights;
    float *output;
    const sl_conv_geometry *g;
    const sl_epilogue *ep;
} depthwise_job;

typedef struct {
    int rows;         /* padded rows needed */
    int phase_width;  /* floats per phase row */
} padded_layout;

/* Vector loads for the unused lanes of a row's last output vector may run past the row
 * (into the next one, whose values are then discarded) and, on the last row, past the
 * planes: this much slack follows the planes in the buffer. */
#define SL_PHASE_SLACK 64

static padded_layout layout_for(const sl_conv_geometry *g) {
    padded_layout layout;
    layout.rows = (g->out_h - 1) * g->stride_h + (g->kernel_h - 1) * g->dilation_h + 1;
    int columns = (g->out_w - 1) * g->stride_w + (g->kernel_w - 1) * g->dilation_w + 1;
    layout.phase_width = (columns + g->stride_w - 1) / g->stride_w;
    return layout;
}

static void fill_padded(const float *plane, const sl_conv_geometry *g, padded_layout layout, float *phases) {
    const int s = g->stride_w;
    const size_t phase_size = (size_t)layout.rows * layout.phase_width;
    const int first_phase = g->pad_left % s, first_index = g->pad_left / s;
    const int width = layout.phase_width;
    for (int r = 0; r < layout.rows; r++) {
        float *row = phases + (size_t)r * width;
        int ih = r - g->pad_top;
        if (ih < 0 || ih >= g->in_h) {
            for (int p = 0; p < s; p++) memset(row + p * phase_size, 0, sizeof(float) * width);
            continue;
        }
        const float *src = plane + (size_t)ih * g->in_w;
        if (s == 1) {
            /* only the padding columns need zeros; the copy fills the rest */
            int copied = g->in_w < width - g->pad_left ? g->in_w : width - g->pad_left;
            memset(row, 0, sizeof(float) * g->pad_left);
            memcpy(row + g->pad_left, src, sizeof(float) * copied);
            memset(row + g->pad_left + copied, 0, sizeof(float) * (width - g->pad_left - copied));
            continue;
        }
        for (int p = 0; p < s; p++) memset(row + p * phase_size, 0, sizeof(float) * width);
        /* Input columns past the last window are never read; copying them would run past
         * the phase row. */
        int used = s * width - g->pad_left < g->in_w ? s * width - g->pad_left : g->in_w;
        if (s == 2) {
            float *even = row + (first_phase == 0 ? 0 : phase_size) + first_index;
            float *odd = row + (first_phase == 0 ? phase_size + first_index : first_index + 1);
            int half = used / 2;
            for (int i = 0; i < half; i++) {
                even[i] = src[2 * i];
                odd[i] = src[2 * i + 1];
            }
            if (used & 1) even[half] = src[used - 1];
        } else {
            int p = first_phase, q = first_index;
            for (int iw = 0; iw < used; iw++) {
                row[(size_t)p * phase_size + q] = src[iw];
                if (++p == s) { p = 0; q++; }
            }
        }
    }
}

static inline float activate(float v, int c, const sl_epilogue *ep) {
    if (!ep) return v;
    switch (ep->activation) {
    case SL_ACT_RELU: return v > 0.0f ? v : 0.0f;
    case SL_ACT_CLIP: return v < ep->p0 ? ep->p0 : (v > ep->p1 ? ep->p1 : v);
    case SL_ACT_LEAKY: return v >= 0.0f ? v : ep->p0 * v;
    case SL_ACT_PRELU: return v >= 0.0f ? v : ep->slope[c] * v;
    case SL_ACT_SIGMOID: return 1.0f / (1.0f + __builtin_expf(-v));
    default: return v;
    }
}

static void depthwise_channel_generic(const depthwise_job *job, int c, float *phases) {
    const sl_conv_geometry *g = job->g;
    padded_layout layout = layout_for(g);
    const size_t phase_size = (size_t)layout.rows * layout.phase_width;
    fill_padded(job->input + (size_t)c * g->in_h * g->in_w, g, layout, phases);
    const float *w = job->weights + (size_t)c * g->kernel_h * g->kernel_w;
    float *out = job->output + (size_t)c * g->out_h * g->out_w;
    const float bias = job->ep && job->ep->bias ? job->ep->bias[c] : 0.0f;
    for (int oh = 0; oh < g->out_h; oh++) {
        float *dst = out + (size_t)oh * g->out_w;
        for (int ow = 0; ow < g->out_w; ow++) dst[ow] = bias;
        for (int kh = 0; kh < g->kernel_h; kh++) {
            int r = oh * g->stride_h + kh * g->dilation_h;
            for (int kw = 0; kw < g->kernel_w; kw++) {
                int x = kw * g->dilation_w;
                const float *src = phases + (size_t)(x % g->stride_w) * phase_size + (size_t)r * layout.phase_width + x / g->stride_w;
                float weight = w[kh * g->kernel_w + kw];
                for (int ow = 0; ow < g->out_w; ow++) dst[ow] += weight * src[ow];
            }
        }
        for (int ow = 0; ow < g->out_w; ow++) dst[ow] = activate(dst[ow], c, job->ep);
    }
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2,fma")))
static inline __m256 activate_avx2(__m256 v, int c, const sl_epilogue *ep) {
    if (!ep) return v;
    switch (ep->activation) {
    case SL_ACT_RELU: return _mm256_max_ps(v, _mm256_setzero_ps());
    case SL_ACT_CLIP: return _mm256_min_ps(_mm256_max_ps(v, _mm256_set1_ps(ep->p0)), _mm256_set1_ps(ep->p1));
    case SL_ACT_LEAKY:
    case SL_ACT_PRELU: {
        __m256 slope = _mm256_set1_ps(ep->activation == SL_ACT_LEAKY ? ep->p0 : ep->slope[c]);
        __m256 negative = _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_LT_OQ);
        return _mm256_blendv_ps(v, _mm256_mul_ps(v, slope), negative);
    }
    default: return v;
    }
}

__attribute__((target("avx2,fma")))
static void depthwise_channel_avx2(const depthwise_job *job, int c, float *phases) {
    const sl_conv_geometry *g = job->g;
    const sl_epilogue *ep = job->ep;
    if (ep && ep->activation == SL_ACT_SIGMOID) {   /* no vector exp here: rare, do it plainly */
        depthwise_channel_generic(job, c, phases);
        return;
    }
    padded_layout layout = layout_for(g);
    const size_t phase_size = (size_t)layout.rows * layout.phase_width;
    fill_padded(job->input + (size_t)c * g->in_h * g->in_w, g, layout, phases);
    const float *w = job->weights + (size_t)c * g->kernel_h * g->kernel_w;
    float *out = job->output + (size_t)c * g->out_h * g->out_w;
    const int taps = g->kernel_h * g->kernel_w;
    int tap_offset[64];
    if (taps > 64) {
        depthwise_channel_generic(job, c, phases);
        return;
    }
    for (int kh = 0; kh < g->kernel_h; kh++)
        for (int kw = 0; kw < g->kernel_w; kw++) {
            int x = kw * g->dilation_w;
            tap_offset[kh * g->kernel_w + kw] = (int)((size_t)(x % g->stride_w) * phase_size
                + (size_t)(kh * g->dilation_h) * layout.phase_width + x / g->stride_w);
        }
    const __m256 bias = _mm256_set1_ps(ep && ep->bias ? ep->bias[c] : 0.0f);
    const int width = g->out_w;
    /* Output vectors (8 columns of one row) are computed four at a time, so four
     * independent FMA chains hide the FMA latency even on narrow 7x7 planes. */
    const int vectors_per_row = (width + 7) / 8;
    const int total = g->out_h * vectors_per_row;
    for (int v = 0; v < total; v += 4) {
        const float *src[4];
        float *dst[4];
        int valid[4];
        for (int i = 0; i < 4; i++) {
            int index = v + i < total ? v + i : v;
            int oh = index / vectors_per_row, ow = (index % vectors_per_row) * 8;
            src[i] = phases + (size_t)(oh * g->stride_h) * layout.phase_width + ow;
            dst[i] = out + (size_t)oh * width + ow;
            valid[i] = v + i < total ? (width - ow < 8 ? width - ow : 8) : 0;
        }
        __m256 a0 = bias, a1 = bias, a2 = bias, a3 = bias;
        for (int t = 0; t < taps; t++) {
            const __m256 wv = _mm256_set1_ps(w[t]);
            const int offset = tap_offset[t];
            a0 = _mm256_fmadd_ps(wv, _mm256_loadu_ps(src[0] + offset), a0);
            a1 = _mm256_fmadd_ps(wv, _mm256_loadu_ps(src[1] + offset), a1);
            a2 = _mm256_fmadd_ps(wv, _mm256_loadu_ps(src[2] + offset), a2);
            a3 = _mm256_fmadd_ps(wv, _mm256_loadu_ps(src[3] + offset), a3);
        }
        __m256 results[4] = {activate_avx2(a0, c, ep), activate_avx2(a1, c, ep),
                             activate_avx2(a2, c, ep), activate_avx2(a3, c, ep)};
        for (int i = 0; i < 4; i++) {
            if (valid[i] == 8) {
                _mm256_storeu_ps(dst[i], results[i]);
            } else if (valid[i] > 0) {
                /* lanes past the row end were computed from the next row (or the
                 * buffer's slack) and are not stored */
                float lanes[8];
                _mm256_storeu_ps(lanes, results[i]);
                for (int j = 0; j < valid[i]; j++) dst[i][j] = lanes[j];
            }
        }
    }
}
#endif

static void depthwise_task(void *context, int task, int task_count) {
    const depthwise_job *job = context;
    int channels = job->g->channels;
    int c0 = (int)((long)channels * task / task_count);
    int c1 = (int)((long)channels * (task + 1) / task_count);
    padded_layout layout = layout_for(job->g);
    float *phases = sl_thread_scratch(SL_SCRATCH_PADDED_PLANE, (size_t)job->g->stride_w * layout.rows * layout.phase_width + SL_PHASE_SLACK);
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) {
        for (int c = c0; c < c1; c++) depthwise_channel_avx2(job, c, phases);
        return;
    }
#endif
    for (int c = c0; c < c1; c++) depthwise_channel_generic(job, c, phases);
}

void sl_depthwise_conv(const float *input, const float *weights, float *output,
                       const sl_conv_geometry *g, const sl_epilogue *ep, sl_pool *pool) {
    depthwise_job job = {input, weights, output, g, ep};
    long work = (long)g->channels * g->out_h * g->out_w * g->kernel_h * g->kernel_w;
    int tasks = work < 32768 ? 1 : 4 * sl_pool_threads(pool);   /* several per thread, for balance */
    if (tasks > g->channels) tasks = g->channels;
    sl_pool_run(tasks > 1 ? pool : NULL, depthwise_task, &job, tasks);
}
