/*
 * Declarations shared between the kernel files but not part of the public C API.
 */
#ifndef SIGHTLINE_KERNELS_INTERNAL_H
#define SIGHTLINE_KERNELS_INTERNAL_H

#include "include/sightline_kernels.h"

#define SL_MR SL_GEMM_PANEL_ROWS   /* rows of C computed by one micro-kernel call */
#define SL_NR 16   /* columns of C computed by one micro-kernel call */

int sl_cpu_has_avx2_fma(void);
/* 1 when the AVX-512 variants run: the CPU has AVX-512 F, DQ, BW and VL (and they are not
 * switched off by sl_kernels_force_avx2 or sl_kernels_force_portable). */
int sl_cpu_has_avx512(void);

/* The target of the AVX-512 variants. */
#define SL_AVX512_TARGET "avx512f,avx512dq,avx512bw,avx512vl,avx2,fma"

#include <stddef.h>

/* What a thread's scratch buffer is for: each purpose has its own buffer. */
enum sl_scratch_slot {
    SL_SCRATCH_PACKED_B = 0,      /* GEMM: packed panels of B */
    SL_SCRATCH_DEPTHWISE = 1,     /* depthwise convolution: a band of 8 interleaved channels */
    SL_SCRATCH_PACKED_PIXELS = 2, /* 1x1 convolution into channel blocks: pixel strips */
    SL_SCRATCH_LANES = 3,         /* convolution of eight images in lanes: their input and output */
    SL_SCRATCH_SLOTS = 4,
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
 * sl_expand_depthwise_blocked), `blocks` being channel c0's block and `filters` packed by
 * sl_depthwise_blocked_pack_filters. */
void sl_depthwise_conv_blocked(const float *blocks, long block_stride, int row_pixels, const float *filters,
                               float *output, const sl_conv_geometry *g, const sl_epilogue *ep, int c0, int c1);

/* Up to eight planes to put in the lanes layout (lanes_layout.c): lane j's channel c starts at
 * planes + j * lane_stride + c * in_h * in_w. The buffer [channels][rows][cols][8] holds input
 * pixel (y - pad_top, x - pad_left) at (y, x), `border` where that is outside the input, and
 * zero in the unused lanes (j >= lanes) of input pixels. */
typedef struct {
    const float *planes;
    long lane_stride;
    int lanes, channels, in_h, in_w;
    int pad_top, pad_left, rows, cols;
} sl_lanes_source;

void sl_lanes_interleave(const sl_lanes_source *source, float *dst, float border);

/* The reverse for `rows` rows of `pixels` pixels ([rows][pixels][8]): row r of lane j goes to
 * dst + j * lane_stride + r * row_stride, for lanes [0, lanes). */
void sl_lanes_deinterleave(const float *src, int rows, int pixels, float *dst, long row_stride, long lane_stride,
                           int lanes);

/* This thread's buffer for `slot`, at least `floats` long (grown as needed). */
float *sl_thread_scratch(enum sl_scratch_slot slot, size_t floats);

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>

/* r[i][j] -> r[j][i] for eight 8-float rows. */
__attribute__((target("avx2,fma")))
static inline void sl_transpose8(__m256 r[8]) {
    __m256 t0 = _mm256_unpacklo_ps(r[0], r[1]), t1 = _mm256_unpackhi_ps(r[0], r[1]);
    __m256 t2 = _mm256_unpacklo_ps(r[2], r[3]), t3 = _mm256_unpackhi_ps(r[2], r[3]);
    __m256 t4 = _mm256_unpacklo_ps(r[4], r[5]), t5 = _mm256_unpackhi_ps(r[4], r[5]);
    __m256 t6 = _mm256_unpacklo_ps(r[6], r[7]), t7 = _mm256_unpackhi_ps(r[6], r[7]);
    __m256 s0 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(1, 0, 1, 0));
    __m256 s1 = _mm256_shuffle_ps(t0, t2, _MM_SHUFFLE(3, 2, 3, 2));
    __m256 s2 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(1, 0, 1, 0));
    __m256 s3 = _mm256_shuffle_ps(t1, t3, _MM_SHUFFLE(3, 2, 3, 2));
    __m256 s4 = _mm256_shuffle_ps(t4, t6, _MM_SHUFFLE(1, 0, 1, 0));
    __m256 s5 = _mm256_shuffle_ps(t4, t6, _MM_SHUFFLE(3, 2, 3, 2));
    __m256 s6 = _mm256_shuffle_ps(t5, t7, _MM_SHUFFLE(1, 0, 1, 0));
    __m256 s7 = _mm256_shuffle_ps(t5, t7, _MM_SHUFFLE(3, 2, 3, 2));
    r[0] = _mm256_permute2f128_ps(s0, s4, 0x20);
    r[1] = _mm256_permute2f128_ps(s1, s5, 0x20);
    r[2] = _mm256_permute2f128_ps(s2, s6, 0x20);
    r[3] = _mm256_permute2f128_ps(s3, s7, 0x20);
    r[4] = _mm256_permute2f128_ps(s0, s4, 0x31);
    r[5] = _mm256_permute2f128_ps(s1, s5, 0x31);
    r[6] = _mm256_permute2f128_ps(s2, s6, 0x31);
    r[7] = _mm256_permute2f128_ps(s3, s7, 0x31);
}

/* Finishes 8 columns of one row: adds C (load_c), then the bias, the residual and the
 * activation of the epilogue (when `ep`), and stores them. */
__attribute__((target("avx2,fma"), always_inline)) static inline void sl_finish8_avx2(
    float *dst, const float *res, __m256 v, int load_c,
    const sl_epilogue *ep, int activation, __m256 bias, __m256 slope, __m256 low, __m256 high) {
    if (load_c) v = _mm256_add_ps(v, _mm256_loadu_ps(dst));
    if (ep) {
        v = _mm256_add_ps(v, bias);
        if (res) v = _mm256_add_ps(v, _mm256_loadu_ps(res));
        const __m256 zero = _mm256_setzero_ps();
        switch (activation) {
        case SL_ACT_RELU: v = _mm256_max_ps(v, zero); break;
        case SL_ACT_CLIP: v = _mm256_min_ps(_mm256_max_ps(v, low), high); break;
        case SL_ACT_LEAKY:
        case SL_ACT_PRELU:
            v = _mm256_blendv_ps(v, _mm256_mul_ps(v, slope), _mm256_cmp_ps(v, zero, _CMP_LT_OQ));
            break;
        default: break;
        }
    }
    _mm256_storeu_ps(dst, v);
}
#endif

#endif
