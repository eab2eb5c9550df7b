/*
 * Per-thread scratch memory for the kernels: one growable, 64-byte-aligned buffer per
 * purpose and thread, kept for the thread's lifetime so that steady-state inference
 * allocates nothing.
 */
#include "kernels_internal.h"

#include <stdlib.h>

static _Thread_local float *buffers[SL_SCRATCH_SLOTS];
static _Thread_local size_t capacities[SL_SCRATCH_SLOTS];

float *sl_thread_scratch(enum sl_scratch_slot slot, size_t floats) {
    if (floats > capacities[slot]) {
        free(buffers[slot]);
        buffers[slot] = aligned_alloc(64, ((floats * sizeof(float) + 63) / 64) * 64);
        capacities[slot] = buffers[slot] ? floats : 0;
    }
    return buffers[slot];
}
