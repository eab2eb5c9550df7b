/*
 * Single-precision GEMM in the BLIS style: A is packed into panels of SL_MR rows (once, at
 * load time, for constant weights), B into panels of SL_NR columns per cache block, and a
 * register-blocked 6x16 micro-kernel does the arithmetic; a tile's last 1-8 columns get
 * kernels of their own, and partial tiles are stored in place. An AVX2+FMA micro-kernel is
 * used when the CPU has it, a portable one otherwise. Work is split statically across the
 * pool by tiles in column order (wide outputs) or by row panels (narrow ones); a caller with
 * tasks of its own can instead compute a range of row panels on its thread.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#define SL_KC 256   /* depth of one packed block: A panel (6 x 256) stays in L1 */
#define SL_NC 192   /* columns of one packed B block: 256 x 192 floats stay in L2 */
/* Up to this depth a contiguous B is not packed. At 48 (Lite2's 48 -> 288 expansions) its
 * 48 row streams cost more than packing: 64 -> 40 took 0.5-0.7 % off a one-thread Lite2 run;
 * 40 and 32 ran alike (Lite0's 40 -> 240), 20 was 0.3 % slower on Lite0 (depths 24-32). */
#define SL_DIRECT_B_DEPTH 40
#define SL_GEMV_STREAMS 4
/* A B read in place with at least this many columns is read with software prefetches, this
 * many floats (32 tiles, 2 KB) ahead in each row (ukernel_stream_avx2): on P-Net's heads 8
 * tiles ahead left a third of the gain, 64 gained no more. */
#define SL_STREAM_COLUMNS 8192
#define SL_STREAM_AHEAD (32 * SL_NR)       /* panels a matrix-vector product reads side by side */

/* C tile (+)= A·B for the first `mr` rows and `nr` columns of a 6x16 tile, B's rows `rs_b`
 * floats apart (SL_NR in a packed panel, or the row stride of an unpacked row-major B). A's
 * panel is zero-padded to 6 rows and a packed B panel to 16 columns, so the product is always
 * computed whole; only the stores (and the loads of C and the residual) stop at mr x nr.
 * When `ep` is given (the last depth block) the epilogue is applied in registers before the
 * store: bias of rows row0.., the residual tile, the activation. `a_next` is A data the
 * caller will need soon (the next row panel's), which a kernel may prefetch as it goes. */
typedef void (*sl_ukernel_fn)(int kc, const float *a, const float *b, long rs_b, float *c, long rs_c, int load_c,
                              const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                              const float *a_next);

/* The 6x16 kernel over several whole tiles in a row (see ukernel_row_avx2). */
typedef void (*sl_row_ukernel_fn)(int tiles, long b_step, int kc, const float *a, const float *b, long rs_b,
                                  float *c, long rs_c, int load_c, const sl_epilogue *ep, int row0,
                                  const float *residual, const float *a_next);

/* The last 1-4 columns (`nr`) of two full row panels, `a_step` floats apart
 * (ukernel_column_pairs_avx512). */
typedef void (*sl_column_pairs_fn)(int kc, const float *a, long a_step, const float *b, long rs_b, float *c, long rs_c,
                                   int load_c, const sl_epilogue *ep, int row0, const float *residual, int nr);

/* The whole tiles of a row panel of `mr` rows (fewer than six) in one call (ukernel_short_row_avx512). */
typedef void (*sl_short_row_fn)(int tiles, long b_step, int kc, const float *a, const float *b, long rs_b, float *c,
                                long rs_c, int load_c, const sl_epilogue *ep, int row0, const float *residual, int mr);

/* Two row panels, `a_step` floats apart, times one whole-width B panel (ukernel_row_panels_avx512):
 * rows [0, 6 + mr) of C; no sigmoid epilogue. */
typedef void (*sl_row_panels_fn)(int kc, const float *a, long a_step, const float *b, long rs_b, float *c, long rs_c,
                                 int load_c, const sl_epilogue *ep, int row0, const float *residual, int mr);

/* ---- micro-kernels: C[6x16] (+)= A panel (kc x 6) * B panel (kc x 16) ---------------- */

static void ukernel_generic(int kc, const float *restrict a, const float *restrict b, long rs_b,
                            float *restrict c, long rs_c, int load_c,
                            const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                            const float *a_next) {
    float acc[SL_MR][SL_NR];
    memset(acc, 0, sizeof(acc));
    for (int k = 0; k < kc; k++) {
        for (int r = 0; r < SL_MR; r++) {
            float av = a[r];
            for (int j = 0; j < SL_NR; j++) acc[r][j] += av * b[j];
        }
        a += SL_MR;
        b += rs_b;
    }
    for (int r = 0; r < mr; r++) {
        float *row = c + r * rs_c;
        if (load_c)
            for (int j = 0; j < nr; j++) row[j] += acc[r][j];
        else
            for (int j = 0; j < nr; j++) row[j] = acc[r][j];
    }
    if (ep) sl_apply_epilogue(c, rs_c, mr, nr, row0, ep, residual, rs_c);
}

#if defined(__x86_64__) || defined(__i386__)
/* Lanes [0, n) of an 8-float vector (n in 0...8) as a mask for maskload. */
__attribute__((target("avx2,fma"))) static inline __m256i lanes_below(int n) {
    return _mm256_cmpgt_epi32(_mm256_set1_epi32(n), _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7));
}

/* Stores the whole rows [0, mr) of a tile held as `halves` vectors of 8 per row (2: 16
 * columns, 1: 8), applying the epilogue on the way. */
__attribute__((target("avx2,fma"), always_inline)) static inline void store_rows_avx2(
    __m256 tile[SL_MR][2], int halves, float *c, long rs_c, int load_c, const sl_epilogue *ep,
    int row0, const float *residual, long rs_res, int mr) {
    const int activation = ep ? ep->activation : SL_ACT_NONE;
    const __m256 low = _mm256_set1_ps(ep ? ep->p0 : 0.0f), high = _mm256_set1_ps(ep ? ep->p1 : 0.0f);
    for (int r = 0; r < mr; r++) {
        __m256 bias = _mm256_set1_ps(ep && ep->bias ? ep->bias[row0 + r] : 0.0f);
        __m256 slope = activation == SL_ACT_PRELU ? _mm256_set1_ps(ep->slope[row0 + r]) : low;
        float *row = c + r * rs_c;
        const float *res = residual ? residual + r * rs_res : NULL;
        sl_finish8_avx2(row, res, tile[r][0], load_c, ep, activation, bias, slope, low, high);
        if (halves == 2)
            sl_finish8_avx2(row + 8, res ? res + 8 : NULL, tile[r][1], load_c, ep, activation, bias, slope, low, high);
    }
}

/* Stores rows [0, mr) x columns [0, nr) of a tile (see store_rows_avx2). A tile narrower than
 * its vectors goes through a local copy: AMD cores run masked stores in microcode. Sigmoid
 * (no vector exp) is applied by the plain epilogue after the store. */
__attribute__((target("avx2,fma"), noinline)) static void store_tile_avx2(
    __m256 tile[SL_MR][2], int halves, float *c, long rs_c, int load_c, const sl_epilogue *ep,
    int row0, const float *residual, int mr, int nr) {
    const int sigmoid = ep && ep->activation == SL_ACT_SIGMOID;
    const sl_epilogue *vector_ep = sigmoid ? NULL : ep;
    if (nr == 8 * halves) {
        store_rows_avx2(tile, halves, c, rs_c, load_c, vector_ep, row0, residual, rs_c, mr);
    } else {
        float staged[SL_MR][SL_NR] __attribute__((aligned(32)));
        float staged_res[SL_MR][SL_NR] __attribute__((aligned(32)));
        const int use_res = residual && vector_ep;
        for (int r = 0; r < mr; r++) {
            if (load_c) memcpy(staged[r], c + r * rs_c, (size_t)nr * sizeof(float));
            if (use_res) memcpy(staged_res[r], residual + r * rs_c, (size_t)nr * sizeof(float));
        }
        store_rows_avx2(tile, halves, &staged[0][0], SL_NR, load_c, vector_ep, row0,
                        use_res ? &staged_res[0][0] : NULL, SL_NR, mr);
        for (int r = 0; r < mr; r++) memcpy(c + r * rs_c, staged[r], (size_t)nr * sizeof(float));
    }
    if (sigmoid) sl_apply_epilogue(c, rs_c, mr, nr, row0, ep, residual, rs_c);
}

/* One tile: rows [0, mr) x columns [0, nr) of C from a 6-row A panel and a 16-column B panel.
 * Only the first `rows` rows (2, 4 or 6, a constant at each call) are multiplied: a panel's
 * last rows when M is not a multiple of 6 (Lite2's stem has 32 output channels, blocks.0's
 * projection 16) would otherwise run the FMAs of rows that are thrown away. `stream_b` (also
 * a constant): prefetch each B row SL_STREAM_AHEAD floats ahead (ukernel_stream_avx2). */
__attribute__((target("avx2,fma"), always_inline))
static inline void tile_avx2(int kc, const float *restrict a, const float *restrict b, long rs_b,
                             float *restrict c, long rs_c, int load_c,
                             const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                             const float *a_next, const int rows, const int stream_b) {
    __m256 c00 = _mm256_setzero_ps(), c01 = _mm256_setzero_ps();
    __m256 c10 = _mm256_setzero_ps(), c11 = _mm256_setzero_ps();
    __m256 c20 = _mm256_setzero_ps(), c21 = _mm256_setzero_ps();
    __m256 c30 = _mm256_setzero_ps(), c31 = _mm256_setzero_ps();
    __m256 c40 = _mm256_setzero_ps(), c41 = _mm256_setzero_ps();
    __m256 c50 = _mm256_setzero_ps(), c51 = _mm256_setzero_ps();
    for (int k = 0; k < kc; k++) {
        /* The line of the next panel at this depth: one panel ahead of the loads. */
        _mm_prefetch((const char *)(a_next + k * SL_MR), _MM_HINT_T0);
        if (stream_b) _mm_prefetch((const char *)(b + SL_STREAM_AHEAD), _MM_HINT_T0);
        __m256 b0 = _mm256_loadu_ps(b);
        __m256 b1 = _mm256_loadu_ps(b + 8);
        __m256 av;
        av = _mm256_broadcast_ss(a + 0); c00 = _mm256_fmadd_ps(av, b0, c00); c01 = _mm256_fmadd_ps(av, b1, c01);
        av = _mm256_broadcast_ss(a + 1); c10 = _mm256_fmadd_ps(av, b0, c10); c11 = _mm256_fmadd_ps(av, b1, c11);
        if (rows > 2) {
            av = _mm256_broadcast_ss(a + 2); c20 = _mm256_fmadd_ps(av, b0, c20); c21 = _mm256_fmadd_ps(av, b1, c21);
            av = _mm256_broadcast_ss(a + 3); c30 = _mm256_fmadd_ps(av, b0, c30); c31 = _mm256_fmadd_ps(av, b1, c31);
        }
        if (rows > 4) {
            av = _mm256_broadcast_ss(a + 4); c40 = _mm256_fmadd_ps(av, b0, c40); c41 = _mm256_fmadd_ps(av, b1, c41);
            av = _mm256_broadcast_ss(a + 5); c50 = _mm256_fmadd_ps(av, b0, c50); c51 = _mm256_fmadd_ps(av, b1, c51);
        }
        a += SL_MR;
        b += rs_b;
    }
    if (mr == SL_MR && nr == SL_NR && !(ep && ep->activation == SL_ACT_SIGMOID)) {
        /* The usual whole tile, straight from the registers. */
        const int activation = ep ? ep->activation : SL_ACT_NONE;
        const __m256 zero = _mm256_setzero_ps();
        const __m256 low = _mm256_set1_ps(ep ? ep->p0 : 0.0f), high = _mm256_set1_ps(ep ? ep->p1 : 0.0f);
#define SL_STORE_ROW(r, lo, hi)                                                          \
        do {                                                                             \
            float *row = c + (r) * rs_c;                                                 \
            if (load_c) {                                                                \
                lo = _mm256_add_ps(lo, _mm256_loadu_ps(row));                            \
                hi = _mm256_add_ps(hi, _mm256_loadu_ps(row + 8));                        \
            }                                                                            \
            if (ep) {                                                                    \
                if (ep->bias) {                                                          \
                    __m256 bias = _mm256_set1_ps(ep->bias[row0 + (r)]);                  \
                    lo = _mm256_add_ps(lo, bias);                                        \
                    hi = _mm256_add_ps(hi, bias);                                        \
                }                                                                        \
                if (residual) {                                                          \
                    lo = _mm256_add_ps(lo, _mm256_loadu_ps(residual + (r) * rs_c));      \
                    hi = _mm256_add_ps(hi, _mm256_loadu_ps(residual + (r) * rs_c + 8));  \
                }                                                                        \
                switch (activation) {                                                    \
                case SL_ACT_RELU:                                                        \
                    lo = _mm256_max_ps(lo, zero); hi = _mm256_max_ps(hi, zero); break;   \
                case SL_ACT_CLIP:                                                        \
                    lo = _mm256_min_ps(_mm256_max_ps(lo, low), high);                    \
                    hi = _mm256_min_ps(_mm256_max_ps(hi, low), high); break;             \
                case SL_ACT_LEAKY:                                                       \
                case SL_ACT_PRELU: {                                                     \
                    __m256 slope = activation == SL_ACT_LEAKY ? low                      \
                        : _mm256_set1_ps(ep->slope[row0 + (r)]);                         \
                    lo = _mm256_blendv_ps(lo, _mm256_mul_ps(lo, slope),                  \
                                          _mm256_cmp_ps(lo, zero, _CMP_LT_OQ));          \
                    hi = _mm256_blendv_ps(hi, _mm256_mul_ps(hi, slope),                  \
                                          _mm256_cmp_ps(hi, zero, _CMP_LT_OQ));          \
                    break;                                                               \
                }                                                                        \
                default: break;                                                          \
                }                                                                        \
            }                                                                            \
            _mm256_storeu_ps(row, lo);                                                   \
            _mm256_storeu_ps(row + 8, hi);                                               \
        } while (0)
        SL_STORE_ROW(0, c00, c01);
        SL_STORE_ROW(1, c10, c11);
        SL_STORE_ROW(2, c20, c21);
        SL_STORE_ROW(3, c30, c31);
        SL_STORE_ROW(4, c40, c41);
        SL_STORE_ROW(5, c50, c51);
#undef SL_STORE_ROW
        return;
    }
    __m256 tile[SL_MR][2] = {{c00, c01}, {c10, c11}, {c20, c21}, {c30, c31}, {c40, c41}, {c50, c51}};
    store_tile_avx2(tile, 2, c, rs_c, load_c, ep, row0, residual, mr, nr);
}

/* tile_avx2 with only the rows a panel of `mr` rows needs multiplied. */
__attribute__((target("avx2,fma"), always_inline))
static inline void tile_rows_avx2(int kc, const float *restrict a, const float *restrict b, long rs_b,
                                  float *restrict c, long rs_c, int load_c,
                                  const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                                  const float *a_next, const int stream_b) {
    if (mr <= 2) tile_avx2(kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, nr, a_next, 2, stream_b);
    else if (mr <= 4) tile_avx2(kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, nr, a_next, 4, stream_b);
    else tile_avx2(kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, nr, a_next, SL_MR, stream_b);
}

__attribute__((target("avx2,fma")))
static void ukernel_avx2(int kc, const float *restrict a, const float *restrict b, long rs_b,
                         float *restrict c, long rs_c, int load_c,
                         const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                         const float *a_next) {
    tile_rows_avx2(kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, nr, a_next, 0);
}

/* ukernel_avx2 for a B read in place from rows far longer than the caches (MTCNN P-Net's
 * 1x1 heads: 32 planes of 182 K pixels, two and four output channels): each tile reads one
 * line from each of B's rows, a pattern of 32 streams the hardware prefetchers did not keep
 * up with, so every row's line SL_STREAM_AHEAD floats ahead is prefetched as it goes. */
__attribute__((target("avx2,fma")))
static void ukernel_stream_avx2(int kc, const float *restrict a, const float *restrict b, long rs_b,
                                float *restrict c, long rs_c, int load_c,
                                const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                                const float *a_next) {
    tile_rows_avx2(kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, nr, a_next, 1);
}

/* `tiles` whole 6x16 tiles side by side in one call: C's and the residual's tiles 16
 * columns apart, B's `b_step` floats apart. For shallow products (depth 16-32, the first
 * blocks' expansions and projections) the loop around one call per tile took 12 % of the
 * time. */
__attribute__((target("avx2,fma")))
static void ukernel_row_avx2(int tiles, long b_step, int kc, const float *restrict a, const float *restrict b,
                             long rs_b, float *restrict c, long rs_c, int load_c, const sl_epilogue *ep, int row0,
                             const float *residual, const float *a_next) {
    for (int t = 0; t < tiles; t++)
        tile_avx2(kc, a, b + t * b_step, rs_b, c + t * SL_NR, rs_c, load_c, ep, row0,
                  residual ? residual + t * SL_NR : NULL, SL_MR, SL_NR, t == 0 ? a_next : a, SL_MR, 0);
}

/* The same product for tiles at most 8 columns wide (the right edge of narrow outputs such as
 * 7x7 planes): half the work of the 16-wide kernel. B is a packed panel (rows SL_NR apart). */
__attribute__((target("avx2,fma")))
static void ukernel_narrow_avx2(int kc, const float *restrict a, const float *restrict b, long rs_b,
                                float *restrict c, long rs_c, int load_c,
                                const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                                const float *a_next) {
    /* Two sets of six accumulators (even and odd depth steps): six alone would leave the
     * FMA units waiting on their latency. */
    __m256 acc[2][SL_MR];
    for (int u = 0; u < 2; u++)
        for (int r = 0; r < SL_MR; r++) acc[u][r] = _mm256_setzero_ps();
    int k = 0;
    for (; k + 2 <= kc; k += 2)
        for (int u = 0; u < 2; u++) {
            __m256 b0 = _mm256_loadu_ps(b + (k + u) * rs_b);
            const float *ak = a + (k + u) * SL_MR;
            for (int r = 0; r < SL_MR; r++) acc[u][r] = _mm256_fmadd_ps(_mm256_broadcast_ss(ak + r), b0, acc[u][r]);
        }
    for (; k < kc; k++) {
        __m256 b0 = _mm256_loadu_ps(b + k * rs_b);
        for (int r = 0; r < SL_MR; r++) acc[0][r] = _mm256_fmadd_ps(_mm256_broadcast_ss(a + k * SL_MR + r), b0, acc[0][r]);
    }
    __m256 tile[SL_MR][2];
    for (int r = 0; r < SL_MR; r++) tile[r][0] = tile[r][1] = _mm256_add_ps(acc[0][r], acc[1][r]);
    store_tile_avx2(tile, 1, c, rs_c, load_c, ep, row0, residual, mr, nr);
}

/* The last 1-4 columns of a row (the right edge of 7x7 and 14x14 planes): the panel's six
 * rows are the vector lanes and each column has its own accumulators, several depth steps
 * apart, so that the FMAs do not wait on each other. Far cheaper there than a kernel whose
 * vectors run along the columns and leave most of their lanes idle. */
__attribute__((target("avx2,fma"), always_inline))
static inline void columns_avx2(const int width, int kc, const float *restrict a, const float *restrict b, long rs_b,
                                float *restrict c, long rs_c, int load_c,
                                const sl_epilogue *ep, int row0, const float *residual, int mr) {
    const __m256i rows = lanes_below(SL_MR);   /* a panel row is 6 floats: never read past it */
    enum { STEPS = 4 };                        /* independent accumulators per column */
    __m256 acc[4][STEPS];
    for (int j = 0; j < width; j++)
        for (int u = 0; u < STEPS; u++) acc[j][u] = _mm256_setzero_ps();
    int k = 0;
    for (; k + STEPS <= kc; k += STEPS)
        for (int u = 0; u < STEPS; u++) {
            __m256 av = _mm256_maskload_ps(a + (k + u) * SL_MR, rows);
            for (int j = 0; j < width; j++)
                acc[j][u] = _mm256_fmadd_ps(av, _mm256_broadcast_ss(b + (k + u) * rs_b + j), acc[j][u]);
        }
    for (; k < kc; k++) {
        __m256 av = _mm256_maskload_ps(a + k * SL_MR, rows);
        for (int j = 0; j < width; j++) acc[j][0] = _mm256_fmadd_ps(av, _mm256_broadcast_ss(b + k * rs_b + j), acc[j][0]);
    }
    float sums[4][8];
    for (int j = 0; j < width; j++)
        _mm256_storeu_ps(sums[j], _mm256_add_ps(_mm256_add_ps(acc[j][0], acc[j][1]),
                                                _mm256_add_ps(acc[j][2], acc[j][3])));
    for (int r = 0; r < mr; r++)
        for (int j = 0; j < width; j++) c[r * rs_c + j] = (load_c ? c[r * rs_c + j] : 0.0f) + sums[j][r];
    if (ep) sl_apply_epilogue(c, rs_c, mr, width, row0, ep, residual, rs_c);
}

__attribute__((target("avx2,fma")))
static void ukernel_columns_avx2(int kc, const float *restrict a, const float *restrict b, long rs_b,
                                 float *restrict c, long rs_c, int load_c,
                                 const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                                 const float *a_next) {
    switch (nr) {
    case 1: columns_avx2(1, kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr); break;
    case 2: columns_avx2(2, kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr); break;
    case 3: columns_avx2(3, kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr); break;
    default: columns_avx2(4, kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr); break;
    }
}

/* ---- AVX-512: a tile's row of 16 columns is one vector ------------------------------------
 * The same tiles from the same packed panels, every output the same chain of FMAs in depth
 * order as in the AVX2 kernels, and the same epilogue, so the results are the same bits. One
 * tile has only six accumulators, too few to cover the FMA latency, so a row panel's whole
 * tiles go two at a time (6x32, twelve accumulators). Tiles narrower than 16 columns, sigmoid
 * epilogues and B streamed from memory keep their AVX2 kernels. */

/* Finishes one 16-column row of a whole tile as SL_STORE_ROW does: C added (load_c), then the
 * epilogue's bias, residual and activation (row `row` of the output for the bias and slope). */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void finish16_avx512(float *dst, const float *res, __m512 v, int load_c, const sl_epilogue *ep,
                                   int activation, int row, __m512 low, __m512 high) {
    if (load_c) v = _mm512_add_ps(v, _mm512_loadu_ps(dst));
    if (ep) {
        if (ep->bias) v = _mm512_add_ps(v, _mm512_set1_ps(ep->bias[row]));
        if (res) v = _mm512_add_ps(v, _mm512_loadu_ps(res));
        switch (activation) {
        case SL_ACT_RELU: v = _mm512_max_ps(v, _mm512_setzero_ps()); break;
        case SL_ACT_CLIP: v = _mm512_min_ps(_mm512_max_ps(v, low), high); break;
        case SL_ACT_LEAKY:
        case SL_ACT_PRELU: {
            const __m512 slope = activation == SL_ACT_LEAKY ? low : _mm512_set1_ps(ep->slope[row]);
            v = _mm512_mask_mul_ps(v, _mm512_cmp_ps_mask(v, _mm512_setzero_ps(), _CMP_LT_OQ), v, slope);
            break;
        }
        default: break;
        }
    }
    _mm512_storeu_ps(dst, v);
}

/* Rows [0, mr) of one whole-width tile, or of two side by side (`pair`): the second's B panel
 * `b_step` floats after the first's, its C and residual 16 columns to the right. Only the
 * first `rows` rows (2, 4 or 6) are multiplied, as in tile_avx2; `pair` and `rows` are
 * constants at each call. */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void tiles_avx512(int kc, const float *restrict a, const float *restrict b, long b_step, long rs_b,
                                float *restrict c, long rs_c, int load_c, const sl_epilogue *ep, int row0,
                                const float *residual, int mr, const float *a_next, const int rows, const int pair) {
    __m512 acc0[SL_MR], acc1[SL_MR];
    for (int r = 0; r < SL_MR; r++) acc0[r] = acc1[r] = _mm512_setzero_ps();
    const float *b1 = b + b_step;
    for (int k = 0; k < kc; k++) {
        _mm_prefetch((const char *)(a_next + k * SL_MR), _MM_HINT_T0);
        const __m512 v0 = _mm512_loadu_ps(b + (long)k * rs_b);
        const __m512 v1 = pair ? _mm512_loadu_ps(b1 + (long)k * rs_b) : v0;
        for (int r = 0; r < rows; r++) {
            const __m512 av = _mm512_set1_ps(a[k * SL_MR + r]);
            acc0[r] = _mm512_fmadd_ps(av, v0, acc0[r]);
            if (pair) acc1[r] = _mm512_fmadd_ps(av, v1, acc1[r]);
        }
    }
    const int activation = ep ? ep->activation : SL_ACT_NONE;
    const __m512 low = _mm512_set1_ps(ep ? ep->p0 : 0.0f), high = _mm512_set1_ps(ep ? ep->p1 : 0.0f);
    for (int r = 0; r < rows; r++) {
        if (r >= mr) break;
        float *dst = c + r * rs_c;
        const float *res = residual ? residual + r * rs_c : NULL;
        finish16_avx512(dst, res, acc0[r], load_c, ep, activation, row0 + r, low, high);
        if (pair) finish16_avx512(dst + SL_NR, res ? res + SL_NR : NULL, acc1[r], load_c, ep, activation, row0 + r,
                                  low, high);
    }
}

/* Two row panels (the second `a_step` floats after the first, its first `rows` of 2, 4 or 6
 * rows multiplied and `mr` stored) times one whole-width B panel: twelve rows of C, for
 * products with only a few row panels (block_columns_outer). */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void row_panels_avx512(int kc, const float *restrict a, long a_step, const float *restrict b, long rs_b,
                                     float *restrict c, long rs_c, int load_c, const sl_epilogue *ep, int row0,
                                     const float *residual, int mr, const int rows) {
    __m512 acc0[SL_MR], acc1[SL_MR];
    for (int r = 0; r < SL_MR; r++) acc0[r] = acc1[r] = _mm512_setzero_ps();
    const float *a1 = a + a_step;
    for (int k = 0; k < kc; k++) {
        const __m512 v = _mm512_loadu_ps(b + (long)k * rs_b);
        for (int r = 0; r < SL_MR; r++) acc0[r] = _mm512_fmadd_ps(_mm512_set1_ps(a[k * SL_MR + r]), v, acc0[r]);
        for (int r = 0; r < rows; r++) acc1[r] = _mm512_fmadd_ps(_mm512_set1_ps(a1[k * SL_MR + r]), v, acc1[r]);
    }
    const int activation = ep ? ep->activation : SL_ACT_NONE;
    const __m512 low = _mm512_set1_ps(ep ? ep->p0 : 0.0f), high = _mm512_set1_ps(ep ? ep->p1 : 0.0f);
    for (int r = 0; r < SL_MR; r++)
        finish16_avx512(c + r * rs_c, residual ? residual + r * rs_c : NULL, acc0[r], load_c, ep, activation, row0 + r,
                        low, high);
    for (int r = 0; r < rows; r++) {
        if (r >= mr) break;
        const long at = (long)(SL_MR + r) * rs_c;
        finish16_avx512(c + at, residual ? residual + at : NULL, acc1[r], load_c, ep, activation, row0 + SL_MR + r,
                        low, high);
    }
}

__attribute__((target(SL_AVX512_TARGET)))
static void ukernel_row_panels_avx512(int kc, const float *restrict a, long a_step, const float *restrict b, long rs_b,
                                      float *restrict c, long rs_c, int load_c, const sl_epilogue *ep, int row0,
                                      const float *residual, int mr) {
    if (mr <= 2) row_panels_avx512(kc, a, a_step, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, 2);
    else if (mr <= 4) row_panels_avx512(kc, a, a_step, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, 4);
    else row_panels_avx512(kc, a, a_step, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, SL_MR);
}

/* columns_avx2 for two full row panels at once (the second `a_step` floats after the first):
 * the first's six rows in lanes 0-5, the second's in lanes 8-13, each output the same sums in
 * the same order. Half the FMAs of two columns_avx2 calls. */
__attribute__((target(SL_AVX512_TARGET), always_inline))
static inline void column_pairs_avx512(const int width, int kc, const float *restrict a, long a_step,
                                       const float *restrict b, long rs_b, float *restrict c, long rs_c, int load_c,
                                       const sl_epilogue *ep, int row0, const float *residual) {
    enum { STEPS = 4 };
    const __mmask8 rows = (1u << SL_MR) - 1;   /* a panel row is 6 floats: never read past it */
    __m512 acc[4][STEPS];
    for (int j = 0; j < width; j++)
        for (int u = 0; u < STEPS; u++) acc[j][u] = _mm512_setzero_ps();
#define SL_PANELS_AT(k) _mm512_insertf32x8(_mm512_castps256_ps512(_mm256_maskz_loadu_ps(rows, a + (k) * SL_MR)), \
                                           _mm256_maskz_loadu_ps(rows, a + a_step + (k) * SL_MR), 1)
    int k = 0;
    for (; k + STEPS <= kc; k += STEPS)
        for (int u = 0; u < STEPS; u++) {
            const __m512 av = SL_PANELS_AT(k + u);
            for (int j = 0; j < width; j++)
                acc[j][u] = _mm512_fmadd_ps(av, _mm512_set1_ps(b[(k + u) * rs_b + j]), acc[j][u]);
        }
    for (; k < kc; k++) {
        const __m512 av = SL_PANELS_AT(k);
        for (int j = 0; j < width; j++) acc[j][0] = _mm512_fmadd_ps(av, _mm512_set1_ps(b[k * rs_b + j]), acc[j][0]);
    }
#undef SL_PANELS_AT
    float sums[4][16];
    for (int j = 0; j < width; j++)
        _mm512_storeu_ps(sums[j], _mm512_add_ps(_mm512_add_ps(acc[j][0], acc[j][1]), _mm512_add_ps(acc[j][2], acc[j][3])));
    for (int r = 0; r < 2 * SL_MR; r++) {
        const int lane = r < SL_MR ? r : r + 2;
        for (int j = 0; j < width; j++) c[r * rs_c + j] = (load_c ? c[r * rs_c + j] : 0.0f) + sums[j][lane];
    }
    if (ep) sl_apply_epilogue(c, rs_c, 2 * SL_MR, width, row0, ep, residual, rs_c);
}

__attribute__((target(SL_AVX512_TARGET)))
static void ukernel_column_pairs_avx512(int kc, const float *restrict a, long a_step, const float *restrict b,
                                        long rs_b, float *restrict c, long rs_c, int load_c, const sl_epilogue *ep,
                                        int row0, const float *residual, int nr) {
    switch (nr) {
    case 1: column_pairs_avx512(1, kc, a, a_step, b, rs_b, c, rs_c, load_c, ep, row0, residual); break;
    case 2: column_pairs_avx512(2, kc, a, a_step, b, rs_b, c, rs_c, load_c, ep, row0, residual); break;
    case 3: column_pairs_avx512(3, kc, a, a_step, b, rs_b, c, rs_c, load_c, ep, row0, residual); break;
    default: column_pairs_avx512(4, kc, a, a_step, b, rs_b, c, rs_c, load_c, ep, row0, residual); break;
    }
}

/* ukernel_avx2 with whole-width tiles in one vector per row. */
__attribute__((target(SL_AVX512_TARGET)))
static void ukernel_avx512(int kc, const float *restrict a, const float *restrict b, long rs_b,
                           float *restrict c, long rs_c, int load_c,
                           const sl_epilogue *ep, int row0, const float *residual, int mr, int nr,
                           const float *a_next) {
    if (nr != SL_NR || (ep && ep->activation == SL_ACT_SIGMOID))
        ukernel_avx2(kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, mr, nr, a_next);
    else if (mr <= 2) tiles_avx512(kc, a, b, 0, rs_b, c, rs_c, load_c, ep, row0, residual, mr, a_next, 2, 0);
    else if (mr <= 4) tiles_avx512(kc, a, b, 0, rs_b, c, rs_c, load_c, ep, row0, residual, mr, a_next, 4, 0);
    else tiles_avx512(kc, a, b, 0, rs_b, c, rs_c, load_c, ep, row0, residual, mr, a_next, SL_MR, 0);
}

/* ukernel_row_avx512 for a last row panel of fewer than six rows (`mr`): only its rows are
 * multiplied (Lite2's projections to 88, 208 and 352 channels end in a panel of four). */
__attribute__((target(SL_AVX512_TARGET)))
static void ukernel_short_row_avx512(int tiles, long b_step, int kc, const float *restrict a, const float *restrict b,
                                     long rs_b, float *restrict c, long rs_c, int load_c, const sl_epilogue *ep,
                                     int row0, const float *residual, int mr) {
    int t = 0;
#define SL_SHORT_TILES(rows)                                                                                   \
    for (; t + 2 <= tiles; t += 2)                                                                             \
        tiles_avx512(kc, a, b + t * b_step, b_step, rs_b, c + t * SL_NR, rs_c, load_c, ep, row0,               \
                     residual ? residual + t * SL_NR : NULL, mr, a, rows, 1);                                  \
    if (t < tiles)                                                                                             \
        tiles_avx512(kc, a, b + t * b_step, 0, rs_b, c + t * SL_NR, rs_c, load_c, ep, row0,                    \
                     residual ? residual + t * SL_NR : NULL, mr, a, rows, 0);
    if (mr <= 2) { SL_SHORT_TILES(2) }
    else if (mr <= 4) { SL_SHORT_TILES(4) }
    else { SL_SHORT_TILES(SL_MR) }
#undef SL_SHORT_TILES
}

/* ukernel_row_avx2's whole tiles, two at a time. */
__attribute__((target(SL_AVX512_TARGET)))
static void ukernel_row_avx512(int tiles, long b_step, int kc, const float *restrict a, const float *restrict b,
                               long rs_b, float *restrict c, long rs_c, int load_c, const sl_epilogue *ep, int row0,
                               const float *residual, const float *a_next) {
    if (ep && ep->activation == SL_ACT_SIGMOID) {
        ukernel_row_avx2(tiles, b_step, kc, a, b, rs_b, c, rs_c, load_c, ep, row0, residual, a_next);
        return;
    }
    int t = 0;
    for (; t + 2 <= tiles; t += 2)
        tiles_avx512(kc, a, b + t * b_step, b_step, rs_b, c + t * SL_NR, rs_c, load_c, ep, row0,
                     residual ? residual + t * SL_NR : NULL, SL_MR, t == 0 ? a_next : a, SL_MR, 1);
    if (t < tiles)
        tiles_avx512(kc, a, b + t * b_step, 0, rs_b, c + t * SL_NR, rs_c, load_c, ep, row0,
                     residual ? residual + t * SL_NR : NULL, SL_MR, t == 0 ? a_next : a, SL_MR, 0);
}
#endif

static sl_ukernel_fn select_narrow_ukernel(void) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) return ukernel_narrow_avx2;
#endif
    return ukernel_generic;
}

static sl_ukernel_fn select_columns_ukernel(void) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) return ukernel_columns_avx2;
#endif
    return ukernel_generic;
}

static sl_row_ukernel_fn select_row_ukernel(void) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx512()) return ukernel_row_avx512;
    if (sl_cpu_has_avx2_fma()) return ukernel_row_avx2;
#endif
    return NULL;
}

static sl_ukernel_fn select_stream_ukernel(void) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) return ukernel_stream_avx2;
#endif
    return ukernel_generic;
}

static sl_column_pairs_fn select_column_pairs_ukernel(void) {
#if defined(__x86_64__)
    if (sl_cpu_has_avx512()) return ukernel_column_pairs_avx512;
#endif
    return NULL;
}

static sl_short_row_fn select_short_row_ukernel(void) {
#if defined(__x86_64__)
    if (sl_cpu_has_avx512()) return ukernel_short_row_avx512;
#endif
    return NULL;
}

static sl_row_panels_fn select_row_panels_ukernel(void) {
#if defined(__x86_64__)
    if (sl_cpu_has_avx512()) return ukernel_row_panels_avx512;
#endif
    return NULL;
}

static sl_ukernel_fn select_ukernel(void) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx512()) return ukernel_avx512;
    if (sl_cpu_has_avx2_fma()) return ukernel_avx2;
#endif
    return ukernel_generic;
}

/* ---- packing ------------------------------------------------------------------------- */

size_t sl_gemm_packed_a_size(int M, int K) {
    size_t panels = (size_t)(M + SL_MR - 1) / SL_MR;
    return panels * SL_MR * (size_t)K;
}

void sl_gemm_pack_a(const float *a, long rs_a, long cs_a, int M, int K, float *packed) {
    int panels = (M + SL_MR - 1) / SL_MR;
    for (int p = 0; p < panels; p++) {
        float *dst = packed + (size_t)p * SL_MR * K;
        for (int k = 0; k < K; k++) {
            for (int r = 0; r < SL_MR; r++) {
                int i = p * SL_MR + r;
                dst[(size_t)k * SL_MR + r] = i < M ? a[i * rs_a + k * cs_a] : 0.0f;
            }
        }
    }
}

/* Packs B[k0 .. k0+kc) x [j0 .. j0+nc) into panels of SL_NR columns (zero padded). A
 * contiguous B is read a row at a time, each row's panels copied in one pass: walking one
 * panel down all kc rows, then the next, read every row's cache lines once per panel (Lite2's
 * projections on 9x9 planes, 81 columns a row, 6 panels), and packing took 1-2 % of a run. */
static void pack_b(const float *b, long rs_b, long cs_b, int k0, int kc, int j0, int nc, float *out) {
    const int whole = nc / SL_NR, rest = nc % SL_NR;
    const float *src = b + (long)k0 * rs_b + (long)j0 * cs_b;
    for (int k = 0; k < kc; k++, src += rs_b) {
        float *dst = out + (size_t)k * SL_NR;
        for (int q = 0; q < whole; q++) {
            float *d = dst + (size_t)q * kc * SL_NR;
            const float *s = src + (long)q * SL_NR * cs_b;
            if (cs_b == 1) memcpy(d, s, SL_NR * sizeof(float));
            else for (int j = 0; j < SL_NR; j++) d[j] = s[j * cs_b];
        }
        if (rest) {
            float *d = dst + (size_t)whole * kc * SL_NR;
            const float *s = src + (long)whole * SL_NR * cs_b;
            int j = 0;
            for (; j < rest; j++) d[j] = s[j * cs_b];
            for (; j < SL_NR; j++) d[j] = 0.0f;
        }
    }
}

/* ---- epilogue ------------------------------------------------------------------------ */

static inline __attribute__((always_inline)) void epilogue_body(
    float *c, long rs, int rows, int cols, int row0, const sl_epilogue *ep,
    const float *residual, long residual_rs, const float *partial) {
    for (int r = 0; r < rows; r++) {
        float *row = c + r * rs;
        if (partial) {
            const float *add = partial + r * rs;
            for (int j = 0; j < cols; j++) row[j] += add[j];
        }
        if (ep->bias) {
            float bias = ep->bias[row0 + r];
            for (int j = 0; j < cols; j++) row[j] += bias;
        }
        if (residual) {
            const float *res = residual + r * residual_rs;
            for (int j = 0; j < cols; j++) row[j] += res[j];
        }
        switch (ep->activation) {
        case SL_ACT_RELU:
            for (int j = 0; j < cols; j++) row[j] = row[j] > 0.0f ? row[j] : 0.0f;
            break;
        case SL_ACT_CLIP: {
            float lo = ep->p0, hi = ep->p1;
            for (int j = 0; j < cols; j++) {
                float v = row[j] < lo ? lo : row[j];
                row[j] = v > hi ? hi : v;
            }
            break;
        }
        case SL_ACT_LEAKY: {
            float alpha = ep->p0;
            for (int j = 0; j < cols; j++) row[j] = row[j] >= 0.0f ? row[j] : alpha * row[j];
            break;
        }
        case SL_ACT_PRELU: {
            float slope = ep->slope[row0 + r];
            for (int j = 0; j < cols; j++) row[j] = row[j] >= 0.0f ? row[j] : slope * row[j];
            break;
        }
        case SL_ACT_SIGMOID:
            for (int j = 0; j < cols; j++) row[j] = 1.0f / (1.0f + __builtin_expf(-row[j]));
            break;
        default:
            break;
        }
    }
}

#if defined(__x86_64__) || defined(__i386__)
__attribute__((target("avx2,fma")))
static void epilogue_avx2(float *c, long rs, int rows, int cols, int row0, const sl_epilogue *ep,
                          const float *residual, long residual_rs, const float *partial) {
    epilogue_body(c, rs, rows, cols, row0, ep, residual, residual_rs, partial);
}
#endif

static void epilogue_generic(float *c, long rs, int rows, int cols, int row0, const sl_epilogue *ep,
                             const float *residual, long residual_rs, const float *partial) {
    epilogue_body(c, rs, rows, cols, row0, ep, residual, residual_rs, partial);
}

static void run_epilogue(float *c, long rs, int rows, int cols, int row0, const sl_epilogue *ep,
                         const float *residual, long residual_rs, const float *partial) {
#if defined(__x86_64__) || defined(__i386__)
    if (sl_cpu_has_avx2_fma()) {
        epilogue_avx2(c, rs, rows, cols, row0, ep, residual, residual_rs, partial);
        return;
    }
#endif
    epilogue_generic(c, rs, rows, cols, row0, ep, residual, residual_rs, partial);
}

void sl_apply_epilogue(float *c, long rs, int rows, int cols, int row0, const sl_epilogue *ep,
                       const float *residual, long residual_rs) {
    if (!ep) return;
    if (!ep->bias && !residual && ep->activation == SL_ACT_NONE) return;
    run_epilogue(c, rs, rows, cols, row0, ep, residual, residual_rs, NULL);
}

void sl_sum_epilogue(float *c, const float *partial, long rs, int rows, int cols, int row0, const sl_epilogue *ep,
                     const float *residual, long residual_rs) {
    const sl_epilogue none = {NULL, NULL, SL_ACT_NONE, 0.0f, 0.0f, NULL};
    run_epilogue(c, rs, rows, cols, row0, ep ? ep : &none, residual, residual_rs, partial);
}

/* ---- macro-kernel -------------------------------------------------------------------- */

typedef struct {
    int M, N, K;
    const float *packed_a;
    const float *b;
    long rs_b, cs_b;
    float *c;
    long rs_c, cs_c;
    const sl_epilogue *ep;
    int split_columns;      /* 1: tasks own column ranges; 0: tasks own row-panel ranges */
    sl_ukernel_fn ukernel, narrow_ukernel, columns_ukernel;
    sl_row_ukernel_fn row_ukernel;   /* NULL: whole tiles go one call each */
    sl_ukernel_fn stream_ukernel;    /* whole tiles of a long B read in place */
    int a_depth;            /* depth A was packed with: its panels lie SL_MR * a_depth floats apart */
    sl_row_panels_fn row_panels_ukernel;   /* NULL: block_columns_outer goes one row panel at a time */
    sl_short_row_fn short_row_ukernel;     /* NULL: a short row panel's whole tiles go one call each */
    sl_column_pairs_fn column_pairs_ukernel;   /* NULL: the last 1-4 columns go one row panel at a time */
} gemm_job;

/* The B panel of columns jc + jr ... (nr of them) in depth block pc: in the packed block `bp`,
 * in place (a B read in place), or — a narrow panel of a B read in place — packed into `bp`
 * (unused then). Its rows lie *rs_panel floats apart. */
static const float *b_panel(const gemm_job *job, int direct_b, float *bp, int jc, int jr, int nr, int pc, int kc,
                            long *rs_panel) {
    *rs_panel = SL_NR;
    if (!direct_b) return bp + (size_t)(jr / SL_NR) * kc * SL_NR;
    if (nr == SL_NR) {
        *rs_panel = job->rs_b;
        return job->b + (long)pc * job->rs_b + jc + jr;
    }
    pack_b(job->b, job->rs_b, job->cs_b, pc, kc, jc + jr, nr, bp);
    return bp;
}

/* One depth block of columns [jc, jc + nc) for a few row panels (2-4: a projection to 16-24
 * channels), column tile by column tile: the tile's B panel stays in L1 while every row panel
 * uses it, where panel by panel each would stream the block's whole B from L2 again
 * (band-sized projections 9-15 % faster, C microbenchmark). C must be contiguous by row. */
static void block_columns_outer(const gemm_job *job, int i0, int i1, int jc, int nc, int pc, int kc,
                                int first, int last, int direct_b, float *bp) {
    for (int jr = 0; jr < nc; jr += SL_NR) {
        const int nr = nc - jr < SL_NR ? nc - jr : SL_NR;
        const int j = jc + jr;
        long rs_panel;
        const float *bpanel = b_panel(job, direct_b, bp, jc, jr, nr, pc, kc, &rs_panel);
        sl_ukernel_fn ukernel = nr <= 4 ? job->columns_ukernel : nr <= 8 ? job->narrow_ukernel : job->ukernel;
        const int panels_paired = job->row_panels_ukernel && nr == SL_NR && !(job->ep && job->ep->activation == SL_ACT_SIGMOID);
        for (int ic = i0; ic < i1;) {
            const int mr = i1 - ic < SL_MR ? i1 - ic : SL_MR;
            const float *ap = job->packed_a + (size_t)(ic / SL_MR) * SL_MR * job->a_depth + (size_t)pc * SL_MR;
            const float *res = last && job->ep && job->ep->residual
                ? job->ep->residual + (long)ic * job->rs_c + j : NULL;
            if (panels_paired && i1 - ic > SL_MR) {
                const int mr2 = i1 - ic - SL_MR < SL_MR ? i1 - ic - SL_MR : SL_MR;
                job->row_panels_ukernel(kc, ap, (long)SL_MR * job->a_depth, bpanel, rs_panel,
                                        job->c + (long)ic * job->rs_c + j, job->rs_c, !first, last ? job->ep : NULL, ic,
                                        res, mr2);
                ic += 2 * SL_MR;
                continue;
            }
            ukernel(kc, ap, bpanel, rs_panel, job->c + (long)ic * job->rs_c + j, job->rs_c, !first,
                    last ? job->ep : NULL, ic, res, mr, nr, ap);
            ic += SL_MR;
        }
    }
}

/* Computes rows [i0, i1) x columns [j0, j1) of C (i0 a multiple of SL_MR). Each row panel
 * of A stays in L1 while it passes along the block's B panels, so that C is written row by
 * row (B panel outside, A panel inside was measured slower: C's rows are then written 16
 * columns at a time across the whole height) — except for 2-4 row panels, see
 * block_columns_outer. */
static void gemm_block(const gemm_job *job, int i0, int i1, int j0, int j1) {
    const int K = job->K;
    float *bp = sl_thread_scratch(SL_SCRATCH_PACKED_B, (size_t)SL_KC * (SL_NC + SL_NR));
    float tile[SL_MR * SL_NR] __attribute__((aligned(64)));
    const int direct_c = job->cs_c == 1;
    /* A contiguous B is read in place when it is short (packing it would cost as much as
     * using it) or when few row panels share it (a projection to 16-24 channels: packing
     * writes and re-reads B for at most four passes over it; with more panels the packed,
     * L1-friendly copy wins — measured on Lite0's 1x1 layers). */
    const int direct_b = job->cs_b == 1 && (K <= SL_DIRECT_B_DEPTH || job->M <= 4 * SL_MR);
    const int columns_outer = direct_c && i1 - i0 > SL_MR && i1 - i0 <= 4 * SL_MR;
    const int stream_b = direct_b && job->N >= SL_STREAM_COLUMNS;
    const int odd_tiles_paired = direct_c && job->row_ukernel && job->row_panels_ukernel
        && !(job->ep && job->ep->activation == SL_ACT_SIGMOID);
    for (int jc = j0; jc < j1; jc += SL_NC) {
        int nc = j1 - jc < SL_NC ? j1 - jc : SL_NC;
        for (int pc = 0; pc < K; pc += SL_KC) {
            int kc = K - pc < SL_KC ? K - pc : SL_KC;
            int first = pc == 0, last = pc + kc >= K;
            if (!direct_b) pack_b(job->b, job->rs_b, job->cs_b, pc, kc, jc, nc, bp);
            if (columns_outer) {
                block_columns_outer(job, i0, i1, jc, nc, pc, kc, first, last, direct_b, bp);
                continue;
            }
            for (int ic = i0; ic < i1; ic += SL_MR) {
                int mr = i1 - ic < SL_MR ? i1 - ic : SL_MR;
                const float *ap = job->packed_a + (size_t)(ic / SL_MR) * SL_MR * job->a_depth + (size_t)pc * SL_MR;
                /* A row panel's whole tiles go in pairs where the kernels are AVX-512; an odd
                 * last one would run alone on six accumulators (7x7 and 9x9 planes: three or
                 * five tiles a row), so two full row panels take theirs together (12x16), the
                 * first of them running it and the second skipping it. */
                const int panel = (ic - i0) / SL_MR;
                const int takes_next = odd_tiles_paired && panel % 2 == 0 && ic + 2 * SL_MR <= i1;
                const int given_up = odd_tiles_paired && panel % 2 == 1 && mr == SL_MR;
                /* Weights come from memory once per run, and the hardware prefetcher does not
                 * follow a panel read again for each column tile: the first tile prefetches
                 * the next panel (7x7 layers with cold weights, 3-4 tiles a panel: 3-9 %
                 * faster), later tiles point at this panel, already in cache. */
                const float *a_next = ic + SL_MR < i1 ? ap + (size_t)SL_MR * job->a_depth : ap;
                for (int jr = 0; jr < nc; jr += SL_NR) {
                    int nr = nc - jr < SL_NR ? nc - jr : SL_NR;
                    int j = jc + jr;
                    if (direct_c && job->row_ukernel && mr == SL_MR && nr == SL_NR) {
                        /* The whole tiles left in this row panel, in one call. */
                        const int tiles = (nc - jr) / SL_NR;
                        const int alone = (takes_next || given_up) && tiles % 2 == 1;
                        const float *res = last && job->ep && job->ep->residual
                            ? job->ep->residual + (long)ic * job->rs_c + j : NULL;
                        const long b_step = direct_b ? SL_NR : (long)kc * SL_NR;
                        const float *b = direct_b ? job->b + (long)pc * job->rs_b + j : bp + (size_t)(jr / SL_NR) * kc * SL_NR;
                        const long rs_b = direct_b ? job->rs_b : SL_NR;
                        if (tiles > alone)
                            job->row_ukernel(tiles - alone, b_step, kc, ap, b, rs_b, job->c + (long)ic * job->rs_c + j,
                                             job->rs_c, !first, last ? job->ep : NULL, ic, res, jr == 0 ? a_next : ap);
                        if (alone && takes_next) {
                            const long t = tiles - 1;
                            job->row_panels_ukernel(kc, ap, (long)SL_MR * job->a_depth, b + t * b_step, rs_b,
                                                    job->c + (long)ic * job->rs_c + j + t * SL_NR, job->rs_c, !first,
                                                    last ? job->ep : NULL, ic, res ? res + t * SL_NR : NULL, SL_MR);
                        }
                        jr += (tiles - 1) * SL_NR;
                        continue;
                    }
                    if (direct_c && job->short_row_ukernel && mr < SL_MR && nr == SL_NR && !stream_b
                        && !(job->ep && job->ep->activation == SL_ACT_SIGMOID)) {
                        /* A last row panel of fewer than six rows: its whole tiles in pairs. */
                        const int tiles = (nc - jr) / SL_NR;
                        job->short_row_ukernel(tiles, direct_b ? SL_NR : (long)kc * SL_NR, kc, ap,
                                               direct_b ? job->b + (long)pc * job->rs_b + j
                                                        : bp + (size_t)(jr / SL_NR) * kc * SL_NR,
                                               direct_b ? job->rs_b : SL_NR, job->c + (long)ic * job->rs_c + j,
                                               job->rs_c, !first, last ? job->ep : NULL, ic,
                                               last && job->ep && job->ep->residual
                                                   ? job->ep->residual + (long)ic * job->rs_c + j : NULL, mr);
                        jr += (tiles - 1) * SL_NR;
                        continue;
                    }
                    long rs_panel;
                    const float *bpanel = b_panel(job, direct_b, bp, jc, jr, nr, pc, kc, &rs_panel);
                    sl_ukernel_fn ukernel = nr <= 4 ? job->columns_ukernel : nr <= 8 ? job->narrow_ukernel
                        : stream_b ? job->stream_ukernel : job->ukernel;
                    float *ctile = job->c + (long)ic * job->rs_c + (long)j * job->cs_c;
                    const float *res = last && job->ep && job->ep->residual
                        ? job->ep->residual + (long)ic * job->rs_c + j : NULL;
                    if (nr <= 4 && !stream_b && job->column_pairs_ukernel && (takes_next || given_up)) {
                        /* The last columns of two full row panels together, like their odd tiles. */
                        if (takes_next)
                            job->column_pairs_ukernel(kc, ap, (long)SL_MR * job->a_depth, bpanel, rs_panel, ctile,
                                                      job->rs_c, !first, last ? job->ep : NULL, ic, res, nr);
                        continue;
                    }
                    if (direct_c) {
                        ukernel(kc, ap, bpanel, rs_panel, ctile, job->rs_c, !first, last ? job->ep : NULL, ic,
                                res, mr, nr, jr == 0 ? a_next : ap);
                        continue;
                    }
                    /* C with strided columns: through a contiguous tile. */
                    if (!first)
                        for (int r = 0; r < mr; r++)
                            for (int q = 0; q < nr; q++)
                                tile[r * SL_NR + q] = ctile[r * job->rs_c + q * job->cs_c];
                    ukernel(kc, ap, bpanel, rs_panel, tile, SL_NR, !first, NULL, 0, NULL, mr, nr,
                            jr == 0 ? a_next : ap);
                    if (last && job->ep) sl_apply_epilogue(tile, SL_NR, mr, nr, ic, job->ep, res, job->rs_c);
                    for (int r = 0; r < mr; r++)
                        for (int q = 0; q < nr; q++)
                            ctile[r * job->rs_c + q * job->cs_c] = tile[r * SL_NR + q];
                }
            }
        }
    }
}

/* Column tasks share the tiles of C out in column-major order (all row panels of a column
 * panel, then the next), so a task's range may start or end part-way down a column panel.
 * Tiles are weighed by cost: a last column panel of 3-4 columns runs a kernel that costs
 * about three quarters of a whole tile's, of 1-2 columns about half (measured 0.6-1.0 and
 * 0.3-0.55 on 14x14 layers), not the fraction their width suggests. Cutting
 * at whole panels split a 14x14 layer's 13 panels 3/3/3/4 in four tasks, and one thread
 * waited for the other: with tiles, the caller's wait in Lite0's GEMMs at 2 threads fell by
 * 35-45 % and a run's cycles by about 1 %. (Guided chunks of tiles balanced better still but
 * ran slower: a chunk of a few tiles streams all of A for one column of tiles.) */
static int column_panel_weight(const gemm_job *job, int panel) {
    int columns = job->N - panel * SL_NR;
    return columns <= 2 ? 2 : columns <= 4 ? 3 : 4;
}

/* The first tile (linear index, column-major) at or past part / parts of the total weight. */
static long tile_at_share(const gemm_job *job, int panels, int rows, int part, int parts, long total) {
    long target = total * part / parts, weight = 0;
    for (int p = 0; p < panels; p++) {
        long w = (long)column_panel_weight(job, p) * rows;
        if (weight + w > target) {
            long per_tile = column_panel_weight(job, p);
            return (long)p * rows + (target - weight + per_tile - 1) / per_tile;
        }
        weight += w;
    }
    return (long)panels * rows;
}

/* Tiles [t0, t1) of C, numbered in column-major order. */
static void gemm_tiles(const gemm_job *job, long t0, long t1) {
    const int rows = (job->M + SL_MR - 1) / SL_MR;
    while (t0 < t1) {
        int p = (int)(t0 / rows), r0 = (int)(t0 % rows);
        int j0 = p * SL_NR;
        if (r0 > 0 || t1 < (long)(p + 1) * rows) {
            /* Part of one column panel's rows. */
            int r1 = t1 < (long)(p + 1) * rows ? (int)(t1 - (long)p * rows) : rows;
            int i1 = r1 * SL_MR < job->M ? r1 * SL_MR : job->M;
            int j1 = j0 + SL_NR < job->N ? j0 + SL_NR : job->N;
            gemm_block(job, r0 * SL_MR, i1, j0, j1);
            t0 = (long)p * rows + r1;
        } else {
            /* Whole column panels, in one block (B packed once for them). */
            int p1 = (int)(t1 / rows);
            int j1 = p1 * SL_NR < job->N ? p1 * SL_NR : job->N;
            gemm_block(job, 0, job->M, j0, j1);
            t0 = (long)p1 * rows;
        }
    }
}

static void gemm_task(void *context, int task, int task_count) {
    const gemm_job *job = context;
    if (job->split_columns) {
        int panels = (job->N + SL_NR - 1) / SL_NR;
        int rows = (job->M + SL_MR - 1) / SL_MR;
        long total = 0;
        for (int p = 0; p < panels; p++) total += (long)column_panel_weight(job, p) * rows;
        gemm_tiles(job, tile_at_share(job, panels, rows, task, task_count, total),
                   tile_at_share(job, panels, rows, task + 1, task_count, total));
    } else {
        int panels = (job->M + SL_MR - 1) / SL_MR;
        int p0 = (int)((long)panels * task / task_count);
        int p1 = (int)((long)panels * (task + 1) / task_count);
        int i0 = p0 * SL_MR, i1 = p1 * SL_MR < job->M ? p1 * SL_MR : job->M;
        if (i0 < i1) gemm_block(job, i0, i1, 0, job->N);
    }
}

/* ---- matrix-vector products (N < 4): one column at a time, four 6-row panels per pass -- */

typedef struct {
    int M, K;
    const float *packed_a;
    const float *x;
    long inc_x;
    float *y;
    long inc_y;
    const sl_epilogue *ep;
    int a_depth;   /* as in gemm_job */
} gemv_job;

/* out[q][r] = row r of panel a[q] · x, for SL_GEMV_STREAMS panels. */
static void gemv_panels_generic(int K, const float *const *a, const float *x, long inc_x,
                                float out[SL_GEMV_STREAMS][SL_MR]) {
    for (int q = 0; q < SL_GEMV_STREAMS; q++) {
        for (int r = 0; r < SL_MR; r++) out[q][r] = 0.0f;
        for (int k = 0; k < K; k++) {
            float xv = x[k * inc_x];
            for (int r = 0; r < SL_MR; r++) out[q][r] += a[q][k * SL_MR + r] * xv;
        }
    }
}

#if defined(__x86_64__) || defined(__i386__)
/* Rows of a panel are the vector lanes (6 of 8 used); two FMA chains per panel (even and
 * odd depths, which keeps the rounding of a 1280-deep sum near that of four). The weights
 * (the classifier's 5 MB) come from memory once per run, and four panels read side by side
 * are four streams for the hardware prefetcher: 0.166 ms against 0.250 for one panel at a
 * time with software prefetching (C microbenchmark, 1000 × 1280, weights flushed from the
 * caches; a row-major kernel like ONNX Runtime's 0.19). An 8-float load at depth k reads two
 * floats of depth k+1, so the last depth step is done in scalar code to stay inside the panel. */
__attribute__((target("avx2,fma")))
static void gemv_panels_avx2(int K, const float *const *a, const float *x, long inc_x,
                             float out[SL_GEMV_STREAMS][SL_MR]) {
    __m256 even[SL_GEMV_STREAMS], odd[SL_GEMV_STREAMS];
    for (int q = 0; q < SL_GEMV_STREAMS; q++) even[q] = odd[q] = _mm256_setzero_ps();
    int k = 0;
    for (; k + 2 <= K - 1; k += 2) {
        const __m256 x0 = _mm256_set1_ps(x[k * inc_x]), x1 = _mm256_set1_ps(x[(k + 1) * inc_x]);
        for (int q = 0; q < SL_GEMV_STREAMS; q++) {
            even[q] = _mm256_fmadd_ps(_mm256_loadu_ps(a[q] + k * SL_MR), x0, even[q]);
            odd[q] = _mm256_fmadd_ps(_mm256_loadu_ps(a[q] + (k + 1) * SL_MR), x1, odd[q]);
        }
    }
    for (; k < K - 1; k++) {
        const __m256 x0 = _mm256_set1_ps(x[k * inc_x]);
        for (int q = 0; q < SL_GEMV_STREAMS; q++)
            even[q] = _mm256_fmadd_ps(_mm256_loadu_ps(a[q] + k * SL_MR), x0, even[q]);
    }
    const float last = x[(K - 1) * inc_x];
    for (int q = 0; q < SL_GEMV_STREAMS; q++) {
        float lanes[8];
        _mm256_storeu_ps(lanes, _mm256_add_ps(even[q], odd[q]));
        for (int r = 0; r < SL_MR; r++) out[q][r] = lanes[r] + a[q][(K - 1) * SL_MR + r] * last;
    }
}
#endif

/* Row panels [p0, p1) of the product. */
static void gemv_rows(const gemv_job *job, int p0, int p1) {
    int fast = sl_cpu_has_avx2_fma();
    for (int p = p0; p < p1; p += SL_GEMV_STREAMS) {
        /* A last group of fewer panels repeats its first (computed, not stored). */
        const int count = p1 - p < SL_GEMV_STREAMS ? p1 - p : SL_GEMV_STREAMS;
        const float *a[SL_GEMV_STREAMS];
        for (int q = 0; q < SL_GEMV_STREAMS; q++)
            a[q] = job->packed_a + (size_t)(p + (q < count ? q : 0)) * SL_MR * job->a_depth;
        float out[SL_GEMV_STREAMS][SL_MR];
#if defined(__x86_64__) || defined(__i386__)
        if (fast) gemv_panels_avx2(job->K, a, job->x, job->inc_x, out);
        else
#endif
            gemv_panels_generic(job->K, a, job->x, job->inc_x, out);
        for (int q = 0; q < count; q++) {
            int row0 = (p + q) * SL_MR;
            int rows = job->M - row0 < SL_MR ? job->M - row0 : SL_MR;
            if (job->ep) sl_apply_epilogue(out[q], 1, rows, 1, row0, job->ep, NULL, 0);
            for (int r = 0; r < rows; r++) job->y[(long)(row0 + r) * job->inc_y] = out[q][r];
        }
    }
}

static void gemv_task(void *context, int task, int task_count) {
    const gemv_job *job = context;
    int panels = (job->M + SL_MR - 1) / SL_MR;
    gemv_rows(job, (int)((long)panels * task / task_count), (int)((long)panels * (task + 1) / task_count));
}

/* Products with fewer than four columns (and no residual) go one column at a time through
 * the matrix-vector path. */
static int uses_gemv(int N, int K, const sl_epilogue *ep) { return N < 4 && K > 0 && (!ep || !ep->residual); }

/* C = 0 (+ the epilogue) when the product has no depth. */
static void gemm_empty(int i0, int i1, int N, float *c, long rs_c, long cs_c, const sl_epilogue *ep) {
    for (int i = i0; i < i1; i++)
        for (int j = 0; j < N; j++) c[i * rs_c + j * cs_c] = 0.0f;
    if (ep && cs_c == 1)
        sl_apply_epilogue(c + (long)i0 * rs_c, rs_c, i1 - i0, N, i0, ep,
                          ep->residual ? ep->residual + (long)i0 * rs_c : NULL, rs_c);
}

static gemm_job make_gemm_job(int M, int N, int K, const float *packed_a, const float *b, long rs_b, long cs_b,
                              float *c, long rs_c, long cs_c, const sl_epilogue *ep) {
    gemm_job job = {M, N, K, packed_a, b, rs_b, cs_b, c, rs_c, cs_c, ep, 1, select_ukernel(),
                    select_narrow_ukernel(), select_columns_ukernel(), select_row_ukernel(),
                    select_stream_ukernel(), K, select_row_panels_ukernel(), select_short_row_ukernel(),
                    select_column_pairs_ukernel()};
    return job;
}

void sl_gemm_packed_rows(int M, int N, int K, const float *packed_a, int row0, int row1,
                         const float *b, long rs_b, long cs_b,
                         float *c, long rs_c, long cs_c, const sl_epilogue *ep) {
    if (row1 > M) row1 = M;
    if (row0 >= row1 || N <= 0) return;
    if (uses_gemv(N, K, ep)) {
        for (int j = 0; j < N; j++) {
            gemv_job job = {M, K, packed_a, b + (long)j * cs_b, rs_b, c + (long)j * cs_c, rs_c, ep, K};
            gemv_rows(&job, row0 / SL_MR, (row1 + SL_MR - 1) / SL_MR);
        }
        return;
    }
    if (K == 0) {
        gemm_empty(row0, row1, N, c, rs_c, cs_c, ep);
        return;
    }
    gemm_job job = make_gemm_job(M, N, K, packed_a, b, rs_b, cs_b, c, rs_c, cs_c, ep);
    gemm_block(&job, row0, row1, 0, N);
}

void sl_gemm_packed_depths(int M, int N, int K, const float *packed_a, int k0, int k1,
                           const float *b, long rs_b, long cs_b,
                           float *c, long rs_c, long cs_c, const sl_epilogue *ep) {
    if (k1 > K) k1 = K;
    if (M <= 0 || N <= 0) return;
    if (k0 >= k1) {
        gemm_empty(0, M, N, c, rs_c, cs_c, ep);
        return;
    }
    const float *a = packed_a + (size_t)k0 * SL_MR;   /* depth k0 of every panel */
    if (uses_gemv(N, k1 - k0, ep)) {
        for (int j = 0; j < N; j++) {
            gemv_job job = {M, k1 - k0, a, b + (long)j * cs_b, rs_b, c + (long)j * cs_c, rs_c, ep, K};
            gemv_rows(&job, 0, (M + SL_MR - 1) / SL_MR);
        }
        return;
    }
    gemm_job job = make_gemm_job(M, N, k1 - k0, a, b, rs_b, cs_b, c, rs_c, cs_c, ep);
    job.a_depth = K;
    gemm_block(&job, 0, M, 0, N);
}

void sl_gemm_packed(int M, int N, int K, const float *packed_a,
                    const float *b, long rs_b, long cs_b,
                    float *c, long rs_c, long cs_c,
                    const sl_epilogue *ep, sl_pool *pool) {
    if (M <= 0 || N <= 0) return;
    if (uses_gemv(N, K, ep)) {
        int panels = (M + SL_MR - 1) / SL_MR;
        int tasks = (long)M * K < 65536 ? 1 : sl_pool_threads(pool);
        if (tasks > panels) tasks = panels;
        for (int j = 0; j < N; j++) {
            gemv_job job = {M, K, packed_a, b + (long)j * cs_b, rs_b, c + (long)j * cs_c, rs_c, ep, K};
            sl_pool_run(tasks > 1 ? pool : NULL, gemv_task, &job, tasks);
        }
        return;
    }
    if (K == 0) {
        gemm_empty(0, M, N, c, rs_c, cs_c, ep);
        return;
    }
    gemm_job job = make_gemm_job(M, N, K, packed_a, b, rs_b, cs_b, c, rs_c, cs_c, ep);
    int threads = sl_pool_threads(pool);
    int column_panels = (N + SL_NR - 1) / SL_NR;
    int row_panels = (M + SL_MR - 1) / SL_MR;
    long work = (long)M * N * K;
    int tasks = threads;
    if (work < 32768) tasks = 1;   /* too small to be worth waking a thread */
    /* Columns split well only when there are several panels per task (each task packs its
     * own columns of B); narrow outputs (7x7 and 14x14 planes) split by rows instead. */
    job.split_columns = column_panels >= 4 * tasks || column_panels >= row_panels;
    /* One task per thread, columns or rows alike. Column tasks were once cut two per thread,
     * so that a thread held up by another process would leave the others less idle time;
     * but tasks are claimed in turn, so which core computed (and held in its cache) which
     * columns changed from run to run. With one per thread the caller, claiming first,
     * usually takes the same part of every layer in every run: a two-thread run 0.5-1.8 %
     * faster (Lite0 and Lite2, one process alternating both ways). Row tasks each pack the
     * whole of B. */
    if (!job.split_columns && row_panels < tasks) tasks = row_panels;
    if (job.split_columns && (long)column_panels * row_panels < tasks) tasks = column_panels * row_panels;
    sl_pool_run(tasks > 1 ? pool : NULL, gemm_task, &job, tasks);
}

void sl_gemm(int M, int N, int K, const float *a, long rs_a, long cs_a,
             const float *b, long rs_b, long cs_b, float *c, long rs_c, long cs_c,
             const sl_epilogue *ep, float *scratch, sl_pool *pool) {
    sl_gemm_pack_a(a, rs_a, cs_a, M, K, scratch);
    sl_gemm_packed(M, N, K, scratch, b, rs_b, cs_b, c, rs_c, cs_c, ep, pool);
}
