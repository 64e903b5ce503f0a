#!/usr/bin/env bash
# Runs, verbatim, the code block of a Markdown file that carries the marker
# <!-- doc-test: run-by NAME -->, with bash -e -o pipefail, in DIR (the
# environment is the caller's). Blocks of the same file marked
# <!-- doc-test: file F --> are first saved as DIR/F, so the block can use
# them (the README's C example is app.c). Used by the ctests install_consumer
# and docs_quickstart; tests/docs/README.md has the conventions.
#
# usage: run_block.sh MARKDOWN-FILE NAME DIR [--as-pasted]
# --as-pasted: plain bash without -e, as when the block is pasted into an
# interactive shell (the status is that of the last command).
set -uo pipefail
if [ $# -lt 3 ] || [ $# -gt 4 ] || { [ $# = 4 ] && [ "$4" != --as-pasted ]; }; then
  echo "usage: run_block.sh MARKDOWN-FILE NAME DIR [--as-pasted]" >&2
  exit 2
fi
md=$1 name=$2 dir=$3 opts=(-e -o pipefail)
[ $# = 4 ] && opts=()
here=$(cd "$(dirname "$0")" && pwd)
blocks=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-block.XXXXXX")
trap 'rm -rf "$blocks"' EXIT
awk -v out="$blocks" -f "$here/extract_blocks.awk" "$md" || exit 1
found=""
for info in "$blocks"/*.info; do
  [ -e "$info" ] || continue
  f=$(sed -n 's/^marker file //p' "$info")
  [ -n "$f" ] && cp "${info%.info}.body" "$dir/$f"
  if grep -qx "marker run-by $name" "$info"; then
    [ -z "$found" ] || { echo "run_block.sh: $md has two blocks marked run-by $name" >&2; exit 1; }
    found=${info%.info}.body
    where="$md:$(sed -n 's/^line //p' "$info")"
  fi
done
if [ -z "$found" ]; then
  echo "run_block.sh: $md has no block marked <!-- doc-test: run-by $name -->" >&2
  exit 1
fi
echo "== $where, verbatim, in $dir:"
sed 's/^/   /' "$found"
cd "$dir" && bash "${opts[@]}" "$found"
