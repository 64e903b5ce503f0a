#!/usr/bin/env bash
# ctest docs_quickstart: the README's quick-start command (the block marked
# <!-- doc-test: run-by docs_quickstart -->), verbatim, in a clean copy of the
# source tree (the files git tracks or would track: no build folders), then
# checks what it printed. It installs packages with apt-get, so it needs root
# or password-less sudo, and the network for apt-get update; without them it
# is skipped (exit 77). WARPSIM_TEST_QUICKSTART=OFF skips it too.
# usage: quickstart_test.sh SOURCE_DIR
set -uo pipefail
src=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
skip() { echo "skipped: $*"; exit 77; }
[ "${WARPSIM_TEST_QUICKSTART:-ON}" != OFF ] || skip "WARPSIM_TEST_QUICKSTART=OFF"
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo > /dev/null || skip "not root and no sudo: the quick start installs packages"
  sudo -n true 2> /dev/null || skip "sudo asks for a password: the quick start installs packages"
fi
command -v git > /dev/null && git -C "$src" rev-parse --is-inside-work-tree > /dev/null 2>&1 ||
  skip "the source is not a git work tree: no clean copy to make"

copy=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-quickstart.XXXXXX")
trap 'rm -rf "$copy"' EXIT
# A clean clone of the work tree as it is now (uncommitted edits included).
(cd "$src" && git ls-files -z --cached --others --exclude-standard |
   while IFS= read -r -d '' f; do [ -e "$f" ] && printf '%s\0' "$f"; done |
   tar --null -T - -cf -) | tar -xf - -C "$copy" || { echo "copying the source failed"; exit 1; }

bash "$here/run_block.sh" "$src/README.md" docs_quickstart "$copy" --as-pasted > "$copy.log" 2>&1
rc=$?
cat "$copy.log"
out=$(cat "$copy.log"); rm -f "$copy.log"
[ $rc = 0 ] || { echo "FAIL: the quick start exited with $rc"; exit 1; }
# The demo's two runs: the text trace ends with the sums, lane i = 496 + 16*i,
# and the symbolic run shows lane 0 adding every input once.
for want in 'step 6: v += __shfl_down_sync(0xffffffff, v, 1);' \
            '  lane 31  992            0x000003e0' \
            '  lane  0  lane(0)+...+lane(31)' \
            '  lane 31  32*lane(31)'; do
  grep -qxF -- "$want" <<< "$out" || { echo "FAIL: the quick start did not print: $want"; exit 1; }
done
echo "ok: the README quick start ran verbatim in a clean copy"
