#!/usr/bin/env python3
"""Checks a WARPSIM_TRACE JSON of kernels.cu against values worked out here
from the kernels' own arithmetic (no warpsim code): every step's kernel,
block, warp, file line, lanes, and each lane's value passed, value received
and the lane it read.   usage: trace_check.py all|default|pick TRACE.json"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = open(os.path.join(HERE, "kernels.cu"), encoding="utf-8").read().split("\n")
FULL = 0xFFFFFFFF


def line_of(text):
    """The one line of kernels.cu holding text, counted from 1."""
    hits = [i + 1 for i, l in enumerate(SOURCE) if text in l]
    assert len(hits) == 1, (text, hits)
    return hits[0]


def step(kernel, block, warp, line, executed, exited, lanes_in, lanes_out, reads, typ="i32", diag=None):
    return dict(kernel=kernel, block=block, warp=warp, line=line, executed=executed, exited=exited,
                lanes_in=lanes_in, lanes_out=lanes_out, reads=reads, type=typ, diag=diag)


def butterfly(block, warp):
    """v = in[i] (in[i] = i); v += __shfl_xor_sync(FULL, v, m) for m = 16, 8, 4, 2, 1."""
    v = [block * 64 + warp * 32 + lane for lane in range(32)]
    out = []
    for m in (16, 8, 4, 2, 1):
        got = [v[lane ^ m] for lane in range(32)]
        out.append(step("butterfly", block, warp, line_of("__shfl_xor_sync(0xffffffff, v, mask)"), FULL, 0,
                        list(v), got, [("lane", lane ^ m) for lane in range(32)]))
        v = [v[lane] + got[lane] for lane in range(32)]
    return out


def scan():
    """Its input is butterfly's output: warp 0 of block 0's sum, 0 + ... + 31, in every lane."""
    v = [sum(range(32))] * 32
    out = []
    d = 1
    while d < 32:
        got = [v[lane - d] if lane >= d else v[lane] for lane in range(32)]  # out of range: own value
        out.append(step("scan", 0, 0, line_of("__shfl_up_sync(0xffffffff, v, d)"), FULL, 0, list(v), got,
                        [("lane", lane - d) if lane >= d else ("own", lane) for lane in range(32)]))  # own: the lane itself
        v = [v[lane] + (got[lane] if lane >= d else 0) for lane in range(32)]
        d *= 2
    return out


def diverge():
    """Lanes 24-31 return; 0-15 read lane 3; 16-23 read the next lane (23 reads exited 24: 0)."""
    v = [lane * 10 for lane in range(32)]
    exited = 0xFF000000
    low, high = 0x0000FFFF, 0x00FF0000
    s1 = step("diverge", 0, 0, line_of("__shfl_sync(0x0000ffff, v, 3)"), low, exited,
              {l: v[l] for l in range(16)}, {l: 30 for l in range(16)}, {l: ("lane", 3) for l in range(16)})
    got = {l: (v[l + 1] if l < 23 else 0) for l in range(16, 24)}
    s2 = step("diverge", 0, 0, line_of("__shfl_down_sync(0x00ff0000, v, 1)"), high, exited,
              {l: v[l] for l in range(16, 24)}, got,
              {l: ("lane", l + 1) if l < 23 else ("inactive", 24) for l in range(16, 24)},
              diag=("EXITED_SOURCE", 1 << 23))
    s3 = step("diverge", 0, 0, line_of("__activemask()"), 0x00FFFFFF, exited, None,
              {l: 0x00FFFFFF for l in range(24)}, None, typ="u32")
    return [s1, s2, s3]


def expected(mode):
    if mode == "all":
        return [s for b in (0, 1) for w in (0, 1) for s in butterfly(b, w)] + scan() + diverge()
    if mode == "default":
        return butterfly(0, 0) + scan() + diverge()
    if mode == "pick":  # WARPSIM_TRACE_WARPS=1.1,0.0 WARPSIM_TRACE_KERNEL=butterfly: block order
        return butterfly(0, 0) + butterfly(1, 1)
    raise SystemExit("mode: all, default or pick")


def as_dict(v):
    return v if isinstance(v, dict) else dict(enumerate(v))


def main():
    mode, path = sys.argv[1], sys.argv[2]
    trace = json.load(open(path, encoding="utf-8"))
    want = expected(mode)
    bad = []
    got = trace["steps"]
    if len(got) != len(want):
        print(f"{len(got)} steps, {len(want)} worked out")
        return 1
    for n, (g, w) in enumerate(zip(got, want), 1):
        where = f"step {n} ({w['kernel']} block {w['block']} warp {w['warp']})"
        def check(ok, what):
            if not ok:
                bad.append(f"{where}: {what}")
        check(g["step"] == n, f"numbered {g['step']}")
        check((g["block"], g["warp"]) == (w["block"], w["warp"]), f"block, warp {g['block']}, {g['warp']}")
        check(g["model"].startswith(w["kernel"] + ", launch "), f"model {g['model']!r}")
        check(f"kernels.cu:{w['line']}:" in g["model"], f"model names no kernels.cu:{w['line']}: {g['model']!r}")
        check(g.get("source_line") == w["line"], f"source_line {g.get('source_line')}, want {w['line']}")
        check(g.get("source_file") == "kernels.cu", f"source_file {g.get('source_file')!r}")
        check(g["cuda"] == SOURCE[w["line"] - 1].strip(), f"cuda {g['cuda']!r}")
        check(int(g["executed"], 16) == w["executed"], f"executed {g['executed']}")
        check(int(g["exited"], 16) == w["exited"], f"exited {g['exited']}")
        check(g["type"] == w["type"], f"type {g['type']}")
        outs, ins = as_dict(w["lanes_out"]), w["lanes_in"]
        for lane in range(32):
            e = g["lanes"][lane]
            if lane in outs:
                check(e.get("value") == str(outs[lane]), f"lane {lane} received {e.get('value')}, want {outs[lane]}")
                bits = outs[lane] & 0xFFFFFFFF
                check(e.get("bits") == f"0x{bits:08x}", f"lane {lane} bits {e.get('bits')}")
            else:
                check("value" not in e, f"lane {lane} did not run the call but shows {e.get('value')}")
            if w["reads"] is not None and lane in as_dict(w["reads"]):
                kind, src = as_dict(w["reads"])[lane]
                check((e.get("read"), e.get("source")) == (kind, src),
                      f"lane {lane} read {e.get('read')} {e.get('source')}, want {kind} {src}")
        if ins is None:
            check("in" not in g, "__activemask() passes nothing, but the step has \"in\"")
        else:
            ins = as_dict(ins)
            passed = {e["lane"]: e["value"] for e in g.get("in", [])}
            check(passed == {l: str(v) for l, v in ins.items()}, f"passed {passed}, want {ins}")
    if any(w["diag"] for w in want):
        for w in want:
            if w["diag"]:
                code, lanes = w["diag"]
                hits = [d for d in trace["diagnostics"] if d["code"] == code and int(d["lanes"], 16) == lanes]
                if not hits:
                    bad.append(f"no {code} diagnostic for lanes 0x{lanes:08x}: {trace['diagnostics']}")
    for b in bad[:20]:
        print(b)
    if bad:
        print(f"{len(bad)} differences")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
