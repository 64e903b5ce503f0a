#!/usr/bin/env bash
# The shared libraries export exactly the public API: every function and
# variable a public header marks WS_API (include/warpsim/*.h), and nothing
# else (the library is built with hidden visibility).
# usage: api_exports.sh INCLUDE_DIR LIB...
set -euo pipefail
include=$1
shift
want=$(grep -h "^WS_API" "$include"/warpsim/*.h | grep -oE "\bws_[a-z0-9_]+(\(| __attribute__|;)" |
  grep -oE "ws_[a-z0-9_]+"
  # and the -ftz=true forms gpumath.h declares from its list: ws_gpu_ftz_ and each function's suffix
  grep -E "^[A-Z0-9]+\(" "$include"/warpsim/gpumath_functions.def | grep -v "^F1A(" |
  sed -E 's/^[A-Z0-9]+\([a-z0-9_]+, *([a-z0-9_]+).*/ws_gpu_ftz_\1/')
want=$(echo "$want" | sort -u)
# A declaration at the start of a line without WS_API would be hidden by mistake.
unmarked=$(grep -nE "^(const |unsigned |struct )?[a-z_0-9]+ \**ws_[a-z0-9_]+\(" "$include"/warpsim/*.h || true)
got=$(for lib in "$@"; do nm -D --defined-only "$lib" | awk '{print $3}'; done | sort -u)
extra=$(comm -13 <(echo "$want") <(echo "$got"))
missing=$(comm -23 <(echo "$want") <(echo "$got"))
echo "$(echo "$got" | wc -l) symbols exported, $(echo "$want" | wc -l) declared WS_API"
[ -z "$extra" ] || { echo "exported but not declared WS_API in a public header:"; echo "$extra"; }
[ -z "$missing" ] || { echo "declared WS_API but not exported:"; echo "$missing"; }
[ -z "$unmarked" ] || { echo "public declarations without WS_API:"; echo "$unmarked"; }
[ -z "$extra" ] && [ -z "$missing" ] && [ -z "$unmarked" ]
