// What the same-source programs that run a table of float operations share (ftz_ops.cu,
// fast_math_ops.cu, prec_sqrt_ops.cu): their random inputs, the hash of each operation's
// results, the dump of inputs and results that a directory argument asks for, and the whole run
// of the programs of two inputs. A program defines FLOAT_OPS_SEED, its random sequence's start,
// before it includes this file.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static uint64_t float_ops_state = FLOAT_OPS_SEED;
static uint32_t next_random()
{
    float_ops_state ^= float_ops_state << 13, float_ops_state ^= float_ops_state >> 7, float_ops_state ^= float_ops_state << 17;
    return (uint32_t)(float_ops_state >> 16);
}

// No NaN inputs: the CPU's arithmetic keeps a NaN's payload where the GPU's makes 0x7FFFFFFF, which
// warpsim reports (NAN_PAYLOAD) rather than models; NaNs are another program's subject.
static uint32_t not_nan(uint32_t u) { return (u & 0x7F800000u) == 0x7F800000u && (u & 0x7FFFFFu) ? u & 0xFF7FFFFFu : u; }

// FNV-1a of operation k's results (r holds n rows of ops results), and how many were +-0.
static uint64_t results_hash(const std::vector<uint32_t> &r, int n, int ops, int k, int *zeros)
{
    uint64_t h = 0xcbf29ce484222325ull;
    *zeros = 0;
    for (int i = 0; i < n; i++) {
        uint32_t v = r[(size_t)i * ops + k];
        *zeros += (v & 0x7FFFFFFFu) == 0;
        for (int byte = 0; byte < 4; byte++)
            h = (h ^ ((v >> (8 * byte)) & 0xFF)) * 0x100000001b3ull;
    }
    return h;
}

// DIR/ops.bin: each input array, then the results.
static void write_ops(const char *dir, const std::vector<const std::vector<float> *> &inputs,
                      const std::vector<uint32_t> &r)
{
    FILE *f = std::fopen((std::string(dir) + "/ops.bin").c_str(), "wb");
    if (!f)
        return;
    for (const std::vector<float> *in : inputs)
        std::fwrite(in->data(), 4, in->size(), f);
    std::fwrite(r.data(), 4, r.size(), f);
    std::fclose(f);
}

// A program of two inputs: a[i] = input(i), b[i] = input(i + 2) for n of them, kernel(a, b, r)
// over blocks of 128 (r: n rows of ops results), then one line an operation: its name and the
// hash of its results.
template <typename K>
static int run_two_input_ops(K kernel, uint32_t (*input)(int), int n, int ops, const char *const *names, int argc,
                             char **argv)
{
    std::vector<float> a(n), b(n);
    for (int i = 0; i < n; i++) {
        uint32_t u = input(i), v = input(i + 2);
        std::memcpy(&a[i], &u, 4);
        std::memcpy(&b[i], &v, 4);
    }
    float *da, *db;
    uint32_t *dr;
    cudaMalloc(&da, n * 4);
    cudaMalloc(&db, n * 4);
    cudaMalloc(&dr, (size_t)n * ops * 4);
    cudaMemcpy(da, a.data(), n * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), n * 4, cudaMemcpyHostToDevice);
    kernel<<<n / 128, 128>>>(da, db, dr);
    std::vector<uint32_t> r((size_t)n * ops);
    cudaMemcpy(r.data(), dr, (size_t)n * ops * 4, cudaMemcpyDeviceToHost);
    if (cudaGetLastError() != cudaSuccess) {
        std::printf("launch failed\n");
        return 1;
    }
    for (int k = 0; k < ops; k++) {
        int zeros;
        uint64_t h = results_hash(r, n, ops, k, &zeros);
        std::printf("%-20s %016llx\n", names[k], (unsigned long long)h);
    }
    if (argc > 1)
        write_ops(argv[1], {&a, &b}, r);
    cudaFree(da);
    cudaFree(db);
    cudaFree(dr);
    return 0;
}
