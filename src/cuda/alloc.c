/* The table of device allocations (cudaMalloc and friends), with their
 * exact sizes, so that the runtime refuses what the GPU refuses: a copy or
 * memset that runs past an allocation's end, a free of anything that is not
 * an allocation's start. Sorted by address; a lock for host threads. The
 * table also keeps every allocation reachable, so LeakSanitizer does not
 * report the buffers a program never frees (as most CUDA programs). */
#define _GNU_SOURCE /* sigjmp_buf in cuda_internal.h with -std=c17 */
#include <pthread.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cuda_internal.h"

typedef struct allocation {
    uintptr_t start;
    size_t size;
    int kind;       /* WS_CUDA_MEM_DEVICE, _HOST or _MANAGED: what cudaPointerGetAttributes says */
    unsigned flags; /* cudaHostAlloc's, for cudaHostGetFlags */
} allocation;

static allocation *table;
static size_t count, capacity;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* The index of the first allocation that starts above p. */
static size_t above(uintptr_t p)
{
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (table[mid].start <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Room for one more entry (the lock held); false when out of memory. */
static bool grow(void)
{
    size_t n = capacity ? 2 * capacity : 64;
    allocation *grown = realloc(table, n * sizeof *grown);
    if (!grown)
        return false;
    table = grown;
    capacity = n;
    return true;
}

/* Checked programs take device memory from the checker's arena (check_global.c). */
static void *allocate(size_t size, int kind, unsigned flags)
{
    bool host_visible = kind != WS_CUDA_MEM_DEVICE;
    if (size > SIZE_MAX - 256)
        return NULL; /* cudaErrorMemoryAllocation, not a size that wraps */
    size_t rounded = (size ? size + 255 : 256) / 256 * 256; /* cudaMalloc aligns to 256 bytes */
    void *p = wc_check_tools ? wc_check_alloc(size, host_visible) : aligned_alloc(256, rounded);
    if (!p)
        return NULL;
    pthread_mutex_lock(&lock);
    if (count == capacity && !grow()) {
        pthread_mutex_unlock(&lock);
        if (wc_check_tools)
            wc_check_release(p, size);
        else
            free(p);
        return NULL;
    }
    size_t at = above((uintptr_t)p);
    memmove(&table[at + 1], &table[at], (count - at) * sizeof *table);
    table[at] = (allocation){(uintptr_t)p, size, kind, flags};
    count++;
    pthread_mutex_unlock(&lock);
    return p;
}

void *ws_cuda_malloc_(size_t size) { return allocate(size, WS_CUDA_MEM_DEVICE, 0); }

/* Managed and pinned host memory: the host writes it directly, so it
 * counts as written for initcheck. */
void *ws_cuda_malloc_host_(size_t size) { return allocate(size, WS_CUDA_MEM_HOST, 0); }
void *ws_cuda_malloc_kind_(size_t size, int kind, unsigned flags) { return allocate(size, kind, flags); }

int ws_cuda_pointer_kind_(const void *p, const void **start, unsigned *flags)
{
    uintptr_t a = (uintptr_t)p;
    int kind = 0;
    pthread_mutex_lock(&lock);
    size_t at = above(a);
    if (at > 0 && a < table[at - 1].start + (table[at - 1].size ? table[at - 1].size : 1)) {
        kind = table[at - 1].kind;
        if (start)
            *start = (const void *)table[at - 1].start;
        if (flags)
            *flags = table[at - 1].flags;
    }
    pthread_mutex_unlock(&lock);
    return kind;
}

/* A host range made known by cudaHostRegister: in the table (copies and queries see it) but
 * never freed by cudaFree; -1 where it overlaps an allocation or a registered range. */
int ws_cuda_register_(void *p, size_t size, unsigned flags)
{
    uintptr_t a = (uintptr_t)p;
    pthread_mutex_lock(&lock);
    size_t at = above(a);
    /* an entry of 0 bytes (cudaMalloc(0)) still holds its one address */
    bool overlaps = (at > 0 && a < table[at - 1].start + (table[at - 1].size ? table[at - 1].size : 1)) ||
                    (at < count && table[at].start < a + size);
    if (overlaps || (count == capacity && !grow())) {
        pthread_mutex_unlock(&lock);
        return -1;
    }
    memmove(&table[at + 1], &table[at], (count - at) * sizeof *table);
    table[at] = (allocation){a, size, WS_CUDA_MEM_REGISTERED, flags};
    count++;
    pthread_mutex_unlock(&lock);
    return 0;
}

int ws_cuda_unregister_(void *p)
{
    pthread_mutex_lock(&lock);
    size_t at = above((uintptr_t)p);
    bool found = at > 0 && table[at - 1].start == (uintptr_t)p && table[at - 1].kind == WS_CUDA_MEM_REGISTERED;
    if (found) {
        memmove(&table[at - 1], &table[at], (count - at) * sizeof *table);
        count--;
    }
    pthread_mutex_unlock(&lock);
    return found ? 0 : -1;
}

int ws_cuda_free_(void *p)
{
    if (!p)
        return 0;
    pthread_mutex_lock(&lock);
    size_t at = above((uintptr_t)p);
    bool found = at > 0 && table[at - 1].start == (uintptr_t)p && table[at - 1].kind != WS_CUDA_MEM_REGISTERED;
    size_t size = found ? table[at - 1].size : 0;
    if (found) {
        memmove(&table[at - 1], &table[at], (count - at) * sizeof *table);
        count--;
    }
    pthread_mutex_unlock(&lock);
    if (!found)
        return -1;
    if (wc_check_tools)
        wc_check_release(p, size); /* never given again: a use after free is found */
    else
        free(p);
    return 0;
}

int ws_cuda_check_range_(const void *p, size_t bytes)
{
    uintptr_t a = (uintptr_t)p;
    pthread_mutex_lock(&lock);
    size_t at = above(a);
    int ok = 0;
    if (at > 0 && table[at - 1].kind == WS_CUDA_MEM_REGISTERED)
        ok = 0; /* host memory: a copy may run past what was registered */
    else if (at > 0 && a < table[at - 1].start + table[at - 1].size)
        ok = bytes <= table[at - 1].start + table[at - 1].size - a ? 0 : -1;
    else if (at > 0 && table[at - 1].size == 0 && a == table[at - 1].start)
        ok = bytes == 0 ? 0 : -1;
    pthread_mutex_unlock(&lock);
    return ok;
}

void wc_alloc_describe(const void *p, char *buf, size_t size)
{
    uintptr_t a = (uintptr_t)p;
    pthread_mutex_lock(&lock);
    size_t at = above(a);
    if (at > 0 && a < table[at - 1].start + table[at - 1].size)
        snprintf(buf, size, "%zu bytes into a %zu-byte cudaMalloc allocation", (size_t)(a - table[at - 1].start),
                 table[at - 1].size);
    else
        snprintf(buf, size, a < 65536 ? "address 0x%lx, near a null pointer" : "an address outside every cudaMalloc "
                 "allocation", (unsigned long)a); /* no address: it would differ from run to run */
    pthread_mutex_unlock(&lock);
}

void wc_check_nearest(const void *p, size_t size, char *buf, size_t buf_size)
{
    (void)size;
    uintptr_t a = (uintptr_t)p;
    buf[0] = 0;
    pthread_mutex_lock(&lock);
    size_t at = above(a);
    const allocation *below = at > 0 ? &table[at - 1] : NULL, *over = at < count ? &table[at] : NULL;
    /* The nearer of the allocations on either side. */
    const allocation *near = below;
    if (!near || (over && a >= below->start + below->size &&
                  over->start - a < a - (below->start + (below->size ? below->size - 1 : 0))))
        near = over;
    if (near)
        wc_check_format_nearest(a, near->start, near->size, buf, buf_size);
    pthread_mutex_unlock(&lock);
}
