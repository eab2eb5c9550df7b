/*
 * Convolution of a batch of small images eight at a time, one image per vector lane. The
 * eight images' NCHW planes are interleaved into a zero-padded buffer in the lanes layout
 * ([C][H][W][8], lanes_layout.c), so that every input value a window reads is one whole
 * vector for the eight images and an output channel's value at a pixel is one vector too. The arithmetic is the GEMM's: A the
 * weights packed in panels of 6 output channels, tiles of 6 channels by 2 pixels (16 floats),
 * but B's row k for a pixel is read in place, at the pixel's offset in the padded buffer plus
 * tap k's offset, so nothing is unfolded and no tile is partly empty whatever the plane's
 * width. Each finished panel of output channels is transposed back into the images' planes.
 *
 * For MTCNN's R-Net and O-Net (hundreds of 24x24 and 48x48 crops a photo): unfolded, their
 * 22x22 to 3x3 planes spent as much time copying rows of 3 to 22 floats as multiplying.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#define SL_LANES 8

typedef struct {
    const float *input, *packed_a;
    float *output;
    long in_image, out_image;
    int images, M;
    const sl_conv_geometry *g;
    const sl_epilogue *ep;
} lanes_job;

/* The padded buffer covers exactly the rows and columns the windows read. */
static inline int padded_rows(const sl_conv_geometry *g) {
    return (g->out_h - 1) * g->stride_h + (g->kernel_h - 1) * g->dilation_h + 1;
}

static inline int padded_cols(const sl_conv_geometry *g) {
    return (g->out_w - 1) * g->stride_w + (g->kernel_w - 1) * g->dilation_w + 1;
}

static inline int depth_of(const sl_conv_geometry *g) { return g->channels * g->kernel_h * g->kernel_w; }

static inline size_t padded_floats(const sl_conv_geometry *g) {
    return (size_t)g->channels * padded_rows(g) * padded_cols(g) * SL_LANES;
}

static inline size_t panel_floats(const sl_conv_geometry *g) {
    return (size_t)SL_MR * g->out_h * g->out_w * SL_LANES;
}

size_t sl_conv_lanes_scratch_floats(const sl_conv_geometry *g) {
    return (size_t)depth_of(g) + padded_floats(g) + panel_floats(g);
}

/* Offsets in the padded buffer of each tap k = (c, kh, kw), relative to a pixel's window. */
static void tap_offsets(const sl_conv_geometry *g, int *taps) {
    const int rows = padded_rows(g), cols = padded_cols(g);
    int k = 0;
    for (int c = 0; c < g->channels; c++)
        for (int kh = 0; kh < g->kernel_h; kh++)
            for (int kw = 0; kw < g->kernel_w; kw++)
                taps[k++] = ((c * rows + kh * g->dilation_h) * cols + kw * g->dilation_w) * SL_LANES;
}

/* Offset in the padded buffer of output pixel i's window. */
static inline long pixel_offset(const sl_conv_geometry *g, int cols, int i) {
    const int oh = i / g->out_w, ow = i % g->out_w;
    return ((long)oh * g->stride_h * cols + (long)ow * g->stride_w) * SL_LANES;
}

/* ---- portable kernels ---------------------------------------------------------------- */

/* Output channels [row0, row0 + mr) at every pixel, into `panel` [mr][pixels][8]. */
static void panel_generic(const lanes_job *job, const float *padded, const int *taps, int row0, int mr,
                          float *panel) {
    const sl_conv_geometry *g = job->g;
    const int K = depth_of(g), pixels = g->out_h * g->out_w, cols = padded_cols(g);
    const float *a = job->packed_a + (size_t)row0 * K;
    const sl_epilogue *ep = job->ep;
    for (int i = 0; i < pixels; i++) {
        const float *window = padded + pixel_offset(g, cols, i);
        for (int r = 0; r < mr; r++) {
            float acc[SL_LANES] = {0};
            for (int k = 0; k < K; k++) {
                const float w = a[(size_t)k * SL_MR + r];
                for (int j = 0; j < SL_LANES; j++) acc[j] += w * window[taps[k] + j];
            }
            const int m = row0 + r;
            const float bias = ep && ep->bias ? ep->bias[m] : 0.0f;
            const float slope = ep && ep->slope ? ep->slope[m] : 0.0f;
            float *dst = panel + ((size_t)r * pixels + i) * SL_LANES;
            for (int j = 0; j < SL_LANES; j++) dst[j] = sl_activate_scalar(acc[j] + bias, slope, ep);
        }
    }
}

/* ---- AVX2 kernels -------------------------------------------------------------------- */

#if defined(__x86_64__) || defined(__i386__)
/* One tile: output channels [0, mr) of a panel at one or two pixels whose windows start at
 * `p` and `q` in the padded buffer, stored with the epilogue at `c` (channel rows `rs_c` apart,
 * the second pixel 8 floats after the first). `rows` (2, 4 or 6) and `two` are constants at
 * each call: a panel's last rows and a plane's odd last pixel run only the FMAs they need. */
__attribute__((target("avx2,fma"), always_inline))
static inline void tile_avx2(int K, const float *restrict a, const int *restrict taps, const float *p, const float *q,
                             float *c, long rs_c, const sl_epilogue *ep, int row0, int mr, const int rows,
                             const int two) {
    __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps();
    __m256 c10 = _mm256_setzero_ps(), c11 = _mm256_setzero_ps();
    __m256 c20 = _mm256_setzero_ps(), c21 = _mm256_setzero_ps();
    __m256 c30 = _mm256_setzero_ps(), c31 = _mm256_setzero_ps();
    __m256 c40 = _mm256_setzero_ps(), c41 = _mm256_setzero_ps();
    __m256 c50 = _mm256_setzero_ps(), c51 = _mm256_setzero_ps();
    for (int k = 0; k < K; k++) {
        const int t = taps[k];
        const __m256 b0 = _mm256_loadu_ps(p + t);
        const __m256 b1 = two ? _mm256_loadu_ps(q + t) : b0;
        __m256 av;
        av = _mm256_broadcast_ss(a + 0); c00 = _mm256_fmadd_ps(av, b0, c00);
        if (two) c01 = _mm256_fmadd_ps(av, b1, c01);
        av = _mm256_broadcast_ss(a + 1); c10 = _mm256_fmadd_ps(av, b0, c10);
        if (two) c11 = _mm256_fmadd_ps(av, b1, c11);
        if (rows > 2) {
            av = _mm256_broadcast_ss(a + 2); c20 = _mm256_fmadd_ps(av, b0, c20);
            if (two) c21 = _mm256_fmadd_ps(av, b1, c21);
            av = _mm256_broadcast_ss(a + 3); c30 = _mm256_fmadd_ps(av, b0, c30);
            if (two) c31 = _mm256_fmadd_ps(av, b1, c31);
        }
        if (rows > 4) {
            av = _mm256_broadcast_ss(a + 4); c40 = _mm256_fmadd_ps(av, b0, c40);
            if (two) c41 = _mm256_fmadd_ps(av, b1, c41);
            av = _mm256_broadcast_ss(a + 5); c50 = _mm256_fmadd_ps(av, b0, c50);
            if (two) c51 = _mm256_fmadd_ps(av, b1, c51);
        }
        a += SL_MR;
    }
    const __m256 tile[SL_MR][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}, {c40, c41}, {c50, c51}};
    const int activation = ep ? ep->activation : SL_ACT_NONE;
    const __m256 low = _mm256_set1_ps(ep ? ep->p0 : 0.0f), high = _mm256_set1_ps(ep ? ep->p1 : 0.0f);
    for (int r = 0; r < mr; r++) {
        const __m256 bias = _mm256_set1_ps(ep && ep->bias ? ep->bias[row0 + r] : 0.0f);
        const __m256 slope = activation == SL_ACT_PRELU ? _mm256_set1_ps(ep->slope[row0 + r]) : low;
        sl_finish8_avx2(c + r * rs_c, NULL, tile[r][0], 0, ep, activation, bias, slope, low, high);
        if (two) sl_finish8_avx2(c + r * rs_c + SL_LANES, NULL, tile[r][1], 0, ep, activation, bias, slope, low, high);
    }
}

__attribute__((target("avx2,fma")))
static void panel_rows_avx2(const lanes_job *job, const float *padded, const int *taps, const float *a, int row0,
                            int mr, float *panel, const sl_epilogue *ep, const int rows) {
    const sl_conv_geometry *g = job->g;
    const int K = depth_of(g), pixels = g->out_h * g->out_w, cols = padded_cols(g);
    const long rs = (long)pixels * SL_LANES;
    /* Column of the tile's first pixel, and where its output row's windows start. */
    int ow = 0;
    long row_start = 0;
    const long row_step = (long)g->stride_h * cols * SL_LANES;
    for (int i = 0; i < pixels; i += 2) {
        const float *p = padded + row_start + (long)ow * g->stride_w * SL_LANES;
        float *c = panel + (long)i * SL_LANES;
        if (i + 1 == pixels) {
            tile_avx2(K, a, taps, p, p, c, rs, ep, row0, mr, rows, 0);
            break;
        }
        if (++ow == g->out_w) { ow = 0; row_start += row_step; }
        const float *q = padded + row_start + (long)ow * g->stride_w * SL_LANES;
        tile_avx2(K, a, taps, p, q, c, rs, ep, row0, mr, rows, 1);
        if (++ow == g->out_w) { ow = 0; row_start += row_step; }
    }
}

__attribute__((target("avx2,fma")))
static void panel_avx2(const lanes_job *job, const float *padded, const int *taps, int row0, int mr, float *panel) {
    const float *a = job->packed_a + (size_t)row0 * depth_of(job->g);
    /* Sigmoid (no vector exp) is applied by the plain epilogue after the store. */
    const int sigmoid = job->ep && job->ep->activation == SL_ACT_SIGMOID;
    sl_epilogue linear;
    const sl_epilogue *ep = job->ep;
    if (sigmoid) {
        linear = *job->ep;
        linear.activation = SL_ACT_NONE;
        ep = &linear;
    }
    if (mr <= 2) panel_rows_avx2(job, padded, taps, a, row0, mr, panel, ep, 2);
    else if (mr <= 4) panel_rows_avx2(job, padded, taps, a, row0, mr, panel, ep, 4);
    else panel_rows_avx2(job, padded, taps, a, row0, mr, panel, ep, SL_MR);
    if (sigmoid) {
        const long count = (long)mr * job->g->out_h * job->g->out_w * SL_LANES;
        for (long i = 0; i < count; i++) panel[i] = sl_activate_scalar(panel[i], 0.0f, job->ep);
    }
}

#endif

/* ---- driver -------------------------------------------------------------------------- */

static void compute_panel(const lanes_job *job, const float *padded, const int *taps, int row0, int mr,
                          float *panel) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) {
        panel_avx2(job, padded, taps, row0, mr, panel);
        return;
    }
#endif
    panel_generic(job, padded, taps, row0, mr, panel);
}

/* One group of up to eight images. */
static void group_task(void *context, int group, int groups) {
    (void)groups;
    const lanes_job *job = context;
    const sl_conv_geometry *g = job->g;
    const int first = group * SL_LANES;
    const int lanes = job->images - first < SL_LANES ? job->images - first : SL_LANES;
    float *scratch = sl_thread_scratch(SL_SCRATCH_LANES, sl_conv_lanes_scratch_floats(g));
    if (!scratch) return;
    int *taps = (int *)scratch;
    float *padded = scratch + depth_of(g);
    float *panel = padded + padded_floats(g);
    tap_offsets(g, taps);
    const sl_lanes_source source = {job->input + first * job->in_image, job->in_image, lanes, g->channels, g->in_h,
                                     g->in_w, g->pad_top, g->pad_left, padded_rows(g), padded_cols(g)};
    sl_lanes_interleave(&source, padded, 0.0f);
    const int pixels = g->out_h * g->out_w;
    for (int row0 = 0; row0 < job->M; row0 += SL_MR) {
        const int mr = job->M - row0 < SL_MR ? job->M - row0 : SL_MR;
        compute_panel(job, padded, taps, row0, mr, panel);
        sl_lanes_deinterleave(panel, mr, pixels, job->output + first * job->out_image + (long)row0 * pixels, pixels,
                              job->out_image, lanes);
    }
}

void sl_conv_lanes(const float *input, long in_image, int images, const sl_conv_geometry *g,
                   const float *packed_a, int M, const sl_epilogue *ep, float *output, long out_image,
                   sl_pool *pool) {
    if (images <= 0 || M <= 0) return;
    lanes_job job = {input, packed_a, output, in_image, out_image, images, M, g, ep};
    sl_pool_run(pool, group_task, &job, (images + SL_LANES - 1) / SL_LANES);
}
