/* A block's shared memory: one window per OS thread, reused block after
 * block, zero when a block starts, with a guard page right after it.
 *
 * The window holds the static __shared__ variables and the dynamic
 * (extern __shared__) array, as one layout: the dynamic array ends at the
 * guard page, the static variables lie below it, each placed (at its
 * alignment) the first time block 0 reaches its declaration, the first
 * one highest. Block 0 runs alone first (launch.c), so every block of the
 * launch uses block 0's layout whatever the number of OS threads; a
 * variable block 0 never reached goes below the layout, in the blocks that
 * reach it. An access past the window's end lands on the guard page:
 * trap.c reports an illegal address, the launch fails. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "cuda_internal.h"

static __thread char *window_map;   /* WC_SHARED_WINDOW bytes, then the guard page */
__thread uintptr_t ws_cuda_shared_window_ __attribute__((tls_model("initial-exec")));
static __thread wc_shared_cell *cells; /* a checked program's: one per byte of the window */
static size_t page_bytes(void) { return (size_t)sysconf(_SC_PAGESIZE); }

bool wc_shared_prepare_thread(void)
{
    if (window_map)
        return true;
    size_t page = page_bytes();
    char *m = mmap(NULL, WC_SHARED_WINDOW + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return false;
    if (mprotect(m + WC_SHARED_WINDOW, page, PROT_NONE) != 0) {
        munmap(m, WC_SHARED_WINDOW + page);
        return false;
    }
    if (wc_check_tools && !(cells = wc_check_cells_map(WC_SHARED_WINDOW))) {
        munmap(m, WC_SHARED_WINDOW + page);
        return false;
    }
    window_map = m;
    if (!wc_check_tools)
        ws_cuda_shared_window_ = (uintptr_t)m;
    return true;
}

char *wc_shared_window(void) { return window_map; }
/* Whether an address is this OS thread's blocks' shared memory (the public face of
 * wc_shared_holds, for the headers' atomics, which differ by memory: cuda.h). */
WS_API int ws_cuda_in_shared_(const void *address) { return wc_shared_holds(address); }
wc_shared_cell *wc_shared_cells(void) { return cells; }

bool wc_shared_in_guard(const void *addr)
{
    const char *a = addr;
    return window_map && a >= window_map + WC_SHARED_WINDOW && a < window_map + WC_SHARED_WINDOW + page_bytes();
}

bool wc_shared_holds(const void *addr)
{
    const char *a = addr;
    return window_map && a >= window_map && a < window_map + WC_SHARED_WINDOW;
}

size_t wc_shared_past_end(const void *addr) { return (size_t)((const char *)addr - (window_map + WC_SHARED_WINDOW)); }

static size_t align_up(size_t n, size_t a) { return (n + a - 1) / a * a; }

void wc_shared_block_start(wc_block *b)
{
    const wc_launch *L = b->launch;
    char *end = window_map + WC_SHARED_WINDOW;
    b->shared.top = end - align_up(L->desc.shared_bytes, 16);
    b->shared.low = b->shared.top - L->layout.static_bytes;
    b->shared.extra_count = 0;
    b->dynamic_shared = b->shared.top;
}

void wc_shared_block_end(wc_block *b)
{
    char *end = window_map + WC_SHARED_WINDOW;
    memset(b->shared.low, 0, (size_t)(end - b->shared.low)); /* the next block finds zeros */
}

char *wc_shared_save(wc_block *b)
{
    char *end = window_map + WC_SHARED_WINDOW;
    size_t n = (size_t)(end - b->shared.low);
    char *copy = malloc(n ? n : 1);
    if (copy) {
        memcpy(copy, b->shared.low, n);
        memset(b->shared.low, 0, n);
    }
    return copy;
}

void wc_shared_restore(wc_block *b, char *saved)
{
    char *end = window_map + WC_SHARED_WINDOW;
    memcpy(b->shared.low, saved, (size_t)(end - b->shared.low));
    free(saved);
}

static bool add_item(wc_shared_item **items, size_t *count, size_t *cap, const ws_cuda_shared_site *site,
                     size_t offset)
{
    if (*count == *cap) {
        size_t n = *cap ? 2 * *cap : 8;
        wc_shared_item *grown = realloc(*items, n * sizeof *grown);
        if (!grown)
            return false;
        *items = grown;
        *cap = n;
    }
    (*items)[(*count)++] = (wc_shared_item){.site = site, .offset = offset};
    return true;
}

static const wc_shared_item *find(const wc_shared_item *items, size_t count, const ws_cuda_shared_site *site)
{
    for (size_t i = 0; i < count; i++)
        if (items[i].site == site)
            return &items[i];
    return NULL;
}

/* Fails the block: its shared memory does not fit (nvcc refuses such a
 * kernel at build time: "uses too much shared data"). */
static void *too_much(wc_block *b, const ws_cuda_shared_site *site)
{
    if (b->status == WS_OK) {
        b->status = WS_ERR_NOMEM;
        snprintf(b->error, sizeof b->error,
                 "block (%u,%u,%u): __shared__ %.60s at %.100s:%d does not fit: more than %zu bytes of shared "
                 "memory in a block", b->idx.x, b->idx.y, b->idx.z, site->name, site->file, site->line,
                 (size_t)WC_SHARED_MAX_STATIC);
    }
    siglongjmp(b->trap_jump, 1);
}

static void *place(wc_block *b, wc_launch *L, const ws_cuda_shared_site *site);

void *ws_cuda_shared_(const ws_cuda_shared_site *site)
{
    wc_lane *l = wc_current_lane();
    if (!l) {
        fprintf(stderr, "warpsim: %s:%d: __shared__ %s reached outside a kernel launch\n", site->file, site->line,
                site->name);
        abort();
    }
    wc_block *b = l->block;
    wc_launch *L = (wc_launch *)(uintptr_t)b->launch;
    const wc_shared_item *it = find(L->layout.items, L->layout.count, site);
    if (!it)
        it = find(b->shared.extra, b->shared.extra_count, site);
    if (it)
        return b->shared.top - it->offset;
    l->in_runtime = 1; /* placing it may allocate */
    void *placed = place(b, L, site);
    l->in_runtime = 0;
    return placed;
}

static void *place(wc_block *b, wc_launch *L, const ws_cuda_shared_site *site)
{
    /* A new variable: below the others, at its alignment. */
    size_t align = site->align ? site->align : 1;
    uintptr_t low = ((uintptr_t)b->shared.low - site->size) & ~(uintptr_t)(align - 1);
    if (site->size > WC_SHARED_MAX_STATIC || low < (uintptr_t)window_map ||
        (uintptr_t)b->shared.top - low > WC_SHARED_MAX_STATIC)
        return too_much(b, site);
    size_t offset = (size_t)((uintptr_t)b->shared.top - low);
    bool ok = b->linear == 0 && !L->layout.learnt
                  ? add_item(&L->layout.items, &L->layout.count, &L->layout.cap, site, offset)
                  : add_item(&b->shared.extra, &b->shared.extra_count, &b->shared.extra_cap, site, offset);
    if (!ok)
        return too_much(b, site);
    if (b->linear == 0 && !L->layout.learnt)
        L->layout.static_bytes = offset;
    b->shared.low = (char *)low;
    return (void *)low;
}
