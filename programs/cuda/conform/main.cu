/* programs/cuda/conform/main.cu: warpsim-conform, the primitive conformance
 * sweep. Runs shuffles, vote, match, redux and float operations on the GPU
 * and compares every lane's bits with the warpsim model (sm90 profile).
 * Exit status: 0 all matched, 1 a mismatch (or a CUDA error or hang),
 * 2 bad arguments, 77 no CUDA device (ctest's SKIP_RETURN_CODE). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "conform.h"

namespace {

struct sweep {
    const char *name;
    const char *what;
    bool (*run)(conform_ctx &);
};

/* In running order: converged cases first, divergent ones next, the
 * undefined mask case last (an error there must not hide the others). */
const sweep sweeps[] = {
    {"fp", "f32/f64 add, sub, mul, fma, min, max: special patterns crossed, and random ones", sweep_fp},
    {"shfl", "the four intrinsics on u32: offsets -64..300, widths 0..33, 48, 64, -1", sweep_shfl_intrinsics},
    {"shfl64", "the same on u64 (two 32-bit shuffles, high word first)", sweep_shfl_intrinsics64},
    {"ptx", "raw shfl.sync, four modes, random b and c (uniform, then per lane): value and predicate",
     sweep_shfl_ptx},
    {"active", "shuffles reading inactive (divergent), exited and absent lanes", sweep_shfl_active},
    {"vote", "__all/__any/__uni/__ballot_sync and __activemask over active sets", sweep_vote},
    {"match", "__match_any/__match_all_sync, b32 and b64, over active sets", sweep_match},
    {"redux", "__reduce_{add,min,max}_sync int and unsigned, __reduce_{and,or,xor}_sync", sweep_redux},
    {"ub", "converged shuffles whose one mask omits callers (undefined: the mask does not gate)",
     sweep_shfl_mask_ub},
};
const size_t n_sweeps = sizeof sweeps / sizeof sweeps[0];

void usage(FILE *out)
{
    fprintf(out,
            "usage: warpsim-conform [--seed N] [--scale X] [--only LIST] [--max-report N] [--timeout S]\n"
            "                       [--list] [--help]\n"
            "\n"
            "Runs warp primitives on the GPU and compares every lane's result, bit for bit, with\n"
            "the warpsim model (sm90 profile). Prints the seed, a table (primitive, cases, lane\n"
            "results compared, mismatches) and the first mismatches with their inputs.\n"
            "\n"
            "  --seed N        replay a run (decimal or 0x hex); default: a random seed, printed\n"
            "  --scale X       multiply the number of random cases by X (0 < X <= 64; default 1)\n"
            "  --only LIST     run only these sweeps (comma-separated names, see --list)\n"
            "  --max-report N  mismatch details kept per primitive (default 4)\n"
            "  --timeout S     seconds before a kernel counts as hung (default 60)\n"
            "  --list          list the sweeps and exit\n"
            "\n"
            "Exit status: 0 every lane matched, 1 a mismatch, a CUDA error or a hang, 2 bad\n"
            "arguments, 77 no CUDA device (\"skipped: no CUDA device (<reason>)\").\n");
}

bool parse_double(const char *s, double *out)
{
    char *end = nullptr;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || end == s || *end)
        return false;
    *out = v;
    return true;
}

bool parse_u64(const char *s, uint64_t *out)
{
    char *end = nullptr;
    errno = 0;
    if (*s == '-')
        return false;
    unsigned long long v = strtoull(s, &end, 0);
    if (errno || end == s || *end)
        return false;
    *out = v;
    return true;
}

uint64_t random_seed()
{
    uint64_t seed = 0;
    FILE *f = fopen("/dev/urandom", "rb");
    if (f) {
        if (fread(&seed, sizeof seed, 1, f) != 1)
            seed = 0;
        fclose(f);
    }
    if (!seed) {
        struct timespec t;
        clock_gettime(CLOCK_REALTIME, &t);
        seed = (uint64_t)t.tv_sec * UINT64_C(1000000007) ^ (uint64_t)t.tv_nsec;
    }
    return seed;
}

/* Marks the sweeps named in a comma-separated list; false on an unknown one. */
bool select_sweeps(const char *list, bool chosen[])
{
    std::string s(list);
    size_t start = 0;
    while (start <= s.size()) {
        size_t comma = s.find(',', start);
        std::string name = s.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        bool found = false;
        for (size_t i = 0; i < n_sweeps; i++)
            if (name == sweeps[i].name)
                chosen[i] = found = true;
        if (!found) {
            fprintf(stderr, "warpsim-conform: unknown sweep '%s' (see --list)\n", name.c_str());
            return false;
        }
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return true;
}

double seconds_since(const struct timespec &start)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - start.tv_sec) + 1e-9 * (double)(now.tv_nsec - start.tv_nsec);
}

} // namespace

int main(int argc, char **argv)
{
    conform_ctx ctx;
    bool have_seed = false, only = false;
    bool chosen[n_sweeps] = {};
    const char *only_list = nullptr;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = i + 1 < argc ? argv[i + 1] : nullptr;
        bool takes_value = !strcmp(a, "--seed") || !strcmp(a, "--scale") || !strcmp(a, "--only") ||
                           !strcmp(a, "--max-report") || !strcmp(a, "--timeout");
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        }
        if (!strcmp(a, "--list")) {
            for (size_t k = 0; k < n_sweeps; k++)
                printf("%-8s %s\n", sweeps[k].name, sweeps[k].what);
            return 0;
        }
        if (!takes_value) {
            fprintf(stderr, "warpsim-conform: unknown argument '%s'\n", a);
            usage(stderr);
            return 2;
        }
        if (!val) {
            fprintf(stderr, "warpsim-conform: %s needs a value\n", a);
            return 2;
        }
        i++;
        double d = 0;
        uint64_t u = 0;
        if (!strcmp(a, "--seed")) {
            if (!parse_u64(val, &ctx.seed)) {
                fprintf(stderr, "warpsim-conform: --seed wants an unsigned 64-bit number, not '%s'\n", val);
                return 2;
            }
            have_seed = true;
        } else if (!strcmp(a, "--scale")) {
            if (!parse_double(val, &d) || !(d > 0 && d <= 64)) {
                fprintf(stderr, "warpsim-conform: --scale wants a number in (0, 64], not '%s'\n", val);
                return 2;
            }
            ctx.scale = d;
        } else if (!strcmp(a, "--only")) {
            if (!select_sweeps(val, chosen))
                return 2;
            only = true;
            only_list = val;
        } else if (!strcmp(a, "--max-report")) {
            if (!parse_u64(val, &u) || u > 1000) {
                fprintf(stderr, "warpsim-conform: --max-report wants 0..1000, not '%s'\n", val);
                return 2;
            }
            ctx.max_report = (int)u;
        } else {
            if (!parse_double(val, &d) || !(d >= 1 && d <= 3600)) {
                fprintf(stderr, "warpsim-conform: --timeout wants seconds in [1, 3600], not '%s'\n", val);
                return 2;
            }
            ctx.timeout_s = d;
        }
    }
    if (!have_seed)
        ctx.seed = random_seed();

    printf("warpsim-conform: seed 0x%016llx (replay: warpsim-conform --seed 0x%016llx", (unsigned long long)ctx.seed,
           (unsigned long long)ctx.seed);
    if (ctx.scale != 1.0)
        printf(" --scale %g", ctx.scale);
    if (only)
        printf(" --only %s", only_list);
    printf(")\n");
    fflush(stdout);

    int devices = 0;
    cudaError_t e = cudaGetDeviceCount(&devices);
    if (e != cudaSuccess || devices == 0) {
        int no_driver = 0;
        /* No driver at all reads as "insufficient driver" from the runtime. */
        bool none = e != cudaSuccess && cudaDriverGetVersion(&no_driver) == cudaSuccess && no_driver == 0;
        printf("skipped: no CUDA device (%s%s%s)\n", none ? "no NVIDIA driver is installed: " : "",
               e != cudaSuccess ? "cudaGetDeviceCount: " : "",
               e != cudaSuccess ? cudaGetErrorString(e) : "cudaGetDeviceCount found none");
        return 77;
    }
    cudaDeviceProp prop;
    int driver = 0, runtime = 0;
    if ((e = cudaGetDeviceProperties(&prop, 0)) != cudaSuccess) {
        printf("warpsim-conform: cudaGetDeviceProperties: %s\n", cudaGetErrorString(e));
        return 1;
    }
    cudaDriverGetVersion(&driver);
    cudaRuntimeGetVersion(&runtime);
    printf("device 0: %s (sm_%d%d), CUDA driver %d.%d, runtime %d.%d; model: warpsim %s, profile sm90\n", prop.name,
           prop.major, prop.minor, driver / 1000, driver % 1000 / 10, runtime / 1000, runtime % 1000 / 10,
           ws_version());
    if (prop.major != 9 || prop.minor != 0)
        printf("warning: the sm90 profile was measured on an H200 (sm_90); this is sm_%d%d, where undefined cases "
               "(inactive sources, NaN bits) may differ\n",
               prop.major, prop.minor);
    fflush(stdout);

    struct timespec start;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (size_t i = 0; i < n_sweeps; i++) {
        if (only && !chosen[i])
            continue;
        struct timespec t0;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        bool ok = sweeps[i].run(ctx);
        printf("sweep %-7s %6.2f s  %s\n", sweeps[i].name, seconds_since(t0), sweeps[i].what);
        fflush(stdout);
        if (!ok) {
            if (ctx.failure.empty())
                ctx.failure = "the sweep failed";
            ctx.failure = std::string("sweep ") + sweeps[i].name + ": " + ctx.failure +
                          " (later sweeps not run: a CUDA error may poison the context)";
            break;
        }
    }
    bool pass = conform_print_report(ctx, stdout);
    uint64_t lanes = 0, bad = 0;
    for (const conform_row &r : ctx.rows) {
        lanes += r.lanes;
        bad += r.mismatches;
    }
    printf("warpsim-conform: %s: %llu lane results compared, %llu mismatches, %.1f s (seed 0x%016llx)\n",
           pass ? "PASS" : "FAIL", (unsigned long long)lanes, (unsigned long long)bad, seconds_since(start),
           (unsigned long long)ctx.seed);
    return pass ? 0 : 1;
}
