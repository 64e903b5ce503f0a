/* warpsim bench: how fast the untraced paths run, on one buffer of f32. */
#define _POSIX_C_SOURCE 200809L
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_frontend.h"
#include "bench_plain.h"
#include "cli.h"
#include "fast/device_reduce_fast.h"
#include "fast/fast_warps.h"
#include "runtime/program.h"
#include "writers/writers.h"

enum { O_HELP = 1, O_N, O_GRID, O_BLOCK, O_REPEAT, O_JSON, O_ISA };

static const cli_opt options[] = {
    {"help", false, O_HELP}, {"n", true, O_N},           {"grid", true, O_GRID}, {"block", true, O_BLOCK},
    {"repeat", true, O_REPEAT}, {"json", false, O_JSON}, {"isa", true, O_ISA}, {NULL, false, 0},
};

#define BENCH_DEFAULT_N ((size_t)1 << 26)
#define BENCH_MAX_N ((size_t)1 << 27)
/* A launch as a real device reduction makes it on an H200 (132 SMs, two
 * blocks of 8 warps each): 67584 thread sums, 132 KiB of f32 per core on
 * two cores. The program's own default (4 x 128, 512 sums) is a toy: its
 * columns are too narrow to split between cores (docs/performance.md). */
#define BENCH_DEFAULT_GRID 264
#define BENCH_DEFAULT_BLOCK 256
/* Per warp program: the whole buffer (2^27 values at most), so that its
 * rows read from memory as (2) does: a quarter of the default buffer (as
 * before) fits the 300 MiB L3 of the H200 host and read from there. */
#define BENCH_MAX_WARPS ((size_t)1 << 22)
#define BENCH_WARP_ROWS 64

static const char usage[] =
    "usage: warpsim bench [options]\n"
    "\n"
    "Measures, on one buffer of N f32 values (--gen rand:1), each repeated and\n"
    "reported as the median:\n"
    "  1. device-reduce on the fast path: the GPU's exact order and bits\n"
    "  2. a streaming-read baseline: the fastest sum of the same buffer in any\n"
    "     order (OpenMP, vectorised): the memory-bandwidth ceiling\n"
    "  3. every program with a per-warp fast path, on 32 and 64 lanes: warps per\n"
    "     second, GB/s as a fraction of (2), shuffle lane-operations per second\n"
    "  4. one fully traced 32-lane reduce-down with the text trace\n"
    "  5. the CUDA front end: a __shfl_down_sync kernel, every lane a fiber\n"
    "  6. the input generator alone (--gen rand:1)\n"
    "Options:\n"
    "  --n N          values in the buffer (default 2^26, from 64 to 2^27)\n"
    "  --grid G       device-reduce blocks (default 264: two per SM of an H200)\n"
    "  --block B      device-reduce threads per block (default 256)\n"
    "  --repeat R     times each measurement runs (default 5, 1..1000)\n"
    "  --json         print the results as JSON (schema warpsim-bench/1, docs/cli.md)\n"
    "  --isa NAME     the build of the fast warp loops: base, avx2 or avx512 (default:\n"
    "                 the widest this CPU runs; all give the same bits)\n"
    "Threads: OMP_NUM_THREADS (default: every CPU). A progress line goes to\n"
    "stderr when it is a terminal and the run takes over a second.\n"
    "Exit status: 0 ok, 1 a measurement failed, 2 bad arguments.\n";

typedef struct bench_args {
    size_t n;
    int grid, block, repeat;
    bool json, help;
} bench_args;

static int parse(int argc, char **argv, bench_args *a)
{
    char **positional = calloc((size_t)argc + 1, sizeof *positional);
    if (!positional)
        return CLI_EXIT_IO;
    cli_parser p;
    cli_parser_init(&p, "bench", argc, argv, positional);
    int id, rc = CLI_EXIT_OK;
    const char *v;
    long num;
    while (rc == CLI_EXIT_OK && (id = cli_next(&p, options, &v)) != 0) {
        switch (id) {
        case -1: rc = CLI_EXIT_USAGE; break;
        case O_HELP: a->help = true; break;
        case O_N:
            /* at least one 64-lane warp of inputs (the warp rows and the traced run read them) */
            if (!cli_size("--n", v, 64, BENCH_MAX_N, &a->n))
                rc = CLI_EXIT_USAGE;
            break;
        case O_GRID:
            if (!cli_long("--grid", v, 1, WK_MAX_GRID, &num))
                rc = CLI_EXIT_USAGE;
            a->grid = (int)num;
            break;
        case O_BLOCK:
            if (!cli_long("--block", v, 1, WK_MAX_BLOCK, &num))
                rc = CLI_EXIT_USAGE;
            a->block = (int)num;
            break;
        case O_REPEAT:
            if (!cli_long("--repeat", v, 1, 1000, &num))
                rc = CLI_EXIT_USAGE;
            a->repeat = (int)num;
            break;
        case O_JSON: a->json = true; break;
        case O_ISA:
            if (!wk_fast_set_isa(v)) {
                char buf[CLI_SHOWN_SIZE];
                cli_error("--isa %s: not a build this CPU runs (base, avx2 with AVX2, avx512 with AVX-512 F/DQ/VL/BW)",
                          cli_shown(v, buf, NULL));
                rc = CLI_EXIT_USAGE;
            }
            break;
        default: break;
        }
    }
    if (rc == CLI_EXIT_OK && !a->help && p.n_positional > 0) {
        char buf[CLI_SHOWN_SIZE];
        cli_error("bench: unexpected argument '%s'", cli_shown(positional[0], buf, NULL));
        rc = CLI_EXIT_USAGE;
    }
    free(positional);
    return rc;
}

/* ---- Timing and progress ------------------------------------------------ */

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

typedef struct progress {
    double start;
    bool terminal, shown;
} progress;

/* "bench: WHAT (i/r)" over the last one, once the run is past a second. */
static void progress_show(progress *pg, const char *what, int i, int r)
{
    if (!pg->terminal || now() - pg->start < 1.0)
        return;
    fprintf(stderr, "\rbench: %-40s %3d/%-3d", what, i, r);
    fflush(stderr);
    pg->shown = true;
}

static void progress_clear(progress *pg)
{
    if (pg->shown)
        fprintf(stderr, "\r%60s\r", "");
}

static int compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *t, int n)
{
    qsort(t, (size_t)n, sizeof *t, compare_doubles);
    return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* ---- The measurements ----------------------------------------------------- */

/* The fastest sum the compiler makes of the buffer, in any order: each
 * OpenMP thread sums its contiguous share as four quarters read side by
 * side (four memory streams, as device-reduce's four rows at once) into 16
 * independent accumulators that vectorise. Its only limit is how fast
 * memory delivers the bytes. */
static float baseline_sum(const float *x, size_t n)
{
    enum { W = 16 };
    float total = 0;
#pragma omp parallel reduction(+ : total)
    {
        size_t threads = (size_t)omp_get_num_threads(), id = (size_t)omp_get_thread_num();
        size_t lo = n / threads * id, hi = id + 1 == threads ? n : n / threads * (id + 1);
        size_t q = (hi - lo) / 4 / W * W;
        const float *x0 = x + lo, *x1 = x0 + q, *x2 = x1 + q, *x3 = x2 + q;
        float acc[W] = {0};
        for (size_t i = 0; i < q; i += W) {
#pragma omp simd
            for (int j = 0; j < W; j++)
                acc[j] += (x0[i + (size_t)j] + x1[i + (size_t)j]) + (x2[i + (size_t)j] + x3[i + (size_t)j]);
        }
        for (size_t i = lo + 4 * q; i < hi; i++)
            total += x[i];
        for (int j = 0; j < W; j++)
            total += acc[j];
    }
    return total;
}

typedef struct warp_result {
    const char *program;
    wk_elem type;            /* f32 where the program takes it, else its first 32-bit type */
    int lanes;
    size_t values_per_warp;  /* read and written (the first output), for GB/s */
    size_t warps;
    int shuffles;            /* per warp */
    double seconds;          /* median, 0 when it could not run */
    char error[160];
} warp_result;

static void run_warps(warp_result *w, const float *buf, size_t n, float *out, int repeat, progress *pg)
{
    const wk_program *p = wk_find_program(w->program);
    wk_params params = {.profile = w->lanes == 64 ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90, .type = w->type};
    if (p)
        wk_apply_defaults(p, &params);
    wk_fast_shape shape;
    if (!p || !wk_fast_shape_of(p, &params, &shape)) {
        snprintf(w->error, sizeof w->error, "no fast path");
        return;
    }
    /* Each warp reads in_per_warp values of the buffer (lanes; 8 per lane for transpose8). */
    w->warps = n / shape.in_per_warp < BENCH_MAX_WARPS ? n / shape.in_per_warp : BENCH_MAX_WARPS;
    w->values_per_warp = shape.in_per_warp + shape.outputs[0].per_warp;
    w->shuffles = wk_fast_shuffles_per_warp(p, &params);
    if (w->warps == 0) {
        snprintf(w->error, sizeof w->error, "--n is smaller than one warp's input");
        return;
    }
    double t[1000];
    char label[64];
    snprintf(label, sizeof label, "%s, %d lanes", w->program, w->lanes);
    for (int i = 0; i < repeat; i++) {
        progress_show(pg, label, i + 1, repeat);
        double t0 = now();
        void *const outs[1] = {out};
        if (!wk_fast_run_warps_outs(p, &params, buf, outs, 1, w->warps, w->error, sizeof w->error))
            return;
        t[i] = now() - t0;
    }
    w->seconds = median(t, repeat);
}

/* One traced 32-lane reduce-down, written as `warpsim run reduce-down
 * --type f32 --trace text` writes it (to /dev/null): init, run, write, free. */
static double traced_reduce_down(const float *buf, char *err, size_t err_size)
{
    const wk_program *p = wk_find_program("reduce-down");
    uint64_t in[32];
    for (int i = 0; i < 32; i++) {
        uint32_t u;
        memcpy(&u, &buf[i], sizeof u);
        in[i] = u;
    }
    FILE *sink = fopen("/dev/null", "w");
    if (!p || !sink) {
        snprintf(err, err_size, "%s", p ? "cannot open /dev/null" : "no reduce-down");
        if (sink)
            fclose(sink);
        return -1;
    }
    double t0 = now();
    wk_run r;
    wk_params params = {.profile = WS_PROFILE_SM90, .type = WK_F32, .trace = true};
    bool ok = wk_run_init(&r, p, &params, in, 32) && wk_run_exec(&r) && wk_write_trace_text(sink, &r) &&
              fputc('\n', sink) != EOF && wk_write_results_text(sink, &r) && fflush(sink) == 0;
    if (!ok)
        snprintf(err, err_size, "%.150s", r.error[0] ? r.error : "writing the trace failed");
    wk_run_free(&r);
    double t = now() - t0;
    fclose(sink);
    return ok ? t : -1;
}

/* The CPU's model name from /proc/cpuinfo, or "unknown". */
static void cpu_model(char *buf, size_t size)
{
    snprintf(buf, size, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "model name", 10) != 0)
            continue;
        const char *colon = strchr(line, ':');
        if (!colon)
            continue;
        colon++;
        while (*colon == ' ' || *colon == '\t')
            colon++;
        snprintf(buf, size, "%s", colon);
        buf[strcspn(buf, "\n")] = '\0';
        break;
    }
    fclose(f);
}

/* Fills the buffer as `--gen rand:1 --type f32` generates values. */
typedef struct fill_ctx {
    float *buf;
    size_t at;
} fill_ctx;

static bool fill(void *ctx, const void *values, size_t count)
{
    fill_ctx *c = ctx;
    memcpy(c->buf + c->at, values, count * sizeof *c->buf);
    c->at += count;
    return true;
}

/* A sink that takes the generator's chunks as a run would, without a copy. */
static bool take_chunk(void *ctx, const void *values, size_t count)
{
    (void)values;
    *(size_t *)ctx += count;
    return true;
}



typedef struct results {
    const bench_args *a;
    int threads;
    char cpu[200];
    double reduce_s, baseline_s, traced_s;
    uint64_t sum_bits;
    float baseline_value;
    warp_result warps[BENCH_WARP_ROWS]; /* 3: every program with a per-warp fast path, 32 and 64 lanes */
    int warp_rows;
    double plain_s;          /* 3b: plain C reduce-down, 32 lanes, on warps[plain_row]'s warps */
    int plain_row;           /* the 32-lane reduce-down row, -1 when there is none */
    char plain_error[160];
    size_t frontend_warps;   /* 5: the CUDA front end (every lane a fiber on the model) */
    double frontend_s;
    double gen_s;            /* 6: --gen rand:1 making the buffer's values, delivered in chunks */
} results;

/* The front end runs each lane as a fiber through the model: about a
 * thousand times slower than the fast path, so it gets fewer warps. */
#define BENCH_FRONTEND_WARPS ((size_t)1 << 14)

/* 3b: the same warps as reduce-down, 32 lanes, through plain C; `out`
 * holds warpsim's result of them, which the plain loop must give bit for
 * bit (the input has no NaN). */
static void plain_reduce_down(results *r, const float *buf, const float *out, progress *pg)
{
    size_t warps = r->warps[r->plain_row].warps;
    float *mine = malloc(warps * 32 * sizeof *mine);
    double *t = malloc((size_t)r->a->repeat * sizeof *t);
    if (!mine || !t) {
        snprintf(r->plain_error, sizeof r->plain_error, "out of memory");
        free(mine);
        free(t);
        return;
    }
    int repeat = r->a->repeat < 1000 ? r->a->repeat : 1000;
    for (int i = 0; i < repeat; i++) {
        progress_show(pg, "plain C reduce-down", i + 1, repeat);
        double t0 = now();
        bench_plain_reduce_down(buf, mine, warps);
        t[i] = now() - t0;
    }
    if (memcmp(mine, out, warps * 32 * sizeof *mine) != 0)
        snprintf(r->plain_error, sizeof r->plain_error, "its bits differ from warpsim's (a bug: report it)");
    else
        r->plain_s = median(t, repeat);
    free(mine);
    free(t);
}

/* ---- Printing ------------------------------------------------------------ */

static double per_s(double count, double seconds) { return seconds > 0 ? count / seconds : 0; }

/* A warp row's GB/s (the values a warp reads and the first output it
 * writes) and that as a fraction of the streaming read (2): the text and
 * the JSON print the same figures. */
static double row_gbps(const warp_result *w)
{
    return per_s((double)w->warps * (double)w->values_per_warp * 4, w->seconds) / 1e9;
}

static double row_read_ratio(const results *r, const warp_result *w)
{
    double read_gbps = per_s((double)r->a->n * 4, r->baseline_s) / 1e9;
    return read_gbps > 0 ? row_gbps(w) / read_gbps : 0;
}

/* The row the plain C loop was checked against (the 32-lane reduce-down). */
static const warp_result *plain_row(const results *r) { return &r->warps[r->plain_row >= 0 ? r->plain_row : 0]; }

static void print_text(const results *r)
{
    const bench_args *a = r->a;
    double n = (double)a->n, bytes = n * 4;
    printf("warpsim bench: %zu f32 values (%.0f MiB, --gen rand:1), median of %d runs\n", a->n,
           bytes / 1048576.0, a->repeat);
    printf("CPU: %s; %d OpenMP thread%s; fast warp loops: %s build\n\n", r->cpu, r->threads,
           r->threads == 1 ? "" : "s", wk_fast_isa());
    printf("%-52s %12s %14s %9s\n", "measurement", "time", "elements/s", "GB/s");
    printf("%-52s %9.3f ms %14.4g %9.2f\n", "1. device-reduce, fast path, GPU order", r->reduce_s * 1e3,
           per_s(n, r->reduce_s), per_s(bytes, r->reduce_s) / 1e9);
    printf("   grid %d x block %d, sum bits 0x%08x\n", a->grid, a->block, (unsigned)r->sum_bits);
    printf("%-52s %9.3f ms %14.4g %9.2f\n", "2. streaming-read baseline, any order", r->baseline_s * 1e3,
           per_s(n, r->baseline_s), per_s(bytes, r->baseline_s) / 1e9);
    printf("   its sum %.9g (another order: other bits)\n", (double)r->baseline_value);
    printf("   ratio (1)/(2) in throughput: %.3f\n\n", r->baseline_s > 0 && r->reduce_s > 0 ? r->baseline_s / r->reduce_s : 0);
    printf("%-34s %8s %12s %9s %8s %16s\n", "3. fast warps (f32 or u32)", "warps", "warps/s", "GB/s", "of (2)",
           "shuffle lane-op/s");
    for (int i = 0; i < r->warp_rows; i++) {
        const warp_result *w = &r->warps[i];
        char name[48];
        snprintf(name, sizeof name, "   %s, %d lanes%s", w->program, w->lanes, w->type == WK_F32 ? "" : " (u32)");
        if (w->seconds <= 0) {
            printf("%-34s %8zu  not measured: %s\n", name, w->warps, w->error);
            continue;
        }
        double elems = (double)w->warps * w->lanes;
        printf("%-34s %8zu %12.4g %9.2f %8.3f %16.4g\n", name, w->warps, per_s((double)w->warps, w->seconds),
               row_gbps(w), row_read_ratio(r, w), per_s(elems * w->shuffles, w->seconds));
    }
    printf("   (GB/s counts the input read and the output written; a shuffle lane-op is one lane's read)\n");
    const warp_result *w0 = plain_row(r);
    if (r->plain_s > 0)
        printf("   plain C reduce-down, 32 lanes, same warps and bits (bench_plain.c): %.4g warps/s;\n"
               "   warpsim's fast path runs at %.3f of it\n\n",
               per_s((double)w0->warps, r->plain_s), w0->seconds > 0 ? r->plain_s / w0->seconds : 0);
    else
        printf("   plain C reduce-down: not measured: %s\n\n", r->plain_error[0] ? r->plain_error : "no warps");
    printf("4. traced 32-lane reduce-down, text trace: %.3f ms\n", r->traced_s * 1e3);
    double fw = (double)r->frontend_warps;
    printf("5. CUDA front end (warpsim/cuda.h), reduce-down kernel, %zu warps: %.3f ms, %.4g warps/s, "
           "%.4g shuffle lane-ops/s (%.4g per thread)\n",
           r->frontend_warps, r->frontend_s * 1e3, per_s(fw, r->frontend_s), per_s(fw * 5 * 32, r->frontend_s),
           per_s(fw * 5 * 32, r->frontend_s) / r->threads);
    printf("6. --gen rand:1, f32, %zu values in chunks: %.3f ms, %.4g values/s (%.4g per thread)\n", a->n,
           r->gen_s * 1e3, per_s(n, r->gen_s), per_s(n, r->gen_s) / r->threads);
}

static void print_json(const results *r)
{
    const bench_args *a = r->a;
    double n = (double)a->n, bytes = n * 4;
    printf("{\n  \"schema\": \"warpsim-bench/1\",\n  \"cpu\": ");
    wk_json_string(stdout, r->cpu);
    printf(",\n  \"threads\": %d,\n  \"fast_isa\": \"%s\",\n  \"n\": %zu,\n  \"type\": \"f32\",\n"
           "  \"gen\": \"rand:1\",\n  \"repeat\": %d,\n",
           r->threads, wk_fast_isa(), a->n, a->repeat);
    printf("  \"device_reduce\": {\"grid\": %d, \"block\": %d, \"seconds\": %.9g, \"elements_per_s\": %.6g, "
           "\"gb_per_s\": %.6g, \"sum_bits\": \"0x%08x\"},\n",
           a->grid, a->block, r->reduce_s, per_s(n, r->reduce_s), per_s(bytes, r->reduce_s) / 1e9,
           (unsigned)r->sum_bits);
    printf("  \"baseline\": {\"seconds\": %.9g, \"elements_per_s\": %.6g, \"gb_per_s\": %.6g},\n", r->baseline_s,
           per_s(n, r->baseline_s), per_s(bytes, r->baseline_s) / 1e9);
    printf("  \"ratio\": %.6g,\n  \"warps\": [", r->baseline_s > 0 && r->reduce_s > 0 ? r->baseline_s / r->reduce_s : 0);
    for (int i = 0; i < r->warp_rows; i++) {
        const warp_result *w = &r->warps[i];
        double elems = (double)w->warps * w->lanes;
        printf("%s\n    {\"program\": \"%s\", \"type\": \"%s\", \"lanes\": %d, \"warps\": %zu, "
               "\"shuffles_per_warp\": %d, ",
               i ? "," : "", w->program, wk_elem_name(w->type), w->lanes, w->warps, w->shuffles);
        if (w->seconds <= 0) {
            printf("\"seconds\": null, \"error\": ");
            wk_json_string(stdout, w->error);
            printf("}");
            continue;
        }
        printf("\"seconds\": %.9g, \"warps_per_s\": %.6g, \"elements_per_s\": %.6g, \"gb_per_s\": %.6g, "
               "\"read_ratio\": %.6g, \"shuffle_lane_ops_per_s\": %.6g}",
               w->seconds, per_s((double)w->warps, w->seconds), per_s(elems, w->seconds), row_gbps(w),
               row_read_ratio(r, w), per_s(elems * w->shuffles, w->seconds));
    }
    const warp_result *w0 = plain_row(r);
    printf("\n  ],\n  \"plain_c_reduce_down\": {\"lanes\": 32, \"warps\": %zu, \"seconds\": %.9g, "
           "\"warps_per_s\": %.6g, \"warpsim_ratio\": %.6g},\n",
           w0->warps, r->plain_s, per_s((double)w0->warps, r->plain_s),
           r->plain_s > 0 && w0->seconds > 0 ? r->plain_s / w0->seconds : 0);
    printf("  \"traced_reduce_down\": {\"lanes\": 32, \"seconds\": %.9g},\n", r->traced_s);
    double fw = (double)r->frontend_warps;
    printf("  \"cuda_frontend\": {\"program\": \"reduce-down\", \"warps\": %zu, \"seconds\": %.9g, "
           "\"warps_per_s\": %.6g, \"shuffle_lane_ops_per_s\": %.6g},\n",
           r->frontend_warps, r->frontend_s, per_s(fw, r->frontend_s), per_s(fw * 5 * 32, r->frontend_s));
    printf("  \"gen\": {\"spec\": \"rand:1\", \"type\": \"f32\", \"values\": %zu, \"seconds\": %.9g, "
           "\"values_per_s\": %.6g}\n}\n",
           a->n, r->gen_s, per_s(n, r->gen_s));
}

int cmd_bench(int argc, char **argv)
{
    bench_args a = {.n = BENCH_DEFAULT_N, .grid = BENCH_DEFAULT_GRID, .block = BENCH_DEFAULT_BLOCK, .repeat = 5};
    int rc = parse(argc, argv, &a);
    if (rc != CLI_EXIT_OK)
        return rc;
    if (a.help) {
        fputs(usage, stdout);
        return CLI_EXIT_OK;
    }
    results r = {.a = &a, .threads = omp_get_max_threads(), .plain_row = -1};
    cpu_model(r.cpu, sizeof r.cpu);
    progress pg = {.start = now(), .terminal = isatty(STDERR_FILENO)};

    /* 64-byte aligned, as a program's own arrays would be: the fast path
     * streams whole cache lines to aligned outputs. */
    size_t bytes = (a.n * sizeof(float) + 63) / 64 * 64;
    float *buf = aligned_alloc(64, bytes), *out = aligned_alloc(64, bytes);
    uint64_t *partials = calloc((size_t)a.grid, sizeof *partials);
    if (!buf || !out || !partials) {
        cli_error("bench: out of memory for %zu values", a.n);
        free(buf);
        free(out);
        free(partials);
        return CLI_EXIT_IO;
    }
    fill_ctx fc = {buf, 0};
    rc = cli_stream_gen("rand:1", WK_F32, a.n, fill, &fc);
    memset(out, 0, a.n * sizeof *out); /* touch the pages before timing */
    double *t = malloc((size_t)a.repeat * sizeof *t);
    char err[200] = "";
    if (rc == CLI_EXIT_OK && !t)
        rc = CLI_EXIT_IO;

    /* 1 and 2 alternate, so both see the same state of the machine. */
    double *tb = t ? malloc((size_t)a.repeat * sizeof *tb) : NULL;
    wk_dr_shape shape = {.type = WK_F32, .profile = WS_PROFILE_SM90, .grid = a.grid, .block = a.block};
    for (int i = 0; rc == CLI_EXIT_OK && tb && i < a.repeat; i++) {
        progress_show(&pg, "device-reduce and the baseline", i + 1, a.repeat);
        double t0 = now();
        if (!wk_device_reduce_fast(&shape, buf, a.n, &r.sum_bits, partials, err, sizeof err)) {
            cli_error("bench: device-reduce: %s", err);
            rc = CLI_EXIT_SIM;
            break;
        }
        double t1 = now();
        r.baseline_value = baseline_sum(buf, a.n);
        double t2 = now();
        t[i] = t1 - t0;
        tb[i] = t2 - t1;
    }
    if (rc == CLI_EXIT_OK && tb) {
        r.reduce_s = median(t, a.repeat);
        r.baseline_s = median(tb, a.repeat);
    } else if (rc == CLI_EXIT_OK) {
        rc = CLI_EXIT_IO;
    }

    /* Every program with a per-warp fast path (the registry's order), on 32
     * and 64 lanes; the plain C loop next to the first, reduce-down's. */
    for (size_t i = 0; rc == CLI_EXIT_OK && i < wk_program_count; i++) {
        const wk_program *p = wk_programs[i];
        if (p->fast == WK_FAST_NONE || p->fast == WK_FAST_DEVICE_REDUCE)
            continue;
        wk_elem type = (p->types & WK_BIT(WK_F32)) ? WK_F32 : WK_U32; /* the buffer's bits, read as either */
        for (int lanes = 32; lanes <= 64 && r.warp_rows < BENCH_WARP_ROWS; lanes *= 2) {
            wk_params q = {.profile = lanes == 64 ? WS_PROFILE_WAVE64 : WS_PROFILE_SM90, .type = type};
            wk_apply_defaults(p, &q);
            wk_fast_shape fast_shape;
            if (!(p->types & WK_BIT(type)) || !(p->profiles & WK_PROFILE_BIT(q.profile)) ||
                !wk_fast_shape_of(p, &q, &fast_shape))
                continue;
            warp_result *w = &r.warps[r.warp_rows++];
            *w = (warp_result){.program = p->name, .type = type, .lanes = lanes};
            run_warps(w, buf, a.n, out, a.repeat < 1000 ? a.repeat : 1000, &pg);
            if (p->fast == WK_FAST_REDUCE_DOWN && type == WK_F32 && lanes == 32 && w->seconds > 0) {
                r.plain_row = r.warp_rows - 1; /* while `out` holds its bits, to check the plain loop against */
                plain_reduce_down(&r, buf, out, &pg);
            }
        }
    }

    for (int i = 0; rc == CLI_EXIT_OK && i < a.repeat; i++) {
        progress_show(&pg, "traced reduce-down", i + 1, a.repeat);
        t[i] = traced_reduce_down(buf, err, sizeof err);
        if (t[i] < 0) {
            cli_error("bench: traced reduce-down: %s", err);
            rc = CLI_EXIT_SIM;
        }
    }
    if (rc == CLI_EXIT_OK)
        r.traced_s = median(t, a.repeat);

    r.frontend_warps = a.n / 32 < BENCH_FRONTEND_WARPS ? a.n / 32 : BENCH_FRONTEND_WARPS;
    if (r.frontend_warps >= 8)
        r.frontend_warps -= r.frontend_warps % 8; /* whole blocks of 256 threads */
    for (int i = 0; rc == CLI_EXIT_OK && i < a.repeat; i++) {
        progress_show(&pg, "CUDA front end, reduce-down", i + 1, a.repeat);
        t[i] = bench_frontend_reduce(buf, out, r.frontend_warps, err, sizeof err);
        if (t[i] < 0) {
            cli_error("bench: CUDA front end: %s", err);
            rc = CLI_EXIT_SIM;
        }
    }
    if (rc == CLI_EXIT_OK)
        r.frontend_s = median(t, a.repeat);

    for (int i = 0; rc == CLI_EXIT_OK && i < a.repeat; i++) {
        progress_show(&pg, "--gen rand:1", i + 1, a.repeat);
        size_t taken = 0;
        double t0 = now();
        rc = cli_stream_gen("rand:1", WK_F32, a.n, take_chunk, &taken);
        t[i] = now() - t0;
    }
    if (rc == CLI_EXIT_OK)
        r.gen_s = median(t, a.repeat);
    progress_clear(&pg);
    if (rc == CLI_EXIT_OK) {
        if (a.json)
            print_json(&r);
        else
            print_text(&r);
    }
    free(t);
    free(tb);
    free(buf);
    free(out);
    free(partials);
    return rc;
}
