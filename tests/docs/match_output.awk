# Compares a command's output with the output a document shows for it.
# Usage: awk -v excerpt=0|1 -f match_output.awk EXPECTED ACTUAL
# Trailing blanks are ignored on both sides. A shown line that is just "..."
# (any indentation) stands for any number of lines. Otherwise the shown lines
# must appear as they are, in order; they must begin at the first line and end
# at the last unless excerpt=1 (the command was marked "(excerpt)").
# On a mismatch it prints what was expected where, and the real output.
{ f = (FILENAME == ARGV[1]) ? 1 : 2 }
{ sub(/[ \t\r]+$/, "") }
f == 1 { exp_[++ne] = $0; next }
f == 2 { act[++na] = $0; next }
function seg_at(s, p,    i) {   # does segment s match the actual lines from p on?
    if (p < 1 || p + seglen[s] - 1 > na) return 0
    for (i = 0; i < seglen[s]; i++)
        if (act[p + i] != exp_[segstart[s] + i]) return 0
    return 1
}
function fail(msg,    i) {
    print "    " msg
    print "    --- the output was:"
    for (i = 1; i <= na && i <= 60; i++) print "    | " act[i]
    if (na > 60) print "    | ... (" na - 60 " more lines)"
    exit 1
}
END {
    ns = 0; open_start = excerpt; open_end = excerpt
    for (i = 1; i <= ne; i++) {
        if (exp_[i] ~ /^[ \t]*\.\.\.$/) {
            if (i == 1) open_start = 1
            if (i == ne) open_end = 1
            cur = 0
            continue
        }
        if (!cur) { ns++; segstart[ns] = i; seglen[ns] = 0; cur = 1 }
        seglen[ns]++
    }
    if (ns == 0) {
        if (!open_start && !open_end && na > 0) fail("expected no output")
        exit 0
    }
    pos = 1
    for (s = 1; s <= ns; s++) {
        if (s == 1 && !open_start) {
            if (!seg_at(1, 1)) fail("expected at line 1: \"" exp_[segstart[1]] "\" ...")
            pos = 1 + seglen[1]
            if (ns == 1 && !open_end && pos != na + 1)
                fail("expected the output to end after \"" exp_[segstart[1] + seglen[1] - 1] "\"")
            continue
        }
        if (s == ns && !open_end) {
            p = na - seglen[s] + 1
            if (p < pos || !seg_at(s, p))
                fail("expected the output to end with: \"" exp_[segstart[s]] "\" ...")
            continue
        }
        for (p = pos; p + seglen[s] - 1 <= na; p++)
            if (seg_at(s, p)) break
        if (p + seglen[s] - 1 > na) fail("expected, in order: \"" exp_[segstart[s]] "\" ... (" seglen[s] " lines)")
        pos = p + seglen[s]
    }
}
