#!/bin/bash
# Runs viewer_test.py with a Python that has Selenium, Chromium and its driver
# (Debian: apt-get install chromium chromium-driver python3-selenium).
# Exit 77 (ctest: skipped) when one of them is not installed; never a pass.
# Usage: run_viewer_test.sh WARPSIM ARTIFACTS_DIR
set -u
here=$(cd "$(dirname "$0")" && pwd)
python=
# Debian's python3-selenium is for /usr/bin/python3; another python3 first
# on PATH (pyenv, a venv) may not have it.
for p in /usr/bin/python3 "$(command -v python3 || true)"; do
    if [ -n "$p" ] && [ -x "$p" ] && "$p" -c 'import selenium' 2>/dev/null; then
        python=$p
        break
    fi
done
if [ -z "$python" ]; then
    echo "SKIPPED: no python3 with Selenium (apt-get install python3-selenium)"
    exit 77
fi
chromium=
for c in chromium chromium-browser google-chrome; do
    if command -v "$c" >/dev/null; then chromium=$(command -v "$c"); break; fi
done
driver=$(command -v chromedriver || true)
if [ -z "$chromium" ] || [ -z "$driver" ]; then
    echo "SKIPPED: no Chromium or chromedriver (apt-get install chromium chromium-driver)"
    exit 77
fi
exec "$python" "$here/viewer_test.py" "$1" "$2" "$chromium" "$driver"
