/* Shared memory in a checked program: each byte of the block's window has
 * a cell that says which thread wrote it last and which read it, at which
 * barrier epoch and which point of the warp's order, and whether this
 * block wrote it at all. memcheck refuses accesses outside the block's
 * variables, initcheck reports reads of bytes this block never wrote, and
 * racecheck reports two accesses of different threads, one a write, that
 * no barrier, __syncwarp or collective orders: between warps an error,
 * inside a warp a warning, as racecheck classifies them. */
#define _GNU_SOURCE
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "check.h"
#include "cuda_internal.h"

/* One access: by which thread of the block, in which barrier epoch, and at
 * which point of its own lane's order (its vector clock entry). */
typedef struct race_access {
    void *pc;
    uint32_t epoch, clock;
    uint16_t thread;
} race_access;

struct wc_shared_cell {
    race_access write, read[2];
    uint32_t written; /* the generation of the block that wrote it (0: none) */
};

wc_shared_cell *wc_check_cells_map(size_t bytes)
{
    void *m = mmap(NULL, bytes * sizeof(wc_shared_cell), PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    return m == MAP_FAILED ? NULL : m;
}

/* ---- ordering ---- */

/* A warp's vector clocks: vc[a * 32 + b] is how far lane a knows lane b's
 * order (its own entry is its clock). Lanes meet at a collective. */
void wc_check_warp_restart(wc_warp *wp)
{
    if (!wp->check_vc) {
        wp->check_vc = calloc(WC_WARP * WC_WARP, sizeof *wp->check_vc);
        if (!wp->check_vc)
            return;
    }
    memset(wp->check_vc, 0, WC_WARP * WC_WARP * sizeof *wp->check_vc);
    for (int a = 0; a < WC_WARP; a++)
        wp->check_vc[a * WC_WARP + a] = 1;
}

void wc_check_warp_synced(wc_warp *wp, uint64_t lanes)
{
    uint32_t *vc = wp->check_vc;
    if (!vc || !(lanes & (lanes - 1)))
        return; /* one lane alone learns nothing */
    uint32_t joined[WC_WARP] = {0};
    for (uint64_t t = lanes; t; t &= t - 1) {
        const uint32_t *row = &vc[__builtin_ctzll(t) * WC_WARP];
        for (int b = 0; b < WC_WARP; b++)
            joined[b] = row[b] > joined[b] ? row[b] : joined[b];
    }
    for (uint64_t t = lanes; t; t &= t - 1) {
        int a = __builtin_ctzll(t);
        memcpy(&vc[a * WC_WARP], joined, sizeof joined);
        vc[a * WC_WARP + a]++; /* what it does next comes after */
    }
}

static uint32_t next_epoch(void)
{
    static __thread uint32_t counter;
    return ++counter ? counter : ++counter; /* 0 marks an empty record */
}

void wc_check_block_start(wc_block *b)
{
    b->check.epoch = next_epoch();
    /* A cooperative block shares the window with others between its phases:
     * what it wrote is not known, so initcheck leaves its shared memory alone. */
    b->check.generation = b->launch->desc.cooperative ? 0 : b->check.epoch;
    b->check.faulted = false;
}

void wc_check_barrier(wc_block *b) { b->check.epoch = next_epoch(); }

void ws_cuda_check_order_(void)
{
    wc_lane *l = wc_current_lane();
    if (wc_check_tools && l)
        wc_check_barrier(l->block);
}

/* Whether the earlier access r is ordered before the running lane's now. */
static bool ordered(const race_access *r, uint32_t epoch, int thread, const uint32_t *vc_row)
{
    if (r->epoch != epoch || r->thread == thread)
        return true;
    if (r->thread / WC_WARP != thread / WC_WARP)
        return false;
    return vc_row && vc_row[r->thread % WC_WARP] >= r->clock;
}

/* ---- the checks ---- */

uintptr_t wc_check_shared_address(const wc_block *b, const void *addr)
{
    /* The H200 puts a block's variables 0x400 bytes into its shared window. */
    return 0x400 + (uintptr_t)((const char *)addr - b->shared.low);
}

bool wc_check_shared_written(const wc_block *b, const void *addr, size_t size)
{
    const wc_shared_cell *c = &b->check.cells[(const char *)addr - b->check.window];
    for (size_t i = 0; i < size; i++)
        if (c[i].written != b->check.generation)
            return false;
    return true;
}

typedef struct found {
    bool error, then_write;
    void *then_pc;
} found;

static void add_found(found *f, int *n, bool error, const race_access *r, bool then_write)
{
    for (int i = 0; i < *n; i++)
        if (f[i].then_pc == r->pc && f[i].then_write == then_write && f[i].error == error)
            return;
    if (*n < 6)
        f[(*n)++] = (found){.error = error, .then_write = then_write, .then_pc = r->pc};
}

static void race(wc_lane *l, wc_shared_cell *c, size_t size, bool write, void *pc)
{
    wc_block *b = l->block;
    int thread = l->warp * WC_WARP + l->lane;
    uint32_t epoch = b->check.epoch;
    const uint32_t *vc = l->wp->check_vc ? &l->wp->check_vc[l->lane * WC_WARP] : NULL;
    race_access now = {.pc = pc, .epoch = epoch, .clock = vc ? vc[l->lane] : 0, .thread = (uint16_t)thread};
    found f[6];
    int n = 0;
    for (size_t i = 0; i < size; i++, c++) {
        if (!ordered(&c->write, epoch, thread, vc))
            add_found(f, &n, c->write.thread / WC_WARP != thread / WC_WARP, &c->write, true);
        if (write) {
            for (int r = 0; r < 2; r++)
                if (!ordered(&c->read[r], epoch, thread, vc))
                    add_found(f, &n, c->read[r].thread / WC_WARP != thread / WC_WARP, &c->read[r], false);
            c->write = now;
            c->read[0].epoch = c->read[1].epoch = 0; /* later writes meet this one first */
        } else {
            /* Two readers at most are kept: the slot of the same thread, an
             * empty or ordered one, or the second one. */
            int slot = 1;
            for (int r = 0; r < 2; r++)
                if (c->read[r].epoch != epoch || c->read[r].thread == thread) {
                    slot = r;
                    break;
                }
            c->read[slot] = now;
        }
    }
    for (int i = 0; i < n; i++)
        wc_check_hazard_note(b, f[i].error, write, pc, f[i].then_write, f[i].then_pc);
}

bool wc_check_shared_access(wc_lane *l, const void *addr, size_t size, unsigned kind, void *pc)
{
    wc_block *b = l->block;
    const char *a = addr, *end = b->check.window + WC_SHARED_WINDOW;
    bool write = kind & WC_ACCESS_WRITE;
    bool memcheck = wc_check_tools & WC_CHECK_MEMCHECK;
    if (a < b->shared.low || a + size > end) {
        if (!memcheck)
            return true;
        wc_check_note(l, WC_FIND_OUT_OF_BOUNDS, true, addr, size, kind, pc);
        return false;
    }
    if (memcheck && !(kind & (WC_ACCESS_UNALIGNED | WC_ACCESS_RANGE)) && size > 1 && (size & (size - 1)) == 0 &&
        (uintptr_t)a % size != 0) {
        wc_check_note(l, WC_FIND_MISALIGNED, true, addr, size, kind, pc);
        return false;
    }
    if ((wc_check_tools & WC_CHECK_LOCKSTEP) && !(kind & WC_ACCESS_ATOMIC))
        wc_lane_step(l); /* every lane of the warp makes its access k before any makes k + 1 */
    wc_shared_cell *c = b->check.cells ? &b->check.cells[a - b->check.window] : NULL;
    if (!c)
        return true;
    uint32_t gen = b->check.generation;
    if (!write && gen && !(kind & (WC_ACCESS_RANGE | WC_ACCESS_ATOMIC)) && (wc_check_tools & WC_CHECK_INITCHECK)) {
        for (size_t i = 0; i < size; i++)
            if (c[i].written != gen) {
                wc_check_note(l, WC_FIND_UNINITIALIZED, true, addr, size, kind, pc);
                break;
            }
    }
    if (write || (kind & WC_ACCESS_ATOMIC))
        for (size_t i = 0; i < size; i++)
            c[i].written = gen;
    if ((wc_check_tools & WC_CHECK_RACECHECK) && !(kind & WC_ACCESS_ATOMIC))
        race(l, c, size, write, pc);
    return true;
}
