#!/bin/bash
# warpsim run --trace html from the command line, without a browser:
# the page is written (to a file and to standard output), is one file with
# nothing loaded from outside, and a run too large for a page fails with
# exit 1, a message, and no file. Usage: html_cli_test.sh WARPSIM
set -u
warpsim=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

"$warpsim" run reduce-down --trace html --output "$tmp/rd.html" || fail "reduce-down --trace html: exit $?"
head -c 15 "$tmp/rd.html" | grep -q '^<!DOCTYPE html>' || fail "the page does not start with <!DOCTYPE html>"
grep -qiE 'https?:|src=|url\(|@import' "$tmp/rd.html" && fail "the page refers to something outside it"
"$warpsim" run reduce-down --trace html > "$tmp/stdout.html" || fail "--trace html to standard output: exit $?"
cmp -s "$tmp/rd.html" "$tmp/stdout.html" || fail "the page differs between --output and standard output"
size=$(stat -c %s "$tmp/rd.html")
[ "$size" -lt 100000 ] || fail "reduce-down's page is $size bytes"

# --json beside the page: the JSON on standard output.
"$warpsim" run reduce-down --trace html --output "$tmp/j.html" --json > "$tmp/j.json" || fail "--json with --trace html"
grep -q '"schema": "warpsim-run/1"' "$tmp/j.json" || fail "--json with --trace html printed no JSON"

# Too large for a page: exit 1, the reason, no file.
"$warpsim" run device-reduce --type f32 --gen rand:2 --n 40000 --trace html --output "$tmp/big.html" 2> "$tmp/err"
rc=$?
[ $rc -eq 1 ] || fail "a run too large for a page: exit $rc, expected 1"
grep -q -- '--trace html: the page would be larger than 2 MB' "$tmp/err" || fail "the message: $(cat "$tmp/err")"
[ ! -e "$tmp/big.html" ] || fail "a run too large for a page left a file"
ls -A "$tmp" | grep -q '^\.warpsim-' && fail "a temporary file was left"

# An unknown format names html among the formats.
"$warpsim" run reduce-down --trace htm 2> "$tmp/err"
rc=$?
[ $rc -eq 2 ] || fail "--trace htm: exit $rc"
grep -q "(text, csv, json, svg, html)" "$tmp/err" || fail "--trace htm: $(cat "$tmp/err")"

[ $fails -eq 0 ] && echo "html_cli: every check passed"
exit $((fails > 0))
