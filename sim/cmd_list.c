/* warpsim list: the programs, grouped, with their summaries. */
#include <string.h>

#include "cli.h"
#include "runtime/program.h"

int cmd_list(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            printf("usage: warpsim list\n\nLists the programs that warpsim run takes, by group, with their\n"
                   "types and profiles. warpsim run PROGRAM --help shows the CUDA a program mirrors.\n");
            return CLI_EXIT_OK;
        }
        char buf[CLI_SHOWN_SIZE];
        cli_error("list: unexpected argument '%s'", cli_shown(argv[i], buf, NULL));
        return CLI_EXIT_USAGE;
    }
    const char *group = "";
    for (size_t i = 0; i < wk_program_count; i++) {
        const wk_program *p = wk_programs[i];
        if (strcmp(group, wk_program_group(i)) != 0) {
            group = wk_program_group(i);
            printf("%s%s:\n", i ? "\n" : "", group);
        }
        printf("  %-16s %s\n", p->name, p->summary);
        printf("  %-16s types:", "");
        for (int ti = 0; ti < WK_ELEM_COUNT; ti++)
            if (p->types & WK_BIT(wk_elem_order[ti]))
                printf(" %s", wk_elem_name(wk_elem_order[ti]));
        printf("; profiles:");
        for (int id = 0; id < WS_PROFILE_COUNT; id++)
            if (p->profiles & WK_PROFILE_BIT(id))
                printf(" %s (%d lanes)", ws_profile_name((ws_profile_id)id), ws_profile_lanes((ws_profile_id)id));
        printf("\n");
    }
    return CLI_EXIT_OK;
}
