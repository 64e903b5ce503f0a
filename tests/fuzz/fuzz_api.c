/* libFuzzer harness: the public API (include/warpsim/ headers) with bad
 * arguments (tests/fuzz/README.md).
 *
 * The input is a little program: a warp description (profile, thread
 * count and policy taken from valid and invalid values, sometimes a NULL
 * description or out pointer), then calls, each an opcode byte and its
 * arguments, where every argument is drawn from valid values and bad ones
 * (registers 0, -1, past the last and huge; lanes -1, 64, INT_MIN; enums
 * past their count; widths 0, negative, not powers of two; masks naming
 * absent lanes; NULL pointers; a NULL warp). tests/test_fuzz.c fuzzes
 * well-formed programs; this one the contract's edges. Checked after every
 * call, besides no crash, no sanitizer report and no leak:
 *   - every status is a ws_status (ws_loop_while: a lane count or one);
 *     a failure on a warp leaves a message in ws_warp_error;
 *   - lane states stay consistent: exited, waiting and the active lanes of
 *     __activemask() within the present lanes, no exited lane waits,
 *     nothing past the profile's lane count;
 *   - ws_set_* then ws_get_bits gives the bits stored (32-bit setters clear
 *     the high word); getters on a bad register or lane give 0 and setters
 *     WS_ERR_ARG; ws_reg_type of a bad register is WS_TYPE_COUNT;
 *   - counts stay within WS_MAX_REGS and WS_DIAG_MAX; every diagnostic
 *     has a known code and a NUL-terminated message;
 *   - ws_last_shuffle_reads gives known kinds and sources inside the warp;
 *   - the formula functions: ws_ptx_shfl_source in 0..31, ws_hip_shfl_source
 *     in 0..lanes-1, or -1 exactly when lanes is not 32 or 64;
 *   - name functions give NULL or a string for any value; ws_format_lanes
 *     never writes past a short buffer. */
#include "fuzz_util.h"

#include <limits.h>

#include "warpsim/warpsim.h"
#include "warpsim/shfl_formula.h"

static FILE *devnull;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    fuzz_setup(argc, argv);
    devnull = fopen("/dev/null", "w");
    return 0;
}

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t u8(reader *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

static uint32_t u32(reader *r)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++)
        v |= (uint32_t)u8(r) << (8 * i);
    return v;
}

static uint64_t u64(reader *r) { return u32(r) | (uint64_t)u32(r) << 32; }

/* An int from a table of edges, or any 32 bits. */
static int32_t any_int(reader *r)
{
    static const int32_t edges[] = {0, 1, 2, 3, 4, 7, 8, 16, 31, 32, 33, 63, 64, 65, -1, -2, -32, -64,
                                    INT32_MIN, INT32_MAX, 1024, 4096, 4097};
    uint8_t k = u8(r);
    if (k < 200)
        return edges[k % (sizeof edges / sizeof edges[0])];
    return (int32_t)u32(r);
}

static int lane_arg(reader *r, int lanes)
{
    uint8_t k = u8(r);
    if (k < 192)
        return k % (lanes ? lanes : 32);
    return any_int(r);
}

static ws_mask mask_arg(reader *r, const ws_warp *w)
{
    switch (u8(r) % 8) {
    case 0: return WS_FULL32;
    case 1: return WS_FULL64;
    case 2: return ws_lanes_active(w);
    case 3: return ws_activemask_value(w);
    case 4: return ws_lanes_present(w);
    case 5: return 0;
    case 6: return u32(r);
    default: return u64(r);
    }
}

/* An enum value: mostly valid, sometimes past the end or negative. */
static int enum_arg(reader *r, int count)
{
    uint8_t k = u8(r);
    if (k < 224)
        return k % count;
    return k % 3 == 0 ? count : k % 3 == 1 ? -1 : any_int(r);
}

#define MAX_REGS 12
typedef struct state {
    ws_warp *w;
    ws_reg regs[MAX_REGS];
    int nregs;
} state;

static ws_reg reg_arg(reader *r, const state *s)
{
    uint8_t k = u8(r);
    if (k < 208 && s->nregs)
        return s->regs[k % s->nregs];
    switch (k % 6) {
    case 0: return WS_NO_REG;
    case 1: return (ws_reg){-1};
    case 2: return (ws_reg){ws_reg_count(s->w) + 1};
    case 3: return (ws_reg){WS_MAX_REGS + 1};
    case 4: return (ws_reg){INT_MIN};
    default: return (ws_reg){any_int(r)};
    }
}

static void check_status(const state *s, int st, const char *call, bool warp_ok)
{
    FUZZ_CHECK(st >= WS_ERR_STATE && st <= WS_PENDING, "%s returned %d, not a ws_status", call, st);
    FUZZ_CHECK(ws_status_name((ws_status)st) != NULL, "%s: ws_status_name(%d) is NULL", call, st);
    if (st < 0 && s->w && warp_ok) {
        const char *e = ws_warp_error(s->w);
        FUZZ_CHECK(e && e[0], "%s failed with %s and left no message in ws_warp_error", call,
                   ws_status_name((ws_status)st));
    }
}

static void check_warp(const state *s, const char *call)
{
    const ws_warp *w = s->w;
    int lanes = ws_warp_lanes(w);
    FUZZ_CHECK(lanes == 32 || lanes == 64, "after %s: %d lanes", call, lanes);
    ws_mask all = lanes == 64 ? WS_FULL64 : WS_FULL32;
    ws_mask present = ws_lanes_present(w), exited = ws_lanes_exited(w), waiting = ws_lanes_waiting(w);
    ws_mask activemask = ws_activemask_value(w), active = ws_lanes_active(w);
    FUZZ_CHECK(present && (present & ~all) == 0, "after %s: present 0x%llx on %d lanes", call,
               (unsigned long long)present, lanes);
    FUZZ_CHECK((exited & ~present) == 0, "after %s: exited 0x%llx outside present 0x%llx", call,
               (unsigned long long)exited, (unsigned long long)present);
    FUZZ_CHECK((waiting & ~present) == 0 && (waiting & exited) == 0,
               "after %s: waiting 0x%llx (present 0x%llx, exited 0x%llx)", call, (unsigned long long)waiting,
               (unsigned long long)present, (unsigned long long)exited);
    FUZZ_CHECK((active & ~all) == 0, "after %s: active 0x%llx past %d lanes", call, (unsigned long long)active,
               lanes);
    FUZZ_CHECK((activemask & ~present) == 0 && (activemask & exited) == 0,
               "after %s: __activemask() 0x%llx (present 0x%llx, exited 0x%llx)", call,
               (unsigned long long)activemask, (unsigned long long)present, (unsigned long long)exited);
    FUZZ_CHECK(ws_reg_count(w) >= 0 && ws_reg_count(w) <= WS_MAX_REGS, "after %s: %d registers", call,
               ws_reg_count(w));
    size_t nd = ws_diag_count(w);
    FUZZ_CHECK(nd <= WS_DIAG_MAX, "after %s: %zu diagnostics", call, nd);
    if (nd) {
        const ws_diag *d = ws_diag_get(w, nd - 1);
        FUZZ_CHECK(d && d->code >= 1 && d->code < WS_DIAG_CODE_COUNT, "after %s: a diagnostic with code %d", call,
                   d ? (int)d->code : -1);
        FUZZ_CHECK(memchr(d->message, '\0', sizeof d->message), "after %s: a diagnostic message without a NUL",
                   call);
        FUZZ_CHECK(ws_diag_code_name(d->code) != NULL, "after %s: no name for code %d", call, (int)d->code);
    }
    FUZZ_CHECK(ws_diag_get(w, nd) == NULL, "ws_diag_get(count) is not NULL");
    FUZZ_CHECK(ws_warp_profile(w) < WS_PROFILE_COUNT, "after %s: profile %d", call, (int)ws_warp_profile(w));
    FUZZ_CHECK((unsigned)ws_warp_diag_policy(w) <= WS_DIAG_POLICY_ERROR, "after %s: policy %d", call,
               (int)ws_warp_diag_policy(w));
}

/* The pure functions, any arguments. */
static void pure_calls(reader *r)
{
    int kind = enum_arg(r, WS_COLL_KIND_COUNT), lane = any_int(r);
    uint32_t b = u32(r), c = u32(r);
    bool pred = false;
    if (kind >= WS_COLL_SHFL_IDX && kind <= WS_COLL_SHFL_BFLY) {
        int src = ws_ptx_shfl_source((ws_coll_kind)kind, lane, b, c, u8(r) & 1 ? &pred : NULL);
        FUZZ_CHECK(src >= 0 && src < 32, "ws_ptx_shfl_source(%d, %d, 0x%x, 0x%x) = %d", kind, lane, b, c, src);
        int lanes = u8(r) & 1 ? 64 : 32;
        if (u8(r) % 8 == 0)
            lanes = any_int(r);
        int32_t width = any_int(r);
        int h = ws_hip_shfl_source((ws_coll_kind)kind, lane, b, width, lanes);
        if (lanes == 32 || lanes == 64)
            FUZZ_CHECK(h >= 0 && h < lanes, "ws_hip_shfl_source(%d, %d, 0x%x, %d, %d) = %d", kind, lane, b, width,
                       lanes, h);
        else
            FUZZ_CHECK(h == -1, "ws_hip_shfl_source with %d lanes = %d, not -1", lanes, h);
        (void)ws_cuda_shfl_c((ws_coll_kind)kind, width);
    }
    (void)ws_coll_kind_name((ws_coll_kind)kind);
    (void)ws_status_name((ws_status)any_int(r));
    (void)ws_type_name((ws_type)any_int(r));
    (void)ws_type_is_64bit((ws_type)any_int(r));
    (void)ws_profile_name((ws_profile_id)any_int(r));
    (void)ws_profile_lanes((ws_profile_id)any_int(r));
    (void)ws_diag_code_name((ws_diag_code)any_int(r));
    uint64_t x = u64(r), y = u64(r), z = u64(r);
    (void)ws_f32_add((uint32_t)x, (uint32_t)y);
    (void)ws_f32_fma((uint32_t)x, (uint32_t)y, (uint32_t)z);
    (void)ws_f32_min((uint32_t)x, (uint32_t)y);
    (void)ws_f64_mul(x, y);
    (void)ws_f64_fma(x, y, z);
    (void)ws_f64_max(x, y);
    (void)ws_f64_le(x, y);
    size_t size = u8(r) % 24;
    char *buf = malloc(size ? size : 1);
    if (buf) {
        ws_format_lanes(x, buf, size);
        if (size)
            FUZZ_CHECK(memchr(buf, '\0', size), "ws_format_lanes(0x%llx, size %zu): no NUL in the buffer",
                       (unsigned long long)x, size);
        free(buf);
    }
    char name[16];
    size_t nl = u8(r) % sizeof name;
    for (size_t i = 0; i < nl; i++)
        name[i] = (char)u8(r);
    name[nl] = '\0';
    ws_profile_id id = WS_PROFILE_COUNT;
    ws_status st = ws_profile_from_name(u8(r) % 16 ? name : NULL, &id);
    FUZZ_CHECK(st == WS_OK || st == WS_ERR_ARG, "ws_profile_from_name = %d", (int)st);
    if (st == WS_OK)
        FUZZ_CHECK(id < WS_PROFILE_COUNT && strcmp(ws_profile_name(id), name) == 0,
                   "ws_profile_from_name('%s') = %d", name, (int)id);
}

/* Calls on a NULL warp: errors, zeros, no crash. */
static void null_warp_calls(reader *r)
{
    ws_reg reg = {any_int(r)};
    int lane = any_int(r);
    FUZZ_CHECK(ws_warp_lanes(NULL) == 0, "ws_warp_lanes(NULL)");
    FUZZ_CHECK(ws_warp_profile(NULL) == WS_PROFILE_COUNT, "ws_warp_profile(NULL)");
    FUZZ_CHECK(ws_lanes_present(NULL) == 0 && ws_lanes_exited(NULL) == 0 && ws_lanes_active(NULL) == 0 &&
                   ws_lanes_waiting(NULL) == 0 && ws_activemask_value(NULL) == 0,
               "a lane mask of a NULL warp is not empty");
    FUZZ_CHECK(ws_get_bits(NULL, reg, lane) == 0, "ws_get_bits(NULL)");
    FUZZ_CHECK(ws_reg_count(NULL) == 0, "ws_reg_count(NULL)");
    FUZZ_CHECK(ws_reg_type(NULL, reg) == WS_TYPE_COUNT, "ws_reg_type(NULL)");
    FUZZ_CHECK(ws_reg_name(NULL, reg) == NULL, "ws_reg_name(NULL)");
    FUZZ_CHECK(ws_diag_count(NULL) == 0, "ws_diag_count(NULL)");
    switch (u8(r) % 12) {
    case 0: FUZZ_CHECK(ws_set_bits(NULL, reg, lane, 1) == WS_ERR_ARG, "ws_set_bits(NULL)"); break;
    case 1: FUZZ_CHECK(!ws_reg_is_set(ws_reg_new(NULL, "v", WS_I32)), "ws_reg_new(NULL)"); break;
    case 2: FUZZ_CHECK(ws_if(NULL, reg) == WS_ERR_ARG, "ws_if(NULL)"); break;
    case 3: FUZZ_CHECK(ws_exit(NULL) == WS_ERR_ARG, "ws_exit(NULL)"); break;
    case 4: FUZZ_CHECK(ws_warp_finish(NULL) == WS_ERR_ARG, "ws_warp_finish(NULL)"); break;
    case 5: FUZZ_CHECK(ws_shfl_down(NULL, WS_FULL32, (ws_reg){1}, (ws_reg){2}, 1, 32) == WS_ERR_ARG, "ws_shfl_down(NULL)"); break;
    case 6: FUZZ_CHECK(ws_collective(NULL, NULL) == WS_ERR_ARG, "ws_collective(NULL, NULL)"); break;
    case 7: FUZZ_CHECK(ws_lane_id(NULL, reg) == WS_ERR_ARG, "ws_lane_id(NULL)"); break;
    case 8: FUZZ_CHECK(ws_loop_while(NULL, reg) == WS_ERR_ARG, "ws_loop_while(NULL)"); break;
    case 9: {
        ws_lane_read reads[64];
        FUZZ_CHECK(ws_last_shuffle_reads(NULL, reads) == 0, "ws_last_shuffle_reads(NULL)");
        break;
    }
    case 10: ws_diag_clear(NULL); break;
    default: ws_diag_print(NULL, devnull); break;
    }
    ws_warp_destroy(NULL);
}

#define CALL(expr) check_status(s, (int)(expr), #expr, true)

static void one_call(state *s, reader *r)
{
    ws_warp *w = s->w;
    int lanes = ws_warp_lanes(w);
    uint8_t op = u8(r);
    switch (op % 40) {
    case 0: {
        static const char *const names[] = {"v", "", "a-long-register-name-for-a-trace-that-goes-on-and-on"};
        int type = enum_arg(r, WS_TYPE_COUNT);
        const char *name = u8(r) % 8 ? names[u8(r) % 3] : NULL;
        int before = ws_reg_count(w);
        ws_reg reg = ws_reg_new(w, name, (ws_type)type);
        if (reg.id) {
            FUZZ_CHECK((unsigned)type < WS_TYPE_COUNT, "ws_reg_new with type %d gave a register", type);
            FUZZ_CHECK(ws_reg_count(w) == before + 1 && reg.id == before + 1, "ws_reg_new gave %d after %d", reg.id,
                       before);
            FUZZ_CHECK(ws_reg_type(w, reg) == (ws_type)type, "ws_reg_type after ws_reg_new");
            for (int lane = 0; lane < lanes; lane++)
                FUZZ_CHECK(ws_get_bits(w, reg, lane) == 0, "a new register is not 0 in lane %d", lane);
            if (s->nregs < MAX_REGS)
                s->regs[s->nregs++] = reg;
        } else {
            FUZZ_CHECK(ws_reg_count(w) == before, "a failed ws_reg_new changed the count");
            FUZZ_CHECK(ws_warp_error(w)[0], "a failed ws_reg_new left no message");
        }
        break;
    }
    case 1:
    case 2: {
        ws_reg reg = reg_arg(r, s);
        int lane = lane_arg(r, lanes);
        uint64_t bits = u64(r);
        ws_type t = ws_reg_type(w, reg);
        bool valid = t != WS_TYPE_COUNT && lane >= 0 && lane < lanes;
        ws_status st;
        uint64_t want = bits;
        switch (u8(r) % 7) {
        case 0: st = ws_set_bits(w, reg, lane, bits); break;
        case 1: st = ws_set_u32(w, reg, lane, (uint32_t)bits), want = (uint32_t)bits; break;
        case 2: st = ws_set_i32(w, reg, lane, (int32_t)(uint32_t)bits), want = (uint32_t)bits; break;
        case 3: {
            float f;
            uint32_t u = (uint32_t)bits;
            memcpy(&f, &u, sizeof f);
            st = ws_set_f32(w, reg, lane, f);
            want = (f != f) ? ws_get_bits(w, reg, lane) : u; /* a NaN may be quieted on the way */
            break;
        }
        case 4: st = ws_set_u64(w, reg, lane, bits); break;
        case 5: st = ws_set_i64(w, reg, lane, (int64_t)bits); break;
        default: {
            double d;
            memcpy(&d, &bits, sizeof d);
            st = ws_set_f64(w, reg, lane, d);
            if (d != d)
                want = ws_get_bits(w, reg, lane);
            break;
        }
        }
        check_status(s, st, "ws_set_*", true);
        FUZZ_CHECK(valid ? st == WS_OK : st == WS_ERR_ARG, "ws_set_* on register %d lane %d: %s", reg.id, lane,
                   ws_status_name(st));
        if (valid)
            FUZZ_CHECK(ws_get_bits(w, reg, lane) == want, "ws_get_bits after ws_set_*: 0x%llx, stored 0x%llx",
                       (unsigned long long)ws_get_bits(w, reg, lane), (unsigned long long)want);
        break;
    }
    case 3: {
        ws_reg reg = reg_arg(r, s);
        int lane = lane_arg(r, lanes);
        bool valid = ws_reg_type(w, reg) != WS_TYPE_COUNT && lane >= 0 && lane < lanes;
        uint64_t v = ws_get_bits(w, reg, lane);
        (void)ws_get_f32(w, reg, lane);
        (void)ws_get_f64(w, reg, lane);
        (void)ws_get_i64(w, reg, lane);
        if (!valid) {
            FUZZ_CHECK(v == 0 && ws_get_u32(w, reg, lane) == 0 && ws_get_i32(w, reg, lane) == 0 &&
                           ws_get_u64(w, reg, lane) == 0,
                       "a getter on register %d lane %d is not 0", reg.id, lane);
            FUZZ_CHECK(ws_reg_name(w, reg) == NULL || ws_reg_type(w, reg) != WS_TYPE_COUNT,
                       "ws_reg_name of a bad register %d", reg.id);
        }
        break;
    }
    case 4: CALL(ws_lane_id(w, reg_arg(r, s))); break;
    case 5: CALL(ws_mov_imm(w, reg_arg(r, s), u64(r))); break;
    case 6: CALL(ws_mov(w, reg_arg(r, s), reg_arg(r, s))); break;
    case 7: {
        int bop = enum_arg(r, WS_BINOP_COUNT), t = enum_arg(r, WS_TYPE_COUNT);
        ws_reg d = reg_arg(r, s), a = reg_arg(r, s), b = reg_arg(r, s);
        CALL(ws_binop_apply(w, (ws_binop)bop, (ws_type)t, d, a, b));
        break;
    }
    case 8: {
        int bop = enum_arg(r, WS_BINOP_COUNT), t = enum_arg(r, WS_TYPE_COUNT);
        ws_reg d = reg_arg(r, s), a = reg_arg(r, s);
        CALL(ws_binop_imm(w, (ws_binop)bop, (ws_type)t, d, a, u64(r)));
        break;
    }
    case 9: {
        int t = enum_arg(r, WS_TYPE_COUNT);
        ws_reg d = reg_arg(r, s), a = reg_arg(r, s), b = reg_arg(r, s), c = reg_arg(r, s);
        CALL(ws_fma_apply(w, (ws_type)t, d, a, b, c));
        break;
    }
    case 10: {
        int cop = enum_arg(r, WS_CMPOP_COUNT), t = enum_arg(r, WS_TYPE_COUNT);
        ws_reg d = reg_arg(r, s), a = reg_arg(r, s), b = reg_arg(r, s);
        CALL(ws_cmp_apply(w, (ws_cmpop)cop, (ws_type)t, d, a, b));
        break;
    }
    case 11: {
        int cop = enum_arg(r, WS_CMPOP_COUNT), t = enum_arg(r, WS_TYPE_COUNT);
        ws_reg d = reg_arg(r, s), a = reg_arg(r, s);
        CALL(ws_cmp_imm(w, (ws_cmpop)cop, (ws_type)t, d, a, u64(r)));
        break;
    }
    case 12: {
        ws_reg d = reg_arg(r, s), c = reg_arg(r, s), a = reg_arg(r, s), b = reg_arg(r, s);
        CALL(ws_select(w, d, c, a, b));
        break;
    }
    case 13: CALL(ws_if(w, reg_arg(r, s))); break;
    case 14: CALL(ws_if_lanes(w, mask_arg(r, w))); break;
    case 15: CALL(ws_else(w)); break;
    case 16: CALL(ws_end_if(w)); break;
    case 17: CALL(ws_loop_begin(w)); break;
    case 18: {
        int n = ws_loop_while(w, reg_arg(r, s));
        FUZZ_CHECK(n <= lanes, "ws_loop_while = %d lanes", n);
        if (n < 0)
            check_status(s, n, "ws_loop_while", true);
        break;
    }
    case 19: CALL(ws_loop_break(w)); break;
    case 20: CALL(ws_loop_end(w)); break;
    case 21:
        if (u8(r) % 4 == 0)
            CALL(ws_exit(w));
        break;
    case 22: CALL(ws_activemask(w, reg_arg(r, s))); break;
    case 23: {
        ws_coll_desc d = {0};
        bool null_desc = u8(r) % 16 == 0;
        d.kind = (ws_coll_kind)enum_arg(r, WS_COLL_KIND_COUNT);
        d.mask = mask_arg(r, w);
        if (u8(r) % 4 == 0)
            d.mask_reg = reg_arg(r, s);
        d.dst = reg_arg(r, s);
        d.src = reg_arg(r, s);
        if (u8(r) % 3 == 0)
            d.pred_dst = reg_arg(r, s);
        d.b = any_int(r);
        if (u8(r) % 4 == 0)
            d.b_reg = reg_arg(r, s);
        d.width = any_int(r);
        d.ptx = u8(r) & 1;
        d.c = u32(r);
        if (u8(r) % 4 == 0)
            d.c_reg = reg_arg(r, s);
        CALL(ws_collective(w, null_desc ? NULL : &d));
        break;
    }
    case 24: {
        ws_mask m = mask_arg(r, w);
        ws_reg d = reg_arg(r, s), v = reg_arg(r, s);
        int b = any_int(r), width = any_int(r);
        switch (u8(r) % 4) {
        case 0: CALL(ws_shfl_idx(w, m, d, v, b, width)); break;
        case 1: CALL(ws_shfl_up(w, m, d, v, (unsigned)b, width)); break;
        case 2: CALL(ws_shfl_down(w, m, d, v, (unsigned)b, width)); break;
        default: CALL(ws_shfl_xor(w, m, d, v, b, width)); break;
        }
        break;
    }
    case 25: {
        int kind = enum_arg(r, WS_COLL_KIND_COUNT);
        ws_mask m = mask_arg(r, w);
        ws_reg d = reg_arg(r, s), p = u8(r) & 1 ? reg_arg(r, s) : WS_NO_REG, v = reg_arg(r, s);
        uint32_t b = u32(r), c = u32(r);
        CALL(ws_shfl_ptx(w, (ws_coll_kind)kind, m, d, p, v, b, c));
        break;
    }
    case 26: {
        ws_mask m = mask_arg(r, w);
        ws_reg d = reg_arg(r, s), p = reg_arg(r, s);
        switch (u8(r) % 4) {
        case 0: CALL(ws_all_sync(w, m, d, p)); break;
        case 1: CALL(ws_any_sync(w, m, d, p)); break;
        case 2: CALL(ws_uni_sync(w, m, d, p)); break;
        default: CALL(ws_ballot_sync(w, m, d, p)); break;
        }
        break;
    }
    case 27: {
        ws_mask m = mask_arg(r, w);
        ws_reg d = reg_arg(r, s), p = reg_arg(r, s), v = reg_arg(r, s);
        if (u8(r) & 1)
            CALL(ws_match_any_sync(w, m, d, v));
        else
            CALL(ws_match_all_sync(w, m, d, p, v));
        break;
    }
    case 28: {
        ws_mask m = mask_arg(r, w);
        ws_reg d = reg_arg(r, s), v = reg_arg(r, s);
        switch (u8(r) % 6) {
        case 0: CALL(ws_reduce_add_sync(w, m, d, v)); break;
        case 1: CALL(ws_reduce_min_sync(w, m, d, v)); break;
        case 2: CALL(ws_reduce_max_sync(w, m, d, v)); break;
        case 3: CALL(ws_reduce_and_sync(w, m, d, v)); break;
        case 4: CALL(ws_reduce_or_sync(w, m, d, v)); break;
        default: CALL(ws_reduce_xor_sync(w, m, d, v)); break;
        }
        break;
    }
    case 29: CALL(ws_syncwarp(w, mask_arg(r, w))); break;
    case 30: {
        ws_lane_read reads[64];
        memset(reads, 0xa5, sizeof reads);
        (void)ws_last_shuffle_reads(w, reads);
        for (int lane = 0; lane < lanes; lane++) {
            FUZZ_CHECK((unsigned)reads[lane].kind <= WS_READ_INACTIVE, "lane %d read kind %d", lane,
                       (int)reads[lane].kind);
            if (reads[lane].kind == WS_READ_NONE)
                FUZZ_CHECK(reads[lane].source == -1, "lane %d: no read but source %d", lane, reads[lane].source);
            else
                FUZZ_CHECK(reads[lane].source >= 0 && reads[lane].source < lanes, "lane %d read source %d", lane,
                           reads[lane].source);
        }
        break;
    }
    case 31: {
        size_t i = u8(r) & 1 ? (size_t)u32(r) : u8(r);
        const ws_diag *d = ws_diag_get(w, i);
        FUZZ_CHECK((d != NULL) == (i < ws_diag_count(w)), "ws_diag_get(%zu) with %zu diagnostics", i,
                   ws_diag_count(w));
        (void)ws_diag_has(w, (ws_diag_code)any_int(r));
        (void)ws_diag_dropped(w);
        break;
    }
    case 32: ws_diag_print(w, devnull); break;
    case 33:
        if (u8(r) % 8 == 0)
            ws_diag_clear(w);
        break;
    case 34: {
        int p = enum_arg(r, 3);
        ws_diag_policy before = ws_warp_diag_policy(w);
        ws_warp_set_diag_policy(w, (ws_diag_policy)p);
        ws_diag_policy after = ws_warp_diag_policy(w);
        FUZZ_CHECK((unsigned)p <= WS_DIAG_POLICY_ERROR ? after == (ws_diag_policy)p : after == before,
                   "ws_warp_set_diag_policy(%d): policy %d, was %d", p, (int)after, (int)before);
        break;
    }
    case 35:
        if (u8(r) % 4 == 0)
            CALL(ws_warp_finish(w));
        break;
    case 36: (void)ws_reg_name(w, reg_arg(r, s)); break;
    case 37: pure_calls(r); break;
    case 38: null_warp_calls(r); break;
    default: (void)ws_warp_error(w); break;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader rd = {data, size}, *r = &rd;
    ws_warp_desc desc = {0};
    desc.profile = (ws_profile_id)enum_arg(r, WS_PROFILE_COUNT);
    uint8_t t = u8(r);
    desc.threads = t < 200 ? t % 66 : any_int(r);
    desc.diag_policy = (ws_diag_policy)enum_arg(r, 3);
    uint8_t how = u8(r);
    state st = {0}, *s = &st;
    ws_status cs = ws_warp_create(how % 32 == 1 ? NULL : &desc, how % 32 == 2 ? NULL : &s->w);
    FUZZ_CHECK(cs == WS_OK || cs == WS_ERR_ARG, "ws_warp_create = %d", (int)cs);
    if (how % 32 == 2) {
        FUZZ_CHECK(cs == WS_ERR_ARG, "ws_warp_create with a NULL out pointer = %d", (int)cs);
        null_warp_calls(r);
        return 0;
    }
    bool desc_ok = how % 32 == 1 ||
                   ((unsigned)desc.profile < WS_PROFILE_COUNT && desc.threads >= 0 &&
                    desc.threads <= ws_profile_lanes(desc.profile) && (unsigned)desc.diag_policy <= 2);
    FUZZ_CHECK((cs == WS_OK) == desc_ok, "ws_warp_create(profile %d, threads %d, policy %d) = %s",
               (int)desc.profile, desc.threads, (int)desc.diag_policy, ws_status_name(cs));
    if (cs != WS_OK) {
        FUZZ_CHECK(s->w == NULL, "a failed ws_warp_create left *out set");
        null_warp_calls(r);
        return 0;
    }
    check_warp(s, "ws_warp_create");
    for (int calls = 0; calls < 400 && rd.n > 0; calls++) {
        one_call(s, r);
        check_warp(s, "a call");
    }
    ws_status fs = ws_warp_finish(s->w);
    check_status(s, fs, "ws_warp_finish", true);
    check_warp(s, "ws_warp_finish");
    FUZZ_CHECK(ws_lanes_waiting(s->w) == 0 || fs == WS_ERR_DEADLOCK,
               "ws_warp_finish = %s with lanes 0x%llx still waiting", ws_status_name(fs),
               (unsigned long long)ws_lanes_waiting(s->w));
    ws_warp_destroy(s->w);
    return 0;
}
