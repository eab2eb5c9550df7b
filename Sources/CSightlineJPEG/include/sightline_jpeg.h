/*
 * Sightline's JPEG region decoders. sl_jpeg_decode_region: libjpeg-turbo's libjpeg API behind
 * one call that decodes a rectangle of a (scaled) JPEG. TurboJPEG 2 decodes whole images only;
 * this lets a caller that needs part of a photo (a centre crop for a classifier) skip the
 * rest — the rows above the region are entropy-decoded without being rendered, columns beside
 * it are not rendered, and decoding stops after its last row, which spares the entropy
 * decoding of everything below it. sl_jpeg_decode_eighth: the same at 1/8 scale for most
 * photos, reading only what a 1/8-scale pixel depends on (jpeg_eighth_scale.c).
 */
#ifndef SIGHTLINE_JPEG_H
#define SIGHTLINE_JPEG_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* libjpeg's longest message (JMSG_LENGTH_MAX) plus room for a prefix. */
#define SL_JPEG_MESSAGE_LENGTH 256

typedef enum {
    SL_JPEG_OK = 0,
    /* The rows were decoded, but libjpeg warned (corrupt data it could step over, or the
     * data ended early and the rest was filled in); `message` has the first warning. */
    SL_JPEG_WARNING = 1,
    /* Nothing usable: `message` says why. */
    SL_JPEG_ERROR = 2,
    /* sl_jpeg_decode_eighth only: not a file it decodes (or a damaged one); nothing useful
     * was written, and sl_jpeg_decode_region decodes the file or says what is wrong. */
    SL_JPEG_DECLINED = 3,
} sl_jpeg_status;

typedef enum {
    /* 3 bytes per pixel; grayscale images are expanded to R = G = B. */
    SL_JPEG_RGB = 0,
    /* 4 bytes per pixel, as stored by CMYK/YCCK files (Adobe's inverted convention). */
    SL_JPEG_CMYK = 1,
} sl_jpeg_pixels;

/*
 * Decodes rows [first_row, end_row) of the image scaled by 1/scale_denominator (1, 2, 4
 * or 8) into `pixels`, which holds width × height pixels of the scaled image, row after
 * row without padding. Of those rows, at least columns [first_column, end_column) are
 * written (libjpeg widens a column range to whole blocks); pixels outside the band and
 * those columns are not written. `width` and `height` must be the scaled size libjpeg
 * computes (ceil(side / scale_denominator)), otherwise the call fails. Progressive files
 * with more than `max_scans` scans are refused (a hostile file could otherwise make each
 * scan cost a pass over the whole image).
 */
sl_jpeg_status sl_jpeg_decode_region(const unsigned char *data, size_t size, int scale_denominator,
                                     sl_jpeg_pixels format, unsigned char *pixels, int width, int height,
                                     int first_row, int end_row, int first_column, int end_column,
                                     int max_scans, char message[SL_JPEG_MESSAGE_LENGTH]);

/*
 * The same rows and columns of the image at 1/8 scale, as RGB, for 8-bit sequential Huffman
 * grayscale and YCbCr files, which are most photos: each block's DC coefficient is its pixel,
 * so the AC coefficients are stepped over rather than decoded, several times faster than
 * libjpeg's general path, with pixels identical to the ones sl_jpeg_decode_region writes.
 * Returns SL_JPEG_OK, or SL_JPEG_DECLINED for any other file (progressive, CMYK, RGB-coded,
 * 12-bit, …) and for any damage, which sl_jpeg_decode_region then reports as libjpeg does.
 */
sl_jpeg_status sl_jpeg_decode_eighth(const unsigned char *data, size_t size, unsigned char *pixels,
                                     int width, int height, int first_row, int end_row,
                                     int first_column, int end_column);

#ifdef __cplusplus
}
#endif

#endif
