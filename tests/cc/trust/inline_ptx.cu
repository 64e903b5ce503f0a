// Inline PTX: the special registers, shfl.sync in each mode (with and without |p, CUDA widths
// through c), vote.sync, and bfe/bfi/prmt/brev on edge values. A 16x4 block: two warps, and
// lanes that are the linear thread index modulo 32, not threadIdx.x. The expected output was
// worked out from the PTX ISA's pseudo-code, then matched the H200's (nvcc 13.0, -arch=sm_90).
#include <cstdio>
#include <cstring>

#define FULL 0xffffffffu

__global__ void per_thread(unsigned *o)
{
    unsigned t = threadIdx.y * blockDim.x + threadIdx.x, *r = o + 32 * t;
    unsigned lane, eq, le, lt, ge, gt, tx, ty;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    asm volatile("mov.u32 %0, %%lanemask_eq;\n\t"
                 "mov.u32 %1, %%lanemask_le;\n\t"
                 "mov.u32 %2, %%lanemask_lt;"
                 : "=r"(eq), "=r"(le), "=r"(lt));
    __asm__("mov.u32 %0, %%lanemask_ge;" : "=r"(ge));
    __asm__ __volatile__("mov.u32 %0, %%lanemask_gt;" : "=r"(gt));
    asm("mov.u32 %0, %%tid.x; mov.u32 %1, %%tid.y;" : "=r"(tx), "=r"(ty));
    unsigned ids;
    asm("{\n\t"
        ".reg .u32 w, nw, s, ns;\n\t"
        ".reg .pred p, q;\n\t"
        "mov.u32 w, %%warpid;\n\t"
        "mov.u32 nw, %%nwarpid;\n\t"
        "mov.u32 s, %%smid;\n\t"
        "mov.u32 ns, %%nsmid;\n\t"
        "setp.lt.u32 p, w, nw;\n\t"
        "setp.lt.u32 q, s, ns;\n\t"
        "and.pred p, p, q;\n\t"
        "selp.u32 %0, 1, 0, p;\n\t"
        "}"
        : "=r"(ids));
    r[0] = lane, r[1] = eq, r[2] = le, r[3] = lt, r[4] = ge, r[5] = gt, r[6] = tx, r[7] = ty, r[8] = ids;

    unsigned v = 100 + t, idx, idx37, up, up_p, down, down_p, bfly, bfly_p, idx8, idx8_p;
    asm volatile("shfl.sync.idx.b32 %0, %1, %2, 0x1f, %3;" : "=r"(idx) : "r"(v), "r"((lane * 7) & 31), "r"(FULL));
    asm volatile("shfl.sync.idx.b32 %0, %1, 37, 0x1f, %2;" : "=r"(idx37) : "r"(v), "r"(FULL));
    asm volatile("{\n\t"
                 ".reg .pred p;\n\t"
                 "shfl.sync.up.b32 %0|p, %2, 3, 0x1800, %3;\n\t"
                 "selp.u32 %1, 1, 0, p;\n\t"
                 "}"
                 : "=r"(up), "=r"(up_p)
                 : "r"(v), "r"(FULL));
    asm volatile("{ .reg .pred p; shfl.sync.down.b32 %0|p, %2, 5, 0x101f, %3; selp.u32 %1, 1, 0, p; }"
                 : "=r"(down), "=r"(down_p)
                 : "r"(v), "r"(FULL));
    asm volatile("{ .reg .pred p; shfl.sync.bfly.b32 %0|p, %2, 6, 0x1c1f, %3; selp.u32 %1, 1, 0, p; }"
                 : "=r"(bfly), "=r"(bfly_p)
                 : "r"(v), "r"(FULL));
    asm volatile("{ .reg .pred p; shfl.sync.idx.b32 %0|p, %2, %3, %4, %5; selp.u32 %1, 1, 0, p; }"
                 : "=r"(idx8), "=r"(idx8_p)
                 : "r"(v), "r"(13), "n"(0x181f), "r"(FULL));
    r[9] = idx, r[10] = idx37, r[11] = up, r[12] = up_p, r[13] = down, r[14] = down_p, r[15] = bfly;
    r[16] = bfly_p, r[17] = idx8, r[18] = idx8_p;

    unsigned ballot, ballot_neg, all, any, uni, uni_odd, all_neg, third = t % 3 == 0;
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, p, %2; }"
                 : "=r"(ballot)
                 : "r"(third), "r"(FULL));
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.ballot.b32 %0, !p, %2; }"
                 : "=r"(ballot_neg)
                 : "r"(third), "r"(FULL));
    asm volatile("{ .reg .pred p; setp.lt.u32 p, %1, 32; vote.sync.all.pred p, p, %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(all)
                 : "r"(lane), "r"(FULL));
    asm volatile("{ .reg .pred p; setp.eq.u32 p, %1, 40; vote.sync.any.pred p, p, %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(any)
                 : "r"(t), "r"(FULL));
    asm volatile("{ .reg .pred p; setp.lt.u32 p, %1, 32; vote.sync.uni.pred p, p, %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(uni)
                 : "r"(t), "r"(FULL));
    asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0; vote.sync.uni.pred p, p, %2; selp.u32 %0, 1, 0, p; }"
                 : "=r"(uni_odd)
                 : "r"(lane & 1), "r"(FULL));
    asm volatile("{ .reg .pred p, q; setp.ge.u32 p, %1, 32; vote.sync.all.pred q, !p, %2; selp.u32 %0, 1, 0, q; }"
                 : "=r"(all_neg)
                 : "r"(lane), "r"(FULL));
    r[19] = ballot, r[20] = ballot_neg, r[21] = all, r[22] = any, r[23] = uni, r[24] = uni_odd, r[25] = all_neg;
}

// Bit-field operations: one thread, the cases from tables.
struct bfe_case {
    unsigned a, pos, len;
};
struct bfe64_case {
    unsigned long long a;
    unsigned pos, len;
};
struct bfi_case {
    unsigned a, b, pos, len;
};
static const bfe_case bfe32[] = {{0xF0F0A5C3u, 0, 8},  {0xF0F0A5C3u, 4, 8},  {0xF0F0A5C3u, 28, 8},
                                 {0xF0F0A5C3u, 0, 0},  {0xF0F0A5C3u, 32, 4}, {0xF0F0A5C3u, 256, 8},
                                 {0xF0F0A5C3u, 0, 32}, {0xF0F0A5C3u, 0, 40}, {0xF0F0A5C3u, 16, 16},
                                 {0x00008000u, 8, 8},  {0x00008000u, 12, 4}, {0x00008000u, 32, 4},
                                 {0x00008000u, 14, 2}, {0x00008000u, 271, 1}};
static const bfe64_case bfe64[] = {{0x8123456789ABCDEFull, 60, 8}, {0x8123456789ABCDEFull, 4, 8},
                                   {0x8123456789ABCDEFull, 32, 32}, {0x8123456789ABCDEFull, 64, 4},
                                   {0x8123456789ABCDEFull, 0, 0},   {0x0123456789ABCDEFull, 60, 8}};
static const bfi_case bfi32[] = {{0xABu, 0xFFFF0000u, 4, 8},  {0xABu, 0xFFFF0000u, 28, 8},
                                 {0xABu, 0xFFFF0000u, 0, 0},  {0xABu, 0xFFFF0000u, 32, 8},
                                 {0xABu, 0xFFFF0000u, 260, 8}, {0xABu, 0xFFFF0000u, 0, 32}};
static const unsigned prmt_c[] = {0x3210u, 0x7654u, 0x0123u, 0x8888u, 0xBA98u, 0xF6E4u, 0x12345u};
static const unsigned brev_a[] = {0x00000001u, 0x12345678u, 0xFFFF0000u};

enum { N_BFE32 = 14, N_BFE64 = 6, N_BFI32 = 6, N_PRMT = 7, N_BREV = 3 };
struct tables {
    bfe_case bfe32[N_BFE32];
    bfe64_case bfe64[N_BFE64];
    bfi_case bfi32[N_BFI32];
    unsigned prmt_c[N_PRMT], brev_a[N_BREV];
};

__global__ void bits(const tables *in, unsigned *o32, unsigned long long *o64)
{
    for (int i = 0; i < N_BFE32; i++) {
        unsigned u, s;
        asm("bfe.u32 %0, %2, %3, %4;\n\tbfe.s32 %1, %2, %3, %4;"
            : "=r"(u), "=r"(s)
            : "r"(in->bfe32[i].a), "r"(in->bfe32[i].pos), "r"(in->bfe32[i].len));
        o32[2 * i] = u, o32[2 * i + 1] = s;
    }
    for (int i = 0; i < N_BFE64; i++) {
        unsigned long long u, s;
        asm("bfe.u64 %0, %2, %3, %4; bfe.s64 %1, %2, %3, %4;"
            : "=l"(u), "=l"(s)
            : "l"(in->bfe64[i].a), "r"(in->bfe64[i].pos), "r"(in->bfe64[i].len));
        o64[2 * i] = u, o64[2 * i + 1] = s;
    }
    for (int i = 0; i < N_BFI32; i++) {
        unsigned f;
        asm("bfi.b32 %0, %1, %2, %3, %4;"
            : "=r"(f)
            : "r"(in->bfi32[i].a), "r"(in->bfi32[i].b), "r"(in->bfi32[i].pos), "r"(in->bfi32[i].len));
        o32[40 + i] = f;
    }
    unsigned long long f64a, f64b;
    asm("bfi.b64 %0, %2, %3, 60, 8;\n\t"
        "bfi.b64 %1, %2, %3, 28, 8;"
        : "=l"(f64a), "=l"(f64b)
        : "l"(0xABull), "l"(0xFFFFFFFF00000000ull));
    o64[20] = f64a, o64[21] = f64b;
    for (int i = 0; i < N_PRMT; i++) {
        unsigned d;
        asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(0x80FF7F01u), "r"(0x7F80017Eu), "r"(in->prmt_c[i]));
        o32[50 + i] = d;
    }
    for (int i = 0; i < N_BREV; i++) {
        unsigned d;
        asm("brev.b32 %0, %1;" : "=r"(d) : "r"(in->brev_a[i]));
        o32[60 + i] = d;
    }
    unsigned long long b1, b2, b3;
    asm("brev.b64 %0, %3; brev.b64 %1, %4; brev.b64 %2, %5;"
        : "=l"(b1), "=l"(b2), "=l"(b3)
        : "l"(1ull), "l"(0x12345678ull), "l"(0x8000000000000001ull));
    o64[30] = b1, o64[31] = b2, o64[32] = b3;
    // The glue: signed and unsigned compares, add and sub wrapping, a guarded instruction.
    unsigned lt_s, lt_u, sum, diff, guarded = 7;
    asm("{ .reg .pred p; setp.lt.s32 p, %4, 0; selp.u32 %0, 1, 0, p; setp.lt.u32 p, %4, 0; selp.u32 %1, 1, 0, p;\n\t"
        "add.u32 %2, %4, 10; sub.u32 %3, 3, %4; }"
        : "=r"(lt_s), "=r"(lt_u), "=r"(sum), "=r"(diff)
        : "r"(-5));
    asm("{ .reg .pred p; setp.eq.u32 p, %1, 1; @p mov.u32 %0, 1; @!p mov.u32 %0, 2; }" : "+r"(guarded) : "r"(1));
    o32[70] = lt_s, o32[71] = lt_u, o32[72] = sum, o32[73] = diff, o32[74] = guarded;
}

int main()
{
    unsigned *d, *d32, h[64 * 32], h32[80];
    unsigned long long *d64, h64[40];
    tables tab, *dt;
    memcpy(tab.bfe32, bfe32, sizeof bfe32);
    memcpy(tab.bfe64, bfe64, sizeof bfe64);
    memcpy(tab.bfi32, bfi32, sizeof bfi32);
    memcpy(tab.prmt_c, prmt_c, sizeof prmt_c);
    memcpy(tab.brev_a, brev_a, sizeof brev_a);
    cudaMalloc(&d, sizeof h);
    cudaMalloc(&d32, sizeof h32);
    cudaMalloc(&d64, sizeof h64);
    cudaMalloc(&dt, sizeof tab);
    cudaMemcpy(dt, &tab, sizeof tab, cudaMemcpyHostToDevice);
    per_thread<<<1, dim3(16, 4)>>>(d);
    bits<<<1, 1>>>(dt, d32, d64);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    cudaMemcpy(h32, d32, sizeof h32, cudaMemcpyDeviceToHost);
    cudaMemcpy(h64, d64, sizeof h64, cudaMemcpyDeviceToHost);
    for (int t = 0; t < 64; t++) {
        const unsigned *r = h + 32 * t;
        printf("t%02d tid %u,%u lane %2u eq %08x le %08x lt %08x ge %08x gt %08x ids %u\n", t, r[6], r[7], r[0],
               r[1], r[2], r[3], r[4], r[5], r[8]);
    }
    for (int t = 0; t < 64; t++) {
        const unsigned *r = h + 32 * t;
        printf("t%02d idx %u idx37 %u up %u/%u down %u/%u bfly %u/%u idx8 %u/%u\n", t, r[9], r[10], r[11], r[12],
               r[13], r[14], r[15], r[16], r[17], r[18]);
    }
    for (int t = 0; t < 64; t++) {
        const unsigned *r = h + 32 * t;
        printf("t%02d ballot %08x !ballot %08x all %u any %u uni %u uni_odd %u all_neg %u\n", t, r[19], r[20],
               r[21], r[22], r[23], r[24], r[25]);
    }
    for (int i = 0; i < N_BFE32; i++)
        printf("bfe a %08x pos %u len %u: u32 %08x s32 %08x\n", bfe32[i].a, bfe32[i].pos, bfe32[i].len, h32[2 * i],
               h32[2 * i + 1]);
    for (int i = 0; i < N_BFE64; i++)
        printf("bfe a %016llx pos %u len %u: u64 %016llx s64 %016llx\n", bfe64[i].a, bfe64[i].pos, bfe64[i].len,
               h64[2 * i], h64[2 * i + 1]);
    for (int i = 0; i < N_BFI32; i++)
        printf("bfi.b32 a %08x b %08x pos %u len %u: %08x\n", bfi32[i].a, bfi32[i].b, bfi32[i].pos, bfi32[i].len,
               h32[40 + i]);
    printf("bfi.b64 a ab b ffffffff00000000 pos 60 len 8: %016llx, pos 28 len 8: %016llx\n", h64[20], h64[21]);
    for (int i = 0; i < N_PRMT; i++)
        printf("prmt.b32 a 80ff7f01 b 7f80017e c %05x: %08x\n", prmt_c[i], h32[50 + i]);
    for (int i = 0; i < N_BREV; i++)
        printf("brev.b32 %08x: %08x\n", brev_a[i], h32[60 + i]);
    printf("brev.b64 1, 12345678, 8000000000000001: %016llx %016llx %016llx\n", h64[30], h64[31], h64[32]);
    printf("setp.lt.s32 -5 %u setp.lt.u32 -5 %u add %u sub %u guarded %u\n", h32[70], h32[71], h32[72], h32[73],
           h32[74]);
    return 0;
}
