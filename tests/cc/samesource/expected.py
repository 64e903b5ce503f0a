#!/usr/bin/env python3
"""Writes tests/cc/samesource/expected/<program>.out: what each program of
programs/cuda/samesource/ prints, computed here independently of warpsim.

Each program's inputs and algorithm are restated plainly in Python (lane by
lane, step by step, in the order the CUDA code runs them), with the rules of
CUDA's shuffles written out (a source lane outside the lane's group of
`width`, or past the warp, gives the lane's own value; docs/semantics.md) and
f32 arithmetic as IEEE single precision: each operation is done in double
and rounded to single, which is exact for +, -, *, / (double has more than
2*24+2 bits). The __activemask() values are the H200's, as measured in
docs/probes/convergence_probe.md. Nothing here runs warpsim or calls the
code under test. The ctest samesource_corpus compares warpsim cc's output
of each program with these files byte for byte.

usage: python3 tests/cc/samesource/expected.py   (from the repository root)
"""
import os
import struct
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "expected")
M32, M64 = 0xFFFFFFFF, 0xFFFFFFFFFFFFFFFF


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def fbits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def dbits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def cmod(a, b):  # C's %, which truncates
    r = abs(a) % abs(b)
    return -r if a < 0 else r


def cdiv(a, b):  # C's /, which truncates
    q = abs(a) // abs(b)
    return -q if (a < 0) != (b < 0) else q


def ff(x):  # "%.9g (0x%08x)" of a float
    return "%.9g (0x%08x)" % (x, fbits(x))


def df(x):  # "%.17g (0x%016llx)" of a double
    return "%.17g (0x%016x)" % (x, dbits(x))


def s32(x):
    x &= M32
    return x - (1 << 32) if x >> 31 else x


def popc(x):
    return bin(x & M32).count("1")


# ---- the shuffles, as CUDA defines them (one warp of 32 values) ----
def shfl_down(v, d, width=32):
    return [v[l + d] if (l % width) + d < width else v[l] for l in range(32)]


def shfl_up(v, d, width=32):
    return [v[l - d] if (l % width) >= d else v[l] for l in range(32)]


def shfl_xor(v, m, width=32):
    # a later group gives the lane's own value; an earlier one may be read
    return [v[l ^ m] if (l ^ m) < (l // width + 1) * width else v[l] for l in range(32)]


def warp_tree_down(v, add):
    v = list(v)
    for o in (16, 8, 4, 2, 1):
        t = shfl_down(v, o)
        v = [add(v[l], t[l]) for l in range(32)]
    return v


def fadd(a, b):
    return f32(a + b)


def iadd(a, b):
    return a + b


def dadd(a, b):
    return a + b


# ---- the programs ----
def warp_reduce():
    out = []
    n = 64
    hi = [(i * 37 + 11) % 101 - 50 for i in range(n)]
    hf = [f32(float((i * 29 + 7) % 61 - 30) * f32(0.1)) for i in range(n)]
    hd = [float((i * 29 + 7) % 61 - 30) * 0.1 + 1e-3 * i for i in range(n)]
    for name, vals, add, fmt in (("int", hi, iadd, lambda x: "%d" % x), ("float", hf, fadd, ff),
                                 ("double", hd, dadd, df)):
        out.append("%s: warp sum with __shfl_down_sync, %d lanes" % (name, n))
        for w in range(n // 32):
            r = warp_tree_down(vals[w * 32:w * 32 + 32], add)
            for l in range(32):
                out.append("thread %2d: %s" % (w * 32 + l, fmt(r[l])))
    out.append("check: PASS (every lane against the same tree restated on the host)")
    return out


def butterfly():
    hi = [(i * 53 + 17) % 97 - 48 for i in range(32)]
    hf = [f32(float((i * 41 + 3) % 83 - 41) / 7.0) for i in range(32)]
    iv, fv, fm = list(hi), list(hf), list(hf)
    for m in (16, 8, 4, 2, 1):
        ti, tf, tm = shfl_xor(iv, m), shfl_xor(fv, m), shfl_xor(fm, m)
        iv = [iv[l] + ti[l] for l in range(32)]
        fv = [f32(fv[l] + tf[l]) for l in range(32)]
        fm = [max(fm[l], tm[l]) for l in range(32)]
    s8 = list(hi)
    for m in (4, 2, 1):
        t = shfl_xor(s8, m, 8)
        s8 = [s8[l] + t[l] for l in range(32)]
    across = shfl_xor([l * 100 for l in range(32)], 16, 16)
    out = ["lane: int sum | float sum | float max | sum of 8 | xor 16, width 16"]
    for l in range(32):
        out.append("lane %2d: %d | %s | %s | %d | %d" % (l, iv[l], ff(fv[l]), ff(fm[l]), s8[l], across[l]))
    out.append("check: PASS (every lane against the xor stages restated on the host)")
    return out


def warp_scan():
    n = 96
    hi = [(i * 19 + 5) % 43 - 21 for i in range(n)]
    hf = [f32(float((i * 23 + 9) % 71 - 35) * f32(0.3)) for i in range(n)]
    out = ["thread: int inclusive, exclusive | float inclusive, exclusive | u32 inclusive in groups of 8"]
    for w in range(n // 32):
        vi, vf = hi[w * 32:w * 32 + 32], hf[w * 32:w * 32 + 32]
        vu = [(x * 2654435761) & M32 for x in vi]
        for d in (1, 2, 4, 8, 16):
            ti, tf = shfl_up(vi, d), shfl_up(vf, d)
            vi = [vi[l] + ti[l] if l >= d else vi[l] for l in range(32)]
            vf = [f32(vf[l] + tf[l]) if l >= d else vf[l] for l in range(32)]
        for d in (1, 2, 4):
            t = shfl_up(vu, d, 8)
            vu = [(vu[l] + t[l]) & M32 if l % 8 >= d else vu[l] for l in range(32)]
        for l in range(32):
            ei = vi[l - 1] if l else 0
            ef = vf[l - 1] if l else 0.0
            out.append("thread %2d: %d, %d | %s, %s | %u" % (w * 32 + l, vi[l], ei, ff(vf[l]), ff(ef), vu[l]))
    out.append("check: PASS (every lane against the scan steps restated on the host)")
    return out


def bitonic_net(keys, descending):
    key, val = list(keys), list(range(32))
    k = 2
    while k <= 32:
        j = k >> 1
        while j > 0:
            ok_, ov = shfl_xor(key, j), shfl_xor(val, j)
            nk, nv = list(key), list(val)
            for l in range(32):
                up = ((l & k) == 0) != descending
                lower = (l & j) == 0
                take = ok_[l] < key[l] if lower == up else ok_[l] > key[l]
                if take:
                    nk[l], nv[l] = ok_[l], ov[l]
            key, val = nk, nv
            j >>= 1
        k <<= 1
    return key, val


def bitonic():
    n = 64
    hk = [(i * 37 + 13) % 29 - 10 for i in range(n)]
    specials = [0.0, -0.0, float("inf"), float("-inf"), f32(1e-40), f32(-1e-40), 3.5, -3.5]
    hf = [specials[(i // 5) % 8] if i % 5 == 0 else f32(float((i * 31 + 7) % 53 - 26) * 0.25) for i in range(n)]
    out = ["int keys ascending, with where each came from"]
    for w in range(n // 32):
        k, v = bitonic_net(hk[w * 32:w * 32 + 32], False)
        for l in range(32):
            out.append("thread %2d: key %3d from %2d" % (w * 32 + l, k[l], w * 32 + v[l]))
    out.append("float keys descending, with where each came from")
    for w in range(n // 32):
        k, v = bitonic_net(hf[w * 32:w * 32 + 32], True)
        for l in range(32):
            out.append("thread %2d: %s from %2d" % (w * 32 + l, ff(k[l]), w * 32 + v[l]))
    out.append("check: PASS (sorted as std::sort sorts; each key is the input's at its position)")
    return out


def block_reduce():
    n, block = 1200, 256
    grid = (n + block - 1) // block
    h = [f32(f32(float((i * 7919) % 1009 - 504) / 64.0) + f32(float(i % 3) * f32(1e-3))) for i in range(n)]

    def shfl_sum(vals, count, blk, b):
        partial = [0.0] * 32
        for w in range(blk // 32):
            v = [vals[b * blk + w * 32 + l] if b * blk + w * 32 + l < count else 0.0 for l in range(32)]
            partial[w] = warp_tree_down(v, fadd)[0]
        v = [partial[l] if l < blk // 32 else 0.0 for l in range(32)]
        return warp_tree_down(v, fadd)[0]

    def tree_sum(vals, count, blk, b):
        s = [vals[b * blk + t] if b * blk + t < count else 0.0 for t in range(blk)]
        stride = blk // 2
        while stride > 0:
            for t in range(stride):
                s[t] = f32(s[t] + s[t + stride])
            stride //= 2
        return s[0]

    a = [shfl_sum(h, n, block, b) for b in range(grid)]
    t = [tree_sum(h, n, block, b) for b in range(grid)]
    out = ["block: shuffles + __shared__ | shared-memory tree"]
    for b in range(grid):
        out.append("block %d: %s | %s" % (b, ff(a[b]), ff(t[b])))
    out.append("total: %s | %s" % (ff(shfl_sum(a, grid, 32, 0)), ff(tree_sum(t, grid, 8, 0))))
    out.append("check: PASS (each sum against its order restated on the host)")
    return out


def vote_divergence():
    # The H200's __activemask() values for these shapes (convergence_probe.md:
    # c01, c02, c09, c04u, c08, c03).
    h200_loop = [0xbdef7bde, 0x39ce739c, 0x318c6318, 0x21084210]
    h200_while = [0xffffffff, 0xeeeeeeee, 0xcccccccc, 0x88888888]
    out = ["__activemask() per thread: %3 | <10 | else | <8 | 8-15 | <16 | all | loop 0-3 | after | while 0-3 "
           "| after an early return"]
    for t in range(64):
        l = t % 32
        s = [0] * 16
        if l % 3 == 0:
            s[0] = 0x49249249
        if l < 10:
            s[1] = 0x3ff
        else:
            s[2] = 0xfffffc00
        if l < 16:
            s[3 if l < 8 else 4] = 0xff if l < 8 else 0xff00
            s[5] = 0xffff
        s[6] = M32
        for i in range(l % 5):
            s[7 + i] = h200_loop[i]
        s[11] = M32
        for i in range(l % 4 + 1):
            s[12 + i] = h200_while[i]
        e = 0x000fffff if l < 20 else 0
        out.append("thread %2d:%s | %08x" % (t, "".join(" %08x" % x for x in s), e))
    out.append("votes: ballot any all match_any match_all(pred) popc ffs clz brev | reduce add min max and or xor")
    h = [(i * 29 + 3) % 89 - 44 for i in range(64)]
    for w in range(2):
        v = h[w * 32:w * 32 + 32]
        ballot = sum(1 << l for l in range(32) if cmod(v[l], 3) == 0)
        anyv = int(any(x > 40 for x in v))
        odd_taken = popc(sum(1 << l for l in range(32) if l % 4 != 1 and v[l] & 1))
        ffs = (ballot & -ballot).bit_length()
        andv, orv, xorv = M32, 0, 0
        for x in v:
            andv &= x & M32
            orv |= x & M32
            xorv ^= (x * 2654435761) & M32
        for l in range(32):
            same = sum(1 << m for m in range(32) if cmod(v[m], 5) == cmod(v[l], 5))
            clz = 32 - same.bit_length()
            brev = int("{:032b}".format(same)[::-1], 2)
            pc = popc(ballot) + (100 * odd_taken if l % 4 != 1 else 0)
            out.append("thread %2d (%3d): %08x %u %u %08x %x(%x) %d %d %d %08x | %d %d %d %08x %08x %08x" % (
                w * 32 + l, v[l], ballot, anyv, 1, same, M32, 1, pc, ffs, clz, brev, sum(v), min(v), max(v), andv,
                orv, xorv))
    out.append("check: PASS (ballot, any, all, match, reduce against the host)")
    return out


def shfl64():
    hl = [s64(((0x0123456789ABCDEF * (i + 1)) ^ (i << 60)) & M64) for i in range(32)]
    hd = [float((i * 31) % 17 - 8) * 1e10 + 1.0 / float(i + 3) for i in range(32)]
    u = [(x * 0x9E3779B97F4A7C15) & M64 for x in hl]
    s = list(hd)
    for m in (1, 2, 4, 8, 16):
        t = shfl_xor(s, m)
        s = [s[l] + t[l] for l in range(32)]
    up, down, xo = shfl_up(hl, 3, 16), shfl_down(u, 3, 16), shfl_xor(u, 5, 8)
    out = ["lane: bcast(5) up(3, w16) | down(3, w16) xor(5, w8) | double sum | double from lane 31 - lane/2"]
    for l in range(32):
        out.append("lane %2d: %016x %016x | %016x %016x | %s | %s" % (
            l, hl[5] & M64, up[l] & M64, down[l], xo[l], df(s[l]), df(hd[31 - l // 2])))
    out.append("check: PASS (every lane against CUDA's shuffle rules on the host)")
    return out


def s64(x):
    return x - (1 << 64) if x >> 63 else x


def templates():
    out = []
    hi = [(i * 13 + 7) % 31 - 15 for i in range(32)]
    hu = [(0x9E3779B9 * (i + 1)) & M32 for i in range(32)]
    hl = [x * 1000000007 for x in hi]
    hf = [f32(float(x) / 3.0) for x in hi]

    def seg(vals, w, op):
        v = list(vals)
        s = 0
        while (1 << s) < w:
            t = shfl_xor(v, 1 << s, w)
            v = [op(v[l], t[l]) for l in range(32)]
            s += 1
        return v

    def show_int(v):
        return ["  " + " ".join("%d" % x for x in v[r * 8:r * 8 + 8]) for r in range(4)]

    def show_float(v):
        return ["  " + " ".join(ff(x) for x in v[r * 4:r * 4 + 4]) for r in range(8)]

    for name, typ, w, vals, op, show in (
            ("sum", "int", 32, hi, lambda a, b: a + b, show_int),
            ("max", "int", 4, hi, max, show_int),
            ("xor", "unsigned", 8, hu, lambda a, b: a ^ b, show_int),
            ("sum", "long long", 16, hl, lambda a, b: a + b, show_int),
            ("sum", "float", 32, hf, fadd, show_float),
            ("max", "float", 2, hf, max, show_float)):
        out.append("%s of %s in segments of %d lanes:" % (name, typ, w))
        out += show(seg(vals, w, op))
    f = [f32(f32(hf[i] * 3.0) + -2.0) if i < 20 else hf[i] for i in range(32)]
    n = [x * -5 + 1 for x in hi]
    out.append("affine<float> (3x - 2 on the first 20):")
    out += show_float(f)
    out.append("affine<int> (-5x + 1):")
    out += show_int(n)
    out.append("check: PASS (every lane against the same steps on the host)")
    return out


def atomics():
    n_all, bins_n = 8 * 128, 8
    h = [(i * 7331 + 17) % 2003 - 1001 for i in range(n_all)]
    n = n_all - 37
    kept = sorted(v for v in h[:n] if cmod(v, 3) == 0)
    out = ["compacted: %d values (multiples of 3), sorted:" % len(kept)]
    for r in range(0, len(kept), 16):
        out.append("  " + " ".join("%d" % x for x in kept[r:r + 16]))
    hb = [0] * bins_n
    add, mn, mx, andv, orv, xorv, inc, dec, add64, cas = 0, 1 << 30, -(1 << 30), M32, 0, 0, 0, 500, 0, 0
    for i, v in enumerate(h[:n]):
        if cmod(v, bins_n) >= 0:
            hb[cmod(v, bins_n)] += 1
        add += v
        mn, mx = min(mn, v), max(mx, v)
        andv &= (~(1 << (i % 32)) & M32) | (i & 0x40000000)
        orv |= 1 << (v & 31)
        xorv ^= (v * 2654435761) & M32
        inc = 0 if inc >= 99 else inc + 1
        dec = 1000 if dec == 0 or dec > 1000 else dec - 1
        add64 = (add64 + ((v + 1000) << 20)) & M64
        cas += v & 7
    out.append("histogram of v %% %d (values whose remainder is negative are not counted): %s" % (
        bins_n, " ".join("%u" % b for b in hb)))
    out.append("add %d sub %d min %d max %d and %08x or %08x xor %08x inc %u dec %u add64 %u cas %d" % (
        add, -add, mn, mx, andv, orv, xorv, inc, dec, add64, cas))
    out.append("check: PASS (against the same sums computed plainly on the host)")
    return out


def printf_lanes():
    out = ["formats:"]
    hf = [f32(f32(float((i * 53) % 41 - 20) * f32(3.14159)) / float(i + 1)) for i in range(32)]
    hi = [(i * 11 + 5) % 23 for i in range(32)]
    for l in range(32):
        v = l * 37 - 500
        big = v * 123456789123
        x = hf[l]
        d = x * 1e-5
        out.append("lane %2d: %d %i %5u %x %08X %o | %d %x | %c %s | %f %.3e %E %g %10.4G %+.2f %-8.1f|" % (
            l, v, -v, l * 1000, v & M32, v & M32, l, big, big & M64, chr(65 + l % 26), "odd" if l % 2 else "even",
            x, x, d, d, x, x, x))
    out.append("phases:")
    for l in range(32):
        out.append("phase 1: lane %2d has %d" % (l, hi[l]))
    for l in range(0, 32, 4):
        out.append("phase 2: lane %2d sees the sum %d" % (l, sum(hi)))
    right = shfl_down(hi, 1)
    for l in range(32):
        out.append("phase 3: lane %2d, its right neighbour %d, %s" % (
            l, right[l], "rising" if hi[l] < right[l] else "falling"))
    out.append("a partial warp:")
    for t in range(7):
        out.append("a warp of 7 threads: thread %d of block 0" % t)
    out.append("done")
    return out


def printf_order():
    # Six blocks of 8 threads, in block order. In a block: one printf call
    # for the warp's lanes, lane by lane, then the second, then the branch on
    # the lower source line (odd lanes) before the other.
    out = []
    for b in range(6):
        out += ["block %d, first line: lane %2d" % (b, l) for l in range(8)]
        out += ["block %d, second line: lane %2d" % (b, l) for l in range(8)]
        out += ["block %d, odd branch: lane %2d" % (b, l) for l in range(1, 8, 2)]
        out += ["block %d, even branch: lane %2d" % (b, l) for l in range(0, 8, 2)]
    out.append("cudaSuccess")
    return out


def grid_stride():
    n, grid, block = 2000, 3, 96
    x = [f32(f32(float(i % 97) / 16.0) - 3.0) for i in range(n)]
    y = [f32(float((i * 13) % 101) * f32(0.01)) for i in range(n)]
    a, off = 1.5, -0.25
    ny = [f32(f32(a * x[i]) + f32(y[i] + off)) for i in range(n)]
    out = ["y = 1.5 * x + (y + -0.25), %d values, 8 a line (bits)" % n]
    for r in range(0, n, 8):
        out.append("  " + " ".join("%08x" % fbits(v) for v in ny[r:r + 8]))
    out.append("each thread's grid-stride sum of x*y:")
    t = []
    for k in range(grid * block):
        s = 0.0
        for i in range(k, n, grid * block):
            s = f32(s + f32(x[i] * ny[i]))
        t.append(s)
        out.append("thread %3d: %s" % (k, ff(s)))
    for b in range(grid):
        tot = 0.0
        for w in range(block // 32):
            tot = f32(tot + warp_tree_down(t[b * block + w * 32:b * block + w * 32 + 32], fadd)[0])
        out.append("block %d: %s" % (b, ff(tot)))
    out.append("check: PASS (every value against the same operations on the host)")
    return out


def blocks_2d_3d():
    rows, cols = 48, 32
    out = ["transpose of the %dx%d matrix r*1000 + c (%d rows of %d):" % (rows, cols, cols, rows)]
    for r in range(cols):
        out.append("row %2d: %s" % (r, " ".join("%d" % (c * 1000 + r) for c in range(rows))))
    out.append("3-D blocks of 8x2x4: linear warp lane | the next lane's (x,y,z) | ballot of x == 0")
    for b in range(4):
        for t in range(64):
            nxt = t if t % 32 == 31 else t + 1
            xyz = (nxt % 8) * 100 + (nxt // 8 % 2) * 10 + nxt // 16
            out.append("block %d thread %2d: %2d %d %2d | %03d | %08x" % (b, t, t, t // 32, t % 32, xyz, 0x01010101))
    out.append("check: PASS (the transpose and the warp formation against the host)")
    return out


# ---- Cooperative Groups (cg_*.cu): each result restated in the order CUDA 13's headers
# combine values (docs/cooperative-groups.md): a tile's shuffles with width = its size, the
# butterfly of cg::reduce (out = op(out, shfl_xor(out, m)) for m = N/2 ... 1), the scans'
# Hillis-Steele steps (out = op(out, the value d ranks below)), a coalesced group's ranks as
# the set bits of its mask. The coalesced groups' masks are the H200's __activemask() values.
def ballot_bits(lanes, pred):  # bit r: the member of rank r
    return sum(1 << r for r, l in enumerate(lanes) if pred(l))


def xor_tree(vals, n, op):  # vals: the tile's values by rank
    out = list(vals)
    m = n >> 1
    while m > 0:
        out = [op(out[r], out[r ^ m]) for r in range(n)]
        m >>= 1
    return out


def hillis(vals, op):  # the contiguous inclusive scan, by rank
    out = list(vals)
    d = 1
    while d < len(vals):
        out = [op(out[r], out[r - d]) if d <= r else out[r] for r in range(len(vals))]
        d <<= 1
    return out


def shift_up(vals, zero):  # an exclusive scan from an inclusive one, through shfl_up by 1
    return [zero] + list(vals[:-1])


def fhalf(a, c):
    return f32(f32(a * 0.5) + c)


def fless(a, b):
    return b if b < a else a


def fgreater(a, b):
    return b if a < b else a


def cg_tiles():
    out = ["thread_block of (8,6) in a grid of (2,1,2): rank size num | group_index thread_index dim_threads "
           "group_dim | tiled_partition(b, 1..32) rank/size | tiled_partition<1..32>(b) rank meta | this_thread | "
           "as thread_group | this_grid(): rank size num_blocks block_rank block_index dim_blocks thread_index "
           "dim_threads"]
    for blk in range(4):
        bx, bz = blk % 2, blk // 2
        for t in range(48):
            line = "%3d: %2u %u %u | %u,%u,%u %u,%u,%u %u,%u,%u %u,%u,%u |" % (
                blk * 48 + t, t, 48, 48, bx, 0, bz, t % 8, t // 8, 0, 8, 6, 1, 8, 6, 1)
            for j in range(6):
                n = 1 << j
                base = t & ~(n - 1)
                line += " %u/%u" % (t & (n - 1), min(48 - base, n))
            line += " |"
            for j in range(6):
                n = 1 << j
                line += " %u:%u/%u" % (t & (n - 1), t // n, (48 + n - 1) // n)
            line += " | 0 1 0/1 | %d 48" % t
            line += " | %d 192 4 %d %d,0,%d 2,1,2 %d,%d,%d 16,6,2" % (blk * 48 + t, blk, bx, bz, bx * 8 + t % 8, t // 8,
                                                                       bz)
            out.append(line)
    T = 64
    v = [(i * 37 + 11) % 101 - 50 for i in range(T)]
    f = [f32(f32(x * 0.375) + f32(0.1)) for x in v]
    ll = [x * 1000000007 * (i + 1) for i, x in enumerate(v)]
    for N in (1, 2, 4, 8, 16, 32):
        out.append("tile of %u: rank size meta | shfl((3r+1)%%N) shfl((N+1)%%32) up1 up3 down1 down3 xor(N/2) "
                   "xor(N/4) | ballot any all match_any match_all(pred) | float down2 | i64 down1 | struct | sub-tile "
                   "rank meta | void meta | thread_group rank size type | dynamic rank size" % N)
        for i in range(T):
            r, base = i % N, i - i % N
            tv = v[base:base + N]
            up = lambda d: v[i - d] if r >= d else v[i]
            down = lambda d: v[i + d] if r + d < N else v[i]
            xo = lambda m: v[base + (r ^ m)]
            same3 = ballot_bits(range(N), lambda j: cmod(tv[j], 3) == cmod(v[i], 3))
            full = (1 << N) - 1
            alleq = all(x == tv[0] for x in tv)
            src_s = base + (r + 1) % N
            sub = "%u %u/%u" % (i % (N // 2), r // (N // 2), 2) if N >= 2 else "99 99/99"
            dyn = max(N // 2, 1)
            out.append(
                "%2d (%3d): %u %u %u/%u | %d %d %d %d %d %d %d %d | %08x %u %u %08x %08x(%u) %08x(%u) | %08x | %d | "
                "%08x %d %d | %s | %u/%u | %u %u %u | %u %u" % (
                    i, v[i], r, N, i // N, T // N, v[base + (r * 3 + 1) % N], v[base + ((N + 1) & 31) % N], up(1),
                    up(3), down(1), down(3), xo(N // 2), xo(N // 4), ballot_bits(range(N), lambda j: tv[j] & 1),
                    int(any(x > 40 for x in tv)), int(all(x > -45 for x in tv)), same3, full, 1,
                    full if alleq else 0, int(alleq), fbits(f[i + 2] if r + 2 < N else f[i]),
                    ll[i + 1] if r + 1 < N else ll[i], fbits(src_s * 0.5), v[src_s], v[src_s] * 7, sub, i // N,
                    T // N, r, N, 1, r % dyn, dyn))
    return out


def cg_reduce():
    T = 64
    scale = [2.0 ** e for e in (-12, -8, -4, 0, 4, 8, 12)]
    vi = [(k * 53 + 17) % 97 - 48 for k in range(T)]
    vu = [((k + 1) * 2654435761) & M32 for k in range(T)]
    vf = [f32(float((k * 7919) % 1009 - 504) * scale[k % 7]) for k in range(T)]
    vd = [float((k * 7919) % 1009 - 504) * 1e-3 + float(k % 5) * 1e12 for k in range(T)]
    out = []
    for N in (1, 2, 4, 8, 16, 32):
        out.append("tile of %u: int plus less greater a-b | unsigned and or xor plus | float plus less greater "
                   "a*0.5+b | double plus | stored" % N)
        for base in range(0, T, N):
            ti, tu, tf, td = vi[base:base + N], vu[base:base + N], vf[base:base + N], vd[base:base + N]
            lam = xor_tree(ti, N, lambda a, b: a - b)
            fs = xor_tree(tf, N, fadd)
            fl = xor_tree(tf, N, fhalf)
            fmn = xor_tree(tf, N, fless)
            fmx = xor_tree(tf, N, fgreater)
            ds = xor_tree(td, N, dadd)
            a_, o_, x_ = M32, 0, 0
            for u in tu:
                a_, o_, x_ = a_ & u, o_ | u, x_ ^ u
            for r in range(N):
                out.append("%2d: %d %d %d %d | %08x %08x %08x %08x | %08x %08x %08x %08x | %016x | %d" % (
                    base + r, sum(ti), min(ti), max(ti), lam[r], a_, o_, x_, sum(tu) & M32, fbits(fs[r]),
                    fbits(fmn[r]), fbits(fmx[r]), fbits(fl[r]), dbits(ds[r]), 3 * sum(ti) if r == 0 else 0))
    names = ["lane % 3 != 0", "lane < 20", "the whole warp", "labeled_partition(i & 3)", "binary_partition(f > 0)"]
    for s in range(5):
        out.append("coalesced group of %s: size rank meta-rank meta-size | float plus a*0.5+b | int plus a-b" %
                   names[s])
        for w in range(2):
            groups = coalesced_shape_groups(s, w, vi, vf)
            rows = {}
            for lanes, mr, ms in groups:
                ks = [w * 32 + l for l in lanes]
                res = []  # by rank: the butterfly's own result in each lane, the last lane's scan otherwise
                for op, vals in ((fadd, vf), (fhalf, vf), (iadd, vi), (lambda a, b: a - b, vi)):
                    x = [vals[k] for k in ks]
                    res.append(xor_tree(x, 32, op) if len(ks) == 32 else [hillis(x, op)[-1]] * len(ks))
                for r, k in enumerate(ks):
                    rows[k] = "%2d: %u %u %u %u | %08x %08x | %d %d" % (k, len(ks), r, mr, ms, fbits(res[0][r]),
                                                                       fbits(res[1][r]), res[2][r], res[3][r])
            out += [rows[k] for k in sorted(rows)]
    return out


def label_groups(lanes, label):  # labeled_partition: (members, meta rank, meta size), by leader
    keys = []
    for l in lanes:
        if label(l) not in keys:
            keys.append(label(l))
    return [([l for l in lanes if label(l) == key], j, len(keys)) for j, key in enumerate(keys)]


def binary_groups(lanes, pred):
    yes = [l for l in lanes if pred(l)]
    if len(yes) in (0, len(lanes)):
        return [(list(lanes), 0, 1)]
    return [([l for l in lanes if not pred(l)], 0, 2), (yes, 1, 2)]


def coalesced_shape_groups(s, w, vi, vf):
    all32 = list(range(32))
    if s == 0:
        return [([l for l in all32 if l % 3 != 0], 0, 1)]
    if s == 1:
        return [([l for l in all32 if l < 20], 0, 1)]
    if s == 2:
        return [(all32, 0, 1)]
    if s == 3:
        return label_groups(all32, lambda l: vi[w * 32 + l] & 3)
    return binary_groups(all32, lambda l: vf[w * 32 + l] > 0.0)


def cg_scan():
    T = 64
    scale = [2.0 ** e for e in (-12, -8, -4, 0, 4, 8, 12)]
    vi = [(k * 29 + 7) % 83 - 41 for k in range(T)]
    vu = [((k + 3) * 2246822519) & M32 for k in range(T)]
    vf = [f32(float((k * 6007) % 1013 - 506) * scale[(k * 3) % 7]) for k in range(T)]
    out = []
    acc = lambda a, b: (a[0] + b[0], f32(a[1] + b[1]))
    for N in (1, 2, 4, 8, 16, 32):
        out.append("tile of %u: int inclusive exclusive | greater inclusive exclusive | unsigned inclusive exclusive | "
                   "float plus inclusive exclusive | a*0.5+b inclusive exclusive | struct inclusive exclusive" % N)
        for base in range(0, T, N):
            ti, tu, tf = vi[base:base + N], vu[base:base + N], vf[base:base + N]
            ii = hillis(ti, iadd)
            gi = hillis(ti, fgreater)
            ui = hillis(tu, lambda a, b: (a + b) & M32)
            fi = hillis(tf, fadd)
            li = hillis(tf, fhalf)
            ai = hillis([(x & 7, y) for x, y in zip(ti, tf)], acc)
            ge, fe, le, ae = shift_up(gi, 0), shift_up(fi, 0.0), shift_up(li, 0.0), shift_up(ai, (0, 0.0))
            for r in range(N):
                out.append("%2d: %d %d | %d %d | %08x %08x | %08x %08x | %08x %08x | %d,%08x %d,%08x" % (
                    base + r, ii[r], ii[r] - ti[r], gi[r], ge[r], ui[r], (ui[r] - tu[r]) & M32, fbits(fi[r]),
                    fbits(fe[r]), fbits(li[r]), fbits(le[r]), ai[r][0], fbits(ai[r][1]), ae[r][0], fbits(ae[r][1])))
    names = ["lane % 3 != 0", "lane < 20", "the whole warp"]
    for s in range(3):
        out.append("coalesced group of %s: size rank | int inclusive exclusive | float plus inclusive exclusive | "
                   "a*0.5+b inclusive exclusive" % names[s])
        for w in range(2):
            lanes, _, _ = coalesced_shape_groups(s, w, vi, vf)[0]
            ks = [w * 32 + l for l in lanes]
            x, y = [vi[k] for k in ks], [vf[k] for k in ks]
            ii, fi, li = hillis(x, iadd), hillis(y, fadd), hillis(y, fhalf)
            fe, le = shift_up(fi, 0.0), shift_up(li, 0.0)
            for r, k in enumerate(ks):
                out.append("%2d: %u %u | %d %d | %08x %08x | %08x %08x" % (k, len(ks), r, ii[r], ii[r] - x[r],
                                                                         fbits(fi[r]), fbits(fe[r]), fbits(li[r]),
                                                                         fbits(le[r])))
    return out


def cg_coalesced():
    T = 64
    v = [(k * 29 + 3) % 89 - 44 for k in range(T)]
    shapes = [lambda l: l % 3 == 0, lambda l: l < 10, lambda l: l >= 10, lambda l: l < 8, lambda l: 8 <= l < 16,
              lambda l: l & 1, lambda l: True, lambda l: l < 20]
    names = ["lane % 3 == 0", "lane < 10", "else (lane >= 10)", "lane < 8 (in lane < 16)", "else (8-15)",
             "odd lanes", "the whole warp", "after lanes >= 20 returned"]

    def pack(size, rank, mr, ms):
        return size | rank << 8 | mr << 16 | ms << 24

    out = []
    for s in range(8):
        out.append("coalesced group of %s: size rank meta | shfl(0) shfl(size-1) shfl(rank+2) up1 up2 down1 down3 | "
                   "float down1 | ballot match_any any all match_all(pred) | tiled_partition(4) labeled(v%%3) "
                   "binary(v>0) | invoke_one broadcast" % names[s])
        for w in range(2):
            ks = [w * 32 + l for l in range(32) if shapes[s](l)]
            n = len(ks)
            val = [v[k] for k in ks]
            fv = [f32(x * 0.625) for x in val]
            labels = label_groups(ks, lambda k: cmod(v[k], 3))
            binaries = binary_groups(ks, lambda k: v[k] > 0)
            for r, k in enumerate(ks):
                def find(groups):
                    for members, mr, ms in groups:
                        if k in members:
                            return pack(len(members), members.index(k), mr, ms)
                part = pack(n, r, 0, 1) if n <= 4 else pack(min(4, n - r // 4 * 4), r % 4, r // 4, (n + 3) // 4)
                out.append("%2d (%3d): %u %u %u/%u | %d %d %d %d %d %d %d | %08x | %08x %08x %u %u %08x(%u) | "
                           "%08x %08x %08x | %u %u" % (
                               k, v[k], n, r, 0, 1, val[0], val[n - 1], val[(r + 2) % n],
                               val[r - 1] if r >= 1 else val[r], val[r - 2] if r >= 2 else val[r],
                               val[r + 1] if r + 1 < n else val[r], val[r + 3] if r + 3 < n else val[r],
                               fbits(fv[r + 1] if r + 1 < n else fv[r]), ballot_bits(val, lambda x: x & 1),
                               ballot_bits(val, lambda x: cmod(x, 3) == cmod(v[k], 3)), int(any(x > 30 for x in val)),
                               int(all(x > -45 for x in val)), (1 << n) - 1, 1, part, find(labels), find(binaries),
                               int(r == 0), ks[0] * 10 + s))
    return out


def cg_multiwarp():
    MAXT = 1024
    scale = [2.0 ** e for e in (-10, -5, 0, 5, 10)]
    vi = [(k * 71 + 13) % 113 - 56 for k in range(MAXT)]
    vi[300] = 17
    vf = [f32(float((k * 4099) % 997 - 498) * scale[(k * 7) % 5]) for k in range(MAXT)]
    out = []
    for N, BT, NB in ((64, 128, 1), (128, 256, 1), (256, 256, 2), (512, 512, 1), (1024, 1024, 1)):
        W = N // 32
        out.append("tile of %u in %u blocks of %u: rank size meta void-meta | shfl(N/2+5) shfl(N-3) any all | int "
                   "reduce inclusive exclusive | float reduce inclusive exclusive a*0.5+b | broadcast | tile of 32: "
                   "rank meta | tile of 64: meta" % (N, NB, BT))
        for blk in range(NB):
            for base in range(blk * BT, blk * BT + BT, N):
                ti, tf = vi[base:base + N], vf[base:base + N]
                warps = [tf[w * 32:w * 32 + 32] for w in range(W)]
                fsum = xor_tree([xor_tree(x, 32, fadd)[0] for x in warps], W, fadd)
                incl = [hillis(x, fadd) for x in warps]
                before = shift_up(hillis([x[31] for x in incl], fadd), 0.0)
                lin = [hillis(x, fhalf) for x in warps]
                lbefore = shift_up(hillis([x[31] for x in lin], fhalf), 0.0)
                isum = 0
                for r in range(N):
                    t, w, l = base - blk * BT + r, r // 32, r % 32
                    if BT > 256 and 2 < l < 31:  # the program prints lanes 0, 1, 2 and 31 of these
                        continue
                    fi = incl[w][l] if w == 0 else fadd(incl[w][l], before[w])
                    ex_w = incl[w][l - 1] if l else 0.0
                    fe = before[w] if l == 0 else (ex_w if w == 0 else fadd(ex_w, before[w]))
                    li = lin[w][l] if w == 0 else fhalf(lin[w][l], lbefore[w])
                    h = "%u/%u" % ((t & (N - 1)) // 64, N // 64) if N > 64 else "99/99"
                    out.append("%3d: %u %u %u/%u %u/%u | %d %08x %d %d | %d %d %d | %08x %08x %08x %08x | %d | "
                               "%u %u/%u | %s" % (
                                   base + r, r, N, t // N, BT // N, t // N, BT // N, ti[N // 2 + 5],
                                   fbits(tf[N - 3]), int(any(x == 17 for x in ti)), int(all(x > -60 for x in ti)),
                                   sum(ti), sum(ti[:r + 1]), sum(ti[:r]), fbits(fsum[w]), fbits(fi), fbits(fe),
                                   fbits(li), blk * 1000 + ti[0], t & 31, r // 32, N // 32, h))
    return out


def cg_types():
    T = 64
    v = [(k * 43 + 5) % 79 - 39 for k in range(T)]

    def wrap(x, bits):
        x &= (1 << bits) - 1
        return x - (1 << bits) if x >> (bits - 1) else x

    def pack(size, rank, mr, ms):
        return size | rank << 8 | mr << 16 | ms << 24

    def find(groups, l):
        for members, mr, ms in groups:
            if l in members:
                return pack(len(members), members.index(l), mr, ms)

    out = ["thread (v): int and or xor, tile 16 | tile 8 | const plus | unsigned less greater | signed char, short "
           "plus | long long plus | double less greater | float4 shfl | int2 scan | match_any float, long long | "
           "labeled by pointer, bool | tiles of tiles | odd lanes in 8s: part scan reduce | invoke_one count, "
           "this_thread"]
    odd = {}
    for w in range(2):
        ks = [w * 32 + l for l in range(1, 32, 2)]
        f = [f32(f32(v[k] * 1024.0) + f32(1.0 / (k + 3))) for k in ks]
        for h in range(2):
            part = f[h * 8:h * 8 + 8]
            scan = hillis(part, fadd)
            for r in range(8):
                odd[ks[h * 8 + r]] = (pack(8, r, h, 2), scan[r], scan[-1])
    for k in range(T):
        def tile(n):
            b = k - k % n
            return v[b:b + n]
        t8, t16, t32 = tile(8), tile(16), tile(32)
        base16, w32 = k - k % 16, k - k % 32

        def ands(vals):
            a = M32
            for x in vals:
                a &= x & M32
            return a

        def ors(vals):
            a = 0
            for x in vals:
                a |= x & M32
            return a

        def xors(vals):
            a = 0
            for x in vals:
                a ^= x & M32
            return a
        s = base16 + (k % 16 + 5) % 16
        b8 = k - k % 8
        scan2 = hillis([(v[j], j) for j in range(b8, b8 + 8)], lambda a, c: (a[0] + c[0], a[1] * 2 - c[1]))[k % 8]
        lanes = list(range(32))
        ptr = label_groups(lanes, lambda l: (v[w32 + l] & 0xff) % 4)
        boo = binary_groups(lanes, lambda l: v[w32 + l] > 0)
        op, osc, osm = odd.get(k, (0, 0.0, 0.0))
        out.append("%2d (%3d): %08x %08x %08x | %08x %08x %08x | %d | %08x %08x | %d %d | %d | %016x %016x | %08x "
                   "%08x %08x %08x | %d,%d | %08x %08x | %08x %08x | %u %04x %04x | %08x %08x %08x | %d %d" % (
                       k, v[k], ands(x | 0x100 for x in t16), ors(t16), xors(x * 7919 for x in t16),
                       ands(x | 0x100 for x in t8), ors(t8), xors(x * 7919 for x in t8), sum(t32),
                       min((x * 2654435761) & M32 for x in t32), max((x * 2654435761) & M32 for x in t16),
                       wrap(sum(x + 60 for x in t16), 8), wrap(sum(wrap(x * 900, 16) for x in t32), 16),
                       sum(x * 3000000019 for x in t32), dbits(min(x / 7.0 for x in t8)),
                       dbits(max(x / 7.0 for x in t32)), fbits(float(v[s])), fbits(s * 0.25), fbits(-float(v[s])),
                       fbits(1.0 / (s + 1)), scan2[0], scan2[1],
                       ballot_bits(t32, lambda x: cmod(x, 4) == cmod(v[k], 4)),
                       ballot_bits(t32, lambda x: cmod(x, 3) == cmod(v[k], 3)), find(ptr, k % 32), find(boo, k % 32),
                       k & 3, (k % 16) // 4 | 4 << 8, (k & 3) // 2 | 2 << 8, op, fbits(osc), fbits(osm), 1, v[k]))
    return out

def cg_memcpy_async():
    """Copies, then reads: the sums of what each stage's threads read (the copy's source)."""
    block, blocks = 128, 3
    h = [(i * 37 + 11) % 1001 - 500 for i in range(blocks * block * 2)]
    hb = [(i * 29 + 5) & 0xFF for i in range(blocks * 64 + 64)]
    out = ["launch no error"]
    for b in range(blocks):
        sl = h[b * block * 2:(b + 1) * block * 2 - 1] + [-1]  # 1022 bytes of ints: 255 whole ints
        a = sum(sl[(t * 7) % (block * 2)] * (t + 1) for t in range(block))
        win_sum = odd_sum = 0
        for t in range(block):
            w, r = t // 32, t % 32
            win = h[b * 100 + w * 9:b * 100 + w * 9 + 33]  # min(40, 33) elements
            win_sum += win[(r * 5) % 33] * (r + 3)
            if t % 2:  # the odd lanes' coalesced group: rank r // 2
                odd = hb[b * 64 + w * 16 + 1:b * 64 + w * 16 + 1 + 37]
                odd_sum += odd[((r // 2) * 3) % 37] * (r // 2 + 1)
        out.append("block %d slice %d window %d odd %d" % (b, a, win_sum, odd_sum))
    return out


def cub_device_for():
    """Element by element: the operators applied to each input (order does not matter here)."""
    n = 10007
    hi = [cmod(i * 7919, 2001) - 1000 for i in range(n)]
    ha = [f32(f32((i * 37) % 1000 - 500) / 64.0 + f32(0.1)) for i in range(n)]
    hb = [f32(f32((i * 91) % 777) / 128.0 - f32(1.3)) for i in range(n)]

    def show(name, values, size, bits):
        raw = b"".join(struct.pack("<" + size, v) for v in values)
        h = 1469598103934665603
        for byte in raw:
            h = ((h ^ byte) * 1099511628211) & M64
        return "%s fnv=%016x first %x last %x" % (name, h, bits(values[0]), bits(values[-1]))

    out = ["temp ForEachCopyN 1", "ForEachCopyN even count %d" % sum(1 for x in hi if x % 2 == 0)]
    sq = [x * x for x in hi]
    sq = [x // 2 for x in sq[:100]] + sq[100:]  # non-negative: C's / is floor here
    out.append(show("ForEach squares, ForEachN halves", sq, "i", lambda v: v & M32))
    out.append(show("Bulk index squares", [i * i for i in range(n)], "q", lambda v: v & M64))
    affine = [f32(f32(x * 2.5) + 1.0) for x in ha]
    out.append(show("Transform affine", affine, "f", fbits))
    out.append(show("Transform tuple mulsub", [f32(f32(a * b) - a) for a, b in zip(ha, hb)], "f", fbits))
    out += ["temp Transform 1", show("Transform in place", affine, "f", fbits)]
    # CUB's temp_storage_bytes: none for a copy (255, the alignment slack); in place, a tile's
    # neighbour per tile of 128 x 7: 12 tiles x 4 bytes rounded to 256, + 255.
    out.append("temp SubtractLeftCopy 255")
    out.append(show("SubtractLeftCopy", [hi[0]] + [hi[i] - hi[i - 1] for i in range(1, n)], "i", lambda v: v & M32))
    out.append("temp SubtractRight %d" % (256 + 255))
    right = [f32(f32(hb[i + 1] - hb[i]) * 0.5) for i in range(n - 1)] + [hb[-1]]
    out.append(show("SubtractRight in place", right, "f", fbits))

    # DeviceMerge: a stable merge (the first sequence's item before an equal one of the second).
    # Temp: (tiles + 1) 8-byte offsets rounded to 256, + 255; tiles of 512 x min(15, 60 / bytes).
    def merge(a, b, second_first):
        out_items, i, j = [], 0, 0
        while i < len(a) or j < len(b):
            if j < len(b) and (i >= len(a) or second_first(b[j], a[i])):
                out_items.append(b[j]); j += 1
            else:
                out_items.append(a[i]); i += 1
        return out_items

    def temp(total, item_bytes):
        tile = 512 * min(15, max(1, 60 // item_bytes))
        tiles = -(-total // tile)
        return -(-((tiles + 1) * 8) // 256) * 256 + 255

    n1, n2 = 5000, 3001
    k1, k2 = [i // 3 * 2 for i in range(n1)], [i // 2 * 3 for i in range(n2)]
    out.append("temp MergeKeys %d" % temp(n1 + n2, 4))
    out.append(show("MergeKeys", merge(k1, k2, lambda x, y: x < y), "i", lambda v: v & M32))
    p1 = [(f32((n1 - i) * 0.25), i) for i in range(n1)]
    p2 = [(f32((n2 - i) * 0.5), 100000 + i) for i in range(n2)]
    merged = merge(p1, p2, lambda x, y: x[0] > y[0])
    out.append("temp MergePairs %d" % temp(n1 + n2, 8))
    out.append(show("MergePairs keys", [k for k, _ in merged], "f", fbits))
    out += [show("MergePairs values", [v for _, v in merged], "i", lambda v: v & M32), "error cudaSuccess"]
    return out


PROGRAMS = [warp_reduce, butterfly, warp_scan, bitonic, block_reduce, vote_divergence, shfl64, templates, atomics,
            printf_lanes, printf_order, grid_stride, blocks_2d_3d, cg_tiles, cg_reduce, cg_scan, cg_coalesced,
            cg_multiwarp, cg_types, cg_memcpy_async, cub_device_for]

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for p in PROGRAMS:
        with open(os.path.join(OUT, p.__name__ + ".out"), "w") as f:
            f.write("\n".join(p()) + "\n")
    sys.stdout.write("wrote %d files to %s\n" % (len(PROGRAMS), OUT))
