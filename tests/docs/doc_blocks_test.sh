#!/usr/bin/env bash
# ctest docs_blocks: every code block in README.md, docs/tutorial.md and
# docs/cli.md is run, compiled or explicitly marked. The conventions are in
# tests/docs/README.md. Prints one line per block; exits 1 if any fails.
#
# usage: doc_blocks_test.sh --source DIR --warpsim BIN --lib LIBWARPSIM_A
#                           --cc CC [--cflags FLAGS] [FILE.md ...]
# FILE.md defaults to the three documents, relative to --source.
set -uo pipefail

here=$(cd "$(dirname "$0")" && pwd)
src="" warpsim="" lib="" cc="" cflags=""
files=()
while [ $# -gt 0 ]; do
  case "$1" in
    --source) src=$2; shift 2 ;;
    --warpsim) warpsim=$2; shift 2 ;;
    --lib) lib=$2; shift 2 ;;
    --cc) cc=$2; shift 2 ;;
    --cflags) cflags=$2; shift 2 ;;
    -*) echo "doc_blocks_test.sh: unknown option $1" >&2; exit 2 ;;
    *) files+=("$1"); shift ;;
  esac
done
if [ -z "$src" ] || [ -z "$warpsim" ] || [ -z "$lib" ] || [ -z "$cc" ]; then
  echo "usage: doc_blocks_test.sh --source DIR --warpsim BIN --lib LIBWARPSIM_A --cc CC [--cflags FLAGS] [FILE.md ...]" >&2
  exit 2
fi
src=$(cd "$src" && pwd)
[ ${#files[@]} -gt 0 ] || files=(README.md docs/tutorial.md docs/cli.md)

work=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-docs.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/blocks" "$work/bin"
ln -s "$(cd "$(dirname "$warpsim")" && pwd)/$(basename "$warpsim")" "$work/bin/warpsim"
export PATH="$work/bin:$PATH"

(cd "$src" && awk -v out="$work/blocks" -f "$here/extract_blocks.awk" "${files[@]}") || exit 1

failures=0 passed=0 skipped=0
fail() { echo "FAIL $where: $*"; failures=$((failures + 1)); }

# run_transcript BODY DIR EXCERPT-UNUSED: a block of "$ command" lines, each
# followed by the output it shows. All commands run in one bash, in order.
run_transcript() {
  local body=$1 dir=$2 t="$work/t" i=0 line cmd excerpt
  rm -rf "$t"; mkdir -p "$t"
  {
    echo 'cd "$1" || exit 99'
    while IFS= read -r line || [ -n "$line" ]; do
      if [[ $line == '$ '* ]]; then
        i=$((i + 1)); cmd=${line#\$ }; excerpt=0
        if [[ $cmd =~ ^(.*[^[:space:]])[[:space:]][[:space:]]+\(excerpt\)$ ]]; then
          cmd=${BASH_REMATCH[1]}; excerpt=1
        fi
        printf '%s\n' "$cmd" > "$t/$i.cmd"; echo "$excerpt" > "$t/$i.excerpt"; : > "$t/$i.expected"
        printf '{ %s\n} > "%s/%d.out" 2>&1 < /dev/null; echo $? > "%s/%d.rc"\n' "$cmd" "$t" "$i" "$t" "$i"
      elif [ $i -gt 0 ]; then
        printf '%s\n' "$line" >> "$t/$i.expected"
      fi
    done < "$body"
  } > "$t/script.sh"
  bash "$t/script.sh" "$dir" > "$t/script.log" 2>&1
  local k ok=1 want rc
  for ((k = 1; k <= i; k++)); do
    # A shown last line "[exit N]" is the exit status the command must give.
    want=0
    if [ -s "$t/$k.expected" ] && [[ $(tail -n 1 "$t/$k.expected") =~ ^\[exit\ ([0-9]+)\]$ ]]; then
      want=${BASH_REMATCH[1]}; sed -i '$d' "$t/$k.expected"
    fi
    if [ ! -f "$t/$k.rc" ]; then
      fail "\$ $(cat "$t/$k.cmd"): did not run"; sed 's/^/    | /' "$t/script.log"; ok=0; break
    fi
    rc=$(cat "$t/$k.rc")
    if [ "$rc" != "$want" ]; then
      fail "\$ $(cat "$t/$k.cmd"): exit status $rc, expected $want"
      sed -n '1,40s/^/    | /p' "$t/$k.out"; ok=0; continue
    fi
    if ! awk -v excerpt="$(cat "$t/$k.excerpt")" -f "$here/match_output.awk" "$t/$k.expected" "$t/$k.out" > "$t/match"; then
      fail "\$ $(cat "$t/$k.cmd"): the output differs from the document"; cat "$t/match"; ok=0
    fi
  done
  [ $ok = 1 ]
}

prev_out="" prev_where=""   # the output of the last block that ran, for "output of previous"
declare -A dirs=()
ndirs=0
for info in $(ls "$work/blocks"/*.info | sort -t/ -k1 -V); do
  n=${info%.info}; body=$n.body
  file=$(sed -n 's/^file //p' "$info"); line=$(sed -n 's/^line //p' "$info")
  lang=$(sed -n 's/^lang //p' "$info")
  where="$file:$line"
  if [ -z "${dirs[$file]:-}" ]; then
    ndirs=$((ndirs + 1)); dirs[$file]="$work/cwd-$ndirs"; mkdir -p "${dirs[$file]}"
  fi
  dir=${dirs[$file]}
  skip="" output_of_previous=0 save_as="" setup=()
  while IFS= read -r m; do
    case "$m" in
      "skip ("*")") skip=${m#skip } ;;
      "run-by "*) skip="(run by the ctest ${m#run-by })" ;;
      "output of previous") output_of_previous=1 ;;
      "file "*) save_as=${m#file } ;;
      "setup "*) setup+=("${m#setup }") ;;
      *) fail "unknown marker <!-- doc-test: $m --> (tests/docs/README.md lists them)"; skip="(bad marker)" ;;
    esac
  done < <(sed -n 's/^marker //p' "$info")
  [ -n "$save_as" ] && cp "$body" "$dir/$save_as"
  if [ -n "$skip" ]; then
    echo "skip $where $skip"; skipped=$((skipped + 1)); prev_out=""; continue
  fi
  if [ $output_of_previous = 1 ]; then
    if [ -z "$prev_out" ]; then
      fail "marked as the output of the previous block, but no block ran just before it"
    elif awk -v excerpt=0 -f "$here/match_output.awk" "$body" "$prev_out" > "$work/match"; then
      echo "ok   $where (the output of $prev_where)"; passed=$((passed + 1))
    else
      fail "the output of $prev_where differs from the document"; cat "$work/match"
    fi
    prev_out=""; continue
  fi
  prev_out=""
  before=$failures
  for s in "${setup[@]}"; do
    (cd "$dir" && bash -e -o pipefail -c "$s") > "$work/setup.log" 2>&1 ||
      { fail "setup failed: $s"; sed 's/^/    | /' "$work/setup.log"; }
  done
  [ $failures = "$before" ] || continue
  if grep -q '^\$ ' "$body" && [ "$(grep -v '^[[:space:]]*$' "$body" | head -n 1 | cut -c1-2)" = '$ ' ]; then
    run_transcript "$body" "$dir" && { echo "ok   $where ($(grep -c '^\$ ' "$body") commands)"; passed=$((passed + 1)); }
  elif [ "$lang" = c ]; then
    exe="$work/c$(basename "$n")"; cp "$body" "$exe.c"
    # shellcheck disable=SC2086
    if ! "$cc" -std=c17 -Wall -Wextra -Wpedantic -Werror $cflags -I"$src/include" "$exe.c" "$lib" -lm -o "$exe" > "$work/cc.log" 2>&1; then
      fail "the C block does not compile as a program"; sed -n "1,30s/^/    | /p" "$work/cc.log"
    elif ! (cd "$dir" && "$exe") > "$n.out" 2>&1 < /dev/null; then
      fail "the C program failed"; sed -n '1,40s/^/    | /p' "$n.out"
    else
      echo "ok   $where (C, compiled and run)"; passed=$((passed + 1)); prev_out=$n.out; prev_where=$where
    fi
  elif [ "$lang" = sh ] || [ "$lang" = bash ]; then
    if (cd "$dir" && bash -e -o pipefail "$body") > "$n.out" 2>&1 < /dev/null; then
      echo "ok   $where (shell)"; passed=$((passed + 1)); prev_out=$n.out; prev_where=$where
    else
      fail "the shell block failed (exit $?)"; sed -n '1,40s/^/    | /p' "$n.out"
    fi
  else
    fail "a \`\`\`$lang block that is neither a transcript (\"\$ command\" then its output), sh nor C: make it real or mark it <!-- doc-test: skip (reason) --> (tests/docs/README.md)"
  fi
done

echo "docs_blocks: $passed checked, $skipped skipped (marked), $failures failed"
[ $failures = 0 ]
