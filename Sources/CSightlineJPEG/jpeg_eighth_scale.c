/*
 * The eighth-scale JPEG decoder (see sl_jpeg_decode_eighth in sightline_jpeg.h). Decoded at
 * 1/8 scale, each 8×8 block of a baseline JPEG becomes one sample: its DC coefficient,
 * dequantised, divided by 8 and level-shifted, which is what libjpeg's 1×1 inverse DCT
 * computes. The AC coefficients only have to be stepped over, so their Huffman codes are read
 * for their lengths alone — several codes with their extra bits in one table lookup — and
 * nothing else of libjpeg's per-block machinery (zeroing coefficient blocks, an inverse DCT
 * call per block, the row buffers between stages) is needed.
 *
 * libjpeg scales a subsampled component less when that spares upsampling: the chroma of a
 * 4:2:0 file is decoded at 1/4 scale (2×2 samples per block, its 2×2 reduced inverse DCT,
 * which reads 25 of the 64 coefficients), other ratios are upsampled by replication (its
 * smooth upsampling needs blocks larger than one sample). YCbCr is converted with libjpeg's
 * fixed-point tables. All of it is reproduced exactly: the pixels are the ones libjpeg writes.
 *
 * Only what this path reproduces exactly is decoded: 8-bit baseline or extended sequential
 * Huffman files, grayscale or YCbCr, all components in one scan, restart markers in order.
 * Anything else — and any damage (a bad code, data ending early, stray bytes) — is declined,
 * and the caller hands the file to libjpeg, which decodes it or reports what is wrong.
 */
#include "sightline_jpeg.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

/* Huffman codes up to this long are decoded with one lookup of the next FAST_BITS bits. */
#define FAST_BITS 10
/* AC codes stepped over: as many whole codes (with their extra bits) as fit in SKIP_BITS
 * bits are stepped over with one lookup. */
#define SKIP_BITS 12
#define MAX_COMPONENTS 3

/* Zigzag position → row-major position in the block; a run past the end lands on 63, as in
 * libjpeg (whose table has the same 16 extra entries). */
static const uint8_t natural_order[64 + 16] = {
    0,  1,  8,  16, 9,  2,  3,  10, 17, 24, 32, 25, 18, 11, 4,  5,
    12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,  7,  14, 21, 28,
    35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
    58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63, 63,
};

typedef struct {
    /* For the FAST_BITS-bit prefix of a code of at most FAST_BITS bits: length << 8 | symbol;
     * 0 for prefixes of longer codes. */
    uint16_t fast[1 << FAST_BITS];
    /* For longer codes (JPEG's F.2.2.3): the largest code of each length (−1: none) and the
     * offset from a code to its symbol's index. */
    int32_t max_code[18];
    int32_t value_offset[17];
    uint8_t symbols[256];
    /* For AC tables, the next SKIP_BITS bits → the codes they hold whole (see SKIP_ENTRY). */
    uint32_t skip[1 << SKIP_BITS];
    /* For DC tables, the next FAST_BITS bits → a code and its extra bits when both fit in
     * them: bits taken << 16 | the difference they give (16 bits, two's complement); else 0. */
    uint32_t differences[1 << FAST_BITS];
} huffman_table;

/* A skip entry packs: bits taken (0: the first code does not fit), coefficient positions
 * advanced, the positions advanced before its last code (which must start inside the block),
 * and whether the block's end-of-block code is among them. */
#define SKIP_ENTRY(bits, advance, before_last, ends) \
    ((uint32_t)(bits) | (uint32_t)(advance) << 8 | (uint32_t)(before_last) << 16 | (uint32_t)(ends) << 24)
#define SKIP_BITS_TAKEN(entry) ((int)((entry) & 0xFF))
#define SKIP_ADVANCE(entry) ((int)(((entry) >> 8) & 0xFF))
#define SKIP_BEFORE_LAST(entry) ((int)(((entry) >> 16) & 0xFF))
#define SKIP_ENDS(entry) ((int)((entry) >> 24))

typedef struct {
    uint8_t counts[17];   /* counts[l]: codes of length l */
    uint8_t symbols[256];
    int defined;
} huffman_definition;

typedef struct {
    int id, h, v, quant_index;
    int dc_table, ac_table;
    /* Samples per block side: 1, or 2 for chroma libjpeg scales by 1/4 (see the top). */
    int scaled_size;
    /* Samples of the rows decoded so far, `stride` per row. */
    uint8_t *plane;
    size_t stride;
    int16_t dequantiser[64];   /* quantisation steps, row-major */
    int predictor;             /* the previous block's DC value */
} component;

typedef struct {
    const uint8_t *next, *end;
    uint64_t buffer;    /* unread bits, most significant first */
    int count;          /* bits in `buffer` */
    int padding;        /* zero bits appended after the scan's data ran out (at a marker) */
} bit_reader;

typedef struct {
    const uint8_t *data, *end;
    int width, height, component_count;
    component components[MAX_COMPONENTS];
    int scan_order[MAX_COMPONENTS];  /* frame component index of each scan component */
    int max_h, max_v;
    uint16_t quant[4][64];   /* row-major */
    int quant_defined[4];
    huffman_definition dc_definitions[4], ac_definitions[4];
    huffman_table dc_tables[4], ac_tables[4];
    int restart_interval;
    int saw_adobe, adobe_transform;
    const uint8_t *scan_data;
} frame;

static int read16(const uint8_t *p) { return (p[0] << 8) | p[1]; }

/* ---- Markers ---------------------------------------------------------------------------- */

/* Reads the segments up to the first scan's header; 0 when the file is not one this decoder
 * reproduces exactly (or is malformed: libjpeg then says how). */
static int read_headers(frame *f) {
    const uint8_t *p = f->data, *end = f->end;
    int saw_frame = 0;
    if (end - p < 4 || p[0] != 0xFF || p[1] != 0xD8) return 0;
    p += 2;
    for (;;) {
        if (end - p < 4 || p[0] != 0xFF) return 0;   /* stray bytes: libjpeg warns */
        while (p < end - 1 && p[1] == 0xFF) p++;      /* fill bytes before a marker */
        if (end - p < 4) return 0;
        const int marker = p[1];
        const int length = read16(p + 2);
        const uint8_t *segment = p + 4, *segment_end = p + 2 + length;
        if (length < 2 || segment_end > end) return 0;
        p = segment_end;
        switch (marker) {
        case 0xC0: case 0xC1: {   /* baseline / extended sequential, Huffman */
            if (saw_frame || length < 8) return 0;
            const int precision = segment[0];
            f->height = read16(segment + 1);
            f->width = read16(segment + 3);
            f->component_count = segment[5];
            if (precision != 8 || f->width == 0 || f->height == 0) return 0;
            if (f->component_count != 1 && f->component_count != 3) return 0;
            if (length != 8 + 3 * f->component_count) return 0;
            f->max_h = f->max_v = 1;
            for (int i = 0; i < f->component_count; i++) {
                component *c = &f->components[i];
                const uint8_t *entry = segment + 6 + 3 * i;
                c->id = entry[0];
                c->h = entry[1] >> 4;
                c->v = entry[1] & 15;
                c->quant_index = entry[2];
                if (c->h < 1 || c->h > 4 || c->v < 1 || c->v > 4 || c->quant_index > 3) return 0;
                if (c->h > f->max_h) f->max_h = c->h;
                if (c->v > f->max_v) f->max_v = c->v;
            }
            saw_frame = 1;
            break;
        }
        case 0xC4: {   /* Huffman tables */
            const uint8_t *q = segment;
            while (q < segment_end) {
                if (segment_end - q < 17) return 0;
                const int kind = q[0] >> 4, index = q[0] & 15;
                if (kind > 1 || index > 3) return 0;
                huffman_definition *d = kind == 0 ? &f->dc_definitions[index] : &f->ac_definitions[index];
                int total = 0;
                d->counts[0] = 0;
                for (int l = 1; l <= 16; l++) total += d->counts[l] = q[l];
                q += 17;
                if (total > 256 || segment_end - q < total) return 0;
                memcpy(d->symbols, q, (size_t)total);
                q += total;
                d->defined = 1;
            }
            break;
        }
        case 0xDB: {   /* quantisation tables */
            const uint8_t *q = segment;
            while (q < segment_end) {
                const int wide = q[0] >> 4, index = q[0] & 15;
                const ptrdiff_t size = 1 + 64 * (wide ? 2 : 1);
                if (wide > 1 || index > 3 || segment_end - q < size) return 0;
                for (int k = 0; k < 64; k++)
                    f->quant[index][natural_order[k]] = (uint16_t)(wide ? read16(q + 1 + 2 * k) : q[1 + k]);
                f->quant_defined[index] = 1;
                q += size;
            }
            break;
        }
        case 0xDD:   /* restart interval */
            if (length != 4) return 0;
            f->restart_interval = read16(segment);
            break;
        case 0xEE:   /* Adobe: its colour transform decides how libjpeg reads three components */
            if (length >= 14 && memcmp(segment, "Adobe", 5) == 0) {
                f->saw_adobe = 1;
                f->adobe_transform = segment[11];
            }
            break;
        case 0xE0:   /* JFIF: libjpeg warns about major versions other than 1 */
            if (length >= 16 && memcmp(segment, "JFIF", 5) == 0 && segment[5] != 1) return 0;
            break;
        case 0xDA: {   /* the first scan */
            if (!saw_frame || length < 6) return 0;
            const int count = segment[0];
            if (count != f->component_count || length != 6 + 2 * count) return 0;
            for (int i = 0; i < count; i++) {
                const int id = segment[1 + 2 * i], tables = segment[2 + 2 * i];
                int found = -1;
                for (int j = 0; j < f->component_count; j++) if (f->components[j].id == id) found = j;
                if (found < 0) return 0;
                for (int j = 0; j < i; j++) if (f->scan_order[j] == found) return 0;
                f->scan_order[i] = found;
                f->components[found].dc_table = tables >> 4;
                f->components[found].ac_table = tables & 15;
                if ((tables >> 4) > 3 || (tables & 15) > 3) return 0;
            }
            const uint8_t *tail = segment + 1 + 2 * count;
            if (tail[0] != 0 || tail[1] != 63 || tail[2] != 0) return 0;   /* not sequential */
            f->scan_data = segment_end;
            return 1;
        }
        default:
            if ((marker >= 0xE1 && marker <= 0xEF) || marker == 0xFE) break;   /* APPn, comment */
            return 0;   /* other frame types, a second SOI, EOI or RSTn before the scan, … */
        }
    }
}

/* Three components are YCbCr unless libjpeg would read them as RGB (ids 'R', 'G', 'B', or an
 * Adobe marker with transform 0) or warn (an unknown Adobe transform). */
static int is_ycbcr(const frame *f) {
    if (f->component_count != 3) return 0;
    if (f->components[0].id == 'R' && f->components[1].id == 'G' && f->components[2].id == 'B') return 0;
    return !f->saw_adobe || f->adobe_transform == 1;
}

/* ---- Huffman decoding ------------------------------------------------------------------- */

/* Canonical codes from the counts (JPEG's C.2), refusing tables libjpeg calls bogus. */
static int build_codes(huffman_table *t, const huffman_definition *d, int is_dc) {
    if (!d->defined) return 0;
    memset(t->fast, 0, sizeof t->fast);
    int code = 0, index = 0;
    for (int l = 1; l <= 16; l++) {
        t->value_offset[l] = index - code;
        for (int i = 0; i < d->counts[l]; i++, code++, index++) {
            const int symbol = d->symbols[index];
            if (code >= 1 << l || (is_dc && symbol > 15)) return 0;
            t->symbols[index] = (uint8_t)symbol;
            if (l <= FAST_BITS) {
                const int shift = FAST_BITS - l;
                for (int j = code << shift; j < (code + 1) << shift; j++) t->fast[j] = (uint16_t)(l << 8 | symbol);
            }
        }
        t->max_code[l] = d->counts[l] ? code - 1 : -1;
        if (code >= 1 << l) return 0;
        code <<= 1;
    }
    t->max_code[17] = INT32_MAX;
    return 1;
}

/* The skip entries of an AC table: from each SKIP_BITS-bit prefix, the codes it holds whole,
 * up to an end-of-block code or 63 positions. */
static void build_skips(huffman_table *t) {
    for (unsigned prefix = 0; prefix < 1u << SKIP_BITS; prefix++) {
        int taken = 0, advance = 0, before_last = 0, ends = 0;
        while (!ends) {
            const int left = SKIP_BITS - taken;
            if (left <= 0) break;
            /* The next FAST_BITS bits after those taken (zeros beyond the prefix). */
            const unsigned window = (prefix << FAST_BITS >> (SKIP_BITS - taken)) & ((1u << FAST_BITS) - 1);
            const unsigned entry = t->fast[window];
            if (!entry) break;
            const int length = (int)(entry >> 8), symbol = (int)(entry & 0xFF);
            const int run = symbol >> 4, extra = symbol & 15;
            const int step = extra ? run + 1 : run == 15 ? 16 : 0;
            if (length + extra > left || advance + step > 63) break;
            before_last = advance;
            taken += length + extra;
            advance += step;
            ends = !extra && run != 15;
        }
        t->skip[prefix] = SKIP_ENTRY(taken, advance, before_last, ends);
    }
}

/* The signed value of `size` extra bits `bits` (JPEG's F.2.2.1 EXTEND). */
static inline __attribute__((always_inline)) int extend(int bits, int size) {
    return bits < (1 << (size - 1)) ? bits - (1 << size) + 1 : bits;
}

/* The difference entries of a DC table (see huffman_table). */
static void build_differences(huffman_table *t) {
    for (unsigned prefix = 0; prefix < 1u << FAST_BITS; prefix++) {
        const unsigned entry = t->fast[prefix];
        const int length = (int)(entry >> 8), size = (int)(entry & 0xFF);
        if (!entry || length + size > FAST_BITS) {
            t->differences[prefix] = 0;
            continue;
        }
        const int bits = (int)(prefix >> (FAST_BITS - length - size)) & ((1 << size) - 1);
        const int difference = size ? extend(bits, size) : 0;
        t->differences[prefix] = (uint32_t)(length + size) << 16 | (uint16_t)(int16_t)difference;
    }
}

/* Tops the reader up to at least 57 bits, a byte at a time. A marker ends the data: zero bits
 * are appended after it (as libjpeg does), and counted so the decoder can tell whether it read
 * any of them. */
static void refill_bytes(bit_reader *r) {
    while (r->count <= 56) {
        unsigned byte = 0;
        if (r->next < r->end && r->next[0] != 0xFF) {
            byte = *r->next++;
        } else if (r->end - r->next >= 2 && r->next[1] == 0x00) {
            byte = 0xFF;
            r->next += 2;
        } else {
            r->padding += 8;
        }
        r->buffer |= (uint64_t)byte << (56 - r->count);
        r->count += 8;
    }
}

/* The same, eight bytes at once when none of them is 0xFF (a stuffed byte or a marker). Bits
 * of the next byte may land below the count; the next refill ORs in the same bits. */
static inline __attribute__((always_inline)) void refill(bit_reader *r) {
    if (r->end - r->next >= 8) {
        uint64_t word;
        memcpy(&word, r->next, 8);
        const uint64_t inverted = ~word;
        if (!((inverted - 0x0101010101010101ull) & ~inverted & 0x8080808080808080ull)) {
            r->buffer |= __builtin_bswap64(word) >> r->count;
            const int bytes = (63 - r->count) >> 3;
            r->next += bytes;
            r->count += 8 * bytes;
            return;
        }
    }
    refill_bytes(r);
}

static inline __attribute__((always_inline)) unsigned peek(const bit_reader *r, int bits) { return (unsigned)(r->buffer >> (64 - bits)); }

static inline __attribute__((always_inline)) void drop(bit_reader *r, int bits) {
    r->buffer <<= bits;
    r->count -= bits;
}

/* The next symbol and its code's length, −1 for a code no table entry has (libjpeg warns). */
static inline __attribute__((always_inline)) int decode(const bit_reader *r, const huffman_table *t, int *length) {
    const unsigned entry = t->fast[peek(r, FAST_BITS)];
    if (entry) {
        *length = (int)(entry >> 8);
        return (int)(entry & 0xFF);
    }
    int l = FAST_BITS + 1;
    int code = (int)peek(r, l);
    while (code > t->max_code[l]) {
        if (++l > 16) return -1;
        code = (int)peek(r, l);
    }
    *length = l;
    return t->symbols[code + t->value_offset[l]];
}

/* The signed value of the next `size` extra bits. */
static inline __attribute__((always_inline)) int receive(bit_reader *r, int size) {
    const int bits = (int)peek(r, size);
    drop(r, size);
    return extend(bits, size);
}

/* The block's DC value (its component's prediction updated); 0 on a bad code. The reader is
 * topped up first, every block (a branch on the count would be mispredicted every few
 * blocks): the DC code and its extra bits take at most 27 of the 56 or more bits, which
 * leaves what skip_ac needs. Most codes and their extra bits come from one lookup. */
static inline __attribute__((always_inline)) int decode_dc(bit_reader *r, component *c, const huffman_table *dc, int *value) {
    refill(r);
    int difference;
    const uint32_t entry = dc->differences[peek(r, FAST_BITS)];
    if (__builtin_expect(entry != 0, 1)) {
        drop(r, (int)(entry >> 16));
        difference = (int16_t)(entry & 0xFFFF);
    } else {
        int length;
        const int size = decode(r, dc, &length);
        if (size < 0) return 0;
        drop(r, length);
        difference = size ? receive(r, size) : 0;
    }
    const int predictor = c->predictor + difference;
    if (predictor > (1 << 24) || predictor < -(1 << 24)) return 0;   /* only in damaged files */
    c->predictor = predictor;
    *value = (int16_t)predictor;   /* libjpeg keeps coefficients in 16 bits */
    return 1;
}

/* libjpeg's range limiting of an inverse DCT's output, level shift included: only the low 10
 * bits count (values outside −512…511, which only damaged files produce, wrap around). */
static inline __attribute__((always_inline)) uint8_t range_limit(int value) {
    const int wrapped = ((value & 1023) ^ 512) - 512;   /* the low 10 bits, signed */
    const int shifted = wrapped + 128;
    return (uint8_t)(shifted < 0 ? 0 : shifted > 255 ? 255 : shifted);
}

/* Steps over a block's AC coefficients from position k; 0 on a bad code. */
static inline __attribute__((always_inline)) int skip_ac_from(bit_reader *r, const huffman_table *ac, int k) {
    while (k < 64) {
        if (r->count < 32) refill(r);
        const uint32_t entry = ac->skip[peek(r, SKIP_BITS)];
        if (SKIP_BITS_TAKEN(entry) && k + SKIP_BEFORE_LAST(entry) < 64) {
            drop(r, SKIP_BITS_TAKEN(entry));
            k += SKIP_ADVANCE(entry);
            if (SKIP_ENDS(entry)) return 1;
            continue;
        }
        int length;
        const int symbol = decode(r, ac, &length);
        if (symbol < 0) return 0;
        const int run = symbol >> 4, extra = symbol & 15;
        drop(r, length + extra);
        if (extra) k += run + 1;
        else if (run == 15) k += 16;
        else return 1;
    }
    return 1;
}

/* Steps over a block's AC coefficients; 0 on a bad code. The reader must hold at least
 * 2 · SKIP_BITS bits. The first two skip lookups are made without a branch between them (most
 * blocks end within them, and whether one or two are needed is a coin toss the branch
 * predictor loses); longer blocks go on in skip_ac_from. The first lookup starts at position 1,
 * so its codes always start inside the block. */
static inline __attribute__((always_inline)) int skip_ac(bit_reader *r, const huffman_table *ac) {
    const uint32_t first = ac->skip[peek(r, SKIP_BITS)];
    const int first_bits = SKIP_BITS_TAKEN(first);
    const uint32_t second = ac->skip[(unsigned)((r->buffer << first_bits) >> (64 - SKIP_BITS))];
    const int after_first = 1 + SKIP_ADVANCE(first);
    const int use_second = !SKIP_ENDS(first) & (first_bits != 0) & (SKIP_BITS_TAKEN(second) != 0) &
                           (after_first + SKIP_BEFORE_LAST(second) < 64);
    drop(r, first_bits + (use_second ? SKIP_BITS_TAKEN(second) : 0));
    if (SKIP_ENDS(first) | (use_second & SKIP_ENDS(second))) return 1;
    return skip_ac_from(r, ac, after_first + (use_second ? SKIP_ADVANCE(second) : 0));
}

/* One block at 1/8 scale: its DC value's sample. */
static inline __attribute__((always_inline)) int decode_block_1x1(bit_reader *r, component *c, const huffman_table *dc, const huffman_table *ac,
                                   uint8_t *sample) {
    int value;
    if (!decode_dc(r, c, dc, &value) || !skip_ac(r, ac)) return 0;
    *sample = range_limit((value * c->dequantiser[0] + 4) >> 3);
    return 1;
}

/* FIX(x) of libjpeg's reduced inverse DCTs: x · 2^13, rounded. */
enum { FIX_0_720959822 = 5906, FIX_0_850430095 = 6967, FIX_1_272758580 = 10426, FIX_3_624509785 = 29692 };

/* One 1-D pass of libjpeg's 2-point reduced inverse DCT over the even input and the four odd
 * ones (the even inputs 2, 4, 6 cancel out). */
static inline __attribute__((always_inline)) void idct_2_point(int64_t in0, int64_t in1, int64_t in3, int64_t in5, int64_t in7,
                                int64_t *sum, int64_t *difference) {
    const int64_t even = in0 * 32768;
    const int64_t odd = in7 * -FIX_0_720959822 + in5 * FIX_0_850430095 + in3 * -FIX_1_272758580 +
                        in1 * FIX_3_624509785;
    *sum = even + odd;
    *difference = even - odd;
}

/* The coefficients libjpeg's 2×2 reduced inverse DCT reads (rows and columns 0, 1, 3, 5, 7),
 * row-major position → slot 0–24, or −1. */
static const int8_t idct_2x2_slot[64] = {
    0,  1,  -1, 2,  -1, 3,  -1, 4,
    5,  6,  -1, 7,  -1, 8,  -1, 9,
    -1, -1, -1, -1, -1, -1, -1, -1,
    10, 11, -1, 12, -1, 13, -1, 14,
    -1, -1, -1, -1, -1, -1, -1, -1,
    15, 16, -1, 17, -1, 18, -1, 19,
    -1, -1, -1, -1, -1, -1, -1, -1,
    20, 21, -1, 22, -1, 23, -1, 24,
};

/* One block at 1/4 scale: 2×2 samples from libjpeg's 2×2 reduced inverse DCT (jidctred.c).
 * With none of its AC coefficients set, all four are the DC sample; most chroma blocks of a
 * photo end right after their DC value, which is checked first. */
static inline __attribute__((always_inline)) int decode_block_2x2(bit_reader *r, component *c,
                                                                  const huffman_table *dc, const huffman_table *ac,
                                                                  uint8_t *samples, size_t stride) {
    int value, any_ac = 0;
    if (!decode_dc(r, c, dc, &value)) return 0;
    const unsigned first = ac->fast[peek(r, FAST_BITS)];
    if (first && (first & 0xFF) == 0) {   /* end of block */
        drop(r, (int)(first >> 8));
        const uint8_t sample = range_limit((value * c->dequantiser[0] + 4) >> 3);
        samples[0] = samples[1] = samples[stride] = samples[stride + 1] = sample;
        return 1;
    }
    int32_t slots[25] = { 0 };
    for (int k = 1; k < 64; k++) {
        if (r->count < 32) refill(r);
        int length;
        const int symbol = decode(r, ac, &length);
        if (symbol < 0) return 0;
        drop(r, length);
        const int run = symbol >> 4, extra = symbol & 15;
        if (extra) {
            k += run;
            const int coefficient = receive(r, extra);
            const int position = natural_order[k], slot = idct_2x2_slot[position];
            if (slot > 0) {
                slots[slot] = (int16_t)coefficient * c->dequantiser[position];
                any_ac = 1;
            }
        } else {
            if (run != 15) break;
            k += 15;
        }
    }
    if (!any_ac) {
        const uint8_t sample = range_limit((value * c->dequantiser[0] + 4) >> 3);
        samples[0] = samples[1] = samples[stride] = samples[stride + 1] = sample;
        return 1;
    }
    slots[0] = value * c->dequantiser[0];
    int64_t columns[2][5];
    for (int x = 0; x < 5; x++) {
        int64_t sum, difference;
        idct_2_point(slots[x], slots[5 + x], slots[10 + x], slots[15 + x], slots[20 + x], &sum, &difference);
        columns[0][x] = (int)((sum + (1 << 12)) >> 13);         /* DESCALE by CONST_BITS − PASS1_BITS + 2 */
        columns[1][x] = (int)((difference + (1 << 12)) >> 13);
    }
    for (int y = 0; y < 2; y++) {
        const int64_t *w = columns[y];
        int64_t sum, difference;
        idct_2_point(w[0], w[1], w[2], w[3], w[4], &sum, &difference);
        samples[y * stride] = range_limit((int)((sum + (1 << 19)) >> 20));   /* CONST_BITS + PASS1_BITS + 3 + 2 */
        samples[y * stride + 1] = range_limit((int)((difference + (1 << 19)) >> 20));
    }
    return 1;
}

/* At a restart marker: what is left of the interval must be padding (fewer than 8 bits), the
 * marker the expected RSTn; then the reader and the DC predictions start afresh. */
static int restart(frame *f, bit_reader *r, int *marker_number) {
    if (r->count < r->padding || r->count - r->padding >= 8) return 0;
    const uint8_t *p = r->next;
    while (r->end - p >= 2 && p[0] == 0xFF && p[1] == 0xFF) p++;
    if (r->end - p < 2 || p[0] != 0xFF || p[1] != 0xD0 + *marker_number) return 0;
    r->next = p + 2;
    r->buffer = 0;
    r->count = r->padding = 0;
    *marker_number = (*marker_number + 1) & 7;
    for (int i = 0; i < f->component_count; i++) f->components[i].predictor = 0;
    return 1;
}

/* A scan component's tables and where its blocks go, looked up once per scan. */
typedef struct {
    component *component;
    const huffman_table *dc, *ac;
    int h, v, size;
    size_t stride;
    size_t mcu_rows_bytes;   /* plane bytes per MCU row */
} scan_slot;

/* The common layout, 4:2:0 (one MCU: 2×2 luma blocks at 1/8 scale, then one block of each
 * chroma component at 1/4 scale), decoded by a loop with nothing left to look up per block,
 * which keeps the reader in registers: about 8 % faster than the general loop. */
static int decode_scan_420(frame *f, bit_reader *shared, int mcu_columns, int mcu_rows) {
    bit_reader reader = *shared;
    component *luma = &f->components[f->scan_order[0]];
    component *blue = &f->components[f->scan_order[1]];
    component *red = &f->components[f->scan_order[2]];
    const huffman_table *luma_dc = &f->dc_tables[luma->dc_table], *luma_ac = &f->ac_tables[luma->ac_table];
    const huffman_table *blue_dc = &f->dc_tables[blue->dc_table], *blue_ac = &f->ac_tables[blue->ac_table];
    const huffman_table *red_dc = &f->dc_tables[red->dc_table], *red_ac = &f->ac_tables[red->ac_table];
    int restarts_left = f->restart_interval, marker_number = 0;
    for (int row = 0; row < mcu_rows; row++) {
        uint8_t *y = luma->plane + (size_t)row * 2 * luma->stride;
        uint8_t *cb = blue->plane + (size_t)row * 2 * blue->stride;
        uint8_t *cr = red->plane + (size_t)row * 2 * red->stride;
        for (int column = 0; column < mcu_columns; column++, y += 2, cb += 2, cr += 2) {
            if (f->restart_interval) {
                if (restarts_left == 0) {
                    if (!restart(f, &reader, &marker_number)) return 0;
                    restarts_left = f->restart_interval;
                }
                restarts_left--;
            }
            if (!decode_block_1x1(&reader, luma, luma_dc, luma_ac, y) ||
                !decode_block_1x1(&reader, luma, luma_dc, luma_ac, y + 1) ||
                !decode_block_1x1(&reader, luma, luma_dc, luma_ac, y + luma->stride) ||
                !decode_block_1x1(&reader, luma, luma_dc, luma_ac, y + luma->stride + 1) ||
                !decode_block_2x2(&reader, blue, blue_dc, blue_ac, cb, blue->stride) ||
                !decode_block_2x2(&reader, red, red_dc, red_ac, cr, red->stride))
                return 0;
        }
    }
    *shared = reader;
    return 1;
}

/* Whether the scan is the 4:2:0 layout decode_scan_420 decodes. */
static int is_420(const frame *f) {
    if (f->component_count != 3) return 0;
    const component *luma = &f->components[f->scan_order[0]];
    const component *blue = &f->components[f->scan_order[1]];
    const component *red = &f->components[f->scan_order[2]];
    return luma->h == 2 && luma->v == 2 && luma->scaled_size == 1 && blue->h == 1 && blue->v == 1 &&
           blue->scaled_size == 2 && red->h == 1 && red->v == 1 && red->scaled_size == 2;
}

/* Any layout: each MCU's blocks component by component, as the frame header lays them out. */
static int decode_scan_general(frame *f, bit_reader *shared, int mcu_columns, int mcu_rows) {
    bit_reader reader = *shared;
    int restarts_left = f->restart_interval, marker_number = 0;
    scan_slot slots[MAX_COMPONENTS];
    for (int s = 0; s < f->component_count; s++) {
        component *c = &f->components[f->scan_order[s]];
        slots[s] = (scan_slot){ c, &f->dc_tables[c->dc_table], &f->ac_tables[c->ac_table], c->h, c->v,
                                c->scaled_size, c->stride, (size_t)(c->v * c->scaled_size) * c->stride };
    }
    for (int row = 0; row < mcu_rows; row++) {
        for (int column = 0; column < mcu_columns; column++) {
            if (f->restart_interval) {
                if (restarts_left == 0) {
                    if (!restart(f, &reader, &marker_number)) return 0;
                    restarts_left = f->restart_interval;
                }
                restarts_left--;
            }
            for (int s = 0; s < f->component_count; s++) {
                const scan_slot *slot = &slots[s];
                uint8_t *origin = slot->component->plane + (size_t)row * slot->mcu_rows_bytes +
                                  (size_t)column * (size_t)(slot->h * slot->size);
                for (int y = 0; y < slot->v; y++) {
                    uint8_t *samples = origin + (size_t)(y * slot->size) * slot->stride;
                    for (int x = 0; x < slot->h; x++, samples += slot->size) {
                        const int ok = slot->size == 1
                            ? decode_block_1x1(&reader, slot->component, slot->dc, slot->ac, samples)
                            : decode_block_2x2(&reader, slot->component, slot->dc, slot->ac, samples, slot->stride);
                        if (!ok) return 0;
                    }
                }
            }
        }
    }
    *shared = reader;
    return 1;
}

/* Decodes MCU rows [0, mcu_rows) of the scan into the component planes. */
static int decode_scan(frame *f, int mcu_columns, int mcu_rows, int ends_at_image_end) {
    bit_reader reader = { f->scan_data, f->end, 0, 0, 0 };
    const int ok = is_420(f) ? decode_scan_420(f, &reader, mcu_columns, mcu_rows)
                             : decode_scan_general(f, &reader, mcu_columns, mcu_rows);
    if (!ok) return 0;
    /* Reading into the zeros after a marker means the data ended early: libjpeg warns. */
    if (reader.count < reader.padding) return 0;
    if (ends_at_image_end) {
        /* The scan's padding, then the end-of-image marker, as libjpeg's finish expects. */
        if (reader.count - reader.padding >= 8) return 0;
        const uint8_t *p = reader.next;
        while (f->end - p >= 2 && p[0] == 0xFF && p[1] == 0xFF) p++;
        if (f->end - p < 2 || p[0] != 0xFF || p[1] != 0xD9) return 0;
    }
    return 1;
}

/* ---- Colour ----------------------------------------------------------------------------- */

/* libjpeg's YCbCr → RGB tables (16-bit fixed point, rounded as its jdcolor.c does). */
typedef struct {
    int cr_r[256], cb_b[256], cr_g[256], cb_g[256];
} ycc_tables;

static void build_ycc_tables(ycc_tables *t) {
    const int32_t half = 1 << 15;
    for (int i = 0; i < 256; i++) {
        const int32_t x = i - 128;
        t->cr_r[i] = (int)((91881 * x + half) >> 16);    /* 1.40200 */
        t->cb_b[i] = (int)((116130 * x + half) >> 16);   /* 1.77200 */
        t->cr_g[i] = -46802 * x;                          /* 0.71414 */
        t->cb_g[i] = -22554 * x + half;                   /* 0.34414 */
    }
}

static inline __attribute__((always_inline)) uint8_t clamp_sample(int value) { return (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value); }

/* One pixel from its three samples. */
static inline __attribute__((always_inline)) void convert_pixel(const ycc_tables *t, int l, int cb, int cr,
                                                                unsigned char *out) {
    out[0] = clamp_sample(l + t->cr_r[cr]);
    out[1] = clamp_sample(l + ((t->cb_g[cb] + t->cr_g[cr]) >> 16));
    out[2] = clamp_sample(l + t->cb_b[cb]);
}

/* One row of pixels whose three samples each come from their own plane, one to one. */
static void convert_row(const ycc_tables *t, const uint8_t *ys, const uint8_t *cbs, const uint8_t *crs,
                        unsigned char *out, int count) {
    for (int i = 0; i < count; i++, out += 3) convert_pixel(t, ys[i], cbs[i], crs[i], out);
}

#if defined(__x86_64__)

static int has_avx2(void) {
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx2");
    }
    return cached;
}

/* Eight samples of one channel: luma plus the chroma terms' sum, shifted as the tables are. */
__attribute__((target("avx2"))) static inline __m256i channel(__m256i luma, __m256i chroma_sum) {
    return _mm256_add_epi32(luma, _mm256_srai_epi32(chroma_sum, 16));
}

/* Sixteen 32-bit values (two halves of eight) clamped to 0…255 in sixteen bytes, in order. */
__attribute__((target("avx2"))) static inline __m128i narrow_16(__m256i low, __m256i high) {
    const __m256i words = _mm256_permute4x64_epi64(_mm256_packs_epi32(low, high), 0xD8);
    return _mm_packus_epi16(_mm256_castsi256_si128(words), _mm256_extracti128_si256(words, 1));
}

/* For output bytes 16k … 16k + 15 of sixteen RGB pixels, [k][c] picks channel c's samples
 * into their bytes: byte j holds sample (16k + j) / 3 where (16k + j) % 3 is c, else −1 (zero). */
static const int8_t interleave_masks[3][3][16] = {
    {
        { 0, -1, -1, 1, -1, -1, 2, -1, -1, 3, -1, -1, 4, -1, -1, 5 },
        { -1, 0, -1, -1, 1, -1, -1, 2, -1, -1, 3, -1, -1, 4, -1, -1 },
        { -1, -1, 0, -1, -1, 1, -1, -1, 2, -1, -1, 3, -1, -1, 4, -1 },
    },
    {
        { -1, -1, 6, -1, -1, 7, -1, -1, 8, -1, -1, 9, -1, -1, 10, -1 },
        { 5, -1, -1, 6, -1, -1, 7, -1, -1, 8, -1, -1, 9, -1, -1, 10 },
        { -1, 5, -1, -1, 6, -1, -1, 7, -1, -1, 8, -1, -1, 9, -1, -1 },
    },
    {
        { -1, 11, -1, -1, 12, -1, -1, 13, -1, -1, 14, -1, -1, 15, -1, -1 },
        { -1, -1, 11, -1, -1, 12, -1, -1, 13, -1, -1, 14, -1, -1, 15, -1 },
        { 10, -1, -1, 11, -1, -1, 12, -1, -1, 13, -1, -1, 14, -1, -1, 15 },
    },
};

/* convert_row sixteen pixels at a time, with the tables' arithmetic done in 32-bit lanes (the
 * same integers: each entry is a product, a rounding constant and an arithmetic shift). */
__attribute__((target("avx2"))) static void convert_row_avx2(const ycc_tables *t, const uint8_t *ys,
                                                             const uint8_t *cbs, const uint8_t *crs,
                                                             unsigned char *out, int count) {
    const __m256i centre = _mm256_set1_epi32(128), half = _mm256_set1_epi32(1 << 15);
    const __m256i red_cr = _mm256_set1_epi32(91881), blue_cb = _mm256_set1_epi32(116130);
    const __m256i green_cb = _mm256_set1_epi32(-22554), green_cr = _mm256_set1_epi32(-46802);
    int i = 0;
    for (; i + 16 <= count; i += 16, out += 48) {
        __m256i channels[3][2];
        for (int h = 0; h < 2; h++) {
            const __m256i l = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(ys + i + 8 * h)));
            const __m256i cb = _mm256_sub_epi32(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(cbs + i + 8 * h))), centre);
            const __m256i cr = _mm256_sub_epi32(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(crs + i + 8 * h))), centre);
            channels[0][h] = channel(l, _mm256_add_epi32(_mm256_mullo_epi32(cr, red_cr), half));
            channels[1][h] = channel(l, _mm256_add_epi32(_mm256_add_epi32(_mm256_mullo_epi32(cb, green_cb), half),
                                                         _mm256_mullo_epi32(cr, green_cr)));
            channels[2][h] = channel(l, _mm256_add_epi32(_mm256_mullo_epi32(cb, blue_cb), half));
        }
        const __m128i red = narrow_16(channels[0][0], channels[0][1]);
        const __m128i green = narrow_16(channels[1][0], channels[1][1]);
        const __m128i blue = narrow_16(channels[2][0], channels[2][1]);
        for (int k = 0; k < 3; k++) {
            const __m128i *masks = (const __m128i *)interleave_masks[k];
            const __m128i bytes = _mm_or_si128(_mm_or_si128(_mm_shuffle_epi8(red, _mm_loadu_si128(masks)),
                                                            _mm_shuffle_epi8(green, _mm_loadu_si128(masks + 1))),
                                               _mm_shuffle_epi8(blue, _mm_loadu_si128(masks + 2)));
            _mm_storeu_si128((__m128i *)(out + 16 * k), bytes);
        }
    }
    convert_row(t, ys + i, cbs + i, crs + i, out, count - i);
}

#endif

/* Rows [first_row, end_row), columns [first_column, end_column) of the 1/8-scale image:
 * each component's samples replicated over the pixels they cover, then converted. 0 when out
 * of memory. */
static int render(const frame *f, unsigned char *pixels, int width, int first_row, int end_row,
                   int first_column, int end_column) {
    if (f->component_count == 1) {
        const component *c = &f->components[0];
        for (int y = first_row; y < end_row; y++) {
            const uint8_t *source = c->plane + (size_t)y * c->stride;
            unsigned char *out = pixels + ((size_t)y * (size_t)width + (size_t)first_column) * 3;
            for (int x = first_column; x < end_column; x++, out += 3) out[0] = out[1] = out[2] = source[x];
        }
        return 1;
    }
    ycc_tables tables;
    build_ycc_tables(&tables);
    const component *luma = &f->components[0], *blue = &f->components[1], *red = &f->components[2];
    /* Output pixels per sample, across and down (whole numbers: see sl_jpeg_decode_eighth). */
    const int luma_h = f->max_h / luma->h, luma_v = f->max_v / luma->v;
    const int blue_h = f->max_h / (blue->h * blue->scaled_size), blue_v = f->max_v / (blue->v * blue->scaled_size);
    const int red_h = f->max_h / (red->h * red->scaled_size), red_v = f->max_v / (red->v * red->scaled_size);
    if (luma_h == 1 && luma_v == 1 && blue_h == 1 && blue_v == 1 && red_h == 1 && red_v == 1) {
        /* Every plane one to one with the pixels: 4:2:0 (chroma at 1/4 scale) and 4:4:4. */
        void (*convert)(const ycc_tables *, const uint8_t *, const uint8_t *, const uint8_t *, unsigned char *, int) =
            convert_row;
#if defined(__x86_64__)
        if (has_avx2()) convert = convert_row_avx2;
#endif
        for (int y = first_row; y < end_row; y++)
            convert(&tables, luma->plane + (size_t)y * luma->stride + first_column,
                    blue->plane + (size_t)y * blue->stride + first_column,
                    red->plane + (size_t)y * red->stride + first_column,
                    pixels + ((size_t)y * (size_t)width + (size_t)first_column) * 3, end_column - first_column);
        return 1;
    }
    /* Each output column's sample in each plane. */
    int32_t *columns = malloc(3 * sizeof(int32_t) * (size_t)(end_column - first_column));
    if (!columns) return 0;
    const int count = end_column - first_column;
    int32_t *luma_x = columns, *blue_x = columns + count, *red_x = columns + 2 * count;
    for (int i = 0; i < count; i++) {
        const int x = first_column + i;
        luma_x[i] = x / luma_h;
        blue_x[i] = x / blue_h;
        red_x[i] = x / red_h;
    }
    for (int y = first_row; y < end_row; y++) {
        const uint8_t *ys = luma->plane + (size_t)(y / luma_v) * luma->stride;
        const uint8_t *cbs = blue->plane + (size_t)(y / blue_v) * blue->stride;
        const uint8_t *crs = red->plane + (size_t)(y / red_v) * red->stride;
        unsigned char *out = pixels + ((size_t)y * (size_t)width + (size_t)first_column) * 3;
        for (int i = 0; i < count; i++, out += 3) {
            convert_pixel(&tables, ys[luma_x[i]], cbs[blue_x[i]], crs[red_x[i]], out);
        }
    }
    free(columns);
    return 1;
}

/* ---- The call --------------------------------------------------------------------------- */

sl_jpeg_status sl_jpeg_decode_eighth(const unsigned char *data, size_t size, unsigned char *pixels,
                                     int width, int height, int first_row, int end_row,
                                     int first_column, int end_column) {
    frame *f = calloc(1, sizeof *f);
    if (!f) return SL_JPEG_DECLINED;
    sl_jpeg_status status = SL_JPEG_DECLINED;
    f->data = data;
    f->end = data + size;
    if (!read_headers(f)) goto done;
    if (f->component_count == 3 && !is_ycbcr(f)) goto done;
    if ((f->width + 7) / 8 != width || (f->height + 7) / 8 != height) goto done;
    if (first_row < 0) first_row = 0;
    if (end_row > height) end_row = height;
    if (first_column < 0) first_column = 0;
    if (end_column > width) end_column = width;
    if (first_row >= end_row || first_column >= end_column) goto done;

    if (f->component_count == 1) f->max_h = f->max_v = f->components[0].h = f->components[0].v = 1;
    int blocks_in_mcu = 0;
    for (int i = 0; i < f->component_count; i++) {
        component *c = &f->components[i];
        /* libjpeg refuses fractional sampling ratios; MCUs of more than 10 blocks are invalid. */
        if (f->max_h % c->h || f->max_v % c->v) goto done;
        blocks_in_mcu += c->h * c->v;
        /* libjpeg's choice (jdmaster.c): double the component's scale while its sampling still
         * divides evenly into the largest. Only 1 and 2 are reproduced here. */
        c->scaled_size = 1;
        while (c->scaled_size < 8 && f->max_h % (c->h * c->scaled_size * 2) == 0 &&
               f->max_v % (c->v * c->scaled_size * 2) == 0)
            c->scaled_size *= 2;
        if (c->scaled_size > 2) goto done;
        if (!f->quant_defined[c->quant_index]) goto done;
        for (int k = 0; k < 64; k++) {
            const int step = f->quant[c->quant_index][k];
            if (step > 32767) goto done;   /* libjpeg holds the steps in 16-bit signed integers */
            c->dequantiser[k] = (int16_t)step;
        }
        if (!build_codes(&f->dc_tables[c->dc_table], &f->dc_definitions[c->dc_table], 1)) goto done;
        if (!build_codes(&f->ac_tables[c->ac_table], &f->ac_definitions[c->ac_table], 0)) goto done;
        build_skips(&f->ac_tables[c->ac_table]);
        build_differences(&f->dc_tables[c->dc_table]);
    }
    if (blocks_in_mcu > 10) goto done;

    /* An MCU covers 8·max_h × 8·max_v pixels of the image: max_h × max_v pixels at 1/8 scale. */
    const int mcu_columns = (f->width + 8 * f->max_h - 1) / (8 * f->max_h);
    const int mcu_rows_in_image = (f->height + 8 * f->max_v - 1) / (8 * f->max_v);
    const int mcu_rows = (end_row - 1) / f->max_v + 1;
    for (int i = 0; i < f->component_count; i++) {
        component *c = &f->components[i];
        c->stride = (size_t)mcu_columns * (size_t)(c->h * c->scaled_size);
        c->plane = malloc(c->stride * (size_t)mcu_rows * (size_t)(c->v * c->scaled_size));
        if (!c->plane) goto done;
    }
    if (!decode_scan(f, mcu_columns, mcu_rows, mcu_rows == mcu_rows_in_image)) goto done;
    if (!render(f, pixels, width, first_row, end_row, first_column, end_column)) goto done;
    status = SL_JPEG_OK;
done:
    for (int i = 0; i < MAX_COMPONENTS; i++) free(f->components[i].plane);
    free(f);
    return status;
}
