/*
 * A persistent thread pool. The caller posts a job of N tasks and works on it too; tasks
 * are claimed one at a time from a shared counter, so when a worker is late (asleep, or
 * descheduled on a busy machine) the caller simply runs its tasks instead of waiting.
 * A guided job is N units claimed in chunks that shrink as the job nears its end (a share
 * of what is left), so the threads finish within a small chunk of each other without
 * paying a claim per unit.
 * Workers spin briefly between jobs, so back-to-back kernels of one inference do not pay
 * a wake-up, then sleep on a condition variable.
 *
 * The claim word packs the job's generation (high 32 bits) and the next task index (low
 * 32 bits). Between jobs it is "closed" (index = SL_CLOSED), so a worker that read the
 * previous job's state can never claim a task of the next one with stale arguments.
 */
#include "sightline_kernels.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define SL_PAUSE() _mm_pause()
#else
#define SL_PAUSE() ((void)0)
#endif

#define SL_SPIN_ITERATIONS 40000
#define SL_CLOSED 0xFFFFFFFFu

struct sl_pool {
    int threads;
    pthread_t *workers;
    pthread_mutex_t run_lock;      /* serialises sl_pool_run callers */
    pthread_mutex_t sleep_lock;
    pthread_cond_t wake;
    atomic_int sleepers;
    atomic_uint_fast64_t claim;    /* generation << 32 | next task index */
    atomic_int done;               /* tasks of the current job finished */
    atomic_int stopping;
    sl_task_fn fn;                 /* the current job; written only while the claim word is closed */
    sl_range_fn range_fn;          /* set instead of fn for a guided job */
    void *context;
    int task_count;                /* tasks, or a guided job's units */
    int min_chunk;                 /* a guided job's smallest claim */
};

static inline uint32_t generation_of(uint64_t word) { return (uint32_t)(word >> 32); }
static inline uint32_t index_of(uint64_t word) { return (uint32_t)word; }

/* Claims and runs tasks (or chunks of units) of generation `generation` until none are left. */
static void work_on(sl_pool *pool, uint32_t generation) {
    for (;;) {
        uint64_t word = atomic_load(&pool->claim);
        if (generation_of(word) != generation || index_of(word) == SL_CLOSED) return;
        sl_task_fn fn = pool->fn;
        sl_range_fn range_fn = pool->range_fn;
        void *context = pool->context;
        int count = pool->task_count;
        uint32_t index = index_of(word);
        if ((int)index >= count) return;
        int take = 1;
        if (range_fn) {
            int left = count - (int)index;
            take = left / (2 * pool->threads);
            if (take < pool->min_chunk) take = pool->min_chunk;
            if (take > left) take = left;
        }
        if (!atomic_compare_exchange_weak(&pool->claim, &word, word + (uint64_t)take)) continue;
        if (range_fn) range_fn(context, (int)index, (int)index + take);
        else fn(context, (int)index, count);
        atomic_fetch_add(&pool->done, take);
    }
}

static void *worker_main(void *argument) {
    sl_pool *pool = argument;
    uint32_t seen = 0;   /* the generation at creation; later jobs have higher ones */
    for (;;) {
        int spins = 0;
        while (generation_of(atomic_load(&pool->claim)) == seen && !atomic_load(&pool->stopping)) {
            if (++spins < SL_SPIN_ITERATIONS) { SL_PAUSE(); continue; }
            pthread_mutex_lock(&pool->sleep_lock);
            atomic_fetch_add(&pool->sleepers, 1);
            while (generation_of(atomic_load(&pool->claim)) == seen && !atomic_load(&pool->stopping))
                pthread_cond_wait(&pool->wake, &pool->sleep_lock);
            atomic_fetch_sub(&pool->sleepers, 1);
            pthread_mutex_unlock(&pool->sleep_lock);
            spins = 0;
        }
        if (atomic_load(&pool->stopping)) return NULL;
        seen = generation_of(atomic_load(&pool->claim));
        work_on(pool, seen);
    }
}

sl_pool *sl_pool_create(int threads) {
    if (threads < 1) threads = 1;
    sl_pool *pool = calloc(1, sizeof(sl_pool));
    if (!pool) return NULL;
    pool->threads = threads;
    pthread_mutex_init(&pool->run_lock, NULL);
    pthread_mutex_init(&pool->sleep_lock, NULL);
    pthread_cond_init(&pool->wake, NULL);
    atomic_init(&pool->sleepers, 0);
    atomic_init(&pool->claim, (uint64_t)SL_CLOSED);
    atomic_init(&pool->done, 0);
    atomic_init(&pool->stopping, 0);
    pool->workers = calloc((size_t)threads, sizeof(pthread_t));
    for (int i = 1; i < threads; i++) {
        if (pthread_create(&pool->workers[i], NULL, worker_main, pool) != 0) {
            pool->threads = i;   /* run with the workers that did start */
            break;
        }
    }
    return pool;
}

void sl_pool_destroy(sl_pool *pool) {
    if (!pool) return;
    pthread_mutex_lock(&pool->sleep_lock);
    atomic_store(&pool->stopping, 1);
    pthread_cond_broadcast(&pool->wake);
    pthread_mutex_unlock(&pool->sleep_lock);
    for (int i = 1; i < pool->threads; i++) pthread_join(pool->workers[i], NULL);
    free(pool->workers);
    pthread_mutex_destroy(&pool->run_lock);
    pthread_mutex_destroy(&pool->sleep_lock);
    pthread_cond_destroy(&pool->wake);
    free(pool);
}

int sl_pool_threads(const sl_pool *pool) { return pool ? pool->threads : 1; }

/* Posts a job (fn or range_fn), works on it, and returns when all of it is done. */
static void run_job(sl_pool *pool, sl_task_fn fn, sl_range_fn range_fn, void *context, int count, int min_chunk) {
    pthread_mutex_lock(&pool->run_lock);
    /* The claim word is closed here: no worker can claim while the job is rewritten. */
    uint32_t generation = generation_of(atomic_load(&pool->claim)) + 1;
    pool->fn = fn;
    pool->range_fn = range_fn;
    pool->context = context;
    pool->task_count = count;
    pool->min_chunk = min_chunk;
    atomic_store(&pool->done, 0);
    atomic_store(&pool->claim, (uint64_t)generation << 32);
    if (atomic_load(&pool->sleepers) > 0) {
        pthread_mutex_lock(&pool->sleep_lock);
        pthread_cond_broadcast(&pool->wake);
        pthread_mutex_unlock(&pool->sleep_lock);
    }
    work_on(pool, generation);
    /* Everything is claimed; wait for what a worker is still running. */
    for (int spins = 0; atomic_load(&pool->done) < count; spins++) {
        if (spins < SL_SPIN_ITERATIONS) SL_PAUSE();
        else sched_yield();
    }
    atomic_store(&pool->claim, ((uint64_t)generation << 32) | SL_CLOSED);
    pthread_mutex_unlock(&pool->run_lock);
}

void sl_pool_run(sl_pool *pool, sl_task_fn fn, void *context, int task_count) {
    if (task_count <= 0) return;
    if (!pool || pool->threads == 1 || task_count == 1) {
        for (int task = 0; task < task_count; task++) fn(context, task, task_count);
        return;
    }
    run_job(pool, fn, NULL, context, task_count, 1);
}

void sl_pool_run_guided(sl_pool *pool, sl_range_fn fn, void *context, int units, int min_chunk) {
    if (units <= 0) return;
    if (min_chunk < 1) min_chunk = 1;
    if (!pool || pool->threads == 1 || units <= min_chunk) {
        fn(context, 0, units);
        return;
    }
    run_job(pool, NULL, fn, context, units, min_chunk);
}
