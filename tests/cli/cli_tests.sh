#!/usr/bin/env bash
# Command-line tests of warpsim, run by ctest: exit codes, error messages,
# no partial output files, and golden outputs checked by hand.
#   cli_tests.sh WARPSIM GOLDEN_DIR
set -u
warpsim=$1
golden=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
cases=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }

# expect CODE REGEX -- ARGS...: exit status CODE, stderr matching REGEX (for
# failures) or stdout matching REGEX (for success); failures print nothing
# on stdout.
expect() {
  local code=$1 regex=$2
  shift 3
  cases=$((cases + 1))
  # (a time limit: reading an endless input must stop, not hang the suite; the
  # largest traced device-reduce takes 20 s under ASan, more on a busy machine)
  timeout 180 "$warpsim" "$@" >"$work/out" 2>"$work/err"
  local got=$?
  if [ "$got" -ne "$code" ]; then
    fail "warpsim $*: exit $got, expected $code"; sed 's/^/    /' "$work/err" | head -5; return
  fi
  if [ "$code" -ne 0 ]; then
    grep -Eq -- "$regex" "$work/err" || { fail "warpsim $*: stderr does not match /$regex/:"; sed 's/^/    /' "$work/err" | head -5; }
    [ -s "$work/out" ] && fail "warpsim $*: printed on stdout although it failed"
    [ "$(wc -l <"$work/err")" -le 3 ] || fail "warpsim $*: more than three lines of errors"
  else
    [ -z "$regex" ] || grep -Eq -- "$regex" "$work/out" || { fail "warpsim $*: stdout does not match /$regex/"; head -5 "$work/out" | sed 's/^/    /'; }
  fi
}

# warns REGEX -- ARGS...: exit status 0, and a warning on stderr matching REGEX.
warns() {
  local regex=$1
  shift 2
  cases=$((cases + 1))
  timeout 180 "$warpsim" "$@" >"$work/out" 2>"$work/err"
  local got=$?
  [ "$got" -eq 0 ] || { fail "warpsim $*: exit $got, expected 0"; sed 's/^/    /' "$work/err" | head -5; return; }
  grep -Eq -- "$regex" "$work/err" || { fail "warpsim $*: stderr does not match /$regex/:"; sed 's/^/    /' "$work/err" | head -5; }
}

# golden NAME ARGS...: stdout equals GOLDEN_DIR/NAME exactly.
golden() {
  local name=$1
  shift
  cases=$((cases + 1))
  if ! "$warpsim" "$@" >"$work/golden.out" 2>"$work/golden.err"; then
    fail "golden $name: warpsim $* failed"; cat "$work/golden.err"; return
  fi
  diff -u "$golden/$name" "$work/golden.out" >"$work/golden.diff" || { fail "golden $name differs:"; head -30 "$work/golden.diff"; }
}

printf '1 2 3\n' >"$work/three.txt"
seq 0 31 >"$work/seq32.txt"
{ seq 0 30; echo 12x; } >"$work/bad.txt"
printf '\x01\x00\x00\x00\x02\x00' >"$work/odd.bin"

# ---- top level
expect 0 'usage: warpsim COMMAND' -- --help
expect 0 '^warpsim [0-9]+\.[0-9]+\.[0-9]+' -- --version
expect 2 'unknown command .frobnicate.' -- frobnicate
expect 0 'reduce-down' -- list
expect 2 "list: unexpected argument 'x'" -- list x
expect 0 'usage: warpsim run PROGRAM' -- run --help
expect 0 'The CUDA it mirrors' -- run reduce-down --help
expect 0 'usage: warpsim op OP' -- op --help

# ---- run: bad programs and options
expect 2 "unknown program 'nosuch'" -- run nosuch
expect 2 'which program' -- run
expect 2 "unknown option '--frob'" -- run reduce-down --frob
expect 2 '--trace needs a value' -- run reduce-down --trace
expect 2 "--trace: unknown format 'gif'" -- run reduce-down --trace gif
expect 2 "--type: unknown type 'f16'" -- run reduce-down --type f16
expect 2 "--profile: unknown profile 'sm80'" -- run reduce-down --profile sm80
expect 2 '--lanes 48' -- run reduce-down --lanes 48
expect 2 'contradicts --profile sm90' -- run reduce-down --lanes 64 --profile sm90
expect 2 "--diag: unknown policy 'loud'" -- run reduce-down --diag loud
expect 2 '--threads 0: must be 1\.\.32 on sm90' -- run reduce-down --threads 0
expect 2 "--threads: expected an integer, got 'many'" -- run reduce-down --threads many
expect 2 '--active 0x100000000: 0x100000000 names lanes past 31|names lanes past 31' -- run reduce-down --active 0x100000000
expect 2 '--active 0: no lane would run' -- run reduce-down --active 0
expect 2 'reduce-down takes no --width option' -- run reduce-down --width 4
expect 2 '--input and --gen' -- run reduce-down --input "$work/seq32.txt" --gen seq
expect 2 "--gen: unknown generator 'normal'" -- run reduce-down --gen normal
expect 2 'the seed must be a non-negative integer' -- run reduce-down --gen rand:x
expect 2 '--bits: only with --input' -- run reduce-down --bits
expect 2 'sym takes no input values' -- run reduce-down --type sym --input "$work/seq32.txt"
expect 2 'both would go to standard output' -- run reduce-down --json --trace csv

expect 2 'reduce-down takes no --op option' -- run reduce-down --op add
expect 2 'bitonic takes no --src option' -- run bitonic --src 0
expect 2 'device-reduce takes no --active option' -- run device-reduce --active 0x3
expect 2 '--type given twice' -- run reduce-down --type i32 --type f32
expect 2 "unknown program 'nosuch'" -- run nosuch --help
expect 2 "--threads: expected an integer, got ' 20'" -- run reduce-down --threads ' 20'
expect 2 '--threads 99999999999999999999: must be 1\.\.32 on sm90' -- run reduce-down --threads 99999999999999999999
expect 2 '--n: 2199023255552 is out of range \(1\.\.2\^40\)' -- run device-reduce --n 2199023255552
expect 2 '--n 268435456: at most 2\^27 values with --trace or --type f64 --diag error' -- run device-reduce --type f64 --n '2^28' --diag error
expect 2 '--n: 2\^41 is out of range \(1\.\.2\^40\)' -- run device-reduce --n '2^41'
expect 2 '--n: 2\^70 is out of range \(1\.\.2\^40\)' -- run device-reduce --n '2^70'
expect 2 'run: --n needs a value' -- run device-reduce --n --json
expect 2 'none of these lanes exists' -- run reduce-down --threads 4 --active 0xf0
expect 0 'Its options: --block \(default 128\) --grid \(default 4\) --n \(default 4096\)' -- run device-reduce --help
expect 0 '"params": \{"block": 128, "grid": 4, "inputs": 4096\}' -- run device-reduce --json

# ---- run: bad input values
expect 2 'takes 32 input values with these options, got 3' -- run reduce-down --input "$work/three.txt"
expect 2 "bad.txt:32: '12x': not an integer" -- run reduce-down --input "$work/bad.txt"
expect 3 'cannot open' -- run reduce-down --input "$work/missing.txt"
expect 2 'out of range for i32' -- run reduce-down --input <(echo 2147483648)
expect 2 'negative, out of range for u32' -- run reduce-down --type u32 --input <(echo -1)
expect 2 "'1.5': not an integer" -- run reduce-down --input <(echo 1.5)
expect 2 "'abc': not a number" -- run reduce-down --type f32 --input <(echo abc)
expect 2 'bytes at the end do not make a whole 4-byte i32 value' -- run reduce-down --binary --input "$work/odd.bin"
expect 2 'no values' -- run reduce-down --input /dev/null
expect 2 'bad NaN' -- run reduce-down --type f32 --input <(echo 'nan(zz)')
expect 2 'are not a NaN' -- run reduce-down --type f32 --input <(echo 'nan(0x3f800000)')
expect 2 'no sign before nan' -- run reduce-down --type f32 --input <(echo '-nan(0x7fc00001)')
expect 2 'a NUL byte in a text file' -- run reduce-down --input <(printf '1 2 3\0 4\n')
expect 2 "'\\\\xc3\\(\\\\xff': not an integer \\(binary data\\? use --binary\\)" -- run reduce-down --input <(printf '\xc3(\xff\n')
expect 2 "'1111111111111111111111111111111111111111\.\.\.': out of range" -- run reduce-down --input <(printf '1%.0s' $(seq 200); echo)

# ---- run: output files are complete or absent
expect 0 '' -- run reduce-down --output "$work/ok.txt"
[ -s "$work/ok.txt" ] || fail "--output ok.txt was not written"
expect 2 'takes 32 input values' -- run reduce-down --input "$work/three.txt" --output "$work/never.txt"
[ -e "$work/never.txt" ] && fail "a failed run left never.txt behind"
expect 3 'cannot create the file' -- run reduce-down --output "$work/no/such/dir/x.txt"
ls "$work" | grep -q tmp && fail "a temporary output file was left behind"

expect 2 '--gen: --type sym takes no input values' -- run reduce-down --type sym --gen rand:1

# ---- run: every trace format to a file; --json with a trace carries the steps
expect 0 '' -- run scan-incl --trace csv --output "$work/t.csv"
head -1 "$work/t.csv" | grep -q '^step,block,warp,lane,cuda,' || fail "t.csv has no CSV header"
[ "$(wc -l <"$work/t.csv")" -eq $((1 + 12 * 32)) ] || fail "t.csv: expected 1 + 12 steps x 32 lanes rows"
expect 0 '' -- run scan-incl --trace svg --output "$work/t.svg"
grep -q '</svg>' "$work/t.svg" || fail "t.svg is not a complete SVG document"
expect 0 '"steps": \[' -- run scan-incl --trace text --output "$work/t.txt" --json
grep -q '^step 12: ' "$work/t.txt" || fail "t.txt lacks step 12"
expect 0 '"schema": "warpsim-run/1"' -- run scan-incl --trace json
expect 0 'sm90 \(32 lanes\) wave64 \(64 lanes\)' -- list

# ---- outputs: links are followed, modes kept, devices written in place, directories refused
( umask 022; "$warpsim" run reduce-down --output "$work/mode.txt" ) || fail "--output mode.txt failed"
[ "$(stat -c %a "$work/mode.txt")" = 644 ] || fail "a new output file is not 0666 minus the umask"
echo old >"$work/target.txt"; chmod 640 "$work/target.txt"; ln -s target.txt "$work/link.txt"
expect 0 '' -- run reduce-down --output "$work/link.txt"
[ -L "$work/link.txt" ] || fail "--output replaced a symbolic link instead of writing its target"
grep -q '^reduce-down' "$work/target.txt" || fail "--output did not write through the link"
[ "$(stat -c %a "$work/target.txt")" = 640 ] || fail "--output changed the mode of the file it replaced"
expect 3 'is a directory' -- run reduce-down --output "$work"
if [ -c /dev/full ]; then
  expect 3 '--output /dev/full: writing failed' -- run reduce-down --output /dev/full
  [ -c /dev/full ] || fail "--output replaced /dev/full"
  # standard output on a full device: exit 3 and the reason (issue 20)
  cases=$((cases + 1))
  "$warpsim" run reduce-down >/dev/full 2>"$work/err"; got=$?
  [ "$got" -eq 3 ] && grep -q 'cannot write to standard output: No space left on device' "$work/err" ||
    fail "warpsim run > /dev/full: exit $got, stderr: $(head -c 200 "$work/err")"
fi

# ---- run: values from every source agree
expect 0 '"bits": "0x000001f0"' -- run reduce-down --json --input "$work/seq32.txt"
expect 0 '"bits": "0x000001f0"' -- run reduce-down --json --input - <"$work/seq32.txt"
expect 0 '"bits": "0x000001f0"' -- run reduce-down --json --bits --input <(for i in $(seq 0 31); do printf '0x%x\n' "$i"; done)
expect 0 'lane  0  496 ' -- run reduce-down
expect 0 'lane  1  lane\(1\)\+\.\.\.\+lane\(15\)\+2\*lane\(16\)' -- run reduce-down --type sym
expect 0 'lane 31  32\*lane\(31\)' -- run reduce-down --type sym

# ---- op
expect 2 'which operation' -- op
expect 2 "unknown operation 'shuffle'" -- op shuffle
expect 2 'needs --b \(the delta\)' -- op shfl-down
expect 2 '--b, --width and --c are for shuffles' -- op ballot --b 1
expect 2 '--values: 3 values for 32 lanes' -- op ballot --values 1,2,3
expect 2 "--values: '2x': not an integer" -- op ballot --values 1,2x,3
expect 2 'raw shfl.sync exists only on sm90' -- op shfl-xor --b 1 --c 0x1f --profile wave64
expect 2 '--c and --width' -- op shfl-xor --b 1 --c 0x1f --width 8
expect 2 'no __reduce_\*_sync for f32' -- op reduce-add --type f32
expect 2 '--active and --exited name the same lanes' -- op any --active 3 --exited 1
expect 1 'UNDEFINED|undefined' -- op shfl-down --b 1 --mask 0xffff --diag error
expect 2 '--active 0: no lane would execute the call' -- op shfl-xor --b 1 --active 0
expect 2 'every lane has exited' -- op shfl-xor --b 1 --exited 0xffffffff
expect 2 'names lanes that do not exist' -- op shfl-xor --b 1 --threads 4 --active 0xff
expect 2 'a vote takes an integer type' -- op any --type f32
expect 0 'lane 4' -- op shfl-down --b 4 --width 8
expect 0 'own \(out of range\)' -- op shfl-down --b 4 --width 8
expect 0 '0xaaaaaaaa' -- op ballot --values "$(seq -s, 0 31 | awk -F, '{for(i=1;i<=NF;i++) printf "%s%d", (i>1?",":""), $i%2}')"

# ---- device-reduce: the fast streaming path (untraced, numbers) prints what
# the model path prints: checked against --type i32 sums worked out here, and
# its input errors are the model path's
printf '\x01\x00\x00\x00\x02\x00\x00\x00\x03\x00\x00\x00' >"$work/three.bin"
expect 0 '^       0   6 +0x00000006' -- run device-reduce --binary --input "$work/three.bin"
expect 0 '"inputs": 3\}' -- run device-reduce --binary --input "$work/three.bin" --json
expect 0 '^       0   6 +0x00000006' -- run device-reduce --input "$work/three.txt" --grid 1 --block 1
expect 0 '^       0   499500 +0x00079f2c' -- run device-reduce --n 1000 --grid 3 --block 64
expect 2 '--n 4 but --input .*three.bin holds 3 values' -- run device-reduce --binary --input "$work/three.bin" --n 4
expect 2 'bytes at the end do not make a whole 4-byte i32 value' -- run device-reduce --binary --input "$work/odd.bin"
expect 2 "bad.txt:32: '12x': not an integer" -- run device-reduce --input "$work/bad.txt"
expect 2 'no values' -- run device-reduce --input /dev/null
expect 3 'cannot open' -- run device-reduce --input "$work/missing.bin" --binary
expect 1 'undefined behaviour \(policy error\)' -- run device-reduce --block 40 --diag error
# a partial warp: the model path's diagnostics, on stderr
"$warpsim" run device-reduce --block 40 --grid 2 --n 100 >"$work/out" 2>"$work/err"
cases=$((cases + 1))
# (the same report from blocks 0, 1 and kernel 2's block 2 is one line with a count)
[ "$(grep -c 'ABSENT_SOURCE (blocks 0-2, warp 1, 3 times)' "$work/err")" -eq 5 ] || fail "device-reduce --block 40: expected 5 diagnostics, 3 times each"

# ---- bench: arguments, and a tiny run (no timing is checked)
expect 0 'usage: warpsim bench' -- bench --help
expect 2 '--n: 2\^28 is out of range \(64\.\.2\^27\)' -- bench --n '2^28'
expect 2 '--n: 2\^82 is out of range \(1\.\.2\^40\)' -- run device-reduce --n '2^82'
expect 2 '--n: 1 is out of range \(64\.\.2\^27\)' -- bench --n 1
expect 2 '--isa avx9: not a build this CPU runs \(base, avx2' -- bench --isa avx9
expect 0 'fast warp loops: base build' -- bench --isa base --n 64 --repeat 1
expect 2 '--repeat: 0 is out of range' -- bench --repeat 0
expect 2 '--block: 1025 is out of range' -- bench --block 1025
expect 2 "bench: unexpected argument 'x'" -- bench x
expect 2 "unknown option '--trace'" -- bench --trace text
expect 0 'ratio \(1\)/\(2\)' -- bench --n 4096 --repeat 1
expect 0 '"schema": "warpsim-bench/1"' -- bench --n 4096 --repeat 2 --json --grid 2 --block 40

# ---- issue 10, first contact: limits up front, ranges that say what is valid, hints
expect 2 '--n 134217728: the trace would have more than 200000 steps; at most --n 2130720 can be traced with --grid 4 --block 128' -- run device-reduce --n '2^27' --trace text
# past 2^27 too, --trace names the n it can trace (was "at most 2^27 values with --trace")
expect 2 '--n 268435456: the trace would have more than 200000 steps; at most --n 2130720 can be traced' -- run device-reduce --n '2^28' --trace text
# the largest traceable n, checked against the model itself: it traces, one more is refused
expect 0 '' -- run device-reduce --n 66653 --grid 1 --block 1 --trace csv --output /dev/null --diag ignore
expect 2 'at most --n 66653 can be traced with --grid 1 --block 1' -- run device-reduce --n 66654 --grid 1 --block 1 --trace csv --diag ignore
expect 2 'more than 66653 values \(a trace holds at most 200000 steps' -- run device-reduce --grid 1 --block 1 --trace csv --binary --input /dev/zero
expect 2 '--n 8192: --type sym takes at most 4096 inputs' -- run device-reduce --type sym --n 8192
expect 2 '--n 268435456: --type sym takes at most 4096 inputs' -- run device-reduce --type sym --n '2^28'
expect 2 '--width 0: must be a power of two from 2 to 16' -- run segmented-reduce --width 0
expect 2 '--width 64: must be a power of two from 2 to 16' -- run segmented-reduce --width 64
expect 2 '--width 64: must be a power of two from 2 to 32' -- run segmented-reduce --width 64 --profile wave64
expect 2 '--lanes 0: must be 32 \(sm90 or wave32\) or 64 \(wave64\)' -- run reduce-down --lanes 0
expect 2 '--src -1: the source must be a lane of the warp, 0\.\.31 on sm90' -- run broadcast --src -1
expect 2 '--src 32: the source must be a lane of the warp, 0\.\.31 on sm90' -- run broadcast --src 32
expect 2 '--threads 33: must be 1\.\.32 on sm90' -- run reduce-down --threads 33
expect 2 'needs a seed: rand:SEED, like rand:42' -- run reduce-down --gen rand
expect 2 "'0xffffffff': out of range for i32 \(a bit pattern\? add --bits\)" -- run reduce-down --input <(echo 0xffffffff)
expect 2 'reduce-down does not run on type sym|does not run on .*\(it runs on ' -- run bitonic --type sym
expect 2 'does not run on the wave32 profile \(it runs on sm90 \(32 lanes\), wave64 \(64 lanes\)\)' -- run device-reduce --profile wave32
expect 0 'wave32' -- --help
# the SVG shows an exited lane as the text trace does: "-", not a grey 0
cases=$((cases + 1))
"$warpsim" run reduce-down --active 0xffff --trace svg --diag ignore 2>/dev/null |
  grep -o '<title>step 2, lane 20: [^<]*</title><rect [^>]*/><text [^>]*>[^<]*</text>' >"$work/svg_cell"
grep -q '<title>step 2, lane 20: exited</title>.*>-</text>$' "$work/svg_cell" || fail "SVG: exited lane 20 is not shown as -: $(cat "$work/svg_cell")"
cases=$((cases + 1))
"$warpsim" run reduce-down --active 0xffff >/dev/null 2>"$work/err"
[ "$(grep -c MASK_NAMES_EXITED "$work/err")" -eq 1 ] && grep -q 'MASK_NAMES_EXITED (block 0, warp 0, 5 times, steps 3-7)' "$work/err" ||
  fail "--active 0xffff: the five MASK_NAMES_EXITED reports are not one line with a count and the steps: $(cat "$work/err")"
# the steps are those --trace shows, traced or not; one report names its step
warns 'EXITED_SOURCE \(block 0, warp 0, step 7\): shfl\.down: lane 15 reads' -- run reduce-down --active 0xffff
warns 'MASK_NAMES_EXITED \(block 0, warp 0, 5 times, steps 3-7\)' -- run reduce-down --active 0xffff --trace text
warns 'ABSENT_SOURCE \(blocks 0-3, warp 1, 4 times, steps 20,54,85,116\): shfl\.down: lanes 0-7' -- run device-reduce --block 40 --grid 3 --n 100 --trace text
warns 'ABSENT_SOURCE \(block 0, warp 1, step 10\)' -- run block-reduce --block 40

# a long device-reduce shows a progress line with the time left, on a terminal only.
# The line is drawn from the first second on (sim/cli_util.c), so the run is made long
# by its input, not by its size: half the values, a pause, the rest (a fast machine
# reduces 2^27 values in less than a second). script gives standard error a terminal;
# its own standard input is /dev/null whatever ctest's is.
slow_input="{ seq 1000; sleep 1.5; seq 1000; }"
if command -v script >/dev/null; then
  cases=$((cases + 1))
  timeout 120 script -qc "$slow_input | '$warpsim' run device-reduce --type f32 --input - --n 2000 >/dev/null" /dev/null \
    </dev/null >"$work/tty" 2>&1
  grep -aq 'device-reduce: .*% (.* of 2e+03 values), about .* left' "$work/tty" ||
    fail "no progress line on a terminal: $(od -c "$work/tty" | head -5)"
fi
cases=$((cases + 1))
bash -c "$slow_input" | "$warpsim" run device-reduce --type f32 --input - --n 2000 >/dev/null 2>"$work/err"
[ -s "$work/err" ] && fail "a progress line was drawn although standard error is not a terminal: $(cat "$work/err")"

# ---- issue 10, hostile input: nothing lost, nothing read past what is used
# output lost on standard output is exit 3 for every command
if [ -c /dev/full ]; then
  for args in "list" "--help" "--version" "run --help" "run reduce-down --help" "op --help" "bench --help" "list --help"; do
    cases=$((cases + 1))
    # shellcheck disable=SC2086
    "$warpsim" $args >/dev/full 2>"$work/err"; got=$?
    [ "$got" -eq 3 ] && grep -q 'cannot write to standard output' "$work/err" || fail "warpsim $args >/dev/full: exit $got, expected 3"
  done
fi
# --output /dev/stdout and /proc/self/fd/N write to that descriptor, at its position
cases=$((cases + 1))
{ echo HEADER; "$warpsim" run reduce-down --output /dev/stdout; echo FOOTER; } >"$work/redir.txt" 2>"$work/err"
[ "$(head -1 "$work/redir.txt")" = HEADER ] && [ "$(tail -1 "$work/redir.txt")" = FOOTER ] &&
  grep -q '^reduce-down' "$work/redir.txt" || fail "--output /dev/stdout lost what the redirected file held"
cases=$((cases + 1))
{ echo HEADER; "$warpsim" run reduce-down --output /dev/stdout; } 2>"$work/err" | cat >"$work/piped.txt"
grep -q '^reduce-down' "$work/piped.txt" && ! [ -s "$work/err" ] || fail "--output /dev/stdout into a pipe failed: $(cat "$work/err")"
cases=$((cases + 1))
( exec 5>"$work/fd5.txt"; echo FIRST >&5; "$warpsim" run reduce-down --output /proc/self/fd/5 ) 2>"$work/err"
[ "$(head -1 "$work/fd5.txt")" = FIRST ] && grep -q '^reduce-down' "$work/fd5.txt" || fail "--output /proc/self/fd/5 replaced the file"
expect 3 '--output /dev/fd/9: no such open file descriptor' -- run reduce-down --output /dev/fd/9
# a replaced file keeps its owner and its hard links; a read-only one is refused
echo old >"$work/linked.txt"; ln "$work/linked.txt" "$work/linked2.txt"
expect 0 '' -- run reduce-down --output "$work/linked.txt"
cases=$((cases + 1))
[ "$(stat -c %i "$work/linked.txt")" = "$(stat -c %i "$work/linked2.txt")" ] && grep -q '^reduce-down' "$work/linked2.txt" ||
  fail "--output broke a hard link"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
  echo old >"$work/owned.txt"; chown nobody "$work/owned.txt"; chmod 604 "$work/owned.txt"
  expect 0 '' -- run reduce-down --output "$work/owned.txt"
  cases=$((cases + 1))
  [ "$(stat -c '%U %a' "$work/owned.txt")" = "nobody 604" ] || fail "--output changed the owner or mode: $(stat -c '%U %a' "$work/owned.txt")"
  shared=$(mktemp -d); chmod 1777 "$shared"; echo keep >"$shared/ro.txt"; chmod 444 "$shared/ro.txt"
  cases=$((cases + 1))
  setpriv --reuid=nobody --regid=nogroup --clear-groups "$warpsim" run reduce-down --output "$shared/ro.txt" 2>"$work/err"; got=$?
  [ "$got" -eq 3 ] && grep -q 'cannot write: Permission denied' "$work/err" && [ "$(cat "$shared/ro.txt")" = keep ] &&
    [ "$(stat -c %U "$shared/ro.txt")" = root ] || fail "a read-only --output was not refused (exit $got)"
  rm -rf "$shared"
  # OpenMP threads that cannot be created (ulimit -u 1 for an ordinary user): libgomp (gcc builds)
  # calls exit(1) itself; warpsim turns that into exit 3 with a message. LLVM's libomp (clang
  # builds) aborts the process (status 134): documented in docs/cli.md, nothing to catch.
  cases=$((cases + 1))
  ( ulimit -u 1; OMP_NUM_THREADS=4 ASAN_OPTIONS=detect_leaks=0 setpriv --reuid=nobody --regid=nogroup --clear-groups \
      "$warpsim" run device-reduce --n 2^22 --gen rand:1 >"$work/out" 2>"$work/err" ); got=$?
  if ldd "$warpsim" 2>/dev/null | grep -q libgomp; then
    [ "$got" -eq 3 ] && grep -q 'the OpenMP runtime ended the run' "$work/err" && ! [ -s "$work/out" ] ||
      fail "threads that cannot be created: exit $got, expected 3: $(cat "$work/err")"
  elif ldd "$warpsim" 2>/dev/null | grep -q libomp; then
    [ "$got" -eq 134 ] && grep -q 'OMP: Error' "$work/err" || fail "libomp without threads: exit $got, expected 134 (abort)"
  fi
elif [ "$(id -u)" != 0 ]; then
  echo keep >"$work/ro.txt"; chmod 444 "$work/ro.txt"
  expect 3 'cannot write: Permission denied' -- run reduce-down --output "$work/ro.txt"
  [ "$(cat "$work/ro.txt")" = keep ] || fail "a read-only --output was replaced"
fi
# a long name (246 bytes) works: the temporary file's name is short
long=$(printf 'n%.0s' $(seq 246))
expect 0 '' -- run reduce-down --output "$work/$long"
[ -s "$work/$long" ] || fail "--output with a 246-byte name was not written"
# SIGTERM while a large trace is written removes the temporary file
cases=$((cases + 1))
mkdir "$work/sig"
"$warpsim" run device-reduce --n 200000 --trace svg --output "$work/sig/big.svg" 2>/dev/null &
pid=$!
for _ in $(seq 600); do ls -A "$work/sig" | grep -q . && break; sleep 0.05; done
kill -TERM "$pid" 2>/dev/null; wait "$pid" 2>/dev/null
[ -z "$(ls -A "$work/sig")" ] || fail "SIGTERM left $(ls -A "$work/sig") behind"
ls -A "$work" | grep -q 'tmp\|warpsim-' && fail "a temporary output file was left behind: $(ls -A "$work" | grep 'tmp\|warpsim-')"
# input is read no further than it can be used (these never ended, or ran out of memory)
expect 2 'standard input: more than 32 values \(reduce-down takes 32 input values with these options\)' -- run reduce-down --input - < <(yes 1)
expect 2 'standard input: more than 32 values' -- run reduce-down --input - < <(yes 1 | tr '\n' ' ')
expect 2 '/dev/zero: more than 32 values' -- run reduce-down --input /dev/zero --binary
expect 2 '/dev/zero: more than 100 values \(--n 100\)' -- run device-reduce --input /dev/zero --binary --n 100
expect 2 '/dev/zero: more than 100 values \(--n 100\)' -- run device-reduce --input /dev/zero --binary --n 100 --type f64 --diag error
expect 2 'more than 32 values \(op takes one value per lane, 32 on sm90\)' -- op ballot --input - < <(yes 1)
expect 2 "a value longer than 4096 characters" -- run reduce-down --input - < <(head -c 100000 /dev/zero | tr '\0' 1)
# a read error is an error (exit 3), never the end of the input
expect 3 'read error: Is a directory' -- run reduce-down --input "$work/sig"
# strict numbers: nothing before the sign or the digits; NaN forms as documented
expect 2 "--values: '-1': negative, out of range for u64" -- op ballot --type u64 --values "$(printf '\v-1'),$(seq -s, 1 31)"
expect 2 "--values: '-1': not a 64-bit pattern" -- op ballot --type u64 --bits --values "$(printf '\f-1'),$(seq -s, 1 31)"
expect 2 "--mask: expected a lane mask like 0xffff, got '\\\\x0a-1'" -- op ballot --mask "$(printf '\n-1')"
expect 2 "--mask: expected a lane mask like 0xffff, got '\\\\x0b1'" -- op ballot --mask "$(printf '\v1')"
expect 2 'the seed must be a non-negative integer' -- run reduce-down --gen 'rand: -1'
expect 2 'the seed must be a non-negative integer' -- run reduce-down --gen "rand:$(printf '\f')1"
expect 2 "--threads: expected an integer, got '\\\\x0b5'" -- run reduce-down --threads "$(printf '\v5')"
expect 2 "--n: expected a count, got '\\\\x0c5'" -- run device-reduce --n "$(printf '\f5')"
expect 2 "'nan\(-1\)': bad NaN" -- run reduce-down --type f64 --input <(echo 'nan(-1)')
expect 2 "'NAN\(0x7ff0000000000001\)': write nan\(\.\.\.\) in lower case" -- run reduce-down --type f64 --input <(echo 'NAN(0x7ff0000000000001)')
expect 2 "no sign before nan" -- run reduce-down --type f64 --input <(echo '-NAN(0x7ff0000000000001)')
expect 0 '"in": \{"bits": "0x7ff0000000000001"' -- op shfl-idx --b 0 --type f64 --json --input <(for i in $(seq 32); do echo 'nan(0x7ff0000000000001)'; done)
# nan(...) forms are checked by the one number parser (wk_parse), so --values gets the same answers as --input
expect 2 "--values: 'NAN\(0x7fc00001\)': write nan\(\.\.\.\) in lower case" -- op shfl-idx --b 0 --type f32 --values "NAN(0x7fc00001),$(seq -s, 1 31)"
expect 2 "--values: '-nan\(0x7fc00001\)': no sign before nan" -- op shfl-idx --b 0 --type f32 --values "-nan(0x7fc00001),$(seq -s, 1 31)"
expect 2 "--values: 'nan\(-1\)': bad NaN" -- op shfl-idx --b 0 --type f64 --values "nan(-1),$(seq -s, 1 31)"
expect 2 "--values: 'nan\(0x7f800000\)': the bits in nan\(\.\.\.\) are not a NaN" -- op shfl-idx --b 0 --type f32 --values "nan(0x7f800000),$(seq -s, 1 31)"
expect 0 '"in": \{"bits": "0x7fc00001"' -- op shfl-idx --b 0 --type f32 --json --values "nan(0X$(head -c 50 /dev/zero | tr '\0' 0)7fc00001),$(seq -s, 1 31)"
# bad values: one line, at most 40 characters of them, escaped
cases=$((cases + 1))
"$warpsim" run reduce-down --type "$(head -c 100000 /dev/zero | tr '\0' x)" 2>"$work/err"
[ "$(wc -c <"$work/err")" -lt 200 ] || fail "a 100 KB --type value was echoed in full"
expect 2 "unknown type 'a\\\\x0ab\\\\x1b\[31m'" -- run reduce-down --type "$(printf 'a\nb\033[31m')"
expect 2 "unknown program 'x\\\\x1b\]0;t\\\\x07'" -- run "$(printf 'x\033]0;t\a')"

expect 2 "bench: unexpected argument 'x\\\\x1b\\[1m'" -- bench "$(printf 'x\033[1m')"
# file names in messages: escaped (never raw bytes), shown whole up to 1024 characters (fuzz_run found
# the raw --input name)
expect 3 "--input /.*/in\\\\x02\\\\x1b\\[31mx\\.txt: cannot open" -- run reduce-down --input "$work/$(printf 'in\002\033[31mx.txt')"
expect 3 "--input /.*/in\\\\x0ax: cannot open" -- run device-reduce --binary --input "$work/$(printf 'in\nx')"
expect 3 "--input /.*/in\\\\x07x: cannot open" -- op shfl-down --b 1 --input "$work/$(printf 'in\ax')"
printf '1 2 3\n' >"$work/e$(printf '\033[1m')x"
expect 2 "--input .*e\\\\x1b\\[1mx holds 3 values" -- run device-reduce --n 4 --input "$work/e$(printf '\033[1m')x"
expect 2 "--input .*e\\\\x1b\\[1mx holds 3 values" -- run device-reduce --n 4 --trace text --input "$work/e$(printf '\033[1m')x"
cases=$((cases + 1))
"$warpsim" run reduce-down --input "$(head -c 5000 /dev/zero | tr '\0' y)" 2>"$work/err"
grep -Eq "^warpsim: --input y{1024}\.\.\.: cannot open" "$work/err" || fail "a 5000-character --input name was not cut at 1024"
expect 2 "--active 0{40}\.\.\. names lanes that do not exist" -- op ballot --threads 4 --active "$(head -c 300 /dev/zero | tr '\0' 0)17"

# range errors state the values that are valid, whatever was given (issue 10, item 5)
expect 2 '--threads 0: must be 1\.\.32 on sm90 \(32 lanes\)' -- op ballot --threads 0
expect 2 '--threads 33: must be 1\.\.32 on sm90' -- op ballot --threads 33
expect 2 '--threads 65: must be 1\.\.64 on wave64' -- op ballot --threads 65 --profile wave64
expect 2 '--threads -99999999999999999999: must be 1\.\.32 on sm90' -- op ballot --threads -99999999999999999999
expect 2 '--src 99999999999999999999: the source must be a lane of the warp, 0\.\.31 on sm90' -- run broadcast --src 99999999999999999999
expect 2 '--src -1: the source must be a lane of the warp, 0\.\.63 on wave64' -- run broadcast --src -1 --profile wave64
expect 2 '--width 0x99999999999999999999: must be a power of two from 2 to 16' -- run segmented-reduce --width 0x99999999999999999999
expect 2 '--lanes 99999999999999999999: must be 32 \(sm90 or wave32\) or 64 \(wave64\)' -- run reduce-down --lanes 99999999999999999999
expect 2 '--lanes 0: must be 32 \(sm90 or wave32\) or 64 \(wave64\)' -- op ballot --lanes 0
warns 'BAD_WIDTH: shfl\.down: width 128 is not a valid width \(a power of two from 1 to 64, the lane count\)' -- op shfl-down --b 1 --width 128 --profile wave64
warns 'width 0 is not a valid width \(a power of two from 1 to 32' -- op shfl-down --b 1 --width 0
# grammar: one lane is "lane N", several "lanes N-M"
warns 'CALLER_NOT_IN_MASK: vote\.ballot: lane 0 is not in the mask it passed \(0x2\); it still takes part' -- op ballot --mask 0x2 --active 0x1
warns 'vote\.ballot: lanes 2-3 are not in the mask they passed \(0x3\); they still take part' -- op ballot --mask 0x3 --active 0xc
warns 'MASK_NAMES_EXITED: vote\.ballot: lane 0 passed mask 0x3, which names exited lane 1; it is not waited for' -- op ballot --mask 0x3 --exited 0x2 --active 0x1
warns 'MASK_NAMES_EXITED: vote\.ballot: lanes 0-1 passed mask 0xf, which names exited lanes 2-3; they are not waited for' -- op ballot --mask 0xf --exited 0xc --active 0x3
warns 'MASK_NOT_EXEC: vote\.ballot: lane 0 passed mask 0x3, but the active lane is 0 \(0x1\)' -- op ballot --mask 0x3 --profile wave64 --active 0x1
warns 'LANE_ARG_RANGE: shfl\.down: lane argument 40 \(lane 0\) is outside 0\.\.31' -- op shfl-down --b 40 --active 0x1

# seed-xor-sort names the first lane out of order (issue 10, item 7), whichever path ran it
expect 0 "^NOT SORTED: lane 2 is the first lane out of order: it holds -988, less than lane 1's -921\$" -- run seed-xor-sort
expect 0 "^NOT SORTED: lane 2 is the first lane out of order: it holds -988, less than lane 1's -921\$" -- run seed-xor-sort --trace text
expect 0 "^NOT SORTED: lane 4 is the first lane out of order: it holds 185, less than lane 3's 286\$" -- run seed-xor-sort --type u64 --gen rand:3
expect 0 "^NOT SORTED: lane 4 is the first lane out of order: it holds -0\.8371706919930784, less than lane 3's -0\.19171566189954858\$" -- run seed-xor-sort --type f64
expect 0 '^sorted: this input is one the 5 stages happen to sort' -- run seed-xor-sort --type f32 --input <(seq 0 15; seq 31 -1 16)

# The streamed generator (device-reduce untraced: sim/input.c fill_values,
# vectorised) and the per-value one (a traced run on the model: generated)
# give the same values: the same sum and partials, for every type and kind.
for type in i32 u32 f32 i64 u64 f64; do
  for gen in seq rand:7 bits:9; do
    cases=$((cases + 1))
    "$warpsim" run device-reduce --n 3001 --gen "$gen" --type "$type" --diag ignore 2>/dev/null | sed -n '/^sum:/,$p' >"$work/streamed"
    "$warpsim" run device-reduce --n 3001 --gen "$gen" --type "$type" --diag ignore --trace text 2>/dev/null | sed -n '/^sum:/,$p' >"$work/model"
    if [ ! -s "$work/streamed" ] || ! cmp -s "$work/streamed" "$work/model"; then
      fail "--gen $gen --type $type: the streamed values differ from the model path's"
      diff "$work/streamed" "$work/model" | head -5
    fi
  done
done

# ---- golden outputs, checked by hand (see GOLDEN_DIR/README.md)
golden reduce_down_i32.txt run reduce-down --trace text
golden reduce_down_sym.txt run reduce-down --type sym
golden shfl_down_w8.json op shfl-down --b 4 --width 8 --json
golden shfl_down_exited.txt op shfl-down --b 2 --exited 0xffff0000 --mask 0xffff
golden segmented_w4_sym.txt run segmented-reduce --width 4 --type sym --trace text
golden broadcast_src5.json run broadcast --src 5 --trace json

echo "$cases cases, $failures failures"
[ "$failures" -eq 0 ]
