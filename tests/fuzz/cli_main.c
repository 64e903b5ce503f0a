/* The warpsim command's main(), callable in process as warpsim_main(argc,
 * argv) by the CLI harness (fuzz_cli.c): sim/main.c compiled as it is, with
 * its main renamed. */
int warpsim_main(int argc, char **argv);
#define main warpsim_main
#include "main.c"
