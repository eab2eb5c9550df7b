/*
 * Convolution helpers for NCHW images: unfolding (im2col) for convolutions computed as a
 * GEMM, and a direct depthwise convolution that works on eight channels at once, each
 * vector lane one channel, so that every tap of the window is a whole vector whatever the
 * plane's width or the stride.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#if defined(__x86_64__) || defined(__i386__)
/* dst[i] = src[2 i] for i in [lo, hi), where src[2 i + 1] may be read while 2 i + 1 < limit:
 * eight outputs from two loads, their even lanes gathered by one shuffle and one permute. */
__attribute__((target("avx2")))
static int gather_even_avx2(const float *src, float *dst, int lo, int hi, int limit) {
    int ow = lo;
    for (; ow + 8 <= hi && 2 * ow + 15 < limit; ow += 8) {
        __m256 a = _mm256_loadu_ps(src + 2 * ow), b = _mm256_loadu_ps(src + 2 * ow + 8);
        __m256 even = _mm256_shuffle_ps(a, b, _MM_SHUFFLE(2, 0, 2, 0));   /* a0 a2 b0 b2 | a4 a6 b4 b6 */
        _mm256_storeu_ps(dst + ow, _mm256_castpd_ps(_mm256_permute4x64_pd(_mm256_castps_pd(even), 0xD8)));
    }
    return ow;
}

/* gather_even_avx2 sixteen outputs at a time: two loads and one two-source permutation. */
__attribute__((target(SL_AVX512_TARGET)))
static int gather_even_avx512(const float *src, float *dst, int lo, int hi, int limit) {
    const __m512i even = _mm512_setr_epi32(0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30);
    int ow = lo;
    for (; ow + 16 <= hi && 2 * ow + 31 < limit; ow += 16)
        _mm512_storeu_ps(dst + ow, _mm512_permutex2var_ps(_mm512_loadu_ps(src + 2 * ow), even,
                                                          _mm512_loadu_ps(src + 2 * ow + 16)));
    return gather_even_avx2(src, dst, ow, hi, limit);
}
#endif

void sl_im2col(const float *input, const sl_conv_geometry *g, float *columns, long row_stride) {
#if defined(__x86_64__) || defined(__i386__)
    const int vector_gather = g->stride_w != 2 ? 0 : sl_cpu_has_avx512() ? 2 : sl_cpu_has_avx2_fma();
#else
    const int vector_gather = 0;
#endif
    for (int c = 0; c < g->channels; c++) {
        const float *plane = input + (size_t)c * g->in_h * g->in_w;
        for (int kh = 0; kh < g->kernel_h; kh++) {
            for (int kw = 0; kw < g->kernel_w; kw++) {
                float *row = columns + ((long)(c * g->kernel_h + kh) * g->kernel_w + kw) * row_stride;
                int offset = kw * g->dilation_w - g->pad_left;
                int lo, hi;
                sl_valid_columns(offset, g->stride_w, g->in_w, g->out_w, &lo, &hi);
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
                        int ow = lo;
#if defined(__x86_64__) || defined(__i386__)
                        /* Reads stay inside the input row: columns offset .. in_w - 1 of src. */
                        if (vector_gather == 2) ow = gather_even_avx512(src, dst, lo, hi, g->in_w - offset);
                        else if (vector_gather) ow = gather_even_avx2(src, dst, lo, hi, g->in_w - offset);
#endif
                        for (; ow < hi; ow++) dst[ow] = src[ow * g->stride_w];
                    }
                    for (int ow = hi; ow < g->out_w; ow++) dst[ow] = 0.0f;
                }
            }
        }
    }
}

/* ---- depthwise convolution ----------------------------------------------------------
 * Work is cut into units of one block of eight channels and one band of output rows. For a
 * unit, the input rows the band reads are copied into a zero-padded buffer with the block's
 * channels interleaved (8 floats per pixel; a block of fewer than 8 channels has zero
 * lanes). Outputs are then accumulated as 8-lane vectors, eight pixels of a row at a time
 * (eight independent FMA chains), transposed in registers and stored straight into the
 * block's NCHW planes. Common window sizes get the tap loops unrolled at compile time. */

#define SL_LANES 8
#define SL_DW_BAND_BYTES (48 * 1024)   /* padded input of one band: stays in L1/L2 */
#define SL_DW_PIXELS 8                 /* output pixels accumulated at once */

typedef struct {
    const float *input, *weights;
    float *output;
    const sl_conv_geometry *g;
    const sl_epilogue *ep;
    int padded_w;      /* columns of the padded input buffer */
    int band_rows;     /* output rows per band */
    int bands, blocks;
} depthwise_job;

/* Input rows a band of `rows` output rows reads. */
static inline int band_input_rows(const sl_conv_geometry *g, int rows) {
    return (rows - 1) * g->stride_h + (g->kernel_h - 1) * g->dilation_h + 1;
}

/* The last group of pixels of a row may be partly past its end: the vector loads for those
 * lanes read the next padded row or, after the last one, this many pixels of slack. */
static inline size_t padded_slack_pixels(const sl_conv_geometry *g) {
    return (size_t)SL_DW_PIXELS * g->stride_w;
}

static inline size_t padded_floats(const depthwise_job *job) {
    return ((size_t)band_input_rows(job->g, job->band_rows) * job->padded_w + padded_slack_pixels(job->g)) * SL_LANES;
}

/* Floats of one thread's scratch: padded input (with slack), weights, bias and slope. */
static size_t depthwise_scratch_floats(const depthwise_job *job) {
    return padded_floats(job) + ((size_t)job->g->kernel_h * job->g->kernel_w + 2) * SL_LANES;
}

typedef struct {
    float *padded, *weights, *bias, *slope;
} depthwise_buffers;

static depthwise_buffers depthwise_layout(const depthwise_job *job, float *scratch) {
    const sl_conv_geometry *g = job->g;
    depthwise_buffers b;
    b.padded = scratch;
    b.weights = b.padded + padded_floats(job);
    b.bias = b.weights + (size_t)g->kernel_h * g->kernel_w * SL_LANES;
    b.slope = b.bias + SL_LANES;
    return b;
}

/* The block's bias and PRelu slopes, one lane per channel (unused lanes zero). */
static void load_block_bias(const sl_epilogue *ep, int c0, int lanes, depthwise_buffers b) {
    for (int j = 0; j < SL_LANES; j++) {
        b.bias[j] = j < lanes && ep && ep->bias ? ep->bias[c0 + j] : 0.0f;
        b.slope[j] = j < lanes && ep && ep->slope ? ep->slope[c0 + j] : 0.0f;
    }
}

/* The block's filters, bias and PRelu slopes, one lane per channel (unused lanes zero). */
static void load_block_parameters(const depthwise_job *job, int c0, int lanes, depthwise_buffers b) {
    const int taps = job->g->kernel_h * job->g->kernel_w;
    for (int t = 0; t < taps; t++)
        for (int j = 0; j < SL_LANES; j++)
            b.weights[t * SL_LANES + j] = j < lanes ? job->weights[(size_t)(c0 + j) * taps + t] : 0.0f;
    load_block_bias(job->ep, c0, lanes, b);
}

/* One unit of work: a block of channels and a band of output rows. */
typedef struct {
    int c0, lanes;    /* first channel, channels in the block (at most 8) */
    int row0, rows;   /* first output row, output rows in the band */
    int in_rows;      /* padded input rows the band reads */
    int lo, hi;       /* padded columns [lo, hi) hold pixels; the rest are padding */
} depthwise_unit;

/* Unit (block, band), with the block's filters, bias and slopes loaded into `b`. */
static depthwise_unit begin_unit(const depthwise_job *job, int block, int band, depthwise_buffers b) {
    const sl_conv_geometry *g = job->g;
    depthwise_unit u;
    u.c0 = block * SL_LANES;
    u.lanes = g->channels - u.c0 < SL_LANES ? g->channels - u.c0 : SL_LANES;
    u.row0 = band * job->band_rows;
    u.rows = g->out_h - u.row0 < job->band_rows ? g->out_h - u.row0 : job->band_rows;
    u.in_rows = band_input_rows(g, u.rows);
    int first = g->pad_left, last = g->pad_left + g->in_w;
    u.lo = first < job->padded_w ? first : job->padded_w;
    u.hi = last < job->padded_w ? last : job->padded_w;
    if (u.hi < u.lo) u.hi = u.lo;
    load_block_parameters(job, u.c0, u.lanes, b);
    return u;
}

/* ---- portable unit: the same steps with scalar lane loops ---- */

/* Output rows [row0, row0 + rows) of a block from its padded buffer, one pixel at a time. */
static void depthwise_rows_generic(const depthwise_job *job, depthwise_buffers b, int c0, int lanes, int row0, int rows) {
    const sl_conv_geometry *g = job->g;
    const size_t out_plane = (size_t)g->out_h * g->out_w;
    for (int oh = 0; oh < rows; oh++) {
        for (int ow = 0; ow < g->out_w; ow++) {
            float acc[SL_LANES];
            for (int j = 0; j < SL_LANES; j++) acc[j] = b.bias[j];
            for (int kh = 0; kh < g->kernel_h; kh++) {
                const float *row = b.padded + (size_t)(oh * g->stride_h + kh * g->dilation_h) * job->padded_w * SL_LANES;
                for (int kw = 0; kw < g->kernel_w; kw++) {
                    const float *px = row + (size_t)(ow * g->stride_w + kw * g->dilation_w) * SL_LANES;
                    const float *w = b.weights + (kh * g->kernel_w + kw) * SL_LANES;
                    for (int j = 0; j < SL_LANES; j++) acc[j] += w[j] * px[j];
                }
            }
            float *out = job->output + (size_t)c0 * out_plane + (size_t)(row0 + oh) * g->out_w + ow;
            for (int j = 0; j < lanes; j++) out[j * out_plane] = sl_activate_scalar(acc[j], b.slope[j], job->ep);
        }
    }
}

static void depthwise_unit_generic(const depthwise_job *job, int block, int band, depthwise_buffers b) {
    const sl_conv_geometry *g = job->g;
    const depthwise_unit u = begin_unit(job, block, band, b);
    const int c0 = u.c0, lanes = u.lanes, row0 = u.row0, rows = u.rows;
    const size_t in_plane = (size_t)g->in_h * g->in_w;
    for (int r = 0; r < u.in_rows; r++) {
        float *dst = b.padded + (size_t)r * job->padded_w * SL_LANES;
        int ih = row0 * g->stride_h + r - g->pad_top;
        memset(dst, 0, sizeof(float) * SL_LANES * job->padded_w);
        if (ih < 0 || ih >= g->in_h) continue;
        for (int j = 0; j < lanes; j++) {
            const float *src = job->input + (size_t)(c0 + j) * in_plane + (size_t)ih * g->in_w - g->pad_left;
            for (int x = u.lo; x < u.hi; x++) dst[x * SL_LANES + j] = src[x];
        }
    }
    depthwise_rows_generic(job, b, c0, lanes, row0, rows);
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2,fma")))
static inline __m256 activate_avx2(__m256 v, __m256 slope, const sl_epilogue *ep) {
    if (!ep) return v;
    switch (ep->activation) {
    case SL_ACT_RELU: return _mm256_max_ps(v, _mm256_setzero_ps());
    case SL_ACT_CLIP: return _mm256_min_ps(_mm256_max_ps(v, _mm256_set1_ps(ep->p0)), _mm256_set1_ps(ep->p1));
    case SL_ACT_LEAKY:
    case SL_ACT_PRELU: {
        if (ep->activation == SL_ACT_LEAKY) slope = _mm256_set1_ps(ep->p0);
        __m256 negative = _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_LT_OQ);
        return _mm256_blendv_ps(v, _mm256_mul_ps(v, slope), negative);
    }
    default: return v;   /* sigmoid is applied afterwards, in scalar code */
    }
}

/* Adds the window's taps for the first `pixels` pixels of a group (their inputs `step`
 * floats apart from `origin`) to acc[0 .. pixels). */
__attribute__((target("avx2,fma"), always_inline))
static inline void depthwise_taps_avx2(__m256 acc[SL_DW_PIXELS], const float *origin, const float *weights,
                                       long row_floats, long step, int kh_n, int kw_n, int dh, int dw, int pixels) {
    for (int y = 0; y < kh_n; y++) {
        for (int x = 0; x < kw_n; x++) {
            const __m256 w = _mm256_loadu_ps(weights + (y * kw_n + x) * SL_LANES);
            const float *px = origin + (long)y * dh * row_floats + (long)x * dw * SL_LANES;
            for (int i = 0; i < pixels; i++) acc[i] = _mm256_fmadd_ps(w, _mm256_loadu_ps(px + i * step), acc[i]);
        }
    }
}

/* Output rows [row0, row0 + rows) of a block from its padded buffer. Inlined into each
 * call with constant window sizes, strides and `clamped`, so that the tap loops unroll and
 * the addresses of the eight pixels are constant offsets. `acc` is only ever indexed by
 * constants (loops of constant trip count): indexed by a variable, it would live on the
 * stack, each FMA followed by a store (measured 1.7x slower on 3x3 windows).
 * `clamped`: the activation is a max with `low` and a min with `high` (none, ReLU, Clip),
 * with the accumulator second so that a NaN passes through; otherwise it is applied per
 * vector (leaky ReLU, PRelu) or in scalar code (sigmoid). */
__attribute__((target("avx2,fma"), always_inline))
static inline void depthwise_rows_avx2(const depthwise_job *job, depthwise_buffers b, int c0, int lanes,
                                       int row0, int rows, int kh_n, int kw_n, int dh, int dw, int sw,
                                       int clamped) {
    const sl_conv_geometry *g = job->g;
    const sl_epilogue *ep = job->ep;
    const size_t out_plane = (size_t)g->out_h * g->out_w;
    const long row_floats = (long)job->padded_w * SL_LANES, step = (long)sw * SL_LANES;
    const __m256 bias = _mm256_loadu_ps(b.bias), slope = _mm256_loadu_ps(b.slope);
    const int activation = ep ? ep->activation : SL_ACT_NONE;
    const float inf = __builtin_inff();
    const __m256 low = _mm256_set1_ps(activation == SL_ACT_CLIP ? ep->p0 : activation == SL_ACT_RELU ? 0.0f : -inf);
    const __m256 high = _mm256_set1_ps(activation == SL_ACT_CLIP ? ep->p1 : inf);
    const int sigmoid = activation == SL_ACT_SIGMOID;
    float *planes = job->output + (size_t)c0 * out_plane;
    for (int oh = 0; oh < rows; oh++) {
        const float *top = b.padded + (size_t)oh * g->stride_h * row_floats;
        float *out = planes + (size_t)(row0 + oh) * g->out_w;
        for (int ow = 0; ow < g->out_w; ow += SL_DW_PIXELS) {
            __m256 acc[SL_DW_PIXELS];
            for (int i = 0; i < SL_DW_PIXELS; i++) acc[i] = bias;
            const float *origin = top + (long)ow * step;
            /* A row's last 1-4 pixels take half the taps (planes 8k + 1 wide, 9 to 65 in
             * Lite2, would spend 11-44 % of their taps on pixels past the row). */
            if (g->out_w - ow > SL_DW_PIXELS / 2)
                depthwise_taps_avx2(acc, origin, b.weights, row_floats, step, kh_n, kw_n, dh, dw, SL_DW_PIXELS);
            else
                depthwise_taps_avx2(acc, origin, b.weights, row_floats, step, kh_n, kw_n, dh, dw, SL_DW_PIXELS / 2);
            if (clamped)
                for (int i = 0; i < SL_DW_PIXELS; i++) acc[i] = _mm256_min_ps(high, _mm256_max_ps(low, acc[i]));
            else
                for (int i = 0; i < SL_DW_PIXELS; i++) acc[i] = activate_avx2(acc[i], slope, ep);
            sl_transpose8(acc);   /* acc[j] = channel j's eight pixels */
            const int n = g->out_w - ow < SL_DW_PIXELS ? g->out_w - ow : SL_DW_PIXELS;
            if (!sigmoid && (n == SL_DW_PIXELS || SL_DW_PIXELS - n <= (rows - 1 - oh) * g->out_w)) {
                /* A row's last pixels: the lanes past its end land on the first pixels of rows
                 * this unit writes next, so whole stores are safe (AMD cores run masked stores
                 * in microcode, and 7x7 and 14x14 planes end every row this way). */
                for (int j = 0; j < SL_LANES; j++)
                    if (j < lanes) _mm256_storeu_ps(out + j * out_plane + ow, acc[j]);
            } else {
                /* Sigmoid (scalar), or a last row whose overhang would reach another unit's. */
                float values[SL_LANES][SL_DW_PIXELS];
                for (int j = 0; j < SL_LANES; j++) _mm256_storeu_ps(values[j], acc[j]);
                for (int j = 0; j < lanes; j++)
                    for (int i = 0; i < n; i++)
                        out[j * out_plane + ow + i] = sigmoid ? sl_activate_scalar(values[j][i], 0.0f, ep) : values[j][i];
            }
        }
    }
}

/* Whether a window is square and undilated, as those compiled each on their own are. */
static inline int depthwise_square_window(const sl_conv_geometry *g) {
    return g->dilation_h == 1 && g->dilation_w == 1 && g->kernel_h == g->kernel_w;
}

/* The square windows compiled each on their own, as (size, stride across), each handed to
 * CASE, which tests them against the layer's. */
#define SL_DW_COMMON_WINDOWS(CASE) CASE(3, 1) CASE(3, 2) CASE(5, 1) CASE(5, 2)

/* The rows of a block with the common windows (3x3 and 5x5, stride 1 or 2) compiled each on
 * its own, and any other window through the general loops. */
__attribute__((target("avx2,fma")))
static void depthwise_block_rows_avx2(const depthwise_job *job, depthwise_buffers b, int c0, int lanes,
                                      int row0, int rows) {
    const sl_conv_geometry *g = job->g;
    const int activation = job->ep ? job->ep->activation : SL_ACT_NONE;
    const int clamped = activation == SL_ACT_NONE || activation == SL_ACT_RELU || activation == SL_ACT_CLIP;
    const int kh = g->kernel_h, kw = g->kernel_w, sw = g->stride_w;
#define SL_DW_CASE(k, s)                                                                          \
    if (kh == (k) && sw == (s)) {                                                                 \
        if (clamped) depthwise_rows_avx2(job, b, c0, lanes, row0, rows, k, k, 1, 1, s, 1);       \
        else depthwise_rows_avx2(job, b, c0, lanes, row0, rows, k, k, 1, 1, s, 0);               \
        return;                                                                                   \
    }
    if (depthwise_square_window(g)) { SL_DW_COMMON_WINDOWS(SL_DW_CASE) }
#undef SL_DW_CASE
    depthwise_rows_avx2(job, b, c0, lanes, row0, rows, kh, kw, g->dilation_h, g->dilation_w, sw, 0);
}

/* ---- AVX-512: eight accumulators of sixteen lanes, each a pair of neighbouring pixels (the
 * block's eight channels of each), so a group is 16 pixels of one row, or the last 8 (or 4) of
 * two rows. Every output is the same chain of FMAs as in the AVX2 rows, so the same bits. Only
 * the clamped activations (none, ReLU, Clip) run here; the others keep the AVX2 rows. */

#define SL_DW_PAIRS 8   /* accumulators of one AVX-512 group: 16 pixel slots */

/* A pixel and the next one (`step` floats on, a constant: 8 at stride 1, where the two are
 * one load), their channels in the vector's low and high halves. */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline __m512 load_pair_avx512(const float *p, const long step) {
    if (step == SL_LANES) return _mm512_loadu_ps(p);
    return _mm512_insertf32x8(_mm512_castps256_ps512(_mm256_loadu_ps(p)), _mm256_loadu_ps(p + step), 1);
}

/* r[i] = slots 2i and 2i+1 (eight channels each) -> r[j] = channel j's sixteen slots in order.
 * The steps of sl_transpose8 within each 128-bit lane leave channel j's even slots of rows
 * 0-3 and 4-7 (and its odd ones) in four lanes of two vectors; a lane shuffle gathers them and
 * a permutation puts the slots in order. */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void transpose_pairs_avx512(__m512 r[SL_DW_PAIRS]) {
    __m512 t[8], u[8];
    for (int i = 0; i < 4; i++) {
        t[2 * i] = _mm512_unpacklo_ps(r[2 * i], r[2 * i + 1]);
        t[2 * i + 1] = _mm512_unpackhi_ps(r[2 * i], r[2 * i + 1]);
    }
    for (int h = 0; h < 2; h++) {   /* rows 0-3 (h = 0) and 4-7 */
        const __m512 *q = t + 4 * h;
        u[4 * h + 0] = _mm512_shuffle_ps(q[0], q[2], _MM_SHUFFLE(1, 0, 1, 0));
        u[4 * h + 1] = _mm512_shuffle_ps(q[0], q[2], _MM_SHUFFLE(3, 2, 3, 2));
        u[4 * h + 2] = _mm512_shuffle_ps(q[1], q[3], _MM_SHUFFLE(1, 0, 1, 0));
        u[4 * h + 3] = _mm512_shuffle_ps(q[1], q[3], _MM_SHUFFLE(3, 2, 3, 2));
    }
    /* u[c] (c < 4), lanes 0-3: channel c of slots 0,2,4,6 / channel c+4 of the same / channel
     * c of slots 1,3,5,7 / channel c+4 of those; u[c+4] the same for slots 8-15. */
    const __m512i order = _mm512_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7, 8, 12, 9, 13, 10, 14, 11, 15);
    for (int c = 0; c < 4; c++) {
        r[c] = _mm512_permutexvar_ps(order, _mm512_shuffle_f32x4(u[c], u[c + 4], _MM_SHUFFLE(2, 0, 2, 0)));
        r[c + 4] = _mm512_permutexvar_ps(order, _mm512_shuffle_f32x4(u[c], u[c + 4], _MM_SHUFFLE(3, 1, 3, 1)));
    }
}

/* One group: accumulators [0, pairs) from the pixels at `first` (pixel pairs 2 `step` apart)
 * and, when `halves` is 2, accumulators [4, 4 + pairs) from `second`; then the clamp, and the
 * slots stored: half 0's first n0 at dst0, half 1's first n1 at dst1 (`pairs`, `halves` and
 * the window constants). */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void depthwise_group_avx512(const float *first, const float *second, const float *weights,
                                          long row_floats, const long step, int kh_n, int kw_n, int dh, int dw,
                                          __m512 bias, __m512 low, __m512 high, float *dst0, int n0, float *dst1, int n1,
                                          long out_plane, int lanes, const int pairs, const int halves) {
    __m512 acc[SL_DW_PAIRS];
    for (int i = 0; i < SL_DW_PAIRS; i++) acc[i] = bias;
    for (int y = 0; y < kh_n; y++) {
        for (int x = 0; x < kw_n; x++) {
            const __m512 w = _mm512_broadcast_f32x8(_mm256_loadu_ps(weights + (y * kw_n + x) * SL_LANES));
            const long offset = (long)y * dh * row_floats + (long)x * dw * SL_LANES;
            for (int i = 0; i < pairs; i++)
                acc[i] = _mm512_fmadd_ps(w, load_pair_avx512(first + offset + 2 * i * step, step), acc[i]);
            if (halves == 2)
                for (int i = 0; i < pairs; i++)
                    acc[4 + i] = _mm512_fmadd_ps(w, load_pair_avx512(second + offset + 2 * i * step, step), acc[4 + i]);
        }
    }
    for (int i = 0; i < SL_DW_PAIRS; i++) acc[i] = _mm512_min_ps(high, _mm512_max_ps(low, acc[i]));
    transpose_pairs_avx512(acc);
    if (lanes == SL_LANES && n0 == SL_LANES && n1 == SL_LANES && dst1 == dst0 + SL_LANES) {
        /* The usual group: sixteen pixels of one row, eight channels. */
        for (int j = 0; j < SL_LANES; j++) _mm512_storeu_ps(dst0 + j * out_plane, acc[j]);
        return;
    }
    const __mmask8 mask0 = (__mmask8)((1u << n0) - 1), mask1 = (__mmask8)((1u << (n1 > 0 ? n1 : 0)) - 1);
    for (int j = 0; j < SL_LANES; j++) {
        if (j >= lanes) break;
        const __m256 low_half = _mm512_castps512_ps256(acc[j]);
        if (n0 == SL_LANES) _mm256_storeu_ps(dst0 + j * out_plane, low_half);
        else _mm256_mask_storeu_ps(dst0 + j * out_plane, mask0, low_half);
        if (n1 <= 0) continue;
        const __m256 high_half = _mm512_extractf32x8_ps(acc[j], 1);
        if (n1 == SL_LANES) _mm256_storeu_ps(dst1 + j * out_plane, high_half);
        else _mm256_mask_storeu_ps(dst1 + j * out_plane, mask1, high_half);
    }
}

/* depthwise_rows_avx2 for the clamped activations, in AVX-512 groups: rows two at a time,
 * each row's pixels sixteen at a time while more than eight are left, then the last 1-8 of
 * both rows in one group (of 8, or 4 when at most 4 are left). A last row alone ends in a
 * group of 8 or 4 of its own. */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void depthwise_rows_avx512(const depthwise_job *job, depthwise_buffers b, int c0, int lanes,
                                         int row0, int rows, int kh_n, int kw_n, int dh, int dw, const int sw) {
    const sl_conv_geometry *g = job->g;
    const sl_epilogue *ep = job->ep;
    const size_t out_plane = (size_t)g->out_h * g->out_w;
    const long row_floats = (long)job->padded_w * SL_LANES, step = (long)sw * SL_LANES;
    const long down = (long)g->stride_h * row_floats;   /* the next output row's inputs */
    const __m512 bias = _mm512_broadcast_f32x8(_mm256_loadu_ps(b.bias));
    const int activation = ep ? ep->activation : SL_ACT_NONE;
    const float inf = __builtin_inff();
    const __m512 low = _mm512_set1_ps(activation == SL_ACT_CLIP ? ep->p0 : activation == SL_ACT_RELU ? 0.0f : -inf);
    const __m512 high = _mm512_set1_ps(activation == SL_ACT_CLIP ? ep->p1 : inf);
    const int out_w = g->out_w;
    float *planes = job->output + (size_t)c0 * out_plane;
    for (int oh = 0; oh < rows; oh += 2) {
        const int both = oh + 1 < rows;
        const float *top = b.padded + (size_t)oh * g->stride_h * row_floats;
        float *out = planes + (size_t)(row0 + oh) * out_w;
        int ow = 0;
        for (; out_w - ow > SL_LANES; ow += 2 * SL_LANES) {
            const int n = out_w - ow < 2 * SL_LANES ? out_w - ow : 2 * SL_LANES;
            for (int r = 0; r < 1 + both; r++) {
                const float *origin = top + r * down + (long)ow * step;
                float *dst = out + (size_t)r * out_w + ow;
                depthwise_group_avx512(origin, origin + SL_LANES * step, b.weights, row_floats, step, kh_n, kw_n, dh, dw,
                                       bias, low, high, dst, SL_LANES, dst + SL_LANES, n - SL_LANES, (long)out_plane,
                                       lanes, 4, 2);
            }
        }
        const int n = out_w - ow;
        if (n <= 0) continue;
        const float *origin = top + (long)ow * step;
        float *dst = out + ow;
        if (both) {
            if (n > 4)
                depthwise_group_avx512(origin, origin + down, b.weights, row_floats, step, kh_n, kw_n, dh, dw, bias, low,
                                       high, dst, n, dst + out_w, n, (long)out_plane, lanes, 4, 2);
            else
                depthwise_group_avx512(origin, origin + down, b.weights, row_floats, step, kh_n, kw_n, dh, dw, bias, low,
                                       high, dst, n, dst + out_w, n, (long)out_plane, lanes, 2, 2);
        } else if (n > 4) {
            depthwise_group_avx512(origin, origin, b.weights, row_floats, step, kh_n, kw_n, dh, dw, bias, low, high,
                                   dst, n, dst, 0, (long)out_plane, lanes, 4, 1);
        } else {
            depthwise_group_avx512(origin, origin, b.weights, row_floats, step, kh_n, kw_n, dh, dw, bias, low, high,
                                   dst, n, dst, 0, (long)out_plane, lanes, 2, 1);
        }
    }
}

/* depthwise_block_rows_avx2's windows in AVX-512 groups (clamped activations only). */
__attribute__((target(SL_AVX512_TARGET)))
static void depthwise_block_rows_avx512(const depthwise_job *job, depthwise_buffers b, int c0, int lanes,
                                        int row0, int rows) {
    const sl_conv_geometry *g = job->g;
    const int kh = g->kernel_h, kw = g->kernel_w, sw = g->stride_w;
#define SL_DW_CASE(k, s)                                                                      \
    if (kh == (k) && sw == (s)) {                                                             \
        depthwise_rows_avx512(job, b, c0, lanes, row0, rows, k, k, 1, 1, s);                  \
        return;                                                                               \
    }
    if (depthwise_square_window(g)) { SL_DW_COMMON_WINDOWS(SL_DW_CASE) }
#undef SL_DW_CASE
    if (sw == 1) depthwise_rows_avx512(job, b, c0, lanes, row0, rows, kh, kw, g->dilation_h, g->dilation_w, 1);
    else depthwise_rows_avx2(job, b, c0, lanes, row0, rows, kh, kw, g->dilation_h, g->dilation_w, sw, 0);
}

/* The rows of a block with the widest vectors the CPU has. */
static void depthwise_block_rows_vector(const depthwise_job *job, depthwise_buffers b, int c0, int lanes,
                                        int row0, int rows) {
    const int activation = job->ep ? job->ep->activation : SL_ACT_NONE;
    if (sl_cpu_has_avx512() && (activation == SL_ACT_NONE || activation == SL_ACT_RELU || activation == SL_ACT_CLIP))
        depthwise_block_rows_avx512(job, b, c0, lanes, row0, rows);
    else
        depthwise_block_rows_avx2(job, b, c0, lanes, row0, rows);
}

__attribute__((target("avx2,fma")))
static void depthwise_unit_avx2(const depthwise_job *job, int block, int band, depthwise_buffers b) {
    const sl_conv_geometry *g = job->g;
    const depthwise_unit u = begin_unit(job, block, band, b);
    const int c0 = u.c0, lanes = u.lanes, row0 = u.row0, rows = u.rows;
    const size_t in_plane = (size_t)g->in_h * g->in_w;
    const float *input_end = job->input + (size_t)g->channels * in_plane;
    const int padded_w = job->padded_w;

    /* Interleave the input rows, 8 columns x 8 channels per transpose. */
    const __m256 zero = _mm256_setzero_ps();
    for (int r = 0; r < u.in_rows; r++) {
        float *dst = b.padded + (size_t)r * padded_w * SL_LANES;
        int ih = row0 * g->stride_h + r - g->pad_top;
        if (ih < 0 || ih >= g->in_h) {
            for (int x = 0; x < padded_w; x++) _mm256_storeu_ps(dst + x * SL_LANES, zero);
            continue;
        }
        for (int x = 0; x < u.lo; x++) _mm256_storeu_ps(dst + x * SL_LANES, zero);
        for (int x = u.hi; x < padded_w; x++) _mm256_storeu_ps(dst + x * SL_LANES, zero);
        const float *src[SL_LANES];
        for (int j = 0; j < SL_LANES; j++)
            src[j] = j < lanes ? job->input + (size_t)(c0 + j) * in_plane + (size_t)ih * g->in_w - g->pad_left : NULL;
        int x = u.lo;
        for (; x + SL_LANES <= u.hi; x += SL_LANES) {
            __m256 v[SL_LANES];
            for (int j = 0; j < SL_LANES; j++) v[j] = src[j] ? _mm256_loadu_ps(src[j] + x) : zero;
            sl_transpose8(v);
            for (int i = 0; i < SL_LANES; i++) _mm256_storeu_ps(dst + (x + i) * SL_LANES, v[i]);
        }
        if (x < u.hi) {
            /* The row's last pixels: one more transpose of the row's last eight columns (a row
             * of at least eight), or of eight columns from the first when the row is shorter
             * and the loads past its end stay inside the input; its lanes past the row's end
             * are not stored. */
            const int start = u.hi - u.lo >= SL_LANES ? u.hi - SL_LANES : u.lo;
            if (start + SL_LANES <= u.hi || src[lanes - 1] + start + SL_LANES <= input_end) {
                __m256 v[SL_LANES];
                for (int j = 0; j < SL_LANES; j++) v[j] = src[j] ? _mm256_loadu_ps(src[j] + start) : zero;
                sl_transpose8(v);
                for (int i = x - start; i < u.hi - start; i++) _mm256_storeu_ps(dst + (start + i) * SL_LANES, v[i]);
                x = u.hi;
            }
        }
        for (; x < u.hi; x++)
            for (int j = 0; j < SL_LANES; j++) dst[x * SL_LANES + j] = src[j] ? src[j][x] : 0.0f;
    }

    /* The slack read by a row's last pixels: any finite values (their lanes are dropped). */
    float *slack = b.padded + (size_t)u.in_rows * padded_w * SL_LANES;
    for (size_t i = 0; i < padded_slack_pixels(g); i++) _mm256_storeu_ps(slack + i * SL_LANES, zero);

    depthwise_block_rows_vector(job, b, c0, lanes, row0, rows);
}
#endif

/* Units [u0, u1): unit u is block u / bands, band u % bands. */
static void depthwise_units(void *context, int u0, int u1) {
    const depthwise_job *job = context;
    depthwise_buffers buffers = depthwise_layout(job, sl_thread_scratch(SL_SCRATCH_DEPTHWISE, depthwise_scratch_floats(job)));
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) {
        for (int u = u0; u < u1; u++) depthwise_unit_avx2(job, u / job->bands, u % job->bands, buffers);
        return;
    }
#endif
    for (int u = u0; u < u1; u++) depthwise_unit_generic(job, u / job->bands, u % job->bands, buffers);
}

void sl_depthwise_conv(const float *input, const float *weights, float *output,
                       const sl_conv_geometry *g, const sl_epilogue *ep, sl_pool *pool) {
    depthwise_job job = {input, weights, output, g, ep, 0, 0, 0, 0};
    job.padded_w = (g->out_w - 1) * g->stride_w + (g->kernel_w - 1) * g->dilation_w + 1;
    /* As many output rows per band as keep the band's padded input within the budget. */
    long row_bytes = (long)job.padded_w * SL_LANES * sizeof(float);
    long budget_rows = SL_DW_BAND_BYTES / row_bytes;
    long extent = (g->kernel_h - 1) * g->dilation_h + 1;
    long band_rows = budget_rows > extent ? (budget_rows - extent) / g->stride_h + 1 : 1;
    job.band_rows = (int)(band_rows < g->out_h ? band_rows : g->out_h);
    job.bands = (g->out_h + job.band_rows - 1) / job.band_rows;
    job.blocks = (g->channels + SL_LANES - 1) / SL_LANES;
    const int units = job.blocks * job.bands;
    long work = (long)g->channels * g->out_h * g->out_w * g->kernel_h * g->kernel_w;
    if (work < 32768) {   /* too small to be worth waking a thread */
        depthwise_units(&job, 0, units);
        return;
    }
    /* Units are claimed in guided chunks, large ones first, so the threads end within a chunk
     * of about 16k multiply-adds of each other. Eight equal tasks for two threads left the
     * caller waiting for 7-9 % of the depthwise time (Lite0, 2 threads); guided: 1.5-1.8 %,
     * and the depthwise layers' total time 3-4 % lower. */
    long unit_work = work / units;
    sl_pool_run_guided(pool, depthwise_units, &job, units, (int)((16384 + unit_work - 1) / unit_work));
}

/* ---- depthwise convolution from channel blocks -------------------------------------
 * The input is already in the layout the kernel above builds for each unit (eight channels
 * per pixel, zero borders), so the taps run on it directly. */

size_t sl_depthwise_blocked_slack_pixels(const sl_conv_geometry *g) {
    return padded_slack_pixels(g);
}

size_t sl_depthwise_blocked_filters_size(int channels, int taps) {
    return (size_t)((channels + SL_LANES - 1) / SL_LANES) * taps * SL_LANES;
}

void sl_depthwise_blocked_pack_filters(const float *weights, int channels, int taps, float *packed) {
    const int blocks = (channels + SL_LANES - 1) / SL_LANES;
    for (int block = 0; block < blocks; block++)
        for (int t = 0; t < taps; t++)
            for (int j = 0; j < SL_LANES; j++) {
                const int c = block * SL_LANES + j;
                packed[((size_t)block * taps + t) * SL_LANES + j] = c < channels ? weights[(size_t)c * taps + t] : 0.0f;
            }
}

void sl_depthwise_conv_blocked(const float *blocks, long block_stride, int row_pixels, const float *filters,
                               float *output, const sl_conv_geometry *g, const sl_epilogue *ep, int c0, int c1) {
    depthwise_job job = {NULL, NULL, output, g, ep, row_pixels, g->out_h, 1, 0};
    job.blocks = (g->channels + SL_LANES - 1) / SL_LANES;
    const int taps = g->kernel_h * g->kernel_w;
    /* Only the bias and slopes: the filters come packed by block, the padded input is the caller's. */
    float *parameters = sl_thread_scratch(SL_SCRATCH_DEPTHWISE, 2 * SL_LANES);
    depthwise_buffers b;
    b.bias = parameters;
    b.slope = b.bias + SL_LANES;
    for (int c = c0; c < c1; c += SL_LANES) {
        const int lanes = g->channels - c < SL_LANES ? g->channels - c : SL_LANES;
        b.padded = (float *)blocks + (long)((c - c0) / SL_LANES) * block_stride;
        b.weights = (float *)filters + (size_t)(c / SL_LANES) * taps * SL_LANES;
        load_block_bias(ep, c, lanes, b);
#if defined(__x86_64__) || defined(__i386__)
        if (sl_cpu_has_avx2_fma()) {
            depthwise_block_rows_vector(&job, b, c, lanes, 0, g->out_h);
            continue;
        }
#endif
        depthwise_rows_generic(&job, b, c, lanes, 0, g->out_h);
    }
}
