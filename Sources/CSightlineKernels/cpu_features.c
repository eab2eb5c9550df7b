/*
 * Run-time CPU feature detection: which SIMD variant of each kernel to use (AVX-512 where the
 * CPU has F, DQ, BW and VL; AVX2 + FMA; or the portable loops), and the clock
 * the core actually runs at (for the benchmark's FP32 peak).
 */
#include "sightline_kernels.h"
#include "kernels_internal.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

/* See sl_kernels_force_portable and sl_kernels_force_avx2. */
static int force_portable, force_avx2;

int sl_kernels_force_portable(int force) {
    const int previous = force_portable;
    force_portable = force;
    return previous;
}

int sl_kernels_force_avx2(int force) {
    const int previous = force_avx2;
    force_avx2 = force;
    return previous;
}

int sl_kernels_vectorised(void) {
    return sl_cpu_has_avx2_fma();
}

int sl_cpu_has_avx2_fma(void) {
    if (force_portable) return 0;
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

int sl_cpu_has_avx512(void) {
    if (force_avx2 || !sl_cpu_has_avx2_fma()) return 0;
#if defined(__x86_64__)
    static int cached = -1;
    if (cached < 0) {
        /* SIGHTLINE_KERNELS=avx2 keeps the AVX2 kernels (to compare the two on one machine). */
        const char *choice = getenv("SIGHTLINE_KERNELS");
        cached = !(choice && strcmp(choice, "avx2") == 0)
            && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq")
            && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl");
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
    return sl_cpu_has_avx512() ? "avx512" : sl_cpu_has_avx2_fma() ? "avx2+fma" : "generic";
}

/* A chain of dependent integer adds retires one add per cycle on every x86-64 and Arm64
 * core, so adds per second are cycles per second. The loop's own counter is another chain,
 * which the core runs alongside. The best of several 10 ms rounds is kept: a round the
 * scheduler interrupted only reads low. */
double sl_cpu_measure_clock_ghz(void) {
#if defined(__x86_64__) || defined(__aarch64__)
    enum { ADDS_PER_STEP = 16, ROUNDS = 5 };
    const long steps = 10 * 1000 * 1000 / ADDS_PER_STEP * 4;   /* about 10 ms at 4 GHz */
    double best = 0.0;
    for (int round = 0; round < ROUNDS; round++) {
        unsigned long value = (unsigned long)round;
        struct timespec start, end;
        clock_gettime(CLOCK_MONOTONIC, &start);
        for (long step = 0; step < steps; step++) {
#if defined(__x86_64__)
#define SL_ADD4 "add $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\tadd $1, %0\n\t"
#else
#define SL_ADD4 "add %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\tadd %0, %0, #1\n\t"
#endif
            __asm__ volatile(SL_ADD4 SL_ADD4 SL_ADD4 SL_ADD4 : "+r"(value));
#undef SL_ADD4
        }
        clock_gettime(CLOCK_MONOTONIC, &end);
        double seconds = (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9;
        double ghz = seconds > 0 ? (double)steps * ADDS_PER_STEP / seconds * 1e-9 : 0.0;
        if (ghz > best) best = ghz;
    }
    return best;
#else
    return 0.0;
#endif
}
