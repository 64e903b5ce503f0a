#!/usr/bin/env bash
# ctest toolkit_headers: every header of the CUDA 13 toolkit that a program
# may include (scripts/cuda-compat-headers.sh --list) resolves, with the
# include path warpsim cc uses, to include/warpsim/ -- never to a toolkit
# installed on the machine (/usr/local/include holds one on the development
# machines) -- and each one the front end does not implement stops with
# warpsim's one line "not supported" (g++ writes `error: #error "..."`,
# clang `error: "..."`).   usage: toolkit_headers_test.sh CXX
set -u
cxx=$1
root=$(cd "$(dirname "$0")/../.." && pwd)
inc=$root/include
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
bash "$root/scripts/cuda-compat-headers.sh" --list > "$dir/list"
[ "$(wc -l < "$dir/list")" -gt 100 ] || { echo "FAIL the list is short"; exit 1; }
while read -r name kind; do
  printf '#include <%s>\n' "$name" > "$dir/t.cu"
  # -H names each header as it is opened: the first is the one the #include found
  "$cxx" -x c++ -std=c++17 -E -H -DWS_CC_PREPROCESSING_=1 -I"$inc" -isystem "$inc/warpsim/cuda_compat" \
    -include warpsim/cuda.h -include warpsim/cuda_runtime.h "$dir/t.cu" -o /dev/null > "$dir/out" 2>&1
  rc=$?
  found=$(grep -E "^\.+ .*/$name\$" "$dir/out" | grep -v "$inc/warpsim/cuda_compat/$name" | grep -E "^\. " | head -1)
  if ! grep -qE "^\. $inc/warpsim/cuda_compat/$name\$" "$dir/out" || [ -n "$found" ]; then
    echo "FAIL <$name>: not resolved to include/warpsim/cuda_compat ($(grep -E "/$name\$" "$dir/out" | head -1))"
    fails=$((fails + 1)); continue
  fi
  if [ "$kind" = unsupported ]; then
    if [ $rc -eq 0 ] || [ "$(grep -cE 'error: (#error )?"warpsim cc: <'"$name"'>: .*: not supported by the CUDA front end' "$dir/out")" -ne 1 ]; then
      echo "FAIL <$name>: not the one 'not supported' line"; fails=$((fails + 1))
    fi
  elif [ $rc -ne 0 ]; then
    echo "FAIL <$name>: does not compile"; head -3 "$dir/out"; fails=$((fails + 1))
  fi
done < "$dir/list"
echo "$(wc -l < "$dir/list") toolkit headers checked, $fails failures"
[ $fails -eq 0 ]
