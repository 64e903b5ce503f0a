# Splits Markdown files into their fenced code blocks, for doc_blocks_test.sh
# and the tests that run one marked block (install_consumer, docs_quickstart).
# For block N it writes OUT/N.body (the lines, with the fence's indentation
# removed) and OUT/N.info:
#   file PATH / line L (the opening fence) / lang INFO-STRING /
#   marker TEXT (one per <!-- doc-test: TEXT --> line before the fence)
# Markers are the doc-test comments that stand, alone on their lines, right
# before the fence (blank lines between them are allowed).
# Usage: awk -v out=DIR -f extract_blocks.awk FILE...
FNR == 1 {
    if (in_block) { print prev ": a code block is not closed" > "/dev/stderr"; err = 1 }
    in_block = 0; nmark = 0; prev = FILENAME
}
!in_block && match($0, /^[ \t]*```+/) {
    n++
    indent = $0; sub(/[^ \t].*$/, "", indent)
    fence = substr($0, RSTART + length(indent), RLENGTH - length(indent))
    lang = substr($0, RSTART + RLENGTH); gsub(/^[ \t]+|[ \t]+$/, "", lang)
    info = out "/" n ".info"; body = out "/" n ".body"
    printf "" > body
    print "file " FILENAME > info
    print "line " FNR > info
    print "lang " lang > info
    for (i = 1; i <= nmark; i++) print "marker " marks[i] > info
    close(info)
    in_block = 1; nmark = 0
    next
}
in_block {
    line = $0
    if (line ~ "^[ \t]*" fence "`*[ \t]*$") { in_block = 0; close(body); next }
    if (substr(line, 1, length(indent)) == indent) line = substr(line, length(indent) + 1)
    print line > body
    next
}
/^[ \t]*<!--[ \t]*doc-test:.*-->[ \t]*$/ {
    m = $0
    sub(/^[ \t]*<!--[ \t]*doc-test:[ \t]*/, "", m); sub(/[ \t]*-->[ \t]*$/, "", m)
    marks[++nmark] = m
    next
}
/^[ \t]*$/ { next }
{ nmark = 0 }
END {
    if (in_block) { print FILENAME ": a code block is not closed" > "/dev/stderr"; err = 1 }
    exit err
}
