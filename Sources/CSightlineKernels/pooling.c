/*
 * Max pooling over NCHW planes, built like the depthwise convolution: for each window tap
 * the valid output columns are found once, so inner loops carry no bounds checks.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <math.h>

typedef struct {
    const float *input;
    float *output;
    int planes;
    const sl_conv_geometry *g;
} max_pool_job;

static void max_pool_task(void *context, int task, int task_count) {
    const max_pool_job *job = context;
    const sl_conv_geometry *g = job->g;
    int p0 = (int)((long)job->planes * task / task_count);
    int p1 = (int)((long)job->planes * (task + 1) / task_count);
    for (int p = p0; p < p1; p++) {
        const float *plane = job->input + (size_t)p * g->in_h * g->in_w;
        float *out = job->output + (size_t)p * g->out_h * g->out_w;
        for (int oh = 0; oh < g->out_h; oh++) {
            float *dst = out + (size_t)oh * g->out_w;
            for (int ow = 0; ow < g->out_w; ow++) dst[ow] = -INFINITY;
            for (int kh = 0; kh < g->kernel_h; kh++) {
                int ih = oh * g->stride_h - g->pad_top + kh * g->dilation_h;
                if (ih < 0 || ih >= g->in_h) continue;
                const float *row = plane + (size_t)ih * g->in_w;
                for (int kw = 0; kw < g->kernel_w; kw++) {
                    int offset = kw * g->dilation_w - g->pad_left;
                    int lo = offset >= 0 ? 0 : (-offset + g->stride_w - 1) / g->stride_w;
                    int hi = g->in_w - 1 - offset >= 0 ? (g->in_w - 1 - offset) / g->stride_w + 1 : 0;
                    if (hi > g->out_w) hi = g->out_w;
                    const float *src = row + offset;
                    if (g->stride_w == 1) {
                        for (int ow = lo; ow < hi; ow++) dst[ow] = src[ow] > dst[ow] ? src[ow] : dst[ow];
                    } else {
                        for (int ow = lo; ow < hi; ow++) {
                            float v = src[ow * g->stride_w];
                            dst[ow] = v > dst[ow] ? v : dst[ow];
                        }
                    }
                }
            }
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
