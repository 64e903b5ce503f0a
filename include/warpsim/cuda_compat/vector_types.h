/* vector_types.h for `warpsim cc`: CUDA's vector types and make_* functions, warpsim's own
 * (the toolkit's header is never found: this folder comes first). */
#include <warpsim/vector_types.h>
