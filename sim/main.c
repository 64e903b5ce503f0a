/* warpsim: the command-line simulator. One subcommand per file (cmd_*.c). */
#include <stdio.h>
#include <string.h>

#include "cli.h"

int cmd_cc(int argc, char **argv);

static const char usage[] =
    "usage: warpsim COMMAND [options]\n"
    "\n"
    "A bit-exact software model of a GPU warp: --profile sm90 (NVIDIA, 32 lanes),\n"
    "wave64 (AMD, 64 lanes) or wave32 (AMD, 32 lanes).\n"
    "\n"
    "Commands:\n"
    "  list              the programs, with a line each\n"
    "  run PROGRAM       run a program; --trace shows every step, lane by lane\n"
    "  op OP             one shuffle, vote, match or reduce on given lane values\n"
    "  bench             how fast the untraced paths run on this machine\n"
    "  cc FILE.cu        build a whole CUDA program to run on the CPU, on the model\n"
    "\n"
    "  warpsim COMMAND --help   the options of a command\n"
    "  warpsim --version        the version\n"
    "\n"
    "Examples:\n"
    "  warpsim run reduce-down --type sym --trace text\n"
    "  warpsim run scan-incl --type f32 --gen rand:7 --json\n"
    "  warpsim op shfl-down --b 4 --width 8\n"
    "\n"
    "Exit status: 0 ok, 1 the simulation failed, 2 bad arguments or input,\n"
    "3 a file could not be read or written. Documentation: docs/cli.md.\n";

static int dispatch(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage, stderr);
        return CLI_EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage, stdout);
        return CLI_EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("warpsim %s\n", ws_version());
        return CLI_EXIT_OK;
    }
    if (strcmp(cmd, "list") == 0)
        return cmd_list(argc - 1, argv + 1);
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 1, argv + 1);
    if (strcmp(cmd, "op") == 0)
        return cmd_op(argc - 1, argv + 1);
    if (strcmp(cmd, "bench") == 0)
        return cmd_bench(argc - 1, argv + 1);
    if (strcmp(cmd, "cc") == 0)
        return cmd_cc(argc - 1, argv + 1); /* cmd_cc.c */
    char buf[CLI_SHOWN_SIZE];
    cli_error("unknown command '%s' (list, run, op, bench, cc; see warpsim --help)", cli_shown(cmd, buf, NULL));
    return CLI_EXIT_USAGE;
}

int main(int argc, char **argv)
{
    /* Whatever a command printed on standard output must have arrived:
     * `warpsim list > /dev/full` is exit 3, not success. */
    cli_command_begin();
    int rc = cli_finish_stdout(dispatch(argc, argv));
    cli_command_end();
    return rc;
}
