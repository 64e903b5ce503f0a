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

#include "check_cells.h"

wc_shared_cell *wc_check_cells_map(size_t bytes)
{
    void *m = mmap(NULL, bytes / 4 * sizeof(wc_shared_cell), PROT_READ | PROT_WRITE,
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
        wp->check_vc[a * WC_WARP + a] = 1; /* the lanes' check_clock: 1 (block_setup) */
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
        wp->lanes[a].check_clock = ++vc[a * WC_WARP + a]; /* what it does next comes after */
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

/* ---- the checks ---- */

uintptr_t wc_check_shared_address(const wc_block *b, const void *addr)
{
    /* The H200 puts a block's variables 0x400 bytes into its shared window. */
    return 0x400 + (uintptr_t)((const char *)addr - b->shared.low);
}

static const wc_shared_cell *cell_of(const wc_block *b, const char *a)
{
    return &b->check.cells[(uintptr_t)(a - b->check.window) / 4];
}

bool wc_check_shared_written(const wc_block *b, const void *addr, size_t size)
{
    const char *a = addr;
    for (size_t i = 0; i < size; i++) {
        const wc_shared_cell *c = cell_of(b, a + i);
        if (c->written != b->check.generation || !(c->written_bytes >> ((uintptr_t)(a + i) % 4) & 1))
            return false;
    }
    return true;
}

/* Which bytes of the word at w the range [a, end) covers. */
static inline uint8_t word_bytes(uintptr_t w, uintptr_t a, uintptr_t end)
{
    unsigned lo = a > w ? (unsigned)(a - w) : 0, hi = end < w + 4 ? (unsigned)(end - w) : 4;
    return (uint8_t)(((1u << hi) - 1) & ~((1u << lo) - 1));
}

/* Any access: bounds, alignment, lockstep, then each word it covers. */
static bool access_words(wc_lane *l, const void *addr, size_t size, unsigned kind, void *pc)
{
    wc_block *b = l->block;
    uintptr_t a = (uintptr_t)addr, end = a + size, base = (uintptr_t)b->check.window;
    bool write = kind & WC_ACCESS_WRITE;
    unsigned tools = wc_check_tools;
    if (a < (uintptr_t)b->shared.low || end > base + WC_SHARED_WINDOW) {
        if (!(tools & WC_CHECK_MEMCHECK))
            return true;
        wc_check_note(l, WC_FIND_OUT_OF_BOUNDS, true, addr, size, kind, pc);
        return false;
    }
    if ((tools & WC_CHECK_MEMCHECK) && !(kind & (WC_ACCESS_UNALIGNED | WC_ACCESS_RANGE)) && (size & (size - 1)) == 0 &&
        (a & (wc_check_alignment(size) - 1)) != 0) {
        wc_check_note(l, WC_FIND_MISALIGNED, true, addr, size, kind, pc);
        return false;
    }
    if (__builtin_expect((tools & WC_CHECK_LOCKSTEP) && !(kind & WC_ACCESS_ATOMIC), 0))
        wc_lane_step(l); /* every lane of the warp makes its access k before any makes k + 1 */
    if (!b->check.cells)
        return true;
    uint32_t gen = b->check.generation;
    bool init = !write && gen && !(kind & (WC_ACCESS_RANGE | WC_ACCESS_ATOMIC)) && (tools & WC_CHECK_INITCHECK);
    bool race = (tools & WC_CHECK_RACECHECK) && !(kind & WC_ACCESS_ATOMIC);
    race_access now = {.pc = pc, .epoch = b->check.epoch, .clock = l->check_clock,
                       .thread = (uint16_t)(l->warp * WC_WARP + l->lane)};
    bool unwritten = false;
    for (uintptr_t w = a & ~(uintptr_t)3; w < end; w += 4) { /* one word, in the usual case */
        wc_shared_cell *c = &b->check.cells[(w - base) / 4];
        uint8_t bytes = word_bytes(w, a, end);
        if (init && (c->written != gen || (c->written_bytes & bytes) != bytes))
            unwritten = true;
        if (write || (kind & WC_ACCESS_ATOMIC))
            mark_written(c, bytes, gen);
        if (race) {
            now.bytes = bytes;
            race_word(b, c, now, write, l);
        }
    }
    if (unwritten)
        wc_check_note(l, WC_FIND_UNINITIALIZED, true, addr, size, kind, pc);
    return true;
}

bool wc_check_shared_access(wc_lane *l, const void *addr, size_t size, unsigned kind, void *pc)
{
    return wc_check_shared_word(l, addr, size, kind, pc) || access_words(l, addr, size, kind, pc);
}
