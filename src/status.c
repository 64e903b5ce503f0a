/* Names of statuses, types and the library version. */
#include "warpsim/warpsim.h"

const char *ws_version(void) { return WARPSIM_VERSION_STRING; }

const char *ws_status_name(ws_status status)
{
    switch (status) {
    case WS_OK: return "WS_OK";
    case WS_PENDING: return "WS_PENDING";
    case WS_ERR_ARG: return "WS_ERR_ARG";
    case WS_ERR_NOMEM: return "WS_ERR_NOMEM";
    case WS_ERR_UNDEFINED: return "WS_ERR_UNDEFINED";
    case WS_ERR_DEADLOCK: return "WS_ERR_DEADLOCK";
    case WS_ERR_BLOCKED: return "WS_ERR_BLOCKED";
    case WS_ERR_UNSUPPORTED: return "WS_ERR_UNSUPPORTED";
    case WS_ERR_STATE: return "WS_ERR_STATE";
    case WS_ERR_TRAP: return "WS_ERR_TRAP";
    }
    return "WS_ERR_UNKNOWN";
}

static const char *const type_names[WS_TYPE_COUNT] = {"u32", "i32", "f32", "u64", "i64", "f64"};

const char *ws_type_name(ws_type type)
{
    return (unsigned)type < WS_TYPE_COUNT ? type_names[type] : NULL;
}

bool ws_type_is_64bit(ws_type type) { return type == WS_U64 || type == WS_I64 || type == WS_F64; }
