/* Device memory in a checked program: every allocation in one arena of
 * addresses, with a shadow byte per byte that says whether it belongs to a
 * live allocation and whether anything wrote it. Between allocations lie
 * the bytes up to the next start (an access there is out of bounds), and a freed
 * allocation's addresses are never given again, so a use after cudaFree
 * is found too. */
#define _GNU_SOURCE
#include <pthread.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "cuda_internal.h"

#define ARENA_BYTES WC_CHECK_ARENA_BYTES
/* Each allocation starts at the next multiple of 512 bytes after the last
 * one's end, as the H200's cudaMalloc placed them (a 960-byte buffer, then
 * the next 1,024 bytes after its start: docs/probes/sanitizer.h200/oob_read_2d),
 * so the distances to the nearest allocation are the GPU's. Like there, an
 * access just past a buffer whose size is a multiple of 512 is inside the next. */
#define ALIGN 512

enum { NONE = WC_STATE_NONE, UNWRITTEN = WC_STATE_UNWRITTEN, WRITTEN = WC_STATE_WRITTEN };

char *wc_check_arena;                /* the allocations */
unsigned char *wc_check_states;      /* one state per byte of the arena */
size_t wc_check_mapped;              /* bytes mapped from the start, states too */
#define arena wc_check_arena
#define shadow wc_check_states
#define mapped wc_check_mapped
static size_t used;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static size_t round_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

static bool reserve(void)
{
    arena = mmap(NULL, ARENA_BYTES, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    shadow = mmap(NULL, ARENA_BYTES, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (arena == MAP_FAILED || shadow == MAP_FAILED) {
        if (arena != MAP_FAILED)
            munmap(arena, ARENA_BYTES);
        if (shadow != MAP_FAILED)
            munmap((void *)shadow, ARENA_BYTES);
        arena = NULL;
        shadow = NULL;
        return false;
    }
    return true;
}

void *wc_check_alloc(size_t size, bool initialized)
{
    pthread_mutex_lock(&lock);
    void *p = NULL;
    if (!arena && !reserve())
        goto done;
    size_t start = round_up(used, ALIGN);
    if (size >= ARENA_BYTES - start)
        goto done; /* more than the arena has left: cudaErrorMemoryAllocation */
    size_t end = start + (size ? size : 1), need = round_up(end, (size_t)sysconf(_SC_PAGESIZE));
    if (need > mapped) {
        if (mprotect(arena + mapped, need - mapped, PROT_READ | PROT_WRITE) != 0 ||
            mprotect(shadow + mapped, need - mapped, PROT_READ | PROT_WRITE) != 0)
            goto done;
        __atomic_store_n(&mapped, need, __ATOMIC_RELAXED);
    }
    memset(shadow + start, initialized ? WRITTEN : UNWRITTEN, size);
    used = end;
    p = arena + start;
done:
    pthread_mutex_unlock(&lock);
    return p;
}

void wc_check_release(void *p, size_t size)
{
    size_t start = (size_t)((char *)p - arena);
    memset(shadow + start, NONE, size);
    /* The pages wholly inside go back to the system; they read as zeros. */
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t lo = round_up(start, page), hi = (start + size) / page * page;
    if (hi > lo) {
        madvise(arena + lo, hi - lo, MADV_DONTNEED);
        madvise(shadow + lo, hi - lo, MADV_DONTNEED);
    }
}

int wc_check_global_state(const void *addr, size_t size, bool *in_arena)
{
    const char *a = addr;
    *in_arena = arena && a >= arena && a < arena + ARENA_BYTES;
    if (!*in_arena)
        return 0;
    size_t off = (size_t)(a - arena);
    size_t end = off + size;
    if (end > __atomic_load_n(&mapped, __ATOMIC_RELAXED))
        return -1; /* far past every allocation */
    const unsigned char *s = shadow + off;
    int state = 0;
    for (size_t i = 0; i < size; i++) {
        if (s[i] == NONE)
            return -1;
        if (s[i] == UNWRITTEN)
            state = 1;
    }
    return state;
}

void wc_check_global_written(const void *addr, size_t size)
{
    unsigned char *s = shadow + ((const char *)addr - arena);
    for (size_t i = 0; i < size; i++)
        if (s[i] == UNWRITTEN)
            s[i] = WRITTEN;
}

/* What the runtime wrote: a copy takes the source's state where it comes
 * from device memory (a copy of unwritten bytes stays unwritten). */
void ws_cuda_check_written_(void *dst, const void *src, size_t bytes)
{
    if (!wc_check_tools || !arena || !bytes)
        return;
    bool dst_in, src_in;
    if (wc_check_global_state(dst, 1, &dst_in) < 0 || !dst_in)
        return;
    (void)wc_check_global_state(src ? src : dst, 1, &src_in);
    unsigned char *d = shadow + ((char *)dst - arena);
    const unsigned char *s = src && src_in ? shadow + ((const char *)src - arena) : NULL;
    size_t room = mapped - (size_t)((char *)dst - arena);
    for (size_t i = 0; i < bytes && i < room; i++)
        if (d[i] != NONE)
            d[i] = s && s[i] == UNWRITTEN ? UNWRITTEN : WRITTEN;
}
