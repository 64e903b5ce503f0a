#!/usr/bin/env bash
# Issue 20's cases (tests/cc/trust/README.md): each program built by warpsim cc
# and run with OMP_NUM_THREADS 1, 2 and 3 prints what the H200 printed, the
# same bytes each time, within a time limit.   usage: trust_test.sh WARPSIM
set -u
warpsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
cases=$(cd "$(dirname "$0")/trust" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
for src in "$cases"/*.cu; do
  name=$(basename "$src" .cu)
  ccargs=""
  [ -f "$cases/$name.ccargs" ] && ccargs=$(cat "$cases/$name.ccargs")
  # shellcheck disable=SC2086
  if ! (cd "$cases" && "$warpsim" cc $ccargs "$name.cu" -o "$dir/$name") > "$dir/$name.build" 2>&1; then
    fail "$name: warpsim cc"; cat "$dir/$name.build"; continue
  fi
  envs=()
  [ -f "$cases/$name.env" ] && mapfile -t envs < "$cases/$name.env"
  args_file="$cases/$name.args"
  [ -f "$args_file" ] || args_file=/dev/null
  for t in 1 2 3; do
    : > "$dir/$name.$t.out"; : > "$dir/$name.$t.err"
    runs=$(cat "$args_file"); [ -n "$runs" ] || runs="-"
    while IFS= read -r a; do
      [ "$a" = "-" ] && a=""
      # shellcheck disable=SC2086
      (cd "$cases" && env "${envs[@]}" OMP_NUM_THREADS=$t timeout 60 "$dir/$name" $a) >> "$dir/$name.$t.out" 2>> "$dir/$name.$t.err"
      rc=$?
      [ $rc -eq 0 ] || fail "$name $a (OMP_NUM_THREADS=$t): exit $rc"
    done <<< "$runs"
  done
  ok=1
  for t in 2 3; do
    if ! cmp -s "$dir/$name.1.out" "$dir/$name.$t.out" || ! cmp -s "$dir/$name.1.err" "$dir/$name.$t.err"; then
      fail "$name: OMP_NUM_THREADS=$t printed other bytes than 1"; diff "$dir/$name.1.out" "$dir/$name.$t.out"
      diff "$dir/$name.1.err" "$dir/$name.$t.err" | head -5; ok=0
    fi
  done
  grep -v '^racy: ' "$dir/$name.1.out" > "$dir/$name.h200"
  if ! cmp -s "$cases/$name.expected" "$dir/$name.h200"; then
    fail "$name: not the H200's output"; diff "$cases/$name.expected" "$dir/$name.h200"; ok=0
  fi
  if [ -f "$cases/$name.stderr" ]; then
    while IFS= read -r want; do
      grep -qF -- "$want" "$dir/$name.1.err" || { fail "$name: stderr lacks '$want'"; ok=0; }
    done < "$cases/$name.stderr"
  fi
  [ $ok -eq 1 ] && echo "ok   $name (OMP_NUM_THREADS 1, 2, 3)"
done
[ $fails -eq 0 ] || { echo "$fails failures"; exit 1; }
