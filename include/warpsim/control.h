/* warpsim: structured divergence, exit and __activemask().
 *
 * CUDA                               warpsim
 *   if (lane < 16) {                   ws_if(w, is_low);
 *       ...                            ...
 *   } else {                           ws_else(w);
 *       ...                            ...
 *   }                                  ws_end_if(w);
 *
 *   while (x > 0) { ... }              ws_loop_begin(w);
 *                                      for (;;) {
 *                                          ws_cmp_imm(w, WS_GT, WS_I32, c, x, 0);
 *                                          if (ws_loop_while(w, c) <= 0) break;
 *                                          ...
 *                                      }
 *                                      ws_loop_end(w);
 *
 *   return;                            ws_exit(w);
 *
 * Conditions are registers: a lane takes the branch where its cell is
 * non-zero (the low 32 bits for a 32-bit register type, all 64 otherwise). */
#ifndef WARPSIM_CONTROL_H
#define WARPSIM_CONTROL_H

#include "types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ws_warp ws_warp;

#define WS_MAX_NESTING 64

/* Enters an if: the lanes whose `cond` is non-zero stay active. */
WS_API ws_status ws_if(ws_warp *warp, ws_reg cond);
/* Enters an if on a fixed lane set: the active lanes in `lanes` stay active. */
WS_API ws_status ws_if_lanes(ws_warp *warp, ws_mask lanes);
/* Switches to the lanes that were active at the if and did not take it. */
WS_API ws_status ws_else(ws_warp *warp);
/* Reconverges: the lanes active at the if, minus those that exited. */
WS_API ws_status ws_end_if(ws_warp *warp);

/* Enters a loop; lanes leave it one by one through ws_loop_while. */
WS_API ws_status ws_loop_begin(ws_warp *warp);
/* The loop test: active lanes whose `cond` is zero leave the loop until
 * ws_loop_end. Returns the number of lanes still in the loop (> 0: run the
 * body again), 0 when none is left, or a negative ws_status. */
WS_API int ws_loop_while(ws_warp *warp, ws_reg cond);
/* `break`: the executing lanes leave the innermost loop, from inside any
 * ifs nested in it, and come back at its ws_loop_end. */
WS_API ws_status ws_loop_break(ws_warp *warp);
/* Leaves the loop: the lanes active at ws_loop_begin, minus exited lanes. */
WS_API ws_status ws_loop_end(ws_warp *warp);

/* `return`: the lanes executing now exit for good. Exiting can complete
 * a collective that was waiting for them (exited lanes are not waited
 * for), or reveal a deadlock. */
WS_API ws_status ws_exit(ws_warp *warp);
/* The same for an explicit lane set (front ends that run every lane on its
 * own): `lanes` must be live and not waiting. */
WS_API ws_status ws_exit_lanes(ws_warp *warp, ws_mask lanes);

/* The kernel ends: every live lane that is not waiting exits. Collectives
 * still waiting then complete (reads of the exited lanes give the profile's
 * value, with diagnostics) or, if lanes wait for each other, a deadlock is
 * reported. Call it at the end of a program so that no collective is left
 * pending unnoticed. Returns WS_OK or the error that ended the warp. */
WS_API ws_status ws_warp_finish(ws_warp *warp);

/* dst = __activemask() in every executing lane (a u32 on 32-lane
 * profiles, the 64-bit EXEC mask on wave64). */
WS_API ws_status ws_activemask(ws_warp *warp, ws_reg dst);

#ifdef __cplusplus
}
#endif
#endif
