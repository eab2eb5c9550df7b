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

/* Names the instruction set the kernels use on this machine ("avx2+fma" or "generic"). */
const char *sl_cpu_kernel_isa(void);
/* 1 when the CPU has AVX-512F (reported for information; AVX2 kernels run there too). */
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

/* Rows (c, kh, kw) x columns (oh, ow) of the unfolded input, zero where padded. */
void sl_im2col(const float *input, const sl_conv_geometry *g, float *columns);

/* Depthwise convolution (one filter per channel): weights [C][kh][kw]; the epilogue's
 * bias/slope are per channel. Blocks of 8 channels x bands of output rows are shared out
 * over the pool in guided chunks. */
void sl_depthwise_conv(const float *input, const float *weights, float *output,
                       const sl_conv_geometry *g, const sl_epilogue *ep, sl_pool *pool);

/* Max pooling of `planes` NCHW planes (geometry's `channels` is ignored); windows that
 * cover only padding give -infinity. */
void sl_max_pool(const float *input, float *output, int planes, const sl_conv_geometry *g, sl_pool *pool);

#ifdef __cplusplus
}
#endif

#endif
