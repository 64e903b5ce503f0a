#!/usr/bin/env bash
# Runs one libFuzzer harness for a fixed time (tests/fuzz/README.md).
#   run_fuzzer.sh FUZZER [SECONDS]
# SECONDS: WARPSIM_FUZZ_SECONDS from the environment, else the argument,
# else 60. Seeds: tests/fuzz/corpus/<name without fuzz_>/ (read only);
# what the run adds goes to FUZZER.work/corpus next to the binary, and a
# finding (crash, sanitizer report, leak, hang over 10 s, over 2 GB) to
# FUZZER.work/artifacts/, with the command that replays it. Exit status:
# 0 when nothing was found.
set -euo pipefail
fuzzer=$(realpath "$1")
seconds=${WARPSIM_FUZZ_SECONDS:-${2:-60}}
here=$(cd "$(dirname "$0")" && pwd)
name=$(basename "$fuzzer")
seeds="$here/corpus/${name#fuzz_}"
work="$fuzzer.work"
rm -rf "$work/artifacts"
mkdir -p "$work/corpus" "$work/artifacts"
dict=()
[ -f "$here/${name#fuzz_}.dict" ] && dict=("-dict=$here/${name#fuzz_}.dict")
# The harness prints nothing; -close_fd_mask=3 keeps the code under test's
# messages out of the log (libFuzzer's own report still shows).
status=0
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
  "$fuzzer" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
  -close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$work/artifacts/" "${dict[@]}" \
  "$work/corpus" "$seeds" || status=$?
if [ "$status" -ne 0 ]; then
  echo "== $name found something (exit $status). Replay:"
  for f in "$work"/artifacts/*; do
    [ -e "$f" ] && echo "   $fuzzer $f"
  done
fi
exit "$status"
