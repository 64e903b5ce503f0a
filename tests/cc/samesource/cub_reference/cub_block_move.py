#!/usr/bin/env python3
# Independent reference for programs/cuda/samesource/cub_block_move.cu: what each line must be,
# from CUB's documented arrangements (blocked, striped, warp-striped), scatter by rank, and the
# documented semantics of the neighbour algorithms. No warpsim, no CUB.
import numpy as np

M = 0xffffffff
NIN, NBUF = 2048, 1024


def hash32(x):
    x &= M
    x ^= x >> 16
    x = (x * 0x7feb352d) & M
    x ^= x >> 15
    x = (x * 0x846ca68b) & M
    x ^= x >> 16
    return x


f32 = np.float32
in_int, in_float, run_int, run_float, in_bytes = [], [], [], [], []
fr = [f32(0.0), f32(-0.0), f32(1.5), f32(-2.25)]
for k in range(NIN):
    h, g = hash32(k), hash32(k + 77777)
    in_int.append(int(h % 200001) - 100000)
    in_float.append(f32(-0.0) if k % 17 == 5 else f32(f32(int(g % 20001) - 10000) / f32(64.0)))
    run_int.append(int(hash32(k // 2 + 999) % 3) - 1)
    run_float.append(fr[hash32(k // 2 + 555) % 4])
    in_bytes.append(3 if hash32(k + 31337) % 7 == 0 else hash32(k) % 251)

out = []


def S(T, v):
    if T == 'int':
        return ' %d' % int(v)
    return ' %08x' % int(np.array([v], dtype=np.float32).view(np.uint32)[0])


def conv(T, v):
    return int(v) if T == 'int' else f32(v)


def marker(T, k):
    return conv(T, -1000 - k)


def rows(head, vals_by_row, T):
    for r, vals in enumerate(vals_by_row):
        out.append('%s %d:' % (head, r) + ''.join(S(T, v) for v in vals))


def inp(T):
    return in_int if T == 'int' else in_float


names = ["DIRECT", "STRIPED", "VECTORIZE", "TRANSPOSE", "WARP_TRANSPOSE", "WARP_TRANSPOSE_TIMESLICED"]


def loadstore(T, BX, BY, IPT, A):
    x = inp(T)
    NT = BX * BY
    TILE = NT * IPT
    valid = TILE - 37
    head = 'load/store %s %s %dx%d ipt %d valid %d' % (names[A], T, BX, BY, IPT, valid)
    lines = []

    # the arrangement each algorithm's Load leaves: position of thread t's item i in the tile
    def pos(t, i):
        if A == 1:
            return t + i * NT
        return t * IPT + i

    # for a partial load, who loaded position r (to know whose marker stays): the read's owner
    def reader(r):
        if A in (0, 2):
            return (r // IPT, r % IPT)
        if A in (1, 3):
            return (r % NT, r // NT)
        w, q = divmod(r, 32 * IPT)
        return (w * 32 + q % 32, q // 32)

    # after the store's exchange: position of thread t's item i
    def spos(t, i):
        if A in (0, 2):
            return t * IPT + i
        if A in (1, 3):
            return t + i * NT
        w, l = divmod(t, 32)
        return w * 32 * IPT + l + i * 32

    for t in range(NT):
        a = [x[pos(t, i)] for i in range(IPT)]
        b = []
        for i in range(IPT):
            r = pos(t, i)
            if r < valid:
                b.append(x[3 + r])
            else:
                u, j = reader(r)
                b.append(marker(T, u * IPT + j))
        c = [x[pos(t, i)] if pos(t, i) < valid else conv(T, -7) for i in range(IPT)]
        a2 = [x[spos(t, i)] for i in range(IPT)]
        c2 = [x[spos(t, i)] if spos(t, i) < valid else conv(T, -7) for i in range(IPT)]
        sfull = [x[t * IPT + i] for i in range(IPT)]
        sp = []
        for i in range(IPT):
            k = t * IPT + i
            p = k - 1
            sp.append(x[p] if 0 <= p < valid - 2 else marker(T, k + 5000))
        lines.append(a + b + c + a2 + c2 + sfull + sp)
    rows(head, lines, T)


def direct(T, BX, BY, IPT):
    x = inp(T)
    NT = BX * BY
    TILE = NT * IPT
    valid = TILE - 37
    head = 'direct %s %dx%d ipt %d valid %d' % (T, BX, BY, IPT, valid)
    lines = []

    def ws(t, i):
        return (t >> 5) * 32 * IPT + (t & 31) + i * 32

    for t in range(NT):
        row = []
        mk = [marker(T, t * IPT + i) for i in range(IPT)]
        bl = [t * IPT + i for i in range(IPT)]
        st = [t + i * NT for i in range(IPT)]
        wst = [ws(t, i) for i in range(IPT)]
        for srcs in (bl, st, wst):
            row += [x[s] for s in srcs]
            row += [x[1 + s] if s < valid else mk[i] for i, s in enumerate(srcs)]
            row += [x[2 + s] if s < valid else conv(T, 5) for i, s in enumerate(srcs)]
        row += [x[4 + s] for s in bl]
        r10 = [x[(s * 7) % 1024] for s in bl]
        row += r10
        row += [x[(s * 7) % 1024] if s < valid else r10[i] for i, s in enumerate(st)]
        for i in range(IPT):
            p = t * IPT + i
            row.append(x[100 + (p % NT) * IPT + p // NT] if p < valid else marker(T, 1023 - p + 5000))
        row += [x[100 + t * IPT + i] for i in range(IPT)]
        lines.append(row)
    rows(head, lines, T)
    nrows = (TILE + 8) // 8
    for b in range(7 if T == 'int' else 0):
        vals = []
        for k in range(nrows * 8):
            m = marker(T, k + 5000)
            if b in (0, 6):
                v = x[100 + k] if k < TILE else m
            elif b == 1:
                v = x[100 + k] if k < valid else m
            elif b in (2, 3):
                lim = TILE if b == 2 else valid
                v = x[100 + (k % NT) * IPT + k // NT] if k < lim else m
            else:
                lim = TILE if b == 4 else valid
                w, rem = divmod(k, 32 * IPT)
                v = x[100 + (w * 32 + rem % 32) * IPT + rem // 32] if k < lim else m
            vals.append(v)
        rows('direct stores %s %dx%d ipt %d buf %d' % (T, BX, BY, IPT, b), [vals[i:i + 8] for i in range(0, len(vals), 8)], T)


def inverse(f, n):
    inv = [None] * n
    for k in range(n):
        inv[f(k)] = k
    return inv


def exchange(T, BX, BY, IPT, TS):
    x = inp(T)
    NT = BX * BY
    TILE = NT * IPT
    p = 5 if TILE % 5 else 7 if TILE % 7 else 11
    perm = lambda k: (k * p + 3) % TILE
    pinv = inverse(perm, TILE)
    pad = IPT > 4 and (IPT & (IPT - 1)) == 0
    cell = lambda k: k + (k >> 5) if pad else k
    head = 'exchange %s %dx%d ipt %d timesliced %d p %d' % (T, BX, BY, IPT, int(TS), p)
    lines = []
    stale = lambda q: conv(T, -(cell(q) + 1) * 3)
    for t in range(NT):
        w, l = divmod(t, 32)
        row = []
        row += [x[t + i * NT] for i in range(IPT)]  # B2S
        s2b = lambda r: x[(r % NT) * IPT + r // NT]
        row += [s2b(t * IPT + i) for i in range(IPT)]  # S2B
        row += [x[w * 32 * IPT + l + i * 32] for i in range(IPT)]  # B2WS
        row += [x[(w * 32 + (l * IPT + i) % 32) * IPT + (l * IPT + i) // 32] for i in range(IPT)]  # WS2B
        row += [x[pinv[t * IPT + i]] for i in range(IPT)]  # ScatterToBlocked
        row += [x[pinv[t + i * NT]] for i in range(IPT)]  # ScatterToStriped
        row += [s2b(t * IPT + i) for i in range(IPT)]  # in place S2B
        row += [s2b(pinv[t * IPT + i]) for i in range(IPT)]  # in-place scatter of that
        row += [x[t + i * NT] for i in range(IPT)]  # to double
        g = []
        for i in range(IPT):
            q = t + i * NT
            k = pinv[q]
            g.append(x[k] if k % 5 != 2 else stale(q))
        fl = []
        for i in range(IPT):
            q = t + i * NT
            k = pinv[q]
            fl.append(x[k] if k % 3 != 0 else stale(q))
        row += g + fl + g
        lines.append(row)
    rows(head, lines, T)
    # the storage
    items = 32 * IPT if TS else TILE
    nitems = items + ((items >> 5) if pad else 0)
    RAW = ((nitems * 4 + 15) // 16 * 16) // 4
    raw = [marker(T, k) for k in range(RAW)]
    warps = (NT + 31) // 32
    if TS:
        for q in range(items):
            raw[cell(q)] = x[(warps - 1) * 32 * IPT + q]
    else:
        for r in range(TILE):
            raw[cell(r)] = x[r]
    head = 'exchange storage %s %dx%d ipt %d timesliced %d (%d items)' % (T, BX, BY, IPT, int(TS), RAW)
    rows(head, [raw[i:i + 8] for i in range(0, RAW // 8 * 8, 8)], T)
    if RAW % 8:
        rows(head, [raw[RAW // 8 * 8:]], T)


def warp(T, IPT, LWT):
    x = inp(T)
    TILE = LWT * IPT
    pad = IPT > 4 and (IPT & (IPT - 1)) == 0
    p5 = lambda k: (k * 5 + 3) % TILE
    p7 = lambda k: (k * 7 + 3) % TILE
    i5, i7 = inverse(p5, TILE), inverse(p7, TILE)
    lines, rks = [], []
    for t in range(64):
        w, l = divmod(t, LWT)
        base, valid = w * TILE, TILE - 3 - 5 * w
        mk = [marker(T, t * IPT + i) for i in range(IPT)]
        row = []
        bl = [l * IPT + i for i in range(IPT)]
        st = [l + i * LWT for i in range(IPT)]
        row += [x[base + q] for q in bl]
        row += [x[base + 1 + q] if q < valid else mk[i] for i, q in enumerate(bl)]
        row += [x[base + q] for q in st]
        row += [x[base + 1 + q] if q < valid else mk[i] for i, q in enumerate(st)]
        row += [x[base + q] if q < valid else conv(T, 9) for q in bl]
        row += [x[base + q] for q in bl]
        row += [x[base + 1 + q] if q < valid else marker(T, (w * LWT + q % LWT) * IPT + q // LWT) for q in bl]
        row += [x[base + q] if q < valid else conv(T, 9) for q in bl]
        row += [x[base + q] for q in st]  # items after the transposing store
        row += [x[base + q] for q in st]  # B2S
        row += [x[base + (q % LWT) * IPT + q // LWT] for q in bl]  # S2B
        row += [x[base + i5[q]] for q in st]
        row += [x[base + i7[q]] for q in st]
        row += [x[base + q] if q < valid else marker(T, base + q + 5000) for q in bl]
        lines.append(row)
        rks.append([p5(q) + ((p5(q) >> 5) if pad else 0) for q in bl])
    rows('warp %s ipt %d lanes %d' % (T, IPT, LWT), lines, T)
    rows('warp %s ipt %d lanes %d scatter ranks after' % (T, IPT, LWT), rks, 'int')
    n = 64 * IPT
    for b in range(3):
        vals = []
        for k in range(n):
            if b != 1:
                vals.append(x[k])
            else:
                w, q = divmod(k, TILE)
                valid = TILE - 3 - 5 * w
                l, i = q % LWT, q // LWT
                vals.append(x[w * TILE + l * IPT + i] if q < valid else marker(T, k + 5000))
        rows('warp stores %s ipt %d lanes %d buf %d' % (T, IPT, LWT, b), [vals[i:i + 8] for i in range(0, n, 8)], T)


def warp_shfl(T, LWT):
    x = inp(T)
    lines = []
    for t in range(32):
        w, l = divmod(t, LWT)
        tr = [x[(w * LWT + i) * LWT + l] for i in range(LWT)]
        lines.append(tr * 3)
    rows('warp shuffle %s lanes %d' % (T, LWT), lines, T)


def disc(T, BX, BY, IPT):
    R = run_int if T == 'int' else run_float
    NT = BX * BY
    TILE = NT * IPT
    pred, succ = R[NIN - 1], R[NIN - 2]
    neq = lambda a, b, idx: int(a != b)
    neqi = lambda a, b, idx: int(a != b or idx % 13 == 0)

    def heads(op, has_pred):
        return [(op(pred, R[0], 0) if has_pred else 1) if r == 0 else op(R[r - 1], R[r], r) for r in range(TILE)]

    def tails(op, has_succ):
        return [(op(R[r], succ, TILE) if has_succ else 1) if r == TILE - 1 else op(R[r], R[r + 1], r + 1)
                for r in range(TILE)]

    flagrows = [heads(neq, False), heads(neqi, True), heads(neq, False), tails(neq, False), tails(neqi, True),
                heads(neqi, False), tails(neqi, False), heads(neq, False), tails(neq, True), heads(neq, True),
                tails(neq, False), heads(neqi, True), tails(neqi, True), heads(neqi, True), tails(neqi, False)]
    head = 'discontinuity %s %dx%d ipt %d' % (T, BX, BY, IPT)
    for t in range(NT):
        s = '%s %d:' % (head, t)
        for fr_ in flagrows:
            s += ' ' + ''.join(str(fr_[t * IPT + i]) for i in range(IPT))
        s += ' |'
        for i in range(IPT):
            r = t * IPT + i
            s += S(T, marker(T, 0) if r == 0 else R[r - 1])
        out.append(s)


def adj(T, BX, BY, IPT):
    x = inp(T)
    NT = BX * BY
    TILE = NT * IPT
    X = lambda r: x[r] if T == 'int' else f32(x[r])
    sub = lambda a, b: (a - b) if T == 'int' else f32(f32(a) - f32(b))
    pred, succ = X(NIN - 1), X(NIN - 2)
    v1, v2 = TILE - 5, IPT * 5 + 1

    def left(r, valid=None, p=None):
        if valid is not None and r >= valid:
            return X(r)
        if r == 0:
            return X(0) if p is None else sub(X(0), p)
        return sub(X(r), X(r - 1))

    def right(r, valid=None, s=None):
        if valid is not None:
            return sub(X(r), X(r + 1)) if r < valid - 1 else X(r)
        if r == TILE - 1:
            return X(r) if s is None else sub(X(r), s)
        return sub(X(r), X(r + 1))

    fs = [lambda r: left(r), lambda r: left(r, p=pred), lambda r: left(r, v1), lambda r: left(r, v2, pred),
          lambda r: right(r), lambda r: right(r, s=succ), lambda r: right(r, v1), lambda r: right(r, v2),
          lambda r: left(r, 0), lambda r: right(r)]
    lines = []
    for t in range(NT):
        row = []
        for f in fs:
            row += [f(t * IPT + i) for i in range(IPT)]
        lines.append(row)
    rows('adjacent difference %s %dx%d ipt %d' % (T, BX, BY, IPT), lines, T)


def histo(BX, BY, IPT, BINS, alg):
    NT = BX * BY
    TILE = NT * IPT
    t1 = [in_bytes[k] % BINS for k in range(TILE)]
    t2 = [in_bytes[TILE + k] % BINS for k in range(TILE)]
    head = 'histogram %s %dx%d ipt %d bins %d' % (alg, BX, BY, IPT, BINS)
    for b in range(BINS):
        h1 = t1.count(b)
        out.append('%s bin %d: %d %d %d' % (head, b, h1, h1 + t2.count(b), 0))
    out.append('%s untouched: %08x' % (head, 0 if BINS >= 256 else 0xaaaa0000 + BINS))
    if alg != 'SORT':
        return
    i1, i2 = sorted(t1), sorted(t2)
    rows(head + ' items', [i1[t * IPT:(t + 1) * IPT] + i2[t * IPT:(t + 1) * IPT] for t in range(NT)], 'int')


for T, BX, BY, IPT in [('int', 128, 1, 4), ('int', 96, 1, 3), ('int', 32, 2, 1), ('float', 32, 2, 3)]:
    for A in range(6):
        loadstore(T, BX, BY, IPT, A)
direct('int', 128, 1, 4)
direct('float', 96, 1, 3)
for cfg in [('int', 128, 1, 4, False), ('int', 96, 1, 3, False), ('int', 96, 1, 3, True),
            ('float', 32, 2, 4, True), ('int', 32, 1, 8, False), ('float', 64, 1, 8, True)]:
    exchange(*cfg)
for cfg in [('int', 4, 32), ('int', 3, 16), ('float', 1, 16), ('int', 8, 16)]:
    warp(*cfg)
warp_shfl('int', 16)
warp_shfl('float', 32)
disc('int', 128, 1, 4)
disc('float', 32, 2, 3)
disc('int', 96, 1, 1)
adj('int', 128, 1, 4)
adj('float', 32, 2, 3)
adj('int', 96, 1, 1)
histo(128, 1, 4, 256, 'SORT')
histo(128, 1, 4, 256, 'ATOMIC')
histo(32, 2, 3, 50, 'ATOMIC')
histo(32, 2, 3, 50, 'SORT')
histo(96, 1, 1, 100, 'SORT')
print('\n'.join(out))
