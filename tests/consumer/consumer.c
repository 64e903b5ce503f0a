/* Links against an installed warpsim and checks the walk-through's lane 31. */
#include <stdio.h>
#include <warpsim/warpsim.h>

int main(void)
{
    ws_warp *w;
    if (ws_warp_create(NULL, &w) != WS_OK)
        return 1;
    ws_reg v = ws_reg_new(w, "v", WS_I32), t = ws_reg_new(w, "t", WS_I32);
    ws_lane_id(w, v);
    for (unsigned o = 16; o > 0; o >>= 1) {
        ws_shfl_down(w, WS_FULL32, t, v, o, 32);
        ws_binop_apply(w, WS_ADD, WS_I32, v, v, t);
    }
    int ok = ws_get_i32(w, v, 0) == 496 && ws_get_i32(w, v, 31) == 992;
    printf("consumer: lane 0 = %d, lane 31 = %d\n", ws_get_i32(w, v, 0), ws_get_i32(w, v, 31));
    ws_warp_destroy(w);
    return ok ? 0 : 1;
}
