#!/usr/bin/env bash
# warpsim run --cost (issue 14: the cycle estimate, programs/runtime/cost.h) from the
# command line: the text table (a golden output checked by hand), the text
# trace's cost lines and rows, the JSON's "cost", the step viewer's data, and
# the refusals (exit 2, one line, nothing on stdout). The numbers are worked
# out by hand from docs/probes/latency_probe.h200.txt: shfl 26, add f32 4 /
# i32 5, redux 44, st.shared 5, ld.shared 23, __syncthreads() at 128 threads 20.
#   cost_cli_test.sh WARPSIM GOLDEN_DIR
set -u
warpsim=$1
golden=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# has REGEX ARGS...: exit 0 and stdout matches REGEX (grep -E, one line).
has() {
    local regex=$1
    shift
    "$warpsim" "$@" >"$work/out" 2>"$work/err" || { fail "warpsim $*: exit $?: $(head -3 "$work/err")"; return; }
    grep -Eq -- "$regex" "$work/out" || fail "warpsim $*: stdout does not match /$regex/"
}
# refused REGEX ARGS...: exit 2, one line on stderr matching REGEX, nothing on stdout.
refused() {
    local regex=$1
    shift
    "$warpsim" "$@" >"$work/out" 2>"$work/err"
    local rc=$?
    [ $rc -eq 2 ] || { fail "warpsim $*: exit $rc, expected 2"; return; }
    grep -Eq -- "$regex" "$work/err" || fail "warpsim $*: stderr $(cat "$work/err") does not match /$regex/"
    [ "$(wc -l <"$work/err")" -eq 1 ] || fail "warpsim $*: $(wc -l <"$work/err") lines on stderr"
    [ -s "$work/out" ] && fail "warpsim $*: printed on stdout although it failed"
}

# ---- the text table: golden, and the critical paths by hand
"$warpsim" run reduce-down --type f32 --cost >"$work/golden.out" 2>"$work/err" || fail "reduce-down --cost: exit $?"
diff -u "$golden/reduce_down_f32_cost.txt" "$work/golden.out" >"$work/diff" || { fail "golden reduce_down_f32_cost.txt differs:"; head -30 "$work/diff"; }
[ -s "$work/err" ] && fail "reduce-down --cost wrote to stderr: $(head -3 "$work/err")"
has '^critical path: 155 cycles' run reduce-down --cost                 # 5 x (26 + 5)
has '^critical path: 170 cycles' run reduce-down --cost --type f64      # 5 x (26 + 8)
has '^critical path: 155 cycles' run reduce-xor --cost
has '^critical path: 44 cycles' run reduce-redux --cost --op max
has '^critical path: 348 cycles, ending in block 0, warp 0' run block-reduce --cost --type f32   # 150 + 5 + 20 + 23 + 150
has '^  block 0, warp 3: 175 cycles' run block-reduce --cost --type f32
has 'not a timing simulator: no issue, no contention, no memory system' run reduce-down --cost
has '^    6      31       155 \* v \+= __shfl_down_sync\(0xffffffff, v, 1\);$' run reduce-down --cost
# without --cost nothing of it
"$warpsim" run reduce-down >"$work/plain" && grep -q 'critical path\|cycle' "$work/plain" && fail "a run without --cost shows cycles"

# ---- the text trace: a cost line per step, two rows under the grid, the summary
has '^    cost: 30 cycles \(shfl\.sync\.down 26, add\.f32 4\); done at 60; on the critical path$' \
    run reduce-down --type f32 --cost --trace text
has '^ cost        0       30       30       30       30       30$' run reduce-down --type f32 --cost --trace text
has '^ done       0\*      30\*      60\*      90\*     120\*     150\*$' run reduce-down --type f32 --cost --trace text
has '^critical path: 150 cycles' run reduce-down --type f32 --cost --trace text
has '^  lane  0  496 ' run reduce-down --type f32 --cost --trace text     # the results still follow
"$warpsim" run reduce-down --trace text >"$work/plain" && grep -q '^    cost:\|^ cost ' "$work/plain" && fail "--trace text without --cost shows costs"

# ---- JSON: "cost" with the steps' cycles and the total (and with --trace json, beside "steps")
if command -v python3 >/dev/null; then
    "$warpsim" run reduce-down --type f32 --cost --json >"$work/j.json" || fail "--cost --json: exit $?"
    python3 - "$work/j.json" <<'EOF' || fail "--cost --json: the JSON's cost is not as worked out by hand"
import json, sys
d = json.load(open(sys.argv[1]))
c = d["cost"]
assert c["profile"] == "sm90" and c["unit"] == "cycles" and c["critical_path"] == 150, c
assert "not a timing simulator" in c["estimate"] and c["source"] == "docs/probes/latency_probe.h200.txt"
assert c["warps"] == [{"block": 0, "warp": 0, "critical_path": 150}], c["warps"]
assert [s["cycles"] for s in c["steps"]] == [0, 30, 30, 30, 30, 30]
assert [s["done"] for s in c["steps"]] == [0, 30, 60, 90, 120, 150]
assert all(s["critical"] for s in c["steps"])
assert c["steps"][1]["ops"] == [{"op": "shfl.sync.down", "cycles": 26}, {"op": "add.f32", "cycles": 4}]
assert c["steps"][0]["ops"] == [{"op": "ld.global", "cycles": 0}]
assert "steps" not in d  # no trace asked for
EOF
    "$warpsim" run block-reduce --cost --trace json >"$work/t.json" || fail "--cost --trace json: exit $?"
    python3 - "$work/t.json" <<'EOF' || fail "--cost --trace json: steps and cost do not agree"
import json, sys
d = json.load(open(sys.argv[1]))
assert len(d["steps"]) == len(d["cost"]["steps"])
assert [s["step"] for s in d["cost"]["steps"]] == [s["step"] for s in d["steps"]]
bars = [c for s, c in zip(d["steps"], d["cost"]["steps"]) if s["cuda"] == "__syncthreads();"]
assert len(bars) == 4 and all(b["cycles"] == 20 and b["ops"] == [{"op": "bar.sync", "cycles": 20}] for b in bars)
assert d["cost"]["critical_path"] == 358 and len(d["cost"]["warps"]) == 4
EOF
    "$warpsim" run reduce-down --json >"$work/plain.json" && python3 -c 'import json,sys; assert "cost" not in json.load(open(sys.argv[1]))' "$work/plain.json" ||
        fail "--json without --cost has a cost"
else
    has '"critical_path": 150' run reduce-down --type f32 --cost --json
fi

# ---- the step viewer: the estimate in its data
"$warpsim" run reduce-down --type f32 --cost --trace html --output "$work/c.html" || fail "--cost --trace html: exit $?"
grep -q '"cost": {"estimate": "an estimate of latency along the dependency chain' "$work/c.html" || fail "the page has no cost"
grep -q '"critical_path": 150' "$work/c.html" || fail "the page's critical path is not 150"
"$warpsim" run reduce-down --trace html --output "$work/p.html" && grep -q '"cost": {' "$work/p.html" && fail "a page without --cost has a cost"

# ---- refusals
refused '^warpsim: --cost: the cycle estimate is for the sm90 profile only .*not wave64$' run reduce-down --cost --profile wave64
refused '^warpsim: --cost: the cycle estimate is for the sm90 profile only .*not wave64$' run reduce-down --cost --lanes 64
refused 'not wave32$' run reduce-down --cost --profile wave32
refused '^warpsim: --cost: --type sym has no instructions to time' run reduce-down --cost --type sym
refused '^warpsim: --cost with --trace csv: the estimate is shown by --trace text, json and html' run reduce-down --cost --trace csv
refused '^warpsim: --cost with --trace svg' run reduce-down --cost --trace svg --output "$work/x.svg"
[ -e "$work/x.svg" ] && fail "a refused --cost run left a file"
refused "reduce-down takes no --block option" run reduce-down --cost --block 64
has 'usage: warpsim run PROGRAM' run --help
grep -q -- '--cost' "$work/out" || fail "warpsim run --help does not list --cost"

[ $fails -eq 0 ] && echo "cost_cli: every check passed"
exit $((fails > 0))
