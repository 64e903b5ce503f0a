/* GPU captures: the twins' results saved to a file (--save) so that the
 * comparison can be replayed later without a GPU (--load), e.g. to find
 * which side of a mismatch is wrong, or in CI. A case is found again by its
 * key (program, type, case index); its parameters and input are not stored,
 * since the seed regenerates them exactly.
 *
 * File: "WSXCAP3\n", u64 seed, u64 cases per program and type, then per case: u16 name length, the name, i32 type
 * (its wk_elem_rank, which stays when the enum's numbers move), u64 case, u64 hash of the input, i32 n_outputs,
 * per output {char name[32], u64 count, count x u64 bits}, u8 has_records, u8 records_are_prefix,
 * 32 x i32 n_records, then each lane's records (u64). Native byte order (the file stays on the
 * machines that made it). */
#include <stdlib.h>
#include <string.h>

#include "xcheck.h"

static const char magic[8] = "WSXCAP3\n";

/* FNV-1a over the case's input: a capture replayed against inputs that the
 * generator no longer makes (cases.c changed) is refused, not compared. */
static uint64_t input_hash(const uint64_t *input, size_t n)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < n; i++)
        for (int b = 0; b < 64; b += 8) {
            h ^= (input[i] >> b) & 0xff;
            h *= UINT64_C(0x100000001b3);
        }
    return h ^ n;
}

#define PUT(f, x) (fwrite(&(x), sizeof(x), 1, (f)) == 1)
#define GET(f, x) (fread(&(x), sizeof(x), 1, (f)) == 1)

/* More values than any case's output has (device-reduce: 1 + 65535
 * partials; block-sort: 1024 keys): a larger count is a damaged file. */
#define MAX_OUTPUT_VALUES ((uint64_t)1 << 20)

/* The header's size: where the cases start. */
#define HEADER_SIZE (sizeof magic + 2 * sizeof(uint64_t))

bool xc_capture_begin(FILE *f, uint64_t seed, uint64_t cases)
{
    return fwrite(magic, 1, sizeof magic, f) == sizeof magic && PUT(f, seed) && PUT(f, cases);
}

bool xc_capture_write(FILE *f, const char *program, wk_elem type, uint64_t k, const uint64_t *input, size_t n,
                      const twin_result *g)
{
    uint64_t hash = input_hash(input, n);
    uint16_t len = (uint16_t)strlen(program);
    int32_t t = wk_elem_rank(type), n_out = g->n_outputs;
    uint8_t has = g->has_records, prefix = g->records_are_prefix;
    bool ok = PUT(f, len) && fwrite(program, 1, len, f) == len && PUT(f, t) && PUT(f, k) && PUT(f, hash) && PUT(f, n_out);
    for (int i = 0; ok && i < g->n_outputs; i++) {
        const twin_output *o = &g->outputs[i];
        uint64_t count = o->count;
        ok = fwrite(o->name, 1, sizeof o->name, f) == sizeof o->name && PUT(f, count) &&
             fwrite(o->bits, sizeof *o->bits, o->count, f) == o->count;
    }
    ok = ok && PUT(f, has) && PUT(f, prefix) && fwrite(g->n_records, sizeof g->n_records, 1, f) == 1;
    for (int lane = 0; ok && lane < 32; lane++)
        ok = fwrite(g->records[lane], sizeof(uint64_t), (size_t)g->n_records[lane], f) == (size_t)g->n_records[lane];
    return ok;
}

/* Reads the next case of the file into g (zeroed by the caller); false at
 * the end or on a damaged file (err says which). */
static bool read_case(FILE *f, char *name, size_t name_size, int32_t *type, uint64_t *k, uint64_t *hash,
                      twin_result *g, char *err, size_t err_size)
{
    uint16_t len;
    if (!GET(f, len)) {
        if (!feof(f))
            snprintf(err, err_size, "read error");
        return false;
    }
    int32_t n_out;
    if (len >= name_size || fread(name, 1, len, f) != len || !GET(f, *type) || !GET(f, *k) || !GET(f, *hash) || !GET(f, n_out) ||
        n_out < 0 || n_out > WK_MAX_OUTPUTS) {
        snprintf(err, err_size, "damaged or truncated (a case header)");
        return false;
    }
    name[len] = '\0';
    for (int i = 0; i < n_out; i++) {
        twin_output *o = &g->outputs[i];
        uint64_t count;
        if (fread(o->name, 1, sizeof o->name, f) != sizeof o->name || !GET(f, count) || count > MAX_OUTPUT_VALUES) {
            snprintf(err, err_size, "damaged or truncated after case %s %llu's header", name, (unsigned long long)*k);
            return false;
        }
        o->name[sizeof o->name - 1] = '\0';
        o->bits = malloc((count ? count : 1) * sizeof *o->bits);
        g->n_outputs = i + 1;
        o->count = count;
        if (!o->bits || fread(o->bits, sizeof *o->bits, count, f) != count) {
            snprintf(err, err_size, "damaged or truncated in case %s %llu's output %s", name, (unsigned long long)*k,
                     o->name);
            return false;
        }
    }
    uint8_t has, prefix;
    if (!GET(f, has) || !GET(f, prefix) || fread(g->n_records, sizeof g->n_records, 1, f) != 1) {
        snprintf(err, err_size, "damaged or truncated in case %s %llu's records", name, (unsigned long long)*k);
        return false;
    }
    g->has_records = has, g->records_are_prefix = prefix;
    for (int lane = 0; lane < 32; lane++)
        if (g->n_records[lane] < 0 || g->n_records[lane] > TWIN_MAX_RECORDS ||
            fread(g->records[lane], sizeof(uint64_t), (size_t)g->n_records[lane], f) != (size_t)g->n_records[lane]) {
            snprintf(err, err_size, "damaged or truncated in case %s %llu's records", name, (unsigned long long)*k);
            return false;
        }
    return true;
}

bool xc_capture_check(FILE *f, uint64_t *seed, uint64_t *cases, char *err, size_t err_size)
{
    char m[sizeof magic];
    if (fread(m, 1, sizeof m, f) != sizeof m || memcmp(m, magic, sizeof m) != 0 || !GET(f, *seed) ||
        !GET(f, *cases)) {
        snprintf(err, err_size, "not a warpsim-xcheck capture of this version (no WSXCAP3 header)");
        return false;
    }
    return true;
}

bool xc_capture_find(FILE *f, const char *program, wk_elem type, uint64_t k, const uint64_t *input, size_t n,
                     twin_result *g, char *err, size_t err_size)
{
    /* Cases are read back in the order they were saved, so the wanted one is
     * usually next; otherwise the file is searched once from the start. */
    for (int pass = 0; pass < 2; pass++) {
        char name[64];
        int32_t t;
        uint64_t kk, hash;
        err[0] = '\0';
        for (;;) {
            twin_result_free(g);
            if (!read_case(f, name, sizeof name, &t, &kk, &hash, g, err, err_size)) {
                twin_result_free(g);
                if (err[0])
                    return false;
                break;
            }
            if (t == wk_elem_rank(type) && kk == k && strcmp(name, program) == 0) {
                if (hash == input_hash(input, n))
                    return true;
                twin_result_free(g);
                snprintf(err, err_size,
                         "case %s %s %llu was captured from another input: the case generator "
                         "(programs/cuda/xcheck/cases.c) changed since; capture again on a GPU",
                         program, wk_elem_name(type), (unsigned long long)k);
                return false;
            }
        }
        if (pass == 0 && fseek(f, (long)HEADER_SIZE, SEEK_SET) != 0)
            break;
    }
    snprintf(err, err_size, "the capture has no case %s %s %llu (it was saved with a different --program or --type "
             "selection, or the programs' types changed)",
             program, wk_elem_name(type), (unsigned long long)k);
    return false;
}
