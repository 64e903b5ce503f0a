/* A block's shared window as the checker sees it: a cell per 4-byte word,
 * the rule of order between two accesses, and the usual access's path,
 * inlined into check_tsan.c's entry points through check_access.h.
 * check_shared.c has the rest. */
#ifndef WARPSIM_CHECK_CELLS_H
#define WARPSIM_CHECK_CELLS_H

#include "check.h"
#include "cuda_internal.h"

/* One access to a 4-byte word: by which thread of the block, in which
 * barrier epoch, at which point of its lane's order (its vector clock
 * entry), and which bytes of the word (bit i: byte i). Two accesses whose
 * bytes do not meet are no hazard, so char arrays shared byte by byte are
 * not reported; a cell keeps one writer and two readers, so some hazards
 * are missed, never invented. */
typedef struct race_access {
    void *pc;
    uint32_t epoch, clock;
    uint16_t thread;
    uint8_t bytes;
} race_access;

struct wc_shared_cell {
    race_access write, read[2];
    uint32_t written;       /* the generation of the block whose writes ... */
    uint8_t written_bytes;  /* ... wrote these bytes */
};

/* Whether the earlier access r is ordered before the running lane l's now. */
static inline bool ordered(const race_access *r, uint32_t epoch, int thread, const wc_lane *l)
{
    if (r->epoch != epoch || r->thread == thread)
        return true;
    if (r->thread / WC_WARP != thread / WC_WARP)
        return false;
    const uint32_t *vc = l->wp->check_vc;
    return vc && vc[l->lane * WC_WARP + r->thread % WC_WARP] >= r->clock;
}

/* The running lane's access `now` (its bytes of the word of c) against the
 * word's earlier accesses; then it is one of them. */
static inline void race_word(wc_block *b, wc_shared_cell *c, race_access now, bool write, const wc_lane *vc)
{
    uint32_t epoch = now.epoch;
    int thread = now.thread;
    if ((c->write.bytes & now.bytes) && !ordered(&c->write, epoch, thread, vc))
        wc_check_hazard_note(b, c->write.thread / WC_WARP != thread / WC_WARP, write, now.pc, true, c->write.pc);
    if (write) {
        for (int r = 0; r < 2; r++)
            if ((c->read[r].bytes & now.bytes) && !ordered(&c->read[r], epoch, thread, vc))
                wc_check_hazard_note(b, c->read[r].thread / WC_WARP != thread / WC_WARP, true, now.pc, false,
                                     c->read[r].pc);
        c->write = now;
        c->read[0].epoch = c->read[1].epoch = 0; /* later writes meet this one first */
        return;
    }
    /* Two readers are kept: the same thread's slot, an empty or older one, or the second. */
    race_access *slot = &c->read[1];
    if (c->read[0].epoch != epoch || c->read[0].thread == thread)
        slot = &c->read[0];
    if (slot->epoch == epoch && slot->thread == thread && slot->clock == now.clock)
        now.bytes |= slot->bytes; /* the same thread at the same point of its order: one read */
    *slot = now;
}

/* initcheck's record: the bytes of the word this block wrote. */
static inline void mark_written(wc_shared_cell *c, uint8_t bytes, uint32_t gen)
{
    if (c->written != gen) {
        c->written = gen;
        c->written_bytes = 0;
    }
    c->written_bytes |= bytes;
}

/* The usual shared access, inlined into check_tsan.c's entry points: aligned,
 * inside one word of the block's variables, a plain load or store, no
 * lockstep. Returns false for any other (check_shared.c takes it). */
static inline __attribute__((always_inline)) bool wc_check_shared_word(wc_lane *l, const void *addr, size_t size,
                                                                        unsigned kind, void *pc)
{
    wc_block *b = l->block;
    uintptr_t a = (uintptr_t)addr, base = (uintptr_t)b->check.window;
    unsigned tools = wc_check_tools;
    if (__builtin_expect(a < (uintptr_t)b->shared.low || a + size > base + WC_SHARED_WINDOW || (a & 3) + size > 4 ||
                             (a & (size - 1)) || (kind & (WC_ACCESS_ATOMIC | WC_ACCESS_RANGE)) ||
                             (tools & WC_CHECK_LOCKSTEP) || !b->check.cells,
                         0))
        return false;
    wc_shared_cell *c = &b->check.cells[(a - base) / 4];
    uint8_t bytes = (uint8_t)(((1u << size) - 1) << (a & 3));
    uint32_t gen = b->check.generation;
    bool write = kind & WC_ACCESS_WRITE;
    if (write)
        mark_written(c, bytes, gen);
    else if (gen && (tools & WC_CHECK_INITCHECK) && (c->written != gen || (c->written_bytes & bytes) != bytes))
        wc_check_note(l, WC_FIND_UNINITIALIZED, true, addr, size, kind, pc);
    if (tools & WC_CHECK_RACECHECK)
        race_word(b, c,
                  (race_access){.pc = pc, .epoch = b->check.epoch, .clock = l->check_clock,
                                .thread = (uint16_t)(l->warp * WC_WARP + l->lane), .bytes = bytes},
                  write, l);
    return true;
}

#endif
