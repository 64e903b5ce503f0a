/* A warp: creation, register files, host access to lanes, lane state. */
#include <stdlib.h>
#include <string.h>

#include "warp_internal.h"

ws_status ws_fail(ws_warp *w, ws_status status, const char *fmt, ...)
{
    if (w) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(w->error, sizeof w->error, fmt, ap);
        va_end(ap);
    }
    return status;
}

const char *ws_warp_error(const ws_warp *w) { return w ? w->error : "no warp"; }

ws_status ws_begin_statement(ws_warp *w, const char *func, ws_stmt_kind kind)
{
    if (!w)
        return WS_ERR_ARG;
    if (w->deadlocked)
        return ws_fail(w, WS_ERR_DEADLOCK, "%s: the warp is deadlocked", func);
    ws_mask stuck = w->active & w->waiting;
    if (kind == WS_STMT_EXECUTES && stuck) {
        char lanes[200];
        int lane = ws_lowest_lane(stuck);
        return ws_fail(w, WS_ERR_BLOCKED,
                       "%s: lanes %s still wait in %s (mask 0x%llx) and cannot run this statement; let the "
                       "lanes it waits for reach a matching collective (e.g. in the other branch) first, "
                       "or end the program with ws_warp_finish",
                       func, ws_format_lanes(stuck, lanes, sizeof lanes),
                       ws_coll_cuda_name(w->arrivals[lane].kind), (unsigned long long)w->arrivals[lane].mask);
    }
    return WS_OK;
}

ws_status ws_warp_create(const ws_warp_desc *desc, ws_warp **out)
{
    if (!out)
        return WS_ERR_ARG;
    *out = NULL;
    ws_warp_desc d = desc ? *desc : (ws_warp_desc){0};
    const ws_profile *p = ws_profile_get(d.profile);
    if (!p)
        return WS_ERR_ARG;
    if (d.threads < 0 || d.threads > p->lanes)
        return WS_ERR_ARG;
    if ((unsigned)d.diag_policy > WS_DIAG_POLICY_ERROR)
        return WS_ERR_ARG;

    ws_warp *w = calloc(1, sizeof *w);
    if (!w)
        return WS_ERR_NOMEM;
    w->profile = p;
    w->lanes = p->lanes;
    w->all = ws_low_lanes(p->lanes);
    w->policy = d.diag_policy;
    ws_warp_restart(w, d.threads);
    *out = w;
    return WS_OK;
}

/* Everything but the profile, the policy and the registers back to a new
 * warp's state (ws_warp_create starts from here too). */
ws_status ws_warp_restart(ws_warp *w, int threads)
{
    if (!w || threads < 0 || threads > w->lanes)
        return WS_ERR_ARG;
    threads = threads ? threads : w->lanes;
    w->present = ws_low_lanes(threads);
    w->active = w->present;
    w->exited = w->waiting = 0;
    w->deadlocked = false;
    w->depth = 0;
    w->calls = 0;
    w->shuffles_executed = 0;
    w->diag_count = w->diag_dropped = 0;
    w->error[0] = '\0';
    w->last_group = 0;
    return WS_OK;
}

void ws_warp_destroy(ws_warp *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->reg_count; i++)
        free(w->reg_names[i]);
    free(w->reg_names);
    free(w->reg_types);
    free(w->cells);
    free(w->diags);
    free(w);
}

ws_profile_id ws_warp_profile(const ws_warp *w) { return w ? w->profile->id : WS_PROFILE_COUNT; }
int ws_warp_lanes(const ws_warp *w) { return w ? w->lanes : 0; }

/* ---- registers ---- */

static bool grow_registers(ws_warp *w)
{
    int cap = w->reg_capacity ? w->reg_capacity * 2 : 16;
    uint64_t *cells = realloc(w->cells, (size_t)cap * WS_MAX_LANES * sizeof *cells);
    if (!cells)
        return false;
    w->cells = cells;
    char **names = realloc(w->reg_names, (size_t)cap * sizeof *names);
    if (!names)
        return false;
    w->reg_names = names;
    ws_type *types = realloc(w->reg_types, (size_t)cap * sizeof *types);
    if (!types)
        return false;
    w->reg_types = types;
    w->reg_capacity = cap;
    return true;
}

ws_reg ws_reg_new(ws_warp *w, const char *name, ws_type type)
{
    if (!w)
        return WS_NO_REG;
    if ((unsigned)type >= WS_TYPE_COUNT) {
        ws_fail(w, WS_ERR_ARG, "ws_reg_new: type %d is not a ws_type", (int)type);
        return WS_NO_REG;
    }
    if (w->reg_count >= WS_MAX_REGS) {
        ws_fail(w, WS_ERR_ARG, "ws_reg_new: more than %d registers", WS_MAX_REGS);
        return WS_NO_REG;
    }
    if (w->reg_count == w->reg_capacity && !grow_registers(w)) {
        ws_fail(w, WS_ERR_NOMEM, "ws_reg_new: out of memory");
        return WS_NO_REG;
    }
    char label[24];
    if (!name || !*name) {
        snprintf(label, sizeof label, "r%d", w->reg_count + 1);
        name = label;
    }
    char *copy = malloc(strlen(name) + 1);
    if (!copy) {
        ws_fail(w, WS_ERR_NOMEM, "ws_reg_new: out of memory");
        return WS_NO_REG;
    }
    strcpy(copy, name);
    ws_reg reg = {++w->reg_count};
    w->reg_names[reg.id - 1] = copy;
    w->reg_types[reg.id - 1] = type;
    memset(ws_cell(w, reg, 0), 0, WS_MAX_LANES * sizeof(uint64_t));
    return reg;
}

int ws_reg_count(const ws_warp *w) { return w ? w->reg_count : 0; }

bool ws_reg_missing(ws_warp *w, ws_reg reg, const char *func, const char *what)
{
    ws_fail(w, WS_ERR_ARG, "%s: %s register %d does not exist (the warp has %d registers)", func,
            what, reg.id, w ? w->reg_count : 0);
    return false;
}

bool ws_check_cond(ws_warp *w, ws_reg reg, const char *func)
{
    if (!ws_check_reg(w, reg, func, "condition"))
        return false;
    if (!ws_type_is_float(w->reg_types[reg.id - 1]))
        return true;
    ws_fail(w, WS_ERR_ARG, "%s: condition register %s is %s; compare first (ws_cmp_imm) to get an integer",
            func, w->reg_names[reg.id - 1], ws_type_name(w->reg_types[reg.id - 1]));
    return false;
}

const char *ws_reg_name(const ws_warp *w, ws_reg reg)
{
    return ws_reg_valid(w, reg) ? w->reg_names[reg.id - 1] : NULL;
}

ws_type ws_reg_type(const ws_warp *w, ws_reg reg)
{
    return ws_reg_valid(w, reg) ? w->reg_types[reg.id - 1] : WS_TYPE_COUNT;
}

/* ---- host access to one lane ---- */

static bool lane_ok(const ws_warp *w, ws_reg reg, int lane)
{
    return ws_reg_valid(w, reg) && lane >= 0 && lane < w->lanes;
}

ws_status ws_set_bits(ws_warp *w, ws_reg reg, int lane, uint64_t bits)
{
    if (!lane_ok(w, reg, lane))
        return ws_fail(w, WS_ERR_ARG, "ws_set: register %d lane %d does not exist", reg.id, lane);
    *ws_cell(w, reg, lane) = bits;
    return WS_OK;
}

uint64_t ws_get_bits(const ws_warp *w, ws_reg reg, int lane)
{
    if (!lane_ok(w, reg, lane))
        return 0;
    return *ws_cell((ws_warp *)w, reg, lane); /* read only */
}

/* Copies the entries of `lanes` between two lane-indexed arrays; a run of
 * consecutive lanes (usually a whole warp) in one memcpy. */
static void copy_lanes(uint64_t *restrict to, const uint64_t *restrict from, ws_mask lanes)
{
    if (!lanes)
        return;
    int low = ws_lowest_lane(lanes);
    ws_mask run = lanes >> low;
    if (!(run & (run + 1))) { /* its length without a popcount instruction (not in baseline x86-64) */
        size_t count = ~run ? (size_t)__builtin_ctzll(~run) : 64;
        memcpy(to + low, from + low, count * sizeof *to);
        return;
    }
    for (ws_mask todo = lanes; todo; todo &= todo - 1)
        to[ws_lowest_lane(todo)] = from[ws_lowest_lane(todo)];
}

ws_status ws_set_bits_lanes(ws_warp *w, ws_reg reg, ws_mask lanes, const uint64_t *bits)
{
    if (!ws_reg_valid(w, reg) || !bits || (lanes & ~w->all))
        return ws_fail(w, WS_ERR_ARG, "ws_set_bits_lanes: register %d or lanes 0x%llx do not exist", reg.id,
                       (unsigned long long)lanes);
    copy_lanes(ws_cell(w, reg, 0), bits, lanes);
    return WS_OK;
}

ws_status ws_get_bits_lanes(const ws_warp *w, ws_reg reg, ws_mask lanes, uint64_t *bits)
{
    if (!ws_reg_valid(w, reg) || !bits || (lanes & ~w->all))
        return WS_ERR_ARG;
    copy_lanes(bits, ws_cell((ws_warp *)w, reg, 0), lanes); /* read only */
    return WS_OK;
}

ws_status ws_set_u32(ws_warp *w, ws_reg r, int lane, uint32_t v) { return ws_set_bits(w, r, lane, v); }
ws_status ws_set_i32(ws_warp *w, ws_reg r, int lane, int32_t v) { return ws_set_bits(w, r, lane, (uint32_t)v); }
ws_status ws_set_f32(ws_warp *w, ws_reg r, int lane, float v) { return ws_set_bits(w, r, lane, ws_f32_bits(v)); }
ws_status ws_set_u64(ws_warp *w, ws_reg r, int lane, uint64_t v) { return ws_set_bits(w, r, lane, v); }
ws_status ws_set_i64(ws_warp *w, ws_reg r, int lane, int64_t v) { return ws_set_bits(w, r, lane, (uint64_t)v); }
ws_status ws_set_f64(ws_warp *w, ws_reg r, int lane, double v) { return ws_set_bits(w, r, lane, ws_f64_bits(v)); }
uint32_t ws_get_u32(const ws_warp *w, ws_reg r, int lane) { return (uint32_t)ws_get_bits(w, r, lane); }
int32_t ws_get_i32(const ws_warp *w, ws_reg r, int lane) { return (int32_t)(uint32_t)ws_get_bits(w, r, lane); }
float ws_get_f32(const ws_warp *w, ws_reg r, int lane) { return ws_f32_from_bits((uint32_t)ws_get_bits(w, r, lane)); }
uint64_t ws_get_u64(const ws_warp *w, ws_reg r, int lane) { return ws_get_bits(w, r, lane); }
int64_t ws_get_i64(const ws_warp *w, ws_reg r, int lane) { return (int64_t)ws_get_bits(w, r, lane); }
double ws_get_f64(const ws_warp *w, ws_reg r, int lane) { return ws_f64_from_bits(ws_get_bits(w, r, lane)); }

/* ---- lane state ---- */

ws_mask ws_lanes_present(const ws_warp *w) { return w ? w->present : 0; }
ws_mask ws_lanes_exited(const ws_warp *w) { return w ? w->exited : 0; }
ws_mask ws_lanes_active(const ws_warp *w) { return w ? w->active : 0; }
ws_mask ws_lanes_waiting(const ws_warp *w) { return w ? w->waiting : 0; }
ws_mask ws_activemask_value(const ws_warp *w) { return w ? w->active & ~w->exited : 0; }
