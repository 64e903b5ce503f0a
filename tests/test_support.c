/* test_support.c: the helpers declared in test_support.h. */
#include "test_support.h"

/* ---- warps -------------------------------------------------------------- */

/* Warps still alive: a failed assertion leaves the test early, the group
 * teardown then destroys what the test could not (no leak reports). */
static ws_warp *live_warps[64];

static void track_warp(ws_warp *w)
{
    for (size_t i = 0; i < sizeof live_warps / sizeof live_warps[0]; i++)
        if (live_warps[i] == NULL) {
            live_warps[i] = w;
            return;
        }
}

void drop_warp(ws_warp *w)
{
    for (size_t i = 0; i < sizeof live_warps / sizeof live_warps[0]; i++)
        if (live_warps[i] == w)
            live_warps[i] = NULL;
    ws_warp_destroy(w);
}

int destroy_live_warps(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof live_warps / sizeof live_warps[0]; i++)
        if (live_warps[i] != NULL) {
            ws_warp_destroy(live_warps[i]);
            live_warps[i] = NULL;
        }
    return 0;
}

ws_warp *test_warp_with_policy(ws_profile_id profile, int threads, ws_diag_policy policy)
{
    ws_warp *w = NULL;
    ws_warp_desc d = {.profile = profile, .threads = threads, .diag_policy = policy};
    assert_int_equal(ws_warp_create(&d, &w), WS_OK);
    assert_non_null(w);
    track_warp(w);
    return w;
}

ws_warp *test_warp(ws_profile_id profile, int threads)
{
    return test_warp_with_policy(profile, threads, WS_DIAG_POLICY_WARN);
}

/* ---- registers and lanes ------------------------------------------------ */

ws_reg test_reg(ws_warp *w, const char *name, ws_type type)
{
    ws_reg r = ws_reg_new(w, name, type);
    assert_true(r.id > 0);
    return r;
}

void fill_lanes(ws_warp *w, ws_reg r, int lanes, uint32_t base)
{
    for (int l = 0; l < lanes; l++)
        assert_int_equal(ws_set_bits(w, r, l, base + (uint32_t)l), WS_OK);
}

void exit_lanes(ws_warp *w, ws_mask lanes)
{
    if (lanes == 0)
        return;
    assert_int_equal(ws_if_lanes(w, lanes), WS_OK);
    assert_int_equal(ws_exit(w), WS_OK);
    assert_int_equal(ws_end_if(w), WS_OK);
    assert_int_equal(ws_lanes_exited(w), lanes);
}

/* ---- diagnostics -------------------------------------------------------- */

ws_mask diag_lanes(const ws_warp *w, ws_diag_code code)
{
    ws_mask m = 0;
    for (size_t i = 0; i < ws_diag_count(w); i++) {
        const ws_diag *d = ws_diag_get(w, i);
        if (d != NULL && d->code == code)
            m |= d->lanes;
    }
    return m;
}

/* ---- shuffles ----------------------------------------------------------- */

ws_status call_shfl_wrapper(ws_warp *w, ws_coll_kind kind, ws_mask mask, ws_reg dst, ws_reg src, int32_t b,
                            int32_t width)
{
    switch (kind) {
    case WS_COLL_SHFL_IDX: return ws_shfl_idx(w, mask, dst, src, b, width);
    case WS_COLL_SHFL_UP: return ws_shfl_up(w, mask, dst, src, (unsigned)b, width);
    case WS_COLL_SHFL_DOWN: return ws_shfl_down(w, mask, dst, src, (unsigned)b, width);
    case WS_COLL_SHFL_BFLY: return ws_shfl_xor(w, mask, dst, src, b, width);
    default: return WS_ERR_ARG;
    }
}

uint64_t wide_value(int lane)
{
    uint64_t hi = 0x01234567u + (uint64_t)lane * 0x00010001u;
    uint64_t lo = 0x89ABCDEFu ^ ((uint64_t)lane * 0x01010101u);
    return (hi << 32) | lo;
}

/* ---- assertions --------------------------------------------------------- */

bool check_u64(const char *what, const char *name, int lane, uint64_t got, uint64_t want)
{
    if (got == want)
        return true;
    if (lane < 0)
        print_error("%s: case \"%s\": got 0x%llx, want 0x%llx\n", what, name, (unsigned long long)got,
                    (unsigned long long)want);
    else
        print_error("%s: case \"%s\", lane %d: got 0x%llx, want 0x%llx\n", what, name, lane,
                    (unsigned long long)got, (unsigned long long)want);
    return false;
}

bool check_status(const char *what, const char *name, ws_status got, ws_status want)
{
    if (got == want)
        return true;
    print_error("%s: case \"%s\": status %s (%d), want %s (%d)\n", what, name,
                ws_status_name(got) ? ws_status_name(got) : "?", (int)got,
                ws_status_name(want) ? ws_status_name(want) : "?", (int)want);
    return false;
}

bool check_no_diag(const ws_warp *w, const char *name)
{
    if (ws_diag_count(w) == 0)
        return true;
    print_error("case \"%s\": unexpected diagnostic %s\n", name, ws_diag_code_name(ws_diag_get(w, 0)->code));
    return false;
}

/* ---- the shuffle formulas, restated from semantics.md for expected values ---- */

int spec_ptx_source(ws_coll_kind kind, int lane, uint32_t b, uint32_t c, int *pred)
{
    long long bval = b % 32, cval = c % 32, seg = (c / 256) % 32;
    long long max_lane = (lane & seg) | (cval & ~seg), min_lane = lane & seg, j;
    int ok;
    if (kind == WS_COLL_SHFL_UP) {
        j = lane - bval;
        ok = j >= max_lane;
    } else if (kind == WS_COLL_SHFL_DOWN) {
        j = lane + bval;
        ok = j <= max_lane;
    } else if (kind == WS_COLL_SHFL_BFLY) {
        j = lane ^ bval;
        ok = j <= max_lane;
    } else {
        j = min_lane | (bval & ~seg);
        ok = j <= max_lane;
    }
    *pred = ok;
    return ok ? (int)j : lane;
}

uint32_t spec_cuda_c(ws_coll_kind kind, int32_t width)
{
    /* semantics.md 1.2: ((32 - width) << 8) | 0x1f (no | 0x1f for up), 32-bit wrap-around */
    return (uint32_t)(((32LL - width) * 256) & 0xFFFFFFFFLL) | (kind == WS_COLL_SHFL_UP ? 0u : 31u);
}

static int32_t wrap32(long long x) { return (int32_t)(uint32_t)(unsigned long long)x; }

int spec_hip_source(ws_coll_kind kind, int self, int32_t arg, int32_t width, int lanes)
{
    long long w = width, index;
    int32_t lo_bits = wrap32(w - 1);                 /* width - 1 */
    int32_t seg_start = wrap32(self & ~lo_bits);     /* self & ~(width - 1) */
    if (kind == WS_COLL_SHFL_UP) {
        index = wrap32((long long)self - (uint32_t)arg);  /* int self - unsigned delta */
        if (index < seg_start)
            index = self;
    } else if (kind == WS_COLL_SHFL_DOWN) {
        index = wrap32((long long)self + (uint32_t)arg);
        if (wrap32((long long)(self & lo_bits) + (uint32_t)arg) >= w)
            index = self;
    } else if (kind == WS_COLL_SHFL_BFLY) {
        index = self ^ arg;
        if (index >= wrap32((self + w) & ~(long long)lo_bits))
            index = self;
    } else {
        index = wrap32((long long)(arg & lo_bits) + seg_start);
    }
    return (int)(((unsigned long long)index) % (unsigned)lanes);
}

