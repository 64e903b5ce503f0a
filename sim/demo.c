/* warpsim-demo: the classic shfl_down walk-through on built-in data.
 *
 *   int v = lane;
 *   for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);
 *
 * Prints every lane after every step, then shows what reading an exited
 * lane gives and the diagnostic that comes with it. The full `warpsim`
 * simulator (programs, traces) arrives with issue 3; this is its seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "warpsim/warpsim.h"

static int check(ws_warp *w, ws_status s, const char *what)
{
    if (s >= 0)
        return 0;
    fprintf(stderr, "warpsim-demo: %s failed: %s: %s\n", what, ws_status_name(s), ws_warp_error(w));
    return 1;
}

/* Two rows of 16 lanes; an exited lane shows as "-". */
static void print_lanes(const ws_warp *w, ws_reg r, const char *label)
{
    ws_mask exited = ws_lanes_exited(w);
    printf("%-18s", label);
    for (int lane = 0; lane < ws_warp_lanes(w); lane++) {
        if (lane == 16)
            printf("\n%-18s", "");
        if ((exited >> lane) & 1)
            printf("%5s", "-");
        else
            printf("%5d", ws_get_i32(w, r, lane));
    }
    printf("\n");
}

static int walk_through(void)
{
    ws_warp *w;
    if (ws_warp_create(&(ws_warp_desc){.profile = WS_PROFILE_SM90}, &w) != WS_OK)
        return 1;
    ws_reg v = ws_reg_new(w, "v", WS_I32), t = ws_reg_new(w, "t", WS_I32);
    int err = check(w, ws_lane_id(w, v), "v = lane");
    printf("v = lane; for (o = 16; o > 0; o >>= 1) v += __shfl_down_sync(0xffffffff, v, o);\n\n");
    printf("%-18s", "lane:");
    for (int lane = 0; lane < 32; lane++)
        printf("%s%5d", lane == 16 ? "\n                  " : "", lane);
    printf("\n");
    print_lanes(w, v, "v = lane:");
    for (unsigned o = 16; o > 0 && !err; o >>= 1) {
        err |= check(w, ws_shfl_down(w, WS_FULL32, t, v, o, 32), "shfl_down");
        err |= check(w, ws_binop_apply(w, WS_ADD, WS_I32, v, v, t), "add");
        char label[32];
        snprintf(label, sizeof label, "after o = %2u:", o);
        print_lanes(w, v, label);
    }
    printf("\nLane 0 holds the sum 0+1+...+31 = 496; lane i holds 496 + 16*i, because a lane whose\n"
           "source is out of range adds its own value (measured on an H200).\n");
    err |= check(w, ws_warp_finish(w), "end of kernel");
    ws_warp_destroy(w);
    return err;
}

static int exited_read(void)
{
    ws_warp *w;
    if (ws_warp_create(NULL, &w) != WS_OK)
        return 1;
    ws_reg v = ws_reg_new(w, "v", WS_I32), t = ws_reg_new(w, "t", WS_I32);
    int err = check(w, ws_lane_id(w, v), "v = lane");
    err |= check(w, ws_binop_imm(w, WS_ADD, WS_I32, v, v, 100), "v += 100");
    /* if (lane >= 28) return; then the rest shuffle down by 4 */
    err |= check(w, ws_if_lanes(w, 0xF0000000u), "if");
    err |= check(w, ws_exit(w), "return");
    err |= check(w, ws_end_if(w), "end if");
    err |= check(w, ws_shfl_down(w, WS_FULL32, t, v, 4, 32), "shfl_down");
    printf("\nif (lane >= 28) return;  t = __shfl_down_sync(0xffffffff, v = 100 + lane, 4):\n");
    print_lanes(w, t, "t:");
    printf("Lanes 24-27 read exited lanes 28-31 (shown as -) and get 0 on sm90. Diagnostics:\n");
    ws_diag_print(w, stdout);
    err |= check(w, ws_warp_finish(w), "end of kernel");
    ws_warp_destroy(w);
    return err;
}

int main(int argc, char **argv)
{
    if (argc > 1 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        printf("usage: warpsim-demo [--version]\n"
               "Runs the classic __shfl_down_sync walk-through on a simulated 32-lane sm90 warp\n"
               "and prints every lane after every step.\n");
        return 0;
    }
    if (argc > 1 && strcmp(argv[1], "--version") == 0) {
        printf("warpsim-demo %s\n", ws_version());
        return 0;
    }
    if (argc > 1) {
        /* at most 40 characters, bytes outside printable ASCII as \xNN (as warpsim does) */
        fprintf(stderr, "warpsim-demo: unknown argument '");
        size_t i = 0;
        for (; argv[1][i] && i < 40; i++) {
            unsigned char c = (unsigned char)argv[1][i];
            fprintf(stderr, c >= 0x20 && c < 0x7f ? "%c" : "\\x%02x", c);
        }
        fprintf(stderr, "%s' (try --help)\n", argv[1][i] ? "..." : "");
        return 2;
    }
    return walk_through() || exited_read() ? 1 : 0;
}
