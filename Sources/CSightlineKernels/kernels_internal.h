/*
 * Declarations shared between the kernel files but not part of the public C API.
 */
#ifndef SIGHTLINE_KERNELS_INTERNAL_H
#define SIGHTLINE_KERNELS_INTERNAL_H

#include "include/sightline_kernels.h"

#define SL_MR 6    /* rows of C computed by one micro-kernel call */
#define SL_NR 16   /* columns of C computed by one micro-kernel call */

int sl_cpu_has_avx2_fma(void);

#endif
