/*
 * Sightline's CPU kernels: the hot loops of the engine, written in C so that SIMD
 * variants (AVX2+FMA, and a portable fallback) can be chosen at run time from the CPU's
 * features. Everything here works on raw float buffers; the Swift runtime owns the
 * memory, shapes and graph.
 */
#ifndef SIGHTLINE_KERNELS_H
#define SIGHTLINE_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- CPU features ------------------------------------------------------------------ */

/* Names the instruction set the kernels use on this machine ("avx512", "avx2+fma" or
 * "generic"). */
const char *sl_cpu_kernel_isa(void);
/* 1 when the kernels run their vector variants on this machine (AVX2 + FMA, or AVX-512 where
 * the CPU has it), 0 when the portable loops run. */
int sl_kernels_vectorised(void);
/* Tests: with a non-zero `force`, the kernels run their portable loops from then on even on a
 * CPU with AVX2 (and sl_kernels_vectorised gives 0); 0 restores the choice by CPU features.
 * Returns the previous setting. */
int sl_kernels_force_portable(int force);
/* Tests and benchmarks: with a non-zero `force`, the kernels that have AVX-512 variants run
 * their AVX2 ones from then on even on a CPU with AVX-512 (their results are the same bits:
 * each output is the same chain of FMAs); 0 restores the choice by CPU features. Returns the
 * previous setting. */
int sl_kernels_force_avx2(int force);
/* 1 when the CPU has AVX-512F, whether or not the kernels use it. */
int sl_cpu_has_avx512f(void);
/* The clock this core runs at now, in GHz, measured over about 50 ms (0 where the
 * measurement is not available). */
double sl_cpu_measure_clock_ghz(void);

/* ---- Thread pool ------------------------------------------------------------------- */

typedef struct sl_pool sl_pool;
/* A task body: called once per task index in [0, task_count). */
typedef void (*sl_task_fn)(void *context, int task, int task_count);

/* A persistent pool of `threads` threads in all, the calling thread included
 * (threads - 1 workers are started). Workers spin briefly between jobs, then sleep. */
sl_pool *sl_pool_create(int threads);
void sl_pool_destroy(sl_pool *pool);
int sl_pool_threads(const sl_pool *pool);
/* Runs fn(context, i, task_count) once for every i in [0, task_count), on the caller and
 * the workers (each task claimed by whichever thread is free first). Returns when all
 * tasks are done. Concurrent callers are serialised. A NULL pool runs all on the caller. */
void sl_pool_run(sl_pool *pool, sl_task_fn fn, void *context, int task_count);
/* A guided job body: runs units [begin, end). */
typedef void (*sl_range_fn)(void *context, int begin, int end);
/* Runs fn over units [0, units) in chunks claimed by whichever thread is free, each chunk a
 * share of the units left (at least `min_chunk`): large chunks first, small ones at the end.
 * The chunking must not change the results: each unit is computed the same way in any chunk. */
void sl_pool_run_guided(sl_pool *pool, sl_range_fn fn, void *context, int units, int min_chunk);

/* ---- Fused epilogue ---------------------------------------------------------------- */

enum sl_activation {
    SL_ACT_NONE = 0,
    SL_ACT_RELU = 1,
    SL_ACT_CLIP = 2,      /* min(max(x, p0), p1) */
    SL_ACT_LEAKY = 3,     /* x >= 0 ? x : p0 * x */
    SL_ACT_PRELU = 4,     /* x >= 0 ? x : slope[row] * x */
    SL_ACT_SIGMOID = 5,
};

/* What happens to each output element after the dot product, in this order:
 * + bias[row], + residual (same layout as the output), then the activation. */
typedef struct {
    const float *bias;       /* per output row, or NULL */
    const float *residual;   /* laid out like C (same strides), or NULL */
    int activation;          /* enum sl_activation */
    float p0, p1;
    const float *slope;      /* per output row, for SL_ACT_PRELU */
} sl_epilogue;

/* Applies an epilogue to rows [0, rows) x columns [0, cols) of C (row stride rs, unit
 * column stride), where `row0` is the index of C's first row in the bias/slope arrays. */
void sl_apply_epilogue(float *c, long rs, int rows, int cols, int row0, const sl_epilogue *ep,
                       const float *residual, long residual_rs);
/* The same after adding `partial` (laid out like C) to C, row by row while each row is in
 * cache: the end of a product summed from two parts. */
void sl_sum_epilogue(float *c, const float *partial, long rs, int rows, int cols, int row0, const sl_epilogue *ep,
                     const float *residual, long residual_rs);

/* ---- GEMM -------------------------------------------------------------------------- */

/* C (M x N) = A (M x K) * B (K x N), then the epilogue. Element (i, j) of a matrix X is at
 * X[i * rs_x + j * cs_x]. A is packed once into panels (`sl_gemm_pack_a`) so that layers
 * with constant weights pack at load time. */
size_t sl_gemm_packed_a_size(int M, int K);
void sl_gemm_pack_a(const float *a, long rs_a, long cs_a, int M, int K, float *packed);
void sl_gemm_packed(int M, int N, int K, const float *packed_a,
                    const float *b, long rs_b, long cs_b,
                    float *c, long rs_c, long cs_c,
                    const sl_epilogue *ep, sl_pool *pool);
/* Rows [row0, row1) of the same product, on the calling thread; row0 and row1 must be
 * multiples of SL_GEMM_PANEL_ROWS (or row1 = M). Each row is computed exactly as by
 * sl_gemm_packed (same bits), so a caller can share a product's rows out among its own tasks. */
#define SL_GEMM_PANEL_ROWS 6
void sl_gemm_packed_rows(int M, int N, int K, const float *packed_a, int row0, int row1,
                         const float *b, long rs_b, long cs_b,
                         float *c, long rs_c, long cs_c, const sl_epilogue *ep);
/* C (M x N) = A's columns [k0, k1) (A packed with depth K) * B (k1 - k0 rows, B's first row
 * being depth k0's), then the epilogue, on the calling thread: part of a product's depth, so
 * that a caller can sum a product from parts computed where their B rows are (a fused block's
 * tasks, each projecting the inner channels it computed). */
void sl_gemm_packed_depths(int M, int N, int K, const float *packed_a, int k0, int k1,
                           const float *b, long rs_b, long cs_b,
                           float *c, long rs_c, long cs_c, const sl_epilogue *ep);
/* Both operands unpacked: packs A into `scratch` (sl_gemm_packed_a_size floats) first. */
void sl_gemm(int M, int N, int K, const float *a, long rs_a, long cs_a,
             const float *b, long rs_b, long cs_b, float *c, long rs_c, long cs_c,
             const sl_epilogue *ep, float *scratch, sl_pool *pool);

/* ---- Convolution helpers (NCHW, one image) ----------------------------------------- */

typedef struct {
    int channels, in_h, in_w, out_h, out_w;
    int kernel_h, kernel_w, stride_h, stride_w, dilation_h, dilation_w;
    int pad_top, pad_left;
} sl_conv_geometry;

/* Rows (c, kh, kw) x columns (oh, ow) of the unfolded input, zero where padded; rows lie
 * `row_stride` floats apart (at least out_h * out_w), so that several images' columns can sit
 * side by side in one matrix. */
void sl_im2col(const float *input, const sl_conv_geometry *g, float *columns, long row_stride);

/* Depthwise convolution (one filter per channel): weights [C][kh][kw]; the epilogue's
 * bias/slope are per channel. Blocks of 8 channels x bands of output rows are shared out
 * over the pool in guided chunks. */
void sl_depthwise_conv(const float *input, const float *weights, float *output,
                       const sl_conv_geometry *g, const sl_epilogue *ep, sl_pool *pool);

/* ---- Channel blocks ------------------------------------------------------------------
 * The inner tensor of an inverted-residual block, between its expansion and its depthwise
 * convolution, in blocks of eight channels: each block a plane of `row_pixels`-wide rows whose
 * pixels hold the block's eight channels side by side, channel c of pixel (y, x) at
 * blocks[(c / 8) * block_stride + (y * row_pixels + x) * 8 + c % 8]. The planes carry the
 * depthwise window's zero border, so the convolution reads every tap as one vector. */

#define SL_CHANNEL_BLOCK 8

/* Weights of a 1x1 convolution (M x K, row-major) packed for sl_expand_depthwise_blocked. */
size_t sl_pointwise_blocked_packed_size(int M, int K);
void sl_pointwise_blocked_pack(const float *weights, int M, int K, float *packed);

/* Pixels past a block's last row that the depthwise convolution may read (any finite values;
 * the results that use them are dropped). */
size_t sl_depthwise_blocked_slack_pixels(const sl_conv_geometry *g);

/* Depthwise filters ([C][taps], taps = kernel_h * kernel_w) packed for
 * sl_expand_depthwise_blocked, once at load time: per block of eight channels, each tap's eight
 * weights side by side (the lanes of channels past C zero). */
size_t sl_depthwise_blocked_filters_size(int channels, int taps);
void sl_depthwise_blocked_pack_filters(const float *weights, int channels, int taps, float *packed);

/* The expansion and the depthwise convolution of an inverted-residual block for inner
 * channels [c0, c1) (multiples of 8), sixteen channels (two blocks, the weights' panel) at a
 * time — eight when c0 starts a panel's second block — on the calling thread, so that each pair
 * of blocks is convolved right after it is written:
 *  - the 1x1 expansion (weights packed by sl_pointwise_blocked_pack, epilogue's bias and
 *    activation; no residual) of `rows` x `width` input pixels, input channel k's pixel
 *    (y, x) at input[k * in_channel_stride + y * in_row_stride + x], is written to the
 *    blocks with pixel (0, 0) `expand_offset` floats into each block (rows = 0: nothing to
 *    expand, the blocks already hold every row);
 *  - the depthwise convolution (filters packed by sl_depthwise_blocked_pack_filters) then
 *    reads the blocks, which must hold its zero border: output pixel (oh, ow)'s window starts at block pixel (oh * stride_h,
 *    ow * stride_w), the geometry's padding and in_w are ignored, and each block holds g->in_h
 *    rows of `row_pixels` pixels followed by the slack above. Output is NCHW planes of
 *    out_h x out_w (`output` is channel 0's), with the same bits as sl_depthwise_conv gives
 *    for the same padded input.
 * `blocks` is the first block of c0's panel (channel c0 rounded down to a multiple of 16; c0's
 * own block is the second when c0 is not); the buffer holds `buffer_blocks` (even) blocks
 * `block_stride` floats apart, reused in turn when the range has more (2: one panel at a time;
 * with AVX-512 two whole panels go at once where four slots from the current one are in the
 * buffer, so 4 or more lets them). Each output is
 * computed the same way whatever the range or the pixels around it. `pixels_packed` = 1: this
 * thread's previous call expanded the same input pixels (input, strides, rows, width, K and
 * row_pixels alike) and no other call came between on this thread; the pixels it packed are
 * used again (a block's inner channels expanded in parts). */
void sl_expand_depthwise_blocked(int K, const float *expand_packed, const sl_epilogue *expand_ep,
                                 const float *input, long in_channel_stride, long in_row_stride, int rows, int width,
                                 float *blocks, int buffer_blocks, long block_stride, long row_pixels, long expand_offset,
                                 const float *depthwise_filters, const sl_conv_geometry *g,
                                 const sl_epilogue *depthwise_ep, float *output, int c0, int c1, int pixels_packed);

/* Convolution (one group) of `images` NCHW images, eight at a time with one image per vector
 * lane: image n's input starts at input + n * in_image, its output at output + n * out_image.
 * `packed_a` holds the weights [M][channels * kernel_h * kernel_w] packed by sl_gemm_pack_a;
 * the epilogue's bias/slope are per output channel (no residual; sigmoid is applied after
 * the vector epilogue). Groups of eight images are shared out over the pool, each thread
 * using sl_conv_lanes_scratch_floats(g) floats of its own scratch. */
size_t sl_conv_lanes_scratch_floats(const sl_conv_geometry *g);
void sl_conv_lanes(const float *input, long in_image, int images, const sl_conv_geometry *g,
                   const float *packed_a, int M, const sl_epilogue *ep, float *output, long out_image,
                   sl_pool *pool);

/* Max pooling of `planes` NCHW planes (geometry's `channels` is ignored); windows that
 * cover only padding give -infinity. */
void sl_max_pool(const float *input, float *output, int planes, const sl_conv_geometry *g, sl_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
