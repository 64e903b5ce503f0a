/* warpsim: basic types shared by every public header. */
#ifndef WARPSIM_TYPES_H
#define WARPSIM_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* Marks what libwarpsim exports: the library is built with hidden
 * visibility (src/CMakeLists.txt), so only these functions are its ABI. */
#if defined(WARPSIM_BUILDING)
#define WS_API __attribute__((visibility("default")))
#else
#define WS_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A lane mask. 64 bits wide so that both a 32-lane warp and a 64-lane
 * wavefront fit; on a 32-lane profile only bits 0..31 mean anything. */
typedef uint64_t ws_mask;

#define WS_FULL32 ((ws_mask)0xFFFFFFFFu)
#define WS_FULL64 (~(ws_mask)0)

/* The low n bits (n = 0..64): all lanes of an n-lane warp, or the lanes
 * present in a block's last warp of n threads. */
static inline ws_mask ws_low_lanes(int n) { return n >= 64 ? WS_FULL64 : ((ws_mask)1 << n) - 1; }

/* A register handle. Its id is 1, 2, 3, ... in allocation order; id 0 is
 * never a valid register, so a zero-initialised field (or WS_NO_REG, or
 * ws_no_reg()) means "no register".
 *
 * Why a struct and not an int: with a plain int, passing a lane number, a
 * count or an immediate where a register goes (or swapping a register
 * argument with such an int argument) compiles silently. A one-field struct
 * (as sokol does for its handles) makes each of those a type error, at no
 * cost: it is passed and returned like an int. Two registers swapped with
 * each other still compile; names (dst, src) are the guard there. Compare
 * handles by their .id (or ws_reg_eq). */
typedef struct ws_reg {
    int id;
} ws_reg;

/* "No register" as a value, spelled per language (a C compound literal is
 * not C++; a braced temporary is not C): for arguments, assignments,
 * returns and local initialisers. A static or a struct field initialises
 * to it with {0} or by zero-initialisation. Functions that take a register
 * report WS_ERR_ARG for it, like any unknown register; where a register is
 * optional (pred_dst, the *_reg fields of ws_coll_desc) it means "none". */
#ifdef __cplusplus
#define WS_NO_REG (ws_reg{0})
#else
#define WS_NO_REG ((ws_reg){0})
#endif

/* The same as a function, for code that prefers no macro. */
static inline ws_reg ws_no_reg(void)
{
    ws_reg r = {0};
    return r;
}

/* True if reg names a register (its id is not 0). It does not say that the
 * register exists on a given warp: ws_reg_type() or ws_reg_name() do. */
static inline bool ws_reg_is_set(ws_reg reg) { return reg.id != 0; }

/* True if a and b are the same handle. */
static inline bool ws_reg_eq(ws_reg a, ws_reg b) { return a.id == b.id; }

/* How a register's 64-bit cell is viewed. The view never changes bits:
 * a 32-bit type lives in the low word of the cell, the high word is 0. */
typedef enum ws_type {
    WS_U32 = 0,
    WS_I32,
    WS_F32,
    WS_U64,
    WS_I64,
    WS_F64,
    WS_TYPE_COUNT
} ws_type;

/* Every function that can fail returns one of these. Errors are negative;
 * ws_warp_error() gives the message of the last failure on a warp. */
typedef enum ws_status {
    WS_OK = 0,
    WS_PENDING = 1,        /* a collective is waiting for lanes on another path (not an error) */
    WS_ERR_ARG = -1,       /* a bad argument: unknown register, lane out of range, bad enum */
    WS_ERR_NOMEM = -2,     /* an allocation failed */
    WS_ERR_UNDEFINED = -3, /* undefined behaviour under the WS_DIAG_POLICY_ERROR policy */
    WS_ERR_DEADLOCK = -4,  /* every live lane waits in a collective that cannot complete */
    WS_ERR_BLOCKED = -5,   /* the statement needs lanes that are still waiting in a collective */
    WS_ERR_UNSUPPORTED = -6, /* the operation does not exist on this profile */
    WS_ERR_STATE = -7,     /* control flow misuse: else/end without a matching if/loop */
    WS_ERR_TRAP = -8       /* a CUDA front-end kernel trapped (bad access, division by zero,
                              stack overflow) */
} ws_status;

/* "WS_OK", "WS_ERR_ARG", ... for messages. */
WS_API const char *ws_status_name(ws_status status);

/* "u32", "i32", "f32", "u64", "i64", "f64"; NULL for a bad value. */
WS_API const char *ws_type_name(ws_type type);

/* True for WS_U64, WS_I64, WS_F64. */
WS_API bool ws_type_is_64bit(ws_type type);

#ifdef __cplusplus
}
#endif
#endif
