/* How the traces and `warpsim op` write what a lane reads from a lane that
 * does not take part in a shuffle: the profile's word, asked of the model
 * (ws_profile_inactive_read), never written down here. */
#include <inttypes.h>
#include <stdio.h>

#include "writers.h"

const char *wk_inactive_read_text(ws_profile_id profile, char buf[WK_INACTIVE_READ_TEXT])
{
    /* a word of bits, in hex; 0 stays "0" (the # flag adds no 0x to it) */
    snprintf(buf, WK_INACTIVE_READ_TEXT, "%#" PRIx32, ws_profile_inactive_read(profile));
    return buf;
}
