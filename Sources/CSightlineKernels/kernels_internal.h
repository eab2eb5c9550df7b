/*
 * Declarations shared between the kernel files but not part of the public C API.
 */
#ifndef SIGHTLINE_KERNELS_INTERNAL_H
#define SIGHTLINE_KERNELS_INTERNAL_H

#include "include/sightline_kernels.h"

#define SL_MR SL_GEMM_PANEL_ROWS   /* rows of C computed by one micro-kernel call */
#define SL_NR 16   /* columns of C computed by one micro-kernel call */

int sl_cpu_has_avx2_fma(void);

#include <stddef.h>

/* What a thread's scratch buffer is for: each purpose has its own buffer. */
enum sl_scratch_slot {
    SL_SCRATCH_PACKED_B = 0,      /* GEMM: packed panels of B */
    SL_SCRATCH_DEPTHWISE = 1,     /* depthwise convolution: a band of 8 interleaved channels */
    SL_SCRATCH_PACKED_PIXELS = 2, /* 1x1 convolution into channel blocks: pixel strips */
    SL_SCRATCH_SLOTS = 3,
};

/* Output columns [lo, hi) for which input column ow * stride + offset is inside [0, width). */
static inline void sl_valid_columns(int offset, int stride, int width, int out_w, int *lo, int *hi) {
    int first = offset >= 0 ? 0 : (-offset + stride - 1) / stride;
    int last = (width - 1 - offset) >= 0 ? (width - 1 - offset) / stride + 1 : 0;
    *lo = first < out_w ? first : out_w;
    *hi = last < out_w ? last : out_w;
    if (*hi < *lo) *hi = *lo;
}

/* The epilogue's activation of one value (`slope`: its channel's PRelu slope). */
static inline float sl_activate_scalar(float v, float slope, const sl_epilogue *ep) {
    switch (ep ? ep->activation : SL_ACT_NONE) {
    case SL_ACT_RELU: return v > 0.0f ? v : 0.0f;
    case SL_ACT_CLIP: return v < ep->p0 ? ep->p0 : (v > ep->p1 ? ep->p1 : v);
    case SL_ACT_LEAKY: return v >= 0.0f ? v : ep->p0 * v;
    case SL_ACT_PRELU: return v >= 0.0f ? v : slope * v;
    case SL_ACT_SIGMOID: return 1.0f / (1.0f + __builtin_expf(-v));
    default: return v;
    }
}

/* Depthwise convolution of channels [c0, c1) from channel blocks (see
 * sl_expand_depthwise_blocked), `blocks` being channel c0's block. */
void sl_depthwise_conv_blocked(const float *blocks, long block_stride, int row_pixels, const float *weights,
                               float *output, const sl_conv_geometry *g, const sl_epilogue *ep, int c0, int c1);

/* This thread's buffer for `slot`, at least `floats` long (grown as needed). */
float *sl_thread_scratch(enum sl_scratch_slot slot, size_t floats);

#endif
