#!/usr/bin/env python3
# Independent reference for programs/cuda/samesource/cub_sort.cu.
# Radix sorts: a stable sort by the digit bits [begin,end) of the bit-ordered key (CUB's twiddle,
# -0.0 read as +0.0). Merge sorts: a restatement of CUB 3.0's BlockMergeSortStrategy::Sort
# (oob padding, StableOddEvenSort, merge path partition, SerialMerge), run over plain lists.
import struct

M32 = 0xffffffff


def hsh(x):
    x &= M32
    x ^= x >> 16
    x = (x * 0x7feb352d) & M32
    x ^= x >> 15
    x = (x * 0x846ca68b) & M32
    x ^= x >> 16
    return x


F32S = [0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000, 0x7f800001, 0xffbfffff,
        0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff]
F64S = [0x0000000000000000, 0x8000000000000000, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
        0xfff8000000000000, 0x7ff0000000000001, 0x0000000000000001, 0x8000000000000001, 0x3ff0000000000000,
        0xbff0000000000000, 0x000fffffffffffff]

# Every key as its raw bits (unsigned, of the key's width).
u32, i32, f32, f64, u8, u16, u64, ieq, f32m = ([] for _ in range(9))
for i in range(1024):
    h, g = hsh(i + 1), hsh(i + 7777)
    u32.append((h & 0xf0f) if i % 3 == 0 else h)
    i32.append((((h % 7) - 3) & M32) if i % 5 == 0 else h)
    f32.append(F32S[g % 16] if h % 4 == 0 else ((g & 0x80000000) if h % 4 == 1 else h))
    f64.append(F64S[g % 12] if h % 3 == 0 else (((h << 32) | g) ^ (0 if h % 3 == 1 else 0x7ff0000000000000)))
    u8.append(h % 23)
    u16.append(0xabcd if h % 5 == 0 else h & 0xffff)
    u64.append(42 if i % 4 == 0 else ((g << 32) | h))
    ieq.append(((h % 9) - 4) & M32)
    m = h % 8
    f32m.append({0: 0x80000000, 1: 0, 2: 0x7fc00000, 3: 0xbf800000, 4: 0x3f800000, 5: 0x80000000}.get(
        m, ((g % 5) * 0x3e000000) & M32))

# kinds: 'u', 'i' (signed), 'f' (float); width in bits; how to print
def fmt(kind, width, b):
    if kind == 'f' or width == 64:
        return ('%08x' if width == 32 else '%016x') % b
    if kind == 'i':
        return '%d' % (b - (1 << width) if b >> (width - 1) else b)
    return '%d' % b


def twiddle(kind, width, b):
    hi = 1 << (width - 1)
    full = (1 << width) - 1
    if kind == 'i':
        return b ^ hi
    if kind == 'f':
        t = b ^ (full if b & hi else hi)
        if t == (hi ^ full):        # twiddled -0.0 -> twiddled +0.0
            t = hi
        return t
    return b


def radix(name, keys, kind, width, bt, ipt, mode, pairs, begin, end):
    n = bt * ipt
    ks = keys[:n]
    def digit(b):
        return (twiddle(kind, width, b) >> begin) & ((1 << (end - begin)) - 1)
    order = sorted(range(n), key=lambda p: digit(ks[p]), reverse=mode in ('desc', 'desc_striped'))
    striped = mode in ('striped', 'desc_striped')
    out = [[None] * ipt for _ in range(bt)]
    for r, p in enumerate(order):
        t, i = (r % bt, r // bt) if striped else (r // ipt, r % ipt)
        out[t][i] = fmt(kind, width, ks[p]) + ('/%d' % p if pairs else '')
    lines = ['# ' + name]
    for t in range(bt):
        lines.append('%s t%d: %s' % (name, t, ' '.join(out[t])))
    return lines


def f32val(b):
    return struct.unpack('<f', struct.pack('<I', b))[0]


UNINIT = object()


def merge_sort_group(keys, vals, nthreads, ipt, valid, last, less):
    """keys, vals: per thread lists (modified in place). CUB 3.0's BlockMergeSortStrategy::Sort."""
    oob = None
    if last:
        valid, oob = valid
    for t in range(nthreads):
        k = keys[t]
        if last:
            mx = oob
            for it in range(1, ipt):
                if ipt * t + it < valid:
                    mx = k[it] if less(mx, k[it]) else mx
                else:
                    k[it] = mx
        if not last or ipt * t < valid:
            v = vals[t]
            for i in range(ipt):
                for j in range(i & 1, ipt - 1, 2):
                    if less(k[j + 1], k[j]):
                        k[j], k[j + 1] = k[j + 1], k[j]
                        v[j], v[j + 1] = v[j + 1], v[j]
    tile = nthreads * ipt
    target = 2
    while target <= nthreads:
        merged, mask = target // 2, target - 1
        sh = [UNINIT] * (tile + 1)
        for t in range(nthreads):
            for it in range(ipt):
                sh[ipt * t + it] = keys[t][it]
        newk, idxs = [], []
        for t in range(nthreads):
            start = ipt * (~mask & t)
            size = ipt * merged
            diag = min(valid, ipt * (mask & t))
            k1b = min(valid, start)
            k1e = min(valid, k1b + size)
            k2b = k1e
            k2e = min(valid, k2b + size)
            c1, c2 = k1e - k1b, k2e - k2b
            # merge path
            lo = 0 if diag < c2 else diag - c2
            hi = min(diag, c1)
            while lo < hi:
                mid = lo + (hi - lo) // 2
                if less(sh[k2b + diag - 1 - mid], sh[k1b + mid]):
                    hi = mid
                else:
                    lo = mid + 1
            a, b = k1b + lo, k2b + diag - lo
            ae, be = k1e, k2e
            key1, key2 = sh[a], sh[b]
            out, ind = [], []
            for it in range(ipt):
                p = b < be and (a >= ae or less(key2, key1))
                out.append(key2 if p else key1)
                ind.append(b if p else a)
                if p:
                    b += 1
                    key2 = sh[b]
                else:
                    a += 1
                    key1 = sh[a]
            newk.append(out)
            idxs.append(ind)
        # values (through the same storage; the keys were read first)
        shv = [None] * (tile + 1)
        for t in range(nthreads):
            for it in range(ipt):
                shv[ipt * t + it] = vals[t][it]
        for t in range(nthreads):
            keys[t] = newk[t]
            vals[t] = [shv[x] for x in idxs[t]]
        target *= 2


def merge_lines(name, raw, kind, bt, ipt, pairs, valid, oob, lw=None):
    """lw: logical warp size (WarpMergeSort), else one group of bt threads."""
    if kind == 'f':
        conv = lambda b: (f32val(b), b)
        less = lambda x, y: x[0] < y[0]
        show = lambda x: '%08x' % x[1]
        oobk = conv(oob)
    else:
        conv = lambda b: b - (1 << 32) if b >> 31 else b
        less = lambda x, y: x < y
        show = lambda x: '%d' % x
        oobk = oob
    keys = [[conv(raw[t * ipt + i]) for i in range(ipt)] for t in range(bt)]
    vals = [[t * ipt + i for i in range(ipt)] for t in range(bt)]
    g = lw or bt
    for w in range(bt // g):
        K, V = keys[w * g:(w + 1) * g], vals[w * g:(w + 1) * g]
        if valid is None:
            merge_sort_group(K, V, g, ipt, g * ipt, False, less)
        else:
            merge_sort_group(K, V, g, ipt, (valid, oobk), True, less)
        keys[w * g:(w + 1) * g], vals[w * g:(w + 1) * g] = K, V
    lines = ['# ' + name]
    for t in range(bt):
        items = []
        for i in range(ipt):
            k = keys[t][i]
            s = 'UNINIT' if k is UNINIT else show(k)
            items.append(s + ('/%d' % vals[t][i] if pairs else ''))
        lines.append('%s t%d: %s' % (name, t, ' '.join(items)))
    return lines


L = []
L += radix('radix u32 128x4 keys', u32, 'u', 32, 128, 4, 'sort', False, 0, 32)
L += radix('radix u32 128x4 pairs [4,12)', u32, 'u', 32, 128, 4, 'sort', True, 4, 12)
L += radix('radix i32 128x4 pairs desc', i32, 'i', 32, 128, 4, 'desc', True, 0, 32)
L += radix('radix f32 64x7 pairs', f32, 'f', 32, 64, 7, 'sort', True, 0, 32)
L += radix('radix f32 64x7 pairs desc', f32, 'f', 32, 64, 7, 'desc', True, 0, 32)
L += radix('radix f32 96x3 keys striped', f32, 'f', 32, 96, 3, 'striped', False, 0, 32)
L += radix('radix f64 96x3 pairs striped', f64, 'f', 64, 96, 3, 'striped', True, 0, 64)
L += radix('radix f64 64x7 pairs desc-striped', f64, 'f', 64, 64, 7, 'desc_striped', True, 0, 64)
L += radix('radix u8 96x3 pairs', u8, 'u', 8, 96, 3, 'sort', True, 0, 8)
L += radix('radix u16 128x4 pairs desc [3,16) rb5', u16, 'u', 16, 128, 4, 'desc', True, 3, 16)
L += radix('radix u64 64x7 pairs desc-striped', u64, 'u', 64, 64, 7, 'desc_striped', True, 0, 64)
L += radix('radix u64 32x8 keys [4,12)', u64, 'u', 64, 32, 8, 'sort', False, 4, 12)
L += radix('radix u32 32x8 pairs desc rb8 nomemo raking', u32, 'u', 32, 32, 8, 'desc', True, 0, 32)
L += radix('radix i32 96x3 pairs striped 8-byte counters', i32, 'i', 32, 96, 3, 'striped', True, 0, 32)
L += radix('radix i32 16x4x5 2-D pairs desc', ieq, 'i', 32, 64, 5, 'desc', True, 0, 32)
L += radix('radix i32 48x5 pairs (raking fallback)', ieq, 'i', 32, 48, 5, 'sort', True, 0, 32)

L += merge_lines('merge int 128x4 pairs', ieq, 'i', 128, 4, True, None, 0)
L += merge_lines('merge int 64x7 pairs valid 300 oob 99', ieq, 'i', 64, 7, True, 300, 99)
L += merge_lines('merge int 64x7 keys valid 3 oob 99', ieq, 'i', 64, 7, False, 3, 99)
L += merge_lines('merge int 32x5 pairs stable valid 0 oob -7', ieq, 'i', 32, 5, True, 0, -7)
L += merge_lines('merge int 32x5 pairs stable valid 101 oob 2', ieq, 'i', 32, 5, True, 101, 2)
L += merge_lines('merge f32 64x7 pairs', f32m, 'f', 64, 7, True, None, 0)
L += merge_lines('merge f32 128x3 keys stable', f32m, 'f', 128, 3, False, None, 0)
L += merge_lines('merge f32 128x3 pairs valid 200 oob -0', f32m, 'f', 128, 3, True, 200, 0x80000000)

L += merge_lines('warp32 int 4 pairs', ieq, 'i', 64, 4, True, None, 0, lw=32)
L += merge_lines('warp32 int 4 pairs valid 77 oob 50', ieq, 'i', 64, 4, True, 77, 50, lw=32)
L += merge_lines('warp16 f32 3 pairs', f32m, 'f', 64, 3, True, None, 0, lw=16)
L += merge_lines('warp16 f32 3 pairs valid 20 oob 1', f32m, 'f', 64, 3, True, 20, 0x3f800000, lw=16)
L += merge_lines('warp8 int 5 keys', ieq, 'i', 64, 5, False, None, 0, lw=8)
L += merge_lines('warp8 int 5 keys valid 13 oob 9', ieq, 'i', 64, 5, False, 13, 9, lw=8)
print('\n'.join(L))
