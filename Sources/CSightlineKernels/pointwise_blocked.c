/*
 * A 1x1 convolution whose output is written in channel blocks (see sightline_kernels.h):
 * the expansion of an inverted-residual block, whose depthwise convolution then reads eight
 * channels of a pixel as one vector, without interleaving the planes first.
 *
 * Pixels play the part of a GEMM's rows and output channels its columns: the input's pixels
 * are packed in strips of six (a strip's six values of one input channel side by side), the
 * weights at load time in panels of sixteen output channels, and a 6x16 tile's accumulators
 * are then six pixels' two channel blocks, each stored whole at its pixel's place.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#define SL_PB_PIXELS 6      /* pixels of one strip (a tile's rows) */
#define SL_PB_CHANNELS 16   /* output channels of one weight panel (a tile's columns) */

size_t sl_pointwise_blocked_packed_size(int M, int K) {
    return (size_t)((M + SL_PB_CHANNELS - 1) / SL_PB_CHANNELS) * SL_PB_CHANNELS * (size_t)K;
}

void sl_pointwise_blocked_pack(const float *weights, int M, int K, float *packed) {
    const int panels = (M + SL_PB_CHANNELS - 1) / SL_PB_CHANNELS;
    for (int q = 0; q < panels; q++)
        for (int k = 0; k < K; k++)
            for (int j = 0; j < SL_PB_CHANNELS; j++) {
                const int m = q * SL_PB_CHANNELS + j;
                packed[((size_t)q * K + k) * SL_PB_CHANNELS + j] = m < M ? weights[(size_t)m * K + k] : 0.0f;
            }
}

/* A range of output channels may start at a panel's second block (a task's share of the
 * channels is cut at whole blocks, so that two tasks get the same work when the panels are
 * odd in number): each step runs from `c` to the end of its panel, or to `c1`. */
static inline int panel_end(int c, int c1) {
    const int end = (c / SL_PB_CHANNELS + 1) * SL_PB_CHANNELS;
    return end < c1 ? end : c1;
}

/* Channel c's column in the packed panels, the first of a step's one or two blocks; a tile
 * steps SL_PB_CHANNELS floats per depth whatever column it starts at. */
static inline const float *panel_weights(const float *packed, int K, int c) {
    return packed + (size_t)(c / SL_PB_CHANNELS) * K * SL_PB_CHANNELS + c % SL_PB_CHANNELS;
}

/* What one call works on: the packed pixel strips and each pixel's place in a block. */
typedef struct {
    int K, pixels, strips;
    const float *strips_data;   /* strip s: K x 6 floats, input channel k's six pixels at 6 k */
    const int *place;           /* pixel i's first float in a block: (y * row_pixels + x) * 8 */
} pixel_strips;

/* Packs `rows` x `width` input pixels into strips (a last partial strip zero-padded) and
 * records each pixel's place, in this thread's scratch; `reuse`: the scratch already holds
 * them (this thread's previous call packed the same pixels). */
static pixel_strips pack_pixels(const float *input, long in_channel_stride, long in_row_stride, int rows, int width,
                                int K, long row_pixels, int reuse) {
    pixel_strips s;
    s.K = K;
    s.pixels = rows * width;
    s.strips = (s.pixels + SL_PB_PIXELS - 1) / SL_PB_PIXELS;
    const size_t strip_floats = (size_t)s.strips * K * SL_PB_PIXELS;
    const size_t place_floats = ((size_t)s.strips * SL_PB_PIXELS * sizeof(int) + sizeof(float) - 1) / sizeof(float);
    float *scratch = sl_thread_scratch(SL_SCRATCH_PACKED_PIXELS, strip_floats + place_floats);
    float *packed = scratch;
    int *place = (int *)(scratch + strip_floats);
    s.strips_data = packed;
    s.place = place;
    if (reuse) return s;
    int y = 0, x = 0;
    for (int i = 0; i < s.strips * SL_PB_PIXELS; i++) {
        place[i] = i < s.pixels ? (int)(((long)y * row_pixels + x) * SL_CHANNEL_BLOCK) : 0;
        if (++x == width) { x = 0; y++; }
    }
    for (int st = 0; st < s.strips; st++) {
        float *dst = packed + (size_t)st * K * SL_PB_PIXELS;
        const int first = st * SL_PB_PIXELS;
        const int count = s.pixels - first < SL_PB_PIXELS ? s.pixels - first : SL_PB_PIXELS;
        if (in_row_stride == width || rows == 1) {
            /* The pixels lie one after another in each channel's plane. */
            const float *src = input + first;
            if (count == SL_PB_PIXELS) {
                /* A whole strip: one fixed-size copy per channel (an element loop with its
                 * count unknown took most of the expansion's packing time). */
                for (int k = 0; k < K; k++, src += in_channel_stride)
                    memcpy(dst + (size_t)k * SL_PB_PIXELS, src, SL_PB_PIXELS * sizeof(float));
                continue;
            }
            for (int k = 0; k < K; k++, src += in_channel_stride) {
                float *d = dst + (size_t)k * SL_PB_PIXELS;
                int p = 0;
                for (; p < count; p++) d[p] = src[p];
                for (; p < SL_PB_PIXELS; p++) d[p] = 0.0f;
            }
        } else {
            for (int p = 0; p < SL_PB_PIXELS; p++) {
                const int i = first + p;
                const float *src = i < s.pixels ? input + (long)(i / width) * in_row_stride + i % width : NULL;
                for (int k = 0; k < K; k++) dst[(size_t)k * SL_PB_PIXELS + p] = src ? src[(long)k * in_channel_stride] : 0.0f;
            }
        }
    }
    return s;
}

/* Portable: the same tiles with plain loops (which the compiler vectorises), each sum over k
 * in order, then the bias and the activation. */
static void pointwise_blocked_generic(const pixel_strips *s, const float *packed, int c0, int c1,
                                      float *output, long block_stride, const sl_epilogue *ep) {
    const int K = s->K;
    for (int c = c0; c < c1; c = panel_end(c, c1)) {
        const int channels = panel_end(c, c1) - c;
        const float *w = panel_weights(packed, K, c);
        float *out = output + (long)((c - c0) / SL_CHANNEL_BLOCK) * block_stride;
        for (int st = 0; st < s->strips; st++) {
            const float *a = s->strips_data + (size_t)st * K * SL_PB_PIXELS;
            float acc[SL_PB_PIXELS][SL_PB_CHANNELS];
            memset(acc, 0, sizeof(acc));
            for (int k = 0; k < K; k++)
                for (int p = 0; p < SL_PB_PIXELS; p++)
                    for (int j = 0; j < SL_PB_CHANNELS; j++)
                        acc[p][j] += a[(size_t)k * SL_PB_PIXELS + p] * w[(size_t)k * SL_PB_CHANNELS + j];
            const int pixels = s->pixels - st * SL_PB_PIXELS < SL_PB_PIXELS ? s->pixels - st * SL_PB_PIXELS : SL_PB_PIXELS;
            for (int p = 0; p < pixels; p++) {
                float *pixel = out + s->place[st * SL_PB_PIXELS + p];
                for (int j = 0; j < channels; j++) {
                    const float bias = ep && ep->bias ? ep->bias[c + j] : 0.0f;
                    const float slope = ep && ep->slope ? ep->slope[c + j] : 0.0f;
                    pixel[(long)(j / SL_CHANNEL_BLOCK) * block_stride + j % SL_CHANNEL_BLOCK] =
                        sl_activate_scalar(acc[p][j] + bias, slope, ep);
                }
            }
        }
    }
}

#if defined(__x86_64__) || defined(__i386__)
/* The bias, slope and clamp of one block's eight channels. */
typedef struct {
    __m256 bias, slope, low, high;
} block_epilogue;

__attribute__((target("avx2,fma"), always_inline))
static inline __m256 finish_avx2(__m256 v, const block_epilogue *e, int activation) {
    v = _mm256_add_ps(v, e->bias);
    switch (activation) {
    case SL_ACT_RELU:
    case SL_ACT_CLIP: return _mm256_min_ps(e->high, _mm256_max_ps(e->low, v));
    case SL_ACT_LEAKY:
    case SL_ACT_PRELU:
        return _mm256_blendv_ps(v, _mm256_mul_ps(v, e->slope), _mm256_cmp_ps(v, _mm256_setzero_ps(), _CMP_LT_OQ));
    default: return v;
    }
}

/* One strip (the first `pixels` of its six, a constant at each call) times one panel (one or
 * two blocks, `blocks` a constant), stored at the pixels' places in the blocks. */
__attribute__((target("avx2,fma"), always_inline))
static inline void tile_avx2(int K, const float *restrict a, const float *restrict w, float *out, long block_stride,
                             const int *place, const block_epilogue e[2], int activation,
                             const int pixels, const int blocks) {
    __m256 acc[SL_PB_PIXELS][2];
    for (int p = 0; p < SL_PB_PIXELS; p++) acc[p][0] = acc[p][1] = _mm256_setzero_ps();
    for (int k = 0; k < K; k++) {
        const __m256 w0 = _mm256_loadu_ps(w);
        const __m256 w1 = blocks == 2 ? _mm256_loadu_ps(w + 8) : w0;
        for (int p = 0; p < pixels; p++) {
            const __m256 av = _mm256_broadcast_ss(a + p);
            acc[p][0] = _mm256_fmadd_ps(av, w0, acc[p][0]);
            if (blocks == 2) acc[p][1] = _mm256_fmadd_ps(av, w1, acc[p][1]);
        }
        a += SL_PB_PIXELS;
        w += SL_PB_CHANNELS;
    }
    for (int p = 0; p < pixels; p++) {
        _mm256_storeu_ps(out + place[p], finish_avx2(acc[p][0], &e[0], activation));
        if (blocks == 2) _mm256_storeu_ps(out + block_stride + place[p], finish_avx2(acc[p][1], &e[1], activation));
    }
}

/* The strips of one panel: whole strips, then a last one of 1-5 pixels. */
__attribute__((target("avx2,fma"), always_inline))
static inline void panel_avx2(const pixel_strips *s, const float *w, float *out, long block_stride,
                              const block_epilogue e[2], int activation, const int blocks) {
    const int K = s->K, whole = s->pixels / SL_PB_PIXELS, rest = s->pixels % SL_PB_PIXELS;
    const float *a = s->strips_data;
    for (int st = 0; st < whole; st++, a += (size_t)K * SL_PB_PIXELS)
        tile_avx2(K, a, w, out, block_stride, s->place + st * SL_PB_PIXELS, e, activation, SL_PB_PIXELS, blocks);
    const int *place = s->place + whole * SL_PB_PIXELS;
    switch (rest) {
    case 1: tile_avx2(K, a, w, out, block_stride, place, e, activation, 1, blocks); break;
    case 2: tile_avx2(K, a, w, out, block_stride, place, e, activation, 2, blocks); break;
    case 3: tile_avx2(K, a, w, out, block_stride, place, e, activation, 3, blocks); break;
    case 4: tile_avx2(K, a, w, out, block_stride, place, e, activation, 4, blocks); break;
    case 5: tile_avx2(K, a, w, out, block_stride, place, e, activation, 5, blocks); break;
    default: break;
    }
}

__attribute__((target("avx2,fma")))
static void pointwise_blocked_avx2(const pixel_strips *s, const float *packed, int c0, int c1,
                                   float *output, long block_stride, const sl_epilogue *ep) {
    const int activation = ep ? ep->activation : SL_ACT_NONE;
    const float inf = __builtin_inff();
    const __m256 low = _mm256_set1_ps(activation == SL_ACT_CLIP ? ep->p0 : activation == SL_ACT_RELU ? 0.0f : -inf);
    const __m256 high = _mm256_set1_ps(activation == SL_ACT_CLIP ? ep->p1 : inf);
    for (int c = c0; c < c1; c = panel_end(c, c1)) {
        const int blocks = panel_end(c, c1) - c > SL_CHANNEL_BLOCK ? 2 : 1;
        block_epilogue e[2];
        for (int b = 0; b < blocks; b++) {
            const int first = c + b * SL_CHANNEL_BLOCK;
            e[b].bias = ep && ep->bias ? _mm256_loadu_ps(ep->bias + first) : _mm256_setzero_ps();
            e[b].slope = activation == SL_ACT_PRELU ? _mm256_loadu_ps(ep->slope + first)
                : _mm256_set1_ps(activation == SL_ACT_LEAKY ? ep->p0 : 0.0f);
            e[b].low = low;
            e[b].high = high;
        }
        if (blocks == 1) e[1] = e[0];
        const float *w = panel_weights(packed, s->K, c);
        float *out = output + (long)((c - c0) / SL_CHANNEL_BLOCK) * block_stride;
        if (blocks == 2) panel_avx2(s, w, out, block_stride, e, activation, 2);
        else panel_avx2(s, w, out, block_stride, e, activation, 1);
    }
}

/* AVX-512: a panel's 16 channels (both its blocks) are one vector. Two whole panels side by
 * side go together, a strip at a time (6 pixels x 32 channels, twelve accumulators); a panel
 * alone takes two strips at a time (12 x 16) — six accumulators would leave the FMA units
 * waiting on their latency. 6 x 32 tiles read two vectors and six floats per depth step for
 * twelve FMAs, 12 x 16 ones a vector and twelve floats: in a C microbenchmark on Zen 5 the
 * first ran at 94-97 % of the FP32 peak, the second at 75-86 % (depths 24-208). Every output
 * is the same chain of FMAs as in the AVX2 tiles, so the same bits. A step of one block keeps
 * the AVX2 tiles. */
typedef struct {
    __m512 bias, slope, low, high;
} panel_epilogue;

__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline __m512 finish_avx512(__m512 v, const panel_epilogue *e, int activation) {
    v = _mm512_add_ps(v, e->bias);
    switch (activation) {
    case SL_ACT_RELU:
    case SL_ACT_CLIP: return _mm512_min_ps(e->high, _mm512_max_ps(e->low, v));
    case SL_ACT_LEAKY:
    case SL_ACT_PRELU: return _mm512_mask_mul_ps(v, _mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_LT_OQ), v, e->slope);
    default: return v;
    }
}

/* The first `pixels` (a constant, at most 12) of the strip at `a` and the one after it (`K` x 6
 * floats on), times one whole panel, each pixel's vector stored as its two blocks. */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void tile_avx512(int K, const float *restrict a, const float *restrict w, float *out, long block_stride,
                               const int *place, const panel_epilogue *e, int activation, const int pixels) {
    __m512 acc[2 * SL_PB_PIXELS];
    for (int p = 0; p < 2 * SL_PB_PIXELS; p++) acc[p] = _mm512_setzero_ps();
    const float *second = a + (size_t)K * SL_PB_PIXELS;
    for (int k = 0; k < K; k++) {
        const __m512 w0 = _mm512_loadu_ps(w + (size_t)k * SL_PB_CHANNELS);
        for (int p = 0; p < pixels; p++) {
            const float *pixel = p < SL_PB_PIXELS ? a + p : second + (p - SL_PB_PIXELS);
            acc[p] = _mm512_fmadd_ps(_mm512_set1_ps(pixel[k * SL_PB_PIXELS]), w0, acc[p]);
        }
    }
    for (int p = 0; p < pixels; p++) {
        const __m512 v = finish_avx512(acc[p], e, activation);
        _mm256_storeu_ps(out + place[p], _mm512_castps512_ps256(v));
        _mm256_storeu_ps(out + block_stride + place[p], _mm512_extractf32x8_ps(v, 1));
    }
}

/* The first `pixels` (a constant) of one strip times two whole panels (the second `panel_step`
 * floats after the first), each pixel's two vectors stored as its four blocks. */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void tile_pair_avx512(int K, const float *restrict a, const float *restrict w, long panel_step,
                                    float *out, long block_stride, const int *place, const panel_epilogue e[2],
                                    int activation, const int pixels) {
    __m512 acc[SL_PB_PIXELS][2];
    for (int p = 0; p < SL_PB_PIXELS; p++) acc[p][0] = acc[p][1] = _mm512_setzero_ps();
    for (int k = 0; k < K; k++) {
        const __m512 w0 = _mm512_loadu_ps(w + (size_t)k * SL_PB_CHANNELS);
        const __m512 w1 = _mm512_loadu_ps(w + panel_step + (size_t)k * SL_PB_CHANNELS);
        for (int p = 0; p < pixels; p++) {
            const __m512 av = _mm512_set1_ps(a[k * SL_PB_PIXELS + p]);
            acc[p][0] = _mm512_fmadd_ps(av, w0, acc[p][0]);
            acc[p][1] = _mm512_fmadd_ps(av, w1, acc[p][1]);
        }
    }
    for (int h = 0; h < 2; h++)
        for (int p = 0; p < pixels; p++) {
            const __m512 v = finish_avx512(acc[p][h], &e[h], activation);
            float *pixel = out + 2 * h * block_stride + place[p];
            _mm256_storeu_ps(pixel, _mm512_castps512_ps256(v));
            _mm256_storeu_ps(pixel + block_stride, _mm512_extractf32x8_ps(v, 1));
        }
}

/* One block (a range's step that starts at a panel's second block): tile_avx2's eight channels
 * of two strips at a time (twelve accumulators, where tile_avx2 has six), then the AVX2 tiles
 * for what is left. */
__attribute__((target(SL_AVX512_TARGET)))
static void block_avx512(const pixel_strips *s, const float *w, float *out, const block_epilogue *e, int activation) {
    const int K = s->K, whole = s->pixels / SL_PB_PIXELS;
    const size_t strip = (size_t)K * SL_PB_PIXELS;
    const float *a = s->strips_data;
    int st = 0;
    for (; st + 2 <= whole; st += 2, a += 2 * strip) {
        __m256 acc[2 * SL_PB_PIXELS];
        for (int p = 0; p < 2 * SL_PB_PIXELS; p++) acc[p] = _mm256_setzero_ps();
        for (int k = 0; k < K; k++) {
            const __m256 w0 = _mm256_loadu_ps(w + (size_t)k * SL_PB_CHANNELS);
            for (int p = 0; p < 2 * SL_PB_PIXELS; p++) {
                const float *pixel = p < SL_PB_PIXELS ? a + p : a + strip + (p - SL_PB_PIXELS);
                acc[p] = _mm256_fmadd_ps(_mm256_broadcast_ss(pixel + k * SL_PB_PIXELS), w0, acc[p]);
            }
        }
        const int *place = s->place + st * SL_PB_PIXELS;
        for (int p = 0; p < 2 * SL_PB_PIXELS; p++) _mm256_storeu_ps(out + place[p], finish_avx2(acc[p], e, activation));
    }
    const pixel_strips rest = {K, s->pixels - st * SL_PB_PIXELS, s->strips - st, a, s->place + st * SL_PB_PIXELS};
    const block_epilogue both[2] = {*e, *e};
    panel_avx2(&rest, w, out, 0, both, activation, 1);
}

/* The strips of two whole panels side by side: whole strips, then one of 1-5 pixels. */
__attribute__((target(SL_AVX512_TARGET)))
static void panel_pair_avx512(const pixel_strips *s, const float *w, long panel_step, float *out, long block_stride,
                              const panel_epilogue e[2], int activation) {
    const int K = s->K, whole = s->pixels / SL_PB_PIXELS, rest = s->pixels % SL_PB_PIXELS;
    const float *a = s->strips_data;
    for (int st = 0; st < whole; st++, a += (size_t)K * SL_PB_PIXELS)
        tile_pair_avx512(K, a, w, panel_step, out, block_stride, s->place + st * SL_PB_PIXELS, e, activation,
                         SL_PB_PIXELS);
    const int *place = s->place + whole * SL_PB_PIXELS;
    switch (rest) {
    case 1: tile_pair_avx512(K, a, w, panel_step, out, block_stride, place, e, activation, 1); break;
    case 2: tile_pair_avx512(K, a, w, panel_step, out, block_stride, place, e, activation, 2); break;
    case 3: tile_pair_avx512(K, a, w, panel_step, out, block_stride, place, e, activation, 3); break;
    case 4: tile_pair_avx512(K, a, w, panel_step, out, block_stride, place, e, activation, 4); break;
    case 5: tile_pair_avx512(K, a, w, panel_step, out, block_stride, place, e, activation, 5); break;
    default: break;
    }
}

/* The strips of one whole panel: two at a time, then a last whole one, then one of 1-5 pixels. */
__attribute__((target(SL_AVX512_TARGET)))
static void panel_avx512(const pixel_strips *s, const float *w, float *out, long block_stride,
                         const panel_epilogue *e, int activation) {
    const int K = s->K, whole = s->pixels / SL_PB_PIXELS, rest = s->pixels % SL_PB_PIXELS;
    const size_t strip = (size_t)K * SL_PB_PIXELS;
    const float *a = s->strips_data;
    const int *place = s->place;
    int st = 0;
    for (; st + 2 <= whole; st += 2, a += 2 * strip, place += 2 * SL_PB_PIXELS)
        tile_avx512(K, a, w, out, block_stride, place, e, activation, 2 * SL_PB_PIXELS);
    if (st < whole) {
        switch (rest) {
        case 0: tile_avx512(K, a, w, out, block_stride, place, e, activation, SL_PB_PIXELS); break;
        case 1: tile_avx512(K, a, w, out, block_stride, place, e, activation, SL_PB_PIXELS + 1); break;
        case 2: tile_avx512(K, a, w, out, block_stride, place, e, activation, SL_PB_PIXELS + 2); break;
        case 3: tile_avx512(K, a, w, out, block_stride, place, e, activation, SL_PB_PIXELS + 3); break;
        case 4: tile_avx512(K, a, w, out, block_stride, place, e, activation, SL_PB_PIXELS + 4); break;
        default: tile_avx512(K, a, w, out, block_stride, place, e, activation, SL_PB_PIXELS + 5); break;
        }
        return;
    }
    switch (rest) {
    case 1: tile_avx512(K, a, w, out, block_stride, place, e, activation, 1); break;
    case 2: tile_avx512(K, a, w, out, block_stride, place, e, activation, 2); break;
    case 3: tile_avx512(K, a, w, out, block_stride, place, e, activation, 3); break;
    case 4: tile_avx512(K, a, w, out, block_stride, place, e, activation, 4); break;
    case 5: tile_avx512(K, a, w, out, block_stride, place, e, activation, 5); break;
    default: break;
    }
}

__attribute__((target(SL_AVX512_TARGET)))
static void pointwise_blocked_avx512(const pixel_strips *s, const float *packed, int c0, int c1,
                                     float *output, long block_stride, const sl_epilogue *ep) {
    const int activation = ep ? ep->activation : SL_ACT_NONE;
    const float inf = __builtin_inff();
    panel_epilogue e[2];
    for (int h = 0; h < 2; h++) {
        e[h].low = _mm512_set1_ps(activation == SL_ACT_CLIP ? ep->p0 : activation == SL_ACT_RELU ? 0.0f : -inf);
        e[h].high = _mm512_set1_ps(activation == SL_ACT_CLIP ? ep->p1 : inf);
    }
    for (int c = c0; c < c1;) {
        float *out = output + (long)((c - c0) / SL_CHANNEL_BLOCK) * block_stride;
        const int end = panel_end(c, c1);
        if (end - c <= SL_CHANNEL_BLOCK) {
            block_epilogue e1;
            e1.bias = ep && ep->bias ? _mm256_loadu_ps(ep->bias + c) : _mm256_setzero_ps();
            e1.slope = activation == SL_ACT_PRELU ? _mm256_loadu_ps(ep->slope + c)
                : _mm256_set1_ps(activation == SL_ACT_LEAKY ? ep->p0 : 0.0f);
            e1.low = _mm512_castps512_ps256(e[0].low);
            e1.high = _mm512_castps512_ps256(e[0].high);
            block_avx512(s, panel_weights(packed, s->K, c), out, &e1, activation);
            c = end;
            continue;
        }
        const int panels = end + SL_PB_CHANNELS <= c1 ? 2 : 1;
        for (int h = 0; h < panels; h++) {
            const int first = c + h * SL_PB_CHANNELS;
            e[h].bias = ep && ep->bias ? _mm512_loadu_ps(ep->bias + first) : _mm512_setzero_ps();
            e[h].slope = activation == SL_ACT_PRELU ? _mm512_loadu_ps(ep->slope + first)
                : _mm512_set1_ps(activation == SL_ACT_LEAKY ? ep->p0 : 0.0f);
        }
        const float *w = panel_weights(packed, s->K, c);
        if (panels == 2) panel_pair_avx512(s, w, (long)s->K * SL_PB_CHANNELS, out, block_stride, e, activation);
        else panel_avx512(s, w, out, block_stride, &e[0], activation);
        c = end + (panels - 1) * SL_PB_CHANNELS;
    }
}
#endif

/* Channels [c0, c1) of the expansion into the blocks from `output` (channel c0's block). */
static void pointwise_blocked(const pixel_strips *s, const float *packed, int c0, int c1,
                              float *output, long block_stride, const sl_epilogue *ep) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx512() && !(ep && ep->activation == SL_ACT_SIGMOID)) {
        pointwise_blocked_avx512(s, packed, c0, c1, output, block_stride, ep);
        return;
    }
    if (sl_cpu_has_avx2_fma() && !(ep && ep->activation == SL_ACT_SIGMOID)) {
        pointwise_blocked_avx2(s, packed, c0, c1, output, block_stride, ep);
        return;
    }
#endif
    pointwise_blocked_generic(s, packed, c0, c1, output, block_stride, ep);
}

void sl_expand_depthwise_blocked(int K, const float *expand_packed, const sl_epilogue *expand_ep,
                                 const float *input, long in_channel_stride, long in_row_stride, int rows, int width,
                                 float *blocks, int buffer_blocks, long block_stride, long row_pixels, long expand_offset,
                                 const float *depthwise_filters, const sl_conv_geometry *g,
                                 const sl_epilogue *depthwise_ep, float *output, int c0, int c1, int pixels_packed) {
    const int expanding = rows > 0 && width > 0;
    pixel_strips s = {0};
    if (expanding) s = pack_pixels(input, in_channel_stride, in_row_stride, rows, width, K, row_pixels, pixels_packed);
    /* Blocks are placed in the buffer as if the range started at its first panel, so that a
     * panel's two blocks are side by side even when the range starts at a second block. */
    const int first_block = c0 / SL_PB_CHANNELS * (SL_PB_CHANNELS / SL_CHANNEL_BLOCK);
    const int panels_paired = sl_cpu_has_avx512();
    for (int c = c0; c < c1;) {
        const int slot = (c / SL_CHANNEL_BLOCK - first_block) % buffer_blocks;
        int end = panel_end(c, c1);
        /* Two whole panels at once where the AVX-512 tiles take them and their four blocks are
         * side by side in the buffer. */
        if (panels_paired && end - c == SL_PB_CHANNELS && end + SL_PB_CHANNELS <= c1
            && slot + 2 * SL_PB_CHANNELS / SL_CHANNEL_BLOCK <= buffer_blocks)
            end += SL_PB_CHANNELS;
        float *first = blocks + (long)slot * block_stride;
        if (expanding) pointwise_blocked(&s, expand_packed, c, end, first + expand_offset, block_stride, expand_ep);
        sl_depthwise_conv_blocked(first, block_stride, (int)row_pixels, depthwise_filters, output, g, depthwise_ep, c, end);
        c = end;
    }
}
