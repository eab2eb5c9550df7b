/*
 * Max pooling over NCHW planes. The vector kernels compute eight outputs of a row at a time in
 * registers, window row by window row; windows at the plane's edges load their columns masked,
 * with -infinity for the padding. The portable loops go tap by tap, with each tap's
 * valid output columns found once so that inner loops carry no bounds checks.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <math.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

typedef struct {
    const float *input;
    float *output;
    int planes;
    const sl_conv_geometry *g;
} max_pool_job;

/* Window rows and columns the vector kernels take (and the taps whose bounds the portable
 * loops work out once); larger windows, rare, go through the portable loops. */
#define SL_POOL_TAPS 16

/* One output row, tap by tap: dst[ow] = max(dst[ow], ow's window in the rows `rows[0, nrows)`).
 * `los`/`his` are the taps' column bounds, or NULL to work them out here. A NaN input is passed
 * over, as by the vector kernels. */
static void row_portable(float *dst, const float *const *rows, int nrows, const sl_conv_geometry *g,
                         const int *los, const int *his) {
    for (int r = 0; r < nrows; r++)
        for (int kw = 0; kw < g->kernel_w; kw++) {
            const int offset = kw * g->dilation_w - g->pad_left;
            const float *src = rows[r] + offset;
            int lo, hi;
            if (los) lo = los[kw], hi = his[kw];
            else sl_valid_columns(offset, g->stride_w, g->in_w, g->out_w, &lo, &hi);
            for (int ow = lo; ow < hi; ow++) {
                float v = src[ow * g->stride_w];
                dst[ow] = v > dst[ow] ? v : dst[ow];
            }
        }
}

#if defined(__x86_64__) || defined(__i386__)
/* Input columns the vector kernel reads for eight outputs, from the first window's start:
 * stride 1 reads eight from each tap; stride 2 reads 16 from each even tap and splits them into
 * even lanes (that tap) and odd ones (the next). */
static int block_span(const sl_conv_geometry *g) {
    return g->stride_w == 1 ? 8 + g->kernel_w - 1 : ((g->kernel_w - 1) & ~1) + 16;
}

/* Input columns [c, c + 8) of `row` as a vector, -infinity for those outside [0, in_w). */
__attribute__((target("avx2"), always_inline)) static inline __m256 edge_load(const float *row, int c, int in_w) {
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i inside = _mm256_and_si256(_mm256_cmpgt_epi32(lane, _mm256_set1_epi32(-c - 1)),
                                            _mm256_cmpgt_epi32(_mm256_set1_epi32(in_w - c), lane));
    /* Masked-off lanes are not read (no fault past either end). */
    return _mm256_blendv_ps(_mm256_set1_ps(-INFINITY), _mm256_maskload_ps(row + c, inside), _mm256_castsi256_ps(inside));
}

/* Outputs [ow, ow + count) (count <= 8) of one output row from the window rows `rows[0, nrows)`,
 * in registers; `edge`: the windows reach past either end of the rows (their loads are masked). */
__attribute__((target("avx2"), always_inline)) static inline void block_avx2(
    float *dst, int ow, int count, const float *const *rows, int nrows, const sl_conv_geometry *g, const int edge) {
    const int col0 = ow * g->stride_w - g->pad_left;
    __m256 m = _mm256_set1_ps(-INFINITY);
#define SL_POOL_LOAD(row, c) (edge ? edge_load(row, c, g->in_w) : _mm256_loadu_ps((row) + (c)))
    for (int r = 0; r < nrows; r++) {
        if (g->stride_w == 1) {
            for (int kw = 0; kw < g->kernel_w; kw++) m = _mm256_max_ps(SL_POOL_LOAD(rows[r], col0 + kw), m);
        } else {
            /* Lanes in the shuffles' order (outputs 0 1 4 5 2 3 6 7), put right at the end. */
            for (int kw = 0; kw < g->kernel_w; kw += 2) {
                __m256 a = SL_POOL_LOAD(rows[r], col0 + kw), b = SL_POOL_LOAD(rows[r], col0 + kw + 8);
                m = _mm256_max_ps(_mm256_shuffle_ps(a, b, 0x88), m);
                if (kw + 1 < g->kernel_w) m = _mm256_max_ps(_mm256_shuffle_ps(a, b, 0xDD), m);
            }
        }
    }
#undef SL_POOL_LOAD
    if (g->stride_w == 2) m = _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(m), 0xD8));
    if (count == 8) {
        _mm256_storeu_ps(dst + ow, m);
    } else {
        float out[8];
        _mm256_storeu_ps(out, m);
        memcpy(dst + ow, out, sizeof(float) * (size_t)count);
    }
}

/* One output row, eight outputs at a time. */
__attribute__((target("avx2"))) static void row_avx2(float *dst, const float *const *rows, int nrows,
                                                     const sl_conv_geometry *g, int span) {
    for (int ow = 0; ow < g->out_w; ow += 8) {
        const int count = g->out_w - ow < 8 ? g->out_w - ow : 8;
        const int col0 = ow * g->stride_w - g->pad_left;
        if (count == 8 && col0 >= 0 && col0 + span <= g->in_w) block_avx2(dst, ow, 8, rows, nrows, g, 0);
        else block_avx2(dst, ow, count, rows, nrows, g, 1);
    }
}
#endif

static void max_pool_task(void *context, int task, int task_count) {
    const max_pool_job *job = context;
    const sl_conv_geometry *g = job->g;
    int p0 = (int)((long)job->planes * task / task_count);
    int p1 = (int)((long)job->planes * (task + 1) / task_count);
    int tap_los[SL_POOL_TAPS], tap_his[SL_POOL_TAPS];
    const int cached = g->kernel_w <= SL_POOL_TAPS;
    for (int kw = 0; cached && kw < g->kernel_w; kw++)
        sl_valid_columns(kw * g->dilation_w - g->pad_left, g->stride_w, g->in_w, g->out_w, &tap_los[kw], &tap_his[kw]);
    const int small = g->kernel_h <= SL_POOL_TAPS && g->kernel_w <= SL_POOL_TAPS;
#if defined(__x86_64__) || defined(__i386__)
    /* Tap by tap, R-Net's 22x22 planes took four times ONNX Runtime's time. */
    const int vector = small && g->dilation_w == 1 && (g->stride_w == 1 || g->stride_w == 2) && sl_cpu_has_avx2_fma();
    const int span = block_span(g);
#endif
    const float *rows[SL_POOL_TAPS];
    for (int p = p0; p < p1; p++) {
        const float *plane = job->input + (size_t)p * g->in_h * g->in_w;
        float *out = job->output + (size_t)p * g->out_h * g->out_w;
        for (int oh = 0; oh < g->out_h; oh++) {
            float *dst = out + (size_t)oh * g->out_w;
            if (!small) {
                /* Window rows one at a time. */
                for (int ow = 0; ow < g->out_w; ow++) dst[ow] = -INFINITY;
                for (int kh = 0; kh < g->kernel_h; kh++) {
                    int ih = oh * g->stride_h - g->pad_top + kh * g->dilation_h;
                    if (ih < 0 || ih >= g->in_h) continue;
                    const float *row = plane + (size_t)ih * g->in_w;
                    row_portable(dst, &row, 1, g, cached ? tap_los : NULL, cached ? tap_his : NULL);
                }
                continue;
            }
            /* The window's rows inside the plane. */
            int nrows = 0;
            for (int kh = 0; kh < g->kernel_h; kh++) {
                int ih = oh * g->stride_h - g->pad_top + kh * g->dilation_h;
                if (ih >= 0 && ih < g->in_h) rows[nrows++] = plane + (size_t)ih * g->in_w;
            }
#if defined(__x86_64__) || defined(__i386__)
            if (vector) {
                row_avx2(dst, rows, nrows, g, span);
                continue;
            }
#endif
            for (int ow = 0; ow < g->out_w; ow++) dst[ow] = -INFINITY;
            row_portable(dst, rows, nrows, g, cached ? tap_los : NULL, cached ? tap_his : NULL);
        }
    }
}

void sl_max_pool(const float *input, float *output, int planes, const sl_conv_geometry *g, sl_pool *pool) {
    max_pool_job job = {input, output, planes, g};
    long work = (long)planes * g->out_h * g->out_w * g->kernel_h * g->kernel_w;
    int tasks = work < 32768 ? 1 : 4 * sl_pool_threads(pool);
    if (tasks > planes) tasks = planes;
    sl_pool_run(tasks > 1 ? pool : NULL, max_pool_task, &job, tasks);
}
