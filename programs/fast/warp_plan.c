/* The fast path's plan of a program: its steps and their source lanes. */
#include <stdio.h>
#include <string.h>

#include "warpsim/warpsim.h"

#include "warp_plan.h"

/* One shuffle step: its b, the network's block size (bitonic), and the lane
 * each lane reads in a shuffle of this width, by the profile's own rule. */
static bool add_step_w(fast_plan *plan, ws_profile_id profile, ws_coll_kind kind, int b, int size, int width)
{
    if (plan->n_steps == FAST_MAX_STEPS)
        return false;
    fast_step *s = &plan->steps[plan->n_steps++];
    s->b = b;
    s->size = size;
    for (int lane = 0; lane < plan->lanes; lane++) {
        int src = ws_profile_shfl_source(profile, kind, lane, (uint32_t)b, width, NULL);
        if (src < 0 || src >= plan->lanes)
            return false;
        s->src[lane] = (unsigned char)src;
    }
    return true;
}

/* A full-warp shuffle step (width = the warp's lanes). */
static bool add_step(fast_plan *plan, ws_profile_id profile, ws_coll_kind kind, int b, int size)
{
    return add_step_w(plan, profile, kind, b, size, plan->lanes);
}

/* transpose8 run on indices: lane l's row[c] starts as in[l * 8 + c]'s index;
 * step i (1..7) selects sel = row[(l & 7) ^ i], shuffles it from the lane the
 * profile's formula gives for shfl.idx with b = l ^ i (a per-lane operand),
 * and writes it back into row[(l & 7) ^ i]. The shuffles and selects only
 * move bits, so what is left in row[] says where each m[l * 8 + c] comes
 * from. The fast loop transposes 8x8 tiles (warp_batch.h): the plan holds
 * only where the profile's shuffles make exactly that (both profiles do),
 * else it refuses and the model runs. The steps are kept for
 * wk_fast_shuffles_per_warp. */
static bool plan_transpose8(fast_plan *plan, ws_profile_id profile)
{
    int lanes = plan->lanes;
    unsigned short row[64][8], got[64];
    for (int l = 0; l < lanes; l++)
        for (int c = 0; c < 8; c++)
            row[l][c] = (unsigned short)(l * 8 + c);
    for (int i = 1; i < 8; i++) {
        fast_step *s = &plan->steps[plan->n_steps++];
        s->b = i;
        for (int l = 0; l < lanes; l++) {
            int src = ws_profile_shfl_source(profile, WS_COLL_SHFL_IDX, l, (uint32_t)(l ^ i), lanes, NULL);
            if (src < 0 || src >= lanes)
                return false;
            s->src[l] = (unsigned char)src;
            got[l] = row[src][(src & 7) ^ i]; /* the source lane's sel */
        }
        for (int l = 0; l < lanes; l++)
            row[l][(l & 7) ^ i] = got[l];
    }
    for (int l = 0; l < lanes; l++) /* m[(8g + r) * 8 + c] = in[(8g + c) * 8 + r] */
        for (int c = 0; c < 8; c++)
            if (row[l][c] != ((l & ~7) + c) * 8 + (l & 7))
                return false;
    return true;
}

bool fast_plan_make(fast_plan *plan, const wk_program *p, const wk_params *params, char *err, size_t size)
{
    memset(plan, 0, sizeof *plan);
    if (!p || !params) {
        snprintf(err, size, "fast path: no program or params");
        return false;
    }
    if (p->fast == WK_FAST_NONE || p->fast == WK_FAST_DEVICE_REDUCE) {
        snprintf(err, size, "fast path: %s has no per-warp fast path", p->name);
        return false;
    }
    plan->algo = p->fast;
    wk_params q = *params;
    wk_apply_defaults(p, &q);
    if (!wk_check_params(p, &q, err, size) || wk_input_count(p, &q, err, size) == 0)
        return false; /* the program's own rules, e.g. no 64-bit __reduce_*_sync on sm90 */
    if (q.type == WK_SYM) {
        snprintf(err, size, "fast path: %s: sym is not supported (numeric types only)", p->name);
        return false;
    }
    if (q.threads != 0 || q.active != 0) {
        snprintf(err, size, "fast path: %s: every lane must be present and active (no --threads, --active)", p->name);
        return false;
    }
    if (q.pairs) {
        snprintf(err, size, "fast path: %s: --pairs is not supported (keys only)", p->name);
        return false;
    }
    plan->type = q.type;
    plan->lanes = ws_profile_lanes(q.profile);
    plan->descending = q.descending;
    plan->n_outputs = 1;
    plan->in_per_lane = 1;
    plan->output_names[0] = plan->algo == WK_FAST_BITONIC || plan->algo == WK_FAST_SEED_SORT ? "key" : "v";

    bool ok = true;
    int lanes = plan->lanes;
    switch (plan->algo) {
    case WK_FAST_REDUCE_DOWN:
    case WK_FAST_REDUCE_XOR: {
        ws_coll_kind kind = plan->algo == WK_FAST_REDUCE_DOWN ? WS_COLL_SHFL_DOWN : WS_COLL_SHFL_BFLY;
        for (int o = lanes / 2; o > 0 && ok; o /= 2)
            ok = add_step(plan, q.profile, kind, o, 0);
        break;
    }
    case WK_FAST_SCAN_INCL:
    case WK_FAST_SCAN_EXCL:
        for (int d = 1; d < lanes && ok; d *= 2)
            ok = add_step(plan, q.profile, WS_COLL_SHFL_UP, d, 0);
        if (plan->algo == WK_FAST_SCAN_EXCL && ok) {
            ok = add_step(plan, q.profile, WS_COLL_SHFL_UP, 1, 0);
            plan->shift = plan->steps[--plan->n_steps];
            plan->n_outputs = 2;
            plan->output_names[1] = "inclusive";
        }
        break;
    case WK_FAST_SEED_SORT:
        for (int j = lanes / 2; j > 0 && ok; j /= 2)
            ok = add_step(plan, q.profile, WS_COLL_SHFL_BFLY, j, 0);
        break;
    case WK_FAST_BITONIC:
        for (int k = 2; k <= lanes && ok; k *= 2)
            for (int j = k / 2; j > 0 && ok; j /= 2)
                ok = add_step(plan, q.profile, WS_COLL_SHFL_BFLY, j, k);
        break;
    case WK_FAST_BROADCAST:
        ok = add_step(plan, q.profile, WS_COLL_SHFL_IDX, q.src_lane, 0);
        break;
    case WK_FAST_SEGMENTED:
        for (int o = q.width / 2; o > 0 && ok; o /= 2)
            ok = add_step_w(plan, q.profile, WS_COLL_SHFL_DOWN, o, 0, q.width);
        break;
    case WK_FAST_REDUX: /* no shuffle: one combine over all lanes (warp_batch.h) */
        plan->op = q.op;
        break;
    case WK_FAST_CUB_REDUCE:
        if (q.type == WK_I32 || q.type == WK_U32) { /* one __reduce_add_sync */
            plan->algo = WK_FAST_REDUX;
            plan->op = WK_OP_ADD;
            break;
        }
        for (int o = 1; o < lanes && ok; o *= 2) /* raw shfl.sync.down, c = 0x1f: the lanes' own width */
            ok = add_step(plan, q.profile, WS_COLL_SHFL_DOWN, o, 0);
        break;
    case WK_FAST_PRED_SCAN:
    case WK_FAST_CG_SCAN_EXCL:
    case WK_FAST_CUB_SCAN_EXCL:
        for (int d = 1; d < lanes && ok; d *= 2) /* shfl.sync.up with c = 0: width 32 */
            ok = add_step(plan, q.profile, WS_COLL_SHFL_UP, d, 0);
        if (plan->algo != WK_FAST_PRED_SCAN) {
            plan->n_outputs = 2; /* "v": the exclusive scan; "inclusive" */
            plan->output_names[1] = "inclusive";
        }
        break;
    case WK_FAST_BALLOT_COMPACT: /* no shuffle: one ballot (warp_batch.h) */
        plan->shaped = true;
        plan->n_outputs = 3;
        plan->output_names[0] = "out";
        plan->output_names[1] = "count";
        plan->output_names[2] = "ballot";
        break;
    case WK_FAST_TRANSPOSE8:
        plan->shaped = true;
        plan->output_names[0] = "m";
        plan->in_per_lane = 8;
        ok = plan_transpose8(plan, q.profile);
        break;
    case WK_FAST_NONE:
    case WK_FAST_DEVICE_REDUCE: /* refused above */
        break;
    }
    if (!ok) {
        snprintf(err, size, "fast path: %s: could not plan the shuffles", p->name);
        return false;
    }
    return true;
}

bool wk_fast_shape_of(const wk_program *p, const wk_params *params, wk_fast_shape *shape)
{
    fast_plan plan;
    char err[200];
    memset(shape, 0, sizeof *shape);
    if (!fast_plan_make(&plan, p, params, err, sizeof err))
        return false;
    size_t lanes = (size_t)plan.lanes;
    shape->in_per_warp = (size_t)plan.in_per_lane * lanes;
    shape->n_outputs = plan.n_outputs;
    for (int i = 0; i < plan.n_outputs; i++)
        shape->outputs[i] = (wk_fast_output){
            .name = plan.output_names[i], .type = plan.type, .per_warp = lanes, .per_lane = true, .length_from = -1};
    if (plan.algo == WK_FAST_TRANSPOSE8) { /* m: 8 values a lane, not a per-lane output */
        shape->outputs[0].per_warp = 8 * lanes;
        shape->outputs[0].per_lane = false;
    }
    if (plan.algo == WK_FAST_BALLOT_COMPACT) { /* out: lanes slots, the first count of them kept values */
        shape->outputs[0].per_lane = false;
        shape->outputs[0].length_from = 1;
        shape->outputs[1].type = WK_U32;                       /* int count = __popc(b) */
        shape->outputs[2].type = lanes == 64 ? WK_U64 : WK_U32; /* the ballot's own width */
    }
    return true;
}

bool fast_plan_in_registers(const fast_plan *pl)
{
    switch (pl->algo) {
    case WK_FAST_REDUCE_DOWN:
    case WK_FAST_REDUCE_XOR:
    case WK_FAST_SEGMENTED:
    case WK_FAST_SCAN_INCL:
    case WK_FAST_CUB_REDUCE:
    case WK_FAST_PRED_SCAN:
    case WK_FAST_BROADCAST:
    case WK_FAST_BITONIC:
    case WK_FAST_SEED_SORT:
    case WK_FAST_REDUX:
    case WK_FAST_SCAN_EXCL: /* and "inclusive", their second output */
    case WK_FAST_CG_SCAN_EXCL:
    case WK_FAST_CUB_SCAN_EXCL: break;
    case WK_FAST_BALLOT_COMPACT: /* their own loops: zmm_compact (three outputs), zmm_transpose8 */
    case WK_FAST_TRANSPOSE8:
        return (pl->lanes == 32 || pl->lanes == 64) && wk_elem_bits(pl->type) == 32;
    default: return false;
    }
    return (pl->lanes == 32 || pl->lanes == 64) && wk_elem_bits(pl->type) == 32 && pl->n_outputs <= 2 &&
           !pl->shaped;
}
