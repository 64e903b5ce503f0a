#!/usr/bin/env python3
"""Summarises `cuobjdump -sass latency_probe` (standard input) for latency_probe.cu:
for every chain kernel, the instructions between its two clock reads (CS2R
SR_CLOCKLO) counted by opcode, and the first instructions of the chain, so a
reader can check that each chain is there whole (N steps, nothing folded) and
that each step depends on the one before.

    cuobjdump -sass latency_probe | python3 latency_probe.sass.py "$(nvcc --version | grep release)" > latency_probe.sass.txt

The optional argument (the compiler that built it) goes into the header.
"""
import collections
import re
import sys

FIRST = 8  # instructions shown from the start of each chain


def main():
    text = sys.stdin.read()
    kernels = []
    for part in re.split(r"\n\s*Function : ", text)[1:]:
        name = part.split("\n", 1)[0].strip()
        m = re.search(r"chainI\d+(\w+?)Li(\d+)E", name)
        if not m:
            continue
        code = [re.sub(r"\s+", " ", i).strip() for i in re.findall(r"/\*[0-9a-f]{4,6}\*/\s+(.*?)\s*;", part)]
        clocks = [k for k, i in enumerate(code) if "SR_CLOCKLO" in i]
        if len(clocks) != 2:
            kernels.append((m.group(1), int(m.group(2)), None, None))
            continue
        body = code[clocks[0] + 1: clocks[1]]
        ops = collections.Counter(re.sub(r"^@!?U?P\w+ ", "", i).split()[0] for i in body)
        kernels.append((m.group(1), int(m.group(2)), ops, body[:FIRST]))
    print("# latency_probe.cu: the SASS between the two clock reads of each chain kernel")
    print("# (from cuobjdump -sass; N = the chain's steps; counts by opcode)")
    if len(sys.argv) > 1:
        print("# built by: " + sys.argv[1] + " (nvcc -arch=sm_90 -fmad=false -O3)")
    for op, n, ops, first in sorted(kernels, key=lambda k: (k[0], k[1])):
        if ops is None:
            print(f"\n{op} N={n}: NOT two clock reads: check the kernel")
            continue
        counts = ", ".join(f"{c} {o}" for o, c in ops.most_common())
        print(f"\n{op} N={n}: {sum(ops.values())} instructions: {counts}")
        if n == min(k[1] for k in kernels if k[0] == op):
            for i in first:
                print("    " + i)
    return 0


if __name__ == "__main__":
    sys.exit(main())
