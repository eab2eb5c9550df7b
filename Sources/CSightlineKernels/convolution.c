/*
 * Convolution helpers for NCHW images: unfolding (im2col) for convolutions computed as a
 * GEMM, and a direct depthwise convolution built from contiguous row updates (stride-2
 * rows are split into even and odd columns first so every inner loop is unit-stride).
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <stdlib.h>
#include <string.h>

void sl_im2col(const float *input, const sl_conv_geometry *g, float *columns) {
    const int out_size = g->out_h * g->out_w;
    for (int c = 0; c < g->channels; c++) {
        const float *plane = input + (size_t)c * g->in_h * g->in_w;
        for (int kh = 0; kh < g->kernel_h; kh++) {
            for (int kw = 0; kw < g->kernel_w; kw++) {
                float *row = columns + ((size_t)(c * g->kernel_h + kh) * g->kernel_w + kw) * out_size;
                for (int oh = 0; oh < g->out_h; oh++) {
                    float *dst = row + (size_t)oh * g->out_w;
                    int ih = oh * g->stride_h - g->pad_top + kh * g->dilation_h;
                    if (ih < 0 || ih >= g->in_h) {
                        memset(dst, 0, sizeof(float) * (size_t)g->out_w);
                        continue;
                    }
                    const float *src = plane + (size_t)ih * g->in_w;
                    int offset = kw * g->dilation_w - g->pad_left;
                    for (int ow = 0; ow < g->out_w; ow++) {
                        int iw = ow * g->stride_w + offset;
                        dst[ow] = (iw >= 0 && iw < g->in_w) ? src[iw] : 0.0f;
                    }
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

/* Output columns [lo, hi) for which input column ow * stride + offset is inside [0, width). */
static inline void valid_range(int offset, int stride, int width, int out_w, int *lo, int *hi) {
    int first = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
    int last = (width - 1 - offset) >= 0 ? (width - 1 - offset) / stride + 1 : 0;
    *lo = first;
    *hi = last < out_w ? last : out_w;
    if (*hi < *lo) *hi = *lo;
}

static inline __attribute__((always_inline)) void depthwise_channel(
    const depthwise_job *job, int c, float *phases) {
    const sl_conv_geometry *g = job->g;
    const float *plane = job->input + (size_t)c * g->in_h * g->in_w;
    const float *w = job->weights + (size_t)c * g->kernel_h * g->kernel_w;
    float *out = job->output + (size_t)c * g->out_h * g->out_w;
    const int sw = g->stride_w;
    const int phase_len = (g->in_w + sw - 1) / sw;
    for (int oh = 0; oh < g->out_h; oh++) {
        float *dst = out + (size_t)oh * g->out_w;
        memset(dst, 0, sizeof(float) * (size_t)g->out_w);
        for (int kh = 0; kh < g->kernel_h; kh++) {
            int ih = oh * g->stride_h - g->pad_top + kh * g->dilation_h;
            if (ih < 0 || ih >= g->in_h) continue;
            const float *src = plane + (size_t)ih * g->in_w;
            if (sw > 1) {
                /* phases[p][i] = src[i * sw + p]: each tap then reads a unit-stride row */
                for (int p = 0; p < sw; p++)
                    for (int i = 0; i < phase_len; i++) {
                        int x = i * sw + p;
                        phases[(size_t)p * phase_len + i] = x < g->in_w ? src[x] : 0.0f;
                    }
            }
            for (int kw = 0; kw < g->kernel_w; kw++) {
                float weight = w[kh * g->kernel_w + kw];
                int offset = kw * g->dilation_w - g->pad_left;
                int lo, hi;
                valid_range(offset, sw, g->in_w, g->out_w, &lo, &hi);
                if (sw == 1) {
                    const float *s = src + offset;
                    for (int ow = lo; ow < hi; ow++) dst[ow] += weight * s[ow];
                } else {
                    /* input column ow*sw + offset = (ow + q) * sw + p with p in [0, sw) */
                    int p = ((offset % sw) + sw) % sw;
                    int q = (offset - p) / sw;
                    const float *s = phases + (size_t)p * phase_len + q;
                    for (int ow = lo; ow < hi; ow++) dst[ow] += weight * s[ow];
                }
            }
        }
        if (job->ep) sl_apply_epilogue(dst, 0, 1, g->out_w, c, job->ep, NULL, 0);
    }
}

static _Thread_local float *phase_buffer;
static _Thread_local size_t phase_capacity;

static float *thread_phase_buffer(size_t floats) {
    if (floats > phase_capacity) {
        free(phase_buffer);
        phase_buffer = malloc(floats * sizeof(float));
        phase_capacity = phase_buffer ? floats : 0;
    }
    return phase_buffer;
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2,fma")))
static void depthwise_range_avx2(const depthwise_job *job, int c0, int c1, float *phases) {
    for (int c = c0; c < c1; c++) depthwise_channel(job, c, phases);
}
#endif

static void depthwise_range_generic(const depthwise_job *job, int c0, int c1, float *phases) {
    for (int c = c0; c < c1; c++) depthwise_channel(job, c, phases);
}

static void depthwise_task(void *context, int task, int task_count) {
    const depthwise_job *job = context;
    int channels = job->g->channels;
    int c0 = (int)((long)channels * task / task_count);
    int c1 = (int)((long)channels * (task + 1) / task_count);
    size_t phase_floats = (size_t)job->g->stride_w * ((job->g->in_w + job->g->stride_w - 1) / job->g->stride_w);
    float *phases = thread_phase_buffer(phase_floats + 1);
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) {
        depthwise_range_avx2(job, c0, c1, phases);
        return;
    }
#endif
    depthwise_range_generic(job, c0, c1, phases);
}

void sl_depthwise_conv(const float *input, const float *weights, float *output,
                       const sl_conv_geometry *g, const sl_epilogue *ep, sl_pool *pool) {
    depthwise_job job = {input, weights, output, g, ep};
    long work = (long)g->channels * g->out_h * g->out_w * g->kernel_h * g->kernel_w;
    int tasks = work < 32768 ? 1 : sl_pool_threads(pool);
    if (tasks > g->channels) tasks = g->channels;
    sl_pool_run(tasks > 1 ? pool : NULL, depthwise_task, &job, tasks);
}
