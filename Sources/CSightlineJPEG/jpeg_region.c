/*
 * The JPEG region decoder (see sightline_jpeg.h). libjpeg reports fatal errors through
 * error_exit, which must not return: it jumps back here with longjmp, which is why this
 * lives in C and not in Swift.
 */
#include "sightline_jpeg.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf escape;
    char *message;
    int warned;
} row_error_manager;

typedef struct {
    struct jpeg_progress_mgr base;
    row_error_manager *errors;
    int max_scans;
} scan_limit;

static void on_error(j_common_ptr info) {
    row_error_manager *errors = (row_error_manager *)info->err;
    (*info->err->format_message)(info, errors->message);
    longjmp(errors->escape, 1);
}

/* Warnings (msg_level −1) are remembered, the first one's text kept; trace messages are
 * dropped. Nothing is printed. */
static void on_message(j_common_ptr info, int level) {
    row_error_manager *errors = (row_error_manager *)info->err;
    if (level >= 0) return;
    if (!errors->warned) (*info->err->format_message)(info, errors->message);
    errors->warned = 1;
}

/* Sightline's own refusals take libjpeg's way out too, so every failure is cleaned up in one place. */
__attribute__((format(printf, 2, 3), noreturn))
static void fail(row_error_manager *errors, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(errors->message, SL_JPEG_MESSAGE_LENGTH, format, arguments);
    va_end(arguments);
    longjmp(errors->escape, 1);
}

static void on_progress(j_common_ptr info) {
    scan_limit *limit = (scan_limit *)info->progress;
    j_decompress_ptr decoder = (j_decompress_ptr)info;
    if (decoder->input_scan_number > limit->max_scans)
        fail(limit->errors, "Progressive JPEG image has more than %d scans", limit->max_scans);
}

sl_jpeg_status sl_jpeg_decode_region(const unsigned char *data, size_t size, int scale_denominator,
                                     sl_jpeg_pixels format, unsigned char *pixels, int width, int height,
                                     int first_row, int end_row, int first_column, int end_column,
                                     int max_scans, char message[SL_JPEG_MESSAGE_LENGTH]) {
    struct jpeg_decompress_struct decoder;
    row_error_manager errors;
    scan_limit limit;
    unsigned char *volatile row_buffer = NULL;   /* volatile: freed after a longjmp */
    message[0] = '\0';
    decoder.err = jpeg_std_error(&errors.base);
    errors.base.error_exit = on_error;
    errors.base.emit_message = on_message;
    errors.message = message;
    errors.warned = 0;
    /* Everything the jump can reach is set before setjmp, so nothing is read indeterminate. */
    if (setjmp(errors.escape)) {
        jpeg_destroy_decompress(&decoder);
        free(row_buffer);
        return SL_JPEG_ERROR;
    }
    jpeg_create_decompress(&decoder);
    limit.base.progress_monitor = on_progress;
    limit.errors = &errors;
    limit.max_scans = max_scans;
    decoder.progress = &limit.base;
    jpeg_mem_src(&decoder, data, (unsigned long)size);
    jpeg_read_header(&decoder, TRUE);
    decoder.scale_num = 1;
    decoder.scale_denom = (unsigned int)scale_denominator;
    decoder.out_color_space = format == SL_JPEG_CMYK ? JCS_CMYK : JCS_EXT_RGB;
    jpeg_start_decompress(&decoder);
    const int channels = format == SL_JPEG_CMYK ? 4 : 3;
    if ((int)decoder.output_width != width || (int)decoder.output_height != height ||
        decoder.output_components != channels) {
        fail(&errors, "the scaled image is %ux%u with %d components, expected %dx%d with %d",
             decoder.output_width, decoder.output_height, decoder.output_components, width, height, channels);
    }
    if (first_row < 0) first_row = 0;
    if (end_row > height) end_row = height;
    if (first_column < 0) first_column = 0;
    if (end_column > width) end_column = width;
    const size_t stride = (size_t)width * (size_t)channels;
    /* Columns: libjpeg widens the range to whole blocks and then writes rows of just those
     * pixels, which go through a row buffer to their place in the image's rows. */
    JDIMENSION column = 0, columns = (JDIMENSION)width;
    if (first_row < end_row && first_column < end_column && (first_column > 0 || end_column < width)) {
        column = (JDIMENSION)first_column;
        columns = (JDIMENSION)(end_column - first_column);
        jpeg_crop_scanline(&decoder, &column, &columns);
        if (columns < (JDIMENSION)width) {
            row_buffer = malloc((size_t)columns * (size_t)channels);
            if (!row_buffer) fail(&errors, "out of memory for a row of %u pixels", columns);
        }
    }
    if (first_row > 0 && first_row < end_row) jpeg_skip_scanlines(&decoder, (JDIMENSION)first_row);
    while ((int)decoder.output_scanline < end_row) {
        unsigned char *destination = pixels + (size_t)decoder.output_scanline * stride;
        JSAMPROW row = row_buffer ? row_buffer : destination;
        if (jpeg_read_scanlines(&decoder, &row, 1) != 1)
            fail(&errors, "libjpeg stopped at row %u of %d", decoder.output_scanline, height);
        if (row_buffer) memcpy(destination + (size_t)column * channels, row_buffer, (size_t)columns * channels);
    }
    free(row_buffer);
    row_buffer = NULL;
    /* Finishing reads the rest of the data (and would warn about its faults); stopping
     * after the band is the point, so a band that ends early aborts instead. */
    if (end_row == height) jpeg_finish_decompress(&decoder);
    else jpeg_abort_decompress(&decoder);
    jpeg_destroy_decompress(&decoder);
    return errors.warned ? SL_JPEG_WARNING : SL_JPEG_OK;
}
