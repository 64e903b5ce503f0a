#!/usr/bin/env bash
# WARPSIM_TRACE (issue 25): tests/cc/trace/kernels.cu built with warpsim cc,
# run with each format and selection; the JSON checked lane by lane against
# values worked out in trace_check.py from the kernels' arithmetic (not from
# warpsim), the other formats against the same steps; the same bytes for any
# OMP_NUM_THREADS; the program's output unchanged; bad variables, an
# unwritable file and an over-long trace refused with one line.
#   usage: trace_test.sh WARPSIM
set -u
warpsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")/trace" && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fails=0
fail() { echo "FAIL $*"; fails=$((fails + 1)); }
command -v python3 >/dev/null || { echo "FAIL: python3 is needed to read the JSON traces"; exit 1; }
(cd "$here" && "$warpsim" cc kernels.cu -o "$dir/k") > "$dir/build" 2>&1 || { cat "$dir/build"; echo "FAIL: warpsim cc"; exit 1; }
run() { (cd "$here" && env "$@" "$dir/k") 2> "$dir/err"; }

run OMP_NUM_THREADS=2 > "$dir/plain.out" || fail "the program without a trace: exit $?"
for f in text json csv html; do
  for t in 1 2 3; do
    run OMP_NUM_THREADS=$t WARPSIM_TRACE_WARPS='*' WARPSIM_TRACE=$f:"$dir/all.$t.$f" > "$dir/out.$f.$t" ||
      fail "$f, $t threads: exit $?"
    cmp -s "$dir/plain.out" "$dir/out.$f.$t" || fail "$f, $t threads: the program's output changed"
  done
  cmp -s "$dir/all.1.$f" "$dir/all.2.$f" && cmp -s "$dir/all.1.$f" "$dir/all.3.$f" ||
    fail "$f: other bytes with another OMP_NUM_THREADS"
done
python3 "$here/trace_check.py" all "$dir/all.1.json" || fail "every warp: the JSON is not as worked out"
# The default: warp 0 of block 0 of every launch; selections of warps and of a kernel.
run WARPSIM_TRACE=json:"$dir/default.json" > /dev/null || fail "default selection: exit $?"
python3 "$here/trace_check.py" default "$dir/default.json" || fail "default selection"
run WARPSIM_TRACE=json:"$dir/pick.json" WARPSIM_TRACE_WARPS=1.1,0.0 WARPSIM_TRACE_KERNEL=butterfly > /dev/null ||
  fail "1.1,0.0 of butterfly: exit $?"
python3 "$here/trace_check.py" pick "$dir/pick.json" || fail "WARPSIM_TRACE_WARPS=1.1,0.0 WARPSIM_TRACE_KERNEL=butterfly"
# The text names file:line and shows passed -> received; the CSV has a row per lane per step.
grep -q "kernels.cu:33: __shfl_down_sync mask 0x00ff0000, delta 1, width 32" "$dir/all.1.text" ||
  fail "text: no file:line for the divergent shuffle"
grep -qE " 230 -> 0 !24" "$dir/all.1.text" || fail "text: lane 23's read of exited lane 24 (230 -> 0 !24) not shown"
steps=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["steps"]))' "$dir/all.1.json")
rows=$(($(wc -l < "$dir/all.1.csv") - 1))
[ "$rows" -eq $((steps * 32)) ] || fail "csv: $rows rows for $steps steps of 32 lanes"
grep -q 'kernels.cu' "$dir/all.1.html" || fail "html: the page does not name the user's file"

# WARPSIM_TRACE_COST=1: warpsim run --cost's estimate; the butterfly's five shuffles are one chain
# of 26-cycle SHFLs (docs/probes/latency_probe.md): done at 26, 52, ... 130, all on the critical path.
run WARPSIM_TRACE=json:"$dir/cost.json" WARPSIM_TRACE_KERNEL=butterfly WARPSIM_TRACE_COST=1 > /dev/null ||
  fail "WARPSIM_TRACE_COST=1: exit $?"
python3 - "$dir/cost.json" <<'PY' || fail "WARPSIM_TRACE_COST=1: not the hand-worked chain"
import json, sys
c = json.load(open(sys.argv[1]))["cost"]
assert c["critical_path"] == 130 and (c["block"], c["warp"]) == (0, 0), c
assert [(s["cycles"], s["done"], s["critical"]) for s in c["steps"]] == [(26, 26 * k, True) for k in range(1, 6)], c["steps"]
PY
run WARPSIM_TRACE=json:"$dir/nocost.json" WARPSIM_TRACE_KERNEL=butterfly > /dev/null
python3 -c 'import json,sys; assert "cost" not in json.load(open(sys.argv[1]))' "$dir/nocost.json" ||
  fail "a trace without WARPSIM_TRACE_COST has a cost"

# Cooperative Groups' collectives are steps at the user's own lines, not the headers'.
(cd "$here" && "$warpsim" cc cg_tile.cu -o "$dir/cg") > "$dir/build" 2>&1 || fail "warpsim cc cg_tile.cu"
(cd "$here" && WARPSIM_TRACE=text:"$dir/cg.txt" "$dir/cg") > /dev/null || fail "cg_tile: exit $?"
for want in "cg_tile.cu:11: __shfl_down_sync mask 0xffffffff, delta 1, width 32" "cg_tile.cu:12: __reduce_add_sync" \
            "cg_tile.cu:13: __syncwarp"; do
  grep -qF "$want" "$dir/cg.txt" || fail "cg_tile: no step '$want'"
done
[ "$(grep -c '^step ' "$dir/cg.txt")" -eq 3 ] || fail "cg_tile: not 3 steps"

# Typed as the call was: lane 1 passes threadIdx.x * 0.5f = 0.5f (0x3f000000) and receives lane 2's
# 1.0f (0x3f800000); 0.25 and lane 2's 0.5 as doubles; 2^40 + 1 and lane 5's 2^40 + 5 as u64.
(cd "$here" && "$warpsim" cc types.cu -o "$dir/types") > "$dir/build" 2>&1 || fail "warpsim cc types.cu"
(cd "$here" && WARPSIM_TRACE=json:"$dir/types.json" "$dir/types") > /dev/null || fail "types: exit $?"
python3 - "$dir/types.json" <<'PY' || fail "types: not the hand-worked bits"
import json, sys
steps = json.load(open(sys.argv[1]))["steps"]
got = [(s["type"], s["in"][1]["bits"], s["lanes"][1]["bits"], s["lanes"][1]["source"]) for s in steps]
assert got == [("f32", "0x3f000000", "0x3f800000", 2), ("f64", "0x3fd0000000000000", "0x3fe0000000000000", 2),
               ("u64", "0x0000010000000001", "0x0000010000000005", 5)], got
PY

# The other sync points (calls.cu), worked out from the kernel: one shuffle called from two lines
# (a step when it completes, with all 32 lanes), ballot, all, match_any, __syncthreads_count,
# __syncwarp in one branch, and a shuffle that completes when the lanes it waits for return.
(cd "$here" && "$warpsim" cc calls.cu -o "$dir/calls") > "$dir/build" 2>&1 || fail "warpsim cc calls.cu"
(cd "$here" && WARPSIM_TRACE=json:"$dir/calls.json" "$dir/calls") > /dev/null 2>&1 || fail "calls: exit $?"
python3 - "$dir/calls.json" "$here/calls.cu" <<'PY' || fail "calls: not the hand-worked steps"
import json, sys
t = json.load(open(sys.argv[1]))
src = open(sys.argv[2]).read().split("\n")
line = lambda text: [i + 1 for i, l in enumerate(src) if text in l]
L = range(32)
want = [  # line, executed, exited, in_type, type, passed(lane), received(lane), read(lane)
    (line("__shfl_xor_sync")[0], 0xFFFFFFFF, 0, "i32", "i32", lambda l: l, lambda l: l ^ 16, lambda l: ("lane", l ^ 16)),
    (line("__ballot_sync")[0], 0xFFFFFFFF, 0, "i32", "u32", lambda l: l & 1, lambda l: 0xAAAAAAAA, None),
    (line("__all_sync")[0], 0xFFFFFFFF, 0, "i32", "i32", lambda l: 1, lambda l: 1, None),
    (line("__match_any_sync")[0], 0xFFFFFFFF, 0, "i32", "u32", lambda l: l // 8, lambda l: 0xFF << 8 * (l // 8), None),
    (line("__syncthreads_count")[0], 0xFFFFFFFF, 0, "i32", "i32", lambda l: int(l < 5), lambda l: 5, None),
    (line("__syncwarp(")[0], 0xFFFF0000, 0, None, None, None, None, None),
    (line("__shfl_down_sync")[0], 0x0000FFFF, 0xFFFF0000, "i32", "i32", lambda l: l + 16,
     lambda l: l + 17 if l < 15 else 0, lambda l: ("lane", l + 1) if l < 15 else ("inactive", 16)),
]
steps = t["steps"]
assert len(steps) == len(want), f"{len(steps)} steps"
for s, (ln, ex, gone, it, ty, passed, got, read) in zip(steps, want):
    where = f"step {s['step']}"
    assert (s["source_line"], int(s["executed"], 16), int(s["exited"], 16)) == (ln, ex, gone), (where, s["source_line"], s["executed"], s["exited"])
    assert s.get("in_type") == it and s.get("type") == ty, (where, s.get("in_type"), s.get("type"))
    lanes = [l for l in L if ex >> l & 1]
    if passed:
        assert {e["lane"]: e["value"] for e in s["in"]} == {l: str(passed(l)) for l in lanes}, (where, s["in"])
        assert [s["lanes"][l]["value"] for l in lanes] == [str(got(l)) for l in lanes], where
        assert all("value" not in s["lanes"][l] for l in L if l not in lanes), where
    if read:
        assert [(s["lanes"][l]["read"], s["lanes"][l]["source"]) for l in lanes] == [read(l) for l in lanes], where
assert "(lanes differ)" in steps[0]["model"], steps[0]["model"]
assert [(d["code"], d["lanes"]) for d in t["diagnostics"]] == [("EXITED_SOURCE", "0x00008000")], t["diagnostics"]
PY

# Refusals: one line naming the variable, exit 2; no file left behind.
expect_refusal() { # WANT ENV...
  local want=$1; shift
  run "$@" > /dev/null; local rc=$?
  [ $rc -eq 2 ] || fail "$*: exit $rc, not 2"
  grep -qF -- "$want" "$dir/err" || { fail "$*: stderr lacks '$want'"; cat "$dir/err"; }
}
expect_refusal "WARPSIM_TRACE=xml:$dir/x: expected FORMAT:FILE with FORMAT text, json, csv or html" WARPSIM_TRACE=xml:"$dir/x"
expect_refusal "WARPSIM_TRACE=json:: no file after the format" WARPSIM_TRACE=json:
expect_refusal "WARPSIM_TRACE_WARPS=0.32: a warp is 0 to 31" WARPSIM_TRACE=json:"$dir/x" WARPSIM_TRACE_WARPS=0.32
expect_refusal "WARPSIM_TRACE_WARPS=a: expected B.W" WARPSIM_TRACE=json:"$dir/x" WARPSIM_TRACE_WARPS=a
expect_refusal "WARPSIM_TRACE_WARPS=0.0,: an empty entry" WARPSIM_TRACE=json:"$dir/x" WARPSIM_TRACE_WARPS=0.0,
expect_refusal "WARPSIM_TRACE_COST=yes: expected 1 (the cycle estimate) or 0" WARPSIM_TRACE=json:"$dir/x" WARPSIM_TRACE_COST=yes
expect_refusal "cannot create a file beside $dir/no/such/t.json; no trace written" WARPSIM_TRACE=json:"$dir/no/such/t.json"
[ ! -e "$dir/x" ] || fail "a refused trace left $dir/x"
# A file that exists is replaced only by a whole trace; a refused one leaves it as it was.
echo keep > "$dir/keep.json"
(cd "$here" && "$warpsim" cc -DMANY_STEPS kernels.cu -o "$dir/many") > "$dir/build" 2>&1 || fail "warpsim cc -DMANY_STEPS"
(cd "$here" && WARPSIM_TRACE=json:"$dir/keep.json" WARPSIM_TRACE_WARPS='*' "$dir/many") > "$dir/many.out" 2> "$dir/err"
rc=$?
[ $rc -eq 2 ] || fail "over 200000 steps: exit $rc, not 2"
grep -qF "more than 200000 steps (a trace holds at most 200000, as warpsim run --trace)" "$dir/err" ||
  { fail "over 200000 steps: no refusal"; cat "$dir/err"; }
[ "$(cat "$dir/keep.json")" = keep ] || fail "a refused trace clobbered the file"
grep -q "^many: " "$dir/many.out" || fail "a refused trace lost the program's output"
ls "$dir" | grep -q 'keep.json.' && fail "a temporary file was left beside the trace"

[ $fails -eq 0 ] && echo "every check passed"
[ $fails -eq 0 ]
