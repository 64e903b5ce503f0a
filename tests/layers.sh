#!/usr/bin/env bash
# The programs' layers call downward only (docs/architecture.md, "Layers"):
# from each object file of the programs library, every symbol it uses that
# another folder defines must come from a lower layer, and no two files of
# one folder may call each other in a circle. The sources' includes of
# another folder's headers go downward too, and every folder has a layer.
# usage: layers.sh PROGRAMS_DIR OBJECT...   (the objects of warpsim_programs)
set -euo pipefail
src=$1
shift
# Rank of a folder: a layer may use only layers of lower rank (and its own).
# 99: no layer (the checks below fail on it).
rank() {
  case $1 in
    warpsim) echo 0 ;; # the model's public headers (include/warpsim)
    runtime) echo 1 ;;
    writers | fast | reductions | scans | sorts | others) echo 2 ;;
    run | cctrace) echo 3 ;;
    *) echo 99 ;;
  esac
}
# The folder of an object: the directory after warpsim_programs_objects.dir/
# (generated/: the viewer's embedded page, a writer).
folder() {
  local p=${1#*warpsim_programs_objects.dir/} f
  [[ $p == */* ]] && f=${p%%/*} || f=top
  [[ $f == generated ]] && f=writers
  echo "$f"
}

bad=0
# Every folder of objects and of sources has a layer: an unknown one would
# rank above them all and pass anything. (cuda/ holds the CUDA twins and
# cross-checks, which are not in the programs library.)
declare -A seen
for o in "$@"; do seen[$(folder "$o")]=1; done
for d in "$src"/*/; do
  f=$(basename "$d")
  [[ $f == cuda ]] || seen[$f]=1
done
for f in "${!seen[@]}"; do
  if [[ $(rank "$f") == 99 ]]; then
    echo "$f/ is in no layer: add it to rank() in tests/layers.sh and to docs/architecture.md"
    bad=1
  fi
done

declare -A def_file
for o in "$@"; do
  while read -r sym; do def_file[$sym]=$o; done < <(nm --defined-only "$o" | awk '$2 ~ /[TDBR]/ {print $3}')
done
edges=""
for o in "$@"; do
  fo=$(folder "$o")
  for sym in $(nm --undefined-only "$o" | awk '{print $2}'); do
    d=${def_file[$sym]:-}
    [[ -z $d || $d == "$o" ]] && continue
    fd=$(folder "$d")
    if [[ $fd != "$fo" ]]; then
      if (($(rank "$fo") <= $(rank "$fd"))); then
        echo "upward or sideways: $(basename "$o" .o) ($fo) uses $sym from $(basename "$d" .o) ($fd)"
        bad=1
      fi
    else
      edges+="$(basename "$o" .o) $(basename "$d" .o)"$'\n'
    fi
  done
done
# Circles between files of one folder: tsort reports a cycle.
if [[ -n $edges ]] && ! sort -u <<<"$edges" | tsort > /dev/null 2> /tmp/layers_tsort.$$; then
  echo "files that call each other in a circle:"; cat /tmp/layers_tsort.$$; bad=1
fi
rm -f /tmp/layers_tsort.$$
# Includes that name another folder ("folder/header.h", also "../folder/...")
# must go to a lower layer.
for f in "$src"/*/*.[ch]; do
  fo=$(basename "$(dirname "$f")")
  [[ $fo == cuda ]] && continue
  while read -r inc; do
    fi_=${inc%%/*}
    if (($(rank "$fo") <= $(rank "$fi_"))); then
      echo "upward or sideways include: ${f#"$src"/} includes $inc"
      bad=1
    fi
  done < <(grep -oE '^#[[:space:]]*include[[:space:]]*"(\.\./)?[a-z_]+/[a-z_0-9]+\.h"' "$f" |
           sed -E 's/.*"(\.\.\/)?(.*)"/\2/')
done
echo "$# objects and the sources' includes checked"
exit $bad
