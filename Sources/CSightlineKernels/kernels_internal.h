/*
 * Declarations shared between the kernel files but not part of the public C API.
 */
#ifndef SIGHTLINE_KERNELS_INTERNAL_H
#define SIGHTLINE_KERNELS_INTERNAL_H

#include "include/sightline_kernels.h"

#define SL_MR SL_GEMM_PANEL_ROWS   /* rows of C computed by one micro-kernel call */
#define SL_NR 16   /* columns of C computed by one micro-kernel call */

int sl_cpu_has_avx2_fma(void);

#include <stddef.h>

/* What a thread's scratch buffer is for: each purpose has its own buffer. */
enum sl_scratch_slot {
    SL_SCRATCH_PACKED_B = 0,      /* GEMM: packed panels of B */
    SL_SCRATCH_DEPTHWISE = 1,     /* depthwise convolution: a band of 8 interleaved channels */
    SL_SCRATCH_SLOTS = 2,
};

/* This thread's buffer for `slot`, at least `floats` long (grown as needed). */
float *sl_thread_scratch(enum sl_scratch_slot slot, size_t floats);

#endif
