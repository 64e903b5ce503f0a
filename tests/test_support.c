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
    assert_true(r > 0);
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
