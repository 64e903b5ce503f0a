/* warpsim: a bit-exact software model of a GPU warp.
 *
 * Include this one header. README.md has a walk-through; docs/model.md
 * says how the model reads the semantics and what it measured. */
#ifndef WARPSIM_WARPSIM_H
#define WARPSIM_WARPSIM_H

#define WARPSIM_VERSION_MAJOR 0
#define WARPSIM_VERSION_MINOR 1
#define WARPSIM_VERSION_PATCH 0
#define WARPSIM_VERSION_STRING "0.1.0"

#include "types.h"
#include "diag.h"
#include "warp.h"
#include "control.h"
#include "lane_ops.h"
#include "collectives.h"
#include "shfl_formula.h"
#include "fpops.h"

#ifdef __cplusplus
extern "C" {
#endif
/* The library's version string, e.g. "0.1.0". */
WS_API const char *ws_version(void);
#ifdef __cplusplus
}
#endif
#endif
