/*
 * The two passes of Sightline's Pillow-compatible resize (SightlineImaging's
 * BilinearResampler) over 8-bit RGB pixels: each output sample is a weighted sum of input
 * samples with 22-bit fixed-point weights, plus 2^21, shifted right by 22 and clamped to
 * 0…255 — Pillow's arithmetic, so the bytes are the same as Pillow's.
 */
#ifndef SIGHTLINE_RESAMPLE_H
#define SIGHTLINE_RESAMPLE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Resizes `row_count` rows along x. Row y of the input starts at `source + y * source_stride`
 * and `source_end` is the end of the readable input. Output column j of a row reads input
 * pixels first[j] … first[j] + count[j] − 1 with weights `weights[j * taps …]`; the rows of
 * `column_count` pixels are written one after another into `output`. */
void sl_resample_rows(const uint8_t *source, const uint8_t *source_end, size_t source_stride, int row_count,
                      const long *first, const long *count, const int32_t *weights, int taps, int column_count,
                      uint8_t *output);

/* Resizes along y: output row i is the weighted sum of input rows first[i] … first[i] +
 * count[i] − 1 (weights `weights[i * taps …]`). The input rows, `row_length` bytes each, lie
 * one after another from `source`, which holds row `first_row` first. The `row_count` output
 * rows are written one after another. */
void sl_resample_columns(const uint8_t *source, size_t row_length, long first_row, int row_count,
                         const long *first, const long *count, const int32_t *weights, int taps,
                         uint8_t *output);

/* For tests: with a non-zero `force`, both passes use the portable C even on a CPU with AVX2
 * (so the two variants can be compared on one machine). Returns the previous setting. */
int sl_resample_force_portable(int force);

#ifdef __cplusplus
}
#endif

#endif
