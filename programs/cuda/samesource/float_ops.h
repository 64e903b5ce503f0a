// What the same-source programs that run a table of float operations share (ftz_ops.cu,
// fast_math_ops.cu, prec_sqrt_ops.cu): their random inputs, the hash of each operation's
// results, and the dump of inputs and results that a directory argument asks for. A program
// defines FLOAT_OPS_SEED, its random sequence's start, before it includes this file.
#include <cstdint>
#include <cstdio>
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
