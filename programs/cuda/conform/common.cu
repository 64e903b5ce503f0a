/* programs/cuda/conform/common.cu: what the sweeps share: random streams,
 * result rows and the report, CUDA error handling with a hang watchdog,
 * and active sets (the GPU's control flow and the model's). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "conform.h"

conform_rng conform_rng_for(uint64_t seed, const char *sweep)
{
    /* FNV-1a of the sweep's name, mixed into the seed. */
    uint64_t h = UINT64_C(0xCBF29CE484222325);
    for (const char *p = sweep; *p; p++)
        h = (h ^ (unsigned char)*p) * UINT64_C(0x100000001B3);
    conform_rng rng{seed ^ h};
    rng.next();
    return rng;
}

conform_row &conform_row_get(conform_ctx &ctx, const char *name)
{
    for (conform_row &r : ctx.rows)
        if (r.name == name)
            return r;
    ctx.rows.emplace_back();
    ctx.rows.back().name = name;
    return ctx.rows.back();
}

void conform_mismatch(conform_ctx &ctx, conform_row &row, const char *fmt, ...)
{
    row.mismatches++;
    if ((int)row.details.size() >= ctx.max_report)
        return;
    char buf[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    row.details.emplace_back(buf);
}

size_t conform_scaled(const conform_ctx &ctx, size_t base)
{
    double n = (double)base * ctx.scale;
    return n < 1.0 ? 1 : (size_t)n;
}

bool conform_print_report(const conform_ctx &ctx, FILE *out)
{
    uint64_t cases = 0, lanes = 0, bad = 0;
    fprintf(out, "\n%-44s %10s %14s %11s\n", "primitive", "cases", "lane results", "mismatches");
    for (const conform_row &r : ctx.rows) {
        fprintf(out, "%-44s %10llu %14llu %11llu\n", r.name.c_str(), (unsigned long long)r.cases,
                (unsigned long long)r.lanes, (unsigned long long)r.mismatches);
        cases += r.cases;
        lanes += r.lanes;
        bad += r.mismatches;
    }
    fprintf(out, "%-44s %10llu %14llu %11llu\n", "total", (unsigned long long)cases, (unsigned long long)lanes,
            (unsigned long long)bad);
    if (bad) {
        fprintf(out, "\nfirst mismatches (at most %d per primitive):\n", ctx.max_report);
        for (const conform_row &r : ctx.rows)
            for (const std::string &d : r.details)
                fprintf(out, "  %s: %s\n", r.name.c_str(), d.c_str());
    }
    if (!ctx.failure.empty())
        fprintf(out, "\nstopped early: %s\n", ctx.failure.c_str());
    return bad == 0 && ctx.failure.empty();
}

bool conform_cuda_failed(conform_ctx &ctx, cudaError_t e, const char *call, const char *file, int line)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s:%d: %s: %s (%s)", file, line, call, cudaGetErrorString(e), cudaGetErrorName(e));
    ctx.failure = buf;
    return true;
}

bool conform_wait(conform_ctx &ctx, const char *kernel)
{
    cudaError_t e = cudaGetLastError();
    if (e != cudaSuccess) {
        char buf[512];
        snprintf(buf, sizeof buf, "launching %s", kernel);
        conform_cuda_failed(ctx, e, buf, __FILE__, __LINE__);
        return false;
    }
    cudaEvent_t done;
    CONFORM_CUDA(ctx, cudaEventCreateWithFlags(&done, cudaEventDisableTiming));
    CONFORM_CUDA(ctx, cudaEventRecord(done));
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (;;) {
        e = cudaEventQuery(done);
        if (e != cudaErrorNotReady)
            break;
        clock_gettime(CLOCK_MONOTONIC, &now);
        double waited = (double)(now.tv_sec - start.tv_sec) + 1e-9 * (double)(now.tv_nsec - start.tv_nsec);
        if (waited > ctx.timeout_s) {
            char buf[512];
            snprintf(buf, sizeof buf,
                     "kernel %s did not finish within %.0f s: taken as hung (a collective waiting for "
                     "lanes that never arrive?); a hung context cannot be recovered, so the run ends here",
                     kernel, ctx.timeout_s);
            ctx.failure = buf;
            conform_print_report(ctx, stdout);
            printf("warpsim-conform: FAIL (hang; seed 0x%016llx)\n", (unsigned long long)ctx.seed);
            fflush(stdout);
            fflush(stderr);
            _exit(1);
        }
        usleep(200);
    }
    cudaEventDestroy(done);
    if (e != cudaSuccess) {
        char buf[512];
        snprintf(buf, sizeof buf, "running %s", kernel);
        conform_cuda_failed(ctx, e, buf, __FILE__, __LINE__);
        return false;
    }
    return true;
}

active_set active_random(conform_rng &rng)
{
    active_set a{};
    a.threads = rng.chance(3, 5) ? 32 : rng.range(1, 31);
    uint32_t present = active_present(a);
    /* Exits in half the cases, with a random density; one lane stays. */
    if (rng.chance(1, 2)) {
        a.exited = rng.subset(present, rng.range(1, 7), 8);
        if (a.exited == present)
            a.exited &= ~(1u << rng.below((uint32_t)a.threads));
    }
    uint32_t live = active_live(a);
    if (rng.chance(3, 10)) {
        a.branch = live;
    } else {
        a.branch = rng.subset(live, rng.range(1, 7), 8);
        if (!a.branch) { /* one random live lane */
            int n = __builtin_popcount(live), k = (int)rng.below((uint32_t)n);
            uint32_t m = live;
            for (int i = 0; i < k; i++)
                m &= m - 1;
            a.branch = m & (~m + 1);
        }
    }
    uint32_t gone = ~live; /* exited or absent: never waited for */
    a.mask_if = a.branch;
    a.mask_else = live & ~a.branch;
    switch (rng.below(4)) {
    case 0: break;                                                   /* exactly the callers */
    case 1: a.mask_if |= gone; a.mask_else |= gone; break;           /* all gone lanes too */
    default:                                                         /* some gone lanes */
        a.mask_if |= rng.subset(gone, 1, 2);
        a.mask_else |= rng.subset(gone, 1, 2);
        break;
    }
    return a;
}

std::string active_describe(const active_set &a)
{
    char buf[256];
    uint32_t else_lanes = active_else(a);
    int n = snprintf(buf, sizeof buf, "threads %d, exited 0x%08x, branch 0x%08x, mask 0x%08x", a.threads, a.exited,
                     a.branch, a.mask_if);
    if (else_lanes && n > 0 && (size_t)n < sizeof buf)
        snprintf(buf + n, sizeof buf - (size_t)n, ", else 0x%08x with mask 0x%08x", else_lanes, a.mask_else);
    return buf;
}

ws_warp *active_model_warp(const active_set &a, std::string &err)
{
    ws_warp_desc desc;
    memset(&desc, 0, sizeof desc);
    desc.profile = WS_PROFILE_SM90;
    desc.threads = a.threads;
    desc.diag_policy = WS_DIAG_POLICY_IGNORE; /* the comparison is the point, not the report */
    ws_warp *w = nullptr;
    ws_status s = ws_warp_create(&desc, &w);
    if (s != WS_OK) {
        err = std::string("ws_warp_create: ") + ws_status_name(s);
        return nullptr;
    }
    if (a.exited) {
        if ((s = ws_if_lanes(w, a.exited)) != WS_OK || (s = ws_exit(w)) != WS_OK || (s = ws_end_if(w)) != WS_OK) {
            err = std::string("exiting lanes: ") + ws_status_name(s) + ": " + ws_warp_error(w);
            ws_warp_destroy(w);
            return nullptr;
        }
    }
    return w;
}

std::string conform_lane_values32(const uint32_t *v, uint32_t lanes)
{
    std::string s;
    char buf[32];
    for (int l = 0; l < 32; l++) {
        if (!((lanes >> l) & 1u))
            continue;
        snprintf(buf, sizeof buf, "%s%d:%08x", s.empty() ? "" : " ", l, v[l]);
        s += buf;
    }
    return s.empty() ? "(none)" : s;
}

std::string conform_lane_values64(const uint64_t *v, uint32_t lanes)
{
    std::string s;
    char buf[40];
    for (int l = 0; l < 32; l++) {
        if (!((lanes >> l) & 1u))
            continue;
        snprintf(buf, sizeof buf, "%s%d:%016llx", s.empty() ? "" : " ", l, (unsigned long long)v[l]);
        s += buf;
    }
    return s.empty() ? "(none)" : s;
}
