/*
 * Run-time CPU feature detection: which SIMD variant of each kernel to use.
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

int sl_cpu_has_avx2_fma(void) {
#if defined(__x86_64__) || defined(__i386__)
    static int cached = -1;
    if (cached < 0) {
        __builtin_cpu_init();
        cached = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    }
    return cached;
#else
    return 0;
#endif
}

int sl_cpu_has_avx512f(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f");
#else
    return 0;
#endif
}

const char *sl_cpu_kernel_isa(void) {
    return sl_cpu_has_avx2_fma() ? "avx2+fma" : "generic";
}
