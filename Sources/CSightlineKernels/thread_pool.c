/*
 * A persistent thread pool with static work splitting. The caller is thread 0; workers
 * spin on a job counter for a short while after each job (so back-to-back kernels of one
 * inference do not pay a wake-up), then sleep on a condition variable.
 */
#include "sightline_kernels.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define SL_PAUSE() _mm_pause()
#else
#define SL_PAUSE() ((void)0)
#endif

#define SL_SPIN_ITERATIONS 40000

struct sl_pool {
    int threads;
    pthread_t *workers;
    pthread_mutex_t run_lock;      /* serialises sl_pool_run callers */
    pthread_mutex_t sleep_lock;
    pthread_cond_t wake;
    atomic_int sleepers;
    atomic_ulong generation;       /* bumped once per job */
    atomic_int pending;            /* workers still busy with the current job */
    atomic_int stopping;
    sl_task_fn fn;
    void *context;
    int task_count;
};

typedef struct {
    sl_pool *pool;
    int index;
} sl_worker_start;

static void run_share(sl_pool *pool, int thread) {
    for (int task = thread; task < pool->task_count; task += pool->threads)
        pool->fn(pool->context, task, pool->task_count);
}

static void *worker_main(void *argument) {
    sl_worker_start start = *(sl_worker_start *)argument;
    free(argument);
    sl_pool *pool = start.pool;
    unsigned long seen = atomic_load(&pool->generation);
    for (;;) {
        int spins = 0;
        while (atomic_load(&pool->generation) == seen && !atomic_load(&pool->stopping)) {
            if (++spins < SL_SPIN_ITERATIONS) { SL_PAUSE(); continue; }
            pthread_mutex_lock(&pool->sleep_lock);
            atomic_fetch_add(&pool->sleepers, 1);
            while (atomic_load(&pool->generation) == seen && !atomic_load(&pool->stopping))
                pthread_cond_wait(&pool->wake, &pool->sleep_lock);
            atomic_fetch_sub(&pool->sleepers, 1);
            pthread_mutex_unlock(&pool->sleep_lock);
            spins = 0;
        }
        if (atomic_load(&pool->stopping)) return NULL;
        seen = atomic_load(&pool->generation);
        run_share(pool, start.index);
        atomic_fetch_sub(&pool->pending, 1);
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
    atomic_init(&pool->generation, 0);
    atomic_init(&pool->pending, 0);
    atomic_init(&pool->stopping, 0);
    pool->workers = calloc((size_t)threads, sizeof(pthread_t));
    for (int i = 1; i < threads; i++) {
        sl_worker_start *start = malloc(sizeof(sl_worker_start));
        start->pool = pool;
        start->index = i;
        if (pthread_create(&pool->workers[i], NULL, worker_main, start) != 0) {
            free(start);
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

void sl_pool_run(sl_pool *pool, sl_task_fn fn, void *context, int task_count) {
    if (task_count <= 0) return;
    if (!pool || pool->threads == 1 || task_count == 1) {
        for (int task = 0; task < task_count; task++) fn(context, task, task_count);
        return;
    }
    pthread_mutex_lock(&pool->run_lock);
    pool->fn = fn;
    pool->context = context;
    pool->task_count = task_count;
    atomic_store(&pool->pending, pool->threads - 1);
    atomic_fetch_add(&pool->generation, 1);
    if (atomic_load(&pool->sleepers) > 0) {
        pthread_mutex_lock(&pool->sleep_lock);
        pthread_cond_broadcast(&pool->wake);
        pthread_mutex_unlock(&pool->sleep_lock);
    }
    run_share(pool, 0);
    while (atomic_load(&pool->pending) > 0) SL_PAUSE();
    pthread_mutex_unlock(&pool->run_lock);
}
