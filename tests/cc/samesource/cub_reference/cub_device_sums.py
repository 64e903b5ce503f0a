#!/usr/bin/env python3
# Independent reference for the sum scans of programs/cuda/samesource/cub_device.cu over many tiles
# (n = 100000 and 1<<20), whose inputs are integer values: every partial sum is exact in float and
# double, so any order of additions gives these bits. Prints those result lines as the program
# prints them; tests/cc/samesource/expected/cub_device.out is the GPU's output (an H100, 2026-12-06)
# with these lines in place of the ones it printed for the order-sensitive inputs used then.
#   python3 tests/cc/samesource/cub_reference/cub_device_sums.py
import struct

M32 = 0xffffffff
FNV_OFFSET, FNV_PRIME, M64 = 1469598103934665603, 1099511628211, (1 << 64) - 1


def hsh(x):
    x &= M32
    x ^= x >> 16
    x = (x * 0x7feb352d) & M32
    x ^= x >> 15
    x = (x * 0x846ca68b) & M32
    x ^= x >> 16
    return x


def in_int(i):
    return hsh(i) % 1000 - 500


def fnv(data):
    h = FNV_OFFSET
    for b in data:
        h = ((h ^ b) * FNV_PRIME) & M64
    return h


def line(name, n, values, fmt):
    raw = b''.join(struct.pack('<' + fmt, v) for v in values)
    width = 8 if fmt == 'f' else 16
    bits = [struct.unpack('<' + ('I' if fmt == 'f' else 'Q'), struct.pack('<' + fmt, v))[0] for v in values]
    show = lambda vs: ' '.join('%0*x' % (width, b) for b in vs)
    return '%s n=%d count=%d fnv=%016x first %s last %s' % (name, n, n, fnv(raw), show(bits[:3]), show(bits[-3:]))


for n in (100000, 1 << 20):
    x = [in_int(i) for i in range(n)]
    inclusive, s = [], 0
    for v in x:
        s += v
        assert abs(s) < 1 << 22  # exact in float, also with 0.5 added
        inclusive.append(s)
    exclusive = [0] + inclusive[:-1]
    print(line('Scan::ExclusiveSum<float>', n, exclusive, 'f'))
    print(line('Scan::InclusiveSum<float>', n, inclusive, 'f'))
    print(line('Scan::InclusiveSum<double>', n, inclusive, 'd'))
    print(line('Scan::InclusiveScanInit<float,plus>', n, [v + 0.5 for v in inclusive], 'f'))
    print(line('Scan::InclusiveSum<float>inplace', n, inclusive, 'f'))
