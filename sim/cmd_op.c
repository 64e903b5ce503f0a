/* warpsim op OP: one collective on given lane values. */
#include "cli.h"

int cmd_op(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    cli_error("op: not yet");
    return CLI_EXIT_USAGE;
}
