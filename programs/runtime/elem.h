/* programs/runtime/elem.h: the element types a program runs on, and how their
 * values are written and read as text. */
#ifndef WARPSIM_PROGRAMS_ELEM_H
#define WARPSIM_PROGRAMS_ELEM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "warpsim/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The model's register types under the same numbers, plus sym: a plain
 * element and its ws_type convert by a cast, and the names and widths are the
 * model's (ws_type_name, ws_type_is_64bit). */
typedef enum wk_elem {
    WK_U32 = WS_U32,
    WK_I32 = WS_I32,
    WK_F32 = WS_F32,
    WK_U64 = WS_U64,
    WK_I64 = WS_I64,
    WK_F64 = WS_F64,
    WK_SYM = WS_TYPE_COUNT, /* symbolic sums: how many times each input is counted */
    WK_ELEM_COUNT
} wk_elem;

#define WK_BIT(e) (1u << (e))
#define WK_INTS (WK_BIT(WK_I32) | WK_BIT(WK_U32) | WK_BIT(WK_I64) | WK_BIT(WK_U64))
#define WK_NUMBERS (WK_INTS | WK_BIT(WK_F32) | WK_BIT(WK_F64))
#define WK_ALL_ELEMS (WK_NUMBERS | WK_BIT(WK_SYM))

/* The order types are listed in (help, `warpsim list`, messages, the
 * cross-check's rows): i32 u32 f32 f64 i64 u64 sym, the order of the numbers
 * before they followed ws_type, so every output stays as it was. */
extern const wk_elem wk_elem_order[WK_ELEM_COUNT];
/* A type's place in wk_elem_order (-1 if bad): what the cross-check's case
 * seeds and capture files store, so saved captures still replay. */
int wk_elem_rank(wk_elem e);

const char *wk_elem_name(wk_elem e);                    /* "i32", ..., "sym"; NULL if bad */
bool wk_elem_from_name(const char *name, wk_elem *out);

/* The register type a value is stored in: the same number; sym (and a bad
 * value) in u32 (sym's values are handles). */
static inline ws_type wk_elem_storage(wk_elem e) { return (unsigned)e < WS_TYPE_COUNT ? (ws_type)e : WS_U32; }
/* The plain element of a register type. Not a bare cast: a bad register's
 * type is WS_TYPE_COUNT, which would read as WK_SYM. */
static inline wk_elem wk_elem_of_storage(ws_type t) { return (unsigned)t < WS_TYPE_COUNT ? (wk_elem)t : WK_U32; }

bool wk_elem_is_float(wk_elem e);
bool wk_elem_is_signed(wk_elem e);
int wk_elem_bits(wk_elem e);                            /* 32 or 64 (sym: 32) */

struct wk_sym_table;

/* Writes a value as text: decimal integers; floats as the shortest decimal
 * that reads back to the same bits ("-0", "inf", "-inf", NaN as
 * "nan(0x7fffffff)" with its bits); sym through `sym`. Truncates with "..."
 * when buf is too small. Returns buf. */
char *wk_format(wk_elem e, uint64_t bits, const struct wk_sym_table *sym, char *buf, size_t size);
/* The bits as "0x" and 8 or 16 hex digits. */
char *wk_format_hex(wk_elem e, uint64_t bits, char *buf, size_t size);

/* Reads one value. Integers: decimal or 0x hex, in the type's range.
 * Floats: C float literals (decimal or hex), inf, -inf, nan, nan(0x...)
 * for a NaN with those bits; rounded once to the type. With raw_bits the
 * text is the bit pattern (decimal or 0x hex) for every type. sym takes no
 * values. On failure returns false with a reason in err ("not a number",
 * "out of range for u32", ...). */
bool wk_parse(wk_elem e, const char *text, bool raw_bits, uint64_t *bits, char *err, size_t err_size);

#ifdef __cplusplus
}
#endif
#endif
